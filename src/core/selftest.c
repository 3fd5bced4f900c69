/* SPDX-License-Identifier: MIT */
/*
 * selftest.c - the known-answer self-test a driver must pass before it is
 * ever chosen (see selftest.h), and the state of each driver's. The
 * answers are the algorithm's own (src/aes/aes.c, ...) and each
 * template's (src/modes/cbc.c, ...), which cite their sources; the type of
 * a template's instances runs them (struct cryptarch_type.kat) and
 * compares a hooked instance with the template's own loop over a long
 * input (.compare). For a template whose answers are all for other
 * algorithms, the instance is named after one of them with the driver's
 * algorithm in its place and only the comparison runs: the loop itself is
 * checked by those answers, the driver's block function by its own.
 */
#include <errno.h>
#include <pthread.h>
#include <string.h>

#include "alloc.h"
#include "hex.h"
#include "inst.h"
#include "memzero.h"
#include "registry.h"
#include "selftest.h"
#include "spec.h"

#define MAX_DRIVERS 256
#define MAX_KEY 128

/* By driver index; the last for the tests' extra driver, whose state
 * holds only while EXTRA_OF is that driver. */
static int states[MAX_DRIVERS + 1];
static const struct cryptarch_driver *extra_of;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

/* Decode trusted vector text; a malformed vector fails the test. */
static size_t unhex(uint8_t *out, size_t max, const char *hex)
{
	size_t n = 0;

	return hex && cryptarch_unhex(out, max, hex, &n) == 0 ? n : 0;
}

static int check_alg_type(const struct cryptarch_driver *d);

/* The algorithm's own answers through the single-block functions, out of
 * place and in place; for an algorithm of another type (a hash), through
 * that type's known-answer check. */
static int check_alg(const struct cryptarch_driver *d)
{
	const struct cryptarch_kat *k;
	uint8_t key[MAX_KEY], pt[16], ct[16], buf[16];
	size_t ctxsize = cryptarch_ctx_round(d->ctxsize);
	void *ctx = cryptarch_ctx_alloc(ctxsize);
	int err = 0, seen = 0;

	if (d->alg->type != &cryptarch_type_cipher) {
		cryptarch_ctx_free(ctx, ctxsize);
		return check_alg_type(d);
	}
	if (!ctx)
		return -EIO;
	for (k = d->alg->kats; k && k->key && !err; k++) {
		size_t kl = unhex(key, sizeof(key), k->key);

		seen++;
		if (unhex(pt, 16, k->in) != 16 || unhex(ct, 16, k->out) != 16 ||
		    d->ops->setkey(ctx, key, kl)) {
			err = -EIO;
			break;
		}
		d->ops->encrypt(ctx, buf, pt);
		err |= memcmp(buf, ct, 16);
		d->ops->decrypt(ctx, buf, buf);
		err |= memcmp(buf, pt, 16);
		memcpy(buf, pt, 16);
		d->ops->encrypt(ctx, buf, buf);
		err |= memcmp(buf, ct, 16);
	}
	cryptarch_memzero(key, sizeof(key));
	cryptarch_ctx_free(ctx, ctxsize);
	/* an algorithm without answers is never trusted */
	return err || !seen ? -EIO : 0;
}

/* One instance of spec S, keyed with KEY. */
struct keyed {
	struct cryptarch_inst node[CRYPTARCH_SPEC_NODES];
	void *ctx;
	size_t size;
};

static int keyed_init(struct keyed *kd, const struct cryptarch_spec *s,
		      const uint8_t *key, size_t keylen)
{
	kd->size = cryptarch_inst_ctxsize(s);
	kd->ctx = cryptarch_ctx_alloc(kd->size);
	if (!kd->ctx)
		return -EIO;
	cryptarch_inst_build(s, kd->ctx, kd->node);
	return cryptarch_inst_setkey(&kd->node[0], key, keylen) ? -EIO : 0;
}

static void keyed_done(struct keyed *kd)
{
	cryptarch_ctx_free(kd->ctx, kd->size);
	kd->ctx = NULL;
}

/* The algorithm's own answers for a driver of a type with its own
 * known-answer check (shash), through the driver alone. */
static int check_alg_type(const struct cryptarch_driver *d)
{
	const struct cryptarch_kat *k;
	struct cryptarch_spec s;
	uint8_t key[MAX_KEY];
	int err = 0, seen = 0;

	if (!d->alg->type->kat)
		return -EIO;
	cryptarch_spec_leaf(&s, d);
	for (k = d->alg->kats; k && k->key && !err; k++) {
		size_t kl = unhex(key, sizeof(key), k->key);
		struct keyed kd;

		seen++;
		err = keyed_init(&kd, &s, key, kl);
		if (!err)
			err = d->alg->type->kat(&kd.node[0], k);
		keyed_done(&kd);
	}
	cryptarch_memzero(key, sizeof(key));
	return err || !seen ? -EIO : 0;
}

/* 1 if S is built on D: its base (the cipher at the bottom of its first
 * argument) is D, every leaf of D's algorithm is D, and the leaves of
 * other algorithms (essiv's hash) can run here. */
static int all_of(const struct cryptarch_spec *s,
		  const struct cryptarch_driver *d)
{
	unsigned i;

	if (cryptarch_spec_base(s) != d)
		return 0;
	for (i = 0; i < s->n; i++) {
		const struct cryptarch_driver *l;

		if (s->node[i].tmpl)
			continue;
		l = cryptarch_spec_node_driver(s, i);
		if (l->alg == d->alg ? l != d : !cryptarch_driver_available(l))
			return 0;
	}
	return 1;
}

/* NAME with every word that names an algorithm of TYPE replaced by ALG, into
 * OUT; 0, or -1 if it does not fit or does not parse. */
static int rename_alg(const char *name, const char *alg,
		      const struct cryptarch_type *type, char *out, size_t size)
{
	struct cryptarch_name nm;
	size_t n = 0, pos = 0, i;

	if (cryptarch_name_parse(name, &nm))
		return -1;
	/* Words come in order of their offsets: copy between them. */
	for (i = 0; i < nm.n; i++) {
		const struct cryptarch_name_node *nd = &nm.node[i];
		const char *w = nm.s + nd->off;
		const struct cryptarch_algorithm *a =
			cryptarch_algorithm_find(w, nd->len);
		const char *rep = a && a->type == type ? alg : NULL;
		size_t gap = nd->off - pos, wl = rep ? strlen(rep) : nd->len;

		if (n + gap + wl >= size)
			return -1;
		memcpy(out + n, nm.s + pos, gap);
		n += gap;
		memcpy(out + n, rep ? rep : w, wl);
		n += wl;
		pos = (size_t)nd->off + nd->len;
	}
	if (n + strlen(nm.s + pos) >= size)
		return -1;
	strcpy(out + n, nm.s + pos);
	return 0;
}

/* The instances of NAME built only from D, into V; their count. */
static size_t own_instances(const char *name, const struct cryptarch_driver *d,
			    struct cryptarch_spec *v, size_t max)
{
	size_t n = 0, i, k = 0;
	int exact;

	if (cryptarch_spec_enumerate(name, NULL, v, NULL, max, &n, &exact))
		return 0;
	for (i = 0; i < n; i++)
		if (all_of(&v[i], d))
			v[k++] = v[i];
	return k;
}

/* Template T's answers named NAME, through each of D's instances. */
static int check_kats(const struct cryptarch_template *t, const char *name,
		      const struct cryptarch_spec *v, size_t n)
{
	const struct cryptarch_kat *k;
	uint8_t key[MAX_KEY];
	size_t i;
	int err = 0;

	for (k = t->kats; k->key && !err; k++) {
		size_t kl;

		if (!k->name || strcmp(k->name, name) != 0)
			continue;
		kl = unhex(key, sizeof(key), k->key);
		for (i = 0; i < n && !err; i++) {
			struct keyed kd;

			err = keyed_init(&kd, &v[i], key, kl);
			if (!err)
				err = t->type->kat(&kd.node[0], k);
			keyed_done(&kd);
		}
	}
	cryptarch_memzero(key, sizeof(key));
	return err ? -EIO : 0;
}

/* Each hooked instance among V against the template's own over the same
 * keys, for every key size of the algorithm. */
static int check_hooks(const struct cryptarch_spec *v, size_t n)
{
	static const size_t sizes[] = { 16, 24, 32 };
	uint8_t key[MAX_KEY];
	size_t i, j, s, b;
	int err = 0;

	for (i = 0; i < n && !err; i++) {
		const struct cryptarch_spec *own = NULL;
		unsigned min, max, nk = cryptarch_spec_nkeys(&v[i]);

		if (!cryptarch_spec_hooked(&v[i]))
			continue;
		for (j = 0; j < n && !own; j++)
			if (!cryptarch_spec_hooked(&v[j]) &&
			    cryptarch_spec_same_keys(&v[i], &v[j]))
				own = &v[j];
		if (!own)
			return -EIO;
		cryptarch_spec_keysizes(&v[i], &min, &max);
		for (s = 0; s < 3 && !err; s++) {
			struct keyed a, c;
			size_t kl = sizes[s] * nk;

			if (sizes[s] < min || sizes[s] > max || kl > MAX_KEY)
				continue;
			for (b = 0; b < kl; b++)
				key[b] = (uint8_t)(b * 29 + 7);
			a.ctx = c.ctx = NULL;
			err = keyed_init(&a, own, key, kl);
			if (!err)
				err = keyed_init(&c, &v[i], key, kl);
			if (!err)
				err = cryptarch_spec_type(own)->compare(
					&a.node[0], &c.node[0]);
			keyed_done(&a);
			keyed_done(&c);
		}
	}
	cryptarch_memzero(key, sizeof(key));
	return err ? -EIO : 0;
}

/* Template T over D: its answers for D's algorithm, or else the
 * comparison only, under the name of its first answer. */
static int check_template(const struct cryptarch_template *t,
			  const struct cryptarch_driver *d)
{
	struct cryptarch_spec v[CRYPTARCH_MAX_CANDS];
	char name[CRYPTARCH_NAME_MAX + 1];
	const struct cryptarch_kat *k, *j;
	size_t n;
	int any = 0;

	if (!t->type->kat || !t->kats)
		return 0;
	for (k = t->kats; k->key; k++) {
		/* each name once: at its first answer */
		for (j = t->kats; j < k; j++)
			if (strcmp(j->name, k->name) == 0)
				break;
		if (j < k)
			continue;
		n = own_instances(k->name, d, v, CRYPTARCH_MAX_CANDS);
		if (n == 0)
			continue; /* another algorithm's */
		any = 1;
		if (check_kats(t, k->name, v, n) || check_hooks(v, n))
			return -EIO;
	}
	if (any || !t->kats->key ||
	    rename_alg(t->kats->name, d->alg->name, d->alg->type, name,
		       sizeof(name)))
		return 0;
	n = own_instances(name, d, v, CRYPTARCH_MAX_CANDS);
	return check_hooks(v, n);
}

/* see selftest.h */
int cryptarch_selftest_run(const struct cryptarch_driver *d)
{
	size_t i, n = cryptarch_template_count();

	if (check_alg(d))
		return -EIO;
	for (i = 0; i < n; i++)
		if (check_template(cryptarch_template_at(i), d))
			return -EIO;
	return 0;
}

static int slot_of(const struct cryptarch_driver *d)
{
	int i = cryptarch_driver_index(d);

	if (i < 0 || i > MAX_DRIVERS)
		return -1;
	if ((size_t)i < cryptarch_driver_builtin_count())
		return i;
	/* the tests' extra driver: a new one starts untested */
	pthread_mutex_lock(&lock);
	if (extra_of != d) {
		extra_of = d;
		__atomic_store_n(&states[MAX_DRIVERS],
				 CRYPTARCH_SELFTEST_UNTESTED, __ATOMIC_RELEASE);
	}
	pthread_mutex_unlock(&lock);
	return MAX_DRIVERS;
}

/* see selftest.h */
enum cryptarch_selftest
cryptarch_driver_selftest_state(const struct cryptarch_driver *d)
{
	int i = slot_of(d);

	if (i < 0)
		return CRYPTARCH_SELFTEST_FAILED;
	return (enum cryptarch_selftest)__atomic_load_n(&states[i],
							__ATOMIC_ACQUIRE);
}

/* see selftest.h */
enum cryptarch_selftest cryptarch_driver_selftest(const struct cryptarch_driver *d)
{
	enum cryptarch_selftest st = cryptarch_driver_selftest_state(d);
	int i = slot_of(d);

	if (st != CRYPTARCH_SELFTEST_UNTESTED || i < 0 ||
	    !cryptarch_driver_available(d))
		return st;
	pthread_mutex_lock(&lock);
	st = (enum cryptarch_selftest)states[i];
	if (st == CRYPTARCH_SELFTEST_UNTESTED) {
		st = cryptarch_selftest_run(d) == 0 ? CRYPTARCH_SELFTEST_PASSED :
						      CRYPTARCH_SELFTEST_FAILED;
		__atomic_store_n(&states[i], (int)st, __ATOMIC_RELEASE);
	}
	pthread_mutex_unlock(&lock);
	return st;
}
