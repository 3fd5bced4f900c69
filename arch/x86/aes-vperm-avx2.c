/* SPDX-License-Identifier: MIT */
/*
 * aes-vperm-avx2.c - the AVX2 code of driver "aes-vperm-avx2": the
 * vector-permute AES of aes-vperm.c (Hamburg, CHES 2009; rounds in
 * aes-vperm-core.h) with two blocks per ymm register. VPSHUFB permutes
 * within each 128-bit lane, which is exactly what the method needs, so the
 * rounds are aes-vperm's with every table broadcast to both lanes. ECB,
 * CBC decryption, CTR and XTS keep four ymm registers (eight blocks) in
 * flight; shorter tails take pairs, then one block in an xmm register. The
 * key schedule, single blocks and CBC encryption are the 128-bit code,
 * here VEX-encoded. Constant-time: as aes-vperm (register permutes only;
 * addresses and branches depend on lengths and round numbers). Built with
 * -mavx -mavx2 (ISA avx2): call only after checking AVX and AVX2;
 * aes-vperm-wide-glue.c has the descriptor. Speed: see there.
 */
#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "../../src/core/endian.h"
#include "../../src/core/memzero.h"
#include "aes-vperm.h"
#include "aes-vperm-tables.h"

#define INLINE inline __attribute__((always_inline))

/* ---- one block per xmm register ------------------------------------- */

#define VP_V __m128i
#define VP_FN(name) name##_x
#define VP_XOR(a, b) _mm_xor_si128(a, b)
#define VP_XOR3(a, b, c) _mm_xor_si128(_mm_xor_si128(a, b), c)
#define VP_AND(a, b) _mm_and_si128(a, b)
#define VP_SHUF(t, i) _mm_shuffle_epi8(t, i)
#define VP_SRL4(x) _mm_srli_epi16(x, 4)
#define VP_BCAST(p) _mm_load_si128((const __m128i *)(const void *)(p))
#define VP_SET1(b) _mm_set1_epi8((char)(b))
#define VP_SINGLE
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

/* ---- two blocks per ymm register ------------------------------------ */

#define VP_V __m256i
#define VP_FN(name) name##_y
#define VP_XOR(a, b) _mm256_xor_si256(a, b)
#define VP_XOR3(a, b, c) _mm256_xor_si256(_mm256_xor_si256(a, b), c)
#define VP_AND(a, b) _mm256_and_si256(a, b)
#define VP_SHUF(t, i) _mm256_shuffle_epi8(t, i)
#define VP_SRL4(x) _mm256_srli_epi16(x, 4)
#define VP_BCAST(p)                  \
	_mm256_broadcastsi128_si256( \
		_mm_load_si128((const __m128i *)(const void *)(p)))
#define VP_SET1(b) _mm256_set1_epi8((char)(b))
#include "aes-vperm-core.h"

/* ymm registers in flight in the parallel modes (two blocks each). */
#define NY 4

static INLINE __m128i loadu(const uint8_t *p)
{
	return _mm_loadu_si128((const __m128i *)(const void *)p);
}

static INLINE void storeu(uint8_t *p, __m128i v)
{
	_mm_storeu_si128((__m128i *)(void *)p, v);
}

static INLINE __m256i loadu2(const uint8_t *p)
{
	return _mm256_loadu_si256((const __m256i *)(const void *)p);
}

static INLINE void storeu2(uint8_t *p, __m256i v)
{
	_mm256_storeu_si256((__m256i *)(void *)p, v);
}

/* One block in an xmm register, in place. */
static INLINE __m128i crypt1(const void *ctx, __m128i x, int dec)
{
	__m128i v[1];

	if (!dec)
		return enc1_x(ctx, x);
	v[0] = x;
	dec_blocks_x(ctx, v, 1);
	return v[0];
}

static INLINE void crypt_y(const void *ctx, __m256i *x, unsigned nv, int dec)
{
	if (dec)
		dec_blocks_y(ctx, x, nv);
	else
		enc_blocks_y(ctx, x, nv);
}

/* see aes-vperm.h */
void cryptarch_aes_vperm_avx2_expand(struct cryptarch_aes_vperm_ctx *ctx,
				     const uint8_t *key, size_t keylen)
{
	expand_key_x(ctx, key, keylen);
}

/* see registry.h (struct cryptarch_alg.encrypt) */
void cryptarch_aes_vperm_avx2_encrypt(const void *ctx, uint8_t *dst,
				      const uint8_t *src)
{
	storeu(dst, crypt1(ctx, loadu(src), 0));
}

/* see registry.h (struct cryptarch_alg.decrypt) */
void cryptarch_aes_vperm_avx2_decrypt(const void *ctx, uint8_t *dst,
				      const uint8_t *src)
{
	storeu(dst, crypt1(ctx, loadu(src), 1));
}

/* see registry.h (struct cryptarch_bulk.cbc_encrypt) */
void cryptarch_aes_vperm_avx2_cbc_encrypt(const void *ctx, uint8_t *dst,
					  const uint8_t *src, size_t nblocks,
					  uint8_t iv[16])
{
	cbc_enc_x(ctx, dst, src, nblocks, iv);
}

/*
 * Every parallel mode runs groups of NV ymm registers (2 NV blocks) with
 * NV = NY while it can, then NV = 2 and 1, then a last odd block in an xmm
 * register: GROUPS(n, body) expands BODY with the constant NV and the
 * block count N, advancing SRC and DST.
 */
#define GROUPS(n, body)                                             \
	do {                                                        \
		for (; (n) >= 2 * NY;                               \
		     (n) -= 2 * NY, src += 32 * NY, dst += 32 * NY) \
			body(NY);                                   \
		if (NY > 2 && (n) >= 4) {                           \
			body(2);                                    \
			(n) -= 4, src += 64, dst += 64;             \
		}                                                   \
		if ((n) >= 2) {                                     \
			body(1);                                    \
			(n) -= 2, src += 32, dst += 32;             \
		}                                                   \
	} while (0)

static INLINE void ecb_group(const void *ctx, uint8_t *dst, const uint8_t *src,
			     unsigned nv, int dec)
{
	__m256i x[NY];
	unsigned i;

	for (i = 0; i < nv; i++)
		x[i] = loadu2(src + 32 * i);
	crypt_y(ctx, x, nv, dec);
	for (i = 0; i < nv; i++)
		storeu2(dst + 32 * i, x[i]);
}

static INLINE void ecb(const void *ctx, uint8_t *dst, const uint8_t *src,
		       size_t nblocks, int dec)
{
#define ECB_BODY(nv) ecb_group(ctx, dst, src, nv, dec)
	GROUPS(nblocks, ECB_BODY);
#undef ECB_BODY
	if (nblocks)
		storeu(dst, crypt1(ctx, loadu(src), dec));
}

/* see registry.h (struct cryptarch_bulk.ecb_encrypt) */
void cryptarch_aes_vperm_avx2_ecb_encrypt(const void *ctx, uint8_t *dst,
					  const uint8_t *src, size_t nblocks)
{
	ecb(ctx, dst, src, nblocks, 0);
}

/* see registry.h (struct cryptarch_bulk.ecb_decrypt) */
void cryptarch_aes_vperm_avx2_ecb_decrypt(const void *ctx, uint8_t *dst,
					  const uint8_t *src, size_t nblocks)
{
	ecb(ctx, dst, src, nblocks, 1);
}

/*
 * 2 NV ciphertext blocks. Register i holds blocks 2i and 2i + 1, and the
 * blocks before them are [IV, C0] for i = 0 and the 32 bytes 16 before it
 * otherwise; all are read before anything is written (in place).
 */
static INLINE void cbc_dec_group(const void *ctx, uint8_t *dst,
				 const uint8_t *src, __m128i *iv, unsigned nv)
{
	__m256i x[NY], prev[NY];
	unsigned i;

	for (i = 0; i < nv; i++)
		x[i] = loadu2(src + 32 * i);
	prev[0] = _mm256_inserti128_si256(_mm256_castsi128_si256(*iv),
					  _mm256_castsi256_si128(x[0]), 1);
	for (i = 1; i < nv; i++)
		prev[i] = loadu2(src + 32 * i - 16);
	*iv = _mm256_extracti128_si256(x[nv - 1], 1);
	dec_blocks_y(ctx, x, nv);
	for (i = 0; i < nv; i++)
		storeu2(dst + 32 * i, _mm256_xor_si256(x[i], prev[i]));
}

/* see registry.h (struct cryptarch_bulk.cbc_decrypt) */
void cryptarch_aes_vperm_avx2_cbc_decrypt(const void *ctx, uint8_t *dst,
					  const uint8_t *src, size_t nblocks,
					  uint8_t iv[16])
{
	__m128i v = loadu(iv), c;

#define CBC_BODY(nv) cbc_dec_group(ctx, dst, src, &v, nv)
	GROUPS(nblocks, CBC_BODY);
#undef CBC_BODY
	if (nblocks) {
		c = loadu(src);
		storeu(dst, _mm_xor_si128(crypt1(ctx, c, 1), v));
		v = c;
	}
	storeu(iv, v);
}

/*
 * CTR. As in aes-vperm.c the counter is one little-endian 128-bit number
 * (bytes reversed) per lane, and adding takes the carry out of the low
 * half from the top bit of (c & n) | ((c | n) & ~sum): no comparison, no
 * branch. Register i of a group holds counter + 2i and + 2i + 1.
 */
static INLINE __m128i ctr_add_x(__m128i c, __m128i n)
{
	__m128i s = _mm_add_epi64(c, n);
	__m128i carry = _mm_or_si128(_mm_and_si128(c, n),
				     _mm_andnot_si128(s, _mm_or_si128(c, n)));

	return _mm_add_epi64(s, _mm_slli_si128(_mm_srli_epi64(carry, 63), 8));
}

static INLINE __m256i ctr_add_y(__m256i c, __m256i n)
{
	__m256i s = _mm256_add_epi64(c, n);
	__m256i carry =
		_mm256_or_si256(_mm256_and_si256(c, n),
				_mm256_andnot_si256(s, _mm256_or_si256(c, n)));

	return _mm256_add_epi64(
		s, _mm256_slli_si256(_mm256_srli_epi64(carry, 63), 8));
}

static INLINE void ctr_group(const void *ctx, uint8_t *dst, const uint8_t *src,
			     __m128i *ctr, unsigned nv)
{
	const __m256i rev = _mm256_broadcastsi128_si256(_mm_set_epi8(
		0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
	const __m256i base = _mm256_broadcastsi128_si256(*ctr);
	__m256i x[NY];
	unsigned i;

	for (i = 0; i < nv; i++)
		x[i] = _mm256_shuffle_epi8(
			ctr_add_y(base,
				  _mm256_set_epi64x(0, 2 * i + 1, 0, 2 * i)),
			rev);
	*ctr = ctr_add_x(*ctr, _mm_cvtsi32_si128((int)(2 * nv)));
	enc_blocks_y(ctx, x, nv);
	for (i = 0; i < nv; i++)
		storeu2(dst + 32 * i,
			_mm256_xor_si256(x[i], loadu2(src + 32 * i)));
}

/* see registry.h (struct cryptarch_bulk.ctr_crypt) */
void cryptarch_aes_vperm_avx2_ctr_crypt(const void *ctx, uint8_t *dst,
					const uint8_t *src, size_t nblocks,
					uint8_t ctr[16])
{
	const __m128i rev = _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
					 12, 13, 14, 15);
	__m128i c = _mm_shuffle_epi8(loadu(ctr), rev);

#define CTR_BODY(nv) ctr_group(ctx, dst, src, &c, nv)
	GROUPS(nblocks, CTR_BODY);
#undef CTR_BODY
	if (nblocks) {
		storeu(dst, _mm_xor_si128(enc1_x(ctx, _mm_shuffle_epi8(c, rev)),
					  loadu(src)));
		c = ctr_add_x(c, _mm_cvtsi32_si128(1));
	}
	storeu(ctr, _mm_shuffle_epi8(c, rev));
}

/*
 * XTS. T times alpha (xts-tweak.h) in an xmm register, and T times alpha^2
 * in each lane of a ymm register: the 128-bit shift by K done on the two
 * 64-bit halves, the K bits shifted out of the top reduced by 0x87
 * (x^7 + x^2 + x + 1) with shifts; masks, no branch.
 */
static INLINE __m128i xts_double(__m128i t)
{
	__m128i m = _mm_shuffle_epi32(_mm_srai_epi32(t, 31),
				      _MM_SHUFFLE(0, 1, 0, 3));

	return _mm_xor_si128(_mm_slli_epi64(t, 1),
			     _mm_and_si128(m, _mm_set_epi32(0, 1, 0, 0x87)));
}

static INLINE __m256i xts_mul_alpha2(__m256i t)
{
	__m256i top = _mm256_srli_epi64(t, 62);
	__m256i r = _mm256_srli_si256(top, 8);

	r = _mm256_xor_si256(_mm256_xor_si256(r, _mm256_slli_epi64(r, 1)),
			     _mm256_xor_si256(_mm256_slli_epi64(r, 2),
					      _mm256_slli_epi64(r, 7)));
	return _mm256_xor_si256(_mm256_xor_si256(_mm256_slli_epi64(t, 2), r),
				_mm256_slli_si256(top, 8));
}

/* TW holds the tweaks of the group's first two blocks; on return those of
 * the two blocks after the group. */
static INLINE void xts_group(const void *ctx, uint8_t *dst, const uint8_t *src,
			     __m256i *tw, unsigned nv, int dec)
{
	__m256i x[NY], t[NY];
	unsigned i;

	for (i = 0; i < nv; i++) {
		t[i] = *tw;
		*tw = xts_mul_alpha2(*tw);
		x[i] = _mm256_xor_si256(loadu2(src + 32 * i), t[i]);
	}
	crypt_y(ctx, x, nv, dec);
	for (i = 0; i < nv; i++)
		storeu2(dst + 32 * i, _mm256_xor_si256(x[i], t[i]));
}

static INLINE void xts(const void *ctx, uint8_t *dst, const uint8_t *src,
		       size_t nblocks, uint8_t tweak[16], int dec)
{
	__m128i t = loadu(tweak);
	__m256i tw = _mm256_inserti128_si256(_mm256_castsi128_si256(t),
					     xts_double(t), 1);

#define XTS_BODY(nv) xts_group(ctx, dst, src, &tw, nv, dec)
	GROUPS(nblocks, XTS_BODY);
#undef XTS_BODY
	t = _mm256_castsi256_si128(tw);
	if (nblocks) {
		storeu(dst,
		       _mm_xor_si128(crypt1(ctx, _mm_xor_si128(loadu(src), t),
					    dec),
				     t));
		t = xts_double(t);
	}
	storeu(tweak, t);
}

/* see registry.h (struct cryptarch_bulk.xts_encrypt) */
void cryptarch_aes_vperm_avx2_xts_encrypt(const void *ctx, uint8_t *dst,
					  const uint8_t *src, size_t nblocks,
					  uint8_t tweak[16])
{
	xts(ctx, dst, src, nblocks, tweak, 0);
}

/* see registry.h (struct cryptarch_bulk.xts_decrypt) */
void cryptarch_aes_vperm_avx2_xts_decrypt(const void *ctx, uint8_t *dst,
					  const uint8_t *src, size_t nblocks,
					  uint8_t tweak[16])
{
	xts(ctx, dst, src, nblocks, tweak, 1);
}
