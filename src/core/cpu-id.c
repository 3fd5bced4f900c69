/* SPDX-License-Identifier: MIT */
/*
 * cpu-id.c - which CPU and platform this is, for the key of a measured
 * profile (profile.h): the architecture, word size and byte order this
 * library was built for, and the CPU model (x86: CPUID vendor, family,
 * model and stepping; arm64: MIDR_EL1 as Linux shows it in sysfs, else
 * /proc/cpuinfo; elsewhere /proc/cpuinfo's model line). Read only when a
 * profile is read or written. Output is printable ASCII on one line.
 */
#include <stdio.h>
#include <string.h>

#include "cpu-id.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

#if defined(__x86_64__)
#define ARCH "x86_64"
#elif defined(__i386__)
#define ARCH "i386"
#elif defined(__aarch64__)
#define ARCH "aarch64"
#elif defined(__arm__)
#define ARCH "arm"
#elif defined(__mips__) && defined(_MIPS_SIM) && defined(_ABI64) && \
	_MIPS_SIM == _ABI64
#define ARCH "mips n64"
#elif defined(__mips__) && defined(_MIPS_SIM) && defined(_ABIN32) && \
	_MIPS_SIM == _ABIN32
#define ARCH "mips n32"
#elif defined(__mips__)
#define ARCH "mips o32"
#elif defined(__powerpc64__)
#define ARCH "ppc64"
#elif defined(__powerpc__)
#define ARCH "ppc"
#elif defined(__riscv)
#define ARCH "riscv"
#elif defined(__s390x__)
#define ARCH "s390x"
#else
#define ARCH "unknown"
#endif

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define ENDIAN "big-endian"
#else
#define ENDIAN "little-endian"
#endif

/* Printable ASCII only, one line: the key is compared byte for byte. */
static void sanitize(char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || (unsigned char)*s > 0x7e)
			*s = '?';
}

#if defined(__x86_64__) || defined(__i386__)
/* CPUID leaf 0 (vendor) and leaf 1 (family, model, stepping, with the
 * extended fields as the Intel SDM and AMD APM define them). */
void cryptarch_cpu_id(char *buf, size_t size)
{
	unsigned a, b, c, d, fam, model, step;
	char vendor[13];

	if (!__get_cpuid(0, &a, &b, &c, &d)) {
		snprintf(buf, size, "cpu x86 unknown");
		return;
	}
	memcpy(vendor, &b, 4);
	memcpy(vendor + 4, &d, 4);
	memcpy(vendor + 8, &c, 4);
	vendor[12] = '\0';
	sanitize(vendor);
	if (!__get_cpuid(1, &a, &b, &c, &d)) {
		snprintf(buf, size, "cpu x86 %s", vendor);
		return;
	}
	step = a & 0xf;
	model = (a >> 4) & 0xf;
	fam = (a >> 8) & 0xf;
	if (fam == 6 || fam == 0xf)
		model |= ((a >> 16) & 0xf) << 4;
	if (fam == 0xf)
		fam += (a >> 20) & 0xff;
	snprintf(buf, size, "cpu x86 %s family %u model %u stepping %u", vendor,
		 fam, model, step);
}
#else
/* The first line of FILE, without its newline, into BUF; 0 or -1. */
static int read_first_line(const char *file, char *buf, size_t size)
{
	FILE *f = fopen(file, "re");
	int ok;

	if (!f)
		return -1;
	ok = fgets(buf, (int)size, f) != NULL;
	fclose(f);
	if (!ok)
		return -1;
	buf[strcspn(buf, "\n")] = '\0';
	sanitize(buf);
	return buf[0] ? 0 : -1;
}

/* The value of the first /proc/cpuinfo field KEY into BUF; 0 or -1. */
static int cpuinfo(const char *key, char *buf, size_t size)
{
	FILE *f = fopen("/proc/cpuinfo", "re");
	size_t n = strlen(key);
	char line[256];
	int found = -1;

	while (f && found && fgets(line, sizeof(line), f)) {
		char *v = line + n;

		if (strncmp(line, key, n) != 0)
			continue;
		v += strspn(v, " \t");
		if (*v != ':')
			continue;
		v++;
		v += strspn(v, " \t");
		v[strcspn(v, "\n")] = '\0';
		snprintf(buf, size, "%s", v);
		sanitize(buf);
		found = 0;
	}
	if (f)
		fclose(f);
	return found;
}

/* arm64: MIDR_EL1 of cpu0 as Linux shows it (implementer, variant, part,
 * revision); else the same fields from /proc/cpuinfo; elsewhere the
 * model line of /proc/cpuinfo. */
void cryptarch_cpu_id(char *buf, size_t size)
{
	char v[4][48], m[128];

	if (read_first_line("/sys/devices/system/cpu/cpu0/regs/identification/"
			    "midr_el1",
			    m, sizeof(m)) == 0) {
		snprintf(buf, size, "cpu midr %s", m);
		return;
	}
	if (cpuinfo("CPU implementer", v[0], sizeof(v[0])) == 0 &&
	    cpuinfo("CPU variant", v[1], sizeof(v[1])) == 0 &&
	    cpuinfo("CPU part", v[2], sizeof(v[2])) == 0 &&
	    cpuinfo("CPU revision", v[3], sizeof(v[3])) == 0) {
		snprintf(buf, size,
			 "cpu implementer %s variant %s part %s revision %s",
			 v[0], v[1], v[2], v[3]);
		return;
	}
	if (cpuinfo("cpu model", m, sizeof(m)) == 0 ||
	    cpuinfo("model name", m, sizeof(m)) == 0 ||
	    cpuinfo("cpu", m, sizeof(m)) == 0) {
		snprintf(buf, size, "cpu model %s", m);
		return;
	}
	snprintf(buf, size, "cpu unknown");
}
#endif

/* see cpu-id.h */
const char *cryptarch_cpu_arch(void)
{
	return ARCH;
}

/* see cpu-id.h */
const char *cryptarch_cpu_endian(void)
{
	return ENDIAN;
}
