/* SPDX-License-Identifier: MIT */
/*
 * skcipher.h - the skcipher type as the templates that produce it see it
 * (the handles are skcipher.c): the operations of an skcipher instance.
 */
#ifndef CRYPTARCH_TYPES_SKCIPHER_H
#define CRYPTARCH_TYPES_SKCIPHER_H

#include <stddef.h>
#include <stdint.h>

#include "../core/desc.h"
#include "../core/inst.h"

/*
 * One request of LEN bytes through instance IN. Returns 0, or -EINVAL for
 * a length the mode does not take, before anything is written. SRC, DST
 * and (where the template has an iv) IV are non-NULL when LEN > 0, and IV
 * is non-NULL whenever the template's key is more than one cipher key
 * (xts); the iv is in/out as DESIGN.md says of each mode.
 */
typedef int (*cryptarch_skcipher_fn)(const struct cryptarch_inst *in,
				     uint8_t *dst, const uint8_t *src,
				     size_t len, uint8_t *iv);

struct cryptarch_skcipher_ops {
	cryptarch_skcipher_fn encrypt;
	cryptarch_skcipher_fn decrypt;
};

extern const struct cryptarch_type cryptarch_type_skcipher;

/* Run skcipher instance IN in direction OP (0 encrypt, 1 decrypt). */
static inline int cryptarch_skcipher_run(const struct cryptarch_inst *in,
					 int op, uint8_t *dst,
					 const uint8_t *src, size_t len,
					 uint8_t *iv)
{
	const struct cryptarch_skcipher_ops *o = in->tmpl->ops;

	return (op ? o->decrypt : o->encrypt)(in, dst, src, len, iv);
}

#endif /* CRYPTARCH_TYPES_SKCIPHER_H */
