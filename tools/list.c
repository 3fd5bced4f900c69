/* SPDX-License-Identifier: MIT */
/*
 * list.c - `cryptarch list`: the CPU features (detected, masked by
 * CRYPTARCH_DISABLE, effective), then one record per registered
 * implementation (type cipher) and per instance that uses an
 * implementation's bulk functions (type skcipher, driver "ctr-aes-ct64"),
 * in the format of the kernel's /proc/crypto, plus whether it is
 * constant-time, how that claim is verified (ct-status.c: valgrind
 * memcheck, a qemu trace, or unverified and why) and whether it can run
 * here. The self-tests of the implementations that can run are run first,
 * so that the selftest field says passed or failed. Runs no cipher code of
 * its own; no CPU features needed.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cpu.h"
#include "ct-status.h"
#include "registry.h"

static const char usage[] =
	"usage: cryptarch list\n"
	"\n"
	"Print the CPU features (detected, masked by CRYPTARCH_DISABLE,\n"
	"effective) and one /proc/crypto-style record per implementation\n"
	"and per instance that uses an implementation's bulk functions.\n";

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

static void features(const char *name, uint64_t mask)
{
	char buf[512];

	cryptarch_cpu_format(mask, buf, sizeof(buf));
	field(name, "%s", buf[0] ? buf : "(none)");
}

static const char *selftest_state(const struct cryptarch_alg *alg)
{
	if (!cryptarch_alg_available(alg))
		return "unavailable";
	switch (cryptarch_alg_selftest_state(alg)) {
	case CRYPTARCH_SELFTEST_PASSED:
		return "passed";
	case CRYPTARCH_SELFTEST_FAILED:
		return "failed";
	default:
		return "untested";
	}
}

/* The lines common to both record types, after "type". */
static void tail(const struct cryptarch_alg *alg)
{
	char why[256];

	field("constant-time", "%s",
	      alg->flags & CRYPTARCH_ALG_CONSTANT_TIME ? "yes" : "no");
	/* How the claim is checked (ct-status.c); no entry, no claim. */
	if (alg->flags & CRYPTARCH_ALG_CONSTANT_TIME)
		field("ct-verified", "%s",
		      cryptarch_ct_status_format(
			      cryptarch_ct_status_find(alg->driver), why,
			      sizeof(why)));
	else
		field("ct-verified", "no (not constant-time)");
	/* Availability on this CPU only: the timing policy is the caller's. */
	if (cryptarch_alg_available(alg))
		field("available", "yes");
	else
		field("available", "no (%s)",
		      cli_unusable(alg, CRYPTARCH_ALLOW_VARIABLE_TIME, why,
				   sizeof(why)));
	putchar('\n');
}

static void head(const char *name, const char *driver, int priority,
		 const struct cryptarch_alg *alg, const char *type)
{
	field("name", "%s", name);
	field("driver", "%s", driver);
	field("module", "cryptarch");
	field("priority", "%d", priority);
	field("refcnt", "1");
	field("selftest", "%s", selftest_state(alg));
	field("internal", "no");
	field("type", "%s", type);
}

static void cipher_record(const struct cryptarch_alg *alg)
{
	head(alg->name, alg->driver, alg->priority, alg, "cipher");
	field("blocksize", "%u", alg->blocksize);
	field("min keysize", "%u", alg->min_keysize);
	field("max keysize", "%u", alg->max_keysize);
	tail(alg);
}

static void skcipher_record(const struct cryptarch_alg *alg, int mode)
{
	struct cli_instance inst;
	unsigned k = mode == CRYPTARCH_MODE_XTS ? 2 : 1;

	cli_instance_set(&inst, alg, mode, 1);
	head(inst.algname, inst.name, cryptarch_alg_mode_priority(alg, mode),
	     alg, "skcipher");
	/* CTR is a stream mode: any length, as the kernel's blocksize 1. */
	field("blocksize", "%u",
	      mode == CRYPTARCH_MODE_CTR ? 1u : alg->blocksize);
	field("min keysize", "%u", k * alg->min_keysize);
	field("max keysize", "%u", k * alg->max_keysize);
	field("ivsize", "%u",
	      mode == CRYPTARCH_MODE_ECB ? 0u : CRYPTARCH_BLOCK_SIZE);
	tail(alg);
}

/* see cli.h */
int cmd_list(int argc, char **argv)
{
	const char *env = getenv("CRYPTARCH_DISABLE");
	const char *unknown;
	size_t i;
	int m;

	if (argc == 2 &&
	    (cli_flag(argv[1], "help") || strcmp(argv[1], "-h") == 0)) {
		fputs(usage, stdout);
		return CLI_OK;
	}
	if (argc > 1)
		return cli_bad_arg("list", argv[1]);

	for (i = 0; i < cryptarch_alg_count(); i++)
		if (cryptarch_alg_available(cryptarch_alg_at(i)))
			(void)cryptarch_alg_selftest(cryptarch_alg_at(i));

	features("cpu detected", cryptarch_cpu_detected());
	if (env && *env)
		printf("%-13s: %s\n", "disable", env);
	features("cpu masked", cryptarch_cpu_disabled());
	features("cpu effective", cryptarch_cpu_features());
	unknown = cryptarch_cpu_disable_unknown();
	if (unknown && *unknown)
		field("warning",
		      "CRYPTARCH_DISABLE: unknown feature name(s): %s",
		      unknown);
	putchar('\n');

	for (i = 0; i < cryptarch_alg_count(); i++) {
		const struct cryptarch_alg *alg = cryptarch_alg_at(i);

		cipher_record(alg);
		for (m = 0; m < CRYPTARCH_MODE_COUNT; m++)
			if (cryptarch_alg_has_bulk(alg, m))
				skcipher_record(alg, m);
	}
	return CLI_OK;
}
