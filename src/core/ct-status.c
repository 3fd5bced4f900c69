/* SPDX-License-Identifier: MIT */
/*
 * ct-status.c - the table of how each constant-time claim is verified (see
 * ct-status.h), and its lookup and wording. Data only: no cipher code, no
 * CPU features.
 *
 * valgrind 3.19 executes AES-NI, PCLMULQDQ, SSSE3 and AVX2, so the x86
 * drivers built on them are checked under memcheck natively; it executes
 * neither AVX-512 nor 256-bit VAES (and hides them from CPUID). qemu 7.2
 * cannot stand in for it there: it has no AVX-512, and its 256-bit
 * vaesenc and vaesdec take the upper lane's state from the lower lane
 * (measured with qemu-x86_64 7.2.22 -cpu max, 2026-11-30), so aes-vaes-avx2
 * fails its self-test and is never run under the trace; those drivers stay
 * unverified (aes-vaes-avx2's single-block and key schedule code is
 * aes-aesni's, checked under memcheck). The arm64 drivers are traced in
 * the aarch64 cross build (every qemu-aarch64 -cpu model has the Crypto
 * Extensions), the portable ones also in the MIPS builds.
 */
#include <stdio.h>
#include <string.h>

#include "ct-status.h"

const struct cryptarch_ct_status cryptarch_ct_status_table[] = {
	{ "aes-aesni", CRYPTARCH_CT_VALGRIND, NULL, NULL },
	{ "aes-ce", CRYPTARCH_CT_QEMU_TRACE, "aarch64", NULL },
	{ "aes-ct64", CRYPTARCH_CT_VALGRIND | CRYPTARCH_CT_QEMU_TRACE,
	  "aarch64, mips", NULL },
	{ "aes-neon", CRYPTARCH_CT_QEMU_TRACE, "aarch64", NULL },
	{ "aes-neonbs", CRYPTARCH_CT_QEMU_TRACE, "aarch64", NULL },
	{ "aes-vaes-avx2", 0, NULL,
	  "valgrind 3.19 cannot execute 256-bit VAES, and qemu 7.2 computes "
	  "its upper lane wrongly (the driver fails its self-test there)" },
	{ "aes-vaes-avx512", 0, NULL,
	  "neither valgrind 3.19 nor qemu 7.2 executes AVX-512" },
	{ "aes-vperm", CRYPTARCH_CT_VALGRIND, NULL, NULL },
	{ "aes-vperm-avx2", CRYPTARCH_CT_VALGRIND, NULL, NULL },
	{ "aes-vperm-avx512", 0, NULL,
	  "neither valgrind 3.19 nor qemu 7.2 executes AVX-512" },
	{ NULL, 0, NULL, NULL },
};

/* see ct-status.h */
const struct cryptarch_ct_status *cryptarch_ct_status_find(const char *driver)
{
	const struct cryptarch_ct_status *s;

	if (!driver)
		return NULL;
	for (s = cryptarch_ct_status_table; s->driver; s++)
		if (strcmp(s->driver, driver) == 0)
			return s;
	return NULL;
}

/* see ct-status.h */
char *cryptarch_ct_status_format(const struct cryptarch_ct_status *s, char *buf,
				 size_t size)
{
	int n = 0;

	if (!size)
		return buf;
	buf[0] = '\0';
	if (!s || !s->methods) {
		snprintf(buf, size, "unverified: %s",
			 !s ? "no entry in the constant-time status table" :
			 s->reason ? s->reason :
				     "no reason given");
		return buf;
	}
	if (s->methods & CRYPTARCH_CT_VALGRIND)
		n = snprintf(buf, size, "valgrind memcheck");
	if (n >= 0 && (size_t)n < size &&
	    (s->methods & CRYPTARCH_CT_QEMU_TRACE))
		snprintf(buf + n, size - (size_t)n, "%sqemu trace (%s)",
			 n ? ", " : "", s->targets ? s->targets : "?");
	return buf;
}
