/* SPDX-License-Identifier: MIT */
/*
 * aes-arm64.c - the C glue of driver "aes-arm64" (AArch64 scalar assembly
 * in aes-arm64.S: T-table AES with one round table per direction and
 * rotates, byte S-boxes for the last round): the registry descriptor, the
 * key schedule (aes-generic's, so the context is struct
 * cryptarch_aes_generic_ctx) and the single-block and hook functions,
 * which hand the round-key array and the round count to the assembly, so
 * that it needs no structure offsets. Every mode has a hook
 * (ECB, CBC both ways, CTR, XTS both ways, and the CBC-MAC chain of cmac,
 * xcbc and cbcmac), each one loop in assembly around the block function. NOT constant-time (key- and data-dependent
 * table indices). Needs only the base AArch64 instruction set
 * (cpu_features 0). Speed: an AES-128 "ecb-aes-arm64" request of 8192
 * bytes executes 31.25 instructions per byte in the driver (aes-generic:
 * 39.75), counted with the insncount plugin under qemu-aarch64 7.2 on a
 * gcc 12.2 -O2 -static build, 2026-11-30.
 */
#include <stddef.h>
#include <stdint.h>

#include "../../src/aes/aes-generic.h"
#include "../../src/aes/aes.h"
#include "../../src/core/desc.h"
#include "../../src/modes/cbc.h"
#include "../../src/modes/cbcmac.h"
#include "../../src/modes/ctr.h"
#include "../../src/modes/ecb.h"
#include "../../src/modes/xts.h"

/*
 * The assembly (aes-arm64.S). RK is the ek array for encryption (and CTR)
 * and the dk array for decryption, ROUNDS 10, 12 or 14; NBLOCKS whole
 * blocks (0 does nothing) from SRC to DST, which may be equal and need no
 * alignment. The last argument of the mode functions is the in/out value
 * of the hooks (struct cryptarch_<mode>_hooks in src/modes/<mode>.h): the
 * CBC chaining value, the CTR counter, the XTS tweak.
 */
void cryptarch_aes_arm64_ecb_encrypt(const uint32_t *rk, uint8_t *dst,
				     const uint8_t *src, size_t nblocks,
				     unsigned int rounds);
void cryptarch_aes_arm64_ecb_decrypt(const uint32_t *rk, uint8_t *dst,
				     const uint8_t *src, size_t nblocks,
				     unsigned int rounds);
void cryptarch_aes_arm64_cbc_encrypt(const uint32_t *rk, uint8_t *dst,
				     const uint8_t *src, size_t nblocks,
				     unsigned int rounds, uint8_t iv[16]);
/* The CBC-MAC chain (struct cryptarch_cbcmac_hooks in src/modes/cbcmac.h):
 * X = E(X xor B) for each of the NBLOCKS blocks B of SRC, RK the ek array. */
void cryptarch_aes_arm64_cbcmac(const uint32_t *rk, uint8_t x[16],
				const uint8_t *src, size_t nblocks,
				unsigned int rounds);
void cryptarch_aes_arm64_cbc_decrypt(const uint32_t *rk, uint8_t *dst,
				     const uint8_t *src, size_t nblocks,
				     unsigned int rounds, uint8_t iv[16]);
void cryptarch_aes_arm64_ctr_crypt(const uint32_t *rk, uint8_t *dst,
				   const uint8_t *src, size_t nblocks,
				   unsigned int rounds, uint8_t ctr[16]);
void cryptarch_aes_arm64_xts_encrypt(const uint32_t *rk, uint8_t *dst,
				     const uint8_t *src, size_t nblocks,
				     unsigned int rounds, uint8_t tweak[16]);
void cryptarch_aes_arm64_xts_decrypt(const uint32_t *rk, uint8_t *dst,
				     const uint8_t *src, size_t nblocks,
				     unsigned int rounds, uint8_t tweak[16]);

/*
 * The assembly unrolls the rounds of AES-256 and reads round i at byte
 * 16 * i of the array handed to it (aes-generic.h: both arrays hold the
 * round keys in the order they are used).
 */
_Static_assert(CRYPTARCH_AES_MAX_ROUNDS == 14, "aes-arm64 unrolls 14 rounds");
_Static_assert(sizeof(((struct cryptarch_aes_generic_ctx *)0)->ek) ==
		       16 * (CRYPTARCH_AES_MAX_ROUNDS + 1),
	       "aes-arm64 round-key array");
_Static_assert(sizeof(((struct cryptarch_aes_generic_ctx *)0)->dk) ==
		       16 * (CRYPTARCH_AES_MAX_ROUNDS + 1),
	       "aes-arm64 round-key array");

static int cryptarch_aes_arm64_setkey(void *ctx, const uint8_t *key,
				      size_t keylen)
{
	return cryptarch_aes_generic_expandkey(ctx, key, keylen);
}

static void cryptarch_aes_arm64_encrypt(const void *ctx, uint8_t *dst,
					const uint8_t *src)
{
	const struct cryptarch_aes_generic_ctx *c = ctx;

	cryptarch_aes_arm64_ecb_encrypt(c->ek, dst, src, 1, c->rounds);
}

static void cryptarch_aes_arm64_decrypt(const void *ctx, uint8_t *dst,
					const uint8_t *src)
{
	const struct cryptarch_aes_generic_ctx *c = ctx;

	cryptarch_aes_arm64_ecb_decrypt(c->dk, dst, src, 1, c->rounds);
}

static void ecb_encrypt(const void *ctx, uint8_t *dst, const uint8_t *src,
			size_t nblocks)
{
	const struct cryptarch_aes_generic_ctx *c = ctx;

	cryptarch_aes_arm64_ecb_encrypt(c->ek, dst, src, nblocks, c->rounds);
}

static void ecb_decrypt(const void *ctx, uint8_t *dst, const uint8_t *src,
			size_t nblocks)
{
	const struct cryptarch_aes_generic_ctx *c = ctx;

	cryptarch_aes_arm64_ecb_decrypt(c->dk, dst, src, nblocks, c->rounds);
}

static void cbc_encrypt(const void *ctx, uint8_t *dst, const uint8_t *src,
			size_t nblocks, uint8_t iv[16])
{
	const struct cryptarch_aes_generic_ctx *c = ctx;

	cryptarch_aes_arm64_cbc_encrypt(c->ek, dst, src, nblocks, c->rounds,
					iv);
}

static void cbcmac(const void *ctx, uint8_t x[16], const uint8_t *src,
		   size_t nblocks)
{
	const struct cryptarch_aes_generic_ctx *c = ctx;

	cryptarch_aes_arm64_cbcmac(c->ek, x, src, nblocks, c->rounds);
}

static void cbc_decrypt(const void *ctx, uint8_t *dst, const uint8_t *src,
			size_t nblocks, uint8_t iv[16])
{
	const struct cryptarch_aes_generic_ctx *c = ctx;

	cryptarch_aes_arm64_cbc_decrypt(c->dk, dst, src, nblocks, c->rounds,
					iv);
}

static void ctr_crypt(const void *ctx, uint8_t *dst, const uint8_t *src,
		      size_t nblocks, uint8_t ctr[16])
{
	const struct cryptarch_aes_generic_ctx *c = ctx;

	cryptarch_aes_arm64_ctr_crypt(c->ek, dst, src, nblocks, c->rounds, ctr);
}

static void xts_encrypt(const void *ctx, uint8_t *dst, const uint8_t *src,
			size_t nblocks, uint8_t tweak[16])
{
	const struct cryptarch_aes_generic_ctx *c = ctx;

	cryptarch_aes_arm64_xts_encrypt(c->ek, dst, src, nblocks, c->rounds,
					tweak);
}

static void xts_decrypt(const void *ctx, uint8_t *dst, const uint8_t *src,
			size_t nblocks, uint8_t tweak[16])
{
	const struct cryptarch_aes_generic_ctx *c = ctx;

	cryptarch_aes_arm64_xts_decrypt(c->dk, dst, src, nblocks, c->rounds,
					tweak);
}

CRYPTARCH_DRIVER(aes_arm64,
	.name = "aes-arm64",
	.alg = &cryptarch_aes,
	.summary = "AArch64 assembly on one 1 KB round table per direction "
		    "(the other columns by rotates folded into the XORs) and "
		    "the byte S-boxes for the last round: 2.5 KB of tables "
		    "instead of 16 KB; hooks for ECB, CBC, CTR, XTS and "
		    "the CBC-MAC chain",
	.priority = 200,
	.ctxsize = sizeof(struct cryptarch_aes_generic_ctx),
	.cpu_features = 0,
	/* the wrappers above; the assembly has the stem's mode names */
	.hooks = CRYPTARCH_HOOKS(
		CRYPTARCH_ECB_HOOK_FNS(ecb_encrypt, ecb_decrypt),
		CRYPTARCH_CBC_HOOK_FNS(cbc_encrypt, cbc_decrypt),
		CRYPTARCH_CTR_HOOK_FNS(ctr_crypt),
		CRYPTARCH_XTS_HOOK_FNS(xts_encrypt, xts_decrypt),
		CRYPTARCH_CBCMAC_HOOKS_FNS(cbcmac)));
