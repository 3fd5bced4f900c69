/* SPDX-License-Identifier: MIT */
/*
 * ct-status.h - how each constant-time claim is verified. A driver flagged
 * CRYPTARCH_ALG_CONSTANT_TIME states a property of its code; this table
 * states which test checks it: tests/ct-valgrind.c under valgrind memcheck
 * (secret key and data marked undefined), tests/ct-trace.sh under
 * qemu-user with the cttrace plugin (program counters and data addresses
 * identical for different keys and data), or neither, with the reason.
 * `cryptarch list` prints it ("ct-verified"), and never says verified for a
 * driver without an entry. The tests keep the table honest: test-meta
 * fails if a constant-time driver has no entry (or a table-based one has
 * one), and ct-valgrind fails if a driver listed as valgrind-verified is
 * not checked clean on a CPU that can run it. Keyed by driver name:
 * entries for drivers that this build does not contain are harmless.
 */
#ifndef CRYPTARCH_CT_STATUS_H
#define CRYPTARCH_CT_STATUS_H

#include <stddef.h>

/* struct cryptarch_ct_status.methods */
#define CRYPTARCH_CT_VALGRIND 0x1u   /* tests/ct-valgrind.c, memcheck */
#define CRYPTARCH_CT_QEMU_TRACE 0x2u /* tests/ct-trace.sh, qemu-user */

struct cryptarch_ct_status {
	const char *driver;  /* driver name */
	unsigned methods;    /* CRYPTARCH_CT_* bits; 0: unverified */
	const char *targets; /* QEMU_TRACE: where, e.g. "aarch64, mips" */
	const char *reason;  /* methods == 0: why, e.g. "valgrind 3.19 ..." */
};

/* The table, terminated by an entry whose driver is NULL. */
extern const struct cryptarch_ct_status cryptarch_ct_status_table[];

/* The entry for DRIVER, or NULL. */
const struct cryptarch_ct_status *cryptarch_ct_status_find(const char *driver);

/*
 * Describe the entry S in BUF (SIZE bytes, NUL-terminated): "valgrind
 * memcheck", "qemu trace (aarch64)", "valgrind memcheck, qemu trace
 * (aarch64, mips)" or "unverified: <reason>"; S NULL gives "unverified: no
 * entry in the constant-time status table". Returns BUF.
 */
char *cryptarch_ct_status_format(const struct cryptarch_ct_status *s, char *buf,
				 size_t size);

#endif /* CRYPTARCH_CT_STATUS_H */
