/* SPDX-License-Identifier: MIT */
/*
 * memzero.h - wiping key material so that the compiler cannot drop the
 * stores (see memzero.c).
 */
#ifndef CRYPTARCH_MEMZERO_H
#define CRYPTARCH_MEMZERO_H

#include <stddef.h>

/* Set N bytes at P to zero; never optimised away. P may be NULL if N is 0. */
void cryptarch_memzero(void *p, size_t n);

#endif /* CRYPTARCH_MEMZERO_H */
