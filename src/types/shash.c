/* SPDX-License-Identifier: MIT */
/*
 * shash.c - the shash type: the public handle cryptarch_shash (a keyed
 * hash such as "cmac(aes)" or an unkeyed one such as "sha256", the
 * kernel's shash with its descriptor state held in the handle), and the
 * type's operations for the core (self-test of an instance against a
 * known answer and against another instance, its /proc/crypto fields).
 *
 * Rules (DESIGN.md, "shash"): a keyed hash before a successful setkey
 * returns -ENOKEY from init/update/final/digest; setkey starts a new empty
 * message; final writes the digest and starts a new empty message under
 * the same key; digest is init + update + final; updates of any length,
 * 0 included, in any split, give the digest of their concatenation. An
 * unkeyed hash is ready at once and its setkey is -EINVAL. Key contexts
 * are the common handle's (src/core/tfm.h); the message state is wiped
 * with them (setkey, free).
 *
 * A shash handle uses one instance, the plan's for long messages (a
 * message's length is not known when it starts).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/hex.h"
#include "../core/memzero.h"
#include "../core/tfm.h"
#include "cryptarch.h"
#include "handle.h"
#include "shash.h"

struct cryptarch_shash {
	const struct cryptarch_inst *in;
	const struct cryptarch_inst *many; /* digest_many's */
	const struct cryptarch_shash_ops *ops;
	int unkeyed;
	struct cryptarch_tfm tfm;
	uint64_t state[CRYPTARCH_SHASH_STATE_MAX / 8];
	char driver[CRYPTARCH_NAME_MAX + 1]; /* cryptarch_shash_driver() */
};

static void set_instance(struct cryptarch_shash *t)
{
	t->in = &t->tfm.root[0][1]->node[0];
	t->many = &t->tfm.root[0][CRYPTARCH_CLASS_MANY]->node[0];
	t->ops = cryptarch_shash_ops_of(t->in);
	cryptarch_tfm_slot_name(&t->tfm, 0, 1, t->driver, sizeof(t->driver));
}

int cryptarch_shash_new(cryptarch_shash **tfm, const char *name,
			unsigned flags)
{
	struct cryptarch_shash *t;
	unsigned min, max;
	int err;

	if (!tfm)
		return -EINVAL;
	*tfm = NULL;
	t = calloc(1, sizeof(*t));
	if (!t)
		return -ENOMEM;
	err = cryptarch_tfm_init(&t->tfm, name, &cryptarch_type_shash, flags);
	if (err) {
		free(t);
		return err;
	}
	set_instance(t);
	cryptarch_spec_keysizes(&t->tfm.plan.prio, &min, &max);
	t->unkeyed = max == 0;
	if (t->unkeyed) {
		t->tfm.keyed = 1;
		t->ops->init(t->in, t->state);
	}
	*tfm = t;
	return 0;
}

int cryptarch_shash_setkey(cryptarch_shash *tfm, const void *key,
			   size_t keylen)
{
	int err;

	if (!tfm || tfm->unkeyed)
		return -EINVAL;
	cryptarch_memzero(tfm->state, sizeof(tfm->state));
	err = cryptarch_tfm_setkey(&tfm->tfm, key, keylen);
	set_instance(tfm);
	if (err)
		return err;
	tfm->ops->init(tfm->in, tfm->state);
	return 0;
}

static int ready(const cryptarch_shash *tfm)
{
	if (!tfm)
		return -EINVAL;
	return tfm->tfm.keyed ? 0 : -ENOKEY;
}

int cryptarch_shash_init(cryptarch_shash *tfm)
{
	int err = ready(tfm);

	if (err)
		return err;
	tfm->ops->init(tfm->in, tfm->state);
	return 0;
}

int cryptarch_shash_update(cryptarch_shash *tfm, const void *data,
			   size_t len)
{
	int err = ready(tfm);

	if (err)
		return err;
	if (len && !data)
		return -EINVAL;
	if (len)
		tfm->ops->update(tfm->in, tfm->state, data, len);
	return 0;
}

int cryptarch_shash_final(cryptarch_shash *tfm, uint8_t *out)
{
	int err = ready(tfm);

	if (err)
		return err;
	if (!out)
		return -EINVAL;
	tfm->ops->final(tfm->in, tfm->state, out);
	tfm->ops->init(tfm->in, tfm->state);
	return 0;
}

int cryptarch_shash_digest(cryptarch_shash *tfm, const void *data, size_t len,
			   uint8_t *out)
{
	int err = ready(tfm);

	if (err)
		return err;
	if (!out || (len && !data))
		return -EINVAL;
	tfm->ops->init(tfm->in, tfm->state);
	if (len)
		tfm->ops->update(tfm->in, tfm->state, data, len);
	tfm->ops->final(tfm->in, tfm->state, out);
	tfm->ops->init(tfm->in, tfm->state);
	return 0;
}

int cryptarch_shash_digest_many(cryptarch_shash *tfm,
				const struct cryptarch_digest_request *req,
				size_t n)
{
	const struct cryptarch_shash_ops *o;
	int err = ready(tfm);
	size_t i;

	if (err)
		return err;
	if (n && !req)
		return -EINVAL;
	for (i = 0; i < n; i++)
		if (!req[i].out || (req[i].len && !req[i].data))
			return -EINVAL;
	o = cryptarch_shash_ops_of(tfm->many);
	if (n && o->digest_many)
		o->digest_many(tfm->many, req, n);
	else
		for (i = 0; i < n; i++)
			cryptarch_shash_run_digest(tfm->many, req[i].data,
						   req[i].len, req[i].out);
	tfm->ops->init(tfm->in, tfm->state);
	return 0;
}

/* see handle.h */
const char *cryptarch_shash_slot(const cryptarch_shash *tfm, int cls,
				 char *buf, size_t size)
{
	return cryptarch_tfm_slot_name(&tfm->tfm, 0,
				       cls == CRYPTARCH_CLASS_MANY ?
					       CRYPTARCH_CLASS_MANY :
					       1,
				       buf, size);
}

size_t cryptarch_shash_digestsize(const cryptarch_shash *tfm)
{
	return tfm ? tfm->ops->digestsize : 0;
}

const char *cryptarch_shash_driver(const cryptarch_shash *tfm)
{
	return tfm ? tfm->driver : NULL;
}

void cryptarch_shash_free(cryptarch_shash *tfm)
{
	if (tfm)
		cryptarch_tfm_release(tfm, sizeof(*tfm), &tfm->tfm);
}

/* see handle.h */
const void *cryptarch_shash_ctx(const cryptarch_shash *tfm, size_t *size)
{
	*size = tfm->tfm.ctxsize;
	return tfm->tfm.ctx;
}

/* see shash.h */
void cryptarch_shash_run_digest(const struct cryptarch_inst *in,
				const uint8_t *data, size_t len, uint8_t *out)
{
	const struct cryptarch_shash_ops *o = cryptarch_shash_ops_of(in);
	uint64_t st[CRYPTARCH_SHASH_STATE_MAX / 8];

	o->init(in, st);
	if (len)
		o->update(in, st, data, len);
	o->final(in, st, out);
	cryptarch_memzero(st, sizeof(st));
}

/* ---- the type, for the core ---------------------------------------------- */

#define MAXLEN 1024
#define LONG_LEN (37 * 16 + 7) /* many blocks and a partial one */

static size_t unhex(uint8_t *out, size_t max, const char *hex, int *bad)
{
	size_t n = 0;

	if (!hex || cryptarch_unhex(out, max, hex, &n) != 0)
		*bad = 1;
	return n;
}

/* The digest of MSG (LEN bytes) through IN in pieces of STEP bytes (0:
 * one update), with a 0-byte update between pieces. */
static void digest_split(const struct cryptarch_inst *in, const uint8_t *msg,
			 size_t len, size_t step, uint8_t *out)
{
	const struct cryptarch_shash_ops *o = cryptarch_shash_ops_of(in);
	uint64_t st[CRYPTARCH_SHASH_STATE_MAX / 8];
	size_t off = 0, n;

	o->init(in, st);
	while (off < len) {
		n = step && len - off > step ? step : len - off;
		o->update(in, st, msg + off, n);
		o->update(in, st, msg + off, 0);
		off += n;
	}
	o->final(in, st, out);
	cryptarch_memzero(st, sizeof(st));
}

/* see desc.h (struct cryptarch_type.kat): in one update, a byte at a
 * time, and in 17-byte pieces. */
static int kat(const struct cryptarch_inst *in, const struct cryptarch_kat *k)
{
	static const size_t steps[] = { 0, 1, 17 };
	const struct cryptarch_shash_ops *o = cryptarch_shash_ops_of(in);
	uint8_t msg[MAXLEN], want[CRYPTARCH_SHASH_DIGEST_MAX];
	uint8_t got[CRYPTARCH_SHASH_DIGEST_MAX];
	int bad = 0, err = 0;
	size_t len = unhex(msg, sizeof(msg), k->in, &bad), i;

	if (unhex(want, sizeof(want), k->out, &bad) != o->digestsize || bad)
		return -EIO;
	for (i = 0; i < sizeof(steps) / sizeof(steps[0]); i++) {
		digest_split(in, msg, len, steps[i], got);
		err |= memcmp(got, want, o->digestsize);
	}
	return err ? -EIO : 0;
}

/* see desc.h (struct cryptarch_type.compare): messages of lengths around
 * the block boundaries and a long one, in one update through A and in
 * pieces through B. */
static int compare(const struct cryptarch_inst *a,
		   const struct cryptarch_inst *b)
{
	static const size_t lens[] = { 0, 1, 15, 16, 17, 31, 32, 33, 64,
				       LONG_LEN };
	static uint8_t msg[LONG_LEN];
	uint8_t x[CRYPTARCH_SHASH_DIGEST_MAX], y[CRYPTARCH_SHASH_DIGEST_MAX];
	unsigned ds = cryptarch_shash_ops_of(a)->digestsize;
	size_t i;
	int err = 0;

	if (cryptarch_shash_ops_of(b)->digestsize != ds)
		return -EIO;
	for (i = 0; i < LONG_LEN; i++)
		msg[i] = (uint8_t)(i * 131 + 17);
	for (i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
		digest_split(a, msg, lens[i], 0, x);
		digest_split(b, msg, lens[i], 7, y);
		err |= memcmp(x, y, ds);
	}
	return err ? -EIO : 0;
}

static const struct cryptarch_shash_ops *spec_ops(const struct cryptarch_spec *s)
{
	const struct cryptarch_template *t = cryptarch_spec_template(s);

	return t ? t->ops : cryptarch_spec_driver(s)->type_ops;
}

static void show(const struct cryptarch_spec *s, cryptarch_field_fn field,
		 void *arg)
{
	char v[24];

	snprintf(v, sizeof(v), "%u", cryptarch_spec_blocksize(s));
	field(arg, "blocksize", v);
	snprintf(v, sizeof(v), "%u", spec_ops(s)->digestsize);
	field(arg, "digestsize", v);
}

const struct cryptarch_type cryptarch_type_shash = {
	.name = "shash",
	.nops = 1,
	.op_words = { "dig" },
	.op_names = { "digest" },
	.kat = kat,
	.compare = compare,
	.show = show,
};
