/* SPDX-License-Identifier: MIT */
/*
 * test-meta.c - the vectors cover the registry and nothing else: it fails
 * if a registered driver (available here or not) has no vectors for its
 * cipher in one of the modes ecb, cbc, ctr, xts, or if a vector file holds
 * a block that no driver uses (unknown ALG or MODE), a block whose fields
 * do not fit its mode (IV, lengths, CTS, key size), a block without its
 * "# source:" line, or a file named other than <alg>-<mode>.txt after its
 * blocks; or if a driver that claims constant-time has no entry in the
 * table of how that claim is verified (src/core/ct-status.c), or the table
 * is malformed.
 *
 * Usage: test-meta VECTORS_DIR
 *        test-meta --list    (one "driver cipher priority" line per
 *                             registered implementation, for cli-test.sh)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ct-status.h"
#include "util.h"
#include "vectors.h"

/* The registered driver of cipher NAME accepting KEYLEN, or NULL. */
static const struct cryptarch_alg *user(const char *name, size_t keylen)
{
	size_t n = cryptarch_alg_count(), i;

	for (i = 0; i < n; i++) {
		const struct cryptarch_alg *alg = cryptarch_alg_at(i);

		if (strcmp(alg->name, name) == 0 &&
		    keylen >= alg->min_keysize && keylen <= alg->max_keysize &&
		    keylen % 8 == 0)
			return alg;
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
	keylen = m == CRYPTARCH_MODE_XTS ? v->keylen / 2 : v->keylen;
	if (m == CRYPTARCH_MODE_XTS && v->keylen % 2)
		keylen = 0;
	if (!user(v->alg, keylen)) {
		test_fail("%s:%u: ALG '%s' with a %zu-byte %s key: used by "
			  "no registered driver",
			  v->file, v->line, v->alg, v->keylen, v->mode);
	}
	if ((m == CRYPTARCH_MODE_ECB) != (v->ivlen == 0))
		test_fail("%s:%u: %s vector %s an IV", v->file, v->line,
			  v->mode, v->ivlen ? "with" : "without");
	if ((m == CRYPTARCH_MODE_ECB || m == CRYPTARCH_MODE_CBC) &&
	    (v->len % 16 || v->len == 0))
		test_fail("%s:%u: %s length %zu is not a positive multiple "
			  "of 16",
			  v->file, v->line, v->mode, v->len);
	if (m == CRYPTARCH_MODE_CTR && v->len == 0)
		test_fail("%s:%u: empty ctr vector", v->file, v->line);
	if (m == CRYPTARCH_MODE_XTS && v->len < 16)
		test_fail("%s:%u: xts length %zu < 16", v->file, v->line,
			  v->len);
	if (v->cts != (m == CRYPTARCH_MODE_XTS && v->len % 16 != 0))
		test_fail("%s:%u: CTS = yes must mark exactly the xts vectors "
			  "whose length is not a multiple of 16",
			  v->file, v->line);
}

/*
 * Every driver that claims constant-time has an entry in the table of how
 * that is verified (ct-status.c), and the entries are well formed: a
 * method or a reason, trace targets with a trace, no entry for a driver
 * that does not claim constant-time, no driver twice.
 */
static void check_ct_status(void)
{
	const struct cryptarch_ct_status *s, *t;
	char buf[256];
	size_t i;

	for (i = 0; i < cryptarch_alg_count(); i++) {
		const struct cryptarch_alg *alg = cryptarch_alg_at(i);

		s = cryptarch_ct_status_find(alg->driver);
		if (alg->flags & CRYPTARCH_ALG_CONSTANT_TIME) {
			if (!s)
				test_fail("driver %s claims constant-time but "
					  "has no entry in src/core/"
					  "ct-status.c (how it is verified, "
					  "or why it is not)",
					  alg->driver);
			else
				printf("%s ct-verified: %s\n", alg->driver,
				       cryptarch_ct_status_format(s, buf,
								  sizeof(buf)));
		} else if (s) {
			test_fail("driver %s is not constant-time but has an "
				  "entry in src/core/ct-status.c",
				  alg->driver);
		}
	}
	for (s = cryptarch_ct_status_table; s->driver; s++) {
		if (!s->methods && (!s->reason || !*s->reason))
			test_fail("ct-status %s: unverified without a reason",
				  s->driver);
		if (s->methods && s->reason)
			test_fail("ct-status %s: verified, yet a reason",
				  s->driver);
		if (s->methods &
		    ~(CRYPTARCH_CT_VALGRIND | CRYPTARCH_CT_QEMU_TRACE))
			test_fail("ct-status %s: unknown method bits %#x",
				  s->driver, s->methods);
		if (!(s->methods & CRYPTARCH_CT_QEMU_TRACE) != !s->targets)
			test_fail("ct-status %s: trace targets must be given "
				  "exactly for a qemu trace",
				  s->driver);
		for (t = cryptarch_ct_status_table; t < s; t++)
			if (strcmp(t->driver, s->driver) == 0)
				test_fail("ct-status %s: listed twice",
					  s->driver);
	}
}

static int list(void)
{
	size_t n = cryptarch_alg_count(), i;

	for (i = 0; i < n; i++) {
		const struct cryptarch_alg *alg = cryptarch_alg_at(i);

		printf("%s %s %d\n", alg->driver, alg->name, alg->priority);
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
	n = cryptarch_alg_count();
	if (n == 0)
		test_fail("the registry is empty");
	/* Every driver has vectors in every mode. */
	for (i = 0; i < n; i++) {
		const struct cryptarch_alg *alg = cryptarch_alg_at(i);
		size_t sizes[3], ns = test_key_sizes(alg, sizes), s;

		for (m = 0; m < CRYPTARCH_MODE_COUNT; m++) {
			size_t count = 0, persize[3] = { 0, 0, 0 };

			for (j = 0; j < set.n; j++) {
				const struct vector *v = &set.v[j];
				size_t kl = v->keylen;

				if (strcmp(v->alg, alg->name) != 0 ||
				    test_mode_id(v->mode) != m)
					continue;
				count++;
				if (m == CRYPTARCH_MODE_XTS)
					kl /= 2;
				for (s = 0; s < ns; s++)
					persize[s] += kl == sizes[s];
			}
			if (count == 0)
				test_fail("driver %s (cipher %s) has no %s "
					  "vectors",
					  alg->driver, alg->name,
					  test_mode_names[m]);
			for (s = 0; s < ns && count; s++)
				if (!persize[s])
					printf("note: %s: no %s vector with a "
					       "%zu-bit key\n",
					       alg->driver, test_mode_names[m],
					       8 * sizes[s]);
			printf("%s %s: %zu vectors\n", alg->driver,
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
	return test_finish("test-meta");
}
