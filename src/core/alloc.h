/* SPDX-License-Identifier: MIT */
/*
 * alloc.h - key contexts: aligned to CRYPTARCH_CTX_ALIGN, zeroed when
 * allocated and wiped when freed.
 */
#ifndef CRYPTARCH_ALLOC_H
#define CRYPTARCH_ALLOC_H

#include <stddef.h>

/* SIZE rounded up to the context alignment. */
size_t cryptarch_ctx_round(size_t size);
/* Zeroed memory of SIZE bytes aligned to CRYPTARCH_CTX_ALIGN, or NULL. */
void *cryptarch_ctx_alloc(size_t size);
/* Wipe SIZE bytes at P and free them; P may be NULL. */
void cryptarch_ctx_free(void *p, size_t size);

#endif /* CRYPTARCH_ALLOC_H */
