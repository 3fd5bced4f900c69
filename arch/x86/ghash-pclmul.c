/* SPDX-License-Identifier: MIT */
/*
 * ghash-pclmul.c - the PCLMULQDQ code of driver "ghash-pclmul"
 * (descriptor in ghash-pclmul-glue.c): GHASH with carry-less
 * multiplication on xmm registers, written with C intrinsics and built
 * with -mpclmul -msse4.1 (ISA group "pclmul"). The blocks are
 * byte-reversed with PSHUFB into the reflected register form of
 * ghash-clmul-core.h, where it is explained with the reduction.
 *
 * Strategy: groups of 8 blocks are multiplied by H^8 .. H^1 (Y added to
 * the first) with Karatsuba's three multiplications per block, the
 * Karatsuba halves of the powers precomputed in the context, and the 8
 * products summed unreduced: one reduction (two more multiplications)
 * per group. The block that carries Y is multiplied last, so that only
 * its product and the reduction lie on the chain from one group's Y to
 * the next; the other 7 products are independent and overlap it. The
 * last 1..7 blocks of a request take the same sum over H^n .. H^1, and a
 * request of one block (GCM's short associated data, its length block)
 * is one schoolbook product: four independent multiplications.
 *
 * Constant-time: PCLMULQDQ takes the same time for every operand; no
 * branch or memory index depends on H, Y or the data (only on the block
 * count), key powers included. The vector registers and stack slots that
 * held them are not cleared on return (the compiler owns them). Needs
 * PCLMULQDQ, SSE2, SSSE3 (PSHUFB) and SSE4.1; builds for i686 too.
 * Speed: see ghash-pclmul-glue.c.
 */
#include <errno.h>
#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "ghash-clmul-core.h"
#include "ghash-pclmul.h"

#if defined(__clang__)
#define UNROLL _Pragma("clang loop unroll(full)")
#else
#define UNROLL _Pragma("GCC unroll 16")
#endif

#define NPOW CRYPTARCH_GHASH_PCLMUL_POWERS

/* see ghash-pclmul.h */
int cryptarch_ghash_pclmul_setkey(void *ctx, const uint8_t *key,
				  size_t keylen)
{
	struct cryptarch_ghash_pclmul_ctx *c = ctx;
	__m128i *h = (__m128i *)c->h, *k = (__m128i *)c->k;
	__m128i h1, p;
	int i;

	if (keylen != 16)
		return -EINVAL;
	h1 = gh_key_power(gh_bswap(gh_loadu(key)));
	p = h1;
	for (i = 0; i < NPOW; i++) {
		if (i)
			p = gh_mul(p, h1);
		_mm_store_si128(&h[i], p);
		_mm_store_si128(&k[i], gh_karatsuba_key(p));
	}
	return 0;
}

/* see ghash-pclmul.h */
void cryptarch_ghash_pclmul_blocks(const void *ctx, uint8_t y[16],
				   const uint8_t *src, size_t nblocks)
{
	const struct cryptarch_ghash_pclmul_ctx *c = ctx;
	const __m128i *h = (const __m128i *)c->h;
	const __m128i *k = (const __m128i *)c->k;
	__m128i x = gh_bswap(gh_loadu(y));
	struct gh_acc s;
	size_t j;

	if (nblocks == 1) {
		x = _mm_xor_si128(x, gh_bswap(gh_loadu(src)));
		gh_storeu(y, gh_bswap(gh_mul(x, _mm_load_si128(&h[0]))));
		return;
	}
	for (; nblocks >= NPOW; nblocks -= NPOW, src += 16 * NPOW) {
		gh_acc_zero(&s);
		/* block j times H^(8 - j); block 0, which carries Y, last */
		UNROLL
		for (j = NPOW - 1; j > 0; j--)
			gh_acc_mul_k(&s, gh_bswap(gh_loadu(src + 16 * j)),
				     h[NPOW - 1 - j], k[NPOW - 1 - j]);
		x = _mm_xor_si128(x, gh_bswap(gh_loadu(src)));
		gh_acc_mul_k(&s, x, h[NPOW - 1], k[NPOW - 1]);
		x = gh_acc_karatsuba_reduce(&s);
	}
	if (nblocks) {
		/* block j times H^(n - j) */
		gh_acc_zero(&s);
		x = _mm_xor_si128(x, gh_bswap(gh_loadu(src)));
		gh_acc_mul_k(&s, x, h[nblocks - 1], k[nblocks - 1]);
		for (j = 1; j < nblocks; j++)
			gh_acc_mul_k(&s, gh_bswap(gh_loadu(src + 16 * j)),
				     h[nblocks - 1 - j], k[nblocks - 1 - j]);
		x = gh_acc_karatsuba_reduce(&s);
	}
	gh_storeu(y, gh_bswap(x));
}
