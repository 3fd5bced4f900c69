/* SPDX-License-Identifier: MIT */
/*
 * tune.c - `cryptarch tune`: measure every eligible instance of every mode and
 * hash of each cipher (the registry's names over it, cli_name_at():
 * "cbc(aes)", "cts(cbc(aes))", "essiv(cbc(aes),sha256)", "cmac(aes)"; not
 * the unkeyed hashes, "sha256", which the profile has no line for; the
 * core's candidates for each name,
 * cryptarch_cands(): each template's own instance over each driver,
 * "cbc(aes-generic)", and each driver's hooked one, "cbc-aes-aesni"), per
 * operation and key size, at one block (16 bytes, the "small" class: requests
 * of at most CRYPTARCH_PROFILE_SMALL_MAX bytes), at 8 KiB ("large") and,
 * for the modes, by one many-request call of 16 requests of 512 bytes
 * ("many": cryptarch_skcipher_encrypt_many(), profile.h); a
 * hash (one operation, digest) in the large class only, by the time of one
 * digest of 8 KiB, since a hash handle uses that slot's instance for every
 * message; with the timing
 * harness `cryptarch speed` uses (bench/harness.c: best batch of a calibrated
 * loop; the call is bench/skbench.h's), and write the profile that measured
 * selection reads (src/core/profile.h) through the core's
 * cryptarch_profile_add() and cryptarch_profile_format(): a text file keyed by
 * this library version, CPU, feature mask and drivers, written atomically (a
 * temporary file in the same directory, then rename). The instances competing
 * for one line are measured one after another, so that a change in the
 * machine's load hits them alike. Eligibility and the static choice each line
 * is compared with are the core's (cryptarch_spec_eligible(),
 * cryptarch_select() without a profile). Keys and data are fixed patterns:
 * nothing secret. No CPU features needed; the implementations measured need
 * their own. A full run (every x86-64 driver: aes-aesni, aes-vaes-avx2,
 * aes-vaes-avx512, aes-vperm, aes-vperm-avx2, aes-vperm-avx512, aes-ct64,
 * aes-generic, twofish-x86_64, twofish-avx2, twofish-generic; the modes ecb,
 * cbc, ctr, xts: 96 entries; the default 0.03 s per point) took 42 s on AMD
 * EPYC (Zen 5), 2 vCPUs: `time cryptarch tune --output /tmp/p`, 2026-12-01.
 * xctr, cts, essiv and the keyed hashes make it 182 entries.
 *
 * The authenticated ciphers (aead: "gcm(aes)", "ccm(aes)") are measured
 * as the modes are, per operation, key size and size class, by one
 * request out of place with tcrypt's tag length and associated data
 * (aeadbench.h), decryption on a valid ciphertext. Their candidates are
 * every combination of their arguments' instances (ccm(aes) on x86-64:
 * every ctr(aes) instance with every cbcmac(aes) one, about 200): a name
 * with more than CLI_MEASURE_MAX eligible candidates is measured in part,
 * each argument instance once beside the partner priority prefers
 * (cli_cands_bounded()); the output says how many of how many: 18 of 48
 * for gcm(aes), 29 of 209 for ccm(aes) on that machine, where a full run
 * (230 entries) then took 205 s while other work shared it (56 s of CPU
 * time), 2026-12-02.
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
#include "aead.h"
#include "aeadbench.h"
#include "cpu.h"
#include "eligible.h"
#include "harness.h"
#include "profile.h"
#include "registry.h"
#include "report.h"
#include "select.h"
#include "shash.h"
#include "skbench.h"
#include "skcipher.h"
#include "spec.h"

#define DEFAULT_SEC 0.03
/* Rounds per point (see point()); --sec is shared among them. */
#define ROUNDS 2
#define MAX_ALGS 16
#define MAX_MODES 32

static const char usage[] =
	"usage: cryptarch tune [--sec S] [--output FILE] [--cipher NAME,...]\n"
	"         [--mode MODE,...] [--flags FLAGS] [--allow-variable-time]\n"
	"         [--constant-time-only]\n"
	"\n"
	"Measure every eligible instance of each mode, operation and key\n"
	"size at 16 bytes, at 8192 bytes and (a mode) by one many-request\n"
	"call of 16 x 512 bytes (a hash: one digest of 8192 bytes), and\n"
	"write the profile that selection uses for algorithm\n"
	"names such as cbc(aes), cmac(aes) and gcm(aes). A name with more\n"
	"than 32 candidates (ccm(aes): every ctr instance with every cbcmac\n"
	"one) is measured in part: each argument's instance once, with the\n"
	"partner of the highest priority.\n"
	"  --sec S        seconds per measurement (default 0.03), shared\n"
	"                 by two interleaved rounds\n"
	"  --output FILE  write the profile to FILE ('-': standard output)\n"
	"                 instead of $CRYPTARCH_PROFILE, else\n"
	"                 $XDG_CACHE_HOME/cryptarch/profile, else\n"
	"                 ~/.cache/cryptarch/profile\n"
	"  --cipher LIST  the ciphers to measure (default: all)\n"
	"  --mode LIST    the modes, keyed hashes and authenticated\n"
	"                 ciphers to measure, by template: cbc, xctr, cts,\n"
	"                 essiv, cmac, gcm, ccm, ... (default: all\n"
	"                 registered)\n"
	"  --flags FLAGS  the policy the candidates are chosen under:\n"
	"                 allow-variable-time (the default: every\n"
	"                 implementation, so that the profile serves both\n"
	"                 policies) or none (constant-time ones only)\n"
	"  --allow-variable-time  the same as --flags allow-variable-time\n"
	"  --constant-time-only   the same as --flags none\n";

struct opts {
	double sec;
	const char *output;
	const struct cryptarch_algorithm *algs[MAX_ALGS];
	size_t nalgs;
	const struct cryptarch_template *modes[MAX_MODES];
	size_t nmodes;
	unsigned flags;
};

/* One instance being measured, with its figures [key][op][class]. */
struct meas {
	struct cryptarch_spec spec;
	char name[CRYPTARCH_NAME_MAX + 1];
	cryptarch_skcipher *tfm; /* a mode's handle, or */
	cryptarch_shash *htfm;	 /* a hash's, or */
	cryptarch_aead *atfm;	 /* an authenticated cipher's */
	double ns[CRYPTARCH_PROFILE_NKEYS][CRYPTARCH_MAX_OPS][CRYPTARCH_NCLASS];
	int ok[CRYPTARCH_PROFILE_NKEYS][CRYPTARCH_MAX_OPS][CRYPTARCH_NCLASS];
	int keyed[CRYPTARCH_PROFILE_NKEYS];
};

/* One name ("cbc(aes)") being measured. */
struct job {
	char name[CRYPTARCH_NAME_MAX + 1];
	struct cryptarch_cands c;
	struct cryptarch_plan st; /* the static plan, no profile */
	int have_st;
	struct meas m[CRYPTARCH_MAX_CANDS];
	size_t n;
	size_t order[CRYPTARCH_MAX_CANDS]; /* cli_cands_bounded()'s */
};

/* 1 if T's instances are what tune measures: modes, keyed hashes and
 * authenticated ciphers. */
static int measurable(const struct cryptarch_template *t)
{
	return t->type == &cryptarch_type_skcipher ||
	       t->type == &cryptarch_type_shash ||
	       t->type == &cryptarch_type_aead;
}

/* The template named NAME (N bytes), or known by it as an alias. */
static const struct cryptarch_template *template_named(const char *name,
						       size_t n)
{
	const struct cryptarch_template *t = cryptarch_template_find(name, n);

	return t ? t : cryptarch_template_find_alias(name, n);
}

/* Add the ciphers of the comma list LIST, once each; -1 on error. */
static int add_ciphers(struct opts *o, const char *list)
{
	const char *p = list;

	for (;;) {
		size_t n = strcspn(p, ",");
		const struct cryptarch_algorithm *a =
			n ? cryptarch_algorithm_find(p, n) : NULL;
		size_t i;

		if (!a || a->type != &cryptarch_type_cipher) {
			cli_error("tune",
				  "--cipher: unknown cipher '%.*s' (see "
				  "cryptarch list)",
				  (int)(n > 64 ? 64 : n), p);
			return -1;
		}
		for (i = 0; i < o->nalgs; i++)
			if (strcmp(o->algs[i]->name, a->name) == 0)
				break;
		if (i == o->nalgs) {
			if (o->nalgs == MAX_ALGS) {
				cli_error("tune", "--cipher: too many ciphers");
				return -1;
			}
			o->algs[o->nalgs++] = a;
		}
		if (p[n] == '\0')
			return 0;
		p += n + 1;
	}
}

static int add_modes(struct opts *o, const char *list)
{
	const char *p = list;
	char modes[256];

	for (;;) {
		size_t n = strcspn(p, ","), i;
		const struct cryptarch_template *t = NULL;

		if (n)
			t = template_named(p, n);

		if (!t || !measurable(t)) {
			cli_error("tune",
				  "--mode: unknown mode '%.*s' (%s; or a "
				  "template over one: cts, essiv; or a keyed "
				  "hash: cmac, xcbc, cbcmac; or an "
				  "authenticated cipher: gcm, ccm)",
				  (int)(n > 64 ? 64 : n), p,
				  cli_mode_list(modes, sizeof(modes)));
			return -1;
		}
		for (i = 0; i < o->nmodes; i++)
			if (o->modes[i] == t)
				break;
		if (i == o->nmodes && o->nmodes < MAX_MODES)
			o->modes[o->nmodes++] = t;
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

/*
 * Open the eligible candidates of J's name into J->m (those
 * cli_cands_bounded() gives: all, or for very many a part, which is said
 * on LOG); report the others on OUT (unless NULL), each driver once per
 * algorithm (SEEN by driver index).
 */
static void instances(FILE *out, FILE *log, unsigned flags, struct job *j,
		      uint8_t *seen)
{
	char why[256];
	size_t i, k, nb;
	int partial;

	j->n = 0;
	for (i = 0; i < j->c.n; i++) {
		const struct cryptarch_spec *s = &j->c.v[i];
		const struct cryptarch_driver *who = NULL;
		int di;

		if (!cryptarch_spec_eligible(s, flags, 0)) {
			(void)cryptarch_spec_verdict(s, flags, &who);
			if (!who)
				who = cryptarch_spec_base(s);
			di = cryptarch_driver_index(who);
			if (!out || di < 0 || seen[di])
				continue;
			seen[di] = 1;
			fprintf(out, "  %-18s not measured: %s\n", who->name,
				cli_unusable(who, flags, why, sizeof(why)) ?
					why :
					"self-test failed");
		}
	}
	nb = cli_cands_bounded(&j->c, flags, j->order, &partial);
	if (partial)
		fprintf(log,
			"  %s: %zu candidates; measuring %zu, each argument "
			"instance once beside the partner priority prefers "
			"(cryptarch explain %s lists them all)\n",
			j->name, j->c.n, nb, j->name);
	for (k = 0; k < nb; k++) {
		const struct cryptarch_spec *s = &j->c.v[j->order[k]];
		struct meas *m = &j->m[j->n];
		const unsigned vt = CRYPTARCH_ALLOW_VARIABLE_TIME;
		int err;

		memset(m, 0, sizeof(*m));
		m->spec = *s;
		cryptarch_spec_name(s, m->name, sizeof(m->name));
		/* An instance's driver name is exact: it opens that one. */
		if (j->c.type == &cryptarch_type_shash)
			err = cryptarch_shash_new(&m->htfm, m->name, vt);
		else if (j->c.type == &cryptarch_type_aead)
			err = cryptarch_aead_new(&m->atfm, m->name, vt);
		else
			err = cryptarch_skcipher_new(&m->tfm, m->name, vt);
		if (err)
			continue;
		j->n++;
	}
}

/* One many-request call: CRYPTARCH_PROFILE_MANY_REQS requests of
 * CRYPTARCH_PROFILE_MANY_BYTES each, in place, each with its own iv. */
struct many_req {
	cryptarch_skcipher *tfm;
	struct cryptarch_request req[CRYPTARCH_PROFILE_MANY_REQS];
	uint8_t iv[CRYPTARCH_PROFILE_MANY_REQS][16];
	int decrypt;
	int err;
};

_Static_assert(CRYPTARCH_PROFILE_MANY_REQS * CRYPTARCH_PROFILE_MANY_BYTES <=
		       CRYPTARCH_PROFILE_LARGE_BYTES,
	       "a many-request batch fits the buffer of a large request");

static void many_setup(struct many_req *mb, cryptarch_skcipher *tfm,
		       uint8_t *buf, int decrypt)
{
	size_t i, b;

	memset(mb, 0, sizeof(*mb));
	mb->tfm = tfm;
	mb->decrypt = decrypt;
	for (i = 0; i < CRYPTARCH_PROFILE_MANY_REQS; i++) {
		uint8_t *p = buf + i * CRYPTARCH_PROFILE_MANY_BYTES;

		for (b = 0; b < 16; b++)
			mb->iv[i][b] = (uint8_t)(b * 3 + i);
		mb->req[i] = (struct cryptarch_request){
			p, p, CRYPTARCH_PROFILE_MANY_BYTES, mb->iv[i]
		};
	}
}

static void many_tick(void *arg)
{
	struct many_req *mb = arg;
	int err;

	if (mb->decrypt)
		err = cryptarch_skcipher_decrypt_many(
			mb->tfm, mb->req, CRYPTARCH_PROFILE_MANY_REQS);
	else
		err = cryptarch_skcipher_encrypt_many(
			mb->tfm, mb->req, CRYPTARCH_PROFILE_MANY_REQS);
	if (err)
		mb->err = err;
}

/*
 * Measurement I of a point (key index K, operation OP, class C): round
 * I / N of instance I % N, forwards in even rounds and backwards in odd
 * ones, so that a drift in the machine's speed evens out; the figure kept
 * is the best of the rounds. -1 if the request failed. BUF holds LEN
 * bytes; an aead's request goes out of place, through BUF2 and BUF3 (LEN
 * + CRYPTARCH_AEAD_TAG_MAX bytes each).
 */
static int point(const struct opts *o, struct job *j, size_t i, int k, int op,
		 int c, uint8_t *buf, uint8_t *buf2, uint8_t *buf3, size_t len)
{
	size_t n = j->n, round = i / n, b16;
	struct meas *m = &j->m[round % 2 ? n - 1 - i % n : i % n];
	struct harness_result r;
	struct skbench_hash_req h;
	struct aeadbench_req a;
	struct skbench_req b;
	int err;

	if (!m->keyed[k])
		return 0;
	if (m->atfm) {
		/* an aead: one request out of place, as speed times it */
		err = aeadbench_setup(&a, m->atfm, buf, buf2, buf3, len, op);
		if (!err) {
			harness_run(aeadbench_tick, &a, o->sec / ROUNDS, &r);
			err = a.err;
		}
	} else if (m->htfm) {
		/* a hash: one digest of the whole message */
		memset(&h, 0, sizeof(h));
		h.tfm = m->htfm;
		h.buf = buf;
		h.len = len;
		harness_run(skbench_hash_tick, &h, o->sec / ROUNDS, &r);
		err = h.err;
	} else if (c == CRYPTARCH_CLASS_MANY) {
		/* a batch of requests, each in place in its part of BUF */
		struct many_req mb;

		many_setup(&mb, m->tfm, buf, op);
		harness_run(many_tick, &mb, o->sec / ROUNDS, &r);
		err = mb.err;
	} else {
		memset(&b, 0, sizeof(b));
		b.tfm = m->tfm;
		b.buf = buf;
		b.len = len;
		b.decrypt = op;
		for (b16 = 0; b16 < 16; b16++)
			b.iv[b16] = (uint8_t)(b16 * 3);
		harness_run(skbench_tick, &b, o->sec / ROUNDS, &r);
		err = b.err;
	}
	if (err) {
		cli_error("tune", "%s failed: %s", m->name,
			  cryptarch_strerror(err));
		return -1;
	}
	if (!m->ok[k][op][c] || r.best_ns < m->ns[k][op][c])
		m->ns[k][op][c] = r.best_ns;
	m->ok[k][op][c] = 1;
	return 0;
}

/*
 * The I-th name to measure over the cipher A into BUF: its modes, then its
 * hashes, then its authenticated ciphers (cli_name_at()), whose outer
 * template is among --mode's. 0, or -1 past the last.
 */
static int name_at(const struct opts *o, const struct cryptarch_algorithm *a,
		   size_t i, char *buf, size_t size)
{
	static const struct cryptarch_type *const types[3] = {
		&cryptarch_type_skcipher, &cryptarch_type_shash,
		&cryptarch_type_aead
	};
	size_t k, j, m, n = 0;

	for (k = 0; k < 3; k++)
		for (j = 0; cli_name_at(types[k], a, j, buf, size) == 0; j++) {
			const struct cryptarch_template *t =
				template_named(buf, strcspn(buf, "("));

			for (m = 0; m < o->nmodes && o->modes[m] != t; m++)
				;
			if (m < o->nmodes && n++ == i)
				return 0;
		}
	return -1;
}

/* Key M's handle with the KEYLEN bytes at KEY (an aead: with the tag
 * length speed measures too); the library's result. */
static int set_key(struct meas *m, const uint8_t *key, size_t keylen)
{
	int err;

	if (m->htfm)
		return cryptarch_shash_setkey(m->htfm, key, keylen);
	if (!m->atfm)
		return cryptarch_skcipher_setkey(m->tfm, key, keylen);
	err = cryptarch_aead_setkey(m->atfm, key, keylen);
	if (err)
		return err;
	return cryptarch_aead_setauthsize(m->atfm, AEADBENCH_AUTHSIZE);
}

/* Measure the instances of one name, point by point; return -1 if a
 * request failed (a bug: every instance passed its self-test). */
static int measure(const struct opts *o, struct job *j, uint8_t *buf,
		   uint8_t *buf2, uint8_t *buf3)
{
	static const size_t bytes[CRYPTARCH_NCLASS] = {
		CRYPTARCH_PROFILE_SMALL_BYTES, CRYPTARCH_PROFILE_LARGE_BYTES,
		CRYPTARCH_PROFILE_MANY_REQS * CRYPTARCH_PROFILE_MANY_BYTES
	};
	unsigned nops = j->c.type->nops;
	/* a hash handle uses the large class only; only an skcipher
	 * handle has many-request calls */
	int c0 = j->c.type == &cryptarch_type_shash;
	int c1 = j->c.type == &cryptarch_type_skcipher ? CRYPTARCH_NCLASS : 2;
	uint8_t key[128];
	size_t i;
	int k, op, c;

	for (i = 0; i < sizeof(key); i++)
		key[i] = (uint8_t)(i * 29 + 7); /* xts halves differ */
	for (k = 0; k < CRYPTARCH_PROFILE_NKEYS; k++) {
		unsigned kb = 16 + 8 * (unsigned)k;

		for (i = 0; i < j->n; i++) {
			struct meas *m = &j->m[i];
			unsigned min, max, nk = cryptarch_spec_nkeys(&m->spec);

			cryptarch_spec_keysizes(&m->spec, &min, &max);
			if (kb < min || kb > max || nk * kb > sizeof(key))
				continue;
			m->keyed[k] = set_key(m, key, nk * kb) == 0;
		}
		for (op = 0; op < (int)nops; op++)
			for (c = c0; c < c1; c++)
				for (i = 0; i < ROUNDS * j->n; i++)
					if (point(o, j, i, k, op, c, buf, buf2,
						  buf3, bytes[c]))
						return -1;
	}
	return 0;
}

/* The figure of instance S among FIGS, or 0. */
static double fig_of(const struct cryptarch_profile_fig *figs, size_t n,
		     const struct cryptarch_spec *s)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (cryptarch_spec_equal(&figs[i].inst, s))
			return figs[i].ns;
	return 0;
}

static void line(FILE *out, const char *name, const struct cryptarch_type *type,
		 int op, int k, int cls, const struct cryptarch_spec *w,
		 double wns, const struct cryptarch_spec *pr, double pns)
{
	char wname[CRYPTARCH_NAME_MAX + 1], pname[CRYPTARCH_NAME_MAX + 1];

	cryptarch_spec_name(w, wname, sizeof(wname));
	if (pr)
		cryptarch_spec_name(pr, pname, sizeof(pname));
	fprintf(out, "%-13s %s %u %-5s %-22s %10.1f  %-22s %10.1f %6.2fx\n",
		name, type->op_words[op], 128 + 64 * k,
		cls == CRYPTARCH_CLASS_MANY ? "many" : cls ? "large" : "small",
		wname, wns, pr ? pname : "-", pns,
		wns > 0 && pns > 0 ? pns / wns : 0.0);
}

/* Add the entries of one name to P and print them on OUT. */
static int record(FILE *out, struct cryptarch_profile *p, struct job *j)
{
	struct cryptarch_profile_fig figs[CRYPTARCH_MAX_CANDS];
	const struct cryptarch_type *type = j->c.type;
	size_t i, nf;
	int k, op, c, err;

	for (k = 0; k < CRYPTARCH_PROFILE_NKEYS; k++) {
		for (op = 0; op < (int)type->nops; op++) {
			for (c = 0; c < CRYPTARCH_NCLASS; c++) {
				const struct cryptarch_profile_entry *e;
				const struct cryptarch_spec *pr = NULL;

				for (i = 0, nf = 0; i < j->n; i++) {
					if (!j->m[i].ok[k][op][c])
						continue;
					figs[nf].inst = j->m[i].spec;
					figs[nf].ns = j->m[i].ns[k][op][c];
					nf++;
				}
				if (nf == 0)
					continue;
				err = cryptarch_profile_add(p, j->name, op, k,
							    c, figs, nf);
				e = err ? NULL :
					  cryptarch_profile_find(p, j->name, op,
								 k, c);
				if (!e) {
					cli_error("tune", "%s: %s", j->name,
						  cryptarch_strerror(
							  err ? err : -EIO));
					return -1;
				}
				if (j->have_st)
					pr = &j->st.slot[k][op][c].inst;
				line(out, j->name, type, op, k, c, &e->winner,
				     fig_of(figs, nf, &e->winner), pr,
				     pr ? fig_of(figs, nf, pr) : 0);
			}
		}
	}
	fflush(out);
	return 0;
}

/*
 * Under FLAGS (a policy the profile P serves), the slots where the plan
 * with P differs from the static plan, as selection will make them (the
 * library's cryptarch_select(), with and without P).
 */
static int differ(FILE *out, const struct cryptarch_profile *p, unsigned flags,
		  const char *title)
{
	struct cryptarch_cands *c = malloc(sizeof(*c));
	struct cryptarch_plan *plan = malloc(sizeof(*plan));
	struct cryptarch_plan *st = malloc(sizeof(*st));
	size_t i, j, shown = 0;
	int k, op, cls;

	if (!c || !plan || !st) {
		free(c);
		free(plan);
		free(st);
		cli_error("tune", "%s", cryptarch_strerror(-ENOMEM));
		return -1;
	}
	fprintf(out, "\n%s: where measurement and priority differ\n", title);
	for (i = 0; i < p->n; i++) {
		const char *name = p->e[i].name;

		/* each name once, at its first entry */
		for (j = 0; j < i && strcmp(p->e[j].name, name) != 0; j++)
			;
		if (j < i || cryptarch_cands(name, NULL, c) != 0 ||
		    cryptarch_select(c, flags, p, plan) != 0 ||
		    cryptarch_select(c, flags, NULL, st) != 0)
			continue;
		for (k = 0; k < CRYPTARCH_PROFILE_NKEYS; k++)
			for (op = 0; op < (int)c->type->nops; op++)
				for (cls = 0; cls < CRYPTARCH_NCLASS; cls++) {
					const struct cryptarch_slot *s =
						&plan->slot[k][op][cls];
					const struct cryptarch_spec *si =
						&st->slot[k][op][cls].inst;

					if (s->why != CRYPTARCH_SLOT_MEASURED ||
					    cryptarch_spec_equal(&s->inst, si))
						continue;
					line(out, name, c->type, op, k, cls,
					     &s->inst, s->ns, si, s->prio_ns);
					shown++;
				}
	}
	if (!shown)
		fprintf(out, "(none)\n");
	free(c);
	free(plan);
	free(st);
	return 0;
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
	struct job *j = NULL;
	struct cryptarch_profile *p = NULL, *check = NULL;
	char path[1024], cpu[256], feat[512], why[512], comment[1024];
	char *text = NULL;
	uint8_t *buf = NULL, *buf2 = NULL, *buf3 = NULL, *seen = NULL;
	const char *unknown;
	FILE *out = stdout;
	uint64_t t0 = harness_now_ns();
	size_t ai, mi, i;
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
	/* By default every cipher, mode and keyed hash: the registry's. */
	if (o.nalgs == 0)
		for (i = 0; i < cli_algorithm_count(); i++)
			if (cli_algorithm_at(i)->type ==
				    &cryptarch_type_cipher &&
			    add_ciphers(&o, cli_algorithm_at(i)->name) != 0)
				return CLI_FAIL;
	if (o.nmodes == 0)
		for (i = 0; i < cryptarch_template_count(); i++) {
			const struct cryptarch_template *t =
				cryptarch_template_at(i);

			if (measurable(t) && add_modes(&o, t->name) != 0)
				return CLI_FAIL;
		}
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
	j = calloc(1, sizeof(*j));
	seen = calloc(cryptarch_driver_count() + 1, 1);
	buf = malloc(CRYPTARCH_PROFILE_LARGE_BYTES);
	buf2 = malloc(CRYPTARCH_PROFILE_LARGE_BYTES + CRYPTARCH_AEAD_TAG_MAX);
	buf3 = malloc(CRYPTARCH_PROFILE_LARGE_BYTES + CRYPTARCH_AEAD_TAG_MAX);
	p = cryptarch_profile_new(o.flags);
	if (!j || !seen || !buf || !buf2 || !buf3 || !p) {
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
	for (ai = 0; ai < o.nalgs; ai++) {
		fprintf(out, "\n%s:\n", o.algs[ai]->name);
		fflush(out);
		memset(seen, 0, cryptarch_driver_count() + 1);
		for (mi = 0; name_at(&o, o.algs[ai], mi, j->name,
				     sizeof(j->name)) == 0;
		     mi++) {
			if (cryptarch_cands(j->name, NULL, &j->c) != 0)
				continue;
			instances(mi == 0 ? out : NULL, out, o.flags, j, seen);
			j->have_st = cryptarch_select(&j->c, o.flags, NULL,
						      &j->st) == 0;
			if (mi == 0)
				fprintf(out,
					"name          op  key class winner"
					"                  ns/call  "
					"priority's choice         ns/call   "
					"gain\n");
			if (j->n == 0)
				continue;
			r = measure(&o, j, buf, buf2, buf3);
			if (!r)
				r = record(out, p, j);
			for (i = 0; i < j->n; i++) {
				cryptarch_skcipher_free(j->m[i].tfm);
				cryptarch_shash_free(j->m[i].htfm);
				cryptarch_aead_free(j->m[i].atfm);
			}
			if (r)
				goto out;
		}
	}

	if ((o.flags & CRYPTARCH_ALLOW_VARIABLE_TIME) &&
	    differ(out, p, CRYPTARCH_ALLOW_VARIABLE_TIME,
		   "variable-time allowed (CRYPTARCH_ALLOW_VARIABLE_TIME)"))
		goto out;
	if (differ(out, p, 0, "constant-time only (flags 0)"))
		goto out;

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
	free(buf2);
	free(buf3);
	free(seen);
	free(j);
	return ret;
}
