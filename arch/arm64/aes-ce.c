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
 * AESE/AESMC lie on the dependency chain; the CBC-MAC chain of cmac,
 * xcbc and cbcmac is the same loop without the stores. ECB, CBC
 * decryption, CTR (128-bit big-endian counter, carry through all 128
 * bits), XCTR and XTS run eight blocks in flight, then the rest one at a
 * time: the loops of aes-modes.h, which aes-neon shares. The whole-mode
 * hooks of gcm (AES and GHASH stitched) and ccm (the CBC-MAC chain beside
 * the counter blocks) are aes-ce-gcm.h and aes-ce-ccm.h, included at the
 * end of this file. Decryption is the equivalent inverse cipher of
 * FIPS-197 section 5.3.5. Constant-time: the AES instructions' timing
 * does not depend on their operands, no branch or memory index depends
 * on the key or the data, and the key schedule computes SubWord as AESE
 * with a zero round key on the word broadcast to all four columns
 * (ShiftRows then moves only equal bytes). Needs the "aes" hwcap
 * (cpu_features NEON | ARM_AES). Tested on little-endian; the gcm and
 * ccm hooks also on big-endian, by hand (arch/arm64/README.md). Speed:
 * an AES-128 "ecb-aes-ce" request of 8192 bytes executes 1.35
 * instructions per byte in the driver, CBC encryption 1.63 (aes-arm64:
 * 31.25 and 31.38), counted with the insncount plugin under qemu-aarch64
 * 7.2 on a gcc 12.2 -O2 -static build (bench/insncount.sh --targets
 * aarch64 --drivers aes-ce), 2026-11-30; an 8192-byte gcm-aes-ce
 * encryption 2.43, ccm-aes-ce 3.02 (arch/arm64/README.md says how),
 * 2026-12-02. Instruction counts rank, they do not time.
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

/*
 * The round keys of one call, loaded into registers once (an array of
 * vectors that full unrolling turns into registers), and the round count,
 * a constant in each copy of the code (BY_ROUNDS).
 */
struct ce_keys {
	uint8x16_t k[15];
	int nr;
};

/* KC = RK[0..NR]. */
static INLINE void load_keys(struct ce_keys *kc, const uint8_t (*rk)[16],
			     const int nr)
{
	int r;

	kc->nr = nr;
	UNROLL
	for (r = 0; r <= nr; r++)
		kc->k[r] = vld1q_u8(rk[r]);
}

/*
 * Call FN(&keys, args...) with the round keys RK of context C loaded and
 * the round count a constant, so that each key size gets its own unrolled
 * code with every round key in a register.
 */
#define WITH_KEYS(rk, nr, fn, ...)       \
	do {                             \
		struct ce_keys kc_;      \
                                         \
		load_keys(&kc_, rk, nr); \
		fn(&kc_, __VA_ARGS__);   \
	} while (0)
#define BY_ROUNDS(c, rk, fn, ...)                           \
	do {                                                \
		if ((c)->rounds == 10)                      \
			WITH_KEYS(rk, 10, fn, __VA_ARGS__); \
		else if ((c)->rounds == 12)                 \
			WITH_KEYS(rk, 12, fn, __VA_ARGS__); \
		else                                        \
			WITH_KEYS(rk, 14, fn, __VA_ARGS__); \
	} while (0)

#define EK(c) ((const uint8_t(*)[16])(c)->ek)
#define DK(c) ((const uint8_t(*)[16])(c)->dk)

/* The N blocks S[] through the cipher with the round keys KC. */
static INLINE void enc_n(const struct ce_keys *kc, uint8x16_t *s, const int n)
{
	const uint8x16_t *k = kc->k;
	const int nr = kc->nr;
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

/* The same through the equivalent inverse cipher, KC from dk. */
static INLINE void dec_n(const struct ce_keys *kc, uint8x16_t *s, const int n)
{
	const uint8x16_t *k = kc->k;
	const int nr = kc->nr;
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

/* ECB, CBC decryption, CTR and XTS: the loops of aes-modes.h, eight
 * blocks in flight; with up to 15 round keys in registers, CBC decryption
 * reads the ciphertext blocks it needs again from memory. */
#define AES_MODES_WAY 8
#define AES_MODES_CORE struct ce_keys
#define AES_MODES_ENC enc_n
#define AES_MODES_DEC dec_n
#define AES_MODES_CBC_RELOAD 1
#include "aes-modes.h"

static INLINE void ecb_body(const struct ce_keys *kc, uint8_t *dst,
			    const uint8_t *src, size_t nblocks, int dec)
{
	MODES_ECB(kc, dst, src, nblocks, dec);
}

static INLINE void cbc_dec_body(const struct ce_keys *kc, uint8_t *dst,
				const uint8_t *src, size_t nblocks,
				uint8_t iv[16])
{
	MODES_CBC_DEC(kc, dst, src, nblocks, iv);
}

static INLINE void ctr_body(const struct ce_keys *kc, uint8_t *dst,
			    const uint8_t *src, size_t nblocks, uint8_t ctr[16])
{
	MODES_CTR(kc, dst, src, nblocks, ctr);
}

static INLINE void xctr_body(const struct ce_keys *kc, uint8_t *dst,
			     const uint8_t *src, size_t nblocks,
			     const uint8_t iv[16], uint64_t ctr)
{
	MODES_XCTR(kc, dst, src, nblocks, iv, ctr);
}

static INLINE void xts_body(const struct ce_keys *kc, uint8_t *dst,
			    const uint8_t *src, size_t nblocks,
			    uint8_t tweak[16], int dec)
{
	MODES_XTS(kc, dst, src, nblocks, tweak, dec);
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

static INLINE void enc_block(const struct ce_keys *kc, uint8_t *dst,
			     const uint8_t *src)
{
	uint8x16_t s = vld1q_u8(src);

	enc_n(kc, &s, 1);
	vst1q_u8(dst, s);
}

static INLINE void dec_block(const struct ce_keys *kc, uint8_t *dst,
			     const uint8_t *src)
{
	uint8x16_t s = vld1q_u8(src);

	dec_n(kc, &s, 1);
	vst1q_u8(dst, s);
}

/* See aes-ce.h. */
void cryptarch_aes_ce_encrypt(const void *ctx, uint8_t *dst, const uint8_t *src)
{
	const struct cryptarch_aes_ce_ctx *c = ctx;

	BY_ROUNDS(c, EK(c), enc_block, dst, src);
}

/* See aes-ce.h. */
void cryptarch_aes_ce_decrypt(const void *ctx, uint8_t *dst, const uint8_t *src)
{
	const struct cryptarch_aes_ce_ctx *c = ctx;

	BY_ROUNDS(c, DK(c), dec_block, dst, src);
}

/* See aes-ce.h. */
void cryptarch_aes_ce_ecb_encrypt(const void *ctx, uint8_t *dst,
				  const uint8_t *src, size_t nblocks)
{
	const struct cryptarch_aes_ce_ctx *c = ctx;

	BY_ROUNDS(c, EK(c), ecb_body, dst, src, nblocks, 0);
}

/* See aes-ce.h. */
void cryptarch_aes_ce_ecb_decrypt(const void *ctx, uint8_t *dst,
				  const uint8_t *src, size_t nblocks)
{
	const struct cryptarch_aes_ce_ctx *c = ctx;

	BY_ROUNDS(c, DK(c), ecb_body, dst, src, nblocks, 1);
}

/*
 * CBC encryption, serial. With x the state before the last AddRoundKey,
 * the ciphertext is x ^ k[nr] and the next block's first AESE needs
 * (x ^ k[nr] ^ p) ^ k[0]: that is AESE(x, p ^ (k[nr] ^ k[0])), where
 * p ^ (k[nr] ^ k[0]) does not depend on the chain.
 */
static INLINE void cbc_enc_body(const struct ce_keys *kc, uint8_t *dst,
				const uint8_t *src, size_t nblocks,
				uint8_t iv[16])
{
	const uint8x16_t *k = kc->k;
	const int nr = kc->nr;
	uint8x16_t x, c, k0last;
	int r;

	if (!nblocks)
		return;
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

	BY_ROUNDS(c, EK(c), cbc_enc_body, dst, src, nblocks, iv);
}

/*
 * The CBC-MAC chain (src/modes/cbcmac.h): X = E(X xor B) for each block
 * B, the chain of CBC encryption without its stores, with the same
 * folding of the block into the first round key, so that only AESE/AESMC
 * lie on the dependency chain.
 */
static INLINE void cbcmac_body(const struct ce_keys *kc, uint8_t v[16],
			       const uint8_t *src, size_t nblocks)
{
	const uint8x16_t *k = kc->k;
	const int nr = kc->nr;
	uint8x16_t x, k0last;
	int r;

	k0last = veorq_u8(k[0], k[nr]);
	x = veorq_u8(vld1q_u8(v), k[nr]);
	for (; nblocks; nblocks--, src += 16) {
		x = vaesmcq_u8(vaeseq_u8(x, veorq_u8(vld1q_u8(src), k0last)));
		UNROLL
		for (r = 1; r < nr - 1; r++)
			x = vaesmcq_u8(vaeseq_u8(x, k[r]));
		x = vaeseq_u8(x, k[nr - 1]);
	}
	vst1q_u8(v, veorq_u8(x, k[nr]));
}

/* See aes-ce.h. */
void cryptarch_aes_ce_cbcmac(const void *ctx, uint8_t x[16], const uint8_t *src,
			     size_t nblocks)
{
	const struct cryptarch_aes_ce_ctx *c = ctx;

	BY_ROUNDS(c, EK(c), cbcmac_body, x, src, nblocks);
}

/* See aes-ce.h. */
void cryptarch_aes_ce_cbc_decrypt(const void *ctx, uint8_t *dst,
				  const uint8_t *src, size_t nblocks,
				  uint8_t iv[16])
{
	const struct cryptarch_aes_ce_ctx *c = ctx;

	BY_ROUNDS(c, DK(c), cbc_dec_body, dst, src, nblocks, iv);
}

/* See aes-ce.h. */
void cryptarch_aes_ce_ctr_crypt(const void *ctx, uint8_t *dst,
				const uint8_t *src, size_t nblocks,
				uint8_t ctr[16])
{
	const struct cryptarch_aes_ce_ctx *c = ctx;

	BY_ROUNDS(c, EK(c), ctr_body, dst, src, nblocks, ctr);
}

/* See aes-ce.h. */
void cryptarch_aes_ce_xctr_crypt(const void *ctx, uint8_t *dst,
				 const uint8_t *src, size_t nblocks,
				 const uint8_t iv[16], uint64_t ctr)
{
	const struct cryptarch_aes_ce_ctx *c = ctx;

	BY_ROUNDS(c, EK(c), xctr_body, dst, src, nblocks, iv, ctr);
}

/* See aes-ce.h. */
void cryptarch_aes_ce_xts_encrypt(const void *ctx, uint8_t *dst,
				  const uint8_t *src, size_t nblocks,
				  uint8_t tweak[16])
{
	const struct cryptarch_aes_ce_ctx *c = ctx;

	BY_ROUNDS(c, EK(c), xts_body, dst, src, nblocks, tweak, 0);
}

/* See aes-ce.h. */
void cryptarch_aes_ce_xts_decrypt(const void *ctx, uint8_t *dst,
				  const uint8_t *src, size_t nblocks,
				  uint8_t tweak[16])
{
	const struct cryptarch_aes_ce_ctx *c = ctx;

	BY_ROUNDS(c, DK(c), xts_body, dst, src, nblocks, tweak, 1);
}

/* The whole-mode hooks of gcm and ccm, in this object (see there). */
#include "aes-ce-ccm.h"
#include "aes-ce-gcm.h"
