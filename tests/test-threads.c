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
 * "<mode>(<driver>)" and "<mode>-<driver>" instance - "cts(cbc-<driver>)"
 * for the templates over cbc -, the single-block cipher of every cipher
 * and driver name, every shash name and instance, and every aead name and
 * instance), sets a key, encrypts a buffer and decrypts it back (or
 * digests it; an aead handle also refuses the buffer with its tag
 * altered, zeroing the output) and frees the handle; the whole list runs
 * twice (CRYPTARCH_TEST_ROUNDS). The threads record, and the main thread
 * afterwards checks: every thread got the same result for an item (the
 * same error or the same chosen driver), decryption undid encryption, and
 * every ciphertext or digest equals the reference computed after the
 * threads ended by the template over "<cipher>-generic" (a hash:
 * "<hash>-generic"; an aead name: its template over the generic drivers,
 * "gcm_base(ctr(aes-generic),ghash-generic)"). Test code, not
 * constant-time.
 *
 * Usage: test-threads   (exit 0 passed, 1 failed)
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

#define MAX_ITEMS 1024
#define DATA_LEN 601   /* ctr, xctr; ecb, cbc, essiv 592; xts, cts 599 */
#define ITEM_CIPHER -1 /* single blocks */
#define ITEM_SHASH -2  /* a digest */
#define ITEM_AEAD -3   /* gcm, ccm: DATA_LEN - 16 bytes and a 16-byte tag */

struct item {
	char name[96];
	char ref[96]; /* the reference: the same over <cipher>-generic */
	unsigned flags;
	int mode; /* enum test_mode, ITEM_CIPHER or ITEM_SHASH */
	const char *cipher;
	size_t keylen; /* the cipher's key size; xts uses twice that; 0: an
			* unkeyed hash */
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

static void add(const char *name, unsigned flags, int mode, const char *cipher,
		const char *ref, size_t keylen)
{
	static const size_t sizes[3] = { 16, 24, 32 };
	struct item *it;

	if (nitems >= MAX_ITEMS)
		return;
	it = &items[nitems];
	snprintf(it->name, sizeof(it->name), "%s", name);
	snprintf(it->ref, sizeof(it->ref), "%s", ref);
	it->flags = flags;
	it->mode = mode;
	it->cipher = cipher;
	it->keylen = keylen ? keylen : sizes[nitems % 3];
	if (mode == ITEM_SHASH)
		it->keylen = keylen;
	it->len = mode == ITEM_CIPHER	      ? 64 :
		  mode == ITEM_SHASH	      ? DATA_LEN :
		  mode == ITEM_AEAD	      ? DATA_LEN :
		  test_len_ok(mode, DATA_LEN) ? DATA_LEN :
		  test_len_ok(mode, 1)	      ? DATA_LEN - 2 :
						DATA_LEN / 16 * 16;
	nitems++;
}

/* The reference name of MODE over CIPHER's generic driver into BUF. */
static const char *ref_of(int mode, const char *cipher, char *buf, size_t size)
{
	const struct cryptarch_driver *gen = test_reference(cipher);
	const char *g = gen ? gen->name : "(no reference)";

	if (mode == ITEM_CIPHER)
		snprintf(buf, size, "%s", g);
	else
		test_mode_algname(mode, g, buf, size);
	return buf;
}

/* A shash name's items: the name under both policies, and every instance
 * of it (from the registry's descriptors alone). */
static void add_shash(const char *algname)
{
	static struct cryptarch_spec v[CRYPTARCH_MAX_CANDS];
	char name[96], ref[96], base[64];
	const struct cryptarch_driver *gen;
	size_t n, i;
	unsigned min, max;
	int exact;
	const char *p = strchr(algname, '(');

	if (cryptarch_spec_enumerate(algname, NULL, v, NULL,
				     CRYPTARCH_MAX_CANDS, &n, &exact))
		return;
	/* "cmac(aes)": "cmac(aes-generic)"; "sha256": "sha256-generic" */
	if (p) {
		snprintf(base, sizeof(base), "%s", p + 1);
		base[strlen(base) - 1] = '\0';
		gen = test_reference(base);
		snprintf(ref, sizeof(ref), "%.*s(%s)", (int)(p - algname),
			 algname, gen ? gen->name : "(none)");
	} else {
		gen = test_reference(algname);
		snprintf(ref, sizeof(ref), "%s", gen ? gen->name : "(none)");
	}
	cryptarch_spec_keysizes(&v[0], &min, &max);
	add(algname, 0, ITEM_SHASH, algname, ref, max ? min : 0);
	add(algname, CRYPTARCH_ALLOW_VARIABLE_TIME, ITEM_SHASH, algname, ref,
	    max);
	for (i = 0; i < n; i++) {
		cryptarch_spec_name(&v[i], name, sizeof(name));
		add(name, CRYPTARCH_ALLOW_VARIABLE_TIME, ITEM_SHASH, algname,
		    ref, max);
	}
}

/* The reference of aead instance S: every leaf its algorithm's generic
 * driver, no node hooked ("gcm_base(ctr(aes-generic),ghash-generic)"). */
static int aead_generic(const struct cryptarch_spec *s)
{
	unsigned i;

	for (i = 0; i < s->n; i++) {
		const struct cryptarch_driver *d;

		if (s->node[i].tmpl) {
			if (s->node[i].hooked)
				return 0;
			continue;
		}
		d = cryptarch_spec_node_driver(s, i);
		if (!d || d != test_reference(d->alg->name))
			return 0;
	}
	return 1;
}

/* An aead name's items: the name under both policies, and every instance
 * of it (from the registry's descriptors alone). */
static void add_aead(const char *algname)
{
	static struct cryptarch_spec v[CRYPTARCH_MAX_CANDS];
	char name[96], ref[96] = "(no reference)";
	size_t n, i;
	int exact;

	if (cryptarch_spec_enumerate(algname, NULL, v, NULL,
				     CRYPTARCH_MAX_CANDS, &n, &exact))
		return;
	for (i = 0; i < n; i++)
		if (aead_generic(&v[i]))
			cryptarch_spec_name(&v[i], ref, sizeof(ref));
	add(algname, 0, ITEM_AEAD, algname, ref, 0);
	add(algname, CRYPTARCH_ALLOW_VARIABLE_TIME, ITEM_AEAD, algname, ref, 0);
	for (i = 0; i < n; i++) {
		cryptarch_spec_name(&v[i], name, sizeof(name));
		add(name, CRYPTARCH_ALLOW_VARIABLE_TIME, ITEM_AEAD, algname,
		    ref, 0);
	}
}

/* The list, from the registry's static data only (cryptarch_driver_count(),
 * cryptarch_driver_at(), cryptarch_template_find(), cryptarch_driver_hook(),
 * the spec enumeration and the descriptors probe and run nothing). */
static void build_items(void)
{
	const char *ciphers[8];
	char names[64][TEST_NAME_MAX];
	size_t nc = 0, nn, i, j;
	char name[96], ref[96];
	int m;

	for (i = 0; i < cryptarch_driver_count(); i++) {
		const struct cryptarch_driver *a = cryptarch_driver_at(i);

		if (!test_is_cipher(a))
			continue;
		for (j = 0; j < nc && strcmp(ciphers[j], a->alg->name); j++)
			;
		if (j == nc && nc < 8)
			ciphers[nc++] = a->alg->name;
	}
	for (j = 0; j < nc; j++) {
		for (m = 0; m < TEST_MODE_COUNT; m++) {
			test_mode_algname(m, ciphers[j], name, sizeof(name));
			ref_of(m, ciphers[j], ref, sizeof(ref));
			add(name, 0, m, ciphers[j], ref, 0);
			add(name, CRYPTARCH_ALLOW_VARIABLE_TIME, m, ciphers[j],
			    ref, 0);
		}
		ref_of(ITEM_CIPHER, ciphers[j], ref, sizeof(ref));
		add(ciphers[j], 0, ITEM_CIPHER, ciphers[j], ref, 0);
		add(ciphers[j], CRYPTARCH_ALLOW_VARIABLE_TIME, ITEM_CIPHER,
		    ciphers[j], ref, 0);
	}
	for (i = 0; i < cryptarch_driver_count(); i++) {
		const struct cryptarch_driver *a = cryptarch_driver_at(i);
		const char *c = a->alg->name;

		if (!test_is_cipher(a))
			continue;
		ref_of(ITEM_CIPHER, c, ref, sizeof(ref));
		add(a->name, CRYPTARCH_ALLOW_VARIABLE_TIME, ITEM_CIPHER, c, ref,
		    0);
		for (m = 0; m < TEST_MODE_COUNT; m++) {
			int over_cbc = m == TEST_MODE_CTS ||
				       m == TEST_MODE_ESSIV;
			const struct cryptarch_template *ht =
				test_template(over_cbc ? TEST_MODE_CBC : m);

			ref_of(m, c, ref, sizeof(ref));
			test_mode_algname(m, a->name, name, sizeof(name));
			add(name, CRYPTARCH_ALLOW_VARIABLE_TIME, m, c, ref, 0);
			if (!ht || !cryptarch_driver_hook(a, ht))
				continue;
			if (m == TEST_MODE_CTS)
				snprintf(name, sizeof(name), "cts(cbc-%s)",
					 a->name);
			else if (m == TEST_MODE_ESSIV)
				snprintf(name, sizeof(name),
					 "essiv(cbc-%s,sha256)", a->name);
			else
				snprintf(name, sizeof(name), "%s-%s",
					 test_mode_names[m], a->name);
			add(name, CRYPTARCH_ALLOW_VARIABLE_TIME, m, c, ref, 0);
		}
	}
	nn = test_shash_names(names, 64);
	for (i = 0; i < nn; i++)
		add_shash(names[i]);
	nn = test_aead_names(names, 64);
	for (i = 0; i < nn; i++)
		add_aead(names[i]);
}

static size_t item_keylen(const struct item *it)
{
	return it->keylen * (it->mode == TEST_MODE_XTS ? 2 : 1);
}

/* The digest of the item's data through shash NAME into CT. */
static int run_shash(const struct item *it, const char *name, unsigned flags,
		     const uint8_t *key, const uint8_t *pt, uint8_t *ct,
		     char *driver, size_t dsize)
{
	cryptarch_shash *h;
	uint8_t again[64];
	int err = cryptarch_shash_new(&h, name, flags);

	if (err)
		return err;
	snprintf(driver, dsize, "%s", cryptarch_shash_driver(h));
	memset(ct, 0, DATA_LEN);
	if (it->keylen)
		err = cryptarch_shash_setkey(h, key, it->keylen);
	if (!err)
		err = cryptarch_shash_update(h, pt, 100);
	if (!err)
		err = cryptarch_shash_update(h, pt + 100, it->len - 100);
	if (!err)
		err = cryptarch_shash_final(h, ct);
	if (!err)
		err = cryptarch_shash_digest(h, pt, it->len, again);
	if (!err && memcmp(again, ct, cryptarch_shash_digestsize(h)) != 0)
		err = 1;
	cryptarch_shash_free(h);
	return err ? 1 : 0;
}

/*
 * The item's data through aead NAME: encryption of DATA_LEN - 16 bytes
 * with a 12-byte nonce and 20 bytes of associated data into CT (the
 * ciphertext and the tag), decryption back, and the same with the tag
 * altered: -EBADMSG and a zeroed output. 0, the _new error, or 1.
 */
static int run_aead(const struct item *it, const char *name, unsigned flags,
		    const uint8_t *key, const uint8_t iv[16], const uint8_t *pt,
		    uint8_t *ct, char *driver, size_t dsize)
{
	uint8_t back[DATA_LEN], bad[DATA_LEN];
	size_t len = it->len - 16;
	cryptarch_aead *a;
	int err = cryptarch_aead_new(&a, name, flags);

	if (err)
		return err;
	snprintf(driver, dsize, "%s", cryptarch_aead_driver(a));
	err = cryptarch_aead_setkey(a, key, it->keylen);
	if (!err)
		err = cryptarch_aead_encrypt(a, pt, ct, len, iv, 12, pt, 20);
	if (!err)
		err = cryptarch_aead_decrypt(a, ct, back, it->len, iv, 12, pt,
					     20);
	if (!err && memcmp(back, pt, len) != 0)
		err = 1;
	if (!err) {
		memcpy(bad, ct, it->len);
		bad[it->len - 1] ^= 0x40;
		if (cryptarch_aead_decrypt(a, bad, back, it->len, iv, 12, pt,
					   20) != -EBADMSG ||
		    !test_all(back, 0, len))
			err = 1;
	}
	cryptarch_aead_free(a);
	return err ? 1 : 0;
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
	if (it->mode == ITEM_SHASH)
		return run_shash(it, name, flags, key, pt, ct, driver, dsize);
	if (it->mode == ITEM_AEAD)
		return run_aead(it, name, flags, key, iv, pt, ct, driver,
				dsize);
	if (it->mode == ITEM_CIPHER) {
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
		snprintf(name, sizeof(name), "%s", it->ref);
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
