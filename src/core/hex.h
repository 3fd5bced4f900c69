/* SPDX-License-Identifier: MIT */
/*
 * hex.h - hex decoding for the built-in self-test vectors, and for the
 * `cryptarch` command and the tests, which link the static library.
 */
#ifndef CRYPTARCH_HEX_H
#define CRYPTARCH_HEX_H

#include <stddef.h>
#include <stdint.h>

/* The value of the hex digit C (either case), or -1. */
int cryptarch_hexdigit(int c);

/*
 * Decode the hex string HEX (even length, digits of either case) into OUT,
 * at most MAX bytes, and set *LEN. Returns 0, -EINVAL for an odd length or
 * a character that is not a hex digit, or -ENOSPC if it decodes to more
 * than MAX bytes (nothing is written then).
 */
int cryptarch_unhex(uint8_t *out, size_t max, const char *hex, size_t *len);

#endif /* CRYPTARCH_HEX_H */
