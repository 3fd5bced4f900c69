/* SPDX-License-Identifier: MIT */
/*
 * skcipher.c - the public handles: cryptarch_skcipher (a mode over an
 * implementation) and cryptarch_cipher (single blocks). A handle holds the
 * resolved choice, the mode instance and its key context(s), allocated
 * 64-byte aligned. Arguments and lengths are checked here, at the boundary,
 * before anything is written; key contexts are wiped when a key is
 * replaced, when setkey fails, and when the handle is freed.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../modes/mode.h"
#include "cryptarch.h"
#include "handle.h"
#include "memzero.h"
#include "registry.h"

struct cryptarch_skcipher {
	struct cryptarch_choice choice;
	const struct cryptarch_mode *mode;
	struct cryptarch_mode_inst inst;
	unsigned flags;
	int keyed;
	size_t keyctx;  /* one key context, rounded to the alignment */
	void *ctx;      /* mode->nkeys contexts */
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
	err = cryptarch_lookup(name, flags, 1, &t->choice);
	if (err) {
		free(t);
		return err;
	}
	t->mode = cryptarch_modes[t->choice.mode];
	t->flags = flags;
	t->keyctx = cryptarch_ctx_round(t->choice.alg->ctxsize);
	t->ctx = cryptarch_ctx_alloc(t->keyctx * t->mode->nkeys);
	if (!t->ctx) {
		free(t);
		return -ENOMEM;
	}
	t->inst.alg = t->choice.alg;
	t->inst.bulk = t->choice.use_bulk ? t->choice.alg->bulk : NULL;
	t->inst.ctx = t->ctx;
	t->inst.ctx2 = t->mode->nkeys > 1 ? (uint8_t *)t->ctx + t->keyctx :
					    NULL;
	*tfm = t;
	return 0;
}

int cryptarch_skcipher_setkey(cryptarch_skcipher *tfm, const void *key,
			      size_t keylen)
{
	const struct cryptarch_alg *alg;
	const uint8_t *k = key;
	size_t half, i;
	int err = 0;

	if (!tfm)
		return -EINVAL;
	alg = tfm->choice.alg;
	cryptarch_memzero(tfm->ctx, tfm->keyctx * tfm->mode->nkeys);
	tfm->keyed = 0;
	if (!key || keylen % tfm->mode->nkeys)
		return -EINVAL;
	half = keylen / tfm->mode->nkeys;
	if (half < alg->min_keysize || half > alg->max_keysize)
		return -EINVAL;
	if (tfm->mode->nkeys == 2 && (tfm->flags & CRYPTARCH_FORBID_WEAK_KEYS) &&
	    memcmp(k, k + half, half) == 0)
		return -EINVAL;
	for (i = 0; i < tfm->mode->nkeys && !err; i++)
		err = alg->setkey((uint8_t *)tfm->ctx + i * tfm->keyctx,
				  k + i * half, half);
	if (err) {
		cryptarch_memzero(tfm->ctx, tfm->keyctx * tfm->mode->nkeys);
		return err;
	}
	tfm->keyed = 1;
	return 0;
}

static int skcipher_crypt(cryptarch_skcipher *tfm, const void *src, void *dst,
			  size_t len, uint8_t *iv, int enc)
{
	cryptarch_mode_fn fn;

	if (!tfm)
		return -EINVAL;
	if (!tfm->keyed)
		return -ENOKEY;
	if (len && (!src || !dst))
		return -EINVAL;
	if (tfm->mode->ivsize && !iv && (len || tfm->mode->nkeys > 1))
		return -EINVAL;
	fn = enc ? tfm->mode->encrypt : tfm->mode->decrypt;
	return fn(&tfm->inst, dst, src, len, iv);
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

const char *cryptarch_skcipher_driver(const cryptarch_skcipher *tfm)
{
	return tfm ? tfm->choice.driver : NULL;
}

void cryptarch_skcipher_free(cryptarch_skcipher *tfm)
{
	if (!tfm)
		return;
	cryptarch_ctx_free(tfm->ctx, tfm->keyctx * tfm->mode->nkeys);
	cryptarch_memzero(tfm, sizeof(*tfm));
	free(tfm);
}

const void *cryptarch_skcipher_ctx(const cryptarch_skcipher *tfm,
				   size_t *size)
{
	*size = tfm->keyctx * tfm->mode->nkeys;
	return tfm->ctx;
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
