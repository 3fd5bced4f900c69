/* SPDX-License-Identifier: MIT */
/*
 * twofish-mips.c - the C side of driver "twofish-mips" (Twofish in MIPS
 * assembly, twofish-mips.S): its descriptor, the key schedule, which is
 * twofish-generic's, and thin wrappers that hand the assembly the table and
 * subkey pointers. On release 2 the assembly drops data bytes into the
 * index field of the table pointer with ins, which needs the four tables
 * on a 1024-byte boundary: the context is one struct cryptarch_twofish_ctx
 * plus 1020 bytes, and the struct sits at the first 1024-byte boundary in
 * it (an offset that follows from the context's address; contexts never
 * move); release 1 uses the struct alone. Not constant-time: table
 * lookups indexed by key-dependent data. No run-time CPU feature: release
 * 1 or 2 is decided at build time (__mips_isa_rev). Speed: Twofish-128
 * ECB over 8 KiB executes 40.19 instructions per byte on mipsel,
 * twofish-generic 52.26, `bench/insncount.sh --targets mipsel --drivers
 * twofish-generic,twofish-mips --modes ecb-enc --sizes 8192`, qemu-mipsel
 * 7.2, gcc 12.2, 2026-11-30; instructions are not cycles.
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

#if defined(__mips_isa_rev) && __mips_isa_rev >= 2
#define TABLE_ALIGN 1024 /* ins fills bits 9..2 of the table pointer */
#else
#define TABLE_ALIGN 4
#endif

/* The assembly finds table j at s + j * 1024 and subkey n at k + 4 n. */
_Static_assert(sizeof(((struct cryptarch_twofish_ctx *)0)->s[0]) == 1024,
	       "twofish-mips: table layout");
_Static_assert(sizeof(((struct cryptarch_twofish_ctx *)0)->s) == 4096,
	       "twofish-mips: table layout");
_Static_assert(sizeof(((struct cryptarch_twofish_ctx *)0)->k) == 160,
	       "twofish-mips: subkey layout");
_Static_assert((TABLE_ALIGN & (TABLE_ALIGN - 1)) == 0 &&
		       TABLE_ALIGN >= _Alignof(struct cryptarch_twofish_ctx),
	       "twofish-mips: alignment");

/* Room for the struct at any address that is aligned for it. */
#define CTX_SIZE                                              \
	(sizeof(struct cryptarch_twofish_ctx) + TABLE_ALIGN - \
	 _Alignof(struct cryptarch_twofish_ctx))

/*
 * The assembly (twofish-mips.S). S is &ctx->s[0][0] (1024-byte aligned on
 * release 2), K is ctx->k, of a context set by
 * cryptarch_twofish_generic_setkey(). NBLOCKS >= 1; DST == SRC allowed;
 * no alignment required of DST, SRC or IV. IV is the chaining value (cbc),
 * the counter block (ctr) or the tweak (xts), in and out, as the hooks
 * of src/modes/<mode>.h define them.
 */
#define ASM_FN __attribute__((visibility("hidden")))
ASM_FN void cryptarch_twofish_mips_encrypt(const uint32_t *s, const uint32_t *k,
					   uint8_t *dst, const uint8_t *src);
ASM_FN void cryptarch_twofish_mips_decrypt(const uint32_t *s, const uint32_t *k,
					   uint8_t *dst, const uint8_t *src);
ASM_FN void cryptarch_twofish_mips_ecb_encrypt(const uint32_t *s,
					       const uint32_t *k, uint8_t *dst,
					       const uint8_t *src,
					       size_t nblocks);
ASM_FN void cryptarch_twofish_mips_ecb_decrypt(const uint32_t *s,
					       const uint32_t *k, uint8_t *dst,
					       const uint8_t *src,
					       size_t nblocks);
ASM_FN void cryptarch_twofish_mips_cbc_encrypt(const uint32_t *s,
					       const uint32_t *k, uint8_t *dst,
					       const uint8_t *src,
					       size_t nblocks, uint8_t iv[16]);
ASM_FN void cryptarch_twofish_mips_cbc_decrypt(const uint32_t *s,
					       const uint32_t *k, uint8_t *dst,
					       const uint8_t *src,
					       size_t nblocks, uint8_t iv[16]);
ASM_FN void cryptarch_twofish_mips_ctr_crypt(const uint32_t *s,
					     const uint32_t *k, uint8_t *dst,
					     const uint8_t *src, size_t nblocks,
					     uint8_t ctr[16]);
ASM_FN void cryptarch_twofish_mips_xts_encrypt(const uint32_t *s,
					       const uint32_t *k, uint8_t *dst,
					       const uint8_t *src,
					       size_t nblocks,
					       uint8_t tweak[16]);
ASM_FN void cryptarch_twofish_mips_xts_decrypt(const uint32_t *s,
					       const uint32_t *k, uint8_t *dst,
					       const uint8_t *src,
					       size_t nblocks,
					       uint8_t tweak[16]);

/* Bytes from CTX to the aligned struct cryptarch_twofish_ctx inside it. */
static size_t pad(const void *ctx)
{
	return (size_t)((0 - (uintptr_t)ctx) & (TABLE_ALIGN - 1));
}

static const struct cryptarch_twofish_ctx *tf(const void *ctx)
{
	return (const void *)((const uint8_t *)ctx + pad(ctx));
}

static int cryptarch_twofish_mips_glue_setkey(void *ctx, const uint8_t *key,
					      size_t keylen)
{
	return cryptarch_twofish_generic_setkey((uint8_t *)ctx + pad(ctx), key,
						keylen);
}

static void cryptarch_twofish_mips_glue_encrypt(const void *ctx, uint8_t *dst,
						const uint8_t *src)
{
	const struct cryptarch_twofish_ctx *t = tf(ctx);

	cryptarch_twofish_mips_encrypt(t->s[0], t->k, dst, src);
}

static void cryptarch_twofish_mips_glue_decrypt(const void *ctx, uint8_t *dst,
						const uint8_t *src)
{
	const struct cryptarch_twofish_ctx *t = tf(ctx);

	cryptarch_twofish_mips_decrypt(t->s[0], t->k, dst, src);
}

/* The hooks: see src/modes/<mode>.h for their contract. */
static void mips_ecb_encrypt(const void *ctx, uint8_t *dst, const uint8_t *src,
			     size_t nblocks)
{
	const struct cryptarch_twofish_ctx *t = tf(ctx);

	cryptarch_twofish_mips_ecb_encrypt(t->s[0], t->k, dst, src, nblocks);
}

static void mips_ecb_decrypt(const void *ctx, uint8_t *dst, const uint8_t *src,
			     size_t nblocks)
{
	const struct cryptarch_twofish_ctx *t = tf(ctx);

	cryptarch_twofish_mips_ecb_decrypt(t->s[0], t->k, dst, src, nblocks);
}

static void mips_cbc_encrypt(const void *ctx, uint8_t *dst, const uint8_t *src,
			     size_t nblocks, uint8_t iv[16])
{
	const struct cryptarch_twofish_ctx *t = tf(ctx);

	cryptarch_twofish_mips_cbc_encrypt(t->s[0], t->k, dst, src, nblocks,
					   iv);
}

static void mips_cbc_decrypt(const void *ctx, uint8_t *dst, const uint8_t *src,
			     size_t nblocks, uint8_t iv[16])
{
	const struct cryptarch_twofish_ctx *t = tf(ctx);

	cryptarch_twofish_mips_cbc_decrypt(t->s[0], t->k, dst, src, nblocks,
					   iv);
}

static void mips_ctr_crypt(const void *ctx, uint8_t *dst, const uint8_t *src,
			   size_t nblocks, uint8_t ctr[16])
{
	const struct cryptarch_twofish_ctx *t = tf(ctx);

	cryptarch_twofish_mips_ctr_crypt(t->s[0], t->k, dst, src, nblocks, ctr);
}

static void mips_xts_encrypt(const void *ctx, uint8_t *dst, const uint8_t *src,
			     size_t nblocks, uint8_t tweak[16])
{
	const struct cryptarch_twofish_ctx *t = tf(ctx);

	cryptarch_twofish_mips_xts_encrypt(t->s[0], t->k, dst, src, nblocks,
					   tweak);
}

static void mips_xts_decrypt(const void *ctx, uint8_t *dst, const uint8_t *src,
			     size_t nblocks, uint8_t tweak[16])
{
	const struct cryptarch_twofish_ctx *t = tf(ctx);

	cryptarch_twofish_mips_xts_decrypt(t->s[0], t->k, dst, src, nblocks,
					   tweak);
}

/*
 * The assembly has the cryptarch_twofish_mips_ names, so the wrappers take
 * the stem twofish_mips_glue.
 */
CRYPTARCH_DRIVER_AS(twofish_mips, twofish_mips_glue,
	.name = "twofish-mips",
	.alg = &cryptarch_twofish,
	.summary = "MIPS assembly, one source for o32 and n64, big- and "
		    "little-endian, release 1 and 2 (rotr/wsbh/ins where "
		    "available); twofish-generic's key schedule and tables; "
		    "hooks for ECB, CBC, CTR and XTS",
	.priority = 200,
	.ctxsize = CTX_SIZE,
	.cpu_features = 0, /* release 1 or 2: decided at build time */
	.hooks = CRYPTARCH_HOOKS(
		CRYPTARCH_ECB_HOOK_FNS(mips_ecb_encrypt, mips_ecb_decrypt),
		CRYPTARCH_CBC_HOOK_FNS(mips_cbc_encrypt, mips_cbc_decrypt),
		CRYPTARCH_CTR_HOOK_FNS(mips_ctr_crypt),
		CRYPTARCH_XTS_HOOK_FNS(mips_xts_encrypt, mips_xts_decrypt)));
