/* SPDX-License-Identifier: MIT */
/*
 * fuzz-diff.c - differential libFuzzer harness: every instance of a name
 * that can run here, on the same key, iv and input; all must agree. The
 * names: each skcipher mode over a cipher ("cbc(aes)", "xctr(aes)",
 * "cts(cbc(twofish))", "essiv(cbc(aes),sha256)": every template instance
 * and hooked one the name stands for), each keyed hash over a cipher
 * ("cmac(aes)", "xcbc(aes)", "cbcmac(twofish)") and each hash alone
 * ("sha256", "ghash"). skcipher instances must agree on the output and on
 * the iv they hand back, and decryption must give the input back with the
 * same iv; shash instances on the tag. Input layout:
 *   byte 0   the target: a cipher (index among the registry's cipher
 *            names) or, past them, a hash, modulo their count
 *   byte 1   bits 0-3 the name over a cipher, modulo 10: the modes ecb,
 *            cbc, ctr, xts, xctr, cts, essiv, then cmac, xcbc, cbcmac;
 *            bit 4 in place; bit 5 the request in two calls (skcipher:
 *            cut at a block boundary, and only modes whose calls chain:
 *            ecb, cbc, ctr; shash: two updates and a 0-byte one)
 *   byte 2   key size (16, 24, 32 bytes, modulo 3; xts: twice that; xcbc
 *            16 whatever it says; an unkeyed hash none; a keyed hash
 *            alone its smallest where it takes no such size: ghash 16)
 *   byte 3   where to cut, in blocks (shash: in bytes)
 *   then the key, the 16-byte iv (skcipher only), and the data (at most
 *   4096 bytes; ecb, cbc, essiv: whole blocks, the rest ignored; xts,
 *   cts: at least 16 bytes, so that ciphertext stealing runs; the others
 *   any length).
 * Inputs too short for the key and iv are ignored. The data is copied to
 * buffers of its exact size, so that ASan sees any access past the end.
 * Test code, not constant-time.
 */
#include <string.h>

#include "fuzz.h"

#define MAX_DATA 4096
#define MAX_INST CRYPTARCH_MAX_CANDS
#define NNAMES (FUZZ_MODE_COUNT + FUZZ_MAC_COUNT)

struct inst {
	const struct cryptarch_driver *drv;
	char name[128];
};

/* The distinct cipher names of the registry, then the hash names, in
 * order; *NCIPHER the count of the first. */
static size_t target_names(const char **names, size_t max, size_t *ncipher)
{
	size_t i, j, n = 0;
	int pass;

	for (pass = 0; pass < 2; pass++) {
		for (i = 0; i < cryptarch_driver_count(); i++) {
			const struct cryptarch_driver *d =
				cryptarch_driver_at(i);
			const char *c = d->alg->name;

			if (fuzz_is_cipher(d) != !pass)
				continue;
			for (j = 0; j < n && strcmp(names[j], c); j++)
				;
			if (j == n && n < max)
				names[n++] = c;
		}
		if (!pass)
			*ncipher = n;
	}
	return n;
}

/* The key length for hash NAME alone: none if it is unkeyed, else SIZE
 * where it takes it, or its smallest. */
static size_t hash_keylen(const char *name, size_t size)
{
	const struct cryptarch_algorithm *a =
		cryptarch_algorithm_find(name, strlen(name));

	if (!a || a->max_keysize == 0)
		return 0;
	return size >= a->min_keysize && size <= a->max_keysize ?
		       size :
		       a->min_keysize;
}

/* Run one request through T, in one or two calls; returns the first
 * error. */
static int request(cryptarch_skcipher *t, int enc, const uint8_t *src,
		   uint8_t *dst, size_t len, uint8_t iv[16], size_t cut)
{
	int err = 0;

	if (cut && cut < len) {
		err = enc ? cryptarch_skcipher_encrypt(t, src, dst, cut, iv) :
			    cryptarch_skcipher_decrypt(t, src, dst, cut, iv);
		src += cut;
		dst += cut;
		len -= cut;
	}
	if (!err)
		err = enc ? cryptarch_skcipher_encrypt(t, src, dst, len, iv) :
			    cryptarch_skcipher_decrypt(t, src, dst, len, iv);
	return err;
}

/*
 * Encrypt (ENC) or decrypt IN through instance NAME into a fresh buffer,
 * in place when INPLACE; the iv goes in from IV0 and comes back in IVOUT.
 * Returns the malloc()ed output.
 */
static uint8_t *run(const char *name, int enc, const uint8_t *key,
		    size_t keylen, const uint8_t iv0[16], const uint8_t *in,
		    size_t len, int inplace, size_t cut, uint8_t ivout[16])
{
	cryptarch_skcipher *t;
	uint8_t *src, *dst;
	int err;

	err = cryptarch_skcipher_new(&t, name, CRYPTARCH_ALLOW_VARIABLE_TIME);
	FUZZ_CHECK(err == 0, "%s: skcipher_new = %d", name, err);
	err = cryptarch_skcipher_setkey(t, key, keylen);
	FUZZ_CHECK(err == 0, "%s: setkey(%zu bytes) = %d", name, keylen, err);
	src = malloc(len ? len : 1);
	dst = inplace ? src : malloc(len ? len : 1);
	FUZZ_CHECK(src && dst, "out of memory");
	memcpy(src, in, len);
	memcpy(ivout, iv0, 16);
	err = request(t, enc, src, dst, len, ivout, cut);
	FUZZ_CHECK(err == 0, "%s: %s of %zu bytes (cut at %zu) = %d", name,
		   enc ? "encryption" : "decryption", len, cut, err);
	cryptarch_skcipher_free(t);
	if (!inplace)
		free(src);
	return dst;
}

/* The tag of IN (LEN bytes, copied to a buffer of its size) through
 * shash NAME under KEY (KEYLEN bytes; 0: unkeyed), in two updates cut at
 * CUT (and a 0-byte one) where CUT > 0, into OUT. */
static size_t tag(const char *name, const uint8_t *key, size_t keylen,
		  const uint8_t *in, size_t len, size_t cut, uint8_t *out)
{
	cryptarch_shash *t;
	uint8_t *buf = malloc(len ? len : 1);
	size_t ds;
	int err;

	FUZZ_CHECK(buf, "out of memory");
	memcpy(buf, in, len);
	err = cryptarch_shash_new(&t, name, CRYPTARCH_ALLOW_VARIABLE_TIME);
	FUZZ_CHECK(err == 0, "%s: shash_new = %d", name, err);
	ds = cryptarch_shash_digestsize(t);
	if (keylen) {
		err = cryptarch_shash_setkey(t, key, keylen);
		FUZZ_CHECK(err == 0, "%s: setkey(%zu bytes) = %d", name, keylen,
			   err);
	}
	if (cut > len)
		cut = len;
	if (cut) {
		err = cryptarch_shash_update(t, buf, cut);
		if (!err)
			err = cryptarch_shash_update(t, buf + cut, 0);
		if (!err)
			err = cryptarch_shash_update(t, buf + cut, len - cut);
		if (!err)
			err = cryptarch_shash_final(t, out);
	} else {
		err = cryptarch_shash_digest(t, buf, len, out);
	}
	FUZZ_CHECK(err == 0, "%s: digest of %zu bytes (cut at %zu) = %d", name,
		   len, cut, err);
	cryptarch_shash_free(t);
	free(buf);
	return ds;
}

/* Every instance of shash name ALG on the same key and message. */
static void diff_shash(const char *alg, const uint8_t *key, size_t keylen,
		       const uint8_t *in, size_t len, size_t cut)
{
	static struct cryptarch_spec v[MAX_INST];
	uint8_t ref[64], got[64];
	char name[128];
	size_t n = fuzz_instances(alg, v, MAX_INST), i, ds = 0;
	unsigned min, max;

	if (!n)
		return;
	cryptarch_spec_keysizes(&v[0], &min, &max);
	if (max == 0)
		keylen = 0;
	else if (keylen < min || keylen > max)
		keylen = min; /* xcbc: 16 bytes */
	for (i = 0; i < n; i++) {
		cryptarch_spec_name(&v[i], name, sizeof(name));
		if (i == 0) {
			ds = tag(name, key, keylen, in, len, 0, ref);
			continue;
		}
		FUZZ_CHECK(tag(name, key, keylen, in, len, cut, got) == ds,
			   "%s: another digest size", name);
		FUZZ_CHECK(memcmp(got, ref, ds) == 0,
			   "%s and the first instance of %s disagree on %zu "
			   "bytes (cut at %zu)",
			   name, alg, len, cut);
	}
}

/* see fuzz.h */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const size_t sizes[3] = { 16, 24, 32 };
	static struct cryptarch_spec sv[MAX_INST];
	const char *targets[16];
	struct inst *v;
	const uint8_t *key, *iv, *in;
	uint8_t ivref[16], ivx[16], *ref, *ct, *back;
	size_t nt, ncipher, n = 0, i, keylen, len, cut, target;
	int which, mode, inplace, split;
	char alg[128];

	if (size < 4)
		return 0;
	nt = target_names(targets, 16, &ncipher);
	if (!nt)
		return 0;
	target = data[0] % nt;
	which = (data[1] & 15) % NNAMES;
	inplace = !!(data[1] & 16);
	split = !!(data[1] & 32);
	if (target >= ncipher || which >= FUZZ_MODE_COUNT) {
		/* a hash: over the cipher, or a hash alone */
		keylen = target >= ncipher ? hash_keylen(targets[target],
							 sizes[data[2] % 3]) :
					     sizes[data[2] % 3];
		if (size < 4 + keylen)
			return 0;
		key = data + 4;
		in = key + keylen;
		len = size - 4 - keylen;
		if (len > MAX_DATA)
			len = MAX_DATA;
		if (target >= ncipher)
			snprintf(alg, sizeof(alg), "%s", targets[target]);
		else
			snprintf(alg, sizeof(alg),
				 fuzz_mac_names[which - FUZZ_MODE_COUNT],
				 targets[target]);
		diff_shash(alg, key, keylen, in, len,
			   split ? (size_t)data[3] + 1 : 0);
		return 0;
	}
	mode = which;
	keylen = sizes[data[2] % 3] * (mode == FUZZ_MODE_XTS ? 2 : 1);
	if (size < 4 + keylen + 16)
		return 0;
	key = data + 4;
	iv = key + keylen;
	in = iv + 16;
	len = size - 4 - keylen - 16;
	if (len > MAX_DATA)
		len = MAX_DATA;
	if (!fuzz_len_ok(mode, 17))
		len -= len % 16;
	if (!fuzz_len_ok(mode, len))
		return 0;
	cut = split && fuzz_mode_chains(mode) ? (size_t)data[3] * 16 : 0;

	snprintf(alg, sizeof(alg), fuzz_mode_names[mode], targets[target]);
	n = fuzz_instances(alg, sv, MAX_INST);
	if (!n)
		return 0;
	v = calloc(n, sizeof(*v));
	FUZZ_CHECK(v, "out of memory");
	for (i = 0; i < n; i++) {
		v[i].drv = cryptarch_spec_base(&sv[i]);
		cryptarch_spec_name(&sv[i], v[i].name, sizeof(v[i].name));
	}

	ref = run(v[0].name, 1, key, keylen, iv, in, len, inplace, cut, ivref);
	for (i = 0; i < n; i++) {
		ct = i ? run(v[i].name, 1, key, keylen, iv, in, len, inplace,
			     cut, ivx) :
			 NULL;
		if (ct) {
			FUZZ_CHECK(memcmp(ct, ref, len) == 0,
				   "%s and %s disagree on encryption of %zu "
				   "bytes (cut at %zu, in place %d)",
				   v[i].name, v[0].name, len, cut, inplace);
			FUZZ_CHECK(memcmp(ivx, ivref, 16) == 0,
				   "%s and %s return different ivs", v[i].name,
				   v[0].name);
			free(ct);
		}
		back = run(v[i].name, 0, key, keylen, iv, ref, len, inplace,
			   cut, ivx);
		FUZZ_CHECK(memcmp(back, in, len) == 0,
			   "%s: decryption of %zu bytes (cut at %zu, in place "
			   "%d) does not give the input back",
			   v[i].name, len, cut, inplace);
		/* decryption hands back what encryption does: cbc and essiv
		 * the last ciphertext block, cts the next-to-last, ctr the
		 * same counter, xts and xctr the iv. */
		FUZZ_CHECK(mode == FUZZ_MODE_ECB || memcmp(ivx, ivref, 16) == 0,
			   "%s: decryption returns another iv than "
			   "encryption",
			   v[i].name);
		free(back);
	}
	free(ref);
	free(v);
	return 0;
}
