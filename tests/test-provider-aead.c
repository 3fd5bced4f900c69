/* SPDX-License-Identifier: MIT */
/*
 * test-provider-aead.c - the provider's AEAD ciphers (GCM, CCM) driven
 * through EVP by random call sequences.
 *
 *   test-provider-aead MODULE_DIR
 *
 * One library context loads cryptarch.so from MODULE_DIR next to the
 * default provider. Every AEAD cipher the module offers (GCM and CCM
 * modes as EVP_CIPHER_do_all_provided lists them) is checked:
 *   - its constants equal the default provider's cipher of that name;
 *     init works exactly where the library's gcm(...) or ccm(...) has an
 *     implementation under the default policy, and the "cryptarch-driver"
 *     parameter names the drivers;
 *   - AES: each call of a sequence goes to a cryptarch context and to a
 *     default provider context, and the return values, output lengths,
 *     output bytes, tags and parameters (iv, iv length, tag length) must
 *     be equal. GCM: iv lengths 1..64 (12 most often), set in one or two
 *     init steps or by re-init with a new iv and the same key; the AAD in
 *     up to five updates; the data split at random offsets, some updates
 *     in place; the context copied mid-stream (the copy goes on); every
 *     tag length on decryption, with the right tag or one bit flipped,
 *     set before the data or before final; and the sequences that must
 *     fail (AAD after data, update after final, a final without a tag, a
 *     changed iv length). CCM: the one-shot sequence (iv length, tag
 *     length, key and iv, the message length, the AAD, the data), nonces
 *     of 7..13 bytes, tags of 4..16 (even), copies between the calls,
 *     re-init with a new iv, decryption with the right or a flipped tag
 *     (the output must be zeros then) and a tag length changed after the
 *     key (which the default provider ignores until the next key).
 *   - Twofish, which the default provider lacks: the same sequences on the
 *     cryptarch context alone, each message's result (ciphertext, tag,
 *     plaintext, whether the tag verified) against the library's
 *     gcm(twofish) or ccm(twofish) aead called once on the whole message.
 * Under a second. CRYPTARCH_TEST_TRACE set prints each call's return
 * value and output length (cryptarch's, then the default provider's).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/provider.h>

#include "cryptarch.h"
#include "util.h"

#define MAXMSG 1200
#define MAXAAD 200

static struct test_rng rng;
static const char *prog = "test-provider-aead";
static int trace; /* CRYPTARCH_TEST_TRACE set: print every call's result */

static unsigned rnd(unsigned n)
{
	return (unsigned)test_rng_below(&rng, n);
}

struct cinfo {
	char name[64];
	EVP_CIPHER *cap, *ref; /* ref NULL: Twofish */
	int gcm;
	char aead_name[32]; /* the library's, for the model */
	size_t keylen;
};

/*
 * The contexts of one run: two (cryptarch, default) or one (cryptarch
 * alone). Each call goes to every side; run_rc() compares what came back.
 */
struct run {
	const struct cinfo *ci;
	int n;
	EVP_CIPHER_CTX *c[2];
	uint8_t out[2][MAXMSG + 64];
	uint8_t tag[2][16];
	int rc[2], ol[2];
	char what[128];
	int keyed, keyed_enc;	/* a key is set (for which direction) */
	size_t ivlen, taglen;	/* the current settings */
	int spent;		/* CCM: the length is spent, not set again */
	int lost_m;		/* CCM: a length mismatch lost M until a key */
	uint8_t key[32];
	unsigned bad;		/* failures in this run */
};

static int run_rc(struct run *r, const char *step, int cmp_len)
{
	if (trace)
		printf("  %s: %d/%d %d/%d\n", step, r->rc[0], r->ol[0],
		       r->rc[1], r->ol[1]);
	if (r->n == 2 && (r->rc[0] != r->rc[1] ||
			  (cmp_len && r->rc[0] == 1 && r->ol[0] != r->ol[1]))) {
		test_fail("%s: %s: %s: %d/%d, default %d/%d", r->ci->name,
			  r->what, step, r->rc[0], r->ol[0], r->rc[1],
			  r->ol[1]);
		r->bad++;
		return 0;
	}
	ERR_clear_error();
	return 1;
}

static const EVP_CIPHER *side_cipher(const struct run *r, int i)
{
	return i == 0 ? r->ci->cap : r->ci->ref;
}

static int op_init(struct run *r, int with_cipher, const uint8_t *key,
		   const uint8_t *iv, int enc)
{
	int i;

	for (i = 0; i < r->n; i++) {
		r->rc[i] = EVP_CipherInit_ex(r->c[i],
					     with_cipher ? side_cipher(r, i)
							 : NULL,
					     NULL, key, iv, enc);
		r->ol[i] = 0;
	}
	return run_rc(r, "init", 0) && r->rc[0] == 1;
}

static int op_init2(struct run *r, const uint8_t *key, const uint8_t *iv,
		    int enc)
{
	int i;

	for (i = 0; i < r->n; i++) {
		r->rc[i] = EVP_CipherInit_ex2(r->c[i], side_cipher(r, i), key,
					      iv, enc, NULL);
		r->ol[i] = 0;
	}
	return run_rc(r, "init2", 0) && r->rc[0] == 1;
}

static int op_ctrl(struct run *r, int type, int arg, const uint8_t *p,
		   const char *step)
{
	int i;

	for (i = 0; i < r->n; i++) {
		uint8_t buf[32];

		if (p != NULL)
			memcpy(buf, p, (size_t)arg);
		r->rc[i] = EVP_CIPHER_CTX_ctrl(r->c[i], type, arg,
					       p ? buf : NULL);
		r->ol[i] = 0;
	}
	return run_rc(r, step, 0);
}

static int op_get_tag(struct run *r, int t)
{
	int i;

	for (i = 0; i < r->n; i++) {
		memset(r->tag[i], 0xa5, 16);
		r->rc[i] = EVP_CIPHER_CTX_ctrl(r->c[i], EVP_CTRL_AEAD_GET_TAG,
					       t, r->tag[i]);
		r->ol[i] = 0;
	}
	if (!run_rc(r, "get tag", 0))
		return 0;
	if (r->n == 2 && test_compare(r->tag[0], r->tag[1], 16,
				      "%s: %s: tag of %d", r->ci->name,
				      r->what, t)) {
		r->bad++;
		return 0;
	}
	return r->rc[0] > 0;
}

/* An update at OUT offset OFF of LEN bytes from IN (NULL: the AAD or the
 * length call pass NULL output; INPLACE: from the output buffer). */
static int op_update(struct run *r, int data, size_t off, const uint8_t *in,
		     size_t len, int inplace, const char *step)
{
	int i;

	for (i = 0; i < r->n; i++) {
		const uint8_t *src = in;

		if (data && inplace) {
			memcpy(r->out[i] + off, in, len);
			src = r->out[i] + off;
		}
		r->ol[i] = -1;
		r->rc[i] = EVP_CipherUpdate(r->c[i],
					    data ? r->out[i] + off : NULL,
					    &r->ol[i], src, (int)len);
	}
	if (!run_rc(r, step, 1))
		return -1;
	if (r->n == 2 && data &&
	    test_compare(r->out[0], r->out[1], off + len, "%s: %s: %s",
			 r->ci->name, r->what, step)) {
		r->bad++;
		return -1;
	}
	return r->rc[0] == 1;
}

static int op_final(struct run *r, size_t off)
{
	int i;

	for (i = 0; i < r->n; i++) {
		r->ol[i] = -1;
		r->rc[i] = EVP_CipherFinal_ex(r->c[i], r->out[i] + off,
					      &r->ol[i]);
	}
	if (!run_rc(r, "final", 1))
		return -1;
	return r->rc[0] == 1;
}

static int op_copy(struct run *r)
{
	int i;

	for (i = 0; i < r->n; i++) {
		EVP_CIPHER_CTX *n = EVP_CIPHER_CTX_new();

		r->rc[i] = EVP_CIPHER_CTX_copy(n, r->c[i]);
		r->ol[i] = 0;
		EVP_CIPHER_CTX_free(r->c[i]);
		r->c[i] = n;
	}
	return run_rc(r, "copy", 0);
}

/* The iv, its length and the tag length: the same on both sides. */
static void cmp_params(struct run *r)
{
	uint8_t iv[2][64];
	size_t ivl[2], tl[2];
	int rc[2], i;

	if (r->n != 2)
		return;
	for (i = 0; i < 2; i++) {
		OSSL_PARAM p[4] = {
			OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, &ivl[i]),
			OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_TAGLEN,
					  &tl[i]),
			OSSL_PARAM_END, OSSL_PARAM_END
		};
		OSSL_PARAM q[2] = {
			OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_IV, iv[i],
						r->ivlen),
			OSSL_PARAM_END
		};

		ivl[i] = tl[i] = 0;
		memset(iv[i], 0, sizeof(iv[i]));
		rc[i] = EVP_CIPHER_CTX_get_params(r->c[i], p) * 2 +
			EVP_CIPHER_CTX_get_params(r->c[i], q);
	}
	ERR_clear_error();
	if (rc[0] != rc[1] || ivl[0] != ivl[1] || tl[0] != tl[1] ||
	    memcmp(iv[0], iv[1], r->ivlen) != 0) {
		test_fail("%s: %s: parameters %d (iv length %zu, tag length "
			  "%zu), default %d (%zu, %zu)%s", r->ci->name, r->what,
			  rc[0], ivl[0], tl[0], rc[1], ivl[1], tl[1],
			  memcmp(iv[0], iv[1], r->ivlen) ? ", iv differs" : "");
		r->bad++;
	}
}

/* ---- the models: one call per message ---------------------------------- */

/* AES: the default provider in the plainest sequence; Twofish: the
 * library's aead. CT gets len bytes, TAG 16 (GCM) or TAGLEN (CCM). */
static int model_encrypt(const struct cinfo *ci, const uint8_t *key,
			 const uint8_t *iv, size_t ivlen, const uint8_t *aad,
			 size_t aadlen, const uint8_t *pt, size_t len,
			 size_t taglen, uint8_t *ct, uint8_t *tag)
{
	static uint8_t buf[MAXMSG + 16];
	cryptarch_aead *a = NULL;
	int ok, l = 0;
	size_t tl = ci->gcm ? 16 : taglen;

	if (ci->ref != NULL) {
		EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();

		ok = EVP_EncryptInit_ex(c, ci->ref, NULL, NULL, NULL) == 1 &&
		     EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_SET_IVLEN,
					 (int)ivlen, NULL) == 1 &&
		     (ci->gcm || EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_SET_TAG,
						      (int)tl, NULL) == 1) &&
		     EVP_EncryptInit_ex(c, NULL, NULL, key, iv) == 1 &&
		     (ci->gcm || EVP_EncryptUpdate(c, NULL, &l, NULL,
						   (int)len) == 1) &&
		     (aadlen == 0 || EVP_EncryptUpdate(c, NULL, &l, aad,
						       (int)aadlen) == 1) &&
		     EVP_EncryptUpdate(c, ct, &l, pt, (int)len) == 1 &&
		     EVP_EncryptFinal_ex(c, ct + l, &l) == 1 &&
		     EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_GET_TAG, (int)tl,
					 tag) == 1;
		EVP_CIPHER_CTX_free(c);
		return ok;
	}
	ok = cryptarch_aead_new(&a, ci->aead_name, 0) == 0 &&
	     cryptarch_aead_setkey(a, key, ci->keylen) == 0 &&
	     cryptarch_aead_setauthsize(a, tl) == 0 &&
	     cryptarch_aead_encrypt(a, pt, buf, len, iv, ivlen, aad,
				    aadlen) == 0;
	cryptarch_aead_free(a);
	if (ok) {
		memcpy(ct, buf, len);
		memcpy(tag, buf + len, tl);
	}
	return ok;
}

/* ---- GCM --------------------------------------------------------------- */

/*
 * An iv whose J0 the test chooses, so that the 32-bit counter of GCM
 * wraps within a message (a random iv does so once in 2^26 messages).
 * For a 16-byte iv X, J0 = GHASH(X || 0^64 || [128]64) = (X H + L) H in
 * GF(2^128), so X = (J0 H^-1 + L) H^-1. Bitwise field arithmetic after SP
 * 800-38D 6.3 (algorithm 1); test code, not constant-time.
 */
static void gf_mul(uint8_t *z, const uint8_t *x, const uint8_t *y)
{
	uint8_t v[16], acc[16] = { 0 };
	unsigned i, j, lsb;

	memcpy(v, y, 16);
	for (i = 0; i < 128; i++) {
		if (x[i / 8] >> (7 - i % 8) & 1)
			for (j = 0; j < 16; j++)
				acc[j] ^= v[j];
		lsb = v[15] & 1;
		for (j = 15; j > 0; j--)
			v[j] = (uint8_t)(v[j] >> 1 | v[j - 1] << 7);
		v[0] >>= 1;
		if (lsb)
			v[0] ^= 0xe1;
	}
	memcpy(z, acc, 16);
}

/* a^(2^128 - 2) = a^-1: a^(2^k - 1) squared and times a, up to k = 127,
 * then squared once more. */
static void gf_inv(uint8_t *z, const uint8_t *a)
{
	uint8_t r[16];
	unsigned k;

	memcpy(r, a, 16);
	for (k = 1; k < 127; k++) {
		gf_mul(r, r, r);
		gf_mul(r, r, a);
	}
	gf_mul(z, r, r);
}

/* H = E(K, 0^128): the default provider's ECB for AES, the library's
 * for Twofish. */
static int gcm_h(const struct cinfo *ci, const uint8_t *key, uint8_t *h)
{
	static const uint8_t zero[16];
	cryptarch_skcipher *tf = NULL;
	char name[32];
	int ok, l = 0;

	if (ci->ref != NULL) {
		EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
		EVP_CIPHER *ecb;

		snprintf(name, sizeof(name), "AES-%zu-ECB", ci->keylen * 8);
		ecb = EVP_CIPHER_fetch(NULL, name, "provider=default");
		ok = ecb != NULL &&
		     EVP_EncryptInit_ex2(c, ecb, key, NULL, NULL) == 1 &&
		     EVP_CIPHER_CTX_set_padding(c, 0) == 1 &&
		     EVP_EncryptUpdate(c, h, &l, zero, 16) == 1 && l == 16;
		EVP_CIPHER_free(ecb);
		EVP_CIPHER_CTX_free(c);
		return ok;
	}
	ok = cryptarch_skcipher_new(&tf, "ecb(twofish)", 0) == 0 &&
	     cryptarch_skcipher_setkey(tf, key, ci->keylen) == 0 &&
	     cryptarch_skcipher_encrypt(tf, zero, h, 16, NULL) == 0;
	cryptarch_skcipher_free(tf);
	return ok;
}

/* The 16-byte iv under KEY whose J0 ends in the 32 bits LOW. */
static int gcm_wrap_iv(const struct cinfo *ci, const uint8_t *key,
		       uint32_t low, uint8_t *iv)
{
	uint8_t h[16], hinv[16], j0[16], len[16] = { 0 };
	unsigned i;

	if (!gcm_h(ci, key, h))
		return 0;
	test_rng_fill(&rng, j0, 12);
	for (i = 0; i < 4; i++)
		j0[12 + i] = (uint8_t)(low >> (24 - 8 * i));
	len[15] = 128; /* [bitlen(iv)]64 */
	gf_inv(hinv, h);
	gf_mul(iv, j0, hinv);
	for (i = 0; i < 16; i++)
		iv[i] ^= len[i];
	gf_mul(iv, iv, hinv);
	return 1;
}

static void gcm_message(struct run *r, int wrap)
{
	static uint8_t pt[MAXMSG], ct[MAXMSG], aad[MAXAAD];
	const struct cinfo *ci = r->ci;
	uint8_t iv[64], tag[16], settag[16];
	size_t ivlen, len, aadlen, off, n;
	unsigned how, t, flip, early_tag, pieces, k;
	int enc, ok, i;
	const uint8_t *in;

	enc = rnd(2);
	ivlen = rnd(3) ? 12 : 1 + rnd(64);
	len = rnd(6) ? rnd(100) : rnd(MAXMSG);
	aadlen = rnd(4) ? rnd(60) : rnd(MAXAAD);
	t = 1 + rnd(16);
	early_tag = rnd(2);
	/* init: 0 one step (12-byte iv), 1 two steps, 2 a new iv under the
	 * key set (its direction kept) */
	how = r->keyed ? rnd(3) : rnd(2);
	if (how == 0 && ivlen != 12)
		how = 1;
	if (how == 2)
		enc = r->keyed_enc;
	flip = !enc && rnd(3) == 0;
	if (how != 2)
		test_rng_fill(&rng, r->key, ci->keylen);
	test_rng_fill(&rng, iv, ivlen);
	if (wrap) {
		/* inc32(J0) wraps after 1..16 blocks of a longer message */
		ivlen = 16;
		len = 300 + rnd(MAXMSG - 300);
		if (how == 0)
			how = 1;
		if (!gcm_wrap_iv(ci, r->key, 0xffffffffu - rnd(16), iv)) {
			test_fail("%s: the wrapping iv", ci->name);
			r->bad++;
			return;
		}
	}
	test_rng_fill(&rng, pt, len);
	test_rng_fill(&rng, aad, aadlen);
	for (i = 0; i < r->n; i++)
		memset(r->out[i], 0x5c, sizeof(r->out[i]));
	if (!model_encrypt(ci, r->key, iv, ivlen, aad, aadlen, pt, len, 16,
			   ct, tag)) {
		test_fail("%s: the model's encryption", ci->name);
		r->bad++;
		return;
	}
	memcpy(settag, tag, 16);
	if (flip)
		settag[rnd(t)] ^= (uint8_t)(1u << rnd(8));
	snprintf(r->what, sizeof(r->what),
		 "GCM enc %d iv %zu aad %zu len %zu init %u tag %u%s%s", enc,
		 ivlen, aadlen, len, how, t, flip ? " flipped" : "",
		 wrap ? " counter wraps" : "");

	if (how == 0) {
		ok = op_init2(r, r->key, iv, enc);
	} else if (how == 1) {
		ok = op_init(r, 1, NULL, NULL, enc) &&
		     op_ctrl(r, EVP_CTRL_AEAD_SET_IVLEN, (int)ivlen, NULL,
			     "set iv length") &&
		     op_init(r, 0, r->key, iv, enc);
	} else {
		ok = (ivlen == r->ivlen ||
		      op_ctrl(r, EVP_CTRL_AEAD_SET_IVLEN, (int)ivlen, NULL,
			      "set iv length")) &&
		     op_init(r, 0, NULL, iv, enc);
	}
	if (!ok) {
		r->keyed = 0;
		return;
	}
	r->keyed = 1;
	r->ivlen = ivlen;
	if (how != 2)
		r->keyed_enc = enc;
	cmp_params(r);
	if (!enc && early_tag &&
	    !op_ctrl(r, EVP_CTRL_AEAD_SET_TAG, (int)t, settag, "set tag"))
		return;

	/* The AAD in pieces. */
	pieces = rnd(6);
	for (off = 0, k = 0; off < aadlen; off += n, k++) {
		n = k + 1 >= pieces ? aadlen - off
				    : rnd((unsigned)(aadlen - off) + 1);
		if (rnd(6) == 0 && !op_copy(r))
			return;
		if (op_update(r, 0, 0, aad + off, n, 0, "aad") != 1)
			return;
	}
	/* The data, split at random offsets. */
	in = enc ? pt : ct;
	for (off = 0, k = 0; off < len; off += n, k++) {
		n = rnd(3) ? rnd(40) : rnd((unsigned)(len - off) + 1);
		if (n > len - off)
			n = len - off;
		if (rnd(6) == 0 && !op_copy(r))
			return;
		if (op_update(r, 1, off, in + off, n, rnd(3) == 0, "data") != 1)
			return;
		if (rnd(8) == 0)
			cmp_params(r);
		/* AAD after data is refused (and changes nothing). */
		if (n != 0 && rnd(16) == 0 &&
		    op_update(r, 0, 0, aad, 1 + rnd(8), 0, "late aad") != 0)
			return;
	}
	if (!enc && !early_tag &&
	    !op_ctrl(r, EVP_CTRL_AEAD_SET_TAG, (int)t, settag, "set tag"))
		return;
	if (rnd(6) == 0 && !op_copy(r))
		return;
	ok = op_final(r, len);
	if (ok < 0)
		return;
	cmp_params(r);
	/* Only a flipped tag fails. */
	if (ok != !flip) {
		test_fail("%s: %s: final %d", ci->name, r->what, ok);
		r->bad++;
		return;
	}
	if (test_compare(r->out[0], enc ? ct : pt, len, "%s: %s: output",
			 ci->name, r->what)) {
		r->bad++;
		return;
	}
	if (enc) {
		if (op_get_tag(r, (int)t) == 1 &&
		    test_compare(r->tag[0], tag, t, "%s: %s: tag", ci->name,
				 r->what))
			r->bad++;
		/* A tag on encryption is refused. */
		if (rnd(8) == 0)
			op_ctrl(r, EVP_CTRL_AEAD_SET_TAG, 16, tag,
				"set tag on encryption");
	}
	/* After final, the iv is spent. */
	if (ok && rnd(8) == 0 &&
	    op_update(r, 1, 0, pt, 1 + rnd(16), 0, "update after final") == 1) {
		test_fail("%s: %s: update after final works", ci->name,
			  r->what);
		r->bad++;
	}
}

/* A fresh decryption context has no tag: final fails on both. */
static void gcm_no_tag(struct run *r)
{
	uint8_t iv[12] = { 0 };
	int i;

	snprintf(r->what, sizeof(r->what), "GCM decryption without a tag");
	for (i = 0; i < r->n; i++) {
		EVP_CIPHER_CTX_free(r->c[i]);
		r->c[i] = EVP_CIPHER_CTX_new();
	}
	test_rng_fill(&rng, r->key, r->ci->keylen);
	r->ivlen = 12;
	if (op_init2(r, r->key, iv, 0) &&
	    op_update(r, 1, 0, iv, 12, 0, "data") == 1 &&
	    op_final(r, 12) != 0) {
		test_fail("%s: %s: final succeeds", r->ci->name, r->what);
		r->bad++;
	}
	r->keyed = 1;
	r->keyed_enc = 0;
}

/* ---- CCM --------------------------------------------------------------- */

static void ccm_message(struct run *r)
{
	static uint8_t pt[MAXMSG], ct[MAXMSG], aad[MAXAAD];
	const struct cinfo *ci = r->ci;
	uint8_t iv[16], tag[16], settag[16];
	size_t ivlen, len, aadlen, t;
	unsigned how, flip, setlen, retag;
	int enc, ok, i, want;
	const uint8_t *in;

	enc = rnd(2);
	len = rnd(6) ? rnd(100) : rnd(MAXMSG);
	aadlen = rnd(3) ? rnd(60) : 0;
	/* init: 0 the whole sequence with a new key; 1 a new iv under the
	 * key set (its iv and tag lengths and its direction kept: the
	 * default provider chooses its AES-NI CCM routine, encryption's or
	 * decryption's, with the key) */
	how = r->keyed ? rnd(2) : 0;
	if (how == 1)
		enc = r->keyed_enc;
	else
		r->spent = r->lost_m = 0; /* a new context for a cipher */
	ivlen = how ? r->ivlen : 7 + rnd(7);
	t = how ? r->taglen : 4 + 2 * rnd(7);
	/* Now and then a tag length set after the key: the default
	 * provider goes on with the one at the key. */
	retag = how && rnd(10) == 0;
	if (retag)
		t = 4 + 2 * rnd(7);
	flip = !enc && rnd(3) == 0;
	setlen = aadlen != 0 || rnd(2);
	/* Where the last message left its length spent (a tag that failed,
	 * a tag not taken), a data update without a length call fails;
	 * that of an empty message is left out (the default provider then
	 * runs on stale state). */
	if (r->spent && len <= 1)
		setlen = 1;
	if (how == 0)
		test_rng_fill(&rng, r->key, ci->keylen);
	test_rng_fill(&rng, iv, ivlen);
	test_rng_fill(&rng, pt, len);
	test_rng_fill(&rng, aad, aadlen);
	for (i = 0; i < r->n; i++)
		memset(r->out[i], 0x5c, sizeof(r->out[i]));
	if (!model_encrypt(ci, r->key, iv, ivlen, aad, aadlen, pt, len,
			   retag ? r->taglen : t, ct, tag)) {
		test_fail("%s: the model's encryption", ci->name);
		r->bad++;
		return;
	}
	memcpy(settag, tag, 16);
	if (flip)
		settag[rnd((unsigned)t)] ^= (uint8_t)(1u << rnd(8));
	snprintf(r->what, sizeof(r->what),
		 "CCM enc %d iv %zu aad %zu len %zu init %u tag %zu%s%s%s",
		 enc, ivlen, aadlen, len, how, t, flip ? " flipped" : "",
		 setlen ? "" : " no-length-call",
		 retag ? " tag length changed" : "");

	if (how == 0) {
		ok = op_init(r, 1, NULL, NULL, enc) &&
		     op_ctrl(r, EVP_CTRL_AEAD_SET_IVLEN, (int)ivlen, NULL,
			     "set iv length") &&
		     op_ctrl(r, EVP_CTRL_AEAD_SET_TAG, (int)t,
			     enc ? NULL : settag, "set tag") &&
		     r->rc[0] == 1 && op_init(r, 0, r->key, iv, enc);
	} else {
		ok = op_init(r, 0, NULL, iv, enc) &&
		     op_ctrl(r, EVP_CTRL_AEAD_SET_TAG, (int)t,
			     enc ? NULL : settag, "set tag") &&
		     r->rc[0] == 1;
	}
	if (!ok) {
		r->keyed = 0;
		return;
	}
	r->keyed = 1;
	r->keyed_enc = enc;
	r->ivlen = ivlen;
	if (!retag)
		r->taglen = t;
	cmp_params(r);
	if (rnd(6) == 0 && !op_copy(r))
		return;
	if (setlen && op_update(r, 0, 0, NULL, len, 0, "length") != 1)
		return;
	if (rnd(6) == 0 && !op_copy(r))
		return;
	if ((aadlen != 0 || rnd(4) == 0) &&
	    op_update(r, 0, 0, aad, aadlen, 0, "aad") != 1)
		return;
	if (rnd(6) == 0 && !op_copy(r))
		return;
	in = enc ? pt : ct;
	ok = op_update(r, 1, 0, in, len, rnd(3) == 0, "data");
	if (ok < 0)
		return;
	/* A spent length fails, and loses the default provider's M: until
	 * the next key, encryption has no tag and decryption fails. */
	if (r->spent && !setlen)
		r->lost_m = 1;
	want = !(r->spent && !setlen) &&
	       (enc || (!flip && !(retag && t != r->taglen) && !r->lost_m));
	r->spent = !(want && !enc);
	if (ok != want) {
		test_fail("%s: %s: data update %d", ci->name, r->what, ok);
		r->bad++;
		return;
	}
	if (ok) {
		if (test_compare(r->out[0], enc ? ct : pt, len,
				 "%s: %s: output", ci->name, r->what)) {
			r->bad++;
			return;
		}
	} else if (!enc && !test_all(r->out[0], 0, len)) {
		/* A tag that fails releases zeros. */
		test_fail("%s: %s: output not zero", ci->name, r->what);
		r->bad++;
		return;
	}
	if (op_final(r, len) < 0)
		return;
	if (enc) {
		ok = op_get_tag(r, (int)t);
		if (ok == 1 && want)
			r->spent = 0;
		if (want && ok != (t == r->taglen && !r->lost_m)) {
			test_fail("%s: %s: get tag %d", ci->name, r->what, ok);
			r->bad++;
		} else if (ok && test_compare(r->tag[0], tag, t,
					      "%s: %s: tag", ci->name,
					      r->what)) {
			r->bad++;
		}
	}
	if (retag) /* back to the length at the key */
		op_ctrl(r, EVP_CTRL_AEAD_SET_TAG, (int)r->taglen, NULL,
			"tag length back");
	/* A second data update without a new iv fails (and where the
	 * length was left spent, loses M). */
	if (rnd(8) == 0 && len > 1) {
		if (op_update(r, 1, 0, in, len, 0, "second data update") != 0) {
			test_fail("%s: %s: second data update works", ci->name,
				  r->what);
			r->bad++;
		}
		if (r->spent)
			r->lost_m = 1;
	}
}

/* ---- limits ----------------------------------------------------------- */

/*
 * The iv and tag lengths at and past the limits: the same verdicts as the
 * default provider's (AES); for Twofish, those the AES tables give.
 */
static void param_limits(struct run *r)
{
	static const int gcm_iv[] = { 1, 64, 128, 129, 1000 };
	static const int gcm_tag[] = { 1, 16, 17 };
	static const int ccm_iv[] = { 6, 7, 13, 14, 15 };
	static const int ccm_tag[] = { 2, 3, 4, 5, 16, 17, 18 };
	const int *ivs = r->ci->gcm ? gcm_iv : ccm_iv;
	const int *tags = r->ci->gcm ? gcm_tag : ccm_tag;
	size_t nivs = 5, ntags = r->ci->gcm ? 3 : 7, i;
	uint8_t tag[32] = { 0 };
	int want, ok;

	for (i = 0; i < nivs + ntags; i++) {
		int iv = i < nivs, v = iv ? ivs[i] : tags[i - nivs];

		snprintf(r->what, sizeof(r->what), "decryption, %s length %d",
			 iv ? "iv" : "tag", v);
		if (!op_init(r, 1, NULL, NULL, 0))
			return;
		ok = op_ctrl(r, iv ? EVP_CTRL_AEAD_SET_IVLEN
				   : EVP_CTRL_AEAD_SET_TAG,
			     v, iv ? NULL : tag, iv ? "set iv length"
						   : "set tag") &&
		     r->rc[0] == 1;
		if (r->ci->gcm)
			want = v <= (iv ? 128 : 16);
		else
			want = iv ? v >= 7 && v <= 13
				  : v >= 4 && v <= 16 && v % 2 == 0;
		if (ok != want) {
			test_fail("%s: %s: %s", r->ci->name, r->what,
				  ok ? "accepted" : "refused");
			r->bad++;
		}
	}
	r->keyed = 0;
}

/* ---- per cipher -------------------------------------------------------- */

static void check_cipher(struct cinfo *ci, unsigned rounds)
{
	struct run r;
	cryptarch_aead *a = NULL;
	const char *drv = NULL;
	int want_ok;
	uint8_t key[32] = { 1 }, iv[12] = { 0 };
	unsigned i;
	int k;

	ci->gcm = EVP_CIPHER_get_mode(ci->cap) == EVP_CIPH_GCM_MODE;
	ci->keylen = (size_t)EVP_CIPHER_get_key_length(ci->cap);
	snprintf(ci->aead_name, sizeof(ci->aead_name), "%s(%s)",
		 ci->gcm ? "gcm" : "ccm",
		 strncmp(ci->name, "TWOFISH", 7) == 0 ? "twofish" : "aes");
	if (ci->ref != NULL &&
	    (EVP_CIPHER_get_mode(ci->ref) != EVP_CIPHER_get_mode(ci->cap) ||
	     EVP_CIPHER_get_flags(ci->ref) != EVP_CIPHER_get_flags(ci->cap) ||
	     EVP_CIPHER_get_key_length(ci->ref) != (int)ci->keylen ||
	     EVP_CIPHER_get_iv_length(ci->ref) !=
		     EVP_CIPHER_get_iv_length(ci->cap) ||
	     EVP_CIPHER_get_block_size(ci->ref) !=
		     EVP_CIPHER_get_block_size(ci->cap)))
		test_fail("%s: constants differ from the default provider's "
			  "(flags %#lx, default %#lx)", ci->name,
			  EVP_CIPHER_get_flags(ci->cap),
			  EVP_CIPHER_get_flags(ci->ref));

	memset(&r, 0, sizeof(r));
	r.ci = ci;
	r.n = ci->ref != NULL ? 2 : 1;
	for (k = 0; k < r.n; k++)
		r.c[k] = EVP_CIPHER_CTX_new();
	/* Init works exactly where the library has the mode under the
	 * default policy (on a CPU without a constant-time Twofish, neither
	 * has Twofish). */
	want_ok = cryptarch_aead_new(&a, ci->aead_name, 0) == 0;
	cryptarch_aead_free(a);
	if (EVP_EncryptInit_ex2(r.c[0], ci->cap, key, iv, NULL) != 1) {
		if (want_ok) {
			ERR_print_errors_fp(stderr);
			test_fail("%s: init", ci->name);
		} else {
			printf("%s: no implementation under the default "
			       "policy, as %s in the library\n", ci->name,
			       ci->aead_name);
		}
		ERR_clear_error();
		goto out;
	} else if (!want_ok) {
		test_fail("%s: init works, but %s has no implementation",
			  ci->name, ci->aead_name);
		goto out;
	} else {
		OSSL_PARAM prm[2] = {
			OSSL_PARAM_utf8_ptr("cryptarch-driver", (char **)&drv,
					    0),
			OSSL_PARAM_END
		};

		if (!EVP_CIPHER_CTX_get_params(r.c[0], prm) || drv == NULL ||
		    strstr(drv, ci->gcm ? "ghash" : "ccm") == NULL)
			test_fail("%s: cryptarch-driver '%s'", ci->name,
				  drv ? drv : "(none)");
		else
			printf("%s: %s\n", ci->name, drv);
	}
	EVP_CIPHER_CTX_free(r.c[0]);
	r.c[0] = EVP_CIPHER_CTX_new();
	param_limits(&r);
	for (i = 0; i < rounds && r.bad == 0; i++) {
		if (ci->gcm && rnd(64) == 0)
			gcm_no_tag(&r);
		else if (ci->gcm)
			gcm_message(&r, rnd(16) == 0);
		else
			ccm_message(&r);
	}
out:
	for (k = 0; k < r.n; k++)
		EVP_CIPHER_CTX_free(r.c[k]);
	OPENSSL_cleanse(&r, sizeof(r));
}

struct collect {
	struct cinfo *list;
	size_t n, cap;
};

static void collect_one(EVP_CIPHER *c, void *arg)
{
	struct collect *col = arg;
	const OSSL_PROVIDER *p = EVP_CIPHER_get0_provider(c);
	int mode = EVP_CIPHER_get_mode(c);

	if (p == NULL || strcmp(OSSL_PROVIDER_get0_name(p), "cryptarch") != 0)
		return;
	if (mode != EVP_CIPH_GCM_MODE && mode != EVP_CIPH_CCM_MODE)
		return;
	if (col->n == col->cap)
		return;
	memset(&col->list[col->n], 0, sizeof(col->list[0]));
	snprintf(col->list[col->n].name, sizeof(col->list[0].name), "%s",
		 EVP_CIPHER_get0_name(c));
	col->n++;
}

int main(int argc, char **argv)
{
	unsigned rounds = (unsigned)test_env_count("CRYPTARCH_TEST_ITER", 300);
	struct cinfo list[32];
	struct collect col = { list, 0, 32 };
	OSSL_PROVIDER *pdef, *pcap;
	OSSL_LIB_CTX *lib;
	size_t i, ngcm = 0, nccm = 0;

	if (argc != 2) {
		fprintf(stderr, "usage: %s MODULE_DIR\n", argv[0]);
		return 2;
	}
	test_rng_init(&rng, test_seed(prog, 16));
	trace = getenv("CRYPTARCH_TEST_TRACE") != NULL;
	lib = OSSL_LIB_CTX_new();
	OSSL_PROVIDER_set_default_search_path(lib, argv[1]);
	pdef = OSSL_PROVIDER_load(lib, "default");
	pcap = OSSL_PROVIDER_load(lib, "cryptarch");
	if (pdef == NULL || pcap == NULL) {
		ERR_print_errors_fp(stderr);
		test_fail("loading the providers from %s", argv[1]);
		return test_finish(prog);
	}
	EVP_CIPHER_do_all_provided(lib, collect_one, &col);
	printf("%zu AEAD ciphers\n", col.n);
	for (i = 0; i < col.n; i++) {
		struct cinfo *ci = &list[i];

		ci->cap = EVP_CIPHER_fetch(lib, ci->name, "provider=cryptarch");
		ERR_set_mark();
		ci->ref = EVP_CIPHER_fetch(lib, ci->name, "provider=default");
		ERR_pop_to_mark();
		if (ci->cap == NULL) {
			test_fail("%s: fetch", ci->name);
		} else {
			if (EVP_CIPHER_get_mode(ci->cap) == EVP_CIPH_GCM_MODE)
				ngcm++;
			else
				nccm++;
			check_cipher(ci, rounds);
		}
		EVP_CIPHER_free(ci->cap);
		EVP_CIPHER_free(ci->ref);
	}
	/* AES and Twofish, three key sizes, GCM and CCM. */
	if (ngcm != 6 || nccm != 6)
		test_fail("%zu GCM and %zu CCM ciphers, not 6 and 6", ngcm,
			  nccm);
	OSSL_PROVIDER_unload(pcap);
	OSSL_PROVIDER_unload(pdef);
	OSSL_LIB_CTX_free(lib);
	return test_finish(prog);
}
