/* SPDX-License-Identifier: MIT */
/*
 * ctr-inc.h - add to a 16-byte CTR counter block as one 128-bit big-endian
 * number (NIST SP 800-38A), wrapping at 2^128. Constant-time: the carry is
 * arithmetic, not a branch.
 */
#ifndef CRYPTARCH_CTR_INC_H
#define CRYPTARCH_CTR_INC_H

#include <stdint.h>

#include "../core/endian.h"

/* The counter as two 64-bit halves: HI = bytes 0..7, LO = bytes 8..15,
 * each read big-endian (for code that keeps the counter in registers). */
static inline void ctr_add64(uint64_t *hi, uint64_t *lo, uint64_t n)
{
	uint64_t sum = *lo + n;

	*hi += (uint64_t)(sum < *lo);
	*lo = sum;
}

static inline void ctr_add(uint8_t ctr[16], uint64_t n)
{
	uint64_t hi = load64_be(ctr), lo = load64_be(ctr + 8);

	ctr_add64(&hi, &lo, n);
	store64_be(ctr, hi);
	store64_be(ctr + 8, lo);
}

#endif /* CRYPTARCH_CTR_INC_H */
