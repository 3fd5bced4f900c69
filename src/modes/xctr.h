/* SPDX-License-Identifier: MIT */
/*
 * xctr.h - the hook interface of the XCTR template (xctr.c): a driver
 * that accelerates "xctr" fills struct cryptarch_xctr_hooks and lists it
 * with CRYPTARCH_XCTR_HOOK() in its descriptor.
 */
#ifndef CRYPTARCH_MODES_XCTR_H
#define CRYPTARCH_MODES_XCTR_H

#include <stddef.h>
#include <stdint.h>

#include "../core/desc.h"

/* NBLOCKS >= 1 whole 16-byte blocks; src == dst allowed, no alignment.
 * Block j (from 0) is XORed with E(IV xor le128(CTR + j)); IV is not
 * changed. A partial last block is the template's. */
struct cryptarch_xctr_hooks {
	void (*crypt)(const void *ctx, uint8_t *dst, const uint8_t *src,
		      size_t nblocks, const uint8_t iv[16], uint64_t ctr);
};

#define CRYPTARCH_XCTR_HOOK_FNS(fn, ...)                                      \
	{ .tmpl = "xctr", .ops = &(const struct cryptarch_xctr_hooks){ fn },  \
	  __VA_ARGS__ }
#define CRYPTARCH_XCTR_HOOK(stem, ...)                                        \
	CRYPTARCH_XCTR_HOOK_FNS(cryptarch_##stem##_xctr_crypt, __VA_ARGS__)

/* The counter block of block number CTR: IV xor le128(CTR). */
static inline void cryptarch_xctr_block(uint8_t out[16], const uint8_t iv[16],
					uint64_t ctr)
{
	unsigned i;

	for (i = 0; i < 8; i++)
		out[i] = (uint8_t)(iv[i] ^ (uint8_t)(ctr >> (8 * i)));
	for (; i < 16; i++)
		out[i] = iv[i];
}

#endif /* CRYPTARCH_MODES_XCTR_H */
