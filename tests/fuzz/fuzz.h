/* SPDX-License-Identifier: MIT */
/*
 * fuzz.h - what the libFuzzer harnesses of tests/fuzz/ share: the entry
 * point's prototype, a check that aborts with a message (libFuzzer then
 * saves the input as a reproducer), and the modes the harnesses run (each
 * the template of that name in the registry). Test code: nothing here is
 * constant-time.
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

/* The modes the harnesses run, numbered for their own use only: the
 * library knows them as templates, found by name (fuzz_template()). */
enum fuzz_mode {
	FUZZ_MODE_ECB,
	FUZZ_MODE_CBC,
	FUZZ_MODE_CTR,
	FUZZ_MODE_XTS,
	FUZZ_MODE_COUNT,
};

/* "ecb", "cbc", "ctr", "xts", in enum fuzz_mode order. */
static const char *const fuzz_modes[FUZZ_MODE_COUNT] = {
	"ecb",
	"cbc",
	"ctr",
	"xts",
};

/* The registered template of MODE; aborts if there is none. */
static inline const struct cryptarch_template *fuzz_template(int mode)
{
	const struct cryptarch_template *t = cryptarch_template_find(
		fuzz_modes[mode], strlen(fuzz_modes[mode]));

	FUZZ_CHECK(t, "the template %s is not registered", fuzz_modes[mode]);
	return t;
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
