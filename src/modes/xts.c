/* SPDX-License-Identifier: MIT */
/*
 * xts.c - the XTS template (IEEE Std 1619-2007, XTS-AES, applied to any
 * 128-bit block cipher). The tweak key encrypts the iv into T; block j is
 * E(P xor T*alpha^j) xor T*alpha^j with the data key. Whole blocks go to
 * the bulk xts function where there is one; a length that is not a
 * multiple of 16 ends with ciphertext stealing (IEEE 1619 5.3.2 and 5.4.2),
 * which this template does with the single-block functions. One call is one
 * data unit, so the iv is left unchanged; len < 16 is -EINVAL. Tweaks and
 * stolen blocks are wiped from the stack. Constant-time exactly when the
 * underlying implementation is (alpha multiplication masks, never branches).
 */
#include <errno.h>
#include <string.h>

#include "../core/memzero.h"
#include "xts-tweak.h"
#include "mode.h"

typedef void (*block_fn)(const void *, uint8_t *, const uint8_t *);
typedef void (*bulk_fn)(const void *, uint8_t *, const uint8_t *, size_t,
			uint8_t *);

/* N whole blocks with tweak T (advanced past them). */
static void xts_blocks(const struct cryptarch_mode_inst *m, bulk_fn bulk,
		       block_fn one, uint8_t *dst, const uint8_t *src,
		       size_t n, uint8_t t[16])
{
	uint8_t x[16];
	size_t i;

	if (n == 0)
		return;
	if (bulk) {
		bulk(m->ctx, dst, src, n, t);
		return;
	}
	for (i = 0; i < n; i++) {
		xor_block(x, src + 16 * i, t);
		one(m->ctx, x, x);
		xor_block(dst + 16 * i, x, t);
		xts_mul_alpha(t);
	}
	cryptarch_memzero(x, sizeof(x));
}

/* One block through ONE with tweak T (T unchanged). */
static void xts_one(const struct cryptarch_mode_inst *m, block_fn one,
		    uint8_t *dst, const uint8_t *src, const uint8_t t[16])
{
	uint8_t x[16];

	xor_block(x, src, t);
	one(m->ctx, x, x);
	xor_block(dst, x, t);
	cryptarch_memzero(x, sizeof(x));
}

static int xts_crypt(const struct cryptarch_mode_inst *m, uint8_t *dst,
		     const uint8_t *src, size_t len, const uint8_t *iv,
		     int enc)
{
	const struct cryptarch_bulk *b = m->bulk;
	block_fn one = enc ? m->alg->encrypt : m->alg->decrypt;
	bulk_fn bulk = NULL;
	size_t n = len / 16, tail = len % 16, last;
	uint8_t t[16], t2[16], cc[16], pp[16];

	if (len < 16)
		return -EINVAL;
	if (b)
		bulk = enc ? b->xts_encrypt : b->xts_decrypt;
	m->alg->encrypt(m->ctx2, t, iv);
	if (tail == 0) {
		xts_blocks(m, bulk, one, dst, src, n, t);
		goto out;
	}
	/* Stealing: blocks 0..n-2 as usual, then the last full block and
	 * the partial one. */
	xts_blocks(m, bulk, one, dst, src, n - 1, t);
	last = 16 * (n - 1);
	memcpy(t2, t, 16);
	xts_mul_alpha(t2); /* the tweak of the partial block's position */
	/* Encryption uses T(n-1) then T(n); decryption the other way round
	 * (IEEE 1619 5.4.2). */
	xts_one(m, one, cc, src + last, enc ? t : t2);
	memcpy(pp, src + last + 16, tail); /* read before dst is written */
	memcpy(pp + tail, cc + tail, 16 - tail);
	memcpy(dst + last + 16, cc, tail);
	xts_one(m, one, dst + last, pp, enc ? t2 : t);
	cryptarch_memzero(t2, sizeof(t2));
	cryptarch_memzero(cc, sizeof(cc));
	cryptarch_memzero(pp, sizeof(pp));
out:
	cryptarch_memzero(t, sizeof(t));
	return 0;
}

static int xts_encrypt(const struct cryptarch_mode_inst *m, uint8_t *dst,
		       const uint8_t *src, size_t len, uint8_t *iv)
{
	return xts_crypt(m, dst, src, len, iv, 1);
}

static int xts_decrypt(const struct cryptarch_mode_inst *m, uint8_t *dst,
		       const uint8_t *src, size_t len, uint8_t *iv)
{
	return xts_crypt(m, dst, src, len, iv, 0);
}

const struct cryptarch_mode cryptarch_mode_xts = {
	.name = "xts",
	.nkeys = 2,
	.ivsize = 16,
	.encrypt = xts_encrypt,
	.decrypt = xts_decrypt,
};
