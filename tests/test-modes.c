/* SPDX-License-Identifier: MIT */
/*
 * test-modes.c - the modes beyond single known answers, for every
 * skcipher instance of every registered implementation available here
 * ("<mode>(<driver>)" and "<mode>-<driver>"), at every key size:
 *  - one whole call vs block by block vs uneven chunks vs two calls cut
 *    after every block, continuing through the iv (ecb, cbc, ctr);
 *  - in place vs out of place;
 *  - source and destination at offsets 0..15 each (and in place at each
 *    offset), with the bytes around the destination untouched;
 *  - the iv after the call (cbc, essiv: last ciphertext block; ctr: the
 *    counter after the data, also after a partial block; cts: the
 *    next-to-last ciphertext block; xts, xctr and ecb: unchanged; length
 *    0: unchanged, but for essiv the encrypted iv);
 *  - ctr counter wrap: counters 2^128 - 1 - j and carries from the low to
 *    the high 64-bit half at every position in a request, against a
 *    keystream built with the reference cipher (<cipher>-generic);
 *  - every xts stealing length 17..31 and longer ones, against the
 *    reference instance xts(<cipher>-generic), and decrypt(encrypt(x));
 *  - xctr, cts and essiv against models of their own built on the
 *    reference cipher's single blocks (keystream block i = E(iv xor
 *    le128(i)) from i = 1, across the carry out of the counter's low byte;
 *    CBC with the last two blocks swapped and the last cut, every length
 *    16..80 and longer ones; CBC after the iv encrypted under SHA-256 of
 *    the key), and decrypt(encrypt(x));
 *  - a guard page (PROT_NONE) right after the source, the destination
 *    and the iv, with the data ending exactly at the page end, and one
 *    right before them, with the data starting at the page start;
 *  - Monte Carlo: 10 keys x 1000 chained ECB encryptions of 4 blocks and
 *    back, per key size, compared between all implementations and
 *    instances, and the cipher API.
 * An instance over a costly driver (util.h: twofish-ct) is checked only
 * in a run with --driver (ctest's modes-<driver>), not again in the run
 * over every driver.
 * Deterministic: a fixed seed (CRYPTARCH_TEST_SEED overrides it).
 *
 * Usage: test-modes [--mask-all]
 */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "util.h"

#define MAXLEN 4096

static struct test_rng rng;

/* A readable and writable page between two PROT_NONE pages. */
struct guard {
	uint8_t *map;
	size_t page;
};

static int guard_init(struct guard *g)
{
	long ps = sysconf(_SC_PAGESIZE);

	g->page = ps > 0 ? (size_t)ps : 4096;
	g->map = mmap(NULL, 3 * g->page, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (g->map == MAP_FAILED) {
		perror("mmap");
		return -1;
	}
	if (mprotect(g->map, g->page, PROT_NONE) ||
	    mprotect(g->map + 2 * g->page, g->page, PROT_NONE)) {
		perror("mprotect");
		return -1;
	}
	return 0;
}

/* LEN bytes ending at the upper guard (END) or starting at the lower. */
static uint8_t *guard_at(struct guard *g, size_t len, int end)
{
	return end ? g->map + 2 * g->page - len : g->map + g->page;
}

static struct guard gsrc, gdst, giv;

struct inst {
	const struct test_inst *ti;
	cryptarch_skcipher *t;
	int mode;
	size_t keylen;
	uint8_t key[64];
	char label[128]; /* "cbc-aes-ct64 (256-bit key)" */
};

/* Call and record a failure; returns the result. */
static int run(struct inst *in, int enc, const uint8_t *src, uint8_t *dst,
	       size_t len, uint8_t *iv, const char *what)
{
	int rc = test_crypt(in->t, enc, src, dst, len, iv);

	if (rc)
		test_fail("%s: %s %s, %zu bytes: %s", in->label,
			  enc ? "encrypt" : "decrypt", what, len,
			  cryptarch_strerror(rc));
	return rc;
}

/* The reference result: one out-of-place call from an aligned buffer. */
static int reference(struct inst *in, int enc, const uint8_t *src, uint8_t *dst,
		     size_t len, const uint8_t iv0[16], uint8_t ivout[16])
{
	memcpy(ivout, iv0, 16);
	return run(in, enc, src, dst, len, ivout, "whole");
}

/* Whole vs block by block vs chunks vs two calls at every block. */
static void check_split(struct inst *in)
{
	size_t len = 16 * 45 + (in->mode == TEST_MODE_CTR ? 7 : 0);
	uint8_t src[16 * 46], want[16 * 46], got[16 * 46];
	uint8_t iv0[16], ivw[16], iv[16];
	size_t k;
	int enc, p;

	if (!test_mode_chains(in->mode))
		return; /* one call is one data unit or message */
	test_rng_fill(&rng, src, len);
	test_rng_fill(&rng, iv0, 16);
	for (enc = 1; enc >= 0; enc--) {
		const char *dir = enc ? "encrypt" : "decrypt";

		if (reference(in, enc, src, want, len, iv0, ivw))
			continue;
		memcpy(iv, iv0, 16);
		memset(got, 0, len);
		if (!test_crypt_split(in->t, in->mode, enc, src, got, len, iv,
				      NULL)) {
			test_compare(got, want, len, "%s: %s block by block",
				     in->label, dir);
			test_compare(iv, ivw, 16,
				     "%s: %s block by block: iv after",
				     in->label, dir);
		} else {
			test_fail("%s: %s block by block failed", in->label,
				  dir);
		}
		for (p = 0; p < 8; p++) {
			memcpy(iv, iv0, 16);
			memset(got, 0, len);
			if (test_crypt_split(in->t, in->mode, enc, src, got,
					     len, iv, &rng)) {
				test_fail("%s: %s in chunks failed", in->label,
					  dir);
				continue;
			}
			test_compare(got, want, len, "%s: %s in chunks (%d)",
				     in->label, dir, p);
			test_compare(iv, ivw, 16, "%s: %s in chunks: iv after",
				     in->label, dir);
		}
		for (k = 0; k <= len / 16; k++) {
			memcpy(iv, iv0, 16);
			memset(got, 0, len);
			if (run(in, enc, src, got, 16 * k, iv, "first part") ||
			    run(in, enc, src + 16 * k, got + 16 * k,
				len - 16 * k, iv, "second part"))
				continue;
			test_compare(got, want, len,
				     "%s: %s as %zu + %zu bytes", in->label,
				     dir, 16 * k, len - 16 * k);
			test_compare(iv, ivw, 16,
				     "%s: %s as %zu + %zu bytes: iv after",
				     in->label, dir, 16 * k, len - 16 * k);
		}
	}
}

static const size_t lens_ecb[] = { 0,	16,  32,  48,	   64,	 80,  112,
				   128, 144, 256, 16 * 33, 1024, 4096 };
static const size_t lens_ctr[] = { 0,	1,   15,	  16,	17,   31,
				   33,	63,  64,	  65,	100,  127,
				   128, 129, 16 * 33 + 5, 1000, 4095, 4096 };
static const size_t lens_xts[] = { 16,		17,  23,  31,	32,  33,
				   47,		48,  64,  100,	128, 129,
				   16 * 33 + 5, 511, 512, 4095, 4096 };

static const size_t *mode_lens(int mode, size_t *n)
{
	switch (mode) {
	case TEST_MODE_CTR:
	case TEST_MODE_XCTR:
		*n = sizeof(lens_ctr) / sizeof(lens_ctr[0]);
		return lens_ctr;
	case TEST_MODE_XTS:
	case TEST_MODE_CTS:
		*n = sizeof(lens_xts) / sizeof(lens_xts[0]);
		return lens_xts;
	default:
		*n = sizeof(lens_ecb) / sizeof(lens_ecb[0]);
		return lens_ecb;
	}
}

/* In place vs out of place, and the iv after each call. */
static void check_inplace_iv(struct inst *in)
{
	static uint8_t src[MAXLEN], want[MAXLEN], buf[MAXLEN];
	uint8_t iv0[16], ivw[16], iv[16], ivx[16];
	size_t nl, i;
	const size_t *lens = mode_lens(in->mode, &nl);
	int enc;

	for (i = 0; i < nl; i++) {
		size_t len = lens[i];

		test_rng_fill(&rng, src, len);
		test_rng_fill(&rng, iv0, 16);
		for (enc = 1; enc >= 0; enc--) {
			const char *dir = enc ? "encrypt" : "decrypt";

			if (reference(in, enc, src, want, len, iv0, ivw))
				continue;
			/* the iv after the call */
			if (test_iv_after(in->mode, in->ti->drv->alg->name, enc,
					  in->key, in->keylen, src, want, len,
					  iv0, ivx))
				test_fail("%s: no iv rule for %zu bytes",
					  in->label, len);
			else
				test_compare(ivw, ivx, 16,
					     "%s: %s %zu bytes: iv after",
					     in->label, dir, len);
			/* in place */
			memcpy(buf, src, len);
			memcpy(iv, iv0, 16);
			if (run(in, enc, buf, buf, len, iv, "in place"))
				continue;
			test_compare(buf, want, len,
				     "%s: %s %zu bytes in place", in->label,
				     dir, len);
			test_compare(iv, ivw, 16,
				     "%s: %s %zu bytes in place: iv after",
				     in->label, dir, len);
		}
		/* round trip */
		memcpy(iv, iv0, 16);
		if (!run(in, 1, src, buf, len, iv, "round trip") &&
		    !run(in, 0, buf, buf, len, iv0, "round trip"))
			test_compare(buf, src, len,
				     "%s: decrypt(encrypt(x)), %zu bytes",
				     in->label, len);
	}
	if (in->mode == TEST_MODE_ECB) {
		/* ecb ignores the iv: NULL is allowed */
		(void)run(in, 1, src, buf, 64, NULL, "iv NULL");
	}
}

/* Source and destination at offsets 0..15, and in place at each. */
static void check_offsets(struct inst *in)
{
	size_t len = 16 * 9 + (test_len_ok(in->mode, 16 * 9 + 5) ? 5 : 0);
	uint8_t src[16 * 10], want[16 * 10], ivw[16], iv0[16], iv[16];
	uint8_t sbuf[16 * 10 + 32], dbuf[16 * 10 + 64];
	unsigned so, d;
	int enc;

	test_rng_fill(&rng, src, len);
	test_rng_fill(&rng, iv0, 16);
	for (enc = 1; enc >= 0; enc--) {
		const char *dir = enc ? "encrypt" : "decrypt";

		if (reference(in, enc, src, want, len, iv0, ivw))
			continue;
		for (so = 0; so < 16; so++) {
			for (d = 0; d < 16; d++) {
				memset(sbuf, 0x5c, sizeof(sbuf));
				memcpy(sbuf + so, src, len);
				memset(dbuf, 0xc5, sizeof(dbuf));
				memcpy(iv, iv0, 16);
				if (run(in, enc, sbuf + so, dbuf + 16 + d, len,
					iv, "at offsets"))
					continue;
				test_compare(dbuf + 16 + d, want, len,
					     "%s: %s src offset %u, dst offset "
					     "%u",
					     in->label, dir, so, d);
				test_compare(iv, ivw, 16,
					     "%s: %s src offset %u, dst offset "
					     "%u: iv after",
					     in->label, dir, so, d);
				if (!test_all(dbuf, 0xc5, 16 + d) ||
				    !test_all(dbuf + 16 + d + len, 0xc5,
					      sizeof(dbuf) - 16 - d - len))
					test_fail("%s: %s at offsets %u/%u "
						  "wrote outside dst",
						  in->label, dir, so, d);
				if (!test_all(sbuf, 0x5c, so) ||
				    memcmp(sbuf + so, src, len) != 0)
					test_fail("%s: %s at offsets %u/%u "
						  "changed src",
						  in->label, dir, so, d);
			}
			/* in place at offset so */
			memset(dbuf, 0xc5, sizeof(dbuf));
			memcpy(dbuf + so, src, len);
			memcpy(iv, iv0, 16);
			if (run(in, enc, dbuf + so, dbuf + so, len, iv,
				"in place at offset"))
				continue;
			test_compare(dbuf + so, want, len,
				     "%s: %s in place at offset %u", in->label,
				     dir, so);
		}
	}
}

/* CTR counter wrap and carries, against a reference keystream. */
static void check_ctr_wrap(struct inst *in)
{
	const struct cryptarch_driver *ref =
		test_reference(in->ti->drv->alg->name);
	enum {
		NB = 80 /* whole groups of 32 blocks after the wrap too */
	};
	uint8_t src[16 * NB + 3], want[16 * NB + 3], got[16 * NB + 3];
	uint8_t start[16], ctr[16], ks[16], iv[16], ivx[16];
	static const size_t lens[] = { 16 * NB + 3, 16 * NB, 16, 5, 33 };
	cryptarch_cipher *c = NULL;
	size_t b, i, l;
	int j, kind, rc;

	if (in->mode != TEST_MODE_CTR)
		return;
	if (!ref) {
		test_fail("%s: no reference %s-generic", in->label,
			  in->ti->drv->alg->name);
		return;
	}
	rc = cryptarch_cipher_new(&c, ref->name, CRYPTARCH_ALLOW_VARIABLE_TIME);
	if (!rc)
		rc = cryptarch_cipher_setkey(c, in->key, in->keylen);
	if (rc) {
		test_fail("cipher %s: %s", ref->name, cryptarch_strerror(rc));
		cryptarch_cipher_free(c);
		return;
	}
	test_rng_fill(&rng, src, sizeof(src));
	for (kind = 0; kind < 3; kind++) {
		for (j = 0; j < 10; j++) {
			/* kind 0: 2^128 - 1 - j (wraps to zero);
			 * kind 1: low half 2^64 - 1 - j (carry into high);
			 * kind 2: high half all ones, low half likewise. */
			memset(start, 0xff, 16);
			if (kind == 1)
				memcpy(start,
				       "\x01\x23\x45\x67\x89\xab\xcd\xef", 8);
			start[15] = (uint8_t)(0xff - j);
			if (kind == 2)
				start[7] = 0xfe;
			for (l = 0; l < sizeof(lens) / sizeof(lens[0]); l++) {
				size_t len = lens[l];

				memcpy(ctr, start, 16);
				for (b = 0; b < (len + 15) / 16; b++) {
					if (cryptarch_cipher_encrypt(c, ks,
								     ctr))
						test_fail("cipher encrypt");
					for (i = 0; i < 16 && 16 * b + i < len;
					     i++)
						want[16 * b + i] =
							src[16 * b + i] ^ ks[i];
					test_ctr_add(ctr, 1);
				}
				memcpy(ivx, start, 16);
				test_ctr_add(ivx, (len + 15) / 16);
				memcpy(iv, start, 16);
				if (run(in, 1, src, got, len, iv, "wrap"))
					continue;
				test_compare(got, want, len,
					     "%s: counter kind %d start -%d, "
					     "%zu bytes",
					     in->label, kind, j + 1, len);
				test_compare(iv, ivx, 16,
					     "%s: counter kind %d start -%d, "
					     "%zu bytes: counter after",
					     in->label, kind, j + 1, len);
				/* the same in chunks, across the wrap */
				memcpy(iv, start, 16);
				if (test_crypt_split(in->t, in->mode, 1, src,
						     got, len, iv, &rng)) {
					test_fail("%s: wrap in chunks failed",
						  in->label);
					continue;
				}
				test_compare(got, want, len,
					     "%s: counter kind %d start -%d, "
					     "%zu bytes in chunks",
					     in->label, kind, j + 1, len);
				test_compare(iv, ivx, 16,
					     "%s: counter kind %d start -%d "
					     "in chunks: counter after",
					     in->label, kind, j + 1);
			}
		}
	}
	cryptarch_cipher_free(c);
}

/* XTS: every stealing length, against xts(<cipher>-generic). */
static void check_xts(struct inst *in, cryptarch_skcipher *ref)
{
	static uint8_t src[MAXLEN], a[MAXLEN], b[MAXLEN];
	static const size_t extra[] = { 32,  33,  47,	48,  100,
					511, 512, 4095, 4096 };
	size_t len, i;
	uint8_t tw[16], iv[16];

	if (in->mode != TEST_MODE_XTS || !ref)
		return;
	for (i = 0; i < 16 + sizeof(extra) / sizeof(extra[0]); i++) {
		len = i < 16 ? 16 + i : extra[i - 16];
		test_rng_fill(&rng, src, len);
		test_rng_fill(&rng, tw, 16);
		memcpy(iv, tw, 16);
		if (run(in, 1, src, a, len, iv, "stealing"))
			continue;
		test_compare(iv, tw, 16, "%s: xts %zu bytes: tweak changed",
			     in->label, len);
		if (cryptarch_skcipher_encrypt(ref, src, b, len, iv))
			test_fail("reference xts encrypt failed");
		test_compare(a, b, len, "%s: xts encrypt %zu bytes vs %s",
			     in->label, len, cryptarch_skcipher_driver(ref));
		if (run(in, 0, a, b, len, iv, "stealing"))
			continue;
		test_compare(b, src, len,
			     "%s: xts decrypt(encrypt(x)), %zu "
			     "bytes",
			     in->label, len);
		if (cryptarch_skcipher_decrypt(ref, a, b, len, iv))
			test_fail("reference xts decrypt failed");
		test_compare(b, src, len,
			     "%s: reference xts decrypt of %zu "
			     "bytes",
			     in->label, len);
	}
}

/* The reference cipher (<cipher>-generic) keyed with KEY, or NULL after
 * test_fail(). */
static cryptarch_cipher *ref_cipher(const struct inst *in, const uint8_t *key,
				    size_t keylen)
{
	const struct cryptarch_driver *ref =
		test_reference(in->ti->drv->alg->name);
	cryptarch_cipher *c = NULL;
	int rc;

	if (!ref) {
		test_fail("%s: no reference %s-generic", in->label,
			  in->ti->drv->alg->name);
		return NULL;
	}
	rc = cryptarch_cipher_new(&c, ref->name, CRYPTARCH_ALLOW_VARIABLE_TIME);
	if (!rc)
		rc = cryptarch_cipher_setkey(c, key, keylen);
	if (rc) {
		test_fail("cipher %s: %s", ref->name, cryptarch_strerror(rc));
		cryptarch_cipher_free(c);
		return NULL;
	}
	return c;
}

static void xor16(uint8_t *d, const uint8_t *a, const uint8_t *b, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		d[i] = a[i] ^ b[i];
}

/* CBC encryption of LEN (a multiple of 16) bytes through C, IV in/out. */
static void model_cbc(cryptarch_cipher *c, const uint8_t *src, uint8_t *dst,
		      size_t len, uint8_t iv[16])
{
	size_t i;

	for (i = 0; i < len; i += 16) {
		xor16(iv, iv, src + i, 16);
		if (cryptarch_cipher_encrypt(c, iv, iv))
			test_fail("reference cipher encrypt");
		memcpy(dst + i, iv, 16);
	}
}

/* The mode's encryption of SRC (LEN bytes) under the models: xctr, cts
 * (CS3), essiv (the iv through E2, keyed with SHA-256 of the key). */
static void model(int mode, cryptarch_cipher *c, cryptarch_cipher *e2,
		  const uint8_t *src, uint8_t *dst, size_t len,
		  const uint8_t iv0[16])
{
	uint8_t iv[16], blk[16], last[16];
	size_t i, off, d;

	memcpy(iv, iv0, 16);
	switch (mode) {
	case TEST_MODE_XCTR:
		for (i = 0; i < len; i += 16) {
			uint64_t j = i / 16 + 1;
			unsigned b;

			memcpy(blk, iv, 16);
			for (b = 0; b < 8; b++)
				blk[b] ^= (uint8_t)(j >> (8 * b));
			if (cryptarch_cipher_encrypt(c, blk, blk))
				test_fail("reference cipher encrypt");
			xor16(dst + i, src + i, blk,
			      len - i < 16 ? len - i : 16);
		}
		break;
	case TEST_MODE_CTS:
		if (len == 16) {
			model_cbc(c, src, dst, 16, iv);
			break;
		}
		off = (len - 1) / 16 * 16;
		d = len - off;
		model_cbc(c, src, dst, off, iv);
		/* the last whole block C(n-1) is cut to D bytes and goes
		 * last; E(P(n) padded with zeros xor C(n-1)) before it */
		memcpy(last, dst + off - 16, 16);
		memset(blk, 0, 16);
		memcpy(blk, src + off, d);
		model_cbc(c, blk, dst + off - 16, 16, iv);
		memcpy(dst + off, last, d);
		break;
	case TEST_MODE_ESSIV:
		if (cryptarch_cipher_encrypt(e2, iv, iv))
			test_fail("reference cipher encrypt");
		model_cbc(c, src, dst, len, iv);
		break;
	}
}

/* xctr, cts and essiv against the models, and back. */
static void check_model(struct inst *in)
{
	static uint8_t src[MAXLEN], want[MAXLEN], got[MAXLEN];
	static const size_t longer[] = { 96,  127, 128,	 129,  255,
					 256, 511, 1000, 4095, 4096 };
	cryptarch_cipher *c = NULL, *e2 = NULL;
	cryptarch_shash *h = NULL;
	uint8_t iv0[16], iv[16], salt[32];
	size_t i, len, nl = 65 + sizeof(longer) / sizeof(longer[0]);

	if (in->mode != TEST_MODE_XCTR && in->mode != TEST_MODE_CTS &&
	    in->mode != TEST_MODE_ESSIV)
		return;
	c = ref_cipher(in, in->key, in->keylen);
	if (!c)
		return;
	if (in->mode == TEST_MODE_ESSIV) {
		if (cryptarch_shash_new(&h, "sha256",
					CRYPTARCH_ALLOW_VARIABLE_TIME) ||
		    cryptarch_shash_digest(h, in->key, in->keylen, salt)) {
			test_fail("%s: sha256 of the key", in->label);
			goto out;
		}
		e2 = ref_cipher(in, salt, sizeof(salt));
		if (!e2)
			goto out;
	}
	for (i = 0; i < nl; i++) {
		len = i < 65 ? 16 + i : longer[i - 65];
		if (in->mode == TEST_MODE_XCTR && i < 65)
			len = i; /* 0..64 */
		if (!test_len_ok(in->mode, len))
			continue;
		test_rng_fill(&rng, src, len);
		test_rng_fill(&rng, iv0, 16);
		if (in->mode == TEST_MODE_XCTR && i % 4 == 1)
			memset(iv0, 0xff, 8); /* the counter's xor reaches
					       * every bit of the low half */
		model(in->mode, c, e2, src, want, len, iv0);
		memcpy(iv, iv0, 16);
		if (run(in, 1, src, got, len, iv, "vs the model"))
			continue;
		test_compare(got, want, len,
			     "%s: encrypt %zu bytes vs the "
			     "model of the mode",
			     in->label, len);
		memcpy(iv, iv0, 16);
		if (run(in, 0, want, got, len, iv, "vs the model"))
			continue;
		test_compare(got, src, len,
			     "%s: decrypt of the model's %zu "
			     "bytes",
			     in->label, len);
	}
out:
	cryptarch_shash_free(h);
	cryptarch_cipher_free(c);
	cryptarch_cipher_free(e2);
	for (i = 0; i < sizeof(salt); i++)
		salt[i] = 0;
}

/* Guard pages after (and before) src, dst and iv. */
static void check_guard(struct inst *in)
{
	static uint8_t src[MAXLEN], want[MAXLEN];
	uint8_t iv0[16], ivw[16];
	size_t nl, i;
	const size_t *lens = mode_lens(in->mode, &nl);
	int enc, end;

	for (i = 0; i < nl; i++) {
		size_t len = lens[i];

		if (len > gsrc.page)
			continue;
		test_rng_fill(&rng, src, len);
		test_rng_fill(&rng, iv0, 16);
		for (enc = 1; enc >= 0; enc--) {
			const char *dir = enc ? "encrypt" : "decrypt";

			if (reference(in, enc, src, want, len, iv0, ivw))
				continue;
			for (end = 1; end >= 0; end--) {
				uint8_t *s = guard_at(&gsrc, len, end);
				uint8_t *d = guard_at(&gdst, len, end);
				uint8_t *iv = guard_at(&giv, 16, end);
				const char *where =
					end ? "before a guard page" :
					      "after a guard page";

				memcpy(s, src, len);
				memset(d, 0, len);
				memcpy(iv, iv0, 16);
				if (run(in, enc, s, d, len, iv, where))
					continue;
				test_compare(d, want, len,
					     "%s: %s %zu bytes %s", in->label,
					     dir, len, where);
				test_compare(iv, ivw, 16,
					     "%s: %s %zu bytes %s: iv after",
					     in->label, dir, len, where);
				/* in place, at the edge */
				memcpy(d, src, len);
				memcpy(iv, iv0, 16);
				if (run(in, enc, d, d, len, iv, where))
					continue;
				test_compare(d, want, len,
					     "%s: %s %zu bytes in place %s",
					     in->label, dir, len, where);
			}
		}
	}
}

static void check_instance(const struct test_inst *ti, size_t keylen,
			   cryptarch_skcipher *xref)
{
	struct inst in;
	int rc;

	memset(&in, 0, sizeof(in));
	in.ti = ti;
	in.mode = ti->mode;
	in.keylen = keylen;
	snprintf(in.label, sizeof(in.label), "%s (%zu-byte key)", ti->name,
		 keylen);
	in.t = test_open(ti, 0);
	if (!in.t)
		return;
	test_random_key(&rng, in.mode, in.key, keylen);
	rc = cryptarch_skcipher_setkey(in.t, in.key, keylen);
	if (rc) {
		test_fail("%s: setkey: %s", in.label, cryptarch_strerror(rc));
		cryptarch_skcipher_free(in.t);
		return;
	}
	if (xref && cryptarch_skcipher_setkey(xref, in.key, keylen))
		test_fail("reference setkey failed");
	check_split(&in);
	check_inplace_iv(&in);
	check_offsets(&in);
	check_ctr_wrap(&in);
	check_xts(&in, xref);
	check_model(&in);
	check_guard(&in);
	cryptarch_skcipher_free(in.t);
}

/*
 * Monte Carlo: 4 independent chains of CHAIN (1000; a share of that where
 * a costly instance takes part, util.h) encryptions under each of 10 keys
 * (each key the previous one XORed with the last outputs), then the last
 * CHAIN undone by decryption. FN is one implementation or instance.
 */
struct mc_result {
	uint8_t block[64], key[32];
	char name[96];
};

static int mc_cipher(const char *driver, size_t keylen, int chain,
		     struct mc_result *res)
{
	cryptarch_cipher *c = NULL;
	uint8_t blk[64], key[32], start[64];
	int outer, i, lane, rc;

	for (i = 0; i < 32; i++)
		key[i] = (uint8_t)(i * 7 + keylen);
	for (i = 0; i < 64; i++)
		blk[i] = (uint8_t)(i * 13 + 1);
	rc = cryptarch_cipher_new(&c, driver, CRYPTARCH_ALLOW_VARIABLE_TIME);
	if (rc) {
		test_fail("cipher %s: %s", driver, cryptarch_strerror(rc));
		return -1;
	}
	for (outer = 0; outer < 10; outer++) {
		if (outer)
			for (i = 0; i < (int)keylen; i++)
				key[i] ^= blk[(i * 5) % 64];
		rc = cryptarch_cipher_setkey(c, key, keylen);
		memcpy(start, blk, 64);
		for (i = 0; i < chain && !rc; i++)
			for (lane = 0; lane < 4 && !rc; lane++)
				rc = cryptarch_cipher_encrypt(
					c, blk + 16 * lane, blk + 16 * lane);
	}
	memcpy(res->block, blk, 64);
	memcpy(res->key, key, 32);
	for (i = 0; i < chain && !rc; i++)
		for (lane = 0; lane < 4 && !rc; lane++)
			rc = cryptarch_cipher_decrypt(c, blk + 16 * lane,
						      blk + 16 * lane);
	if (!rc)
		test_compare(blk, start, 64,
			     "Monte Carlo cipher %s %zu-byte key: decrypt "
			     "chain",
			     driver, keylen);
	else
		test_fail("Monte Carlo cipher %s: %s", driver,
			  cryptarch_strerror(rc));
	snprintf(res->name, sizeof(res->name), "cipher %s", driver);
	cryptarch_cipher_free(c);
	return rc ? -1 : 0;
}

static int mc_ecb(const struct test_inst *ti, size_t keylen, int chain,
		  struct mc_result *res)
{
	cryptarch_skcipher *t = test_open(ti, 0);
	uint8_t blk[64], key[32], start[64];
	int outer, i, rc = 0;

	if (!t)
		return -1;
	for (i = 0; i < 32; i++)
		key[i] = (uint8_t)(i * 7 + keylen);
	for (i = 0; i < 64; i++)
		blk[i] = (uint8_t)(i * 13 + 1);
	for (outer = 0; outer < 10; outer++) {
		if (outer)
			for (i = 0; i < (int)keylen; i++)
				key[i] ^= blk[(i * 5) % 64];
		rc = cryptarch_skcipher_setkey(t, key, keylen);
		memcpy(start, blk, 64);
		for (i = 0; i < chain && !rc; i++)
			rc = cryptarch_skcipher_encrypt(t, blk, blk, 64, NULL);
	}
	memcpy(res->block, blk, 64);
	memcpy(res->key, key, 32);
	for (i = 0; i < chain && !rc; i++)
		rc = cryptarch_skcipher_decrypt(t, blk, blk, 64, NULL);
	if (!rc)
		test_compare(blk, start, 64,
			     "Monte Carlo %s %zu-byte key: decrypt chain",
			     ti->name, keylen);
	else
		test_fail("Monte Carlo %s: %s", ti->name,
			  cryptarch_strerror(rc));
	snprintf(res->name, sizeof(res->name), "%s", ti->name);
	cryptarch_skcipher_free(t);
	return rc ? -1 : 0;
}

/*
 * 1 if TI is over a costly driver (util.h) and this is a run over every
 * driver: its own run (modes-<driver>, --driver) checks it, the same
 * checks, so it is not repeated here. Said once per driver.
 */
static int costly_elsewhere(const struct test_inst *ti)
{
	static const struct cryptarch_driver *said[8];
	static size_t nsaid;
	size_t i;

	if (test_driver_only() || !test_inst_costly(ti))
		return 0;
	for (i = 0; i < nsaid && said[i] != ti->drv; i++)
		;
	if (i == nsaid && nsaid < 8) {
		said[nsaid++] = ti->drv;
		printf("%s: a costly driver (util.h), checked by its own run "
		       "(test-modes --driver %s), not here\n",
		       ti->drv->name, ti->drv->name);
	}
	return 1;
}

static void monte_carlo(const char *cipher)
{
	struct mc_result res[64];
	struct test_inst *ti;
	size_t n = test_instances(cipher, TEST_MODE_ECB, &ti, NULL);
	size_t keylen, i, k;
	char hex[129];
	int chain = 1000;

	/* a costly instance here: every chain a share as long */
	for (i = 0; i < n; i++)
		if (!costly_elsewhere(&ti[i]) && test_inst_costly(&ti[i]))
			chain = (int)(1000 / test_costly_every());
	if (chain < 1)
		chain = 1;
	for (keylen = 16; keylen <= 32; keylen += 8) {
		size_t nr = 0;

		for (i = 0; i < n && nr < 64; i++) {
			if (costly_elsewhere(&ti[i]))
				continue;
			if (keylen < ti[i].drv->alg->min_keysize ||
			    keylen > ti[i].drv->alg->max_keysize)
				continue;
			if (!ti[i].hooked && !mc_cipher(ti[i].drv->name, keylen,
							chain, &res[nr]))
				nr++;
			if (nr < 64 && !mc_ecb(&ti[i], keylen, chain, &res[nr]))
				nr++;
		}
		for (k = 1; k < nr; k++)
			if (memcmp(res[k].block, res[0].block, 64) != 0)
				test_fail("Monte Carlo %s %zu-bit key: %s "
					  "and %s differ",
					  cipher, 8 * keylen, res[k].name,
					  res[0].name);
		if (nr) {
			test_hex(hex, res[0].block, 16);
			printf("Monte Carlo %s-%zu (chains of %d): %zu "
			       "implementations and instances agree on "
			       "%s...\n",
			       cipher, 8 * keylen, chain, nr, hex);
		}
	}
	free(ti);
}

int main(int argc, char **argv)
{
	const char *ciphers[16];
	size_t nc, c, i, n, s, ns, sizes[3], total = 0;
	int m;

	test_mask_all(&argc, &argv);
	test_rng_init(&rng, test_seed("test-modes", 0x6d6f646573ull));
	if (guard_init(&gsrc) || guard_init(&gdst) || guard_init(&giv))
		return 1;
	nc = test_ciphers(ciphers, 16);
	for (c = 0; c < nc; c++) {
		const struct cryptarch_driver *refalg =
			test_reference(ciphers[c]);

		for (m = 0; m < TEST_MODE_COUNT; m++) {
			struct test_inst *ti;
			cryptarch_skcipher *xref = NULL;

			n = test_instances(ciphers[c], m, &ti, NULL);
			if (m == TEST_MODE_XTS && refalg) {
				char name[96];
				int rc;

				snprintf(name, sizeof(name), "xts(%s)",
					 refalg->name);
				rc = cryptarch_skcipher_new(
					&xref, name,
					CRYPTARCH_ALLOW_VARIABLE_TIME);
				if (rc)
					test_fail("%s: %s", name,
						  cryptarch_strerror(rc));
			}
			for (i = 0; i < n; i++) {
				if (costly_elsewhere(&ti[i]))
					continue;
				ns = test_key_sizes(ti[i].drv, sizes);
				for (s = 0; s < ns; s++)
					check_instance(&ti[i],
						       test_mode_nkeys(m) *
							       sizes[s],
						       xref);
				printf("%s: checked (%zu key sizes)\n",
				       ti[i].name, ns);
				fflush(stdout);
				total++;
			}
			cryptarch_skcipher_free(xref);
			free(ti);
		}
		monte_carlo(ciphers[c]);
	}
	if (total == 0) {
		puts("SKIP: no skcipher instance available (a hash driver "
		     "such as sha256-generic has none: test-vectors, "
		     "test-shash and test-diff cover it)");
		return TEST_SKIP;
	}
	return test_finish("test-modes");
}
