/* SPDX-License-Identifier: MIT */
/*
 * aes-aesni-glue.c - the registry descriptor of driver "aes-aesni": AES
 * with the AES-NI instructions on xmm registers (the code is aes-aesni.c,
 * built with the AES-NI instruction set; this file is plain C, so that
 * nothing here runs an instruction the CPU may lack). Every mode has a
 * hook: ECB, CBC decryption, CTR, XTS and XCTR with 8 blocks in
 * flight; CBC encryption and the CBC-MAC chain of cmac, xcbc and cbcmac
 * serial with the round keys in registers; CCM's payload with the chain
 * and the counter blocks interleaved (aes-aesni-ccm.c); GCM's whole
 * request with the CTR rounds and PCLMULQDQ's GHASH stitched, 8 blocks a
 * group (aes-aesni-gcm.c: instance gcm-aes-aesni over ghash-pclmul's
 * powers of H, ranked 400, above every gcm_base instance over AES-NI or
 * VAES-256 CTR).
 * Constant-time (hardware AES rounds, no secret-dependent branch or index,
 * key expansion included). Needs AES-NI, SSE2, SSSE3 and SSE4.1; i686 and
 * x86_64. Speed: AES-128, 8192-byte requests, CTR 0.22 and CBC encryption
 * 1.46 cycles/byte (10 AESENC latencies per block) (`cryptarch speed
 * --driver ctr-aes-aesni,cbc-aes-aesni --sizes 8192 --keys 128`, gcc 12
 * -O2, TSC cycles at 2.10 GHz) on AMD EPYC (Zen 5), 2026-11-30. 4096-byte
 * requests, one interleaved run (best of 20): XCTR 0.19 against CTR
 * 0.22, CMAC 1.45 against CBC encryption 1.44 (the same chain), CMAC of
 * 64-byte messages 2.06 (digest calls), 2026-12-02. GCM (gcm-aes-aesni,
 * AES-128, 12-byte nonce, 8 bytes of associated data): encryption 4.78,
 * 1.77, 0.42 and 0.35 cycles/byte at 16, 64, 1420 and 8192 bytes against
 * 10.68, 2.83, 0.66 and 0.49 for gcm_base(ctr-aes-aesni,ghash-pclmul)
 * (`cryptarch speed --alg 'gcm(aes)' --driver gcm-aes-aesni,... --keys
 * 128`), 2026-12-02: PCLMULQDQ issues every other cycle, three a block.
 */
#include <stddef.h>
#include <stdint.h>

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
#include "aes-aesni.h"
#include "aes-x86-many.h"

/*
 * The CBC-MAC chain (cmac, xcbc, cbcmac) is serial, so the VAES drivers,
 * whose strength is many blocks in flight, have nothing faster: their
 * instances of these templates are the templates' loops over these same
 * single blocks (cmac(aes-vaes-avx512) at their priority, 400), which
 * pass the chaining value through memory and load the round keys for
 * every block. The hooked instances here rank above them, as CBC
 * encryption, which the VAES drivers borrow from this driver, ranks at
 * theirs.
 */

CRYPTARCH_DRIVER(aes_aesni,
	.name = "aes-aesni",
	.alg = &cryptarch_aes,
	.summary = "AES-NI: 8 blocks in flight for ECB, CBC decryption, CTR, "
		    "XCTR and XTS; CBC encryption and the CBC-MAC chain "
		    "(cmac, xcbc, cbcmac) with every round key in registers "
		    "and the next block folded into the last round key (the "
		    "chain is exactly the AESENC latency)",
	.priority = 300,
	.ctxsize = sizeof(struct cryptarch_aes_aesni_ctx),
	.flags = CRYPTARCH_DRV_CONSTANT_TIME,
	.cpu_features = CRYPTARCH_CPU_AESNI | CRYPTARCH_CPU_SSE2 |
			CRYPTARCH_CPU_SSSE3 | CRYPTARCH_CPU_SSE41,
	.ct = { CRYPTARCH_CT_VALGRIND, NULL, NULL },
	.hooks = CRYPTARCH_HOOKS(CRYPTARCH_ECB_HOOK(aes_aesni),
				 CRYPTARCH_CBC_HOOK_MANY(aes_aesni,
					cryptarch_aes_aesni_cbc_encrypt_many,
					NULL, 320),
				 CRYPTARCH_CTR_HOOK(aes_aesni),
				 CRYPTARCH_XTS_HOOK(aes_aesni),
				 CRYPTARCH_XCTR_HOOK(aes_aesni),
				 CRYPTARCH_CBCMAC_HOOKS_MANY(
					 aes_aesni,
					 cryptarch_aes_aesni_cbcmac_many, 320,
					 .priority = 410),
				 CRYPTARCH_CCM_HOOK(aes_aesni, .priority = 500),
				 CRYPTARCH_GCM_HOOK(aes_aesni, "ghash-pclmul",
						    .priority = 400)));
