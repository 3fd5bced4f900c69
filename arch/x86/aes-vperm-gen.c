/* SPDX-License-Identifier: MIT */
/*
 * aes-vperm-gen.c - host program that computes the nibble tables and byte
 * shuffles of the vector-permute AES drivers (aes-vperm, aes-vperm-avx2,
 * aes-vperm-avx512) and prints arch/x86/aes-vperm-tables.h to standard
 * output; the committed header is its output verbatim. Every value comes
 * from the definitions: the AES field GF(2^8) modulo x^8 + x^4 + x^3 + x + 1
 * and the affine map of FIPS-197 5.1.1, the tower field
 * GF(16)[t] / (t^2 + a t + a) with the first a that makes it a field, the
 * isomorphism between the two found by search, and the ShiftRows and
 * MixColumns byte positions of FIPS-197 5.1.2-5.1.3. The method is
 * Hamburg's ("Accelerating AES with Vector Permute Instructions", CHES
 * 2009): the S-box inversion done on 4-bit halves with 16-entry tables,
 * each one PSHUFB. Before printing, the program checks the forward and
 * inverse S-box (and their multiples, whole and in nibble halves) computed
 * the way the vector code computes them, with PSHUFB's rule for an index
 * byte whose top bit is set, against the definition for all 256 inputs;
 * it exits with status 1 if any differs. Runs at build time only and
 * handles no secrets, so it need not be constant-time. Usage:
 *     cc -o aes-vperm-gen aes-vperm-gen.c && ./aes-vperm-gen >
 *     aes-vperm-tables.h
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* ---- the AES field GF(2^8) ------------------------------------------- */

static unsigned aes_mul(unsigned a, unsigned b)
{
	unsigned p = 0;

	while (b) {
		if (b & 1)
			p ^= a;
		a = ((a << 1) ^ ((a & 0x80) ? 0x11b : 0)) & 0xff;
		b >>= 1;
	}
	return p;
}

static unsigned aes_inv(unsigned a)
{
	unsigned r = 1, e = 254;

	while (e) {
		if (e & 1)
			r = aes_mul(r, a);
		a = aes_mul(a, a);
		e >>= 1;
	}
	return r; /* 0 for 0 */
}

static unsigned rotl8(unsigned x, unsigned n)
{
	return ((x << n) | (x >> (8 - n))) & 0xff;
}

/* The linear part of the S-box's affine map (FIPS-197 5.1.1, eq. 5.1). */
static unsigned affine(unsigned x)
{
	return x ^ rotl8(x, 1) ^ rotl8(x, 2) ^ rotl8(x, 3) ^ rotl8(x, 4);
}

static unsigned sbox(unsigned x)
{
	return affine(aes_inv(x)) ^ 0x63;
}

/* ---- GF(16) modulo x^4 + x + 1 ---------------------------------------- */

static unsigned f_mul(unsigned a, unsigned b)
{
	unsigned p = 0;

	while (b) {
		if (b & 1)
			p ^= a;
		a = ((a << 1) ^ ((a & 8) ? 0x13 : 0)) & 0xf;
		b >>= 1;
	}
	return p;
}

static unsigned f_inv(unsigned a)
{
	unsigned x;

	for (x = 1; x < 16; x++)
		if (f_mul(a, x) == 1)
			return x;
	return 0;
}

/*
 * ---- the tower field GF(16)[t] / (t^2 + a t + a) -------------------------
 * The byte (i << 4) | k is the element i t + k. Its norm is
 * N = a i^2 + a i k + k^2 and its conjugate i (t + a) + k, so the inverse
 * is (i (t + a) + k) / N; Hamburg's inversion (see below) computes exactly
 * this when t^2 + a t + a has no root in GF(16).
 */
static unsigned tw_a;

static unsigned tw_mul(unsigned x, unsigned y)
{
	unsigned i1 = x >> 4, k1 = x & 15, i2 = y >> 4, k2 = y & 15;
	unsigned ii = f_mul(f_mul(i1, i2), tw_a);

	return (ii ^ f_mul(i1, k2) ^ f_mul(k1, i2)) << 4 | (ii ^ f_mul(k1, k2));
}

static unsigned tw_inv(unsigned x)
{
	unsigned y;

	for (y = 1; y < 256; y++)
		if (tw_mul(x, y) == 1)
			return y;
	return 0;
}

/* phi: AES field -> tower field, a field isomorphism; phi_inv its inverse */
static unsigned phi[256], phi_inv[256];

static int find_tower(void)
{
	unsigned a, z, r, x, y, m, p, ok;

	for (a = 1; a < 16; a++) {
		/* t^2 + a t + a irreducible: no root in GF(16) */
		for (z = 0; z < 16; z++)
			if ((f_mul(z, z) ^ f_mul(a, z) ^ a) == 0)
				break;
		if (z < 16)
			continue;
		tw_a = a;
		/* a root r of x^8 + x^4 + x^3 + x + 1 in the tower field */
		for (r = 2; r < 256; r++) {
			unsigned pw[9];

			pw[0] = 1;
			for (m = 1; m <= 8; m++)
				pw[m] = tw_mul(pw[m - 1], r);
			if ((pw[8] ^ pw[4] ^ pw[3] ^ pw[1] ^ pw[0]) != 0)
				continue;
			for (x = 0; x < 256; x++) {
				p = 0;
				for (m = 0; m < 8; m++)
					if (x >> m & 1)
						p ^= pw[m];
				phi[x] = p;
			}
			ok = 1;
			for (x = 0; x < 256 && ok; x++)
				for (y = 0; y < 256 && ok; y++)
					ok = phi[aes_mul(x, y)] ==
					     tw_mul(phi[x], phi[y]);
			if (!ok)
				continue;
			for (x = 0; x < 256; x++)
				phi_inv[phi[x]] = x;
			return 0;
		}
	}
	return -1;
}

/* ---- the tables ---------------------------------------------------------- */

struct table {
	const char *name, *what;
	uint8_t v[16];
};

enum {
	T_INV,
	T_INVA,
	T_ENC_LO,
	T_ENC_HI,
	T_DEC_LO,
	T_DEC_HI,
	T_SB1U,
	T_SB1T,
	T_SB2U,
	T_SB2T,
	T_SBOU,
	T_SBOT,
	T_D9U,
	T_D9T,
	T_DDU,
	T_DDT,
	T_DBU,
	T_DBT,
	T_DEU,
	T_DET,
	T_DOU,
	T_DOT,
	T_S1UH,
	T_S1UL,
	T_S1TH,
	T_S1TL,
	T_S2UH,
	T_S2UL,
	T_S2TH,
	T_S2TL,
	NTABLES
};

static struct table tab[NTABLES] = {
	{ "inv", "1/n in GF(16); 0x80 (a zero lookup) for n = 0", { 0 } },
	{ "inva", "a/n in GF(16); 0x80 for n = 0", { 0 } },
	{ "enc_lo", "phi(n): AES field to tower field, low nibble", { 0 } },
	{ "enc_hi", "phi(n << 4): high nibble", { 0 } },
	{ "dec_lo",
	  "phi(L^-1(n)), L the S-box's linear part, low nibble",
	  { 0 } },
	{ "dec_hi", "phi(L^-1(n << 4)): high nibble", { 0 } },
	{ "sb1u", "phi(L(g / n)): S-box output from io", { 0 } },
	{ "sb1t", "phi(L(d / n)): S-box output from jo", { 0 } },
	{ "sb2u", "phi(2 L(g / n)): 2 times the S-box output, from io", { 0 } },
	{ "sb2t", "phi(2 L(d / n)): from jo", { 0 } },
	{ "sbou", "L(g / n): last round, AES basis, from io", { 0 } },
	{ "sbot", "L(d / n): from jo", { 0 } },
	{ "d9u", "phi(L^-1(9 (g / n))): inverse S-box times 9, from io", { 0 } },
	{ "d9t", "phi(L^-1(9 (d / n))): from jo", { 0 } },
	{ "ddu", "times 13, from io", { 0 } },
	{ "ddt", "times 13, from jo", { 0 } },
	{ "dbu", "times 11, from io", { 0 } },
	{ "dbt", "times 11, from jo", { 0 } },
	{ "deu", "times 14, from io", { 0 } },
	{ "det", "times 14, from jo", { 0 } },
	{ "dou", "g / n: last round, AES basis, from io", { 0 } },
	{ "dot", "d / n: from jo", { 0 } },
	{ "sb1uh", "sb1u's high nibbles (n >> 4), for the split state", { 0 } },
	{ "sb1ul", "sb1u's low nibbles (n & 15)", { 0 } },
	{ "sb1th", "sb1t's high nibbles", { 0 } },
	{ "sb1tl", "sb1t's low nibbles", { 0 } },
	{ "sb2uh", "sb2u's high nibbles", { 0 } },
	{ "sb2ul", "sb2u's low nibbles", { 0 } },
	{ "sb2th", "sb2t's high nibbles", { 0 } },
	{ "sb2tl", "sb2t's low nibbles", { 0 } },
};

/* PSHUFB on one byte: zero if the index's top bit is set. */
static unsigned pshufb(const uint8_t *t, unsigned idx)
{
	return (idx & 0x80) ? 0 : t[idx & 15];
}

/*
 * Hamburg's inversion on the tower byte X, as the vector code runs it:
 * i = high nibble, k = low nibble, j = i ^ k,
 * io = j ^ inv[inv[i] ^ inva[k]], jo = i ^ inv[inv[j] ^ inva[k]];
 * then 1/X = g / io + d / jo (an index with the top bit set adding 0).
 */
static void core(unsigned x, unsigned *io, unsigned *jo)
{
	unsigned i = x >> 4, k = x & 15, j = i ^ k;
	unsigned ak = pshufb(tab[T_INVA].v, k);

	*io = j ^ pshufb(tab[T_INV].v, pshufb(tab[T_INV].v, i) ^ ak);
	*jo = i ^ pshufb(tab[T_INV].v, pshufb(tab[T_INV].v, j) ^ ak);
}

static unsigned pair(int u, unsigned io, unsigned jo)
{
	return pshufb(tab[u].v, io) ^ pshufb(tab[u + 1].v, jo);
}

static unsigned in_map(int lo, unsigned x)
{
	return pshufb(tab[lo].v, x & 15) ^ pshufb(tab[lo + 1].v, x >> 4);
}

static unsigned linv[256]; /* L^-1 */
/* 1/X = g / io + d / jo */
static unsigned g, d;

static int build(void)
{
	unsigned a = tw_a, t = 0x10, ta, n, x, e, io, jo, s;
	unsigned a2i;
	static const unsigned dmul[4] = { 9, 13, 11, 14 };

	for (x = 0; x < 256; x++)
		linv[affine(x)] = x;
	/*
	 * With p = (k + a i) / N and q = (k (1 + a) + a i) / N (the inverses
	 * of io and jo), 1/X = (i (t + a) + k) / N = g p + d q where
	 * g = (a + 1)(t + a) / a^2 + 1/a and d = (t + a) / a^2 + 1/a.
	 */
	ta = t ^ a;
	a2i = tw_inv(tw_mul(a, a));
	g = tw_mul(tw_mul(a ^ 1, ta), a2i) ^ tw_inv(a);
	d = tw_mul(ta, a2i) ^ tw_inv(a);

	for (n = 0; n < 16; n++) {
		unsigned gi = n ? tw_mul(g, f_inv(n)) : 0;
		unsigned di = n ? tw_mul(d, f_inv(n)) : 0;
		unsigned sg = phi_inv[gi], sd = phi_inv[di];

		tab[T_INV].v[n] = (uint8_t)(n ? f_inv(n) : 0x80);
		tab[T_INVA].v[n] = (uint8_t)(n ? f_mul(a, f_inv(n)) : 0x80);
		tab[T_ENC_LO].v[n] = (uint8_t)phi[n];
		tab[T_ENC_HI].v[n] = (uint8_t)phi[n << 4];
		tab[T_DEC_LO].v[n] = (uint8_t)phi[linv[n]];
		tab[T_DEC_HI].v[n] = (uint8_t)phi[linv[n << 4]];
		tab[T_SB1U].v[n] = (uint8_t)phi[affine(sg)];
		tab[T_SB1T].v[n] = (uint8_t)phi[affine(sd)];
		tab[T_SB2U].v[n] = (uint8_t)phi[aes_mul(2, affine(sg))];
		tab[T_SB2T].v[n] = (uint8_t)phi[aes_mul(2, affine(sd))];
		tab[T_SBOU].v[n] = (uint8_t)affine(sg);
		tab[T_SBOT].v[n] = (uint8_t)affine(sd);
		for (e = 0; e < 4; e++) {
			tab[T_D9U + 2 * e].v[n] =
				(uint8_t)phi[linv[aes_mul(dmul[e], sg)]];
			tab[T_D9T + 2 * e].v[n] =
				(uint8_t)phi[linv[aes_mul(dmul[e], sd)]];
		}
		tab[T_DOU].v[n] = (uint8_t)sg;
		tab[T_DOT].v[n] = (uint8_t)sd;
	}
	for (e = 0; e < 4; e++) {
		for (n = 0; n < 16; n++) {
			tab[T_S1UH + 2 * e].v[n] =
				(uint8_t)(tab[T_SB1U + e].v[n] >> 4);
			tab[T_S1UL + 2 * e].v[n] =
				(uint8_t)(tab[T_SB1U + e].v[n] & 15);
		}
	}
	/* check every lookup path against the definition */
	for (x = 0; x < 256; x++) {
		/* encryption: state phi(x), S-box output without 0x63 */
		core(in_map(T_ENC_LO, x), &io, &jo);
		s = sbox(x) ^ 0x63;
		if (pair(T_SB1U, io, jo) != phi[s] ||
		    pair(T_SB2U, io, jo) != phi[aes_mul(2, s)] ||
		    pair(T_SBOU, io, jo) != s)
			return -1;
		/* decryption: state phi(L^-1(x)) ^ phi(5) */
		core(in_map(T_DEC_LO, x) ^ phi[0x05], &io, &jo);
		s = linv[x ^ 0x63];
		s = aes_inv(s); /* InvSubBytes(x) */
		if (sbox(s) != x || pair(T_DOU, io, jo) != s)
			return -1;
		for (e = 0; e < 4; e++)
			if (pair(T_D9U + 2 * (int)e, io, jo) !=
			    phi[linv[aes_mul(dmul[e], s)]])
				return -1;
	}
	/* the split tables: high and low nibbles of phi(c S(x)), c = 1, 2 */
	for (x = 0; x < 256; x++) {
		core(in_map(T_ENC_LO, x), &io, &jo);
		s = sbox(x) ^ 0x63;
		for (e = 0; e < 2; e++) {
			int h = e == 0 ? T_S1UH : T_S2UH;
			unsigned hi = pshufb(tab[h].v, io) ^
				      pshufb(tab[h + 2].v, jo);
			unsigned lo = pshufb(tab[h + 1].v, io) ^
				      pshufb(tab[h + 3].v, jo);

			if ((hi << 4 | lo) != phi[aes_mul(e + 1, s)])
				return -1;
		}
	}
	/* the key schedule's round-key transforms */
	for (x = 0; x < 256; x++)
		if (in_map(T_ENC_LO, x) != phi[x] ||
		    in_map(T_DEC_LO, x ^ 0x63) != (phi[linv[x]] ^ phi[0x05]))
			return -1;
	return 0;
}

/* ---- byte shuffles ---------------------------------------------------- */

/* Byte 4c + r of a block is row r, column c (FIPS-197 3.4). */
static unsigned sr(unsigned p) /* ShiftRows: new[p] = old[sr(p)] */
{
	unsigned c = p >> 2, r = p & 3;

	return ((c + r) & 3) << 2 | r;
}

static unsigned nxt(unsigned p) /* the byte one row below, same column */
{
	return (p & ~3u) | ((p + 1) & 3);
}

static unsigned sr_pow(unsigned p, unsigned e)
{
	while (e--)
		p = sr(p);
	return p;
}

static void print_table(const struct table *t)
{
	unsigned n;

	printf("\t/* %s */\n", t->what);
	printf("\t.%s = {\n\t\t", t->name);
	for (n = 0; n < 16; n++)
		printf("0x%02x,%s", t->v[n],
		       n == 15 ? "\n" :
		       n == 7  ? "\n\t\t" :
				 " ");
	printf("\t},\n");
}

static void print_shuffles(const char *name, const char *what,
			   unsigned (*f)(unsigned p, unsigned e))
{
	unsigned e, p;

	printf("\t/* %s */\n", what);
	printf("\t.%s = {\n", name);
	for (e = 0; e < 4; e++) {
		printf("\t\t{ ");
		for (p = 0; p < 16; p++)
			printf("%u,%s", f(p, e),
			       p == 15 ? " },\n" :
			       p == 7  ? "\n\t\t  " :
					 " ");
	}
	printf("\t},\n");
}

/* sigma^e */
static unsigned f_sr(unsigned p, unsigned e)
{
	return sr_pow(p, e);
}

/* sigma^e n sigma^-e */
static unsigned f_fwd(unsigned p, unsigned e)
{
	return sr_pow(nxt(sr_pow(p, (4 - e) & 3)), e);
}

/* sigma^e n^2 sigma^-e */
static unsigned f_fwd2(unsigned p, unsigned e)
{
	return sr_pow(nxt(nxt(sr_pow(p, (4 - e) & 3))), e);
}

/* sigma^e n^3 sigma^-e */
static unsigned f_bwd(unsigned p, unsigned e)
{
	return sr_pow(nxt(nxt(nxt(sr_pow(p, (4 - e) & 3)))), e);
}

int main(void)
{
	int i;

	if (find_tower() || build()) {
		fprintf(stderr, "aes-vperm-gen: table check failed\n");
		return 1;
	}
	printf("/* SPDX-License-Identifier: MIT */\n"
	       "/*\n"
	       " * aes-vperm-tables.h - the nibble tables and byte shuffles "
	       "of the\n"
	       " * vector-permute AES drivers (aes-vperm-core.h, included by "
	       "aes-vperm.c,\n"
	       " * aes-vperm-avx2.c and aes-vperm-avx512.c). Generated: this "
	       "file is the\n"
	       " * output of aes-vperm-gen.c, which derives every value and "
	       "checks the\n"
	       " * S-box paths against FIPS-197; do not edit it. Each table "
	       "is 16 bytes, one\n"
	       " * PSHUFB operand indexed by a nibble n; an index byte with "
	       "its top bit set\n"
	       " * reads 0. The tower field is GF(16)[t] / (t^2 + a t + a), "
	       "GF(16) modulo\n"
	       " * x^4 + x + 1, a = 0x%x; byte (i << 4) | k is i t + k. phi "
	       "maps the AES\n"
	       " * field onto it (x -> 0x%02x); L is the linear part of the "
	       "S-box's affine\n"
	       " * map; g = 0x%02x and d = 0x%02x turn the inversion's "
	       "outputs io and jo into\n"
	       " * the inverse (1/X = g / io + d / jo). Public constants: "
	       "the code that\n"
	       " * uses them is constant-time because PSHUFB is a register "
	       "permute.\n"
	       " */\n"
	       "#ifndef CRYPTARCH_AES_VPERM_TABLES_H\n"
	       "#define CRYPTARCH_AES_VPERM_TABLES_H\n\n"
	       "#include <stdint.h>\n\n"
	       "/* clang-format off */\n",
	       tw_a, phi[2], g, d);
	printf("\nstruct vp_tables {\n");
	for (i = 0; i < NTABLES; i++)
		printf("\tuint8_t %s[16];\n", tab[i].name);
	printf("\tuint8_t sr[4][16];\n"
	       "\tuint8_t mc_fwd[4][16];\n"
	       "\tuint8_t mc_fwd2[4][16];\n"
	       "\tuint8_t mc_bwd[4][16];\n"
	       "};\n\n"
	       "static _Alignas(64) const struct vp_tables vp = {\n");
	for (i = 0; i < NTABLES; i++)
		print_table(&tab[i]);
	print_shuffles("sr", "ShiftRows^e: out[p] = in[sr[e][p]]", f_sr);
	print_shuffles("mc_fwd",
		       "sigma^e n sigma^-e (sigma = ShiftRows, n = the next "
		       "row down):\n\t * MixColumns' neighbour of each byte "
		       "in representation e",
		       f_fwd);
	print_shuffles("mc_fwd2", "sigma^e n^2 sigma^-e: two rows down",
		       f_fwd2);
	print_shuffles("mc_bwd",
		       "sigma^e n^3 sigma^-e: the inverse of "
		       "mc_fwd[e]",
		       f_bwd);
	printf("};\n\n/* clang-format on */\n\n"
	       "#endif /* CRYPTARCH_AES_VPERM_TABLES_H */\n");
	return 0;
}
