/* SPDX-License-Identifier: MIT */
/*
 * twofish-avx2.h - the entry points of twofish-avx2.c, the vector half of
 * driver "twofish-avx2" (Twofish on 16 or 8 blocks at once, for the
 * parallel modes). The context is twofish-generic's struct
 * cryptarch_twofish_ctx, set by cryptarch_twofish_generic_setkey(). Not
 * constant-time: table lookups indexed by key-dependent data. Built with
 * AVX and AVX2; the g-function lookups also use BMI1 (bextr), which every
 * CPU with BMI2 has. Call only once the descriptor's CPU features
 * (AVX, AVX2, BMI2) have been checked.
 */
#ifndef CRYPTARCH_TWOFISH_AVX2_H
#define CRYPTARCH_TWOFISH_AVX2_H

#include <stddef.h>
#include <stdint.h>

/*
 * The parallel modes with the signatures of the hooks (struct
 * cryptarch_<mode>_hooks in src/modes/<mode>.h), over the first
 * NBLOCKS & ~7 blocks of SRC: groups of 16 blocks, then one group of 8
 * where 8 to 15 blocks remain. The caller handles the last NBLOCKS % 8
 * blocks (which may be all of them). SRC == DST allowed, no alignment.
 * IV, CTR and TWEAK are updated as those headers say for the blocks
 * processed, so that a scalar loop can continue from them.
 */
void cryptarch_twofish_avx2_ecb_encrypt(const void *ctx, uint8_t *dst,
					const uint8_t *src, size_t nblocks);
void cryptarch_twofish_avx2_ecb_decrypt(const void *ctx, uint8_t *dst,
					const uint8_t *src, size_t nblocks);
void cryptarch_twofish_avx2_cbc_decrypt(const void *ctx, uint8_t *dst,
					const uint8_t *src, size_t nblocks,
					uint8_t iv[16]);
void cryptarch_twofish_avx2_ctr_crypt(const void *ctx, uint8_t *dst,
				      const uint8_t *src, size_t nblocks,
				      uint8_t ctr[16]);
void cryptarch_twofish_avx2_xts_encrypt(const void *ctx, uint8_t *dst,
					const uint8_t *src, size_t nblocks,
					uint8_t tweak[16]);
void cryptarch_twofish_avx2_xts_decrypt(const void *ctx, uint8_t *dst,
					const uint8_t *src, size_t nblocks,
					uint8_t tweak[16]);

#endif /* CRYPTARCH_TWOFISH_AVX2_H */
