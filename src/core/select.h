/* SPDX-License-Identifier: MIT */
/*
 * select.h - selection (DESIGN.md, "Registry and selection"): from a name
 * to the plan a handle follows, the instance to use per cipher key size,
 * operation and request size class.
 *
 * cryptarch_select() is one function of the candidates, the flags and the
 * profile (NULL: none): it applies the static rules, then the measured
 * profile to them. The static rules: an instance's driver name is exact
 * (every slot that instance); otherwise every slot of operation OP and
 * size class CLS gets the eligible static candidate (spec.h) with the
 * highest priority for them (cryptarch_spec_slot_priority; registry order
 * breaks ties), so that CBC encryption, serial, may go to another driver
 * than decryption, and a request of one or two blocks to a serial driver
 * rather than one built for many blocks in flight; CRYPTARCH_STATIC_PRIORITY
 * keeps the
 * kernel's one-instance rule (the highest instance priority, for every
 * slot). The profile, for an algorithm name under flags without
 * CRYPTARCH_STATIC_PRIORITY: in each slot the fastest measured instance
 * that is eligible now (eligible.h) wins, unless the static choice was
 * measured within CRYPTARCH_PROFILE_MARGIN_PCT percent of it (noise). A
 * lookup with CRYPTARCH_ALLOW_VARIABLE_TIME uses only a profile whose
 * flags allowed variable-time instances too (else its table-based
 * instances were never measured). Where the profile says nothing, the
 * static choice stays. Self-tests run as eligibility is asked, once per
 * driver; nothing else has effects.
 */
#ifndef CRYPTARCH_SELECT_H
#define CRYPTARCH_SELECT_H

#include <stddef.h>

#include "desc.h"
#include "profile.h"
#include "spec.h"

/* Why a slot of a plan holds its instance. */
enum cryptarch_slot_why {
	CRYPTARCH_SLOT_PRIORITY = 0,  /* no profile in use for this lookup */
	CRYPTARCH_SLOT_NO_ENTRY,      /* the profile has no line for it */
	CRYPTARCH_SLOT_MEASURED,      /* the fastest eligible measured */
	CRYPTARCH_SLOT_MARGIN,	      /* priority's within the margin */
	CRYPTARCH_SLOT_NONE_ELIGIBLE, /* nothing measured is eligible now */
	CRYPTARCH_SLOT_UNMEASURED,    /* priority's choice was not measured */
};

/* One key size, operation and size class of a plan. */
struct cryptarch_slot {
	struct cryptarch_spec inst;
	enum cryptarch_slot_why why;
	double ns;	/* the winner's figure, or 0 */
	double prio_ns; /* the figure of the static choice, or 0 */
};

/* The instances a handle uses: [key size][operation][size class]. */
struct cryptarch_plan {
	const struct cryptarch_type *type;
	char name[CRYPTARCH_NAME_MAX + 1]; /* the algorithm name */
	int exact;     /* the name was an instance's driver name */
	int measured;  /* a profile was consulted */
	/* The choice by priority alone (the instance cryptarch_skcipher_new
	 * reports before a key is set, and every slot's under
	 * CRYPTARCH_STATIC_PRIORITY). */
	struct cryptarch_spec prio;
	struct cryptarch_slot slot[CRYPTARCH_PROFILE_NKEYS][CRYPTARCH_MAX_OPS]
				  [CRYPTARCH_NCLASS];
};

/* The candidates of one name (cryptarch_spec_enumerate()). */
struct cryptarch_cands {
	const struct cryptarch_type *type;
	int exact;
	size_t n;
	struct cryptarch_spec v[CRYPTARCH_MAX_CANDS];
	uint8_t is_static[CRYPTARCH_MAX_CANDS];
};

/* Enumerate NAME's candidates of type WANT (NULL: any). Returns 0,
 * -EINVAL or -ENOENT, as cryptarch_spec_enumerate(). */
int cryptarch_cands(const char *name, const struct cryptarch_type *want,
		    struct cryptarch_cands *c) WUR;

/*
 * The plan for candidates C under FLAGS with profile P (may be NULL; it is
 * not used for an exact name, under CRYPTARCH_STATIC_PRIORITY, or under
 * CRYPTARCH_ALLOW_VARIABLE_TIME when P was measured without). Returns 0 or
 * -ENOENT (no candidate is eligible).
 */
int cryptarch_select(const struct cryptarch_cands *c, unsigned flags,
		     const struct cryptarch_profile *p,
		     struct cryptarch_plan *plan) WUR;

/*
 * Resolve NAME (of type WANT) under FLAGS into *PLAN: the candidates, the
 * profile in effect where it applies (read only then), and
 * cryptarch_select(). Returns 0, -EINVAL (malformed name) or -ENOENT.
 */
int cryptarch_lookup(const char *name, const struct cryptarch_type *want,
		     unsigned flags, struct cryptarch_plan *plan) WUR;

/*
 * The measured choice for entry E of profile P under FLAGS, for a cipher
 * key of KEYBYTES, where PRIO is the static choice: fills *SLOT (see the
 * rules above). Runs the self-tests of the instances it considers.
 */
void cryptarch_profile_pick(const struct cryptarch_profile *p,
			    const struct cryptarch_profile_entry *e,
			    unsigned flags, size_t keybytes,
			    const struct cryptarch_spec *prio,
			    struct cryptarch_slot *slot);

/*
 * cryptarch_profile_put() with the winner computed: what selection under
 * the profile's flags picks among FIGS for NAME (the fastest figure where
 * NAME has no eligible candidate now). Returns as cryptarch_profile_put().
 */
int cryptarch_profile_add(struct cryptarch_profile *p, const char *name, int op,
			  int key, int cls,
			  const struct cryptarch_profile_fig *figs,
			  size_t nfig) WUR;

#endif /* CRYPTARCH_SELECT_H */
