/* SPDX-License-Identifier: MIT */
/*
 * mode.h - the mode templates (ecb.c, cbc.c, ctr.c, xts.c) over an
 * implementation's single-block functions, and the instance they run on.
 *
 * A template checks the length for its mode before it writes anything, then
 * runs its block loop, or hands the whole blocks to the implementation's
 * bulk function where the instance has one (struct cryptarch_bulk in
 * registry.h). Partial blocks (ctr tail, xts ciphertext stealing) are always
 * the template's, through the single-block functions.
 */
#ifndef CRYPTARCH_MODE_H
#define CRYPTARCH_MODE_H

#include <stddef.h>
#include <stdint.h>

#include "../core/registry.h"

struct cryptarch_mode_inst {
	const struct cryptarch_alg *alg;
	const struct cryptarch_bulk *bulk; /* NULL: single-block loop only */
	const void *ctx;  /* the data key's context */
	const void *ctx2; /* xts: the tweak key's context; else NULL */
};

typedef int (*cryptarch_mode_fn)(const struct cryptarch_mode_inst *m,
				 uint8_t *dst, const uint8_t *src, size_t len,
				 uint8_t *iv);

struct cryptarch_mode {
	const char *name; /* "cbc" */
	unsigned nkeys;   /* cipher keys in the mode's key: 2 for xts */
	unsigned ivsize;  /* 0 for ecb, else 16 */
	/* Return 0, or -EINVAL for a length the mode does not take (before
	 * anything is written). SRC, DST and (if ivsize) IV are non-NULL
	 * when LEN > 0. */
	cryptarch_mode_fn encrypt;
	cryptarch_mode_fn decrypt;
};

extern const struct cryptarch_mode cryptarch_mode_ecb;
extern const struct cryptarch_mode cryptarch_mode_cbc;
extern const struct cryptarch_mode cryptarch_mode_ctr;
extern const struct cryptarch_mode cryptarch_mode_xts;

/* Indexed by enum cryptarch_mode_id. */
extern const struct cryptarch_mode *const cryptarch_modes[CRYPTARCH_MODE_COUNT];

#endif /* CRYPTARCH_MODE_H */
