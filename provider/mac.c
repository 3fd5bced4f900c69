/* SPDX-License-Identifier: MIT */
/*
 * mac.c - the provider's MAC "CMAC" (NIST SP 800-38B, RFC 4493) over the
 * library's cmac(aes) and cmac(twofish) shash handles, allocated with the
 * provider's policy flags so that the library's selection chooses the
 * driver. The cipher parameter takes the names programs pass to OpenSSL's
 * CMAC (AES-128-CBC, AES128, its OID, ... in any case; TWOFISH-128-CBC
 * and the other sizes); the cipher fixes the key length. Any other cipher,
 * ECB included (OpenSSL 3.0's CMAC takes AES-128-ECB but its result is
 * not CMAC), is refused when it is set.
 *
 * The EVP behaviour is OpenSSL 3.0's default provider's, which the tests
 * compare against call by call: a cipher set takes effect at the next
 * key; init without a key starts a new message under the key set (none:
 * an error); a key that fails (wrong length) leaves no key; update and
 * final without a key fail; a context without a key cannot be duplicated;
 * and after final the context goes on as OpenSSL's does, the tag taking
 * the place of the CBC-MAC chaining value with the last block kept, so a
 * further update or final continues from there.
 *
 * The library's handle keeps its message state to itself, so this file
 * holds the message's last block (1 to 16 bytes once there is data) back
 * from the handle, which then only ever has blocks that are followed by
 * more data. A CBC-MAC chain restarts anywhere: going on from chaining
 * value X with block M is a fresh chain fed X ^ M. That is how a context
 * is duplicated mid-message: the handle's final gives T = E(X' ^ M ^ K1)
 * for its last block M, so the chaining value is X = E(D(T) ^ K1) (one
 * block decryption and two encryptions through a cipher handle of the
 * same key and policy, with the subkeys K1 = dbl(E(0)), K2 = dbl(K1));
 * the original and the copy both keep X, and each XORs it into the next
 * block it gives its fresh handle. The last block of a restarted chain is
 * given as one whole block X ^ M (whole M; the handle adds K1) or
 * X ^ pad(M) ^ K2 ^ K1 (partial M). The subkeys and the cipher handle are
 * only made when a restart needs them.
 *
 * A context holds a copy of the key (for the copy's handle), the held
 * block, X and the subkeys; all are wiped when replaced and when the
 * context is freed, and the library wipes its handles. Constant-time as
 * the chosen drivers are: nothing here branches on or indexes by secret
 * data (dbl masks its reduction), only on lengths. Contexts share nothing
 * mutable.
 */
#include <errno.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/params.h>

#include "cryptarch.h"
#include "prov.h"

#define CAP_PARAM_DRIVER "cryptarch-driver"
#define CMAC_BLOCK 16

struct cmac_cipher {
	const char *names[3]; /* OpenSSL's name, alias, OID */
	const char *shash, *cipher;
	size_t keylen;
};

/* The names of the default provider's ciphers (`openssl list
 * -cipher-algorithms`), and the provider's own for Twofish. */
/* clang-format off */
static const struct cmac_cipher cmac_ciphers[] = {
	{ { "AES-128-CBC", "AES128", "2.16.840.1.101.3.4.1.2" },
	  "cmac(aes)", "aes", 16 },
	{ { "AES-192-CBC", "AES192", "2.16.840.1.101.3.4.1.22" },
	  "cmac(aes)", "aes", 24 },
	{ { "AES-256-CBC", "AES256", "2.16.840.1.101.3.4.1.42" },
	  "cmac(aes)", "aes", 32 },
	{ { "TWOFISH-128-CBC" }, "cmac(twofish)", "twofish", 16 },
	{ { "TWOFISH-192-CBC" }, "cmac(twofish)", "twofish", 24 },
	{ { "TWOFISH-256-CBC" }, "cmac(twofish)", "twofish", 32 },
};
/* clang-format on */

struct cmac_ctx {
	const struct cap_provctx *prov;
	const struct cmac_cipher *chosen; /* for the next key */
	const struct cmac_cipher *cur;	  /* h's, NULL without h */
	cryptarch_shash *h;
	cryptarch_cipher *blk; /* restarts only */
	unsigned keyed : 1, fed : 1, restart : 1, subkeys : 1;
	size_t npend;		  /* bytes in pend */
	uint8_t pend[CMAC_BLOCK]; /* the held-back last block */
	uint8_t x[CMAC_BLOCK];	  /* restart: chaining value */
	uint8_t k1[CMAC_BLOCK], k2[CMAC_BLOCK];
	uint8_t key[32];
};

static const struct cmac_cipher *cmac_lookup(const char *name)
{
	size_t i, j;

	for (i = 0; i < sizeof(cmac_ciphers) / sizeof(cmac_ciphers[0]); i++)
		for (j = 0; j < 3 && cmac_ciphers[i].names[j] != NULL; j++)
			if (OPENSSL_strcasecmp(name,
					       cmac_ciphers[i].names[j]) == 0)
				return &cmac_ciphers[i];
	return NULL;
}

static void cmac_raise_lib(const struct cmac_ctx *c, const char *what,
			   const char *name, int err)
{
	cap_raise(c->prov,
		  err == -ENOENT ? CAP_R_NO_IMPLEMENTATION : CAP_R_LIBRARY,
		  "%s %s: %s%s", what, name, cryptarch_strerror(err),
		  err == -ENOENT && !(c->prov->flags &
				      CRYPTARCH_ALLOW_VARIABLE_TIME) ?
			  " (only constant-time implementations are allowed: "
			  "allow-variable-time in the provider's "
			  "configuration)" :
			  "");
}

/* The message state: nothing given to h, nothing held, no restart. */
static void cmac_clear_message(struct cmac_ctx *c)
{
	c->fed = 0;
	c->restart = 0;
	c->npend = 0;
	OPENSSL_cleanse(c->pend, sizeof(c->pend));
	OPENSSL_cleanse(c->x, sizeof(c->x));
}

static void *cmac_newctx(void *provctx)
{
	struct cmac_ctx *c = OPENSSL_zalloc(sizeof(*c));

	if (c == NULL)
		return NULL;
	c->prov = provctx;
	return c;
}

static void cmac_freectx(void *vctx)
{
	struct cmac_ctx *c = vctx;

	if (c == NULL)
		return;
	cryptarch_shash_free(c->h);
	cryptarch_cipher_free(c->blk);
	OPENSSL_clear_free(c, sizeof(*c));
}

/* OUT = IN * x in GF(2^128) (SP 800-38B 6.1), without a secret branch. */
static void cmac_dbl(uint8_t out[CMAC_BLOCK], const uint8_t in[CMAC_BLOCK])
{
	uint8_t carry = (uint8_t)(0u - (in[0] >> 7));
	unsigned i;

	for (i = 0; i < CMAC_BLOCK - 1; i++)
		out[i] = (uint8_t)(in[i] << 1 | in[i + 1] >> 7);
	out[CMAC_BLOCK - 1] =
		(uint8_t)(in[CMAC_BLOCK - 1] << 1 ^ (carry & 0x87));
}

/* The cipher handle under the context's key, and K1, K2 (restarts). */
static int cmac_subkeys(struct cmac_ctx *c)
{
	uint8_t l[CMAC_BLOCK] = { 0 };
	int err = 0;

	if (c->subkeys)
		return 1;
	if (c->blk == NULL)
		err = cryptarch_cipher_new(&c->blk, c->cur->cipher,
					   c->prov->flags);
	if (err == 0)
		err = cryptarch_cipher_setkey(c->blk, c->key, c->cur->keylen);
	if (err == 0)
		err = cryptarch_cipher_encrypt(c->blk, l, l);
	if (err) {
		cmac_raise_lib(c, "cipher", c->cur->cipher, err);
		return 0;
	}
	cmac_dbl(c->k1, l);
	cmac_dbl(c->k2, c->k1);
	OPENSSL_cleanse(l, sizeof(l));
	c->subkeys = 1;
	return 1;
}

static int cmac_check(const struct cmac_ctx *c, int err, const char *what)
{
	if (err == 0)
		return 1;
	cap_raise(c->prov, CAP_R_LIBRARY, "%s: %s", what,
		  cryptarch_strerror(err));
	return 0;
}

/* Turn a chain in h (fed) into a restart: X out of h's final, h empty. */
static int cmac_to_restart(struct cmac_ctx *c)
{
	uint8_t t[CMAC_BLOCK];
	unsigned i;
	int err;

	if (!c->fed)
		return 1;
	if (!cmac_subkeys(c))
		return 0;
	/* t = E(X' ^ M ^ K1); X = E(X' ^ M) = E(D(t) ^ K1) */
	err = cryptarch_shash_final(c->h, t);
	if (err == 0)
		err = cryptarch_cipher_decrypt(c->blk, t, t);
	for (i = 0; i < CMAC_BLOCK; i++)
		t[i] ^= c->k1[i];
	if (err == 0)
		err = cryptarch_cipher_encrypt(c->blk, c->x, t);
	OPENSSL_cleanse(t, sizeof(t));
	if (!cmac_check(c, err, "cmac restart"))
		return 0;
	c->fed = 0;
	c->restart = 1;
	return 1;
}

static void *cmac_dupctx(void *vctx)
{
	struct cmac_ctx *c = vctx;
	struct cmac_ctx *n;
	int err;

	/* OpenSSL 3.0's CMAC copies only a keyed context. */
	if (!c->keyed) {
		cap_error(c->prov, CAP_R_NO_KEY_SET);
		return NULL;
	}
	if (!cmac_to_restart(c))
		return NULL;
	n = OPENSSL_malloc(sizeof(*n));
	if (n == NULL)
		return NULL;
	memcpy(n, c, sizeof(*n));
	n->h = NULL;
	n->blk = NULL;
	n->subkeys = 0;
	err = cryptarch_shash_new(&n->h, c->cur->shash, c->prov->flags);
	if (err == 0)
		err = cryptarch_shash_setkey(n->h, c->key, c->cur->keylen);
	if (err) {
		cmac_raise_lib(c, "shash", c->cur->shash, err);
		cmac_freectx(n);
		return NULL;
	}
	/* The subkeys are recomputed (with a cipher handle) if needed. */
	OPENSSL_cleanse(n->k1, sizeof(n->k1));
	OPENSSL_cleanse(n->k2, sizeof(n->k2));
	return n;
}

/* A new key: the cipher chosen, else the one the last key was for. */
static int cmac_setkey(struct cmac_ctx *c, const uint8_t *key, size_t keylen)
{
	const struct cmac_cipher *d = c->chosen ? c->chosen : c->cur;
	int err;

	c->keyed = 0;
	c->subkeys = 0;
	cmac_clear_message(c);
	OPENSSL_cleanse(c->key, sizeof(c->key));
	OPENSSL_cleanse(c->k1, sizeof(c->k1));
	OPENSSL_cleanse(c->k2, sizeof(c->k2));
	if (d == NULL) {
		cap_error(c->prov, CAP_R_NO_CIPHER_SET);
		return 0;
	}
	if (d != c->cur || c->h == NULL) {
		cryptarch_shash_free(c->h);
		cryptarch_cipher_free(c->blk);
		c->h = NULL;
		c->blk = NULL;
		c->cur = NULL;
		err = cryptarch_shash_new(&c->h, d->shash, c->prov->flags);
		if (err) {
			cmac_raise_lib(c, "shash", d->shash, err);
			return 0;
		}
		c->cur = d;
	}
	if (keylen != d->keylen) {
		cap_raise(c->prov, CAP_R_BAD_KEY_LENGTH, "%s: %zu bytes",
			  d->names[0], keylen);
		return 0;
	}
	err = cryptarch_shash_setkey(c->h, key, keylen);
	if (!cmac_check(c, err, "setkey"))
		return 0;
	memcpy(c->key, key, keylen);
	c->keyed = 1;
	return 1;
}

static int cmac_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
	struct cmac_ctx *c = vctx;
	const OSSL_PARAM *p;
	const char *s = NULL;

	if (params == NULL)
		return 1;
	p = OSSL_PARAM_locate_const(params, OSSL_MAC_PARAM_PROPERTIES);
	if (p != NULL && p->data_type != OSSL_PARAM_UTF8_STRING) {
		cap_raise(c->prov, CAP_R_BAD_PARAMETER,
			  OSSL_MAC_PARAM_PROPERTIES);
		return 0;
	}
	p = OSSL_PARAM_locate_const(params, OSSL_MAC_PARAM_CIPHER);
	if (p != NULL) {
		const struct cmac_cipher *d = NULL;
		cryptarch_shash *h = NULL;
		int err;

		/* As OpenSSL's: a parameter of the wrong type leaves the
		 * cipher chosen before; a name that fails clears it. */
		if (p->data_type != OSSL_PARAM_UTF8_STRING ||
		    !OSSL_PARAM_get_utf8_string_ptr(p, &s)) {
			cap_raise(c->prov, CAP_R_BAD_PARAMETER,
				  OSSL_MAC_PARAM_CIPHER);
			return 0;
		}
		c->chosen = NULL;
		d = cmac_lookup(s);
		if (d == NULL) {
			cap_raise(c->prov, CAP_R_UNSUPPORTED_CIPHER,
				  "%s: cryptarch's CMAC takes AES-128-CBC, "
				  "AES-192-CBC, AES-256-CBC and "
				  "TWOFISH-128/192/256-CBC",
				  s);
			return 0;
		}
		/* Refused now, not at the key, if the policy leaves no
		 * implementation. */
		err = cryptarch_shash_new(&h, d->shash, c->prov->flags);
		cryptarch_shash_free(h);
		if (err) {
			cmac_raise_lib(c, "shash", d->shash, err);
			return 0;
		}
		c->chosen = d;
	}
	p = OSSL_PARAM_locate_const(params, OSSL_MAC_PARAM_KEY);
	if (p != NULL) {
		if (p->data_type != OSSL_PARAM_OCTET_STRING) {
			cap_raise(c->prov, CAP_R_BAD_PARAMETER,
				  OSSL_MAC_PARAM_KEY);
			return 0;
		}
		if (!cmac_setkey(c, p->data, p->data_size))
			return 0;
	}
	return 1;
}

static int cmac_init(void *vctx, const unsigned char *key, size_t keylen,
		     const OSSL_PARAM params[])
{
	struct cmac_ctx *c = vctx;

	if (!cmac_set_ctx_params(c, params))
		return 0;
	if (key != NULL)
		return cmac_setkey(c, key, keylen);
	/* The same key, a new message. */
	if (!c->keyed) {
		cap_error(c->prov, CAP_R_NO_KEY_SET);
		return 0;
	}
	cmac_clear_message(c);
	return cmac_check(c, cryptarch_shash_init(c->h), "init");
}

/* Give h the held block, whole and followed by more data. */
static int cmac_flush(struct cmac_ctx *c)
{
	unsigned i;
	int err;

	if (c->restart) {
		for (i = 0; i < CMAC_BLOCK; i++)
			c->pend[i] ^= c->x[i];
		OPENSSL_cleanse(c->x, sizeof(c->x));
		c->restart = 0;
	}
	err = cryptarch_shash_update(c->h, c->pend, CMAC_BLOCK);
	c->npend = 0;
	c->fed = 1;
	return cmac_check(c, err, "update");
}

static int cmac_update(void *vctx, const unsigned char *in, size_t len)
{
	struct cmac_ctx *c = vctx;
	size_t n;

	if (!c->keyed) {
		cap_error(c->prov, CAP_R_NO_KEY_SET);
		return 0;
	}
	while (len > 0) {
		if (c->npend == CMAC_BLOCK && !cmac_flush(c))
			return 0;
		if (c->npend == 0 && !c->restart && len > CMAC_BLOCK) {
			/* Whole blocks straight through, the last held. */
			n = (len - 1) / CMAC_BLOCK * CMAC_BLOCK;
			if (!cmac_check(c, cryptarch_shash_update(c->h, in, n),
					"update"))
				return 0;
			c->fed = 1;
			in += n;
			len -= n;
		}
		n = CMAC_BLOCK - c->npend;
		if (n > len)
			n = len;
		memcpy(c->pend + c->npend, in, n);
		c->npend += n;
		in += n;
		len -= n;
	}
	return 1;
}

static int cmac_final(void *vctx, unsigned char *out, size_t *outl,
		      size_t outsize)
{
	struct cmac_ctx *c = vctx;
	uint8_t b[CMAC_BLOCK];
	unsigned i;
	int err;

	if (!c->keyed) {
		cap_error(c->prov, CAP_R_NO_KEY_SET);
		return 0;
	}
	if (out == NULL) {
		*outl = CMAC_BLOCK;
		return 1;
	}
	if (outsize < CMAC_BLOCK) {
		cap_raise(c->prov, CAP_R_OUTPUT_TOO_SMALL, "%zu < %d", outsize,
			  CMAC_BLOCK);
		return 0;
	}
	if (!c->restart) {
		err = cryptarch_shash_update(c->h, c->pend, c->npend);
	} else {
		if (!cmac_subkeys(c))
			return 0;
		memcpy(b, c->pend, c->npend);
		if (c->npend < CMAC_BLOCK) {
			b[c->npend] = 0x80;
			memset(b + c->npend + 1, 0, CMAC_BLOCK - c->npend - 1);
			for (i = 0; i < CMAC_BLOCK; i++)
				b[i] ^= c->k2[i] ^ c->k1[i];
		}
		for (i = 0; i < CMAC_BLOCK; i++)
			b[i] ^= c->x[i];
		err = cryptarch_shash_update(c->h, b, CMAC_BLOCK);
		OPENSSL_cleanse(b, sizeof(b));
	}
	if (err == 0)
		err = cryptarch_shash_final(c->h, out);
	if (!cmac_check(c, err, "final"))
		return 0;
	/* As OpenSSL's: the tag becomes the chaining value, the last block
	 * stays, for a further update or final. */
	memcpy(c->x, out, CMAC_BLOCK);
	c->restart = 1;
	c->fed = 0;
	*outl = CMAC_BLOCK;
	return 1;
}

/* ---- parameters -------------------------------------------------------- */

static const OSSL_PARAM cmac_known_gettable[] = {
	OSSL_PARAM_size_t(OSSL_MAC_PARAM_SIZE, NULL),
	OSSL_PARAM_size_t(OSSL_MAC_PARAM_BLOCK_SIZE, NULL), OSSL_PARAM_END
};

static const OSSL_PARAM *cmac_gettable_params(void *provctx)
{
	(void)provctx;
	return cmac_known_gettable;
}

/* The algorithm's: every cipher it takes has 16-byte blocks. */
static int cmac_get_params(OSSL_PARAM params[])
{
	OSSL_PARAM *p;

	p = OSSL_PARAM_locate(params, OSSL_MAC_PARAM_SIZE);
	if (p != NULL && !OSSL_PARAM_set_size_t(p, CMAC_BLOCK))
		return 0;
	p = OSSL_PARAM_locate(params, OSSL_MAC_PARAM_BLOCK_SIZE);
	if (p != NULL && !OSSL_PARAM_set_size_t(p, CMAC_BLOCK))
		return 0;
	return 1;
}

static const OSSL_PARAM cmac_known_gettable_ctx[] = {
	OSSL_PARAM_size_t(OSSL_MAC_PARAM_SIZE, NULL),
	OSSL_PARAM_size_t(OSSL_MAC_PARAM_BLOCK_SIZE, NULL),
	OSSL_PARAM_utf8_string(CAP_PARAM_DRIVER, NULL, 0), OSSL_PARAM_END
};

static const OSSL_PARAM *cmac_gettable_ctx_params(void *vctx, void *provctx)
{
	(void)vctx;
	(void)provctx;
	return cmac_known_gettable_ctx;
}

/* Size and block size: the cipher's once a key was tried, 0 before (as
 * OpenSSL's, which reads them from its cipher context). */
static int cmac_get_ctx_params(void *vctx, OSSL_PARAM params[])
{
	struct cmac_ctx *c = vctx;
	size_t size = c->cur != NULL ? CMAC_BLOCK : 0;
	const char *drv;
	OSSL_PARAM *p;

	p = OSSL_PARAM_locate(params, OSSL_MAC_PARAM_SIZE);
	if (p != NULL && !OSSL_PARAM_set_size_t(p, size))
		return 0;
	p = OSSL_PARAM_locate(params, OSSL_MAC_PARAM_BLOCK_SIZE);
	if (p != NULL && !OSSL_PARAM_set_size_t(p, size))
		return 0;
	p = OSSL_PARAM_locate(params, CAP_PARAM_DRIVER);
	if (p != NULL) {
		if (c->h == NULL)
			return 0;
		drv = cryptarch_shash_driver(c->h);
		if (!OSSL_PARAM_set_utf8_ptr(p, drv) &&
		    !OSSL_PARAM_set_utf8_string(p, drv))
			return 0;
	}
	return 1;
}

static const OSSL_PARAM cmac_known_settable_ctx[] = {
	OSSL_PARAM_utf8_string(OSSL_MAC_PARAM_CIPHER, NULL, 0),
	OSSL_PARAM_utf8_string(OSSL_MAC_PARAM_PROPERTIES, NULL, 0),
	OSSL_PARAM_octet_string(OSSL_MAC_PARAM_KEY, NULL, 0), OSSL_PARAM_END
};

static const OSSL_PARAM *cmac_settable_ctx_params(void *vctx, void *provctx)
{
	(void)vctx;
	(void)provctx;
	return cmac_known_settable_ctx;
}

/* ---- the algorithm ----------------------------------------------------- */

static const OSSL_DISPATCH cmac_functions[] = {
	{ OSSL_FUNC_MAC_NEWCTX, (void (*)(void))cmac_newctx },
	{ OSSL_FUNC_MAC_DUPCTX, (void (*)(void))cmac_dupctx },
	{ OSSL_FUNC_MAC_FREECTX, (void (*)(void))cmac_freectx },
	{ OSSL_FUNC_MAC_INIT, (void (*)(void))cmac_init },
	{ OSSL_FUNC_MAC_UPDATE, (void (*)(void))cmac_update },
	{ OSSL_FUNC_MAC_FINAL, (void (*)(void))cmac_final },
	{ OSSL_FUNC_MAC_GETTABLE_PARAMS, (void (*)(void))cmac_gettable_params },
	{ OSSL_FUNC_MAC_GET_PARAMS, (void (*)(void))cmac_get_params },
	{ OSSL_FUNC_MAC_GETTABLE_CTX_PARAMS,
	  (void (*)(void))cmac_gettable_ctx_params },
	{ OSSL_FUNC_MAC_GET_CTX_PARAMS, (void (*)(void))cmac_get_ctx_params },
	{ OSSL_FUNC_MAC_SETTABLE_CTX_PARAMS,
	  (void (*)(void))cmac_settable_ctx_params },
	{ OSSL_FUNC_MAC_SET_CTX_PARAMS, (void (*)(void))cmac_set_ctx_params },
	{ 0, NULL }
};

const OSSL_ALGORITHM cap_mac_algorithms[] = { { "CMAC", "provider=cryptarch",
						cmac_functions, NULL },
					      { NULL, NULL, NULL, NULL } };
