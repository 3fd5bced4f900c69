/* SPDX-License-Identifier: MIT */
/*
 * twofish-ct-gen.c - host program that prints src/twofish/twofish-ct-sbox.h,
 * the Boolean circuits of the bit-sliced driver twofish-ct: one small
 * circuit of AND, OR, XOR and NOT gates for each of the eight 4-bit
 * t-boxes of which Twofish's fixed permutations q0 and q1 are built, and
 * the products by the MDS constants 5B and EF in GF(2^8) modulo
 * x^8+x^6+x^5+x^3+1 as XOR lists of bit planes. The committed header is its
 * output verbatim (a ctest test, twofish-ct-gen, regenerates and compares).
 *
 * Data. The t-boxes are those of the Twofish paper (Schneier, Kelsey,
 * Whiting, Wagner, Hall and Ferguson, "Twofish: A 128-Bit Block Cipher",
 * 1998), section 4.3.5, the same table as src/twofish/twofish-gen-tables.c;
 * the MDS matrix and its field are section 4.2.
 *
 * Strategy. A randomised greedy search: a pool of computed functions of
 * the four inputs (16-bit truth tables) starts with the inputs; every step
 * finds, for each output bit not yet computed, the cheapest way to get it
 * as a tree of new gates over the pool (all trees of up to two gates
 * exhaustively, under one more top gate that joins two of them), adds the
 * cheapest tree's gates to the pool and repeats. A fixed number of runs
 * with a fixed seed, the smallest circuit kept, so the output is the same
 * on every host. Every circuit is checked on all 16 inputs, and q0 and q1
 * built from the circuits are checked against the paper's definition on
 * all 256 inputs, before anything is printed.
 *
 * It runs at build time only on public data: not constant-time, needs no
 * CPU feature.
 * Usage: cc -O2 -o twofish-ct-gen twofish-ct-gen.c &&
 * ./twofish-ct-gen > twofish-ct-sbox.h
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "twofish-tboxes.h" /* tt[q][t][nibble] */

#define MDS_POLY 0x169 /* x^8 + x^6 + x^5 + x^3 + 1 */

/* Runs of the search per t-box (the seed is fixed). */
#define RUNS 60

enum op {
	OP_IN,
	OP_AND,
	OP_OR,
	OP_XOR,
	OP_NOT
};

static const char *const op_str[] = { "", "&", "|", "^", "~" };

struct gate {
	enum op op;
	int a, b;   /* operand gate indices (OP_IN: the input's number) */
	uint16_t f; /* truth table: bit x is the value on input x */
};

#define MAX_GATES 64

struct circuit {
	struct gate g[MAX_GATES];
	int n;
	int out[4]; /* gate index of output bit r */
};

/* xorshift32, the search's only randomness */
static uint32_t rng_state;

static uint32_t rnd(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 17;
	rng_state ^= rng_state << 5;
	return rng_state;
}

/*
 * Trees over the pool: cost[f] new gates (255: none of at most two), made
 * by (bop, ba, bb) from truth tables ba, bb; pool functions cost 0.
 */
static uint8_t cost[65536];
static uint8_t bop[65536];
static uint16_t ba[65536], bb[65536];
static int pool_of[65536]; /* gate index + 1, or 0 */
static uint16_t lvl1[65536];

static uint16_t apply(enum op op, uint16_t a, uint16_t b)
{
	switch (op) {
	case OP_AND:
		return a & b;
	case OP_OR:
		return a | b;
	case OP_XOR:
		return a ^ b;
	default:
		return (uint16_t)~a;
	}
}

/* Record F = OP(A, B) at cost C if it is cheaper (ties: at random). */
static void offer(uint16_t f, uint8_t c, enum op op, uint16_t a, uint16_t b)
{
	if (c < cost[f] || (c == cost[f] && c > 0 && (rnd() & 1))) {
		cost[f] = c;
		bop[f] = (uint8_t)op;
		ba[f] = a;
		bb[f] = b;
	}
}

static uint16_t lvl2[65536];

/* Trees of three gates too: op(two-gate tree, pool), op(gate, gate). */
static void build_costs3(const struct circuit *c)
{
	int i, j, n1 = 0, n2 = 0;
	uint16_t a, b;

	for (i = 0; i < 65536; i++) {
		if (cost[i] == 1)
			lvl1[n1++] = (uint16_t)i;
		else if (cost[i] == 2)
			lvl2[n2++] = (uint16_t)i;
	}
	for (i = 0; i < n2; i++) {
		a = lvl2[i];
		offer((uint16_t)~a, 3, OP_NOT, a, 0);
		for (j = 0; j < c->n; j++) {
			b = c->g[j].f;
			offer(a & b, 3, OP_AND, a, b);
			offer(a | b, 3, OP_OR, a, b);
			offer(a ^ b, 3, OP_XOR, a, b);
		}
	}
	for (i = 0; i < n1; i++)
		for (j = i + 1; j < n1; j++) {
			a = lvl1[i];
			b = lvl1[j];
			offer(a & b, 3, OP_AND, a, b);
			offer(a | b, 3, OP_OR, a, b);
			offer(a ^ b, 3, OP_XOR, a, b);
		}
}

static void build_costs(const struct circuit *c)
{
	int i, j, n1 = 0;
	uint16_t a, b;

	memset(cost, 255, sizeof(cost));
	memset(pool_of, 0, sizeof(pool_of));
	for (i = 0; i < c->n; i++) {
		cost[c->g[i].f] = 0;
		pool_of[c->g[i].f] = i + 1;
	}
	for (i = 0; i < c->n; i++) {
		a = c->g[i].f;
		offer((uint16_t)~a, 1, OP_NOT, a, 0);
		for (j = i + 1; j < c->n; j++) {
			b = c->g[j].f;
			offer(a & b, 1, OP_AND, a, b);
			offer(a | b, 1, OP_OR, a, b);
			offer(a ^ b, 1, OP_XOR, a, b);
		}
	}
	for (i = 0; i < 65536; i++)
		if (cost[i] == 1)
			lvl1[n1++] = (uint16_t)i;
	for (i = 0; i < n1; i++) {
		a = lvl1[i];
		offer((uint16_t)~a, 2, OP_NOT, a, 0);
		for (j = 0; j < c->n; j++) {
			b = c->g[j].f;
			offer(a & b, 2, OP_AND, a, b);
			offer(a | b, 2, OP_OR, a, b);
			offer(a ^ b, 2, OP_XOR, a, b);
		}
	}
}

/* The cheapest way to T as one top gate over two trees; returns its cost. */
static int best_top(uint16_t t, enum op *op, uint16_t *pa, uint16_t *pb)
{
	int best = cost[t] == 255 ? 1000 : cost[t], c;
	unsigned int g, s, free_bits;

	*op = OP_IN;
	if (cost[(uint16_t)~t] != 255 && cost[(uint16_t)~t] + 1 < best) {
		best = cost[(uint16_t)~t] + 1;
		*op = OP_NOT;
		*pa = (uint16_t)~t;
	}
	for (g = 0; g < 65536; g++) {
		if (cost[g] == 255)
			continue;
		s = (g ^ t) & 0xffff;
		if (cost[s] != 255) {
			c = 1 + cost[g] + cost[s];
			if (c < best || (c == best && (rnd() & 3) == 0)) {
				best = c;
				*op = OP_XOR;
				*pa = (uint16_t)g;
				*pb = (uint16_t)s;
			}
		}
		if ((g & t) == t) {
			/* h = t | (any subset of ~g) */
			free_bits = ~g & 0xffff;
			s = 0;
			do {
				unsigned int h = t | s;

				if (cost[h] != 255) {
					c = 1 + cost[g] + cost[h];
					if (c < best ||
					    (c == best && (rnd() & 3) == 0)) {
						best = c;
						*op = OP_AND;
						*pa = (uint16_t)g;
						*pb = (uint16_t)h;
					}
				}
				s = (s - free_bits) & free_bits;
			} while (s);
		}
		if ((g | t) == t) {
			/* h = (t & ~g) | (any subset of g) */
			free_bits = g;
			s = 0;
			do {
				unsigned int h = (t & ~g) | s;

				if (cost[h] != 255) {
					c = 1 + cost[g] + cost[h];
					if (c < best ||
					    (c == best && (rnd() & 3) == 0)) {
						best = c;
						*op = OP_OR;
						*pa = (uint16_t)g;
						*pb = (uint16_t)h;
					}
				}
				s = (s - free_bits) & free_bits;
			} while (s);
		}
	}
	return best;
}

static int add_gate(struct circuit *c, enum op op, int a, int b)
{
	struct gate *g = &c->g[c->n];

	if (c->n >= MAX_GATES) {
		fprintf(stderr, "twofish-ct-gen: circuit too large\n");
		exit(1);
	}
	g->op = op;
	g->a = a;
	g->b = b;
	g->f = op == OP_NOT ? (uint16_t)~c->g[a].f :
			      apply(op, c->g[a].f, c->g[b].f);
	pool_of[g->f] = c->n + 1;
	return c->n++;
}

/* The gate computing F, built from the recorded trees if need be. */
static int materialise(struct circuit *c, uint16_t f)
{
	int a, b = 0;
	enum op op;

	if (pool_of[f])
		return pool_of[f] - 1;
	op = (enum op)bop[f];
	a = materialise(c, ba[f]);
	if (op != OP_NOT)
		b = materialise(c, bb[f]);
	return add_gate(c, op, a, b);
}

/* One greedy run for the four outputs TGT; the circuit in C. */
static void search(struct circuit *c, const uint16_t tgt[4])
{
	int i, r, best, pick, cnt, done;
	uint16_t pa[4], pb[4];
	enum op op[4];
	int cs[4];

	memset(c, 0, sizeof(*c));
	for (i = 0; i < 4; i++) {
		uint16_t f = 0;
		unsigned int x;

		for (x = 0; x < 16; x++)
			if ((x >> i) & 1)
				f |= (uint16_t)(1u << x);
		c->g[i].op = OP_IN;
		c->g[i].a = i;
		c->g[i].f = f;
	}
	c->n = 4;
	for (;;) {
		build_costs(c);
		done = 1;
		best = 1000;
		for (r = 0; r < 4; r++) {
			if (pool_of[tgt[r]]) {
				cs[r] = -1;
				continue;
			}
			done = 0;
			cs[r] = best_top(tgt[r], &op[r], &pa[r], &pb[r]);
			if (cs[r] < best)
				best = cs[r];
		}
		if (done)
			break;
		if (best == 1000) {
			/* nothing within five gates: trees of three */
			build_costs3(c);
			for (r = 0; r < 4; r++) {
				if (cs[r] < 0)
					continue;
				cs[r] = best_top(tgt[r], &op[r], &pa[r],
						 &pb[r]);
				if (cs[r] < best)
					best = cs[r];
			}
			if (best == 1000) {
				fprintf(stderr, "twofish-ct-gen: no tree\n");
				exit(1);
			}
		}
		/* one of the cheapest outputs, at random */
		pick = -1;
		cnt = 0;
		for (r = 0; r < 4; r++)
			if (cs[r] == best && rnd() % (unsigned int)++cnt == 0)
				pick = r;
		if (op[pick] == OP_IN) {
			materialise(c, tgt[pick]);
		} else {
			int a = materialise(c, pa[pick]), b = 0;

			if (op[pick] != OP_NOT)
				b = materialise(c, pb[pick]);
			if (!pool_of[tgt[pick]])
				add_gate(c, op[pick], a, b);
		}
	}
	for (r = 0; r < 4; r++)
		c->out[r] = pool_of[tgt[r]] - 1;
}

/* Drop gates that no output needs (a tree may have computed a function
 * that a later, cheaper tree made redundant); keeps the order. */
static void prune(struct circuit *c)
{
	int used[MAX_GATES] = { 0 }, map[MAX_GATES], i, n = 0;

	for (i = 0; i < 4; i++)
		used[c->out[i]] = 1;
	for (i = c->n - 1; i >= 4; i--)
		if (used[i]) {
			used[c->g[i].a] = 1;
			if (c->g[i].op != OP_NOT)
				used[c->g[i].b] = 1;
		}
	for (i = 0; i < c->n; i++) {
		if (i >= 4 && !used[i])
			continue;
		c->g[n] = c->g[i];
		if (i >= 4) {
			c->g[n].a = map[c->g[i].a];
			c->g[n].b = c->g[i].op == OP_NOT ? 0 : map[c->g[i].b];
		}
		map[i] = n++;
	}
	for (i = 0; i < 4; i++)
		c->out[i] = map[c->out[i]];
	c->n = n;
}

/* The circuit C on the 4-bit input X, by evaluating the gates. */
static unsigned int eval(const struct circuit *c, unsigned int x)
{
	unsigned int v[MAX_GATES], i, y = 0;

	for (i = 0; i < (unsigned int)c->n; i++) {
		const struct gate *g = &c->g[i];

		switch (g->op) {
		case OP_IN:
			v[i] = (x >> g->a) & 1;
			break;
		case OP_NOT:
			v[i] = v[g->a] ^ 1;
			break;
		default:
			v[i] = apply(g->op, (uint16_t)v[g->a],
				     (uint16_t)v[g->b]) &
			       1;
			break;
		}
	}
	for (i = 0; i < 4; i++)
		y |= v[c->out[i]] << i;
	return y;
}

static struct circuit best_c[2][4];

static unsigned int ror4(unsigned int x)
{
	return ((x >> 1) | (x << 3)) & 0xf;
}

/* q0 (N = 0) or q1 (N = 1) on X, section 4.3.5, with t-box function T. */
static unsigned int qperm(int n, unsigned int x, int circ)
{
	unsigned int a0 = x >> 4, b0 = x & 0xf, a1, b1, a2, b2, a3, b3, a4, b4;

	a1 = a0 ^ b0;
	b1 = (a0 ^ ror4(b0) ^ (8 * a0)) & 0xf;
	a2 = circ ? eval(&best_c[n][0], a1) : tt[n][0][a1];
	b2 = circ ? eval(&best_c[n][1], b1) : tt[n][1][b1];
	a3 = a2 ^ b2;
	b3 = (a2 ^ ror4(b2) ^ (8 * a2)) & 0xf;
	a4 = circ ? eval(&best_c[n][2], a3) : tt[n][2][a3];
	b4 = circ ? eval(&best_c[n][3], b3) : tt[n][3][b3];
	return 16 * b4 + a4;
}

static unsigned int gmul(unsigned int a, unsigned int b)
{
	unsigned int p = 0;

	while (b) {
		if (b & 1)
			p ^= a;
		a <<= 1;
		if (a & 0x100)
			a ^= MDS_POLY;
		b >>= 1;
	}
	return p;
}

static void print_circuit(int q, int t, const struct circuit *c)
{
	int i, r;

	printf("/* q%d's t%d (%d gates) */\n", q, t, c->n - 4);
	printf("static INLINE void tfct_q%d_t%d(TFCT_T *y, TFCT_T x0, "
	       "TFCT_T x1, TFCT_T x2,\n\t\t\t      TFCT_T x3)\n{\n",
	       q, t);
	for (i = 4; i < c->n; i++) {
		const struct gate *g = &c->g[i];
		char a[8], b[8];

		snprintf(a, sizeof(a), g->a < 4 ? "x%d" : "g%d", g->a);
		snprintf(b, sizeof(b), g->b < 4 ? "x%d" : "g%d", g->b);
		if (g->op == OP_NOT)
			printf("\tTFCT_T g%d = ~%s;\n", i, a);
		else
			printf("\tTFCT_T g%d = %s %s %s;\n", i, a,
			       op_str[g->op], b);
	}
	for (r = 0; r < 4; r++)
		printf("\ty[%d] = %s%d;\n", r, c->out[r] < 4 ? "x" : "g",
		       c->out[r]);
	printf("}\n\n");
}

/* y = C * x on bit planes (x[k] bit k of each byte). */
static void print_mul(unsigned int cst)
{
	unsigned int r, k;

	printf("/* multiplication by %02X (MDS field) */\n", cst);
	printf("static INLINE void tfct_mul_%02x(TFCT_T *y, const TFCT_T "
	       "*x)\n{\n",
	       cst);
	for (r = 0; r < 8; r++) {
		const char *sep = "";

		printf("\ty[%u] = ", r);
		for (k = 0; k < 8; k++)
			if ((gmul(cst, 1u << k) >> r) & 1) {
				printf("%sx[%u]", sep, k);
				sep = " ^ ";
			}
		printf(";\n");
	}
	printf("}\n");
}

int main(void)
{
	static struct circuit c;
	int q, t, r, run, total = 0;
	unsigned int x;

	rng_state = 0x2f15c7a3u;
	for (q = 0; q < 2; q++)
		for (t = 0; t < 4; t++) {
			uint16_t tgt[4] = { 0 };

			for (r = 0; r < 4; r++)
				for (x = 0; x < 16; x++)
					if ((tt[q][t][x] >> r) & 1)
						tgt[r] |= (uint16_t)(1u << x);
			best_c[q][t].n = MAX_GATES + 1;
			for (run = 0; run < RUNS; run++) {
				search(&c, tgt);
				prune(&c);
				if (c.n < best_c[q][t].n)
					best_c[q][t] = c;
			}
			for (x = 0; x < 16; x++)
				if (eval(&best_c[q][t], x) != tt[q][t][x]) {
					fprintf(stderr,
						"twofish-ct-gen: q%d "
						"t%d wrong at %u\n",
						q, t, x);
					return 1;
				}
			total += best_c[q][t].n - 4;
		}
	for (q = 0; q < 2; q++)
		for (x = 0; x < 256; x++)
			if (qperm(q, x, 1) != qperm(q, x, 0)) {
				fprintf(stderr, "twofish-ct-gen: q%d wrong\n",
					q);
				return 1;
			}

	printf("/* SPDX-License-Identifier: MIT */\n"
	       "/*\n"
	       " * twofish-ct-sbox.h - Boolean circuits for the bit-sliced "
	       "Twofish of\n"
	       " * twofish-ct.c. GENERATED by src/twofish/twofish-ct-gen.c; "
	       "do not edit,\n"
	       " * regenerate: cc -O2 -o twofish-ct-gen twofish-ct-gen.c &&\n"
	       " * ./twofish-ct-gen > twofish-ct-sbox.h\n"
	       " * The t-boxes t0..t3 of q0 and q1 (Twofish paper, section "
	       "4.3.5) as AND,\n"
	       " * OR, XOR and NOT gates (%d in all), each checked on all 16 "
	       "inputs, and q0\n"
	       " * and q1 built from them checked on all 256, by the "
	       "generator; then the\n"
	       " * products by the MDS constants (section 4.2) as XORs of "
	       "bit planes.\n"
	       " * Define TFCT_T (the word type) and INLINE first. A t-box "
	       "function maps\n"
	       " * the bits x0 (least significant) .. x3 of every nibble to "
	       "y[0..3].\n"
	       " * Constant-time: no branch, no memory index.\n"
	       " */\n\n",
	       total);
	for (q = 0; q < 2; q++)
		for (t = 0; t < 4; t++)
			print_circuit(q, t, &best_c[q][t]);
	print_mul(0x5b);
	printf("\n");
	print_mul(0xef);
	return 0;
}
