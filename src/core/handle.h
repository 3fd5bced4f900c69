/* SPDX-License-Identifier: MIT */
/*
 * handle.h - internals of the skcipher and cipher handles that tests and
 * the `cryptarch` command may look at, and the aligned context allocator.
 */
#ifndef CRYPTARCH_HANDLE_H
#define CRYPTARCH_HANDLE_H

#include <stddef.h>

#include "cryptarch.h"

/* The key context(s) of a handle (xts: both keys, back to back) and their
 * size in bytes; for tests that check wiping. */
const void *cryptarch_skcipher_ctx(const cryptarch_skcipher *tfm,
				   size_t *size);
const void *cryptarch_cipher_ctx(const cryptarch_cipher *tfm, size_t *size);

/* SIZE rounded up to the context alignment. */
size_t cryptarch_ctx_round(size_t size);
/* Zeroed memory of SIZE bytes aligned to CRYPTARCH_CTX_ALIGN, or NULL. */
void *cryptarch_ctx_alloc(size_t size);
/* Wipe SIZE bytes at P and free them; P may be NULL. */
void cryptarch_ctx_free(void *p, size_t size);

#endif /* CRYPTARCH_HANDLE_H */
