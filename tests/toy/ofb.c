/* SPDX-License-Identifier: MIT */
/*
 * ofb.c - a toy template, "ofb" (NIST SP 800-38A 6.4), registered by one
 * line in tests/toy/registry.cmake exactly as a real mode is in
 * src/registry.cmake: the worked example of the README's "Adding a mode",
 * built into the tests' registry only (test-adding). The keystream is the
 * iv encrypted again and again; any length; the iv is in/out (afterwards
 * the last keystream block generated). Whole blocks go to a driver's ofb
 * hook (ofb.h) where there is one. Constant-time exactly when the driver
 * is.
 */
#include <errno.h>
#include <string.h>

#include "../../src/core/memzero.h"
#include "../../src/types/skcipher.h"
#include "ofb.h"

static int ofb_crypt(const struct cryptarch_inst *m, uint8_t *dst,
		     const uint8_t *src, size_t len, uint8_t *iv)
{
	const struct cryptarch_ofb_hooks *h = m->hook;
	size_t i, n = len / 16, tail = len % 16, done = 0;

	if (h && n) {
		h->crypt(m->key[0], dst, src, n, iv);
		done = 16 * n;
		n = 0;
	}
	for (i = 0; i < 16 * n + tail; i++) {
		if (i % 16 == 0)
			m->cipher->encrypt(m->key[0], iv, iv);
		dst[done + i] = src[done + i] ^ iv[i % 16];
	}
	return 0;
}

static const struct cryptarch_kat kats[] = {
	/* NIST SP 800-38A Appendix F.4.1 OFB-AES128.Encrypt */
	{ "ofb(aes)", "2b7e151628aed2a6abf7158809cf4f3c",
	  "000102030405060708090a0b0c0d0e0f",
	  "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac"
	  "45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17"
	  "ad2b417be66c3710",
	  "3b3fd92eb72dad20333449f8e83cfb4a7789508d16918f03f53c52da"
	  "c54ed8259740051e9c5fecf64344f7a82260edcc304c6528f659c778"
	  "66a510d9c1d6ae5e" },
	{ NULL, NULL, NULL, NULL, NULL },
};

const struct cryptarch_template cryptarch_ofb_template = {
	.name = "ofb",
	.type = &cryptarch_type_skcipher,
	.nargs = 1,
	.args = { &cryptarch_type_cipher },
	.nkeys = 1,
	.ivsize = 16,
	.blocksize = 1,
	.ops = &(const struct cryptarch_skcipher_ops){ ofb_crypt, ofb_crypt },
	.kats = kats,
};
