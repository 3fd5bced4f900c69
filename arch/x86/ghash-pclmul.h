/* SPDX-License-Identifier: MIT */
/*
 * ghash-pclmul.h - the contexts and entry points of the x86 carry-less
 * multiplication GHASH drivers: "ghash-pclmul" (PCLMULQDQ on xmm
 * registers, ghash-pclmul.c) and "ghash-vpclmul-avx512" (VPCLMULQDQ on
 * zmm registers, ghash-vpclmul-avx512.c). Both are constant-time: no
 * branch or memory index depends on H, Y or the data. Each function may
 * only be called once the CPU features its driver's descriptor names have
 * been checked: the definitions are built with the instruction sets of
 * their files. The field arithmetic they share is ghash-clmul-core.h.
 */
#ifndef CRYPTARCH_GHASH_PCLMUL_H
#define CRYPTARCH_GHASH_PCLMUL_H

#include <stddef.h>
#include <stdint.h>

#include "../../src/core/desc.h"

/* Powers of H that ghash-pclmul aggregates: 8 blocks per reduction. */
#define CRYPTARCH_GHASH_PCLMUL_POWERS 8
/* ghash-vpclmul-avx512: 32 blocks (8 zmm registers) per reduction. */
#define CRYPTARCH_GHASH_VPCLMUL_AVX512_GROUP 32
/* ... and the powers its key holds: H^64 .. H^1, the upper half for
 * gcm-aes-vaes-avx512, which hashes a whole group beside the last
 * blocks of a request in one reduction. */
#define CRYPTARCH_GHASH_VPCLMUL_AVX512_POWERS 64

/*
 * ghash-pclmul's key: h[i] is H^(i+1) in the register form of
 * ghash-clmul-core.h (byte-reversed, times x), k[i] the XOR of the two
 * 64-bit halves of h[i] in both halves (the middle factor of Karatsuba's
 * multiplication).
 */
struct cryptarch_ghash_pclmul_ctx {
	_Alignas(16) uint8_t h[CRYPTARCH_GHASH_PCLMUL_POWERS][16];
	_Alignas(16) uint8_t k[CRYPTARCH_GHASH_PCLMUL_POWERS][16];
};

/*
 * ghash-vpclmul-avx512's key: h[i] is H^(64 - i) in the same register
 * form, highest power first, so that the four blocks of a zmm register
 * at block offset 4r of a group of 32 meet their powers H^(32 - 4r) ..
 * in one aligned load at h[32 + 4r], and the last n blocks of a request
 * theirs at h[64 - n]; k[i] is the Karatsuba factor of h[i], as
 * ghash-pclmul's.
 */
struct cryptarch_ghash_vpclmul_avx512_ctx {
	_Alignas(64) uint8_t h[CRYPTARCH_GHASH_VPCLMUL_AVX512_POWERS][16];
	_Alignas(64) uint8_t k[CRYPTARCH_GHASH_VPCLMUL_AVX512_POWERS][16];
};

/* ---- ghash-pclmul.c (needs PCLMULQDQ, SSE2, SSSE3, SSE4.1) ------------ */

/*
 * Derive the powers of the KEYLEN-byte hash key KEY (16 bytes) into CTX.
 * Returns 0, or -EINVAL for any other length, CTX then unwritten.
 */
int cryptarch_ghash_pclmul_setkey(void *ctx, const uint8_t *key,
				  size_t keylen) WUR;

/*
 * For each of the NBLOCKS 16-byte blocks B at SRC (no alignment), Y = (Y
 * xor B) * H (src/ghash/ghash.h), Y as bytes in the specification's order.
 * NBLOCKS may be 0.
 */
void cryptarch_ghash_pclmul_blocks(const void *ctx, uint8_t y[16],
				   const uint8_t *src, size_t nblocks);

/*
 * ---- ghash-vpclmul-avx512.c (needs VPCLMULQDQ, PCLMULQDQ, AVX, AVX2,
 * AVX512F, AVX512BW, AVX512VL) -------------------------------------------
 * The same two functions over a struct cryptarch_ghash_vpclmul_avx512_ctx.
 * They end with VZEROUPPER, so that SSE code may follow.
 */
int cryptarch_ghash_vpclmul_avx512_setkey(void *ctx, const uint8_t *key,
					  size_t keylen) WUR;
void cryptarch_ghash_vpclmul_avx512_blocks(const void *ctx, uint8_t y[16],
					   const uint8_t *src,
					   size_t nblocks);

#endif /* CRYPTARCH_GHASH_PCLMUL_H */
