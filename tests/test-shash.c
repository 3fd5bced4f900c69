/* SPDX-License-Identifier: MIT */
/*
 * test-shash.c - the calling rules of the shash API (include/cryptarch.h,
 * DESIGN.md "shash") for every instance of every shash name available
 * here ("cmac(aes-ct64)", "cmac-aes-aesni", "xcbc(twofish-generic)",
 * "sha256-generic"...), each against its own one-call digest and against
 * the same template over the cipher's generic driver:
 *  - a ~100-byte message split into two updates at every offset, into
 *    three at many pairs of offsets, and into random pieces; 0-byte
 *    updates anywhere (with data and with NULL);
 *  - final writes exactly the digest size and leaves a new empty message
 *    under the same key: final again gives the empty message's digest,
 *    and the handle takes the next message without init;
 *  - digest = init + update + final, whatever was under way before, and
 *    leaves an empty message too; init and setkey discard a message
 *    under way; a re-key back to an old key gives the old digests;
 *  - a keyed instance before setkey: -ENOKEY from init, update, final and
 *    digest, nothing written; the same after a refused setkey, even one
 *    following a good key; key lengths: the cipher's (cmac, cbcmac),
 *    16 bytes only (xcbc: 24 and 32 are -EINVAL; ghash: 15, 17, 24, 32
 *    are);
 *  - an unkeyed hash (sha256) is ready at once and refuses every key
 *    (-EINVAL) without losing its message;
 *  - NULL arguments: -EINVAL (an update of 0 bytes may pass NULL), and a
 *    refused update leaves the message as it was;
 *  - cbcmac's empty message gives 16 zero bytes (the kernel's);
 *  - every hash driver available here (sha256-generic, each GHASH
 *    driver) is among the instances of its algorithm's name, as a leaf;
 *  - digest sizes (16 for the CBC-MAC family and ghash, 32 for sha256,
 *    before and after setkey), cryptarch_shash_driver() of driver names
 *    and of algorithm names (a constant-time instance under flags 0),
 *    names that are not shash ones (-ENOENT) or malformed (-EINVAL), *tfm
 *    NULL on error, free(NULL).
 * Deterministic: a fixed seed (CRYPTARCH_TEST_SEED overrides it).
 *
 * Usage: test-shash [--mask-all] [--driver NAME]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

#define MSG_LEN 100
#define DMAX 64

static struct test_rng rng;

/* Digest of MSG through T in one update after init; 0 or the error. */
static int one(cryptarch_shash *t, const uint8_t *msg, size_t len, uint8_t *out)
{
	int rc = cryptarch_shash_init(t);

	if (!rc)
		rc = cryptarch_shash_update(t, msg, len);
	if (!rc)
		rc = cryptarch_shash_final(t, out);
	return rc;
}

/* Split at every offset, at pairs of offsets, in random pieces, with
 * 0-byte updates; against WANT (the one-call digest of MSG). */
static void check_splits(const struct test_inst *ti, cryptarch_shash *t,
			 const uint8_t *msg, const uint8_t *want, size_t ds)
{
	uint8_t got[DMAX];
	size_t i, j;
	int rc, r;

	for (i = 0; i <= MSG_LEN; i++) {
		rc = cryptarch_shash_init(t);
		if (!rc)
			rc = cryptarch_shash_update(t, msg, i);
		if (!rc)
			rc = cryptarch_shash_update(t, msg + i, MSG_LEN - i);
		if (!rc)
			rc = cryptarch_shash_final(t, got);
		if (rc)
			test_fail("%s: %zu + %zu bytes: %s", ti->name, i,
				  MSG_LEN - i, cryptarch_strerror(rc));
		else
			test_compare(got, want, ds, "%s: as %zu + %zu bytes",
				     ti->name, i, MSG_LEN - i);
	}
	for (i = 0; i <= MSG_LEN; i += 3)
		for (j = i; j <= MSG_LEN; j += 7) {
			rc = cryptarch_shash_init(t);
			if (!rc)
				rc = cryptarch_shash_update(t, msg, i);
			if (!rc)
				rc = cryptarch_shash_update(t, NULL, 0);
			if (!rc)
				rc = cryptarch_shash_update(t, msg + i, j - i);
			if (!rc)
				rc = cryptarch_shash_update(t, msg + j, 0);
			if (!rc)
				rc = cryptarch_shash_update(t, msg + j,
							    MSG_LEN - j);
			if (!rc)
				rc = cryptarch_shash_final(t, got);
			if (rc)
				test_fail("%s: split at %zu and %zu: %s",
					  ti->name, i, j,
					  cryptarch_strerror(rc));
			else
				test_compare(got, want, ds,
					     "%s: split at %zu and %zu (with "
					     "0-byte updates)",
					     ti->name, i, j);
		}
	for (r = 0; r < 40; r++) {
		rc = test_shash_split(t, msg, MSG_LEN, got, &rng);
		if (rc)
			test_fail("%s: random pieces: %s", ti->name,
				  cryptarch_strerror(rc));
		else
			test_compare(got, want, ds, "%s: random pieces (%d)",
				     ti->name, r);
	}
}

/* final's and digest's new empty message; init and setkey discarding a
 * message under way; re-keying. WANT: MSG's digest, EMPTY: the empty
 * message's, both under KEY (KEYLEN bytes; 0: unkeyed). */
static void check_reuse(const struct test_inst *ti, cryptarch_shash *t,
			const uint8_t *msg, const uint8_t *want,
			const uint8_t *empty, size_t ds, const uint8_t *key,
			size_t keylen)
{
	uint8_t got[DMAX + 8], other[DMAX], key2[32];
	int rc;

	/* final, then final again: the empty message */
	rc = one(t, msg, MSG_LEN, got);
	if (!rc)
		rc = cryptarch_shash_final(t, got);
	if (rc)
		test_fail("%s: final twice: %s", ti->name,
			  cryptarch_strerror(rc));
	else
		test_compare(got, empty, ds,
			     "%s: a second final (a new empty message)",
			     ti->name);
	/* final, then the next message without init */
	memset(got, 0x5a, sizeof(got));
	rc = one(t, msg + 7, 30, got);
	if (!rc)
		rc = cryptarch_shash_update(t, msg, MSG_LEN);
	if (!rc)
		rc = cryptarch_shash_final(t, got);
	if (rc)
		test_fail("%s: reuse after final: %s", ti->name,
			  cryptarch_strerror(rc));
	else
		test_compare(got, want, ds,
			     "%s: the next message after final, no init",
			     ti->name);
	if (!test_all(got + ds, 0x5a, sizeof(got) - ds))
		test_fail("%s: final wrote more than %zu bytes", ti->name, ds);
	/* digest = init + update + final, over a message under way */
	memset(got, 0x5a, sizeof(got));
	rc = cryptarch_shash_update(t, msg + 3, 41);
	if (!rc)
		rc = cryptarch_shash_digest(t, msg, MSG_LEN, got);
	if (rc)
		test_fail("%s: digest: %s", ti->name, cryptarch_strerror(rc));
	else
		test_compare(got, want, ds,
			     "%s: digest with a message under way", ti->name);
	if (!test_all(got + ds, 0x5a, sizeof(got) - ds))
		test_fail("%s: digest wrote more than %zu bytes", ti->name, ds);
	/* and digest leaves an empty message */
	rc = cryptarch_shash_final(t, got);
	if (!rc)
		test_compare(got, empty, ds, "%s: final after digest",
			     ti->name);
	/* digest of nothing, NULL data */
	rc = cryptarch_shash_digest(t, NULL, 0, got);
	if (rc)
		test_fail("%s: digest(NULL, 0): %s", ti->name,
			  cryptarch_strerror(rc));
	else
		test_compare(got, empty, ds, "%s: digest(NULL, 0)", ti->name);
	/* init discards a message under way */
	rc = cryptarch_shash_update(t, msg, 33);
	if (!rc)
		rc = one(t, msg, MSG_LEN, got);
	if (!rc)
		test_compare(got, want, ds, "%s: init after 33 bytes",
			     ti->name);
	if (!keylen)
		return;
	/* setkey discards a message under way; re-keying */
	rc = cryptarch_shash_update(t, msg, 50);
	if (!rc)
		rc = cryptarch_shash_setkey(t, key, keylen);
	if (!rc)
		rc = cryptarch_shash_final(t, got);
	if (rc)
		test_fail("%s: setkey during a message: %s", ti->name,
			  cryptarch_strerror(rc));
	else
		test_compare(got, empty, ds,
			     "%s: setkey starts a new empty message", ti->name);
	memcpy(key2, key, keylen);
	key2[0] ^= 0x80;
	rc = cryptarch_shash_setkey(t, key2, keylen);
	if (!rc)
		rc = cryptarch_shash_digest(t, msg, MSG_LEN, other);
	if (!rc && memcmp(other, want, ds) == 0)
		test_fail("%s: another key, the same digest", ti->name);
	if (!rc)
		rc = cryptarch_shash_setkey(t, key, keylen);
	if (!rc)
		rc = cryptarch_shash_digest(t, msg, MSG_LEN, got);
	if (rc)
		test_fail("%s: re-key: %s", ti->name, cryptarch_strerror(rc));
	else
		test_compare(got, want, ds, "%s: back to the first key",
			     ti->name);
}

/* Expect -ENOKEY from every message call of T, nothing written. */
static void expect_nokey(const struct test_inst *ti, cryptarch_shash *t,
			 const uint8_t *msg, const char *when)
{
	uint8_t out[DMAX];

	memset(out, 0xa5, sizeof(out));
	test_expect_rc(cryptarch_shash_init(t), -ENOKEY, "%s init %s", ti->name,
		       when);
	test_expect_rc(cryptarch_shash_update(t, msg, 10), -ENOKEY,
		       "%s update %s", ti->name, when);
	test_expect_rc(cryptarch_shash_update(t, msg, 0), -ENOKEY,
		       "%s update of 0 bytes %s", ti->name, when);
	test_expect_rc(cryptarch_shash_final(t, out), -ENOKEY, "%s final %s",
		       ti->name, when);
	test_expect_rc(cryptarch_shash_digest(t, msg, 10, out), -ENOKEY,
		       "%s digest %s", ti->name, when);
	if (!test_all(out, 0xa5, sizeof(out)))
		test_fail("%s: output written %s", ti->name, when);
}

/* Keys: -ENOKEY before and after refusals, the lengths taken. */
static void check_keys(const struct test_inst *ti, const uint8_t *msg,
		       const uint8_t *key)
{
	static const size_t lens[] = { 0,  1,  8,  15, 16, 17, 23,
				       24, 25, 31, 32, 33, 48, 64 };
	size_t sizes[3], ns = test_inst_key_sizes(ti, sizes), i, j;
	cryptarch_shash *t = test_shash_open(ti, 0);
	uint8_t out[DMAX];
	int ok, rc;

	if (!t)
		return;
	if (ns == 0) {
		/* unkeyed: ready, and no key is taken */
		for (i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
			test_expect_rc(cryptarch_shash_update(t, msg, 5), 0,
				       "%s update", ti->name);
			test_expect_rc(cryptarch_shash_setkey(t, key, lens[i]),
				       -EINVAL, "%s (unkeyed) setkey %zu bytes",
				       ti->name, lens[i]);
		}
		test_expect_rc(cryptarch_shash_setkey(t, NULL, 0), -EINVAL,
			       "%s (unkeyed) setkey(NULL, 0)", ti->name);
		cryptarch_shash_free(t);
		return;
	}
	expect_nokey(ti, t, msg, "before setkey");
	for (i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
		for (j = 0, ok = 0; j < ns; j++)
			ok |= lens[i] == sizes[j];
		rc = cryptarch_shash_setkey(t, key, lens[i]);
		test_expect_rc(rc, ok ? 0 : -EINVAL, "%s setkey %zu bytes",
			       ti->name, lens[i]);
		if (rc == 0) {
			test_expect_rc(cryptarch_shash_digest(t, msg, 10, out),
				       0, "%s digest after setkey %zu bytes",
				       ti->name, lens[i]);
		} else {
			expect_nokey(ti, t, msg, "after a refused setkey");
		}
	}
	/* a good key, then a refused one: no key */
	test_expect_rc(cryptarch_shash_setkey(t, key, sizes[0]), 0,
		       "%s setkey %zu bytes", ti->name, sizes[0]);
	test_expect_rc(cryptarch_shash_update(t, msg, 20), 0, "%s update",
		       ti->name);
	test_expect_rc(cryptarch_shash_setkey(t, key, 17), -EINVAL,
		       "%s setkey 17 bytes", ti->name);
	expect_nokey(ti, t, msg, "after a good then a refused setkey");
	test_expect_rc(cryptarch_shash_setkey(t, NULL, sizes[0]), -EINVAL,
		       "%s setkey(NULL key)", ti->name);
	expect_nokey(ti, t, msg, "after setkey(NULL)");
	cryptarch_shash_free(t);
}

/* NULL arguments on a ready handle; a refused update changes nothing. */
static void check_nulls(const struct test_inst *ti, cryptarch_shash *t,
			const uint8_t *msg, const uint8_t *want, size_t ds)
{
	uint8_t got[DMAX];
	int rc;

	test_expect_rc(cryptarch_shash_update(t, NULL, 5), -EINVAL,
		       "%s update(NULL, 5)", ti->name);
	test_expect_rc(cryptarch_shash_final(t, NULL), -EINVAL,
		       "%s final(NULL)", ti->name);
	test_expect_rc(cryptarch_shash_digest(t, NULL, 5, got), -EINVAL,
		       "%s digest(NULL data, 5)", ti->name);
	test_expect_rc(cryptarch_shash_digest(t, msg, 5, NULL), -EINVAL,
		       "%s digest(NULL out)", ti->name);
	/* the message continues through a refused update or final */
	rc = cryptarch_shash_init(t);
	if (!rc)
		rc = cryptarch_shash_update(t, msg, 40);
	test_expect_rc(cryptarch_shash_update(t, NULL, 9), -EINVAL,
		       "%s update(NULL, 9) in a message", ti->name);
	test_expect_rc(cryptarch_shash_final(t, NULL), -EINVAL,
		       "%s final(NULL) in a message", ti->name);
	if (!rc)
		rc = cryptarch_shash_update(t, msg + 40, MSG_LEN - 40);
	if (!rc)
		rc = cryptarch_shash_final(t, got);
	if (rc)
		test_fail("%s: %s", ti->name, cryptarch_strerror(rc));
	else
		test_compare(got, want, ds,
			     "%s: the message after refused calls", ti->name);
}

/* One instance: everything above. REF: the digests of the same name over
 * the generic driver (NULL where there is none). */
static void check_instance(const struct test_inst *ti, cryptarch_shash *ref,
			   size_t *digestsize)
{
	uint8_t msg[MSG_LEN], key[32], want[DMAX], empty[DMAX], r[DMAX];
	size_t sizes[3], ns = test_inst_key_sizes(ti, sizes), ds, keylen = 0;
	cryptarch_shash *t = test_shash_open(ti, 0);
	const char *drv;
	int rc, s;

	if (!t)
		return;
	test_rng_fill(&rng, msg, sizeof(msg));
	test_rng_fill(&rng, key, sizeof(key));
	ds = cryptarch_shash_digestsize(t);
	if (ds == 0 || ds > DMAX)
		test_fail("%s: digest size %zu", ti->name, ds);
	if (*digestsize == 0)
		*digestsize = ds;
	else if (ds != *digestsize)
		test_fail("%s: digest size %zu, another instance's %zu",
			  ti->name, ds, *digestsize);
	drv = cryptarch_shash_driver(t);
	if (!drv || strcmp(drv, ti->name) != 0)
		test_fail("%s: cryptarch_shash_driver() is %s", ti->name,
			  drv ? drv : "(null)");
	for (s = 0; s < (ns ? (int)ns : 1); s++) {
		if (ns) {
			keylen = sizes[s];
			rc = cryptarch_shash_setkey(t, key, keylen);
			if (rc) {
				test_fail("%s: setkey %zu bytes: %s", ti->name,
					  keylen, cryptarch_strerror(rc));
				continue;
			}
			if (cryptarch_shash_digestsize(t) != ds)
				test_fail("%s: digest size changed at "
					  "setkey",
					  ti->name);
		}
		if (cryptarch_shash_digest(t, msg, MSG_LEN, want) ||
		    cryptarch_shash_digest(t, msg, 0, empty)) {
			test_fail("%s: digest failed", ti->name);
			continue;
		}
		if (ref &&
		    (!keylen || !cryptarch_shash_setkey(ref, key, keylen))) {
			if (cryptarch_shash_digest(ref, msg, MSG_LEN, r))
				test_fail("reference digest failed");
			else
				test_compare(want, r, ds,
					     "%s vs %s, %zu-byte "
					     "key",
					     ti->name,
					     cryptarch_shash_driver(ref),
					     keylen);
		}
		/* the kernel's cbcmac: the empty message is the zero
		 * chaining value, nothing encrypted (DESIGN.md) */
		if (ti->tmpl && strcmp(ti->tmpl->name, "cbcmac") == 0 &&
		    !test_all(empty, 0, ds))
			test_fail("%s: the empty message's tag is not 16 zero "
				  "bytes",
				  ti->name);
		check_splits(ti, t, msg, want, ds);
		check_reuse(ti, t, msg, want, empty, ds, key, keylen);
		check_nulls(ti, t, msg, want, ds);
	}
	cryptarch_shash_free(t);
	check_keys(ti, msg, key);
}

/* The reference name of ALGNAME: the template over the cipher's generic
 * driver ("cmac(aes-generic)"), or the hash's ("sha256-generic"). */
static cryptarch_shash *open_reference(const char *algname)
{
	const struct cryptarch_driver *gen;
	cryptarch_shash *t = NULL;
	char base[TEST_NAME_MAX], name[2 * TEST_NAME_MAX];
	const char *p = strchr(algname, '(');

	if (p) {
		snprintf(base, sizeof(base), "%s", p + 1);
		base[strlen(base) - 1] = '\0';
		gen = test_reference(base);
		if (!gen)
			return NULL;
		snprintf(name, sizeof(name), "%.*s(%s)", (int)(p - algname),
			 algname, gen->name);
	} else {
		gen = test_reference(algname);
		if (!gen)
			return NULL;
		snprintf(name, sizeof(name), "%s", gen->name);
	}
	if (cryptarch_shash_new(&t, name, CRYPTARCH_ALLOW_VARIABLE_TIME)) {
		test_fail("reference %s cannot be opened", name);
		return NULL;
	}
	return t;
}

static void expect_new(const char *name, unsigned flags, int want)
{
	cryptarch_shash *t = (cryptarch_shash *)&t; /* not NULL */
	int rc = cryptarch_shash_new(&t, name, flags);

	test_expect_rc(rc, want, "cryptarch_shash_new(\"%s\", 0x%x)",
		       name ? name : "(NULL)", flags);
	if (rc && t)
		test_fail("cryptarch_shash_new(\"%s\") failed but left *tfm "
			  "non-NULL",
			  name ? name : "(NULL)");
	if (!rc)
		cryptarch_shash_free(t);
}

/* Names, and the calls on a NULL handle. */
static void check_names(void)
{
	static const char *const unknown[] = {
		"cmac(sha256)",
		"xcbc(sha256)",
		"cbcmac(sha256)",
		"cbc(aes)",
		"ecb(aes)",
		"cts(cbc(aes))",
		"aes",
		"aes-generic",
		"twofish",
		"cmac(cbc(aes))",
		"cmac(aes,aes)",
		"sha512",
		"hmac(sha256)",
		"cmac",
		"sha256(aes)",
		"cmac-sha256-generic",
		"essiv(cbc(aes),sha256)",
		"cmac(aes-nothing)",
	};
	static const char *const malformed[] = {
		"",	      "cmac(",	 "cmac(aes", "CMAC(aes)",
		"cmac(aes))", " sha256", "sha256 ",  "cmac()",
	};
	uint8_t out[DMAX];
	size_t i;
	int f;

	for (f = 0; f < 2; f++) {
		unsigned fl = f ? CRYPTARCH_ALLOW_VARIABLE_TIME : 0;

		for (i = 0; i < sizeof(unknown) / sizeof(unknown[0]); i++)
			expect_new(unknown[i], fl, -ENOENT);
		for (i = 0; i < sizeof(malformed) / sizeof(malformed[0]); i++)
			expect_new(malformed[i], fl, -EINVAL);
		expect_new(NULL, fl, -EINVAL);
	}
	test_expect_rc(cryptarch_shash_new(NULL, "sha256", 0), -EINVAL,
		       "cryptarch_shash_new(NULL, \"sha256\")");
	test_expect_rc(cryptarch_shash_setkey(NULL, out, 16), -EINVAL,
		       "setkey(NULL tfm)");
	test_expect_rc(cryptarch_shash_init(NULL), -EINVAL, "init(NULL)");
	test_expect_rc(cryptarch_shash_update(NULL, out, 1), -EINVAL,
		       "update(NULL tfm)");
	test_expect_rc(cryptarch_shash_final(NULL, out), -EINVAL,
		       "final(NULL tfm)");
	test_expect_rc(cryptarch_shash_digest(NULL, out, 1, out), -EINVAL,
		       "digest(NULL tfm)");
	if (cryptarch_shash_digestsize(NULL) != 0)
		test_fail("cryptarch_shash_digestsize(NULL) is not 0");
	if (cryptarch_shash_driver(NULL) != NULL)
		test_fail("cryptarch_shash_driver(NULL) is not NULL");
	cryptarch_shash_free(NULL);
}

/* Every hash driver of ALGNAME (a hash algorithm's name, "ghash") that is
 * available and selected here is one of the leaf instances TI (N). */
static void check_leaves(const char *algname, const struct test_inst *ti,
			 size_t n)
{
	size_t d, i;

	for (d = 0; d < cryptarch_driver_count(); d++) {
		const struct cryptarch_driver *drv = cryptarch_driver_at(d);

		if (strcmp(drv->alg->name, algname) != 0 ||
		    !cryptarch_driver_available(drv) || !test_selected(drv))
			continue;
		for (i = 0; i < n; i++)
			if (!ti[i].tmpl && ti[i].drv == drv &&
			    strcmp(ti[i].name, drv->name) == 0)
				break;
		if (i == n)
			test_fail("%s: driver %s is available but not among "
				  "its instances",
				  algname, drv->name);
	}
}

/* ALGNAME under both policies: the chosen driver is one of its
 * instances TI (N), a constant-time one under flags 0, or -ENOENT where
 * none is. */
static void check_choice(const char *algname, const struct test_inst *ti,
			 size_t n)
{
	size_t i;
	int f;

	/* under --driver the instances listed are not all there are */
	for (i = 0; i < cryptarch_driver_count(); i++)
		if (!test_selected(cryptarch_driver_at(i)))
			return;
	for (f = 0; f < 2; f++) {
		unsigned fl = f ? CRYPTARCH_ALLOW_VARIABLE_TIME : 0;
		cryptarch_shash *t = NULL;
		int have = 0, rc;
		const char *d;

		for (i = 0; i < n; i++)
			have |= f || cryptarch_spec_constant_time(&ti[i].spec);
		rc = cryptarch_shash_new(&t, algname, fl);
		if (!have || n == 0) {
			/* CRYPTARCH_DISABLE may leave none here */
			if (rc == 0 && n)
				test_fail("%s, flags %u: chose %s, but no "
					  "instance here is constant-time",
					  algname, fl,
					  cryptarch_shash_driver(t));
			cryptarch_shash_free(t);
			continue;
		}
		if (rc) {
			test_fail("%s, flags %u: %s", algname, fl,
				  cryptarch_strerror(rc));
			continue;
		}
		d = cryptarch_shash_driver(t);
		for (i = 0; i < n && strcmp(ti[i].name, d) != 0; i++)
			;
		if (i == n)
			test_fail("%s, flags %u: chose %s, not an instance "
				  "here",
				  algname, fl, d);
		else if (!f && !cryptarch_spec_constant_time(&ti[i].spec))
			test_fail("%s, flags 0: chose the variable-time %s",
				  algname, d);
		else
			printf("%s, flags %u -> %s\n", algname, fl, d);
		cryptarch_shash_free(t);
	}
}

int main(int argc, char **argv)
{
	char names[64][TEST_NAME_MAX];
	size_t nn, k, n, i, total = 0;

	test_mask_all(&argc, &argv);
	test_rng_init(&rng, test_seed("test-shash", 0x7368617368ull));
	check_names();
	nn = test_shash_names(names, 64);
	if (nn == 0)
		test_fail("no shash name is registered");
	for (k = 0; k < nn; k++) {
		struct test_inst *ti;
		cryptarch_shash *ref = open_reference(names[k]);
		size_t ds = 0;

		n = test_shash_instances(names[k], &ti, NULL);
		for (i = 0; i < n; i++) {
			check_instance(&ti[i], ref, &ds);
			total++;
		}
		if (n && strchr(names[k], '(') && ds != 16)
			test_fail("%s: digest size %zu, not the block size",
				  names[k], ds);
		if (n && strcmp(names[k], "sha256") == 0 && ds != 32)
			test_fail("sha256: digest size %zu", ds);
		/* SP 800-38D: GHASH's output is one 128-bit block */
		if (n && strcmp(names[k], "ghash") == 0 && ds != 16)
			test_fail("ghash: digest size %zu", ds);
		if (!strchr(names[k], '('))
			check_leaves(names[k], ti, n);
		printf("%s: %zu instances checked (", names[k], n);
		for (i = 0; i < n; i++)
			printf("%s%s", i ? " " : "", ti[i].name);
		printf(")\n");
		fflush(stdout);
		check_choice(names[k], ti, n);
		cryptarch_shash_free(ref);
		free(ti);
	}
	if (total == 0 && !test_failures) {
		puts("SKIP: no shash instance available");
		return TEST_SKIP;
	}
	return test_finish("test-shash");
}
