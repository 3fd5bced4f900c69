/* SPDX-License-Identifier: MIT */
/*
 * aes-x86-many.h - many independent CBC encryptions interleaved, for the
 * x86 hardware-AES drivers (aes-aesni-many.c, aes-vaes-avx2-many.c,
 * aes-vaes-avx512-many.c): the prototypes of their cbc encrypt_many hooks
 * (src/modes/cbc.h) and the lane bookkeeping they share.
 *
 * CBC encryption is serial within a request, each block one chain of
 * AES round latencies, but independent requests are independent chains.
 * A driver runs LANES chains side by side, one block of each request per
 * step: the lane's chaining value in one 128-bit slot of a vector
 * register, its next plaintext block loaded into that slot, every round
 * instruction covering all the lanes of a register. The steps run in
 * phases: a phase is as many steps as the busy lane with the fewest
 * blocks left still has (at most MANY_PHASE), so that inside a phase no
 * lane finishes and every lane's block t is at its source plus 16 t.
 * After a phase the lanes whose request is done write its iv (the last
 * ciphertext block) and take the next request with blocks; once none is
 * left they idle, reading and writing a scratch buffer of MANY_PHASE
 * blocks. Branches depend on the request lengths and count only (public),
 * never on keys or data: constant-time as the drivers are. The chaining
 * values (ciphertexts) and the idle lanes' scratch are left on the stack.
 */
#ifndef CRYPTARCH_AES_X86_MANY_H
#define CRYPTARCH_AES_X86_MANY_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "cryptarch.h"

/* The hooks (struct cryptarch_cbc_hooks' encrypt_many) over a struct
 * cryptarch_aes_aesni_ctx: 8 lanes of xmm registers (AES-NI), 16 of ymm
 * (VAES, AVX2), 32 of zmm (VAES, AVX-512F/BW/VL); each needs its driver's
 * CPU features. The VAES ones end with VZEROUPPER. */
void cryptarch_aes_aesni_cbc_encrypt_many(const void *ctx,
					  const struct cryptarch_request *req,
					  size_t n);
void cryptarch_aes_vaes_avx2_cbc_encrypt_many(
	const void *ctx, const struct cryptarch_request *req, size_t n);
void cryptarch_aes_vaes_avx512_cbc_encrypt_many(
	const void *ctx, const struct cryptarch_request *req, size_t n);
/* The same lanes running CBC-MAC chains (struct cryptarch_cbcmac_hooks'
 * mac_many): each request's iv the chaining value, no ciphertext kept. */
void cryptarch_aes_aesni_cbcmac_many(const void *ctx,
				     const struct cryptarch_request *req,
				     size_t n);
void cryptarch_aes_vaes_avx2_cbcmac_many(
	const void *ctx, const struct cryptarch_request *req, size_t n);
void cryptarch_aes_vaes_avx512_cbcmac_many(
	const void *ctx, const struct cryptarch_request *req, size_t n);

/* Lanes at most (aes-vaes-avx512: 8 zmm registers of 4 blocks). */
#define MANY_LANES 32
/* Steps per phase at most: the blocks of an idle lane's scratch. */
#define MANY_PHASE 32
/* Blocks of a lead-in at most (many_lead_in()). */
#define MANY_LEAD 64

struct many {
	const struct cryptarch_request *req;
	size_t n, next; /* the requests, the next one to start */
	unsigned int lanes; /* lanes run */
	int scratch_set;
	int mac; /* CBC-MAC chains: no ciphertext kept (cbcmac.h mac_many) */
	const uint8_t *src[MANY_LANES];
	uint8_t *dst[MANY_LANES];
	size_t left[MANY_LANES]; /* blocks left; 0: the lane is idle */
	uint8_t *iv[MANY_LANES];
	_Alignas(64) uint8_t x[MANY_LANES][16]; /* chaining values */
	_Alignas(64) uint8_t scratch[MANY_PHASE * 16];
	_Alignas(64) uint8_t sink[MANY_PHASE * 16]; /* a MAC's ciphertext */
	uint8_t lead_iv[16]; /* where a lead-in's chaining value ends */
	int lead_set;
	_Alignas(64) uint8_t lead[MANY_LEAD * 16]; /* lead-ins' blocks */
};

/* The requests with blocks; *FIRST is the first of them. */
static inline size_t many_count(const struct cryptarch_request *req,
				size_t n, size_t *first)
{
	size_t i, c = 0;

	*first = n;
	for (i = 0; i < n; i++)
		if (req[i].len) {
			if (!c)
				*first = i;
			c++;
		}
	return c;
}

/*
 * Whether the first LANES requests with blocks crowd the L1 data cache's
 * sets (AMD Zen 5: 48 KiB, 12 ways, 64 sets of 64-byte lines): page-aligned
 * requests put every lane's source and destination line of a step in one
 * set, and 64 lines in flight in a set of 12 ways leave the hardware
 * prefetcher's lines evicted before they are read. Counts the requests
 * whose source falls in each set: more than MAX in one, and the driver
 * runs fewer lanes, which is faster there (aes-vaes-avx512, 32 requests
 * of 4 KiB, page-aligned: 0.18 TSC cycles/byte on 16 lanes against 0.32
 * on 32; 0.12 against 0.10 when not aligned). Addresses are public.
 */
static inline int many_crowded(const struct cryptarch_request *req,
			       size_t n, size_t lanes, unsigned int max)
{
	unsigned char count[64] = { 0 };
	size_t i, c = 0;

	for (i = 0; i < n && c < lanes; i++) {
		if (!req[i].len)
			continue;
		c++;
		if (++count[((uintptr_t)req[i].src >> 6) & 63] > max)
			return 1;
	}
	return 0;
}

/* Whether each of the first LANES requests with blocks has at least MIN
 * bytes. Lengths are public. */
static inline int many_long(const struct cryptarch_request *req, size_t n,
			    size_t lanes, size_t min)
{
	size_t i, c = 0;

	for (i = 0; i < n && c < lanes; i++) {
		if (!req[i].len)
			continue;
		c++;
		if (req[i].len < min)
			return 0;
	}
	return 1;
}

/* Lane I takes the next request with blocks, or idles. */
static inline void many_fill(struct many *m, unsigned int i)
{
	const struct cryptarch_request *r;

	while (m->next < m->n && !m->req[m->next].len)
		m->next++;
	if (m->next == m->n) {
		if (!m->scratch_set) {
			memset(m->scratch, 0, sizeof(m->scratch));
			m->scratch_set = 1;
		}
		m->src[i] = m->scratch;
		m->dst[i] = m->scratch;
		m->left[i] = 0;
		m->iv[i] = NULL;
		memset(m->x[i], 0, 16);
		return;
	}
	r = &m->req[m->next++];
	m->src[i] = r->src;
	m->dst[i] = m->mac ? m->sink : r->dst;
	m->left[i] = r->len / 16;
	m->iv[i] = r->iv;
	memcpy(m->x[i], r->iv, 16);
}

/*
 * Lane I starts with a lead-in of BLOCKS blocks: a chain over the scratch
 * buffer whose result goes nowhere, after which the lane takes its first
 * request (many_advance() fills it as any lane whose request ends). Lanes
 * given lead-ins of different lengths run their requests at different
 * offsets from one another, a few cache lines apart, so that page-aligned
 * requests no longer put every lane's line of a step in one L1 set (see
 * many_crowded()). BLOCKS <= MANY_LEAD: the lane runs over that many
 * blocks of its own buffer (shared by the lead-ins, whose results go
 * nowhere).
 */
static inline void many_lead_in(struct many *m, unsigned int i, size_t blocks)
{
	if (!m->lead_set) {
		memset(m->lead, 0, sizeof(m->lead));
		m->lead_set = 1;
	}
	m->src[i] = m->lead;
	m->dst[i] = m->lead;
	m->left[i] = blocks;
	m->iv[i] = m->lead_iv;
	memset(m->x[i], 0, 16);
}

/* Start LANES lanes (<= MANY_LANES) on the N requests REQ; MAC: they are
 * CBC-MAC chains (iv the chaining value, dst unused). STAGGER (0: none):
 * lane i first runs a lead-in of STAGGER * (i / 4) blocks (the four lanes
 * of one register together), at most MANY_LEAD. */
static inline void many_init_stagger(struct many *m,
				     const struct cryptarch_request *req,
				     size_t n, unsigned int lanes, int mac,
				     size_t stagger)
{
	unsigned int i;

	m->mac = mac;
	m->req = req;
	m->n = n;
	m->next = 0;
	m->lanes = lanes;
	m->scratch_set = 0;
	m->lead_set = 0;
	for (i = 0; i < lanes; i++)
		if (stagger && i / 4)
			many_lead_in(m, i, stagger * (i / 4));
		else
			many_fill(m, i);
}

static inline void many_init_mode(struct many *m,
				  const struct cryptarch_request *req,
				  size_t n, unsigned int lanes, int mac)
{
	many_init_stagger(m, req, n, lanes, mac, 0);
}

static inline void many_init(struct many *m,
			     const struct cryptarch_request *req, size_t n,
			     unsigned int lanes)
{
	many_init_mode(m, req, n, lanes, 0);
}

/* The steps of the next phase; 0 once every lane idles. */
static inline size_t many_steps(const struct many *m)
{
	size_t s = 0;
	unsigned int i;

	for (i = 0; i < m->lanes; i++)
		if (m->left[i] && (!s || m->left[i] < s))
			s = m->left[i];
	return s < MANY_PHASE ? s : MANY_PHASE;
}

/* After a phase of STEPS steps (m->x holding the chaining values): the
 * busy lanes move on, those done write their iv and take the next
 * request. */
static inline void many_advance(struct many *m, size_t steps)
{
	unsigned int i;

	for (i = 0; i < m->lanes; i++) {
		if (!m->left[i])
			continue;
		m->src[i] += 16 * steps;
		if (!m->mac)
			m->dst[i] += 16 * steps;
		m->left[i] -= steps;
		if (!m->left[i]) {
			memcpy(m->iv[i], m->x[i], 16);
			many_fill(m, i);
		}
	}
}

#endif /* CRYPTARCH_AES_X86_MANY_H */
