/* SPDX-License-Identifier: MIT */
/*
 * cipher.c - the cipher type: the public handle cryptarch_cipher (one
 * block at a time through one driver, chosen by priority), and the type's
 * /proc/crypto fields. A cipher's self-test is its algorithm's known
 * answers (src/core/selftest.c). The key context is the common handle's
 * (src/core/tfm.h): wiped when a key is replaced, when setkey fails, and
 * when the handle is freed.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/tfm.h"
#include "cryptarch.h"
#include "handle.h"

struct cryptarch_cipher {
	const struct cryptarch_inst *in;
	struct cryptarch_tfm tfm;
	char driver[CRYPTARCH_NAME_MAX + 1];
};

int cryptarch_cipher_new(cryptarch_cipher **tfm, const char *name,
			 unsigned flags)
{
	struct cryptarch_cipher *t;
	int err;

	if (!tfm)
		return -EINVAL;
	*tfm = NULL;
	t = calloc(1, sizeof(*t));
	if (!t)
		return -ENOMEM;
	err = cryptarch_tfm_init(&t->tfm, name, &cryptarch_type_cipher, flags);
	if (err) {
		free(t);
		return err;
	}
	t->in = &t->tfm.root[0][0]->node[0];
	cryptarch_spec_name(&t->tfm.plan.prio, t->driver, sizeof(t->driver));
	*tfm = t;
	return 0;
}

int cryptarch_cipher_setkey(cryptarch_cipher *tfm, const void *key,
			    size_t keylen)
{
	if (!tfm)
		return -EINVAL;
	return cryptarch_tfm_setkey(&tfm->tfm, key, keylen);
}

int cryptarch_cipher_encrypt(const cryptarch_cipher *tfm, void *dst,
			     const void *src)
{
	if (!tfm || !dst || !src)
		return -EINVAL;
	if (!tfm->tfm.keyed)
		return -ENOKEY;
	tfm->in->cipher->encrypt(tfm->in->key[0], dst, src);
	return 0;
}

int cryptarch_cipher_decrypt(const cryptarch_cipher *tfm, void *dst,
			     const void *src)
{
	if (!tfm || !dst || !src)
		return -EINVAL;
	if (!tfm->tfm.keyed)
		return -ENOKEY;
	tfm->in->cipher->decrypt(tfm->in->key[0], dst, src);
	return 0;
}

const char *cryptarch_cipher_driver(const cryptarch_cipher *tfm)
{
	return tfm ? tfm->driver : NULL;
}

void cryptarch_cipher_free(cryptarch_cipher *tfm)
{
	if (tfm)
		cryptarch_tfm_release(tfm, sizeof(*tfm), &tfm->tfm);
}

/* see handle.h */
const void *cryptarch_cipher_ctx(const cryptarch_cipher *tfm, size_t *size)
{
	*size = tfm->tfm.ctxsize;
	return tfm->tfm.ctx;
}

/* ---- the type, for the core ---------------------------------------------- */

static void show(const struct cryptarch_spec *s, cryptarch_field_fn field,
		 void *arg)
{
	const struct cryptarch_algorithm *a = cryptarch_spec_base(s)->alg;
	char v[24];

	snprintf(v, sizeof(v), "%u", a->blocksize);
	field(arg, "blocksize", v);
	snprintf(v, sizeof(v), "%u", a->min_keysize);
	field(arg, "min keysize", v);
	snprintf(v, sizeof(v), "%u", a->max_keysize);
	field(arg, "max keysize", v);
}

const struct cryptarch_type cryptarch_type_cipher = {
	.name = "cipher",
	.nops = 1,
	.op_words = { "enc" },
	.op_names = { "encryption" },
	.show = show,
};
