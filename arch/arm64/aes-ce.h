/* SPDX-License-Identifier: MIT */
/*
 * aes-ce.h - what the glue of driver "aes-ce" (aes-ce-glue.c, plain C)
 * needs from its ARMv8 Crypto Extensions code (aes-ce.c, built with
 * -march=armv8-a+crypto): the context and the functions the descriptor
 * points at. Every function here executes AES instructions, so only the
 * registry may call them, after it has checked CRYPTARCH_CPU_ARM_AES.
 */
#ifndef CRYPTARCH_AES_CE_H
#define CRYPTARCH_AES_CE_H

#include <stddef.h>
#include <stdint.h>

/*
 * ek[i] is round key i in FIPS-197 byte order (AESE's operand); dk holds
 * the keys of the equivalent inverse cipher (FIPS-197 section 5.3.5) in
 * the order AESD uses them: dk[0] = ek[rounds], dk[i] =
 * InvMixColumns(ek[rounds - i]), dk[rounds] = ek[0].
 */
struct cryptarch_aes_ce_ctx {
	uint8_t ek[15][16];
	uint8_t dk[15][16];
	unsigned int rounds; /* 10, 12 or 14 */
};

/* .setkey, .encrypt and .decrypt of struct cryptarch_cipher_ops (desc.h). */
int cryptarch_aes_ce_setkey(void *ctx, const uint8_t *key, size_t keylen);
void cryptarch_aes_ce_encrypt(const void *ctx, uint8_t *dst,
			      const uint8_t *src);
void cryptarch_aes_ce_decrypt(const void *ctx, uint8_t *dst,
			      const uint8_t *src);

/* The hooks (struct cryptarch_<mode>_hooks in src/modes/<mode>.h), same
 * semantics. */
void cryptarch_aes_ce_ecb_encrypt(const void *ctx, uint8_t *dst,
				  const uint8_t *src, size_t nblocks);
void cryptarch_aes_ce_ecb_decrypt(const void *ctx, uint8_t *dst,
				  const uint8_t *src, size_t nblocks);
void cryptarch_aes_ce_cbc_encrypt(const void *ctx, uint8_t *dst,
				  const uint8_t *src, size_t nblocks,
				  uint8_t iv[16]);
void cryptarch_aes_ce_cbc_decrypt(const void *ctx, uint8_t *dst,
				  const uint8_t *src, size_t nblocks,
				  uint8_t iv[16]);
void cryptarch_aes_ce_ctr_crypt(const void *ctx, uint8_t *dst,
				const uint8_t *src, size_t nblocks,
				uint8_t ctr[16]);
void cryptarch_aes_ce_xctr_crypt(const void *ctx, uint8_t *dst,
				 const uint8_t *src, size_t nblocks,
				 const uint8_t iv[16], uint64_t ctr);
void cryptarch_aes_ce_xts_encrypt(const void *ctx, uint8_t *dst,
				  const uint8_t *src, size_t nblocks,
				  uint8_t tweak[16]);
void cryptarch_aes_ce_xts_decrypt(const void *ctx, uint8_t *dst,
				  const uint8_t *src, size_t nblocks,
				  uint8_t tweak[16]);

/* The CBC-MAC chain of cmac, xcbc and cbcmac (struct
 * cryptarch_cbcmac_hooks in src/modes/cbcmac.h). */
void cryptarch_aes_ce_cbcmac(const void *ctx, uint8_t x[16], const uint8_t *src,
			     size_t nblocks);

/* The CCM hook (struct cryptarch_ccm_hooks in src/modes/ccm.h): the
 * CBC-MAC chain and the counter keystream of the payload's whole blocks
 * interleaved (aes-ce-ccm.h). */
void cryptarch_aes_ce_ccm_encrypt(const void *ctx, uint8_t *dst,
				  const uint8_t *src, size_t nblocks,
				  uint8_t ctr[16], uint8_t x[16]);
void cryptarch_aes_ce_ccm_decrypt(const void *ctx, uint8_t *dst,
				  const uint8_t *src, size_t nblocks,
				  uint8_t ctr[16], uint8_t x[16]);

/* The GCM hook (struct cryptarch_gcm_hooks in src/modes/gcm.h) over
 * ghash-ce's context (ghash-ce.h): one whole request after J0, AES and
 * GHASH stitched (aes-ce-gcm.h). */
struct cryptarch_aead_req;
void cryptarch_aes_ce_gcm_encrypt(const void *cipher, const void *ghash,
				  const struct cryptarch_aead_req *r,
				  const uint8_t j0[16], uint8_t tag[16]);
void cryptarch_aes_ce_gcm_decrypt(const void *cipher, const void *ghash,
				  const struct cryptarch_aead_req *r,
				  const uint8_t j0[16], uint8_t tag[16]);

#endif /* CRYPTARCH_AES_CE_H */
