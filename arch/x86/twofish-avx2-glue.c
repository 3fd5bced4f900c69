/* SPDX-License-Identifier: MIT */
/*
 * twofish-avx2-glue.c - the registry descriptor of driver "twofish-avx2":
 * Twofish on 16 blocks at once with AVX2 for ECB, CBC decryption, CTR and
 * XTS (twofish-avx2.c, built with AVX2; this file is plain C, so that
 * nothing here runs an instruction the CPU may lack), and 16 independent
 * CBC encryptions at once through the same ECB code (encrypt_many). The
 * key schedule and the context are twofish-generic's; the single-block
 * functions, CBC encryption (serial) and the last NBLOCKS % 8 blocks of
 * every hook call are twofish-x86_64's assembly (twofish-x86_64.h; the
 * build ties the two drivers: NEEDS in src/registry.cmake).
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

#include "../../src/core/desc.h"
#include "../../src/modes/cbc-lanes.h"
#include "../../src/modes/cbc.h"
#include "../../src/modes/ctr.h"
#include "../../src/modes/ecb.h"
#include "../../src/modes/xts.h"
#include "../../src/twofish/twofish-generic.h"
#include "../../src/twofish/twofish.h"
#include "twofish-avx2.h"
#include "twofish-x86_64.h"

/* The key schedule: twofish-generic's. */
static int cryptarch_twofish_avx2_setkey(void *ctx, const uint8_t *key,
					 size_t keylen)
{
	return cryptarch_twofish_generic_setkey(ctx, key, keylen);
}

/* One block: twofish-x86_64's. */
static void cryptarch_twofish_avx2_encrypt(const void *ctx, uint8_t *dst,
					   const uint8_t *src)
{
	cryptarch_twofish_x86_64_encrypt(ctx, dst, src);
}

static void cryptarch_twofish_avx2_decrypt(const void *ctx, uint8_t *dst,
					   const uint8_t *src)
{
	cryptarch_twofish_x86_64_decrypt(ctx, dst, src);
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
		cryptarch_twofish_x86_64_ecb_encrypt(ctx, dst + 16 * n,
						     src + 16 * n, nblocks - n);
}

static void avx2_ecb_decrypt(const void *ctx, uint8_t *dst, const uint8_t *src,
			     size_t nblocks)
{
	size_t n = vec_blocks(nblocks);

	if (n)
		cryptarch_twofish_avx2_ecb_decrypt(ctx, dst, src, n);
	if (nblocks > n)
		cryptarch_twofish_x86_64_ecb_decrypt(ctx, dst + 16 * n,
						     src + 16 * n, nblocks - n);
}

/* Serial: each block needs the previous ciphertext. */
static void avx2_cbc_encrypt(const void *ctx, uint8_t *dst, const uint8_t *src,
			     size_t nblocks, uint8_t iv[16])
{
	cryptarch_twofish_x86_64_cbc_encrypt(ctx, dst, src, nblocks, iv);
}

/* Many CBC encryptions (cbc-lanes.h): one chain per lane, the K lanes'
 * blocks through the ECB path at each step (16 and 8 in the vector code,
 * the rest scalar); once fewer than 8 chains are left, the serial code. */
static void avx2_cbc_lanes(const void *ctx, uint8_t *buf, unsigned int k)
{
	avx2_ecb_encrypt(ctx, buf, buf, k);
}

static void avx2_cbc_encrypt_many(const void *ctx,
				  const struct cryptarch_request *req, size_t n)
{
	cryptarch_cbc_lanes_encrypt(ctx, req, n, 16, 8, avx2_cbc_lanes,
				    avx2_cbc_encrypt);
}

static void avx2_cbc_decrypt(const void *ctx, uint8_t *dst, const uint8_t *src,
			     size_t nblocks, uint8_t iv[16])
{
	size_t n = vec_blocks(nblocks);

	if (n)
		cryptarch_twofish_avx2_cbc_decrypt(ctx, dst, src, n, iv);
	if (nblocks > n)
		cryptarch_twofish_x86_64_cbc_decrypt(
			ctx, dst + 16 * n, src + 16 * n, nblocks - n, iv);
}

static void avx2_ctr_crypt(const void *ctx, uint8_t *dst, const uint8_t *src,
			   size_t nblocks, uint8_t ctr[16])
{
	size_t n = vec_blocks(nblocks);

	if (n)
		cryptarch_twofish_avx2_ctr_crypt(ctx, dst, src, n, ctr);
	if (nblocks > n)
		cryptarch_twofish_x86_64_ctr_crypt(
			ctx, dst + 16 * n, src + 16 * n, nblocks - n, ctr);
}

static void avx2_xts_encrypt(const void *ctx, uint8_t *dst, const uint8_t *src,
			     size_t nblocks, uint8_t tweak[16])
{
	size_t n = vec_blocks(nblocks);

	if (n)
		cryptarch_twofish_avx2_xts_encrypt(ctx, dst, src, n, tweak);
	if (nblocks > n)
		cryptarch_twofish_x86_64_xts_encrypt(
			ctx, dst + 16 * n, src + 16 * n, nblocks - n, tweak);
}

static void avx2_xts_decrypt(const void *ctx, uint8_t *dst, const uint8_t *src,
			     size_t nblocks, uint8_t tweak[16])
{
	size_t n = vec_blocks(nblocks);

	if (n)
		cryptarch_twofish_avx2_xts_decrypt(ctx, dst, src, n, tweak);
	if (nblocks > n)
		cryptarch_twofish_x86_64_xts_decrypt(
			ctx, dst + 16 * n, src + 16 * n, nblocks - n, tweak);
}

CRYPTARCH_DRIVER(twofish_avx2,
	.name = "twofish-avx2",
	.alg = &cryptarch_twofish,
	.summary = "16 blocks transposed into ymm words, "
		    "whitening/PHT/rotates in vector code, the key-dependent "
		    "lookups scalar; ECB, CBC decryption, CTR, XTS; single "
		    "blocks and CBC encryption are twofish-x86_64's",
	.priority = 300,
	.ctxsize = sizeof(struct cryptarch_twofish_ctx),
	.cpu_features = CRYPTARCH_CPU_AVX | CRYPTARCH_CPU_AVX2 |
			CRYPTARCH_CPU_BMI2,
	/* the vector code's names are taken (twofish-avx2.h) */
	.hooks = CRYPTARCH_HOOKS(
		CRYPTARCH_ECB_HOOK_FNS(avx2_ecb_encrypt, avx2_ecb_decrypt,
				       .priority = 300),
		CRYPTARCH_CBC_HOOK_MANY_FNS(avx2_cbc_encrypt, avx2_cbc_decrypt,
					    avx2_cbc_encrypt_many, NULL, 350,
					    .priority = 300),
		CRYPTARCH_CTR_HOOK_FNS(avx2_ctr_crypt, .priority = 300),
		CRYPTARCH_XTS_HOOK_FNS(avx2_xts_encrypt, avx2_xts_decrypt,
				       .priority = 300)));
