/* SPDX-License-Identifier: MIT */
/*
 * list.c - `cryptarch list`: one record per registered driver (type
 * cipher, or shash for a hash's driver: sha256-generic) and per hooked
 * instance, where a driver's code runs a whole template (type skcipher,
 * "ctr-aes-ct64", or shash, "cmac-aes-aesni"), in the format of the
 * kernel's /proc/crypto: name, driver, module, priority, refcnt, selftest,
 * internal, type, the type's own fields (the type's show(): blocksize,
 * keysizes, ivsize; a hash's blocksize and digestsize), then whether the
 * instance is constant-time, how that claim is verified (the driver's
 * descriptor: valgrind memcheck, a qemu trace, or unverified and why) and
 * whether it can run here. The instances are the core's (spec.h) and the priority the
 * one selection ranks them by. Then, as the kernel shows the templates it
 * has instantiated, one record per authenticated cipher over each block
 * cipher ("gcm(aes)", "ccm(twofish)"): the instance static selection
 * picks for it (cryptarch_select() without a profile; under the default
 * constant-time policy, and under CRYPTARCH_ALLOW_VARIABLE_TIME where that
 * picks another), in the aead form (ivsize, maxauthsize, geniv), its
 * fields over all of its drivers, its "selected" field saying for which
 * name and policy; a hooked whole-AEAD instance ("ccm-aes-aesni") has its
 * record with its driver's, with that field where it is the pick. `list --cpu` prints the CPU features
 * instead (detected, masked by CRYPTARCH_DISABLE, effective), so that the
 * records parse as /proc/crypto does. `list --markdown` prints the rows of
 * the README's table of implementations for the drivers of this build,
 * from their descriptors (the test readme-implementations holds the README
 * to them). The self-tests of the drivers that can run are run first, so
 * that the selftest field says passed or failed.
 * Runs no cipher code of its own; no CPU features needed.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "aead.h"
#include "cpu.h"
#include "registry.h"
#include "select.h"
#include "selftest.h"
#include "spec.h"

static const char usage[] =
	"usage: cryptarch list [--cpu | --markdown]\n"
	"\n"
	"Print one /proc/crypto-style record per driver and per instance\n"
	"in which a driver's code runs a whole mode or hash (ctr-aes-ct64,\n"
	"cmac-aes-aesni), then one per authenticated cipher (gcm(aes),\n"
	"ccm(aes), ...): the instance selection picks by priority.\n"
	"  --cpu       print the CPU features instead: detected, masked by\n"
	"              CRYPTARCH_DISABLE, effective\n"
	"  --markdown  print one Markdown table row per driver instead:\n"
	"              algorithm, driver, strategy, constant-time, where it\n"
	"              builds and the CPU features it needs, priority\n";

static void field(const char *name, const char *fmt, ...) CLI_PRINTF(2, 3);

/* One "name         : value" line, aligned as in /proc/crypto. */
static void field(const char *name, const char *fmt, ...)
{
	va_list ap;

	printf("%-13s: ", name);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

/* A field of the type's show(). */
static void type_field(void *arg, const char *name, const char *value)
{
	(void)arg;
	field(name, "%s", value);
}

static void features(const char *name, uint64_t mask)
{
	char buf[512];

	cryptarch_cpu_format(mask, buf, sizeof(buf));
	field(name, "%s", buf[0] ? buf : "(none)");
}

static const char *selftest_state(const struct cryptarch_driver *drv)
{
	if (!cryptarch_driver_available(drv))
		return "unavailable";
	switch (cryptarch_driver_selftest_state(drv)) {
	case CRYPTARCH_SELFTEST_PASSED:
		return "passed";
	case CRYPTARCH_SELFTEST_FAILED:
		return "failed";
	default:
		return "untested";
	}
}

/* The drivers of S (its leaves and hooks), each once, into D; how many. */
static size_t drivers_of(const struct cryptarch_spec *s,
			 const struct cryptarch_driver **d, size_t max)
{
	size_t n = 0, j;
	unsigned i;

	for (i = 0; i < s->n; i++) {
		const struct cryptarch_driver *x =
			cryptarch_spec_node_driver(s, i);

		if (!x)
			continue;
		for (j = 0; j < n && d[j] != x; j++)
			;
		if (j == n && n < max)
			d[n++] = x;
	}
	return n;
}

/* The self-test state of every driver of S, as one word: the worst. */
static const char *selftest_all(const struct cryptarch_driver *const *d,
				size_t n)
{
	static const char *const rank[] = { "passed", "untested", "failed",
					    "unavailable" };
	size_t i, k, worst = 0;

	for (i = 0; i < n; i++)
		for (k = 0; k < 4; k++)
			if (strcmp(selftest_state(d[i]), rank[k]) == 0 &&
			    k > worst)
				worst = k;
	return rank[worst];
}

/* How the constant-time claims of the drivers D are verified: the
 * driver's phrase, or per driver where there are several. */
static const char *ct_all(const struct cryptarch_driver *const *d, size_t n,
			  char *buf, size_t size)
{
	char one[256];
	size_t i, k = 0;

	if (n == 1)
		return cryptarch_driver_ct_text(d[0], buf, size);
	if (size)
		buf[0] = '\0';
	for (i = 0; i < n && k < size; i++)
		k += (size_t)snprintf(buf + k, size - k, "%s%s: %s",
				      i ? "; " : "", d[i]->name,
				      cryptarch_driver_ct_text(d[i], one,
							       sizeof(one)));
	return buf;
}

/* The record of instance S; SELECTED, unless NULL, says for which name
 * and policy selection picks it. */
static void record(const struct cryptarch_spec *s, const char *selected)
{
	const struct cryptarch_driver *d[CRYPTARCH_SPEC_NODES];
	size_t nd = drivers_of(s, d, CRYPTARCH_SPEC_NODES), i;
	char name[CRYPTARCH_NAME_MAX + 1], why[1024];
	const struct cryptarch_type *type = cryptarch_spec_type(s);
	int avail = 1;

	field("name", "%s", cryptarch_spec_algname(s, name, sizeof(name)));
	field("driver", "%s", cryptarch_spec_name(s, name, sizeof(name)));
	field("module", "cryptarch");
	field("priority", "%d", cryptarch_spec_priority(s, -1));
	field("refcnt", "1");
	field("selftest", "%s", selftest_all(d, nd));
	field("internal", "no");
	field("type", "%s", type->name);
	type->show(s, type_field, NULL);
	if (!s->node[0].tmpl && d[0]->summary)
		field("strategy", "%s", d[0]->summary);
	if (selected)
		field("selected", "%s", selected);
	field("constant-time", "%s",
	      cryptarch_spec_constant_time(s) ? "yes" : "no");
	/* How the claim is checked; no claim, nothing to check. */
	field("ct-verified", "%s", ct_all(d, nd, why, sizeof(why)));
	/* Availability on this CPU only: the timing policy is the caller's. */
	for (i = 0; i < nd; i++)
		avail &= cryptarch_driver_available(d[i]);
	if (avail)
		field("available", "yes");
	else
		field("available", "no (%s)",
		      cli_spec_unusable(s, CRYPTARCH_ALLOW_VARIABLE_TIME, why,
					sizeof(why)) ?
			      why :
			      "not usable");
	putchar('\n');
}

/* The instances static selection picks for the authenticated ciphers,
 * with the phrase of their "selected" field. */
#define MAX_PICKS 64
struct picks {
	size_t n;
	struct cryptarch_spec s[MAX_PICKS];
	char sel[MAX_PICKS][CRYPTARCH_NAME_MAX + 64];
};

/*
 * Into P: for each authenticated cipher over block cipher A, the instance
 * static selection picks under each policy (once if both pick it).
 */
static void aead_picks(const struct cryptarch_algorithm *a,
		       struct cryptarch_cands *c, struct cryptarch_plan *plan,
		       struct picks *pk)
{
	static const unsigned policy[2] = { 0, CRYPTARCH_ALLOW_VARIABLE_TIME };
	char name[CRYPTARCH_NAME_MAX + 1];
	struct cryptarch_spec pick[2];
	size_t j;
	int ok[2], p;

	for (j = 0;
	     cli_name_at(&cryptarch_type_aead, a, j, name, sizeof(name)) == 0;
	     j++) {
		if (cryptarch_cands(name, &cryptarch_type_aead, c) != 0)
			continue;
		for (p = 0; p < 2; p++) {
			ok[p] = cryptarch_select(c, policy[p], NULL, plan) == 0;
			if (ok[p])
				pick[p] = plan->prio;
		}
		for (p = 0; p < 2 && pk->n < MAX_PICKS; p++) {
			int both = ok[0] && ok[1] &&
				   cryptarch_spec_equal(&pick[0], &pick[1]);

			if (!ok[p] || (p == 1 && both))
				continue;
			pk->s[pk->n] = pick[p];
			snprintf(pk->sel[pk->n], sizeof(pk->sel[0]),
				 "%s by priority (%s)", name,
				 both ? "either policy" :
				 p    ? "variable-time allowed" :
					"constant-time only, the default");
			pk->n++;
		}
	}
}

/* The "selected" phrase of instance S among P, or NULL. */
static const char *picked(const struct picks *pk,
			  const struct cryptarch_spec *s)
{
	size_t i;

	for (i = 0; i < pk->n; i++)
		if (cryptarch_spec_equal(&pk->s[i], s))
			return pk->sel[i];
	return NULL;
}

/* The CPU lines of `list --cpu`. */
static void cpu_lines(void)
{
	const char *env = getenv("CRYPTARCH_DISABLE");
	const char *unknown = cryptarch_cpu_disable_unknown();

	features("cpu detected", cryptarch_cpu_detected());
	if (env && *env)
		field("disable", "%s", env);
	features("cpu masked", cryptarch_cpu_disabled());
	features("cpu effective", cryptarch_cpu_features());
	if (unknown && *unknown)
		field("warning",
		      "CRYPTARCH_DISABLE: unknown feature name(s): %s",
		      unknown);
}

/* The README's row of driver D: | alg | `driver` | strategy | ct | where:
 * features | priority |. */
static void markdown_row(const struct cryptarch_driver *d)
{
	char feat[512];

	cryptarch_cpu_format(d->cpu_features, feat, sizeof(feat));
	printf("| %s | `%s` | %s | %s | %s%s%s | %d |\n", d->alg->name, d->name,
	       d->summary ? d->summary : "",
	       d->flags & CRYPTARCH_DRV_CONSTANT_TIME ? "yes" : "no",
	       cryptarch_driver_where(d), feat[0] ? ": " : "", feat,
	       d->priority);
}

/* see cli.h */
int cmd_list(int argc, char **argv)
{
	const char *unknown;
	struct cryptarch_spec s;
	struct cryptarch_cands *c;
	struct cryptarch_plan *plan;
	struct picks *pk;
	size_t i, t;
	int cpu = 0, md = 0, k;

	for (k = 1; k < argc; k++) {
		if (cli_flag(argv[k], "help") || strcmp(argv[k], "-h") == 0) {
			fputs(usage, stdout);
			return CLI_OK;
		}
		if (cli_flag(argv[k], "cpu") && !md)
			cpu = 1;
		else if (cli_flag(argv[k], "markdown") && !cpu)
			md = 1;
		else
			return cli_bad_arg("list", argv[k]);
	}
	if (cpu) {
		cpu_lines();
		return CLI_OK;
	}
	if (md) {
		for (i = 0; i < cryptarch_driver_count(); i++)
			markdown_row(cryptarch_driver_at(i));
		return CLI_OK;
	}
	/* Records only on standard output; an unknown word of the mask is
	 * still reported, as `speed` does. */
	unknown = cryptarch_cpu_disable_unknown();
	if (unknown && *unknown)
		cli_warn("list",
			 "CRYPTARCH_DISABLE: unknown feature name(s): %s",
			 unknown);

	for (i = 0; i < cryptarch_driver_count(); i++)
		if (cryptarch_driver_available(cryptarch_driver_at(i)))
			(void)cryptarch_driver_selftest(cryptarch_driver_at(i));
	c = malloc(sizeof(*c));
	plan = malloc(sizeof(*plan));
	pk = calloc(1, sizeof(*pk));
	if (!c || !plan || !pk) {
		free(c);
		free(plan);
		free(pk);
		cli_error("list", "%s", cryptarch_strerror(-ENOMEM));
		return CLI_FAIL;
	}
	for (i = 0; cli_algorithm_at(i); i++)
		if (cli_algorithm_at(i)->type == &cryptarch_type_cipher)
			aead_picks(cli_algorithm_at(i), c, plan, pk);

	for (i = 0; i < cryptarch_driver_count(); i++) {
		const struct cryptarch_driver *d = cryptarch_driver_at(i);

		cryptarch_spec_leaf(&s, d);
		record(&s, NULL);
		/* Each template the driver's code runs whole: over the
		 * driver itself, or (a template known by an alias, over
		 * instances: gcm_base) the instance "<alias>-<driver>". */
		for (t = 0; t < cryptarch_template_count(); t++) {
			const struct cryptarch_template *tm =
				cryptarch_template_at(t);
			char name[CRYPTARCH_NAME_MAX + 1];

			if (cryptarch_spec_over(&s, tm, d, 1) == 0) {
				record(&s, NULL);
				continue;
			}
			if (!tm->alias || !cryptarch_driver_hook(d, tm))
				continue;
			snprintf(name, sizeof(name), "%s-%s", tm->alias,
				 d->name);
			if (cryptarch_spec_find(name, strlen(name), &s) == 0)
				record(&s, picked(pk, &s));
		}
	}
	/* the picks that are template instances, not a driver's own */
	for (i = 0; i < pk->n; i++)
		if (!cryptarch_spec_hooked(&pk->s[i]))
			record(&pk->s[i], pk->sel[i]);
	free(c);
	free(plan);
	free(pk);
	return CLI_OK;
}
