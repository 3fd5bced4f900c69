/* SPDX-License-Identifier: MIT */
/*
 * peer-gcrypt.c - the libgcrypt adapter (peer.h): AES-128, -192 and -256
 * and Twofish-128 and -256 (libgcrypt's Twofish takes no other key size)
 * in ecb, cbc, ctr, xts, cts, gcm and ccm, through a gcry_cipher_hd_t
 * keyed once at open; a request is one gcry_cipher_encrypt or
 * gcry_cipher_decrypt, the
 * handle carrying the chain to the next one, except that xts and cts set
 * the iv again before each request (one request, one data unit or
 * message, as in the other libraries). cts is GCRY_CIPHER_MODE_CBC with
 * the flag GCRY_CIPHER_CBC_CTS, which swaps the last two blocks also when
 * the length is a multiple of 16 (the Kerberos variant, RFC 3962: CS3;
 * tests/test-peers.c checks that against cryptarch's cts). cmac is
 * GCRY_MAC_CMAC_AES or GCRY_MAC_CMAC_TWOFISH through a gcry_mac_hd_t
 * keyed once; a request is gcry_mac_reset, gcry_mac_write and
 * gcry_mac_read. gcm and ccm are GCRY_CIPHER_MODE_GCM and
 * GCRY_CIPHER_MODE_CCM over any of those ciphers, keyed once; a request
 * sets the 12-byte nonce (gcry_cipher_setiv, which starts a new message),
 * for ccm the lengths (GCRYCTL_SET_CCM_LENGTHS: the payload, no
 * associated data, the 16-byte tag), then one gcry_cipher_encrypt and
 * gcry_cipher_gettag, or one gcry_cipher_decrypt and gcry_cipher_checktag.
 * libgcrypt picks its code from the CPU minus the features disabled
 * before gcry_check_version (the init's list); it reports what it uses
 * (hwflist). The iv after a request is not exposed. No XCBC.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gcrypt.h>

#include "peer.h"

struct gc_peer {
	struct peer base;
	gcry_cipher_hd_t h;
	gcry_mac_hd_t mac;
	int oneshot; /* xts, cts: each request under the iv of open */
	int ccm;     /* ccm: the lengths before each message */
	uint8_t iv[16];
};

static int gc_init(const char *const *hw_off)
{
	size_t i;

	/* Masking must precede gcry_check_version. */
	for (i = 0; hw_off && hw_off[i]; i++)
		gcry_control(GCRYCTL_DISABLE_HWF, hw_off[i], NULL);
	if (!gcry_check_version(NULL))
		return -1;
	gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
	gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
	return 0;
}

static const char *gc_version(char *buf, size_t size)
{
	snprintf(buf, size, "%s", gcry_check_version(NULL));
	return buf;
}

static const char *gc_hw(char *buf, size_t size)
{
	char *hwf = gcry_get_config(0, "hwflist");

	if (size)
		buf[0] = '\0';
	if (hwf) {
		/* "hwflist:name:name:...:" and a newline */
		snprintf(buf, size, "%.*s", (int)strcspn(hwf, "\n"), hwf);
		gcry_free(hwf);
	}
	return buf;
}

/* The algorithm of CIPHER with a KEYLEN-byte key in MODE, or 0. */
static int gc_algo(const char *cipher, int mode, size_t keylen)
{
	if (mode == PEER_XTS) {
		if (keylen % 2)
			return 0;
		keylen /= 2;
	}
	if (!strcmp(cipher, "aes"))
		return keylen == 16 ? GCRY_CIPHER_AES128 :
		       keylen == 24 ? GCRY_CIPHER_AES192 :
		       keylen == 32 ? GCRY_CIPHER_AES256 :
				      0;
	if (!strcmp(cipher, "twofish"))
		return keylen == 16 ? GCRY_CIPHER_TWOFISH128 :
		       keylen == 32 ? GCRY_CIPHER_TWOFISH :
				      0;
	return 0;
}

static int gc_has(const char *cipher, const char *mode, size_t keylen)
{
	int m = peer_mode(mode);

	return m >= 0 && m != PEER_XCBC && gc_algo(cipher, m, keylen) != 0;
}

static void gc_run_mac(void *arg)
{
	struct peer_req *r = arg;
	struct gc_peer *p = PEER_OF(r->peer, struct gc_peer);
	size_t outl = 16;

	if (gcry_mac_reset(p->mac) || gcry_mac_write(p->mac, r->src, r->len) ||
	    gcry_mac_read(p->mac, r->dst, &outl) || outl != 16)
		r->err = -1;
}

static void gc_run_enc(void *arg)
{
	struct peer_req *r = arg;
	struct gc_peer *p = PEER_OF(r->peer, struct gc_peer);

	if (p->oneshot)
		gcry_cipher_setiv(p->h, p->iv, 16);
	if (gcry_cipher_encrypt(p->h, r->dst, r->len, r->src, r->len))
		r->err = -1;
}

static void gc_run_dec(void *arg)
{
	struct peer_req *r = arg;
	struct gc_peer *p = PEER_OF(r->peer, struct gc_peer);

	if (p->oneshot)
		gcry_cipher_setiv(p->h, p->iv, 16);
	if (gcry_cipher_decrypt(p->h, r->dst, r->len, r->src, r->len))
		r->err = -1;
}

/* gcm, ccm: one message under the nonce of open, its tag after it. */
static int gc_aead_start(struct gc_peer *p, size_t len)
{
	uint64_t lens[3] = { len, 0, PEER_AEAD_TAG };

	if (gcry_cipher_setiv(p->h, p->iv, PEER_AEAD_NONCE))
		return -1;
	if (p->ccm &&
	    gcry_cipher_ctl(p->h, GCRYCTL_SET_CCM_LENGTHS, lens, sizeof(lens)))
		return -1;
	return 0;
}

static void gc_run_aead_enc(void *arg)
{
	struct peer_req *r = arg;
	struct gc_peer *p = PEER_OF(r->peer, struct gc_peer);
	gcry_error_t e;

	if (gc_aead_start(p, r->len)) {
		r->err = -1;
		return;
	}
	if (r->dst == r->src) /* in place: libgcrypt's way to say so */
		e = gcry_cipher_encrypt(p->h, r->dst, r->len, NULL, 0);
	else
		e = gcry_cipher_encrypt(p->h, r->dst, r->len, r->src, r->len);
	if (e || gcry_cipher_gettag(p->h, r->dst + r->len, PEER_AEAD_TAG))
		r->err = -1;
}

static void gc_run_aead_dec(void *arg)
{
	struct peer_req *r = arg;
	struct gc_peer *p = PEER_OF(r->peer, struct gc_peer);
	gcry_error_t e;

	if (gc_aead_start(p, r->len)) {
		r->err = -1;
		return;
	}
	if (r->dst == r->src)
		e = gcry_cipher_decrypt(p->h, r->dst, r->len, NULL, 0);
	else
		e = gcry_cipher_decrypt(p->h, r->dst, r->len, r->src, r->len);
	/* in place, the tag after the message is still the one received */
	if (e || gcry_cipher_checktag(p->h, r->src + r->len, PEER_AEAD_TAG))
		r->err = -1;
}

static int gc_iv(const struct peer *p, uint8_t iv[16])
{
	(void)p;
	(void)iv;
	return 0;
}

static void gc_close(struct peer *pp)
{
	struct gc_peer *p = PEER_OF(pp, struct gc_peer);

	if (p->h)
		gcry_cipher_close(p->h);
	if (p->mac)
		gcry_mac_close(p->mac);
	free(p);
}

/* Key P for cmac over ALGO; 0 or -1. */
static int gc_open_mac(struct gc_peer *p, int algo, const uint8_t *key,
		       size_t keylen, char *why, size_t whysize)
{
	int mac = algo == GCRY_CIPHER_TWOFISH128 || algo == GCRY_CIPHER_TWOFISH ?
			  GCRY_MAC_CMAC_TWOFISH :
			  GCRY_MAC_CMAC_AES;
	gcry_error_t e = gcry_mac_open(&p->mac, mac, 0, NULL);

	if (!e)
		e = gcry_mac_setkey(p->mac, key, keylen);
	if (e) {
		snprintf(why, whysize, "libgcrypt: %s", gcry_strerror(e));
		return -1;
	}
	p->base.run = gc_run_mac;
	p->base.taglen = 16;
	snprintf(p->base.impl, sizeof(p->base.impl), "gcry_mac %s",
		 gcry_mac_algo_name(mac));
	return 0;
}

static int gc_open(struct peer **out, const char *cipher, const char *mode,
		   int decrypt, const uint8_t *key, size_t keylen,
		   const uint8_t iv[16], char *why, size_t whysize)
{
	static const int gmode[PEER_NMODES] = {
		[PEER_ECB] = GCRY_CIPHER_MODE_ECB,
		[PEER_CBC] = GCRY_CIPHER_MODE_CBC,
		[PEER_CTR] = GCRY_CIPHER_MODE_CTR,
		[PEER_XTS] = GCRY_CIPHER_MODE_XTS,
		/* cts: with GCRY_CIPHER_CBC_CTS */
		[PEER_CTS] = GCRY_CIPHER_MODE_CBC,
		[PEER_GCM] = GCRY_CIPHER_MODE_GCM,
		[PEER_CCM] = GCRY_CIPHER_MODE_CCM,
	};
	int m = peer_mode(mode), algo;
	struct gc_peer *p;
	gcry_error_t e;

	*out = NULL;
	algo = m < 0 || m == PEER_XCBC ? 0 : gc_algo(cipher, m, keylen);
	if (!algo) {
		snprintf(why, whysize, "libgcrypt has no %s-%zu in %s mode",
			 cipher, 8 * (m == PEER_XTS ? keylen / 2 : keylen),
			 mode);
		return -1;
	}
	p = calloc(1, sizeof(*p));
	if (!p) {
		snprintf(why, whysize, "out of memory");
		return -1;
	}
	p->oneshot = m == PEER_XTS || m == PEER_CTS;
	memcpy(p->iv, iv, 16);
	p->base.lib = &peer_gcrypt;
	p->base.iv = gc_iv;
	p->base.close = gc_close;
	if (m == PEER_CMAC) {
		if (gc_open_mac(p, algo, key, keylen, why, whysize)) {
			gc_close(&p->base);
			return -1;
		}
		*out = &p->base;
		return 0;
	}
	e = gcry_cipher_open(&p->h, algo, gmode[m],
			     m == PEER_CTS ? GCRY_CIPHER_CBC_CTS : 0);
	if (!e)
		e = gcry_cipher_setkey(p->h, key, keylen);
	if (!e && m == PEER_CTR)
		e = gcry_cipher_setctr(p->h, iv, 16);
	else if (!e && m != PEER_ECB && !peer_mode_is_aead(m))
		e = gcry_cipher_setiv(p->h, iv, 16);
	if (e) {
		snprintf(why, whysize, "libgcrypt: %s", gcry_strerror(e));
		gc_close(&p->base);
		return -1;
	}
	p->base.run = decrypt ? gc_run_dec : gc_run_enc;
	snprintf(p->base.impl, sizeof(p->base.impl), "gcry_cipher_%scrypt%s",
		 decrypt ? "de" : "en", m == PEER_CTS ? " CTS" : "");
	if (peer_mode_is_aead(m)) {
		p->ccm = m == PEER_CCM;
		p->base.run = decrypt ? gc_run_aead_dec : gc_run_aead_enc;
		p->base.taglen = PEER_AEAD_TAG;
		snprintf(p->base.impl, sizeof(p->base.impl), "gcry_cipher %s",
			 p->ccm ? "CCM" : "GCM");
	}
	*out = &p->base;
	return 0;
}

const struct peer_lib peer_gcrypt = {
	.name = "gcrypt",
	.init = gc_init,
	.version = gc_version,
	.hw = gc_hw,
	.has = gc_has,
	.open = gc_open,
};
