/* SPDX-License-Identifier: MIT */
/*
 * aes-vperm-glue.c - the descriptor of driver "aes-vperm": constant-time
 * AES-128/192/256 for x86 CPUs without AES-NI, by SSSE3 vector permutes
 * (Hamburg, CHES 2009; the code is aes-vperm.c over aes-vperm-core.h, the
 * tables aes-vperm-tables.h from aes-vperm-gen.c). Every mode has a hook:
 * ECB, CBC decryption, CTR, XTS and XCTR with four blocks in flight,
 * CBC encryption and the CBC-MAC chain of cmac, xcbc and cbcmac one block
 * at a time (ranked as CBC encryption). Constant-time: no branch and no
 * memory index depends on key or data, key schedule included. Needs SSE2
 * and SSSE3; priority 150, above aes-generic (100, not constant-time) and
 * aes-ct64 (90), so it is the constant-time choice on x86 CPUs without
 * AES-NI (aes-vperm-avx2 and -avx512 outrank it where they run). This
 * file is plain C: it only validates the key length and points at the
 * SSSE3 code, which the registry calls only once the CPU features are
 * known to be present. Speed: AES-128, 8192-byte requests, 3.3 cycles/byte
 * in CTR, 3.8 in CBC decryption, 9.7 in CBC encryption (`cryptarch speed
 * --driver ctr-aes-vperm,cbc-aes-vperm --sizes 8192 --keys 128`, TSC
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
static int cryptarch_aes_vperm_setkey(void *ctx, const uint8_t *key,
				      size_t keylen)
{
	if (keylen != 16 && keylen != 24 && keylen != 32)
		return -EINVAL;
	cryptarch_memzero(ctx, sizeof(struct cryptarch_aes_vperm_ctx));
	cryptarch_aes_vperm_expand(ctx, key, keylen);
	return 0;
}

CRYPTARCH_DRIVER(aes_vperm,
	.name = "aes-vperm",
	.alg = &cryptarch_aes,
	.summary = "vector permute (Hamburg): the S-box by inversion in "
		    "GF(2^4) with PSHUFB nibble tables, 4 blocks in flight",
	.priority = 150,
	/* One block is serial (about 9 TSC cycles/byte for AES-128 here,
	 * aes-generic's tables about 6): with variable time allowed, small
	 * requests go to aes-generic (100); constant-time, the vperm drivers
	 * still rank above aes-ct64 (90), widest first (97, 96, 95). */
	.small_priority = 95,
	.ctxsize = sizeof(struct cryptarch_aes_vperm_ctx),
	.flags = CRYPTARCH_DRV_CONSTANT_TIME,
	.cpu_features = CRYPTARCH_CPU_SSE2 | CRYPTARCH_CPU_SSSE3,
	.ct = { CRYPTARCH_CT_VALGRIND, NULL, NULL },
	.hooks = CRYPTARCH_HOOKS(
		CRYPTARCH_ECB_HOOK(aes_vperm),
		/* Serial CBC encryption (about 9 TSC cycles/byte for AES-128
		 * here) is slower than aes-generic's tables (about 5): with
		 * variable time allowed, that takes CBC encryption;
		 * constant-time, this one still ranks above aes-ct64 (90),
		 * the widest vperm driver first (97, 96, 95). Many requests run a
		 * chain per block in flight (cbc-lanes.h): constant-time and
		 * ahead of aes-generic's single stream, ranked widest first
		 * (250, 240, 230), above aes-ct64's four lanes (95), below
		 * the AES-NI drivers. */
		CRYPTARCH_CBC_HOOK_MANY(aes_vperm,
			cryptarch_aes_vperm_cbc_encrypt_many, NULL, 230,
			.op_priority = { 95, 0 }),
		CRYPTARCH_CTR_HOOK(aes_vperm),
		CRYPTARCH_XTS_HOOK(aes_vperm),
		CRYPTARCH_XCTR_HOOK(aes_vperm),
		/* The CBC-MAC chain is CBC encryption's, and ranks as it
		 * does (see above). */
		CRYPTARCH_CBCMAC_HOOKS(aes_vperm, .priority = 95)));
