/* SPDX-License-Identifier: MIT */
/*
 * aes-vperm-modes.h - the functions of aes-vperm.h for one vector-permute
 * AES driver, written once for every vector width: aes-vperm.c (SSSE3, a
 * block per xmm register), aes-vperm-avx2.c (two per ymm register) and
 * aes-vperm-avx512.c (four per zmm register) each include it last, after
 * the rounds (aes-vperm-core.h, its 128-bit inclusion and the wide one)
 * and the width's lane functions. The key schedule, single blocks and CBC
 * encryption are the 128-bit code, and so is the CBC-MAC chain (cmac,
 * xcbc, cbcmac: CBC encryption's chain without its stores). ECB, CBC
 * decryption, CTR, XCTR and XTS run four registers in flight while they
 * last, then two, then one; the last blocks (fewer than a register holds)
 * go under a byte mask where the width has masked loads and stores
 * (VP_MASKED), else one by one in an xmm register, and a single block to
 * encrypt always takes the 128-bit code, whose latency is lower. XCTR
 * runs as CTR, its counter blocks the iv XORed with a 64-bit counter (no
 * carry, no byte reversal). Constant-time as the rounds are: every
 * branch, mask and address depends on the length alone, and the CTR and
 * XTS arithmetic is masks and carries (aes-vperm-core.h).
 *
 * No include guard: one inclusion per file. It calls the one-block code
 * of the core's 128-bit inclusion by its names (enc1_x, crypt1_x,
 * loadu_x, ctr_add_x, xts_double_x, ...: that inclusion defines VP_SINGLE
 * and VP_FN(name) as name##_x in every file). The includer defines,
 * besides the core's macros of its widest inclusion (VP_V, VP_FN, VP_XOR,
 * ...),
 *     VP_DRIVER(name)      an exported function: cryptarch_<stem>_##name
 *     VP_LANES             blocks per register: 1, 2 or 4
 *     VP_MASKED            1 where the width has masked loads and stores
 *                          (and then VP_LANES is 4), else 0
 * and these static inline functions of the width, each VP_FN(name):
 *     load(p), store(p, v) one register of blocks, unaligned
 *     load_tail(p, n), store_tail(p, v, n)
 *                          (VP_MASKED only) the first N blocks of one
 *     ctr_reg(c, k)        the counter blocks c + k + j in lane j, in the
 *                          byte order of a counter block; C is the counter
 *                          as the 128-bit helpers keep it (ctr_add_x)
 *     xctr_reg(iv, c, k)   the XCTR counter blocks IV xor le128(c + k + j)
 *                          in lane j; C is the 64-bit counter in the low
 *                          half of an xmm register (the high half zero)
 *     tweaks(t)            lane j: tweak T times alpha^j
 *     tweak_step(tw)       every lane times alpha^VP_LANES
 *     cbc_prev(iv, x)      (VP_LANES > 1 only) the ciphertext blocks
 *                          before those of register X, the group's first:
 *                          IV, then lanes 0.. of X
 *     first(x)             the block of lane 0
 */

#include "../../src/modes/cbc-lanes.h"

/* Registers in flight in the parallel modes. */
#define VP_NREG 4
/*
 * Unroll the loops over a group's registers, so that its arrays of
 * vectors stay in registers: the wide code needs it said (GCC 12 left
 * some of those loops rolled, the arrays in memory: 3 to 9% more
 * instructions), the SSE code does not, and there unrolling them earlier
 * than GCC would costs its allocation of the 16 xmm registers about 1%.
 */
#if VP_LANES > 1
#define VP_UNROLL_REGS _Pragma("GCC unroll 4")
#else
#define VP_UNROLL_REGS
#endif

_Static_assert(VP_MASKED ? VP_LANES == 4 : VP_LANES <= 2,
	       "aes-vperm-modes.h: without masks one block is left over");

/*
 * Every parallel mode runs groups of NV registers (VP_LANES NV blocks)
 * with NV = VP_NREG while it can, then NV = 2 and 1: VP_GROUPS(n, body)
 * expands BODY with the constant NV and the block count N, advancing SRC
 * and DST. Fewer than VP_LANES blocks are left.
 */
#define VP_GROUPS(n, body)                                         \
	do {                                                       \
		for (; (n) >= VP_LANES * VP_NREG;                  \
		     (n) -= VP_LANES * VP_NREG,                    \
		     src += 16 * VP_LANES * VP_NREG,               \
		     dst += 16 * VP_LANES * VP_NREG)               \
			body(VP_NREG);                             \
		if (VP_NREG > 2 && (n) >= 2 * VP_LANES) {          \
			body(2);                                   \
			(n) -= 2 * VP_LANES, src += 32 * VP_LANES, \
				dst += 32 * VP_LANES;              \
		}                                                  \
		if ((n) >= VP_LANES) {                             \
			body(1);                                   \
			(n) -= VP_LANES, src += 16 * VP_LANES,     \
				dst += 16 * VP_LANES;              \
		}                                                  \
	} while (0)

/* Register I of a group at P, or (TAIL, 1..3, with masks only) the first
 * TAIL blocks at P in one register. */
static INLINE VP_V VP_FN(load_reg)(const uint8_t *p, unsigned i, size_t tail)
{
#if VP_MASKED
	if (tail)
		return VP_FN(load_tail)(p, tail);
#else
	(void)tail;
#endif
	return VP_FN(load)(p + 16 * VP_LANES * i);
}

static INLINE void VP_FN(store_reg)(uint8_t *p, unsigned i, VP_V v, size_t tail)
{
#if VP_MASKED
	if (tail) {
		VP_FN(store_tail)(p, v, tail);
		return;
	}
#else
	(void)tail;
#endif
	VP_FN(store)(p + 16 * VP_LANES * i, v);
}

/* The NV (a constant) registers X through the cipher or (DEC) the inverse
 * cipher, in place; a lone block of the 128-bit width latency first. */
static INLINE void VP_FN(crypt)(const void *ctx, VP_V *x, unsigned nv, int dec)
{
	if (dec)
		VP_FN(dec_blocks)(ctx, x, nv);
#if VP_LANES == 1
	else if (nv == 1)
		x[0] = enc1_x(ctx, x[0]);
#endif
	else
		VP_FN(enc_blocks)(ctx, x, nv);
}

/* see aes-vperm.h */
void VP_DRIVER(expand)(struct cryptarch_aes_vperm_ctx *ctx, const uint8_t *key,
		       size_t keylen)
{
	expand_key_x(ctx, key, keylen);
}

/* see desc.h (struct cryptarch_cipher_ops.encrypt) */
void VP_DRIVER(encrypt)(const void *ctx, uint8_t *dst, const uint8_t *src)
{
	storeu_x(dst, crypt1_x(ctx, loadu_x(src), 0));
}

/* see desc.h (struct cryptarch_cipher_ops.decrypt) */
void VP_DRIVER(decrypt)(const void *ctx, uint8_t *dst, const uint8_t *src)
{
	storeu_x(dst, crypt1_x(ctx, loadu_x(src), 1));
}

static INLINE void VP_FN(ecb_group)(const void *ctx, uint8_t *dst,
				    const uint8_t *src, unsigned nv, int dec,
				    size_t tail)
{
	VP_V x[VP_NREG];
	unsigned i;

	VP_UNROLL_REGS
	for (i = 0; i < nv; i++)
		x[i] = VP_FN(load_reg)(src, i, tail);
	VP_FN(crypt)(ctx, x, nv, dec);
	VP_UNROLL_REGS
	for (i = 0; i < nv; i++)
		VP_FN(store_reg)(dst, i, x[i], tail);
}

static INLINE void VP_FN(ecb)(const void *ctx, uint8_t *dst, const uint8_t *src,
			      size_t nblocks, int dec)
{
#define VP_ECB_BODY(nv) VP_FN(ecb_group)(ctx, dst, src, nv, dec, 0)
	VP_GROUPS(nblocks, VP_ECB_BODY);
#undef VP_ECB_BODY
#if VP_MASKED
	if (nblocks > 1 || (nblocks && dec)) {
		VP_FN(ecb_group)(ctx, dst, src, 1, dec, nblocks);
		nblocks = 0;
	}
#endif
	if (nblocks)
		storeu_x(dst, crypt1_x(ctx, loadu_x(src), dec));
}

/* see src/modes/ecb.h (struct cryptarch_ecb_hooks.encrypt) */
void VP_DRIVER(ecb_encrypt)(const void *ctx, uint8_t *dst, const uint8_t *src,
			    size_t nblocks)
{
	VP_FN(ecb)(ctx, dst, src, nblocks, 0);
}

/* see src/modes/ecb.h (struct cryptarch_ecb_hooks.decrypt) */
void VP_DRIVER(ecb_decrypt)(const void *ctx, uint8_t *dst, const uint8_t *src,
			    size_t nblocks)
{
	VP_FN(ecb)(ctx, dst, src, nblocks, 1);
}

/* see src/modes/cbc.h (struct cryptarch_cbc_hooks.encrypt) */
void VP_DRIVER(cbc_encrypt)(const void *ctx, uint8_t *dst, const uint8_t *src,
			    size_t nblocks, uint8_t iv[16])
{
	cbc_enc_x(ctx, dst, src, nblocks, iv);
}

/*
 * Lanes of CBC encryption (cbc-lanes.h): the first K of the VP_LANES
 * VP_NREG blocks of BUF encrypted in place, in as few registers as hold
 * them (a lone block in the 128-bit code); the blocks after the first K in
 * those registers are dummies.
 */
static void VP_FN(cbc_lanes)(const void *ctx, uint8_t *buf, unsigned int k)
{
	VP_V x[VP_NREG];
	unsigned int i, nv = (k + VP_LANES - 1) / VP_LANES;

	if (VP_LANES > 1 && k == 1) {
		storeu_x(buf, enc1_x(ctx, loadu_x(buf)));
		return;
	}
	VP_UNROLL_REGS
	for (i = 0; i < VP_NREG; i++)
		x[i] = VP_FN(load)(buf + 16 * VP_LANES * i);
	switch (nv) {
	case 1:
		VP_FN(crypt)(ctx, x, 1, 0);
		break;
	case 2:
		VP_FN(crypt)(ctx, x, 2, 0);
		break;
	case 3:
		VP_FN(crypt)(ctx, x, 3, 0);
		break;
	default:
		VP_FN(crypt)(ctx, x, VP_NREG, 0);
		break;
	}
	VP_UNROLL_REGS
	for (i = 0; i < VP_NREG; i++)
		VP_FN(store)(buf + 16 * VP_LANES * i, x[i]);
}

/* see src/modes/cbc.h (struct cryptarch_cbc_hooks.encrypt_many): the
 * chains of VP_LANES VP_NREG requests in flight */
void VP_DRIVER(cbc_encrypt_many)(const void *ctx,
				 const struct cryptarch_request *req, size_t n)
{
	cryptarch_cbc_lanes_encrypt(ctx, req, n, VP_LANES * VP_NREG, 0,
				    VP_FN(cbc_lanes), NULL);
}

/* see src/modes/cbcmac.h (struct cryptarch_cbcmac_hooks.mac): CBC
 * encryption's chain, one block at a time, without its stores */
void VP_DRIVER(cbcmac)(const void *ctx, uint8_t x[16], const uint8_t *src,
		       size_t nblocks)
{
	cbc_enc_x(ctx, NULL, src, nblocks, x);
}

/*
 * NV registers of ciphertext (or the TAIL blocks of a masked tail); *IV
 * is the ciphertext block before them in, their last one out. Register
 * i's output is XORed with the blocks before its own: *IV and lanes 0..
 * of register 0 for i = 0, for i > 0 the register's worth of bytes 16
 * before it. With one block per register those are the registers as
 * loaded, kept as copies, and the outputs go out in order. Wider, they
 * are loaded again (overlapping) after the decryption, and the outputs go
 * out last register first, so that in place every register is read again
 * before the one before it is written. The SSE code is not the wide form
 * with one lane because GCC 12 allocates its 16 xmm registers worse
 * there: 1.2% more instructions, 2.7% slower on Zen 5.
 */
static INLINE void VP_FN(cbc_dec_group)(const void *ctx, uint8_t *dst,
					const uint8_t *src, __m128i *iv,
					unsigned nv, size_t tail)
{
	VP_V x[VP_NREG], prev[VP_NREG];
	unsigned i;

#if VP_LANES == 1
	(void)tail;
	VP_UNROLL_REGS
	for (i = 0; i < nv; i++)
		x[i] = prev[i] = VP_FN(load)(src + 16 * i);
	VP_FN(dec_blocks)(ctx, x, nv);
	VP_FN(store)(dst, VP_XOR(x[0], *iv));
	VP_UNROLL_REGS
	for (i = 1; i < nv; i++)
		VP_FN(store)(dst + 16 * i, VP_XOR(x[i], prev[i - 1]));
	*iv = prev[nv - 1];
#else
	__m128i next;

	VP_UNROLL_REGS
	for (i = 0; i < nv; i++)
		x[i] = VP_FN(load_reg)(src, i, tail);
	VP_FN(dec_blocks)(ctx, x, nv);
	next = loadu_x(src + 16 * (tail ? tail - 1 : VP_LANES * nv - 1));
	VP_UNROLL_REGS
	for (i = nv - 1; i > 0; i--) {
		prev[i] = VP_FN(load)(src + 16 * (VP_LANES * i - 1));
		VP_FN(store_reg)(dst, i, VP_XOR(x[i], prev[i]), tail);
	}
	prev[0] = VP_FN(cbc_prev)(*iv, VP_FN(load_reg)(src, 0, tail));
	VP_FN(store_reg)(dst, 0, VP_XOR(x[0], prev[0]), tail);
	*iv = next;
#endif
}

/* see src/modes/cbc.h (struct cryptarch_cbc_hooks.decrypt) */
void VP_DRIVER(cbc_decrypt)(const void *ctx, uint8_t *dst, const uint8_t *src,
			    size_t nblocks, uint8_t iv[16])
{
	__m128i v = loadu_x(iv), c;

#define VP_CBC_BODY(nv) VP_FN(cbc_dec_group)(ctx, dst, src, &v, nv, 0)
	VP_GROUPS(nblocks, VP_CBC_BODY);
#undef VP_CBC_BODY
#if VP_MASKED
	if (nblocks) {
		VP_FN(cbc_dec_group)(ctx, dst, src, &v, 1, nblocks);
		nblocks = 0;
	}
#endif
	if (nblocks) {
		c = loadu_x(src);
		storeu_x(dst, _mm_xor_si128(crypt1_x(ctx, c, 1), v));
		v = c;
	}
	storeu_x(iv, v);
}

/* NV registers of CTR (or the TAIL blocks of a masked tail); *CTR is
 * advanced past them. */
static INLINE void VP_FN(ctr_group)(const void *ctx, uint8_t *dst,
				    const uint8_t *src, __m128i *ctr,
				    unsigned nv, size_t tail)
{
	VP_V x[VP_NREG], in;
	unsigned i;

	VP_UNROLL_REGS
	for (i = 0; i < nv; i++)
		x[i] = VP_FN(ctr_reg)(*ctr, VP_LANES * i);
	*ctr = ctr_add_x(*ctr,
			 _mm_cvtsi32_si128((int)(tail ? tail : VP_LANES * nv)));
	VP_FN(crypt)(ctx, x, nv, 0);
	VP_UNROLL_REGS
	for (i = 0; i < nv; i++) {
		in = VP_FN(load_reg)(src, i, tail);
		VP_FN(store_reg)(dst, i, VP_XOR(x[i], in), tail);
	}
}

/* see src/modes/ctr.h (struct cryptarch_ctr_hooks.crypt) */
void VP_DRIVER(ctr_crypt)(const void *ctx, uint8_t *dst, const uint8_t *src,
			  size_t nblocks, uint8_t ctr[16])
{
	__m128i c = bswap_x(loadu_x(ctr));

#define VP_CTR_BODY(nv) VP_FN(ctr_group)(ctx, dst, src, &c, nv, 0)
	VP_GROUPS(nblocks, VP_CTR_BODY);
#undef VP_CTR_BODY
#if VP_MASKED
	if (nblocks > 1) {
		VP_FN(ctr_group)(ctx, dst, src, &c, 1, nblocks);
		nblocks = 0;
	}
#endif
	if (nblocks) {
		storeu_x(dst,
			 _mm_xor_si128(enc1_x(ctx, bswap_x(c)), loadu_x(src)));
		c = ctr_add_x(c, _mm_cvtsi32_si128(1));
	}
	storeu_x(ctr, bswap_x(c));
}

/* NV registers of XCTR (or the TAIL blocks of a masked tail); the 64-bit
 * counter *C (high half zero) is advanced past them, wrapping at 2^64 as
 * the template's. */
static INLINE void VP_FN(xctr_group)(const void *ctx, uint8_t *dst,
				     const uint8_t *src, __m128i iv, __m128i *c,
				     unsigned nv, size_t tail)
{
	VP_V x[VP_NREG], in;
	unsigned i;

	VP_UNROLL_REGS
	for (i = 0; i < nv; i++)
		x[i] = VP_FN(xctr_reg)(iv, *c, VP_LANES * i);
	*c = _mm_add_epi64(
		*c, _mm_cvtsi32_si128((int)(tail ? tail : VP_LANES * nv)));
	VP_FN(crypt)(ctx, x, nv, 0);
	VP_UNROLL_REGS
	for (i = 0; i < nv; i++) {
		in = VP_FN(load_reg)(src, i, tail);
		VP_FN(store_reg)(dst, i, VP_XOR(x[i], in), tail);
	}
}

/* see src/modes/xctr.h (struct cryptarch_xctr_hooks.crypt) */
void VP_DRIVER(xctr_crypt)(const void *ctx, uint8_t *dst, const uint8_t *src,
			   size_t nblocks, const uint8_t iv[16], uint64_t ctr)
{
	__m128i v = loadu_x(iv), c = _mm_set_epi64x(0, (long long)ctr);

#define VP_XCTR_BODY(nv) VP_FN(xctr_group)(ctx, dst, src, v, &c, nv, 0)
	VP_GROUPS(nblocks, VP_XCTR_BODY);
#undef VP_XCTR_BODY
#if VP_MASKED
	if (nblocks > 1) {
		VP_FN(xctr_group)(ctx, dst, src, v, &c, 1, nblocks);
		nblocks = 0;
	}
#endif
	if (nblocks)
		storeu_x(dst, _mm_xor_si128(enc1_x(ctx, _mm_xor_si128(v, c)),
					    loadu_x(src)));
}

/* NV registers of XTS (or the TAIL blocks of a masked tail). TW holds the
 * tweaks of the group's first register; on return those of the register
 * after the group (not updated for a tail). */
static INLINE void VP_FN(xts_group)(const void *ctx, uint8_t *dst,
				    const uint8_t *src, VP_V *tw, unsigned nv,
				    int dec, size_t tail)
{
	VP_V x[VP_NREG], t[VP_NREG];
	unsigned i;

	VP_UNROLL_REGS
	for (i = 0; i < nv; i++) {
		t[i] = *tw;
		if (!tail)
			*tw = VP_FN(tweak_step)(*tw);
		x[i] = VP_XOR(VP_FN(load_reg)(src, i, tail), t[i]);
	}
	VP_FN(crypt)(ctx, x, nv, dec);
	VP_UNROLL_REGS
	for (i = 0; i < nv; i++)
		VP_FN(store_reg)(dst, i, VP_XOR(x[i], t[i]), tail);
}

static INLINE void VP_FN(xts)(const void *ctx, uint8_t *dst, const uint8_t *src,
			      size_t nblocks, uint8_t tweak[16], int dec)
{
	__m128i t = loadu_x(tweak);
	VP_V tw = VP_FN(tweaks)(t);

#define VP_XTS_BODY(nv) VP_FN(xts_group)(ctx, dst, src, &tw, nv, dec, 0)
	/* A request shorter than a register keeps T: taking it back from TW
	 * made 16-byte AVX2 XTS wait for TW's stack slot (2% slower). */
	if (VP_LANES == 1 || nblocks >= VP_LANES) {
		VP_GROUPS(nblocks, VP_XTS_BODY);
		t = VP_FN(first)(tw);
	}
#undef VP_XTS_BODY
#if VP_MASKED
	if (nblocks > 1 || (nblocks && dec)) {
		VP_FN(xts_group)(ctx, dst, src, &tw, 1, dec, nblocks);
		for (; nblocks; nblocks--)
			t = xts_double_x(t);
	}
#endif
	if (nblocks) {
		storeu_x(dst,
			 _mm_xor_si128(crypt1_x(ctx,
						_mm_xor_si128(loadu_x(src), t),
						dec),
				       t));
		t = xts_double_x(t);
	}
	storeu_x(tweak, t);
}

/* see src/modes/xts.h (struct cryptarch_xts_hooks.encrypt) */
void VP_DRIVER(xts_encrypt)(const void *ctx, uint8_t *dst, const uint8_t *src,
			    size_t nblocks, uint8_t tweak[16])
{
	VP_FN(xts)(ctx, dst, src, nblocks, tweak, 0);
}

/* see src/modes/xts.h (struct cryptarch_xts_hooks.decrypt) */
void VP_DRIVER(xts_decrypt)(const void *ctx, uint8_t *dst, const uint8_t *src,
			    size_t nblocks, uint8_t tweak[16])
{
	VP_FN(xts)(ctx, dst, src, nblocks, tweak, 1);
}

#undef VP_GROUPS
#undef VP_NREG
#undef VP_UNROLL_REGS
