/* SPDX-License-Identifier: MIT */
/*
 * cbc-lanes.h - CBC encryption of many independent requests on a driver
 * that encrypts several blocks at once (struct cryptarch_cbc_hooks
 * .encrypt_many): one chain per lane. Lane l holds the chaining value of
 * its request (its iv, then its last ciphertext block); a step XORs the
 * next plaintext block of every lane's request into its lane, encrypts
 * all lanes with one call of the driver's multi-block function and stores
 * each lane's block to its request's dst. A lane whose request is done
 * gives its chaining value back as the request's iv and takes the next
 * request of nonzero length; once none is left, the last lane moves into
 * its place, so that the K lanes in use are always 0..K-1 and the driver
 * may run fewer blocks (a narrower register group) for a small K. Where
 * the driver has a serial CBC encryption that beats a pass with few lanes
 * in use, the lanes still running when fewer than SERIAL_BELOW are left
 * (and no request is waiting) finish there. Requests of length 0 are
 * skipped, their iv untouched.
 *
 * Constant-time exactly when the driver's functions are: every branch and
 * address here depends on the requests' lengths and count alone.
 */
#ifndef CRYPTARCH_MODES_CBC_LANES_H
#define CRYPTARCH_MODES_CBC_LANES_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "../core/endian.h"
#include "../core/memzero.h"
#include "cryptarch.h"

/* The most lanes a driver may ask for. */
#define CRYPTARCH_CBC_LANES_MAX 16

/*
 * Encrypt the first K (1..lanes) 16-byte blocks of BUF in place, BUF
 * 64-byte aligned and 16 * lanes bytes long; the blocks after the first K
 * hold stale data (a driver that reads them anyway discards them).
 */
typedef void (*cryptarch_cbc_lanes_fn)(const void *ctx, uint8_t *buf,
				       unsigned int k);
/* The driver's serial CBC encryption (struct cryptarch_cbc_hooks.encrypt). */
typedef void (*cryptarch_cbc_serial_fn)(const void *ctx, uint8_t *dst,
					const uint8_t *src, size_t nblocks,
					uint8_t iv[16]);

static inline void cryptarch_cbc_lanes_encrypt(
	const void *ctx, const struct cryptarch_request *req, size_t n,
	unsigned int lanes, unsigned int serial_below,
	cryptarch_cbc_lanes_fn enc, cryptarch_cbc_serial_fn serial)
{
	_Alignas(64) uint8_t buf[16 * CRYPTARCH_CBC_LANES_MAX];
	const uint8_t *src[CRYPTARCH_CBC_LANES_MAX];
	uint8_t *dst[CRYPTARCH_CBC_LANES_MAX], *iv[CRYPTARCH_CBC_LANES_MAX];
	size_t left[CRYPTARCH_CBC_LANES_MAX], next = 0, m, j;
	unsigned int k = 0, l;

	/* the lanes beyond K are read by drivers that run them anyway */
	memset(buf, 0, 16 * lanes);
	for (;;) {
		for (; k < lanes && next < n; next++) {
			if (!req[next].len)
				continue;
			src[k] = req[next].src;
			dst[k] = req[next].dst;
			iv[k] = req[next].iv;
			left[k] = req[next].len / 16;
			memcpy(buf + 16 * k, iv[k], 16);
			k++;
		}
		if (!k)
			break;
		if (next == n && k < serial_below) {
			for (l = 0; l < k; l++) {
				serial(ctx, dst[l], src[l], left[l],
				       buf + 16 * l);
				memcpy(iv[l], buf + 16 * l, 16);
			}
			break;
		}
		/* steps until the first lane finishes */
		m = left[0];
		for (l = 1; l < k; l++)
			m = left[l] < m ? left[l] : m;
		for (j = 0; j < m; j++) {
			for (l = 0; l < k; l++) {
				xor_block(buf + 16 * l, buf + 16 * l, src[l]);
				src[l] += 16;
			}
			enc(ctx, buf, k);
			for (l = 0; l < k; l++) {
				memcpy(dst[l], buf + 16 * l, 16);
				dst[l] += 16;
			}
		}
		/* finished lanes out; the last lane fills each gap (and is
		 * counted down when the loop reaches it there) */
		for (l = 0; l < k;) {
			left[l] -= m;
			if (left[l]) {
				l++;
				continue;
			}
			memcpy(iv[l], buf + 16 * l, 16);
			if (l != --k) {
				src[l] = src[k];
				dst[l] = dst[k];
				iv[l] = iv[k];
				left[l] = left[k];
				memcpy(buf + 16 * l, buf + 16 * k, 16);
			}
		}
	}
	cryptarch_memzero(buf, sizeof(buf));
}

#endif /* CRYPTARCH_MODES_CBC_LANES_H */
