/* SPDX-License-Identifier: MIT */
/*
 * ctr.c - the CTR template (NIST SP 800-38A 6.5): the 16-byte counter block
 * is one 128-bit big-endian number, encrypted to keystream and incremented
 * per block, wrapping at 2^128 (the Linux kernel's ctr(aes)). Any length: a
 * partial final block uses the first bytes of one more keystream block, and
 * the counter is still incremented past it. Whole blocks go to the bulk
 * ctr_crypt where there is one. Encryption and decryption are the same
 * operation. Keystream is wiped from the stack. Constant-time exactly when
 * the underlying implementation is.
 */
#include <errno.h>
#include <string.h>

#include "../core/memzero.h"
#include "ctr-inc.h"
#include "mode.h"

static int ctr_crypt(const struct cryptarch_mode_inst *m, uint8_t *dst,
		     const uint8_t *src, size_t len, uint8_t *iv)
{
	const void *ctx = m->ctx;
	size_t i, n = len / 16, tail = len % 16;
	uint8_t ks[16];

	if (n && m->bulk && m->bulk->ctr_crypt) {
		m->bulk->ctr_crypt(ctx, dst, src, n, iv);
	} else {
		for (i = 0; i < n; i++) {
			m->alg->encrypt(ctx, ks, iv);
			xor_block(dst + 16 * i, src + 16 * i, ks);
			ctr_add(iv, 1);
		}
	}
	if (tail) {
		m->alg->encrypt(ctx, ks, iv);
		for (i = 0; i < tail; i++)
			dst[16 * n + i] = src[16 * n + i] ^ ks[i];
		ctr_add(iv, 1);
	}
	/* The keystream buffer holds key-dependent bytes only if it was
	 * used: a tail, or blocks without a bulk function. */
	if (tail || !(m->bulk && m->bulk->ctr_crypt))
		cryptarch_memzero(ks, sizeof(ks));
	return 0;
}

const struct cryptarch_mode cryptarch_mode_ctr = {
	.name = "ctr",
	.nkeys = 1,
	.ivsize = 16,
	.encrypt = ctr_crypt,
	.decrypt = ctr_crypt,
};
