/* SPDX-License-Identifier: MIT */
/*
 * aes-vperm-avx512-glue.c - the descriptor of driver "aes-vperm-avx512": the
 * constant-time vector-permute AES of "aes-vperm" (Hamburg, CHES 2009;
 * aes-vperm-core.h) with four blocks per zmm register (AVX-512BW VPSHUFB,
 * VPTERNLOG for three-way XORs), in aes-vperm-avx512.c. It has its own build
 * of the key schedule, single blocks and CBC encryption; the context is
 * aes-vperm's. Constant-time like aes-vperm: no branch and no memory index
 * depends on key or data. It needs AVX2 and AVX-512F/BW/VL, outranks
 * aes-vperm (150) at 170, and is the constant-time choice on x86-64 CPUs
 * that have that but not AES-NI (or where AES-NI is masked). This file is
 * plain C: it validates the key length and points at the ISA code, which
 * runs only once the CPU features are known to be present. Speed: AES-128,
 * 8192-byte requests, cycles/byte in CTR / CBC decryption / CBC encryption:
 * 0.80 / 0.85 / 8.7 (`cryptarch speed --driver
 * ctr-aes-vperm-avx512,cbc-aes-vperm-avx512 --sizes 8192 --keys 128`, TSC
 * cycles, gcc 12 -O2) on AMD EPYC (Zen 5), 2026-11-30.
 */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>

#include "../../src/aes/aes.h"
#include "../../src/core/desc.h"
#include "../../src/core/memzero.h"
#include "../../src/modes/cbc.h"
#include "../../src/modes/cbcmac.h"
#include "../../src/modes/ctr.h"
#include "../../src/modes/ecb.h"
#include "../../src/modes/xctr.h"
#include "../../src/modes/xts.h"
#include "aes-vperm.h"

/* see desc.h (struct cryptarch_cipher_ops.setkey) */
static int cryptarch_aes_vperm_avx512_setkey(void *ctx, const uint8_t *key,
					     size_t keylen)
{
	if (keylen != 16 && keylen != 24 && keylen != 32)
		return -EINVAL;
	cryptarch_memzero(ctx, sizeof(struct cryptarch_aes_vperm_ctx));
	cryptarch_aes_vperm_avx512_expand(ctx, key, keylen);
	return 0;
}

CRYPTARCH_DRIVER(aes_vperm_avx512,
	.name = "aes-vperm-avx512",
	.alg = &cryptarch_aes,
	.summary = "aes-vperm's core on 512-bit registers (AVX-512BW VPSHUFB, "
		    "VPTERNLOG), 16 blocks in flight",
	.priority = 170,
	/* One block is serial (about 9 TSC cycles/byte for AES-128 here,
	 * aes-generic's tables about 6): with variable time allowed, small
	 * requests go to aes-generic (100); constant-time, the vperm drivers
	 * still rank above aes-ct64 (90), widest first (97, 96, 95). */
	.small_priority = 97,
	.ctxsize = sizeof(struct cryptarch_aes_vperm_ctx),
	.flags = CRYPTARCH_DRV_CONSTANT_TIME,
	.cpu_features = CRYPTARCH_CPU_SSE2 | CRYPTARCH_CPU_SSSE3 |
			CRYPTARCH_CPU_AVX | CRYPTARCH_CPU_AVX2 |
			CRYPTARCH_CPU_AVX512F | CRYPTARCH_CPU_AVX512BW |
			CRYPTARCH_CPU_AVX512VL,
	/* valgrind 3.19 does not execute AVX-512 (and hides it from CPUID),
	 * and qemu 7.2 has none */
	.ct = { 0, NULL,
		"neither valgrind 3.19 nor qemu 7.2 executes AVX-512" },
	.hooks = CRYPTARCH_HOOKS(
		CRYPTARCH_ECB_HOOK(aes_vperm_avx512),
		/* Serial CBC encryption (about 9 TSC cycles/byte for AES-128
		 * here) is slower than aes-generic's tables (about 5): with
		 * variable time allowed, that takes CBC encryption;
		 * constant-time, this one still ranks above aes-ct64 (90),
		 * the widest vperm driver first (97, 96, 95). Many requests run a
		 * chain per block in flight (cbc-lanes.h): constant-time and
		 * ahead of aes-generic's single stream, ranked widest first
		 * (250, 240, 230), above aes-ct64's four lanes (95), below
		 * the AES-NI drivers. */
		CRYPTARCH_CBC_HOOK_MANY(aes_vperm_avx512,
			cryptarch_aes_vperm_avx512_cbc_encrypt_many, NULL, 250,
			.op_priority = { 97, 0 }),
		CRYPTARCH_CTR_HOOK(aes_vperm_avx512),
		CRYPTARCH_XTS_HOOK(aes_vperm_avx512),
		CRYPTARCH_XCTR_HOOK(aes_vperm_avx512),
		/* The CBC-MAC chain is CBC encryption's, and ranks as it
		 * does (see above). */
		CRYPTARCH_CBCMAC_HOOKS(aes_vperm_avx512, .priority = 97)));
