/* SPDX-License-Identifier: MIT */
/*
 * peers.c - the peer benchmark: cryptarch next to OpenSSL (EVP, AES only),
 * libgcrypt, nettle and intel-ipsec-mb (CMAC, XCBC, GCM, CCM, batches), for
 * AES-128/256 and Twofish-128/256 in ECB, CBC encryption, CBC decryption,
 * CTR, XTS, XCTR (cryptarch only: no peer has it), CBC-CTS (CS3)
 * encryption and decryption, the keyed hashes CMAC and XCBC, and the
 * AEADs GCM and CCM (encryption and decryption), and batches of 8, 16
 * or 32 independent AES-CBC encryptions or CMACs (cryptarch's
 * many-request call against intel-ipsec-mb's job manager and one OpenSSL
 * stream; peers-measure.c), timed by
 * the same harness (harness.c) in the same process. Each hardware
 * configuration ("hw": everything the CPU has; "nohw": hardware AES
 * masked in every library; "scalar": vector units masked too;
 * peers-data.c) is measured by one child process, started with the
 * masking variables in its environment, because OpenSSL and nettle read
 * theirs when they are loaded, before main(); every library is measured
 * inside that one child (peers-measure.c, the peers through the adapters
 * of peer.h). This file is the parent: the options, one child per
 * configuration, the records it sends back (peers-results.c), then one
 * table (peers-text.c) or JSON (peers-json.c) with MB/s, cycles per byte
 * and the ratio of each row's time to the fastest peer's, and the
 * comparisons that the project's targets name (tables in
 * peers-targets.c, verdicts in peers-verdict.c), or with --headline or
 * --targets only those. Not security code (fixed keys, nothing secret);
 * needs no CPU feature. Example: `peers --headline`, AMD EPYC (Zen 5)
 * under a hypervisor, 2026-11-30: AES-128 CBC encryption of 8192 bytes,
 * aes-generic 4.60 TSC cycles/byte, libgcrypt's table assembly 6.41 (more
 * in bench/README.md).
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cpu.h"
#include "peers.h"

/* ---- options ------------------------------------------------------------ */

static void usage(FILE *f)
{
	fprintf(f,
		"usage: peers [--headline | --targets] [--json] [--all] [--sec S]\n"
		"             [--sizes N,...] [--alg A,...] [--mode M,...]\n"
		"             [--lib L,...] [--config C,...]\n"
		"Without --headline: the whole table, then the headline\n"
		"comparisons at the largest size.\n"
		"  --headline  only the comparisons the targets name (configs\n"
		"              nohw and scalar, 8192 bytes, 1 s each)\n"
		"  --targets   the x86-64 speed targets (issues 5, 10, 11,\n"
		"              12, 13): every algorithm and mode at the sizes\n"
		"              the targets name (16 and 8192 bytes; 4096;\n"
		"              CMAC 16, 64, 1024, 4096; GCM 16, 64, 1420,\n"
		"              8192; CCM 8192) in all configs, 0.2 s each,\n"
		"              ratios to the best peer and to the AES\n"
		"              instruction bounds, verdicts\n"
		"  --json      JSON instead of text\n"
		"  --all       also every cryptarch instance, not only the\n"
		"              selected ones\n"
		"  --sec S     time budget per measurement (default 0.05;\n"
		"              1 with --headline)\n"
		"  --sizes     request sizes for every mode (the skcipher\n"
		"              modes take the multiples of 16 among them;\n"
		"              default 16,256,1024,8192, with 4096 for\n"
		"              cbc-dec, ctr, xctr, cts; 16,64,256,1024,4096\n"
		"              for cmac, xcbc; 16,64,256,512,1024,1420,4096,\n"
		"              8192 for gcm, ccm; 8192 with --headline)\n"
		"  --alg       aes-128 aes-256 twofish-128 twofish-256 aes\n"
		"              twofish all\n"
		"  --mode      ecb cbc-enc cbc-dec cbc ctr xts xctr cts-enc\n"
		"              cts-dec cts cmac xcbc mac gcm-enc gcm-dec gcm\n"
		"              ccm-enc ccm-dec ccm aead; batches of 8, 16\n"
		"              or 32 independent requests (AES, 512 and\n"
		"              4096 bytes each): cbc-mb8 cbc-mb16 cbc-mb32\n"
		"              cbc-mb cmac-mb8 cmac-mb16 cmac-mb32 cmac-mb,\n"
		"              mb (both, and cbc-enc); all\n"
		"  --lib       cryptarch openssl gcrypt nettle ipsecmb\n"
		"  --config    hw nohw scalar all (default all; nohw,scalar\n"
		"              with --headline)\n");
}

static void die_usage(const char *fmt, const char *arg)
{
	fprintf(stderr, "peers: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\n");
	usage(stderr);
	exit(2);
}

/* Match each comma-separated word of S against NAMES (N entries), plus the
 * aliases the caller handles through ALIAS; returns a bit mask. */
static unsigned parse_list(const char *s, const char *const *names, size_t n,
			   const char *what,
			   unsigned (*alias)(const char *w, size_t len))
{
	unsigned mask = 0;

	while (*s) {
		size_t len = strcspn(s, ","), i;
		unsigned m = 0;

		for (i = 0; i < n; i++)
			if (strlen(names[i]) == len &&
			    memcmp(names[i], s, len) == 0)
				m = 1u << i;
		if (!m && len == 3 && memcmp(s, "all", 3) == 0)
			m = (1u << n) - 1;
		if (!m && alias)
			m = alias(s, len);
		if (!m)
			die_usage(what, s);
		mask |= m;
		s += len;
		if (*s == ',')
			s++;
	}
	return mask;
}

static unsigned alg_alias(const char *w, size_t len)
{
	if (len == 3 && memcmp(w, "aes", 3) == 0)
		return 0x3;
	if (len == 7 && memcmp(w, "twofish", 7) == 0)
		return 0xc;
	return 0;
}

static unsigned mode_alias(const char *w, size_t len)
{
	if (len == 3 && memcmp(w, "cbc", 3) == 0)
		return (1u << CBC_ENC) | (1u << CBC_DEC);
	if (len == 3 && memcmp(w, "cts", 3) == 0)
		return (1u << CTS_ENC) | (1u << CTS_DEC);
	if (len == 3 && memcmp(w, "mac", 3) == 0)
		return (1u << CMAC) | (1u << XCBC);
	if (len == 3 && memcmp(w, "gcm", 3) == 0)
		return (1u << GCM_ENC) | (1u << GCM_DEC);
	if (len == 3 && memcmp(w, "ccm", 3) == 0)
		return (1u << CCM_ENC) | (1u << CCM_DEC);
	if (len == 6 && memcmp(w, "cbc-mb", 6) == 0)
		return (1u << CBC_MB8) | (1u << CBC_MB16) | (1u << CBC_MB32);
	if (len == 7 && memcmp(w, "cmac-mb", 7) == 0)
		return (1u << CMAC_MB8) | (1u << CMAC_MB16) |
		       (1u << CMAC_MB32);
	/* the batches, and the single-stream CBC encryption they are
	 * compared with (--targets) */
	if (len == 2 && memcmp(w, "mb", 2) == 0)
		return (1u << CBC_MB8) | (1u << CBC_MB16) | (1u << CBC_MB32) |
		       (1u << CMAC_MB8) | (1u << CMAC_MB16) |
		       (1u << CMAC_MB32) | (1u << CBC_ENC);
	if (len == 4 && memcmp(w, "aead", 4) == 0)
		return (1u << GCM_ENC) | (1u << GCM_DEC) | (1u << CCM_ENC) |
		       (1u << CCM_DEC);
	return 0;
}

static void parse_sizes(struct opts *o, const char *s)
{
	o->nsizes = 0;
	while (*s) {
		char *end;
		unsigned long v;

		errno = 0;
		v = strtoul(s, &end, 10);
		if (errno || end == s || (*end && *end != ',') || v == 0 ||
		    v > MAX_SIZE || o->nsizes == MAX_SIZES)
			die_usage("bad --sizes (at most 16 of them, 1 byte to "
				  "16 MiB): %s",
				  s);
		o->sizes[o->nsizes++] = v;
		s = *end ? end + 1 : end;
	}
	if (!o->nsizes)
		die_usage("empty --sizes%s", "");
}

static void parse_opts(struct opts *o, int argc, char **argv)
{
	const char *cfg_names[NCONFIGS], *alg_names[NALGS];
	const char *mode_names[NMODES];
	int i;

	for (i = 0; i < NCONFIGS; i++)
		cfg_names[i] = peers_configs[i].name;
	for (i = 0; i < NALGS; i++)
		alg_names[i] = peers_algs[i].name;
	for (i = 0; i < NMODES; i++)
		mode_names[i] = peers_modes[i].name;
	memset(o, 0, sizeof(*o));
	o->argv0 = argv[0];
	o->fd = -1;
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;
		int takes = 1;

		if (!strcmp(a, "--json"))
			o->json = 1, takes = 0;
		else if (!strcmp(a, "--all"))
			o->all = 1, takes = 0;
		else if (!strcmp(a, "--headline"))
			o->headline = 1, takes = 0;
		else if (!strcmp(a, "--targets"))
			o->targets = 1, takes = 0;
		else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			usage(stdout);
			exit(0);
		} else if (strcmp(a, "--sec") && strcmp(a, "--sizes") &&
			   strcmp(a, "--alg") && strcmp(a, "--mode") &&
			   strcmp(a, "--lib") && strcmp(a, "--config") &&
			   strcmp(a, "--child") && strcmp(a, "--fd"))
			die_usage("unknown option: %s", a);
		else if (!v)
			die_usage("missing value for %s", a);
		else if (!strcmp(a, "--sec"))
			o->sec_arg = v;
		else if (!strcmp(a, "--sizes"))
			o->sizes_arg = v, o->sizes_given = 1;
		else if (!strcmp(a, "--alg"))
			o->alg_arg = v;
		else if (!strcmp(a, "--mode"))
			o->mode_arg = v;
		else if (!strcmp(a, "--lib"))
			o->lib_arg = v;
		else if (!strcmp(a, "--config"))
			o->config_mask = parse_list(v, cfg_names, NCONFIGS,
						    "unknown --config: %s",
						    NULL);
		else if (!strcmp(a, "--child"))
			o->child = v;
		else
			o->fd = atoi(v);
		i += takes;
	}

	o->sec = o->headline ? 1.0 : o->targets ? 0.2 : 0.05;
	if (o->sec_arg) {
		char *end;

		o->sec = strtod(o->sec_arg, &end);
		if (end == o->sec_arg || *end || !(o->sec >= 0) || o->sec > 60)
			die_usage("bad --sec (0 to 60 seconds): %s",
				  o->sec_arg);
	}
	if (!o->sizes_arg)
		o->sizes_arg = o->headline ? "8192" :
			       o->targets  ? "16,8192" :
					     "16,256,1024,8192";
	parse_sizes(o, o->sizes_arg);
	o->alg_mask = o->alg_arg ? parse_list(o->alg_arg, alg_names, NALGS,
					      "unknown --alg: %s", alg_alias) :
				   (1u << NALGS) - 1;
	o->mode_mask = o->mode_arg ?
			       parse_list(o->mode_arg, mode_names, NMODES,
					  "unknown --mode: %s", mode_alias) :
			       (1u << NMODES) - 1;
	o->lib_mask = o->lib_arg ?
			      parse_list(o->lib_arg, peers_lib_names, NLIBS,
					 "unknown --lib: %s", NULL) :
			      (1u << NLIBS) - 1;
	if (!o->config_mask)
		o->config_mask = o->headline ? 0x6 : 0x7;
}

/* ---- one child per configuration ------------------------------------- */

static void set_env(const char *name, const char *value)
{
	if (value)
		setenv(name, value, 1);
	else
		unsetenv(name);
}

static void cryptarch_disable_list(uint64_t mask, char *buf, size_t n)
{
	const struct cryptarch_cpu_name *c;
	size_t used = 0;

	buf[0] = '\0';
	for (c = cryptarch_cpu_names; c->name; c++) {
		if (!(c->bit & mask))
			continue;
		snprintf(buf + used, n - used, "%s%s", used ? "," : "",
			 c->name);
		used = strlen(buf);
	}
}

/* Measure configuration CFG in a child process; returns its status. */
static int run_config(const struct opts *o, int cfg)
{
	const struct config *c = &peers_configs[cfg];
	char fdbuf[16], secbuf[32], dis[256];
	const char *argv[24];
	int fds[2], status, n = 0;
	char *line = NULL;
	size_t linecap = 0;
	FILE *in;
	pid_t pid;

	if (pipe(fds)) {
		perror("peers: pipe");
		return -1;
	}
	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid < 0) {
		perror("peers: fork");
		return -1;
	}
	if (pid == 0) {
		close(fds[0]);
		set_env("OPENSSL_ia32cap", c->ia32cap);
		set_env("OPENSSL_armcap", c->armcap);
		set_env("NETTLE_FAT_OVERRIDE", c->nettle);
		cryptarch_disable_list(c->cryptarch_off, dis, sizeof(dis));
		set_env("CRYPTARCH_DISABLE", dis[0] ? dis : NULL);
		snprintf(fdbuf, sizeof(fdbuf), "%d", fds[1]);
		snprintf(secbuf, sizeof(secbuf), "%.17g", o->sec);
		argv[n++] = o->argv0;
		argv[n++] = "--child";
		argv[n++] = c->name;
		argv[n++] = "--fd";
		argv[n++] = fdbuf;
		argv[n++] = "--sec";
		argv[n++] = secbuf;
		if (o->sizes_given) {
			argv[n++] = "--sizes";
			argv[n++] = o->sizes_arg;
		}
		if (o->alg_arg) {
			argv[n++] = "--alg";
			argv[n++] = o->alg_arg;
		}
		if (o->mode_arg) {
			argv[n++] = "--mode";
			argv[n++] = o->mode_arg;
		}
		if (o->lib_arg) {
			argv[n++] = "--lib";
			argv[n++] = o->lib_arg;
		}
		if (o->all)
			argv[n++] = "--all";
		if (o->headline)
			argv[n++] = "--headline";
		if (o->targets)
			argv[n++] = "--targets";
		argv[n] = NULL;
		/* execv's argv is char *const[] for historical reasons; it
		 * does not modify the strings. */
		execv("/proc/self/exe", (char *const *)(uintptr_t)argv);
		execvp(o->argv0, (char *const *)(uintptr_t)argv);
		perror("peers: exec");
		_exit(127);
	}
	close(fds[1]);
	in = fdopen(fds[0], "r");
	if (!in) {
		close(fds[0]);
		waitpid(pid, &status, 0);
		return -1;
	}
	while (getline(&line, &linecap, in) > 0)
		peers_parse_record(line);
	free(line);
	fclose(in);
	if (waitpid(pid, &status, 0) < 0)
		return -1;
	if (!WIFEXITED(status) || WEXITSTATUS(status)) {
		fprintf(stderr, "peers: the %s run failed (status %d)\n",
			c->name, status);
		return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct opts o;
	size_t c;
	int failed = 0;

	parse_opts(&o, argc, argv);
	if (o.child)
		return peers_child(&o);

	for (c = 0; c < NCONFIGS; c++)
		if ((o.config_mask & (1u << c)) && run_config(&o, (int)c))
			failed = 1;
	if (!peers_nrows) {
		fprintf(stderr, "peers: nothing was measured\n");
		return 1;
	}
	peers_finish_rows();
	if (o.json) {
		peers_print_json(&o);
	} else {
		peers_print_header(&o);
		if (!o.headline) {
			peers_print_table(&o);
			printf("\n");
		}
		if (o.targets)
			failed |= peers_print_targets(&o) < 0;
		else
			peers_print_headline(&o);
	}
	peers_free_rows();
	return failed;
}
