/* SPDX-License-Identifier: MIT */
/*
 * util.c - helpers shared by the test programs (see util.h): failure
 * accounting, hex, the xoshiro256** PRNG with splitmix64 seeding (Blackman
 * and Vigna, "Scrambled linear pseudorandom number generators", 2018), the
 * registry's lists of skcipher and shash instances (every spec a name
 * stands for, cryptarch_spec_enumerate(), kept where every driver of it is
 * available), the modes' length and iv rules, and split calls. Test code
 * only; nothing here is constant-time.
 */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "aead.h"
#include "cpu.h"
#include "shash.h"
#include "skcipher.h"
#include "util.h"

unsigned long test_failures;

/* see util.h */
const char *const test_mode_names[TEST_MODE_COUNT] = {
	"ecb", "cbc", "ctr", "xts", "xctr", "cts", "essiv",
};

static void vfail(const char *fmt, va_list ap)
{
	test_failures++;
	if (test_failures > 100)
		return;
	fputs("FAIL: ", stdout);
	vprintf(fmt, ap);
	fputc('\n', stdout);
	if (test_failures == 100)
		puts("FAIL: (further failures are counted, not printed)");
	fflush(stdout);
}

/* see util.h */
void test_fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfail(fmt, ap);
	va_end(ap);
}

/* see util.h */
void test_expect_rc(int got, int want, const char *fmt, ...)
{
	char what[512];
	va_list ap;

	if (got == want)
		return;
	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	test_fail("%s: returned %d (%s), expected %d (%s)", what, got,
		  cryptarch_strerror(got), want, cryptarch_strerror(want));
}

/* see util.h */
int test_all(const uint8_t *p, int c, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (p[i] != (uint8_t)c)
			return 0;
	return 1;
}

/* see util.h */
int test_compare(const uint8_t *got, const uint8_t *want, size_t n,
		 const char *fmt, ...)
{
	char what[512], g[65], w[65];
	size_t i, k;
	va_list ap;

	if (n == 0 || memcmp(got, want, n) == 0)
		return 0;
	for (i = 0; got[i] == want[i]; i++)
		;
	k = n - i < 32 ? n - i : 32;
	test_hex(g, got + i, k);
	test_hex(w, want + i, k);
	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	test_fail("%s: differs at byte %zu of %zu\n  got  %s\n  want %s", what,
		  i, n, g, w);
	return 1;
}

/* see util.h */
int test_finish(const char *prog)
{
	if (test_failures) {
		printf("%s: %lu failure%s\n", prog, test_failures,
		       test_failures == 1 ? "" : "s");
		return 1;
	}
	printf("%s: ok\n", prog);
	return 0;
}

/* see util.h */
void test_hex(char *out, const uint8_t *p, size_t n)
{
	static const char digits[] = "0123456789abcdef";
	size_t i;

	for (i = 0; i < n; i++) {
		out[2 * i] = digits[p[i] >> 4];
		out[2 * i + 1] = digits[p[i] & 15];
	}
	out[2 * n] = '\0';
}

static uint64_t splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* see util.h */
void test_rng_init(struct test_rng *r, uint64_t seed)
{
	int i;

	for (i = 0; i < 4; i++)
		r->s[i] = splitmix64(&seed);
}

static uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

/* see util.h */
uint64_t test_rng_next(struct test_rng *r)
{
	uint64_t *s = r->s;
	uint64_t result = rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return result;
}

/* see util.h */
uint64_t test_rng_below(struct test_rng *r, uint64_t n)
{
	/* The modulo bias is irrelevant for test inputs. */
	return test_rng_next(r) % n;
}

/* see util.h */
void test_rng_fill(struct test_rng *r, void *p, size_t n)
{
	uint8_t *b = p;
	uint64_t x = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		if (i % 8 == 0)
			x = test_rng_next(r);
		b[i] = (uint8_t)x;
		x >>= 8;
	}
}

/* see util.h */
uint64_t test_seed(const char *prog, uint64_t def)
{
	const char *e = getenv("CRYPTARCH_TEST_SEED");
	uint64_t seed = def;
	char *end;

	if (e && *e) {
		if (strcmp(e, "random") == 0 || strcmp(e, "0") == 0) {
			struct timespec ts;

			clock_gettime(CLOCK_REALTIME, &ts);
			seed = (uint64_t)ts.tv_sec * 1000000007ull ^
			       (uint64_t)ts.tv_nsec ^ (uint64_t)getpid() << 40;
			if (seed == 0)
				seed = 1;
		} else {
			seed = strtoull(e, &end, 0);
			if (*end != '\0' || seed == 0) {
				printf("%s: bad CRYPTARCH_TEST_SEED '%s', "
				       "using %llu\n",
				       prog, e, (unsigned long long)def);
				seed = def;
			}
		}
	}
	printf("%s: seed %llu (repeat with CRYPTARCH_TEST_SEED=%llu)\n", prog,
	       (unsigned long long)seed, (unsigned long long)seed);
	fflush(stdout);
	return seed;
}

/* see util.h */
unsigned long test_env_count(const char *name, unsigned long def)
{
	const char *e = getenv(name);
	unsigned long v;
	char *end;

	if (!e || !*e)
		return def;
	v = strtoul(e, &end, 10);
	if (*end != '\0' || v == 0)
		return def;
	return v;
}

/* see util.h */
int test_mode_id(const char *name)
{
	int m;

	for (m = 0; m < TEST_MODE_COUNT; m++)
		if (strcmp(name, test_mode_names[m]) == 0)
			return m;
	return -1;
}

/* see util.h */
const struct cryptarch_template *test_template(int mode)
{
	static int reported[TEST_MODE_COUNT];
	const struct cryptarch_template *t;

	if (mode < 0 || mode >= TEST_MODE_COUNT)
		return NULL;
	t = cryptarch_template_find(test_mode_names[mode],
				    strlen(test_mode_names[mode]));
	if (!t && !reported[mode]) {
		reported[mode] = 1;
		test_fail("the template %s is not registered",
			  test_mode_names[mode]);
	}
	return t;
}

/* see util.h */
char *test_mode_algname(int mode, const char *cipher, char *buf, size_t size)
{
	switch (mode) {
	case TEST_MODE_CTS:
		snprintf(buf, size, "cts(cbc(%s))", cipher);
		break;
	case TEST_MODE_ESSIV:
		snprintf(buf, size, "essiv(cbc(%s),sha256)", cipher);
		break;
	default:
		snprintf(buf, size, "%s(%s)", test_mode_names[mode], cipher);
	}
	return buf;
}

/* see util.h */
unsigned test_mode_nkeys(int mode)
{
	return mode == TEST_MODE_XTS ? 2 : 1;
}

/* see util.h */
int test_mode_has_iv(int mode)
{
	return mode != TEST_MODE_ECB;
}

/* see util.h */
int test_mode_chains(int mode)
{
	return mode == TEST_MODE_ECB || mode == TEST_MODE_CBC ||
	       mode == TEST_MODE_CTR;
}

/* see util.h */
int test_len_ok(int mode, size_t len)
{
	switch (mode) {
	case TEST_MODE_ECB:
	case TEST_MODE_CBC:
	case TEST_MODE_ESSIV:
		return len % 16 == 0;
	case TEST_MODE_XTS:
	case TEST_MODE_CTS:
		return len >= 16;
	default:
		return 1;
	}
}

/* see util.h */
int test_is_cipher(const struct cryptarch_driver *drv)
{
	return drv && drv->alg && drv->alg->type == &cryptarch_type_cipher;
}

/* --driver: the name, and its registry entry. */
static const char *only_driver;
static const struct cryptarch_driver *only_drv;

static void note_unavailable(const struct cryptarch_driver *drv)
{
	/* Print each unavailable driver once per program. */
	static const struct cryptarch_driver *seen[64];
	static size_t nseen;
	size_t i;

	for (i = 0; i < nseen; i++)
		if (seen[i] == drv)
			return;
	if (nseen < 64)
		seen[nseen++] = drv;
	printf("SKIP: %s is not available on this CPU (or masked by "
	       "CRYPTARCH_DISABLE); not tested\n",
	       drv->name);
}

/* The first driver of S that is not available here, or NULL. */
static const struct cryptarch_driver *
missing_driver(const struct cryptarch_spec *s)
{
	unsigned i;

	for (i = 0; i < s->n; i++) {
		const struct cryptarch_driver *d;

		if (s->node[i].tmpl)
			continue;
		d = cryptarch_spec_node_driver(s, i);
		if (!cryptarch_driver_available(d))
			return d;
	}
	return NULL;
}

static int spec_any_hooked(const struct cryptarch_spec *s)
{
	unsigned i;

	for (i = 0; i < s->n; i++)
		if (s->node[i].tmpl && s->node[i].hooked)
			return 1;
	return 0;
}

static void fill_inst(struct test_inst *ti, const struct cryptarch_spec *s,
		      int mode)
{
	memset(ti, 0, sizeof(*ti));
	ti->spec = *s;
	ti->drv = cryptarch_spec_base(s);
	ti->tmpl = cryptarch_spec_template(s);
	ti->mode = mode;
	ti->hooked = spec_any_hooked(s);
	cryptarch_spec_name(s, ti->name, sizeof(ti->name));
	cryptarch_spec_algname(s, ti->algname, sizeof(ti->algname));
}

/* Every instance of type WANT that NAME stands for, into a malloc()ed
 * array *OUT; the count (0 where there is none). */
static size_t enumerate(const char *name, const struct cryptarch_type *want,
			struct cryptarch_spec **out)
{
	struct cryptarch_spec *v = calloc(CRYPTARCH_MAX_CANDS, sizeof(*v));
	size_t n = 0;
	int exact;

	if (!v) {
		fputs("out of memory\n", stderr);
		exit(2);
	}
	if (cryptarch_spec_enumerate(name, want, v, NULL, CRYPTARCH_MAX_CANDS,
				     &n, &exact))
		n = 0;
	*out = v;
	return n;
}

/* see util.h */
int test_inst_make(struct test_inst *ti, int mode,
		   const struct cryptarch_driver *drv, int hooked)
{
	struct cryptarch_spec *v;
	char name[TEST_NAME_MAX];
	size_t n, i;
	int rc = -ENOENT;

	memset(ti, 0, sizeof(*ti));
	if (mode < 0 || mode >= TEST_MODE_COUNT || !test_template(mode) ||
	    !test_is_cipher(drv))
		return -ENOENT;
	n = enumerate(test_mode_algname(mode, drv->alg->name, name,
					sizeof(name)),
		      &cryptarch_type_skcipher, &v);
	for (i = 0; i < n; i++)
		if (cryptarch_spec_base(&v[i]) == drv &&
		    spec_any_hooked(&v[i]) == !!hooked) {
			fill_inst(ti, &v[i], mode);
			rc = 0;
			break;
		}
	free(v);
	return rc;
}

/* see util.h (test_inst_costly) */
static const char *const costly_drivers[] = { "twofish-ct", NULL };

static int spec_costly(const struct cryptarch_spec *s)
{
	unsigned i, j;

	for (i = 0; i < s->n; i++) {
		const struct cryptarch_driver *d;

		if (s->node[i].tmpl)
			continue;
		d = cryptarch_spec_node_driver(s, i);
		for (j = 0; d && costly_drivers[j]; j++)
			if (strcmp(d->name, costly_drivers[j]) == 0)
				return 1;
	}
	return 0;
}

/* see util.h */
int test_inst_costly(const struct test_inst *ti)
{
	return spec_costly(&ti->spec);
}

/* see util.h */
unsigned long test_inst_rounds(const struct test_inst *ti, unsigned long iters)
{
	if (!test_inst_costly(ti))
		return iters;
	iters /= test_costly_every();
	return iters ? iters : 1;
}

/* see util.h */
size_t test_drop_costly_masked(struct test_inst *ti, size_t n)
{
	static int noted;
	const char *mask = getenv("CRYPTARCH_DISABLE");
	const char *skip = getenv("CRYPTARCH_TEST_COSTLY_SKIP");
	size_t i, k = 0;

	if (skip && strcmp(skip, "1") == 0)
		mask = "all";
	if (!mask || !*mask || only_driver)
		return n;
	for (i = 0; i < n; i++) {
		if (test_inst_costly(&ti[i])) {
			if (!noted++)
				printf("SKIP: instances over %s in this masked "
				       "run: a costly portable driver, which "
				       "the mask cannot change (the unmasked "
				       "run checks them)\n",
				       ti[i].drv->name);
			continue;
		}
		ti[k++] = ti[i];
	}
	return k;
}

/* see util.h */
unsigned long test_costly_every(void)
{
	static unsigned long every;

	if (!every)
		every = test_env_count("CRYPTARCH_TEST_COSTLY", 4);
	return every ? every : 1;
}

/* The instances over a costly driver moved after the others, in order:
 * the first instance, which the programs compare the others against, is
 * then one that takes every round. */
static void costly_last(struct test_inst *v, size_t n)
{
	size_t i, j;
	struct test_inst t;

	for (i = n; i > 0; i--) {
		if (!test_inst_costly(&v[i - 1]))
			continue;
		for (j = i; j < n && !test_inst_costly(&v[j]); j++) {
			t = v[j - 1];
			v[j - 1] = v[j];
			v[j] = t;
		}
	}
}

/* 1 if instances over base driver D are tested under --driver. */
static int base_selected(const struct cryptarch_driver *d)
{
	return test_selected(d) ||
	       (only_drv && d == test_reference(d->alg->name) &&
		strcmp(d->alg->name, only_drv->alg->name) == 0);
}

/* Append the available, selected instances of NAME (type WANT) to *V
 * (*K of them, room for *CAP). */
static void collect(const char *name, const struct cryptarch_type *want,
		    int mode, struct test_inst **v, size_t *k, size_t *cap,
		    size_t *unavail)
{
	const struct cryptarch_driver *counted[64];
	size_t ncounted = 0, n, i, j;
	struct cryptarch_spec *s;

	n = enumerate(name, want, &s);
	for (i = 0; i < n; i++) {
		const struct cryptarch_driver *base =
			cryptarch_spec_base(&s[i]);
		const struct cryptarch_driver *miss;

		if (!base_selected(base))
			continue;
		if (mode >= 0 && !test_is_cipher(base))
			continue;
		miss = missing_driver(&s[i]);
		if (miss) {
			note_unavailable(miss);
			for (j = 0; j < ncounted && counted[j] != miss; j++)
				;
			if (j == ncounted && ncounted < 64) {
				counted[ncounted++] = miss;
				if (unavail)
					(*unavail)++;
			}
			continue;
		}
		if (*k == *cap) {
			*cap = *cap ? 2 * *cap : 32;
			*v = realloc(*v, *cap * sizeof(**v));
			if (!*v) {
				fputs("out of memory\n", stderr);
				exit(2);
			}
		}
		fill_inst(&(*v)[(*k)++], &s[i], mode);
	}
	free(s);
	costly_last(*v, *k);
}

/* see util.h */
size_t test_instances(const char *cipher, int mode, struct test_inst **out,
		      size_t *unavail)
{
	const char *ciphers[16];
	size_t nc, c, k = 0, cap = 0;
	struct test_inst *v = NULL;
	char name[TEST_NAME_MAX];

	if (cipher) {
		ciphers[0] = cipher;
		nc = 1;
	} else {
		nc = test_ciphers(ciphers, 16);
	}
	for (c = 0; c < nc && test_template(mode); c++)
		collect(test_mode_algname(mode, ciphers[c], name, sizeof(name)),
			&cryptarch_type_skcipher, mode, &v, &k, &cap, unavail);
	if (!v) {
		v = calloc(1, sizeof(*v));
		if (!v) {
			fputs("out of memory\n", stderr);
			exit(2);
		}
	}
	*out = v;
	return k;
}

/* see util.h */
size_t test_ciphers(const char **names, size_t max)
{
	size_t n = cryptarch_driver_count(), i, j, k = 0;

	for (i = 0; i < n; i++) {
		const struct cryptarch_driver *d = cryptarch_driver_at(i);
		const char *name = d->alg->name;

		if (!test_is_cipher(d))
			continue;
		for (j = 0; j < k; j++)
			if (strcmp(names[j], name) == 0)
				break;
		if (j == k && k < max)
			names[k++] = name;
	}
	return k;
}

/* see util.h */
size_t test_shash_names(char names[][TEST_NAME_MAX], size_t max)
{
	const char *ciphers[16];
	size_t nc = test_ciphers(ciphers, 16), nt = cryptarch_template_count();
	size_t n = cryptarch_driver_count(), k = 0, i, j, c;

	for (i = 0; i < nt; i++) {
		const struct cryptarch_template *t = cryptarch_template_at(i);

		if (t->type != &cryptarch_type_shash || t->nargs != 1 ||
		    t->args[0] != &cryptarch_type_cipher)
			continue;
		for (c = 0; c < nc && k < max; c++) {
			const struct cryptarch_algorithm *a =
				cryptarch_algorithm_find(ciphers[c],
							 strlen(ciphers[c]));

			if (!a || a->blocksize != 16)
				continue;
			snprintf(names[k++], TEST_NAME_MAX, "%s(%s)", t->name,
				 ciphers[c]);
		}
	}
	for (i = 0; i < n; i++) {
		const struct cryptarch_algorithm *a =
			cryptarch_driver_at(i)->alg;

		if (a->type != &cryptarch_type_shash)
			continue;
		for (j = 0; j < k && strcmp(names[j], a->name) != 0; j++)
			;
		if (j == k && k < max)
			snprintf(names[k++], TEST_NAME_MAX, "%s", a->name);
	}
	return k;
}

/* see util.h */
size_t test_shash_instances(const char *algname, struct test_inst **out,
			    size_t *unavail)
{
	struct test_inst *v = NULL;
	size_t k = 0, cap = 0;

	collect(algname, &cryptarch_type_shash, -1, &v, &k, &cap, unavail);
	if (!v) {
		v = calloc(1, sizeof(*v));
		if (!v) {
			fputs("out of memory\n", stderr);
			exit(2);
		}
	}
	*out = v;
	return k;
}

/* see util.h */
size_t test_inst_key_sizes(const struct test_inst *ti, size_t sizes[3])
{
	unsigned min, max;
	size_t n = 0, s;

	cryptarch_spec_keysizes(&ti->spec, &min, &max);
	for (s = 16; s <= 32; s += 8)
		if (s >= min && s <= max)
			sizes[n++] = s;
	return n;
}

/* see util.h */
cryptarch_shash *test_shash_open(const struct test_inst *ti, unsigned flags)
{
	cryptarch_shash *t = NULL;
	const char *drv;
	int rc;

	rc = cryptarch_shash_new(&t, ti->name,
				 CRYPTARCH_ALLOW_VARIABLE_TIME | flags);
	if (rc) {
		test_fail("cryptarch_shash_new(\"%s\"): %s", ti->name,
			  cryptarch_strerror(rc));
		return NULL;
	}
	drv = cryptarch_shash_driver(t);
	if (!drv || strcmp(drv, ti->name) != 0)
		test_fail("cryptarch_shash_driver() of \"%s\" is \"%s\"",
			  ti->name, drv ? drv : "(null)");
	return t;
}

/* see util.h */
int test_shash_split(cryptarch_shash *t, const uint8_t *msg, size_t len,
		     uint8_t *out, struct test_rng *r)
{
	size_t done = 0, chunk;
	int rc = cryptarch_shash_init(t);

	while (!rc && done < len) {
		if (!r) {
			chunk = len;
		} else {
			switch (test_rng_below(r, 4)) {
			case 0:
				chunk = 0;
				break;
			case 1:
				chunk = 1 + test_rng_below(r, 16);
				break;
			case 2:
				chunk = 16 * (1 + test_rng_below(r, 4));
				break;
			default:
				chunk = test_rng_below(r, len - done + 1);
			}
			if (chunk > len - done)
				chunk = len - done;
		}
		rc = cryptarch_shash_update(t, msg + done, chunk);
		done += chunk;
	}
	if (!rc)
		rc = cryptarch_shash_final(t, out);
	return rc;
}

/* see util.h */
const struct cryptarch_driver *test_driver(const char *name)
{
	return cryptarch_driver_find(name, strlen(name));
}

/* see util.h */
const struct cryptarch_driver *test_reference(const char *cipher)
{
	char driver[64];

	snprintf(driver, sizeof(driver), "%s-generic", cipher);
	return test_driver(driver);
}

/* see util.h */
cryptarch_skcipher *test_open(const struct test_inst *inst, unsigned flags)
{
	cryptarch_skcipher *t = NULL;
	const char *drv;
	int rc;

	rc = cryptarch_skcipher_new(&t, inst->name,
				    CRYPTARCH_ALLOW_VARIABLE_TIME | flags);
	if (rc) {
		test_fail("cryptarch_skcipher_new(\"%s\"): %s", inst->name,
			  cryptarch_strerror(rc));
		return NULL;
	}
	drv = cryptarch_skcipher_driver(t);
	if (!drv || strcmp(drv, inst->name) != 0)
		test_fail("cryptarch_skcipher_driver() of \"%s\" is \"%s\"",
			  inst->name, drv ? drv : "(null)");
	return t;
}

/* see util.h */
int test_crypt(cryptarch_skcipher *t, int enc, const void *src, void *dst,
	       size_t len, uint8_t *iv)
{
	if (enc)
		return cryptarch_skcipher_encrypt(t, src, dst, len, iv);
	return cryptarch_skcipher_decrypt(t, src, dst, len, iv);
}

/* see util.h */
int test_crypt_split(cryptarch_skcipher *t, int mode, int enc,
		     const uint8_t *src, uint8_t *dst, size_t len, uint8_t *iv,
		     struct test_rng *r)
{
	size_t done = 0, chunk;
	int rc;

	if (!test_mode_chains(mode))
		return test_crypt(t, enc, src, dst, len, iv);
	while (done < len) {
		size_t left = len - done, blocks = left / 16;

		if (blocks == 0) {
			chunk = left; /* the final partial block of ctr */
		} else if (!r) {
			chunk = 16;
		} else {
			/* Mostly short calls, now and then a long one. */
			size_t max = test_rng_below(r, 4) ? 9 : blocks;

			chunk = 16 *
				(1 + test_rng_below(r, max < blocks ? max :
								      blocks));
			if (mode == TEST_MODE_CTR && chunk == 16 * blocks &&
			    test_rng_below(r, 2))
				chunk = left;
		}
		rc = test_crypt(t, enc, src + done, dst + done, chunk, iv);
		if (rc)
			return rc;
		done += chunk;
	}
	return 0;
}

/* see util.h */
void test_random_key(struct test_rng *r, int mode, uint8_t *key, size_t keylen)
{
	test_rng_fill(r, key, keylen);
	if (mode == TEST_MODE_XTS &&
	    memcmp(key, key + keylen / 2, keylen / 2) == 0)
		key[keylen / 2] ^= 1;
}

/* see util.h */
size_t test_valid_len(int mode, size_t len)
{
	if (mode == TEST_MODE_ECB || mode == TEST_MODE_CBC ||
	    mode == TEST_MODE_ESSIV)
		return len & ~(size_t)15;
	if ((mode == TEST_MODE_XTS || mode == TEST_MODE_CTS) && len < 16)
		return 16;
	return len;
}

/* see util.h */
int test_iv_after(int mode, const char *cipher, int enc, const uint8_t *key,
		  size_t keylen, const uint8_t *in, const uint8_t *out,
		  size_t len, const uint8_t iv0[16], uint8_t want[16])
{
	const uint8_t *ct = enc ? out : in;
	const struct cryptarch_driver *ref;
	cryptarch_shash *h = NULL;
	cryptarch_cipher *c = NULL;
	uint8_t salt[32];
	int rc;

	memcpy(want, iv0, 16);
	switch (mode) {
	case TEST_MODE_CBC:
		if (len >= 16)
			memcpy(want, ct + len - 16, 16);
		return 0;
	case TEST_MODE_CTR:
		test_ctr_add(want, (len + 15) / 16);
		return 0;
	case TEST_MODE_CTS:
		if (len >= 16)
			memcpy(want, ct + (len - 1) / 16 * 16 - (len > 16) * 16,
			       16);
		return 0;
	case TEST_MODE_ESSIV:
		if (len >= 16) {
			memcpy(want, ct + len - 16, 16);
			return 0;
		}
		break;
	default:
		return 0;
	}
	/* essiv, 0 bytes: the iv encrypted under SHA-256(key), no more */
	ref = test_reference(cipher);
	if (!key || !ref)
		return -1;
	rc = cryptarch_shash_new(&h, "sha256", CRYPTARCH_ALLOW_VARIABLE_TIME);
	if (!rc)
		rc = cryptarch_shash_digest(h, key, keylen, salt);
	if (!rc)
		rc = cryptarch_cipher_new(&c, ref->name,
					  CRYPTARCH_ALLOW_VARIABLE_TIME);
	if (!rc)
		rc = cryptarch_cipher_setkey(c, salt, sizeof(salt));
	if (!rc)
		rc = cryptarch_cipher_encrypt(c, want, iv0);
	cryptarch_shash_free(h);
	cryptarch_cipher_free(c);
	return rc ? -1 : 0;
}

/* see util.h */
size_t test_random_len(struct test_rng *r, size_t max)
{
	switch (test_rng_below(r, 4)) {
	case 0:
		return (size_t)test_rng_below(r, 65);
	case 1:
		return (size_t)test_rng_below(r, 1025);
	default:
		return (size_t)test_rng_below(r, max + 1);
	}
}

/* see util.h */
size_t test_key_sizes(const struct cryptarch_driver *drv, size_t sizes[3])
{
	size_t n = 0, s;

	for (s = 16; s <= 32; s += 8)
		if (s >= drv->alg->min_keysize && s <= drv->alg->max_keysize)
			sizes[n++] = s;
	return n;
}

/* see util.h */
void test_ctr_add(uint8_t ctr[16], uint64_t n)
{
	int i;

	for (i = 15; i >= 0 && n; i--) {
		uint64_t v = ctr[i] + (n & 0xff);

		ctr[i] = (uint8_t)v;
		n = (n >> 8) + (v >> 8);
	}
}

/* see util.h */
int test_selected(const struct cryptarch_driver *drv)
{
	return !only_driver || strcmp(drv->name, only_driver) == 0;
}

/* see util.h */
int test_driver_only(void)
{
	return only_driver != NULL;
}

/* see util.h */
void test_mask_all(int *argc, char ***argv)
{
	char buf[1024] = "";
	const struct cryptarch_driver *drv;
	size_t i;

	for (;;) {
		if (*argc >= 3 && strcmp((*argv)[1], "--driver") == 0) {
			only_driver = (*argv)[2];
			(*argv)[2] = (*argv)[0];
			*argv += 2;
			*argc -= 2;
			continue;
		}
		if (*argc < 2 || strcmp((*argv)[1], "--mask-all") != 0)
			break;
		buf[0] = '\0';
		for (i = 0; cryptarch_cpu_names[i].name; i++) {
			if (i)
				strncat(buf, ",",
					sizeof(buf) - strlen(buf) - 1);
			strncat(buf, cryptarch_cpu_names[i].name,
				sizeof(buf) - strlen(buf) - 1);
		}
		setenv("CRYPTARCH_DISABLE", buf, 1);
		printf("CRYPTARCH_DISABLE=%s\n", buf);
		(*argv)[1] = (*argv)[0];
		(*argv)++;
		(*argc)--;
	}
	if (!only_driver)
		return;
	drv = test_driver(only_driver);
	only_drv = drv;
	if (!drv) {
		fprintf(stderr, "--driver %s: no such driver is registered\n",
			only_driver);
		exit(2);
	}
	if (!cryptarch_driver_available(drv)) {
		printf("SKIP: %s is not available on this CPU (or masked by "
		       "CRYPTARCH_DISABLE)\n",
		       only_driver);
		exit(TEST_SKIP);
	}
	printf("driver %s only\n", only_driver);
}

/* ---- aead ------------------------------------------------------------------ */

/* see util.h */
size_t test_aead_names(char names[][TEST_NAME_MAX], size_t max)
{
	const char *ciphers[16];
	size_t nc = test_ciphers(ciphers, 16), nt = cryptarch_template_count();
	size_t k = 0, i, c;

	for (i = 0; i < nt; i++) {
		const struct cryptarch_template *t = cryptarch_template_at(i);

		if (t->type != &cryptarch_type_aead)
			continue;
		for (c = 0; c < nc && k < max; c++) {
			const struct cryptarch_algorithm *a =
				cryptarch_algorithm_find(ciphers[c],
							 strlen(ciphers[c]));

			if (!a || a->blocksize != 16)
				continue;
			snprintf(names[k++], TEST_NAME_MAX, "%s(%s)",
				 t->alias ? t->alias : t->name, ciphers[c]);
		}
	}
	return k;
}

/* see util.h */
size_t test_aead_instances(const char *algname, struct test_inst **out,
			   size_t *unavail)
{
	struct test_inst *v = NULL;
	size_t k = 0, cap = 0;

	collect(algname, &cryptarch_type_aead, -1, &v, &k, &cap, unavail);
	if (!v) {
		v = calloc(1, sizeof(*v));
		if (!v) {
			fputs("out of memory\n", stderr);
			exit(2);
		}
	}
	*out = v;
	return k;
}

/* see util.h */
size_t test_aead_reference(const struct test_inst *ti, size_t n)
{
	size_t k;
	unsigned i;

	for (k = 0; k < n; k++) {
		const struct cryptarch_spec *s = &ti[k].spec;
		int ok = 1;

		for (i = 0; i < s->n && ok; i++) {
			const struct cryptarch_driver *d;

			if (s->node[i].tmpl) {
				ok = !s->node[i].hooked;
				continue;
			}
			d = cryptarch_spec_node_driver(s, i);
			ok = d && d == test_reference(d->alg->name);
		}
		if (ok)
			return k;
	}
	return 0;
}

/* see util.h */
int test_aead_is_gcm(const struct test_inst *ti)
{
	const struct cryptarch_template *t = ti->tmpl;

	return t && strcmp(t->alias ? t->alias : t->name, "gcm") == 0;
}

/* see util.h */
int test_aead_authsize_ok(const struct test_inst *ti, size_t n)
{
	if (test_aead_is_gcm(ti))
		return n == 4 || n == 8 || (n >= 12 && n <= 16);
	return n >= 4 && n <= 16 && n % 2 == 0;
}

/* see util.h */
int test_aead_noncelen_ok(const struct test_inst *ti, size_t n)
{
	if (test_aead_is_gcm(ti))
		return n >= 1;
	return n >= 7 && n <= 13;
}

/* see util.h */
cryptarch_aead *test_aead_open(const struct test_inst *ti, unsigned flags)
{
	cryptarch_aead *t = NULL;
	const char *drv;
	int rc;

	rc = cryptarch_aead_new(&t, ti->name,
				CRYPTARCH_ALLOW_VARIABLE_TIME | flags);
	if (rc) {
		test_fail("cryptarch_aead_new(\"%s\"): %s", ti->name,
			  cryptarch_strerror(rc));
		return NULL;
	}
	drv = cryptarch_aead_driver(t);
	if (!drv || strcmp(drv, ti->name) != 0)
		test_fail("cryptarch_aead_driver() of \"%s\" is \"%s\"",
			  ti->name, drv ? drv : "(null)");
	return t;
}

/* see util.h */
void test_gf128_mul(uint8_t r[16], const uint8_t a[16], const uint8_t b[16])
{
	uint8_t z[16] = { 0 }, v[16];
	int i, j, lsb;

	memcpy(v, b, 16);
	for (i = 0; i < 128; i++) {
		if (a[i / 8] & (0x80 >> (i % 8)))
			for (j = 0; j < 16; j++)
				z[j] ^= v[j];
		/* V = V * x: a right shift in this bit order, reduced */
		lsb = v[15] & 1;
		for (j = 15; j > 0; j--)
			v[j] = (uint8_t)(v[j] >> 1 | v[j - 1] << 7);
		v[0] >>= 1;
		if (lsb)
			v[0] ^= 0xe1;
	}
	memcpy(r, z, 16);
}

/* see util.h */
void test_gf128_inv(uint8_t r[16], const uint8_t a[16])
{
	uint8_t x[16] = { 0x80 }; /* the field's 1 */
	int i;

	/* 2^128 - 2: 127 ones, then a zero */
	for (i = 127; i >= 0; i--) {
		test_gf128_mul(x, x, x);
		if (i > 0)
			test_gf128_mul(x, x, a);
	}
	memcpy(r, x, 16);
}

/* see util.h */
void test_gcm_nonce_for_j0(uint8_t iv[16], const uint8_t h[16],
			   const uint8_t j0[16])
{
	uint8_t hinv[16], t[16];

	test_gf128_inv(hinv, h);
	test_gf128_mul(t, j0, hinv);
	t[15] ^= 128; /* L = 0^64 || [128]_64: the nonce's 128 bits */
	test_gf128_mul(iv, t, hinv);
}

/* see util.h */
void test_ghash(uint8_t y[16], const uint8_t h[16], const uint8_t *p,
		size_t len)
{
	uint8_t b[16];
	size_t off, n, j;

	for (off = 0; off < len; off += 16) {
		n = len - off < 16 ? len - off : 16;
		memset(b, 0, 16);
		memcpy(b, p + off, n);
		for (j = 0; j < 16; j++)
			y[j] ^= b[j];
		test_gf128_mul(y, y, h);
	}
}
