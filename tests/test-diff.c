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
	free(pt);
	free(ct);
	free(inbuf);
	if (pairs == 0 && !test_failures) {
		puts("SKIP: fewer than two instances of any cipher and mode");
		return TEST_SKIP;
	}
	return test_finish("test-diff");
}
