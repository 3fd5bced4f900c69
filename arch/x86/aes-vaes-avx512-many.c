/* SPDX-License-Identifier: MIT */
/*
 * aes-vaes-avx512-many.c - many independent CBC encryptions at once for
 * driver "aes-vaes-avx512" (the cbc hook's encrypt_many, descriptor in
 * aes-vaes-avx512-glue.c), built with -mvaes -mavx512f -mavx512bw
 * -mavx512vl (ISA group "vaes512").
 *
 * Strategy: up to 32 requests in flight, one per 128-bit lane of 8 zmm
 * registers (the lane bookkeeping, its phases and refills in
 * aes-x86-many.h). A chain is one VAESENC latency (about 4 cycles) per
 * round and two VAESENC issue per cycle on AMD Zen 5, so 8 independent
 * registers keep both units busy where one request keeps one lane of
 * one. Each step adds every lane's next plaintext block, the chaining
 * value and round key 0 in one VPTERNLOGQ, runs the rounds with every
 * round key broadcast in a register, and stores the ciphertexts, which
 * are the next chaining values. Four steps go together: each lane's four
 * blocks (a cache line) in one 64-byte load, a 4 x 4 transpose of 128-bit
 * lanes (VSHUFI64X2) into the four steps' registers, and back for the
 * stores; the steps of a phase past its last group of four gather the
 * blocks one at a time (VINSERTI32X4 from memory, VEXTRACTI32X4 to
 * memory). Where page-aligned requests crowd the L1 sets
 * (many_crowded()), each register's lanes start a cache line after the
 * previous register's (many_init_stagger()) when the requests are long,
 * and their steps all gather (a step's lines then fall in eight sets, and
 * the line-at-a-time groups, 32 registers of lines, spill); 16 lanes run
 * rather than 32 when they are not long. Fewer requests run on
 * fewer registers (1, 2 or 4: the chain
 * latency is the same, the gathers fewer); a single one is aes-aesni's
 * serial CBC encryption.
 *
 * Constant-time: VAES instructions take the same time for every key and
 * data; no branch or memory index depends on a secret (branches depend on
 * the round count and the request count and lengths only). Ends with
 * VZEROUPPER. Needs VAES, AVX, AVX2, AVX512F, AVX512BW and AVX512VL (and
 * AES-NI for the shared code).
 * Speed: AES-128, 32 requests of 4 KiB, 0.105 TSC cycles/byte (0.113
 * crowded, staggered and gathered; 0.13 staggered in line groups, 0.15 on
 * the 16 lanes that ran there before) against 1.48 for one request at a
 * time (AMD Zen 5, 2026-12-02; README, "Many CBC encryptions in one
 * call").
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

typedef __m512i zmm;

/* Where requests crowd the L1 sets and are long: the blocks by which each
 * register's lanes start after the previous register's (one cache line),
 * and the bytes every one of the first 32 requests needs for it. Shorter
 * crowded requests run on 16 lanes, where the lead-ins would cost more
 * than they save. */
#define STAGGER 4
#define STAGGER_MIN 2048

/* Registers at most, 4 lanes each. */
#define ZW 8
_Static_assert(4 * ZW == MANY_LANES, "lanes");
/* the last register's lead-in is the longest */
_Static_assert(STAGGER * (ZW - 1) <= MANY_LEAD, "lead-in");

/* Round keys 0 .. NR-1 broadcast to the four lanes (those past the key
 * size's unused), the last one apart. */
struct keys {
	zmm k[CRYPTARCH_AES_AESNI_MAX_ROUNDS];
	zmm kl;
};

INLINE void load_keys(struct keys *ks, const __m128i *rk, unsigned nr)
{
	unsigned r;

	UNROLL
	for (r = 0; r < CRYPTARCH_AES_AESNI_MAX_ROUNDS; r++)
		ks->k[r] = _mm512_broadcast_i32x4(_mm_load_si128(rk + r));
	ks->kl = _mm512_broadcast_i32x4(_mm_load_si128(rk + nr));
}

/* Lanes 4J .. 4J+3's blocks at offset O. */
INLINE zmm gather(const struct many *m, int j, size_t o)
{
	const uint8_t *const *s = m->src + 4 * j;
	zmm v = _mm512_castsi128_si512(
		_mm_loadu_si128((const __m128i *)(s[0] + o)));

	v = _mm512_inserti32x4(v, _mm_loadu_si128((const __m128i *)(s[1] + o)),
			       1);
	v = _mm512_inserti32x4(v, _mm_loadu_si128((const __m128i *)(s[2] + o)),
			       2);
	return _mm512_inserti32x4(
		v, _mm_loadu_si128((const __m128i *)(s[3] + o)), 3);
}

INLINE void scatter(const struct many *m, int j, size_t o, zmm v)
{
	uint8_t *const *d = m->dst + 4 * j;

	_mm_storeu_si128((__m128i *)(d[0] + o), _mm512_castsi512_si128(v));
	_mm_storeu_si128((__m128i *)(d[1] + o), _mm512_extracti32x4_epi32(v, 1));
	_mm_storeu_si128((__m128i *)(d[2] + o), _mm512_extracti32x4_epi32(v, 2));
	_mm_storeu_si128((__m128i *)(d[3] + o), _mm512_extracti32x4_epi32(v, 3));
}

#define ROUND(ks, r, x, nz)                                              \
	do {                                                             \
		int j_;                                                  \
                                                                         \
		UNROLL                                                   \
		for (j_ = 0; j_ < (nz); j_++)                            \
			(x)[j_] = _mm512_aesenc_epi128((x)[j_], (ks)->k[r]); \
	} while (0)

/* Rounds 1 .. NR-1 and the last of NZ registers X (round key 0 added). */
INLINE void rounds(const struct keys *ks, unsigned nr, zmm *x, int nz)
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
		x[j] = _mm512_aesenclast_epi128(x[j], ks->kl);
}

/*
 * The 4 x 4 transpose of 128-bit lanes: A[i] lane l becomes A[l] lane i.
 * Its own inverse.
 */
INLINE void transpose(zmm a[4])
{
	zmm t0 = _mm512_shuffle_i64x2(a[0], a[1], 0x44);
	zmm t1 = _mm512_shuffle_i64x2(a[0], a[1], 0xee);
	zmm t2 = _mm512_shuffle_i64x2(a[2], a[3], 0x44);
	zmm t3 = _mm512_shuffle_i64x2(a[2], a[3], 0xee);

	a[0] = _mm512_shuffle_i64x2(t0, t2, 0x88);
	a[1] = _mm512_shuffle_i64x2(t0, t2, 0xdd);
	a[2] = _mm512_shuffle_i64x2(t1, t3, 0x88);
	a[3] = _mm512_shuffle_i64x2(t1, t3, 0xdd);
}

/*
 * Four steps at offset O: each lane's four blocks in one 64-byte load and
 * one store, transposed into the step registers and back, so that every
 * lane touches each of its cache lines once (the sources and
 * destinations of page-aligned requests all fall in the same L1 sets,
 * where 16-byte accesses, four to a line, miss again and again).
 */
INLINE void group(const struct keys *ks, unsigned nr, struct many *m, int nz,
		  size_t o, zmm *x)
{
	zmm b[ZW][4];
	int j, a, t;

	UNROLL
	for (j = 0; j < nz; j++) {
		UNROLL
		for (a = 0; a < 4; a++)
			b[j][a] = _mm512_loadu_si512(m->src[4 * j + a] + o);
		transpose(b[j]);
	}
	UNROLL
	for (t = 0; t < 4; t++) {
		UNROLL
		for (j = 0; j < nz; j++)
			x[j] = _mm512_ternarylogic_epi64(x[j], b[j][t],
							 ks->k[0], 0x96);
		rounds(ks, nr, x, nz);
		UNROLL
		for (j = 0; j < nz; j++)
			b[j][t] = x[j];
	}
	UNROLL
	for (j = 0; j < nz; j++) {
		transpose(b[j]);
		UNROLL
		for (a = 0; a < 4; a++)
			_mm512_storeu_si512(m->dst[4 * j + a] + o, b[j][a]);
	}
}

/* One step at offset O, the blocks gathered and scattered. */
INLINE void step(const struct keys *ks, unsigned nr, struct many *m, int nz,
		 size_t o, zmm *x)
{
	int j;

	UNROLL
	for (j = 0; j < nz; j++)
		x[j] = _mm512_ternarylogic_epi64(x[j], gather(m, j, o),
						 ks->k[0], 0x96);
	rounds(ks, nr, x, nz);
	UNROLL
	for (j = 0; j < nz; j++)
		scatter(m, j, o, x[j]);
}

/* One phase of STEPS steps on NZ registers: groups of four when LINES,
 * then single steps. */
INLINE void phase(const struct keys *ks, unsigned nr, struct many *m, int nz,
		  size_t steps, int lines)
{
	zmm x[ZW];
	size_t t;
	int j;

	UNROLL
	for (j = 0; j < nz; j++)
		x[j] = _mm512_load_si512(m->x[4 * j]);
	for (t = 0; lines && t + 4 <= steps; t += 4)
		group(ks, nr, m, nz, 16 * t, x);
	for (; t < steps; t++)
		step(ks, nr, m, nz, 16 * t, x);
	UNROLL
	for (j = 0; j < nz; j++)
		_mm512_store_si512(m->x[4 * j], x[j]);
}

INLINE void run(const struct keys *ks, unsigned nr, struct many *m, int nz,
		int lines)
{
	size_t steps;

	while ((steps = many_steps(m))) {
		phase(ks, nr, m, nz, steps, lines);
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
	int nz, crowded, lines;

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
	crowded = c > 16 && many_crowded(req, n, 32, 16);
	nz = c > 16 && (!crowded || many_long(req, n, 32, STAGGER_MIN)) ? 8 :
	     c > 8 ? 4 : c > 4 ? 2 : 1;
	/* staggered lanes share no L1 set, so the blocks are gathered one
	 * at a time (VINSERTI32X4) rather than a line at a time, whose 32
	 * registers of lines spill */
	lines = !(crowded && nz == 8);
	many_init_stagger(&m, req, n, 4 * (unsigned)nz, mac,
			  lines ? 0 : STAGGER);
	load_keys(&ks, (const __m128i *)ctx->ek, ctx->rounds);
	if (nz == 8 && lines)
		run(&ks, ctx->rounds, &m, 8, 1);
	else if (nz == 8)
		run(&ks, ctx->rounds, &m, 8, 0);
	else if (nz == 4)
		run(&ks, ctx->rounds, &m, 4, 1);
	else if (nz == 2)
		run(&ks, ctx->rounds, &m, 2, 1);
	else
		run(&ks, ctx->rounds, &m, 1, 1);
	_mm256_zeroupper();
}

/* see aes-x86-many.h */
void cryptarch_aes_vaes_avx512_cbc_encrypt_many(const void *ctx,
					const struct cryptarch_request *req, size_t n)
{
	encrypt_many(ctx, req, n, 0);
}

/* see aes-x86-many.h */
void cryptarch_aes_vaes_avx512_cbcmac_many(const void *ctx,
					const struct cryptarch_request *req, size_t n)
{
	encrypt_many(ctx, req, n, 1);
}
