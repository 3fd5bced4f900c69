/* SPDX-License-Identifier: MIT */
/*
 * twofish-x86_64-glue.c - the C side of driver "twofish-x86_64" (Twofish
 * in x86_64 assembly, twofish-x86_64.S): its descriptor, whose key
 * schedule is twofish-generic's (the assembly reads the same struct
 * cryptarch_twofish_ctx), and whose single-block and hook functions are
 * the assembly entry points themselves (declared in twofish-x86_64.h). The
 * assembly runs four blocks at once for ECB, CBC decryption, CTR and XTS,
 * and one at a time for CBC encryption and single blocks. Not
 * constant-time: table lookups indexed by key-dependent data (cache
 * timing). No CPU feature beyond x86_64.
 * Speed: Twofish-128 over 8192-byte requests, 3.45 cycles/byte (TSC) in
 * ECB, 3.44 in CBC decryption, 3.50 in CTR and XTS, 8.0 in CBC encryption,
 * against libgcrypt 1.10.1's 7.64, 4.41, 4.34, 8.23 and 9.08 in the same
 * run, `bench/peers --alg twofish --config hw --sizes 16,8192 --sec 0.2
 * --all` (best of three), gcc 12.2 -O2, AMD EPYC (Zen 5), 2026-11-30;
 * the other figures are in README.md.
 */
#include <stddef.h>
#include <stdint.h>

#include "../../src/core/desc.h"
#include "../../src/modes/cbc.h"
#include "../../src/modes/ctr.h"
#include "../../src/modes/ecb.h"
#include "../../src/modes/xts.h"
#include "../../src/twofish/twofish-generic.h"
#include "../../src/twofish/twofish.h"
#include "twofish-x86_64.h"

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

/* The key schedule is twofish-generic's (the assembly reads its context). */
static int cryptarch_twofish_x86_64_setkey(void *ctx, const uint8_t *key,
					   size_t keylen)
{
	return cryptarch_twofish_generic_setkey(ctx, key, keylen);
}

CRYPTARCH_DRIVER(twofish_x86_64,
	.name = "twofish-x86_64",
	.alg = &cryptarch_twofish,
	.summary = "x86_64 assembly, byte indices from the al/ah registers, "
		    "four blocks in flight for ECB, CBC decryption, CTR and "
		    "XTS; twofish-generic's key schedule",
	.priority = 200,
	.ctxsize = sizeof(struct cryptarch_twofish_ctx),
	.cpu_features = 0, /* baseline x86_64 */
	.hooks = CRYPTARCH_HOOKS(CRYPTARCH_ECB_HOOK(twofish_x86_64),
				 CRYPTARCH_CBC_HOOK(twofish_x86_64),
				 CRYPTARCH_CTR_HOOK(twofish_x86_64),
				 CRYPTARCH_XTS_HOOK(twofish_x86_64)));
