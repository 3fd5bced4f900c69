/* SPDX-License-Identifier: MIT */
/*
 * eligible.h - the one rule of who may be chosen (DESIGN.md, "Registry and
 * selection"): every driver of an instance runs on this CPU (after
 * CRYPTARCH_DISABLE), is constant-time unless the flags allow variable
 * time, and has passed its self-test; and the key size fits. Selection,
 * the profile's pick, `tune` and `explain` all ask here.
 */
#ifndef CRYPTARCH_ELIGIBLE_H
#define CRYPTARCH_ELIGIBLE_H

#include <stddef.h>

#include "desc.h"
#include "spec.h"

/* Why an instance is or is not eligible, without running self-tests. */
enum cryptarch_verdict {
	CRYPTARCH_ELIGIBLE = 0,
	CRYPTARCH_NO_CPU,	/* needs a CPU feature not present or masked */
	CRYPTARCH_NOT_CT,	/* variable-time and the flags forbid it */
	CRYPTARCH_SELFTEST_BAD, /* its self-test failed */
};

enum cryptarch_verdict
cryptarch_driver_verdict(const struct cryptarch_driver *drv, unsigned flags);
/* The first verdict other than ELIGIBLE among S's drivers, and that
 * driver in *WHO (may be NULL). */
enum cryptarch_verdict
cryptarch_spec_verdict(const struct cryptarch_spec *s, unsigned flags,
		       const struct cryptarch_driver **who);

/* 1 if S may be chosen under FLAGS for a cipher key of KEYBYTES (0: any
 * size): its verdict is ELIGIBLE and the self-test of each of its drivers
 * has passed (run here if it has not yet). */
int cryptarch_spec_eligible(const struct cryptarch_spec *s, unsigned flags,
			    size_t keybytes);

#endif /* CRYPTARCH_ELIGIBLE_H */
