/* SPDX-License-Identifier: MIT */
/*
 * test-peers.c - every skcipher instance of every registered driver
 * available here against an independent library, through the peer
 * adapters that bench/peers times (bench/peer.h): OpenSSL EVP (AES: ecb,
 * cbc, ctr, xts), libgcrypt (AES and Twofish: ecb, cbc, ctr, xts) or nettle
 * (AES and Twofish: ecb, cbc, ctr, xts), for random keys (every key size
 * the peer has), IVs (now and then a counter about to wrap), lengths
 * 0..4200 valid for the mode, random offsets and splits. Both directions:
 * cryptarch must produce the peer's ciphertext and decrypt it back, the
 * peer must decrypt cryptarch's, and where the peer exposes the iv after
 * the request (OpenSSL 3, nettle: cbc and ctr) that must agree too. Each
 * peer request opens the adapter afresh (one request, then closed). XTS
 * keys never have equal halves (OpenSSL refuses them).
 *
 * A peer that cmake/peers.cmake did not find makes the test exit 77
 * (skipped) with a message naming it. The seed is printed and
 * CRYPTARCH_TEST_SEED sets it; CRYPTARCH_TEST_ITER sets the rounds per
 * instance (100).
 *
 * Usage: test-peers openssl|gcrypt|nettle
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "peer.h"
#include "util.h"

#define MAXLEN 4200

static struct test_rng rng;

/* A peer: its adapter where its library was found, else NULL. */
struct peer_entry {
	const char *name;
	const char *what; /* the library and how it is found */
	const struct peer_lib *lib;
};

static const struct peer_entry peers[] = {
	{ "openssl", "OpenSSL libcrypto (pkg-config libcrypto)",
#ifdef PEER_HAVE_OPENSSL
	  &peer_openssl
#else
	  NULL
#endif
	},
	{ "gcrypt", "libgcrypt (pkg-config libgcrypt or libgcrypt-config)",
#ifdef PEER_HAVE_GCRYPT
	  &peer_gcrypt
#else
	  NULL
#endif
	},
	{ "nettle", "nettle (pkg-config nettle)",
#ifdef PEER_HAVE_NETTLE
	  &peer_nettle
#else
	  NULL
#endif
	},
};

/*
 * One request of LEN bytes through LIB, opened for it alone: CIPHER in
 * MODE, direction ENC, KEY (KEYLEN bytes), iv IV. IVOUT receives the iv
 * after the request where the peer exposes it (then 1 is returned), else
 * 0 is returned; -1 on error, with the reason in WHY.
 */
static int theirs(const struct peer_lib *lib, const char *cipher, int mode,
		  int enc, const uint8_t *key, size_t keylen,
		  const uint8_t iv[16], const uint8_t *src, uint8_t *dst,
		  size_t len, uint8_t ivout[16], char *why, size_t whysize)
{
	struct peer *p;
	int rc;

	if (lib->open(&p, cipher, test_mode_names[mode], !enc, key, keylen, iv,
		      why, whysize))
		return -1;
	rc = peer_crypt(p, dst, src, len);
	if (rc)
		snprintf(why, whysize, "%s failed", p->impl);
	else
		rc = p->iv(p, ivout);
	peer_close(p);
	return rc;
}

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

static unsigned long check(const struct peer_entry *p,
			   const struct test_inst *ti, unsigned long iters)
{
	static uint8_t pt[MAXLEN], pct[MAXLEN], ct[MAXLEN], back[MAXLEN];
	static uint8_t inbuf[MAXLEN + 16], outbuf[MAXLEN + 16];
	const char *cipher = ti->drv->alg->name;
	int mode = ti->mode;
	size_t sizes[3], ns = test_key_sizes(ti->drv, sizes), usable[3];
	size_t nu = 0, s, len, keylen;
	uint8_t key[64], iv0[16], ivp[16], iv[16];
	char khex[129], ivhex[33], why[128];
	cryptarch_skcipher *t;
	unsigned long it, runs = 0;
	int rc, hasiv;

	for (s = 0; s < ns; s++) {
		keylen = mode == TEST_MODE_XTS ? 2 * sizes[s] : sizes[s];
		if (p->lib->has(cipher, test_mode_names[mode], keylen))
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
		if (mode == TEST_MODE_CTR && test_rng_below(&rng, 8) == 0) {
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
		hasiv = theirs(p->lib, cipher, mode, 1, key, keylen, iv0, pt,
			       pct, len, ivp, why, sizeof(why));
		if (hasiv < 0) {
			test_fail("%s %s-%s encrypt failed (key %s, %zu "
				  "bytes): %s",
				  p->name, cipher, test_mode_names[mode], khex,
				  len, why);
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
		hasiv = theirs(p->lib, cipher, mode, 0, key, keylen, iv0, ct,
			       back, len, ivp, why, sizeof(why));
		if (hasiv < 0) {
			test_fail("%s decrypt failed: %s", p->name, why);
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
	const struct peer_entry *p = NULL;
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
	if (!p->lib) {
		printf("SKIP: peer %s: %s was not found at configure time\n",
		       p->name, p->what);
		return TEST_SKIP;
	}
	if (p->lib->init(NULL)) {
		printf("FAIL: peer %s failed to initialise\n", p->name);
		return 1;
	}
	test_rng_init(&rng, test_seed("test-peers", 0x7065657273ull));
	iters = test_env_count("CRYPTARCH_TEST_ITER", 100);
	nc = test_ciphers(ciphers, 16);
	for (c = 0; c < nc; c++) {
		for (m = 0; m < TEST_MODE_COUNT; m++) {
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
