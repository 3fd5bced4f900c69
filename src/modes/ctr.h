/* SPDX-License-Identifier: MIT */
/*
 * ctr.h - the hook interface of the CTR template (ctr.c): a driver that
 * accelerates "ctr" fills struct cryptarch_ctr_hooks and lists it with
 * CRYPTARCH_CTR_HOOK() in its descriptor.
 */
#ifndef CRYPTARCH_MODES_CTR_H
#define CRYPTARCH_MODES_CTR_H

#include <stddef.h>
#include <stdint.h>

#include "../core/desc.h"

/* NBLOCKS >= 1 whole 16-byte blocks; src == dst allowed, no alignment.
 * CTR is the counter block in (128-bit big-endian), and the counter after
 * the last block out. A partial last block is the template's. */
struct cryptarch_ctr_hooks {
	void (*crypt)(const void *ctx, uint8_t *dst, const uint8_t *src,
		      size_t nblocks, uint8_t ctr[16]);
};

#define CRYPTARCH_CTR_HOOK_FNS(fn, ...)                                       \
	{ .tmpl = "ctr", .ops = &(const struct cryptarch_ctr_hooks){ fn },    \
	  __VA_ARGS__ }
#define CRYPTARCH_CTR_HOOK(stem, ...)                                         \
	CRYPTARCH_CTR_HOOK_FNS(cryptarch_##stem##_ctr_crypt, __VA_ARGS__)

#endif /* CRYPTARCH_MODES_CTR_H */
