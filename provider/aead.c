/* SPDX-License-Identifier: MIT */
/*
 * aead.c - the provider's AEAD ciphers, GCM and CCM over AES and Twofish,
 * with the EVP behaviour of OpenSSL's default provider (the tests compare
 * the two call by call):
 *   GCM  a stream, as the default provider's: AAD in any number of
 *        updates before the data, ciphertext or plaintext released by each
 *        update, the tag computed (encryption) or checked (decryption,
 *        against the tag set before final, 1..16 bytes) at final; any iv
 *        length from 1 to 128 bytes (default 12), re-init with a new iv
 *        under the same key, EVP_CIPHER_CTX_copy at any point. It is built
 *        from three library handles chosen under the provider's policy: a
 *        ctr(<cipher>) skcipher for the counter stream, split where the
 *        low 32 bits of the counter wrap (GCM's inc32) and with the unused
 *        keystream of a partial block kept here; ecb(<cipher>) for H =
 *        E(K, 0^128) and E(K, J0); and the "ghash" shash keyed with H.
 *        The GHASH state Y is kept here, not in the shash, so that a
 *        context can be copied: each run of whole blocks X1..Xn is hashed
 *        from an empty message as (Y xor X1), X2..Xn, which is Y carried
 *        on, and the digest is the new Y (SP 800-38D 6.4).
 *   CCM  over the library's ccm(<cipher>) aead, one shot, which is how the
 *        default provider's CCM works: the message length set by an
 *        update with neither input nor output (or by the data update),
 *        the AAD in one update (kept here until the data comes), the data
 *        in one update; the iv length sets L = 15 - ivlen, the tag length
 *        comes from a set-tag (NULL on encryption), and both take effect
 *        at the next key, as in the default provider. Decryption checks
 *        the tag within the data update and releases only zeros when it
 *        fails.
 * TLS record modes (the TLS1 AAD and fixed-iv parameters) are not offered.
 *
 * An init that passes the key in force again keeps its schedules (openssl
 * speed, and programs that give the key with every iv, would otherwise
 * pay for two AES key expansions and the GHASH key's powers per message);
 * the keys are compared with CRYPTO_memcmp, whose time depends on the
 * length only, so this tells an observer no more than that the whole key
 * was the same.
 *
 * Key copies (for EVP_CIPHER_CTX_copy), H, E(K, J0), the keystream, Y and
 * the kept AAD are wiped when replaced and when a context is freed; the
 * library wipes its handles. Constant-time as the chosen drivers are:
 * nothing here branches on or indexes by secret data, and tags are
 * compared with CRYPTO_memcmp.
 */
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/rand.h>

#include "cryptarch.h"
#include "prov.h"

#define CAP_GCM 1
#define CAP_CCM 2

#define CAP_PARAM_DRIVER "cryptarch-driver"

#define GCM_IV_MAX 128 /* the default provider's limit */
#define GCM_AAD_MAX ((uint64_t)1 << 61)
/* SP 800-38D: at most 2^39 - 256 bits of data */
#define GCM_DATA_MAX (((uint64_t)1 << 36) - 32)

/* The iv states of the default provider's GCM. */
#define IV_UNSET 0	/* no iv yet */
#define IV_BUFFERED 1	/* an iv given, the message not started */
#define IV_STARTED 2	/* J0 computed, the message under way */
#define IV_FINISHED 3	/* final done: a new iv is needed */

struct aead_desc {
	const char *cipher; /* "aes", "twofish" */
	unsigned kind;
	size_t keylen;
};

static void raise_lib(const struct cap_provctx *p, const char *what, int err)
{
	cap_raise(p, CAP_R_LIBRARY, "%s: %s", what, cryptarch_strerror(err));
}

static void raise_no_impl(const struct cap_provctx *p, const char *name,
			  int err)
{
	int policy = err == -ENOENT &&
		     !(p->flags & CRYPTARCH_ALLOW_VARIABLE_TIME);

	cap_raise(p, CAP_R_NO_IMPLEMENTATION, "%s: %s%s", name,
		  cryptarch_strerror(err),
		  policy ? " (only constant-time implementations are "
			   "allowed: allow-variable-time in the provider's "
			   "configuration)" : "");
}

static void store_be64(uint8_t *p, uint64_t v)
{
	int i;

	for (i = 7; i >= 0; i--, v >>= 8)
		p[i] = (uint8_t)v;
}

static uint32_t load_be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	       (uint32_t)p[2] << 8 | p[3];
}

static void store_be32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24);
	p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

static int set_octets(OSSL_PARAM *p, const uint8_t *v, size_t len)
{
	return OSSL_PARAM_set_octet_string(p, v, len) ||
	       OSSL_PARAM_set_octet_ptr(p, v, len);
}

static int set_driver(OSSL_PARAM *p, const char *drv)
{
	return OSSL_PARAM_set_utf8_ptr(p, drv) ||
	       OSSL_PARAM_set_utf8_string(p, drv);
}

/* ---- GCM ------------------------------------------------------------- */

struct gcm_ctx {
	const struct cap_provctx *prov;
	const struct aead_desc *d;
	cryptarch_skcipher *ctr, *ecb;
	cryptarch_shash *gh;
	int err;		/* why a handle is missing */
	char missing[32];	/* the name that failed */
	unsigned enc : 1, key_set : 1;
	unsigned iv_state;
	unsigned num;		/* keystream bytes of ks used (0: none left) */
	unsigned gn;		/* bytes waiting in gbuf */
	size_t ivlen;
	size_t taglen;		/* 0: no tag yet */
	uint64_t alen, clen;	/* bytes of AAD and of data so far */
	uint8_t iv[GCM_IV_MAX];
	uint8_t j0[16], ek0[16], cb[16], ks[16];
	uint8_t y[16], gbuf[16];
	uint8_t tag[16];	/* computed (encryption) or expected */
	uint8_t h[16];
	uint8_t key[32];
	char drv[160];
};

static int gcm_handles(struct gcm_ctx *c)
{
	char name[32];
	int err;

	snprintf(name, sizeof(name), "ctr(%s)", c->d->cipher);
	err = cryptarch_skcipher_new(&c->ctr, name, c->prov->flags);
	if (err == 0) {
		snprintf(name, sizeof(name), "ecb(%s)", c->d->cipher);
		err = cryptarch_skcipher_new(&c->ecb, name, c->prov->flags);
	}
	if (err == 0) {
		snprintf(name, sizeof(name), "ghash");
		err = cryptarch_shash_new(&c->gh, name, c->prov->flags);
	}
	c->err = err;
	if (err) {
		snprintf(c->missing, sizeof(c->missing), "%s", name);
		return err;
	}
	snprintf(c->drv, sizeof(c->drv), "gcm_base(%s,%s)",
		 cryptarch_skcipher_driver(c->ctr),
		 cryptarch_shash_driver(c->gh));
	return 0;
}

static void gcm_free_handles(struct gcm_ctx *c)
{
	cryptarch_skcipher_free(c->ctr);
	cryptarch_skcipher_free(c->ecb);
	cryptarch_shash_free(c->gh);
	c->ctr = c->ecb = NULL;
	c->gh = NULL;
}

static void *gcm_newctx(void *provctx, const struct aead_desc *d)
{
	struct gcm_ctx *c = OPENSSL_zalloc(sizeof(*c));

	if (c == NULL)
		return NULL;
	c->prov = provctx;
	c->d = d;
	c->ivlen = 12;
	gcm_handles(c);
	return c;
}

static void gcm_freectx(void *vctx)
{
	struct gcm_ctx *c = vctx;

	if (c == NULL)
		return;
	gcm_free_handles(c);
	OPENSSL_clear_free(c, sizeof(*c));
}

/* Key the three handles: ctr and ecb with KEY, ghash with H = E(0). */
static int gcm_setkey(struct gcm_ctx *c, const uint8_t *key)
{
	static const uint8_t zero[16];
	size_t kl = c->d->keylen;
	int err;

	err = cryptarch_skcipher_setkey(c->ctr, key, kl);
	if (err == 0)
		err = cryptarch_skcipher_setkey(c->ecb, key, kl);
	if (err == 0)
		err = cryptarch_skcipher_encrypt(c->ecb, zero, c->h, 16, NULL);
	if (err == 0)
		err = cryptarch_shash_setkey(c->gh, c->h, 16);
	if (err) {
		raise_lib(c->prov, "gcm setkey", err);
		return 0;
	}
	return 1;
}

static void *gcm_dupctx(void *vctx)
{
	const struct gcm_ctx *c = vctx;
	struct gcm_ctx *n = OPENSSL_malloc(sizeof(*n));

	if (n == NULL)
		return NULL;
	memcpy(n, c, sizeof(*n));
	n->ctr = n->ecb = NULL;
	n->gh = NULL;
	if (c->err == 0) {
		if (gcm_handles(n) != 0) {
			raise_no_impl(c->prov, c->d->cipher, n->err);
			gcm_freectx(n);
			return NULL;
		}
		if (c->key_set && !gcm_setkey(n, c->key)) {
			gcm_freectx(n);
			return NULL;
		}
	}
	return n;
}

static int gcm_set_ctx_params(void *vctx, const OSSL_PARAM params[]);

static int gcm_init(void *vctx, const unsigned char *key, size_t keylen,
		    const unsigned char *iv, size_t ivlen,
		    const OSSL_PARAM params[], int enc)
{
	struct gcm_ctx *c = vctx;

	if (c->err) {
		raise_no_impl(c->prov, c->missing, c->err);
		return 0;
	}
	c->enc = enc != 0;
	if (iv != NULL) {
		if (ivlen == 0 || ivlen > GCM_IV_MAX) {
			cap_raise(c->prov, CAP_R_BAD_IV_LENGTH, "%zu", ivlen);
			return 0;
		}
		c->ivlen = ivlen;
		memcpy(c->iv, iv, ivlen);
		c->iv_state = IV_BUFFERED;
	}
	if (key != NULL) {
		if (keylen != c->d->keylen) {
			cap_raise(c->prov, CAP_R_BAD_KEY_LENGTH, "%zu", keylen);
			return 0;
		}
		/* The key in force again (a program that passes it with
		 * every iv): its schedules stand. */
		if (!c->key_set || CRYPTO_memcmp(c->key, key, keylen) != 0) {
			OPENSSL_cleanse(c->key, sizeof(c->key));
			OPENSSL_cleanse(c->h, sizeof(c->h));
			c->key_set = 0;
			if (!gcm_setkey(c, key))
				return 0;
			memcpy(c->key, key, keylen);
			c->key_set = 1;
		}
	}
	return gcm_set_ctx_params(c, params);
}

static int gcm_einit(void *vctx, const unsigned char *key, size_t keylen,
		     const unsigned char *iv, size_t ivlen,
		     const OSSL_PARAM params[])
{
	return gcm_init(vctx, key, keylen, iv, ivlen, params, 1);
}

static int gcm_dinit(void *vctx, const unsigned char *key, size_t keylen,
		     const unsigned char *iv, size_t ivlen,
		     const OSSL_PARAM params[])
{
	return gcm_init(vctx, key, keylen, iv, ivlen, params, 0);
}

/* Carry Y on over N >= 1 whole blocks at P (see the opening comment). */
static int gh_blocks(struct gcm_ctx *c, const uint8_t *p, size_t n)
{
	uint8_t first[16];
	unsigned i;
	int err;

	for (i = 0; i < 16; i++)
		first[i] = c->y[i] ^ p[i];
	err = cryptarch_shash_init(c->gh);
	if (err == 0)
		err = cryptarch_shash_update(c->gh, first, 16);
	if (err == 0 && n > 1)
		err = cryptarch_shash_update(c->gh, p + 16, 16 * (n - 1));
	if (err == 0)
		err = cryptarch_shash_final(c->gh, c->y);
	OPENSSL_cleanse(first, sizeof(first));
	if (err) {
		raise_lib(c->prov, "ghash", err);
		return 0;
	}
	return 1;
}

/* Append LEN bytes to the GHASH input; a partial block waits in gbuf. */
static int gh_absorb(struct gcm_ctx *c, const uint8_t *p, size_t len)
{
	size_t t, n;

	if (c->gn != 0) {
		t = 16 - c->gn < len ? 16 - c->gn : len;
		memcpy(c->gbuf + c->gn, p, t);
		c->gn += (unsigned)t;
		p += t;
		len -= t;
		if (c->gn < 16)
			return 1;
		c->gn = 0;
		if (!gh_blocks(c, c->gbuf, 1))
			return 0;
	}
	n = len / 16;
	if (n != 0 && !gh_blocks(c, p, n))
		return 0;
	c->gn = (unsigned)(len % 16);
	memcpy(c->gbuf, p + 16 * n, c->gn);
	return 1;
}

/* Zero-pad a waiting partial block (the end of the AAD or the data). */
static int gh_pad(struct gcm_ctx *c)
{
	if (c->gn == 0)
		return 1;
	memset(c->gbuf + c->gn, 0, 16 - c->gn);
	c->gn = 0;
	return gh_blocks(c, c->gbuf, 1);
}

/* The message starts: J0 from the iv (SP 800-38D 7.1 step 2), E(K, J0),
 * the first counter block inc32(J0), and empty GHASH state. */
static int gcm_start(struct gcm_ctx *c)
{
	static const uint8_t zero[16];
	uint8_t lens[16];
	int err = 0;

	if (c->ivlen == 12) {
		memcpy(c->j0, c->iv, 12);
		store_be32(c->j0 + 12, 1);
	} else {
		memset(lens, 0, 8);
		store_be64(lens + 8, (uint64_t)c->ivlen * 8);
		err = cryptarch_shash_init(c->gh);
		if (err == 0)
			err = cryptarch_shash_update(c->gh, c->iv, c->ivlen);
		if (err == 0 && c->ivlen % 16 != 0)
			err = cryptarch_shash_update(c->gh, zero,
						     16 - c->ivlen % 16);
		if (err == 0)
			err = cryptarch_shash_update(c->gh, lens, 16);
		if (err == 0)
			err = cryptarch_shash_final(c->gh, c->j0);
	}
	if (err == 0)
		err = cryptarch_skcipher_encrypt(c->ecb, c->j0, c->ek0, 16,
						 NULL);
	if (err) {
		raise_lib(c->prov, "gcm iv", err);
		return 0;
	}
	memcpy(c->cb, c->j0, 16);
	store_be32(c->cb + 12, load_be32(c->j0 + 12) + 1);
	OPENSSL_cleanse(c->y, sizeof(c->y));
	OPENSSL_cleanse(c->gbuf, sizeof(c->gbuf));
	OPENSSL_cleanse(c->ks, sizeof(c->ks));
	c->gn = 0;
	c->num = 0;
	c->alen = c->clen = 0;
	return 1;
}

/* The library's ctr over LEN bytes (whole blocks) from the counter block,
 * which afterwards holds the next one; GCM increments the low 32 bits
 * only, so a run stops where they wrap and the top 96 bits (J0's, never
 * changed) are put back. */
static int gcm_ctr_blocks(struct gcm_ctx *c, uint8_t *out, const uint8_t *in,
			  size_t len)
{
	uint64_t room;
	size_t n;
	int err;

	while (len != 0) {
		room = ((uint64_t)1 << 32) - load_be32(c->cb + 12);
		n = (uint64_t)(len / 16) < room ? len : (size_t)(room * 16);
		err = cryptarch_skcipher_encrypt(c->ctr, in, out, n, c->cb);
		memcpy(c->cb, c->j0, 12);
		if (err) {
			raise_lib(c->prov, "gcm ctr", err);
			return 0;
		}
		in += n;
		out += n;
		len -= n;
	}
	return 1;
}

/* XOR LEN bytes with the keystream: what is left of the last partial
 * block, whole blocks, then a new keystream block for the tail. */
static int gcm_ctr(struct gcm_ctx *c, uint8_t *out, const uint8_t *in,
		   size_t len)
{
	size_t whole, i;

	while (c->num != 0 && len != 0) {
		*out++ = *in++ ^ c->ks[c->num];
		c->num = (c->num + 1) & 15;
		len--;
	}
	whole = len & ~(size_t)15;
	if (whole != 0 && !gcm_ctr_blocks(c, out, in, whole))
		return 0;
	in += whole;
	out += whole;
	len -= whole;
	if (len != 0) {
		memset(c->ks, 0, sizeof(c->ks));
		if (!gcm_ctr_blocks(c, c->ks, c->ks, 16))
			return 0;
		for (i = 0; i < len; i++)
			out[i] = in[i] ^ c->ks[i];
		c->num = (unsigned)len;
	}
	return 1;
}

static int gcm_data(struct gcm_ctx *c, uint8_t *out, const uint8_t *in,
		    size_t len)
{
	if (len > GCM_DATA_MAX || c->clen > GCM_DATA_MAX - len)
		return 0;
	if (c->clen == 0 && !gh_pad(c)) /* the end of the AAD */
		return 0;
	c->clen += len;
	if (c->enc)
		return gcm_ctr(c, out, in, len) && gh_absorb(c, out, len);
	/* Hash the ciphertext before it is overwritten (in place). */
	return gh_absorb(c, in, len) && gcm_ctr(c, out, in, len);
}

static int gcm_final_tag(struct gcm_ctx *c)
{
	uint8_t lens[16], t[16];
	unsigned i;
	int ok;

	if (!gh_pad(c))
		return 0;
	store_be64(lens, c->alen * 8);
	store_be64(lens + 8, c->clen * 8);
	if (!gh_blocks(c, lens, 1))
		return 0;
	for (i = 0; i < 16; i++)
		t[i] = c->y[i] ^ c->ek0[i];
	if (c->enc) {
		memcpy(c->tag, t, 16);
		c->taglen = 16;
		ok = 1;
	} else {
		ok = CRYPTO_memcmp(t, c->tag, c->taglen) == 0;
	}
	OPENSSL_cleanse(t, sizeof(t));
	if (ok) {
		/* The message is done: nothing of it is needed again. (A
		 * tag that fails leaves the state, as the default
		 * provider's does.) */
		OPENSSL_cleanse(c->ks, sizeof(c->ks));
		OPENSSL_cleanse(c->y, sizeof(c->y));
		OPENSSL_cleanse(c->ek0, sizeof(c->ek0));
		c->num = 0;
	}
	return ok;
}

/* The default provider's sequence: IN NULL is final, OUT NULL is AAD. */
static int gcm_run(struct gcm_ctx *c, uint8_t *out, size_t *outl,
		   const uint8_t *in, size_t len)
{
	*outl = 0;
	if (!c->key_set || c->iv_state == IV_FINISHED)
		return 0;
	if (c->iv_state == IV_UNSET) {
		/* As the default provider: encryption draws a random iv
		 * of at least 12 bytes. */
		if (!c->enc || c->ivlen < 12 ||
		    RAND_bytes(c->iv, (int)c->ivlen) <= 0)
			return 0;
		c->iv_state = IV_BUFFERED;
	}
	if (c->iv_state == IV_BUFFERED) {
		if (!gcm_start(c))
			return 0;
		c->iv_state = IV_STARTED;
	}
	if (in == NULL) {
		if (!c->enc && c->taglen == 0) {
			cap_error(c->prov, CAP_R_TAG_NOT_SET);
			return 0;
		}
		if (!gcm_final_tag(c))
			return 0;
		c->iv_state = IV_FINISHED;
		return 1;
	}
	if (out == NULL) {
		if (c->clen != 0 || len > GCM_AAD_MAX ||
		    c->alen > GCM_AAD_MAX - len)
			return 0;
		c->alen += len;
		if (!gh_absorb(c, in, len))
			return 0;
	} else if (!gcm_data(c, out, in, len)) {
		return 0;
	}
	*outl = len;
	return 1;
}

static int gcm_update(void *vctx, unsigned char *out, size_t *outl,
		      size_t outsize, const unsigned char *in, size_t inl)
{
	struct gcm_ctx *c = vctx;

	if (inl == 0) {
		*outl = 0;
		return 1;
	}
	if (outsize < inl) {
		cap_error(c->prov, CAP_R_OUTPUT_TOO_SMALL);
		return 0;
	}
	if (!gcm_run(c, out, outl, in, inl)) {
		cap_error(c->prov, CAP_R_CIPHER_OPERATION_FAILED);
		return 0;
	}
	return 1;
}

static int gcm_final(void *vctx, unsigned char *out, size_t *outl,
		     size_t outsize)
{
	(void)outsize;
	if (!gcm_run(vctx, out, outl, NULL, 0))
		return 0;
	*outl = 0;
	return 1;
}

static int gcm_cipher(void *vctx, unsigned char *out, size_t *outl,
		      size_t outsize, const unsigned char *in, size_t inl)
{
	struct gcm_ctx *c = vctx;

	if (outsize < inl) {
		cap_error(c->prov, CAP_R_OUTPUT_TOO_SMALL);
		return 0;
	}
	if (!gcm_run(c, out, outl, in, inl))
		return 0;
	*outl = inl;
	return 1;
}

static int gcm_get_one(struct gcm_ctx *c, OSSL_PARAM *p)
{
	const char *k = p->key;
	size_t sz;

	if (strcmp(k, OSSL_CIPHER_PARAM_IVLEN) == 0)
		return OSSL_PARAM_set_size_t(p, c->ivlen);
	if (strcmp(k, OSSL_CIPHER_PARAM_KEYLEN) == 0)
		return OSSL_PARAM_set_size_t(p, c->d->keylen);
	if (strcmp(k, OSSL_CIPHER_PARAM_AEAD_TAGLEN) == 0)
		return OSSL_PARAM_set_size_t(p, c->taglen ? c->taglen : 16);
	if (strcmp(k, OSSL_CIPHER_PARAM_IV) == 0 ||
	    strcmp(k, OSSL_CIPHER_PARAM_UPDATED_IV) == 0) {
		if (c->iv_state == IV_UNSET)
			return 0;
		if (c->ivlen > p->data_size) {
			cap_error(c->prov, CAP_R_BAD_IV_LENGTH);
			return 0;
		}
		return set_octets(p, c->iv, c->ivlen);
	}
	if (strcmp(k, OSSL_CIPHER_PARAM_AEAD_TAG) == 0) {
		sz = p->data_size;
		if (sz == 0 || sz > 16 || !c->enc || c->taglen == 0) {
			cap_error(c->prov, CAP_R_INVALID_TAG);
			return 0;
		}
		return OSSL_PARAM_set_octet_string(p, c->tag, sz);
	}
	if (strcmp(k, CAP_PARAM_DRIVER) == 0)
		return c->err == 0 && set_driver(p, c->drv);
	return 1;
}

static int gcm_get_ctx_params(void *vctx, OSSL_PARAM params[])
{
	OSSL_PARAM *p;

	for (p = params; p != NULL && p->key != NULL; p++)
		if (!gcm_get_one(vctx, p))
			return 0;
	return 1;
}

static int gcm_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
	struct gcm_ctx *c = vctx;
	const OSSL_PARAM *p;
	void *vp;
	size_t sz;

	if (params == NULL)
		return 1;
	p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_AEAD_TAG);
	if (p != NULL) {
		/* The default provider takes the bytes, then judges. */
		vp = c->tag;
		if (p->data == NULL ||
		    !OSSL_PARAM_get_octet_string(p, &vp, 16, &sz)) {
			cap_raise(c->prov, CAP_R_BAD_PARAMETER, "tag");
			return 0;
		}
		if (sz == 0 || c->enc) {
			cap_error(c->prov, CAP_R_INVALID_TAG);
			return 0;
		}
		c->taglen = sz;
	}
	p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_AEAD_IVLEN);
	if (p != NULL) {
		if (!OSSL_PARAM_get_size_t(p, &sz)) {
			cap_raise(c->prov, CAP_R_BAD_PARAMETER, "ivlen");
			return 0;
		}
		if (sz == 0 || sz > GCM_IV_MAX) {
			cap_raise(c->prov, CAP_R_BAD_IV_LENGTH, "%zu", sz);
			return 0;
		}
		if (sz != c->ivlen) {
			/* An iv given for the old length is void. */
			if (c->iv_state != IV_UNSET)
				c->iv_state = IV_FINISHED;
			c->ivlen = sz;
		}
	}
	return 1;
}

static const OSSL_PARAM gcm_ctx_gettable[] = {
	OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
	OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, NULL),
	OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_TAGLEN, NULL),
	OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_IV, NULL, 0),
	OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_UPDATED_IV, NULL, 0),
	OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, NULL, 0),
	OSSL_PARAM_utf8_string(CAP_PARAM_DRIVER, NULL, 0),
	OSSL_PARAM_END
};

static const OSSL_PARAM gcm_ctx_settable[] = {
	OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_IVLEN, NULL),
	OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, NULL, 0),
	OSSL_PARAM_END
};

/* ---- CCM ------------------------------------------------------------- */

struct ccm_ctx {
	const struct cap_provctx *prov;
	const struct aead_desc *d;
	cryptarch_aead *tfm;
	int err;		/* why tfm is NULL */
	char name[32];
	unsigned enc : 1, key_set : 1, iv_set : 1, len_set : 1, tag_set : 1;
	unsigned used : 1;	/* a data update has consumed the length */
	unsigned lost_m : 1;	/* the tag length is lost until a new key */
	size_t l, m;		/* L and the tag length, as set */
	size_t kl, km;		/* those in force: the values at the key */
	size_t mlen;		/* the message length set */
	uint8_t *aad;		/* the AAD until the data comes */
	size_t aadlen;
	uint8_t iv[16];
	uint8_t buf[16];	/* decryption: the expected tag */
	uint8_t tag[16];	/* encryption: the computed tag */
	uint8_t key[32];
};

static void *ccm_newctx(void *provctx, const struct aead_desc *d)
{
	struct ccm_ctx *c = OPENSSL_zalloc(sizeof(*c));

	if (c == NULL)
		return NULL;
	c->prov = provctx;
	c->d = d;
	c->l = c->kl = 8;
	c->m = c->km = 12;
	snprintf(c->name, sizeof(c->name), "ccm(%s)", d->cipher);
	c->err = cryptarch_aead_new(&c->tfm, c->name, c->prov->flags);
	return c;
}

static void ccm_drop_aad(struct ccm_ctx *c)
{
	OPENSSL_clear_free(c->aad, c->aadlen);
	c->aad = NULL;
	c->aadlen = 0;
}

static void ccm_freectx(void *vctx)
{
	struct ccm_ctx *c = vctx;

	if (c == NULL)
		return;
	ccm_drop_aad(c);
	cryptarch_aead_free(c->tfm);
	OPENSSL_clear_free(c, sizeof(*c));
}

static void *ccm_dupctx(void *vctx)
{
	const struct ccm_ctx *c = vctx;
	struct ccm_ctx *n = OPENSSL_malloc(sizeof(*n));

	if (n == NULL)
		return NULL;
	memcpy(n, c, sizeof(*n));
	n->tfm = NULL;
	n->aad = NULL;
	n->aadlen = 0;
	if (c->aadlen != 0) {
		n->aad = OPENSSL_memdup(c->aad, c->aadlen);
		if (n->aad == NULL) {
			ccm_freectx(n);
			return NULL;
		}
		n->aadlen = c->aadlen;
	}
	if (c->tfm != NULL) {
		n->err = cryptarch_aead_new(&n->tfm, c->name, c->prov->flags);
		if (n->err == 0 && c->key_set)
			n->err = cryptarch_aead_setkey(n->tfm, c->key,
						       c->d->keylen);
		if (n->err != 0) {
			raise_lib(c->prov, c->name, n->err);
			ccm_freectx(n);
			return NULL;
		}
	}
	return n;
}

static int ccm_set_ctx_params(void *vctx, const OSSL_PARAM params[]);

static int ccm_init(void *vctx, const unsigned char *key, size_t keylen,
		    const unsigned char *iv, size_t ivlen,
		    const OSSL_PARAM params[], int enc)
{
	struct ccm_ctx *c = vctx;
	int err;

	if (c->tfm == NULL) {
		raise_no_impl(c->prov, c->name, c->err);
		return 0;
	}
	c->enc = enc != 0;
	if (iv != NULL) {
		if (ivlen != 15 - c->l) {
			cap_raise(c->prov, CAP_R_BAD_IV_LENGTH, "%zu", ivlen);
			return 0;
		}
		memcpy(c->iv, iv, ivlen);
		c->iv_set = 1;
	}
	if (key != NULL) {
		if (keylen != c->d->keylen) {
			cap_raise(c->prov, CAP_R_BAD_KEY_LENGTH, "%zu", keylen);
			return 0;
		}
		if (!c->key_set || CRYPTO_memcmp(c->key, key, keylen) != 0) {
			OPENSSL_cleanse(c->key, sizeof(c->key));
			c->key_set = 0;
			err = cryptarch_aead_setkey(c->tfm, key, keylen);
			if (err) {
				raise_lib(c->prov, "setkey", err);
				return 0;
			}
			memcpy(c->key, key, keylen);
			c->key_set = 1;
		}
		/* The default provider fixes L and M with the key. */
		c->kl = c->l;
		c->km = c->m;
		c->lost_m = 0;
		/* A length set before the key does not survive it there
		 * (its CCM state starts over) but still counts as set. */
		if (c->len_set)
			c->used = 1;
	}
	return ccm_set_ctx_params(c, params);
}

static int ccm_einit(void *vctx, const unsigned char *key, size_t keylen,
		     const unsigned char *iv, size_t ivlen,
		     const OSSL_PARAM params[])
{
	return ccm_init(vctx, key, keylen, iv, ivlen, params, 1);
}

static int ccm_dinit(void *vctx, const unsigned char *key, size_t keylen,
		     const unsigned char *iv, size_t ivlen,
		     const OSSL_PARAM params[])
{
	return ccm_init(vctx, key, keylen, iv, ivlen, params, 0);
}

/* The message length is given: the nonce must be as long as the L at the
 * key wants (a shorter iv length set since fails), and the AAD starts
 * over. */
static int ccm_set_len(struct ccm_ctx *c, size_t mlen)
{
	if (15 - c->l < 15 - c->kl)
		return 0;
	ccm_drop_aad(c);
	c->mlen = mlen;
	c->len_set = 1;
	c->used = 0;
	return 1;
}

/* The data update: one library call over a scratch buffer (the library
 * writes or reads the tag after the data, which EVP's buffers lack). */
static int ccm_data(struct ccm_ctx *c, uint8_t *out, const uint8_t *in,
		    size_t len)
{
	size_t nl = 15 - c->kl, tl = c->km;
	uint8_t *s;
	int err, ok = 0;

	/* One data update per length call: the default provider's CCM
	 * state has spent the length after one (whatever its outcome),
	 * also across a re-init that gives no new length. */
	if (c->used ||
	    len != c->mlen || (c->kl < 8 && (uint64_t)len >> (8 * c->kl))) {
		/* And a length that does not match leaves the default
		 * provider's CCM state without its tag length (M) until the
		 * next key: encryption still works, but has no tag to give,
		 * and no decryption verifies. */
		c->used = 1;
		c->lost_m = 1;
		goto fail;
	}
	c->used = 1;
	if (!c->enc && (c->m != c->km || c->lost_m))
		goto fail;
	s = OPENSSL_malloc(len + 16);
	if (s == NULL)
		goto fail;
	err = cryptarch_aead_setauthsize(c->tfm, tl);
	if (c->enc) {
		if (err == 0)
			err = cryptarch_aead_encrypt(c->tfm, in, s, len, c->iv,
						     nl, c->aad, c->aadlen);
		if (err == 0) {
			memcpy(out, s, len);
			memcpy(c->tag, s + len, tl);
			ok = 1;
		}
	} else {
		if (len != 0)
			memcpy(s, in, len);
		memcpy(s + len, c->buf, tl);
		if (err == 0)
			err = cryptarch_aead_decrypt(c->tfm, s, s, len + tl,
						     c->iv, nl, c->aad,
						     c->aadlen);
		if (err == 0) {
			if (len != 0)
				memcpy(out, s, len);
			ok = 1;
		}
	}
	if (err != 0 && err != -EBADMSG)
		raise_lib(c->prov, c->name, err);
	OPENSSL_clear_free(s, len + 16);
	if (ok)
		return 1;
fail:
	/* The default provider zeroes the output of a failed decryption. */
	if (!c->enc && len != 0)
		OPENSSL_cleanse(out, len);
	return 0;
}

/* The default provider's sequence: OUT and IN NULL set the length, OUT
 * NULL is AAD, IN NULL (final) returns nothing. */
static int ccm_run(struct ccm_ctx *c, uint8_t *out, size_t *outl,
		   const uint8_t *in, size_t len)
{
	*outl = 0;
	if (!c->key_set)
		return 0;
	if (in == NULL && out != NULL)
		return 1;
	if (!c->iv_set)
		return 0;
	if (out == NULL) {
		if (in == NULL) {
			if (!ccm_set_len(c, len))
				return 0;
		} else {
			if (!c->len_set && len != 0)
				return 0;
			/* A later AAD replaces the earlier (an empty one
			 * leaves it), as the default provider's does. */
			if (len != 0) {
				uint8_t *a = OPENSSL_memdup(in, len);

				if (a == NULL)
					return 0;
				ccm_drop_aad(c);
				c->aad = a;
				c->aadlen = len;
			}
		}
	} else {
		if (!c->len_set && !ccm_set_len(c, len))
			return 0;
		if (c->enc) {
			if (!ccm_data(c, out, in, len))
				return 0;
			c->tag_set = 1;
		} else {
			if (!c->tag_set || !ccm_data(c, out, in, len))
				return 0;
			c->iv_set = c->tag_set = c->len_set = 0;
			ccm_drop_aad(c);
		}
	}
	*outl = len;
	return 1;
}

static int ccm_update(void *vctx, unsigned char *out, size_t *outl,
		      size_t outsize, const unsigned char *in, size_t inl)
{
	struct ccm_ctx *c = vctx;

	if (outsize < inl) {
		cap_error(c->prov, CAP_R_OUTPUT_TOO_SMALL);
		return 0;
	}
	if (!ccm_run(c, out, outl, in, inl)) {
		cap_error(c->prov, CAP_R_CIPHER_OPERATION_FAILED);
		return 0;
	}
	return 1;
}

static int ccm_final(void *vctx, unsigned char *out, size_t *outl,
		     size_t outsize)
{
	(void)outsize;
	if (ccm_run(vctx, out, outl, NULL, 0) <= 0)
		return 0;
	*outl = 0;
	return 1;
}

static int ccm_cipher(void *vctx, unsigned char *out, size_t *outl,
		      size_t outsize, const unsigned char *in, size_t inl)
{
	struct ccm_ctx *c = vctx;

	if (outsize < inl) {
		cap_error(c->prov, CAP_R_OUTPUT_TOO_SMALL);
		return 0;
	}
	if (!ccm_run(c, out, outl, in, inl))
		return 0;
	*outl = inl;
	return 1;
}

static int ccm_get_one(struct ccm_ctx *c, OSSL_PARAM *p)
{
	const char *k = p->key;

	if (strcmp(k, OSSL_CIPHER_PARAM_IVLEN) == 0)
		return OSSL_PARAM_set_size_t(p, 15 - c->l);
	if (strcmp(k, OSSL_CIPHER_PARAM_KEYLEN) == 0)
		return OSSL_PARAM_set_size_t(p, c->d->keylen);
	if (strcmp(k, OSSL_CIPHER_PARAM_AEAD_TAGLEN) == 0)
		return OSSL_PARAM_set_size_t(p, c->m);
	if (strcmp(k, OSSL_CIPHER_PARAM_IV) == 0 ||
	    strcmp(k, OSSL_CIPHER_PARAM_UPDATED_IV) == 0) {
		if (15 - c->l > p->data_size) {
			cap_error(c->prov, CAP_R_BAD_IV_LENGTH);
			return 0;
		}
		/* As the default provider: as many bytes as asked for, but
		 * of the 16-byte iv buffer only (it reads on past it). */
		return set_octets(p, c->iv,
				  p->data_size < 16 ? p->data_size : 16);
	}
	if (strcmp(k, OSSL_CIPHER_PARAM_AEAD_TAG) == 0) {
		if (!c->enc || !c->tag_set) {
			cap_error(c->prov, CAP_R_TAG_NOT_SET);
			return 0;
		}
		/* The tag has the length in force at the key. */
		if (p->data_type != OSSL_PARAM_OCTET_STRING ||
		    p->data == NULL || p->data_size != c->km || c->lost_m)
			return 0;
		memcpy(p->data, c->tag, c->km);
		p->return_size = c->km;
		c->tag_set = c->iv_set = c->len_set = 0;
		ccm_drop_aad(c);
		return 1;
	}
	if (strcmp(k, CAP_PARAM_DRIVER) == 0)
		return c->tfm != NULL &&
		       set_driver(p, cryptarch_aead_driver(c->tfm));
	return 1;
}

static int ccm_get_ctx_params(void *vctx, OSSL_PARAM params[])
{
	OSSL_PARAM *p;

	for (p = params; p != NULL && p->key != NULL; p++)
		if (!ccm_get_one(vctx, p))
			return 0;
	return 1;
}

static int ccm_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
	struct ccm_ctx *c = vctx;
	const OSSL_PARAM *p;
	size_t sz, l;

	if (params == NULL)
		return 1;
	p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_AEAD_TAG);
	if (p != NULL) {
		if (p->data_type != OSSL_PARAM_OCTET_STRING) {
			cap_raise(c->prov, CAP_R_BAD_PARAMETER, "tag");
			return 0;
		}
		sz = p->data_size;
		if ((sz & 1) || sz < 4 || sz > 16) {
			cap_error(c->prov, CAP_R_INVALID_TAG_LENGTH);
			return 0;
		}
		if (p->data != NULL) {
			if (c->enc) {
				cap_error(c->prov, CAP_R_TAG_NOT_NEEDED);
				return 0;
			}
			memcpy(c->buf, p->data, sz);
			c->tag_set = 1;
		}
		c->m = sz;
	}
	p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_AEAD_IVLEN);
	if (p != NULL) {
		if (!OSSL_PARAM_get_size_t(p, &sz)) {
			cap_raise(c->prov, CAP_R_BAD_PARAMETER, "ivlen");
			return 0;
		}
		l = 15 - sz; /* wraps for sz > 15, refused alike */
		if (l < 2 || l > 8) {
			cap_raise(c->prov, CAP_R_BAD_IV_LENGTH, "%zu", sz);
			return 0;
		}
		if (l != c->l) {
			c->l = l;
			c->iv_set = 0;
		}
	}
	return 1;
}

static const OSSL_PARAM ccm_ctx_gettable[] = {
	OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
	OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, NULL),
	OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_TAGLEN, NULL),
	OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_IV, NULL, 0),
	OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_UPDATED_IV, NULL, 0),
	OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, NULL, 0),
	OSSL_PARAM_utf8_string(CAP_PARAM_DRIVER, NULL, 0),
	OSSL_PARAM_END
};

static const OSSL_PARAM ccm_ctx_settable[] = {
	OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_IVLEN, NULL),
	OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, NULL, 0),
	OSSL_PARAM_END
};

/* ---- shared: the algorithm's constants -------------------------------- */

static int aead_get_params(OSSL_PARAM params[], const struct aead_desc *d)
{
	OSSL_PARAM *p;

	p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_MODE);
	if (p != NULL &&
	    !OSSL_PARAM_set_uint(p, d->kind == CAP_GCM ? EVP_CIPH_GCM_MODE
						       : EVP_CIPH_CCM_MODE))
		return 0;
	p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_KEYLEN);
	if (p != NULL && !OSSL_PARAM_set_size_t(p, d->keylen))
		return 0;
	p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_IVLEN);
	if (p != NULL && !OSSL_PARAM_set_size_t(p, 12))
		return 0;
	p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_BLOCK_SIZE);
	if (p != NULL && !OSSL_PARAM_set_size_t(p, 1))
		return 0;
	p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_AEAD);
	if (p != NULL && !OSSL_PARAM_set_int(p, 1))
		return 0;
	p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_CUSTOM_IV);
	if (p != NULL && !OSSL_PARAM_set_int(p, 1))
		return 0;
	p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_CTS);
	if (p != NULL && !OSSL_PARAM_set_int(p, 0))
		return 0;
	p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_TLS1_MULTIBLOCK);
	if (p != NULL && !OSSL_PARAM_set_int(p, 0))
		return 0;
	p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_HAS_RAND_KEY);
	if (p != NULL && !OSSL_PARAM_set_int(p, 0))
		return 0;
	return 1;
}

static const OSSL_PARAM aead_known_gettable_params[] = {
	OSSL_PARAM_uint(OSSL_CIPHER_PARAM_MODE, NULL),
	OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
	OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, NULL),
	OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_BLOCK_SIZE, NULL),
	OSSL_PARAM_int(OSSL_CIPHER_PARAM_AEAD, NULL),
	OSSL_PARAM_int(OSSL_CIPHER_PARAM_CUSTOM_IV, NULL),
	OSSL_PARAM_int(OSSL_CIPHER_PARAM_CTS, NULL),
	OSSL_PARAM_int(OSSL_CIPHER_PARAM_TLS1_MULTIBLOCK, NULL),
	OSSL_PARAM_int(OSSL_CIPHER_PARAM_HAS_RAND_KEY, NULL),
	OSSL_PARAM_END
};

static const OSSL_PARAM *aead_gettable_params(void *provctx)
{
	(void)provctx;
	return aead_known_gettable_params;
}

static const OSSL_PARAM *gcm_gettable_ctx(void *c, void *p)
{
	(void)c;
	(void)p;
	return gcm_ctx_gettable;
}

static const OSSL_PARAM *gcm_settable_ctx(void *c, void *p)
{
	(void)c;
	(void)p;
	return gcm_ctx_settable;
}

static const OSSL_PARAM *ccm_gettable_ctx(void *c, void *p)
{
	(void)c;
	(void)p;
	return ccm_ctx_gettable;
}

static const OSSL_PARAM *ccm_settable_ctx(void *c, void *p)
{
	(void)c;
	(void)p;
	return ccm_ctx_settable;
}

/* ---- the algorithms (ciphers.h, CAP_AEADS) ---------------------------- */

#define CAP_AEAD_DEFINE(sym, names, cname, kind, keylen)		\
	static const struct aead_desc sym##_desc = { cname, CAP_##kind,	\
						     keylen };		\
	static void *sym##_newctx(void *provctx)			\
	{								\
		return CAP_##kind == CAP_GCM ?				\
			       gcm_newctx(provctx, &sym##_desc) :	\
			       ccm_newctx(provctx, &sym##_desc);	\
	}								\
	static int sym##_get_params(OSSL_PARAM params[])		\
	{								\
		return aead_get_params(params, &sym##_desc);		\
	}								\
	const OSSL_DISPATCH sym##_functions[] = {			\
		{ OSSL_FUNC_CIPHER_NEWCTX, (void (*)(void))sym##_newctx }, \
		{ OSSL_FUNC_CIPHER_FREECTX,				\
		  (void (*)(void))kind##_FN(freectx) },			\
		{ OSSL_FUNC_CIPHER_DUPCTX,				\
		  (void (*)(void))kind##_FN(dupctx) },			\
		{ OSSL_FUNC_CIPHER_ENCRYPT_INIT,			\
		  (void (*)(void))kind##_FN(einit) },			\
		{ OSSL_FUNC_CIPHER_DECRYPT_INIT,			\
		  (void (*)(void))kind##_FN(dinit) },			\
		{ OSSL_FUNC_CIPHER_UPDATE,				\
		  (void (*)(void))kind##_FN(update) },			\
		{ OSSL_FUNC_CIPHER_FINAL,				\
		  (void (*)(void))kind##_FN(final) },			\
		{ OSSL_FUNC_CIPHER_CIPHER,				\
		  (void (*)(void))kind##_FN(cipher) },			\
		{ OSSL_FUNC_CIPHER_GET_PARAMS,				\
		  (void (*)(void))sym##_get_params },			\
		{ OSSL_FUNC_CIPHER_GETTABLE_PARAMS,			\
		  (void (*)(void))aead_gettable_params },		\
		{ OSSL_FUNC_CIPHER_GET_CTX_PARAMS,			\
		  (void (*)(void))kind##_FN(get_ctx_params) },		\
		{ OSSL_FUNC_CIPHER_SET_CTX_PARAMS,			\
		  (void (*)(void))kind##_FN(set_ctx_params) },		\
		{ OSSL_FUNC_CIPHER_GETTABLE_CTX_PARAMS,			\
		  (void (*)(void))kind##_FN(gettable_ctx) },		\
		{ OSSL_FUNC_CIPHER_SETTABLE_CTX_PARAMS,			\
		  (void (*)(void))kind##_FN(settable_ctx) },		\
		{ 0, NULL }						\
	};

#define GCM_FN(f) gcm_##f
#define CCM_FN(f) ccm_##f

#include "ciphers.h"

CAP_AEADS(CAP_AEAD_DEFINE)
