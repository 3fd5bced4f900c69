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

struct cryptarch_request;

/*
 * CHECK: 0 if LEN is a length the mode takes, else -EINVAL (NULL: any
 * length, or for a template over another skcipher instance, that
 * instance's rule), so that a many-request call is refused before
 * anything is written. MANY (NULL: one call of the function of direction OP per
 * request, in order): the N requests, every one already checked (its
 * length taken, src, dst and iv present as a single call needs them);
 * each request's result and iv as one call of that function gives. The
 * requests do not overlap one another; each may be in place.
 */
struct cryptarch_skcipher_ops {
	cryptarch_skcipher_fn encrypt;
	cryptarch_skcipher_fn decrypt;
	int (*check)(const struct cryptarch_inst *in, size_t len);
	void (*many)(const struct cryptarch_inst *in, int op,
		     const struct cryptarch_request *req, size_t n);
};

/* The length rules of most modes, for .check: whole blocks (ECB, CBC),
 * at least one block (XTS, CTS). */
int cryptarch_skcipher_check_blocks(const struct cryptarch_inst *in,
				    size_t len);
int cryptarch_skcipher_check_one_block(const struct cryptarch_inst *in,
				       size_t len);

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
