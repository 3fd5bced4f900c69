/* SPDX-License-Identifier: MIT */
/*
 * consumer.c - a program outside the build tree that uses an installed
 * cryptarch, built by tests/install/run.sh with pkg-config and with
 * find_package(cryptarch), against the shared and the static library. It
 * checks the NIST SP 800-38A vectors F.1.1 (ECB-AES128, first block, through
 * the single-block cipher API) and F.2.1/F.2.2 (CBC-AES128, four blocks,
 * both directions, through the skcipher API), and that the version macros of
 * the installed header match the version the build expects. Only the public
 * header is used, so this also proves that the API symbols are exported.
 * Exit status: 0 if every check passed, 1 otherwise.
 */
#include <stdio.h>
#include <string.h>

#include <cryptarch.h>

static const char key_hex[] = "2b7e151628aed2a6abf7158809cf4f3c";
static const char iv_hex[] = "000102030405060708090a0b0c0d0e0f";
static const char pt_hex[] = "6bc1bee22e409f96e93d7e117393172a"
			     "ae2d8a571e03ac9c9eb76fac45af8e51"
			     "30c81c46a35ce411e5fbc1191a0a52ef"
			     "f69f2445df4f9b17ad2b417be66c3710";
static const char cbc_hex[] = "7649abac8119b246cee98e9b12e9197d"
			      "5086cb9b507219ee95db113a917678b2"
			      "73bed6b8e3c1743b7116e69e22229516"
			      "3ff1caa1681fac09120eca307586e1a7";
static const char ecb_hex[] = "3ad77bb40d7a3660a89ecaf32466ef97";

static int failures;

static void unhex(uint8_t *out, const char *hex, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++) {
		unsigned v;

		sscanf(hex + 2 * i, "%2x", &v);
		out[i] = (uint8_t)v;
	}
}

static void check(int cond, const char *what)
{
	printf("%s: %s\n", cond ? "ok" : "FAIL", what);
	if (!cond)
		failures++;
}

static void check_err(int err, const char *what)
{
	if (err) {
		printf("FAIL: %s: %s\n", what, cryptarch_strerror(err));
		failures++;
	}
}

static void test_cbc(void)
{
	uint8_t key[16], iv[16], pt[64], ct[64], expect[64], out[64];
	cryptarch_skcipher *tfm;
	int err;

	unhex(key, key_hex, 16);
	unhex(pt, pt_hex, 64);
	unhex(expect, cbc_hex, 64);

	err = cryptarch_skcipher_new(&tfm, "cbc(aes)", 0);
	check_err(err, "cryptarch_skcipher_new(cbc(aes))");
	if (err)
		return;
	printf("cbc(aes) driver: %s\n", cryptarch_skcipher_driver(tfm));
	check_err(cryptarch_skcipher_setkey(tfm, key, 16), "skcipher setkey");

	unhex(iv, iv_hex, 16);
	check_err(cryptarch_skcipher_encrypt(tfm, pt, ct, 64, iv),
		  "skcipher encrypt");
	check(memcmp(ct, expect, 64) == 0, "SP 800-38A F.2.1 CBC-AES128");
	check(memcmp(iv, expect + 48, 16) == 0, "cbc iv out");

	unhex(iv, iv_hex, 16);
	check_err(cryptarch_skcipher_decrypt(tfm, ct, out, 64, iv),
		  "skcipher decrypt");
	check(memcmp(out, pt, 64) == 0, "SP 800-38A F.2.2 CBC-AES128");

	check(cryptarch_skcipher_encrypt(tfm, pt, ct, 15, iv) == -EINVAL,
	      "cbc length 15 is -EINVAL");
	cryptarch_skcipher_free(tfm);
}

static void test_block(void)
{
	uint8_t key[16], pt[16], ct[16], expect[16];
	cryptarch_cipher *tfm;
	int err;

	unhex(key, key_hex, 16);
	unhex(pt, pt_hex, 16);
	unhex(expect, ecb_hex, 16);

	err = cryptarch_cipher_new(&tfm, "aes", 0);
	check_err(err, "cryptarch_cipher_new(aes)");
	if (err)
		return;
	printf("aes driver: %s\n", cryptarch_cipher_driver(tfm));
	check_err(cryptarch_cipher_setkey(tfm, key, 16), "cipher setkey");
	check_err(cryptarch_cipher_encrypt(tfm, ct, pt), "cipher encrypt");
	check(memcmp(ct, expect, 16) == 0, "SP 800-38A F.1.1 ECB-AES128");
	cryptarch_cipher_free(tfm);
}

int main(int argc, char **argv)
{
	cryptarch_skcipher *tfm;

	printf("cryptarch %s\n", CRYPTARCH_VERSION_STRING);
	if (argc > 1)
		check(strcmp(argv[1], CRYPTARCH_VERSION_STRING) == 0,
		      "installed header has the expected version");

	check(cryptarch_skcipher_new(&tfm, "cbc(serpent)", 0) == -ENOENT,
	      "unknown algorithm is -ENOENT");
	check(strcmp(cryptarch_strerror(0), "Success") == 0,
	      "cryptarch_strerror(0)");
	test_cbc();
	test_block();

	if (failures) {
		printf("%d check(s) failed\n", failures);
		return 1;
	}
	return 0;
}
