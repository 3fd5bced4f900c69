/* SPDX-License-Identifier: MIT */
/*
 * aes-vperm.h - the context and entry points of the vector-permute AES
 * drivers: "aes-vperm" (SSSE3, aes-vperm.c) and its wider forms
 * "aes-vperm-avx2" (aes-vperm-avx2.c) and "aes-vperm-avx512"
 * (aes-vperm-avx512.c), all built on aes-vperm-core.h (the rounds) and
 * aes-vperm-modes.h (these functions, once for every width). The
 * descriptors are in aes-vperm-glue.c, aes-vperm-avx2-glue.c and
 * aes-vperm-avx512-glue.c; the functions declared here are built with
 * their ISA's flags and may run only after the descriptor's CPU features
 * were checked. Everything is constant-time, the key schedule included.
 * The mode functions follow the hooks of src/modes/<mode>.h (struct
 * cryptarch_<mode>_hooks).
 */
#ifndef CRYPTARCH_AES_VPERM_H
#define CRYPTARCH_AES_VPERM_H

#include <stddef.h>
#include <stdint.h>

#include "cryptarch.h"

#define AES_VPERM_MAX_ROUNDS 14

/*
 * Round keys in the form the rounds add them (aes-vperm-core.h explains
 * the bases and byte orders): ek[0..rounds] for encryption and
 * dk[0..rounds] for decryption, each a 16-byte vector.
 */
struct cryptarch_aes_vperm_ctx {
	_Alignas(16) uint8_t ek[AES_VPERM_MAX_ROUNDS + 1][16];
	_Alignas(16) uint8_t dk[AES_VPERM_MAX_ROUNDS + 1][16];
	unsigned int rounds; /* 10, 12 or 14 */
};

/*
 * Expand KEY of KEYLEN bytes (16, 24 or 32: the caller has checked) into
 * CTX, overwriting all of it; no key material is left on the stack.
 */
void cryptarch_aes_vperm_expand(struct cryptarch_aes_vperm_ctx *ctx,
				const uint8_t *key, size_t keylen);
void cryptarch_aes_vperm_encrypt(const void *ctx, uint8_t *dst,
				 const uint8_t *src);
void cryptarch_aes_vperm_decrypt(const void *ctx, uint8_t *dst,
				 const uint8_t *src);
void cryptarch_aes_vperm_ecb_encrypt(const void *ctx, uint8_t *dst,
				     const uint8_t *src, size_t nblocks);
void cryptarch_aes_vperm_ecb_decrypt(const void *ctx, uint8_t *dst,
				     const uint8_t *src, size_t nblocks);
void cryptarch_aes_vperm_cbc_encrypt(const void *ctx, uint8_t *dst,
				     const uint8_t *src, size_t nblocks,
				     uint8_t iv[16]);
void cryptarch_aes_vperm_cbc_encrypt_many(
	const void *ctx, const struct cryptarch_request *req, size_t n);
void cryptarch_aes_vperm_cbc_decrypt(const void *ctx, uint8_t *dst,
				     const uint8_t *src, size_t nblocks,
				     uint8_t iv[16]);
void cryptarch_aes_vperm_ctr_crypt(const void *ctx, uint8_t *dst,
				   const uint8_t *src, size_t nblocks,
				   uint8_t ctr[16]);
void cryptarch_aes_vperm_xctr_crypt(const void *ctx, uint8_t *dst,
				    const uint8_t *src, size_t nblocks,
				    const uint8_t iv[16], uint64_t ctr);
void cryptarch_aes_vperm_cbcmac(const void *ctx, uint8_t x[16],
				const uint8_t *src, size_t nblocks);
void cryptarch_aes_vperm_xts_encrypt(const void *ctx, uint8_t *dst,
				     const uint8_t *src, size_t nblocks,
				     uint8_t tweak[16]);
void cryptarch_aes_vperm_xts_decrypt(const void *ctx, uint8_t *dst,
				     const uint8_t *src, size_t nblocks,
				     uint8_t tweak[16]);

/* aes-vperm-avx2.c: the same functions with VEX-encoded SSE (key
 * expansion, single blocks, CBC encryption) and two blocks per ymm
 * register (the parallel modes). */
void cryptarch_aes_vperm_avx2_expand(struct cryptarch_aes_vperm_ctx *ctx,
				     const uint8_t *key, size_t keylen);
void cryptarch_aes_vperm_avx2_encrypt(const void *ctx, uint8_t *dst,
				      const uint8_t *src);
void cryptarch_aes_vperm_avx2_decrypt(const void *ctx, uint8_t *dst,
				      const uint8_t *src);
void cryptarch_aes_vperm_avx2_ecb_encrypt(const void *ctx, uint8_t *dst,
					  const uint8_t *src, size_t nblocks);
void cryptarch_aes_vperm_avx2_ecb_decrypt(const void *ctx, uint8_t *dst,
					  const uint8_t *src, size_t nblocks);
void cryptarch_aes_vperm_avx2_cbc_encrypt(const void *ctx, uint8_t *dst,
					  const uint8_t *src, size_t nblocks,
					  uint8_t iv[16]);
void cryptarch_aes_vperm_avx2_cbc_encrypt_many(
	const void *ctx, const struct cryptarch_request *req, size_t n);
void cryptarch_aes_vperm_avx2_cbc_decrypt(const void *ctx, uint8_t *dst,
					  const uint8_t *src, size_t nblocks,
					  uint8_t iv[16]);
void cryptarch_aes_vperm_avx2_ctr_crypt(const void *ctx, uint8_t *dst,
					const uint8_t *src, size_t nblocks,
					uint8_t ctr[16]);
void cryptarch_aes_vperm_avx2_xctr_crypt(const void *ctx, uint8_t *dst,
					 const uint8_t *src, size_t nblocks,
					 const uint8_t iv[16], uint64_t ctr);
void cryptarch_aes_vperm_avx2_cbcmac(const void *ctx, uint8_t x[16],
				     const uint8_t *src, size_t nblocks);
void cryptarch_aes_vperm_avx2_xts_encrypt(const void *ctx, uint8_t *dst,
					  const uint8_t *src, size_t nblocks,
					  uint8_t tweak[16]);
void cryptarch_aes_vperm_avx2_xts_decrypt(const void *ctx, uint8_t *dst,
					  const uint8_t *src, size_t nblocks,
					  uint8_t tweak[16]);

/* aes-vperm-avx512.c: the key schedule, single blocks and CBC encryption
 * with VPTERNLOG on xmm registers, four blocks per zmm register in the
 * parallel modes. */
void cryptarch_aes_vperm_avx512_expand(struct cryptarch_aes_vperm_ctx *ctx,
				       const uint8_t *key, size_t keylen);
void cryptarch_aes_vperm_avx512_encrypt(const void *ctx, uint8_t *dst,
					const uint8_t *src);
void cryptarch_aes_vperm_avx512_decrypt(const void *ctx, uint8_t *dst,
					const uint8_t *src);
void cryptarch_aes_vperm_avx512_cbc_encrypt(const void *ctx, uint8_t *dst,
					    const uint8_t *src, size_t nblocks,
					    uint8_t iv[16]);
void cryptarch_aes_vperm_avx512_ecb_encrypt(const void *ctx, uint8_t *dst,
					    const uint8_t *src, size_t nblocks);
void cryptarch_aes_vperm_avx512_ecb_decrypt(const void *ctx, uint8_t *dst,
					    const uint8_t *src, size_t nblocks);
void cryptarch_aes_vperm_avx512_cbc_encrypt_many(
	const void *ctx, const struct cryptarch_request *req, size_t n);
void cryptarch_aes_vperm_avx512_cbc_decrypt(const void *ctx, uint8_t *dst,
					    const uint8_t *src, size_t nblocks,
					    uint8_t iv[16]);
void cryptarch_aes_vperm_avx512_ctr_crypt(const void *ctx, uint8_t *dst,
					  const uint8_t *src, size_t nblocks,
					  uint8_t ctr[16]);
void cryptarch_aes_vperm_avx512_xctr_crypt(const void *ctx, uint8_t *dst,
					   const uint8_t *src, size_t nblocks,
					   const uint8_t iv[16], uint64_t ctr);
void cryptarch_aes_vperm_avx512_cbcmac(const void *ctx, uint8_t x[16],
				       const uint8_t *src, size_t nblocks);
void cryptarch_aes_vperm_avx512_xts_encrypt(const void *ctx, uint8_t *dst,
					    const uint8_t *src, size_t nblocks,
					    uint8_t tweak[16]);
void cryptarch_aes_vperm_avx512_xts_decrypt(const void *ctx, uint8_t *dst,
					    const uint8_t *src, size_t nblocks,
					    uint8_t tweak[16]);

#endif /* CRYPTARCH_AES_VPERM_H */
