/* SPDX-License-Identifier: MIT */
/*
 * ghash.h - the algorithm "ghash" (the GCM field hash of NIST SP 800-38D
 * 6.4, as the kernel's shash "ghash" exposes it) as its drivers and the
 * gcm template see it.
 *
 * A GHASH driver supplies one function, BLOCKS: for each 16-byte block B
 * of SRC in order, Y = (Y xor B) * H in GF(2^128) with GCM's bit order
 * (SP 800-38D 6.3: the first byte's most significant bit is the
 * coefficient of x^0; reduction by x^128 + x^7 + x^2 + x + 1). Y and the
 * blocks are bytes as the specification writes them, so a driver converts
 * to its own lane order inside. Its setkey (the `.ops->setkey` of its
 * driver descriptor) takes the 16-byte hash key H, as bytes, and may
 * precompute powers of H in its context; any other length is -EINVAL.
 * Every GHASH driver is constant-time: no branch or memory index depends
 * on H, Y or the data.
 *
 * The shash operations (buffering of partial blocks, zero padding of a
 * trailing partial block at final, the 16-byte digest Y) are common to
 * every driver: ghash.c's, reached through CRYPTARCH_GHASH_OPS(fn) as the
 * driver's `.type_ops`:
 *
 *     CRYPTARCH_DRIVER_GHASH(ghash_pclmul, .name = "ghash-pclmul", ...);
 *
 * declares cryptarch_ghash_pclmul_driver with .alg = &cryptarch_ghash,
 * .ops = { cryptarch_ghash_pclmul_setkey } and the type ops over
 * cryptarch_ghash_pclmul_blocks.
 */
#ifndef CRYPTARCH_GHASH_H
#define CRYPTARCH_GHASH_H

#include <stddef.h>
#include <stdint.h>

#include "../core/desc.h"
#include "../core/inst.h"
#include "../types/shash.h"

extern const struct cryptarch_algorithm cryptarch_ghash;

typedef void (*cryptarch_ghash_blocks_fn)(const void *ctx, uint8_t y[16],
					  const uint8_t *src, size_t nblocks);

/* A GHASH driver's type_ops: the common shash ops first, then its block
 * function (the gcm template calls it directly). */
struct cryptarch_ghash_ops {
	struct cryptarch_shash_ops shash;
	cryptarch_ghash_blocks_fn blocks;
};

/* The message state of the common shash ops. */
struct cryptarch_ghash_state {
	uint8_t y[16];
	uint8_t buf[16];
	size_t n;
};

void cryptarch_ghash_init(const struct cryptarch_inst *in, void *state);
void cryptarch_ghash_update(const struct cryptarch_inst *in, void *state,
			    const uint8_t *data, size_t len);
void cryptarch_ghash_final(const struct cryptarch_inst *in, void *state,
			   uint8_t *out);

#define CRYPTARCH_GHASH_OPS(fn)                                              \
	(&(const struct cryptarch_ghash_ops){                                \
		{ 16, sizeof(struct cryptarch_ghash_state),                  \
		  cryptarch_ghash_init, cryptarch_ghash_update,              \
		  cryptarch_ghash_final },                                   \
		fn })

/* The block function of GHASH leaf IN (a ghash driver's instance). */
static inline cryptarch_ghash_blocks_fn
cryptarch_ghash_blocks_of(const struct cryptarch_inst *in)
{
	return ((const struct cryptarch_ghash_ops *)in->drv->type_ops)->blocks;
}

#define CRYPTARCH_DRIVER_GHASH(stem, ...)                                      \
	const struct cryptarch_driver cryptarch_##stem##_driver = {             \
		.alg = &cryptarch_ghash,                                        \
		.ops = &(const struct cryptarch_cipher_ops){                    \
			cryptarch_##stem##_setkey, NULL, NULL },                \
		.type_ops = CRYPTARCH_GHASH_OPS(cryptarch_##stem##_blocks),     \
		__VA_ARGS__                                                     \
	}

#endif /* CRYPTARCH_GHASH_H */
