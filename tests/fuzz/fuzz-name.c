/* SPDX-License-Identifier: MIT */
/*
 * fuzz-name.c - libFuzzer harness for the name parser and for skcipher and
 * cipher lookup. Input: one byte of flags (every bit, known or not), then
 * the name: the bytes up to the end of the input or the first NUL, cut at
 * 255 (names longer than the parser's limit of 127 must be refused).
 * Checks, each an abort (a crash for libFuzzer) when broken:
 *   - cryptarch_parse_name() returns 0 or -EINVAL, and on success the
 *     inner name is a proper part of the name;
 *   - cryptarch_skcipher_new() and cryptarch_cipher_new() return 0,
 *     -EINVAL or -ENOENT, leave the handle NULL on error, and -EINVAL
 *     exactly when the parser refuses the name;
 *   - a handle that opens has a driver name that opens the same instance
 *     again under the same flags, refuses work before a key (-ENOKEY),
 *     and after a valid key decrypts what it encrypts;
 *   - a handle is constant-time unless the flags allow variable time;
 *   - a registered driver name that can run here and that the flags
 *     allow always opens as a cipher.
 * Any crash, leak or undefined behaviour under ASan and UBSan is found by
 * the sanitizers themselves. Test code, not constant-time.
 */
#include <errno.h>
#include <string.h>

#include "fuzz.h"

#define MAX_NAME 255

static void check_skcipher(const char *name, unsigned flags, int parsed)
{
	uint8_t key[64], iv[16], iv2[16], pt[48], ct[48], back[48];
	cryptarch_skcipher *t = (cryptarch_skcipher *)&t, *again;
	struct cryptarch_choice c;
	const char *drv;
	size_t keylen;
	int err, mode;

	err = cryptarch_skcipher_new(&t, name, flags);
	FUZZ_CHECK(err == 0 || err == -EINVAL || err == -ENOENT,
		   "skcipher_new(\"%s\", %#x) = %d", name, flags, err);
	FUZZ_CHECK(err != -EINVAL || !parsed,
		   "skcipher_new(\"%s\") = -EINVAL, but the name parses", name);
	FUZZ_CHECK(parsed || err == -EINVAL,
		   "skcipher_new(\"%s\") = %d for a name the parser refuses",
		   name, err);
	if (err) {
		FUZZ_CHECK(t == NULL, "skcipher_new failed but set *tfm");
		return;
	}
	drv = cryptarch_skcipher_driver(t);
	FUZZ_CHECK(drv && *drv, "skcipher %s: no driver name", name);
	/* The driver name resolves to the same instance. */
	err = cryptarch_lookup(drv, flags, 1, &c);
	FUZZ_CHECK(err == 0 && strcmp(c.driver, drv) == 0,
		   "%s chose %s, which does not resolve to itself (%d)", name,
		   drv, err);
	FUZZ_CHECK((flags & CRYPTARCH_ALLOW_VARIABLE_TIME) ||
			   (c.alg->flags & CRYPTARCH_ALG_CONSTANT_TIME),
		   "%s chose the variable-time %s without the flag", name, drv);
	err = cryptarch_skcipher_new(&again, drv, flags);
	FUZZ_CHECK(err == 0, "the driver name %s does not open (%d)", drv, err);
	cryptarch_skcipher_free(again);

	mode = c.mode;
	memset(iv, 0xa5, sizeof(iv));
	memset(pt, 0x3c, sizeof(pt));
	FUZZ_CHECK(cryptarch_skcipher_encrypt(t, pt, ct, 16, iv) == -ENOKEY,
		   "%s encrypts without a key", drv);
	keylen = c.alg->min_keysize * (mode == CRYPTARCH_MODE_XTS ? 2 : 1);
	for (size_t i = 0; i < keylen; i++)
		key[i] = (uint8_t)(i * 7 + 1);
	err = cryptarch_skcipher_setkey(t, key, keylen);
	FUZZ_CHECK(err == 0, "%s: setkey(%zu bytes) = %d", drv, keylen, err);
	memcpy(iv2, iv, sizeof(iv));
	err = cryptarch_skcipher_encrypt(t, pt, ct, sizeof(pt), iv);
	FUZZ_CHECK(err == 0, "%s: encrypt = %d", drv, err);
	err = cryptarch_skcipher_decrypt(t, ct, back, sizeof(ct), iv2);
	FUZZ_CHECK(err == 0 && memcmp(back, pt, sizeof(pt)) == 0,
		   "%s: decryption does not undo encryption (%d)", drv, err);
	cryptarch_skcipher_free(t);
}

static void check_cipher(const char *name, unsigned flags, int parsed, int mode)
{
	uint8_t key[32], pt[16], ct[16], back[16];
	cryptarch_cipher *t = (cryptarch_cipher *)&t;
	const struct cryptarch_alg *alg;
	const char *drv;
	int err;

	err = cryptarch_cipher_new(&t, name, flags);
	FUZZ_CHECK(err == 0 || err == -EINVAL || err == -ENOENT,
		   "cipher_new(\"%s\", %#x) = %d", name, flags, err);
	FUZZ_CHECK((err == -EINVAL) == !parsed,
		   "cipher_new(\"%s\") = %d, parser says %d", name, err,
		   parsed);
	alg = cryptarch_alg_find(name);
	if (alg && cryptarch_alg_verdict(alg, flags) == CRYPTARCH_ELIGIBLE &&
	    cryptarch_alg_selftest(alg) == CRYPTARCH_SELFTEST_PASSED)
		FUZZ_CHECK(err == 0,
			   "driver %s is eligible but cipher_new = "
			   "%d",
			   name, err);
	if (err) {
		FUZZ_CHECK(t == NULL, "cipher_new failed but set *tfm");
		return;
	}
	FUZZ_CHECK(mode < 0, "cipher_new accepted the mode name %s", name);
	drv = cryptarch_cipher_driver(t);
	FUZZ_CHECK(drv && *drv, "cipher %s: no driver name", name);
	alg = cryptarch_alg_find(drv);
	FUZZ_CHECK(alg, "cipher %s: driver %s is not registered", name, drv);
	FUZZ_CHECK((flags & CRYPTARCH_ALLOW_VARIABLE_TIME) ||
			   (alg->flags & CRYPTARCH_ALG_CONSTANT_TIME),
		   "%s chose the variable-time %s without the flag", name, drv);
	memset(pt, 0x5a, sizeof(pt));
	FUZZ_CHECK(cryptarch_cipher_encrypt(t, ct, pt) == -ENOKEY,
		   "%s encrypts without a key", drv);
	memset(key, 0x11, sizeof(key));
	err = cryptarch_cipher_setkey(t, key, alg->max_keysize);
	FUZZ_CHECK(err == 0, "%s: setkey = %d", drv, err);
	FUZZ_CHECK(cryptarch_cipher_encrypt(t, ct, pt) == 0 &&
			   cryptarch_cipher_decrypt(t, back, ct) == 0 &&
			   memcmp(back, pt, sizeof(pt)) == 0,
		   "%s: decryption does not undo encryption", drv);
	cryptarch_cipher_free(t);
}

/* see fuzz.h */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char name[MAX_NAME + 1], inner[MAX_NAME + 1];
	unsigned flags;
	size_t n;
	int mode = -2, parsed;

	if (size < 1)
		return 0;
	flags = data[0];
	n = size - 1 < MAX_NAME ? size - 1 : MAX_NAME;
	memcpy(name, data + 1, n);
	name[n] = '\0';
	n = strlen(name);

	parsed = cryptarch_parse_name(name, &mode, inner, sizeof(inner));
	FUZZ_CHECK(parsed == 0 || parsed == -EINVAL, "parse_name(\"%s\") = %d",
		   name, parsed);
	if (parsed == 0) {
		FUZZ_CHECK(n >= 1 && n <= 127,
			   "parse_name accepted a name "
			   "of %zu bytes",
			   n);
		FUZZ_CHECK(strlen(inner) >= 1 && strlen(inner) <= n,
			   "parse_name(\"%s\"): inner \"%s\"", name, inner);
		FUZZ_CHECK(mode >= -1 && mode <= CRYPTARCH_MODE_COUNT,
			   "parse_name(\"%s\"): mode %d", name, mode);
		FUZZ_CHECK((mode == -1) == (strlen(inner) == n),
			   "parse_name(\"%s\"): mode %d, inner \"%s\"", name,
			   mode, inner);
	}
	check_skcipher(name, flags, parsed == 0);
	check_cipher(name, flags, parsed == 0, parsed == 0 ? mode : -1);
	return 0;
}
