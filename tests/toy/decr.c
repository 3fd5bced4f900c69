/* SPDX-License-Identifier: MIT */
/*
 * decr.c - a toy template over another skcipher instance, "decr": its
 * encryption is the inner instance's decryption and the other way round
 * ("decr(ecb(aes))" encrypts as ecb(aes) decrypts). It is registered by
 * one line in tests/toy/registry.cmake, like ofb.c, and exercises the
 * path that templates of templates take (cts(cbc(aes)),
 * essiv(cbc(aes),sha256)): a nested name, an argument that is an instance
 * of a type rather than a cipher, the key handed to the inner instance,
 * the self-test of every driver through it. Built into the tests'
 * registry only (test-adding). Constant-time exactly when the inner
 * instance is.
 */
#include <stddef.h>

#include "../../src/types/skcipher.h"

static int decr_encrypt(const struct cryptarch_inst *in, uint8_t *dst,
			const uint8_t *src, size_t len, uint8_t *iv)
{
	return cryptarch_skcipher_run(in->arg[0], 1, dst, src, len, iv);
}

static int decr_decrypt(const struct cryptarch_inst *in, uint8_t *dst,
			const uint8_t *src, size_t len, uint8_t *iv)
{
	return cryptarch_skcipher_run(in->arg[0], 0, dst, src, len, iv);
}

static const struct cryptarch_kat kats[] = {
	/* NIST SP 800-38A Appendix F.1.2 ECB-AES128.Decrypt */
	{ "decr(ecb(aes))", "2b7e151628aed2a6abf7158809cf4f3c", NULL,
	  "3ad77bb40d7a3660a89ecaf32466ef97f5d3d58503b9699de785895a"
	  "96fdbaaf43b1cd7f598ece23881b00e3ed0306887b0c785e27e8ad3f"
	  "8223207104725dd4",
	  "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac"
	  "45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17"
	  "ad2b417be66c3710" },
	{ NULL, NULL, NULL, NULL, NULL },
};

const struct cryptarch_template cryptarch_decr_template = {
	.name = "decr",
	.type = &cryptarch_type_skcipher,
	.nargs = 1,
	.args = { &cryptarch_type_skcipher },
	.ops = &(const struct cryptarch_skcipher_ops){ decr_encrypt,
						       decr_decrypt },
	.kats = kats,
};
