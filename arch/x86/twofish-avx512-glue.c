/* SPDX-License-Identifier: MIT */
/*
 * twofish-avx512-glue.c - the registry descriptor of driver
 * "twofish-avx512": constant-time Twofish with AVX-512 VBMI and GFNI
 * (twofish-avx512.c, built with those flags; this file is plain C, so that
 * nothing here runs an instruction the CPU may lack). Its own key
 * schedule and context (the four key-dependent 8-bit S-boxes, read only by
 * register permutes, and the subkeys); 32 blocks in flight for ECB, CBC
 * decryption, CTR and XTS, masked groups for the rest; one block in an xmm
 * for the single-block functions and CBC encryption.
 * Constant-time: no key- or data-dependent branch or memory index.
 * Needs AVX-512 F, BW, VL, VBMI and GFNI; x86_64.
 * Speed: Twofish-128, 8192-byte requests, TSC cycles/byte: ECB 1.05, CBC
 * decryption 1.11, CTR 1.07, XTS 1.17, against twofish-avx2's 3.16, 3.25,
 * 3.17, 3.36 and libgcrypt 1.10's 8.25, 4.65, 4.51, 8.6 (about a third of
 * the fastest table code); CBC encryption 24.2 against twofish-x86_64's
 * 8.3 (2.9x), one-block requests about 23 against 9 (`bench/peers
 * --alg twofish-128 --mode ecb,cbc-enc,cbc-dec,ctr,xts --sizes 16,8192
 * --all --config hw`), gcc 12
 * -O2, AMD EPYC (Zen 5), 2026-12-02. The one-block path with the MDS
 * output laid out for a one-shuffle PHT: 5% faster in the same process
 * (22.2 against 23.4 cycles/byte in CBC encryption), 24.0 against
 * twofish-x86_64's 8.7 in `bench/peers --alg twofish --mode all --sizes
 * 16,8192 --all --config hw` on a loaded machine. It is latency-bound:
 * a round is about 36 core cycles (22 TSC cycles; Zen 5 runs 2-cycle
 * vector ALU ops), the S-box lookup 15.6 (one VPERMI2B 5, eight at two a
 * cycle, OR tree and blend), the MDS 10 (GF2P8AFFINEQB 3, VPSHUFB 2, two
 * VPTERNLOGD), the PHT 6, XOR and rotate 4; a two-level merge by masked
 * VPMAXUB (7% slower) and two MDS outputs instead of the PHT's shuffle
 * (no faster) were measured; MDS tables at setkey would cost 24 permutes
 * a round instead of 8, more issue time than the GFNI step saves
 * (estimated). Hence the ranks: 350 (above
 * twofish-avx2's 300) for the parallel modes, 250 for CBC encryption and
 * for requests of one or two blocks, where the table code wins whenever
 * variable time is allowed.
 */
#include <stddef.h>
#include <stdint.h>

#include "../../src/core/desc.h"
#include "../../src/modes/cbc.h"
#include "../../src/modes/cbcmac.h"
#include "../../src/modes/ctr.h"
#include "../../src/modes/ecb.h"
#include "../../src/modes/xts.h"
#include "../../src/twofish/twofish.h"
#include "twofish-avx512.h"

static int cryptarch_twofish_avx512_setkey(void *ctx, const uint8_t *key,
					   size_t keylen)
{
	return cryptarch_twofish_avx512_expand(ctx, key, keylen);
}

static void cryptarch_twofish_avx512_encrypt(const void *ctx, uint8_t *dst,
					     const uint8_t *src)
{
	cryptarch_twofish_avx512_enc_block(ctx, dst, src);
}

static void cryptarch_twofish_avx512_decrypt(const void *ctx, uint8_t *dst,
					     const uint8_t *src)
{
	cryptarch_twofish_avx512_dec_block(ctx, dst, src);
}

CRYPTARCH_DRIVER(twofish_avx512,
	.name = "twofish-avx512",
	.alg = &cryptarch_twofish,
	.summary = "key-dependent 8-bit S-boxes computed at setkey and held "
		    "in 16 zmm registers, looked up by VPERMI2B; MDS by GFNI "
		    "affine products and VPSHUFB; 32 blocks in flight "
		    "(16 per transposed group) for ECB, CBC decryption, CTR, "
		    "XTS; one block in an xmm for CBC encryption",
	.priority = 350,
	/* one or two blocks: the single-block path, slower than the
	 * table code's; twofish-avx2 (300) wins them where variable time
	 * is allowed, this driver still every constant-time choice */
	.small_priority = 250,
	.ctxsize = sizeof(struct cryptarch_twofish_avx512_ctx),
	.flags = CRYPTARCH_DRV_CONSTANT_TIME,
	.cpu_features = CRYPTARCH_CPU_AVX | CRYPTARCH_CPU_AVX2 |
			CRYPTARCH_CPU_AVX512F | CRYPTARCH_CPU_AVX512BW |
			CRYPTARCH_CPU_AVX512VL | CRYPTARCH_CPU_AVX512VBMI |
			CRYPTARCH_CPU_GFNI,
	/* valgrind 3.19 does not execute AVX-512 (and hides it from CPUID),
	 * and qemu 7.2 has none */
	.ct = { 0, NULL,
		"neither valgrind 3.19 nor qemu 7.2 executes AVX-512" },
	.hooks = CRYPTARCH_HOOKS(CRYPTARCH_ECB_HOOK(twofish_avx512),
				 /* CBC encryption is serial: below
				  * cbc-twofish-avx2 (twofish-x86_64's chain,
				  * 300) where variable time is allowed */
				 /* many requests: up to 32 chains in one
				  * ECB pass (twofish-avx512-many.c) */
				 CRYPTARCH_CBC_HOOK_MANY(
					 twofish_avx512,
					 cryptarch_twofish_avx512_cbc_encrypt_many,
					 NULL, 400, .op_priority = { 250, 0 }),
				 /* cmac and xcbc of many messages on the
				  * same lanes; one chain is serial, ranked
				  * as CBC encryption */
				 CRYPTARCH_CBCMAC_HOOKS_MANY_FNS(
					 cryptarch_twofish_avx512_cbcmac,
					 cryptarch_twofish_avx512_cbcmac_many,
					 400, .priority = 250),
				 CRYPTARCH_CTR_HOOK(twofish_avx512),
				 CRYPTARCH_XTS_HOOK(twofish_avx512)));
