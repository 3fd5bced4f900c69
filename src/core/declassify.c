/* SPDX-License-Identifier: MIT */
/*
 * declassify.c - cryptarch_declassify(): a value the library publishes by
 * design (an aead tag's verdict) is marked defined for valgrind memcheck,
 * so that the constant-time test (tests/ct-valgrind.c, which marks keys
 * and data undefined and counts every branch on them) reports the
 * branches on secrets that are leaks and not the one on the verdict. Where
 * <valgrind/memcheck.h> was found at build time the mark is a client
 * request, a few instructions that do nothing outside valgrind; elsewhere
 * the function returns its argument. Constant-time.
 */
#include "declassify.h"

#if defined(CRYPTARCH_HAVE_MEMCHECK)
#include <valgrind/memcheck.h>
#endif

/* see declassify.h */
int cryptarch_declassify(int v)
{
#if defined(CRYPTARCH_HAVE_MEMCHECK)
	(void)VALGRIND_MAKE_MEM_DEFINED(&v, sizeof(v));
#endif
	return v;
}
