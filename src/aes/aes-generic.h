/* SPDX-License-Identifier: MIT */
/*
 * aes-generic.h - the AES key schedule and context of aes-generic, shared
 * with the other implementations that use the same round keys (the
 * table-based ones, and any that only need the FIPS-197 expanded key).
 * Round-key words are column words in the byte order of aes-tables.h: the
 * four key bytes k[4i..4i+3] form word i as load32_le(k + 4 * i) would,
 * on every host. Key expansion is table-based (S-box lookups indexed by key
 * bytes) and so not constant-time.
 */
#ifndef CRYPTARCH_AES_GENERIC_H
#define CRYPTARCH_AES_GENERIC_H

#include <stddef.h>
#include <stdint.h>

#include "../core/desc.h"

#define CRYPTARCH_AES_MAX_ROUNDS 14
#define CRYPTARCH_AES_RK_WORDS (4 * (CRYPTARCH_AES_MAX_ROUNDS + 1))

/*
 * An expanded AES key. ek holds the FIPS-197 key schedule w[0..4*rounds+3]
 * (round 0 first). dk holds the decryption round keys of the equivalent
 * inverse cipher (FIPS-197 section 5.3.5) in the order decryption uses
 * them: dk[0..3] = w[4*rounds..], then each middle round key reversed in
 * round order with InvMixColumns applied, and last w[0..3]. ek is first so
 * that it starts a cache line in a context allocated with
 * CRYPTARCH_CTX_ALIGN; the struct needs no more than uint32_t alignment.
 */
struct cryptarch_aes_generic_ctx {
	uint32_t ek[CRYPTARCH_AES_RK_WORDS];
	uint32_t dk[CRYPTARCH_AES_RK_WORDS];
	unsigned int rounds; /* 10, 12 or 14 */
};

/*
 * Expand the KEYLEN-byte KEY (16, 24 or 32) into CTX, overwriting all of
 * its round keys. Returns 0, or -EINVAL for any other length, in which case
 * CTX is left unchanged.
 */
int cryptarch_aes_generic_expandkey(struct cryptarch_aes_generic_ctx *ctx,
				    const uint8_t *key, size_t keylen) WUR;

/*
 * Encrypt or decrypt one 16-byte block with a context expanded by
 * cryptarch_aes_generic_expandkey() (CTX is a struct
 * cryptarch_aes_generic_ctx). DST may equal SRC; neither needs alignment.
 */
void cryptarch_aes_generic_encrypt(const void *ctx, uint8_t *dst,
				   const uint8_t *src);
void cryptarch_aes_generic_decrypt(const void *ctx, uint8_t *dst,
				   const uint8_t *src);

#endif /* CRYPTARCH_AES_GENERIC_H */
