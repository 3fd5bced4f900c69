/* SPDX-License-Identifier: MIT */
/*
 * aes-ce.c - the code of driver "aes-ce" (descriptor in aes-ce-glue.c):
 * AES-128/192/256 with the ARMv8 Crypto Extensions, in C with the
 * <arm_neon.h> intrinsics vaeseq_u8 (AESE: AddRoundKey, ShiftRows,
 * SubBytes), vaesmcq_u8 (AESMC: MixColumns), vaesdq_u8 and vaesimcq_u8
 * (their inverses), built with -march=armv8-a+crypto. Every function
 * exists once per key size (10, 12, 14 rounds, chosen by a switch on
 * entry), so that the loops are unrolled and all round keys stay in
 * registers for the whole call; the AESE/AESMC pairs are adjacent, which
 * the cores that fuse them need. CBC encryption runs one block at a time
 * (each block needs the one before), with the plaintext XORed into the
 * next round key rather than into the chained state, so that only
 * AESE/AESMC lie on the dependency chain. ECB, CBC decryption, CTR
 * (128-bit big-endian counter, carry through all 128 bits) and XTS run
 * eight blocks in flight, then the rest one at a time. Decryption is the
 * equivalent inverse cipher of FIPS-197 section 5.3.5. Constant-time: the
 * AES instructions' timing does not depend on their operands, no branch
 * or memory index depends on the key or the data, and the key schedule
 * computes SubWord as AESE with a zero round key on the word broadcast to
 * all four columns (ShiftRows then moves only equal bytes). Needs the
 * "aes" hwcap (cpu_features NEON | ARM_AES). Tested on little-endian.
 * Speed: an AES-128 "ecb-aes-ce" request of 8192 bytes executes 1.35
 * instructions per byte in the driver, CBC encryption 1.63 (aes-arm64:
 * 31.25 and 31.38), counted with the insncount plugin under qemu-aarch64
 * 7.2 on a gcc 12.2 -O2 -static build (bench/insncount.sh --targets
 * aarch64 --drivers aes-ce), 2026-11-30. Instruction counts rank, they do
 * not time.
 */
#include <arm_neon.h>
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "../../src/core/endian.h"
#include "../../src/core/memzero.h"
#include "../../src/modes/ctr-inc.h"
#include "../../src/modes/xts-tweak.h"
#include "aes-ce.h"

#define INLINE inline __attribute__((always_inline))
/* Unroll fully (rounds, blocks in flight), so that arrays of vectors
 * become registers. */
#define UNROLL _Pragma("GCC unroll 15")

/* Blocks in flight in the bulk functions. */
#define WAY 8

/* Call FN(args..., ROUNDS) with the round count of context C as a
 * constant, so that each key size gets its own unrolled code. */
#define BY_ROUNDS(c, fn, ...)                \
	do {                                 \
		if ((c)->rounds == 10)       \
			fn(__VA_ARGS__, 10); \
		else if ((c)->rounds == 12)  \
			fn(__VA_ARGS__, 12); \
		else                         \
			fn(__VA_ARGS__, 14); \
	} while (0)

#define EK(c) ((const uint8_t(*)[16])(c)->ek)
#define DK(c) ((const uint8_t(*)[16])(c)->dk)

/* K[0..NR] = RK[0..NR]. */
static INLINE void load_keys(uint8x16_t *k, const uint8_t (*rk)[16],
			     const int nr)
{
	int r;

	UNROLL
	for (r = 0; r <= nr; r++)
		k[r] = vld1q_u8(rk[r]);
}

/* The N blocks S[] through the cipher with round keys K[0..NR]. */
static INLINE void enc_n(const uint8x16_t *k, const int nr, uint8x16_t *s,
			 const int n)
{
	int r, i;

	UNROLL
	for (r = 0; r < nr - 1; r++) {
		UNROLL
		for (i = 0; i < n; i++)
			s[i] = vaesmcq_u8(vaeseq_u8(s[i], k[r]));
	}
	UNROLL
	for (i = 0; i < n; i++)
		s[i] = veorq_u8(vaeseq_u8(s[i], k[nr - 1]), k[nr]);
}

/* The same through the equivalent inverse cipher, K[] from dk. */
static INLINE void dec_n(const uint8x16_t *k, const int nr, uint8x16_t *s,
			 const int n)
{
	int r, i;

	UNROLL
	for (r = 0; r < nr - 1; r++) {
		UNROLL
		for (i = 0; i < n; i++)
			s[i] = vaesimcq_u8(vaesdq_u8(s[i], k[r]));
	}
	UNROLL
	for (i = 0; i < n; i++)
		s[i] = veorq_u8(vaesdq_u8(s[i], k[nr - 1]), k[nr]);
}

/* SubWord on a word: AESE with a zero key on the word in every column. */
static uint32_t sub_word(uint32_t w)
{
	uint8x16_t v = vreinterpretq_u8_u32(vdupq_n_u32(w));

	v = vaeseq_u8(v, vdupq_n_u8(0));
	return vgetq_lane_u32(vreinterpretq_u32_u8(v), 0);
}

/*
 * Key schedule (FIPS-197 section 5.2) on column words: word i is
 * load32_le of key bytes 4i..4i+3, so RotWord is a rotate right by 8 and
 * Rcon goes into the low byte. See aes-ce.h.
 */
int cryptarch_aes_ce_setkey(void *vctx, const uint8_t *key, size_t keylen)
{
	struct cryptarch_aes_ce_ctx *ctx = vctx;
	uint32_t w[4 * 15], t, rcon = 1;
	unsigned int nk, rounds, i;

	if (keylen != 16 && keylen != 24 && keylen != 32)
		return -EINVAL;
	nk = keylen / 4;
	rounds = nk + 6;
	for (i = 0; i < nk; i++)
		w[i] = load32_le(key + 4 * i);
	for (i = nk; i < 4 * (rounds + 1); i++) {
		t = w[i - 1];
		if (i % nk == 0) {
			t = sub_word(ror32(t, 8)) ^ rcon;
			rcon = (rcon << 1) ^ (0x11b & -(rcon >> 7));
		} else if (nk > 6 && i % nk == 4) {
			t = sub_word(t);
		}
		w[i] = w[i - nk] ^ t;
	}
	memset(ctx, 0, sizeof(*ctx));
	ctx->rounds = rounds;
	for (i = 0; i < 4 * (rounds + 1); i++)
		store32_le(ctx->ek[i / 4] + 4 * (i % 4), w[i]);
	memcpy(ctx->dk[0], ctx->ek[rounds], 16);
	for (i = 1; i < rounds; i++)
		vst1q_u8(ctx->dk[i],
			 vaesimcq_u8(vld1q_u8(ctx->ek[rounds - i])));
	memcpy(ctx->dk[rounds], ctx->ek[0], 16);
	cryptarch_memzero(w, sizeof(w));
	return 0;
}

static INLINE void enc_block(const uint8_t (*rk)[16], uint8_t *dst,
			     const uint8_t *src, const int nr)
{
	uint8x16_t k[15], s = vld1q_u8(src);

	load_keys(k, rk, nr);
	enc_n(k, nr, &s, 1);
	vst1q_u8(dst, s);
}

static INLINE void dec_block(const uint8_t (*rk)[16], uint8_t *dst,
			     const uint8_t *src, const int nr)
{
	uint8x16_t k[15], s = vld1q_u8(src);

	load_keys(k, rk, nr);
	dec_n(k, nr, &s, 1);
	vst1q_u8(dst, s);
}

/* See aes-ce.h. */
void cryptarch_aes_ce_encrypt(const void *ctx, uint8_t *dst, const uint8_t *src)
{
	const struct cryptarch_aes_ce_ctx *c = ctx;

	BY_ROUNDS(c, enc_block, EK(c), dst, src);
}

/* See aes-ce.h. */
void cryptarch_aes_ce_decrypt(const void *ctx, uint8_t *dst, const uint8_t *src)
{
	const struct cryptarch_aes_ce_ctx *c = ctx;

	BY_ROUNDS(c, dec_block, DK(c), dst, src);
}

static INLINE void ecb_body(const uint8_t (*rk)[16], uint8_t *dst,
			    const uint8_t *src, size_t nblocks, int dec,
			    const int nr)
{
	uint8x16_t k[15], s[WAY];
	int i;

	load_keys(k, rk, nr);
	for (; nblocks >= WAY;
	     nblocks -= WAY, src += 16 * WAY, dst += 16 * WAY) {
		UNROLL
		for (i = 0; i < WAY; i++)
			s[i] = vld1q_u8(src + 16 * i);
		if (dec)
			dec_n(k, nr, s, WAY);
		else
			enc_n(k, nr, s, WAY);
		UNROLL
		for (i = 0; i < WAY; i++)
			vst1q_u8(dst + 16 * i, s[i]);
	}
	for (; nblocks; nblocks--, src += 16, dst += 16) {
		s[0] = vld1q_u8(src);
		if (dec)
			dec_n(k, nr, s, 1);
		else
			enc_n(k, nr, s, 1);
		vst1q_u8(dst, s[0]);
	}
}

/* See aes-ce.h. */
void cryptarch_aes_ce_ecb_encrypt(const void *ctx, uint8_t *dst,
				  const uint8_t *src, size_t nblocks)
{
	const struct cryptarch_aes_ce_ctx *c = ctx;

	BY_ROUNDS(c, ecb_body, EK(c), dst, src, nblocks, 0);
}

/* See aes-ce.h. */
void cryptarch_aes_ce_ecb_decrypt(const void *ctx, uint8_t *dst,
				  const uint8_t *src, size_t nblocks)
{
	const struct cryptarch_aes_ce_ctx *c = ctx;

	BY_ROUNDS(c, ecb_body, DK(c), dst, src, nblocks, 1);
}

/*
 * CBC encryption, serial. With x the state before the last AddRoundKey,
 * the ciphertext is x ^ k[nr] and the next block's first AESE needs
 * (x ^ k[nr] ^ p) ^ k[0]: that is AESE(x, p ^ (k[nr] ^ k[0])), where
 * p ^ (k[nr] ^ k[0]) does not depend on the chain.
 */
static INLINE void cbc_enc_body(const uint8_t (*rk)[16], uint8_t *dst,
				const uint8_t *src, size_t nblocks,
				uint8_t iv[16], const int nr)
{
	uint8x16_t k[15], x, c, k0last;
	int r;

	if (!nblocks)
		return;
	load_keys(k, rk, nr);
	k0last = veorq_u8(k[0], k[nr]);
	/* The first block: x ^ k[nr] = iv, so x = iv ^ k[nr]. */
	x = veorq_u8(vld1q_u8(iv), k[nr]);
	for (; nblocks; nblocks--, src += 16, dst += 16) {
		x = vaesmcq_u8(vaeseq_u8(x, veorq_u8(vld1q_u8(src), k0last)));
		UNROLL
		for (r = 1; r < nr - 1; r++)
			x = vaesmcq_u8(vaeseq_u8(x, k[r]));
		x = vaeseq_u8(x, k[nr - 1]);
		c = veorq_u8(x, k[nr]);
		vst1q_u8(dst, c);
	}
	vst1q_u8(iv, c);
}

/* See aes-ce.h. */
void cryptarch_aes_ce_cbc_encrypt(const void *ctx, uint8_t *dst,
				  const uint8_t *src, size_t nblocks,
				  uint8_t iv[16])
{
	const struct cryptarch_aes_ce_ctx *c = ctx;

	BY_ROUNDS(c, cbc_enc_body, EK(c), dst, src, nblocks, iv);
}

/*
 * CBC decryption, eight blocks at a time. The outputs are written last
 * block first, each XORed with the ciphertext block before it read back
 * from SRC: in place, that block is overwritten only afterwards.
 */
static INLINE void cbc_dec_body(const uint8_t (*rk)[16], uint8_t *dst,
				const uint8_t *src, size_t nblocks,
				uint8_t iv[16], const int nr)
{
	uint8x16_t k[15], s[WAY], v = vld1q_u8(iv), next;
	int i;

	load_keys(k, rk, nr);
	for (; nblocks >= WAY;
	     nblocks -= WAY, src += 16 * WAY, dst += 16 * WAY) {
		UNROLL
		for (i = 0; i < WAY; i++)
			s[i] = vld1q_u8(src + 16 * i);
		next = s[WAY - 1];
		dec_n(k, nr, s, WAY);
		UNROLL
		for (i = WAY - 1; i > 0; i--)
			vst1q_u8(dst + 16 * i,
				 veorq_u8(s[i], vld1q_u8(src + 16 * (i - 1))));
		vst1q_u8(dst, veorq_u8(s[0], v));
		v = next;
	}
	for (; nblocks; nblocks--, src += 16, dst += 16) {
		s[0] = next = vld1q_u8(src);
		dec_n(k, nr, s, 1);
		vst1q_u8(dst, veorq_u8(s[0], v));
		v = next;
	}
	vst1q_u8(iv, v);
}

/* See aes-ce.h. */
void cryptarch_aes_ce_cbc_decrypt(const void *ctx, uint8_t *dst,
				  const uint8_t *src, size_t nblocks,
				  uint8_t iv[16])
{
	const struct cryptarch_aes_ce_ctx *c = ctx;

	BY_ROUNDS(c, cbc_dec_body, DK(c), dst, src, nblocks, iv);
}

/* The 16 bytes of two 64-bit values, each stored big-endian (BE set) or
 * little-endian: a CTR counter block, an XTS tweak. */
static INLINE uint8x16_t vec_from64(uint64_t a, uint64_t b, int be)
{
#if defined(__AARCH64EB__)
	uint8_t buf[16];

	if (be) {
		store64_be(buf, a);
		store64_be(buf + 8, b);
	} else {
		store64_le(buf, a);
		store64_le(buf + 8, b);
	}
	return vld1q_u8(buf);
#else
	if (be) {
		a = __builtin_bswap64(a);
		b = __builtin_bswap64(b);
	}
	return vreinterpretq_u8_u64(
		vcombine_u64(vcreate_u64(a), vcreate_u64(b)));
#endif
}

static INLINE void ctr_body(const uint8_t (*rk)[16], uint8_t *dst,
			    const uint8_t *src, size_t nblocks, uint8_t ctr[16],
			    const int nr)
{
	uint64_t hi = load64_be(ctr), lo = load64_be(ctr + 8);
	uint8x16_t k[15], s[WAY];
	int i;

	load_keys(k, rk, nr);
	for (; nblocks >= WAY;
	     nblocks -= WAY, src += 16 * WAY, dst += 16 * WAY) {
		UNROLL
		for (i = 0; i < WAY; i++) {
			s[i] = vec_from64(hi, lo, 1);
			ctr_add64(&hi, &lo, 1);
		}
		enc_n(k, nr, s, WAY);
		UNROLL
		for (i = 0; i < WAY; i++)
			vst1q_u8(dst + 16 * i,
				 veorq_u8(s[i], vld1q_u8(src + 16 * i)));
	}
	for (; nblocks; nblocks--, src += 16, dst += 16) {
		s[0] = vec_from64(hi, lo, 1);
		ctr_add64(&hi, &lo, 1);
		enc_n(k, nr, s, 1);
		vst1q_u8(dst, veorq_u8(s[0], vld1q_u8(src)));
	}
	store64_be(ctr, hi);
	store64_be(ctr + 8, lo);
}

/* See aes-ce.h. */
void cryptarch_aes_ce_ctr_crypt(const void *ctx, uint8_t *dst,
				const uint8_t *src, size_t nblocks,
				uint8_t ctr[16])
{
	const struct cryptarch_aes_ce_ctx *c = ctx;

	BY_ROUNDS(c, ctr_body, EK(c), dst, src, nblocks, ctr);
}

/* XTS: each block XORed with its tweak before and after the cipher; the
 * tweak is multiplied by alpha from one block to the next. */
static INLINE void xts_body(const uint8_t (*rk)[16], uint8_t *dst,
			    const uint8_t *src, size_t nblocks,
			    uint8_t tweak[16], int dec, const int nr)
{
	uint64_t lo = load64_le(tweak), hi = load64_le(tweak + 8);
	uint8x16_t k[15], s[WAY], t[WAY];
	int i;

	load_keys(k, rk, nr);
	for (; nblocks >= WAY;
	     nblocks -= WAY, src += 16 * WAY, dst += 16 * WAY) {
		UNROLL
		for (i = 0; i < WAY; i++) {
			t[i] = vec_from64(lo, hi, 0);
			xts_mul_alpha64(&lo, &hi);
			s[i] = veorq_u8(vld1q_u8(src + 16 * i), t[i]);
		}
		if (dec)
			dec_n(k, nr, s, WAY);
		else
			enc_n(k, nr, s, WAY);
		UNROLL
		for (i = 0; i < WAY; i++)
			vst1q_u8(dst + 16 * i, veorq_u8(s[i], t[i]));
	}
	for (; nblocks; nblocks--, src += 16, dst += 16) {
		t[0] = vec_from64(lo, hi, 0);
		xts_mul_alpha64(&lo, &hi);
		s[0] = veorq_u8(vld1q_u8(src), t[0]);
		if (dec)
			dec_n(k, nr, s, 1);
		else
			enc_n(k, nr, s, 1);
		vst1q_u8(dst, veorq_u8(s[0], t[0]));
	}
	store64_le(tweak, lo);
	store64_le(tweak + 8, hi);
}

/* See aes-ce.h. */
void cryptarch_aes_ce_xts_encrypt(const void *ctx, uint8_t *dst,
				  const uint8_t *src, size_t nblocks,
				  uint8_t tweak[16])
{
	const struct cryptarch_aes_ce_ctx *c = ctx;

	BY_ROUNDS(c, xts_body, EK(c), dst, src, nblocks, tweak, 0);
}

/* See aes-ce.h. */
void cryptarch_aes_ce_xts_decrypt(const void *ctx, uint8_t *dst,
				  const uint8_t *src, size_t nblocks,
				  uint8_t tweak[16])
{
	const struct cryptarch_aes_ce_ctx *c = ctx;

	BY_ROUNDS(c, xts_body, DK(c), dst, src, nblocks, tweak, 1);
}
