/* SPDX-License-Identifier: MIT */
/*
 * inst.h - instances at run time: a spec (spec.h) laid out over one
 * context buffer, as the templates' loops and the drivers' hooks see it.
 *
 * For a template over a block cipher, CIPHER and KEY[] are that cipher's
 * single-block functions and key contexts (xts: KEY[0] the data key's,
 * KEY[1] the tweak key's); HOOK is the driver's hook struct for the
 * template, or NULL when the template's own loop runs. A template over
 * instances with OWN_KEYS (essiv) has its base cipher's functions in
 * CIPHER and its own key context in KEY[0]. A leaf of a hash algorithm
 * (sha256-generic) has DRV and its key contexts; its operations are
 * DRV->type_ops. ARG[] are instance
 * arguments ("cts(cbc(aes))": the cbc instance), CTX the template's own
 * context. Built by cryptarch_inst_build() into an array of nodes whose
 * first is the root; setkey and wiping go through the whole tree.
 */
#ifndef CRYPTARCH_INST_H
#define CRYPTARCH_INST_H

#include <stddef.h>
#include <stdint.h>

#include "desc.h"
#include "spec.h"

struct cryptarch_inst {
	const struct cryptarch_template *tmpl; /* NULL: a leaf */
	const struct cryptarch_driver *drv;    /* the cipher, or NULL */
	const struct cryptarch_cipher_ops *cipher;
	const void *hook;
	void *key[2];
	void *ctx;
	const struct cryptarch_inst *arg[CRYPTARCH_MAX_ARGS];
	unsigned nkeys; /* of KEY[] in use */
};

/* The bytes of context an instance of S needs, in all. */
size_t cryptarch_inst_ctxsize(const struct cryptarch_spec *s);

/*
 * Lay out spec S over the context buffer BASE (cryptarch_inst_ctxsize(S)
 * bytes, aligned to CRYPTARCH_CTX_ALIGN) into NODE (S->n of them); the
 * root is NODE[0]. BASE may be NULL to build a description without
 * contexts (for naming only).
 */
void cryptarch_inst_build(const struct cryptarch_spec *s, void *base,
			  struct cryptarch_inst *node);

/* Key the instance rooted at IN with KEY: checks the length against the
 * instance's key rules; returns 0 or -EINVAL (nothing keyed). */
int cryptarch_inst_setkey(const struct cryptarch_inst *in, const uint8_t *key,
			  size_t keylen) WUR;
/* The keying of a leaf or of a template over a cipher when the template
 * has no SETKEY: IN->nkeys cipher keys back to back into KEY[], each of a
 * length the algorithm takes; for a template's own SETKEY that keys its
 * cipher and then derives more. Returns 0 or -EINVAL. */
int cryptarch_inst_setkey_cipher(const struct cryptarch_inst *in,
				 const uint8_t *key, size_t keylen) WUR;

#endif /* CRYPTARCH_INST_H */
