/* SPDX-License-Identifier: MIT */
/*
 * aes-vaes-avx2-gcm.c - aes-vaes-avx2's GCM hook (src/modes/gcm.h),
 * instance "gcm-aes-vaes-avx2": a whole GCM request after J0 (the
 * associated data's GHASH, the payload's CTR keystream with GCM's inc32
 * and its GHASH, the lengths block, E(J0)) in one call, AES with VAES and
 * GHASH with VPCLMULQDQ on ymm registers, two blocks per register. Built
 * with the vaes256 instruction set (-mvaes -mvpclmulqdq -mavx2); the key
 * schedule is aes-aesni's context, the powers of H ghash-pclmul's
 * (ghash-pclmul.h: H^1 .. H^8 in the register form of ghash-clmul-core.h,
 * whose arithmetic is used here). The driver itself needs only VAES and
 * AVX2: its glue calls this code where the CPU has VPCLMULQDQ and
 * aes-aesni's GCM hook (the same two contexts) where it has not.
 *
 * Strategy: the payload runs in groups of 16 blocks (8 ymm registers),
 * one broadcast load of each round key per round shared by the 8 (the 16
 * ymm registers cannot hold the blocks, the sums and the keys). The
 * GHASH of a group multiplies its registers by H^16 .. H^1 with
 * Karatsuba's three VPCLMULQDQ each and reduces once; ghash-pclmul holds
 * H^1 .. H^8, and a request with a whole group first computes H^9 .. H^16
 * from them (four lane-wise products: two reductions a group chained
 * through Y would cost more than the multiplications).
 * Encryption hashes the ciphertext of group i - 1 between the rounds of
 * group i, decryption the ciphertext of the group it decrypts, so that
 * VAESENC and VPCLMULQDQ issue side by side. The counter is kept with
 * its last four bytes reversed (GCM's 32-bit counter little-endian in
 * dword 3 of each lane), so that VPADDD is inc32 exactly: the low 32 bits
 * wrap, the upper 96 are untouched; VPSHUFB restores the byte order. The
 * last 1 .. 16 blocks take one pass of 1, 2, 4 or 8 registers (a partial
 * block through a zero-padded stack buffer), hashed on xmm registers with
 * the lengths block. A request with no whole group (under 256 bytes) is
 * aes-aesni's GCM, which is faster there: no powers to compute, no ymm
 * state to clear, xmm passes as short as the request.
 *
 * Constant-time: VAES and VPCLMULQDQ take the same time for every
 * operand; no branch or memory index depends on the key, H, the data or
 * the tag (only on the lengths and the round count; the partial block's
 * byte count indexes a table of masks, and it is public). Ends with
 * VZEROUPPER; registers and stack slots that held keys or data are not
 * otherwise cleared (the compiler owns them). Needs VAES, VPCLMULQDQ,
 * AVX, AVX2, AES-NI and PCLMULQDQ. Speed: see aes-vaes-avx2-glue.c.
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
#define KEEP(v) __asm__ volatile("" : "+x"(v))
#define HIDE(p) __asm__("" : "+r"(p))

/* ymm registers per group, 2 blocks each; 8 blocks per sum */
#define YW 8
#define BLOCKS (2 * YW)
#define NPOW CRYPTARCH_GHASH_PCLMUL_POWERS

_Static_assert(NPOW == 8 && BLOCKS == 2 * NPOW, "two sums a group");

typedef __m256i ymm;
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

INLINE ymm loadu_y(const uint8_t *p)
{
	return _mm256_loadu_si256((const __m256i *)p);
}

INLINE void storeu_y(uint8_t *p, ymm v)
{
	_mm256_storeu_si256((__m256i *)p, v);
}

INLINE ymm bkey(const __m128i *rk, unsigned r)
{
	return _mm256_broadcastsi128_si256(_mm_load_si128(rk + r));
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

/* N (0 .. 16) bytes at P, zero-padded; the first N bytes of V to P. */
INLINE __m128i load_n(const uint8_t *p, size_t n)
{
	return n >= 16 ? loadu(p) : load_short(p, n);
}

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

/* ---- the counter ------------------------------------------------------- */

/* Bytes 12..15 reversed: the counter form (dword 3 little-endian) and
 * back. */
INLINE __m128i ctr_swap(void)
{
	return _mm_set_epi8(12, 13, 14, 15, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1,
			    0);
}

/* N added to the 32-bit counter of both lanes. */
INLINE ymm ctr_add(ymm c, int n)
{
	return _mm256_add_epi32(c, _mm256_set_epi32(n, 0, 0, 0, n, 0, 0, 0));
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

INLINE __m128i len_block(const struct cryptarch_aead_req *r)
{
	return _mm_set_epi64x((long long)((uint64_t)r->adlen << 3),
			      (long long)((uint64_t)r->len << 3));
}

/* ---- GHASH ------------------------------------------------------------- */

/*
 * The powers as the registers of a group's sum meet them: register j
 * holds blocks 2j and 2j + 1, which meet H^(16-2j) and H^(15-2j), with
 * their Karatsuba factors. H^8 .. H^1 are the context's (which holds
 * each pair in the other order); H^16 .. H^9 are H^8 times those,
 * computed once a request that has a whole group.
 */
struct powers {
	ymm h[YW], k[YW];
};

/* A H lane by lane, both in key-power form (z times the register form),
 * the result too: the reduction of ghash-clmul-core.h per lane. */
INLINE ymm ymul(ymm a, ymm h)
{
	const ymm c = _mm256_set1_epi64x((long long)GH_POLY_C);
	ymm lo = _mm256_clmulepi64_epi128(a, h, 0x00);
	ymm hi = _mm256_clmulepi64_epi128(a, h, 0x11);
	ymm mid = _mm256_xor_si256(_mm256_clmulepi64_epi128(a, h, 0x01),
				   _mm256_clmulepi64_epi128(a, h, 0x10));
	ymm t;

	lo = _mm256_xor_si256(lo, _mm256_slli_si256(mid, 8));
	hi = _mm256_xor_si256(hi, _mm256_srli_si256(mid, 8));
	t = _mm256_clmulepi64_epi128(lo, c, 0x00);
	lo = _mm256_xor_si256(_mm256_shuffle_epi32(lo, 0x4e), t);
	t = _mm256_clmulepi64_epi128(lo, c, 0x00);
	return _mm256_xor_si256(_mm256_xor_si256(hi, t),
				_mm256_shuffle_epi32(lo, 0x4e));
}

/* H^8 .. H^1 into h[4 .. 7]; with ALL, H^16 .. H^9 into h[0 .. 3]. */
INLINE void load_powers(struct powers *p, const ghctx *g, int all)
{
	ymm h8;
	int j;

	UNROLL
	for (j = 0; j < NPOW / 2; j++) {
		p->h[YW / 2 + j] = _mm256_permute4x64_epi64(
			loadu_y(g->h[NPOW - 2 - 2 * j]), 0x4e);
		p->k[YW / 2 + j] = _mm256_permute4x64_epi64(
			loadu_y(g->k[NPOW - 2 - 2 * j]), 0x4e);
	}
	if (!all) {
		/* not used: no whole group */
		UNROLL
		for (j = 0; j < YW / 2; j++) {
			p->h[j] = _mm256_setzero_si256();
			p->k[j] = _mm256_setzero_si256();
		}
		return;
	}
	h8 = _mm256_broadcastsi128_si256(
		_mm_load_si128((const __m128i *)g->h[NPOW - 1]));
	UNROLL
	for (j = 0; j < YW / 2; j++) {
		p->h[j] = ymul(p->h[YW / 2 + j], h8);
		p->k[j] = _mm256_xor_si256(p->h[j],
					   _mm256_shuffle_epi32(p->h[j], 0x4e));
	}
}

INLINE ymm ybswap(ymm x)
{
	const __m128i m = _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
				       12, 13, 14, 15);

	return _mm256_shuffle_epi8(x, _mm256_broadcastsi128_si256(m));
}

struct yacc {
	ymm lo, mid, hi;
};

INLINE void yacc_zero(struct yacc *s)
{
	s->lo = _mm256_setzero_si256();
	s->mid = _mm256_setzero_si256();
	s->hi = _mm256_setzero_si256();
}

/* S += D H lane by lane, Karatsuba (K: the powers' halves XORed). */
INLINE void yacc_mul(struct yacc *s, ymm d, ymm h, ymm k)
{
	ymm dk = _mm256_xor_si256(d, _mm256_shuffle_epi32(d, 0x4e));

	s->lo = _mm256_xor_si256(s->lo, _mm256_clmulepi64_epi128(d, h, 0x00));
	s->hi = _mm256_xor_si256(s->hi, _mm256_clmulepi64_epi128(d, h, 0x11));
	s->mid = _mm256_xor_si256(s->mid,
				  _mm256_clmulepi64_epi128(dk, k, 0x00));
}

INLINE __m128i ysum(ymm x)
{
	return _mm_xor_si128(_mm256_castsi256_si128(x),
			     _mm256_extracti128_si256(x, 1));
}

INLINE __m128i yacc_reduce(const struct yacc *s)
{
	struct gh_acc a;

	a.lo = ysum(s->lo);
	a.mid = ysum(s->mid);
	a.hi = ysum(s->hi);
	return gh_acc_karatsuba_reduce(&a);
}

/* Register J of blocks at P into S with the powers of register Q of a
 * group, Y added to the first block (J = 0). */
INLINE void ghash_reg(struct yacc *s, const struct powers *pw,
		      const uint8_t *p, int j, int q, __m128i y)
{
	ymm d = ybswap(loadu_y(p + 32 * j));

	if (j == 0)
		d = _mm256_xor_si256(d, _mm256_zextsi128_si256(y));
	yacc_mul(s, d, pw->h[q], pw->k[q]);
}

/* GHASH of LEN bytes at P after Y, the last partial block zero-padded:
 * sums of 8 blocks, then one over the rest (xmm). */
static __m128i ghash_bytes(const ghctx *g, const struct powers *pw,
			   __m128i y, const uint8_t *p, size_t len)
{
	struct gh_acc s;
	struct yacc a;
	size_t n, i;
	int j;

	for (; len >= 16 * NPOW; len -= 16 * NPOW, p += 16 * NPOW) {
		yacc_zero(&a);
		UNROLL
		for (j = NPOW / 2 - 1; j >= 0; j--)
			ghash_reg(&a, pw, p, j, YW / 2 + j, y);
		y = yacc_reduce(&a);
	}
	if (!len)
		return y;
	n = (len + 15) / 16;
	gh_acc_zero(&s);
	for (i = 0; i < n; i++) {
		__m128i d = gh_bswap(load_n(p + 16 * i, len - 16 * i));

		if (i == 0)
			d = _mm_xor_si128(d, y);
		gh_acc_mul_k(&s, d, _mm_load_si128((const __m128i *)g->h[n - i - 1]),
			     _mm_load_si128((const __m128i *)g->k[n - i - 1]));
	}
	return gh_acc_karatsuba_reduce(&s);
}

/* ---- whole groups ------------------------------------------------------ */

/*
 * One group of 16 blocks from counter form *CF (blocks 2j, 2j + 1 in
 * register j), with the GHASH of the 16 blocks at HP into *Y when HASH (a
 * constant): one register's multiplications after each of rounds 1 .. 8
 * (the one with Y last), one reduction. Encryption hashes the previous
 * group's ciphertext, decryption this group's (all read before DST is
 * written).
 */
INLINE void group(const __m128i *rk, unsigned nr, const struct powers *pw,
		  uint8_t *dst, const uint8_t *src, const uint8_t *hp,
		  ymm *cf, __m128i *y, const int hash)
{
	ymm b[YW], k, c;
	struct yacc s;
	int j;
	unsigned r;

	HIDE(hp);
	k = bkey(rk, 0);
	c = *cf;
	UNROLL
	for (j = 0; j < YW; j++) {
		b[j] = _mm256_xor_si256(
			_mm256_shuffle_epi8(
				c, _mm256_broadcastsi128_si256(ctr_swap())),
			k);
		c = ctr_add(c, 2);
	}
	*cf = c;
	yacc_zero(&s);
	UNROLL
	for (r = 1; r < 10; r++) {
		k = bkey(rk, r);
		UNROLL
		for (j = 0; j < YW; j++)
			b[j] = _mm256_aesenc_epi128(b[j], k);
		if (hash && r <= YW) {
			ghash_reg(&s, pw, hp, YW - (int)r, YW - (int)r, *y);
			KEEP(s.lo);
			KEEP(s.mid);
			KEEP(s.hi);
		}
	}
	if (nr > 10) {
		UNROLL
		for (r = 10; r < 12; r++) {
			k = bkey(rk, r);
			UNROLL
			for (j = 0; j < YW; j++)
				b[j] = _mm256_aesenc_epi128(b[j], k);
		}
		if (nr > 12) {
			UNROLL
			for (r = 12; r < 14; r++) {
				k = bkey(rk, r);
				UNROLL
				for (j = 0; j < YW; j++)
					b[j] = _mm256_aesenc_epi128(b[j], k);
			}
		}
	}
	if (hash)
		*y = yacc_reduce(&s);
	k = bkey(rk, nr);
	UNROLL
	for (j = 0; j < YW; j++)
		storeu_y(dst + 32 * j,
			 _mm256_aesenclast_epi128(
				 b[j], _mm256_xor_si256(k, loadu_y(src + 32 * j))));
}

/* NG groups; encryption leaves the last group's GHASH to the caller. */
static void groups(const __m128i *rk, unsigned nr, const struct powers *pw,
		   int enc, uint8_t *dst, const uint8_t *src, size_t ng,
		   ymm *cf, __m128i *y)
{
	size_t i;

	if (!ng)
		return;
	if (enc) {
		group(rk, nr, pw, dst, src, NULL, cf, y, 0);
		for (i = 1; i < ng; i++) {
			src += 16 * BLOCKS;
			dst += 16 * BLOCKS;
			group(rk, nr, pw, dst, src, dst - 16 * BLOCKS, cf, y, 1);
		}
		return;
	}
	for (i = 0; i < ng; i++) {
		group(rk, nr, pw, dst, src, src, cf, y, 1);
		src += 16 * BLOCKS;
		dst += 16 * BLOCKS;
	}
}

/* ---- the last blocks --------------------------------------------------- */

/*
 * The last LEN bytes (1 .. 255) in NY (1, 2, 4, 8) registers of AES from
 * counter form CF; C gets the blocks to hash (register form, zero-padded):
 * the ciphertext written (encryption) or read (decryption).
 */
INLINE void last_n(const __m128i *rk, unsigned nr, int enc, uint8_t *dst,
		   const uint8_t *src, size_t len, ymm cf, int ny,
		   __m128i *c)
{
	__m128i in[2 * YW];
	ymm b[YW], k = bkey(rk, 0);
	int i, j;
	unsigned r;

	UNROLL
	for (i = 0; i < 2 * ny; i++) {
		size_t m = len > 16 * (size_t)i ? len - 16 * (size_t)i : 0;

		in[i] = m ? load_n(src + 16 * i, m) : _mm_setzero_si128();
	}
	UNROLL
	for (j = 0; j < ny; j++) {
		b[j] = _mm256_xor_si256(
			_mm256_shuffle_epi8(
				cf, _mm256_broadcastsi128_si256(ctr_swap())),
			k);
		cf = ctr_add(cf, 2);
	}
	for (r = 1; r < nr; r++) {
		k = bkey(rk, r);
		UNROLL
		for (j = 0; j < ny; j++)
			b[j] = _mm256_aesenc_epi128(b[j], k);
	}
	k = bkey(rk, nr);
	UNROLL
	for (j = 0; j < ny; j++) {
		ymm o = _mm256_aesenclast_epi128(
			b[j], _mm256_xor_si256(
				      k, _mm256_set_m128i(in[2 * j + 1],
							  in[2 * j])));

		UNROLL
		for (i = 2 * j; i < 2 * j + 2; i++) {
			size_t m = len > 16 * (size_t)i ? len - 16 * (size_t)i :
							  0;
			__m128i x = i & 1 ? _mm256_extracti128_si256(o, 1) :
					    _mm256_castsi256_si128(o);

			if (!m)
				break;
			store_n(dst + 16 * i, x, m);
			c[i] = gh_bswap(enc ? keep_n(x, m < 16 ? m : 16) : in[i]);
		}
	}
}

/* The GHASH of the T (0 .. 16) blocks C and the lengths block L after Y,
 * in sums of at most 8 blocks over the context's powers. */
static __m128i ghash_last(const ghctx *g, __m128i y, const __m128i *c,
			  int t, __m128i l)
{
	const __m128i *h = (const __m128i *)g->h, *k = (const __m128i *)g->k;
	__m128i x[2 * YW + 1];
	struct gh_acc s;
	int i, n = t + 1, m;

	for (i = 0; i < t; i++)
		x[i] = c[i];
	x[t] = l;
	for (i = 0; i < n; i += m) {
		int j;

		m = n - i < NPOW ? n - i : NPOW;
		gh_acc_zero(&s);
		for (j = 0; j < m; j++)
			gh_acc_mul_k(&s, j == 0 ? _mm_xor_si128(x[i], y) : x[i + j],
				     _mm_load_si128(&h[m - 1 - j]),
				     _mm_load_si128(&k[m - 1 - j]));
		y = gh_acc_karatsuba_reduce(&s);
	}
	return y;
}

/* ---- a request --------------------------------------------------------- */

static void gcm(const aesctx *c, const ghctx *g,
		const struct cryptarch_aead_req *r, const uint8_t j0b[16],
		uint8_t tag[16], int enc)
{
	const __m128i *rk = (const __m128i *)c->ek;
	unsigned nr = c->rounds;
	size_t len = r->len, ng = len / (16 * BLOCKS), rest;
	uint8_t *dst = r->dst;
	const uint8_t *src = r->src;
	__m128i j0 = j0_block(r, j0b), ej0, y, hb[2 * YW];
	struct powers pw;
	ymm cf;
	int t;

	rest = len - ng * 16 * BLOCKS;
	load_powers(&pw, g, ng > 0);
	cf = _mm256_add_epi32(
		_mm256_broadcastsi128_si256(_mm_shuffle_epi8(j0, ctr_swap())),
		_mm256_set_epi32(2, 0, 0, 0, 1, 0, 0, 0));
	ej0 = _mm_xor_si128(j0, _mm_load_si128(rk));
	{
		unsigned i;

		for (i = 1; i < nr; i++)
			ej0 = _mm_aesenc_si128(ej0, _mm_load_si128(rk + i));
		ej0 = _mm_aesenclast_si128(ej0, _mm_load_si128(rk + nr));
	}
	y = _mm_setzero_si128();
	if (r->adlen)
		y = ghash_bytes(g, &pw, y, r->ad, r->adlen);
	groups(rk, nr, &pw, enc, dst, src, ng, &cf, &y);
	src += ng * 16 * BLOCKS;
	dst += ng * 16 * BLOCKS;
	t = (int)((rest + 15) / 16);
	if (t > 8)
		last_n(rk, nr, enc, dst, src, rest, cf, 8, hb);
	else if (t > 4)
		last_n(rk, nr, enc, dst, src, rest, cf, 4, hb);
	else if (t > 2)
		last_n(rk, nr, enc, dst, src, rest, cf, 2, hb);
	else if (t)
		last_n(rk, nr, enc, dst, src, rest, cf, 1, hb);
	if (enc && ng) {
		/* the GHASH of the last whole group, beside the last
		 * blocks' rounds */
		struct yacc a;
		int j;

		yacc_zero(&a);
		UNROLL
		for (j = YW - 1; j >= 0; j--)
			ghash_reg(&a, &pw, dst - 16 * BLOCKS, j, j, y);
		y = yacc_reduce(&a);
	}
	y = ghash_last(g, y, hb, t, len_block(r));
	storeu(tag, _mm_xor_si128(ej0, gh_bswap(y)));
}

/* see aes-aesni.h */
void cryptarch_aes_vaes_avx2_gcm_encrypt_vpclmul(
	const void *cipher, const void *ghash,
	const struct cryptarch_aead_req *r, const uint8_t j0[16],
	uint8_t tag[16])
{
	if (r->len < 16 * BLOCKS) {
		cryptarch_aes_aesni_gcm_encrypt(cipher, ghash, r, j0, tag);
		return;
	}
	gcm(cipher, ghash, r, j0, tag, 1);
	_mm256_zeroupper();
}

/* see aes-aesni.h */
void cryptarch_aes_vaes_avx2_gcm_decrypt_vpclmul(
	const void *cipher, const void *ghash,
	const struct cryptarch_aead_req *r, const uint8_t j0[16],
	uint8_t tag[16])
{
	if (r->len < 16 * BLOCKS) {
		cryptarch_aes_aesni_gcm_decrypt(cipher, ghash, r, j0, tag);
		return;
	}
	gcm(cipher, ghash, r, j0, tag, 0);
	_mm256_zeroupper();
}
