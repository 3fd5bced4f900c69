/* SPDX-License-Identifier: MIT */
/*
 * speed.c - `cryptarch speed`: the Linux kernel's tcrypt skcipher speed test
 * and its output ("testing speed of cbc(aes) (cbc-aes-aesni) encryption",
 * then "test N (K bit key, B byte blocks): OPS operations in S seconds
 * (BYTES bytes)", S the time budget as tcrypt prints it), over the modes
 * of each cipher and the instances of each driver, followed by a summary
 * table (the instance each row ran on, MB/s, ns per call, cycles per byte
 * from the best batch, the seconds measured) and a straight line fitted
 * over the sizes (per-byte cost, per-call overhead), or all of it as JSON.
 * A handle may use different instances per direction, key size and
 * request size class (selection's plan): each row names the one the timed
 * handle really used (cryptarch_skcipher_slot()), and each tcrypt header
 * the one its lines ran on. Instances and candidates are the core's
 * (cryptarch_cands()); the timed call, the selection marks and the
 * compiler are bench/skbench.h's, the timing bench/harness.c's, the
 * harness the peer benchmark uses. An instance that cannot run here still
 * gets a row, saying why. Keys and data are fixed patterns: nothing
 * secret. No CPU features needed; the instances measured need their own.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cpu.h"
#include "handle.h"
#include "harness.h"
#include "memzero.h"
#include "profile.h"
#include "registry.h"
#include "report.h"
#include "select.h"
#include "skbench.h"
#include "skcipher.h"
#include "spec.h"

#define MAX_NAMES 64
#define MAX_SIZES 16
#define MAX_KEYS 3
#define MAX_SIZE (1u << 20)
#define NAME_LEN (CRYPTARCH_NAME_MAX + 1)
#define DEFAULT_SEC 1.0
/* Per test in --tour: with every x86-64 driver, 528 tests (88 instances,
 * two directions, three key sizes) of 0.35 s, 185 s of budget: about 3.5
 * minutes on AMD EPYC (Zen 5), as README.md says. */
#define TOUR_SEC 0.35

static const char usage[] =
	"usage: cryptarch speed [--alg NAME]... [--driver NAME]... [--all]\n"
	"         [--sec SECONDS] [--sizes N,...] [--keys BITS,...]\n"
	"         [--allow-variable-time] [--json] [--tour]\n"
	"\n"
	"The kernel tcrypt skcipher speed test, then a summary table.\n"
	"  --alg NAME     a mode of a cipher, e.g. cbc(aes) (repeatable or a\n"
	"                 comma list; default: every mode of every cipher);\n"
	"                 measures the instances selected for NAME\n"
	"  --driver NAME  one instance, e.g. ctr-aes-ct64, cbc(aes-generic)\n"
	"                 (repeatable or a comma list), variable-time or not\n"
	"  --all          every instance of each --alg, not only the\n"
	"                 selected ones\n"
	"  --sec S        seconds per test (default 1; --tour: 0.35); a\n"
	"                 fraction is a cryptarch extension, printed as is\n"
	"  --sizes N,...  bytes per call, multiples of 16 (default\n"
	"                 16,64,256,1024,8192; --tour: 8192)\n"
	"  --keys B,...   cipher key bits: 128, 192, 256 (default all; xts\n"
	"                 keys are twice as long and printed so)\n"
	"  --allow-variable-time  select as CRYPTARCH_ALLOW_VARIABLE_TIME\n"
	"  --json         one JSON object instead of text\n"
	"  --tour         every mode, cipher and instance, 8192 bytes,\n"
	"                 marking the selection under both policies\n";

struct opts {
	char names[MAX_NAMES][NAME_LEN];
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

/* One row group: a name to open and measure, or one that cannot run. */
struct target {
	char alg[NAME_LEN];   /* the name in the tcrypt header: "cbc(aes)" */
	char named[NAME_LEN]; /* the instance named exactly, or "" */
	char open[NAME_LEN];  /* the name to open, with OPEN_FLAGS */
	unsigned open_flags;
	unsigned nkeys, minkey, maxkey; /* its key: NKEYS cipher keys */
	int available;
	char why[768];
};

struct point {
	size_t target;
	int decrypt;
	unsigned keybits; /* as printed: xts doubled */
	unsigned bytes;
	int err;
	char inst[NAME_LEN]; /* the instance the handle used */
	int sel;	     /* selected under the flags in effect */
	int sel_ct, sel_vt;  /* selected under each policy */
	struct harness_result r;
};

struct run {
	struct opts *o;
	struct target *t;
	size_t nt, capt;
	struct point *p;
	size_t np, capp;
	struct cryptarch_cands c, c2; /* scratch */
	char secs[512];		      /* --sec as tcrypt's lines print it */
};

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

/*
 * X seconds as the tcrypt lines print them: an integer where X is whole
 * (tcrypt's own "1"), else the shortest decimal that reads back as X
 * ("0.2"), never in exponent notation.
 */
static void secs_text(double x, char *buf, size_t size)
{
	char e[40], *p;
	int prec, exp10, dec;

	for (prec = 1; prec <= 17; prec++) {
		snprintf(e, sizeof(e), "%.*e", prec - 1, x);
		if (strtod(e, NULL) == x)
			break;
	}
	p = strchr(e, 'e');
	exp10 = p ? atoi(p + 1) : 0;
	dec = prec - 1 - exp10;
	dec = dec < 0 ? 0 : dec > 400 ? 400 : dec;
	snprintf(buf, size, "%.*f", dec, x);
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
	return t;
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

/* The key of instance S: how many cipher keys, of which lengths. */
static void keys_of(struct target *t, const struct cryptarch_spec *s)
{
	t->nkeys = cryptarch_spec_nkeys(s);
	cryptarch_spec_keysizes(s, &t->minkey, &t->maxkey);
}

/* A named instance, measured with variable time allowed. */
static int add_instance(struct run *run, const struct cryptarch_spec *s)
{
	struct target *t = new_target(run);

	if (!t)
		return -ENOMEM;
	cryptarch_spec_algname(s, t->alg, sizeof(t->alg));
	cryptarch_spec_name(s, t->named, sizeof(t->named));
	snprintf(t->open, sizeof(t->open), "%s", t->named);
	t->open_flags = CRYPTARCH_ALLOW_VARIABLE_TIME;
	keys_of(t, s);
	t->available = cryptarch_spec_eligible(s, t->open_flags, 0);
	if (!t->available &&
	    !cli_spec_unusable(s, t->open_flags, t->why, sizeof(t->why)))
		snprintf(t->why, sizeof(t->why), "self-test failed");
	return 0;
}

/* Every instance NAME ("cbc(aes)") covers; for one instance's name
 * ("cbc(aes-generic)"), every instance over the same drivers (its
 * template's own and the hooked one). */
static int add_all(struct run *run, const char *name)
{
	char alg[NAME_LEN];
	size_t i;
	int err;

	err = cryptarch_cands(name, &cryptarch_type_skcipher, &run->c);
	if (err)
		return err;
	if (!run->c.exact) {
		for (i = 0; i < run->c.n && !err; i++)
			err = add_instance(run, &run->c.v[i]);
		return err;
	}
	cryptarch_spec_algname(&run->c.v[0], alg, sizeof(alg));
	err = cryptarch_cands(alg, &cryptarch_type_skcipher, &run->c2);
	if (err)
		return add_instance(run, &run->c.v[0]);
	for (i = 0; i < run->c2.n && !err; i++)
		if (cryptarch_spec_same_keys(&run->c2.v[i], &run->c.v[0]))
			err = add_instance(run, &run->c2.v[i]);
	return err;
}

/* What NAME selects under the flags in effect, as tcrypt measures. */
static int add_selected(struct run *run, const char *name)
{
	struct target *t = new_target(run);
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
	cryptarch_skcipher_free(tfm);
	snprintf(t->open, sizeof(t->open), "%s", name);
	t->open_flags = run->o->flags;
	if (cryptarch_cands(name, &cryptarch_type_skcipher, &run->c) == 0) {
		keys_of(t, &run->c.v[0]);
		t->available = 1;
	} else {
		snprintf(t->why, sizeof(t->why), "no instances of %s", name);
	}
	return 0;
}

/* Every mode of every cipher, cipher first: each registered template of
 * type skcipher over one block cipher, over each algorithm. */
static void all_names(struct opts *o)
{
	size_t i, j;

	for (i = 0; i < cli_algorithm_count(); i++) {
		const struct cryptarch_algorithm *a = cli_algorithm_at(i);

		if (a->type != &cryptarch_type_cipher)
			continue;
		for (j = 0; j < cryptarch_template_count(); j++) {
			const struct cryptarch_template *t =
				cryptarch_template_at(j);

			if (!cli_is_mode(t) || o->nnames == MAX_NAMES)
				continue;
			snprintf(o->names[o->nnames], sizeof(o->names[0]),
				 "%s(%s)", t->name, a->name);
			o->is_driver[o->nnames++] = 0;
		}
	}
}

/* --driver NAME: one instance. */
static int add_driver(struct run *run, const char *name)
{
	int err = cryptarch_cands(name, NULL, &run->c);

	if (err == -EINVAL) {
		cli_error("speed", "--driver: malformed name '%s'", name);
		return CLI_USAGE;
	}
	if (err || !run->c.exact) {
		cli_error("speed",
			  "--driver: unknown driver '%s' (see cryptarch list; "
			  "a mode of a cipher goes to --alg)",
			  name);
		return CLI_USAGE;
	}
	if (run->c.type != &cryptarch_type_skcipher) {
		cli_error("speed",
			  "--driver: '%s' is a block cipher's driver; speed "
			  "measures modes (e.g. cbc(%s))",
			  name, name);
		return CLI_USAGE;
	}
	err = add_instance(run, &run->c.v[0]);
	if (err) {
		cli_error("speed", "%s", cryptarch_strerror(err));
		return CLI_FAIL;
	}
	return CLI_OK;
}

static int targets(struct run *run)
{
	struct opts *o = run->o;
	size_t i;
	int err;

	if (o->nnames == 0)
		all_names(o);
	for (i = 0; i < o->nnames; i++) {
		const char *name = o->names[i];

		if (o->is_driver[i]) {
			err = add_driver(run, name);
			if (err)
				return err;
			continue;
		}
		if (o->all) {
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
		} else if (cryptarch_cands(name, &cryptarch_type_skcipher,
					   &run->c) == 0 &&
			   run->c.exact) {
			/* A driver's instance named through --alg. */
			err = add_instance(run, &run->c.v[0]);
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

static int key_fits(const struct target *t, unsigned bits)
{
	return t->nkeys && bits / 8 >= t->minkey && bits / 8 <= t->maxkey;
}

/* Whether P's instance is the one cryptarch_skcipher_new(T's name) uses
 * for P's request under each policy (skbench_selected()). */
static void mark(const struct run *run, const struct target *t, struct point *p,
		 size_t keylen)
{
	char buf[NAME_LEN];

	skbench_selected(t->alg, 0, keylen, p->decrypt, p->bytes, buf,
			 sizeof(buf));
	p->sel_ct = strcmp(buf, p->inst) == 0;
	skbench_selected(t->alg, CRYPTARCH_ALLOW_VARIABLE_TIME, keylen,
			 p->decrypt, p->bytes, buf, sizeof(buf));
	p->sel_vt = strcmp(buf, p->inst) == 0;
	p->sel = run->o->flags & CRYPTARCH_ALLOW_VARIABLE_TIME ? p->sel_vt :
								 p->sel_ct;
}

/* Measure every point of target TI; print tcrypt lines unless JSON. A
 * header names the instance the lines below it ran on: again whenever
 * the handle's instance changes within a direction. */
static int measure(struct run *run, size_t ti, uint8_t *buf)
{
	const struct opts *o = run->o;
	const struct target *t = &run->t[ti];
	const struct cryptarch_type *type = &cryptarch_type_skcipher;
	cryptarch_skcipher *tfm;
	struct skbench_req b;
	char hdr[NAME_LEN];
	uint8_t key[128];
	size_t k, s, i, keylen;
	int dir, n, err;

	err = cryptarch_skcipher_new(&tfm, t->open, t->open_flags);
	if (err)
		return err;
	for (dir = 0; dir < (int)type->nops; dir++) {
		hdr[0] = '\0';
		n = 0;
		for (k = 0; k < o->nkeys; k++) {
			if (!key_fits(t, o->keys[k]))
				continue;
			/* A fixed pattern; the xts halves differ. */
			for (i = 0; i < sizeof(key); i++)
				key[i] = (uint8_t)(i * 29 + 7);
			keylen = t->nkeys * o->keys[k] / 8;
			err = keylen > sizeof(key) ?
				      -EINVAL :
				      cryptarch_skcipher_setkey(tfm, key,
								keylen);
			for (s = 0; s < o->nsizes; s++) {
				struct point *p = new_point(run);

				if (!p) {
					cryptarch_skcipher_free(tfm);
					return -ENOMEM;
				}
				p->target = ti;
				p->decrypt = dir;
				p->keybits = t->nkeys * o->keys[k];
				p->bytes = o->sizes[s];
				cryptarch_skcipher_slot(
					tfm, dir,
					p->bytes > CRYPTARCH_PROFILE_SMALL_MAX,
					p->inst, sizeof(p->inst));
				mark(run, t, p, keylen);
				if (!o->json && strcmp(hdr, p->inst) != 0) {
					printf("\ntesting speed of %s (%s) "
					       "%s\n",
					       t->alg, p->inst,
					       type->op_names[dir]);
					snprintf(hdr, sizeof(hdr), "%s",
						 p->inst);
				}
				memset(&b, 0, sizeof(b));
				b.tfm = tfm;
				b.buf = buf;
				b.len = o->sizes[s];
				b.decrypt = dir;
				if (!err)
					harness_run(skbench_tick, &b, o->sec,
						    &p->r);
				p->err = err ? err : b.err;
				if (o->json)
					continue;
				printf("test %d (%u bit key, %u byte blocks): ",
				       n++, p->keybits, p->bytes);
				if (p->err)
					printf("failed: %s\n",
					       cryptarch_strerror(p->err));
				else
					printf("%llu operations in %s "
					       "seconds (%llu bytes)\n",
					       p->r.calls, run->secs,
					       p->r.calls * (unsigned long long)
								    p->bytes);
				fflush(stdout);
			}
		}
		if (!o->json && !hdr[0])
			printf("\ntesting speed of %s (%s) %s\n", t->alg,
			       cryptarch_skcipher_slot(tfm, dir, 1, hdr,
						       sizeof(hdr)),
			       type->op_names[dir]);
	}
	cryptarch_memzero(key, sizeof(key));
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
	printf("compiler: %s\n", skbench_compiler());
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
	printf("seconds per test: %s\n", run->secs);
	fflush(stdout);
}

/* The selection mark of points P[0..N-1] (all of them selected). */
static const char *marks(const struct opts *o, const struct point *p, size_t n,
			 char *buf, size_t size)
{
	int sel = 1, ct = 1, vt = 1;
	size_t i;

	for (i = 0; i < n; i++) {
		sel &= p[i].sel;
		ct &= p[i].sel_ct;
		vt &= p[i].sel_vt;
	}
	if (o->tour)
		snprintf(buf, size, "%-2s %-2s", ct ? "*" : "", vt ? "*" : "");
	else
		snprintf(buf, size, "%-3s", sel ? "*" : "");
	return buf;
}

/* The instances of points P[0..N-1], each once: "a" or "a/b". */
static const char *insts(const struct point *p, size_t n, char *buf,
			 size_t size)
{
	size_t i, j, k = 0;

	if (size)
		buf[0] = '\0';
	for (i = 0; i < n && k < size; i++) {
		for (j = 0; j < i && strcmp(p[j].inst, p[i].inst) != 0; j++)
			;
		if (j == i)
			k += (size_t)snprintf(buf + k, size - k, "%s%s",
					      i ? "/" : "", p[i].inst);
	}
	return buf;
}

/* The points of one line fit: target, direction and key, every size. */
static int fit_group(const struct run *run, size_t j)
{
	return j + run->o->nsizes <= run->np &&
	       run->p[j].target == run->p[j + run->o->nsizes - 1].target &&
	       run->p[j].decrypt == run->p[j + run->o->nsizes - 1].decrypt &&
	       run->p[j].keybits == run->p[j + run->o->nsizes - 1].keybits;
}

static void fit(const struct run *run, const struct point *p, double *nsb,
		double *nsc, double *cyb, double *cyc0, int *bad)
{
	double x[MAX_SIZES], ns[MAX_SIZES], cy[MAX_SIZES];
	size_t k, n = run->o->nsizes;

	*bad = 0;
	for (k = 0; k < n; k++) {
		x[k] = p[k].bytes;
		ns[k] = p[k].r.best_ns;
		cy[k] = p[k].r.best_cycles;
		*bad |= p[k].err;
	}
	*cyb = *cyc0 = 0;
	if (*bad)
		return;
	harness_fit(x, ns, n, nsb, nsc);
	if (harness_have_cycles())
		harness_fit(x, cy, n, cyb, cyc0);
}

/* Where a direction of a target ran on more than one instance (by size
 * class, or by key size): one note line each. */
static void notes(const struct run *run)
{
	char buf[4 * NAME_LEN];
	size_t i, j, n;
	int dir;

	for (i = 0; i < run->nt; i++)
		for (dir = 0; dir < 2; dir++) {
			const struct point *first = NULL;

			for (j = 0, n = 0; j < run->np; j++) {
				const struct point *p = &run->p[j];

				if (p->target != i || p->decrypt != dir)
					continue;
				if (!first)
					first = p;
				n++;
			}
			if (!first ||
			    !strchr(insts(first, n, buf, sizeof(buf)), '/'))
				continue;
			printf("note: %s %s ran on more than one instance "
			       "(%s): by request size class or key size, as "
			       "the plan says (cryptarch explain %s)\n",
			       run->t[i].alg,
			       cryptarch_type_skcipher.op_names[dir], buf,
			       run->t[i].alg);
		}
}

static void summary(const struct run *run)
{
	const struct opts *o = run->o;
	const struct cryptarch_type *type = &cryptarch_type_skcipher;
	int cyc = harness_have_cycles();
	int wa = 3, wd = 6, bad;
	unsigned lo = MAX_SIZE, hi = 0;
	char sel[8], label[4 * NAME_LEN];
	double nsb, nsc, cyb, cyc0;
	size_t i, j, k;

	for (i = 0; i < run->nt; i++) {
		int a = (int)strlen(run->t[i].alg);
		int d = (int)strlen(run->t[i].named);

		wa = a > wa ? a : wa;
		wd = d > wd ? d : wd;
	}
	for (j = 0; j < run->np; j++) {
		int d = (int)strlen(run->p[j].inst);

		wd = d > wd ? d : wd;
	}
	printf("\nsummary (best batch per test; MB/s = 10^6 bytes/s; cycles: "
	       "%s; seconds: measured)\n",
	       cyc ? harness_cycle_source() : "n/a, no counter");
	printf("%-*s %-*s %s dir  key  bytes      MB/s      ns/op  "
	       "cycles/byte  seconds\n",
	       wa, "alg", wd, "driver", o->tour ? "ct vt" : "sel");
	for (i = 0; i < run->nt; i++) {
		const struct target *t = &run->t[i];

		if (!t->available) {
			printf("%-*s %-*s %s UNAVAILABLE (%s)\n", wa, t->alg,
			       wd, t->named[0] ? t->named : "-",
			       o->tour ? "     " : "   ", t->why);
			continue;
		}
		for (j = 0; j < run->np; j++) {
			const struct point *p = &run->p[j];
			char cb[32];

			if (p->target != i)
				continue;
			marks(o, p, 1, sel, sizeof(sel));
			if (p->err) {
				printf("%-*s %-*s %s %s %4u %6u  failed: %s\n",
				       wa, t->alg, wd, p->inst, sel,
				       type->op_words[p->decrypt], p->keybits,
				       p->bytes, cryptarch_strerror(p->err));
				continue;
			}
			if (cyc)
				snprintf(cb, sizeof(cb), "%12.2f",
					 p->r.best_cycles / p->bytes);
			else
				snprintf(cb, sizeof(cb), "%12s", "n/a");
			printf("%-*s %-*s %s %s %4u %6u %9.1f %10.1f %s "
			       "%8.3f\n",
			       wa, t->alg, wd, p->inst, sel,
			       type->op_words[p->decrypt], p->keybits, p->bytes,
			       p->bytes * 1e3 / p->r.best_ns, p->r.best_ns, cb,
			       p->r.seconds);
		}
	}
	if (o->tour)
		printf("ct: selected for the name with the default "
		       "constant-time policy; vt: selected with "
		       "CRYPTARCH_ALLOW_VARIABLE_TIME\n");
	else
		printf("sel: the instance a handle from "
		       "cryptarch_skcipher_new(alg, %s) uses for that "
		       "request\n",
		       o->flags ? "CRYPTARCH_ALLOW_VARIABLE_TIME" : "0");
	notes(run);

	for (i = 0, k = 0; i < run->nt; i++)
		k |= (size_t)run->t[i].available;
	if (o->nsizes < 2 || !k)
		return;
	for (k = 0; k < o->nsizes; k++) {
		lo = o->sizes[k] < lo ? o->sizes[k] : lo;
		hi = o->sizes[k] > hi ? o->sizes[k] : hi;
	}
	for (j = 0; j < run->np; j += o->nsizes)
		if (fit_group(run, j)) {
			int d = (int)strlen(insts(&run->p[j], o->nsizes, label,
						  sizeof(label)));

			wd = d > wd ? d : wd;
		}
	printf("\nfit over %u..%u bytes (least squares over the sizes: cost "
	       "per call = per byte x bytes + per call)\n",
	       lo, hi);
	printf("%-*s %-*s %s dir  key   ns/byte    ns/call  cycles/byte  "
	       "cycles/call\n",
	       wa, "alg", wd, "driver", o->tour ? "ct vt" : "sel");
	for (j = 0; j < run->np; j += o->nsizes) {
		const struct point *p = &run->p[j];

		if (!fit_group(run, j))
			continue;
		fit(run, p, &nsb, &nsc, &cyb, &cyc0, &bad);
		if (bad)
			continue;
		printf("%-*s %-*s %s %s %4u %9.3f %10.1f ", wa,
		       run->t[p->target].alg, wd,
		       insts(p, o->nsizes, label, sizeof(label)),
		       marks(o, p, o->nsizes, sel, sizeof(sel)),
		       type->op_words[p->decrypt], p->keybits, nsb, nsc);
		if (cyc)
			printf("%12.3f %12.1f\n", cyb, cyc0);
		else
			printf("%12s %12s\n", "n/a", "n/a");
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

/* The fields every result and fit begins with. */
static void jhead(const char *alg, const char *driver, int sel, int ct, int vt)
{
	printf("{\"alg\": ");
	report_json_string(stdout, alg);
	printf(", \"driver\": ");
	if (driver && driver[0])
		report_json_string(stdout, driver);
	else
		printf("null");
	printf(", \"selected\": %s, \"selected_ct\": %s, \"selected_vt\": %s",
	       sel ? "true" : "false", ct ? "true" : "false",
	       vt ? "true" : "false");
}

static void json(const struct run *run)
{
	const struct opts *o = run->o;
	const struct cryptarch_type *type = &cryptarch_type_skcipher;
	const char *env = getenv("CRYPTARCH_DISABLE");
	int cyc = harness_have_cycles(), bad, sel, ct, vt;
	char cpu[256], buf[512], label[4 * NAME_LEN];
	double nsb, nsc, cyb, cyc0;
	size_t i, j, k, n = 0;

	report_cpu_model(cpu, sizeof(cpu));
	printf("{\n");
	jfield("version", CRYPTARCH_VERSION_STRING, 1);
	jfield("cpu", cpu, 1);
	jfield("compiler", skbench_compiler(), 1);
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
	printf("  \"seconds\": %s,\n", run->secs);
	printf("  \"results\": [");
	for (i = 0; i < run->nt; i++) {
		const struct target *t = &run->t[i];

		if (!t->available) {
			printf("%s\n    ", n++ ? "," : "");
			jhead(t->alg, t->named, 0, 0, 0);
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
			jhead(t->alg, p->inst, p->sel, p->sel_ct, p->sel_vt);
			printf(", \"available\": true, \"dir\": \"%s\", "
			       "\"key_bits\": %u, \"bytes\": %u",
			       type->op_names[p->decrypt], p->keybits,
			       p->bytes);
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

		if (!fit_group(run, j))
			continue;
		fit(run, p, &nsb, &nsc, &cyb, &cyc0, &bad);
		if (bad)
			continue;
		for (k = 0, sel = ct = vt = 1; k < o->nsizes; k++) {
			sel &= p[k].sel;
			ct &= p[k].sel_ct;
			vt &= p[k].sel_vt;
		}
		printf("%s\n    ", n++ ? "," : "");
		jhead(run->t[p->target].alg,
		      insts(p, o->nsizes, label, sizeof(label)), sel, ct, vt);
		printf(", \"dir\": \"%s\", \"key_bits\": %u, "
		       "\"ns_per_byte\": %.4f, \"ns_per_call\": %.2f",
		       type->op_names[p->decrypt], p->keybits, nsb, nsc);
		if (cyc)
			printf(", \"cycles_per_byte\": %.4f, "
			       "\"cycles_per_call\": %.2f}",
			       cyb, cyc0);
		else
			printf(", \"cycles_per_byte\": null, "
			       "\"cycles_per_call\": null}");
	}
	printf("\n  ]\n}\n");
}

/* see cli.h */
int cmd_speed(int argc, char **argv)
{
	static const unsigned def_sizes[] = { 16, 64, 256, 1024, 8192 };
	static const unsigned def_keys[] = { 128, 192, 256 };
	struct opts *o;
	struct run *run;
	uint8_t *buf = NULL;
	unsigned maxsize = 0;
	const char *unknown;
	size_t i;
	int ret, err;

	o = calloc(1, sizeof(*o));
	run = calloc(1, sizeof(*run));
	if (!o || !run) {
		free(o);
		free(run);
		cli_error("speed", "%s", cryptarch_strerror(-ENOMEM));
		return CLI_FAIL;
	}
	run->o = o;
	ret = parse(o, argc, argv);
	if (ret) {
		free(run);
		free(o);
		return ret > 0 ? CLI_OK : CLI_USAGE;
	}
	if (o->tour)
		o->all = 1;
	if (o->sec <= 0)
		o->sec = o->tour ? TOUR_SEC : DEFAULT_SEC;
	secs_text(o->sec, run->secs, sizeof(run->secs));
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

	ret = targets(run);
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
		header(run);
	for (i = 0; i < run->nt; i++) {
		struct target *t = &run->t[i];

		if (!t->available) {
			if (o->json)
				continue;
			if (t->named[0])
				printf("\ntesting speed of %s (%s): "
				       "UNAVAILABLE (%s)\n",
				       t->alg, t->named, t->why);
			else
				printf("\ntesting speed of %s: UNAVAILABLE "
				       "(%s)\n",
				       t->alg, t->why);
			continue;
		}
		err = measure(run, i, buf);
		if (err) {
			t->available = 0;
			snprintf(t->why, sizeof(t->why), "%s",
				 cryptarch_strerror(err));
			if (!o->json)
				printf("\ntesting speed of %s (%s): "
				       "UNAVAILABLE (%s)\n",
				       t->alg, t->named[0] ? t->named : t->open,
				       t->why);
		}
	}
	if (o->json)
		json(run);
	else
		summary(run);
	ret = CLI_OK;
out:
	free(buf);
	free(run->p);
	free(run->t);
	free(run);
	free(o);
	return ret;
}
