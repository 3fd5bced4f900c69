/* SPDX-License-Identifier: MIT */
/*
 * vectors.h - the one reader of the known-answer files in tests/vectors/
 * (format in tests/vectors/README.md): blocks of "KEY = value" lines
 * separated by blank lines, each block one vector, with the "# source:"
 * comment and the file and line kept so that a failure names them.
 * The reader checks the syntax only (hex, lengths that pair up); what the
 * fields must be for a mode is the tests' business (test-meta checks it).
 */
#ifndef CRYPTARCH_TEST_VECTORS_H
#define CRYPTARCH_TEST_VECTORS_H

#include <stddef.h>
#include <stdint.h>

struct vector {
	const char *file; /* base name, e.g. "aes-cbc.txt" */
	unsigned line;	  /* first line of the block */
	char *source;	  /* the "# source:" text, or NULL */
	char alg[32];	  /* ALG */
	char mode[16];	  /* MODE */
	uint8_t *key, *iv, *pt, *ct;
	size_t keylen, ivlen, len; /* ivlen 0: no IV line */
	int cts;		   /* CTS = yes */
};

struct vector_set {
	struct vector *v;
	size_t n, cap;
	char **files; /* base names of the files read, sorted */
	size_t nfiles;
};

/* Append the vectors of DIR/NAME to SET. Returns 0, or -1 after printing
 * "file:line: what" on stderr. */
int vectors_load_file(struct vector_set *set, const char *dir,
		      const char *name);
/* Every *.txt file in DIR, in name order. Returns 0 or -1 (printed). */
int vectors_load_dir(struct vector_set *set, const char *dir);
void vectors_free(struct vector_set *set);

#endif /* CRYPTARCH_TEST_VECTORS_H */
