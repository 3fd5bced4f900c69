/* SPDX-License-Identifier: MIT */
/*
 * test-meta.c - the vectors cover the registry and nothing else: it fails
 * if a registered driver (available here or not) has no vectors for its
 * cipher in one of the modes ecb, cbc, ctr, xts, or if a vector file holds
 * a block that no driver uses (unknown ALG or MODE), a block whose fields
 * do not fit its mode (IV, lengths, CTS, key size), a block without its
 * "# source:" line, or a file named other than <alg>-<mode>.txt after its
 * blocks. The descriptors are held to the design too: a driver that
 * claims constant-time states how that claim is verified (its .ct: a
 * method, or a reason why not) and a table-based one states nothing, with
 * no unknown method bits and trace targets exactly for a qemu trace; no two
 * drivers share a name; every driver's algorithm has known answers; every
 * hook of a driver names a registered template; every registered template
 * has known answers, each named by a name that parses, has that template
 * at its root and stands for instances of registered algorithms.
 *
 * Usage: test-meta VECTORS_DIR
 *        test-meta --list    (one "driver cipher priority" line per
 *                             registered driver, for cli-test.sh)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "desc.h"
#include "registry.h"
#include "select.h"
#include "spec.h"
#include "util.h"
#include "vectors.h"

/* The registered driver of cipher NAME accepting KEYLEN, or NULL. */
static const struct cryptarch_driver *user(const char *name, size_t keylen)
{
	size_t n = cryptarch_driver_count(), i;

	for (i = 0; i < n; i++) {
		const struct cryptarch_driver *d = cryptarch_driver_at(i);

		if (strcmp(d->alg->name, name) == 0 &&
		    keylen >= d->alg->min_keysize &&
		    keylen <= d->alg->max_keysize && keylen % 8 == 0)
			return d;
	}
	return NULL;
}

static void check_vector(const struct vector *v)
{
	char expect[64];
	int m = test_mode_id(v->mode);
	size_t keylen;

	if (!v->source)
		test_fail("%s:%u: block without '# source:' line", v->file,
			  v->line);
	snprintf(expect, sizeof(expect), "%s-%s.txt", v->alg, v->mode);
	if (strcmp(expect, v->file) != 0)
		test_fail("%s:%u: ALG = %s, MODE = %s belongs in %s", v->file,
			  v->line, v->alg, v->mode, expect);
	if (m < 0) {
		test_fail("%s:%u: unknown MODE '%s': used by no driver",
			  v->file, v->line, v->mode);
		return;
	}
	keylen = m == TEST_MODE_XTS ? v->keylen / 2 : v->keylen;
	if (m == TEST_MODE_XTS && v->keylen % 2)
		keylen = 0;
	if (!user(v->alg, keylen)) {
		test_fail("%s:%u: ALG '%s' with a %zu-byte %s key: used by "
			  "no registered driver",
			  v->file, v->line, v->alg, v->keylen, v->mode);
	}
	if ((m == TEST_MODE_ECB) != (v->ivlen == 0))
		test_fail("%s:%u: %s vector %s an IV", v->file, v->line,
			  v->mode, v->ivlen ? "with" : "without");
	if ((m == TEST_MODE_ECB || m == TEST_MODE_CBC) &&
	    (v->len % 16 || v->len == 0))
		test_fail("%s:%u: %s length %zu is not a positive multiple "
			  "of 16",
			  v->file, v->line, v->mode, v->len);
	if (m == TEST_MODE_CTR && v->len == 0)
		test_fail("%s:%u: empty ctr vector", v->file, v->line);
	if (m == TEST_MODE_XTS && v->len < 16)
		test_fail("%s:%u: xts length %zu < 16", v->file, v->line,
			  v->len);
	if (v->cts != (m == TEST_MODE_XTS && v->len % 16 != 0))
		test_fail("%s:%u: CTS = yes must mark exactly the xts vectors "
			  "whose length is not a multiple of 16",
			  v->file, v->line);
}

/*
 * How each driver's constant-time claim is verified, from its descriptor
 * (struct cryptarch_ct_check): a driver that claims constant-time states
 * a method or a reason, a table-based one states nothing; a method and a
 * reason never together, no unknown method bits, trace targets exactly
 * for a qemu trace; and no driver name twice.
 */
static void check_ct_status(void)
{
	char buf[256];
	size_t i, j, n = cryptarch_driver_count();

	for (i = 0; i < n; i++) {
		const struct cryptarch_driver *d = cryptarch_driver_at(i);
		const struct cryptarch_ct_check *s = &d->ct;

		if (d->flags & CRYPTARCH_DRV_CONSTANT_TIME) {
			if (!s->methods && (!s->reason || !*s->reason))
				test_fail("driver %s claims constant-time but "
					  "its .ct states neither how it is "
					  "verified nor why it is not",
					  d->name);
			else
				printf("%s ct-verified: %s\n", d->name,
				       cryptarch_driver_ct_text(d, buf,
								sizeof(buf)));
		} else if (s->methods || s->reason || s->targets) {
			test_fail("driver %s is not constant-time but its .ct "
				  "states a verification",
				  d->name);
		}
		if (s->methods && s->reason)
			test_fail("ct %s: verified, yet a reason", d->name);
		if (s->methods &
		    ~(CRYPTARCH_CT_VALGRIND | CRYPTARCH_CT_QEMU_TRACE))
			test_fail("ct %s: unknown method bits %#x", d->name,
				  s->methods);
		if (!(s->methods & CRYPTARCH_CT_QEMU_TRACE) != !s->targets)
			test_fail("ct %s: trace targets must be given "
				  "exactly for a qemu trace",
				  d->name);
		for (j = 0; j < i; j++)
			if (strcmp(cryptarch_driver_at(j)->name, d->name) == 0)
				test_fail("driver %s: registered twice",
					  d->name);
	}
}

/* 1 if the list KATS holds at least one known answer. */
static int has_kats(const struct cryptarch_kat *kats)
{
	return kats && kats[0].key;
}

/*
 * Every driver's algorithm has known answers, and every hook of a driver
 * names a registered template.
 */
static void check_drivers(void)
{
	size_t i, n = cryptarch_driver_count();

	for (i = 0; i < n; i++) {
		const struct cryptarch_driver *d = cryptarch_driver_at(i);
		const struct cryptarch_hook *h;

		if (!d->alg) {
			test_fail("driver %s: no algorithm", d->name);
			continue;
		}
		if (!has_kats(d->alg->kats))
			test_fail("driver %s: its algorithm %s has no known "
				  "answers",
				  d->name, d->alg->name);
		for (h = d->hooks; h && h->tmpl; h++)
			if (!cryptarch_template_find(h->tmpl, strlen(h->tmpl)))
				test_fail("driver %s: a hook for \"%s\", "
					  "which is not a registered template",
					  d->name, h->tmpl);
	}
}

/*
 * Every registered template has known answers; each answer's name parses,
 * has the template at its root, and names instances of registered
 * algorithms (candidates exist for it, and it is not one instance's
 * driver name).
 */
static void check_templates(void)
{
	size_t i, n = cryptarch_template_count(), count;
	static struct cryptarch_cands c;

	if (n == 0)
		test_fail("no template is registered");
	for (i = 0; i < n; i++) {
		const struct cryptarch_template *t = cryptarch_template_at(i);
		const struct cryptarch_kat *k;

		if (!has_kats(t->kats)) {
			test_fail("template %s has no known answers", t->name);
			continue;
		}
		count = 0;
		for (k = t->kats; k->key; k++) {
			struct cryptarch_name nm;
			int rc;

			count++;
			if (!k->name ||
			    cryptarch_name_parse(k->name, &nm) != 0) {
				test_fail("template %s: known answer %zu: "
					  "name \"%s\" does not parse",
					  t->name, count,
					  k->name ? k->name : "(null)");
				continue;
			}
			if (strlen(t->name) != nm.node[0].len ||
			    memcmp(nm.s + nm.node[0].off, t->name,
				   nm.node[0].len) != 0 ||
			    nm.node[0].narg == 0)
				test_fail("template %s: known answer %zu is "
					  "named \"%s\", not an instance of "
					  "%s",
					  t->name, count, k->name, t->name);
			rc = cryptarch_cands(k->name, NULL, &c);
			if (rc)
				test_fail("template %s: known answer %zu: "
					  "\"%s\" names no registered "
					  "algorithm (%s)",
					  t->name, count, k->name,
					  cryptarch_strerror(rc));
			else if (c.exact)
				test_fail("template %s: known answer %zu: "
					  "\"%s\" is an instance's driver "
					  "name, not an algorithm's",
					  t->name, count, k->name);
		}
		printf("template %s: %zu known answers\n", t->name, count);
	}
}

static int list(void)
{
	size_t n = cryptarch_driver_count(), i;

	for (i = 0; i < n; i++) {
		const struct cryptarch_driver *d = cryptarch_driver_at(i);

		printf("%s %s %d\n", d->name, d->alg->name, d->priority);
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct vector_set set;
	size_t n, i, j, f;
	int m;

	if (argc == 2 && strcmp(argv[1], "--list") == 0)
		return list();
	if (argc != 2) {
		fprintf(stderr, "usage: %s VECTORS_DIR | --list\n", argv[0]);
		return 2;
	}
	memset(&set, 0, sizeof(set));
	if (vectors_load_dir(&set, argv[1]))
		return 1;
	n = cryptarch_driver_count();
	if (n == 0)
		test_fail("the registry is empty");
	/* The modes of the vectors are registered templates. */
	for (m = 0; m < TEST_MODE_COUNT; m++)
		test_template(m);
	/* Every driver has vectors in every mode. */
	for (i = 0; i < n; i++) {
		const struct cryptarch_driver *d = cryptarch_driver_at(i);
		size_t sizes[3], ns = test_key_sizes(d, sizes), s;

		for (m = 0; m < TEST_MODE_COUNT; m++) {
			size_t count = 0, persize[3] = { 0, 0, 0 };

			for (j = 0; j < set.n; j++) {
				const struct vector *v = &set.v[j];
				size_t kl = v->keylen;

				if (strcmp(v->alg, d->alg->name) != 0 ||
				    test_mode_id(v->mode) != m)
					continue;
				count++;
				if (m == TEST_MODE_XTS)
					kl /= 2;
				for (s = 0; s < ns; s++)
					persize[s] += kl == sizes[s];
			}
			if (count == 0)
				test_fail("driver %s (cipher %s) has no %s "
					  "vectors",
					  d->name, d->alg->name,
					  test_mode_names[m]);
			for (s = 0; s < ns && count; s++)
				if (!persize[s])
					printf("note: %s: no %s vector with a "
					       "%zu-bit key\n",
					       d->name, test_mode_names[m],
					       8 * sizes[s]);
			printf("%s %s: %zu vectors\n", d->name,
			       test_mode_names[m], count);
		}
	}
	/* Every block of every file is used and well formed. */
	for (j = 0; j < set.n; j++)
		check_vector(&set.v[j]);
	for (f = 0; f < set.nfiles; f++) {
		size_t count = 0;

		for (j = 0; j < set.n; j++)
			count += set.v[j].file == set.files[f];
		if (count == 0)
			test_fail("%s: holds no vectors", set.files[f]);
		printf("%s: %zu vectors\n", set.files[f], count);
	}
	vectors_free(&set);
	check_ct_status();
	check_drivers();
	check_templates();
	return test_finish("test-meta");
}
