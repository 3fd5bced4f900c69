/* SPDX-License-Identifier: MIT */
/*
 * handle.h - internals of the skcipher, cipher, shash and aead handles that tests and
 * the `cryptarch` command may look at.
 */
#ifndef CRYPTARCH_HANDLE_H
#define CRYPTARCH_HANDLE_H

#include <stddef.h>

#include "../core/alloc.h"
#include "cryptarch.h"

/* The key context(s) of a handle (xts: both keys, back to back; a handle
 * whose directions or size classes use different drivers: each one's,
 * back to back, in one allocation) and their size in bytes; for tests
 * that check wiping. */
const void *cryptarch_skcipher_ctx(const cryptarch_skcipher *tfm, size_t *size);
const void *cryptarch_cipher_ctx(const cryptarch_cipher *tfm, size_t *size);
const void *cryptarch_shash_ctx(const cryptarch_shash *tfm, size_t *size);
const void *cryptarch_aead_ctx(const cryptarch_aead *tfm, size_t *size);

/* The instance name ("cbc(aes-generic)", "cbc-aes-ct64") a handle uses for
 * requests in direction DECRYPT of size class CLS (0: small; 1: large,
 * more than CRYPTARCH_PROFILE_SMALL_MAX bytes; 2: many-request calls) at
 * the key size set (before setkey: the smallest), into BUF; returns BUF. */
const char *cryptarch_skcipher_slot(const cryptarch_skcipher *tfm, int decrypt,
				    int cls, char *buf, size_t size);
/* The same for a shash handle (CLS 2: cryptarch_shash_digest_many()'s
 * instance; otherwise the one of cryptarch_shash_driver()). */
const char *cryptarch_shash_slot(const cryptarch_shash *tfm, int cls,
				 char *buf, size_t size);
/* The number of distinct key contexts (xts: pairs) the handle keys for
 * the key size set: 1, or more for a split handle. */
size_t cryptarch_skcipher_nimpl(const cryptarch_skcipher *tfm);
/* The same for an aead handle (requests of LARGE: more than
 * CRYPTARCH_PROFILE_SMALL_MAX bytes of plaintext). */
const char *cryptarch_aead_slot(const cryptarch_aead *tfm, int decrypt,
				int large, char *buf, size_t size);

#endif /* CRYPTARCH_HANDLE_H */
