/* SPDX-License-Identifier: MIT */
/*
 * registry.c - the registry: enumeration of the implementations in
 * registry-list.c, their availability on this CPU, their self-test state,
 * the syntax of names, and selection. Selection follows DESIGN.md: the
 * candidates for a name are the registered implementations that the CPU
 * can run (after CRYPTARCH_DISABLE), that the flags allow (constant-time
 * unless CRYPTARCH_ALLOW_VARIABLE_TIME) and whose self-test has not failed;
 * they are tried in order of priority (registry order breaks ties) and the
 * first whose self-test passes wins. An exact driver name is a candidate
 * set of one, under the same rules. Self-tests run once per implementation,
 * the first time it is a candidate, under a lock; their state is read
 * without one. For a cipher name, cryptarch_lookup_plan() then lets a
 * measured profile (profile.c) choose per key size, direction and request
 * size among the same eligible implementations.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "../modes/mode.h"
#include "cpu.h"
#include "cryptarch.h"
#include "profile.h"
#include "registry.h"

extern const struct cryptarch_alg *const cryptarch_alg_list[];
extern const size_t cryptarch_alg_list_len;

#define MAX_ALGS 64
#define MAX_NAME 127

const struct cryptarch_mode *const cryptarch_modes[CRYPTARCH_MODE_COUNT] = {
	[CRYPTARCH_MODE_ECB] = &cryptarch_mode_ecb,
	[CRYPTARCH_MODE_CBC] = &cryptarch_mode_cbc,
	[CRYPTARCH_MODE_CTR] = &cryptarch_mode_ctr,
	[CRYPTARCH_MODE_XTS] = &cryptarch_mode_xts,
};

static const struct cryptarch_alg *extra;
/* Self-test states, by registry index (the extra one last). */
static int states[MAX_ALGS + 1];
static pthread_mutex_t selftest_lock = PTHREAD_MUTEX_INITIALIZER;

size_t cryptarch_alg_count(void)
{
	return cryptarch_alg_list_len + (extra != NULL);
}

const struct cryptarch_alg *cryptarch_alg_at(size_t i)
{
	if (i < cryptarch_alg_list_len)
		return cryptarch_alg_list[i];
	if (i == cryptarch_alg_list_len)
		return extra;
	return NULL;
}

void cryptarch_registry_set_extra(const struct cryptarch_alg *alg)
{
	extra = alg;
	__atomic_store_n(&states[MAX_ALGS], CRYPTARCH_SELFTEST_UNTESTED,
			 __ATOMIC_RELEASE);
}

static int alg_index(const struct cryptarch_alg *alg)
{
	size_t i;

	for (i = 0; i < cryptarch_alg_list_len && i < MAX_ALGS; i++)
		if (cryptarch_alg_list[i] == alg)
			return (int)i;
	return alg && alg == extra ? MAX_ALGS : -1;
}

const struct cryptarch_alg *cryptarch_alg_find(const char *driver)
{
	size_t i, n = cryptarch_alg_count();

	for (i = 0; i < n; i++) {
		const struct cryptarch_alg *a = cryptarch_alg_at(i);

		if (strcmp(a->driver, driver) == 0)
			return a;
	}
	return NULL;
}

int cryptarch_alg_available(const struct cryptarch_alg *alg)
{
	uint64_t need = alg->cpu_features;

	return (cryptarch_cpu_features() & need) == need;
}

enum cryptarch_selftest
cryptarch_alg_selftest_state(const struct cryptarch_alg *alg)
{
	int i = alg_index(alg);

	if (i < 0)
		return CRYPTARCH_SELFTEST_FAILED;
	return (enum cryptarch_selftest)__atomic_load_n(&states[i],
							__ATOMIC_ACQUIRE);
}

enum cryptarch_selftest cryptarch_alg_selftest(const struct cryptarch_alg *alg)
{
	enum cryptarch_selftest st = cryptarch_alg_selftest_state(alg);
	int i = alg_index(alg);

	if (st != CRYPTARCH_SELFTEST_UNTESTED || i < 0 ||
	    !cryptarch_alg_available(alg))
		return st;
	pthread_mutex_lock(&selftest_lock);
	st = (enum cryptarch_selftest)states[i];
	if (st == CRYPTARCH_SELFTEST_UNTESTED) {
		st = cryptarch_selftest_run(alg) == 0 ?
			     CRYPTARCH_SELFTEST_PASSED :
			     CRYPTARCH_SELFTEST_FAILED;
		__atomic_store_n(&states[i], (int)st, __ATOMIC_RELEASE);
	}
	pthread_mutex_unlock(&selftest_lock);
	return st;
}

int cryptarch_alg_has_bulk(const struct cryptarch_alg *alg,
			   enum cryptarch_mode_id mode)
{
	const struct cryptarch_bulk *b = alg->bulk;

	if (!b)
		return 0;
	switch (mode) {
	case CRYPTARCH_MODE_ECB:
		return b->ecb_encrypt || b->ecb_decrypt;
	case CRYPTARCH_MODE_CBC:
		return b->cbc_encrypt || b->cbc_decrypt;
	case CRYPTARCH_MODE_CTR:
		return b->ctr_crypt != NULL;
	case CRYPTARCH_MODE_XTS:
		return b->xts_encrypt || b->xts_decrypt;
	default:
		return 0;
	}
}

int cryptarch_alg_mode_priority(const struct cryptarch_alg *alg,
				enum cryptarch_mode_id mode)
{
	if (cryptarch_alg_has_bulk(alg, mode) && alg->bulk->priority)
		return alg->bulk->priority;
	return alg->priority;
}

int cryptarch_alg_cbc_encrypt_priority(const struct cryptarch_alg *alg)
{
	if (cryptarch_alg_has_bulk(alg, CRYPTARCH_MODE_CBC) &&
	    alg->bulk->cbc_encrypt_priority)
		return alg->bulk->cbc_encrypt_priority;
	return cryptarch_alg_mode_priority(alg, CRYPTARCH_MODE_CBC);
}

enum cryptarch_verdict cryptarch_alg_verdict(const struct cryptarch_alg *alg,
					     unsigned flags)
{
	if (!cryptarch_alg_available(alg))
		return CRYPTARCH_NO_CPU;
	if (!(alg->flags & CRYPTARCH_ALG_CONSTANT_TIME) &&
	    !(flags & CRYPTARCH_ALLOW_VARIABLE_TIME))
		return CRYPTARCH_NOT_CT;
	if (cryptarch_alg_selftest_state(alg) == CRYPTARCH_SELFTEST_FAILED)
		return CRYPTARCH_SELFTEST_BAD;
	return CRYPTARCH_ELIGIBLE;
}

/* ---- names ------------------------------------------------------------ */

static int word_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
	       c == '_';
}

/* name = word | word "(" name ")" */
static int valid_name(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len && word_char(s[i]); i++)
		;
	if (i == 0)
		return 0;
	if (i == len)
		return 1;
	if (s[i] != '(' || len < i + 3 || s[len - 1] != ')')
		return 0;
	return valid_name(s + i + 1, len - i - 2);
}

static int mode_by_name(const char *s, size_t len)
{
	int m;

	for (m = 0; m < CRYPTARCH_MODE_COUNT; m++)
		if (strlen(cryptarch_modes[m]->name) == len &&
		    memcmp(cryptarch_modes[m]->name, s, len) == 0)
			return m;
	return CRYPTARCH_MODE_COUNT;
}

/* see registry.h; *MODE is CRYPTARCH_MODE_COUNT for an unknown template */
int cryptarch_parse_name(const char *name, int *mode, char *inner,
			 size_t innersz)
{
	const char *p;
	size_t len, n;

	if (!name)
		return -EINVAL;
	len = strlen(name);
	if (len == 0 || len > MAX_NAME || !valid_name(name, len))
		return -EINVAL;
	p = strchr(name, '(');
	if (!p) {
		*mode = -1;
		n = len;
		p = name;
	} else {
		*mode = mode_by_name(name, (size_t)(p - name));
		p++;
		n = len - (size_t)(p - name) - 1;
	}
	if (n >= innersz)
		return -EINVAL;
	memcpy(inner, p, n);
	inner[n] = '\0';
	return 0;
}

/* ---- selection ---------------------------------------------------------- */

struct cand {
	const struct cryptarch_alg *alg;
	int use_bulk;
	int prio;
};

static void choice_name(struct cryptarch_choice *c)
{
	const char *d = c->alg->driver;

	if (c->mode < 0)
		snprintf(c->driver, sizeof(c->driver), "%s", d);
	else if (c->use_bulk)
		snprintf(c->driver, sizeof(c->driver), "%s-%s",
			 cryptarch_modes[c->mode]->name, d);
	else
		snprintf(c->driver, sizeof(c->driver), "%s(%s)",
			 cryptarch_modes[c->mode]->name, d);
}

/* Collect the candidates for NAME (a plain word) in MODE. */
static size_t collect(const char *word, int mode, struct cand *out)
{
	size_t i, n = cryptarch_alg_count(), k = 0;
	const struct cryptarch_alg *a = cryptarch_alg_find(word);

	if (a) {
		out[0].alg = a;
		out[0].use_bulk = 0;
		out[0].prio = a->priority;
		return 1;
	}
	for (i = 0; i < n && k < MAX_ALGS; i++) {
		a = cryptarch_alg_at(i);
		if (strcmp(a->name, word) != 0)
			continue;
		out[k].alg = a;
		out[k].use_bulk = mode >= 0 && cryptarch_alg_has_bulk(a, mode);
		out[k].prio = mode >= 0 ? cryptarch_alg_mode_priority(a, mode) :
					  a->priority;
		k++;
	}
	return k;
}

/* "<mode>-<driver>": the bulk instance of a driver, if it has one. */
static size_t collect_bulk_driver(const char *word, int *mode, struct cand *out)
{
	int m;

	for (m = 0; m < CRYPTARCH_MODE_COUNT; m++) {
		const char *mn = cryptarch_modes[m]->name;
		size_t l = strlen(mn);
		const struct cryptarch_alg *a;

		if (strncmp(word, mn, l) != 0 || word[l] != '-')
			continue;
		a = cryptarch_alg_find(word + l + 1);
		if (!a || !cryptarch_alg_has_bulk(a, m))
			return 0;
		*mode = m;
		out[0].alg = a;
		out[0].use_bulk = 1;
		out[0].prio = cryptarch_alg_mode_priority(a, m);
		return 1;
	}
	return 0;
}

int cryptarch_lookup(const char *name, unsigned flags, int want_mode,
		     struct cryptarch_choice *out)
{
	struct cand c[MAX_ALGS];
	char inner[MAX_NAME + 1];
	size_t n, i, j;
	int mode, err;

	err = cryptarch_parse_name(name, &mode, inner, sizeof(inner));
	if (err)
		return err;
	if (mode == CRYPTARCH_MODE_COUNT || strchr(inner, '('))
		return -ENOENT;
	if (want_mode && mode < 0)
		n = collect_bulk_driver(inner, &mode, c);
	else if (want_mode != (mode >= 0))
		return -ENOENT;
	else
		n = collect(inner, mode, c);

	/* Stable insertion sort by priority, highest first. */
	for (i = 1; i < n; i++) {
		struct cand t = c[i];

		for (j = i; j > 0 && c[j - 1].prio < t.prio; j--)
			c[j] = c[j - 1];
		c[j] = t;
	}
	for (i = 0; i < n; i++) {
		if (cryptarch_alg_verdict(c[i].alg, flags) !=
		    CRYPTARCH_ELIGIBLE)
			continue;
		if (cryptarch_alg_selftest(c[i].alg) !=
		    CRYPTARCH_SELFTEST_PASSED)
			continue;
		out->alg = c[i].alg;
		out->mode = mode;
		out->use_bulk = c[i].use_bulk;
		choice_name(out);
		return 0;
	}
	return -ENOENT;
}

/* see registry.h */
int cryptarch_lookup_plan(const char *name, unsigned flags,
			  struct cryptarch_choice *out,
			  struct cryptarch_plan *plan)
{
	char inner[MAX_NAME + 1];
	int mode, err;

	err = cryptarch_lookup(name, flags, 1, out);
	if (err)
		return err;
	/* A driver name ("cbc(aes-generic)", "ctr-aes-ct64") is exact. */
	if (cryptarch_parse_name(name, &mode, inner, sizeof(inner)) != 0 ||
	    mode < 0 || cryptarch_alg_find(inner))
		flags |= CRYPTARCH_STATIC_PRIORITY;
	cryptarch_profile_plan(out, flags, plan);
	return 0;
}
