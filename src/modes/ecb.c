/* SPDX-License-Identifier: MIT */
/*
 * ecb.c - the ECB template: each 16-byte block on its own, through the
 * implementation's bulk ecb function where it has one, else one block at a
 * time. Constant-time exactly when the underlying implementation is.
 */
#include <errno.h>

#include "mode.h"

static int ecb_crypt(const struct cryptarch_mode_inst *m, uint8_t *dst,
		     const uint8_t *src, size_t len, int enc)
{
	const struct cryptarch_bulk *b = m->bulk;
	void (*bulk)(const void *, uint8_t *, const uint8_t *, size_t) = NULL;
	void (*one)(const void *, uint8_t *, const uint8_t *);
	size_t i, n = len / 16;

	if (len % 16)
		return -EINVAL;
	if (b)
		bulk = enc ? b->ecb_encrypt : b->ecb_decrypt;
	if (bulk) {
		if (n)
			bulk(m->ctx, dst, src, n);
		return 0;
	}
	one = enc ? m->alg->encrypt : m->alg->decrypt;
	for (i = 0; i < n; i++)
		one(m->ctx, dst + 16 * i, src + 16 * i);
	return 0;
}

static int ecb_encrypt(const struct cryptarch_mode_inst *m, uint8_t *dst,
		       const uint8_t *src, size_t len, uint8_t *iv)
{
	(void)iv;
	return ecb_crypt(m, dst, src, len, 1);
}

static int ecb_decrypt(const struct cryptarch_mode_inst *m, uint8_t *dst,
		       const uint8_t *src, size_t len, uint8_t *iv)
{
	(void)iv;
	return ecb_crypt(m, dst, src, len, 0);
}

const struct cryptarch_mode cryptarch_mode_ecb = {
	.name = "ecb",
	.nkeys = 1,
	.ivsize = 0,
	.encrypt = ecb_encrypt,
	.decrypt = ecb_decrypt,
};
