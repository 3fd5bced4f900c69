/* SPDX-License-Identifier: MIT */
/*
 * aes-vaes-avx512-gcm.c - aes-vaes-avx512's GCM hook (src/modes/gcm.h),
 * instance "gcm-aes-vaes-avx512": a whole GCM request after J0 (the
 * associated data's GHASH, the payload's CTR keystream with GCM's inc32
 * and its GHASH, the lengths block, E(J0)) in one call, AES with VAES and
 * GHASH with VPCLMULQDQ on zmm registers, four blocks per register.
 * Built with the vaes512 instruction set (-mvaes -mvpclmulqdq -mavx512f
 * -mavx512bw -mavx512vl); the key schedule is aes-aesni's context, the
 * powers of H ghash-vpclmul-avx512's (ghash-pclmul.h: H^64 .. H^1 in the
 * register form of ghash-clmul-core.h, whose reduction is used here, lane
 * by lane).
 *
 * Whole groups. The payload runs in groups of 32 blocks (8 zmm
 * registers, 512 bytes) with the round keys in registers and the rounds
 * unrolled for each key size. A group's GHASH multiplies its registers by
 * H^32 .. H^1 with Karatsuba's three VPCLMULQDQ per register, sums the
 * products unreduced and reduces once. Encryption hashes the ciphertext
 * of group i - 1 between the rounds of group i (two registers of
 * multiplications after each odd round), decryption the ciphertext of the
 * group it decrypts, loaded once for the hash: VAESENC and VPCLMULQDQ
 * issue side by side (on AMD Zen 5 a VPCLMULQDQ issues every other cycle,
 * two VAESENC every cycle, so the group costs about what its 26
 * multiplications do). The counter is kept with its last four bytes
 * reversed (GCM's 32-bit counter little-endian in dword 3 of each lane),
 * so that VPADDD is inc32 exactly: the low 32 bits wrap, the upper 96 are
 * untouched. With a 12-byte nonce the counter is the block's index, and a
 * group whose counters' low byte does not wrap adds to them in block
 * order (one shuffle per group instead of one per register).
 *
 * The last 0 .. 511 bytes are one masked pass over as many registers as
 * they need (a partial block under a byte mask), after the groups, and
 * encryption's GHASH of the last whole group runs between its rounds (a
 * register's products after each of rounds 1 .. 8). The
 * lengths block takes the lane after the last block, so that the N lanes
 * meet H^N .. H^1 in one contiguous masked load of the powers, and the
 * last lane of the last register, when free, encrypts J0 (else E(J0) is
 * one xmm block). In encryption the last group's blocks meet H^(N+32) ..
 * H^(N+1) in the pass's own sums, the hash before that group added to
 * its first block; in decryption the hash before the pass is added to
 * its first lane (which meets H^N). Either way one reduction gives the
 * hash, with no reduction and multiplication in series at the end.
 *
 * Short requests (at most 31 blocks, few blocks of associated data) are
 * that pass alone, the associated data's lanes before the payload's with
 * the higher powers, the lengths block's product with H^1 taken on its
 * own before the rounds (off the payload's chain), the payload in the
 * fewest registers that hold it (J0 in a lane left, else on xmm beside
 * them), one reduction, schoolbook products (the shortest chain). One
 * block of payload and of associated data runs on xmm registers: J0 and
 * the counter block through the rounds side by side, the lengths block's
 * and the associated data's products taken while they run.
 *
 * The tag: the hook writes its first authsize bytes (SEAL) or compares
 * them with the tag received, loaded before anything is written, on xmm
 * (OPEN: the difference under a byte mask ORed into one word, its
 * verdict by cryptarch_aead_verdict()), so that the template adds nothing
 * around the call but J0 for a nonce of other than 12 bytes. The one-block
 * path is inline in SEAL and OPEN; short and long requests are functions
 * of their own, each with its own frame.
 *
 * Constant-time: VAES and VPCLMULQDQ take the same time for every
 * operand; no branch or memory index depends on the key, H, the data or
 * the tag (only on the lengths, the round count, and for a 12-byte nonce
 * the block index, which is public). Ends with VZEROUPPER; registers and
 * stack slots that held keys or data are not otherwise cleared (the
 * compiler owns them). Needs VAES, VPCLMULQDQ, AVX, AVX2, AVX512F,
 * AVX512BW and AVX512VL (and AES-NI, PCLMULQDQ for the shared xmm code).
 * Speed: see aes-vaes-avx512-glue.c.
 */
#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

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

/* zmm registers per group; 4 blocks each */
#define ZW 8
#define BLOCKS (4 * ZW)
#define NPOW CRYPTARCH_GHASH_VPCLMUL_AVX512_POWERS
/* requests of at most this many payload blocks (and few enough blocks of
 * associated data) take the short path: one pass, one reduction */
#define SHORT_BLOCKS 31

/* the row of H^32 (the key holds H^NPOW .. H^1, highest first) */
#define GROW (NPOW - BLOCKS)

_Static_assert(NPOW == 2 * BLOCKS,
	       "a group's powers beside those of the last blocks");

/*
 * Compiler barriers that keep the interleaving as written: KEEP(v)
 * makes vector V exist in a register at that point (the sums of
 * products are not regrouped into trees that keep every product alive),
 * HIDE(p) makes pointer P opaque (loads through it are loads).
 */
#define KEEP(v) __asm__("" : "+v"(v))
#define HIDE(p) __asm__("" : "+r"(p))

typedef __m512i zmm;
typedef struct cryptarch_ghash_vpclmul_avx512_ctx ghctx;
typedef struct cryptarch_aes_aesni_ctx aesctx;

/* ---- registers, masks -------------------------------------------------- */

INLINE zmm bkey(const uint8_t *p)
{
	return _mm512_broadcast_i32x4(_mm_load_si128((const __m128i *)p));
}

INLINE zmm zbswap(zmm x)
{
	const __m128i m = _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
				       12, 13, 14, 15);

	return _mm512_shuffle_epi8(x, _mm512_broadcast_i32x4(m));
}

INLINE zmm zxor3(zmm a, zmm b, zmm c)
{
	return _mm512_ternarylogic_epi64(a, b, c, 0x96);
}

/* The byte mask of the first N bytes of a register (N <= 0: none). */
INLINE __mmask64 byte_mask(ptrdiff_t n)
{
	if (n <= 0)
		return 0;
	if (n >= 64)
		return ~(__mmask64)0;
	return ((__mmask64)1 << n) - 1;
}

/* The qword mask of lanes 0 .. N-1 of a group (8 bits a register). */
INLINE uint64_t lane_mask(unsigned n)
{
	return n >= 32 ? ~0ull : (1ull << (2 * n)) - 1;
}

/*
 * Register J of LEN bytes at P, zero past the end: a whole register is a
 * plain load (a masked store does not forward to a later load of it, and
 * the caller's next request may read what this one wrote).
 */
INLINE zmm load_part(const uint8_t *p, int j, size_t len)
{
	ptrdiff_t n = (ptrdiff_t)len - 64 * j;

	if (n >= 64)
		return _mm512_loadu_si512(p + 64 * j);
	return _mm512_maskz_loadu_epi8(byte_mask(n), p + 64 * j);
}

INLINE void store_part(uint8_t *p, int j, size_t len, zmm v)
{
	ptrdiff_t n = (ptrdiff_t)len - 64 * j;

	if (n >= 64)
		_mm512_storeu_si512(p + 64 * j, v);
	else if (n > 0)
		_mm512_mask_storeu_epi8(p + 64 * j, byte_mask(n), v);
}

/* ---- the counter ------------------------------------------------------- */

/*
 * Counter blocks in "counter form": bytes 12..15 reversed, so that dword
 * 3 of a lane is GCM's 32-bit counter as a little-endian number and
 * VPADDD is inc32. The same shuffle turns them back into blocks.
 */
INLINE __m128i ctr_swap128(void)
{
	return _mm_set_epi8(12, 13, 14, 15, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1,
			    0);
}

/* N added to the 32-bit counter of every lane (modulo 2^32). */
INLINE zmm ctr_add(zmm c, uint32_t n)
{
	const long long a = (long long)((uint64_t)n << 32);

	return _mm512_add_epi32(c, _mm512_set_epi64(a, 0, a, 0, a, 0, a, 0));
}

/* Register J of the counter blocks from BASE (the counter form of the
 * first four blocks), XORed with round key 0 K0. */
INLINE zmm ctr_block(zmm base, unsigned j, zmm k0)
{
	return _mm512_xor_si512(
		_mm512_shuffle_epi8(ctr_add(base, 4 * j),
				    _mm512_broadcast_i32x4(ctr_swap128())),
		k0);
}

/* J0 as a block and in counter form: for a 12-byte nonce built from the
 * nonce itself (the template's stores of it would not forward to one
 * 16-byte load), else the template's. */
INLINE __m128i j0_block(const struct cryptarch_aead_req *r,
			const uint8_t j0[16])
{
	if (r->noncelen == 12)
		return _mm_or_si128(_mm_maskz_loadu_epi8(0x0fff, r->nonce),
				    _mm_set_epi32(0x01000000, 0, 0, 0));
	return _mm_loadu_si128((const __m128i *)j0);
}

/* The lengths block [bitlen(A)]64 || [bitlen(C)]64 in register form
 * (byte-reversed: the payload's length in the low half). */
INLINE __m128i len_block(const struct cryptarch_aead_req *r)
{
	return _mm_set_epi64x((long long)((uint64_t)r->adlen << 3),
			      (long long)((uint64_t)r->len << 3));
}

/* ---- GHASH ------------------------------------------------------------- */

/* Unreduced sums of products, four lanes (schoolbook: mid exact; or
 * Karatsuba: mid holds (a0 + a1)(h0 + h1), corrected at the end). */
struct zacc {
	zmm lo, mid, hi;
};

INLINE void zacc_zero(struct zacc *s)
{
	s->lo = _mm512_setzero_si512();
	s->mid = _mm512_setzero_si512();
	s->hi = _mm512_setzero_si512();
}

/* S += D H lane by lane, Karatsuba (K: the powers' halves XORed). */
INLINE void zacc_mul_k(struct zacc *s, zmm d, zmm h, zmm k)
{
	zmm dk = _mm512_xor_si512(d, _mm512_shuffle_epi32(d, _MM_PERM_BADC));

	s->lo = _mm512_xor_si512(s->lo, _mm512_clmulepi64_epi128(d, h, 0x00));
	s->hi = _mm512_xor_si512(s->hi, _mm512_clmulepi64_epi128(d, h, 0x11));
	s->mid = _mm512_xor_si512(s->mid,
				  _mm512_clmulepi64_epi128(dk, k, 0x00));
}

/* S += D H lane by lane, schoolbook: four independent products, the
 * shortest chain from D. */
INLINE void zacc_mul_s(struct zacc *s, zmm d, zmm h)
{
	s->lo = _mm512_xor_si512(s->lo, _mm512_clmulepi64_epi128(d, h, 0x00));
	s->hi = _mm512_xor_si512(s->hi, _mm512_clmulepi64_epi128(d, h, 0x11));
	s->mid = zxor3(s->mid, _mm512_clmulepi64_epi128(d, h, 0x01),
		       _mm512_clmulepi64_epi128(d, h, 0x10));
}

/* The 128-bit lanes of X XORed together. */
INLINE __m128i zsum(zmm x)
{
	__m256i t = _mm256_xor_si256(_mm512_castsi512_si256(x),
				     _mm512_extracti64x4_epi64(x, 1));

	return _mm_xor_si128(_mm256_castsi256_si128(t),
			     _mm256_extracti128_si256(t, 1));
}

/*
 * The reduction of ghash-clmul-core.h (gh_reduce) lane by lane: each
 * 128-bit lane of (LO, HI) reduced on its own (the reduction is linear,
 * so the lanes' sum is the reduced sum), then the lanes summed once.
 */
INLINE __m128i zreduce(zmm lo, zmm hi)
{
	const zmm c = _mm512_set1_epi64((long long)GH_POLY_C);
	zmm t;

	t = _mm512_clmulepi64_epi128(lo, c, 0x00);
	lo = _mm512_xor_si512(_mm512_shuffle_epi32(lo, _MM_PERM_BADC), t);
	t = _mm512_clmulepi64_epi128(lo, c, 0x00);
	return zsum(zxor3(hi, _mm512_shuffle_epi32(lo, _MM_PERM_BADC), t));
}

/* The reduced sum of a Karatsuba S's lanes, register form: the middle
 * term corrected and folded in on zmm. */
INLINE __m128i zacc_reduce_k(const struct zacc *s)
{
	zmm mid = zxor3(s->mid, s->lo, s->hi);

	return zreduce(_mm512_xor_si512(s->lo, _mm512_bslli_epi128(mid, 8)),
		       _mm512_xor_si512(s->hi, _mm512_bsrli_epi128(mid, 8)));
}

/* The same for a schoolbook S. */
INLINE __m128i zacc_reduce_s(const struct zacc *s)
{
	return zreduce(_mm512_xor_si512(s->lo, _mm512_bslli_epi128(s->mid, 8)),
		       _mm512_xor_si512(s->hi, _mm512_bsrli_epi128(s->mid, 8)));
}

/* Register J of a whole group of 32 blocks at P into S (Karatsuba), Y
 * added to the first block: the group's blocks meet the powers from row
 * ROW on (ROW = GROW: H^32 .. H^1), register J those from row ROW + 4j. */
INLINE void ghash_reg(struct zacc *s, const ghctx *g, const uint8_t *p, int j,
		      __m128i y, unsigned row)
{
	zmm d = zbswap(_mm512_loadu_si512(p + 64 * j));

	if (j == 0)
		d = _mm512_xor_si512(d, _mm512_zextsi128_si512(y));
	/* rows ROW + 4j are 64-byte aligned only when ROW is a multiple of
	 * four (the last blocks' row is not) */
	zacc_mul_k(s, d, _mm512_loadu_si512(g->h[row + 4 * (unsigned)j]),
		   _mm512_loadu_si512(g->k[row + 4 * (unsigned)j]));
}

/* Register J of lanes (register form) into S, the lanes under qword mask
 * M (of the whole pass), meeting the powers from h[P] on: schoolbook, or
 * Karatsuba when KARA (fewer multiplications, a longer chain). */
INLINE void lanes_mul(struct zacc *s, const ghctx *g, zmm d, int j,
		      unsigned p, uint64_t m, int kara)
{
	__mmask8 mj = (__mmask8)(m >> (8 * j));

	/* rows p + 4j .. p + 4j + 3, addressed within the whole table (a
	 * row's own pointer may not step past its 16 bytes) */
	const uint8_t *h = &g->h[0][0] + 16 * (size_t)(p + 4 * j);
	const uint8_t *k = &g->k[0][0] + 16 * (size_t)(p + 4 * j);

	if (kara)
		zacc_mul_k(s, d, _mm512_maskz_loadu_epi64(mj, h),
			   _mm512_maskz_loadu_epi64(mj, k));
	else
		zacc_mul_s(s, d, _mm512_maskz_loadu_epi64(mj, h));
}

/*
 * LEN bytes at P (the last block zero-padded) into S as lanes 0 .. N-1 of
 * a pass whose powers start at h[P0] (lane i meets h[P0 + i]), in
 * registers of four lanes; Y added to lane 0.
 */
INLINE void ghash_lanes_bytes(struct zacc *s, const ghctx *g, __m128i y,
			      const uint8_t *p, size_t len, unsigned p0)
{
	unsigned n = (unsigned)((len + 15) / 16);
	uint64_t m = lane_mask(n);
	int j, nz = (int)((n + 3) / 4);

	for (j = 0; j < nz; j++) {
		zmm d = zbswap(load_part(p, j, len));

		if (j == 0)
			d = _mm512_xor_si512(d, _mm512_zextsi128_si512(y));
		lanes_mul(s, g, d, j, p0, m, 0);
	}
}

/* GHASH of LEN bytes at P after Y, the last partial block zero-padded:
 * groups of 32 blocks (Karatsuba), then one pass over the rest. */
static __m128i ghash_bytes(const ghctx *g, __m128i y, const uint8_t *p,
			   size_t len)
{
	struct zacc s;
	int j;

	for (; len > 16 * BLOCKS; len -= 16 * BLOCKS, p += 16 * BLOCKS) {
		zacc_zero(&s);
		UNROLL
		for (j = ZW - 1; j >= 0; j--)
			ghash_reg(&s, g, p, j, y, GROW);
		y = zacc_reduce_k(&s);
	}
	zacc_zero(&s);
	ghash_lanes_bytes(&s, g, y, p, len,
			  NPOW - (unsigned)((len + 15) / 16));
	return zacc_reduce_s(&s);
}

/* ---- the last blocks --------------------------------------------------- */

/* One block on xmm (E(J0) where no lane is free), VEX-encoded AES-NI. */
INLINE __m128i aes_xmm(const aesctx *c, __m128i b)
{
	const __m128i *rk = (const __m128i *)c->ek;
	unsigned r, nr = c->rounds;

	b = _mm_xor_si128(b, _mm_load_si128(rk));
	for (r = 1; r < nr; r++)
		b = _mm_aesenc_si128(b, _mm_load_si128(rk + r));
	return _mm_aesenclast_si128(b, _mm_load_si128(rk + nr));
}

/* Round R of NZ registers, the key broadcast from the schedule. */
INLINE void round_mem(const aesctx *c, unsigned r, zmm *b, int nz)
{
	zmm k = bkey(c->ek[r]);
	int j;

	UNROLL
	for (j = 0; j < nz; j++)
		b[j] = _mm512_aesenc_epi128(b[j], k);
}

/* Rounds 1 .. NR-1 (branches on the key size only). */
INLINE void rounds_mem(const aesctx *c, zmm *b, int nz)
{
	unsigned r;

	UNROLL
	for (r = 1; r < 10; r++)
		round_mem(c, r, b, nz);
	if (c->rounds > 10) {
		round_mem(c, 10, b, nz);
		round_mem(c, 11, b, nz);
		if (c->rounds > 12) {
			round_mem(c, 12, b, nz);
			round_mem(c, 13, b, nz);
		}
	}
}

/* Rounds 1 .. NR-1 with the GHASH of the whole group at PREV (Y added to
 * its first block) into PS, its blocks meeting the powers from row ROW
 * on, one register's product after each of rounds 1 .. 8 (Karatsuba). */
INLINE void rounds_mem_hash(const aesctx *c, const ghctx *g, zmm *b, int nz,
			    const uint8_t *prev, __m128i y, struct zacc *ps,
			    unsigned row)
{
	unsigned r;

	UNROLL
	for (r = 1; r < 10; r++) {
		round_mem(c, r, b, nz);
		if (r <= ZW)
			ghash_reg(ps, g, prev, ZW - (int)r, y, row);
	}
	if (c->rounds > 10) {
		round_mem(c, 10, b, nz);
		round_mem(c, 11, b, nz);
		if (c->rounds > 12) {
			round_mem(c, 12, b, nz);
			round_mem(c, 13, b, nz);
		}
	}
}

/* What a pass over the last blocks takes and gives. */
struct last {
	zmm base;    /* counter form of the first four blocks */
	__m128i j0;  /* J0 */
	__m128i l;   /* the lengths block (register form) */
	__m128i ej0; /* out: E(J0) */
	int with_l;  /* L takes the lane after the last block */
	int after;   /* lanes after the pass's (L on its own): 0 or 1 */
	/* encryption: the group before (its ciphertext), hashed after Y
	 * between the rounds into the pass's sums (NULL: none) */
	const uint8_t *prev;
	__m128i y;
	int fold;    /* Y (the hash before the pass) added to lane 0 */
};

/*
 * The last LEN bytes (0 .. 512) of the payload in NZ registers, their
 * products added to S (schoolbook): the T = ceil(LEN / 16) blocks take
 * lanes 0 .. T-1 and L lane T when WITH_L, so that the N = T + WITH_L
 * lanes meet H^N .. H^1 (one contiguous masked load of the powers from
 * h[32 - N]). When a lane is left (N < 4 NZ) the last lane of the last
 * register encrypts J0, else E(J0) is one xmm block. Encryption hashes
 * what it writes, decryption what it reads (all of SRC read before DST
 * is written).
 */
INLINE void last_blocks(const aesctx *c, const ghctx *g, struct last *q,
			struct zacc *s, int enc, int nz, uint8_t *dst,
			const uint8_t *src, size_t len, int kara)
{
	unsigned t = (unsigned)((len + 15) / 16), n = t + (unsigned)q->with_l;
	uint64_t lm = q->with_l ? 3ull << (2 * t) : 0, m = lane_mask(n);
	int j0_lane = n < 4u * (unsigned)nz;
	zmm b[ZW], in[ZW], k;
	int j;

	UNROLL
	for (j = 0; j < nz; j++)
		in[j] = load_part(src, j, len);
	k = bkey(c->ek[0]);
	UNROLL
	for (j = 0; j < nz; j++)
		b[j] = ctr_block(q->base, (unsigned)j, k);
	if (j0_lane)
		b[nz - 1] = _mm512_mask_xor_epi64(
			b[nz - 1], 0xc0, _mm512_broadcast_i32x4(q->j0), k);
	else
		q->ej0 = aes_xmm(c, q->j0);
	if (q->prev) {
		/* the group before meets the 32 powers above the pass's,
		 * in the same sums (Karatsuba, as KARA must be then) */
		rounds_mem_hash(c, g, b, nz, q->prev, q->y, s,
				NPOW - n - (unsigned)q->after - BLOCKS);
	} else {
		rounds_mem(c, b, nz);
	}
	k = bkey(c->ek[c->rounds]);
	UNROLL
	for (j = 0; j < nz; j++) {
		zmm o = _mm512_aesenclast_epi128(b[j],
						 _mm512_xor_si512(k, in[j]));
		zmm d;

		store_part(dst, j, len, o);
		if (j == nz - 1 && j0_lane)
			q->ej0 = _mm512_extracti32x4_epi32(o, 3);
		d = enc ? _mm512_maskz_mov_epi8(
				  byte_mask((ptrdiff_t)len - 64 * j), o) :
			  in[j];
		d = _mm512_mask_mov_epi64(zbswap(d), (__mmask8)(lm >> (8 * j)),
					  _mm512_broadcast_i32x4(q->l));
		if (j == 0 && q->fold)
			d = _mm512_xor_si512(d, _mm512_zextsi128_si512(q->y));
		lanes_mul(s, g, d, j, NPOW - n - (unsigned)q->after, m, kara);
	}
}

/* Q's counter blocks and J0 for request R, L with no lane (set by the
 * caller). */
INLINE void last_init(struct last *q, const struct cryptarch_aead_req *r,
		      const uint8_t *j0)
{
	q->j0 = j0_block(r, j0);
	q->base = _mm512_add_epi32(
		_mm512_broadcast_i32x4(_mm_shuffle_epi8(q->j0, ctr_swap128())),
		_mm512_set_epi32(4, 0, 0, 0, 3, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0));
	q->l = len_block(r);
	q->with_l = 0;
	q->after = 0;
	q->prev = NULL;
	q->fold = 0;
}

/*
 * A short request (at most SHORT_BLOCKS blocks of payload, few of
 * associated data) in one pass: the lengths block's product with H^1
 * on its own, off the payload's chain; the associated data's lanes (AD,
 * ADLEN bytes) with the highest powers, then the payload's in the fewest
 * registers that hold them (J0 in a lane left, else on xmm beside them),
 * schoolbook (the shortest chain); one reduction; the tag.
 */
INLINE __m128i short_request(const aesctx *c, const ghctx *g,
			     const struct cryptarch_aead_req *r,
			     const uint8_t *j0, int enc)
{
	size_t a = (r->adlen + 15) / 16, t = (r->len + 15) / 16;
	const __m128i h1 = _mm_load_si128((const __m128i *)g->h[NPOW - 1]);
	struct last q;
	struct zacc s;

	last_init(&q, r, j0);
	q.after = 1;
	s.lo = _mm512_zextsi128_si512(_mm_clmulepi64_si128(q.l, h1, 0x00));
	s.hi = _mm512_zextsi128_si512(_mm_clmulepi64_si128(q.l, h1, 0x11));
	s.mid = _mm512_zextsi128_si512(
		_mm_xor_si128(_mm_clmulepi64_si128(q.l, h1, 0x01),
			      _mm_clmulepi64_si128(q.l, h1, 0x10)));
	if (a)
		ghash_lanes_bytes(&s, g, _mm_setzero_si128(), r->ad, r->adlen,
				  NPOW - (unsigned)(a + t + 1));
	switch ((t + 3) / 4) {
	case 0:
	case 1:
		last_blocks(c, g, &q, &s, enc, 1, r->dst, r->src, r->len, 0);
		break;
	case 2:
		last_blocks(c, g, &q, &s, enc, 2, r->dst, r->src, r->len, 0);
		break;
	case 3:
		last_blocks(c, g, &q, &s, enc, 3, r->dst, r->src, r->len, 0);
		break;
	case 4:
		last_blocks(c, g, &q, &s, enc, 4, r->dst, r->src, r->len, 0);
		break;
	case 5:
		last_blocks(c, g, &q, &s, enc, 5, r->dst, r->src, r->len, 0);
		break;
	case 6:
		last_blocks(c, g, &q, &s, enc, 6, r->dst, r->src, r->len, 0);
		break;
	case 7:
		last_blocks(c, g, &q, &s, enc, 7, r->dst, r->src, r->len, 0);
		break;
	default:
		last_blocks(c, g, &q, &s, enc, 8, r->dst, r->src, r->len, 0);
		break;
	}
	return _mm_xor_si128(q.ej0, gh_bswap(zacc_reduce_s(&s)));
}

/*
 * The last blocks of a long request, after its whole groups: the hash of
 * all, reduced once, and E(J0) into Q. Y is the hash before them; in
 * encryption it is the hash before the last group (at PREV), which is
 * hashed between the rounds with the 32 powers above the pass's, in the
 * same sums; otherwise Y is added to the pass's first lane.
 */
static __m128i last_first(const aesctx *c, const ghctx *g, struct last *q,
			  int enc, uint8_t *dst, const uint8_t *src,
			  size_t len, const uint8_t *prev, __m128i y)
{
	unsigned n = (unsigned)((len + 15) / 16) + (unsigned)q->with_l;
	struct zacc s;

	/* the GHASH of the group before (encryption) between the rounds,
	 * Y added to its first block; else Y added to the pass's */
	q->prev = prev;
	q->y = y;
	q->fold = prev == NULL;

	/* as many registers as the lanes need (E(J0) in a lane left, else
	 * on xmm), Karatsuba: off the chain, the fewest multiplications */
	zacc_zero(&s);
	switch ((n + 3) / 4) {
	case 1:
		last_blocks(c, g, q, &s, enc, 1, dst, src, len, 1);
		break;
	case 2:
		last_blocks(c, g, q, &s, enc, 2, dst, src, len, 1);
		break;
	case 3:
		last_blocks(c, g, q, &s, enc, 3, dst, src, len, 1);
		break;
	case 4:
		last_blocks(c, g, q, &s, enc, 4, dst, src, len, 1);
		break;
	case 5:
		last_blocks(c, g, q, &s, enc, 5, dst, src, len, 1);
		break;
	case 6:
		last_blocks(c, g, q, &s, enc, 6, dst, src, len, 1);
		break;
	case 7:
		last_blocks(c, g, q, &s, enc, 7, dst, src, len, 1);
		break;
	default:
		last_blocks(c, g, q, &s, enc, 8, dst, src, len, 1);
		break;
	}
	return zacc_reduce_k(&s);
}

/* ---- whole groups ------------------------------------------------------ */

/* The round keys broadcast to the four lanes, round 0 .. NR. */
struct keys {
	zmm k[CRYPTARCH_AES_AESNI_MAX_ROUNDS + 1];
};

/* S += D H + E G lane by lane, Karatsuba, each sum one three-input XOR. */
INLINE void zacc_mul2_k(struct zacc *s, zmm d, zmm h, zmm k, zmm e, zmm g,
			zmm l)
{
	zmm dk = _mm512_xor_si512(d, _mm512_shuffle_epi32(d, _MM_PERM_BADC));
	zmm ek = _mm512_xor_si512(e, _mm512_shuffle_epi32(e, _MM_PERM_BADC));

	s->lo = zxor3(s->lo, _mm512_clmulepi64_epi128(d, h, 0x00),
		      _mm512_clmulepi64_epi128(e, g, 0x00));
	s->hi = zxor3(s->hi, _mm512_clmulepi64_epi128(d, h, 0x11),
		      _mm512_clmulepi64_epi128(e, g, 0x11));
	s->mid = zxor3(s->mid, _mm512_clmulepi64_epi128(dk, k, 0x00),
		       _mm512_clmulepi64_epi128(ek, l, 0x00));
}

/* N added to the 32-bit counter of every lane of blocks in block order
 * (big-endian), when the counter's low byte cannot overflow. */
INLINE zmm ctr_add_be(zmm c, unsigned n)
{
	const long long a = (long long)((uint64_t)n << 56);

	return _mm512_add_epi32(c, _mm512_set_epi64(a, 0, a, 0, a, 0, a, 0));
}

/*
 * One group of 32 blocks from the counter form *BASE, for a key of NR
 * rounds (a constant: the rounds unrolled, the keys in registers), with
 * the GHASH of the 32 blocks at PREV into *Y when HASH (a constant): two
 * registers of multiplications after each odd round of the first eight.
 * Encryption hashes the previous group's ciphertext (just written);
 * decryption the ciphertext it decrypts, loaded once. When FAST (the
 * counter's low byte does not overflow within the group), the counter
 * blocks are added to in block order, one shuffle for the group instead
 * of one a register.
 */
INLINE void group(const struct keys *ks, const ghctx *g, int enc,
		  uint8_t *dst, const uint8_t *src, const uint8_t *prev,
		  zmm *base, __m128i *y, int fast, const int hash,
		  const unsigned nr)
{
	const zmm *hp = (const zmm *)g->h[GROW], *kp = (const zmm *)g->k[GROW];
	zmm b[ZW], in[ZW];
	struct zacc s;
	unsigned r;
	int j;

	/* the previous group's ciphertext is read back from memory, not
	 * carried over in registers from its stores */
	HIDE(prev);
	if (!enc) {
		UNROLL
		for (j = 0; j < ZW; j++)
			in[j] = _mm512_loadu_si512(src + 64 * j);
	}
	if (fast) {
		zmm cb = _mm512_shuffle_epi8(
			*base, _mm512_broadcast_i32x4(ctr_swap128()));

		UNROLL
		for (j = 0; j < ZW; j++)
			b[j] = _mm512_xor_si512(ctr_add_be(cb, 4 * (unsigned)j),
						ks->k[0]);
	} else {
		UNROLL
		for (j = 0; j < ZW; j++)
			b[j] = ctr_block(*base, (unsigned)j, ks->k[0]);
	}
	*base = ctr_add(*base, BLOCKS);
	zacc_zero(&s);
	UNROLL
	for (r = 1; r < nr; r++) {
		UNROLL
		for (j = 0; j < ZW; j++)
			b[j] = _mm512_aesenc_epi128(b[j], ks->k[r]);
		if (hash && (r & 1) && r < ZW) {
			int q = ZW - (int)r - 1;
			zmm d0 = enc ? _mm512_loadu_si512(prev + 64 * q) : in[q];
			zmm d1 = enc ? _mm512_loadu_si512(prev + 64 * (q + 1)) :
				       in[q + 1];

			d0 = zbswap(d0);
			d1 = zbswap(d1);
			if (q == 0)
				d0 = _mm512_xor_si512(
					d0, _mm512_zextsi128_si512(*y));
			zacc_mul2_k(&s, d1, hp[q + 1], kp[q + 1], d0, hp[q],
				    kp[q]);
			KEEP(s.lo);
			KEEP(s.mid);
			KEEP(s.hi);
		}
	}
	if (hash)
		*y = zacc_reduce_k(&s);
	/* the input again for the last round (decryption too: loaded
	 * twice rather than held in eight more registers) */
	HIDE(src);
	UNROLL
	for (j = 0; j < ZW; j++)
		in[j] = _mm512_loadu_si512(src + 64 * j);
	UNROLL
	for (j = 0; j < ZW; j++)
		_mm512_storeu_si512(dst + 64 * j,
				    _mm512_aesenclast_epi128(
					    b[j],
					    _mm512_xor_si512(ks->k[nr], in[j])));
}

/* Whether group I (counter C32 of its first block) may take the fast
 * counter: only for a 12-byte nonce, where the counter is the block's
 * index (public), never for J0 from GHASH. */
INLINE int fast_ctr(int fastok, uint32_t c32)
{
	return fastok && (c32 & 0xff) <= 256 - BLOCKS;
}

/* NG groups, the hash *Y updated (encryption: but for the last group's
 * GHASH); C32 the counter of the first block. */
INLINE void groups_nr(const aesctx *c, const ghctx *g, int enc,
		      uint8_t *dst, const uint8_t *src, size_t ng, zmm *basep,
		      __m128i *yp, int fastok, uint32_t c32, const unsigned nr)
{
	zmm base = *basep;
	__m128i y = *yp;
	struct keys ks;
	unsigned r;
	size_t i;

	UNROLL
	for (r = 0; r <= nr; r++)
		ks.k[r] = bkey(c->ek[r]);
	if (enc) {
		group(&ks, g, 1, dst, src, NULL, &base, &y,
		      fast_ctr(fastok, c32), 0, nr);
		for (i = 1; i < ng; i++) {
			src += 16 * BLOCKS;
			dst += 16 * BLOCKS;
			c32 += BLOCKS;
			group(&ks, g, 1, dst, src, dst - 16 * BLOCKS, &base, &y,
			      fast_ctr(fastok, c32), 1, nr);
		}
		/* the last group's GHASH is the caller's, beside the last
		 * blocks' rounds */
	} else {
		for (i = 0; i < ng; i++) {
			group(&ks, g, 0, dst, src, src, &base, &y,
			      fast_ctr(fastok, c32), 1, nr);
			src += 16 * BLOCKS;
			dst += 16 * BLOCKS;
			c32 += BLOCKS;
		}
	}
	*basep = base;
	*yp = y;
}

#define GROUPS(name, enc, nr)                                               \
	static void name(const aesctx *c, const ghctx *g, uint8_t *dst,     \
			 const uint8_t *src, size_t ng, zmm *base, __m128i *y, \
			 int fastok, uint32_t c32)                           \
	{                                                                   \
		groups_nr(c, g, enc, dst, src, ng, base, y, fastok, c32, nr); \
	}

GROUPS(groups_enc10, 1, 10)
GROUPS(groups_enc12, 1, 12)
GROUPS(groups_enc14, 1, 14)
GROUPS(groups_dec10, 0, 10)
GROUPS(groups_dec12, 0, 12)
GROUPS(groups_dec14, 0, 14)

static void groups(const aesctx *c, const ghctx *g, int enc, uint8_t *dst,
		   const uint8_t *src, size_t ng, zmm *base, __m128i *y,
		   int fastok)
{
	uint32_t c32 = 2;

	if (c->rounds == 10)
		(enc ? groups_enc10 : groups_dec10)(c, g, dst, src, ng, base, y,
						    fastok, c32);
	else if (c->rounds == 12)
		(enc ? groups_enc12 : groups_dec12)(c, g, dst, src, ng, base, y,
						    fastok, c32);
	else
		(enc ? groups_enc14 : groups_dec14)(c, g, dst, src, ng, base, y,
						    fastok, c32);
}

/* ---- one block --------------------------------------------------------- */

/* S += A H on xmm, schoolbook (the mid term exact). */
INLINE void acc_mul(struct gh_acc *s, __m128i a, __m128i h)
{
	s->lo = _mm_xor_si128(s->lo, _mm_clmulepi64_si128(a, h, 0x00));
	s->hi = _mm_xor_si128(s->hi, _mm_clmulepi64_si128(a, h, 0x11));
	s->mid = _mm_ternarylogic_epi64(s->mid,
					_mm_clmulepi64_si128(a, h, 0x01),
					_mm_clmulepi64_si128(a, h, 0x10), 0x96);
}

/*
 * A request of at most one block of payload and of associated data, on
 * xmm registers: J0 and the counter block through the rounds side by
 * side, the lengths block's and the associated data's products taken
 * while they run, the ciphertext's after, one reduction.
 */
INLINE __m128i one_block(const aesctx *c, const ghctx *g,
			 const struct cryptarch_aead_req *r,
			 const uint8_t *j0, int enc)
{
	const __m128i *rk = (const __m128i *)c->ek;
	const __m128i *h = (const __m128i *)g->h;
	size_t len = r->len;
	unsigned nr = c->rounds, i, m = 1 + (r->adlen > 0) + (len > 0);
	__mmask16 bm = (__mmask16)((1u << len) - 1);
	__m128i a, b, k, d, o, x;
	struct gh_acc s;

	if (r->noncelen == 12) {
		__m128i nn = _mm_maskz_loadu_epi8(0x0fff, r->nonce);

		a = _mm_or_si128(nn, _mm_set_epi32(0x01000000, 0, 0, 0));
		b = _mm_or_si128(nn, _mm_set_epi32(0x02000000, 0, 0, 0));
	} else {
		a = _mm_loadu_si128((const __m128i *)j0);
		b = _mm_shuffle_epi8(
			_mm_add_epi32(_mm_shuffle_epi8(a, ctr_swap128()),
				      _mm_set_epi32(1, 0, 0, 0)),
			ctr_swap128());
	}
	d = len == 16 ? _mm_loadu_si128((const __m128i *)r->src) :
			_mm_maskz_loadu_epi8(bm, r->src);
	k = _mm_load_si128(rk);
	a = _mm_xor_si128(a, k);
	b = _mm_xor_si128(b, k);
	/* L H^1, then A H^m while the rounds run */
	s.lo = _mm_setzero_si128();
	s.mid = s.lo;
	s.hi = s.lo;
	acc_mul(&s, len_block(r), _mm_load_si128(&h[NPOW - 1]));
	if (r->adlen) {
		x = gh_bswap(_mm_maskz_loadu_epi8(
			(__mmask16)((1u << r->adlen) - 1), r->ad));
		acc_mul(&s, x, _mm_load_si128(&h[NPOW - m]));
	}
	for (i = 1; i < nr; i++) {
		k = _mm_load_si128(rk + i);
		a = _mm_aesenc_si128(a, k);
		b = _mm_aesenc_si128(b, k);
	}
	k = _mm_load_si128(rk + nr);
	a = _mm_aesenclast_si128(a, k);
	if (len) {
		o = _mm_aesenclast_si128(b, _mm_xor_si128(k, d));
		if (len == 16)
			_mm_storeu_si128((__m128i *)r->dst, o);
		else
			_mm_mask_storeu_epi8(r->dst, bm, o);
		x = enc ? _mm_maskz_mov_epi8(bm, o) : d;
		acc_mul(&s, gh_bswap(x), _mm_load_si128(&h[NPOW - 2]));
	}
	return _mm_xor_si128(a, gh_bswap(gh_acc_reduce(&s)));
}

/* ---- a request --------------------------------------------------------- */

INLINE __m128i gcm(const aesctx *c, const ghctx *g,
		   const struct cryptarch_aead_req *r, const uint8_t *j0,
		   int enc)
{
	size_t len = r->len, ng = len / (16 * BLOCKS);
	size_t rest = len - ng * 16 * BLOCKS;
	const __m128i *h = (const __m128i *)g->h;
	__m128i y, x;
	struct last q;
	zmm base;

	last_init(&q, r, j0);
	/* the last blocks first; with 497 .. 511 bytes L has no lane and
	 * follows */
	q.with_l = rest <= 16 * (BLOCKS - 1);
	base = q.base;
	y = _mm_setzero_si128();
	if (r->adlen)
		y = ghash_bytes(g, y, r->ad, r->adlen);
	if (ng)
		groups(c, g, enc, r->dst, r->src, ng, &q.base, &y,
		       r->noncelen == 12);
	q.base = ctr_add(base, (uint32_t)(ng * BLOCKS));
	x = last_first(c, g, &q, enc, r->dst + ng * 16 * BLOCKS,
		       r->src + ng * 16 * BLOCKS, rest,
		       enc && ng ? r->dst + (ng - 1) * 16 * BLOCKS : NULL, y);
	if (!q.with_l)
		x = gh_mul(_mm_xor_si128(x, q.l), _mm_load_si128(&h[NPOW - 1]));
	return _mm_xor_si128(q.ej0, gh_bswap(x));
}

/* ---- the tag ----------------------------------------------------------- */

/* The byte mask of a tag of R->authsize bytes. */
INLINE __mmask16 tag_mask(const struct cryptarch_aead_req *r)
{
	return (__mmask16)((1u << r->authsize) - 1);
}

/* The tag received (read before anything is written). */
INLINE __m128i tag_get(const struct cryptarch_aead_req *r)
{
	if (r->authsize == 16)
		return _mm_loadu_si128((const __m128i *)r->tag_in);
	return _mm_maskz_loadu_epi8(tag_mask(r), r->tag_in);
}

INLINE void tag_put(const struct cryptarch_aead_req *r, __m128i t)
{
	if (r->authsize == 16)
		_mm_storeu_si128((__m128i *)r->tag_out, t);
	else
		_mm_mask_storeu_epi8(r->tag_out, tag_mask(r), t);
}

/* The verdict on tag T against the tag received E: the first authsize
 * bytes of their difference ORed into one word, no branch. */
INLINE int tag_verdict(const struct cryptarch_aead_req *r, __m128i t,
		       __m128i e)
{
	__m128i d = _mm_maskz_mov_epi8(tag_mask(r), _mm_xor_si128(t, e));

	d = _mm_or_si128(d, _mm_unpackhi_epi64(d, d));
	return cryptarch_aead_verdict((uint64_t)_mm_cvtsi128_si64(d));
}

/* Whether R takes the short path: one pass, one reduction. */
INLINE int is_short(const struct cryptarch_aead_req *r)
{
	size_t t = (r->len + 15) / 16, a = (r->adlen + 15) / 16;

	/* one pass: at most 8 registers of lanes (a 64-bit lane mask) */
	return t <= SHORT_BLOCKS && a + t + 1 <= BLOCKS;
}

/* Requests past one block, out of line (each path's frame its own),
 * short or long. */
#define OUT_OF_LINE(name, fn, enc)                                          \
	static __attribute__((noinline)) __m128i name(                      \
		const aesctx *c, const ghctx *g,                            \
		const struct cryptarch_aead_req *r, const uint8_t *j0)      \
	{                                                                   \
		__m128i t = fn(c, g, r, j0, enc);                           \
                                                                            \
		_mm256_zeroupper();                                         \
		return t;                                                   \
	}

OUT_OF_LINE(short_enc, short_request, 1)
OUT_OF_LINE(short_dec, short_request, 0)
OUT_OF_LINE(gcm_enc, gcm, 1)
OUT_OF_LINE(gcm_dec, gcm, 0)

/* see aes-aesni.h */
void cryptarch_aes_vaes_avx512_gcm_seal(const void *cipher, const void *ghash,
					const struct cryptarch_aead_req *r,
					const uint8_t *j0)
{
	if (r->len <= 16 && r->adlen <= 16)
		tag_put(r, one_block(cipher, ghash, r, j0, 1));
	else if (is_short(r))
		tag_put(r, short_enc(cipher, ghash, r, j0));
	else
		tag_put(r, gcm_enc(cipher, ghash, r, j0));
}

/* see aes-aesni.h */
int cryptarch_aes_vaes_avx512_gcm_open(const void *cipher, const void *ghash,
				       const struct cryptarch_aead_req *r,
				       const uint8_t *j0)
{
	__m128i e = tag_get(r);

	if (r->len <= 16 && r->adlen <= 16)
		return tag_verdict(r, one_block(cipher, ghash, r, j0, 0), e);
	if (is_short(r))
		return tag_verdict(r, short_dec(cipher, ghash, r, j0), e);
	return tag_verdict(r, gcm_dec(cipher, ghash, r, j0), e);
}
