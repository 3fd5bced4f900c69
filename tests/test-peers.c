/* SPDX-License-Identifier: MIT */
/*
 * test-peers.c - every instance of every registered cipher driver
 * available here against an independent library, through the peer
 * adapters that bench/peers times (bench/peer.h): OpenSSL (AES: ecb, cbc,
 * ctr, xts, cts, cmac), libgcrypt (AES and Twofish: ecb, cbc, ctr, xts,
 * cts, cmac), nettle (AES and Twofish: ecb, cbc, ctr, xts, cmac) or
 * intel-ipsec-mb (AES: ctr, cmac, xcbc, gcm, ccm; batches of cbc
 * encryptions and cmacs).
 *
 * The four modes ecb, cbc, ctr, xts: every skcipher instance (the
 * template's own loop over each driver and its hooked instance), random
 * keys (every key size the peer has), IVs (now and then a counter about to
 * wrap), lengths 0..4200 valid for the mode, random offsets and splits.
 * Both directions: cryptarch must produce the peer's ciphertext and
 * decrypt it back, the peer must decrypt cryptarch's, and where the peer
 * exposes the iv after the request (OpenSSL 3, nettle: cbc and ctr;
 * intel-ipsec-mb's adapter: ctr) that must agree too. Each peer request opens the adapter afresh (one
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
 * Batches (intel-ipsec-mb's job manager, bench/peer.h's open_many): for
 * every instance of "cbc(aes)", CRYPTARCH_TEST_ITER / 10 random batches
 * of 1..32 independent CBC encryptions (lengths 0..4096 in whole blocks,
 * differing per request; random keys of the sizes it has, ivs), submitted
 * as jobs and flushed, against one cryptarch_skcipher_encrypt_many()
 * call: the same ciphertexts, and each iv after it the request's last
 * ciphertext block, as the adapter and cryptarch leave it. Then as many
 * batches of 1..32 CMAC jobs (messages of 0..4096 bytes, any length)
 * against one cryptarch_shash_digest_many() of "cmac(aes)" (the
 * variable-time selection): the same tags.
 *
 * aead: every instance of "gcm(C)" and "ccm(C)" against each library's
 * own AEAD interface, called directly (OpenSSL EVP AES-GCM and AES-CCM;
 * libgcrypt GCM and CCM over AES and Twofish, whose Twofish takes 128-
 * and 256-bit keys only; nettle's generic gcm_* and ccm_* over its AES
 * and Twofish; none with intel-ipsec-mb): first every nonce length (GCM
 * 1..128 with the tag lengths in turn; CCM 7..13 with every tag length),
 * then CRYPTARCH_TEST_ITER random rounds (GCM nonces 12 bytes or 1..128,
 * lengths 0..4200, associated data 0..40 or 0..600 bytes, any tag
 * length), then associated data of 65279, 65280 and 65281 bytes (CCM's
 * two length encodings either side of 0xff00), and for GCM 16-byte
 * nonces whose J0 ends in 0xfffffffe and 0xffffffff, so that inc32 wraps
 * within the 100-byte message (and in 0xffffffeb: after 20 blocks of
 * 1000 bytes): the nonce is computed from H = E_K(0), the peer's own
 * block cipher, by inverting GHASH (util.c). Each round:
 * cryptarch (from a random offset, in place or not) and the peer must
 * make the same ciphertext and tag, each must decrypt the other's, and
 * one flipped bit must be refused by both (cryptarch: -EBADMSG and a
 * zeroed output).
 *
 * A peer that cmake/peers.cmake did not find makes the test exit 77
 * (skipped) with a message naming it. The seed is printed and
 * An instance over a costly driver (util.h: twofish-ct) takes a share of
 * the rounds of the skcipher and aead comparisons.
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

#ifdef PEER_HAVE_OPENSSL
#include <openssl/evp.h>
#endif
#ifdef PEER_HAVE_GCRYPT
#include <gcrypt.h>
#endif
#ifdef PEER_HAVE_NETTLE
#include <nettle/aes.h>
#include <nettle/ccm.h>
#include <nettle/gcm.h>
#include <nettle/twofish.h>
#endif

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

/* ---- aead: gcm and ccm through each library's own AEAD interface ------- */

/*
 * The libraries are called directly here (bench/peer.h has no aead
 * requests): OpenSSL's EVP AES-GCM and AES-CCM, libgcrypt's
 * GCRY_CIPHER_MODE_GCM and _CCM over AES and Twofish, nettle's generic
 * gcm_* and ccm_* over its AES and Twofish. An adapter runs one whole
 * request: encryption of IN (LEN bytes) into OUT and the AS-byte TAG, or
 * decryption of IN into OUT checking TAG; it returns 0, 1 where the tag
 * does not verify, or -1 where the library refused the request.
 */
struct aead_peer {
	/* 1 if the library has CIPHER in GCM (GCM 1) or CCM with KEYLEN */
	int (*has)(const char *cipher, int gcm, size_t keylen);
	/* OUT = E_K(IN), one block of the cipher (0 or -1) */
	int (*block)(const char *cipher, const uint8_t *key, size_t keylen,
		     const uint8_t in[16], uint8_t out[16]);
	int (*run)(const char *cipher, int gcm, int dec, const uint8_t *key,
		   size_t keylen, const uint8_t *nonce, size_t nl,
		   const uint8_t *ad, size_t al, const uint8_t *in, size_t len,
		   uint8_t *out, uint8_t *tag, size_t as);
};

#ifdef PEER_HAVE_OPENSSL
static const EVP_CIPHER *ossl_aead(int gcm, size_t keylen)
{
	switch (keylen) {
	case 16:
		return gcm ? EVP_aes_128_gcm() : EVP_aes_128_ccm();
	case 24:
		return gcm ? EVP_aes_192_gcm() : EVP_aes_192_ccm();
	case 32:
		return gcm ? EVP_aes_256_gcm() : EVP_aes_256_ccm();
	}
	return NULL;
}

static int ossl_has(const char *cipher, int gcm, size_t keylen)
{
	return strcmp(cipher, "aes") == 0 && ossl_aead(gcm, keylen);
}

static int ossl_block(const char *cipher, const uint8_t *key, size_t keylen,
		      const uint8_t in[16], uint8_t out[16])
{
	const EVP_CIPHER *e = keylen == 16 ? EVP_aes_128_ecb() :
			      keylen == 24 ? EVP_aes_192_ecb() :
					     EVP_aes_256_ecb();
	EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
	int ok, n = 0;

	ok = c && strcmp(cipher, "aes") == 0 &&
	     EVP_EncryptInit_ex(c, e, NULL, key, NULL) > 0 &&
	     EVP_CIPHER_CTX_set_padding(c, 0) > 0 &&
	     EVP_EncryptUpdate(c, out, &n, in, 16) > 0 && n == 16;
	EVP_CIPHER_CTX_free(c);
	return ok ? 0 : -1;
}

/* EVP: the IV (nonce) length and, for CCM, the tag length (and the tag
 * to check) before the key; CCM's total length by an update with no
 * input and no output, then the AAD, then the payload in one update,
 * whose result is the tag check on CCM decryption. */
static int ossl_run(const char *cipher, int gcm, int dec, const uint8_t *key,
		    size_t keylen, const uint8_t *nonce, size_t nl,
		    const uint8_t *ad, size_t al, const uint8_t *in, size_t len,
		    uint8_t *out, uint8_t *tag, size_t as)
{
	EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
	uint8_t fin[16];
	int ok, n, r, rc = -1;

	if (!c || !ossl_has(cipher, gcm, keylen)) {
		EVP_CIPHER_CTX_free(c);
		return -1;
	}
	ok = EVP_CipherInit_ex(c, ossl_aead(gcm, keylen), NULL, NULL, NULL,
			       !dec) > 0;
	ok = ok && EVP_CIPHER_CTX_ctrl(c,
				       gcm ? EVP_CTRL_GCM_SET_IVLEN :
					     EVP_CTRL_CCM_SET_IVLEN,
				       (int)nl, NULL) > 0;
	if (!gcm)
		ok = ok && EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_CCM_SET_TAG, (int)as,
					       dec ? tag : NULL) > 0;
	ok = ok && EVP_CipherInit_ex(c, NULL, NULL, key, nonce, !dec) > 0;
	if (!gcm)
		ok = ok && EVP_CipherUpdate(c, NULL, &n, NULL, (int)len) > 0;
	if (al)
		ok = ok && EVP_CipherUpdate(c, NULL, &n, ad, (int)al) > 0;
	if (!ok)
		goto out;
	if (!gcm) {
		r = EVP_CipherUpdate(c, out, &n, in, (int)len);
		if (dec) {
			rc = r > 0 ? 0 : 1;
			goto out;
		}
		if (r > 0 && EVP_CipherFinal_ex(c, fin, &n) > 0 &&
		    EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_CCM_GET_TAG, (int)as, tag) >
			    0)
			rc = 0;
		goto out;
	}
	if (len && EVP_CipherUpdate(c, out, &n, in, (int)len) <= 0)
		goto out;
	if (dec) {
		if (EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_GCM_SET_TAG, (int)as,
					tag) <= 0)
			goto out;
		rc = EVP_CipherFinal_ex(c, fin, &n) > 0 ? 0 : 1;
		goto out;
	}
	if (EVP_CipherFinal_ex(c, fin, &n) > 0 &&
	    EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_GCM_GET_TAG, (int)as, tag) > 0)
		rc = 0;
out:
	EVP_CIPHER_CTX_free(c);
	return rc;
}

static const struct aead_peer aead_openssl = { ossl_has, ossl_block, ossl_run };
#endif

#ifdef PEER_HAVE_GCRYPT
static int gc_algo(const char *cipher, size_t keylen)
{
	if (strcmp(cipher, "aes") == 0)
		return keylen == 16 ? GCRY_CIPHER_AES128 :
		       keylen == 24 ? GCRY_CIPHER_AES192 :
		       keylen == 32 ? GCRY_CIPHER_AES256 :
				      0;
	/* libgcrypt's Twofish: 128- and 256-bit keys only */
	if (strcmp(cipher, "twofish") == 0)
		return keylen == 16 ? GCRY_CIPHER_TWOFISH128 :
		       keylen == 32 ? GCRY_CIPHER_TWOFISH :
				      0;
	return 0;
}

static int gc_has(const char *cipher, int gcm, size_t keylen)
{
	(void)gcm;
	return gc_algo(cipher, keylen) != 0;
}

static int gc_block(const char *cipher, const uint8_t *key, size_t keylen,
		    const uint8_t in[16], uint8_t out[16])
{
	gcry_cipher_hd_t h;
	int rc = -1;

	if (!gc_algo(cipher, keylen) ||
	    gcry_cipher_open(&h, gc_algo(cipher, keylen), GCRY_CIPHER_MODE_ECB,
			     0))
		return -1;
	if (!gcry_cipher_setkey(h, key, keylen) &&
	    !gcry_cipher_encrypt(h, out, 16, in, 16))
		rc = 0;
	gcry_cipher_close(h);
	return rc;
}

/* The nonce by setiv; CCM's lengths (payload, AAD, tag) by
 * GCRYCTL_SET_CCM_LENGTHS before the AAD; the payload in one call marked
 * final; then gettag or checktag. */
static int gc_run(const char *cipher, int gcm, int dec, const uint8_t *key,
		  size_t keylen, const uint8_t *nonce, size_t nl,
		  const uint8_t *ad, size_t al, const uint8_t *in, size_t len,
		  uint8_t *out, uint8_t *tag, size_t as)
{
	uint64_t lens[3] = { len, al, as };
	gcry_cipher_hd_t h;
	gcry_error_t e;
	int rc = -1;

	if (!gc_algo(cipher, keylen) ||
	    gcry_cipher_open(&h, gc_algo(cipher, keylen),
			     gcm ? GCRY_CIPHER_MODE_GCM : GCRY_CIPHER_MODE_CCM,
			     0))
		return -1;
	e = gcry_cipher_setkey(h, key, keylen);
	if (!e)
		e = gcry_cipher_setiv(h, nonce, nl);
	if (!e && !gcm)
		e = gcry_cipher_ctl(h, GCRYCTL_SET_CCM_LENGTHS, lens,
				    sizeof(lens));
	if (!e && (al || gcm))
		e = gcry_cipher_authenticate(h, ad, al);
	if (!e)
		e = gcry_cipher_final(h);
	if (!e)
		e = dec ? gcry_cipher_decrypt(h, out, len, in, len) :
			  gcry_cipher_encrypt(h, out, len, in, len);
	if (!e && dec) {
		e = gcry_cipher_checktag(h, tag, as);
		rc = !e ? 0 : gcry_err_code(e) == GPG_ERR_CHECKSUM ? 1 : -1;
	} else if (!e) {
		rc = gcry_cipher_gettag(h, tag, as) ? -1 : 0;
	}
	gcry_cipher_close(h);
	return rc;
}

static const struct aead_peer aead_gcrypt = { gc_has, gc_block, gc_run };
#endif

#ifdef PEER_HAVE_NETTLE
union nettle_key {
	struct aes128_ctx a128;
	struct aes192_ctx a192;
	struct aes256_ctx a256;
	struct twofish_ctx tf;
};

/* The cipher keyed into K and its block function, or NULL. */
static nettle_cipher_func *nt_key(union nettle_key *k, const char *cipher,
				  const uint8_t *key, size_t keylen)
{
	if (strcmp(cipher, "twofish") == 0) {
		twofish_set_key(&k->tf, keylen, key);
		return (nettle_cipher_func *)twofish_encrypt;
	}
	if (strcmp(cipher, "aes") != 0)
		return NULL;
	switch (keylen) {
	case 16:
		aes128_set_encrypt_key(&k->a128, key);
		return (nettle_cipher_func *)aes128_encrypt;
	case 24:
		aes192_set_encrypt_key(&k->a192, key);
		return (nettle_cipher_func *)aes192_encrypt;
	case 32:
		aes256_set_encrypt_key(&k->a256, key);
		return (nettle_cipher_func *)aes256_encrypt;
	}
	return NULL;
}

static int nt_has(const char *cipher, int gcm, size_t keylen)
{
	(void)gcm;
	return (strcmp(cipher, "aes") == 0 || strcmp(cipher, "twofish") == 0) &&
	       (keylen == 16 || keylen == 24 || keylen == 32);
}

static int nt_block(const char *cipher, const uint8_t *key, size_t keylen,
		    const uint8_t in[16], uint8_t out[16])
{
	union nettle_key k;
	nettle_cipher_func *f = nt_key(&k, cipher, key, keylen);

	if (!f)
		return -1;
	f(&k, 16, out, in);
	return 0;
}

/* nettle's generic GCM and CCM over the cipher's block function; its
 * decryption returns the tag, compared here. */
static int nt_run(const char *cipher, int gcm, int dec, const uint8_t *key,
		  size_t keylen, const uint8_t *nonce, size_t nl,
		  const uint8_t *ad, size_t al, const uint8_t *in, size_t len,
		  uint8_t *out, uint8_t *tag, size_t as)
{
	union nettle_key k;
	nettle_cipher_func *f = nt_key(&k, cipher, key, keylen);
	uint8_t t[16];

	if (!f)
		return -1;
	if (gcm) {
		struct gcm_key gk;
		struct gcm_ctx gc;

		gcm_set_key(&gk, &k, f);
		gcm_set_iv(&gc, &gk, nl, nonce);
		gcm_update(&gc, &gk, al, ad);
		if (dec)
			gcm_decrypt(&gc, &gk, &k, f, len, out, in);
		else
			gcm_encrypt(&gc, &gk, &k, f, len, out, in);
		gcm_digest(&gc, &gk, &k, f, as, t);
	} else {
		struct ccm_ctx cc;

		ccm_set_nonce(&cc, &k, f, nl, nonce, al, len, as);
		ccm_update(&cc, &k, f, al, ad);
		if (dec)
			ccm_decrypt(&cc, &k, f, len, out, in);
		else
			ccm_encrypt(&cc, &k, f, len, out, in);
		ccm_digest(&cc, &k, f, as, t);
	}
	if (!dec) {
		memcpy(tag, t, as);
		return 0;
	}
	return memcmp(t, tag, as) ? 1 : 0;
}

static const struct aead_peer aead_nettle = { nt_has, nt_block, nt_run };
#endif

/* The aead adapter of P, or NULL (intel-ipsec-mb: none here). */
static const struct aead_peer *aead_of(const struct peer_entry *p)
{
#ifdef PEER_HAVE_OPENSSL
	if (strcmp(p->name, "openssl") == 0)
		return &aead_openssl;
#endif
#ifdef PEER_HAVE_GCRYPT
	if (strcmp(p->name, "gcrypt") == 0)
		return &aead_gcrypt;
#endif
#ifdef PEER_HAVE_NETTLE
	if (strcmp(p->name, "nettle") == 0)
		return &aead_nettle;
#endif
	return NULL;
}

#define AEAD_MAXLEN 4200
#define AEAD_MAXAD 65281
#define AEAD_MAXNONCE 128

/* One round: a request made by the peer and by instance INAME (handle
 * T, whose tag length is set here), each decrypting the other's, and a
 * forgery (one bit of cryptarch's output flipped) refused by both.
 * Returns 1 if the round ran. */
static int aead_round(const struct peer_entry *p, const struct aead_peer *a,
		      const char *iname, cryptarch_aead *t, const char *cipher,
		      int gcm, const uint8_t *key, size_t keylen,
		      const uint8_t *nonce, size_t nl, const uint8_t *ad,
		      size_t al, const uint8_t *pt, size_t len, size_t as)
{
	static uint8_t pct[AEAD_MAXLEN + 16], ct[AEAD_MAXLEN + 16 + 16];
	static uint8_t back[AEAD_MAXLEN + 16], buf[AEAD_MAXLEN + 16 + 16];
	uint8_t ptag[16];
	char khex[65], nhex[2 * AEAD_MAXNONCE + 1], what[400];
	size_t so = test_rng_below(&rng, 16), b;
	int inplace = test_rng_below(&rng, 2), rc;

	test_hex(khex, key, keylen);
	test_hex(nhex, nonce, nl);
	snprintf(what, sizeof(what),
		 "%s vs %s: key %s nonce %s (%zu bytes), %zu bytes, %zu of "
		 "ad, %zu-byte tag",
		 iname, p->name, khex, nhex, nl, len, al, as);
	rc = a->run(cipher, gcm, 0, key, keylen, nonce, nl, ad, al, pt, len,
		    pct, ptag, as);
	if (rc) {
		test_fail("%s: the peer's encryption failed (%d)", what, rc);
		return 0;
	}
	memcpy(pct + len, ptag, as);
	rc = cryptarch_aead_setkey(t, key, keylen);
	if (!rc)
		rc = cryptarch_aead_setauthsize(t, as);
	if (rc) {
		test_fail("%s: setkey / setauthsize: %s", what,
			  cryptarch_strerror(rc));
		return 0;
	}
	/* cryptarch's encryption, from an odd offset or in place */
	memcpy(buf + so, pt, len);
	rc = cryptarch_aead_encrypt(t, buf + so, inplace ? buf + so : ct, len,
				    nonce, nl, ad, al);
	if (inplace)
		memcpy(ct, buf + so, len + as);
	if (rc) {
		test_fail("%s: encrypt: %s", what, cryptarch_strerror(rc));
		return 0;
	}
	test_compare(ct, pct, len + as, "%s: encrypt%s", what,
		     inplace ? " in place" : "");
	/* cryptarch decrypts the peer's */
	memcpy(buf + so, pct, len + as);
	rc = cryptarch_aead_decrypt(t, buf + so, inplace ? buf + so : back,
				    len + as, nonce, nl, ad, al);
	if (inplace)
		memcpy(back, buf + so, len);
	if (rc)
		test_fail("%s: decrypt of the peer's: %s", what,
			  cryptarch_strerror(rc));
	else
		test_compare(back, pt, len, "%s: decrypt of the peer's", what);
	/* the peer decrypts cryptarch's */
	memcpy(ptag, ct + len, as);
	rc = a->run(cipher, gcm, 1, key, keylen, nonce, nl, ad, al, ct, len,
		    back, ptag, as);
	if (rc)
		test_fail("%s: the peer refused cryptarch's output (%d)", what,
			  rc);
	else
		test_compare(back, pt, len, "%s: the peer's decryption", what);
	/* one bit flipped: refused by both */
	b = test_rng_below(&rng, 8 * (len + as));
	ct[b / 8] ^= (uint8_t)(1 << (b % 8));
	memcpy(ptag, ct + len, as);
	rc = a->run(cipher, gcm, 1, key, keylen, nonce, nl, ad, al, ct, len,
		    back, ptag, as);
	if (rc != 1)
		test_fail("%s: bit %zu flipped: the peer says %d", what, b, rc);
	memset(back, 0xa5, len);
	rc = cryptarch_aead_decrypt(t, ct, back, len + as, nonce, nl, ad, al);
	test_expect_rc(rc, -EBADMSG, "%s: bit %zu flipped", what, b);
	if (rc == -EBADMSG && !test_all(back, 0, len))
		test_fail("%s: bit %zu flipped: the output is not zero", what,
			  b);
	return 1;
}

/*
 * GCM with a pre-counter block J0 = X || 0xfffffffe or X || 0xffffffff
 * (and X || 0xffffffeb, 1000 bytes): the 16-byte nonce that gives it is
 * computed from H = E_K(0), the peer's block cipher, by inverting GHASH
 * (test_gcm_nonce_for_j0()), and the counter wraps within the 100-byte
 * message (inc32: the upper 96 bits do not change; a 128-bit increment
 * would carry into them).
 */
static unsigned long aead_wrap(const struct peer_entry *p,
			       const struct aead_peer *a, const char *iname,
			       cryptarch_aead *t, const char *cipher,
			       const size_t *keys, size_t nk)
{
	static const uint8_t zero[16];
	/* blocks before the wrap, and the message's length */
	static const struct {
		uint32_t before;
		size_t len;
	} wraps[] = { { 1, 100 }, { 0, 100 }, { 20, 1000 } };
	uint8_t key[32], h[16], j0[16], nonce[16], pt[1000], ad[20];
	unsigned long runs = 0;
	size_t k, w;

	for (k = 0; k < nk; k++) {
		for (w = 0; w < sizeof(wraps) / sizeof(wraps[0]); w++) {
			test_rng_fill(&rng, key, keys[k]);
			test_rng_fill(&rng, pt, sizeof(pt));
			test_rng_fill(&rng, ad, sizeof(ad));
			if (a->block(cipher, key, keys[k], zero, h)) {
				test_fail("%s: %s's block cipher failed", iname,
					  p->name);
				return runs;
			}
			test_rng_fill(&rng, j0, 12);
			j0[12] = j0[13] = j0[14] = 0xff;
			j0[15] = (uint8_t)(0xff - wraps[w].before);
			test_gcm_nonce_for_j0(nonce, h, j0);
			runs += aead_round(p, a, iname, t, cipher, 1, key,
					   keys[k], nonce, 16, ad,
					   w ? sizeof(ad) : 0, pt, wraps[w].len,
					   16);
		}
	}
	return runs;
}

/* Instance INAME of "gcm(CIPHER)" or "ccm(CIPHER)" against P; rounds. */
static unsigned long aead_instance(const struct peer_entry *p,
				   const struct aead_peer *a,
				   const struct test_inst *ti,
				   unsigned long iters)
{
	static uint8_t pt[AEAD_MAXLEN], ad[AEAD_MAXAD];
	const char *cipher = ti->drv->alg->name;
	const int gcm = test_aead_is_gcm(ti);
	size_t sizes[3], ns = test_inst_key_sizes(ti, sizes), keys[3], nk = 0;
	size_t tags[17], nt = 0, i, len, al, nl, as, kl;
	uint8_t key[32], nonce[AEAD_MAXNONCE];
	unsigned long runs = 0, it, sweep;
	cryptarch_aead *t;

	for (i = 0; i < ns; i++)
		if (a->has(cipher, gcm, sizes[i]))
			keys[nk++] = sizes[i];
		else
			printf("note: %s has no %s-%zu %s: %s is not compared "
			       "at that key size\n",
			       p->name, cipher, 8 * sizes[i],
			       gcm ? "GCM" : "CCM", ti->name);
	if (!nk)
		return 0;
	for (i = 0; i <= 16; i++)
		if (test_aead_authsize_ok(ti, i))
			tags[nt++] = i;
	t = test_aead_open(ti, 0);
	if (!t)
		return 0;
	/* every nonce length (gcm 1..128; ccm 7..13 with every tag
	 * length), then random rounds, then the special ones */
	sweep = gcm ? AEAD_MAXNONCE : 7 * nt;
	for (it = 0; it < sweep + iters; it++) {
		if (it < sweep) {
			nl = gcm ? 1 + it : 7 + it / nt;
			as = tags[it % nt];
		} else {
			nl = gcm ? (test_rng_below(&rng, 2) ?
					    12 :
					    1 + test_rng_below(&rng,
							       AEAD_MAXNONCE)) :
				   7 + test_rng_below(&rng, 7);
			as = tags[test_rng_below(&rng, nt)];
		}
		kl = keys[it % nk];
		len = test_random_len(&rng, AEAD_MAXLEN);
		al = test_rng_below(&rng, 4) ? test_rng_below(&rng, 41) :
					       test_rng_below(&rng, 600);
		test_rng_fill(&rng, key, kl);
		test_rng_fill(&rng, nonce, nl);
		test_rng_fill(&rng, pt, len);
		test_rng_fill(&rng, ad, al);
		runs += aead_round(p, a, ti->name, t, cipher, gcm, key, kl,
				   nonce, nl, ad, al, pt, len, as);
	}
	/* long associated data: CCM's two encodings either side of 0xff00
	 * (SP 800-38C A.2.2: 2 bytes below 2^16 - 2^8, then 0xfffe and 4
	 * bytes) */
	for (al = 65279; al <= 65281; al++) {
		kl = keys[al % nk];
		nl = gcm ? 12 : 7 + al % 7;
		test_rng_fill(&rng, key, kl);
		test_rng_fill(&rng, nonce, nl);
		test_rng_fill(&rng, ad, al);
		test_rng_fill(&rng, pt, 100);
		runs += aead_round(p, a, ti->name, t, cipher, gcm, key, kl,
				   nonce, nl, ad, al, pt, al % 2 ? 33 : 0,
				   tags[al % nt]);
	}
	if (gcm)
		runs += aead_wrap(p, a, ti->name, t, cipher, keys, nk);
	cryptarch_aead_free(t);
	return runs;
}

/* Every aead instance here against P; the rounds run. */
static unsigned long check_aead(const struct peer_entry *p, unsigned long iters)
{
	const struct aead_peer *a = aead_of(p);
	char names[16][TEST_NAME_MAX];
	size_t nn = test_aead_names(names, 16), k, n, i;
	unsigned long total = 0, runs, before;
	struct test_inst *ti;

	if (!a) {
		printf("note: no aead comparison with %s\n", p->name);
		return 0;
	}
	for (k = 0; k < nn; k++) {
		unsigned long nbefore = test_failures, ntotal = total;
		size_t done = 0;

		n = test_aead_instances(names[k], &ti, NULL);
		for (i = 0; i < n; i++) {
			before = test_failures;
			runs = aead_instance(p, a, &ti[i],
					    test_inst_rounds(&ti[i], iters));
			if (runs) {
				done++;
				if (test_failures != before)
					printf("%s vs %s: %lu rounds, %lu "
					       "failures\n",
					       ti[i].name, p->name, runs,
					       test_failures - before);
			}
			total += runs;
		}
		printf("%s vs %s: %zu of %zu instances, %lu rounds, %lu "
		       "failures\n",
		       names[k], p->name, done, n, total - ntotal,
		       test_failures - nbefore);
		fflush(stdout);
		free(ti);
	}
	return total;
}

/* ---- batches: intel-ipsec-mb's job manager vs encrypt_many ---------- */

#define MB_JOBS 32
#define MB_LEN 4096

/* ROUNDS batches of CMAC jobs through P against digest_many. */
static unsigned long check_many_cmac(const struct peer_entry *p,
				     unsigned long rounds)
{
	static uint8_t msg[MB_JOBS][MB_LEN];
	struct cryptarch_digest_request req[MB_JOBS];
	struct peer_job job[MB_JOBS];
	uint8_t tag[MB_JOBS][16], ptag[MB_JOBS][16], key[32];
	struct peer_many_req r;
	cryptarch_shash *t;
	struct peer *pe;
	unsigned long it, runs = 0, before = test_failures;
	size_t j, n, keylen;
	char why[160], khex[65];
	int rc;

	if (!p->lib->has_many("aes", "cmac", 16))
		return 0;
	rc = cryptarch_shash_new(&t, "cmac(aes)",
				 CRYPTARCH_ALLOW_VARIABLE_TIME);
	if (rc) {
		test_fail("cmac(aes): %s", cryptarch_strerror(rc));
		return 0;
	}
	for (it = 0; it < rounds; it++) {
		keylen = test_rng_below(&rng, 2) ? 32 : 16;
		if (!p->lib->has_many("aes", "cmac", keylen))
			keylen = 16;
		test_rng_fill(&rng, key, keylen);
		test_hex(khex, key, keylen);
		n = 1 + test_rng_below(&rng, MB_JOBS);
		for (j = 0; j < n; j++) {
			size_t len = test_rng_below(&rng, MB_LEN + 1);

			test_rng_fill(&rng, msg[j], len);
			req[j].data = msg[j];
			req[j].len = len;
			req[j].out = tag[j];
			job[j].src = msg[j];
			job[j].dst = ptag[j];
			job[j].len = len;
			job[j].iv = NULL;
		}
		rc = cryptarch_shash_setkey(t, key, keylen);
		if (!rc)
			rc = cryptarch_shash_digest_many(t, req, n);
		if (rc) {
			test_fail("cmac(aes): digest_many of %zu messages: %s",
				  n, cryptarch_strerror(rc));
			break;
		}
		if (p->lib->open_many(&pe, "aes", "cmac", key, keylen, why,
				      sizeof(why))) {
			test_fail("%s: open_many aes-%zu cmac: %s", p->name,
				  8 * keylen, why);
			break;
		}
		memset(&r, 0, sizeof(r));
		r.peer = pe;
		r.job = job;
		r.n = n;
		pe->run_many(&r);
		peer_close(pe);
		if (r.err) {
			test_fail("%s: a batch of %zu CMAC jobs failed", p->name,
				  n);
			continue;
		}
		runs++;
		for (j = 0; j < n; j++)
			test_compare(tag[j], ptag[j], 16,
				     "%s digest_many vs %s jobs: message %zu "
				     "of %zu, key %s, %zu bytes",
				     cryptarch_shash_driver(t), p->name, j, n,
				     khex, req[j].len);
	}
	printf("%s digest_many vs %s jobs: %lu batches, %lu failures\n",
	       cryptarch_shash_driver(t), p->name, runs,
	       test_failures - before);
	cryptarch_shash_free(t);
	return runs;
}

static unsigned long check_many(const struct peer_entry *p,
				unsigned long iters)
{
	static uint8_t pt[MB_JOBS][MB_LEN], ct[MB_JOBS][MB_LEN],
		pct[MB_JOBS][MB_LEN];
	static const size_t keys[2] = { 16, 32 };
	struct cryptarch_request req[MB_JOBS];
	struct peer_job job[MB_JOBS];
	uint8_t iv[MB_JOBS][16], ivp[MB_JOBS][16], key[32];
	struct peer_many_req r;
	struct test_inst *ti;
	struct peer *pe;
	size_t ni, i, j, n, keylen;
	unsigned long it, runs = 0, rounds = iters / 10 ? iters / 10 : 1;
	char why[160], khex[65];
	int rc;

	if (!p->lib->has_many || !p->lib->has_many("aes", "cbc", 16))
		return 0;
	ni = test_instances("aes", TEST_MODE_CBC, &ti, NULL);
	for (i = 0; i < ni; i++) {
		cryptarch_skcipher *t = test_open(&ti[i], 0);
		unsigned long before = test_failures, done = 0;

		if (!t)
			continue;
		for (it = 0; it < rounds; it++) {
			keylen = keys[test_rng_below(&rng, 2)];
			if (!p->lib->has_many("aes", "cbc", keylen))
				keylen = 16;
			test_rng_fill(&rng, key, keylen);
			test_hex(khex, key, keylen);
			n = 1 + test_rng_below(&rng, MB_JOBS);
			for (j = 0; j < n; j++) {
				size_t len = 16 * test_rng_below(&rng,
								 MB_LEN / 16 + 1);

				test_rng_fill(&rng, pt[j], len);
				test_rng_fill(&rng, iv[j], 16);
				memcpy(ivp[j], iv[j], 16);
				req[j].src = pt[j];
				req[j].dst = ct[j];
				req[j].len = len;
				req[j].iv = iv[j];
				job[j].src = pt[j];
				job[j].dst = pct[j];
				job[j].len = len;
				job[j].iv = ivp[j];
			}
			rc = cryptarch_skcipher_setkey(t, key, keylen);
			if (!rc)
				rc = cryptarch_skcipher_encrypt_many(t, req, n);
			if (rc) {
				test_fail("%s: encrypt_many of %zu requests: %s",
					  ti[i].name, n, cryptarch_strerror(rc));
				break;
			}
			if (p->lib->open_many(&pe, "aes", "cbc", key, keylen,
					      why, sizeof(why))) {
				test_fail("%s: open_many aes-%zu cbc: %s",
					  p->name, 8 * keylen, why);
				break;
			}
			memset(&r, 0, sizeof(r));
			r.peer = pe;
			r.job = job;
			r.n = n;
			pe->run_many(&r);
			peer_close(pe);
			if (r.err) {
				test_fail("%s: a batch of %zu CBC jobs failed",
					  p->name, n);
				continue;
			}
			runs++;
			done++;
			for (j = 0; j < n; j++) {
				test_compare(ct[j], pct[j], req[j].len,
					     "%s vs %s jobs: request %zu of "
					     "%zu, key %s, %zu bytes",
					     ti[i].name, p->name, j, n, khex,
					     req[j].len);
				test_compare(iv[j], ivp[j], 16,
					     "%s vs %s jobs: iv after request "
					     "%zu of %zu, %zu bytes",
					     ti[i].name, p->name, j, n,
					     req[j].len);
			}
		}
		cryptarch_skcipher_free(t);
		if (done)
			printf("%s encrypt_many vs %s jobs: %lu batches, %lu "
			       "failures\n",
			       ti[i].name, p->name, done,
			       test_failures - before);
	}
	free(ti);
	return runs + check_many_cmac(p, rounds);
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

				runs = check(p, &ti[i],
					     test_inst_rounds(&ti[i], iters));
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
	total += check_aead(p, iters);
	total += check_many(p, iters);
	if (total == 0 && !test_failures) {
		printf("SKIP: %s has none of the ciphers and modes of the "
		       "implementations available here\n",
		       p->name);
		return TEST_SKIP;
	}
	return test_finish("test-peers");
}
