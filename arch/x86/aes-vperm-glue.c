/* SPDX-License-Identifier: MIT */
/*
 * aes-vperm-glue.c - the descriptor of driver "aes-vperm": constant-time
 * AES-128/192/256 for x86 CPUs without AES-NI, by SSSE3 vector permutes
 * (Hamburg, CHES 2009; the code is aes-vperm.c over aes-vperm-core.h, the
 * tables aes-vperm-tables.h from aes-vperm-gen.c). Every mode has a bulk
 * function: ECB, CBC decryption, CTR and XTS with four blocks in flight,
 * CBC encryption one block at a time. Constant-time: no branch and no
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

#include "../../src/core/cpu.h"
#include "../../src/core/memzero.h"
#include "../../src/core/registry.h"
#include "aes-vperm.h"

/* see registry.h (struct cryptarch_alg.setkey) */
static int setkey(void *ctx, const uint8_t *key, size_t keylen)
{
	if (keylen != 16 && keylen != 24 && keylen != 32)
		return -EINVAL;
	cryptarch_memzero(ctx, sizeof(struct cryptarch_aes_vperm_ctx));
	cryptarch_aes_vperm_expand(ctx, key, keylen);
	return 0;
}

static const struct cryptarch_bulk bulk = {
	.priority = 0,
	/* Serial CBC encryption (about 9 TSC cycles/byte for AES-128 here)
	 * is slower than aes-generic's tables (about 5): with variable time
	 * allowed, that takes CBC encryption; constant-time, this one still
	 * ranks above aes-ct64 (90). */
	.cbc_encrypt_priority = 95,
	.ecb_encrypt = cryptarch_aes_vperm_ecb_encrypt,
	.ecb_decrypt = cryptarch_aes_vperm_ecb_decrypt,
	.cbc_encrypt = cryptarch_aes_vperm_cbc_encrypt,
	.cbc_decrypt = cryptarch_aes_vperm_cbc_decrypt,
	.ctr_crypt = cryptarch_aes_vperm_ctr_crypt,
	.xts_encrypt = cryptarch_aes_vperm_xts_encrypt,
	.xts_decrypt = cryptarch_aes_vperm_xts_decrypt,
};

const struct cryptarch_alg cryptarch_aes_vperm_alg = {
	.name = "aes",
	.driver = "aes-vperm",
	.priority = 150,
	.blocksize = 16,
	.min_keysize = 16,
	.max_keysize = 32,
	.ctxsize = sizeof(struct cryptarch_aes_vperm_ctx),
	.flags = CRYPTARCH_ALG_CONSTANT_TIME,
	.cpu_features = CRYPTARCH_CPU_SSE2 | CRYPTARCH_CPU_SSSE3,
	.setkey = setkey,
	.encrypt = cryptarch_aes_vperm_encrypt,
	.decrypt = cryptarch_aes_vperm_decrypt,
	.bulk = &bulk,
};
