/* SPDX-License-Identifier: MIT */
/*
 * aes-neon.c - driver "aes-neon": AES-128/192/256 on AArch64 Advanced SIMD
 * (NEON) without the Crypto Extensions, in C with <arm_neon.h> intrinsics. A
 * block is one 16-byte vector in FIPS-197 byte order. The whole 256-byte
 * S-box lives in 16 vector registers, four 64-byte slices of four registers
 * each, and SubBytes is one TBL over the first slice and three TBX over the
 * others with the index lowered by 64 each time (an index outside 0-63
 * selects nothing from a slice, so each byte takes its value from exactly
 * one of them). ShiftRows is a TBL with a constant permutation; MixColumns
 * is vector arithmetic: xtime as a shift plus a reduction picked by TBL from
 * {0, 0x1b} with the top bit as index, the rotates of 32-bit columns by one
 * byte as a TBL and by two as REV32. The inverse cipher is the equivalent
 * inverse cipher of FIPS-197 section 5.3.5 with the inverse S-box held the
 * same way; InvMixColumns is a multiplication by the circulant (5, 0, 4, 0)
 * followed by MixColumns, a factorisation of its matrix (0e, 0b, 0d, 09).
 * Round keys are read from the context (aes-neon.h, which aes-neonbs shares)
 * once per round. Single-block calls run one block; the hooks (ECB,
 * CBC decryption, CTR, XCTR, XTS: the loops of aes-modes.h, which aes-ce
 * shares) run four blocks interleaved, then the rest one at a time; CBC
 * encryption is serial and runs one block at a time. The CBC-MAC chain
 * of cmac, xcbc and cbcmac loads the tables once per call and holds the
 * round keys of its last six middle rounds in registers (no more fit).
 * Constant-time: TBL and TBX are register permutes whose timing does not
 * depend on the index values, every memory access (the tables are loaded
 * whole) and branch depends only on lengths and the key size, and the key
 * schedule computes SubWord with the same lookup. Needs NEON (part of base
 * AArch64; cpu_features NEON so that the CRYPTARCH_DISABLE mask can switch
 * it off). Tested on little-endian. Speed: an AES-128 "ecb-aes-neon" request
 * of 8192 bytes executes 12.36 instructions per byte in the driver, CBC
 * encryption 13.63 (aes-arm64: 31.25 and 31.38), counted with the insncount
 * plugin under qemu-aarch64 7.2 on a gcc 12.2 -O2 -static build
 * (bench/insncount.sh --targets aarch64 --drivers aes-neon), 2026-11-30.
 * Instruction counts rank, they do not time: a four-register TBL takes
 * several cycles on most cores.
 */
#include <arm_neon.h>
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "../../src/aes/aes-tables.h"
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
#include "../../src/modes/xts-tweak.h"
#include "../../src/modes/xts.h"
#include "aes-neon.h"

#define INLINE inline __attribute__((always_inline))
/* Unroll a loop over the blocks in flight, so that they stay in registers. */
#define UNROLL _Pragma("GCC unroll 4")

/* Blocks in flight in the hooks. */
#define WAY 4

/*
 * Byte permutations for TBL, on a block in FIPS-197 order (byte 4c + r is
 * row r of column c). Output byte i takes input byte perm[i].
 *   shift_rows:     row r of column c from column c + r (mod 4)
 *   inv_shift_rows: row r of column c from column c - r (mod 4)
 *   rot1:           row r of column c from row r + 1 (mod 4), same column
 * The reduction table: x * 2 (or x * 4) adds red[top bit (or top two bits)
 * of x] after the shift, x^8 = x^4 + x^3 + x + 1 (0x1b) and 0x1b * 2 = 0x36.
 */
static const uint8_t perm_shift_rows[16] = {
	0, 5, 10, 15, 4, 9, 14, 3, 8, 13, 2, 7, 12, 1, 6, 11,
};
static const uint8_t perm_inv_shift_rows[16] = {
	0, 13, 10, 7, 4, 1, 14, 11, 8, 5, 2, 15, 12, 9, 6, 3,
};
static const uint8_t perm_rot1[16] = {
	1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12,
};
static const uint8_t gf_reduce[16] = {
	0x00, 0x1b, 0x36, 0x2d, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
};

/* Each byte x of X replaced by S[x], with the S-box in T0-T3 (bytes 0-63,
 * 64-127, 128-191, 192-255): TBL over T0, then TBX over T1-T3 with x - 64,
 * x - 128, x - 192 (an index out of range leaves the byte as it is). The
 * empty asm keeps the three subtractions a chain on one constant, STEP
 * (64), rather than three constants, one register less. */
static INLINE uint8x16_t sub_bytes(uint8x16x4_t t0, uint8x16x4_t t1,
				   uint8x16x4_t t2, uint8x16x4_t t3,
				   uint8x16_t step, uint8x16_t x)
{
	uint8x16_t r = vqtbl4q_u8(t0, x);

	x = vsubq_u8(x, step);
	__asm__("" : "+w"(x));
	r = vqtbx4q_u8(r, t1, x);
	x = vsubq_u8(x, step);
	__asm__("" : "+w"(x));
	r = vqtbx4q_u8(r, t2, x);
	x = vsubq_u8(x, step);
	return vqtbx4q_u8(r, t3, x);
}

/* Each byte times x in GF(2^8); RED is gf_reduce. */
static INLINE uint8x16_t xtime(uint8x16_t red, uint8x16_t x)
{
	return veorq_u8(vshlq_n_u8(x, 1), vqtbl1q_u8(red, vshrq_n_u8(x, 7)));
}

/* Each byte times x^2 in GF(2^8). */
static INLINE uint8x16_t xtime2(uint8x16_t red, uint8x16_t x)
{
	return veorq_u8(vshlq_n_u8(x, 2), vqtbl1q_u8(red, vshrq_n_u8(x, 6)));
}

/* Row r of each column from row r + 2: swap the 16-bit halves of each
 * 32-bit column (the same byte permutation on either byte order). */
static INLINE uint8x16_t rot2(uint8x16_t x)
{
	return vreinterpretq_u8_u16(vrev32q_u16(vreinterpretq_u16_u8(x)));
}

/*
 * MixColumns: with a_i row i of a column (indices mod 4) and
 * u_i = a_i + a_(i+1), b_i = 2 a_i + 3 a_(i+1) + a_(i+2) + a_(i+3)
 *                          = 2 u_i + a_(i+1) + u_(i+2).
 * ROT1 is perm_rot1, RED gf_reduce.
 */
static INLINE uint8x16_t mix_columns(uint8x16_t rot1, uint8x16_t red,
				     uint8x16_t a)
{
	uint8x16_t t = vqtbl1q_u8(a, rot1);
	uint8x16_t u = veorq_u8(a, t);

	return veorq_u8(veorq_u8(xtime(red, u), t), rot2(u));
}

/*
 * InvMixColumns = MixColumns after the multiplication by the circulant
 * (5, 0, 4, 0) (the matrix 0e 0b 0d 09 is the product of the two):
 * a_i += 4 (a_i + a_(i+2)).
 */
static INLINE uint8x16_t inv_mix_columns(uint8x16_t rot1, uint8x16_t red,
					 uint8x16_t a)
{
	a = veorq_u8(a, xtime2(red, veorq_u8(a, rot2(a))));
	return mix_columns(rot1, red, a);
}

/*
 * The cipher (INV clear) or the equivalent inverse cipher (INV set) on the
 * N blocks S[], with the round keys RK[0..ROUNDS] in the order they are
 * used (ek or dk). The constants are loaded here, as locals: GCC keeps
 * locals in registers, where a structure of this size would stay in
 * memory and be read back every round.
 */
static INLINE void crypt_n(const uint8_t (*rk)[16], unsigned int rounds,
			   uint8x16_t *s, int n, int inv)
{
	const uint8_t *sbox = inv ? cryptarch_aes_inv_sbox : cryptarch_aes_sbox;
	uint8x16x4_t t0 = vld1q_u8_x4(sbox), t1 = vld1q_u8_x4(sbox + 64);
	uint8x16x4_t t2 = vld1q_u8_x4(sbox + 128), t3 = vld1q_u8_x4(sbox + 192);
	uint8x16_t shift =
		vld1q_u8(inv ? perm_inv_shift_rows : perm_shift_rows);
	uint8x16_t rot1 = vld1q_u8(perm_rot1), red = vld1q_u8(gf_reduce);
	uint8x16_t step = vdupq_n_u8(64), key = vld1q_u8(rk[0]);
	unsigned int r;
	int i;

	UNROLL
	for (i = 0; i < n; i++)
		s[i] = veorq_u8(s[i], key);
	for (r = 1; r < rounds; r++) {
		key = vld1q_u8(rk[r]);
		UNROLL
		for (i = 0; i < n; i++) {
			uint8x16_t x = vqtbl1q_u8(s[i], shift);

			x = sub_bytes(t0, t1, t2, t3, step, x);
			x = inv ? inv_mix_columns(rot1, red, x) :
				  mix_columns(rot1, red, x);
			s[i] = veorq_u8(x, key);
		}
	}
	key = vld1q_u8(rk[rounds]);
	UNROLL
	for (i = 0; i < n; i++) {
		uint8x16_t x = vqtbl1q_u8(s[i], shift);

		s[i] = veorq_u8(sub_bytes(t0, t1, t2, t3, step, x), key);
	}
}

static INLINE void enc_n(const struct cryptarch_aes_neon_ctx *c, uint8x16_t *s,
			 int n)
{
	crypt_n((const uint8_t(*)[16])c->ek, c->rounds, s, n, 0);
}

static INLINE void dec_n(const struct cryptarch_aes_neon_ctx *c, uint8x16_t *s,
			 int n)
{
	crypt_n((const uint8_t(*)[16])c->dk, c->rounds, s, n, 1);
}

/*
 * Key schedule (FIPS-197 section 5.2) on bytes; SubWord goes through the
 * vector S-box lookup, so no memory index depends on the key. The
 * decryption keys are those of the equivalent inverse cipher: dk[0] =
 * ek[rounds], dk[i] = InvMixColumns(ek[rounds - i]), dk[rounds] = ek[0].
 * See aes-neon.h.
 */
int cryptarch_aes_neon_setkey(void *vctx, const uint8_t *key, size_t keylen)
{
	struct cryptarch_aes_neon_ctx *ctx = vctx;
	uint8_t w[16 * 15], t[16];
	unsigned int nk, rounds, i, j, rcon = 1;
	uint8x16x4_t t0 = vld1q_u8_x4(cryptarch_aes_sbox);
	uint8x16x4_t t1 = vld1q_u8_x4(cryptarch_aes_sbox + 64);
	uint8x16x4_t t2 = vld1q_u8_x4(cryptarch_aes_sbox + 128);
	uint8x16x4_t t3 = vld1q_u8_x4(cryptarch_aes_sbox + 192);
	uint8x16_t rot1 = vld1q_u8(perm_rot1), red = vld1q_u8(gf_reduce);

	if (keylen != 16 && keylen != 24 && keylen != 32)
		return -EINVAL;
	nk = keylen / 4;
	rounds = nk + 6;
	memset(t, 0, sizeof(t));
	memcpy(w, key, keylen);
	for (i = nk; i < 4 * (rounds + 1); i++) {
		memcpy(t, w + 4 * (i - 1), 4);
		if (i % nk == 0) {
			uint8_t b = t[0];

			t[0] = t[1];
			t[1] = t[2];
			t[2] = t[3];
			t[3] = b;
		}
		if (i % nk == 0 || (nk > 6 && i % nk == 4))
			vst1q_u8(t, sub_bytes(t0, t1, t2, t3, vdupq_n_u8(64),
					      vld1q_u8(t)));
		if (i % nk == 0) {
			t[0] ^= (uint8_t)rcon;
			rcon = (rcon << 1) ^ (0x11b & -(rcon >> 7));
		}
		for (j = 0; j < 4; j++)
			w[4 * i + j] = w[4 * (i - nk) + j] ^ t[j];
	}
	memset(ctx, 0, sizeof(*ctx));
	ctx->rounds = rounds;
	memcpy(ctx->ek, w, 16 * (rounds + 1));
	memcpy(ctx->dk[0], ctx->ek[rounds], 16);
	for (i = 1; i < rounds; i++)
		vst1q_u8(ctx->dk[i],
			 inv_mix_columns(rot1, red,
					 vld1q_u8(ctx->ek[rounds - i])));
	memcpy(ctx->dk[rounds], ctx->ek[0], 16);
	cryptarch_memzero(w, sizeof(w));
	cryptarch_memzero(t, sizeof(t));
	return 0;
}

/* See aes-neon.h. */
void cryptarch_aes_neon_encrypt(const void *ctx, uint8_t *dst,
				const uint8_t *src)
{
	uint8x16_t s = vld1q_u8(src);

	enc_n(ctx, &s, 1);
	vst1q_u8(dst, s);
}

/* See aes-neon.h. */
void cryptarch_aes_neon_decrypt(const void *ctx, uint8_t *dst,
				const uint8_t *src)
{
	uint8x16_t s = vld1q_u8(src);

	dec_n(ctx, &s, 1);
	vst1q_u8(dst, s);
}

/* See aes-neon.h. */
void cryptarch_aes_neon_cbc_encrypt(const void *ctx, uint8_t *dst,
				    const uint8_t *src, size_t nblocks,
				    uint8_t iv[16])
{
	uint8x16_t s = vld1q_u8(iv);

	for (; nblocks; nblocks--, src += 16, dst += 16) {
		s = veorq_u8(s, vld1q_u8(src));
		enc_n(ctx, &s, 1);
		vst1q_u8(dst, s);
	}
	vst1q_u8(iv, s);
}

/* The first K (1..4) blocks of BUF encrypted in place: four lanes of CBC
 * encryption (cbc-lanes.h), as many blocks interleaved as are in use (a
 * block costs the same here whether one or four are in flight). */
static void cbc_lanes4(const void *ctx, uint8_t *buf, unsigned int k)
{
	uint8x16_t s[WAY];
	int i, nb = (int)k;

	UNROLL
	for (i = 0; i < WAY; i++)
		s[i] = vld1q_u8(buf + 16 * i);
	switch (nb) {
	case 1:
		enc_n(ctx, s, 1);
		break;
	case 2:
		enc_n(ctx, s, 2);
		break;
	case 3:
		enc_n(ctx, s, 3);
		break;
	default:
		enc_n(ctx, s, WAY);
		break;
	}
	UNROLL
	for (i = 0; i < WAY; i++)
		vst1q_u8(buf + 16 * i, s[i]);
}

/* see src/modes/cbc.h (struct cryptarch_cbc_hooks.encrypt_many): four
 * requests' chains interleaved */
static void cryptarch_aes_neon_cbc_encrypt_many(
	const void *ctx, const struct cryptarch_request *req, size_t n)
{
	cryptarch_cbc_lanes_encrypt(ctx, req, n, WAY, 0, cbc_lanes4, NULL);
}

/*
 * The CBC-MAC chain with NR rounds (a constant): the tables and
 * constants loaded once per call, the rounds unrolled. With x the state
 * before the last AddRoundKey, the next block's first AddRoundKey needs
 * x ^ k[nr] ^ B ^ k[0]: one register holds k[nr] ^ k[0], and k[nr] is
 * added after the last block. Not every round key fits in registers: the
 * S-box and the constants take 20 of the 32, the state and its
 * temporaries four to six, so the chain holds the keys of the last six
 * middle rounds (h0-h5) and reads the others from the context in each
 * block, loads off the dependency chain; the pointer is made opaque so
 * that the compiler cannot hoist them out of the loop and spill them
 * (round keys on the stack would stay there after the call). GCC 12
 * then spills nothing for any key size.
 */
#define NEON_ROUND(s, key)                                                    \
	veorq_u8(mix_columns(rot1, red,                                       \
			     sub_bytes(t0, t1, t2, t3, step,                  \
				       vqtbl1q_u8(s, shift))),                \
		 key)
static INLINE void cbcmac_nr(const struct cryptarch_aes_neon_ctx *c,
			     uint8_t x[16], const uint8_t *src, size_t nblocks,
			     const unsigned int nr)
{
	uint8x16x4_t t0 = vld1q_u8_x4(cryptarch_aes_sbox);
	uint8x16x4_t t1 = vld1q_u8_x4(cryptarch_aes_sbox + 64);
	uint8x16x4_t t2 = vld1q_u8_x4(cryptarch_aes_sbox + 128);
	uint8x16x4_t t3 = vld1q_u8_x4(cryptarch_aes_sbox + 192);
	uint8x16_t shift = vld1q_u8(perm_shift_rows);
	uint8x16_t rot1 = vld1q_u8(perm_rot1), red = vld1q_u8(gf_reduce);
	uint8x16_t step = vdupq_n_u8(64);
	uint8x16_t k0last = veorq_u8(vld1q_u8(c->ek[0]), vld1q_u8(c->ek[nr]));
	uint8x16_t h0 = vld1q_u8(c->ek[nr - 6]), h1 = vld1q_u8(c->ek[nr - 5]);
	uint8x16_t h2 = vld1q_u8(c->ek[nr - 4]), h3 = vld1q_u8(c->ek[nr - 3]);
	uint8x16_t h4 = vld1q_u8(c->ek[nr - 2]), h5 = vld1q_u8(c->ek[nr - 1]);
	uint8x16_t s = veorq_u8(vld1q_u8(x), vld1q_u8(c->ek[nr]));
	const uint8_t(*ek)[16];
	unsigned int r;

	for (; nblocks; nblocks--, src += 16) {
		/* opaque, so that the loads below stay where they are */
		ek = c->ek;
		__asm__("" : "+r"(ek));
		s = veorq_u8(s, veorq_u8(vld1q_u8(src), k0last));
		_Pragma("GCC unroll 7")
		for (r = 1; r < nr - 6; r++)
			s = NEON_ROUND(s, vld1q_u8(ek[r]));
		s = NEON_ROUND(s, h0);
		s = NEON_ROUND(s, h1);
		s = NEON_ROUND(s, h2);
		s = NEON_ROUND(s, h3);
		s = NEON_ROUND(s, h4);
		s = NEON_ROUND(s, h5);
		s = sub_bytes(t0, t1, t2, t3, step, vqtbl1q_u8(s, shift));
	}
	ek = c->ek;
	__asm__("" : "+r"(ek));
	vst1q_u8(x, veorq_u8(s, vld1q_u8(ek[nr])));
}
#undef NEON_ROUND

/* See aes-neon.h. */
void cryptarch_aes_neon_cbcmac(const void *ctx, uint8_t x[16],
			       const uint8_t *src, size_t nblocks)
{
	const struct cryptarch_aes_neon_ctx *c = ctx;

	if (c->rounds == 10)
		cbcmac_nr(c, x, src, nblocks, 10);
	else if (c->rounds == 12)
		cbcmac_nr(c, x, src, nblocks, 12);
	else
		cbcmac_nr(c, x, src, nblocks, 14);
}

/* ECB, CBC decryption, CTR, XCTR and XTS: the loops of aes-modes.h over
 * the context, four blocks in flight, whose ciphertext blocks CBC
 * decryption keeps in registers. */
#define AES_MODES_WAY WAY
#define AES_MODES_CORE struct cryptarch_aes_neon_ctx
#define AES_MODES_ENC enc_n
#define AES_MODES_DEC dec_n
#define AES_MODES_CBC_RELOAD 0
#include "aes-modes.h"

static void cryptarch_aes_neon_ecb_encrypt(const void *ctx, uint8_t *dst,
					   const uint8_t *src, size_t nblocks)
{
	MODES_ECB(ctx, dst, src, nblocks, 0);
}

static void cryptarch_aes_neon_ecb_decrypt(const void *ctx, uint8_t *dst,
					   const uint8_t *src, size_t nblocks)
{
	MODES_ECB(ctx, dst, src, nblocks, 1);
}

static void cryptarch_aes_neon_cbc_decrypt(const void *ctx, uint8_t *dst,
					   const uint8_t *src, size_t nblocks,
					   uint8_t iv[16])
{
	MODES_CBC_DEC(ctx, dst, src, nblocks, iv);
}

static void cryptarch_aes_neon_ctr_crypt(const void *ctx, uint8_t *dst,
					 const uint8_t *src, size_t nblocks,
					 uint8_t ctr[16])
{
	MODES_CTR(ctx, dst, src, nblocks, ctr);
}

static void cryptarch_aes_neon_xctr_crypt(const void *ctx, uint8_t *dst,
					  const uint8_t *src, size_t nblocks,
					  const uint8_t iv[16], uint64_t ctr)
{
	MODES_XCTR(ctx, dst, src, nblocks, iv, ctr);
}

static INLINE void xts_crypt(const void *ctx, uint8_t *dst, const uint8_t *src,
			     size_t nblocks, uint8_t tweak[16], int dec)
{
	MODES_XTS(ctx, dst, src, nblocks, tweak, dec);
}

static void cryptarch_aes_neon_xts_encrypt(const void *ctx, uint8_t *dst,
					   const uint8_t *src, size_t nblocks,
					   uint8_t tweak[16])
{
	xts_crypt(ctx, dst, src, nblocks, tweak, 0);
}

static void cryptarch_aes_neon_xts_decrypt(const void *ctx, uint8_t *dst,
					   const uint8_t *src, size_t nblocks,
					   uint8_t tweak[16])
{
	xts_crypt(ctx, dst, src, nblocks, tweak, 1);
}

CRYPTARCH_DRIVER(aes_neon,
	.name = "aes-neon",
	.alg = &cryptarch_aes,
	.summary = "Advanced SIMD without the Crypto Extensions: the S-box in "
		    "16 registers read by TBL/TBX, MixColumns in vector "
		    "arithmetic, 4 blocks in flight",
	.priority = 150, /* above aes-generic (100) and aes-ct64 (90) */
	.ctxsize = sizeof(struct cryptarch_aes_neon_ctx),
	.flags = CRYPTARCH_DRV_CONSTANT_TIME,
	.cpu_features = CRYPTARCH_CPU_NEON,
	.ct = { CRYPTARCH_CT_QEMU_TRACE, "aarch64", NULL },
	.hooks = CRYPTARCH_HOOKS(CRYPTARCH_ECB_HOOK(aes_neon),
				 /* many requests: four chains, below
				  * aes-neonbs's eight (290) and, as the
				  * single stream, aes-arm64 (200); above
				  * aes-ct64's four (95) */
				 CRYPTARCH_CBC_HOOK_MANY(
					 aes_neon,
					 cryptarch_aes_neon_cbc_encrypt_many,
					 NULL, 180),
				 CRYPTARCH_CTR_HOOK(aes_neon),
				 CRYPTARCH_XCTR_HOOK(aes_neon),
				 CRYPTARCH_XTS_HOOK(aes_neon),
				 CRYPTARCH_CBCMAC_HOOKS(aes_neon)));
