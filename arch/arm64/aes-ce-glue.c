/* SPDX-License-Identifier: MIT */
/*
 * aes-ce-glue.c - the registry descriptor of driver "aes-ce": AES-128/
 * 192/256 with the ARMv8 Crypto Extensions (AESE, AESMC, AESD, AESIMC),
 * whose code is in aes-ce.c, built with -march=armv8-a+crypto. This file
 * is plain C and holds no code: the registry reaches the functions only
 * through the descriptor, after checking cpu_features (NEON and the
 * "aes" hwcap, CRYPTARCH_CPU_ARM_AES); the key-size dispatch happens in
 * aes-ce.c. Every mode has a bulk function. Constant-time: the AES
 * instructions take the same time whatever their operands, and the key
 * schedule uses AESE for SubWord (no table). Priority 300, the highest on
 * arm64. Speed and method: aes-ce.c.
 */
#include "../../src/core/cpu.h"
#include "../../src/core/registry.h"
#include "aes-ce.h"

static const struct cryptarch_bulk bulk = {
	.priority = 0, /* the alg's */
	.ecb_encrypt = cryptarch_aes_ce_ecb_encrypt,
	.ecb_decrypt = cryptarch_aes_ce_ecb_decrypt,
	.cbc_encrypt = cryptarch_aes_ce_cbc_encrypt,
	.cbc_decrypt = cryptarch_aes_ce_cbc_decrypt,
	.ctr_crypt = cryptarch_aes_ce_ctr_crypt,
	.xts_encrypt = cryptarch_aes_ce_xts_encrypt,
	.xts_decrypt = cryptarch_aes_ce_xts_decrypt,
};

const struct cryptarch_alg cryptarch_aes_ce_alg = {
	.name = "aes",
	.driver = "aes-ce",
	.priority = 300, /* above aes-neonbs (250) and aes-arm64 (200) */
	.blocksize = 16,
	.min_keysize = 16,
	.max_keysize = 32,
	.ctxsize = sizeof(struct cryptarch_aes_ce_ctx),
	.flags = CRYPTARCH_ALG_CONSTANT_TIME,
	.cpu_features = CRYPTARCH_CPU_NEON | CRYPTARCH_CPU_ARM_AES,
	.setkey = cryptarch_aes_ce_setkey,
	.encrypt = cryptarch_aes_ce_encrypt,
	.decrypt = cryptarch_aes_ce_decrypt,
	.bulk = &bulk,
};
