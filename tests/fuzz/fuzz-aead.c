/* SPDX-License-Identifier: MIT */
/*
 * fuzz-aead.c - libFuzzer harness for aead decryption and for the aead
 * instances against each other. The names: every aead template over
 * every cipher of 16-byte blocks ("gcm(aes)", "ccm(twofish)"); the
 * instances: those the name stands for that can run here. Input layout:
 *   byte 0   the name (modulo their count)
 *   byte 1   bits 0-4 the tag length, modulo 17 (0..16: invalid ones too);
 *            bit 5 a made message (else the data is decrypted as it is);
 *            bit 6 a made message with one bit flipped; bit 7 in place
 *   byte 2   the key length: bits 0-1 16, 24, 32 bytes or bits 2-7 as a
 *            length (a key the cipher may refuse)
 *   byte 3   the nonce length (0..255: gcm takes any from 1, ccm 7..13)
 *   byte 4-5 the length of the associated data (little-endian, at most
 *            what follows the key and nonce)
 *   byte 6   which instances (a made message), which bit is flipped
 *   then the key, the nonce, the associated data and the data (at most
 *   4096 bytes).
 * Decryption of the data as it is (one instance, chosen by byte 6):
 * never a crash; a tag length, key or nonce the rules refuse is -EINVAL
 * and so is data shorter than the tag, with nothing written; otherwise 0
 * or -EBADMSG, which leaves len - authsize zero bytes and nothing more.
 * 0 is allowed only for a genuine message: the plaintext it released must
 * encrypt back to exactly the input (a random 4-byte tag passes with
 * probability 2^-32, and then it is genuine). A made message: the data
 * is encrypted by the first instance; every other (all of a name with at
 * most 24, else every k-th, about 16) must make the same ciphertext and
 * tag, and each decrypts it - the plaintext back, or, with one bit
 * flipped, -EBADMSG and a zeroed output. The buffers are of their exact
 * size, so that ASan sees any access past them. Test code, not
 * constant-time.
 */
#include <errno.h>
#include <string.h>

#include "aead.h"
#include "fuzz.h"

#define MAX_DATA 4096
#define MAX_INST CRYPTARCH_MAX_CANDS
#define VT CRYPTARCH_ALLOW_VARIABLE_TIME

/* The aead names: each aead template (by its alias) over each cipher
 * name of the registry whose blocks are 16 bytes. */
static size_t aead_names(char names[][64], size_t max)
{
	const char *ciphers[16];
	size_t nc = 0, n = 0, i, j;

	for (i = 0; i < cryptarch_driver_count(); i++) {
		const struct cryptarch_driver *d = cryptarch_driver_at(i);

		if (!fuzz_is_cipher(d) || d->alg->blocksize != 16)
			continue;
		for (j = 0; j < nc && strcmp(ciphers[j], d->alg->name); j++)
			;
		if (j == nc && nc < 16)
			ciphers[nc++] = d->alg->name;
	}
	for (i = 0; i < cryptarch_template_count(); i++) {
		const struct cryptarch_template *t = cryptarch_template_at(i);

		if (t->type != &cryptarch_type_aead)
			continue;
		for (j = 0; j < nc && n < max; j++)
			snprintf(names[n++], 64, "%s(%s)",
				 t->alias ? t->alias : t->name, ciphers[j]);
	}
	return n;
}

static uint8_t *dup(const uint8_t *p, size_t n)
{
	uint8_t *b = malloc(n ? n : 1);

	FUZZ_CHECK(b, "out of memory");
	if (n)
		memcpy(b, p, n);
	return b;
}

static int is_gcm(const char *alg)
{
	return strncmp(alg, "gcm(", 4) == 0;
}

static int tag_ok(int gcm, size_t as)
{
	if (gcm)
		return as == 4 || as == 8 || (as >= 12 && as <= 16);
	return as >= 4 && as <= 16 && as % 2 == 0;
}

static int nonce_ok(int gcm, size_t nl)
{
	return gcm ? nl >= 1 : nl >= 7 && nl <= 13;
}

/* A handle on NAME keyed with KEY and tag length AS; NULL where either
 * was refused (the refusal checked against the rules). */
static cryptarch_aead *open_keyed(const char *name, int gcm,
				  const struct cryptarch_spec *s,
				  const uint8_t *key, size_t keylen, size_t as)
{
	cryptarch_aead *t;
	unsigned min, max;
	int err, ok;

	err = cryptarch_aead_new(&t, name, VT);
	FUZZ_CHECK(err == 0, "%s: aead_new = %d", name, err);
	cryptarch_spec_keysizes(s, &min, &max);
	ok = keylen >= min && keylen <= max && keylen % 8 == 0;
	err = cryptarch_aead_setkey(t, key, keylen);
	FUZZ_CHECK(err == (ok ? 0 : -EINVAL), "%s: setkey(%zu bytes) = %d",
		   name, keylen, err);
	if (err) {
		cryptarch_aead_free(t);
		return NULL;
	}
	err = cryptarch_aead_setauthsize(t, as);
	FUZZ_CHECK(err == (tag_ok(gcm, as) ? 0 : -EINVAL),
		   "%s: setauthsize(%zu) = %d", name, as, err);
	if (err) {
		cryptarch_aead_free(t);
		return NULL;
	}
	return t;
}

/* The data as it is through instance NAME: see the opening comment. */
static void decrypt_as_is(const char *name, int gcm,
			  const struct cryptarch_spec *s, const uint8_t *key,
			  size_t keylen, const uint8_t *nonce, size_t nl,
			  const uint8_t *ad, size_t al, const uint8_t *in,
			  size_t len, size_t as, int inplace)
{
	cryptarch_aead *t = open_keyed(name, gcm, s, key, keylen, as);
	size_t pl = len >= as ? len - as : 0, i;
	uint8_t *src, *dst, *again;
	int err, want_inval;

	if (!t)
		return;
	src = dup(in, len);
	dst = inplace ? src : malloc(pl ? pl : 1);
	FUZZ_CHECK(dst, "out of memory");
	if (!inplace)
		memset(dst, 0xa5, pl);
	err = cryptarch_aead_decrypt(t, src, dst, len, nonce, nl, ad, al);
	want_inval = !nonce_ok(gcm, nl) || len < as;
	if (want_inval) {
		FUZZ_CHECK(err == -EINVAL,
			   "%s: decrypt of %zu bytes, %zu-byte nonce, %zu-byte "
			   "tag = %d, not -EINVAL",
			   name, len, nl, as, err);
		if (inplace)
			FUZZ_CHECK(!memcmp(src, in, len),
				   "%s: -EINVAL, but the buffer changed", name);
		for (i = 0; !inplace && i < pl; i++)
			FUZZ_CHECK(dst[i] == 0xa5,
				   "%s: -EINVAL, but dst was written", name);
	} else if (err == -EBADMSG) {
		for (i = 0; i < pl; i++)
			FUZZ_CHECK(dst[i] == 0,
				   "%s: -EBADMSG, but byte %zu of %zu is not "
				   "zero",
				   name, i, pl);
		if (inplace)
			FUZZ_CHECK(!memcmp(src + pl, in + pl, as),
				   "%s: -EBADMSG in place overwrote the tag",
				   name);
	} else {
		/* released: it must be genuine */
		FUZZ_CHECK(err == 0, "%s: decrypt = %d", name, err);
		again = malloc(len);
		FUZZ_CHECK(again, "out of memory");
		err = cryptarch_aead_encrypt(t, dst, again, pl, nonce, nl, ad,
					     al);
		FUZZ_CHECK(err == 0 && !memcmp(again, in, len),
			   "%s: decryption released %zu bytes that do not "
			   "encrypt back to the input (%d)",
			   name, pl, err);
		free(again);
	}
	if (!inplace)
		free(dst);
	free(src);
	cryptarch_aead_free(t);
}

/* A made message through the instances of ALG: see the opening comment. */
static void made(const char *alg, int gcm, struct cryptarch_spec *v,
		 size_t n, const uint8_t *key, size_t keylen,
		 const uint8_t *nonce, size_t nl, const uint8_t *ad, size_t al,
		 const uint8_t *in, size_t len, size_t as, int inplace,
		 int flip, unsigned sel)
{
	size_t stride = n <= 24 ? 1 : n / 16, i, cl = len + as, bit;
	char name[CRYPTARCH_NAME_MAX + 1], first[CRYPTARCH_NAME_MAX + 1];
	uint8_t *ref = NULL, *buf, *out;
	cryptarch_aead *t;
	int err;

	for (i = 0; i < n; i++) {
		if (i && (i - 1) % stride != sel % stride)
			continue;
		cryptarch_spec_name(&v[i], name, sizeof(name));
		t = open_keyed(name, gcm, &v[i], key, keylen, as);
		if (!t)
			return; /* a refused key or tag length: all alike */
		buf = malloc(cl ? cl : 1);
		FUZZ_CHECK(buf, "out of memory");
		if (len)
			memcpy(buf, in, len);
		out = inplace ? buf : malloc(cl ? cl : 1);
		FUZZ_CHECK(out, "out of memory");
		err = cryptarch_aead_encrypt(t, buf, out, len, nonce, nl, ad,
					     al);
		if (!nonce_ok(gcm, nl)) {
			FUZZ_CHECK(err == -EINVAL,
				   "%s: encrypt with a %zu-byte nonce = %d",
				   name, nl, err);
			if (!inplace)
				free(out);
			free(buf);
			cryptarch_aead_free(t);
			return;
		}
		FUZZ_CHECK(err == 0, "%s: encrypt of %zu bytes = %d", name, len,
			   err);
		if (!ref) {
			ref = dup(out, cl);
			snprintf(first, sizeof(first), "%s", name);
		} else {
			FUZZ_CHECK(!memcmp(out, ref, cl),
				   "%s: %s and %s disagree on %zu bytes, %zu "
				   "of ad, %zu-byte nonce, %zu-byte tag",
				   alg, name, first, len, al, nl, as);
		}
		if (!inplace)
			free(out);
		/* decrypt the first's, maybe with one bit flipped */
		memcpy(buf, ref, cl);
		bit = cl ? (sel * 131u + i) % (8 * cl) : 0;
		if (flip)
			buf[bit / 8] ^= (uint8_t)(1u << (bit % 8));
		out = inplace ? buf : malloc(len ? len : 1);
		FUZZ_CHECK(out, "out of memory");
		err = cryptarch_aead_decrypt(t, buf, out, cl, nonce, nl, ad,
					     al);
		if (flip) {
			size_t j;

			FUZZ_CHECK(err == -EBADMSG,
				   "%s: bit %zu of %zu bytes flipped: decrypt "
				   "= %d",
				   name, bit, cl, err);
			for (j = 0; j < len; j++)
				FUZZ_CHECK(out[j] == 0,
					   "%s: -EBADMSG, output byte %zu not "
					   "zero",
					   name, j);
		} else {
			FUZZ_CHECK(err == 0 && !memcmp(out, in, len),
				   "%s: decryption of %zu bytes does not give "
				   "the input back (%d)",
				   name, len, err);
		}
		if (!inplace)
			free(out);
		free(buf);
		cryptarch_aead_free(t);
	}
	free(ref);
}

/* see fuzz.h */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const size_t sizes[3] = { 16, 24, 32 };
	static struct cryptarch_spec v[MAX_INST];
	static char names[32][64];
	static size_t nn;
	const uint8_t *key, *nonce, *ad, *in;
	size_t n, keylen, nl, al, len, as, rest;
	int gcm, inplace;
	const char *alg;

	if (size < 7)
		return 0;
	if (!nn)
		nn = aead_names(names, 32);
	if (!nn)
		return 0;
	alg = names[data[0] % nn];
	gcm = is_gcm(alg);
	as = (data[1] & 31) % 17;
	inplace = !!(data[1] & 128);
	keylen = (data[2] & 3) < 3 ? sizes[data[2] & 3] : data[2] >> 2;
	nl = data[3];
	al = (size_t)data[4] | (size_t)data[5] << 8;
	if (size < 7 + keylen + nl)
		return 0;
	key = data + 7;
	nonce = key + keylen;
	ad = nonce + nl;
	rest = size - 7 - keylen - nl;
	if (al > rest)
		al = rest;
	in = ad + al;
	len = rest - al;
	if (len > MAX_DATA)
		len = MAX_DATA;
	n = fuzz_instances(alg, v, MAX_INST);
	if (!n)
		return 0;
	/* copies of their exact sizes (nonce NULL for a 0-byte one) */
	{
		uint8_t *k = dup(key, keylen), *nc = nl ? dup(nonce, nl) : NULL;
		uint8_t *a = al ? dup(ad, al) : NULL;
		char name[CRYPTARCH_NAME_MAX + 1];

		if (data[1] & 96) {
			made(alg, gcm, v, n, k, keylen, nc ? nc : k, nl, a, al,
			     in, len, as, inplace, !!(data[1] & 64), data[6]);
		} else {
			cryptarch_spec_name(&v[data[6] % n], name,
					    sizeof(name));
			decrypt_as_is(name, gcm, &v[data[6] % n], k, keylen,
				      nc ? nc : k, nl, a, al, in, len, as,
				      inplace);
		}
		free(k);
		free(nc);
		free(a);
	}
	return 0;
}
