/* SPDX-License-Identifier: MIT */
/*
 * aes-bound.c - micro-benchmarks of the x86 AES round instructions, for the
 * bounds the peer benchmark's targets are stated against: the latency of
 * one AESENC (a dependent chain: CBC encryption cannot beat rounds x
 * latency per block) and the issue rate of VAESENC on 128-, 256- and 512-
 * bit registers (twelve independent chains: ECB, CTR, XTS and CBC
 * decryption cannot beat rounds x (cycles per instruction) / (bytes per
 * instruction)); and one stitched AES-128-GCM group's round and multiply
 * instructions issued together (80 VAESENC and 26 VPCLMULQDQ on zmm for
 * 32 blocks: where the two share execution ports, GCM cannot beat their
 * sum). Cycles are TSC reference cycles, the unit of every other figure
 * in bench/, so bound and measurement compare directly. Built with -maes
 * -mvaes -mvpclmulqdq -mavx512f (this file only); its functions run only
 * after aes_bound_measure() has checked the CPU features. Not security
 * code.
 */
#include <stdint.h>
#include <string.h>

#include "aes-bound.h"
#include "cpu.h"

#if defined(__x86_64__) && defined(__VAES__) && defined(__AVX512F__)
#include <immintrin.h>
#include <x86intrin.h>

#define REPS 4096

/* Best of 64 runs of EXPR, in TSC cycles per instruction (PER of them). */
#define BEST(expr, per)                                                    \
	do {                                                               \
		int t_;                                                    \
		best = 1e30;                                               \
		for (t_ = 0; t_ < 64; t_++) {                              \
			uint64_t c0_ = __rdtsc(), c1_;                     \
			expr;                                              \
			c1_ = __rdtsc();                                   \
			if ((double)(c1_ - c0_) / (per) < best)            \
				best = (double)(c1_ - c0_) / (per);        \
		}                                                          \
	} while (0)

static __attribute__((noinline)) __m128i chain128(__m128i x, __m128i k)
{
	int i;

	for (i = 0; i < REPS; i++) {
		x = _mm_aesenc_si128(x, k);
		x = _mm_aesenc_si128(x, k);
		x = _mm_aesenc_si128(x, k);
		x = _mm_aesenc_si128(x, k);
		__asm__ volatile("" : "+x"(x));
	}
	return x;
}

/*
 * Twelve independent chains, each in a register (twelve plus the key fit
 * the sixteen registers of AVX2; the empty asm statements keep the values
 * in registers and stop the compiler from merging rounds). Twelve exceeds
 * latency x issue rate on current cores (4 cycles x 2 per cycle).
 */
#define NCHAINS 12
#define INDEP(T, ENC, K)                                                   \
	do {                                                               \
		T a0 = v[0], a1 = v[1], a2 = v[2], a3 = v[3], a4 = v[4];   \
		T a5 = v[5], a6 = v[6], a7 = v[7], a8 = v[8], a9 = v[9];   \
		T a10 = v[10], a11 = v[11];                                \
		int i_;                                                    \
		for (i_ = 0; i_ < REPS / 4; i_++) {                        \
			a0 = ENC(a0, K); a1 = ENC(a1, K);                  \
			a2 = ENC(a2, K); a3 = ENC(a3, K);                  \
			a4 = ENC(a4, K); a5 = ENC(a5, K);                  \
			a6 = ENC(a6, K); a7 = ENC(a7, K);                  \
			a8 = ENC(a8, K); a9 = ENC(a9, K);                  \
			a10 = ENC(a10, K); a11 = ENC(a11, K);              \
			__asm__ volatile("" : "+v"(a0), "+v"(a1), "+v"(a2), \
					 "+v"(a3), "+v"(a4), "+v"(a5));    \
			__asm__ volatile("" : "+v"(a6), "+v"(a7), "+v"(a8), \
					 "+v"(a9), "+v"(a10), "+v"(a11));  \
		}                                                          \
		v[0] = a0; v[1] = a1; v[2] = a2; v[3] = a3; v[4] = a4;     \
		v[5] = a5; v[6] = a6; v[7] = a7; v[8] = a8; v[9] = a9;     \
		v[10] = a10; v[11] = a11;                                  \
	} while (0)

static __attribute__((noinline)) void indep128(__m128i *v, __m128i k)
{
	INDEP(__m128i, _mm_aesenc_si128, k);
}

static __attribute__((noinline)) void indep256(__m256i *v, __m256i k)
{
	INDEP(__m256i, _mm256_aesenc_epi128, k);
}

static __attribute__((noinline)) void indep512(__m512i *v, __m512i k)
{
	INDEP(__m512i, _mm512_aesenc_epi128, k);
}

/*
 * One AES-128-GCM group's instructions without its data flow: eight
 * registers through ten VAESENC each and 26 VPCLMULQDQ on eight other
 * registers, spread between the rounds as a stitched group spreads them,
 * every chain long enough apart that issue, not latency, is measured.
 */
#define GCM_REPS (REPS / 16)
#define RND(K)                                                             \
	do {                                                               \
		a0 = _mm512_aesenc_epi128(a0, K);                          \
		a1 = _mm512_aesenc_epi128(a1, K);                          \
		a2 = _mm512_aesenc_epi128(a2, K);                          \
		a3 = _mm512_aesenc_epi128(a3, K);                          \
		a4 = _mm512_aesenc_epi128(a4, K);                          \
		a5 = _mm512_aesenc_epi128(a5, K);                          \
		a6 = _mm512_aesenc_epi128(a6, K);                          \
		a7 = _mm512_aesenc_epi128(a7, K);                          \
	} while (0)
#define MUL(x, h) x = _mm512_clmulepi64_epi128(x, h, 0x01)
#define MUL3(h)                                                            \
	do {                                                               \
		MUL(c0, h); MUL(c1, h); MUL(c2, h);                        \
		MUL(c3, h); MUL(c4, h); MUL(c5, h);                        \
	} while (0)

static __attribute__((noinline)) void gcm_group(__m512i *v, __m512i k)
{
	__m512i a0, a1, a2, a3, a4, a5, a6, a7, ctr = v[0];
	__m512i c0 = v[8], c1 = v[9], c2 = v[10], c3 = v[11];
	__m512i c4 = v[12], c5 = v[13];
	const __m512i one = _mm512_set1_epi32(1);
	int i;

	a0 = a1 = a2 = a3 = a4 = a5 = a6 = a7 = ctr;
	for (i = 0; i < GCM_REPS; i++) {
		/* a group's own counter blocks, as in GCM: no chain from
		 * one group to the next */
		ctr = _mm512_add_epi32(ctr, one);
		a0 = _mm512_xor_si512(a0, ctr);
		a1 = _mm512_add_epi32(ctr, one);
		a2 = _mm512_add_epi32(a1, one);
		a3 = _mm512_add_epi32(a2, one);
		a4 = _mm512_add_epi32(a3, one);
		a5 = _mm512_add_epi32(a4, one);
		a6 = _mm512_add_epi32(a5, one);
		a7 = _mm512_add_epi32(a6, one);
		/* 10 rounds, 26 products: 6 after each of rounds 1..4,
		 * 2 after round 5 */
		RND(k); MUL3(k);
		RND(k); MUL3(k);
		RND(k); MUL3(k);
		RND(k); MUL3(k);
		RND(k); MUL(c0, k); MUL(c1, k);
		RND(k); RND(k); RND(k); RND(k); RND(k);
		__asm__ volatile("" : "+v"(a0), "+v"(a1), "+v"(a2), "+v"(a3),
				 "+v"(a4), "+v"(a5), "+v"(a6), "+v"(a7));
		__asm__ volatile("" : "+v"(c0), "+v"(c1), "+v"(c2), "+v"(c3),
				 "+v"(c4), "+v"(c5));
	}
	v[0] = _mm512_xor_si512(_mm512_xor_si512(a0, a1),
				_mm512_xor_si512(a2, a3));
	v[1] = _mm512_xor_si512(_mm512_xor_si512(a4, a5),
				_mm512_xor_si512(a6, a7));
	v[2] = _mm512_xor_si512(_mm512_xor_si512(c0, c1),
				_mm512_xor_si512(c2, c3));
	v[3] = _mm512_xor_si512(c4, c5);
}

int aes_bound_measure(struct aes_bound *b)
{
	const uint64_t need = CRYPTARCH_CPU_AESNI | CRYPTARCH_CPU_VAES |
			      CRYPTARCH_CPU_AVX2 | CRYPTARCH_CPU_AVX512F;
	__m128i x = _mm_set1_epi32(0x01234567), k = _mm_set1_epi32(0x2b7e1516);
	__m128i v1[NCHAINS];
	__m256i v2[NCHAINS];
	__m512i v4[NCHAINS];
	double best;
	int j;

	memset(b, 0, sizeof(*b));
	if ((cryptarch_cpu_detected() & need) != need)
		return -1;
	for (j = 0; j < NCHAINS; j++) {
		v1[j] = _mm_set1_epi32(j);
		v2[j] = _mm256_set1_epi32(j);
		v4[j] = _mm512_set1_epi32(j);
	}
	BEST(x = chain128(x, k), 4.0 * REPS);
	b->aesenc_latency = best;
	BEST(indep128(v1, k), 3.0 * REPS);
	b->aesenc128_cpi = best;
	BEST(indep256(v2, _mm256_broadcastsi128_si256(k)), 3.0 * REPS);
	b->vaesenc256_cpi = best;
	BEST(indep512(v4, _mm512_broadcast_i32x4(k)), 3.0 * REPS);
	b->vaesenc512_cpi = best;
	if (cryptarch_cpu_detected() & CRYPTARCH_CPU_VPCLMUL) {
		BEST(gcm_group(v4, _mm512_broadcast_i32x4(k)), GCM_REPS);
		b->gcm_group = best;
	}
	_mm256_zeroupper();
	/* Keep the results live. */
	b->sink = (uint32_t)_mm_cvtsi128_si32(x) ^
		  (uint32_t)_mm_cvtsi128_si32(v1[3]) ^
		  (uint32_t)_mm256_extract_epi32(v2[5], 1) ^
		  (uint32_t)_mm_cvtsi128_si32(_mm512_castsi512_si128(v4[7]));
	return 0;
}
#else
int aes_bound_measure(struct aes_bound *b)
{
	memset(b, 0, sizeof(*b));
	return -1;
}
#endif

/* see aes-bound.h */
double aes_bound_parallel_cpb(const struct aes_bound *b, unsigned rounds)
{
	return b->vaesenc512_cpi > 0 ? rounds * b->vaesenc512_cpi / 64.0 : 0;
}

/* see aes-bound.h */
double aes_bound_serial_cpb(const struct aes_bound *b, unsigned rounds)
{
	return b->aesenc_latency > 0 ? rounds * b->aesenc_latency / 16.0 : 0;
}

/* see aes-bound.h */
double aes_bound_gcm_cpb(const struct aes_bound *b)
{
	return b->gcm_group / 512.0;
}
