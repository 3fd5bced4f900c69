/* SPDX-License-Identifier: MIT */
/*
 * test-diff.c - differential test: every skcipher instance of every
 * registered implementation available here against every other instance of
 * the same cipher and mode, for random keys (every key size), IVs (now and
 * then a counter about to carry or wrap), lengths 0..4200 (valid for the
 * mode), source and destination offsets 0..15, in place or not, and random
 * splits into several calls (multiples of 16 but the last for ctr; xts,
 * xctr, cts and essiv are one call). Each instance cuts the request its
 * own way, so the results must agree whatever the split. The ciphertext is
 * then decrypted by every instance, again cut its own way. The handles are
 * re-keyed on every round, so stale key state would show.
 *
 * The same for every shash name ("cmac(aes)", "xcbc(twofish)", "sha256"):
 * every instance of it here digests the same random message (0..4200
 * bytes) under the same random key, each in updates of its own random
 * sizes, 0-byte ones among them, from a random offset, now and then with
 * cryptarch_shash_digest() instead; all must give one digest. A handle is
 * re-keyed every round, and now and then digests twice without a new key
 * (final leaves an empty message under the same key).
 *
 * The same for every aead name ("gcm(aes)", "ccm(twofish)"): every
 * instance here encrypts the same random request (a key of every size in
 * turn, a nonce of 12 or 1..64 bytes for gcm and 7..13 for ccm, 0..4200
 * bytes, associated data of 0..40 or 0..1023 bytes, a random tag length),
 * in place or not, from a random offset; all must agree on the
 * ciphertext and tag, each must decrypt it, and each must refuse it with
 * one bit flipped (-EBADMSG, a zeroed output). ccm(aes) has some 200
 * instances: the rounds of a name are CRYPTARCH_TEST_ITER * 10 divided by
 * its instances (at least a fifteenth of CRYPTARCH_TEST_ITER, at most
 * all of it). An instance over a costly driver (util.h, test_inst_costly:
 * twofish-ct) takes part in every test_costly_every()-th round only, in
 * every kind of round, and sits out a masked run (util.h).
 *
 * The seed is printed; CRYPTARCH_TEST_SEED sets it ("random" for a new
 * one); CRYPTARCH_TEST_ITER sets the rounds per cipher and mode, and per
 * shash name (300).
 *
 * Usage: test-diff [--mask-all]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

#define MAXLEN 4200
#define AREA (MAXLEN + 32)

static struct test_rng rng;

struct slot {
	const struct test_inst *ti;
	cryptarch_skcipher *t;
	uint8_t *area;	/* where this instance's output lands */
	uint8_t *out;	/* the output inside AREA */
	uint8_t iv[16]; /* the iv after the call */
	int ok;
};

/* Run one instance on SRC with its own offsets and split. */
static void one(struct slot *s, int mode, int enc, const uint8_t *src,
		size_t len, const uint8_t iv0[16], uint8_t *inbuf)
{
	size_t so = test_rng_below(&rng, 16), d = test_rng_below(&rng, 16);
	int inplace = test_rng_below(&rng, 4) == 0;
	const uint8_t *in;
	int rc;

	s->out = s->area + d;
	if (inplace) {
		memcpy(s->out, src, len);
		in = s->out;
	} else {
		memcpy(inbuf + so, src, len);
		in = inbuf + so;
	}
	memcpy(s->iv, iv0, 16);
	if (test_rng_below(&rng, 3) == 0)
		rc = test_crypt(s->t, enc, in, s->out, len, s->iv);
	else
		rc = test_crypt_split(s->t, mode, enc, in, s->out, len, s->iv,
				      &rng);
	s->ok = rc == 0;
	if (rc)
		test_fail("%s %s %zu bytes: %s", s->ti->name,
			  enc ? "encrypt" : "decrypt", len,
			  cryptarch_strerror(rc));
}

/* 1 if instance TI sits out round ITER (a costly one takes every
 * test_costly_every()-th round, util.h). */
static int skip_costly(const struct test_inst *ti, unsigned long iter)
{
	return iter % test_costly_every() != 0 && test_inst_costly(ti);
}

static void step(struct slot *sl, size_t n, int mode, unsigned long iter,
		 uint8_t *pt, uint8_t *ct, uint8_t *inbuf)
{
	const struct cryptarch_driver *d = sl[0].ti->drv;
	size_t sizes[3], ns = test_key_sizes(d, sizes), i, j, len;
	size_t keylen = sizes[test_rng_below(&rng, ns)];
	uint8_t key[64], iv0[16];
	char khex[129], ivhex[33];
	int rc;

	keylen *= test_mode_nkeys(mode);
	test_random_key(&rng, mode, key, keylen);
	len = test_valid_len(mode, test_random_len(&rng, MAXLEN));
	test_rng_fill(&rng, iv0, 16);
	if (mode == TEST_MODE_CTR && test_rng_below(&rng, 8) == 0) {
		/* a counter about to carry into the high half, or wrap */
		memset(iv0 + 8, 0xff, 8);
		iv0[15] = (uint8_t)(0xff - test_rng_below(&rng, 8));
		if (test_rng_below(&rng, 2))
			memset(iv0, 0xff, 8);
	}
	test_rng_fill(&rng, pt, len);
	for (i = 0; i < n; i++) {
		sl[i].ok = 0;
		if (i && skip_costly(sl[i].ti, iter))
			continue;
		rc = cryptarch_skcipher_setkey(sl[i].t, key, keylen);
		if (rc) {
			test_fail("%s setkey %zu bytes: %s", sl[i].ti->name,
				  keylen, cryptarch_strerror(rc));
			continue;
		}
		one(&sl[i], mode, 1, pt, len, iv0, inbuf);
	}
	test_hex(khex, key, keylen);
	test_hex(ivhex, iv0, 16);
	for (i = 0; i < n; i++) {
		for (j = i + 1; j < n; j++) {
			if (!sl[i].ok || !sl[j].ok)
				continue;
			if (test_compare(sl[j].out, sl[i].out, len,
					 "round %lu: %s vs %s encrypt, key %s "
					 "iv %s len %zu",
					 iter, sl[j].ti->name, sl[i].ti->name,
					 khex, ivhex, len) |
			    test_compare(sl[j].iv, sl[i].iv, 16,
					 "round %lu: %s vs %s: iv after "
					 "encrypt, len %zu",
					 iter, sl[j].ti->name, sl[i].ti->name,
					 len))
				break;
		}
	}
	if (!sl[0].ok)
		return;
	memcpy(ct, sl[0].out, len);
	for (i = 0; i < n; i++) {
		uint8_t ivw[16];

		memcpy(ivw, sl[0].iv, 16);
		if (i && skip_costly(sl[i].ti, iter))
			continue;
		one(&sl[i], mode, 0, ct, len, iv0, inbuf);
		if (!sl[i].ok)
			continue;
		test_compare(sl[i].out, pt, len,
			     "round %lu: %s decrypt, key %s iv %s len %zu",
			     iter, sl[i].ti->name, khex, ivhex, len);
		test_compare(sl[i].iv, ivw, 16,
			     "round %lu: %s: iv after decrypt, len %zu", iter,
			     sl[i].ti->name, len);
	}
}

/* One round for the shash instances TI (N, handles T). */
static void shash_step(const struct test_inst *ti, cryptarch_shash **t,
		       size_t n, unsigned long iter, uint8_t *msg,
		       uint8_t *inbuf)
{
	uint8_t key[32], want[64], got[64];
	size_t sizes[3], ns = test_inst_key_sizes(&ti[0], sizes), keylen = 0;
	size_t len = test_random_len(&rng, MAXLEN), i, so, ds;
	char khex[65];
	int rc, twice;

	if (ns) {
		keylen = sizes[test_rng_below(&rng, ns)];
		test_rng_fill(&rng, key, keylen);
	}
	test_rng_fill(&rng, msg, len);
	test_hex(khex, key, keylen);
	ds = cryptarch_shash_digestsize(t[0]);
	for (i = 0; i < n; i++) {
		if (i && skip_costly(&ti[i], iter))
			continue;
		twice = i && test_rng_below(&rng, 4) == 0;
		rc = keylen ? cryptarch_shash_setkey(t[i], key, keylen) : 0;
		if (rc) {
			test_fail("%s setkey %zu bytes: %s", ti[i].name, keylen,
				  cryptarch_strerror(rc));
			continue;
		}
		do {
			so = test_rng_below(&rng, 16);
			memcpy(inbuf + so, msg, len);
			memset(got, 0xa5, sizeof(got));
			if (test_rng_below(&rng, 4) == 0)
				rc = cryptarch_shash_digest(t[i], inbuf + so,
							    len, got);
			else
				rc = test_shash_split(t[i], inbuf + so, len,
						      got, &rng);
			if (rc) {
				test_fail("round %lu: %s, %zu bytes: %s", iter,
					  ti[i].name, len,
					  cryptarch_strerror(rc));
				break;
			}
			if (i == 0)
				memcpy(want, got, ds);
			else
				test_compare(got, want, ds,
					     "round %lu: %s vs %s, key %s, %zu "
					     "bytes%s",
					     iter, ti[i].name, ti[0].name, khex,
					     len, twice ? " (again)" : "");
			if (!test_all(got + ds, 0xa5, sizeof(got) - ds))
				test_fail("%s wrote past its digest",
					  ti[i].name);
		} while (twice-- > 0);
	}
}

/* Every shash name: the instances here against each other; the pairs. */
static size_t shash_names(unsigned long iters, uint8_t *msg, uint8_t *inbuf)
{
	char names[64][TEST_NAME_MAX];
	size_t nn = test_shash_names(names, 64), k, n, i, pairs = 0;
	unsigned long it;

	for (k = 0; k < nn; k++) {
		struct test_inst *ti;
		cryptarch_shash **t;
		unsigned long before = test_failures;

		n = test_shash_instances(names[k], &ti, NULL);
		n = test_drop_costly_masked(ti, n);
		t = calloc(n + 1, sizeof(*t));
		if (!t)
			exit(2);
		for (i = 0; i < n; i++)
			if (!(t[i] = test_shash_open(&ti[i], 0)))
				break;
		if (i == n && n > 0)
			for (it = 0; it < iters; it++)
				shash_step(ti, t, n, it, msg, inbuf);
		printf("%s: %zu instances (", names[k], n);
		for (i = 0; i < n; i++)
			printf("%s%s", i ? " " : "", ti[i].name);
		printf("), %lu rounds, %lu failures\n", iters,
		       test_failures - before);
		fflush(stdout);
		pairs += n * (n - 1) / 2;
		for (i = 0; i < n; i++)
			cryptarch_shash_free(t[i]);
		free(t);
		free(ti);
	}
	return pairs;
}

/* One round for the aead instances TI (N, handles T): the first
 * encrypts, every other must give the same ciphertext and tag, and every
 * one decrypts it back (in place, or out of place into the second half of
 * AREA, 2 * AREA bytes; from a random offset);
 * with one bit flipped, every one refuses it with a zeroed output. */
static void aead_step(const struct test_inst *ti, cryptarch_aead **t, size_t n,
		      unsigned long iter, uint8_t *pt, uint8_t *ad,
		      uint8_t *want, uint8_t *area)
{
	const int gcm = test_aead_is_gcm(&ti[0]);
	size_t ks[3], nk = test_inst_key_sizes(&ti[0], ks), i, as, nl, al;
	size_t len = test_random_len(&rng, MAXLEN), keylen, so, cl, b;
	uint8_t key[32], nonce[64], *buf;
	char khex[65], what[160];
	int rc, inplace;

	keylen = ks[test_rng_below(&rng, nk)];
	do
		as = 4 + test_rng_below(&rng, 13);
	while (!test_aead_authsize_ok(&ti[0], as));
	nl = gcm ? (test_rng_below(&rng, 2) ? 12 :
					      1 + test_rng_below(&rng, 64)) :
		   7 + test_rng_below(&rng, 7);
	al = test_rng_below(&rng, 4) ? test_rng_below(&rng, 41) :
				       test_rng_below(&rng, 1024);
	test_rng_fill(&rng, key, keylen);
	test_rng_fill(&rng, nonce, nl);
	test_rng_fill(&rng, pt, len);
	test_rng_fill(&rng, ad, al);
	test_hex(khex, key, keylen);
	snprintf(what, sizeof(what),
		 "round %lu: key %s, %zu-byte nonce, %zu bytes, %zu of ad, "
		 "%zu-byte tag",
		 iter, khex, nl, len, al, as);
	cl = len + as;
	for (i = 0; i < n; i++) {
		if (i && skip_costly(&ti[i], iter))
			continue;
		rc = cryptarch_aead_setkey(t[i], key, keylen);
		if (!rc)
			rc = cryptarch_aead_setauthsize(t[i], as);
		if (rc) {
			test_fail("%s: setkey / setauthsize: %s", ti[i].name,
				  cryptarch_strerror(rc));
			return;
		}
		so = test_rng_below(&rng, 16);
		inplace = test_rng_below(&rng, 2);
		buf = area + so;
		memcpy(buf, pt, len);
		rc = cryptarch_aead_encrypt(t[i], buf,
					    inplace ? buf : area + AREA, len,
					    nonce, nl, ad, al);
		if (!inplace)
			buf = area + AREA;
		if (rc) {
			test_fail("%s: encrypt, %s: %s", ti[i].name, what,
				  cryptarch_strerror(rc));
			return;
		}
		if (i == 0)
			memcpy(want, buf, cl);
		else if (test_compare(buf, want, cl, "%s vs %s: encrypt, %s",
				      ti[i].name, ti[0].name, what))
			return;
	}
	b = test_rng_below(&rng, 8 * cl);
	for (i = 0; i < n; i++) {
		if (i && skip_costly(&ti[i], iter))
			continue;
		so = test_rng_below(&rng, 16);
		inplace = test_rng_below(&rng, 2);
		buf = area + so;
		memcpy(buf, want, cl);
		rc = cryptarch_aead_decrypt(t[i], buf,
					    inplace ? buf : area + AREA, cl,
					    nonce, nl, ad, al);
		if (!inplace)
			buf = area + AREA;
		if (rc)
			test_fail("%s: decrypt, %s: %s", ti[i].name, what,
				  cryptarch_strerror(rc));
		else
			test_compare(buf, pt, len, "%s: decrypt, %s",
				     ti[i].name, what);
		memcpy(area, want, cl);
		area[b / 8] ^= (uint8_t)(1 << (b % 8));
		memset(area + AREA, 0xa5, len);
		rc = cryptarch_aead_decrypt(t[i], area, area + AREA, cl, nonce,
					    nl, ad, al);
		test_expect_rc(rc, -EBADMSG, "%s: decrypt, bit %zu flipped, %s",
			       ti[i].name, b, what);
		if (rc == -EBADMSG && !test_all(area + AREA, 0, len))
			test_fail("%s: -EBADMSG, but the output is not zero, "
				  "%s",
				  ti[i].name, what);
	}
}

/* Every aead name: its instances here against each other, ITERS * 10 / N
 * rounds (at least ITERS / 15, at most ITERS); the pairs. */
static size_t aead_names(unsigned long iters, uint8_t *pt)
{
	char names[16][TEST_NAME_MAX];
	size_t nn = test_aead_names(names, 16), k, n, i, pairs = 0;
	uint8_t *ad = malloc(1024), *want = malloc(AREA),
		*area = malloc(2 * AREA);
	unsigned long it, rounds;

	if (!ad || !want || !area)
		exit(2);
	for (k = 0; k < nn; k++) {
		struct test_inst *ti;
		cryptarch_aead **t;
		unsigned long before = test_failures;

		n = test_aead_instances(names[k], &ti, NULL);
		n = test_drop_costly_masked(ti, n);
		t = calloc(n + 1, sizeof(*t));
		if (!t)
			exit(2);
		for (i = 0; i < n; i++)
			if (!(t[i] = test_aead_open(&ti[i], 0)))
				break;
		rounds = n ? iters * 10 / n : 0;
		if (rounds < iters / 15)
			rounds = iters / 15;
		if (rounds > iters)
			rounds = iters;
		if (i == n && n > 1)
			for (it = 0; it < rounds; it++)
				aead_step(ti, t, n, it, pt, ad, want, area);
		printf("%s: %zu instances, %lu rounds, %lu failures\n",
		       names[k], n, n > 1 ? rounds : 0, test_failures - before);
		fflush(stdout);
		pairs += n * (n - 1) / 2;
		for (i = 0; i < n; i++)
			cryptarch_aead_free(t[i]);
		free(t);
		free(ti);
	}
	free(ad);
	free(want);
	free(area);
	return pairs;
}

int main(int argc, char **argv)
{
	const char *ciphers[16];
	unsigned long iters, it;
	size_t nc, c, n, i, pairs = 0;
	uint8_t *pt, *ct, *inbuf;
	int m;

	test_mask_all(&argc, &argv);
	test_rng_init(&rng, test_seed("test-diff", 0x64696666ull));
	iters = test_env_count("CRYPTARCH_TEST_ITER", 300);
	pt = malloc(AREA);
	ct = malloc(AREA);
	inbuf = malloc(AREA);
	if (!pt || !ct || !inbuf)
		return 2;
	nc = test_ciphers(ciphers, 16);
	for (c = 0; c < nc; c++) {
		for (m = 0; m < TEST_MODE_COUNT; m++) {
			struct test_inst *ti;
			struct slot *sl;
			unsigned long before = test_failures;

			n = test_instances(ciphers[c], m, &ti, NULL);
			n = test_drop_costly_masked(ti, n);
			sl = calloc(n + 1, sizeof(*sl));
			if (!sl)
				return 2;
			for (i = 0; i < n; i++) {
				sl[i].ti = &ti[i];
				sl[i].t = test_open(&ti[i], 0);
				sl[i].area = malloc(AREA);
				if (!sl[i].t || !sl[i].area)
					break;
			}
			if (i == n && n > 0)
				for (it = 0; it < iters; it++)
					step(sl, n, m, it, pt, ct, inbuf);
			printf("%s %s: %zu instances (", ciphers[c],
			       test_mode_names[m], n);
			for (i = 0; i < n; i++)
				printf("%s%s", i ? " " : "", ti[i].name);
			printf("), %lu rounds, %lu failures\n", iters,
			       test_failures - before);
			fflush(stdout);
			pairs += n * (n - 1) / 2;
			for (i = 0; i < n; i++) {
				cryptarch_skcipher_free(sl[i].t);
				free(sl[i].area);
			}
			free(sl);
			free(ti);
		}
	}
	pairs += shash_names(iters, pt, inbuf);
	pairs += aead_names(iters, pt);
	free(pt);
	free(ct);
	free(inbuf);
	if (pairs == 0 && !test_failures) {
		puts("SKIP: fewer than two instances of any cipher and mode");
		return TEST_SKIP;
	}
	return test_finish("test-diff");
}
