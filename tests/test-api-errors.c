/* SPDX-License-Identifier: MIT */
/*
 * test-api-errors.c - every error path of the public API, and selection:
 *  - cryptarch_strerror() for 0, each documented code (-EBADMSG naming
 *    the tag) and unknown values;
 *  - malformed names (-EINVAL) and unknown ones (-ENOENT), NULL pointers,
 *    *tfm left NULL on error;
 *  - wrong key lengths for every instance and the cipher API, and -ENOKEY
 *    before any setkey, after a refused one, and back to working after a
 *    good one;
 *  - data lengths each mode refuses (ecb, cbc, essiv: not a multiple of
 *    16; xts, cts: under 16), with nothing written to dst and the iv
 *    unchanged on every error; length 0 with NULL buffers and, where
 *    the mode allows it, a NULL iv;
 *  - names the templates do not combine ("cts(ecb(aes))",
 *    "essiv(ctr(aes),sha256)", "cmac(sha256)", "xctr(sha256)", essiv over
 *    a keyed hash: "essiv(cbc(aes),ghash)"), and names
 *    of another type (a shash name as an skcipher, an skcipher name as a
 *    shash), -ENOENT;
 *  - aead: names the templates do not combine ("gcm(sha256)",
 *    "gcm(cbc(aes))", "ccm(ghash)", gcm_base over cbcmac, ccm_base over
 *    ghash), other types' names, malformed ones, aead names as skcipher
 *    and shash names; the calls on a NULL handle; -ENOKEY before setkey
 *    and -EBADMSG with a zeroed output through algorithm names (the rules
 *    per instance are test-aead's);
 *  - the constant-time policy, CRYPTARCH_FORBID_WEAK_KEYS, the driver
 *    names, free(NULL);
 *  - selection: the expected winner is computed from the registry (CPU
 *    features after CRYPTARCH_DISABLE, constant-time flag, self-test,
 *    priority of the hooked or template instance, registry order);
 *  - CRYPTARCH_DISABLE as set by the environment of this run (ctest runs
 *    it with a feature name, an unknown word and a mix): the disabled mask,
 *    the unknown words, availability;
 *  - a deliberately broken AES implementation registered with a higher
 *    priority: never chosen, self-test FAILED, and -ENOENT by name.
 *
 * Usage: test-api-errors
 */
#define _DEFAULT_SOURCE
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aes/aes.h"
#include "cpu.h"
#include "eligible.h"
#include "modes/ecb.h"
#include "registry.h"
#include "selftest.h"
#include "util.h"

/* FIPS-197 Appendix C.1 (AES-128). */
static const uint8_t fips_key[16] = { 0x00, 0x01, 0x02, 0x03, 0x04, 0x05,
				      0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b,
				      0x0c, 0x0d, 0x0e, 0x0f };
static const uint8_t fips_pt[16] = { 0x00, 0x11, 0x22, 0x33, 0x44, 0x55,
				     0x66, 0x77, 0x88, 0x99, 0xaa, 0xbb,
				     0xcc, 0xdd, 0xee, 0xff };
static const uint8_t fips_ct[16] = { 0x69, 0xc4, 0xe0, 0xd8, 0x6a, 0x7b,
				     0x04, 0x30, 0xd8, 0xcd, 0xb7, 0x80,
				     0x70, 0xb4, 0xc5, 0x5a };

/* ---- cryptarch_strerror ------------------------------------------------ */
static void check_strerror(void)
{
	static const int codes[] = { -EINVAL, -ENOENT, -ENOKEY, -EBADMSG,
				     -ENOMEM };
	static const int unknown[] = { 1,      -1,	-EIO,	 -EPERM, EINVAL,
				       ENOENT, INT_MIN, INT_MAX, -4096 };
	const char *s[5], *u;
	size_t i, j;

	u = cryptarch_strerror(-EIO);
	if (!u || strcmp(u, "Unknown error") != 0)
		test_fail("cryptarch_strerror(-EIO) is \"%s\", expected "
			  "\"Unknown error\"",
			  u ? u : "(null)");
	u = cryptarch_strerror(0);
	if (!u || strcmp(u, "Success") != 0)
		test_fail("cryptarch_strerror(0) is \"%s\", expected "
			  "\"Success\"",
			  u ? u : "(null)");
	for (i = 0; i < 5; i++) {
		s[i] = cryptarch_strerror(codes[i]);
		if (!s[i] || !*s[i] || strcmp(s[i], "Unknown error") == 0 ||
		    strcmp(s[i], "Success") == 0)
			test_fail("cryptarch_strerror(%d) is \"%s\"", codes[i],
				  s[i] ? s[i] : "(null)");
		for (j = 0; j < i; j++)
			if (s[i] && s[j] && strcmp(s[i], s[j]) == 0)
				test_fail("cryptarch_strerror(%d) and (%d) are "
					  "the same sentence",
					  codes[i], codes[j]);
	}
	/* the aead tag's own sentence */
	u = cryptarch_strerror(-EBADMSG);
	if (!u || !strstr(u, "tag"))
		test_fail("cryptarch_strerror(-EBADMSG) is \"%s\", which does "
			  "not name the tag",
			  u ? u : "(null)");
	for (i = 0; i < sizeof(unknown) / sizeof(unknown[0]); i++) {
		u = cryptarch_strerror(unknown[i]);
		if (!u || strcmp(u, "Unknown error") != 0)
			test_fail("cryptarch_strerror(%d) is \"%s\", expected "
				  "\"Unknown error\"",
				  unknown[i], u ? u : "(null)");
	}
}

/* ---- names ------------------------------------------------------------- */
static void expect_sk_new(const char *name, unsigned flags, int want)
{
	cryptarch_skcipher *t = (cryptarch_skcipher *)&t; /* not NULL */
	int rc = cryptarch_skcipher_new(&t, name, flags);

	test_expect_rc(rc, want, "cryptarch_skcipher_new(\"%s\", 0x%x)",
		       name ? name : "(NULL)", flags);
	if (rc && t != NULL)
		test_fail("cryptarch_skcipher_new(\"%s\") failed but left "
			  "*tfm non-NULL",
			  name ? name : "(NULL)");
	if (!rc)
		cryptarch_skcipher_free(t);
}

static void expect_ci_new(const char *name, unsigned flags, int want)
{
	cryptarch_cipher *t = (cryptarch_cipher *)&t;
	int rc = cryptarch_cipher_new(&t, name, flags);

	test_expect_rc(rc, want, "cryptarch_cipher_new(\"%s\", 0x%x)",
		       name ? name : "(NULL)", flags);
	if (rc && t != NULL)
		test_fail("cryptarch_cipher_new(\"%s\") failed but left "
			  "*tfm non-NULL",
			  name ? name : "(NULL)");
	if (!rc)
		cryptarch_cipher_free(t);
}

static void check_names(void)
{
	static const char *const malformed[] = {
		"",
		"cbc(aes",
		"cbc()",
		"(aes)",
		"cbc(aes))",
		"CBC(aes)",
		"cbc(AES)",
		"cbc(aes )",
		" cbc(aes)",
		"cbc(a.es)",
		"cbc(aes)\n",
		"cbc(a/es)",
		"cbc(\xc3\xa4s)",
		"cbc)aes(",
		"cbc(aes)x",
		"essiv(cbc(aes),sha256,sha256)", /* more arguments than any */
		"()",
		"(",
		")",
	};
	static const char *const unknown[] = {
		"foo(aes)",
		"cbc(serpent)",
		"aes2",
		"cbc(cbc(aes))",
		"aes",
		"twofish",
		"aes-generic",
		"cbc(aes2)",
		"gcm(aes)",
		"xts(ecb(aes))",
		"ecb-serpent-generic",
		"cbc(aes-ct64-x)",
		"ctr-aes",
		/* templates that do not combine so, or of another type */
		"cts(ecb(aes))",
		"cts(ctr(aes))",
		"cts(aes)",
		"cts(cbc(sha256))",
		"essiv(ctr(aes),sha256)",
		"essiv(cbc(aes))",
		"essiv(cbc(aes),aes)",
		"essiv(aes,sha256)",
		"essiv(cbc(aes),cmac(aes))", /* a keyed hash */
		"essiv(cbc(aes),xcbc(aes))",
		/* an argument that stands for no instance (cbc over cbc)
		 * inside another template */
		"ecb(cbc(cbc(aes-vperm)))",
		"ecb(cbc(cbc(aes)))",
		"cts(cbc(cbc(aes-generic)))",
		"essiv(cbc(cbc(aes)),sha256)",
		"cmac(sha256)",
		"cmac(aes)",
		"xcbc(aes)",
		"sha256",
		"sha256-generic",
		"xctr(sha256)",
		"xctr(cbc(aes))",
		"cbc(sha256)",
		"cmac-aes-ct64",
	};
	static const char *const ci_malformed[] = {
		"", "AES", "aes)", "(aes", "a es", "aes\t", "ae$s",
	};
	static const char *const ci_unknown[] = {
		"cbc(aes)",    "ecb(aes)",	"serpent", "aes2",
		"aes-nothing", "ctr-aes-ct64",	"sha256",  "sha256-generic",
		"cmac(aes)",   "cts(cbc(aes))",
	};
	char longname[200];
	size_t i;
	unsigned fl[2] = { 0, CRYPTARCH_ALLOW_VARIABLE_TIME };
	int f;
	cryptarch_skcipher *t = NULL;
	cryptarch_cipher *c = NULL;

	for (f = 0; f < 2; f++) {
		for (i = 0; i < sizeof(malformed) / sizeof(*malformed); i++)
			expect_sk_new(malformed[i], fl[f], -EINVAL);
		for (i = 0; i < sizeof(unknown) / sizeof(*unknown); i++)
			expect_sk_new(unknown[i], fl[f], -ENOENT);
		for (i = 0; i < sizeof(ci_malformed) / sizeof(*ci_malformed);
		     i++)
			expect_ci_new(ci_malformed[i], fl[f], -EINVAL);
		for (i = 0; i < sizeof(ci_unknown) / sizeof(*ci_unknown); i++)
			expect_ci_new(ci_unknown[i], fl[f], -ENOENT);
		expect_sk_new(NULL, fl[f], -EINVAL);
		expect_ci_new(NULL, fl[f], -EINVAL);
		/* 127 characters: well formed and unknown; 128: too long */
		memset(longname, 'a', sizeof(longname));
		memcpy(longname, "cbc(", 4);
		memcpy(longname + 126, ")", 2);
		expect_sk_new(longname, fl[f], -ENOENT);
		memcpy(longname + 126, "a)", 3);
		expect_sk_new(longname, fl[f], -EINVAL);
		memset(longname, 'a', 127);
		longname[127] = '\0';
		expect_ci_new(longname, fl[f], -ENOENT);
		memset(longname, 'a', 150);
		longname[150] = '\0';
		expect_ci_new(longname, fl[f], -EINVAL);
	}
	test_expect_rc(cryptarch_skcipher_new(NULL, "ecb(aes)", 0), -EINVAL,
		       "cryptarch_skcipher_new(NULL, \"ecb(aes)\")");
	test_expect_rc(cryptarch_cipher_new(NULL, "aes", 0), -EINVAL,
		       "cryptarch_cipher_new(NULL, \"aes\")");
	/* well-formed names that work: cipher and driver inside a mode */
	if (cryptarch_skcipher_new(&t, "cbc(aes)",
				   CRYPTARCH_ALLOW_VARIABLE_TIME) != 0)
		test_fail("cryptarch_skcipher_new(\"cbc(aes)\") failed");
	cryptarch_skcipher_free(t);
	if (cryptarch_cipher_new(&c, "aes", CRYPTARCH_ALLOW_VARIABLE_TIME))
		test_fail("cryptarch_cipher_new(\"aes\") failed");
	cryptarch_cipher_free(c);
	/* free(NULL) */
	cryptarch_skcipher_free(NULL);
	cryptarch_cipher_free(NULL);
}

/* ---- aead ------------------------------------------------------------- */

static void expect_ae_new(const char *name, unsigned flags, int want)
{
	cryptarch_aead *t = (cryptarch_aead *)&t; /* not NULL */
	int rc = cryptarch_aead_new(&t, name, flags);

	test_expect_rc(rc, want, "cryptarch_aead_new(\"%s\", 0x%x)",
		       name ? name : "(NULL)", flags);
	if (rc && t != NULL)
		test_fail("cryptarch_aead_new(\"%s\") failed but left *tfm "
			  "non-NULL",
			  name ? name : "(NULL)");
	if (!rc)
		cryptarch_aead_free(t);
}

/*
 * aead names: templates over what they do not take (a hash or a mode as
 * the cipher, the wrong hash in gcm_base or ccm_base, two arguments to
 * the alias), names of other types, malformed ones; the calls on a NULL
 * handle; -ENOKEY before setkey through algorithm names; aead names as
 * skcipher and shash names.
 */
static void check_aead_api(void)
{
	static const char *const unknown[] = {
		"gcm(sha256)",
		"gcm(cbc(aes))",
		"ccm(ghash)",
		"ccm(sha256)",
		"gcm(ghash)",
		"ccm(cbc(aes))",
		"ccm(ctr(aes))",
		"gcm(cmac(aes))",
		"gcm(aes,aes)",
		"ccm(aes,aes)",
		"gcm(serpent)",
		"gcm(aes-nothing)",
		"gcm_base(ctr(aes),cbcmac(aes))",
		"ccm_base(ctr(aes),ghash)",
		"gcm_base(cbc(aes),ghash)",
		"ccm_base(ctr(aes),cmac(aes))",
		"gcm_base(ctr(aes))",
		"gcm(gcm(aes))",
		"ccm(gcm(aes))",
		"aes",
		"aes-generic",
		"cbc(aes)",
		"ctr(aes)",
		"cmac(aes)",
		"cbcmac(aes)",
		"ghash",
		"ghash-generic",
		"sha256",
		"gcm",
		"ccm",
		"gcm-aes-nothing",
	};
	static const char *const malformed[] = {
		"",	     "gcm(",	  "gcm(aes", "GCM(aes)",  "gcm(aes))",
		" ccm(aes)", "ccm(aes) ", "gcm()",   "ccm(a.es)",
	};
	static const char *const known[] = {
		"gcm(aes)",
		"ccm(aes)",
		"gcm(aes-generic)",
		"ccm(aes-generic)",
		"gcm_base(ctr(aes-generic),ghash-generic)",
		"ccm_base(ctr(aes-generic),cbcmac(aes-generic))",
		"ccm_base(ctr(aes),cbcmac(aes))",
	};
	static const char *const not_sk[] = { "gcm(aes)", "ccm(aes)",
					      "gcm(twofish)", "ccm(twofish)" };
	uint8_t key[16] = { 1 }, nonce[12] = { 2 }, buf[64], out[64];
	cryptarch_aead *t = NULL;
	cryptarch_skcipher *sk = (cryptarch_skcipher *)&sk;
	cryptarch_shash *sh = (cryptarch_shash *)&sh;
	size_t i;
	int f, rc;

	for (f = 0; f < 2; f++) {
		unsigned fl = f ? CRYPTARCH_ALLOW_VARIABLE_TIME : 0;

		for (i = 0; i < sizeof(unknown) / sizeof(*unknown); i++)
			expect_ae_new(unknown[i], fl, -ENOENT);
		for (i = 0; i < sizeof(malformed) / sizeof(*malformed); i++)
			expect_ae_new(malformed[i], fl, -EINVAL);
		expect_ae_new(NULL, fl, -EINVAL);
	}
	test_expect_rc(cryptarch_aead_new(NULL, "gcm(aes)", 0), -EINVAL,
		       "cryptarch_aead_new(NULL, \"gcm(aes)\")");
	for (i = 0; i < sizeof(not_sk) / sizeof(*not_sk); i++) {
		rc = cryptarch_skcipher_new(&sk, not_sk[i],
					    CRYPTARCH_ALLOW_VARIABLE_TIME);
		test_expect_rc(rc, -ENOENT, "cryptarch_skcipher_new(\"%s\")",
			       not_sk[i]);
		if (!rc)
			cryptarch_skcipher_free(sk);
		rc = cryptarch_shash_new(&sh, not_sk[i],
					 CRYPTARCH_ALLOW_VARIABLE_TIME);
		test_expect_rc(rc, -ENOENT, "cryptarch_shash_new(\"%s\")",
			       not_sk[i]);
		if (!rc)
			cryptarch_shash_free(sh);
	}
	/* the calls on a NULL handle */
	test_expect_rc(cryptarch_aead_setkey(NULL, key, 16), -EINVAL,
		       "cryptarch_aead_setkey(NULL tfm)");
	test_expect_rc(cryptarch_aead_setauthsize(NULL, 16), -EINVAL,
		       "cryptarch_aead_setauthsize(NULL tfm)");
	if (cryptarch_aead_authsize(NULL) != 0)
		test_fail("cryptarch_aead_authsize(NULL) is not 0");
	memset(out, 0xa5, sizeof(out));
	test_expect_rc(cryptarch_aead_encrypt(NULL, buf, out, 16, nonce, 12,
					      NULL, 0),
		       -EINVAL, "cryptarch_aead_encrypt(NULL tfm)");
	test_expect_rc(cryptarch_aead_decrypt(NULL, buf, out, 32, nonce, 12,
					      NULL, 0),
		       -EINVAL, "cryptarch_aead_decrypt(NULL tfm)");
	if (!test_all(out, 0xa5, sizeof(out)))
		test_fail("a call on a NULL aead handle wrote its output");
	if (cryptarch_aead_driver(NULL) != NULL)
		test_fail("cryptarch_aead_driver(NULL) is not NULL");
	cryptarch_aead_free(NULL);
	/* names that open; -ENOKEY before setkey, then working */
	for (i = 0; i < sizeof(known) / sizeof(*known); i++) {
		rc = cryptarch_aead_new(&t, known[i],
					CRYPTARCH_ALLOW_VARIABLE_TIME);
		if (rc) {
			/* CRYPTARCH_DISABLE or a refused self-test can
			 * leave a name without instances, never malformed */
			if (rc != -ENOENT)
				test_fail("cryptarch_aead_new(\"%s\"): %s",
					  known[i], cryptarch_strerror(rc));
			continue;
		}
		memset(buf, 0x3c, sizeof(buf));
		memset(out, 0xa5, sizeof(out));
		test_expect_rc(cryptarch_aead_encrypt(t, buf, out, 16, nonce,
						      12, NULL, 0),
			       -ENOKEY, "%s: encrypt before setkey", known[i]);
		test_expect_rc(cryptarch_aead_decrypt(t, buf, out, 32, nonce,
						      12, NULL, 0),
			       -ENOKEY, "%s: decrypt before setkey", known[i]);
		if (!test_all(out, 0xa5, sizeof(out)))
			test_fail("%s: -ENOKEY, but the output was written",
				  known[i]);
		test_expect_rc(cryptarch_aead_setkey(t, key, 16), 0,
			       "%s: setkey", known[i]);
		test_expect_rc(cryptarch_aead_encrypt(t, buf, out, 16, nonce,
						      12, NULL, 0),
			       0, "%s: encrypt", known[i]);
		test_expect_rc(cryptarch_aead_decrypt(t, out, buf, 32, nonce,
						      12, NULL, 0),
			       0, "%s: decrypt", known[i]);
		out[31] ^= 1;
		test_expect_rc(cryptarch_aead_decrypt(t, out, buf, 32, nonce,
						      12, NULL, 0),
			       -EBADMSG, "%s: decrypt, the tag altered",
			       known[i]);
		if (!test_all(buf, 0, 16))
			test_fail("%s: -EBADMSG, but the output is not zero",
				  known[i]);
		cryptarch_aead_free(t);
		t = NULL;
	}
}

/* ---- errors on a handle ------------------------------------------------ */

/* Expect WANT from one call; DST and IV must be left untouched. */
static void expect_call(cryptarch_skcipher *t, const char *name, int enc,
			const uint8_t *src, size_t len, int use_iv, int want,
			const char *why)
{
	static uint8_t dst[4200];
	uint8_t iv[16], iv0[16];
	int rc;

	memset(dst, 0xa5, sizeof(dst));
	memset(iv0, 0x3c, 16);
	memcpy(iv, iv0, 16);
	rc = test_crypt(t, enc, src, dst, len, use_iv ? iv : NULL);
	test_expect_rc(rc, want, "%s %s %zu bytes (%s)", name,
		       enc ? "encrypt" : "decrypt", len, why);
	if (want && !test_all(dst, 0xa5, sizeof(dst)))
		test_fail("%s %s %zu bytes (%s): dst written on error", name,
			  enc ? "encrypt" : "decrypt", len, why);
	if (want && memcmp(iv, iv0, 16) != 0)
		test_fail("%s %s %zu bytes (%s): iv changed on error", name,
			  enc ? "encrypt" : "decrypt", len, why);
}

static void check_instance(const struct test_inst *ti)
{
	static const size_t badkeys[] = { 0,  1,  8,  15, 17, 23,
					  25, 31, 33, 48, 64, 128 };
	static const size_t badxts[] = { 0,  1,	 16, 24, 31, 33,
					 47, 49, 63, 65, 96, 128 };
	static const size_t badlen_ecb[] = { 1, 15, 17, 31, 33, 100, 4095 };
	static const size_t badlen_xts[] = { 1, 8, 15 };
	static uint8_t src[4200], key[128];
	const int mode = ti->mode, xts = mode == TEST_MODE_XTS;
	/* whole blocks only; at least one block */
	const int blocks = test_len_ok(mode, 17) == 0;
	const int min16 = test_len_ok(mode, 15) == 0 && !blocks;
	const size_t *bad = xts ? badxts : badkeys;
	size_t nbad = xts ? sizeof(badxts) / sizeof(*badxts) :
			    sizeof(badkeys) / sizeof(*badkeys);
	size_t sizes[3], ns = test_key_sizes(ti->drv, sizes), i, goodlen;
	cryptarch_skcipher *t = test_open(ti, 0);
	int enc, use_iv = mode != TEST_MODE_ECB;
	uint8_t iv[16] = { 0 }, out[32];

	if (!t)
		return;
	for (i = 0; i < sizeof(key); i++)
		key[i] = (uint8_t)(i * 3 + 1);
	goodlen = test_mode_nkeys(mode) * sizes[0];
	/* before any setkey */
	for (enc = 0; enc < 2; enc++) {
		expect_call(t, ti->name, enc, src, 32, use_iv, -ENOKEY,
			    "before setkey");
		expect_call(t, ti->name, enc, src, 16, use_iv, -ENOKEY,
			    "before setkey");
	}
	/* bad key lengths: refused, and no key afterwards */
	for (i = 0; i < nbad; i++) {
		test_expect_rc(cryptarch_skcipher_setkey(t, key, bad[i]),
			       -EINVAL, "%s setkey %zu bytes", ti->name,
			       bad[i]);
		expect_call(t, ti->name, 1, src, 32, use_iv, -ENOKEY,
			    "after a refused setkey");
	}
	test_expect_rc(cryptarch_skcipher_setkey(t, NULL, goodlen), -EINVAL,
		       "%s setkey(NULL key, %zu)", ti->name, goodlen);
	test_expect_rc(cryptarch_skcipher_setkey(NULL, key, goodlen), -EINVAL,
		       "setkey(NULL tfm)");
	/* every valid size works */
	for (i = 0; i < ns; i++)
		test_expect_rc(cryptarch_skcipher_setkey(t, key,
							 test_mode_nkeys(mode) *
								 sizes[i]),
			       0, "%s setkey %zu bytes", ti->name,
			       test_mode_nkeys(mode) * sizes[i]);
	expect_call(t, ti->name, 1, src, 32, use_iv, 0, "valid");
	/* a good key, then a bad one: no key */
	test_expect_rc(cryptarch_skcipher_setkey(t, key, 33), -EINVAL,
		       "%s setkey 33 bytes after a good key", ti->name);
	for (enc = 0; enc < 2; enc++)
		expect_call(t, ti->name, enc, src, 32, use_iv, -ENOKEY,
			    "after good then refused setkey");
	test_expect_rc(cryptarch_skcipher_setkey(t, key, goodlen), 0,
		       "%s setkey again", ti->name);
	/* lengths the mode refuses */
	for (enc = 0; enc < 2; enc++) {
		if (blocks)
			for (i = 0;
			     i < sizeof(badlen_ecb) / sizeof(*badlen_ecb); i++)
				expect_call(t, ti->name, enc, src,
					    badlen_ecb[i], use_iv, -EINVAL,
					    "bad length");
		if (min16) {
			for (i = 0;
			     i < sizeof(badlen_xts) / sizeof(*badlen_xts); i++)
				expect_call(t, ti->name, enc, src,
					    badlen_xts[i], 1, -EINVAL,
					    "bad length");
			expect_call(t, ti->name, enc, src, 0, 1, -EINVAL,
				    "length 0");
			expect_call(t, ti->name, enc, src, 17, 1, 0,
				    "17 bytes");
		} else {
			/* length 0: nothing to do, success */
			expect_call(t, ti->name, enc, src, 0, use_iv, 0,
				    "length 0");
			test_expect_rc(test_crypt(t, enc, NULL, NULL, 0,
						  use_iv ? iv : NULL),
				       0, "%s %s length 0 with NULL buffers",
				       ti->name, enc ? "encrypt" : "decrypt");
			/* a key of one cipher key: no iv needed for 0 bytes */
			if (test_mode_nkeys(mode) == 1)
				test_expect_rc(
					test_crypt(t, enc, NULL, NULL, 0, NULL),
					0,
					"%s %s length 0 with NULL "
					"buffers and iv",
					ti->name, enc ? "encrypt" : "decrypt");
		}
		if (test_len_ok(mode, 1))
			expect_call(t, ti->name, enc, src, 1, 1, 0, "1 byte");
		/* NULL pointers */
		expect_call(t, ti->name, enc, NULL, 16, use_iv, -EINVAL,
			    "NULL src");
		test_expect_rc(test_crypt(t, enc, src, NULL, 16,
					  use_iv ? iv : NULL),
			       -EINVAL, "%s %s NULL dst", ti->name,
			       enc ? "encrypt" : "decrypt");
		test_expect_rc(test_crypt(NULL, enc, src, out, 16, iv), -EINVAL,
			       "%s(NULL tfm)", enc ? "encrypt" : "decrypt");
		if (use_iv)
			expect_call(t, ti->name, enc, src, 16, 0, -EINVAL,
				    "NULL iv");
		else
			expect_call(t, ti->name, enc, src, 16, 0, 0,
				    "ecb with NULL iv");
	}
	cryptarch_skcipher_free(t);
}

static void check_cipher_api(const struct cryptarch_driver *d)
{
	static const size_t bad[] = { 0, 1, 15, 17, 31, 33, 64 };
	cryptarch_cipher *c = NULL;
	uint8_t key[64], blk[16], out[16];
	size_t i;
	int rc;

	memset(key, 7, sizeof(key));
	memset(blk, 1, 16);
	rc = cryptarch_cipher_new(&c, d->name, CRYPTARCH_ALLOW_VARIABLE_TIME);
	if (rc) {
		test_fail("cryptarch_cipher_new(\"%s\"): %s", d->name,
			  cryptarch_strerror(rc));
		return;
	}
	if (strcmp(cryptarch_cipher_driver(c), d->name) != 0)
		test_fail("cryptarch_cipher_driver(%s) is %s", d->name,
			  cryptarch_cipher_driver(c));
	memset(out, 0xa5, 16);
	test_expect_rc(cryptarch_cipher_encrypt(c, out, blk), -ENOKEY,
		       "cipher %s encrypt before setkey", d->name);
	test_expect_rc(cryptarch_cipher_decrypt(c, out, blk), -ENOKEY,
		       "cipher %s decrypt before setkey", d->name);
	if (!test_all(out, 0xa5, 16))
		test_fail("cipher %s: dst written on error", d->name);
	for (i = 0; i < sizeof(bad) / sizeof(*bad); i++) {
		test_expect_rc(cryptarch_cipher_setkey(c, key, bad[i]), -EINVAL,
			       "cipher %s setkey %zu bytes", d->name, bad[i]);
		test_expect_rc(cryptarch_cipher_encrypt(c, out, blk), -ENOKEY,
			       "cipher %s encrypt after a refused setkey",
			       d->name);
	}
	test_expect_rc(cryptarch_cipher_setkey(c, NULL, 16), -EINVAL,
		       "cipher %s setkey(NULL key)", d->name);
	test_expect_rc(cryptarch_cipher_setkey(NULL, key, 16), -EINVAL,
		       "cipher setkey(NULL tfm)");
	test_expect_rc(cryptarch_cipher_setkey(c, key, 16), 0,
		       "cipher %s setkey 16 bytes", d->name);
	test_expect_rc(cryptarch_cipher_encrypt(c, out, blk), 0,
		       "cipher %s encrypt", d->name);
	test_expect_rc(cryptarch_cipher_encrypt(NULL, out, blk), -EINVAL,
		       "cipher encrypt(NULL tfm)");
	test_expect_rc(cryptarch_cipher_decrypt(NULL, out, blk), -EINVAL,
		       "cipher decrypt(NULL tfm)");
	test_expect_rc(cryptarch_cipher_encrypt(c, NULL, blk), -EINVAL,
		       "cipher %s encrypt(NULL dst)", d->name);
	test_expect_rc(cryptarch_cipher_decrypt(c, NULL, blk), -EINVAL,
		       "cipher %s decrypt(NULL dst)", d->name);
	memset(out, 0xa5, 16);
	test_expect_rc(cryptarch_cipher_encrypt(c, out, NULL), -EINVAL,
		       "cipher %s encrypt(NULL src)", d->name);
	test_expect_rc(cryptarch_cipher_decrypt(c, out, NULL), -EINVAL,
		       "cipher %s decrypt(NULL src)", d->name);
	if (!test_all(out, 0xa5, 16))
		test_fail("cipher %s: dst written on error", d->name);
	cryptarch_cipher_free(c);
}

/* ---- constant-time policy and weak keys -------------------------------- */

/* 1 if some available, self-tested, constant-time implementation of
 * CIPHER exists. */
static int have_ct(const char *cipher)
{
	size_t n = cryptarch_driver_count(), i;

	for (i = 0; i < n; i++) {
		const struct cryptarch_driver *a = cryptarch_driver_at(i);

		if (strcmp(a->alg->name, cipher) == 0 &&
		    (a->flags & CRYPTARCH_DRV_CONSTANT_TIME) &&
		    cryptarch_driver_available(a) &&
		    cryptarch_driver_selftest(a) == CRYPTARCH_SELFTEST_PASSED)
			return 1;
	}
	return 0;
}

/* The template whose hook runs MODE over a driver: the mode's own, or for
 * the templates over cbc (cts, essiv) cbc's. */
static const struct cryptarch_template *hook_template(int mode)
{
	return test_template(mode == TEST_MODE_CTS || mode == TEST_MODE_ESSIV ?
				     TEST_MODE_CBC :
				     mode);
}

/* The name of MODE over DRV's hooked instance into BUF ("cbc-aes-ct64",
 * "cts(cbc-aes-ct64)", "essiv(cbc-aes-ct64,sha256)"); 1 if DRV has the
 * hook, else 0 (BUF still holds the name, which then names nothing). */
static int hooked_name(int mode, const struct cryptarch_driver *drv, char *buf,
		       size_t size)
{
	const struct cryptarch_template *t = hook_template(mode);
	char inner[96];

	snprintf(inner, sizeof(inner), "%s-%s", test_mode_names[mode],
		 drv->name);
	if (mode == TEST_MODE_CTS || mode == TEST_MODE_ESSIV) {
		snprintf(inner, sizeof(inner), "cbc-%s", drv->name);
		if (mode == TEST_MODE_CTS)
			snprintf(buf, size, "cts(%s)", inner);
		else
			snprintf(buf, size, "essiv(%s,sha256)", inner);
	} else {
		snprintf(buf, size, "%s", inner);
	}
	return t && cryptarch_driver_hook(drv, t) != NULL;
}

static void check_policy(void)
{
	const char *ciphers[16];
	size_t nc = test_ciphers(ciphers, 16), c, n, i;
	char name[128];
	int m;

	/* the examples of the contract */
	expect_sk_new("cbc(aes-generic)", 0, -ENOENT);
	expect_sk_new("cbc(aes-generic)", CRYPTARCH_ALLOW_VARIABLE_TIME, 0);
	expect_ci_new("aes-generic", 0, -ENOENT);
	expect_ci_new("aes-generic", CRYPTARCH_ALLOW_VARIABLE_TIME, 0);
	/* twofish-ct runs everywhere: Twofish opens under flags 0 */
	expect_sk_new("cbc(twofish)", 0, 0);
	expect_ci_new("twofish", 0, 0);
	expect_sk_new("cbc(twofish-ct)", 0, 0);
	expect_sk_new("cbc(twofish-generic)", 0, -ENOENT);
	expect_ci_new("twofish-generic", 0, -ENOENT);
	expect_sk_new("cbc(twofish)", CRYPTARCH_ALLOW_VARIABLE_TIME, 0);
	/* every driver name, in every form, under both policies */
	n = cryptarch_driver_count();
	for (i = 0; i < n; i++) {
		const struct cryptarch_driver *a = cryptarch_driver_at(i);
		int ct = (a->flags & CRYPTARCH_DRV_CONSTANT_TIME) != 0;
		int ok = cryptarch_driver_available(a);

		if (!test_is_cipher(a)) {
			/* a hash driver is neither a cipher nor an
			 * skcipher, and no mode runs over it */
			expect_ci_new(a->name, CRYPTARCH_ALLOW_VARIABLE_TIME,
				      -ENOENT);
			expect_sk_new(a->name, CRYPTARCH_ALLOW_VARIABLE_TIME,
				      -ENOENT);
			for (m = 0; m < TEST_MODE_COUNT; m++) {
				test_mode_algname(m, a->name, name,
						  sizeof(name));
				expect_sk_new(name,
					      CRYPTARCH_ALLOW_VARIABLE_TIME,
					      -ENOENT);
			}
			/* essiv hashes the key with an unkeyed hash: a
			 * keyed one (ghash) is refused, by either name */
			for (c = 0; a->alg->max_keysize && c < nc; c++) {
				snprintf(name, sizeof(name),
					 "essiv(cbc(%s),%s)", ciphers[c],
					 a->alg->name);
				expect_sk_new(name,
					      CRYPTARCH_ALLOW_VARIABLE_TIME,
					      -ENOENT);
				snprintf(name, sizeof(name),
					 "essiv(cbc(%s),%s)", ciphers[c],
					 a->name);
				expect_sk_new(name,
					      CRYPTARCH_ALLOW_VARIABLE_TIME,
					      -ENOENT);
			}
			continue;
		}
		expect_ci_new(a->name, 0, ok && ct ? 0 : -ENOENT);
		expect_ci_new(a->name, CRYPTARCH_ALLOW_VARIABLE_TIME,
			      ok ? 0 : -ENOENT);
		for (m = 0; m < TEST_MODE_COUNT; m++) {
			test_mode_algname(m, a->name, name, sizeof(name));
			expect_sk_new(name, 0, ok && ct ? 0 : -ENOENT);
			expect_sk_new(name, CRYPTARCH_ALLOW_VARIABLE_TIME,
				      ok ? 0 : -ENOENT);
			if (!hooked_name(m, a, name, sizeof(name)))
				ok = 0;
			expect_sk_new(name, CRYPTARCH_ALLOW_VARIABLE_TIME,
				      ok ? 0 : -ENOENT);
			expect_sk_new(name, 0, ok && ct ? 0 : -ENOENT);
			ok = cryptarch_driver_available(a);
		}
	}
	/* the cipher names follow the same rule */
	for (c = 0; c < nc; c++) {
		for (m = 0; m < TEST_MODE_COUNT; m++) {
			test_mode_algname(m, ciphers[c], name, sizeof(name));
			expect_sk_new(name, 0,
				      have_ct(ciphers[c]) ? 0 : -ENOENT);
		}
	}
}

static void check_weak_keys(void)
{
	const char *ciphers[16];
	size_t nc = test_ciphers(ciphers, 16), c, s;
	uint8_t key[64], src[32], dst[32], iv[16] = { 0 };
	static const size_t half[] = { 16, 24, 32 };
	const unsigned vt = CRYPTARCH_ALLOW_VARIABLE_TIME;
	char name[64];

	memset(src, 0x11, sizeof(src));
	for (c = 0; c < nc; c++) {
		cryptarch_skcipher *t = NULL, *w = NULL;

		snprintf(name, sizeof(name), "xts(%s)", ciphers[c]);
		if (cryptarch_skcipher_new(&t, name, vt) ||
		    cryptarch_skcipher_new(&w, name,
					   vt | CRYPTARCH_FORBID_WEAK_KEYS)) {
			test_fail("%s: cannot open", name);
			cryptarch_skcipher_free(t);
			continue;
		}
		for (s = 0; s < 3; s++) {
			memset(key, 0x42, sizeof(key));
			test_expect_rc(cryptarch_skcipher_setkey(t, key,
								 2 * half[s]),
				       0,
				       "%s equal halves (%zu bytes) "
				       "without FORBID_WEAK_KEYS",
				       name, 2 * half[s]);
			test_expect_rc(cryptarch_skcipher_encrypt(t, src, dst,
								  32, iv),
				       0, "%s encrypt with equal halves", name);
			test_expect_rc(cryptarch_skcipher_setkey(w, key,
								 2 * half[s]),
				       -EINVAL,
				       "%s equal halves (%zu bytes) with "
				       "FORBID_WEAK_KEYS",
				       name, 2 * half[s]);
			expect_call(w, name, 1, src, 32, 1, -ENOKEY,
				    "after a refused weak key");
			key[2 * half[s] - 1] ^= 1;
			test_expect_rc(cryptarch_skcipher_setkey(w, key,
								 2 * half[s]),
				       0,
				       "%s distinct halves with "
				       "FORBID_WEAK_KEYS",
				       name);
		}
		cryptarch_skcipher_free(t);
		cryptarch_skcipher_free(w);
	}
}

/* ---- selection --------------------------------------------------------- */
struct cand {
	const struct cryptarch_driver *drv;
	int prio;
	char name[96];
};

/* The candidates for "<mode>(<cipher>)" under FLAGS in order of
 * preference (by static priority, ties by registry order). */
static size_t candidates(const char *cipher, int mode, unsigned flags,
			 struct cand *out, size_t max)
{
	size_t n = cryptarch_driver_count(), i, k = 0, j;

	for (i = 0; i < n && k < max; i++) {
		const struct cryptarch_driver *a = cryptarch_driver_at(i);
		const struct cryptarch_hook *hook;
		struct test_inst ti;
		int hooked, prio;

		if (strcmp(a->alg->name, cipher) != 0 ||
		    !cryptarch_driver_available(a))
			continue;
		if (!(flags & CRYPTARCH_ALLOW_VARIABLE_TIME) &&
		    !(a->flags & CRYPTARCH_DRV_CONSTANT_TIME))
			continue;
		if (cryptarch_driver_selftest(a) != CRYPTARCH_SELFTEST_PASSED)
			continue;
		hook = mode >= 0 && hook_template(mode) ?
			       cryptarch_driver_hook(a, hook_template(mode)) :
			       NULL;
		hooked = hook != NULL;
		prio = hooked && hook->priority ? hook->priority : a->priority;
		if (mode >= 0 && test_inst_make(&ti, mode, a, hooked) != 0)
			test_fail("%s over %s: no instance",
				  test_mode_names[mode], a->name);
		else if (mode >= 0 &&
			 cryptarch_spec_priority(&ti.spec, -1) != prio)
			test_fail("cryptarch_spec_priority(%s, -1) is %d, "
				  "expected %d",
				  ti.name,
				  cryptarch_spec_priority(&ti.spec, -1), prio);
		/* insert, keeping earlier entries first among equals */
		for (j = k; j > 0 && out[j - 1].prio < prio; j--)
			out[j] = out[j - 1];
		out[j].drv = a;
		out[j].prio = prio;
		if (mode < 0)
			snprintf(out[j].name, sizeof(out[j].name), "%s",
				 a->name);
		else
			snprintf(out[j].name, sizeof(out[j].name), "%s",
				 ti.name);
		k++;
	}
	return k;
}

static void expect_choice(const char *cipher, int mode, unsigned flags)
{
	struct cand c[64];
	size_t n = candidates(cipher, mode, flags, c, 64), i;
	char name[96];
	const char *got;
	cryptarch_skcipher *t = NULL;
	cryptarch_cipher *ci = NULL;
	int rc;

	if (mode >= 0)
		test_mode_algname(mode, cipher, name, sizeof(name));
	else
		snprintf(name, sizeof(name), "%s", cipher);
	rc = mode >= 0 ? cryptarch_skcipher_new(&t, name, flags) :
			 cryptarch_cipher_new(&ci, name, flags);
	if (n == 0) {
		test_expect_rc(rc, -ENOENT, "%s, flags 0x%x, no candidate",
			       name, flags);
		goto out;
	}
	if (rc) {
		test_fail("%s, flags 0x%x: %s, expected %s", name, flags,
			  cryptarch_strerror(rc), c[0].name);
		goto out;
	}
	got = mode >= 0 ? cryptarch_skcipher_driver(t) :
			  cryptarch_cipher_driver(ci);
	if (flags & CRYPTARCH_STATIC_PRIORITY || n == 1) {
		if (strcmp(got, c[0].name) != 0)
			test_fail("%s, flags 0x%x chose %s, expected %s "
				  "(priority %d)",
				  name, flags, got, c[0].name, c[0].prio);
	} else {
		/* a measured profile may prefer any candidate */
		for (i = 0; i < n; i++)
			if (strcmp(got, c[i].name) == 0)
				break;
		if (i == n)
			test_fail("%s, flags 0x%x chose %s, not a candidate",
				  name, flags, got);
	}
	printf("selection: %-14s flags 0x%x -> %s (of %zu candidate%s)\n", name,
	       flags, got, n, n == 1 ? "" : "s");
out:
	cryptarch_skcipher_free(t);
	cryptarch_cipher_free(ci);
}

static void check_selection(void)
{
	static const unsigned flags[] = {
		0,
		CRYPTARCH_ALLOW_VARIABLE_TIME,
		CRYPTARCH_STATIC_PRIORITY,
		CRYPTARCH_ALLOW_VARIABLE_TIME | CRYPTARCH_STATIC_PRIORITY,
	};
	const char *ciphers[16];
	size_t nc = test_ciphers(ciphers, 16), c, f, n, i, nct = 0;
	cryptarch_skcipher *t = NULL;
	int m;

	for (c = 0; c < nc; c++)
		for (f = 0; f < 4; f++)
			for (m = -1; m < TEST_MODE_COUNT; m++)
				expect_choice(ciphers[c], m, flags[f]);
	/* The contract's example: where aes-ct64 is the only constant-time
	 * AES implementation here, "ctr(aes)" is its hooked instance. */
	n = cryptarch_driver_count();
	for (i = 0; i < n; i++) {
		const struct cryptarch_driver *a = cryptarch_driver_at(i);

		if (strcmp(a->alg->name, "aes") == 0 &&
		    (a->flags & CRYPTARCH_DRV_CONSTANT_TIME) &&
		    cryptarch_driver_available(a))
			nct++;
	}
	if (nct == 1 && test_driver("aes-ct64") &&
	    cryptarch_driver_available(test_driver("aes-ct64"))) {
		if (cryptarch_skcipher_new(&t, "ctr(aes)", 0))
			test_fail("ctr(aes) with flags 0 failed");
		else if (strcmp(cryptarch_skcipher_driver(t), "ctr-aes-ct64"))
			test_fail("ctr(aes) with flags 0 chose %s, expected "
				  "ctr-aes-ct64",
				  cryptarch_skcipher_driver(t));
		cryptarch_skcipher_free(t);
	}
}

/* ---- CRYPTARCH_DISABLE ------------------------------------------------- */
static void check_disable(void)
{
	const char *env = getenv("CRYPTARCH_DISABLE");
	char words[512] = "", unknown[512] = "", buf[512];
	uint64_t want = 0, det = cryptarch_cpu_detected();
	const char *got_unknown = cryptarch_cpu_disable_unknown();
	size_t i, n;
	char *w, *save = NULL;

	if (env) {
		snprintf(words, sizeof(words), "%s", env);
		for (w = strtok_r(words, ", \t", &save); w;
		     w = strtok_r(NULL, ", \t", &save)) {
			for (i = 0; cryptarch_cpu_names[i].name; i++)
				if (strcmp(w, cryptarch_cpu_names[i].name) == 0)
					break;
			if (cryptarch_cpu_names[i].name) {
				want |= cryptarch_cpu_names[i].bit;
			} else {
				if (*unknown)
					strcat(unknown, " ");
				strncat(unknown, w,
					sizeof(unknown) - strlen(unknown) - 1);
			}
		}
	}
	cryptarch_cpu_format(det, buf, sizeof(buf));
	printf("CRYPTARCH_DISABLE=%s\ndetected: %s\n", env ? env : "(unset)",
	       buf);
	cryptarch_cpu_format(cryptarch_cpu_disabled(), buf, sizeof(buf));
	printf("disabled: %s\nunknown words: '%s'\n", buf,
	       got_unknown ? got_unknown : "(null)");
	if (cryptarch_cpu_disabled() != want)
		test_fail("cryptarch_cpu_disabled() is 0x%llx, expected 0x%llx "
			  "for CRYPTARCH_DISABLE=%s",
			  (unsigned long long)cryptarch_cpu_disabled(),
			  (unsigned long long)want, env ? env : "");
	if (cryptarch_cpu_features() != (det & ~want))
		test_fail("cryptarch_cpu_features() is 0x%llx, expected 0x%llx",
			  (unsigned long long)cryptarch_cpu_features(),
			  (unsigned long long)(det & ~want));
	if (!got_unknown || strcmp(got_unknown, unknown) != 0)
		test_fail("cryptarch_cpu_disable_unknown() is '%s', expected "
			  "'%s'",
			  got_unknown ? got_unknown : "(null)", unknown);
	/* every name of the table formats back to itself */
	for (i = 0; cryptarch_cpu_names[i].name; i++) {
		cryptarch_cpu_format(cryptarch_cpu_names[i].bit, buf,
				     sizeof(buf));
		if (strcmp(buf, cryptarch_cpu_names[i].name) != 0)
			test_fail("cryptarch_cpu_format(%s) is '%s'",
				  cryptarch_cpu_names[i].name, buf);
	}
	n = cryptarch_driver_count();
	for (i = 0; i < n; i++) {
		const struct cryptarch_driver *a = cryptarch_driver_at(i);
		int avail = (a->cpu_features & ~cryptarch_cpu_features()) == 0;

		if (cryptarch_driver_available(a) != avail)
			test_fail(
				"cryptarch_driver_available(%s) is %d, expected "
				"%d",
				a->name, cryptarch_driver_available(a), avail);
		if (!avail && cryptarch_driver_verdict(
				      a, CRYPTARCH_ALLOW_VARIABLE_TIME) !=
				      CRYPTARCH_NO_CPU)
			test_fail("cryptarch_driver_verdict(%s) is not NO_CPU",
				  a->name);
		if (!avail)
			expect_ci_new(a->name, CRYPTARCH_ALLOW_VARIABLE_TIME,
				      -ENOENT);
	}
}

/* ---- a broken implementation ------------------------------------------- */
static const struct cryptarch_driver *gen;

static void broken_encrypt(const void *ctx, uint8_t *dst, const uint8_t *src)
{
	gen->ops->encrypt(ctx, dst, src);
	dst[5] ^= 0x10;
}

static void broken_ecb(const void *ctx, uint8_t *dst, const uint8_t *src,
		       size_t nblocks)
{
	size_t i;

	for (i = 0; i < nblocks; i++)
		broken_encrypt(ctx, dst + 16 * i, src + 16 * i);
}

static void check_broken(void)
{
	static struct cryptarch_cipher_ops ops;
	static struct cryptarch_ecb_hooks ecb;
	static struct cryptarch_hook hooks[2];
	static struct cryptarch_driver broken;
	static const unsigned flags[] = {
		0,
		CRYPTARCH_ALLOW_VARIABLE_TIME,
		CRYPTARCH_ALLOW_VARIABLE_TIME | CRYPTARCH_STATIC_PRIORITY,
	};
	size_t n = cryptarch_driver_count(), f;
	char name[64];
	int m;

	gen = test_driver("aes-generic");
	if (!gen) {
		test_fail("aes-generic is not registered");
		return;
	}
	/* aes-generic's code with a wrong single-block encryption, and an
	 * ECB hook (encryption only) ranked above everything */
	ops = *gen->ops;
	ops.encrypt = broken_encrypt;
	memset(&ecb, 0, sizeof(ecb));
	ecb.encrypt = broken_ecb;
	memset(hooks, 0, sizeof(hooks));
	hooks[0].tmpl = "ecb";
	hooks[0].ops = &ecb;
	hooks[0].priority = 100001;
	broken = (struct cryptarch_driver){
		.name = "aes-broken",
		.alg = &cryptarch_aes,
		.priority = 100000,
		.ctxsize = gen->ctxsize,
		/* competes everywhere */
		.flags = gen->flags | CRYPTARCH_DRV_CONSTANT_TIME,
		.cpu_features = gen->cpu_features,
		.ct = { 0, NULL, "a broken driver of the tests" },
		.ops = &ops,
		.hooks = hooks, /* ends with { NULL } */
	};
	cryptarch_registry_set_extra(&broken);
	if (cryptarch_driver_count() != n + 1 ||
	    test_driver("aes-broken") != &broken) {
		test_fail("cryptarch_registry_set_extra() did not register "
			  "aes-broken");
		cryptarch_registry_set_extra(NULL);
		return;
	}
	for (f = 0; f < 3; f++) {
		for (m = 0; m < TEST_MODE_COUNT; m++) {
			cryptarch_skcipher *t = NULL;
			const char *drv;

			test_mode_algname(m, "aes", name, sizeof(name));
			if (cryptarch_skcipher_new(&t, name, flags[f])) {
				test_fail("%s, flags 0x%x: failed with "
					  "aes-broken registered",
					  name, flags[f]);
				continue;
			}
			drv = cryptarch_skcipher_driver(t);
			if (strstr(drv, "aes-broken"))
				test_fail("%s, flags 0x%x chose %s, whose "
					  "self-test fails",
					  name, flags[f], drv);
			if (m == TEST_MODE_ECB) {
				uint8_t out[16];

				if (cryptarch_skcipher_setkey(t, fips_key,
							      16) ||
				    cryptarch_skcipher_encrypt(t, fips_pt, out,
							       16, NULL))
					test_fail("ecb(aes) failed");
				else
					test_compare(out, fips_ct, 16,
						     "ecb(aes) (%s) with "
						     "aes-broken registered",
						     drv);
			}
			cryptarch_skcipher_free(t);
		}
		expect_choice("aes", -1, flags[f]);
		expect_ci_new("aes-broken", flags[f], -ENOENT);
		for (m = 0; m < TEST_MODE_COUNT; m++) {
			test_mode_algname(m, "aes-broken", name, sizeof(name));
			expect_sk_new(name, flags[f], -ENOENT);
		}
		expect_sk_new("ecb-aes-broken", flags[f], -ENOENT);
	}
	if (cryptarch_driver_selftest_state(&broken) !=
	    CRYPTARCH_SELFTEST_FAILED)
		test_fail("aes-broken: self-test state %d, expected FAILED",
			  (int)cryptarch_driver_selftest_state(&broken));
	if (cryptarch_driver_selftest(&broken) != CRYPTARCH_SELFTEST_FAILED)
		test_fail("cryptarch_driver_selftest(aes-broken) did not fail");
	if (cryptarch_driver_verdict(&broken, CRYPTARCH_ALLOW_VARIABLE_TIME) !=
	    CRYPTARCH_SELFTEST_BAD)
		test_fail("cryptarch_driver_verdict(aes-broken) is not "
			  "SELFTEST_BAD");
	if (cryptarch_selftest_run(&broken) == 0)
		test_fail("cryptarch_selftest_run(aes-broken) returned 0");
	if (cryptarch_selftest_run(gen) != 0)
		test_fail("cryptarch_selftest_run(aes-generic) failed");
	cryptarch_registry_set_extra(NULL);
	if (cryptarch_driver_count() != n || test_driver("aes-broken"))
		test_fail("cryptarch_registry_set_extra(NULL) did not remove "
			  "aes-broken");
}

int main(void)
{
	const char *ciphers[16];
	struct test_inst *ti;
	size_t nc, c, n, i, tested = 0;
	int m;

	check_strerror();
	check_disable();
	check_names();
	check_aead_api();
	nc = test_ciphers(ciphers, 16);
	for (c = 0; c < nc; c++) {
		for (m = 0; m < TEST_MODE_COUNT; m++) {
			n = test_instances(ciphers[c], m, &ti, NULL);
			for (i = 0; i < n; i++, tested++)
				check_instance(&ti[i]);
			free(ti);
		}
	}
	n = cryptarch_driver_count();
	for (i = 0; i < n; i++)
		if (test_is_cipher(cryptarch_driver_at(i)) &&
		    cryptarch_driver_available(cryptarch_driver_at(i)))
			check_cipher_api(cryptarch_driver_at(i));
	check_policy();
	check_weak_keys();
	check_selection();
	check_broken();
	printf("%zu instances checked\n", tested);
	return test_finish("test-api-errors");
}
