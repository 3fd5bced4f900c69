/* SPDX-License-Identifier: MIT */
/*
 * eligible.c - the one rule of who may be chosen (see eligible.h): CPU
 * features (after CRYPTARCH_DISABLE), the constant-time policy, the
 * self-test, the key size. A driver's self-test runs here the first time
 * an instance of it is asked about and can run; its result is kept.
 */
#include "cryptarch.h"
#include "eligible.h"
#include "registry.h"
#include "selftest.h"

/* see eligible.h */
enum cryptarch_verdict
cryptarch_driver_verdict(const struct cryptarch_driver *drv, unsigned flags)
{
	if (!cryptarch_driver_available(drv))
		return CRYPTARCH_NO_CPU;
	if (!(drv->flags & CRYPTARCH_DRV_CONSTANT_TIME) &&
	    !(flags & CRYPTARCH_ALLOW_VARIABLE_TIME))
		return CRYPTARCH_NOT_CT;
	if (cryptarch_driver_selftest_state(drv) == CRYPTARCH_SELFTEST_FAILED)
		return CRYPTARCH_SELFTEST_BAD;
	return CRYPTARCH_ELIGIBLE;
}

/* see eligible.h */
enum cryptarch_verdict
cryptarch_spec_verdict(const struct cryptarch_spec *s, unsigned flags,
		       const struct cryptarch_driver **who)
{
	unsigned i;

	for (i = 0; i < s->n; i++) {
		const struct cryptarch_driver *d;
		enum cryptarch_verdict v;

		if (s->node[i].tmpl)
			continue;
		d = cryptarch_spec_node_driver(s, i);
		v = cryptarch_driver_verdict(d, flags);
		if (v != CRYPTARCH_ELIGIBLE) {
			if (who)
				*who = d;
			return v;
		}
	}
	if (who)
		*who = NULL;
	return CRYPTARCH_ELIGIBLE;
}

/* see eligible.h */
int cryptarch_spec_eligible(const struct cryptarch_spec *s, unsigned flags,
			    size_t keybytes)
{
	unsigned i, min, max;

	cryptarch_spec_keysizes(s, &min, &max);
	if (keybytes && (keybytes < min || keybytes > max))
		return 0;
	if (cryptarch_spec_verdict(s, flags, NULL) != CRYPTARCH_ELIGIBLE)
		return 0;
	for (i = 0; i < s->n; i++)
		if (!s->node[i].tmpl &&
		    cryptarch_driver_selftest(cryptarch_spec_node_driver(
			    s, i)) != CRYPTARCH_SELFTEST_PASSED)
			return 0;
	return 1;
}
