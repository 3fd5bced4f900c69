/* SPDX-License-Identifier: MIT */
/*
 * aead.c - the aead type: the public handle cryptarch_aead (gcm, ccm:
 * authenticated encryption with associated data, the kernel's aead with
 * flat buffers) and the type's operations for the core (self-test of an
 * instance against a known answer and against another instance, its
 * /proc/crypto fields).
 *
 * Rules (DESIGN.md, "aead"): -ENOKEY before setkey; the tag length is the
 * template's rule (default its maximum, 16); encryption writes the
 * ciphertext and then the tag; decryption takes the ciphertext and then
 * the tag, and on a tag that does not verify returns -EBADMSG with the
 * LEN - AUTHSIZE bytes of the output zeroed, so that unauthenticated
 * plaintext never reaches the caller. Every other error leaves the output
 * untouched: the checks here and the instance's come first. Key contexts
 * are the common handle's (src/core/tfm.h), wiped with it.
 *
 * As the skcipher handle, a request finds its instance by one length
 * compare: REQ[decrypt][large].
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/hex.h"
#include "../core/memzero.h"
#include "../core/profile.h"
#include "../core/tfm.h"
#include "aead.h"
#include "cryptarch.h"
#include "handle.h"

struct req {
	const struct cryptarch_inst *in;
	int (*fn)(const struct cryptarch_inst *in,
		  const struct cryptarch_aead_req *r);
};

struct cryptarch_aead {
	struct req req[2][2]; /* [decrypt][length > small max] */
	const struct cryptarch_aead_ops *ops;
	unsigned authsize;
	struct cryptarch_tfm tfm;
	char driver[CRYPTARCH_NAME_MAX + 1]; /* cryptarch_aead_driver() */
};

static void set_requests(struct cryptarch_aead *t)
{
	int d, c;

	for (d = 0; d < 2; d++)
		for (c = 0; c < 2; c++) {
			const struct cryptarch_inst *in =
				&t->tfm.root[d][c]->node[0];
			const struct cryptarch_aead_ops *o =
				cryptarch_aead_ops_of(in);

			t->req[d][c].in = in;
			t->req[d][c].fn = d ? o->decrypt : o->encrypt;
		}
	t->ops = cryptarch_aead_ops_of(t->req[0][1].in);
	cryptarch_tfm_slot_name(&t->tfm, 0, 1, t->driver, sizeof(t->driver));
}

int cryptarch_aead_new(cryptarch_aead **tfm, const char *name, unsigned flags)
{
	struct cryptarch_aead *t;
	int err;

	if (!tfm)
		return -EINVAL;
	*tfm = NULL;
	t = calloc(1, sizeof(*t));
	if (!t)
		return -ENOMEM;
	err = cryptarch_tfm_init(&t->tfm, name, &cryptarch_type_aead, flags);
	if (err) {
		free(t);
		return err;
	}
	set_requests(t);
	t->authsize = t->ops->maxauthsize;
	*tfm = t;
	return 0;
}

int cryptarch_aead_setkey(cryptarch_aead *tfm, const void *key, size_t keylen)
{
	int err;

	if (!tfm)
		return -EINVAL;
	err = cryptarch_tfm_setkey(&tfm->tfm, key, keylen);
	set_requests(tfm);
	return err;
}

int cryptarch_aead_setauthsize(cryptarch_aead *tfm, size_t authsize)
{
	if (!tfm || authsize > tfm->ops->maxauthsize ||
	    !tfm->ops->authsize_ok((unsigned)authsize))
		return -EINVAL;
	tfm->authsize = (unsigned)authsize;
	return 0;
}

size_t cryptarch_aead_authsize(const cryptarch_aead *tfm)
{
	return tfm ? tfm->authsize : 0;
}

static int aead_crypt(cryptarch_aead *tfm, const void *src, void *dst,
		      size_t len, const uint8_t *nonce, size_t noncelen,
		      const void *ad, size_t adlen, int dec)
{
	struct cryptarch_aead_req r;
	const struct req *q;
	int err;

	if (!tfm)
		return -EINVAL;
	if (!tfm->tfm.keyed)
		return -ENOKEY;
	if (!nonce || noncelen == 0 || (adlen && !ad))
		return -EINVAL;
	if (dec && len < tfm->authsize)
		return -EINVAL;
	r.len = dec ? len - tfm->authsize : len;
	/* encryption always writes a tag; decryption always reads one */
	if ((dec || r.len) && !src)
		return -EINVAL;
	if ((!dec || r.len) && !dst)
		return -EINVAL;
	if (!dec && len > SIZE_MAX - tfm->authsize)
		return -EINVAL;
	r.src = src;
	r.dst = dst;
	r.nonce = nonce;
	r.noncelen = noncelen;
	r.ad = ad;
	r.adlen = adlen;
	r.authsize = tfm->authsize;
	r.tag_out = dec ? NULL : (uint8_t *)dst + len;
	r.tag_in = dec ? (const uint8_t *)src + r.len : NULL;
	q = &tfm->req[dec][r.len > CRYPTARCH_PROFILE_SMALL_MAX];
	err = q->fn(q->in, &r);
	if (err == -EBADMSG && r.len)
		cryptarch_memzero(dst, r.len);
	return err;
}

int cryptarch_aead_encrypt(cryptarch_aead *tfm, const void *src, void *dst,
			   size_t len, const uint8_t *nonce, size_t noncelen,
			   const void *ad, size_t adlen)
{
	return aead_crypt(tfm, src, dst, len, nonce, noncelen, ad, adlen, 0);
}

int cryptarch_aead_decrypt(cryptarch_aead *tfm, const void *src, void *dst,
			   size_t len, const uint8_t *nonce, size_t noncelen,
			   const void *ad, size_t adlen)
{
	return aead_crypt(tfm, src, dst, len, nonce, noncelen, ad, adlen, 1);
}

const char *cryptarch_aead_driver(const cryptarch_aead *tfm)
{
	return tfm ? tfm->driver : NULL;
}

void cryptarch_aead_free(cryptarch_aead *tfm)
{
	if (tfm)
		cryptarch_tfm_release(tfm, sizeof(*tfm), &tfm->tfm);
}

/* see handle.h */
const void *cryptarch_aead_ctx(const cryptarch_aead *tfm, size_t *size)
{
	*size = tfm->tfm.ctxsize;
	return tfm->tfm.ctx;
}

/* see handle.h */
const char *cryptarch_aead_slot(const cryptarch_aead *tfm, int decrypt,
				int large, char *buf, size_t size)
{
	return cryptarch_tfm_slot_name(&tfm->tfm, decrypt, large, buf, size);
}

/* ---- the type, for the core ---------------------------------------------- */

#define MAXLEN 512
#define MAXNONCE 128

static size_t unhex(uint8_t *out, size_t max, const char *hex, int *bad)
{
	size_t n = 0;

	if (!hex || cryptarch_unhex(out, max, hex, &n) != 0)
		*bad = 1;
	return n;
}

/* One request through IN in direction DEC; the instance's result. */
static int run(const struct cryptarch_inst *in, int dec, uint8_t *dst,
	       const uint8_t *src, size_t len, const uint8_t *nonce,
	       size_t noncelen, const uint8_t *ad, size_t adlen,
	       unsigned authsize)
{
	const struct cryptarch_aead_ops *o = cryptarch_aead_ops_of(in);
	struct cryptarch_aead_req r = { src, dst, len, nonce, noncelen,
					adlen ? ad : NULL, adlen, authsize,
					dec ? NULL : dst + len,
					dec ? src + len : NULL };

	return (dec ? o->decrypt : o->encrypt)(in, &r);
}

/* see desc.h (struct cryptarch_type.kat): encryption out of place and in
 * place, decryption in place, and the tag with one bit flipped refused
 * with the output zeroed. */
static int kat(const struct cryptarch_inst *in, const struct cryptarch_kat *k)
{
	static uint8_t pt[MAXLEN], ct[MAXLEN + 16], buf[MAXLEN + 16];
	uint8_t nonce[MAXNONCE], ad[MAXLEN];
	int bad = 0, err = 0;
	size_t len = unhex(pt, MAXLEN, k->in, &bad);
	size_t clen = unhex(ct, sizeof(ct), k->out, &bad);
	size_t nl = unhex(nonce, sizeof(nonce), k->iv, &bad);
	size_t al = k->ad ? unhex(ad, sizeof(ad), k->ad, &bad) : 0;
	unsigned as;

	if (bad || clen < len || clen - len > CRYPTARCH_AEAD_TAG_MAX || !nl)
		return -EIO;
	as = (unsigned)(clen - len);
	if (!cryptarch_aead_ops_of(in)->authsize_ok(as))
		return -EIO;
	memset(buf, 0xa5, sizeof(buf));
	err |= run(in, 0, buf, pt, len, nonce, nl, ad, al, as);
	err |= memcmp(buf, ct, clen);
	memcpy(buf, pt, len);
	err |= run(in, 0, buf, buf, len, nonce, nl, ad, al, as);
	err |= memcmp(buf, ct, clen);
	err |= run(in, 1, buf, buf, len, nonce, nl, ad, al, as);
	err |= memcmp(buf, pt, len);
	memcpy(buf, ct, clen);
	buf[clen - 1] ^= 0x01;
	if (run(in, 1, buf, buf, len, nonce, nl, ad, al, as) != -EBADMSG)
		err = 1;
	cryptarch_memzero(buf, sizeof(buf));
	return err ? -EIO : 0;
}

/* see desc.h (struct cryptarch_type.compare): lengths around the block
 * boundaries and a long one, associated data of several lengths, nonces
 * of 12 and 8 bytes, the full tag: A encrypts, B encrypts and decrypts A's
 * output. */
static int compare(const struct cryptarch_inst *a,
		   const struct cryptarch_inst *b)
{
	static const size_t lens[] = { 0, 1, 15, 16, 17, 33, 64, 37 * 16 + 7 };
	static const size_t adlens[] = { 0, 13, 16, 20, 0, 1, 31, 48 };
	static uint8_t msg[MAXLEN + 128], x[MAXLEN + 160], y[MAXLEN + 160];
	uint8_t nonce[12], ad[64];
	unsigned as = cryptarch_aead_ops_of(a)->maxauthsize;
	size_t i, nl;
	int err = 0;

	for (i = 0; i < sizeof(msg); i++)
		msg[i] = (uint8_t)(i * 131 + 17);
	for (i = 0; i < sizeof(ad); i++)
		ad[i] = (uint8_t)(i * 7 + 3);
	for (i = 0; i < sizeof(nonce); i++)
		nonce[i] = (uint8_t)(0xf0 + i);
	for (i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
		size_t len = lens[i], al = adlens[i];

		nl = i & 1 ? 8 : 12;
		err |= run(a, 0, x, msg, len, nonce, nl, ad, al, as);
		err |= run(b, 0, y, msg, len, nonce, nl, ad, al, as);
		err |= memcmp(x, y, len + as);
		err |= run(b, 1, y, x, len, nonce, nl, ad, al, as);
		err |= memcmp(y, msg, len);
	}
	return err ? -EIO : 0;
}

static void show(const struct cryptarch_spec *s, cryptarch_field_fn field,
		 void *arg)
{
	const struct cryptarch_template *t = cryptarch_spec_template(s);
	const struct cryptarch_aead_ops *o = t->ops;
	unsigned min, max;
	char v[24];

	cryptarch_spec_keysizes(s, &min, &max);
	snprintf(v, sizeof(v), "%u", cryptarch_spec_blocksize(s));
	field(arg, "blocksize", v);
	snprintf(v, sizeof(v), "%u", min);
	field(arg, "min keysize", v);
	snprintf(v, sizeof(v), "%u", max);
	field(arg, "max keysize", v);
	snprintf(v, sizeof(v), "%u", cryptarch_spec_ivsize(s));
	field(arg, "ivsize", v);
	snprintf(v, sizeof(v), "%u", o->maxauthsize);
	field(arg, "maxauthsize", v);
	field(arg, "geniv", "<none>");
}

const struct cryptarch_type cryptarch_type_aead = {
	.name = "aead",
	.nops = 2,
	.op_words = { "enc", "dec" },
	.op_names = { "encryption", "decryption" },
	.kat = kat,
	.compare = compare,
	.show = show,
};
