/* SPDX-License-Identifier: MIT */
/*
 * xts.h - the hook interface of the XTS template (xts.c): a driver that
 * accelerates "xts" fills struct cryptarch_xts_hooks and lists it with
 * CRYPTARCH_XTS_HOOK() in its descriptor.
 */
#ifndef CRYPTARCH_MODES_XTS_H
#define CRYPTARCH_MODES_XTS_H

#include <stddef.h>
#include <stdint.h>

#include "../core/desc.h"

/* NBLOCKS >= 1 whole 16-byte blocks; src == dst allowed, no alignment.
 * CTX is the data key's context. TWEAK is the already encrypted tweak T
 * for the first block, in little-endian GF(2^128) order (IEEE 1619); on
 * return it holds T multiplied by alpha NBLOCKS times. Ciphertext stealing
 * is the template's job. */
struct cryptarch_xts_hooks {
	void (*encrypt)(const void *ctx, uint8_t *dst, const uint8_t *src,
			size_t nblocks, uint8_t tweak[16]);
	void (*decrypt)(const void *ctx, uint8_t *dst, const uint8_t *src,
			size_t nblocks, uint8_t tweak[16]);
};

#define CRYPTARCH_XTS_HOOK_FNS(enc, dec, ...)                                \
	{ .tmpl = "xts",                                                      \
	  .ops = &(const struct cryptarch_xts_hooks){ enc, dec },             \
	  __VA_ARGS__ }
#define CRYPTARCH_XTS_HOOK(stem, ...)                                         \
	CRYPTARCH_XTS_HOOK_FNS(cryptarch_##stem##_xts_encrypt,                \
			       cryptarch_##stem##_xts_decrypt, __VA_ARGS__)

#endif /* CRYPTARCH_MODES_XTS_H */
