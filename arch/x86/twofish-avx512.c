/* SPDX-License-Identifier: MIT */
/*
 * twofish-avx512.c - the code of driver "twofish-avx512": constant-time
 * Twofish (Schneier et al., "Twofish: A 128-Bit Block Cipher", 1998) with
 * AVX-512 VBMI byte permutes and GFNI affine transforms.
 *
 * Strategy. The key schedule computes the four key-dependent 8-bit S-boxes
 * of g (q0/q1 chains with key bytes XORed in between) as 256-byte tables
 * in the context, evaluating q0 and q1 at key-dependent indices with
 * VPERMI2B over the public q tables held in registers, never with a load;
 * the subkeys K0..K39 come from the same machinery (h on the public inputs
 * 2i and 2i+1 with the key words Me and Mo), the RS matrix by branch-free
 * GF(2^8) arithmetic. Encryption holds the 1 KiB of S-boxes in 16 zmm
 * registers: a 256-entry lookup is two VPERMI2B over 128 entries each
 * (merge-masked so that byte lane j of every word reads S-box j), blended
 * on bit 7 of the index. The MDS matrix is GF(2^8) arithmetic modulo
 * x^8+x^6+x^5+x^3+1: products by 5B and EF with GF2P8AFFINEQB and their
 * 8x8 bit matrices (GF2P8MULB would reduce by the AES polynomial), the
 * terms of each output byte gathered by in-lane VPSHUFB and summed with
 * VPTERNLOGD. PHT, subkey additions and rotations are vector adds and
 * VPROLD/VPRORD. The parallel modes run 32 blocks at a time as two groups
 * of 16, each group's words transposed so that one zmm holds one Twofish
 * word of 16 blocks; the last 1..31 blocks are masked groups of up to 16
 * (a lone last block of ECB, CBC decryption or CTR takes the one-block
 * path). One block (single-block functions, CBC encryption) sits in one
 * xmm with the two g inputs of a round looked up together in the same
 * tables, the MDS output laid out as (T0, T1, T0, T1) so that the PHT is
 * one shuffle and two adds.
 *
 * Constant-time: no branch and no memory address depends on the key or the
 * data (the tables are read whole into registers; every lookup is a
 * register permute); only the key length and the block count steer the
 * code. Needs AVX-512 F, BW, VL, VBMI and GFNI (the ISA avx512vbmi).
 * Speed: see twofish-avx512-glue.c.
 */
#include <errno.h>
#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "../../src/core/endian.h"
#include "../../src/core/memzero.h"
#include "../../src/modes/ctr-inc.h"
#include "../../src/twofish/twofish-tables.h"
#include "twofish-avx512.h"

#define INLINE static inline __attribute__((always_inline))

/*
 * GF2P8AFFINEQB matrices of the products by 5B and EF modulo
 * x^8+x^6+x^5+x^3+1 (the MDS field, section 4.2): byte 7 - i of the
 * qword is row i, whose bit k is bit i of c * x^k.
 */
#define MAT_5B 0x050b162953a24182ll
#define MAT_EF 0x070f1f3972e3c183ll

/* Bytes p of a 64-byte vector with p % 4 == J (byte lane J of each word). */
#define LANE(j) (0x1111111111111111ull << (j))

/*
 * The MDS matrix (section 4.2) on words whose byte lane j holds the S-box
 * output z_j: output byte i = sum over j of M[i][j] z_j, with
 *     M = 01 EF 5B 5B / 5B EF EF 01 / EF 5B 01 EF / EF 01 EF 5B.
 * The 01 terms of output byte i come from lane A[i], the 5B terms from
 * lanes B1[i] and B2[i], the EF terms from C1[i] and C2[i] (-1: none):
 *     A = 0 3 2 1, B1 = 2 0 1 3, B2 = 3 - - -, C1 = 1 1 0 0, C2 = - 2 3 2.
 * A word whose S-box outputs sit one lane lower (z_j in lane j - 1, as
 * after looking up X for g(ROL(X, 8)) without the rotate) takes the same
 * lists minus one, mod 4. Each list is a VPSHUFB index (0x80: zero).
 */
#define SRC(s, d, r) ((s) < 0 ? 0x80 : 4 * (d) + (((s) + 4 - (r)) & 3))
#define WORD(a, b, c, d, w, r) \
	SRC(a, w, r), SRC(b, w, r), SRC(c, w, r), SRC(d, w, r)
/* A 16-byte lane: words 0..3 rotated by R0, R1, R0, R1 (0 or 1). */
#define LANE16(a, b, c, d, r0, r1)                                          \
	WORD(a, b, c, d, 0, r0), WORD(a, b, c, d, 1, r1),                   \
		WORD(a, b, c, d, 2, r0), WORD(a, b, c, d, 3, r1)
#define PAT64(a, b, c, d, r0, r1)                                           \
	{ LANE16(a, b, c, d, r0, r1), LANE16(a, b, c, d, r0, r1),           \
	  LANE16(a, b, c, d, r0, r1), LANE16(a, b, c, d, r0, r1) }
#define PATS(r0, r1)                                                        \
	{ PAT64(0, 3, 2, 1, r0, r1), PAT64(2, 0, 1, 3, r0, r1),             \
	  PAT64(3, -1, -1, -1, r0, r1), PAT64(1, 1, 0, 0, r0, r1),          \
	  PAT64(-1, 2, 3, 2, r0, r1) }

struct mds_pats {
	uint8_t p[5][64]; /* A, B1, B2, C1, C2 */
};

/* Every word as it is; every word one lane low. */
static const struct mds_pats pat_g0 __attribute__((aligned(64))) =
	{ PATS(0, 0) };
static const struct mds_pats pat_g1 __attribute__((aligned(64))) =
	{ PATS(1, 1) };
INLINE __m512i pat(const struct mds_pats *p, int i)
{
	return _mm512_load_si512((const void *)p->p[i]);
}

/* The MDS matrix on every word of D (see above for P). */
INLINE __m512i mds512(__m512i d, const struct mds_pats *p)
{
	__m512i p5 = _mm512_gf2p8affine_epi64_epi8(d, _mm512_set1_epi64(MAT_5B),
						   0);
	__m512i pe = _mm512_gf2p8affine_epi64_epi8(d, _mm512_set1_epi64(MAT_EF),
						   0);
	__m512i y = _mm512_ternarylogic_epi32(
		_mm512_shuffle_epi8(d, pat(p, 0)),
		_mm512_shuffle_epi8(p5, pat(p, 1)),
		_mm512_shuffle_epi8(p5, pat(p, 2)), 0x96);

	return _mm512_ternarylogic_epi32(y, _mm512_shuffle_epi8(pe, pat(p, 3)),
					 _mm512_shuffle_epi8(pe, pat(p, 4)),
					 0x96);
}

/* A 256-byte table in four registers: t[0] entries 0..63, ... t[3]. */
struct tab256 {
	__m512i t[4];
};

INLINE void load_tab(struct tab256 *t, const uint8_t *p)
{
	int i;

	#pragma GCC unroll 4
	for (i = 0; i < 4; i++)
		t->t[i] = _mm512_loadu_si512((const void *)(p + 64 * i));
}

/* Every byte of X through the table T: two 128-entry permutes, bit 7
 * chooses. */
INLINE __m512i look(const struct tab256 *t, __m512i x)
{
	__m512i lo = _mm512_permutex2var_epi8(t->t[0], x, t->t[1]);
	__m512i hi = _mm512_permutex2var_epi8(t->t[2], x, t->t[3]);

	return _mm512_mask_blend_epi8(_mm512_movepi8_mask(x), lo, hi);
}

/*
 * Byte p of X through table s[j] where bit p of M[j] is set (the four M
 * disjoint, covering the bytes that matter). Each chain of merge-masked
 * VPERMI2B keeps X's bytes as indices in the lanes it has not written
 * yet; one chain per half of the tables, then bit 7 chooses.
 */
INLINE __m512i sbox_chain(const struct tab256 s[4], __m512i x,
			  const __mmask64 m[4])
{
	__m512i lo = x, hi = x;
	int j;

	#pragma GCC unroll 4
	for (j = 0; j < 4; j++) {
		lo = _mm512_mask2_permutex2var_epi8(s[j].t[0], lo, m[j],
						    s[j].t[1]);
		hi = _mm512_mask2_permutex2var_epi8(s[j].t[2], hi, m[j],
						    s[j].t[3]);
	}
	return _mm512_mask_blend_epi8(_mm512_movepi8_mask(x), lo, hi);
}

/* The S-boxes of a key, in registers. */
struct keyregs {
	struct tab256 s[4];
};

INLINE void load_keyregs(struct keyregs *r,
			 const struct cryptarch_twofish_avx512_ctx *ctx)
{
	int j;

	#pragma GCC unroll 4
	for (j = 0; j < 4; j++)
		load_tab(&r->s[j], ctx->s[j]);
}

/* g of every word of X (16 blocks' word), and g(ROL(X, 8)). */
INLINE __m512i g0_512(const struct keyregs *r, __m512i x)
{
	const __mmask64 m[4] = { LANE(0), LANE(1), LANE(2), LANE(3) };

	return mds512(sbox_chain(r->s, x, m), &pat_g0);
}

/* ROL(X, 8) has X's byte lane j - 1 in lane j: S-box j reads lane j - 1,
 * and the outputs sit one lane low, which pat_g1 undoes. */
INLINE __m512i g1_512(const struct keyregs *r, __m512i x)
{
	const __mmask64 m[4] = { LANE(3), LANE(0), LANE(1), LANE(2) };

	return mds512(sbox_chain(r->s, x, m), &pat_g1);
}

/* ------------------------------------------------------------------ */
/* 16 blocks, transposed. */

/*
 * Sixteen blocks B0..B15 as four words each. Loaded as they lie in
 * memory (w[r] holds B(4r)..B(4r+3), one per 128-bit lane), transpose()
 * swaps words and blocks within each lane, so that w[j] holds word j of
 * all sixteen; the transposition is its own inverse.
 */
struct v16 {
	__m512i w[4];
};

INLINE void transpose(struct v16 *v)
{
	__m512i t0 = _mm512_unpacklo_epi32(v->w[0], v->w[1]);
	__m512i t1 = _mm512_unpackhi_epi32(v->w[0], v->w[1]);
	__m512i t2 = _mm512_unpacklo_epi32(v->w[2], v->w[3]);
	__m512i t3 = _mm512_unpackhi_epi32(v->w[2], v->w[3]);

	v->w[0] = _mm512_unpacklo_epi64(t0, t2);
	v->w[1] = _mm512_unpackhi_epi64(t0, t2);
	v->w[2] = _mm512_unpacklo_epi64(t1, t3);
	v->w[3] = _mm512_unpackhi_epi64(t1, t3);
}

/* The dwords of register R that hold blocks < N (N <= 16). */
INLINE __mmask16 reg_mask(size_t n, int r)
{
	size_t have = n > 4 * (size_t)r ? n - 4 * (size_t)r : 0;

	if (have >= 4)
		return 0xffff;
	return (__mmask16)((1u << (4 * have)) - 1);
}

/* N blocks at P (N < 16: the rest zero; FULL: N == 16). */
INLINE void load16(struct v16 *v, const uint8_t *p, size_t n, int full)
{
	int r;

	#pragma GCC unroll 4
	for (r = 0; r < 4; r++)
		v->w[r] = full ? _mm512_loadu_si512((const void *)(p + 64 * r)) :
				 _mm512_maskz_loadu_epi32(reg_mask(n, r),
							  p + 64 * r);
}

INLINE void store16(uint8_t *p, const struct v16 *v, size_t n, int full)
{
	int r;

	#pragma GCC unroll 4
	for (r = 0; r < 4; r++) {
		if (full)
			_mm512_storeu_si512((void *)(p + 64 * r), v->w[r]);
		else
			_mm512_mask_storeu_epi32(p + 64 * r, reg_mask(n, r),
						 v->w[r]);
	}
}

INLINE void xor16(struct v16 *v, const struct v16 *m)
{
	int r;

	#pragma GCC unroll 4
	for (r = 0; r < 4; r++)
		v->w[r] = _mm512_xor_si512(v->w[r], m->w[r]);
}

INLINE __m512i bcast(uint32_t k)
{
	return _mm512_set1_epi32((int)k);
}

INLINE void whiten(struct v16 *v, const uint32_t *k)
{
	int r;

	#pragma GCC unroll 4
	for (r = 0; r < 4; r++)
		v->w[r] = _mm512_xor_si512(v->w[r], bcast(k[r]));
}

INLINE void swap_halves(struct v16 *v)
{
	__m512i t0 = v->w[0], t1 = v->w[1];

	v->w[0] = v->w[2];
	v->w[1] = v->w[3];
	v->w[2] = t0;
	v->w[3] = t1;
}

/* A round (section 4.1): R2 = ROR(R2 ^ (T0 + T1 + K0), 1), R3 = ROL(R3, 1)
 * ^ (T0 + 2 T1 + K1). */
INLINE void enc_round(__m512i *r2, __m512i *r3, __m512i t0, __m512i t1,
		      const uint32_t *k)
{
	t0 = _mm512_add_epi32(t0, t1);
	t1 = _mm512_add_epi32(t0, t1);
	*r2 = _mm512_ror_epi32(
		_mm512_xor_si512(*r2, _mm512_add_epi32(t0, bcast(k[0]))), 1);
	*r3 = _mm512_xor_si512(_mm512_rol_epi32(*r3, 1),
			       _mm512_add_epi32(t1, bcast(k[1])));
}

INLINE void dec_round(__m512i *r2, __m512i *r3, __m512i t0, __m512i t1,
		      const uint32_t *k)
{
	t0 = _mm512_add_epi32(t0, t1);
	t1 = _mm512_add_epi32(t0, t1);
	*r2 = _mm512_xor_si512(_mm512_rol_epi32(*r2, 1),
			       _mm512_add_epi32(t0, bcast(k[0])));
	*r3 = _mm512_ror_epi32(
		_mm512_xor_si512(*r3, _mm512_add_epi32(t1, bcast(k[1]))), 1);
}

/*
 * Encrypt the transposed blocks of X, and of Y too if TWO; the rounds of
 * the two groups are interleaved so that their chains overlap.
 */
INLINE void encrypt16(const struct keyregs *kr, const uint32_t *k,
		      struct v16 *x, struct v16 *y, int two)
{
	__m512i t0, t1, u0 = _mm512_setzero_si512(), u1 = u0;
	int r;

	whiten(x, k);
	if (two)
		whiten(y, k);
#pragma GCC unroll 8
	for (r = 0; r < 16; r += 2) {
		const uint32_t *rk = k + 8 + 2 * r;

		t0 = g0_512(kr, x->w[0]);
		t1 = g1_512(kr, x->w[1]);
		if (two) {
			u0 = g0_512(kr, y->w[0]);
			u1 = g1_512(kr, y->w[1]);
		}
		enc_round(&x->w[2], &x->w[3], t0, t1, rk);
		if (two)
			enc_round(&y->w[2], &y->w[3], u0, u1, rk);
		t0 = g0_512(kr, x->w[2]);
		t1 = g1_512(kr, x->w[3]);
		if (two) {
			u0 = g0_512(kr, y->w[2]);
			u1 = g1_512(kr, y->w[3]);
		}
		enc_round(&x->w[0], &x->w[1], t0, t1, rk + 2);
		if (two)
			enc_round(&y->w[0], &y->w[1], u0, u1, rk + 2);
	}
	swap_halves(x);
	whiten(x, k + 4);
	if (two) {
		swap_halves(y);
		whiten(y, k + 4);
	}
}

INLINE void decrypt16(const struct keyregs *kr, const uint32_t *k,
		      struct v16 *x, struct v16 *y, int two)
{
	__m512i t0, t1, u0 = _mm512_setzero_si512(), u1 = u0;
	int r;

	whiten(x, k + 4);
	swap_halves(x);
	if (two) {
		whiten(y, k + 4);
		swap_halves(y);
	}
#pragma GCC unroll 8
	for (r = 14; r >= 0; r -= 2) {
		const uint32_t *rk = k + 8 + 2 * r;

		t0 = g0_512(kr, x->w[2]);
		t1 = g1_512(kr, x->w[3]);
		if (two) {
			u0 = g0_512(kr, y->w[2]);
			u1 = g1_512(kr, y->w[3]);
		}
		dec_round(&x->w[0], &x->w[1], t0, t1, rk + 2);
		if (two)
			dec_round(&y->w[0], &y->w[1], u0, u1, rk + 2);
		t0 = g0_512(kr, x->w[0]);
		t1 = g1_512(kr, x->w[1]);
		if (two) {
			u0 = g0_512(kr, y->w[0]);
			u1 = g1_512(kr, y->w[1]);
		}
		dec_round(&x->w[2], &x->w[3], t0, t1, rk);
		if (two)
			dec_round(&y->w[2], &y->w[3], u0, u1, rk);
	}
	whiten(x, k);
	if (two)
		whiten(y, k);
}

/* ------------------------------------------------------------------ */
/* One block. */

/*
 * The MDS matrix for the one-block path, on the S-box outputs of the words
 * (w0, w1, w2, w3) as sbox_one() leaves them (those of w1 and w3 one lane
 * low): the pair of g values of words S, S + 1 (S = 0 or 2) in dwords 0, 1
 * and again in 2, 3, so that the PHT needs one shuffle, not three.
 */
#define PAIR16(a, b, c, d, s)                                               \
	{ WORD(a, b, c, d, s, 0), WORD(a, b, c, d, (s) + 1, 1),             \
	  WORD(a, b, c, d, s, 0), WORD(a, b, c, d, (s) + 1, 1) }
#define PAIRS(s)                                                            \
	{ { PAIR16(0, 3, 2, 1, s), PAIR16(2, 0, 1, 3, s),                   \
	    PAIR16(3, -1, -1, -1, s), PAIR16(1, 1, 0, 0, s),                \
	    PAIR16(-1, 2, 3, 2, s) } }

struct mds_pats16 {
	uint8_t p[5][16]; /* A, B1, B2, C1, C2 */
};

static const struct mds_pats16 pat_pair[2] __attribute__((aligned(64))) = {
	PAIRS(0), PAIRS(2)
};

INLINE __m128i pat16(int s, int i)
{
	return _mm_load_si128((const __m128i *)pat_pair[s / 2].p[i]);
}

/*
 * Every byte of V through its S-box: byte lane j of w0 and w2 through
 * s[j], byte lane j - 1 of w1 and w3 (g(ROL(w, 8)) without the rotate).
 * Eight independent zero-masked permutes, their ORs by VPTERNLOGD, and
 * bit 7 of each index byte chooses between the halves (its mask is ready
 * long before the permutes are).
 */
INLINE __m128i sbox_one(const struct keyregs *r, __m128i v)
{
	const __mmask64 m[4] = {
		(LANE(0) & 0x0f0f) | (LANE(3) & 0xf0f0),
		(LANE(1) & 0x0f0f) | (LANE(0) & 0xf0f0),
		(LANE(2) & 0x0f0f) | (LANE(1) & 0xf0f0),
		(LANE(3) & 0x0f0f) | (LANE(2) & 0xf0f0),
	};
	const __m512i x = _mm512_castsi128_si512(v);
	__m128i l[4], h[4], a, b;
	int j;

	#pragma GCC unroll 4
	for (j = 0; j < 4; j++) {
		l[j] = _mm512_castsi512_si128(_mm512_maskz_permutex2var_epi8(
			m[j], r->s[j].t[0], x, r->s[j].t[1]));
		h[j] = _mm512_castsi512_si128(_mm512_maskz_permutex2var_epi8(
			m[j], r->s[j].t[2], x, r->s[j].t[3]));
	}
	a = _mm_ternarylogic_epi32(l[0], l[1], l[2], 0xfe);
	b = _mm_ternarylogic_epi32(h[0], h[1], h[2], 0xfe);
	return _mm_mask_blend_epi8(_mm_movepi8_mask(v), _mm_or_si128(a, l[3]),
				   _mm_or_si128(b, h[3]));
}

/*
 * F of the round whose g inputs are words P and P + 1 of V (P = 0 or 2):
 * (T0 + T1 + K0, T0 + 2 T1 + K1) in dwords 0, 1 and again in 2, 3, from
 * Y = (T0, T1, T0, T1) straight out of the MDS matrix.
 */
INLINE __m128i f_one(const struct keyregs *r, __m128i v, const uint32_t *k,
		     int p)
{
	__m128i z = sbox_one(r, v);
	__m128i p5 = _mm_gf2p8affine_epi64_epi8(z, _mm_set1_epi64x(MAT_5B), 0);
	__m128i pe = _mm_gf2p8affine_epi64_epi8(z, _mm_set1_epi64x(MAT_EF), 0);
	__m128i y = _mm_ternarylogic_epi32(_mm_shuffle_epi8(p5, pat16(p, 1)),
					   _mm_shuffle_epi8(p5, pat16(p, 2)),
					   _mm_shuffle_epi8(pe, pat16(p, 3)),
					   0x96);
	__m128i kk = _mm_set1_epi64x((long long)load64_le(
		(const uint8_t *)k));

	y = _mm_ternarylogic_epi32(y, _mm_shuffle_epi8(pe, pat16(p, 4)),
				   _mm_shuffle_epi8(z, pat16(p, 0)), 0x96);
	return _mm_add_epi32(_mm_add_epi32(y, _mm_shuffle_epi32(
						      y, _MM_SHUFFLE(2, 3, 0, 1))),
			     _mm_mask_add_epi32(kk, 0xa, kk, y));
}

/* The two rounds of a pair: (w0, w1) feed (w2, w3), then back. */
INLINE __m128i enc_one(const struct keyregs *kr, const uint32_t *k, __m128i v)
{
	int r;

	v = _mm_xor_si128(v, _mm_loadu_si128((const __m128i *)k));
#pragma GCC unroll 8
	for (r = 0; r < 16; r += 2) {
		__m128i f = f_one(kr, v, k + 8 + 2 * r, 0);

		v = _mm_mask_rol_epi32(v, 0x8, v, 1);
		v = _mm_mask_xor_epi32(v, 0xc, v, f);
		v = _mm_mask_ror_epi32(v, 0x4, v, 1);
		f = f_one(kr, v, k + 10 + 2 * r, 2);
		v = _mm_mask_rol_epi32(v, 0x2, v, 1);
		v = _mm_mask_xor_epi32(v, 0x3, v, f);
		v = _mm_mask_ror_epi32(v, 0x1, v, 1);
	}
	v = _mm_shuffle_epi32(v, _MM_SHUFFLE(1, 0, 3, 2));
	return _mm_xor_si128(v, _mm_loadu_si128((const __m128i *)(k + 4)));
}

INLINE __m128i dec_one(const struct keyregs *kr, const uint32_t *k, __m128i v)
{
	int r;

	v = _mm_xor_si128(v, _mm_loadu_si128((const __m128i *)(k + 4)));
	v = _mm_shuffle_epi32(v, _MM_SHUFFLE(1, 0, 3, 2));
#pragma GCC unroll 8
	for (r = 14; r >= 0; r -= 2) {
		__m128i f = f_one(kr, v, k + 10 + 2 * r, 2);

		v = _mm_mask_rol_epi32(v, 0x1, v, 1);
		v = _mm_mask_xor_epi32(v, 0x3, v, f);
		v = _mm_mask_ror_epi32(v, 0x2, v, 1);
		f = f_one(kr, v, k + 8 + 2 * r, 0);
		v = _mm_mask_rol_epi32(v, 0x4, v, 1);
		v = _mm_mask_xor_epi32(v, 0xc, v, f);
		v = _mm_mask_ror_epi32(v, 0x8, v, 1);
	}
	return _mm_xor_si128(v, _mm_loadu_si128((const __m128i *)k));
}

/*
 * Clear every vector register: the S-boxes live in them. vzeroall clears
 * zmm0..15 (upper halves included); zmm16..31 are cleared one by one.
 */
static void wipe_regs(void)
{
	__asm__ __volatile__(
		"vzeroall\n\t"
		"vpxord %%zmm16, %%zmm16, %%zmm16\n\t"
		"vpxord %%zmm17, %%zmm17, %%zmm17\n\t"
		"vpxord %%zmm18, %%zmm18, %%zmm18\n\t"
		"vpxord %%zmm19, %%zmm19, %%zmm19\n\t"
		"vpxord %%zmm20, %%zmm20, %%zmm20\n\t"
		"vpxord %%zmm21, %%zmm21, %%zmm21\n\t"
		"vpxord %%zmm22, %%zmm22, %%zmm22\n\t"
		"vpxord %%zmm23, %%zmm23, %%zmm23\n\t"
		"vpxord %%zmm24, %%zmm24, %%zmm24\n\t"
		"vpxord %%zmm25, %%zmm25, %%zmm25\n\t"
		"vpxord %%zmm26, %%zmm26, %%zmm26\n\t"
		"vpxord %%zmm27, %%zmm27, %%zmm27\n\t"
		"vpxord %%zmm28, %%zmm28, %%zmm28\n\t"
		"vpxord %%zmm29, %%zmm29, %%zmm29\n\t"
		"vpxord %%zmm30, %%zmm30, %%zmm30\n\t"
		"vpxord %%zmm31, %%zmm31, %%zmm31"
		:
		:
		: "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6",
		  "xmm7", "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13",
		  "xmm14", "xmm15", "xmm16", "xmm17", "xmm18", "xmm19",
		  "xmm20", "xmm21", "xmm22", "xmm23", "xmm24", "xmm25",
		  "xmm26", "xmm27", "xmm28", "xmm29", "xmm30", "xmm31");
}

INLINE __m128i load1(const uint8_t *p)
{
	return _mm_loadu_si128((const __m128i *)p);
}

/* see twofish-avx512.h */
void cryptarch_twofish_avx512_enc_block(const void *vctx, uint8_t *dst,
					const uint8_t *src)
{
	const struct cryptarch_twofish_avx512_ctx *ctx = vctx;
	struct keyregs kr;

	load_keyregs(&kr, ctx);
	_mm_storeu_si128((__m128i *)dst,
			 enc_one(&kr, ctx->k,
				 _mm_loadu_si128((const __m128i *)src)));
	wipe_regs();
}

/* see twofish-avx512.h */
void cryptarch_twofish_avx512_dec_block(const void *vctx, uint8_t *dst,
					const uint8_t *src)
{
	const struct cryptarch_twofish_avx512_ctx *ctx = vctx;
	struct keyregs kr;

	load_keyregs(&kr, ctx);
	_mm_storeu_si128((__m128i *)dst,
			 dec_one(&kr, ctx->k,
				 _mm_loadu_si128((const __m128i *)src)));
	wipe_regs();
}

/* see twofish-avx512.h */
void cryptarch_twofish_avx512_cbc_encrypt(const void *vctx, uint8_t *dst,
					  const uint8_t *src, size_t nblocks,
					  uint8_t iv[16])
{
	const struct cryptarch_twofish_avx512_ctx *ctx = vctx;
	__m128i v = _mm_loadu_si128((const __m128i *)iv);
	struct keyregs kr;

	load_keyregs(&kr, ctx);
	for (; nblocks; nblocks--, src += 16, dst += 16) {
		v = _mm_xor_si128(v, _mm_loadu_si128((const __m128i *)src));
		v = enc_one(&kr, ctx->k, v);
		_mm_storeu_si128((__m128i *)dst, v);
	}
	_mm_storeu_si128((__m128i *)iv, v);
	wipe_regs();
}

/* ------------------------------------------------------------------ */
/* The parallel modes: 32 blocks a step, then one masked group of up to 16
 * (twice if 17..31 remain); a last single block (ECB, CBC decryption,
 * CTR) takes the one-block path. */

#define STEP 32

/* ECB over N blocks (1..16, or 32 if TWO). */
INLINE void ecb_step(const struct keyregs *kr, const uint32_t *k, uint8_t *dst,
		     const uint8_t *src, size_t n, int two, int enc)
{
	const int full = two || n == 16;
	struct v16 x, y;

	load16(&x, src, n, full);
	transpose(&x);
	if (two) {
		load16(&y, src + 256, 16, 1);
		transpose(&y);
	}
	if (enc)
		encrypt16(kr, k, &x, &y, two);
	else
		decrypt16(kr, k, &x, &y, two);
	transpose(&x);
	store16(dst, &x, n, full);
	if (two) {
		transpose(&y);
		store16(dst + 256, &y, 16, 1);
	}
}

INLINE void ecb_crypt(const void *vctx, uint8_t *dst, const uint8_t *src,
		      size_t nblocks, int enc)
{
	const struct cryptarch_twofish_avx512_ctx *ctx = vctx;
	struct keyregs kr;

	load_keyregs(&kr, ctx);
	for (; nblocks >= STEP; nblocks -= STEP, dst += 16 * STEP,
				src += 16 * STEP)
		ecb_step(&kr, ctx->k, dst, src, 32, 1, enc);
	for (; nblocks; ) {
		size_t n = nblocks < 16 ? nblocks : 16;

		if (n == 1) /* the single-block path: shorter than a group */
			_mm_storeu_si128((__m128i *)dst,
					 enc ? enc_one(&kr, ctx->k, load1(src)) :
					       dec_one(&kr, ctx->k, load1(src)));
		else
			ecb_step(&kr, ctx->k, dst, src, n, 0, enc);
		nblocks -= n;
		dst += 16 * n;
		src += 16 * n;
	}
	wipe_regs();
}

/* see twofish-avx512.h */
void cryptarch_twofish_avx512_ecb_encrypt(const void *ctx, uint8_t *dst,
					  const uint8_t *src, size_t nblocks)
{
	ecb_crypt(ctx, dst, src, nblocks, 1);
}

/* see twofish-avx512.h */
void cryptarch_twofish_avx512_ecb_decrypt(const void *ctx, uint8_t *dst,
					  const uint8_t *src, size_t nblocks)
{
	ecb_crypt(ctx, dst, src, nblocks, 0);
}

/*
 * The previous ciphertext of each block of C (16 blocks as loaded), with
 * LAST the block before C's first (in every lane): (LAST, C0, C1, C2),
 * (C3, ..., C6), ...
 */
INLINE void prev16(struct v16 *p, const struct v16 *c, __m512i last)
{
	p->w[0] = _mm512_alignr_epi64(c->w[0], last, 6);
	p->w[1] = _mm512_alignr_epi64(c->w[1], c->w[0], 6);
	p->w[2] = _mm512_alignr_epi64(c->w[2], c->w[1], 6);
	p->w[3] = _mm512_alignr_epi64(c->w[3], c->w[2], 6);
}

/*
 * CBC decryption of N blocks (1..16, or 32 if TWO): P(i) = D(C(i)) ^
 * C(i - 1), C(-1) = IV. All ciphertext is read before the first store;
 * IV becomes the last ciphertext block.
 */
INLINE void cbc_dec_step(const struct keyregs *kr, const uint32_t *k,
			 uint8_t *dst, const uint8_t *src, size_t n,
			 __m512i *iv, int two)
{
	const int full = two || n == 16;
	struct v16 cx, cy, x, y, px, py;

	load16(&cx, src, n, full);
	x = cx;
	transpose(&x);
	if (two) {
		load16(&cy, src + 256, 16, 1);
		y = cy;
		transpose(&y);
	}
	decrypt16(kr, k, &x, &y, two);
	prev16(&px, &cx, *iv);
	transpose(&x);
	xor16(&x, &px);
	if (two) {
		prev16(&py, &cy, cx.w[3]);
		transpose(&y);
		xor16(&y, &py);
	}
	*iv = _mm512_broadcast_i32x4(_mm_loadu_si128(
		(const __m128i *)(src + 16 * (two ? 32 : n) - 16)));
	store16(dst, &x, n, full);
	if (two)
		store16(dst + 256, &y, 16, 1);
}

/* see twofish-avx512.h */
void cryptarch_twofish_avx512_cbc_decrypt(const void *vctx, uint8_t *dst,
					  const uint8_t *src, size_t nblocks,
					  uint8_t ivp[16])
{
	const struct cryptarch_twofish_avx512_ctx *ctx = vctx;
	__m512i iv = _mm512_broadcast_i32x4(
		_mm_loadu_si128((const __m128i *)ivp));
	struct keyregs kr;

	load_keyregs(&kr, ctx);
	for (; nblocks >= STEP; nblocks -= STEP, dst += 16 * STEP,
				src += 16 * STEP)
		cbc_dec_step(&kr, ctx->k, dst, src, 32, &iv, 1);
	for (; nblocks; ) {
		size_t n = nblocks < 16 ? nblocks : 16;

		if (n == 1) {
			__m128i c = load1(src);

			_mm_storeu_si128((__m128i *)dst,
					 _mm_xor_si128(dec_one(&kr, ctx->k, c),
						       _mm512_castsi512_si128(iv)));
			iv = _mm512_broadcast_i32x4(c);
		} else {
			cbc_dec_step(&kr, ctx->k, dst, src, n, &iv, 0);
		}
		nblocks -= n;
		dst += 16 * n;
		src += 16 * n;
	}
	_mm_storeu_si128((__m128i *)ivp, _mm512_castsi512_si128(iv));
	wipe_regs();
}

/*
 * The 16 counter blocks HI:LO + 0..15 (128-bit big-endian), in memory
 * order. Where the low 64 bits do not wrap within the 16 they are vector
 * adds and byte swaps; otherwise they are written out with full carry.
 */
INLINE void ctr_blocks(struct v16 *v, uint64_t hi, uint64_t lo)
{
	if (lo <= UINT64_MAX - 15) {
		const __m512i bswap = _mm512_broadcast_i32x4(_mm_setr_epi8(
			7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8));
		const __m512i base = _mm512_broadcast_i32x4(
			_mm_set_epi64x((long long)lo, (long long)hi));
		int r;

		#pragma GCC unroll 4
		for (r = 0; r < 4; r++) {
			__m512i inc = _mm512_set_epi64(4 * r + 3, 0, 4 * r + 2,
						       0, 4 * r + 1, 0, 4 * r,
						       0);

			v->w[r] = _mm512_shuffle_epi8(
				_mm512_add_epi64(base, inc), bswap);
		}
	} else {
		uint8_t buf[256];
		int i;

		for (i = 0; i < 16; i++) {
			store64_be(buf + 16 * i, hi);
			store64_be(buf + 16 * i + 8, lo);
			ctr_add64(&hi, &lo, 1);
		}
		load16(v, buf, 16, 1);
	}
}

/* CTR over N blocks (1..16, or 32 if TWO): DST = SRC ^ E(counter). */
INLINE void ctr_step(const struct keyregs *kr, const uint32_t *k, uint8_t *dst,
		     const uint8_t *src, size_t n, uint64_t *hi, uint64_t *lo,
		     int two)
{
	const int full = two || n == 16;
	struct v16 x, y, m;

	ctr_blocks(&x, *hi, *lo);
	transpose(&x);
	if (two) {
		ctr_add64(hi, lo, 16);
		ctr_blocks(&y, *hi, *lo);
		transpose(&y);
		ctr_add64(hi, lo, 16);
	} else {
		ctr_add64(hi, lo, n);
	}
	encrypt16(kr, k, &x, &y, two);
	transpose(&x);
	load16(&m, src, n, full);
	xor16(&x, &m);
	store16(dst, &x, n, full);
	if (two) {
		transpose(&y);
		load16(&m, src + 256, 16, 1);
		xor16(&y, &m);
		store16(dst + 256, &y, 16, 1);
	}
}

/* see twofish-avx512.h */
void cryptarch_twofish_avx512_ctr_crypt(const void *vctx, uint8_t *dst,
					const uint8_t *src, size_t nblocks,
					uint8_t ctr[16])
{
	const struct cryptarch_twofish_avx512_ctx *ctx = vctx;
	uint64_t hi = load64_be(ctr), lo = load64_be(ctr + 8);
	struct keyregs kr;

	load_keyregs(&kr, ctx);
	for (; nblocks >= STEP; nblocks -= STEP, dst += 16 * STEP,
				src += 16 * STEP)
		ctr_step(&kr, ctx->k, dst, src, 32, &hi, &lo, 1);
	for (; nblocks; ) {
		size_t n = nblocks < 16 ? nblocks : 16;

		if (n == 1) {
			const __m128i bswap = _mm_setr_epi8(7, 6, 5, 4, 3, 2, 1,
							    0, 15, 14, 13, 12,
							    11, 10, 9, 8);
			__m128i c = _mm_shuffle_epi8(
				_mm_set_epi64x((long long)lo, (long long)hi),
				bswap);

			_mm_storeu_si128((__m128i *)dst,
					 _mm_xor_si128(enc_one(&kr, ctx->k, c),
						       load1(src)));
			ctr_add64(&hi, &lo, 1);
		} else {
			ctr_step(&kr, ctx->k, dst, src, n, &hi, &lo, 0);
		}
		nblocks -= n;
		dst += 16 * n;
		src += 16 * n;
	}
	store64_be(ctr, hi);
	store64_be(ctr + 8, lo);
	wipe_regs();
}

/*
 * XTS tweaks (IEEE 1619 order: each 128-bit lane a little-endian number).
 * mul_alpha: times alpha; mul_alpha4: times alpha^4, a shift by 4 with the
 * top four bits b folded back as b * 0x87 (carry-less: b ^ b<<1 ^ b<<2 ^
 * b<<7).
 */
INLINE __m128i mul_alpha(__m128i t)
{
	const __m128i poly = _mm_set_epi32(0, 1, 0, 0x87);
	__m128i top = _mm_srai_epi32(t, 31);

	top = _mm_shuffle_epi32(top, _MM_SHUFFLE(0, 1, 0, 3));
	return _mm_xor_si128(_mm_slli_epi64(t, 1), _mm_and_si128(top, poly));
}

INLINE __m512i mul_alpha4(__m512i t)
{
	__m512i top = _mm512_srli_epi64(t, 60);
	/* qword 0 <- the high qword's top bits, qword 1 <- the low one's */
	__m512i sw = _mm512_shuffle_epi32(top, _MM_SHUFFLE(1, 0, 3, 2));
	__m512i carry = _mm512_maskz_mov_epi64(0xaa, sw);
	__m512i b = _mm512_maskz_mov_epi64(0x55, sw);
	__m512i red = _mm512_ternarylogic_epi64(b, _mm512_slli_epi64(b, 1),
						_mm512_slli_epi64(b, 2), 0x96);

	red = _mm512_xor_si512(red, _mm512_slli_epi64(b, 7));
	return _mm512_ternarylogic_epi64(_mm512_slli_epi64(t, 4), carry, red,
					 0x96);
}

/* The tweaks of 16 blocks in memory order from *CUR (the tweaks of the
 * first four, one per lane); *CUR advances by alpha^16. */
INLINE void xts_tweaks(struct v16 *tw, __m512i *cur)
{
	tw->w[0] = *cur;
	tw->w[1] = mul_alpha4(tw->w[0]);
	tw->w[2] = mul_alpha4(tw->w[1]);
	tw->w[3] = mul_alpha4(tw->w[2]);
	*cur = mul_alpha4(tw->w[3]);
}

/* XTS over N blocks (1..16, or 32 if TWO): DST = E(SRC ^ T) ^ T. */
INLINE void xts_step(const struct keyregs *kr, const uint32_t *k, uint8_t *dst,
		     const uint8_t *src, size_t n, __m512i *cur,
		     struct v16 tw[2], int two, int enc)
{
	const int full = two || n == 16;
	struct v16 x, y;

	xts_tweaks(&tw[0], cur);
	load16(&x, src, n, full);
	xor16(&x, &tw[0]);
	transpose(&x);
	if (two) {
		xts_tweaks(&tw[1], cur);
		load16(&y, src + 256, 16, 1);
		xor16(&y, &tw[1]);
		transpose(&y);
	}
	if (enc)
		encrypt16(kr, k, &x, &y, two);
	else
		decrypt16(kr, k, &x, &y, two);
	transpose(&x);
	xor16(&x, &tw[0]);
	store16(dst, &x, n, full);
	if (two) {
		transpose(&y);
		xor16(&y, &tw[1]);
		store16(dst + 256, &y, 16, 1);
	}
}

INLINE void xts_crypt(const void *vctx, uint8_t *dst, const uint8_t *src,
		      size_t nblocks, uint8_t tweak[16], int enc)
{
	const struct cryptarch_twofish_avx512_ctx *ctx = vctx;
	__m128i t0 = _mm_loadu_si128((const __m128i *)tweak);
	__m128i t1 = mul_alpha(t0), t2 = mul_alpha(t1), t3 = mul_alpha(t2);
	__m512i cur = _mm512_inserti64x4(
		_mm512_castsi256_si512(_mm256_set_m128i(t1, t0)),
		_mm256_set_m128i(t3, t2), 1);
	uint8_t last[16 * 20] __attribute__((aligned(64)));
	struct v16 tw[2];
	struct keyregs kr;

	load_keyregs(&kr, ctx);
	for (; nblocks >= STEP; nblocks -= STEP, dst += 16 * STEP,
				src += 16 * STEP)
		xts_step(&kr, ctx->k, dst, src, 32, &cur, tw, 1, enc);
	/* the next tweak: lane 0 of CUR, unless a partial group follows */
	_mm_storeu_si128((__m128i *)tweak, _mm512_castsi512_si128(cur));
	for (; nblocks; ) {
		size_t n = nblocks < 16 ? nblocks : 16;
		int r;

		xts_step(&kr, ctx->k, dst, src, n, &cur, tw, 0, enc);
		/* the tweak of block N of the group: public index N */
		for (r = 0; r < 4; r++)
			_mm512_store_si512((void *)(last + 64 * r), tw[0].w[r]);
		_mm512_store_si512((void *)(last + 256), cur);
		_mm_storeu_si128((__m128i *)tweak,
				 _mm_load_si128((const __m128i *)(last +
								  16 * n)));
		nblocks -= n;
		dst += 16 * n;
		src += 16 * n;
	}
	cryptarch_memzero(tw, sizeof(tw));
	cryptarch_memzero(last, sizeof(last));
	wipe_regs();
}

/* see twofish-avx512.h */
void cryptarch_twofish_avx512_xts_encrypt(const void *ctx, uint8_t *dst,
					  const uint8_t *src, size_t nblocks,
					  uint8_t tweak[16])
{
	xts_crypt(ctx, dst, src, nblocks, tweak, 1);
}

/* see twofish-avx512.h */
void cryptarch_twofish_avx512_xts_decrypt(const void *ctx, uint8_t *dst,
					  const uint8_t *src, size_t nblocks,
					  uint8_t tweak[16])
{
	xts_crypt(ctx, dst, src, nblocks, tweak, 0);
}

/* ------------------------------------------------------------------ */
/* The key schedule (section 4.3). */

/* The RS matrix (section 4.3), [row][column]. */
static const uint8_t rs[4][8] = {
	{ 0x01, 0xa4, 0x55, 0x87, 0x5a, 0x58, 0xdb, 0x9e },
	{ 0xa4, 0x56, 0x82, 0xf3, 0x1e, 0xc6, 0x68, 0xe5 },
	{ 0x02, 0xa1, 0xfc, 0xc1, 0x47, 0xae, 0x3d, 0x19 },
	{ 0xa4, 0x55, 0x87, 0x5a, 0x58, 0xdb, 0x9e, 0x03 },
};

/* A * C in GF(2^8) modulo x^8+x^6+x^3+x^2+1; C public, no branch or index
 * on A. */
static uint32_t rs_mul(uint32_t a, uint32_t c)
{
	uint32_t r = 0;
	int i;

	for (i = 0; i < 8; i++) {
		r ^= a & (0u - ((c >> i) & 1));
		a = (a << 1) ^ (0x14du & (0u - ((a >> 7) & 1)));
	}
	return r;
}

/*
 * Lane J of h (section 4.3.2) for a key of K 64-bit words on the 64
 * bytes of X, with the list L whose byte j of word i is l[8 * i + j]:
 * (K = 4) qa[j], (K >= 3) qb[j], then qc[j], qd[j] with the key bytes
 * XORed after each, and the last permutation of the lane. Q holds q0 and
 * q1 in registers.
 */
INLINE __m512i h_lane(const struct tab256 q[2], __m512i x, const uint8_t *l,
		      int k, int j)
{
	static const uint8_t qa[4] = { 1, 0, 0, 1 };
	static const uint8_t qb[4] = { 1, 1, 0, 0 };
	static const uint8_t qc[4] = { 0, 1, 0, 1 };
	static const uint8_t qd[4] = { 0, 0, 1, 1 };
	static const uint8_t qe[4] = { 1, 0, 1, 0 };

	if (k == 4)
		x = _mm512_xor_si512(look(&q[qa[j]], x),
				     _mm512_set1_epi8((char)l[24 + j]));
	if (k >= 3)
		x = _mm512_xor_si512(look(&q[qb[j]], x),
				     _mm512_set1_epi8((char)l[16 + j]));
	x = _mm512_xor_si512(look(&q[qc[j]], x),
			     _mm512_set1_epi8((char)l[8 + j]));
	x = _mm512_xor_si512(look(&q[qd[j]], x), _mm512_set1_epi8((char)l[j]));
	return look(&q[qe[j]], x);
}

INLINE __m512i iota(int base)
{
	const __m512i i = _mm512_set_epi8(
		63, 62, 61, 60, 59, 58, 57, 56, 55, 54, 53, 52, 51, 50, 49, 48,
		47, 46, 45, 44, 43, 42, 41, 40, 39, 38, 37, 36, 35, 34, 33, 32,
		31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16,
		15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);

	return _mm512_add_epi8(i, _mm512_set1_epi8((char)base));
}

/*
 * h of the inputs 0..47 (X * rho for X = 0..47) with the list L: the four
 * lanes, interleaved into words, through the MDS matrix.
 */
static void h48(const struct tab256 q[2], const uint8_t *l, int k,
		uint32_t out[48])
{
	uint8_t y[4][64] __attribute__((aligned(64)));
	int j, x;

	for (j = 0; j < 4; j++)
		_mm512_store_si512((void *)y[j], h_lane(q, iota(0), l, k, j));
	for (x = 0; x < 48; x++)
		out[x] = (uint32_t)y[0][x] | (uint32_t)y[1][x] << 8 |
			 (uint32_t)y[2][x] << 16 | (uint32_t)y[3][x] << 24;
	for (x = 0; x < 48; x += 16)
		_mm512_storeu_si512(
			(void *)(out + x),
			mds512(_mm512_loadu_si512((const void *)(out + x)),
			       &pat_g0));
	cryptarch_memzero(y, sizeof(y));
}

static uint32_t rol32v(uint32_t x, int n)
{
	return (x << n) | (x >> (32 - n));
}

/* see twofish-avx512.h */
int cryptarch_twofish_avx512_expand(void *vctx, const uint8_t *key,
				    size_t keylen)
{
	struct cryptarch_twofish_avx512_ctx *ctx = vctx;
	uint8_t me[32], mo[32], sb[32];
	uint32_t he[48], ho[48];
	struct tab256 q[2];
	int k, i, j, r;

	if (keylen != 16 && keylen != 24 && keylen != 32)
		return -EINVAL;
	k = (int)(keylen / 8);
	load_tab(&q[0], cryptarch_twofish_q[0]);
	load_tab(&q[1], cryptarch_twofish_q[1]);

	/*
	 * Me and Mo (section 4.3) as byte lists, and the S words by the RS
	 * matrix, S_i from key bytes 8i..8i+7, in reverse order (the list
	 * of g is S_(k-1), ..., S_0).
	 */
	for (i = 0; i < k; i++) {
		for (j = 0; j < 4; j++) {
			me[8 * i + j] = key[8 * i + j];
			mo[8 * i + j] = key[8 * i + 4 + j];
		}
		for (r = 0; r < 4; r++) {
			uint32_t s = 0;

			for (j = 0; j < 8; j++)
				s ^= rs_mul(key[8 * i + j], rs[r][j]);
			sb[8 * (k - 1 - i) + r] = (uint8_t)s;
		}
	}

	/* The subkeys (section 4.3.4). */
	h48(q, me, k, he);
	h48(q, mo, k, ho);
	for (i = 0; i < 20; i++) {
		uint32_t a = he[2 * i], b = rol32v(ho[2 * i + 1], 8);

		ctx->k[2 * i] = a + b;
		ctx->k[2 * i + 1] = rol32v(a + 2 * b, 9);
	}

	/* The S-boxes of g: h's lanes without MDS, on every byte. */
	for (j = 0; j < 4; j++)
		for (i = 0; i < 4; i++)
			_mm512_store_si512((void *)(ctx->s[j] + 64 * i),
					   h_lane(q, iota(64 * i), sb, k, j));

	cryptarch_memzero(me, sizeof(me));
	cryptarch_memzero(mo, sizeof(mo));
	cryptarch_memzero(sb, sizeof(sb));
	cryptarch_memzero(he, sizeof(he));
	cryptarch_memzero(ho, sizeof(ho));
	wipe_regs();
	return 0;
}
