/* SPDX-License-Identifier: MIT */
/*
 * cpu-x86.c - CPU probing on x86 and x86_64 with CPUID. AVX, AVX2, VAES,
 * VPCLMULQDQ and AVX-512 are claimed only when the OS saves the wider
 * registers (OSXSAVE set and XGETBV showing the XMM/YMM, and for AVX-512
 * the opmask/ZMM, state enabled; AVX512-VBMI too, and GFNI needs the YMM
 * state for its VEX form), since an instruction the OS does not
 * context-switch corrupts state or faults. VAES is claimed only together
 * with AVX (qemu can report VAES without AVX).
 */
#include <cpuid.h>

#include "cpu.h"

static uint64_t xgetbv0(void)
{
	uint32_t lo, hi;

	__asm__ __volatile__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
	return (uint64_t)hi << 32 | lo;
}

uint64_t cryptarch_cpu_probe(void)
{
	unsigned a, b, c, d, max, b7 = 0, c7 = 0;
	uint64_t f = 0, xcr0 = 0;
	int ymm = 0, zmm = 0;

	if (!__get_cpuid(0, &max, &b, &c, &d))
		return 0;
	__cpuid(1, a, b, c, d);
	if (d & (1u << 26))
		f |= CRYPTARCH_CPU_SSE2;
	if (c & (1u << 9))
		f |= CRYPTARCH_CPU_SSSE3;
	if (c & (1u << 19))
		f |= CRYPTARCH_CPU_SSE41;
	if (c & (1u << 25))
		f |= CRYPTARCH_CPU_AESNI;
	if (c & (1u << 1))
		f |= CRYPTARCH_CPU_PCLMUL;
	if (c & (1u << 27)) { /* OSXSAVE */
		xcr0 = xgetbv0();
		ymm = (xcr0 & 0x6) == 0x6;
		zmm = ymm && (xcr0 & 0xe0) == 0xe0;
	}
	if (ymm && (c & (1u << 28)))
		f |= CRYPTARCH_CPU_AVX;
	if (max >= 7) {
		__cpuid_count(7, 0, a, b7, c7, d);
		if ((f & CRYPTARCH_CPU_AVX) && (b7 & (1u << 5)))
			f |= CRYPTARCH_CPU_AVX2;
		/* Code built for BMI2 may use BMI1 (bextr): both or none. */
		if ((b7 & (1u << 8)) && (b7 & (1u << 3)))
			f |= CRYPTARCH_CPU_BMI2;
		if ((f & CRYPTARCH_CPU_AVX) && (c7 & (1u << 9)))
			f |= CRYPTARCH_CPU_VAES;
		if ((f & CRYPTARCH_CPU_AVX) && (c7 & (1u << 10)))
			f |= CRYPTARCH_CPU_VPCLMUL;
		if (zmm && (b7 & (1u << 16)))
			f |= CRYPTARCH_CPU_AVX512F;
		if (zmm && (b7 & (1u << 30)))
			f |= CRYPTARCH_CPU_AVX512BW;
		if (zmm && (b7 & (1u << 31)))
			f |= CRYPTARCH_CPU_AVX512VL;
		if (zmm && (c7 & (1u << 1)))
			f |= CRYPTARCH_CPU_AVX512VBMI;
		/* GFNI's legacy form is SSE; only the VEX/EVEX forms are
		 * used here, which need the same state as their width. */
		if (ymm && (c7 & (1u << 8)))
			f |= CRYPTARCH_CPU_GFNI;
	}
	return f;
}
