/* SPDX-License-Identifier: MIT */
/*
 * cbc.c - the CBC template (NIST SP 800-38A 6.2). Encryption is serial:
 * each block is chained into the next, so it runs the single-block function
 * unless the implementation has its own cbc_encrypt (one that keeps round
 * keys in registers). Decryption is parallel in principle and goes to the
 * bulk cbc_decrypt where there is one. The iv is in/out: afterwards it holds
 * the last ciphertext block. In place is handled by saving each ciphertext
 * block before it is overwritten. Constant-time exactly when the underlying
 * implementation is.
 */
#include <errno.h>
#include <string.h>

#include "../core/endian.h"
#include "../core/memzero.h"
#include "mode.h"

static int cbc_encrypt(const struct cryptarch_mode_inst *m, uint8_t *dst,
		       const uint8_t *src, size_t len, uint8_t *iv)
{
	const void *ctx = m->ctx;
	size_t i, n = len / 16;
	uint8_t x[16];

	if (len % 16)
		return -EINVAL;
	if (n == 0)
		return 0;
	if (m->bulk && m->bulk->cbc_encrypt) {
		m->bulk->cbc_encrypt(ctx, dst, src, n, iv);
		return 0;
	}
	memcpy(x, iv, 16);
	for (i = 0; i < n; i++) {
		xor_block(x, x, src + 16 * i);
		m->alg->encrypt(ctx, x, x);
		memcpy(dst + 16 * i, x, 16);
	}
	memcpy(iv, x, 16);
	return 0;
}

static int cbc_decrypt(const struct cryptarch_mode_inst *m, uint8_t *dst,
		       const uint8_t *src, size_t len, uint8_t *iv)
{
	const void *ctx = m->ctx;
	size_t i, n = len / 16;
	uint8_t prev[16], c[16], x[16];

	if (len % 16)
		return -EINVAL;
	if (n == 0)
		return 0;
	if (m->bulk && m->bulk->cbc_decrypt) {
		m->bulk->cbc_decrypt(ctx, dst, src, n, iv);
		return 0;
	}
	memcpy(prev, iv, 16);
	for (i = 0; i < n; i++) {
		memcpy(c, src + 16 * i, 16);
		m->alg->decrypt(ctx, x, c);
		xor_block(dst + 16 * i, x, prev);
		memcpy(prev, c, 16);
	}
	memcpy(iv, prev, 16);
	cryptarch_memzero(x, sizeof(x));
	return 0;
}

const struct cryptarch_mode cryptarch_mode_cbc = {
	.name = "cbc",
	.nkeys = 1,
	.ivsize = 16,
	.encrypt = cbc_encrypt,
	.decrypt = cbc_decrypt,
};
