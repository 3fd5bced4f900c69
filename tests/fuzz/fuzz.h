/* SPDX-License-Identifier: MIT */
/*
 * fuzz.h - what the libFuzzer harnesses of tests/fuzz/ share: the entry
 * point's prototype, a check that aborts with a message (libFuzzer then
 * saves the input as a reproducer), and the instance names of the
 * registry. Test code: nothing here is constant-time.
 */
#ifndef CRYPTARCH_FUZZ_H
#define CRYPTARCH_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "cryptarch.h"
#include "registry.h"

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

/* "ecb", "cbc", "ctr", "xts", in enum cryptarch_mode_id order. */
static const char *const fuzz_modes[CRYPTARCH_MODE_COUNT] = {
	"ecb",
	"cbc",
	"ctr",
	"xts",
};

/* 1 if KEYLEN is a key size the cipher defines (16, 24 or 32 bytes)
 * within ALG's range. */
static inline int fuzz_keylen_ok(const struct cryptarch_alg *alg, size_t keylen)
{
	return keylen >= alg->min_keysize && keylen <= alg->max_keysize &&
	       keylen % 8 == 0;
}

#endif /* CRYPTARCH_FUZZ_H */
