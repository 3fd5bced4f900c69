/* SPDX-License-Identifier: MIT */
/*
 * ghash-neon.c - driver "ghash-neon": GHASH (NIST SP 800-38D 6.4) on
 * Advanced SIMD alone, for the arm64 cores that lack the 64-bit PMULL of
 * the Crypto Extensions (the Cortex-A72 of the Raspberry Pi 4, for one).
 * Every ARMv8 NEON unit has the 8 x 8-bit polynomial multiply, PMULL.8B /
 * PMULL2.16B (eight 16-bit products of byte lanes per instruction), and
 * the 64 x 64-bit carry-less product is built from eight of them, as
 * Camara, Gouvea, Lopez and Dahab build it ("Fast Software Polynomial
 * Multiplication on ARM Processors Using the NEON Engine", 2013):
 * one operand multiplied lane by lane with byte-rotated copies of the
 * other, each partial product then moved to its place with a mask and
 * byte shifts. Here the placing is linear, so it is done once per group
 * of blocks on the summed partial products, not once per product:
 * sixteen blocks are multiplied by H^16 ... H^1 (Karatsuba, three 64-bit
 * products per block, 24 PMULLs) and only their sums are placed,
 * recombined and reduced (a tail of 1-15 blocks the same way with the
 * powers it needs). The rotated copies of each power of H are precomputed
 * at setkey (2 KiB of context); those of a block are six TBLs.
 * Constant-time: no table in memory, TBL indices and masks are constants,
 * and no branch depends on H, Y or the data; PMULL's timing does not
 * depend on its operands. cpu_features NEON only. Checked on little- and
 * big-endian (arch/arm64/README.md). Speed: a digest of 8192 bytes
 * executes 4.55 instructions per byte in the driver, of 16 bytes 12.19
 * (ghash-ce: 0.69 and 2.56; cmac over aes-neon: 11.13 and 13.62), counted
 * with the insncount plugin under qemu-aarch64 7.2 on a gcc 12.2 -O2
 * -static build (bench/insncount.sh --targets aarch64 --modes
 * ghash-dig), 2026-12-02. Instruction counts rank, they do not time.
 *
 * Representation: as ghash-ce.c, after RBIT on each byte a vector
 * register holds a field element with bit n the coefficient of x^n (64-bit
 * lane 0 the low half), so that products are ordinary polynomial products,
 * reduced by x^128 = x^7 + x^2 + x + 1.
 *
 * The 64 x 64-bit product. Write A = sum a_i x^(8i), B = sum b_j x^(8j)
 * over bytes (i, j = 0..7); A B sums a_i b_j x^(8(i + j)). PMULL of A with
 * B rotated by k bytes (byte lane i holding b_((i + k) mod 8)) gives
 * a_i b_(i+k) in 16-bit lane i, at bit 16i; its place is 8(2i + k) = 16i +
 * 8k when i + k < 8, and 64 bits lower for the k lanes that wrapped. A
 * rotated by k against B gives a_(i+k) b_i with the same places, so for
 * k = 1, 2, 3 the two products are summed before placing (P_k), and for
 * k = 4 one product covers both directions. Eight PMULLs: P_0 = A B, P_1..
 * P_3 two each, P_4 one. Placing P_k (k >= 1): the wrapped lanes are its
 * top 2k bytes, W = P_k & mask_k; they go right by 8 - k bytes, the rest
 * left by k bytes. Nothing leaves the 128 bits.
 */
#include <arm_neon.h>
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "../../src/core/desc.h"
#include "../../src/core/memzero.h"
#include "../../src/ghash/ghash.h"

#define INLINE inline __attribute__((always_inline))
#define UNROLL _Pragma("GCC unroll 8")

/* Blocks per reduction, and so powers of H in the context. */
#define WAY 16
/* Key vectors per power of H (see struct ghash_neon_ctx). */
#define NKEY 8

/*
 * key[p] for H^(p + 1) = h0 + h1 x^64, hm = h0 + h1, rot_k rotating the
 * bytes of a half as TBL with rot[k] does (byte i from byte (i + k) mod
 * 8): key[p][k] = (rot_k h0, rot_k h1) for k = 0..4; key[p][5] = (hm,
 * rot_1 hm), key[p][6] = (rot_2 hm, rot_3 hm), key[p][7] = (rot_4 hm, 0);
 * (low half, high half), as registers stored with vst1q_u8.
 */
struct ghash_neon_ctx {
	uint8_t key[WAY][NKEY][16];
};

/* TBL indices rotating each 8-byte half by 1, 2, 3, 4 bytes, and the
 * masks of the top 2k bytes of a vector (k = 0..4: the wrapped lanes of
 * P_k). */
static const uint8_t rot_idx[4][16] = {
	{ 1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8 },
	{ 2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9 },
	{ 3, 4, 5, 6, 7, 0, 1, 2, 11, 12, 13, 14, 15, 8, 9, 10 },
	{ 4, 5, 6, 7, 0, 1, 2, 3, 12, 13, 14, 15, 8, 9, 10, 11 },
};

static const uint8_t top_mask[5][16] = {
	{ 0 },
	{ 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff },
	{ 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff },
	{ 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff },
	{ 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	  0xff },
};

/* A field element from its 16 bytes as GCM writes them, and back. */
static INLINE uint8x16_t load_elt(const uint8_t *p)
{
	return vrbitq_u8(vld1q_u8(p));
}

static INLINE void store_elt(uint8_t *p, uint8x16_t v)
{
	vst1q_u8(p, vrbitq_u8(v));
}

/*
 * The eight 16-bit products of the low byte lanes of A and B (PMULL.8B)
 * and of their high byte lanes (PMULL2.16B), as one asm instruction each
 * on whole registers, so that GCC keeps no separate copy of the low
 * halves (with vmull_p8(vget_low_p8(..)) it does, and spills).
 */
static INLINE uint8x16_t pm_lo(uint8x16_t a, uint8x16_t b)
{
	uint8x16_t r;

	__asm__("pmull	%0.8h, %1.8b, %2.8b" : "=w"(r) : "w"(a), "w"(b));
	return r;
}

static INLINE uint8x16_t pm_hi(uint8x16_t a, uint8x16_t b)
{
	uint8x16_t r;

	__asm__("pmull2	%0.8h, %1.16b, %2.16b" : "=w"(r) : "w"(a), "w"(b));
	return r;
}

/* Each 64-bit lane of A shifted left or right by N bits. */
#define SHL64(a, n) \
	vreinterpretq_u8_u64(vshlq_n_u64(vreinterpretq_u64_u8(a), n))
#define SHR64(a, n) \
	vreinterpretq_u8_u64(vshrq_n_u64(vreinterpretq_u64_u8(a), n))

static INLINE uint8x16_t swap64(uint8x16_t a)
{
	return vextq_u8(a, a, 8);
}

/* (low half of A, low half of B) */
static INLINE uint8x16_t lows(uint8x16_t a, uint8x16_t b)
{
	return vreinterpretq_u8_u64(
		vzip1q_u64(vreinterpretq_u64_u8(a), vreinterpretq_u64_u8(b)));
}

/* Each half of A rotated by one byte more (byte i from byte i + 1 mod
 * 8), with R1 the TBL indices rot_idx[0]. */
static INLINE uint8x16_t rot1(uint8x16_t a, uint8x16_t r1)
{
	return vqtbl1q_u8(a, r1);
}

/* The summed, unplaced partial products P_0..P_4 of one 64 x 64-bit
 * product slot. */
struct slot {
	uint8x16_t p0, p1, p2, p3, p4;
};

/* The three Karatsuba slots: low halves, high halves, sums of halves. */
struct acc {
	struct slot lo, hi, mid;
};

static INLINE uint8x16_t add(uint8x16_t a, uint8x16_t b)
{
	return veorq_u8(a, b);
}

/*
 * *S (or, if FIRST, *S set to) += the products of the low byte lanes of A
 * and B (ACC_LO) or of their high byte lanes (ACC_HI). The multiply and
 * its accumulation are one asm statement, so that the product is added
 * at once: left to schedule them apart, GCC 12 holds many products at a
 * time and spills a sum to the stack.
 */
static INLINE void acc_lo(uint8x16_t *s, uint8x16_t a, uint8x16_t b,
			  const int first)
{
	uint8x16_t t;

	if (first) {
		*s = pm_lo(a, b);
		return;
	}
	__asm__("pmull	%1.8h, %2.8b, %3.8b\n\t"
		"eor	%0.16b, %0.16b, %1.16b"
		: "+w"(*s), "=&w"(t)
		: "w"(a), "w"(b));
}

static INLINE void acc_hi(uint8x16_t *s, uint8x16_t a, uint8x16_t b,
			  const int first)
{
	uint8x16_t t;

	if (first) {
		*s = pm_hi(a, b);
		return;
	}
	__asm__("pmull2	%1.8h, %2.16b, %3.16b\n\t"
		"eor	%0.16b, %0.16b, %1.16b"
		: "+w"(*s), "=&w"(t)
		: "w"(a), "w"(b));
}

/*
 * A (or, if FIRST, A set to) += X * H, with K the eight key vectors of H
 * (struct ghash_neon_ctx). The low halves of X against those of K give
 * the x0 h0 slot, the high halves the x1 h1 slot (rotating both halves of
 * X at once), and M = (x0 + x1, x0 + x1) the middle one.
 */
static INLINE void mul_acc(struct acc *a, uint8x16_t x,
			   const uint8_t (*key)[16], uint8x16_t r1,
			   const int first)
{
	uint8x16_t k0 = vld1q_u8(key[0]), k1 = vld1q_u8(key[1]);
	uint8x16_t k2 = vld1q_u8(key[2]), k3 = vld1q_u8(key[3]);
	uint8x16_t k4 = vld1q_u8(key[4]), k5 = vld1q_u8(key[5]);
	uint8x16_t k6 = vld1q_u8(key[6]), k7 = vld1q_u8(key[7]);
	uint8x16_t x1 = rot1(x, r1), x2 = rot1(x1, r1), x3 = rot1(x2, r1);
	uint8x16_t m = add(x, swap64(x)), m1, m2, m3;

	acc_lo(&a->lo.p0, x, k0, first);
	acc_hi(&a->hi.p0, x, k0, first);
	acc_lo(&a->lo.p1, x1, k0, first);
	acc_hi(&a->hi.p1, x1, k0, first);
	acc_lo(&a->lo.p1, x, k1, 0);
	acc_hi(&a->hi.p1, x, k1, 0);
	acc_lo(&a->lo.p2, x2, k0, first);
	acc_hi(&a->hi.p2, x2, k0, first);
	acc_lo(&a->lo.p2, x, k2, 0);
	acc_hi(&a->hi.p2, x, k2, 0);
	acc_lo(&a->lo.p3, x3, k0, first);
	acc_hi(&a->hi.p3, x3, k0, first);
	acc_lo(&a->lo.p3, x, k3, 0);
	acc_hi(&a->hi.p3, x, k3, 0);
	acc_lo(&a->lo.p4, x, k4, first);
	acc_hi(&a->hi.p4, x, k4, first);
	m1 = rot1(m, r1);
	m2 = rot1(m1, r1);
	m3 = rot1(m2, r1);
	acc_lo(&a->mid.p0, m, k5, first);
	acc_lo(&a->mid.p1, m1, k5, first);
	acc_hi(&a->mid.p1, m, k5, 0);
	acc_lo(&a->mid.p2, m2, k5, first);
	acc_lo(&a->mid.p2, m, k6, 0);
	acc_lo(&a->mid.p3, m3, k5, first);
	acc_hi(&a->mid.p3, m, k6, 0);
	acc_lo(&a->mid.p4, m, k7, first);
}

/* P_k (k = 1..4) in place: the top 2k bytes right by 8 - k bytes, the
 * rest left by k bytes. */
#define PLACE(p, k)                                                 \
	({                                                          \
		const uint8x16_t z_ = vdupq_n_u8(0);                \
		uint8x16_t w_ = vandq_u8(p, vld1q_u8(top_mask[k])); \
		add(vextq_u8(z_, add(p, w_), 16 - (k)),             \
		    vextq_u8(w_, z_, 8 - (k)));                     \
	})

/* The 128-bit product that slot S sums. */
static INLINE uint8x16_t place(const struct slot *s)
{
	return add(add(add(s->p0, PLACE(s->p1, 1)), PLACE(s->p2, 2)),
		   add(PLACE(s->p3, 3), PLACE(s->p4, 4)));
}

/*
 * The sum in A, recombined (lo + (mid + lo + hi) x^64 + hi x^128) and
 * reduced modulo x^128 + x^7 + x^2 + x + 1: the high 128 bits T fold in as
 * T (1 + x + x^2 + x^7). That product reaches x^134; its bits above x^127
 * are o = t3 >> 63 + t3 >> 62 + t3 >> 57 (t3 the top word of T), which
 * fold in as o (1 + x + x^2 + x^7) without any further overflow, so
 * T + o is multiplied instead and its product cut at 128 bits.
 */
static INLINE uint8x16_t reduce(const struct acc *a)
{
	const uint8x16_t z = vdupq_n_u8(0);
	uint8x16_t lo = place(&a->lo), hi = place(&a->hi);
	uint8x16_t mid = add(add(place(&a->mid), lo), hi);
	uint8x16_t c, t;

	lo = add(lo, vextq_u8(z, mid, 8));
	hi = add(hi, vextq_u8(mid, z, 8));
	/* the bits that x, x^2, x^7 move out of each 64-bit word of T */
	c = add(add(SHR64(hi, 63), SHR64(hi, 62)), SHR64(hi, 57));
	/* T + o, times 1 + x + x^2 + x^7, the carries out of its low word
	 * into its high one */
	t = add(hi, vextq_u8(c, z, 8));
	return add(add(add(lo, t), add(SHL64(t, 1), SHL64(t, 2))),
		   add(SHL64(t, 7), vextq_u8(z, c, 8)));
}

/* The key vectors of P (a power of H) into KEY. */
static INLINE void make_key(uint8_t (*key)[16], uint8x16_t p)
{
	uint8x16_t m = add(p, swap64(p)), z = vdupq_n_u8(0);
	uint8x16_t r1 = vld1q_u8(rot_idx[0]), r2 = vld1q_u8(rot_idx[1]);
	uint8x16_t r3 = vld1q_u8(rot_idx[2]), r4 = vld1q_u8(rot_idx[3]);

	vst1q_u8(key[0], p);
	vst1q_u8(key[1], vqtbl1q_u8(p, r1));
	vst1q_u8(key[2], vqtbl1q_u8(p, r2));
	vst1q_u8(key[3], vqtbl1q_u8(p, r3));
	vst1q_u8(key[4], vqtbl1q_u8(p, r4));
	vst1q_u8(key[5], lows(m, vqtbl1q_u8(m, r1)));
	vst1q_u8(key[6], lows(vqtbl1q_u8(m, r2), vqtbl1q_u8(m, r3)));
	vst1q_u8(key[7], lows(vqtbl1q_u8(m, r4), z));
}

/*
 * Y after the N (1..16) blocks at SRC, as (Y + B0) H^N + B1 H^(N-1) + ...
 * + B(N-1) H with one reduction; setkey uses it too, with N = 1. A loop
 * over the blocks, not unrolled: the fifteen sums, the indices and a
 * block's key vectors and rotations fill the 32 registers, and GCC 12,
 * given eight unrolled blocks at once, spills most of them.
 */
static __attribute__((noinline)) uint8x16_t
group(const struct ghash_neon_ctx *c, uint8x16_t y, const uint8_t *src,
      size_t n)
{
	uint8x16_t r1 = vld1q_u8(rot_idx[0]);
	struct acc a;
	size_t i;

	mul_acc(&a, add(load_elt(src), y), c->key[n - 1], r1, 1);
	for (i = 1; i < n; i++)
		mul_acc(&a, load_elt(src + 16 * i), c->key[n - 1 - i], r1, 0);
	return reduce(&a);
}

static int cryptarch_ghash_neon_setkey(void *ctx, const uint8_t *key,
				       size_t keylen)
{
	struct ghash_neon_ctx *c = ctx;
	uint8_t t[16];
	uint8x16_t p;
	int i;

	if (keylen != 16)
		return -EINVAL;
	make_key(c->key[0], load_elt(key));
	memcpy(t, key, 16);
	/* H^(i + 1) = (0 + H^i) H */
	for (i = 1; i < WAY; i++) {
		p = group(c, vdupq_n_u8(0), t, 1);
		make_key(c->key[i], p);
		store_elt(t, p);
	}
	cryptarch_memzero(t, sizeof(t));
	return 0;
}

static void cryptarch_ghash_neon_blocks(const void *ctx, uint8_t y[16],
					const uint8_t *src, size_t nblocks)
{
	uint8x16_t acc = load_elt(y);

	for (; nblocks >= WAY; nblocks -= WAY) {
		acc = group(ctx, acc, src, WAY);
		src += 16 * WAY;
	}
	if (nblocks)
		acc = group(ctx, acc, src, nblocks);
	store_elt(y, acc);
}

CRYPTARCH_DRIVER_GHASH(ghash_neon,
	.name = "ghash-neon",
	.summary = "Advanced SIMD without 64-bit PMULL: 64x64 products from "
		    "PMULL.8B on byte-rotated operands, Karatsuba, placed and "
		    "reduced once per 16 blocks",
	.priority = 150, /* above ghash-generic (100), below ghash-ce (300) */
	.ctxsize = sizeof(struct ghash_neon_ctx),
	.flags = CRYPTARCH_DRV_CONSTANT_TIME,
	.cpu_features = CRYPTARCH_CPU_NEON,
	.ct = { CRYPTARCH_CT_QEMU_TRACE, "aarch64", NULL });
