/* SPDX-License-Identifier: MIT */
/*
 * fuzz.h - what the libFuzzer harnesses of tests/fuzz/ share: the entry
 * point's prototype, a check that aborts with a message (libFuzzer then
 * saves the input as a reproducer), the skcipher modes and the shash
 * names over a cipher the harnesses run (each named after templates of
 * the registry), with their length rules, and the instances a name stands
 * for here. Test code: nothing here is constant-time.
 */
#ifndef CRYPTARCH_FUZZ_H
#define CRYPTARCH_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <string.h>

#include "cryptarch.h"
#include "desc.h"
#include "registry.h"
#include "spec.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Abort with "fuzz: FILE:LINE: message" unless COND holds. */
#define FUZZ_CHECK(cond, ...)                                                 \
	do {                                                                  \
		if (!(cond)) {                                                \
			fprintf(stderr, "fuzz: %s:%d: ", __FILE__, __LINE__); \
			fprintf(stderr, __VA_ARGS__);                         \
			fputc('\n', stderr);                                  \
			abort();                                              \
		}                                                             \
	} while (0)

/* The skcipher modes the harnesses run, numbered for their own use only:
 * the library knows them as templates, found by name. */
enum fuzz_mode {
	FUZZ_MODE_ECB,
	FUZZ_MODE_CBC,
	FUZZ_MODE_CTR,
	FUZZ_MODE_XTS,
	FUZZ_MODE_XCTR,
	FUZZ_MODE_CTS,
	FUZZ_MODE_ESSIV,
	FUZZ_MODE_COUNT,
};

/* In enum fuzz_mode order: the template names, and each mode's name over
 * a cipher ("%s": the cipher or driver name). */
static const char *const fuzz_modes[FUZZ_MODE_COUNT] = {
	"ecb", "cbc", "ctr", "xts", "xctr", "cts", "essiv",
};
static const char *const fuzz_mode_names[FUZZ_MODE_COUNT] = {
	"ecb(%s)",
	"cbc(%s)",
	"ctr(%s)",
	"xts(%s)",
	"xctr(%s)",
	"cts(cbc(%s))",
	"essiv(cbc(%s),sha256)",
};
/* The keyed hashes over a cipher. */
#define FUZZ_MAC_COUNT 3
static const char *const fuzz_mac_names[FUZZ_MAC_COUNT] = {
	"cmac(%s)",
	"xcbc(%s)",
	"cbcmac(%s)",
};

/* 1 if MODE takes a request of LEN bytes (ecb, cbc, essiv: whole blocks;
 * xts, cts: at least one block; ctr, xctr: any). */
static inline int fuzz_len_ok(int mode, size_t len)
{
	if (mode == FUZZ_MODE_ECB || mode == FUZZ_MODE_CBC ||
	    mode == FUZZ_MODE_ESSIV)
		return len % 16 == 0;
	if (mode == FUZZ_MODE_XTS || mode == FUZZ_MODE_CTS)
		return len >= 16;
	return 1;
}

/* 1 if calls of MODE continue through the iv (ecb, cbc, ctr): a request
 * may be cut in two at a block boundary. */
static inline int fuzz_mode_chains(int mode)
{
	return mode == FUZZ_MODE_ECB || mode == FUZZ_MODE_CBC ||
	       mode == FUZZ_MODE_CTR;
}

/* 1 if DRV implements a block cipher (a hash driver has no cipher API). */
static inline int fuzz_is_cipher(const struct cryptarch_driver *drv)
{
	return drv->alg->type == &cryptarch_type_cipher;
}

/* 1 if every driver of S can run here. */
static inline int fuzz_available(const struct cryptarch_spec *s)
{
	unsigned i;

	for (i = 0; i < s->n; i++)
		if (!s->node[i].tmpl &&
		    !cryptarch_driver_available(
			    cryptarch_spec_node_driver(s, i)))
			return 0;
	return 1;
}

/* The instances NAME stands for that can run here, into V (MAX of them);
 * the count (0 for a name that stands for none). */
static inline size_t fuzz_instances(const char *name, struct cryptarch_spec *v,
				    size_t max)
{
	size_t n = 0, i, k = 0;
	int exact;

	if (cryptarch_spec_enumerate(name, NULL, v, NULL, max, &n, &exact))
		return 0;
	for (i = 0; i < n; i++)
		if (fuzz_available(&v[i]))
			v[k++] = v[i];
	return k;
}

/* 1 if KEYLEN is a key size the cipher defines (16, 24 or 32 bytes)
 * within the range of DRV's algorithm. */
static inline int fuzz_keylen_ok(const struct cryptarch_driver *drv,
				 size_t keylen)
{
	return keylen >= drv->alg->min_keysize &&
	       keylen <= drv->alg->max_keysize && keylen % 8 == 0;
}

#endif /* CRYPTARCH_FUZZ_H */
