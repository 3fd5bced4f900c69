/* SPDX-License-Identifier: MIT */
/*
 * aes-vaes-avx2-glue.c - the registry descriptor of driver "aes-vaes-avx2":
 * AES with VAES on ymm registers, 16 blocks in flight (aes-vaes-avx2.c).
 * It uses aes-aesni's context, key schedule, single-block functions and
 * serial CBC encryption (aes-aesni.c, which is why it also needs AES-NI),
 * and its own hooks for ECB, CBC decryption, CTR, XTS and XCTR; XTS
 * tweaks by VPCLMULQDQ where the CPU has it; GCM's whole request with
 * VAES and VPCLMULQDQ stitched on ymm registers (aes-vaes-avx2-gcm.c:
 * instance gcm-aes-vaes-avx2 over ghash-pclmul's powers of H, ranked 450,
 * between gcm-aes-vaes-avx512 and gcm-aes-aesni; aes-aesni's GCM where
 * the CPU lacks VPCLMULQDQ). The serial CBC-MAC chain
 * (cmac, xcbc, cbcmac) has no hook here: aes-aesni's instances outrank
 * this driver's template loops. This file is plain C: nothing here runs
 * an instruction the CPU may lack. Constant-time (hardware AES rounds, no
 * secret-dependent branch or index). Speed: AES-128, 8192-byte requests,
 * CTR 0.11 cycles/byte (`cryptarch speed --driver ctr-aes-vaes-avx2
 * --sizes 8192 --keys 128`, gcc 12 -O2, TSC cycles at 2.10 GHz) on AMD
 * EPYC (Zen 5), 2026-11-30. GCM (gcm-aes-vaes-avx2, AES-128, 12-byte
 * nonce, 8 bytes of associated data): encryption 0.32 cycles/byte at 1420
 * bytes and 0.18 at 8192, against 0.42 and 0.35 for gcm-aes-aesni, which
 * it runs below 256 bytes (`cryptarch speed --alg 'gcm(aes)' --driver
 * gcm-aes-vaes-avx2,gcm-aes-aesni --keys 128`), 2026-12-02.
 */
#include <stddef.h>
#include <stdint.h>

#include "../../src/aes/aes.h"
#include "../../src/core/cpu.h"
#include "../../src/core/desc.h"
#include "../../src/modes/cbc.h"
#include "../../src/modes/cbcmac.h"
#include "../../src/modes/ctr.h"
#include "../../src/modes/ecb.h"
#include "../../src/modes/gcm.h"
#include "../../src/modes/xctr.h"
#include "../../src/modes/xts.h"
#include "aes-aesni.h"
#include "aes-x86-many.h"

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

/*
 * GCM of aes-vaes-avx2: VAES and VPCLMULQDQ on ymm registers where the CPU
 * has VPCLMULQDQ, else aes-aesni's GCM (the same AES and ghash-pclmul
 * contexts), which needs no more than the hooked instance's drivers do.
 */
static void cryptarch_aes_vaes_avx2_gcm_encrypt(
	const void *cipher, const void *ghash,
	const struct cryptarch_aead_req *r, const uint8_t j0[16],
	uint8_t tag[16])
{
	if (cryptarch_cpu_features() & CRYPTARCH_CPU_VPCLMUL)
		cryptarch_aes_vaes_avx2_gcm_encrypt_vpclmul(cipher, ghash, r, j0,
							    tag);
	else
		cryptarch_aes_aesni_gcm_encrypt(cipher, ghash, r, j0, tag);
}

static void cryptarch_aes_vaes_avx2_gcm_decrypt(
	const void *cipher, const void *ghash,
	const struct cryptarch_aead_req *r, const uint8_t j0[16],
	uint8_t tag[16])
{
	if (cryptarch_cpu_features() & CRYPTARCH_CPU_VPCLMUL)
		cryptarch_aes_vaes_avx2_gcm_decrypt_vpclmul(cipher, ghash, r, j0,
							    tag);
	else
		cryptarch_aes_aesni_gcm_decrypt(cipher, ghash, r, j0, tag);
}

CRYPTARCH_DRIVER_AS(aes_vaes_avx2, aes_aesni,
	.name = "aes-vaes-avx2",
	.alg = &cryptarch_aes,
	.summary = "VAES on 256-bit registers, 16 blocks in flight; single "
		    "blocks and CBC encryption are aes-aesni's",
	.priority = 350,
	.ctxsize = sizeof(struct cryptarch_aes_aesni_ctx),
	.flags = CRYPTARCH_DRV_CONSTANT_TIME,
	.cpu_features = CRYPTARCH_CPU_VAES | CRYPTARCH_CPU_AVX |
			CRYPTARCH_CPU_AVX2 | CRYPTARCH_CPU_AESNI |
			CRYPTARCH_CPU_SSE2 | CRYPTARCH_CPU_SSSE3 |
			CRYPTARCH_CPU_SSE41,
	/* valgrind 3.19 does not execute 256-bit VAES (and hides it from
	 * CPUID); qemu 7.2's 256-bit vaesenc and vaesdec take the upper
	 * lane's state from the lower lane (qemu-x86_64 7.2.22 -cpu max,
	 * 2026-11-30), so the driver fails its self-test there and is never
	 * traced. Its single-block and key schedule code is aes-aesni's,
	 * checked under memcheck. */
	.ct = { 0, NULL,
		"valgrind 3.19 cannot execute 256-bit VAES, and qemu 7.2 "
		"computes its upper lane wrongly (the driver fails its "
		"self-test there)" },
	.hooks = CRYPTARCH_HOOKS(
		CRYPTARCH_ECB_HOOK(aes_vaes_avx2),
		CRYPTARCH_CBC_HOOK_MANY_FNS(
			cryptarch_aes_aesni_cbc_encrypt,
			cryptarch_aes_vaes_avx2_cbc_decrypt,
			cryptarch_aes_vaes_avx2_cbc_encrypt_many, NULL, 370),
		/* cmac and xcbc digests of many messages: the lanes of the
		 * many-request CBC encryption; one chain is aes-aesni's */
		CRYPTARCH_CBCMAC_HOOKS_MANY_FNS(cryptarch_aes_aesni_cbcmac,
						cryptarch_aes_vaes_avx2_cbcmac_many, 370,
						.priority = 280),
		CRYPTARCH_CTR_HOOK(aes_vaes_avx2),
		CRYPTARCH_XTS_HOOK_FNS(avx2_xts_encrypt, avx2_xts_decrypt),
		CRYPTARCH_XCTR_HOOK(aes_vaes_avx2),
		CRYPTARCH_GCM_HOOK(aes_vaes_avx2, "ghash-pclmul",
				   .priority = 450)));
