/* SPDX-License-Identifier: MIT */
/*
 * test-provider-mac.c - the OpenSSL provider's CMAC (provider/mac.c)
 * driven through EVP_MAC, against OpenSSL's default provider and the
 * library.
 *
 *   test-provider-mac MODULE_DIR VECTORS_DIR
 *
 * (MODULE_DIR absolute: the openssl.cnf written here names the module by
 * its path, which OpenSSL would otherwise look for in its modules
 * directory.) One library context loads the module from MODULE_DIR next to the
 * default provider. Checked:
 *   - the RFC 4493 / SP 800-38B vectors (VECTORS_DIR/aes-cmac.txt), each
 *     in one update and in random splits;
 *   - random call sequences on a pair of contexts, one of each provider,
 *     run in step: cipher set by its names, alias, OID and other cases
 *     (and an unknown one), init with a key (sometimes of a wrong length),
 *     with the cipher or the key in its parameters or without a key
 *     (same key, new message), the key set as a parameter, updates of 0
 *     to 2000 bytes, the contexts duplicated mid-stream (the copy goes on,
 *     the original is freed, or the copy ends a message of its own and
 *     then the original goes on), final with output buffers large enough
 *     and too small, and final again or further updates after final;
 *     every call's return value, the mac size and every tag equal the
 *     default provider's. The default provider's contexts fetch their
 *     cipher with provider=default, so the reference is all OpenSSL's;
 *   - Twofish: random messages split and duplicated, re-init without key,
 *     against cryptarch_shash_digest() of cmac(twofish);
 *   - errors, in both where both have the cipher: a wrong key length, an
 *     unknown cipher, no key, no cipher, parameters of the wrong type, a
 *     short output buffer; ciphers the default provider takes but
 *     cryptarch's CMAC refuses (ECB, CTR, Triple DES, ARIA, Camellia, SM4)
 *     fail with the provider's reason;
 *   - the "cryptarch-driver" parameter names the library's choice, under
 *     the default policy and, in a second library context that loads the
 *     module through an openssl.cnf with allow-variable-time = yes, under
 *     that policy (Twofish's messages run there again).
 * Cheap: well under a second.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/provider.h>

#include "cryptarch.h"
#include "prov.h" /* the provider's error reasons */
#include "util.h"
#include "vectors.h"

#define MAXMSG 2048

static struct test_rng rng;
static const char *prog = "test-provider-mac";
static OSSL_LIB_CTX *lib;
static EVP_MAC *mac_cap, *mac_def;
/* What the random sequences did: tags compared, copies made, finals
 * that continued a message after a final. */
static unsigned long n_tags, n_dups, n_refinal;

static unsigned rnd(unsigned n)
{
	return (unsigned)test_rng_below(&rng, n);
}

/* A context of MAC with cipher NAME (properties PROPQ), or NULL. */
static EVP_MAC_CTX *ctx_with(EVP_MAC *mac, const char *name, const char *propq)
{
	EVP_MAC_CTX *c = EVP_MAC_CTX_new(mac);
	OSSL_PARAM prm[3] = { OSSL_PARAM_utf8_string(OSSL_MAC_PARAM_CIPHER,
						     (char *)name, 0),
			      OSSL_PARAM_END, OSSL_PARAM_END };

	if (propq != NULL)
		prm[1] = OSSL_PARAM_construct_utf8_string(
			OSSL_MAC_PARAM_PROPERTIES, (char *)propq, 0);
	if (c != NULL && !EVP_MAC_CTX_set_params(c, prm)) {
		EVP_MAC_CTX_free(c);
		return NULL;
	}
	return c;
}

/* The tag of MSG through the provider's context C (keyed by init with
 * KEY), in random updates, perhaps duplicated on the way. */
static int mac_split(EVP_MAC_CTX **cp, const uint8_t *key, size_t keylen,
		     const uint8_t *msg, size_t len, int split, uint8_t *out)
{
	size_t off = 0, chunk, ol = 0;
	EVP_MAC_CTX *n;

	if (key != NULL && !EVP_MAC_init(*cp, key, keylen, NULL))
		return 0;
	if (key == NULL && !EVP_MAC_init(*cp, NULL, 0, NULL))
		return 0;
	do {
		chunk = len - off;
		if (split && chunk > 0)
			chunk = rnd(3) ? rnd(40) : rnd((unsigned)chunk + 1);
		if (chunk > len - off)
			chunk = len - off;
		if (split && rnd(6) == 0) {
			n = EVP_MAC_CTX_dup(*cp);
			if (n == NULL)
				return 0;
			EVP_MAC_CTX_free(*cp);
			*cp = n;
		}
		if (!EVP_MAC_update(*cp, msg + off, chunk))
			return 0;
		off += chunk;
	} while (off < len);
	return EVP_MAC_final(*cp, out, &ol, 16) && ol == 16;
}

/* ---- the known answers ---------------------------------------------- */

static void check_vectors(const char *dir)
{
	static const char *const names[] = { "", "AES-128-CBC", "AES-192-CBC",
					     "AES-256-CBC" };
	struct vector_set set = { 0 };
	uint8_t out[16];
	size_t i, n = 0;
	unsigned k;

	if (vectors_load_file(&set, dir, "aes-cmac.txt")) {
		test_fail("reading %s/aes-cmac.txt", dir);
		return;
	}
	for (i = 0; i < set.n; i++) {
		const struct vector *v = &set.v[i];
		EVP_MAC_CTX *c;

		if (v->kind != VECTOR_MAC || strcmp(v->mode, "cmac") != 0 ||
		    v->keylen % 8 || v->keylen < 16 || v->keylen > 32 ||
		    v->digestlen != 16) {
			test_fail("%s:%u: not an AES-CMAC vector", v->file,
				  v->line);
			continue;
		}
		for (k = 0; k < 8; k++) {
			c = ctx_with(mac_cap, names[v->keylen / 8 - 1], NULL);
			if (c == NULL ||
			    !mac_split(&c, v->key, v->keylen, v->msg, v->len,
				       k != 0, out))
				test_fail("%s:%u: EVP_MAC calls fail", v->file,
					  v->line);
			else
				test_compare(out, v->digest, 16,
					     "%s:%u: split %u", v->file,
					     v->line, k);
			EVP_MAC_CTX_free(c);
		}
		n++;
	}
	printf("%zu vectors of aes-cmac.txt\n", n);
	if (n == 0)
		test_fail("no vector in %s/aes-cmac.txt", dir);
	vectors_free(&set);
}

/* ---- a pair of contexts run in step --------------------------------- */

struct pair {
	EVP_MAC_CTX *a, *b; /* a: cryptarch; b: the default provider */
	unsigned finals;    /* tags since the last init */
	char log[1024];	    /* the calls so far, for a failure */
};

static void note(struct pair *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void note(struct pair *p, const char *fmt, ...)
{
	size_t l = strlen(p->log);
	va_list ap;

	if (l > sizeof(p->log) - 40) {
		memmove(p->log, p->log + l - 400, 401);
		l = strlen(p->log);
	}
	va_start(ap, fmt);
	vsnprintf(p->log + l, sizeof(p->log) - l, fmt, ap);
	va_end(ap);
}

static int same(struct pair *p, int ra, int rb, const char *what)
{
	ERR_clear_error();
	if ((ra != 0) == (rb != 0))
		return 1;
	test_fail("%s: cryptarch %d, default %d after: %s", what, ra, rb,
		  p->log);
	return 0;
}

/* Names both providers take for AES-CBC, and one neither does. */
static const char *const aes_names[] = {
	"AES-128-CBC",
	"aes-128-cbc",
	"AES128",
	"2.16.840.1.101.3.4.1.2",
	"AES-192-CBC",
	"aes192",
	"2.16.840.1.101.3.4.1.22",
	"AES-256-CBC",
	"Aes-256-Cbc",
	"AES256",
	"2.16.840.1.101.3.4.1.42",
	"NO-SUCH-CIPHER",
};

static size_t keylen_of(unsigned name)
{
	return name < 4 ? 16 : name < 7 ? 24 : 32;
}

/*
 * One step on the pair. The default provider's cipher comes with
 * properties provider=default (else it might fetch cryptarch's cipher);
 * cryptarch's context gets various properties, which it accepts and
 * ignores.
 */
static int step(struct pair *p, unsigned *cur)
{
	static uint8_t msg[MAXMSG];
	static const char *const propqs[] = { NULL, "provider=default",
					      "provider=cryptarch", "" };
	uint8_t key[40], oa[64], ob[64];
	size_t la = 0, lb = 0, len, keylen;
	unsigned op = rnd(16),
		 nm = rnd(sizeof(aes_names) / sizeof(aes_names[0]));
	const char *pa = propqs[rnd(4)];
	OSSL_PARAM prma[4], prmb[4];
	unsigned na = 0, nb = 0;
	int ra, rb, with_cipher = 0, with_key = 0;

	test_rng_fill(&rng, key, sizeof(key));
	if (op <= 2) {
		/* set the cipher (and maybe the key) as parameters */
		with_cipher = 1;
		with_key = op == 2;
	} else if (op <= 5) {
		/* init with a key, the cipher in its parameters or not */
		with_cipher = op == 3;
	} else if (op == 6) {
		/* init with the key in its parameters */
		with_key = 1;
	}
	/* Mostly the length of the cipher that the key will be for. */
	keylen = rnd(6) ? keylen_of(with_cipher && nm < 11 ? nm : *cur) :
			  (size_t[]){ 0, 8, 15, 17, 24, 31, 33, 40 }[rnd(8)];
	if (with_cipher) {
		prma[na++] = OSSL_PARAM_construct_utf8_string(
			OSSL_MAC_PARAM_CIPHER, (char *)aes_names[nm], 0);
		prmb[nb++] = prma[0];
		if (pa != NULL)
			prma[na++] = OSSL_PARAM_construct_utf8_string(
				OSSL_MAC_PARAM_PROPERTIES, (char *)pa, 0);
		prmb[nb++] = OSSL_PARAM_construct_utf8_string(
			OSSL_MAC_PARAM_PROPERTIES, "provider=default", 0);
		if (nm < 11)
			*cur = nm;
	}
	if (with_key) {
		prma[na++] = OSSL_PARAM_construct_octet_string(
			OSSL_MAC_PARAM_KEY, key, keylen);
		prmb[nb++] = prma[na - 1];
	}
	prma[na] = OSSL_PARAM_construct_end();
	prmb[nb] = OSSL_PARAM_construct_end();

	if (op <= 2) {
		note(p, "set(%s%s) ", aes_names[nm], with_key ? ", key" : "");
		ra = EVP_MAC_CTX_set_params(p->a, prma);
		rb = EVP_MAC_CTX_set_params(p->b, prmb);
		if (with_key)
			note(p, "[%zu] ", keylen);
	} else if (op <= 5) {
		note(p, "init(key %zu%s%s) ", keylen, with_cipher ? ", " : "",
		     with_cipher ? aes_names[nm] : "");
		ra = EVP_MAC_init(p->a, key, keylen, prma);
		rb = EVP_MAC_init(p->b, key, keylen, prmb);
		p->finals = 0;
	} else if (op <= 7) {
		note(p, "init(%s) ", with_key ? "param key" : "no key");
		if (with_key)
			note(p, "[%zu] ", keylen);
		ra = EVP_MAC_init(p->a, NULL, 0, prma);
		rb = EVP_MAC_init(p->b, NULL, 0, prmb);
		p->finals = 0;
	} else if (op <= 12) {
		len = rnd(8) ? rnd(70) : rnd(MAXMSG + 1);
		if (rnd(8) == 0)
			len = 0;
		test_rng_fill(&rng, msg, len);
		note(p, "update(%zu) ", len);
		ra = EVP_MAC_update(p->a, msg, len);
		rb = EVP_MAC_update(p->b, msg, len);
	} else if (op == 13) {
		EVP_MAC_CTX *da = EVP_MAC_CTX_dup(p->a);
		EVP_MAC_CTX *db = EVP_MAC_CTX_dup(p->b);

		note(p, "dup ");
		ra = da != NULL;
		rb = db != NULL;
		n_dups += ra && rb;
		if (ra && rb) {
			/* Go on with the copy, or with the original after
			 * the copy has had a message of its own. */
			if (rnd(2)) {
				EVP_MAC_CTX_free(p->a);
				EVP_MAC_CTX_free(p->b);
				p->a = da;
				p->b = db;
			} else {
				len = rnd(50);
				test_rng_fill(&rng, msg, len);
				ra = EVP_MAC_update(da, msg, len) &&
				     EVP_MAC_final(da, oa, &la, sizeof(oa));
				rb = EVP_MAC_update(db, msg, len) &&
				     EVP_MAC_final(db, ob, &lb, sizeof(ob));
				EVP_MAC_CTX_free(da);
				EVP_MAC_CTX_free(db);
				if (!ra || !rb || la != 16 || lb != 16 ||
				    test_compare(oa, ob, 16,
						 "the copy's tag after: %s",
						 p->log))
					test_fail("the copy's update(%zu), "
						  "final: %d, default %d",
						  len, ra, rb);
				ra = rb = 1;
			}
		} else {
			EVP_MAC_CTX_free(da);
			EVP_MAC_CTX_free(db);
		}
	} else {
		size_t os = rnd(5) ? 16 + rnd(3) * 24 : rnd(16);

		note(p, "final(%zu) ", os);
		ra = EVP_MAC_final(p->a, oa, &la, os);
		rb = EVP_MAC_final(p->b, ob, &lb, os);
		if (ra && rb &&
		    (la != lb || la != 16 ||
		     test_compare(oa, ob, 16, "tag after: %s", p->log)))
			return 0;
		if (ra && rb) {
			n_tags++;
			n_refinal += p->finals++ > 0;
		}
	}
	if (!same(p, ra, rb, "return value"))
		return 0;
	la = EVP_MAC_CTX_get_mac_size(p->a);
	lb = EVP_MAC_CTX_get_mac_size(p->b);
	if (la != lb) {
		test_fail("mac size %zu, default %zu after: %s", la, lb,
			  p->log);
		return 0;
	}
	return 1;
}

static void check_random(unsigned rounds)
{
	unsigned i, j, cur;
	struct pair p;

	for (i = 0; i < rounds; i++) {
		p.a = EVP_MAC_CTX_new(mac_cap);
		p.b = EVP_MAC_CTX_new(mac_def);
		p.log[0] = '\0';
		p.finals = 0;
		cur = 0;
		/* Mostly a cipher and a key first, then anything. */
		if (rnd(8) != 0) {
			unsigned nm = rnd(11);
			uint8_t key[32];
			OSSL_PARAM a[2] = { OSSL_PARAM_utf8_string(
						    OSSL_MAC_PARAM_CIPHER,
						    (char *)aes_names[nm], 0),
					    OSSL_PARAM_END };
			OSSL_PARAM b[3] = { a[0],
					    OSSL_PARAM_utf8_string(
						    OSSL_MAC_PARAM_PROPERTIES,
						    "provider=default", 0),
					    OSSL_PARAM_END };
			int ra, rb;

			test_rng_fill(&rng, key, sizeof(key));
			cur = nm;
			note(&p, "init(key %zu, %s) ", keylen_of(nm),
			     aes_names[nm]);
			ra = EVP_MAC_init(p.a, key, keylen_of(nm), a);
			rb = EVP_MAC_init(p.b, key, keylen_of(nm), b);
			if (!same(&p, ra, rb, "first init") || !ra)
				test_fail("first init fails");
		}
		for (j = 0; j < 40; j++)
			if (!step(&p, &cur))
				break;
		EVP_MAC_CTX_free(p.a);
		EVP_MAC_CTX_free(p.b);
	}
	printf("%u random sequences: %lu tags equal (%lu after a final), "
	       "%lu copies\n",
	       rounds, n_tags, n_refinal, n_dups);
	if (n_tags < rounds || n_dups < rounds / 4 || n_refinal == 0)
		test_fail("the random sequences compared too little");
}

/* ---- Twofish, against the library ----------------------------------- */

/* MAC: cryptarch's CMAC in a library context whose provider has policy
 * FLAGS. */
static void check_twofish(EVP_MAC *mac, unsigned flags, unsigned rounds)
{
	static const char *const names[] = { "TWOFISH-128-CBC",
					     "twofish-192-cbc",
					     "Twofish-256-CBC" };
	static uint8_t msg[MAXMSG];
	cryptarch_shash *h = NULL;
	uint8_t key[32], want[16], got[16];
	unsigned i, nm;
	size_t len, keylen;
	EVP_MAC_CTX *c;
	int err;

	err = cryptarch_shash_new(&h, "cmac(twofish)", flags);
	c = ctx_with(mac, names[0], NULL);
	if ((err == 0) != (c != NULL)) {
		test_fail("TWOFISH-128-CBC: set %s, cryptarch_shash_new %d",
			  c ? "works" : "fails", err);
		goto out;
	}
	if (err) {
		printf("cmac(twofish), flags %#x: %s, refused by the provider "
		       "too\n",
		       flags, cryptarch_strerror(err));
		goto out;
	}
	EVP_MAC_CTX_free(c);
	c = NULL;
	for (i = 0; i < rounds; i++) {
		nm = rnd(3);
		keylen = 16 + 8 * nm;
		len = rnd(4) ? rnd(100) : rnd(MAXMSG + 1);
		test_rng_fill(&rng, key, keylen);
		test_rng_fill(&rng, msg, len);
		if (cryptarch_shash_setkey(h, key, keylen) ||
		    cryptarch_shash_digest(h, msg, len, want)) {
			test_fail("cmac(twofish): the library's digest");
			break;
		}
		c = ctx_with(mac_cap, names[nm], NULL);
		if (c == NULL ||
		    !mac_split(&c, key, keylen, msg, len, 1, got)) {
			test_fail("%s: EVP_MAC calls fail (len %zu)", names[nm],
				  len);
		} else {
			test_compare(got, want, 16, "%s: len %zu", names[nm],
				     len);
			/* Again without key: same key, a new message. */
			if (!mac_split(&c, NULL, 0, msg, len, 1, got))
				test_fail("%s: re-init without key", names[nm]);
			else
				test_compare(got, want, 16,
					     "%s: re-init, len "
					     "%zu",
					     names[nm], len);
		}
		EVP_MAC_CTX_free(c);
		c = NULL;
	}
out:
	EVP_MAC_CTX_free(c);
	cryptarch_shash_free(h);
}

/* ---- errors and parameters ------------------------------------------ */

static void check_refused(const char *name)
{
	EVP_MAC_CTX *c = ctx_with(mac_cap, name, NULL);
	unsigned long e = ERR_peek_last_error();

	if (c != NULL)
		test_fail("%s: cryptarch's CMAC takes it", name);
	else if (ERR_GET_REASON(e) != CAP_R_UNSUPPORTED_CIPHER)
		test_fail("%s: refused with reason %d, not 'cipher not "
			  "supported'",
			  name, ERR_GET_REASON(e));
	ERR_clear_error();
	EVP_MAC_CTX_free(c);
}

static void check_errors(void)
{
	static const char *const refused[] = {
		"AES-128-ECB",	    "AES-256-ECB",
		"DES-EDE3-CBC",	    "ARIA-128-CBC",
		"CAMELLIA-128-CBC", "AES-128-CTR",
		"SM4-CBC",	    "",
	};
	EVP_MAC *macs[2] = { mac_cap, mac_def };
	uint8_t key[33] = { 7 }, out[16];
	size_t i, k, ol;

	for (k = 0; k < 2; k++) {
		const char *who = k ? "default" : "cryptarch";
		const char *pq = k ? "provider=default" : NULL;
		EVP_MAC_CTX *c;

		/* a wrong key length: init fails, no key is left */
		for (i = 0; i <= 33; i++) {
			c = ctx_with(macs[k], "AES-192-CBC", pq);
			if (c == NULL ||
			    (EVP_MAC_init(c, key, i, NULL) == 1) != (i == 24))
				test_fail("%s: AES-192-CBC, %zu-byte key", who,
					  i);
			if (c != NULL && i != 24 &&
			    (EVP_MAC_init(c, NULL, 0, NULL) ||
			     EVP_MAC_update(c, key, 1)))
				test_fail("%s: a key is left after a %zu-byte "
					  "one",
					  who, i);
			EVP_MAC_CTX_free(c);
		}
		/* an unknown cipher, no cipher, no key */
		if (ctx_with(macs[k], "NO-SUCH-CIPHER", pq) != NULL)
			test_fail("%s: NO-SUCH-CIPHER taken", who);
		c = EVP_MAC_CTX_new(macs[k]);
		if (EVP_MAC_init(c, key, 16, NULL))
			test_fail("%s: a key without a cipher", who);
		EVP_MAC_CTX_free(c);
		c = ctx_with(macs[k], "AES-128-CBC", pq);
		if (EVP_MAC_init(c, NULL, 0, NULL) ||
		    EVP_MAC_update(c, key, 1) ||
		    EVP_MAC_final(c, out, &ol, sizeof(out)) ||
		    EVP_MAC_CTX_dup(c) != NULL)
			test_fail("%s: calls without a key work", who);
		/* parameters of the wrong type fail; the cipher chosen
		 * before stays */
		{
			int x = 1;
			OSSL_PARAM bad[3][2] = {
				{ OSSL_PARAM_int(OSSL_MAC_PARAM_CIPHER, &x),
				  OSSL_PARAM_END },
				{ OSSL_PARAM_int(OSSL_MAC_PARAM_PROPERTIES, &x),
				  OSSL_PARAM_END },
				{ OSSL_PARAM_utf8_string(OSSL_MAC_PARAM_KEY,
							 "0123456789abcdef", 0),
				  OSSL_PARAM_END },
			};

			EVP_MAC_CTX_free(c);
			c = ctx_with(macs[k], "AES-256-CBC", pq);
			for (i = 0; i < 3; i++)
				if (c == NULL ||
				    EVP_MAC_CTX_set_params(c, bad[i]))
					test_fail("%s: bad parameter %s taken",
						  who, bad[i][0].key);
			if (c == NULL || !EVP_MAC_init(c, key, 32, NULL))
				test_fail("%s: AES-256-CBC lost", who);
		}
		/* a short output buffer */
		if (!EVP_MAC_init(c, key, 32, NULL) ||
		    EVP_MAC_final(c, out, &ol, 15))
			test_fail("%s: final into 15 bytes", who);
		EVP_MAC_CTX_free(c);
		ERR_clear_error();
	}
	/* Taken by OpenSSL 3.0's CMAC (ECB and CTR give no CMAC there),
	 * not by cryptarch's. */
	for (i = 0; i < sizeof(refused) / sizeof(refused[0]); i++)
		check_refused(refused[i]);
}

/* The "cryptarch-driver" of a keyed context of MAC (a provider with
 * policy FLAGS) names the driver the library chooses under FLAGS. */
static void check_driver(EVP_MAC *mac, unsigned flags, const char *label)
{
	static const char *const names[] = { "AES-128-CBC", "TWOFISH-256-CBC" };
	static const char *const tfms[] = { "cmac(aes)", "cmac(twofish)" };
	uint8_t key[32] = { 3 };
	size_t size = 0, bs = 0;
	unsigned i;

	for (i = 0; i < 2; i++) {
		cryptarch_shash *h = NULL;
		EVP_MAC_CTX *c = ctx_with(mac, names[i], NULL);
		const char *drv = NULL;
		OSSL_PARAM p[4] = {
			OSSL_PARAM_utf8_ptr("cryptarch-driver", (char **)&drv,
					    0),
			OSSL_PARAM_size_t(OSSL_MAC_PARAM_SIZE, &size),
			OSSL_PARAM_size_t(OSSL_MAC_PARAM_BLOCK_SIZE, &bs),
			OSSL_PARAM_END
		};

		if (cryptarch_shash_new(&h, tfms[i], flags)) {
			EVP_MAC_CTX_free(c);
			continue;
		}
		if (c == NULL || !EVP_MAC_init(c, key, 16 + 16 * i, NULL) ||
		    !EVP_MAC_CTX_get_params(c, p) || drv == NULL ||
		    strcmp(drv, cryptarch_shash_driver(h)) != 0 || size != 16 ||
		    bs != 16)
			test_fail("%s: %s: cryptarch-driver '%s' (the library "
				  "chose '%s'), size %zu, block size %zu",
				  label, names[i], drv ? drv : "(none)",
				  cryptarch_shash_driver(h), size, bs);
		else
			printf("%s: %s: %s\n", label, names[i], drv);
		EVP_MAC_CTX_free(c);
		cryptarch_shash_free(h);
	}
	ERR_clear_error();
}

static void check_params(void)
{
	const OSSL_PARAM *s = EVP_MAC_settable_ctx_params(mac_cap);
	const OSSL_PARAM *g = EVP_MAC_gettable_ctx_params(mac_cap);
	size_t size = 0, bs = 0;

	if (OSSL_PARAM_locate_const(s, OSSL_MAC_PARAM_CIPHER) == NULL ||
	    OSSL_PARAM_locate_const(s, OSSL_MAC_PARAM_PROPERTIES) == NULL ||
	    OSSL_PARAM_locate_const(s, OSSL_MAC_PARAM_KEY) == NULL ||
	    OSSL_PARAM_locate_const(g, OSSL_MAC_PARAM_SIZE) == NULL ||
	    OSSL_PARAM_locate_const(g, OSSL_MAC_PARAM_BLOCK_SIZE) == NULL ||
	    OSSL_PARAM_locate_const(g, "cryptarch-driver") == NULL)
		test_fail("settable/gettable context parameters");
	{
		OSSL_PARAM p[3] = {
			OSSL_PARAM_size_t(OSSL_MAC_PARAM_SIZE, &size),
			OSSL_PARAM_size_t(OSSL_MAC_PARAM_BLOCK_SIZE, &bs),
			OSSL_PARAM_END
		};

		if (!EVP_MAC_get_params(mac_cap, p) || size != 16 || bs != 16)
			test_fail("CMAC's size %zu, block size %zu", size, bs);
	}
	check_driver(mac_cap, 0, "default policy");
	ERR_clear_error();
}

/* The provider loaded through an openssl.cnf with allow-variable-time =
 * yes: its handles are allocated under that policy. */
static void check_policy(const char *dir, unsigned rounds)
{
	OSSL_LIB_CTX *vt = OSSL_LIB_CTX_new();
	EVP_MAC *mac = NULL;
	char cnf[4096];
	FILE *f;
	int fd;

	snprintf(cnf, sizeof(cnf), "%s/test-provider-mac.XXXXXX.cnf",
		 getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	fd = mkstemps(cnf, 4);
	f = fd < 0 ? NULL : fdopen(fd, "w");
	if (f == NULL || vt == NULL) {
		test_fail("cannot write %s", cnf);
		OSSL_LIB_CTX_free(vt);
		return;
	}
	fprintf(f,
		"openssl_conf = init\n[init]\nproviders = provs\n"
		"[provs]\ncryptarch = csect\n"
		"[csect]\nmodule = %s/cryptarch.so\n"
		"allow-variable-time = yes\nactivate = 1\n",
		dir);
	fclose(f);
	if (!OSSL_LIB_CTX_load_config(vt, cnf) ||
	    (mac = EVP_MAC_fetch(vt, "CMAC", "provider=cryptarch")) == NULL) {
		ERR_print_errors_fp(stderr);
		test_fail("loading %s, fetching CMAC", cnf);
	} else {
		check_driver(mac, CRYPTARCH_ALLOW_VARIABLE_TIME,
			     "allow-variable-time");
		check_twofish(mac, CRYPTARCH_ALLOW_VARIABLE_TIME, rounds / 4);
	}
	remove(cnf);
	EVP_MAC_free(mac);
	OSSL_LIB_CTX_free(vt);
}

int main(int argc, char **argv)
{
	unsigned rounds = (unsigned)test_env_count("CRYPTARCH_TEST_ITER", 150);
	OSSL_PROVIDER *pdef, *pcap;

	if (argc != 3) {
		fprintf(stderr, "usage: %s MODULE_DIR VECTORS_DIR\n", argv[0]);
		return 2;
	}
	test_rng_init(&rng, test_seed(prog, 15));
	lib = OSSL_LIB_CTX_new();
	OSSL_PROVIDER_set_default_search_path(lib, argv[1]);
	pdef = OSSL_PROVIDER_load(lib, "default");
	pcap = OSSL_PROVIDER_load(lib, "cryptarch");
	mac_cap = EVP_MAC_fetch(lib, "CMAC", "provider=cryptarch");
	mac_def = EVP_MAC_fetch(lib, "CMAC", "provider=default");
	if (pdef == NULL || pcap == NULL || mac_cap == NULL ||
	    mac_def == NULL) {
		ERR_print_errors_fp(stderr);
		test_fail("loading the providers from %s, fetching CMAC",
			  argv[1]);
		return test_finish(prog);
	}
	check_vectors(argv[2]);
	check_params();
	check_errors();
	check_random(rounds * 4);
	check_twofish(mac_cap, 0, rounds);
	check_policy(argv[1], rounds);
	EVP_MAC_free(mac_cap);
	EVP_MAC_free(mac_def);
	OSSL_PROVIDER_unload(pcap);
	OSSL_PROVIDER_unload(pdef);
	OSSL_LIB_CTX_free(lib);
	return test_finish(prog);
}
