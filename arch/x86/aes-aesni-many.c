/* SPDX-License-Identifier: MIT */
/*
 * aes-aesni-many.c - many independent CBC encryptions at once for driver
 * "aes-aesni" (the cbc hook's encrypt_many, descriptor in
 * aes-aesni-glue.c), built with -maes -msse4.1 (ISA group "aesni").
 *
 * Strategy: up to 8 requests in flight, one per xmm register (the lane
 * bookkeeping, its phases and refills in aes-x86-many.h). A chain is one
 * AESENC latency (about 4 cycles) per round and two AESENC issue per
 * cycle on AMD Zen 5, so 8 independent chains keep both units busy where
 * one request keeps one of them a quarter busy. Each step loads every
 * lane's next plaintext block, adds round key 0 to it and the sum to the
 * chaining value (one XOR on the chain), runs the rounds over the 8
 * registers and stores the ciphertexts, which are the next chaining
 * values. Fewer requests run on fewer registers (2 or 4); a single one
 * is the serial CBC encryption of aes-aesni.c.
 *
 * Constant-time: the AES instructions take the same time for every key
 * and data; no branch or memory index depends on a secret (branches
 * depend on the round count and the request count and lengths only).
 * Needs AES-NI and SSE2; builds for i686 too (8 xmm registers there: the
 * round keys are memory operands).
 * Speed: AES-128, 32 requests of 4 KiB, 0.26 (8 at a time) TSC cycles/byte
 * against 1.48 for one request at a time (AMD Zen 5, 2026-12-02; README,
 * "Many CBC encryptions in one call").
 */
#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "aes-aesni.h"
#include "aes-x86-many.h"

#define INLINE static inline __attribute__((always_inline))
#if defined(__clang__)
#define UNROLL _Pragma("clang loop unroll(full)")
#else
#define UNROLL _Pragma("GCC unroll 16")
#endif

/* Registers (lanes) at most. */
#define XW 8
_Static_assert(XW <= MANY_LANES, "lanes");

#define ROUND(rk, r, x, nz)                                              \
	do {                                                             \
		__m128i k_ = _mm_load_si128((rk) + (r));                 \
		int j_;                                                  \
                                                                         \
		UNROLL                                                   \
		for (j_ = 0; j_ < (nz); j_++)                            \
			(x)[j_] = _mm_aesenc_si128((x)[j_], k_);         \
	} while (0)

/* One phase of STEPS steps on NZ registers, round keys RK. */
INLINE void phase(const __m128i *rk, unsigned nr, struct many *m, int nz,
		  size_t steps)
{
	__m128i x[XW], k0 = _mm_load_si128(rk), kl = _mm_load_si128(rk + nr);
	size_t t;
	int j;

	UNROLL
	for (j = 0; j < nz; j++)
		x[j] = _mm_load_si128((const __m128i *)m->x[j]);
	for (t = 0; t < steps; t++) {
		size_t o = 16 * t;

		UNROLL
		for (j = 0; j < nz; j++)
			x[j] = _mm_xor_si128(
				x[j],
				_mm_xor_si128(_mm_loadu_si128((const __m128i *)(
						      m->src[j] + o)),
					      k0));
		ROUND(rk, 1, x, nz);
		ROUND(rk, 2, x, nz);
		ROUND(rk, 3, x, nz);
		ROUND(rk, 4, x, nz);
		ROUND(rk, 5, x, nz);
		ROUND(rk, 6, x, nz);
		ROUND(rk, 7, x, nz);
		ROUND(rk, 8, x, nz);
		ROUND(rk, 9, x, nz);
		if (nr > 10) {
			ROUND(rk, 10, x, nz);
			ROUND(rk, 11, x, nz);
		}
		if (nr > 12) {
			ROUND(rk, 12, x, nz);
			ROUND(rk, 13, x, nz);
		}
		UNROLL
		for (j = 0; j < nz; j++) {
			x[j] = _mm_aesenclast_si128(x[j], kl);
			_mm_storeu_si128((__m128i *)(m->dst[j] + o), x[j]);
		}
	}
	UNROLL
	for (j = 0; j < nz; j++)
		_mm_store_si128((__m128i *)m->x[j], x[j]);
}

INLINE void run(const __m128i *rk, unsigned nr, struct many *m, int nz)
{
	size_t steps;

	while ((steps = many_steps(m))) {
		phase(rk, nr, m, nz, steps);
		many_advance(m, steps);
	}
}

static void encrypt_many(const void *vctx, const struct cryptarch_request *req,
			 size_t n, int mac)
{
	const struct cryptarch_aes_aesni_ctx *ctx = vctx;
	const __m128i *rk = (const __m128i *)ctx->ek;
	size_t first, c = many_count(req, n, &first);
	struct many m;

	if (c <= 1) {
		if (c && mac)
			cryptarch_aes_aesni_cbcmac(ctx, req[first].iv,
						   req[first].src,
						   req[first].len / 16);
		else if (c)
			cryptarch_aes_aesni_cbc_encrypt(ctx, req[first].dst,
							req[first].src,
							req[first].len / 16,
							req[first].iv);
		return;
	}
	if (c > 4) {
		many_init_mode(&m, req, n, 8, mac);
		run(rk, ctx->rounds, &m, 8);
	} else if (c > 2) {
		many_init_mode(&m, req, n, 4, mac);
		run(rk, ctx->rounds, &m, 4);
	} else {
		many_init_mode(&m, req, n, 2, mac);
		run(rk, ctx->rounds, &m, 2);
	}
}

/* see aes-x86-many.h */
void cryptarch_aes_aesni_cbc_encrypt_many(const void *ctx,
					const struct cryptarch_request *req, size_t n)
{
	encrypt_many(ctx, req, n, 0);
}

/* see aes-x86-many.h */
void cryptarch_aes_aesni_cbcmac_many(const void *ctx,
					const struct cryptarch_request *req, size_t n)
{
	encrypt_many(ctx, req, n, 1);
}
