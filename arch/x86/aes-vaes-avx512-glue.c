/* SPDX-License-Identifier: MIT */
/*
 * aes-vaes-avx512-glue.c - the registry descriptor of driver
 * "aes-vaes-avx512": AES with VAES on zmm registers, 32 blocks in flight,
 * masked tails, XTS tweaks by VPCLMULQDQ (aes-vaes-avx512.c). It uses
 * aes-aesni's context, key schedule, single-block functions and serial CBC
 * encryption (aes-aesni.c, which is why it also needs AES-NI), and its own
 * hooks for ECB, CBC decryption, CTR, XTS and XCTR (the serial CBC-MAC
 * chain of cmac, xcbc and cbcmac is aes-aesni's hooked instances, which
 * outrank this driver's template loops), and for GCM the whole request
 * with AES and GHASH stitched (aes-vaes-avx512-gcm.c: instance
 * gcm-aes-vaes-avx512, over ghash-vpclmul-avx512's powers of H, ranked
 * 500, above every gcm_base instance). This file is plain C:
 * nothing here runs an instruction the CPU may lack. Constant-time
 * (hardware AES rounds, no secret-dependent branch or index). Speed:
 * AES-128, 8192-byte requests, CTR 0.06 cycles/byte (`cryptarch speed
 * --driver ctr-aes-vaes-avx512 --sizes 8192 --keys 128`, gcc 12 -O2, TSC
 * cycles at 2.10 GHz) on AMD EPYC (Zen 5), 2026-11-30; since 2026-12-02
 * CTR and XCTR 0.048-0.049 (AES-128) and 0.068-0.069 (AES-256) cycles/byte
 * at 8192 bytes, 95-99% of the VAESENC issue bound of bench/aes-bound.c
 * (0.047 and 0.066), 1.12-1.15x intel-ipsec-mb 1.3's CTR job
 * (IMB_CIPHER_CNTR, AVX-512) timed in the same process, and level with
 * before at 16 and 64 bytes (1.0-1.2 and 0.25-0.30 cycles/byte). GCM, AES-128,
 * 12-byte nonce, 8 bytes of associated data (tcrypt's AEAD test):
 * gcm-aes-vaes-avx512 encryption 2.34, 0.82, 0.15 and 0.10 cycles/byte at
 * 16, 64, 1420 and 8192 bytes, decryption 2.64, 0.83, 0.14, 0.09 (before
 * the hook wrote and checked the tag itself: 3.42, 1.11, 0.16, 0.09 and
 * 4.63, 1.44, 0.17, 0.09), against 12.15, 3.10, 0.31, 0.13 for
 * gcm_base(ctr-aes-vaes-avx512, ghash-vpclmul-avx512) (`cryptarch speed
 * --alg 'gcm(aes)' --driver gcm-aes-vaes-avx512,... --sizes
 * 16,64,1420,8192 --keys 128`, best of two runs), 2026-12-02. At 8192
 * bytes a group of 32 blocks costs about 46 TSC cycles, where its 80
 * VAESENC and 26 VPCLMULQDQ alone issue in 32.6 (bench/aes-bound.c, in
 * `bench/peers --targets`): the loads, stores, byte swaps, Karatsuba's
 * XORs and the reduction add a third. Against intel-ipsec-mb 1.3 in one
 * interleaved run (`bench/peers --targets --mode gcm --alg aes`, median of
 * five), AES-128 encryption 1.34x, 1.14x, 0.93x and 1.07x at 16, 64, 1420
 * and 8192 bytes, decryption 1.13x, 0.97x, 0.98x, 1.09x. Since then the
 * one-pass short path takes up to 31 blocks (was 15) and encryption's
 * last group is hashed in the last blocks' own sums (one reduction at
 * the end): AES-128 encryption, TSC cycles per request, best of three
 * alternated runs (`bench/peers --alg aes-128 --mode gcm-enc --lib
 * cryptarch,ipsecmb --config hw --sizes ...`, loaded machine,
 * 2026-12-02), 256 bytes 64 against 76 before (intel-ipsec-mb 64), 496
 * bytes 88 against 102 (89), 512 bytes 98-101 against 117-120 (88-93),
 * 1420 bytes 190-206 against 195-227 (181-189), 8192 bytes 779-780
 * against 788-800 (802-824).
 */
#include <stddef.h>
#include <stdint.h>

#include "../../src/aes/aes.h"
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

CRYPTARCH_DRIVER_AS(aes_vaes_avx512, aes_aesni,
	.name = "aes-vaes-avx512",
	.alg = &cryptarch_aes,
	.summary = "VAES on 512-bit registers, 32 blocks in flight, masked "
		    "tails, XTS tweaks by VPCLMULQDQ; single blocks and CBC "
		    "encryption are aes-aesni's",
	.priority = 400,
	.ctxsize = sizeof(struct cryptarch_aes_aesni_ctx),
	.flags = CRYPTARCH_DRV_CONSTANT_TIME,
	.cpu_features = CRYPTARCH_CPU_VAES | CRYPTARCH_CPU_VPCLMUL |
			CRYPTARCH_CPU_PCLMUL | CRYPTARCH_CPU_AVX |
			CRYPTARCH_CPU_AVX2 | CRYPTARCH_CPU_AVX512F |
			CRYPTARCH_CPU_AVX512BW | CRYPTARCH_CPU_AVX512VL |
			CRYPTARCH_CPU_AESNI | CRYPTARCH_CPU_SSE2 |
			CRYPTARCH_CPU_SSSE3 | CRYPTARCH_CPU_SSE41,
	/* valgrind 3.19 does not execute AVX-512 (and hides it from CPUID),
	 * and qemu 7.2 has none */
	.ct = { 0, NULL,
		"neither valgrind 3.19 nor qemu 7.2 executes AVX-512" },
	.hooks = CRYPTARCH_HOOKS(
		CRYPTARCH_ECB_HOOK(aes_vaes_avx512),
		CRYPTARCH_CBC_HOOK_MANY_FNS(
			cryptarch_aes_aesni_cbc_encrypt,
			cryptarch_aes_vaes_avx512_cbc_decrypt,
			cryptarch_aes_vaes_avx512_cbc_encrypt_many, NULL, 420),
		/* cmac and xcbc digests of many messages: the lanes of the
		 * many-request CBC encryption; one chain is aes-aesni's */
		CRYPTARCH_CBCMAC_HOOKS_MANY_FNS(cryptarch_aes_aesni_cbcmac,
						cryptarch_aes_vaes_avx512_cbcmac_many, 420,
						.priority = 300),
		CRYPTARCH_CTR_HOOK(aes_vaes_avx512),
		CRYPTARCH_XTS_HOOK(aes_vaes_avx512),
		CRYPTARCH_XCTR_HOOK(aes_vaes_avx512),
		CRYPTARCH_GCM_HOOK_TAG(aes_vaes_avx512, "ghash-vpclmul-avx512",
				       .priority = 500)));
