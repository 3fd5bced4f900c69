/* SPDX-License-Identifier: MIT */
/*
 * test-threads.c - the registry and the handles under concurrency, for
 * ThreadSanitizer (scripts/check-all.sh, stage tsan) and plain runs alike.
 * From a cold start - nothing in the library has run: no CPU probe, no
 * self-test, no selection - many threads (16; CRYPTARCH_TEST_THREADS) are
 * released at once by a barrier and each works through the same list of
 * names in its own order, so that the first use of every implementation
 * (CPU feature probe, CRYPTARCH_DISABLE parsing, self-tests, selection)
 * happens in several threads at the same time. Each item opens a handle
 * of its own (a mode of a cipher name under both timing policies, every
 * "<mode>(<driver>)" and "<mode>-<driver>" instance, and the single-block
 * cipher of every cipher and driver name), sets a key, encrypts a buffer,
 * decrypts it back and frees the handle; the whole list runs twice
 * (CRYPTARCH_TEST_ROUNDS). The threads record, and the main thread
 * afterwards checks: every thread got the same result for an item (the
 * same error or the same chosen driver), decryption undid encryption, and
 * every ciphertext equals the reference computed after the threads ended
 * by the template over "<cipher>-generic". Test code, not constant-time.
 *
 * Usage: test-threads   (exit 0 passed, 1 failed)
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

#define MAX_ITEMS 256
#define DATA_LEN 601 /* ctr; ecb and cbc 592, xts 599 */

struct item {
	char name[96];
	unsigned flags;
	int mode; /* -1: single-block cipher */
	const char *cipher;
	size_t keylen; /* the cipher's key size; xts uses twice that */
	size_t len;
};

/* One thread's result for one item (the first round's). */
struct result {
	int err;
	int bad; /* round trip or a later round differed */
	char driver[96];
	uint8_t ct[DATA_LEN];
};

struct worker {
	pthread_t thread;
	unsigned index;
	struct result *res; /* one per item */
};

static struct item items[MAX_ITEMS];
static size_t nitems;
static unsigned rounds = 2;
static pthread_barrier_t start;

static void add(const char *name, unsigned flags, int mode, const char *cipher)
{
	static const size_t sizes[3] = { 16, 24, 32 };
	struct item *it;

	if (nitems >= MAX_ITEMS)
		return;
	it = &items[nitems];
	snprintf(it->name, sizeof(it->name), "%s", name);
	it->flags = flags;
	it->mode = mode;
	it->cipher = cipher;
	it->keylen = sizes[nitems % 3];
	it->len = mode < 0		? 64 :
		  mode == TEST_MODE_CTR ? DATA_LEN :
		  mode == TEST_MODE_XTS ? DATA_LEN - 2 :
					  DATA_LEN / 16 * 16;
	nitems++;
}

/* The list, from the registry's static data only (cryptarch_driver_count(),
 * cryptarch_driver_at(), cryptarch_template_find(), cryptarch_driver_hook()
 * and the descriptors probe and run nothing). */
static void build_items(void)
{
	const char *ciphers[8];
	size_t nc = 0, i, j;
	char name[96];
	int m;

	for (i = 0; i < cryptarch_driver_count(); i++) {
		const struct cryptarch_driver *a = cryptarch_driver_at(i);

		for (j = 0; j < nc && strcmp(ciphers[j], a->alg->name); j++)
			;
		if (j == nc && nc < 8)
			ciphers[nc++] = a->alg->name;
	}
	for (j = 0; j < nc; j++) {
		for (m = 0; m < TEST_MODE_COUNT; m++) {
			snprintf(name, sizeof(name), "%s(%s)",
				 test_mode_names[m], ciphers[j]);
			add(name, 0, m, ciphers[j]);
			add(name, CRYPTARCH_ALLOW_VARIABLE_TIME, m, ciphers[j]);
		}
		add(ciphers[j], 0, -1, ciphers[j]);
		add(ciphers[j], CRYPTARCH_ALLOW_VARIABLE_TIME, -1, ciphers[j]);
	}
	for (i = 0; i < cryptarch_driver_count(); i++) {
		const struct cryptarch_driver *a = cryptarch_driver_at(i);

		add(a->name, CRYPTARCH_ALLOW_VARIABLE_TIME, -1, a->alg->name);
		for (m = 0; m < TEST_MODE_COUNT; m++) {
			snprintf(name, sizeof(name), "%s(%s)",
				 test_mode_names[m], a->name);
			add(name, CRYPTARCH_ALLOW_VARIABLE_TIME, m,
			    a->alg->name);
			if (!test_template(m) ||
			    !cryptarch_driver_hook(a, test_template(m)))
				continue;
			snprintf(name, sizeof(name), "%s-%s",
				 test_mode_names[m], a->name);
			add(name, CRYPTARCH_ALLOW_VARIABLE_TIME, m,
			    a->alg->name);
		}
	}
}

static size_t item_keylen(const struct item *it)
{
	return it->keylen * (it->mode == TEST_MODE_XTS ? 2 : 1);
}

static void item_inputs(size_t k, const struct item *it, uint8_t *key,
			uint8_t iv[16], uint8_t *pt)
{
	size_t i;

	for (i = 0; i < item_keylen(it); i++)
		key[i] = (uint8_t)(k * 37 + i * 11 + 1);
	for (i = 0; i < 16; i++)
		iv[i] = (uint8_t)(k + i * 3);
	for (i = 0; i < it->len; i++)
		pt[i] = (uint8_t)(i * 7 + k);
}

/*
 * Run item K of the list (name NAME, or the item's own): set the key,
 * encrypt into CT, decrypt and compare; the chosen driver goes to DRIVER.
 * Returns 0, the error of the _new call, or 1 if a later call failed or
 * the round trip did not give the input back.
 */
static int run_item(size_t k, const char *name, unsigned flags, uint8_t *ct,
		    char *driver, size_t dsize)
{
	const struct item *it = &items[k];
	uint8_t key[64], iv[16], iv2[16], pt[DATA_LEN], back[DATA_LEN];
	size_t i;
	int err;

	item_inputs(k, it, key, iv, pt);
	memcpy(iv2, iv, sizeof(iv));
	if (it->mode < 0) {
		cryptarch_cipher *c;

		err = cryptarch_cipher_new(&c, name, flags);
		if (err)
			return err;
		snprintf(driver, dsize, "%s", cryptarch_cipher_driver(c));
		err = cryptarch_cipher_setkey(c, key, it->keylen);
		for (i = 0; !err && i < it->len; i += 16)
			err = cryptarch_cipher_encrypt(c, ct + i, pt + i);
		for (i = 0; !err && i < it->len; i += 16)
			err = cryptarch_cipher_decrypt(c, back + i, ct + i);
		cryptarch_cipher_free(c);
	} else {
		cryptarch_skcipher *s;

		err = cryptarch_skcipher_new(&s, name, flags);
		if (err)
			return err;
		snprintf(driver, dsize, "%s", cryptarch_skcipher_driver(s));
		err = cryptarch_skcipher_setkey(s, key, item_keylen(it));
		if (!err)
			err = cryptarch_skcipher_encrypt(s, pt, ct, it->len,
							 iv);
		if (!err)
			err = cryptarch_skcipher_decrypt(s, ct, back, it->len,
							 iv2);
		cryptarch_skcipher_free(s);
	}
	if (err || memcmp(back, pt, it->len) != 0)
		return 1;
	return 0;
}

static void *work(void *arg)
{
	struct worker *w = arg;
	uint8_t ct[DATA_LEN];
	char driver[96];
	unsigned r;
	size_t j, k;
	int err;

	pthread_barrier_wait(&start);
	for (r = 0; r < rounds; r++) {
		for (j = 0; j < nitems; j++) {
			struct result *res;

			/* Each thread its own order: forwards from its own
			 * offset, or backwards. */
			k = (j + w->index * 7) % nitems;
			if (w->index % 2)
				k = nitems - 1 - k;
			res = &w->res[k];
			err = run_item(k, items[k].name, items[k].flags, ct,
				       driver, sizeof(driver));
			if (r == 0) {
				res->err = err;
				snprintf(res->driver, sizeof(res->driver), "%s",
					 err ? "" : driver);
				memcpy(res->ct, ct, sizeof(ct));
				res->bad = err == 1;
			} else if (err != res->err ||
				   (!err &&
				    (strcmp(driver, res->driver) ||
				     memcmp(ct, res->ct, items[k].len)))) {
				res->bad = 1;
			}
		}
	}
	return NULL;
}

/* Compare every thread's results with the first one's and with the
 * reference. */
static void check(const struct worker *w, unsigned nthreads)
{
	uint8_t ref[DATA_LEN];
	char name[96], driver[96];
	size_t k;
	unsigned t;
	int err;

	for (k = 0; k < nitems; k++) {
		const struct item *it = &items[k];
		const struct result *r0 = &w[0].res[k];
		const struct cryptarch_driver *gen = test_reference(it->cipher);

		for (t = 0; t < nthreads; t++) {
			const struct result *r = &w[t].res[k];

			if (r->bad)
				test_fail("%s (flags %#x), thread %u: a call "
					  "failed, a round trip or a later "
					  "round differed",
					  it->name, it->flags, t);
			if (r->err != r0->err || strcmp(r->driver, r0->driver))
				test_fail("%s (flags %#x): thread %u got %d "
					  "%s, thread 0 got %d %s",
					  it->name, it->flags, t, r->err,
					  r->driver, r0->err, r0->driver);
		}
		if (r0->err) {
			/* Nothing eligible (no constant-time
			 * implementation, or a driver this CPU lacks). */
			if (r0->err != -ENOENT)
				test_fail("%s (flags %#x): %s", it->name,
					  it->flags,
					  cryptarch_strerror(r0->err));
			continue;
		}
		if (!gen) {
			test_fail("%s: no %s-generic reference", it->name,
				  it->cipher);
			continue;
		}
		if (it->mode < 0)
			snprintf(name, sizeof(name), "%s", gen->name);
		else
			snprintf(name, sizeof(name), "%s(%s)",
				 test_mode_names[it->mode], gen->name);
		err = run_item(k, name, CRYPTARCH_ALLOW_VARIABLE_TIME, ref,
			       driver, sizeof(driver));
		if (err) {
			test_fail("reference %s: %d", name, err);
			continue;
		}
		for (t = 0; t < nthreads; t++)
			if (!w[t].res[k].err &&
			    memcmp(w[t].res[k].ct, ref, it->len))
				test_fail("%s (%s), thread %u: ciphertext "
					  "differs from %s",
					  it->name, w[t].res[k].driver, t,
					  name);
	}
}

int main(void)
{
	unsigned nthreads, t, started = 0;
	struct worker *w;
	size_t k, ok = 0;

	nthreads = (unsigned)test_env_count("CRYPTARCH_TEST_THREADS", 16);
	rounds = (unsigned)test_env_count("CRYPTARCH_TEST_ROUNDS", 2);
	build_items();
	w = calloc(nthreads, sizeof(*w));
	if (!w || pthread_barrier_init(&start, NULL, nthreads)) {
		fputs("test-threads: out of memory\n", stderr);
		return 2;
	}
	for (t = 0; t < nthreads; t++) {
		w[t].index = t;
		w[t].res = calloc(nitems, sizeof(*w[t].res));
		if (!w[t].res) {
			fputs("test-threads: out of memory\n", stderr);
			return 2;
		}
	}
	for (t = 0; t < nthreads; t++) {
		if (pthread_create(&w[t].thread, NULL, work, &w[t]) != 0) {
			/* The barrier waits for all: a thread that cannot
			 * start would leave the others waiting forever. */
			fprintf(stderr,
				"test-threads: pthread_create failed "
				"for thread %u\n",
				t);
			return 2;
		}
		started++;
	}
	for (t = 0; t < started; t++)
		pthread_join(w[t].thread, NULL);
	printf("test-threads: %u threads, %zu items, %u rounds each\n",
	       nthreads, nitems, rounds);
	check(w, nthreads);
	for (k = 0; k < nitems; k++)
		ok += w[0].res[k].err == 0;
	printf("test-threads: %zu items opened, %zu not available here\n", ok,
	       nitems - ok);
	for (t = 0; t < nthreads; t++)
		free(w[t].res);
	free(w);
	pthread_barrier_destroy(&start);
	return test_finish("test-threads");
}
