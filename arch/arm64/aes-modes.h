/* SPDX-License-Identifier: MIT */
/*
 * aes-modes.h - the mode loops of the arm64 AES drivers that keep each
 * block in one q register, written once for every core: aes-ce.c (the
 * Crypto Extensions rounds, eight blocks in flight) and aes-neon.c (TBL
 * S-box rounds, four) include it after defining their core, as the
 * kernel's aes-modes.S is included by aes-ce.S and aes-neon.S. ECB, CBC
 * decryption, CTR (the 128-bit big-endian counter, carry through all 128
 * bits, ctr-inc.h), XCTR (the iv XOR a 64-bit little-endian block
 * number, xctr.h) and XTS (the tweak times alpha from one block to the
 * next, xts-tweak.h) run groups of AES_MODES_WAY blocks, then the rest
 * one at a time; the CTR counter and the tweak are two 64-bit halves in
 * general registers, the XCTR counter a vector. Serial CBC encryption and
 * the CBC-MAC chain are each core's own. Constant-
 * time if the core is: the loops branch on lengths only, and the carries
 * of the counter and the tweak are arithmetic (ctr_add64, xts_mul_alpha64).
 *
 * No include guard. Before including, the file includes <arm_neon.h>,
 * src/core/endian.h, src/modes/ctr-inc.h and src/modes/xts-tweak.h, and
 * defines
 *     AES_MODES_WAY        blocks in flight (a constant)
 *     AES_MODES_CORE       the type of the core's state: what its rounds
 *                          read (aes-ce: the round keys, loaded into
 *                          registers once per call; aes-neon: the context)
 *     AES_MODES_ENC(core, s, n), AES_MODES_DEC(core, s, n)
 *                          the N blocks s[] (N a constant: AES_MODES_WAY
 *                          or 1) through the cipher, or the inverse
 *                          cipher, in place; CORE a const AES_MODES_CORE *
 *     AES_MODES_CBC_RELOAD 1: CBC decryption reads the ciphertext blocks
 *                          that it XORs into the output again from SRC
 *                          (for a core whose round keys fill the
 *                          registers); 0: it keeps them in registers
 *     INLINE, UNROLL       always-inline, and full unrolling of the loops
 *                          over the blocks in flight (their arrays must
 *                          become registers)
 * and gets the bodies of the hooks (src/modes/<mode>.h) as statement
 * macros: MODES_ECB(core, dst, src, nblocks, dec), MODES_CBC_DEC(core,
 * dst, src, nblocks, iv), MODES_CTR(core, dst, src, nblocks, ctr),
 * MODES_XCTR(core, dst, src, nblocks, iv, ctr) and MODES_XTS(core, dst,
 * src, nblocks, tweak, dec), each the whole body of
 * a hook whose arguments DST, SRC and NBLOCKS it advances (the names of
 * variables, evaluated many times), with CORE the core's state, over the
 * static inline functions modes_<mode>_n() that run one group of blocks.
 * The loops are macros rather than functions so that they stand in the
 * hook itself, as they did in each driver before they were shared: one
 * more level of inlining shuffled GCC 12's register allocation enough to
 * cost aes-neon four instructions per group in CBC decryption.
 */

/* The 16 bytes of two 64-bit values, each stored big-endian (BE set) or
 * little-endian: a CTR counter block, an XTS tweak. */
static INLINE uint8x16_t vec_from64(uint64_t a, uint64_t b, int be)
{
#if defined(__AARCH64EB__)
	uint8_t buf[16];

	if (be) {
		store64_be(buf, a);
		store64_be(buf + 8, b);
	} else {
		store64_le(buf, a);
		store64_le(buf + 8, b);
	}
	return vld1q_u8(buf);
#else
	if (be) {
		a = __builtin_bswap64(a);
		b = __builtin_bswap64(b);
	}
	return vreinterpretq_u8_u64(
		vcombine_u64(vcreate_u64(a), vcreate_u64(b)));
#endif
}

static INLINE void modes_crypt_n(const AES_MODES_CORE *core, uint8x16_t *s,
				 const int n, int dec)
{
	if (dec)
		AES_MODES_DEC(core, s, n);
	else
		AES_MODES_ENC(core, s, n);
}

/* N blocks of ECB. */
static INLINE void modes_ecb_n(const AES_MODES_CORE *core, uint8_t *dst,
			       const uint8_t *src, const int n, int dec)
{
	uint8x16_t s[AES_MODES_WAY];
	int i;

	UNROLL
	for (i = 0; i < n; i++)
		s[i] = vld1q_u8(src + 16 * i);
	modes_crypt_n(core, s, n, dec);
	UNROLL
	for (i = 0; i < n; i++)
		vst1q_u8(dst + 16 * i, s[i]);
}

/* The loop of every mode: FN(CORE, DST, SRC, n, ...) on groups of
 * n = AES_MODES_WAY blocks, then on single blocks. */
#define MODES_LOOP(fn, core, dst, src, nblocks, ...)                          \
	do {                                                                  \
		for (; (nblocks) >= AES_MODES_WAY;                            \
		     (nblocks) -= AES_MODES_WAY, (src) += 16 * AES_MODES_WAY, \
		     (dst) += 16 * AES_MODES_WAY)                             \
			fn(core, dst, src, AES_MODES_WAY, __VA_ARGS__);       \
		for (; (nblocks); (nblocks)--, (src) += 16, (dst) += 16)      \
			fn(core, dst, src, 1, __VA_ARGS__);                   \
	} while (0)

/* see src/modes/ecb.h (struct cryptarch_ecb_hooks) */
#define MODES_ECB(core, dst, src, nblocks, dec) \
	MODES_LOOP(modes_ecb_n, core, dst, src, nblocks, dec)

/*
 * N blocks of CBC decryption; *IV is the ciphertext block before them in,
 * the last of them out. With AES_MODES_CBC_RELOAD the outputs are written
 * last block first, so that in place a ciphertext block is overwritten
 * only after the block behind it has read it again; otherwise every
 * ciphertext block is in a register before any output is written.
 */
static INLINE void modes_cbc_dec_n(const AES_MODES_CORE *core, uint8_t *dst,
				   const uint8_t *src, const int n,
				   uint8x16_t *iv)
{
	uint8x16_t s[AES_MODES_WAY], c[AES_MODES_WAY];
	int i;

	UNROLL
	for (i = 0; i < n; i++)
		s[i] = c[i] = vld1q_u8(src + 16 * i);
	AES_MODES_DEC(core, s, n);
#if AES_MODES_CBC_RELOAD
	UNROLL
	for (i = n - 1; i > 0; i--)
		vst1q_u8(dst + 16 * i,
			 veorq_u8(s[i], vld1q_u8(src + 16 * (i - 1))));
	vst1q_u8(dst, veorq_u8(s[0], *iv));
#else
	vst1q_u8(dst, veorq_u8(s[0], *iv));
	UNROLL
	for (i = 1; i < n; i++)
		vst1q_u8(dst + 16 * i, veorq_u8(s[i], c[i - 1]));
#endif
	*iv = c[n - 1];
}

/* see src/modes/cbc.h (struct cryptarch_cbc_hooks.decrypt) */
#define MODES_CBC_DEC(core, dst, src, nblocks, iv)                         \
	do {                                                               \
		uint8x16_t v_ = vld1q_u8(iv);                              \
                                                                           \
		MODES_LOOP(modes_cbc_dec_n, core, dst, src, nblocks, &v_); \
		vst1q_u8(iv, v_);                                          \
	} while (0)

/* N blocks of CTR from the counter HI:LO, which is advanced by N. */
static INLINE void modes_ctr_n(const AES_MODES_CORE *core, uint8_t *dst,
			       const uint8_t *src, const int n, uint64_t *hi,
			       uint64_t *lo)
{
	uint8x16_t s[AES_MODES_WAY];
	int i;

	UNROLL
	for (i = 0; i < n; i++) {
		s[i] = vec_from64(*hi, *lo, 1);
		ctr_add64(hi, lo, 1);
	}
	AES_MODES_ENC(core, s, n);
	UNROLL
	for (i = 0; i < n; i++)
		vst1q_u8(dst + 16 * i, veorq_u8(s[i], vld1q_u8(src + 16 * i)));
}

/* see src/modes/ctr.h (struct cryptarch_ctr_hooks.crypt) */
#define MODES_CTR(core, dst, src, nblocks, ctr)                               \
	do {                                                                  \
		uint64_t hi_ = load64_be(ctr);                                \
		uint64_t lo_ = load64_be((ctr) + 8);                          \
                                                                              \
		MODES_LOOP(modes_ctr_n, core, dst, src, nblocks, &hi_, &lo_); \
		store64_be(ctr, hi_);                                         \
		store64_be((ctr) + 8, lo_);                                   \
	} while (0)

/*
 * N blocks of XCTR: block j XORed with E(IV xor C), C the counter block
 * le128(ctr) (its low 64-bit lane the counter, the high lane zero, so the
 * lane addition wraps as a uint64_t does), advanced by ONE (1 in the low
 * lane) per block. The counter stays in a vector register: two vector
 * instructions per block, where the CTR body needs six.
 */
static INLINE void modes_xctr_n(const AES_MODES_CORE *core, uint8_t *dst,
				const uint8_t *src, const int n, uint8x16_t iv,
				uint64x2_t *c, uint64x2_t one)
{
	uint8x16_t s[AES_MODES_WAY];
	int i;

	UNROLL
	for (i = 0; i < n; i++) {
		s[i] = veorq_u8(iv, vreinterpretq_u8_u64(*c));
		*c = vaddq_u64(*c, one);
	}
	AES_MODES_ENC(core, s, n);
	UNROLL
	for (i = 0; i < n; i++)
		vst1q_u8(dst + 16 * i, veorq_u8(s[i], vld1q_u8(src + 16 * i)));
}

/* see src/modes/xctr.h (struct cryptarch_xctr_hooks.crypt); IV is not
 * changed */
#define MODES_XCTR(core, dst, src, nblocks, iv, ctr)                         \
	do {                                                                 \
		uint8x16_t iv_ = vld1q_u8(iv);                               \
		uint64x2_t c_ = vreinterpretq_u64_u8(vec_from64(ctr, 0, 0)); \
		uint64x2_t one_ = vreinterpretq_u64_u8(vec_from64(1, 0, 0)); \
                                                                             \
		MODES_LOOP(modes_xctr_n, core, dst, src, nblocks, iv_, &c_,  \
			   one_);                                            \
	} while (0)

/* N blocks of XTS from the tweak LO:HI, which is multiplied by alpha N
 * times: each block XORed with its tweak before and after the cipher. */
static INLINE void modes_xts_n(const AES_MODES_CORE *core, uint8_t *dst,
			       const uint8_t *src, const int n, uint64_t *lo,
			       uint64_t *hi, int dec)
{
	uint8x16_t s[AES_MODES_WAY], t[AES_MODES_WAY];
	int i;

	UNROLL
	for (i = 0; i < n; i++) {
		t[i] = vec_from64(*lo, *hi, 0);
		xts_mul_alpha64(lo, hi);
		s[i] = veorq_u8(vld1q_u8(src + 16 * i), t[i]);
	}
	modes_crypt_n(core, s, n, dec);
	UNROLL
	for (i = 0; i < n; i++)
		vst1q_u8(dst + 16 * i, veorq_u8(s[i], t[i]));
}

/* see src/modes/xts.h (struct cryptarch_xts_hooks) */
#define MODES_XTS(core, dst, src, nblocks, tweak, dec)                       \
	do {                                                                 \
		uint64_t lo_ = load64_le(tweak);                             \
		uint64_t hi_ = load64_le((tweak) + 8);                       \
                                                                             \
		MODES_LOOP(modes_xts_n, core, dst, src, nblocks, &lo_, &hi_, \
			   dec);                                             \
		store64_le(tweak, lo_);                                      \
		store64_le((tweak) + 8, hi_);                                \
	} while (0)
