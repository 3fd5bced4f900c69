/* SPDX-License-Identifier: MIT */
/*
 * aes-vperm.c - the SSSE3 code of driver "aes-vperm": AES-128/192/256 by
 * vector permutes (Hamburg, "Accelerating AES with Vector Permute
 * Instructions", CHES 2009), one block per xmm register. The rounds are
 * aes-vperm-core.h's: the S-box is an inversion in GF(2^8) seen as
 * GF(16)^2, five PSHUFB lookups in 16-byte nibble tables, with the affine
 * map, the changes of basis and the MixColumns factors in further nibble
 * tables; MixColumns is three byte shuffles and ShiftRows none. ECB, CBC
 * decryption, CTR and XTS keep four blocks in flight to hide the latency
 * of the shuffle chains (the loops of aes-vperm-modes.h, which the three
 * widths share); CBC encryption, serial by definition, and single
 * blocks run one, its state split into nibbles for a shorter chain.
 * Constant-time: PSHUFB is a register permute, every memory address and
 * branch depends only on lengths and round numbers, the key schedule
 * included (its SubWord is the same S-box). Built with -mssse3 (ISA
 * ssse3): call only after checking SSE2 and SSSE3; aes-vperm-glue.c has
 * the descriptor. Speed: see aes-vperm-glue.c.
 */
#include <stddef.h>
#include <stdint.h>
#include <tmmintrin.h>

#include "../../src/core/endian.h"
#include "../../src/core/memzero.h"
#include "aes-vperm.h"
#include "aes-vperm-tables.h"

#define INLINE inline __attribute__((always_inline))

#include "aes-vperm-xmm.h"

/* The width: one block per register (aes-vperm-modes.h), the xmm code of
 * aes-vperm-xmm.h. */
#define VP_V __m128i
#define VP_FN(name) name##_x
#define VP_XOR(a, b) _mm_xor_si128(a, b)
#define VP_DRIVER(name) cryptarch_aes_vperm_##name
#define VP_LANES 1
#define VP_MASKED 0

static INLINE __m128i load_x(const uint8_t *p)
{
	return loadu_x(p);
}

static INLINE void store_x(uint8_t *p, __m128i v)
{
	storeu_x(p, v);
}

static INLINE __m128i ctr_reg_x(__m128i c, unsigned k)
{
	return bswap_x(k ? ctr_add_x(c, _mm_cvtsi32_si128((int)k)) : c);
}

static INLINE __m128i xctr_reg_x(__m128i iv, __m128i c, unsigned k)
{
	return _mm_xor_si128(
		iv, k ? _mm_add_epi64(c, _mm_cvtsi32_si128((int)k)) : c);
}

static INLINE __m128i tweaks_x(__m128i t)
{
	return t;
}

static INLINE __m128i tweak_step_x(__m128i t)
{
	return xts_double_x(t);
}

static INLINE __m128i first_x(__m128i x)
{
	return x;
}

#include "aes-vperm-modes.h"
