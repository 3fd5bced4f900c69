/* SPDX-License-Identifier: MIT */
/*
 * skcipher.c - the public handles: cryptarch_skcipher (a mode over an
 * implementation) and cryptarch_cipher (single blocks). Arguments and
 * lengths are checked here, at the boundary, before anything is written;
 * key contexts are wiped when a key is replaced, when setkey fails, and
 * when the handle is freed.
 *
 * An skcipher handle holds a plan (registry.h, profile.h): the instance to
 * use per key size, direction and request size class. Without a measured
 * profile every slot is the choice by priority. With one, the slots may
 * name different implementations (CBC: a serial one for encryption, a
 * parallel one for decryption); the handle then keys one context per
 * distinct implementation in use (xts: a pair each), all in one 64-byte
 * aligned allocation, and wipes them all together. setkey fills a table of
 * four mode instances, [decrypt][large], for the key size set, so that a
 * request only compares its length with CRYPTARCH_PROFILE_SMALL_MAX to
 * find its instance: no lock and no lookup per call.
 *
 * cryptarch_skcipher_driver() names the instance that encrypts large
 * requests (more than CRYPTARCH_PROFILE_SMALL_MAX bytes) at the key size
 * set, or before a key is set at the cipher's smallest; the other slots
 * are shown by `cryptarch explain` and by cryptarch_skcipher_slot().
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../modes/mode.h"
#include "cryptarch.h"
#include "handle.h"
#include "memzero.h"
#include "profile.h"
#include "registry.h"

/* Distinct implementations one handle may key (the plan's own limit is
 * 4 slots x 3 key sizes; beyond this, slots fall back to priority's). */
#define MAX_IMPLS 4

struct impl {
	const struct cryptarch_alg *alg;
	size_t off;  /* of its context(s) in the handle's allocation */
	size_t size; /* nkeys contexts, each rounded to the alignment */
};

struct cryptarch_skcipher {
	/* The instance for each request: [decrypt][length > small max]. */
	struct cryptarch_mode_inst inst[2][2];
	const struct cryptarch_mode *mode;
	int keyed;
	unsigned flags;
	int key;			/* key size index in use */
	struct cryptarch_choice choice; /* by priority */
	struct cryptarch_plan plan;
	struct impl impl[MAX_IMPLS];
	size_t nimpl;
	size_t ctxsize; /* the whole allocation */
	void *ctx;
	char driver[96]; /* see cryptarch_skcipher_driver() */
};

struct cryptarch_cipher {
	struct cryptarch_choice choice;
	int keyed;
	size_t keyctx;
	void *ctx;
};

size_t cryptarch_ctx_round(size_t size)
{
	size_t a = CRYPTARCH_CTX_ALIGN;

	return (size + a - 1) / a * a;
}

void *cryptarch_ctx_alloc(size_t size)
{
	void *p = NULL;

	size = cryptarch_ctx_round(size ? size : 1);
	if (posix_memalign(&p, CRYPTARCH_CTX_ALIGN, size) != 0)
		return NULL;
	memset(p, 0, size);
	return p;
}

void cryptarch_ctx_free(void *p, size_t size)
{
	if (!p)
		return;
	cryptarch_memzero(p, cryptarch_ctx_round(size ? size : 1));
	free(p);
}

/* ---- skcipher ----------------------------------------------------------- */

/* The index of ALG among the handle's implementations, adding it if there
 * is room; -1 if there is none. */
static int impl_of(struct cryptarch_skcipher *t, const struct cryptarch_alg *a)
{
	size_t i;

	for (i = 0; i < t->nimpl; i++)
		if (t->impl[i].alg == a)
			return (int)i;
	if (t->nimpl == MAX_IMPLS)
		return -1;
	t->impl[t->nimpl].alg = a;
	t->impl[t->nimpl].size =
		cryptarch_ctx_round(a->ctxsize) * t->mode->nkeys;
	return (int)t->nimpl++;
}

/* Point the four request slots at the plan for key size index KEY, or
 * all at priority's choice for KEY -1. */
static void use_key(struct cryptarch_skcipher *t, int key)
{
	struct cryptarch_instance prio = { t->choice.alg, t->choice.use_bulk };
	int d, c;

	t->key = key;
	for (d = 0; d < 2; d++) {
		for (c = 0; c < 2; c++) {
			const struct cryptarch_instance *in =
				key < 0 ? &prio : &t->plan.slot[key][d][c].inst;
			struct cryptarch_mode_inst *m = &t->inst[d][c];
			const struct impl *im = &t->impl[impl_of(t, in->alg)];
			uint8_t *ctx = (uint8_t *)t->ctx + im->off;

			m->alg = in->alg;
			m->bulk = in->use_bulk ? in->alg->bulk : NULL;
			m->ctx = ctx;
			m->ctx2 = t->mode->nkeys > 1 ?
					  ctx + cryptarch_ctx_round(
							in->alg->ctxsize) :
					  NULL;
		}
	}
	cryptarch_skcipher_slot(t, 0, 1, t->driver, sizeof(t->driver));
}

int cryptarch_skcipher_new(cryptarch_skcipher **tfm, const char *name,
			   unsigned flags)
{
	struct cryptarch_skcipher *t;
	size_t i, off = 0;
	int err, k, d, c;

	if (!tfm)
		return -EINVAL;
	*tfm = NULL;
	t = calloc(1, sizeof(*t));
	if (!t)
		return -ENOMEM;
	err = cryptarch_lookup_plan(name, flags, &t->choice, &t->plan);
	if (err) {
		free(t);
		return err;
	}
	t->mode = cryptarch_modes[t->choice.mode];
	t->flags = flags;
	/* Priority's implementation first; a slot whose implementation does
	 * not fit falls back to it. */
	impl_of(t, t->choice.alg);
	for (k = 0; k < CRYPTARCH_PROFILE_NKEYS; k++)
		for (d = 0; d < 2; d++)
			for (c = 0; c < 2; c++) {
				struct cryptarch_slot *s =
					&t->plan.slot[k][d][c];

				if (impl_of(t, s->inst.alg) >= 0)
					continue;
				s->inst.alg = t->choice.alg;
				s->inst.use_bulk = t->choice.use_bulk;
				s->why = CRYPTARCH_SLOT_PRIORITY;
			}
	for (i = 0; i < t->nimpl; i++) {
		t->impl[i].off = off;
		off += t->impl[i].size;
	}
	t->ctxsize = off;
	t->ctx = cryptarch_ctx_alloc(t->ctxsize);
	if (!t->ctx) {
		free(t);
		return -ENOMEM;
	}
	use_key(t, 0);
	*tfm = t;
	return 0;
}

int cryptarch_skcipher_setkey(cryptarch_skcipher *tfm, const void *key,
			      size_t keylen)
{
	const struct cryptarch_alg *alg;
	const uint8_t *k = key;
	size_t half, i, j;
	int err = 0, d, c, ki;

	if (!tfm)
		return -EINVAL;
	alg = tfm->choice.alg;
	cryptarch_memzero(tfm->ctx, tfm->ctxsize);
	tfm->keyed = 0;
	if (!key || keylen % tfm->mode->nkeys)
		return -EINVAL;
	half = keylen / tfm->mode->nkeys;
	if (half < alg->min_keysize || half > alg->max_keysize)
		return -EINVAL;
	if (tfm->mode->nkeys == 2 &&
	    (tfm->flags & CRYPTARCH_FORBID_WEAK_KEYS) &&
	    memcmp(k, k + half, half) == 0)
		return -EINVAL;
	/* A key size the profile does not know: priority's for all. */
	ki = cryptarch_profile_key_index(half);
	use_key(tfm, ki);
	/* Key each implementation the four slots use, once. */
	for (i = 0; i < tfm->nimpl && !err; i++) {
		const struct impl *im = &tfm->impl[i];
		int used = 0;

		for (d = 0; d < 2; d++)
			for (c = 0; c < 2; c++)
				used |= tfm->inst[d][c].alg == im->alg;
		for (j = 0; used && j < tfm->mode->nkeys && !err; j++)
			err = im->alg->setkey(
				(uint8_t *)tfm->ctx + im->off +
					j * cryptarch_ctx_round(
						    im->alg->ctxsize),
				k + j * half, half);
	}
	if (err) {
		cryptarch_memzero(tfm->ctx, tfm->ctxsize);
		return err;
	}
	tfm->keyed = 1;
	return 0;
}

static int skcipher_crypt(cryptarch_skcipher *tfm, const void *src, void *dst,
			  size_t len, uint8_t *iv, int enc)
{
	const struct cryptarch_mode_inst *m;

	if (!tfm)
		return -EINVAL;
	if (!tfm->keyed)
		return -ENOKEY;
	if (len && (!src || !dst))
		return -EINVAL;
	if (tfm->mode->ivsize && !iv && (len || tfm->mode->nkeys > 1))
		return -EINVAL;
	m = &tfm->inst[!enc][len > CRYPTARCH_PROFILE_SMALL_MAX];
	if (enc)
		return tfm->mode->encrypt(m, dst, src, len, iv);
	return tfm->mode->decrypt(m, dst, src, len, iv);
}

int cryptarch_skcipher_encrypt(cryptarch_skcipher *tfm, const void *src,
			       void *dst, size_t len, uint8_t iv[16])
{
	return skcipher_crypt(tfm, src, dst, len, iv, 1);
}

int cryptarch_skcipher_decrypt(cryptarch_skcipher *tfm, const void *src,
			       void *dst, size_t len, uint8_t iv[16])
{
	return skcipher_crypt(tfm, src, dst, len, iv, 0);
}

/* see the comment at the top of this file */
const char *cryptarch_skcipher_driver(const cryptarch_skcipher *tfm)
{
	return tfm ? tfm->driver : NULL;
}

void cryptarch_skcipher_free(cryptarch_skcipher *tfm)
{
	if (!tfm)
		return;
	cryptarch_ctx_free(tfm->ctx, tfm->ctxsize);
	cryptarch_memzero(tfm, sizeof(*tfm));
	free(tfm);
}

const void *cryptarch_skcipher_ctx(const cryptarch_skcipher *tfm, size_t *size)
{
	*size = tfm->ctxsize;
	return tfm->ctx;
}

/* see handle.h */
const char *cryptarch_skcipher_slot(const cryptarch_skcipher *tfm, int decrypt,
				    int large, char *buf, size_t size)
{
	const struct cryptarch_mode_inst *m = &tfm->inst[!!decrypt][!!large];
	struct cryptarch_instance in = { m->alg, m->bulk != NULL };

	cryptarch_instance_name(&in, tfm->choice.mode, buf, size);
	return buf;
}

/* see handle.h */
size_t cryptarch_skcipher_nimpl(const cryptarch_skcipher *tfm)
{
	size_t i, n = 0;
	int d, c;

	for (i = 0; i < tfm->nimpl; i++) {
		int used = 0;

		for (d = 0; d < 2; d++)
			for (c = 0; c < 2; c++)
				used |= tfm->inst[d][c].alg == tfm->impl[i].alg;
		n += (size_t)used;
	}
	return n;
}

/* ---- cipher ------------------------------------------------------------- */

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
	err = cryptarch_lookup(name, flags, 0, &t->choice);
	if (err) {
		free(t);
		return err;
	}
	t->keyctx = cryptarch_ctx_round(t->choice.alg->ctxsize);
	t->ctx = cryptarch_ctx_alloc(t->keyctx);
	if (!t->ctx) {
		free(t);
		return -ENOMEM;
	}
	*tfm = t;
	return 0;
}

int cryptarch_cipher_setkey(cryptarch_cipher *tfm, const void *key,
			    size_t keylen)
{
	const struct cryptarch_alg *alg;
	int err;

	if (!tfm)
		return -EINVAL;
	alg = tfm->choice.alg;
	cryptarch_memzero(tfm->ctx, tfm->keyctx);
	tfm->keyed = 0;
	if (!key || keylen < alg->min_keysize || keylen > alg->max_keysize)
		return -EINVAL;
	err = alg->setkey(tfm->ctx, key, keylen);
	if (err) {
		cryptarch_memzero(tfm->ctx, tfm->keyctx);
		return err;
	}
	tfm->keyed = 1;
	return 0;
}

int cryptarch_cipher_encrypt(const cryptarch_cipher *tfm, void *dst,
			     const void *src)
{
	if (!tfm || !dst || !src)
		return -EINVAL;
	if (!tfm->keyed)
		return -ENOKEY;
	tfm->choice.alg->encrypt(tfm->ctx, dst, src);
	return 0;
}

int cryptarch_cipher_decrypt(const cryptarch_cipher *tfm, void *dst,
			     const void *src)
{
	if (!tfm || !dst || !src)
		return -EINVAL;
	if (!tfm->keyed)
		return -ENOKEY;
	tfm->choice.alg->decrypt(tfm->ctx, dst, src);
	return 0;
}

const char *cryptarch_cipher_driver(const cryptarch_cipher *tfm)
{
	return tfm ? tfm->choice.driver : NULL;
}

void cryptarch_cipher_free(cryptarch_cipher *tfm)
{
	if (!tfm)
		return;
	cryptarch_ctx_free(tfm->ctx, tfm->keyctx);
	cryptarch_memzero(tfm, sizeof(*tfm));
	free(tfm);
}

const void *cryptarch_cipher_ctx(const cryptarch_cipher *tfm, size_t *size)
{
	*size = tfm->keyctx;
	return tfm->ctx;
}
