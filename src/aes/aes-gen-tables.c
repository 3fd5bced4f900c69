/* SPDX-License-Identifier: MIT */
/*
 * aes-gen-tables.c - host program that computes the AES tables and prints
 * the C source of src/aes/aes-tables.c to standard output; the committed
 * file is its output verbatim. It builds the S-box from the definition in
 * FIPS-197 section 5.1.1 (the multiplicative inverse in GF(2^8) modulo
 * x^8 + x^4 + x^3 + x + 1, then the affine map with constant 0x63), then
 * the round tables of the "T-table" formulation of the Rijndael proposal
 * (Daemen and Rijmen, AES Proposal: Rijndael, section 5.2.1): each entry is
 * one S-box output multiplied by one column of MixColumns (encryption) or
 * InvMixColumns (decryption), packed as a column word in the byte order
 * that aes-tables.h documents. It runs at build time only, handles no
 * secrets, and so need not be constant-time; it needs no CPU feature.
 * Usage: cc -o aes-gen-tables aes-gen-tables.c && ./aes-gen-tables >
 * aes-tables.c
 */
#include <stdint.h>
#include <stdio.h>

/* Multiply in GF(2^8) modulo the AES polynomial 0x11b. */
static uint8_t gmul(uint8_t a, uint8_t b)
{
	uint8_t p = 0;

	while (b) {
		if (b & 1)
			p ^= a;
		a = (uint8_t)((a << 1) ^ ((a & 0x80) ? 0x1b : 0));
		b >>= 1;
	}
	return p;
}

/* The multiplicative inverse: a^254 (a^-1 for a != 0, and 0 for 0). */
static uint8_t ginv(uint8_t a)
{
	uint8_t r = 1, x = a;
	unsigned int e = 254;

	while (e) {
		if (e & 1)
			r = gmul(r, x);
		x = gmul(x, x);
		e >>= 1;
	}
	return r;
}

static uint8_t rotl8(uint8_t x, unsigned int n)
{
	return (uint8_t)((x << n) | (x >> (8 - n)));
}

/* Column bytes (b0, b1, b2, b3) as a word with b0 in bits 0..7. */
static uint32_t pack(uint8_t b0, uint8_t b1, uint8_t b2, uint8_t b3)
{
	return (uint32_t)b0 | (uint32_t)b1 << 8 | (uint32_t)b2 << 16 |
	       (uint32_t)b3 << 24;
}

static uint32_t rol(uint32_t x, unsigned int n)
{
	return n ? (x << n) | (x >> (32 - n)) : x;
}

static void print_bytes(const char *name, const char *what, const uint8_t *t)
{
	int i;

	printf("\n/*\n * %s\n */\n", what);
	printf("_Alignas(64) const uint8_t %s[256] = {\n", name);
	for (i = 0; i < 256; i++)
		printf("%s0x%02x,%s", i % 8 ? " " : "\t", t[i],
		       i % 8 == 7 ? "\n" : "");
	printf("};\n");
}

static void print_words(const char *name, const char *what, uint32_t t[4][256])
{
	int i, j;

	printf("\n/*\n * %s\n */\n", what);
	printf("_Alignas(64) const uint32_t %s[4][256] = {\n", name);
	for (j = 0; j < 4; j++) {
		printf("\t{\n");
		for (i = 0; i < 256; i++)
			printf("%s0x%08x,%s", i % 5 ? " " : "\t\t",
			       (unsigned int)t[j][i],
			       i % 5 == 4 || i == 255 ? "\n" : "");
		printf("\t},\n");
	}
	printf("};\n");
}

static uint8_t sbox[256], isbox[256];
static uint32_t te[4][256], td[4][256], tel[4][256], tdl[4][256];

int main(void)
{
	int i, j;

	for (i = 0; i < 256; i++) {
		uint8_t b = ginv((uint8_t)i);
		uint8_t s = b ^ rotl8(b, 1) ^ rotl8(b, 2) ^ rotl8(b, 3) ^
			    rotl8(b, 4) ^ 0x63;

		sbox[i] = s;
		isbox[s] = (uint8_t)i;
	}
	for (i = 0; i < 256; i++) {
		uint8_t s = sbox[i], is = isbox[i];

		/* The MixColumns column (2, 1, 1, 3) times S[x]. */
		te[0][i] = pack(gmul(s, 2), s, s, gmul(s, 3));
		/* The InvMixColumns column (14, 9, 13, 11) times S^-1[x]. */
		td[0][i] = pack(gmul(is, 14), gmul(is, 9), gmul(is, 13),
				gmul(is, 11));
		for (j = 0; j < 4; j++) {
			te[j][i] = rol(te[0][i], 8 * j);
			td[j][i] = rol(td[0][i], 8 * j);
			tel[j][i] = (uint32_t)s << (8 * j);
			tdl[j][i] = (uint32_t)is << (8 * j);
		}
	}

	printf("/* SPDX-License-Identifier: MIT */\n"
	       "/*\n"
	       " * aes-tables.c - the AES S-boxes and round tables shared by "
	       "the table-based\n"
	       " * implementations. Generated: this file is the output of "
	       "aes-gen-tables.c,\n"
	       " * which computes every value from the definitions in "
	       "FIPS-197. Do not edit\n"
	       " * it; change the generator and run it again. aes-tables.h "
	       "documents the\n"
	       " * byte order of the words and what each table holds. Data "
	       "only; code that\n"
	       " * indexes these tables with secrets is not constant-time.\n"
	       " */\n"
	       "#include <stdint.h>\n"
	       "\n"
	       "#include \"aes-tables.h\"\n"
	       "\n"
	       "/* clang-format off */\n");
	print_bytes("cryptarch_aes_sbox", "The S-box S[x].", sbox);
	print_bytes("cryptarch_aes_inv_sbox", "The inverse S-box S^-1[x].",
		    isbox);
	print_words("cryptarch_aes_te",
		    "Encryption rounds: te[0][x] = S[x] * (2, 1, 1, 3),\n"
		    " * te[j][x] = rol32(te[0][x], 8 * j).",
		    te);
	print_words("cryptarch_aes_td",
		    "Decryption rounds: td[0][x] = S^-1[x] * (14, 9, 13, 11),\n"
		    " * td[j][x] = rol32(td[0][x], 8 * j).",
		    td);
	print_words("cryptarch_aes_tel",
		    "Last encryption round: tel[j][x] = S[x] << 8 * j.", tel);
	print_words("cryptarch_aes_tdl",
		    "Last decryption round: tdl[j][x] = S^-1[x] << 8 * j.",
		    tdl);
	return ferror(stdout) ? 1 : 0;
}
