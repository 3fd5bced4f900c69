/* SPDX-License-Identifier: MIT */
/*
 * tfm.h - what every handle type shares (the files of src/types build their public
 * handles on it): the plan from the lookup, one 64-byte aligned allocation
 * holding the key contexts of every instance the plan uses, keying them
 * all at once, and wiping them all together.
 *
 * A plan may name different instances per key size, operation and size
 * class (CBC: a serial one for encryption, a parallel one for
 * decryption). Instances with the same key contexts (a template's own
 * instance and a driver's hooked one over the same driver) share them, so
 * each driver is keyed once. After setkey, ROOT[op][class] is the instance
 * a request of that operation and size class runs on, at the key size set:
 * finding it costs one length compare, no lock and no lookup per call.
 */
#ifndef CRYPTARCH_TFM_H
#define CRYPTARCH_TFM_H

#include <stddef.h>
#include <stdint.h>

#include "desc.h"
#include "inst.h"
#include "select.h"
#include "spec.h"

/* Distinct key contexts, and distinct instances, one handle may hold
 * (beyond them, slots fall back to the static choice). */
#define CRYPTARCH_TFM_MAX_KEYS 4
#define CRYPTARCH_TFM_MAX_INSTS 8

struct cryptarch_tfm_inst {
	struct cryptarch_spec spec;
	unsigned keys; /* which of the handle's contexts */
	struct cryptarch_inst node[CRYPTARCH_SPEC_NODES];
};

struct cryptarch_tfm {
	struct cryptarch_plan plan;
	unsigned flags;
	int keyed;
	int key; /* key size index in use; -1: the static choice for all */
	/* The instance of each request slot [op][size class] at the key set. */
	const struct cryptarch_tfm_inst *root[CRYPTARCH_MAX_OPS][CRYPTARCH_NCLASS];
	struct cryptarch_tfm_inst inst[CRYPTARCH_TFM_MAX_INSTS];
	size_t ninst;
	struct {
		struct cryptarch_spec spec; /* whose contexts these are */
		size_t off, size;
	} keys[CRYPTARCH_TFM_MAX_KEYS];
	size_t nkeys;
	size_t ctxsize; /* the whole allocation */
	void *ctx;
};

/* Look up NAME of type WANT under FLAGS and allocate the contexts of its
 * plan into T (zeroed by the caller). Returns 0, -EINVAL, -ENOENT or
 * -ENOMEM; on error nothing is left to free. */
int cryptarch_tfm_init(struct cryptarch_tfm *t, const char *name,
		       const struct cryptarch_type *want, unsigned flags) WUR;
/*
 * Key every instance the slots use at KEYLEN's key size. The old key is
 * wiped first, and everything on failure. Returns 0 or -EINVAL (a length
 * the instance does not take, or equal XTS-style key halves under
 * CRYPTARCH_FORBID_WEAK_KEYS).
 */
int cryptarch_tfm_setkey(struct cryptarch_tfm *t, const uint8_t *key,
			 size_t keylen) WUR;
/* Wipe and free the contexts. */
void cryptarch_tfm_destroy(struct cryptarch_tfm *t);
/* Free a handle of SIZE bytes that embeds T: the contexts, then the
 * handle itself, wiped. HANDLE may be NULL. */
void cryptarch_tfm_release(void *handle, size_t size, struct cryptarch_tfm *t);

/* The driver name of the instance for requests of operation OP in size
 * class CLS (enum cryptarch_size_class) at the key size set (before
 * setkey: the smallest). */
char *cryptarch_tfm_slot_name(const struct cryptarch_tfm *t, int op, int cls,
			      char *buf, size_t size);
/* The number of distinct key contexts the slots use at the key size set. */
size_t cryptarch_tfm_nkeys_used(const struct cryptarch_tfm *t);

#endif /* CRYPTARCH_TFM_H */
