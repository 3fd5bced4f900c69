/* SPDX-License-Identifier: MIT */
/*
 * gcm.c - the GCM template (NIST SP 800-38D; McGrew and Viega, "The
 * Galois/Counter Mode of Operation"), as the kernel's gcm_base: an aead
 * over a ctr instance of a 128-bit block cipher and a ghash driver,
 * "gcm_base(ctr(aes),ghash)", known by its alias "gcm(aes)".
 *
 * setkey keys the ctr instance, takes H = E(0^128) from it (the counter
 * block 0 encrypted) and keys the ghash driver with H. A request: J0 is
 * nonce || 0^31 || 1 for a 12-byte nonce, else GHASH(nonce, zero padding,
 * 0^64 || [bitlen(nonce)]64); the payload is the ctr instance's keystream
 * from inc32(J0), split where the low 32 bits of the counter wrap (GCM
 * increments only them, ctr all 128); S = GHASH(A, C, lengths) with the
 * driver's block function; tag = MSB_t(E(J0) xor S). Encryption runs in
 * chunks that stay in the first-level cache: ctr over a chunk, then
 * GHASH over the ciphertext just written. Decryption hashes the whole
 * ciphertext and compares the tag (constant time) before it decrypts, so
 * nothing is written unless the tag verifies. A whole-AEAD driver's hook
 * (gcm.h) runs the request after J0 instead, cipher and GHASH in one
 * pass (and writes or checks the tag itself when it has SEAL and OPEN;
 * J0 is then the hook's for a 12-byte nonce); its decryption writes
 * plaintext before the tag is checked, and the handle zeroes it if the
 * tag fails. Constant-time exactly when
 * the cipher and the ghash driver are (every ghash driver is).
 */
#include <errno.h>
#include <string.h>

#include "../core/endian.h"
#include "../core/memzero.h"
#include "../ghash/ghash.h"
#include "../types/aead.h"
#include "../types/skcipher.h"
#include "gcm.h"

#define CHUNK 4096 /* bytes: ctr then GHASH over each, while it is cached */

static int gcm_setkey(const struct cryptarch_inst *in, const uint8_t *key,
		      size_t keylen)
{
	uint8_t h[16] = { 0 }, ctr[16] = { 0 };
	int err = cryptarch_inst_setkey(in->arg[0], key, keylen);

	if (err)
		return err;
	err = cryptarch_skcipher_run(in->arg[0], 0, h, h, 16, ctr);
	if (!err)
		err = cryptarch_inst_setkey(in->arg[1], h, 16);
	cryptarch_memzero(h, sizeof(h));
	cryptarch_memzero(ctr, sizeof(ctr));
	return err;
}

static int gcm_authsize_ok(unsigned n)
{
	/* SP 800-38D 5.2.1.2: 128, 120, 112, 104, 96 bits; 64 and 32 for
	 * some applications */
	return n == 4 || n == 8 || (n >= 12 && n <= 16);
}

struct gcm_hash {
	const struct cryptarch_inst *g;
	cryptarch_ghash_blocks_fn blocks;
	uint8_t y[16];
};

/* LEN bytes into Y, a trailing partial block zero-padded. */
static void hash_padded(struct gcm_hash *h, const uint8_t *p, size_t len)
{
	uint8_t last[16];
	size_t n = len / 16, r = len % 16;

	if (n)
		h->blocks(h->g->key[0], h->y, p, n);
	if (r) {
		memset(last, 0, sizeof(last));
		memcpy(last, p + 16 * n, r);
		h->blocks(h->g->key[0], h->y, last, 1);
	}
}

/* The lengths block: [bitlen(A)]64 || [bitlen(C)]64. */
static void hash_lengths(struct gcm_hash *h, uint64_t a, uint64_t c)
{
	uint8_t b[16];

	store64_be(b, a << 3);
	store64_be(b + 8, c << 3);
	h->blocks(h->g->key[0], h->y, b, 1);
}

/* J0 of the request (SP 800-38D 7.1 step 2). */
static void gcm_j0(const struct cryptarch_inst *in,
		   const struct cryptarch_aead_req *r, uint8_t j0[16])
{
	struct gcm_hash h = { in->arg[1], cryptarch_ghash_blocks_of(in->arg[1]),
			      { 0 } };

	if (r->noncelen == 12) {
		memcpy(j0, r->nonce, 12);
		store32_be(j0 + 12, 1);
		return;
	}
	hash_padded(&h, r->nonce, r->noncelen);
	hash_lengths(&h, 0, r->noncelen);
	memcpy(j0, h.y, 16);
}

/*
 * LEN bytes of keystream from counter block CB (updated) through the ctr
 * instance, with GCM's increment: when the low 32 bits wrap, the upper 96
 * stay as they were (the ctr instance would carry into them).
 */
static void gcm_ctr(const struct cryptarch_inst *in, uint8_t *dst,
		    const uint8_t *src, size_t len, uint8_t cb[16])
{
	while (len) {
		uint64_t left = 0x100000000ull - load32_be(cb + 12);
		size_t n = len;
		uint8_t top[12];

		if ((uint64_t)len > left * 16) {
			n = (size_t)(left * 16);
			memcpy(top, cb, 12);
		}
		(void)cryptarch_skcipher_run(in->arg[0], 0, dst, src, n, cb);
		if (n < len) {
			memcpy(cb, top, 12); /* the low 32 bits are 0 now */
			store32_be(cb + 12, 0);
		}
		dst += n;
		src += n;
		len -= n;
	}
}

/* The tag: MSB(E(J0) xor S) into T (16 bytes). */
static void gcm_tag(const struct cryptarch_inst *in, const uint8_t j0[16],
		    const uint8_t s[16], uint8_t t[16])
{
	uint8_t cb[16];

	memcpy(cb, j0, 16);
	memcpy(t, s, 16);
	(void)cryptarch_skcipher_run(in->arg[0], 0, t, t, 16, cb);
}

static int gcm_check(const struct cryptarch_aead_req *r)
{
	/* SP 800-38D 5.2.1.1: at most 2^39 - 256 bits of plaintext */
	if ((uint64_t)r->len > (1ull << 36) - 32)
		return -EINVAL;
	return 0;
}

static int gcm_encrypt(const struct cryptarch_inst *in,
		       const struct cryptarch_aead_req *r)
{
	struct gcm_hash h;
	uint8_t j0[16], cb[16], t[16];
	size_t off, n;

	if (gcm_check(r))
		return -EINVAL;
	if (in->hook) {
		const struct cryptarch_gcm_hooks *k = in->hook;

		if (k->seal) {
			/* the whole request, the tag too, on the hook */
			if (r->noncelen != 12)
				gcm_j0(in, r, j0);
			k->seal(in->arg[0]->key[0], in->arg[1]->key[0], r,
				r->noncelen == 12 ? NULL : j0);
			return 0;
		}
		gcm_j0(in, r, j0);
		k->encrypt(in->arg[0]->key[0], in->arg[1]->key[0], r, j0, t);
		memcpy(r->tag_out, t, r->authsize);
		cryptarch_memzero(t, sizeof(t));
		return 0;
	}
	gcm_j0(in, r, j0);
	h.g = in->arg[1];
	h.blocks = cryptarch_ghash_blocks_of(in->arg[1]);
	memset(h.y, 0, sizeof(h.y));
	memcpy(cb, j0, 16);
	store32_be(cb + 12, load32_be(j0 + 12) + 1);
	hash_padded(&h, r->ad, r->adlen);
	for (off = 0; off < r->len; off += n) {
		n = r->len - off < CHUNK ? r->len - off : CHUNK;
		gcm_ctr(in, r->dst + off, r->src + off, n, cb);
		hash_padded(&h, r->dst + off, n);
	}
	hash_lengths(&h, r->adlen, r->len);
	gcm_tag(in, j0, h.y, t);
	memcpy(r->tag_out, t, r->authsize);
	cryptarch_memzero(t, sizeof(t));
	cryptarch_memzero(&h, sizeof(h));
	return 0;
}

static int gcm_decrypt(const struct cryptarch_inst *in,
		       const struct cryptarch_aead_req *r)
{
	struct gcm_hash h;
	uint8_t j0[16], cb[16], t[16], got[16];
	int err;

	if (gcm_check(r))
		return -EINVAL;
	if (in->hook) {
		const struct cryptarch_gcm_hooks *k = in->hook;

		if (k->open) {
			/* the tag compared by the hook too */
			if (r->noncelen != 12)
				gcm_j0(in, r, j0);
			return k->open(in->arg[0]->key[0], in->arg[1]->key[0],
				       r, r->noncelen == 12 ? NULL : j0);
		}
		gcm_j0(in, r, j0);
		/* one pass; the handle zeroes the output on a bad tag, and
		 * the tag (after the ciphertext) is read before DST is
		 * written */
		memcpy(got, r->tag_in, r->authsize);
		k->decrypt(in->arg[0]->key[0], in->arg[1]->key[0], r, j0, t);
		err = cryptarch_aead_tag_check(t, got, r->authsize);
		cryptarch_memzero(t, sizeof(t));
		return err;
	}
	gcm_j0(in, r, j0);
	h.g = in->arg[1];
	h.blocks = cryptarch_ghash_blocks_of(in->arg[1]);
	memset(h.y, 0, sizeof(h.y));
	hash_padded(&h, r->ad, r->adlen);
	hash_padded(&h, r->src, r->len);
	hash_lengths(&h, r->adlen, r->len);
	gcm_tag(in, j0, h.y, t);
	err = cryptarch_aead_tag_check(t, r->tag_in, r->authsize);
	cryptarch_memzero(t, sizeof(t));
	cryptarch_memzero(&h, sizeof(h));
	if (err)
		return err;
	memcpy(cb, j0, 16);
	store32_be(cb + 12, load32_be(j0 + 12) + 1);
	gcm_ctr(in, r->dst, r->src, r->len, cb);
	return 0;
}

static const struct cryptarch_kat kats[] = {
	/* McGrew and Viega, "The Galois/Counter Mode of Operation (GCM)",
	 * revised 2005, Appendix B: Test Cases 1-5, 10 and 16 (in, the
	 * plaintext; out, the ciphertext then the tag; iv, the nonce) */
	{ "gcm(aes)", "00000000000000000000000000000000",
	  "000000000000000000000000", "", "58e2fccefa7e3061367f1d57a4e7455a" },
	{ "gcm(aes)", "00000000000000000000000000000000",
	  "000000000000000000000000", "00000000000000000000000000000000",
	  "0388dace60b6a392f328c2b971b2fe78"
	  "ab6e47d42cec13bdf53a67b21257bddf" },
	{ "gcm(aes)", "feffe9928665731c6d6a8f9467308308",
	  "cafebabefacedbaddecaf888",
	  "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
	  "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b391aafd255",
	  "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
	  "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091473f5985"
	  "4d5c2af327cd64a62cf35abd2ba6fab4" },
	{ "gcm(aes)", "feffe9928665731c6d6a8f9467308308",
	  "cafebabefacedbaddecaf888",
	  "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
	  "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39",
	  "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
	  "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091"
	  "5bc94fbc3221a5db94fae95ae7121a47",
	  "feedfacedeadbeeffeedfacedeadbeefabaddad2" },
	/* Test Case 5: an 8-byte nonce (J0 through GHASH) */
	{ "gcm(aes)", "feffe9928665731c6d6a8f9467308308", "cafebabefacedbad",
	  "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
	  "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39",
	  "61353b4c2806934a777ff51fa22a4755699b2a714fcdc6f83766e5f97b6c7423"
	  "73806900e49f24b22b097544d4896b424989b5e1ebac0f07c23f4598"
	  "3612d2e79e3b0785561be14aaca2fccb",
	  "feedfacedeadbeeffeedfacedeadbeefabaddad2" },
	{ "gcm(aes)", "feffe9928665731c6d6a8f9467308308feffe9928665731c",
	  "cafebabefacedbaddecaf888",
	  "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
	  "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39",
	  "3980ca0b3c00e841eb06fac4872a2757859e1ceaa6efd984628593b40ca1e19c"
	  "7d773d00c144c525ac619d18c84a3f4718e2448b2fe324d9ccda2710"
	  "2519498e80f1478f37ba55bd6d27618c",
	  "feedfacedeadbeeffeedfacedeadbeefabaddad2" },
	{ "gcm(aes)",
	  "feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308",
	  "cafebabefacedbaddecaf888",
	  "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
	  "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39",
	  "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa"
	  "8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662"
	  "76fc6ece0f4e1768cddf8853bb2d551b",
	  "feedfacedeadbeeffeedfacedeadbeefabaddad2" },
	{ NULL, NULL, NULL, NULL, NULL },
};

const struct cryptarch_template cryptarch_gcm_base_template = {
	.name = "gcm_base",
	.alias = "gcm",
	.type = &cryptarch_type_aead,
	.nargs = 2,
	.args = { &cryptarch_type_skcipher, &cryptarch_type_shash },
	.over = "ctr",
	.over_arg = { NULL, "ghash" },
	.mean_priority = 1,
	.ivsize = 12,
	.blocksize = 1,
	.setkey = gcm_setkey,
	.ops = &(const struct cryptarch_aead_ops){
		.maxauthsize = 16,
		.authsize_ok = gcm_authsize_ok,
		.encrypt = gcm_encrypt,
		.decrypt = gcm_decrypt,
	},
	.kats = kats,
};
