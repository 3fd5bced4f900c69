/* SPDX-License-Identifier: MIT */
/*
 * test-provider.c - the OpenSSL provider cryptarch.so driven through EVP
 * by random call sequences, against OpenSSL's default provider.
 *
 *   test-provider MODULE_DIR
 *
 * Two library contexts load the module from MODULE_DIR next to the
 * default provider: one with no configuration (the default policy) and one
 * through a temporary openssl.cnf that sets allow-variable-time = yes in
 * the provider's section. In each, every cipher the provider offers (as
 * EVP_CIPHER_do_all_provided lists them, none named here) is checked:
 *   - its constants (mode, flags, key, iv and block size) equal the
 *     default provider's cipher of that name;
 *   - whether its init succeeds matches cryptarch_skcipher_new() of its
 *     mode under the same flags, and the "cryptarch-driver" parameter
 *     names the driver the library chose;
 *   - random messages: init in one or two steps or again without key (with
 *     and without a new iv), padding on or off, cts_mode, updates split at
 *     random offsets, some in place, the context copied mid-stream (the
 *     copy goes on, the original is freed), the iv, updated iv and num
 *     compared; every call's return value, output length and output bytes
 *     equal the default provider's. A cipher the default provider lacks
 *     (Twofish) is compared with the library called once on the whole
 *     message (ECB, CBC with PKCS#7 padding built here; CTR).
 * GCM and CCM ciphers get the constants check only: test-provider-aead
 * drives their sequences.
 * And a bad key length is refused by both; and four threads at once
 * encrypt one message through contexts of one fetched cipher, each with
 * its own splits and copies, and all get the default provider's result.
 * Cheap: a second or so.
 */
#include <pthread.h>
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

#define MAXMSG 5000

static struct test_rng rng;
static const char *prog = "test-provider";

struct suite {
	const char *label;
	OSSL_LIB_CTX *lib;
	unsigned flags; /* the policy the provider should apply */
};

struct cinfo {
	char name[64];
	EVP_CIPHER *cap, *ref; /* ref NULL: no default provider cipher */
	int mode, cts;
	char tfm_name[64];
	size_t keylen, ivlen;
};

static unsigned rnd(unsigned n)
{
	return (unsigned)test_rng_below(&rng, n);
}

/* ---- the library model (ciphers the default provider lacks) --------- */

/* "TWOFISH-128-CBC" -> "cbc(twofish)"; also "AES-128-CBC-CTS" ->
 * "cts(cbc(aes))" and XTS. */
static void tfm_name_of(const char *evp, char *out, size_t size)
{
	char cipher[16], mode[16];
	const char *a = strchr(evp, '-'), *b = a ? strchr(a + 1, '-') : NULL;
	size_t i, n;

	if (a == NULL || b == NULL) {
		snprintf(out, size, "?");
		return;
	}
	n = (size_t)(a - evp) < sizeof(cipher) - 1 ? (size_t)(a - evp)
						  : sizeof(cipher) - 1;
	for (i = 0; i < n; i++)
		cipher[i] = (char)(evp[i] | 0x20);
	cipher[n] = '\0';
	snprintf(mode, sizeof(mode), "%s", b + 1);
	for (i = 0; mode[i]; i++)
		mode[i] = (char)(mode[i] | 0x20);
	if (strcmp(mode, "cbc-cts") == 0)
		snprintf(out, size, "cts(cbc(%s))", cipher);
	else
		snprintf(out, size, "%s(%s)", mode, cipher);
}

/* One message through the library: 0 and *outl, or -1 (the EVP sequence
 * must fail then). ECB, CBC and CTR only. */
static int model(const struct cinfo *ci, unsigned flags, int enc, int pad,
		 const uint8_t *key, const uint8_t *iv0, const uint8_t *in,
		 size_t len, uint8_t *out, size_t *outl)
{
	cryptarch_skcipher *tfm = NULL;
	uint8_t iv[16] = { 0 };
	size_t n = len;
	int err, ok = -1;

	if (iv0 != NULL)
		memcpy(iv, iv0, 16);
	if (cryptarch_skcipher_new(&tfm, ci->tfm_name, flags) ||
	    cryptarch_skcipher_setkey(tfm, key, ci->keylen)) {
		test_fail("%s: model: no handle for %s", ci->name, ci->tfm_name);
		cryptarch_skcipher_free(tfm);
		return -1;
	}
	if (ci->mode == EVP_CIPH_CTR_MODE) {
		err = cryptarch_skcipher_encrypt(tfm, in, out, len, iv);
		ok = err ? -1 : 0;
		goto done;
	}
	if (enc) {
		memcpy(out, in, len);
		if (pad) {
			size_t p = 16 - len % 16;

			memset(out + len, (int)p, p);
			n = len + p;
		} else if (len % 16) {
			goto done;
		}
		err = cryptarch_skcipher_encrypt(tfm, out, out, n, iv);
		ok = err ? -1 : 0;
		goto done;
	}
	if (len % 16 || (pad && len == 0))
		goto done;
	if (cryptarch_skcipher_decrypt(tfm, in, out, len, iv))
		goto done;
	if (pad) {
		unsigned p = out[len - 1], i;

		if (p == 0 || p > 16)
			goto done;
		for (i = 0; i < p; i++)
			if (out[len - 1 - i] != p)
				goto done;
		n = len - p;
	}
	ok = 0;
done:
	*outl = n;
	cryptarch_skcipher_free(tfm);
	return ok;
}

/* ---- a pair of contexts run in step ----------------------------------- */

struct pair {
	EVP_CIPHER_CTX *a, *b; /* a: cryptarch; b: the default provider */
	int keyed, keyed_enc;
	uint8_t key[64], oiv[16];
};

static int both_params_equal(const struct cinfo *ci, struct pair *p,
			     const char *what)
{
	uint8_t va[16], vb[16];
	const char *names[] = { OSSL_CIPHER_PARAM_IV,
				OSSL_CIPHER_PARAM_UPDATED_IV };
	unsigned i, na, nb;

	if (ci->ivlen == 0)
		return 0;
	for (i = 0; i < 2; i++) {
		OSSL_PARAM pa[2] = { OSSL_PARAM_octet_string(names[i], va, 16),
				     OSSL_PARAM_END };
		OSSL_PARAM pb[2] = { OSSL_PARAM_octet_string(names[i], vb, 16),
				     OSSL_PARAM_END };

		if (!EVP_CIPHER_CTX_get_params(p->a, pa) ||
		    !EVP_CIPHER_CTX_get_params(p->b, pb)) {
			test_fail("%s: %s: getting %s", ci->name, what, names[i]);
			return 1;
		}
		if (test_compare(va, vb, 16, "%s: %s: %s", ci->name, what,
				 names[i]))
			return 1;
	}
	na = (unsigned)EVP_CIPHER_CTX_get_num(p->a);
	nb = (unsigned)EVP_CIPHER_CTX_get_num(p->b);
	if (na != nb) {
		test_fail("%s: %s: num %u, default %u", ci->name, what, na, nb);
		return 1;
	}
	return 0;
}

/* Encrypt PT with the default provider (padding on), for decryption
 * input that unpads. */
static int ref_encrypt(const struct cinfo *ci, const uint8_t *key,
		       const uint8_t *iv, const uint8_t *pt, size_t len,
		       uint8_t *out, size_t *outl)
{
	EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
	int l1 = 0, l2 = 0, ok;

	ok = EVP_EncryptInit_ex2(c, ci->ref, key, iv, NULL) == 1 &&
	     EVP_EncryptUpdate(c, out, &l1, pt, (int)len) == 1 &&
	     EVP_EncryptFinal_ex(c, out + l1, &l2) == 1;
	EVP_CIPHER_CTX_free(c);
	*outl = (size_t)(l1 + l2);
	return ok;
}

/* One message's calls for a cipher the default provider has, on the pair
 * (keyed: a key is set, so init may leave it out). */
static void run_vs_default(const struct cinfo *ci, struct pair *p)
{
	static uint8_t msg[MAXMSG + 32], oa[MAXMSG + 64], ob[MAXMSG + 64];
	uint8_t iv[16];
	size_t len, off, chunk;
	int enc, pad, ra, rb, la, lb, step = 0, lena = 0, lenb = 0;
	unsigned how;
	char what[96];

	enc = rnd(2);
	pad = rnd(4) != 0;
	len = rnd(8) ? rnd(80) : rnd(MAXMSG);
	test_rng_fill(&rng, msg, len);
	test_rng_fill(&rng, iv, sizeof(iv));
	/* init: 0 one step; 1 two steps with padding between; 2 again
	 * without key, new iv; 3 again without key and iv */
	how = p->keyed ? rnd(4) : rnd(2);
	/* Without a key the direction stays the one the key was set for:
	 * the default provider keeps the key schedule of that direction
	 * (AES decryption's is not encryption's), so a keyless re-init
	 * that turns round is undefined there. CTR's is one schedule. */
	if (how >= 2 && ci->mode != EVP_CIPH_CTR_MODE)
		enc = p->keyed_enc;
	if (how <= 1) {
		test_rng_fill(&rng, p->key, ci->keylen);
		/* XTS encryption refuses equal halves: sometimes try. */
		if (ci->mode == EVP_CIPH_XTS_MODE && rnd(16) == 0)
			memcpy(p->key + ci->keylen / 2, p->key, ci->keylen / 2);
	}
	if (how != 3)
		memcpy(p->oiv, iv, 16);
	/* Decryption input that unpads, half of the time. */
	if (!enc && pad && rnd(2) && (ci->mode == EVP_CIPH_ECB_MODE ||
				      (ci->mode == EVP_CIPH_CBC_MODE && !ci->cts))) {
		size_t ptlen = len > 16 ? len - 1 - rnd(16) : len;

		if (!ref_encrypt(ci, p->key, p->oiv, msg, ptlen, msg, &len))
			test_fail("%s: the default provider's encryption",
				  ci->name);
	}
	snprintf(what, sizeof(what), "enc %d pad %d len %zu init %u", enc, pad,
		 len, how);

	if (how == 0) {
		ra = EVP_CipherInit_ex2(p->a, ci->cap, p->key, iv, enc, NULL);
		rb = EVP_CipherInit_ex2(p->b, ci->ref, p->key, iv, enc, NULL);
	} else if (how == 1) {
		ra = EVP_CipherInit_ex(p->a, ci->cap, NULL, NULL, NULL, enc);
		rb = EVP_CipherInit_ex(p->b, ci->ref, NULL, NULL, NULL, enc);
		if (ra != rb)
			goto init_differs;
		EVP_CIPHER_CTX_set_padding(p->a, pad);
		EVP_CIPHER_CTX_set_padding(p->b, pad);
		ra = EVP_CipherInit_ex(p->a, NULL, NULL, p->key, iv, enc);
		rb = EVP_CipherInit_ex(p->b, NULL, NULL, p->key, iv, enc);
	} else {
		ra = EVP_CipherInit_ex(p->a, NULL, NULL, NULL,
				       how == 2 ? iv : NULL, enc);
		rb = EVP_CipherInit_ex(p->b, NULL, NULL, NULL,
				       how == 2 ? iv : NULL, enc);
	}
init_differs:
	if (ra != rb) {
		test_fail("%s: %s: init returns %d, default %d", ci->name, what,
			  ra, rb);
		return;
	}
	ERR_clear_error();
	p->keyed = ra == 1;
	if (how <= 1)
		p->keyed_enc = enc;
	if (ra != 1)
		return;
	EVP_CIPHER_CTX_set_padding(p->a, pad);
	EVP_CIPHER_CTX_set_padding(p->b, pad);
	if (ci->cts) {
		static const char *const m[] = { "CS1", "CS2", "CS3" };
		const char *s = m[rnd(3)];
		OSSL_PARAM prm[2] = {
			OSSL_PARAM_utf8_string(OSSL_CIPHER_PARAM_CTS_MODE,
					       (char *)s, 0),
			OSSL_PARAM_END
		};

		ra = EVP_CIPHER_CTX_set_params(p->a, prm);
		rb = EVP_CIPHER_CTX_set_params(p->b, prm);
		if (ra != rb)
			test_fail("%s: cts_mode %s: %d, default %d", ci->name,
				  s, ra, rb);
	}
	if (both_params_equal(ci, p, what))
		return;

	for (off = 0; off < len || step == 0; off += chunk, step++) {
		uint8_t *ia = msg + off, *ib = msg + off;
		int inplace;

		chunk = len - off;
		if (rnd(3) != 0 && chunk > 0) {
			chunk = rnd(4) ? rnd(40) : rnd((unsigned)chunk + 1);
			if (chunk > len - off)
				chunk = len - off;
		}
		/* In place where no partial block is held back. */
		inplace = rnd(3) == 0 &&
			  (EVP_CIPHER_get_block_size(ci->cap) == 1 || ci->cts ||
			   ((enc || !pad) && off % 16 == 0));
		if (inplace) {
			memcpy(oa + lena, msg + off, chunk);
			memcpy(ob + lenb, msg + off, chunk);
			ia = oa + lena;
			ib = ob + lenb;
		}
		if (rnd(8) == 0) {
			EVP_CIPHER_CTX *na = EVP_CIPHER_CTX_new();
			EVP_CIPHER_CTX *nb = EVP_CIPHER_CTX_new();

			ra = EVP_CIPHER_CTX_copy(na, p->a);
			rb = EVP_CIPHER_CTX_copy(nb, p->b);
			if (ra != 1 || rb != 1)
				test_fail("%s: %s: copy %d, default %d",
					  ci->name, what, ra, rb);
			EVP_CIPHER_CTX_free(p->a);
			EVP_CIPHER_CTX_free(p->b);
			p->a = na;
			p->b = nb;
		}
		la = lb = -1;
		/* EVP_Cipher() (no padding, no buffering) where it
		 * continues the stream: CTR, and ECB/CBC with nothing
		 * buffered and whole blocks. It returns the length. */
		if (rnd(4) == 0 && !ci->cts &&
		    (ci->mode == EVP_CIPH_CTR_MODE ||
		     ((ci->mode == EVP_CIPH_ECB_MODE ||
		       ci->mode == EVP_CIPH_CBC_MODE) &&
		      (enc || !pad) && off % 16 == 0 && chunk % 16 == 0))) {
			la = EVP_Cipher(p->a, oa + lena, ia, (unsigned)chunk);
			lb = EVP_Cipher(p->b, ob + lenb, ib, (unsigned)chunk);
			ra = la >= 0;
			rb = lb >= 0;
		} else {
			ra = EVP_CipherUpdate(p->a, oa + lena, &la, ia,
					      (int)chunk);
			rb = EVP_CipherUpdate(p->b, ob + lenb, &lb, ib,
					      (int)chunk);
		}
		if (ra != rb || (ra == 1 && la != lb)) {
			test_fail("%s: %s: update %d at %zu (%zu bytes): %d/%d, "
				  "default %d/%d", ci->name, what, step, off,
				  chunk, ra, la, rb, lb);
			return;
		}
		ERR_clear_error();
		if (ra != 1)
			return; /* both refused (XTS, CTS lengths) */
		lena += la;
		lenb += lb;
		if (test_compare(oa, ob, (size_t)lena, "%s: %s: update %d",
				 ci->name, what, step))
			return;
		if (rnd(4) == 0 && both_params_equal(ci, p, what))
			return;
	}
	la = lb = -1;
	ra = EVP_CipherFinal_ex(p->a, oa + lena, &la);
	rb = EVP_CipherFinal_ex(p->b, ob + lenb, &lb);
	if (ra != rb || (ra == 1 && la != lb)) {
		test_fail("%s: %s: final %d/%d, default %d/%d", ci->name, what,
			  ra, la, rb, lb);
		return;
	}
	ERR_clear_error();
	if (ra == 1) {
		lena += la;
		test_compare(oa, ob, (size_t)lena, "%s: %s: final", ci->name,
			     what);
	}
	both_params_equal(ci, p, what);
}

/* A message for a cipher the default provider lacks, against model(). */
static void run_vs_model(const struct cinfo *ci, unsigned flags)
{
	static uint8_t msg[MAXMSG + 32], out[MAXMSG + 64], want[MAXMSG + 64];
	uint8_t key[64], iv[16];
	EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new(), *n;
	size_t len, off, chunk, wl = 0;
	int enc = rnd(2), pad = rnd(4) != 0, total = 0, l, r, m;

	len = rnd(8) ? rnd(80) : rnd(MAXMSG);
	test_rng_fill(&rng, msg, len);
	test_rng_fill(&rng, key, ci->keylen);
	test_rng_fill(&rng, iv, sizeof(iv));
	if (!enc && ci->mode != EVP_CIPH_CTR_MODE) {
		/* Valid ciphertext: the model's encryption of a message. */
		len = len / 16 * 16;
		if (model(ci, flags, 1, pad, key, iv, msg, pad ? rnd(60) : len,
			  msg, &len))
			return;
	}
	m = model(ci, flags, enc, pad, key, iv, msg, len, want, &wl);
	if (!EVP_CipherInit_ex(c, ci->cap, NULL, NULL, NULL, enc))
		test_fail("%s: init", ci->name);
	EVP_CIPHER_CTX_set_padding(c, pad);
	if (!EVP_CipherInit_ex(c, NULL, NULL, key, iv, enc))
		test_fail("%s: init with key", ci->name);
	for (off = 0; off < len; off += chunk) {
		chunk = rnd(2) ? rnd(40) : len - off;
		if (chunk > len - off)
			chunk = len - off;
		if (rnd(8) == 0) {
			n = EVP_CIPHER_CTX_new();
			if (!EVP_CIPHER_CTX_copy(n, c))
				test_fail("%s: copy", ci->name);
			EVP_CIPHER_CTX_free(c);
			c = n;
		}
		if (!EVP_CipherUpdate(c, out + total, &l, msg + off,
				      (int)chunk)) {
			test_fail("%s: update", ci->name);
			goto out;
		}
		total += l;
	}
	r = EVP_CipherFinal_ex(c, out + total, &l);
	ERR_clear_error();
	if ((r == 1) != (m == 0)) {
		test_fail("%s: enc %d pad %d len %zu: final %d, library %d",
			  ci->name, enc, pad, len, r, m);
		goto out;
	}
	if (r == 1) {
		total += l;
		if ((size_t)total != wl)
			test_fail("%s: enc %d pad %d len %zu: %d bytes, "
				  "library %zu", ci->name, enc, pad, len, total,
				  wl);
		else
			test_compare(out, want, wl, "%s: enc %d pad %d len %zu",
				     ci->name, enc, pad, len);
	}
out:
	EVP_CIPHER_CTX_free(c);
}

/* ---- threads ---------------------------------------------------------- */

#define NTHREADS 4
#define TMSG 4099

struct tjob {
	const struct cinfo *ci;
	const uint8_t *key, *iv, *msg, *want;
	int wantlen;
	uint64_t seed;
	unsigned bad;
};

static void *thread_run(void *arg)
{
	struct tjob *j = arg;
	struct test_rng r;
	uint8_t *out = malloc(TMSG + 32);
	int whole = j->ci->mode == EVP_CIPH_XTS_MODE || j->ci->cts;
	unsigned round;

	test_rng_init(&r, j->seed);
	for (round = 0; out != NULL && round < 40; round++) {
		EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new(), *n;
		int total = 0, l = 0;
		size_t off, chunk;

		if (EVP_EncryptInit_ex2(c, j->ci->cap, j->key, j->iv, NULL) != 1)
			j->bad++;
		for (off = 0; off < TMSG; off += chunk) {
			chunk = whole ? TMSG : test_rng_below(&r, 300);
			if (chunk > TMSG - off)
				chunk = TMSG - off;
			if (test_rng_below(&r, 8) == 0) {
				n = EVP_CIPHER_CTX_new();
				if (EVP_CIPHER_CTX_copy(n, c) != 1)
					j->bad++;
				EVP_CIPHER_CTX_free(c);
				c = n;
			}
			if (EVP_EncryptUpdate(c, out + total, &l, j->msg + off,
					      (int)chunk) != 1) {
				j->bad++;
				break;
			}
			total += l;
		}
		if (EVP_EncryptFinal_ex(c, out + total, &l) != 1)
			j->bad++;
		else
			total += l;
		if (total != j->wantlen || memcmp(out, j->want, (size_t)total))
			j->bad++;
		EVP_CIPHER_CTX_free(c);
	}
	free(out);
	ERR_clear_error();
	return NULL;
}

static void check_threads(const struct cinfo *ci)
{
	static uint8_t msg[TMSG], want[TMSG + 32];
	uint8_t key[64], iv[16];
	struct tjob job[NTHREADS];
	pthread_t th[NTHREADS];
	EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
	int l1 = 0, l2 = 0;
	unsigned i;

	test_rng_fill(&rng, msg, sizeof(msg));
	test_rng_fill(&rng, key, sizeof(key));
	test_rng_fill(&rng, iv, sizeof(iv));
	if (EVP_EncryptInit_ex2(c, ci->ref, key, iv, NULL) != 1 ||
	    EVP_EncryptUpdate(c, want, &l1, msg, TMSG) != 1 ||
	    EVP_EncryptFinal_ex(c, want + l1, &l2) != 1) {
		test_fail("%s: threads: the default provider's result",
			  ci->name);
		EVP_CIPHER_CTX_free(c);
		return;
	}
	EVP_CIPHER_CTX_free(c);
	for (i = 0; i < NTHREADS; i++) {
		job[i] = (struct tjob){ ci, key, iv, msg, want, l1 + l2,
					test_rng_next(&rng), 0 };
		if (pthread_create(&th[i], NULL, thread_run, &job[i])) {
			test_fail("%s: pthread_create", ci->name);
			return;
		}
	}
	for (i = 0; i < NTHREADS; i++) {
		pthread_join(th[i], NULL);
		if (job[i].bad)
			test_fail("%s: thread %u: %u wrong results", ci->name,
				  i, job[i].bad);
	}
}

/* ---- per cipher ------------------------------------------------------ */

static void check_cipher(struct suite *s, struct cinfo *ci, unsigned rounds)
{
	cryptarch_skcipher *tfm = NULL;
	EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
	uint8_t key[64] = { 1 }, iv[16] = { 0 };
	int want_ok, ok;
	const char *drv = NULL;
	struct pair pair;
	unsigned i;

	tfm_name_of(ci->name, ci->tfm_name, sizeof(ci->tfm_name));
	ci->mode = EVP_CIPHER_get_mode(ci->cap);
	ci->cts = strstr(ci->name, "CTS") != NULL;
	ci->keylen = (size_t)EVP_CIPHER_get_key_length(ci->cap);
	ci->ivlen = (size_t)EVP_CIPHER_get_iv_length(ci->cap);
	if (ci->ref != NULL) {
		if (EVP_CIPHER_get_mode(ci->ref) != ci->mode ||
		    EVP_CIPHER_get_flags(ci->ref) != EVP_CIPHER_get_flags(ci->cap) ||
		    EVP_CIPHER_get_key_length(ci->ref) != (int)ci->keylen ||
		    EVP_CIPHER_get_iv_length(ci->ref) != (int)ci->ivlen ||
		    EVP_CIPHER_get_block_size(ci->ref) !=
			    EVP_CIPHER_get_block_size(ci->cap))
			test_fail("%s: %s: constants differ from the default "
				  "provider's (flags %#lx, default %#lx)",
				  s->label, ci->name,
				  EVP_CIPHER_get_flags(ci->cap),
				  EVP_CIPHER_get_flags(ci->ref));
	}

	/* GCM and CCM: the constants above only; their call sequences
	 * (tags, AAD, the CCM length call) are test-provider-aead's. */
	if (ci->mode == EVP_CIPH_GCM_MODE || ci->mode == EVP_CIPH_CCM_MODE) {
		printf("%s: %s: AEAD, its sequences in test-provider-aead\n",
		       s->label, ci->name);
		EVP_CIPHER_CTX_free(c);
		return;
	}

	/* Init succeeds exactly where the library has an implementation
	 * under the policy; the driver parameter names it. */
	want_ok = cryptarch_skcipher_new(&tfm, ci->tfm_name, s->flags) == 0;
	if (ci->mode == EVP_CIPH_XTS_MODE)
		key[ci->keylen / 2] = 2;
	ok = EVP_EncryptInit_ex2(c, ci->cap, key, iv, NULL) == 1;
	ERR_clear_error();
	if (ok != want_ok) {
		test_fail("%s: %s: init %s, but cryptarch_skcipher_new(%s, "
			  "%#x) %s", s->label, ci->name, ok ? "works" : "fails",
			  ci->tfm_name, s->flags, want_ok ? "works" : "fails");
	} else if (ok) {
		OSSL_PARAM prm[2] = {
			OSSL_PARAM_utf8_ptr("cryptarch-driver", (char **)&drv,
					    0),
			OSSL_PARAM_END
		};

		if (!EVP_CIPHER_CTX_get_params(c, prm) || drv == NULL ||
		    strcmp(drv, cryptarch_skcipher_driver(tfm)) != 0)
			test_fail("%s: %s: cryptarch-driver '%s', the library "
				  "chose '%s'", s->label, ci->name,
				  drv ? drv : "(none)",
				  cryptarch_skcipher_driver(tfm));
		else
			printf("%s: %s: %s\n", s->label, ci->name, drv);
		/* A wrong key length is refused, as by the default. */
		if (EVP_CIPHER_CTX_set_key_length(c, (int)ci->keylen + 1) != 0)
			test_fail("%s: %s: key length %zu accepted", s->label,
				  ci->name, ci->keylen + 1);
		if (ci->ref != NULL) {
			EVP_CIPHER_CTX *d = EVP_CIPHER_CTX_new();

			if (EVP_EncryptInit_ex2(d, ci->ref, key, iv, NULL) != 1 ||
			    EVP_CIPHER_CTX_set_key_length(d, (int)ci->keylen + 1) !=
				    0)
				test_fail("%s: default %s: key length %zu",
					  s->label, ci->name, ci->keylen + 1);
			EVP_CIPHER_CTX_free(d);
		}
		ERR_clear_error();
	}
	EVP_CIPHER_CTX_free(c);
	cryptarch_skcipher_free(tfm);
	if (!ok || !want_ok)
		return;

	pair.a = EVP_CIPHER_CTX_new();
	pair.b = EVP_CIPHER_CTX_new();
	pair.keyed = 0;
	for (i = 0; i < rounds; i++) {
		if (ci->ref != NULL)
			run_vs_default(ci, &pair);
		else if (ci->mode == EVP_CIPH_ECB_MODE ||
			 ci->mode == EVP_CIPH_CBC_MODE ||
			 ci->mode == EVP_CIPH_CTR_MODE)
			run_vs_model(ci, s->flags);
	}
	EVP_CIPHER_CTX_free(pair.a);
	EVP_CIPHER_CTX_free(pair.b);
	OPENSSL_cleanse(&pair, sizeof(pair));
	if (ci->ref != NULL)
		check_threads(ci);
}

struct collect {
	struct cinfo *list;
	size_t n, cap;
};

static void collect_one(EVP_CIPHER *c, void *arg)
{
	struct collect *col = arg;
	const OSSL_PROVIDER *p = EVP_CIPHER_get0_provider(c);

	if (p == NULL || strcmp(OSSL_PROVIDER_get0_name(p), "cryptarch") != 0)
		return;
	if (col->n == col->cap)
		return;
	memset(&col->list[col->n], 0, sizeof(col->list[0]));
	snprintf(col->list[col->n].name, sizeof(col->list[0].name), "%s",
		 EVP_CIPHER_get0_name(c));
	col->n++;
}

static void run_suite(struct suite *s, unsigned rounds)
{
	struct cinfo list[64];
	struct collect col = { list, 0, 64 };
	const char *allow = NULL;
	OSSL_PROVIDER *prov = NULL;
	OSSL_PARAM prm[2] = {
		OSSL_PARAM_utf8_ptr("allow-variable-time", (char **)&allow, 0),
		OSSL_PARAM_END
	};
	size_t i;

	EVP_CIPHER_do_all_provided(s->lib, collect_one, &col);
	printf("%s: %zu ciphers\n", s->label, col.n);
	if (col.n == 0)
		test_fail("%s: the provider offers no cipher", s->label);
	/* The provider reports the policy it read. */
	prov = OSSL_PROVIDER_load(s->lib, "cryptarch");
	if (prov == NULL || !OSSL_PROVIDER_get_params(prov, prm) ||
	    allow == NULL ||
	    strcmp(allow, s->flags & CRYPTARCH_ALLOW_VARIABLE_TIME ? "yes"
								   : "no"))
		test_fail("%s: allow-variable-time reads '%s'", s->label,
			  allow ? allow : "(none)");
	OSSL_PROVIDER_unload(prov);
	for (i = 0; i < col.n; i++) {
		struct cinfo *ci = &list[i];

		ci->cap = EVP_CIPHER_fetch(s->lib, ci->name,
					   "provider=cryptarch");
		ERR_set_mark();
		ci->ref = EVP_CIPHER_fetch(s->lib, ci->name, "provider=default");
		ERR_pop_to_mark();
		if (ci->cap == NULL)
			test_fail("%s: %s: fetch", s->label, ci->name);
		else
			check_cipher(s, ci, rounds);
		EVP_CIPHER_free(ci->cap);
		EVP_CIPHER_free(ci->ref);
	}
}

int main(int argc, char **argv)
{
	struct suite def = { "default policy", NULL, 0 };
	struct suite vt = { "allow-variable-time", NULL,
			    CRYPTARCH_ALLOW_VARIABLE_TIME };
	unsigned rounds = (unsigned)test_env_count("CRYPTARCH_TEST_ITER", 150);
	OSSL_PROVIDER *pdef, *pcap;
	char cnf[4096];
	FILE *f;
	int fd;

	if (argc != 2) {
		fprintf(stderr, "usage: %s MODULE_DIR\n", argv[0]);
		return 2;
	}
	test_rng_init(&rng, test_seed(prog, 15));

	def.lib = OSSL_LIB_CTX_new();
	OSSL_PROVIDER_set_default_search_path(def.lib, argv[1]);
	pdef = OSSL_PROVIDER_load(def.lib, "default");
	pcap = OSSL_PROVIDER_load(def.lib, "cryptarch");
	if (pdef == NULL || pcap == NULL) {
		ERR_print_errors_fp(stderr);
		test_fail("loading the providers from %s", argv[1]);
		return test_finish(prog);
	}
	run_suite(&def, rounds);

	snprintf(cnf, sizeof(cnf), "%s/test-provider.XXXXXX.cnf",
		 getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	fd = mkstemps(cnf, 4);
	f = fd < 0 ? NULL : fdopen(fd, "w");
	if (f == NULL) {
		test_fail("cannot write %s", cnf);
		return test_finish(prog);
	}
	fprintf(f, "openssl_conf = init\n[init]\nproviders = provs\n"
		   "[provs]\ndefault = dsect\ncryptarch = csect\n"
		   "[dsect]\nactivate = 1\n"
		   "[csect]\nmodule = %s/cryptarch.so\n"
		   "allow-variable-time = yes\nactivate = 1\n", argv[1]);
	fclose(f);
	vt.lib = OSSL_LIB_CTX_new();
	if (!OSSL_LIB_CTX_load_config(vt.lib, cnf)) {
		ERR_print_errors_fp(stderr);
		test_fail("loading %s", cnf);
	} else {
		run_suite(&vt, rounds);
	}
	remove(cnf);
	OSSL_PROVIDER_unload(pcap);
	OSSL_PROVIDER_unload(pdef);
	OSSL_LIB_CTX_free(def.lib);
	OSSL_LIB_CTX_free(vt.lib);
	return test_finish(prog);
}
