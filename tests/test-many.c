/* SPDX-License-Identifier: MIT */
/*
 * test-many.c - many-request calls (cryptarch_skcipher_encrypt_many,
 * _decrypt_many) against single calls: for every skcipher instance of
 * every registered implementation available here, every mode and both
 * directions, batches of 1..64 requests (now and then more) under one
 * random key of every size in turn, each request of its own random valid
 * length (0 included, most short, some up to 4200 bytes), its own iv,
 * in place or not, at its own offset (or, one batch in sixteen, all
 * page-aligned and 2 KiB or more); the batch must give, request by
 * request, the output and the iv that one cryptarch_skcipher_encrypt()
 * (decrypt()) call each gives on the same handle. The drivers' interleaving
 * hooks (cbc encrypt_many) see lanes of different lengths, lanes that
 * finish early and lanes of length 0.
 *
 * Then the refusals: a batch with one bad request (a length the mode does
 * not take, a NULL iv or buffer a single call refuses) gives -EINVAL and
 * writes nothing, to no request's output or iv; a handle without a key
 * gives -ENOKEY; n == 0 is 0. The same for the algorithm names
 * ("cbc(aes)") under both policies, whose many-request slot may hold
 * another instance than their single calls.
 *
 * The same for many digests (cryptarch_shash_digest_many): every shash
 * instance, batches of messages of 0..4200 bytes against one
 * cryptarch_shash_digest() each; a message in progress dropped and a new
 * empty one started; one bad request refused with nothing written.
 *
 * The seed is printed; CRYPTARCH_TEST_SEED sets it; CRYPTARCH_TEST_ITER
 * (300) sets the rounds: ITER / 20 batches per instance and direction
 * (a share of them over a costly driver, util.h, which sits out a
 * masked run).
 *
 * Usage: test-many [--mask-all]
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "handle.h"
#include "util.h"

#define MAXREQ 80
#define MAXLEN 4200
#define AREA (MAXLEN + 32)
#define PAGE 4096
#define AREA_ALLOC ((AREA + PAGE - 1) / PAGE * PAGE)

static struct test_rng rng;

/* One request of a batch, with what a single call gave. */
struct lane {
	uint8_t *src_area, *dst_area; /* AREA bytes each */
	uint8_t *src, *dst;	      /* inside them (dst == src in place) */
	size_t len;
	uint8_t iv[16], iv0[16];
	uint8_t *want; /* the single call's output */
	uint8_t want_iv[16];
};

static struct lane lanes[MAXREQ];

static size_t batch_len(int mode)
{
	size_t len;

	switch (test_rng_below(&rng, 8)) {
	case 0:
		len = 0;
		break;
	case 1:
		len = test_rng_below(&rng, MAXLEN + 1);
		break;
	default:
		len = test_rng_below(&rng, 700);
		break;
	}
	if (len == 0 && !test_len_ok(mode, 0))
		len = 16;
	return test_valid_len(mode, len);
}

/* Fill N lanes with random requests for MODE. One batch in sixteen is
 * "crowded": every buffer page-aligned and every request 2 KiB or more,
 * as disk sectors and pages are, where drivers run their lanes otherwise
 * (aes-vaes-avx512 staggers them). */
static void fill(size_t n, int mode)
{
	int crowded = test_rng_below(&rng, 16) == 0;
	size_t i;

	for (i = 0; i < n; i++) {
		struct lane *l = &lanes[i];
		size_t so = crowded ? 0 : test_rng_below(&rng, 16);

		l->len = crowded ? test_valid_len(mode, 2048 + test_rng_below(
						  &rng, MAXLEN - 2048 + 1)) :
				   batch_len(mode);
		l->src = l->src_area + so;
		test_rng_fill(&rng, l->src, l->len);
		if (test_rng_below(&rng, 3) == 0)
			l->dst = l->src;
		else
			l->dst = l->dst_area +
				 (crowded ? 0 : test_rng_below(&rng, 16));
		test_rng_fill(&rng, l->iv0, 16);
		if (mode == TEST_MODE_CTR && test_rng_below(&rng, 8) == 0) {
			/* a counter about to carry into its high half */
			memset(l->iv0 + 8, 0xff, 8);
			l->iv0[15] = (uint8_t)(0xff - test_rng_below(&rng, 8));
		}
	}
}

/* The single calls, into each lane's WANT, from copies. */
static int singles(cryptarch_skcipher *t, size_t n, int enc, const char *what)
{
	size_t i;

	for (i = 0; i < n; i++) {
		struct lane *l = &lanes[i];
		int rc;

		memcpy(l->want, l->src, l->len);
		memcpy(l->want_iv, l->iv0, 16);
		rc = test_crypt(t, enc, l->want, l->want, l->len, l->want_iv);
		if (rc) {
			test_fail("%s: single %s of %zu bytes: %s", what,
				  enc ? "encryption" : "decryption", l->len,
				  cryptarch_strerror(rc));
			return -1;
		}
	}
	return 0;
}

static int run_many(cryptarch_skcipher *t, int enc,
		    const struct cryptarch_request *req, size_t n)
{
	return enc ? cryptarch_skcipher_encrypt_many(t, req, n) :
		     cryptarch_skcipher_decrypt_many(t, req, n);
}

/* One batch of N through T in direction ENC: the same as the singles. */
static void batch(cryptarch_skcipher *t, const char *what, int mode, int enc,
		  size_t n, int use_iv)
{
	struct cryptarch_request req[MAXREQ];
	size_t i;
	int rc;

	fill(n, mode);
	if (singles(t, n, enc, what))
		return;
	for (i = 0; i < n; i++) {
		struct lane *l = &lanes[i];

		memcpy(l->iv, l->iv0, 16);
		req[i].src = l->src;
		req[i].dst = l->dst;
		req[i].len = l->len;
		req[i].iv = use_iv || test_rng_below(&rng, 2) ? l->iv : NULL;
	}
	rc = run_many(t, enc, req, n);
	if (rc) {
		test_fail("%s: %s_many of %zu requests: %s", what,
			  enc ? "encrypt" : "decrypt", n,
			  cryptarch_strerror(rc));
		return;
	}
	for (i = 0; i < n; i++) {
		struct lane *l = &lanes[i];

		if (test_compare(l->dst, l->want, l->len,
				 "%s: %s_many request %zu of %zu (%zu bytes%s)",
				 what, enc ? "encrypt" : "decrypt", i, n,
				 l->len, l->dst == l->src ? ", in place" : ""))
			return;
		if (req[i].iv &&
		    test_compare(l->iv, l->want_iv, 16,
				 "%s: %s_many request %zu of %zu (%zu bytes): "
				 "iv after",
				 what, enc ? "encrypt" : "decrypt", i, n,
				 l->len))
			return;
	}
}

/*
 * A batch with request J made bad in one way the mode refuses: -EINVAL
 * and not a byte of any output or iv changed. Returns 1 if a bad request
 * could be made for MODE.
 */
static int refused(cryptarch_skcipher *t, const char *what, int mode, int enc,
		   size_t n)
{
	struct cryptarch_request req[MAXREQ];
	size_t i, j = test_rng_below(&rng, n);
	const char *how;
	int rc;

	fill(n, mode);
	if (lanes[j].len == 0)
		lanes[j].len = 16;
	for (i = 0; i < n; i++) {
		struct lane *l = &lanes[i];

		memcpy(l->iv, l->iv0, 16);
		if (l->dst != l->src)
			test_rng_fill(&rng, l->dst, l->len + 16);
		memcpy(l->want, l->dst, l->len + 16);
		req[i] = (struct cryptarch_request){ l->src, l->dst, l->len,
						     l->iv };
	}
	switch (test_rng_below(&rng, 3)) {
	case 0:
		if (test_len_ok(mode, 17) && test_len_ok(mode, 15) &&
		    test_len_ok(mode, 1))
			goto null_buf; /* every length is taken */
		/* ecb, cbc, essiv: not whole blocks; xts, cts: short */
		req[j].len = test_len_ok(mode, 17) ?
				     1 + test_rng_below(&rng, 15) :
				     req[j].len + 1 + test_rng_below(&rng, 15);
		how = "a length the mode does not take";
		break;
	case 1:
		if (!test_mode_has_iv(mode))
			goto null_buf;
		req[j].iv = NULL;
		how = "no iv";
		break;
	default:
	null_buf:
		if (test_rng_below(&rng, 2))
			req[j].src = NULL;
		else
			req[j].dst = NULL;
		how = "a NULL buffer";
		break;
	}
	rc = run_many(t, enc, req, n);
	test_expect_rc(rc, -EINVAL, "%s: %s_many, request %zu of %zu with %s",
		       what, enc ? "encrypt" : "decrypt", j, n, how);
	for (i = 0; i < n; i++) {
		struct lane *l = &lanes[i];

		if (test_compare(l->dst, l->want, l->len + 16,
				 "%s: refused %s_many wrote request %zu", what,
				 enc ? "encrypt" : "decrypt", i) ||
		    test_compare(l->iv, l->iv0, 16,
				 "%s: refused %s_many changed the iv of "
				 "request %zu",
				 what, enc ? "encrypt" : "decrypt", i))
			break;
	}
	return 1;
}

static size_t batch_count(void)
{
	return test_rng_below(&rng, 10) == 0 ? MAXREQ :
					       1 + test_rng_below(&rng, 64);
}

/* Rounds of batches through T (keyed here), MODE over a cipher of
 * driver-or-cipher KEYDRV's key sizes. */
static void rounds(cryptarch_skcipher *t, const struct cryptarch_driver *kd,
		   const char *what, int mode, unsigned long iters)
{
	size_t sizes[3], ns = test_key_sizes(kd, sizes);
	unsigned long it;
	uint8_t key[64];
	int rc;

	for (it = 0; it < iters; it++) {
		size_t keylen = sizes[it % ns] * test_mode_nkeys(mode);
		int enc;

		test_random_key(&rng, mode, key, keylen);
		rc = cryptarch_skcipher_setkey(t, key, keylen);
		if (rc) {
			test_fail("%s: setkey %zu bytes: %s", what, keylen,
				  cryptarch_strerror(rc));
			return;
		}
		for (enc = 1; enc >= 0; enc--) {
			batch(t, what, mode, enc, batch_count(),
			      test_mode_nkeys(mode) > 1 ||
				      test_mode_has_iv(mode));
			if (it % 4 == 0)
				refused(t, what, mode, enc, batch_count());
		}
	}
}

/* The algorithm name of MODE over CIPHER under FLAGS, if it opens. */
static void by_name(const char *cipher, int mode, unsigned flags,
		    unsigned long iters)
{
	const struct cryptarch_driver *ref = test_reference(cipher);
	char name[96], what[160], slot[96];
	cryptarch_skcipher *t;
	int rc;

	test_mode_algname(mode, cipher, name, sizeof(name));
	rc = cryptarch_skcipher_new(&t, name, flags);
	if (rc || !ref) {
		cryptarch_skcipher_free(t);
		return;
	}
	rc = cryptarch_skcipher_encrypt_many(t, NULL, 0);
	test_expect_rc(rc, -ENOKEY, "%s: encrypt_many before setkey", name);
	snprintf(what, sizeof(what), "%s (flags %u; many: %s)", name, flags,
		 cryptarch_skcipher_slot(t, 0, 2, slot, sizeof(slot)));
	rounds(t, ref, what, mode, iters);
	rc = cryptarch_skcipher_decrypt_many(t, NULL, 0);
	test_expect_rc(rc, 0, "%s: decrypt_many of no requests", name);
	printf("%s\n", what);
	cryptarch_skcipher_free(t);
}

/*
 * Many digests: batches through shash handle T (keyed now and then anew)
 * against one cryptarch_shash_digest() per message; a batch with one bad
 * request refused, with no output written.
 */
static void digests(cryptarch_shash *t, const struct test_inst *ti,
		    const char *what, unsigned long iters)
{
	struct cryptarch_digest_request req[MAXREQ];
	uint8_t want[MAXREQ][64], got[MAXREQ][64], key[32];
	size_t sizes[3], ns = test_inst_key_sizes(ti, sizes);
	size_t ds = cryptarch_shash_digestsize(t), n, i, j;
	unsigned long it;
	int rc;

	for (it = 0; it < iters; it++) {
		if (ns) {
			size_t kl = sizes[it % ns];

			test_rng_fill(&rng, key, kl);
			rc = cryptarch_shash_setkey(t, key, kl);
			if (rc) {
				test_fail("%s: setkey %zu: %s", what, kl,
					  cryptarch_strerror(rc));
				return;
			}
		}
		n = batch_count();
		fill(n, TEST_MODE_CTR); /* any length */
		for (i = 0; i < n; i++) {
			rc = cryptarch_shash_digest(t, lanes[i].src,
						    lanes[i].len, want[i]);
			if (rc) {
				test_fail("%s: digest of %zu bytes: %s", what,
					  lanes[i].len, cryptarch_strerror(rc));
				return;
			}
			req[i] = (struct cryptarch_digest_request){
				lanes[i].src, lanes[i].len, got[i]
			};
		}
		/* a message in progress is dropped */
		if (cryptarch_shash_update(t, "x", 1))
			test_fail("%s: update", what);
		rc = cryptarch_shash_digest_many(t, req, n);
		if (rc) {
			test_fail("%s: digest_many of %zu: %s", what, n,
				  cryptarch_strerror(rc));
			return;
		}
		for (i = 0; i < n; i++)
			if (test_compare(got[i], want[i], ds,
					 "%s: digest_many message %zu of %zu "
					 "(%zu bytes)",
					 what, i, n, lanes[i].len))
				return;
		/* then a new empty message: final gives the empty digest */
		rc = cryptarch_shash_digest(t, NULL, 0, want[0]);
		if (!rc)
			rc = cryptarch_shash_final(t, got[0]);
		if (rc || test_compare(got[0], want[0], ds,
				       "%s: final after digest_many", what))
			return;
		if (it % 4)
			continue;
		/* one bad request: nothing written */
		j = test_rng_below(&rng, n);
		memset(got, 0x5a, sizeof(got));
		if (req[j].len && test_rng_below(&rng, 2))
			req[j].data = NULL;
		else
			req[j].out = NULL;
		rc = cryptarch_shash_digest_many(t, req, n);
		test_expect_rc(rc, -EINVAL,
			       "%s: digest_many with a bad request %zu of %zu",
			       what, j, n);
		for (i = 0; i < n; i++)
			if (!test_all(got[i], 0x5a, sizeof(got[i]))) {
				test_fail("%s: refused digest_many wrote "
					  "request %zu",
					  what, i);
				break;
			}
	}
}

static size_t shash_all(unsigned long iters)
{
	static char names[64][TEST_NAME_MAX];
	size_t nn = test_shash_names(names, 64), k, n, i, total = 0;

	for (k = 0; k < nn; k++) {
		struct test_inst *ti;
		cryptarch_shash *t;
		unsigned long before = test_failures;
		char what[160];

		n = test_shash_instances(names[k], &ti, NULL);
		n = test_drop_costly_masked(ti, n);
		for (i = 0; i < n; i++) {
			t = test_shash_open(&ti[i], 0);
			if (!t)
				continue;
			if (test_inst_key_sizes(&ti[i], (size_t[3]){ 0 }) &&
			    cryptarch_shash_digest_many(t, NULL, 0) != -ENOKEY)
				test_fail("%s: digest_many before setkey",
					  ti[i].name);
			digests(t, &ti[i], ti[i].name,
				test_inst_rounds(&ti[i], iters));
			cryptarch_shash_free(t);
		}
		if (n && cryptarch_shash_new(&t, names[k], 0) == 0) {
			snprintf(what, sizeof(what), "%s (flags 0; %s)",
				 names[k],
				 cryptarch_shash_driver(t));
			digests(t, &ti[0], what, iters);
			cryptarch_shash_free(t);
		}
		printf("%s: %zu instances, %lu rounds each, %lu failures\n",
		       names[k], n, iters, test_failures - before);
		total += n;
		free(ti);
	}
	return total;
}

int main(int argc, char **argv)
{
	const char *ciphers[16];
	unsigned long iters;
	size_t nc, c, n, i, total = 0;
	int m, rc;

	test_mask_all(&argc, &argv);
	test_rng_init(&rng, test_seed("test-many", 0x6d616e79ull));
	iters = test_env_count("CRYPTARCH_TEST_ITER", 300) / 20;
	if (iters == 0)
		iters = 1;
	for (i = 0; i < MAXREQ; i++) {
		lanes[i].src_area = aligned_alloc(PAGE, AREA_ALLOC);
		lanes[i].dst_area = aligned_alloc(PAGE, AREA_ALLOC);
		lanes[i].want = malloc(AREA);
		if (!lanes[i].src_area || !lanes[i].dst_area ||
		    !lanes[i].want)
			return 2;
	}
	rc = cryptarch_skcipher_encrypt_many(NULL, NULL, 0);
	test_expect_rc(rc, -EINVAL, "encrypt_many on a NULL handle");
	nc = test_ciphers(ciphers, 16);
	for (c = 0; c < nc; c++) {
		for (m = 0; m < TEST_MODE_COUNT; m++) {
			struct test_inst *ti;
			unsigned long before = test_failures;

			n = test_instances(ciphers[c], m, &ti, NULL);
			n = test_drop_costly_masked(ti, n);
			for (i = 0; i < n; i++) {
				cryptarch_skcipher *t = test_open(&ti[i], 0);

				if (!t)
					continue;
				rounds(t, ti[i].drv, ti[i].name, m,
				       test_inst_rounds(&ti[i], iters));
				cryptarch_skcipher_free(t);
			}
			printf("%s %s: %zu instances, %lu rounds each, "
			       "%lu failures\n",
			       ciphers[c], test_mode_names[m], n, iters,
			       test_failures - before);
			fflush(stdout);
			total += n;
			free(ti);
			by_name(ciphers[c], m, 0, iters);
			by_name(ciphers[c], m, CRYPTARCH_ALLOW_VARIABLE_TIME,
				iters);
		}
	}
	total += shash_all(iters);
	for (i = 0; i < MAXREQ; i++) {
		free(lanes[i].src_area);
		free(lanes[i].dst_area);
		free(lanes[i].want);
	}
	if (total == 0 && !test_failures) {
		puts("SKIP: no skcipher instance available");
		return TEST_SKIP;
	}
	return test_finish("test-many");
}
