/* SPDX-License-Identifier: MIT */
/*
 * ccm.h - the hook interface of the CCM template (ccm.c) for drivers that
 * interleave CCM's two passes over one key schedule ("ccm-aes-aesni": the
 * hooked instance over the driver's own ctr and cbcmac instances). The
 * CBC-MAC chain is serial, each block waiting on the last; the counter
 * blocks are independent, so a driver can issue them in the chain's
 * latency shadow and CCM costs about what the CBC-MAC alone does.
 *
 * The template keeps B0, the associated data, a partial last block and
 * the tag; the hook runs the payload's whole blocks.
 */
#ifndef CRYPTARCH_MODES_CCM_H
#define CRYPTARCH_MODES_CCM_H

#include <stddef.h>
#include <stdint.h>

#include "../core/desc.h"

/*
 * NBLOCKS >= 1 whole blocks, src == dst allowed, no alignment; CIPHER is
 * the block cipher's key context. Per block i, encryption: X = E(X xor
 * P_i), C_i = P_i xor E(CTR), CTR incremented (one 128-bit big-endian
 * number; CCM's counter field never carries out); decryption: P_i = C_i
 * xor E(CTR), X = E(X xor P_i). X (16 bytes) is the CBC-MAC chaining
 * value in and out, CTR the counter block in and after the last block
 * out.
 */
struct cryptarch_ccm_hooks {
	void (*encrypt)(const void *cipher, uint8_t *dst, const uint8_t *src,
			size_t nblocks, uint8_t ctr[16], uint8_t x[16]);
	void (*decrypt)(const void *cipher, uint8_t *dst, const uint8_t *src,
			size_t nblocks, uint8_t ctr[16], uint8_t x[16]);
};

#define CRYPTARCH_CCM_HOOK(stem, ...)                                        \
	{ .tmpl = "ccm",                                                     \
	  .ops = &(const struct cryptarch_ccm_hooks){                        \
		  cryptarch_##stem##_ccm_encrypt,                            \
		  cryptarch_##stem##_ccm_decrypt },                          \
	  __VA_ARGS__ }

#endif /* CRYPTARCH_MODES_CCM_H */
