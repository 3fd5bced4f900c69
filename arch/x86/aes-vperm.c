/* SPDX-License-Identifier: MIT */
/*
 * aes-vperm.c - the SSSE3 code of driver "aes-vperm": AES-128/192/256 by
 * vector permutes (Hamburg, "Accelerating AES with Vector Permute
 * Instructions", CHES 2009), one block per xmm register. The rounds are
 * aes-vperm-core.h's: the S-box is an inversion in GF(2^8) seen as
 * GF(16)^2, five PSHUFB lookups in 16-byte nibble tables, with the affine
 * map, the changes of basis and the MixColumns factors in further nibble
 * tables; MixColumns is three byte shuffles and ShiftRows none. ECB, CBC
 * decryption, CTR and XTS keep four blocks in flight to hide the latency
 * of the shuffle chains; CBC encryption, serial by definition, and single
 * blocks run one, its state split into nibbles for a shorter chain.
 * Constant-time: PSHUFB is a register permute, every memory address and
 * branch depends only on lengths and round numbers, the key schedule
 * included (its SubWord is the same S-box). Built with -mssse3 (ISA
 * ssse3): call only after checking SSE2 and SSSE3; aes-vperm-glue.c has
 * the descriptor. Speed: see aes-vperm-glue.c.
 */
#include <stddef.h>
#include <stdint.h>
#include <tmmintrin.h>

#include "../../src/core/endian.h"
#include "../../src/core/memzero.h"
#include "aes-vperm.h"
#include "aes-vperm-tables.h"

#define INLINE inline __attribute__((always_inline))

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

/* Blocks in flight in the parallel modes. */
#define NV 4

static INLINE __m128i loadu(const uint8_t *p)
{
	return _mm_loadu_si128((const __m128i *)(const void *)p);
}

static INLINE void storeu(uint8_t *p, __m128i v)
{
	_mm_storeu_si128((__m128i *)(void *)p, v);
}

/* NV (a constant) blocks in X, in place; one block by enc1_x(). */
static INLINE void crypt_n(const void *ctx, __m128i *x, unsigned nv, int dec)
{
	if (dec)
		dec_blocks_x(ctx, x, nv);
	else if (nv == 1)
		x[0] = enc1_x(ctx, x[0]);
	else
		enc_blocks_x(ctx, x, nv);
}

/* see aes-vperm.h */
void cryptarch_aes_vperm_expand(struct cryptarch_aes_vperm_ctx *ctx,
				const uint8_t *key, size_t keylen)
{
	expand_key_x(ctx, key, keylen);
}

/* see registry.h (struct cryptarch_alg.encrypt) */
void cryptarch_aes_vperm_encrypt(const void *ctx, uint8_t *dst,
				 const uint8_t *src)
{
	storeu(dst, enc1_x(ctx, loadu(src)));
}

/* see registry.h (struct cryptarch_alg.decrypt) */
void cryptarch_aes_vperm_decrypt(const void *ctx, uint8_t *dst,
				 const uint8_t *src)
{
	__m128i x[1];

	x[0] = loadu(src);
	dec_blocks_x(ctx, x, 1);
	storeu(dst, x[0]);
}

static INLINE void ecb_group(const void *ctx, uint8_t *dst, const uint8_t *src,
			     unsigned nv, int dec)
{
	__m128i x[NV];
	unsigned i;

	for (i = 0; i < nv; i++)
		x[i] = loadu(src + 16 * i);
	crypt_n(ctx, x, nv, dec);
	for (i = 0; i < nv; i++)
		storeu(dst + 16 * i, x[i]);
}

static INLINE void ecb(const void *ctx, uint8_t *dst, const uint8_t *src,
		       size_t nblocks, int dec)
{
	for (; nblocks >= NV; nblocks -= NV, src += 16 * NV, dst += 16 * NV)
		ecb_group(ctx, dst, src, NV, dec);
	for (; nblocks >= 2; nblocks -= 2, src += 32, dst += 32)
		ecb_group(ctx, dst, src, 2, dec);
	if (nblocks)
		ecb_group(ctx, dst, src, 1, dec);
}

/* see registry.h (struct cryptarch_bulk.ecb_encrypt) */
void cryptarch_aes_vperm_ecb_encrypt(const void *ctx, uint8_t *dst,
				     const uint8_t *src, size_t nblocks)
{
	ecb(ctx, dst, src, nblocks, 0);
}

/* see registry.h (struct cryptarch_bulk.ecb_decrypt) */
void cryptarch_aes_vperm_ecb_decrypt(const void *ctx, uint8_t *dst,
				     const uint8_t *src, size_t nblocks)
{
	ecb(ctx, dst, src, nblocks, 1);
}

/* see registry.h (struct cryptarch_bulk.cbc_encrypt) */
void cryptarch_aes_vperm_cbc_encrypt(const void *ctx, uint8_t *dst,
				     const uint8_t *src, size_t nblocks,
				     uint8_t iv[16])
{
	cbc_enc_x(ctx, dst, src, nblocks, iv);
}

/* NV ciphertext blocks; all are read before any is written (in place). */
static INLINE void cbc_dec_group(const void *ctx, uint8_t *dst,
				 const uint8_t *src, __m128i *iv, unsigned nv)
{
	__m128i x[NV], c[NV];
	unsigned i;

	for (i = 0; i < nv; i++)
		x[i] = c[i] = loadu(src + 16 * i);
	crypt_n(ctx, x, nv, 1);
	storeu(dst, _mm_xor_si128(x[0], *iv));
	for (i = 1; i < nv; i++)
		storeu(dst + 16 * i, _mm_xor_si128(x[i], c[i - 1]));
	*iv = c[nv - 1];
}

/* see registry.h (struct cryptarch_bulk.cbc_decrypt) */
void cryptarch_aes_vperm_cbc_decrypt(const void *ctx, uint8_t *dst,
				     const uint8_t *src, size_t nblocks,
				     uint8_t iv[16])
{
	__m128i v = loadu(iv);

	for (; nblocks >= NV; nblocks -= NV, src += 16 * NV, dst += 16 * NV)
		cbc_dec_group(ctx, dst, src, &v, NV);
	for (; nblocks >= 2; nblocks -= 2, src += 32, dst += 32)
		cbc_dec_group(ctx, dst, src, &v, 2);
	if (nblocks)
		cbc_dec_group(ctx, dst, src, &v, 1);
	storeu(iv, v);
}

/*
 * CTR. The counter is kept as one little-endian 128-bit number (its bytes
 * reversed) in a register: adding N (in the low 64-bit half of the vector
 * N) takes the carry out of the low half from the top bit of
 * (c & n) | ((c | n) & ~sum), never from a comparison, so no branch and no
 * induction variable of the compiler's depends on the secret counter.
 */
static INLINE __m128i ctr_add(__m128i c, __m128i n)
{
	__m128i s = _mm_add_epi64(c, n);
	__m128i carry = _mm_or_si128(_mm_and_si128(c, n),
				     _mm_andnot_si128(s, _mm_or_si128(c, n)));

	return _mm_add_epi64(s, _mm_slli_si128(_mm_srli_epi64(carry, 63), 8));
}

static INLINE void ctr_group(const void *ctx, uint8_t *dst, const uint8_t *src,
			     __m128i *ctr, unsigned nv)
{
	const __m128i rev = _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
					 12, 13, 14, 15);
	__m128i x[NV];
	unsigned i;

	x[0] = _mm_shuffle_epi8(*ctr, rev);
	for (i = 1; i < nv; i++)
		x[i] = _mm_shuffle_epi8(
			ctr_add(*ctr, _mm_cvtsi32_si128((int)i)), rev);
	*ctr = ctr_add(*ctr, _mm_cvtsi32_si128((int)nv));
	crypt_n(ctx, x, nv, 0);
	for (i = 0; i < nv; i++)
		storeu(dst + 16 * i, _mm_xor_si128(x[i], loadu(src + 16 * i)));
}

/* see registry.h (struct cryptarch_bulk.ctr_crypt) */
void cryptarch_aes_vperm_ctr_crypt(const void *ctx, uint8_t *dst,
				   const uint8_t *src, size_t nblocks,
				   uint8_t ctr[16])
{
	const __m128i rev = _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
					 12, 13, 14, 15);
	__m128i c = _mm_shuffle_epi8(loadu(ctr), rev);

	for (; nblocks >= NV; nblocks -= NV, src += 16 * NV, dst += 16 * NV)
		ctr_group(ctx, dst, src, &c, NV);
	for (; nblocks >= 2; nblocks -= 2, src += 32, dst += 32)
		ctr_group(ctx, dst, src, &c, 2);
	if (nblocks)
		ctr_group(ctx, dst, src, &c, 1);
	storeu(ctr, _mm_shuffle_epi8(c, rev));
}

/* T times alpha in GF(2^128), IEEE 1619 order (xts-tweak.h): a shift of
 * the two 64-bit halves, the carry and the reduction 0x87 by masks. */
static INLINE __m128i xts_double(__m128i t)
{
	__m128i m = _mm_shuffle_epi32(_mm_srai_epi32(t, 31),
				      _MM_SHUFFLE(0, 1, 0, 3));

	return _mm_xor_si128(_mm_slli_epi64(t, 1),
			     _mm_and_si128(m, _mm_set_epi32(0, 1, 0, 0x87)));
}

static INLINE void xts_group(const void *ctx, uint8_t *dst, const uint8_t *src,
			     __m128i *tweak, unsigned nv, int dec)
{
	__m128i x[NV], t[NV];
	unsigned i;

	for (i = 0; i < nv; i++) {
		t[i] = *tweak;
		*tweak = xts_double(*tweak);
		x[i] = _mm_xor_si128(loadu(src + 16 * i), t[i]);
	}
	crypt_n(ctx, x, nv, dec);
	for (i = 0; i < nv; i++)
		storeu(dst + 16 * i, _mm_xor_si128(x[i], t[i]));
}

static INLINE void xts(const void *ctx, uint8_t *dst, const uint8_t *src,
		       size_t nblocks, uint8_t tweak[16], int dec)
{
	__m128i t = loadu(tweak);

	for (; nblocks >= NV; nblocks -= NV, src += 16 * NV, dst += 16 * NV)
		xts_group(ctx, dst, src, &t, NV, dec);
	for (; nblocks >= 2; nblocks -= 2, src += 32, dst += 32)
		xts_group(ctx, dst, src, &t, 2, dec);
	if (nblocks)
		xts_group(ctx, dst, src, &t, 1, dec);
	storeu(tweak, t);
}

/* see registry.h (struct cryptarch_bulk.xts_encrypt) */
void cryptarch_aes_vperm_xts_encrypt(const void *ctx, uint8_t *dst,
				     const uint8_t *src, size_t nblocks,
				     uint8_t tweak[16])
{
	xts(ctx, dst, src, nblocks, tweak, 0);
}

/* see registry.h (struct cryptarch_bulk.xts_decrypt) */
void cryptarch_aes_vperm_xts_decrypt(const void *ctx, uint8_t *dst,
				     const uint8_t *src, size_t nblocks,
				     uint8_t tweak[16])
{
	xts(ctx, dst, src, nblocks, tweak, 1);
}
