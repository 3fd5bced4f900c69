/* SPDX-License-Identifier: MIT */
/*
 * fuzz-diff.c - differential libFuzzer harness: every implementation of a
 * cipher that can run here, through every instance of a mode (the template
 * "<mode>(<driver>)" and, where the driver has a hook for the template,
 * "<mode>-<driver>"), on the same key, iv and input; all must agree on the
 * output and on the iv they hand back, and decryption must give the input
 * back. Input layout:
 *   byte 0   cipher (index among the registry's cipher names, modulo)
 *   byte 1   bits 0-1 mode (ecb, cbc, ctr, xts); bit 2 in place; bit 3
 *            the request in two calls, cut at a block boundary (not xts:
 *            one call is one data unit)
 *   byte 2   key size (16, 24, 32 bytes, modulo 3; xts: twice that)
 *   byte 3   where to cut, in blocks
 *   then the key, the 16-byte iv, and the data (at most 4096 bytes; ecb
 *   and cbc: whole blocks, the rest ignored; xts: at least 16 bytes, so
 *   that ciphertext stealing runs; ctr: any length).
 * Inputs too short for the key and iv are ignored. The data is copied to
 * buffers of its exact size, so that ASan sees any access past the end.
 * Test code, not constant-time.
 */
#include <string.h>

#include "fuzz.h"

#define MAX_DATA 4096
#define MAX_INST 64

struct inst {
	const struct cryptarch_driver *drv;
	char name[96];
};

/* The distinct cipher names of the registry, in order. */
static size_t cipher_names(const char **names, size_t max)
{
	size_t i, j, n = 0;

	for (i = 0; i < cryptarch_driver_count(); i++) {
		const char *c = cryptarch_driver_at(i)->alg->name;

		for (j = 0; j < n && strcmp(names[j], c); j++)
			;
		if (j == n && n < max)
			names[n++] = c;
	}
	return n;
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

/* see fuzz.h */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const size_t sizes[3] = { 16, 24, 32 };
	const struct cryptarch_template *tmpl;
	const char *ciphers[8];
	struct inst v[MAX_INST];
	const uint8_t *key, *iv, *in;
	uint8_t ivref[16], ivx[16], *ref, *ct, *back;
	size_t nc, n = 0, i, keylen, len, cut;
	int mode, inplace;

	if (size < 4)
		return 0;
	nc = cipher_names(ciphers, 8);
	if (!nc)
		return 0;
	mode = data[1] & 3;
	inplace = !!(data[1] & 4);
	keylen = sizes[data[2] % 3] * (mode == FUZZ_MODE_XTS ? 2 : 1);
	if (size < 4 + keylen + 16)
		return 0;
	key = data + 4;
	iv = key + keylen;
	in = iv + 16;
	len = size - 4 - keylen - 16;
	if (len > MAX_DATA)
		len = MAX_DATA;
	if (mode <= FUZZ_MODE_CBC)
		len -= len % 16;
	if (mode == FUZZ_MODE_XTS && len < 16)
		return 0;
	cut = (data[1] & 8) && mode != FUZZ_MODE_XTS ? (size_t)data[3] * 16 : 0;

	tmpl = fuzz_template(mode);
	for (i = 0; i < cryptarch_driver_count() && n + 2 <= MAX_INST; i++) {
		const struct cryptarch_driver *drv = cryptarch_driver_at(i);
		struct cryptarch_spec s;
		int hooked;

		if (strcmp(drv->alg->name, ciphers[data[0] % nc]) ||
		    !cryptarch_driver_available(drv) ||
		    !fuzz_keylen_ok(drv, sizes[data[2] % 3]))
			continue;
		/* the template's instance, and the hooked one if any */
		for (hooked = 0; hooked <= 1; hooked++) {
			if (cryptarch_spec_over(&s, tmpl, drv, hooked)) {
				FUZZ_CHECK(hooked, "no instance %s(%s)",
					   fuzz_modes[mode], drv->name);
				continue;
			}
			v[n].drv = drv;
			cryptarch_spec_name(&s, v[n++].name, sizeof(v[0].name));
		}
	}
	if (!n)
		return 0;

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
		/* cbc decryption hands back the last ciphertext block, as
		 * encryption does; ctr the same counter; xts the iv. */
		FUZZ_CHECK(mode == FUZZ_MODE_ECB || memcmp(ivx, ivref, 16) == 0,
			   "%s: decryption returns another iv than "
			   "encryption",
			   v[i].name);
		free(back);
	}
	free(ref);
	return 0;
}
