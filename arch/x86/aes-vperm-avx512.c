/* SPDX-License-Identifier: MIT */
/*
 * aes-vperm-avx512.c - the AVX-512 code of driver "aes-vperm-avx512": the
 * vector-permute AES of aes-vperm.c (Hamburg, CHES 2009; rounds in
 * aes-vperm-core.h) with four blocks per zmm register. AVX-512BW's VPSHUFB
 * permutes within each 128-bit lane as the method needs, VPTERNLOGQ makes
 * each three-way XOR one instruction, and the 32 registers hold every
 * table. ECB, CBC decryption, CTR and XTS (aes-vperm-modes.h) keep four
 * zmm registers (16 blocks) in flight, then two and one, and take the last
 * one to three blocks in one register under a byte mask. The key
 * schedule, single blocks and CBC encryption are the 128-bit code with
 * VPTERNLOG on xmm registers (AVX-512VL), whose shorter dependency chain
 * makes CBC encryption about 8% faster than the VEX code of
 * aes-vperm-avx2.
 * Constant-time: as aes-vperm (register permutes only; addresses, masks
 * and branches depend on lengths and round numbers). Built with
 * -mavx512f -mavx512bw -mavx512vl (ISA avx512): call only after checking
 * AVX-512F, BW and VL; aes-vperm-avx512-glue.c has the descriptor.
 * Speed: see there.
 */
#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "../../src/core/endian.h"
#include "../../src/core/memzero.h"
#include "aes-vperm.h"
#include "aes-vperm-tables.h"

#define INLINE inline __attribute__((always_inline))

/* One block per xmm register, with VPTERNLOGQ (AVX-512VL). */
#define VP_TERNLOG
#include "aes-vperm-xmm.h"

/* ---- four blocks per zmm register ----------------------------------- */

#define VP_V __m512i
#define VP_FN(name) name##_z
#define VP_XOR(a, b) _mm512_xor_si512(a, b)
#define VP_XOR3(a, b, c) _mm512_ternarylogic_epi64(a, b, c, 0x96)
#define VP_AND(a, b) _mm512_and_si512(a, b)
#define VP_SHUF(t, i) _mm512_shuffle_epi8(t, i)
#define VP_SRL4(x) _mm512_srli_epi16(x, 4)
#define VP_BCAST(p)             \
	_mm512_broadcast_i32x4( \
		_mm_load_si128((const __m128i *)(const void *)(p)))
#define VP_SET1(b) _mm512_set1_epi8((char)(b))
#include "aes-vperm-core.h"

/* The width (aes-vperm-modes.h). Register i of a CTR group holds counter
 * + 4i .. + 4i + 3; the XTS tweaks step by alpha^4 per lane; the last
 * one to three blocks are one register under a byte mask (masked loads
 * and stores touch only those blocks). */
#define VP_DRIVER(name) cryptarch_aes_vperm_avx512_##name
#define VP_LANES 4
#define VP_MASKED 1

static INLINE __m512i load_z(const uint8_t *p)
{
	return _mm512_loadu_si512((const void *)p);
}

static INLINE void store_z(uint8_t *p, __m512i v)
{
	_mm512_storeu_si512((void *)p, v);
}

/* The bytes of the first N (1..3) blocks of a zmm register. */
static INLINE __mmask64 tail_mask(size_t n)
{
	return ((__mmask64)1 << (16 * n)) - 1;
}

static INLINE __m512i load_tail_z(const uint8_t *p, size_t n)
{
	return _mm512_maskz_loadu_epi8(tail_mask(n), (const void *)p);
}

static INLINE void store_tail_z(uint8_t *p, __m512i v, size_t n)
{
	_mm512_mask_storeu_epi8((void *)p, tail_mask(n), v);
}

/* ctr_add_x (aes-vperm-core.h) in every lane, the carry in one VPTERNLOG:
 * (c & n) | ((c | n) & ~s) is truth table 0xd4. */
static INLINE __m512i ctr_add_z(__m512i c, __m512i n)
{
	__m512i s = _mm512_add_epi64(c, n);
	__m512i carry = _mm512_ternarylogic_epi64(c, n, s, 0xd4);

	return _mm512_add_epi64(
		s, _mm512_bslli_epi128(_mm512_srli_epi64(carry, 63), 8));
}

static INLINE __m512i ctr_reg_z(__m128i c, unsigned k)
{
	const __m512i rev = _mm512_broadcast_i32x4(_mm_set_epi8(
		0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));

	return _mm512_shuffle_epi8(
		ctr_add_z(_mm512_broadcast_i32x4(c),
			  _mm512_set_epi64(0, k + 3, 0, k + 2, 0, k + 1, 0, k)),
		rev);
}

static INLINE __m512i xctr_reg_z(__m128i iv, __m128i c, unsigned k)
{
	return _mm512_xor_si512(
		_mm512_broadcast_i32x4(iv),
		_mm512_add_epi64(_mm512_broadcast_i32x4(c),
				 _mm512_set_epi64(0, k + 3, 0, k + 2, 0, k + 1,
						  0, k)));
}

static INLINE __m512i tweaks_z(__m128i t0)
{
	__m128i t1 = xts_double_x(t0), t2 = xts_double_x(t1);
	__m512i tw = _mm512_castsi128_si512(t0);

	tw = _mm512_inserti32x4(tw, t1, 1);
	tw = _mm512_inserti32x4(tw, t2, 2);
	return _mm512_inserti32x4(tw, xts_double_x(t2), 3);
}

/*
 * T times alpha^4 in each lane: the 128-bit shift by 4 done on the two
 * 64-bit halves, the 4 bits shifted out of the top reduced by 0x87
 * (x^7 + x^2 + x + 1) with shifts; masks, no branch.
 */
static INLINE __m512i tweak_step_z(__m512i t)
{
	/* the bits shifted out of each half, and those out of the top */
	__m512i top = _mm512_srli_epi64(t, 60);
	__m512i r = _mm512_bsrli_epi128(top, 8);

	r = _mm512_xor_si512(
		_mm512_ternarylogic_epi64(r, _mm512_slli_epi64(r, 1),
					  _mm512_slli_epi64(r, 2), 0x96),
		_mm512_slli_epi64(r, 7));
	return _mm512_ternarylogic_epi64(_mm512_slli_epi64(t, 4),
					 _mm512_bslli_epi128(top, 8), r, 0x96);
}

/* [IV, C0, C1, C2]: VALIGNQ of the IV and the first register. */
static INLINE __m512i cbc_prev_z(__m128i iv, __m512i x)
{
	return _mm512_alignr_epi64(x, _mm512_broadcast_i32x4(iv), 6);
}

static INLINE __m128i first_z(__m512i x)
{
	return _mm512_castsi512_si128(x);
}

#include "aes-vperm-modes.h"
