/* SPDX-License-Identifier: MIT */
/*
 * skcipher.c - the skcipher type: the public handle cryptarch_skcipher (a
 * mode over a block cipher, or a template over another skcipher), and the
 * type's operations for the core (self-test of an instance against a
 * known answer and against another instance, its /proc/crypto fields).
 * Arguments and lengths are checked here, at the boundary, before anything
 * is written; the key contexts are the common handle's (src/core/tfm.h),
 * wiped when a key is replaced, when setkey fails, and when the handle is
 * freed.
 *
 * After setkey a request finds its instance and the template's function
 * by one length compare: REQ[decrypt][large] caches both, so a call costs
 * the checks below and one indirect call into the template (which hands
 * whole blocks to the driver's hook, where it has one). Many-request calls
 * (_many) have a slot of their own, MANY[decrypt]: every request is
 * checked first, then the template's many function runs them all (the
 * driver's interleaving hook, where it has one), or one call each.
 *
 * cryptarch_skcipher_driver() names the instance that encrypts large
 * requests (more than CRYPTARCH_PROFILE_SMALL_MAX bytes) at the key size
 * set, or before a key is set at the cipher's smallest; the other slots are
 * shown by `cryptarch explain` and by cryptarch_skcipher_slot().
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/hex.h"
#include "../core/memzero.h"
#include "../core/profile.h"
#include "../core/registry.h"
#include "../core/tfm.h"
#include "cryptarch.h"
#include "handle.h"
#include "skcipher.h"

struct req {
	cryptarch_skcipher_fn fn;
	const struct cryptarch_inst *in;
};

struct cryptarch_skcipher {
	struct req req[2][2]; /* [decrypt][length > small max] */
	const struct cryptarch_inst *many[2]; /* [decrypt]: _many's */
	unsigned ivsize, nkeys;
	struct cryptarch_tfm tfm;
	char driver[CRYPTARCH_NAME_MAX + 1]; /* cryptarch_skcipher_driver() */
};

static void set_requests(struct cryptarch_skcipher *t)
{
	int d, c;

	for (d = 0; d < 2; d++)
		for (c = 0; c < 2; c++) {
			const struct cryptarch_inst *in =
				&t->tfm.root[d][c]->node[0];
			const struct cryptarch_skcipher_ops *o = in->tmpl->ops;

			t->req[d][c].in = in;
			t->req[d][c].fn = d ? o->decrypt : o->encrypt;
		}
	for (d = 0; d < 2; d++)
		t->many[d] = &t->tfm.root[d][CRYPTARCH_CLASS_MANY]->node[0];
	cryptarch_tfm_slot_name(&t->tfm, 0, 1, t->driver, sizeof(t->driver));
}

int cryptarch_skcipher_new(cryptarch_skcipher **tfm, const char *name,
			   unsigned flags)
{
	struct cryptarch_skcipher *t;
	int err;

	if (!tfm)
		return -EINVAL;
	*tfm = NULL;
	t = calloc(1, sizeof(*t));
	if (!t)
		return -ENOMEM;
	err = cryptarch_tfm_init(&t->tfm, name, &cryptarch_type_skcipher,
				 flags);
	if (err) {
		free(t);
		return err;
	}
	t->ivsize = cryptarch_spec_ivsize(&t->tfm.plan.prio);
	t->nkeys = cryptarch_spec_nkeys(&t->tfm.plan.prio);
	set_requests(t);
	*tfm = t;
	return 0;
}

int cryptarch_skcipher_setkey(cryptarch_skcipher *tfm, const void *key,
			      size_t keylen)
{
	int err;

	if (!tfm)
		return -EINVAL;
	err = cryptarch_tfm_setkey(&tfm->tfm, key, keylen);
	set_requests(tfm);
	return err;
}

static int skcipher_crypt(cryptarch_skcipher *tfm, const void *src, void *dst,
			  size_t len, uint8_t *iv, int dec)
{
	const struct req *r;

	if (!tfm)
		return -EINVAL;
	if (!tfm->tfm.keyed)
		return -ENOKEY;
	if (len && (!src || !dst))
		return -EINVAL;
	if (tfm->ivsize && !iv && (len || tfm->nkeys > 1))
		return -EINVAL;
	r = &tfm->req[dec][len > CRYPTARCH_PROFILE_SMALL_MAX];
	return r->fn(r->in, dst, src, len, iv);
}

int cryptarch_skcipher_encrypt(cryptarch_skcipher *tfm, const void *src,
			       void *dst, size_t len, uint8_t iv[16])
{
	return skcipher_crypt(tfm, src, dst, len, iv, 0);
}

int cryptarch_skcipher_decrypt(cryptarch_skcipher *tfm, const void *src,
			       void *dst, size_t len, uint8_t iv[16])
{
	return skcipher_crypt(tfm, src, dst, len, iv, 1);
}

/* The length rules of most modes (skcipher.h). */
int cryptarch_skcipher_check_blocks(const struct cryptarch_inst *in,
				    size_t len)
{
	(void)in;
	return len % 16 ? -EINVAL : 0;
}

int cryptarch_skcipher_check_one_block(const struct cryptarch_inst *in,
				       size_t len)
{
	(void)in;
	return len < 16 ? -EINVAL : 0;
}

/* The length rule of instance IN: its template's, or where it has none
 * and wraps another skcipher instance (a template of templates), that
 * one's; none at all: any length. */
static int check_len(const struct cryptarch_inst *in, size_t len)
{
	while (in && in->tmpl) {
		const struct cryptarch_skcipher_ops *o = in->tmpl->ops;

		if (o->check)
			return o->check(in, len);
		if (in->tmpl->args[0] != &cryptarch_type_skcipher)
			return 0;
		in = in->arg[0];
	}
	return 0;
}

/* Every request checked as a single call checks it, then all run: the
 * template's many-request function, or one call after another. */
static int skcipher_many(cryptarch_skcipher *tfm,
			 const struct cryptarch_request *req, size_t n, int dec)
{
	const struct cryptarch_inst *in;
	const struct cryptarch_skcipher_ops *o;
	cryptarch_skcipher_fn fn;
	size_t i;

	if (!tfm || (n && !req))
		return -EINVAL;
	if (!tfm->tfm.keyed)
		return -ENOKEY;
	in = tfm->many[dec];
	o = in->tmpl->ops;
	for (i = 0; i < n; i++) {
		const struct cryptarch_request *r = &req[i];

		if (r->len && (!r->src || !r->dst))
			return -EINVAL;
		if (tfm->ivsize && !r->iv && (r->len || tfm->nkeys > 1))
			return -EINVAL;
		if (check_len(in, r->len))
			return -EINVAL;
	}
	if (n == 0)
		return 0;
	if (o->many) {
		o->many(in, dec, req, n);
		return 0;
	}
	fn = dec ? o->decrypt : o->encrypt;
	for (i = 0; i < n; i++)
		(void)fn(in, req[i].dst, req[i].src, req[i].len, req[i].iv);
	return 0;
}

int cryptarch_skcipher_encrypt_many(cryptarch_skcipher *tfm,
				    const struct cryptarch_request *req,
				    size_t n)
{
	return skcipher_many(tfm, req, n, 0);
}

int cryptarch_skcipher_decrypt_many(cryptarch_skcipher *tfm,
				    const struct cryptarch_request *req,
				    size_t n)
{
	return skcipher_many(tfm, req, n, 1);
}

/* see the comment at the top of this file */
const char *cryptarch_skcipher_driver(const cryptarch_skcipher *tfm)
{
	return tfm ? tfm->driver : NULL;
}

void cryptarch_skcipher_free(cryptarch_skcipher *tfm)
{
	if (tfm)
		cryptarch_tfm_release(tfm, sizeof(*tfm), &tfm->tfm);
}

/* see handle.h */
const void *cryptarch_skcipher_ctx(const cryptarch_skcipher *tfm, size_t *size)
{
	*size = tfm->tfm.ctxsize;
	return tfm->tfm.ctx;
}

/* see handle.h */
const char *cryptarch_skcipher_slot(const cryptarch_skcipher *tfm, int decrypt,
				    int cls, char *buf, size_t size)
{
	return cryptarch_tfm_slot_name(&tfm->tfm, decrypt, cls, buf, size);
}

/* see handle.h */
size_t cryptarch_skcipher_nimpl(const cryptarch_skcipher *tfm)
{
	return cryptarch_tfm_nkeys_used(&tfm->tfm);
}

/* ---- the type, for the core ---------------------------------------------- */

#define MAXLEN 512
#define LONG_LEN (37 * 16 + 7) /* many blocks and a partial one */

static size_t unhex(uint8_t *out, size_t max, const char *hex)
{
	size_t n = 0;

	return hex && cryptarch_unhex(out, max, hex, &n) == 0 ? n : 0;
}

/* see desc.h (struct cryptarch_type.kat) */
static int kat(const struct cryptarch_inst *in, const struct cryptarch_kat *k)
{
	uint8_t iv[16] = { 0 }, ivc[16], pt[MAXLEN], ct[MAXLEN], buf[MAXLEN];
	size_t len = unhex(pt, sizeof(pt), k->in);
	int err = 0;

	if (len == 0 || unhex(ct, sizeof(ct), k->out) != len ||
	    (k->iv && unhex(iv, sizeof(iv), k->iv) != 16))
		return -EIO;
	memcpy(buf, pt, len);
	memcpy(ivc, iv, 16);
	err |= cryptarch_skcipher_run(in, 0, buf, buf, len, ivc);
	err |= memcmp(buf, ct, len);
	memcpy(ivc, iv, 16);
	err |= cryptarch_skcipher_run(in, 1, buf, buf, len, ivc);
	err |= memcmp(buf, pt, len);
	cryptarch_memzero(buf, sizeof(buf));
	return err ? -EIO : 0;
}

/* see desc.h (struct cryptarch_type.compare): in place, both directions,
 * the whole long buffer where the mode takes a partial block, else its
 * whole blocks; the data and the iv afterwards must agree. */
static int compare(const struct cryptarch_inst *a,
		   const struct cryptarch_inst *b)
{
	static uint8_t x[LONG_LEN], y[LONG_LEN];
	uint8_t iva[16], ivb[16];
	size_t i, len = LONG_LEN;
	int err = 0, op, ra;

	for (op = 0; op < 2; op++) {
		for (;;) {
			for (i = 0; i < LONG_LEN; i++)
				x[i] = y[i] = (uint8_t)(i * 131 + 17);
			for (i = 0; i < 16; i++)
				iva[i] = ivb[i] = (uint8_t)(0xf0 + i);
			ra = cryptarch_skcipher_run(a, op, x, x, len, iva);
			if (ra != -EINVAL || len % 16 == 0)
				break;
			len -= len % 16;
		}
		err |= ra;
		err |= cryptarch_skcipher_run(b, op, y, y, len, ivb);
		err |= memcmp(x, y, len);
		err |= memcmp(iva, ivb, 16);
	}
	return err ? -EIO : 0;
}

static void show(const struct cryptarch_spec *s, cryptarch_field_fn field,
		 void *arg)
{
	unsigned min, max, nk = cryptarch_spec_nkeys(s);
	char v[24];

	cryptarch_spec_keysizes(s, &min, &max);
	snprintf(v, sizeof(v), "%u", cryptarch_spec_blocksize(s));
	field(arg, "blocksize", v);
	snprintf(v, sizeof(v), "%u", nk * min);
	field(arg, "min keysize", v);
	snprintf(v, sizeof(v), "%u", nk * max);
	field(arg, "max keysize", v);
	snprintf(v, sizeof(v), "%u", cryptarch_spec_ivsize(s));
	field(arg, "ivsize", v);
}

const struct cryptarch_type cryptarch_type_skcipher = {
	.name = "skcipher",
	.nops = 2,
	.op_words = { "enc", "dec" },
	.op_names = { "encryption", "decryption" },
	.kat = kat,
	.compare = compare,
	.show = show,
};
