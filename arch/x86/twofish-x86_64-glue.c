/* SPDX-License-Identifier: MIT */
/*
 * twofish-x86_64-glue.c - the C side of driver "twofish-x86_64" (Twofish
 * in x86_64 assembly, twofish-x86_64.S): its descriptor, whose key
 * schedule is twofish-generic's (the assembly reads the same struct
 * cryptarch_twofish_ctx), and whose single-block and bulk functions are
 * the assembly entry points themselves. The assembly runs three blocks at
 * once for ECB, CBC decryption, CTR and XTS, and one at a time for CBC
 * encryption and single blocks. Not constant-time: table lookups indexed
 * by key-dependent data (cache timing). No CPU feature beyond x86_64.
 * Speed: Twofish-128 over 8192-byte requests, 3.45 cycles/byte (TSC) in
 * ECB, 3.44 in CBC decryption, 3.50 in CTR and XTS, 8.0 in CBC encryption,
 * against libgcrypt 1.10.1's 7.64, 4.41, 4.34, 8.23 and 9.08 in the same
 * run, `bench/peers --alg twofish --config hw --sizes 16,8192 --sec 0.2
 * --all` (best of three), gcc 12.2 -O2, AMD EPYC (Zen 5), 2026-11-30;
 * the other figures are in README.md.
 */
#include <stddef.h>
#include <stdint.h>

#include "../../src/core/registry.h"
#include "../../src/twofish/twofish-generic.h"

/* The layout the assembly reads (offsets written into twofish-x86_64.S):
 * table j at 1024 j, subkey i at 4096 + 4 i. */
_Static_assert(offsetof(struct cryptarch_twofish_ctx, s) == 0,
	       "twofish-x86_64: table layout");
_Static_assert(sizeof(((struct cryptarch_twofish_ctx *)0)->s[0]) == 1024,
	       "twofish-x86_64: table layout");
_Static_assert(offsetof(struct cryptarch_twofish_ctx, k) == 4096,
	       "twofish-x86_64: subkey layout");
_Static_assert(sizeof(((struct cryptarch_twofish_ctx *)0)->k) == 160,
	       "twofish-x86_64: subkey layout");

/*
 * The assembly (twofish-x86_64.S), with the signatures of struct
 * cryptarch_alg and struct cryptarch_bulk (src/core/registry.h), whose
 * contracts they keep: CTX is a context set by
 * cryptarch_twofish_generic_setkey(); NBLOCKS >= 1; DST == SRC allowed;
 * no alignment required of DST, SRC or IV.
 */
#define ASM_FN __attribute__((visibility("hidden")))
ASM_FN void cryptarch_twofish_x86_64_encrypt(const void *ctx, uint8_t *dst,
					     const uint8_t *src);
ASM_FN void cryptarch_twofish_x86_64_decrypt(const void *ctx, uint8_t *dst,
					     const uint8_t *src);
ASM_FN void cryptarch_twofish_x86_64_ecb_encrypt(const void *ctx,
						 uint8_t *dst,
						 const uint8_t *src,
						 size_t nblocks);
ASM_FN void cryptarch_twofish_x86_64_ecb_decrypt(const void *ctx,
						 uint8_t *dst,
						 const uint8_t *src,
						 size_t nblocks);
ASM_FN void cryptarch_twofish_x86_64_cbc_encrypt(const void *ctx,
						 uint8_t *dst,
						 const uint8_t *src,
						 size_t nblocks,
						 uint8_t iv[16]);
ASM_FN void cryptarch_twofish_x86_64_cbc_decrypt(const void *ctx,
						 uint8_t *dst,
						 const uint8_t *src,
						 size_t nblocks,
						 uint8_t iv[16]);
ASM_FN void cryptarch_twofish_x86_64_ctr_crypt(const void *ctx, uint8_t *dst,
					       const uint8_t *src,
					       size_t nblocks,
					       uint8_t ctr[16]);
ASM_FN void cryptarch_twofish_x86_64_xts_encrypt(const void *ctx,
						 uint8_t *dst,
						 const uint8_t *src,
						 size_t nblocks,
						 uint8_t tweak[16]);
ASM_FN void cryptarch_twofish_x86_64_xts_decrypt(const void *ctx,
						 uint8_t *dst,
						 const uint8_t *src,
						 size_t nblocks,
						 uint8_t tweak[16]);

static const struct cryptarch_bulk twofish_x86_64_bulk = {
	.priority = 0, /* the alg's */
	.ecb_encrypt = cryptarch_twofish_x86_64_ecb_encrypt,
	.ecb_decrypt = cryptarch_twofish_x86_64_ecb_decrypt,
	.cbc_encrypt = cryptarch_twofish_x86_64_cbc_encrypt,
	.cbc_decrypt = cryptarch_twofish_x86_64_cbc_decrypt,
	.ctr_crypt = cryptarch_twofish_x86_64_ctr_crypt,
	.xts_encrypt = cryptarch_twofish_x86_64_xts_encrypt,
	.xts_decrypt = cryptarch_twofish_x86_64_xts_decrypt,
};

const struct cryptarch_alg cryptarch_twofish_x86_64_alg = {
	.name = "twofish",
	.driver = "twofish-x86_64",
	.priority = 200,
	.blocksize = 16,
	.min_keysize = 16,
	.max_keysize = 32,
	.ctxsize = sizeof(struct cryptarch_twofish_ctx),
	.flags = 0,	   /* table lookups: not constant-time */
	.cpu_features = 0, /* baseline x86_64 */
	.setkey = cryptarch_twofish_generic_setkey,
	.encrypt = cryptarch_twofish_x86_64_encrypt,
	.decrypt = cryptarch_twofish_x86_64_decrypt,
	.bulk = &twofish_x86_64_bulk,
};
