/* SPDX-License-Identifier: MIT */
/*
 * twofish-avx512.h - the context and the entry points of twofish-avx512.c,
 * the vector code of driver "twofish-avx512" (constant-time Twofish with
 * AVX-512 VBMI byte permutes and GFNI). Call only once the descriptor's CPU
 * features (AVX-512 F/BW/VL/VBMI, GFNI) have been checked. Constant-time:
 * no memory access or branch depends on the key or the data.
 */
#ifndef CRYPTARCH_TWOFISH_AVX512_H
#define CRYPTARCH_TWOFISH_AVX512_H

#include <stddef.h>
#include <stdint.h>

#include "../../src/core/desc.h"
#include "cryptarch.h"

/*
 * The expanded key: s[j] is the key-dependent 8-bit S-box of byte lane j
 * of g (section 4.3.3 of the Twofish paper: the chain of q0/q1 with the
 * key bytes of S XORed in between, the MDS matrix not folded in), held in
 * registers and read by byte permutes, never indexed in memory; k[] are
 * the subkeys K0..K39 in the order of struct cryptarch_twofish_ctx.
 */
struct cryptarch_twofish_avx512_ctx {
	uint8_t s[4][256];
	uint32_t k[40];
} __attribute__((aligned(64)));

/* The key schedule: 0, or -EINVAL for a length other than 16, 24, 32. */
int cryptarch_twofish_avx512_expand(void *ctx, const uint8_t *key,
				    size_t keylen) WUR;
/* One block; DST == SRC allowed, no alignment. */
void cryptarch_twofish_avx512_enc_block(const void *ctx, uint8_t *dst,
					const uint8_t *src);
void cryptarch_twofish_avx512_dec_block(const void *ctx, uint8_t *dst,
					const uint8_t *src);

/* The hooks, with the signatures and contracts of src/modes/<mode>.h:
 * NBLOCKS >= 1 whole blocks, all of them. */
void cryptarch_twofish_avx512_ecb_encrypt(const void *ctx, uint8_t *dst,
					  const uint8_t *src, size_t nblocks);
void cryptarch_twofish_avx512_ecb_decrypt(const void *ctx, uint8_t *dst,
					  const uint8_t *src, size_t nblocks);
void cryptarch_twofish_avx512_cbc_encrypt(const void *ctx, uint8_t *dst,
					  const uint8_t *src, size_t nblocks,
					  uint8_t iv[16]);
void cryptarch_twofish_avx512_cbc_decrypt(const void *ctx, uint8_t *dst,
					  const uint8_t *src, size_t nblocks,
					  uint8_t iv[16]);
void cryptarch_twofish_avx512_ctr_crypt(const void *ctx, uint8_t *dst,
					const uint8_t *src, size_t nblocks,
					uint8_t ctr[16]);
void cryptarch_twofish_avx512_xts_encrypt(const void *ctx, uint8_t *dst,
					  const uint8_t *src, size_t nblocks,
					  uint8_t tweak[16]);
void cryptarch_twofish_avx512_xts_decrypt(const void *ctx, uint8_t *dst,
					  const uint8_t *src, size_t nblocks,
					  uint8_t tweak[16]);

/* twofish-avx512-many.c: the cbc hook's encrypt_many (src/modes/cbc.h),
 * up to 32 requests' chains in one ECB pass; the cbcmac hooks' chain and
 * mac_many (src/modes/cbcmac.h). */
void cryptarch_twofish_avx512_cbc_encrypt_many(
	const void *ctx, const struct cryptarch_request *req, size_t n);
void cryptarch_twofish_avx512_cbcmac(const void *ctx, uint8_t x[16],
				     const uint8_t *src, size_t nblocks);
void cryptarch_twofish_avx512_cbcmac_many(const void *ctx,
					  const struct cryptarch_request *req,
					  size_t n);

#endif /* CRYPTARCH_TWOFISH_AVX512_H */
