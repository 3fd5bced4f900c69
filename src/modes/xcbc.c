/* SPDX-License-Identifier: MIT */
/*
 * xcbc.c - the XCBC-MAC template (RFC 3566, AES-XCBC-MAC-96's full 128-bit
 * MAC as the kernel's xcbc(aes)) over any 128-bit block cipher: a keyed
 * shash with 16-byte keys only and 16-byte tags. setkey derives K1, K2,
 * K3 = E(K, 0x01..), E(K, 0x02..), E(K, 0x03..) and rekeys the cipher with
 * K1; the chain is cbcmac.h's, the last block XORed with K2 if whole,
 * padded and XORed with K3 if not. Constant-time exactly when the cipher
 * is.
 */
#include <errno.h>
#include <string.h>

#include "../core/memzero.h"
#include "../types/shash.h"
#include "cbcmac.h"

struct xcbc_ctx {
	uint8_t k2[16], k3[16];
};

static int xcbc_setkey(const struct cryptarch_inst *in, const uint8_t *key,
		       size_t keylen)
{
	struct xcbc_ctx *c = in->ctx;
	uint8_t k1[16];
	int err;

	if (keylen != 16)
		return -EINVAL;
	err = cryptarch_inst_setkey_cipher(in, key, keylen);
	if (err)
		return err;
	memset(k1, 0x01, 16);
	memset(c->k2, 0x02, 16);
	memset(c->k3, 0x03, 16);
	in->cipher->encrypt(in->key[0], k1, k1);
	in->cipher->encrypt(in->key[0], c->k2, c->k2);
	in->cipher->encrypt(in->key[0], c->k3, c->k3);
	err = cryptarch_inst_setkey_cipher(in, k1, 16);
	cryptarch_memzero(k1, sizeof(k1));
	return err;
}

static void xcbc_init(const struct cryptarch_inst *in, void *state)
{
	(void)in;
	cryptarch_mac_init(state);
}

static void xcbc_update(const struct cryptarch_inst *in, void *state,
			const uint8_t *data, size_t len)
{
	cryptarch_mac_update(in, state, data, len, 1);
}

static void xcbc_final(const struct cryptarch_inst *in, void *state,
		       uint8_t *out)
{
	const struct xcbc_ctx *c = in->ctx;

	cryptarch_mac_last(in, state, c->k2, c->k3, out);
	cryptarch_memzero(state, sizeof(struct cryptarch_mac_state));
}

#define K "000102030405060708090a0b0c0d0e0f"

/* Many digests: the chains interleaved where the driver can (cbcmac.h). */
static void xcbc_digest_many(const struct cryptarch_inst *in,
			     const struct cryptarch_digest_request *req,
			     size_t n)
{
	cryptarch_mac_digest_many(in, req, n, 1, xcbc_final);
}

static const struct cryptarch_kat kats[] = {
	/* RFC 3566 section 4.6, Test Cases #1 to #6 */
	{ "xcbc(aes)", K, NULL, "", "75f0251d528ac01c4573dfd584d79f29" },
	{ "xcbc(aes)", K, NULL, "000102", "5b376580ae2f19afe7219ceef172756f" },
	{ "xcbc(aes)", K, NULL, "000102030405060708090a0b0c0d0e0f",
	  "d2a246fa349b68a79998a4394ff7a263" },
	{ "xcbc(aes)", K, NULL,
	  "000102030405060708090a0b0c0d0e0f10111213",
	  "47f51b4564966215b8985c63055ed308" },
	{ "xcbc(aes)", K, NULL,
	  "000102030405060708090a0b0c0d0e0f101112131415161718191a1b"
	  "1c1d1e1f",
	  "f54f0ec8d2b9f3d36807734bd5283fd4" },
	{ "xcbc(aes)", K, NULL,
	  "000102030405060708090a0b0c0d0e0f101112131415161718191a1b"
	  "1c1d1e1f2021",
	  "becbb3bccdb518a30677d5481fb6b4d8" },
	{ NULL, NULL, NULL, NULL, NULL },
};

const struct cryptarch_template cryptarch_xcbc_template = {
	.name = "xcbc",
	.type = &cryptarch_type_shash,
	.nargs = 1,
	.args = { &cryptarch_type_cipher },
	.nkeys = 1,
	.keysize = 16,
	.ctxsize = sizeof(struct xcbc_ctx),
	.setkey = xcbc_setkey,
	.ops = &(const struct cryptarch_shash_ops){
		.digestsize = 16,
		.statesize = sizeof(struct cryptarch_mac_state),
		.init = xcbc_init,
		.update = xcbc_update,
		.final = xcbc_final,
		.digest_many = xcbc_digest_many,
	},
	.kats = kats,
};
