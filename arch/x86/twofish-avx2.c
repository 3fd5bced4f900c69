/* SPDX-License-Identifier: MIT */
/*
 * twofish-avx2.c - the vector half of driver "twofish-avx2": Twofish
 * (Schneier et al., "Twofish: A 128-Bit Block Cipher", 1998) on 16 blocks
 * at once (8 for a remainder of 8 to 15 blocks) for ECB, CBC decryption,
 * CTR and XTS. The blocks are transposed so that each ymm register holds
 * one 32-bit word of 8 blocks; whitening, the pseudo-Hadamard transform,
 * the subkey additions and the rotates are vector operations, and the
 * g-function lookups in twofish-generic's key-dependent tables (S-boxes
 * merged with MDS) are scalar loads fed by bytes moved out of the vector
 * registers. VPGATHERDD was measured and rejected: on AMD Zen 5 a gather
 * delivers about one element per cycle, and the gather version ran
 * Twofish-128 ECB at 4.1-4.6 cycles/byte against 2.9-3.1 here. Two
 * independent groups of 8 blocks are interleaved to hide the latency of
 * the vector-to-scalar round trip; four groups, or AVX-512 (one-instruction
 * rotates, 32 registers), gained 0-4% there, not enough for a zmm driver.
 * Not constant-time: the tables are
 * indexed by key and data bytes (cache timing). Needs AVX, AVX2 and BMI1
 * (bextr, present on every CPU with BMI2; the descriptor asks for BMI2).
 * Speed: see twofish-avx2-glue.c.
 */
#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "../../src/core/endian.h"
#include "../../src/core/memzero.h"
#include "../../src/modes/ctr-inc.h"
#include "../../src/twofish/twofish-generic.h"
#include "twofish-avx2.h"

#define INLINE static inline __attribute__((always_inline))

/* The byte offset of table s[n] from s[0] (the tables are contiguous). */
#define TAB(n) ((n)*1024)
_Static_assert(sizeof(((struct cryptarch_twofish_ctx *)0)->s[0]) == TAB(1),
	       "twofish-avx2: table layout");

/*
 * Eight blocks B0..B7 as four words each. Loaded as they lie in memory,
 * w0 = (B0 | B1), w1 = (B2 | B3), w2 = (B4 | B5), w3 = (B6 | B7), one
 * block per 128-bit lane (the low lane first). transpose() then swaps
 * words and blocks within each lane, so that wj holds word j of the
 * blocks (B0, B2, B4, B6 | B1, B3, B5, B7), in that dword order. The
 * transposition is its own inverse and brings the blocks back in place.
 */
struct v8 {
	__m256i w0, w1, w2, w3;
};

INLINE void transpose(struct v8 *v)
{
	__m256i t0 = _mm256_unpacklo_epi32(v->w0, v->w1);
	__m256i t1 = _mm256_unpackhi_epi32(v->w0, v->w1);
	__m256i t2 = _mm256_unpacklo_epi32(v->w2, v->w3);
	__m256i t3 = _mm256_unpackhi_epi32(v->w2, v->w3);

	v->w0 = _mm256_unpacklo_epi64(t0, t2);
	v->w1 = _mm256_unpackhi_epi64(t0, t2);
	v->w2 = _mm256_unpacklo_epi64(t1, t3);
	v->w3 = _mm256_unpackhi_epi64(t1, t3);
}

INLINE void load_raw(struct v8 *v, const uint8_t *p)
{
	v->w0 = _mm256_loadu_si256((const __m256i *)p);
	v->w1 = _mm256_loadu_si256((const __m256i *)(p + 32));
	v->w2 = _mm256_loadu_si256((const __m256i *)(p + 64));
	v->w3 = _mm256_loadu_si256((const __m256i *)(p + 96));
}

INLINE void store_raw(uint8_t *p, const struct v8 *v)
{
	_mm256_storeu_si256((__m256i *)p, v->w0);
	_mm256_storeu_si256((__m256i *)(p + 32), v->w1);
	_mm256_storeu_si256((__m256i *)(p + 64), v->w2);
	_mm256_storeu_si256((__m256i *)(p + 96), v->w3);
}

/* V ^= the 128 bytes at P (both in memory order). */
INLINE void xor_mem(struct v8 *v, const uint8_t *p)
{
	struct v8 m;

	load_raw(&m, p);
	v->w0 = _mm256_xor_si256(v->w0, m.w0);
	v->w1 = _mm256_xor_si256(v->w1, m.w1);
	v->w2 = _mm256_xor_si256(v->w2, m.w2);
	v->w3 = _mm256_xor_si256(v->w3, m.w3);
}

INLINE void xor_v8(struct v8 *v, const struct v8 *m)
{
	v->w0 = _mm256_xor_si256(v->w0, m->w0);
	v->w1 = _mm256_xor_si256(v->w1, m->w1);
	v->w2 = _mm256_xor_si256(v->w2, m->w2);
	v->w3 = _mm256_xor_si256(v->w3, m->w3);
}

/*
 * g (section 4.3) with the tables of twofish-generic.h: g(X) = s[0][X0] ^
 * s[1][X1] ^ s[2][X2] ^ s[3][X3] for the bytes X0 (lowest) .. X3 of X.
 * F needs g(A) and g(ROL(B, 8)); the latter is the same four lookups with
 * the tables taken in the order s[1], s[2], s[3], s[0].
 *
 * G_PAIR does the eight lookups for the two words of the 64-bit Q (low
 * word to R0, high word to R1), with tables O0..O3 bytes past S for the
 * bytes X0..X3 of each word. A compiler turns the byte extraction into
 * two or three instructions per byte; here it is one: movzbl of the low
 * and high byte registers (Q sits in a, b, c or d) for bytes 0 and 1,
 * bextr for bytes 2 and 3, then a shift by 32 for the high word.
 * The destination of a high-byte movzbl cannot be r8..r15 (REX), hence
 * the legacy-register constraint R on J.
 */
#define G_PAIR(S_, Q_, R0_, R1_, O0_, O1_, O2_, O3_)                   \
	do {                                                           \
		uint64_t q_ = (Q_), i_, j_;                            \
		uint32_t x_, y_;                                       \
		__asm__("movzbl %b[q], %k[i]\n\t"                      \
			"movzbl %h[q], %k[j]\n\t"                      \
			"movl %c[o0](%[s], %[i], 4), %[x]\n\t"         \
			"xorl %c[o1](%[s], %[j], 4), %[x]\n\t"         \
			"bextrq %[c2], %[q], %[i]\n\t"                 \
			"bextrq %[c3], %[q], %[j]\n\t"                 \
			"xorl %c[o2](%[s], %[i], 4), %[x]\n\t"         \
			"xorl %c[o3](%[s], %[j], 4), %[x]\n\t"         \
			"shrq $32, %[q]\n\t"                           \
			"movzbl %b[q], %k[i]\n\t"                      \
			"movzbl %h[q], %k[j]\n\t"                      \
			"movl %c[o0](%[s], %[i], 4), %[y]\n\t"         \
			"xorl %c[o1](%[s], %[j], 4), %[y]\n\t"         \
			"bextrq %[c2], %[q], %[i]\n\t"                 \
			"bextrq %[c3], %[q], %[j]\n\t"                 \
			"xorl %c[o2](%[s], %[i], 4), %[y]\n\t"         \
			"xorl %c[o3](%[s], %[j], 4), %[y]"             \
			: [q] "+Q"(q_), [i] "=&r"(i_), [j] "=&R"(j_),  \
			  [x] "=&r"(x_), [y] "=&r"(y_)                 \
			: [s] "r"(S_), [c2] "r"(c2), [c3] "r"(c3),     \
			  [o0] "i"(O0_), [o1] "i"(O1_), [o2] "i"(O2_), \
			  [o3] "i"(O3_),                               \
			  "m"(*(const uint32_t(*)[4 * 256])(S_)));     \
		(R0_) = x_;                                            \
		(R1_) = y_;                                            \
	} while (0)

/* g of the four words of X, or of the words rotated left by 8 if ROT. */
INLINE __m128i g4(const uint32_t *s, __m128i x, int rot)
{
	const uint64_t c2 = 0x0810, c3 = 0x0818; /* bextr: 8 bits at 16, 24 */
	uint64_t q0 = (uint64_t)_mm_cvtsi128_si64(x);
	uint64_t q1 = (uint64_t)_mm_extract_epi64(x, 1);
	uint32_t r0, r1, r2, r3;
	__m128i lo, hi;

	if (rot) {
		G_PAIR(s, q0, r0, r1, TAB(1), TAB(2), TAB(3), TAB(0));
		G_PAIR(s, q1, r2, r3, TAB(1), TAB(2), TAB(3), TAB(0));
	} else {
		G_PAIR(s, q0, r0, r1, TAB(0), TAB(1), TAB(2), TAB(3));
		G_PAIR(s, q1, r2, r3, TAB(0), TAB(1), TAB(2), TAB(3));
	}
	lo = _mm_insert_epi32(_mm_cvtsi32_si128((int)r0), (int)r1, 1);
	hi = _mm_insert_epi32(_mm_cvtsi32_si128((int)r2), (int)r3, 1);
	return _mm_unpacklo_epi64(lo, hi);
}

INLINE __m256i g8(const uint32_t *s, __m256i x, int rot)
{
	__m128i lo = g4(s, _mm256_castsi256_si128(x), rot);
	__m128i hi = g4(s, _mm256_extracti128_si256(x, 1), rot);

	return _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1);
}

INLINE __m256i rol1(__m256i x)
{
	return _mm256_or_si256(_mm256_slli_epi32(x, 1),
			       _mm256_srli_epi32(x, 31));
}

INLINE __m256i ror1(__m256i x)
{
	return _mm256_or_si256(_mm256_srli_epi32(x, 1),
			       _mm256_slli_epi32(x, 31));
}

INLINE __m256i bcast(uint32_t k)
{
	return _mm256_set1_epi32((int)k);
}

/*
 * One round on 8 blocks (section 4, F in section 4.1): with T0 = g(R0)
 * and T1 = g(ROL(R1, 8)), R2 = ROR(R2 ^ (T0 + T1 + K0), 1) and
 * R3 = ROL(R3, 1) ^ (T0 + 2 T1 + K1). The words never move; the next
 * round swaps the roles of the pairs.
 */
INLINE void enc_round(__m256i *r2, __m256i *r3, __m256i t0, __m256i t1,
		      uint32_t k0, uint32_t k1)
{
	t0 = _mm256_add_epi32(t0, t1);
	t1 = _mm256_add_epi32(t0, t1);
	*r2 = ror1(_mm256_xor_si256(*r2, _mm256_add_epi32(t0, bcast(k0))));
	*r3 = _mm256_xor_si256(rol1(*r3), _mm256_add_epi32(t1, bcast(k1)));
}

/* The inverse of enc_round with the same T0, T1 and subkeys. */
INLINE void dec_round(__m256i *r2, __m256i *r3, __m256i t0, __m256i t1,
		      uint32_t k0, uint32_t k1)
{
	t0 = _mm256_add_epi32(t0, t1);
	t1 = _mm256_add_epi32(t0, t1);
	*r2 = _mm256_xor_si256(rol1(*r2), _mm256_add_epi32(t0, bcast(k0)));
	*r3 = ror1(_mm256_xor_si256(*r3, _mm256_add_epi32(t1, bcast(k1))));
}

/* V ^= (K0, K1, K2, K3) word by word. */
INLINE void whiten(struct v8 *v, const uint32_t *k)
{
	v->w0 = _mm256_xor_si256(v->w0, bcast(k[0]));
	v->w1 = _mm256_xor_si256(v->w1, bcast(k[1]));
	v->w2 = _mm256_xor_si256(v->w2, bcast(k[2]));
	v->w3 = _mm256_xor_si256(v->w3, bcast(k[3]));
}

/* Swap the word pairs: (w0, w1, w2, w3) = (w2, w3, w0, w1). */
INLINE void swap_halves(struct v8 *v)
{
	__m256i t0 = v->w0, t1 = v->w1;

	v->w0 = v->w2;
	v->w1 = v->w3;
	v->w2 = t0;
	v->w3 = t1;
}

/*
 * Encrypt the transposed blocks of X, and of Y too if TWO (else Y is not
 * touched); the lookups of both groups are issued before either's
 * vector arithmetic, so that the two chains overlap.
 */
INLINE void encrypt(const struct cryptarch_twofish_ctx *ctx, struct v8 *x,
		    struct v8 *y, int two)
{
	const uint32_t *s = ctx->s[0], *k = ctx->k;
	__m256i t0, t1, u0 = _mm256_setzero_si256(), u1 = u0;
	int r;

	whiten(x, k);
	if (two)
		whiten(y, k);
	for (r = 0; r < 16; r += 2) {
		const uint32_t *rk = k + 8 + 2 * r;

		t0 = g8(s, x->w0, 0);
		t1 = g8(s, x->w1, 1);
		if (two) {
			u0 = g8(s, y->w0, 0);
			u1 = g8(s, y->w1, 1);
		}
		enc_round(&x->w2, &x->w3, t0, t1, rk[0], rk[1]);
		if (two)
			enc_round(&y->w2, &y->w3, u0, u1, rk[0], rk[1]);
		t0 = g8(s, x->w2, 0);
		t1 = g8(s, x->w3, 1);
		if (two) {
			u0 = g8(s, y->w2, 0);
			u1 = g8(s, y->w3, 1);
		}
		enc_round(&x->w0, &x->w1, t0, t1, rk[2], rk[3]);
		if (two)
			enc_round(&y->w0, &y->w1, u0, u1, rk[2], rk[3]);
	}
	/* Undo the last swap, then the output whitening K4..K7. */
	swap_halves(x);
	whiten(x, k + 4);
	if (two) {
		swap_halves(y);
		whiten(y, k + 4);
	}
}

/* The inverse of encrypt(). */
INLINE void decrypt(const struct cryptarch_twofish_ctx *ctx, struct v8 *x,
		    struct v8 *y, int two)
{
	const uint32_t *s = ctx->s[0], *k = ctx->k;
	__m256i t0, t1, u0 = _mm256_setzero_si256(), u1 = u0;
	int r;

	whiten(x, k + 4);
	swap_halves(x);
	if (two) {
		whiten(y, k + 4);
		swap_halves(y);
	}
	for (r = 14; r >= 0; r -= 2) {
		const uint32_t *rk = k + 8 + 2 * r;

		t0 = g8(s, x->w2, 0);
		t1 = g8(s, x->w3, 1);
		if (two) {
			u0 = g8(s, y->w2, 0);
			u1 = g8(s, y->w3, 1);
		}
		dec_round(&x->w0, &x->w1, t0, t1, rk[2], rk[3]);
		if (two)
			dec_round(&y->w0, &y->w1, u0, u1, rk[2], rk[3]);
		t0 = g8(s, x->w0, 0);
		t1 = g8(s, x->w1, 1);
		if (two) {
			u0 = g8(s, y->w0, 0);
			u1 = g8(s, y->w1, 1);
		}
		dec_round(&x->w2, &x->w3, t0, t1, rk[0], rk[1]);
		if (two)
			dec_round(&y->w2, &y->w3, u0, u1, rk[0], rk[1]);
	}
	whiten(x, k);
	if (two)
		whiten(y, k);
}

/* 8 or 16 blocks from SRC to DST in ECB. */
INLINE void ecb_step(const struct cryptarch_twofish_ctx *ctx, uint8_t *dst,
		     const uint8_t *src, int two, int enc)
{
	struct v8 x, y;

	load_raw(&x, src);
	transpose(&x);
	if (two) {
		load_raw(&y, src + 128);
		transpose(&y);
	}
	if (enc)
		encrypt(ctx, &x, &y, two);
	else
		decrypt(ctx, &x, &y, two);
	transpose(&x);
	store_raw(dst, &x);
	if (two) {
		transpose(&y);
		store_raw(dst + 128, &y);
	}
}

/* see twofish-avx2.h */
void cryptarch_twofish_avx2_ecb_encrypt(const void *ctx, uint8_t *dst,
					const uint8_t *src, size_t nblocks)
{
	for (; nblocks >= 16; nblocks -= 16, dst += 256, src += 256)
		ecb_step(ctx, dst, src, 1, 1);
	if (nblocks >= 8)
		ecb_step(ctx, dst, src, 0, 1);
	_mm256_zeroall();
}

/* see twofish-avx2.h */
void cryptarch_twofish_avx2_ecb_decrypt(const void *ctx, uint8_t *dst,
					const uint8_t *src, size_t nblocks)
{
	for (; nblocks >= 16; nblocks -= 16, dst += 256, src += 256)
		ecb_step(ctx, dst, src, 1, 0);
	if (nblocks >= 8)
		ecb_step(ctx, dst, src, 0, 0);
	_mm256_zeroall();
}

/*
 * CBC decryption of 8 or 16 blocks: P(i) = D(C(i)) ^ C(i - 1), C(-1) = IV.
 * Every ciphertext block is read before the first store (SRC == DST is
 * allowed); IV becomes the last one.
 */
INLINE void cbc_dec_step(const struct cryptarch_twofish_ctx *ctx, uint8_t *dst,
			 const uint8_t *src, __m128i *iv, int two)
{
	const size_t n = two ? 256 : 128;
	struct v8 x, y, c;

	load_raw(&x, src);
	transpose(&x);
	if (two) {
		load_raw(&y, src + 128);
		transpose(&y);
	}
	decrypt(ctx, &x, &y, two);
	transpose(&x);
	c.w0 = _mm256_set_m128i(_mm_loadu_si128((const __m128i *)src), *iv);
	c.w1 = _mm256_loadu_si256((const __m256i *)(src + 16));
	c.w2 = _mm256_loadu_si256((const __m256i *)(src + 48));
	c.w3 = _mm256_loadu_si256((const __m256i *)(src + 80));
	xor_v8(&x, &c);
	if (two) {
		transpose(&y);
		xor_mem(&y, src + 112);
	}
	*iv = _mm_loadu_si128((const __m128i *)(src + n - 16));
	store_raw(dst, &x);
	if (two)
		store_raw(dst + 128, &y);
}

/* see twofish-avx2.h */
void cryptarch_twofish_avx2_cbc_decrypt(const void *ctx, uint8_t *dst,
					const uint8_t *src, size_t nblocks,
					uint8_t ivp[16])
{
	__m128i iv = _mm_loadu_si128((const __m128i *)ivp);

	for (; nblocks >= 16; nblocks -= 16, dst += 256, src += 256)
		cbc_dec_step(ctx, dst, src, &iv, 1);
	if (nblocks >= 8)
		cbc_dec_step(ctx, dst, src, &iv, 0);
	_mm_storeu_si128((__m128i *)ivp, iv);
	_mm256_zeroall();
}

/*
 * The 8 counter blocks HI:LO + 0..7 (128-bit big-endian numbers, HI the
 * first 8 bytes), transposed. Where the low 32 bits do not wrap within
 * the 8, words 0..2 are the same in all of them and word 3 is the
 * byte-swapped sum; otherwise the blocks are written out with full carry
 * and loaded.
 */
INLINE void ctr_blocks(struct v8 *v, uint64_t hi, uint64_t lo)
{
	if ((uint32_t)lo <= UINT32_MAX - 7) {
		/* The block of each dword lane after transpose(). */
		const __m256i order = _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7);
		const __m256i bswap = _mm256_broadcastsi128_si256(_mm_setr_epi8(
			3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12));

		v->w0 = bcast(__builtin_bswap32((uint32_t)(hi >> 32)));
		v->w1 = bcast(__builtin_bswap32((uint32_t)hi));
		v->w2 = bcast(__builtin_bswap32((uint32_t)(lo >> 32)));
		v->w3 = _mm256_shuffle_epi8(
			_mm256_add_epi32(bcast((uint32_t)lo), order), bswap);
	} else {
		uint8_t buf[128];
		int i;

		for (i = 0; i < 8; i++) {
			store64_be(buf + 16 * i, hi);
			store64_be(buf + 16 * i + 8, lo);
			ctr_add64(&hi, &lo, 1);
		}
		load_raw(v, buf);
		transpose(v);
	}
}

/* CTR over 8 or 16 blocks: DST = SRC ^ E(counter), counter += 8 or 16. */
INLINE void ctr_step(const struct cryptarch_twofish_ctx *ctx, uint8_t *dst,
		     const uint8_t *src, uint64_t *hi, uint64_t *lo, int two)
{
	struct v8 x, y;

	ctr_blocks(&x, *hi, *lo);
	ctr_add64(hi, lo, 8);
	if (two) {
		ctr_blocks(&y, *hi, *lo);
		ctr_add64(hi, lo, 8);
	}
	encrypt(ctx, &x, &y, two);
	transpose(&x);
	xor_mem(&x, src);
	store_raw(dst, &x);
	if (two) {
		transpose(&y);
		xor_mem(&y, src + 128);
		store_raw(dst + 128, &y);
	}
}

/* see twofish-avx2.h */
void cryptarch_twofish_avx2_ctr_crypt(const void *ctx, uint8_t *dst,
				      const uint8_t *src, size_t nblocks,
				      uint8_t ctr[16])
{
	uint64_t hi = load64_be(ctr), lo = load64_be(ctr + 8);

	for (; nblocks >= 16; nblocks -= 16, dst += 256, src += 256)
		ctr_step(ctx, dst, src, &hi, &lo, 1);
	if (nblocks >= 8)
		ctr_step(ctx, dst, src, &hi, &lo, 0);
	store64_be(ctr, hi);
	store64_be(ctr + 8, lo);
	_mm256_zeroall();
}

/*
 * T * alpha in GF(2^128), IEEE 1619 order (xts-tweak.h): the 128-bit
 * little-endian number shifted left by one; bit 63 moves to bit 64 and
 * bit 127 comes back as 0x87.
 */
INLINE __m128i mul_alpha(__m128i t)
{
	const __m128i poly = _mm_set_epi32(0, 1, 0, 0x87);
	__m128i top = _mm_srai_epi32(t, 31); /* sign of each dword */

	/* dword 0 <- sign of dword 3, dword 2 <- sign of dword 1 */
	top = _mm_shuffle_epi32(top, _MM_SHUFFLE(0, 1, 0, 3));
	return _mm_xor_si128(_mm_slli_epi64(t, 1), _mm_and_si128(top, poly));
}

/* The tweaks T * alpha^0..7 in memory order of 8 blocks; T advances by
 * alpha^8. */
INLINE void xts_tweaks(struct v8 *tw, __m128i *t)
{
	__m128i t0 = *t, t1 = mul_alpha(t0), t2 = mul_alpha(t1);
	__m128i t3 = mul_alpha(t2), t4 = mul_alpha(t3), t5 = mul_alpha(t4);
	__m128i t6 = mul_alpha(t5), t7 = mul_alpha(t6);

	tw->w0 = _mm256_set_m128i(t1, t0);
	tw->w1 = _mm256_set_m128i(t3, t2);
	tw->w2 = _mm256_set_m128i(t5, t4);
	tw->w3 = _mm256_set_m128i(t7, t6);
	*t = mul_alpha(t7);
}

/* XTS over 8 or 16 blocks: DST = E(SRC ^ T(i)) ^ T(i) (D if !ENC). */
INLINE void xts_step(const struct cryptarch_twofish_ctx *ctx, uint8_t *dst,
		     const uint8_t *src, __m128i *t, struct v8 tw[2], int two,
		     int enc)
{
	struct v8 x, y;

	xts_tweaks(&tw[0], t);
	load_raw(&x, src);
	xor_v8(&x, &tw[0]);
	transpose(&x);
	if (two) {
		xts_tweaks(&tw[1], t);
		load_raw(&y, src + 128);
		xor_v8(&y, &tw[1]);
		transpose(&y);
	}
	if (enc)
		encrypt(ctx, &x, &y, two);
	else
		decrypt(ctx, &x, &y, two);
	transpose(&x);
	xor_v8(&x, &tw[0]);
	store_raw(dst, &x);
	if (two) {
		transpose(&y);
		xor_v8(&y, &tw[1]);
		store_raw(dst + 128, &y);
	}
}

INLINE void xts_crypt(const void *ctx, uint8_t *dst, const uint8_t *src,
		      size_t nblocks, uint8_t tweak[16], int enc)
{
	__m128i t = _mm_loadu_si128((const __m128i *)tweak);
	struct v8 tw[2];

	for (; nblocks >= 16; nblocks -= 16, dst += 256, src += 256)
		xts_step(ctx, dst, src, &t, tw, 1, enc);
	if (nblocks >= 8)
		xts_step(ctx, dst, src, &t, tw, 0, enc);
	_mm_storeu_si128((__m128i *)tweak, t);
	cryptarch_memzero(tw, sizeof(tw));
	_mm256_zeroall();
}

/* see twofish-avx2.h */
void cryptarch_twofish_avx2_xts_encrypt(const void *ctx, uint8_t *dst,
					const uint8_t *src, size_t nblocks,
					uint8_t tweak[16])
{
	xts_crypt(ctx, dst, src, nblocks, tweak, 1);
}

/* see twofish-avx2.h */
void cryptarch_twofish_avx2_xts_decrypt(const void *ctx, uint8_t *dst,
					const uint8_t *src, size_t nblocks,
					uint8_t tweak[16])
{
	xts_crypt(ctx, dst, src, nblocks, tweak, 0);
}
