/* SPDX-License-Identifier: MIT */
/*
 * aeadbench.h - the timed call of an authenticated cipher (aead) that
 * `cryptarch speed` and `cryptarch tune` share, as bench/skbench.h is for
 * skcipher and shash: one request out of place, as tcrypt's
 * test_aead_speed (Linux crypto/tcrypt.c) makes them, with its tag length
 * and amount of associated data (encryption of LEN bytes into the
 * ciphertext and the tag; decryption of a valid ciphertext and tag, made
 * once by encryption, so that the tag verifies on every call). It differs
 * from bench/skbench.h's skbench_aead_tick, which the peer benchmark
 * times, only by the associated data tcrypt adds; the instance a handle
 * uses is skbench_aead_selected()'s, the timing bench/harness.h's. The
 * functions are static here, for the two subcommands' files; the nonce
 * and the data are fixed patterns (tcrypt's are 0xff bytes), nothing
 * secret. No CPU features needed here.
 */
#ifndef CRYPTARCH_TOOLS_AEADBENCH_H
#define CRYPTARCH_TOOLS_AEADBENCH_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "cryptarch.h"

/* The request tcrypt's AEAD speed test makes of gcm(aes): a 16-byte tag,
 * 8 bytes of associated data; and a nonce of the standard 12 bytes (also
 * one of ccm's 7 to 13). */
#define AEADBENCH_AUTHSIZE 16
#define AEADBENCH_ADLEN 8
#define AEADBENCH_NONCELEN 12

static const uint8_t aeadbench_nonce[AEADBENCH_NONCELEN] = {
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
};
static const uint8_t aeadbench_ad[AEADBENCH_ADLEN] = {
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
};

/*
 * One request of LEN bytes of plaintext through TFM (keyed, tag length
 * set): encryption from SRC (LEN bytes) into DST (LEN + authsize), or
 * decryption from SRC (the ciphertext and the tag, LEN + authsize bytes)
 * into DST (LEN bytes); the first error stays in ERR. Pass to
 * harness_run() with aeadbench_tick.
 */
struct aeadbench_req {
	cryptarch_aead *tfm;
	const uint8_t *src;
	uint8_t *dst;
	size_t len;
	int decrypt;
	int err;
};

static inline void aeadbench_tick(void *arg)
{
	struct aeadbench_req *r = arg;
	int err;

	if (r->decrypt)
		err = cryptarch_aead_decrypt(
			r->tfm, r->src, r->dst,
			r->len + cryptarch_aead_authsize(r->tfm),
			aeadbench_nonce, sizeof(aeadbench_nonce), aeadbench_ad,
			sizeof(aeadbench_ad));
	else
		err = cryptarch_aead_encrypt(r->tfm, r->src, r->dst, r->len,
					     aeadbench_nonce,
					     sizeof(aeadbench_nonce),
					     aeadbench_ad,
					     sizeof(aeadbench_ad));
	if (err && !r->err)
		r->err = err;
}

/*
 * Set R up for LEN bytes in direction DECRYPT through TFM (keyed) over
 * the buffers PT (LEN bytes of plaintext), CT and OUT (LEN +
 * CRYPTARCH_AEAD_TAG_MAX bytes each): for decryption CT is filled with PT
 * encrypted, the valid input. Returns 0 or the library's error.
 */
static inline int aeadbench_setup(struct aeadbench_req *r, cryptarch_aead *tfm,
				  const uint8_t *pt, uint8_t *ct, uint8_t *out,
				  size_t len, int decrypt)
{
	memset(r, 0, sizeof(*r));
	r->tfm = tfm;
	r->len = len;
	r->decrypt = decrypt;
	r->src = decrypt ? ct : pt;
	r->dst = out;
	if (!decrypt)
		return 0;
	return cryptarch_aead_encrypt(tfm, pt, ct, len, aeadbench_nonce,
				      sizeof(aeadbench_nonce), aeadbench_ad,
				      sizeof(aeadbench_ad));
}

#endif /* CRYPTARCH_TOOLS_AEADBENCH_H */
