/* SPDX-License-Identifier: MIT */
/*
 * ghash-clmul-core.h - the GF(2^128) arithmetic on xmm registers that the
 * x86 GHASH drivers share: included by ghash-pclmul.c (built for SSE4.1
 * and PCLMULQDQ: legacy SSE encoding) and by ghash-vpclmul-avx512.c
 * (built for AVX-512: the same functions VEX-encoded, for its key
 * schedule and its last few blocks). Only PCLMULQDQ, PSHUFB, shifts,
 * shuffles and XORs: constant-time.
 *
 * The register form. GCM writes the coefficient of x^0 as the most
 * significant bit of the first byte and that of x^127 as the least
 * significant bit of the last (SP 800-38D 6.3). A block is loaded and
 * its 16 bytes reversed (PSHUFB), so that the register, read as a
 * 128-bit little-endian number, holds the coefficient of x^i at bit
 * 127 - i: the polynomial A(x) appears as a(z) = z^127 A(1/z), its bits
 * reflected. Since P(x) = x^128 + x^7 + x^2 + x + 1 maps to its
 * reciprocal p(z) = z^128 + z^127 + z^126 + z^121 + 1, x -> 1/z is an
 * isomorphism of the fields GF(2)[x]/P and GF(2)[z]/p, and a carry-less
 * product of two registers is a(z) b(z) = z^254 (AB)(1/z): the reflected
 * product, one factor of z^127 too many.
 *
 * The reduction below divides a 256-bit product T by z^128 modulo p
 * (Montgomery's reduction with R = z^128, in characteristic 2 no final
 * subtraction): it adds the multiple q p of p that clears T's low 128
 * bits and keeps the high half. Each key power is stored times z (the
 * register shifted left by one bit and reduced), so that for a block a
 * and a stored power z h the reduced product is a(z) z h(z) / z^128 =
 * z^127 A(1/z) z^128 H(1/z) / z^128 = z^127 (AH)(1/z): the register form
 * of A H itself, with no shift of the product.
 *
 * A 128-bit product is taken from 64-bit halves a = a1 z^64 + a0:
 * lo = a0 b0, hi = a1 b1 and the middle a0 b1 + a1 b0 (at z^64), either
 * as two more multiplications (schoolbook) or as (a0 + a1)(b0 + b1) + lo
 * + hi (Karatsuba: one multiplication, the key's a0 + a1 precomputed).
 * Sums of many products are accumulated in these three parts and reduced
 * once (the reduction is linear): with the powers H^n .. H^1, n blocks
 * cost one reduction.
 *
 * The method is the classic one (S. Gueron, M. Kounavis, "Intel
 * Carry-Less Multiplication Instruction and its Usage for Computing the
 * GCM Mode", Intel white paper, 2010/2014: the reflected operands and
 * the aggregated reduction); the reduction is derived above.
 */
#ifndef CRYPTARCH_GHASH_CLMUL_CORE_H
#define CRYPTARCH_GHASH_CLMUL_CORE_H

#include <immintrin.h>
#include <stdint.h>

#define GH_INLINE static inline __attribute__((always_inline))

/* The 64-bit half c of p's tail, z^64 c = z^127 + z^126 + z^121: bits
 * 63, 62 and 57. */
#define GH_POLY_C 0xc200000000000000ull

GH_INLINE __m128i gh_loadu(const uint8_t *p)
{
	return _mm_loadu_si128((const __m128i *)p);
}

GH_INLINE void gh_storeu(uint8_t *p, __m128i v)
{
	_mm_storeu_si128((__m128i *)p, v);
}

/* The register form of a block (and back: the reversal is its own
 * inverse). */
GH_INLINE __m128i gh_bswap(__m128i x)
{
	return _mm_shuffle_epi8(x, _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
						10, 11, 12, 13, 14, 15));
}

/* The two 64-bit halves swapped. */
GH_INLINE __m128i gh_swap(__m128i x)
{
	return _mm_shuffle_epi32(x, 0x4e);
}

/*
 * T / z^128 mod p for the 256-bit T = HI z^128 + LO. With LO = l1 z^64 +
 * l0 and p = z^128 + z^64 c + 1: adding l0 p clears l0 and adds l0 c at
 * z^64 (PCLMULQDQ of l0 by c: its low half m0 onto l1, its high half onto
 * z^128) and l0 at z^128; then m = l1 + m0 is cleared the same way by m z^64
 * p, which adds m c at z^128 and m at z^192. What is left above z^128 is
 * HI + (l0 + (l0 c)_hi) + m c + m z^64: two multiplications, the halves
 * swapped twice.
 */
GH_INLINE __m128i gh_reduce(__m128i lo, __m128i hi)
{
	const __m128i c = _mm_set_epi64x(0, (long long)GH_POLY_C);
	__m128i t;

	t = _mm_clmulepi64_si128(lo, c, 0x00);
	lo = _mm_xor_si128(gh_swap(lo), t);  /* (l0 + (l0 c)_hi, m) */
	t = _mm_clmulepi64_si128(lo, c, 0x00);
	lo = _mm_xor_si128(gh_swap(lo), t);  /* (.. + (m c)_lo, m + (m c)_hi) */
	return _mm_xor_si128(hi, lo);
}

/* The 256-bit (LO, HI) of the product with middle term MID (at z^64). */
GH_INLINE __m128i gh_fold_reduce(__m128i lo, __m128i mid, __m128i hi)
{
	lo = _mm_xor_si128(lo, _mm_slli_si128(mid, 8));
	hi = _mm_xor_si128(hi, _mm_srli_si128(mid, 8));
	return gh_reduce(lo, hi);
}

/*
 * A times H in register form, H given as its key power (z h): four
 * independent multiplications (the shortest chain, for one block).
 */
GH_INLINE __m128i gh_mul(__m128i a, __m128i h)
{
	__m128i lo = _mm_clmulepi64_si128(a, h, 0x00);
	__m128i hi = _mm_clmulepi64_si128(a, h, 0x11);
	__m128i mid = _mm_xor_si128(_mm_clmulepi64_si128(a, h, 0x01),
				    _mm_clmulepi64_si128(a, h, 0x10));

	return gh_fold_reduce(lo, mid, hi);
}

/* The key power of H (register form times z): the register shifted left
 * by one bit, z^128 replaced by p's other terms when bit 127 was set
 * (a mask from that bit, no branch). */
GH_INLINE __m128i gh_key_power(__m128i h)
{
	const __m128i p = _mm_set_epi64x((long long)GH_POLY_C, 1);
	__m128i top = _mm_shuffle_epi32(_mm_srai_epi32(h, 31), 0xff);
	__m128i s = _mm_or_si128(_mm_slli_epi64(h, 1),
				 _mm_slli_si128(_mm_srli_epi64(h, 63), 8));

	return _mm_xor_si128(s, _mm_and_si128(top, p));
}

/*
 * Products accumulated unreduced: schoolbook (lo, mid, hi exact) or
 * Karatsuba (mid holds (a0 + a1)(b0 + b1), corrected once by
 * gh_acc_karatsuba_reduce).
 */
struct gh_acc {
	__m128i lo, mid, hi;
};

GH_INLINE void gh_acc_zero(struct gh_acc *s)
{
	s->lo = _mm_setzero_si128();
	s->mid = _mm_setzero_si128();
	s->hi = _mm_setzero_si128();
}

/* S += A H, H a key power, schoolbook. */
GH_INLINE void gh_acc_mul(struct gh_acc *s, __m128i a, __m128i h)
{
	s->lo = _mm_xor_si128(s->lo, _mm_clmulepi64_si128(a, h, 0x00));
	s->hi = _mm_xor_si128(s->hi, _mm_clmulepi64_si128(a, h, 0x11));
	s->mid = _mm_xor_si128(s->mid, _mm_clmulepi64_si128(a, h, 0x01));
	s->mid = _mm_xor_si128(s->mid, _mm_clmulepi64_si128(a, h, 0x10));
}

/* S += A H, Karatsuba, K = the halves of H XORed (low half used). */
GH_INLINE void gh_acc_mul_k(struct gh_acc *s, __m128i a, __m128i h,
			    __m128i k)
{
	__m128i ak = _mm_xor_si128(a, gh_swap(a));

	s->lo = _mm_xor_si128(s->lo, _mm_clmulepi64_si128(a, h, 0x00));
	s->hi = _mm_xor_si128(s->hi, _mm_clmulepi64_si128(a, h, 0x11));
	s->mid = _mm_xor_si128(s->mid, _mm_clmulepi64_si128(ak, k, 0x00));
}

GH_INLINE __m128i gh_acc_reduce(const struct gh_acc *s)
{
	return gh_fold_reduce(s->lo, s->mid, s->hi);
}

GH_INLINE __m128i gh_acc_karatsuba_reduce(const struct gh_acc *s)
{
	__m128i mid = _mm_xor_si128(s->mid, _mm_xor_si128(s->lo, s->hi));

	return gh_fold_reduce(s->lo, mid, s->hi);
}

/* The Karatsuba factor of key power H: its halves XORed, in both. */
GH_INLINE __m128i gh_karatsuba_key(__m128i h)
{
	return _mm_xor_si128(h, gh_swap(h));
}

#endif /* CRYPTARCH_GHASH_CLMUL_CORE_H */
