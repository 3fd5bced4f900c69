/* SPDX-License-Identifier: MIT */
/*
 * peer-ipsecmb.c - the intel-ipsec-mb adapter (peer.h): AES-CMAC with
 * 128- and 256-bit keys (IMB_AUTH_AES_CMAC, IMB_AUTH_AES_CMAC_256) and
 * AES-XCBC-MAC (IMB_AUTH_AES_XCBC, 128-bit keys): the full 16-byte tag
 * for CMAC, the 12-byte one for XCBC (AES-XCBC-MAC-96, RFC 3566 section
 * 3: the library refuses 16 there, IMB_ERR_JOB_AUTH_TAG_LEN); AES-GCM
 * (128, 192, 256) through its direct API, the one its GCM users call:
 * the key and the powers of H prepared once (IMB_AES128_GCM_PRE), then
 * one IMB_AES128_GCM_ENC or IMB_AES128_GCM_DEC per message (-192, -256)
 * with the 12-byte nonce and no associated data; and AES-CCM (128, 256)
 * through the job API (IMB_CIPHER_CCM with IMB_AUTH_AES_CCM in one job:
 * the cipher after the hash to encrypt, before it to decrypt). The
 * library computes the tag on decryption too and leaves the comparison
 * to its caller: here in constant time, against the tag received.
 * AES-CTR (128, 192, 256) through the job API too (IMB_CIPHER_CNTR with
 * the whole 16-byte counter block as the iv), so that GCM's cipher half
 * has its peer: the adapter keeps the counter as a 128-bit big-endian
 * number and gives the library no job over which the counter's low 32
 * bits would wrap (it splits the request there), so that the stream is
 * SP 800-38A's whatever width the library's own increment has; a request
 * that ends inside a block ends the stream (a following one fails), as
 * the library keeps no keystream between jobs.
 * The library's other modes are not offered: it is a peer for CTR, the
 * keyed hashes and the AEADs only, and for batches (below). One multi-buffer manager per process
 * (alloc_mb_mgr and init_mb_mgr_auto at init: the library picks SSE, AVX,
 * AVX2 or AVX-512 code from the CPU). Where the init's list names
 * "intel-aesni" there is no manager and open says why: the library has
 * no code without AES-NI (the Debian 1.3 build has no SSE path without
 * it, and init_mb_mgr_auto under IMB_FLAG_AESNI_OFF crashes there). Keys
 * are expanded at open (IMB_AES_KEYEXP_128/256 and
 * IMB_AES_CMAC_SUBKEY_GEN_128/256, IMB_AES_XCBC_KEYEXP). A job-API
 * request is one job, as a caller with one message at a time runs it:
 * IMB_GET_NEXT_JOB,
 * the job's fields, IMB_SUBMIT_JOB, then IMB_FLUSH_JOB until it comes
 * back (a lone job waits in its lane for more until flushed). Batches
 * (peer.h: open_many, run_many) use the job manager as it is built to
 * be used: AES-CBC encryption (IMB_CIPHER_CBC, 128- and 256-bit keys) and
 * AES-CMAC jobs, each of its own buffer (and iv), all submitted and then
 * flushed, so that the manager runs as many lanes at once as it has; a
 * CBC job's iv is then set to its last ciphertext block, as cryptarch's
 * many-request calls leave theirs (the library does not write it). x86-64
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
	int mode, decrypt;
	size_t keylen;
	uint8_t nonce[16];
	uint8_t ctr[16]; /* ctr: the next counter block */
	int ctr_ended;	 /* ctr: a request ended inside a block */
	/* gcm: the expanded key and the powers of H; a message's state */
	_Alignas(64) struct gcm_key_data gkey;
	struct gcm_context_data gctx;
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
	if (m == PEER_CMAC || m == PEER_CCM)
		return keylen == 16 || keylen == 32;
	if (m == PEER_GCM || m == PEER_CTR)
		return keylen == 16 || keylen == 24 || keylen == 32;
	return m == PEER_XCBC && keylen == 16;
}

/* 0 if the 16-byte tags A and B are equal, else -1; no early exit. */
static int imb_tag_check(const uint8_t *a, const uint8_t *b)
{
	unsigned d = 0;
	size_t i;

	for (i = 0; i < PEER_AEAD_TAG; i++)
		d |= a[i] ^ b[i];
	return d ? -1 : 0;
}

/* gcm: one message through the direct API. */
static void imb_run_gcm(void *arg)
{
	struct peer_req *r = arg;
	struct imb_peer *p = PEER_OF(r->peer, struct imb_peer);
	uint8_t tag[PEER_AEAD_TAG];
	uint8_t *t = p->decrypt ? tag : r->dst + r->len;

	if (p->keylen == 16 && p->decrypt)
		IMB_AES128_GCM_DEC(mgr, &p->gkey, &p->gctx, r->dst, r->src,
				   r->len, p->nonce, NULL, 0, t, PEER_AEAD_TAG);
	else if (p->keylen == 16)
		IMB_AES128_GCM_ENC(mgr, &p->gkey, &p->gctx, r->dst, r->src,
				   r->len, p->nonce, NULL, 0, t, PEER_AEAD_TAG);
	else if (p->keylen == 24 && p->decrypt)
		IMB_AES192_GCM_DEC(mgr, &p->gkey, &p->gctx, r->dst, r->src,
				   r->len, p->nonce, NULL, 0, t, PEER_AEAD_TAG);
	else if (p->keylen == 24)
		IMB_AES192_GCM_ENC(mgr, &p->gkey, &p->gctx, r->dst, r->src,
				   r->len, p->nonce, NULL, 0, t, PEER_AEAD_TAG);
	else if (p->decrypt)
		IMB_AES256_GCM_DEC(mgr, &p->gkey, &p->gctx, r->dst, r->src,
				   r->len, p->nonce, NULL, 0, t, PEER_AEAD_TAG);
	else
		IMB_AES256_GCM_ENC(mgr, &p->gkey, &p->gctx, r->dst, r->src,
				   r->len, p->nonce, NULL, 0, t, PEER_AEAD_TAG);
	if (p->decrypt && imb_tag_check(tag, r->src + r->len))
		r->err = -1;
}

/* ctr: the 16-byte big-endian counter C plus N, modulo 2^128. */
static void imb_ctr_add(uint8_t c[16], uint64_t n)
{
	int i;

	for (i = 15; i >= 0 && n; i--) {
		n += c[i];
		c[i] = (uint8_t)n;
		n >>= 8;
	}
}

/* ctr: a request, as jobs inside which the counter's low 32 bits do not
 * wrap (one job but once in 2^32 blocks). */
static void imb_run_ctr(void *arg)
{
	struct peer_req *r = arg;
	struct imb_peer *p = PEER_OF(r->peer, struct imb_peer);
	size_t off = 0, n;
	uint64_t low, room;
	IMB_JOB *job;

	if (p->ctr_ended) {
		r->err = -1;
		return;
	}
	while (off < r->len) {
		low = (uint64_t)p->ctr[12] << 24 | (uint64_t)p->ctr[13] << 16 |
		      (uint64_t)p->ctr[14] << 8 | p->ctr[15];
		room = ((uint64_t)1 << 32) - low; /* blocks before the wrap */
		n = r->len - off;
		if ((n + 15) / 16 > room)
			n = (size_t)(16 * room);
		job = IMB_GET_NEXT_JOB(mgr);
		job->cipher_mode = IMB_CIPHER_CNTR;
		job->cipher_direction = IMB_DIR_ENCRYPT;
		job->chain_order = IMB_ORDER_CIPHER_HASH;
		job->hash_alg = IMB_AUTH_NULL;
		job->enc_keys = p->enc;
		job->dec_keys = p->enc;
		job->key_len_in_bytes = p->keylen;
		job->src = r->src + off;
		job->dst = r->dst + off;
		job->cipher_start_src_offset_in_bytes = 0;
		job->msg_len_to_cipher_in_bytes = n;
		job->hash_start_src_offset_in_bytes = 0;
		job->msg_len_to_hash_in_bytes = 0;
		job->iv = p->ctr;
		job->iv_len_in_bytes = 16;
		job = IMB_SUBMIT_JOB(mgr);
		while (!job && !imb_get_errno(mgr) && IMB_QUEUE_SIZE(mgr))
			job = IMB_FLUSH_JOB(mgr);
		if (!job || job->status != IMB_STATUS_COMPLETED) {
			r->err = -1;
			return;
		}
		imb_ctr_add(p->ctr, (n + 15) / 16);
		off += n;
	}
	if (r->len % 16)
		p->ctr_ended = 1;
}

/* ccm: one message, one job. */
static void imb_run_ccm(void *arg)
{
	struct peer_req *r = arg;
	struct imb_peer *p = PEER_OF(r->peer, struct imb_peer);
	IMB_JOB *job = IMB_GET_NEXT_JOB(mgr);
	uint8_t tag[PEER_AEAD_TAG];

	job->cipher_mode = IMB_CIPHER_CCM;
	job->hash_alg = IMB_AUTH_AES_CCM;
	job->cipher_direction = p->decrypt ? IMB_DIR_DECRYPT : IMB_DIR_ENCRYPT;
	job->chain_order = p->decrypt ? IMB_ORDER_CIPHER_HASH :
					IMB_ORDER_HASH_CIPHER;
	job->enc_keys = p->enc;
	job->dec_keys = p->enc;
	job->key_len_in_bytes = p->keylen;
	job->src = r->src;
	job->dst = r->dst;
	job->cipher_start_src_offset_in_bytes = 0;
	job->msg_len_to_cipher_in_bytes = r->len;
	job->hash_start_src_offset_in_bytes = 0;
	job->msg_len_to_hash_in_bytes = r->len;
	job->iv = p->nonce;
	job->iv_len_in_bytes = PEER_AEAD_NONCE;
	job->auth_tag_output = p->decrypt ? tag : r->dst + r->len;
	job->auth_tag_output_len_in_bytes = PEER_AEAD_TAG;
	job->u.CCM.aad = NULL;
	job->u.CCM.aad_len_in_bytes = 0;
	job = IMB_SUBMIT_JOB(mgr);
	while (!job && !imb_get_errno(mgr) && IMB_QUEUE_SIZE(mgr))
		job = IMB_FLUSH_JOB(mgr);
	if (!job || job->status != IMB_STATUS_COMPLETED ||
	    (p->decrypt && imb_tag_check(tag, r->src + r->len)))
		r->err = -1;
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

/* One job of a batch set up in JOB (from IMB_GET_NEXT_JOB): CBC
 * encryption of J, or the CMAC of J's message. */
static void imb_many_job(const struct imb_peer *p, IMB_JOB *job,
			 const struct peer_job *j)
{
	job->src = j->src;
	job->dst = j->dst;
	job->cipher_start_src_offset_in_bytes = 0;
	job->hash_start_src_offset_in_bytes = 0;
	if (p->mode == PEER_CBC) {
		job->cipher_mode = IMB_CIPHER_CBC;
		job->cipher_direction = IMB_DIR_ENCRYPT;
		job->chain_order = IMB_ORDER_CIPHER_HASH;
		job->hash_alg = IMB_AUTH_NULL;
		job->enc_keys = p->enc;
		job->dec_keys = p->dec;
		job->key_len_in_bytes = p->keylen;
		job->msg_len_to_cipher_in_bytes = j->len;
		job->msg_len_to_hash_in_bytes = 0;
		job->iv = j->iv;
		job->iv_len_in_bytes = 16;
		return;
	}
	job->cipher_mode = IMB_CIPHER_NULL;
	job->cipher_direction = IMB_DIR_ENCRYPT;
	job->chain_order = IMB_ORDER_HASH_CIPHER;
	job->hash_alg = p->hash;
	job->msg_len_to_cipher_in_bytes = 0;
	job->msg_len_to_hash_in_bytes = j->len;
	job->auth_tag_output = j->dst;
	job->auth_tag_output_len_in_bytes = 16;
	job->u.CMAC._key_expanded = p->enc;
	job->u.CMAC._skey1 = p->k1;
	job->u.CMAC._skey2 = p->k2;
}

/* A batch: every job submitted, then the manager flushed until all have
 * come back. CBC jobs of 0 bytes are not submitted (nothing to do; the
 * library refuses them). */
static void imb_run_many(void *arg)
{
	struct peer_many_req *r = arg;
	struct imb_peer *p = PEER_OF(r->peer, struct imb_peer);
	size_t i, sent = 0, done = 0;
	IMB_JOB *job;

	for (i = 0; i < r->n; i++) {
		if (p->mode == PEER_CBC && r->job[i].len == 0)
			continue;
		imb_many_job(p, IMB_GET_NEXT_JOB(mgr), &r->job[i]);
		sent++;
		job = IMB_SUBMIT_JOB(mgr);
		if (job) {
			done++;
			if (job->status != IMB_STATUS_COMPLETED)
				r->err = -1;
		}
	}
	while (done < sent) {
		job = IMB_FLUSH_JOB(mgr);
		if (!job)
			break;
		done++;
		if (job->status != IMB_STATUS_COMPLETED)
			r->err = -1;
	}
	if (done < sent || imb_get_errno(mgr))
		r->err = -1;
	for (i = 0; p->mode == PEER_CBC && i < r->n; i++)
		if (r->job[i].len)
			memcpy(r->job[i].iv,
			       r->job[i].dst + r->job[i].len - 16, 16);
}

/* The counter after the requests so far (ctr); the other modes do not
 * expose one. */
static int imb_iv(const struct peer *pp, uint8_t iv[16])
{
	const struct imb_peer *p = PEER_OF(pp, const struct imb_peer);

	if (p->mode != PEER_CTR)
		return 0;
	memcpy(iv, p->ctr, 16);
	return 1;
}

static void imb_close(struct peer *pp)
{
	free(PEER_OF(pp, struct imb_peer));
}

/* A zeroed peer, aligned for its members (gcm's key data: 64 bytes), once
 * the manager is up; NULL with WHY said otherwise. */
static struct imb_peer *imb_alloc(char *why, size_t whysize)
{
	struct imb_peer *p;

	if (!mgr) {
		snprintf(why, whysize,
			 no_aesni ? "intel-ipsec-mb has no code without AES-NI" :
				    "intel-ipsec-mb: not initialised");
		return NULL;
	}
	p = aligned_alloc(_Alignof(struct imb_peer),
			  (sizeof(*p) + _Alignof(struct imb_peer) - 1) /
				  _Alignof(struct imb_peer) *
				  _Alignof(struct imb_peer));
	if (!p) {
		snprintf(why, whysize, "out of memory");
		return NULL;
	}
	memset(p, 0, sizeof(*p));
	return p;
}


static int imb_open(struct peer **out, const char *cipher, const char *mode,
		    int decrypt, const uint8_t *key, size_t keylen,
		    const uint8_t iv[16], char *why, size_t whysize)
{
	int m = peer_mode(mode);
	struct imb_peer *p;

	*out = NULL;
	if (!imb_has(cipher, mode, keylen)) {
		snprintf(why, whysize,
			 "intel-ipsec-mb is a peer for AES-CTR, AES-CMAC (128, "
			 "256), AES-XCBC, AES-GCM and AES-CCM (128, 256) only, "
			 "not "
			 "%s-%zu in %s mode",
			 cipher, 8 * keylen, mode);
		return -1;
	}
	p = imb_alloc(why, whysize);
	if (!p)
		return -1;
	p->mode = m;
	p->decrypt = decrypt;
	p->keylen = keylen;
	memcpy(p->nonce, iv, PEER_AEAD_NONCE);
	p->base.lib = &peer_ipsecmb;
	p->base.iv = imb_iv;
	p->base.close = imb_close;
	if (m == PEER_GCM) {
		if (keylen == 16)
			IMB_AES128_GCM_PRE(mgr, key, &p->gkey);
		else if (keylen == 24)
			IMB_AES192_GCM_PRE(mgr, key, &p->gkey);
		else
			IMB_AES256_GCM_PRE(mgr, key, &p->gkey);
		p->base.run = imb_run_gcm;
		p->base.taglen = PEER_AEAD_TAG;
		snprintf(p->base.impl, sizeof(p->base.impl),
			 "IMB_AES%zu_GCM_%s", 8 * keylen,
			 decrypt ? "DEC" : "ENC");
		*out = &p->base;
		return 0;
	}
	if (m == PEER_CTR) {
		if (keylen == 16)
			IMB_AES_KEYEXP_128(mgr, key, p->enc, p->dec);
		else if (keylen == 24)
			IMB_AES_KEYEXP_192(mgr, key, p->enc, p->dec);
		else
			IMB_AES_KEYEXP_256(mgr, key, p->enc, p->dec);
		memcpy(p->ctr, iv, 16);
		p->base.run = imb_run_ctr;
		snprintf(p->base.impl, sizeof(p->base.impl),
			 "IMB job AES_CNTR");
		*out = &p->base;
		return 0;
	}
	if (m == PEER_CCM) {
		if (keylen == 16)
			IMB_AES_KEYEXP_128(mgr, key, p->enc, p->dec);
		else
			IMB_AES_KEYEXP_256(mgr, key, p->enc, p->dec);
		p->base.run = imb_run_ccm;
		p->base.taglen = PEER_AEAD_TAG;
		snprintf(p->base.impl, sizeof(p->base.impl),
			 "IMB job AES_CCM%s", keylen == 16 ? "" : "_256");
		*out = &p->base;
		return 0;
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
	p->base.run = imb_run;
	p->base.taglen = m == PEER_XCBC ? 12 : 16;
	snprintf(p->base.impl, sizeof(p->base.impl), "IMB job %s",
		 m == PEER_XCBC	 ? "AES_XCBC" :
		 keylen == 16 ? "AES_CMAC" :
				"AES_CMAC_256");
	*out = &p->base;
	return 0;
}

static int imb_has_many(const char *cipher, const char *mode, size_t keylen)
{
	int m = peer_mode(mode);

	return !strcmp(cipher, "aes") && (m == PEER_CBC || m == PEER_CMAC) &&
	       (keylen == 16 || keylen == 32);
}

static int imb_open_many(struct peer **out, const char *cipher,
			 const char *mode, const uint8_t *key, size_t keylen,
			 char *why, size_t whysize)
{
	static const uint8_t zero[16];
	struct imb_peer *p;
	int m = peer_mode(mode);

	*out = NULL;
	if (!imb_has_many(cipher, mode, keylen)) {
		snprintf(why, whysize,
			 "intel-ipsec-mb's job batches here: AES-CBC "
			 "encryption and AES-CMAC (128, 256) only, not "
			 "%s-%zu in %s mode",
			 cipher, 8 * keylen, mode);
		return -1;
	}
	if (m == PEER_CMAC) {
		/* the single messages' peer, keyed the same way */
		if (imb_open(out, cipher, mode, 0, key, keylen, zero, why,
			     whysize))
			return -1;
		(*out)->run_many = imb_run_many;
		snprintf((*out)->impl, sizeof((*out)->impl),
			 "IMB jobs AES_CMAC%s", keylen == 16 ? "" : "_256");
		return 0;
	}
	p = imb_alloc(why, whysize);
	if (!p)
		return -1;
	p->mode = m;
	p->keylen = keylen;
	if (keylen == 16)
		IMB_AES_KEYEXP_128(mgr, key, p->enc, p->dec);
	else
		IMB_AES_KEYEXP_256(mgr, key, p->enc, p->dec);
	p->base.lib = &peer_ipsecmb;
	p->base.run_many = imb_run_many;
	p->base.iv = imb_iv;
	p->base.close = imb_close;
	snprintf(p->base.impl, sizeof(p->base.impl), "IMB jobs AES_CBC%s",
		 keylen == 16 ? "" : "_256");
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
	.has_many = imb_has_many,
	.open_many = imb_open_many,
};
