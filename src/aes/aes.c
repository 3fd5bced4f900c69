/* SPDX-License-Identifier: MIT */
/*
 * aes.c - the algorithm "aes" (FIPS-197) that the AES drivers implement:
 * 16-byte blocks, keys of 16, 24 or 32 bytes, and the known answers every
 * AES driver's single-block functions must give before it is ever chosen.
 * Data only.
 */
#include <stddef.h>

#include "aes.h"

static const struct cryptarch_kat kats[] = {
	/* FIPS-197 Appendix C.1 AES-128 */
	{ NULL, "000102030405060708090a0b0c0d0e0f", NULL,
	  "00112233445566778899aabbccddeeff",
	  "69c4e0d86a7b0430d8cdb78070b4c55a" },
	/* FIPS-197 Appendix C.2 AES-192 */
	{ NULL, "000102030405060708090a0b0c0d0e0f1011121314151617", NULL,
	  "00112233445566778899aabbccddeeff",
	  "dda97ca4864cdfe06eaf70a0ec0d7191" },
	/* FIPS-197 Appendix C.3 AES-256 */
	{ NULL,
	  "000102030405060708090a0b0c0d0e0f101112131415161718191a1b"
	  "1c1d1e1f",
	  NULL, "00112233445566778899aabbccddeeff",
	  "8ea2b7ca516745bfeafc49904b496089" },
	{ NULL, NULL, NULL, NULL, NULL },
};

const struct cryptarch_algorithm cryptarch_aes = {
	.name = "aes",
	.type = &cryptarch_type_cipher,
	.blocksize = 16,
	.min_keysize = 16,
	.max_keysize = 32,
	.kats = kats,
};
