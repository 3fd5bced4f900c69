/* SPDX-License-Identifier: MIT */
/*
 * tune.c - `cryptarch tune`: measure every eligible instance of every mode
 * of each cipher ("<mode>(<driver>)" templates and "<mode>-<driver>" bulk
 * instances), per direction and key size, at one block (16 bytes, the
 * "small" class: requests of at most 256 bytes) and at 8 KiB ("large"),
 * with the timing harness `cryptarch speed` uses (bench/harness.c: best
 * batch of a calibrated loop), and write the profile that measured
 * selection reads (src/core/profile.h): a text file keyed by this library
 * version, CPU, feature mask and drivers, written atomically (a temporary
 * file in the same directory, then rename). The instances competing for
 * one line are measured one after another, so that a change in the
 * machine's load hits them alike. Keys and data are fixed patterns:
 * nothing secret. No CPU features needed; the implementations measured
 * need their own. A full run (aes-aesni, aes-vaes-avx2, aes-vaes-avx512,
 * aes-vperm, aes-ct64, aes-generic, twofish-generic; all modes; the default
 * 0.03 s per point) took 40 s (14 s of CPU time, the machine shared) on AMD
 * EPYC (Zen 5): `time cryptarch tune --output /tmp/p`, 2026-11-30.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "cpu.h"
#include "harness.h"
#include "profile.h"
#include "registry.h"
#include "report.h"

#define DEFAULT_SEC 0.03
/* Rounds per point (see point()); --sec is shared among them. */
#define ROUNDS 2
#define MAX_INST 64
#define MAX_CIPHERS 16

static const char usage[] =
	"usage: cryptarch tune [--sec S] [--output FILE] [--cipher NAME,...]\n"
	"         [--mode MODE,...] [--flags FLAGS] [--allow-variable-time]\n"
	"         [--constant-time-only]\n"
	"\n"
	"Measure every eligible implementation of each mode, direction and\n"
	"key size at 16 bytes and at 8192 bytes, and write the profile that\n"
	"selection uses for cipher names such as cbc(aes).\n"
	"  --sec S        seconds per measurement (default 0.03), shared\n"
	"                 by two interleaved rounds\n"
	"  --output FILE  write the profile to FILE ('-': standard output)\n"
	"                 instead of $CRYPTARCH_PROFILE, else\n"
	"                 $XDG_CACHE_HOME/cryptarch/profile, else\n"
	"                 ~/.cache/cryptarch/profile\n"
	"  --cipher LIST  the ciphers to measure (default: all)\n"
	"  --mode LIST    the modes to measure (default: ecb,cbc,ctr,xts)\n"
	"  --flags FLAGS  the policy the candidates are chosen under:\n"
	"                 allow-variable-time (the default: every\n"
	"                 implementation, so that the profile serves both\n"
	"                 policies) or none (constant-time ones only)\n"
	"  --allow-variable-time  the same as --flags allow-variable-time\n"
	"  --constant-time-only   the same as --flags none\n";

struct opts {
	double sec;
	const char *output;
	const char *ciphers[MAX_CIPHERS];
	size_t nciphers;
	int modes[CRYPTARCH_MODE_COUNT];
	size_t nmodes;
	unsigned flags;
};

/* One instance being measured, with its figures [key][decrypt][class]. */
struct meas {
	struct cryptarch_instance inst;
	char name[96];
	cryptarch_skcipher *tfm;
	double ns[CRYPTARCH_PROFILE_NKEYS][2][2];
	int ok[CRYPTARCH_PROFILE_NKEYS][2][2];
	int keyed[CRYPTARCH_PROFILE_NKEYS];
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

static const char *cipher_name(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < cryptarch_alg_count(); i++) {
		const char *c = cryptarch_alg_at(i)->name;

		if (strlen(c) == n && strncmp(c, s, n) == 0)
			return c;
	}
	return NULL;
}

/* Add the ciphers of the comma list LIST, once each; -1 on error. */
static int add_ciphers(struct opts *o, const char *list)
{
	const char *p = list;

	for (;;) {
		size_t n = strcspn(p, ",");
		const char *c = cipher_name(p, n);
		size_t i;

		if (!c) {
			cli_error("tune",
				  "--cipher: unknown cipher '%.*s' (see "
				  "cryptarch list)",
				  (int)(n > 64 ? 64 : n), p);
			return -1;
		}
		for (i = 0; i < o->nciphers; i++)
			if (o->ciphers[i] == c)
				break;
		if (i == o->nciphers) {
			if (o->nciphers == MAX_CIPHERS) {
				cli_error("tune", "--cipher: too many ciphers");
				return -1;
			}
			o->ciphers[o->nciphers++] = c;
		}
		if (p[n] == '\0')
			return 0;
		p += n + 1;
	}
}

static int add_modes(struct opts *o, const char *list)
{
	const char *p = list;

	for (;;) {
		size_t n = strcspn(p, ","), i;
		int m = n == 3 ? cli_mode_of(p) : -1;

		if (m < 0) {
			cli_error("tune",
				  "--mode: unknown mode '%.*s' (ecb, cbc, "
				  "ctr or xts)",
				  (int)(n > 64 ? 64 : n), p);
			return -1;
		}
		for (i = 0; i < o->nmodes; i++)
			if (o->modes[i] == m)
				break;
		if (i == o->nmodes)
			o->modes[o->nmodes++] = m;
		if (p[n] == '\0')
			return 0;
		p += n + 1;
	}
}

static int set_flags(struct opts *o, const char *v)
{
	if (strcmp(v, "allow-variable-time") == 0) {
		o->flags = CRYPTARCH_ALLOW_VARIABLE_TIME;
		return 0;
	}
	if (strcmp(v, "none") == 0 || strcmp(v, "constant-time-only") == 0) {
		o->flags = 0;
		return 0;
	}
	cli_error("tune",
		  "--flags: '%s' is not allow-variable-time or none "
		  "(the flags that decide which implementations are measured)",
		  v);
	return -1;
}

/* 1: help printed; 0: parsed; -1: usage error (reported). */
static int parse(struct opts *o, int argc, char **argv)
{
	const char *v;
	int k, r;

	for (k = 1; k < argc; k++) {
		const char *arg = argv[k];

		if (cli_flag(arg, "help") || strcmp(arg, "-h") == 0) {
			fputs(usage, stdout);
			return 1;
		}
		if (cli_flag(arg, "allow-variable-time")) {
			o->flags = CRYPTARCH_ALLOW_VARIABLE_TIME;
		} else if (cli_flag(arg, "constant-time-only")) {
			o->flags = 0;
		} else if ((r = cli_value("tune", argc, argv, &k, "sec", &v))) {
			if (r < 0 || cli_double("tune", "--sec", v, &o->sec))
				return -1;
			if (o->sec > 60) {
				cli_error("tune",
					  "--sec: at most 60 seconds per "
					  "measurement");
				return -1;
			}
		} else if ((r = cli_value("tune", argc, argv, &k, "output",
					  &v))) {
			if (r < 0)
				return -1;
			if (!*v) {
				cli_error("tune", "--output: empty file name");
				return -1;
			}
			o->output = v;
		} else if ((r = cli_value("tune", argc, argv, &k, "cipher",
					  &v))) {
			if (r < 0 || add_ciphers(o, v))
				return -1;
		} else if ((r = cli_value("tune", argc, argv, &k, "mode",
					  &v))) {
			if (r < 0 || add_modes(o, v))
				return -1;
		} else if ((r = cli_value("tune", argc, argv, &k, "flags",
					  &v))) {
			if (r < 0 || set_flags(o, v))
				return -1;
		} else {
			cli_bad_arg("tune", arg);
			return -1;
		}
	}
	return 0;
}

/* The instances of CIPHER in MODE that are eligible under FLAGS, opened;
 * the others are reported on OUT (unless NULL). */
static size_t instances(FILE *out, const char *cipher, int mode, unsigned flags,
			struct meas *ms)
{
	size_t i, n = 0;
	char why[256];

	for (i = 0; i < cryptarch_alg_count(); i++) {
		const struct cryptarch_alg *a = cryptarch_alg_at(i);
		int bulk;

		if (strcmp(a->name, cipher) != 0)
			continue;
		if (cli_unusable(a, flags, why, sizeof(why)) ||
		    cryptarch_alg_selftest(a) != CRYPTARCH_SELFTEST_PASSED) {
			if (out)
				fprintf(out, "  %-18s not measured: %s\n",
					a->driver,
					cli_unusable(a, flags, why,
						     sizeof(why)) ?
						why :
						"self-test failed");
			continue;
		}
		for (bulk = 0; bulk < 2 && n < MAX_INST; bulk++) {
			struct meas *m = &ms[n];

			if (bulk && !cryptarch_alg_has_bulk(
					    a, (enum cryptarch_mode_id)mode))
				continue;
			memset(m, 0, sizeof(*m));
			m->inst.alg = a;
			m->inst.use_bulk = bulk;
			cryptarch_instance_name(&m->inst, mode, m->name,
						sizeof(m->name));
			if (cryptarch_skcipher_new(
				    &m->tfm, m->name,
				    CRYPTARCH_ALLOW_VARIABLE_TIME))
				continue;
			n++;
		}
	}
	return n;
}

/*
 * Measurement J of a point (key index K, direction D, class C): round J / N
 * of instance J % N, forwards in even rounds and backwards in odd ones, so
 * that a drift in the machine's speed evens out; the figure kept is the
 * best of the rounds. -1 if the request failed.
 */
static int point(const struct opts *o, struct meas *ms, size_t n, size_t j,
		 int k, int d, int c, uint8_t *buf, size_t len)
{
	size_t round = j / n, i = round % 2 ? n - 1 - j % n : j % n, b16;
	struct meas *m = &ms[i];
	struct harness_result r;
	struct bench b;

	if (!m->keyed[k])
		return 0;
	memset(&b, 0, sizeof(b));
	b.tfm = m->tfm;
	b.buf = buf;
	b.len = len;
	b.decrypt = d;
	for (b16 = 0; b16 < 16; b16++)
		b.iv[b16] = (uint8_t)(b16 * 3);
	harness_run(tick, &b, o->sec / ROUNDS, &r);
	if (b.err) {
		cli_error("tune", "%s failed: %s", m->name,
			  cryptarch_strerror(b.err));
		return -1;
	}
	if (!m->ok[k][d][c] || r.best_ns < m->ns[k][d][c])
		m->ns[k][d][c] = r.best_ns;
	m->ok[k][d][c] = 1;
	return 0;
}

/* Measure the instances of one mode, point by point; return -1 if a
 * request failed (a bug: every instance passed its self-test). */
static int measure(const struct opts *o, int mode, struct meas *ms, size_t n,
		   uint8_t *buf)
{
	static const size_t bytes[2] = { CRYPTARCH_PROFILE_SMALL_BYTES,
					 CRYPTARCH_PROFILE_LARGE_BYTES };
	unsigned mul = mode == CRYPTARCH_MODE_XTS ? 2 : 1;
	uint8_t key[64];
	size_t i, j;
	int k, d, c;

	for (i = 0; i < sizeof(key); i++)
		key[i] = (uint8_t)(i * 29 + 7); /* xts halves differ */
	for (k = 0; k < CRYPTARCH_PROFILE_NKEYS; k++) {
		size_t kb = 16 + 8 * (size_t)k;

		for (i = 0; i < n; i++)
			if (kb >= ms[i].inst.alg->min_keysize &&
			    kb <= ms[i].inst.alg->max_keysize &&
			    cryptarch_skcipher_setkey(ms[i].tfm, key,
						      mul * kb) == 0)
				ms[i].keyed[k] = 1;
		for (d = 0; d < 2; d++)
			for (c = 0; c < 2; c++)
				for (j = 0; j < ROUNDS * n; j++)
					if (point(o, ms, n, j, k, d, c, buf,
						  bytes[c]))
						return -1;
	}
	return 0;
}

/* Add the entries of one mode to P and print them on OUT. */
static int record(FILE *out, struct cryptarch_profile *p, const char *cipher,
		  int mode, unsigned flags, const struct meas *ms, size_t n)
{
	struct cryptarch_profile_fig figs[MAX_INST];
	struct cryptarch_choice prio;
	struct cryptarch_instance si = { NULL, 0 };
	char name[128], wname[96], pname[96];
	size_t i, nf;
	int k, d, c, err;

	snprintf(name, sizeof(name), "%s(%s)", cli_modes[mode], cipher);
	if (cryptarch_lookup(name, flags, 1, &prio) != 0)
		prio.alg = NULL;
	for (k = 0; k < CRYPTARCH_PROFILE_NKEYS; k++) {
		for (d = 0; d < 2; d++) {
			for (c = 0; c < 2; c++) {
				const struct cryptarch_profile_entry *e;
				double wns = 0, pns = 0;

				for (i = 0, nf = 0; i < n; i++) {
					if (!ms[i].ok[k][d][c])
						continue;
					figs[nf].inst = ms[i].inst;
					figs[nf].ns = ms[i].ns[k][d][c];
					nf++;
				}
				if (nf == 0)
					continue;
				err = cryptarch_profile_add(p, cipher, mode, d,
							    k, c, figs, nf);
				if (err) {
					cli_error("tune", "%s",
						  cryptarch_strerror(err));
					return -1;
				}
				e = &p->e[p->n - 1];
				cryptarch_instance_name(&e->winner, mode, wname,
							sizeof(wname));
				pname[0] = '\0';
				if (prio.alg)
					si = cryptarch_static_instance(&prio,
								       flags, d);
				for (i = 0; i < nf; i++) {
					if (figs[i].inst.alg == e->winner.alg &&
					    figs[i].inst.use_bulk ==
						    e->winner.use_bulk)
						wns = figs[i].ns;
					if (prio.alg &&
					    figs[i].inst.alg == si.alg &&
					    !figs[i].inst.use_bulk ==
						    !si.use_bulk) {
						pns = figs[i].ns;
						cryptarch_instance_name(
							&si, mode, pname,
							sizeof(pname));
					}
				}
				fprintf(out,
					"%-8s %s %s %u %-5s %-22s %10.1f  "
					"%-22s %10.1f %6.2fx\n",
					cipher, cli_modes[mode],
					d ? "dec" : "enc", 128 + 64 * k,
					c ? "large" : "small", wname, wns,
					pname[0] ? pname : "-", pns,
					wns > 0 && pns > 0 ? pns / wns : 0.0);
			}
		}
	}
	fflush(out);
	return 0;
}

/*
 * Under FLAGS (a policy the profile P serves), the entries where the pick
 * differs from static priority's choice, as selection will make them.
 */
static void differ(FILE *out, const struct cryptarch_profile *p, unsigned flags,
		   const char *title)
{
	struct cryptarch_choice prio;
	struct cryptarch_instance pi;
	struct cryptarch_slot slot;
	char name[128], wname[96], pname[96];
	size_t i, shown = 0;

	fprintf(out, "\n%s: where measurement and priority differ\n", title);
	for (i = 0; i < p->n; i++) {
		const struct cryptarch_profile_entry *e = &p->e[i];

		snprintf(name, sizeof(name), "%s(%s)", cli_modes[e->mode],
			 e->cipher);
		if (cryptarch_lookup(name, flags, 1, &prio) != 0)
			continue;
		pi = cryptarch_static_instance(&prio, flags, e->decrypt);
		cryptarch_instance_name(&pi, e->mode, pname, sizeof(pname));
		cryptarch_profile_pick(p, e, flags, 16 + 8 * (size_t)e->key,
				       &pi, &slot);
		if (slot.why != CRYPTARCH_SLOT_MEASURED ||
		    (slot.inst.alg == pi.alg &&
		     !slot.inst.use_bulk == !pi.use_bulk))
			continue;
		cryptarch_instance_name(&slot.inst, e->mode, wname,
					sizeof(wname));
		fprintf(out,
			"%-8s %s %s %u %-5s %-22s %10.1f  %-22s %10.1f "
			"%6.2fx\n",
			e->cipher, cli_modes[e->mode],
			e->decrypt ? "dec" : "enc", 128 + 64 * e->key,
			e->cls ? "large" : "small", wname, slot.ns, pname,
			slot.prio_ns, slot.prio_ns / slot.ns);
		shown++;
	}
	if (!shown)
		fprintf(out, "(none)\n");
}

/* Create the missing directories of the default profile path PATH (its
 * last two components' parents, e.g. ~/.cache and ~/.cache/cryptarch). */
static int make_dirs(const char *path)
{
	char dir[1024];
	char *slash;
	int i;

	for (i = 2; i >= 1; i--) {
		int j;

		snprintf(dir, sizeof(dir), "%s", path);
		for (j = 0; j < i; j++) {
			slash = strrchr(dir, '/');
			if (!slash || slash == dir)
				return 0;
			*slash = '\0';
		}
		if (mkdir(dir, 0700) != 0 && errno != EEXIST)
			return -1;
	}
	return 0;
}

/* Whether a temporary file can be created next to PATH (checked before
 * measuring, so that a run that cannot write its result fails at once and
 * prints nothing else); the probe is removed again. */
static int can_write(const char *path)
{
	char *tmp = malloc(strlen(path) + 16);
	int fd, err;

	if (!tmp) {
		cli_error("tune", "%s", cryptarch_strerror(-ENOMEM));
		return -1;
	}
	sprintf(tmp, "%s.tmp.XXXXXX", path);
	fd = mkstemp(tmp);
	if (fd < 0) {
		err = errno;
		cli_error("tune", "cannot create a file next to %s: %s", path,
			  strerror(err));
		free(tmp);
		return -1;
	}
	close(fd);
	unlink(tmp);
	free(tmp);
	return 0;
}

/* Write TEXT to PATH through a temporary file in the same directory and
 * rename(): readers see the old profile or the new one, never a part. */
static int write_atomic(const char *path, const char *text)
{
	size_t len = strlen(text), done = 0;
	char *tmp;
	int fd, err = 0;

	tmp = malloc(strlen(path) + 16);
	if (!tmp) {
		cli_error("tune", "%s", cryptarch_strerror(-ENOMEM));
		return -1;
	}
	sprintf(tmp, "%s.tmp.XXXXXX", path);
	fd = mkstemp(tmp);
	if (fd < 0) {
		cli_error("tune", "cannot create %s: %s", tmp, strerror(errno));
		free(tmp);
		return -1;
	}
	while (done < len && !err) {
		ssize_t n = write(fd, text + done, len - done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			err = n < 0 ? errno : EIO;
		else
			done += (size_t)n;
	}
	if (!err && fchmod(fd, 0644) != 0)
		err = errno;
	if (!err && fsync(fd) != 0)
		err = errno;
	if (close(fd) != 0 && !err)
		err = errno;
	if (!err && rename(tmp, path) != 0)
		err = errno;
	if (err) {
		unlink(tmp);
		cli_error("tune", "cannot write %s: %s", path, strerror(err));
	}
	free(tmp);
	return err ? -1 : 0;
}

/* see cli.h */
int cmd_tune(int argc, char **argv)
{
	struct opts o;
	struct meas *ms = NULL;
	struct cryptarch_profile *p = NULL, *check = NULL;
	char path[1024], cpu[256], feat[512], why[512], comment[1024];
	char *text = NULL;
	uint8_t *buf = NULL;
	const char *unknown;
	FILE *out = stdout;
	uint64_t t0 = harness_now_ns();
	size_t ci, mi, n, i;
	int ret = CLI_FAIL, r, defpath = 0;
	time_t now;

	memset(&o, 0, sizeof(o));
	o.sec = DEFAULT_SEC;
	o.flags = CRYPTARCH_ALLOW_VARIABLE_TIME;
	r = parse(&o, argc, argv);
	if (r)
		return r > 0 ? CLI_OK : CLI_USAGE;
	if (o.output && strcmp(o.output, "-") == 0)
		out = stderr;
	if (o.output) {
		snprintf(path, sizeof(path), "%s", o.output);
	} else if (cryptarch_profile_path(path, sizeof(path)) != 0) {
		cli_error("tune",
			  "no profile path: CRYPTARCH_PROFILE is empty, or "
			  "neither XDG_CACHE_HOME nor HOME is set (use "
			  "--output FILE)");
		return CLI_USAGE;
	} else {
		defpath = getenv("CRYPTARCH_PROFILE") == NULL;
	}
	if (o.nciphers == 0)
		for (i = 0; i < cryptarch_alg_count(); i++)
			if (add_ciphers(&o, cryptarch_alg_at(i)->name) != 0)
				return CLI_FAIL;
	if (o.nmodes == 0)
		for (i = 0; i < CRYPTARCH_MODE_COUNT; i++)
			o.modes[o.nmodes++] = (int)i;
	unknown = cryptarch_cpu_disable_unknown();
	if (unknown && *unknown)
		cli_warn("tune",
			 "CRYPTARCH_DISABLE: unknown feature name(s): %s",
			 unknown);

	if (strcmp(path, "-") != 0) {
		if (defpath && make_dirs(path) != 0) {
			cli_error("tune",
				  "cannot create the directory of %s: %s", path,
				  strerror(errno));
			return CLI_FAIL;
		}
		if (can_write(path) != 0)
			return CLI_FAIL;
	}
	ms = calloc(MAX_INST, sizeof(*ms));
	buf = malloc(CRYPTARCH_PROFILE_LARGE_BYTES);
	p = cryptarch_profile_new(o.flags);
	if (!ms || !buf || !p) {
		cli_error("tune", "%s", cryptarch_strerror(-ENOMEM));
		goto out;
	}
	for (i = 0; i < CRYPTARCH_PROFILE_LARGE_BYTES; i++)
		buf[i] = (uint8_t)(i * 7 + 3);

	report_cpu_model(cpu, sizeof(cpu));
	cryptarch_cpu_format(cryptarch_cpu_features(), feat, sizeof(feat));
	fprintf(out, "cryptarch %s tune\ncpu: %s\ncpu features: %s\n",
		CRYPTARCH_VERSION_STRING, cpu, feat[0] ? feat : "(none)");
	fprintf(out, "CRYPTARCH_DISABLE: %s\n",
		getenv("CRYPTARCH_DISABLE") && *getenv("CRYPTARCH_DISABLE") ?
			getenv("CRYPTARCH_DISABLE") :
			"unset");
	fprintf(out, "flags: %s\nseconds per measurement: %g\nprofile: %s\n",
		o.flags ? "allow-variable-time (every implementation)" :
			  "none (constant-time implementations only)",
		o.sec, path);
	for (ci = 0; ci < o.nciphers; ci++) {
		fprintf(out, "\n%s:\n", o.ciphers[ci]);
		fflush(out);
		for (mi = 0; mi < o.nmodes; mi++) {
			int mode = o.modes[mi];

			n = instances(mi == 0 ? out : NULL, o.ciphers[ci], mode,
				      o.flags, ms);
			if (mi == 0)
				fprintf(out,
					"cipher   mode dir key class winner"
					"                  ns/call  "
					"priority's choice         ns/call   "
					"gain\n");
			if (n == 0)
				continue;
			r = measure(&o, mode, ms, n, buf);
			if (!r)
				r = record(out, p, o.ciphers[ci], mode, o.flags,
					   ms, n);
			for (i = 0; i < n; i++)
				cryptarch_skcipher_free(ms[i].tfm);
			if (r)
				goto out;
		}
	}

	if (o.flags & CRYPTARCH_ALLOW_VARIABLE_TIME)
		differ(out, p, CRYPTARCH_ALLOW_VARIABLE_TIME,
		       "variable-time allowed (CRYPTARCH_ALLOW_VARIABLE_TIME)");
	differ(out, p, 0, "constant-time only (flags 0)");

	now = time(NULL);
	snprintf(comment, sizeof(comment),
		 "written by cryptarch tune (%g s per measurement), %s"
		 "cpu: %s",
		 o.sec, ctime(&now), cpu);
	text = cryptarch_profile_format(p, comment);
	if (!text) {
		cli_error("tune", "%s", cryptarch_strerror(-ENOMEM));
		goto out;
	}
	/* What selection will read must parse: check before writing. */
	r = cryptarch_profile_parse(text, strlen(text), &check, why,
				    sizeof(why));
	if (r) {
		cli_error("tune", "the profile does not parse back: %s", why);
		goto out;
	}
	if (strcmp(path, "-") == 0)
		fputs(text, stdout);
	else if (write_atomic(path, text) != 0)
		goto out;
	fprintf(out, "\n%zu entries written to %s in %.1f s\n", p->n,
		strcmp(path, "-") == 0 ? "standard output" : path,
		(double)(harness_now_ns() - t0) / 1e9);
	ret = CLI_OK;
out:
	cryptarch_profile_free(check);
	cryptarch_profile_free(p);
	free(text);
	free(buf);
	free(ms);
	return ret;
}
