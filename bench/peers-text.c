/* SPDX-License-Identifier: MIT */
/*
 * peers-text.c - the text output of bench/peers: the header (the version,
 * CPU, compiler and flags, timing, the cycle source, the libraries'
 * versions and, for each configuration, the environment set, what
 * libgcrypt reports using and the CPU features cryptarch uses), the table
 * of rows grouped by configuration, algorithm and mode (MB/s, cycles per
 * byte, the ratio to the fastest peer) and the lines fitted through the
 * sizes. The verdicts are peers-verdict.c's.
 */
#include <stdio.h>
#include <stdlib.h>

#include "cryptarch.h"
#include "peers.h"
#include "report.h"
#include "skbench.h"

/* see peers.h */
void peers_print_header(const struct opts *o)
{
	char cpu[256];
	size_t c;
	int first = 1;

	report_cpu_model(cpu, sizeof(cpu));
	printf("cryptarch %s peer benchmark\n", CRYPTARCH_VERSION_STRING);
	printf("cpu:       %s\n", cpu);
	printf("compiler:  %s, %s build, flags \"%s\"\n", skbench_compiler(),
	       PEERS_BUILD_TYPE, PEERS_CFLAGS);
	printf("timing:    CLOCK_MONOTONIC, best batch of %.2g s per "
	       "measurement; MB = 10^6 bytes\n",
	       o->sec);
	for (c = 0; c < NCONFIGS; c++) {
		int k = (int)c;
		const char *v;

		if (!(o->config_mask & (1u << c)))
			continue;
		if (first) {
			printf("cycles:    %s\n",
			       peers_kv_or(k, "cycles", "?"));
			printf("libraries: OpenSSL %s; libgcrypt %s; "
			       "nettle %s; intel-ipsec-mb %s\n",
			       peers_kv_or(k, "openssl", "?"),
			       peers_kv_or(k, "gcrypt", "?"),
			       peers_kv_or(k, "nettle", "?"),
			       peers_kv_or(k, "ipsecmb", "?"));
			first = 0;
		}
		printf("config %s: %s\n", peers_configs[c].name,
		       peers_configs[c].what);
		printf("    OPENSSL_ia32cap=%s NETTLE_FAT_OVERRIDE=%s "
		       "CRYPTARCH_DISABLE=%s\n",
		       peers_kv_or(k, "env OPENSSL_ia32cap", "-"),
		       peers_kv_or(k, "env NETTLE_FAT_OVERRIDE", "-"),
		       peers_kv_or(k, "env CRYPTARCH_DISABLE", "-"));
		printf("    libgcrypt uses: %s\n",
		       peers_kv_or(k, "gcrypt hwflist", "?"));
		v = peers_kv(k, "ipsecmb uses");
		if (v && *v)
			printf("    intel-ipsec-mb uses: %s\n", v);
		printf("    cryptarch uses: %s\n",
		       peers_kv_or(k, "cryptarch enabled", "-"));
		v = peers_kv(k, "cryptarch unknown");
		if (v && *v)
			printf("    CRYPTARCH_DISABLE words the core does not "
			       "know: %s\n",
			       v);
	}
	printf("\n");
}

static void print_row(const struct row *r, int iw)
{
	if (!r->ok) {
		printf("%-6s %-12s %-*s %-11s %-9s %6s  unavailable: %s\n",
		       peers_configs[r->cfg].name, r->lib, iw, r->impl,
		       r->alg >= 0 ? peers_algs[r->alg].name : "?",
		       r->mode >= 0 ? peers_modes[r->mode].name : "?", "-",
		       r->reason);
		return;
	}
	printf("%-6s %-12s %-*s %-11s %-9s %6zu %9.1f ",
	       peers_configs[r->cfg].name, r->lib, iw, r->impl,
	       peers_algs[r->alg].name, peers_modes[r->mode].name, r->bytes,
	       peers_mbps(r));
	if (r->cyc > 0)
		printf("%7.2f ", peers_cpb(r));
	else
		printf("%7s ", "-");
	if (r->ratio > 0)
		printf("%6.2f\n", r->ratio);
	else
		printf("%6s\n", "-");
}

/* see peers.h */
void peers_print_table(const struct opts *o)
{
	struct fit *f;
	size_t i, nf;
	int last_cfg = -1, last_alg = -1, last_mode = -1;
	const int iw = peers_impl_width();

	(void)o;
	printf("%-6s %-12s %-*s %-11s %-9s %6s %9s %7s %6s\n", "config", "lib",
	       iw, "impl", "alg", "mode", "bytes", "MB/s", "cyc/B", "x best");
	for (i = 0; i < peers_nrows; i++) {
		const struct row *r = &peers_rows[i];

		if (i && (r->cfg != last_cfg || r->alg != last_alg ||
			  r->mode != last_mode))
			printf("\n");
		last_cfg = r->cfg;
		last_alg = r->alg;
		last_mode = r->mode;
		print_row(r, iw);
	}
	printf("\nx best: the row's time per request divided by the fastest "
	       "peer's (OpenSSL,\nlibgcrypt, nettle, intel-ipsec-mb) in the "
	       "same configuration: 1.00 = as fast, 2.00 = twice\nas slow. "
	       "cmac, xcbc: one message per request, its tag written over "
	       "its first bytes.\n");

	f = calloc(peers_nrows ? peers_nrows : 1, sizeof(*f));
	if (!f)
		return;
	nf = peers_fits(f, peers_nrows);
	if (nf) {
		const char *u = f[0].ncyc ? "cyc" : "ns";

		printf("\nfitted over the sizes (least squares): cost per "
		       "request = slope x bytes + overhead\n");
		printf("%-6s %-12s %-*s %-11s %-9s %6s/B %6s/call\n", "config",
		       "lib", iw, "impl", "alg", "mode", u, u);
	}
	for (i = 0; i < nf; i++) {
		const struct row *r = f[i].first;

		printf("%-6s %-12s %-*s %-11s %-9s %8.2f %11.0f\n",
		       peers_configs[r->cfg].name, r->lib, iw, r->impl,
		       peers_algs[r->alg].name, peers_modes[r->mode].name,
		       f[i].slope, f[i].intercept);
	}
	free(f);
}
