/* SPDX-License-Identifier: MIT */
/*
 * aes-vperm-avx512.c - the AVX-512 code of driver "aes-vperm-avx512": the
 * vector-permute AES of aes-vperm.c (Hamburg, CHES 2009; rounds in
 * aes-vperm-core.h) with four blocks per zmm register. AVX-512BW's VPSHUFB
 * permutes within each 128-bit lane as the method needs, VPTERNLOGQ makes
 * each three-way XOR one instruction, and the 32 registers hold every
 * table. ECB, CBC decryption, CTR and XTS keep four zmm registers (16
 * blocks) in flight, then two and one, and take the last one to three
 * blocks in one register under a byte mask. The key schedule, single
 * blocks and CBC encryption are the 128-bit code with VPTERNLOG on xmm
 * registers (AVX-512VL), whose shorter dependency chain makes CBC
 * encryption about 8% faster than the VEX code of aes-vperm-avx2.
 * Constant-time: as aes-vperm (register permutes only; addresses, masks
 * and branches depend on lengths and round numbers). Built with
 * -mavx512f -mavx512bw -mavx512vl (ISA avx512): call only after checking
 * AVX-512F, BW and VL; aes-vperm-wide-glue.c has the descriptor. Speed:
 * see there.
 */
#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "../../src/core/endian.h"
#include "../../src/core/memzero.h"
#include "aes-vperm.h"
#include "aes-vperm-tables.h"

#define INLINE inline __attribute__((always_inline))

/* ---- one block per xmm register, with VPTERNLOGQ (AVX-512VL) -------- */

#define VP_V __m128i
#define VP_FN(name) name##_x
#define VP_XOR(a, b) _mm_xor_si128(a, b)
#define VP_XOR3(a, b, c) _mm_ternarylogic_epi64(a, b, c, 0x96)
#define VP_AND(a, b) _mm_and_si128(a, b)
#define VP_SHUF(t, i) _mm_shuffle_epi8(t, i)
#define VP_SRL4(x) _mm_srli_epi16(x, 4)
#define VP_BCAST(p) _mm_load_si128((const __m128i *)(const void *)(p))
#define VP_SET1(b) _mm_set1_epi8((char)(b))
#define VP_SINGLE
#define VP_TERNLOG
#include "aes-vperm-core.h"
#undef VP_V
#undef VP_FN
#undef VP_XOR
#undef VP_XOR3
#undef VP_AND
#undef VP_SHUF
#undef VP_SRL4
#undef VP_BCAST
#undef VP_SET1
#undef VP_SINGLE
#undef VP_TERNLOG

/* ---- four blocks per zmm register ----------------------------------- */

#define VP_V __m512i
#define VP_FN(name) name##_z
#define VP_XOR(a, b) _mm512_xor_si512(a, b)
#define VP_XOR3(a, b, c) _mm512_ternarylogic_epi64(a, b, c, 0x96)
#define VP_AND(a, b) _mm512_and_si512(a, b)
#define VP_SHUF(t, i) _mm512_shuffle_epi8(t, i)
#define VP_SRL4(x) _mm512_srli_epi16(x, 4)
#define VP_BCAST(p)             \
	_mm512_broadcast_i32x4( \
		_mm_load_si128((const __m128i *)(const void *)(p)))
#define VP_SET1(b) _mm512_set1_epi8((char)(b))
#include "aes-vperm-core.h"

/* zmm registers in flight in the parallel modes (four blocks each). */
#define NZ 4

static INLINE __m128i loadu(const uint8_t *p)
{
	return _mm_loadu_si128((const __m128i *)(const void *)p);
}

static INLINE void storeu(uint8_t *p, __m128i v)
{
	_mm_storeu_si128((__m128i *)(void *)p, v);
}

static INLINE __m512i loadu4(const uint8_t *p)
{
	return _mm512_loadu_si512((const void *)p);
}

static INLINE void storeu4(uint8_t *p, __m512i v)
{
	_mm512_storeu_si512((void *)p, v);
}

/* see aes-vperm.h */
void cryptarch_aes_vperm_avx512_expand(struct cryptarch_aes_vperm_ctx *ctx,
				       const uint8_t *key, size_t keylen)
{
	expand_key_x(ctx, key, keylen);
}

/* see registry.h (struct cryptarch_alg.encrypt) */
void cryptarch_aes_vperm_avx512_encrypt(const void *ctx, uint8_t *dst,
					const uint8_t *src)
{
	storeu(dst, enc1_x(ctx, loadu(src)));
}

/* see registry.h (struct cryptarch_alg.decrypt) */
void cryptarch_aes_vperm_avx512_decrypt(const void *ctx, uint8_t *dst,
					const uint8_t *src)
{
	__m128i x[1];

	x[0] = loadu(src);
	dec_blocks_x(ctx, x, 1);
	storeu(dst, x[0]);
}

/* see registry.h (struct cryptarch_bulk.cbc_encrypt) */
void cryptarch_aes_vperm_avx512_cbc_encrypt(const void *ctx, uint8_t *dst,
					    const uint8_t *src, size_t nblocks,
					    uint8_t iv[16])
{
	cbc_enc_x(ctx, dst, src, nblocks, iv);
}

static INLINE void crypt_z(const void *ctx, __m512i *x, unsigned nv, int dec)
{
	if (dec)
		dec_blocks_z(ctx, x, nv);
	else
		enc_blocks_z(ctx, x, nv);
}

/*
 * Every parallel mode runs groups of NV zmm registers (4 NV blocks) with
 * NV = NZ while it can, then NV = 2 and 1: GROUPS(n, body) expands BODY
 * with the constant NV and the block count N, advancing SRC and DST. The
 * last one to three blocks are one zmm register under a byte mask (masked
 * loads and stores touch only those blocks), a single block in the
 * encryption direction the xmm code, whose latency is lower.
 */
#define GROUPS(n, body)                                             \
	do {                                                        \
		for (; (n) >= 4 * NZ;                               \
		     (n) -= 4 * NZ, src += 64 * NZ, dst += 64 * NZ) \
			body(NZ);                                   \
		if (NZ > 2 && (n) >= 8) {                           \
			body(2);                                    \
			(n) -= 8, src += 128, dst += 128;           \
		}                                                   \
		if ((n) >= 4) {                                     \
			body(1);                                    \
			(n) -= 4, src += 64, dst += 64;             \
		}                                                   \
	} while (0)

/* The bytes of the first N (1..3) blocks of a zmm register. */
static INLINE __mmask64 tail_mask(size_t n)
{
	return ((__mmask64)1 << (16 * n)) - 1;
}

static INLINE __m512i load_tail(const uint8_t *p, size_t n)
{
	return _mm512_maskz_loadu_epi8(tail_mask(n), (const void *)p);
}

static INLINE void store_tail(uint8_t *p, __m512i v, size_t n)
{
	_mm512_mask_storeu_epi8((void *)p, tail_mask(n), v);
}

static INLINE void ecb_group(const void *ctx, uint8_t *dst, const uint8_t *src,
			     unsigned nv, int dec)
{
	__m512i x[NZ];
	unsigned i;

	for (i = 0; i < nv; i++)
		x[i] = loadu4(src + 64 * i);
	crypt_z(ctx, x, nv, dec);
	for (i = 0; i < nv; i++)
		storeu4(dst + 64 * i, x[i]);
}

static INLINE void ecb(const void *ctx, uint8_t *dst, const uint8_t *src,
		       size_t nblocks, int dec)
{
	__m512i x[1];

#define ECB_BODY(nv) ecb_group(ctx, dst, src, nv, dec)
	GROUPS(nblocks, ECB_BODY);
#undef ECB_BODY
	if (nblocks == 1 && !dec) {
		storeu(dst, enc1_x(ctx, loadu(src)));
	} else if (nblocks) {
		x[0] = load_tail(src, nblocks);
		crypt_z(ctx, x, 1, dec);
		store_tail(dst, x[0], nblocks);
	}
}

/* see registry.h (struct cryptarch_bulk.ecb_encrypt) */
void cryptarch_aes_vperm_avx512_ecb_encrypt(const void *ctx, uint8_t *dst,
					    const uint8_t *src, size_t nblocks)
{
	ecb(ctx, dst, src, nblocks, 0);
}

/* see registry.h (struct cryptarch_bulk.ecb_decrypt) */
void cryptarch_aes_vperm_avx512_ecb_decrypt(const void *ctx, uint8_t *dst,
					    const uint8_t *src, size_t nblocks)
{
	ecb(ctx, dst, src, nblocks, 1);
}

/*
 * 4 NV ciphertext blocks (or the N < 4 of a tail). Register i holds blocks
 * 4i..4i+3; the blocks before them are [IV, C0, C1, C2] for i = 0 (VALIGNQ
 * of the IV and the first register) and the 64 bytes 16 before it
 * otherwise; all are read before anything is written (in place).
 */
static INLINE void cbc_dec_group(const void *ctx, uint8_t *dst,
				 const uint8_t *src, __m128i *iv, unsigned nv,
				 size_t tail)
{
	__m512i x[NZ], prev[NZ];
	unsigned i;

	if (tail)
		x[0] = load_tail(src, tail);
	for (i = 0; i < nv && !tail; i++)
		x[i] = loadu4(src + 64 * i);
	prev[0] = _mm512_alignr_epi64(x[0], _mm512_broadcast_i32x4(*iv), 6);
	for (i = 1; i < nv; i++)
		prev[i] = loadu4(src + 64 * i - 16);
	*iv = tail ? loadu(src + 16 * (tail - 1)) :
		     _mm512_extracti32x4_epi32(x[nv - 1], 3);
	dec_blocks_z(ctx, x, nv);
	if (tail)
		store_tail(dst, _mm512_xor_si512(x[0], prev[0]), tail);
	for (i = 0; i < nv && !tail; i++)
		storeu4(dst + 64 * i, _mm512_xor_si512(x[i], prev[i]));
}

/* see registry.h (struct cryptarch_bulk.cbc_decrypt) */
void cryptarch_aes_vperm_avx512_cbc_decrypt(const void *ctx, uint8_t *dst,
					    const uint8_t *src, size_t nblocks,
					    uint8_t iv[16])
{
	__m128i v = loadu(iv);

#define CBC_BODY(nv) cbc_dec_group(ctx, dst, src, &v, nv, 0)
	GROUPS(nblocks, CBC_BODY);
#undef CBC_BODY
	if (nblocks)
		cbc_dec_group(ctx, dst, src, &v, 1, nblocks);
	storeu(iv, v);
}

/*
 * CTR, as in aes-vperm.c: the counter is one little-endian 128-bit number
 * (bytes reversed) per lane, the carry out of the low half is the top bit
 * of (c & n) | ((c | n) & ~sum): no comparison, no branch. Register i of
 * a group holds counter + 4i .. + 4i + 3.
 */
static INLINE __m128i ctr_add_x(__m128i c, __m128i n)
{
	__m128i s = _mm_add_epi64(c, n);
	__m128i carry = _mm_or_si128(_mm_and_si128(c, n),
				     _mm_andnot_si128(s, _mm_or_si128(c, n)));

	return _mm_add_epi64(s, _mm_slli_si128(_mm_srli_epi64(carry, 63), 8));
}

static INLINE __m512i ctr_add_z(__m512i c, __m512i n)
{
	__m512i s = _mm512_add_epi64(c, n);
	/* (c & n) | ((c | n) & ~s): truth table 0xd4 */
	__m512i carry = _mm512_ternarylogic_epi64(c, n, s, 0xd4);

	return _mm512_add_epi64(
		s, _mm512_bslli_epi128(_mm512_srli_epi64(carry, 63), 8));
}

static INLINE void ctr_group(const void *ctx, uint8_t *dst, const uint8_t *src,
			     __m128i *ctr, unsigned nv, size_t tail)
{
	const __m512i rev = _mm512_broadcast_i32x4(_mm_set_epi8(
		0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
	const __m512i base = _mm512_broadcast_i32x4(*ctr);
	__m512i x[NZ];
	unsigned i;

	for (i = 0; i < nv; i++)
		x[i] = _mm512_shuffle_epi8(
			ctr_add_z(base,
				  _mm512_set_epi64(0, 4 * i + 3, 0, 4 * i + 2,
						   0, 4 * i + 1, 0, 4 * i)),
			rev);
	*ctr = ctr_add_x(*ctr,
			 _mm_cvtsi64_si128(tail ? (long long)tail : 4 * nv));
	enc_blocks_z(ctx, x, nv);
	if (tail)
		store_tail(dst, _mm512_xor_si512(x[0], load_tail(src, tail)),
			   tail);
	for (i = 0; i < nv && !tail; i++)
		storeu4(dst + 64 * i,
			_mm512_xor_si512(x[i], loadu4(src + 64 * i)));
}

/* see registry.h (struct cryptarch_bulk.ctr_crypt) */
void cryptarch_aes_vperm_avx512_ctr_crypt(const void *ctx, uint8_t *dst,
					  const uint8_t *src, size_t nblocks,
					  uint8_t ctr[16])
{
	const __m128i rev = _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
					 12, 13, 14, 15);
	__m128i c = _mm_shuffle_epi8(loadu(ctr), rev);

#define CTR_BODY(nv) ctr_group(ctx, dst, src, &c, nv, 0)
	GROUPS(nblocks, CTR_BODY);
#undef CTR_BODY
	if (nblocks == 1) {
		storeu(dst, _mm_xor_si128(enc1_x(ctx, _mm_shuffle_epi8(c, rev)),
					  loadu(src)));
		c = ctr_add_x(c, _mm_cvtsi32_si128(1));
	} else if (nblocks) {
		ctr_group(ctx, dst, src, &c, 1, nblocks);
	}
	storeu(ctr, _mm_shuffle_epi8(c, rev));
}

/*
 * XTS. T times alpha (xts-tweak.h) in an xmm register, and T times alpha^4
 * in each lane of a zmm register: the 128-bit shift by 4 done on the two
 * 64-bit halves, the 4 bits shifted out of the top reduced by 0x87
 * (x^7 + x^2 + x + 1) with shifts; masks, no branch.
 */
static INLINE __m128i xts_double(__m128i t)
{
	__m128i m = _mm_shuffle_epi32(_mm_srai_epi32(t, 31),
				      _MM_SHUFFLE(0, 1, 0, 3));

	return _mm_xor_si128(_mm_slli_epi64(t, 1),
			     _mm_and_si128(m, _mm_set_epi32(0, 1, 0, 0x87)));
}

static INLINE __m512i xts_mul_alpha4(__m512i t)
{
	/* the bits shifted out of each half, and those out of the top */
	__m512i top = _mm512_srli_epi64(t, 60);
	__m512i r = _mm512_bsrli_epi128(top, 8);

	r = _mm512_xor_si512(
		_mm512_ternarylogic_epi64(r, _mm512_slli_epi64(r, 1),
					  _mm512_slli_epi64(r, 2), 0x96),
		_mm512_slli_epi64(r, 7));
	return _mm512_ternarylogic_epi64(_mm512_slli_epi64(t, 4),
					 _mm512_bslli_epi128(top, 8), r, 0x96);
}

/* TW holds the tweaks of the group's first four blocks; on return those
 * of the four blocks after the group (not updated for a tail). */
static INLINE void xts_group(const void *ctx, uint8_t *dst, const uint8_t *src,
			     __m512i *tw, unsigned nv, int dec, size_t tail)
{
	__m512i x[NZ], t[NZ];
	unsigned i;

	for (i = 0; i < nv; i++) {
		t[i] = *tw;
		if (!tail)
			*tw = xts_mul_alpha4(*tw);
		x[i] = _mm512_xor_si512(tail ? load_tail(src, tail) :
					       loadu4(src + 64 * i),
					t[i]);
	}
	crypt_z(ctx, x, nv, dec);
	if (tail)
		store_tail(dst, _mm512_xor_si512(x[0], t[0]), tail);
	for (i = 0; i < nv && !tail; i++)
		storeu4(dst + 64 * i, _mm512_xor_si512(x[i], t[i]));
}

static INLINE void xts(const void *ctx, uint8_t *dst, const uint8_t *src,
		       size_t nblocks, uint8_t tweak[16], int dec)
{
	__m128i t0 = loadu(tweak), t1 = xts_double(t0), t2 = xts_double(t1);
	__m512i tw = _mm512_castsi128_si512(t0);

	tw = _mm512_inserti32x4(tw, t1, 1);
	tw = _mm512_inserti32x4(tw, t2, 2);
	tw = _mm512_inserti32x4(tw, xts_double(t2), 3);
#define XTS_BODY(nv) xts_group(ctx, dst, src, &tw, nv, dec, 0)
	GROUPS(nblocks, XTS_BODY);
#undef XTS_BODY
	t0 = _mm512_castsi512_si128(tw);
	if (nblocks == 1 && !dec) {
		storeu(dst,
		       _mm_xor_si128(enc1_x(ctx, _mm_xor_si128(loadu(src), t0)),
				     t0));
	} else if (nblocks) {
		xts_group(ctx, dst, src, &tw, 1, dec, nblocks);
	}
	for (; nblocks; nblocks--)
		t0 = xts_double(t0);
	storeu(tweak, t0);
}

/* see registry.h (struct cryptarch_bulk.xts_encrypt) */
void cryptarch_aes_vperm_avx512_xts_encrypt(const void *ctx, uint8_t *dst,
					    const uint8_t *src, size_t nblocks,
					    uint8_t tweak[16])
{
	xts(ctx, dst, src, nblocks, tweak, 0);
}

/* see registry.h (struct cryptarch_bulk.xts_decrypt) */
void cryptarch_aes_vperm_avx512_xts_decrypt(const void *ctx, uint8_t *dst,
					    const uint8_t *src, size_t nblocks,
					    uint8_t tweak[16])
{
	xts(ctx, dst, src, nblocks, tweak, 1);
}
