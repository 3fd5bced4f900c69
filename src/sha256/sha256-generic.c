/* SPDX-License-Identifier: MIT */
/*
 * sha256-generic.c - SHA-256 (FIPS 180-4) in portable C: the compression
 * function on 32-bit words with the message schedule computed in a
 * 16-word ring, big-endian loads and stores by bytes (any host byte
 * order). Used by essiv to derive its iv key, so it runs once per setkey,
 * not per request. Constant-time: no branch or memory index depends on
 * the data (only on lengths).
 */
#include <string.h>

#include "../core/endian.h"
#include "../core/memzero.h"
#include "../types/shash.h"
#include "sha256.h"

struct sha256_state {
	uint32_t h[8];
	uint64_t bytes; /* message length so far */
	uint8_t buf[64];
};

/* FIPS 180-4 4.2.2: the first 32 bits of the fractional parts of the cube
 * roots of the first 64 primes. */
static const uint32_t k[64] = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1,
	0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
	0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
	0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
	0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
	0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
	0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
	0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
	0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static inline uint32_t ror(uint32_t x, unsigned n)
{
	return (x >> n) | (x << (32 - n));
}

static void compress(uint32_t h[8], const uint8_t *p, size_t nblocks)
{
	uint32_t w[16], v[8], t1, t2, s0, s1;
	unsigned i, j;

	for (; nblocks; nblocks--, p += 64) {
		for (i = 0; i < 16; i++)
			w[i] = load32_be(p + 4 * i);
		memcpy(v, h, sizeof(v));
		for (i = 0; i < 64; i++) {
			if (i >= 16) {
				/* w[i mod 16] becomes W(i) */
				j = i & 15;
				s0 = ror(w[(j + 1) & 15], 7) ^
				     ror(w[(j + 1) & 15], 18) ^
				     (w[(j + 1) & 15] >> 3);
				s1 = ror(w[(j + 14) & 15], 17) ^
				     ror(w[(j + 14) & 15], 19) ^
				     (w[(j + 14) & 15] >> 10);
				w[j] += s0 + w[(j + 9) & 15] + s1;
			}
			t1 = v[7] + (ror(v[4], 6) ^ ror(v[4], 11) ^ ror(v[4], 25)) +
			     ((v[4] & v[5]) ^ (~v[4] & v[6])) + k[i] + w[i & 15];
			t2 = (ror(v[0], 2) ^ ror(v[0], 13) ^ ror(v[0], 22)) +
			     ((v[0] & v[1]) ^ (v[0] & v[2]) ^ (v[1] & v[2]));
			memmove(v + 1, v, 7 * sizeof(v[0]));
			v[4] += t1;
			v[0] = t1 + t2;
		}
		for (i = 0; i < 8; i++)
			h[i] += v[i];
	}
	cryptarch_memzero(w, sizeof(w));
	cryptarch_memzero(v, sizeof(v));
}

static void sha256_init(const struct cryptarch_inst *in, void *state)
{
	/* FIPS 180-4 5.3.3 */
	static const uint32_t iv[8] = { 0x6a09e667, 0xbb67ae85, 0x3c6ef372,
					0xa54ff53a, 0x510e527f, 0x9b05688c,
					0x1f83d9ab, 0x5be0cd19 };
	struct sha256_state *st = state;

	(void)in;
	memcpy(st->h, iv, sizeof(iv));
	st->bytes = 0;
}

static void sha256_update(const struct cryptarch_inst *in, void *state,
			  const uint8_t *data, size_t len)
{
	struct sha256_state *st = state;
	size_t have = (size_t)(st->bytes % 64), t;

	(void)in;
	st->bytes += len;
	if (have) {
		t = 64 - have < len ? 64 - have : len;
		memcpy(st->buf + have, data, t);
		data += t;
		len -= t;
		if (have + t < 64)
			return;
		compress(st->h, st->buf, 1);
	}
	if (len >= 64) {
		compress(st->h, data, len / 64);
		data += len & ~(size_t)63;
		len &= 63;
	}
	memcpy(st->buf, data, len);
}

static void sha256_final(const struct cryptarch_inst *in, void *state,
			 uint8_t *out)
{
	struct sha256_state *st = state;
	size_t have = (size_t)(st->bytes % 64);
	uint64_t bits = st->bytes * 8;
	unsigned i;

	(void)in;
	/* FIPS 180-4 5.1.1: 0x80, zeros, the length in bits */
	st->buf[have++] = 0x80;
	if (have > 56) {
		memset(st->buf + have, 0, 64 - have);
		compress(st->h, st->buf, 1);
		have = 0;
	}
	memset(st->buf + have, 0, 56 - have);
	store32_be(st->buf + 56, (uint32_t)(bits >> 32));
	store32_be(st->buf + 60, (uint32_t)bits);
	compress(st->h, st->buf, 1);
	for (i = 0; i < 8; i++)
		store32_be(out + 4 * i, st->h[i]);
	cryptarch_memzero(st, sizeof(*st));
}

static const struct cryptarch_shash_ops sha256_generic_ops = {
	.digestsize = 32,
	.statesize = sizeof(struct sha256_state),
	.init = sha256_init,
	.update = sha256_update,
	.final = sha256_final,
};

const struct cryptarch_driver cryptarch_sha256_generic_driver = {
	.name = "sha256-generic",
	.alg = &cryptarch_sha256,
	.summary = "portable C, 32-bit words (used by essiv)",
	.priority = 100,
	.ctxsize = 0,
	.flags = CRYPTARCH_DRV_CONSTANT_TIME,
	.ct = { CRYPTARCH_CT_VALGRIND, NULL, NULL },
	.type_ops = &sha256_generic_ops,
};
