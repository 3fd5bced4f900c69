/* SPDX-License-Identifier: MIT */
/*
 * selftest.c - `cryptarch selftest`: run the built-in known-answer test of
 * every registered implementation that can run on this CPU (as the library
 * does before it first chooses one) and print one line per implementation:
 * its driver name and passed, failed or unavailable (with the reason).
 * Exits with 1 if any failed. The tests run through the registry, so they
 * exercise the same code as the library; no CPU features needed here.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "registry.h"

static const char usage[] =
	"usage: cryptarch selftest\n"
	"\n"
	"Run every implementation available on this CPU on its built-in\n"
	"known-answer vectors; print one line each (passed, failed or\n"
	"unavailable). Exit status 1 if any failed.\n";

/* see cli.h */
int cmd_selftest(int argc, char **argv)
{
	char why[160];
	int failed = 0;
	size_t i;

	if (argc == 2 &&
	    (cli_flag(argv[1], "help") || strcmp(argv[1], "-h") == 0)) {
		fputs(usage, stdout);
		return CLI_OK;
	}
	if (argc > 1)
		return cli_bad_arg("selftest", argv[1]);

	for (i = 0; i < cryptarch_alg_count(); i++) {
		const struct cryptarch_alg *alg = cryptarch_alg_at(i);

		if (!cryptarch_alg_available(alg)) {
			printf("%-24s unavailable (%s)\n", alg->driver,
			       cli_unusable(alg, CRYPTARCH_ALLOW_VARIABLE_TIME,
					    why, sizeof(why)));
			continue;
		}
		if (cryptarch_alg_selftest(alg) == CRYPTARCH_SELFTEST_PASSED) {
			printf("%-24s passed\n", alg->driver);
		} else {
			printf("%-24s failed\n", alg->driver);
			failed = 1;
		}
		fflush(stdout);
	}
	return failed ? CLI_FAIL : CLI_OK;
}
