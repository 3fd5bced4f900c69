/* SPDX-License-Identifier: MIT */
/*
 * ccm.c - the CCM template (NIST SP 800-38C; RFC 3610), as the kernel's
 * ccm_base: an aead over a ctr instance and a cbcmac instance of a
 * 128-bit block cipher, "ccm_base(ctr(aes),cbcmac(aes))", known by its
 * alias "ccm(aes)"; each is chosen on its own (the best CBC-MAC chain need
 * not be the best CTR), and both are keyed with the key.
 *
 * A request with a nonce of 15 - L bytes (7..13; L the length field's
 * bytes, 2..8): the CBC-MAC runs over B0 (flags, nonce, the length), the
 * encoded length of the associated data and the data itself zero-padded
 * to a block, then the payload, whose last partial block the cbcmac
 * instance zero-pads (SP 800-38C A.2). The counter blocks are A_i =
 * (L - 1) || nonce || [i]L: A_0 encrypts the MAC into the tag, A_1.. the
 * payload; the ctr instance's 128-bit increment never reaches the nonce
 * because len < 2^(8L). The payload goes in chunks that stay cached: on
 * encryption the MAC reads a chunk before ctr overwrites it (in place),
 * on decryption after. Decryption must decrypt to compute the MAC; the
 * handle zeroes the output when the tag (compared in constant time) does
 * not verify. A driver's hook (ccm.h) takes the payload's whole blocks
 * instead, the MAC chain and the counter blocks interleaved over one key
 * schedule. Constant-time exactly when the cipher is.
 */
#include <errno.h>
#include <string.h>

#include "../core/endian.h"
#include "../core/memzero.h"
#include "../types/aead.h"
#include "../types/shash.h"
#include "../types/skcipher.h"
#include "cbcmac.h"
#include "ccm.h"

#define CHUNK 4096

static int ccm_authsize_ok(unsigned n)
{
	/* SP 800-38C A.1 / RFC 3610 2: 4, 6, 8, 10, 12, 14 or 16 */
	return n >= 4 && n <= 16 && n % 2 == 0;
}

static int ccm_check(const struct cryptarch_aead_req *r)
{
	unsigned l = 15u - (unsigned)r->noncelen;

	if (r->noncelen < 7 || r->noncelen > 13)
		return -EINVAL;
	/* len must fit in L bytes */
	if (l < 8 && (uint64_t)r->len >> (8 * l))
		return -EINVAL;
	return 0;
}

struct ccm_mac {
	const struct cryptarch_inst *m;
	const struct cryptarch_shash_ops *o;
	uint64_t st[CRYPTARCH_SHASH_STATE_MAX / 8];
};

/* B0, and the associated data with its length encoding and padding. */
static void ccm_mac_start(const struct cryptarch_inst *in, struct ccm_mac *c,
			  const struct cryptarch_aead_req *r)
{
	unsigned l = 15u - (unsigned)r->noncelen, i;
	uint8_t b[16];
	size_t n;

	c->m = in->arg[1];
	c->o = cryptarch_shash_ops_of(c->m);
	c->o->init(c->m, c->st);
	b[0] = (uint8_t)((r->adlen ? 0x40 : 0) | ((r->authsize - 2) / 2) << 3 |
			 (l - 1));
	memcpy(b + 1, r->nonce, r->noncelen);
	for (i = 0; i < l; i++)
		b[15 - i] = (uint8_t)((uint64_t)r->len >> (8 * i));
	c->o->update(c->m, c->st, b, 16);
	if (!r->adlen)
		return;
	/* SP 800-38C A.2.2 */
	if ((uint64_t)r->adlen < 0xff00) {
		store32_be(b, (uint32_t)r->adlen << 16);
		n = 2;
	} else if ((uint64_t)r->adlen >> 32 == 0) {
		b[0] = 0xff;
		b[1] = 0xfe;
		store32_be(b + 2, (uint32_t)r->adlen);
		n = 6;
	} else {
		b[0] = 0xff;
		b[1] = 0xff;
		store64_be(b + 2, (uint64_t)r->adlen);
		n = 10;
	}
	c->o->update(c->m, c->st, b, n);
	c->o->update(c->m, c->st, r->ad, r->adlen);
	n = (n + r->adlen) % 16;
	if (n) {
		memset(b, 0, sizeof(b));
		c->o->update(c->m, c->st, b, 16 - n);
	}
}

/* A_0 of the request, and the counter block A_1 that follows it. */
static void ccm_ctr0(const struct cryptarch_aead_req *r, uint8_t a0[16],
		     uint8_t a1[16])
{
	memset(a0, 0, 16);
	a0[0] = (uint8_t)(14u - r->noncelen); /* L - 1 */
	memcpy(a0 + 1, r->nonce, r->noncelen);
	memcpy(a1, a0, 16);
	a1[15] = 1;
}

/* The tag: MSB(E(A_0) xor T), from the MAC's state, into T (16 bytes). */
static void ccm_tag(const struct cryptarch_inst *in, struct ccm_mac *c,
		    uint8_t a0[16], uint8_t t[16])
{
	c->o->final(c->m, c->st, t);
	(void)cryptarch_skcipher_run(in->arg[0], 0, t, t, 16, a0);
	cryptarch_memzero(c->st, sizeof(c->st));
}

/* The payload through the hook: whole blocks interleaved, then a partial
 * last one through the two instances. The MAC state is the cbcmac
 * template's (the hooked instance is over the driver's cbcmac one), with
 * no bytes pending after B0 and the padded associated data. */
static void ccm_hooked(const struct cryptarch_inst *in, struct ccm_mac *c,
		       const struct cryptarch_aead_req *r, uint8_t a1[16],
		       int dec)
{
	const struct cryptarch_ccm_hooks *k = in->hook;
	struct cryptarch_mac_state *ms = (struct cryptarch_mac_state *)c->st;
	size_t n = r->len / 16, tail = r->len % 16;
	const uint8_t *s = r->src + 16 * n;
	uint8_t *d = r->dst + 16 * n;

	if (n)
		(dec ? k->decrypt : k->encrypt)(in->arg[0]->key[0], r->dst,
						r->src, n, a1, ms->x);
	if (!tail)
		return;
	if (!dec)
		c->o->update(c->m, c->st, s, tail);
	(void)cryptarch_skcipher_run(in->arg[0], 0, d, s, tail, a1);
	if (dec)
		c->o->update(c->m, c->st, d, tail);
}

static int ccm_encrypt(const struct cryptarch_inst *in,
		       const struct cryptarch_aead_req *r)
{
	struct ccm_mac c;
	uint8_t a0[16], a1[16], t[16];
	size_t off, n;

	if (ccm_check(r))
		return -EINVAL;
	ccm_mac_start(in, &c, r);
	ccm_ctr0(r, a0, a1);
	if (in->hook)
		ccm_hooked(in, &c, r, a1, 0);
	for (off = 0; !in->hook && off < r->len; off += n) {
		n = r->len - off < CHUNK ? r->len - off : CHUNK;
		c.o->update(c.m, c.st, r->src + off, n);
		(void)cryptarch_skcipher_run(in->arg[0], 0, r->dst + off,
					     r->src + off, n, a1);
	}
	ccm_tag(in, &c, a0, t);
	memcpy(r->tag_out, t, r->authsize);
	cryptarch_memzero(t, sizeof(t));
	return 0;
}

static int ccm_decrypt(const struct cryptarch_inst *in,
		       const struct cryptarch_aead_req *r)
{
	struct ccm_mac c;
	uint8_t a0[16], a1[16], t[16], got[16];
	size_t off, n;
	int err;

	if (ccm_check(r))
		return -EINVAL;
	/* in place, the tag follows the ciphertext and stays untouched;
	 * copy it anyway before the output is written */
	memcpy(got, r->tag_in, r->authsize);
	ccm_mac_start(in, &c, r);
	ccm_ctr0(r, a0, a1);
	if (in->hook)
		ccm_hooked(in, &c, r, a1, 1);
	for (off = 0; !in->hook && off < r->len; off += n) {
		n = r->len - off < CHUNK ? r->len - off : CHUNK;
		(void)cryptarch_skcipher_run(in->arg[0], 0, r->dst + off,
					     r->src + off, n, a1);
		c.o->update(c.m, c.st, r->dst + off, n);
	}
	ccm_tag(in, &c, a0, t);
	err = cryptarch_aead_tag_check(t, got, r->authsize);
	cryptarch_memzero(t, sizeof(t));
	return err;
}

static const struct cryptarch_kat kats[] = {
	/* NIST SP 800-38C Appendix C, Examples 1-3 (in, the payload; out,
	 * the ciphertext then the tag; iv, the nonce; the last field, the
	 * associated data) */
	{ "ccm(aes)", "404142434445464748494a4b4c4d4e4f", "10111213141516",
	  "20212223", "7162015b4dac255d", "0001020304050607" },
	{ "ccm(aes)", "404142434445464748494a4b4c4d4e4f", "1011121314151617",
	  "202122232425262728292a2b2c2d2e2f",
	  "d2a1f0e051ea5f62081a7792073d593d1fc64fbfaccd",
	  "000102030405060708090a0b0c0d0e0f" },
	{ "ccm(aes)", "404142434445464748494a4b4c4d4e4f",
	  "101112131415161718191a1b",
	  "202122232425262728292a2b2c2d2e2f3031323334353637",
	  "e3b201a9f5b71a7a9b1ceaeccd97e70b6176aad9a4428aa5"
	  "484392fbc1b09951",
	  "000102030405060708090a0b0c0d0e0f10111213" },
	/* RFC 3610 section 8, Packet Vector #1 (the first 8 bytes of the
	 * packet are the associated data) */
	{ "ccm(aes)", "c0c1c2c3c4c5c6c7c8c9cacbcccdcecf",
	  "00000003020100a0a1a2a3a4a5",
	  "08090a0b0c0d0e0f101112131415161718191a1b1c1d1e",
	  "588c979a61c663d2f066d0c2c0f989806d5f6b61dac38417e8d12cfdf926e0",
	  "0001020304050607" },
	{ NULL, NULL, NULL, NULL, NULL },
};

const struct cryptarch_template cryptarch_ccm_base_template = {
	.name = "ccm_base",
	.alias = "ccm",
	.type = &cryptarch_type_aead,
	.nargs = 2,
	.args = { &cryptarch_type_skcipher, &cryptarch_type_shash },
	.over = "ctr",
	.over_arg = { NULL, "cbcmac" },
	.mean_priority = 1,
	.ivsize = 16,
	.blocksize = 1,
	.ops = &(const struct cryptarch_aead_ops){
		.maxauthsize = 16,
		.authsize_ok = ccm_authsize_ok,
		.encrypt = ccm_encrypt,
		.decrypt = ccm_decrypt,
	},
	.kats = kats,
};
