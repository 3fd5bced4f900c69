/* SPDX-License-Identifier: MIT */
/*
 * alloc.c - the aligned, wiped allocation of key contexts (see alloc.h).
 * posix_memalign for the alignment; cryptarch_memzero before free, so that
 * no key schedule is left in freed memory.
 */
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "desc.h"
#include "memzero.h"

size_t cryptarch_ctx_round(size_t size)
{
	size_t a = CRYPTARCH_CTX_ALIGN;

	return (size + a - 1) / a * a;
}

void *cryptarch_ctx_alloc(size_t size)
{
	void *p = NULL;

	size = cryptarch_ctx_round(size ? size : 1);
	if (posix_memalign(&p, CRYPTARCH_CTX_ALIGN, size) != 0)
		return NULL;
	memset(p, 0, size);
	return p;
}

void cryptarch_ctx_free(void *p, size_t size)
{
	if (!p)
		return;
	cryptarch_memzero(p, cryptarch_ctx_round(size ? size : 1));
	free(p);
}
