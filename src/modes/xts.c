/* SPDX-License-Identifier: MIT */
/*
 * xts.c - the XTS template (IEEE Std 1619-2007, XTS-AES, applied to any
 * 128-bit block cipher). The tweak key encrypts the iv into T; block j is
 * E(P xor T*alpha^j) xor T*alpha^j with the data key. Whole blocks go to
 * the driver's xts hook (xts.h) where there is one; a length that is not a
 * multiple of 16 ends with ciphertext stealing (IEEE 1619 5.3.2 and 5.4.2),
 * which this template does with the single-block functions. One call is one
 * data unit, so the iv is left unchanged; len < 16 is -EINVAL. Tweaks and
 * stolen blocks are wiped from the stack. Many data units at once: their
 * tweaks encrypted together (gather.h). Constant-time exactly when the
 * underlying implementation is (alpha multiplication masks, never branches).
 */
#include <errno.h>
#include <string.h>

#include "../core/memzero.h"
#include "../types/skcipher.h"
#include "cryptarch.h"
#include "gather.h"
#include "xts-tweak.h"
#include "xts.h"

typedef void (*block_fn)(const void *, uint8_t *, const uint8_t *);
typedef void (*bulk_fn)(const void *, uint8_t *, const uint8_t *, size_t,
			uint8_t *);

/* N whole blocks with tweak T (advanced past them). */
static void xts_blocks(const struct cryptarch_inst *m, bulk_fn bulk,
		       block_fn one, uint8_t *dst, const uint8_t *src,
		       size_t n, uint8_t t[16])
{
	uint8_t x[16];
	size_t i;

	if (n == 0)
		return;
	if (bulk) {
		bulk(m->key[0], dst, src, n, t);
		return;
	}
	for (i = 0; i < n; i++) {
		xor_block(x, src + 16 * i, t);
		one(m->key[0], x, x);
		xor_block(dst + 16 * i, x, t);
		xts_mul_alpha(t);
	}
	cryptarch_memzero(x, sizeof(x));
}

/* One block through ONE with tweak T (T unchanged). */
static void xts_one(const struct cryptarch_inst *m, block_fn one,
		    uint8_t *dst, const uint8_t *src, const uint8_t t[16])
{
	uint8_t x[16];

	xor_block(x, src, t);
	one(m->key[0], x, x);
	xor_block(dst, x, t);
	cryptarch_memzero(x, sizeof(x));
}

/* One data unit of LEN >= 16 bytes whose encrypted tweak is T (used up:
 * advanced and wiped). */
static void xts_unit(const struct cryptarch_inst *m, uint8_t *dst,
		     const uint8_t *src, size_t len, uint8_t t[16], int enc)
{
	const struct cryptarch_xts_hooks *h = m->hook;
	block_fn one = enc ? m->cipher->encrypt : m->cipher->decrypt;
	bulk_fn bulk = NULL;
	size_t n = len / 16, tail = len % 16, last;
	uint8_t t2[16], cc[16], pp[16];

	if (h)
		bulk = enc ? h->encrypt : h->decrypt;
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
	cryptarch_memzero(t, 16);
}

static int xts_crypt(const struct cryptarch_inst *m, uint8_t *dst,
		     const uint8_t *src, size_t len, const uint8_t *iv,
		     int enc)
{
	uint8_t t[16];

	if (len < 16)
		return -EINVAL;
	m->cipher->encrypt(m->key[1], t, iv);
	xts_unit(m, dst, src, len, t, enc);
	return 0;
}

static int xts_encrypt(const struct cryptarch_inst *m, uint8_t *dst,
		       const uint8_t *src, size_t len, uint8_t *iv)
{
	return xts_crypt(m, dst, src, len, iv, 1);
}

static int xts_decrypt(const struct cryptarch_inst *m, uint8_t *dst,
		       const uint8_t *src, size_t len, uint8_t *iv)
{
	return xts_crypt(m, dst, src, len, iv, 0);
}

/*
 * Many data units: where the instance is a driver's xts hook and the
 * driver has an ecb hook, the tweaks of up to GATHER_BLOCKS requests are
 * encrypted by one call of the ecb hook under the tweak key, so that no
 * request waits for its own tweak's rounds (a serial chain as long as a
 * whole short request's parallel work); then each request runs with its
 * tweak. Otherwise one call each.
 */
static void xts_many(const struct cryptarch_inst *m, int op,
		     const struct cryptarch_request *req, size_t n)
{
	const struct cryptarch_ecb_hooks *e = gather_ecb_hooks(m);
	_Alignas(64) uint8_t tw[GATHER_BLOCKS][16];
	size_t i, k, c, high = 0;

	if (e == NULL || e->encrypt == NULL || n < 2) {
		for (i = 0; i < n; i++)
			if (req[i].len)
				(void)xts_crypt(m, req[i].dst, req[i].src,
						req[i].len, req[i].iv, !op);
		return;
	}
	for (i = 0; i < n; i += c) {
		c = n - i < GATHER_BLOCKS ? n - i : GATHER_BLOCKS;
		for (k = 0; k < c; k++)
			memcpy(tw[k], req[i + k].iv, 16);
		e->encrypt(m->key[1], tw[0], tw[0], c);
		high = c > high ? c : high;
		for (k = 0; k < c; k++)
			if (req[i + k].len)
				xts_unit(m, req[i + k].dst, req[i + k].src,
					 req[i + k].len, tw[k], !op);
	}
	cryptarch_memzero(tw, 16 * high);
}

static const struct cryptarch_kat kats[] = {
	/* IEEE Std 1619-2007 Annex B, XTS-AES-128 test vector 2 */
	{ "xts(aes)",
	  "11111111111111111111111111111111222222222222222222222222"
	  "22222222",
	  "33333333330000000000000000000000",
	  "44444444444444444444444444444444444444444444444444444444"
	  "44444444",
	  "c454185e6a16936e39334038acef838bfb186fff7480adc4289382ec"
	  "d6d394f0" },
	/* IEEE Std 1619-2007 Annex B, XTS-AES-128 test vector 15 */
	{ "xts(aes)",
	  "fffefdfcfbfaf9f8f7f6f5f4f3f2f1f0bfbebdbcbbbab9b8b7b6b5b4"
	  "b3b2b1b0",
	  "9a785634120000000000000000000000",
	  "000102030405060708090a0b0c0d0e0f10",
	  "6c1625db4671522d3d7599601de7ca09ed" },
	/* Linux v6.1.12 crypto/testmgr.h tf_xts_tv_template[1] */
	{ "xts(twofish)",
	  "11111111111111111111111111111111222222222222222222222222"
	  "22222222",
	  "33333333330000000000000000000000",
	  "44444444444444444444444444444444444444444444444444444444"
	  "44444444",
	  "570e8fe52a35614f32d3bd360515442c5806f7f800a8b6d5c62892db"
	  "d834a2e9" },
	{ NULL, NULL, NULL, NULL, NULL },
};

const struct cryptarch_template cryptarch_xts_template = {
	.name = "xts",
	.type = &cryptarch_type_skcipher,
	.nargs = 1,
	.args = { &cryptarch_type_cipher },
	.nkeys = 2, /* data-unit key, then tweak key */
	.ivsize = 16,
	.ops = &(const struct cryptarch_skcipher_ops){
		.encrypt = xts_encrypt,
		.decrypt = xts_decrypt,
		.check = cryptarch_skcipher_check_one_block,
		.many = xts_many,
	},
	.kats = kats,
};
