/* SPDX-License-Identifier: MIT */
/*
 * peer-nettle.c - the nettle adapter (peer.h): AES-128, -192 and -256 and
 * Twofish with 16-, 24- and 32-byte keys in ecb, cbc, ctr, xts, cmac,
 * gcm and ccm. nettle has no handles: the cipher's contexts are keyed at
 * open from its
 * nettle_cipher description (nettle-meta.h), and a request calls the
 * mode's function on them, the fastest nettle has: the block function for
 * ecb, cbc_aes128/192/256_encrypt (nettle 3.8) for AES CBC encryption,
 * xts_aes128/256_encrypt_message and _decrypt_message for AES XTS with
 * those key sizes, otherwise cbc_encrypt, cbc_decrypt, ctr_crypt and
 * xts_encrypt_message / xts_decrypt_message over the block functions.
 * cbc and ctr update the iv in place (exposed); xts takes the iv of open
 * for every request. cmac (nettle/cmac.h): cmac_aes128_update and
 * _digest (and cmac_aes256_*), otherwise cmac128_update and
 * cmac128_digest over the block function (AES-192, Twofish); a request is
 * one update and the digest, which starts the next message. gcm
 * (nettle/gcm.h): gcm_aes128/192/256_set_iv, _encrypt or _decrypt and
 * _digest for AES, otherwise gcm_set_iv, gcm_encrypt or gcm_decrypt and
 * gcm_digest over the block function; a decryption compares the digest
 * with the tag received by memeql_sec. ccm (nettle/ccm.h): the one-call
 * ccm_aes128/192/256_encrypt_message and _decrypt_message for AES,
 * otherwise ccm_encrypt_message and ccm_decrypt_message over the block
 * function. nettle has no cts and no xcbc. A fat build picks its code
 * from the CPU and NETTLE_FAT_OVERRIDE, read when the library is loaded.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <nettle/aes.h>
#include <nettle/cbc.h>
#include <nettle/ccm.h>
#include <nettle/cmac.h>
#include <nettle/ctr.h>
#include <nettle/gcm.h>
#include <nettle/memops.h>
#include <nettle/nettle-meta.h>
#include <nettle/twofish.h>
#include <nettle/version.h>
#include <nettle/xts.h>

#include "peer.h"

#if NETTLE_VERSION_MAJOR > 3 || NETTLE_VERSION_MINOR >= 8
#define HAVE_NETTLE_CBC_AES 1
#else
#define HAVE_NETTLE_CBC_AES 0
#endif

union nt_ctx {
	struct aes128_ctx a128;
	struct aes192_ctx a192;
	struct aes256_ctx a256;
	struct twofish_ctx tf;
	struct xts_aes128_key x128;
	struct xts_aes256_key x256;
	struct cmac_aes128_ctx c128;
	struct cmac_aes256_ctx c256;
	struct gcm_aes128_ctx g128;
	struct gcm_aes192_ctx g192;
	struct gcm_aes256_ctx g256;
	struct ccm_aes128_ctx m128;
	struct ccm_aes192_ctx m192;
	struct ccm_aes256_ctx m256;
};

struct nt_peer {
	struct peer base;
	const struct nettle_cipher *m;
	nettle_cipher_func *f; /* the block function a request uses */
	int mode;
	uint8_t iv[16];
	union nt_ctx ctx, twk; /* twk: the tweak key (generic xts) */
	struct cmac128_key ckey; /* generic cmac */
	struct cmac128_ctx cmac;
	struct gcm_key gkey; /* generic gcm */
	struct gcm_ctx gcm;
};

static int nt_init(const char *const *hw_off)
{
	(void)hw_off;
	return 0;
}

static const char *nt_version(char *buf, size_t size)
{
	snprintf(buf, size, "%d.%d", nettle_version_major(),
		 nettle_version_minor());
	return buf;
}

static const char *nt_hw(char *buf, size_t size)
{
	if (size)
		buf[0] = '\0';
	return buf;
}

/* The description of CIPHER with a cipher key of KEYLEN bytes, or NULL. */
static const struct nettle_cipher *nt_meta(const char *cipher, size_t keylen)
{
	if (!strcmp(cipher, "aes"))
		return keylen == 16 ? &nettle_aes128 :
		       keylen == 24 ? &nettle_aes192 :
		       keylen == 32 ? &nettle_aes256 :
				      NULL;
	if (!strcmp(cipher, "twofish"))
		return keylen == 16 ? &nettle_twofish128 :
		       keylen == 24 ? &nettle_twofish192 :
		       keylen == 32 ? &nettle_twofish256 :
				      NULL;
	return NULL;
}

static int nt_has(const char *cipher, const char *mode, size_t keylen)
{
	int m = peer_mode(mode);

	if (m == PEER_XTS) {
		if (keylen % 2)
			return 0;
		keylen /= 2;
	}
	if (peer_mode_is_aead(m) && nt_meta(cipher, keylen) &&
	    nt_meta(cipher, keylen)->block_size != 16)
		return 0;
	return m >= 0 && m != PEER_CTS && m != PEER_XCBC &&
	       nt_meta(cipher, keylen) != NULL;
}

static void nt_run_ecb(void *arg)
{
	struct peer_req *r = arg;
	struct nt_peer *p = PEER_OF(r->peer, struct nt_peer);

	p->f(&p->ctx, r->len, r->dst, r->src);
}

static void nt_run_cbc_enc(void *arg)
{
	struct peer_req *r = arg;
	struct nt_peer *p = PEER_OF(r->peer, struct nt_peer);

	cbc_encrypt(&p->ctx, p->f, 16, p->iv, r->len, r->dst, r->src);
}

#if HAVE_NETTLE_CBC_AES
static void nt_run_cbc_aes128(void *arg)
{
	struct peer_req *r = arg;
	struct nt_peer *p = PEER_OF(r->peer, struct nt_peer);

	cbc_aes128_encrypt(&p->ctx.a128, p->iv, r->len, r->dst, r->src);
}

static void nt_run_cbc_aes192(void *arg)
{
	struct peer_req *r = arg;
	struct nt_peer *p = PEER_OF(r->peer, struct nt_peer);

	cbc_aes192_encrypt(&p->ctx.a192, p->iv, r->len, r->dst, r->src);
}

static void nt_run_cbc_aes256(void *arg)
{
	struct peer_req *r = arg;
	struct nt_peer *p = PEER_OF(r->peer, struct nt_peer);

	cbc_aes256_encrypt(&p->ctx.a256, p->iv, r->len, r->dst, r->src);
}
#endif

static void nt_run_cbc_dec(void *arg)
{
	struct peer_req *r = arg;
	struct nt_peer *p = PEER_OF(r->peer, struct nt_peer);

	cbc_decrypt(&p->ctx, p->f, 16, p->iv, r->len, r->dst, r->src);
}

static void nt_run_ctr(void *arg)
{
	struct peer_req *r = arg;
	struct nt_peer *p = PEER_OF(r->peer, struct nt_peer);

	ctr_crypt(&p->ctx, p->f, 16, p->iv, r->len, r->dst, r->src);
}

static void nt_run_xts_aes128_enc(void *arg)
{
	struct peer_req *r = arg;
	struct nt_peer *p = PEER_OF(r->peer, struct nt_peer);

	xts_aes128_encrypt_message(&p->ctx.x128, p->iv, r->len, r->dst, r->src);
}

static void nt_run_xts_aes128_dec(void *arg)
{
	struct peer_req *r = arg;
	struct nt_peer *p = PEER_OF(r->peer, struct nt_peer);

	xts_aes128_decrypt_message(&p->ctx.x128, p->iv, r->len, r->dst, r->src);
}

static void nt_run_xts_aes256_enc(void *arg)
{
	struct peer_req *r = arg;
	struct nt_peer *p = PEER_OF(r->peer, struct nt_peer);

	xts_aes256_encrypt_message(&p->ctx.x256, p->iv, r->len, r->dst, r->src);
}

static void nt_run_xts_aes256_dec(void *arg)
{
	struct peer_req *r = arg;
	struct nt_peer *p = PEER_OF(r->peer, struct nt_peer);

	xts_aes256_decrypt_message(&p->ctx.x256, p->iv, r->len, r->dst, r->src);
}

static void nt_run_xts_enc(void *arg)
{
	struct peer_req *r = arg;
	struct nt_peer *p = PEER_OF(r->peer, struct nt_peer);

	xts_encrypt_message(&p->ctx, &p->twk, p->f, p->iv, r->len, r->dst,
			    r->src);
}

static void nt_run_xts_dec(void *arg)
{
	struct peer_req *r = arg;
	struct nt_peer *p = PEER_OF(r->peer, struct nt_peer);

	xts_decrypt_message(&p->ctx, &p->twk, p->f, p->m->encrypt, p->iv,
			    r->len, r->dst, r->src);
}

static void nt_run_cmac_aes128(void *arg)
{
	struct peer_req *r = arg;
	struct nt_peer *p = PEER_OF(r->peer, struct nt_peer);

	cmac_aes128_update(&p->ctx.c128, r->len, r->src);
	cmac_aes128_digest(&p->ctx.c128, 16, r->dst);
}

static void nt_run_cmac_aes256(void *arg)
{
	struct peer_req *r = arg;
	struct nt_peer *p = PEER_OF(r->peer, struct nt_peer);

	cmac_aes256_update(&p->ctx.c256, r->len, r->src);
	cmac_aes256_digest(&p->ctx.c256, 16, r->dst);
}

static void nt_run_cmac(void *arg)
{
	struct peer_req *r = arg;
	struct nt_peer *p = PEER_OF(r->peer, struct nt_peer);

	cmac128_update(&p->cmac, &p->ctx, p->f, r->len, r->src);
	cmac128_digest(&p->cmac, &p->ckey, &p->ctx, p->f, 16, r->dst);
}

/*
 * gcm and ccm through nettle's AES functions, one pair per key size:
 * encryption writes the tag after the ciphertext; decryption checks the
 * one after the ciphertext received.
 */
#define NT_AEAD_AES(bits)                                                     \
	static void nt_run_gcm_aes##bits##_enc(void *arg)                     \
	{                                                                     \
		struct peer_req *r = arg;                                     \
		struct nt_peer *p = PEER_OF(r->peer, struct nt_peer);         \
                                                                              \
		gcm_aes##bits##_set_iv(&p->ctx.g##bits, PEER_AEAD_NONCE,      \
				       p->iv);                                \
		gcm_aes##bits##_encrypt(&p->ctx.g##bits, r->len, r->dst,      \
					r->src);                              \
		gcm_aes##bits##_digest(&p->ctx.g##bits, PEER_AEAD_TAG,        \
				       r->dst + r->len);                      \
	}                                                                     \
	static void nt_run_gcm_aes##bits##_dec(void *arg)                     \
	{                                                                     \
		struct peer_req *r = arg;                                     \
		struct nt_peer *p = PEER_OF(r->peer, struct nt_peer);         \
		uint8_t tag[PEER_AEAD_TAG];                                   \
                                                                              \
		gcm_aes##bits##_set_iv(&p->ctx.g##bits, PEER_AEAD_NONCE,      \
				       p->iv);                                \
		gcm_aes##bits##_decrypt(&p->ctx.g##bits, r->len, r->dst,      \
					r->src);                              \
		gcm_aes##bits##_digest(&p->ctx.g##bits, PEER_AEAD_TAG, tag);  \
		if (!memeql_sec(tag, r->src + r->len, PEER_AEAD_TAG))         \
			r->err = -1;                                          \
	}                                                                     \
	static void nt_run_ccm_aes##bits##_enc(void *arg)                     \
	{                                                                     \
		struct peer_req *r = arg;                                     \
		struct nt_peer *p = PEER_OF(r->peer, struct nt_peer);         \
                                                                              \
		ccm_aes##bits##_encrypt_message(&p->ctx.m##bits,              \
						PEER_AEAD_NONCE, p->iv, 0,    \
						NULL, PEER_AEAD_TAG,          \
						r->len + PEER_AEAD_TAG,       \
						r->dst, r->src);              \
	}                                                                     \
	static void nt_run_ccm_aes##bits##_dec(void *arg)                     \
	{                                                                     \
		struct peer_req *r = arg;                                     \
		struct nt_peer *p = PEER_OF(r->peer, struct nt_peer);         \
                                                                              \
		if (!ccm_aes##bits##_decrypt_message(                         \
			    &p->ctx.m##bits, PEER_AEAD_NONCE, p->iv, 0, NULL, \
			    PEER_AEAD_TAG, r->len, r->dst, r->src))           \
			r->err = -1;                                          \
	}

NT_AEAD_AES(128)
NT_AEAD_AES(192)
NT_AEAD_AES(256)

/* gcm and ccm over the block function (Twofish). */
static void nt_run_gcm_enc(void *arg)
{
	struct peer_req *r = arg;
	struct nt_peer *p = PEER_OF(r->peer, struct nt_peer);

	gcm_set_iv(&p->gcm, &p->gkey, PEER_AEAD_NONCE, p->iv);
	gcm_encrypt(&p->gcm, &p->gkey, &p->ctx, p->f, r->len, r->dst, r->src);
	gcm_digest(&p->gcm, &p->gkey, &p->ctx, p->f, PEER_AEAD_TAG,
		   r->dst + r->len);
}

static void nt_run_gcm_dec(void *arg)
{
	struct peer_req *r = arg;
	struct nt_peer *p = PEER_OF(r->peer, struct nt_peer);
	uint8_t tag[PEER_AEAD_TAG];

	gcm_set_iv(&p->gcm, &p->gkey, PEER_AEAD_NONCE, p->iv);
	gcm_decrypt(&p->gcm, &p->gkey, &p->ctx, p->f, r->len, r->dst, r->src);
	gcm_digest(&p->gcm, &p->gkey, &p->ctx, p->f, PEER_AEAD_TAG, tag);
	if (!memeql_sec(tag, r->src + r->len, PEER_AEAD_TAG))
		r->err = -1;
}

static void nt_run_ccm_enc(void *arg)
{
	struct peer_req *r = arg;
	struct nt_peer *p = PEER_OF(r->peer, struct nt_peer);

	ccm_encrypt_message(&p->ctx, p->f, PEER_AEAD_NONCE, p->iv, 0, NULL,
			    PEER_AEAD_TAG, r->len + PEER_AEAD_TAG, r->dst,
			    r->src);
}

static void nt_run_ccm_dec(void *arg)
{
	struct peer_req *r = arg;
	struct nt_peer *p = PEER_OF(r->peer, struct nt_peer);

	if (!ccm_decrypt_message(&p->ctx, p->f, PEER_AEAD_NONCE, p->iv, 0, NULL,
				 PEER_AEAD_TAG, r->len, r->dst, r->src))
		r->err = -1;
}

/* Key P for gcm or ccm (P->mode) with a KLEN-byte cipher key. */
static void nt_open_aead(struct nt_peer *p, int aes, int decrypt,
			 const uint8_t *key, size_t klen)
{
	static void (*const run[2][3][2])(void *) = {
		{ { nt_run_gcm_aes128_enc, nt_run_gcm_aes128_dec },
		  { nt_run_gcm_aes192_enc, nt_run_gcm_aes192_dec },
		  { nt_run_gcm_aes256_enc, nt_run_gcm_aes256_dec } },
		{ { nt_run_ccm_aes128_enc, nt_run_ccm_aes128_dec },
		  { nt_run_ccm_aes192_enc, nt_run_ccm_aes192_dec },
		  { nt_run_ccm_aes256_enc, nt_run_ccm_aes256_dec } },
	};
	const int ccm = p->mode == PEER_CCM;
	const char *m = ccm ? "ccm" : "gcm";

	p->base.taglen = PEER_AEAD_TAG;
	if (aes) {
		if (klen == 16 && ccm)
			ccm_aes128_set_key(&p->ctx.m128, key);
		else if (klen == 16)
			gcm_aes128_set_key(&p->ctx.g128, key);
		else if (klen == 24 && ccm)
			ccm_aes192_set_key(&p->ctx.m192, key);
		else if (klen == 24)
			gcm_aes192_set_key(&p->ctx.g192, key);
		else if (ccm)
			ccm_aes256_set_key(&p->ctx.m256, key);
		else
			gcm_aes256_set_key(&p->ctx.g256, key);
		p->base.run = run[ccm][(klen - 16) / 8][decrypt != 0];
		snprintf(p->base.impl, sizeof(p->base.impl), "%s_aes%zu_%s%s",
			 m, 8 * klen, decrypt ? "decrypt" : "encrypt",
			 ccm ? "_message" : "");
		return;
	}
	/* both directions of both modes use the encryption key */
	p->m->set_encrypt_key(&p->ctx, key);
	p->f = p->m->encrypt;
	if (!ccm) {
		gcm_set_key(&p->gkey, &p->ctx, p->f);
		p->base.run = decrypt ? nt_run_gcm_dec : nt_run_gcm_enc;
	} else {
		p->base.run = decrypt ? nt_run_ccm_dec : nt_run_ccm_enc;
	}
	snprintf(p->base.impl, sizeof(p->base.impl), "%s_%s%s", m,
		 decrypt ? "decrypt" : "encrypt", ccm ? "_message" : "");
}

/* Key P for cmac with a KLEN-byte cipher key. */
static void nt_open_cmac(struct nt_peer *p, int aes, const uint8_t *key,
			 size_t klen)
{
	if (aes && klen == 16) {
		cmac_aes128_set_key(&p->ctx.c128, key);
		p->base.run = nt_run_cmac_aes128;
		snprintf(p->base.impl, sizeof(p->base.impl),
			 "cmac_aes128_digest");
	} else if (aes && klen == 32) {
		cmac_aes256_set_key(&p->ctx.c256, key);
		p->base.run = nt_run_cmac_aes256;
		snprintf(p->base.impl, sizeof(p->base.impl),
			 "cmac_aes256_digest");
	} else {
		p->m->set_encrypt_key(&p->ctx, key);
		p->f = p->m->encrypt;
		cmac128_set_key(&p->ckey, &p->ctx, p->f);
		cmac128_init(&p->cmac);
		p->base.run = nt_run_cmac;
		snprintf(p->base.impl, sizeof(p->base.impl), "cmac128_digest");
	}
}

static int nt_iv(const struct peer *pp, uint8_t iv[16])
{
	const struct nt_peer *p = PEER_OF(pp, const struct nt_peer);

	if (p->mode != PEER_CBC && p->mode != PEER_CTR)
		return 0;
	memcpy(iv, p->iv, 16);
	return 1;
}

static void nt_close(struct peer *pp)
{
	free(PEER_OF(pp, struct nt_peer));
}

/* The block function's name: "aes128_encrypt", "twofish_decrypt". */
static void nt_block_name(char *buf, size_t size, const char *cipher,
			  size_t keylen, int decrypt)
{
	if (!strcmp(cipher, "aes"))
		snprintf(buf, size, "aes%zu_%scrypt", 8 * keylen,
			 decrypt ? "de" : "en");
	else
		snprintf(buf, size, "%s_%scrypt", cipher,
			 decrypt ? "de" : "en");
}

/* Key P for xts with nettle's own AES XTS (128 and 256); 0 if it has
 * none for this key. */
static int nt_xts_aes(struct nt_peer *p, int decrypt, const uint8_t *key,
		      size_t half)
{
	const char *dir = decrypt ? "decrypt" : "encrypt";

	if (half == 16) {
		if (decrypt)
			xts_aes128_set_decrypt_key(&p->ctx.x128, key);
		else
			xts_aes128_set_encrypt_key(&p->ctx.x128, key);
		p->base.run = decrypt ? nt_run_xts_aes128_dec :
					nt_run_xts_aes128_enc;
	} else if (half == 32) {
		if (decrypt)
			xts_aes256_set_decrypt_key(&p->ctx.x256, key);
		else
			xts_aes256_set_encrypt_key(&p->ctx.x256, key);
		p->base.run = decrypt ? nt_run_xts_aes256_dec :
					nt_run_xts_aes256_enc;
	} else {
		return 0;
	}
	snprintf(p->base.impl, sizeof(p->base.impl), "xts_aes%zu_%s_message",
		 8 * half, dir);
	return 1;
}

static int nt_open(struct peer **out, const char *cipher, const char *mode,
		   int decrypt, const uint8_t *key, size_t keylen,
		   const uint8_t iv[16], char *why, size_t whysize)
{
	int m = peer_mode(mode), aes = !strcmp(cipher, "aes");
	size_t klen = m == PEER_XTS ? keylen / 2 : keylen;
	const char *fname = NULL;
	struct nt_peer *p;

	*out = NULL;
	if (!nt_has(cipher, mode, keylen)) {
		snprintf(why, whysize, "nettle has no %s-%zu in %s mode",
			 cipher, 8 * klen, mode);
		return -1;
	}
	p = calloc(1, sizeof(*p));
	if (!p) {
		snprintf(why, whysize, "out of memory");
		return -1;
	}
	p->m = nt_meta(cipher, klen);
	p->mode = m;
	memcpy(p->iv, iv, 16);
	p->base.lib = &peer_nettle;
	p->base.iv = nt_iv;
	p->base.close = nt_close;
	*out = &p->base;

	if (m == PEER_XTS && aes && nt_xts_aes(p, decrypt, key, klen))
		return 0;
	if (m == PEER_CMAC) {
		nt_open_cmac(p, aes, key, klen);
		p->base.taglen = 16;
		return 0;
	}
	if (peer_mode_is_aead(m)) {
		nt_open_aead(p, aes, decrypt, key, klen);
		return 0;
	}
	/* ctr, cbc encryption and every xts tweak use the encryption key */
	if (decrypt && m != PEER_CTR)
		p->m->set_decrypt_key(&p->ctx, key);
	else
		p->m->set_encrypt_key(&p->ctx, key);
	p->f = decrypt && m != PEER_CTR ? p->m->decrypt : p->m->encrypt;
	switch (m) {
	case PEER_ECB:
		p->base.run = nt_run_ecb;
		nt_block_name(p->base.impl, sizeof(p->base.impl), cipher, klen,
			      decrypt);
		break;
	case PEER_CBC:
		p->base.run = decrypt ? nt_run_cbc_dec : nt_run_cbc_enc;
		fname = decrypt ? "cbc_decrypt" : "cbc_encrypt";
#if HAVE_NETTLE_CBC_AES
		if (aes && !decrypt) {
			p->base.run = klen == 16 ? nt_run_cbc_aes128 :
				      klen == 24 ? nt_run_cbc_aes192 :
						   nt_run_cbc_aes256;
			snprintf(p->base.impl, sizeof(p->base.impl),
				 "cbc_aes%zu_encrypt", 8 * klen);
			fname = NULL;
		}
#endif
		break;
	case PEER_CTR:
		p->base.run = nt_run_ctr;
		fname = "ctr_crypt";
		break;
	default: /* xts over the block functions, the tweak key second */
		p->m->set_encrypt_key(&p->twk, key + klen);
		p->base.run = decrypt ? nt_run_xts_dec : nt_run_xts_enc;
		fname = decrypt ? "xts_decrypt_message" : "xts_encrypt_message";
		break;
	}
	if (fname)
		snprintf(p->base.impl, sizeof(p->base.impl), "%s", fname);
	return 0;
}

const struct peer_lib peer_nettle = {
	.name = "nettle",
	.init = nt_init,
	.version = nt_version,
	.hw = nt_hw,
	.has = nt_has,
	.open = nt_open,
};
