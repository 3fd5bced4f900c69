/* SPDX-License-Identifier: MIT */
/*
 * twofish-avx2-glue.c - the registry descriptor of driver "twofish-avx2":
 * Twofish on 16 blocks at once with AVX2 for ECB, CBC decryption, CTR and
 * XTS (twofish-avx2.c, built with AVX2; this file is plain C, so that
 * nothing here runs an instruction the CPU may lack). The key schedule
 * and the context are twofish-generic's; the single-block functions, CBC
 * encryption (serial) and the last NBLOCKS % 8 blocks of every bulk call
 * are twofish-x86_64's assembly (the build ties the two drivers).
 * Not constant-time: table lookups indexed by key-dependent data. Needs
 * AVX, AVX2 and BMI2 (BMI1's bextr too, which comes with BMI2); x86_64.
 * Speed: Twofish-128 CTR, 8192-byte requests, 3.1 cycles/byte against
 * 4.4 for libgcrypt 1.10's 3-way assembly (its AVX2 Twofish is off on AMD,
 * which it flags as slow at gathers); ECB 3.0, CBC decryption 3.1, XTS
 * 3.4 (`bench/peers --alg twofish --config hw --sizes 16,256,8192`, best
 * of 3; `cryptarch speed --driver ctr-twofish-avx2`), gcc 12 -O2, AMD
 * EPYC (Zen 5), TSC cycles, 2026-11-30.
 */
#include <stddef.h>
#include <stdint.h>

#include "../../src/core/cpu.h"
#include "../../src/core/registry.h"
#include "../../src/twofish/twofish-generic.h"
#include "twofish-avx2.h"

/* The scalar bulk functions, for what the vector code leaves over. */
extern const struct cryptarch_alg cryptarch_twofish_x86_64_alg;
#define SCALAR (cryptarch_twofish_x86_64_alg.bulk)

/* One block: twofish-x86_64's. */
static void one_encrypt(const void *ctx, uint8_t *dst, const uint8_t *src)
{
	cryptarch_twofish_x86_64_alg.encrypt(ctx, dst, src);
}

static void one_decrypt(const void *ctx, uint8_t *dst, const uint8_t *src)
{
	cryptarch_twofish_x86_64_alg.decrypt(ctx, dst, src);
}

/* Blocks the vector code takes: whole groups of 8 (of 16, then 8). */
static size_t vec_blocks(size_t nblocks)
{
	return nblocks & ~(size_t)7;
}

static void avx2_ecb_encrypt(const void *ctx, uint8_t *dst, const uint8_t *src,
			     size_t nblocks)
{
	size_t n = vec_blocks(nblocks);

	if (n)
		cryptarch_twofish_avx2_ecb_encrypt(ctx, dst, src, n);
	if (nblocks > n)
		SCALAR->ecb_encrypt(ctx, dst + 16 * n, src + 16 * n,
				     nblocks - n);
}

static void avx2_ecb_decrypt(const void *ctx, uint8_t *dst, const uint8_t *src,
			     size_t nblocks)
{
	size_t n = vec_blocks(nblocks);

	if (n)
		cryptarch_twofish_avx2_ecb_decrypt(ctx, dst, src, n);
	if (nblocks > n)
		SCALAR->ecb_decrypt(ctx, dst + 16 * n, src + 16 * n,
				     nblocks - n);
}

/* Serial: each block needs the previous ciphertext. */
static void avx2_cbc_encrypt(const void *ctx, uint8_t *dst, const uint8_t *src,
			     size_t nblocks, uint8_t iv[16])
{
	SCALAR->cbc_encrypt(ctx, dst, src, nblocks, iv);
}

static void avx2_cbc_decrypt(const void *ctx, uint8_t *dst, const uint8_t *src,
			     size_t nblocks, uint8_t iv[16])
{
	size_t n = vec_blocks(nblocks);

	if (n)
		cryptarch_twofish_avx2_cbc_decrypt(ctx, dst, src, n, iv);
	if (nblocks > n)
		SCALAR->cbc_decrypt(ctx, dst + 16 * n, src + 16 * n,
				     nblocks - n, iv);
}

static void avx2_ctr_crypt(const void *ctx, uint8_t *dst, const uint8_t *src,
			   size_t nblocks, uint8_t ctr[16])
{
	size_t n = vec_blocks(nblocks);

	if (n)
		cryptarch_twofish_avx2_ctr_crypt(ctx, dst, src, n, ctr);
	if (nblocks > n)
		SCALAR->ctr_crypt(ctx, dst + 16 * n, src + 16 * n, nblocks - n,
				   ctr);
}

static void avx2_xts_encrypt(const void *ctx, uint8_t *dst, const uint8_t *src,
			     size_t nblocks, uint8_t tweak[16])
{
	size_t n = vec_blocks(nblocks);

	if (n)
		cryptarch_twofish_avx2_xts_encrypt(ctx, dst, src, n, tweak);
	if (nblocks > n)
		SCALAR->xts_encrypt(ctx, dst + 16 * n, src + 16 * n,
				     nblocks - n, tweak);
}

static void avx2_xts_decrypt(const void *ctx, uint8_t *dst, const uint8_t *src,
			     size_t nblocks, uint8_t tweak[16])
{
	size_t n = vec_blocks(nblocks);

	if (n)
		cryptarch_twofish_avx2_xts_decrypt(ctx, dst, src, n, tweak);
	if (nblocks > n)
		SCALAR->xts_decrypt(ctx, dst + 16 * n, src + 16 * n,
				     nblocks - n, tweak);
}

static const struct cryptarch_bulk twofish_avx2_bulk = {
	.priority = 300,
	.ecb_encrypt = avx2_ecb_encrypt,
	.ecb_decrypt = avx2_ecb_decrypt,
	.cbc_encrypt = avx2_cbc_encrypt,
	.cbc_decrypt = avx2_cbc_decrypt,
	.ctr_crypt = avx2_ctr_crypt,
	.xts_encrypt = avx2_xts_encrypt,
	.xts_decrypt = avx2_xts_decrypt,
};

const struct cryptarch_alg cryptarch_twofish_avx2_alg = {
	.name = "twofish",
	.driver = "twofish-avx2",
	.priority = 300,
	.blocksize = 16,
	.min_keysize = 16,
	.max_keysize = 32,
	.ctxsize = sizeof(struct cryptarch_twofish_ctx),
	.flags = 0, /* table lookups: not constant-time */
	.cpu_features = CRYPTARCH_CPU_AVX | CRYPTARCH_CPU_AVX2 |
			CRYPTARCH_CPU_BMI2,
	.setkey = cryptarch_twofish_generic_setkey,
	.encrypt = one_encrypt,
	.decrypt = one_decrypt,
	.bulk = &twofish_avx2_bulk,
};
