/* SPDX-License-Identifier: MIT */
/*
 * cpu-arm.c - CPU probing on arm64 and 32-bit arm (Linux) with
 * getauxval(AT_HWCAP/AT_HWCAP2): Advanced SIMD, the AES and PMULL
 * instructions of the ARMv8 Crypto Extensions. Elsewhere (no getauxval)
 * only what the compiler was told to assume is reported.
 */
#include "cpu.h"

#if defined(__linux__)
#include <sys/auxv.h>
#endif

uint64_t cryptarch_cpu_probe(void)
{
	uint64_t f = 0;

#if defined(__linux__) && defined(__aarch64__)
	unsigned long hw = getauxval(AT_HWCAP);

	if (hw & (1ul << 1)) /* HWCAP_ASIMD */
		f |= CRYPTARCH_CPU_NEON;
	if (hw & (1ul << 3)) /* HWCAP_AES */
		f |= CRYPTARCH_CPU_ARM_AES;
	if (hw & (1ul << 4)) /* HWCAP_PMULL */
		f |= CRYPTARCH_CPU_PMULL;
#elif defined(__linux__) && defined(__arm__)
	unsigned long hw = getauxval(AT_HWCAP), hw2 = getauxval(AT_HWCAP2);

	if (hw & (1ul << 12)) /* HWCAP_NEON */
		f |= CRYPTARCH_CPU_NEON;
	if (hw2 & (1ul << 0)) /* HWCAP2_AES */
		f |= CRYPTARCH_CPU_ARM_AES;
	if (hw2 & (1ul << 1)) /* HWCAP2_PMULL */
		f |= CRYPTARCH_CPU_PMULL;
#elif defined(__ARM_NEON)
	f |= CRYPTARCH_CPU_NEON;
#endif
	return f;
}
