/* SPDX-License-Identifier: MIT */
/*
 * ghash-ce-glue.c - the registry descriptor of driver "ghash-ce": GHASH
 * with the 64 x 64-bit carry-less multiply of the ARMv8 Crypto Extensions
 * (PMULL/PMULL2), whose code is in ghash-ce.c, built with
 * -march=armv8-a+crypto. This file is plain C and holds no code: the
 * registry reaches the functions only through the descriptor, after
 * checking cpu_features (NEON and the "pmull" hwcap, CRYPTARCH_CPU_PMULL);
 * the shash operations are ghash.c's. Constant-time: PMULL takes the same
 * time whatever its operands, and there is no table and no data-dependent
 * branch. Priority 300, above ghash-neon (150) and ghash-generic (100).
 * Method and speed: ghash-ce.c.
 */
#include "../../src/core/desc.h"
#include "../../src/ghash/ghash.h"
#include "ghash-ce.h"

CRYPTARCH_DRIVER_GHASH(ghash_ce,
	.name = "ghash-ce",
	.summary = "ARMv8 Crypto Extensions PMULL/PMULL2, Karatsuba, one "
		    "reduction per 8 blocks over H^8..H^1, keys in registers",
	.priority = 300, /* above ghash-neon (150) and ghash-generic (100) */
	.ctxsize = sizeof(struct cryptarch_ghash_ce_ctx),
	.flags = CRYPTARCH_DRV_CONSTANT_TIME,
	.cpu_features = CRYPTARCH_CPU_NEON | CRYPTARCH_CPU_PMULL,
	/* traced in the aarch64 cross build: every qemu-aarch64 -cpu model
	 * that the tests run has PMULL */
	.ct = { CRYPTARCH_CT_QEMU_TRACE, "aarch64", NULL });
