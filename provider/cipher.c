/* SPDX-License-Identifier: MIT */
/*
 * cipher.c - the provider's ciphers: one cryptarch_skcipher per EVP
 * context, allocated by the mode's cipher name (ciphers.h) with the
 * provider's policy flags, so the library's selection chooses the driver;
 * around it the EVP behaviour of OpenSSL's default provider, which the
 * tests compare against call by call:
 *   ECB, CBC  PKCS#7 padding unless padding=0; a partial block is kept
 *             between updates (decryption with padding also keeps the
 *             last whole block back until final);
 *   CTR       any length per update; the unused keystream of a partial
 *             block is kept ("num") for the next update;
 *   XTS       one data unit per update, 16 bytes to 2^20 blocks; on
 *             encryption equal key halves are refused;
 *   CBC-CTS   one message per update (a second update fails until the
 *             next init), cts_mode CS1 (the default), CS2 or CS3: the
 *             library's cts(cbc(...)) is CS3, and CS1/CS2 are the same
 *             blocks with the last two in the other order, which this
 *             file puts right before encryption's output is returned or
 *             decryption's input is passed on.
 * Re-init without a key keeps the key; without an iv, CBC (and CBC-CTS)
 * restarts from the last iv given, CTR goes on from its counter.
 *
 * A context holds a copy of the key (for EVP_CIPHER_CTX_copy, which needs
 * a second handle keyed alike); it, the buffered block and the keystream
 * are wiped when replaced and when the context is freed, and the library
 * wipes its handles. Constant-time as the chosen driver is: nothing here
 * branches on or indexes by secret data (the padding check folds its
 * comparison into one mask). Contexts share nothing mutable.
 */
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include "cryptarch.h"
#include "prov.h"

#define CAP_BLOCK 1
#define CAP_CTR 2
#define CAP_XTS 3
#define CAP_CTS 4

#define CTS_CS1 0
#define CTS_CS2 1
#define CTS_CS3 2

/* IEEE Std 1619-2018 and SP 800-38E: at most 2^20 blocks a data unit. */
#define XTS_MAX_LEN ((size_t)16 << 20)

#define CAP_PARAM_DRIVER "cryptarch-driver"

struct cap_desc {
	const char *tfm_name;
	unsigned kind, mode;
	size_t keylen, ivlen, blocksize;
};

struct cap_ctx {
	const struct cap_provctx *prov;
	const struct cap_desc *d;
	cryptarch_skcipher *tfm;
	int tfm_err;		/* why tfm is NULL */
	unsigned enc : 1, key_set : 1, iv_set : 1, pad : 1, updated : 1;
	unsigned cts_mode;
	unsigned num;		/* CTR: keystream bytes of ks used */
	size_t bufsz;		/* ECB, CBC: bytes in buf */
	uint8_t iv[16], oiv[16];
	uint8_t buf[16], ks[16];
	uint8_t key[64];
};

static void *cap_newctx(void *provctx, const struct cap_desc *d)
{
	struct cap_ctx *c = OPENSSL_zalloc(sizeof(*c));

	if (c == NULL)
		return NULL;
	c->prov = provctx;
	c->d = d;
	c->pad = 1;
	c->cts_mode = CTS_CS1;
	c->tfm_err = cryptarch_skcipher_new(&c->tfm, d->tfm_name,
					    c->prov->flags);
	return c;
}

static void cap_freectx(void *vctx)
{
	struct cap_ctx *c = vctx;

	if (c == NULL)
		return;
	cryptarch_skcipher_free(c->tfm);
	OPENSSL_clear_free(c, sizeof(*c));
}

static void *cap_dupctx(void *vctx)
{
	const struct cap_ctx *c = vctx;
	struct cap_ctx *n = OPENSSL_malloc(sizeof(*n));

	if (n == NULL)
		return NULL;
	memcpy(n, c, sizeof(*n));
	n->tfm = NULL;
	if (c->tfm != NULL) {
		n->tfm_err = cryptarch_skcipher_new(&n->tfm, c->d->tfm_name,
						    c->prov->flags);
		if (n->tfm_err == 0 && c->key_set)
			n->tfm_err = cryptarch_skcipher_setkey(n->tfm, c->key,
							       c->d->keylen);
		if (n->tfm_err != 0) {
			cap_raise(c->prov, CAP_R_LIBRARY, "%s: %s",
				  c->d->tfm_name,
				  cryptarch_strerror(n->tfm_err));
			cap_freectx(n);
			return NULL;
		}
	}
	return n;
}

static int cap_set_ctx_params(void *vctx, const OSSL_PARAM params[]);

static int cap_init(void *vctx, const unsigned char *key, size_t keylen,
		    const unsigned char *iv, size_t ivlen,
		    const OSSL_PARAM params[], int enc)
{
	struct cap_ctx *c = vctx;
	const struct cap_desc *d = c->d;
	int err;

	if (c->tfm == NULL) {
		cap_raise(c->prov, CAP_R_NO_IMPLEMENTATION,
			  "%s: %s%s", d->tfm_name, cryptarch_strerror(c->tfm_err),
			  c->tfm_err == -ENOENT &&
				  !(c->prov->flags & CRYPTARCH_ALLOW_VARIABLE_TIME) ?
				  " (only constant-time implementations are "
				  "allowed: allow-variable-time in the "
				  "provider's configuration)" : "");
		return 0;
	}
	c->enc = enc != 0;
	c->num = 0;
	c->bufsz = 0;
	c->updated = 0;
	OPENSSL_cleanse(c->buf, sizeof(c->buf));
	OPENSSL_cleanse(c->ks, sizeof(c->ks));
	if (iv != NULL && d->mode != EVP_CIPH_ECB_MODE) {
		if (ivlen != d->ivlen) {
			cap_raise(c->prov, CAP_R_BAD_IV_LENGTH, "%zu", ivlen);
			return 0;
		}
		memcpy(c->iv, iv, ivlen);
		memcpy(c->oiv, iv, ivlen);
		c->iv_set = 1;
	} else if (iv == NULL && c->iv_set && d->mode == EVP_CIPH_CBC_MODE) {
		memcpy(c->iv, c->oiv, 16);
	}
	if (key != NULL) {
		if (keylen != d->keylen) {
			cap_raise(c->prov, CAP_R_BAD_KEY_LENGTH, "%zu", keylen);
			return 0;
		}
		/* The default provider refuses equal XTS halves when
		 * encrypting (Rogaway 2004) and lets decryption through. */
		if (d->kind == CAP_XTS && enc &&
		    CRYPTO_memcmp(key, key + keylen / 2, keylen / 2) == 0) {
			cap_error(c->prov, CAP_R_XTS_DUPLICATED_KEYS);
			return 0;
		}
		OPENSSL_cleanse(c->key, sizeof(c->key));
		c->key_set = 0;
		err = cryptarch_skcipher_setkey(c->tfm, key, keylen);
		if (err) {
			cap_raise(c->prov, CAP_R_LIBRARY, "setkey: %s",
				  cryptarch_strerror(err));
			return 0;
		}
		memcpy(c->key, key, keylen);
		c->key_set = 1;
	}
	return cap_set_ctx_params(c, params);
}

static int cap_einit(void *vctx, const unsigned char *key, size_t keylen,
		     const unsigned char *iv, size_t ivlen,
		     const OSSL_PARAM params[])
{
	return cap_init(vctx, key, keylen, iv, ivlen, params, 1);
}

static int cap_dinit(void *vctx, const unsigned char *key, size_t keylen,
		     const unsigned char *iv, size_t ivlen,
		     const OSSL_PARAM params[])
{
	return cap_init(vctx, key, keylen, iv, ivlen, params, 0);
}

/* The library call; ECB ignores the iv, XTS leaves it as it is. */
static int cap_run(struct cap_ctx *c, uint8_t *out, const uint8_t *in,
		   size_t len, int enc)
{
	int err = enc ? cryptarch_skcipher_encrypt(c->tfm, in, out, len, c->iv)
		      : cryptarch_skcipher_decrypt(c->tfm, in, out, len, c->iv);

	if (err) {
		cap_raise(c->prov, CAP_R_LIBRARY, "%s: %s", c->d->tfm_name,
			  cryptarch_strerror(err));
		return 0;
	}
	return 1;
}

static int cap_check(struct cap_ctx *c, size_t need, size_t outsize)
{
	if (!c->key_set) {
		cap_error(c->prov, CAP_R_NO_KEY_SET);
		return 0;
	}
	if (outsize < need) {
		cap_error(c->prov, CAP_R_OUTPUT_TOO_SMALL);
		return 0;
	}
	return 1;
}

/*
 * ECB, CBC. Of the bytes buffered and given, all but those kept are
 * processed: the trailing partial block, and with padding on decryption a
 * whole last block (the padding is in it), so final has it.
 */
static int cap_block_update(struct cap_ctx *c, uint8_t *out, size_t *outl,
			    size_t outsize, const uint8_t *in, size_t inl)
{
	size_t total = c->bufsz + inl, keep, emit, n, done = 0;

	if (inl == 0) {
		*outl = 0;
		return 1;
	}
	keep = total % 16;
	if (keep == 0 && !c->enc && c->pad)
		keep = 16;
	emit = total - keep;
	if (!cap_check(c, emit, outsize))
		return 0;
	if (c->bufsz != 0) {
		n = 16 - c->bufsz;
		if (emit == 0) {
			memcpy(c->buf + c->bufsz, in, inl);
			c->bufsz += inl;
			*outl = 0;
			return 1;
		}
		memcpy(c->buf + c->bufsz, in, n);
		in += n;
		inl -= n;
		if (!cap_run(c, out, c->buf, 16, c->enc))
			return 0;
		c->bufsz = 0;
		out += 16;
		emit -= 16;
		done = 16;
	}
	if (emit != 0) {
		if (!cap_run(c, out, in, emit, c->enc))
			return 0;
		in += emit;
		inl -= emit;
		done += emit;
	}
	memcpy(c->buf, in, inl);
	c->bufsz = inl;
	*outl = done;
	return 1;
}

static int cap_block_final(struct cap_ctx *c, uint8_t *out, size_t *outl,
			   size_t outsize)
{
	unsigned pad, bad, i;
	size_t n;

	if (!cap_check(c, 0, outsize))
		return 0;
	if (c->enc) {
		if (c->pad) {
			pad = (unsigned)(16 - c->bufsz);
			memset(c->buf + c->bufsz, (int)pad, pad);
			c->bufsz = 16;
		} else if (c->bufsz == 0) {
			*outl = 0;
			return 1;
		}
		if (c->bufsz != 16) {
			cap_error(c->prov, CAP_R_WRONG_FINAL_BLOCK_LENGTH);
			return 0;
		}
		if (!cap_check(c, 16, outsize) || !cap_run(c, out, c->buf, 16, 1))
			return 0;
		c->bufsz = 0;
		OPENSSL_cleanse(c->buf, sizeof(c->buf));
		*outl = 16;
		return 1;
	}
	if (c->bufsz != 16) {
		if (c->bufsz == 0 && !c->pad) {
			*outl = 0;
			return 1;
		}
		cap_error(c->prov, CAP_R_WRONG_FINAL_BLOCK_LENGTH);
		return 0;
	}
	if (!cap_run(c, c->buf, c->buf, 16, 0))
		return 0;
	n = 16;
	if (c->pad) {
		/* PKCS#7: the last byte N in 1..16 and the N last bytes all
		 * N; one verdict for the whole block, no early exit. */
		pad = c->buf[15];
		bad = (pad - 1u) >> 8 | (16u - pad) >> 8; /* pad 0 or > 16 */
		for (i = 0; i < 16; i++) {
			unsigned in_pad = (15u - i - pad) >> 8 & 1u; /* i >= 16-pad */

			bad |= in_pad & (unsigned)((c->buf[i] ^ pad) + 0xffu) >> 8;
		}
		if (bad & 1u) {
			OPENSSL_cleanse(c->buf, sizeof(c->buf));
			cap_error(c->prov, CAP_R_BAD_DECRYPT);
			return 0;
		}
		n = 16 - pad;
	}
	if (outsize < n) {
		cap_error(c->prov, CAP_R_OUTPUT_TOO_SMALL);
		return 0;
	}
	memcpy(out, c->buf, n);
	OPENSSL_cleanse(c->buf, sizeof(c->buf));
	c->bufsz = 0;
	*outl = n;
	return 1;
}

/* CTR: the keystream left from the last partial block first, then whole
 * blocks through the library, then a new keystream block for the tail. */
static int cap_ctr_update(struct cap_ctx *c, uint8_t *out, size_t *outl,
			  size_t outsize, const uint8_t *in, size_t inl)
{
	size_t len = inl, whole, i;

	if (inl == 0) {
		*outl = 0;
		return 1;
	}
	if (!cap_check(c, inl, outsize))
		return 0;
	while (c->num != 0 && len != 0) {
		*out++ = *in++ ^ c->ks[c->num];
		c->num = (c->num + 1) & 15;
		len--;
	}
	whole = len & ~(size_t)15;
	if (whole != 0) {
		if (!cap_run(c, out, in, whole, 1))
			return 0;
		in += whole;
		out += whole;
		len -= whole;
	}
	if (len != 0) {
		memset(c->ks, 0, sizeof(c->ks));
		if (!cap_run(c, c->ks, c->ks, 16, 1))
			return 0;
		for (i = 0; i < len; i++)
			out[i] = in[i] ^ c->ks[i];
		c->num = (unsigned)len;
	}
	*outl = inl;
	return 1;
}

static int cap_xts_update(struct cap_ctx *c, uint8_t *out, size_t *outl,
			  size_t outsize, const uint8_t *in, size_t inl)
{
	if (!cap_check(c, inl, outsize))
		return 0;
	if (!c->iv_set || in == NULL || out == NULL || inl < 16) {
		cap_raise(c->prov, CAP_R_BAD_LENGTH, "xts: %zu bytes", inl);
		return 0;
	}
	if (inl > XTS_MAX_LEN) {
		cap_error(c->prov, CAP_R_XTS_DATA_UNIT_TOO_LARGE);
		return 0;
	}
	if (!cap_run(c, out, in, inl, c->enc))
		return 0;
	*outl = inl;
	return 1;
}

/* [A(16) B(d)] becomes [B(d) A(16)], d in 1..16. */
static void cap_rotate_tail(uint8_t *p, size_t d)
{
	uint8_t t[32];

	memcpy(t, p, 16 + d);
	memcpy(p, t + 16, d);
	memcpy(p + d, t, 16);
	OPENSSL_cleanse(t, sizeof(t));
}

/*
 * CBC-CTS. In CS3 order (the library's) the message ends with X, the
 * last whole ciphertext block, then the D bytes Y of the one before; CS1
 * puts Y before X always, CS2 when D is 16 (plain CBC then). The iv
 * afterwards is X, as the default provider leaves it.
 */
static int cap_cts_update(struct cap_ctx *c, uint8_t *out, size_t *outl,
			  size_t outsize, const uint8_t *in, size_t inl)
{
	size_t d, tail;
	int swap;
	uint8_t x[16];

	if (inl < 16) {
		cap_raise(c->prov, CAP_R_BAD_LENGTH, "cts: %zu bytes", inl);
		return 0;
	}
	if (outsize < inl) {
		cap_error(c->prov, CAP_R_OUTPUT_TOO_SMALL);
		return 0;
	}
	if (out == NULL) {
		*outl = inl;
		return 1;
	}
	if (c->updated) {
		cap_error(c->prov, CAP_R_CTS_ONE_SHOT);
		return 0;
	}
	if (!cap_check(c, inl, outsize))
		return 0;
	d = inl % 16 ? inl % 16 : 16;
	tail = inl - d - 16; /* where X is in CS3 order (inl > 16) */
	swap = inl > 16 &&
	       (c->cts_mode == CTS_CS1 || (c->cts_mode == CTS_CS2 && d == 16));
	if (c->enc) {
		if (!cap_run(c, out, in, inl, 1))
			return 0;
		if (inl > 16) {
			memcpy(c->iv, out + tail, 16);
			if (swap)
				cap_rotate_tail(out + tail, d);
		}
	} else {
		if (inl == 16) {
			memcpy(x, in, 16);
			if (!cap_run(c, out, in, 16, 0))
				return 0;
		} else if (swap) {
			if (out != in)
				memmove(out, in, inl);
			memcpy(x, out + tail + d, 16);
			/* [Y X] back to [X Y]: rotating by 16 is rotating
			 * the other way by D. */
			{
				uint8_t t[32];

				memcpy(t, out + tail, 16 + d);
				memcpy(out + tail, t + d, 16);
				memcpy(out + tail + 16, t, d);
				OPENSSL_cleanse(t, sizeof(t));
			}
			if (!cap_run(c, out, out, inl, 0))
				return 0;
		} else {
			memcpy(x, in + tail, 16);
			if (!cap_run(c, out, in, inl, 0))
				return 0;
		}
		memcpy(c->iv, x, 16);
	}
	c->updated = 1;
	*outl = inl;
	return 1;
}

static int cap_update(void *vctx, unsigned char *out, size_t *outl,
		      size_t outsize, const unsigned char *in, size_t inl)
{
	struct cap_ctx *c = vctx;

	switch (c->d->kind) {
	case CAP_BLOCK:
		return cap_block_update(c, out, outl, outsize, in, inl);
	case CAP_CTR:
		return cap_ctr_update(c, out, outl, outsize, in, inl);
	case CAP_XTS:
		return cap_xts_update(c, out, outl, outsize, in, inl);
	default:
		return cap_cts_update(c, out, outl, outsize, in, inl);
	}
}

static int cap_final(void *vctx, unsigned char *out, size_t *outl,
		     size_t outsize)
{
	struct cap_ctx *c = vctx;

	switch (c->d->kind) {
	case CAP_BLOCK:
		return cap_block_final(c, out, outl, outsize);
	case CAP_CTR:
		if (!cap_check(c, 0, outsize))
			return 0;
		/* fall through */
	default:
		*outl = 0;
		return 1;
	}
}

/* EVP_Cipher(): no padding, no buffering; ECB and CBC whole blocks. */
static int cap_cipher(void *vctx, unsigned char *out, size_t *outl,
		      size_t outsize, const unsigned char *in, size_t inl)
{
	struct cap_ctx *c = vctx;

	if (c->d->kind != CAP_BLOCK)
		return cap_update(vctx, out, outl, outsize, in, inl);
	if (!cap_check(c, inl, outsize))
		return 0;
	if (inl % 16 != 0) {
		cap_raise(c->prov, CAP_R_BAD_LENGTH, "%zu bytes", inl);
		return 0;
	}
	if (inl != 0 && !cap_run(c, out, in, inl, c->enc))
		return 0;
	*outl = inl;
	return 1;
}

/* ---- parameters ---------------------------------------------------- */

static int cap_get_params(OSSL_PARAM params[], const struct cap_desc *d)
{
	OSSL_PARAM *p;

	p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_MODE);
	if (p != NULL && !OSSL_PARAM_set_uint(p, d->mode))
		return 0;
	p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_KEYLEN);
	if (p != NULL && !OSSL_PARAM_set_size_t(p, d->keylen))
		return 0;
	p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_IVLEN);
	if (p != NULL && !OSSL_PARAM_set_size_t(p, d->ivlen))
		return 0;
	p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_BLOCK_SIZE);
	if (p != NULL && !OSSL_PARAM_set_size_t(p, d->blocksize))
		return 0;
	p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_AEAD);
	if (p != NULL && !OSSL_PARAM_set_int(p, 0))
		return 0;
	p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_CUSTOM_IV);
	if (p != NULL && !OSSL_PARAM_set_int(p, d->kind == CAP_XTS))
		return 0;
	p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_CTS);
	if (p != NULL && !OSSL_PARAM_set_int(p, d->kind == CAP_CTS))
		return 0;
	p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_TLS1_MULTIBLOCK);
	if (p != NULL && !OSSL_PARAM_set_int(p, 0))
		return 0;
	p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_HAS_RAND_KEY);
	if (p != NULL && !OSSL_PARAM_set_int(p, 0))
		return 0;
	return 1;
}

static const OSSL_PARAM cap_known_gettable_params[] = {
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

static const OSSL_PARAM *cap_gettable_params(void *provctx)
{
	(void)provctx;
	return cap_known_gettable_params;
}

static int cap_set_octets(OSSL_PARAM *p, const uint8_t *v, size_t len)
{
	return OSSL_PARAM_set_octet_ptr(p, v, len) ||
	       OSSL_PARAM_set_octet_string(p, v, len);
}

static const char *const cap_cts_names[] = { "CS1", "CS2", "CS3" };

/*
 * One pass over the caller's parameters, each key compared with the names
 * this context answers: EVP asks for the iv length on every init and
 * update, so eight OSSL_PARAM_locate() scans per call would be most of a
 * short request's cost. Unknown keys are left alone, as locate would.
 */
static int cap_get_one(struct cap_ctx *c, OSSL_PARAM *p)
{
	const struct cap_desc *d = c->d;
	const char *k = p->key;
	const char *drv;

	if (strcmp(k, OSSL_CIPHER_PARAM_IVLEN) == 0)
		return OSSL_PARAM_set_size_t(p, d->ivlen);
	if (strcmp(k, OSSL_CIPHER_PARAM_KEYLEN) == 0)
		return OSSL_PARAM_set_size_t(p, d->keylen);
	if (strcmp(k, OSSL_CIPHER_PARAM_PADDING) == 0)
		return OSSL_PARAM_set_uint(p, c->pad);
	if (strcmp(k, OSSL_CIPHER_PARAM_NUM) == 0)
		return OSSL_PARAM_set_uint(p, c->num);
	if (strcmp(k, OSSL_CIPHER_PARAM_IV) == 0)
		return cap_set_octets(p, c->oiv, d->ivlen);
	if (strcmp(k, OSSL_CIPHER_PARAM_UPDATED_IV) == 0)
		return cap_set_octets(p, c->iv, d->ivlen);
	if (strcmp(k, OSSL_CIPHER_PARAM_CTS_MODE) == 0)
		return d->kind != CAP_CTS ||
		       OSSL_PARAM_set_utf8_string(p,
						  cap_cts_names[c->cts_mode]);
	if (strcmp(k, CAP_PARAM_DRIVER) == 0) {
		if (c->tfm == NULL)
			return 0;
		drv = cryptarch_skcipher_driver(c->tfm);
		return OSSL_PARAM_set_utf8_ptr(p, drv) ||
		       OSSL_PARAM_set_utf8_string(p, drv);
	}
	return 1;
}

static int cap_get_ctx_params(void *vctx, OSSL_PARAM params[])
{
	OSSL_PARAM *p;

	for (p = params; p != NULL && p->key != NULL; p++)
		if (!cap_get_one(vctx, p))
			return 0;
	return 1;
}

static int cap_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
	struct cap_ctx *c = vctx;
	const OSSL_PARAM *p;
	unsigned u;
	size_t z;

	if (params == NULL)
		return 1;
	p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_PADDING);
	if (p != NULL) {
		if (!OSSL_PARAM_get_uint(p, &u)) {
			cap_raise(c->prov, CAP_R_BAD_PARAMETER, "padding");
			return 0;
		}
		c->pad = u != 0;
	}
	p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_NUM);
	if (p != NULL) {
		if (!OSSL_PARAM_get_uint(p, &u)) {
			cap_raise(c->prov, CAP_R_BAD_PARAMETER, "num");
			return 0;
		}
		c->num = u & 15;
	}
	p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_KEYLEN);
	if (p != NULL && c->d->kind == CAP_XTS) {
		if (!OSSL_PARAM_get_size_t(p, &z) || z != c->d->keylen) {
			cap_error(c->prov, CAP_R_BAD_KEY_LENGTH);
			return 0;
		}
	}
	p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_CTS_MODE);
	if (p != NULL && c->d->kind == CAP_CTS) {
		const char *s = NULL;

		if (p->data_type != OSSL_PARAM_UTF8_STRING ||
		    !OSSL_PARAM_get_utf8_string_ptr(p, &s))
			goto bad_cts;
		for (u = 0; u < 3; u++)
			if (OPENSSL_strcasecmp(s, cap_cts_names[u]) == 0)
				break;
		if (u == 3)
			goto bad_cts;
		c->cts_mode = u;
	}
	return 1;
bad_cts:
	cap_error(c->prov, CAP_R_BAD_CTS_MODE);
	return 0;
}

#define CAP_CTX_GETTABLE_COMMON						\
	OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),		\
	OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, NULL),		\
	OSSL_PARAM_uint(OSSL_CIPHER_PARAM_PADDING, NULL),		\
	OSSL_PARAM_uint(OSSL_CIPHER_PARAM_NUM, NULL),			\
	OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_IV, NULL, 0),		\
	OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_UPDATED_IV, NULL, 0),	\
	OSSL_PARAM_utf8_string(CAP_PARAM_DRIVER, NULL, 0)

static const OSSL_PARAM cap_ctx_gettable[] = { CAP_CTX_GETTABLE_COMMON,
					       OSSL_PARAM_END };
static const OSSL_PARAM cap_ctx_gettable_cts[] = {
	CAP_CTX_GETTABLE_COMMON,
	OSSL_PARAM_utf8_string(OSSL_CIPHER_PARAM_CTS_MODE, NULL, 0),
	OSSL_PARAM_END
};

static const OSSL_PARAM cap_ctx_settable[] = {
	OSSL_PARAM_uint(OSSL_CIPHER_PARAM_PADDING, NULL),
	OSSL_PARAM_uint(OSSL_CIPHER_PARAM_NUM, NULL),
	OSSL_PARAM_END
};
static const OSSL_PARAM cap_ctx_settable_xts[] = {
	OSSL_PARAM_uint(OSSL_CIPHER_PARAM_PADDING, NULL),
	OSSL_PARAM_uint(OSSL_CIPHER_PARAM_NUM, NULL),
	OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
	OSSL_PARAM_END
};
static const OSSL_PARAM cap_ctx_settable_cts[] = {
	OSSL_PARAM_uint(OSSL_CIPHER_PARAM_PADDING, NULL),
	OSSL_PARAM_uint(OSSL_CIPHER_PARAM_NUM, NULL),
	OSSL_PARAM_utf8_string(OSSL_CIPHER_PARAM_CTS_MODE, NULL, 0),
	OSSL_PARAM_END
};

/* ---- the algorithms --------------------------------------------------- */

#define CAP_DEFINE(sym, names, tfm, kind, mode, keylen, ivlen, bs)	\
	static const struct cap_desc sym##_desc = { tfm, kind, mode,	\
						    keylen, ivlen, bs };	\
	static void *sym##_newctx(void *provctx)			\
	{								\
		return cap_newctx(provctx, &sym##_desc);		\
	}								\
	static int sym##_get_params(OSSL_PARAM params[])		\
	{								\
		return cap_get_params(params, &sym##_desc);		\
	}								\
	static const OSSL_PARAM *sym##_gettable_ctx(void *c, void *p)	\
	{								\
		(void)c;						\
		(void)p;						\
		return kind == CAP_CTS ? cap_ctx_gettable_cts		\
				       : cap_ctx_gettable;		\
	}								\
	static const OSSL_PARAM *sym##_settable_ctx(void *c, void *p)	\
	{								\
		(void)c;						\
		(void)p;						\
		return kind == CAP_CTS	 ? cap_ctx_settable_cts		\
		       : kind == CAP_XTS ? cap_ctx_settable_xts		\
					 : cap_ctx_settable;		\
	}								\
	static const OSSL_DISPATCH sym##_functions[] = {		\
		{ OSSL_FUNC_CIPHER_NEWCTX, (void (*)(void))sym##_newctx }, \
		{ OSSL_FUNC_CIPHER_FREECTX, (void (*)(void))cap_freectx }, \
		{ OSSL_FUNC_CIPHER_DUPCTX, (void (*)(void))cap_dupctx },	\
		{ OSSL_FUNC_CIPHER_ENCRYPT_INIT,			\
		  (void (*)(void))cap_einit },				\
		{ OSSL_FUNC_CIPHER_DECRYPT_INIT,			\
		  (void (*)(void))cap_dinit },				\
		{ OSSL_FUNC_CIPHER_UPDATE, (void (*)(void))cap_update },	\
		{ OSSL_FUNC_CIPHER_FINAL, (void (*)(void))cap_final },	\
		{ OSSL_FUNC_CIPHER_CIPHER, (void (*)(void))cap_cipher },	\
		{ OSSL_FUNC_CIPHER_GET_PARAMS,				\
		  (void (*)(void))sym##_get_params },			\
		{ OSSL_FUNC_CIPHER_GETTABLE_PARAMS,			\
		  (void (*)(void))cap_gettable_params },		\
		{ OSSL_FUNC_CIPHER_GET_CTX_PARAMS,			\
		  (void (*)(void))cap_get_ctx_params },			\
		{ OSSL_FUNC_CIPHER_SET_CTX_PARAMS,			\
		  (void (*)(void))cap_set_ctx_params },			\
		{ OSSL_FUNC_CIPHER_GETTABLE_CTX_PARAMS,			\
		  (void (*)(void))sym##_gettable_ctx },			\
		{ OSSL_FUNC_CIPHER_SETTABLE_CTX_PARAMS,			\
		  (void (*)(void))sym##_settable_ctx },			\
		{ 0, NULL }						\
	};

#include "ciphers.h"

CAP_CIPHERS(CAP_DEFINE)

#define CAP_ALGORITHM(sym, names, tfm, kind, mode, keylen, ivlen, bs)	\
	{ names, "provider=cryptarch", sym##_functions, NULL },

#define CAP_AEAD_ALGORITHM(sym, names, cipher, kind, keylen)		\
	{ names, "provider=cryptarch", sym##_functions, NULL },

const OSSL_ALGORITHM cap_cipher_algorithms[] = {
	CAP_CIPHERS(CAP_ALGORITHM)
	CAP_AEADS(CAP_AEAD_ALGORITHM)
	{ NULL, NULL, NULL, NULL }
};
