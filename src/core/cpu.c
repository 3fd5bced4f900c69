/* SPDX-License-Identifier: MIT */
/*
 * cpu.c - the effective CPU feature set: what cpu-<arch>.c detects, minus
 * what the environment variable CRYPTARCH_DISABLE names (in the spirit of
 * OPENSSL_ia32cap and NETTLE_FAT_OVERRIDE), computed once under
 * pthread_once so that any thread may ask first. One table maps names to
 * bits, for the parser and for `cryptarch list`. Words of CRYPTARCH_DISABLE
 * that name no feature are kept and reported, not silently ignored.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "cpu.h"

const struct cryptarch_cpu_name cryptarch_cpu_names[] = {
	{ "sse2", CRYPTARCH_CPU_SSE2 },
	{ "ssse3", CRYPTARCH_CPU_SSSE3 },
	{ "sse4.1", CRYPTARCH_CPU_SSE41 },
	{ "aesni", CRYPTARCH_CPU_AESNI },
	{ "pclmul", CRYPTARCH_CPU_PCLMUL },
	{ "avx", CRYPTARCH_CPU_AVX },
	{ "avx2", CRYPTARCH_CPU_AVX2 },
	{ "bmi2", CRYPTARCH_CPU_BMI2 },
	{ "vaes", CRYPTARCH_CPU_VAES },
	{ "vpclmul", CRYPTARCH_CPU_VPCLMUL },
	{ "avx512f", CRYPTARCH_CPU_AVX512F },
	{ "avx512bw", CRYPTARCH_CPU_AVX512BW },
	{ "avx512vl", CRYPTARCH_CPU_AVX512VL },
	{ "avx512vbmi", CRYPTARCH_CPU_AVX512VBMI },
	{ "gfni", CRYPTARCH_CPU_GFNI },
	{ "neon", CRYPTARCH_CPU_NEON },
	{ "aes", CRYPTARCH_CPU_ARM_AES },
	{ "pmull", CRYPTARCH_CPU_PMULL },
	{ NULL, 0 },
};

static pthread_once_t cpu_once = PTHREAD_ONCE_INIT;
static uint64_t detected, disabled;
static char unknown[256];

static uint64_t name_bit(const char *w, size_t n)
{
	const struct cryptarch_cpu_name *c;

	for (c = cryptarch_cpu_names; c->name; c++)
		if (strlen(c->name) == n && memcmp(c->name, w, n) == 0)
			return c->bit;
	return 0;
}

static void add_unknown(const char *w, size_t n)
{
	size_t used = strlen(unknown);

	if (used + n + 2 > sizeof(unknown))
		return;
	if (used)
		unknown[used++] = ' ';
	memcpy(unknown + used, w, n);
	unknown[used + n] = '\0';
}

static void parse_disable(const char *s)
{
	while (s && *s) {
		size_t n;
		uint64_t bit;

		s += strspn(s, ", \t");
		n = strcspn(s, ", \t");
		if (n == 0)
			break;
		bit = name_bit(s, n);
		if (bit)
			disabled |= bit;
		else
			add_unknown(s, n);
		s += n;
	}
}

static void cpu_init(void)
{
	detected = cryptarch_cpu_probe();
	parse_disable(getenv("CRYPTARCH_DISABLE"));
}

uint64_t cryptarch_cpu_detected(void)
{
	pthread_once(&cpu_once, cpu_init);
	return detected;
}

uint64_t cryptarch_cpu_disabled(void)
{
	pthread_once(&cpu_once, cpu_init);
	return disabled;
}

uint64_t cryptarch_cpu_features(void)
{
	pthread_once(&cpu_once, cpu_init);
	return detected & ~disabled;
}

const char *cryptarch_cpu_disable_unknown(void)
{
	pthread_once(&cpu_once, cpu_init);
	return unknown;
}

void cryptarch_cpu_format(uint64_t mask, char *buf, unsigned long size)
{
	const struct cryptarch_cpu_name *c;
	size_t used = 0;

	if (size == 0)
		return;
	buf[0] = '\0';
	for (c = cryptarch_cpu_names; c->name; c++) {
		size_t n = strlen(c->name);

		if (!(mask & c->bit))
			continue;
		if (used + n + 2 > size)
			break;
		if (used)
			buf[used++] = ' ';
		memcpy(buf + used, c->name, n + 1);
		used += n;
	}
}
