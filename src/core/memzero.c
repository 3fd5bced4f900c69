/* SPDX-License-Identifier: MIT */
/*
 * memzero.c - cryptarch_memzero(): explicit_bzero where libc has it (glibc
 * 2.25+, the BSDs), else memset through a volatile function pointer followed
 * by a compiler barrier, so that dead-store elimination cannot remove the
 * wipe of a buffer that is about to be freed or go out of scope.
 * Constant-time: the work depends only on the length.
 */
#define _DEFAULT_SOURCE
#include <string.h>

#include "memzero.h"

#if defined(__GLIBC__) && \
	(__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 25))
#define HAVE_EXPLICIT_BZERO 1
#elif defined(__OpenBSD__) || defined(__FreeBSD__) || defined(__NetBSD__)
#define HAVE_EXPLICIT_BZERO 1
#endif

/* see memzero.h */
void cryptarch_memzero(void *p, size_t n)
{
	if (n == 0)
		return;
#ifdef HAVE_EXPLICIT_BZERO
	explicit_bzero(p, n);
#else
	static void *(*const volatile memset_v)(void *, int, size_t) = memset;

	memset_v(p, 0, n);
#endif
#if defined(__GNUC__)
	__asm__ __volatile__("" : : "r"(p) : "memory");
#endif
}
