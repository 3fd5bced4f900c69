/* SPDX-License-Identifier: MIT */
/*
 * tfm.c - what every handle type shares (see tfm.h): the plan, the key
 * contexts of every instance it uses in one aligned allocation, keying
 * them together, wiping them together. Key material lives only in that
 * allocation; it is wiped when a key is replaced, when setkey fails and
 * when the handle is destroyed.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "cryptarch.h"
#include "memzero.h"
#include "profile.h"
#include "tfm.h"

/* The index of the key contexts of S among T's, adding them if there is
 * room; -1 if there is none. */
static int keys_of(struct cryptarch_tfm *t, const struct cryptarch_spec *s)
{
	size_t i;

	for (i = 0; i < t->nkeys; i++)
		if (cryptarch_spec_same_keys(&t->keys[i].spec, s))
			return (int)i;
	if (t->nkeys == CRYPTARCH_TFM_MAX_KEYS)
		return -1;
	t->keys[t->nkeys].spec = *s;
	t->keys[t->nkeys].size = cryptarch_inst_ctxsize(s);
	return (int)t->nkeys++;
}

/* The index of instance S among T's, adding it if there is room; -1. */
static int inst_of(struct cryptarch_tfm *t, const struct cryptarch_spec *s)
{
	size_t i;
	int k;

	for (i = 0; i < t->ninst; i++)
		if (cryptarch_spec_equal(&t->inst[i].spec, s))
			return (int)i;
	if (t->ninst == CRYPTARCH_TFM_MAX_INSTS)
		return -1;
	k = keys_of(t, s);
	if (k < 0)
		return -1;
	t->inst[t->ninst].spec = *s;
	t->inst[t->ninst].keys = (unsigned)k;
	return (int)t->ninst++;
}

/* Point the request slots at the plan for key size index KEY, or all at
 * the static choice for KEY -1. */
static void use_key(struct cryptarch_tfm *t, int key)
{
	unsigned nops = t->plan.type->nops ? t->plan.type->nops : 1;
	int op, c;

	t->key = key;
	for (op = 0; op < CRYPTARCH_MAX_OPS; op++) {
		for (c = 0; c < CRYPTARCH_NCLASS; c++) {
			const struct cryptarch_spec *s =
				key < 0 ? &t->plan.prio :
					  &t->plan.slot[key][op < (int)nops ?
								     op :
								     0][c]
						   .inst;

			t->root[op][c] = &t->inst[inst_of(t, s)];
		}
	}
}

/* see tfm.h */
int cryptarch_tfm_init(struct cryptarch_tfm *t, const char *name,
		       const struct cryptarch_type *want, unsigned flags)
{
	size_t i, off = 0;
	int err, k, op, c;

	err = cryptarch_lookup(name, want, flags, &t->plan);
	if (err)
		return err;
	t->flags = flags;
	/* The static choice first; a slot whose instance does not fit
	 * falls back to it. */
	if (inst_of(t, &t->plan.prio) < 0)
		return -ENOMEM;
	for (k = 0; k < CRYPTARCH_PROFILE_NKEYS; k++)
		for (op = 0; op < CRYPTARCH_MAX_OPS; op++)
			for (c = 0; c < CRYPTARCH_NCLASS; c++) {
				struct cryptarch_slot *s =
					&t->plan.slot[k][op][c];

				if (s->inst.n == 0 || inst_of(t, &s->inst) < 0) {
					s->inst = t->plan.prio;
					s->why = CRYPTARCH_SLOT_PRIORITY;
				}
			}
	for (i = 0; i < t->nkeys; i++) {
		t->keys[i].off = off;
		off += t->keys[i].size;
	}
	t->ctxsize = off;
	t->ctx = cryptarch_ctx_alloc(t->ctxsize);
	if (!t->ctx)
		return -ENOMEM;
	for (i = 0; i < t->ninst; i++)
		cryptarch_inst_build(&t->inst[i].spec,
				     (uint8_t *)t->ctx +
					     t->keys[t->inst[i].keys].off,
				     t->inst[i].node);
	use_key(t, 0);
	return 0;
}

/* see tfm.h */
int cryptarch_tfm_setkey(struct cryptarch_tfm *t, const uint8_t *key,
			 size_t keylen)
{
	unsigned nk = cryptarch_spec_nkeys(&t->plan.prio);
	size_t part, i;
	int err = 0, op, c;

	cryptarch_memzero(t->ctx, t->ctxsize);
	t->keyed = 0;
	if (!key || keylen % nk)
		return -EINVAL;
	part = keylen / nk;
	if (nk == 2 && (t->flags & CRYPTARCH_FORBID_WEAK_KEYS) &&
	    memcmp(key, key + part, part) == 0)
		return -EINVAL;
	/* A key size the profile does not know: the static choice. */
	use_key(t, cryptarch_profile_key_index(part));
	/* Key each context the slots use, once. */
	for (i = 0; i < t->nkeys && !err; i++) {
		const struct cryptarch_tfm_inst *via = NULL;

		for (op = 0; op < CRYPTARCH_MAX_OPS; op++)
			for (c = 0; c < CRYPTARCH_NCLASS; c++)
				if (t->root[op][c]->keys == i)
					via = t->root[op][c];
		if (via)
			err = cryptarch_inst_setkey(&via->node[0], key, keylen);
	}
	if (err) {
		cryptarch_memzero(t->ctx, t->ctxsize);
		return err;
	}
	t->keyed = 1;
	return 0;
}

/* see tfm.h */
void cryptarch_tfm_destroy(struct cryptarch_tfm *t)
{
	cryptarch_ctx_free(t->ctx, t->ctxsize);
	t->ctx = NULL;
}

/* see tfm.h */
void cryptarch_tfm_release(void *handle, size_t size, struct cryptarch_tfm *t)
{
	if (!handle)
		return;
	cryptarch_tfm_destroy(t);
	cryptarch_memzero(handle, size);
	free(handle);
}

/* see tfm.h */
char *cryptarch_tfm_slot_name(const struct cryptarch_tfm *t, int op, int cls,
			      char *buf, size_t size)
{
	return cryptarch_spec_name(&t->root[op ? 1 : 0][cls < 0 || cls >= CRYPTARCH_NCLASS ? 1 : cls]->spec,
				   buf, size);
}

/* see tfm.h */
size_t cryptarch_tfm_nkeys_used(const struct cryptarch_tfm *t)
{
	size_t i, n = 0;
	int op, c, used;

	for (i = 0; i < t->nkeys; i++) {
		used = 0;
		for (op = 0; op < CRYPTARCH_MAX_OPS; op++)
			for (c = 0; c < CRYPTARCH_NCLASS; c++)
				used |= t->root[op][c]->keys == i;
		n += (size_t)used;
	}
	return n;
}
