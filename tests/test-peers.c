/* SPDX-License-Identifier: MIT */
/*
 * test-peers.c - every instance of every registered cipher driver
 * available here against an independent library, through the peer
 * adapters that bench/peers times (bench/peer.h): OpenSSL (AES: ecb, cbc,
 * ctr, xts, cts, cmac), libgcrypt (AES and Twofish: ecb, cbc, ctr, xts,
 * cts, cmac), nettle (AES and Twofish: ecb, cbc, ctr, xts, cmac) or
 * intel-ipsec-mb (AES: cmac, xcbc).
 *
 * The four modes ecb, cbc, ctr, xts: every skcipher instance (the
 * template's own loop over each driver and its hooked instance), random
 * keys (every key size the peer has), IVs (now and then a counter about to
 * wrap), lengths 0..4200 valid for the mode, random offsets and splits.
 * Both directions: cryptarch must produce the peer's ciphertext and
 * decrypt it back, the peer must decrypt cryptarch's, and where the peer
 * exposes the iv after the request (OpenSSL 3, nettle: cbc and ctr) that
 * must agree too. Each peer request opens the adapter afresh (one
 * request, then closed). XTS keys never have equal halves (OpenSSL
 * refuses them).
 *
 * cts, cmac, xcbc: every instance the registry has of "cts(cbc(C))",
 * "cmac(C)" and "xcbc(C)" for each 128-bit block cipher C (the template
 * over cbc's loop and over each driver's cbc hook; cmac and xcbc over the
 * template's loop and each driver's CBC-MAC hook), random keys, lengths
 * 16..1024 for cts (a quarter of them multiples of 16, where CS3 differs
 * from CS1 and CS2) and 0..1024 for the MACs, random offsets. cts: both
 * directions as above, in one call (one call is one message); the peer
 * runs the same request twice on one opening, which must give the same
 * result (the iv of open for each). MACs: cryptarch's tag through init,
 * updates split at random points (0-byte ones among them) and final, or
 * one digest call, the peer's through one request; then a second message
 * (a prefix of the first) on the same handle and the same peer opening,
 * both computing the tag in place over the message as bench/peers does.
 * The tags are compared in full, or in the peer's leading bytes where it
 * makes only a truncated tag (intel-ipsec-mb's XCBC: 12 bytes).
 * xctr has no peer here (the kernel's vectors cover it).
 *
 * A peer that cmake/peers.cmake did not find makes the test exit 77
 * (skipped) with a message naming it. The seed is printed and
 * CRYPTARCH_TEST_SEED sets it; CRYPTARCH_TEST_ITER sets the rounds per
 * instance (100).
 *
 * Usage: test-peers openssl|gcrypt|nettle|ipsecmb
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
	{ "ipsecmb",
	  "intel-ipsec-mb (intel-ipsec-mb.h and libIPSec_MB; Debian: "
	  "libipsec-mb-dev, x86-64 only)",
#ifdef PEER_HAVE_IPSECMB
	  &peer_ipsecmb
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

/* ---- cts, cmac, xcbc: the instances the registry has of each name ---- */

#define MAXNEW 1024

/* 1 if every driver of instance S is available here. */
static int spec_available(const struct cryptarch_spec *s)
{
	unsigned i;

	for (i = 0; i < s->n; i++) {
		const struct cryptarch_driver *d =
			cryptarch_spec_node_driver(s, i);

		if (d && !cryptarch_driver_available(d))
			return 0;
	}
	return 1;
}

/* The key sizes of instance S that the peer has for CIPHER in MODE, into
 * OUT; notes the others. Returns the count. */
static size_t usable_keys(const struct peer_entry *p, const char *iname,
			  const struct cryptarch_spec *s, const char *cipher,
			  const char *mode, size_t out[3])
{
	const struct cryptarch_driver *base = cryptarch_spec_base(s);
	size_t sizes[3], ns = test_key_sizes(base, sizes), i, n = 0;
	unsigned kmin, kmax;

	cryptarch_spec_keysizes(s, &kmin, &kmax);
	for (i = 0; i < ns; i++) {
		if (sizes[i] < kmin || sizes[i] > kmax)
			continue;
		if (p->lib->has(cipher, mode, sizes[i]))
			out[n++] = sizes[i];
		else
			printf("note: %s has no %s-%zu in %s mode: %s is not "
			       "compared at that key size\n",
			       p->name, cipher, 8 * sizes[i], mode, iname);
	}
	return n;
}

/* A cts length: 16..1024, a quarter of them multiples of 16. */
static size_t cts_len(void)
{
	size_t len = test_random_len(&rng, MAXNEW);

	if (len < 16)
		len = 16 + len;
	if (test_rng_below(&rng, 4) == 0)
		len &= ~(size_t)15;
	return len;
}

/* cts instance INAME (opened as T) against peer P. */
static unsigned long check_cts(const struct peer_entry *p, const char *iname,
			       cryptarch_skcipher *t, const char *cipher,
			       const size_t *keys, size_t nk,
			       unsigned long iters)
{
	static uint8_t pt[MAXNEW], pct[MAXNEW], pct2[MAXNEW], ct[MAXNEW];
	static uint8_t back[MAXNEW], inbuf[MAXNEW + 16], outbuf[MAXNEW + 16];
	uint8_t key[32], iv0[16], iv[16];
	char khex[65], ivhex[33], why[128];
	unsigned long it, runs = 0;
	size_t len, keylen, so, d;
	struct peer *pe;
	int rc, dir;

	for (it = 0; it < iters; it++) {
		keylen = keys[test_rng_below(&rng, nk)];
		test_random_key(&rng, TEST_MODE_CBC, key, keylen);
		len = cts_len();
		test_rng_fill(&rng, iv0, 16);
		test_rng_fill(&rng, pt, len);
		test_hex(khex, key, keylen);
		test_hex(ivhex, iv0, 16);
		rc = cryptarch_skcipher_setkey(t, key, keylen);
		if (rc) {
			test_fail("%s: setkey %zu bytes: %s", iname, keylen,
				  cryptarch_strerror(rc));
			break;
		}
		/* the peer, twice on one opening */
		if (p->lib->open(&pe, cipher, "cts", 0, key, keylen, iv0, why,
				 sizeof(why))) {
			test_fail("%s %s-cts: open failed: %s", p->name,
				  cipher, why);
			break;
		}
		rc = peer_crypt(pe, pct, pt, len);
		rc |= peer_crypt(pe, pct2, pt, len);
		peer_close(pe);
		if (rc) {
			test_fail("%s %s-cts encrypt failed (%zu bytes)",
				  p->name, cipher, len);
			continue;
		}
		test_compare(pct2, pct, len,
			     "%s %s-cts: the second request on one opening, "
			     "%zu bytes",
			     p->name, cipher, len);
		for (dir = 1; dir >= 0; dir--) {
			so = test_rng_below(&rng, 16);
			d = test_rng_below(&rng, 16);
			memcpy(inbuf + so, dir ? pt : pct, len);
			memcpy(iv, iv0, 16);
			rc = dir ? cryptarch_skcipher_encrypt(t, inbuf + so,
							      outbuf + d, len,
							      iv) :
				   cryptarch_skcipher_decrypt(t, inbuf + so,
							      outbuf + d, len,
							      iv);
			if (rc) {
				test_fail("%s %scrypt %zu bytes: %s", iname,
					  dir ? "en" : "de", len,
					  cryptarch_strerror(rc));
				break;
			}
			memcpy(dir ? ct : back, outbuf + d, len);
		}
		if (rc)
			continue;
		runs++;
		test_compare(ct, pct, len,
			     "%s vs %s: encrypt, key %s iv %s, %zu bytes",
			     iname, p->name, khex, ivhex, len);
		test_compare(back, pt, len,
			     "%s decrypt of %s ciphertext, key %s iv %s, "
			     "%zu bytes",
			     iname, p->name, khex, ivhex, len);
		if (p->lib->open(&pe, cipher, "cts", 1, key, keylen, iv0, why,
				 sizeof(why))) {
			test_fail("%s %s-cts: open failed: %s", p->name,
				  cipher, why);
			break;
		}
		rc = peer_crypt(pe, back, ct, len);
		rc |= peer_crypt(pe, pct2, ct, len);
		peer_close(pe);
		if (rc) {
			test_fail("%s %s-cts decrypt failed (%zu bytes)",
				  p->name, cipher, len);
			continue;
		}
		test_compare(back, pt, len,
			     "%s decrypt of %s ciphertext, key %s iv %s, "
			     "%zu bytes",
			     p->name, iname, khex, ivhex, len);
		test_compare(pct2, pt, len,
			     "%s decrypt, the second request on one opening, "
			     "%zu bytes",
			     p->name, len);
	}
	return runs;
}

/* cryptarch's tag of MSG (LEN bytes) through T: init, random updates (0-
 * byte ones among them) and final, or one digest call. */
static int ours_mac(cryptarch_shash *t, const uint8_t *msg, size_t len,
		    uint8_t tag[16])
{
	static uint8_t inbuf[MAXNEW + 16];
	size_t so = test_rng_below(&rng, 16), done = 0, n;
	int rc;

	memcpy(inbuf + so, msg, len);
	if (test_rng_below(&rng, 2))
		return cryptarch_shash_digest(t, inbuf + so, len, tag);
	rc = cryptarch_shash_init(t);
	while (!rc && done < len) {
		n = test_rng_below(&rng, 4) == 0 ?
			    0 :
			    1 + test_rng_below(&rng, len - done);
		if (n > 1 && test_rng_below(&rng, 2))
			n = 1 + test_rng_below(&rng, n < 40 ? n : 40);
		rc = cryptarch_shash_update(t, inbuf + so + done, n);
		done += n;
	}
	return rc ? rc : cryptarch_shash_final(t, tag);
}

/* cmac or xcbc instance INAME (opened as T) against peer P. */
static unsigned long check_mac(const struct peer_entry *p, const char *iname,
			       cryptarch_shash *t, const char *cipher,
			       const char *mode, const size_t *keys, size_t nk,
			       unsigned long iters)
{
	static uint8_t msg[MAXNEW], buf[MAXNEW + 16];
	uint8_t key[32], tag[16], ptag[16], ptag2[16];
	char khex[65];
	unsigned long it, runs = 0;
	size_t len, len2, keylen, pe_taglen;
	struct peer *pe;
	char why[128];
	int rc;

	for (it = 0; it < iters; it++) {
		keylen = keys[test_rng_below(&rng, nk)];
		test_random_key(&rng, TEST_MODE_CBC, key, keylen);
		len = test_rng_below(&rng, 16) == 0 ?
			      0 :
			      test_random_len(&rng, MAXNEW);
		len2 = test_rng_below(&rng, len + 1);
		test_rng_fill(&rng, msg, len);
		test_hex(khex, key, keylen);
		rc = cryptarch_shash_setkey(t, key, keylen);
		if (rc) {
			test_fail("%s: setkey %zu bytes: %s", iname, keylen,
				  cryptarch_strerror(rc));
			break;
		}
		if (p->lib->open(&pe, cipher, mode, 0, key, keylen, key, why,
				 sizeof(why))) {
			test_fail("%s %s-%s: open failed: %s", p->name, cipher,
				  mode, why);
			break;
		}
		/* the second message in place, as bench/peers runs it */
		memcpy(buf, msg, len2);
		rc = peer_mac(pe, ptag, msg, len);
		rc |= peer_mac(pe, buf, buf, len2);
		memcpy(ptag2, buf, 16);
		pe_taglen = pe->taglen;
		peer_close(pe);
		if (rc) {
			test_fail("%s %s-%s failed (%zu, %zu bytes)", p->name,
				  cipher, mode, len, len2);
			continue;
		}
		rc = ours_mac(t, msg, len, tag);
		if (rc) {
			test_fail("%s: %zu bytes: %s", iname, len,
				  cryptarch_strerror(rc));
			continue;
		}
		runs++;
		test_compare(tag, ptag, pe_taglen, "%s vs %s: key %s, %zu bytes",
			     iname, p->name, khex, len);
		memcpy(buf, msg, len2);
		rc = cryptarch_shash_digest(t, buf, len2, buf);
		if (rc) {
			test_fail("%s: digest in place, %zu bytes: %s", iname,
				  len2, cryptarch_strerror(rc));
			continue;
		}
		test_compare(buf, ptag2, pe_taglen,
			     "%s vs %s: the second message, in place, key %s, "
			     "%zu bytes",
			     iname, p->name, khex, len2);
	}
	return runs;
}

/* Every instance of "cts(cbc(CIPHER))", "cmac(CIPHER)", "xcbc(CIPHER)"
 * against P; returns the rounds run. */
static unsigned long check_new_modes(const struct peer_entry *p,
				     const char *cipher, unsigned long iters)
{
	static const char *const modes[] = { "cts", "cmac", "xcbc" };
	static const char *const fmts[] = { "cts(cbc(%s))", "cmac(%s)",
					    "xcbc(%s)" };
	const unsigned vt = CRYPTARCH_ALLOW_VARIABLE_TIME;
	struct cryptarch_spec *v;
	unsigned long total = 0, runs, before;
	size_t m, n, i, nk, keys[3];
	char name[64], iname[CRYPTARCH_NAME_MAX + 1];
	int exact, rc;

	v = calloc(CRYPTARCH_MAX_CANDS, sizeof(*v));
	if (!v) {
		fputs("out of memory\n", stderr);
		exit(2);
	}
	for (m = 0; m < 3; m++) {
		if (!p->lib->has(cipher, modes[m], 16) &&
		    !p->lib->has(cipher, modes[m], 24) &&
		    !p->lib->has(cipher, modes[m], 32)) {
			printf("note: %s has no %s in %s mode: not compared\n",
			       p->name, cipher, modes[m]);
			continue;
		}
		snprintf(name, sizeof(name), fmts[m], cipher);
		if (cryptarch_spec_enumerate(name, NULL, v, NULL,
					     CRYPTARCH_MAX_CANDS, &n, &exact)) {
			test_fail("%s: not registered", name);
			continue;
		}
		for (i = 0; i < n; i++) {
			const struct cryptarch_driver *base =
				cryptarch_spec_base(&v[i]);

			cryptarch_spec_name(&v[i], iname, sizeof(iname));
			if (!test_selected(base))
				continue;
			if (!spec_available(&v[i])) {
				printf("SKIP: %s is not available on this CPU "
				       "(or masked by CRYPTARCH_DISABLE)\n",
				       iname);
				continue;
			}
			nk = usable_keys(p, iname, &v[i], cipher, modes[m],
					 keys);
			if (!nk)
				continue;
			before = test_failures;
			runs = 0;
			if (m == 0) {
				cryptarch_skcipher *t;

				rc = cryptarch_skcipher_new(&t, iname, vt);
				if (rc) {
					test_fail("cryptarch_skcipher_new(%s): "
						  "%s",
						  iname,
						  cryptarch_strerror(rc));
					continue;
				}
				if (strcmp(cryptarch_skcipher_driver(t), iname))
					test_fail("%s opened as %s", iname,
						  cryptarch_skcipher_driver(t));
				runs = check_cts(p, iname, t, cipher, keys, nk,
						 iters);
				cryptarch_skcipher_free(t);
			} else {
				cryptarch_shash *t;

				rc = cryptarch_shash_new(&t, iname, vt);
				if (rc) {
					test_fail("cryptarch_shash_new(%s): %s",
						  iname,
						  cryptarch_strerror(rc));
					continue;
				}
				if (strcmp(cryptarch_shash_driver(t), iname))
					test_fail("%s opened as %s", iname,
						  cryptarch_shash_driver(t));
				runs = check_mac(p, iname, t, cipher, modes[m],
						 keys, nk, iters);
				cryptarch_shash_free(t);
			}
			if (runs)
				printf("%s vs %s: %lu rounds, %lu failures\n",
				       iname, p->name, runs,
				       test_failures - before);
			total += runs;
			fflush(stdout);
		}
	}
	free(v);
	return total;
}

/* 1 if P has CIPHER in test mode M at some key size. */
static int has_any(const struct peer_entry *p, const char *cipher, int m)
{
	size_t k;

	for (k = 16; k <= 32; k += 8)
		if (p->lib->has(cipher, test_mode_names[m],
				m == TEST_MODE_XTS ? 2 * k : k))
			return 1;
	return 0;
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
		fprintf(stderr, "usage: %s openssl|gcrypt|nettle|ipsecmb\n",
			argv[0]);
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
		const struct cryptarch_algorithm *alg = cryptarch_algorithm_find(
			ciphers[c], strlen(ciphers[c]));

		/* block ciphers only (sha256 is a hash) */
		if (!alg || alg->type != &cryptarch_type_cipher ||
		    alg->blocksize != 16)
			continue;
		/* ecb, cbc, ctr, xts here; the others below */
		for (m = TEST_MODE_ECB; m <= TEST_MODE_XTS; m++) {
			struct test_inst *ti;

			if (!has_any(p, ciphers[c], m)) {
				printf("note: %s has no %s in %s mode: not "
				       "compared\n",
				       p->name, ciphers[c], test_mode_names[m]);
				continue;
			}

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
		total += check_new_modes(p, ciphers[c], iters);
	}
	if (total == 0 && !test_failures) {
		printf("SKIP: %s has none of the ciphers and modes of the "
		       "implementations available here\n",
		       p->name);
		return TEST_SKIP;
	}
	return test_finish("test-peers");
}
