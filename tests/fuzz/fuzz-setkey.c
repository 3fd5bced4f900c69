/* SPDX-License-Identifier: MIT */
/*
 * fuzz-setkey.c - libFuzzer harness for key setting: arbitrary key lengths
 * and bytes, given to every registered implementation that can run here,
 * then a block round trip. Input: one byte of options (bit 0: XTS with
 * CRYPTARCH_FORBID_WEAK_KEYS; bit 1: set a valid key first, so that the
 * fuzzed one replaces it), one byte of plaintext seed, then the key (all
 * the remaining bytes, at most 96).
 *
 * For each block cipher implementation, through its single-block cipher
 * handle, its xts and essiv(cbc(...),sha256) template instances and its
 * cmac and xcbc instances:
 *   - setkey succeeds exactly for the cipher's key sizes (16, 24, 32 bytes;
 *     xts: twice that, halves not equal under the weak-key flag; xcbc:
 *     16 only) and returns -EINVAL otherwise;
 *   - after a refused key the handle holds no key: encryption (a digest)
 *     returns -ENOKEY and the key context is all zero;
 *   - after an accepted key, decryption undoes encryption, and every
 *     implementation of the cipher gives the same ciphertext (the same
 *     tag) for the same key and block.
 * Each unkeyed hash driver (sha256-generic) refuses every key and still
 * digests; a keyed one (ghash-generic) takes exactly its algorithm's key
 * sizes (ghash: 16 bytes), holds no key and no key material after a
 * refusal, and every driver of its algorithm gives the same digest for
 * the same key and block.
 * Buffers are allocated at their exact sizes so that ASan sees any read
 * past the key. Test code, not constant-time.
 */
#include <errno.h>
#include <string.h>

#include "fuzz.h"
#include "handle.h"

#define MAX_KEY 96

static int all_zero(const void *p, size_t n)
{
	const uint8_t *b = p;
	size_t i;

	for (i = 0; i < n; i++)
		if (b[i])
			return 0;
	return 1;
}

/* The single-block path; the ciphertext goes to OUT when the key is valid.
 * Returns 1 if it was. */
static int check_cipher(const struct cryptarch_driver *drv, const uint8_t *key,
			size_t keylen, int prekey, const uint8_t pt[16],
			uint8_t out[16])
{
	uint8_t back[16], good[32];
	cryptarch_cipher *t;
	const void *ctx;
	size_t ctxsize;
	int err, valid = fuzz_keylen_ok(drv, keylen);

	err = cryptarch_cipher_new(&t, drv->name,
				   CRYPTARCH_ALLOW_VARIABLE_TIME);
	FUZZ_CHECK(err == 0, "%s: cipher_new = %d", drv->name, err);
	if (prekey) {
		memset(good, 0x77, sizeof(good));
		err = cryptarch_cipher_setkey(t, good, drv->alg->min_keysize);
		FUZZ_CHECK(err == 0, "%s: valid setkey = %d", drv->name, err);
	}
	err = cryptarch_cipher_setkey(t, key, keylen);
	FUZZ_CHECK(err == (valid ? 0 : -EINVAL), "%s: setkey(%zu bytes) = %d",
		   drv->name, keylen, err);
	if (!valid) {
		FUZZ_CHECK(cryptarch_cipher_encrypt(t, out, pt) == -ENOKEY,
			   "%s: a refused key left the handle keyed",
			   drv->name);
		ctx = cryptarch_cipher_ctx(t, &ctxsize);
		FUZZ_CHECK(all_zero(ctx, ctxsize),
			   "%s: a refused key left key material", drv->name);
		cryptarch_cipher_free(t);
		return 0;
	}
	err = cryptarch_cipher_encrypt(t, out, pt);
	FUZZ_CHECK(err == 0, "%s: encrypt = %d", drv->name, err);
	err = cryptarch_cipher_decrypt(t, back, out);
	FUZZ_CHECK(err == 0 && memcmp(back, pt, 16) == 0,
		   "%s: %zu-byte key: decryption does not undo encryption",
		   drv->name, keylen);
	cryptarch_cipher_free(t);
	return 1;
}

/* The xts template over ALG: a double key, the weak-key flag. */
static void check_xts(const struct cryptarch_driver *drv, const uint8_t *key,
		      size_t keylen, int weak_flag, const uint8_t pt[16])
{
	unsigned flags = CRYPTARCH_ALLOW_VARIABLE_TIME |
			 (weak_flag ? CRYPTARCH_FORBID_WEAK_KEYS : 0);
	uint8_t iv[16], ct[40], back[40], in[40];
	size_t half = keylen / 2, ctxsize;
	cryptarch_skcipher *t;
	char name[96];
	const void *ctx;
	int err, valid;

	valid = keylen % 2 == 0 && fuzz_keylen_ok(drv, half) &&
		!(weak_flag && memcmp(key, key + half, half) == 0);
	snprintf(name, sizeof(name), "xts(%s)", drv->name);
	err = cryptarch_skcipher_new(&t, name, flags);
	FUZZ_CHECK(err == 0, "%s: skcipher_new = %d", name, err);
	err = cryptarch_skcipher_setkey(t, key, keylen);
	FUZZ_CHECK(err == (valid ? 0 : -EINVAL),
		   "%s: setkey(%zu bytes, weak flag %d) = %d", name, keylen,
		   weak_flag, err);
	memset(iv, 0, sizeof(iv));
	memcpy(in, pt, 16);
	memcpy(in + 16, pt, 16);
	memcpy(in + 32, pt, 8);
	if (!valid) {
		FUZZ_CHECK(cryptarch_skcipher_encrypt(t, in, ct, sizeof(in),
						      iv) == -ENOKEY,
			   "%s: a refused key left the handle keyed", name);
		ctx = cryptarch_skcipher_ctx(t, &ctxsize);
		FUZZ_CHECK(all_zero(ctx, ctxsize),
			   "%s: a refused key left key material", name);
		cryptarch_skcipher_free(t);
		return;
	}
	err = cryptarch_skcipher_encrypt(t, in, ct, sizeof(in), iv);
	FUZZ_CHECK(err == 0, "%s: encrypt = %d", name, err);
	err = cryptarch_skcipher_decrypt(t, ct, back, sizeof(ct), iv);
	FUZZ_CHECK(err == 0 && memcmp(back, in, sizeof(in)) == 0,
		   "%s: decryption does not undo encryption", name);
	cryptarch_skcipher_free(t);
}

/* essiv(cbc(DRV),sha256): the cipher's key sizes, and a round trip. */
static void check_essiv(const struct cryptarch_driver *drv, const uint8_t *key,
			size_t keylen, const uint8_t pt[16])
{
	uint8_t iv[16], iv2[16], ct[32], back[32], in[32];
	cryptarch_skcipher *t;
	size_t ctxsize;
	const void *ctx;
	char name[96];
	int err, valid = fuzz_keylen_ok(drv, keylen);

	snprintf(name, sizeof(name), "essiv(cbc(%s),sha256)", drv->name);
	err = cryptarch_skcipher_new(&t, name, CRYPTARCH_ALLOW_VARIABLE_TIME);
	FUZZ_CHECK(err == 0, "%s: skcipher_new = %d", name, err);
	err = cryptarch_skcipher_setkey(t, key, keylen);
	FUZZ_CHECK(err == (valid ? 0 : -EINVAL), "%s: setkey(%zu bytes) = %d",
		   name, keylen, err);
	memcpy(in, pt, 16);
	memcpy(in + 16, pt, 16);
	memset(iv, 0x42, sizeof(iv));
	memcpy(iv2, iv, sizeof(iv));
	if (!valid) {
		FUZZ_CHECK(cryptarch_skcipher_encrypt(t, in, ct, sizeof(in),
						      iv) == -ENOKEY,
			   "%s: a refused key left the handle keyed", name);
		ctx = cryptarch_skcipher_ctx(t, &ctxsize);
		FUZZ_CHECK(all_zero(ctx, ctxsize),
			   "%s: a refused key left key material", name);
		cryptarch_skcipher_free(t);
		return;
	}
	err = cryptarch_skcipher_encrypt(t, in, ct, sizeof(in), iv);
	FUZZ_CHECK(err == 0, "%s: encrypt = %d", name, err);
	err = cryptarch_skcipher_decrypt(t, ct, back, sizeof(ct), iv2);
	FUZZ_CHECK(err == 0 && memcmp(back, in, sizeof(in)) == 0,
		   "%s: decryption does not undo encryption", name);
	cryptarch_skcipher_free(t);
}

/* TMPL ("cmac", "xcbc") over DRV: the key rule, -ENOKEY and a zero
 * context after a refusal; the tag goes to OUT. Returns 1 if the key was
 * taken. */
static int check_mac(const char *tmpl, const struct cryptarch_driver *drv,
		     const uint8_t *key, size_t keylen, int prekey,
		     const uint8_t pt[16], uint8_t out[16])
{
	cryptarch_shash *t;
	uint8_t good[32];
	size_t ctxsize;
	const void *ctx;
	char name[96];
	int err, valid = fuzz_keylen_ok(drv, keylen);

	if (strcmp(tmpl, "xcbc") == 0)
		valid = keylen == 16;
	snprintf(name, sizeof(name), "%s(%s)", tmpl, drv->name);
	err = cryptarch_shash_new(&t, name, CRYPTARCH_ALLOW_VARIABLE_TIME);
	FUZZ_CHECK(err == 0, "%s: shash_new = %d", name, err);
	if (prekey) {
		memset(good, 0x77, sizeof(good));
		err = cryptarch_shash_setkey(t, good, 16);
		FUZZ_CHECK(err == 0, "%s: valid setkey = %d", name, err);
	}
	err = cryptarch_shash_setkey(t, key, keylen);
	FUZZ_CHECK(err == (valid ? 0 : -EINVAL), "%s: setkey(%zu bytes) = %d",
		   name, keylen, err);
	if (!valid) {
		FUZZ_CHECK(cryptarch_shash_digest(t, pt, 16, out) == -ENOKEY,
			   "%s: a refused key left the handle keyed", name);
		ctx = cryptarch_shash_ctx(t, &ctxsize);
		FUZZ_CHECK(all_zero(ctx, ctxsize),
			   "%s: a refused key left key material", name);
		cryptarch_shash_free(t);
		return 0;
	}
	err = cryptarch_shash_digest(t, pt, 16, out);
	FUZZ_CHECK(err == 0, "%s: digest = %d", name, err);
	cryptarch_shash_free(t);
	return 1;
}

/* An unkeyed hash driver: every key refused, the digest still there. A
 * keyed one: its algorithm's key rule, -ENOKEY and a zero context after a
 * refusal; the digest of PT (its first 16 bytes) goes to OUT. Returns 1
 * if a key was taken. */
static int check_hash(const struct cryptarch_driver *drv, const uint8_t *key,
		      size_t keylen, int prekey, const uint8_t pt[16],
		      uint8_t out[16])
{
	const struct cryptarch_algorithm *a = drv->alg;
	int err, valid = keylen >= a->min_keysize && keylen <= a->max_keysize;
	uint8_t good[64], d[64];
	cryptarch_shash *t;
	size_t ctxsize;
	const void *ctx;

	err = cryptarch_shash_new(&t, drv->name, CRYPTARCH_ALLOW_VARIABLE_TIME);
	FUZZ_CHECK(err == 0, "%s: shash_new = %d", drv->name, err);
	if (!a->max_keysize) {
		FUZZ_CHECK(cryptarch_shash_setkey(t, key, keylen) == -EINVAL,
			   "unkeyed %s took a %zu-byte key", drv->name, keylen);
		FUZZ_CHECK(cryptarch_shash_digest(t, pt, 16, d) == 0,
			   "%s: no digest after a refused key", drv->name);
		cryptarch_shash_free(t);
		return 0;
	}
	FUZZ_CHECK(a->min_keysize <= sizeof(good) &&
			   cryptarch_shash_digestsize(t) >= 16,
		   "%s: keys of %u bytes, digests of %zu", drv->name,
		   a->min_keysize, cryptarch_shash_digestsize(t));
	if (prekey) {
		memset(good, 0x77, sizeof(good));
		err = cryptarch_shash_setkey(t, good, a->min_keysize);
		FUZZ_CHECK(err == 0, "%s: valid setkey = %d", drv->name, err);
	}
	err = cryptarch_shash_setkey(t, key, keylen);
	FUZZ_CHECK(err == (valid ? 0 : -EINVAL), "%s: setkey(%zu bytes) = %d",
		   drv->name, keylen, err);
	if (!valid) {
		FUZZ_CHECK(cryptarch_shash_digest(t, pt, 16, d) == -ENOKEY,
			   "%s: a refused key left the handle keyed",
			   drv->name);
		ctx = cryptarch_shash_ctx(t, &ctxsize);
		FUZZ_CHECK(all_zero(ctx, ctxsize),
			   "%s: a refused key left key material", drv->name);
		cryptarch_shash_free(t);
		return 0;
	}
	err = cryptarch_shash_digest(t, pt, 16, d);
	FUZZ_CHECK(err == 0, "%s: digest = %d", drv->name, err);
	memcpy(out, d, 16);
	cryptarch_shash_free(t);
	return 1;
}

/* The first implementation's result for one name, per cipher. */
struct first {
	const char *cipher, *what;
	uint8_t out[16];
};

/* Compare OUT with the first result for WHAT over DRV's cipher. */
static void agree(struct first *f, size_t *nf, const char *what,
		  const struct cryptarch_driver *drv, const uint8_t out[16],
		  size_t keylen)
{
	size_t j;

	for (j = 0; j < *nf; j++)
		if (strcmp(f[j].cipher, drv->alg->name) == 0 &&
		    strcmp(f[j].what, what) == 0)
			break;
	if (j == *nf && *nf < 32) {
		f[j].cipher = drv->alg->name;
		f[j].what = what;
		memcpy(f[j].out, out, 16);
		(*nf)++;
	} else if (j < *nf) {
		FUZZ_CHECK(memcmp(f[j].out, out, 16) == 0,
			   "%s disagrees with the first %s implementation "
			   "(%s) on a %zu-byte key",
			   drv->name, drv->alg->name, what, keylen);
	}
}

/* see fuzz.h */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const macs[] = { "cmac", "xcbc" };
	struct first first[32];
	uint8_t pt[16], ct[16], *key;
	size_t keylen, i, m, nfirst = 0;
	int opts;

	if (size < 2 || size - 2 > MAX_KEY)
		return 0;
	opts = data[0];
	for (i = 0; i < 16; i++)
		pt[i] = (uint8_t)(data[1] + 31 * i);
	keylen = size - 2;
	/* Exactly KEYLEN bytes (one for an empty key: malloc(0) may be
	 * NULL, which setkey refuses for another reason). */
	key = malloc(keylen ? keylen : 1);
	if (!key)
		return 0;
	memcpy(key, data + 2, keylen);

	for (i = 0; i < cryptarch_driver_count(); i++) {
		const struct cryptarch_driver *drv = cryptarch_driver_at(i);

		if (!cryptarch_driver_available(drv))
			continue;
		if (!fuzz_is_cipher(drv)) {
			if (check_hash(drv, key, keylen, opts & 2, pt, ct))
				agree(first, &nfirst, "hash", drv, ct, keylen);
			continue;
		}
		if (check_cipher(drv, key, keylen, opts & 2, pt, ct))
			agree(first, &nfirst, "cipher", drv, ct, keylen);
		check_xts(drv, key, keylen, opts & 1, pt);
		check_essiv(drv, key, keylen, pt);
		for (m = 0; m < 2; m++)
			if (check_mac(macs[m], drv, key, keylen, opts & 2, pt,
				      ct))
				agree(first, &nfirst, macs[m], drv, ct, keylen);
	}
	free(key);
	return 0;
}
