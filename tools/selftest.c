/* SPDX-License-Identifier: MIT */
/*
 * selftest.c - `cryptarch selftest`: run the built-in self-test of every
 * registered driver that can run on this CPU (as the library does before
 * it first chooses one: its algorithm's known answers, every template over
 * it through the template's loop and through its hooks, and each hooked
 * instance against the loop; selftest.h) and print one line per driver:
 * its name and passed, failed or unavailable (with the reason). Exits with
 * 1 if any failed. The tests are the library's own, so they exercise the
 * same code; no CPU features needed here.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "registry.h"
#include "selftest.h"

static const char usage[] =
	"usage: cryptarch selftest\n"
	"\n"
	"Run the self-test of every driver available on this CPU (its\n"
	"known answers, alone and under every mode); print one line each\n"
	"(passed, failed or unavailable). Exit status 1 if any failed.\n";

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

	for (i = 0; i < cryptarch_driver_count(); i++) {
		const struct cryptarch_driver *d = cryptarch_driver_at(i);

		if (!cryptarch_driver_available(d)) {
			printf("%-24s unavailable (%s)\n", d->name,
			       cli_unusable(d, CRYPTARCH_ALLOW_VARIABLE_TIME,
					    why, sizeof(why)));
			continue;
		}
		if (cryptarch_driver_selftest(d) == CRYPTARCH_SELFTEST_PASSED) {
			printf("%-24s passed\n", d->name);
		} else {
			printf("%-24s failed\n", d->name);
			failed = 1;
		}
		fflush(stdout);
	}
	return failed ? CLI_FAIL : CLI_OK;
}
