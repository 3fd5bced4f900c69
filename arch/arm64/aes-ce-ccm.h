/* SPDX-License-Identifier: MIT */
/*
 * aes-ce-ccm.h - aes-ce's CCM hook (src/modes/ccm.h): the payload's whole
 * blocks with the CBC-MAC chain and the counter keystream in one loop,
 * both through the same round keys in registers. Included once, at the
 * end of aes-ce.c, whose key handling (struct ce_keys, BY_ROUNDS) it
 * uses: its code must lie in aes-ce.c's object, the range that
 * bench/code-range.sh gives the driver, for tests/ct-trace.sh and
 * bench/insncount.sh to see it. No include guard.
 *
 * Strategy. The chain X = E(X xor P) is serial: each AESE/AESMC waits on
 * the one before. A counter block does not depend on it, so each round
 * of the chain has a round of a counter block beside it, two independent
 * streams in flight, and the keystream costs what the idle half of the
 * AES unit would have cost. Encryption puts block i's counter block
 * beside block i of the chain. Decryption needs P = C xor E(CTR) before
 * the chain can take P, so its counter blocks run one block ahead: block
 * i + 1's keystream goes through the rounds beside block i of the chain,
 * and the chain never waits on the keystream. As in aes-ce's CBC-MAC
 * chain, the chain is kept as the state before the last AddRoundKey, and
 * the next block is folded into k[0] xor k[nr], so that only AESE/AESMC
 * lie on it. The counter block is kept as two 64-bit lanes, each the
 * big-endian number of its half (REV64 of the block), and advanced by a
 * lane addition; the rare call whose low half wraps is split there and
 * the high half incremented between the two parts, so that the counter
 * is the one 128-bit number ccm.h asks for.
 *
 * Constant-time: AESE/AESMC take the same time whatever their operands,
 * there is no table, and the branches depend on the block count and the
 * counter block, which is the public nonce and block index.
 */

/* As in aes-ce-gcm.h, without GCC's first scheduling pass: in the
 * decryption loop it moves the next counter block's REV64 above the last
 * use of the keystream register it replaces, which costs a register copy
 * per block. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC push_options
#pragma GCC optimize("no-schedule-insns")
#endif

/* The counter block as two lanes (bytes 0-7, 8-15), each its big-endian
 * number, and back. */
static INLINE uint64x2_t ccm_ctr_load(const uint8_t *p)
{
	return vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(p)));
}

static INLINE uint8x16_t ccm_ctr_block(uint64x2_t c)
{
	return vrev64q_u8(vreinterpretq_u8_u64(c));
}

/* 1 in the low half's lane */
static INLINE uint64x2_t ccm_one(void)
{
	const uint8_t b[16] = { 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0 };

	return vreinterpretq_u64_u8(vld1q_u8(b));
}

/*
 * Encryption, N >= 1 blocks whose counter blocks do not wrap the low
 * half: per block, X = E(X xor P) beside S = E(CTR), C = P xor S.
 */
static INLINE void ccm_enc_body(const struct ce_keys *kc, uint8_t *dst,
				const uint8_t *src, size_t n, uint8_t ctr[16],
				uint8_t xio[16])
{
	const uint8x16_t *k = kc->k;
	const int nr = kc->nr;
	const uint64x2_t one = ccm_one();
	const uint8x16_t k0last = veorq_u8(k[0], k[nr]);
	uint64x2_t c = ccm_ctr_load(ctr);
	uint8x16_t x, s, p;
	int r;

	/* the chain before its last AddRoundKey */
	x = veorq_u8(vld1q_u8(xio), k[nr]);
	for (; n; n--, src += 16, dst += 16) {
		p = vld1q_u8(src);
		s = vaesmcq_u8(vaeseq_u8(ccm_ctr_block(c), k[0]));
		x = vaesmcq_u8(vaeseq_u8(x, veorq_u8(p, k0last)));
		UNROLL
		for (r = 1; r < nr - 1; r++) {
			s = vaesmcq_u8(vaeseq_u8(s, k[r]));
			x = vaesmcq_u8(vaeseq_u8(x, k[r]));
		}
		s = veorq_u8(vaeseq_u8(s, k[nr - 1]), k[nr]);
		x = vaeseq_u8(x, k[nr - 1]);
		vst1q_u8(dst, veorq_u8(p, s));
		c = vaddq_u64(c, one);
	}
	vst1q_u8(xio, veorq_u8(x, k[nr]));
	vst1q_u8(ctr, ccm_ctr_block(c));
}

/*
 * Decryption, the same N: the keystream of block 0 alone, then per block
 * i, P = C xor S, and X = E(X xor P) beside S = E(CTR) of block i + 1;
 * the last block's chain alone.
 */
static INLINE void ccm_dec_body(const struct ce_keys *kc, uint8_t *dst,
				const uint8_t *src, size_t n, uint8_t ctr[16],
				uint8_t xio[16])
{
	const uint8x16_t *k = kc->k;
	const int nr = kc->nr;
	const uint64x2_t one = ccm_one();
	const uint8x16_t k0last = veorq_u8(k[0], k[nr]);
	uint64x2_t c = ccm_ctr_load(ctr);
	uint8x16_t x, s, p;
	int r;

	x = veorq_u8(vld1q_u8(xio), k[nr]);
	s = ccm_ctr_block(c);
	c = vaddq_u64(c, one);
	enc_n(kc, &s, 1);
	for (n--; n; n--, src += 16, dst += 16) {
		p = veorq_u8(vld1q_u8(src), s);
		vst1q_u8(dst, p);
		x = vaesmcq_u8(vaeseq_u8(x, veorq_u8(p, k0last)));
		s = vaesmcq_u8(vaeseq_u8(ccm_ctr_block(c), k[0]));
		UNROLL
		for (r = 1; r < nr - 1; r++) {
			x = vaesmcq_u8(vaeseq_u8(x, k[r]));
			s = vaesmcq_u8(vaeseq_u8(s, k[r]));
		}
		x = vaeseq_u8(x, k[nr - 1]);
		s = veorq_u8(vaeseq_u8(s, k[nr - 1]), k[nr]);
		c = vaddq_u64(c, one);
	}
	p = veorq_u8(vld1q_u8(src), s);
	vst1q_u8(dst, p);
	x = vaesmcq_u8(vaeseq_u8(x, veorq_u8(p, k0last)));
	UNROLL
	for (r = 1; r < nr - 1; r++)
		x = vaesmcq_u8(vaeseq_u8(x, k[r]));
	x = vaeseq_u8(x, k[nr - 1]);
	vst1q_u8(xio, veorq_u8(x, k[nr]));
	vst1q_u8(ctr, ccm_ctr_block(c));
}

/* The blocks of N that the counter CTR takes up to the wrap of its low
 * half: all N but where the wrap comes first. */
static size_t ccm_part(const uint8_t ctr[16], size_t n)
{
	uint64_t lo = load64_be(ctr + 8), room = 0 - lo;

	return lo && (uint64_t)n > room ? (size_t)room : n;
}

/* After a part of at least one block: where its low half wrapped (at its
 * end), the carry into the high half. */
static void ccm_carry(uint8_t ctr[16])
{
	if (!load64_be(ctr + 8))
		store64_be(ctr, load64_be(ctr) + 1);
}

/* See aes-ce.h. */
void cryptarch_aes_ce_ccm_encrypt(const void *ctx, uint8_t *dst,
				  const uint8_t *src, size_t nblocks,
				  uint8_t ctr[16], uint8_t x[16])
{
	const struct cryptarch_aes_ce_ctx *c = ctx;
	size_t k;

	for (; nblocks; nblocks -= k, src += 16 * k, dst += 16 * k) {
		k = ccm_part(ctr, nblocks);
		BY_ROUNDS(c, EK(c), ccm_enc_body, dst, src, k, ctr, x);
		ccm_carry(ctr);
	}
}

/* See aes-ce.h. */
void cryptarch_aes_ce_ccm_decrypt(const void *ctx, uint8_t *dst,
				  const uint8_t *src, size_t nblocks,
				  uint8_t ctr[16], uint8_t x[16])
{
	const struct cryptarch_aes_ce_ctx *c = ctx;
	size_t k;

	for (; nblocks; nblocks -= k, src += 16 * k, dst += 16 * k) {
		k = ccm_part(ctr, nblocks);
		BY_ROUNDS(c, EK(c), ccm_dec_body, dst, src, k, ctr, x);
		ccm_carry(ctr);
	}
}

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC pop_options
#endif
