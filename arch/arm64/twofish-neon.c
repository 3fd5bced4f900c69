/* SPDX-License-Identifier: MIT */
/*
 * twofish-neon.c - driver "twofish-neon": constant-time Twofish (Schneier,
 * Kelsey, Whiting, Wagner, Hall and Ferguson, "Twofish: A 128-Bit Block
 * Cipher", 1998) on AArch64 Advanced SIMD (NEON), in C with <arm_neon.h>
 * intrinsics.
 *
 * Strategy. The key schedule computes the four key-dependent 8-bit S-boxes
 * of g (section 4.3.3: the chain of q0/q1 with the key bytes of S XORed in
 * between, the MDS matrix not folded in) as 256-byte tables, evaluating q0
 * and q1 on all 256 inputs with the same register lookup; the subkeys come
 * from h on the public inputs 2i and 2i + 1 with Me and Mo, the RS matrix
 * from branch-free GF(2^8) arithmetic. A lookup holds one S-box in 16
 * registers and is a TBL over the first 64 entries and three TBX with the
 * index lowered by 64 each time (as aes-neon's SubBytes); the 1 KiB of
 * S-boxes does not fit in the 32 registers, so each S-box is loaded whole
 * (four LD1 of four registers, fixed addresses) where it is used. The MDS
 * matrix is GF(2^8) arithmetic modulo x^8+x^6+x^5+x^3+1 with
 * 5B = 1 + x^-2 and EF = 1 + x^-1 + x^-2: the products by x^-1 and x^-2
 * are shifts right plus a reduction byte picked by TBL from the two low
 * bits. The hooks run sixteen blocks at a time: the state is four words of
 * sixteen blocks (64 bytes each) on the stack, LD4 of bytes gives the four
 * byte planes of a word (byte j of each of the sixteen blocks in one
 * vector, the S-box and MDS inputs), ST4 of the four MDS output planes
 * gives the words back, and the PHT, subkey additions and rotations are
 * 32-bit vector arithmetic on the words. One block (the single-block
 * functions, one request's CBC encryption) has the eight g input bytes of
 * a round in one vector, looks them up in all four S-boxes (the index
 * adjustments shared) and keeps each byte lane's own result with BSL; its
 * MDS is the same products with the terms of each output byte gathered by
 * TBL; the PHT runs in general registers. Tails of two or three blocks run
 * the one-block path per block, longer ones a padded group of sixteen.
 * Many-request CBC encryption runs sixteen chains at once
 * (src/modes/cbc-lanes.h), the last few serially.
 *
 * Constant-time: TBL and TBX are register permutes whose timing does not
 * depend on the index values; every load address (the S-boxes and q
 * tables are read whole, the state sits at fixed stack offsets) and every
 * branch depends only on lengths and the key size, key schedule included.
 * Needs NEON (part of base AArch64; cpu_features NEON so that the
 * CRYPTARCH_DISABLE mask can switch it off). Little-endian only (the
 * words are read with vector loads). Speed: Twofish-128, 4096-byte
 * requests, instructions per byte executed in the driver: ECB 19.81, CBC
 * decryption 20.12, CTR 22.96, XTS 21.33, CBC encryption 90.82, eight
 * requests' CBC encryption at once (cbc-mb8, half the lanes) 40.73,
 * sixteen (cbc-mb16) 20.69; twofish-ct 122.29, 122.76, 125.45, 128.41,
 * 1265.56, 243.21, 123.18; twofish-generic (ECB, CBC encryption) 32.19
 * and 32.50. Counted with the insncount plugin under qemu-aarch64 7.2 on
 * a gcc 12.2 -O2 -static build (bench/insncount.sh --targets aarch64
 * --drivers twofish-neon,twofish-ct,twofish-generic --modes
 * ecb-enc,cbc-enc,cbc-mb8,ctr-enc,xts-enc --sizes 4096), 2026-12-02.
 * Instruction counts rank, they do not time: a four-register TBL takes
 * several cycles on most cores, so the priority (95) puts this driver
 * above twofish-ct (90), the constant-time choice on arm64, and below
 * twofish-generic (100) where variable time is allowed; `cryptarch tune`
 * measures the rest.
 */
#include <arm_neon.h>
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "../../src/core/desc.h"
#include "../../src/core/endian.h"
#include "../../src/core/memzero.h"
#include "../../src/modes/cbc-lanes.h"
#include "../../src/modes/cbc.h"
#include "../../src/modes/ctr-inc.h"
#include "../../src/modes/ctr.h"
#include "../../src/modes/ecb.h"
#include "../../src/modes/xctr.h"
#include "../../src/modes/xts-tweak.h"
#include "../../src/modes/xts.h"
#include "../../src/twofish/twofish-tables.h"
#include "../../src/twofish/twofish.h"

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "twofish-neon.c assumes a little-endian AArch64 target"
#endif

#define INLINE inline __attribute__((always_inline))
/* Unroll a loop over byte planes, words or S-boxes, so that its vectors
 * stay in registers. */
#define UNROLL _Pragma("GCC unroll 8")

/* Blocks in one group of the hooks. */
#define NB 16

/*
 * The expanded key: s[j] is the key-dependent S-box of byte lane j of g,
 * loaded whole into registers and read by TBL/TBX, never indexed in
 * memory; k[] are the subkeys K0..K39.
 */
struct twofish_neon_ctx {
	uint8_t s[4][256];
	uint32_t k[40];
};

/*
 * Reduction bytes of the MDS field (x^8+x^6+x^5+x^3+1), by the two low
 * bits b of x: x * x^-2 = (x >> 2) ^ red2[b], x * (x^-1 + x^-2) =
 * (x >> 1) ^ (x >> 2) ^ red12[b]; x^-1 = B4, x^-2 = 5A (section 4.2's
 * 5B = 1 + x^-2 and EF = 1 + x^-1 + x^-2).
 */
static const uint8_t red2[16] = { 0x00, 0x5a, 0xb4, 0xee };
static const uint8_t red12[16] = { 0x00, 0xee, 0xb4, 0x5a };

/*
 * TBL indices gathering the terms of the MDS matrix (one block): with z
 * the S-box outputs (bytes 0-3 of g(X), 4-7 of g(Y)), f = 5B z and
 * g = EF z, output byte i of each g is z[A] ^ f[B1] ^ f[B2] ^ g[C1] ^
 * g[C2] (M = 01 EF 5B 5B / 5B EF EF 01 / EF 5B 01 EF / EF 01 EF 5B):
 *     A = 0 3 2 1, B1 = 2 0 1 3, B2 = 3 - - -, C1 = 1 1 0 0, C2 = - 2 3 2
 * (-, and bytes 8-15: 0xff, a zero term).
 */
#define N 0xff
#define MDS_TERM(a, b, c, d)                                                 \
	{ a, b, c, d, (a) | 4, (b) | 4, (c) | 4, (d) | 4, N, N, N, N, N, N, N, \
	  N }
static const uint8_t mds_terms[5][16] = {
	MDS_TERM(0, 3, 2, 1), MDS_TERM(2, 0, 1, 3), MDS_TERM(3, N, N, N),
	MDS_TERM(1, 1, 0, 0), MDS_TERM(N, 2, 3, 2),
};
#undef MDS_TERM
#undef N

/*
 * Each byte x of X replaced by T[x], with T in T0-T3 (bytes 0-63, 64-127,
 * 128-191, 192-255): TBL over T0, then TBX over T1-T3 with x - 64, x - 128,
 * x - 192 (an index out of range leaves the byte as it is).
 */
static INLINE uint8x16_t look(uint8x16x4_t t0, uint8x16x4_t t1,
			      uint8x16x4_t t2, uint8x16x4_t t3, uint8x16_t x)
{
	const uint8x16_t step = vdupq_n_u8(64);
	uint8x16_t r = vqtbl4q_u8(t0, x);

	x = vsubq_u8(x, step);
	r = vqtbx4q_u8(r, t1, x);
	x = vsubq_u8(x, step);
	r = vqtbx4q_u8(r, t2, x);
	x = vsubq_u8(x, step);
	return vqtbx4q_u8(r, t3, x);
}

#define LOAD_TAB(p)                                                          \
	uint8x16x4_t t0 = vld1q_u8_x4(p), t1 = vld1q_u8_x4((p) + 64);        \
	uint8x16x4_t t2 = vld1q_u8_x4((p) + 128),                            \
		     t3 = vld1q_u8_x4((p) + 192)

/*
 * The S-box at P (256 bytes) loaded whole into v16-v31 and looked up for
 * the bytes of X, X1 = X - 64, X2 = X - 128 and X3 = X - 192 (and of Y, in
 * look2): TBL over entries 0-63, TBX over the others. In asm so that the
 * four loads are post-indexed from one pointer and the tables are neither
 * kept across rounds nor spilled (1 KiB of S-boxes does not fit in the
 * registers, and a copy on the stack would outlive the call).
 */
#define VTAB "v16", "v17", "v18", "v19", "v20", "v21", "v22", "v23", "v24", \
	"v25", "v26", "v27", "v28", "v29", "v30", "v31"
#define TABM(p) "m"(*(const uint8_t(*)[256])(p))

static INLINE uint8x16_t look1(const uint8_t *p, uint8x16_t x, uint8x16_t x1,
			       uint8x16_t x2, uint8x16_t x3)
{
	uint8x16_t r;

	__asm__("ld1	{v16.16b-v19.16b}, [%[p]], #64\n\t"
		"ld1	{v20.16b-v23.16b}, [%[p]], #64\n\t"
		"tbl	%[r].16b, {v16.16b-v19.16b}, %[x].16b\n\t"
		"ld1	{v24.16b-v27.16b}, [%[p]], #64\n\t"
		"tbx	%[r].16b, {v20.16b-v23.16b}, %[x1].16b\n\t"
		"ld1	{v28.16b-v31.16b}, [%[p]]\n\t"
		"tbx	%[r].16b, {v24.16b-v27.16b}, %[x2].16b\n\t"
		"tbx	%[r].16b, {v28.16b-v31.16b}, %[x3].16b"
		: [r] "=&w"(r), [p] "+r"(p)
		: [x] "w"(x), [x1] "w"(x1), [x2] "w"(x2), [x3] "w"(x3), TABM(p)
		: VTAB);
	return r;
}

static INLINE void look2(const uint8_t *p, uint8x16_t *x, uint8x16_t *y)
{
	const uint8x16_t step = vdupq_n_u8(64);
	uint8x16_t x0 = *x, x1 = vsubq_u8(x0, step), x2 = vsubq_u8(x1, step);
	uint8x16_t x3 = vsubq_u8(x2, step), y0 = *y, y1 = vsubq_u8(y0, step);
	uint8x16_t y2 = vsubq_u8(y1, step), y3 = vsubq_u8(y2, step), rx, ry;

	__asm__("ld1	{v16.16b-v19.16b}, [%[p]], #64\n\t"
		"ld1	{v20.16b-v23.16b}, [%[p]], #64\n\t"
		"tbl	%[rx].16b, {v16.16b-v19.16b}, %[x0].16b\n\t"
		"tbl	%[ry].16b, {v16.16b-v19.16b}, %[y0].16b\n\t"
		"ld1	{v24.16b-v27.16b}, [%[p]], #64\n\t"
		"tbx	%[rx].16b, {v20.16b-v23.16b}, %[x1].16b\n\t"
		"tbx	%[ry].16b, {v20.16b-v23.16b}, %[y1].16b\n\t"
		"ld1	{v28.16b-v31.16b}, [%[p]]\n\t"
		"tbx	%[rx].16b, {v24.16b-v27.16b}, %[x2].16b\n\t"
		"tbx	%[ry].16b, {v24.16b-v27.16b}, %[y2].16b\n\t"
		"tbx	%[rx].16b, {v28.16b-v31.16b}, %[x3].16b\n\t"
		"tbx	%[ry].16b, {v28.16b-v31.16b}, %[y3].16b"
		: [rx] "=&w"(rx), [ry] "=&w"(ry), [p] "+r"(p)
		: [x0] "w"(x0), [x1] "w"(x1), [x2] "w"(x2), [x3] "w"(x3),
		  [y0] "w"(y0), [y1] "w"(y1), [y2] "w"(y2), [y3] "w"(y3),
		  TABM(p)
		: VTAB);
	*x = rx;
	*y = ry;
}

/* Each byte of Z times x^-2 (*D2) and times x^-1 + x^-2 (*E). */
static INLINE void mul_d(uint8x16_t z, uint8x16_t *d2, uint8x16_t *e)
{
	const uint8x16_t r2 = vld1q_u8(red2), r12 = vld1q_u8(red12);
	uint8x16_t m = vandq_u8(z, vdupq_n_u8(3));
	uint8x16_t u2 = vshrq_n_u8(z, 2);

	*d2 = veorq_u8(u2, vqtbl1q_u8(r2, m));
	*e = veorq_u8(veorq_u8(vshrq_n_u8(z, 1), u2), vqtbl1q_u8(r12, m));
}

/*
 * The MDS matrix on four byte planes Z (z_j: S-box output of lane j) into
 * O: with S = z0 ^ z1 ^ z2 ^ z3, d_j = x^-2 z_j and e_j = (x^-1 + x^-2) z_j
 * (5B z = z ^ d, EF z = z ^ e),
 *     o0 = S ^ e1 ^ d2 ^ d3,  o1 = S ^ d0 ^ e1 ^ e2,
 *     o2 = S ^ e0 ^ d1 ^ e3,  o3 = S ^ e0 ^ e2 ^ d3.
 */
static INLINE void mds16(const uint8x16_t *z, uint8x16x4_t *o)
{
	uint8x16_t d[4], e[4], s, s0, s1;
	int j;

	UNROLL
	for (j = 0; j < 4; j++)
		mul_d(z[j], &d[j], &e[j]);
	s = veorq_u8(veorq_u8(z[0], z[1]), veorq_u8(z[2], z[3]));
	s0 = veorq_u8(s, e[0]);
	s1 = veorq_u8(s, e[1]);
	o->val[0] = veorq_u8(s1, veorq_u8(d[2], d[3]));
	o->val[1] = veorq_u8(s1, veorq_u8(d[0], e[2]));
	o->val[2] = veorq_u8(s0, veorq_u8(d[1], e[3]));
	o->val[3] = veorq_u8(s0, veorq_u8(e[2], d[3]));
}

/* ------------------------------------------------------------------ */
/* Sixteen blocks. */

/*
 * The state: st[w] holds word w of the sixteen blocks (block b in bytes
 * 4b..4b+3, little-endian), so that LD4 of bytes gives its byte planes
 * and LD1 its words, four blocks per vector.
 */
struct st16 {
	uint8_t w[4][64];
	uint8_t tmp[2][64];
};

/*
 * g of word X and g(ROL(Y, 8)) of the sixteen blocks into T0 and T1 (in
 * TMP, as words). Byte j of ROL(Y, 8) is byte j - 1 of Y.
 */
static INLINE void g16(const struct twofish_neon_ctx *ctx, struct st16 *st,
		       const uint8_t *x, const uint8_t *y)
{
	uint8x16x4_t xb = vld4q_u8(x), yb = vld4q_u8(y), o;
	uint8x16_t in[8];
	int j;

	UNROLL
	for (j = 0; j < 4; j++) {
		in[j] = xb.val[j];
		in[4 + j] = yb.val[(j + 3) & 3];
	}
	UNROLL
	for (j = 0; j < 4; j++)
		look2(ctx->s[j], &in[j], &in[4 + j]);
	mds16(in, &o);
	vst4q_u8(st->tmp[0], o);
	mds16(in + 4, &o);
	vst4q_u8(st->tmp[1], o);
}

static INLINE uint32x4_t u32(uint8x16_t x)
{
	return vreinterpretq_u32_u8(x);
}

static INLINE uint32x4_t ror1(uint32x4_t x)
{
	return vsriq_n_u32(vshlq_n_u32(x, 31), x, 1);
}

static INLINE uint32x4_t rol1(uint32x4_t x)
{
	return vsliq_n_u32(vshrq_n_u32(x, 31), x, 1);
}

/*
 * A round's F (section 4.1) from the g outputs in TMP: F0 = T0 + T1 + K0,
 * F1 = T0 + 2 T1 + K1; encryption (DEC clear) R2 = ROR(R2 ^ F0, 1),
 * R3 = ROL(R3, 1) ^ F1, decryption R2 = ROL(R2, 1) ^ F0,
 * R3 = ROR(R3 ^ F1, 1).
 */
static INLINE void f16(struct st16 *st, uint8_t *r2, uint8_t *r3,
		       const uint32_t *k, int dec)
{
	uint8x16x4_t a = vld1q_u8_x4(st->tmp[0]), b = vld1q_u8_x4(st->tmp[1]);
	uint8x16x4_t c = vld1q_u8_x4(r2), d = vld1q_u8_x4(r3);
	uint32x4_t k0 = vdupq_n_u32(k[0]), k1 = vdupq_n_u32(k[1]);
	int i;

	UNROLL
	for (i = 0; i < 4; i++) {
		uint32x4_t t1 = u32(b.val[i]);
		uint32x4_t s = vaddq_u32(u32(a.val[i]), t1);
		uint32x4_t f0 = vaddq_u32(s, k0);
		uint32x4_t f1 = vaddq_u32(vaddq_u32(s, t1), k1);
		uint32x4_t x = u32(c.val[i]), y = u32(d.val[i]);

		if (!dec) {
			x = ror1(veorq_u32(x, f0));
			y = veorq_u32(rol1(y), f1);
		} else {
			x = veorq_u32(rol1(x), f0);
			y = ror1(veorq_u32(y, f1));
		}
		c.val[i] = vreinterpretq_u8_u32(x);
		d.val[i] = vreinterpretq_u8_u32(y);
	}
	vst1q_u8_x4(r2, c);
	vst1q_u8_x4(r3, d);
}

/* Word W of the state ^= K. */
static INLINE void whiten16(uint8_t *w, uint32_t k)
{
	uint8x16x4_t v = vld1q_u8_x4(w);
	uint8x16_t kk = vreinterpretq_u8_u32(vdupq_n_u32(k));
	int i;

	UNROLL
	for (i = 0; i < 4; i++)
		v.val[i] = veorq_u8(v.val[i], kk);
	vst1q_u8_x4(w, v);
}

/*
 * Encrypt (DEC clear) or decrypt the sixteen blocks of ST in place:
 * encryption starts from (a, b, c, d) = P ^ K0..K3 in w[0..3] and leaves
 * C = (c, d, a, b) ^ K4..K7; decryption the reverse, with the words of C
 * in w[2], w[3], w[0], w[1].
 */
static void crypt16(const struct twofish_neon_ctx *ctx, struct st16 *st,
		    int dec)
{
	const uint32_t *k = ctx->k;
	int r, w;

	UNROLL
	for (w = 0; w < 4; w++)
		whiten16(st->w[w], dec ? k[4 + (w + 2) % 4] : k[w]);
	if (!dec) {
		for (r = 0; r < 8; r++) {
			g16(ctx, st, st->w[0], st->w[1]);
			f16(st, st->w[2], st->w[3], k + 8 + 4 * r, 0);
			g16(ctx, st, st->w[2], st->w[3]);
			f16(st, st->w[0], st->w[1], k + 10 + 4 * r, 0);
		}
		UNROLL
		for (w = 0; w < 4; w++)
			whiten16(st->w[w], k[4 + (w + 2) % 4]);
	} else {
		for (r = 7; r >= 0; r--) {
			g16(ctx, st, st->w[2], st->w[3]);
			f16(st, st->w[0], st->w[1], k + 10 + 4 * r, 1);
			g16(ctx, st, st->w[0], st->w[1]);
			f16(st, st->w[2], st->w[3], k + 8 + 4 * r, 1);
		}
		UNROLL
		for (w = 0; w < 4; w++)
			whiten16(st->w[w], k[w]);
	}
}

/* Sixteen blocks IN into the state: block b's word i into word (i + o)
 * % 4 (o = 2 for decryption), by LD4 of 32-bit lanes. */
static INLINE void load16(struct st16 *st, const uint8_t *in, int o)
{
	int q, i;

	UNROLL
	for (q = 0; q < 4; q++) {
		uint32x4x4_t v = vld4q_u32((const uint32_t *)(in + 64 * q));

		UNROLL
		for (i = 0; i < 4; i++)
			vst1q_u8(st->w[(i + o) & 3] + 16 * q,
				 vreinterpretq_u8_u32(v.val[i]));
	}
}

static INLINE void store16(uint8_t *out, const struct st16 *st, int o)
{
	int q, i;

	UNROLL
	for (q = 0; q < 4; q++) {
		uint32x4x4_t v;

		UNROLL
		for (i = 0; i < 4; i++)
			v.val[i] = vreinterpretq_u32_u8(
				vld1q_u8(st->w[(i + o) & 3] + 16 * q));
		vst4q_u32((uint32_t *)(out + 64 * q), v);
	}
}

/* ------------------------------------------------------------------ */
/* One block. */

/*
 * g(X) and g(ROL(Y, 8)) of one block into *GX and *GY: the eight bytes in
 * one vector, each through all four S-boxes (the index adjustments
 * shared), byte lane j keeping S-box j's result.
 */
static INLINE void g1(const struct twofish_neon_ctx *ctx, uint32_t x,
		      uint32_t y, uint32_t *gx, uint32_t *gy)
{
	const uint8x16_t step = vdupq_n_u8(64);
	const uint8x16_t even = vreinterpretq_u8_u16(vdupq_n_u16(0x00ff));
	const uint8x16_t low = vreinterpretq_u8_u32(vdupq_n_u32(0x0000ffff));
	uint8x16_t v = vreinterpretq_u8_u64(
		vdupq_n_u64(x | (uint64_t)rol32(y, 8) << 32));
	uint8x16_t v1 = vsubq_u8(v, step), v2 = vsubq_u8(v1, step);
	uint8x16_t v3 = vsubq_u8(v2, step), r[4], z, d2, e;
	uint8x16_t f, g;
	uint64_t out;
	int j;

	UNROLL
	for (j = 0; j < 4; j++)
		r[j] = look1(ctx->s[j], v, v1, v2, v3);
	z = vbslq_u8(low, vbslq_u8(even, r[0], r[1]),
		     vbslq_u8(even, r[2], r[3]));
	mul_d(z, &d2, &e);
	f = veorq_u8(z, d2);
	g = veorq_u8(z, e);
	z = veorq_u8(veorq_u8(vqtbl1q_u8(z, vld1q_u8(mds_terms[0])),
			      vqtbl1q_u8(f, vld1q_u8(mds_terms[1]))),
		     veorq_u8(vqtbl1q_u8(f, vld1q_u8(mds_terms[2])),
			      vqtbl1q_u8(g, vld1q_u8(mds_terms[3]))));
	z = veorq_u8(z, vqtbl1q_u8(g, vld1q_u8(mds_terms[4])));
	out = vgetq_lane_u64(vreinterpretq_u64_u8(z), 0);
	*gx = (uint32_t)out;
	*gy = (uint32_t)(out >> 32);
}

/* One block IN to OUT (DEC: decrypt). */
static void crypt1(const struct twofish_neon_ctx *ctx, uint8_t *out,
		   const uint8_t *in, int dec)
{
	const uint32_t *k = ctx->k;
	uint32_t a, b, c, d, t0, t1;
	int r;

	if (!dec) {
		a = load32_le(in) ^ k[0];
		b = load32_le(in + 4) ^ k[1];
		c = load32_le(in + 8) ^ k[2];
		d = load32_le(in + 12) ^ k[3];
		for (r = 0; r < 8; r++) {
			const uint32_t *rk = k + 8 + 4 * r;

			g1(ctx, a, b, &t0, &t1);
			c = ror32(c ^ (t0 + t1 + rk[0]), 1);
			d = rol32(d, 1) ^ (t0 + 2 * t1 + rk[1]);
			g1(ctx, c, d, &t0, &t1);
			a = ror32(a ^ (t0 + t1 + rk[2]), 1);
			b = rol32(b, 1) ^ (t0 + 2 * t1 + rk[3]);
		}
		store32_le(out, c ^ k[4]);
		store32_le(out + 4, d ^ k[5]);
		store32_le(out + 8, a ^ k[6]);
		store32_le(out + 12, b ^ k[7]);
	} else {
		c = load32_le(in) ^ k[4];
		d = load32_le(in + 4) ^ k[5];
		a = load32_le(in + 8) ^ k[6];
		b = load32_le(in + 12) ^ k[7];
		for (r = 7; r >= 0; r--) {
			const uint32_t *rk = k + 8 + 4 * r;

			g1(ctx, c, d, &t0, &t1);
			a = rol32(a, 1) ^ (t0 + t1 + rk[2]);
			b = ror32(b ^ (t0 + 2 * t1 + rk[3]), 1);
			g1(ctx, a, b, &t0, &t1);
			c = rol32(c, 1) ^ (t0 + t1 + rk[0]);
			d = ror32(d ^ (t0 + 2 * t1 + rk[1]), 1);
		}
		store32_le(out, a ^ k[0]);
		store32_le(out + 4, b ^ k[1]);
		store32_le(out + 8, c ^ k[2]);
		store32_le(out + 12, d ^ k[3]);
	}
}

/*
 * The first N (1..16) blocks of IN (16 N bytes) to OUT (OUT == IN
 * allowed): up to three by the one-block path, more as a group of
 * sixteen (zero blocks after the N).
 */
static void crypt_blocks(const struct twofish_neon_ctx *ctx, uint8_t *out,
			 const uint8_t *in, size_t n, int dec)
{
	_Alignas(64) struct st16 st;
	_Alignas(16) uint8_t buf[16 * NB];
	size_t i;

	if (n < 4) {
		for (i = 0; i < n; i++)
			crypt1(ctx, out + 16 * i, in + 16 * i, dec);
		return;
	}
	if (n < NB) {
		memset(buf, 0, sizeof(buf));
		memcpy(buf, in, 16 * n);
		load16(&st, buf, dec ? 2 : 0);
	} else {
		load16(&st, in, dec ? 2 : 0);
	}
	crypt16(ctx, &st, dec);
	if (n < NB) {
		store16(buf, &st, dec ? 0 : 2);
		memcpy(out, buf, 16 * n);
		cryptarch_memzero(buf, sizeof(buf));
	} else {
		store16(out, &st, dec ? 0 : 2);
	}
	cryptarch_memzero(&st, sizeof(st));
}

/* see desc.h (struct cryptarch_cipher_ops.encrypt) */
static void cryptarch_twofish_neon_encrypt(const void *ctx, uint8_t *dst,
					   const uint8_t *src)
{
	crypt1(ctx, dst, src, 0);
}

/* see desc.h (struct cryptarch_cipher_ops.decrypt) */
static void cryptarch_twofish_neon_decrypt(const void *ctx, uint8_t *dst,
					   const uint8_t *src)
{
	crypt1(ctx, dst, src, 1);
}

/* ------------------------------------------------------------------ */
/* The modes. */

static void ecb_crypt(const void *ctx, uint8_t *dst, const uint8_t *src,
		      size_t nblocks, int dec)
{
	size_t n;

	for (; nblocks; nblocks -= n, src += 16 * n, dst += 16 * n) {
		n = nblocks < NB ? nblocks : NB;
		crypt_blocks(ctx, dst, src, n, dec);
	}
}

/* see src/modes/ecb.h (struct cryptarch_ecb_hooks.encrypt) */
static void cryptarch_twofish_neon_ecb_encrypt(const void *ctx, uint8_t *dst,
					       const uint8_t *src,
					       size_t nblocks)
{
	ecb_crypt(ctx, dst, src, nblocks, 0);
}

/* see src/modes/ecb.h (struct cryptarch_ecb_hooks.decrypt) */
static void cryptarch_twofish_neon_ecb_decrypt(const void *ctx, uint8_t *dst,
					       const uint8_t *src,
					       size_t nblocks)
{
	ecb_crypt(ctx, dst, src, nblocks, 1);
}

/* see src/modes/cbc.h (struct cryptarch_cbc_hooks.encrypt): serial, one
 * block at a time */
static void cryptarch_twofish_neon_cbc_encrypt(const void *ctx, uint8_t *dst,
					       const uint8_t *src,
					       size_t nblocks, uint8_t iv[16])
{
	uint8_t x[16];

	memcpy(x, iv, 16);
	for (; nblocks; nblocks--, src += 16, dst += 16) {
		xor_block(x, x, src);
		crypt1(ctx, x, x, 0);
		memcpy(dst, x, 16);
	}
	memcpy(iv, x, 16);
	cryptarch_memzero(x, sizeof(x));
}

/* see src/modes/cbc.h (struct cryptarch_cbc_hooks.decrypt) */
static void cryptarch_twofish_neon_cbc_decrypt(const void *ctx, uint8_t *dst,
					       const uint8_t *src,
					       size_t nblocks, uint8_t iv[16])
{
	uint8_t pt[16 * NB], last[16];
	size_t i, n;

	for (; nblocks; nblocks -= n, src += 16 * n, dst += 16 * n) {
		n = nblocks < NB ? nblocks : NB;
		crypt_blocks(ctx, pt, src, n, 1);
		memcpy(last, src + 16 * (n - 1), 16);
		/* backwards: in place, each ciphertext block is read before
		 * its plaintext overwrites it */
		for (i = n - 1; i > 0; i--)
			xor_block(dst + 16 * i, pt + 16 * i,
				  src + 16 * (i - 1));
		xor_block(dst, pt, iv);
		memcpy(iv, last, 16);
	}
	cryptarch_memzero(pt, sizeof(pt));
}

/* The first K (1..16) blocks of BUF encrypted in place: sixteen lanes of
 * CBC encryption (cbc-lanes.h). */
static void cbc_lanes16(const void *ctx, uint8_t *buf, unsigned int k)
{
	crypt_blocks(ctx, buf, buf, k, 0);
}

/* see src/modes/cbc.h (struct cryptarch_cbc_hooks.encrypt_many): sixteen
 * chains at once; fewer than four left finish serially (a group of sixteen
 * costs about what three single blocks do) */
static void cryptarch_twofish_neon_cbc_encrypt_many(
	const void *ctx, const struct cryptarch_request *req, size_t n)
{
	cryptarch_cbc_lanes_encrypt(ctx, req, n, NB, 4, cbc_lanes16,
				    cryptarch_twofish_neon_cbc_encrypt);
}

/* see src/modes/ctr.h (struct cryptarch_ctr_hooks.crypt) */
static void cryptarch_twofish_neon_ctr_crypt(const void *ctx, uint8_t *dst,
					     const uint8_t *src,
					     size_t nblocks, uint8_t ctr[16])
{
	uint8_t ks[16 * NB];
	size_t i, n;

	for (; nblocks; nblocks -= n, src += 16 * n, dst += 16 * n) {
		n = nblocks < NB ? nblocks : NB;
		for (i = 0; i < n; i++) {
			memcpy(ks + 16 * i, ctr, 16);
			ctr_add(ctr, 1);
		}
		crypt_blocks(ctx, ks, ks, n, 0);
		for (i = 0; i < n; i++)
			xor_block(dst + 16 * i, src + 16 * i, ks + 16 * i);
	}
	cryptarch_memzero(ks, sizeof(ks));
}

/* see src/modes/xctr.h (struct cryptarch_xctr_hooks.crypt) */
static void cryptarch_twofish_neon_xctr_crypt(const void *ctx, uint8_t *dst,
					      const uint8_t *src,
					      size_t nblocks,
					      const uint8_t iv[16],
					      uint64_t ctr)
{
	uint8_t ks[16 * NB];
	uint64_t v0 = load64_le(iv), v1 = load64_le(iv + 8);
	size_t i, n;

	for (; nblocks; nblocks -= n, src += 16 * n, dst += 16 * n) {
		n = nblocks < NB ? nblocks : NB;
		/* iv ^ le128(ctr + i), the counter wrapping at 2^64 */
		for (i = 0; i < n; i++) {
			store64_le(ks + 16 * i, v0 ^ (ctr + i));
			store64_le(ks + 16 * i + 8, v1);
		}
		ctr += n;
		crypt_blocks(ctx, ks, ks, n, 0);
		for (i = 0; i < n; i++)
			xor_block(dst + 16 * i, src + 16 * i, ks + 16 * i);
	}
	cryptarch_memzero(ks, sizeof(ks));
}

static void xts_crypt(const void *ctx, uint8_t *dst, const uint8_t *src,
		      size_t nblocks, uint8_t tweak[16], int dec)
{
	uint8_t tw[16 * NB], x[16 * NB];
	size_t i, n;

	for (; nblocks; nblocks -= n, src += 16 * n, dst += 16 * n) {
		n = nblocks < NB ? nblocks : NB;
		for (i = 0; i < n; i++) {
			memcpy(tw + 16 * i, tweak, 16);
			xts_mul_alpha(tweak);
			xor_block(x + 16 * i, src + 16 * i, tw + 16 * i);
		}
		crypt_blocks(ctx, x, x, n, dec);
		for (i = 0; i < n; i++)
			xor_block(dst + 16 * i, x + 16 * i, tw + 16 * i);
	}
	cryptarch_memzero(tw, sizeof(tw));
	cryptarch_memzero(x, sizeof(x));
}

/* see src/modes/xts.h (struct cryptarch_xts_hooks.encrypt) */
static void cryptarch_twofish_neon_xts_encrypt(const void *ctx, uint8_t *dst,
					       const uint8_t *src,
					       size_t nblocks,
					       uint8_t tweak[16])
{
	xts_crypt(ctx, dst, src, nblocks, tweak, 0);
}

/* see src/modes/xts.h (struct cryptarch_xts_hooks.decrypt) */
static void cryptarch_twofish_neon_xts_decrypt(const void *ctx, uint8_t *dst,
					       const uint8_t *src,
					       size_t nblocks,
					       uint8_t tweak[16])
{
	xts_crypt(ctx, dst, src, nblocks, tweak, 1);
}

/* ------------------------------------------------------------------ */
/* The key schedule (section 4.3). */

/* The RS matrix (section 4.3), [row][column]. */
static const uint8_t rs[4][8] = {
	{ 0x01, 0xa4, 0x55, 0x87, 0x5a, 0x58, 0xdb, 0x9e },
	{ 0xa4, 0x56, 0x82, 0xf3, 0x1e, 0xc6, 0x68, 0xe5 },
	{ 0x02, 0xa1, 0xfc, 0xc1, 0x47, 0xae, 0x3d, 0x19 },
	{ 0xa4, 0x55, 0x87, 0x5a, 0x58, 0xdb, 0x9e, 0x03 },
};

/* A * C in GF(2^8) modulo x^8+x^6+x^3+x^2+1; C public, no branch or index
 * on A. */
static uint32_t rs_mul(uint32_t a, uint32_t c)
{
	uint32_t r = 0;
	int i;

	for (i = 0; i < 8; i++) {
		r ^= a & (0u - ((c >> i) & 1));
		a = (a << 1) ^ (0x14du & (0u - ((a >> 7) & 1)));
	}
	return r;
}

/* q0 (Q 0) or q1 of every byte of X, the table loaded whole. */
static uint8x16_t qperm(int q, uint8x16_t x)
{
	LOAD_TAB(cryptarch_twofish_q[q]);

	return look(t0, t1, t2, t3, x);
}

/*
 * Lane J of h (section 4.3.2) for a key of K 64-bit words on the bytes
 * of X, with the list L whose byte j of word i is l[8 * i + j]: (K = 4)
 * qa[j], (K >= 3) qb[j], then qc[j], qd[j] with the key bytes XORed after
 * each, and the last permutation of the lane.
 */
static uint8x16_t h_lane(uint8x16_t x, const uint8_t *l, int k, int j)
{
	static const uint8_t qa[4] = { 1, 0, 0, 1 };
	static const uint8_t qb[4] = { 1, 1, 0, 0 };
	static const uint8_t qc[4] = { 0, 1, 0, 1 };
	static const uint8_t qd[4] = { 0, 0, 1, 1 };
	static const uint8_t qe[4] = { 1, 0, 1, 0 };

	if (k == 4)
		x = veorq_u8(qperm(qa[j], x), vdupq_n_u8(l[24 + j]));
	if (k >= 3)
		x = veorq_u8(qperm(qb[j], x), vdupq_n_u8(l[16 + j]));
	x = veorq_u8(qperm(qc[j], x), vdupq_n_u8(l[8 + j]));
	x = veorq_u8(qperm(qd[j], x), vdupq_n_u8(l[j]));
	return qperm(qe[j], x);
}

static uint8x16_t iota(unsigned int base)
{
	static const uint8_t i[16] = { 0, 1, 2,  3,  4,  5,  6,  7,
				       8, 9, 10, 11, 12, 13, 14, 15 };

	return vaddq_u8(vld1q_u8(i), vdupq_n_u8((uint8_t)base));
}

/* h of the public inputs 0..47 (X rho) with the list L, into OUT. */
static void h48(const uint8_t *l, int k, uint32_t out[48])
{
	uint8_t y[4][16];
	uint8x16_t z[4];
	uint8x16x4_t o;
	int v, j;

	for (v = 0; v < 3; v++) {
		for (j = 0; j < 4; j++)
			z[j] = h_lane(iota(16 * v), l, k, j);
		mds16(z, &o);
		/* the four planes interleaved: word x = bytes 4x..4x+3 */
		vst4q_u8(y[0], o);
		memcpy(out + 16 * v, y, 64);
	}
	cryptarch_memzero(y, sizeof(y));
}

/* see desc.h (struct cryptarch_cipher_ops.setkey) */
static int cryptarch_twofish_neon_setkey(void *vctx, const uint8_t *key,
					 size_t keylen)
{
	struct twofish_neon_ctx *ctx = vctx;
	uint8_t me[32], mo[32], sb[32];
	uint32_t he[48], ho[48];
	int k, i, j, r;

	if (keylen != 16 && keylen != 24 && keylen != 32)
		return -EINVAL;
	k = (int)(keylen / 8);

	/*
	 * Me and Mo (section 4.3) as byte lists, and the S words by the RS
	 * matrix, S_i from key bytes 8i..8i+7, in reverse order (the list
	 * of g is S_(k-1), ..., S_0).
	 */
	for (i = 0; i < k; i++) {
		for (j = 0; j < 4; j++) {
			me[8 * i + j] = key[8 * i + j];
			mo[8 * i + j] = key[8 * i + 4 + j];
		}
		for (r = 0; r < 4; r++) {
			uint32_t s = 0;

			for (j = 0; j < 8; j++)
				s ^= rs_mul(key[8 * i + j], rs[r][j]);
			sb[8 * (k - 1 - i) + r] = (uint8_t)s;
		}
	}

	/* The subkeys (section 4.3.4). */
	h48(me, k, he);
	h48(mo, k, ho);
	for (i = 0; i < 20; i++) {
		uint32_t a = he[2 * i], b = rol32(ho[2 * i + 1], 8);

		ctx->k[2 * i] = a + b;
		ctx->k[2 * i + 1] = rol32(a + 2 * b, 9);
	}

	/* The S-boxes of g: h's lanes without MDS, on every byte. */
	UNROLL
	for (j = 0; j < 4; j++)
		for (i = 0; i < 16; i++)
			vst1q_u8(ctx->s[j] + 16 * i,
				 h_lane(iota(16 * (unsigned int)i), sb, k, j));

	cryptarch_memzero(me, sizeof(me));
	cryptarch_memzero(mo, sizeof(mo));
	cryptarch_memzero(sb, sizeof(sb));
	cryptarch_memzero(he, sizeof(he));
	cryptarch_memzero(ho, sizeof(ho));
	return 0;
}

CRYPTARCH_DRIVER(twofish_neon,
	.name = "twofish-neon",
	.alg = &cryptarch_twofish,
	.summary = "Advanced SIMD: the key-dependent 8-bit S-boxes computed "
		    "at setkey, each loaded whole into 16 registers and read "
		    "by TBL/TBX; MDS by shifts and TBL reductions; 16 blocks "
		    "as byte planes (LD4/ST4) for ECB, CBC decryption, CTR, "
		    "XCTR, XTS and 16 requests' CBC chains; one block in a "
		    "vector for CBC encryption",
	/* above twofish-ct (90), the other constant-time choice on arm64;
	 * below twofish-generic (100) where variable time is allowed */
	.priority = 95,
	.ctxsize = sizeof(struct twofish_neon_ctx),
	.flags = CRYPTARCH_DRV_CONSTANT_TIME,
	.cpu_features = CRYPTARCH_CPU_NEON,
	.ct = { CRYPTARCH_CT_QEMU_TRACE, "aarch64", NULL },
	.hooks = CRYPTARCH_HOOKS(
		CRYPTARCH_ECB_HOOK(twofish_neon),
		CRYPTARCH_CBC_HOOK_MANY(twofish_neon,
					cryptarch_twofish_neon_cbc_encrypt_many,
					NULL, 95),
		CRYPTARCH_CTR_HOOK(twofish_neon),
		CRYPTARCH_XTS_HOOK(twofish_neon),
		CRYPTARCH_XCTR_HOOK(twofish_neon)));
