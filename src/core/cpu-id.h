/* SPDX-License-Identifier: MIT */
/*
 * cpu-id.h - the identity of this CPU and platform (cpu-id.c), which ties
 * a measured profile to the machine it was measured on.
 */
#ifndef CRYPTARCH_CPU_ID_H
#define CRYPTARCH_CPU_ID_H

#include <stddef.h>

/* "x86_64", "aarch64", "mips n64", ... (the build's target). */
const char *cryptarch_cpu_arch(void);
/* "little-endian" or "big-endian". */
const char *cryptarch_cpu_endian(void);
/* One line naming the CPU model, beginning "cpu ", into BUF (SIZE). */
void cryptarch_cpu_id(char *buf, size_t size);

#endif /* CRYPTARCH_CPU_ID_H */
