/* SPDX-License-Identifier: MIT */
/*
 * aes-vaes-avx512.c - the 512-bit VAES code of driver "aes-vaes-avx512"
 * (descriptor in aes-vaes-avx512-glue.c): the mode hooks of
 * AES-128/192/256 with VAESENC/VAESDEC on zmm registers, four blocks per
 * register, written with C intrinsics and built with -mvaes -mvpclmulqdq
 * -mavx512f -mavx512bw -mavx512vl (ISA group "vaes512"). The context, key
 * schedule, single blocks and CBC encryption are aes-aesni's
 * (aes-aesni.h).
 *
 * Strategy: the main loops keep 8 zmm registers (32 blocks, 512 bytes) in
 * flight (CTR and XCTR more, below): a VAESENC has a latency of about 4
 * cycles and two issue per cycle on AMD Zen 5, so 8 independent registers
 * keep both units busy.
 * The rounds are unrolled (nine, then two more for AES-192 and two more
 * for AES-256, the branches on the key size only), with every round key
 * broadcast in a register. A request's last 1..31 blocks take one pass
 * with masked loads and stores over 8, 4 or 1 registers (about one chain
 * of round latencies whatever the count). CBC decryption reads the
 * previous ciphertexts with a load one block back (VALIGNQ for the first
 * register) and folds the XOR into the VAESDECLAST key. CTR and XCTR
 * keep 16 registers (64 blocks) in flight for AES-128 and AES-192 and 12
 * for AES-256 (its 15 round keys and the group then still fit the 32
 * registers), in one out-of-line copy per key size (the round count a
 * constant); requests under 32 blocks take a copy of their own. CTR keeps
 * the counter byte-reversed (a little-endian 128-bit number per 128-bit
 * lane) and cuts a request where the counter's low 64 bits wrap (once in
 * 2^64 blocks), so that each register's four counters are a broadcast
 * base plus a constant by one VPADDQ, no carry; VPSHUFB restores the byte
 * order. XCTR's counter is 64 bits, XORed into the iv: a register's four
 * counters are a zmm of counters plus 4j, XORed with the iv and round key
 * 0 (XORed once per call), no carry. Both fold the XOR with the source
 * into the VAESENCLAST key. XTS derives the tweaks of each
 * register from the first register's as T * x^k for k = 4, 8, .., 28
 * (shifts, and VPCLMULQDQ to reduce the bits shifted out by x^128 = x^7 +
 * x^2 + x + 1), so that only one multiplication, by x^32, links one group
 * of 32 blocks to the next.
 * The XOR of round key 0 and the tweak is one VPTERNLOGQ.
 *
 * Constant-time: VAES instructions take the same time for every key and
 * data; no branch or memory index depends on a secret (branches depend on
 * the round count and the length only, and in CTR on whether the
 * counter's low half wraps within the request: the counter is the IV,
 * which travels with the ciphertext). Ends with VZEROUPPER; the
 * registers and stack slots that held keys or data are not otherwise
 * cleared (the compiler owns them). Needs VAES, VPCLMULQDQ, AVX, AVX2,
 * AVX512F, AVX512BW and AVX512VL (and AES-NI for the shared code). Speed:
 * see aes-vaes-avx512-glue.c.
 */
#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "../../src/modes/ctr-inc.h"
#include "aes-aesni.h"

#define INLINE static inline __attribute__((always_inline))
/*
 * Full unrolling of the loops over blocks and rounds (constant counts
 * after inlining), so that the block arrays live in registers. clang
 * needs "unroll(full)": a plain "unroll" lets it unroll the callee's loop
 * by 4 before the count is known.
 */
#if defined(__clang__)
#define UNROLL _Pragma("clang loop unroll(full)")
#else
#define UNROLL _Pragma("GCC unroll 16")
#endif

/* zmm registers in flight in the main loops; 4 blocks each. */
#define ZW 8
#define BLOCKS (4 * ZW)

typedef __m512i zmm;

INLINE const __m128i *enc_keys(const struct cryptarch_aes_aesni_ctx *c)
{
	return (const __m128i *)c->ek;
}

INLINE const __m128i *dec_keys(const struct cryptarch_aes_aesni_ctx *c)
{
	return (const __m128i *)c->dk;
}

/*
 * The round keys, each broadcast to the four lanes of a register: k[r]
 * for the rounds 0 .. 13 (those past the key size's last round unused),
 * and the last one, kl = round key NR, apart, so that the round loop needs
 * no index known only at run time and every key stays in a register.
 */
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

/*
 * Loads and stores of register J of a group at P: whole, or under the
 * qword mask M (8 bits per register, 2 per block; bits of absent blocks
 * clear, which reads zeros and writes nothing).
 */
INLINE zmm load_z(const uint8_t *p, int j, int masked, uint64_t m)
{
	if (masked)
		return _mm512_maskz_loadu_epi64((__mmask8)(m >> (8 * j)),
						p + 64 * j);
	return _mm512_loadu_si512(p + 64 * j);
}

INLINE void store_z(uint8_t *p, int j, int masked, uint64_t m, zmm v)
{
	if (masked)
		_mm512_mask_storeu_epi64(p + 64 * j, (__mmask8)(m >> (8 * j)),
					 v);
	else
		_mm512_storeu_si512(p + 64 * j, v);
}

/* The qword mask of the first N (< 32) blocks of a group. */
INLINE uint64_t tail_mask(size_t n)
{
	return ((uint64_t)1 << (2 * n)) - 1;
}

/*
 * Rounds 1 .. NR-1 of NZ registers B (round key 0 already added): nine
 * rounds, then two more for AES-192 and two more again for AES-256 (the
 * branches depend on the key size only). The last round is the caller's,
 * so that it can fold an XOR into the last round key (VAESENCLAST and
 * VAESDECLAST end with an XOR of their key operand).
 */
#define ROUND(insn, ks, r, b, nz)                            \
	do {                                                 \
		int j_;                                      \
                                                             \
		UNROLL                                       \
		for (j_ = 0; j_ < (nz); j_++)                \
			(b)[j_] = insn((b)[j_], (ks)->k[r]); \
	} while (0)

#define ROUNDS(insn, ks, nr, b, nz)                         \
	do {                                                \
		unsigned r_;                                \
                                                            \
		UNROLL                                      \
		for (r_ = 1; r_ < 10; r_++)                 \
			ROUND(insn, ks, r_, b, nz);         \
		if ((nr) > 10) {                            \
			ROUND(insn, ks, 10, b, nz);         \
			ROUND(insn, ks, 11, b, nz);         \
			if ((nr) > 12) {                    \
				ROUND(insn, ks, 12, b, nz); \
				ROUND(insn, ks, 13, b, nz); \
			}                                   \
		}                                           \
	} while (0)

INLINE void enc_middle(const struct keys *ks, unsigned nr, zmm *b, int nz)
{
	ROUNDS(_mm512_aesenc_epi128, ks, nr, b, nz);
}

INLINE void dec_middle(const struct keys *ks, unsigned nr, zmm *b, int nz)
{
	ROUNDS(_mm512_aesdec_epi128, ks, nr, b, nz);
}

/*
 * Each mode below has a group function for NZ registers (whole, or the
 * blocks under mask M) and a driver function, which runs groups of 8
 * registers, then the last 1..31 blocks in one masked group of the
 * smallest of 8, 4 or 1 registers that holds them.
 */

/* ---- ECB --------------------------------------------------------------- */

INLINE void ecb_group(const struct keys *ks, unsigned nr, int enc, uint8_t *dst,
		      const uint8_t *src, int nz, int masked, uint64_t m)
{
	zmm b[ZW];
	int j;

	UNROLL
	for (j = 0; j < nz; j++)
		b[j] = _mm512_xor_si512(load_z(src, j, masked, m), ks->k[0]);
	if (enc) {
		enc_middle(ks, nr, b, nz);
		UNROLL
		for (j = 0; j < nz; j++)
			store_z(dst, j, masked, m,
				_mm512_aesenclast_epi128(b[j], ks->kl));
	} else {
		dec_middle(ks, nr, b, nz);
		UNROLL
		for (j = 0; j < nz; j++)
			store_z(dst, j, masked, m,
				_mm512_aesdeclast_epi128(b[j], ks->kl));
	}
}

INLINE void ecb(unsigned nr, const __m128i *rk, int enc, uint8_t *dst,
		const uint8_t *src, size_t nblocks)
{
	struct keys ks;
	uint64_t m;

	load_keys(&ks, rk, nr);
	for (; nblocks >= BLOCKS; nblocks -= BLOCKS) {
		ecb_group(&ks, nr, enc, dst, src, ZW, 0, 0);
		src += 16 * BLOCKS;
		dst += 16 * BLOCKS;
	}
	if (!nblocks)
		return;
	m = tail_mask(nblocks);
	if (nblocks > 16)
		ecb_group(&ks, nr, enc, dst, src, 8, 1, m);
	else if (nblocks > 4)
		ecb_group(&ks, nr, enc, dst, src, 4, 1, m);
	else
		ecb_group(&ks, nr, enc, dst, src, 1, 1, m);
}

/*
 * A single block (fewer than SMALL) goes to aes-aesni's xmm code (same
 * context): a masked zmm group would broadcast every round key for it, and
 * a masked store does not forward to the next call's load, so that one
 * block in place cost about 2.1 TSC cycles/byte in ECB and CBC decryption
 * against aes-aesni's 1.8-1.9 (`cryptarch speed --driver
 * ecb-aes-vaes-avx512,ecb-aes-aesni --sizes 16 --keys 128`, Zen 5,
 * 2026-12-01); from two blocks on the zmm code is as fast or faster, in
 * place and out.
 */
#define SMALL 2

/* see aes-aesni.h */
void cryptarch_aes_vaes_avx512_ecb_encrypt(const void *vctx, uint8_t *dst,
					   const uint8_t *src, size_t nblocks)
{
	const struct cryptarch_aes_aesni_ctx *ctx = vctx;

	if (nblocks < SMALL) {
		cryptarch_aes_aesni_ecb_encrypt(vctx, dst, src, nblocks);
		return;
	}
	ecb(ctx->rounds, enc_keys(ctx), 1, dst, src, nblocks);
	_mm256_zeroupper();
}

/* see aes-aesni.h */
void cryptarch_aes_vaes_avx512_ecb_decrypt(const void *vctx, uint8_t *dst,
					   const uint8_t *src, size_t nblocks)
{
	const struct cryptarch_aes_aesni_ctx *ctx = vctx;

	if (nblocks < SMALL) {
		cryptarch_aes_aesni_ecb_decrypt(vctx, dst, src, nblocks);
		return;
	}
	ecb(ctx->rounds, dec_keys(ctx), 0, dst, src, nblocks);
	_mm256_zeroupper();
}

/* ---- CBC decryption ---------------------------------------------------- */

/*
 * NZ registers of CBC decryption. PREV holds the ciphertext block before
 * the group in its lane 3 (the IV, or the last block of the previous
 * group). Register j's previous blocks are the 64 bytes from 16 bytes
 * before it: for j = 0 VALIGNQ joins PREV's lane 3 and the first three
 * blocks, for j > 0 they are loaded. Everything is read before anything
 * is written (in-place calls).
 */
INLINE void cbc_dec_group(const struct keys *ks, unsigned nr, uint8_t *dst,
			  const uint8_t *src, int nz, int masked, uint64_t m,
			  zmm *prev)
{
	zmm b[ZW], p[ZW];
	int j;

	UNROLL
	for (j = 0; j < nz; j++)
		b[j] = load_z(src, j, masked, m);
	p[0] = _mm512_alignr_epi64(b[0], *prev, 6);
	UNROLL
	for (j = 1; j < nz; j++)
		p[j] = load_z(src - 16, j, masked, m);
	if (!masked)
		*prev = b[nz - 1];
	UNROLL
	for (j = 0; j < nz; j++)
		b[j] = _mm512_xor_si512(b[j], ks->k[0]);
	dec_middle(ks, nr, b, nz);
	UNROLL
	for (j = 0; j < nz; j++)
		store_z(dst, j, masked, m,
			_mm512_aesdeclast_epi128(b[j], _mm512_xor_si512(ks->kl,
									p[j])));
}

INLINE void cbc_dec(unsigned nr, const __m128i *rk, uint8_t *dst,
		    const uint8_t *src, size_t nblocks, uint8_t iv[16])
{
	struct keys ks;
	__m128i last =
		_mm_loadu_si128((const __m128i *)(src + 16 * nblocks - 16));
	zmm prev = _mm512_broadcast_i32x4(_mm_loadu_si128((__m128i *)iv));
	uint64_t m;

	load_keys(&ks, rk, nr);
	for (; nblocks >= BLOCKS; nblocks -= BLOCKS) {
		cbc_dec_group(&ks, nr, dst, src, ZW, 0, 0, &prev);
		src += 16 * BLOCKS;
		dst += 16 * BLOCKS;
	}
	if (nblocks) {
		m = tail_mask(nblocks);
		if (nblocks > 16)
			cbc_dec_group(&ks, nr, dst, src, 8, 1, m, &prev);
		else if (nblocks > 4)
			cbc_dec_group(&ks, nr, dst, src, 4, 1, m, &prev);
		else
			cbc_dec_group(&ks, nr, dst, src, 1, 1, m, &prev);
	}
	_mm_storeu_si128((__m128i *)iv, last);
}

/* see aes-aesni.h */
void cryptarch_aes_vaes_avx512_cbc_decrypt(const void *vctx, uint8_t *dst,
					   const uint8_t *src, size_t nblocks,
					   uint8_t iv[16])
{
	const struct cryptarch_aes_aesni_ctx *ctx = vctx;

	if (nblocks < SMALL) {
		cryptarch_aes_aesni_cbc_decrypt(vctx, dst, src, nblocks, iv);
		return;
	}
	cbc_dec(ctx->rounds, dec_keys(ctx), dst, src, nblocks, iv);
	_mm256_zeroupper();
}

/* ---- CTR --------------------------------------------------------------- */

/*
 * Registers in flight in the CTR and XCTR loops for NR rounds: 16 (64
 * blocks) while the round keys and the group fit the 32 registers beside
 * the counter base and the byte-swap mask (AES-128: 11 keys, AES-192:
 * 13), 12 for AES-256 (15 keys: 16 registers would not fit, and measured
 * no faster). On Zen 5, 8192-byte requests, the AES-128 loop ran at
 * 95-99% of the VAESENC issue bound (bench/aes-bound.c) with 16 or 12
 * registers, 1-2% lower with 8, 2026-12-02: most of the gain over the
 * earlier 86-88% came from the counters without carries.
 */
#define CZW_MAX 16
#define CZW(nr) ((nr) > 12 ? 12 : CZW_MAX)

/* The 64-bit counter offsets of register J's four blocks, 4J .. 4J + 3,
 * in the low halves of its lanes (high halves zero). */
INLINE zmm lane_offsets(int j)
{
	return _mm512_set_epi64(0, 4 * j + 3, 0, 4 * j + 2, 0, 4 * j + 1, 0,
				4 * j);
}

/* N in the low half of every lane. */
INLINE zmm lane_step(int n)
{
	return _mm512_set_epi64(0, n, 0, n, 0, n, 0, n);
}

/*
 * NZ registers of CTR. BASE holds the counter of the group's first block,
 * byte-reversed (a little-endian 128-bit number per lane), in every lane;
 * the caller has made sure that the low halves do not wrap within the
 * group, so that register j's counters are BASE + 4j + l in lane l by
 * VPADDQ alone; VPSHUFB restores the byte order.
 */
INLINE void ctr_group(const struct keys *ks, unsigned nr, uint8_t *dst,
		      const uint8_t *src, int nz, int masked, uint64_t m,
		      zmm base)
{
	const zmm bswap = _mm512_broadcast_i32x4(_mm_set_epi8(
		0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
	zmm b[CZW_MAX];
	int j;

	UNROLL
	for (j = 0; j < nz; j++)
		b[j] = _mm512_xor_si512(
			_mm512_shuffle_epi8(
				_mm512_add_epi64(base, lane_offsets(j)), bswap),
			ks->k[0]);
	enc_middle(ks, nr, b, nz);
	UNROLL
	for (j = 0; j < nz; j++)
		store_z(dst, j, masked, m,
			_mm512_aesenclast_epi128(
				b[j],
				_mm512_xor_si512(ks->kl,
						 load_z(src, j, masked, m))));
}

/*
 * N blocks from the counter (HI, LO), whose low half does not wrap before
 * the last of them: groups of CZ registers, then at most one of 8
 * registers, then the last 1..31 blocks masked.
 */
INLINE void ctr_run(unsigned nr, int cz, const __m128i *rk, uint8_t *dst,
		    const uint8_t *src, size_t n, uint64_t hi, uint64_t lo)
{
	zmm base = _mm512_broadcast_i32x4(
		_mm_set_epi64x((long long)hi, (long long)lo));
	struct keys ks;
	uint64_t m;

	load_keys(&ks, rk, nr);
	for (; n >= 4 * (size_t)cz; n -= 4 * cz) {
		ctr_group(&ks, nr, dst, src, cz, 0, 0, base);
		base = _mm512_add_epi64(base, lane_step(4 * cz));
		src += 64 * cz;
		dst += 64 * cz;
	}
	if (cz > 8 && n >= 32) {
		ctr_group(&ks, nr, dst, src, 8, 0, 0, base);
		base = _mm512_add_epi64(base, lane_step(32));
		src += 16 * 32;
		dst += 16 * 32;
		n -= 32;
	}
	if (!n)
		return;
	m = tail_mask(n);
	if (n > 16)
		ctr_group(&ks, nr, dst, src, 8, 1, m, base);
	else if (n > 4)
		ctr_group(&ks, nr, dst, src, 4, 1, m, base);
	else
		ctr_group(&ks, nr, dst, src, 1, 1, m, base);
}

/*
 * A request over which the counter's low half wraps (once in 2^64
 * blocks), out of line: the blocks up to the wrap, then the rest from
 * (HI + 1, 0), each a run without carries.
 */
static __attribute__((noinline)) void
ctr_split(unsigned nr, const __m128i *rk, uint8_t *dst, const uint8_t *src,
	  size_t nblocks, uint64_t hi, uint64_t lo)
{
	size_t k = (size_t)-lo;

	ctr_run(nr, 8, rk, dst, src, k, hi, lo);
	ctr_run(nr, 8, rk, dst + 16 * k, src + 16 * k, nblocks - k, hi + 1, 0);
	_mm256_zeroupper();
}

/*
 * Requests of 32 blocks or more: one copy of the run per key size, out of
 * line (each with its round count a constant and its own register
 * allocation; inlined into one function, gcc merges their key loads into
 * loads and shuffles before the branch on the key size), each entered by
 * a jump.
 */
#define CTR_COPY(nr)                                                          \
	static __attribute__((noinline)) void ctr_##nr(                       \
		const __m128i *rk, uint8_t *dst, const uint8_t *src,          \
		size_t nblocks, uint64_t hi, uint64_t lo)                     \
	{                                                                     \
		ctr_run(nr, CZW(nr), rk, dst, src, nblocks, hi, lo);          \
		_mm256_zeroupper();                                           \
	}
CTR_COPY(10)
CTR_COPY(12)
CTR_COPY(14)

/*
 * Shorter ones: one masked group, in a copy for every key size (the
 * round count a variable), whose registers are not shaped by the long
 * loop's (in the copies above the way into a short request's group
 * passes through a dozen register moves).
 */
static __attribute__((noinline)) void
ctr_short(const struct cryptarch_aes_aesni_ctx *ctx, uint8_t *dst,
	  const uint8_t *src, size_t nblocks, uint64_t hi, uint64_t lo)
{
	ctr_run(ctx->rounds, 8, enc_keys(ctx), dst, src, nblocks, hi, lo);
	_mm256_zeroupper();
}

/*
 * The counter in and out goes through general registers (aes-aesni.h):
 * the chain from one call's counter to the next is then a few integer
 * instructions, and a counter block written by the template in two 8-byte
 * stores is read the same way (a 16-byte load of it would wait for them).
 * Unless the low 64 bits wrap within the request, one run without
 * carries. The branches depend on the counter, the length and the key
 * size, none of them secret.
 */
/* see aes-aesni.h */
void cryptarch_aes_vaes_avx512_ctr_crypt(const void *vctx, uint8_t *dst,
					 const uint8_t *src, size_t nblocks,
					 uint8_t ctr16[16])
{
	const struct cryptarch_aes_aesni_ctx *ctx = vctx;
	const __m128i *rk = enc_keys(ctx);
	uint64_t hi, lo, nhi, nlo;

	cryptarch_aes_aesni_ctr_get(ctr16, &hi, &lo);
	/* kept in general registers: else gcc joins the two halves into
	 * one 16-byte load, which waits for the template's 8-byte stores */
	__asm__("" : "+r"(hi), "+r"(lo));
	nhi = hi;
	nlo = lo;
	ctr_add64(&nhi, &nlo, nblocks);
	cryptarch_aes_aesni_ctr_put(ctr16, nhi, nlo);
	if (__builtin_expect(lo && -lo < nblocks, 0))
		ctr_split(ctx->rounds, rk, dst, src, nblocks, hi, lo);
	else if (nblocks < 32)
		ctr_short(ctx, dst, src, nblocks, hi, lo);
	else if (ctx->rounds == 10)
		ctr_10(rk, dst, src, nblocks, hi, lo);
	else if (ctx->rounds == 12)
		ctr_12(rk, dst, src, nblocks, hi, lo);
	else
		ctr_14(rk, dst, src, nblocks, hi, lo);
}

/* ---- XCTR -------------------------------------------------------------- */

/*
 * C holds the 64-bit counters of the group's first four blocks in the low
 * halves of its lanes (C .. C + 3; high halves zero); register j's are
 * those plus 4j, XORed with IVK (iv ^ round key 0 in every lane). The
 * counter wraps at 2^64, as the template's.
 */
INLINE void xctr_group(const struct keys *ks, unsigned nr, uint8_t *dst,
		       const uint8_t *src, int nz, int masked, uint64_t m,
		       zmm ivk, zmm c)
{
	zmm b[CZW_MAX];
	int j;

	UNROLL
	for (j = 0; j < nz; j++)
		b[j] = _mm512_xor_si512(_mm512_add_epi64(c, lane_step(4 * j)),
					ivk);
	enc_middle(ks, nr, b, nz);
	UNROLL
	for (j = 0; j < nz; j++)
		store_z(dst, j, masked, m,
			_mm512_aesenclast_epi128(
				b[j],
				_mm512_xor_si512(ks->kl,
						 load_z(src, j, masked, m))));
}

INLINE void xctr(unsigned nr, int cz, const __m128i *rk, uint8_t *dst,
		 const uint8_t *src, size_t n, const uint8_t iv[16],
		 uint64_t ctr)
{
	struct keys ks;
	zmm ivk, c;
	uint64_t m;

	load_keys(&ks, rk, nr);
	ivk = _mm512_xor_si512(
		_mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)iv)),
		ks.k[0]);
	c = _mm512_add_epi64(_mm512_maskz_set1_epi64(0x55, (long long)ctr),
			     lane_offsets(0));
	for (; n >= 4 * (size_t)cz; n -= 4 * cz) {
		xctr_group(&ks, nr, dst, src, cz, 0, 0, ivk, c);
		c = _mm512_add_epi64(c, lane_step(4 * cz));
		src += 64 * cz;
		dst += 64 * cz;
	}
	if (cz > 8 && n >= 32) {
		xctr_group(&ks, nr, dst, src, 8, 0, 0, ivk, c);
		c = _mm512_add_epi64(c, lane_step(32));
		src += 16 * 32;
		dst += 16 * 32;
		n -= 32;
	}
	if (!n)
		return;
	m = tail_mask(n);
	if (n > 16)
		xctr_group(&ks, nr, dst, src, 8, 1, m, ivk, c);
	else if (n > 4)
		xctr_group(&ks, nr, dst, src, 4, 1, m, ivk, c);
	else
		xctr_group(&ks, nr, dst, src, 1, 1, m, ivk, c);
}

/* One copy per key size from 32 blocks on, one for short requests, as
 * ctr's. */
#define XCTR_COPY(nr)                                                         \
	static __attribute__((noinline)) void xctr_##nr(                      \
		const __m128i *rk, uint8_t *dst, const uint8_t *src,          \
		size_t nblocks, const uint8_t iv[16], uint64_t ctr)           \
	{                                                                     \
		xctr(nr, CZW(nr), rk, dst, src, nblocks, iv, ctr);            \
		_mm256_zeroupper();                                           \
	}
XCTR_COPY(10)
XCTR_COPY(12)
XCTR_COPY(14)

static __attribute__((noinline)) void
xctr_short(const struct cryptarch_aes_aesni_ctx *ctx, uint8_t *dst,
	   const uint8_t *src, size_t nblocks, const uint8_t iv[16],
	   uint64_t ctr)
{
	xctr(ctx->rounds, 8, enc_keys(ctx), dst, src, nblocks, iv, ctr);
	_mm256_zeroupper();
}

/* see aes-aesni.h */
void cryptarch_aes_vaes_avx512_xctr_crypt(const void *vctx, uint8_t *dst,
					  const uint8_t *src, size_t nblocks,
					  const uint8_t iv[16], uint64_t ctr)
{
	const struct cryptarch_aes_aesni_ctx *ctx = vctx;

	if (nblocks < 32)
		xctr_short(ctx, dst, src, nblocks, iv, ctr);
	else if (ctx->rounds == 10)
		xctr_10(enc_keys(ctx), dst, src, nblocks, iv, ctr);
	else if (ctx->rounds == 12)
		xctr_12(enc_keys(ctx), dst, src, nblocks, iv, ctr);
	else
		xctr_14(enc_keys(ctx), dst, src, nblocks, iv, ctr);
}

/* ---- XTS --------------------------------------------------------------- */

/*
 * T * x^K per 128-bit lane (IEEE 1619 order: each lane one little-endian
 * number), for 0 <= K <= 56 per qword of KV (both qwords of a lane equal):
 * each qword shifted left by K; the K bits shifted out of the high qword,
 * h, come back into the low one as h * 0x87 (x^128 = x^7 + x^2 + x + 1;
 * carry-less, below 2^64 for K <= 56), those out of the low qword into the
 * high one as they are. After the swap H holds both; H ^ clmul(H_low,
 * 0x86) adds h * 0x87 to the low qword and the raw bits to the high one.
 */
INLINE zmm xts_mul_xk(zmm t, zmm kv)
{
	zmm h = _mm512_srlv_epi64(t,
				  _mm512_sub_epi64(_mm512_set1_epi64(64), kv));
	zmm r;

	h = _mm512_shuffle_epi32(h, _MM_PERM_BADC);
	r = _mm512_clmulepi64_epi128(h, _mm512_set1_epi64(0x86), 0x00);
	return _mm512_ternarylogic_epi64(_mm512_sllv_epi64(t, kv), h, r, 0x96);
}

INLINE zmm xts_mul_xk_imm(zmm t, int k)
{
	zmm h = _mm512_srli_epi64(t, 64 - k);
	zmm r;

	h = _mm512_shuffle_epi32(h, _MM_PERM_BADC);
	r = _mm512_clmulepi64_epi128(h, _mm512_set1_epi64(0x86), 0x00);
	return _mm512_ternarylogic_epi64(_mm512_slli_epi64(t, k), h, r, 0x96);
}

/* The same on one tweak, for a shift count K (0 <= K <= 56) known only at
 * run time. */
INLINE __m128i xts_mul_xk_var(__m128i t, unsigned k)
{
	__m128i h = _mm_srl_epi64(t, _mm_cvtsi32_si128(64 - (int)k));
	__m128i r;

	h = _mm_shuffle_epi32(h, 0x4e);
	r = _mm_clmulepi64_si128(h, _mm_set_epi64x(0, 0x86), 0x00);
	return _mm_ternarylogic_epi64(
		_mm_sll_epi64(t, _mm_cvtsi32_si128((int)k)), h, r, 0x96);
}

/*
 * NZ registers of XTS. *TW holds the tweaks of the group's first four
 * blocks; register j's are those times x^(4j). Round key 0 and the tweak
 * are added in one VPTERNLOGQ; the tweak after the last round is folded
 * into the last round key.
 */
INLINE void xts_group(const struct keys *ks, unsigned nr, int enc, uint8_t *dst,
		      const uint8_t *src, int nz, int masked, uint64_t m,
		      zmm *tw)
{
	zmm b[ZW], t[ZW];
	int j;

	t[0] = *tw;
	UNROLL
	for (j = 1; j < nz; j++)
		t[j] = xts_mul_xk_imm(t[0], 4 * j);
	if (!masked)
		*tw = xts_mul_xk_imm(t[0], BLOCKS);
	UNROLL
	for (j = 0; j < nz; j++)
		b[j] = _mm512_ternarylogic_epi64(load_z(src, j, masked, m),
						 t[j], ks->k[0], 0x96);
	if (enc) {
		enc_middle(ks, nr, b, nz);
		UNROLL
		for (j = 0; j < nz; j++)
			store_z(dst, j, masked, m,
				_mm512_aesenclast_epi128(
					b[j], _mm512_xor_si512(ks->kl, t[j])));
	} else {
		dec_middle(ks, nr, b, nz);
		UNROLL
		for (j = 0; j < nz; j++)
			store_z(dst, j, masked, m,
				_mm512_aesdeclast_epi128(
					b[j], _mm512_xor_si512(ks->kl, t[j])));
	}
}

INLINE void xts(unsigned nr, const __m128i *rk, int enc, uint8_t *dst,
		const uint8_t *src, size_t nblocks, uint8_t tweak[16])
{
	struct keys ks;
	zmm tw =
		_mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)tweak));
	size_t n = nblocks;
	uint64_t m;

	/* lanes 0..3: T, T x, T x^2, T x^3 */
	tw = xts_mul_xk(tw, _mm512_set_epi64(3, 3, 2, 2, 1, 1, 0, 0));
	load_keys(&ks, rk, nr);
	for (; n >= BLOCKS; n -= BLOCKS) {
		xts_group(&ks, nr, enc, dst, src, ZW, 0, 0, &tw);
		src += 16 * BLOCKS;
		dst += 16 * BLOCKS;
	}
	if (n) {
		m = tail_mask(n);
		if (n > 16)
			xts_group(&ks, nr, enc, dst, src, 8, 1, m, &tw);
		else if (n > 4)
			xts_group(&ks, nr, enc, dst, src, 4, 1, m, &tw);
		else
			xts_group(&ks, nr, enc, dst, src, 1, 1, m, &tw);
	}
	_mm_storeu_si128((__m128i *)tweak,
			 xts_mul_xk_var(_mm512_castsi512_si128(tw),
					(unsigned)n));
}

/* see aes-aesni.h */
void cryptarch_aes_vaes_avx512_xts_encrypt(const void *vctx, uint8_t *dst,
					   const uint8_t *src, size_t nblocks,
					   uint8_t tweak[16])
{
	const struct cryptarch_aes_aesni_ctx *ctx = vctx;

	xts(ctx->rounds, enc_keys(ctx), 1, dst, src, nblocks, tweak);
	_mm256_zeroupper();
}

/* see aes-aesni.h */
void cryptarch_aes_vaes_avx512_xts_decrypt(const void *vctx, uint8_t *dst,
					   const uint8_t *src, size_t nblocks,
					   uint8_t tweak[16])
{
	const struct cryptarch_aes_aesni_ctx *ctx = vctx;

	xts(ctx->rounds, dec_keys(ctx), 0, dst, src, nblocks, tweak);
	_mm256_zeroupper();
}
