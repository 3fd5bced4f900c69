/* SPDX-License-Identifier: MIT */
/*
 * aes-vaes-glue.c - the registry descriptors of drivers "aes-vaes-avx2"
 * (VAES on ymm registers, aes-vaes-avx2.c) and "aes-vaes-avx512" (VAES on
 * zmm registers, aes-vaes-avx512.c). Both use aes-aesni's context, key
 * schedule, single-block functions and serial CBC encryption (aes-aesni.c,
 * which is why they also need AES-NI), and their own bulk ECB, CBC
 * decryption, CTR and XTS. This file is plain C: nothing here runs an
 * instruction the CPU may lack. Constant-time (hardware AES rounds, no
 * secret-dependent branch or index). The AVX-512 driver also needs
 * VPCLMULQDQ (XTS tweaks); aes-vaes-avx2 uses it for XTS where the CPU
 * has it. Speed: AES-128, 8192-byte requests, CTR 0.06 (aes-vaes-avx512)
 * and 0.11 (aes-vaes-avx2) cycles/byte (`cryptarch speed --driver
 * ctr-aes-vaes-avx512,ctr-aes-vaes-avx2 --sizes 8192 --keys 128`, gcc 12
 * -O2, TSC cycles at 2.10 GHz) on AMD EPYC (Zen 5), 2026-11-30.
 */
#include <stddef.h>
#include <stdint.h>

#include "../../src/core/cpu.h"
#include "../../src/core/registry.h"
#include "aes-aesni.h"

/*
 * XTS of aes-vaes-avx2: the VPCLMULQDQ variant where the CPU has it (every
 * VAES CPU so far does), else the one that computes the tweaks with shifts
 * (the driver needs no more than VAES and AVX2).
 */
static void avx2_xts_encrypt(const void *ctx, uint8_t *dst, const uint8_t *src,
			     size_t nblocks, uint8_t tweak[16])
{
	if (cryptarch_cpu_features() & CRYPTARCH_CPU_VPCLMUL)
		cryptarch_aes_vaes_avx2_xts_encrypt_vpclmul(ctx, dst, src,
							    nblocks, tweak);
	else
		cryptarch_aes_vaes_avx2_xts_encrypt(ctx, dst, src, nblocks,
						    tweak);
}

static void avx2_xts_decrypt(const void *ctx, uint8_t *dst, const uint8_t *src,
			     size_t nblocks, uint8_t tweak[16])
{
	if (cryptarch_cpu_features() & CRYPTARCH_CPU_VPCLMUL)
		cryptarch_aes_vaes_avx2_xts_decrypt_vpclmul(ctx, dst, src,
							    nblocks, tweak);
	else
		cryptarch_aes_vaes_avx2_xts_decrypt(ctx, dst, src, nblocks,
						    tweak);
}

static const struct cryptarch_bulk bulk_avx2 = {
	.priority = 0, /* the alg's */
	.ecb_encrypt = cryptarch_aes_vaes_avx2_ecb_encrypt,
	.ecb_decrypt = cryptarch_aes_vaes_avx2_ecb_decrypt,
	.cbc_encrypt = cryptarch_aes_aesni_cbc_encrypt,
	.cbc_decrypt = cryptarch_aes_vaes_avx2_cbc_decrypt,
	.ctr_crypt = cryptarch_aes_vaes_avx2_ctr_crypt,
	.xts_encrypt = avx2_xts_encrypt,
	.xts_decrypt = avx2_xts_decrypt,
};

const struct cryptarch_alg cryptarch_aes_vaes_avx2_alg = {
	.name = "aes",
	.driver = "aes-vaes-avx2",
	.priority = 350,
	.blocksize = 16,
	.min_keysize = 16,
	.max_keysize = 32,
	.ctxsize = sizeof(struct cryptarch_aes_aesni_ctx),
	.flags = CRYPTARCH_ALG_CONSTANT_TIME,
	.cpu_features = CRYPTARCH_CPU_VAES | CRYPTARCH_CPU_AVX |
			CRYPTARCH_CPU_AVX2 | CRYPTARCH_CPU_AESNI |
			CRYPTARCH_CPU_SSE2 | CRYPTARCH_CPU_SSSE3 |
			CRYPTARCH_CPU_SSE41,
	.setkey = cryptarch_aes_aesni_setkey,
	.encrypt = cryptarch_aes_aesni_encrypt,
	.decrypt = cryptarch_aes_aesni_decrypt,
	.bulk = &bulk_avx2,
};

static const struct cryptarch_bulk bulk_avx512 = {
	.priority = 0, /* the alg's */
	.ecb_encrypt = cryptarch_aes_vaes_avx512_ecb_encrypt,
	.ecb_decrypt = cryptarch_aes_vaes_avx512_ecb_decrypt,
	.cbc_encrypt = cryptarch_aes_aesni_cbc_encrypt,
	.cbc_decrypt = cryptarch_aes_vaes_avx512_cbc_decrypt,
	.ctr_crypt = cryptarch_aes_vaes_avx512_ctr_crypt,
	.xts_encrypt = cryptarch_aes_vaes_avx512_xts_encrypt,
	.xts_decrypt = cryptarch_aes_vaes_avx512_xts_decrypt,
};

const struct cryptarch_alg cryptarch_aes_vaes_avx512_alg = {
	.name = "aes",
	.driver = "aes-vaes-avx512",
	.priority = 400,
	.blocksize = 16,
	.min_keysize = 16,
	.max_keysize = 32,
	.ctxsize = sizeof(struct cryptarch_aes_aesni_ctx),
	.flags = CRYPTARCH_ALG_CONSTANT_TIME,
	.cpu_features = CRYPTARCH_CPU_VAES | CRYPTARCH_CPU_VPCLMUL |
			CRYPTARCH_CPU_PCLMUL | CRYPTARCH_CPU_AVX |
			CRYPTARCH_CPU_AVX2 | CRYPTARCH_CPU_AVX512F |
			CRYPTARCH_CPU_AVX512BW | CRYPTARCH_CPU_AVX512VL |
			CRYPTARCH_CPU_AESNI | CRYPTARCH_CPU_SSE2 |
			CRYPTARCH_CPU_SSSE3 | CRYPTARCH_CPU_SSE41,
	.setkey = cryptarch_aes_aesni_setkey,
	.encrypt = cryptarch_aes_aesni_encrypt,
	.decrypt = cryptarch_aes_aesni_decrypt,
	.bulk = &bulk_avx512,
};
