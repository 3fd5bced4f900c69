/* SPDX-License-Identifier: MIT */
/*
 * peers-verdict.c - the verdicts of bench/peers: the headline comparisons
 * and the speed targets of peers-targets.c evaluated over the collected
 * rows (peers-results.c) and printed as text: for each comparison
 * cryptarch's row, the peers' rows, cryptarch's time over each peer's and
 * whether each limit is met; for each target and each of its algorithms
 * and modes, cryptarch's selected instance, the fastest peer named, the
 * throughput ratio, the share of the AES instruction bound measured here
 * (aes-bound.c) where the target has one, and met or MISSED; for a
 * target against cryptarch's own row in another mode (xctr and ctr),
 * that row in place of the peer. A row that was not measured is said to
 * be so, never counted as met.
 */
#include <stdio.h>
#include <string.h>

#include "aes-bound.h"
#include "cryptarch.h"
#include "peers.h"

/* see peers.h */
void peers_hl_evaluate(const struct headline *h, size_t bytes,
		       struct hl_eval *e)
{
	size_t p, t;

	memset(e, 0, sizeof(*e));
	/* The selection under the target's flags if it is the driver the
	 * target names, else that driver measured by name. */
	e->ca = peers_find(h->config,
			   h->flags & CRYPTARCH_ALLOW_VARIABLE_TIME ?
				   "cryptarch-vt" :
				   "cryptarch-ct",
			   h->driver, h->alg, h->mode, bytes);
	if (!e->ca)
		e->ca = peers_find(h->config, "cryptarch", h->driver, h->alg,
				   h->mode, bytes);
	for (p = 0; p < HL_PEERS && h->peers[p].lib; p++)
		e->peer[p] = peers_find(h->peers[p].config, h->peers[p].lib,
					NULL, h->alg, h->mode, bytes);
	for (t = 0; t < HL_TARGETS && h->targets[t].label; t++) {
		const struct row *best = NULL;

		if (h->targets[t].peer >= 0) {
			best = e->peer[h->targets[t].peer];
		} else {
			for (p = 0; p < HL_PEERS && h->peers[p].lib; p++)
				if (h->peers[p].table && e->peer[p] &&
				    (!best || e->peer[p]->ns < best->ns))
					best = e->peer[p];
		}
		e->target_row[t] = best;
		if (best && e->ca)
			e->target_ratio[t] = e->ca->ns / best->ns;
	}
}

static void print_headline_row(const struct row *r, const char *cfg,
			       const char *lib, const struct row *ca,
			       const char *note)
{
	if (!r) {
		printf("  %-6s %-10s %-26s not measured\n", cfg, lib, "-");
		return;
	}
	printf("  %-6s %-10s %-26s %9.1f ", peers_configs[r->cfg].name, lib,
	       r->impl, peers_mbps(r));
	if (r->cyc > 0)
		printf("%7.2f ", peers_cpb(r));
	else
		printf("%7s ", "-");
	if (ca && r != ca)
		printf("%8.2f  ", ca->ns / r->ns);
	else
		printf("%8s  ", "");
#if defined(__x86_64__)
	printf("%s", note ? note : "");
#else
	(void)note;
#endif
	printf("\n");
}

/* Print comparison H at BYTES; returns 0 (and prints nothing) if none of
 * its rows was measured. */
static int print_headline_one(const struct headline *h, size_t bytes)
{
	struct hl_eval e;
	size_t p, t;
	int any;

	peers_hl_evaluate(h, bytes, &e);
	any = e.ca != NULL;
	for (p = 0; p < HL_PEERS && h->peers[p].lib; p++)
		any |= e.peer[p] != NULL;
	if (!any)
		return 0;
	printf("== %s, %zu-byte requests ==\n", h->title, bytes);
	printf("  %-6s %-10s %-26s %9s %7s %8s\n", "config", "lib", "impl",
	       "MB/s", "cyc/B", "ca/peer");
	print_headline_row(e.ca, h->config, "cryptarch", NULL,
			   h->flags & CRYPTARCH_ALLOW_VARIABLE_TIME ?
				   "variable-time" :
				   "constant-time");
	for (p = 0; p < HL_PEERS && h->peers[p].lib; p++)
		print_headline_row(e.peer[p], h->peers[p].config,
				   h->peers[p].lib, e.ca, h->peers[p].note);
	for (t = 0; t < HL_TARGETS && h->targets[t].label; t++) {
		const struct row *b = e.target_row[t];
		double r = e.target_ratio[t];

		printf("  target: %s (<= %.2fx): ", h->targets[t].label,
		       h->targets[t].limit);
		if (!r)
			printf("not measured\n");
		else if (r <= h->targets[t].limit)
			printf("%.2fx vs %s (%s), met\n", r, b->lib,
			       peers_configs[b->cfg].name);
		else
			printf("%.2fx vs %s (%s), missed by %.0f%%\n", r,
			       b->lib, peers_configs[b->cfg].name,
			       (r / h->targets[t].limit - 1) * 100);
	}
	printf("\n");
	return 1;
}

/* see peers.h */
size_t peers_headline_sizes(const struct opts *o, size_t *out)
{
	size_t i, n = 0, max = 0;

	for (i = 0; i < o->nsizes; i++) {
		if (o->headline)
			out[n++] = o->sizes[i];
		else if (o->sizes[i] > max)
			max = o->sizes[i];
	}
	if (!o->headline)
		out[n++] = max;
	return n;
}

/* see peers.h */
void peers_print_headline(const struct opts *o)
{
	size_t sizes[MAX_SIZES], n, i, s;
	int any = 0;

	n = peers_headline_sizes(o, sizes);
	for (s = 0; s < n; s++)
		for (i = 0; i < peers_nheadlines; i++)
			any |= print_headline_one(&peers_headlines[i],
						  sizes[s]);
	if (any)
		printf("ca/peer: cryptarch's time per request over the "
		       "peer's (above 1: cryptarch is slower).\n");
}

/*
 * One line of target TG: algorithm A, mode M. Returns 1 if met, 0 if
 * missed, -1 if not measured. B is the bound measured here (NULL: none).
 */
static int print_target_row(const struct target *tg, int a, int m,
			    const struct aes_bound *b)
{
	const char *alg = peers_algs[a].name, *mode = peers_modes[m].name;
	const struct row *ca, *best = NULL;
	char peer[sizeof(((struct row *)0)->impl)];
	double ratio, bnd = 0;
	size_t p;
	int ok;

	ca = peers_find(tg->ca_cfg, tg->ca_lib, NULL, alg, mode, tg->bytes);
	if (tg->versus)
		best = peers_find(tg->ca_cfg,
				  tg->versus_lib ? tg->versus_lib : tg->ca_lib,
				  NULL, alg, tg->versus, tg->bytes);
	for (p = 0; !tg->versus && p < TARGET_PEERS && tg->peers[p].lib; p++) {
		const struct row *r = peers_find(tg->peers[p].config,
						 tg->peers[p].lib, NULL, alg,
						 mode, tg->bytes);

		if (r && (!best || r->ns < best->ns))
			best = r;
	}
	if (!ca || !best) {
		printf("  %-11s %-9s not measured (%s)\n", alg, mode,
		       !ca	  ? "cryptarch" :
		       tg->versus ? tg->versus :
				    "peers");
		return -1;
	}
	ratio = best->ns / ca->ns;
	ok = ratio >= tg->min;
	if (tg->bound != BOUND_NONE && b && ca->cyc > 0) {
		unsigned rounds = peers_algs[a].bits == 128 ? 10 : 14;

		if (tg->bound == BOUND_PARALLEL) {
			bnd = aes_bound_parallel_cpb(b, rounds) / peers_cpb(ca);
			ok &= bnd >= tg->frac;
		} else {
			bnd = peers_cpb(ca) / aes_bound_serial_cpb(b, rounds);
			if (tg->frac > 0)
				ok &= bnd <= tg->frac;
		}
	}
	if (tg->versus)
		snprintf(peer, sizeof(peer), "%s", best->impl);
	else
		snprintf(peer, sizeof(peer), "%s %s",
			 peers_configs[best->cfg].name, best->lib);
	printf("  %-11s %-9s %-*s %7.3f  %-22s %7.3f %5.2fx ", alg, mode,
	       peers_impl_width(), ca->impl, peers_cpb(ca), peer,
	       peers_cpb(best), ratio);
	if (bnd > 0)
		printf("%6.0f%%  ", bnd * 100);
	else
		printf("%7s  ", "-");
	printf("%s\n", ok ? "met" : "MISSED");
	return ok;
}

/* see peers.h */
int peers_print_targets(const struct opts *o)
{
	struct aes_bound b;
	int have_bound = aes_bound_measure(&b) == 0;
	int missed = 0, met = 0, unmeasured = 0, a, m;
	size_t t;

	printf("== speed targets (cryptarch / best peer, throughput; "
	       "TSC cycles/byte) ==\n");
	if (have_bound)
		printf("AES instruction bounds (bench/aes-bound.c): AESENC "
		       "latency %.2f cycles; one VAESENC per %.3f cycles on "
		       "xmm, %.3f on ymm, %.3f on zmm\n",
		       b.aesenc_latency, b.aesenc128_cpi, b.vaesenc256_cpi,
		       b.vaesenc512_cpi);
	if (have_bound && b.gcm_group > 0)
		printf("one AES-128-GCM group's instructions (80 VAESENC + 26 "
		       "VPCLMULQDQ on zmm, 32 blocks) issue in %.1f cycles: "
		       "%.3f cycles/byte\n",
		       b.gcm_group, aes_bound_gcm_cpb(&b));
	else
		printf("AES instruction bounds: not measured (needs AES-NI, "
		       "VAES and AVX-512 on x86-64)\n");
	for (t = 0; t < peers_ntargets; t++) {
		const struct target *tg = &peers_targets[t];
		unsigned am = tg->alg_mask & o->alg_mask;
		unsigned mm = tg->mode_mask & o->mode_mask;
		int ci = peers_config_index(tg->ca_cfg);

		/* only what this run measured (--alg, --mode, --config) */
		if (!am || !mm || ci < 0 || !(o->config_mask & (1u << ci)))
			continue;
		if (tg->versus && tg->min < 1)
			printf("\n-- %s, %zu bytes: need >= %.3fx of %s's "
			       "throughput (within %.0f%%)",
			       tg->what, tg->bytes, tg->min, tg->versus,
			       (1 / tg->min - 1) * 100);
		else if (tg->versus)
			printf("\n-- %s, %zu bytes: need >= %.2fx of %s%s%s's "
			       "throughput",
			       tg->what, tg->bytes, tg->min, tg->versus,
			       tg->versus_lib ? " " : "",
			       tg->versus_lib ? tg->versus_lib : "");
		else
			printf("\n-- %s, %zu bytes: need >= %.2fx", tg->what,
			       tg->bytes, tg->min);
		if (tg->bound == BOUND_PARALLEL)
			printf(" and >= %.0f%% of the 512-bit VAES bound",
			       tg->frac * 100);
		else if (tg->bound == BOUND_SERIAL && tg->frac > 0)
			printf(" and within %.0f%% of the latency bound",
			       (tg->frac - 1) * 100);
		else if (tg->bound == BOUND_SERIAL)
			printf(" (the share of the latency bound shown, not "
			       "required)");
		printf("\n");
		if (tg->note)
			printf("   (%s)\n", tg->note);
		printf("  %-11s %-9s %-*s %7s  %-22s %7s %6s %7s  %s\n", "alg",
		       "mode", peers_impl_width(), "cryptarch", "cyc/B",
		       tg->versus ? "cryptarch" : "best peer", "cyc/B",
		       "ratio", "bound", "verdict");
		for (a = 0; a < NALGS; a++) {
			if (!(am & (1u << a)))
				continue;
			for (m = 0; m < NMODES; m++) {
				int v;

				if (!(mm & (1u << m)))
					continue;
				v = print_target_row(tg, a, m,
						     have_bound ? &b : NULL);
				if (v > 0)
					met++;
				else if (v == 0)
					missed++;
				else
					unmeasured++;
			}
		}
	}
	printf("\n%d met, %d missed, %d not measured. ratio: cryptarch's "
	       "throughput over the best peer's (or over its own in the mode "
	       "compared with); bound: the bound's cycles per byte over "
	       "cryptarch's (parallel modes), cryptarch's over the latency "
	       "bound (CBC encryption, CMAC, CCM).\n",
	       met, missed, unmeasured);
	return met + missed ? missed : -1;
}
