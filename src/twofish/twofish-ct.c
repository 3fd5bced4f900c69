/* SPDX-License-Identifier: MIT */
/*
 * twofish-ct.c - driver "twofish-ct": constant-time Twofish (Schneier,
 * Kelsey, Whiting, Wagner, Hall and Ferguson, "Twofish: A 128-Bit Block
 * Cipher", 1998) bit-sliced on 64-bit words in portable C.
 *
 * Strategy. Sixteen blocks per core call. In each round the eight g-input
 * bytes of every block (X = R0 and ROL(R1, 8), four byte lanes each) are
 * transposed into two groups of eight bit planes: one 64-bit word per bit
 * position holds two byte lanes of both inputs of all sixteen blocks. The
 * key-dependent S-boxes are the chains of q0/q1 of h (section 4.3.2) with
 * the S-box key bytes XORed in between as plane constants; every layer of
 * the chain uses q0 on two lanes and q1 on the other two, so before each
 * layer the two words exchange a lane (a half word) such that one word
 * holds the q0 lanes and the other the q1 lanes, and a layer costs one
 * q0 and one q1 evaluation. q0 and q1 are computed as in section 4.3.5
 * from their 4-bit t-boxes, each a circuit of 16 to 18 gates (136 in all) found by
 * src/twofish/twofish-ct-gen.c (twofish-ct-sbox.h). The MDS matrix is
 * multiplication by 5B and EF modulo x^8+x^6+x^5+x^3+1 as XORs of planes,
 * the lanes brought together by rotating words by 32. The two g outputs
 * are transposed back to words, and the PHT, subkey additions and
 * rotations run in ordinary 32-bit arithmetic on the sixteen blocks. The
 * key schedule uses the same code: the subkeys are h of the public words
 * 2i rho and (2i+1) rho with Me and Mo as the plane constants (all 40 in
 * two core calls), the S-box key words come from the RS matrix by
 * branch-free GF(2^8) arithmetic.
 *
 * Modes. ECB, CBC decryption, CTR, XCTR and XTS hooks run sixteen blocks
 * at a time (a short tail in one call with dummy blocks); many-request CBC
 * encryption runs up to sixteen chains at once (src/modes/cbc-lanes.h). A
 * single block (the cipher functions, one request's CBC encryption, the
 * CBC-MAC family) runs the same code with fifteen dummy blocks: slow, but
 * constant-time.
 *
 * Constant-time: no branch and no memory index depends on the key or the
 * data, key schedule included; only the key length and the block count
 * steer the code. Needs no CPU feature; correct on 32-bit and big-endian
 * hosts (slower on 32-bit ones).
 * Speed: Twofish-128, 8192-byte requests, TSC cycles/byte: ECB 27.9, CBC
 * decryption 28.0, CTR 29.3, XTS 27.0 against twofish-generic's 4.7, 4.9,
 * 5.8, 5.4; CBC encryption 278 (about 4450 cycles a block) against 8.3;
 * one-block requests about 300 (`cryptarch speed --driver
 * ecb-twofish-ct,...,xts-twofish-generic --sizes 16,8192 --keys 128`), gcc
 * 12 -O3, AMD EPYC (Zen 5), 2026-12-02. Hence priority 90: below
 * twofish-generic (100) where variable time is allowed, the constant-time
 * choice wherever twofish-avx512 (350) cannot run.
 */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "../core/desc.h"
#include "../core/endian.h"
#include "../core/memzero.h"
#include "../modes/cbc-lanes.h"
#include "../modes/cbc.h"
#include "../modes/ctr-inc.h"
#include "../modes/ctr.h"
#include "../modes/ecb.h"
#include "../modes/xctr.h"
#include "../modes/xts-tweak.h"
#include "../modes/xts.h"
#include "twofish.h"

#if defined(__GNUC__)
#define INLINE inline __attribute__((always_inline))
#else
#define INLINE inline
#endif

#define TFCT_T uint64_t
#include "twofish-ct-sbox.h"

/* Blocks in one core call. */
#define NB 16

#define LO 0x00000000ffffffffull
#define HI 0xffffffff00000000ull

/*
 * kc[m][w][p]: plane p of word w of the S-box key bytes XORed in after
 * layer m of q's (m = 0..kw-1), laid out as the data is at that point.
 * k[]: the subkeys K0..K39.
 */
struct twofish_ct_ctx {
	uint64_t kc[4][2][8];
	uint32_t k[40];
	unsigned int kw; /* key length in 64-bit words: 2, 3 or 4 */
};

/*
 * Layout. Block b's g inputs X and Y (Y = ROL(R1, 8)) are read as the
 * eight bytes X0 X1 Y0 Y1 X2 X3 Y2 Y3 (Xj: byte lane j of X). After the
 * transposition, bit p of those bytes sits in plane p of word w = j & 1
 * (lane j), at position 32h + 16y + b with h = j >> 1 the half of the
 * word, y = 1 for Y: lanes 0 and 2 in word 0, lanes 1 and 3 in word 1,
 * the upper ones in the upper halves. Which lane a half holds changes
 * from layer to layer (lanes_at below); the MDS result leaves in this
 * layout, byte lane i of the two g outputs where lane i of the input was.
 */

/* Exchange the bits of A selected by MASK << N with those of B in MASK. */
#define SWAPMOVE(a, b, mask, n)                              \
	do {                                                 \
		uint64_t t_ = (((a) >> (n)) ^ (b)) & (mask); \
		(b) ^= t_;                                   \
		(a) ^= t_ << (n);                            \
	} while (0)

/*
 * Eight words, read as an 8x8 matrix of bytes (word index, byte index),
 * with bit p of byte i of word j exchanged for bit j of byte i of word p.
 */
static INLINE void transpose8(uint64_t *w)
{
	SWAPMOVE(w[0], w[1], 0x5555555555555555ull, 1);
	SWAPMOVE(w[2], w[3], 0x5555555555555555ull, 1);
	SWAPMOVE(w[4], w[5], 0x5555555555555555ull, 1);
	SWAPMOVE(w[6], w[7], 0x5555555555555555ull, 1);
	SWAPMOVE(w[0], w[2], 0x3333333333333333ull, 2);
	SWAPMOVE(w[1], w[3], 0x3333333333333333ull, 2);
	SWAPMOVE(w[4], w[6], 0x3333333333333333ull, 2);
	SWAPMOVE(w[5], w[7], 0x3333333333333333ull, 2);
	SWAPMOVE(w[0], w[4], 0x0f0f0f0f0f0f0f0full, 4);
	SWAPMOVE(w[1], w[5], 0x0f0f0f0f0f0f0f0full, 4);
	SWAPMOVE(w[2], w[6], 0x0f0f0f0f0f0f0f0full, 4);
	SWAPMOVE(w[3], w[7], 0x0f0f0f0f0f0f0f0full, 4);
}

/*
 * The sixteen words u[b] = X0 X1 Y0 Y1 X2 X3 Y2 Y3 of the blocks into the
 * planes w0[0..7], w1[0..7]: each half of u transposed (bit p of byte i
 * of block b at position 8i + (b & 7) of plane p), then block bit 3
 * exchanged with byte-index bit 0, the lane's low bit, which becomes the
 * word. The inverse runs the same exchanges (involutions) in reverse.
 */
static INLINE void slice(uint64_t *w0, uint64_t *w1, uint64_t *u)
{
	unsigned int p;

	transpose8(u);
	transpose8(u + 8);
	for (p = 0; p < 8; p++) {
		SWAPMOVE(u[p], u[p + 8], 0x00ff00ff00ff00ffull, 8);
		w0[p] = u[p];
		w1[p] = u[p + 8];
	}
}

static INLINE void unslice(uint64_t *u, const uint64_t *w0, const uint64_t *w1)
{
	unsigned int p;

	for (p = 0; p < 8; p++) {
		u[p] = w0[p];
		u[p + 8] = w1[p];
		SWAPMOVE(u[p], u[p + 8], 0x00ff00ff00ff00ffull, 8);
	}
	transpose8(u);
	transpose8(u + 8);
}

/*
 * q0 or q1 (section 4.3.5) on every byte of the planes W: the high nibble
 * a (planes 4..7) and the low nibble b (planes 0..3) through
 * a1 = a ^ b, b1 = a ^ ROR4(b, 1) ^ 8a, then the t-boxes t0, t1, the same
 * mixing and t2, t3; the result is 16 b4 + a4.
 */
#define Q_PERM(name, t0, t1, t2, t3)                                    \
	static INLINE void name(uint64_t *w)                            \
	{                                                               \
		uint64_t a[4], b[4];                                    \
		uint64_t a1_0 = w[4] ^ w[0], a1_1 = w[5] ^ w[1];        \
		uint64_t a1_2 = w[6] ^ w[2], a1_3 = w[7] ^ w[3];        \
		uint64_t b1_0 = w[4] ^ w[1], b1_1 = w[5] ^ w[2];        \
		uint64_t b1_2 = w[6] ^ w[3], b1_3 = w[7] ^ w[0] ^ w[4]; \
                                                                        \
		t0(a, a1_0, a1_1, a1_2, a1_3);                          \
		t1(b, b1_0, b1_1, b1_2, b1_3);                          \
		a1_0 = a[0] ^ b[0];                                     \
		a1_1 = a[1] ^ b[1];                                     \
		a1_2 = a[2] ^ b[2];                                     \
		a1_3 = a[3] ^ b[3];                                     \
		b1_0 = a[0] ^ b[1];                                     \
		b1_1 = a[1] ^ b[2];                                     \
		b1_2 = a[2] ^ b[3];                                     \
		b1_3 = a[3] ^ b[0] ^ a[0];                              \
		t2(w, a1_0, a1_1, a1_2, a1_3);                          \
		t3(w + 4, b1_0, b1_1, b1_2, b1_3);                      \
	}

Q_PERM(q0, tfct_q0_t0, tfct_q0_t1, tfct_q0_t2, tfct_q0_t3)
Q_PERM(q1, tfct_q1_t0, tfct_q1_t1, tfct_q1_t2, tfct_q1_t3)

static INLINE void addkey(uint64_t *w0, uint64_t *w1, const uint64_t *k)
{
	unsigned int p;

	for (p = 0; p < 8; p++) {
		w0[p] ^= k[p];
		w1[p] ^= k[8 + p];
	}
}

/* Exchange the upper half of W0 with the lower half of W1 ("E"). */
static INLINE void swap_e(uint64_t *w0, uint64_t *w1)
{
	unsigned int p;

	for (p = 0; p < 8; p++)
		SWAPMOVE(w0[p], w1[p], LO, 32);
}

/* Exchange the upper halves of W0 and W1 ("F"). */
static INLINE void swap_f(uint64_t *w0, uint64_t *w1)
{
	unsigned int p;
	uint64_t t;

	for (p = 0; p < 8; p++) {
		t = (w0[p] ^ w1[p]) & HI;
		w0[p] ^= t;
		w1[p] ^= t;
	}
}

static INLINE uint64_t rot32(uint64_t x)
{
	return (x << 32) | (x >> 32);
}

/*
 * Which lane (0..3) each half holds when key layer M (0..KW-1) is XORed
 * in: lanes_at[kw - 2][m][word][half]. Layers of q per lane (h, section
 * 4.3.2): for a key of four words q1 q0 q0 q1 (lane 0..3) first, then
 * q1 q1 q0 q0, q0 q1 q0 q1, q0 q0 q1 q1, and the last q1 q0 q1 q0; shorter
 * keys start at the second or third of these. The exchanges before the
 * layers (E or F) are chosen so that one word holds the q0 lanes.
 */
static const uint8_t lanes_at[3][4][2][2] = {
	/* 2 words: (qc) A, E, (qd) B, E, (last) A */
	{ { { 0, 2 }, { 1, 3 } }, { { 0, 1 }, { 2, 3 } } },
	/* 3 words: E, (qb) B, E, (qc) A, E, (qd) B, E, (last) A */
	{ { { 0, 1 }, { 2, 3 } },
	  { { 0, 2 }, { 1, 3 } },
	  { { 0, 1 }, { 2, 3 } } },
	/* 4 words: F, (qa) C, E, (qb) B', F, (qc) A', F, (qd) B', F,
	 * (last) A', word 1 rotated back to A */
	{ { { 0, 3 }, { 1, 2 } },
	  { { 0, 1 }, { 3, 2 } },
	  { { 0, 2 }, { 3, 1 } },
	  { { 0, 1 }, { 3, 2 } } },
};

/*
 * The chain of q's and key layers of h on the planes W0, W1, for a key of
 * KW words (a constant after inlining), ending in the layout A.
 */
static INLINE void sboxes(uint64_t *w0, uint64_t *w1,
			  const uint64_t (*kc)[2][8], unsigned int kw)
{
	unsigned int p;

	if (kw == 2) {
		q0(w0);
		q1(w1);
		addkey(w0, w1, kc[0][0]);
		swap_e(w0, w1);
		q0(w0);
		q1(w1);
		addkey(w0, w1, kc[1][0]);
		swap_e(w0, w1);
		q1(w0);
		q0(w1);
	} else if (kw == 3) {
		swap_e(w0, w1);
		q1(w0);
		q0(w1);
		addkey(w0, w1, kc[0][0]);
		swap_e(w0, w1);
		q0(w0);
		q1(w1);
		addkey(w0, w1, kc[1][0]);
		swap_e(w0, w1);
		q0(w0);
		q1(w1);
		addkey(w0, w1, kc[2][0]);
		swap_e(w0, w1);
		q1(w0);
		q0(w1);
	} else {
		swap_f(w0, w1);
		q1(w0);
		q0(w1);
		addkey(w0, w1, kc[0][0]);
		swap_e(w0, w1);
		q1(w0);
		q0(w1);
		addkey(w0, w1, kc[1][0]);
		swap_f(w0, w1);
		q0(w0);
		q1(w1);
		addkey(w0, w1, kc[2][0]);
		swap_f(w0, w1);
		q0(w0);
		q1(w1);
		addkey(w0, w1, kc[3][0]);
		swap_f(w0, w1);
		q1(w0);
		q0(w1);
		for (p = 0; p < 8; p++)
			w1[p] = rot32(w1[p]);
	}
}

/*
 * The MDS matrix (section 4.2) on the S-box outputs z0 | z2 (W0) and
 * z1 | z3 (W1), output byte i = sum over j of M[i][j] z_j with
 *     M = 01 EF 5B 5B / 5B EF EF 01 / EF 5B 01 EF / EF 01 EF 5B,
 * into the same layout: W0 = out0 | out2, W1 = out1 | out3. With the
 * products by 5B (e5, f5) and EF (ee, fe) of W0 and W1 and rot32 swapping
 * the halves:
 *     out0 | out2 = W0 ^ rot32(ee ^ dh) ^ fe ^ rot32(f5),
 *     out1 | out3 = (e5 ^ dh) ^ rot32(ee) ^ (f5 ^ dl) ^ rot32(W1),
 * dh = (e5 ^ ee) & HI giving ef z0 | 5B z2 and 5B z0 | ef z2, and
 * dl = (f5 ^ fe) & LO giving ef z1 | 5B z3.
 */
static INLINE void mds(uint64_t *w0, uint64_t *w1)
{
	uint64_t e5[8], ee[8], f5[8], fe[8], dh, dl, o0;
	unsigned int p;

	tfct_mul_5b(e5, w0);
	tfct_mul_ef(ee, w0);
	tfct_mul_5b(f5, w1);
	tfct_mul_ef(fe, w1);
	for (p = 0; p < 8; p++) {
		dh = (e5[p] ^ ee[p]) & HI;
		dl = (f5[p] ^ fe[p]) & LO;
		o0 = w0[p] ^ rot32(ee[p] ^ dh) ^ fe[p] ^ rot32(f5[p]);
		w1[p] = e5[p] ^ dh ^ rot32(ee[p]) ^ f5[p] ^ dl ^ rot32(w1[p]);
		w0[p] = o0;
	}
}

/*
 * t0[b] = g(x[b]) and t1[b] = g(ROL(y[b], 8)) for the sixteen blocks
 * (section 4.2, with the S-boxes of h and the key layers KC), for a key
 * of KW words.
 */
static INLINE void g16(const uint64_t (*kc)[2][8], unsigned int kw,
		       const uint32_t *x, const uint32_t *y, uint32_t *t0,
		       uint32_t *t1)
{
	uint64_t u[NB], w0[8], w1[8];
	unsigned int b;

	for (b = 0; b < NB; b++) {
		uint32_t yr = rol32(y[b], 8);

		u[b] = (x[b] & 0xffff) | (uint64_t)(yr & 0xffff) << 16 |
		       (uint64_t)(x[b] >> 16) << 32 |
		       (uint64_t)(yr >> 16) << 48;
	}
	slice(w0, w1, u);
	sboxes(w0, w1, kc, kw);
	mds(w0, w1);
	unslice(u, w0, w1);
	for (b = 0; b < NB; b++) {
		t0[b] = (uint32_t)((u[b] & 0xffff) |
				   ((u[b] >> 16) & 0xffff0000));
		t1[b] = (uint32_t)(((u[b] >> 16) & 0xffff) |
				   ((u[b] >> 32) & 0xffff0000));
	}
}

/*
 * g16 for one block: its eight bytes gathered straight into position 0
 * of their half and input (the positions 32h + 16y of block 0) with
 * shifts and masks, the other positions left to garbage and masked off at
 * the end, and no transposition. The chain of q's and the MDS matrix cost
 * what they cost for sixteen blocks; the rest is much cheaper.
 */
#define POS0 0x0001000100010001ull

static INLINE void g1(const uint64_t (*kc)[2][8], unsigned int kw, uint32_t x,
		      uint32_t y, uint32_t *t0, uint32_t *t1)
{
	uint32_t yr = rol32(y, 8);
	uint64_t u = (x & 0xffff) | (uint64_t)(yr & 0xffff) << 16 |
		     (uint64_t)(x >> 16) << 32 | (uint64_t)(yr >> 16) << 48;
	uint64_t w0[8], w1[8];
	unsigned int p;

	for (p = 0; p < 8; p++) {
		w0[p] = (u >> p) & POS0;
		w1[p] = (u >> (p + 8)) & POS0;
	}
	sboxes(w0, w1, kc, kw);
	mds(w0, w1);
	u = 0;
	for (p = 0; p < 8; p++)
		u |= (w0[p] & POS0) << p | (w1[p] & POS0) << (p + 8);
	*t0 = (uint32_t)((u & 0xffff) | ((u >> 16) & 0xffff0000));
	*t1 = (uint32_t)(((u >> 16) & 0xffff) | ((u >> 32) & 0xffff0000));
}

/* The 16 rounds on one block's words V = (a, b, c, d). */
static INLINE void encrypt1_kw(const struct twofish_ct_ctx *ctx, uint32_t *v,
			       unsigned int kw)
{
	const uint32_t *k = ctx->k + 8;
	uint32_t a = v[0], b = v[1], c = v[2], d = v[3], t0, t1;
	unsigned int r;

	for (r = 0; r < 8; r++, k += 4) {
		g1(ctx->kc, kw, a, b, &t0, &t1);
		c = ror32(c ^ (t0 + t1 + k[0]), 1);
		d = rol32(d, 1) ^ (t0 + 2 * t1 + k[1]);
		g1(ctx->kc, kw, c, d, &t0, &t1);
		a = ror32(a ^ (t0 + t1 + k[2]), 1);
		b = rol32(b, 1) ^ (t0 + 2 * t1 + k[3]);
	}
	v[0] = a;
	v[1] = b;
	v[2] = c;
	v[3] = d;
}

static INLINE void decrypt1_kw(const struct twofish_ct_ctx *ctx, uint32_t *v,
			       unsigned int kw)
{
	const uint32_t *k = ctx->k + 36;
	uint32_t a = v[0], b = v[1], c = v[2], d = v[3], t0, t1;
	unsigned int r;

	for (r = 0; r < 8; r++, k -= 4) {
		g1(ctx->kc, kw, c, d, &t0, &t1);
		a = rol32(a, 1) ^ (t0 + t1 + k[2]);
		b = ror32(b ^ (t0 + 2 * t1 + k[3]), 1);
		g1(ctx->kc, kw, a, b, &t0, &t1);
		c = rol32(c, 1) ^ (t0 + t1 + k[0]);
		d = ror32(d ^ (t0 + 2 * t1 + k[1]), 1);
	}
	v[0] = a;
	v[1] = b;
	v[2] = c;
	v[3] = d;
}

static void encrypt1_2(const struct twofish_ct_ctx *ctx, uint32_t *v)
{
	encrypt1_kw(ctx, v, 2);
}

static void encrypt1_3(const struct twofish_ct_ctx *ctx, uint32_t *v)
{
	encrypt1_kw(ctx, v, 3);
}

static void encrypt1_4(const struct twofish_ct_ctx *ctx, uint32_t *v)
{
	encrypt1_kw(ctx, v, 4);
}

static void decrypt1_2(const struct twofish_ct_ctx *ctx, uint32_t *v)
{
	decrypt1_kw(ctx, v, 2);
}

static void decrypt1_3(const struct twofish_ct_ctx *ctx, uint32_t *v)
{
	decrypt1_kw(ctx, v, 3);
}

static void decrypt1_4(const struct twofish_ct_ctx *ctx, uint32_t *v)
{
	decrypt1_kw(ctx, v, 4);
}

/* One block IN to OUT (DEC: decrypt), as crypt_blocks() below. */
static void crypt1(const struct twofish_ct_ctx *ctx, uint8_t *out,
		   const uint8_t *in, int dec)
{
	const uint32_t *k = ctx->k;
	const uint32_t *ki = dec ? k + 4 : k, *ko = dec ? k : k + 4;
	uint32_t v[4];
	/* the words in the order the rounds take them: (a, b, c, d) for
	 * encryption, (c, d, a, b) for decryption */
	unsigned int o = dec ? 2 : 0, i;

	for (i = 0; i < 4; i++)
		v[(i + o) & 3] = load32_le(in + 4 * i) ^ ki[i];
	if (!dec) {
		if (ctx->kw == 2)
			encrypt1_2(ctx, v);
		else if (ctx->kw == 3)
			encrypt1_3(ctx, v);
		else
			encrypt1_4(ctx, v);
	} else {
		if (ctx->kw == 2)
			decrypt1_2(ctx, v);
		else if (ctx->kw == 3)
			decrypt1_3(ctx, v);
		else
			decrypt1_4(ctx, v);
	}
	for (i = 0; i < 4; i++)
		store32_le(out + 4 * i, v[(i + 2 + o) & 3] ^ ko[i]);
	cryptarch_memzero(v, sizeof(v));
}

/* The sixteen blocks' words (a, b, c, d) after input whitening. */
struct state {
	uint32_t a[NB], b[NB], c[NB], d[NB];
};

/* The 16 rounds (section 4) on S, for a key of KW words. */
static INLINE void encrypt_kw(const struct twofish_ct_ctx *ctx, struct state *s,
			      unsigned int kw)
{
	const uint32_t *k = ctx->k + 8;
	uint32_t t0[NB], t1[NB];
	unsigned int r, b;

	for (r = 0; r < 8; r++, k += 4) {
		g16(ctx->kc, kw, s->a, s->b, t0, t1);
		for (b = 0; b < NB; b++) {
			s->c[b] = ror32(s->c[b] ^ (t0[b] + t1[b] + k[0]), 1);
			s->d[b] = rol32(s->d[b], 1) ^
				  (t0[b] + 2 * t1[b] + k[1]);
		}
		g16(ctx->kc, kw, s->c, s->d, t0, t1);
		for (b = 0; b < NB; b++) {
			s->a[b] = ror32(s->a[b] ^ (t0[b] + t1[b] + k[2]), 1);
			s->b[b] = rol32(s->b[b], 1) ^
				  (t0[b] + 2 * t1[b] + k[3]);
		}
	}
}

static INLINE void decrypt_kw(const struct twofish_ct_ctx *ctx, struct state *s,
			      unsigned int kw)
{
	const uint32_t *k = ctx->k + 36;
	uint32_t t0[NB], t1[NB];
	unsigned int r, b;

	for (r = 0; r < 8; r++, k -= 4) {
		g16(ctx->kc, kw, s->c, s->d, t0, t1);
		for (b = 0; b < NB; b++) {
			s->a[b] = rol32(s->a[b], 1) ^ (t0[b] + t1[b] + k[2]);
			s->b[b] =
				ror32(s->b[b] ^ (t0[b] + 2 * t1[b] + k[3]), 1);
		}
		g16(ctx->kc, kw, s->a, s->b, t0, t1);
		for (b = 0; b < NB; b++) {
			s->c[b] = rol32(s->c[b], 1) ^ (t0[b] + t1[b] + k[0]);
			s->d[b] =
				ror32(s->d[b] ^ (t0[b] + 2 * t1[b] + k[1]), 1);
		}
	}
}

/* One function per key length, so that each inlines its own chain. */
static void encrypt2(const struct twofish_ct_ctx *ctx, struct state *s)
{
	encrypt_kw(ctx, s, 2);
}

static void encrypt3(const struct twofish_ct_ctx *ctx, struct state *s)
{
	encrypt_kw(ctx, s, 3);
}

static void encrypt4(const struct twofish_ct_ctx *ctx, struct state *s)
{
	encrypt_kw(ctx, s, 4);
}

static void decrypt2(const struct twofish_ct_ctx *ctx, struct state *s)
{
	decrypt_kw(ctx, s, 2);
}

static void decrypt3(const struct twofish_ct_ctx *ctx, struct state *s)
{
	decrypt_kw(ctx, s, 3);
}

static void decrypt4(const struct twofish_ct_ctx *ctx, struct state *s)
{
	decrypt_kw(ctx, s, 4);
}

/*
 * Encrypt (DEC = 0) or decrypt the first N (1..16) blocks of IN (16 N
 * bytes) to OUT; the other lanes run on zero blocks. The words leave the
 * rounds as (a, b, c, d) = R16; the output undoes the last swap.
 */
static void crypt_blocks(const struct twofish_ct_ctx *ctx, uint8_t *out,
			 const uint8_t *in, size_t n, int dec)
{
	const uint32_t *k = ctx->k;
	const uint32_t *ki = dec ? k + 4 : k, *ko = dec ? k : k + 4;
	struct state s;
	uint32_t *w0 = dec ? s.c : s.a, *w1 = dec ? s.d : s.b;
	uint32_t *w2 = dec ? s.a : s.c, *w3 = dec ? s.b : s.d;
	size_t b;

	if (n == 1) {
		crypt1(ctx, out, in, dec);
		return;
	}
	memset(&s, 0, sizeof(s));
	for (b = 0; b < n; b++) {
		w0[b] = load32_le(in + 16 * b) ^ ki[0];
		w1[b] = load32_le(in + 16 * b + 4) ^ ki[1];
		w2[b] = load32_le(in + 16 * b + 8) ^ ki[2];
		w3[b] = load32_le(in + 16 * b + 12) ^ ki[3];
	}
	if (!dec) {
		if (ctx->kw == 2)
			encrypt2(ctx, &s);
		else if (ctx->kw == 3)
			encrypt3(ctx, &s);
		else
			encrypt4(ctx, &s);
	} else {
		if (ctx->kw == 2)
			decrypt2(ctx, &s);
		else if (ctx->kw == 3)
			decrypt3(ctx, &s);
		else
			decrypt4(ctx, &s);
	}
	/* encryption: C = (c, d, a, b) ^ K4..K7; decryption: P = (a, b,
	 * c, d) ^ K0..K3 */
	for (b = 0; b < n; b++) {
		store32_le(out + 16 * b, w2[b] ^ ko[0]);
		store32_le(out + 16 * b + 4, w3[b] ^ ko[1]);
		store32_le(out + 16 * b + 8, w0[b] ^ ko[2]);
		store32_le(out + 16 * b + 12, w1[b] ^ ko[3]);
	}
	cryptarch_memzero(&s, sizeof(s));
}

/* see desc.h (struct cryptarch_cipher_ops.encrypt) */
static void cryptarch_twofish_ct_encrypt(const void *ctx, uint8_t *dst,
					 const uint8_t *src)
{
	crypt_blocks(ctx, dst, src, 1, 0);
}

/* see desc.h (struct cryptarch_cipher_ops.decrypt) */
static void cryptarch_twofish_ct_decrypt(const void *ctx, uint8_t *dst,
					 const uint8_t *src)
{
	crypt_blocks(ctx, dst, src, 1, 1);
}

static void ecb_crypt(const void *ctx, uint8_t *dst, const uint8_t *src,
		      size_t nblocks, int dec)
{
	size_t n;

	while (nblocks) {
		n = nblocks < NB ? nblocks : NB;
		crypt_blocks(ctx, dst, src, n, dec);
		src += 16 * n;
		dst += 16 * n;
		nblocks -= n;
	}
}

/* see src/modes/ecb.h (struct cryptarch_ecb_hooks.encrypt) */
static void cryptarch_twofish_ct_ecb_encrypt(const void *ctx, uint8_t *dst,
					     const uint8_t *src, size_t nblocks)
{
	ecb_crypt(ctx, dst, src, nblocks, 0);
}

/* see src/modes/ecb.h (struct cryptarch_ecb_hooks.decrypt) */
static void cryptarch_twofish_ct_ecb_decrypt(const void *ctx, uint8_t *dst,
					     const uint8_t *src, size_t nblocks)
{
	ecb_crypt(ctx, dst, src, nblocks, 1);
}

/* see src/modes/cbc.h (struct cryptarch_cbc_hooks.decrypt) */
static void cryptarch_twofish_ct_cbc_decrypt(const void *ctx, uint8_t *dst,
					     const uint8_t *src, size_t nblocks,
					     uint8_t iv[16])
{
	uint8_t pt[16 * NB], last[16];
	size_t i, n;

	while (nblocks) {
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
		src += 16 * n;
		dst += 16 * n;
		nblocks -= n;
	}
	cryptarch_memzero(pt, sizeof(pt));
}

/* The first K (1..16) blocks of BUF encrypted in place: sixteen lanes of
 * CBC encryption (cbc-lanes.h). */
static void cbc_lanes16(const void *ctx, uint8_t *buf, unsigned int k)
{
	crypt_blocks(ctx, buf, buf, k, 0);
}

/* see src/modes/cbc.h (struct cryptarch_cbc_hooks.encrypt_many) */
static void cryptarch_twofish_ct_cbc_encrypt_many(
	const void *ctx, const struct cryptarch_request *req, size_t n)
{
	cryptarch_cbc_lanes_encrypt(ctx, req, n, NB, 0, cbc_lanes16, NULL);
}

/* see src/modes/ctr.h (struct cryptarch_ctr_hooks.crypt) */
static void cryptarch_twofish_ct_ctr_crypt(const void *ctx, uint8_t *dst,
					   const uint8_t *src, size_t nblocks,
					   uint8_t ctr[16])
{
	uint8_t ks[16 * NB];
	size_t i, n;

	while (nblocks) {
		n = nblocks < NB ? nblocks : NB;
		for (i = 0; i < n; i++) {
			memcpy(ks + 16 * i, ctr, 16);
			ctr_add(ctr, 1);
		}
		crypt_blocks(ctx, ks, ks, n, 0);
		for (i = 0; i < n; i++)
			xor_block(dst + 16 * i, src + 16 * i, ks + 16 * i);
		src += 16 * n;
		dst += 16 * n;
		nblocks -= n;
	}
	cryptarch_memzero(ks, sizeof(ks));
}

/* see src/modes/xctr.h (struct cryptarch_xctr_hooks.crypt) */
static void cryptarch_twofish_ct_xctr_crypt(const void *ctx, uint8_t *dst,
					    const uint8_t *src, size_t nblocks,
					    const uint8_t iv[16], uint64_t ctr)
{
	uint8_t ks[16 * NB];
	uint64_t v0 = load64_le(iv), v1 = load64_le(iv + 8);
	size_t i, n;

	while (nblocks) {
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
		src += 16 * n;
		dst += 16 * n;
		nblocks -= n;
	}
	cryptarch_memzero(ks, sizeof(ks));
}

static void xts_crypt(const void *ctx, uint8_t *dst, const uint8_t *src,
		      size_t nblocks, uint8_t tweak[16], int dec)
{
	uint8_t tw[16 * NB], x[16 * NB];
	size_t i, n;

	while (nblocks) {
		n = nblocks < NB ? nblocks : NB;
		for (i = 0; i < n; i++) {
			memcpy(tw + 16 * i, tweak, 16);
			xts_mul_alpha(tweak);
			xor_block(x + 16 * i, src + 16 * i, tw + 16 * i);
		}
		crypt_blocks(ctx, x, x, n, dec);
		for (i = 0; i < n; i++)
			xor_block(dst + 16 * i, x + 16 * i, tw + 16 * i);
		src += 16 * n;
		dst += 16 * n;
		nblocks -= n;
	}
	cryptarch_memzero(tw, sizeof(tw));
	cryptarch_memzero(x, sizeof(x));
}

/* see src/modes/xts.h (struct cryptarch_xts_hooks.encrypt) */
static void cryptarch_twofish_ct_xts_encrypt(const void *ctx, uint8_t *dst,
					     const uint8_t *src, size_t nblocks,
					     uint8_t tweak[16])
{
	xts_crypt(ctx, dst, src, nblocks, tweak, 0);
}

/* see src/modes/xts.h (struct cryptarch_xts_hooks.decrypt) */
static void cryptarch_twofish_ct_xts_decrypt(const void *ctx, uint8_t *dst,
					     const uint8_t *src, size_t nblocks,
					     uint8_t tweak[16])
{
	xts_crypt(ctx, dst, src, nblocks, tweak, 1);
}

/*
 * The key layers KC for a key of KW words: layer m XORs byte
 * lx[8 (kw - 1 - m) + j] into lane j of the X positions and
 * ly[8 (kw - 1 - m) + j] into lane j of the Y positions (LX = LY for the
 * cipher's S-boxes; Me and Mo for the subkeys), halves as lanes_at says.
 */
static void key_layers(uint64_t (*kc)[2][8], unsigned int kw, const uint8_t *lx,
		       const uint8_t *ly)
{
	unsigned int m, w, h, p, j, o;
	uint64_t v;

	for (m = 0; m < kw; m++)
		for (w = 0; w < 2; w++)
			for (p = 0; p < 8; p++) {
				v = 0;
				for (h = 0; h < 2; h++) {
					j = lanes_at[kw - 2][m][w][h];
					o = 8 * (kw - 1 - m) + j;
					/* 0 - bit: all ones or zero */
					v |= ((0 -
					       (uint64_t)((lx[o] >> p) & 1)) &
					      0x000000000000ffffull)
					     << (32 * h);
					v |= ((0 -
					       (uint64_t)((ly[o] >> p) & 1)) &
					      0x00000000ffff0000ull)
					     << (32 * h);
				}
				kc[m][w][p] = v;
			}
}

/* a * b in GF(2^8) modulo x^8+x^6+x^3+x^2+1 (the RS field, section 4.3),
 * B public, A secret: no branch on A. */
static uint8_t rs_mul(uint8_t a, uint8_t b)
{
	unsigned int x = a, p = 0, i;

	for (i = 0; i < 8; i++) {
		p ^= x & (0u - ((b >> i) & 1u));
		x = (x << 1) ^ (0x14du & (0u - (x >> 7)));
	}
	return (uint8_t)p;
}

/* The RS matrix, [row][column] (section 4.3). */
static const uint8_t rs[4][8] = {
	{ 0x01, 0xa4, 0x55, 0x87, 0x5a, 0x58, 0xdb, 0x9e },
	{ 0xa4, 0x56, 0x82, 0xf3, 0x1e, 0xc6, 0x68, 0xe5 },
	{ 0x02, 0xa1, 0xfc, 0xc1, 0x47, 0xae, 0x3d, 0x19 },
	{ 0xa4, 0x55, 0x87, 0x5a, 0x58, 0xdb, 0x9e, 0x03 },
};

/* h on the sixteen public words x[b] and y[b] with the layers KC. */
static void h16(const uint64_t (*kc)[2][8], unsigned int kw, const uint32_t *x,
		const uint32_t *y, uint32_t *t0, uint32_t *t1)
{
	if (kw == 2)
		g16(kc, 2, x, y, t0, t1);
	else if (kw == 3)
		g16(kc, 3, x, y, t0, t1);
	else
		g16(kc, 4, x, y, t0, t1);
}

/* see desc.h (struct cryptarch_cipher_ops.setkey) */
static int cryptarch_twofish_ct_setkey(void *vctx, const uint8_t *key,
				       size_t keylen)
{
	struct twofish_ct_ctx *ctx = vctx;
	uint8_t me[32], mo[32], sb[32];
	uint64_t kc[4][2][8];
	uint32_t x[NB], y[NB], a[NB], b[NB];
	unsigned int kw, i, j, r, base, n;

	if (keylen != 16 && keylen != 24 && keylen != 32)
		return -EINVAL;
	cryptarch_memzero(ctx, sizeof(*ctx));
	kw = (unsigned int)keylen / 8;
	ctx->kw = kw;

	/*
	 * Me, Mo (section 4.3) as byte lists l[8 i + j], byte j of word i;
	 * S_i = RS * key bytes 8i..8i+7, stored reversed (L_i = S_(k-1-i)).
	 */
	memset(me, 0, sizeof(me));
	memset(mo, 0, sizeof(mo));
	memset(sb, 0, sizeof(sb));
	for (i = 0; i < kw; i++) {
		for (j = 0; j < 4; j++) {
			me[8 * i + j] = key[8 * i + j];
			mo[8 * i + j] = key[8 * i + 4 + j];
		}
		for (r = 0; r < 4; r++) {
			uint8_t v = 0;

			for (j = 0; j < 8; j++)
				v ^= rs_mul(key[8 * i + j], rs[r][j]);
			sb[8 * (kw - 1 - i) + r] = v;
		}
	}

	/* The subkeys (section 4.3.4): A_i = h(2i rho, Me), B_i =
	 * ROL(h((2i+1) rho, Mo), 8), sixteen i per call. */
	key_layers(kc, kw, me, mo);
	for (base = 0; base < 20; base += NB) {
		n = 20 - base < NB ? 20 - base : NB;
		for (i = 0; i < NB; i++) {
			x[i] = (2 * (base + i)) * 0x01010101u;
			y[i] = (2 * (base + i) + 1) * 0x01010101u;
		}
		h16((const uint64_t(*)[2][8])kc, kw, x, y, a, b);
		for (i = 0; i < n; i++) {
			uint32_t bb = rol32(b[i], 8);

			ctx->k[2 * (base + i)] = a[i] + bb;
			ctx->k[2 * (base + i) + 1] = rol32(a[i] + 2 * bb, 9);
		}
	}

	key_layers(ctx->kc, kw, sb, sb);

	cryptarch_memzero(me, sizeof(me));
	cryptarch_memzero(mo, sizeof(mo));
	cryptarch_memzero(sb, sizeof(sb));
	cryptarch_memzero(kc, sizeof(kc));
	cryptarch_memzero(a, sizeof(a));
	cryptarch_memzero(b, sizeof(b));
	return 0;
}

CRYPTARCH_DRIVER(twofish_ct,
	.name = "twofish-ct",
	.alg = &cryptarch_twofish,
	.summary = "bit-sliced on 64-bit words (16 blocks per call; q0/q1 "
		    "from t-box circuits, key bytes as plane constants, MDS "
		    "as plane XORs), portable C; hooks for ECB, CBC "
		    "decryption, CTR, XCTR and XTS, and 16 requests' chains "
		    "at once for many-request CBC encryption (one request's "
		    "CBC encryption and the CBC-MAC chain are serial and use "
		    "the single-block path)",
	/* below twofish-generic (100): much slower, but constant-time; below
	 * twofish-avx512 (350), the constant-time choice where it runs */
	.priority = 90,
	.ctxsize = sizeof(struct twofish_ct_ctx),
	.flags = CRYPTARCH_DRV_CONSTANT_TIME,
	.cpu_features = 0,
	/* valgrind natively; identical qemu traces checked on aarch64
	 * (ct-trace-twofish-ct, 2026-12-02) */
	.ct = { CRYPTARCH_CT_VALGRIND | CRYPTARCH_CT_QEMU_TRACE, "aarch64",
		NULL },
	.hooks = CRYPTARCH_HOOKS(
		CRYPTARCH_ECB_HOOK(twofish_ct),
		CRYPTARCH_CBC_HOOK_MANY_FNS(NULL,
					    cryptarch_twofish_ct_cbc_decrypt,
					    cryptarch_twofish_ct_cbc_encrypt_many,
					    NULL, 90),
		CRYPTARCH_CTR_HOOK(twofish_ct),
		CRYPTARCH_XTS_HOOK(twofish_ct),
		CRYPTARCH_XCTR_HOOK(twofish_ct)));
