/* SPDX-License-Identifier: MIT */
/*
 * cpu.h - runtime CPU feature bits. Each architecture's cpu-<arch>.c probes
 * them once (thread-safe); the effective set is the detected one minus the
 * features named in the environment variable CRYPTARCH_DISABLE (a comma- or
 * space-separated list of the names in cryptarch_cpu_names[]).
 */
#ifndef CRYPTARCH_CPU_H
#define CRYPTARCH_CPU_H

#include <stdint.h>

/* x86 */
#define CRYPTARCH_CPU_SSE2 (1ull << 0)
#define CRYPTARCH_CPU_SSSE3 (1ull << 1)
#define CRYPTARCH_CPU_SSE41 (1ull << 2)
#define CRYPTARCH_CPU_AESNI (1ull << 3)
#define CRYPTARCH_CPU_PCLMUL (1ull << 4)
#define CRYPTARCH_CPU_AVX (1ull << 5)
#define CRYPTARCH_CPU_AVX2 (1ull << 6)
#define CRYPTARCH_CPU_BMI2 (1ull << 7)
#define CRYPTARCH_CPU_VAES (1ull << 8)
#define CRYPTARCH_CPU_VPCLMUL (1ull << 9)
#define CRYPTARCH_CPU_AVX512F (1ull << 10)
#define CRYPTARCH_CPU_AVX512BW (1ull << 11)
#define CRYPTARCH_CPU_AVX512VL (1ull << 12)
#define CRYPTARCH_CPU_AVX512VBMI (1ull << 13)
#define CRYPTARCH_CPU_GFNI (1ull << 14)
/* arm and arm64 */
#define CRYPTARCH_CPU_NEON (1ull << 16)
#define CRYPTARCH_CPU_ARM_AES (1ull << 17)
#define CRYPTARCH_CPU_PMULL (1ull << 18)

struct cryptarch_cpu_name {
	const char *name;
	uint64_t bit;
};

/* The one table of feature names, terminated by { NULL, 0 }; used by the
 * CRYPTARCH_DISABLE parser and by `cryptarch list`. */
extern const struct cryptarch_cpu_name cryptarch_cpu_names[];

/* The features the CPU (and OS) supports; probed once, thread-safe. */
uint64_t cryptarch_cpu_detected(void);
/* The features named in CRYPTARCH_DISABLE (read once). */
uint64_t cryptarch_cpu_disabled(void);
/* cryptarch_cpu_detected() & ~cryptarch_cpu_disabled(). */
uint64_t cryptarch_cpu_features(void);
/* The words of CRYPTARCH_DISABLE that name no feature, space-separated, or
 * "" if there are none. */
const char *cryptarch_cpu_disable_unknown(void);
/* Write the names of the bits in MASK, space-separated, into BUF. */
void cryptarch_cpu_format(uint64_t mask, char *buf, unsigned long size);

/* Probe the hardware; defined once per architecture in cpu-<arch>.c. */
uint64_t cryptarch_cpu_probe(void);

#endif /* CRYPTARCH_CPU_H */
