/* SPDX-License-Identifier: MIT */
/*
 * selftest.h - the known-answer self-test a driver must pass before it is
 * ever chosen (as the kernel's testmgr), and its state per driver: run
 * once, the first time the driver is a candidate, under a lock; read
 * without one.
 */
#ifndef CRYPTARCH_SELFTEST_H
#define CRYPTARCH_SELFTEST_H

#include "desc.h"

enum cryptarch_selftest {
	CRYPTARCH_SELFTEST_UNTESTED = 0,
	CRYPTARCH_SELFTEST_PASSED = 1,
	CRYPTARCH_SELFTEST_FAILED = 2,
};

/* Run DRV's self-test if it has not run yet (thread-safe); returns the
 * state afterwards. An unavailable DRV is not run and stays untested. */
enum cryptarch_selftest
cryptarch_driver_selftest(const struct cryptarch_driver *drv);
/* The state without running anything (FAILED for an unregistered DRV). */
enum cryptarch_selftest
cryptarch_driver_selftest_state(const struct cryptarch_driver *drv);

/*
 * Self-test DRV now, whatever its state: its algorithm's known answers
 * through the single-block functions; every registered template over it
 * whose arguments are ciphers, through the template's loop and, where DRV
 * has a hook for it, through the hook, on the template's known answers
 * for DRV's algorithm; and each hooked instance against the template's
 * loop over a long input, for every key size. Returns 0 if it passed,
 * -EIO otherwise (a template without known answers for the algorithm is
 * checked against its loop only).
 */
int cryptarch_selftest_run(const struct cryptarch_driver *drv) WUR;

#endif /* CRYPTARCH_SELFTEST_H */
