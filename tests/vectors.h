/* SPDX-License-Identifier: MIT */
/*
 * vectors.h - the one reader of the known-answer files in tests/vectors/
 * (format in tests/vectors/README.md): blocks of "KEY = value" lines
 * separated by blank lines, each block one vector, with the "# source:"
 * comment and the file and line kept so that a failure names them.
 * The reader checks the syntax only (hex, lengths that pair up, the
 * fields of one kind of vector); what the fields must be for a mode is the
 * tests' business (test-meta checks it). Four kinds: an skcipher vector
 * (PT, CT; MODE names the mode, IV and IV_OUT as it takes), an aead
 * vector (IV the nonce, AAD, PT, CT, TAG; MODE names the aead template:
 * "gcm"; FAIL = yes for a tag that must be rejected, which has no PT), a
 * keyed hash vector (KEY, MSG, MAC; MODE names the shash template over
 * the cipher ALG: "cmac", or there is no MODE and ALG is the keyed hash
 * itself: "ghash") and an unkeyed hash vector (MSG, MD; no MODE, no KEY:
 * ALG is the hash).
 */
#ifndef CRYPTARCH_TEST_VECTORS_H
#define CRYPTARCH_TEST_VECTORS_H

#include <stddef.h>
#include <stdint.h>

enum vector_kind {
	VECTOR_SKCIPHER, /* PT, CT */
	VECTOR_MAC,	 /* MSG, MAC: a keyed hash */
	VECTOR_HASH,	 /* MSG, MD: an unkeyed hash */
	VECTOR_AEAD,	 /* IV, AAD, PT, CT, TAG: authenticated encryption */
};

struct vector {
	const char *file; /* base name, e.g. "aes-cbc.txt" */
	unsigned line;	  /* first line of the block */
	char *source;	  /* the "# source:" text, or NULL */
	enum vector_kind kind;
	char alg[32];  /* ALG */
	char mode[16]; /* MODE; "" where there is none (a hash) */
	uint8_t *key, *iv, *ivout, *pt, *ct;
	size_t keylen, ivlen, len; /* ivlen 0: no IV line */
	int cts;		   /* CTS = yes */
	/* MSG (LEN bytes) and MAC or MD (DIGESTLEN bytes) of a hash vector;
	 * KEY is then NULL for an unkeyed hash */
	uint8_t *msg, *digest;
	size_t digestlen;
	/* An aead vector: IV is the nonce (IVLEN bytes, at least 1), CT the
	 * ciphertext alone (LEN bytes, as PT), TAG apart (TAGLEN bytes,
	 * 1..16); AAD (AADLEN bytes, maybe 0) already repeated AADREPEAT
	 * times where the block has AAD_REPEAT (else AADREPEAT is 0). FAIL:
	 * decryption must reject TAG; PT is then NULL. */
	uint8_t *aad, *tag;
	size_t aadlen, taglen;
	unsigned long aadrepeat;
	int fail;
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
