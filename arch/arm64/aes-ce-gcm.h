/* SPDX-License-Identifier: MIT */
/*
 * aes-ce-gcm.h - aes-ce's GCM hook (src/modes/gcm.h): one whole GCM
 * request after J0, AES with AESE/AESMC and GHASH with PMULL/PMULL2 in one
 * pass, over the round keys of aes-ce and the powers of H that ghash-ce's
 * setkey left in its context (ghash-ce.h). Included once, at the end of
 * aes-ce.c, whose key handling (struct ce_keys, BY_ROUNDS, enc_n) it uses:
 * its code must lie in aes-ce.c's object, the range that
 * bench/code-range.sh gives the driver, for tests/ct-trace.sh and
 * bench/insncount.sh to see it. No include guard.
 *
 * Strategy. The payload runs in groups of eight blocks: the eight counter
 * blocks go through the rounds together, and between the rounds the
 * GHASH of the previous group's ciphertext (encryption: the blocks just
 * written, read back from DST; decryption: this group's ciphertext, read
 * from SRC) is multiplied by H^8..H^1, two blocks per round with the
 * Karatsuba middle operands of two powers in one register, and reduced
 * once per group, so that the multiplier and the AES unit work side by
 * side. The groups read each round key once per round from the context
 * and the powers of H once per group: the registers hold the eight
 * blocks, the sums and the products. The counter is GCM's inc32: the
 * block byte-reversed per 32-bit lane (REV32), so that one lane addition
 * increments the low 32 bits and wraps them without carry, as SP 800-38D
 * 6.2 asks. What remains, the associated data, the last 0-7 whole
 * blocks, a partial block and the lengths block, goes through the same
 * GHASH one block at a time with the power the block's place in its
 * group of at most eight calls for, one reduction per group (the groups
 * counted from the first block of the associated data, and again after
 * the payload's groups of eight; without one, the associated data, the
 * payload and the lengths block are one sequence, so that a request of
 * at most eight blocks in all reduces once); the last counter blocks and
 * J0 go through the rounds together, the round keys in registers by
 * then (a 16-byte request: its counter block and J0 side by side). Partial
 * blocks go through 16-byte buffers that the callers fill and empty
 * (the associated data's and the payload's last blocks, the lengths), so
 * that the code with the keys in registers calls no library function.
 *
 * Field elements: as ghash-ce.c, every block RBIT-reversed within its
 * bytes, so that the register holds the polynomial with bit n the
 * coefficient of x^n (ghash-ce.c explains it); the reduction by
 * x^128 + x^7 + x^2 + x + 1 folds the top 64 bits twice by 0x87.
 *
 * Constant-time: AESE/AESMC and PMULL take the same time whatever their
 * operands, no memory index depends on the key, H or the data (the power
 * of H a block uses depends on its position and the lengths only), and
 * every branch depends on the lengths only.
 */

#include "../../src/types/aead.h"
#include "ghash-ce.h"

_Static_assert(GHASH_CE_WAY == 8, "the groups are eight blocks of H^8..H^1");

/*
 * GCC's first scheduling pass (before register allocation) hoists the
 * loads and products of a whole group of eight to its top and then runs
 * out of registers: it spilled round keys and powers of H to the stack.
 * Without it the code keeps the order it is written in, the AES rounds
 * of a group interleaved with the GHASH of the one before, and nothing
 * but the callee-saved d8-d15 goes to the stack (the pass after register
 * allocation still schedules).
 */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC push_options
#pragma GCC optimize("no-schedule-insns")
#endif

/* An address the compiler cannot follow from one loop iteration to the
 * next: loads through it stay where they are written (in the loop) rather
 * than being hoisted out of it into registers, which would spill. */
#define GCM_OPAQUE(p) __asm__("" : "+r"(p))
/* The same, and the loads through P wait for V: a round key is read in
 * its round, not all of them at the top of the group. */
#define GCM_AFTER(p, v) __asm__("" : "+r"(p) : "w"(v))

/* The 128-bit carry-less products of the low 64-bit halves (PMULL) and of
 * the high halves (PMULL2), one instruction each; PMULL of A's low half
 * by the 64 bits of B. */
static INLINE uint8x16_t gcm_pmull(uint8x16_t a, uint8x16_t b)
{
	uint8x16_t r;

	__asm__("pmull	%0.1q, %1.1d, %2.1d" : "=w"(r) : "w"(a), "w"(b));
	return r;
}

static INLINE uint8x16_t gcm_pmull2(uint8x16_t a, uint8x16_t b)
{
	uint8x16_t r;

	__asm__("pmull2	%0.1q, %1.2d, %2.2d" : "=w"(r) : "w"(a), "w"(b));
	return r;
}

static INLINE uint8x16_t gcm_pmull_d(uint8x16_t a, uint8x8_t b)
{
	uint8x16_t r;

	__asm__("pmull	%0.1q, %1.1d, %2.1d" : "=w"(r) : "w"(a), "w"(b));
	return r;
}

/* (low half of A, low half of B) and (high half of A, high half of B) */
static INLINE uint8x16_t gcm_zip1(uint8x16_t a, uint8x16_t b)
{
	return vreinterpretq_u8_u64(
		vzip1q_u64(vreinterpretq_u64_u8(a), vreinterpretq_u64_u8(b)));
}

static INLINE uint8x16_t gcm_zip2(uint8x16_t a, uint8x16_t b)
{
	return vreinterpretq_u8_u64(
		vzip2q_u64(vreinterpretq_u64_u8(a), vreinterpretq_u64_u8(b)));
}

/*
 * A sum of unreduced products X * P, P = p0 + p1 x^64: lo sums x0 p0, hi
 * x1 p1, mid (x0 + x1)(p0 + p1) (Karatsuba). The sum of the products is
 * lo + (mid + lo + hi) x^64 + hi x^128.
 */
struct gcm_acc {
	uint8x16_t lo, hi, mid;
};

static INLINE void gcm_acc_add(struct gcm_acc *a, uint8x16_t lo, uint8x16_t hi,
			       uint8x16_t mid, const int first)
{
	if (first) {
		a->lo = lo;
		a->hi = hi;
		a->mid = mid;
	} else {
		a->lo = veorq_u8(a->lo, lo);
		a->hi = veorq_u8(a->hi, hi);
		a->mid = veorq_u8(a->mid, mid);
	}
	/* summed here, not regrouped: otherwise GCC keeps the products of
	 * a group until its end, which spills them */
	__asm__("" : "+w"(a->lo), "+w"(a->hi), "+w"(a->mid));
}

/*
 * The sum modulo x^128 + x^7 + x^2 + x + 1. Its 64-bit words d0..d3 (d0
 * lowest): d0 = lo0, (d1, d2) = (lo1, hi0) + mid + lo + hi, d3 = hi1. The
 * top word goes down by x^128 = x^7 + x^2 + x + 1 = 0x87: d3 x^192 adds
 * d3 * 0x87 (71 bits) at x^64, into (d1, d2); then d2 x^128 adds d2 *
 * 0x87 at x^0, into (d0, d1), and nothing is left above x^127.
 */
static INLINE uint8x16_t gcm_reduce(const struct gcm_acc *a)
{
	const uint8x16_t p = vreinterpretq_u8_u64(vdupq_n_u64(0x87));
	uint8x16_t m;

	m = veorq_u8(veorq_u8(a->mid, a->lo),
		     veorq_u8(a->hi, vextq_u8(a->lo, a->hi, 8)));
	m = veorq_u8(m, gcm_pmull2(a->hi, p));
	return veorq_u8(gcm_zip1(a->lo, m), gcm_pmull2(m, p));
}

/*
 * Pair J (0..3) of a group of eight: A += X0 H^(8 - 2J) + X1 H^(7 - 2J),
 * X0 and X1 blocks 2J and 2J + 1 of the group (field elements). Those
 * powers are h[7 - 2J] and h[6 - 2J] of ghash-ce's context, and k[3 - J]
 * holds their Karatsuba operands, X1's power's in its low half and X0's
 * in its high half: so the two blocks' own operands go into one register
 * the same way round, (x1_0 + x1_1, x0_0 + x0_1), and PMULL and PMULL2
 * of it by k[3 - J] give both middle products.
 */
static INLINE void gcm_pair(struct gcm_acc *a,
			    const struct cryptarch_ghash_ce_ctx *g,
			    uint8x16_t x0, uint8x16_t x1, const int j)
{
	const uint8x16_t h0 = vld1q_u8(g->h[7 - 2 * j]);
	const uint8x16_t h1 = vld1q_u8(g->h[6 - 2 * j]);
	const uint8x16_t kk = vld1q_u8(g->k[3 - j]);
	uint8x16_t t = veorq_u8(gcm_zip1(x1, x0), gcm_zip2(x1, x0));

	gcm_acc_add(a, veorq_u8(gcm_pmull(x0, h0), gcm_pmull(x1, h1)),
		    veorq_u8(gcm_pmull2(x0, h0), gcm_pmull2(x1, h1)),
		    veorq_u8(gcm_pmull(t, kk), gcm_pmull2(t, kk)), j == 0);
}

/* Pair J of the eight blocks at P (as GCM writes them), block 0 XORed
 * with Y. */
static INLINE void gcm_pair_at(struct gcm_acc *a,
			       const struct cryptarch_ghash_ce_ctx *g,
			       uint8x16_t y, const uint8_t *p, const int j)
{
	uint8x16_t x0 = vrbitq_u8(vld1q_u8(p + 32 * j));
	uint8x16_t x1 = vrbitq_u8(vld1q_u8(p + 32 * j + 16));

	if (j == 0)
		x0 = veorq_u8(x0, y);
	gcm_pair(a, g, x0, x1, j);
}

/* Y after the eight blocks at P, one reduction. */
static INLINE uint8x16_t gcm_hash8(const struct cryptarch_ghash_ce_ctx *g,
				   uint8x16_t y, const uint8_t *p)
{
	struct gcm_acc a;
	int j;

	UNROLL
	for (j = 0; j < 4; j++)
		gcm_pair_at(&a, g, y, p, j);
	return gcm_reduce(&a);
}

/*
 * GHASH one block at a time, in groups of up to eight blocks with one
 * reduction each: the first group's size is min(8, TOTAL) of the TOTAL
 * blocks a feed is started with, and so on. Y is the hash after the last
 * whole group (bit-reflected), to be XORed into the next group's first
 * block and then cleared; A the sum of the group so far; LEFT the blocks
 * still to come in the group, REST those after it.
 */
struct gcm_feed {
	uint8x16_t y;
	struct gcm_acc a;
	size_t left, rest;
};

static INLINE void gcm_feed_next(struct gcm_feed *f)
{
	const uint8x16_t z = vdupq_n_u8(0);

	f->left = f->rest < 8 ? f->rest : 8;
	f->rest -= f->left;
	f->a.lo = z;
	f->a.hi = z;
	f->a.mid = z;
}

static INLINE void gcm_feed_start(struct gcm_feed *f, size_t total)
{
	f->rest = total;
	gcm_feed_next(f);
}

/* One block B as GCM writes it: times H^LEFT (h[LEFT - 1]; its Karatsuba
 * operand the 64-bit half LEFT - 1 of k[]). */
static INLINE void gcm_feed(struct gcm_feed *f,
			    const struct cryptarch_ghash_ce_ctx *g,
			    uint8x16_t b)
{
	const size_t p = --f->left;
	const uint8x16_t h = vld1q_u8(g->h[p]);
	const uint8x8_t kk = vld1_u8(&g->k[0][0] + 8 * p);
	uint8x16_t x = veorq_u8(vrbitq_u8(b), f->y), t;

	f->y = vdupq_n_u8(0);
	t = veorq_u8(x, vextq_u8(x, x, 8));
	gcm_acc_add(&f->a, gcm_pmull(x, h), gcm_pmull2(x, h),
		    gcm_pmull_d(t, kk), 0);
	if (!f->left) {
		f->y = gcm_reduce(&f->a);
		gcm_feed_next(f);
	}
}

/* Eight blocks at P as one whole group; only where one starts. */
static INLINE void gcm_feed8(struct gcm_feed *f,
			     const struct cryptarch_ghash_ce_ctx *g,
			     const uint8_t *p)
{
	f->y = gcm_hash8(g, f->y, p);
	gcm_feed_next(f);
}

/* The next counter block, then C incremented in its low 32 bits (C holds
 * the block with the bytes of each 32-bit lane reversed: its last lane is
 * the big-endian low word, and ONE is 1 in that lane). */
static INLINE uint8x16_t gcm_ctr(uint32x4_t *c, uint32x4_t one)
{
	uint8x16_t b = vrev32q_u8(vreinterpretq_u8_u32(*c));

	*c = vaddq_u32(*c, one);
	return b;
}

/*
 * Eight blocks: DST = SRC xor E(the next eight counter blocks), with the
 * NR + 1 round keys RK read from memory as each round needs them (once
 * per eight blocks: the registers they would take hold the GHASH); with
 * HASH, the eight blocks at HSRC hashed into Y meanwhile, one pair per
 * round over the first four rounds and the reduction in the fifth.
 */
static INLINE void gcm_group(const uint8_t (*rk)[16], const int nr,
			     const struct cryptarch_ghash_ce_ctx *g,
			     uint8x16_t *y, uint32x4_t *c, uint32x4_t one,
			     uint8_t *dst, const uint8_t *src,
			     const uint8_t *hsrc, const int hash)
{
	uint8x16_t s[8], k;
	struct gcm_acc a;
	int r, i;

	UNROLL
	for (i = 0; i < 8; i++)
		s[i] = gcm_ctr(c, one);
	UNROLL
	for (r = 0; r < nr - 1; r++) {
		if (r)
			GCM_AFTER(rk, s[7]);
		k = vld1q_u8(rk[r]);
		UNROLL
		for (i = 0; i < 8; i++)
			s[i] = vaesmcq_u8(vaeseq_u8(s[i], k));
		if (hash && r < 4)
			gcm_pair_at(&a, g, *y, hsrc, r);
		if (hash && r == 4)
			*y = gcm_reduce(&a);
	}
	GCM_AFTER(rk, s[7]);
	k = vld1q_u8(rk[nr - 1]);
	UNROLL
	for (i = 0; i < 8; i++)
		s[i] = vaeseq_u8(s[i], k);
	k = vld1q_u8(rk[nr]);
	UNROLL
	for (i = 0; i < 8; i++)
		vst1q_u8(dst + 16 * i,
			 veorq_u8(veorq_u8(s[i], k), vld1q_u8(src + 16 * i)));
}

/* The N (1..5) blocks S as one operand list: the rounds of the tail's
 * blocks stay together, each round of all of them before the next (GCC
 * would otherwise take E(J0), the same in every case of the tail's
 * switch, out of the switch, and run it alone before the counter blocks). */
static INLINE void gcm_tie(uint8x16_t *s, const int n)
{
	if (n == 1)
		__asm__("" : "+w"(s[0]));
	else if (n == 2)
		__asm__("" : "+w"(s[0]), "+w"(s[1]));
	else if (n == 3)
		__asm__("" : "+w"(s[0]), "+w"(s[1]), "+w"(s[2]));
	else if (n == 4)
		__asm__("" : "+w"(s[0]), "+w"(s[1]), "+w"(s[2]), "+w"(s[3]));
	else
		__asm__(""
			: "+w"(s[0]), "+w"(s[1]), "+w"(s[2]), "+w"(s[3]),
			  "+w"(s[4]));
}

/* enc_n of the N blocks S, their rounds tied together. */
static INLINE void gcm_enc_tied(const struct ce_keys *kc, uint8x16_t *s,
				const int n)
{
	const uint8x16_t *k = kc->k;
	const int nr = kc->nr;
	int r, i;

	UNROLL
	for (r = 0; r < nr - 1; r++) {
		gcm_tie(s, n);
		UNROLL
		for (i = 0; i < n; i++)
			s[i] = vaesmcq_u8(vaeseq_u8(s[i], k[r]));
	}
	gcm_tie(s, n);
	UNROLL
	for (i = 0; i < n; i++)
		s[i] = veorq_u8(vaeseq_u8(s[i], k[nr - 1]), k[nr]);
}

/* What the caller puts in and takes out around the code with the keys
 * in registers: the associated data's partial last block and the
 * payload's, zero-padded, the payload's partial output, the lengths
 * block. */
struct gcm_io {
	uint8_t alast[16];
	uint8_t tin[16];
	uint8_t tout[16];
	uint8_t lens[16];
	size_t tlen; /* bytes in tin and tout */
};

/*
 * Q (0..4) blocks of the tail: E(the next Q counter blocks), with E(J0)
 * beside them into *EJ0 if WJ; the first WHOLE of them with
 * SRC into DST, a last one (WHOLE < Q) with the partial block of IO. Then
 * the ciphertext of each goes into the feed.
 */
static INLINE void
gcm_tail(const struct ce_keys *kc, const struct cryptarch_ghash_ce_ctx *g,
	 struct gcm_feed *f, uint32x4_t *c, uint32x4_t one, uint8_t *dst,
	 const uint8_t *src, size_t whole, struct gcm_io *io, const uint8_t *j0,
	 uint8x16_t *ej0, const int q, const int wj, const int dec)
{
	/* clang-format off */
	static const uint8_t iota[16] = { 0, 1, 2,  3,  4,  5,  6,  7,
					  8, 9, 10, 11, 12, 13, 14, 15 };
	/* clang-format on */
	uint8x16_t s[5], in, out;
	int i;

	UNROLL
	for (i = 0; i < q; i++)
		s[i] = gcm_ctr(c, one);
	if (wj) {
		s[q] = vld1q_u8(j0);
		gcm_enc_tied(kc, s, q + 1);
		*ej0 = s[q];
	} else {
		gcm_enc_tied(kc, s, q);
	}
	UNROLL
	for (i = 0; i < q; i++) {
		if ((size_t)i < whole) {
			in = vld1q_u8(src + 16 * i);
			out = veorq_u8(in, s[i]);
			vst1q_u8(dst + 16 * i, out);
		} else {
			in = vld1q_u8(io->tin);
			out = veorq_u8(in, s[i]);
			vst1q_u8(io->tout, out);
			/* the ciphertext zero-padded */
			out = vandq_u8(out,
				       vcltq_u8(vld1q_u8(iota),
						vdupq_n_u8((uint8_t)io->tlen)));
		}
		gcm_feed(f, g, dec ? in : out);
	}
}

/* The whole request (gcm.h) with the NR + 1 round keys RK: read in each
 * group of eight, then held in registers for the tail. */
static INLINE void gcm_body(const uint8_t (*rk)[16], const int nr,
			    const struct cryptarch_ghash_ce_ctx *g,
			    const struct cryptarch_aead_req *r,
			    const uint8_t j0[16], uint8_t tag[16],
			    struct gcm_io *io, const int dec)
{
	const uint8_t one_b[16] = { 0, 0, 0, 0, 0, 0, 0, 0,
				    0, 0, 0, 0, 1, 0, 0, 0 };
	const uint8_t *src = r->src, *ad = r->ad;
	uint8_t *dst = r->dst;
	size_t n = r->len / 16, groups = n / 8, m = n % 8, i;
	size_t na = r->adlen / 16, part = io->tlen != 0;
	const uint8_t(*kp)[16];
	struct gcm_feed f;
	struct ce_keys kc;
	uint32x4_t c, one;
	uint8x16_t ej0;

	/* Without a group of eight payload blocks, the associated data,
	 * the payload and the lengths are one feed; else the associated
	 * data is, and the blocks after the groups another. */
	f.y = vdupq_n_u8(0);
	gcm_feed_start(&f,
		       na + (r->adlen % 16 != 0) + (groups ? 0 : m + part + 1));
	for (; na >= 8 && f.left == 8; na -= 8, ad += 128)
		gcm_feed8(&f, g, ad);
	for (; na; na--, ad += 16)
		gcm_feed(&f, g, vld1q_u8(ad));
	if (r->adlen % 16)
		gcm_feed(&f, g, vld1q_u8(io->alast));

	one = vreinterpretq_u32_u8(vld1q_u8(one_b));
	c = vaddq_u32(vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(j0))), one);
	if (groups) {
		if (dec) {
			for (i = 0; i < groups; i++) {
				const uint8_t *s2 = src;

				kp = rk;
				GCM_OPAQUE(kp);
				GCM_OPAQUE(s2);
				gcm_group(kp, nr, g, &f.y, &c, one, dst, s2,
					  src, 1);
				src += 128;
				dst += 128;
			}
		} else {
			kp = rk;
			GCM_OPAQUE(kp);
			gcm_group(kp, nr, g, &f.y, &c, one, dst, src, NULL, 0);
			for (i = 1; i < groups; i++) {
				const uint8_t *prev = dst;

				kp = rk;
				GCM_OPAQUE(kp);
				GCM_OPAQUE(prev);
				gcm_group(kp, nr, g, &f.y, &c, one, dst + 128,
					  src + 128, prev, 1);
				src += 128;
				dst += 128;
			}
			f.y = gcm_hash8(g, f.y, dst);
			src += 128;
			dst += 128;
		}
		gcm_feed_start(&f, m + part + 1);
	}

	load_keys(&kc, rk, nr);
	if (m >= 4) {
		gcm_tail(&kc, g, &f, &c, one, dst, src, 4, io, NULL, NULL, 4, 0,
			 dec);
		m -= 4;
		src += 64;
		dst += 64;
	}
	switch (m + part) {
	case 0:
		gcm_tail(&kc, g, &f, &c, one, dst, src, m, io, j0, &ej0, 0, 1,
			 dec);
		break;
	case 1:
		gcm_tail(&kc, g, &f, &c, one, dst, src, m, io, j0, &ej0, 1, 1,
			 dec);
		break;
	case 2:
		gcm_tail(&kc, g, &f, &c, one, dst, src, m, io, j0, &ej0, 2, 1,
			 dec);
		break;
	case 3:
		gcm_tail(&kc, g, &f, &c, one, dst, src, m, io, j0, &ej0, 3, 1,
			 dec);
		break;
	default:
		gcm_tail(&kc, g, &f, &c, one, dst, src, m, io, j0, &ej0, 4, 1,
			 dec);
		break;
	}
	gcm_feed(&f, g, vld1q_u8(io->lens));
	vst1q_u8(tag, veorq_u8(ej0, vrbitq_u8(f.y)));
}

/* gcm_body for each key size, the round count a constant. */
#define GCM_BY_ROUNDS(c, ...)                             \
	do {                                              \
		if ((c)->rounds == 10)                    \
			gcm_body(EK(c), 10, __VA_ARGS__); \
		else if ((c)->rounds == 12)               \
			gcm_body(EK(c), 12, __VA_ARGS__); \
		else                                      \
			gcm_body(EK(c), 14, __VA_ARGS__); \
	} while (0)

/* The buffers of IO for request R, before anything is written (in
 * place, the payload's tail is read before it is overwritten). */
static void gcm_io_fill(struct gcm_io *io, const struct cryptarch_aead_req *r)
{
	size_t an = r->adlen % 16;

	memset(io, 0, sizeof(*io));
	io->tlen = r->len % 16;
	if (an)
		memcpy(io->alast, r->ad + r->adlen - an, an);
	if (io->tlen)
		memcpy(io->tin, r->src + r->len - io->tlen, io->tlen);
	store64_be(io->lens, (uint64_t)r->adlen << 3);
	store64_be(io->lens + 8, (uint64_t)r->len << 3);
}

static void gcm_io_done(struct gcm_io *io, const struct cryptarch_aead_req *r)
{
	if (io->tlen)
		memcpy(r->dst + r->len - io->tlen, io->tout, io->tlen);
	cryptarch_memzero(io, sizeof(*io));
}

/* See aes-ce.h. */
void cryptarch_aes_ce_gcm_encrypt(const void *cipher, const void *ghash,
				  const struct cryptarch_aead_req *r,
				  const uint8_t j0[16], uint8_t tag[16])
{
	const struct cryptarch_aes_ce_ctx *c = cipher;
	struct gcm_io io;

	gcm_io_fill(&io, r);
	GCM_BY_ROUNDS(c, ghash, r, j0, tag, &io, 0);
	gcm_io_done(&io, r);
}

/* See aes-ce.h. */
void cryptarch_aes_ce_gcm_decrypt(const void *cipher, const void *ghash,
				  const struct cryptarch_aead_req *r,
				  const uint8_t j0[16], uint8_t tag[16])
{
	const struct cryptarch_aes_ce_ctx *c = cipher;
	struct gcm_io io;

	gcm_io_fill(&io, r);
	GCM_BY_ROUNDS(c, ghash, r, j0, tag, &io, 1);
	gcm_io_done(&io, r);
}

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC pop_options
#endif
