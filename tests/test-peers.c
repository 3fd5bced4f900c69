/* SPDX-License-Identifier: MIT */
/*
 * test-peers.c - every skcipher instance of every registered
 * implementation available here against an independent library: OpenSSL
 * EVP (AES: ecb, cbc, ctr, xts), libgcrypt (AES and Twofish: ecb, cbc, ctr,
 * xts) or nettle (AES and Twofish: ecb, cbc, ctr, and xts through
 * nettle/xts.h), for random keys (every key size the peer has), IVs (now
 * and then a counter about to wrap), lengths 0..4200 valid for the mode,
 * random offsets and splits. Both directions: cryptarch must produce the
 * peer's ciphertext and decrypt it back, and where the peer exposes the iv
 * after the call (OpenSSL 3, nettle: cbc and ctr) that must agree too.
 * XTS keys never have equal halves (OpenSSL refuses them).
 *
 * A peer that was not found at configure time makes the test exit 77
 * (skipped) with a message naming it. The seed is printed and
 * CRYPTARCH_TEST_SEED sets it; CRYPTARCH_TEST_ITER sets the rounds per
 * instance (100).
 *
 * Usage: test-peers openssl|gcrypt|nettle
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

#ifdef HAVE_OPENSSL
#include <openssl/evp.h>
#endif
#ifdef HAVE_GCRYPT
#include <gcrypt.h>
#endif
#ifdef HAVE_NETTLE
#include <nettle/aes.h>
#include <nettle/cbc.h>
#include <nettle/ctr.h>
#include <nettle/twofish.h>
#include <nettle/xts.h>
#endif

#define MAXLEN 4200

static struct test_rng rng;

/*
 * A peer: SUPPORTS says whether it has CIPHER in MODE with a KEYLEN-byte
 * key (xts: both halves); CRYPT runs one request. IVOUT receives the iv
 * after the call where the peer exposes it (then the function returns 1),
 * else the function returns 0; -1 on error.
 */
struct peer {
	const char *name;
	const char *what; /* the library and how it is found */
	int (*init)(void);
	int (*supports)(const char *cipher, int mode, size_t keylen);
	int (*crypt)(const char *cipher, int mode, int enc, const uint8_t *key,
		     size_t keylen, const uint8_t iv[16], const uint8_t *src,
		     uint8_t *dst, size_t len, uint8_t ivout[16]);
};

/* ---- OpenSSL ----------------------------------------------------------- */
#ifdef HAVE_OPENSSL
static const EVP_CIPHER *ossl_cipher(const char *cipher, int mode,
				     size_t keylen)
{
	if (strcmp(cipher, "aes") != 0)
		return NULL;
	switch (mode) {
	case CRYPTARCH_MODE_ECB:
		return keylen == 16 ? EVP_aes_128_ecb() :
		       keylen == 24 ? EVP_aes_192_ecb() :
		       keylen == 32 ? EVP_aes_256_ecb() :
				      NULL;
	case CRYPTARCH_MODE_CBC:
		return keylen == 16 ? EVP_aes_128_cbc() :
		       keylen == 24 ? EVP_aes_192_cbc() :
		       keylen == 32 ? EVP_aes_256_cbc() :
				      NULL;
	case CRYPTARCH_MODE_CTR:
		return keylen == 16 ? EVP_aes_128_ctr() :
		       keylen == 24 ? EVP_aes_192_ctr() :
		       keylen == 32 ? EVP_aes_256_ctr() :
				      NULL;
	case CRYPTARCH_MODE_XTS:
		/* OpenSSL has no XTS-AES-192 */
		return keylen == 32 ? EVP_aes_128_xts() :
		       keylen == 64 ? EVP_aes_256_xts() :
				      NULL;
	}
	return NULL;
}

static int ossl_init(void)
{
	return 0;
}

static int ossl_supports(const char *cipher, int mode, size_t keylen)
{
	return ossl_cipher(cipher, mode, keylen) != NULL;
}

static int ossl_crypt(const char *cipher, int mode, int enc, const uint8_t *key,
		      size_t keylen, const uint8_t iv[16], const uint8_t *src,
		      uint8_t *dst, size_t len, uint8_t ivout[16])
{
	const EVP_CIPHER *c = ossl_cipher(cipher, mode, keylen);
	EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
	int outl = 0, fl = 0, rc = -1;

	if (!c || !ctx)
		goto out;
	if (EVP_CipherInit_ex(ctx, c, NULL, key,
			      mode == CRYPTARCH_MODE_ECB ? NULL : iv,
			      enc) != 1 ||
	    EVP_CIPHER_CTX_set_padding(ctx, 0) != 1)
		goto out;
	if (len && EVP_CipherUpdate(ctx, dst, &outl, src, (int)len) != 1)
		goto out;
	if (EVP_CipherFinal_ex(ctx, dst + outl, &fl) != 1 ||
	    (size_t)(outl + fl) != len)
		goto out;
	rc = 0;
#if OPENSSL_VERSION_NUMBER >= 0x30000000L
	if (mode == CRYPTARCH_MODE_CBC || mode == CRYPTARCH_MODE_CTR)
		rc = EVP_CIPHER_CTX_get_updated_iv(ctx, ivout, 16) == 1;
#else
	(void)ivout;
#endif
out:
	EVP_CIPHER_CTX_free(ctx);
	return rc;
}
#endif

/* ---- libgcrypt --------------------------------------------------------- */
#ifdef HAVE_GCRYPT
static int gc_algo(const char *cipher, int mode, size_t keylen)
{
	if (mode == CRYPTARCH_MODE_XTS) {
		if (keylen % 2)
			return 0;
		keylen /= 2;
	}
	if (strcmp(cipher, "aes") == 0)
		return keylen == 16 ? GCRY_CIPHER_AES128 :
		       keylen == 24 ? GCRY_CIPHER_AES192 :
		       keylen == 32 ? GCRY_CIPHER_AES256 :
				      0;
	if (strcmp(cipher, "twofish") == 0)
		/* libgcrypt's Twofish takes 128- and 256-bit keys only */
		return keylen == 16 ? GCRY_CIPHER_TWOFISH128 :
		       keylen == 32 ? GCRY_CIPHER_TWOFISH :
				      0;
	return 0;
}

static int gc_init(void)
{
	if (!gcry_check_version(NULL))
		return -1;
	gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
	gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
	return 0;
}

static int gc_supports(const char *cipher, int mode, size_t keylen)
{
	return gc_algo(cipher, mode, keylen) != 0;
}

static int gc_crypt(const char *cipher, int mode, int enc, const uint8_t *key,
		    size_t keylen, const uint8_t iv[16], const uint8_t *src,
		    uint8_t *dst, size_t len, uint8_t ivout[16])
{
	static const int modes[] = { GCRY_CIPHER_MODE_ECB, GCRY_CIPHER_MODE_CBC,
				     GCRY_CIPHER_MODE_CTR,
				     GCRY_CIPHER_MODE_XTS };
	gcry_cipher_hd_t h;
	gcry_error_t e;

	(void)ivout;
	if (len == 0)
		return 0; /* nothing to compare */
	e = gcry_cipher_open(&h, gc_algo(cipher, mode, keylen), modes[mode], 0);
	if (e)
		return -1;
	e = gcry_cipher_setkey(h, key, keylen);
	if (!e && (mode == CRYPTARCH_MODE_CBC || mode == CRYPTARCH_MODE_XTS))
		e = gcry_cipher_setiv(h, iv, 16);
	if (!e && mode == CRYPTARCH_MODE_CTR)
		e = gcry_cipher_setctr(h, iv, 16);
	if (!e)
		e = enc ? gcry_cipher_encrypt(h, dst, len, src, len) :
			  gcry_cipher_decrypt(h, dst, len, src, len);
	if (e)
		fprintf(stderr, "libgcrypt: %s\n", gcry_strerror(e));
	gcry_cipher_close(h);
	return e ? -1 : 0;
}
#endif

/* ---- nettle ------------------------------------------------------------ */
#ifdef HAVE_NETTLE
union nctx {
	struct aes128_ctx a128;
	struct aes192_ctx a192;
	struct aes256_ctx a256;
	struct twofish_ctx tf;
};

struct nkey {
	union nctx enc, dec;
	nettle_cipher_func *encf, *decf;
};

/* Wrappers with the exact nettle_cipher_func type. */
static void a128e(const void *c, size_t n, uint8_t *d, const uint8_t *s)
{
	aes128_encrypt(c, n, d, s);
}

static void a128d(const void *c, size_t n, uint8_t *d, const uint8_t *s)
{
	aes128_decrypt(c, n, d, s);
}

static void a192e(const void *c, size_t n, uint8_t *d, const uint8_t *s)
{
	aes192_encrypt(c, n, d, s);
}

static void a192d(const void *c, size_t n, uint8_t *d, const uint8_t *s)
{
	aes192_decrypt(c, n, d, s);
}

static void a256e(const void *c, size_t n, uint8_t *d, const uint8_t *s)
{
	aes256_encrypt(c, n, d, s);
}

static void a256d(const void *c, size_t n, uint8_t *d, const uint8_t *s)
{
	aes256_decrypt(c, n, d, s);
}

static void tfe(const void *c, size_t n, uint8_t *d, const uint8_t *s)
{
	twofish_encrypt(c, n, d, s);
}

static void tfd(const void *c, size_t n, uint8_t *d, const uint8_t *s)
{
	twofish_decrypt(c, n, d, s);
}

static int nk_setup(struct nkey *k, const char *cipher, const uint8_t *key,
		    size_t keylen)
{
	if (strcmp(cipher, "twofish") == 0) {
		if (keylen != 16 && keylen != 24 && keylen != 32)
			return -1;
		twofish_set_key(&k->enc.tf, keylen, key);
		k->dec = k->enc;
		k->encf = tfe;
		k->decf = tfd;
		return 0;
	}
	if (strcmp(cipher, "aes") != 0)
		return -1;
	switch (keylen) {
	case 16:
		aes128_set_encrypt_key(&k->enc.a128, key);
		aes128_set_decrypt_key(&k->dec.a128, key);
		k->encf = a128e;
		k->decf = a128d;
		return 0;
	case 24:
		aes192_set_encrypt_key(&k->enc.a192, key);
		aes192_set_decrypt_key(&k->dec.a192, key);
		k->encf = a192e;
		k->decf = a192d;
		return 0;
	case 32:
		aes256_set_encrypt_key(&k->enc.a256, key);
		aes256_set_decrypt_key(&k->dec.a256, key);
		k->encf = a256e;
		k->decf = a256d;
		return 0;
	}
	return -1;
}

static int nt_init(void)
{
	return 0;
}

static int nt_supports(const char *cipher, int mode, size_t keylen)
{
	struct nkey k;
	uint8_t key[32] = { 0 };

	if (mode == CRYPTARCH_MODE_XTS) {
		if (keylen % 2)
			return 0;
		keylen /= 2;
	}
	return keylen <= 32 && nk_setup(&k, cipher, key, keylen) == 0;
}

static int nt_crypt(const char *cipher, int mode, int enc, const uint8_t *key,
		    size_t keylen, const uint8_t iv[16], const uint8_t *src,
		    uint8_t *dst, size_t len, uint8_t ivout[16])
{
	struct nkey k, tk;

	memcpy(ivout, iv, 16);
	switch (mode) {
	case CRYPTARCH_MODE_ECB:
		if (nk_setup(&k, cipher, key, keylen))
			return -1;
		if (enc)
			k.encf(&k.enc, len, dst, src);
		else
			k.decf(&k.dec, len, dst, src);
		return 0;
	case CRYPTARCH_MODE_CBC:
		if (nk_setup(&k, cipher, key, keylen))
			return -1;
		if (enc)
			cbc_encrypt(&k.enc, k.encf, 16, ivout, len, dst, src);
		else
			cbc_decrypt(&k.dec, k.decf, 16, ivout, len, dst, src);
		return 1;
	case CRYPTARCH_MODE_CTR:
		if (nk_setup(&k, cipher, key, keylen))
			return -1;
		ctr_crypt(&k.enc, k.encf, 16, ivout, len, dst, src);
		return 1;
	case CRYPTARCH_MODE_XTS:
		if (nk_setup(&k, cipher, key, keylen / 2) ||
		    nk_setup(&tk, cipher, key + keylen / 2, keylen / 2))
			return -1;
		if (enc)
			xts_encrypt_message(&k.enc, &tk.enc, k.encf, iv, len,
					    dst, src);
		else
			xts_decrypt_message(&k.dec, &tk.enc, k.decf, k.encf, iv,
					    len, dst, src);
		return 0;
	}
	return -1;
}
#endif

static const struct peer peers[] = {
	{ "openssl", "OpenSSL libcrypto (pkg-config libcrypto)",
#ifdef HAVE_OPENSSL
	  ossl_init, ossl_supports, ossl_crypt
#else
	  NULL, NULL, NULL
#endif
	},
	{ "gcrypt", "libgcrypt (pkg-config libgcrypt or libgcrypt-config)",
#ifdef HAVE_GCRYPT
	  gc_init, gc_supports, gc_crypt
#else
	  NULL, NULL, NULL
#endif
	},
	{ "nettle", "nettle (pkg-config nettle)",
#ifdef HAVE_NETTLE
	  nt_init, nt_supports, nt_crypt
#else
	  NULL, NULL, NULL
#endif
	},
};

/* One cryptarch call with random offsets and split; 0 or the error. */
static int ours(cryptarch_skcipher *t, int mode, int enc, const uint8_t *src,
		uint8_t *dst, size_t len, uint8_t iv[16], uint8_t *inbuf,
		uint8_t *outbuf)
{
	size_t so = test_rng_below(&rng, 16), d = test_rng_below(&rng, 16);
	int rc;

	memcpy(inbuf + so, src, len);
	rc = test_crypt_split(t, mode, enc, inbuf + so, outbuf + d, len, iv,
			      &rng);
	memcpy(dst, outbuf + d, len);
	return rc;
}

static unsigned long check(const struct peer *p, const struct test_inst *ti,
			   unsigned long iters)
{
	static uint8_t pt[MAXLEN], pct[MAXLEN], ct[MAXLEN], back[MAXLEN];
	static uint8_t inbuf[MAXLEN + 16], outbuf[MAXLEN + 16];
	const char *cipher = ti->alg->name;
	int mode = ti->mode;
	size_t sizes[3], ns = test_key_sizes(ti->alg, sizes), usable[3];
	size_t nu = 0, s, len, keylen;
	uint8_t key[64], iv0[16], ivp[16], iv[16];
	char khex[129], ivhex[33];
	cryptarch_skcipher *t;
	unsigned long it, runs = 0;
	int rc, hasiv;

	for (s = 0; s < ns; s++) {
		keylen = mode == CRYPTARCH_MODE_XTS ? 2 * sizes[s] : sizes[s];
		if (p->supports(cipher, mode, keylen))
			usable[nu++] = keylen;
		else
			printf("note: %s has no %s-%zu in %s mode: that key "
			       "size is not compared\n",
			       p->name, cipher, 8 * sizes[s],
			       test_mode_names[mode]);
	}
	if (nu == 0)
		return 0;
	t = test_open(ti, 0);
	if (!t)
		return 0;
	for (it = 0; it < iters; it++) {
		keylen = usable[test_rng_below(&rng, nu)];
		test_random_key(&rng, mode, key, keylen);
		len = test_valid_len(mode, test_random_len(&rng, MAXLEN));
		test_rng_fill(&rng, iv0, 16);
		if (mode == CRYPTARCH_MODE_CTR &&
		    test_rng_below(&rng, 8) == 0) {
			memset(iv0 + 8, 0xff, 8);
			iv0[15] = (uint8_t)(0xff - test_rng_below(&rng, 8));
			if (test_rng_below(&rng, 2))
				memset(iv0, 0xff, 8);
		}
		test_rng_fill(&rng, pt, len);
		test_hex(khex, key, keylen);
		test_hex(ivhex, iv0, 16);
		rc = cryptarch_skcipher_setkey(t, key, keylen);
		if (rc) {
			test_fail("%s: setkey %zu bytes: %s", ti->name, keylen,
				  cryptarch_strerror(rc));
			break;
		}
		hasiv = p->crypt(cipher, mode, 1, key, keylen, iv0, pt, pct,
				 len, ivp);
		if (hasiv < 0) {
			test_fail("%s %s-%s encrypt failed (key %s, %zu "
				  "bytes)",
				  p->name, cipher, test_mode_names[mode], khex,
				  len);
			continue;
		}
		memcpy(iv, iv0, 16);
		rc = ours(t, mode, 1, pt, ct, len, iv, inbuf, outbuf);
		if (rc) {
			test_fail("%s encrypt %zu bytes: %s", ti->name, len,
				  cryptarch_strerror(rc));
			continue;
		}
		runs++;
		test_compare(ct, pct, len,
			     "%s vs %s: encrypt, key %s iv %s, %zu bytes",
			     ti->name, p->name, khex, ivhex, len);
		if (hasiv == 1)
			test_compare(iv, ivp, 16,
				     "%s vs %s: iv after encrypt, %zu bytes",
				     ti->name, p->name, len);
		/* decrypt the peer's ciphertext */
		memcpy(iv, iv0, 16);
		rc = ours(t, mode, 0, pct, back, len, iv, inbuf, outbuf);
		if (rc) {
			test_fail("%s decrypt %zu bytes: %s", ti->name, len,
				  cryptarch_strerror(rc));
			continue;
		}
		test_compare(back, pt, len,
			     "%s decrypt of %s ciphertext, key %s iv %s, "
			     "%zu bytes",
			     ti->name, p->name, khex, ivhex, len);
		hasiv = p->crypt(cipher, mode, 0, key, keylen, iv0, ct, back,
				 len, ivp);
		if (hasiv < 0) {
			test_fail("%s decrypt failed", p->name);
			continue;
		}
		test_compare(back, pt, len,
			     "%s decrypt of %s ciphertext, %zu bytes", p->name,
			     ti->name, len);
		if (hasiv == 1)
			test_compare(iv, ivp, 16,
				     "%s vs %s: iv after decrypt, %zu bytes",
				     ti->name, p->name, len);
	}
	cryptarch_skcipher_free(t);
	return runs;
}

int main(int argc, char **argv)
{
	const struct peer *p = NULL;
	const char *ciphers[16];
	unsigned long iters, runs;
	size_t np = sizeof(peers) / sizeof(peers[0]), i, nc, c, n, total = 0;
	int m;

	test_mask_all(&argc, &argv);
	if (argc != 2) {
		fprintf(stderr, "usage: %s openssl|gcrypt|nettle\n", argv[0]);
		return 2;
	}
	for (i = 0; i < np; i++)
		if (strcmp(argv[1], peers[i].name) == 0)
			p = &peers[i];
	if (!p) {
		fprintf(stderr, "%s: unknown peer '%s'\n", argv[0], argv[1]);
		return 2;
	}
	if (!p->crypt) {
		printf("SKIP: peer %s: %s was not found at configure time\n",
		       p->name, p->what);
		return TEST_SKIP;
	}
	if (p->init()) {
		printf("FAIL: peer %s failed to initialise\n", p->name);
		return 1;
	}
	test_rng_init(&rng, test_seed("test-peers", 0x7065657273ull));
	iters = test_env_count("CRYPTARCH_TEST_ITER", 100);
	nc = test_ciphers(ciphers, 16);
	for (c = 0; c < nc; c++) {
		for (m = 0; m < CRYPTARCH_MODE_COUNT; m++) {
			struct test_inst *ti;

			n = test_instances(ciphers[c], m, &ti, NULL);
			for (i = 0; i < n; i++) {
				unsigned long before = test_failures;

				runs = check(p, &ti[i], iters);
				if (runs)
					printf("%s vs %s: %lu rounds, %lu "
					       "failures\n",
					       ti[i].name, p->name, runs,
					       test_failures - before);
				total += runs;
			}
			free(ti);
			fflush(stdout);
		}
	}
	if (total == 0 && !test_failures) {
		printf("SKIP: %s has none of the ciphers and modes of the "
		       "implementations available here\n",
		       p->name);
		return TEST_SKIP;
	}
	return test_finish("test-peers");
}
