/* SPDX-License-Identifier: MIT */
/*
 * peers-json.c - the JSON output of bench/peers (--json): the run (version,
 * CPU, compiler, flags, time per measurement), the configurations with
 * every key-value their child reported (environment, library versions,
 * what each library says it uses), every row, the fitted lines, and the
 * headline comparisons with their verdicts (evaluated by peers-verdict.c).
 * Strings are written by report_json_string().
 */
#include <stdio.h>
#include <stdlib.h>

#include "cryptarch.h"
#include "peers.h"
#include "report.h"
#include "skbench.h"

static void json_row(const struct row *r)
{
	printf("{\"config\": ");
	report_json_string(stdout, peers_configs[r->cfg].name);
	printf(", \"lib\": ");
	report_json_string(stdout, r->lib);
	printf(", \"impl\": ");
	report_json_string(stdout, r->impl);
	printf(", \"alg\": ");
	report_json_string(stdout, r->alg >= 0 ? peers_algs[r->alg].name : "?");
	printf(", \"mode\": ");
	report_json_string(stdout,
			   r->mode >= 0 ? peers_modes[r->mode].name : "?");
	if (!r->ok) {
		printf(", \"unavailable\": ");
		report_json_string(stdout, r->reason);
		printf("}");
		return;
	}
	printf(", \"bytes\": %zu, \"calls\": %llu, \"seconds\": %.6f, "
	       "\"ns_per_call\": %.3f, \"mb_per_s\": %.3f",
	       r->bytes, r->calls, r->secs, r->ns, peers_mbps(r));
	if (r->cyc > 0)
		printf(", \"cycles_per_byte\": %.4f", peers_cpb(r));
	else
		printf(", \"cycles_per_byte\": null");
	if (r->ratio > 0)
		printf(", \"x_best_peer\": %.4f}", r->ratio);
	else
		printf(", \"x_best_peer\": null}");
}

static void json_ref(const struct row *r)
{
	if (!r) {
		printf("null");
		return;
	}
	printf("{\"config\": ");
	report_json_string(stdout, peers_configs[r->cfg].name);
	printf(", \"lib\": ");
	report_json_string(stdout, r->lib);
	printf(", \"impl\": ");
	report_json_string(stdout, r->impl);
	printf(", \"mb_per_s\": %.3f", peers_mbps(r));
	if (r->cyc > 0)
		printf(", \"cycles_per_byte\": %.4f}", peers_cpb(r));
	else
		printf(", \"cycles_per_byte\": null}");
}

static void json_headline(const struct headline *h, size_t bytes)
{
	struct hl_eval e;
	size_t p, t;

	peers_hl_evaluate(h, bytes, &e);
	printf("{\"title\": ");
	report_json_string(stdout, h->title);
	printf(", \"bytes\": %zu, \"driver\": ", bytes);
	report_json_string(stdout, h->driver);
	printf(", \"cryptarch\": ");
	json_ref(e.ca);
	printf(", \"peers\": [");
	for (p = 0; p < HL_PEERS && h->peers[p].lib; p++) {
		printf("%s", p ? ", " : "");
		json_ref(e.peer[p]);
	}
	printf("], \"targets\": [");
	for (t = 0; t < HL_TARGETS && h->targets[t].label; t++) {
		double r = e.target_ratio[t];

		printf("%s{\"target\": ", t ? ", " : "");
		report_json_string(stdout, h->targets[t].label);
		printf(", \"limit\": %.2f, \"versus\": ", h->targets[t].limit);
		json_ref(e.target_row[t]);
		if (r > 0)
			printf(", \"ratio\": %.4f, \"met\": %s}", r,
			       r <= h->targets[t].limit ? "true" : "false");
		else
			printf(", \"ratio\": null, \"met\": null}");
	}
	printf("]}");
}

/* see peers.h */
void peers_print_json(const struct opts *o)
{
	char cpu[256];
	size_t i, c, s, nf, nh, hsizes[MAX_SIZES];
	const char *sep = "";
	struct fit *f;

	report_cpu_model(cpu, sizeof(cpu));
	printf("{\n  \"cryptarch\": ");
	report_json_string(stdout, CRYPTARCH_VERSION_STRING);
	printf(",\n  \"cpu\": ");
	report_json_string(stdout, cpu);
	printf(",\n  \"compiler\": ");
	report_json_string(stdout, skbench_compiler());
	printf(",\n  \"cflags\": ");
	report_json_string(stdout, PEERS_CFLAGS);
	printf(",\n  \"seconds_per_measurement\": %g", o->sec);
	printf(",\n  \"configs\": [");
	for (c = 0; c < NCONFIGS; c++) {
		if (!(o->config_mask & (1u << c)))
			continue;
		printf("%s\n    {\"name\": ", sep);
		report_json_string(stdout, peers_configs[c].name);
		printf(", \"what\": ");
		report_json_string(stdout, peers_configs[c].what);
		for (i = 0; i < peers_nkvs; i++) {
			if (peers_kvs[i].cfg != (int)c)
				continue;
			printf(", ");
			report_json_string(stdout, peers_kvs[i].key);
			printf(": ");
			report_json_string(stdout, peers_kvs[i].val);
		}
		printf("}");
		sep = ",";
	}
	printf("\n  ],\n  \"results\": [");
	for (i = 0; i < peers_nrows; i++) {
		printf("%s\n    ", i ? "," : "");
		json_row(&peers_rows[i]);
	}
	printf("\n  ],\n  \"fits\": [");
	f = calloc(peers_nrows ? peers_nrows : 1, sizeof(*f));
	nf = f ? peers_fits(f, peers_nrows) : 0;
	for (i = 0; i < nf; i++) {
		const struct row *r = f[i].first;

		printf("%s\n    {\"config\": ", i ? "," : "");
		report_json_string(stdout, peers_configs[r->cfg].name);
		printf(", \"lib\": ");
		report_json_string(stdout, r->lib);
		printf(", \"impl\": ");
		report_json_string(stdout, r->impl);
		printf(", \"alg\": ");
		report_json_string(stdout, peers_algs[r->alg].name);
		printf(", \"mode\": ");
		report_json_string(stdout, peers_modes[r->mode].name);
		printf(", \"unit\": \"%s\", \"slope_per_byte\": %.4f, "
		       "\"overhead_per_call\": %.1f}",
		       f[i].ncyc ? "cycles" : "ns", f[i].slope, f[i].intercept);
	}
	free(f);
	printf("\n  ]");
	printf(",\n  \"headline\": [");
	sep = "";
	nh = peers_headline_sizes(o, hsizes);
	for (s = 0; s < nh; s++) {
		for (i = 0; i < peers_nheadlines; i++) {
			printf("%s\n    ", sep);
			json_headline(&peers_headlines[i], hsizes[s]);
			sep = ",";
		}
	}
	printf("\n  ]");
	printf("\n}\n");
}
