/* SPDX-License-Identifier: MIT */
/*
 * shash.h - the shash type as the templates and hash drivers that produce
 * it see it (the handle is shash.c): the operations of a keyed or unkeyed
 * hash instance, over a message state that the caller holds.
 *
 * A template's instances ("cmac(aes)") run the template's ops; a hash
 * driver used alone ("sha256-generic") runs its own (its type_ops). The
 * state is STATESIZE bytes at most CRYPTARCH_SHASH_STATE_MAX, aligned to
 * 16 bytes; the handle wipes it when it is freed or rekeyed.
 */
#ifndef CRYPTARCH_TYPES_SHASH_H
#define CRYPTARCH_TYPES_SHASH_H

#include <stddef.h>
#include <stdint.h>

#include "../core/desc.h"
#include "../core/inst.h"
#include "cryptarch.h"

#define CRYPTARCH_SHASH_STATE_MAX 128
#define CRYPTARCH_SHASH_DIGEST_MAX 32

struct cryptarch_shash_ops {
	unsigned digestsize; /* bytes */
	unsigned statesize;  /* bytes, <= CRYPTARCH_SHASH_STATE_MAX */
	/* Start an empty message in STATE. */
	void (*init)(const struct cryptarch_inst *in, void *state);
	/* Append LEN bytes (any length, 0 allowed; DATA non-NULL if LEN). */
	void (*update)(const struct cryptarch_inst *in, void *state,
		       const uint8_t *data, size_t len);
	/* Write DIGESTSIZE bytes to OUT; STATE is then spent (init again). */
	void (*final)(const struct cryptarch_inst *in, void *state,
		      uint8_t *out);
	/* NULL, or N >= 1 digests at once (cryptarch_shash_digest_many;
	 * the requests checked already), each as init, update, final. */
	void (*digest_many)(const struct cryptarch_inst *in,
			    const struct cryptarch_digest_request *req,
			    size_t n);
};

extern const struct cryptarch_type cryptarch_type_shash;

/* The operations of shash instance IN: its template's, or for a hash
 * driver alone its driver's. */
static inline const struct cryptarch_shash_ops *
cryptarch_shash_ops_of(const struct cryptarch_inst *in)
{
	return (const struct cryptarch_shash_ops *)(in->tmpl ? in->tmpl->ops :
							       in->drv->type_ops);
}

/* The digest of LEN bytes at DATA through keyed instance IN into OUT; the
 * state it needs is on the stack and wiped. */
void cryptarch_shash_run_digest(const struct cryptarch_inst *in,
				const uint8_t *data, size_t len, uint8_t *out);

#endif /* CRYPTARCH_TYPES_SHASH_H */
