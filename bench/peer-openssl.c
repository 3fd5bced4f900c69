/* SPDX-License-Identifier: MIT */
/*
 * peer-openssl.c - the OpenSSL adapter (peer.h): AES-128, -192 and -256 in
 * ecb, cbc, ctr, xts (128 and 256 only), cts, cmac, gcm and ccm. The cipher is
 * fetched by name ("AES-128-CBC") and keyed once at open, with padding
 * off; a request is one EVP_CipherUpdate, the context carrying the chain
 * to the next one (an xts update is one data unit). cts is
 * "AES-128-CBC-CTS" with the parameter cts_mode "CS3"; each request sets
 * the iv of open again (EVP_CipherInit_ex2 with the iv only) and is one
 * update, one message. cmac is the EVP_MAC "CMAC" with the cipher
 * "AES-128-CBC" (-192, -256), keyed once; a request is EVP_MAC_init without a key
 * (a new message under the same key), EVP_MAC_update, EVP_MAC_final, as a
 * caller MACing one message does. gcm and ccm are "AES-128-GCM" and
 * "AES-128-CCM" (-192, -256) with a 12-byte nonce (EVP_CTRL_AEAD_SET_IVLEN)
 * and, for ccm, the 16-byte tag length, set before the key at open; a
 * request sets the nonce (EVP_CipherInit_ex with the iv only), for ccm
 * the message's length (an update with no input or output: CCM's first
 * block holds it), then one update over the payload and, encrypting,
 * EVP_CipherFinal_ex and EVP_CTRL_AEAD_GET_TAG; decrypting, the tag is
 * given first (EVP_CTRL_AEAD_SET_TAG) and checked by EVP_CipherFinal_ex
 * (gcm) or by the update itself (ccm). OpenSSL picks its code (AES-NI, VAES,
 * vpaes, bsaes, tables) from the CPU and OPENSSL_ia32cap /
 * OPENSSL_armcap, read when the library is loaded. OpenSSL has no Twofish
 * and no XCBC. OpenSSL 3; with 1.1 (EVP_get_cipherbyname) the iv after a
 * request is not exposed, and cts and cmac are not offered.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/crypto.h>
#include <openssl/evp.h>
#if OPENSSL_VERSION_NUMBER >= 0x30000000L
#include <openssl/core_names.h>
#include <openssl/params.h>
#endif

#include "peer.h"

#if OPENSSL_VERSION_NUMBER >= 0x30000000L
#define OSSL3 1
#else
#define OSSL3 0
#endif

struct ossl_peer {
	struct peer base;
	EVP_CIPHER_CTX *ctx;
#if OSSL3
	EVP_MAC_CTX *mac;
#endif
	int mode;
	int decrypt;
	uint8_t iv[16];
};

static int ossl_init(const char *const *hw_off)
{
	(void)hw_off;
	return 0;
}

static const char *ossl_version(char *buf, size_t size)
{
#ifdef OPENSSL_VERSION_STRING
	snprintf(buf, size, "%s", OpenSSL_version(OPENSSL_VERSION_STRING));
#else
	snprintf(buf, size, "%s", OpenSSL_version(OPENSSL_VERSION));
#endif
	return buf;
}

static const char *ossl_hw(char *buf, size_t size)
{
	if (size)
		buf[0] = '\0';
	return buf;
}

static int ossl_has(const char *cipher, const char *mode, size_t keylen)
{
	int m = peer_mode(mode);

	if (strcmp(cipher, "aes") || m < 0 || m == PEER_XCBC)
		return 0;
	if (!OSSL3 && (m == PEER_CTS || m == PEER_CMAC))
		return 0;
	if (peer_mode_is_aead(m))
		return keylen == 16 || keylen == 24 || keylen == 32;
	if (m == PEER_XTS) /* OpenSSL has no XTS-AES-192 */
		return keylen == 32 || keylen == 64;
	return keylen == 16 || keylen == 24 || keylen == 32;
}

static void ossl_run(void *arg)
{
	struct peer_req *r = arg;
	struct ossl_peer *p = PEER_OF(r->peer, struct ossl_peer);
	int outl = 0;

	if (!EVP_CipherUpdate(p->ctx, r->dst, &outl, r->src, (int)r->len) ||
	    outl != (int)r->len)
		r->err = -1;
}

#if OSSL3
/* cts: one message under the iv of open. */
static void ossl_run_cts(void *arg)
{
	struct peer_req *r = arg;
	struct ossl_peer *p = PEER_OF(r->peer, struct ossl_peer);
	int outl = 0;

	if (!EVP_CipherInit_ex2(p->ctx, NULL, NULL, p->iv, -1, NULL) ||
	    !EVP_CipherUpdate(p->ctx, r->dst, &outl, r->src, (int)r->len) ||
	    outl != (int)r->len)
		r->err = -1;
}

/* cmac: one message, its tag. */
static void ossl_run_mac(void *arg)
{
	struct peer_req *r = arg;
	struct ossl_peer *p = PEER_OF(r->peer, struct ossl_peer);
	size_t outl = 0;

	if (!EVP_MAC_init(p->mac, NULL, 0, NULL) ||
	    !EVP_MAC_update(p->mac, r->src, r->len) ||
	    !EVP_MAC_final(p->mac, r->dst, &outl, 16) || outl != 16)
		r->err = -1;
}
#endif

/* gcm, ccm: one message under the nonce of open, its tag after it. */
static void ossl_run_aead(void *arg)
{
	struct peer_req *r = arg;
	struct ossl_peer *p = PEER_OF(r->peer, struct ossl_peer);
	const int ccm = p->mode == PEER_CCM, len = (int)r->len;
	uint8_t fin[16];
	int n = 0, ok;

	ok = EVP_CipherInit_ex(p->ctx, NULL, NULL, NULL, p->iv, -1) > 0;
	if (p->decrypt)
		ok = ok && EVP_CIPHER_CTX_ctrl(p->ctx, EVP_CTRL_AEAD_SET_TAG,
					       PEER_AEAD_TAG,
					       (void *)(uintptr_t)(r->src +
								   r->len)) > 0;
	if (ccm)
		ok = ok && EVP_CipherUpdate(p->ctx, NULL, &n, NULL, len) > 0;
	if (len || ccm)
		ok = ok &&
		     EVP_CipherUpdate(p->ctx, r->dst, &n, r->src, len) > 0;
	if (!(p->decrypt && ccm))
		ok = ok && EVP_CipherFinal_ex(p->ctx, fin, &n) > 0;
	if (!p->decrypt)
		ok = ok && EVP_CIPHER_CTX_ctrl(p->ctx, EVP_CTRL_AEAD_GET_TAG,
					       PEER_AEAD_TAG,
					       r->dst + r->len) > 0;
	if (!ok)
		r->err = -1;
}

static int ossl_iv(const struct peer *pp, uint8_t iv[16])
{
#if OSSL3
	const struct ossl_peer *p = PEER_OF(pp, const struct ossl_peer);

	if (p->mode == PEER_CBC || p->mode == PEER_CTR)
		return EVP_CIPHER_CTX_get_updated_iv(p->ctx, iv, 16) == 1;
#else
	(void)pp;
	(void)iv;
#endif
	return 0;
}

static void ossl_close(struct peer *pp)
{
	struct ossl_peer *p = PEER_OF(pp, struct ossl_peer);

	EVP_CIPHER_CTX_free(p->ctx);
#if OSSL3
	EVP_MAC_CTX_free(p->mac);
#endif
	free(p);
}

#if OSSL3
/* Key P for cmac with the cipher NAME ("AES-128-CBC"); 0 or -1. */
static int ossl_open_mac(struct ossl_peer *p, const char *name,
			 const uint8_t *key, size_t keylen, char *why,
			 size_t whysize)
{
	EVP_MAC *mac = EVP_MAC_fetch(NULL, "CMAC", NULL);
	OSSL_PARAM params[2];

	if (!mac) {
		snprintf(why, whysize, "EVP_MAC_fetch(CMAC) failed");
		return -1;
	}
	p->mac = EVP_MAC_CTX_new(mac);
	EVP_MAC_free(mac);
	params[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_CIPHER,
						     (char *)(uintptr_t)name, 0);
	params[1] = OSSL_PARAM_construct_end();
	if (!p->mac || !EVP_MAC_init(p->mac, key, keylen, params)) {
		snprintf(why, whysize, "EVP_MAC_init(CMAC, %s) failed", name);
		return -1;
	}
	p->base.run = ossl_run_mac;
	p->base.taglen = 16;
	snprintf(p->base.impl, sizeof(p->base.impl), "EVP_MAC CMAC %s", name);
	return 0;
}
#endif

/* Key P for gcm or ccm (P->mode) with the cipher C; 0 or -1. */
static int ossl_open_aead(struct ossl_peer *p, const EVP_CIPHER *c,
			  const char *name, const uint8_t *key)
{
	int enc = !p->decrypt, ok;

	p->ctx = EVP_CIPHER_CTX_new();
	ok = p->ctx && EVP_CipherInit_ex(p->ctx, c, NULL, NULL, NULL, enc) > 0;
	ok = ok && EVP_CIPHER_CTX_ctrl(p->ctx, EVP_CTRL_AEAD_SET_IVLEN,
				       PEER_AEAD_NONCE, NULL) > 0;
	if (p->mode == PEER_CCM)
		ok = ok && EVP_CIPHER_CTX_ctrl(p->ctx, EVP_CTRL_AEAD_SET_TAG,
					       PEER_AEAD_TAG, NULL) > 0;
	ok = ok && EVP_CipherInit_ex(p->ctx, NULL, NULL, key, NULL, enc) > 0;
	if (!ok)
		return -1;
	p->base.run = ossl_run_aead;
	p->base.taglen = PEER_AEAD_TAG;
	snprintf(p->base.impl, sizeof(p->base.impl), "EVP %s", name);
	return 0;
}

static int ossl_open(struct peer **out, const char *cipher, const char *mode,
		     int decrypt, const uint8_t *key, size_t keylen,
		     const uint8_t iv[16], char *why, size_t whysize)
{
	static const char *const suffix[PEER_NMODES] = {
		[PEER_ECB] = "ECB", [PEER_CBC] = "CBC",	 [PEER_CTR] = "CTR",
		[PEER_XTS] = "XTS", [PEER_CTS] = "CBC-CTS", [PEER_CMAC] = "CBC",
		[PEER_GCM] = "GCM", [PEER_CCM] = "CCM",
	};
	int m = peer_mode(mode);
	struct ossl_peer *p;
	char name[32];
	const char *call;
	int ok;

	*out = NULL;
	if (!ossl_has(cipher, mode, keylen)) {
		if (strcmp(cipher, "aes"))
			snprintf(why, whysize, "OpenSSL has no %s",
				 strcmp(cipher, "twofish") ? cipher :
							     "Twofish");
		else
			snprintf(why, whysize,
				 "OpenSSL has no AES-%zu in %s "
				 "mode",
				 8 * keylen, mode);
		return -1;
	}
	snprintf(name, sizeof(name), "AES-%zu-%s",
		 8 * (m == PEER_XTS ? keylen / 2 : keylen), suffix[m]);
	p = calloc(1, sizeof(*p));
	if (!p) {
		snprintf(why, whysize, "out of memory");
		return -1;
	}
	p->mode = m;
	p->decrypt = decrypt;
	memcpy(p->iv, iv, 16);
	p->base.lib = &peer_openssl;
	p->base.run = ossl_run;
	p->base.iv = ossl_iv;
	p->base.close = ossl_close;
#if OSSL3
	if (m == PEER_CMAC) {
		if (ossl_open_mac(p, name, key, keylen, why, whysize)) {
			ossl_close(&p->base);
			return -1;
		}
		*out = &p->base;
		return 0;
	}
#endif
	if (peer_mode_is_aead(m)) {
#if OSSL3
		EVP_CIPHER *c = EVP_CIPHER_fetch(NULL, name, NULL);
#else
		const EVP_CIPHER *c = EVP_get_cipherbyname(name);
#endif

		ok = c && ossl_open_aead(p, c, name, key) == 0;
#if OSSL3
		EVP_CIPHER_free(c);
#endif
		if (!ok) {
			snprintf(why, whysize, "OpenSSL: setting up %s failed",
				 name);
			ossl_close(&p->base);
			return -1;
		}
		*out = &p->base;
		return 0;
	}
	p->ctx = EVP_CIPHER_CTX_new();
#if OSSL3
	{
		EVP_CIPHER *c = EVP_CIPHER_fetch(NULL, name, NULL);
		OSSL_PARAM params[2];

		if (!c) {
			snprintf(why, whysize, "EVP_CIPHER_fetch(%s) failed",
				 name);
			ossl_close(&p->base);
			return -1;
		}
		params[0] = OSSL_PARAM_construct_utf8_string(
			OSSL_CIPHER_PARAM_CTS_MODE,
			(char *)(uintptr_t)OSSL_CIPHER_CTS_MODE_CS3, 0);
		params[1] = OSSL_PARAM_construct_end();
		call = "EVP_CipherInit_ex2";
		ok = p->ctx &&
		     EVP_CipherInit_ex2(p->ctx, c, key, iv, !decrypt,
					m == PEER_CTS ? params : NULL);
		EVP_CIPHER_free(c);
		if (m == PEER_CTS)
			p->base.run = ossl_run_cts;
	}
#else
	{
		const EVP_CIPHER *c = EVP_get_cipherbyname(name);

		if (!c) {
			snprintf(why, whysize,
				 "EVP_get_cipherbyname(%s) failed", name);
			ossl_close(&p->base);
			return -1;
		}
		call = "EVP_CipherInit_ex";
		ok = p->ctx &&
		     EVP_CipherInit_ex(p->ctx, c, NULL, key, iv, !decrypt);
	}
#endif
	if (!ok) {
		snprintf(why, whysize, "%s(%s) failed", call, name);
		ossl_close(&p->base);
		return -1;
	}
	EVP_CIPHER_CTX_set_padding(p->ctx, 0);
	snprintf(p->base.impl, sizeof(p->base.impl), "EVP %s%s", name,
		 m == PEER_CTS ? " CS3" : "");
	*out = &p->base;
	return 0;
}

const struct peer_lib peer_openssl = {
	.name = "openssl",
	.init = ossl_init,
	.version = ossl_version,
	.hw = ossl_hw,
	.has = ossl_has,
	.open = ossl_open,
};
