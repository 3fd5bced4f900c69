/* SPDX-License-Identifier: MIT */
/*
 * explain.c - `cryptarch explain NAME`: every candidate implementation for
 * a name under the flags given, with what decides its eligibility (the CPU
 * features it needs and whether they are present, masked or missing, its
 * self-test state, the constant-time policy), its static priority, its
 * figures from the measured profile where one is in use, and then the
 * selection itself, per key size, direction and request size class, with
 * the reason each winner won (the profile's measurement, or priority and
 * why the profile did not decide). The selection shown is the library's
 * own (cryptarch_lookup_plan(), the call cryptarch_skcipher_new() makes),
 * not a re-implementation. Self-tests of the implementations that can run
 * are run first, as `cryptarch list` does. No cipher code of its own; no
 * CPU features needed.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cpu.h"
#include "handle.h"
#include "profile.h"
#include "registry.h"

static const char usage[] =
	"usage: cryptarch explain NAME [--allow-variable-time]\n"
	"         [--forbid-weak-keys] [--static-priority]\n"
	"\n"
	"Show every candidate implementation for NAME (a mode such as\n"
	"cbc(aes), an instance such as ctr-aes-ct64, or a block cipher such\n"
	"as aes): its eligibility (CPU features, self-test, constant-time\n"
	"policy), its priority and its measured figures, and why the winner\n"
	"won, under the flags given:\n"
	"  --allow-variable-time  CRYPTARCH_ALLOW_VARIABLE_TIME\n"
	"  --forbid-weak-keys     CRYPTARCH_FORBID_WEAK_KEYS\n"
	"  --static-priority      CRYPTARCH_STATIC_PRIORITY (ignore the\n"
	"                         measured profile)\n";

static const char *const dirs[2] = { "encryption", "decryption" };
static const char *const classes[2] = { "small", "large" };

struct cand {
	struct cryptarch_instance inst;
	char name[128];
	int prio; /* -1: not a candidate by priority (profile only) */
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

/* The CPU features ALG needs and how each stands here. */
static void cpu_words(const struct cryptarch_alg *alg, char *buf, size_t size)
{
	static const char *const what[3] = { "present",
					     "masked by CRYPTARCH_DISABLE",
					     "not on this CPU" };
	uint64_t need = alg->cpu_features;
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

static const char *selftest_word(const struct cryptarch_alg *alg)
{
	if (!cryptarch_alg_available(alg))
		return "not run (cannot run here)";
	switch (cryptarch_alg_selftest_state(alg)) {
	case CRYPTARCH_SELFTEST_PASSED:
		return "passed";
	case CRYPTARCH_SELFTEST_FAILED:
		return "FAILED";
	default:
		return "not run";
	}
}

/* The candidates of CIPHER in MODE (or of the block cipher, MODE -1),
 * priority order (ties: registry order), then the templates of
 * implementations that compete by priority through their bulk instance. */
static size_t candidates(const char *cipher, int mode, struct cand *c,
			 size_t max)
{
	size_t i, j, n = 0;
	int pass;

	for (pass = 0; pass < 2; pass++) {
		for (i = 0; i < cryptarch_alg_count() && n < max; i++) {
			const struct cryptarch_alg *a = cryptarch_alg_at(i);
			int bulk = mode >= 0 &&
				   cryptarch_alg_has_bulk(
					   a, (enum cryptarch_mode_id)mode);
			struct cand t;

			if (strcmp(a->name, cipher) != 0 || (pass && !bulk))
				continue;
			t.inst.alg = a;
			t.inst.use_bulk = pass ? 0 : bulk;
			t.prio = pass ? -1 :
				 mode >= 0 ?
					cryptarch_alg_mode_priority(
						a,
						(enum cryptarch_mode_id)mode) :
					a->priority;
			if (mode >= 0)
				cryptarch_instance_name(&t.inst, mode, t.name,
							sizeof(t.name));
			else
				snprintf(t.name, sizeof(t.name), "%s",
					 a->driver);
			for (j = n;
			     pass == 0 && j > 0 && c[j - 1].prio < t.prio; j--)
				c[j] = c[j - 1];
			if (pass)
				j = n;
			c[j] = t;
			n++;
		}
	}
	return n;
}

static void print_figs(const struct cryptarch_profile *p, const char *cipher,
		       int mode, const struct cand *c)
{
	const struct cryptarch_profile_entry *e;
	const struct cryptarch_profile_fig *f;
	size_t i;
	int k, d, cl, any = 0;

	for (k = 0; k < CRYPTARCH_PROFILE_NKEYS; k++) {
		char line[256];
		size_t n = 0;
		int have = 0;

		n += (size_t)snprintf(line, sizeof(line), "      %3d bit",
				      128 + 64 * k);
		for (d = 0; d < 2; d++) {
			for (cl = 0; cl < 2; cl++) {
				double ns = 0;

				e = cryptarch_profile_find(p, cipher, mode, d,
							   k, cl);
				f = e ? cryptarch_profile_figs(p, e) : NULL;
				for (i = 0; e && i < e->nfig; i++)
					if (f[i].inst.alg == c->inst.alg &&
					    !f[i].inst.use_bulk ==
						    !c->inst.use_bulk)
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
		if (!any)
			printf("    measured, ns per call (small: %u bytes, "
			       "large: %u bytes):\n"
			       "                enc small   enc large   "
			       "dec small   dec large\n",
			       CRYPTARCH_PROFILE_SMALL_BYTES,
			       CRYPTARCH_PROFILE_LARGE_BYTES);
		any = 1;
		printf("%s\n", line);
	}
	if (!any)
		printf("    measured: no figures in the profile\n");
}

static void print_slot(const struct cryptarch_slot *s, int mode,
		       const char *prio_name)
{
	char name[96];

	cryptarch_instance_name(&s->inst, mode, name, sizeof(name));
	printf("%-22s ", name);
	switch (s->why) {
	case CRYPTARCH_SLOT_PRIORITY:
		printf("priority (no profile in use)\n");
		break;
	case CRYPTARCH_SLOT_NO_ENTRY:
		printf("priority (the profile has no line for this)\n");
		break;
	case CRYPTARCH_SLOT_MEASURED:
		if (strcmp(name, prio_name) == 0)
			printf("profile: fastest eligible, %.1f ns, and "
			       "priority's choice too\n",
			       s->ns);
		else
			printf("profile: %.1f ns, %.2fx faster than "
			       "priority's %s (%.1f ns)\n",
			       s->ns, s->prio_ns / s->ns, prio_name,
			       s->prio_ns);
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

static void print_profile(unsigned flags, int exact, int mode)
{
	const struct cryptarch_profile *p = cryptarch_profile_active();

	printf("profile: %s", cryptarch_profile_status());
	if (p)
		printf(" (flags %s)", p->flags & CRYPTARCH_ALLOW_VARIABLE_TIME ?
					      "allow-variable-time" :
					      "none");
	printf("\n");
	if (mode < 0)
		printf("  not used: a block cipher (cryptarch_cipher) is "
		       "chosen by priority\n");
	else if (exact)
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

/* The slots of PLAN for the choice by priority PRIO in MODE. */
static void print_plan(const struct cryptarch_plan *plan,
		       const struct cryptarch_choice *prio, int mode)
{
	int k, d, c;

	if (!plan->measured) {
		const struct cryptarch_slot *e = &plan->slot[0][0][1];
		char enc[96];

		cryptarch_instance_name(&e->inst, mode, enc, sizeof(enc));
		if (e->inst.alg == prio->alg &&
		    e->inst.use_bulk == prio->use_bulk) {
			printf("  %s for every key size, direction and request "
			       "size: no profile in use\n",
			       prio->driver);
			return;
		}
		printf("  %s for decryption; %s for encryption, the eligible "
		       "candidate with the highest CBC-encryption priority, "
		       "%d (CBC encryption is serial: a driver built for many "
		       "blocks in flight may rank lower there); no profile "
		       "in use\n",
		       prio->driver, enc,
		       cryptarch_alg_cbc_encrypt_priority(e->inst.alg));
		return;
	}
	printf("  key  direction   class  instance               why\n");
	for (k = 0; k < CRYPTARCH_PROFILE_NKEYS; k++) {
		size_t kb = 16 + 8 * (size_t)k;

		if (kb < prio->alg->min_keysize || kb > prio->alg->max_keysize)
			continue;
		for (d = 0; d < 2; d++)
			for (c = 0; c < 2; c++) {
				printf("  %3d  %-10s  %-5s  ", 128 + 64 * k,
				       dirs[d], classes[c]);
				print_slot(&plan->slot[k][d][c], mode,
					   prio->driver);
			}
	}
	printf("  (small: requests of at most %u bytes)\n",
	       CRYPTARCH_PROFILE_SMALL_MAX);
}

/* see cli.h */
int cmd_explain(int argc, char **argv)
{
	struct cand c[128];
	struct cryptarch_choice choice;
	struct cryptarch_plan plan;
	struct cli_instance inst;
	const struct cryptarch_profile *p;
	cryptarch_skcipher *tfm = NULL;
	const char *name = NULL;
	char buf[512], why[768], inner[128];
	size_t n, i;
	unsigned flags = 0;
	int mode = -1, exact = 0, err, r, ret;

	for (i = 1; i < (size_t)argc; i++) {
		const char *arg = argv[i];

		if (cli_flag(arg, "help") || strcmp(arg, "-h") == 0) {
			fputs(usage, stdout);
			return CLI_OK;
		} else if (cli_flag(arg, "allow-variable-time")) {
			flags |= CRYPTARCH_ALLOW_VARIABLE_TIME;
		} else if (cli_flag(arg, "forbid-weak-keys")) {
			flags |= CRYPTARCH_FORBID_WEAK_KEYS;
		} else if (cli_flag(arg, "static-priority")) {
			flags |= CRYPTARCH_STATIC_PRIORITY;
		} else if (arg[0] == '-' && arg[1] != '\0') {
			return cli_bad_arg("explain", arg);
		} else if (name) {
			return cli_bad_arg("explain", arg);
		} else {
			name = arg;
		}
	}
	if (!name) {
		cli_error("explain", "missing NAME (e.g. cbc(aes); see "
				     "cryptarch help explain)");
		return CLI_USAGE;
	}

	/* What NAME is: an instance, a mode of a cipher, or a cipher. */
	if (cli_instance_find(name, &inst) == 0) {
		exact = 1;
		mode = inst.mode;
		c[0].inst.alg = inst.alg;
		c[0].inst.use_bulk = inst.bulk;
		c[0].prio = inst.bulk ? cryptarch_alg_mode_priority(
						inst.alg,
						(enum cryptarch_mode_id)mode) :
					inst.alg->priority;
		snprintf(c[0].name, sizeof(c[0].name), "%s", inst.name);
		n = 1;
	} else if (cryptarch_parse_name(name, &mode, inner, sizeof(inner))) {
		cli_error("explain", "malformed algorithm name '%s'", name);
		return CLI_USAGE;
	} else if (mode >= CRYPTARCH_MODE_COUNT || strchr(inner, '(')) {
		cli_error("explain",
			  "unknown algorithm '%s' (see cryptarch list)", name);
		return CLI_USAGE;
	} else if (mode < 0 && cryptarch_alg_find(inner)) {
		/* a block cipher driver: "aes-generic" */
		exact = 1;
		c[0].inst.alg = cryptarch_alg_find(inner);
		c[0].inst.use_bulk = 0;
		c[0].prio = c[0].inst.alg->priority;
		snprintf(c[0].name, sizeof(c[0].name), "%s", inner);
		n = 1;
	} else {
		n = candidates(inner, mode, c, sizeof(c) / sizeof(c[0]));
		if (n == 0) {
			cli_error("explain",
				  "unknown algorithm '%s' (see cryptarch "
				  "list)",
				  name);
			return CLI_USAGE;
		}
	}
	/* Self-tests first, so that their state is known. */
	for (i = 0; i < n; i++)
		(void)cryptarch_alg_selftest(c[i].inst.alg);

	printf("explain %s under flags %s\n", name,
	       flag_words(flags, buf, sizeof(buf)));
	cryptarch_cpu_format(cryptarch_cpu_features(), buf, sizeof(buf));
	printf("cpu features: %s\n", buf[0] ? buf : "(none)");
	cryptarch_cpu_format(cryptarch_cpu_disabled(), buf, sizeof(buf));
	printf("masked by CRYPTARCH_DISABLE: %s\n", buf[0] ? buf : "none");
	print_profile(flags, exact, mode);
	p = exact || mode < 0 ? NULL : cryptarch_profile_active();

	printf("\ncandidates%s:\n",
	       n > 1 ? " (by priority, highest first)" : "");
	for (i = 0; i < n; i++) {
		const struct cryptarch_alg *a = c[i].inst.alg;
		const char *un = cli_unusable(a, flags, why, sizeof(why));

		printf("  %s, %s\n", c[i].name,
		       a->flags & CRYPTARCH_ALG_CONSTANT_TIME ?
			       "constant-time" :
			       "variable-time (table-based)");
		if (c[i].prio >= 0)
			printf("    priority: %d\n", c[i].prio);
		else
			printf("    priority: none (a template: its driver "
			       "competes by priority through\n    its bulk "
			       "instance; this one is chosen only by "
			       "measurement)\n");
		cpu_words(a, buf, sizeof(buf));
		printf("    cpu features: %s\n", buf);
		printf("    self-test: %s\n", selftest_word(a));
		printf("    eligible: %s%s\n", un ? "no, " : "yes",
		       un ? un : "");
		if (p)
			print_figs(p, a->name, mode, &c[i]);
	}

	/* The selection, as the library makes it. */
	printf("\nselection:\n");
	if (mode < 0) {
		err = cryptarch_lookup(name, flags, 0, &choice);
		if (!err && exact)
			printf("  %s: named exactly, and eligible\n",
			       choice.driver);
		else if (!err)
			printf("  %s: the eligible candidate with the highest "
			       "priority (%d)\n",
			       choice.driver, choice.alg->priority);
	} else {
		err = cryptarch_lookup_plan(name, flags, &choice, &plan);
		if (!err && exact) {
			printf("  %s: named exactly, and eligible\n",
			       choice.driver);
		} else if (!err) {
			printf("  by priority: %s (the eligible candidate with "
			       "the highest priority, %d)\n",
			       choice.driver,
			       cryptarch_alg_mode_priority(
				       choice.alg,
				       (enum cryptarch_mode_id)mode));
			print_plan(&plan, &choice, mode);
		}
	}
	if (!err && mode >= 0) {
		if (cryptarch_skcipher_new(&tfm, name, flags) == 0) {
			printf("cryptarch_skcipher_driver(): %s (the "
			       "instance for large encryption requests, "
			       "before a key is set)\n",
			       cryptarch_skcipher_driver(tfm));
			cryptarch_skcipher_free(tfm);
		}
	}
	if (!err)
		return CLI_OK;

	/* Nothing is eligible: say why, as the other commands do. */
	printf("  none: no candidate is eligible\n");
	fflush(stdout);
	if (mode < 0) {
		cli_error("explain", "%s: %s", name, cryptarch_strerror(err));
		return CLI_FAIL;
	}
	r = cli_resolve(name, flags, &tfm, why, sizeof(why));
	if (r == CLI_R_OK) {
		/* cannot happen: the lookup above failed */
		cryptarch_skcipher_free(tfm);
		return CLI_FAIL;
	}
	ret = r == CLI_R_POLICY || r == CLI_R_MALFORMED || r == CLI_R_UNKNOWN ?
		      CLI_USAGE :
		      CLI_FAIL;
	cli_error("explain", "%s", why);
	return ret;
}
