/* SPDX-License-Identifier: MIT */
/*
 * aes-vaes-avx2-many.c - many independent CBC encryptions at once for
 * driver "aes-vaes-avx2" (the cbc hook's encrypt_many, descriptor in
 * aes-vaes-avx2-glue.c), built with -mvaes -mavx2 (ISA group "vaes256").
 *
 * Strategy: up to 16 requests in flight, one per 128-bit lane of 8 ymm
 * registers (the lane bookkeeping, its phases and refills in
 * aes-x86-many.h). A chain is one VAESENC latency (about 4 cycles) per
 * round and two VAESENC issue per cycle on AMD Zen 5, so 8 independent
 * registers keep both units busy where one request keeps one lane of
 * one. Each step gathers every lane's next plaintext block into its slot
 * adds round key 0 to it and the sum to the chaining value (one XOR on
 * the chain), runs the rounds with every round key broadcast (16 ymm
 * registers do not hold them all: some are memory operands) and stores
 * the ciphertexts, which are the next chaining values. Four steps go
 * together: each lane's four blocks (a cache line) in two 32-byte loads,
 * VPERM2I128 between the lanes and the steps, and back for the stores;
 * the steps of a phase past its last group of four gather the blocks one
 * at a time (VINSERTI128 from memory, VEXTRACTI128 to memory). Fewer requests run on fewer registers (1, 2 or 4: the chain
 * latency is the same, the gathers fewer); a single one is aes-aesni's
 * serial CBC encryption.
 *
 * Constant-time: VAES instructions take the same time for every key and
 * data; no branch or memory index depends on a secret (branches depend on
 * the round count and the request count and lengths only). Ends with
 * VZEROUPPER. Needs VAES, AVX and AVX2 (and AES-NI for the shared code).
 * Speed: AES-128, 32 requests of 4 KiB, 0.15 (0.20 page-aligned) TSC cycles/byte
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

typedef __m256i ymm;

/* Registers at most, 2 lanes each. */
#define YW 8
#define LANES (2 * YW)
_Static_assert(LANES <= MANY_LANES, "lanes");

/* Round keys 0 .. NR-1 broadcast to the two lanes (those past the key
 * size's unused), the last one apart. */
struct keys {
	ymm k[CRYPTARCH_AES_AESNI_MAX_ROUNDS];
	ymm kl;
};

INLINE void load_keys(struct keys *ks, const __m128i *rk, unsigned nr)
{
	unsigned r;

	UNROLL
	for (r = 0; r < CRYPTARCH_AES_AESNI_MAX_ROUNDS; r++)
		ks->k[r] = _mm256_broadcastsi128_si256(_mm_load_si128(rk + r));
	ks->kl = _mm256_broadcastsi128_si256(_mm_load_si128(rk + nr));
}

/* Lanes 2J and 2J+1's blocks at offset O. */
INLINE ymm gather(const struct many *m, int j, size_t o)
{
	const uint8_t *const *s = m->src + 2 * j;

	return _mm256_inserti128_si256(
		_mm256_castsi128_si256(
			_mm_loadu_si128((const __m128i *)(s[0] + o))),
		_mm_loadu_si128((const __m128i *)(s[1] + o)), 1);
}

INLINE void scatter(const struct many *m, int j, size_t o, ymm v)
{
	uint8_t *const *d = m->dst + 2 * j;

	_mm_storeu_si128((__m128i *)(d[0] + o), _mm256_castsi256_si128(v));
	_mm_storeu_si128((__m128i *)(d[1] + o), _mm256_extracti128_si256(v, 1));
}

#define ROUND(ks, r, x, nz)                                              \
	do {                                                             \
		int j_;                                                  \
                                                                         \
		UNROLL                                                   \
		for (j_ = 0; j_ < (nz); j_++)                            \
			(x)[j_] = _mm256_aesenc_epi128((x)[j_], (ks)->k[r]); \
	} while (0)

/* Rounds 1 .. NR-1 and the last of NZ registers X (round key 0 added). */
INLINE void rounds(const struct keys *ks, unsigned nr, ymm *x, int nz)
{
	int j;

	ROUND(ks, 1, x, nz);
	ROUND(ks, 2, x, nz);
	ROUND(ks, 3, x, nz);
	ROUND(ks, 4, x, nz);
	ROUND(ks, 5, x, nz);
	ROUND(ks, 6, x, nz);
	ROUND(ks, 7, x, nz);
	ROUND(ks, 8, x, nz);
	ROUND(ks, 9, x, nz);
	if (nr > 10) {
		ROUND(ks, 10, x, nz);
		ROUND(ks, 11, x, nz);
	}
	if (nr > 12) {
		ROUND(ks, 12, x, nz);
		ROUND(ks, 13, x, nz);
	}
	UNROLL
	for (j = 0; j < nz; j++)
		x[j] = _mm256_aesenclast_epi128(x[j], ks->kl);
}

/*
 * Four steps at offset O: each lane's four blocks in two 32-byte loads and
 * stores (one cache line), VPERM2I128 between the lanes' halves and the
 * step registers, so that every lane touches each of its lines once (16-byte
 * accesses, four to a line, miss again and again where page-aligned
 * requests crowd the L1 sets).
 */
INLINE void group(const struct keys *ks, unsigned nr, struct many *m, int nz,
		  size_t o, ymm *x)
{
	ymm b[YW][4];
	int j, t;

	UNROLL
	for (j = 0; j < nz; j++) {
		const uint8_t *s0 = m->src[2 * j] + o, *s1 = m->src[2 * j + 1] + o;
		ymm a0 = _mm256_loadu_si256((const ymm *)s0);
		ymm a1 = _mm256_loadu_si256((const ymm *)(s0 + 32));
		ymm b0 = _mm256_loadu_si256((const ymm *)s1);
		ymm b1 = _mm256_loadu_si256((const ymm *)(s1 + 32));

		b[j][0] = _mm256_permute2x128_si256(a0, b0, 0x20);
		b[j][1] = _mm256_permute2x128_si256(a0, b0, 0x31);
		b[j][2] = _mm256_permute2x128_si256(a1, b1, 0x20);
		b[j][3] = _mm256_permute2x128_si256(a1, b1, 0x31);
	}
	UNROLL
	for (t = 0; t < 4; t++) {
		UNROLL
		for (j = 0; j < nz; j++)
			x[j] = _mm256_xor_si256(
				x[j], _mm256_xor_si256(b[j][t], ks->k[0]));
		rounds(ks, nr, x, nz);
		UNROLL
		for (j = 0; j < nz; j++)
			b[j][t] = x[j];
	}
	UNROLL
	for (j = 0; j < nz; j++) {
		uint8_t *d0 = m->dst[2 * j] + o, *d1 = m->dst[2 * j + 1] + o;

		_mm256_storeu_si256((ymm *)d0, _mm256_permute2x128_si256(
						       b[j][0], b[j][1], 0x20));
		_mm256_storeu_si256((ymm *)(d0 + 32),
				    _mm256_permute2x128_si256(b[j][2], b[j][3],
							      0x20));
		_mm256_storeu_si256((ymm *)d1, _mm256_permute2x128_si256(
						       b[j][0], b[j][1], 0x31));
		_mm256_storeu_si256((ymm *)(d1 + 32),
				    _mm256_permute2x128_si256(b[j][2], b[j][3],
							      0x31));
	}
}

/* One step at offset O, the blocks gathered and scattered. */
INLINE void step(const struct keys *ks, unsigned nr, struct many *m, int nz,
		 size_t o, ymm *x)
{
	int j;

	UNROLL
	for (j = 0; j < nz; j++)
		x[j] = _mm256_xor_si256(
			x[j], _mm256_xor_si256(gather(m, j, o), ks->k[0]));
	rounds(ks, nr, x, nz);
	UNROLL
	for (j = 0; j < nz; j++)
		scatter(m, j, o, x[j]);
}

/* One phase of STEPS steps on NZ registers: groups of four, then single
 * steps. */
INLINE void phase(const struct keys *ks, unsigned nr, struct many *m, int nz,
		  size_t steps)
{
	ymm x[YW];
	size_t t;
	int j;

	UNROLL
	for (j = 0; j < nz; j++)
		x[j] = _mm256_load_si256((const ymm *)m->x[2 * j]);
	for (t = 0; t + 4 <= steps; t += 4)
		group(ks, nr, m, nz, 16 * t, x);
	for (; t < steps; t++)
		step(ks, nr, m, nz, 16 * t, x);
	UNROLL
	for (j = 0; j < nz; j++)
		_mm256_store_si256((ymm *)m->x[2 * j], x[j]);
}

INLINE void run(const struct keys *ks, unsigned nr, struct many *m, int nz)
{
	size_t steps;

	while ((steps = many_steps(m))) {
		phase(ks, nr, m, nz, steps);
		many_advance(m, steps);
	}
}

static void encrypt_many(const void *vctx, const struct cryptarch_request *req,
			 size_t n, int mac)
{
	const struct cryptarch_aes_aesni_ctx *ctx = vctx;
	size_t first, c = many_count(req, n, &first);
	struct many m;
	struct keys ks;
	int nz;

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
	nz = c > 8 ? 8 : c > 4 ? 4 : c > 2 ? 2 : 1;
	many_init_mode(&m, req, n, 2 * (unsigned)nz, mac);
	load_keys(&ks, (const __m128i *)ctx->ek, ctx->rounds);
	if (nz == 8)
		run(&ks, ctx->rounds, &m, 8);
	else if (nz == 4)
		run(&ks, ctx->rounds, &m, 4);
	else if (nz == 2)
		run(&ks, ctx->rounds, &m, 2);
	else
		run(&ks, ctx->rounds, &m, 1);
	_mm256_zeroupper();
}

/* see aes-x86-many.h */
void cryptarch_aes_vaes_avx2_cbc_encrypt_many(const void *ctx,
					const struct cryptarch_request *req, size_t n)
{
	encrypt_many(ctx, req, n, 0);
}

/* see aes-x86-many.h */
void cryptarch_aes_vaes_avx2_cbcmac_many(const void *ctx,
					const struct cryptarch_request *req, size_t n)
{
	encrypt_many(ctx, req, n, 1);
}
