/* SPDX-License-Identifier: MIT */
/*
 * test-vectors.c - every known-answer vector of the files in tests/vectors/, in
 * both directions, against every registered implementation of its cipher
 * (not only the one selection picks), through the skcipher API for the
 * template instance "<mode>(<driver>)" and, where the driver has a hook
 * for the mode's template, the hooked instance "<mode>-<driver>", and through
 * the cipher API for the ECB vectors. The iv after each call is checked
 * too (cbc: the last ciphertext block; ctr: the counter after the data;
 * xts: unchanged). IEEE 1619 vector 1 (equal key halves) must pass without
 * CRYPTARCH_FORBID_WEAK_KEYS and be refused with it. Implementations not
 * available on this CPU are counted and reported as skipped.
 *
 * Usage: test-vectors [--mask-all] VECTORS_DIR
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"
#include "vectors.h"

struct stats {
	unsigned long vectors; /* vectors run through this driver */
	unsigned long calls;   /* encrypt and decrypt calls checked */
	unsigned long weak;    /* equal-halves refusals checked */
};

static void expect_iv(const struct vector *v, const char *inst, int enc,
		      const uint8_t *iv)
{
	uint8_t want[16];

	if (v->ivlen != 16)
		return;
	memcpy(want, v->iv, 16);
	if (strcmp(v->mode, "cbc") == 0 && v->len >= 16)
		memcpy(want, v->ct + v->len - 16, 16);
	else if (strcmp(v->mode, "ctr") == 0)
		test_ctr_add(want, (v->len + 15) / 16);
	else if (strcmp(v->mode, "ecb") == 0)
		return;
	test_compare(iv, want, 16, "%s:%u: %s %s: iv after the call", v->file,
		     v->line, inst, enc ? "encrypt" : "decrypt");
}

static void run_skcipher(const struct vector *v, const struct test_inst *in,
			 struct stats *st)
{
	cryptarch_skcipher *t = test_open(in, 0);
	uint8_t *out = malloc(v->len + 1), iv[16];
	int enc, rc;

	if (!t || !out)
		goto done;
	rc = cryptarch_skcipher_setkey(t, v->key, v->keylen);
	if (rc) {
		test_fail("%s:%u: %s: setkey(%zu bytes): %s", v->file, v->line,
			  in->name, v->keylen, cryptarch_strerror(rc));
		goto done;
	}
	for (enc = 1; enc >= 0; enc--) {
		const uint8_t *src = enc ? v->pt : v->ct;
		const uint8_t *want = enc ? v->ct : v->pt;

		memset(out, 0xa5, v->len + 1);
		if (v->ivlen)
			memcpy(iv, v->iv, 16);
		rc = test_crypt(t, enc, src, out, v->len, v->ivlen ? iv : NULL);
		st->calls++;
		if (rc) {
			test_fail("%s:%u: %s %s: %s", v->file, v->line,
				  in->name, enc ? "encrypt" : "decrypt",
				  cryptarch_strerror(rc));
			continue;
		}
		test_compare(out, want, v->len, "%s:%u: %s %s (%s)", v->file,
			     v->line, in->name, enc ? "encrypt" : "decrypt",
			     v->source ? v->source : "no source");
		if (out[v->len] != 0xa5)
			test_fail("%s:%u: %s wrote past the end", v->file,
				  v->line, in->name);
		expect_iv(v, in->name, enc, iv);
	}
done:
	cryptarch_skcipher_free(t);
	free(out);
}

/* XTS with equal key halves: refused under CRYPTARCH_FORBID_WEAK_KEYS. */
static void run_weak(const struct vector *v, const struct test_inst *in,
		     struct stats *st)
{
	cryptarch_skcipher *t = test_open(in, CRYPTARCH_FORBID_WEAK_KEYS);
	uint8_t out[16], iv[16];
	int rc;

	if (!t)
		return;
	rc = cryptarch_skcipher_setkey(t, v->key, v->keylen);
	test_expect_rc(rc, -EINVAL,
		       "%s:%u: %s setkey with equal halves under "
		       "CRYPTARCH_FORBID_WEAK_KEYS",
		       v->file, v->line, in->name);
	memcpy(iv, v->iv, 16);
	rc = cryptarch_skcipher_encrypt(t, v->pt, out, 16, iv);
	test_expect_rc(rc, -ENOKEY, "%s:%u: %s encrypt after refused key",
		       v->file, v->line, in->name);
	st->weak++;
	cryptarch_skcipher_free(t);
}

static void run_cipher(const struct vector *v, const struct cryptarch_driver *d,
		       struct stats *st)
{
	cryptarch_cipher *c = NULL;
	uint8_t out[16];
	const char *drv;
	size_t i;
	int rc;

	rc = cryptarch_cipher_new(&c, d->name, CRYPTARCH_ALLOW_VARIABLE_TIME);
	if (rc) {
		test_fail("cryptarch_cipher_new(\"%s\"): %s", d->name,
			  cryptarch_strerror(rc));
		return;
	}
	drv = cryptarch_cipher_driver(c);
	if (!drv || strcmp(drv, d->name) != 0)
		test_fail("cryptarch_cipher_driver() of \"%s\" is \"%s\"",
			  d->name, drv ? drv : "(null)");
	rc = cryptarch_cipher_setkey(c, v->key, v->keylen);
	if (rc) {
		test_fail("%s:%u: cipher %s: setkey: %s", v->file, v->line,
			  d->name, cryptarch_strerror(rc));
		goto done;
	}
	for (i = 0; i + 16 <= v->len; i += 16) {
		rc = cryptarch_cipher_encrypt(c, out, v->pt + i);
		if (rc)
			test_fail("%s:%u: cipher %s encrypt: %s", v->file,
				  v->line, d->name, cryptarch_strerror(rc));
		else
			test_compare(out, v->ct + i, 16,
				     "%s:%u: cipher %s encrypt block %zu",
				     v->file, v->line, d->name, i / 16);
		rc = cryptarch_cipher_decrypt(c, out, v->ct + i);
		if (rc)
			test_fail("%s:%u: cipher %s decrypt: %s", v->file,
				  v->line, d->name, cryptarch_strerror(rc));
		else
			test_compare(out, v->pt + i, 16,
				     "%s:%u: cipher %s decrypt block %zu",
				     v->file, v->line, d->name, i / 16);
		/* in place */
		memcpy(out, v->pt + i, 16);
		if (!cryptarch_cipher_encrypt(c, out, out))
			test_compare(out, v->ct + i, 16,
				     "%s:%u: cipher %s encrypt in place",
				     v->file, v->line, d->name);
		st->calls += 3;
	}
done:
	cryptarch_cipher_free(c);
}

static void run_driver(const struct vector_set *set,
		       const struct cryptarch_driver *d, struct stats *st)
{
	struct test_inst *insts[TEST_MODE_COUNT];
	size_t ninst[TEST_MODE_COUNT], i, k;
	int m;

	for (m = 0; m < TEST_MODE_COUNT; m++) {
		struct test_inst *all;
		size_t n = test_instances(d->alg->name, m, &all, NULL);

		/* keep only this driver's instances */
		for (i = k = 0; i < n; i++)
			if (all[i].drv == d)
				all[k++] = all[i];
		insts[m] = all;
		ninst[m] = k;
	}
	for (i = 0; i < set->n; i++) {
		const struct vector *v = &set->v[i];

		if (strcmp(v->alg, d->alg->name) != 0)
			continue;
		m = test_mode_id(v->mode);
		if (m < 0)
			continue; /* test-meta reports unknown modes */
		if (m != TEST_MODE_ECB && v->ivlen != 16) {
			test_fail("%s:%u: %s vector without IV", v->file,
				  v->line, v->mode);
			continue;
		}
		st->vectors++;
		for (k = 0; k < ninst[m]; k++) {
			run_skcipher(v, &insts[m][k], st);
			if (m == TEST_MODE_XTS &&
			    memcmp(v->key, v->key + v->keylen / 2,
				   v->keylen / 2) == 0)
				run_weak(v, &insts[m][k], st);
		}
		if (m == TEST_MODE_ECB)
			run_cipher(v, d, st);
	}
	printf("%s: %lu vectors run, %lu calls checked (", d->name, st->vectors,
	       st->calls);
	for (m = 0; m < TEST_MODE_COUNT; m++) {
		for (k = 0; k < ninst[m]; k++)
			printf("%s%s", m || k ? " " : "", insts[m][k].name);
		free(insts[m]);
	}
	printf(" cipher:%s)", d->name);
	if (st->weak)
		printf(", %lu weak-key refusals", st->weak);
	putchar('\n');
	fflush(stdout);
}

int main(int argc, char **argv)
{
	struct vector_set set;
	size_t n, i, ran = 0, ran_aes = 0, unavail = 0;
	unsigned long weak = 0;

	test_mask_all(&argc, &argv);
	if (argc != 2) {
		fprintf(stderr,
			"usage: %s [--mask-all] [--driver NAME] VECTORS_DIR\n",
			argv[0]);
		return 2;
	}
	memset(&set, 0, sizeof(set));
	if (vectors_load_dir(&set, argv[1]))
		return 1;
	n = cryptarch_driver_count();
	for (i = 0; i < n; i++) {
		const struct cryptarch_driver *d = cryptarch_driver_at(i);
		struct stats st = { 0, 0, 0 };

		if (!test_selected(d))
			continue;
		if (!cryptarch_driver_available(d)) {
			printf("%s: SKIPPED, not available on this CPU (or "
			       "masked by CRYPTARCH_DISABLE)\n",
			       d->name);
			unavail++;
			continue;
		}
		run_driver(&set, d, &st);
		if (st.vectors == 0)
			test_fail("%s: no vectors for cipher %s", d->name,
				  d->alg->name);
		weak += st.weak;
		ran++;
		if (strcmp(d->alg->name, "aes") == 0)
			ran_aes++;
	}
	if (weak == 0 && ran_aes)
		test_fail("no XTS vector with equal key halves was found "
			  "(IEEE 1619 vector 1)");
	printf("%zu implementations tested, %zu not available here\n", ran,
	       unavail);
	vectors_free(&set);
	if (ran == 0 && !test_failures) {
		puts("SKIP: no implementation available");
		return TEST_SKIP;
	}
	return test_finish("test-vectors");
}
