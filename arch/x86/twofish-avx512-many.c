/* SPDX-License-Identifier: MIT */
/*
 * twofish-avx512-many.c - many independent CBC encryptions, and many
 * CBC-MAC chains (cmac, xcbc), at once for driver "twofish-avx512" (the
 * cbc hook's encrypt_many and the cbcmac hooks' mac_many; descriptor in
 * twofish-avx512-glue.c). Built with the driver's ISA group
 * (avx512vbmi); called only once its CPU features have been checked.
 *
 * Strategy. One Twofish block is a chain of 16 rounds of dependent
 * permutes, so CBC encryption of one request runs at that latency (about
 * 24 TSC cycles/byte) while the ECB code fills its 32-block layout (two
 * transposed groups of 16, their rounds interleaved) at about 1 c/B.
 * Independent requests are independent chains: up to 32 run as the 32
 * blocks of one ECB pass. The lane bookkeeping (phases in which no lane
 * finishes, refills as requests end, lengths differing per request) is
 * aes-x86-many.h's, shared with the AES drivers. In each phase the busy
 * lanes' chaining values sit side by side in a 64-byte aligned buffer;
 * a step XORs each lane's next plaintext block in, encrypts the K busy
 * blocks with cryptarch_twofish_avx512_ecb_encrypt() (32 in one pass, 2..16
 * in one masked group, 17..31 in two), and stores each ciphertext to its
 * request (no store for a MAC chain). A phase with one busy lane runs the
 * driver's serial CBC encryption. Requests of length 0 are skipped, their
 * iv untouched.
 *
 * Constant-time: the ECB and CBC functions are (twofish-avx512.c); every
 * branch and address here depends on the requests' count, lengths and
 * addresses only (public), never on the key or the data. The chaining
 * values and the lane state are wiped before returning.
 * Speed: README, "Many CBC encryptions in one call".
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "../../src/core/endian.h"
#include "../../src/core/memzero.h"
#include "aes-x86-many.h"
#include "twofish-avx512.h"

/* The busy lanes of a phase into BUF (their chaining values), their
 * indices into BUSY; the count. */
static unsigned int gather_busy(const struct many *m, unsigned int *busy,
				uint8_t (*buf)[16])
{
	unsigned int i, k = 0;

	for (i = 0; i < m->lanes; i++)
		if (m->left[i]) {
			busy[k] = i;
			memcpy(buf[k], m->x[i], 16);
			k++;
		}
	return k;
}

/* STEPS steps of the K lanes BUSY, chaining values in BUF. */
static void phase(const void *ctx, const struct many *m,
		  const unsigned int *busy, unsigned int k, uint8_t (*buf)[16],
		  size_t steps)
{
	size_t t;
	unsigned int j;

	if (k == 1) {
		/* dst is the sink of MANY_PHASE blocks for a MAC chain */
		cryptarch_twofish_avx512_cbc_encrypt(
			ctx, m->dst[busy[0]], m->src[busy[0]], steps, buf[0]);
		return;
	}
	for (t = 0; t < steps; t++) {
		for (j = 0; j < k; j++)
			xor_block(buf[j], buf[j], m->src[busy[j]] + 16 * t);
		cryptarch_twofish_avx512_ecb_encrypt(ctx, buf[0], buf[0], k);
		if (m->mac)
			continue;
		for (j = 0; j < k; j++)
			memcpy(m->dst[busy[j]] + 16 * t, buf[j], 16);
	}
}

static void run_many(const void *ctx, const struct cryptarch_request *req,
		     size_t n, int mac)
{
	_Alignas(64) uint8_t buf[MANY_LANES][16];
	unsigned int busy[MANY_LANES], k, j;
	struct many m;
	size_t c, first, steps;

	c = many_count(req, n, &first);
	if (!c)
		return;
	if (c == 1 && !mac) {
		const struct cryptarch_request *r = &req[first];

		cryptarch_twofish_avx512_cbc_encrypt(ctx, r->dst, r->src,
						     r->len / 16, r->iv);
		return;
	}
	many_init_mode(&m, req + first, n - first,
		       c < MANY_LANES ? (unsigned int)c : MANY_LANES, mac);
	while ((steps = many_steps(&m)) != 0) {
		k = gather_busy(&m, busy, buf);
		phase(ctx, &m, busy, k, buf, steps);
		for (j = 0; j < k; j++)
			memcpy(m.x[busy[j]], buf[j], 16);
		many_advance(&m, steps);
	}
	cryptarch_memzero(buf, sizeof(buf));
	cryptarch_memzero(&m, sizeof(m));
}

/* see twofish-avx512.h */
void cryptarch_twofish_avx512_cbc_encrypt_many(
	const void *ctx, const struct cryptarch_request *req, size_t n)
{
	run_many(ctx, req, n, 0);
}

/* see twofish-avx512.h */
void cryptarch_twofish_avx512_cbcmac_many(const void *ctx,
					  const struct cryptarch_request *req,
					  size_t n)
{
	run_many(ctx, req, n, 1);
}

/* see twofish-avx512.h */
void cryptarch_twofish_avx512_cbcmac(const void *ctx, uint8_t x[16],
				     const uint8_t *src, size_t nblocks)
{
	_Alignas(64) uint8_t sink[MANY_PHASE * 16];
	size_t b;

	for (; nblocks; nblocks -= b, src += 16 * b) {
		b = nblocks < MANY_PHASE ? nblocks : MANY_PHASE;
		cryptarch_twofish_avx512_cbc_encrypt(ctx, sink, src, b, x);
	}
	cryptarch_memzero(sink, sizeof(sink));
}
