/* SPDX-License-Identifier: MIT */
/*
 * xts-tweak.h - multiplication of an XTS tweak by alpha (x) in GF(2^128)
 * with the IEEE Std 1619 byte order: byte 0 holds the lowest coefficients,
 * so the block is one little-endian 128-bit number shifted left by one,
 * reduced by x^128 = x^7 + x^2 + x + 1 (0x87). Constant-time: the reduction
 * is a mask, not a branch.
 */
#ifndef CRYPTARCH_XTS_TWEAK_H
#define CRYPTARCH_XTS_TWEAK_H

#include <stdint.h>

#include "../core/endian.h"

/* The tweak as two 64-bit halves: LO = bytes 0..7, HI = bytes 8..15, each
 * read little-endian (for code that keeps the tweak in registers). */
static inline void xts_mul_alpha64(uint64_t *lo, uint64_t *hi)
{
	uint64_t carry = (uint64_t)0 - (*hi >> 63);

	*hi = (*hi << 1) | (*lo >> 63);
	*lo = (*lo << 1) ^ (carry & 0x87);
}

static inline void xts_mul_alpha(uint8_t t[16])
{
	uint64_t lo = load64_le(t), hi = load64_le(t + 8);

	xts_mul_alpha64(&lo, &hi);
	store64_le(t, lo);
	store64_le(t + 8, hi);
}

#endif /* CRYPTARCH_XTS_TWEAK_H */
