/* SPDX-License-Identifier: MIT */
/*
 * test-aead.c - the aead type (include/cryptarch.h, DESIGN.md "aead") for
 * every instance of every aead name available here ("gcm(aes)",
 * "ccm(twofish)": every ctr instance with every ghash driver or cbcmac
 * instance, and every whole-AEAD driver), in three layers:
 *
 *  1. The reference instance of each name (the template over the generic
 *     drivers: "gcm_base(ctr(aes-generic),ghash-generic)") against a model
 *     written here from the specifications alone - GCM from NIST SP
 *     800-38D (J0, inc32, GHASH bit by bit as its Algorithm 1, the tag
 *     MSB_t(E(J0) xor S)), CCM from SP 800-38C Appendix A and RFC 3610
 *     (B0, the associated data's 2-, 6- or 10-byte length encoding, the
 *     CBC-MAC, the counter blocks) - over the cipher API of
 *     "<cipher>-generic": every nonce length (gcm 1..128, ccm 7..13), every
 *     tag length, every key size, payload lengths 0..100 and long ones
 *     (4096 + 5, 65535 under a 13-byte CCM nonce, 70000), associated data
 *     of 0..40 bytes and long (1000; CCM's 65279 and 65280 bytes, on both
 *     sides of the 0xff00 boundary between the two length encodings).
 *  2. Every instance against the reference over random inputs, in those
 *     ranges and the long cases: encryption out of place (buffers of the
 *     exact size) and in place, decryption out of place and in place,
 *     exactly len + authsize (encryption) and len - authsize (decryption)
 *     bytes written; GCM's truncated tag is the leading bytes of the full
 *     one; and, for GCM, nonces of 16 bytes computed here (by inverting
 *     GHASH in GF(2^128)) whose pre-counter block J0 ends in 0xfffffffe or
 *     0xffffffff, so that the 32-bit counter wraps within the message
 *     (the model and the reference both checked; a 128-bit increment
 *     would carry into the nonce's bits; and for 4101 bytes after 5, 20
 *     and 37 blocks, inside the batches of bulk code).
 *  3. The rules on every instance: default tag length 16; setauthsize's
 *     valid sets (gcm 4, 8, 12..16; ccm 4, 6, ..., 16), everything else
 *     -EINVAL and the tag length unchanged, kept across setkey; key
 *     lengths; -ENOKEY before setkey and after a refused one; a NULL nonce
 *     or a 0-byte one -EINVAL, CCM nonces of 1..6 and 14..20 bytes
 *     -EINVAL; CCM lengths that do not fit in L bytes (13-byte nonce:
 *     65536; 12-byte nonce: 2^24) -EINVAL, 65535 accepted; GCM beyond
 *     2^36 - 32 bytes -EINVAL (64-bit hosts, an inaccessible mapping);
 *     decryption of fewer bytes than the tag -EINVAL; NULL associated data
 *     with adlen > 0 -EINVAL (NULL with 0 fine); NULL buffers; and on
 *     every error but -EBADMSG nothing written to dst (a pattern, read
 *     back). Forgeries: every bit of the tag, of the ciphertext, of the
 *     associated data and of the nonce flipped, for several lengths
 *     (0-byte payload, 0-byte associated data), a tag cut short or read
 *     at another length, a byte dropped: -EBADMSG, the output all zero
 *     and nothing past it written, in place and out of place.
 * Then the name under both timing policies picks one of its instances
 * here, a constant-time one under flags 0. Deterministic: a fixed seed
 * (CRYPTARCH_TEST_SEED overrides it); CRYPTARCH_TEST_ITER sets the random
 * cases per instance (128; a share of them over a costly driver,
 * util.h), after a sweep of every payload length 0..100 and every
 * nonce length. Test code, not constant-time.
 *
 * Usage: test-aead [--mask-all] [--driver NAME]
 */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sys/mman.h>

#include "util.h"

#define VT CRYPTARCH_ALLOW_VARIABLE_TIME
#define NONCE_MAX 128
#define AD_SHORT 40
#define PAT 0xa5
#define SLACK 16

static struct test_rng rng;
static unsigned long cases, calls;

static uint8_t *xmalloc(size_t n)
{
	uint8_t *p = malloc(n ? n : 1);

	if (!p) {
		fputs("test-aead: out of memory\n", stderr);
		exit(2);
	}
	return p;
}

static uint8_t *xdup(const uint8_t *src, size_t n)
{
	uint8_t *p = xmalloc(n);

	if (n)
		memcpy(p, src, n);
	return p;
}

static int call(cryptarch_aead *t, int dec, const void *src, void *dst,
		size_t len, const uint8_t *nonce, size_t nl, const void *ad,
		size_t al)
{
	calls++;
	if (dec)
		return cryptarch_aead_decrypt(t, src, dst, len, nonce, nl, ad,
					      al);
	return cryptarch_aead_encrypt(t, src, dst, len, nonce, nl, ad, al);
}

/* The tag lengths TI takes, into OUT (17); the count. */
static size_t tag_lengths(const struct test_inst *ti, size_t *out)
{
	size_t n, k = 0;

	for (n = 0; n <= 16; n++)
		if (test_aead_authsize_ok(ti, n))
			out[k++] = n;
	return k;
}

/* ---- the model: GCM and CCM from the specifications -------------------- */

struct model {
	cryptarch_cipher *c;
	uint8_t h[16]; /* E_K(0^128) */
};

static void blk(const struct model *m, uint8_t out[16], const uint8_t in[16])
{
	if (cryptarch_cipher_encrypt(m->c, out, in))
		test_fail("model: the cipher refused a block");
}

static int model_setkey(struct model *m, const uint8_t *key, size_t keylen)
{
	static const uint8_t zero[16];
	int rc = cryptarch_cipher_setkey(m->c, key, keylen);

	if (!rc)
		blk(m, m->h, zero);
	return rc;
}

static void be64(uint8_t *p, uint64_t v)
{
	int i;

	for (i = 7; i >= 0; i--, v >>= 8)
		p[i] = (uint8_t)v;
}

/* The low 32 bits of CB plus one, mod 2^32 (SP 800-38D 6.2). */
static void inc32(uint8_t cb[16])
{
	int i;

	for (i = 15; i >= 12; i--)
		if (++cb[i])
			break;
}

/* J0 of NONCE under the model's H (SP 800-38D 7.1, step 2). */
static void model_j0(const struct model *m, const uint8_t *nonce, size_t nl,
		     uint8_t j0[16])
{
	uint8_t lb[16] = { 0 };

	memset(j0, 0, 16);
	if (nl == 12) {
		memcpy(j0, nonce, 12);
		j0[15] = 1;
		return;
	}
	test_ghash(j0, m->h, nonce, nl);
	be64(lb + 8, (uint64_t)nl * 8);
	test_ghash(j0, m->h, lb, 16);
}

/* GCM-AE_K(nonce, P, A) with an AS-byte tag: OUT gets C || T. */
static void model_gcm(const struct model *m, const uint8_t *nonce, size_t nl,
		      const uint8_t *ad, size_t al, const uint8_t *pt,
		      size_t len, size_t as, uint8_t *out)
{
	uint8_t j0[16], cb[16], ks[16], y[16] = { 0 }, lb[16];
	size_t i, j;

	model_j0(m, nonce, nl, j0);
	memcpy(cb, j0, 16);
	for (i = 0; i < len; i += 16) {
		inc32(cb);
		blk(m, ks, cb);
		for (j = 0; j < 16 && i + j < len; j++)
			out[i + j] = pt[i + j] ^ ks[j];
	}
	test_ghash(y, m->h, ad, al);
	test_ghash(y, m->h, out, len);
	be64(lb, (uint64_t)al * 8);
	be64(lb + 8, (uint64_t)len * 8);
	test_ghash(y, m->h, lb, 16);
	blk(m, ks, j0);
	for (j = 0; j < as; j++)
		out[len + j] = ks[j] ^ y[j];
}

/* A CBC-MAC over a byte stream: each block encrypted as it completes. */
struct cbcmac {
	const struct model *m;
	uint8_t x[16];
	size_t fill;
};

static void mac_bytes(struct cbcmac *c, const uint8_t *p, size_t n)
{
	while (n--) {
		c->x[c->fill++] ^= *p++;
		if (c->fill == 16) {
			blk(c->m, c->x, c->x);
			c->fill = 0;
		}
	}
}

/* Zero padding to the block: the partial block as it stands. */
static void mac_pad(struct cbcmac *c)
{
	if (c->fill) {
		blk(c->m, c->x, c->x);
		c->fill = 0;
	}
}

/* The counter block A_I: flags L - 1, the nonce, I in L bytes. */
static void ccm_ai(uint8_t a[16], const uint8_t *nonce, size_t nl, uint64_t i)
{
	size_t l = 15 - nl, k;

	memset(a, 0, 16);
	a[0] = (uint8_t)(l - 1);
	memcpy(a + 1, nonce, nl);
	for (k = 0; k < l && k < 8; k++)
		a[15 - k] = (uint8_t)(i >> (8 * k));
}

/* CCM (SP 800-38C 6.1, A.2; RFC 3610 2.2-2.3): OUT gets C || U. */
static void model_ccm(const struct model *m, const uint8_t *nonce, size_t nl,
		      const uint8_t *ad, size_t al, const uint8_t *pt,
		      size_t len, size_t as, uint8_t *out)
{
	struct cbcmac c = { m, { 0 }, 0 };
	size_t l = 15 - nl, i, j, n;
	uint8_t b[16], s[16], enc[10];

	b[0] = (uint8_t)((al ? 0x40 : 0) | ((as - 2) / 2) << 3 | (l - 1));
	memcpy(b + 1, nonce, nl);
	for (i = 0; i < l; i++)
		b[15 - i] = (uint8_t)((uint64_t)len >> (8 * i));
	mac_bytes(&c, b, 16);
	if (al) {
		if ((uint64_t)al < 0xff00) {
			enc[0] = (uint8_t)(al >> 8);
			enc[1] = (uint8_t)al;
			n = 2;
		} else if ((uint64_t)al <= 0xffffffffu) {
			enc[0] = 0xff;
			enc[1] = 0xfe;
			for (i = 0; i < 4; i++)
				enc[2 + i] =
					(uint8_t)((uint64_t)al >> (24 - 8 * i));
			n = 6;
		} else {
			enc[0] = 0xff;
			enc[1] = 0xff;
			be64(enc + 2, (uint64_t)al);
			n = 10;
		}
		mac_bytes(&c, enc, n);
		mac_bytes(&c, ad, al);
		mac_pad(&c);
	}
	mac_bytes(&c, pt, len);
	mac_pad(&c);
	for (i = 0; i < len; i += 16) {
		ccm_ai(b, nonce, nl, i / 16 + 1);
		blk(m, s, b);
		for (j = 0; j < 16 && i + j < len; j++)
			out[i + j] = pt[i + j] ^ s[j];
	}
	ccm_ai(b, nonce, nl, 0);
	blk(m, s, b);
	for (j = 0; j < as; j++)
		out[len + j] = c.x[j] ^ s[j];
}

static void model_run(const struct model *m, int gcm, const uint8_t *nonce,
		      size_t nl, const uint8_t *ad, size_t al,
		      const uint8_t *pt, size_t len, size_t as, uint8_t *out)
{
	if (gcm)
		model_gcm(m, nonce, nl, ad, al, pt, len, as, out);
	else
		model_ccm(m, nonce, nl, ad, al, pt, len, as, out);
}

/* ---- one case ------------------------------------------------------------ */

struct input {
	uint8_t key[32];
	size_t keylen;
	uint8_t nonce[NONCE_MAX];
	size_t nl;
	const uint8_t *ad;
	size_t al;
	const uint8_t *pt;
	size_t len;
	size_t as;
};

/* Key and tag length on T; 0 or the error, recorded. */
static int prepare(const char *name, cryptarch_aead *t, const struct input *in)
{
	int rc = cryptarch_aead_setkey(t, in->key, in->keylen);

	if (!rc)
		rc = cryptarch_aead_setauthsize(t, in->as);
	if (rc)
		test_fail("%s: setkey %zu bytes / setauthsize %zu: %s", name,
			  in->keylen, in->as, cryptarch_strerror(rc));
	return rc;
}

static void describe(char *buf, size_t size, const struct input *in)
{
	char k[65], nn[2 * NONCE_MAX + 1];

	test_hex(k, in->key, in->keylen);
	test_hex(nn, in->nonce, in->nl);
	snprintf(buf, size,
		 "key %s nonce %s (%zu), %zu bytes, %zu of ad, %zu-byte tag", k,
		 nn, in->nl, in->len, in->al, in->as);
}

/*
 * IN through T (instance NAME) in all four ways against WANT (len + as
 * bytes: ciphertext and tag), every buffer of its exact size (but the
 * decryption's output, which has SLACK bytes more that must stay as they
 * were). Returns the failures it recorded.
 */
static unsigned long check_case(const char *name, cryptarch_aead *t,
				const struct input *in, const uint8_t *want)
{
	unsigned long before = test_failures;
	size_t len = in->len, as = in->as, cl = len + as;
	uint8_t *src, *dst, *buf, *nonce, *ad;
	char what[512];
	int rc;

	cases++;
	if (prepare(name, t, in))
		return 1;
	describe(what, sizeof(what), in);
	/* the nonce and the associated data in buffers of their exact
	 * sizes too, for ASan */
	nonce = xdup(in->nonce, in->nl);
	ad = in->ad ? xdup(in->ad, in->al) : NULL;
	/* encryption, out of place, into exactly len + as bytes */
	src = xdup(in->pt, len);
	dst = xmalloc(cl);
	rc = call(t, 0, src, dst, len, nonce, in->nl, ad, in->al);
	if (rc)
		test_fail("%s: encrypt, %s: %s", name, what,
			  cryptarch_strerror(rc));
	else
		test_compare(dst, want, cl, "%s: encrypt, %s", name, what);
	test_compare(src, in->pt, len, "%s: encrypt changed its source, %s",
		     name, what);
	free(src);
	free(dst);
	/* in place */
	buf = xmalloc(cl);
	if (len)
		memcpy(buf, in->pt, len);
	rc = call(t, 0, buf, buf, len, nonce, in->nl, ad, in->al);
	if (rc)
		test_fail("%s: encrypt in place, %s: %s", name, what,
			  cryptarch_strerror(rc));
	else
		test_compare(buf, want, cl, "%s: encrypt in place, %s", name,
			     what);
	free(buf);
	/* decryption, out of place: len bytes and nothing after them */
	src = xdup(want, cl);
	dst = xmalloc(len + SLACK);
	memset(dst, PAT, len + SLACK);
	rc = call(t, 1, src, dst, cl, nonce, in->nl, ad, in->al);
	if (rc) {
		test_fail("%s: decrypt, %s: %s", name, what,
			  cryptarch_strerror(rc));
	} else {
		test_compare(dst, in->pt, len, "%s: decrypt, %s", name, what);
		if (!test_all(dst + len, PAT, SLACK))
			test_fail("%s: decrypt wrote past len - authsize "
				  "bytes, %s",
				  name, what);
	}
	free(dst);
	/* in place: the tag stays where it was */
	rc = call(t, 1, src, src, cl, nonce, in->nl, ad, in->al);
	if (rc) {
		test_fail("%s: decrypt in place, %s: %s", name, what,
			  cryptarch_strerror(rc));
	} else {
		test_compare(src, in->pt, len, "%s: decrypt in place, %s", name,
			     what);
		test_compare(src + len, want + len, as,
			     "%s: decrypt in place wrote over the tag, %s",
			     name, what);
	}
	free(src);
	free(nonce);
	free(ad);
	return test_failures - before;
}

/* A random input of LEN bytes, AL bytes of associated data (from the
 * buffers PT and AD, at least that long), nonce length NL, tag length AS,
 * key length KL. */
static void random_input(struct input *in, uint8_t *pt, uint8_t *ad, size_t len,
			 size_t al, size_t nl, size_t as, size_t kl)
{
	in->keylen = kl;
	test_rng_fill(&rng, in->key, kl);
	in->nl = nl;
	test_rng_fill(&rng, in->nonce, nl);
	test_rng_fill(&rng, pt, len);
	test_rng_fill(&rng, ad, al);
	/* now and then NULL for no associated data (allowed) */
	in->ad = al || test_rng_below(&rng, 2) ? ad : NULL;
	in->al = al;
	in->pt = pt;
	in->len = len;
	in->as = as;
}

/* ---- layer 1: the reference against the model --------------------------- */

/* IN through the reference T against the model; failures recorded. */
static unsigned long against_model(const char *name, cryptarch_aead *t,
				   struct model *m, int gcm,
				   const struct input *in)
{
	uint8_t *want = xmalloc(in->len + in->as);
	unsigned long f;

	if (model_setkey(m, in->key, in->keylen)) {
		test_fail("model: setkey %zu bytes", in->keylen);
		free(want);
		return 1;
	}
	model_run(m, gcm, in->nonce, in->nl, in->ad, in->al, in->pt, in->len,
		  in->as, want);
	f = check_case(name, t, in, want);
	free(want);
	return f;
}

/* The long cases of a GCM or CCM name: payload, associated data, nonce
 * length; HUGE: 64 KiB or more of either, run by every reference and, in
 * turn, by one instance in NHUGE (see instance_vs_reference()). */
struct long_case {
	size_t len, al, nl;
	int huge;
};

static const struct long_case gcm_long[] = {
	{ 4096 + 5, 0, 12, 0 }, { 4096 * 3, 16, 12, 0 }, { 5000, 1000, 12, 0 },
	{ 70000, 20, 12, 1 },	{ 70000, 0, 60, 1 },	 { 33, 65280, 1, 1 },
};

static const struct long_case ccm_long[] = {
	{ 4096 + 5, 0, 12, 0 },	    { 4096 * 2, 1000, 10, 0 },
	{ 70000, 20, 12, 1 },	    { 65535, 0, 13, 1 },
	{ 33, 65279, 13, 1 },	    { 33, 65280, 11, 1 },
	{ 0, 65280, 7, 1 },	    { 100, 65279, 7, 1 },
	{ 4096 * 2, 65281, 10, 1 },
};

#define NLONG 9

/* The long cases of one name with their inputs and the model's output. */
struct long_vec {
	struct input in;
	uint8_t *pt, *ad, *want;
	int huge;
};

static struct long_vec longv[NLONG];
static size_t nlong, nhuge;

/* The long cases of TI's template, with random inputs, through the model
 * (keyed as each says). */
static void make_long(const struct test_inst *ti, struct model *m)
{
	const int gcm = test_aead_is_gcm(ti);
	const struct long_case *lc = gcm ? gcm_long : ccm_long;
	size_t tags[17], nt = tag_lengths(ti, tags), ks[3];
	size_t nk = test_inst_key_sizes(ti, ks), i;

	nlong = gcm ? sizeof(gcm_long) / sizeof(gcm_long[0]) :
		      sizeof(ccm_long) / sizeof(ccm_long[0]);
	nhuge = 0;
	for (i = 0; i < nlong; i++) {
		struct long_vec *v = &longv[i];

		v->pt = xmalloc(lc[i].len);
		v->ad = xmalloc(lc[i].al);
		v->want = xmalloc(lc[i].len + 16);
		v->huge = lc[i].huge;
		nhuge += v->huge;
		random_input(&v->in, v->pt, v->ad, lc[i].len, lc[i].al,
			     lc[i].nl, tags[(3 * i + 1) % nt], ks[i % nk]);
		if (model_setkey(m, v->in.key, v->in.keylen))
			test_fail("model: setkey %zu bytes", v->in.keylen);
		model_run(m, gcm, v->in.nonce, v->in.nl, v->in.ad, v->in.al,
			  v->pt, v->in.len, v->in.as, v->want);
	}
}

static void free_long(void)
{
	size_t i;

	for (i = 0; i < nlong; i++) {
		free(longv[i].pt);
		free(longv[i].ad);
		free(longv[i].want);
	}
	nlong = 0;
}

/* The reference instance against the model: every nonce length, tag
 * length and key size, lengths 0..100, associated data 0..40, the long
 * cases. */
static void reference_vs_model(const struct test_inst *ti, cryptarch_aead *t,
			       struct model *m)
{
	static uint8_t pt[100 + 1], ad[AD_SHORT + 1];
	const int gcm = test_aead_is_gcm(ti);
	size_t tags[17], nt = tag_lengths(ti, tags), ks[3];
	size_t nk = test_inst_key_sizes(ti, ks), i, nl, len, al, k = 0;
	struct input in;
	unsigned long before = test_failures;

	/* every nonce length with every tag length, lengths around blocks */
	for (nl = gcm ? 1 : 7; nl <= (gcm ? NONCE_MAX : 13); nl++)
		for (i = 0; i < nt; i++, k++) {
			len = (k * 13) % 50;
			al = (k * 7) % (AD_SHORT + 1);
			random_input(&in, pt, ad, len, al, nl, tags[i],
				     ks[k % nk]);
			if (against_model(ti->name, t, m, gcm, &in))
				goto out;
		}
	/* every payload length 0..100 with every ad length 0..40 */
	for (len = 0; len <= 100; len++)
		for (al = len % 5; al <= AD_SHORT; al += 5, k++) {
			nl = gcm ? (k % 3 ? 12 : 1 + k % NONCE_MAX) : 7 + k % 7;
			random_input(&in, pt, ad, len, al, nl, tags[k % nt],
				     ks[k % nk]);
			if (against_model(ti->name, t, m, gcm, &in))
				goto out;
		}
	for (i = 0; i < nlong; i++)
		if (check_case(ti->name, t, &longv[i].in, longv[i].want))
			goto out;
out:
	printf("%s: against the model of the specification: %lu failures\n",
	       ti->name, test_failures - before);
}

/* ---- layer 2: every instance against the reference ---------------------- */

/* IN through T against the reference REF; failures recorded. */
static unsigned long against_ref(const char *name, cryptarch_aead *t,
				 const char *refname, cryptarch_aead *ref,
				 const struct input *in)
{
	uint8_t *want = xmalloc(in->len + in->as);
	unsigned long f = 1;
	int rc;

	if (prepare(refname, ref, in) == 0) {
		rc = call(ref, 0, in->pt, want, in->len, in->nonce, in->nl,
			  in->ad, in->al);
		if (rc)
			test_fail("%s: encrypt: %s", refname,
				  cryptarch_strerror(rc));
		else
			f = check_case(name, t, in, want);
	}
	free(want);
	return f;
}

/*
 * GCM's tag of AS bytes is the first AS bytes of the 16-byte tag
 * (MSB_t): a ciphertext with its full tag, cut to AS bytes, verifies
 * under authsize AS. T is keyed as IN says.
 */
static void check_truncation(const char *name, cryptarch_aead *t,
			     const struct input *in, const size_t *tags,
			     size_t nt)
{
	size_t cl = in->len + 16, i;
	uint8_t *full = xmalloc(cl), *back = xmalloc(in->len);
	int rc;

	if (cryptarch_aead_setauthsize(t, 16) ||
	    call(t, 0, in->pt, full, in->len, in->nonce, in->nl, in->ad,
		 in->al)) {
		test_fail("%s: encrypt with a 16-byte tag failed", name);
		goto out;
	}
	for (i = 0; i < nt; i++) {
		uint8_t *c = xdup(full, in->len + tags[i]);

		if (cryptarch_aead_setauthsize(t, tags[i]))
			test_fail("%s: setauthsize(%zu)", name, tags[i]);
		rc = call(t, 1, c, back, in->len + tags[i], in->nonce, in->nl,
			  in->ad, in->al);
		test_expect_rc(rc, 0,
			       "%s: the 16-byte tag cut to %zu bytes (MSB_t)",
			       name, tags[i]);
		free(c);
	}
out:
	free(full);
	free(back);
}

/*
 * GCM with a 16-byte nonce whose J0 is X || 0xfffffffe and X ||
 * 0xffffffff: inc32 wraps after one or two blocks; and, for 4101 bytes,
 * X || 0xffffffff - 5, - 20, - 37: within a bulk loop's batch. The nonce comes from
 * H = E_K(0) through test_gcm_nonce_for_j0(); the model checks that its
 * GHASH gives J0 back, and encrypts; T and the reference must agree.
 */
static void check_wrap(const struct test_inst *ti, cryptarch_aead *t,
		       cryptarch_aead *ref, const char *refname,
		       struct model *m, const size_t *ks, size_t nk)
{
	static const size_t lens[] = { 100, 48, 4096 + 5 };
	/* blocks before the wrap: 1, 0, and inside a driver's batch of
	 * blocks (4, 8 or 32 at a time) */
	static const uint32_t before[] = { 1, 0, 5, 20, 37 };
	static uint8_t pt[4096 + 5], ad[24];
	uint8_t j0[16], back[16];
	struct input in;
	size_t i, w;

	for (w = 0; w < sizeof(before) / sizeof(before[0]); w++) {
		for (i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
			if (w >= 2 && i != 2)
				continue;
			random_input(&in, pt, ad, lens[i], i == 1 ? 20 : 0, 16,
				     16, ks[(w + i) % nk]);
			if (model_setkey(m, in.key, in.keylen)) {
				test_fail("model: setkey");
				return;
			}
			test_rng_fill(&rng, j0, 12);
			j0[12] = j0[13] = j0[14] = 0xff;
			j0[15] = (uint8_t)(0xff - before[w]);
			test_gcm_nonce_for_j0(in.nonce, m->h, j0);
			model_j0(m, in.nonce, 16, back);
			if (memcmp(back, j0, 16)) {
				test_fail("the GHASH inversion does not give "
					  "J0 back");
				return;
			}
			if (t == ref) {
				against_model(ti->name, t, m, 1, &in);
				continue;
			}
			if (against_ref(ti->name, t, refname, ref, &in))
				return;
		}
	}
}

/*
 * A sweep, random cases, the long ones and the wrapping counter for
 * instance TI (handle T, the K-th of its name) against the reference REF
 * (instance RTI). The sweep: every payload length 0..100 and every nonce
 * length (gcm 1..128; ccm 7..13, with every tag length), associated data
 * 0..40; then ITERS random cases; the long cases against the model's
 * output, each of the huge ones on every NHUGE-th instance in turn (an
 * instance over a costly driver, util.h, on a share of its turns).
 */
static void instance_vs_reference(const struct test_inst *ti, cryptarch_aead *t,
				  size_t k, const struct test_inst *rti,
				  cryptarch_aead *ref, struct model *m,
				  unsigned long iters)
{
	static uint8_t pt[4200 + 1], ad[300];
	const int gcm = test_aead_is_gcm(ti);
	size_t tags[17], nt = tag_lengths(ti, tags), ks[3];
	size_t nk = test_inst_key_sizes(ti, ks), i, len, al, nl, h = 0;
	struct input in;
	size_t sweep = gcm ? NONCE_MAX : 101;
	const int costly = test_inst_costly(ti);

	for (i = 0; i < sweep; i++) {
		nl = gcm ? 1 + i : 7 + i % 7;
		random_input(&in, pt, ad, i % 101, (i * 7) % (AD_SHORT + 1), nl,
			     tags[(i / (gcm ? 1 : 7)) % nt], ks[i % nk]);
		if (against_ref(ti->name, t, rti->name, ref, &in))
			return;
	}
	for (i = 0; i < iters; i++) {
		len = test_rng_below(&rng, 4) ? i % 101 :
						test_random_len(&rng, 4200);
		al = test_rng_below(&rng, 8) ? test_rng_below(&rng, 41) :
					       test_rng_below(&rng, 300);
		if (gcm)
			nl = i % 4 ? 12 : 1 + test_rng_below(&rng, NONCE_MAX);
		else
			nl = 7 + test_rng_below(&rng, 7);
		random_input(&in, pt, ad, len, al, nl, tags[i % nt],
			     ks[test_rng_below(&rng, nk)]);
		if (against_ref(ti->name, t, rti->name, ref, &in))
			return;
		if (gcm && i % 16 == 0)
			check_truncation(ti->name, t, &in, tags, nt);
	}
	for (i = 0; i < nlong; i++) {
		/* a costly instance (util.h) takes its turn at the huge ones
		 * on a share of its turns */
		if (longv[i].huge &&
		    (h++ % nhuge != k % nhuge ||
		     (costly && (k / nhuge) % test_costly_every() != 0)))
			continue;
		if (check_case(ti->name, t, &longv[i].in, longv[i].want))
			return;
	}
	if (gcm)
		check_wrap(ti, t, ref, rti->name, m, ks, nk);
}

/* ---- layer 3: the rules -------------------------------------------------- */

/* One call that must fail with WANT and leave DST (DSIZE bytes, filled
 * with PAT here) untouched; SCAN bytes of it are read back (all where
 * SCAN >= DSIZE; else the first SCAN and the last SCAN). */
static void expect_err(const char *name, cryptarch_aead *t, int dec,
		       const void *src, uint8_t *dst, size_t dsize, size_t scan,
		       size_t len, const uint8_t *nonce, size_t nl,
		       const void *ad, size_t al, int want, const char *what)
{
	int rc, ok;

	if (dst && scan >= dsize) {
		memset(dst, PAT, dsize);
	} else if (dst) {
		memset(dst, PAT, scan);
		memset(dst + dsize - scan, PAT, scan);
	}
	rc = call(t, dec, src, dst, len, nonce, nl, ad, al);
	test_expect_rc(rc, want, "%s %s: %s", name, dec ? "decrypt" : "encrypt",
		       what);
	if (!dst)
		return;
	if (scan >= dsize)
		ok = test_all(dst, PAT, dsize);
	else
		ok = test_all(dst, PAT, scan) &&
		     test_all(dst + dsize - scan, PAT, scan);
	if (!ok)
		test_fail("%s %s: %s: dst written on an error", name,
			  dec ? "decrypt" : "encrypt", what);
}

#define BUF 256

/* The rules before and around setkey. */
static void check_keys(const struct test_inst *ti)
{
	static const size_t lens[] = { 0,  1,  8,  15, 16, 17, 23,
				       24, 25, 31, 32, 33, 48, 64 };
	static const size_t bad_tags[] = { 0, 1, 2, 3, 5, 7, 17, 18, 32, 255 };
	size_t ks[3], nk = test_inst_key_sizes(ti, ks), i, j, n;
	uint8_t key[64], nonce[13], ad[8], pt[BUF], dst[BUF], ct[BUF];
	cryptarch_aead *t = test_aead_open(ti, 0);
	const char *nm = ti->name;
	int ok, rc;

	if (!t)
		return;
	test_rng_fill(&rng, key, sizeof(key));
	test_rng_fill(&rng, nonce, sizeof(nonce));
	test_rng_fill(&rng, ad, sizeof(ad));
	test_rng_fill(&rng, pt, sizeof(pt));
	if (cryptarch_aead_authsize(t) != 16)
		test_fail("%s: default tag length %zu, not 16", nm,
			  cryptarch_aead_authsize(t));
	/* -ENOKEY before setkey, nothing written */
	expect_err(nm, t, 0, pt, dst, BUF, BUF, 20, nonce, 12, ad, 8, -ENOKEY,
		   "before setkey");
	memset(ct, 0, sizeof(ct));
	expect_err(nm, t, 1, ct, dst, BUF, BUF, 36, nonce, 12, ad, 8, -ENOKEY,
		   "before setkey");
	expect_err(nm, t, 0, NULL, dst, BUF, BUF, 0, nonce, 12, NULL, 0,
		   -ENOKEY, "of 0 bytes before setkey");
	/* the tag lengths: the valid set, anything else refused and the
	 * length left as it was; before any key */
	for (n = 0; n <= 16; n++) {
		ok = test_aead_authsize_ok(ti, n);
		rc = cryptarch_aead_setauthsize(t, n);
		test_expect_rc(rc, ok ? 0 : -EINVAL, "%s setauthsize(%zu)", nm,
			       n);
		if (ok && cryptarch_aead_authsize(t) != n)
			test_fail("%s: setauthsize(%zu), authsize() %zu", nm, n,
				  cryptarch_aead_authsize(t));
	}
	test_expect_rc(cryptarch_aead_setauthsize(t, 8), 0, "%s setauthsize(8)",
		       nm);
	for (i = 0; i < sizeof(bad_tags) / sizeof(bad_tags[0]); i++) {
		test_expect_rc(cryptarch_aead_setauthsize(t, bad_tags[i]),
			       -EINVAL, "%s setauthsize(%zu)", nm, bad_tags[i]);
		if (cryptarch_aead_authsize(t) != 8)
			test_fail("%s: a refused setauthsize(%zu) changed the "
				  "tag length to %zu",
				  nm, bad_tags[i], cryptarch_aead_authsize(t));
	}
	test_expect_rc(cryptarch_aead_setauthsize(t, SIZE_MAX), -EINVAL,
		       "%s setauthsize(SIZE_MAX)", nm);
#if SIZE_MAX > 0xffffffffu
	test_expect_rc(cryptarch_aead_setauthsize(t, (size_t)1 << 32 | 16),
		       -EINVAL, "%s setauthsize(2^32 + 16)", nm);
#endif
	/* key lengths; a refused key leaves none */
	for (i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
		for (j = 0, ok = 0; j < nk; j++)
			ok |= lens[i] == ks[j];
		rc = cryptarch_aead_setkey(t, key, lens[i]);
		test_expect_rc(rc, ok ? 0 : -EINVAL, "%s setkey %zu bytes", nm,
			       lens[i]);
		if (rc == 0) {
			/* the tag length set before the key stays */
			if (cryptarch_aead_authsize(t) != 8)
				test_fail("%s: setkey changed the tag length "
					  "to %zu",
					  nm, cryptarch_aead_authsize(t));
			memset(dst, PAT, sizeof(dst));
			rc = call(t, 0, pt, dst, 20, nonce, 12, ad, 8);
			test_expect_rc(rc, 0, "%s encrypt after setkey %zu", nm,
				       lens[i]);
			if (!test_all(dst + 28, PAT, BUF - 28))
				test_fail("%s: encrypt wrote more than len + "
					  "authsize (8) bytes",
					  nm);
		} else {
			expect_err(nm, t, 0, pt, dst, BUF, BUF, 20, nonce, 12,
				   ad, 8, -ENOKEY, "after a refused setkey");
		}
	}
	rc = cryptarch_aead_setkey(t, key, ks[0]);
	test_expect_rc(rc, 0, "%s setkey %zu", nm, ks[0]);
	test_expect_rc(cryptarch_aead_setkey(t, key, 17), -EINVAL,
		       "%s setkey 17 bytes", nm);
	expect_err(nm, t, 0, pt, dst, BUF, BUF, 20, nonce, 12, ad, 8, -ENOKEY,
		   "after a good then a refused setkey");
	expect_err(nm, t, 1, ct, dst, BUF, BUF, 36, nonce, 12, ad, 8, -ENOKEY,
		   "after a good then a refused setkey");
	test_expect_rc(cryptarch_aead_setkey(t, NULL, ks[0]), -EINVAL,
		       "%s setkey(NULL)", nm);
	expect_err(nm, t, 0, pt, dst, BUF, BUF, 20, nonce, 12, ad, 8, -ENOKEY,
		   "after setkey(NULL)");
	cryptarch_aead_free(t);
}

/* An inaccessible mapping of SIZE bytes (NULL where the system will not
 * make one): GCM's length limit is checked with it as buffers, so that a
 * call that reads or writes instead of refusing crashes. */
static void *reserve(size_t size)
{
#if defined(MAP_NORESERVE) && defined(MAP_ANONYMOUS)
	void *p = mmap(NULL, size, PROT_NONE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);

	return p == MAP_FAILED ? NULL : p;
#else
	(void)size;
	return NULL;
#endif
}

static uint8_t *huge;	    /* 2^24 + SLACK bytes, for CCM's L = 3 */
static void *gcm_limit_map; /* 2^36 + 64 bytes, inaccessible */
static size_t gcm_limit_size;

/* The rules on nonces, lengths and buffers of a keyed handle. */
static void check_requests(const struct test_inst *ti)
{
	const int gcm = test_aead_is_gcm(ti);
	size_t ks[3], nk = test_inst_key_sizes(ti, ks), n, as;
	uint8_t key[32], nonce[NONCE_MAX * 2], ad[40], pt[BUF], dst[BUF];
	uint8_t ct[BUF];
	cryptarch_aead *t = test_aead_open(ti, 0);
	const char *nm = ti->name;
	uint8_t *big, *bdst;
	char what[96];
	int rc;

	if (!t)
		return;
	(void)nk;
	test_rng_fill(&rng, key, sizeof(key));
	test_rng_fill(&rng, nonce, sizeof(nonce));
	test_rng_fill(&rng, ad, sizeof(ad));
	test_rng_fill(&rng, pt, sizeof(pt));
	if (cryptarch_aead_setkey(t, key, ks[0])) {
		test_fail("%s: setkey", nm);
		cryptarch_aead_free(t);
		return;
	}
	/* nonces */
	expect_err(nm, t, 0, pt, dst, BUF, BUF, 20, NULL, 12, ad, 8, -EINVAL,
		   "NULL nonce");
	expect_err(nm, t, 0, pt, dst, BUF, BUF, 20, nonce, 0, ad, 8, -EINVAL,
		   "0-byte nonce");
	expect_err(nm, t, 0, NULL, dst, BUF, BUF, 0, NULL, 0, NULL, 0, -EINVAL,
		   "NULL 0-byte nonce, nothing else");
	memset(ct, 0, sizeof(ct));
	expect_err(nm, t, 1, ct, dst, BUF, BUF, 36, NULL, 12, ad, 8, -EINVAL,
		   "NULL nonce");
	expect_err(nm, t, 1, ct, dst, BUF, BUF, 36, nonce, 0, ad, 8, -EINVAL,
		   "0-byte nonce");
	for (n = 1; n <= 20 && !gcm; n++) {
		if (n >= 7 && n <= 13)
			continue;
		snprintf(what, sizeof(what), "a %zu-byte ccm nonce", n);
		expect_err(nm, t, 0, pt, dst, BUF, BUF, 20, nonce, n, ad, 8,
			   -EINVAL, what);
		expect_err(nm, t, 1, ct, dst, BUF, BUF, 36, nonce, n, ad, 8,
			   -EINVAL, what);
	}
	for (n = 1; gcm && n <= 2 * NONCE_MAX; n += n < 20 ? 1 : 47) {
		rc = call(t, 0, pt, dst, 20, nonce, n, ad, 8);
		test_expect_rc(rc, 0, "%s encrypt, a %zu-byte gcm nonce", nm,
			       n);
	}
	/* associated data: NULL only with 0 bytes */
	expect_err(nm, t, 0, pt, dst, BUF, BUF, 20, nonce, 12, NULL, 1, -EINVAL,
		   "NULL ad of 1 byte");
	expect_err(nm, t, 0, pt, dst, BUF, BUF, 20, nonce, 12, NULL, 16,
		   -EINVAL, "NULL ad of 16 bytes");
	expect_err(nm, t, 1, ct, dst, BUF, BUF, 36, nonce, 12, NULL, 8, -EINVAL,
		   "NULL ad of 8 bytes");
	test_expect_rc(call(t, 0, pt, dst, 20, nonce, 12, NULL, 0), 0,
		       "%s encrypt, NULL ad of 0 bytes", nm);
	/* decryption shorter than the tag, for two tag lengths */
	for (as = 16; as >= 4; as = as == 16 ? 4 : 0) {
		if (cryptarch_aead_setauthsize(t, as))
			test_fail("%s: setauthsize(%zu)", nm, as);
		for (n = 0; n < as; n++) {
			snprintf(what, sizeof(what),
				 "%zu bytes under a %zu-byte tag", n, as);
			expect_err(nm, t, 1, ct, dst, BUF, BUF, n, nonce, 12,
				   ad, 8, -EINVAL, what);
		}
	}
	if (cryptarch_aead_setauthsize(t, 16))
		test_fail("%s: setauthsize(16)", nm);
	/* NULL buffers: refused where bytes would go through them; none
	 * needed for 0 bytes of payload (encryption still writes a tag) */
	expect_err(nm, t, 0, NULL, dst, BUF, BUF, 20, nonce, 12, ad, 8, -EINVAL,
		   "NULL src");
	expect_err(nm, t, 0, pt, NULL, 0, 0, 20, nonce, 12, ad, 8, -EINVAL,
		   "NULL dst");
	expect_err(nm, t, 0, NULL, NULL, 0, 0, 0, nonce, 12, ad, 8, -EINVAL,
		   "0 bytes, NULL dst (the tag has nowhere to go)");
	expect_err(nm, t, 1, NULL, dst, BUF, BUF, 36, nonce, 12, ad, 8, -EINVAL,
		   "NULL src");
	expect_err(nm, t, 1, ct, NULL, 0, 0, 36, nonce, 12, ad, 8, -EINVAL,
		   "NULL dst");
	rc = call(t, 0, NULL, ct, 0, nonce, 12, ad, 8);
	test_expect_rc(rc, 0, "%s encrypt of 0 bytes from NULL", nm);
	rc = call(t, 1, ct, NULL, 16, nonce, 12, ad, 8);
	test_expect_rc(rc, 0, "%s decrypt of the bare tag into NULL", nm);
	/* a length that overflows with the tag */
	expect_err(nm, t, 0, pt, dst, BUF, 64, SIZE_MAX - 3, nonce,
		   gcm ? 12 : 7, ad, 8, -EINVAL, "SIZE_MAX - 3 bytes");
	if (!gcm) {
		/* L = 15 - noncelen bytes of length */
		big = xmalloc(65536 + 16);
		bdst = xmalloc(65536 + 16 + SLACK);
		test_rng_fill(&rng, big, 65536 + 16);
		expect_err(nm, t, 0, big, bdst, 65536 + 16 + SLACK, 1 << 20,
			   65536, nonce, 13, ad, 8, -EINVAL,
			   "65536 bytes under a 13-byte nonce (L = 2)");
		expect_err(nm, t, 1, big, bdst, 65536 + 16 + SLACK, 1 << 20,
			   65536 + 16, nonce, 13, ad, 8, -EINVAL,
			   "65536 + 16 bytes under a 13-byte nonce (L = 2)");
		rc = call(t, 0, big, bdst, 65535, nonce, 13, ad, 8);
		test_expect_rc(rc, 0, "%s encrypt 65535 bytes, 13-byte nonce",
			       nm);
		rc = call(t, 1, bdst, bdst, 65535 + 16, nonce, 13, ad, 8);
		test_expect_rc(rc, 0, "%s decrypt 65535 bytes, 13-byte nonce",
			       nm);
		if (rc == 0)
			test_compare(bdst, big, 65535,
				     "%s: 65535 bytes, 13-byte nonce, round "
				     "trip",
				     nm);
		free(big);
		free(bdst);
		if (huge) {
			expect_err(nm, t, 0, huge, huge,
				   ((size_t)1 << 24) + SLACK, 4096,
				   (size_t)1 << 24, nonce, 12, ad, 8, -EINVAL,
				   "2^24 bytes under a 12-byte nonce (L = 3)");
		}
	} else if (gcm_limit_map) {
#if SIZE_MAX > 0xffffffffu
		/* 2^36 - 32 bytes at most; src and dst inaccessible */
		size_t lim = ((size_t)1 << 36) - 32;

		rc = call(t, 0, gcm_limit_map, gcm_limit_map, lim + 1, nonce,
			  12, ad, 8);
		test_expect_rc(rc, -EINVAL, "%s encrypt 2^36 - 31 bytes", nm);
		rc = call(t, 1, gcm_limit_map, gcm_limit_map, lim + 1 + 16,
			  nonce, 12, ad, 8);
		test_expect_rc(rc, -EINVAL,
			       "%s decrypt 2^36 - 31 bytes and the tag", nm);
#endif
	}
	cryptarch_aead_free(t);
}

/*
 * One forgery: CT (CL bytes) altered, decrypted out of place and in
 * place under authsize AS with the given nonce and associated data:
 * -EBADMSG, the len - AS bytes of output zero, nothing past them.
 */
static void expect_forgery(const char *name, cryptarch_aead *t,
			   const uint8_t *ct, size_t cl, size_t as,
			   const uint8_t *nonce, size_t nl, const uint8_t *ad,
			   size_t al, const char *what)
{
	size_t pl = cl >= as ? cl - as : 0;
	uint8_t *src = xdup(ct, cl), *dst = xmalloc(pl + SLACK);
	int rc;

	memset(dst, PAT, pl + SLACK);
	rc = call(t, 1, src, dst, cl, nonce, nl, ad, al);
	test_expect_rc(rc, -EBADMSG, "%s: %s", name, what);
	if (rc == -EBADMSG &&
	    (!test_all(dst, 0, pl) || !test_all(dst + pl, PAT, SLACK)))
		test_fail("%s: %s: the output is not %zu zero bytes and "
			  "nothing more",
			  name, what, pl);
	test_compare(src, ct, cl, "%s: %s: the source changed", name, what);
	rc = call(t, 1, src, src, cl, nonce, nl, ad, al);
	test_expect_rc(rc, -EBADMSG, "%s: %s, in place", name, what);
	if (rc == -EBADMSG && !test_all(src, 0, pl))
		test_fail("%s: %s, in place: the output is not zero", name,
			  what);
	test_compare(src + pl, ct + pl, cl - pl,
		     "%s: %s, in place: the tag was overwritten", name, what);
	free(src);
	free(dst);
}

/* Forged messages of several shapes (payload and associated data
 * lengths, tag length). */
static void check_forgery(const struct test_inst *ti)
{
	static const struct {
		size_t len, al, as;
	} shapes[] = { { 0, 0, 16 },   { 0, 19, 16 }, { 17, 0, 16 },
		       { 33, 13, 16 }, { 16, 16, 4 }, { 5, 3, 8 } };
	const int gcm = test_aead_is_gcm(ti);
	size_t ks[3], nk = test_inst_key_sizes(ti, ks), s, b, cl;
	uint8_t key[32], nonce[12], ad[32], pt[64], ct[80], back[64];
	cryptarch_aead *t = test_aead_open(ti, 0);
	const char *nm = ti->name;
	char what[128];
	int rc;

	if (!t)
		return;
	for (s = 0; s < sizeof(shapes) / sizeof(shapes[0]); s++) {
		size_t len = shapes[s].len, al = shapes[s].al;
		size_t as = shapes[s].as;

		if (!test_aead_authsize_ok(ti, as))
			as = 16;
		cl = len + as;
		test_rng_fill(&rng, key, sizeof(key));
		test_rng_fill(&rng, nonce, sizeof(nonce));
		test_rng_fill(&rng, ad, sizeof(ad));
		test_rng_fill(&rng, pt, sizeof(pt));
		if (cryptarch_aead_setkey(t, key, ks[s % nk]) ||
		    cryptarch_aead_setauthsize(t, as) ||
		    call(t, 0, pt, ct, len, nonce, 12, ad, al)) {
			test_fail("%s: forgery setup failed", nm);
			break;
		}
		/* the message itself verifies */
		rc = call(t, 1, ct, back, cl, nonce, 12, ad, al);
		test_expect_rc(rc, 0, "%s: decrypt the genuine message", nm);
		for (b = 0; b < 8 * cl; b++) {
			ct[b / 8] ^= (uint8_t)(1 << (b % 8));
			snprintf(what, sizeof(what),
				 "%zu+%zu bytes, ad %zu: %s bit %zu flipped",
				 len, as, al,
				 b < 8 * len ? "ciphertext" : "tag",
				 b < 8 * len ? b : b - 8 * len);
			expect_forgery(nm, t, ct, cl, as, nonce, 12, ad, al,
				       what);
			ct[b / 8] ^= (uint8_t)(1 << (b % 8));
		}
		for (b = 0; b < 8 * al; b++) {
			ad[b / 8] ^= (uint8_t)(1 << (b % 8));
			snprintf(what, sizeof(what),
				 "%zu+%zu bytes, ad %zu: ad bit %zu flipped",
				 len, as, al, b);
			expect_forgery(nm, t, ct, cl, as, nonce, 12, ad, al,
				       what);
			ad[b / 8] ^= (uint8_t)(1 << (b % 8));
		}
		for (b = 0; b < 96; b++) {
			nonce[b / 8] ^= (uint8_t)(1 << (b % 8));
			snprintf(what, sizeof(what),
				 "%zu+%zu bytes, ad %zu: nonce bit %zu flipped",
				 len, as, al, b);
			expect_forgery(nm, t, ct, cl, as, nonce, 12, ad, al,
				       what);
			nonce[b / 8] ^= (uint8_t)(1 << (b % 8));
		}
		/* one byte of associated data more or less, a nonce one
		 * byte shorter (a different J0 or B0) */
		snprintf(what, sizeof(what), "%zu+%zu bytes: ad %zu -> %zu",
			 len, as, al, al + 1);
		expect_forgery(nm, t, ct, cl, as, nonce, 12, ad, al + 1, what);
		if (al) {
			snprintf(what, sizeof(what),
				 "%zu+%zu bytes: ad %zu -> %zu", len, as, al,
				 al - 1);
			expect_forgery(nm, t, ct, cl, as, nonce, 12, ad, al - 1,
				       what);
		}
		snprintf(what, sizeof(what), "%zu+%zu bytes: nonce of 11 bytes",
			 len, as);
		expect_forgery(nm, t, ct, cl, as, nonce, 11, ad, al, what);
		/* the last byte dropped: the tag read one byte early */
		if (len) {
			snprintf(what, sizeof(what),
				 "%zu+%zu bytes: the last byte dropped", len,
				 as);
			expect_forgery(nm, t, ct, cl - 1, as, nonce, 12, ad, al,
				       what);
		}
		/* read under another tag length: CCM binds it in B0; a
		 * GCM tag cut short is a valid shorter tag, one longer is
		 * not (the payload's last bytes taken for tag) */
		if (as == 16 && len >= 4) {
			if (cryptarch_aead_setauthsize(t, 4))
				test_fail("%s: setauthsize(4)", nm);
			snprintf(what, sizeof(what),
				 "%zu+16 bytes read with a 4-byte tag", len);
			if (!gcm)
				expect_forgery(nm, t, ct, len + 4, 4, nonce, 12,
					       ad, al, what);
			else
				test_expect_rc(call(t, 1, ct, back, len + 4,
						    nonce, 12, ad, al),
					       0, "%s: %s (MSB_32 of the tag)",
					       nm, what);
			if (cryptarch_aead_setauthsize(t, 16))
				test_fail("%s: setauthsize(16)", nm);
		}
		if (as == 4) {
			if (cryptarch_aead_setauthsize(t, 16))
				test_fail("%s: setauthsize(16)", nm);
			snprintf(what, sizeof(what),
				 "%zu+4 bytes read with a 16-byte tag", len);
			expect_forgery(nm, t, ct, cl, 16, nonce, 12, ad, al,
				       what);
		}
	}
	cryptarch_aead_free(t);
}

/* ALGNAME under both policies: one of its instances TI (N) here, a
 * constant-time one under flags 0, or -ENOENT where none is. */
static void check_choice(const char *algname, const struct test_inst *ti,
			 size_t n)
{
	size_t i;
	int f;

	for (i = 0; i < cryptarch_driver_count(); i++)
		if (!test_selected(cryptarch_driver_at(i)))
			return;
	for (f = 0; f < 2; f++) {
		unsigned fl = f ? VT : 0;
		cryptarch_aead *t = (cryptarch_aead *)&t;
		int have = 0, rc;
		const char *d;

		for (i = 0; i < n; i++)
			have |= f || cryptarch_spec_constant_time(&ti[i].spec);
		rc = cryptarch_aead_new(&t, algname, fl);
		if (rc && t)
			test_fail("%s: _new failed and left *tfm set", algname);
		if (!have || n == 0) {
			if (rc == 0)
				test_fail("%s, flags %u: chose %s, but no "
					  "instance here qualifies",
					  algname, fl,
					  cryptarch_aead_driver(t));
			else
				test_expect_rc(rc, -ENOENT, "%s, flags %u",
					       algname, fl);
			if (!rc)
				cryptarch_aead_free(t);
			continue;
		}
		if (rc) {
			test_fail("%s, flags %u: %s", algname, fl,
				  cryptarch_strerror(rc));
			continue;
		}
		d = cryptarch_aead_driver(t);
		for (i = 0; i < n && strcmp(ti[i].name, d) != 0; i++)
			;
		if (i == n)
			test_fail("%s, flags %u: chose %s, not an instance "
				  "here",
				  algname, fl, d);
		else if (!f && !cryptarch_spec_constant_time(&ti[i].spec))
			test_fail("%s, flags 0: chose the variable-time %s",
				  algname, d);
		else
			printf("%s, flags %u -> %s\n", algname, fl, d);
		cryptarch_aead_free(t);
	}
}

/* Every instance of ALGNAME; returns the count. */
static size_t check_name(const char *algname, unsigned long iters)
{
	struct test_inst *ti;
	size_t n = test_aead_instances(algname, &ti, NULL), r, i;
	unsigned long before = test_failures, c0 = cases, k0 = calls;
	cryptarch_aead *ref = NULL, *t;
	struct model m = { NULL, { 0 } };
	const struct cryptarch_driver *gen;

	if (n == 0) {
		printf("%s: no instance available here\n", algname);
		check_choice(algname, ti, 0);
		free(ti);
		return 0;
	}
	r = test_aead_reference(ti, n);
	gen = test_reference(ti[r].drv->alg->name);
	if (!gen || cryptarch_cipher_new(&m.c, gen->name, VT)) {
		test_fail("%s: no generic cipher for the model", algname);
		free(ti);
		return 0;
	}
	make_long(&ti[r], &m);
	ref = test_aead_open(&ti[r], 0);
	if (ref) {
		printf("%s: reference %s\n", algname, ti[r].name);
		reference_vs_model(&ti[r], ref, &m);
		if (test_aead_is_gcm(&ti[r])) {
			size_t ks[3], nk = test_inst_key_sizes(&ti[r], ks);

			check_wrap(&ti[r], ref, ref, ti[r].name, &m, ks, nk);
		}
	}
	for (i = 0; i < n; i++) {
		unsigned long f0 = test_failures;

		check_keys(&ti[i]);
		check_requests(&ti[i]);
		check_forgery(&ti[i]);
		if (ref && i != r) {
			t = test_aead_open(&ti[i], 0);
			if (t)
				instance_vs_reference(
					&ti[i], t, i, &ti[r], ref, &m,
					test_inst_rounds(&ti[i], iters));
			cryptarch_aead_free(t);
		}
		if (test_failures != f0)
			printf("%s: %lu failures\n", ti[i].name,
			       test_failures - f0);
	}
	printf("%s: %zu instances, %lu cases, %lu calls, %lu failures (",
	       algname, n, cases - c0, calls - k0, test_failures - before);
	for (i = 0; i < n; i++)
		printf("%s%s", i ? " " : "", ti[i].name);
	printf(")\n");
	fflush(stdout);
	check_choice(algname, ti, n);
	cryptarch_aead_free(ref);
	cryptarch_cipher_free(m.c);
	free_long();
	free(ti);
	return n;
}

/* The model's own arithmetic: H * H^-1 = 1, and a product against the
 * GCM specification's GHASH of its Test Case 2 (McGrew and Viega,
 * Appendix B: H = 66e94bd4ef8a2c3b884cfa59ca342b2e, C =
 * 0388dace60b6a392f328c2b971b2fe78, GHASH(H, {}, C) =
 * f38cbb1ad69223dcc3457ae5b6b0f885). */
static void check_field(void)
{
	static const uint8_t h[16] = { 0x66, 0xe9, 0x4b, 0xd4, 0xef, 0x8a,
				       0x2c, 0x3b, 0x88, 0x4c, 0xfa, 0x59,
				       0xca, 0x34, 0x2b, 0x2e };
	static const uint8_t c[16] = { 0x03, 0x88, 0xda, 0xce, 0x60, 0xb6,
				       0xa3, 0x92, 0xf3, 0x28, 0xc2, 0xb9,
				       0x71, 0xb2, 0xfe, 0x78 };
	static const uint8_t want[16] = { 0xf3, 0x8c, 0xbb, 0x1a, 0xd6, 0x92,
					  0x23, 0xdc, 0xc3, 0x45, 0x7a, 0xe5,
					  0xb6, 0xb0, 0xf8, 0x85 };
	uint8_t y[16] = { 0 }, lb[16] = { 0 }, inv[16], one[16] = { 0x80 };
	uint8_t x[16];
	int i;

	test_ghash(y, h, c, 16);
	lb[15] = 128; /* 0 bits of A, 128 of C */
	test_ghash(y, h, lb, 16);
	test_compare(y, want, 16, "the test's GHASH, GCM Test Case 2");
	for (i = 0; i < 4; i++) {
		test_rng_fill(&rng, x, 16);
		x[0] |= 1;
		test_gf128_inv(inv, x);
		test_gf128_mul(inv, inv, x);
		test_compare(inv, one, 16, "the test's GF(2^128): x * x^-1");
	}
}

int main(int argc, char **argv)
{
	char names[16][TEST_NAME_MAX];
	size_t nn, k, total = 0;
	unsigned long iters;

	test_mask_all(&argc, &argv);
	test_rng_init(&rng, test_seed("test-aead", 0x61656164ull));
	iters = test_env_count("CRYPTARCH_TEST_ITER", 128);
	check_field();
	huge = malloc(((size_t)1 << 24) + SLACK);
#if SIZE_MAX > 0xffffffffu
	gcm_limit_size = ((size_t)1 << 36) + 64;
	gcm_limit_map = reserve(gcm_limit_size);
#endif
	if (!gcm_limit_map)
		puts("SKIP (part): GCM's 2^36 - 32 byte limit not checked "
		     "(no 64 GiB inaccessible mapping here)");
	nn = test_aead_names(names, 16);
	if (nn == 0)
		test_fail("no aead name is registered");
	for (k = 0; k < nn; k++)
		total += check_name(names[k], iters);
	free(huge);
	if (gcm_limit_map)
		munmap(gcm_limit_map, gcm_limit_size);
	printf("test-aead: %zu instances, %lu cases, %lu calls\n", total, cases,
	       calls);
	if (total == 0 && !test_failures) {
		puts("SKIP: no aead instance available");
		return TEST_SKIP;
	}
	return test_finish("test-aead");
}
