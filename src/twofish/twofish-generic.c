/* SPDX-License-Identifier: MIT */
/*
 * twofish-generic.c - driver "twofish-generic": Twofish (Schneier, Kelsey,
 * Whiting, Wagner, Hall and Ferguson, "Twofish: A 128-Bit Block Cipher",
 * 1998) in portable C with the paper's "full keying" option (section 5.1):
 * setkey builds four key-dependent 256-entry word tables that merge the
 * S-boxes with the MDS matrix, so g() is four lookups and three XORs. One
 * block is a serial chain of lookups, so the hooks run two blocks
 * interleaved for ECB, CBC decryption, CTR and XTS, and CBC encryption
 * keeps its chaining value in registers. Not constant-time: the tables are
 * indexed by key and data bytes (cache timing). No CPU feature needed.
 * Speed: Twofish-128 CBC encryption of 8192-byte requests, 8.3 cycles/byte
 * (TSC), `cryptarch speed --alg 'cbc(twofish)' --sizes 8192 --keys 128
 * --allow-variable-time`, gcc 12.2 -O2, AMD EPYC (Zen 5), 2026-11-30.
 */
#include <errno.h>
#include <stddef.h>
#include <string.h>

#include "../core/desc.h"
#include "../core/endian.h"
#include "../core/memzero.h"
#include "../modes/cbc.h"
#include "../modes/ctr-inc.h"
#include "../modes/ctr.h"
#include "../modes/ecb.h"
#include "../modes/xts-tweak.h"
#include "../modes/xts.h"
#include "twofish-generic.h"
#include "twofish-tables.h"
#include "twofish.h"

/* The layout that assembly implementations rely on (twofish-generic.h). */
_Static_assert(offsetof(struct cryptarch_twofish_ctx, s) == 0,
	       "twofish context layout");
_Static_assert(offsetof(struct cryptarch_twofish_ctx, k) == 4096,
	       "twofish context layout");
_Static_assert(sizeof(struct cryptarch_twofish_ctx) == 4256,
	       "twofish context layout");

#define Q0 cryptarch_twofish_q[0]
#define Q1 cryptarch_twofish_q[1]
#define MDS cryptarch_twofish_mds

/*
 * The function h of section 4.3.2 for a key of K 64-bit words, on the
 * input word whose four bytes all equal X (X * rho in section 4.3.4), with
 * the list L whose byte j of word i is l[8 * i + j]. Lane j runs through
 * (for K = 4) qa[j], (for K >= 3) qb[j], then qc[j], qd[j] and the
 * permutation folded into MDS[j].
 */
static uint32_t h(unsigned int x, const uint8_t *l, int k)
{
	static const uint8_t qa[4] = { 1, 0, 0, 1 };
	static const uint8_t qb[4] = { 1, 1, 0, 0 };
	static const uint8_t qc[4] = { 0, 1, 0, 1 };
	static const uint8_t qd[4] = { 0, 0, 1, 1 };
	uint32_t r = 0;
	int j;

	for (j = 0; j < 4; j++) {
		unsigned int y = x;

		if (k == 4)
			y = cryptarch_twofish_q[qa[j]][y] ^ l[24 + j];
		if (k >= 3)
			y = cryptarch_twofish_q[qb[j]][y] ^ l[16 + j];
		y = cryptarch_twofish_q[qc[j]][y] ^ l[8 + j];
		y = cryptarch_twofish_q[qd[j]][y] ^ l[j];
		r ^= MDS[j][y];
	}
	return r;
}

/*
 * The S-box tables for a key of K 64-bit words. sb[8 * i + j] is byte j of
 * L_i = S_(k-1-i), the key-dependent word list of g (section 4.3.3); lane
 * j runs through the same permutations as in h().
 */
static void fill2(struct cryptarch_twofish_ctx *ctx, const uint8_t *sb)
{
	unsigned int x;

	for (x = 0; x < 256; x++) {
		ctx->s[0][x] = MDS[0][Q0[Q0[x] ^ sb[8]] ^ sb[0]];
		ctx->s[1][x] = MDS[1][Q0[Q1[x] ^ sb[9]] ^ sb[1]];
		ctx->s[2][x] = MDS[2][Q1[Q0[x] ^ sb[10]] ^ sb[2]];
		ctx->s[3][x] = MDS[3][Q1[Q1[x] ^ sb[11]] ^ sb[3]];
	}
}

static void fill3(struct cryptarch_twofish_ctx *ctx, const uint8_t *sb)
{
	unsigned int x;

	for (x = 0; x < 256; x++) {
		ctx->s[0][x] = MDS[0][Q0[Q0[Q1[x] ^ sb[16]] ^ sb[8]] ^ sb[0]];
		ctx->s[1][x] = MDS[1][Q0[Q1[Q1[x] ^ sb[17]] ^ sb[9]] ^ sb[1]];
		ctx->s[2][x] = MDS[2][Q1[Q0[Q0[x] ^ sb[18]] ^ sb[10]] ^ sb[2]];
		ctx->s[3][x] = MDS[3][Q1[Q1[Q0[x] ^ sb[19]] ^ sb[11]] ^ sb[3]];
	}
}

static void fill4(struct cryptarch_twofish_ctx *ctx, const uint8_t *sb)
{
	unsigned int x;

	for (x = 0; x < 256; x++) {
		ctx->s[0][x] =
			MDS[0][Q0[Q0[Q1[Q1[x] ^ sb[24]] ^ sb[16]] ^ sb[8]] ^
			       sb[0]];
		ctx->s[1][x] =
			MDS[1][Q0[Q1[Q1[Q0[x] ^ sb[25]] ^ sb[17]] ^ sb[9]] ^
			       sb[1]];
		ctx->s[2][x] =
			MDS[2][Q1[Q0[Q0[Q0[x] ^ sb[26]] ^ sb[18]] ^ sb[10]] ^
			       sb[2]];
		ctx->s[3][x] =
			MDS[3][Q1[Q1[Q0[Q1[x] ^ sb[27]] ^ sb[19]] ^ sb[11]] ^
			       sb[3]];
	}
}

/* see twofish-generic.h */
int cryptarch_twofish_generic_setkey(void *vctx, const uint8_t *key,
				     size_t keylen)
{
	struct cryptarch_twofish_ctx *ctx = vctx;
	uint8_t me[32], mo[32], sb[32];
	uint32_t a, b, w;
	int k, i, j;

	if (keylen != 16 && keylen != 24 && keylen != 32)
		return -EINVAL;
	k = (int)(keylen / 8);

	/*
	 * Split the key into the even words Me and the odd words Mo (section
	 * 4.3), as byte lists in the layout h() reads, and compute the S
	 * words with the RS matrix, S_i from key bytes 8i..8i+7, stored in
	 * reverse order (L_i = S_(k-1-i)).
	 */
	for (i = 0; i < k; i++) {
		for (j = 0; j < 4; j++) {
			me[8 * i + j] = key[8 * i + j];
			mo[8 * i + j] = key[8 * i + 4 + j];
		}
		w = 0;
		for (j = 0; j < 8; j++)
			w ^= cryptarch_twofish_rs[j][key[8 * i + j]];
		store32_le(sb + 8 * (k - 1 - i), w);
	}

	/* The subkeys (section 4.3.4); rho = 2^24 + 2^16 + 2^8 + 1. */
	for (i = 0; i < 20; i++) {
		a = h(2 * (unsigned int)i, me, k);
		b = rol32(h(2 * (unsigned int)i + 1, mo, k), 8);
		ctx->k[2 * i] = a + b;
		ctx->k[2 * i + 1] = rol32(a + 2 * b, 9);
	}

	if (k == 2)
		fill2(ctx, sb);
	else if (k == 3)
		fill3(ctx, sb);
	else
		fill4(ctx, sb);

	cryptarch_memzero(me, sizeof(me));
	cryptarch_memzero(mo, sizeof(mo));
	cryptarch_memzero(sb, sizeof(sb));
	return 0;
}

/* g(X) and g(ROL(X, 8)) (section 4.2) with the merged tables. */
#define G0(s, x)                                        \
	((s)[0][(x)&0xff] ^ (s)[1][((x) >> 8) & 0xff] ^ \
	 (s)[2][((x) >> 16) & 0xff] ^ (s)[3][(x) >> 24])
#define G1(s, x)                                                            \
	((s)[0][(x) >> 24] ^ (s)[1][(x)&0xff] ^ (s)[2][((x) >> 8) & 0xff] ^ \
	 (s)[3][((x) >> 16) & 0xff])

/*
 * Two rounds of encryption (section 4; F is section 4.1): the first updates
 * C and D from F(A, B), the second A and B from F(C, D), so the words
 * never move.
 */
#define ENC2(s, k, a, b, c, d)                              \
	do {                                                \
		uint32_t t0_ = G0(s, a), t1_ = G1(s, b);    \
		c = ror32(c ^ (t0_ + t1_ + (k)[0]), 1);     \
		d = rol32(d, 1) ^ (t0_ + 2 * t1_ + (k)[1]); \
		t0_ = G0(s, c);                             \
		t1_ = G1(s, d);                             \
		a = ror32(a ^ (t0_ + t1_ + (k)[2]), 1);     \
		b = rol32(b, 1) ^ (t0_ + 2 * t1_ + (k)[3]); \
	} while (0)

/* The inverse of ENC2 with the same subkeys. */
#define DEC2(s, k, a, b, c, d)                              \
	do {                                                \
		uint32_t t0_ = G0(s, c), t1_ = G1(s, d);    \
		a = rol32(a, 1) ^ (t0_ + t1_ + (k)[2]);     \
		b = ror32(b ^ (t0_ + 2 * t1_ + (k)[3]), 1); \
		t0_ = G0(s, a);                             \
		t1_ = G1(s, b);                             \
		c = rol32(c, 1) ^ (t0_ + t1_ + (k)[0]);     \
		d = ror32(d ^ (t0_ + 2 * t1_ + (k)[1]), 1); \
	} while (0)

/*
 * All 16 rounds, written out: with constant subkey offsets the compilers
 * keep every word in a register (clang 14 spills one inside a loop).
 */
#define ENC16(s, k, a, b, c, d)                \
	do {                                   \
		ENC2(s, (k) + 8, a, b, c, d);  \
		ENC2(s, (k) + 12, a, b, c, d); \
		ENC2(s, (k) + 16, a, b, c, d); \
		ENC2(s, (k) + 20, a, b, c, d); \
		ENC2(s, (k) + 24, a, b, c, d); \
		ENC2(s, (k) + 28, a, b, c, d); \
		ENC2(s, (k) + 32, a, b, c, d); \
		ENC2(s, (k) + 36, a, b, c, d); \
	} while (0)

#define DEC16(s, k, a, b, c, d)                \
	do {                                   \
		DEC2(s, (k) + 36, a, b, c, d); \
		DEC2(s, (k) + 32, a, b, c, d); \
		DEC2(s, (k) + 28, a, b, c, d); \
		DEC2(s, (k) + 24, a, b, c, d); \
		DEC2(s, (k) + 20, a, b, c, d); \
		DEC2(s, (k) + 16, a, b, c, d); \
		DEC2(s, (k) + 12, a, b, c, d); \
		DEC2(s, (k) + 8, a, b, c, d);  \
	} while (0)

/*
 * Load a block as four words with the input (or output) whitening, and
 * store one. After the 16 rounds the words are (a, b, c, d) = R16, and the
 * output undoes the last swap: C = (c, d, a, b) ^ (K4, K5, K6, K7).
 */
#define LOAD(p, k, a, b, c, d)                    \
	do {                                      \
		a = load32_le(p) ^ (k)[0];        \
		b = load32_le((p) + 4) ^ (k)[1];  \
		c = load32_le((p) + 8) ^ (k)[2];  \
		d = load32_le((p) + 12) ^ (k)[3]; \
	} while (0)

#define STORE(p, k, a, b, c, d)                     \
	do {                                        \
		store32_le(p, (a) ^ (k)[0]);        \
		store32_le((p) + 4, (b) ^ (k)[1]);  \
		store32_le((p) + 8, (c) ^ (k)[2]);  \
		store32_le((p) + 12, (d) ^ (k)[3]); \
	} while (0)

/* see twofish-generic.h */
void cryptarch_twofish_generic_encrypt(const void *vctx, uint8_t *dst,
				       const uint8_t *src)
{
	const struct cryptarch_twofish_ctx *ctx = vctx;
	const uint32_t(*s)[256] = ctx->s;
	const uint32_t *k = ctx->k;
	uint32_t a, b, c, d;

	LOAD(src, k, a, b, c, d);
	ENC16(s, k, a, b, c, d);
	STORE(dst, k + 4, c, d, a, b);
}

/* see twofish-generic.h */
void cryptarch_twofish_generic_decrypt(const void *vctx, uint8_t *dst,
				       const uint8_t *src)
{
	const struct cryptarch_twofish_ctx *ctx = vctx;
	const uint32_t(*s)[256] = ctx->s;
	const uint32_t *k = ctx->k;
	uint32_t a, b, c, d;

	LOAD(src, k + 4, c, d, a, b);
	DEC16(s, k, a, b, c, d);
	STORE(dst, k, a, b, c, d);
}

/*
 * Two blocks at once, SRC[0..31] to DST[0..31] (DST == SRC allowed). One
 * block is a chain of dependent lookups that leaves most of a superscalar
 * core idle; interleaving a second, independent block nearly doubles the
 * throughput of the parallel modes on 64-bit CPUs. Two, not more, so that
 * the sixteen live words still fit in the registers of most targets.
 */
#define ENC2X2(s, k, a, b, c, d, e, f, g, h) \
	do {                                 \
		ENC2(s, k, a, b, c, d);      \
		ENC2(s, k, e, f, g, h);      \
	} while (0)

#define DEC2X2(s, k, a, b, c, d, e, f, g, h) \
	do {                                 \
		DEC2(s, k, a, b, c, d);      \
		DEC2(s, k, e, f, g, h);      \
	} while (0)

static void encrypt2(const struct cryptarch_twofish_ctx *ctx, uint8_t *dst,
		     const uint8_t *src)
{
	const uint32_t(*s)[256] = ctx->s;
	const uint32_t *k = ctx->k;
	uint32_t a, b, c, d, e, f, g, h;

	LOAD(src, k, a, b, c, d);
	LOAD(src + 16, k, e, f, g, h);
	ENC2X2(s, k + 8, a, b, c, d, e, f, g, h);
	ENC2X2(s, k + 12, a, b, c, d, e, f, g, h);
	ENC2X2(s, k + 16, a, b, c, d, e, f, g, h);
	ENC2X2(s, k + 20, a, b, c, d, e, f, g, h);
	ENC2X2(s, k + 24, a, b, c, d, e, f, g, h);
	ENC2X2(s, k + 28, a, b, c, d, e, f, g, h);
	ENC2X2(s, k + 32, a, b, c, d, e, f, g, h);
	ENC2X2(s, k + 36, a, b, c, d, e, f, g, h);
	STORE(dst, k + 4, c, d, a, b);
	STORE(dst + 16, k + 4, g, h, e, f);
}

static void decrypt2(const struct cryptarch_twofish_ctx *ctx, uint8_t *dst,
		     const uint8_t *src)
{
	const uint32_t(*s)[256] = ctx->s;
	const uint32_t *k = ctx->k;
	uint32_t a, b, c, d, e, f, g, h;

	LOAD(src, k + 4, c, d, a, b);
	LOAD(src + 16, k + 4, g, h, e, f);
	DEC2X2(s, k + 36, a, b, c, d, e, f, g, h);
	DEC2X2(s, k + 32, a, b, c, d, e, f, g, h);
	DEC2X2(s, k + 28, a, b, c, d, e, f, g, h);
	DEC2X2(s, k + 24, a, b, c, d, e, f, g, h);
	DEC2X2(s, k + 20, a, b, c, d, e, f, g, h);
	DEC2X2(s, k + 16, a, b, c, d, e, f, g, h);
	DEC2X2(s, k + 12, a, b, c, d, e, f, g, h);
	DEC2X2(s, k + 8, a, b, c, d, e, f, g, h);
	STORE(dst, k, a, b, c, d);
	STORE(dst + 16, k, e, f, g, h);
}

/* The hooks: see src/modes/<mode>.h for their contract. */
static void cryptarch_twofish_generic_ecb_encrypt(const void *ctx, uint8_t *dst,
						  const uint8_t *src,
						  size_t nblocks)
{
	for (; nblocks >= 2; nblocks -= 2, dst += 32, src += 32)
		encrypt2(ctx, dst, src);
	if (nblocks)
		cryptarch_twofish_generic_encrypt(ctx, dst, src);
}

static void cryptarch_twofish_generic_ecb_decrypt(const void *ctx, uint8_t *dst,
						  const uint8_t *src,
						  size_t nblocks)
{
	for (; nblocks >= 2; nblocks -= 2, dst += 32, src += 32)
		decrypt2(ctx, dst, src);
	if (nblocks)
		cryptarch_twofish_generic_decrypt(ctx, dst, src);
}

/*
 * CBC encryption is serial, but doing the whole chain here keeps the
 * chaining value in registers: the template would store each ciphertext
 * block and load it back for the next XOR, a store-to-load round trip on
 * the critical path of every block.
 */
static void cryptarch_twofish_generic_cbc_encrypt(const void *vctx,
						  uint8_t *dst,
						  const uint8_t *src,
						  size_t nblocks,
						  uint8_t iv[16])
{
	const struct cryptarch_twofish_ctx *ctx = vctx;
	const uint32_t(*s)[256] = ctx->s;
	const uint32_t *k = ctx->k;
	uint32_t a, b, c, d, v0, v1, v2, v3;

	v0 = load32_le(iv);
	v1 = load32_le(iv + 4);
	v2 = load32_le(iv + 8);
	v3 = load32_le(iv + 12);
	for (; nblocks; nblocks--, dst += 16, src += 16) {
		LOAD(src, k, a, b, c, d);
		a ^= v0;
		b ^= v1;
		c ^= v2;
		d ^= v3;
		ENC16(s, k, a, b, c, d);
		v0 = c ^ k[4];
		v1 = d ^ k[5];
		v2 = a ^ k[6];
		v3 = b ^ k[7];
		store32_le(dst, v0);
		store32_le(dst + 4, v1);
		store32_le(dst + 8, v2);
		store32_le(dst + 12, v3);
	}
	store32_le(iv, v0);
	store32_le(iv + 4, v1);
	store32_le(iv + 8, v2);
	store32_le(iv + 12, v3);
}

static void cryptarch_twofish_generic_cbc_decrypt(const void *ctx, uint8_t *dst,
						  const uint8_t *src,
						  size_t nblocks,
						  uint8_t iv[16])
{
	uint8_t in[32];

	/* Keep the ciphertext: it is the next chaining value, and DST may
	 * overwrite it. */
	for (; nblocks >= 2; nblocks -= 2, dst += 32, src += 32) {
		memcpy(in, src, 32);
		decrypt2(ctx, dst, in);
		xor_block(dst, dst, iv);
		xor_block(dst + 16, dst + 16, in);
		memcpy(iv, in + 16, 16);
	}
	if (nblocks) {
		memcpy(in, src, 16);
		cryptarch_twofish_generic_decrypt(ctx, dst, in);
		xor_block(dst, dst, iv);
		memcpy(iv, in, 16);
	}
}

static void cryptarch_twofish_generic_ctr_crypt(const void *ctx, uint8_t *dst,
						const uint8_t *src,
						size_t nblocks, uint8_t ctr[16])
{
	uint8_t ks[32];

	for (; nblocks >= 2; nblocks -= 2, dst += 32, src += 32) {
		memcpy(ks, ctr, 16);
		ctr_add(ctr, 1);
		memcpy(ks + 16, ctr, 16);
		ctr_add(ctr, 1);
		encrypt2(ctx, ks, ks);
		xor_block(dst, src, ks);
		xor_block(dst + 16, src + 16, ks + 16);
	}
	if (nblocks) {
		cryptarch_twofish_generic_encrypt(ctx, ks, ctr);
		ctr_add(ctr, 1);
		xor_block(dst, src, ks);
	}
	cryptarch_memzero(ks, sizeof(ks));
}

/* XTS (IEEE 1619) over whole blocks; the template does the stealing. */
static void xts_crypt(const void *ctx, uint8_t *dst, const uint8_t *src,
		      size_t nblocks, uint8_t tweak[16], int enc)
{
	uint8_t t[32], x[32];

	for (; nblocks >= 2; nblocks -= 2, dst += 32, src += 32) {
		memcpy(t, tweak, 16);
		xts_mul_alpha(tweak);
		memcpy(t + 16, tweak, 16);
		xts_mul_alpha(tweak);
		xor_block(x, src, t);
		xor_block(x + 16, src + 16, t + 16);
		if (enc)
			encrypt2(ctx, x, x);
		else
			decrypt2(ctx, x, x);
		xor_block(dst, x, t);
		xor_block(dst + 16, x + 16, t + 16);
	}
	if (nblocks) {
		xor_block(x, src, tweak);
		if (enc)
			cryptarch_twofish_generic_encrypt(ctx, x, x);
		else
			cryptarch_twofish_generic_decrypt(ctx, x, x);
		xor_block(dst, x, tweak);
		xts_mul_alpha(tweak);
	}
	cryptarch_memzero(t, sizeof(t));
	cryptarch_memzero(x, sizeof(x));
}

static void cryptarch_twofish_generic_xts_encrypt(const void *ctx, uint8_t *dst,
						  const uint8_t *src,
						  size_t nblocks,
						  uint8_t tweak[16])
{
	xts_crypt(ctx, dst, src, nblocks, tweak, 1);
}

static void cryptarch_twofish_generic_xts_decrypt(const void *ctx, uint8_t *dst,
						  const uint8_t *src,
						  size_t nblocks,
						  uint8_t tweak[16])
{
	xts_crypt(ctx, dst, src, nblocks, tweak, 0);
}

CRYPTARCH_DRIVER(twofish_generic,
	.name = "twofish-generic",
	.alg = &cryptarch_twofish,
	.summary = "key-dependent S-box/MDS tables computed at setkey (the "
		    "paper's \"full keying\"), portable C; hooks for ECB, "
		    "CBC, CTR and XTS",
	.priority = 100,
	.ctxsize = sizeof(struct cryptarch_twofish_ctx),
	.cpu_features = 0,
	.hooks = CRYPTARCH_HOOKS(CRYPTARCH_ECB_HOOK(twofish_generic),
				 CRYPTARCH_CBC_HOOK(twofish_generic),
				 CRYPTARCH_CTR_HOOK(twofish_generic),
				 CRYPTARCH_XTS_HOOK(twofish_generic)));
