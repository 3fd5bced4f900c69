/* SPDX-License-Identifier: MIT */
/*
 * twofish.c - the algorithm "twofish" (Schneier et al., 1998) that the
 * Twofish drivers implement: 16-byte blocks, keys of 16, 24 or 32 bytes,
 * and the known answers every Twofish driver's single-block functions must
 * give before it is ever chosen. Data only.
 */
#include <stddef.h>

#include "twofish.h"

static const struct cryptarch_kat kats[] = {
	/* Twofish paper (Schneier et al., 1998) Appendix B.1, KEYSIZE=128 */
	{ NULL, "00000000000000000000000000000000", NULL,
	  "00000000000000000000000000000000",
	  "9f589f5cf6122c32b6bfec2f2ae8c35a" },
	/* Twofish paper (Schneier et al., 1998) Appendix B.1, KEYSIZE=192 */
	{ NULL, "0123456789abcdeffedcba98765432100011223344556677", NULL,
	  "00000000000000000000000000000000",
	  "cfd1d2e5a9be9cdf501f13b892bd2248" },
	/* Twofish paper (Schneier et al., 1998) Appendix B.1, KEYSIZE=256 */
	{ NULL,
	  "0123456789abcdeffedcba987654321000112233445566778899aabb"
	  "ccddeeff",
	  NULL, "00000000000000000000000000000000",
	  "37527be0052334b89f0cfccae87cfa20" },
	{ NULL, NULL, NULL, NULL, NULL },
};

const struct cryptarch_algorithm cryptarch_twofish = {
	.name = "twofish",
	.type = &cryptarch_type_cipher,
	.blocksize = 16,
	.min_keysize = 16,
	.max_keysize = 32,
	.kats = kats,
};
