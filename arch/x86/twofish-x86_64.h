/* SPDX-License-Identifier: MIT */
/*
 * twofish-x86_64.h - the entry points of twofish-x86_64.S, the assembly of
 * driver "twofish-x86_64", for its glue (twofish-x86_64-glue.c) and for
 * driver "twofish-avx2" (twofish-avx2-glue.c), which takes single blocks,
 * CBC encryption and what its vector code leaves over from them. They
 * have the signatures of struct cryptarch_cipher_ops (src/core/desc.h) and
 * of the hooks (struct cryptarch_<mode>_hooks in src/modes/<mode>.h), and
 * keep those contracts: CTX is a struct cryptarch_twofish_ctx set by
 * cryptarch_twofish_generic_setkey(), whose layout twofish-x86_64-glue.c
 * checks; NBLOCKS >= 1; DST == SRC allowed; no alignment required of DST,
 * SRC or IV. Baseline x86_64: no CPU feature to check. Not constant-time
 * (key-dependent table lookups).
 */
#ifndef CRYPTARCH_TWOFISH_X86_64_H
#define CRYPTARCH_TWOFISH_X86_64_H

#include <stddef.h>
#include <stdint.h>

/* Hidden, as CRYPTARCH_ENTRY (../asm.h) makes them: direct calls, no PLT
 * or GOT, where -fvisibility=hidden is not given. */
#pragma GCC visibility push(hidden)

void cryptarch_twofish_x86_64_encrypt(const void *ctx, uint8_t *dst,
				      const uint8_t *src);
void cryptarch_twofish_x86_64_decrypt(const void *ctx, uint8_t *dst,
				      const uint8_t *src);
void cryptarch_twofish_x86_64_ecb_encrypt(const void *ctx, uint8_t *dst,
					  const uint8_t *src, size_t nblocks);
void cryptarch_twofish_x86_64_ecb_decrypt(const void *ctx, uint8_t *dst,
					  const uint8_t *src, size_t nblocks);
void cryptarch_twofish_x86_64_cbc_encrypt(const void *ctx, uint8_t *dst,
					  const uint8_t *src, size_t nblocks,
					  uint8_t iv[16]);
void cryptarch_twofish_x86_64_cbc_decrypt(const void *ctx, uint8_t *dst,
					  const uint8_t *src, size_t nblocks,
					  uint8_t iv[16]);
void cryptarch_twofish_x86_64_ctr_crypt(const void *ctx, uint8_t *dst,
					const uint8_t *src, size_t nblocks,
					uint8_t ctr[16]);
void cryptarch_twofish_x86_64_xts_encrypt(const void *ctx, uint8_t *dst,
					  const uint8_t *src, size_t nblocks,
					  uint8_t tweak[16]);
void cryptarch_twofish_x86_64_xts_decrypt(const void *ctx, uint8_t *dst,
					  const uint8_t *src, size_t nblocks,
					  uint8_t tweak[16]);

#pragma GCC visibility pop

#endif /* CRYPTARCH_TWOFISH_X86_64_H */
