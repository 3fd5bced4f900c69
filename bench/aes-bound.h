/* SPDX-License-Identifier: MIT */
/*
 * aes-bound.h - the x86 AES instruction micro-benchmarks of aes-bound.c:
 * AESENC latency and VAESENC issue rates, in TSC cycles, and the bounds in
 * cycles per byte they put on AES modes; and the issue time of one
 * stitched AES-128-GCM group's instructions. Not security code.
 */
#ifndef CRYPTARCH_BENCH_AES_BOUND_H
#define CRYPTARCH_BENCH_AES_BOUND_H

#include <stdint.h>

struct aes_bound {
	double aesenc_latency;  /* TSC cycles, dependent AESENC chain */
	double aesenc128_cpi;   /* TSC cycles per AESENC xmm, independent */
	double vaesenc256_cpi;  /* per VAESENC ymm */
	double vaesenc512_cpi;  /* per VAESENC zmm */
	/* TSC cycles for the VAESENC and VPCLMULQDQ of one group of 32
	 * AES-128-GCM blocks: 80 VAESENC zmm (8 registers x 10 rounds) and
	 * 26 VPCLMULQDQ zmm (8 registers x 3, Karatsuba, and a reduction's
	 * 2), all independent; 0 where the CPU lacks VPCLMULQDQ */
	double gcm_group;
	uint32_t sink;
};

/* Measure; -1 (and zeros) where the CPU lacks AES-NI, VAES or AVX-512
 * (or this is not x86_64), else 0. Takes a few milliseconds. */
int aes_bound_measure(struct aes_bound *b);
/* ROUNDS x cycles per 512-bit VAESENC / 64 bytes: the cycles per byte of
 * a mode whose blocks are independent (ECB, CTR, XTS, CBC decryption). */
double aes_bound_parallel_cpb(const struct aes_bound *b, unsigned rounds);
/* The group's cycles / 512 bytes: stitched AES-128-GCM's floor (0: not
 * measured). */
double aes_bound_gcm_cpb(const struct aes_bound *b);
/* ROUNDS x AESENC latency / 16 bytes: CBC encryption's floor. */
double aes_bound_serial_cpb(const struct aes_bound *b, unsigned rounds);

#endif /* CRYPTARCH_BENCH_AES_BOUND_H */
