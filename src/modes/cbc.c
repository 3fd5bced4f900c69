/* SPDX-License-Identifier: MIT */
/*
 * cbc.c - the CBC template (NIST SP 800-38A 6.2). Encryption is serial:
 * each block is chained into the next, so it runs the single-block function
 * unless the driver's cbc hook (cbc.h) has its own (one that keeps round
 * keys in registers). Decryption is parallel in principle and goes to the
 * hook's where there is one. The iv is in/out: afterwards it holds
 * the last ciphertext block. In place is handled by saving each ciphertext
 * block before it is overwritten. Constant-time exactly when the underlying
 * implementation is.
 */
#include <errno.h>
#include <string.h>

#include "../core/endian.h"
#include "../core/memzero.h"
#include "../types/skcipher.h"
#include "cbc.h"
#include "cryptarch.h"

static int cbc_encrypt(const struct cryptarch_inst *m, uint8_t *dst,
		       const uint8_t *src, size_t len, uint8_t *iv)
{
	const struct cryptarch_cbc_hooks *h = m->hook;
	const void *ctx = m->key[0];
	size_t i, n = len / 16;
	uint8_t x[16];

	if (len % 16)
		return -EINVAL;
	if (n == 0)
		return 0;
	if (h && h->encrypt) {
		h->encrypt(ctx, dst, src, n, iv);
		return 0;
	}
	memcpy(x, iv, 16);
	for (i = 0; i < n; i++) {
		xor_block(x, x, src + 16 * i);
		m->cipher->encrypt(ctx, x, x);
		memcpy(dst + 16 * i, x, 16);
	}
	memcpy(iv, x, 16);
	return 0;
}

static int cbc_decrypt(const struct cryptarch_inst *m, uint8_t *dst,
		       const uint8_t *src, size_t len, uint8_t *iv)
{
	const struct cryptarch_cbc_hooks *h = m->hook;
	const void *ctx = m->key[0];
	size_t i, n = len / 16;
	uint8_t prev[16], c[16], x[16];

	if (len % 16)
		return -EINVAL;
	if (n == 0)
		return 0;
	if (h && h->decrypt) {
		h->decrypt(ctx, dst, src, n, iv);
		return 0;
	}
	memcpy(prev, iv, 16);
	for (i = 0; i < n; i++) {
		memcpy(c, src + 16 * i, 16);
		m->cipher->decrypt(ctx, x, c);
		xor_block(dst + 16 * i, x, prev);
		memcpy(prev, c, 16);
	}
	memcpy(iv, prev, 16);
	cryptarch_memzero(x, sizeof(x));
	return 0;
}

/* Many requests: the hook's interleaving where it has one for OP, else
 * one call after another. */
static void cbc_many(const struct cryptarch_inst *m, int op,
		     const struct cryptarch_request *req, size_t n)
{
	const struct cryptarch_cbc_hooks *h = m->hook;
	size_t i;

	if (h && !op && h->encrypt_many) {
		h->encrypt_many(m->key[0], req, n);
		return;
	}
	if (h && op && h->decrypt_many) {
		h->decrypt_many(m->key[0], req, n);
		return;
	}
	for (i = 0; i < n; i++)
		(void)(op ? cbc_decrypt : cbc_encrypt)(m, req[i].dst,
							req[i].src, req[i].len,
							req[i].iv);
}

static const struct cryptarch_kat kats[] = {
	/* NIST SP 800-38A Appendix F.2.1 CBC-AES128.Encrypt */
	{ "cbc(aes)", "2b7e151628aed2a6abf7158809cf4f3c",
	  "000102030405060708090a0b0c0d0e0f",
	  "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac"
	  "45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17"
	  "ad2b417be66c3710",
	  "7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a"
	  "917678b273bed6b8e3c1743b7116e69e222295163ff1caa1681fac09"
	  "120eca307586e1a7" },
	/* NIST SP 800-38A Appendix F.2.5 CBC-AES256.Encrypt */
	{ "cbc(aes)",
	  "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a3"
	  "0914dff4",
	  "000102030405060708090a0b0c0d0e0f",
	  "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac"
	  "45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17"
	  "ad2b417be66c3710",
	  "f58c4c04d6e5f1ba779eabfb5f7bfbd69cfc4e967edb808d679f777b"
	  "c6702c7d39f23369a9d9bacfa530e26304231461b2eb05e2c39be9fc"
	  "da6c19078c6a9d1b" },
	/* Linux v6.1.12 crypto/testmgr.h tf_cbc_tv_template[3] */
	{ "cbc(twofish)", "00000000000000000000000000000000",
	  "00000000000000000000000000000000",
	  "00000000000000000000000000000000000000000000000000000000"
	  "0000000000000000000000000000000000000000",
	  "9f589f5cf6122c32b6bfec2f2ae8c35ad491db16e7b1c39e86cb086b"
	  "789f541905ef8c61a811582634ba5cb7106aa641" },
	{ NULL, NULL, NULL, NULL, NULL },
};

const struct cryptarch_template cryptarch_cbc_template = {
	.name = "cbc",
	.type = &cryptarch_type_skcipher,
	.nargs = 1,
	.args = { &cryptarch_type_cipher },
	.nkeys = 1,
	.ivsize = 16,
	.ops = &(const struct cryptarch_skcipher_ops){
		.encrypt = cbc_encrypt,
		.decrypt = cbc_decrypt,
		.check = cryptarch_skcipher_check_blocks,
		.many = cbc_many,
	},
	.kats = kats,
};
