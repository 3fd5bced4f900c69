/* SPDX-License-Identifier: MIT */
/*
 * endian.h - the only place that knows byte order: 32- and 64-bit loads and
 * stores in little- and big-endian order from unaligned byte pointers, and
 * rotates. Native-order accesses go through memcpy (which compilers turn
 * into one load on CPUs that allow it); the other order is assembled from
 * bytes. Never load through a cast pointer: the MIPS emulators raise SIGBUS
 * on misaligned words, and C's aliasing rules forbid it anyway.
 * Constant-time: no branches or indices depend on the data.
 */
#ifndef CRYPTARCH_ENDIAN_H
#define CRYPTARCH_ENDIAN_H

#include <stdint.h>
#include <string.h>

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define CRYPTARCH_LITTLE_ENDIAN 1
#elif defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define CRYPTARCH_BIG_ENDIAN 1
#endif

static inline uint32_t load32_le(const uint8_t *p)
{
#ifdef CRYPTARCH_LITTLE_ENDIAN
	uint32_t v;
	memcpy(&v, p, 4);
	return v;
#else
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
#endif
}

static inline uint32_t load32_be(const uint8_t *p)
{
#ifdef CRYPTARCH_BIG_ENDIAN
	uint32_t v;
	memcpy(&v, p, 4);
	return v;
#else
	return (uint32_t)p[3] | (uint32_t)p[2] << 8 | (uint32_t)p[1] << 16 |
	       (uint32_t)p[0] << 24;
#endif
}

static inline void store32_le(uint8_t *p, uint32_t v)
{
#ifdef CRYPTARCH_LITTLE_ENDIAN
	memcpy(p, &v, 4);
#else
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)(v >> 16);
	p[3] = (uint8_t)(v >> 24);
#endif
}

static inline void store32_be(uint8_t *p, uint32_t v)
{
#ifdef CRYPTARCH_BIG_ENDIAN
	memcpy(p, &v, 4);
#else
	p[3] = (uint8_t)v;
	p[2] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)(v >> 16);
	p[0] = (uint8_t)(v >> 24);
#endif
}

static inline uint64_t load64_le(const uint8_t *p)
{
#ifdef CRYPTARCH_LITTLE_ENDIAN
	uint64_t v;
	memcpy(&v, p, 8);
	return v;
#else
	return (uint64_t)load32_le(p) | (uint64_t)load32_le(p + 4) << 32;
#endif
}

static inline uint64_t load64_be(const uint8_t *p)
{
#ifdef CRYPTARCH_BIG_ENDIAN
	uint64_t v;
	memcpy(&v, p, 8);
	return v;
#else
	return (uint64_t)load32_be(p) << 32 | (uint64_t)load32_be(p + 4);
#endif
}

static inline void store64_le(uint8_t *p, uint64_t v)
{
#ifdef CRYPTARCH_LITTLE_ENDIAN
	memcpy(p, &v, 8);
#else
	store32_le(p, (uint32_t)v);
	store32_le(p + 4, (uint32_t)(v >> 32));
#endif
}

static inline void store64_be(uint8_t *p, uint64_t v)
{
#ifdef CRYPTARCH_BIG_ENDIAN
	memcpy(p, &v, 8);
#else
	store32_be(p, (uint32_t)(v >> 32));
	store32_be(p + 4, (uint32_t)v);
#endif
}

/* Rotates, correct for a count of 0 (no shift by the word width). */
static inline uint32_t rol32(uint32_t x, unsigned n)
{
	return (x << (n & 31)) | (x >> ((32 - n) & 31));
}

static inline uint32_t ror32(uint32_t x, unsigned n)
{
	return (x >> (n & 31)) | (x << ((32 - n) & 31));
}

static inline uint64_t rol64(uint64_t x, unsigned n)
{
	return (x << (n & 63)) | (x >> ((64 - n) & 63));
}

static inline uint64_t ror64(uint64_t x, unsigned n)
{
	return (x >> (n & 63)) | (x << ((64 - n) & 63));
}

/* dst = a ^ b over 16 bytes; any of the three may alias. */
static inline void xor_block(uint8_t *dst, const uint8_t *a, const uint8_t *b)
{
	uint64_t a0, a1, b0, b1;

	memcpy(&a0, a, 8);
	memcpy(&a1, a + 8, 8);
	memcpy(&b0, b, 8);
	memcpy(&b1, b + 8, 8);
	a0 ^= b0;
	a1 ^= b1;
	memcpy(dst, &a0, 8);
	memcpy(dst + 8, &a1, 8);
}

#endif /* CRYPTARCH_ENDIAN_H */
