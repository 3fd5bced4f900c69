/* SPDX-License-Identifier: MIT */
/*
 * ghash-ce.c - the code of driver "ghash-ce" (descriptor in
 * ghash-ce-glue.c): GHASH (NIST SP 800-38D 6.4) with the 64 x 64-bit
 * carry-less multiply of the ARMv8 Crypto Extensions, PMULL and PMULL2
 * (one-instruction asm statements, the rest <arm_neon.h> intrinsics),
 * built with -march=armv8-a+crypto. Each 128 x 128-bit product takes three PMULLs
 * (Karatsuba: low halves, high halves, and the XORs of the halves), and
 * the reduction is aggregated: eight blocks are multiplied by H^8 ... H^1
 * (precomputed at setkey, with their Karatsuba operands) and their
 * unreduced 256-bit products summed, then reduced once, with two more
 * PMULLs by the constant 0x87; a tail of 1-7 blocks runs the same code
 * with the powers it needs. All twelve key vectors stay in registers for
 * the whole call. Constant-time: PMULL's timing does not depend on its
 * operands, and no branch or memory index depends on H, Y or the data
 * (the loop and the tail dispatch depend on the block count only). Needs
 * the "pmull" hwcap (cpu_features NEON | PMULL). Checked on little- and
 * big-endian (see arch/arm64/README.md). Speed: a digest of 8192 bytes
 * executes 0.69 instructions per byte in the driver, of 16 bytes 2.56
 * (cmac over aes-ce: 1.44 and 2.50), counted with the insncount plugin
 * under qemu-aarch64 7.2 on a gcc 12.2 -O2 -static build
 * (bench/insncount.sh --targets aarch64 --modes ghash-dig), 2026-12-02.
 * Instruction counts rank, they do not time.
 *
 * Representation. GCM numbers the bits of a block from the most
 * significant bit of its first byte (the coefficient of x^0) on. After
 * RBIT (vrbitq_u8, which reverses the bits within each byte) bit b of
 * byte j is the coefficient of x^(8j + b), so the vector register, whose
 * byte lane j is its bits 8j..8j+7, holds the polynomial with bit n the
 * coefficient of x^n: its 64-bit lane 0 is the low half, lane 1 the high
 * half, whatever the byte order of memory, and PMULL multiplies such
 * halves as it is. Products are then ordinary polynomial products, with
 * nothing to shift, and x^128 = x^7 + x^2 + x + 1 reduces them. Blocks and
 * Y get one RBIT on the way in, Y one on the way out.
 */
#include <arm_neon.h>
#include <errno.h>
#include <stddef.h>
#include <stdint.h>

#include "ghash-ce.h"

#define INLINE inline __attribute__((always_inline))
#define UNROLL _Pragma("GCC unroll 8")

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
 * The 128-bit carry-less product of the low halves of A and B (PMULL),
 * and of their high halves (PMULL2). Written as one instruction each in
 * asm on whole registers: through vmull_p64(vgetq_lane_p64(..)), GCC 12
 * keeps a copy of each key's low half in another register besides the
 * whole key, runs out of registers and spills key vectors to the stack.
 */
static INLINE uint8x16_t clmul_lo(uint8x16_t a, uint8x16_t b)
{
	uint8x16_t r;

	__asm__("pmull	%0.1q, %1.1d, %2.1d" : "=w"(r) : "w"(a), "w"(b));
	return r;
}

static INLINE uint8x16_t clmul_hi(uint8x16_t a, uint8x16_t b)
{
	uint8x16_t r;

	__asm__("pmull2	%0.1q, %1.2d, %2.2d" : "=w"(r) : "w"(a), "w"(b));
	return r;
}

/* The halves of A swapped. */
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

/*
 * An unreduced sum of 256-bit products, as Karatsuba leaves it: for
 * products X * H with X = x0 + x1 x^64, H = h0 + h1 x^64, lo sums x0 h0,
 * hi sums x1 h1 and mid sums (x0 + x1)(h0 + h1); the sum of the products
 * is lo + (mid + lo + hi) x^64 + hi x^128.
 */
struct acc {
	uint8x16_t lo, hi, mid;
};

/* A (or, if FIRST, A set to) += X * H, where half LANE of KK is the XOR
 * of the halves of H. */
static INLINE void mul_acc(struct acc *a, uint8x16_t x, uint8x16_t h,
			   uint8x16_t kk, const int lane, const int first)
{
	uint8x16_t t = veorq_u8(x, swap64(x)); /* x0 + x1 in both halves */
	uint8x16_t lo = clmul_lo(x, h), hi = clmul_hi(x, h);
	uint8x16_t mid = lane ? clmul_hi(t, kk) : clmul_lo(t, kk);

	if (first) {
		a->lo = lo;
		a->hi = hi;
		a->mid = mid;
	} else {
		a->lo = veorq_u8(a->lo, lo);
		a->hi = veorq_u8(a->hi, hi);
		a->mid = veorq_u8(a->mid, mid);
	}
}

/*
 * The sum in A modulo x^128 + x^7 + x^2 + x + 1. With d0..d3 the 64-bit
 * words of the 256-bit sum (d0 lowest), M = (d1, d2) is the middle of
 * Karatsuba's recombination, the high half of lo plus the low half of hi
 * plus mid + lo + hi. Then d3 x^192 = d3 (x^7 + x^2 + x + 1) x^64: a
 * product of at most 71 bits, added to M. The new high word of M (d2') is
 * folded the same way, d2' x^128 = d2' (x^7 + x^2 + x + 1), into (d0,
 * d1'); it has at most 71 bits, so nothing is left above x^127.
 */
static INLINE uint8x16_t reduce(const struct acc *a)
{
	const uint8x16_t r = vreinterpretq_u8_u64(vdupq_n_u64(0x87));
	uint8x16_t m;

	m = veorq_u8(veorq_u8(a->mid, a->lo),
		     veorq_u8(a->hi, vextq_u8(a->lo, a->hi, 8)));
	m = veorq_u8(m, clmul_hi(a->hi, r));
	return veorq_u8(lows(a->lo, m), clmul_hi(m, r));
}

/* A * B reduced; KB holds the XOR of the halves of B in its low half. */
static INLINE uint8x16_t mul(uint8x16_t a, uint8x16_t b, uint8x16_t kb)
{
	struct acc acc;

	mul_acc(&acc, a, b, kb, 0, 1);
	return reduce(&acc);
}

/* The key vectors of one call, in registers. */
struct keys {
	uint8x16_t h[GHASH_CE_WAY];
	uint8x16_t k[GHASH_CE_WAY / 2];
};

static INLINE void load_keys(struct keys *kc,
			     const struct cryptarch_ghash_ce_ctx *c)
{
	int i;

	UNROLL
	for (i = 0; i < GHASH_CE_WAY; i++)
		kc->h[i] = vld1q_u8(c->h[i]);
	UNROLL
	for (i = 0; i < GHASH_CE_WAY / 2; i++)
		kc->k[i] = vld1q_u8(c->k[i]);
}

/* Y after the N blocks at SRC: (..((Y + B0) H + B1) H ..) H, computed as
 * (Y + B0) H^N + B1 H^(N-1) + ... + B(N-1) H, with one reduction. */
static INLINE uint8x16_t group(const struct keys *kc, uint8x16_t y,
			       const uint8_t *src, const int n)
{
	struct acc a;
	int i;

	UNROLL
	for (i = 0; i < n; i++) {
		uint8x16_t x = load_elt(src + 16 * i);
		const int p = n - 1 - i; /* H^(p + 1) */

		if (i == 0)
			x = veorq_u8(x, y);
		mul_acc(&a, x, kc->h[p], kc->k[p / 2], p % 2, i == 0);
	}
	return reduce(&a);
}

/* see ghash-ce.h */
int cryptarch_ghash_ce_setkey(void *ctx, const uint8_t *key, size_t keylen)
{
	struct cryptarch_ghash_ce_ctx *c = ctx;
	uint8x16_t h, kh, p, kp[GHASH_CE_WAY];
	int i;

	if (keylen != 16)
		return -EINVAL;
	h = load_elt(key);
	kh = veorq_u8(h, swap64(h));
	p = h;
	UNROLL
	for (i = 0; i < GHASH_CE_WAY; i++) {
		if (i)
			p = mul(p, h, kh);
		vst1q_u8(c->h[i], p);
		kp[i] = veorq_u8(p, swap64(p));
	}
	UNROLL
	for (i = 0; i < GHASH_CE_WAY / 2; i++)
		vst1q_u8(c->k[i], lows(kp[2 * i], kp[2 * i + 1]));
	return 0;
}

/* see ghash-ce.h */
void cryptarch_ghash_ce_blocks(const void *ctx, uint8_t y[16],
			       const uint8_t *src, size_t nblocks)
{
	struct keys kc;
	uint8x16_t acc = load_elt(y);

	load_keys(&kc, ctx);
	for (; nblocks >= GHASH_CE_WAY; nblocks -= GHASH_CE_WAY) {
		acc = group(&kc, acc, src, GHASH_CE_WAY);
		src += 16 * GHASH_CE_WAY;
	}
	switch (nblocks) {
	case 7:
		acc = group(&kc, acc, src, 7);
		break;
	case 6:
		acc = group(&kc, acc, src, 6);
		break;
	case 5:
		acc = group(&kc, acc, src, 5);
		break;
	case 4:
		acc = group(&kc, acc, src, 4);
		break;
	case 3:
		acc = group(&kc, acc, src, 3);
		break;
	case 2:
		acc = group(&kc, acc, src, 2);
		break;
	case 1:
		acc = group(&kc, acc, src, 1);
		break;
	}
	store_elt(y, acc);
}
