/* SPDX-License-Identifier: MIT */
/*
 * test-profile.c - measured selection (src/core/profile.h):
 *  - the parser, on a valid profile written by the formatter (it parses
 *    back to the same entries), and on profiles that must be ignored: keyed
 *    to another CPU, library version, feature mask, architecture or driver
 *    set (-ESTALE); malformed in each field of an entry, in the flags and
 *    end lines, repeated or contradictory entries; truncated at every line
 *    and at random bytes; huge lines, a huge file, NUL and control bytes;
 *    random byte mutations (never a crash; ASan builds check the memory);
 *    the loader on a missing file, a directory and a FIFO;
 *  - selection from synthetic profiles written to a temporary file and
 *    named by CRYPTARCH_PROFILE: for every mode of every cipher, the named
 *    instance is chosen (cryptarch_skcipher_driver()),
 *    CRYPTARCH_STATIC_PRIORITY and an empty CRYPTARCH_PROFILE restore
 *    priority, driver names are never
 *    redirected, a winner within the noise margin leaves priority's choice,
 *    a profile without variable-time figures is not used for a
 *    variable-time lookup;
 *  - the gate: a profile can never select what the flags or the CPU
 *    forbid (a variable-time instance under flags 0, an implementation
 *    needing a CPU feature that is absent, one whose self-test fails);
 *  - each request runs on the instance of its direction and size class
 *    (an implementation that counts its calls, registered for the test);
 *  - split handles (different instances per direction, request size and
 *    key size) agree with the reference implementation in every mode and
 *    key size, one call or many, across the size classes, in place.
 *
 * Usage: test-profile [--mask-all]
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "eligible.h"
#include "handle.h"
#include "profile.h"
#include "select.h"
#include "selftest.h"
#include "skcipher.h"
#include "util.h"

static struct test_rng rng;
static char dir[256];
static unsigned long iters;

/* ---- helpers ------------------------------------------------------------ */

static void write_file(const char *path, const char *text, size_t len)
{
	FILE *f = fopen(path, "wb");

	if (!f || fwrite(text, 1, len, f) != len || fclose(f) != 0) {
		printf("cannot write %s\n", path);
		exit(2);
	}
}

/* Make PATH the profile in effect ("" for none). */
static void use_profile(const char *path)
{
	setenv("CRYPTARCH_PROFILE", path, 1);
	cryptarch_profile_reload();
}

/* The driver name NAME selects under FLAGS, into BUF ("" on error). */
static const char *selects(const char *name, unsigned flags, char *buf,
			   size_t size)
{
	cryptarch_skcipher *t = NULL;

	buf[0] = '\0';
	if (cryptarch_skcipher_new(&t, name, flags) == 0)
		snprintf(buf, size, "%s", cryptarch_skcipher_driver(t));
	cryptarch_skcipher_free(t);
	return buf;
}

static const char *priority_choice(const char *name, unsigned flags, char *buf,
				   size_t size)
{
	static struct cryptarch_plan plan;

	buf[0] = '\0';
	if (cryptarch_lookup(name, &cryptarch_type_skcipher, flags, &plan) == 0)
		cryptarch_spec_name(&plan.prio, buf, size);
	return buf;
}

/*
 * A profile under PFLAGS for CIPHER in MODE: for each key size, direction
 * and class, WIN[k][d][c] indexes the instance of TI (N of them) given
 * 1.0 ns, the others 1000 ns and more; -1: no entry. The "many" class
 * gets the large class's figures. FAST overrides the
 * winner's figure and PRIO_NS that of priority's choice where > 0.
 */
static struct cryptarch_profile *
make_profile(unsigned pflags, const char *cipher, int mode,
	     const struct test_inst *ti, size_t n,
	     const int win[CRYPTARCH_PROFILE_NKEYS][2][2])
{
	struct cryptarch_profile *p = cryptarch_profile_new(pflags);
	struct cryptarch_profile_fig figs[64];
	char name[64];
	size_t i;
	int k, d, c;

	if (!p) {
		puts("out of memory");
		exit(2);
	}
	test_mode_algname(mode, cipher, name, sizeof(name));
	for (k = 0; k < CRYPTARCH_PROFILE_NKEYS; k++)
		for (d = 0; d < 2; d++)
			for (c = 0; c < CRYPTARCH_NCLASS; c++) {
				/* many-request calls: as large requests */
				int w = win[k][d][c < 2 ? c : 1];

				if (w < 0)
					continue;
				for (i = 0; i < n && i < 64; i++) {
					figs[i].inst = ti[i].spec;
					figs[i].ns = (int)i == w ?
							     1.0 :
							     1000.0 + (double)i;
				}
				if (cryptarch_profile_add(p, name, d, k, c,
							  figs, i))
					test_fail("cryptarch_profile_add %s",
						  name);
			}
	return p;
}

/* Format P, write it to DIR/NAME and make it the profile in effect. */
static void install(const struct cryptarch_profile *p, const char *name)
{
	char path[512];
	char *text = cryptarch_profile_format(p, "test-profile");

	if (!text) {
		puts("out of memory");
		exit(2);
	}
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	write_file(path, text, strlen(text));
	free(text);
	use_profile(path);
	if (!cryptarch_profile_active())
		test_fail("profile %s not in use: %s", path,
			  cryptarch_profile_status());
}

/* ---- the parser -------------------------------------------------------- */

/* Add the entries of CIPHER in MODE to P, random figures for TI. */
static void add_random(struct cryptarch_profile *p, const char *cipher,
		       int mode, const struct test_inst *ti, size_t n)
{
	struct cryptarch_profile_fig figs[64];
	char name[64];
	size_t i;
	int k, d, c;

	test_mode_algname(mode, cipher, name, sizeof(name));
	for (k = 0; k < CRYPTARCH_PROFILE_NKEYS; k++)
		for (d = 0; d < 2; d++)
			for (c = 0; c < 2 && n; c++) {
				for (i = 0; i < n && i < 64; i++) {
					figs[i].inst = ti[i].spec;
					figs[i].ns =
						0.01 + (double)test_rng_below(
							       &rng, 1000000) /
							       100;
				}
				if (cryptarch_profile_add(p, name, d, k, c,
							  figs, i))
					test_fail("cryptarch_profile_add");
			}
}

/* A valid profile's text: every mode of every cipher, all instances. */
static char *valid_text(unsigned pflags, struct cryptarch_profile **out)
{
	const char *ciphers[16];
	struct cryptarch_profile *p = cryptarch_profile_new(pflags);
	size_t nc = test_ciphers(ciphers, 16), ci, n;
	char *text;
	int m;

	if (!p)
		exit(2);
	for (ci = 0; ci < nc; ci++) {
		for (m = 0; m < TEST_MODE_COUNT; m++) {
			struct test_inst *ti;

			n = test_instances(ciphers[ci], m, &ti, NULL);
			add_random(p, ciphers[ci], m, ti, n);
			free(ti);
		}
	}
	/* a repeated entry is refused */
	if (p->n && cryptarch_profile_add(p, p->e[0].name, p->e[0].op,
					  p->e[0].key, p->e[0].cls,
					  cryptarch_profile_figs(p, &p->e[0]),
					  p->e[0].nfig) != -EINVAL)
		test_fail("cryptarch_profile_add accepted a repeated entry");
	text = cryptarch_profile_format(p, "line one\nline two");
	if (!text) {
		puts("out of memory");
		exit(2);
	}
	*out = p;
	return text;
}

static int parse(const char *text, size_t len, char *why, size_t whysize)
{
	struct cryptarch_profile *p = NULL;
	int rc = cryptarch_profile_parse(text, len, &p, why, whysize);

	if (rc && p)
		test_fail("parse failed (%d) but returned a profile", rc);
	if (!rc && !p)
		test_fail("parse succeeded without a profile");
	cryptarch_profile_free(p);
	return rc;
}

static void expect_parse(const char *text, size_t len, int want,
			 const char *what)
{
	char why[512] = "";
	int rc = parse(text, len, why, sizeof(why));

	if (rc != want)
		test_fail("%s: parse returned %d (%s), expected %d", what, rc,
			  why, want);
	else if (rc && !why[0])
		test_fail("%s: no reason given", what);
}

/* 1 if entry E names a registered template at its root and an
 * operation of that template's type. */
static int entry_sane(const struct cryptarch_profile_entry *e)
{
	const struct cryptarch_template *t;
	struct cryptarch_name nm;

	if (cryptarch_name_parse(e->name, &nm) || nm.node[0].narg == 0)
		return 0;
	t = cryptarch_template_find(nm.s + nm.node[0].off, nm.node[0].len);
	return t && e->op >= 0 && (unsigned)e->op < t->type->nops;
}

/* TEXT with the first line starting with PREFIX replaced by REPL (NULL:
 * removed), into a malloc()ed string. */
static char *replace_line(const char *text, const char *prefix,
			  const char *repl)
{
	size_t pl = strlen(prefix), len = strlen(text);
	char *out = malloc(len + (repl ? strlen(repl) : 0) + 2);
	const char *s = text;

	if (!out)
		exit(2);
	while (*s && strncmp(s, prefix, pl) != 0) {
		s = strchr(s, '\n');
		if (!s)
			break;
		s++;
	}
	if (!s || !*s) {
		test_fail("no line '%s' in the profile", prefix);
		strcpy(out, text);
		return out;
	}
	memcpy(out, text, (size_t)(s - text));
	out[s - text] = '\0';
	if (repl) {
		strcat(out, repl);
		strcat(out, "\n");
	}
	s = strchr(s, '\n');
	strcat(out, s ? s + 1 : "");
	return out;
}

/* TEXT with LINE added as an entry (the end count raised by one). */
static char *add_entry_line(const char *text, size_t entries, const char *line)
{
	char end[64], *repl, *out;
	size_t n = strlen(line) + 64;

	repl = malloc(n);
	if (!repl)
		exit(2);
	snprintf(end, sizeof(end), "end %zu", entries);
	snprintf(repl, n, "%s\nend %zu", line, entries + 1);
	out = replace_line(text, end, repl);
	free(repl);
	return out;
}

static void check_parser(void)
{
	static const char *const bad_entries[] = {
		"serpent cbc enc 128 small cbc(aes-generic) "
		"cbc(aes-generic)=1.0",
		"aes cfb enc 128 small cbc(aes-generic) cbc(aes-generic)=1.0",
		"aes cbc both 128 small cbc(aes-generic) cbc(aes-generic)=1.0",
		"aes cbc enc 129 small cbc(aes-generic) cbc(aes-generic)=1.0",
		"aes cbc enc 128 medium cbc(aes-generic) cbc(aes-generic)=1.0",
		"aes cbc enc 128 small cbc(twofish-generic) "
		"cbc(aes-generic)=1.0",
		"aes cbc enc 128 small ctr(aes-generic) cbc(aes-generic)=1.0",
		"aes cbc enc 128 small cbc(aes-nothing) cbc(aes-generic)=1.0",
		"aes cbc enc 128 small cbc(aes-generic) cbc(aes-generic)",
		"aes cbc enc 128 small cbc(aes-generic) cbc(aes-generic)=",
		"aes cbc enc 128 small cbc(aes-generic) cbc(aes-generic)=abc",
		"aes cbc enc 128 small cbc(aes-generic) cbc(aes-generic)=-1",
		"aes cbc enc 128 small cbc(aes-generic) cbc(aes-generic)=0",
		"aes cbc enc 128 small cbc(aes-generic) cbc(aes-generic)=0.00",
		"aes cbc enc 128 small cbc(aes-generic) cbc(aes-generic)=1e5",
		"aes cbc enc 128 small cbc(aes-generic) cbc(aes-generic)=1.",
		"aes cbc enc 128 small cbc(aes-generic) cbc(aes-generic)=.5",
		"aes cbc enc 128 small cbc(aes-generic) cbc(aes-generic)=1,5",
		"aes cbc enc 128 small cbc(aes-generic) "
		"cbc(aes-generic)=1.1234567",
		"aes cbc enc 128 small cbc(aes-generic) "
		"cbc(aes-generic)=999999999999",
		"aes cbc enc 128 small cbc(aes-generic) cbc(aes-generic)=nan",
		"aes cbc enc 128 small cbc(aes-generic) cbc(aes-generic)=inf",
		"aes cbc enc 128 small cbc(aes-generic) cbc(aes-generic)=1.0 "
		"cbc(aes-generic)=2.0",
		"aes cbc enc 128 small cbc(aes-generic) cbc(aes-ct64)=1.0",
		"aes cbc enc 128 small cbc(aes-generic)",
		"aes cbc enc 128 small",
		"aes",
		"aes cbc enc 128 small cbc(aes-generic) cbc(aes-generic)=1.0 "
		"junk",
		"aes cbc enc 128 small cbc(aes-generic) =1.0 "
		"cbc(aes-generic)=1.0",
		"aes cbc enc 128 small cbc(aes-generic) cbc(aes-generic)==1.0",
		"aes cbc enc 128 small cbc(aes-generic) cbc-aes-nothing=1.0 "
		"cbc(aes-generic)=1.0",
		"AES cbc enc 128 small cbc(aes-generic) cbc(aes-generic)=1.0",
		"aes cbc enc 128 small cbc( aes-generic) cbc(aes-generic)=1.0",
	};
	struct cryptarch_profile *p = NULL, *q = NULL;
	char *text = valid_text(CRYPTARCH_ALLOW_VARIABLE_TIME, &p);
	size_t len = strlen(text), i, j, n = p->n;
	char why[512], line[8192], endl[64], *t, *big;
	int rc;

	/* valid, and the same entries back */
	rc = cryptarch_profile_parse(text, len, &q, why, sizeof(why));
	if (rc) {
		test_fail("a valid profile does not parse: %s", why);
		printf("%s", text);
	} else if (q->n != p->n || q->nfigs != p->nfigs ||
		   q->flags != p->flags) {
		test_fail("parsed back: %zu entries, %zu figures; wrote %zu, "
			  "%zu",
			  q->n, q->nfigs, p->n, p->nfigs);
	} else {
		for (i = 0; i < p->n; i++) {
			const struct cryptarch_profile_entry *a = &p->e[i];
			const struct cryptarch_profile_entry *b = &q->e[i];
			const struct cryptarch_profile_fig *fa =
				cryptarch_profile_figs(p, a);
			const struct cryptarch_profile_fig *fb =
				cryptarch_profile_figs(q, b);

			if (strcmp(a->name, b->name) || a->op != b->op ||
			    a->key != b->key || a->cls != b->cls ||
			    a->nfig != b->nfig ||
			    !cryptarch_spec_equal(&a->winner, &b->winner)) {
				test_fail("entry %zu differs when parsed back",
					  i);
				continue;
			}
			for (j = 0; j < a->nfig; j++)
				if (!cryptarch_spec_equal(&fa[j].inst,
							  &fb[j].inst) ||
				    fa[j].ns - fb[j].ns > 0.006 ||
				    fb[j].ns - fa[j].ns > 0.006)
					test_fail("entry %zu figure %zu "
						  "differs",
						  i, j);
		}
	}
	cryptarch_profile_free(q);
	printf("valid profile: %zu entries, %zu bytes\n", n, len);

	/* another CPU, version, mask, architecture, driver set */
	{
		static const char *const stale[][2] = {
			{ "cpu ", "cpu x86 OtherVendor family 1 model 2 "
				  "stepping 3" },
			{ "version ", "version 99.0.0" },
			{ "features ",
			  "features 0x4000000000000000 imaginary" },
			{ "arch ", "arch vax 32-bit little-endian" },
			{ "drivers ", "drivers aes-generic" },
		};
		for (i = 0; i < 5; i++) {
			t = replace_line(text, stale[i][0], stale[i][1]);
			snprintf(line, sizeof(line), "key line '%s' changed",
				 stale[i][0]);
			expect_parse(t, strlen(t), -ESTALE, line);
			free(t);
			t = replace_line(text, stale[i][0], NULL);
			snprintf(line, sizeof(line), "key line '%s' removed",
				 stale[i][0]);
			rc = parse(t, strlen(t), why, sizeof(why));
			if (rc != -ESTALE && rc != -EINVAL)
				test_fail("%s: parse returned %d", line, rc);
			free(t);
		}
	}

	/* malformed entries */
	for (i = 0; i < sizeof(bad_entries) / sizeof(bad_entries[0]); i++) {
		if (!test_driver("aes-generic"))
			break;
		t = add_entry_line(text, n, bad_entries[i]);
		snprintf(line, sizeof(line), "entry '%s'", bad_entries[i]);
		expect_parse(t, strlen(t), -EINVAL, line);
		free(t);
	}
	/* the same entry twice */
	{
		const char *first = strstr(text, "\nflags ");
		const char *e1 = first ? strchr(first + 1, '\n') : NULL;
		const char *e2 = e1 ? strchr(e1 + 1, '\n') : NULL;

		if (e1 && e2 && (size_t)(e2 - e1) < sizeof(line)) {
			memcpy(line, e1 + 1, (size_t)(e2 - e1 - 1));
			line[e2 - e1 - 1] = '\0';
			t = add_entry_line(text, n, line);
			expect_parse(t, strlen(t), -EINVAL, "repeated entry");
			free(t);
		}
	}
	/* too many figures on one line */
	if (test_driver("aes-generic")) {
		size_t o = (size_t)snprintf(line, sizeof(line),
					    "aes cbc enc 128 small "
					    "cbc(aes-generic)");
		for (i = 0; i < CRYPTARCH_PROFILE_MAX_FIGS + 1; i++)
			o += (size_t)snprintf(line + o, sizeof(line) - o,
					      " cbc(aes-generic)=%zu.0", i + 1);
		t = add_entry_line(text, n, line);
		expect_parse(t, strlen(t), -EINVAL, "too many figures");
		free(t);
	}
	/* flags, magic, end */
	t = replace_line(text, "flags ", "flags all");
	expect_parse(t, strlen(t), -EINVAL, "flags all");
	free(t);
	t = replace_line(text, "flags ", "flags none extra");
	expect_parse(t, strlen(t), -EINVAL, "flags with two words");
	free(t);
	t = replace_line(text, "flags ", NULL);
	expect_parse(t, strlen(t), -EINVAL, "no flags line");
	free(t);
	t = replace_line(text, "cryptarch-profile", "cryptarch-profile 2");
	expect_parse(t, strlen(t), -EINVAL, "magic version 2");
	free(t);
	snprintf(endl, sizeof(endl), "end %zu", n);
	t = replace_line(text, endl, "end 1");
	expect_parse(t, strlen(t), n == 1 ? 0 : -EINVAL, "wrong end count");
	free(t);
	t = replace_line(text, endl, "end 0x10");
	expect_parse(t, strlen(t), -EINVAL, "end 0x10");
	free(t);
	t = replace_line(text, endl, "end 99999999999999999999999");
	expect_parse(t, strlen(t), -EINVAL, "end overflow");
	free(t);
	snprintf(why, sizeof(why), "%s\nextra", endl);
	t = replace_line(text, endl, why);
	expect_parse(t, strlen(t), -EINVAL, "a line after end");
	free(t);
	snprintf(why, sizeof(why), "%s\n# a comment", endl);
	t = replace_line(text, endl, why);
	expect_parse(t, strlen(t), 0, "a comment after end");
	free(t);
	/* comments and blank lines anywhere are fine */
	t = replace_line(text, "flags ",
			 "\n# comment\n\t\nflags "
			 "allow-variable-time  ");
	expect_parse(t, strlen(t), 0, "comments, blanks, trailing blanks");
	free(t);

	/* truncated: at every line end and at random bytes */
	for (i = 0; i < len; i++) {
		if (text[i] != '\n' && test_rng_below(&rng, 64) != 0)
			continue;
		rc = parse(text, i, why, sizeof(why));
		if (rc != -EINVAL)
			test_fail("truncated to %zu of %zu bytes: parse "
				  "returned %d",
				  i, len, rc);
	}
	rc = parse(text, len - 1, why, sizeof(why));
	if (rc != -EINVAL)
		test_fail("without the final newline: %d", rc);
	expect_parse("", 0, -EINVAL, "empty");

	/* bytes that do not belong */
	t = malloc(len + 1);
	if (!t)
		exit(2);
	memcpy(t, text, len + 1);
	t[len / 2] = '\0';
	expect_parse(t, len, -EINVAL, "a NUL byte");
	t[len / 2] = '\r';
	expect_parse(t, len, -EINVAL, "a CR byte");
	t[len / 2] = '\033';
	expect_parse(t, len, -EINVAL, "an escape byte");
	free(t);

	/* a huge line, a huge file */
	big = malloc(2u << 20);
	if (!big)
		exit(2);
	memset(big, 'a', 2u << 20);
	for (i = 0; i < 3; i++) {
		static const size_t sizes[] = { CRYPTARCH_PROFILE_MAX_LINE + 1,
						100000, 1u << 20 };
		char *h;

		big[sizes[i]] = '\0';
		h = add_entry_line(text, n, big);
		snprintf(line, sizeof(line), "a line of %zu bytes", sizes[i]);
		expect_parse(h, strlen(h), -EINVAL, line);
		free(h);
		big[sizes[i]] = 'a';
	}
	memcpy(big, text, len);
	for (i = len; i < (2u << 20) - 1; i++)
		big[i] = i % 64 == 63 ? '\n' : '#';
	expect_parse(big, (2u << 20) - 1, -EINVAL, "a 2 MiB file");
	free(big);

	/* random mutations: never a crash; anything accepted is sane */
	t = malloc(len + 1);
	if (!t)
		exit(2);
	for (i = 0; i < iters; i++) {
		size_t flips = 1 + test_rng_below(&rng, 4), f;
		struct cryptarch_profile *r = NULL;

		memcpy(t, text, len + 1);
		for (f = 0; f < flips; f++) {
			size_t at = test_rng_below(&rng, len);

			switch (test_rng_below(&rng, 3)) {
			case 0:
				t[at] = (char)test_rng_below(&rng, 256);
				break;
			case 1:
				t[at] = " \n=()-.0123456789"[test_rng_below(
					&rng, 17)];
				break;
			default:
				t[at] ^= (char)(1 << test_rng_below(&rng, 8));
				break;
			}
		}
		rc = cryptarch_profile_parse(t, len, &r, why, sizeof(why));
		if (!rc) {
			for (j = 0; j < r->n; j++) {
				const struct cryptarch_profile_entry *e =
					&r->e[j];
				const struct cryptarch_profile_fig *ff =
					cryptarch_profile_figs(r, e);
				size_t x;

				if (e->nfig == 0 || e->key < 0 || e->key > 2 ||
				    !entry_sane(e))
					test_fail("mutation %zu: entry %zu "
						  "accepted but wrong",
						  i, j);
				for (x = 0; x < e->nfig; x++)
					if (!(ff[x].ns > 0) ||
					    (x && ff[x].ns < ff[x - 1].ns))
						test_fail("mutation %zu: "
							  "figures wrong",
							  i);
			}
		}
		cryptarch_profile_free(r);
	}
	free(t);
	printf("parser: %zu random mutations survived\n", (size_t)iters);

	/* the loader */
	{
		char path[512], fifo[512];

		snprintf(path, sizeof(path), "%s/no-such-file", dir);
		test_expect_rc(cryptarch_profile_load(path, &q, why,
						      sizeof(why)),
			       -ENOENT, "load a missing file");
		test_expect_rc(cryptarch_profile_load(dir, &q, why,
						      sizeof(why)),
			       -EINVAL, "load a directory");
		snprintf(fifo, sizeof(fifo), "%s/fifo", dir);
		if (mkfifo(fifo, 0600) == 0) {
			test_expect_rc(cryptarch_profile_load(fifo, &q, why,
							      sizeof(why)),
				       -EINVAL, "load a FIFO");
			unlink(fifo);
		}
		snprintf(path, sizeof(path), "%s/valid", dir);
		write_file(path, text, len);
		test_expect_rc(cryptarch_profile_load(path, &q, why,
						      sizeof(why)),
			       0, "load a valid file");
		cryptarch_profile_free(q);
		unlink(path);
	}
	cryptarch_profile_free(p);
	free(text);
}

/* ---- selection --------------------------------------------------------- */

/* The index in TI of the instance named NAME, or -1. */
static int index_of(const struct test_inst *ti, size_t n, const char *name)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(ti[i].name, name) == 0)
			return (int)i;
	return -1;
}

static void fill(int win[CRYPTARCH_PROFILE_NKEYS][2][2], int v)
{
	int k, d, c;

	for (k = 0; k < CRYPTARCH_PROFILE_NKEYS; k++)
		for (d = 0; d < 2; d++)
			for (c = 0; c < 2; c++)
				win[k][d][c] = v;
}

/*
 * The instance that encrypts large requests of "<mode>(CIPHER)" under
 * FLAGS without a profile, worked out from the descriptors: priority's
 * choice PRIO, except that without CRYPTARCH_STATIC_PRIORITY encryption
 * goes to the eligible instance with the highest priority for encryption
 * (cryptarch_spec_priority(&s, 0): a hook's op_priority, such as CBC's,
 * where it sets one), among each driver's hooked instance where it has a
 * hook, else its template instance; the first in registry order among
 * equals. Checked against the plan cryptarch_select() makes without a
 * profile.
 */
static void static_encrypt_choice(const char *cipher, int mode, unsigned flags,
				  const char *prio, char *out, size_t size)
{
	static struct cryptarch_cands cands;
	static struct cryptarch_plan plan;
	struct test_inst best, ti;
	size_t i, n = cryptarch_driver_count();
	char name[64], planned[96];
	int bp = -1, found = 0;

	memset(&best, 0, sizeof(best));
	snprintf(out, size, "%s", prio);
	if (flags & CRYPTARCH_STATIC_PRIORITY)
		return;
	for (i = 0; i < n; i++) {
		const struct cryptarch_driver *a = cryptarch_driver_at(i);
		int ap;

		if (strcmp(a->alg->name, cipher) != 0 ||
		    cryptarch_driver_verdict(a, flags) != CRYPTARCH_ELIGIBLE ||
		    cryptarch_driver_selftest(a) != CRYPTARCH_SELFTEST_PASSED)
			continue;
		if (test_inst_make(&ti, mode, a, 1) &&
		    test_inst_make(&ti, mode, a, 0))
			continue;
		ap = cryptarch_spec_priority(&ti.spec, 0);
		if (ap > bp) {
			best = ti;
			bp = ap;
			found = 1;
		}
	}
	if (!found)
		return;
	snprintf(out, size, "%s", best.name);
	/* the same as selection's own plan */
	test_mode_algname(mode, cipher, name, sizeof(name));
	if (cryptarch_cands(name, &cryptarch_type_skcipher, &cands) ||
	    cryptarch_select(&cands, flags, NULL, &plan)) {
		test_fail("%s (flags %u): no plan", name, flags);
		return;
	}
	cryptarch_spec_name(&plan.slot[0][0][1].inst, planned, sizeof(planned));
	if (strcmp(planned, out) != 0)
		test_fail("%s (flags %u): the static plan encrypts with %s, "
			  "the descriptors say %s",
			  name, flags, planned, out);
}

/*
 * A handle of NAME under FLAGS (which may encrypt and decrypt with
 * different instances) against the single instance REF: the same
 * ciphertext for 1 to 40 blocks, and decryption back to the plaintext.
 */
static void check_roundtrip(const char *name, unsigned flags, const char *ref)
{
	static const uint8_t key[32] = { 1, 2, 3, 4, 5, 6, 7, 8, 9 };
	uint8_t pt[640], ct[640], ct2[640], back[640], iv[16], iv2[16];
	cryptarch_skcipher *t = NULL, *r = NULL;
	size_t len;

	if (cryptarch_skcipher_new(&t, name, flags) ||
	    cryptarch_skcipher_new(&r, ref, CRYPTARCH_ALLOW_VARIABLE_TIME) ||
	    cryptarch_skcipher_setkey(t, key, 16) ||
	    cryptarch_skcipher_setkey(r, key, 16)) {
		test_fail("%s / %s: cannot open and key", name, ref);
		goto out;
	}
	test_rng_fill(&rng, pt, sizeof(pt));
	for (len = 16; len <= sizeof(pt); len += 16) {
		memset(iv, (int)len, 16);
		memcpy(iv2, iv, 16);
		if (cryptarch_skcipher_encrypt(t, pt, ct, len, iv) ||
		    cryptarch_skcipher_encrypt(r, pt, ct2, len, iv2) ||
		    memcmp(ct, ct2, len) != 0) {
			test_fail("%s (flags %u): %zu bytes encrypt unlike %s",
				  name, flags, len, ref);
			break;
		}
		memset(iv, (int)len, 16);
		if (cryptarch_skcipher_decrypt(t, ct, back, len, iv) ||
		    memcmp(back, pt, len) != 0) {
			test_fail("%s (flags %u): %zu bytes do not decrypt",
				  name, flags, len);
			break;
		}
	}
out:
	cryptarch_skcipher_free(t);
	cryptarch_skcipher_free(r);
}

/*
 * Without a profile, CBC encryption goes to the eligible instance with the
 * highest CBC-encryption priority; under CRYPTARCH_STATIC_PRIORITY to
 * priority's (the kernel's rule: one instance per name).
 */
static void check_static_cbc(const char *cipher, unsigned flags)
{
	char name[64], prio[96], want[96], got[96];

	snprintf(name, sizeof(name), "cbc(%s)", cipher);
	priority_choice(name, flags, prio, sizeof(prio));
	if (!prio[0])
		return; /* nothing eligible under FLAGS */
	static_encrypt_choice(cipher, TEST_MODE_CBC, flags, prio, want,
			      sizeof(want));
	check_roundtrip(name, flags, prio);
	selects(name, flags, got, sizeof(got));
	if (strcmp(got, want) != 0)
		test_fail("%s (flags %u), no profile: encrypts with %s, "
			  "expected %s",
			  name, flags, got, want);
	else
		printf("%s (flags %u), no profile: encrypts with %s "
		       "(priority's: %s)\n",
		       name, flags, got, prio);
	selects(name, flags | CRYPTARCH_STATIC_PRIORITY, got, sizeof(got));
	if (strcmp(got, prio) != 0)
		test_fail("%s, CRYPTARCH_STATIC_PRIORITY: encrypts with %s, "
			  "priority's is %s",
			  name, got, prio);
}

static void check_selection(const char *cipher, int mode)
{
	const unsigned vt = CRYPTARCH_ALLOW_VARIABLE_TIME;
	int win[CRYPTARCH_PROFILE_NKEYS][2][2];
	struct cryptarch_profile *p;
	struct test_inst *ti;
	char name[64], prio[96], got[96], senc[96];
	size_t n = test_instances(cipher, mode, &ti, NULL), i;
	int pi;

	test_mode_algname(mode, cipher, name, sizeof(name));
	priority_choice(name, vt, prio, sizeof(prio));
	static_encrypt_choice(cipher, mode, vt, prio, senc, sizeof(senc));
	pi = index_of(ti, n, prio);
	if (n == 0 || pi < 0) {
		free(ti);
		return;
	}
	/* every instance in turn */
	for (i = 0; i < n; i++) {
		if (cryptarch_driver_selftest(ti[i].drv) !=
		    CRYPTARCH_SELFTEST_PASSED)
			continue;
		fill(win, (int)i);
		p = make_profile(vt, cipher, mode, ti, n, win);
		install(p, "sel");
		cryptarch_profile_free(p);
		selects(name, vt, got, sizeof(got));
		if (strcmp(got, ti[i].name) != 0)
			test_fail("%s with a profile naming %s chose %s", name,
				  ti[i].name, got);
		selects(name, vt | CRYPTARCH_STATIC_PRIORITY, got, sizeof(got));
		if (strcmp(got, prio) != 0)
			test_fail("%s, CRYPTARCH_STATIC_PRIORITY: chose %s, "
				  "priority's is %s",
				  name, got, prio);
		/* a driver name is never redirected */
		selects(ti[pi].name, vt, got, sizeof(got));
		if (strcmp(got, ti[pi].name) != 0)
			test_fail("%s was redirected to %s by the profile",
				  ti[pi].name, got);
		/* the flags gate: variable-time under flags 0 */
		selects(name, 0, got, sizeof(got));
		if (!(ti[i].drv->flags & CRYPTARCH_DRV_CONSTANT_TIME) &&
		    strcmp(got, ti[i].name) == 0)
			test_fail("%s, flags 0: the profile selected the "
				  "variable-time %s",
				  name, got);
		if ((ti[i].drv->flags & CRYPTARCH_DRV_CONSTANT_TIME) &&
		    strcmp(got, ti[i].name) != 0)
			test_fail("%s, flags 0: chose %s, the profile names "
				  "the constant-time %s",
				  name, got, ti[i].name);
	}
	/* a profile measured without variable-time instances is not used
	 * for a variable-time lookup */
	fill(win, n > 1 ? (pi + 1) % (int)n : 0);
	p = make_profile(0, cipher, mode, ti, n, win);
	install(p, "sel-ct");
	cryptarch_profile_free(p);
	selects(name, vt, got, sizeof(got));
	if (strcmp(got, senc) != 0)
		test_fail("%s: a constant-time-only profile was used for a "
			  "variable-time lookup (%s, static choice %s)",
			  name, got, senc);
	/* no entry for a slot: priority */
	fill(win, -1);
	win[0][1][0] = n > 1 ? (pi + 1) % (int)n : 0;
	p = make_profile(vt, cipher, mode, ti, n, win);
	install(p, "sel-one");
	cryptarch_profile_free(p);
	selects(name, vt, got, sizeof(got));
	if (strcmp(got, senc) != 0)
		test_fail("%s: no entry for large encryption, yet %s chosen "
			  "over the static choice %s",
			  name, got, senc);
	/* empty CRYPTARCH_PROFILE: priority */
	use_profile("");
	if (cryptarch_profile_active())
		test_fail("CRYPTARCH_PROFILE=\"\" still has a profile");
	selects(name, vt, got, sizeof(got));
	if (strcmp(got, senc) != 0)
		test_fail("%s without a profile chose %s, the static choice "
			  "is %s",
			  name, got, senc);
	free(ti);
}

/* A winner within the noise margin of priority's choice does not win. */
static void check_margin(void)
{
	const unsigned vt = CRYPTARCH_ALLOW_VARIABLE_TIME;
	struct cryptarch_profile *p = cryptarch_profile_new(vt);
	struct cryptarch_profile_fig figs[64];
	struct test_inst *ti;
	char prio[96], senc[96], got[96];
	size_t n = test_instances("aes", TEST_MODE_CBC, &ti, NULL), i;
	int pi, si, own, k, d, c;

	/* the static choice per direction: encryption may be another's */
	priority_choice("cbc(aes)", vt, prio, sizeof(prio));
	static_encrypt_choice("aes", TEST_MODE_CBC, vt, prio, senc,
			      sizeof(senc));
	pi = index_of(ti, n, prio);
	si = index_of(ti, n, senc);
	if (pi < 0 || si < 0 || n < 2) {
		free(ti);
		cryptarch_profile_free(p);
		return;
	}
	for (k = 0; k < CRYPTARCH_PROFILE_NKEYS; k++)
		for (d = 0; d < 2; d++)
			for (c = 0; c < 2; c++) {
				own = d ? pi : si;
				for (i = 0; i < n && i < 64; i++) {
					figs[i].inst = ti[i].spec;
					/* the other instance 2% faster */
					figs[i].ns =
						(int)i == own ? 100.0 :
						i == (size_t)(own + 1) % n ?
								98.0 :
								500.0;
				}
				if (cryptarch_profile_add(p, "cbc(aes)", d, k,
							  c, figs, i))
					test_fail("add");
			}
	install(p, "margin");
	cryptarch_profile_free(p);
	selects("cbc(aes)", vt, got, sizeof(got));
	if (strcmp(got, senc) != 0)
		test_fail("cbc(aes): a 2%% faster instance (%s) beat "
			  "priority's %s; the margin is %d%%",
			  got, senc, CRYPTARCH_PROFILE_MARGIN_PCT);
	free(ti);
}

/* ---- the gate: CPU features and self-tests ------------------------------- */

static const struct cryptarch_driver *gen;

static void broken_encrypt(const void *ctx, uint8_t *dst, const uint8_t *src)
{
	gen->ops->encrypt(ctx, dst, src);
	dst[3] ^= 0x40;
}

static void check_gate(void)
{
	static struct cryptarch_driver fake;
	static struct cryptarch_cipher_ops broken_ops;
	const unsigned vt = CRYPTARCH_ALLOW_VARIABLE_TIME;
	int win[CRYPTARCH_PROFILE_NKEYS][2][2];
	struct cryptarch_profile *p;
	struct test_inst *ti;
	char got[96];
	size_t n;
	int round;

	gen = test_driver("aes-generic");
	if (!gen)
		return;
	for (round = 0; round < 2; round++) {
		fake = *gen;
		fake.flags |= CRYPTARCH_DRV_CONSTANT_TIME;
		fake.ct.reason = "a fake driver of the tests";
		fake.hooks = NULL;
		if (round == 0) {
			/* needs a CPU feature nothing has */
			fake.name = "aes-needs-nothing-real";
			fake.cpu_features = 1ull << 62;
		} else {
			/* runs, but its self-test fails */
			fake.name = "aes-broken";
			broken_ops = *gen->ops;
			broken_ops.encrypt = broken_encrypt;
			fake.ops = &broken_ops;
		}
		cryptarch_registry_set_extra(&fake);
		n = test_instances("aes", TEST_MODE_CBC, &ti, NULL);
		/* test_instances() lists available ones: add the fake one
		 * by hand where it is not */
		if (index_of(ti, n,
			     round ? "cbc(aes-broken)" :
				     "cbc(aes-needs-nothing-real)") < 0) {
			struct test_inst *more =
				realloc(ti, (n + 1) * sizeof(*ti));

			if (!more)
				exit(2);
			ti = more;
			if (test_inst_make(&ti[n], TEST_MODE_CBC, &fake, 0))
				test_fail("no instance cbc(%s)", fake.name);
			else
				n++;
		}
		fill(win, (int)n - 1);
		p = make_profile(vt, "aes", TEST_MODE_CBC, ti, n, win);
		install(p, "gate");
		cryptarch_profile_free(p);
		selects("cbc(aes)", vt, got, sizeof(got));
		if (strstr(got, fake.name) || !got[0])
			test_fail("cbc(aes) chose '%s' from a profile naming "
				  "%s, which %s",
				  got, fake.name,
				  round ? "fails its self-test" :
					  "needs a CPU feature not present");
		selects("cbc(aes)", 0, got, sizeof(got));
		if (strstr(got, fake.name))
			test_fail("cbc(aes), flags 0, chose %s", got);
		free(ti);
		cryptarch_registry_set_extra(NULL);
		use_profile("");
	}
}

/* ---- dispatch: which instance runs each request -------------------------- */

static unsigned long counted;

static void counting_encrypt(const void *ctx, uint8_t *dst, const uint8_t *src)
{
	counted++;
	gen->ops->encrypt(ctx, dst, src);
}

static void counting_decrypt(const void *ctx, uint8_t *dst, const uint8_t *src)
{
	counted++;
	gen->ops->decrypt(ctx, dst, src);
}

/*
 * With "aes-counting" (aes-generic's functions, counting calls) chosen for
 * small encryption and large decryption only, each request must run on the
 * instance of its direction and size class, the boundary being
 * CRYPTARCH_PROFILE_SMALL_MAX bytes.
 */
static void check_dispatch(void)
{
	static struct cryptarch_driver counting;
	static struct cryptarch_cipher_ops counting_ops;
	const unsigned vt = CRYPTARCH_ALLOW_VARIABLE_TIME;
	static const size_t lens[] = { 16, CRYPTARCH_PROFILE_SMALL_MAX,
				       CRYPTARCH_PROFILE_SMALL_MAX + 16, 4096 };
	int win[CRYPTARCH_PROFILE_NKEYS][2][2];
	struct cryptarch_profile *p;
	struct test_inst *ti;
	uint8_t key[64], iv[16], buf[4096];
	cryptarch_skcipher *t = NULL;
	char name[64];
	size_t n, i, l;
	int mi, ci, other, k, d;

	gen = test_driver("aes-generic");
	if (!gen)
		return;
	counting = *gen;
	counting.name = "aes-counting";
	counting.hooks = NULL;
	counting_ops = *gen->ops;
	counting_ops.encrypt = counting_encrypt;
	counting_ops.decrypt = counting_decrypt;
	counting.ops = &counting_ops;
	cryptarch_registry_set_extra(&counting);
	for (mi = 0; mi < TEST_MODE_COUNT; mi++) {
		int mode = mi;

		n = test_instances("aes", mode, &ti, NULL);
		test_mode_algname(mode, "aes-counting", name, sizeof(name));
		/* the template's own instance over aes-counting */
		for (ci = 0;
		     ci < (int)n && (ti[ci].drv != &counting || ti[ci].hooked);
		     ci++)
			;
		if (ci == (int)n)
			ci = -1;
		other = ci == 0 ? 1 : 0;
		if (ci < 0 || n < 2) {
			test_fail("%s is not an instance", name);
			free(ti);
			continue;
		}
		for (k = 0; k < CRYPTARCH_PROFILE_NKEYS; k++)
			for (d = 0; d < 2; d++) {
				win[k][d][0] = d ? other : ci;
				win[k][d][1] = d ? ci : other;
			}
		p = make_profile(vt, "aes", mode, ti, n, win);
		install(p, "dispatch");
		cryptarch_profile_free(p);
		test_mode_algname(mode, "aes", name, sizeof(name));
		if (cryptarch_skcipher_new(&t, name, vt)) {
			test_fail("%s: cannot open", name);
			free(ti);
			continue;
		}
		test_rng_fill(&rng, key, sizeof(key));
		test_random_key(&rng, mode, key, 32);
		if (cryptarch_skcipher_setkey(t, key, 32))
			test_fail("%s: setkey", name);
		memset(buf, 0x5a, sizeof(buf));
		for (d = 0; d < 2; d++)
			for (l = 0; l < 4; l++) {
				int large = lens[l] >
					    CRYPTARCH_PROFILE_SMALL_MAX;
				int want = d ? large : !large;
				unsigned long before = counted;

				memset(iv, 0, sizeof(iv));
				if (test_crypt(t, !d, buf, buf, lens[l], iv))
					test_fail("%s: request failed", name);
				if ((counted != before) != want)
					test_fail("%s: %s of %zu bytes ran "
						  "on %s, expected %s",
						  name,
						  d ? "decryption" :
						      "encryption",
						  lens[l],
						  counted != before ?
							  "aes-counting" :
							  ti[other].name,
						  want ? "aes-counting" :
							 ti[other].name);
			}
		cryptarch_skcipher_free(t);
		t = NULL;
		free(ti);
	}
	for (i = 0; i < sizeof(buf); i++)
		buf[i] = 0;
	cryptarch_registry_set_extra(NULL);
	use_profile("");
}

/* ---- split handles ----------------------------------------------------- */

static void check_split(const char *cipher, int mode)
{
	const unsigned vt = CRYPTARCH_ALLOW_VARIABLE_TIME;
	const size_t nk = test_mode_nkeys(mode);
	int win[CRYPTARCH_PROFILE_NKEYS][2][2];
	struct cryptarch_profile *p;
	struct test_inst *ti;
	const struct cryptarch_driver *refalg = test_reference(cipher);
	char name[64], refname[96], slot[96], want[96];
	size_t n = test_instances(cipher, mode, &ti, NULL), sizes[3], ns, s, i;
	size_t a, b;
	uint8_t key[64], iv[16], iv2[16], *pt, *ct, *ref, *out;
	cryptarch_skcipher *t = NULL, *r = NULL;
	int k, d, c, rounds;

	if (!refalg || n == 0) {
		free(ti);
		return;
	}
	/* two instances, of two implementations where there are two */
	a = 0;
	for (b = 1; b < n && ti[b].drv == ti[a].drv; b++)
		;
	if (b == n)
		b = n > 1 ? 1 : 0;
	for (k = 0; k < CRYPTARCH_PROFILE_NKEYS; k++)
		for (d = 0; d < 2; d++)
			for (c = 0; c < 2; c++)
				win[k][d][c] = (int)((k + d + c) % 2 ? b : a);
	p = make_profile(vt, cipher, mode, ti, n, win);
	install(p, "split");
	cryptarch_profile_free(p);
	test_mode_algname(mode, cipher, name, sizeof(name));
	test_mode_algname(mode, refalg->name, refname, sizeof(refname));
	if (cryptarch_skcipher_new(&t, name, vt) ||
	    cryptarch_skcipher_new(&r, refname, vt)) {
		test_fail("%s: cannot open", name);
		goto out;
	}
	pt = malloc(4 * 1024);
	ct = malloc(4 * 1024);
	ref = malloc(4 * 1024);
	out = malloc(4 * 1024);
	if (!pt || !ct || !ref || !out)
		exit(2);
	ns = test_key_sizes(refalg, sizes);
	for (s = 0; s < ns; s++) {
		size_t kl = nk * sizes[s];
		int ki = cryptarch_profile_key_index(sizes[s]);

		test_random_key(&rng, mode, key, kl);
		if (cryptarch_skcipher_setkey(t, key, kl) ||
		    cryptarch_skcipher_setkey(r, key, kl)) {
			test_fail("%s: setkey %zu", name, kl);
			continue;
		}
		/* the slots are the profile's */
		for (d = 0; d < 2; d++)
			for (c = 0; c < 2; c++) {
				cryptarch_skcipher_slot(t, d, c, slot,
							sizeof(slot));
				snprintf(want, sizeof(want), "%s",
					 ti[win[ki][d][c]].name);
				if (strcmp(slot, want) != 0)
					test_fail("%s, key %zu, %s %s: uses "
						  "%s, the profile says %s",
						  name, kl, d ? "dec" : "enc",
						  c ? "large" : "small", slot,
						  want);
			}
		for (d = 0; d < 2; d++) {
			cryptarch_skcipher_slot(t, d, CRYPTARCH_CLASS_MANY,
						slot, sizeof(slot));
			snprintf(want, sizeof(want), "%s",
				 ti[win[ki][d][1]].name);
			if (strcmp(slot, want) != 0)
				test_fail("%s, key %zu, %s many: uses %s, the "
					  "profile says %s",
					  name, kl, d ? "dec" : "enc", slot,
					  want);
		}
		snprintf(want, sizeof(want), "%s", ti[win[ki][0][1]].name);
		if (strcmp(cryptarch_skcipher_driver(t), want) != 0)
			test_fail("%s: cryptarch_skcipher_driver() is %s, "
				  "expected the large encryption instance %s",
				  name, cryptarch_skcipher_driver(t), want);
		if (ti[a].drv != ti[b].drv && cryptarch_skcipher_nimpl(t) != 2)
			test_fail("%s: %zu implementations keyed, expected 2",
				  name, cryptarch_skcipher_nimpl(t));
		for (rounds = 0; rounds < 40; rounds++) {
			size_t len = test_valid_len(
				mode, (size_t)test_rng_below(&rng, 1200));
			int split = rounds % 2;

			if (len == 0)
				continue;
			test_rng_fill(&rng, pt, len);
			test_rng_fill(&rng, iv, 16);
			/* encryption against the reference */
			memcpy(iv2, iv, 16);
			if (test_crypt(r, 1, pt, ref, len, iv2)) {
				test_fail("%s: reference failed", name);
				break;
			}
			memcpy(iv2, iv, 16);
			if (split ? test_crypt_split(t, mode, 1, pt, ct, len,
						     iv2, &rng) :
				    test_crypt(t, 1, pt, ct, len, iv2)) {
				test_fail("%s: encryption failed", name);
				break;
			}
			if (test_compare(ct, ref, len,
					 "%s, key %zu, %zu bytes, encryption"
					 "%s",
					 name, kl, len,
					 split ? " in pieces" : ""))
				break;
			/* decryption in place */
			memcpy(out, ct, len);
			memcpy(iv2, iv, 16);
			if (split ? test_crypt_split(t, mode, 0, out, out, len,
						     iv2, &rng) :
				    test_crypt(t, 0, out, out, len, iv2)) {
				test_fail("%s: decryption failed", name);
				break;
			}
			if (test_compare(out, pt, len,
					 "%s, key %zu, %zu bytes, decryption"
					 "%s",
					 name, kl, len,
					 split ? " in pieces" : ""))
				break;
		}
	}
	for (i = 0; i < 4 * 1024; i++)
		pt[i] = ct[i] = 0;
	free(pt);
	free(ct);
	free(ref);
	free(out);
out:
	cryptarch_skcipher_free(t);
	cryptarch_skcipher_free(r);
	use_profile("");
	free(ti);
}

int main(int argc, char **argv)
{
	const char *ciphers[16];
	const char *tmp = getenv("TMPDIR");
	size_t nc, c;
	int m;

	test_mask_all(&argc, &argv);
	if (argc > 1) {
		printf("usage: test-profile [--mask-all]\n");
		return 2;
	}
	test_rng_init(&rng, test_seed("test-profile", 0x70726f66ull));
	iters = test_env_count("CRYPTARCH_TEST_ITER", 3000);
	snprintf(dir, sizeof(dir), "%s/test-profile.XXXXXX",
		 tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(dir)) {
		printf("cannot create a temporary directory %s\n", dir);
		return 2;
	}
	/* Never the user's profile. */
	use_profile("");

	check_parser();
	nc = test_ciphers(ciphers, 16);
	for (c = 0; c < nc; c++)
		for (m = 0; m < TEST_MODE_COUNT; m++) {
			check_selection(ciphers[c], m);
			check_split(ciphers[c], m);
		}
	use_profile("");
	for (c = 0; c < nc; c++) {
		check_static_cbc(ciphers[c], 0);
		check_static_cbc(ciphers[c], CRYPTARCH_ALLOW_VARIABLE_TIME);
	}
	check_margin();
	check_gate();
	check_dispatch();

	{
		char path[512];
		static const char *const names[] = {
			"sel",	"sel-ct", "sel-one",  "margin",
			"gate", "split",  "dispatch",
		};
		size_t i;

		for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
			snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
			unlink(path);
		}
		rmdir(dir);
	}
	return test_finish("test-profile");
}
