/* SPDX-License-Identifier: MIT */
/*
 * twofish-gen-tables.c - host program that computes the constant Twofish
 * tables and prints the C source of src/twofish/twofish-tables.c to
 * standard output; the committed file is its output verbatim. It builds
 * the permutations q0 and q1 from their 4-bit t-tables exactly as section
 * 4.3.5 of the Twofish paper (Schneier, Kelsey, Whiting, Wagner, Hall and
 * Ferguson, "Twofish: A 128-Bit Block Cipher", 1998) specifies; the MDS
 * tables from the MDS matrix over GF(2^8) modulo x^8+x^6+x^5+x^3+1
 * (section 4.2), each entry already passed through the last fixed
 * permutation of its byte lane of h (section 4.3.2, figure 2); and the RS
 * tables from the RS matrix over GF(2^8) modulo x^8+x^6+x^3+x^2+1 (section
 * 4.3). The layouts are documented in twofish-tables.h. It runs at build
 * time only, handles no secrets, and so need not be constant-time; it needs
 * no CPU feature.
 * Usage: cc -o twofish-gen-tables twofish-gen-tables.c &&
 * ./twofish-gen-tables > twofish-tables.c
 */
#include <stdint.h>
#include <stdio.h>

/* The t-tables of q0 and q1, [q][t0..t3][nibble] (paper, section 4.3.5). */
static const uint8_t tt[2][4][16] = {
	{
		{ 0x8, 0x1, 0x7, 0xd, 0x6, 0xf, 0x3, 0x2, 0x0, 0xb, 0x5, 0x9,
		  0xe, 0xc, 0xa, 0x4 },
		{ 0xe, 0xc, 0xb, 0x8, 0x1, 0x2, 0x3, 0x5, 0xf, 0x4, 0xa, 0x6,
		  0x7, 0x0, 0x9, 0xd },
		{ 0xb, 0xa, 0x5, 0xe, 0x6, 0xd, 0x9, 0x0, 0xc, 0x8, 0xf, 0x3,
		  0x2, 0x4, 0x7, 0x1 },
		{ 0xd, 0x7, 0xf, 0x4, 0x1, 0x2, 0x6, 0xe, 0x9, 0xb, 0x3, 0x0,
		  0x8, 0x5, 0xc, 0xa },
	},
	{
		{ 0x2, 0x8, 0xb, 0xd, 0xf, 0x7, 0x6, 0xe, 0x3, 0x1, 0x9, 0x4,
		  0x0, 0xa, 0xc, 0x5 },
		{ 0x1, 0xe, 0x2, 0xb, 0x4, 0xc, 0x3, 0x7, 0x6, 0xd, 0xa, 0x5,
		  0xf, 0x9, 0x0, 0x8 },
		{ 0x4, 0xc, 0x7, 0x5, 0x1, 0x6, 0x9, 0xa, 0x0, 0xe, 0xd, 0x8,
		  0x2, 0xb, 0x3, 0xf },
		{ 0xb, 0x9, 0x5, 0x1, 0xc, 0x3, 0xd, 0xe, 0x6, 0x4, 0x7, 0xf,
		  0x2, 0x0, 0x8, 0xa },
	},
};

/* The MDS matrix, [row][column] (paper, section 4.2). */
static const uint8_t mds[4][4] = {
	{ 0x01, 0xef, 0x5b, 0x5b },
	{ 0x5b, 0xef, 0xef, 0x01 },
	{ 0xef, 0x5b, 0x01, 0xef },
	{ 0xef, 0x01, 0xef, 0x5b },
};

/* The RS matrix, [row][column] (paper, section 4.3). */
static const uint8_t rs[4][8] = {
	{ 0x01, 0xa4, 0x55, 0x87, 0x5a, 0x58, 0xdb, 0x9e },
	{ 0xa4, 0x56, 0x82, 0xf3, 0x1e, 0xc6, 0x68, 0xe5 },
	{ 0x02, 0xa1, 0xfc, 0xc1, 0x47, 0xae, 0x3d, 0x19 },
	{ 0xa4, 0x55, 0x87, 0x5a, 0x58, 0xdb, 0x9e, 0x03 },
};

#define MDS_POLY 0x169 /* x^8 + x^6 + x^5 + x^3 + 1 */
#define RS_POLY 0x14d  /* x^8 + x^6 + x^3 + x^2 + 1 */

/*
 * Which fixed permutation ends each byte lane of h (section 4.3.2): lanes
 * 0 and 2 end with q1, lanes 1 and 3 with q0.
 */
static const int last_q[4] = { 1, 0, 1, 0 };

static uint8_t q[2][256];

/* Multiply in GF(2^8) modulo POLY. */
static uint8_t gmul(uint8_t a, uint8_t b, unsigned int poly)
{
	unsigned int x = a, p = 0;

	while (b) {
		if (b & 1)
			p ^= x;
		x <<= 1;
		if (x & 0x100)
			x ^= poly;
		b >>= 1;
	}
	return (uint8_t)p;
}

/* Rotate a 4-bit value right by one. */
static unsigned int ror4(unsigned int x)
{
	return ((x >> 1) | (x << 3)) & 0xf;
}

/* q0 (N = 0) or q1 (N = 1) applied to X, by the steps of section 4.3.5. */
static uint8_t qperm(int n, unsigned int x)
{
	unsigned int a0 = x >> 4, b0 = x & 0xf;
	unsigned int a1 = a0 ^ b0;
	unsigned int b1 = (a0 ^ ror4(b0) ^ (8 * a0)) & 0xf;
	unsigned int a2 = tt[n][0][a1], b2 = tt[n][1][b1];
	unsigned int a3 = a2 ^ b2;
	unsigned int b3 = (a2 ^ ror4(b2) ^ (8 * a2)) & 0xf;
	unsigned int a4 = tt[n][2][a3], b4 = tt[n][3][b3];

	return (uint8_t)(16 * b4 + a4);
}

/*
 * Print 256 entries, as many to a line as fit in 80 columns (10 bytes or
 * 5 words), which is also how clang-format lays them out.
 */
static void print_bytes(const uint8_t *t)
{
	int i;

	for (i = 0; i < 256; i++)
		printf("%s0x%02x,%s", i % 10 ? " " : "\t\t", t[i],
		       i % 10 == 9 || i == 255 ? "\n" : "");
}

static void print_words(const uint32_t *t)
{
	int i;

	for (i = 0; i < 256; i++)
		printf("%s0x%08lx,%s", i % 5 ? " " : "\t\t",
		       (unsigned long)t[i], i % 5 == 4 || i == 255 ? "\n" : "");
}

int main(void)
{
	static uint32_t mt[4][256], rt[8][256];
	int i, j, r;

	for (i = 0; i < 2; i++)
		for (j = 0; j < 256; j++)
			q[i][j] = qperm(i, (unsigned int)j);

	/* Each permutation must be one. */
	for (i = 0; i < 2; i++) {
		unsigned char seen[256] = { 0 };

		for (j = 0; j < 256; j++) {
			if (seen[q[i][j]]) {
				fprintf(stderr, "q%d is not a permutation\n",
					i);
				return 1;
			}
			seen[q[i][j]] = 1;
		}
	}

	for (j = 0; j < 4; j++)
		for (i = 0; i < 256; i++) {
			uint8_t y = q[last_q[j]][i];
			uint32_t w = 0;

			for (r = 0; r < 4; r++)
				w |= (uint32_t)gmul(mds[r][j], y, MDS_POLY)
				     << (8 * r);
			mt[j][i] = w;
		}

	for (j = 0; j < 8; j++)
		for (i = 0; i < 256; i++) {
			uint32_t w = 0;

			for (r = 0; r < 4; r++)
				w |= (uint32_t)gmul(rs[r][j], (uint8_t)i,
						    RS_POLY)
				     << (8 * r);
			rt[j][i] = w;
		}

	printf("/* SPDX-License-Identifier: MIT */\n"
	       "/*\n"
	       " * twofish-tables.c - constant Twofish tables: q0 and q1, "
	       "the MDS tables\n"
	       " * (with the last q of each lane of h folded in) and the "
	       "RS tables.\n"
	       " * GENERATED by src/twofish/twofish-gen-tables.c; do not "
	       "edit, regenerate:\n"
	       " * cc -o twofish-gen-tables twofish-gen-tables.c &&\n"
	       " * ./twofish-gen-tables > twofish-tables.c\n"
	       " * Layouts and sources: twofish-tables.h. Data only; "
	       "whether its use is\n"
	       " * constant-time is up to the code that indexes it.\n"
	       " */\n"
	       "#include \"twofish-tables.h\"\n\n");

	printf("const uint8_t cryptarch_twofish_q[2][256] = {\n");
	for (i = 0; i < 2; i++) {
		printf("\t{\n");
		print_bytes(q[i]);
		printf("\t},\n");
	}
	printf("};\n\n");

	printf("const uint32_t cryptarch_twofish_mds[4][256] = {\n");
	for (j = 0; j < 4; j++) {
		printf("\t{\n");
		print_words(mt[j]);
		printf("\t},\n");
	}
	printf("};\n\n");

	printf("const uint32_t cryptarch_twofish_rs[8][256] = {\n");
	for (j = 0; j < 8; j++) {
		printf("\t{\n");
		print_words(rt[j]);
		printf("\t},\n");
	}
	printf("};\n");
	return 0;
}
