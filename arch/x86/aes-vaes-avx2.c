/* SPDX-License-Identifier: MIT */
/*
 * aes-vaes-avx2.c - the 256-bit VAES code of driver "aes-vaes-avx2"
 * (descriptor in aes-vaes-avx2-glue.c): the mode hooks of AES-128/192/256 with
 * VAESENC/VAESDEC on ymm registers, two blocks per register, written with
 * C intrinsics and built with -mvaes -mavx2 (ISA group "vaes256"). The
 * context, key schedule, single blocks and CBC encryption are aes-aesni's
 * (aes-aesni.h).
 *
 * Strategy: the main loops keep 8 ymm registers (16 blocks) in flight,
 * one broadcast load of each round key per round shared by the 8 (the 16
 * ymm registers cannot hold the states and 15 round keys). The last 1..15
 * blocks go in groups of 4, 2 and 1 registers, and a last odd block
 * through 128-bit (VEX) code. CBC decryption loads the previous
 * ciphertexts 16 bytes back and folds the XOR into the VAESDECLAST key.
 * CTR keeps the counter in general registers and broadcasts it, byte-
 * reversed (a little-endian 128-bit number per lane), to each group; a
 * register's two counters are the base plus 2j + l, the carries into the
 * high halves found by one VPCMPGTQ against the number of blocks left
 * before the low half wraps (computed once per group); VPSHUFB restores
 * the byte order. XCTR needs no carry (its counter is 64 bits, XORed
 * into the iv): each register's two counters are a ymm counter pair plus
 * 2j, XORed with the iv and round key 0 (XORed once per call). XTS
 * derives the tweaks of each register from the first
 * register's as T * x^k for k = 2, 4, .., 14, so that one multiplication
 * by x^16 links one group of 16 blocks to the next; the bits shifted out
 * are reduced by x^128 = x^7 + x^2 + x + 1 with shifts and XORs, or, in
 * the _vpclmul variants, with VPCLMULQDQ (fewer instructions; the driver
 * itself needs no more than VAES and AVX2, and its glue picks the variant).
 *
 * Constant-time: VAES instructions take the same time for every key and
 * data; no branch or memory index depends on a secret (branches depend on
 * the round count and the length only). Every function ends with
 * VZEROUPPER, so that SSE code may follow; the registers and stack slots
 * that held keys or data are not otherwise cleared (the compiler owns
 * them). Needs VAES, AVX, AVX2 and AES-NI (and VPCLMULQDQ for the
 * _vpclmul variants). Speed: see aes-vaes-avx2-glue.c.
 */
#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "../../src/modes/ctr-inc.h"
#include "aes-aesni.h"

#define INLINE static inline __attribute__((always_inline))
/*
 * Full unrolling of the loops over blocks and rounds (constant counts
 * after inlining), so that the block arrays live in registers. clang
 * needs "unroll(full)": a plain "unroll" lets it unroll the callee's loop
 * by 4 before the count is known.
 */
#if defined(__clang__)
#define UNROLL _Pragma("clang loop unroll(full)")
#else
#define UNROLL _Pragma("GCC unroll 16")
#endif

/* ymm registers in flight in the main loops; 2 blocks each. */
#define YW 8
#define BLOCKS (2 * YW)

typedef __m256i ymm;

INLINE const __m128i *enc_keys(const struct cryptarch_aes_aesni_ctx *c)
{
	return (const __m128i *)c->ek;
}

INLINE const __m128i *dec_keys(const struct cryptarch_aes_aesni_ctx *c)
{
	return (const __m128i *)c->dk;
}

INLINE __m128i loadu(const uint8_t *p)
{
	return _mm_loadu_si128((const __m128i *)p);
}

INLINE void storeu(uint8_t *p, __m128i v)
{
	_mm_storeu_si128((__m128i *)p, v);
}

INLINE ymm loadu_y(const uint8_t *p)
{
	return _mm256_loadu_si256((const __m256i *)p);
}

INLINE void storeu_y(uint8_t *p, ymm v)
{
	_mm256_storeu_si256((__m256i *)p, v);
}

/* Round key R broadcast to both lanes. */
INLINE ymm key_y(const __m128i *rk, unsigned r)
{
	return _mm256_broadcastsi128_si256(_mm_load_si128(rk + r));
}

/* Rounds 1 .. NR-1 of NY registers B (round key 0 already added). */
INLINE void enc_middle(const __m128i *rk, unsigned nr, ymm *b, int ny)
{
	unsigned r;
	int j;

	for (r = 1; r < nr; r++) {
		ymm k = key_y(rk, r);

		UNROLL
		for (j = 0; j < ny; j++)
			b[j] = _mm256_aesenc_epi128(b[j], k);
	}
}

INLINE void dec_middle(const __m128i *rk, unsigned nr, ymm *b, int ny)
{
	unsigned r;
	int j;

	for (r = 1; r < nr; r++) {
		ymm k = key_y(rk, r);

		UNROLL
		for (j = 0; j < ny; j++)
			b[j] = _mm256_aesdec_epi128(b[j], k);
	}
}

/* The same on one block (128-bit VEX code). */
INLINE __m128i enc_middle1(const __m128i *rk, unsigned nr, __m128i x)
{
	unsigned r;

	for (r = 1; r < nr; r++)
		x = _mm_aesenc_si128(x, _mm_load_si128(rk + r));
	return x;
}

INLINE __m128i dec_middle1(const __m128i *rk, unsigned nr, __m128i x)
{
	unsigned r;

	for (r = 1; r < nr; r++)
		x = _mm_aesdec_si128(x, _mm_load_si128(rk + r));
	return x;
}

/*
 * Each mode has a group function for NY registers (2 * NY blocks), which
 * the driver function runs on groups of 8, then 4, 2 and 1 registers, and
 * a last odd block through 128-bit code.
 */
#define GROUPS(n, group, ...)                        \
	do {                                         \
		for (; (n) >= BLOCKS; (n) -= BLOCKS) \
			group(YW, __VA_ARGS__);      \
		if ((n) >= 8) {                      \
			group(4, __VA_ARGS__);       \
			(n) -= 8;                    \
		}                                    \
		if ((n) >= 4) {                      \
			group(2, __VA_ARGS__);       \
			(n) -= 4;                    \
		}                                    \
		if ((n) >= 2) {                      \
			group(1, __VA_ARGS__);       \
			(n) -= 2;                    \
		}                                    \
	} while (0)

/* ---- ECB --------------------------------------------------------------- */

INLINE void ecb_group(int ny, const __m128i *rk, unsigned nr, int enc,
		      uint8_t **dst, const uint8_t **src)
{
	ymm b[YW], k = key_y(rk, 0), kl = key_y(rk, nr);
	int j;

	UNROLL
	for (j = 0; j < ny; j++)
		b[j] = _mm256_xor_si256(loadu_y(*src + 32 * j), k);
	if (enc) {
		enc_middle(rk, nr, b, ny);
		UNROLL
		for (j = 0; j < ny; j++)
			storeu_y(*dst + 32 * j,
				 _mm256_aesenclast_epi128(b[j], kl));
	} else {
		dec_middle(rk, nr, b, ny);
		UNROLL
		for (j = 0; j < ny; j++)
			storeu_y(*dst + 32 * j,
				 _mm256_aesdeclast_epi128(b[j], kl));
	}
	*src += 32 * ny;
	*dst += 32 * ny;
}

INLINE void ecb(const __m128i *rk, unsigned nr, int enc, uint8_t *dst,
		const uint8_t *src, size_t n)
{
	__m128i x;

	GROUPS(n, ecb_group, rk, nr, enc, &dst, &src);
	if (n) {
		x = _mm_xor_si128(loadu(src), _mm_load_si128(rk));
		if (enc)
			x = _mm_aesenclast_si128(enc_middle1(rk, nr, x),
						 _mm_load_si128(rk + nr));
		else
			x = _mm_aesdeclast_si128(dec_middle1(rk, nr, x),
						 _mm_load_si128(rk + nr));
		storeu(dst, x);
	}
	_mm256_zeroupper();
}

/* see aes-aesni.h */
void cryptarch_aes_vaes_avx2_ecb_encrypt(const void *vctx, uint8_t *dst,
					 const uint8_t *src, size_t nblocks)
{
	const struct cryptarch_aes_aesni_ctx *ctx = vctx;

	ecb(enc_keys(ctx), ctx->rounds, 1, dst, src, nblocks);
}

/* see aes-aesni.h */
void cryptarch_aes_vaes_avx2_ecb_decrypt(const void *vctx, uint8_t *dst,
					 const uint8_t *src, size_t nblocks)
{
	const struct cryptarch_aes_aesni_ctx *ctx = vctx;

	ecb(dec_keys(ctx), ctx->rounds, 0, dst, src, nblocks);
}

/* ---- CBC decryption ---------------------------------------------------- */

/*
 * NY registers of CBC decryption; *PREV is the ciphertext block before the
 * group (the IV at first). Register j's previous blocks are the 32 bytes
 * from 16 bytes before it: for j = 0, *PREV and the first block. All is
 * read before anything is written (in-place calls).
 */
INLINE void cbc_dec_group(int ny, const __m128i *rk, unsigned nr, uint8_t **dst,
			  const uint8_t **src, __m128i *prev)
{
	ymm b[YW], k = key_y(rk, 0), kl = key_y(rk, nr), p0;
	int j;

	UNROLL
	for (j = 0; j < ny; j++)
		b[j] = _mm256_xor_si256(loadu_y(*src + 32 * j), k);
	p0 = _mm256_inserti128_si256(_mm256_castsi128_si256(*prev), loadu(*src),
				     1);
	*prev = loadu(*src + 32 * ny - 16);
	dec_middle(rk, nr, b, ny);
	b[0] = _mm256_aesdeclast_epi128(b[0], _mm256_xor_si256(kl, p0));
	UNROLL
	for (j = 1; j < ny; j++)
		b[j] = _mm256_aesdeclast_epi128(
			b[j],
			_mm256_xor_si256(kl, loadu_y(*src + 32 * j - 16)));
	UNROLL
	for (j = 0; j < ny; j++)
		storeu_y(*dst + 32 * j, b[j]);
	*src += 32 * ny;
	*dst += 32 * ny;
}

/* see aes-aesni.h */
void cryptarch_aes_vaes_avx2_cbc_decrypt(const void *vctx, uint8_t *dst,
					 const uint8_t *src, size_t nblocks,
					 uint8_t iv[16])
{
	const struct cryptarch_aes_aesni_ctx *ctx = vctx;
	const __m128i *rk = dec_keys(ctx);
	unsigned nr = ctx->rounds;
	__m128i prev = loadu(iv), x, c;
	size_t n = nblocks;

	GROUPS(n, cbc_dec_group, rk, nr, &dst, &src, &prev);
	if (n) {
		c = loadu(src);
		x = dec_middle1(rk, nr, _mm_xor_si128(c, _mm_load_si128(rk)));
		x = _mm_aesdeclast_si128(
			x, _mm_xor_si128(_mm_load_si128(rk + nr), prev));
		prev = c;
		storeu(dst, x);
	}
	storeu(iv, prev);
	_mm256_zeroupper();
}

/* ---- CTR --------------------------------------------------------------- */

#define BSWAP128 \
	_mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)

/*
 * The running counter is HI:LO in general registers (as ctr-inc.h). A
 * group's register j holds the counters C + 2j + l in lane l, byte-reversed
 * (a little-endian 128-bit number per lane), from C broadcast: the low
 * half of block i (= 2j + l) wraps exactly when i > e = 2^64 - 1 - LO, so
 * with e computed once per group in a general register (and capped at the
 * group's block count, below which nothing wraps), one VPCMPGTQ of i
 * (placed in the high half; -1 in the low half, never greater) against e
 * gives the mask of the high halves that get the carry: -1 subtracted.
 * VPSHUFB then restores the byte order.
 */
INLINE void ctr_group(int ny, const __m128i *rk, unsigned nr, uint8_t **dst,
		      const uint8_t **src, uint64_t *hi, uint64_t *lo)
{
	const ymm bswap = _mm256_broadcastsi128_si256(BSWAP128);
	const uint64_t lim = 2 * (uint64_t)ny;
	ymm b[YW], k = key_y(rk, 0), kl = key_y(rk, nr), base, e;
	uint64_t w = ~*lo, below = 0 - (uint64_t)(w < lim);
	int j;

	base = _mm256_broadcastsi128_si256(
		_mm_set_epi64x((long long)*hi, (long long)*lo));
	e = _mm256_set1_epi64x((long long)((w & below) | (lim & ~below)));
	UNROLL
	for (j = 0; j < ny; j++) {
		ymm c = _mm256_add_epi64(base, _mm256_set_epi64x(0, 2 * j + 1,
								 0, 2 * j));

		c = _mm256_sub_epi64(
			c, _mm256_cmpgt_epi64(_mm256_set_epi64x(2 * j + 1, -1,
								2 * j, -1),
					      e));
		b[j] = _mm256_xor_si256(_mm256_shuffle_epi8(c, bswap), k);
	}
	ctr_add64(hi, lo, lim);
	enc_middle(rk, nr, b, ny);
	UNROLL
	for (j = 0; j < ny; j++)
		storeu_y(*dst + 32 * j,
			 _mm256_aesenclast_epi128(
				 b[j],
				 _mm256_xor_si256(kl, loadu_y(*src + 32 * j))));
	*src += 32 * ny;
	*dst += 32 * ny;
}

/*
 * see aes-aesni.h. The counter in and out goes through general registers
 * (aes-aesni.h): the chain from one call's counter to the next is then a
 * few integer instructions, and a counter block written by the template in
 * two 8-byte stores is read the same way (a 16-byte load would wait for
 * them).
 */
void cryptarch_aes_vaes_avx2_ctr_crypt(const void *vctx, uint8_t *dst,
				       const uint8_t *src, size_t nblocks,
				       uint8_t ctr[16])
{
	const struct cryptarch_aes_aesni_ctx *ctx = vctx;
	const __m128i *rk = enc_keys(ctx);
	unsigned nr = ctx->rounds;
	uint64_t hi, lo;
	size_t n = nblocks;
	__m128i x;

	cryptarch_aes_aesni_ctr_get(ctr, &hi, &lo);
	GROUPS(n, ctr_group, rk, nr, &dst, &src, &hi, &lo);
	if (n) {
		x = _mm_shuffle_epi8(
			_mm_set_epi64x((long long)hi, (long long)lo), BSWAP128);
		x = enc_middle1(rk, nr, _mm_xor_si128(x, _mm_load_si128(rk)));
		x = _mm_aesenclast_si128(
			x, _mm_xor_si128(_mm_load_si128(rk + nr), loadu(src)));
		storeu(dst, x);
		ctr_add64(&hi, &lo, 1);
	}
	cryptarch_aes_aesni_ctr_put(ctr, hi, lo);
	_mm256_zeroupper();
}

/* ---- XCTR -------------------------------------------------------------- */

/*
 * *C holds the 64-bit counters of the group's first two blocks in the low
 * halves of its lanes (C, C + 1; high halves zero); register j's are
 * those plus 2j, XORed with IVK (the iv ^ round key 0, in both lanes).
 * The counter wraps at 2^64, as the template's.
 */
INLINE void xctr_group(int ny, const __m128i *rk, unsigned nr, uint8_t **dst,
		       const uint8_t **src, ymm ivk, ymm *c)
{
	ymm b[YW], kl = key_y(rk, nr);
	int j;

	UNROLL
	for (j = 0; j < ny; j++)
		b[j] = _mm256_xor_si256(
			_mm256_add_epi64(*c,
					 _mm256_set_epi64x(0, 2 * j, 0, 2 * j)),
			ivk);
	*c = _mm256_add_epi64(*c, _mm256_set_epi64x(0, 2 * ny, 0, 2 * ny));
	enc_middle(rk, nr, b, ny);
	UNROLL
	for (j = 0; j < ny; j++)
		storeu_y(*dst + 32 * j,
			 _mm256_aesenclast_epi128(
				 b[j],
				 _mm256_xor_si256(kl, loadu_y(*src + 32 * j))));
	*src += 32 * ny;
	*dst += 32 * ny;
}

/* see aes-aesni.h */
void cryptarch_aes_vaes_avx2_xctr_crypt(const void *vctx, uint8_t *dst,
					const uint8_t *src, size_t nblocks,
					const uint8_t iv[16], uint64_t ctr)
{
	const struct cryptarch_aes_aesni_ctx *ctx = vctx;
	const __m128i *rk = enc_keys(ctx);
	unsigned nr = ctx->rounds;
	__m128i ivk = _mm_xor_si128(loadu(iv), _mm_load_si128(rk)), x;
	ymm ivk2 = _mm256_broadcastsi128_si256(ivk);
	ymm c = _mm256_set_epi64x(0, (long long)(ctr + 1), 0, (long long)ctr);
	size_t n = nblocks;

	GROUPS(n, xctr_group, rk, nr, &dst, &src, ivk2, &c);
	if (n) {
		x = _mm_xor_si128(_mm256_castsi256_si128(c), ivk);
		x = _mm_aesenclast_si128(enc_middle1(rk, nr, x),
					 _mm_xor_si128(_mm_load_si128(rk + nr),
						       loadu(src)));
		storeu(dst, x);
	}
	_mm256_zeroupper();
}

/* ---- XTS --------------------------------------------------------------- */

/*
 * T * x^K per 128-bit lane (IEEE 1619 order: each lane one little-endian
 * number) for 0 < K <= 56: each qword shifted left by K; the K bits
 * shifted out of the high qword, h, come back into the low one as h * 0x87
 * (x^128 = x^7 + x^2 + x + 1; carry-less, below 2^64), those shifted out
 * of the low qword into the high one as they are. After the swap, H holds
 * both; with CLMUL (VPCLMULQDQ), H ^ clmul(H_low, 0x86) adds h * 0x87 to
 * the low qword and the raw bits to the high one, else the product is
 * h ^ h << 1 ^ h << 2 ^ h << 7.
 */
INLINE ymm xts_mul_xk(ymm t, int k, int clmul)
{
	ymm h = _mm256_shuffle_epi32(_mm256_srli_epi64(t, 64 - k), 0x4e);
	ymm l;

	if (clmul)
		return _mm256_xor_si256(
			_mm256_xor_si256(_mm256_slli_epi64(t, k), h),
			_mm256_clmulepi64_epi128(h, _mm256_set1_epi64x(0x86),
						 0x00));
	l = _mm256_and_si256(h, _mm256_set_epi64x(0, -1, 0, -1));
	t = _mm256_xor_si256(_mm256_slli_epi64(t, k), h);
	t = _mm256_xor_si256(t, _mm256_slli_epi64(l, 1));
	return _mm256_xor_si256(t, _mm256_xor_si256(_mm256_slli_epi64(l, 2),
						    _mm256_slli_epi64(l, 7)));
}

/* T * x (alpha) on one tweak: see aes-aesni.c. */
INLINE __m128i xts_mul_alpha(__m128i t)
{
	__m128i m = _mm_shuffle_epi32(_mm_srai_epi32(t, 31), 0x13);

	m = _mm_and_si128(m, _mm_set_epi32(0, 1, 0, 0x87));
	return _mm_xor_si128(_mm_add_epi64(t, t), m);
}

/*
 * NY registers of XTS. *TW holds the tweaks of the group's first two
 * blocks; register j's are those times x^(2j). The tweak after the last
 * round is folded into the last round key.
 */
INLINE void xts_group(int ny, const __m128i *rk, unsigned nr, int enc,
		      uint8_t **dst, const uint8_t **src, ymm *tw, int clmul)
{
	ymm b[YW], t[YW], k = key_y(rk, 0), kl = key_y(rk, nr);
	int j;

	t[0] = *tw;
	UNROLL
	for (j = 1; j < ny; j++)
		t[j] = xts_mul_xk(t[0], 2 * j, clmul);
	*tw = xts_mul_xk(t[0], 2 * ny, clmul);
	UNROLL
	for (j = 0; j < ny; j++)
		b[j] = _mm256_xor_si256(loadu_y(*src + 32 * j),
					_mm256_xor_si256(t[j], k));
	if (enc) {
		enc_middle(rk, nr, b, ny);
		UNROLL
		for (j = 0; j < ny; j++)
			storeu_y(*dst + 32 * j,
				 _mm256_aesenclast_epi128(
					 b[j], _mm256_xor_si256(kl, t[j])));
	} else {
		dec_middle(rk, nr, b, ny);
		UNROLL
		for (j = 0; j < ny; j++)
			storeu_y(*dst + 32 * j,
				 _mm256_aesdeclast_epi128(
					 b[j], _mm256_xor_si256(kl, t[j])));
	}
	*src += 32 * ny;
	*dst += 32 * ny;
}

INLINE void xts(const __m128i *rk, unsigned nr, int enc, int clmul,
		uint8_t *dst, const uint8_t *src, size_t n, uint8_t tweak[16])
{
	__m128i t = loadu(tweak), x;
	ymm tw = _mm256_inserti128_si256(_mm256_castsi128_si256(t),
					 xts_mul_alpha(t), 1);

	GROUPS(n, xts_group, rk, nr, enc, &dst, &src, &tw, clmul);
	t = _mm256_castsi256_si128(tw);
	if (n) {
		x = _mm_xor_si128(loadu(src),
				  _mm_xor_si128(t, _mm_load_si128(rk)));
		if (enc)
			x = _mm_aesenclast_si128(
				enc_middle1(rk, nr, x),
				_mm_xor_si128(_mm_load_si128(rk + nr), t));
		else
			x = _mm_aesdeclast_si128(
				dec_middle1(rk, nr, x),
				_mm_xor_si128(_mm_load_si128(rk + nr), t));
		storeu(dst, x);
		t = xts_mul_alpha(t);
	}
	storeu(tweak, t);
	_mm256_zeroupper();
}

/* see aes-aesni.h */
void cryptarch_aes_vaes_avx2_xts_encrypt(const void *vctx, uint8_t *dst,
					 const uint8_t *src, size_t nblocks,
					 uint8_t tweak[16])
{
	const struct cryptarch_aes_aesni_ctx *ctx = vctx;

	xts(enc_keys(ctx), ctx->rounds, 1, 0, dst, src, nblocks, tweak);
}

/* see aes-aesni.h */
void cryptarch_aes_vaes_avx2_xts_decrypt(const void *vctx, uint8_t *dst,
					 const uint8_t *src, size_t nblocks,
					 uint8_t tweak[16])
{
	const struct cryptarch_aes_aesni_ctx *ctx = vctx;

	xts(dec_keys(ctx), ctx->rounds, 0, 0, dst, src, nblocks, tweak);
}

/* see aes-aesni.h */
void cryptarch_aes_vaes_avx2_xts_encrypt_vpclmul(const void *vctx, uint8_t *dst,
						 const uint8_t *src,
						 size_t nblocks,
						 uint8_t tweak[16])
{
	const struct cryptarch_aes_aesni_ctx *ctx = vctx;

	xts(enc_keys(ctx), ctx->rounds, 1, 1, dst, src, nblocks, tweak);
}

/* see aes-aesni.h */
void cryptarch_aes_vaes_avx2_xts_decrypt_vpclmul(const void *vctx, uint8_t *dst,
						 const uint8_t *src,
						 size_t nblocks,
						 uint8_t tweak[16])
{
	const struct cryptarch_aes_aesni_ctx *ctx = vctx;

	xts(dec_keys(ctx), ctx->rounds, 0, 1, dst, src, nblocks, tweak);
}
