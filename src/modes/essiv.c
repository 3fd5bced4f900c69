/* SPDX-License-Identifier: MIT */
/*
 * essiv.c - the ESSIV template over a CBC instance and an unkeyed hash
 * ("essiv(cbc(aes),sha256)": encrypted salt-sector iv, the dm-crypt and
 * fscrypt sector mode, as the kernel's crypto/essiv.c). setkey keys the
 * CBC instance with the key and the template's own context of the same
 * cipher (the driver at the bottom of the CBC instance) with the hash of
 * the key (sha256: AES-256). A request first encrypts the iv (the sector
 * number, usually) in place under that key, then runs CBC with it, which
 * leaves the last ciphertext block in the iv as CBC does. One block per
 * request over CBC, so it runs at CBC speed on the CBC instance's driver.
 * Constant-time exactly when the cipher and the hash are.
 */
#include <errno.h>
#include <string.h>

#include "../core/memzero.h"
#include "../types/shash.h"
#include "../types/skcipher.h"

static int essiv_setkey(const struct cryptarch_inst *in, const uint8_t *key,
			size_t keylen)
{
	const struct cryptarch_inst *hash = in->arg[1];
	uint8_t salt[CRYPTARCH_SHASH_DIGEST_MAX];
	unsigned ds = cryptarch_shash_ops_of(hash)->digestsize;
	int err;

	/* the salt comes from an unkeyed hash of the key */
	if (hash->tmpl || hash->drv->alg->max_keysize != 0 || !key)
		return -EINVAL;
	err = cryptarch_inst_setkey(in->arg[0], key, keylen);
	if (err)
		return err;
	cryptarch_shash_run_digest(hash, key, keylen, salt);
	err = in->cipher->setkey(in->key[0], salt, ds);
	cryptarch_memzero(salt, sizeof(salt));
	return err ? -EINVAL : 0;
}

static int essiv_crypt(const struct cryptarch_inst *in, int op, uint8_t *dst,
		       const uint8_t *src, size_t len, uint8_t *iv)
{
	const struct cryptarch_skcipher_ops *o = in->arg[0]->tmpl->ops;

	/* the length rules are CBC's: check before the iv changes */
	if (len % 16)
		return -EINVAL;
	if (iv) /* NULL is allowed for 0 bytes (skcipher.h) */
		in->cipher->encrypt(in->key[0], iv, iv);
	return (op ? o->decrypt : o->encrypt)(in->arg[0], dst, src, len, iv);
}

static int essiv_encrypt(const struct cryptarch_inst *in, uint8_t *dst,
			 const uint8_t *src, size_t len, uint8_t *iv)
{
	return essiv_crypt(in, 0, dst, src, len, iv);
}

static int essiv_decrypt(const struct cryptarch_inst *in, uint8_t *dst,
			 const uint8_t *src, size_t len, uint8_t *iv)
{
	return essiv_crypt(in, 1, dst, src, len, iv);
}

static const struct cryptarch_kat kats[] = {
	/* Linux crypto/testmgr.h (c7942ef54673) essiv_aes_cbc_tv_template[0] */
	{ "essiv(cbc(aes),sha256)",
	  "06a9214036b8a15b512e03d534120006",
	  "3dafba429d9eb4300000000000000000",
	  "53696e676c6520626c6f636b206d7367",
	  "fa59e75f415665c336ca6b72109f8cd4" },
	/* Linux crypto/testmgr.h (c7942ef54673) essiv_aes_cbc_tv_template[1] */
	{ "essiv(cbc(aes),sha256)",
	  "c286696d887c9aa0611bbb3e2025a45a",
	  "562e17996d093d280000000000000000",
	  "000102030405060708090a0b0c0d0e0f101112131415161718191a1b"
	  "1c1d1e1f",
	  "c8599afe79e67b20067d550a5ec7b5a70b9c80d215a1b86dc6ab7b65"
	  "d9fd88eb" },
	/* Linux crypto/testmgr.h (c7942ef54673) essiv_aes_cbc_tv_template[2] */
	{ "essiv(cbc(aes),sha256)",
	  "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b",
	  "00010203040506070000000000000000",
	  "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac"
	  "45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17"
	  "ad2b417be66c3710",
	  "966da97a42e601c717fca741d3380be55148f77e5e26a9fe45721cd9"
	  "deabf34d3947c54f973a55638029644c33e8218a6aef6b6a8f43c0cb"
	  "f0f36e7454449244" },
	/* Linux crypto/testmgr.h (c7942ef54673) essiv_aes_cbc_tv_template[3] */
	{ "essiv(cbc(aes),sha256)",
	  "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a3"
	  "0914dff4",
	  "00010203040506070000000000000000",
	  "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac"
	  "45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17"
	  "ad2b417be66c3710",
	  "2452f14874d0a793759b6346c01c1e174ddc5b3a27932a63f7f1c7b3"
	  "54565b50a331a58bd6fdb63c8bf6f245050cc8bb320b261ce98b02c0"
	  "b26f37a75ba8a942" },
	{ NULL, NULL, NULL, NULL, NULL },
};

const struct cryptarch_template cryptarch_essiv_template = {
	.name = "essiv",
	.type = &cryptarch_type_skcipher,
	.nargs = 2,
	.args = { &cryptarch_type_skcipher, &cryptarch_type_shash },
	.over = "cbc",
	.unkeyed_args = 1u << 1,
	.ivsize = 16,
	.own_keys = 1,
	.setkey = essiv_setkey,
	.ops = &(const struct cryptarch_skcipher_ops){
		.encrypt = essiv_encrypt,
		.decrypt = essiv_decrypt,
		.check = cryptarch_skcipher_check_blocks,
	},
	.kats = kats,
};
