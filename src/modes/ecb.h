/* SPDX-License-Identifier: MIT */
/*
 * ecb.h - the hook interface of the ECB template (ecb.c): a driver that
 * accelerates "ecb" fills struct cryptarch_ecb_hooks and lists it with
 * CRYPTARCH_ECB_HOOK() in its descriptor.
 */
#ifndef CRYPTARCH_MODES_ECB_H
#define CRYPTARCH_MODES_ECB_H

#include <stddef.h>
#include <stdint.h>

#include "../core/desc.h"

/* NBLOCKS >= 1 whole 16-byte blocks; src == dst allowed, no alignment;
 * CTX is the key context set by the driver's setkey. */
struct cryptarch_ecb_hooks {
	void (*encrypt)(const void *ctx, uint8_t *dst, const uint8_t *src,
			size_t nblocks);
	void (*decrypt)(const void *ctx, uint8_t *dst, const uint8_t *src,
			size_t nblocks);
};

/* A struct cryptarch_hook for "ecb" with functions ENC and DEC; the rest
 * (priority, op_priority) as designated initializers. */
#define CRYPTARCH_ECB_HOOK_FNS(enc, dec, ...)                                \
	{ .tmpl = "ecb",                                                      \
	  .ops = &(const struct cryptarch_ecb_hooks){ enc, dec },             \
	  __VA_ARGS__ }
/* The same with cryptarch_<STEM>_ecb_encrypt and _ecb_decrypt. */
#define CRYPTARCH_ECB_HOOK(stem, ...)                                         \
	CRYPTARCH_ECB_HOOK_FNS(cryptarch_##stem##_ecb_encrypt,                \
			       cryptarch_##stem##_ecb_decrypt, __VA_ARGS__)

#endif /* CRYPTARCH_MODES_ECB_H */
