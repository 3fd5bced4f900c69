/* SPDX-License-Identifier: MIT */
/*
 * aes-aesni-glue.c - the registry descriptor of driver "aes-aesni": AES
 * with the AES-NI instructions on xmm registers (the code is aes-aesni.c,
 * built with the AES-NI instruction set; this file is plain C, so that
 * nothing here runs an instruction the CPU may lack). Every mode has a
 * hook: ECB, CBC decryption, CTR and XTS with 8 blocks in
 * flight, CBC encryption serial with the round keys in registers.
 * Constant-time (hardware AES rounds, no secret-dependent branch or index,
 * key expansion included). Needs AES-NI, SSE2, SSSE3 and SSE4.1; i686 and
 * x86_64. Speed: AES-128, 8192-byte requests, CTR 0.22 and CBC encryption
 * 1.46 cycles/byte (10 AESENC latencies per block) (`cryptarch speed
 * --driver ctr-aes-aesni,cbc-aes-aesni --sizes 8192 --keys 128`, gcc 12
 * -O2, TSC cycles at 2.10 GHz) on AMD EPYC (Zen 5), 2026-11-30.
 */
#include <stddef.h>
#include <stdint.h>

#include "../../src/aes/aes.h"
#include "../../src/core/desc.h"
#include "../../src/modes/cbc.h"
#include "../../src/modes/ctr.h"
#include "../../src/modes/ecb.h"
#include "../../src/modes/xts.h"
#include "aes-aesni.h"

CRYPTARCH_DRIVER(aes_aesni,
	.name = "aes-aesni",
	.alg = &cryptarch_aes,
	.summary = "AES-NI: 8 blocks in flight for ECB, CBC decryption, CTR "
		    "and XTS; CBC encryption with every round key in "
		    "registers and the next block folded into the last round "
		    "key (the chain is exactly the AESENC latency)",
	.priority = 300,
	.ctxsize = sizeof(struct cryptarch_aes_aesni_ctx),
	.flags = CRYPTARCH_DRV_CONSTANT_TIME,
	.cpu_features = CRYPTARCH_CPU_AESNI | CRYPTARCH_CPU_SSE2 |
			CRYPTARCH_CPU_SSSE3 | CRYPTARCH_CPU_SSE41,
	.ct = { CRYPTARCH_CT_VALGRIND, NULL, NULL },
	.hooks = CRYPTARCH_HOOKS(CRYPTARCH_ECB_HOOK(aes_aesni),
				 CRYPTARCH_CBC_HOOK(aes_aesni),
				 CRYPTARCH_CTR_HOOK(aes_aesni),
				 CRYPTARCH_XTS_HOOK(aes_aesni)));
