/* SPDX-License-Identifier: MIT */
/*
 * ghash-ce.h - what the glue of driver "ghash-ce" (ghash-ce-glue.c, plain
 * C) needs from its Crypto Extensions code (ghash-ce.c, built with
 * -march=armv8-a+crypto): the context and the two functions the
 * descriptor points at. Both execute PMULL, so only the registry may call
 * them, after it has checked CRYPTARCH_CPU_PMULL.
 */
#ifndef CRYPTARCH_GHASH_CE_H
#define CRYPTARCH_GHASH_CE_H

#include <stddef.h>
#include <stdint.h>

/* Blocks per aggregated reduction, and so powers of H in the context. */
#define GHASH_CE_WAY 8

/*
 * h[i] is H^(i + 1) and k[j] holds the Karatsuba middle operands (the XOR
 * of the two 64-bit halves) of H^(2j + 1) in its low half and of
 * H^(2j + 2) in its high half, all as the vector registers of ghash-ce.c
 * hold field elements (bit-reflected bytes; see there), stored with
 * vst1q_u8 so that vld1q_u8 gives the same register on either byte order.
 */
struct cryptarch_ghash_ce_ctx {
	uint8_t h[GHASH_CE_WAY][16];
	uint8_t k[GHASH_CE_WAY / 2][16];
};

/* The setkey and block function of a GHASH driver (src/ghash/ghash.h). */
int cryptarch_ghash_ce_setkey(void *ctx, const uint8_t *key, size_t keylen);
void cryptarch_ghash_ce_blocks(const void *ctx, uint8_t y[16],
			       const uint8_t *src, size_t nblocks);

#endif /* CRYPTARCH_GHASH_CE_H */
