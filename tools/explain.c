/* SPDX-License-Identifier: MIT */
/*
 * explain.c - `cryptarch explain NAME`: every candidate instance for a name
 * under the flags given (the core's candidates, cryptarch_cands()), with
 * what decides its eligibility (the CPU features it needs and whether they
 * are present, masked or missing, its drivers' self-test state, the
 * constant-time policy: the core's verdict, cryptarch_spec_verdict()), its
 * static priority, its figures from the measured profile where one is in
 * use, and then the plan itself, per key size, operation and request size
 * class, with the reason each slot holds its instance (the profile's
 * measurement, or priority and why the profile did not decide); for a
 * hash (shash: one operation, digest) the long-message slot only, the one
 * a hash handle uses for every message. The plan shown is the library's
 * own (cryptarch_lookup(), the call cryptarch_skcipher_new() and
 * cryptarch_shash_new() make), and the static choice it is compared with
 * cryptarch_select() without a profile: nothing is re-implemented here.
 * An authenticated cipher (aead: "gcm(aes)", "ccm(aes)") is explained the
 * same way, over both operations and size classes; an instance of a
 * template whose priority is the mean of its arguments' (gcm_base,
 * ccm_base) shows each argument's priority beside it. Self-tests of the
 * drivers that can run are run first, as `cryptarch list` does. No cipher
 * code of its own; no CPU features needed.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "aead.h"
#include "cpu.h"
#include "eligible.h"
#include "profile.h"
#include "registry.h"
#include "select.h"
#include "selftest.h"
#include "shash.h"
#include "skcipher.h"
#include "spec.h"

static const char usage[] =
	"usage: cryptarch explain NAME [--allow-variable-time]\n"
	"         [--forbid-weak-keys] [--static-priority]\n"
	"\n"
	"Show every candidate instance for NAME (a mode such as cbc(aes),\n"
	"a hash such as cmac(aes), an authenticated cipher such as\n"
	"gcm(aes), an instance such as ctr-aes-ct64, or a block cipher\n"
	"such as aes):\n"
	"its eligibility (CPU features, self-test, constant-time policy),\n"
	"its priority and its measured figures, and the plan the library\n"
	"makes per key size, operation and request size, with why each\n"
	"instance won, under the flags given:\n"
	"  --allow-variable-time  CRYPTARCH_ALLOW_VARIABLE_TIME\n"
	"  --forbid-weak-keys     CRYPTARCH_FORBID_WEAK_KEYS\n"
	"  --static-priority      CRYPTARCH_STATIC_PRIORITY (ignore the\n"
	"                         measured profile)\n";

static const char *const classes[CRYPTARCH_NCLASS] = { "small", "large",
							   "many" };

/* 1 if instances of TYPE use one size class only, the large one: a hash
 * handle does not know a message's length when it starts. */
static int large_only(const struct cryptarch_type *type)
{
	return type == &cryptarch_type_shash;
}

/* The size classes past the last a handle of TYPE uses: skcipher handles
 * have many-request calls (cryptarch_skcipher_encrypt_many). */
static int class_end(const struct cryptarch_type *type)
{
	return type == &cryptarch_type_skcipher ? CRYPTARCH_NCLASS : 2;
}

/* 1 if instance S takes a key (an unkeyed hash does not). */
static int keyed(const struct cryptarch_spec *s)
{
	unsigned min, max;

	cryptarch_spec_keysizes(s, &min, &max);
	return max > 0;
}

/* What explain works from: the candidates, the library's plan and the
 * static plan (the same candidates and flags, no profile). */
struct ctx {
	const char *name;
	unsigned flags;
	struct cryptarch_cands c;
	size_t order[CRYPTARCH_MAX_CANDS]; /* the order they are shown in */
	struct cryptarch_plan plan, st;
	char algname[CRYPTARCH_NAME_MAX + 1]; /* the profile's name for it */
	const struct cryptarch_profile *p;    /* figures to show, or NULL */
};

static const char *flag_words(unsigned flags, char *buf, size_t size)
{
	snprintf(buf, size, "%s%s%s%s",
		 flags & CRYPTARCH_ALLOW_VARIABLE_TIME ?
			 " CRYPTARCH_ALLOW_VARIABLE_TIME" :
			 "",
		 flags & CRYPTARCH_FORBID_WEAK_KEYS ?
			 " CRYPTARCH_FORBID_WEAK_KEYS" :
			 "",
		 flags & CRYPTARCH_STATIC_PRIORITY ?
			 " CRYPTARCH_STATIC_PRIORITY" :
			 "",
		 flags ? "" : " 0 (constant-time implementations only)");
	return buf + 1;
}

/* The CPU features NEED and how each stands here. */
static void cpu_words(uint64_t need, char *buf, size_t size)
{
	static const char *const what[3] = { "present",
					     "masked by CRYPTARCH_DISABLE",
					     "not on this CPU" };
	uint64_t missing = need & ~cryptarch_cpu_detected();
	uint64_t masked = need & cryptarch_cpu_disabled() & ~missing;
	uint64_t part[3] = { need & ~missing & ~masked, masked, missing };
	char names[256];
	size_t n;
	int i, first = 1;

	if (!need) {
		snprintf(buf, size, "none needed");
		return;
	}
	cryptarch_cpu_format(need, names, sizeof(names));
	n = (size_t)snprintf(buf, size, "needs %s:", names);
	for (i = 0; i < 3 && n < size; i++) {
		if (!part[i])
			continue;
		cryptarch_cpu_format(part[i], names, sizeof(names));
		n += (size_t)snprintf(buf + n, size - n, "%s %s %s",
				      first ? "" : ";", names, what[i]);
		first = 0;
	}
}

static const char *selftest_word(const struct cryptarch_driver *d)
{
	if (!cryptarch_driver_available(d))
		return "not run (cannot run here)";
	switch (cryptarch_driver_selftest_state(d)) {
	case CRYPTARCH_SELFTEST_PASSED:
		return "passed";
	case CRYPTARCH_SELFTEST_FAILED:
		return "FAILED";
	default:
		return "not run";
	}
}

/* The drivers of S (its leaves), each once, into D; how many. */
static size_t drivers_of(const struct cryptarch_spec *s,
			 const struct cryptarch_driver **d, size_t max)
{
	size_t n = 0, j;
	unsigned i;

	for (i = 0; i < s->n; i++) {
		const struct cryptarch_driver *x;

		if (cryptarch_spec_node_template(s, i))
			continue;
		x = cryptarch_spec_node_driver(s, i);
		for (j = 0; j < n && d[j] != x; j++)
			;
		if (j == n && n < max)
			d[n++] = x;
	}
	return n;
}

/* The self-test state of S's drivers: "passed", or per driver. */
static void selftest_words(const struct cryptarch_spec *s, char *buf,
			   size_t size)
{
	const struct cryptarch_driver *d[CRYPTARCH_SPEC_NODES];
	size_t n = drivers_of(s, d, CRYPTARCH_SPEC_NODES), i, k = 0;

	if (size)
		buf[0] = '\0';
	if (n == 1) {
		snprintf(buf, size, "%s", selftest_word(d[0]));
		return;
	}
	for (i = 0; i < n && k < size; i++)
		k += (size_t)snprintf(buf + k, size - k, "%s%s %s",
				      i ? ", " : "", d[i]->name,
				      selftest_word(d[i]));
}

/* Order the candidates as shown: those static selection ranks, by
 * priority (registry order among equals), then the others. */
static void order(struct ctx *x)
{
	const struct cryptarch_cands *c = &x->c;
	size_t i, j, n = 0;
	int pass;

	for (pass = 0; pass < 2; pass++)
		for (i = 0; i < c->n; i++) {
			int st = c->exact || c->is_static[i];

			if (st != !pass)
				continue;
			for (j = n;
			     pass == 0 && j > 0 &&
			     cryptarch_spec_priority(&c->v[x->order[j - 1]],
						     -1) <
				     cryptarch_spec_priority(&c->v[i], -1);
			     j--)
				x->order[j] = x->order[j - 1];
			x->order[pass ? n : j] = i;
			n++;
		}
}

/* The static candidate with the same keys as non-static candidate I (the
 * hooked instance its driver competes through), or NULL. */
static const struct cryptarch_spec *hooked_twin(const struct ctx *x, size_t i)
{
	size_t j;

	for (j = 0; j < x->c.n; j++)
		if (j != i && x->c.is_static[j] &&
		    cryptarch_spec_same_keys(&x->c.v[j], &x->c.v[i]))
			return &x->c.v[j];
	return NULL;
}

/*
 * The priority of argument ARG of S's root, from S's name: the instance
 * named by the argument's text ("ctr-aes-aesni", "cbcmac(aes-ct64)")
 * among the candidates of that name, its name into NAME. 0 and *PR, or -1.
 */
static int arg_priority(const struct cryptarch_spec *s, unsigned arg,
			char *name, size_t size, int *pr)
{
	char whole[CRYPTARCH_NAME_MAX + 1], one[CRYPTARCH_NAME_MAX + 1];
	struct cryptarch_cands *c;
	const char *p, *at;
	int depth = 0, ret = -1;
	unsigned k = 0;
	size_t i;

	cryptarch_spec_name(s, whole, sizeof(whole));
	p = strchr(whole, '(');
	if (!p)
		return -1;
	for (at = ++p; *p; p++) {
		if (*p == '(')
			depth++;
		else if (*p == ')' && depth)
			depth--;
		else if (!depth && (*p == ',' || *p == ')')) {
			if (k++ == arg)
				break;
			at = p + 1;
		}
	}
	if (!*p || (size_t)(p - at) >= size)
		return -1;
	snprintf(name, size, "%.*s", (int)(p - at), at);
	c = malloc(sizeof(*c));
	if (c && cryptarch_cands(name, NULL, c) == 0)
		for (i = 0; i < c->n && ret; i++)
			if (strcmp(cryptarch_spec_name(&c->v[i], one,
						       sizeof(one)),
				   name) == 0) {
				*pr = cryptarch_spec_priority(&c->v[i], -1);
				ret = 0;
			}
	free(c);
	return ret;
}

/* For a template whose priority is the mean of its arguments' (gcm_base,
 * ccm_base): each argument's, "(the mean of ctr-aes-aesni 300,
 * ghash-pclmul 200)". */
static void print_mean(const struct cryptarch_spec *s)
{
	const struct cryptarch_template *t = cryptarch_spec_template(s);
	char name[CRYPTARCH_NAME_MAX + 1];
	unsigned a;
	int pr;

	if (!t || !t->mean_priority || cryptarch_spec_hooked(s))
		return;
	for (a = 0; a < t->nargs; a++) {
		if (arg_priority(s, a, name, sizeof(name), &pr))
			return;
		printf("%s%s %d", a ? ", " : " (the mean of ", name, pr);
	}
	printf(")");
}

static void print_priority(const struct ctx *x, size_t i)
{
	const struct cryptarch_spec *s = &x->c.v[i], *twin;
	const struct cryptarch_type *type = x->c.type;
	char name[CRYPTARCH_NAME_MAX + 1];
	unsigned op;
	int pr = cryptarch_spec_priority(s, -1), any = 0;

	if (!x->c.exact && !x->c.is_static[i]) {
		twin = hooked_twin(x, i);
		if (twin)
			printf("    priority: none (a template's own instance: "
			       "its driver competes by\n    priority through "
			       "%s; this one only by measurement)\n",
			       cryptarch_spec_name(twin, name, sizeof(name)));
		else
			printf("    priority: none (chosen only by "
			       "measurement)\n");
		return;
	}
	printf("    priority: %d", pr);
	print_mean(s);
	/* where an operation or a size class ranks it apart (CBC
	 * encryption is serial; one block gains nothing from many lanes) */
	for (op = 0; op < type->nops; op++) {
		int pl = cryptarch_spec_slot_priority(s, (int)op, 1);
		int ps = large_only(type) ?
				 pl :
				 cryptarch_spec_slot_priority(s, (int)op, 0);

		if (ps == pl && ps != pr) {
			printf("%s%s %d", any ? ", " : " (", type->op_names[op],
			       ps);
			any = 1;
			continue;
		}
		if (ps != pr) {
			printf("%s%s small %d", any ? ", " : " (",
			       type->op_names[op], ps);
			any = 1;
		}
		if (pl != pr && pl != ps) {
			printf("%s%s large %d", any ? ", " : " (",
			       type->op_names[op], pl);
			any = 1;
		}
	}
	printf("%s\n", any ? ")" : "");
}

/* The figures of candidate S in the profile, per key size, operation and
 * class. */
static void print_figs(const struct ctx *x, const struct cryptarch_spec *s)
{
	const struct cryptarch_type *type = x->c.type;
	const struct cryptarch_profile_entry *e;
	const struct cryptarch_profile_fig *f;
	unsigned op;
	size_t i;
	int k, cl, any = 0;

	for (k = 0; k < CRYPTARCH_PROFILE_NKEYS; k++) {
		char line[256];
		size_t n = 0;
		int have = 0;

		n += (size_t)snprintf(line, sizeof(line), "      %3d bit",
				      128 + 64 * k);
		for (op = 0; op < type->nops; op++) {
			for (cl = large_only(type); cl < 2; cl++) {
				double ns = 0;

				e = cryptarch_profile_find(x->p, x->algname,
							   (int)op, k, cl);
				f = e ? cryptarch_profile_figs(x->p, e) : NULL;
				for (i = 0; e && i < e->nfig; i++)
					if (cryptarch_spec_equal(&f[i].inst, s))
						ns = f[i].ns;
				if (ns > 0) {
					have = 1;
					n += (size_t)snprintf(line + n,
							      sizeof(line) - n,
							      " %11.1f", ns);
				} else {
					n += (size_t)snprintf(line + n,
							      sizeof(line) - n,
							      " %11s", "-");
				}
			}
		}
		if (!have)
			continue;
		if (!any) {
			if (large_only(type))
				printf("    measured, ns per call (large: %u "
				       "bytes):\n%13s",
				       CRYPTARCH_PROFILE_LARGE_BYTES, "");
			else
				printf("    measured, ns per call (small: %u "
				       "bytes, large: %u bytes):\n%13s",
				       CRYPTARCH_PROFILE_SMALL_BYTES,
				       CRYPTARCH_PROFILE_LARGE_BYTES, "");
			for (op = 0; op < type->nops; op++)
				for (cl = large_only(type); cl < 2; cl++) {
					char w[32];

					snprintf(w, sizeof(w), "%s %s",
						 type->op_words[op],
						 classes[cl]);
					printf(" %11s", w);
				}
			printf("\n");
		}
		any = 1;
		printf("%s\n", line);
	}
	if (!any)
		printf("    measured: no figures in the profile\n");
}

static void print_candidates(const struct ctx *x)
{
	char name[CRYPTARCH_NAME_MAX + 1], buf[512], why[256];
	size_t i;

	printf("\ncandidates%s:\n",
	       x->c.n > 1 ? " (by priority, highest first)" : "");
	for (i = 0; i < x->c.n; i++) {
		const struct cryptarch_spec *s = &x->c.v[x->order[i]];
		const char *un =
			cli_spec_unusable(s, x->flags, why, sizeof(why));

		printf("  %s, %s\n", cryptarch_spec_name(s, name, sizeof(name)),
		       cryptarch_spec_constant_time(s) ?
			       "constant-time" :
			       "variable-time (table-based)");
		print_priority(x, x->order[i]);
		cpu_words(cryptarch_spec_features(s), buf, sizeof(buf));
		printf("    cpu features: %s\n", buf);
		selftest_words(s, buf, sizeof(buf));
		printf("    self-test: %s\n", buf);
		printf("    eligible: %s%s\n", un ? "no, " : "yes",
		       un ? un : "");
		if (x->p)
			print_figs(x, s);
	}
}

static void print_profile(const struct ctx *x)
{
	const struct cryptarch_profile *p = cryptarch_profile_active();
	unsigned flags = x->flags;

	printf("profile: %s", cryptarch_profile_status());
	if (p)
		printf(" (flags %s)", p->flags & CRYPTARCH_ALLOW_VARIABLE_TIME ?
					      "allow-variable-time" :
					      "none");
	printf("\n");
	if (x->c.type == &cryptarch_type_cipher)
		printf("  not used: a block cipher (cryptarch_cipher) is "
		       "chosen by priority\n");
	else if (x->c.exact)
		printf("  not used: NAME is a driver's instance, chosen as "
		       "named\n");
	else if (flags & CRYPTARCH_STATIC_PRIORITY)
		printf("  not used: CRYPTARCH_STATIC_PRIORITY\n");
	else if (p && (flags & CRYPTARCH_ALLOW_VARIABLE_TIME) &&
		 !(p->flags & CRYPTARCH_ALLOW_VARIABLE_TIME))
		printf("  not used: it was measured without the "
		       "variable-time implementations that these flags "
		       "allow\n");
}

/* Why slot S (operation OP, size class CLS) holds its instance; ST is
 * the static choice for that slot. */
static void print_why(const struct ctx *x, const struct cryptarch_slot *s,
		      const struct cryptarch_slot *st, int op, int cls)
{
	char sname[CRYPTARCH_NAME_MAX + 1];

	cryptarch_spec_name(&st->inst, sname, sizeof(sname));
	switch (s->why) {
	case CRYPTARCH_SLOT_PRIORITY:
		if (cryptarch_spec_equal(&s->inst, &x->plan.prio))
			printf("priority (no profile in use)\n");
		else
			printf("priority %d, the highest here (no profile "
			       "in use)\n",
			       cryptarch_spec_slot_priority(&s->inst, op, cls));
		break;
	case CRYPTARCH_SLOT_NO_ENTRY:
		printf("priority (the profile has no line for this)\n");
		break;
	case CRYPTARCH_SLOT_MEASURED:
		if (cryptarch_spec_equal(&s->inst, &st->inst))
			printf("profile: fastest eligible, %.1f ns, and "
			       "priority's choice too\n",
			       s->ns);
		else
			printf("profile: %.1f ns, %.2fx faster than "
			       "priority's %s (%.1f ns)\n",
			       s->ns, s->prio_ns / s->ns, sname, s->prio_ns);
		break;
	case CRYPTARCH_SLOT_MARGIN:
		printf("priority: the profile's fastest eligible is within "
		       "%d%% of it (%.1f ns)\n",
		       CRYPTARCH_PROFILE_MARGIN_PCT, s->ns);
		break;
	case CRYPTARCH_SLOT_NONE_ELIGIBLE:
		printf("priority: nothing the profile measured is eligible "
		       "now\n");
		break;
	case CRYPTARCH_SLOT_UNMEASURED:
		printf("priority: the profile did not measure priority's "
		       "choice\n");
		break;
	}
}

/* The plan, slot by slot: [key size][operation][size class]. */
static void print_plan(const struct ctx *x)
{
	const struct cryptarch_type *type = x->c.type;
	char name[CRYPTARCH_NAME_MAX + 1];
	unsigned min, max, nk = cryptarch_spec_nkeys(&x->plan.prio);
	int k, op, c, w = 22;

	cryptarch_spec_keysizes(&x->plan.prio, &min, &max);
	for (k = 0; k < CRYPTARCH_PROFILE_NKEYS; k++)
		for (op = 0; op < (int)type->nops; op++)
			for (c = large_only(type); c < class_end(type); c++) {
				int l = (int)strlen(cryptarch_spec_name(
					&x->plan.slot[k][op][c].inst, name,
					sizeof(name)));

				w = l > w ? l : w;
			}
	printf("  key  %-10s  class  %-*s why\n", "operation", w, "instance");
	for (k = 0; k < CRYPTARCH_PROFILE_NKEYS; k++) {
		unsigned kb = 16 + 8 * (unsigned)k;
		char kw[8];

		/* an unkeyed hash: the first slot, no key */
		if ((max || k) && (kb < min || kb > max))
			continue;
		snprintf(kw, sizeof(kw), "%u", 8 * kb);
		for (op = 0; op < (int)type->nops; op++)
			for (c = large_only(type); c < class_end(type); c++) {
				const struct cryptarch_slot *s =
					&x->plan.slot[k][op][c];

				printf("  %3s  %-10s  %-5s  %-*s ",
				       max ? kw : "-", type->op_names[op],
				       large_only(type) ? "any" : classes[c],
				       w,
				       cryptarch_spec_name(&s->inst, name,
							   sizeof(name)));
				print_why(x, s, &x->st.slot[k][op][c], op, c);
			}
	}
	if (large_only(type))
		printf("  (%sany: a hash handle uses one instance for every "
		       "message,\n  the plan's for requests of more than %u "
		       "bytes)\n",
		       max ? "key: bits of the key; " : "",
		       CRYPTARCH_PROFILE_SMALL_MAX);
	else
		printf("  (key: bits of %s; small: requests of at most %u "
		       "bytes%s)\n",
		       nk > 1 ? "each cipher key" : "the key",
		       CRYPTARCH_PROFILE_SMALL_MAX,
		       class_end(type) > 2 ?
			       ";\n  many: many-request calls, "
			       "cryptarch_skcipher_encrypt_many()" :
			       "");
}

/* NAME's candidates into X, or a usage error reported. */
static int find(struct ctx *x)
{
	int err = cryptarch_cands(x->name, NULL, &x->c);

	if (err == -EINVAL) {
		cli_error("explain", "malformed algorithm name '%s'", x->name);
		return CLI_USAGE;
	}
	if (err) {
		cli_error("explain",
			  "unknown algorithm '%s' (see cryptarch list)",
			  x->name);
		return CLI_USAGE;
	}
	return CLI_OK;
}

/* Nothing is eligible: say why, as the other commands do. */
static int none(const struct ctx *x, int err)
{
	cryptarch_skcipher *tfm = NULL;
	char why[768];
	int r;

	printf("  none: no candidate is eligible\n");
	fflush(stdout);
	if (x->c.type == &cryptarch_type_shash) {
		cryptarch_shash *h = NULL;

		r = cli_resolve_shash(x->name, x->flags, &h, why, sizeof(why));
		cryptarch_shash_free(h);
	} else if (x->c.type == &cryptarch_type_skcipher) {
		r = cli_resolve(x->name, x->flags, &tfm, why, sizeof(why));
		cryptarch_skcipher_free(tfm);
	} else if (x->c.type == &cryptarch_type_aead) {
		cryptarch_aead *a = NULL;

		r = cli_resolve_aead(x->name, x->flags, &a, why, sizeof(why));
		cryptarch_aead_free(a);
	} else {
		cli_error("explain", "%s: %s", x->name,
			  cryptarch_strerror(err));
		return CLI_FAIL;
	}
	if (r == CLI_R_OK) /* cannot happen: the lookup failed */
		return CLI_FAIL;
	cli_error("explain", "%s", why);
	return r == CLI_R_POLICY || r == CLI_R_MALFORMED || r == CLI_R_UNKNOWN ?
		       CLI_USAGE :
		       CLI_FAIL;
}

static int explain(struct ctx *x)
{
	const struct cryptarch_driver *d[CRYPTARCH_SPEC_NODES];
	char buf[512], name[CRYPTARCH_NAME_MAX + 1];
	cryptarch_skcipher *tfm;
	cryptarch_shash *h;
	cryptarch_aead *a;
	size_t i, j, n;
	int err;

	/* Self-tests first, so that their state is known. */
	for (i = 0; i < x->c.n; i++) {
		n = drivers_of(&x->c.v[i], d, CRYPTARCH_SPEC_NODES);
		for (j = 0; j < n; j++)
			if (cryptarch_driver_available(d[j]))
				(void)cryptarch_driver_selftest(d[j]);
	}
	order(x);

	printf("explain %s under flags %s\n", x->name,
	       flag_words(x->flags, buf, sizeof(buf)));
	cryptarch_cpu_format(cryptarch_cpu_features(), buf, sizeof(buf));
	printf("cpu features: %s\n", buf[0] ? buf : "(none)");
	cryptarch_cpu_format(cryptarch_cpu_disabled(), buf, sizeof(buf));
	printf("masked by CRYPTARCH_DISABLE: %s\n", buf[0] ? buf : "none");
	print_profile(x);
	x->p = x->c.exact || x->c.type == &cryptarch_type_cipher ?
		       NULL :
		       cryptarch_profile_active();
	cryptarch_spec_algname(&x->c.v[0], x->algname, sizeof(x->algname));
	/* The selection, as the library makes it. */
	err = cryptarch_lookup(x->name, NULL, x->flags, &x->plan);
	if (!err)
		err = cryptarch_select(&x->c, x->flags, NULL, &x->st);
	print_candidates(x);

	printf("\nselection:\n");
	if (err)
		return none(x, err);
	cryptarch_spec_name(&x->plan.prio, name, sizeof(name));
	if (x->c.exact) {
		printf("  %s: named exactly, and eligible (every key size, "
		       "operation and request size)\n",
		       name);
	} else if (x->c.type == &cryptarch_type_cipher) {
		printf("  %s: the eligible candidate with the highest "
		       "priority (%d)\n",
		       name, cryptarch_spec_priority(&x->plan.prio, -1));
	} else {
		printf("  by priority: %s (the eligible candidate with the "
		       "highest priority, %d)\n",
		       name, cryptarch_spec_priority(&x->plan.prio, -1));
		print_plan(x);
	}
	if (x->c.type == &cryptarch_type_skcipher &&
	    cryptarch_skcipher_new(&tfm, x->name, x->flags) == 0) {
		printf("cryptarch_skcipher_driver(): %s (the instance for "
		       "large encryption requests, before a key is set)\n",
		       cryptarch_skcipher_driver(tfm));
		cryptarch_skcipher_free(tfm);
	}
	if (x->c.type == &cryptarch_type_aead &&
	    cryptarch_aead_new(&a, x->name, x->flags) == 0) {
		printf("cryptarch_aead_driver(): %s (the instance for large "
		       "encryption requests, before a key is set)\n",
		       cryptarch_aead_driver(a));
		cryptarch_aead_free(a);
	}
	if (x->c.type == &cryptarch_type_shash &&
	    cryptarch_shash_new(&h, x->name, x->flags) == 0) {
		printf("cryptarch_shash_driver(): %s (the instance for every "
		       "message%s)\n",
		       cryptarch_shash_driver(h),
		       keyed(&x->plan.prio) ?
			       ", before a key is set" :
			       "");
		cryptarch_shash_free(h);
	}
	return CLI_OK;
}

/* see cli.h */
int cmd_explain(int argc, char **argv)
{
	struct ctx *x;
	int i, ret;

	x = calloc(1, sizeof(*x));
	if (!x) {
		cli_error("explain", "%s", cryptarch_strerror(-ENOMEM));
		return CLI_FAIL;
	}
	for (i = 1; i < argc; i++) {
		const char *arg = argv[i];

		if (cli_flag(arg, "help") || strcmp(arg, "-h") == 0) {
			fputs(usage, stdout);
			free(x);
			return CLI_OK;
		} else if (cli_flag(arg, "allow-variable-time")) {
			x->flags |= CRYPTARCH_ALLOW_VARIABLE_TIME;
		} else if (cli_flag(arg, "forbid-weak-keys")) {
			x->flags |= CRYPTARCH_FORBID_WEAK_KEYS;
		} else if (cli_flag(arg, "static-priority")) {
			x->flags |= CRYPTARCH_STATIC_PRIORITY;
		} else if ((arg[0] == '-' && arg[1] != '\0') || x->name) {
			free(x);
			return cli_bad_arg("explain", arg);
		} else {
			x->name = arg;
		}
	}
	if (!x->name) {
		cli_error("explain", "missing NAME (e.g. cbc(aes); see "
				     "cryptarch help explain)");
		free(x);
		return CLI_USAGE;
	}
	ret = find(x);
	if (ret == CLI_OK)
		ret = explain(x);
	free(x);
	return ret;
}
