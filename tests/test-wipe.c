/* SPDX-License-Identifier: MIT */
/*
 * test-wipe.c - key material is wiped. For every skcipher instance of every
 * registered implementation available here, and for the cipher API, read
 * the key context through the internal accessors of src/types/handle.h:
 *  - before setkey it holds nothing but zeros;
 *  - after setkey it is not all zero;
 *  - after a re-key with a different key, including a shorter one, none of
 *    the old context's key-dependent 16-byte words (those that differ
 *    from the same offset under a third key) and no 12 bytes of the old
 *    raw key are left anywhere in the context;
 *  - after a refused setkey (bad length; xts equal halves under
 *    CRYPTARCH_FORBID_WEAK_KEYS) it is all zero;
 *  - on free, the context is all zero when it reaches free(): where the
 *    linker supports --wrap=free (CRYPTARCH_TEST_WRAP_FREE), free() is
 *    wrapped and the watched context checked just before it is released,
 *    so no freed memory is ever read; otherwise that part is reported as
 *    skipped.
 * The same for the key contexts of every keyed shash instance ("cmac(aes)",
 * "xcbc-aes-aesni", each GHASH driver such as "ghash-generic", whose
 * context holds powers of H...; a refused key: a bad length, xcbc's 24
 * bytes, ghash's 15 and 17), with a message under way at each re-key and
 * at free, and an unkeyed one (sha256) refuses every key and holds no key
 * context.
 * The same for the key contexts of every aead instance ("gcm(aes)": the
 * ctr instance's key schedule and the ghash driver's powers of H;
 * "ccm(aes)": the ctr and cbcmac instances'), with a request between the
 * keys and before free, and -ENOKEY after a refused key.
 * The same for handles that measured selection splits: a synthetic profile
 * (named by CRYPTARCH_PROFILE, in a temporary directory) makes "<mode>(aes)"
 * use one implementation for encryption and another for decryption, so
 * that the handle keys two contexts (xts: two pairs); each must be keyed
 * and each wiped. And cryptarch_memzero() itself, read back through a
 * volatile pointer.
 *
 * Usage: test-wipe
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unistd.h>

#include "handle.h"
#include "memzero.h"
#include "profile.h"
#include "select.h"
#include "util.h"

static struct test_rng rng;

#ifdef CRYPTARCH_TEST_WRAP_FREE
/* The linker turns every call to free() in this program (the library's
 * included) into __wrap_free(); the names are fixed by ld's --wrap. */
void __real_free(void *p);
void __wrap_free(void *p);

static const void *watched;
static size_t watched_size;
static int watched_seen, watched_zero;

void __wrap_free(void *p)
{
	if (p && p == watched) {
		const volatile uint8_t *b = p;
		size_t i;

		watched_seen = 1;
		watched_zero = 1;
		for (i = 0; i < watched_size; i++)
			if (b[i])
				watched_zero = 0;
		watched = NULL;
	}
	__real_free(p);
}

static void watch(const void *p, size_t size)
{
	watched = p;
	watched_size = size;
	watched_seen = 0;
	watched_zero = 0;
}

static void check_watched(const char *what)
{
	if (!watched_seen)
		test_fail("%s: the key context never reached free()", what);
	else if (!watched_zero)
		test_fail("%s: the key context was not wiped before free()",
			  what);
	watched = NULL;
}
#endif

static int nonzero(const void *p, size_t n)
{
	return p && n && !test_all(p, 0, n);
}

/*
 * 1 if the 16-byte word W has only 0x00 and 0xff bytes: a bit-sliced round
 * key with one key bit per byte (aes-neonbs keeps eight copies of each
 * bit) holds 16 bits, and among the hundreds of such words in two
 * contexts one recurs by chance.
 */
static int bitplane(const uint8_t *w)
{
	size_t i;

	for (i = 0; i < 16; i++)
		if (w[i] != 0 && w[i] != 0xff)
			return 0;
	return 1;
}

/*
 * The 16-byte words of OLD (SIZE bytes, at 16-byte offsets) that depend on
 * the key, i.e. differ from the same offset of THIRD (a context under
 * another key of the same length), must not be anywhere in NOW (at any
 * 4-byte offset). 16 bytes, not 8: key-dependent tables such as Twofish's
 * are permutations of one set of entries, so two adjacent entries recur
 * under other keys by chance; four do not.
 */
static void check_gone(const char *what, const uint8_t *old,
		       const uint8_t *third, size_t size, const uint8_t *now,
		       size_t nsize, const uint8_t *oldkey, size_t keylen)
{
	size_t o, p, words = 0, left = 0;

	for (o = 0; o + 16 <= size; o += 16) {
		if (memcmp(old + o, third + o, 16) == 0 ||
		    test_all(old + o, 0, 16) || bitplane(old + o))
			continue;
		words++;
		for (p = 0; p + 16 <= nsize; p += 4)
			if (memcmp(now + p, old + o, 16) == 0) {
				left++;
				break;
			}
	}
	if (left)
		test_fail("%s: %zu of %zu key-dependent words of the old "
			  "context are still in the context",
			  what, left, words);
	if (words == 0)
		test_fail("%s: no key-dependent words in the context?", what);
	for (o = 0; o + 12 <= keylen; o++)
		for (p = 0; p + 12 <= nsize; p++)
			if (memcmp(now + p, oldkey + o, 12) == 0) {
				test_fail("%s: bytes %zu..%zu of the old key "
					  "are at offset %zu",
					  what, o, o + 11, p);
				return;
			}
}

/* Open TI, or the cipher name NAME where it is not NULL. */
static cryptarch_skcipher *open_for(const struct test_inst *ti,
				    const char *name, unsigned flags)
{
	cryptarch_skcipher *t = NULL;
	int rc;

	if (!name)
		return test_open(ti, flags);
	rc = cryptarch_skcipher_new(&t, name,
				    CRYPTARCH_ALLOW_VARIABLE_TIME | flags);
	if (rc)
		test_fail("cryptarch_skcipher_new(\"%s\"): %s", name,
			  cryptarch_strerror(rc));
	return t;
}

/* The checks above for instance TI, opened as TI->name or as NAME. */
static void check_instance(const struct test_inst *ti, const char *name)
{
	static const size_t bad[] = { 0, 1, 17, 33, 64 };
	const int xts = ti->mode == TEST_MODE_XTS;
	const size_t nk = test_mode_nkeys(ti->mode);
	size_t sizes[3], ns = test_key_sizes(ti->drv, sizes);
	size_t longk = nk * sizes[ns - 1];
	size_t shortk = nk * sizes[0];
	uint8_t k1[128], k2[128], k3[128];
	uint8_t *old = NULL, *third = NULL;
	cryptarch_skcipher *t = open_for(ti, name, 0);
	cryptarch_skcipher *w = NULL;
	const uint8_t *ctx;
	size_t size, size1, i;
	char what[160];
	const char *tn = name ? name : ti->name;

	if (!t)
		return;
	ctx = cryptarch_skcipher_ctx(t, &size);
	if (nonzero(ctx, size))
		test_fail("%s: context not zero before setkey", tn);
	test_random_key(&rng, ti->mode, k1, longk);
	test_random_key(&rng, ti->mode, k2, longk);
	test_random_key(&rng, ti->mode, k3, longk);
	/* the context under a third key, to tell key-dependent words */
	if (cryptarch_skcipher_setkey(t, k3, longk))
		goto fail;
	ctx = cryptarch_skcipher_ctx(t, &size);
	third = malloc(size + 1);
	if (!third)
		goto fail;
	memcpy(third, ctx, size);
	/* key 1 */
	if (cryptarch_skcipher_setkey(t, k1, longk))
		goto fail;
	ctx = cryptarch_skcipher_ctx(t, &size1);
	if (!nonzero(ctx, size1) || size1 != size)
		test_fail("%s: context empty or resized after setkey", tn);
	old = malloc(size1 + 1);
	if (!old)
		goto fail;
	memcpy(old, ctx, size1);
	/* re-key with a shorter key, then with one of the same length */
	if (cryptarch_skcipher_setkey(t, k2, shortk))
		goto fail;
	ctx = cryptarch_skcipher_ctx(t, &size);
	snprintf(what, sizeof(what), "%s: re-key %zu -> %zu bytes", tn, longk,
		 shortk);
	check_gone(what, old, third, size1, ctx, size, k1, longk);
	if (cryptarch_skcipher_setkey(t, k1, longk))
		goto fail;
	if (cryptarch_skcipher_setkey(t, k2, longk))
		goto fail;
	ctx = cryptarch_skcipher_ctx(t, &size);
	snprintf(what, sizeof(what), "%s: re-key %zu -> %zu bytes", tn, longk,
		 longk);
	check_gone(what, old, third, size1, ctx, size, k1, longk);
	/* a refused re-key leaves nothing, whatever the bad length */
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		size_t kl = nk * bad[i];

		if (cryptarch_skcipher_setkey(t, k1, longk))
			goto fail;
		test_expect_rc(cryptarch_skcipher_setkey(t, k1, kl), -EINVAL,
			       "%s setkey %zu bytes", tn, kl);
		ctx = cryptarch_skcipher_ctx(t, &size);
		if (nonzero(ctx, size))
			test_fail("%s: context not zero after a refused "
				  "setkey of %zu bytes",
				  tn, kl);
	}
	if (cryptarch_skcipher_setkey(t, k1, longk))
		goto fail;
	test_expect_rc(cryptarch_skcipher_setkey(t, NULL, longk), -EINVAL,
		       "%s setkey(NULL)", tn);
	ctx = cryptarch_skcipher_ctx(t, &size);
	if (nonzero(ctx, size))
		test_fail("%s: context not zero after setkey(NULL)", tn);
	if (xts) {
		/* equal halves refused under CRYPTARCH_FORBID_WEAK_KEYS */
		w = open_for(ti, name, CRYPTARCH_FORBID_WEAK_KEYS);
		if (w && !cryptarch_skcipher_setkey(w, k1, longk)) {
			memcpy(k3, k1, longk / 2);
			memcpy(k3 + longk / 2, k1, longk / 2);
			test_expect_rc(cryptarch_skcipher_setkey(w, k3, longk),
				       -EINVAL, "%s equal halves", tn);
			ctx = cryptarch_skcipher_ctx(w, &size);
			if (nonzero(ctx, size))
				test_fail("%s: context not zero after a "
					  "refused weak key",
					  tn);
		}
		cryptarch_skcipher_free(w);
	}
	/* free */
	if (cryptarch_skcipher_setkey(t, k2, longk))
		goto fail;
#ifdef CRYPTARCH_TEST_WRAP_FREE
	ctx = cryptarch_skcipher_ctx(t, &size);
	watch(ctx, size);
	cryptarch_skcipher_free(t);
	check_watched(tn);
#else
	cryptarch_skcipher_free(t);
#endif
	t = NULL;
	goto out;
fail:
	test_fail("%s: setkey or allocation failed", tn);
out:
	cryptarch_skcipher_free(t);
	free(old);
	free(third);
}

/* The checks of check_instance() for shash instance TI. */
static void check_shash(const struct test_inst *ti)
{
	static const size_t bad[] = { 0, 1, 15, 17, 24, 33, 64 };
	size_t sizes[3], ns = test_inst_key_sizes(ti, sizes), size, size1, i;
	uint8_t k1[32], k2[32], k3[32], msg[100], out[64];
	uint8_t *old = NULL, *third = NULL;
	cryptarch_shash *t = test_shash_open(ti, 0);
	const uint8_t *ctx;
	char what[160];

	if (!t)
		return;
	test_rng_fill(&rng, msg, sizeof(msg));
	ctx = cryptarch_shash_ctx(t, &size);
	if (nonzero(ctx, size))
		test_fail("%s: context not zero before setkey", ti->name);
	if (ns == 0) {
		/* unkeyed: no key to hold, none taken */
		if (size)
			test_fail("%s: an unkeyed hash with %zu bytes of key "
				  "context",
				  ti->name, size);
		for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
			test_expect_rc(cryptarch_shash_setkey(t, msg, bad[i]),
				       -EINVAL, "%s setkey %zu bytes", ti->name,
				       bad[i]);
		cryptarch_shash_free(t);
		return;
	}
	test_rng_fill(&rng, k1, 32);
	test_rng_fill(&rng, k2, 32);
	test_rng_fill(&rng, k3, 32);
	if (cryptarch_shash_setkey(t, k3, sizes[ns - 1]))
		goto fail;
	ctx = cryptarch_shash_ctx(t, &size);
	third = malloc(size + 1);
	if (!third)
		goto fail;
	memcpy(third, ctx, size);
	if (cryptarch_shash_setkey(t, k1, sizes[ns - 1]) ||
	    cryptarch_shash_update(t, msg, 37))
		goto fail;
	ctx = cryptarch_shash_ctx(t, &size1);
	if (!nonzero(ctx, size1) || size1 != size)
		test_fail("%s: context empty or resized after setkey",
			  ti->name);
	old = malloc(size1 + 1);
	if (!old)
		goto fail;
	memcpy(old, ctx, size1);
	/* re-key in the middle of a message, shorter where it can be */
	if (cryptarch_shash_setkey(t, k2, sizes[0]))
		goto fail;
	ctx = cryptarch_shash_ctx(t, &size);
	snprintf(what, sizeof(what), "%s: re-key %zu -> %zu bytes", ti->name,
		 sizes[ns - 1], sizes[0]);
	check_gone(what, old, third, size1, ctx, size, k1, sizes[ns - 1]);
	if (cryptarch_shash_setkey(t, k1, sizes[ns - 1]) ||
	    cryptarch_shash_setkey(t, k2, sizes[ns - 1]))
		goto fail;
	ctx = cryptarch_shash_ctx(t, &size);
	snprintf(what, sizeof(what), "%s: re-key %zu -> %zu bytes", ti->name,
		 sizes[ns - 1], sizes[ns - 1]);
	check_gone(what, old, third, size1, ctx, size, k1, sizes[ns - 1]);
	/* a refused key leaves nothing */
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		size_t j;

		for (j = 0; j < ns && sizes[j] != bad[i]; j++)
			;
		if (j < ns)
			continue; /* a size it takes */
		if (cryptarch_shash_setkey(t, k1, sizes[ns - 1]) ||
		    cryptarch_shash_update(t, msg, 50))
			goto fail;
		test_expect_rc(cryptarch_shash_setkey(t, k1, bad[i]), -EINVAL,
			       "%s setkey %zu bytes", ti->name, bad[i]);
		ctx = cryptarch_shash_ctx(t, &size);
		if (nonzero(ctx, size))
			test_fail("%s: context not zero after a refused "
				  "setkey of %zu bytes",
				  ti->name, bad[i]);
		test_expect_rc(cryptarch_shash_final(t, out), -ENOKEY,
			       "%s final after a refused setkey", ti->name);
	}
	if (cryptarch_shash_setkey(t, k1, sizes[ns - 1]))
		goto fail;
	test_expect_rc(cryptarch_shash_setkey(t, NULL, sizes[ns - 1]), -EINVAL,
		       "%s setkey(NULL)", ti->name);
	ctx = cryptarch_shash_ctx(t, &size);
	if (nonzero(ctx, size))
		test_fail("%s: context not zero after setkey(NULL)", ti->name);
	/* free, with a message under way */
	if (cryptarch_shash_setkey(t, k2, sizes[ns - 1]) ||
	    cryptarch_shash_update(t, msg, 21))
		goto fail;
#ifdef CRYPTARCH_TEST_WRAP_FREE
	ctx = cryptarch_shash_ctx(t, &size);
	watch(ctx, size);
	cryptarch_shash_free(t);
	check_watched(ti->name);
#else
	cryptarch_shash_free(t);
#endif
	t = NULL;
	goto out;
fail:
	test_fail("%s: setkey, update or allocation failed", ti->name);
out:
	cryptarch_shash_free(t);
	free(old);
	free(third);
}

/* The checks of check_instance() for aead instance TI (the ctr key
 * schedule with the ghash driver's powers of H, or with the cbcmac
 * instance's key schedule), with a request between the keys. */
static void check_aead(const struct test_inst *ti)
{
	static const size_t bad[] = { 0, 1, 15, 17, 31, 33, 64 };
	size_t sizes[3], ns = test_inst_key_sizes(ti, sizes), size, size1, i;
	uint8_t k1[32], k2[32], k3[32], nonce[12], msg[100], out[116];
	uint8_t *old = NULL, *third = NULL;
	cryptarch_aead *t = test_aead_open(ti, 0);
	const uint8_t *ctx;
	char what[200];

	if (!t)
		return;
	test_rng_fill(&rng, msg, sizeof(msg));
	test_rng_fill(&rng, nonce, sizeof(nonce));
	ctx = cryptarch_aead_ctx(t, &size);
	if (nonzero(ctx, size))
		test_fail("%s: context not zero before setkey", ti->name);
	if (ns == 0) {
		test_fail("%s: an aead instance without key sizes", ti->name);
		cryptarch_aead_free(t);
		return;
	}
	test_rng_fill(&rng, k1, 32);
	test_rng_fill(&rng, k2, 32);
	test_rng_fill(&rng, k3, 32);
	if (cryptarch_aead_setkey(t, k3, sizes[ns - 1]))
		goto fail;
	ctx = cryptarch_aead_ctx(t, &size);
	third = malloc(size + 1);
	if (!third)
		goto fail;
	memcpy(third, ctx, size);
	if (cryptarch_aead_setkey(t, k1, sizes[ns - 1]) ||
	    cryptarch_aead_encrypt(t, msg, out, sizeof(msg), nonce, 12, msg,
				   16))
		goto fail;
	ctx = cryptarch_aead_ctx(t, &size1);
	if (!nonzero(ctx, size1) || size1 != size)
		test_fail("%s: context empty or resized after setkey",
			  ti->name);
	old = malloc(size1 + 1);
	if (!old)
		goto fail;
	memcpy(old, ctx, size1);
	/* re-key, shorter where it can be, then with the same length */
	if (cryptarch_aead_setkey(t, k2, sizes[0]))
		goto fail;
	ctx = cryptarch_aead_ctx(t, &size);
	snprintf(what, sizeof(what), "%s: re-key %zu -> %zu bytes", ti->name,
		 sizes[ns - 1], sizes[0]);
	check_gone(what, old, third, size1, ctx, size, k1, sizes[ns - 1]);
	if (cryptarch_aead_setkey(t, k1, sizes[ns - 1]) ||
	    cryptarch_aead_setkey(t, k2, sizes[ns - 1]))
		goto fail;
	ctx = cryptarch_aead_ctx(t, &size);
	snprintf(what, sizeof(what), "%s: re-key %zu -> %zu bytes", ti->name,
		 sizes[ns - 1], sizes[ns - 1]);
	check_gone(what, old, third, size1, ctx, size, k1, sizes[ns - 1]);
	/* a refused key leaves nothing, and no key */
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		if (cryptarch_aead_setkey(t, k1, sizes[ns - 1]))
			goto fail;
		test_expect_rc(cryptarch_aead_setkey(t, k1, bad[i]), -EINVAL,
			       "%s setkey %zu bytes", ti->name, bad[i]);
		ctx = cryptarch_aead_ctx(t, &size);
		if (nonzero(ctx, size))
			test_fail("%s: context not zero after a refused "
				  "setkey of %zu bytes",
				  ti->name, bad[i]);
		test_expect_rc(cryptarch_aead_encrypt(t, msg, out, 16, nonce,
						      12, NULL, 0),
			       -ENOKEY, "%s encrypt after a refused setkey",
			       ti->name);
	}
	if (cryptarch_aead_setkey(t, k1, sizes[ns - 1]))
		goto fail;
	test_expect_rc(cryptarch_aead_setkey(t, NULL, sizes[ns - 1]), -EINVAL,
		       "%s setkey(NULL)", ti->name);
	ctx = cryptarch_aead_ctx(t, &size);
	if (nonzero(ctx, size))
		test_fail("%s: context not zero after setkey(NULL)", ti->name);
	/* free, after a request */
	if (cryptarch_aead_setkey(t, k2, sizes[ns - 1]) ||
	    cryptarch_aead_encrypt(t, msg, out, sizeof(msg), nonce, 12, NULL,
				   0))
		goto fail;
#ifdef CRYPTARCH_TEST_WRAP_FREE
	ctx = cryptarch_aead_ctx(t, &size);
	watch(ctx, size);
	cryptarch_aead_free(t);
	check_watched(ti->name);
#else
	cryptarch_aead_free(t);
#endif
	t = NULL;
	goto out;
fail:
	test_fail("%s: setkey, encrypt or allocation failed", ti->name);
out:
	cryptarch_aead_free(t);
	free(old);
	free(third);
}

static void check_cipher(const struct cryptarch_driver *d)
{
	static const size_t bad[] = { 16, 0, 1, 17, 33, 64 };
	size_t sizes[3], ns = test_key_sizes(d, sizes), size, size1, i;
	uint8_t k1[64], k2[64], k3[64], *old = NULL, *third = NULL;
	cryptarch_cipher *c = NULL;
	const uint8_t *ctx;
	char what[128];

	if (cryptarch_cipher_new(&c, d->name, CRYPTARCH_ALLOW_VARIABLE_TIME)) {
		test_fail("cipher %s: cannot open", d->name);
		return;
	}
	ctx = cryptarch_cipher_ctx(c, &size);
	if (nonzero(ctx, size))
		test_fail("cipher %s: context not zero before setkey", d->name);
	test_rng_fill(&rng, k1, 32);
	test_rng_fill(&rng, k2, 32);
	test_rng_fill(&rng, k3, 32);
	if (cryptarch_cipher_setkey(c, k3, sizes[ns - 1]))
		goto fail;
	ctx = cryptarch_cipher_ctx(c, &size);
	third = malloc(size + 1);
	if (!third)
		goto fail;
	memcpy(third, ctx, size);
	if (cryptarch_cipher_setkey(c, k1, sizes[ns - 1]))
		goto fail;
	ctx = cryptarch_cipher_ctx(c, &size1);
	if (!nonzero(ctx, size1))
		test_fail("cipher %s: context empty after setkey", d->name);
	old = malloc(size1 + 1);
	if (!old)
		goto fail;
	memcpy(old, ctx, size1);
	if (cryptarch_cipher_setkey(c, k2, sizes[0]))
		goto fail;
	ctx = cryptarch_cipher_ctx(c, &size);
	snprintf(what, sizeof(what), "cipher %s: re-key", d->name);
	check_gone(what, old, third, size1, ctx, size, k1, sizes[ns - 1]);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		if (cryptarch_cipher_setkey(c, k1, sizes[ns - 1]))
			goto fail;
		test_expect_rc(cryptarch_cipher_setkey(c, i ? k1 : NULL,
						       bad[i]),
			       -EINVAL, "cipher %s setkey %s%zu bytes", d->name,
			       i ? "" : "NULL, ", bad[i]);
		ctx = cryptarch_cipher_ctx(c, &size);
		if (nonzero(ctx, size))
			test_fail("cipher %s: context not zero after a refused "
				  "setkey of %zu bytes",
				  d->name, bad[i]);
	}
	if (cryptarch_cipher_setkey(c, k1, sizes[0]))
		goto fail;
#ifdef CRYPTARCH_TEST_WRAP_FREE
	ctx = cryptarch_cipher_ctx(c, &size);
	watch(ctx, size);
	cryptarch_cipher_free(c);
	snprintf(what, sizeof(what), "cipher %s", d->name);
	check_watched(what);
#else
	cryptarch_cipher_free(c);
#endif
	c = NULL;
	goto out;
fail:
	test_fail("cipher %s: setkey or allocation failed", d->name);
out:
	cryptarch_cipher_free(c);
	free(old);
	free(third);
}

/*
 * Handles split by a profile: for each mode of each cipher with two
 * implementations available here, a profile under DIR that sends
 * encryption to one and decryption to the other; the checks of
 * check_instance() then cover both contexts. Returns the count.
 */
static size_t check_split(const char *dir)
{
	const char *ciphers[16];
	char path[512], name[64];
	size_t nc = test_ciphers(ciphers, 16), c, n, i, b, kl, tested = 0;
	int m, k, d, cl;

	snprintf(path, sizeof(path), "%s/profile", dir);
	for (c = 0; c < nc; c++) {
		for (m = 0; m < TEST_MODE_COUNT; m++) {
			struct cryptarch_profile *p;
			struct cryptarch_profile_fig figs[64];
			struct test_inst *ti;
			cryptarch_skcipher *t = NULL;
			uint8_t key[64];
			char *text;
			FILE *f;

			n = test_instances(ciphers[c], m, &ti, NULL);
			test_mode_algname(m, ciphers[c], name, sizeof(name));
			for (b = 1; b < n && ti[b].drv == ti[0].drv; b++)
				;
			if (b >= n) {
				free(ti);
				continue;
			}
			p = cryptarch_profile_new(
				CRYPTARCH_ALLOW_VARIABLE_TIME);
			for (k = 0; p && k < CRYPTARCH_PROFILE_NKEYS; k++)
				for (d = 0; d < 2; d++)
					for (cl = 0; cl < CRYPTARCH_NCLASS;
					     cl++) {
						for (i = 0; i < n && i < 64;
						     i++) {
							figs[i].inst =
								ti[i].spec;
							figs[i].ns = 1000.0;
						}
						figs[d ? b : 0].ns = 1.0;
						if (cryptarch_profile_add(
							    p, name, d, k, cl,
							    figs, i))
							test_fail("profile");
					}
			text = p ? cryptarch_profile_format(p, NULL) : NULL;
			cryptarch_profile_free(p);
			f = text ? fopen(path, "w") : NULL;
			if (!f || fputs(text, f) < 0 || fclose(f) != 0) {
				test_fail("cannot write %s", path);
				free(text);
				free(ti);
				return tested;
			}
			free(text);
			setenv("CRYPTARCH_PROFILE", path, 1);
			cryptarch_profile_reload();
			/* is it split? */
			t = open_for(&ti[0], name, 0);
			kl = m == TEST_MODE_XTS ? 32 : 16;
			test_random_key(&rng, m, key, kl);
			if (t && !cryptarch_skcipher_setkey(t, key, kl) &&
			    cryptarch_skcipher_nimpl(t) != 2)
				test_fail("%s: not split by the profile "
					  "(%zu implementations)",
					  name, cryptarch_skcipher_nimpl(t));
			cryptarch_skcipher_free(t);
			check_instance(&ti[0], name);
			tested++;
			free(ti);
		}
	}
	unlink(path);
	setenv("CRYPTARCH_PROFILE", "", 1);
	cryptarch_profile_reload();
	return tested;
}

static void check_memzero(void)
{
	static uint8_t buf[300];
	const volatile uint8_t *v = buf;
	size_t off, len, i;

	cryptarch_memzero(NULL, 0);
	for (off = 0; off < 16; off += 3) {
		for (len = 0; len < 260; len += 37) {
			memset(buf, 0xaa, sizeof(buf));
			cryptarch_memzero(buf + off, len);
			for (i = 0; i < sizeof(buf); i++) {
				int want = i >= off && i < off + len ? 0 : 0xaa;

				if (v[i] != want) {
					test_fail(
						"cryptarch_memzero(buf + %zu, "
						"%zu): byte %zu is 0x%02x",
						off, len, i, v[i]);
					return;
				}
			}
		}
	}
}

int main(void)
{
	const char *ciphers[16];
	struct test_inst *ti;
	size_t nc, c, n, i, tested = 0;
	int m;

	test_rng_init(&rng, test_seed("test-wipe", 0x77697065ull));
	/* The instances below are named exactly; no user profile matters,
	 * but none is read either. */
	setenv("CRYPTARCH_PROFILE", "", 1);
	check_memzero();
	nc = test_ciphers(ciphers, 16);
	for (c = 0; c < nc; c++) {
		for (m = 0; m < TEST_MODE_COUNT; m++) {
			n = test_instances(ciphers[c], m, &ti, NULL);
			for (i = 0; i < n; i++, tested++)
				check_instance(&ti[i], NULL);
			free(ti);
		}
	}
	n = cryptarch_driver_count();
	for (i = 0; i < n; i++)
		if (test_is_cipher(cryptarch_driver_at(i)) &&
		    cryptarch_driver_available(cryptarch_driver_at(i)))
			check_cipher(cryptarch_driver_at(i));
	printf("%zu skcipher instances checked\n", tested);
	{
		char names[64][TEST_NAME_MAX];
		size_t nn = test_shash_names(names, 64), k, shashes = 0;

		for (k = 0; k < nn; k++) {
			n = test_shash_instances(names[k], &ti, NULL);
			printf("%s:", names[k]);
			for (i = 0; i < n; i++, shashes++) {
				check_shash(&ti[i]);
				printf(" %s", ti[i].name);
			}
			printf("\n");
			free(ti);
		}
		printf("%zu shash instances checked\n", shashes);
	}
	{
		char names[16][TEST_NAME_MAX];
		size_t nn = test_aead_names(names, 16), k, aeads = 0;

		for (k = 0; k < nn; k++) {
			n = test_aead_instances(names[k], &ti, NULL);
			for (i = 0; i < n; i++, aeads++)
				check_aead(&ti[i]);
			free(ti);
		}
		printf("%zu aead instances checked\n", aeads);
	}
	{
		const char *tmp = getenv("TMPDIR");
		char dir[256];

		snprintf(dir, sizeof(dir), "%s/test-wipe.XXXXXX",
			 tmp && *tmp ? tmp : "/tmp");
		if (mkdtemp(dir)) {
			printf("%zu split handles checked\n", check_split(dir));
			rmdir(dir);
		} else {
			test_fail("cannot create a temporary directory");
		}
	}
#ifdef CRYPTARCH_TEST_WRAP_FREE
	puts("wipe on free: checked through a wrapped free()");
#else
	puts("SKIP (part): wipe on free not checked: the linker has no "
	     "--wrap=free");
#endif
	return test_finish("test-wipe");
}
