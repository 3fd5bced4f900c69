/* SPDX-License-Identifier: MIT */
/*
 * aes-ct64.c - "aes-ct64": AES-128/192/256 bit-sliced on 64-bit words in
 * portable C. Eight uint64_t words hold four blocks, one word per bit
 * position of every byte, and every core call runs four blocks: the hooks
 * (ECB, CBC decryption, CTR, XTS, XCTR) go four blocks at a time and
 * pad a short tail with dummy blocks, and a single block runs with three
 * dummy ones. CBC encryption of many requests runs four of them at once,
 * a chain per block of the state (src/modes/cbc-lanes.h). The S-box is Boyar and Peralta's 113-gate circuit on whole
 * words (decryption puts it between two inverse affine maps); ShiftRows is
 * never a data movement but is folded into four variants of MixColumns,
 * the "fixslicing" of Adomnicai and Peyrin ("Fixslicing AES-like ciphers",
 * TCHES 2021/1). Two four-block states interleaved measured no faster on
 * Zen 5, so one is used. Constant-time: no branch and no memory index
 * depends on the key or the data, key expansion included (its SubWord runs
 * the same circuit), so timing and cache footprint are independent of
 * secrets. Needs no CPU feature; correct on 32-bit and big-endian hosts
 * (slower on 32-bit ones, where a 64-bit operation takes two or more
 * instructions). Speed: AES-128 CTR, 8192-byte requests, 6.8 cycles/byte
 * (`cryptarch speed --driver ctr-aes-ct64 --sizes 8192 --keys 128`, gcc 12
 * -O2) on AMD EPYC (Zen 5), 2026-11-30.
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
#include "aes-ct64.h"
#include "aes.h"

#if defined(__GNUC__)
#define INLINE inline __attribute__((always_inline))
#else
#define INLINE inline
#endif

#define MAX_ROUNDS 14

/* Blocks in one state of eight words: one core call. */
#define STATE_BLOCKS 4

/*
 * Round key r (0..rounds) is sk[8r..8r+7], bit-sliced like a state holding
 * four copies of it, in representation r mod 4 (see below).
 */
struct aes_ct64_ctx {
	uint64_t sk[8 * (MAX_ROUNDS + 1)];
	unsigned int rounds; /* 10, 12 or 14 */
};

/*
 * Bitslice layout. A state q[0..7] holds four blocks k = 0..3; q[b] holds
 * bit b (0 = least significant) of all 64 state bytes. The byte in row r,
 * column c of block k (byte 4c + r of the block, FIPS-197 order) has its
 * bit b at position 16r + 4c + k of q[b]: each 16-bit lane is one row of
 * all four blocks, column by column. Bringing the row below into the place
 * of every row is a 64-bit rotate by 16; bringing the next column into the
 * place of every column is a rotate by 4 inside each lane (two rotates and
 * a mask).
 *
 * Representations. ShiftRows moves row r left by r columns. Instead of
 * moving the data, the state is kept "in representation j" after j rounds
 * (mod 4): the byte logically at row r, column c is stored at column
 * c + j*r (mod 4). SubBytes and AddRoundKey do not care where a byte is,
 * as long as round key i is stored in representation i mod 4 too; and in
 * representation j, the byte logically below the one stored at (r, c) is
 * stored at (r + 1, c + j), which neighbour() reaches with the same
 * rotates for every row, so MixColumns has one variant per j. After the
 * last round the state is in representation rounds mod 4 (2, 0, 2 for 10,
 * 12, 14 rounds) and one fix-up brings it back; decryption starts with the
 * inverse fix-up and then walks the representations down to 0, so one set
 * of round keys serves both directions.
 */

/*
 * Every byte's place in X gets the byte DR rows below and DC columns to the
 * right of it, both mod 4 (DR = 1 or 2; DC = 0..3, constant after
 * inlining): with DC = j, the byte below in representation j.
 */
static INLINE uint64_t neighbour(uint64_t x, unsigned dr, unsigned dc)
{
	/* in each 16-bit lane, the bits whose source column does not wrap */
	uint64_t m = (uint64_t)(0xffffu >> (4 * dc)) * 0x0001000100010001;

	if (dc == 0)
		return ror64(x, 16 * dr);
	return (ror64(x, 16 * dr + 4 * dc) & m) |
	       (ror64(x, 16 * dr + 4 * dc - 16) & ~m);
}

/* The AES S-box on every byte of Q (aes-bp-sbox.h: Boyar and Peralta's
 * 113-gate circuit, the constant 0x63 included). */
#define BP_SBOX_T uint64_t
#define BP_SBOX_NAME sbox
#define BP_SBOX_NOT(x) (~(x))
#include "aes-bp-sbox.h"

/*
 * The inverse of the S-box's affine map, FIPS-197 5.3.2: bit i becomes
 * b[i+2] ^ b[i+5] ^ b[i+7] ^ (bit i of 0x05). The inverse S-box is this map,
 * then the S-box, then this map again: S is affine(inverse(x)), so
 * inverse(x) = invaffine(S(x)) and S^-1(y) = inverse(invaffine(y)).
 */
static INLINE void invaffine(uint64_t *q)
{
	uint64_t a0 = q[0], a1 = q[1], a2 = q[2], a3 = q[3];
	uint64_t a4 = q[4], a5 = q[5], a6 = q[6], a7 = q[7];
	uint64_t x25 = a2 ^ a5, x36 = a3 ^ a6, x14 = a1 ^ a4;

	q[0] = ~(x25 ^ a7);
	q[1] = x36 ^ a0;
	q[2] = ~(x14 ^ a7);
	q[3] = x25 ^ a0;
	q[4] = x36 ^ a1;
	q[5] = a7 ^ a2 ^ a4;
	q[6] = a0 ^ a3 ^ a5;
	q[7] = x14 ^ a6;
}

static INLINE void invsbox(uint64_t *q)
{
	invaffine(q);
	sbox(q);
	invaffine(q);
}

/*
 * MixColumns on a state in representation J (0..3, constant after
 * inlining): each byte becomes 2a ^ 3b ^ c ^ d where b, c, d are the bytes
 * one, two and three rows below it in its column. With s = a ^ b this is
 * 2s ^ b ^ (the s of the byte two rows below), so two neighbour() calls a
 * word and a bit-sliced doubling (x^8 = x^4 + x^3 + x + 1) suffice.
 */
static INLINE void mixcolumns(uint64_t *q, unsigned j)
{
	uint64_t b0 = neighbour(q[0], 1, j), b1 = neighbour(q[1], 1, j);
	uint64_t b2 = neighbour(q[2], 1, j), b3 = neighbour(q[3], 1, j);
	uint64_t b4 = neighbour(q[4], 1, j), b5 = neighbour(q[5], 1, j);
	uint64_t b6 = neighbour(q[6], 1, j), b7 = neighbour(q[7], 1, j);
	uint64_t s0 = q[0] ^ b0, s1 = q[1] ^ b1, s2 = q[2] ^ b2;
	uint64_t s3 = q[3] ^ b3, s4 = q[4] ^ b4, s5 = q[5] ^ b5;
	uint64_t s6 = q[6] ^ b6, s7 = q[7] ^ b7;
	unsigned j2 = (2 * j) & 3;

	q[0] = s7 ^ b0 ^ neighbour(s0, 2, j2);
	q[1] = s0 ^ s7 ^ b1 ^ neighbour(s1, 2, j2);
	q[2] = s1 ^ b2 ^ neighbour(s2, 2, j2);
	q[3] = s2 ^ s7 ^ b3 ^ neighbour(s3, 2, j2);
	q[4] = s3 ^ s7 ^ b4 ^ neighbour(s4, 2, j2);
	q[5] = s4 ^ b5 ^ neighbour(s5, 2, j2);
	q[6] = s5 ^ b6 ^ neighbour(s6, 2, j2);
	q[7] = s6 ^ b7 ^ neighbour(s7, 2, j2);
}

/*
 * InvMixColumns in representation J: the matrix (0e 0b 0d 09) is
 * (02 03 01 01) times (05 00 04 00) (Daemen and Rijmen, "The Design of
 * Rijndael", 4.1.3), so each byte a first becomes a ^ 4(a ^ c), c being the
 * byte two rows below, and MixColumns follows.
 */
static INLINE void invmixcolumns(uint64_t *q, unsigned j)
{
	unsigned j2 = (2 * j) & 3;
	uint64_t w0 = q[0] ^ neighbour(q[0], 2, j2);
	uint64_t w1 = q[1] ^ neighbour(q[1], 2, j2);
	uint64_t w2 = q[2] ^ neighbour(q[2], 2, j2);
	uint64_t w3 = q[3] ^ neighbour(q[3], 2, j2);
	uint64_t w4 = q[4] ^ neighbour(q[4], 2, j2);
	uint64_t w5 = q[5] ^ neighbour(q[5], 2, j2);
	uint64_t w6 = q[6] ^ neighbour(q[6], 2, j2);
	uint64_t w7 = q[7] ^ neighbour(q[7], 2, j2);
	uint64_t w67 = w6 ^ w7;

	/* q ^= 4w, the doubling applied twice */
	q[0] ^= w6;
	q[1] ^= w67;
	q[2] ^= w0 ^ w7;
	q[3] ^= w1 ^ w6;
	q[4] ^= w2 ^ w67;
	q[5] ^= w3 ^ w7;
	q[6] ^= w4;
	q[7] ^= w5;
	mixcolumns(q, j);
}

static INLINE void addroundkey(uint64_t *q, const uint64_t *k)
{
	q[0] ^= k[0];
	q[1] ^= k[1];
	q[2] ^= k[2];
	q[3] ^= k[3];
	q[4] ^= k[4];
	q[5] ^= k[5];
	q[6] ^= k[6];
	q[7] ^= k[7];
}

/*
 * Change representation by M (0..3, constant after inlining): the byte at
 * row r, column c moves to column c + M*r, i.e. lane r rotates left by
 * 4*M*r bits. M = 2, the only value the rounds need, swaps the two bytes
 * of rows 1 and 3.
 */
static INLINE void rerepresent(uint64_t *q, unsigned m)
{
	unsigned i, r, s;
	uint64_t x, y, lane;

	for (i = 0; i < 8 && m != 0; i++) {
		x = q[i];
		if (m == 2) {
			y = (x ^ (x >> 8)) & 0x00ff000000ff0000;
			q[i] = x ^ y ^ (y << 8);
			continue;
		}
		y = 0;
		for (r = 0; r < 4; r++) {
			lane = (x >> (16 * r)) & 0xffff;
			s = (4 * m * r) & 15;
			lane = ((lane << s) | (lane >> ((16 - s) & 15))) &
			       0xffff;
			y |= lane << (16 * r);
		}
		q[i] = y;
	}
}

/* Exchange the bits of A selected by MASK << N with those of B in MASK. */
#define SWAPMOVE(a, b, mask, n)                              \
	do {                                                 \
		uint64_t t_ = (((a) >> (n)) ^ (b)) & (mask); \
		(b) ^= t_;                                   \
		(a) ^= t_ << (n);                            \
	} while (0)

/*
 * Bytes to the bitslice layout and back. The eight 64-bit little-endian
 * words w[4h + k] = bytes 8h..8h+7 of block k index the 512 bits by word
 * (h, k1, k0) and position (c0, r1, r0, b2, b1, b0); six exchanges of an
 * index bit of the word with one of the position turn that into word
 * (b2, b1, b0) and position (r1, r0, c1, c0, k1, k0). The exchanges are
 * involutions, so unloading runs them in reverse order.
 */
static INLINE void ortho(uint64_t *w, int rev)
{
	unsigned i;

	for (i = 0; i < 4; i++) {
		if (!rev) {
			SWAPMOVE(w[i], w[i + 4], 0x00ff00ff00ff00ff, 8);
			SWAPMOVE(w[i], w[i + 4], 0x0000ffff0000ffff, 16);
			SWAPMOVE(w[i], w[i + 4], 0x00000000ffffffff, 32);
			SWAPMOVE(w[i], w[i + 4], 0x0f0f0f0f0f0f0f0f, 4);
		} else {
			SWAPMOVE(w[i], w[i + 4], 0x0f0f0f0f0f0f0f0f, 4);
			SWAPMOVE(w[i], w[i + 4], 0x00000000ffffffff, 32);
			SWAPMOVE(w[i], w[i + 4], 0x0000ffff0000ffff, 16);
			SWAPMOVE(w[i], w[i + 4], 0x00ff00ff00ff00ff, 8);
		}
	}
	SWAPMOVE(w[0], w[1], 0x5555555555555555, 1);
	SWAPMOVE(w[2], w[3], 0x5555555555555555, 1);
	SWAPMOVE(w[4], w[5], 0x5555555555555555, 1);
	SWAPMOVE(w[6], w[7], 0x5555555555555555, 1);
	SWAPMOVE(w[0], w[2], 0x3333333333333333, 2);
	SWAPMOVE(w[1], w[3], 0x3333333333333333, 2);
	SWAPMOVE(w[4], w[6], 0x3333333333333333, 2);
	SWAPMOVE(w[5], w[7], 0x3333333333333333, 2);
}

/*
 * The first N blocks (0..4) at SRC into the state Q; the blocks after them
 * are dummy zero blocks.
 */
static INLINE void load_state(uint64_t *q, const uint8_t *src, size_t n)
{
	unsigned k;

	for (k = 0; k < 4; k++) {
		q[k] = k < n ? load64_le(src + 16 * k) : 0;
		q[k + 4] = k < n ? load64_le(src + 16 * k + 8) : 0;
	}
	ortho(q, 0);
}

/* The first N blocks (0..4) of the state Q out to DST (Q is destroyed). */
static INLINE void store_state(uint8_t *dst, uint64_t *q, size_t n)
{
	unsigned k;

	ortho(q, 1);
	for (k = 0; k < 4 && k < n; k++) {
		store64_le(dst + 16 * k, q[k]);
		store64_le(dst + 16 * k + 8, q[k + 4]);
	}
}

/*
 * MixColumns or its inverse in representation J mod 4, dispatched so that
 * each variant gets constant rotates and masks.
 */
static INLINE void mixcolumns_rep(uint64_t *q, unsigned j)
{
	switch (j & 3) {
	case 0:
		mixcolumns(q, 0);
		break;
	case 1:
		mixcolumns(q, 1);
		break;
	case 2:
		mixcolumns(q, 2);
		break;
	default:
		mixcolumns(q, 3);
		break;
	}
}

static INLINE void invmixcolumns_rep(uint64_t *q, unsigned j)
{
	switch (j & 3) {
	case 0:
		invmixcolumns(q, 0);
		break;
	case 1:
		invmixcolumns(q, 1);
		break;
	case 2:
		invmixcolumns(q, 2);
		break;
	default:
		invmixcolumns(q, 3);
		break;
	}
}

/* Encrypt the state Q in place (the four blocks of Q). */
static void encrypt_state(const struct aes_ct64_ctx *ctx, uint64_t *q)
{
	const uint64_t *sk = ctx->sk;
	unsigned r, nr = ctx->rounds;

	addroundkey(q, sk);
	for (r = 1; r < nr; r++) {
		sbox(q);
		mixcolumns_rep(q, r);
		addroundkey(q, sk + 8 * r);
	}
	sbox(q);
	addroundkey(q, sk + 8 * nr);
	rerepresent(q, -nr & 3); /* representation nr back to 0 */
}

/* Decrypt the state Q in place. */
static void decrypt_state(const struct aes_ct64_ctx *ctx, uint64_t *q)
{
	const uint64_t *sk = ctx->sk;
	unsigned r, nr = ctx->rounds;

	rerepresent(q, nr & 3); /* representation 0 to nr */
	addroundkey(q, sk + 8 * nr);
	for (r = nr - 1; r > 0; r--) {
		invsbox(q);
		addroundkey(q, sk + 8 * r);
		invmixcolumns_rep(q, r);
	}
	invsbox(q);
	addroundkey(q, sk);
}

/* see desc.h (struct cryptarch_cipher_ops.encrypt) */
static void cryptarch_aes_ct64_encrypt(const void *ctx, uint8_t *dst,
				       const uint8_t *src)
{
	uint64_t q[8];

	load_state(q, src, 1);
	encrypt_state(ctx, q);
	store_state(dst, q, 1);
	cryptarch_memzero(q, sizeof(q));
}

/* see desc.h (struct cryptarch_cipher_ops.decrypt) */
static void cryptarch_aes_ct64_decrypt(const void *ctx, uint8_t *dst,
				       const uint8_t *src)
{
	uint64_t q[8];

	load_state(q, src, 1);
	decrypt_state(ctx, q);
	store_state(dst, q, 1);
	cryptarch_memzero(q, sizeof(q));
}

static void ecb_crypt(const void *ctx, uint8_t *dst, const uint8_t *src,
		      size_t nblocks, int dec)
{
	uint64_t q[8];
	size_t n;

	while (nblocks) {
		n = nblocks < STATE_BLOCKS ? nblocks : STATE_BLOCKS;
		load_state(q, src, n);
		if (dec)
			decrypt_state(ctx, q);
		else
			encrypt_state(ctx, q);
		store_state(dst, q, n);
		src += 16 * n;
		dst += 16 * n;
		nblocks -= n;
	}
	cryptarch_memzero(q, sizeof(q));
}

/* see src/modes/ecb.h (struct cryptarch_ecb_hooks.encrypt) */
static void cryptarch_aes_ct64_ecb_encrypt(const void *ctx, uint8_t *dst,
					   const uint8_t *src, size_t nblocks)
{
	ecb_crypt(ctx, dst, src, nblocks, 0);
}

/* see src/modes/ecb.h (struct cryptarch_ecb_hooks.decrypt) */
static void cryptarch_aes_ct64_ecb_decrypt(const void *ctx, uint8_t *dst,
					   const uint8_t *src, size_t nblocks)
{
	ecb_crypt(ctx, dst, src, nblocks, 1);
}

/* see src/modes/cbc.h (struct cryptarch_cbc_hooks.decrypt) */
static void cryptarch_aes_ct64_cbc_decrypt(const void *ctx, uint8_t *dst,
					   const uint8_t *src, size_t nblocks,
					   uint8_t iv[16])
{
	uint64_t q[8];
	uint8_t pt[16 * STATE_BLOCKS], last[16];
	size_t i, n;

	while (nblocks) {
		n = nblocks < STATE_BLOCKS ? nblocks : STATE_BLOCKS;
		load_state(q, src, n);
		decrypt_state(ctx, q);
		store_state(pt, q, n);
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
	cryptarch_memzero(q, sizeof(q));
	cryptarch_memzero(pt, sizeof(pt));
}

/* The first K (1..4) blocks of BUF encrypted in place, four lanes of CBC
 * encryption (cbc-lanes.h); the dummy blocks after them are zero. */
static void cbc_lanes4(const void *ctx, uint8_t *buf, unsigned int k)
{
	uint64_t q[8];

	load_state(q, buf, k);
	encrypt_state(ctx, q);
	store_state(buf, q, k);
	cryptarch_memzero(q, sizeof(q));
}

/* see src/modes/cbc.h (struct cryptarch_cbc_hooks.encrypt_many): four
 * requests' chains in one state; a lone chain runs with dummy blocks, as
 * the template's loop over single blocks would, so there is no serial
 * fallback */
static void cryptarch_aes_ct64_cbc_encrypt_many(
	const void *ctx, const struct cryptarch_request *req, size_t n)
{
	cryptarch_cbc_lanes_encrypt(ctx, req, n, STATE_BLOCKS, 0, cbc_lanes4,
				    NULL);
}

/* The little-endian reading of the big-endian bytes of X. */
static INLINE uint64_t be_as_le(uint64_t x)
{
	uint8_t b[8];

	store64_be(b, x);
	return load64_le(b);
}

/* see src/modes/ctr.h (struct cryptarch_ctr_hooks.crypt) */
static void cryptarch_aes_ct64_ctr_crypt(const void *ctx, uint8_t *dst,
					 const uint8_t *src, size_t nblocks,
					 uint8_t ctr[16])
{
	uint64_t q[8], hi, lo, l;
	size_t n;
	unsigned k;

	while (nblocks) {
		n = nblocks < STATE_BLOCKS ? nblocks : STATE_BLOCKS;
		/* the counter blocks ctr + k, straight into the words that
		 * load_state() would read (dummy blocks included); then the
		 * counter itself advances by n */
		hi = load64_be(ctr);
		lo = load64_be(ctr + 8);
		for (k = 0; k < STATE_BLOCKS; k++) {
			l = lo + k;
			q[k] = be_as_le(hi + (l < lo));
			q[k + 4] = be_as_le(l);
		}
		ctr_add(ctr, n);
		ortho(q, 0);
		encrypt_state(ctx, q);
		ortho(q, 1);
		for (k = 0; k < n; k++) {
			store64_le(dst + 16 * k,
				   q[k] ^ load64_le(src + 16 * k));
			store64_le(dst + 16 * k + 8,
				   q[k + 4] ^ load64_le(src + 16 * k + 8));
		}
		src += 16 * n;
		dst += 16 * n;
		nblocks -= n;
	}
	cryptarch_memzero(q, sizeof(q));
}

/* see src/modes/xctr.h (struct cryptarch_xctr_hooks.crypt) */
static void cryptarch_aes_ct64_xctr_crypt(const void *ctx, uint8_t *dst,
					  const uint8_t *src, size_t nblocks,
					  const uint8_t iv[16], uint64_t ctr)
{
	uint64_t q[8], v0 = load64_le(iv), v1 = load64_le(iv + 8);
	size_t n;
	unsigned k;

	while (nblocks) {
		n = nblocks < STATE_BLOCKS ? nblocks : STATE_BLOCKS;
		/* the counter blocks iv ^ le128(ctr + k), straight into the
		 * words that load_state() would read (dummy blocks included;
		 * the counter wraps at 2^64, as the template's) */
		for (k = 0; k < STATE_BLOCKS; k++) {
			q[k] = v0 ^ (ctr + k);
			q[k + 4] = v1;
		}
		ctr += n;
		ortho(q, 0);
		encrypt_state(ctx, q);
		ortho(q, 1);
		for (k = 0; k < n; k++) {
			store64_le(dst + 16 * k,
				   q[k] ^ load64_le(src + 16 * k));
			store64_le(dst + 16 * k + 8,
				   q[k + 4] ^ load64_le(src + 16 * k + 8));
		}
		src += 16 * n;
		dst += 16 * n;
		nblocks -= n;
	}
	cryptarch_memzero(q, sizeof(q));
}

static void xts_crypt(const void *ctx, uint8_t *dst, const uint8_t *src,
		      size_t nblocks, uint8_t tweak[16], int dec)
{
	uint64_t q[8];
	uint8_t tw[16 * (STATE_BLOCKS + 1)];
	size_t n;
	unsigned k;

	memcpy(tw, tweak, 16);
	while (nblocks) {
		n = nblocks < STATE_BLOCKS ? nblocks : STATE_BLOCKS;
		/* tw + 16k = T * alpha^k, copied by words so that every load
		 * meets one store of its own size */
		for (k = 1; k <= n; k++) {
			store64_le(tw + 16 * k, load64_le(tw + 16 * k - 16));
			store64_le(tw + 16 * k + 8, load64_le(tw + 16 * k - 8));
			xts_mul_alpha(tw + 16 * k);
		}
		for (k = 0; k < STATE_BLOCKS; k++) {
			q[k] = q[k + 4] = 0;
			if (k < n) {
				q[k] = load64_le(src + 16 * k) ^
				       load64_le(tw + 16 * k);
				q[k + 4] = load64_le(src + 16 * k + 8) ^
					   load64_le(tw + 16 * k + 8);
			}
		}
		ortho(q, 0);
		if (dec)
			decrypt_state(ctx, q);
		else
			encrypt_state(ctx, q);
		ortho(q, 1);
		for (k = 0; k < n; k++) {
			store64_le(dst + 16 * k, q[k] ^ load64_le(tw + 16 * k));
			store64_le(dst + 16 * k + 8,
				   q[k + 4] ^ load64_le(tw + 16 * k + 8));
		}
		store64_le(tw, load64_le(tw + 16 * n));
		store64_le(tw + 8, load64_le(tw + 16 * n + 8));
		src += 16 * n;
		dst += 16 * n;
		nblocks -= n;
	}
	memcpy(tweak, tw, 16);
	cryptarch_memzero(q, sizeof(q));
	cryptarch_memzero(tw, sizeof(tw));
}

/* see src/modes/xts.h (struct cryptarch_xts_hooks.encrypt) */
static void cryptarch_aes_ct64_xts_encrypt(const void *ctx, uint8_t *dst,
					   const uint8_t *src, size_t nblocks,
					   uint8_t tweak[16])
{
	xts_crypt(ctx, dst, src, nblocks, tweak, 0);
}

/* see src/modes/xts.h (struct cryptarch_xts_hooks.decrypt) */
static void cryptarch_aes_ct64_xts_decrypt(const void *ctx, uint8_t *dst,
					   const uint8_t *src, size_t nblocks,
					   uint8_t tweak[16])
{
	xts_crypt(ctx, dst, src, nblocks, tweak, 1);
}

/*
 * SubWord of the key expansion through the bit-sliced S-box: bit b of the
 * four bytes of W goes to bits 0, 8, 16, 24 of q[b], the other bits of the
 * words are don't-cares.
 */
static uint32_t subword(uint32_t w)
{
	uint64_t q[8];
	uint32_t r = 0;
	unsigned b;

	for (b = 0; b < 8; b++)
		q[b] = (w >> b) & 0x01010101;
	sbox(q);
	for (b = 0; b < 8; b++)
		r |= ((uint32_t)q[b] & 0x01010101) << b;
	cryptarch_memzero(q, sizeof(q));
	return r;
}

/* see desc.h (struct cryptarch_cipher_ops.setkey) */
static int cryptarch_aes_ct64_setkey(void *vctx, const uint8_t *key,
				     size_t keylen)
{
	struct aes_ct64_ctx *ctx = vctx;
	uint32_t w[4 * (MAX_ROUNDS + 1)], t, rcon = 1;
	uint8_t blocks[16 * STATE_BLOCKS];
	uint64_t q[8];
	unsigned i, k, r, nk, nr;

	if (keylen != 16 && keylen != 24 && keylen != 32)
		return -EINVAL;
	cryptarch_memzero(ctx, sizeof(*ctx));
	nk = (unsigned)keylen / 4;
	nr = nk + 6;

	/* FIPS-197 5.2, with word i = load32_le(bytes 4i..4i+3) */
	for (i = 0; i < nk; i++)
		w[i] = load32_le(key + 4 * i);
	for (i = nk; i < 4 * (nr + 1); i++) {
		t = w[i - 1];
		if (i % nk == 0) {
			t = subword(ror32(t, 8)) ^ rcon;
			rcon = (rcon << 1) ^ (0x11b & (0 - (rcon >> 7)));
		} else if (nk > 6 && i % nk == 4) {
			t = subword(t);
		}
		w[i] = w[i - nk] ^ t;
	}

	/* Round key r as a state of four copies, in representation r mod 4 */
	for (r = 0; r <= nr; r++) {
		for (k = 0; k < STATE_BLOCKS; k++)
			for (i = 0; i < 4; i++)
				store32_le(blocks + 16 * k + 4 * i,
					   w[4 * r + i]);
		load_state(q, blocks, STATE_BLOCKS);
		rerepresent(q, r & 3);
		memcpy(ctx->sk + 8 * r, q, sizeof(q));
	}
	ctx->rounds = nr;

	cryptarch_memzero(w, sizeof(w));
	cryptarch_memzero(blocks, sizeof(blocks));
	cryptarch_memzero(q, sizeof(q));
	return 0;
}

CRYPTARCH_DRIVER(aes_ct64,
	.name = "aes-ct64",
	.alg = &cryptarch_aes,
	.summary = "bit-sliced on 64-bit words (four blocks per eight-word "
		    "state; Boyar-Peralta S-box circuit, fixsliced "
		    "ShiftRows), portable C; hooks for ECB, CBC decryption, "
		    "CTR, XCTR and XTS, and four requests' chains at once for "
		    "many-request CBC encryption (one request's CBC "
		    "encryption and the CBC-MAC chain are serial and use the "
		    "single-block path)",
	.priority = 90, /* below aes-generic: slower, but constant-time */
	.ctxsize = sizeof(struct aes_ct64_ctx),
	.flags = CRYPTARCH_DRV_CONSTANT_TIME,
	.cpu_features = 0,
	.ct = { CRYPTARCH_CT_VALGRIND | CRYPTARCH_CT_QEMU_TRACE,
		"aarch64, mips", NULL },
	.hooks = CRYPTARCH_HOOKS(
		CRYPTARCH_ECB_HOOK(aes_ct64),
		/* encryption NULL: serial, the template's single-block loop.
		 * Many requests interleave four chains (7.7 TSC cycles/byte
		 * for AES-128 on Zen 5, the single stream 29.7): still behind
		 * aes-generic's tables (4.8), so ranked below it (100) for
		 * variable-time callers, and below the vector drivers' lanes
		 * (aes-vperm*, aes-neon, aes-neonbs), but the constant-time
		 * choice where none of them runs. */
		CRYPTARCH_CBC_HOOK_MANY_FNS(NULL,
					    cryptarch_aes_ct64_cbc_decrypt,
					    cryptarch_aes_ct64_cbc_encrypt_many,
					    NULL, 95),
		CRYPTARCH_CTR_HOOK(aes_ct64),
		CRYPTARCH_XTS_HOOK(aes_ct64),
		CRYPTARCH_XCTR_HOOK(aes_ct64)));
