/* SPDX-License-Identifier: MIT */
/*
 * gcm.h - the hook interface of the GCM template (gcm.c) for whole-AEAD
 * drivers that stitch the cipher and GHASH in one loop ("gcm-aes-aesni":
 * the hooked instance over the driver's own ctr instance and the ghash
 * driver the hook names in .with).
 *
 * The template computes J0 (and truncates or checks the tag, unless the
 * hook does); the hook runs the rest of the request in one call, so that
 * a short request costs one pass with nothing between its steps.
 */
#ifndef CRYPTARCH_MODES_GCM_H
#define CRYPTARCH_MODES_GCM_H

#include <stddef.h>
#include <stdint.h>

#include "../core/desc.h"

/*
 * One whole request R (aead.h) with pre-counter block J0 (the template's:
 * nonce || 0^31 || 1 for a 12-byte nonce, else through GHASH): the
 * payload, the associated data, a partial last block and the lengths
 * block, with GCM's inc32 counter from inc32(J0) (the low 32 bits
 * big-endian, wrapping without carry into the upper 96). Encryption
 * hashes the ciphertext it writes; decryption hashes R->src and writes
 * plaintext before the tag is known (the handle zeroes DST when it does
 * not verify). CIPHER is the block cipher's key context (the leaf under
 * the ctr instance), GHASH the ghash driver's (its powers of H). Src ==
 * dst allowed, no alignment.
 *
 * A hook gives either ENCRYPT and DECRYPT, which write the full 16-byte
 * E(J0) xor S into TAG for the template to truncate and write or compare,
 * or SEAL and OPEN, which take the tag on themselves (the shortest path
 * for a short request): SEAL writes its first R->authsize bytes at
 * R->tag_out; OPEN reads the R->authsize bytes at R->tag_in before it
 * writes DST, compares them with its own in constant time and returns
 * cryptarch_aead_verdict() of the difference (0, or -EBADMSG). SEAL and
 * OPEN get J0 NULL for a 12-byte nonce (J0 is then the nonce's, the
 * hook's to build) and leave no copy of the tag in memory but the one
 * SEAL writes.
 */
struct cryptarch_aead_req;
struct cryptarch_gcm_hooks {
	void (*encrypt)(const void *cipher, const void *ghash,
			const struct cryptarch_aead_req *r,
			const uint8_t j0[16], uint8_t tag[16]);
	void (*decrypt)(const void *cipher, const void *ghash,
			const struct cryptarch_aead_req *r,
			const uint8_t j0[16], uint8_t tag[16]);
	void (*seal)(const void *cipher, const void *ghash,
		     const struct cryptarch_aead_req *r, const uint8_t *j0);
	int (*open)(const void *cipher, const void *ghash,
		    const struct cryptarch_aead_req *r, const uint8_t *j0);
};

/* The hook of driver STEM over ghash driver WITH ("ghash-pclmul"), with
 * the hook fields that follow (.priority = 450). */
#define CRYPTARCH_GCM_HOOK(stem, with_drv, ...)                              \
	{ .tmpl = "gcm",                                                     \
	  .ops = &(const struct cryptarch_gcm_hooks){                        \
		  cryptarch_##stem##_gcm_encrypt,                            \
		  cryptarch_##stem##_gcm_decrypt },                          \
	  .with = with_drv, __VA_ARGS__ }

/* The same for a hook with SEAL and OPEN (cryptarch_STEM_gcm_seal, _open). */
#define CRYPTARCH_GCM_HOOK_TAG(stem, with_drv, ...)                          \
	{ .tmpl = "gcm",                                                     \
	  .ops = &(const struct cryptarch_gcm_hooks){                        \
		  .seal = cryptarch_##stem##_gcm_seal,                       \
		  .open = cryptarch_##stem##_gcm_open },                     \
	  .with = with_drv, __VA_ARGS__ }

#endif /* CRYPTARCH_MODES_GCM_H */
