/* SPDX-License-Identifier: MIT */
/*
 * aes-toy.c - a toy driver, "aes-toy", registered by one line in
 * tests/toy/registry.cmake exactly as a real driver is in
 * src/registry.cmake: the worked example of the README's "Adding an
 * implementation", built into the tests' registry only (test-adding). Its
 * single blocks are aes-generic's (T-tables: variable-time), and it
 * accelerates the toy template "ofb" (ofb.h) with a loop of its own, so
 * that a hook of a mode the core has never heard of is run and self-tested
 * through the same path as every other. Priority 1: never chosen for a
 * name unless asked for by its driver name.
 */
#include <stddef.h>
#include <stdint.h>

#include "../../src/aes/aes-generic.h"
#include "../../src/aes/aes.h"
#include "../../src/core/desc.h"
#include "ofb.h"

static int cryptarch_aes_toy_setkey(void *ctx, const uint8_t *key,
				    size_t keylen)
{
	return cryptarch_aes_generic_expandkey(ctx, key, keylen);
}

static void cryptarch_aes_toy_encrypt(const void *ctx, uint8_t *dst,
				      const uint8_t *src)
{
	cryptarch_aes_generic_encrypt(ctx, dst, src);
}

static void cryptarch_aes_toy_decrypt(const void *ctx, uint8_t *dst,
				      const uint8_t *src)
{
	cryptarch_aes_generic_decrypt(ctx, dst, src);
}

/* see ofb.h */
static void cryptarch_aes_toy_ofb_crypt(const void *ctx, uint8_t *dst,
					const uint8_t *src, size_t nblocks,
					uint8_t iv[16])
{
	size_t i, j;

	for (i = 0; i < nblocks; i++) {
		cryptarch_aes_generic_encrypt(ctx, iv, iv);
		for (j = 0; j < 16; j++)
			dst[16 * i + j] = src[16 * i + j] ^ iv[j];
	}
}

CRYPTARCH_DRIVER(aes_toy,
	.name = "aes-toy",
	.alg = &cryptarch_aes,
	.priority = 1,
	.ctxsize = sizeof(struct cryptarch_aes_generic_ctx),
	.hooks = CRYPTARCH_HOOKS(CRYPTARCH_OFB_HOOK(aes_toy)));
