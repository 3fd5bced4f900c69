/* SPDX-License-Identifier: MIT */
/*
 * ct-valgrind.c - the constant-time check under valgrind memcheck (run by
 * ctest through tests/ct-valgrind.cmake): for one named driver, or every
 * registered one with --all, it sets a key and encrypts and decrypts a
 * buffer through every instance of the driver - the single-block cipher,
 * every instance of each skcipher name of names[] over the driver's
 * cipher that is built on the driver ("ecb(aes-ct64)", "ecb-aes-ct64",
 * "cts(cbc-aes-ct64)", "essiv(cbc(aes-ct64),sha256-generic)"...) - and
 * computes a tag through every instance of each shash name of names[]
 * ("cmac(aes-ct64)", "xcbc-aes-aesni"...) and seals and opens through
 * every instance of each aead name ("gcm_base(ctr-aes-aesni,ghash-pclmul)",
 * "ccm-aes-aesni"...: a genuine message accepted, a forged one refused,
 * the tag comparison included; the verdict itself is public by design and
 * marked so in the library, src/core/declassify.c), for each key size the
 * instance
 * takes, with the key, the iv and the input (plaintext, then ciphertext;
 * the message) marked undefined, so that memcheck reports every branch and
 * every memory index that depends on them. A hash driver digests a secret
 * message of STREAM_LEN bytes in two updates and in one call, a keyed one
 * (every GHASH driver: ghash-generic, ghash-pclmul...) under a secret key
 * of each size its algorithm takes, so that its setkey (the powers of H),
 * its many-block and its single-block paths and the zero-padded last
 * block all run on secrets. names[] must name every registered template
 * (the test fails on one it does not know). Handles are created (which
 * runs the self-tests on the library's own, defined, vectors) before
 * anything is marked; outputs are marked defined before they are read. VALGRIND_COUNT_ERRORS before and
 * after each driver gives its count of errors: a driver flagged
 * CRYPTARCH_DRV_CONSTANT_TIME must have none, a table-based one must have
 * some (which shows the test can see a leak). One line per driver; the
 * error details go to valgrind's log. Limit: valgrind 3.19 executes neither
 * AVX-512 nor 256-bit VAES and hides them from CPUID, so a driver needing
 * them is unavailable here and reported as not verified, never as clean.
 *
 * How each constant-time claim is verified (the descriptor's .ct, struct
 * cryptarch_ct_check in src/core/desc.h) is held to this run: a driver
 * stated as verified by valgrind memcheck (CRYPTARCH_CT_VALGRIND) must be
 * checked clean here whenever the CPU can run it. If such a driver is
 * unavailable under valgrind although the CPU has every feature it needs
 * (the CPU's own list, /proc/cpuinfo, which valgrind does not rewrite),
 * valgrind cannot run it, the stated claim is unchecked, and the test
 * fails; only a CPU that really lacks a feature (or a feature masked by
 * CRYPTARCH_DISABLE) excuses it. A constant-time driver checked clean but
 * stated otherwise gets a note.
 * Needs <valgrind/memcheck.h> at build time and valgrind at run time.
 *
 * Usage: test-ct-valgrind DRIVER... | --all
 * Exit status: 0 every expectation held, 1 one did not (or an API call
 * failed), 2 usage, 77 not built with memcheck.h or not under valgrind.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "aead.h"
#include "cpu.h"
#include "cryptarch.h"
#include "desc.h"
#include "registry.h"
#include "shash.h"
#include "spec.h"

#if defined(__has_include)
#if __has_include(<valgrind/memcheck.h>)
#include <valgrind/memcheck.h>
#define HAVE_MEMCHECK 1
#endif
#endif

#ifdef HAVE_MEMCHECK

#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))

/* The names run over each cipher driver ("%s": the cipher's name), with
 * the bytes each request takes; every registered template must be the
 * root of one of them. */
#define BLOCK_LEN (39 * 16)
#define STREAM_LEN (39 * 16 + 5)
static const struct {
	const char *pattern;
	size_t len;
} names[] = {
	{ "ecb(%s)", BLOCK_LEN },
	{ "cbc(%s)", BLOCK_LEN },
	{ "ctr(%s)", STREAM_LEN },
	{ "xts(%s)", STREAM_LEN },
	{ "xctr(%s)", STREAM_LEN },
	{ "cts(cbc(%s))", STREAM_LEN },
	{ "essiv(cbc(%s),sha256)", BLOCK_LEN },
	{ "cmac(%s)", STREAM_LEN },
	{ "xcbc(%s)", STREAM_LEN },
	{ "cbcmac(%s)", STREAM_LEN },
	{ "gcm(%s)", STREAM_LEN },
	{ "ccm(%s)", STREAM_LEN },
};
#define NNAMES (sizeof(names) / sizeof(names[0]))

/* Bytes per instance: whole blocks for ecb, cbc and essiv; for the others
 * an odd length, so that the partial CTR and XCTR block, XTS and CTS
 * ciphertext stealing and the MACs' partial last block run. 39 blocks
 * reach the main loop of every wide driver (up to 32 blocks per step) and
 * then its tails. */

static void fill(uint8_t *p, size_t n, unsigned seed)
{
	size_t i;

	for (i = 0; i < n; i++)
		p[i] = (uint8_t)(i * 29 + seed * 7 + 3);
}

/* Encrypt and decrypt LEN bytes through instance NAME with a secret key
 * of KEYLEN bytes; returns 0, or 1 if a call failed or the round trip is
 * wrong. */
static int run_mode(const char *name, size_t len, size_t keylen)
{
	uint8_t key[64], iv[16], iv0[16];
	uint8_t pt[STREAM_LEN], ct[STREAM_LEN], back[STREAM_LEN];
	cryptarch_skcipher *tfm;
	int err;

	/* Selection and the self-tests run here, on defined data. */
	err = cryptarch_skcipher_new(&tfm, name, CRYPTARCH_ALLOW_VARIABLE_TIME);
	if (err) {
		printf("%s: %s\n", name, cryptarch_strerror(err));
		return 1;
	}
	fill(key, keylen, (unsigned)keylen);
	fill(iv0, sizeof(iv0), 1);
	fill(pt, len, 2);

	SECRET(key, keylen);
	err = cryptarch_skcipher_setkey(tfm, key, keylen);
	if (!err) {
		memcpy(iv, iv0, sizeof(iv));
		SECRET(iv, sizeof(iv));
		SECRET(pt, len);
		err = cryptarch_skcipher_encrypt(tfm, pt, ct, len, iv);
		PUBLIC(ct, len);
		PUBLIC(pt, len);
	}
	if (!err) {
		memcpy(iv, iv0, sizeof(iv));
		SECRET(iv, sizeof(iv));
		SECRET(ct, len);
		err = cryptarch_skcipher_decrypt(tfm, ct, back, len, iv);
		PUBLIC(back, len);
		PUBLIC(ct, len);
	}
	cryptarch_skcipher_free(tfm);
	if (err) {
		printf("%s: %s\n", name, cryptarch_strerror(err));
		return 1;
	}
	if (memcmp(back, pt, len)) {
		printf("%s: decryption does not undo encryption\n", name);
		return 1;
	}
	return 0;
}

/*
 * Many requests (cryptarch_skcipher_encrypt_many, _decrypt_many)
 * through instance NAME, a cbc, ecb, ctr or (XTS set) xts one, with a
 * secret key of KEYLEN bytes: MANY_N requests of different lengths (a
 * zero-length one among them, and one-, two- and three-block ones, which
 * ecb and ctr gather into one call), more of them than any driver has
 * lanes, so that lanes are refilled and run out at different times; their
 * ivs and plaintexts are secret. 0, or 1 if a call failed or the round
 * trip is wrong.
 */
#define MANY_N 19
static int run_many(const char *name, size_t keylen, int xts)
{
	static uint8_t pt[MANY_N][10 * 16], ct[MANY_N][10 * 16];
	static uint8_t back[MANY_N][10 * 16];
	struct cryptarch_request req[MANY_N];
	uint8_t key[64], iv[MANY_N][16];
	cryptarch_skcipher *tfm;
	size_t i;
	int err;

	err = cryptarch_skcipher_new(&tfm, name, CRYPTARCH_ALLOW_VARIABLE_TIME);
	if (err) {
		printf("%s: %s\n", name, cryptarch_strerror(err));
		return 1;
	}
	fill(key, keylen, (unsigned)keylen + 5);
	SECRET(key, keylen);
	err = cryptarch_skcipher_setkey(tfm, key, keylen);
	for (i = 0; i < MANY_N; i++) {
		/* 0 to 9 blocks; xts: 1 to 8 blocks and a partial one now
		 * and then (a data unit is at least a block) */
		req[i].len = xts ? 16 * ((i * 5 + 2) % 8 + 1) + i % 3 :
				   16 * ((i * 5 + 2) % 10);
		fill(pt[i], sizeof(pt[i]), (unsigned)i + 3);
		fill(iv[i], 16, (unsigned)i + 40);
		SECRET(pt[i], sizeof(pt[i]));
		SECRET(iv[i], 16);
		req[i].src = pt[i];
		req[i].dst = ct[i];
		req[i].iv = iv[i];
	}
	if (!err)
		err = cryptarch_skcipher_encrypt_many(tfm, req, MANY_N);
	for (i = 0; i < MANY_N; i++) {
		PUBLIC(ct[i], sizeof(ct[i]));
		PUBLIC(pt[i], sizeof(pt[i]));
		fill(iv[i], 16, (unsigned)i + 40);
		SECRET(iv[i], 16);
		SECRET(ct[i], sizeof(ct[i]));
		req[i].src = ct[i];
		req[i].dst = back[i];
	}
	if (!err)
		err = cryptarch_skcipher_decrypt_many(tfm, req, MANY_N);
	cryptarch_skcipher_free(tfm);
	for (i = 0; i < MANY_N; i++) {
		PUBLIC(back[i], sizeof(back[i]));
		PUBLIC(ct[i], sizeof(ct[i]));
		if (!err && memcmp(back[i], pt[i], req[i].len)) {
			printf("%s: many-request decryption does not undo "
			       "encryption (request %zu)\n", name, i);
			return 1;
		}
	}
	if (err) {
		printf("%s: many requests: %s\n", name, cryptarch_strerror(err));
		return 1;
	}
	return 0;
}

/* The same through the single-block cipher API of DRIVER. */
static int run_cipher(const char *driver, size_t keylen)
{
	uint8_t key[32], pt[3 * 16], ct[3 * 16], back[3 * 16];
	cryptarch_cipher *tfm;
	size_t i;
	int err;

	err = cryptarch_cipher_new(&tfm, driver, CRYPTARCH_ALLOW_VARIABLE_TIME);
	if (err) {
		printf("%s: %s\n", driver, cryptarch_strerror(err));
		return 1;
	}
	fill(key, keylen, (unsigned)keylen + 5);
	fill(pt, sizeof(pt), 4);

	SECRET(key, keylen);
	SECRET(pt, sizeof(pt));
	err = cryptarch_cipher_setkey(tfm, key, keylen);
	for (i = 0; !err && i < sizeof(pt) / 16; i++)
		err = cryptarch_cipher_encrypt(tfm, ct + 16 * i, pt + 16 * i);
	PUBLIC(ct, sizeof(ct));
	PUBLIC(pt, sizeof(pt));
	SECRET(ct, sizeof(ct));
	for (i = 0; !err && i < sizeof(ct) / 16; i++)
		err = cryptarch_cipher_decrypt(tfm, back + 16 * i, ct + 16 * i);
	PUBLIC(back, sizeof(back));
	PUBLIC(ct, sizeof(ct));
	cryptarch_cipher_free(tfm);
	if (err) {
		printf("%s: %s\n", driver, cryptarch_strerror(err));
		return 1;
	}
	if (memcmp(back, pt, sizeof(pt))) {
		printf("%s: decryption does not undo encryption\n", driver);
		return 1;
	}
	return 0;
}

/* The tag of LEN secret bytes through shash instance NAME under a secret
 * key of KEYLEN bytes (0: unkeyed), in two updates; 0, or 1 if a call
 * failed or the tag differs from the one-call digest. */
static int run_shash(const char *name, size_t len, size_t keylen)
{
	uint8_t key[32], msg[STREAM_LEN], tag[64], tag2[64];
	cryptarch_shash *tfm;
	size_t ds;
	int err;

	err = cryptarch_shash_new(&tfm, name, CRYPTARCH_ALLOW_VARIABLE_TIME);
	if (err) {
		printf("%s: %s\n", name, cryptarch_strerror(err));
		return 1;
	}
	ds = cryptarch_shash_digestsize(tfm);
	fill(key, sizeof(key), (unsigned)keylen + 9);
	fill(msg, len, 6);

	SECRET(key, sizeof(key));
	SECRET(msg, len);
	err = keylen ? cryptarch_shash_setkey(tfm, key, keylen) : 0;
	if (!err)
		err = cryptarch_shash_update(tfm, msg, 100);
	if (!err)
		err = cryptarch_shash_update(tfm, msg + 100, len - 100);
	if (!err)
		err = cryptarch_shash_final(tfm, tag);
	if (!err)
		err = cryptarch_shash_digest(tfm, msg, len, tag2);
	/* many digests in one call: messages of 0 to 9 blocks and a
	 * partial one, more than any driver has lanes, the whole message
	 * last (its tag is checked against the single digest's) */
	if (!err) {
		struct cryptarch_digest_request dr[MANY_N];
		static uint8_t tags[MANY_N][64];
		size_t i;

		for (i = 0; i < MANY_N; i++) {
			size_t l = 16 * ((i * 5 + 2) % 10) + i % 3;

			dr[i] = (struct cryptarch_digest_request){
				msg, l < len ? l : len, tags[i]
			};
		}
		dr[MANY_N - 1].len = len;
		err = cryptarch_shash_digest_many(tfm, dr, MANY_N);
		PUBLIC(tags, sizeof(tags));
		PUBLIC(tag2, sizeof(tag2));
		if (!err && memcmp(tags[MANY_N - 1], tag2, ds)) {
			printf("%s: digest_many and digest differ\n", name);
			err = -EIO;
		}
	}
	PUBLIC(tag, sizeof(tag));
	PUBLIC(tag2, sizeof(tag2));
	PUBLIC(msg, len);
	cryptarch_shash_free(tfm);
	if (err) {
		printf("%s: %s\n", name, cryptarch_strerror(err));
		return 1;
	}
	if (memcmp(tag, tag2, ds)) {
		printf("%s: two updates and one digest differ\n", name);
		return 1;
	}
	return 0;
}

/* Seal LEN secret bytes with secret associated data and nonce through
 * aead instance NAME under a secret key of KEYLEN bytes, open the sealed
 * message (the ciphertext and tag public, as an attacker sees them) and a
 * copy with one tag bit flipped; 0, or 1 if a call failed, the message
 * did not come back or the forgery was not refused. */
static int run_aead(const char *name, size_t len, size_t keylen)
{
	static uint8_t pt[STREAM_LEN], ct[STREAM_LEN + 16], back[STREAM_LEN];
	uint8_t key[32], nonce[12], ad[24];
	cryptarch_aead *tfm;
	int err, forged;

	err = cryptarch_aead_new(&tfm, name, CRYPTARCH_ALLOW_VARIABLE_TIME);
	if (err) {
		printf("%s: %s\n", name, cryptarch_strerror(err));
		return 1;
	}
	fill(key, sizeof(key), (unsigned)keylen + 11);
	fill(nonce, sizeof(nonce), 4);
	fill(ad, sizeof(ad), 5);
	fill(pt, len, 8);

	SECRET(key, sizeof(key));
	SECRET(nonce, sizeof(nonce));
	SECRET(ad, sizeof(ad));
	SECRET(pt, len);
	err = cryptarch_aead_setkey(tfm, key, keylen);
	if (!err)
		err = cryptarch_aead_encrypt(tfm, pt, ct, len, nonce,
					     sizeof(nonce), ad, sizeof(ad));
	PUBLIC(ct, len + 16);
	if (!err)
		err = cryptarch_aead_decrypt(tfm, ct, back, len + 16, nonce,
					     sizeof(nonce), ad, sizeof(ad));
	PUBLIC(back, len);
	ct[len] ^= 1;
	forged = cryptarch_aead_decrypt(tfm, ct, back, len + 16, nonce,
					sizeof(nonce), ad, sizeof(ad));
	PUBLIC(back, len);
	PUBLIC(pt, len);
	cryptarch_aead_free(tfm);
	if (err) {
		printf("%s: %s\n", name, cryptarch_strerror(err));
		return 1;
	}
	if (forged != -EBADMSG) {
		printf("%s: a forged tag: %s\n", name,
		       cryptarch_strerror(forged));
		return 1;
	}
	return 0;
}

/* 1 if spec S is built on DRV: DRV at the bottom of its first argument,
 * every other leaf DRV or a driver of a hash (essiv's sha256, gcm's
 * ghash) that is available. */
static int built_on(const struct cryptarch_spec *s,
		    const struct cryptarch_driver *drv)
{
	unsigned i;

	if (cryptarch_spec_base(s) != drv)
		return 0;
	for (i = 0; i < s->n; i++) {
		const struct cryptarch_driver *d;

		if (s->node[i].tmpl)
			continue;
		d = cryptarch_spec_node_driver(s, i);
		if (d != drv && (d->alg->type == &cryptarch_type_cipher ||
				 !cryptarch_driver_available(d)))
			return 0;
	}
	return 1;
}

/* Every instance of the names[] over DRV at key size KEYLEN (cipher
 * bytes); 0, or 1 if a call failed. *RAN counts the instances. */
static int run_names(const struct cryptarch_driver *drv, size_t keylen,
		     unsigned *ran)
{
	static struct cryptarch_spec v[CRYPTARCH_MAX_CANDS];
	char alg[128], name[128];
	size_t k, i, n;
	unsigned min, max;
	int exact, rc = 0;

	for (k = 0; k < NNAMES; k++) {
		snprintf(alg, sizeof(alg), names[k].pattern, drv->alg->name);
		if (cryptarch_spec_enumerate(alg, NULL, v, NULL,
					     CRYPTARCH_MAX_CANDS, &n, &exact)) {
			printf("%s: no instances of %s\n", drv->name, alg);
			rc = 1;
			continue;
		}
		for (i = 0; i < n; i++) {
			const struct cryptarch_type *type =
				cryptarch_spec_type(&v[i]);

			if (!built_on(&v[i], drv))
				continue;
			cryptarch_spec_keysizes(&v[i], &min, &max);
			if (keylen < min || keylen > max)
				continue; /* xcbc: 16 bytes only */
			cryptarch_spec_name(&v[i], name, sizeof(name));
			if (type == &cryptarch_type_shash)
				rc |= run_shash(name, names[k].len, keylen);
			else if (type == &cryptarch_type_aead)
				rc |= run_aead(name, names[k].len, keylen);
			else
				rc |= run_mode(name, names[k].len,
					       cryptarch_spec_nkeys(&v[i]) *
						       keylen);
			if (type != &cryptarch_type_shash &&
			    type != &cryptarch_type_aead &&
			    (!strcmp(names[k].pattern, "cbc(%s)") ||
			     !strcmp(names[k].pattern, "ecb(%s)") ||
			     !strcmp(names[k].pattern, "ctr(%s)")))
				rc |= run_many(name, keylen, 0);
			if (!strcmp(names[k].pattern, "xts(%s)"))
				rc |= run_many(name, 2 * keylen, 1);
			(*ran)++;
		}
	}
	return rc;
}

/* Every registered template is the root of a name of names[]. */
static int names_cover_templates(void)
{
	size_t i, k, n = cryptarch_template_count();
	int rc = 0;

	for (i = 0; i < n; i++) {
		const struct cryptarch_template *tp = cryptarch_template_at(i);
		/* gcm_base is named by its alias, gcm */
		const char *t = tp->alias ? tp->alias : tp->name;
		size_t l = strlen(t);

		for (k = 0; k < NNAMES; k++)
			if (strncmp(names[k].pattern, t, l) == 0 &&
			    names[k].pattern[l] == '(')
				break;
		if (k == NNAMES) {
			printf("FAIL: template %s is in no name of "
			       "tests/ct-valgrind.c's names[]: add it\n",
			       t);
			rc = 1;
		}
	}
	return rc;
}

/* The names /proc/cpuinfo gives the features of cpu.h (x86 "flags",
 * arm64 "Features"). */
static const struct {
	uint64_t bit;
	const char *name;
} cpuinfo_names[] = {
	{ CRYPTARCH_CPU_SSE2, "sse2" },
	{ CRYPTARCH_CPU_SSSE3, "ssse3" },
	{ CRYPTARCH_CPU_SSE41, "sse4_1" },
	{ CRYPTARCH_CPU_AESNI, "aes" },
	{ CRYPTARCH_CPU_PCLMUL, "pclmulqdq" },
	{ CRYPTARCH_CPU_AVX, "avx" },
	{ CRYPTARCH_CPU_AVX2, "avx2" },
	{ CRYPTARCH_CPU_BMI2, "bmi2" },
	{ CRYPTARCH_CPU_VAES, "vaes" },
	{ CRYPTARCH_CPU_VPCLMUL, "vpclmulqdq" },
	{ CRYPTARCH_CPU_AVX512F, "avx512f" },
	{ CRYPTARCH_CPU_AVX512BW, "avx512bw" },
	{ CRYPTARCH_CPU_AVX512VL, "avx512vl" },
	{ CRYPTARCH_CPU_AVX512VBMI, "avx512vbmi" },
	{ CRYPTARCH_CPU_GFNI, "gfni" },
#if defined(__aarch64__)
	{ CRYPTARCH_CPU_NEON, "asimd" },
#else
	{ CRYPTARCH_CPU_NEON, "neon" },
#endif
	{ CRYPTARCH_CPU_ARM_AES, "aes" },
	{ CRYPTARCH_CPU_PMULL, "pmull" },
};

/*
 * The features of MASK that the CPU itself reports in /proc/cpuinfo (the
 * first "flags" or "Features" line); -1 if that cannot be read.
 */
static int64_t cpuinfo_has(uint64_t mask)
{
	static char line[8192];
	static int state; /* 0 unread, 1 read, -1 unreadable */
	uint64_t have = 0;
	size_t i;

	if (!state) {
		FILE *f = fopen("/proc/cpuinfo", "r");

		state = -1;
		while (f && fgets(line, sizeof(line), f)) {
			if (!strncmp(line, "flags", 5) ||
			    !strncmp(line, "Features", 8)) {
				state = 1;
				break;
			}
		}
		if (f)
			fclose(f);
	}
	if (state < 0)
		return -1;
	for (i = 0; i < sizeof(cpuinfo_names) / sizeof(cpuinfo_names[0]); i++) {
		const char *p = strchr(line, ':'), *q;
		size_t n = strlen(cpuinfo_names[i].name);

		if (!(mask & cpuinfo_names[i].bit) || !p)
			continue;
		for (q = p + 1; (q = strstr(q, cpuinfo_names[i].name)); q += n)
			if (q[-1] == ' ' &&
			    (q[n] == ' ' || q[n] == '\n' || q[n] == '\0')) {
				have |= cpuinfo_names[i].bit;
				break;
			}
	}
	return (int64_t)have;
}

/*
 * DRV, stated as valgrind-verified, is unavailable under valgrind: 1 (and a
 * FAIL line) unless the CPU lacks a feature it needs or the feature is
 * masked by CRYPTARCH_DISABLE.
 */
static int listed_but_unchecked(const struct cryptarch_driver *drv)
{
	uint64_t need = drv->cpu_features & ~cryptarch_cpu_features();
	int64_t host = cpuinfo_has(need);
	char feats[256];

	cryptarch_cpu_format(need, feats, sizeof(feats));
	if (need & cryptarch_cpu_disabled()) {
		printf("%-20s note  listed as valgrind-verified, not checked: "
		       "%s masked by CRYPTARCH_DISABLE\n",
		       drv->name, feats);
		return 0;
	}
	if (host >= 0 && (uint64_t)host != need) {
		printf("%-20s note  listed as valgrind-verified, not checked: "
		       "this CPU lacks %s\n",
		       drv->name, feats);
		return 0;
	}
	printf("%-20s FAIL  stated as valgrind-verified in its "
	       "descriptor (.ct), but not checked: %s\n",
	       drv->name,
	       host < 0 ? "unavailable under valgrind and /proc/cpuinfo "
			  "cannot be read" :
			  "the CPU has every feature it needs, valgrind does "
			  "not run it");
	printf("%-20s       (needs %s, which valgrind hides or cannot "
	       "execute): state it as unverified or traced instead\n",
	       "", feats);
	return 1;
}

/* Every instance of DRV at every key size; prints the driver's line and
 * returns 0 if its expectation held, else 1. */
static int check_driver(const struct cryptarch_driver *drv)
{
	int ct = !!(drv->flags & CRYPTARCH_DRV_CONSTANT_TIME);
	int listed = !!(drv->ct.methods & CRYPTARCH_CT_VALGRIND);
	int cipher = drv->alg->type == &cryptarch_type_cipher;
	unsigned long before, errors;
	unsigned ran = 0;
	char how[256];
	size_t keylen;
	int rc = 0;

	if (!cryptarch_driver_available(drv)) {
		if (ct && listed)
			return listed_but_unchecked(drv);
		printf("%-20s %s  not available on this CPU under valgrind: "
		       "not verified\n",
		       drv->name, ct ? "constant-time" : "table-based  ");
		return 0;
	}
	VALGRIND_PRINTF("ct-valgrind: driver %s\n", drv->name);
	before = VALGRIND_COUNT_ERRORS;
	if (!cipher) {
		/* a hash: its own instance over a secret message (a keyed
		 * one under a secret key of each size it takes) */
		keylen = drv->alg->min_keysize;
		do {
			rc |= run_shash(drv->name, STREAM_LEN, keylen);
			ran++;
			keylen += 8;
		} while (keylen <= drv->alg->max_keysize && keylen <= 32);
	}
	/* 16, 24, 32 (the key buffers hold 32 bytes, xts 64). */
	for (keylen = drv->alg->min_keysize;
	     cipher && keylen <= drv->alg->max_keysize && keylen <= 32;
	     keylen += 8) {
		rc |= run_cipher(drv->name, keylen);
		rc |= run_names(drv, keylen, &ran);
	}
	errors = VALGRIND_COUNT_ERRORS - before;
	if (rc) {
		printf("%-20s FAIL  an API call failed\n", drv->name);
		return 1;
	}
	if (ct && errors) {
		printf("%-20s FAIL  claims constant-time, but memcheck saw "
		       "%lu secret-dependent branches or indices\n",
		       drv->name, errors);
		return 1;
	}
	if (!ct && !errors) {
		printf("%-20s FAIL  table-based, but memcheck saw nothing: "
		       "the test cannot see a leak\n",
		       drv->name);
		return 1;
	}
	printf("%-20s ok    %s, %lu memcheck errors, %u instance runs\n",
	       drv->name, ct ? "constant-time" : "table-based (expected leak)",
	       errors, ran);
	if (ct && !listed)
		printf("%-20s note  clean under memcheck, but its "
		       "descriptor says \"%s\"\n",
		       "", cryptarch_driver_ct_text(drv, how, sizeof(how)));
	return 0;
}

int main(int argc, char **argv)
{
	const struct cryptarch_driver *drv;
	int i, rc = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: %s DRIVER... | --all\n", argv[0]);
		return 2;
	}
	if (!RUNNING_ON_VALGRIND) {
		printf("SKIP: not running under valgrind memcheck\n");
		return 77;
	}
	rc |= names_cover_templates();
	if (argc == 2 && !strcmp(argv[1], "--all")) {
		for (i = 0; (size_t)i < cryptarch_driver_count(); i++)
			rc |= check_driver(cryptarch_driver_at((size_t)i));
		return rc;
	}
	for (i = 1; i < argc; i++) {
		drv = cryptarch_driver_find(argv[i], strlen(argv[i]));
		if (!drv) {
			fprintf(stderr, "%s: unknown driver %s\n", argv[0],
				argv[i]);
			return 2;
		}
		rc |= check_driver(drv);
	}
	return rc;
}

#else /* !HAVE_MEMCHECK */

int main(void)
{
	printf("SKIP: built without <valgrind/memcheck.h>\n");
	return 77;
}

#endif
