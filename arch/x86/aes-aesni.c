/* SPDX-License-Identifier: MIT */
/*
 * aes-aesni.c - the AES-NI code of driver "aes-aesni" (descriptor in
 * aes-aesni-glue.c): AES-128/192/256 with the AESENC/AESDEC instructions
 * on xmm registers, written with C intrinsics and built with -maes
 * -msse4.1 (ISA group "aesni"). Key expansion derives SubWord from
 * AESKEYGENASSIST and the decryption keys with AESIMC. ECB, CBC
 * decryption, CTR, XTS and XCTR keep 8 independent blocks in flight, one
 * round key load per round shared by the 8; CBC encryption and the
 * CBC-MAC chain (cmac, xcbc, cbcmac) are serial and hold every round key
 * in a register, with the XOR of the next block folded into the
 * AESENCLAST key, so that the chain is exactly one AESENC latency per
 * round. The XCTR counter is a 64-bit lane, XORed into the iv and round
 * key 0 (XORed together once per call). The CTR counter is a 128-bit
 * big-endian number kept byte-reversed in a register, the 8 counters of
 * a group derived from the first in a tree, each with a carry into the
 * upper 64 bits computed with a compare, not a branch; the XTS tweaks of
 * a group are multiplied by alpha in registers the same way, and the next
 * group's first tweak is the first one times x^8 in one step.
 * Constant-time: the AES instructions take the same time for every key
 * and data, no branch or memory index depends on a secret (branches
 * depend only on the round count and the length), key expansion
 * included. Needs AES-NI, SSE2, SSSE3 (PSHUFB) and SSE4.1 (PCMPEQQ);
 * builds for i686 too. The vector registers and stack slots that held
 * keys or data are not cleared on return (the compiler owns them).
 * Speed: see aes-aesni-glue.c.
 */
#include <errno.h>
#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "../../src/core/memzero.h"
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

/* Blocks in flight in the parallel modes. */
#define WAYS 8

_Static_assert(sizeof(((struct cryptarch_aes_aesni_ctx *)0)->ek) ==
		       16 * (CRYPTARCH_AES_AESNI_MAX_ROUNDS + 1),
	       "round-key array");

INLINE __m128i loadu(const uint8_t *p)
{
	return _mm_loadu_si128((const __m128i *)p);
}

INLINE void storeu(uint8_t *p, __m128i v)
{
	_mm_storeu_si128((__m128i *)p, v);
}

INLINE const __m128i *enc_keys(const struct cryptarch_aes_aesni_ctx *c)
{
	return (const __m128i *)c->ek;
}

INLINE const __m128i *dec_keys(const struct cryptarch_aes_aesni_ctx *c)
{
	return (const __m128i *)c->dk;
}

/* ---- key schedule ------------------------------------------------------ */

/*
 * SubWord of one key-schedule word. AESKEYGENASSIST puts SubWord(X1) (X1:
 * bits 32..63 of its source) in bits 0..31 of its result; the constant is
 * applied separately, so that one immediate serves every round.
 */
static uint32_t subword(uint32_t w)
{
	__m128i x = _mm_shuffle_epi32(_mm_cvtsi32_si128((int)w), 0);

	return (uint32_t)_mm_cvtsi128_si32(_mm_aeskeygenassist_si128(x, 0));
}

/* see aes-aesni.h */
int cryptarch_aes_aesni_setkey(void *vctx, const uint8_t *key, size_t keylen)
{
	struct cryptarch_aes_aesni_ctx *ctx = vctx;
	uint32_t w[4 * (CRYPTARCH_AES_AESNI_MAX_ROUNDS + 1)], t, rcon = 1;
	unsigned i, nk, nr;
	__m128i *ek = (__m128i *)ctx->ek, *dk = (__m128i *)ctx->dk;

	if (keylen != 16 && keylen != 24 && keylen != 32)
		return -EINVAL;
	nk = (unsigned)keylen / 4;
	nr = nk + 6;

	/*
	 * FIPS-197 5.2 on words in memory order: word i is key bytes
	 * 4i..4i+3 as a little-endian number, so RotWord is a rotation right
	 * by 8 and Rcon goes into the low byte. The branches depend on i only.
	 */
	for (i = 0; i < nk; i++)
		w[i] = (uint32_t)key[4 * i] | (uint32_t)key[4 * i + 1] << 8 |
		       (uint32_t)key[4 * i + 2] << 16 |
		       (uint32_t)key[4 * i + 3] << 24;
	for (i = nk; i < 4 * (nr + 1); i++) {
		t = w[i - 1];
		if (i % nk == 0) {
			t = subword(t >> 8 | t << 24) ^ rcon;
			rcon = (rcon << 1) ^ (0x11b & (0 - (rcon >> 7)));
		} else if (nk > 6 && i % nk == 4) {
			t = subword(t);
		}
		w[i] = w[i - nk] ^ t;
	}
	for (i = 0; i <= CRYPTARCH_AES_AESNI_MAX_ROUNDS; i++) {
		__m128i k = _mm_setzero_si128();

		if (i <= nr)
			k = _mm_set_epi32((int)w[4 * i + 3], (int)w[4 * i + 2],
					  (int)w[4 * i + 1], (int)w[4 * i]);
		_mm_store_si128(ek + i, k);
	}
	/* The equivalent inverse cipher (FIPS-197 5.3.5) */
	for (i = 0; i <= CRYPTARCH_AES_AESNI_MAX_ROUNDS; i++) {
		__m128i k = _mm_setzero_si128();

		if (i == 0 || i == nr)
			k = _mm_load_si128(ek + nr - i);
		else if (i < nr)
			k = _mm_aesimc_si128(_mm_load_si128(ek + nr - i));
		_mm_store_si128(dk + i, k);
	}
	ctx->rounds = nr;
	cryptarch_memzero(w, sizeof(w));
	return 0;
}

/* ---- single blocks ----------------------------------------------------- */

/* see aes-aesni.h */
void cryptarch_aes_aesni_encrypt(const void *vctx, uint8_t *dst,
				 const uint8_t *src)
{
	const struct cryptarch_aes_aesni_ctx *ctx = vctx;
	const __m128i *rk = enc_keys(ctx);
	unsigned nr = ctx->rounds;
	__m128i x = _mm_xor_si128(loadu(src), rk[0]);

	x = _mm_aesenc_si128(x, rk[1]);
	x = _mm_aesenc_si128(x, rk[2]);
	x = _mm_aesenc_si128(x, rk[3]);
	x = _mm_aesenc_si128(x, rk[4]);
	x = _mm_aesenc_si128(x, rk[5]);
	x = _mm_aesenc_si128(x, rk[6]);
	x = _mm_aesenc_si128(x, rk[7]);
	x = _mm_aesenc_si128(x, rk[8]);
	x = _mm_aesenc_si128(x, rk[9]);
	if (nr > 10) {
		x = _mm_aesenc_si128(x, rk[10]);
		x = _mm_aesenc_si128(x, rk[11]);
		if (nr > 12) {
			x = _mm_aesenc_si128(x, rk[12]);
			x = _mm_aesenc_si128(x, rk[13]);
		}
	}
	storeu(dst, _mm_aesenclast_si128(x, rk[nr]));
}

/* see aes-aesni.h */
void cryptarch_aes_aesni_decrypt(const void *vctx, uint8_t *dst,
				 const uint8_t *src)
{
	const struct cryptarch_aes_aesni_ctx *ctx = vctx;
	const __m128i *rk = dec_keys(ctx);
	unsigned nr = ctx->rounds;
	__m128i x = _mm_xor_si128(loadu(src), rk[0]);

	x = _mm_aesdec_si128(x, rk[1]);
	x = _mm_aesdec_si128(x, rk[2]);
	x = _mm_aesdec_si128(x, rk[3]);
	x = _mm_aesdec_si128(x, rk[4]);
	x = _mm_aesdec_si128(x, rk[5]);
	x = _mm_aesdec_si128(x, rk[6]);
	x = _mm_aesdec_si128(x, rk[7]);
	x = _mm_aesdec_si128(x, rk[8]);
	x = _mm_aesdec_si128(x, rk[9]);
	if (nr > 10) {
		x = _mm_aesdec_si128(x, rk[10]);
		x = _mm_aesdec_si128(x, rk[11]);
		if (nr > 12) {
			x = _mm_aesdec_si128(x, rk[12]);
			x = _mm_aesdec_si128(x, rk[13]);
		}
	}
	storeu(dst, _mm_aesdeclast_si128(x, rk[nr]));
}

/* ---- N blocks in flight ------------------------------------------------ */

/*
 * Rounds 1 .. NR-1 of N blocks B (round key 0 already added), one load of
 * each round key shared by the N. The last round is the caller's, so that
 * it can fold an XOR into the last round key (AESENCLAST and AESDECLAST
 * end with an XOR of their key operand).
 */
INLINE void enc_middle(const __m128i *rk, unsigned nr, __m128i *b, int n)
{
	unsigned r;
	int i;

	for (r = 1; r < nr; r++) {
		__m128i k = _mm_load_si128(rk + r);

		UNROLL
		for (i = 0; i < n; i++)
			b[i] = _mm_aesenc_si128(b[i], k);
	}
}

INLINE void dec_middle(const __m128i *rk, unsigned nr, __m128i *b, int n)
{
	unsigned r;
	int i;

	for (r = 1; r < nr; r++) {
		__m128i k = _mm_load_si128(rk + r);

		UNROLL
		for (i = 0; i < n; i++)
			b[i] = _mm_aesdec_si128(b[i], k);
	}
}

INLINE void ecb_n(const __m128i *rk, unsigned nr, int enc, uint8_t *dst,
		  const uint8_t *src, int n)
{
	__m128i b[WAYS], k = _mm_load_si128(rk), kl = _mm_load_si128(rk + nr);
	int i;

	UNROLL
	for (i = 0; i < n; i++)
		b[i] = _mm_xor_si128(loadu(src + 16 * i), k);
	if (enc) {
		enc_middle(rk, nr, b, n);
		UNROLL
		for (i = 0; i < n; i++)
			storeu(dst + 16 * i, _mm_aesenclast_si128(b[i], kl));
	} else {
		dec_middle(rk, nr, b, n);
		UNROLL
		for (i = 0; i < n; i++)
			storeu(dst + 16 * i, _mm_aesdeclast_si128(b[i], kl));
	}
}

INLINE void ecb(const __m128i *rk, unsigned nr, int enc, uint8_t *dst,
		const uint8_t *src, size_t nblocks)
{
	for (; nblocks >= WAYS; nblocks -= WAYS) {
		ecb_n(rk, nr, enc, dst, src, WAYS);
		src += 16 * WAYS;
		dst += 16 * WAYS;
	}
	for (; nblocks; nblocks--) {
		ecb_n(rk, nr, enc, dst, src, 1);
		src += 16;
		dst += 16;
	}
}

/* see aes-aesni.h */
void cryptarch_aes_aesni_ecb_encrypt(const void *vctx, uint8_t *dst,
				     const uint8_t *src, size_t nblocks)
{
	const struct cryptarch_aes_aesni_ctx *ctx = vctx;

	ecb(enc_keys(ctx), ctx->rounds, 1, dst, src, nblocks);
}

/* see aes-aesni.h */
void cryptarch_aes_aesni_ecb_decrypt(const void *vctx, uint8_t *dst,
				     const uint8_t *src, size_t nblocks)
{
	const struct cryptarch_aes_aesni_ctx *ctx = vctx;

	ecb(dec_keys(ctx), ctx->rounds, 0, dst, src, nblocks);
}

/* ---- CBC --------------------------------------------------------------- */

/*
 * CBC encryption of a chain with NR rounds (a constant after inlining, so
 * that the round keys stay in registers). The block after the current one
 * is P' = P ^ k0; since AESENCLAST ends with an XOR of its key, the last
 * round with key klast ^ P' yields C ^ P' = the next block's state after
 * round 0 directly, and C = that ^ P' is computed off the chain.
 */
INLINE void cbc_enc(const __m128i *rk, const unsigned nr, uint8_t *dst,
		    const uint8_t *src, size_t nblocks, uint8_t iv[16])
{
	__m128i k[CRYPTARCH_AES_AESNI_MAX_ROUNDS + 1], p, x, kl;
	unsigned r;

	UNROLL
	for (r = 0; r <= nr; r++)
		k[r] = _mm_load_si128(rk + r);
	kl = k[nr];
	p = _mm_xor_si128(loadu(src), k[0]);
	/* Keep P ^ k0 whole: reassociated as (P ^ IV) ^ k0, the chain from
	 * one call's IV to the next would hold two XORs. */
	__asm__("" : "+x"(p));
	x = _mm_xor_si128(p, loadu(iv));
	for (;;) {
		UNROLL
		for (r = 1; r < nr; r++)
			x = _mm_aesenc_si128(x, k[r]);
		if (--nblocks == 0)
			break;
		src += 16;
		p = _mm_xor_si128(loadu(src), k[0]);
		x = _mm_aesenclast_si128(x, _mm_xor_si128(kl, p));
		storeu(dst, _mm_xor_si128(x, p));
		dst += 16;
	}
	x = _mm_aesenclast_si128(x, kl);
	storeu(dst, x);
	storeu(iv, x);
}

/* see aes-aesni.h */
void cryptarch_aes_aesni_cbc_encrypt(const void *vctx, uint8_t *dst,
				     const uint8_t *src, size_t nblocks,
				     uint8_t iv[16])
{
	const struct cryptarch_aes_aesni_ctx *ctx = vctx;
	const __m128i *rk = enc_keys(ctx);

	if (ctx->rounds == 10)
		cbc_enc(rk, 10, dst, src, nblocks, iv);
	else if (ctx->rounds == 12)
		cbc_enc(rk, 12, dst, src, nblocks, iv);
	else
		cbc_enc(rk, 14, dst, src, nblocks, iv);
}

/*
 * N blocks of CBC decryption; PREV is the ciphertext before the first
 * (the IV), and becomes the last of the N. Every source block is read
 * before any is written (in-place calls). The XOR with the previous
 * ciphertext is folded into the AESDECLAST key.
 */
INLINE void cbc_dec_n(const __m128i *rk, unsigned nr, uint8_t *dst,
		      const uint8_t *src, int n, __m128i *prev)
{
	__m128i b[WAYS], c[WAYS], k = _mm_load_si128(rk);
	__m128i kl = _mm_load_si128(rk + nr);
	int i;

	UNROLL
	for (i = 0; i < n; i++) {
		c[i] = loadu(src + 16 * i);
		b[i] = _mm_xor_si128(c[i], k);
	}
	dec_middle(rk, nr, b, n);
	b[0] = _mm_aesdeclast_si128(b[0], _mm_xor_si128(kl, *prev));
	UNROLL
	for (i = 1; i < n; i++)
		b[i] = _mm_aesdeclast_si128(b[i], _mm_xor_si128(kl, c[i - 1]));
	*prev = c[n - 1];
	UNROLL
	for (i = 0; i < n; i++)
		storeu(dst + 16 * i, b[i]);
}

/* see aes-aesni.h */
void cryptarch_aes_aesni_cbc_decrypt(const void *vctx, uint8_t *dst,
				     const uint8_t *src, size_t nblocks,
				     uint8_t iv[16])
{
	const struct cryptarch_aes_aesni_ctx *ctx = vctx;
	const __m128i *rk = dec_keys(ctx);
	unsigned nr = ctx->rounds;
	__m128i prev = loadu(iv);

	for (; nblocks >= WAYS; nblocks -= WAYS) {
		cbc_dec_n(rk, nr, dst, src, WAYS, &prev);
		src += 16 * WAYS;
		dst += 16 * WAYS;
	}
	for (; nblocks; nblocks--) {
		cbc_dec_n(rk, nr, dst, src, 1, &prev);
		src += 16;
		dst += 16;
	}
	storeu(iv, prev);
}

/* ---- CTR --------------------------------------------------------------- */

/*
 * The counter is kept byte-reversed: as a little-endian 128-bit number in
 * a register, low 64 bits in lane 0. Adding K = 2^m: add K to lane 0,
 * which wrapped exactly when it is now below K, that is when its bits m
 * and up are all zero; PCMPEQQ turns that into a mask of all ones (-1),
 * which, moved to lane 1, is subtracted there. The counters of N blocks
 * are derived from the first in a tree (+1, +2, +4), so that the chain
 * from one group of blocks to the next is one addition (+N), not N.
 */
INLINE __m128i bswap128(__m128i x)
{
	return _mm_shuffle_epi8(x, _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
						10, 11, 12, 13, 14, 15));
}

INLINE __m128i ctr_addk(__m128i c, int k)
{
	__m128i m;

	c = _mm_add_epi64(c, _mm_set_epi64x(0, k));
	m = c;
	if (k > 1)
		m = _mm_and_si128(m, _mm_set_epi64x(0, -(long long)k));
	m = _mm_cmpeq_epi64(m, _mm_setzero_si128());
	return _mm_sub_epi64(c, _mm_slli_si128(m, 8));
}

/* N (1, 2, 4 or 8) blocks of CTR from counter *CTR (advanced by N). */
INLINE void ctr_n(const __m128i *rk, unsigned nr, uint8_t *dst,
		  const uint8_t *src, int n, __m128i *ctr)
{
	__m128i b[WAYS], c[WAYS], k = _mm_load_si128(rk);
	__m128i kl = _mm_load_si128(rk + nr);
	int i;

	c[0] = *ctr;
	if (n > 1)
		c[1] = ctr_addk(c[0], 1);
	if (n > 2) {
		c[2] = ctr_addk(c[0], 2);
		c[3] = ctr_addk(c[1], 2);
	}
	if (n > 4) {
		UNROLL
		for (i = 0; i < 4; i++)
			c[i + 4] = ctr_addk(c[i], 4);
	}
	*ctr = ctr_addk(c[0], n);
	UNROLL
	for (i = 0; i < n; i++)
		b[i] = _mm_xor_si128(bswap128(c[i]), k);
	enc_middle(rk, nr, b, n);
	UNROLL
	for (i = 0; i < n; i++)
		storeu(dst + 16 * i,
		       _mm_aesenclast_si128(
			       b[i], _mm_xor_si128(kl, loadu(src + 16 * i))));
}

/*
 * see aes-aesni.h. The counter in and out goes through general registers
 * (aes-aesni.h): the chain from one call's counter to the next is then a
 * few integer instructions, and a counter block written by the template in
 * two 8-byte stores is read the same way (a 16-byte load would wait for
 * them).
 */
void cryptarch_aes_aesni_ctr_crypt(const void *vctx, uint8_t *dst,
				   const uint8_t *src, size_t nblocks,
				   uint8_t ctr[16])
{
	const struct cryptarch_aes_aesni_ctx *ctx = vctx;
	const __m128i *rk = enc_keys(ctx);
	unsigned nr = ctx->rounds;
	uint64_t hi, lo;
	__m128i c;

	cryptarch_aes_aesni_ctr_get(ctr, &hi, &lo);
	c = _mm_set_epi64x((long long)hi, (long long)lo);
	ctr_add64(&hi, &lo, nblocks);
	cryptarch_aes_aesni_ctr_put(ctr, hi, lo);
	for (; nblocks >= WAYS; nblocks -= WAYS) {
		ctr_n(rk, nr, dst, src, WAYS, &c);
		src += 16 * WAYS;
		dst += 16 * WAYS;
	}
	for (; nblocks; nblocks--) {
		ctr_n(rk, nr, dst, src, 1, &c);
		src += 16;
		dst += 16;
	}
}

/* ---- XCTR -------------------------------------------------------------- */

/*
 * N (1 or 8) blocks of XCTR: block i's counter block is IV xor le128(C +
 * i), and C, a 64-bit number in lane 0 of *CTR (lane 1 zero), is
 * advanced by N. IVK is IV ^ round key 0, so that each counter block
 * after round 0 costs one PADDQ and one PXOR, both off the chain from one
 * group to the next (one PADDQ).
 */
INLINE void xctr_n(const __m128i *rk, unsigned nr, uint8_t *dst,
		   const uint8_t *src, int n, __m128i ivk, __m128i *ctr)
{
	__m128i b[WAYS], kl = _mm_load_si128(rk + nr);
	int i;

	UNROLL
	for (i = 0; i < n; i++)
		b[i] = _mm_xor_si128(_mm_add_epi64(*ctr, _mm_set_epi64x(0, i)),
				     ivk);
	*ctr = _mm_add_epi64(*ctr, _mm_set_epi64x(0, n));
	enc_middle(rk, nr, b, n);
	UNROLL
	for (i = 0; i < n; i++)
		storeu(dst + 16 * i,
		       _mm_aesenclast_si128(
			       b[i], _mm_xor_si128(kl, loadu(src + 16 * i))));
}

/* see aes-aesni.h */
void cryptarch_aes_aesni_xctr_crypt(const void *vctx, uint8_t *dst,
				    const uint8_t *src, size_t nblocks,
				    const uint8_t iv[16], uint64_t ctr)
{
	const struct cryptarch_aes_aesni_ctx *ctx = vctx;
	const __m128i *rk = enc_keys(ctx);
	unsigned nr = ctx->rounds;
	__m128i ivk = _mm_xor_si128(loadu(iv), _mm_load_si128(rk));
	__m128i c = _mm_set_epi64x(0, (long long)ctr);

	for (; nblocks >= WAYS; nblocks -= WAYS) {
		xctr_n(rk, nr, dst, src, WAYS, ivk, &c);
		src += 16 * WAYS;
		dst += 16 * WAYS;
	}
	for (; nblocks; nblocks--) {
		xctr_n(rk, nr, dst, src, 1, ivk, &c);
		src += 16;
		dst += 16;
	}
}

/* ---- CBC-MAC ----------------------------------------------------------- */

/*
 * The CBC-MAC chain X = E(X ^ B) with NR rounds (a constant after
 * inlining: every round key in a register), as CBC encryption: the next
 * block after round 0 is B' = B ^ k0, and the last round with key
 * klast ^ B' yields E(X ^ B) ^ B', the next state after round 0, so that
 * the chain is exactly one AES instruction latency per round; klast ^ k0
 * is computed once, the XOR with the block off the chain. Nothing is
 * stored but the final X.
 */
INLINE void cbcmac(const __m128i *rk, const unsigned nr, uint8_t xio[16],
		   const uint8_t *src, size_t nblocks)
{
	__m128i k[CRYPTARCH_AES_AESNI_MAX_ROUNDS + 1], x, kl, klk0;
	unsigned r;

	UNROLL
	for (r = 0; r <= nr; r++)
		k[r] = _mm_load_si128(rk + r);
	kl = k[nr];
	klk0 = _mm_xor_si128(kl, k[0]);
	x = _mm_xor_si128(loadu(xio), _mm_xor_si128(loadu(src), k[0]));
	for (;;) {
		UNROLL
		for (r = 1; r < nr; r++)
			x = _mm_aesenc_si128(x, k[r]);
		if (--nblocks == 0)
			break;
		src += 16;
		x = _mm_aesenclast_si128(x, _mm_xor_si128(klk0, loadu(src)));
	}
	storeu(xio, _mm_aesenclast_si128(x, kl));
}

/* see aes-aesni.h */
void cryptarch_aes_aesni_cbcmac(const void *vctx, uint8_t x[16],
				const uint8_t *src, size_t nblocks)
{
	const struct cryptarch_aes_aesni_ctx *ctx = vctx;
	const __m128i *rk = enc_keys(ctx);

	if (ctx->rounds == 10)
		cbcmac(rk, 10, x, src, nblocks);
	else if (ctx->rounds == 12)
		cbcmac(rk, 12, x, src, nblocks);
	else
		cbcmac(rk, 14, x, src, nblocks);
}

/* ---- XTS --------------------------------------------------------------- */

/*
 * T * alpha in GF(2^128), IEEE 1619 order (the 16 bytes are one
 * little-endian number): shift each 64-bit lane left by one (PADDQ), and
 * add what fell out of them: bit 63 becomes bit 64, bit 127 becomes the
 * reduction 0x87 (x^128 = x^7 + x^2 + x + 1). PSRAD copies each dword's
 * top bit over the dword; the shuffle takes bit 127's mask to dword 0 and
 * bit 63's to dword 2.
 */
INLINE __m128i xts_mul_alpha(__m128i t)
{
	__m128i m = _mm_shuffle_epi32(_mm_srai_epi32(t, 31), 0x13);

	m = _mm_and_si128(m, _mm_set_epi32(0, 1, 0, 0x87));
	return _mm_xor_si128(_mm_add_epi64(t, t), m);
}

/*
 * T * x^K for 1 < K <= 8, the same way: each lane shifted left by K; the
 * K bits shifted out of lane 1, h, come back into lane 0 as h * 0x87
 * (carry-less: h ^ h << 1 ^ h << 2 ^ h << 7, below 2^15), those shifted out
 * of lane 0 into lane 1 as they are.
 */
INLINE __m128i xts_mul_xk(__m128i t, int k)
{
	__m128i h = _mm_shuffle_epi32(_mm_srli_epi64(t, 64 - k), 0x4e);
	__m128i l = _mm_and_si128(h, _mm_set_epi64x(0, -1));

	t = _mm_xor_si128(_mm_slli_epi64(t, k), h);
	t = _mm_xor_si128(t, _mm_slli_epi64(l, 1));
	return _mm_xor_si128(t, _mm_xor_si128(_mm_slli_epi64(l, 2),
					      _mm_slli_epi64(l, 7)));
}

/*
 * N blocks of XTS with tweak *TW (advanced by N). The tweak of the next N
 * blocks is computed from the first of these in one step, so that only
 * that step links one group of blocks to the next.
 */
INLINE void xts_n(const __m128i *rk, unsigned nr, int enc, uint8_t *dst,
		  const uint8_t *src, int n, __m128i *tw)
{
	__m128i b[WAYS], t[WAYS], k = _mm_load_si128(rk);
	__m128i kl = _mm_load_si128(rk + nr);
	int i;

	t[0] = *tw;
	UNROLL
	for (i = 1; i < n; i++)
		t[i] = xts_mul_alpha(t[i - 1]);
	*tw = n == 1 ? xts_mul_alpha(t[0]) : xts_mul_xk(t[0], n);
	UNROLL
	for (i = 0; i < n; i++)
		b[i] = _mm_xor_si128(loadu(src + 16 * i),
				     _mm_xor_si128(t[i], k));
	if (enc) {
		enc_middle(rk, nr, b, n);
		UNROLL
		for (i = 0; i < n; i++)
			storeu(dst + 16 * i,
			       _mm_aesenclast_si128(b[i],
						    _mm_xor_si128(kl, t[i])));
	} else {
		dec_middle(rk, nr, b, n);
		UNROLL
		for (i = 0; i < n; i++)
			storeu(dst + 16 * i,
			       _mm_aesdeclast_si128(b[i],
						    _mm_xor_si128(kl, t[i])));
	}
}

INLINE void xts(const __m128i *rk, unsigned nr, int enc, uint8_t *dst,
		const uint8_t *src, size_t nblocks, uint8_t tweak[16])
{
	__m128i t = loadu(tweak);

	for (; nblocks >= WAYS; nblocks -= WAYS) {
		xts_n(rk, nr, enc, dst, src, WAYS, &t);
		src += 16 * WAYS;
		dst += 16 * WAYS;
	}
	for (; nblocks; nblocks--) {
		xts_n(rk, nr, enc, dst, src, 1, &t);
		src += 16;
		dst += 16;
	}
	storeu(tweak, t);
}

/* see aes-aesni.h */
void cryptarch_aes_aesni_xts_encrypt(const void *vctx, uint8_t *dst,
				     const uint8_t *src, size_t nblocks,
				     uint8_t tweak[16])
{
	const struct cryptarch_aes_aesni_ctx *ctx = vctx;

	xts(enc_keys(ctx), ctx->rounds, 1, dst, src, nblocks, tweak);
}

/* see aes-aesni.h */
void cryptarch_aes_aesni_xts_decrypt(const void *vctx, uint8_t *dst,
				     const uint8_t *src, size_t nblocks,
				     uint8_t tweak[16])
{
	const struct cryptarch_aes_aesni_ctx *ctx = vctx;

	xts(dec_keys(ctx), ctx->rounds, 0, dst, src, nblocks, tweak);
}
