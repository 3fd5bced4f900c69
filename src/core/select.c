/* SPDX-License-Identifier: MIT */
/*
 * select.c - selection (see select.h for the rules): the static choice per
 * operation, the measured profile's pick over it, the lookup that puts
 * them together, and the winner a new profile entry records. Candidates
 * come from spec.c, eligibility from eligible.c (the one rule), figures
 * from profile.c; nothing here reads a file but through
 * cryptarch_profile_active(), and only for a lookup the profile applies
 * to.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cryptarch.h"
#include "eligible.h"
#include "registry.h"
#include "select.h"

/* see select.h */
int cryptarch_cands(const char *name, const struct cryptarch_type *want,
		    struct cryptarch_cands *c)
{
	int err;

	memset(c, 0, sizeof(*c));
	err = cryptarch_spec_enumerate(name, want, c->v, c->is_static,
				       CRYPTARCH_MAX_CANDS, &c->n, &c->exact);
	if (err)
		return err;
	c->type = cryptarch_spec_type(&c->v[0]);
	return 0;
}

/*
 * The static choice among C for operation OP and size class CLS (-1 each:
 * the instance priority) and a cipher key of KEYBYTES (0: any): the
 * eligible static candidate of the highest priority, the first in registry
 * order among equals. Self-tests run for the candidates tried, highest
 * first, until one passes. NULL if none is eligible.
 */
/* Whether candidate I is eligible under FLAGS for KEYBYTES, answered once
 * per candidate through ELIG (0: not asked yet, 1 yes, -1 no). */
static int eligible_memo(const struct cryptarch_cands *c, size_t i,
			 unsigned flags, size_t keybytes, int8_t *elig)
{
	if (!elig[i])
		elig[i] = cryptarch_spec_eligible(&c->v[i], flags, keybytes) ?
				  1 :
				  -1;
	return elig[i] > 0;
}

static const struct cryptarch_spec *
static_choice_memo(const struct cryptarch_cands *c, unsigned flags, int op,
		   int cls, size_t keybytes, int8_t *elig)
{
	uint8_t tried[CRYPTARCH_MAX_CANDS] = { 0 };
	int prio[CRYPTARCH_MAX_CANDS];
	size_t i, left = c->n;

	/* each candidate's priority once: ranking it walks its nodes */
	for (i = 0; i < c->n; i++)
		if (c->exact || c->is_static[i])
			prio[i] = cryptarch_spec_slot_priority(&c->v[i], op,
							       cls);
	while (left) {
		const struct cryptarch_spec *best = NULL;
		size_t bi = 0;
		int bp = 0;

		for (i = 0; i < c->n; i++) {
			if (tried[i] || !(c->exact || c->is_static[i]))
				continue;
			if (!best || prio[i] > bp) {
				best = &c->v[i];
				bi = i;
				bp = prio[i];
			}
		}
		if (!best)
			return NULL;
		tried[bi] = 1;
		left--;
		if (eligible_memo(c, bi, flags, keybytes, elig))
			return best;
	}
	return NULL;
}

static const struct cryptarch_spec *
static_choice(const struct cryptarch_cands *c, unsigned flags, int op, int cls,
	      size_t keybytes)
{
	int8_t elig[CRYPTARCH_MAX_CANDS] = { 0 };

	return static_choice_memo(c, flags, op, cls, keybytes, elig);
}

/* see select.h */
void cryptarch_profile_pick(const struct cryptarch_profile *p,
			    const struct cryptarch_profile_entry *e,
			    unsigned flags, size_t keybytes,
			    const struct cryptarch_spec *prio,
			    struct cryptarch_slot *slot)
{
	const struct cryptarch_profile_fig *f = cryptarch_profile_figs(p, e);
	const struct cryptarch_profile_fig *best = NULL, *pf = NULL;
	size_t i;

	slot->inst = *prio;
	slot->ns = 0;
	slot->prio_ns = 0;
	for (i = 0; i < e->nfig; i++)
		if (cryptarch_spec_equal(&f[i].inst, prio))
			pf = &f[i];
	if (pf)
		slot->prio_ns = pf->ns;
	for (i = 0; i < e->nfig && !best; i++)
		if (cryptarch_spec_eligible(&f[i].inst, flags, keybytes))
			best = &f[i];
	if (!best) {
		slot->why = CRYPTARCH_SLOT_NONE_ELIGIBLE;
		return;
	}
	if (!pf) {
		slot->why = CRYPTARCH_SLOT_UNMEASURED;
		return;
	}
	if (best != pf &&
	    best->ns * 100 > pf->ns * (100 - CRYPTARCH_PROFILE_MARGIN_PCT)) {
		slot->why = CRYPTARCH_SLOT_MARGIN;
		slot->ns = pf->ns;
		return;
	}
	slot->inst = best->inst;
	slot->why = CRYPTARCH_SLOT_MEASURED;
	slot->ns = best->ns;
}

/* see select.h */
int cryptarch_select(const struct cryptarch_cands *c, unsigned flags,
		     const struct cryptarch_profile *p,
		     struct cryptarch_plan *plan)
{
	const struct cryptarch_spec *prio;
	unsigned nops;
	int k, op, cls;

	memset(plan, 0, sizeof(*plan));
	if (c->n == 0)
		return -ENOENT;
	plan->type = c->type;
	plan->exact = c->exact;
	/* An instance's driver name is exact in every slot. */
	if (c->exact)
		flags |= CRYPTARCH_STATIC_PRIORITY;
	prio = static_choice(c, flags, -1, -1, 0);
	if (!prio)
		return -ENOENT;
	plan->prio = *prio;
	cryptarch_spec_algname(prio, plan->name, sizeof(plan->name));
	if ((flags & CRYPTARCH_STATIC_PRIORITY) ||
	    c->type == &cryptarch_type_cipher)
		p = NULL;
	/* Without the table-based instances measured, a variable-time
	 * lookup cannot know whether they would win. */
	if (p && (flags & CRYPTARCH_ALLOW_VARIABLE_TIME) &&
	    !(p->flags & CRYPTARCH_ALLOW_VARIABLE_TIME))
		p = NULL;
	plan->measured = p != NULL;
	nops = c->type->nops ? c->type->nops : 1;
	for (k = 0; k < CRYPTARCH_PROFILE_NKEYS; k++) {
		size_t keybytes = 16 + 8 * (size_t)k;
		/* eligibility depends on the key size, not the slot */
		int8_t elig[CRYPTARCH_MAX_CANDS] = { 0 };

		for (op = 0; op < (int)nops; op++) {
			for (cls = 0; cls < CRYPTARCH_NCLASS; cls++) {
				struct cryptarch_slot *s =
					&plan->slot[k][op][cls];
				const struct cryptarch_profile_entry *e;
				const struct cryptarch_spec *st = prio;

				if (!(flags & CRYPTARCH_STATIC_PRIORITY)) {
					st = static_choice_memo(c, flags, op,
								cls, keybytes,
								elig);
					if (!st)
						st = prio;
				}
				s->inst = *st;
				s->why = CRYPTARCH_SLOT_PRIORITY;
				if (!p)
					continue;
				e = cryptarch_profile_find(p, plan->name, op, k,
							   cls);
				if (!e)
					s->why = CRYPTARCH_SLOT_NO_ENTRY;
				else
					cryptarch_profile_pick(p, e, flags,
							       keybytes, st, s);
			}
		}
	}
	return 0;
}

/* see select.h */
int cryptarch_lookup(const char *name, const struct cryptarch_type *want,
		     unsigned flags, struct cryptarch_plan *plan)
{
	struct cryptarch_cands c;
	const struct cryptarch_profile *p = NULL;
	int err;

	err = cryptarch_cands(name, want, &c);
	if (err)
		return err;
	/* The profile is read only for a lookup it may decide. */
	if (!c.exact && !(flags & CRYPTARCH_STATIC_PRIORITY) &&
	    c.type != &cryptarch_type_cipher)
		p = cryptarch_profile_active();
	return cryptarch_select(&c, flags, p, plan);
}

/* see select.h */
int cryptarch_profile_add(struct cryptarch_profile *p, const char *name, int op,
			  int key, int cls,
			  const struct cryptarch_profile_fig *figs,
			  size_t nfig)
{
	struct cryptarch_cands c;
	const struct cryptarch_profile_fig *fast = nfig ? &figs[0] : NULL;
	const struct cryptarch_spec *st;
	struct cryptarch_slot slot;
	size_t i, keybytes = 16 + 8 * (size_t)(key < 0 ? 0 : key);
	int err;

	if (!fast || !name)
		return -EINVAL;
	/* the fastest, unless selection under the profile's flags would
	 * pick another of them */
	for (i = 1; i < nfig; i++)
		if (figs[i].ns < fast->ns)
			fast = &figs[i];
	err = cryptarch_profile_put(p, name, op, key, cls, figs, nfig,
				    &fast->inst);
	if (err)
		return err;
	if (cryptarch_cands(name, NULL, &c) || c.exact)
		return 0;
	st = static_choice(&c, p->flags, op, cls, keybytes);
	if (!st)
		return 0;
	cryptarch_profile_pick(p, &p->e[p->n - 1], p->flags, keybytes, st,
			       &slot);
	for (i = 0; i < nfig; i++)
		if (cryptarch_spec_equal(&figs[i].inst, &slot.inst))
			p->e[p->n - 1].winner = slot.inst;
	return 0;
}
