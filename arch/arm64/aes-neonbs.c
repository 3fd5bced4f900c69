/* SPDX-License-Identifier: MIT */
/*
 * aes-neonbs.c - driver "aes-neonbs": AES-128/192/256 bit-sliced on arm64
 * Advanced SIMD, eight blocks at a time, in C with <arm_neon.h>
 * intrinsics. Eight q-registers hold eight blocks, register b holding bit
 * b of every byte of all of them (the layout of Kasper and Schwabe,
 * "Faster and timing-attack resistant AES-GCM", CHES 2009, on 128-bit
 * vectors). SubBytes is Boyar and Peralta's 113-gate circuit (the one of
 * aes-ct64.c, its three NOTs folded into the round keys); the inverse
 * S-box is a 115-gate circuit built from the same non-linear middle.
 * ShiftRows is never a data movement: the state changes representation
 * each round ("fixslicing", Adomnicai and Peyrin, TCHES 2021/1, as in
 * aes-ct64.c) and MixColumns reaches the neighbouring rows with one TBL
 * byte permutation per register and per neighbour. The hooks
 * (ECB, CBC decryption, CTR, XCTR, XTS) go eight blocks at a time and pad
 * a short tail with dummy blocks. The serial parts reuse driver aes-neon
 * (aes-neon.h), whose context starts this one: single blocks, CBC
 * encryption and the CBC-MAC chain of cmac, xcbc and cbcmac, and the key
 * expansion, from whose round keys the bit-sliced ones are derived. Constant-time: no branch and no memory index depends
 * on the key or the data (aes-neon is constant-time too). Needs NEON
 * (every AArch64 CPU has it). Speed: an AES-128 "ecb-aes-neonbs" request
 * of 8192 bytes executes 14.57 instructions per byte in the driver
 * (decryption 16.74; aes-arm64 31.25, aes-generic 39.75), counted with
 * the insncount plugin under qemu-aarch64 7.2 on a gcc 12.2 -O2 -static
 * build (bench/insncount.sh --drivers aes-neonbs), 2026-11-30; counts
 * rank implementations, they do not time them.
 */
#include <arm_neon.h>
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "../../src/aes/aes.h"
#include "../../src/core/desc.h"
#include "../../src/core/endian.h"
#include "../../src/core/memzero.h"
#include "../../src/modes/cbc-lanes.h"
#include "../../src/modes/cbc.h"
#include "../../src/modes/cbcmac.h"
#include "../../src/modes/ctr-inc.h"
#include "../../src/modes/ctr.h"
#include "../../src/modes/ecb.h"
#include "../../src/modes/xctr.h"
#include "../../src/modes/xts.h"
#include "aes-neon.h"

#define INLINE inline __attribute__((always_inline))
#define NOINLINE __attribute__((noinline))
/*
 * Unroll the loop over the eight registers or blocks, so that the state
 * arrays become registers (the compiler keeps a state array indexed by a
 * loop variable in memory).
 */
#define UNROLL8 _Pragma("GCC unroll 8")

#define MAX_ROUNDS 14
#define NBLK 8 /* blocks in one state */

/*
 * The context: aes-neon's first (the single-block and CBC-encryption
 * functions take a pointer to it, which is a pointer to this), then
 * round key r (0..rounds) bit-sliced as a state of eight copies of it,
 * in representation r mod 4 (see below), the last r XORed with 0x63.
 */
struct aes_neonbs_ctx {
	struct cryptarch_aes_neon_ctx neon;
	uint8x16_t rk[MAX_ROUNDS + 1][8];
};

/*
 * Bitslice layout. A state q[0..7] holds eight blocks k = 0..7: bit k of
 * byte p of q[b] is bit b (0 = least significant) of byte p of block k,
 * p = 4c + r for row r and column c (FIPS-197 order). So SubBytes works
 * on whole registers, and any byte permutation of the state is one TBL
 * per register.
 *
 * Representations. ShiftRows moves row r left by r columns. Instead of
 * moving the data, the state is kept "in representation j" after j rounds
 * (mod 4): the byte logically at row r, column c is stored at column
 * c + j*r (mod 4). SubBytes and AddRoundKey do not care where a byte is,
 * as long as round key i is stored in representation i mod 4 too; in
 * representation j, the byte logically d rows below the one stored at
 * (r, c) is stored at (r + d, c + d*j), one fixed byte permutation per
 * (d, j mod 4). After the last round the state is in representation
 * rounds mod 4 (2, 0, 2 for 10, 12, 14 rounds) and one more permutation
 * brings it back; decryption starts with the same permutation (an
 * involution) and then walks the representations down to 0, so one set
 * of round keys serves both directions.
 *
 * The S-box's affine constant. The circuit below computes L(x^-1), the
 * S-box without its constant 0x63. Since MixColumns and InvMixColumns map
 * a state with 0x63 in every byte to itself (the coefficients of a column
 * add up to 1), the constant of round r's S-box can be added with round
 * key r instead, for r = 1..rounds. In decryption the same keys make the
 * state carry 0x63 into each inverse S-box: on x = y ^ 0x63 the inverse
 * S-box of y is (M(x))^-1 with M = L^-1, which is L's circuit between two
 * copies of M, M(L(M(x)^-1)); invsbox() computes that.
 */

/*
 * Byte permutations for vqtbl1q_u8, index p = 4c + r as above:
 * nb[j]: every byte gets the one logically below it in representation j
 * (stored one row below and j columns to the right);
 * n2[j]: the byte two rows below in representation j (2j columns right);
 * rep2: representation 2 to 0 and back (rows 1 and 3 move two columns).
 */
static const uint8_t perm_nb[4][16] = {
	{ 1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12 },
	{ 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12, 1, 2, 3, 0 },
	{ 9, 10, 11, 8, 13, 14, 15, 12, 1, 2, 3, 0, 5, 6, 7, 4 },
	{ 13, 14, 15, 12, 1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8 },
};

static const uint8_t perm_n2[4][16] = {
	{ 2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13 },
	{ 10, 11, 8, 9, 14, 15, 12, 13, 2, 3, 0, 1, 6, 7, 4, 5 },
	{ 2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13 },
	{ 10, 11, 8, 9, 14, 15, 12, 13, 2, 3, 0, 1, 6, 7, 4, 5 },
};

static const uint8_t perm_rep2[16] = {
	0, 9, 2, 11, 4, 13, 6, 15, 8, 1, 10, 3, 12, 5, 14, 7,
};

/*
 * The AES S-box without its constant, L(x^-1), on every byte of Q: the
 * Boyar-Peralta circuit of aes-bp-sbox.h (shared with aes-ct64), whose
 * three XNORs are plain XORs here (the constant 0x63 is in the round keys).
 * U0 and S0 are the most significant bits.
 */
#define BP_SBOX_T uint8x16_t
#define BP_SBOX_NAME sbox
#define BP_SBOX_NOT(x) (x)
#include "../../src/aes/aes-bp-sbox.h"

/*
 * The inverse S-box on every byte of Q, the state carrying 0x63 in every
 * byte (see above): M(L((M(x))^-1)) with M the linear part of the inverse
 * of the S-box's affine map (FIPS-197 5.3.2: bit i becomes b[i+2] ^
 * b[i+5] ^ b[i+7]). The non-linear middle is sbox()'s; its top linear
 * transform with M in front (the signals keep sbox()'s names) and its
 * bottom linear transform with M behind were each recomputed as one
 * linear map and shortened with the distance-guided greedy search of
 * Boyar and Peralta (SEA 2010, above): 23 + 62 + 30 = 115 gates, where M,
 * sbox() and M again take 13 + 113 + 13. Checked against all 256 values
 * of the inverse S-box.
 */
static INLINE void invsbox(uint8x16_t *q)
{
	uint8x16_t a0, a1, a2, a3, a4, a5, a6, a7;
	uint8x16_t u7;
	uint8x16_t y1, y2, y3, y4, y5, y6, y7, y8, y9, y10, y11, y12, y13, y14;
	uint8x16_t y15, y16, y17, y18, y19, y20, y21;
	uint8x16_t l0;
	uint8x16_t t2, t3, t4, t5, t6, t7, t8, t9, t10, t11, t12, t13, t14, t15;
	uint8x16_t t16, t17, t18, t19, t20, t21, t22, t23, t24, t25, t26, t27;
	uint8x16_t t28, t29, t30, t31, t32, t33, t34, t35, t36, t37, t38, t39;
	uint8x16_t t40, t41, t42, t43, t44, t45;
	uint8x16_t z0, z1, z2, z3, z4, z5, z6, z7, z8, z9, z10, z11, z12, z13;
	uint8x16_t z14, z15, z16, z17;
	uint8x16_t m0, m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, m12, m13;
	uint8x16_t m14, m15, m16, m17, m18, m19, m20, m21;

	a0 = q[0];
	a1 = q[1];
	a2 = q[2];
	a3 = q[3];
	a4 = q[4];
	a5 = q[5];
	a6 = q[6];
	a7 = q[7];

	/* Top linear transform after M: 23 XOR. */
	y3 = a4 ^ a7;
	y8 = a6 ^ a7;
	y19 = a0 ^ a3;
	y6 = a4 ^ y8;
	y5 = a7 ^ y6;
	y10 = y8 ^ y19;
	y1 = y6 ^ y10;
	y9 = a3 ^ a4;
	y14 = y8 ^ y9;
	y18 = a5 ^ y9;
	y13 = a1 ^ y1;
	y2 = y5 ^ y13;
	y12 = y14 ^ y13;
	y4 = y3 ^ y12;
	y7 = a5 ^ y4;
	y16 = y1 ^ y7;
	y21 = a1 ^ y7;
	l0 = a2 ^ a7;
	y11 = y4 ^ l0;
	y20 = y9 ^ y11;
	y17 = y10 ^ y11;
	u7 = y7 ^ y11;
	y15 = y6 ^ u7;

	/* Non-linear middle, as in sbox(): 32 AND, 30 XOR. */
#include "../../src/aes/aes-bp-sbox-middle.h"

	/* Bottom linear transform, then M: 30 XOR. */
	m0 = z6 ^ z15;
	m1 = z12 ^ m0;
	m2 = z13 ^ m1;
	m3 = z16 ^ m2;
	m4 = z8 ^ m3;
	m5 = z3 ^ m4;
	q[7] = z5 ^ m5;
	m6 = z4 ^ m5;
	m7 = z1 ^ m6;
	m8 = z2 ^ z10;
	m9 = z0 ^ m4;
	q[4] = z2 ^ m9;
	m10 = z7 ^ m6;
	q[1] = z8 ^ m10;
	m11 = q[7] ^ m9;
	q[2] = m7 ^ m11;
	m12 = z11 ^ z17;
	m13 = m7 ^ m8;
	m14 = z14 ^ m13;
	m15 = z9 ^ z15;
	q[0] = m12 ^ m15;
	m16 = z11 ^ z13;
	q[5] = m14 ^ m16;
	m17 = m3 ^ q[5];
	m18 = z6 ^ m17;
	q[6] = q[0] ^ m18;
	m19 = q[1] ^ q[2];
	m20 = z16 ^ m19;
	m21 = m12 ^ m20;
	q[3] = m13 ^ m21;
}

/*
 * MixColumns in the representation that NB and N2 (perm_nb[j],
 * perm_n2[j]) belong to: each byte becomes 2a ^ 3b ^ c ^ d where b, c, d
 * are the bytes one, two and three rows below it in its column. With
 * s = a ^ b this is 2s ^ b ^ (the s of the byte two rows below); the
 * doubling is bit-sliced (x^8 = x^4 + x^3 + x + 1).
 */
static INLINE void mixcolumns(uint8x16_t *q, uint8x16_t nb, uint8x16_t n2)
{
	uint8x16_t b[8], s[8];
	int i;

	UNROLL8
	for (i = 0; i < 8; i++) {
		b[i] = vqtbl1q_u8(q[i], nb);
		s[i] = q[i] ^ b[i];
	}
	q[0] = s[7] ^ b[0] ^ vqtbl1q_u8(s[0], n2);
	q[1] = s[0] ^ s[7] ^ b[1] ^ vqtbl1q_u8(s[1], n2);
	q[2] = s[1] ^ b[2] ^ vqtbl1q_u8(s[2], n2);
	q[3] = s[2] ^ s[7] ^ b[3] ^ vqtbl1q_u8(s[3], n2);
	q[4] = s[3] ^ s[7] ^ b[4] ^ vqtbl1q_u8(s[4], n2);
	q[5] = s[4] ^ b[5] ^ vqtbl1q_u8(s[5], n2);
	q[6] = s[5] ^ b[6] ^ vqtbl1q_u8(s[6], n2);
	q[7] = s[6] ^ b[7] ^ vqtbl1q_u8(s[7], n2);
}

/*
 * InvMixColumns: the matrix (0e 0b 0d 09) is (02 03 01 01) times
 * (05 00 04 00) (Daemen and Rijmen, "The Design of Rijndael", 4.1.3), so
 * each byte a first becomes a ^ 4(a ^ c), c being the byte two rows
 * below, and MixColumns follows.
 */
static INLINE void invmixcolumns(uint8x16_t *q, uint8x16_t nb, uint8x16_t n2)
{
	uint8x16_t w[8], w67;
	int i;

	UNROLL8
	for (i = 0; i < 8; i++)
		w[i] = q[i] ^ vqtbl1q_u8(q[i], n2);
	w67 = w[6] ^ w[7];
	q[0] ^= w[6];
	q[1] ^= w67;
	q[2] ^= w[0] ^ w[7];
	q[3] ^= w[1] ^ w[6];
	q[4] ^= w[2] ^ w67;
	q[5] ^= w[3] ^ w[7];
	q[6] ^= w[4];
	q[7] ^= w[5];
	mixcolumns(q, nb, n2);
}

static INLINE void addroundkey(uint8x16_t *q, const uint8x16_t *k)
{
	int i;

	UNROLL8
	for (i = 0; i < 8; i++)
		q[i] ^= k[i];
}

static INLINE void permute(uint8x16_t *q, uint8x16_t idx)
{
	int i;

	UNROLL8
	for (i = 0; i < 8; i++)
		q[i] = vqtbl1q_u8(q[i], idx);
}

/*
 * Exchange the bits of B selected by MASK with the bits of A N places above
 * them (selected by MASK << N, which is ~MASK here): in the transpose
 * below, one index bit of the register with one of the bit position in
 * each byte.
 */
#define SWAPMOVE(a, b, mask, n)                                  \
	do {                                                     \
		uint8x16_t a_ = (a), b_ = (b);                   \
		(b) = vbslq_u8((mask), vshrq_n_u8(a_, (n)), b_); \
		(a) = vbslq_u8((mask), a_, vshlq_n_u8(b_, (n))); \
	} while (0)

/*
 * Blocks to the bitslice layout and back: register k holding block k
 * becomes register b holding bit b, an 8x8 bit transpose in each byte
 * position (three rounds of exchanges, one per index bit); an involution.
 */
static INLINE void transpose(uint8x16_t *q)
{
	uint8x16_t m1 = vdupq_n_u8(0x55), m2 = vdupq_n_u8(0x33);
	uint8x16_t m4 = vdupq_n_u8(0x0f);

	SWAPMOVE(q[0], q[1], m1, 1);
	SWAPMOVE(q[2], q[3], m1, 1);
	SWAPMOVE(q[4], q[5], m1, 1);
	SWAPMOVE(q[6], q[7], m1, 1);
	SWAPMOVE(q[0], q[2], m2, 2);
	SWAPMOVE(q[1], q[3], m2, 2);
	SWAPMOVE(q[4], q[6], m2, 2);
	SWAPMOVE(q[5], q[7], m2, 2);
	SWAPMOVE(q[0], q[4], m4, 4);
	SWAPMOVE(q[1], q[5], m4, 4);
	SWAPMOVE(q[2], q[6], m4, 4);
	SWAPMOVE(q[3], q[7], m4, 4);
}

/*
 * Encrypt the eight blocks at SRC to DST (which may be equal; all loads
 * come before any store). Round r is in representation r mod 4, its
 * permutations picked from the tables by r. Not inlined: one copy serves
 * every mode.
 */
static NOINLINE void encrypt8(const struct aes_neonbs_ctx *ctx, uint8_t *dst,
			      const uint8_t *src)
{
	unsigned int r, nr = ctx->neon.rounds;
	uint8x16_t q[8];
	int i;

	UNROLL8
	for (i = 0; i < 8; i++)
		q[i] = vld1q_u8(src + 16 * i);
	transpose(q);
	addroundkey(q, ctx->rk[0]);
	for (r = 1; r < nr; r++) {
		sbox(q);
		mixcolumns(q, vld1q_u8(perm_nb[r & 3]),
			   vld1q_u8(perm_n2[r & 3]));
		addroundkey(q, ctx->rk[r]);
	}
	sbox(q);
	addroundkey(q, ctx->rk[nr]);
	if (nr & 3) /* representation 2 back to 0 */
		permute(q, vld1q_u8(perm_rep2));
	transpose(q);
	UNROLL8
	for (i = 0; i < 8; i++)
		vst1q_u8(dst + 16 * i, q[i]);
}

/* Decrypt the eight blocks at SRC to DST (which may be equal). */
static NOINLINE void decrypt8(const struct aes_neonbs_ctx *ctx, uint8_t *dst,
			      const uint8_t *src)
{
	unsigned int r, nr = ctx->neon.rounds;
	uint8x16_t q[8];
	int i;

	UNROLL8
	for (i = 0; i < 8; i++)
		q[i] = vld1q_u8(src + 16 * i);
	transpose(q);
	if (nr & 3) /* representation 0 to 2 */
		permute(q, vld1q_u8(perm_rep2));
	addroundkey(q, ctx->rk[nr]);
	for (r = nr - 1; r > 0; r--) {
		invsbox(q);
		addroundkey(q, ctx->rk[r]);
		invmixcolumns(q, vld1q_u8(perm_nb[r & 3]),
			      vld1q_u8(perm_n2[r & 3]));
	}
	invsbox(q);
	addroundkey(q, ctx->rk[0]);
	transpose(q);
	UNROLL8
	for (i = 0; i < 8; i++)
		vst1q_u8(dst + 16 * i, q[i]);
}

static void crypt8(const struct aes_neonbs_ctx *ctx, uint8_t *dst,
		   const uint8_t *src, int dec)
{
	if (dec)
		decrypt8(ctx, dst, src);
	else
		encrypt8(ctx, dst, src);
}

/* N blocks (1..7) at SRC into BUF (128 bytes), dummy zero blocks after. */
static void pad_tail(uint8_t *buf, const uint8_t *src, size_t n)
{
	memset(buf + 16 * n, 0, 16 * (NBLK - n));
	memcpy(buf, src, 16 * n);
}

/* see aes-neon.h: single blocks are aes-neon's */
static void cryptarch_aes_neonbs_encrypt(const void *ctx, uint8_t *dst,
					 const uint8_t *src)
{
	cryptarch_aes_neon_encrypt(ctx, dst, src);
}

static void cryptarch_aes_neonbs_decrypt(const void *ctx, uint8_t *dst,
					 const uint8_t *src)
{
	cryptarch_aes_neon_decrypt(ctx, dst, src);
}

static void ecb_crypt(const void *ctx, uint8_t *dst, const uint8_t *src,
		      size_t nblocks, int dec)
{
	uint8_t buf[16 * NBLK];

	for (; nblocks >= NBLK; nblocks -= NBLK) {
		crypt8(ctx, dst, src, dec);
		src += 16 * NBLK;
		dst += 16 * NBLK;
	}
	if (nblocks) {
		pad_tail(buf, src, nblocks);
		crypt8(ctx, buf, buf, dec);
		memcpy(dst, buf, 16 * nblocks);
		cryptarch_memzero(buf, sizeof(buf));
	}
}

/* see src/modes/ecb.h (struct cryptarch_ecb_hooks.encrypt) */
static void cryptarch_aes_neonbs_ecb_encrypt(const void *ctx, uint8_t *dst,
					     const uint8_t *src, size_t nblocks)
{
	ecb_crypt(ctx, dst, src, nblocks, 0);
}

/* see src/modes/ecb.h (struct cryptarch_ecb_hooks.decrypt) */
static void cryptarch_aes_neonbs_ecb_decrypt(const void *ctx, uint8_t *dst,
					     const uint8_t *src, size_t nblocks)
{
	ecb_crypt(ctx, dst, src, nblocks, 1);
}

/* see src/modes/cbc.h (struct cryptarch_cbc_hooks.encrypt): serial,
 * aes-neon's */
static void cryptarch_aes_neonbs_cbc_encrypt(const void *ctx, uint8_t *dst,
					     const uint8_t *src, size_t nblocks,
					     uint8_t iv[16])
{
	cryptarch_aes_neon_cbc_encrypt(ctx, dst, src, nblocks, iv);
}

/* Eight lanes of CBC encryption (cbc-lanes.h): one bit-sliced pass,
 * however many of them are in use (the others are dummies). */
static void cbc_lanes8(const void *ctx, uint8_t *buf, unsigned int k)
{
	(void)k;
	encrypt8(ctx, buf, buf);
}

/*
 * see src/modes/cbc.h (struct cryptarch_cbc_hooks.encrypt_many): eight
 * requests' chains in one bit-sliced state. Once no request waits and
 * fewer than CBC_SERIAL_BELOW chains are left, they finish in aes-neon's
 * serial code. A pass of eight blocks executes about as many instructions
 * as nine single blocks there (AES-128: 15.5 instructions per byte with
 * eight chains, aes-neon's serial code 13.7; bench/insncount.sh --modes
 * cbc-enc,cbc-mb8 under qemu-aarch64 7.2, gcc 12), but aes-neon's
 * four-register TBLs take several cycles each on the cores with published
 * figures. Assuming, as the ranking of the parallel modes does, that a
 * pass takes about half the time of eight aes-neon blocks, the serial
 * code is ahead below four chains (an estimate: not timed on hardware).
 */
#define CBC_SERIAL_BELOW 4
static void cryptarch_aes_neonbs_cbc_encrypt_many(
	const void *ctx, const struct cryptarch_request *req, size_t n)
{
	cryptarch_cbc_lanes_encrypt(ctx, req, n, NBLK, CBC_SERIAL_BELOW,
				    cbc_lanes8,
				    cryptarch_aes_neon_cbc_encrypt);
}

/* see src/modes/cbc.h (struct cryptarch_cbc_hooks.decrypt) */
static void cryptarch_aes_neonbs_cbc_decrypt(const void *ctx, uint8_t *dst,
					     const uint8_t *src, size_t nblocks,
					     uint8_t iv[16])
{
	uint8_t buf[16 * NBLK];
	uint8x16_t prev = vld1q_u8(iv), c;
	size_t k, n;

	while (nblocks) {
		n = nblocks < NBLK ? nblocks : NBLK;
		if (n == NBLK) {
			decrypt8(ctx, buf, src);
		} else {
			pad_tail(buf, src, n);
			decrypt8(ctx, buf, buf);
		}
		/* in place: block k is read before its plaintext is stored */
		for (k = 0; k < n; k++) {
			c = vld1q_u8(src + 16 * k);
			vst1q_u8(dst + 16 * k, vld1q_u8(buf + 16 * k) ^ prev);
			prev = c;
		}
		src += 16 * n;
		dst += 16 * n;
		nblocks -= n;
	}
	vst1q_u8(iv, prev);
	cryptarch_memzero(buf, sizeof(buf));
}

/* The 16 bytes of HI and LO, each big-endian. */
static INLINE uint8x16_t be128(uint64_t hi, uint64_t lo)
{
	return vreinterpretq_u8_u64(
		vcombine_u64(vcreate_u64(__builtin_bswap64(hi)),
			     vcreate_u64(__builtin_bswap64(lo))));
}

/* see src/modes/ctr.h (struct cryptarch_ctr_hooks.crypt) */
static void cryptarch_aes_neonbs_ctr_crypt(const void *ctx, uint8_t *dst,
					   const uint8_t *src, size_t nblocks,
					   uint8_t ctr[16])
{
	uint8_t buf[16 * NBLK];
	uint64_t hi = load64_be(ctr), lo = load64_be(ctr + 8), h, l;
	size_t k, n;

	while (nblocks) {
		n = nblocks < NBLK ? nblocks : NBLK;
		/* counter blocks ctr + k for every k, dummies included */
		UNROLL8
		for (k = 0; k < NBLK; k++) {
			l = lo;
			h = hi;
			ctr_add64(&h, &l, k);
			vst1q_u8(buf + 16 * k, be128(h, l));
		}
		ctr_add64(&hi, &lo, n);
		encrypt8(ctx, buf, buf);
		for (k = 0; k < n; k++)
			vst1q_u8(dst + 16 * k, vld1q_u8(src + 16 * k) ^
						       vld1q_u8(buf + 16 * k));
		src += 16 * n;
		dst += 16 * n;
		nblocks -= n;
	}
	vst1q_u8(ctr, be128(hi, lo));
	cryptarch_memzero(buf, sizeof(buf));
}

/* The 16 bytes of LO and HI, each little-endian. */
static INLINE uint8x16_t le128(uint64_t lo, uint64_t hi)
{
#if defined(__AARCH64EB__)
	uint8_t b[16];

	store64_le(b, lo);
	store64_le(b + 8, hi);
	return vld1q_u8(b);
#else
	return vreinterpretq_u8_u64(
		vcombine_u64(vcreate_u64(lo), vcreate_u64(hi)));
#endif
}

/* see src/modes/xctr.h (struct cryptarch_xctr_hooks.crypt): as CTR, the
 * counter blocks IV xor le128(CTR + k) */
static void cryptarch_aes_neonbs_xctr_crypt(const void *ctx, uint8_t *dst,
					    const uint8_t *src, size_t nblocks,
					    const uint8_t iv[16], uint64_t ctr)
{
	uint8_t buf[16 * NBLK];
	uint64_t lo = load64_le(iv), hi = load64_le(iv + 8);
	size_t k, n;

	while (nblocks) {
		n = nblocks < NBLK ? nblocks : NBLK;
		/* counter blocks ctr + k for every k, dummies included */
		UNROLL8
		for (k = 0; k < NBLK; k++)
			vst1q_u8(buf + 16 * k, le128(lo ^ (ctr + k), hi));
		ctr += n;
		encrypt8(ctx, buf, buf);
		for (k = 0; k < n; k++)
			vst1q_u8(dst + 16 * k, vld1q_u8(src + 16 * k) ^
						       vld1q_u8(buf + 16 * k));
		src += 16 * n;
		dst += 16 * n;
		nblocks -= n;
	}
	cryptarch_memzero(buf, sizeof(buf));
}

/*
 * T times alpha in GF(2^128), IEEE 1619 order (xts-tweak.h): the 128-bit
 * little-endian number shifted left by one, x^128 = x^7 + x^2 + x + 1;
 * the carries are masks, not branches.
 */
static INLINE uint8x16_t mul_alpha(uint8x16_t t)
{
	static const uint64_t poly[2] = { 0x87, 1 };
	int64x2_t m = vshrq_n_s64(vreinterpretq_s64_u8(t), 63);
	uint64x2_t c = vandq_u64(vreinterpretq_u64_s64(vextq_s64(m, m, 1)),
				 vld1q_u64(poly));

	return vreinterpretq_u8_u64(vshlq_n_u64(vreinterpretq_u64_u8(t), 1) ^
				    c);
}

static void xts_crypt(const void *ctx, uint8_t *dst, const uint8_t *src,
		      size_t nblocks, uint8_t tweak[16], int dec)
{
	uint8_t buf[16 * NBLK];
	uint8x16_t tw[NBLK], t = vld1q_u8(tweak);
	size_t k, n;

	while (nblocks) {
		n = nblocks < NBLK ? nblocks : NBLK;
		/* the dummy blocks of a short batch are zero */
		UNROLL8
		for (k = 0; k < NBLK; k++) {
			tw[k] = t;
			vst1q_u8(buf + 16 * k,
				 k < n ? vld1q_u8(src + 16 * k) ^ t :
					 vdupq_n_u8(0));
			t = mul_alpha(t);
		}
		crypt8(ctx, buf, buf, dec);
		for (k = 0; k < n; k++)
			vst1q_u8(dst + 16 * k, vld1q_u8(buf + 16 * k) ^ tw[k]);
		/* the tweak of the block after the last one */
		t = n < NBLK ? tw[n] : t;
		src += 16 * n;
		dst += 16 * n;
		nblocks -= n;
	}
	vst1q_u8(tweak, t);
	cryptarch_memzero(buf, sizeof(buf));
	cryptarch_memzero(tw, sizeof(tw));
}

/* see src/modes/xts.h (struct cryptarch_xts_hooks.encrypt) */
static void cryptarch_aes_neonbs_xts_encrypt(const void *ctx, uint8_t *dst,
					     const uint8_t *src, size_t nblocks,
					     uint8_t tweak[16])
{
	xts_crypt(ctx, dst, src, nblocks, tweak, 0);
}

/* see src/modes/xts.h (struct cryptarch_xts_hooks.decrypt) */
static void cryptarch_aes_neonbs_xts_decrypt(const void *ctx, uint8_t *dst,
					     const uint8_t *src, size_t nblocks,
					     uint8_t tweak[16])
{
	xts_crypt(ctx, dst, src, nblocks, tweak, 1);
}

/*
 * see desc.h (struct cryptarch_cipher_ops.setkey): aes-neon's key expansion
 * (constant-time), then each round key r moved into representation r mod
 * 4, 0x63 added for r >= 1, and bit-sliced: byte p of rk[r][b] is 0xff
 * where bit b of byte p of the key is set (CMTST), so it holds the key in
 * all eight block positions.
 */
static int cryptarch_aes_neonbs_setkey(void *vctx, const uint8_t *key,
				       size_t keylen)
{
	struct aes_neonbs_ctx *ctx = vctx;
	const uint8_t *ek;
	uint8_t kb[16], k63;
	uint8x16_t v;
	unsigned int i, j, b, c, r, nr;
	int err;

	if (keylen != 16 && keylen != 24 && keylen != 32)
		return -EINVAL;
	err = cryptarch_aes_neon_setkey(&ctx->neon, key, keylen);
	if (err)
		return err;
	nr = ctx->neon.rounds;
	for (i = 0; i <= nr; i++) {
		ek = ctx->neon.ek[i];
		j = i & 3;
		k63 = i ? 0x63 : 0;
		/* stored at (r, c): the key byte at (r, c - j*r) */
		for (c = 0; c < 4; c++)
			for (r = 0; r < 4; r++)
				kb[4 * c + r] = ek[4 * ((c - j * r) & 3) + r] ^
						k63;
		v = vld1q_u8(kb);
		for (b = 0; b < 8; b++)
			ctx->rk[i][b] = vtstq_u8(v, vdupq_n_u8(1u << b));
	}
	cryptarch_memzero(kb, sizeof(kb));
	return 0;
}

CRYPTARCH_DRIVER(aes_neonbs,
	.name = "aes-neonbs",
	.alg = &cryptarch_aes,
	.summary = "bit-sliced Advanced SIMD, 8 blocks per call for ECB, CBC "
		    "decryption, CTR, XCTR and XTS, and 8 requests' chains "
		    "at once for many-request CBC encryption; single blocks, "
		    "one request's CBC encryption and the CBC-MAC chain are "
		    "aes-neon's",
	.priority = 250, /* above aes-arm64 (200), below aes-ce (300) */
	.ctxsize = sizeof(struct aes_neonbs_ctx),
	.flags = CRYPTARCH_DRV_CONSTANT_TIME,
	.cpu_features = CRYPTARCH_CPU_NEON,
	.ct = { CRYPTARCH_CT_QEMU_TRACE, "aarch64", NULL },
	.hooks = CRYPTARCH_HOOKS(
		CRYPTARCH_ECB_HOOK(aes_neonbs),
		/* CBC encryption is aes-neon's serial code: below aes-arm64
		 * (200), which published Cortex-A72 figures put about 3.5x
		 * ahead there, so that with variable time allowed it takes CBC
		 * encryption; above aes-neon (150) and aes-ct64 (90) for the
		 * constant-time policy. */
		/* Many requests interleave eight chains: constant-time and
		 * ahead of aes-arm64's serial code, so they rank above all
		 * but aes-ce (300): aes-arm64 (200), aes-neon's four chains
		 * (180), aes-ct64's (95). */
		CRYPTARCH_CBC_HOOK_MANY(aes_neonbs,
					cryptarch_aes_neonbs_cbc_encrypt_many,
					NULL, 290, .op_priority = { 190, 0 }),
		CRYPTARCH_CTR_HOOK(aes_neonbs),
		CRYPTARCH_XCTR_HOOK(aes_neonbs),
		CRYPTARCH_XTS_HOOK(aes_neonbs),
		/* The CBC-MAC chain is serial too, aes-neon's, ranked as CBC
		 * encryption and for the same reasons. */
		CRYPTARCH_CBCMAC_HOOKS_FNS(cryptarch_aes_neon_cbcmac,
					   .priority = 190)));
