/* SPDX-License-Identifier: MIT */
/*
 * cpu-generic.c - CPU probing for architectures whose implementations need
 * no runtime feature (MIPS, s390x, POWER, RISC-V today): nothing to detect.
 * Features that a build enables unconditionally (e.g. MIPS32r2 rotates) are
 * decided at build time and stated in that implementation's descriptor.
 */
#include "cpu.h"

uint64_t cryptarch_cpu_probe(void)
{
	return 0;
}
