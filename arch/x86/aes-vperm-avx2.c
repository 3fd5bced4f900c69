/* SPDX-License-Identifier: MIT */
/*
 * aes-vperm-avx2.c - the AVX2 code of driver "aes-vperm-avx2": the
 * vector-permute AES of aes-vperm.c (Hamburg, CHES 2009; rounds in
 * aes-vperm-core.h) with two blocks per ymm register. VPSHUFB permutes
 * within each 128-bit lane, which is exactly what the method needs, so the
 * rounds are aes-vperm's with every table broadcast to both lanes. ECB,
 * CBC decryption, CTR and XTS (aes-vperm-modes.h) keep four ymm registers
 * (eight blocks) in flight; shorter tails take pairs, then one block in
 * an xmm register. The
 * key schedule, single blocks and CBC encryption are the 128-bit code,
 * here VEX-encoded. Constant-time: as aes-vperm (register permutes only;
 * addresses and branches depend on lengths and round numbers). Built with
 * -mavx -mavx2 (ISA avx2): call only after checking AVX and AVX2;
 * aes-vperm-avx2-glue.c has the descriptor. Speed: see there.
 */
#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "../../src/core/endian.h"
#include "../../src/core/memzero.h"
#include "aes-vperm.h"
#include "aes-vperm-tables.h"

#define INLINE inline __attribute__((always_inline))

/* One block per xmm register, VEX-encoded. */
#include "aes-vperm-xmm.h"

/* ---- two blocks per ymm register ------------------------------------ */

#define VP_V __m256i
#define VP_FN(name) name##_y
#define VP_XOR(a, b) _mm256_xor_si256(a, b)
#define VP_XOR3(a, b, c) _mm256_xor_si256(_mm256_xor_si256(a, b), c)
#define VP_AND(a, b) _mm256_and_si256(a, b)
#define VP_SHUF(t, i) _mm256_shuffle_epi8(t, i)
#define VP_SRL4(x) _mm256_srli_epi16(x, 4)
#define VP_BCAST(p)                  \
	_mm256_broadcastsi128_si256( \
		_mm_load_si128((const __m128i *)(const void *)(p)))
#define VP_SET1(b) _mm256_set1_epi8((char)(b))
#include "aes-vperm-core.h"

/* The width (aes-vperm-modes.h). Register i of a CTR group holds counter
 * + 2i and + 2i + 1; the XTS tweaks step by alpha^2 per lane. */
#define VP_DRIVER(name) cryptarch_aes_vperm_avx2_##name
#define VP_LANES 2
#define VP_MASKED 0

static INLINE __m256i load_y(const uint8_t *p)
{
	return _mm256_loadu_si256((const __m256i *)(const void *)p);
}

static INLINE void store_y(uint8_t *p, __m256i v)
{
	_mm256_storeu_si256((__m256i *)(void *)p, v);
}

/* ctr_add_x (aes-vperm-core.h) in both lanes. */
static INLINE __m256i ctr_add_y(__m256i c, __m256i n)
{
	__m256i s = _mm256_add_epi64(c, n);
	__m256i carry =
		_mm256_or_si256(_mm256_and_si256(c, n),
				_mm256_andnot_si256(s, _mm256_or_si256(c, n)));

	return _mm256_add_epi64(
		s, _mm256_slli_si256(_mm256_srli_epi64(carry, 63), 8));
}

static INLINE __m256i ctr_reg_y(__m128i c, unsigned k)
{
	const __m256i rev = _mm256_broadcastsi128_si256(_mm_set_epi8(
		0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));

	return _mm256_shuffle_epi8(ctr_add_y(_mm256_broadcastsi128_si256(c),
					     _mm256_set_epi64x(0, k + 1, 0, k)),
				   rev);
}

static INLINE __m256i xctr_reg_y(__m128i iv, __m128i c, unsigned k)
{
	return _mm256_xor_si256(
		_mm256_broadcastsi128_si256(iv),
		_mm256_add_epi64(_mm256_broadcastsi128_si256(c),
				 _mm256_set_epi64x(0, k + 1, 0, k)));
}

static INLINE __m256i tweaks_y(__m128i t)
{
	return _mm256_inserti128_si256(_mm256_castsi128_si256(t),
				       xts_double_x(t), 1);
}

/*
 * T times alpha^2 in each lane: the 128-bit shift by 2 done on the two
 * 64-bit halves, the 2 bits shifted out of the top reduced by 0x87
 * (x^7 + x^2 + x + 1) with shifts; masks, no branch.
 */
static INLINE __m256i tweak_step_y(__m256i t)
{
	__m256i top = _mm256_srli_epi64(t, 62);
	__m256i r = _mm256_srli_si256(top, 8);

	r = _mm256_xor_si256(_mm256_xor_si256(r, _mm256_slli_epi64(r, 1)),
			     _mm256_xor_si256(_mm256_slli_epi64(r, 2),
					      _mm256_slli_epi64(r, 7)));
	return _mm256_xor_si256(_mm256_xor_si256(_mm256_slli_epi64(t, 2), r),
				_mm256_slli_si256(top, 8));
}

static INLINE __m256i cbc_prev_y(__m128i iv, __m256i x)
{
	return _mm256_inserti128_si256(_mm256_castsi128_si256(iv),
				       _mm256_castsi256_si128(x), 1);
}

static INLINE __m128i first_y(__m256i x)
{
	return _mm256_castsi256_si128(x);
}

#include "aes-vperm-modes.h"
