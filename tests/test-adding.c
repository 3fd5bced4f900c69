/* SPDX-License-Identifier: MIT */
/*
 * test-adding.c - adding a mode and an implementation takes their own
 * files and one line each: this program is linked against the tests' own
 * registry, which is the library's plus the toy template "ofb" and the toy
 * driver "aes-toy" (tests/toy/, registered by tests/toy/registry.cmake
 * with the same functions as src/registry.cmake), and checks that they
 * went through the same path as every real mode and driver: both are
 * listed; the toy driver passes the self-test that every driver must (its
 * algorithm's known answers, every template over it, its ofb hook against
 * the template's loop); the names "ofb(aes)", "ofb(twofish)",
 * "ofb-aes-toy", "ofb(aes-toy)" and "ecb(aes-toy)" resolve; results equal
 * NIST SP 800-38A F.4.1 (OFB-AES128) and the template's own instances over
 * aes-generic and twofish-generic; and the toy driver, at priority 1, is
 * never chosen for a name. The toy template "decr" wraps another instance:
 * decr(ecb(aes)) encrypts as ecb(aes) decrypts (SP 800-38A F.1.2),
 * decr(decr(cbc(twofish))) is cbc(twofish), decr(xts(aes)) takes xts's key
 * and tweak, and decr(aes) (a cipher where an skcipher is wanted) is
 * -ENOENT; a measured profile holds a line for it ("aes decr(ecb(aes))
 * ...") that parses back to the same entry. Self-contained: links only
 * cryptarch_toy.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cryptarch.h"
#include "hex.h"
#include "registry.h"
#include "profile.h"
#include "select.h"
#include "selftest.h"

static int failures;

static void fail(const char *what, const char *detail)
{
	printf("FAIL: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
	failures++;
}

/* Encrypt LEN bytes of PT through NAME with KEY and IV (copied). */
static int run(const char *name, const uint8_t *key, size_t keylen,
	       const uint8_t *iv, const uint8_t *pt, uint8_t *ct, size_t len,
	       int dec)
{
	cryptarch_skcipher *t;
	uint8_t ivc[16];
	int err;

	err = cryptarch_skcipher_new(&t, name, CRYPTARCH_ALLOW_VARIABLE_TIME);
	if (err)
		return err;
	memcpy(ivc, iv, 16);
	err = cryptarch_skcipher_setkey(t, key, keylen);
	if (!err)
		err = dec ? cryptarch_skcipher_decrypt(t, pt, ct, len, ivc) :
			    cryptarch_skcipher_encrypt(t, pt, ct, len, ivc);
	cryptarch_skcipher_free(t);
	return err;
}

int main(void)
{
	static const char *const same[][2] = {
		{ "ofb-aes-toy", "ofb(aes-generic)" },
		{ "ofb(aes-toy)", "ofb(aes-generic)" },
		{ "ofb(aes)", "ofb(aes-generic)" },
		{ "ofb(twofish)", "ofb(twofish-generic)" },
		{ "ecb(aes-toy)", "ecb(aes-generic)" },
	};
	const struct cryptarch_driver *toy = cryptarch_driver_find("aes-toy", 7);
	uint8_t key[32], iv[16], pt[64], ct[64], want[64], a[100], b[100];
	uint8_t msg[100];
	size_t n, i, len;
	cryptarch_skcipher *t;

	if (!toy)
		fail("aes-toy is not registered", NULL);
	if (!cryptarch_template_find("ofb", 3))
		fail("ofb is not registered", NULL);
	if (failures)
		return 1;
	if (cryptarch_driver_selftest(toy) != CRYPTARCH_SELFTEST_PASSED)
		fail("aes-toy failed its self-test", NULL);
	/* NIST SP 800-38A F.4.1 through the toy hook and the toy template */
	if (cryptarch_unhex(key, sizeof(key), "2b7e151628aed2a6abf7158809cf4f3c",
			    &n) ||
	    cryptarch_unhex(iv, sizeof(iv), "000102030405060708090a0b0c0d0e0f",
			    &n) ||
	    cryptarch_unhex(pt, sizeof(pt),
			    "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9e"
			    "b76fac45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f"
			    "2445df4f9b17ad2b417be66c3710",
			    &n) ||
	    cryptarch_unhex(want, sizeof(want),
			    "3b3fd92eb72dad20333449f8e83cfb4a7789508d16918f03f5"
			    "3c52dac54ed8259740051e9c5fecf64344f7a82260edcc304c"
			    "6528f659c77866a510d9c1d6ae5e",
			    &n))
		return 2;
	for (i = 0; i < 3; i++) {
		const char *name = same[i][0];

		if (run(name, key, 16, iv, pt, ct, 64, 0) ||
		    memcmp(ct, want, 64) != 0)
			fail("SP 800-38A F.4.1 encryption", name);
		if (run(name, key, 16, iv, ct, ct, 64, 1) ||
		    memcmp(ct, pt, 64) != 0)
			fail("SP 800-38A F.4.1 decryption", name);
	}
	/* Every length 0..100 (partial blocks: the template's tail after the
	 * hook), against the template's instance over the generic driver. */
	for (i = 0; i < sizeof(msg); i++)
		msg[i] = (uint8_t)(i * 37 + 5);
	for (i = 0; i < sizeof(same) / sizeof(same[0]); i++)
		for (len = 0; len <= sizeof(msg); len++) {
			size_t l = strncmp(same[i][0], "ecb", 3) ? len :
								   len / 16 * 16;

			if (run(same[i][0], key, 32, iv, msg, a, l, 0) ||
			    run(same[i][1], key, 32, iv, msg, b, l, 0) ||
			    memcmp(a, b, l) != 0) {
				fail("differs from the generic driver",
				     same[i][0]);
				break;
			}
		}
	/* A template over an instance: decr(X) swaps X's directions. */
	{
		static const char *const nest[][2] = {
			{ "decr(cbc(twofish))", "cbc(twofish)" },
			{ "decr(decr(ctr(aes)))", "ctr(aes)" },
			{ "decr(xts(aes-generic))", "xts(aes-generic)" },
			{ "decr(ecb-aes-generic)", "ecb(aes)" },
		};
		uint8_t ecb_ct[64];

		if (cryptarch_unhex(ecb_ct, sizeof(ecb_ct),
				    "3ad77bb40d7a3660a89ecaf32466ef97f5d3d58503"
				    "b9699de785895a96fdbaaf43b1cd7f598ece23881b"
				    "00e3ed0306887b0c785e27e8ad3f8223207104725dd4",
				    &n))
			return 2;
		if (run("decr(ecb(aes))", key, 16, iv, ecb_ct, a, 64, 0) ||
		    memcmp(a, pt, 64) != 0)
			fail("SP 800-38A F.1.2 through decr(ecb(aes))", NULL);
		for (i = 0; i < sizeof(nest) / sizeof(nest[0]); i++) {
			int d = strncmp(nest[i][0], "decr(decr(", 10) != 0;

			if (run(nest[i][0], key, 32, iv, msg, a, 96, 0) ||
			    run(nest[i][1], key, 32, iv, msg, b, 96, d) ||
			    memcmp(a, b, 96) != 0)
				fail("nested template differs", nest[i][0]);
		}
		if (cryptarch_skcipher_new(&t, "decr(aes)",
					   CRYPTARCH_ALLOW_VARIABLE_TIME) !=
		    -ENOENT)
			fail("decr(aes) is not -ENOENT", NULL);
		if (cryptarch_skcipher_new(&t, "decr(cbc(aes))", 0)) {
			fail("decr(cbc(aes)) cannot be opened", NULL);
		} else {
			printf("decr(cbc(aes)) -> %s\n",
			       cryptarch_skcipher_driver(t));
			if (strncmp(cryptarch_skcipher_driver(t), "decr(cbc",
				    8) != 0)
				fail("decr(cbc(aes)) is not decr over cbc",
				     cryptarch_skcipher_driver(t));
			cryptarch_skcipher_free(t);
		}
	}
	/* A profile line for a nested name: written whole, read back. */
	{
		struct cryptarch_profile *p = cryptarch_profile_new(0), *q = NULL;
		struct cryptarch_profile_fig fig[2];
		const struct cryptarch_profile_entry *e;
		char why[256], *text = NULL;

		/* portable drivers: every target has them */
		if (!p || cryptarch_spec_find("decr(ecb-aes-generic)", 21,
					      &fig[0].inst) ||
		    cryptarch_spec_find("decr(ecb(aes-ct64))", 19,
					&fig[1].inst)) {
			fail("profile figures for decr(ecb(aes))", NULL);
		} else {
			fig[0].ns = 10;
			fig[1].ns = 20;
			if (cryptarch_profile_add(p, "decr(ecb(aes))", 1, 0, 1,
						  fig, 2) == 0)
				text = cryptarch_profile_format(p, NULL);
		}
		if (!text || !strstr(text, "\naes decr(ecb(aes)) dec 128 large ") ||
		    cryptarch_profile_parse(text, strlen(text), &q, why,
					    sizeof(why))) {
			fail("a profile line for decr(ecb(aes))", why);
		} else {
			e = cryptarch_profile_find(q, "decr(ecb(aes))", 1, 0, 1);
			if (!e || e->nfig != 2)
				fail("the decr(ecb(aes)) entry read back", NULL);
		}
		free(text);
		cryptarch_profile_free(p);
		cryptarch_profile_free(q);
	}
	/* Priority 1: a name never chooses it. */
	if (cryptarch_skcipher_new(&t, "ofb(aes)", CRYPTARCH_ALLOW_VARIABLE_TIME)) {
		fail("ofb(aes) cannot be opened", NULL);
	} else {
		if (strstr(cryptarch_skcipher_driver(t), "aes-toy"))
			fail("ofb(aes) chose the toy driver",
			     cryptarch_skcipher_driver(t));
		printf("ofb(aes) -> %s\n", cryptarch_skcipher_driver(t));
		cryptarch_skcipher_free(t);
	}
	printf("registry: %zu drivers, %zu templates\n",
	       cryptarch_driver_count(), cryptarch_template_count());
	printf("test-adding: %s\n", failures ? "FAILED" : "ok");
	return failures ? 1 : 0;
}
