/* SPDX-License-Identifier: MIT */
/*
 * test-provider-evpdata.c - OpenSSL's own cipher and MAC test data (the
 * stanza files of its test/recipes/30-test_evp_data/, copied into
 * tests/vectors/openssl-evp/) run through one provider by EVP calls.
 *
 *   test-provider-evpdata [--provider NAME] [--config CNF] [--expect-fail]
 *                         MODULE_DIR FILE...
 *
 * NAME is "cryptarch" (the default: the module is loaded from MODULE_DIR
 * beside the default provider) or "default" (only OpenSSL's default
 * provider, which checks the reader itself against OpenSSL). CNF, an
 * openssl.cnf, is loaded into the library context first: so the module
 * can be run with allow-variable-time (its policy is printed). Every
 * algorithm is fetched with the property query "provider=NAME", so nothing
 * is served by another provider, and a stanza whose cipher or MAC NAME
 * does not offer is a failure, never a skip.
 *
 * The format: stanzas of "Keyword = value" lines ended by a blank line;
 * '#' lines are comments; a stanza starts with Cipher or MAC, or is a
 * lone Title. Values are hex, empty, or a "quoted string". A Cipher stanza
 * has Key, IV, Plaintext, Ciphertext, and may have Operation (ENCRYPT or
 * DECRYPT; none: both), NextIV (the iv after the operation), AAD (one or
 * more), Tag, SetTagLate, CTSMode and Result, the error expected: the
 * name of the step that fails (KEY_SET_ERROR, CIPHERUPDATE_ERROR,
 * CIPHERFINAL_ERROR, ...). A MAC stanza has Algorithm (the cipher), Key,
 * Input, Output, Result. Availablein lists the providers a stanza is
 * meant for: one without "default" is not run (cryptarch promises the
 * default provider's behaviour) and is counted apart, not as passed.
 *
 * Each Cipher stanza runs in each of its directions in every buffer
 * layout: in place, out of place, output and input each aligned or one
 * byte off; and, except for CCM, XTS and CBC-CTS, whose updates carry a
 * whole message, once more with the data and each AAD fed as 1, n-2 and
 * 1 bytes. The steps, in OpenSSL's evp_test order: init without key,
 * cts_mode, iv length (AEAD: set when it is not the default), tag length
 * (CCM encrypt) or tag (decrypt), key length, key and iv, the iv read
 * back, the context copied and the copy used, the CCM total length, AAD,
 * a late tag, padding off, updates, final, output, tag, next iv. Every
 * layout must give the expected result; a direction that fails as
 * expected ends the stanza (as in evp_test, the other is not run). A MAC
 * stanza runs in one update, in three (1, n-2, 1 bytes), again after a
 * re-init with the same key, and through EVP_Q_mac. Counts per file:
 * "N stanzas, N passed". With --expect-fail the verdict is turned round
 * for the files of wrong stanzas (openssl-evp/mutants-*.txt): each must
 * fail a run, which shows that the reader can fail; a stanza that cannot
 * be run (not offered, fields missing) fails either way. Test code:
 * nothing here is constant-time.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/provider.h>

#include "util.h"

#define MAX_AAD 8
#define MAX_IV 128

static const char *prog = "test-provider-evpdata";
static const char *provname = "cryptarch";
static char propq[64];
static OSSL_LIB_CTX *lib;
static unsigned long runs; /* EVP sequences run, for the summary */
/* The module's drivers that served a file ("cryptarch-driver"). */
static char drivers[256];

static void note_driver(EVP_CIPHER_CTX *c)
{
	const char *drv = NULL;
	OSSL_PARAM p[2] = { OSSL_PARAM_utf8_ptr("cryptarch-driver",
						(char **)&drv, 0),
			    OSSL_PARAM_END };
	size_t n = strlen(drivers);
	char word[72];

	if (strcmp(provname, "cryptarch") != 0 ||
	    !EVP_CIPHER_CTX_get_params(c, p) || drv == NULL)
		return;
	snprintf(word, sizeof(word), " %s ", drv);
	if (strstr(drivers, word) == NULL && n + strlen(word) < sizeof(drivers))
		memcpy(drivers + (n ? n - 1 : 0), word, strlen(word) + 1);
}

struct bin {
	unsigned char *p;
	size_t n;
	int set;
};

struct stanza {
	const char *file;
	int line;
	char title[160];
	char alg[64]; /* the Cipher or MAC name */
	int is_mac;
	char sub[64]; /* MAC: Algorithm */
	char result[64];
	char cts[16];
	char avail[64];
	int op; /* -1 both, 1 encrypt, 0 decrypt */
	int tag_late;
	struct bin key, iv, next_iv, pt, ct, tag, input, output;
	struct bin aad[MAX_AAD];
	int naad;
};

/*
 * --expect-fail: every stanza must fail a run (the files of deliberately
 * wrong stanzas, which show that the reader can fail); a stanza that
 * cannot be run at all is still a failure.
 */
static int expect_fail;

/* A run's wrong result: a failure, or, with --expect-fail, a line. */
static void stanza_fail(const char *fmt, ...) TEST_PRINTF(1, 2);
static void stanza_fail(const char *fmt, ...)
{
	char buf[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (expect_fail)
		printf("failed as expected: %s\n", buf);
	else
		test_fail("%s", buf);
}

/* ---- parsing ----------------------------------------------------------- */

static void bin_free(struct bin *b)
{
	free(b->p);
	memset(b, 0, sizeof(*b));
}

static void stanza_clear(struct stanza *s)
{
	int i;

	bin_free(&s->key);
	bin_free(&s->iv);
	bin_free(&s->next_iv);
	bin_free(&s->pt);
	bin_free(&s->ct);
	bin_free(&s->tag);
	bin_free(&s->input);
	bin_free(&s->output);
	for (i = 0; i < MAX_AAD; i++)
		bin_free(&s->aad[i]);
	s->naad = 0;
	s->alg[0] = s->sub[0] = s->result[0] = s->cts[0] = s->avail[0] = 0;
	s->is_mac = 0;
	s->op = -1;
	s->tag_late = 0;
}

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c = tolower(c);
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

/* Hex, empty, or "text" (no escapes); 0, or -1 on a malformed value. A
 * value given twice is an error. */
static int parse_bin(struct bin *b, const char *v)
{
	size_t n = strlen(v), i;

	if (b->set)
		return -1;
	/* one spare byte: malloc(0) may return NULL */
	b->p = malloc(n / 2 + n + 1);
	if (b->p == NULL)
		return -1;
	b->set = 1;
	b->n = 0;
	if (v[0] == '"') {
		if (n < 2 || v[n - 1] != '"' || memchr(v + 1, '\\', n - 2))
			return -1;
		memcpy(b->p, v + 1, n - 2);
		b->n = n - 2;
		return 0;
	}
	if (n % 2)
		return -1;
	for (i = 0; i < n; i += 2) {
		int h = hexval((unsigned char)v[i]);
		int l = hexval((unsigned char)v[i + 1]);

		if (h < 0 || l < 0)
			return -1;
		b->p[b->n++] = (unsigned char)(h << 4 | l);
	}
	return 0;
}

static int copy_word(char *dst, size_t size, const char *v)
{
	if (dst[0] != '\0' || strlen(v) >= size)
		return -1;
	strcpy(dst, v);
	return 0;
}

/* One "Keyword = value" line into S; 0, or -1 (unknown or malformed). */
static int parse_line(struct stanza *s, const char *k, const char *v)
{
	if (strcmp(k, "Title") == 0) {
		snprintf(s->title, sizeof(s->title), "%s", v);
		return 0;
	}
	if (strcmp(k, "Availablein") == 0)
		return copy_word(s->avail, sizeof(s->avail), v);
	if (strcmp(k, "Cipher") == 0 || strcmp(k, "MAC") == 0) {
		static const char pkey[] = " by EVP_PKEY";
		size_t n = strlen(v), m = sizeof(pkey) - 1;

		if (s->alg[0] != '\0' || n >= sizeof(s->alg))
			return -1;
		s->is_mac = k[0] == 'M';
		memcpy(s->alg, v, n + 1);
		/* "CMAC by EVP_PKEY": evp_test's other route to the same
		 * MAC; here every MAC stanza goes through EVP_MAC. */
		if (s->is_mac && n > m && strcmp(v + n - m, pkey) == 0)
			s->alg[n - m] = '\0';
		return 0;
	}
	if (s->alg[0] == '\0')
		return -1; /* only Title and Availablein come first */
	if (strcmp(k, "Key") == 0)
		return parse_bin(&s->key, v);
	if (strcmp(k, "Result") == 0)
		return copy_word(s->result, sizeof(s->result), v);
	if (s->is_mac) {
		if (strcmp(k, "Algorithm") == 0)
			return copy_word(s->sub, sizeof(s->sub), v);
		if (strcmp(k, "Input") == 0)
			return parse_bin(&s->input, v);
		if (strcmp(k, "Output") == 0)
			return parse_bin(&s->output, v);
		if (strcmp(k, "IV") == 0)
			return parse_bin(&s->iv, v);
		return -1;
	}
	if (strcmp(k, "IV") == 0)
		return parse_bin(&s->iv, v);
	if (strcmp(k, "NextIV") == 0)
		return parse_bin(&s->next_iv, v);
	if (strcmp(k, "Plaintext") == 0)
		return parse_bin(&s->pt, v);
	if (strcmp(k, "Ciphertext") == 0)
		return parse_bin(&s->ct, v);
	if (strcmp(k, "Tag") == 0)
		return parse_bin(&s->tag, v);
	if (strcmp(k, "AAD") == 0) {
		if (s->naad == MAX_AAD)
			return -1;
		return parse_bin(&s->aad[s->naad++], v);
	}
	if (strcmp(k, "CTSMode") == 0)
		return copy_word(s->cts, sizeof(s->cts), v);
	if (strcmp(k, "SetTagLate") == 0) {
		if (strcmp(v, "TRUE") && strcmp(v, "FALSE"))
			return -1;
		s->tag_late = v[0] == 'T';
		return 0;
	}
	if (strcmp(k, "Operation") == 0) {
		if (s->op != -1)
			return -1;
		if (strcmp(v, "ENCRYPT") == 0)
			s->op = 1;
		else if (strcmp(v, "DECRYPT") == 0)
			s->op = 0;
		else
			return -1;
		return 0;
	}
	return -1;
}

/* Availablein: a list of provider names, separated by spaces or commas. */
static int meant_for_default(const char *avail)
{
	char buf[64], *w, *save = NULL;

	if (avail[0] == '\0')
		return 1;
	snprintf(buf, sizeof(buf), "%s", avail);
	for (w = strtok_r(buf, " ,", &save); w; w = strtok_r(NULL, " ,", &save))
		if (strcmp(w, "default") == 0)
			return 1;
	return 0;
}

/* ---- ciphers ----------------------------------------------------------- */

struct layout {
	int enc, out_off, in_place, in_off, frag;
};

static void describe(char *buf, size_t size, const struct layout *l)
{
	snprintf(buf, size, "%s, %s, output %s, %s",
		 l->enc ? "encrypt" : "decrypt",
		 l->in_place ? "in place" :
		 l->in_off   ? "input off by one" :
			       "input aligned",
		 l->out_off ? "off by one" : "aligned",
		 l->frag ? "fragmented (1, n-2, 1)" : "one update");
}

/* Feed N bytes at IN as updates of 1, N-2 and 1 bytes (FRAG), or as one;
 * OUT NULL: AAD. The output length is added to *DONE. 0 or -1. */
static int feed(EVP_CIPHER_CTX *c, unsigned char *out, const unsigned char *in,
		size_t n, int frag, size_t *done)
{
	size_t cut[3], k, i, off = 0;
	int got;

	if (!frag) {
		cut[0] = n;
		k = 1;
	} else if (n == 0) {
		k = 0;
	} else if (n == 1) {
		cut[0] = 1;
		k = 1;
	} else {
		cut[0] = 1;
		cut[1] = n - 2;
		cut[2] = 1;
		k = 3;
	}
	for (i = 0; i < k; i++) {
		if (frag && cut[i] == 0)
			continue;
		got = 0;
		if (!EVP_CipherUpdate(c, out ? out + *done : NULL, &got,
				      in + off, (int)cut[i]))
			return -1;
		off += cut[i];
		if (out)
			*done += (size_t)got;
	}
	return 0;
}

/*
 * One run of stanza S with cipher CI in layout L: NULL if every step
 * worked and every output was right, else the name of the first step that
 * failed (evp_test's names, which a stanza's Result holds). *WHY gets a
 * few words more on a mismatch.
 */
static const char *cipher_run(const struct stanza *s, EVP_CIPHER *ci,
			      const struct layout *l, const char **why)
{
	const struct bin *in = l->enc ? &s->pt : &s->ct;
	const struct bin *want = l->enc ? &s->ct : &s->pt;
	int mode = EVP_CIPHER_get_mode(ci);
	unsigned long flags = EVP_CIPHER_get_flags(ci);
	int aead = (flags & EVP_CIPH_FLAG_AEAD_CIPHER) != 0;
	EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new(), *d = NULL;
	unsigned char *buf = NULL, *src, *dst, ivb[MAX_IV], tag[16];
	size_t cap = in->n + want->n + 64, done = 0;
	const char *err = NULL;
	int i, got = 0;

	*why = "";
	runs++;
	buf = malloc(2 * cap);
	if (c == NULL || buf == NULL) {
		err = "TEST_MALLOC";
		goto out;
	}
	dst = buf + l->out_off;
	src = l->in_place ? dst : buf + cap + l->in_off;
	if (in->n)
		memcpy(src, in->p, in->n);

	err = "CIPHERINIT_ERROR";
	if (!EVP_CipherInit_ex2(c, ci, NULL, NULL, l->enc, NULL))
		goto out;
	if (s->cts[0] != '\0') {
		OSSL_PARAM p[2] = { OSSL_PARAM_utf8_string(
					    OSSL_CIPHER_PARAM_CTS_MODE,
					    (char *)s->cts, 0),
				    OSSL_PARAM_END };

		err = "INVALID_CTS_MODE";
		if (!EVP_CIPHER_CTX_set_params(c, p))
			goto out;
	}
	if (s->iv.set) {
		err = "INVALID_IV_LENGTH";
		if (s->iv.n > MAX_IV)
			goto out;
		if ((size_t)EVP_CIPHER_CTX_get_iv_length(c) != s->iv.n &&
		    (!aead || EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_SET_IVLEN,
						  (int)s->iv.n, NULL) <= 0))
			goto out;
	}
	if (aead) {
		/* A tag length (CCM's M) when encrypting or before a late
		 * tag; the tag itself up front when decrypting. GCM takes
		 * its tag length at the end. */
		int late = l->enc || s->tag_late;

		err = late ? "TAG_LENGTH_SET_ERROR" : "TAG_SET_ERROR";
		if ((!late || mode != EVP_CIPH_GCM_MODE) &&
		    EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_SET_TAG, (int)s->tag.n,
					late ? NULL : s->tag.p) <= 0)
			goto out;
	}
	err = "INVALID_KEY_LENGTH";
	if (!EVP_CIPHER_CTX_set_key_length(c, (int)s->key.n))
		goto out;
	err = "KEY_SET_ERROR";
	if (!EVP_CipherInit_ex2(c, NULL, s->key.p, s->iv.set ? s->iv.p : NULL,
				-1, NULL))
		goto out;
	note_driver(c);
	if (s->iv.set) {
		/* GCM and CCM (custom iv) need only answer. */
		err = "INVALID_IV";
		if (!EVP_CIPHER_CTX_get_updated_iv(c, ivb, sizeof(ivb)) ||
		    (!(flags & EVP_CIPH_CUSTOM_IV) &&
		     memcmp(ivb, s->iv.p, s->iv.n) != 0))
			goto out;
	}
	/* Go on in a copy: what was set must survive EVP_CIPHER_CTX_copy. */
	err = "COPY_ERROR";
	d = EVP_CIPHER_CTX_new();
	if (d == NULL || !EVP_CIPHER_CTX_copy(d, c))
		goto out;
	EVP_CIPHER_CTX_free(c);
	c = d;
	d = NULL;
	if (mode == EVP_CIPH_CCM_MODE) {
		err = "CCM_PLAINTEXT_LENGTH_SET_ERROR";
		if (!EVP_CipherUpdate(c, NULL, &got, NULL, (int)in->n))
			goto out;
	}
	err = "AAD_SET_ERROR";
	for (i = 0; i < s->naad; i++)
		if (feed(c, NULL, s->aad[i].p, s->aad[i].n, l->frag, &done))
			goto out;
	if (aead && !l->enc && s->tag_late) {
		err = "TAG_SET_ERROR";
		if (EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_SET_TAG, (int)s->tag.n,
					s->tag.p) <= 0)
			goto out;
	}
	EVP_CIPHER_CTX_set_padding(c, 0);
	err = "CIPHERUPDATE_ERROR";
	if (feed(c, dst, src, in->n, l->frag, &done))
		goto out;
	err = "CIPHERFINAL_ERROR";
	if (!EVP_CipherFinal_ex(c, dst + done, &got))
		goto out;
	done += (size_t)got;
	err = "VALUE_MISMATCH";
	if (done != want->n) {
		*why = "output length";
		goto out;
	}
	if (done && memcmp(dst, want->p, done) != 0) {
		*why = "output bytes";
		goto out;
	}
	if (aead && l->enc) {
		err = "TAG_RETRIEVE_ERROR";
		if (s->tag.n > sizeof(tag) ||
		    EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_GET_TAG, (int)s->tag.n,
					tag) <= 0)
			goto out;
		err = "TAG_VALUE_MISMATCH";
		if (memcmp(tag, s->tag.p, s->tag.n) != 0)
			goto out;
	}
	if (s->next_iv.set) {
		err = "INVALID_NEXT_IV";
		if (s->next_iv.n > sizeof(ivb) ||
		    !EVP_CIPHER_CTX_get_updated_iv(c, ivb, sizeof(ivb)) ||
		    (!(flags & EVP_CIPH_CUSTOM_IV) &&
		     memcmp(ivb, s->next_iv.p, s->next_iv.n) != 0))
			goto out;
	}
	err = NULL;
out:
	EVP_CIPHER_CTX_free(c);
	EVP_CIPHER_CTX_free(d);
	free(buf);
	return err;
}

/* 1: stanza S passed; 0: a run failed; -1: the stanza cannot be run (not
 * offered, or fields missing). Both failures are reported. */
static int cipher_stanza(const struct stanza *s)
{
	const char *want = s->result[0] ? s->result : NULL;
	EVP_CIPHER *ci;
	const OSSL_PROVIDER *p;
	int mode, dir, ok = 1, ended = 0;
	unsigned long flags;

	ci = EVP_CIPHER_fetch(lib, s->alg, propq);
	p = ci ? EVP_CIPHER_get0_provider(ci) : NULL;
	if (ci == NULL || p == NULL ||
	    strcmp(OSSL_PROVIDER_get0_name(p), provname) != 0) {
		test_fail("%s:%d: Cipher = %s: not offered by the provider %s",
			  s->file, s->line, s->alg, provname);
		EVP_CIPHER_free(ci);
		return -1;
	}
	if (!s->key.set || (!s->iv.set && EVP_CIPHER_get_iv_length(ci)) ||
	    ((EVP_CIPHER_get_flags(ci) & EVP_CIPH_FLAG_AEAD_CIPHER) &&
	     !s->tag.set)) {
		test_fail("%s:%d: Cipher = %s: no Key, IV or Tag", s->file,
			  s->line, s->alg);
		EVP_CIPHER_free(ci);
		return -1;
	}
	mode = EVP_CIPHER_get_mode(ci);
	flags = EVP_CIPHER_get_flags(ci);
	for (dir = 1; dir >= 0 && ok && !ended; dir--) {
		struct layout l = { .enc = dir };
		/* no fragments where an update is a whole message */
		int whole = mode == EVP_CIPH_CCM_MODE ||
			    mode == EVP_CIPH_XTS_MODE ||
			    (flags & EVP_CIPH_FLAG_CTS) != 0;
		int k;

		if (s->op != -1 && s->op != dir)
			continue;
		/* 2 output offsets x {in place, input aligned, off by one}
		 * x (un)fragmented. Every layout of a direction must give
		 * the same result: no error, or the expected one, which
		 * ends the stanza. */
		for (k = 0; k < (whole ? 6 : 12) && ok; k++) {
			const char *got, *why, *bad = NULL;
			char what[96];

			l.out_off = k % 2;
			l.in_place = k / 2 % 3 == 0;
			l.in_off = k / 2 % 3 == 2;
			l.frag = k / 6;
			got = cipher_run(s, ci, &l, &why);
			if (got == NULL && ended)
				bad = "no error here, an error in the "
				      "layouts before";
			else if (got != NULL &&
				 (want == NULL || strcmp(got, want) != 0))
				bad = "unexpected result";
			else if (got != NULL && k > 0 && !ended)
				bad = "an error here, none in the layouts "
				      "before";
			else if (got != NULL)
				ended = 1;
			if (bad == NULL)
				continue;
			describe(what, sizeof(what), &l);
			stanza_fail("%s:%d: Cipher = %s (%s): %s: %s%s%s, "
				    "expected %s (%s)",
				    s->file, s->line, s->alg, s->title, what,
				    got ? got : "no error", *why ? ": " : "",
				    why, want ? want : "no error", bad);
			if (got != NULL)
				ERR_print_errors_fp(stdout);
			ok = 0;
		}
	}
	if (ok && want != NULL && !ended) {
		stanza_fail("%s:%d: Cipher = %s (%s): no error, expected %s",
			    s->file, s->line, s->alg, s->title, want);
		ok = 0;
	}
	ERR_clear_error();
	EVP_CIPHER_free(ci);
	return ok;
}

/* ---- MACs -------------------------------------------------------------- */

/* One MAC computation in CTX over S's input, fed whole or as 1, n-2, 1
 * bytes (FRAG): NULL, or the failing step's name. */
static const char *mac_once(const struct stanza *s, EVP_MAC_CTX *ctx, int frag)
{
	const unsigned char *in = s->input.p;
	size_t n = s->input.n, len = 0, cut[3] = { n, 0, 0 }, i;
	unsigned char out[EVP_MAX_MD_SIZE];

	if (frag && n >= 2) {
		cut[0] = 1;
		cut[1] = n - 2;
		cut[2] = 1;
	}
	for (i = 0; i < 3; i++) {
		if (i > 0 && cut[i] == 0)
			continue;
		if (!EVP_MAC_update(ctx, in, cut[i]))
			return "MAC_UPDATE_ERROR";
		in += cut[i];
	}
	if (!EVP_MAC_final(ctx, NULL, &len, 0) || len > sizeof(out) ||
	    len != EVP_MAC_CTX_get_mac_size(ctx))
		return "MAC_FINAL_LENGTH_ERROR";
	if (!EVP_MAC_final(ctx, out, &len, sizeof(out)) || len != s->output.n ||
	    memcmp(out, s->output.p, len) != 0)
		return "TEST_MAC_ERR";
	return NULL;
}

/* The steps of a MAC stanza: NULL, or the failing step's name. */
static const char *mac_run(const struct stanza *s, EVP_MAC *mac)
{
	const OSSL_PARAM *known = EVP_MAC_settable_ctx_params(mac);
	OSSL_PARAM prm[3], *p = prm;
	unsigned char out[EVP_MAX_MD_SIZE];
	EVP_MAC_CTX *ctx = NULL;
	const char *err;
	size_t len = 0;

	if (s->sub[0] != '\0') {
		if (OSSL_PARAM_locate_const(known, OSSL_MAC_PARAM_CIPHER) ==
		    NULL)
			return "MAC_BAD_PARAMS";
		*p++ = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_CIPHER,
							(char *)s->sub, 0);
	}
	if (s->iv.set)
		*p++ = OSSL_PARAM_construct_octet_string(OSSL_MAC_PARAM_IV,
							 s->iv.p, s->iv.n);
	*p = OSSL_PARAM_construct_end();
	ctx = EVP_MAC_CTX_new(mac);
	if (ctx == NULL)
		return "MAC_CREATE_ERROR";
	err = "MAC_INIT_ERROR";
	runs++;
	if (!EVP_MAC_init(ctx, s->key.p, s->key.n, prm))
		goto out;
	if ((err = mac_once(s, ctx, 0)) != NULL)
		goto out;
	/* Again with the key kept (no key, no parameters), in pieces. */
	err = "MAC_REINIT_ERROR";
	if (!EVP_MAC_init(ctx, NULL, 0, NULL))
		goto out;
	if ((err = mac_once(s, ctx, 1)) != NULL)
		goto out;
	err = "EVP_Q_MAC_ERROR";
	if (EVP_Q_mac(lib, s->alg, propq, s->sub[0] ? s->sub : NULL, prm,
		      s->key.p, s->key.n, s->input.p, s->input.n, out,
		      sizeof(out), &len) == NULL ||
	    len != s->output.n || memcmp(out, s->output.p, len) != 0)
		goto out;
	err = NULL;
out:
	EVP_MAC_CTX_free(ctx);
	return err;
}

/* see cipher_stanza() */
static int mac_stanza(const struct stanza *s)
{
	const char *want = s->result[0] ? s->result : NULL, *got;
	EVP_MAC *mac = EVP_MAC_fetch(lib, s->alg, propq);
	const OSSL_PROVIDER *p = mac ? EVP_MAC_get0_provider(mac) : NULL;
	int ok = 1;

	if (mac == NULL || p == NULL ||
	    strcmp(OSSL_PROVIDER_get0_name(p), provname) != 0) {
		test_fail("%s:%d: MAC = %s: not offered by the provider %s",
			  s->file, s->line, s->alg, provname);
		EVP_MAC_free(mac);
		return -1;
	}
	if (!s->key.set || !s->input.set || (!s->output.set && want == NULL)) {
		test_fail("%s:%d: MAC = %s: no Key, Input or Output", s->file,
			  s->line, s->alg);
		EVP_MAC_free(mac);
		return -1;
	}
	got = mac_run(s, mac);
	if ((got == NULL) != (want == NULL) ||
	    (got != NULL && strcmp(got, want) != 0)) {
		stanza_fail("%s:%d: MAC = %s, Algorithm = %s (%s): %s, "
			    "expected %s",
			    s->file, s->line, s->alg, s->sub, s->title,
			    got ? got : "no error", want ? want : "no error");
		if (got != NULL)
			ERR_print_errors_fp(stdout);
		ok = 0;
	}
	ERR_clear_error();
	EVP_MAC_free(mac);
	return ok;
}

/* ---- files ------------------------------------------------------------- */

struct counts {
	unsigned long stanzas, passed, failed, elsewhere;
};

static void run_stanza(struct stanza *s, struct counts *n)
{
	int r;

	if (s->alg[0] == '\0')
		return; /* a Title */
	n->stanzas++;
	if (!meant_for_default(s->avail)) {
		n->elsewhere++;
		return;
	}
	r = s->is_mac ? mac_stanza(s) : cipher_stanza(s);
	if (expect_fail && r == 1)
		test_fail("%s:%d: %s = %s (%s): passed, expected to fail",
			  s->file, s->line, s->is_mac ? "MAC" : "Cipher",
			  s->alg, s->title);
	if (r == (expect_fail ? 0 : 1))
		n->passed++;
	else
		n->failed++;
}

static char *trim(char *p)
{
	char *e;

	while (*p == ' ' || *p == '\t')
		p++;
	e = p + strlen(p);
	while (e > p && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r' ||
			 e[-1] == '\n'))
		*--e = '\0';
	return p;
}

/* Every stanza of PATH; 0, or -1 if the file cannot be read or parsed. */
static int run_file(const char *path)
{
	static struct stanza s;
	struct counts n = { 0 };
	unsigned long runs0 = runs;
	FILE *f = fopen(path, "r");
	const char *base = strrchr(path, '/');
	char line[8192];
	int lineno = 0, open = 0, rc = 0;

	drivers[0] = '\0';

	base = base ? base + 1 : path;
	if (f == NULL) {
		perror(path);
		test_fail("%s: cannot be read", path);
		return -1;
	}
	memset(&s, 0, sizeof(s));
	stanza_clear(&s);
	s.file = base;
	for (;;) {
		char *got = fgets(line, sizeof(line), f), *k, *v, *eq;

		lineno++;
		if (got != NULL && strlen(line) == sizeof(line) - 1 &&
		    line[sizeof(line) - 2] != '\n') {
			test_fail("%s:%d: line too long", base, lineno);
			rc = -1;
			break;
		}
		k = got ? trim(line) : NULL;
		if (k == NULL || *k == '\0') {
			/* a blank line (or the end) ends a stanza */
			if (open)
				run_stanza(&s, &n);
			stanza_clear(&s);
			open = 0;
			if (k == NULL)
				break;
			continue;
		}
		if (*k == '#')
			continue;
		eq = strchr(k, '=');
		if (eq == NULL) {
			test_fail("%s:%d: no '=' in \"%s\"", base, lineno, k);
			rc = -1;
			break;
		}
		*eq = '\0';
		v = trim(eq + 1);
		k = trim(k);
		if (!open)
			s.line = lineno;
		open = 1;
		if (parse_line(&s, k, v)) {
			test_fail("%s:%d: \"%s\" unknown or malformed here",
				  base, lineno, k);
			rc = -1;
			break;
		}
	}
	fclose(f);
	stanza_clear(&s);
	printf("%s: %lu stanzas, %lu %s, %lu failed", base, n.stanzas, n.passed,
	       expect_fail ? "failed as expected" : "passed", n.failed);
	if (n.elsewhere)
		printf(", %lu not run (Availablein without default)",
		       n.elsewhere);
	printf(" [provider %s; %lu EVP runs]\n", provname, runs - runs0);
	if (drivers[0] != '\0')
		printf("%s: drivers:%s\n", base, drivers);
	if (n.stanzas == 0) {
		test_fail("%s: no stanza", base);
		rc = -1;
	}
	return rc;
}

/* The provider's policy as it reports it ("yes", "no"), or "?". */
static const char *policy(OSSL_PROVIDER *p)
{
	static char buf[16];
	const char *v = NULL;
	OSSL_PARAM prm[2] = { OSSL_PARAM_utf8_ptr("allow-variable-time",
						  (char **)&v, 0),
			      OSSL_PARAM_END };

	if (p == NULL || !OSSL_PROVIDER_get_params(p, prm) || v == NULL)
		return "?";
	snprintf(buf, sizeof(buf), "%s", v);
	return buf;
}

int main(int argc, char **argv)
{
	OSSL_PROVIDER *pdef = NULL, *pmod = NULL;
	const char *cnf = NULL;
	int i = 1, mod;

	for (; i < argc && argv[i][0] == '-'; i++) {
		if (strcmp(argv[i], "--expect-fail") == 0)
			expect_fail = 1;
		else if (i + 1 < argc && strcmp(argv[i], "--provider") == 0)
			provname = argv[++i];
		else if (i + 1 < argc && strcmp(argv[i], "--config") == 0)
			cnf = argv[++i];
		else
			break;
	}
	mod = strcmp(provname, "cryptarch") == 0;
	if (argc - i < 2 || (!mod && strcmp(provname, "default") != 0) ||
	    argv[i][0] == '-') {
		fprintf(stderr,
			"usage: %s [--provider cryptarch|default] "
			"[--config OPENSSL_CNF] [--expect-fail] MODULE_DIR "
			"FILE...\n",
			prog);
		return 2;
	}
	snprintf(propq, sizeof(propq), "provider=%s", provname);
	lib = OSSL_LIB_CTX_new();
	if (lib == NULL || !OSSL_PROVIDER_set_default_search_path(lib, argv[i]))
		test_fail("a library context with the module path %s", argv[i]);
	/* With --config the file loads (and configures) the providers;
	 * else they are loaded here, cryptarch with its defaults. */
	if (cnf != NULL && !OSSL_LIB_CTX_load_config(lib, cnf)) {
		ERR_print_errors_fp(stderr);
		test_fail("loading %s", cnf);
		return test_finish(prog);
	}
	pdef = OSSL_PROVIDER_load(lib, "default");
	if (mod)
		pmod = OSSL_PROVIDER_load(lib, "cryptarch");
	if (pdef == NULL || (mod && pmod == NULL)) {
		ERR_print_errors_fp(stderr);
		test_fail("loading the providers from %s", argv[i]);
		return test_finish(prog);
	}
	if (mod)
		printf("cryptarch: allow-variable-time = %s%s%s\n",
		       policy(pmod), cnf ? ", from " : "", cnf ? cnf : "");
	for (i++; i < argc; i++)
		run_file(argv[i]);
	OSSL_PROVIDER_unload(pmod);
	OSSL_PROVIDER_unload(pdef);
	OSSL_LIB_CTX_free(lib);
	return test_finish(prog);
}
