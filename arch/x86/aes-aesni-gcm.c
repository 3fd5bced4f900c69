/* SPDX-License-Identifier: MIT */
/*
 * aes-aesni-gcm.c - aes-aesni's GCM hook (src/modes/gcm.h), instance
 * "gcm-aes-aesni": a whole GCM request after J0 (the associated data's
 * GHASH, the payload's CTR keystream with GCM's inc32 and its GHASH, the
 * lengths block, E(J0)) in one call, AES with AES-NI and GHASH with
 * PCLMULQDQ on xmm registers. Built with the aesni instruction set (SSE4.1,
 * AES-NI, PCLMULQDQ); the key schedule is aes-aesni's context, the powers
 * of H ghash-pclmul's (ghash-pclmul.h: H^1 .. H^8 in the register form of
 * ghash-clmul-core.h, whose arithmetic is used here).
 *
 * Strategy: the payload runs in groups of 8 blocks. A group's GHASH
 * multiplies its blocks by H^8 .. H^1 (Karatsuba: three PCLMULQDQ a
 * block, the Karatsuba halves of the powers precomputed in the ghash
 * context), sums the products unreduced and reduces once. Encryption
 * hashes the ciphertext of group i - 1 between the rounds of group i (one
 * block's multiplications after each of the first eight rounds), so that
 * AESENC and PCLMULQDQ issue side by side; decryption hashes the
 * ciphertext of the group it decrypts the same way. The counter is kept
 * with its last four bytes reversed (GCM's 32-bit counter little-endian
 * in dword 3), so that PADDD is inc32 exactly: the low 32 bits wrap, the
 * upper 96 are untouched; PSHUFB restores the byte order. The last 1 .. 8
 * blocks take one pass of 1, 2, 4 or 8 blocks (a partial block through a
 * zero-padded stack buffer), and their GHASH takes the lengths block as
 * one more block when there is a power for it. A request of at most one
 * block of payload and of associated data encrypts J0 and its counter
 * block side by side and takes the lengths block's and the associated
 * data's products while the rounds run.
 *
 * Constant-time: AESENC and PCLMULQDQ take the same time for every
 * operand; no branch or memory index depends on the key, H, the data or
 * the tag (only on the lengths and the round count; the partial block's
 * byte count indexes a table of masks, and it is public). The vector
 * registers and stack slots that held keys or data are not cleared on
 * return (the compiler owns them). Needs AES-NI, PCLMULQDQ, SSE2, SSSE3
 * and SSE4.1; builds for i686 too. Speed: see aes-aesni-glue.c.
 */
#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "../../src/modes/gcm.h"
#include "../../src/types/aead.h"
#include "aes-aesni.h"
#include "ghash-clmul-core.h"
#include "ghash-pclmul.h"

#define INLINE static inline __attribute__((always_inline))
#if defined(__clang__)
#define UNROLL _Pragma("clang loop unroll(full)")
#else
#define UNROLL _Pragma("GCC unroll 16")
#endif

/*
 * Compiler barriers: KEEP(v) makes vector V exist in a register at that
 * point (the sums of products are not regrouped into trees that keep
 * every product alive), HIDE(p) makes pointer P opaque (loads through it
 * stay where they are written).
 */
#define KEEP(v) __asm__("" : "+x"(v))
#define HIDE(p) __asm__("" : "+r"(p))

/* blocks per group: one power of H each */
#define WAYS CRYPTARCH_GHASH_PCLMUL_POWERS

_Static_assert(WAYS == 8, "groups of 8 blocks");

typedef struct cryptarch_ghash_pclmul_ctx ghctx;
typedef struct cryptarch_aes_aesni_ctx aesctx;

INLINE __m128i loadu(const uint8_t *p)
{
	return _mm_loadu_si128((const __m128i *)p);
}

INLINE void storeu(uint8_t *p, __m128i v)
{
	_mm_storeu_si128((__m128i *)p, v);
}

/* N (0 .. 15) bytes at P, zero-padded, through a stack buffer (not
 * inlined: the partial block is once a request). */
static __attribute__((noinline)) __m128i load_short(const uint8_t *p,
						     size_t n)
{
	uint8_t b[16] = { 0 };

	if (n)
		memcpy(b, p, n);
	return loadu(b);
}

static __attribute__((noinline)) void store_short(uint8_t *p, __m128i v,
						  size_t n)
{
	uint8_t b[16];

	storeu(b, v);
	memcpy(p, b, n);
}

/* N (0 .. 16) bytes at P, zero-padded. */
INLINE __m128i load_n(const uint8_t *p, size_t n)
{
	return n >= 16 ? loadu(p) : load_short(p, n);
}

/* The first N (0 .. 16) bytes of V to P. */
INLINE void store_n(uint8_t *p, __m128i v, size_t n)
{
	if (n >= 16)
		storeu(p, v);
	else
		store_short(p, v, n);
}

/* The first N (0 .. 16) bytes of V, the rest zero: a mask from a table
 * at the public offset 16 - N. */
INLINE __m128i keep_n(__m128i v, size_t n)
{
	static const uint8_t m[32] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
				       0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
				       0xff, 0xff, 0xff, 0xff };

	return _mm_and_si128(v, loadu(m + 16 - n));
}

/* H^I (1 .. 8) and its Karatsuba factor. */
INLINE __m128i hpow(const ghctx *g, int i)
{
	return _mm_load_si128((const __m128i *)g->h[i - 1]);
}

INLINE __m128i kpow(const ghctx *g, int i)
{
	return _mm_load_si128((const __m128i *)g->k[i - 1]);
}

/* ---- the counter ------------------------------------------------------- */

/* Bytes 12..15 reversed: the counter form (dword 3 little-endian) and
 * back. */
INLINE __m128i ctr_swap(void)
{
	return _mm_set_epi8(12, 13, 14, 15, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1,
			    0);
}

/* Block I from counter form CF: inc32 I times. */
INLINE __m128i ctr_block(__m128i cf, int i)
{
	return _mm_shuffle_epi8(_mm_add_epi32(cf, _mm_set_epi32(i, 0, 0, 0)),
				ctr_swap());
}

/* J0: for a 12-byte nonce built from the nonce (the template's stores of
 * it would not forward to one 16-byte load), else the template's. */
INLINE __m128i j0_block(const struct cryptarch_aead_req *r,
			const uint8_t j0[16])
{
	uint32_t w;

	if (r->noncelen != 12)
		return loadu(j0);
	memcpy(&w, r->nonce + 8, 4);
	return _mm_insert_epi32(
		_mm_insert_epi32(_mm_loadl_epi64((const __m128i *)r->nonce),
				 (int)w, 2),
		0x01000000, 3);
}

/* The lengths block in register form (byte-reversed: the payload's bit
 * length in the low half). */
INLINE __m128i len_block(const struct cryptarch_aead_req *r)
{
	return _mm_set_epi64x((long long)((uint64_t)r->adlen << 3),
			      (long long)((uint64_t)r->len << 3));
}

/* ---- AES --------------------------------------------------------------- */

/* Round R of N blocks. */
INLINE void round_n(const __m128i *rk, int r, __m128i *b, int n)
{
	__m128i k = _mm_load_si128(rk + r);
	int i;

	UNROLL
	for (i = 0; i < n; i++)
		b[i] = _mm_aesenc_si128(b[i], k);
}

/* Rounds 10 .. NR-1 (AES-192, AES-256). */
INLINE void rounds_more(const __m128i *rk, unsigned nr, __m128i *b, int n)
{
	if (nr > 10) {
		round_n(rk, 10, b, n);
		round_n(rk, 11, b, n);
		if (nr > 12) {
			round_n(rk, 12, b, n);
			round_n(rk, 13, b, n);
		}
	}
}

/* One block, all rounds. */
INLINE __m128i aes1(const __m128i *rk, unsigned nr, __m128i b)
{
	unsigned r;

	b = _mm_xor_si128(b, _mm_load_si128(rk));
	for (r = 1; r < nr; r++)
		b = _mm_aesenc_si128(b, _mm_load_si128(rk + r));
	return _mm_aesenclast_si128(b, _mm_load_si128(rk + nr));
}

/* ---- GHASH ------------------------------------------------------------- */

/* Block J of the 8 at P (register form) into S with H^(8 - J), Y added to
 * block 0 (Karatsuba). */
INLINE void ghash_blk(struct gh_acc *s, const ghctx *g, const uint8_t *p,
		      int j, __m128i y)
{
	__m128i d = gh_bswap(loadu(p + 16 * j));

	if (j == 0)
		d = _mm_xor_si128(d, y);
	gh_acc_mul_k(s, d, hpow(g, WAYS - j), kpow(g, WAYS - j));
}

/* GHASH of LEN bytes at P after Y, the last partial block zero-padded:
 * groups of 8 blocks, then one sum over the rest. */
static __m128i ghash_bytes(const ghctx *g, __m128i y, const uint8_t *p,
			   size_t len)
{
	struct gh_acc s;
	size_t n, i;
	int j;

	for (; len >= 16 * WAYS; len -= 16 * WAYS, p += 16 * WAYS) {
		gh_acc_zero(&s);
		UNROLL
		for (j = WAYS - 1; j >= 0; j--)
			ghash_blk(&s, g, p, j, y);
		y = gh_acc_karatsuba_reduce(&s);
	}
	if (!len)
		return y;
	n = (len + 15) / 16;
	gh_acc_zero(&s);
	for (i = 0; i < n; i++) {
		__m128i d = gh_bswap(load_n(p + 16 * i, len - 16 * i));

		if (i == 0)
			d = _mm_xor_si128(d, y);
		gh_acc_mul_k(&s, d, hpow(g, (int)(n - i)), kpow(g, (int)(n - i)));
	}
	return gh_acc_karatsuba_reduce(&s);
}

/* ---- whole groups ------------------------------------------------------ */

/*
 * One group of 8 blocks from counter form *CF, with the GHASH of the 8
 * blocks at HP into *Y when HASH (a constant) between the rounds: block
 * 8 - r after round r. Encryption hashes the previous group's
 * ciphertext, decryption the ciphertext of this group (all of it read
 * before any of DST is written). The round keys are loaded where they
 * are used (HIDE: not hoisted out of the loop into registers, of which
 * the blocks and the sums need the 16 there are).
 */
INLINE void group(const __m128i *rk, unsigned nr, const ghctx *g,
		  uint8_t *dst, const uint8_t *src, const uint8_t *hp,
		  __m128i *cf, __m128i *y, const int hash)
{
	__m128i b[WAYS], c, k, kl;
	struct gh_acc s;
	int i, r;

	HIDE(rk);
	HIDE(hp);
	k = _mm_load_si128(rk);
	/* the counters one after the other: one constant, not eight */
	c = *cf;
	UNROLL
	for (i = 0; i < WAYS; i++) {
		b[i] = _mm_xor_si128(_mm_shuffle_epi8(c, ctr_swap()), k);
		c = _mm_add_epi32(c, _mm_set_epi32(1, 0, 0, 0));
	}
	*cf = c;
	gh_acc_zero(&s);
	UNROLL
	for (r = 1; r < 10; r++) {
		round_n(rk, r, b, WAYS);
		if (hash && r <= WAYS) {
			ghash_blk(&s, g, hp, WAYS - r, *y);
			KEEP(s.lo);
			KEEP(s.mid);
			KEEP(s.hi);
		}
	}
	rounds_more(rk, nr, b, WAYS);
	if (hash)
		*y = gh_acc_karatsuba_reduce(&s);
	kl = _mm_load_si128(rk + nr);
	UNROLL
	for (i = 0; i < WAYS; i++)
		storeu(dst + 16 * i,
		       _mm_aesenclast_si128(
			       b[i], _mm_xor_si128(kl, loadu(src + 16 * i))));
}

/* NG groups; encryption leaves the last group's GHASH to the caller. */
static void groups(const __m128i *rk, unsigned nr, const ghctx *g, int enc,
		   uint8_t *dst, const uint8_t *src, size_t ng, __m128i *cf,
		   __m128i *y)
{
	size_t i;

	if (!ng)
		return;
	if (enc) {
		group(rk, nr, g, dst, src, NULL, cf, y, 0);
		for (i = 1; i < ng; i++) {
			src += 16 * WAYS;
			dst += 16 * WAYS;
			group(rk, nr, g, dst, src, dst - 16 * WAYS, cf, y, 1);
		}
		return;
	}
	for (i = 0; i < ng; i++) {
		group(rk, nr, g, dst, src, src, cf, y, 1);
		src += 16 * WAYS;
		dst += 16 * WAYS;
	}
}

/* ---- the last blocks --------------------------------------------------- */

/*
 * The last LEN bytes (1 .. 127) in N (1, 2, 4, 8) blocks of AES from
 * counter form CF; C gets the blocks to hash (register form, zero-padded):
 * the ciphertext written (encryption) or read (decryption).
 */
INLINE void last_n(const __m128i *rk, unsigned nr, int enc, uint8_t *dst,
		   const uint8_t *src, size_t len, __m128i cf, int n,
		   __m128i *c)
{
	__m128i b[WAYS], in[WAYS], k = _mm_load_si128(rk), kl;
	int i, r;

	UNROLL
	for (i = 0; i < n; i++) {
		size_t m = len > 16 * (size_t)i ? len - 16 * (size_t)i : 0;

		in[i] = load_n(src + 16 * i, m);
		b[i] = _mm_xor_si128(ctr_block(cf, i), k);
	}
	UNROLL
	for (r = 1; r < 10; r++)
		round_n(rk, r, b, n);
	rounds_more(rk, nr, b, n);
	kl = _mm_load_si128(rk + nr);
	UNROLL
	for (i = 0; i < n; i++) {
		size_t m = len > 16 * (size_t)i ? len - 16 * (size_t)i : 0;
		__m128i o;

		if (!m)
			break;
		o = _mm_aesenclast_si128(b[i], _mm_xor_si128(kl, in[i]));
		store_n(dst + 16 * i, o, m);
		c[i] = gh_bswap(enc ? keep_n(o, m < 16 ? m : 16) : in[i]);
	}
}

/*
 * The GHASH of the T blocks C (register form) and the lengths block L
 * after Y: one sum over H^(T+1) .. H^1 when T < 8, else the 8 blocks then
 * L alone.
 */
INLINE __m128i ghash_last(const ghctx *g, __m128i y, const __m128i *c,
			  int t, __m128i l)
{
	struct gh_acc s;
	int i, m = t < WAYS ? t + 1 : WAYS;

	if (t == 0)
		return gh_mul(_mm_xor_si128(y, l), hpow(g, 1));
	gh_acc_zero(&s);
	if (t < WAYS)
		gh_acc_mul_k(&s, l, hpow(g, 1), kpow(g, 1));
	for (i = 0; i < t; i++)
		gh_acc_mul_k(&s, i == 0 ? _mm_xor_si128(c[0], y) : c[i],
			     hpow(g, m - i), kpow(g, m - i));
	y = gh_acc_karatsuba_reduce(&s);
	if (t == WAYS)
		y = gh_mul(_mm_xor_si128(y, l), hpow(g, 1));
	return y;
}

/* ---- one block --------------------------------------------------------- */

/*
 * A request of at most one block of payload and of associated data: J0
 * and the counter block through the rounds side by side, L H^1 and A H^m
 * taken while they run, the ciphertext's product after, one reduction.
 */
static void one_block(const aesctx *c, const ghctx *g,
		      const struct cryptarch_aead_req *r, __m128i j0,
		      uint8_t tag[16], int enc)
{
	const __m128i *rk = (const __m128i *)c->ek;
	size_t len = r->len;
	unsigned nr = c->rounds, i;
	int m = 1 + (r->adlen > 0) + (len > 0);
	__m128i a = j0, b, k, d, o;
	struct gh_acc s;

	b = ctr_block(_mm_shuffle_epi8(j0, ctr_swap()), 1);
	d = load_n(r->src, len);
	k = _mm_load_si128(rk);
	a = _mm_xor_si128(a, k);
	b = _mm_xor_si128(b, k);
	gh_acc_zero(&s);
	gh_acc_mul(&s, len_block(r), hpow(g, 1));
	if (r->adlen)
		gh_acc_mul(&s, gh_bswap(load_n(r->ad, r->adlen)), hpow(g, m));
	for (i = 1; i < nr; i++) {
		k = _mm_load_si128(rk + i);
		a = _mm_aesenc_si128(a, k);
		b = _mm_aesenc_si128(b, k);
	}
	k = _mm_load_si128(rk + nr);
	a = _mm_aesenclast_si128(a, k);
	if (len) {
		o = _mm_aesenclast_si128(b, _mm_xor_si128(k, d));
		store_n(r->dst, o, len);
		gh_acc_mul(&s, gh_bswap(enc ? keep_n(o, len) : d), hpow(g, 2));
	}
	storeu(tag, _mm_xor_si128(a, gh_bswap(gh_acc_reduce(&s))));
}

/* ---- a request --------------------------------------------------------- */

static void gcm(const aesctx *c, const ghctx *g,
		const struct cryptarch_aead_req *r, const uint8_t j0b[16],
		uint8_t tag[16], int enc)
{
	const __m128i *rk = (const __m128i *)c->ek;
	unsigned nr = c->rounds;
	size_t len = r->len, ng = len / (16 * WAYS), rest;
	uint8_t *dst = r->dst;
	const uint8_t *src = r->src;
	__m128i j0 = j0_block(r, j0b), cf, ej0, y, hb[WAYS];
	int t;

	if (len <= 16 && r->adlen <= 16) {
		one_block(c, g, r, j0, tag, enc);
		return;
	}
	rest = len - ng * 16 * WAYS;
	cf = _mm_add_epi32(_mm_shuffle_epi8(j0, ctr_swap()),
			   _mm_set_epi32(1, 0, 0, 0));
	ej0 = aes1(rk, nr, j0);
	y = _mm_setzero_si128();
	if (r->adlen)
		y = ghash_bytes(g, y, r->ad, r->adlen);
	groups(rk, nr, g, enc, dst, src, ng, &cf, &y);
	src += ng * 16 * WAYS;
	dst += ng * 16 * WAYS;
	t = (int)((rest + 15) / 16);
	if (t > 4)
		last_n(rk, nr, enc, dst, src, rest, cf, 8, hb);
	else if (t > 2)
		last_n(rk, nr, enc, dst, src, rest, cf, 4, hb);
	else if (t > 1)
		last_n(rk, nr, enc, dst, src, rest, cf, 2, hb);
	else if (t)
		last_n(rk, nr, enc, dst, src, rest, cf, 1, hb);
	if (enc && ng) {
		/* the GHASH of the last whole group, beside the last
		 * blocks' rounds */
		struct gh_acc s;
		int j;

		gh_acc_zero(&s);
		UNROLL
		for (j = WAYS - 1; j >= 0; j--)
			ghash_blk(&s, g, dst - 16 * WAYS, j, y);
		y = gh_acc_karatsuba_reduce(&s);
	}
	y = ghash_last(g, y, hb, t, len_block(r));
	storeu(tag, _mm_xor_si128(ej0, gh_bswap(y)));
}

/* see aes-aesni.h */
void cryptarch_aes_aesni_gcm_encrypt(const void *cipher, const void *ghash,
				     const struct cryptarch_aead_req *r,
				     const uint8_t j0[16], uint8_t tag[16])
{
	gcm(cipher, ghash, r, j0, tag, 1);
}

/* see aes-aesni.h */
void cryptarch_aes_aesni_gcm_decrypt(const void *cipher, const void *ghash,
				     const struct cryptarch_aead_req *r,
				     const uint8_t j0[16], uint8_t tag[16])
{
	gcm(cipher, ghash, r, j0, tag, 0);
}
