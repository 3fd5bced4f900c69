/* SPDX-License-Identifier: MIT */
/*
 * ghash-generic.c - the GHASH driver "ghash-generic" in portable C: the
 * field multiplication of SP 800-38D 6.3 without tables, as carry-less
 * products computed by ordinary integer multiplies on operands "with
 * holes", Karatsuba over 64-bit halves (3 carry-less 64x64 products per
 * block) and one reduction modulo x^128 + x^7 + x^2 + x + 1 (shifts and
 * XORs) per group of four blocks, aggregated over H, H^2, H^3, H^4, which
 * setkey precomputes (a shorter rest goes block by block). Loads and
 * stores are by bytes (any host byte order).
 *
 * Constant-time: no branch or memory index depends on H, Y or the data,
 * provided that the CPU's integer multiply takes a time independent of
 * its operands. That holds on the usual 64-bit cores, but not everywhere:
 * the ARM Cortex-M3's UMULL (32x32->64) finishes sooner when both
 * operands are below 2^16, and other small cores (some ARM Cortex-M, MIPS
 * and PowerPC parts) have multipliers that stop early; on those, this
 * driver's timing depends on the data (bearssl.org/ctmul.html surveys
 * such CPUs).
 *
 * Speed: about 4 cycles per byte (TSC) on 8 KiB, 6.5 on 16 bytes, on an
 * AMD EPYC (x86_64, the 64-bit multiplier), `cryptarch speed --driver
 * ghash-generic`, 2026-12; bench/insncount.sh counts about 29
 * instructions per byte on aarch64, 47 on mips64, 65 on armhf and 93 on
 * mips (the 32-bit multiplier).
 *
 * Representation: a 128-bit field element is held "reflected" in two
 * 64-bit words HI:LO = load64_be(bytes), load64_be(bytes + 8): the bit at
 * integer position p (127 = the top bit of HI) is the coefficient of
 * x^(127 - p), so GCM's first bit (byte 0, 0x80, x^0) is the top bit. The
 * integer carry-less product of two reflected values then holds, at
 * position p of its 255 bits, the coefficient of x^(254 - p): shifted
 * left by one, its upper 128 bits are the low half of the field product
 * (reflected) and its lower 128 bits the high half, x^128..x^255, which
 * the reduction folds back in (multiplying by x is a right shift here).
 *
 * The carry-less multiply "with holes" (the idea of BearSSL's ctmul and
 * ctmul64): keep only every k-th bit of each operand, at positions a and
 * b modulo k; the integer product's terms then all fall on positions
 * a + b modulo k, and as long as no position gathers 2^k terms or more,
 * the carries of their sum stay within the k - 1 positions above it,
 * which are masked off: the bit left at each such position is the parity
 * of its terms, which is the carry-less product. Summing (by XOR) the k*k
 * products of the parts into k classes and masking each class gives the
 * whole carry-less product.
 *  - On hosts with 64-bit words and a 64x64->128 multiply (unsigned
 *    __int128), k = 5: a 64-bit operand has at most 13 bits in each
 *    class, so at most 13 terms meet at a position (< 2^5); 25 multiplies
 *    per 64x64 product.
 *  - Elsewhere (32-bit hosts, which have no unsigned __int128; a 64-bit
 *    multiply there is several instructions or a library call), 32x32->64
 *    multiplies with k = 4: at most 8 bits per class
 *    (< 2^4), 16 multiplies per 32x32 product, and Karatsuba once more for
 *    each 64x64 product (3 of them, so 144 multiplies per block).
 * H's parts are masked once, at setkey. Masking is linear, so a group's
 * products are summed (XORed) per multiplicand before one masking.
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>

#include "../core/endian.h"
#include "../core/memzero.h"
#include "ghash.h"

/* Blocks per reduction: the powers of H setkey precomputes. */
#define NPOW 4

#if defined(__GNUC__)
#define INLINE inline __attribute__((always_inline))
#else
#define INLINE inline
#endif

#if defined(__SIZEOF_INT128__) && UINTPTR_MAX > 0xffffffffu

/*
 * 64x64->128 multiplies, parts of 5. A block's multiplicands (its
 * "slots") are the three 64-bit words of Karatsuba: LO, HI and LO ^ HI.
 */
#define NSLOT 3
#define NPART 5
typedef uint64_t word;
__extension__ typedef unsigned __int128 u128;

#define M0 0x1084210842108421u
#define M1 0x2108421084210842u
#define M2 0x4210842108421084u
#define M3 0x8421084210842108u
#define M4 0x0842108421084210u

/* A sum of products of parts, by class: z[c] holds those of parts i and j
 * with i + j = c mod 5 (and at the other positions their carries). */
struct sum {
	u128 z[5];
};

/* P = the parts of V: its bits at positions = i mod 5 in P[i]. */
static void split(word p[NPART], word v)
{
	p[0] = v & M0;
	p[1] = v & M1;
	p[2] = v & M2;
	p[3] = v & M3;
	p[4] = v & M4;
}

#define MUL(a, b) ((u128)(a) * (b))

/* S += the products of X's parts and P's, by class. */
static INLINE void sum_add(struct sum *s, word x, const word p[NPART])
{
	uint64_t x0 = x & M0, x1 = x & M1, x2 = x & M2, x3 = x & M3;
	uint64_t x4 = x & M4;

	s->z[0] ^= MUL(x0, p[0]) ^ MUL(x1, p[4]) ^ MUL(x2, p[3]) ^
		   MUL(x3, p[2]) ^ MUL(x4, p[1]);
	s->z[1] ^= MUL(x0, p[1]) ^ MUL(x1, p[0]) ^ MUL(x2, p[4]) ^
		   MUL(x3, p[3]) ^ MUL(x4, p[2]);
	s->z[2] ^= MUL(x0, p[2]) ^ MUL(x1, p[1]) ^ MUL(x2, p[0]) ^
		   MUL(x3, p[4]) ^ MUL(x4, p[3]);
	s->z[3] ^= MUL(x0, p[3]) ^ MUL(x1, p[2]) ^ MUL(x2, p[1]) ^
		   MUL(x3, p[0]) ^ MUL(x4, p[4]);
	s->z[4] ^= MUL(x0, p[4]) ^ MUL(x1, p[3]) ^ MUL(x2, p[2]) ^
		   MUL(x3, p[1]) ^ MUL(x4, p[0]);
}

/* R[0] (low), R[1] = the carry-less sum S stands for: each class's own
 * positions (position 64 + q is in class q + 4 mod 5). */
static INLINE void sum_fold(const struct sum *s, uint64_t r[2])
{
	r[0] = ((uint64_t)s->z[0] & M0) | ((uint64_t)s->z[1] & M1) |
	       ((uint64_t)s->z[2] & M2) | ((uint64_t)s->z[3] & M3) |
	       ((uint64_t)s->z[4] & M4);
	r[1] = ((uint64_t)(s->z[0] >> 64) & M1) |
	       ((uint64_t)(s->z[1] >> 64) & M2) |
	       ((uint64_t)(s->z[2] >> 64) & M3) |
	       ((uint64_t)(s->z[3] >> 64) & M4) |
	       ((uint64_t)(s->z[4] >> 64) & M0);
}

/* X = the slots of HI:LO. */
static INLINE void slots(word x[NSLOT], uint64_t hi, uint64_t lo)
{
	x[0] = lo;
	x[1] = hi;
	x[2] = lo ^ hi;
}

/* The folded sums of the three slots, 128 bits each. */
#define RWORDS 6

/* Q = the 255-bit product (q[3] the top word) of Karatsuba's three. */
static INLINE void combine(uint64_t q[4], const uint64_t r[RWORDS])
{
	const uint64_t *l = r, *h = r + 2, *m = r + 4;

	q[0] = l[0];
	q[1] = l[1] ^ m[0] ^ l[0] ^ h[0];
	q[2] = h[0] ^ m[1] ^ l[1] ^ h[1];
	q[3] = h[1];
}

#else /* 32x32->64 multiplies */

/*
 * 32x32->64 multiplies, parts of 4. A block's multiplicands (its
 * "slots") are the nine 32-bit words of Karatsuba applied twice: for
 * each 64-bit word of the first level (LO, HI, LO ^ HI), its low word, its
 * high word and their XOR.
 */
#define NSLOT 9
#define NPART 4
typedef uint32_t word;

#define M32 0x11111111u
#define M64 0x1111111111111111u

/* A sum of products of parts, by class: z[c] holds those of parts i and j
 * with i + j = c mod 4 (and at the other positions their carries). */
struct sum {
	uint64_t z[4];
};

/* P = the parts of V: its bits at positions = i mod 4 in P[i]. */
static void split(word p[NPART], word v)
{
	p[0] = v & M32;
	p[1] = v & (M32 << 1);
	p[2] = v & (M32 << 2);
	p[3] = v & (M32 << 3);
}

#define MUL(a, b) ((uint64_t)(a) * (b))

/* S += the products of X's parts and P's, by class. */
static INLINE void sum_add(struct sum *s, word x, const word p[NPART])
{
	uint32_t x0 = x & M32, x1 = x & (M32 << 1), x2 = x & (M32 << 2);
	uint32_t x3 = x & (M32 << 3);

	s->z[0] ^= MUL(x0, p[0]) ^ MUL(x1, p[3]) ^ MUL(x2, p[2]) ^
		   MUL(x3, p[1]);
	s->z[1] ^= MUL(x0, p[1]) ^ MUL(x1, p[0]) ^ MUL(x2, p[3]) ^
		   MUL(x3, p[2]);
	s->z[2] ^= MUL(x0, p[2]) ^ MUL(x1, p[1]) ^ MUL(x2, p[0]) ^
		   MUL(x3, p[3]);
	s->z[3] ^= MUL(x0, p[3]) ^ MUL(x1, p[2]) ^ MUL(x2, p[1]) ^
		   MUL(x3, p[0]);
}

/* *R = the 64-bit carry-less sum S stands for: each class's own
 * positions. */
static INLINE void sum_fold(const struct sum *s, uint64_t *r)
{
	*r = (s->z[0] & M64) | (s->z[1] & (M64 << 1)) | (s->z[2] & (M64 << 2)) |
	     (s->z[3] & (M64 << 3));
}

/* X = the slots of HI:LO. */
static INLINE void slots(word x[NSLOT], uint64_t hi, uint64_t lo)
{
	uint64_t v[3] = { lo, hi, lo ^ hi };
	unsigned i;

	for (i = 0; i < 3; i++) {
		x[3 * i] = (uint32_t)v[i];
		x[3 * i + 1] = (uint32_t)(v[i] >> 32);
		x[3 * i + 2] = (uint32_t)v[i] ^ (uint32_t)(v[i] >> 32);
	}
}

/* The folded sums of the nine slots, 64 bits each. */
#define RWORDS 9

/* D = the 128-bit product (D[1] the high word) of Karatsuba's three at
 * R. */
static INLINE void karatsuba64(uint64_t d[2], const uint64_t r[3])
{
	uint64_t mid = r[2] ^ r[0] ^ r[1];

	d[0] = r[0] ^ (mid << 32);
	d[1] = r[1] ^ (mid >> 32);
}

/* Q = the 255-bit product (q[3] the top word) of the nine. */
static INLINE void combine(uint64_t q[4], const uint64_t r[RWORDS])
{
	uint64_t l[2], h[2], m[2];

	karatsuba64(l, r);
	karatsuba64(h, r + 3);
	karatsuba64(m, r + 6);
	q[0] = l[0];
	q[1] = l[1] ^ m[0] ^ l[0] ^ h[0];
	q[2] = h[0] ^ m[1] ^ l[1] ^ h[1];
	q[3] = h[1];
}

#endif

/* A power of H as the parts of its slots. */
struct hpow {
	word p[NSLOT][NPART];
};

struct ghash_generic_ctx {
	struct hpow h[NPOW]; /* h[i]: H^(i + 1) */
};

/* *HI:*LO = the field element (reflected) of the 255-bit product Q. */
static INLINE void reduce(const uint64_t q[4], uint64_t *hi, uint64_t *lo)
{
	uint64_t p0, p1, p2, p3, t0, t1;

	/* P = Q << 1: p3:p2 is x^0..x^127 of the product, p1:p0 x^128..x^255 */
	p3 = q[3] << 1 | q[2] >> 63;
	p2 = q[2] << 1 | q[1] >> 63;
	p1 = q[1] << 1 | q[0] >> 63;
	p0 = q[0] << 1;
	/*
	 * x^128 = x^7 + x^2 + x + 1: add R = p1:p0 times that, a right shift
	 * by 0, 1, 2 and 7. The bits that the shifts drop below position 0
	 * (x^128..x^134) are R's low bits at the top, R << (128 - k), which
	 * fold in once more the same way; T = R plus them, whose shifts drop
	 * nothing of the added part.
	 */
	t1 = p1 ^ (p0 << 63) ^ (p0 << 62) ^ (p0 << 57);
	t0 = p0;
	*hi = p3 ^ t1 ^ (t1 >> 1) ^ (t1 >> 2) ^ (t1 >> 7);
	*lo = p2 ^ t0 ^ (t0 >> 1 | t1 << 63) ^ (t0 >> 2 | t1 << 62) ^
	      (t0 >> 7 | t1 << 57);
}

/* The arrays of a group: the slots of its blocks, and their folded sums.
 * Setkey wipes its own (they hold powers of H); blocks leaves its own, as
 * they reveal no more than the Y it returns does with the data. */
struct scratch {
	word x[NPOW][NSLOT];
	uint64_t r[RWORDS];
};

/*
 * *YHI:*YLO = the GHASH of N (1..NPOW) blocks at SRC after it:
 * (Y + B1) H^N + B2 H^(N-1) + ... + BN H, with one reduction. The
 * products of each slot are summed over the blocks before they are
 * folded, since folding (masking) is linear.
 */
static INLINE void group(const struct ghash_generic_ctx *ctx,
			 struct scratch *sc, uint64_t *yhi, uint64_t *ylo,
			 const uint8_t *src, size_t n)
{
	uint64_t q[4];
	struct sum s;
	size_t i, k;

	slots(sc->x[0], load64_be(src) ^ *yhi, load64_be(src + 8) ^ *ylo);
	for (i = 1; i < n; i++)
		slots(sc->x[i], load64_be(src + 16 * i),
		      load64_be(src + 16 * i + 8));
	for (k = 0; k < NSLOT; k++) {
		memset(&s, 0, sizeof(s));
		for (i = 0; i < n; i++)
			sum_add(&s, sc->x[i][k], ctx->h[n - 1 - i].p[k]);
		sum_fold(&s, sc->r + k * RWORDS / NSLOT);
	}
	combine(q, sc->r);
	reduce(q, yhi, ylo);
}

/* P = the parts of the slots of HI:LO. */
static void hpow_set(struct hpow *p, struct scratch *sc, uint64_t hi,
		     uint64_t lo)
{
	unsigned k;

	slots(sc->x[0], hi, lo);
	for (k = 0; k < NSLOT; k++)
		split(p->p[k], sc->x[0][k]);
}

/* see ghash.h */
static int cryptarch_ghash_generic_setkey(void *vctx, const uint8_t *key,
					  size_t keylen)
{
	static const uint8_t zero[16];
	struct ghash_generic_ctx *ctx = vctx;
	struct scratch sc;
	uint64_t hi, lo;
	unsigned i;

	if (keylen != 16)
		return -EINVAL;
	hi = load64_be(key);
	lo = load64_be(key + 8);
	hpow_set(&ctx->h[0], &sc, hi, lo);
	for (i = 1; i < NPOW; i++) {
		/* H^(i + 1) = (H^i + 0) H */
		group(ctx, &sc, &hi, &lo, zero, 1);
		hpow_set(&ctx->h[i], &sc, hi, lo);
	}
	cryptarch_memzero(&sc, sizeof(sc));
	return 0;
}

/* see ghash.h */
static void cryptarch_ghash_generic_blocks(const void *vctx, uint8_t y[16],
					   const uint8_t *src, size_t nblocks)
{
	const struct ghash_generic_ctx *ctx = vctx;
	uint64_t yhi = load64_be(y), ylo = load64_be(y + 8);
	struct scratch sc;

	for (; nblocks >= NPOW; nblocks -= NPOW, src += 16 * NPOW)
		group(ctx, &sc, &yhi, &ylo, src, NPOW);
	/* the rest one by one: GCM's single blocks take this way */
	for (; nblocks; nblocks--, src += 16)
		group(ctx, &sc, &yhi, &ylo, src, 1);
	store64_be(y, yhi);
	store64_be(y + 8, ylo);
}

CRYPTARCH_DRIVER_GHASH(ghash_generic, .name = "ghash-generic",
		       .summary = "portable C, integer multiplies with holes, "
				  "4 blocks per reduction",
		       .priority = 100,
		       .ctxsize = sizeof(struct ghash_generic_ctx),
		       .flags = CRYPTARCH_DRV_CONSTANT_TIME,
		       .ct = { CRYPTARCH_CT_VALGRIND, NULL, NULL });
