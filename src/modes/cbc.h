/* SPDX-License-Identifier: MIT */
/*
 * cbc.h - the hook interface of the CBC template (cbc.c): a driver that
 * accelerates "cbc" fills struct cryptarch_cbc_hooks and lists it with
 * CRYPTARCH_CBC_HOOK() in its descriptor. CBC encryption is serial: a
 * driver whose strength is many blocks in flight may rank it lower with
 * .op_priority = { <encryption priority>, 0 }, and a handle then encrypts
 * with another driver where static selection decides.
 */
#ifndef CRYPTARCH_MODES_CBC_H
#define CRYPTARCH_MODES_CBC_H

#include <stddef.h>
#include <stdint.h>

#include "../core/desc.h"

/* NBLOCKS >= 1 whole 16-byte blocks; src == dst allowed, no alignment.
 * IV is the chaining value in and the last ciphertext block out. Either
 * member may be NULL: that direction runs the template's loop. */
struct cryptarch_cbc_hooks {
	void (*encrypt)(const void *ctx, uint8_t *dst, const uint8_t *src,
			size_t nblocks, uint8_t iv[16]);
	void (*decrypt)(const void *ctx, uint8_t *dst, const uint8_t *src,
			size_t nblocks, uint8_t iv[16]);
};

#define CRYPTARCH_CBC_HOOK_FNS(enc, dec, ...)                                \
	{ .tmpl = "cbc",                                                      \
	  .ops = &(const struct cryptarch_cbc_hooks){ enc, dec },             \
	  __VA_ARGS__ }
#define CRYPTARCH_CBC_HOOK(stem, ...)                                         \
	CRYPTARCH_CBC_HOOK_FNS(cryptarch_##stem##_cbc_encrypt,                \
			       cryptarch_##stem##_cbc_decrypt, __VA_ARGS__)

#endif /* CRYPTARCH_MODES_CBC_H */
