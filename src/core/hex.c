/* SPDX-License-Identifier: MIT */
/*
 * hex.c - hex decoding (see hex.h). Used on test vectors and on keys typed
 * on the command line; not constant-time (the digit test branches), so
 * the library never runs it on a caller's secret.
 */
#include <errno.h>
#include <string.h>

#include "hex.h"

/* see hex.h */
int cryptarch_hexdigit(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* see hex.h */
int cryptarch_unhex(uint8_t *out, size_t max, const char *hex, size_t *len)
{
	size_t n = strlen(hex), i;

	if (n % 2)
		return -EINVAL;
	for (i = 0; i < n; i++)
		if (cryptarch_hexdigit((unsigned char)hex[i]) < 0)
			return -EINVAL;
	if (n / 2 > max)
		return -ENOSPC;
	for (i = 0; i < n / 2; i++)
		out[i] = (uint8_t)(cryptarch_hexdigit(hex[2 * i]) << 4 |
				   cryptarch_hexdigit(hex[2 * i + 1]));
	*len = n / 2;
	return 0;
}
