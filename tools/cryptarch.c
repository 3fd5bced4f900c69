/* SPDX-License-Identifier: MIT */
/*
 * cryptarch.c - the `cryptarch` command's entry point: one table of the
 * subcommands (each in a file of its own: list.c, speed.c, enc.c, mac.c,
 * ...), dispatch by name, `help` and `--version`. The helpers the subcommands
 * share are cli.c's. Usage errors exit with 2, failed operations with 1,
 * an authenticated decryption whose tag does not verify with 3.
 * No key material and no cipher code here; no CPU features needed.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const char usage[] =
	"usage: cryptarch COMMAND [OPTIONS]\n"
	"\n"
	"Block ciphers (AES, Twofish), their modes, MACs and authenticated\n"
	"modes (GCM, CCM), with several implementations each.\n"
	"\n"
	"commands:\n"
	"  list       the implementations, in the format of /proc/crypto\n"
	"             (--cpu: the CPU features instead)\n"
	"  speed      the kernel tcrypt speed test and a summary table\n"
	"  enc, dec   encrypt or decrypt a file or standard input (gcm and\n"
	"             ccm: with the tag appended, checked on dec)\n"
	"  mac        the tag of a file or standard input under a hash\n"
	"  selftest   run every implementation available here on its vectors\n"
	"  tune       measure every implementation and write a selection profile\n"
	"  explain    show every candidate for a name and why the winner won\n"
	"  ct         a statistical (dudect) timing test of drivers\n"
	"  help [COMMAND]  this text, or a command's options\n"
	"\n"
	"options: --help, --version\n"
	"exit status: 0 done, 1 failed, 2 usage error, 3 dec: the tag does\n"
	"  not verify (nothing written)\n"
	"environment: CRYPTARCH_DISABLE=feature,... masks CPU features;\n"
	"  CRYPTARCH_PROFILE=FILE the profile `tune` writes (empty: none)\n"
	"See cryptarch(1).\n";

static const struct {
	const char *name;
	int (*run)(int argc, char **argv);
} commands[] = {
	{ "list", cmd_list },	    { "speed", cmd_speed },
	{ "enc", cmd_enc },	    { "dec", cmd_enc },
	{ "mac", cmd_mac },
	{ "selftest", cmd_selftest }, { "tune", cmd_tune },
	{ "explain", cmd_explain }, { "ct", cmd_ct },
};

/* The subcommand named NAME, or NULL. */
static int (*command(const char *name))(int, char **)
{
	size_t i;

	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (strcmp(commands[i].name, name) == 0)
			return commands[i].run;
	return NULL;
}

static int help(int argc, char **argv)
{
	char opt[] = "--help";
	char *args[] = { NULL, opt, NULL };
	int (*run)(int, char **);

	if (argc < 2 || strcmp(argv[1], "help") == 0) {
		if (argc > 2)
			return cli_bad_arg("help", argv[2]);
		fputs(usage, stdout);
		return CLI_OK;
	}
	if (argc > 2)
		return cli_bad_arg("help", argv[2]);
	run = command(argv[1]);
	if (!run) {
		cli_error("help", "unknown command '%s'", argv[1]);
		return CLI_USAGE;
	}
	args[0] = argv[1];
	return run(2, args);
}

int main(int argc, char **argv)
{
	int (*run)(int, char **);
	const char *cmd;
	int ret;

	if (argc < 2) {
		fputs(usage, stderr);
		return CLI_USAGE;
	}
	cmd = argv[1];
	argc--;
	argv++;
	run = command(cmd);
	if (run) {
		ret = run(argc, argv);
	} else if (strcmp(cmd, "help") == 0 || cli_flag(cmd, "help") ||
		   strcmp(cmd, "-h") == 0) {
		ret = help(argc, argv);
	} else if (cli_flag(cmd, "version")) {
		printf("cryptarch %s\n", CRYPTARCH_VERSION_STRING);
		ret = CLI_OK;
	} else if (cmd[0] == '-') {
		cli_error(NULL, "unknown option '%s' (see cryptarch help)",
			  cmd);
		return CLI_USAGE;
	} else {
		cli_error(NULL, "unknown command '%s' (see cryptarch help)",
			  cmd);
		return CLI_USAGE;
	}
	if (fflush(stdout) != 0 || ferror(stdout)) {
		cli_error(NULL, "cannot write standard output: %s",
			  strerror(errno));
		return CLI_FAIL;
	}
	return ret;
}
