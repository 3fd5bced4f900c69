/* SPDX-License-Identifier: MIT */
/*
 * aes-ce-glue.c - the registry descriptor of driver "aes-ce": AES-128/
 * 192/256 with the ARMv8 Crypto Extensions (AESE, AESMC, AESD, AESIMC),
 * whose code is in aes-ce.c, built with -march=armv8-a+crypto. This file
 * is plain C and holds no code: the registry reaches the functions only
 * through the descriptor, after checking cpu_features (NEON and the
 * "aes" hwcap, CRYPTARCH_CPU_ARM_AES); the key-size dispatch happens in
 * aes-ce.c. Every mode has a hook (ecb, cbc, ctr, xctr, xts, the CBC-MAC
 * chain of cmac, xcbc and cbcmac), and gcm and ccm have whole-mode hooks
 * (aes-ce-gcm.h, aes-ce-ccm.h, compiled into aes-ce.c): the instances
 * gcm-aes-ce, over ghash-ce, whose context holds the powers of H the hook
 * reads (its PMULLs run only there, where the registry has checked
 * ghash-ce's CRYPTARCH_CPU_PMULL), and ccm-aes-ce. Constant-time: the AES
 * and PMULL instructions take the same time whatever their operands, and
 * the key schedule uses AESE for SubWord (no table). Priority 300, the
 * highest on arm64; the gcm and ccm hooks 350, above the template
 * instances over aes-ce's ctr and cbcmac hooks and ghash-ce (300, the
 * mean of their arguments). Speed and method: aes-ce.c.
 */
#include "../../src/aes/aes.h"
#include "../../src/core/desc.h"
#include "../../src/modes/cbc.h"
#include "../../src/modes/cbcmac.h"
#include "../../src/modes/ccm.h"
#include "../../src/modes/ctr.h"
#include "../../src/modes/ecb.h"
#include "../../src/modes/gcm.h"
#include "../../src/modes/xctr.h"
#include "../../src/modes/xts.h"
#include "aes-ce.h"

CRYPTARCH_DRIVER(aes_ce,
	.name = "aes-ce",
	.alg = &cryptarch_aes,
	.summary = "ARMv8 Crypto Extensions (AESE/AESMC/AESD/AESIMC), one "
		    "copy per key size with every round key in registers, 8 "
		    "blocks in flight (XCTR too); CBC encryption and the "
		    "CBC-MAC chain serial",
	.priority = 300, /* above aes-neonbs (250) and aes-arm64 (200) */
	.ctxsize = sizeof(struct cryptarch_aes_ce_ctx),
	.flags = CRYPTARCH_DRV_CONSTANT_TIME,
	.cpu_features = CRYPTARCH_CPU_NEON | CRYPTARCH_CPU_ARM_AES,
	/* traced in the aarch64 cross build: every qemu-aarch64 -cpu model
	 * has the Crypto Extensions */
	.ct = { CRYPTARCH_CT_QEMU_TRACE, "aarch64", NULL },
	.hooks = CRYPTARCH_HOOKS(CRYPTARCH_ECB_HOOK(aes_ce),
				 CRYPTARCH_CBC_HOOK(aes_ce),
				 CRYPTARCH_CTR_HOOK(aes_ce),
				 CRYPTARCH_XCTR_HOOK(aes_ce),
				 CRYPTARCH_XTS_HOOK(aes_ce),
				 CRYPTARCH_CBCMAC_HOOKS(aes_ce),
				 /* above gcm_base(ctr-aes-ce,ghash-ce) and
				  * ccm_base(ctr-aes-ce,cbcmac-aes-ce): 300 */
				 CRYPTARCH_GCM_HOOK(aes_ce, "ghash-ce",
						    .priority = 350),
				 CRYPTARCH_CCM_HOOK(aes_ce, .priority = 350)));
