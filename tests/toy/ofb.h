/* SPDX-License-Identifier: MIT */
/*
 * ofb.h - the hook interface of the toy OFB template (ofb.c), the worked
 * example of the README's "Adding a mode": a driver that accelerates
 * "ofb" fills struct cryptarch_ofb_hooks and lists it with
 * CRYPTARCH_OFB_HOOK() in its descriptor (aes-toy.c does).
 */
#ifndef CRYPTARCH_TOY_OFB_H
#define CRYPTARCH_TOY_OFB_H

#include <stddef.h>
#include <stdint.h>

#include "../../src/core/desc.h"

/* NBLOCKS >= 1 whole 16-byte blocks; src == dst allowed. IV is the last
 * output block in, and the last one generated out. */
struct cryptarch_ofb_hooks {
	void (*crypt)(const void *ctx, uint8_t *dst, const uint8_t *src,
		      size_t nblocks, uint8_t iv[16]);
};

#define CRYPTARCH_OFB_HOOK(stem, ...)                                         \
	{ .tmpl = "ofb",                                                      \
	  .ops = &(const struct cryptarch_ofb_hooks){                         \
		  cryptarch_##stem##_ofb_crypt },                             \
	  __VA_ARGS__ }

#endif /* CRYPTARCH_TOY_OFB_H */
