/* SPDX-License-Identifier: MIT */
/* tune.c - `cryptarch tune` (placeholder until the command lands). */
#include "cli.h"

int cmd_tune(int argc, char **argv)
{
	(void)argc;
	cli_error(argv[0], "not available in this build");
	return CLI_FAIL;
}
