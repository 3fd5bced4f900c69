/* SPDX-License-Identifier: MIT */
/*
 * list.c - `cryptarch list`: one record per registered driver (type
 * cipher, or shash for a hash's driver: sha256-generic) and per hooked
 * instance, where a driver's code runs a whole template (type skcipher,
 * "ctr-aes-ct64", or shash, "cmac-aes-aesni"), in the format of the
 * kernel's /proc/crypto: name, driver, module, priority, refcnt, selftest,
 * internal, type, the type's own fields (the type's show(): blocksize,
 * keysizes, ivsize; a hash's blocksize and digestsize), then whether the
 * instance is constant-time, how that claim is verified (the driver's
 * descriptor: valgrind memcheck, a qemu trace, or unverified and why) and
 * whether it can run here. The instances are the core's (spec.h) and the priority the
 * one selection ranks them by. `list --cpu` prints the CPU features
 * instead (detected, masked by CRYPTARCH_DISABLE, effective), so that the
 * records parse as /proc/crypto does. `list --markdown` prints the rows of
 * the README's table of implementations for the drivers of this build,
 * from their descriptors (the test readme-implementations holds the README
 * to them). The self-tests of the drivers that can run are run first, so
 * that the selftest field says passed or failed.
 * Runs no cipher code of its own; no CPU features needed.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cpu.h"
#include "registry.h"
#include "selftest.h"
#include "spec.h"

static const char usage[] =
	"usage: cryptarch list [--cpu | --markdown]\n"
	"\n"
	"Print one /proc/crypto-style record per driver and per instance\n"
	"in which a driver's code runs a whole mode or hash (ctr-aes-ct64,\n"
	"cmac-aes-aesni).\n"
	"  --cpu       print the CPU features instead: detected, masked by\n"
	"              CRYPTARCH_DISABLE, effective\n"
	"  --markdown  print one Markdown table row per driver instead:\n"
	"              algorithm, driver, strategy, constant-time, where it\n"
	"              builds and the CPU features it needs, priority\n";

static void field(const char *name, const char *fmt, ...) CLI_PRINTF(2, 3);

/* One "name         : value" line, aligned as in /proc/crypto. */
static void field(const char *name, const char *fmt, ...)
{
	va_list ap;

	printf("%-13s: ", name);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

/* A field of the type's show(). */
static void type_field(void *arg, const char *name, const char *value)
{
	(void)arg;
	field(name, "%s", value);
}

static void features(const char *name, uint64_t mask)
{
	char buf[512];

	cryptarch_cpu_format(mask, buf, sizeof(buf));
	field(name, "%s", buf[0] ? buf : "(none)");
}

static const char *selftest_state(const struct cryptarch_driver *drv)
{
	if (!cryptarch_driver_available(drv))
		return "unavailable";
	switch (cryptarch_driver_selftest_state(drv)) {
	case CRYPTARCH_SELFTEST_PASSED:
		return "passed";
	case CRYPTARCH_SELFTEST_FAILED:
		return "failed";
	default:
		return "untested";
	}
}

/* The record of instance S, whose code is driver DRV's. */
static void record(const struct cryptarch_spec *s,
		   const struct cryptarch_driver *drv)
{
	char name[CRYPTARCH_NAME_MAX + 1], why[256];
	const struct cryptarch_type *type = cryptarch_spec_type(s);

	field("name", "%s", cryptarch_spec_algname(s, name, sizeof(name)));
	field("driver", "%s", cryptarch_spec_name(s, name, sizeof(name)));
	field("module", "cryptarch");
	field("priority", "%d", cryptarch_spec_priority(s, -1));
	field("refcnt", "1");
	field("selftest", "%s", selftest_state(drv));
	field("internal", "no");
	field("type", "%s", type->name);
	type->show(s, type_field, NULL);
	if (!s->node[0].tmpl && drv->summary)
		field("strategy", "%s", drv->summary);
	field("constant-time", "%s",
	      cryptarch_spec_constant_time(s) ? "yes" : "no");
	/* How the claim is checked; no claim, nothing to check. */
	field("ct-verified", "%s",
	      cryptarch_driver_ct_text(drv, why, sizeof(why)));
	/* Availability on this CPU only: the timing policy is the caller's. */
	if (cryptarch_driver_available(drv))
		field("available", "yes");
	else
		field("available", "no (%s)",
		      cli_unusable(drv, CRYPTARCH_ALLOW_VARIABLE_TIME, why,
				   sizeof(why)));
	putchar('\n');
}

/* The CPU lines of `list --cpu`. */
static void cpu_lines(void)
{
	const char *env = getenv("CRYPTARCH_DISABLE");
	const char *unknown = cryptarch_cpu_disable_unknown();

	features("cpu detected", cryptarch_cpu_detected());
	if (env && *env)
		field("disable", "%s", env);
	features("cpu masked", cryptarch_cpu_disabled());
	features("cpu effective", cryptarch_cpu_features());
	if (unknown && *unknown)
		field("warning",
		      "CRYPTARCH_DISABLE: unknown feature name(s): %s",
		      unknown);
}

/* The README's row of driver D: | alg | `driver` | strategy | ct | where:
 * features | priority |. */
static void markdown_row(const struct cryptarch_driver *d)
{
	char feat[512];

	cryptarch_cpu_format(d->cpu_features, feat, sizeof(feat));
	printf("| %s | `%s` | %s | %s | %s%s%s | %d |\n", d->alg->name, d->name,
	       d->summary ? d->summary : "",
	       d->flags & CRYPTARCH_DRV_CONSTANT_TIME ? "yes" : "no",
	       cryptarch_driver_where(d), feat[0] ? ": " : "", feat,
	       d->priority);
}

/* see cli.h */
int cmd_list(int argc, char **argv)
{
	const char *unknown;
	struct cryptarch_spec s;
	size_t i, t;
	int cpu = 0, md = 0, k;

	for (k = 1; k < argc; k++) {
		if (cli_flag(argv[k], "help") || strcmp(argv[k], "-h") == 0) {
			fputs(usage, stdout);
			return CLI_OK;
		}
		if (cli_flag(argv[k], "cpu") && !md)
			cpu = 1;
		else if (cli_flag(argv[k], "markdown") && !cpu)
			md = 1;
		else
			return cli_bad_arg("list", argv[k]);
	}
	if (cpu) {
		cpu_lines();
		return CLI_OK;
	}
	if (md) {
		for (i = 0; i < cryptarch_driver_count(); i++)
			markdown_row(cryptarch_driver_at(i));
		return CLI_OK;
	}
	/* Records only on standard output; an unknown word of the mask is
	 * still reported, as `speed` does. */
	unknown = cryptarch_cpu_disable_unknown();
	if (unknown && *unknown)
		cli_warn("list",
			 "CRYPTARCH_DISABLE: unknown feature name(s): %s",
			 unknown);

	for (i = 0; i < cryptarch_driver_count(); i++)
		if (cryptarch_driver_available(cryptarch_driver_at(i)))
			(void)cryptarch_driver_selftest(cryptarch_driver_at(i));

	for (i = 0; i < cryptarch_driver_count(); i++) {
		const struct cryptarch_driver *d = cryptarch_driver_at(i);

		cryptarch_spec_leaf(&s, d);
		record(&s, d);
		/* Each template the driver's code runs whole. */
		for (t = 0; t < cryptarch_template_count(); t++)
			if (cryptarch_spec_over(&s, cryptarch_template_at(t), d,
						1) == 0)
				record(&s, d);
	}
	return CLI_OK;
}
