/* SPDX-License-Identifier: MIT */
/*
 * gcm.h - the hook interface of the GCM template (gcm.c) for whole-AEAD
 * drivers that stitch the cipher and GHASH in one loop ("gcm-aes-aesni":
 * the hooked instance over the driver's own ctr instance and the ghash
 * driver the hook names in .with).
 *
 * The template keeps J0, the associated data, a partial last block, the
 * lengths block and the tag; the hook runs the whole blocks of the
 * payload: CIPHER is the block cipher's key context (the leaf under the
 * ctr instance), GHASH the ghash driver's (its powers of H).
 */
#ifndef CRYPTARCH_MODES_GCM_H
#define CRYPTARCH_MODES_GCM_H

#include <stddef.h>
#include <stdint.h>

#include "../core/desc.h"

/*
 * NBLOCKS >= 1 whole blocks, src == dst allowed, no alignment. CTR is the
 * counter block in and after the last block out, GCM's inc32 (the low 32
 * bits big-endian, wrapping without carry into the upper 96); Y is the
 * GHASH state in and out (the specification's bytes). Encryption hashes
 * the ciphertext it writes; decryption hashes SRC and then may write
 * plaintext before the tag is known (the handle zeroes DST when it does
 * not verify).
 */
struct cryptarch_gcm_hooks {
	void (*encrypt)(const void *cipher, const void *ghash, uint8_t *dst,
			const uint8_t *src, size_t nblocks, uint8_t ctr[16],
			uint8_t y[16]);
	void (*decrypt)(const void *cipher, const void *ghash, uint8_t *dst,
			const uint8_t *src, size_t nblocks, uint8_t ctr[16],
			uint8_t y[16]);
};

/* The hook of driver STEM over ghash driver WITH ("ghash-pclmul"), with
 * the hook fields that follow (.priority = 450). */
#define CRYPTARCH_GCM_HOOK(stem, with_drv, ...)                              \
	{ .tmpl = "gcm",                                                     \
	  .ops = &(const struct cryptarch_gcm_hooks){                        \
		  cryptarch_##stem##_gcm_encrypt,                            \
		  cryptarch_##stem##_gcm_decrypt },                          \
	  .with = with_drv, __VA_ARGS__ }

#endif /* CRYPTARCH_MODES_GCM_H */
