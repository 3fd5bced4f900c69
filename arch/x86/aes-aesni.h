/* SPDX-License-Identifier: MIT */
/*
 * aes-aesni.h - the context and entry points of the x86 hardware-AES
 * drivers: "aes-aesni" (AES-NI on xmm registers, aes-aesni.c) and the VAES
 * drivers "aes-vaes-avx2" (ymm, aes-vaes-avx2.c) and "aes-vaes-avx512"
 * (zmm, aes-vaes-avx512.c), which share the context and borrow aes-aesni's
 * key schedule, single-block functions and CBC encryption. Every function
 * here is constant-time, the key schedule included (hardware AES rounds,
 * no table, no secret-dependent branch). Each may only be called once the
 * CPU features its driver's descriptor names have been checked: the
 * definitions are built with the instruction sets of their files.
 */
#ifndef CRYPTARCH_AES_AESNI_H
#define CRYPTARCH_AES_AESNI_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "../../src/core/desc.h"

#define CRYPTARCH_AES_AESNI_MAX_ROUNDS 14

/*
 * An expanded key. ek[i] is round key i (FIPS-197 order, 16 bytes as the
 * AESENC instructions take them: the key schedule's words w[4i..4i+3] in
 * memory order). dk holds the round keys of the equivalent inverse cipher
 * (FIPS-197 5.3.5) in the order AESDEC uses them: dk[0] = ek[rounds],
 * dk[i] = InvMixColumns(ek[rounds - i]) (AESIMC) for 0 < i < rounds and
 * dk[rounds] = ek[0]. Both arrays are 16-byte aligned in a context
 * allocated with CRYPTARCH_CTX_ALIGN.
 */
struct cryptarch_aes_aesni_ctx {
	_Alignas(16) uint8_t ek[CRYPTARCH_AES_AESNI_MAX_ROUNDS + 1][16];
	_Alignas(16) uint8_t dk[CRYPTARCH_AES_AESNI_MAX_ROUNDS + 1][16];
	unsigned int rounds; /* 10, 12 or 14 */
};

/*
 * The CTR counter block in and out of general registers: HI = bytes 0..7,
 * LO = bytes 8..15, each big-endian (x86 is little-endian: one load or
 * store and a BSWAP each). The CTR hooks read and write the
 * counter this way rather than as one 16-byte vector: the chain from one
 * call's counter to the next is then a few integer instructions, and a
 * counter written by the template in two 8-byte stores is not read by a
 * wider load, which would wait for both stores to complete.
 */
static inline void cryptarch_aes_aesni_ctr_get(const uint8_t ctr[16],
					       uint64_t *hi, uint64_t *lo)
{
	memcpy(hi, ctr, 8);
	memcpy(lo, ctr + 8, 8);
	*hi = __builtin_bswap64(*hi);
	*lo = __builtin_bswap64(*lo);
}

static inline void cryptarch_aes_aesni_ctr_put(uint8_t ctr[16], uint64_t hi,
					       uint64_t lo)
{
	hi = __builtin_bswap64(hi);
	lo = __builtin_bswap64(lo);
	memcpy(ctr, &hi, 8);
	memcpy(ctr + 8, &lo, 8);
}

/* ---- aes-aesni.c (needs AES-NI, SSE2, SSSE3, SSE4.1) ------------------- */

/*
 * Expand the KEYLEN-byte KEY (16, 24 or 32) into CTX. Returns 0, or
 * -EINVAL for any other length, in which case CTX is not written.
 */
int cryptarch_aes_aesni_setkey(void *ctx, const uint8_t *key,
			       size_t keylen) WUR;

/* One block; DST may equal SRC, neither needs alignment. */
void cryptarch_aes_aesni_encrypt(const void *ctx, uint8_t *dst,
				 const uint8_t *src);
void cryptarch_aes_aesni_decrypt(const void *ctx, uint8_t *dst,
				 const uint8_t *src);

/*
 * The hooks (struct cryptarch_<mode>_hooks in src/modes/<mode>.h) over
 * CTX, a struct cryptarch_aes_aesni_ctx: NBLOCKS >= 1 whole blocks, SRC == DST
 * allowed, no alignment. ECB, CBC decryption, CTR and XTS keep 8 blocks in
 * flight; CBC encryption is one block at a time (each block needs the
 * previous one), with the chaining XOR folded into the last round.
 */
void cryptarch_aes_aesni_ecb_encrypt(const void *ctx, uint8_t *dst,
				     const uint8_t *src, size_t nblocks);
void cryptarch_aes_aesni_ecb_decrypt(const void *ctx, uint8_t *dst,
				     const uint8_t *src, size_t nblocks);
void cryptarch_aes_aesni_cbc_encrypt(const void *ctx, uint8_t *dst,
				     const uint8_t *src, size_t nblocks,
				     uint8_t iv[16]);
void cryptarch_aes_aesni_cbc_decrypt(const void *ctx, uint8_t *dst,
				     const uint8_t *src, size_t nblocks,
				     uint8_t iv[16]);
void cryptarch_aes_aesni_ctr_crypt(const void *ctx, uint8_t *dst,
				   const uint8_t *src, size_t nblocks,
				   uint8_t ctr[16]);
void cryptarch_aes_aesni_xts_encrypt(const void *ctx, uint8_t *dst,
				     const uint8_t *src, size_t nblocks,
				     uint8_t tweak[16]);
void cryptarch_aes_aesni_xts_decrypt(const void *ctx, uint8_t *dst,
				     const uint8_t *src, size_t nblocks,
				     uint8_t tweak[16]);
/* XCTR (src/modes/xctr.h), 8 blocks in flight as CTR. */
void cryptarch_aes_aesni_xctr_crypt(const void *ctx, uint8_t *dst,
				    const uint8_t *src, size_t nblocks,
				    const uint8_t iv[16], uint64_t ctr);
/* CCM's payload (src/modes/ccm.h): the CBC-MAC chain and the counter
 * blocks interleaved (aes-aesni-ccm.c). */
void cryptarch_aes_aesni_ccm_encrypt(const void *ctx, uint8_t *dst,
				     const uint8_t *src, size_t nblocks,
				     uint8_t ctr[16], uint8_t x[16]);
void cryptarch_aes_aesni_ccm_decrypt(const void *ctx, uint8_t *dst,
				     const uint8_t *src, size_t nblocks,
				     uint8_t ctr[16], uint8_t x[16]);
/* The CBC-MAC chain of cmac, xcbc and cbcmac (src/modes/cbcmac.h): serial,
 * every round key in a register, as CBC encryption. */
void cryptarch_aes_aesni_cbcmac(const void *ctx, uint8_t x[16],
				const uint8_t *src, size_t nblocks);
/* GCM's whole request after J0 (src/modes/gcm.h) over GHASH, a struct
 * cryptarch_ghash_pclmul_ctx (ghash-pclmul.h): the CTR keystream and the
 * GHASH of the payload stitched, 8 blocks per group (aes-aesni-gcm.c). */
struct cryptarch_aead_req;
void cryptarch_aes_aesni_gcm_encrypt(const void *ctx, const void *ghash,
				     const struct cryptarch_aead_req *r,
				     const uint8_t j0[16], uint8_t tag[16]);
void cryptarch_aes_aesni_gcm_decrypt(const void *ctx, const void *ghash,
				     const struct cryptarch_aead_req *r,
				     const uint8_t j0[16], uint8_t tag[16]);

/*
 * ---- aes-vaes-avx2.c (needs VAES, AVX, AVX2, AES-NI) -------------------
 * The same hooks on 256-bit VAES, two blocks per ymm register;
 * the last blocks of a request go through 128-bit (VEX) code. They end
 * with VZEROUPPER, so that SSE code may follow.
 */
void cryptarch_aes_vaes_avx2_ecb_encrypt(const void *ctx, uint8_t *dst,
					 const uint8_t *src, size_t nblocks);
void cryptarch_aes_vaes_avx2_ecb_decrypt(const void *ctx, uint8_t *dst,
					 const uint8_t *src, size_t nblocks);
void cryptarch_aes_vaes_avx2_cbc_decrypt(const void *ctx, uint8_t *dst,
					 const uint8_t *src, size_t nblocks,
					 uint8_t iv[16]);
void cryptarch_aes_vaes_avx2_ctr_crypt(const void *ctx, uint8_t *dst,
				       const uint8_t *src, size_t nblocks,
				       uint8_t ctr[16]);
void cryptarch_aes_vaes_avx2_xctr_crypt(const void *ctx, uint8_t *dst,
					const uint8_t *src, size_t nblocks,
					const uint8_t iv[16], uint64_t ctr);
void cryptarch_aes_vaes_avx2_xts_encrypt(const void *ctx, uint8_t *dst,
					 const uint8_t *src, size_t nblocks,
					 uint8_t tweak[16]);
void cryptarch_aes_vaes_avx2_xts_decrypt(const void *ctx, uint8_t *dst,
					 const uint8_t *src, size_t nblocks,
					 uint8_t tweak[16]);
/* The same XTS with the tweaks computed with VPCLMULQDQ (which these also
 * need): fewer instructions per block. */
void cryptarch_aes_vaes_avx2_xts_encrypt_vpclmul(const void *ctx, uint8_t *dst,
						 const uint8_t *src,
						 size_t nblocks,
						 uint8_t tweak[16]);
void cryptarch_aes_vaes_avx2_xts_decrypt_vpclmul(const void *ctx, uint8_t *dst,
						 const uint8_t *src,
						 size_t nblocks,
						 uint8_t tweak[16]);
/* GCM's whole request after J0 (src/modes/gcm.h) over GHASH, a struct
 * cryptarch_ghash_pclmul_ctx: the CTR keystream and the GHASH of the
 * payload stitched on ymm registers, 16 blocks per group
 * (aes-vaes-avx2-gcm.c). These need VPCLMULQDQ as well; the driver's glue
 * calls aes-aesni's hook where the CPU lacks it. */
void cryptarch_aes_vaes_avx2_gcm_encrypt_vpclmul(
	const void *ctx, const void *ghash, const struct cryptarch_aead_req *r,
	const uint8_t j0[16], uint8_t tag[16]);
void cryptarch_aes_vaes_avx2_gcm_decrypt_vpclmul(
	const void *ctx, const void *ghash, const struct cryptarch_aead_req *r,
	const uint8_t j0[16], uint8_t tag[16]);

/*
 * ---- aes-vaes-avx512.c (needs VAES, VPCLMULQDQ, AVX, AVX2, AVX512F,
 * AVX512BW, AVX512VL, AES-NI) ---------------------------------------------
 * The same hooks on 512-bit VAES, four blocks per zmm register;
 * the last blocks of a request use masked loads and stores. They end with
 * VZEROUPPER.
 */
void cryptarch_aes_vaes_avx512_ecb_encrypt(const void *ctx, uint8_t *dst,
					   const uint8_t *src, size_t nblocks);
void cryptarch_aes_vaes_avx512_ecb_decrypt(const void *ctx, uint8_t *dst,
					   const uint8_t *src, size_t nblocks);
void cryptarch_aes_vaes_avx512_cbc_decrypt(const void *ctx, uint8_t *dst,
					   const uint8_t *src, size_t nblocks,
					   uint8_t iv[16]);
void cryptarch_aes_vaes_avx512_ctr_crypt(const void *ctx, uint8_t *dst,
					 const uint8_t *src, size_t nblocks,
					 uint8_t ctr[16]);
void cryptarch_aes_vaes_avx512_xctr_crypt(const void *ctx, uint8_t *dst,
					  const uint8_t *src, size_t nblocks,
					  const uint8_t iv[16], uint64_t ctr);
void cryptarch_aes_vaes_avx512_xts_encrypt(const void *ctx, uint8_t *dst,
					   const uint8_t *src, size_t nblocks,
					   uint8_t tweak[16]);
void cryptarch_aes_vaes_avx512_xts_decrypt(const void *ctx, uint8_t *dst,
					   const uint8_t *src, size_t nblocks,
					   uint8_t tweak[16]);
/* GCM's whole request after J0 (src/modes/gcm.h) over GHASH, a struct
 * cryptarch_ghash_vpclmul_avx512_ctx (ghash-pclmul.h): the CTR keystream
 * and the GHASH of the payload stitched, 32 blocks per group, the tag
 * written or checked (gcm.h's SEAL and OPEN; aes-vaes-avx512-gcm.c). */
struct cryptarch_aead_req;
void cryptarch_aes_vaes_avx512_gcm_seal(const void *ctx, const void *ghash,
					const struct cryptarch_aead_req *r,
					const uint8_t *j0);
int cryptarch_aes_vaes_avx512_gcm_open(const void *ctx, const void *ghash,
				       const struct cryptarch_aead_req *r,
				       const uint8_t *j0);

#endif /* CRYPTARCH_AES_AESNI_H */
