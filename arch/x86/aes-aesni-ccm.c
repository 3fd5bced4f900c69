/* SPDX-License-Identifier: MIT */
/*
 * aes-aesni-ccm.c - aes-aesni's CCM hook (src/modes/ccm.h): the CBC-MAC
 * chain and the counter keystream of CCM's payload in one loop over one
 * key schedule held in registers. The chain X = E(X ^ P) is serial, one
 * AESENC latency per round; the counter block of the same block (on
 * encryption) or of the next one (on decryption, where the chain needs
 * the plaintext first) goes through the same rounds beside it, in the
 * chain's latency shadow, so the payload costs what the CBC-MAC alone
 * does. As aes-aesni's CBC-MAC, the next block is folded into the last
 * round key (AESENCLAST with klast ^ k0 ^ P gives the next state after
 * round 0). Built with the AES-NI instruction set; constant-time
 * (hardware rounds, no table, no secret-dependent branch or index).
 */
#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "aes-aesni.h"

#define INLINE static inline __attribute__((always_inline))
#if defined(__clang__)
#define UNROLL _Pragma("clang loop unroll(full)")
#else
#define UNROLL _Pragma("GCC unroll 16")
#endif

INLINE __m128i loadu(const uint8_t *p)
{
	return _mm_loadu_si128((const __m128i *)p);
}

INLINE void storeu(uint8_t *p, __m128i v)
{
	_mm_storeu_si128((__m128i *)p, v);
}

/* The counter block HI || LO (big-endian halves) as AESENC takes it,
 * XORed with round key 0; then the counter advanced by one. */
INLINE __m128i next_ctr(uint64_t *hi, uint64_t *lo, __m128i k0)
{
	const __m128i bswap = _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
					   11, 12, 13, 14, 15);
	__m128i c = _mm_shuffle_epi8(
		_mm_set_epi64x((long long)*hi, (long long)*lo), bswap);

	/* The counter holds the nonce: the carry comes without a compare,
	 * and the barrier keeps the compiler from counting the loop on the
	 * counter instead of the block index (a branch on it, though its
	 * outcome is the public length). */
	*lo += 1;
	__asm__("" : "+r"(*lo));
	*hi += 1 ^ ((*lo | (0 - *lo)) >> 63);
	return _mm_xor_si128(c, k0);
}

/* Encryption: per block, X = E(X ^ P) and C = P ^ E(CTR) side by side. */
INLINE void ccm_enc(const __m128i *rk, const unsigned nr, uint8_t *dst,
		    const uint8_t *src, size_t n, uint8_t ctr[16],
		    uint8_t xio[16])
{
	__m128i k[CRYPTARCH_AES_AESNI_MAX_ROUNDS + 1], x, c, kl, klk0, p;
	uint64_t hi, lo;
	unsigned r;
	size_t i;

	UNROLL
	for (r = 0; r <= nr; r++)
		k[r] = _mm_load_si128(rk + r);
	kl = k[nr];
	klk0 = _mm_xor_si128(kl, k[0]);
	cryptarch_aes_aesni_ctr_get(ctr, &hi, &lo);
	x = _mm_xor_si128(loadu(xio), _mm_xor_si128(loadu(src), k[0]));
	for (i = 0; i < n; i++) {
		c = next_ctr(&hi, &lo, k[0]);
		UNROLL
		for (r = 1; r < nr; r++) {
			x = _mm_aesenc_si128(x, k[r]);
			c = _mm_aesenc_si128(c, k[r]);
		}
		p = loadu(src + 16 * i);
		/* the next block's MAC input is read before this block's
		 * ciphertext is stored (in place, the same bytes follow) */
		x = _mm_aesenclast_si128(
			x, i + 1 < n ? _mm_xor_si128(klk0,
						     loadu(src + 16 * i + 16)) :
				       kl);
		storeu(dst + 16 * i,
		       _mm_aesenclast_si128(c, _mm_xor_si128(kl, p)));
	}
	storeu(xio, x);
	cryptarch_aes_aesni_ctr_put(ctr, hi, lo);
}

/* Decryption: P = C ^ E(CTR) first (the chain needs it), so the counter
 * block of block i + 1 runs beside the chain of block i. */
INLINE void ccm_dec(const __m128i *rk, const unsigned nr, uint8_t *dst,
		    const uint8_t *src, size_t n, uint8_t ctr[16],
		    uint8_t xio[16])
{
	__m128i k[CRYPTARCH_AES_AESNI_MAX_ROUNDS + 1], x, c, kl, klk0, p;
	uint64_t hi, lo;
	unsigned r;
	size_t i;

	UNROLL
	for (r = 0; r <= nr; r++)
		k[r] = _mm_load_si128(rk + r);
	kl = k[nr];
	klk0 = _mm_xor_si128(kl, k[0]);
	cryptarch_aes_aesni_ctr_get(ctr, &hi, &lo);
	c = next_ctr(&hi, &lo, k[0]);
	UNROLL
	for (r = 1; r < nr; r++)
		c = _mm_aesenc_si128(c, k[r]);
	p = _mm_aesenclast_si128(c, _mm_xor_si128(kl, loadu(src)));
	storeu(dst, p);
	x = _mm_xor_si128(loadu(xio), _mm_xor_si128(p, k[0]));
	for (i = 0; i + 1 < n; i++) {
		c = next_ctr(&hi, &lo, k[0]);
		UNROLL
		for (r = 1; r < nr; r++) {
			x = _mm_aesenc_si128(x, k[r]);
			c = _mm_aesenc_si128(c, k[r]);
		}
		p = _mm_aesenclast_si128(
			c, _mm_xor_si128(kl, loadu(src + 16 * i + 16)));
		storeu(dst + 16 * i + 16, p);
		x = _mm_aesenclast_si128(x, _mm_xor_si128(klk0, p));
	}
	UNROLL
	for (r = 1; r < nr; r++)
		x = _mm_aesenc_si128(x, k[r]);
	storeu(xio, _mm_aesenclast_si128(x, kl));
	cryptarch_aes_aesni_ctr_put(ctr, hi, lo);
}

/* see aes-aesni.h */
void cryptarch_aes_aesni_ccm_encrypt(const void *vctx, uint8_t *dst,
				     const uint8_t *src, size_t nblocks,
				     uint8_t ctr[16], uint8_t x[16])
{
	const struct cryptarch_aes_aesni_ctx *ctx = vctx;
	const __m128i *rk = (const __m128i *)ctx->ek;

	if (ctx->rounds == 10)
		ccm_enc(rk, 10, dst, src, nblocks, ctr, x);
	else if (ctx->rounds == 12)
		ccm_enc(rk, 12, dst, src, nblocks, ctr, x);
	else
		ccm_enc(rk, 14, dst, src, nblocks, ctr, x);
}

/* see aes-aesni.h */
void cryptarch_aes_aesni_ccm_decrypt(const void *vctx, uint8_t *dst,
				     const uint8_t *src, size_t nblocks,
				     uint8_t ctr[16], uint8_t x[16])
{
	const struct cryptarch_aes_aesni_ctx *ctx = vctx;
	const __m128i *rk = (const __m128i *)ctx->ek;

	if (ctx->rounds == 10)
		ccm_dec(rk, 10, dst, src, nblocks, ctr, x);
	else if (ctx->rounds == 12)
		ccm_dec(rk, 12, dst, src, nblocks, ctr, x);
	else
		ccm_dec(rk, 14, dst, src, nblocks, ctr, x);
}
