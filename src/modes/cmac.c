/* SPDX-License-Identifier: MIT */
/*
 * cmac.c - the CMAC template (NIST SP 800-38B, RFC 4493; OMAC1) over any
 * 128-bit block cipher: a keyed shash with 16-byte tags. setkey keys the
 * cipher and derives the subkeys K1 = dbl(E(0)) and K2 = dbl(K1) (dbl:
 * multiplication by x in GF(2^128), reduction 0x87). The CBC-MAC chain is
 * cbcmac.h's (the driver's hook where it has one); the last block is
 * XORed with K1 if whole, padded and XORed with K2 if not. Constant-time
 * exactly when the cipher is: dbl masks, never branches on key bits.
 */
#include <errno.h>
#include <string.h>

#include "../core/memzero.h"
#include "../types/shash.h"
#include "cbcmac.h"

struct cmac_ctx {
	uint8_t k1[16], k2[16];
};

/* OUT = IN * x in GF(2^128), big-endian bit order (SP 800-38B 6.1). */
static void dbl(uint8_t out[16], const uint8_t in[16])
{
	uint8_t carry = (uint8_t)(0u - (in[0] >> 7)); /* 0x00 or 0xff */
	unsigned i;

	for (i = 0; i < 15; i++)
		out[i] = (uint8_t)(in[i] << 1 | in[i + 1] >> 7);
	out[15] = (uint8_t)(in[15] << 1 ^ (carry & 0x87));
}

static int cmac_setkey(const struct cryptarch_inst *in, const uint8_t *key,
		       size_t keylen)
{
	struct cmac_ctx *c = in->ctx;
	uint8_t l[16] = { 0 };
	int err = cryptarch_inst_setkey_cipher(in, key, keylen);

	if (err)
		return err;
	in->cipher->encrypt(in->key[0], l, l);
	dbl(c->k1, l);
	dbl(c->k2, c->k1);
	cryptarch_memzero(l, sizeof(l));
	return 0;
}

static void cmac_init(const struct cryptarch_inst *in, void *state)
{
	(void)in;
	cryptarch_mac_init(state);
}

static void cmac_update(const struct cryptarch_inst *in, void *state,
			const uint8_t *data, size_t len)
{
	cryptarch_mac_update(in, state, data, len, 1);
}

static void cmac_final(const struct cryptarch_inst *in, void *state,
		       uint8_t *out)
{
	const struct cmac_ctx *c = in->ctx;

	cryptarch_mac_last(in, state, c->k1, c->k2, out);
	cryptarch_memzero(state, sizeof(struct cryptarch_mac_state));
}

/* Many digests: the chains interleaved where the driver can (cbcmac.h). */
static void cmac_digest_many(const struct cryptarch_inst *in,
			     const struct cryptarch_digest_request *req,
			     size_t n)
{
	cryptarch_mac_digest_many(in, req, n, 1, cmac_final);
}

static const struct cryptarch_kat kats[] = {
	/* RFC 4493 section 4, Example 1 (= SP 800-38B D.1 Example 1) */
	{ "cmac(aes)", "2b7e151628aed2a6abf7158809cf4f3c", NULL, "",
	  "bb1d6929e95937287fa37d129b756746" },
	/* RFC 4493 section 4, Example 2 */
	{ "cmac(aes)", "2b7e151628aed2a6abf7158809cf4f3c", NULL,
	  "6bc1bee22e409f96e93d7e117393172a",
	  "070a16b46b4d4144f79bdd9dd04a287c" },
	/* RFC 4493 section 4, Example 3 */
	{ "cmac(aes)", "2b7e151628aed2a6abf7158809cf4f3c", NULL,
	  "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac"
	  "45af8e5130c81c46a35ce411",
	  "dfa66747de9ae63030ca32611497c827" },
	/* RFC 4493 section 4, Example 4 */
	{ "cmac(aes)", "2b7e151628aed2a6abf7158809cf4f3c", NULL,
	  "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac"
	  "45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17"
	  "ad2b417be66c3710",
	  "51f0bebf7e3b9d92fc49741779363cfe" },
	/* SP 800-38B Appendix D.2, AES-192 Examples 5 and 8 */
	{ "cmac(aes)", "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b",
	  NULL, "", "d17ddf46adaacde531cac483de7a9367" },
	{ "cmac(aes)", "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b",
	  NULL,
	  "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac"
	  "45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17"
	  "ad2b417be66c3710",
	  "a1d5df0eed790f794d77589659f39a11" },
	/* SP 800-38B Appendix D.3, AES-256 Examples 10 and 11 */
	{ "cmac(aes)",
	  "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a3"
	  "0914dff4",
	  NULL, "6bc1bee22e409f96e93d7e117393172a",
	  "28a7023f452e8f82bd4bf28d8c37c35c" },
	{ "cmac(aes)",
	  "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a3"
	  "0914dff4",
	  NULL,
	  "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac"
	  "45af8e5130c81c46a35ce411",
	  "aaf3d8f1de5640c232f5b169b9c911e6" },
	{ NULL, NULL, NULL, NULL, NULL },
};

const struct cryptarch_template cryptarch_cmac_template = {
	.name = "cmac",
	.type = &cryptarch_type_shash,
	.nargs = 1,
	.args = { &cryptarch_type_cipher },
	.nkeys = 1,
	.ctxsize = sizeof(struct cmac_ctx),
	.setkey = cmac_setkey,
	.ops = &(const struct cryptarch_shash_ops){
		.digestsize = 16,
		.statesize = sizeof(struct cryptarch_mac_state),
		.init = cmac_init,
		.update = cmac_update,
		.final = cmac_final,
		.digest_many = cmac_digest_many,
	},
	.kats = kats,
};
