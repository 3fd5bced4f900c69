/* SPDX-License-Identifier: MIT */
/*
 * registry.h - the registered types, templates and drivers: the lists the
 * build generates from src/registry.cmake (registry-list.c), enumeration
 * and lookup by name, and each driver's availability on this CPU. Data
 * only: no selection, no self-tests (those are selftest.h and select.h,
 * above this).
 */
#ifndef CRYPTARCH_REGISTRY_H
#define CRYPTARCH_REGISTRY_H

#include <stddef.h>

#include "desc.h"

/* Registered drivers, in list order (which breaks priority ties); for
 * tests, one extra driver may follow (cryptarch_registry_set_extra). */
size_t cryptarch_driver_count(void);
const struct cryptarch_driver *cryptarch_driver_at(size_t i);
/* The index of DRV, or -1 if it is not registered. */
int cryptarch_driver_index(const struct cryptarch_driver *drv);
/* The driver named NAME (N bytes, not NUL-terminated), or NULL. */
const struct cryptarch_driver *cryptarch_driver_find(const char *name,
						      size_t n);
/* Where DRV builds, as its line in src/registry.cmake says: "all", "x86",
 * "x86_64", "arm64", "mips"; "tests" for the tests' extra driver. */
const char *cryptarch_driver_where(const struct cryptarch_driver *drv);
/* The built-in drivers only (the profile key lists them). */
size_t cryptarch_driver_builtin_count(void);

/* Registered templates and types, in list order. */
size_t cryptarch_template_count(void);
const struct cryptarch_template *cryptarch_template_at(size_t i);
int cryptarch_template_index(const struct cryptarch_template *t);
const struct cryptarch_template *cryptarch_template_find(const char *name,
							  size_t n);
/* The template whose alias is NAME (N bytes): "gcm" -> gcm_base. */
const struct cryptarch_template *cryptarch_template_find_alias(const char *name,
								size_t n);
size_t cryptarch_type_count(void);
const struct cryptarch_type *cryptarch_type_at(size_t i);
const struct cryptarch_type *cryptarch_type_find(const char *name);

/* The algorithm named NAME (N bytes) that some driver implements, or
 * NULL. */
const struct cryptarch_algorithm *cryptarch_algorithm_find(const char *name,
							    size_t n);

/* DRV's hook for template TMPL, or NULL. */
const struct cryptarch_hook *
cryptarch_driver_hook(const struct cryptarch_driver *drv,
		      const struct cryptarch_template *tmpl);
/* The same by index (cryptarch_driver_at(DRV), cryptarch_template_at(TMPL)),
 * from a table built once: for selection's inner loops. */
const struct cryptarch_hook *cryptarch_driver_hook_at(size_t drv, size_t tmpl);

/*
 * How DRV's constant-time claim is verified, as a phrase into BUF (SIZE
 * bytes): "valgrind memcheck", "qemu trace (aarch64)", "valgrind memcheck,
 * qemu trace (aarch64, mips)", "unverified: <reason>", or for a
 * table-based driver "no (not constant-time)". Returns BUF.
 */
char *cryptarch_driver_ct_text(const struct cryptarch_driver *drv, char *buf,
			       size_t size);

/* 1 if every CPU feature DRV needs is present and not masked, else 0. */
int cryptarch_driver_available(const struct cryptarch_driver *drv);

/* For tests only: register one extra driver after the built-in ones (at
 * most one at a time; NULL removes it). Not thread-safe. */
void cryptarch_registry_set_extra(const struct cryptarch_driver *drv);

#endif /* CRYPTARCH_REGISTRY_H */
