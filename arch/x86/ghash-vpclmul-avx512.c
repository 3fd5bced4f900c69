/* SPDX-License-Identifier: MIT */
/*
 * ghash-vpclmul-avx512.c - the AVX-512 code of driver
 * "ghash-vpclmul-avx512" (descriptor in ghash-vpclmul-avx512-glue.c):
 * GHASH with VPCLMULQDQ on zmm registers, four blocks per register,
 * written with C intrinsics and built with -mvpclmulqdq -mavx512f
 * -mavx512bw -mavx512vl (ISA group "vpclmul512"). The register form
 * (blocks byte-reversed with VPSHUFB, key powers times x) and the
 * reduction are ghash-clmul-core.h's, whose xmm functions serve here
 * VEX-encoded for the key schedule and the smallest requests.
 *
 * Strategy: groups of 32 blocks (8 zmm registers) are multiplied by
 * H^32 .. H^1, the four lanes of register r meeting H^(32 - 4r) ..
 * H^(29 - 4r) in one aligned load of the context, Y XORed into lane 0
 * of the first; Karatsuba's three multiplications per register (the
 * powers' halves XORed precomputed), the products summed unreduced
 * (three-input XORs, VPTERNLOGQ), then the four lanes of each sum folded
 * to one 256-bit product and reduced once: two xmm multiplications per
 * 32 blocks. The register that carries Y is multiplied last. The last
 * 5..31 blocks of a request (or a short request) take one pass of the
 * same kind over ceil(n / 4) registers, the last loaded under a mask
 * (zero lanes contribute zero products), their powers H^n .. H^1 read
 * from h[64 - n] under the same masks (the key holds H^64 .. H^1; the
 * upper half is gcm-aes-vaes-avx512's); 2..4 blocks are summed on xmm
 * registers as ghash-pclmul sums them, and one block is one schoolbook
 * xmm product.
 *
 * Constant-time: VPCLMULQDQ takes the same time for every operand; no
 * branch or memory index depends on H, Y or the data (only on the block
 * count), key powers included. Ends with VZEROUPPER; the registers and
 * stack slots that held key powers or data are not otherwise cleared
 * (the compiler owns them). Needs VPCLMULQDQ, PCLMULQDQ, AVX, AVX2,
 * AVX512F, AVX512BW and AVX512VL. Speed: see
 * ghash-vpclmul-avx512-glue.c.
 */
#include <errno.h>
#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "ghash-clmul-core.h"
#include "ghash-pclmul.h"

#define INLINE static inline __attribute__((always_inline))
#if defined(__clang__)
#define UNROLL _Pragma("clang loop unroll(full)")
#else
#define UNROLL _Pragma("GCC unroll 16")
#endif

#define NPOW CRYPTARCH_GHASH_VPCLMUL_AVX512_GROUP
/* rows of the key: H^64 .. H^33, then the group's H^32 .. H^1 */
#define NTAB CRYPTARCH_GHASH_VPCLMUL_AVX512_POWERS
#define TOP (NTAB - NPOW)
/* zmm registers per group */
#define ZW (NPOW / 4)
/*
 * Requests (or last blocks) of up to this many blocks go through xmm
 * registers: one masked zmm pass costs about the same for 1 to 8 blocks
 * (the lanes' sum and the masks), more than the xmm sum of up to four
 * blocks and less beyond (measured on Zen 5).
 */
#define XMM_MAX 4

typedef __m512i zmm;

_Static_assert(NPOW % 8 == 0, "groups of pairs of registers");

INLINE zmm zbswap(zmm x)
{
	const __m128i m = _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
				       12, 13, 14, 15);

	return _mm512_shuffle_epi8(x, _mm512_broadcast_i32x4(m));
}

INLINE zmm zxor3(zmm a, zmm b, zmm c)
{
	return _mm512_ternarylogic_epi64(a, b, c, 0x96);
}

/* The 128-bit lanes of X XORed together. */
INLINE __m128i zsum(zmm x)
{
	__m256i t = _mm256_xor_si256(_mm512_castsi512_si256(x),
				     _mm512_extracti64x4_epi64(x, 1));

	return _mm_xor_si128(_mm256_castsi256_si128(t),
			     _mm256_extracti128_si256(t, 1));
}

/* Karatsuba sums of four blocks a lane (mid: (a0 + a1)(h0 + h1)). */
struct zacc {
	zmm lo, mid, hi;
};

/* (d + swap(d)): the middle factor of a register of blocks. */
INLINE zmm zkara(zmm d)
{
	return _mm512_xor_si512(d, _mm512_shuffle_epi32(d, _MM_PERM_BADC));
}

/* S += D H lane by lane, K the Karatsuba factors of the powers H. */
INLINE void zacc_mul(struct zacc *s, zmm d, zmm h, zmm k)
{
	s->lo = _mm512_xor_si512(s->lo, _mm512_clmulepi64_epi128(d, h, 0x00));
	s->hi = _mm512_xor_si512(s->hi, _mm512_clmulepi64_epi128(d, h, 0x11));
	s->mid = _mm512_xor_si512(
		s->mid, _mm512_clmulepi64_epi128(zkara(d), k, 0x00));
}

/* S += D H + E G: two registers, each sum one three-input XOR. */
INLINE void zacc_mul2(struct zacc *s, zmm d, zmm h, zmm k, zmm e, zmm g,
		      zmm l)
{
	s->lo = zxor3(s->lo, _mm512_clmulepi64_epi128(d, h, 0x00),
		      _mm512_clmulepi64_epi128(e, g, 0x00));
	s->hi = zxor3(s->hi, _mm512_clmulepi64_epi128(d, h, 0x11),
		      _mm512_clmulepi64_epi128(e, g, 0x11));
	s->mid = zxor3(s->mid, _mm512_clmulepi64_epi128(zkara(d), k, 0x00),
		       _mm512_clmulepi64_epi128(zkara(e), l, 0x00));
}

/* The reduced sum of S's lanes. */
INLINE __m128i zacc_reduce(const struct zacc *s)
{
	struct gh_acc a;

	a.lo = zsum(s->lo);
	a.mid = zsum(s->mid);
	a.hi = zsum(s->hi);
	return gh_acc_karatsuba_reduce(&a);
}

/* see ghash-pclmul.h */
int cryptarch_ghash_vpclmul_avx512_setkey(void *ctx, const uint8_t *key,
					  size_t keylen)
{
	struct cryptarch_ghash_vpclmul_avx512_ctx *c = ctx;
	__m128i *h = (__m128i *)c->h, *k = (__m128i *)c->k;
	__m128i h1, p;
	int i;

	if (keylen != 16)
		return -EINVAL;
	h1 = gh_key_power(gh_bswap(gh_loadu(key)));
	p = h1;
	for (i = NTAB - 1; i >= 0; i--) {
		if (i < NTAB - 1)
			p = gh_mul(p, h1);
		_mm_store_si128(&h[i], p);
		_mm_store_si128(&k[i], gh_karatsuba_key(p));
	}
	return 0;
}

/* One group of 32 blocks at SRC after Y. */
INLINE __m128i group(const struct cryptarch_ghash_vpclmul_avx512_ctx *c,
		     __m128i y, const uint8_t *src)
{
	const zmm *h = (const zmm *)c->h[TOP], *k = (const zmm *)c->k[TOP];
	struct zacc s;
	zmm d0, d1;
	int r;

	s.lo = _mm512_setzero_si512();
	s.mid = _mm512_setzero_si512();
	s.hi = _mm512_setzero_si512();
	/* pairs of registers from the last; the pair with Y last */
	UNROLL
	for (r = ZW - 2; r > 0; r -= 2) {
		d0 = zbswap(_mm512_loadu_si512(src + 64 * r));
		d1 = zbswap(_mm512_loadu_si512(src + 64 * (r + 1)));
		zacc_mul2(&s, d0, h[r], k[r], d1, h[r + 1], k[r + 1]);
	}
	d0 = zbswap(_mm512_loadu_si512(src));
	d1 = zbswap(_mm512_loadu_si512(src + 64));
	d0 = _mm512_xor_si512(d0, _mm512_zextsi128_si512(y));
	zacc_mul2(&s, d1, h[1], k[1], d0, h[0], k[0]);
	return zacc_reduce(&s);
}

/* The last N blocks (XMM_MAX + 1 .. 31) at SRC after Y: one pass over
 * ceil(N / 4) registers, the last under a mask, with the powers H^N ..
 * H^1. */
static __m128i tail(const struct cryptarch_ghash_vpclmul_avx512_ctx *c,
		    __m128i y, const uint8_t *src, size_t n)
{
	const uint8_t *h = c->h[NTAB - n], *k = c->k[NTAB - n];
	size_t nz = (n + 3) / 4, r;
	__mmask8 m = 0xff;
	struct zacc s;
	zmm d;

	s.lo = _mm512_setzero_si512();
	s.mid = _mm512_setzero_si512();
	s.hi = _mm512_setzero_si512();
	for (r = 0; r < nz; r++) {
		if (r == nz - 1)
			m = (__mmask8)(0xff >> (2 * (4 * nz - n)));
		d = zbswap(_mm512_maskz_loadu_epi64(m, src + 64 * r));
		if (r == 0)
			d = _mm512_xor_si512(d, _mm512_zextsi128_si512(y));
		zacc_mul(&s, d, _mm512_maskz_loadu_epi64(m, h + 64 * r),
			 _mm512_maskz_loadu_epi64(m, k + 64 * r));
	}
	return zacc_reduce(&s);
}

/* The last N blocks (1..XMM_MAX) at SRC after Y on xmm registers:
 * one block by a schoolbook product, more by Karatsuba's. */
INLINE __m128i tail_xmm(const struct cryptarch_ghash_vpclmul_avx512_ctx *c,
			__m128i y, const uint8_t *src, size_t n)
{
	const __m128i *h = (const __m128i *)c->h[NTAB - n];
	const __m128i *k = (const __m128i *)c->k[NTAB - n];
	struct gh_acc s;
	size_t j;

	y = _mm_xor_si128(y, gh_bswap(gh_loadu(src)));
	if (n == 1)
		return gh_mul(y, h[0]);
	gh_acc_zero(&s);
	gh_acc_mul_k(&s, y, h[0], k[0]);
	for (j = 1; j < n; j++)
		gh_acc_mul_k(&s, gh_bswap(gh_loadu(src + 16 * j)), h[j], k[j]);
	return gh_acc_karatsuba_reduce(&s);
}

/* see ghash-pclmul.h */
void cryptarch_ghash_vpclmul_avx512_blocks(const void *ctx, uint8_t y[16],
					   const uint8_t *src, size_t nblocks)
{
	const struct cryptarch_ghash_vpclmul_avx512_ctx *c = ctx;
	__m128i x = gh_bswap(gh_loadu(y));

	for (; nblocks >= NPOW; nblocks -= NPOW, src += 16 * NPOW)
		x = group(c, x, src);
	if (nblocks && nblocks <= XMM_MAX) {
		x = tail_xmm(c, x, src, nblocks);
	} else if (nblocks) {
		x = tail(c, x, src, nblocks);
	}
	gh_storeu(y, gh_bswap(x));
}
