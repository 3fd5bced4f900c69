/* SPDX-License-Identifier: MIT */
/* ct.c - `cryptarch ct` (placeholder until the command lands). */
#include "cli.h"

int cmd_ct(int argc, char **argv)
{
	(void)argc;
	cli_error(argv[0], "not available in this build");
	return CLI_FAIL;
}
