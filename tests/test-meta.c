/* SPDX-License-Identifier: MIT */
/*
 * test-meta.c - the vectors cover the registry and nothing else: it fails
 * if a registered driver (available here or not) has no vectors for its
 * cipher in one of the skcipher modes (ecb, cbc, ctr, xts, xctr, cts,
 * essiv), shash templates over a cipher (cmac, xcbc, cbcmac) or aead
 * templates over a cipher (gcm, ccm), except the pairs listed in
 * no_vectors[] with the reason (no published vectors exist), or a hash
 * driver none for its hash (MAC vectors for a keyed one, MD for an
 * unkeyed one); or if a vector file holds a block that no driver uses
 * (unknown ALG or MODE), a block whose fields do not fit its mode (IV,
 * IV_OUT, lengths, CTS, key size, digest size; an aead vector's nonce and
 * tag lengths), a block without its "# source:" line, or a file named
 * other than <alg>-<mode>.txt (a hash: <alg>.txt) after its blocks. The descriptors
 * are held to the design too: a driver that claims constant-time states
 * how that claim is verified (its .ct: a method, or a reason why not) and
 * a table-based one states nothing, with no unknown method bits and trace
 * targets exactly for a qemu trace; no two drivers share a name; every
 * driver's algorithm has known answers and is of a registered type; a
 * cipher driver has its three single-block functions and no type
 * operations, a driver of another type (sha256-generic) its type's
 * operations (struct cryptarch_shash_ops, sane sizes) and single-block
 * functions only where its algorithm is keyed; a GHASH driver (algorithm
 * ghash, src/ghash/ghash.h) is constant-time, keeps a key context, has
 * setkey only and the common shash operations of ghash.c with its block
 * function (CRYPTARCH_DRIVER_GHASH: the gcm template calls that function
 * through them); every hook of a driver
 * names a registered template, once, with operations, and no priority for
 * an operation its type does not have; the CBC-MAC chain hook comes for
 * cmac, xcbc and cbcmac together with one function; every registered
 * template has known answers, each named by a name that parses, has that
 * template at its root and stands for instances of registered algorithms,
 * and each answer (the templates' and the hash algorithms') is run through
 * the public API on every instance of its name available here.
 *
 * Usage: test-meta VECTORS_DIR
 *        test-meta --list    (one "driver cipher priority" line per
 *                             registered driver of a block cipher, for
 *                             cli-test.sh)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aead.h"
#include "desc.h"
#include "ghash/ghash.h"
#include "hex.h"
#include "modes/cbcmac.h"
#include "registry.h"
#include "select.h"
#include "shash.h"
#include "skcipher.h"
#include "spec.h"
#include "util.h"
#include "vectors.h"

/*
 * Cipher and mode pairs without published vectors: the modes apply to
 * every 128-bit block cipher, but the sources (the RFCs, NIST, the
 * kernel's testmgr) give them for AES only. These instances are held to
 * the AES-checked templates by test-diff (every implementation against
 * every other), test-modes' models and the peers (libgcrypt: CTS and
 * CMAC over Twofish; GCM and CCM over Twofish too).
 */
static const struct {
	const char *cipher, *mode;
} no_vectors[] = {
	{ "twofish", "xctr" }, { "twofish", "cts" },  { "twofish", "essiv" },
	{ "twofish", "cmac" }, { "twofish", "xcbc" }, { "twofish", "cbcmac" },
	{ "twofish", "gcm" },  { "twofish", "ccm" },
};

static int excused(const char *cipher, const char *mode)
{
	size_t i;

	for (i = 0; i < sizeof(no_vectors) / sizeof(no_vectors[0]); i++)
		if (strcmp(no_vectors[i].cipher, cipher) == 0 &&
		    strcmp(no_vectors[i].mode, mode) == 0)
			return 1;
	return 0;
}

/* The shash template over a block cipher named NAME ("cmac"), or NULL. */
static const struct cryptarch_template *mac_template(const char *name)
{
	const struct cryptarch_template *t =
		cryptarch_template_find(name, strlen(name));

	return t && t->type == &cryptarch_type_shash && t->nargs == 1 &&
			       t->args[0] == &cryptarch_type_cipher ?
		       t :
		       NULL;
}

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

/* The aead template named NAME ("gcm"): a registered template of the
 * type "aead", or NULL. */
static const struct cryptarch_template *aead_template(const char *name)
{
	const struct cryptarch_type *aead = cryptarch_type_find("aead");
	const struct cryptarch_template *t =
		cryptarch_template_find(name, strlen(name));

	/* "gcm": the alias of gcm_base */
	if (!t)
		t = cryptarch_template_find_alias(name, strlen(name));
	return aead && t && t->type == aead ? t : NULL;
}

/* An aead template whose instances are per block cipher (its first
 * argument a cipher, or its alias taking one: gcm(aes)), so its vectors
 * are per cipher as the modes' are; or NULL. */
static const struct cryptarch_template *
aead_template_over_cipher(const struct cryptarch_template *t)
{
	return t && t->type == cryptarch_type_find("aead") && t->nargs >= 1 &&
			       (t->args[0] == &cryptarch_type_cipher ||
				t->alias) ?
		       t :
		       NULL;
}

/* A driver of hash ALG (an algorithm of type shash with its operations),
 * or NULL. */
static const struct cryptarch_driver *hash_driver(const char *alg)
{
	size_t n = cryptarch_driver_count(), i;

	for (i = 0; i < n; i++) {
		const struct cryptarch_driver *d = cryptarch_driver_at(i);

		if (strcmp(d->alg->name, alg) == 0 &&
		    d->alg->type == &cryptarch_type_shash && d->type_ops)
			return d;
	}
	return NULL;
}

/* Hash ALG's digest size, or 0 if no driver implements it. */
static size_t hash_digestsize(const char *alg)
{
	const struct cryptarch_driver *d = hash_driver(alg);
	const struct cryptarch_shash_ops *o = d ? d->type_ops : NULL;

	return o ? o->digestsize : 0;
}

/* A keyed hash vector without MODE: ALG is the keyed hash ("ghash"). */
static void check_keyed_leaf(const struct vector *v)
{
	const struct cryptarch_driver *d = hash_driver(v->alg);
	size_t ds, kmin, kmax;

	if (d) {
		ds = hash_digestsize(v->alg);
		kmin = d->alg->min_keysize;
		kmax = d->alg->max_keysize;
	} else {
		test_fail("%s:%u: ALG '%s' is no keyed hash a driver "
			  "implements",
			  v->file, v->line, v->alg);
		return;
	}
	if (kmax == 0)
		test_fail("%s:%u: %s is an unkeyed hash: its vectors have MD "
			  "and no KEY",
			  v->file, v->line, v->alg);
	else if (v->keylen < kmin || v->keylen > kmax)
		test_fail("%s:%u: a %zu-byte key, %s takes %zu..%zu", v->file,
			  v->line, v->keylen, v->alg, kmin, kmax);
	if (v->digestlen != ds)
		test_fail("%s:%u: MAC of %zu bytes, %s digests are %zu",
			  v->file, v->line, v->digestlen, v->alg, ds);
}

static void check_hash_vector(const struct vector *v)
{
	const struct cryptarch_template *t = NULL;
	char expect[64];

	if (!v->mode[0])
		snprintf(expect, sizeof(expect), "%s.txt", v->alg);
	else
		snprintf(expect, sizeof(expect), "%s-%s.txt", v->alg, v->mode);
	if (strcmp(expect, v->file) != 0)
		test_fail("%s:%u: this block belongs in %s", v->file, v->line,
			  expect);
	if (v->kind == VECTOR_HASH) {
		const struct cryptarch_driver *d = hash_driver(v->alg);
		size_t ds = hash_digestsize(v->alg);

		if (!ds)
			test_fail("%s:%u: ALG '%s' is no hash a driver "
				  "implements",
				  v->file, v->line, v->alg);
		else if (v->digestlen != ds)
			test_fail("%s:%u: MD of %zu bytes, %s digests are %zu",
				  v->file, v->line, v->digestlen, v->alg, ds);
		if (d && d->alg->max_keysize)
			test_fail("%s:%u: %s is a keyed hash: its vectors have "
				  "KEY and MAC",
				  v->file, v->line, v->alg);
		return;
	}
	if (!v->mode[0]) {
		check_keyed_leaf(v);
		return;
	}
	t = mac_template(v->mode);
	if (!t) {
		test_fail("%s:%u: MODE '%s' is no registered shash template "
			  "over a cipher",
			  v->file, v->line, v->mode);
		return;
	}
	if (!user(v->alg, v->keylen) || (t->keysize && v->keylen != t->keysize))
		test_fail("%s:%u: ALG '%s' with a %zu-byte %s key: used by "
			  "no registered driver",
			  v->file, v->line, v->alg, v->keylen, v->mode);
	if (v->digestlen != 16)
		test_fail("%s:%u: %s MAC of %zu bytes, not the block size",
			  v->file, v->line, v->mode, v->digestlen);
}

/*
 * The nonce, tag and length rules of aead MODE (include/cryptarch.h: NIST
 * SP 800-38D for gcm, SP 800-38C and RFC 3610 for ccm), the same for a
 * FAIL vector (whose tag must be refused as wrong, not as ill-sized).
 * Returns 0 if MODE has no rules here.
 */
static int aead_rules(const struct vector *v)
{
	size_t t = v->taglen;

	if (strcmp(v->mode, "gcm") == 0) {
		if (v->ivlen < 1)
			test_fail("%s:%u: gcm without a nonce", v->file,
				  v->line);
		if (t != 4 && t != 8 && (t < 12 || t > 16))
			test_fail("%s:%u: a %zu-byte gcm tag (4, 8, 12..16)",
				  v->file, v->line, t);
		if ((uint64_t)v->len > ((uint64_t)1 << 36) - 32)
			test_fail("%s:%u: gcm plaintext over 2^36 - 32 bytes",
				  v->file, v->line);
		return 1;
	}
	if (strcmp(v->mode, "ccm") == 0) {
		size_t q = 15 - v->ivlen;

		if (v->ivlen < 7 || v->ivlen > 13)
			test_fail("%s:%u: a %zu-byte ccm nonce (7..13)",
				  v->file, v->line, v->ivlen);
		else if (q < 8 && (uint64_t)v->len >> (8 * q))
			test_fail("%s:%u: %zu bytes of ccm plaintext do not "
				  "fit its %zu-byte length field",
				  v->file, v->line, v->len, q);
		if (t < 4 || t > 16 || t % 2)
			test_fail("%s:%u: a %zu-byte ccm tag (4, 6, .., 16)",
				  v->file, v->line, t);
		return 1;
	}
	return 0;
}

static void check_aead_vector(const struct vector *v)
{
	static struct cryptarch_cands c;
	char expect[64];
	const struct cryptarch_driver *d = user(v->alg, v->keylen);

	snprintf(expect, sizeof(expect), "%s-%s.txt", v->alg, v->mode);
	if (strcmp(expect, v->file) != 0)
		test_fail("%s:%u: ALG = %s, MODE = %s belongs in %s", v->file,
			  v->line, v->alg, v->mode, expect);
	if (!aead_rules(v)) {
		test_fail("%s:%u: MODE '%s' is no aead mode this test knows "
			  "the rules of",
			  v->file, v->line, v->mode);
		return;
	}
	if (!d || !test_is_cipher(d) || d->alg->blocksize != 16)
		test_fail("%s:%u: ALG '%s' with a %zu-byte key: no registered "
			  "128-bit block cipher driver takes it",
			  v->file, v->line, v->alg, v->keylen);
	if (!aead_template(v->mode)) {
		test_fail("%s:%u: MODE '%s' is no registered aead template",
			  v->file, v->line, v->mode);
		return;
	}
	snprintf(expect, sizeof(expect), "%s(%s)", v->mode, v->alg);
	if (cryptarch_cands(expect, cryptarch_type_find("aead"), &c))
		test_fail("%s:%u: \"%s\" names no registered aead instance",
			  v->file, v->line, expect);
}

static void check_vector(const struct vector *v)
{
	char expect[64];
	int m = test_mode_id(v->mode);
	size_t keylen;

	if (!v->source)
		test_fail("%s:%u: block without '# source:' line", v->file,
			  v->line);
	if (v->kind == VECTOR_AEAD) {
		check_aead_vector(v);
		return;
	}
	if (v->kind != VECTOR_SKCIPHER) {
		check_hash_vector(v);
		return;
	}
	snprintf(expect, sizeof(expect), "%s-%s.txt", v->alg, v->mode);
	if (strcmp(expect, v->file) != 0)
		test_fail("%s:%u: ALG = %s, MODE = %s belongs in %s", v->file,
			  v->line, v->alg, v->mode, expect);
	if (m < 0) {
		test_fail("%s:%u: unknown MODE '%s': used by no driver",
			  v->file, v->line, v->mode);
		return;
	}
	keylen = v->keylen / test_mode_nkeys(m);
	if (v->keylen % test_mode_nkeys(m))
		keylen = 0;
	if (!user(v->alg, keylen)) {
		test_fail("%s:%u: ALG '%s' with a %zu-byte %s key: used by "
			  "no registered driver",
			  v->file, v->line, v->alg, v->keylen, v->mode);
	}
	if (test_mode_has_iv(m) != (v->ivlen != 0))
		test_fail("%s:%u: %s vector %s an IV", v->file, v->line,
			  v->mode, v->ivlen ? "with" : "without");
	if (v->ivout && !test_mode_has_iv(m))
		test_fail("%s:%u: IV_OUT in a %s vector", v->file, v->line,
			  v->mode);
	if (v->len == 0 || !test_len_ok(m, v->len))
		test_fail("%s:%u: a %s vector of %zu bytes", v->file, v->line,
			  v->mode, v->len);
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

/* A GHASH driver (ghash.h): constant-time, with a key context, setkey
 * alone, and the common shash operations over its block function. */
static void check_ghash(const struct cryptarch_driver *d)
{
	const struct cryptarch_ghash_ops *g = d->type_ops;

	if (!(d->flags & CRYPTARCH_DRV_CONSTANT_TIME))
		test_fail("driver %s: a GHASH driver that is not "
			  "constant-time (ghash.h: every one is)",
			  d->name);
	if (d->ctxsize == 0)
		test_fail("driver %s: a GHASH driver without a key context",
			  d->name);
	if (d->ops && (d->ops->encrypt || d->ops->decrypt))
		test_fail("driver %s: a GHASH driver with single-block "
			  "functions",
			  d->name);
	if (!g || g->shash.init != cryptarch_ghash_init ||
	    g->shash.update != cryptarch_ghash_update ||
	    g->shash.final != cryptarch_ghash_final ||
	    g->shash.digestsize != 16 ||
	    g->shash.statesize != sizeof(struct cryptarch_ghash_state) ||
	    !g->blocks)
		test_fail("driver %s: a GHASH driver whose type operations "
			  "are not ghash.c's over a block function "
			  "(CRYPTARCH_DRIVER_GHASH)",
			  d->name);
	else
		printf("driver %s: GHASH, block function and ghash.c's "
		       "shash operations, %zu bytes of key context\n",
		       d->name, d->ctxsize);
}

/* A driver's operations fit its algorithm's type. */
static void check_ops(const struct cryptarch_driver *d)
{
	const struct cryptarch_shash_ops *o = d->type_ops;
	size_t i, nt = cryptarch_type_count();

	for (i = 0; i < nt && cryptarch_type_at(i) != d->alg->type; i++)
		;
	if (i == nt) {
		test_fail("driver %s: its algorithm %s is of no registered "
			  "type",
			  d->name, d->alg->name);
		return;
	}
	if (d->alg->type == &cryptarch_type_cipher) {
		if (!d->ops || !d->ops->setkey || !d->ops->encrypt ||
		    !d->ops->decrypt)
			test_fail("driver %s: a cipher without its three "
				  "single-block functions",
				  d->name);
		if (d->type_ops)
			test_fail("driver %s: a cipher with type operations",
				  d->name);
		if (d->alg->blocksize != 16 || d->alg->min_keysize == 0 ||
		    d->alg->min_keysize > d->alg->max_keysize)
			test_fail("driver %s: cipher %s with block size %u, "
				  "keys %u..%u",
				  d->name, d->alg->name, d->alg->blocksize,
				  d->alg->min_keysize, d->alg->max_keysize);
		return;
	}
	if (d->alg->type != &cryptarch_type_shash) {
		test_fail("driver %s: type %s is not known to this test",
			  d->name, d->alg->type->name);
		return;
	}
	/* a hash: its operations are the shash type's */
	if (!o || !o->init || !o->update || !o->final)
		test_fail("driver %s: a hash without its shash operations",
			  d->name);
	else if (o->digestsize == 0 ||
		 o->digestsize > CRYPTARCH_SHASH_DIGEST_MAX ||
		 o->statesize == 0 || o->statesize > CRYPTARCH_SHASH_STATE_MAX)
		test_fail("driver %s: digest size %u, state size %u", d->name,
			  o->digestsize, o->statesize);
	if (d->alg->max_keysize == 0) {
		if (d->ops)
			test_fail("driver %s: an unkeyed hash with cipher "
				  "operations",
				  d->name);
	} else if (!d->ops || !d->ops->setkey) {
		test_fail("driver %s: a keyed hash without setkey", d->name);
	}
	if (d->alg->min_keysize > d->alg->max_keysize)
		test_fail("driver %s: keys %u..%u", d->name,
			  d->alg->min_keysize, d->alg->max_keysize);
	printf("driver %s: hash %s (%s), digest %u bytes, state %u, %s\n",
	       d->name, d->alg->name, d->alg->type->name, o ? o->digestsize : 0,
	       o ? o->statesize : 0, d->alg->max_keysize ? "keyed" : "unkeyed");
	if (d->alg == &cryptarch_ghash)
		check_ghash(d);
}

/* The templates that share the CBC-MAC chain hook (src/modes/cbcmac.h). */
static const char *const cbcmac_family[] = { "cmac", "xcbc", "cbcmac" };

/* A driver's hooks: registered templates, each once, with operations, no
 * priority for an operation the template's type lacks; the CBC-MAC chain
 * for all of its templates or none, one function. */
static void check_hooks(const struct cryptarch_driver *d)
{
	const struct cryptarch_hook *h, *g;
	const struct cryptarch_hook *fam[3] = { NULL, NULL, NULL };
	size_t i, nfam = 0;
	int op;

	for (h = d->hooks; h && h->tmpl; h++) {
		const struct cryptarch_template *t =
			cryptarch_template_find(h->tmpl, strlen(h->tmpl));
		const char *alg = NULL;
		unsigned a;

		if (!t) /* a hook by the template's alias: "gcm" */
			t = cryptarch_template_find_alias(h->tmpl,
							  strlen(h->tmpl));
		if (!t) {
			test_fail("driver %s: a hook for \"%s\", which is not "
				  "a registered template",
				  d->name, h->tmpl);
			continue;
		}
		/* .with names a driver of the algorithm an argument must be
		 * (gcm's ghash), exactly where there is such an argument */
		for (a = 1; a < t->nargs; a++)
			if (t->over_arg[a] &&
			    !cryptarch_template_find(t->over_arg[a],
						     strlen(t->over_arg[a])))
				alg = t->over_arg[a];
		if (alg && (!h->with ||
			    !cryptarch_driver_find(h->with, strlen(h->with)) ||
			    strcmp(cryptarch_driver_find(h->with,
							 strlen(h->with))
					   ->alg->name,
				   alg) != 0))
			test_fail("driver %s: hook %s names no %s driver in "
				  ".with (\"%s\")",
				  d->name, h->tmpl, alg,
				  h->with ? h->with : "(null)");
		if (!alg && h->with)
			test_fail("driver %s: hook %s has .with (\"%s\"), but "
				  "its template has no argument of another "
				  "algorithm",
				  d->name, h->tmpl, h->with);
		if (!h->ops)
			test_fail("driver %s: hook %s without operations",
				  d->name, h->tmpl);
		for (g = d->hooks; g != h; g++)
			if (strcmp(g->tmpl, h->tmpl) == 0)
				test_fail("driver %s: two hooks for %s",
					  d->name, h->tmpl);
		for (op = (int)t->type->nops; op < CRYPTARCH_MAX_OPS; op++)
			if (h->op_priority[op])
				test_fail("driver %s: hook %s ranks operation "
					  "%d, which type %s does not have",
					  d->name, h->tmpl, op, t->type->name);
		if (t->args[0] != &cryptarch_type_cipher)
			printf("note: driver %s hooks %s, a template over "
			       "instances\n",
			       d->name, h->tmpl);
		for (i = 0; i < 3; i++)
			if (strcmp(h->tmpl, cbcmac_family[i]) == 0) {
				fam[i] = h;
				nfam++;
			}
	}
	/* all three (CRYPTARCH_CBCMAC_HOOKS), or, for a driver whose
	 * strength is many chains at once, cmac and xcbc with a many-digest
	 * function and rank (CRYPTARCH_CBCMAC_HOOKS_MANY_FNS) */
	if (nfam == 2 && fam[0] && fam[1] && fam[0]->many_priority &&
	    fam[1]->many_priority && fam[0]->ops &&
	    ((const struct cryptarch_cbcmac_hooks *)fam[0]->ops)->mac_many) {
		const struct cryptarch_cbcmac_hooks *x = fam[0]->ops;
		const struct cryptarch_cbcmac_hooks *y = fam[1]->ops;

		if (!y || y->mac != x->mac || y->mac_many != x->mac_many ||
		    !x->mac)
			test_fail("driver %s: hooks cmac and xcbc run "
				  "different CBC-MAC chains",
				  d->name);
	} else if (nfam && nfam != 3) {
		test_fail("driver %s: the CBC-MAC chain hook for %zu of cmac, "
			  "xcbc, cbcmac (CRYPTARCH_CBCMAC_HOOKS gives all "
			  "three; CRYPTARCH_CBCMAC_HOOKS_MANY_FNS cmac and "
			  "xcbc with a many-digest chain)",
			  d->name, nfam);
	} else if (nfam) {
		const struct cryptarch_cbcmac_hooks *x = fam[0]->ops;

		for (i = 1; i < 3 && x; i++) {
			const struct cryptarch_cbcmac_hooks *y = fam[i]->ops;

			if (!y || y->mac != x->mac)
				test_fail("driver %s: hooks cmac and %s run "
					  "different CBC-MAC chains",
					  d->name, cbcmac_family[i]);
		}
		if (x && !x->mac)
			test_fail("driver %s: a CBC-MAC hook without its "
				  "function",
				  d->name);
	}
}

/*
 * Every driver's algorithm has known answers and its operations fit its
 * type, and its hooks are consistent (check_hooks()).
 */
static void check_drivers(void)
{
	size_t i, n = cryptarch_driver_count();

	for (i = 0; i < n; i++) {
		const struct cryptarch_driver *d = cryptarch_driver_at(i);

		if (!d->alg || !d->alg->type) {
			test_fail("driver %s: no algorithm or type", d->name);
			continue;
		}
		if (!has_kats(d->alg->kats))
			test_fail("driver %s: its algorithm %s has no known "
				  "answers",
				  d->name, d->alg->name);
		check_ops(d);
		check_hooks(d);
	}
}

/*
 * Every registered template has known answers; each answer's name parses,
 * has the template at its root, and names instances of registered
 * algorithms (candidates exist for it, and it is not one instance's
 * driver name).
 */
/* 1 if NM's root is the word W with arguments. */
static int word_is(const struct cryptarch_name *nm, const char *w)
{
	return strlen(w) == nm->node[0].len &&
	       memcmp(nm->s + nm->node[0].off, w, nm->node[0].len) == 0 &&
	       nm->node[0].narg != 0;
}

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
			/* the template's name, or its alias ("gcm") */
			if (!word_is(&nm, t->name) &&
			    !(t->alias && word_is(&nm, t->alias)))
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

/* 1 if every driver of S is available here. */
static int available(const struct cryptarch_spec *s)
{
	unsigned i;

	for (i = 0; i < s->n; i++)
		if (!s->node[i].tmpl &&
		    !cryptarch_driver_available(
			    cryptarch_spec_node_driver(s, i)))
			return 0;
	return 1;
}

#define KAT_MAX 1024

/* Known answer K (of template or algorithm WHOSE) through instance NAME,
 * of type TYPE, by the public API: skcipher both ways, shash digest.
 * Returns 1 if it ran. */
static int run_kat(const char *whose, const struct cryptarch_kat *k,
		   const char *name, const struct cryptarch_type *type)
{
	static uint8_t key[128], iv[16], iv0[16], in[KAT_MAX], out[KAT_MAX];
	static uint8_t want[KAT_MAX], got[KAT_MAX];
	size_t kl = 0, ivl = 0, len = 0, wl = 0;
	int rc;

	if (cryptarch_unhex(key, sizeof(key), k->key, &kl) ||
	    (k->iv && type != &cryptarch_type_aead &&
	     cryptarch_unhex(iv0, sizeof(iv0), k->iv, &ivl)) ||
	    cryptarch_unhex(in, sizeof(in), k->in, &len) ||
	    cryptarch_unhex(want, sizeof(want), k->out, &wl)) {
		test_fail("%s: known answer for %s: malformed hex", whose,
			  name);
		return 0;
	}
	if (type == &cryptarch_type_skcipher) {
		cryptarch_skcipher *t = NULL;

		if (wl != len || (k->iv && ivl != 16)) {
			test_fail("%s: known answer for %s: lengths %zu/%zu, "
				  "iv %zu",
				  whose, name, len, wl, ivl);
			return 0;
		}
		rc = cryptarch_skcipher_new(&t, name,
					    CRYPTARCH_ALLOW_VARIABLE_TIME);
		if (!rc)
			rc = cryptarch_skcipher_setkey(t, key, kl);
		memcpy(iv, iv0, 16);
		if (!rc)
			rc = cryptarch_skcipher_encrypt(t, in, out, len,
							k->iv ? iv : NULL);
		if (!rc)
			test_compare(out, want, len,
				     "%s: known answer, %s "
				     "encrypt",
				     whose, name);
		memcpy(iv, iv0, 16);
		if (!rc)
			rc = cryptarch_skcipher_decrypt(t, want, got, len,
							k->iv ? iv : NULL);
		if (!rc)
			test_compare(got, in, len,
				     "%s: known answer, %s "
				     "decrypt",
				     whose, name);
		cryptarch_skcipher_free(t);
	} else if (type == &cryptarch_type_shash) {
		cryptarch_shash *t = NULL;

		rc = cryptarch_shash_new(&t, name,
					 CRYPTARCH_ALLOW_VARIABLE_TIME);
		if (!rc && wl != cryptarch_shash_digestsize(t)) {
			test_fail("%s: known answer for %s: a digest of %zu "
				  "bytes",
				  whose, name, wl);
			cryptarch_shash_free(t);
			return 0;
		}
		if (!rc && kl)
			rc = cryptarch_shash_setkey(t, key, kl);
		if (!rc)
			rc = cryptarch_shash_digest(t, in, len, got);
		if (!rc)
			test_compare(got, want, wl, "%s: known answer, %s",
				     whose, name);
		cryptarch_shash_free(t);
	} else if (type == &cryptarch_type_aead) {
		static uint8_t nonce[KAT_MAX], ad[KAT_MAX];
		cryptarch_aead *t = NULL;
		size_t nl = 0, al = 0;

		if (cryptarch_unhex(nonce, sizeof(nonce), k->iv, &nl) ||
		    (k->ad && cryptarch_unhex(ad, sizeof(ad), k->ad, &al)) ||
		    wl < len) {
			test_fail("%s: known answer for %s: malformed nonce, "
				  "associated data or lengths",
				  whose, name);
			return 0;
		}
		rc = cryptarch_aead_new(&t, name, CRYPTARCH_ALLOW_VARIABLE_TIME);
		if (!rc)
			rc = cryptarch_aead_setkey(t, key, kl);
		if (!rc)
			rc = cryptarch_aead_setauthsize(t, wl - len);
		if (!rc)
			rc = cryptarch_aead_encrypt(t, in, out, len, nonce, nl,
						    ad, al);
		if (!rc)
			test_compare(out, want, wl,
				     "%s: known answer, %s encrypt", whose,
				     name);
		if (!rc)
			rc = cryptarch_aead_decrypt(t, want, got, wl, nonce,
						    nl, ad, al);
		if (!rc)
			test_compare(got, in, len,
				     "%s: known answer, %s decrypt", whose,
				     name);
		cryptarch_aead_free(t);
	} else {
		return 0;
	}
	if (rc) {
		test_fail("%s: known answer through %s: %s", whose, name,
			  cryptarch_strerror(rc));
		return 0;
	}
	return 1;
}

/* Every template's known answers, and every hash algorithm's, through
 * every instance of their names available here. */
static void exercise_kats(void)
{
	static struct cryptarch_cands c;
	size_t i, j, n = cryptarch_template_count();
	char name[128];

	for (i = 0; i < n; i++) {
		const struct cryptarch_template *t = cryptarch_template_at(i);
		const struct cryptarch_kat *k;
		unsigned long runs = 0;

		for (k = t->kats; k && k->key; k++) {
			if (!k->name || cryptarch_cands(k->name, t->type, &c))
				continue;
			for (j = 0; j < c.n; j++) {
				if (!available(&c.v[j]))
					continue;
				cryptarch_spec_name(&c.v[j], name,
						    sizeof(name));
				runs += run_kat(t->name, k, name, t->type);
			}
		}
		printf("template %s: its known answers run %lu times through "
		       "the API\n",
		       t->name, runs);
		if (runs == 0)
			test_fail("template %s: no known answer could run "
				  "here",
				  t->name);
	}
	n = cryptarch_driver_count();
	for (i = 0; i < n; i++) {
		const struct cryptarch_driver *d = cryptarch_driver_at(i);
		const struct cryptarch_kat *k;
		unsigned long runs = 0;

		if (test_is_cipher(d) || !cryptarch_driver_available(d))
			continue;
		for (k = d->alg->kats; k && k->key; k++)
			runs += run_kat(d->alg->name, k, d->name, d->alg->type);
		printf("driver %s: %lu known answers of %s through the API\n",
		       d->name, runs, d->alg->name);
	}
}

static int list(void)
{
	size_t n = cryptarch_driver_count(), i;

	for (i = 0; i < n; i++) {
		const struct cryptarch_driver *d = cryptarch_driver_at(i);

		if (test_is_cipher(d))
			printf("%s %s %d\n", d->name, d->alg->name,
			       d->priority);
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct vector_set set;
	const char *macs[16];
	enum vector_kind mackind[16];
	size_t n, i, j, f, t, nmac;
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
	/* Every driver has vectors in every mode, and every hash driver
	 * for its hash. The templates over a cipher besides the skcipher
	 * modes: the shash ones (MAC vectors) and the aead ones. */
	nmac = 0;
	for (t = 0; t < cryptarch_template_count() && nmac < 16; t++) {
		const struct cryptarch_template *tp = cryptarch_template_at(t);

		if (mac_template(tp->name) || aead_template_over_cipher(tp)) {
			mackind[nmac] = mac_template(tp->name) ? VECTOR_MAC :
								 VECTOR_AEAD;
			macs[nmac++] = tp->alias ? tp->alias : tp->name;
		}
	}
	for (i = 0; i < n; i++) {
		const struct cryptarch_driver *d = cryptarch_driver_at(i);
		size_t sizes[3], ns = test_key_sizes(d, sizes), s;

		if (!test_is_cipher(d)) {
			/* a keyed hash's vectors are MAC ones without
			 * MODE, an unkeyed one's MD ones */
			enum vector_kind want =
				d->alg->max_keysize ? VECTOR_MAC : VECTOR_HASH;
			size_t count = 0;

			for (j = 0; j < set.n; j++)
				count += set.v[j].kind == want &&
					 !set.v[j].mode[0] &&
					 strcmp(set.v[j].alg, d->alg->name) ==
						 0;
			if (count == 0)
				test_fail("driver %s (%s) has no vectors",
					  d->name, d->alg->name);
			printf("%s %s: %zu vectors\n", d->name, d->alg->name,
			       count);
			continue;
		}
		for (m = 0; m < TEST_MODE_COUNT + (int)nmac; m++) {
			const char *mode = m < TEST_MODE_COUNT ?
						   test_mode_names[m] :
						   macs[m - TEST_MODE_COUNT];
			enum vector_kind want =
				m < TEST_MODE_COUNT ?
					VECTOR_SKCIPHER :
					mackind[m - TEST_MODE_COUNT];
			size_t count = 0, persize[3] = { 0, 0, 0 };

			for (j = 0; j < set.n; j++) {
				const struct vector *v = &set.v[j];
				size_t kl = v->keylen;

				if (strcmp(v->alg, d->alg->name) != 0 ||
				    strcmp(v->mode, mode) != 0 ||
				    v->kind != want)
					continue;
				count++;
				if (m < TEST_MODE_COUNT)
					kl /= test_mode_nkeys(m);
				for (s = 0; s < ns; s++)
					persize[s] += kl == sizes[s];
			}
			if (count == 0 && excused(d->alg->name, mode)) {
				printf("note: %s: no %s vectors are published "
				       "for %s\n",
				       d->name, mode, d->alg->name);
				continue;
			}
			if (count == 0)
				test_fail("driver %s (cipher %s) has no %s "
					  "vectors",
					  d->name, d->alg->name, mode);
			if (count && excused(d->alg->name, mode))
				test_fail("no_vectors[] excuses %s %s, which "
					  "has vectors now",
					  d->alg->name, mode);
			for (s = 0; s < ns && count; s++)
				if (!persize[s] &&
				    !(strcmp(mode, "xcbc") == 0 &&
				      sizes[s] != 16))
					printf("note: %s: no %s vector with a "
					       "%zu-bit key\n",
					       d->name, mode, 8 * sizes[s]);
			printf("%s %s: %zu vectors\n", d->name, mode, count);
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
	exercise_kats();
	return test_finish("test-meta");
}
