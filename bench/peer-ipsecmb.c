/* SPDX-License-Identifier: MIT */
/*
 * peer-ipsecmb.c - the intel-ipsec-mb adapter (peer.h): AES-CMAC with
 * 128- and 256-bit keys (IMB_AUTH_AES_CMAC, IMB_AUTH_AES_CMAC_256) and
 * AES-XCBC-MAC (IMB_AUTH_AES_XCBC, 128-bit keys): the full 16-byte tag
 * for CMAC, the 12-byte one for XCBC (AES-XCBC-MAC-96, RFC 3566 section
 * 3: the library refuses 16 there, IMB_ERR_JOB_AUTH_TAG_LEN).
 * The library's other modes are not offered: it is a peer for the keyed
 * hashes only. One multi-buffer manager per process (alloc_mb_mgr and
 * init_mb_mgr_auto at init: the library picks SSE, AVX, AVX2 or AVX-512
 * code from the CPU). Where the init's list names "intel-aesni" there is
 * no manager and open says why: the library has no code without AES-NI
 * (the Debian 1.3 build has no SSE path without it, and init_mb_mgr_auto
 * under IMB_FLAG_AESNI_OFF crashes there). Keys are expanded at open (IMB_AES_KEYEXP_128/256 and
 * IMB_AES_CMAC_SUBKEY_GEN_128/256, IMB_AES_XCBC_KEYEXP). A request is one
 * job, as a caller with one message at a time runs it: IMB_GET_NEXT_JOB,
 * the job's fields, IMB_SUBMIT_JOB, then IMB_FLUSH_JOB until it comes
 * back (a lone job waits in its lane for more until flushed). x86-64
 * only; benchmark and test code.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <intel-ipsec-mb.h>

#include "peer.h"

static IMB_MGR *mgr;
static IMB_ARCH arch;
static int no_aesni; /* "intel-aesni" was masked: no manager */

struct imb_peer {
	struct peer base;
	IMB_HASH_ALG hash;
	/* The expanded keys; the library wants them 16-byte aligned. */
	_Alignas(16) uint32_t enc[4 * 15];
	_Alignas(16) uint32_t dec[4 * 15];
	_Alignas(16) uint8_t k1[16];
	_Alignas(16) uint8_t k2[16];
	_Alignas(16) uint8_t k3[16];
};

static int imb_init(const char *const *hw_off)
{
	size_t i;

	if (mgr || no_aesni)
		return 0;
	for (i = 0; hw_off && hw_off[i]; i++)
		if (!strcmp(hw_off[i], "intel-aesni"))
			no_aesni = 1;
	if (no_aesni)
		return 0;
	mgr = alloc_mb_mgr(0);
	if (!mgr)
		return -1;
	init_mb_mgr_auto(mgr, &arch);
	if (imb_get_errno(mgr)) {
		free_mb_mgr(mgr);
		mgr = NULL;
		return -1;
	}
	return 0;
}

static const char *imb_version(char *buf, size_t size)
{
	snprintf(buf, size, "%s", imb_get_version_str());
	return buf;
}

/* The code the manager runs: "arch avx512" (init_mb_mgr_auto's choice). */
static const char *imb_hw(char *buf, size_t size)
{
	static const char *const names[] = {
		[IMB_ARCH_NONE] = "none",     [IMB_ARCH_NOAESNI] = "noaesni",
		[IMB_ARCH_SSE] = "sse",	      [IMB_ARCH_AVX] = "avx",
		[IMB_ARCH_AVX2] = "avx2",     [IMB_ARCH_AVX512] = "avx512",
	};

	if (size)
		buf[0] = '\0';
	if (no_aesni)
		snprintf(buf, size, "nothing (needs AES-NI)");
	if (mgr && (unsigned)arch < sizeof(names) / sizeof(names[0]) &&
	    names[arch])
		snprintf(buf, size, "arch %s", names[arch]);
	return buf;
}

static int imb_has(const char *cipher, const char *mode, size_t keylen)
{
	int m = peer_mode(mode);

	if (strcmp(cipher, "aes"))
		return 0;
	if (m == PEER_CMAC)
		return keylen == 16 || keylen == 32;
	return m == PEER_XCBC && keylen == 16;
}

static void imb_run(void *arg)
{
	struct peer_req *r = arg;
	struct imb_peer *p = PEER_OF(r->peer, struct imb_peer);
	IMB_JOB *job = IMB_GET_NEXT_JOB(mgr);

	job->cipher_mode = IMB_CIPHER_NULL;
	job->cipher_direction = IMB_DIR_ENCRYPT;
	job->chain_order = IMB_ORDER_HASH_CIPHER;
	job->hash_alg = p->hash;
	job->src = r->src;
	job->dst = r->dst;
	job->msg_len_to_cipher_in_bytes = 0;
	job->cipher_start_src_offset_in_bytes = 0;
	job->hash_start_src_offset_in_bytes = 0;
	job->msg_len_to_hash_in_bytes = r->len;
	job->auth_tag_output = r->dst;
	job->auth_tag_output_len_in_bytes = p->base.taglen;
	if (p->hash == IMB_AUTH_AES_XCBC) {
		job->u.XCBC._k1_expanded = p->enc;
		job->u.XCBC._k2 = p->k2;
		job->u.XCBC._k3 = p->k3;
	} else {
		job->u.CMAC._key_expanded = p->enc;
		job->u.CMAC._skey1 = p->k1;
		job->u.CMAC._skey2 = p->k2;
	}
	job = IMB_SUBMIT_JOB(mgr);
	while (!job && !imb_get_errno(mgr) && IMB_QUEUE_SIZE(mgr))
		job = IMB_FLUSH_JOB(mgr);
	if (!job || job->status != IMB_STATUS_COMPLETED)
		r->err = -1;
}

static int imb_iv(const struct peer *p, uint8_t iv[16])
{
	(void)p;
	(void)iv;
	return 0;
}

static void imb_close(struct peer *pp)
{
	free(PEER_OF(pp, struct imb_peer));
}

static int imb_open(struct peer **out, const char *cipher, const char *mode,
		    int decrypt, const uint8_t *key, size_t keylen,
		    const uint8_t iv[16], char *why, size_t whysize)
{
	int m = peer_mode(mode);
	struct imb_peer *p;

	(void)decrypt;
	(void)iv;
	*out = NULL;
	if (!imb_has(cipher, mode, keylen)) {
		snprintf(why, whysize,
			 "intel-ipsec-mb is a peer for AES-CMAC (128, 256) "
			 "and AES-XCBC only, not %s-%zu in %s mode",
			 cipher, 8 * keylen, mode);
		return -1;
	}
	if (!mgr) {
		snprintf(why, whysize,
			 no_aesni ? "intel-ipsec-mb has no code without AES-NI" :
				    "intel-ipsec-mb: not initialised");
		return -1;
	}
	p = calloc(1, sizeof(*p));
	if (!p) {
		snprintf(why, whysize, "out of memory");
		return -1;
	}
	if (m == PEER_XCBC) {
		p->hash = IMB_AUTH_AES_XCBC;
		IMB_AES_XCBC_KEYEXP(mgr, key, p->enc, p->k2, p->k3);
	} else if (keylen == 16) {
		p->hash = IMB_AUTH_AES_CMAC;
		IMB_AES_KEYEXP_128(mgr, key, p->enc, p->dec);
		IMB_AES_CMAC_SUBKEY_GEN_128(mgr, p->enc, p->k1, p->k2);
	} else {
		p->hash = IMB_AUTH_AES_CMAC_256;
		IMB_AES_KEYEXP_256(mgr, key, p->enc, p->dec);
		IMB_AES_CMAC_SUBKEY_GEN_256(mgr, p->enc, p->k1, p->k2);
	}
	p->base.lib = &peer_ipsecmb;
	p->base.run = imb_run;
	p->base.iv = imb_iv;
	p->base.close = imb_close;
	p->base.taglen = m == PEER_XCBC ? 12 : 16;
	snprintf(p->base.impl, sizeof(p->base.impl), "IMB job %s",
		 m == PEER_XCBC	 ? "AES_XCBC" :
		 keylen == 16 ? "AES_CMAC" :
				"AES_CMAC_256");
	*out = &p->base;
	return 0;
}

const struct peer_lib peer_ipsecmb = {
	.name = "ipsecmb",
	.init = imb_init,
	.version = imb_version,
	.hw = imb_hw,
	.has = imb_has,
	.open = imb_open,
};
