/* SPDX-License-Identifier: MIT */
/*
 * speed.c - `cryptarch speed`: the Linux kernel's tcrypt skcipher speed test
 * and its output ("testing speed of cbc(aes) (cbc(aes-generic))
 * encryption", then "test N (K bit key, B byte blocks): OPS operations in S
 * seconds (BYTES bytes)"), over the modes of each cipher and the instances
 * of each implementation, followed by a summary table (MB/s, ns per call,
 * cycles per byte from the best batch) and a straight line fitted over the
 * sizes (per-byte cost, per-call overhead), or all of it as JSON. Timing
 * comes from bench/harness.c, the harness the peer benchmark uses. An
 * implementation that cannot run here still gets a row, saying why. Keys
 * and data are fixed patterns: nothing secret. No CPU features needed; the
 * implementations measured need their own.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cpu.h"
#include "harness.h"
#include "registry.h"
#include "report.h"

#define MAX_NAMES 64
#define MAX_SIZES 16
#define MAX_KEYS 3
#define MAX_SIZE (1u << 20)
#define DEFAULT_SEC 1.0
/* Per test in --tour: 144 tests (aes-generic, aes-ct64, twofish-generic)
 * take about a minute on AMD EPYC (Zen 5), 2026-11-30. */
#define TOUR_SEC 0.35

static const char usage[] =
	"usage: cryptarch speed [--alg NAME]... [--driver NAME]... [--all]\n"
	"         [--sec SECONDS] [--sizes N,...] [--keys BITS,...]\n"
	"         [--allow-variable-time] [--json] [--tour]\n"
	"\n"
	"The kernel tcrypt skcipher speed test, then a summary table.\n"
	"  --alg NAME     a mode of a cipher, e.g. cbc(aes) (repeatable or a\n"
	"                 comma list; default: every mode of every cipher);\n"
	"                 measures the implementation selected for NAME\n"
	"  --driver NAME  one instance, e.g. ctr-aes-ct64, cbc(aes-generic)\n"
	"                 (repeatable or a comma list), variable-time or not\n"
	"  --all          every implementation of each --alg, not only the\n"
	"                 selected one\n"
	"  --sec S        seconds per test (default 1; --tour: 0.35)\n"
	"  --sizes N,...  bytes per call, multiples of 16 (default\n"
	"                 16,64,256,1024,8192; --tour: 8192)\n"
	"  --keys B,...   cipher key bits: 128, 192, 256 (default all; xts\n"
	"                 keys are twice as long and printed so)\n"
	"  --allow-variable-time  select as CRYPTARCH_ALLOW_VARIABLE_TIME\n"
	"  --json         one JSON object instead of text\n"
	"  --tour         every mode, cipher and implementation, 8192 bytes,\n"
	"                 marking the selection under both policies\n";

struct opts {
	char names[MAX_NAMES][128];
	int is_driver[MAX_NAMES];
	size_t nnames;
	double sec;
	unsigned sizes[MAX_SIZES];
	size_t nsizes;
	unsigned keys[MAX_KEYS]; /* cipher key bits */
	size_t nkeys;
	unsigned flags;
	int json, all, tour;
};

/* One row group: an instance to measure, or one that cannot run. */
struct target {
	char alg[128];	 /* the name in the tcrypt header: "cbc(aes)" */
	char driver[96]; /* the instance; "" if none could be chosen */
	char open[128];	 /* the name to open, with OPEN_FLAGS */
	unsigned open_flags;
	const struct cryptarch_alg *impl; /* NULL if none */
	int mode;
	int available;
	char why[768];
	int sel;	    /* selected under the flags in effect */
	int sel_ct, sel_vt; /* selected under each policy */
};

struct point {
	size_t target;
	int decrypt;
	unsigned keybits; /* as printed: xts doubled */
	unsigned bytes;
	int err;
	struct harness_result r;
};

struct run {
	struct opts *o;
	struct target *t;
	size_t nt, capt;
	struct point *p;
	size_t np, capp;
};

/* The call the harness times: one request of LEN bytes, in place. */
struct bench {
	cryptarch_skcipher *tfm;
	uint8_t *buf;
	size_t len;
	uint8_t iv[16];
	int decrypt;
	int err;
};

static void tick(void *arg)
{
	struct bench *b = arg;
	int err;

	if (b->decrypt)
		err = cryptarch_skcipher_decrypt(b->tfm, b->buf, b->buf, b->len,
						 b->iv);
	else
		err = cryptarch_skcipher_encrypt(b->tfm, b->buf, b->buf, b->len,
						 b->iv);
	if (err)
		b->err = err;
}

static int add_names(struct opts *o, const char *list, int driver,
		     const char *opt)
{
	const char *p = list, *end;
	size_t n;

	do {
		end = strchr(p, ',');
		n = end ? (size_t)(end - p) : strlen(p);
		if (n == 0) {
			cli_error("speed", "%s: empty name in '%s'", opt, list);
			return -1;
		}
		if (n >= sizeof(o->names[0])) {
			cli_error("speed", "%s: name too long", opt);
			return -1;
		}
		if (o->nnames == MAX_NAMES) {
			cli_error("speed", "%s: more than %d names", opt,
				  MAX_NAMES);
			return -1;
		}
		memcpy(o->names[o->nnames], p, n);
		o->names[o->nnames][n] = '\0';
		o->is_driver[o->nnames++] = driver;
		if (end)
			p = end + 1;
	} while (end);
	return 0;
}

/* Parse a comma list of positive integers into V (at most MAX). */
static int numbers(const char *opt, const char *list, unsigned *v, size_t max,
		   size_t *n)
{
	const char *p = list;
	char *end;
	unsigned long x;

	*n = 0;
	for (;;) {
		errno = 0;
		x = strtoul(p, &end, 10);
		if (end == p || (*end != ',' && *end != '\0') || errno ||
		    *p == '-' || *p == '+' || x == 0 || x > MAX_SIZE) {
			cli_error("speed",
				  "%s: not a list of positive numbers: '%s'",
				  opt, list);
			return -1;
		}
		if (*n == max) {
			cli_error("speed", "%s: more than %zu values", opt,
				  max);
			return -1;
		}
		v[(*n)++] = (unsigned)x;
		if (*end == '\0')
			return 0;
		p = end + 1;
	}
}

static int parse(struct opts *o, int argc, char **argv)
{
	const char *v;
	size_t i;
	int k, r;

	for (k = 1; k < argc; k++) {
		const char *arg = argv[k];

		if (cli_flag(arg, "help") || strcmp(arg, "-h") == 0) {
			fputs(usage, stdout);
			return 1;
		}
		if (cli_flag(arg, "json")) {
			o->json = 1;
			continue;
		}
		if (cli_flag(arg, "all")) {
			o->all = 1;
			continue;
		}
		if (cli_flag(arg, "tour")) {
			o->tour = 1;
			continue;
		}
		if (cli_flag(arg, "allow-variable-time")) {
			o->flags |= CRYPTARCH_ALLOW_VARIABLE_TIME;
			continue;
		}
		if ((r = cli_value("speed", argc, argv, &k, "alg", &v))) {
			if (r < 0 || add_names(o, v, 0, "--alg"))
				return -1;
		} else if ((r = cli_value("speed", argc, argv, &k, "driver",
					  &v))) {
			if (r < 0 || add_names(o, v, 1, "--driver"))
				return -1;
		} else if ((r = cli_value("speed", argc, argv, &k, "sec",
					  &v))) {
			if (r < 0 || cli_double("speed", "--sec", v, &o->sec))
				return -1;
		} else if ((r = cli_value("speed", argc, argv, &k, "sizes",
					  &v))) {
			if (r < 0 || numbers("--sizes", v, o->sizes, MAX_SIZES,
					     &o->nsizes))
				return -1;
			for (i = 0; i < o->nsizes; i++) {
				if (o->sizes[i] % 16 == 0)
					continue;
				cli_error("speed",
					  "--sizes: %u is not a multiple of 16",
					  o->sizes[i]);
				return -1;
			}
		} else if ((r = cli_value("speed", argc, argv, &k, "keys",
					  &v))) {
			if (r < 0 ||
			    numbers("--keys", v, o->keys, MAX_KEYS, &o->nkeys))
				return -1;
			for (i = 0; i < o->nkeys; i++) {
				if (o->keys[i] == 128 || o->keys[i] == 192 ||
				    o->keys[i] == 256)
					continue;
				cli_error("speed",
					  "--keys: %u is not a key "
					  "size (128, 192 or 256)",
					  o->keys[i]);
				return -1;
			}
		} else {
			cli_bad_arg("speed", arg);
			return -1;
		}
	}
	return 0;
}

static struct target *new_target(struct run *run)
{
	struct target *t;

	if (run->nt == run->capt) {
		size_t cap = run->capt ? 2 * run->capt : 32;

		t = realloc(run->t, cap * sizeof(*t));
		if (!t)
			return NULL;
		run->t = t;
		run->capt = cap;
	}
	t = &run->t[run->nt++];
	memset(t, 0, sizeof(*t));
	t->mode = -1;
	return t;
}

/* The driver name NAME selects under FLAGS, or "" if none. */
static void selected(const char *name, unsigned flags, char *buf, size_t n)
{
	cryptarch_skcipher *tfm;

	buf[0] = '\0';
	if (cryptarch_skcipher_new(&tfm, name, flags) == 0) {
		snprintf(buf, n, "%s", cryptarch_skcipher_driver(tfm));
		cryptarch_skcipher_free(tfm);
	}
}

static void mark(const struct opts *o, struct target *t, const char *sel_for)
{
	char ct[96], vt[96];

	selected(sel_for, 0, ct, sizeof(ct));
	selected(sel_for, CRYPTARCH_ALLOW_VARIABLE_TIME, vt, sizeof(vt));
	t->sel_ct = t->driver[0] && strcmp(ct, t->driver) == 0;
	t->sel_vt = t->driver[0] && strcmp(vt, t->driver) == 0;
	t->sel = o->flags & CRYPTARCH_ALLOW_VARIABLE_TIME ? t->sel_vt :
							    t->sel_ct;
}

/* A named instance, measured with variable time allowed. */
static int add_instance(struct run *run, const struct cli_instance *inst,
			const char *sel_for)
{
	struct target *t = new_target(run);

	if (!t)
		return -ENOMEM;
	snprintf(t->alg, sizeof(t->alg), "%s", inst->algname);
	snprintf(t->driver, sizeof(t->driver), "%s", inst->name);
	snprintf(t->open, sizeof(t->open), "%s", inst->name);
	t->open_flags = CRYPTARCH_ALLOW_VARIABLE_TIME;
	t->impl = inst->alg;
	t->mode = inst->mode;
	t->available =
		!cli_unusable(inst->alg, t->open_flags, t->why, sizeof(t->why));
	mark(run->o, t, sel_for);
	return 0;
}

/* Every instance of every implementation that NAME ("cbc(aes)") covers. */
static int add_all(struct run *run, const char *name)
{
	struct cli_instance inst;
	char inner[128];
	size_t i;
	int mode, err, found = 0;

	if (cli_instance_find(name, &inst) == 0) {
		/* "cbc(aes-generic)": its template and bulk instances. */
		err = add_instance(run, &inst, name);
		if (!err && !inst.bulk &&
		    cryptarch_alg_has_bulk(inst.alg, inst.mode)) {
			cli_instance_set(&inst, inst.alg, inst.mode, 1);
			err = add_instance(run, &inst, name);
		}
		return err;
	}
	if (cryptarch_parse_name(name, &mode, inner, sizeof(inner)) ||
	    mode < 0 || mode >= CRYPTARCH_MODE_COUNT)
		return -ENOENT;
	for (i = 0; i < cryptarch_alg_count(); i++) {
		const struct cryptarch_alg *alg = cryptarch_alg_at(i);

		if (strcmp(alg->name, inner) != 0)
			continue;
		cli_instance_set(&inst, alg, mode, 0);
		err = add_instance(run, &inst, name);
		if (!err && cryptarch_alg_has_bulk(alg, mode)) {
			cli_instance_set(&inst, alg, mode, 1);
			err = add_instance(run, &inst, name);
		}
		if (err)
			return err;
		found = 1;
	}
	return found ? 0 : -ENOENT;
}

/* What NAME selects under the flags in effect, as tcrypt measures. */
static int add_selected(struct run *run, const char *name)
{
	struct target *t = new_target(run);
	struct cli_instance inst;
	cryptarch_skcipher *tfm;
	int r;

	if (!t)
		return -ENOMEM;
	snprintf(t->alg, sizeof(t->alg), "%s", name);
	r = cli_resolve(name, run->o->flags, &tfm, t->why, sizeof(t->why));
	if (r == CLI_R_MALFORMED || r == CLI_R_UNKNOWN) {
		cli_error("speed", "--alg: %s", t->why);
		run->nt--;
		return -EINVAL;
	}
	if (r != CLI_R_OK) {
		/* The phrase without the name, which the row shows. */
		size_t n = strlen(name);

		if (strncmp(t->why, name, n) == 0 && t->why[n] == ':')
			memmove(t->why, t->why + n + 2,
				strlen(t->why + n + 2) + 1);
		return 0;
	}
	snprintf(t->driver, sizeof(t->driver), "%s",
		 cryptarch_skcipher_driver(tfm));
	cryptarch_skcipher_free(tfm);
	snprintf(t->open, sizeof(t->open), "%s", name);
	t->open_flags = run->o->flags;
	if (cli_instance_find(t->driver, &inst) == 0) {
		t->impl = inst.alg;
		t->mode = inst.mode;
	}
	t->available = t->impl != NULL;
	if (!t->available)
		snprintf(t->why, sizeof(t->why), "unknown driver %s",
			 t->driver);
	mark(run->o, t, name);
	return 0;
}

/* The names "<mode>(<cipher>)" for every cipher and mode, cipher first. */
static void all_names(struct opts *o)
{
	size_t i, j;
	int m;

	for (i = 0; i < cryptarch_alg_count(); i++) {
		const char *c = cryptarch_alg_at(i)->name;

		for (j = 0; j < i; j++)
			if (strcmp(cryptarch_alg_at(j)->name, c) == 0)
				break;
		if (j < i)
			continue;
		for (m = 0; m < CRYPTARCH_MODE_COUNT && o->nnames < MAX_NAMES;
		     m++) {
			snprintf(o->names[o->nnames], sizeof(o->names[0]),
				 "%s(%s)", cli_modes[m], c);
			o->is_driver[o->nnames++] = 0;
		}
	}
}

static int targets(struct run *run)
{
	struct opts *o = run->o;
	struct cli_instance inst;
	size_t i;
	int err;

	if (o->nnames == 0)
		all_names(o);
	for (i = 0; i < o->nnames; i++) {
		const char *name = o->names[i];

		if (o->is_driver[i]) {
			err = cli_instance_find(name, &inst);
			if (err == -EINVAL) {
				cli_error("speed",
					  "--driver: malformed name '%s'",
					  name);
				return CLI_USAGE;
			}
			if (err) {
				cli_error("speed",
					  "--driver: unknown driver "
					  "'%s' (see cryptarch list; a mode "
					  "of a cipher goes to --alg)",
					  name);
				return CLI_USAGE;
			}
			err = add_instance(run, &inst, inst.algname);
		} else if (o->all) {
			err = add_all(run, name);
			if (err == -ENOENT || err == -EINVAL) {
				char why[768];
				cryptarch_skcipher *tfm;

				/* Say why as --alg without --all would. */
				if (cli_resolve(name, o->flags, &tfm, why,
						sizeof(why)) == CLI_R_OK)
					cryptarch_skcipher_free(tfm);
				cli_error("speed", "--alg: %s", why);
				return CLI_USAGE;
			}
		} else if (cli_instance_find(name, &inst) == 0) {
			/* A driver's instance named through --alg. */
			err = add_instance(run, &inst, inst.algname);
		} else {
			err = add_selected(run, name);
			if (err == -EINVAL)
				return CLI_USAGE;
		}
		if (err) {
			cli_error("speed", "%s", cryptarch_strerror(err));
			return CLI_FAIL;
		}
	}
	return CLI_OK;
}

static struct point *new_point(struct run *run)
{
	struct point *p;

	if (run->np == run->capp) {
		size_t cap = run->capp ? 2 * run->capp : 64;

		p = realloc(run->p, cap * sizeof(*p));
		if (!p)
			return NULL;
		run->p = p;
		run->capp = cap;
	}
	p = &run->p[run->np++];
	memset(p, 0, sizeof(*p));
	return p;
}

static int key_fits(const struct target *t, unsigned bits)
{
	return t->impl && bits / 8 >= t->impl->min_keysize &&
	       bits / 8 <= t->impl->max_keysize;
}

/* Measure every point of target TI; print tcrypt lines unless JSON. */
static int measure(struct run *run, size_t ti, uint8_t *buf)
{
	const struct opts *o = run->o;
	const struct target *t = &run->t[ti];
	unsigned mul = t->mode == CRYPTARCH_MODE_XTS ? 2 : 1;
	cryptarch_skcipher *tfm;
	struct bench b;
	uint8_t key[64];
	size_t k, s, i;
	int dir, n, err;

	err = cryptarch_skcipher_new(&tfm, t->open, t->open_flags);
	if (err)
		return err;
	for (dir = 0; dir < 2; dir++) {
		if (!o->json)
			printf("\ntesting speed of %s (%s) %s\n", t->alg,
			       t->driver, dir ? "decryption" : "encryption");
		n = 0;
		for (k = 0; k < o->nkeys; k++) {
			if (!key_fits(t, o->keys[k]))
				continue;
			/* A fixed pattern; the xts halves differ. */
			for (i = 0; i < sizeof(key); i++)
				key[i] = (uint8_t)(i * 29 + 7);
			err = cryptarch_skcipher_setkey(tfm, key,
							mul * o->keys[k] / 8);
			for (s = 0; s < o->nsizes; s++) {
				struct point *p = new_point(run);

				if (!p) {
					cryptarch_skcipher_free(tfm);
					return -ENOMEM;
				}
				p->target = ti;
				p->decrypt = dir;
				p->keybits = mul * o->keys[k];
				p->bytes = o->sizes[s];
				memset(&b, 0, sizeof(b));
				b.tfm = tfm;
				b.buf = buf;
				b.len = o->sizes[s];
				b.decrypt = dir;
				if (!err)
					harness_run(tick, &b, o->sec, &p->r);
				p->err = err ? err : b.err;
				if (o->json)
					continue;
				printf("test %d (%u bit key, %u byte blocks): ",
				       n++, p->keybits, p->bytes);
				if (p->err)
					printf("failed: %s\n",
					       cryptarch_strerror(p->err));
				else
					printf("%llu operations in %.2f "
					       "seconds (%llu bytes)\n",
					       p->r.calls, p->r.seconds,
					       p->r.calls * (unsigned long long)
								    p->bytes);
				fflush(stdout);
			}
		}
	}
	cryptarch_skcipher_free(tfm);
	return 0;
}

static void header(const struct run *run)
{
	const char *env = getenv("CRYPTARCH_DISABLE");
	const char *unknown = cryptarch_cpu_disable_unknown();
	char cpu[256], buf[512];

	report_cpu_model(cpu, sizeof(cpu));
	printf("cryptarch %s speed\n", CRYPTARCH_VERSION_STRING);
	printf("cpu: %s\n", cpu);
	printf("compiler: %s\n", cli_compiler());
	printf("flags: %s\n", cli_cflags());
	cryptarch_cpu_format(cryptarch_cpu_features(), buf, sizeof(buf));
	printf("cpu features: %s\n", buf[0] ? buf : "(none)");
	cryptarch_cpu_format(cryptarch_cpu_disabled(), buf, sizeof(buf));
	printf("CRYPTARCH_DISABLE: %s (masked: %s%s%s)\n",
	       env && *env ? env : "unset", buf[0] ? buf : "none",
	       unknown && *unknown ? "; unknown: " : "",
	       unknown && *unknown ? unknown : "");
	printf("policy: %s\n",
	       run->o->tour ?
		       "both (marked ct and vt)" :
	       run->o->flags & CRYPTARCH_ALLOW_VARIABLE_TIME ?
		       "variable-time allowed (CRYPTARCH_ALLOW_VARIABLE_TIME)" :
		       "constant-time only (the default)");
	printf("cycles: %s\n", harness_cycle_source());
	printf("seconds per test: %g\n", run->o->sec);
	fflush(stdout);
}

static const char *dirname_short(int decrypt)
{
	return decrypt ? "dec" : "enc";
}

static void summary(const struct run *run)
{
	const struct opts *o = run->o;
	int cyc = harness_have_cycles();
	int wa = 3, wd = 6;
	unsigned lo = MAX_SIZE, hi = 0;
	size_t i, j, k;

	for (i = 0; i < run->nt; i++) {
		int a = (int)strlen(run->t[i].alg);
		int d = (int)strlen(run->t[i].driver);

		wa = a > wa ? a : wa;
		wd = d > wd ? d : wd;
	}
	printf("\nsummary (best batch per test; MB/s = 10^6 bytes/s; cycles: "
	       "%s)\n",
	       cyc ? harness_cycle_source() : "n/a, no counter");
	printf("%-*s %-*s %s dir  key  bytes      MB/s      ns/op  "
	       "cycles/byte\n",
	       wa, "alg", wd, "driver", o->tour ? "ct vt" : "sel");
	for (i = 0; i < run->nt; i++) {
		const struct target *t = &run->t[i];
		char sel[8];

		if (o->tour)
			snprintf(sel, sizeof(sel), "%-2s %-2s",
				 t->sel_ct ? "*" : "", t->sel_vt ? "*" : "");
		else
			snprintf(sel, sizeof(sel), "%-3s", t->sel ? "*" : "");
		if (!t->available) {
			printf("%-*s %-*s %s UNAVAILABLE (%s)\n", wa, t->alg,
			       wd, t->driver[0] ? t->driver : "-", sel, t->why);
			continue;
		}
		for (j = 0; j < run->np; j++) {
			const struct point *p = &run->p[j];
			char cb[32];

			if (p->target != i)
				continue;
			if (p->err) {
				printf("%-*s %-*s %s %s %4u %6u  failed: %s\n",
				       wa, t->alg, wd, t->driver, sel,
				       dirname_short(p->decrypt), p->keybits,
				       p->bytes, cryptarch_strerror(p->err));
				continue;
			}
			if (cyc)
				snprintf(cb, sizeof(cb), "%12.2f",
					 p->r.best_cycles / p->bytes);
			else
				snprintf(cb, sizeof(cb), "%12s", "n/a");
			printf("%-*s %-*s %s %s %4u %6u %9.1f %10.1f %s\n", wa,
			       t->alg, wd, t->driver, sel,
			       dirname_short(p->decrypt), p->keybits, p->bytes,
			       p->bytes * 1e3 / p->r.best_ns, p->r.best_ns, cb);
		}
	}
	if (o->tour)
		printf("ct: selected for the name with the default "
		       "constant-time policy; vt: selected with "
		       "CRYPTARCH_ALLOW_VARIABLE_TIME\n");
	else
		printf("sel: the implementation cryptarch_skcipher_new(alg, "
		       "%s) selects\n",
		       o->flags ? "CRYPTARCH_ALLOW_VARIABLE_TIME" : "0");

	for (i = 0, k = 0; i < run->nt; i++)
		k |= (size_t)run->t[i].available;
	if (o->nsizes < 2 || !k)
		return;
	for (k = 0; k < o->nsizes; k++) {
		lo = o->sizes[k] < lo ? o->sizes[k] : lo;
		hi = o->sizes[k] > hi ? o->sizes[k] : hi;
	}
	printf("\nfit over %u..%u bytes (least squares over the sizes: cost "
	       "per call = per byte x bytes + per call)\n",
	       lo, hi);
	printf("%-*s %-*s %s dir  key   ns/byte    ns/call  cycles/byte  "
	       "cycles/call\n",
	       wa, "alg", wd, "driver", o->tour ? "ct vt" : "sel");
	for (i = 0; i < run->nt; i++) {
		const struct target *t = &run->t[i];
		char sel[8];

		if (!t->available)
			continue;
		if (o->tour)
			snprintf(sel, sizeof(sel), "%-2s %-2s",
				 t->sel_ct ? "*" : "", t->sel_vt ? "*" : "");
		else
			snprintf(sel, sizeof(sel), "%-3s", t->sel ? "*" : "");
		for (j = 0; j < run->np; j += o->nsizes) {
			const struct point *p = &run->p[j];
			double x[MAX_SIZES], ns[MAX_SIZES], cy[MAX_SIZES];
			double nsb, nsc, cyb = 0, cyc0 = 0;
			int bad = 0;

			if (p->target != i)
				continue;
			for (k = 0; k < o->nsizes; k++) {
				x[k] = p[k].bytes;
				ns[k] = p[k].r.best_ns;
				cy[k] = p[k].r.best_cycles;
				bad |= p[k].err;
			}
			if (bad)
				continue;
			harness_fit(x, ns, o->nsizes, &nsb, &nsc);
			if (cyc)
				harness_fit(x, cy, o->nsizes, &cyb, &cyc0);
			printf("%-*s %-*s %s %s %4u %9.3f %10.1f ", wa, t->alg,
			       wd, t->driver, sel, dirname_short(p->decrypt),
			       p->keybits, nsb, nsc);
			if (cyc)
				printf("%12.3f %12.1f\n", cyb, cyc0);
			else
				printf("%12s %12s\n", "n/a", "n/a");
		}
	}
}

static void jfield(const char *name, const char *value, int comma)
{
	printf("  ");
	report_json_string(stdout, name);
	printf(": ");
	if (value)
		report_json_string(stdout, value);
	else
		printf("null");
	printf(comma ? ",\n" : "\n");
}

static void jtarget(const struct target *t)
{
	printf("{\"alg\": ");
	report_json_string(stdout, t->alg);
	printf(", \"driver\": ");
	if (t->driver[0])
		report_json_string(stdout, t->driver);
	else
		printf("null");
	printf(", \"selected\": %s, \"selected_ct\": %s, \"selected_vt\": %s",
	       t->sel ? "true" : "false", t->sel_ct ? "true" : "false",
	       t->sel_vt ? "true" : "false");
}

static void json(const struct run *run)
{
	const struct opts *o = run->o;
	const char *env = getenv("CRYPTARCH_DISABLE");
	int cyc = harness_have_cycles();
	char cpu[256], buf[512];
	size_t i, j, k, n = 0;

	report_cpu_model(cpu, sizeof(cpu));
	printf("{\n");
	jfield("version", CRYPTARCH_VERSION_STRING, 1);
	jfield("cpu", cpu, 1);
	jfield("compiler", cli_compiler(), 1);
	jfield("flags", cli_cflags(), 1);
	cryptarch_cpu_format(cryptarch_cpu_detected(), buf, sizeof(buf));
	jfield("cpu_detected", buf, 1);
	cryptarch_cpu_format(cryptarch_cpu_features(), buf, sizeof(buf));
	jfield("cpu_features", buf, 1);
	jfield("disable", env, 1);
	cryptarch_cpu_format(cryptarch_cpu_disabled(), buf, sizeof(buf));
	jfield("mask", buf, 1);
	jfield("disable_unknown", cryptarch_cpu_disable_unknown(), 1);
	jfield("policy", o->flags ? "variable-time" : "constant-time", 1);
	jfield("cycle_source", harness_cycle_source(), 1);
	printf("  \"have_cycles\": %s,\n", cyc ? "true" : "false");
	printf("  \"seconds\": %g,\n", o->sec);
	printf("  \"results\": [");
	for (i = 0; i < run->nt; i++) {
		const struct target *t = &run->t[i];

		if (!t->available) {
			printf("%s\n    ", n++ ? "," : "");
			jtarget(t);
			printf(", \"available\": false, \"reason\": ");
			report_json_string(stdout, t->why);
			printf("}");
			continue;
		}
		for (j = 0; j < run->np; j++) {
			const struct point *p = &run->p[j];

			if (p->target != i)
				continue;
			printf("%s\n    ", n++ ? "," : "");
			jtarget(t);
			printf(", \"available\": true, \"dir\": \"%s\", "
			       "\"key_bits\": %u, \"bytes\": %u",
			       p->decrypt ? "decryption" : "encryption",
			       p->keybits, p->bytes);
			if (p->err) {
				printf(", \"error\": ");
				report_json_string(stdout,
						   cryptarch_strerror(p->err));
				printf("}");
				continue;
			}
			printf(", \"operations\": %llu, \"seconds\": %.6f, "
			       "\"mb_per_s\": %.3f, \"ns_per_op\": %.3f, "
			       "\"cycles_per_byte\": ",
			       p->r.calls, p->r.seconds,
			       p->bytes * 1e3 / p->r.best_ns, p->r.best_ns);
			if (cyc)
				printf("%.4f}", p->r.best_cycles / p->bytes);
			else
				printf("null}");
		}
	}
	printf("\n  ],\n  \"fits\": [");
	n = 0;
	for (j = 0; o->nsizes >= 2 && j < run->np; j += o->nsizes) {
		const struct point *p = &run->p[j];
		double x[MAX_SIZES], ns[MAX_SIZES], cy[MAX_SIZES];
		double nsb, nsc, cyb, cyc0;
		int bad = 0;

		for (k = 0; k < o->nsizes; k++) {
			x[k] = p[k].bytes;
			ns[k] = p[k].r.best_ns;
			cy[k] = p[k].r.best_cycles;
			bad |= p[k].err;
		}
		if (bad || !run->t[p->target].available)
			continue;
		harness_fit(x, ns, o->nsizes, &nsb, &nsc);
		printf("%s\n    ", n++ ? "," : "");
		jtarget(&run->t[p->target]);
		printf(", \"dir\": \"%s\", \"key_bits\": %u, "
		       "\"ns_per_byte\": %.4f, \"ns_per_call\": %.2f",
		       p->decrypt ? "decryption" : "encryption", p->keybits,
		       nsb, nsc);
		if (cyc) {
			harness_fit(x, cy, o->nsizes, &cyb, &cyc0);
			printf(", \"cycles_per_byte\": %.4f, "
			       "\"cycles_per_call\": %.2f}",
			       cyb, cyc0);
		} else {
			printf(", \"cycles_per_byte\": null, "
			       "\"cycles_per_call\": null}");
		}
	}
	printf("\n  ]\n}\n");
}

/* see cli.h */
int cmd_speed(int argc, char **argv)
{
	static const unsigned def_sizes[] = { 16, 64, 256, 1024, 8192 };
	static const unsigned def_keys[] = { 128, 192, 256 };
	struct opts *o;
	struct run run;
	uint8_t *buf = NULL;
	unsigned maxsize = 0;
	const char *unknown;
	size_t i;
	int ret, err;

	o = calloc(1, sizeof(*o));
	if (!o) {
		cli_error("speed", "%s", cryptarch_strerror(-ENOMEM));
		return CLI_FAIL;
	}
	memset(&run, 0, sizeof(run));
	run.o = o;
	ret = parse(o, argc, argv);
	if (ret) {
		free(o);
		return ret > 0 ? CLI_OK : CLI_USAGE;
	}
	if (o->tour)
		o->all = 1;
	if (o->sec <= 0)
		o->sec = o->tour ? TOUR_SEC : DEFAULT_SEC;
	if (o->nsizes == 0) {
		if (o->tour) {
			o->sizes[o->nsizes++] = 8192;
		} else {
			for (i = 0; i < 5; i++)
				o->sizes[o->nsizes++] = def_sizes[i];
		}
	}
	if (o->nkeys == 0)
		for (i = 0; i < MAX_KEYS; i++)
			o->keys[o->nkeys++] = def_keys[i];
	unknown = cryptarch_cpu_disable_unknown();
	if (unknown && *unknown)
		cli_warn("speed",
			 "CRYPTARCH_DISABLE: unknown feature name(s): %s",
			 unknown);

	ret = targets(&run);
	if (ret)
		goto out;
	for (i = 0; i < o->nsizes; i++)
		maxsize = o->sizes[i] > maxsize ? o->sizes[i] : maxsize;
	buf = malloc(maxsize);
	if (!buf) {
		cli_error("speed", "%s", cryptarch_strerror(-ENOMEM));
		ret = CLI_FAIL;
		goto out;
	}
	for (i = 0; i < maxsize; i++)
		buf[i] = (uint8_t)(i * 7 + 3);

	if (!o->json)
		header(&run);
	for (i = 0; i < run.nt; i++) {
		struct target *t = &run.t[i];

		if (!t->available) {
			if (o->json)
				continue;
			if (t->driver[0])
				printf("\ntesting speed of %s (%s): "
				       "UNAVAILABLE (%s)\n",
				       t->alg, t->driver, t->why);
			else
				printf("\ntesting speed of %s: UNAVAILABLE "
				       "(%s)\n",
				       t->alg, t->why);
			continue;
		}
		err = measure(&run, i, buf);
		if (err) {
			t->available = 0;
			snprintf(t->why, sizeof(t->why), "%s",
				 cryptarch_strerror(err));
			if (!o->json)
				printf("\ntesting speed of %s (%s): "
				       "UNAVAILABLE (%s)\n",
				       t->alg, t->driver, t->why);
		}
	}
	if (o->json)
		json(&run);
	else
		summary(&run);
	ret = CLI_OK;
out:
	free(buf);
	free(run.p);
	free(run.t);
	free(o);
	return ret;
}
