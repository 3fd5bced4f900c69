/* SPDX-License-Identifier: MIT */
/*
 * gather.h - many short requests of a block-parallel mode as one call of
 * the driver (the many-request functions of ecb.c, ctr.c and cbc.c's
 * decryption). A wide driver costs about the same to call for one block as
 * for dozens, so a batch of 16-byte requests run one call each pays that
 * fixed cost per request. Here short requests are copied (ECB, CBC
 * decryption) or their counter blocks written (CTR) into one stack buffer
 * of up to GATHER_BLOCKS blocks, the driver's hook runs once over it, and
 * the results go back to each request. Requests longer than GATHER_MAX
 * bytes run on their own: the driver is at full width on them already.
 *
 * Which requests are gathered depends only on their lengths, which are
 * public; the buffer is wiped afterwards. Constant-time exactly when the
 * driver's hook is.
 */
#ifndef CRYPTARCH_MODES_GATHER_H
#define CRYPTARCH_MODES_GATHER_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "../core/desc.h"
#include "../core/inst.h"
#include "ecb.h"

#define GATHER_BLOCKS 64 /* 1 KiB of buffer */
#define GATHER_ECB_MAX 48 /* bytes: longer ECB requests are not gathered */
#define GATHER_CTR_MAX 32 /* CTR's */

/* The ecb hook of the driver under template instance M (a template over a
 * block cipher), or NULL: the bulk function that CTR's counter blocks go
 * through. Only where M is itself a driver's hook: an instance that is a
 * template's own loop ("ctr(aes-generic)") stays one. */
static inline const struct cryptarch_ecb_hooks *
gather_ecb_hooks(const struct cryptarch_inst *m)
{
	const struct cryptarch_hook *h;

	if (m->hook == NULL || m->drv == NULL)
		return NULL;
	for (h = m->drv->hooks; h && h->tmpl; h++)
		if (strcmp(h->tmpl, "ecb") == 0)
			return h->ops;
	return NULL;
}

/* LEN bytes (a multiple of 16) from SRC to DST, a block at a time: for
 * the short lengths here this beats a call of memcpy (or the string
 * instruction a compiler may inline for it). */
static inline void gather_copy(uint8_t *dst, const uint8_t *src, size_t len)
{
	size_t j;

	for (j = 0; j < len; j += 16)
		memcpy(dst + j, src + j, 16);
}

#endif /* CRYPTARCH_MODES_GATHER_H */
