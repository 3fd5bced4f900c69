/* SPDX-License-Identifier: MIT */
/*
 * ct-probe.c - the program tests/ct-trace.sh runs under qemu-user with the
 * cttrace plugin: it sets the key given in hex on the command line on one
 * named implementation and encrypts, or decrypts, a fixed buffer with it
 * through the public API: single blocks (cryptarch_cipher), then every
 * instance built on the driver of each name of names[] (the skcipher
 * modes and the MACs over the driver's cipher: "ecb(aes-ct64)",
 * "ecb-aes-ct64", "cts(cbc-aes-ct64)", "essiv(cbc(aes-ct64),sha256-generic)",
 * "cmac(aes-ct64)"...; ecb, cbc and essiv: 7 blocks; the others 117 bytes,
 * so that partial batches, the partial CTR and XCTR block, XTS and CTS
 * ciphertext stealing and the MACs' partial last block all run; every
 * cbc instance also takes MANY_N requests of 0 to 9 blocks in one
 * many-request call (run_many); the XTS
 * tweak key is the key XOR 0x5c, so that it is secret too; a MAC's tag is
 * XORed into the buffer; an aead, gcm or ccm, seals messages of 16, 117
 * and AEAD_LEN bytes under a fixed public nonce and 20 bytes of associated
 * data, so that single blocks, partial ones and the whole-AEAD drivers'
 * block groups run, and on "dec" opens what it sealed; the first bytes
 * of each output are XORed into the buffer). A hash driver digests instead: an unkeyed one
 * (sha256-generic) the key bytes followed by the buffer; a keyed one
 * (ghash-generic) takes the key and digests messages of 16, 117 and
 * HASH_LEN bytes of the same pattern (one block, a partial last block,
 * and enough blocks for the widest aggregation and its tails), each tag
 * XORed into the buffer. The buffer is a fixed pattern
 * offset by the optional byte DATAHEX (default 00). Between the runs the
 * script compares only the key, or only DATAHEX, differs; the plugin
 * hashes the program counters and data addresses inside the driver's own
 * code, which must depend on neither for a constant-time driver. Test
 * code, linked -static -no-pie; the hex decoding (src/core/hex.c) is
 * outside the traced range.
 *
 * Usage: ct-probe --list   (one "driver algorithm constant-time available
 *                           keysizes" line per registered driver;
 *                           constant-time is the descriptor's
 *                           CRYPTARCH_DRV_CONSTANT_TIME, which
 *                           tests/ct-trace.sh holds the traces to;
 *                           keysizes the key lengths among 16, 24, 32 the
 *                           driver takes, as "16,24,32", all three for an
 *                           unkeyed hash, "-" if none)
 *        ct-probe DRIVER enc|dec KEYHEX [DATAHEX]
 * Exit status: 0 done, 1 an API call failed, 2 usage, 77 the driver is not
 * available on this CPU.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cryptarch.h"
#include "hex.h"
#include "registry.h"
#include "spec.h"
#include "types/aead.h"
#include "types/shash.h"

/* The names probed over each cipher driver ("%s": its cipher), with the
 * bytes of each request. */
static const struct {
	const char *pattern;
	size_t len;
} names[] = {
	{ "ecb(%s)", 7 * 16 },
	{ "cbc(%s)", 7 * 16 },
	{ "ctr(%s)", 117 },
	{ "xts(%s)", 117 },
	{ "xctr(%s)", 117 },
	{ "cts(cbc(%s))", 117 },
	{ "essiv(cbc(%s),sha256)", 7 * 16 },
	{ "cmac(%s)", 117 },
	{ "xcbc(%s)", 117 },
	{ "cbcmac(%s)", 117 },
	{ "gcm(%s)", 117 },
	{ "ccm(%s)", 117 },
};

/* The longest aead message: 62 blocks and a partial one. */
#define AEAD_LEN (62 * 16 + 8)

/* The message of a keyed hash driver: 37 blocks and a partial one. */
#define HASH_LEN (37 * 16 + 5)

static int list(void)
{
	size_t i;
	unsigned k;

	for (i = 0; i < cryptarch_driver_count(); i++) {
		const struct cryptarch_driver *d = cryptarch_driver_at(i);
		const struct cryptarch_algorithm *a = d->alg;
		char sizes[16] = "";

		/* an unkeyed hash's "key" is the start of its message */
		for (k = 16; k <= 32; k += 8)
			if (a->max_keysize == 0 ||
			    (k >= a->min_keysize && k <= a->max_keysize))
				snprintf(sizes + strlen(sizes),
					 sizeof(sizes) - strlen(sizes), "%s%u",
					 sizes[0] ? "," : "", k);
		printf("%s %s %d %d %s\n", d->name, a->name,
		       !!(d->flags & CRYPTARCH_DRV_CONSTANT_TIME),
		       cryptarch_driver_available(d), sizes[0] ? sizes : "-");
	}
	return 0;
}

/* Encrypt or decrypt LEN bytes of BUF in place with the instance NAME. */
static int run_mode(const char *name, int enc, const uint8_t *key,
		    size_t keylen, uint8_t *buf, size_t len)
{
	cryptarch_skcipher *tfm;
	uint8_t iv[16];
	int err;

	err = cryptarch_skcipher_new(&tfm, name, CRYPTARCH_ALLOW_VARIABLE_TIME);
	if (err) {
		fprintf(stderr, "%s: %s\n", name, cryptarch_strerror(err));
		return 1;
	}
	memset(iv, 0x3c, sizeof(iv));
	err = cryptarch_skcipher_setkey(tfm, key, keylen);
	if (!err)
		err = enc ? cryptarch_skcipher_encrypt(tfm, buf, buf, len, iv) :
			    cryptarch_skcipher_decrypt(tfm, buf, buf, len, iv);
	if (err)
		fprintf(stderr, "%s: %s\n", name, cryptarch_strerror(err));
	cryptarch_skcipher_free(tfm);
	return err ? 1 : 0;
}

/*
 * Many-request CBC (cryptarch_skcipher_encrypt_many or, on decryption,
 * _decrypt_many) through the cbc instance NAME: MANY_N requests of 0 to 9
 * blocks made from BUF (so that they carry its data), more of them than
 * any driver has lanes, so that lanes are refilled, run with dummies or
 * finish in the driver's serial code; their first bytes are XORed into
 * BUF.
 */
#define MANY_N 11
static int run_many(const char *name, int enc, const uint8_t *key,
		    size_t keylen, uint8_t *buf)
{
	static uint8_t data[MANY_N][9 * 16];
	struct cryptarch_request req[MANY_N];
	uint8_t iv[MANY_N][16];
	cryptarch_skcipher *tfm;
	size_t i, j;
	int err;

	err = cryptarch_skcipher_new(&tfm, name, CRYPTARCH_ALLOW_VARIABLE_TIME);
	if (err) {
		fprintf(stderr, "%s: %s\n", name, cryptarch_strerror(err));
		return 1;
	}
	for (i = 0; i < MANY_N; i++) {
		for (j = 0; j < sizeof(data[i]); j++)
			data[i][j] = (uint8_t)(buf[j % 117] ^ (i * 31));
		memset(iv[i], (int)(0x3c + i), 16);
		req[i].src = data[i];
		req[i].dst = data[i];
		req[i].len = 16 * ((i * 5 + 2) % 10);
		req[i].iv = iv[i];
	}
	err = cryptarch_skcipher_setkey(tfm, key, keylen);
	if (!err)
		err = enc ? cryptarch_skcipher_encrypt_many(tfm, req, MANY_N) :
			    cryptarch_skcipher_decrypt_many(tfm, req, MANY_N);
	if (err)
		fprintf(stderr, "%s: %s\n", name, cryptarch_strerror(err));
	for (i = 0; i < MANY_N; i++)
		buf[i] ^= data[i][0] ^ iv[i][15];
	cryptarch_skcipher_free(tfm);
	return err ? 1 : 0;
}

/* The tag of LEN bytes of BUF through shash NAME under KEY (KEYLEN bytes;
 * 0: unkeyed), XORed into BUF. */
static int run_shash(const char *name, const uint8_t *key, size_t keylen,
		     uint8_t *buf, size_t len)
{
	cryptarch_shash *tfm;
	uint8_t tag[64];
	size_t i;
	int err;

	err = cryptarch_shash_new(&tfm, name, CRYPTARCH_ALLOW_VARIABLE_TIME);
	if (err) {
		fprintf(stderr, "%s: %s\n", name, cryptarch_strerror(err));
		return 1;
	}
	err = keylen ? cryptarch_shash_setkey(tfm, key, keylen) : 0;
	if (!err)
		err = cryptarch_shash_digest(tfm, buf, len, tag);
	for (i = 0; !err && i < cryptarch_shash_digestsize(tfm); i++)
		buf[i] ^= tag[i];
	if (err)
		fprintf(stderr, "%s: %s\n", name, cryptarch_strerror(err));
	cryptarch_shash_free(tfm);
	return err ? 1 : 0;
}

/* Seal messages of 16, 117 and AEAD_LEN bytes of the pattern at SEED
 * through aead NAME under KEY, and with DEC open them again; the first
 * bytes of each output XORed into BUF (128 bytes). */
static int run_aead(const char *name, int dec, const uint8_t *key,
		    size_t keylen, uint8_t *buf, uint8_t seed)
{
	static const size_t lens[] = { 16, 117, AEAD_LEN };
	static uint8_t msg[AEAD_LEN], sealed[AEAD_LEN + 16];
	uint8_t nonce[12], ad[20];
	cryptarch_aead *tfm;
	size_t k, i;
	int err;

	err = cryptarch_aead_new(&tfm, name, CRYPTARCH_ALLOW_VARIABLE_TIME);
	if (err) {
		fprintf(stderr, "%s: %s\n", name, cryptarch_strerror(err));
		return 1;
	}
	memset(nonce, 0x3c, sizeof(nonce));
	memset(ad, 0xa7, sizeof(ad));
	err = cryptarch_aead_setkey(tfm, key, keylen);
	for (k = 0; !err && k < sizeof(lens) / sizeof(lens[0]); k++) {
		for (i = 0; i < sizeof(msg); i++)
			msg[i] = (uint8_t)(i * 13 + 1 + seed);
		err = cryptarch_aead_encrypt(tfm, msg, sealed, lens[k], nonce,
					     sizeof(nonce), ad, sizeof(ad));
		if (!err && dec)
			err = cryptarch_aead_decrypt(tfm, sealed, msg,
						     lens[k] + 16, nonce,
						     sizeof(nonce), ad,
						     sizeof(ad));
		for (i = 0; !err && i < 16; i++)
			buf[i] ^= sealed[i] ^ sealed[lens[k] + i] ^ msg[i];
	}
	if (err)
		fprintf(stderr, "%s: %s\n", name, cryptarch_strerror(err));
	cryptarch_aead_free(tfm);
	return err ? 1 : 0;
}

/* 1 if S is built on DRV: DRV at the bottom of its first argument, every
 * other leaf DRV or a hash's driver (essiv's sha256, gcm's ghash) that is
 * available. */
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

static int run_cipher(const char *driver, int enc, const uint8_t *key,
		      size_t keylen, uint8_t *buf, size_t nblocks)
{
	cryptarch_cipher *tfm;
	size_t i;
	int err;

	err = cryptarch_cipher_new(&tfm, driver, CRYPTARCH_ALLOW_VARIABLE_TIME);
	if (err) {
		fprintf(stderr, "%s: %s\n", driver, cryptarch_strerror(err));
		return 1;
	}
	err = cryptarch_cipher_setkey(tfm, key, keylen);
	for (i = 0; !err && i < nblocks; i++)
		err = enc ? cryptarch_cipher_encrypt(tfm, buf + 16 * i,
						     buf + 16 * i) :
			    cryptarch_cipher_decrypt(tfm, buf + 16 * i,
						     buf + 16 * i);
	if (err)
		fprintf(stderr, "%s: %s\n", driver, cryptarch_strerror(err));
	cryptarch_cipher_free(tfm);
	return err ? 1 : 0;
}

int main(int argc, char **argv)
{
	const struct cryptarch_driver *drv;
	uint8_t key[64], buf[128];
	size_t keylen = 0, n = 0, i, k;
	char name[128];
	uint8_t seed = 0;
	int enc, rc = 0;

	if (argc == 2 && !strcmp(argv[1], "--list"))
		return list();
	if (argc < 4 || argc > 5 ||
	    (strcmp(argv[2], "enc") && strcmp(argv[2], "dec")) ||
	    cryptarch_unhex(key, 32, argv[3], &keylen) || !keylen ||
	    (argc == 5 && (cryptarch_unhex(&seed, 1, argv[4], &n) || n != 1))) {
		fprintf(stderr,
			"usage: %s --list | DRIVER enc|dec KEYHEX [DATAHEX]\n",
			argv[0]);
		return 2;
	}
	drv = cryptarch_driver_find(argv[1], strlen(argv[1]));
	enc = !strcmp(argv[2], "enc");
	if (!drv) {
		fprintf(stderr, "%s: unknown driver %s\n", argv[0], argv[1]);
		return 2;
	}
	if (!cryptarch_driver_available(drv)) {
		fprintf(stderr, "%s: not available on this CPU\n", drv->name);
		return 77;
	}
	for (i = 0; i < keylen; i++)
		key[keylen + i] = key[i] ^ 0x5c;

	for (i = 0; i < sizeof(buf); i++)
		buf[i] = (uint8_t)(i * 13 + 1 + seed);
	if (drv->alg->type != &cryptarch_type_cipher &&
	    drv->alg->max_keysize == 0) {
		/* an unkeyed hash: the key bytes and the buffer, as one
		 * message */
		uint8_t msg[32 + sizeof(buf)];

		memcpy(msg, key, keylen);
		memcpy(msg + keylen, buf, sizeof(buf));
		rc |= run_shash(drv->name, NULL, 0, msg, keylen + sizeof(buf));
		memcpy(buf, msg, sizeof(buf));
		printf("%s %s: %02x%02x\n", drv->name, argv[2], buf[0],
		       buf[116]);
		return rc;
	}
	if (drv->alg->type != &cryptarch_type_cipher) {
		/* a keyed hash: messages of the pattern under the key */
		static const size_t lens[] = { 16, 117, HASH_LEN };
		uint8_t msg[HASH_LEN];

		for (k = 0; k < sizeof(lens) / sizeof(lens[0]); k++) {
			for (i = 0; i < sizeof(msg); i++)
				msg[i] = (uint8_t)(i * 13 + 1 + seed);
			rc |= run_shash(drv->name, key, keylen, msg, lens[k]);
			for (i = 0; i < sizeof(buf); i++)
				buf[i] ^= msg[i]; /* the tag at the start */
		}
		printf("%s %s: %02x%02x\n", drv->name, argv[2], buf[0],
		       buf[116]);
		return rc;
	}
	rc |= run_cipher(drv->name, enc, key, keylen, buf, 3);
	for (k = 0; k < sizeof(names) / sizeof(names[0]); k++) {
		static struct cryptarch_spec v[CRYPTARCH_MAX_CANDS];
		char alg[128];
		size_t i2, n2;
		unsigned min, max;
		int exact;

		snprintf(alg, sizeof(alg), names[k].pattern, drv->alg->name);
		if (cryptarch_spec_enumerate(alg, NULL, v, NULL,
					     CRYPTARCH_MAX_CANDS, &n2,
					     &exact)) {
			fprintf(stderr, "%s: no instances of %s\n", argv[0],
				alg);
			rc = 1;
			continue;
		}
		for (i2 = 0; i2 < n2; i2++) {
			if (!built_on(&v[i2], drv))
				continue;
			cryptarch_spec_keysizes(&v[i2], &min, &max);
			if (keylen < min || keylen > max)
				continue; /* xcbc: 16 bytes only */
			cryptarch_spec_name(&v[i2], name, sizeof(name));
			if (cryptarch_spec_type(&v[i2]) ==
			    &cryptarch_type_shash)
				rc |= run_shash(name, key, keylen, buf,
						names[k].len);
			else if (cryptarch_spec_type(&v[i2]) ==
				 &cryptarch_type_aead)
				rc |= run_aead(name, !enc, key, keylen, buf,
					       seed);
			else
				rc |= run_mode(name, enc, key,
					       cryptarch_spec_nkeys(&v[i2]) *
						       keylen,
					       buf, names[k].len);
			if (!strcmp(names[k].pattern, "cbc(%s)"))
				rc |= run_many(name, enc, key, keylen, buf);
		}
	}
	printf("%s %s: %02x%02x\n", drv->name, argv[2], buf[0], buf[116]);
	return rc;
}
