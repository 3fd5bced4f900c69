/* SPDX-License-Identifier: MIT */
/*
 * peers-results.c - the results of bench/peers as the parent collects them
 * from its children's records (peers.h): the rows (one per library,
 * instance, configuration, algorithm, mode and size, or one saying why it
 * could not be measured) and the key-values that describe each
 * configuration; sorting, each row's ratio to the fastest peer, lookups by
 * configuration, library, driver, algorithm, mode and size, and the lines
 * fitted through the sizes. Nothing is measured here.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "peers.h"
#include "spec.h"

struct row *peers_rows;
size_t peers_nrows;
struct kv *peers_kvs;
size_t peers_nkvs;
static size_t cap_rows, cap_kvs;

static void *grow_array(void *p, size_t *cap, size_t n, size_t elem)
{
	if (n < *cap)
		return p;
	*cap = *cap ? *cap * 2 : 64;
	p = realloc(p, *cap * elem);
	if (!p) {
		fprintf(stderr, "peers: out of memory\n");
		exit(1);
	}
	return p;
}

static void copy(char *dst, size_t n, const char *src)
{
	snprintf(dst, n, "%s", src ? src : "");
}

/* see peers.h */
void peers_parse_record(char *line)
{
	char *f[12];
	int n = 0, cfg;

	line[strcspn(line, "\n")] = '\0';
	f[n++] = line;
	while (n < 12 && (line = strchr(line, '\t'))) {
		*line++ = '\0';
		f[n++] = line;
	}
	if (n < 4)
		return;
	cfg = peers_config_index(f[1]);
	if (cfg < 0)
		return;
	if (f[0][0] == 'I') {
		struct kv *k;

		peers_kvs = grow_array(peers_kvs, &cap_kvs, peers_nkvs,
				       sizeof(*peers_kvs));
		k = &peers_kvs[peers_nkvs++];
		k->cfg = cfg;
		copy(k->key, sizeof(k->key), f[2]);
		copy(k->val, sizeof(k->val), f[3]);
	} else if ((f[0][0] == 'R' && n == 11) || (f[0][0] == 'U' && n == 7)) {
		struct row *r;

		peers_rows = grow_array(peers_rows, &cap_rows, peers_nrows,
					sizeof(*peers_rows));
		r = &peers_rows[peers_nrows];
		memset(r, 0, sizeof(*r));
		r->seq = (int)peers_nrows++;
		r->cfg = cfg;
		copy(r->lib, sizeof(r->lib), f[2]);
		copy(r->impl, sizeof(r->impl), f[3]);
		r->alg = peers_alg_index(f[4]);
		r->mode = peers_mode_index(f[5]);
		if (f[0][0] == 'U') {
			copy(r->reason, sizeof(r->reason), f[6]);
			return;
		}
		r->ok = 1;
		r->bytes = strtoul(f[6], NULL, 10);
		r->ns = strtod(f[7], NULL);
		r->cyc = strtod(f[8], NULL);
		r->calls = strtoull(f[9], NULL, 10);
		r->secs = strtod(f[10], NULL);
	}
}

static int is_peer(const struct row *r)
{
	return !strcmp(r->lib, "openssl") || !strcmp(r->lib, "gcrypt") ||
	       !strcmp(r->lib, "nettle") || !strcmp(r->lib, "ipsecmb");
}

/* Fill each row's ratio: its time over the best peer time for the same
 * configuration, algorithm, mode and size. */
static void compute_ratios(void)
{
	size_t i, j;

	for (i = 0; i < peers_nrows; i++) {
		double best = 0;

		if (!peers_rows[i].ok)
			continue;
		for (j = 0; j < peers_nrows; j++) {
			const struct row *p = &peers_rows[j];

			if (p->ok && is_peer(p) &&
			    p->cfg == peers_rows[i].cfg &&
			    p->alg == peers_rows[i].alg &&
			    p->mode == peers_rows[i].mode &&
			    p->bytes == peers_rows[i].bytes &&
			    (best == 0 || p->ns < best))
				best = p->ns;
		}
		peers_rows[i].ratio = best > 0 ? peers_rows[i].ns / best : 0;
	}
}

static int lib_rank(const char *lib)
{
	if (!strncmp(lib, "cryptarch", 9))
		return 0;
	return 1;
}

static int row_cmp(const void *pa, const void *pb)
{
	const struct row *a = pa, *b = pb;

	if (a->cfg != b->cfg)
		return a->cfg - b->cfg;
	if (a->alg != b->alg)
		return a->alg - b->alg;
	if (a->mode != b->mode)
		return a->mode - b->mode;
	if (a->bytes != b->bytes)
		return a->bytes < b->bytes ? -1 : 1;
	if (lib_rank(a->lib) != lib_rank(b->lib))
		return lib_rank(a->lib) - lib_rank(b->lib);
	return a->seq - b->seq;
}

/* see peers.h */
void peers_finish_rows(void)
{
	qsort(peers_rows, peers_nrows, sizeof(*peers_rows), row_cmp);
	compute_ratios();
}

/* see peers.h */
void peers_free_rows(void)
{
	free(peers_rows);
	free(peers_kvs);
	peers_rows = NULL;
	peers_kvs = NULL;
	peers_nrows = peers_nkvs = cap_rows = cap_kvs = 0;
}

/* see peers.h */
const char *peers_kv(int cfg, const char *name)
{
	size_t i;

	for (i = 0; i < peers_nkvs; i++)
		if (peers_kvs[i].cfg == cfg && !strcmp(peers_kvs[i].key, name))
			return peers_kvs[i].val;
	return NULL;
}

/* see peers.h */
const char *peers_kv_or(int cfg, const char *name, const char *dflt)
{
	const char *v = peers_kv(cfg, name);

	return v && *v ? v : dflt;
}

/* see peers.h */
int peers_impl_width(void)
{
	size_t i, w = 26;

	for (i = 0; i < peers_nrows; i++)
		if (strlen(peers_rows[i].impl) > w)
			w = strlen(peers_rows[i].impl);
	return (int)w;
}

/* see peers.h */
double peers_mbps(const struct row *r)
{
	return r->ns > 0 ? (double)r->bytes / r->ns * 1e3 : 0;
}

/* see peers.h */
double peers_cpb(const struct row *r)
{
	return r->bytes ? r->cyc / (double)r->bytes : 0;
}

/* see peers.h */
int peers_instance_of(const char *impl, const char *driver)
{
	const struct cryptarch_driver *base;
	struct cryptarch_spec s;

	if (cryptarch_spec_find(impl, strlen(impl), &s))
		return 0;
	base = cryptarch_spec_base(&s);
	return base && !strcmp(base->name, driver);
}

/* see peers.h */
const struct row *peers_find(const char *cfg, const char *lib,
			     const char *driver, const char *alg,
			     const char *mode, size_t bytes)
{
	size_t i;

	for (i = 0; i < peers_nrows; i++) {
		const struct row *r = &peers_rows[i];

		if (!r->ok || r->bytes != bytes ||
		    strcmp(peers_configs[r->cfg].name, cfg) || r->alg < 0 ||
		    strcmp(peers_algs[r->alg].name, alg) || r->mode < 0 ||
		    strcmp(peers_modes[r->mode].name, mode) ||
		    strcmp(r->lib, lib))
			continue;
		if (!driver || peers_instance_of(r->impl, driver))
			return r;
	}
	return NULL;
}

/* see peers.h */
size_t peers_fits(struct fit *out, size_t max)
{
	size_t i, j, n = 0;

	for (i = 0; i < peers_nrows && n < max; i++) {
		const struct row *r = &peers_rows[i];
		double x[MAX_SIZES], y[MAX_SIZES];
		size_t k = 0, seen = 0;

		if (!r->ok)
			continue;
		/* only at the first row of its group */
		for (j = 0; j < i; j++)
			if (peers_rows[j].ok && peers_rows[j].cfg == r->cfg &&
			    peers_rows[j].alg == r->alg &&
			    peers_rows[j].mode == r->mode &&
			    !strcmp(peers_rows[j].lib, r->lib) &&
			    !strcmp(peers_rows[j].impl, r->impl))
				seen = 1;
		if (seen)
			continue;
		for (j = i; j < peers_nrows && k < MAX_SIZES; j++) {
			const struct row *s = &peers_rows[j];

			if (s->ok && s->cfg == r->cfg && s->alg == r->alg &&
			    s->mode == r->mode && !strcmp(s->lib, r->lib) &&
			    !strcmp(s->impl, r->impl)) {
				x[k] = (double)s->bytes;
				y[k] = s->cyc > 0 ? s->cyc : s->ns;
				k++;
			}
		}
		if (k < 2)
			continue;
		out[n].first = r;
		out[n].ncyc = r->cyc > 0;
		harness_fit(x, y, k, &out[n].slope, &out[n].intercept);
		n++;
	}
	return n;
}
