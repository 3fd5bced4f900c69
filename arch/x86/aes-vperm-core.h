/* SPDX-License-Identifier: MIT */
/*
 * aes-vperm-core.h - the AES rounds of the vector-permute drivers, written
 * once for every vector width: aes-vperm.c includes it for SSSE3 xmm
 * registers, aes-vperm-avx2.c for VEX xmm and ymm, aes-vperm-avx512.c for
 * EVEX xmm and zmm (each xmm inclusion through aes-vperm-xmm.h). A
 * register holds one block per 128-bit lane and every operation works
 * lane by lane, so the same code runs 1, 2 or 4 blocks per register.
 * Constant-time: the only table lookups are PSHUFB register
 * permutes indexed by data; memory is read at addresses that depend on the
 * round number alone, and no branch depends on key or data. No include
 * guard: the includer defines, before each inclusion,
 *     VP_V            the vector type
 *     VP_FN(name)     the name of a function of this width
 *     VP_XOR(a, b), VP_XOR3(a, b, c), VP_AND(a, b)
 *     VP_SHUF(t, i)   PSHUFB: lane byte p = t[i[p] & 15], 0 if i[p] & 0x80
 *     VP_SRL4(x)      shift every 16-bit element right by 4
 *     VP_BCAST(p)     the 16 bytes at P (16-aligned) in every lane
 *     VP_SET1(b)      the byte B everywhere
 * and in one 128-bit inclusion VP_SINGLE, for the one-block code (single
 * blocks, CBC encryption, the key schedule, and the 128-bit helpers of the
 * other modes), with VP_FN(name) name##_x, plus VP_TERNLOG where VP_XOR3
 * is one instruction. The mode loops over these rounds are
 * aes-vperm-modes.h.
 *
 * The method is Hamburg's ("Accelerating AES with Vector Permute
 * Instructions", CHES 2009); the tables are this project's own, derived and
 * checked by aes-vperm-gen.c (aes-vperm-tables.h lists them).
 *
 * SubBytes. Between rounds a state byte is kept in the tower field
 * GF(16)[t] / (t^2 + a t + a): byte (i << 4) | k is i t + k. Its inverse
 * takes five lookups on nibbles (inv = 1/n, inva = a/n, both 0x80 at 0, an
 * index that makes PSHUFB return 0):
 *     j = i ^ k,  io = j ^ inv[inv[i] ^ inva[k]],
 *     jo = i ^ inv[inv[j] ^ inva[k]],  1/X = g / io + d / jo
 * and the last sum is folded into the output tables, which also apply the
 * affine map, the change of basis back (or on into the next round's
 * basis) and a MixColumns factor: sb1u[io] ^ sb1t[jo] = phi(S(x)),
 * sb2u[io] ^ sb2t[jo] = phi(2 S(x)), less the constant 0x63, which the
 * round keys carry.
 *
 * ShiftRows is never a data movement. After r rounds byte q of the
 * register holds byte sigma^-r(q) of the FIPS-197 state (sigma = the
 * ShiftRows permutation; sigma^4 = 1), so MixColumns' "row below" of a
 * byte is a fixed shuffle per r mod 4 (vp.mc_fwd, two rows: mc_fwd2, three:
 * mc_bwd); round key r is stored in the same order, and one shuffle after
 * the last round (vp.sr) puts the bytes back. Decryption does the same
 * with sigma^s.
 *
 * Encryption round r, for A = phi(S(x)), B = A shuffled by mc_fwd[r & 3]
 * etc.: out = 2A + 3B + C + D + k = (2A + B) + (2A + B)->fwd + A->bwd + k,
 * twelve shuffles in all. Decryption keeps its state as
 * phi(L^-1(x) ^ 0x63) (L the linear part of the affine map), so that the
 * inversion's input is InvSubBytes' field element Y, and computes
 * InvMixColumns as 14 Y + (11 Y)->fwd + (13 Y)->fwd2 + (9 Y)->bwd with a
 * table pair per factor: sixteen shuffles, the last three independent,
 * where Horner's rule would chain them at the same cost.
 */

#if defined(__GNUC__)
#define VP_UNROLL _Pragma("GCC unroll 8")
#else
#define VP_UNROLL
#endif

/* The nibble split and the inversion: IO and JO index the output tables. */
static INLINE void VP_FN(inverse)(VP_V x, VP_V *io, VP_V *jo)
{
	const VP_V m0f = VP_SET1(0x0f);
	const VP_V inv = VP_BCAST(vp.inv);
	VP_V k = VP_AND(x, m0f);
	VP_V i = VP_AND(VP_SRL4(x), m0f);
	VP_V ak = VP_SHUF(VP_BCAST(vp.inva), k);
	VP_V j = VP_XOR(i, k);

	*io = VP_XOR(VP_SHUF(inv, VP_XOR(VP_SHUF(inv, i), ak)), j);
	*jo = VP_XOR(VP_SHUF(inv, VP_XOR(VP_SHUF(inv, j), ak)), i);
}

/* A byte-wise linear map by its two nibble tables. */
static INLINE VP_V VP_FN(nibble_map)(VP_V x, const uint8_t *lo,
				     const uint8_t *hi)
{
	const VP_V m0f = VP_SET1(0x0f);

	return VP_XOR(VP_SHUF(VP_BCAST(lo), VP_AND(x, m0f)),
		      VP_SHUF(VP_BCAST(hi), VP_AND(VP_SRL4(x), m0f)));
}

/* Encrypt the blocks in X[0..NV-1] in place (NV a constant). */
static INLINE void VP_FN(enc_blocks)(const struct cryptarch_aes_vperm_ctx *c,
				     VP_V *x, unsigned nv)
{
	unsigned nr = c->rounds, r, i;
	VP_V k = VP_BCAST(c->ek[0]);

	VP_UNROLL
	for (i = 0; i < nv; i++)
		x[i] = VP_XOR(VP_FN(nibble_map)(x[i], vp.enc_lo, vp.enc_hi), k);
	for (r = 1; r < nr; r++) {
		const VP_V fwd = VP_BCAST(vp.mc_fwd[r & 3]);
		const VP_V bwd = VP_BCAST(vp.mc_bwd[r & 3]);

		k = VP_BCAST(c->ek[r]);
		VP_UNROLL
		for (i = 0; i < nv; i++) {
			VP_V io, jo, a, t;

			VP_FN(inverse)(x[i], &io, &jo);
			a = VP_XOR(VP_SHUF(VP_BCAST(vp.sb1u), io),
				   VP_SHUF(VP_BCAST(vp.sb1t), jo));
			t = VP_XOR3(VP_SHUF(VP_BCAST(vp.sb2u), io),
				    VP_SHUF(VP_BCAST(vp.sb2t), jo),
				    VP_SHUF(a, fwd));
			x[i] = VP_XOR3(VP_XOR(VP_SHUF(a, bwd), k), t,
				       VP_SHUF(t, fwd));
		}
	}
	k = VP_BCAST(c->ek[nr]);
	VP_UNROLL
	for (i = 0; i < nv; i++) {
		VP_V io, jo;

		VP_FN(inverse)(x[i], &io, &jo);
		x[i] = VP_SHUF(VP_XOR3(VP_SHUF(VP_BCAST(vp.sbou), io),
				       VP_SHUF(VP_BCAST(vp.sbot), jo), k),
			       VP_BCAST(vp.sr[nr & 3]));
	}
}

/* Decrypt the blocks in X[0..NV-1] in place (NV a constant). */
static INLINE void VP_FN(dec_blocks)(const struct cryptarch_aes_vperm_ctx *c,
				     VP_V *x, unsigned nv)
{
	unsigned nr = c->rounds, s, i;
	VP_V k = VP_BCAST(c->dk[0]);

	VP_UNROLL
	for (i = 0; i < nv; i++)
		x[i] = VP_XOR(VP_FN(nibble_map)(x[i], vp.dec_lo, vp.dec_hi), k);
	for (s = 1; s < nr; s++) {
		const VP_V fwd = VP_BCAST(vp.mc_fwd[-s & 3]);
		const VP_V fwd2 = VP_BCAST(vp.mc_fwd2[-s & 3]);
		const VP_V bwd = VP_BCAST(vp.mc_bwd[-s & 3]);

		k = VP_BCAST(c->dk[s]);
		VP_UNROLL
		for (i = 0; i < nv; i++) {
			VP_V io, jo, y9, y11, y13;

			VP_FN(inverse)(x[i], &io, &jo);
			y9 = VP_XOR(VP_SHUF(VP_BCAST(vp.d9u), io),
				    VP_SHUF(VP_BCAST(vp.d9t), jo));
			y13 = VP_XOR(VP_SHUF(VP_BCAST(vp.ddu), io),
				     VP_SHUF(VP_BCAST(vp.ddt), jo));
			y11 = VP_XOR(VP_SHUF(VP_BCAST(vp.dbu), io),
				     VP_SHUF(VP_BCAST(vp.dbt), jo));
			x[i] = VP_XOR3(VP_SHUF(VP_BCAST(vp.deu), io),
				       VP_SHUF(VP_BCAST(vp.det), jo), k);
			x[i] = VP_XOR3(VP_XOR(x[i], VP_SHUF(y11, fwd)),
				       VP_SHUF(y13, fwd2), VP_SHUF(y9, bwd));
		}
	}
	k = VP_BCAST(c->dk[nr]);
	VP_UNROLL
	for (i = 0; i < nv; i++) {
		VP_V io, jo;

		VP_FN(inverse)(x[i], &io, &jo);
		x[i] = VP_SHUF(VP_XOR3(VP_SHUF(VP_BCAST(vp.dou), io),
				       VP_SHUF(VP_BCAST(vp.dot), jo), k),
			       VP_BCAST(vp.sr[-nr & 3]));
	}
}

#ifdef VP_SINGLE
/*
 * One block at a time (the 128-bit inclusion only): the single-block
 * functions, CBC encryption and the key schedule.
 *
 * Here latency counts more than throughput, so encryption keeps the state
 * split into its high nibbles I and its low nibbles K (each byte 0..15):
 * the inversion starts without the shift and the masks, and MixColumns and
 * the key addition run on both halves (the tables sb1uh, sb1ul, ... give
 * the halves of sb1u, ...). Seven more shuffles per round for two fewer
 * dependent steps, which the serial chain of CBC encryption turns into
 * speed (a form with 27 shuffles per round and one step fewer still was
 * 20% slower on AMD Zen 5: the shuffle units, not the chain, became the
 * limit). CBC encryption also never leaves the tower basis between
 * blocks: the next block's state is phi(P ^ C) ^ ek[0], with phi(C)
 * straight from the last round's inversion through sb1u/sb1t.
 */
static INLINE VP_V VP_FN(hi4)(VP_V x)
{
	return VP_AND(VP_SRL4(x), VP_SET1(0x0f));
}

static INLINE VP_V VP_FN(lo4)(VP_V x)
{
	return VP_AND(x, VP_SET1(0x0f));
}

/*
 * One half (the high or the low nibbles) of an encryption round's output
 * on the split state, from the inversion's outputs U = io and T = jo, the
 * half's tables S1U, S1T (of A = S(x)) and S2U, S2T (of 2A), and the
 * half of the round key. Without VPTERNLOG: out = (2A + B) + (2A + B)->fwd
 * + A->bwd + k, three shuffles, eleven dependent steps per round. With it
 * (VP_TERNLOG): out = 2A + (2A)->fwd + A->fwd + A->fwd2 + A->bwd + k, four
 * shuffles but ten steps, the six terms summed in two.
 */
static INLINE VP_V VP_FN(mix_half)(VP_V u, VP_V t, const uint8_t *s1u,
				   const uint8_t *s1t, const uint8_t *s2u,
				   const uint8_t *s2t, VP_V key, unsigned r)
{
	const VP_V fwd = VP_BCAST(vp.mc_fwd[r & 3]);
	const VP_V bwd = VP_BCAST(vp.mc_bwd[r & 3]);
	VP_V a = VP_XOR(VP_SHUF(VP_BCAST(s1u), u), VP_SHUF(VP_BCAST(s1t), t));
#ifdef VP_TERNLOG
	const VP_V fwd2 = VP_BCAST(vp.mc_fwd2[r & 3]);
	VP_V a2 = VP_XOR(VP_SHUF(VP_BCAST(s2u), u), VP_SHUF(VP_BCAST(s2t), t));

	return VP_XOR(VP_XOR3(a2, VP_SHUF(a2, fwd), VP_SHUF(a, fwd)),
		      VP_XOR3(VP_SHUF(a, fwd2), VP_SHUF(a, bwd), key));
#else
	VP_V th = VP_XOR3(VP_SHUF(VP_BCAST(s2u), u), VP_SHUF(VP_BCAST(s2t), t),
			  VP_SHUF(a, fwd));

	return VP_XOR3(VP_XOR(VP_SHUF(a, bwd), key), th, VP_SHUF(th, fwd));
#endif
}

/* Rounds 1..N-1 on the split state (I, K), then round N's inversion. */
static INLINE void VP_FN(enc_split)(const struct cryptarch_aes_vperm_ctx *c,
				    VP_V i, VP_V k, VP_V *io, VP_V *jo)
{
	const VP_V inv = VP_BCAST(vp.inv), inva = VP_BCAST(vp.inva);
	unsigned nr = c->rounds, r;
	VP_V j, ak, u, t, rk;

	for (r = 1;; r++) {
		j = VP_XOR(i, k);
		ak = VP_SHUF(inva, k);
		u = VP_XOR(VP_SHUF(inv, VP_XOR(VP_SHUF(inv, i), ak)), j);
		t = VP_XOR(VP_SHUF(inv, VP_XOR(VP_SHUF(inv, j), ak)), i);
		if (r == nr)
			break;
		rk = VP_BCAST(c->ek[r]);
		i = VP_FN(mix_half)(u, t, vp.sb1uh, vp.sb1th, vp.sb2uh,
				    vp.sb2th, VP_FN(hi4)(rk), r);
		k = VP_FN(mix_half)(u, t, vp.sb1ul, vp.sb1tl, vp.sb2ul,
				    vp.sb2tl, VP_FN(lo4)(rk), r);
	}
	*io = u;
	*jo = t;
}

/* The last round after enc_split(): the block in the FIPS-197 basis. */
static INLINE VP_V VP_FN(enc_last)(const struct cryptarch_aes_vperm_ctx *c,
				   VP_V io, VP_V jo)
{
	return VP_SHUF(VP_XOR3(VP_SHUF(VP_BCAST(vp.sbou), io),
			       VP_SHUF(VP_BCAST(vp.sbot), jo),
			       VP_BCAST(c->ek[c->rounds])),
		       VP_BCAST(vp.sr[c->rounds & 3]));
}

/* Encrypt one block, latency first. */
static INLINE VP_V VP_FN(enc1)(const struct cryptarch_aes_vperm_ctx *c, VP_V x)
{
	VP_V io, jo;

	x = VP_XOR(VP_FN(nibble_map)(x, vp.enc_lo, vp.enc_hi),
		   VP_BCAST(c->ek[0]));
	VP_FN(enc_split)(c, VP_FN(hi4)(x), VP_FN(lo4)(x), &io, &jo);
	return VP_FN(enc_last)(c, io, jo);
}

/* One block in an xmm register, encrypted latency first, or decrypted. */
static INLINE VP_V VP_FN(crypt1)(const struct cryptarch_aes_vperm_ctx *c,
				 VP_V x, int dec)
{
	VP_V v[1];

	if (!dec)
		return VP_FN(enc1)(c, x);
	v[0] = x;
	VP_FN(dec_blocks)(c, v, 1);
	return v[0];
}

/* Unaligned loads and stores of one block. */
static INLINE VP_V VP_FN(loadu)(const uint8_t *p)
{
	return _mm_loadu_si128((const __m128i *)(const void *)p);
}

static INLINE void VP_FN(storeu)(uint8_t *p, VP_V v)
{
	_mm_storeu_si128((__m128i *)(void *)p, v);
}

/*
 * The CTR counter is kept as one little-endian 128-bit number, the
 * counter block's bytes reversed (bswap), in a register (in each lane of
 * the wide code). Adding N (in the low 64-bit half of the vector N) takes
 * the carry out of the low half from the top bit of
 * (c & n) | ((c | n) & ~sum), never from a comparison, so no branch and
 * no induction variable of the compiler's depends on the secret counter.
 */
static INLINE VP_V VP_FN(bswap)(VP_V x)
{
	return _mm_shuffle_epi8(x, _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
						10, 11, 12, 13, 14, 15));
}

static INLINE VP_V VP_FN(ctr_add)(VP_V c, VP_V n)
{
	VP_V s = _mm_add_epi64(c, n);
	VP_V carry = _mm_or_si128(_mm_and_si128(c, n),
				  _mm_andnot_si128(s, _mm_or_si128(c, n)));

	return _mm_add_epi64(s, _mm_slli_si128(_mm_srli_epi64(carry, 63), 8));
}

/* An XTS tweak T times alpha in GF(2^128), IEEE 1619 order (xts-tweak.h):
 * a shift of the two 64-bit halves, the carry and the reduction 0x87 by
 * masks. */
static INLINE VP_V VP_FN(xts_double)(VP_V t)
{
	VP_V m = _mm_shuffle_epi32(_mm_srai_epi32(t, 31),
				   _MM_SHUFFLE(0, 1, 0, 3));

	return _mm_xor_si128(_mm_slli_epi64(t, 1),
			     _mm_and_si128(m, _mm_set_epi32(0, 1, 0, 0x87)));
}

/* see src/modes/cbc.h (struct cryptarch_cbc_hooks.encrypt); with DST NULL
 * (a constant after inlining) the CBC-MAC chain of src/modes/cbcmac.h:
 * nothing stored but the last block, into IV (the chaining value X). */
static INLINE void VP_FN(cbc_enc)(const struct cryptarch_aes_vperm_ctx *c,
				  uint8_t *dst, const uint8_t *src,
				  size_t nblocks, uint8_t iv[16])
{
	const unsigned nr = c->rounds;
	const VP_V ek0 = VP_BCAST(c->ek[0]), srn = VP_BCAST(vp.sr[nr & 3]);
	/* phi(the last round key) in output order, plus round key 0 */
	const VP_V kc = VP_XOR(VP_SHUF(VP_FN(nibble_map)(VP_BCAST(c->ek[nr]),
							 vp.enc_lo, vp.enc_hi),
				       srn),
			       ek0);
	VP_V x, io, jo, i, k, out = _mm_loadu_si128((const __m128i *)iv);

	if (!nblocks)
		return;
	x = VP_XOR(_mm_loadu_si128((const __m128i *)(const void *)src), out);
	x = VP_XOR(VP_FN(nibble_map)(x, vp.enc_lo, vp.enc_hi), ek0);
	i = VP_FN(hi4)(x);
	k = VP_FN(lo4)(x);
	for (;;) {
		VP_FN(enc_split)(c, i, k, &io, &jo);
		if (dst) {
			out = VP_FN(enc_last)(c, io, jo);
			_mm_storeu_si128((__m128i *)(void *)dst, out);
			dst += 16;
		}
		if (!--nblocks)
			break;
		src += 16;
		/* phi(P ^ C) ^ ek[0], split, with phi(C) from io and jo */
		x = _mm_loadu_si128((const __m128i *)(const void *)src);
		x = VP_XOR(VP_FN(nibble_map)(x, vp.enc_lo, vp.enc_hi), kc);
		io = VP_SHUF(io, srn);
		jo = VP_SHUF(jo, srn);
		i = VP_XOR3(VP_SHUF(VP_BCAST(vp.sb1uh), io), VP_FN(hi4)(x),
			    VP_SHUF(VP_BCAST(vp.sb1th), jo));
		k = VP_XOR3(VP_SHUF(VP_BCAST(vp.sb1ul), io), VP_FN(lo4)(x),
			    VP_SHUF(VP_BCAST(vp.sb1tl), jo));
	}
	if (!dst)
		out = VP_FN(enc_last)(c, io, jo);
	_mm_storeu_si128((__m128i *)(void *)iv, out);
}

/*
 * The key schedule. FIPS-197 5.2 on words w[i] read little-endian, SubWord
 * through the S-box above (all 16 bytes of a register, of which four
 * matter). Then, for K_r the FIPS-197 round keys and N the number of
 * rounds, with 0x63 the S-box constant that the rounds' tables leave out:
 *     ek[0] = phi(K_0)
 *     ek[r] = phi(K_r ^ 0x63) in the order sigma^-r, 0 < r < N
 *     ek[N] = (K_N ^ 0x63) in the order sigma^-N
 *     dk[0] = phi(L^-1(K_N ^ 0x63))
 *     dk[s] = phi(L^-1(InvMixColumns(K_N-s) ^ 0x63)) in the order sigma^s
 *     dk[N] = K_0 in the order sigma^N
 * (the constant passes MixColumns unchanged, as 2 + 3 + 1 + 1 = 1).
 */

/* The AES S-box on every byte, in and out in the FIPS-197 basis. */
static INLINE VP_V VP_FN(sub_bytes)(VP_V x)
{
	VP_V io, jo;

	VP_FN(inverse)(VP_FN(nibble_map)(x, vp.enc_lo, vp.enc_hi), &io, &jo);
	return VP_XOR3(VP_SHUF(VP_BCAST(vp.sbou), io),
		       VP_SHUF(VP_BCAST(vp.sbot), jo), VP_SET1(0x63));
}

/* Multiply every byte by x in the AES field, without a branch. */
static INLINE VP_V VP_FN(xtime)(VP_V x)
{
	VP_V hi = _mm_cmplt_epi8(x, _mm_setzero_si128());

	return VP_XOR(_mm_add_epi8(x, x), VP_AND(hi, VP_SET1(0x1b)));
}

static INLINE VP_V VP_FN(inv_mix_columns)(VP_V x)
{
	const VP_V n = VP_BCAST(vp.mc_fwd[0]); /* the row below */
	VP_V x2 = VP_FN(xtime)(x), x4 = VP_FN(xtime)(x2);
	VP_V x8 = VP_FN(xtime)(x4), x9 = VP_XOR(x8, x);
	VP_V t;

	/* Horner's rule: ((9 x->n + 13 x)->n + 11 x)->n + 14 x */
	t = VP_XOR(VP_XOR3(VP_SHUF(x9, n), x8, x4), x);
	t = VP_XOR3(VP_SHUF(t, n), x9, x2);
	return VP_XOR3(VP_SHUF(t, n), x8, VP_XOR(x4, x2));
}

static uint32_t VP_FN(sub_word)(uint32_t w)
{
	VP_V v = VP_FN(sub_bytes)(_mm_cvtsi32_si128((int)w));

	return (uint32_t)_mm_cvtsi128_si32(v);
}

static void VP_FN(expand_key)(struct cryptarch_aes_vperm_ctx *c,
			      const uint8_t *key, size_t keylen)
{
	uint32_t w[4 * (AES_VPERM_MAX_ROUNDS + 1)], t, rcon = 1;
	unsigned i, r, nk = (unsigned)keylen / 4, nr = nk + 6;
	const VP_V c63 = VP_SET1(0x63);
	VP_V k;

	for (i = 0; i < nk; i++)
		w[i] = load32_le(key + 4 * i);
	for (i = nk; i < 4 * (nr + 1); i++) {
		t = w[i - 1];
		if (i % nk == 0) {
			t = VP_FN(sub_word)(ror32(t, 8)) ^ rcon;
			rcon = (rcon << 1) ^ (0x11b & (0 - (rcon >> 7)));
		} else if (nk > 6 && i % nk == 4) {
			t = VP_FN(sub_word)(t);
		}
		w[i] = w[i - nk] ^ t;
	}

#define VP_RK(r) _mm_loadu_si128((const __m128i *)(const void *)&w[4 * (r)])
#define VP_PUT(p, v) _mm_store_si128((__m128i *)(void *)(p), v)
	k = VP_RK(0);
	VP_PUT(c->ek[0], VP_FN(nibble_map)(k, vp.enc_lo, vp.enc_hi));
	VP_PUT(c->dk[nr], VP_SHUF(k, VP_BCAST(vp.sr[nr & 3])));
	for (r = 1; r < nr; r++) {
		k = VP_SHUF(VP_XOR(VP_RK(r), c63), VP_BCAST(vp.sr[-r & 3]));
		VP_PUT(c->ek[r], VP_FN(nibble_map)(k, vp.enc_lo, vp.enc_hi));
		k = VP_FN(inv_mix_columns)(VP_RK(nr - r));
		k = VP_SHUF(VP_XOR(k, c63), VP_BCAST(vp.sr[r & 3]));
		VP_PUT(c->dk[r], VP_FN(nibble_map)(k, vp.dec_lo, vp.dec_hi));
	}
	k = VP_XOR(VP_RK(nr), c63);
	VP_PUT(c->ek[nr], VP_SHUF(k, VP_BCAST(vp.sr[-nr & 3])));
	VP_PUT(c->dk[0], VP_FN(nibble_map)(k, vp.dec_lo, vp.dec_hi));
#undef VP_RK
#undef VP_PUT
	c->rounds = nr;
	cryptarch_memzero(w, sizeof(w));
}
#endif /* VP_SINGLE */

#undef VP_UNROLL
