/* SPDX-License-Identifier: MIT */
/*
 * aes-neon.h - the interface of driver "aes-neon" (constant-time AES on
 * Advanced SIMD without the Crypto Extensions, aes-neon.c) that other
 * arm64 drivers borrow: aes-neonbs embeds this context and uses its
 * serial CBC encryption, so that CBC encryption stays constant-time.
 * Everything here is constant-time, the key schedule included.
 */
#ifndef CRYPTARCH_AES_NEON_H
#define CRYPTARCH_AES_NEON_H

#include <stddef.h>
#include <stdint.h>

#include "../../src/core/desc.h"

/*
 * The round keys in FIPS-197 byte order: ek[i] is round key i as 16 bytes
 * (w[4i..4i+3] serialised big-endian per word); dk holds the decryption
 * round keys in the order and form aes-neon's inverse cipher uses them:
 * those of the equivalent inverse cipher (FIPS-197 section 5.3.5), also
 * in FIPS-197 byte order, dk[0] = ek[rounds], dk[i] =
 * InvMixColumns(ek[rounds - i]) for 0 < i < rounds, dk[rounds] = ek[0].
 * Entries past [rounds] are zero.
 */
struct cryptarch_aes_neon_ctx {
	uint8_t ek[15][16];
	uint8_t dk[15][16];
	unsigned int rounds; /* 10, 12 or 14 */
};

/* Expand KEY (16, 24 or 32 bytes) into CTX; 0 or -EINVAL. */
int cryptarch_aes_neon_setkey(void *ctx, const uint8_t *key, size_t keylen);
void cryptarch_aes_neon_encrypt(const void *ctx, uint8_t *dst,
				const uint8_t *src);
void cryptarch_aes_neon_decrypt(const void *ctx, uint8_t *dst,
				const uint8_t *src);
/* The CBC encryption hook (struct cryptarch_cbc_hooks in src/modes/cbc.h)
 * over this context. */
void cryptarch_aes_neon_cbc_encrypt(const void *ctx, uint8_t *dst,
				    const uint8_t *src, size_t nblocks,
				    uint8_t iv[16]);

/* The CBC-MAC chain of cmac, xcbc and cbcmac (struct
 * cryptarch_cbcmac_hooks in src/modes/cbcmac.h) over this context. */
void cryptarch_aes_neon_cbcmac(const void *ctx, uint8_t x[16],
			       const uint8_t *src, size_t nblocks);

#endif /* CRYPTARCH_AES_NEON_H */
