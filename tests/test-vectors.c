/* SPDX-License-Identifier: MIT */
/*
 * test-vectors.c - every known-answer vector of the files in tests/vectors/
 * against every registered implementation of its name (not only the one
 * selection picks). skcipher vectors, in both directions, through every
 * instance the name stands for: the template instance "<mode>(<driver>)"
 * and, where the driver has a hook for the mode's template, the hooked
 * instance "<mode>-<driver>" ("cts(cbc(aes-ct64))", "cts(cbc-aes-ct64)"
 * and so on for the templates over cbc), and through the cipher API for
 * the ECB vectors. The iv after each call is checked too: against the
 * vector's IV_OUT where it has one, and always against the mode's rule
 * (cbc, essiv: the last ciphertext block; ctr: the counter after the
 * data; cts: the next-to-last ciphertext block; xts, xctr: unchanged).
 * Keyed hash vectors (cmac, xcbc, cbcmac) through every instance of
 * "<mode>(<cipher>)", those of a keyed hash itself (ghash) and unkeyed
 * ones (sha256) through every driver of the hash, each in one digest call,
 * as init + two updates + final, and a byte per update; and the NIST
 * example of SHA-256 over 1,000,000 'a' bytes,
 * generated here, through every SHA-256 implementation. IEEE 1619 vector
 * 1 (equal key halves) must pass without CRYPTARCH_FORBID_WEAK_KEYS and be
 * refused with it. Implementations not available on this CPU are counted
 * and reported as skipped. The aead vectors (gcm, ccm) through every
 * instance of "<mode>(<cipher>)" over the driver (gcm_base over each of
 * its ctr instances and each GHASH driver; ccm_base over its ctr instances
 * and every cbcmac instance): encryption out of place and in place, with
 * the vector's tag length; decryption of CT || TAG back to PT; FAIL
 * vectors refused with -EBADMSG and an output of zeros.
 *
 * Usage: test-vectors [--mask-all] VECTORS_DIR
 */
#include <errno.h>
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

static void expect_iv(const struct vector *v, const struct test_inst *in,
		      int enc, const uint8_t *out, const uint8_t *iv)
{
	uint8_t want[16];
	int mode = in->mode;

	if (v->ivlen != 16 || mode == TEST_MODE_ECB)
		return;
	if (v->ivout)
		test_compare(iv, v->ivout, 16,
			     "%s:%u: %s %s: iv after the call vs IV_OUT",
			     v->file, v->line, in->name,
			     enc ? "encrypt" : "decrypt");
	if (test_iv_after(mode, v->alg, enc, v->key, v->keylen,
			  enc ? v->pt : v->ct, out, v->len, v->iv, want))
		return;
	test_compare(iv, want, 16, "%s:%u: %s %s: iv after the call", v->file,
		     v->line, in->name, enc ? "encrypt" : "decrypt");
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
		expect_iv(v, in, enc, out, iv);
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

/* One hash vector through shash instance IN: a digest call, init + two
 * updates + final, and one byte per update. */
static void run_shash(const struct vector *v, const struct test_inst *in,
		      struct stats *st)
{
	cryptarch_shash *t = test_shash_open(in, 0);
	uint8_t out[64];
	size_t ds, i, half = v->len / 2;
	int rc, way;

	if (!t)
		return;
	ds = cryptarch_shash_digestsize(t);
	if (ds != v->digestlen) {
		test_fail("%s:%u: %s: digest size %zu, the vector's %zu",
			  v->file, v->line, in->name, ds, v->digestlen);
		goto done;
	}
	rc = v->key ? cryptarch_shash_setkey(t, v->key, v->keylen) : 0;
	if (rc) {
		test_fail("%s:%u: %s: setkey(%zu bytes): %s", v->file, v->line,
			  in->name, v->keylen, cryptarch_strerror(rc));
		goto done;
	}
	for (way = 0; way < 3; way++) {
		static const char *const how[] = { "digest", "two updates",
						   "a byte per update" };

		memset(out, 0xa5, sizeof(out));
		if (way == 0) {
			rc = cryptarch_shash_digest(t, v->msg, v->len, out);
		} else {
			rc = cryptarch_shash_init(t);
			if (way == 1) {
				if (!rc)
					rc = cryptarch_shash_update(t, v->msg,
								    half);
				if (!rc)
					rc = cryptarch_shash_update(
						t, v->msg + half,
						v->len - half);
			}
			for (i = 0; way == 2 && !rc && i < v->len; i++)
				rc = cryptarch_shash_update(t, v->msg + i, 1);
			if (!rc)
				rc = cryptarch_shash_final(t, out);
		}
		st->calls++;
		if (rc) {
			test_fail("%s:%u: %s %s: %s", v->file, v->line,
				  in->name, how[way], cryptarch_strerror(rc));
			continue;
		}
		test_compare(out, v->digest, ds, "%s:%u: %s, %s (%s)", v->file,
			     v->line, in->name, how[way],
			     v->source ? v->source : "no source");
		if (!test_all(out + ds, 0xa5, sizeof(out) - ds))
			test_fail("%s:%u: %s wrote past the digest", v->file,
				  v->line, in->name);
	}
done:
	cryptarch_shash_free(t);
}

/* FIPS 180-2 Appendix B.3: SHA-256 of 1,000,000 bytes 'a', built here
 * (1000 updates of 1000 bytes). */
static void run_million_a(const struct test_inst *in, struct stats *st)
{
	static const uint8_t want[32] = {
		0xcd, 0xc7, 0x6e, 0x5c, 0x99, 0x14, 0xfb, 0x92,
		0x81, 0xa1, 0xc7, 0xe2, 0x84, 0xd7, 0x3e, 0x67,
		0xf1, 0x80, 0x9a, 0x48, 0xa4, 0x97, 0x20, 0x0e,
		0x04, 0x6d, 0x39, 0xcc, 0xc7, 0x11, 0x2c, 0xd0,
	};
	cryptarch_shash *t = test_shash_open(in, 0);
	uint8_t buf[1000], out[32];
	int i, rc = 0;

	if (!t)
		return;
	memset(buf, 'a', sizeof(buf));
	for (i = 0; i < 1000 && !rc; i++)
		rc = cryptarch_shash_update(t, buf, sizeof(buf));
	if (!rc)
		rc = cryptarch_shash_final(t, out);
	if (rc)
		test_fail("%s: 1,000,000 x 'a': %s", in->name,
			  cryptarch_strerror(rc));
	else
		test_compare(out, want, 32,
			     "%s: 1,000,000 x 'a' (FIPS 180-2 Appendix B.3)",
			     in->name);
	st->vectors++;
	st->calls += 1001;
	cryptarch_shash_free(t);
}

/* One aead vector through instance IN. */
static void run_aead(const struct vector *v, const struct test_inst *in,
		     struct stats *st)
{
	cryptarch_aead *t = test_aead_open(in, 0);
	size_t len = v->fail ? 0 : v->len, clen = v->len + v->taglen;
	uint8_t *ct = malloc(clen + 1), *buf = malloc(clen + 1);
	int rc;

	if (!t || !ct || !buf)
		goto done;
	memcpy(ct, v->ct, v->len);
	memcpy(ct + v->len, v->tag, v->taglen);
	rc = cryptarch_aead_setkey(t, v->key, v->keylen);
	if (!rc)
		rc = cryptarch_aead_setauthsize(t, v->taglen);
	if (rc) {
		test_fail("%s:%u: %s: setkey(%zu)/setauthsize(%zu): %s",
			  v->file, v->line, in->name, v->keylen, v->taglen,
			  cryptarch_strerror(rc));
		goto done;
	}
	if (!v->fail) {
		/* encryption, out of place then in place */
		memset(buf, 0xa5, clen + 1);
		rc = cryptarch_aead_encrypt(t, v->pt, buf, len, v->iv,
					    v->ivlen, v->aad, v->aadlen);
		st->calls++;
		if (rc)
			test_fail("%s:%u: %s encrypt: %s", v->file, v->line,
				  in->name, cryptarch_strerror(rc));
		else
			test_compare(buf, ct, clen, "%s:%u: %s encrypt (%s)",
				     v->file, v->line, in->name,
				     v->source ? v->source : "no source");
		if (buf[clen] != 0xa5)
			test_fail("%s:%u: %s wrote past the tag", v->file,
				  v->line, in->name);
		memcpy(buf, v->pt, len);
		rc = cryptarch_aead_encrypt(t, buf, buf, len, v->iv, v->ivlen,
					    v->aad, v->aadlen);
		st->calls++;
		if (rc)
			test_fail("%s:%u: %s encrypt in place: %s", v->file,
				  v->line, in->name, cryptarch_strerror(rc));
		else
			test_compare(buf, ct, clen,
				     "%s:%u: %s encrypt in place", v->file,
				     v->line, in->name);
	}
	/* decryption of CT || TAG */
	memset(buf, 0xa5, clen + 1);
	rc = cryptarch_aead_decrypt(t, ct, buf, clen, v->iv, v->ivlen, v->aad,
				    v->aadlen);
	st->calls++;
	if (v->fail) {
		if (rc != -EBADMSG)
			test_fail("%s:%u: %s: a FAIL vector decrypts with %s, "
				  "not -EBADMSG",
				  v->file, v->line, in->name,
				  cryptarch_strerror(rc));
		else if (!test_all(buf, 0, v->len))
			test_fail("%s:%u: %s: output not zero after -EBADMSG",
				  v->file, v->line, in->name);
	} else if (rc) {
		test_fail("%s:%u: %s decrypt: %s", v->file, v->line, in->name,
			  cryptarch_strerror(rc));
	} else {
		test_compare(buf, v->pt, len, "%s:%u: %s decrypt", v->file,
			     v->line, in->name);
	}
	if (buf[v->len] != 0xa5)
		test_fail("%s:%u: %s decrypt wrote past the plaintext", v->file,
			  v->line, in->name);
done:
	free(ct);
	free(buf);
	cryptarch_aead_free(t);
}

/* Keep the instances of TI (N) whose base driver is D; the new count. */
static size_t only_of(struct test_inst *ti, size_t n,
		      const struct cryptarch_driver *d)
{
	size_t i, k;

	for (i = k = 0; i < n; i++)
		if (ti[i].drv == d)
			ti[k++] = ti[i];
	return k;
}

/* The names of the instances run, for the driver's summary line. */
static char names_run[8192];

static void note_insts(const struct test_inst *ti, size_t n)
{
	size_t k, l;

	for (k = 0; k < n; k++) {
		l = strlen(names_run);
		snprintf(names_run + l, sizeof(names_run) - l, "%s%s",
			 l ? " " : "", ti[k].name);
	}
}

/* The vectors of hash kind of SET for shash name ALGNAME (MODE "cmac" of
 * cipher ALG, or the hash ALG itself) through the instances of D. */
static void run_shash_name(const struct vector_set *set,
			   const struct cryptarch_driver *d,
			   const char *algname, struct stats *st)
{
	struct test_inst *ti;
	size_t n = test_shash_instances(algname, &ti, NULL), i, k;

	n = only_of(ti, n, d);
	for (i = 0; i < set->n && n; i++) {
		const struct vector *v = &set->v[i];
		char name[TEST_NAME_MAX];

		if (v->kind != VECTOR_MAC && v->kind != VECTOR_HASH)
			continue;
		if (v->mode[0])
			snprintf(name, sizeof(name), "%s(%s)", v->mode, v->alg);
		else
			snprintf(name, sizeof(name), "%s", v->alg);
		if (strcmp(name, algname) != 0)
			continue;
		st->vectors++;
		for (k = 0; k < n; k++)
			run_shash(v, &ti[k], st);
	}
	for (k = 0; k < n && strcmp(algname, "sha256") == 0; k++)
		run_million_a(&ti[k], st);
	note_insts(ti, n);
	free(ti);
}

/* The aead vectors of SET for D's algorithm through D's instances of
 * each aead name over it. */
static void run_aead_names(const struct vector_set *set,
			   const struct cryptarch_driver *d, struct stats *st)
{
	char names[16][TEST_NAME_MAX], want[TEST_NAME_MAX];
	size_t nn = test_aead_names(names, 16), j, i, k, n;

	for (j = 0; j < nn; j++) {
		struct test_inst *ti;

		n = test_aead_instances(names[j], &ti, NULL);
		n = only_of(ti, n, d);
		for (i = 0; i < set->n && n; i++) {
			const struct vector *v = &set->v[i];

			if (v->kind != VECTOR_AEAD)
				continue;
			snprintf(want, sizeof(want), "%s(%s)", v->mode, v->alg);
			if (strcmp(want, names[j]) != 0)
				continue;
			st->vectors++;
			for (k = 0; k < n; k++)
				run_aead(v, &ti[k], st);
		}
		if (n) {
			k = strlen(names_run);
			snprintf(names_run + k, sizeof(names_run) - k,
				 " %s: %zu instances", names[j], n);
		}
		free(ti);
	}
}

static void run_driver(const struct vector_set *set,
		       const struct cryptarch_driver *d, struct stats *st)
{
	struct test_inst *insts[TEST_MODE_COUNT];
	size_t ninst[TEST_MODE_COUNT], i, k, nn;
	char names[64][TEST_NAME_MAX];
	int m, cipher = test_is_cipher(d);

	for (m = 0; m < TEST_MODE_COUNT; m++) {
		struct test_inst *all;
		size_t n = cipher ?
				   test_instances(d->alg->name, m, &all, NULL) :
				   0;

		if (!cipher)
			all = NULL;
		insts[m] = all;
		ninst[m] = cipher ? only_of(all, n, d) : 0;
	}
	for (i = 0; i < set->n && cipher; i++) {
		const struct vector *v = &set->v[i];

		if (v->kind != VECTOR_SKCIPHER ||
		    strcmp(v->alg, d->alg->name) != 0)
			continue;
		m = test_mode_id(v->mode);
		if (m < 0)
			continue; /* test-meta reports unknown modes */
		if (test_mode_has_iv(m) && v->ivlen != 16) {
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
	names_run[0] = '\0';
	for (m = 0; m < TEST_MODE_COUNT; m++) {
		note_insts(insts[m], ninst[m]);
		free(insts[m]);
	}
	if (cipher) {
		k = strlen(names_run);
		snprintf(names_run + k, sizeof(names_run) - k, "%scipher:%s",
			 k ? " " : "", d->name);
	}
	if (cipher)
		run_aead_names(set, d, st);
	/* the shash names over this driver's algorithm */
	nn = test_shash_names(names, 64);
	for (i = 0; i < nn; i++) {
		char own[TEST_NAME_MAX];
		const char *p = strchr(names[i], '(');

		if (p)
			snprintf(own, sizeof(own), "%s", p + 1);
		else
			snprintf(own, sizeof(own), "%s)", names[i]);
		own[strlen(own) - 1] = '\0';
		if (strcmp(own, d->alg->name) == 0)
			run_shash_name(set, d, names[i], st);
	}
	printf("%s: %lu vectors run, %lu calls checked (%s)", d->name,
	       st->vectors, st->calls, names_run);
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
			test_fail("%s: no vectors for %s", d->name,
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
