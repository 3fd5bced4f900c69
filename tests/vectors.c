/* SPDX-License-Identifier: MIT */
/*
 * vectors.c - reader of the known-answer files in tests/vectors/ (see
 * vectors.h and tests/vectors/README.md). Lines are read whole whatever
 * their length, a trailing CR is dropped, hex must be even-length and
 * lower or upper case; AAD_REPEAT is expanded here, so the tests see the
 * whole AAD. Test code only; not constant-time.
 */
/* 64-bit inode numbers from readdir() on 32-bit targets (else EOVERFLOW
 * on large file systems, seen under qemu-user). */
#define _FILE_OFFSET_BITS 64
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hex.h"
#include "vectors.h"

static void *xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);

	if (!q) {
		fputs("vectors: out of memory\n", stderr);
		exit(2);
	}
	return q;
}

static char *xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(xrealloc(NULL, n), s, n);
}

/* One line of any length into *BUF (grown as needed); 0 at end of file. */
static int readline(FILE *f, char **buf, size_t *cap)
{
	size_t len = 0;
	int c;

	while ((c = getc(f)) != EOF) {
		if (len + 2 > *cap) {
			*cap = *cap ? 2 * *cap : 256;
			*buf = xrealloc(*buf, *cap);
		}
		if (c == '\n')
			break;
		(*buf)[len++] = (char)c;
	}
	if (c == EOF && len == 0)
		return 0;
	if (!*buf)
		*buf = xrealloc(NULL, *cap = 256);
	if (len && (*buf)[len - 1] == '\r')
		len--;
	(*buf)[len] = '\0';
	return 1;
}

/* Decode HEX into a new buffer; -1 if it is not even-length hex. */
static int unhex(const char *hex, uint8_t **out, size_t *len)
{
	size_t max = strlen(hex) / 2;
	uint8_t *p = xrealloc(NULL, max ? max : 1);

	if (cryptarch_unhex(p, max, hex, len) != 0) {
		free(p);
		return -1;
	}
	*out = p;
	return 0;
}

static char *trim(char *s)
{
	char *e;

	while (*s == ' ' || *s == '\t')
		s++;
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t'))
		*--e = '\0';
	return s;
}

static void clear(struct vector *v)
{
	free(v->source);
	free(v->key);
	free(v->iv);
	free(v->ivout);
	free(v->pt);
	free(v->ct);
	free(v->msg);
	free(v->digest);
	free(v->aad);
	free(v->tag);
	memset(v, 0, sizeof(*v));
}

/* The most bytes AAD_REPEAT may expand AAD to. */
#define AAD_MAX (1u << 24)

/* Check a finished block (its kind is set by the fields seen: MAC or MD
 * make it a hash vector, TAG, AAD or FAIL an aead vector); 0 or -1
 * (printed). */
static int finish(struct vector *v)
{
	const char *missing = NULL, *extra = NULL, *bad = NULL;
	int aead = v->tag || v->aad || v->fail || v->aadrepeat;

	if (aead && v->kind == VECTOR_SKCIPHER)
		v->kind = VECTOR_AEAD;
	if (aead && v->kind != VECTOR_AEAD)
		extra = "TAG, AAD or FAIL";
	else if (!v->alg[0])
		missing = "ALG";
	else if (v->kind == VECTOR_SKCIPHER && v->msg)
		missing = "MAC or MD";
	else if (v->kind == VECTOR_AEAD && v->msg)
		extra = "MSG";
	else if (v->kind != VECTOR_HASH && !v->key)
		missing = "KEY";
	else if ((v->kind == VECTOR_SKCIPHER || v->kind == VECTOR_AEAD) &&
		 !v->mode[0])
		missing = "MODE";
	else if (v->kind == VECTOR_SKCIPHER && (!v->pt || !v->ct))
		missing = v->pt ? "CT" : "PT";
	else if (v->kind == VECTOR_AEAD && !v->ct)
		missing = "CT";
	else if (v->kind == VECTOR_AEAD && !v->pt && !v->fail)
		missing = "PT";
	else if (v->kind == VECTOR_AEAD && v->pt && v->fail)
		extra = "PT (a FAIL vector has none)";
	else if (v->kind == VECTOR_AEAD && (!v->iv || !v->aad || !v->tag))
		missing = !v->iv ? "IV" : !v->aad ? "AAD" : "TAG";
	else if (v->kind == VECTOR_AEAD && (v->ivout || v->cts))
		extra = "IV_OUT or CTS";
	else if (v->ivout && !v->iv)
		missing = "IV";
	else if (v->kind == VECTOR_HASH && (v->key || v->mode[0]))
		extra = "KEY or MODE";
	else if ((v->kind == VECTOR_MAC || v->kind == VECTOR_HASH) && !v->msg)
		missing = "MSG";
	else if ((v->kind == VECTOR_MAC || v->kind == VECTOR_HASH) &&
		 (v->pt || v->ct || v->iv || v->ivout || v->cts))
		extra = "PT, CT, IV, IV_OUT or CTS";
	else if (v->kind == VECTOR_SKCIPHER && v->iv && v->ivlen != 16)
		bad = "IV is not 16 bytes";
	else if (v->kind == VECTOR_AEAD && v->ivlen == 0)
		bad = "IV (the nonce) is empty";
	else if (v->kind == VECTOR_AEAD && (v->taglen < 1 || v->taglen > 16))
		bad = "TAG is not 1..16 bytes";
	if (missing) {
		fprintf(stderr, "%s:%u: vector without %s\n", v->file, v->line,
			missing);
		return -1;
	}
	if (extra) {
		fprintf(stderr, "%s:%u: %s in a%s vector\n", v->file, v->line,
			extra,
			v->kind == VECTOR_SKCIPHER ? "n skcipher" :
			v->kind == VECTOR_AEAD	   ? "n aead" :
						     " hash");
		return -1;
	}
	if (bad) {
		fprintf(stderr, "%s:%u: %s\n", v->file, v->line, bad);
		return -1;
	}
	if (v->aadrepeat > 1) {
		size_t n = v->aadlen, i;

		if (n == 0 || n > AAD_MAX / v->aadrepeat) {
			fprintf(stderr, "%s:%u: AAD_REPEAT of %zu bytes\n",
				v->file, v->line, n);
			return -1;
		}
		v->aad = xrealloc(v->aad, n * v->aadrepeat);
		for (i = 1; i < v->aadrepeat; i++)
			memcpy(v->aad + i * n, v->aad, n);
		v->aadlen = n * v->aadrepeat;
	}
	return 0;
}

static int field(struct vector *v, const char *file, unsigned line, char *key,
		 char *val)
{
	uint8_t **buf = NULL;
	size_t *len = NULL, n;

	if (strcmp(key, "ALG") == 0 || strcmp(key, "MODE") == 0) {
		char *dst = key[0] == 'A' ? v->alg : v->mode;
		size_t cap = key[0] == 'A' ? sizeof(v->alg) : sizeof(v->mode);

		if (strlen(val) >= cap || !*val) {
			fprintf(stderr, "%s:%u: bad %s\n", file, line, key);
			return -1;
		}
		strcpy(dst, val);
		return 0;
	}
	if (strcmp(key, "CTS") == 0 || strcmp(key, "FAIL") == 0) {
		int *flag = key[0] == 'C' ? &v->cts : &v->fail;

		if (strcmp(val, "yes") != 0 || *flag) {
			fprintf(stderr, "%s:%u: %s must be 'yes', once\n", file,
				line, key);
			return -1;
		}
		*flag = 1;
		return 0;
	}
	if (strcmp(key, "AAD_REPEAT") == 0) {
		char *end;
		unsigned long count = strtoul(val, &end, 10);

		if (v->aadrepeat || *val < '1' || *val > '9' || *end ||
		    count < 2 || count > AAD_MAX) {
			fprintf(stderr,
				"%s:%u: AAD_REPEAT must be a count "
				"from 2, once\n",
				file, line);
			return -1;
		}
		v->aadrepeat = count;
		return 0;
	}
	if (strcmp(key, "KEY") == 0) {
		buf = &v->key;
		len = &v->keylen;
	} else if (strcmp(key, "IV") == 0) {
		buf = &v->iv;
		len = &v->ivlen;
	} else if (strcmp(key, "IV_OUT") == 0) {
		buf = &v->ivout;
		len = &n;
	} else if (strcmp(key, "PT") == 0) {
		buf = &v->pt;
		len = &n;
	} else if (strcmp(key, "CT") == 0) {
		buf = &v->ct;
		len = &n;
	} else if (strcmp(key, "AAD") == 0) {
		buf = &v->aad;
		len = &v->aadlen;
	} else if (strcmp(key, "TAG") == 0) {
		buf = &v->tag;
		len = &v->taglen;
	} else if (strcmp(key, "MSG") == 0) {
		buf = &v->msg;
		len = &v->len;
	} else if (strcmp(key, "MAC") == 0 || strcmp(key, "MD") == 0) {
		if (v->digest) {
			fprintf(stderr, "%s:%u: MAC or MD given twice\n", file,
				line);
			return -1;
		}
		v->kind = key[1] == 'A' ? VECTOR_MAC : VECTOR_HASH;
		buf = &v->digest;
		len = &v->digestlen;
	} else {
		fprintf(stderr, "%s:%u: unknown field '%s'\n", file, line, key);
		return -1;
	}
	if (*buf) {
		fprintf(stderr, "%s:%u: %s given twice\n", file, line, key);
		return -1;
	}
	if ((buf == &v->msg && (v->pt || v->ct)) ||
	    ((buf == &v->pt || buf == &v->ct) && v->msg)) {
		fprintf(stderr, "%s:%u: MSG with PT or CT\n", file, line);
		return -1;
	}
	if (unhex(val, buf, len)) {
		fprintf(stderr, "%s:%u: %s is not hex\n", file, line, key);
		return -1;
	}
	if (buf == &v->pt || buf == &v->ct) {
		if (!(v->pt && v->ct)) {
			v->len = n;
		} else if (n != v->len) {
			fprintf(stderr, "%s:%u: PT and CT differ in length\n",
				file, line);
			return -1;
		}
	}
	if (buf == &v->ivout && n != 16) {
		fprintf(stderr, "%s:%u: %s is not 16 bytes\n", file, line, key);
		return -1;
	}
	return 0;
}

static void push(struct vector_set *set, struct vector *v)
{
	if (set->n == set->cap) {
		set->cap = set->cap ? 2 * set->cap : 256;
		set->v = xrealloc(set->v, set->cap * sizeof(*set->v));
	}
	set->v[set->n++] = *v;
	memset(v, 0, sizeof(*v));
}

/* see vectors.h */
int vectors_load_file(struct vector_set *set, const char *dir, const char *name)
{
	struct vector cur;
	char *path, *buf = NULL, *s, *eq;
	const char *base;
	size_t cap = 0;
	unsigned line = 0;
	int inblock = 0, rc = 0;
	FILE *f;

	path = xrealloc(NULL, strlen(dir) + strlen(name) + 2);
	sprintf(path, "%s/%s", dir, name);
	f = fopen(path, "r");
	if (!f) {
		perror(path);
		free(path);
		return -1;
	}
	set->files =
		xrealloc(set->files, (set->nfiles + 1) * sizeof(*set->files));
	base = set->files[set->nfiles++] = xstrdup(name);
	memset(&cur, 0, sizeof(cur));
	for (;;) {
		int more = readline(f, &buf, &cap);

		line++;
		s = more ? trim(buf) : NULL;
		if (!more || !*s) {
			if (inblock) {
				if (finish(&cur)) {
					rc = -1;
					break;
				}
				push(set, &cur);
				inblock = 0;
			}
			if (!more)
				break;
			continue;
		}
		if (!inblock) {
			memset(&cur, 0, sizeof(cur));
			cur.file = base;
			cur.line = line;
			inblock = 1;
		}
		if (*s == '#') {
			s = trim(s + 1);
			if (strncmp(s, "source:", 7) == 0 && !cur.source)
				cur.source = xstrdup(trim(s + 7));
			continue;
		}
		eq = strchr(s, '=');
		if (!eq) {
			fprintf(stderr, "%s:%u: expected 'NAME = value'\n",
				base, line);
			rc = -1;
			break;
		}
		*eq = '\0';
		if (field(&cur, base, line, trim(s), trim(eq + 1))) {
			rc = -1;
			break;
		}
	}
	if (rc)
		clear(&cur);
	free(buf);
	free(path);
	fclose(f);
	return rc;
}

static int cmpstr(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* see vectors.h */
int vectors_load_dir(struct vector_set *set, const char *dir)
{
	char **names = NULL;
	size_t n = 0, i, len;
	struct dirent *e;
	DIR *d = opendir(dir);
	int rc = 0;

	if (!d) {
		perror(dir);
		return -1;
	}
	for (;;) {
		errno = 0;
		e = readdir(d);
		if (!e) {
			if (errno) {
				perror(dir);
				rc = -1;
			}
			break;
		}
		len = strlen(e->d_name);

		if (len < 5 || strcmp(e->d_name + len - 4, ".txt") != 0 ||
		    e->d_name[0] == '.')
			continue;
		names = xrealloc(names, (n + 1) * sizeof(*names));
		names[n++] = xstrdup(e->d_name);
	}
	closedir(d);
	if (n == 0 && !rc) {
		fprintf(stderr, "%s: no *.txt vector files\n", dir);
		rc = -1;
	}
	if (n)
		qsort(names, n, sizeof(*names), cmpstr);
	for (i = 0; i < n; i++) {
		if (!rc && vectors_load_file(set, dir, names[i]))
			rc = -1;
		free(names[i]);
	}
	free(names);
	return rc;
}

/* see vectors.h */
void vectors_free(struct vector_set *set)
{
	size_t i;

	for (i = 0; i < set->n; i++)
		clear(&set->v[i]);
	for (i = 0; i < set->nfiles; i++)
		free(set->files[i]);
	free(set->v);
	free(set->files);
	memset(set, 0, sizeof(*set));
}
