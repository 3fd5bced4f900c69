/* SPDX-License-Identifier: MIT */
/*
 * report.c - what `cryptarch speed` and bench/peers both print about the
 * machine and in their JSON output: the CPU model (from /proc/cpuinfo,
 * whose field naming it differs by architecture, plus uname's machine) and
 * JSON string escaping. No timing here; see harness.c.
 */
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>

#include "report.h"

/* see report.h */
void report_cpu_model(char *buf, size_t size)
{
	/* The /proc/cpuinfo field naming the model, by architecture. */
	static const char *const keys[] = {
		"model name", "cpu model", "Model",   "cpu",
		"Hardware",   "Processor", "machine",
	};
	size_t best = sizeof(keys) / sizeof(keys[0]), k;
	struct utsname u;
	char line[512], model[256] = "";
	FILE *f = fopen("/proc/cpuinfo", "r");

	while (f && fgets(line, sizeof(line), f)) {
		char *colon = strchr(line, ':'), *end, *val;

		if (!colon)
			continue;
		for (end = colon;
		     end > line && (end[-1] == ' ' || end[-1] == '\t'); end--)
			;
		for (k = 0; k < best; k++) {
			if (strlen(keys[k]) != (size_t)(end - line) ||
			    strncmp(line, keys[k], (size_t)(end - line)) != 0)
				continue;
			val = colon + 1 + strspn(colon + 1, " \t");
			val[strcspn(val, "\n")] = '\0';
			if (*val) {
				snprintf(model, sizeof(model), "%s", val);
				best = k;
			}
			break;
		}
	}
	if (f)
		fclose(f);
	if (uname(&u) != 0)
		snprintf(u.machine, sizeof(u.machine), "unknown");
	if (model[0])
		snprintf(buf, size, "%s (%s)", model, u.machine);
	else
		snprintf(buf, size, "%s", u.machine);
}

/* see report.h */
void report_json_string(FILE *f, const char *s)
{
	fputc('"', f);
	for (; s && *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c < 0x20)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}
