/* SPDX-License-Identifier: MIT */
/*
 * profile.c - measured selection (see profile.h for the file format and
 * the rules): the profile's path, the key that ties a profile to this
 * library, CPU and feature mask, a strict parser for the untrusted file,
 * the formatter `cryptarch tune` writes with, the pick among measured
 * instances, and the profile in effect, loaded once under pthread_once as
 * the CPU features are. The file never decides what is eligible: every
 * instance it names is checked again (CPU features, self-test, constant-time
 * policy, key size) at the time of the pick, and a profile that differs
 * from this process in its key, or is malformed in any way, is ignored as
 * a whole. The parser bounds everything it reads (file size, line length,
 * entries, figures per line) and parses numbers itself, independent of the
 * locale. No key material passes through here; no CPU features needed.
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

#include "../modes/mode.h"
#include "cpu.h"
#include "cryptarch.h"
#include "profile.h"
#include "registry.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

extern const struct cryptarch_alg *const cryptarch_alg_list[];
extern const size_t cryptarch_alg_list_len;

#define MAGIC "cryptarch-profile 1"
#define KEY_LINES 5
#define MAX_TOKENS (6 + CRYPTARCH_PROFILE_MAX_FIGS)
#define MAX_NS 1e10 /* ten seconds per call: nothing sane is slower */

static const char *const dir_names[2] = { "enc", "dec" };
static const char *const class_names[2] = { "small", "large" };
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

#if defined(__x86_64__)
#define ARCH "x86_64"
#elif defined(__i386__)
#define ARCH "i386"
#elif defined(__aarch64__)
#define ARCH "aarch64"
#elif defined(__arm__)
#define ARCH "arm"
#elif defined(__mips__) && defined(_MIPS_SIM) && defined(_ABI64) && \
	_MIPS_SIM == _ABI64
#define ARCH "mips n64"
#elif defined(__mips__) && defined(_MIPS_SIM) && defined(_ABIN32) && \
	_MIPS_SIM == _ABIN32
#define ARCH "mips n32"
#elif defined(__mips__)
#define ARCH "mips o32"
#elif defined(__powerpc64__)
#define ARCH "ppc64"
#elif defined(__powerpc__)
#define ARCH "ppc"
#elif defined(__riscv)
#define ARCH "riscv"
#elif defined(__s390x__)
#define ARCH "s390x"
#else
#define ARCH "unknown"
#endif

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define ENDIAN "big-endian"
#else
#define ENDIAN "little-endian"
#endif

/* Printable ASCII only, one line: the key is compared byte for byte. */
static void sanitize(char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || (unsigned char)*s > 0x7e)
			*s = '?';
}

#if defined(__x86_64__) || defined(__i386__)
/* CPUID leaf 0 (vendor) and leaf 1 (family, model, stepping, with the
 * extended fields as the Intel SDM and AMD APM define them). */
static void cpu_line(char *buf, size_t size)
{
	unsigned a, b, c, d, fam, model, step;
	char vendor[13];

	if (!__get_cpuid(0, &a, &b, &c, &d)) {
		snprintf(buf, size, "cpu x86 unknown");
		return;
	}
	memcpy(vendor, &b, 4);
	memcpy(vendor + 4, &d, 4);
	memcpy(vendor + 8, &c, 4);
	vendor[12] = '\0';
	sanitize(vendor);
	if (!__get_cpuid(1, &a, &b, &c, &d)) {
		snprintf(buf, size, "cpu x86 %s", vendor);
		return;
	}
	step = a & 0xf;
	model = (a >> 4) & 0xf;
	fam = (a >> 8) & 0xf;
	if (fam == 6 || fam == 0xf)
		model |= ((a >> 16) & 0xf) << 4;
	if (fam == 0xf)
		fam += (a >> 20) & 0xff;
	snprintf(buf, size, "cpu x86 %s family %u model %u stepping %u", vendor,
		 fam, model, step);
}
#else
/* The first line of FILE, without its newline, into BUF; 0 or -1. */
static int read_first_line(const char *file, char *buf, size_t size)
{
	FILE *f = fopen(file, "re");
	int ok;

	if (!f)
		return -1;
	ok = fgets(buf, (int)size, f) != NULL;
	fclose(f);
	if (!ok)
		return -1;
	buf[strcspn(buf, "\n")] = '\0';
	sanitize(buf);
	return buf[0] ? 0 : -1;
}

/* The value of the first /proc/cpuinfo field KEY into BUF; 0 or -1. */
static int cpuinfo(const char *key, char *buf, size_t size)
{
	FILE *f = fopen("/proc/cpuinfo", "re");
	size_t n = strlen(key);
	char line[256];
	int found = -1;

	while (f && found && fgets(line, sizeof(line), f)) {
		char *v = line + n;

		if (strncmp(line, key, n) != 0)
			continue;
		v += strspn(v, " \t");
		if (*v != ':')
			continue;
		v++;
		v += strspn(v, " \t");
		v[strcspn(v, "\n")] = '\0';
		snprintf(buf, size, "%s", v);
		sanitize(buf);
		found = 0;
	}
	if (f)
		fclose(f);
	return found;
}

/* arm64: MIDR_EL1 of cpu0 as Linux shows it (implementer, variant, part,
 * revision); else the same fields from /proc/cpuinfo; elsewhere the
 * model line of /proc/cpuinfo. */
static void cpu_line(char *buf, size_t size)
{
	char v[4][48], m[128];

	if (read_first_line("/sys/devices/system/cpu/cpu0/regs/identification/"
			    "midr_el1",
			    m, sizeof(m)) == 0) {
		snprintf(buf, size, "cpu midr %s", m);
		return;
	}
	if (cpuinfo("CPU implementer", v[0], sizeof(v[0])) == 0 &&
	    cpuinfo("CPU variant", v[1], sizeof(v[1])) == 0 &&
	    cpuinfo("CPU part", v[2], sizeof(v[2])) == 0 &&
	    cpuinfo("CPU revision", v[3], sizeof(v[3])) == 0) {
		snprintf(buf, size,
			 "cpu implementer %s variant %s part %s revision %s",
			 v[0], v[1], v[2], v[3]);
		return;
	}
	if (cpuinfo("cpu model", m, sizeof(m)) == 0 ||
	    cpuinfo("model name", m, sizeof(m)) == 0 ||
	    cpuinfo("cpu", m, sizeof(m)) == 0) {
		snprintf(buf, size, "cpu model %s", m);
		return;
	}
	snprintf(buf, size, "cpu unknown");
}
#endif

/* see profile.h */
void cryptarch_profile_key(char *buf, size_t size)
{
	char cpu[256], names[512];
	uint64_t feat = cryptarch_cpu_features();
	size_t n, i;

	if (size == 0)
		return;
	cpu_line(cpu, sizeof(cpu));
	cryptarch_cpu_format(feat, names, sizeof(names));
	n = (size_t)snprintf(buf, size,
			     "version %s\narch %s %u-bit %s\n%s\n"
			     "features 0x%llx%s%s\ndrivers",
			     CRYPTARCH_VERSION_STRING, ARCH,
			     (unsigned)(sizeof(void *) * 8), ENDIAN, cpu,
			     (unsigned long long)feat, names[0] ? " " : "",
			     names);
	for (i = 0; i < cryptarch_alg_list_len && n < size; i++)
		n += (size_t)snprintf(buf + n, size - n, " %s",
				      cryptarch_alg_list[i]->driver);
	if (n < size)
		snprintf(buf + n, size - n, "\n");
}

/* ---- instances ---------------------------------------------------------- */

/* see profile.h */
void cryptarch_instance_name(const struct cryptarch_instance *inst, int mode,
			     char *buf, size_t size)
{
	const char *m = cryptarch_modes[mode]->name;

	snprintf(buf, size, inst->use_bulk ? "%s-%s" : "%s(%s)", m,
		 inst->alg->driver);
}

static int same_inst(const struct cryptarch_instance *a,
		     const struct cryptarch_instance *b)
{
	return a->alg == b->alg && !a->use_bulk == !b->use_bulk;
}

/* The instance named S (N bytes) of CIPHER in MODE; 0 or -1. */
static int resolve(const char *s, size_t n, const char *cipher, int mode,
		   struct cryptarch_instance *inst)
{
	const char *mn = cryptarch_modes[mode]->name;
	size_t ml = strlen(mn);
	char drv[128];
	int bulk;

	if (n <= ml + 1 || n - ml >= sizeof(drv) || memcmp(s, mn, ml) != 0)
		return -1;
	if (s[ml] == '-') {
		bulk = 1;
		memcpy(drv, s + ml + 1, n - ml - 1);
		drv[n - ml - 1] = '\0';
	} else if (s[ml] == '(' && s[n - 1] == ')' && n > ml + 2) {
		bulk = 0;
		memcpy(drv, s + ml + 1, n - ml - 2);
		drv[n - ml - 2] = '\0';
	} else {
		return -1;
	}
	inst->alg = cryptarch_alg_find(drv);
	inst->use_bulk = bulk;
	if (!inst->alg || strcmp(inst->alg->name, cipher) != 0)
		return -1;
	if (bulk &&
	    !cryptarch_alg_has_bulk(inst->alg, (enum cryptarch_mode_id)mode))
		return -1;
	return 0;
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
cryptarch_profile_find(const struct cryptarch_profile *p, const char *cipher,
		       int mode, int decrypt, int key, int cls)
{
	size_t i;

	if (!p)
		return NULL;
	for (i = 0; i < p->n; i++) {
		const struct cryptarch_profile_entry *e = &p->e[i];

		if (e->mode == mode && e->decrypt == decrypt && e->key == key &&
		    e->cls == cls && strcmp(e->cipher, cipher) == 0)
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
	    cryptarch_profile_find(p, tmpl->cipher, tmpl->mode, tmpl->decrypt,
				   tmpl->key, tmpl->cls))
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

/* see profile.h */
int cryptarch_profile_add(struct cryptarch_profile *p, const char *cipher,
			  int mode, int decrypt, int key, int cls,
			  const struct cryptarch_profile_fig *figs, size_t nfig)
{
	struct cryptarch_profile_entry t;
	struct cryptarch_choice prio;
	struct cryptarch_instance pi;
	struct cryptarch_slot slot;
	char name[128];
	size_t i;
	int err;

	if (nfig == 0 || mode < 0 || mode >= CRYPTARCH_MODE_COUNT || key < 0 ||
	    key >= CRYPTARCH_PROFILE_NKEYS || (cls != 0 && cls != 1))
		return -EINVAL;
	for (i = 0; i < nfig; i++)
		if (!figs[i].inst.alg ||
		    strcmp(figs[i].inst.alg->name, cipher) != 0 ||
		    !(figs[i].ns > 0 && figs[i].ns <= MAX_NS))
			return -EINVAL;
	memset(&t, 0, sizeof(t));
	t.cipher = NULL;
	for (i = 0; i < cryptarch_alg_count(); i++)
		if (strcmp(cryptarch_alg_at(i)->name, cipher) == 0)
			t.cipher = cryptarch_alg_at(i)->name;
	if (!t.cipher)
		return -EINVAL;
	t.mode = mode;
	t.decrypt = !!decrypt;
	t.key = key;
	t.cls = cls;
	t.winner = figs[0].inst;
	err = add_entry(p, &t, figs, nfig);
	if (err)
		return err;
	/* The winner is what selection under the profile's flags picks. */
	snprintf(name, sizeof(name), "%s(%s)", cryptarch_modes[mode]->name,
		 cipher);
	if (cryptarch_lookup(name, p->flags, 1, &prio) == 0) {
		pi.alg = prio.alg;
		pi.use_bulk = prio.use_bulk;
		cryptarch_profile_pick(p, &p->e[p->n - 1], p->flags,
				       16 + 8 * (size_t)key, &pi, &slot);
		for (i = 0; i < nfig; i++)
			if (same_inst(&figs[i].inst, &slot.inst))
				p->e[p->n - 1].winner = slot.inst;
	} else {
		p->e[p->n - 1].winner = p->figs[p->e[p->n - 1].fig].inst;
	}
	return 0;
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
	char key[2048], name[128];
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
	    "# cipher mode direction key-bits class winner, then each "
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

		cryptarch_instance_name(&e->winner, e->mode, name,
					sizeof(name));
		put(&t, "%s %s %s %s %s %s", e->cipher,
		    cryptarch_modes[e->mode]->name, dir_names[e->decrypt],
		    key_bits[e->key], class_names[e->cls], name);
		for (j = 0; j < e->nfig; j++) {
			cryptarch_instance_name(&f[j].inst, e->mode, name,
						sizeof(name));
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

/* Registered cipher name equal to token T, or NULL. */
static const char *cipher_of(const struct token *t)
{
	size_t i, n = cryptarch_alg_count();

	for (i = 0; i < n; i++) {
		const struct cryptarch_alg *a = cryptarch_alg_at(i);

		if (tok_is(t, a->name))
			return a->name;
	}
	return NULL;
}

static int parse_entry(struct reader *r, struct cryptarch_profile *p,
		       const struct token *tok, size_t nt)
{
	const char *modes[CRYPTARCH_MODE_COUNT];
	struct cryptarch_profile_fig figs[CRYPTARCH_PROFILE_MAX_FIGS];
	struct cryptarch_profile_entry e;
	size_t i, j;
	int m, err, won = 0;

	if (nt < 7)
		return fail(r, -EINVAL, "an entry needs at least 7 fields");
	if (nt > MAX_TOKENS)
		return fail(r, -EINVAL, "more than %d figures",
			    CRYPTARCH_PROFILE_MAX_FIGS);
	memset(&e, 0, sizeof(e));
	e.cipher = cipher_of(&tok[0]);
	if (!e.cipher)
		return fail(r, -EINVAL, "unknown cipher '%.*s'",
			    (int)(tok[0].n > 32 ? 32 : tok[0].n), tok[0].s);
	for (m = 0; m < CRYPTARCH_MODE_COUNT; m++)
		modes[m] = cryptarch_modes[m]->name;
	e.mode = tok_word(&tok[1], modes, CRYPTARCH_MODE_COUNT);
	e.decrypt = tok_word(&tok[2], dir_names, 2);
	e.key = tok_word(&tok[3], key_bits, CRYPTARCH_PROFILE_NKEYS);
	e.cls = tok_word(&tok[4], class_names, 2);
	if (e.mode < 0)
		return fail(r, -EINVAL, "unknown mode");
	if (e.decrypt < 0)
		return fail(r, -EINVAL, "direction is not enc or dec");
	if (e.key < 0)
		return fail(r, -EINVAL, "key bits not 128, 192 or 256");
	if (e.cls < 0)
		return fail(r, -EINVAL, "class is not small or large");
	if (resolve(tok[5].s, tok[5].n, e.cipher, e.mode, &e.winner))
		return fail(r, -EINVAL, "winner is not an instance of %s %s",
			    e.cipher, modes[e.mode]);
	for (i = 6; i < nt; i++) {
		const char *eq = memchr(tok[i].s, '=', tok[i].n);
		struct cryptarch_profile_fig *f = &figs[i - 6];

		if (!eq || resolve(tok[i].s, (size_t)(eq - tok[i].s), e.cipher,
				   e.mode, &f->inst))
			return fail(r, -EINVAL,
				    "field %zu is not instance=ns of %s %s",
				    i + 1, e.cipher, modes[e.mode]);
		if (parse_ns(eq + 1, (size_t)(tok[i].s + tok[i].n - eq - 1),
			     &f->ns))
			return fail(r, -EINVAL, "field %zu: bad figure", i + 1);
		for (j = 0; j < i - 6; j++)
			if (same_inst(&figs[j].inst, &f->inst))
				return fail(r, -EINVAL,
					    "field %zu: instance repeated",
					    i + 1);
		won |= same_inst(&f->inst, &e.winner);
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

/* ---- the pick ----------------------------------------------------------- */

static int eligible(const struct cryptarch_alg *alg, unsigned flags,
		    size_t keybytes)
{
	return keybytes >= alg->min_keysize && keybytes <= alg->max_keysize &&
	       cryptarch_alg_verdict(alg, flags) == CRYPTARCH_ELIGIBLE &&
	       cryptarch_alg_selftest(alg) == CRYPTARCH_SELFTEST_PASSED;
}

/* see profile.h */
void cryptarch_profile_pick(const struct cryptarch_profile *p,
			    const struct cryptarch_profile_entry *e,
			    unsigned flags, size_t keybytes,
			    const struct cryptarch_instance *prio,
			    struct cryptarch_slot *slot)
{
	const struct cryptarch_profile_fig *f = p->figs + e->fig;
	const struct cryptarch_profile_fig *best = NULL, *pf = NULL;
	size_t i;

	slot->inst = *prio;
	slot->ns = 0;
	slot->prio_ns = 0;
	for (i = 0; i < e->nfig; i++)
		if (same_inst(&f[i].inst, prio))
			pf = &f[i];
	if (pf)
		slot->prio_ns = pf->ns;
	for (i = 0; i < e->nfig && !best; i++)
		if (eligible(f[i].inst.alg, flags, keybytes))
			best = &f[i];
	if (!best) {
		slot->why = CRYPTARCH_SLOT_NONE_ELIGIBLE;
		return;
	}
	if (!pf) {
		slot->why = CRYPTARCH_SLOT_UNMEASURED;
		return;
	}
	if (best != pf &&
	    best->ns * 100 > pf->ns * (100 - CRYPTARCH_PROFILE_MARGIN_PCT)) {
		slot->why = CRYPTARCH_SLOT_MARGIN;
		slot->ns = pf->ns;
		return;
	}
	slot->inst = best->inst;
	slot->why = CRYPTARCH_SLOT_MEASURED;
	slot->ns = best->ns;
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

/* see profile.h */
/*
 * Static selection of CBC encryption: the eligible instance of the cipher
 * with the highest CBC-encryption priority (registry order breaks ties),
 * or PRIO's. Its self-test runs here, as the lookup's do.
 */
static struct cryptarch_instance cbc_encrypt_pick(
	const struct cryptarch_choice *prio, unsigned flags)
{
	struct cryptarch_instance best = { prio->alg, prio->use_bulk };
	int best_prio = cryptarch_alg_cbc_encrypt_priority(prio->alg);
	size_t i, n = cryptarch_alg_count();

	for (i = 0; i < n; i++) {
		const struct cryptarch_alg *a = cryptarch_alg_at(i);
		int ap;

		if (a == prio->alg || strcmp(a->name, prio->alg->name) != 0 ||
		    a->min_keysize > prio->alg->min_keysize ||
		    a->max_keysize < prio->alg->max_keysize)
			continue;
		ap = cryptarch_alg_cbc_encrypt_priority(a);
		if (ap <= best_prio ||
		    cryptarch_alg_verdict(a, flags) != CRYPTARCH_ELIGIBLE ||
		    cryptarch_alg_selftest(a) != CRYPTARCH_SELFTEST_PASSED)
			continue;
		best.alg = a;
		best.use_bulk = cryptarch_alg_has_bulk(a, CRYPTARCH_MODE_CBC);
		best_prio = ap;
	}
	return best;
}

/* see profile.h */
struct cryptarch_instance
cryptarch_static_instance(const struct cryptarch_choice *prio, unsigned flags,
			  int decrypt)
{
	struct cryptarch_instance pi = { prio->alg, prio->use_bulk };

	if (decrypt || prio->mode != CRYPTARCH_MODE_CBC ||
	    (flags & CRYPTARCH_STATIC_PRIORITY))
		return pi;
	return cbc_encrypt_pick(prio, flags);
}

void cryptarch_profile_plan(const struct cryptarch_choice *prio, unsigned flags,
			    struct cryptarch_plan *plan)
{
	const struct cryptarch_profile *p = NULL;
	struct cryptarch_instance pi = { prio->alg, prio->use_bulk };
	struct cryptarch_instance enc = pi;
	int k, d, c;

	if (!(flags & CRYPTARCH_STATIC_PRIORITY) && prio->mode >= 0) {
		p = cryptarch_profile_active();
		/* Without the table-based instances measured, a variable-time
		 * lookup cannot know whether they would win. */
		if (p && (flags & CRYPTARCH_ALLOW_VARIABLE_TIME) &&
		    !(p->flags & CRYPTARCH_ALLOW_VARIABLE_TIME))
			p = NULL;
	}
	plan->measured = p != NULL;
	/* An exact driver name is exact in both directions (the lookup
	 * passes CRYPTARCH_STATIC_PRIORITY for one). */
	enc = cryptarch_static_instance(prio, flags, 0);
	for (k = 0; k < CRYPTARCH_PROFILE_NKEYS; k++) {
		for (d = 0; d < 2; d++) {
			for (c = 0; c < 2; c++) {
				struct cryptarch_slot *s = &plan->slot[k][d][c];
				const struct cryptarch_profile_entry *e;

				s->inst = d == 0 ? enc : pi;
				s->why = CRYPTARCH_SLOT_PRIORITY;
				s->ns = 0;
				s->prio_ns = 0;
				if (!p)
					continue;
				e = cryptarch_profile_find(p, prio->alg->name,
							   prio->mode, d, k, c);
				if (!e)
					s->why = CRYPTARCH_SLOT_NO_ENTRY;
				else
					cryptarch_profile_pick(
						p, e, flags, 16 + 8 * (size_t)k,
						d == 0 ? &enc : &pi, s);
			}
		}
	}
}
