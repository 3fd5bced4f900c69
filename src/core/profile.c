/* SPDX-License-Identifier: MIT */
/*
 * profile.c - the measured profile as data (see profile.h for the file
 * format): its path, the key that ties a profile to this library, CPU and
 * feature mask, a strict parser for the untrusted file, the formatter
 * `cryptarch tune` writes with, and the profile in effect, loaded once
 * under pthread_once as the CPU features are. The file never decides what
 * is eligible: selection (select.c) checks every instance it names again
 * at the time of the pick, and a profile that differs from this process in
 * its key, or is malformed in any way, is ignored as a whole. The parser
 * bounds everything it reads (file size, line length, entries, figures per
 * line) and parses numbers itself, independent of the locale. No key
 * material passes through here; no CPU features needed.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cpu-id.h"
#include "cpu.h"
#include "cryptarch.h"
#include "profile.h"
#include "registry.h"

#define MAGIC "cryptarch-profile 1"
#define KEY_LINES 5
#define MAX_TOKENS (6 + CRYPTARCH_PROFILE_MAX_FIGS)
#define MAX_NS 1e10 /* ten seconds per call: nothing sane is slower */

static const char *const class_names[CRYPTARCH_NCLASS] = { "small", "large",
							       "many" };
static const char *const key_bits[CRYPTARCH_PROFILE_NKEYS] = { "128", "192",
							       "256" };

/* see profile.h */
int cryptarch_profile_key_index(size_t keybytes)
{
	switch (keybytes) {
	case 16:
		return 0;
	case 24:
		return 1;
	case 32:
		return 2;
	default:
		return -1;
	}
}

/* ---- path --------------------------------------------------------------- */

/* see profile.h */
int cryptarch_profile_path(char *buf, size_t size)
{
	const char *env = getenv("CRYPTARCH_PROFILE");
	const char *xdg = getenv("XDG_CACHE_HOME");
	const char *home = getenv("HOME");
	int n;

	if (env)
		n = snprintf(buf, size, "%s", env);
	else if (xdg && xdg[0] == '/')
		n = snprintf(buf, size, "%s/cryptarch/profile", xdg);
	else if (home && home[0] == '/')
		n = snprintf(buf, size, "%s/.cache/cryptarch/profile", home);
	else
		return -ENOENT;
	if (n <= 0 || (size_t)n >= size)
		return -ENOENT;
	return 0;
}

/* ---- the key ------------------------------------------------------------ */

/* see profile.h */
void cryptarch_profile_key(char *buf, size_t size)
{
	char cpu[256], names[512];
	uint64_t feat = cryptarch_cpu_features();
	size_t n, i;

	if (size == 0)
		return;
	cryptarch_cpu_id(cpu, sizeof(cpu));
	cryptarch_cpu_format(feat, names, sizeof(names));
	n = (size_t)snprintf(buf, size,
			     "version %s\narch %s %u-bit %s\n%s\n"
			     "features 0x%llx%s%s\ndrivers",
			     CRYPTARCH_VERSION_STRING, cryptarch_cpu_arch(),
			     (unsigned)(sizeof(void *) * 8),
			     cryptarch_cpu_endian(), cpu,
			     (unsigned long long)feat, names[0] ? " " : "",
			     names);
	for (i = 0; i < cryptarch_driver_builtin_count() && n < size; i++)
		n += (size_t)snprintf(buf + n, size - n, " %s",
				      cryptarch_driver_at(i)->name);
	if (n < size)
		snprintf(buf + n, size - n, "\n");
}

/* ---- names ---------------------------------------------------------------- */

/*
 * An algorithm name in a profile line: "aes cbc" is "cbc(aes)", one
 * template over the cipher; any other name is written whole after the
 * cipher ("aes cts(cbc(aes))"). Into CIPHER and REST (see profile.h).
 */
static void split_name(const char *name, char *cipher, size_t csize,
		       char *rest, size_t rsize)
{
	const char *p = strchr(name, '(');
	size_t tl = p ? (size_t)(p - name) : 0, cl;

	if (p && strchr(p + 1, '(') == NULL && strchr(p, ',') == NULL &&
	    name[strlen(name) - 1] == ')') {
		cl = strlen(p + 1) - 1;
		snprintf(cipher, csize, "%.*s", (int)cl, p + 1);
		snprintf(rest, rsize, "%.*s", (int)tl, name);
		return;
	}
	/* the cipher: the first word that names an algorithm */
	snprintf(rest, rsize, "%s", name);
	snprintf(cipher, csize, "%s", name);
	for (p = name; *p;) {
		size_t n = strcspn(p, "(),");

		if (n && cryptarch_algorithm_find(p, n)) {
			snprintf(cipher, csize, "%.*s", (int)n, p);
			return;
		}
		p += n + (p[n] != '\0');
	}
}

/* ---- the profile in memory ---------------------------------------------- */

/* see profile.h */
struct cryptarch_profile *cryptarch_profile_new(unsigned flags)
{
	struct cryptarch_profile *p = calloc(1, sizeof(*p));

	if (p)
		p->flags = flags & CRYPTARCH_ALLOW_VARIABLE_TIME;
	return p;
}

/* see profile.h */
void cryptarch_profile_free(struct cryptarch_profile *p)
{
	if (!p)
		return;
	free(p->e);
	free(p->figs);
	free(p);
}

/* see profile.h */
const struct cryptarch_profile_entry *
cryptarch_profile_find(const struct cryptarch_profile *p, const char *name,
		       int op, int key, int cls)
{
	size_t i;

	if (!p)
		return NULL;
	for (i = 0; i < p->n; i++) {
		const struct cryptarch_profile_entry *e = &p->e[i];

		if (e->op == op && e->key == key && e->cls == cls &&
		    strcmp(e->name, name) == 0)
			return e;
	}
	return NULL;
}

/* see profile.h */
const struct cryptarch_profile_fig *
cryptarch_profile_figs(const struct cryptarch_profile *p,
		       const struct cryptarch_profile_entry *e)
{
	return p->figs + e->fig;
}

/* Append an entry with its figures, sorted fastest first (stable). */
static int add_entry(struct cryptarch_profile *p,
		     const struct cryptarch_profile_entry *tmpl,
		     const struct cryptarch_profile_fig *figs, size_t nfig)
{
	struct cryptarch_profile_fig *f;
	struct cryptarch_profile_entry *e;
	size_t i, j;

	if (nfig == 0 || nfig > CRYPTARCH_PROFILE_MAX_FIGS ||
	    p->n >= CRYPTARCH_PROFILE_MAX_ENTRIES ||
	    cryptarch_profile_find(p, tmpl->name, tmpl->op, tmpl->key,
				   tmpl->cls))
		return -EINVAL;
	if (p->n == p->cap) {
		size_t cap = p->cap ? 2 * p->cap : 64;

		e = realloc(p->e, cap * sizeof(*e));
		if (!e)
			return -ENOMEM;
		p->e = e;
		p->cap = cap;
	}
	if (p->capfigs - p->nfigs < nfig) {
		size_t cap = p->capfigs ? 2 * p->capfigs : 256;

		while (cap - p->nfigs < nfig)
			cap *= 2;
		f = realloc(p->figs, cap * sizeof(*f));
		if (!f)
			return -ENOMEM;
		p->figs = f;
		p->capfigs = cap;
	}
	f = p->figs + p->nfigs;
	for (i = 0; i < nfig; i++) {
		struct cryptarch_profile_fig t = figs[i];

		for (j = i; j > 0 && f[j - 1].ns > t.ns; j--)
			f[j] = f[j - 1];
		f[j] = t;
	}
	e = &p->e[p->n++];
	*e = *tmpl;
	e->fig = p->nfigs;
	e->nfig = nfig;
	p->nfigs += nfig;
	return 0;
}

/* 1 if S is an instance of the algorithm NAME. */
static int instance_of(const struct cryptarch_spec *s, const char *name)
{
	char an[CRYPTARCH_NAME_MAX + 1];

	return strcmp(cryptarch_spec_algname(s, an, sizeof(an)), name) == 0;
}

/* The operation word W (N bytes) of the type of NAME's instances; -1. */
static int op_of(const struct cryptarch_spec *inst, const char *w, size_t n)
{
	const struct cryptarch_type *t = cryptarch_spec_type(inst);
	unsigned i;

	for (i = 0; i < t->nops; i++)
		if (strlen(t->op_words[i]) == n &&
		    memcmp(t->op_words[i], w, n) == 0)
			return (int)i;
	return -1;
}

/* see profile.h */
int cryptarch_profile_put(struct cryptarch_profile *p, const char *name, int op,
			  int key, int cls,
			  const struct cryptarch_profile_fig *figs, size_t nfig,
			  const struct cryptarch_spec *winner)
{
	struct cryptarch_profile_entry t;
	size_t i;

	if (!name || strlen(name) > CRYPTARCH_NAME_MAX || nfig == 0 ||
	    op < 0 || key < 0 || key >= CRYPTARCH_PROFILE_NKEYS ||
	    cls < 0 || cls >= CRYPTARCH_NCLASS || !instance_of(winner, name) ||
	    (unsigned)op >= cryptarch_spec_type(winner)->nops)
		return -EINVAL;
	for (i = 0; i < nfig; i++)
		if (!instance_of(&figs[i].inst, name) ||
		    !(figs[i].ns > 0 && figs[i].ns <= MAX_NS))
			return -EINVAL;
	memset(&t, 0, sizeof(t));
	snprintf(t.name, sizeof(t.name), "%s", name);
	t.op = op;
	t.key = key;
	t.cls = cls;
	t.winner = *winner;
	return add_entry(p, &t, figs, nfig);
}

/* ---- formatting --------------------------------------------------------- */

struct text {
	char *s;
	size_t n, cap;
	int failed;
};

static void put(struct text *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void put(struct text *t, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (t->failed)
		return;
	for (;;) {
		va_start(ap, fmt);
		n = vsnprintf(t->s + t->n, t->cap - t->n, fmt, ap);
		va_end(ap);
		if (n < 0) {
			t->failed = 1;
			return;
		}
		if ((size_t)n < t->cap - t->n) {
			t->n += (size_t)n;
			return;
		}
		{
			size_t cap = 2 * t->cap + (size_t)n + 1;
			char *s = realloc(t->s, cap);

			if (!s) {
				t->failed = 1;
				return;
			}
			t->s = s;
			t->cap = cap;
		}
	}
}

/* NS with two decimals, without the locale's decimal point. */
static void put_ns(struct text *t, double ns)
{
	unsigned long long c;

	if (!(ns > 0))
		ns = 0.01;
	if (ns > MAX_NS)
		ns = MAX_NS;
	c = (unsigned long long)(ns * 100 + 0.5);
	if (c == 0)
		c = 1;
	put(t, "%llu.%02llu", c / 100, c % 100);
}

/* see profile.h */
char *cryptarch_profile_format(const struct cryptarch_profile *p,
			       const char *comment)
{
	struct text t = { NULL, 0, 0, 0 };
	char key[2048], name[CRYPTARCH_NAME_MAX + 1];
	char cipher[CRYPTARCH_NAME_MAX + 1], rest[CRYPTARCH_NAME_MAX + 1];
	size_t i, j;

	t.cap = 4096;
	t.s = malloc(t.cap);
	if (!t.s)
		return NULL;
	t.s[0] = '\0';
	cryptarch_profile_key(key, sizeof(key));
	put(&t, "%s\n%s", MAGIC, key);
	while (comment && *comment) {
		size_t n = strcspn(comment, "\n");

		put(&t, "# %.*s\n", (int)n, comment);
		comment += n + (comment[n] == '\n');
	}
	put(&t,
	    "# cipher mode operation key-bits class winner, then each "
	    "instance measured\n# with its best time per call in ns, "
	    "fastest first. small: measured at %u\n# bytes, used for "
	    "requests of at most %u bytes; large: measured at %u bytes.\n",
	    CRYPTARCH_PROFILE_SMALL_BYTES, CRYPTARCH_PROFILE_SMALL_MAX,
	    CRYPTARCH_PROFILE_LARGE_BYTES);
	put(&t, "flags %s\n",
	    p->flags & CRYPTARCH_ALLOW_VARIABLE_TIME ? "allow-variable-time" :
						       "none");
	for (i = 0; i < p->n; i++) {
		const struct cryptarch_profile_entry *e = &p->e[i];
		const struct cryptarch_profile_fig *f = p->figs + e->fig;

		split_name(e->name, cipher, sizeof(cipher), rest, sizeof(rest));
		put(&t, "%s %s %s %s %s %s", cipher, rest,
		    cryptarch_spec_type(&e->winner)->op_words[e->op],
		    key_bits[e->key], class_names[e->cls],
		    cryptarch_spec_name(&e->winner, name, sizeof(name)));
		for (j = 0; j < e->nfig; j++) {
			cryptarch_spec_name(&f[j].inst, name, sizeof(name));
			put(&t, " %s=", name);
			put_ns(&t, f[j].ns);
		}
		put(&t, "\n");
	}
	put(&t, "end %zu\n", p->n);
	if (t.failed) {
		free(t.s);
		return NULL;
	}
	return t.s;
}

/* ---- parsing ------------------------------------------------------------ */

struct reader {
	const char *p, *end;
	unsigned line;
	char *why;
	size_t whysize;
};

static int fail(struct reader *r, int err, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int fail(struct reader *r, int err, const char *fmt, ...)
{
	va_list ap;
	int n = 0;

	if (!r->why || r->whysize == 0)
		return err;
	if (r->line)
		n = snprintf(r->why, r->whysize, "line %u: ", r->line);
	if (n < 0 || (size_t)n >= r->whysize)
		return err;
	va_start(ap, fmt);
	vsnprintf(r->why + n, r->whysize - (size_t)n, fmt, ap);
	va_end(ap);
	return err;
}

/*
 * The next line that is neither blank nor a comment, into *S and *N
 * (without its newline). Returns 1, 0 at the end of the text, or a negative
 * error: a line without its newline (a truncated file), a line longer than
 * CRYPTARCH_PROFILE_MAX_LINE, or a control byte other than a tab.
 */
static int next_line(struct reader *r, const char **s, size_t *n)
{
	for (;;) {
		const char *nl, *q;
		size_t len, avail = (size_t)(r->end - r->p);

		if (avail == 0)
			return 0;
		r->line++;
		nl = memchr(r->p, '\n',
			    avail < CRYPTARCH_PROFILE_MAX_LINE + 1 ?
				    avail :
				    CRYPTARCH_PROFILE_MAX_LINE + 1);
		if (!nl)
			return avail > CRYPTARCH_PROFILE_MAX_LINE ?
				       fail(r, -EINVAL, "longer than %u bytes",
					    CRYPTARCH_PROFILE_MAX_LINE) :
				       fail(r, -EINVAL,
					    "no newline: the file is "
					    "truncated");
		len = (size_t)(nl - r->p);
		for (q = r->p; q < nl; q++)
			if ((unsigned char)*q < 0x20 && *q != '\t')
				return fail(r, -EINVAL, "control byte 0x%02x",
					    (unsigned char)*q);
		*s = r->p;
		r->p = nl + 1;
		/* trailing blanks are not part of the line */
		while (len && ((*s)[len - 1] == ' ' || (*s)[len - 1] == '\t'))
			len--;
		q = *s;
		while (q < *s + len && (*q == ' ' || *q == '\t'))
			q++;
		if (q == *s + len || *q == '#')
			continue;
		*n = len;
		return 1;
	}
}

struct token {
	const char *s;
	size_t n;
};

/* Split S (N bytes) at blanks into at most MAX tokens; the count, or
 * MAX + 1 if there are more. */
static size_t split(const char *s, size_t n, struct token *tok, size_t max)
{
	size_t k = 0, i = 0;

	while (i < n) {
		size_t start;

		while (i < n && (s[i] == ' ' || s[i] == '\t'))
			i++;
		if (i == n)
			break;
		start = i;
		while (i < n && s[i] != ' ' && s[i] != '\t')
			i++;
		if (k == max)
			return max + 1;
		tok[k].s = s + start;
		tok[k].n = i - start;
		k++;
	}
	return k;
}

static int tok_is(const struct token *t, const char *w)
{
	return t->n == strlen(w) && memcmp(t->s, w, t->n) == 0;
}

/* Index of token T in WORDS (N of them), or -1. */
static int tok_word(const struct token *t, const char *const *words, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (tok_is(t, words[i]))
			return i;
	return -1;
}

/* A decimal of at most 11 integer and 6 fractional digits, > 0. */
static int parse_ns(const char *s, size_t n, double *v)
{
	size_t i = 0, id = 0, fd = 0;
	double x = 0, scale = 1;

	while (i < n && s[i] >= '0' && s[i] <= '9' && id < 12) {
		x = x * 10 + (s[i++] - '0');
		id++;
	}
	if (id == 0 || id > 11)
		return -1;
	if (i < n && s[i] == '.') {
		i++;
		while (i < n && s[i] >= '0' && s[i] <= '9' && fd < 7) {
			scale /= 10;
			x += (s[i++] - '0') * scale;
			fd++;
		}
		if (fd == 0 || fd > 6)
			return -1;
	}
	if (i != n || !(x > 0) || x > MAX_NS)
		return -1;
	*v = x;
	return 0;
}

/* The instance named by token S (N bytes) of algorithm NAME; 0 or -1. */
static int resolve(const char *s, size_t n, const char *name,
		   struct cryptarch_spec *inst)
{
	if (cryptarch_spec_find(s, n, inst))
		return -1;
	return instance_of(inst, name) ? 0 : -1;
}

/* The algorithm name of an entry's first two tokens into NAME; 0 or an
 * error message. */
static const char *entry_name(const struct token *c, const struct token *m,
			      char *name, size_t size)
{
	struct cryptarch_spec v[1];
	size_t n;
	int exact;

	if (!cryptarch_algorithm_find(c->s, c->n))
		return "unknown cipher";
	if (memchr(m->s, '(', m->n)) {
		if (m->n >= size)
			return "unknown algorithm";
		memcpy(name, m->s, m->n);
		name[m->n] = '\0';
	} else if (m->n == c->n && memcmp(m->s, c->s, c->n) == 0) {
		/* the algorithm alone ("sha256 sha256"): a hash */
		if (c->n >= size)
			return "unknown algorithm";
		memcpy(name, c->s, c->n);
		name[c->n] = '\0';
	} else {
		if (!cryptarch_template_find(m->s, m->n) &&
		    !cryptarch_template_find_alias(m->s, m->n))
			return "unknown mode";
		if (m->n + c->n + 3 > size)
			return "unknown algorithm";
		snprintf(name, size, "%.*s(%.*s)", (int)m->n, m->s, (int)c->n,
			 c->s);
	}
	if (cryptarch_spec_enumerate(name, NULL, v, NULL, 1, &n, &exact) ||
	    exact)
		return "not an algorithm of the cipher";
	return NULL;
}

static int parse_entry(struct reader *r, struct cryptarch_profile *p,
		       const struct token *tok, size_t nt)
{
	struct cryptarch_profile_fig figs[CRYPTARCH_PROFILE_MAX_FIGS];
	struct cryptarch_profile_entry e;
	const char *bad;
	size_t i, j;
	int err, won = 0;

	if (nt < 7)
		return fail(r, -EINVAL, "an entry needs at least 7 fields");
	if (nt > MAX_TOKENS)
		return fail(r, -EINVAL, "more than %d figures",
			    CRYPTARCH_PROFILE_MAX_FIGS);
	memset(&e, 0, sizeof(e));
	bad = entry_name(&tok[0], &tok[1], e.name, sizeof(e.name));
	if (bad)
		return fail(r, -EINVAL, "%s: '%.*s %.*s'", bad,
			    (int)(tok[0].n > 32 ? 32 : tok[0].n), tok[0].s,
			    (int)(tok[1].n > 64 ? 64 : tok[1].n), tok[1].s);
	e.key = tok_word(&tok[3], key_bits, CRYPTARCH_PROFILE_NKEYS);
	e.cls = tok_word(&tok[4], class_names, CRYPTARCH_NCLASS);
	if (resolve(tok[5].s, tok[5].n, e.name, &e.winner))
		return fail(r, -EINVAL, "winner is not an instance of %s",
			    e.name);
	e.op = op_of(&e.winner, tok[2].s, tok[2].n);
	if (e.op < 0)
		return fail(r, -EINVAL, "unknown operation (enc, dec)");
	if (e.key < 0)
		return fail(r, -EINVAL, "key bits not 128, 192 or 256");
	if (e.cls < 0)
		return fail(r, -EINVAL, "class is not small, large or many");
	for (i = 6; i < nt; i++) {
		const char *eq = memchr(tok[i].s, '=', tok[i].n);
		struct cryptarch_profile_fig *f = &figs[i - 6];

		if (!eq || resolve(tok[i].s, (size_t)(eq - tok[i].s), e.name,
				   &f->inst))
			return fail(r, -EINVAL,
				    "field %zu is not instance=ns of %s",
				    i + 1, e.name);
		if (parse_ns(eq + 1, (size_t)(tok[i].s + tok[i].n - eq - 1),
			     &f->ns))
			return fail(r, -EINVAL, "field %zu: bad figure", i + 1);
		for (j = 0; j < i - 6; j++)
			if (cryptarch_spec_equal(&figs[j].inst, &f->inst))
				return fail(r, -EINVAL,
					    "field %zu: instance repeated",
					    i + 1);
		won |= cryptarch_spec_equal(&f->inst, &e.winner);
	}
	if (!won)
		return fail(r, -EINVAL, "the winner has no figure");
	err = add_entry(p, &e, figs, nt - 6);
	if (err == -EINVAL)
		return fail(r, err, "repeats an earlier entry");
	if (err)
		return fail(r, err, "out of memory");
	return 0;
}

/* What a key line that differs says about the profile. */
static const char *key_mismatch(const char *line)
{
	static const struct {
		const char *word, *what;
	} k[] = {
		{ "version ", "written by another library version" },
		{ "arch ", "written for another architecture" },
		{ "cpu ", "written on another CPU" },
		{ "features ", "written under another CPU feature mask "
			       "(CRYPTARCH_DISABLE)" },
		{ "drivers ", "written by a build with other drivers" },
	};
	size_t i;

	for (i = 0; i < sizeof(k) / sizeof(k[0]); i++)
		if (strncmp(line, k[i].word, strlen(k[i].word)) == 0)
			return k[i].what;
	return "its key differs";
}

/* see profile.h */
int cryptarch_profile_parse(const char *text, size_t len,
			    struct cryptarch_profile **out, char *why,
			    size_t whysize)
{
	struct reader r = { text, text + len, 0, why, whysize };
	struct token tok[MAX_TOKENS + 1];
	struct cryptarch_profile *p;
	char key[2048], *kl;
	const char *s;
	size_t n, nt, i;
	unsigned long count;
	int err;

	*out = NULL;
	if (why && whysize)
		why[0] = '\0';
	if (len > CRYPTARCH_PROFILE_MAX_BYTES)
		return fail(&r, -EINVAL, "larger than %u bytes",
			    CRYPTARCH_PROFILE_MAX_BYTES);
	err = next_line(&r, &s, &n);
	if (err <= 0)
		return err ? err : fail(&r, -EINVAL, "empty");
	if (n != strlen(MAGIC) || memcmp(s, MAGIC, n) != 0)
		return fail(&r, -EINVAL, "not a cryptarch profile (no '%s')",
			    MAGIC);
	/* The key: every line exactly this process's. */
	cryptarch_profile_key(key, sizeof(key));
	kl = key;
	for (i = 0; i < KEY_LINES; i++) {
		size_t kn = strcspn(kl, "\n");

		err = next_line(&r, &s, &n);
		if (err <= 0)
			return err ? err :
				     fail(&r, -EINVAL, "ends inside the key");
		if (n != kn || memcmp(s, kl, n) != 0) {
			int e2 = fail(&r, -ESTALE, "%s", key_mismatch(kl));

			if (why && whysize > strlen(why) + 8)
				snprintf(why + strlen(why),
					 whysize - strlen(why),
					 " (profile: '%.*s'; here: '%.*s')",
					 (int)(n > 160 ? 160 : n), s,
					 (int)(kn > 160 ? 160 : kn), kl);
			return e2;
		}
		kl += kn + (kl[kn] == '\n');
	}
	err = next_line(&r, &s, &n);
	if (err <= 0)
		return err ? err : fail(&r, -EINVAL, "no flags line");
	nt = split(s, n, tok, MAX_TOKENS);
	if (nt != 2 || !tok_is(&tok[0], "flags") ||
	    (!tok_is(&tok[1], "none") &&
	     !tok_is(&tok[1], "allow-variable-time")))
		return fail(&r, -EINVAL,
			    "not 'flags none' or 'flags allow-variable-time'");
	p = cryptarch_profile_new(
		tok_is(&tok[1], "none") ? 0 : CRYPTARCH_ALLOW_VARIABLE_TIME);
	if (!p)
		return -ENOMEM;
	for (;;) {
		err = next_line(&r, &s, &n);
		if (err == 0) {
			err = fail(&r, -EINVAL,
				   "no 'end' line: the file is truncated");
			break;
		}
		if (err < 0)
			break;
		nt = split(s, n, tok, MAX_TOKENS);
		if (nt >= 1 && tok_is(&tok[0], "end")) {
			char num[24];

			if (nt != 2 || tok[1].n == 0 || tok[1].n >= 20 ||
			    strspn(tok[1].s, "0123456789") < tok[1].n) {
				err = fail(&r, -EINVAL, "malformed 'end' line");
				break;
			}
			memcpy(num, tok[1].s, tok[1].n);
			num[tok[1].n] = '\0';
			count = strtoul(num, NULL, 10);
			if (count != p->n) {
				err = fail(&r, -EINVAL,
					   "'end %lu' but %zu entries", count,
					   p->n);
				break;
			}
			err = next_line(&r, &s, &n);
			if (err > 0)
				err = fail(&r, -EINVAL,
					   "text after the 'end' line");
			break;
		}
		err = parse_entry(&r, p, tok, nt);
		if (err)
			break;
	}
	if (err) {
		cryptarch_profile_free(p);
		return err;
	}
	*out = p;
	return 0;
}

/* see profile.h */
int cryptarch_profile_load(const char *path, struct cryptarch_profile **out,
			   char *why, size_t whysize)
{
	struct stat st;
	char *buf;
	size_t n = 0;
	ssize_t got;
	int fd, err;

	*out = NULL;
	/* O_NONBLOCK: a FIFO at the path must not block the lookup. */
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	if (fd < 0) {
		err = errno;
		if (why && whysize)
			snprintf(why, whysize, "%s", strerror(err));
		return -ENOENT;
	}
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		if (why && whysize)
			snprintf(why, whysize, "not a regular file");
		return -EINVAL;
	}
	if (st.st_size > (off_t)CRYPTARCH_PROFILE_MAX_BYTES) {
		close(fd);
		if (why && whysize)
			snprintf(why, whysize, "larger than %u bytes",
				 CRYPTARCH_PROFILE_MAX_BYTES);
		return -EINVAL;
	}
	buf = malloc(CRYPTARCH_PROFILE_MAX_BYTES + 1);
	if (!buf) {
		close(fd);
		return -ENOMEM;
	}
	/* Read to the end, whatever fstat said: the file may change. */
	for (;;) {
		got = read(fd, buf + n, CRYPTARCH_PROFILE_MAX_BYTES + 1 - n);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			break;
		n += (size_t)got;
		if (n == CRYPTARCH_PROFILE_MAX_BYTES + 1)
			break;
	}
	err = got < 0 ? errno : 0;
	close(fd);
	if (err) {
		free(buf);
		if (why && whysize)
			snprintf(why, whysize, "%s", strerror(err));
		return -ENOENT;
	}
	err = cryptarch_profile_parse(buf, n, out, why, whysize);
	free(buf);
	return err;
}

/* ---- the profile in effect ---------------------------------------------- */

static pthread_once_t once = PTHREAD_ONCE_INIT;
static struct cryptarch_profile *active;
static char status[1200] = "none";

static void load_active(void)
{
	char path[512], why[512];
	const char *env = getenv("CRYPTARCH_PROFILE");
	int err;

	active = NULL;
	if (cryptarch_profile_path(path, sizeof(path)) != 0) {
		snprintf(status, sizeof(status), "none (%s)",
			 env ? "CRYPTARCH_PROFILE is empty" :
			       "no HOME or XDG_CACHE_HOME");
		return;
	}
	err = cryptarch_profile_load(path, &active, why, sizeof(why));
	switch (err) {
	case 0:
		snprintf(status, sizeof(status), "%s: in use", path);
		break;
	case -ENOENT:
		snprintf(status, sizeof(status), "%s: none (%s)", path, why);
		break;
	case -ESTALE:
		snprintf(status, sizeof(status), "%s: ignored: %s", path, why);
		break;
	case -ENOMEM:
		snprintf(status, sizeof(status), "%s: ignored: out of memory",
			 path);
		break;
	default:
		snprintf(status, sizeof(status), "%s: ignored, malformed: %s",
			 path, why);
		break;
	}
}

/* see profile.h */
const struct cryptarch_profile *cryptarch_profile_active(void)
{
	pthread_once(&once, load_active);
	return active;
}

/* see profile.h */
const char *cryptarch_profile_status(void)
{
	pthread_once(&once, load_active);
	return status;
}

/* see profile.h */
void cryptarch_profile_reload(void)
{
	pthread_once(&once, load_active);
	cryptarch_profile_free(active);
	load_active();
}

