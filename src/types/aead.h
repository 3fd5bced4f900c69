/* SPDX-License-Identifier: MIT */
/*
 * aead.h - the aead type as the templates and whole-AEAD hooks that
 * produce it see it (the handle is aead.c): one request, and the
 * operations of an aead instance.
 *
 * The handle checks what every aead shares (NULLs, the key, the tag
 * length against the template's rule, len >= authsize on decryption)
 * before an instance runs; the instance checks its own nonce and length
 * limits first and writes nothing when they fail. Decryption returns
 * -EBADMSG for a tag that does not verify, and the handle then zeroes the
 * output: an instance may write plaintext before it knows (ccm computes
 * its tag over the plaintext), but the caller never sees it.
 */
#ifndef CRYPTARCH_TYPES_AEAD_H
#define CRYPTARCH_TYPES_AEAD_H

#include <errno.h>
#include <stddef.h>
#include <stdint.h>

#include "../core/declassify.h"
#include "../core/desc.h"
#include "../core/inst.h"

#define CRYPTARCH_AEAD_TAG_MAX 16

struct cryptarch_aead_req {
	const uint8_t *src; /* LEN bytes of plaintext or ciphertext */
	uint8_t *dst;	    /* LEN bytes out; may equal SRC */
	size_t len;	    /* without the tag */
	const uint8_t *nonce;
	size_t noncelen;    /* >= 1 */
	const uint8_t *ad;  /* NULL when ADLEN is 0 */
	size_t adlen;
	unsigned authsize;  /* as the template's AUTHSIZE_OK took it */
	/* encryption: the tag out (AUTHSIZE bytes); decryption: the tag
	 * received (SRC + LEN, read before anything is written to DST) */
	uint8_t *tag_out;
	const uint8_t *tag_in;
};

struct cryptarch_aead_ops {
	unsigned maxauthsize;
	/* 1 if the template takes tags of AUTHSIZE bytes */
	int (*authsize_ok)(unsigned authsize);
	/* Returns 0, or -EINVAL (the nonce's length or LEN beyond the
	 * mode's limits) before anything is written. Decryption: 0 or
	 * -EBADMSG, which the handle turns into a zeroed DST. */
	int (*encrypt)(const struct cryptarch_inst *in,
		       const struct cryptarch_aead_req *r);
	int (*decrypt)(const struct cryptarch_inst *in,
		       const struct cryptarch_aead_req *r);
};

extern const struct cryptarch_type cryptarch_type_aead;

/* The operations of aead instance IN. */
static inline const struct cryptarch_aead_ops *
cryptarch_aead_ops_of(const struct cryptarch_inst *in)
{
	return (const struct cryptarch_aead_ops *)in->tmpl->ops;
}

/* 0 if D (the OR of the differences of two tags, in any width) is 0,
 * else -EBADMSG; without a branch on D, the result marked public
 * (cryptarch_declassify()). */
static inline int cryptarch_aead_verdict(uint64_t d)
{
	/* 0 -> 0, else 1, from the top bit of D | -D */
	unsigned ne = (unsigned)((d | (0 - d)) >> 63);

	return cryptarch_declassify((int)((0u - ne) & (unsigned)-EBADMSG));
}

/* 0 if the N bytes at A and B are equal, else -EBADMSG; the time depends
 * on N only, and the result is marked public (cryptarch_declassify()). */
static inline int cryptarch_aead_tag_check(const uint8_t *a, const uint8_t *b,
					   size_t n)
{
	unsigned d = 0;
	size_t i;

	for (i = 0; i < n; i++)
		d |= (unsigned)(a[i] ^ b[i]);
	return cryptarch_aead_verdict(d);
}

#endif /* CRYPTARCH_TYPES_AEAD_H */
