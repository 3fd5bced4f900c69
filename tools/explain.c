/* SPDX-License-Identifier: MIT */
/* explain.c - `cryptarch explain` (placeholder until the command lands). */
#include "cli.h"

int cmd_explain(int argc, char **argv)
{
	(void)argc;
	cli_error(argv[0], "not available in this build");
	return CLI_FAIL;
}
