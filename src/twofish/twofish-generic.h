/* SPDX-License-Identifier: MIT */
/*
 * twofish-generic.h - the Twofish context of the "full keying" option of
 * the Twofish paper (key-dependent S-boxes merged with the MDS matrix into
 * four 256-entry word tables, plus the 40 subkeys), and the functions of
 * the twofish-generic driver that other implementations reuse: the key
 * schedule fills this context, and an assembly implementation reads the
 * same layout (checking it with _Static_assert on offsetof). Tables indexed
 * by key and data: not constant-time. No CPU feature needed.
 */
#ifndef CRYPTARCH_TWOFISH_GENERIC_H
#define CRYPTARCH_TWOFISH_GENERIC_H

#include <stddef.h>
#include <stdint.h>

#include "../core/desc.h"

/*
 * The expanded key. s[j][x] is column j of the MDS matrix times the
 * output of the key-dependent S-box of byte lane j on input x, so that
 * g(X) = s[0][X & 0xff] ^ s[1][(X >> 8) & 0xff] ^ s[2][(X >> 16) & 0xff]
 *        ^ s[3][X >> 24].
 * k[] holds the subkeys K0..K39 of the paper: K0..K3 input whitening,
 * K4..K7 output whitening, K(8+2r) and K(9+2r) for round r = 0..15.
 * Host byte order throughout; no padding (s at offset 0, k at 4096).
 */
struct cryptarch_twofish_ctx {
	uint32_t s[4][256];
	uint32_t k[40];
};

/*
 * Expand KEY (KEYLEN = 16, 24 or 32 bytes) into CTX, a struct
 * cryptarch_twofish_ctx. Returns 0, or -EINVAL for any other length (CTX
 * is then left untouched). Not constant-time: the tables it builds are
 * indexed by key bytes.
 */
int cryptarch_twofish_generic_setkey(void *ctx, const uint8_t *key,
				     size_t keylen) WUR;

/* Encrypt or decrypt one 16-byte block with CTX as set by
 * cryptarch_twofish_generic_setkey(). DST == SRC allowed; no alignment. */
void cryptarch_twofish_generic_encrypt(const void *ctx, uint8_t *dst,
				       const uint8_t *src);
void cryptarch_twofish_generic_decrypt(const void *ctx, uint8_t *dst,
				       const uint8_t *src);

#endif /* CRYPTARCH_TWOFISH_GENERIC_H */
