/* SPDX-License-Identifier: MIT */
/*
 * aes-vperm-wide-glue.c - the descriptors of drivers "aes-vperm-avx2" and
 * "aes-vperm-avx512": the constant-time vector-permute AES of "aes-vperm"
 * (Hamburg, CHES 2009; aes-vperm-core.h) with two blocks per ymm register
 * (aes-vperm-avx2.c, VPSHUFB is lane-wise) and four per zmm register
 * (aes-vperm-avx512.c, AVX-512BW VPSHUFB, VPTERNLOG for three-way XORs).
 * Each has its own 128-bit build of the key schedule, single blocks and
 * CBC encryption (VEX, or EVEX with VPTERNLOG); the context is aes-vperm's.
 * Constant-time like aes-vperm: no branch and no memory index depends on
 * key or data.
 * They need AVX2 (and AVX-512F/BW/VL), outrank aes-vperm (150) at 160 and
 * 170, and are the constant-time choice on x86-64 CPUs that have those
 * but not AES-NI (or where AES-NI is masked). This file is plain C: it
 * validates the key length and points at the ISA code, which the registry
 * calls only once the CPU features are known to be present. Speed:
 * AES-128, 8192-byte requests, cycles/byte in CTR / CBC decryption / CBC
 * encryption: aes-vperm-avx2 1.7 / 2.4 / 9.5, aes-vperm-avx512 0.80 /
 * 0.85 / 8.7 (`cryptarch speed --driver ctr-aes-vperm-avx512,...
 * --sizes 8192 --keys 128`, TSC cycles, gcc 12 -O2) on AMD EPYC (Zen 5),
 * 2026-11-30.
 */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>

#include "../../src/core/cpu.h"
#include "../../src/core/memzero.h"
#include "../../src/core/registry.h"
#include "aes-vperm.h"

/* see registry.h (struct cryptarch_alg.setkey) */
static int setkey_avx2(void *ctx, const uint8_t *key, size_t keylen)
{
	if (keylen != 16 && keylen != 24 && keylen != 32)
		return -EINVAL;
	cryptarch_memzero(ctx, sizeof(struct cryptarch_aes_vperm_ctx));
	cryptarch_aes_vperm_avx2_expand(ctx, key, keylen);
	return 0;
}

/* see registry.h (struct cryptarch_alg.setkey) */
static int setkey_avx512(void *ctx, const uint8_t *key, size_t keylen)
{
	if (keylen != 16 && keylen != 24 && keylen != 32)
		return -EINVAL;
	cryptarch_memzero(ctx, sizeof(struct cryptarch_aes_vperm_ctx));
	cryptarch_aes_vperm_avx512_expand(ctx, key, keylen);
	return 0;
}

static const struct cryptarch_bulk bulk_avx2 = {
	.priority = 0,
	/* Serial CBC encryption (about 9 TSC cycles/byte for AES-128 here)
	 * is slower than aes-generic's tables (about 5): with variable time
	 * allowed, that takes CBC encryption; constant-time, this one still
	 * ranks above aes-ct64 (90). */
	.cbc_encrypt_priority = 95,
	.ecb_encrypt = cryptarch_aes_vperm_avx2_ecb_encrypt,
	.ecb_decrypt = cryptarch_aes_vperm_avx2_ecb_decrypt,
	.cbc_encrypt = cryptarch_aes_vperm_avx2_cbc_encrypt,
	.cbc_decrypt = cryptarch_aes_vperm_avx2_cbc_decrypt,
	.ctr_crypt = cryptarch_aes_vperm_avx2_ctr_crypt,
	.xts_encrypt = cryptarch_aes_vperm_avx2_xts_encrypt,
	.xts_decrypt = cryptarch_aes_vperm_avx2_xts_decrypt,
};

const struct cryptarch_alg cryptarch_aes_vperm_avx2_alg = {
	.name = "aes",
	.driver = "aes-vperm-avx2",
	.priority = 160,
	.blocksize = 16,
	.min_keysize = 16,
	.max_keysize = 32,
	.ctxsize = sizeof(struct cryptarch_aes_vperm_ctx),
	.flags = CRYPTARCH_ALG_CONSTANT_TIME,
	.cpu_features = CRYPTARCH_CPU_SSE2 | CRYPTARCH_CPU_SSSE3 |
			CRYPTARCH_CPU_AVX | CRYPTARCH_CPU_AVX2,
	.setkey = setkey_avx2,
	.encrypt = cryptarch_aes_vperm_avx2_encrypt,
	.decrypt = cryptarch_aes_vperm_avx2_decrypt,
	.bulk = &bulk_avx2,
};

static const struct cryptarch_bulk bulk_avx512 = {
	.priority = 0,
	/* Serial CBC encryption (about 9 TSC cycles/byte for AES-128 here)
	 * is slower than aes-generic's tables (about 5): with variable time
	 * allowed, that takes CBC encryption; constant-time, this one still
	 * ranks above aes-ct64 (90). */
	.cbc_encrypt_priority = 95,
	.ecb_encrypt = cryptarch_aes_vperm_avx512_ecb_encrypt,
	.ecb_decrypt = cryptarch_aes_vperm_avx512_ecb_decrypt,
	.cbc_encrypt = cryptarch_aes_vperm_avx512_cbc_encrypt,
	.cbc_decrypt = cryptarch_aes_vperm_avx512_cbc_decrypt,
	.ctr_crypt = cryptarch_aes_vperm_avx512_ctr_crypt,
	.xts_encrypt = cryptarch_aes_vperm_avx512_xts_encrypt,
	.xts_decrypt = cryptarch_aes_vperm_avx512_xts_decrypt,
};

const struct cryptarch_alg cryptarch_aes_vperm_avx512_alg = {
	.name = "aes",
	.driver = "aes-vperm-avx512",
	.priority = 170,
	.blocksize = 16,
	.min_keysize = 16,
	.max_keysize = 32,
	.ctxsize = sizeof(struct cryptarch_aes_vperm_ctx),
	.flags = CRYPTARCH_ALG_CONSTANT_TIME,
	.cpu_features = CRYPTARCH_CPU_SSE2 | CRYPTARCH_CPU_SSSE3 |
			CRYPTARCH_CPU_AVX | CRYPTARCH_CPU_AVX2 |
			CRYPTARCH_CPU_AVX512F | CRYPTARCH_CPU_AVX512BW |
			CRYPTARCH_CPU_AVX512VL,
	.setkey = setkey_avx512,
	.encrypt = cryptarch_aes_vperm_avx512_encrypt,
	.decrypt = cryptarch_aes_vperm_avx512_decrypt,
	.bulk = &bulk_avx512,
};
