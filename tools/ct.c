/* SPDX-License-Identifier: MIT */
/*
 * ct.c - `cryptarch ct`: a statistical timing test of one implementation in
 * the manner of dudect (Reparaz, Balasch and Verbauwhede, "Dude, is my code
 * constant time?", DATE 2017). Two classes of inputs are timed in random
 * order: a fixed input and uniformly random ones. The data test fixes the
 * key and times one encryption (or decryption) of a fixed block against
 * random blocks; the key test times the key schedule plus one block with a
 * fixed key against random keys. Measurements go to several Welch's t-tests
 * at once: one over every measurement, one per cropping threshold (only the
 * measurements below a percentile of the first batch, at the percentiles
 * 1 - 0.5^(10 (i + 1) / 16), i = 0..15, as dudect crops the heavy upper tail
 * that interrupts and migrations add), and a second-order test (the
 * squared distance to each class's mean). The verdict is the largest |t|
 * against the usual 4.5 threshold: "leak detected", or "no leak detected"
 * after N samples - never a proof of constant time, since a test with more
 * samples, another CPU or another cache state may still find one.
 *
 * Timer: on x86 the time-stamp counter, read with lfence; rdtsc before and
 * rdtscp; lfence after the operation (so that neither read drifts into the
 * timed code); on arm64 the virtual counter cntvct_el0 after an isb (its
 * rate, cntfrq_el0, is often far below the core clock: a single block may
 * take one tick or none, which --reps offsets); elsewhere CLOCK_MONOTONIC in
 * nanoseconds. Cache state: each test runs twice by default (--cache
 * both), once with the measured code's tables left in the cache (warm,
 * dudect's setting; a table lookup that hits the first-level cache then
 * leaks only through finer effects such as store-to-load aliasing), once
 * after reading a buffer larger than the first-level data cache before
 * each measurement (outside the timed interval), so that a table-based
 * implementation pays for each distinct cache line its secret-dependent
 * lookups touch, as it would next to another process. Both classes get the
 * same treatment, so eviction does not make a constant-time implementation
 * look leaky; it adds noise, which the warm run does not have.
 *
 * Single blocks call the driver's own functions (its descriptor's ops) on
 * a context of its own (ctxsize bytes, 64-byte aligned, alloc.h); --mode
 * times the instance of the template over the driver that selection would
 * rank (spec.h): the hooked "<mode>-<driver>" (the driver's code for the
 * whole mode) where the driver has a hook, else "<mode>(<driver>)",
 * through the public API; whether --len suits the mode is the library's
 * to say. This is measurement code: it handles test keys only and is not
 * constant-time itself (the class choice and the input copies happen
 * outside the timed interval). No CPU features needed beyond the timer.
 * Measured: `cryptarch ct aes-generic aes-ct64` (10^6 samples per test,
 * four tests each) flags aes-generic with |t| from 11 to 133 and leaves
 * aes-ct64 below 3, in about 12 s per driver;
 * gcc 12 -O2, AMD EPYC (Zen 5) under a hypervisor, 2026-11-30.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "alloc.h"
#include "cli.h"
#include "cpu.h"
#include "memzero.h"
#include "registry.h"
#include "selftest.h"
#include "skcipher.h"
#include "spec.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#include <x86intrin.h>
#define TIMER_TSC 1
#elif defined(__aarch64__)
#define TIMER_CNTVCT 1
#endif

static const char usage[] =
	"usage: cryptarch ct DRIVER... | --all [OPTIONS]\n"
	"\n"
	"A dudect-style timing test: fixed against random inputs in random\n"
	"order, Welch's t-test over all measurements, over the measurements\n"
	"below each of 16 percentiles and of second order. |t| > 4.5 means a\n"
	"leak was detected; below it, none was detected at that sample count\n"
	"(which proves nothing more).\n"
	"\n"
	"options:\n"
	"  --all             every block cipher driver available on this CPU\n"
	"  --samples N       measurements per test (default 1000000)\n"
	"  --test data|key|both\n"
	"                    data: fixed key, fixed vs random input block(s);\n"
	"                    key: key schedule + one block, fixed vs random\n"
	"                    key (default both)\n"
	"  --mode MODE       time the instance of a mode (ecb, cbc, ctr,\n"
	"                    xts) over the driver, not single blocks\n"
	"  --len BYTES       bytes per request with --mode (default 64)\n"
	"  --keysize BITS    128, 192 or 256 (default 128)\n"
	"  --decrypt         time decryption instead of encryption\n"
	"  --cache warm|evict|both\n"
	"                    evict: read --evict-kib KiB before each\n"
	"                    measurement (default both: each test twice)\n"
	"  --evict-kib N     size of that buffer (default 256)\n"
	"  --reps N          operations per measurement (default 1)\n"
	"  --seed N          seed of the input generator (default: random)\n"
	"  --verbose         print every threshold's t\n"
	"\n"
	"Exit status: 0 no leak detected, 1 leak detected (or an error),\n"
	"2 usage.\n";

#define T_THRESHOLD 4.5
#define NCROP 16
/* Tests: [0] every measurement, [1..NCROP] cropped, [NCROP + 1] second
 * order. */
#define NTESTS (NCROP + 2)
#define BATCH 10000
#define WARMUP 2000
#define MAX_LEN 65536

/* ---- the timer ----------------------------------------------------------- */

#if TIMER_TSC
static int have_rdtscp;

static inline uint64_t timer_start(void)
{
	uint64_t t;

#if defined(__SSE2__)
	_mm_mfence();
	_mm_lfence();
	t = __rdtsc();
	_mm_lfence();
#else
	t = __rdtsc();
#endif
	return t;
}

static inline uint64_t timer_stop(void)
{
	unsigned aux;
	uint64_t t;

	if (have_rdtscp) {
		t = __rdtscp(&aux);
#if defined(__SSE2__)
		_mm_lfence();
#endif
		return t;
	}
#if defined(__SSE2__)
	_mm_lfence();
	t = __rdtsc();
	_mm_lfence();
#else
	t = __rdtsc();
#endif
	return t;
}

static const char *timer_init(char *buf, size_t size)
{
	unsigned a, b, c, d;

	if ((unsigned)__get_cpuid_max(0x80000000u, NULL) >= 0x80000001u &&
	    __get_cpuid(0x80000001u, &a, &b, &c, &d))
		have_rdtscp = !!(d & (1u << 27));
#if defined(__SSE2__)
	snprintf(buf, size, "%s (TSC reference cycles)",
		 have_rdtscp ? "lfence; rdtsc ... rdtscp; lfence" :
			       "lfence; rdtsc ... lfence; rdtsc");
#else
	snprintf(buf, size, "%s (TSC reference cycles, no lfence)",
		 have_rdtscp ? "rdtsc ... rdtscp" : "rdtsc ... rdtsc");
#endif
	return buf;
}
#elif TIMER_CNTVCT
static inline uint64_t timer_start(void)
{
	uint64_t t;

	__asm__ volatile("isb\n\tmrs %0, cntvct_el0" : "=r"(t) : : "memory");
	return t;
}

static inline uint64_t timer_stop(void)
{
	return timer_start();
}

static const char *timer_init(char *buf, size_t size)
{
	uint64_t f;

	__asm__ volatile("mrs %0, cntfrq_el0" : "=r"(f));
	snprintf(buf, size, "isb; cntvct_el0 (%.1f MHz)", (double)f / 1e6);
	return buf;
}
#else
static inline uint64_t timer_start(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static inline uint64_t timer_stop(void)
{
	return timer_start();
}

static const char *timer_init(char *buf, size_t size)
{
	snprintf(buf, size, "clock_gettime(CLOCK_MONOTONIC) (ns)");
	return buf;
}
#endif

/* ---- statistics ---------------------------------------------------------- */

/* Welford's running mean and sum of squared deviations, per class. */
struct welch {
	double n[2], mean[2], m2[2];
};

static void welch_add(struct welch *w, int cls, double x)
{
	double d;

	w->n[cls] += 1;
	d = x - w->mean[cls];
	w->mean[cls] += d / w->n[cls];
	w->m2[cls] += d * (x - w->mean[cls]);
}

/* Square root by Newton's method (no libm here); X >= 0. */
static double root(double x)
{
	double r = x > 1 ? x : 1;
	int i;

	if (x <= 0)
		return 0;
	for (i = 0; i < 200; i++) {
		double next = 0.5 * (r + x / r);

		if (next >= r)
			break;
		r = next;
	}
	return r;
}

/* Welch's t statistic, or 0 while a class has fewer than two values. */
static double welch_t(const struct welch *w)
{
	double v0, v1, se;

	if (w->n[0] < 2 || w->n[1] < 2)
		return 0;
	v0 = w->m2[0] / (w->n[0] - 1);
	v1 = w->m2[1] / (w->n[1] - 1);
	se = root(v0 / w->n[0] + v1 / w->n[1]);
	return se > 0 ? (w->mean[0] - w->mean[1]) / se : 0;
}

static double fabs_(double x)
{
	return x < 0 ? -x : x;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* ---- inputs -------------------------------------------------------------- */

/* xoshiro256** (Blackman and Vigna), seeded by splitmix64: test inputs. */
struct rng {
	uint64_t s[4];
};

static uint64_t splitmix(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static void rng_init(struct rng *r, uint64_t seed)
{
	int i;

	for (i = 0; i < 4; i++)
		r->s[i] = splitmix(&seed);
}

static uint64_t rng_next(struct rng *r)
{
	uint64_t *s = r->s, res, t;

	res = s[1] * 5;
	res = (res << 7 | res >> 57) * 9;
	t = s[1] << 17;
	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = s[3] << 45 | s[3] >> 19;
	return res;
}

static void rng_fill(struct rng *r, uint8_t *p, size_t n)
{
	while (n) {
		uint64_t v = rng_next(r);
		size_t k = n < 8 ? n : 8;

		memcpy(p, &v, k);
		p += k;
		n -= k;
	}
}

static uint64_t fresh_seed(void)
{
	uint64_t s = 0;
	FILE *f = fopen("/dev/urandom", "rb");

	if (f) {
		if (fread(&s, sizeof(s), 1, f) != 1)
			s = 0;
		fclose(f);
	}
	return s ^ (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
}

/* ---- the measured operations --------------------------------------------- */

enum test_kind {
	TEST_DATA,
	TEST_KEY
};

struct opts {
	size_t samples;
	int tests;			       /* bit 0: data, bit 1: key */
	const struct cryptarch_template *mode; /* NULL: single blocks */
	size_t len; /* bytes per request (16 for single blocks) */
	unsigned keybits;
	int decrypt;
	int caches; /* bit 0: warm, bit 1: evicted */
	size_t evict_bytes;
	unsigned reps;
	uint64_t seed;
	int verbose;
};

struct target {
	const struct cryptarch_driver *drv;
	const struct opts *o;
	char what[CRYPTARCH_NAME_MAX + 1]; /* "aes-generic", "cbc-aes-ct64" */
	size_t keylen;		 /* bytes for setkey (xts: both halves) */
	void *ctx;		 /* single blocks: the driver's own context */
	cryptarch_skcipher *tfm; /* --mode */
	uint8_t *out;
	uint8_t iv[16];
	volatile uint8_t *evict_buf;
};

static void *aligned(size_t size)
{
	void *p = NULL;

	size = (size + CRYPTARCH_CTX_ALIGN - 1) / CRYPTARCH_CTX_ALIGN *
	       CRYPTARCH_CTX_ALIGN;
	if (posix_memalign(&p, CRYPTARCH_CTX_ALIGN, size ? size : 64))
		return NULL;
	memset(p, 0, size ? size : 64);
	return p;
}

static unsigned evict_sink;

/* Read one byte per 64-byte line of the eviction buffer. */
static void evict(const struct target *t)
{
	size_t i;
	unsigned s = 0;

	for (i = 0; i < t->o->evict_bytes; i += 64)
		s += t->evict_buf[i];
	evict_sink += s;
}

/* Set KEY; 0 or an error already reported. */
static int target_setkey(struct target *t, const uint8_t *key)
{
	int err;

	if (t->tfm)
		err = cryptarch_skcipher_setkey(t->tfm, key, t->keylen);
	else
		err = t->drv->ops->setkey(t->ctx, key, t->keylen);
	if (err)
		cli_error("ct", "%s: setkey: %s", t->what,
			  cryptarch_strerror(err));
	return err;
}

/* One request on IN (the iv reset first). */
static inline void target_op(struct target *t, const uint8_t *in)
{
	const struct cryptarch_cipher_ops *a = t->drv->ops;
	int err;

	if (!t->tfm) {
		if (t->o->decrypt)
			a->decrypt(t->ctx, t->out, in);
		else
			a->encrypt(t->ctx, t->out, in);
		return;
	}
	memset(t->iv, 0, sizeof(t->iv));
	if (t->o->decrypt)
		err = cryptarch_skcipher_decrypt(t->tfm, in, t->out, t->o->len,
						 t->iv);
	else
		err = cryptarch_skcipher_encrypt(t->tfm, in, t->out, t->o->len,
						 t->iv);
	(void)err; /* checked once before the measurements */
}

/* The key test's request: set KEY, then one request on BLOCK. */
static inline int target_keyop(struct target *t, const uint8_t *key,
			       const uint8_t *block)
{
	int err;

	if (t->tfm)
		err = cryptarch_skcipher_setkey(t->tfm, key, t->keylen);
	else
		err = t->drv->ops->setkey(t->ctx, key, t->keylen);
	target_op(t, block);
	return err;
}

struct run {
	struct welch w[NTESTS];
	uint64_t crop[NCROP];
	double quant[NCROP];
	int have_crop;
	size_t done;
};

/* Fold the measurements of one batch into R; -1 when out of memory. */
static int add_batch(struct run *r, const uint64_t *times, const uint8_t *cls,
		     size_t n)
{
	size_t i;
	int k;

	if (!r->have_crop) {
		uint64_t *sorted = malloc(n * sizeof(*sorted));
		double q = 1;

		if (!sorted)
			return -1;
		memcpy(sorted, times, n * sizeof(*sorted));
		qsort(sorted, n, sizeof(*sorted), cmp_u64);
		for (k = 0; k < NCROP; k++) {
			size_t idx;
			int j;

			/* 1 - 0.5^(10 (k + 1) / NCROP), as dudect */
			q = 1;
			for (j = 0; j < 10 * (k + 1); j++)
				q *= 0.957603280698573647; /* 0.5^(1/16) */
			idx = (size_t)((1 - q) * (double)n);
			r->quant[k] = 1 - q;
			r->crop[k] = sorted[idx < n ? idx : n - 1];
		}
		free(sorted);
		r->have_crop = 1;
	}
	for (i = 0; i < n; i++) {
		double x = (double)times[i];

		welch_add(&r->w[0], cls[i], x);
		for (k = 0; k < NCROP; k++)
			if (times[i] < r->crop[k])
				welch_add(&r->w[1 + k], cls[i], x);
	}
	/* Second order: squared deviation from the class mean so far. */
	for (i = 0; i < n; i++) {
		double d = (double)times[i] - r->w[0].mean[cls[i]];

		if (r->done + i >= BATCH)
			welch_add(&r->w[NTESTS - 1], cls[i], d * d);
	}
	r->done += n;
	return 0;
}

static const char *test_name(enum test_kind k)
{
	return k == TEST_DATA ? "data" : "key";
}

static const char *test_what(enum test_kind k, int decrypt)
{
	if (k == TEST_KEY)
		return "fixed vs random key (setkey + request)";
	return decrypt ? "fixed vs random ciphertext" :
			 "fixed vs random plaintext";
}

/* The name of test K of R: "all", "below p35 (312 ticks)", ... */
static void test_label(const struct run *r, int k, char *buf, size_t size)
{
	if (k == 0)
		snprintf(buf, size, "all measurements");
	else if (k == NTESTS - 1)
		snprintf(buf, size, "second order");
	else
		snprintf(buf, size, "below p%.1f = %" PRIu64 " ticks",
			 100 * r->quant[k - 1], r->crop[k - 1]);
}

/*
 * Run one test: SAMPLES measurements in batches; inputs and classes drawn
 * before each batch, times taken in the batch's (random) order. Returns the
 * largest |t| (or -1 on error) and prints the result.
 */
static double run_test(struct target *t, enum test_kind kind, int cold,
		       struct rng *g)
{
	const struct opts *o = t->o;
	size_t inlen = kind == TEST_DATA ? o->len : t->keylen;
	uint8_t *in = NULL, *cls = NULL, *fixed = NULL, *block = NULL;
	uint64_t *times = NULL;
	struct run *r = NULL;
	double best = -1, tt;
	char label[64];
	int best_k = 0, k;
	size_t done = 0, i;
	unsigned rep;
	int errs = 0;

	in = malloc(BATCH * inlen);
	cls = malloc(BATCH);
	times = malloc(BATCH * sizeof(*times));
	fixed = aligned(inlen);
	block = aligned(o->len);
	r = calloc(1, sizeof(*r));
	if (!in || !cls || !times || !fixed || !block || !r) {
		cli_error("ct", "out of memory");
		goto out;
	}
	/* The fixed class: all-zero input (dudect's choice); the key of the
	 * data test and the block of the key test are random, drawn once. */
	memset(fixed, 0, inlen);
	rng_fill(g, block, o->len);
	if (kind == TEST_DATA) {
		uint8_t key[64];

		rng_fill(g, key, t->keylen);
		if (target_setkey(t, key))
			goto out;
	} else if (target_setkey(t, fixed)) {
		goto out;
	}

	/* Warm-up, not recorded. */
	for (i = 0; i < WARMUP; i++)
		target_op(t, block);

	while (done < o->samples) {
		size_t n = o->samples - done < BATCH ? o->samples - done :
						       BATCH;

		for (i = 0; i < n; i++) {
			cls[i] = (uint8_t)(rng_next(g) & 1);
			if (cls[i])
				rng_fill(g, in + i * inlen, inlen);
			else
				memcpy(in + i * inlen, fixed, inlen);
		}
		for (i = 0; i < n; i++) {
			const uint8_t *p = in + i * inlen;
			uint64_t t0, t1;

			if (cold)
				evict(t);
			if (kind == TEST_DATA) {
				t0 = timer_start();
				for (rep = 0; rep < o->reps; rep++)
					target_op(t, p);
				t1 = timer_stop();
			} else {
				t0 = timer_start();
				for (rep = 0; rep < o->reps; rep++)
					errs |= target_keyop(t, p, block);
				t1 = timer_stop();
			}
			times[i] = t1 - t0;
		}
		if (add_batch(r, times, cls, n)) {
			cli_error("ct", "out of memory");
			goto out;
		}
		done += n;
	}
	if (errs) {
		cli_error("ct", "%s: setkey failed during the key test",
			  t->what);
		goto out;
	}

	for (k = 0; k < NTESTS; k++) {
		tt = fabs_(welch_t(&r->w[k]));
		if (tt > best) {
			best = tt;
			best_k = k;
		}
	}
	test_label(r, best_k, label, sizeof(label));
	printf("  %-4s %-5s %-38s |t| = %7.2f  (%s, n = %.0f)\n",
	       test_name(kind), cold ? "evict" : "warm",
	       test_what(kind, o->decrypt), best, label,
	       r->w[best_k].n[0] + r->w[best_k].n[1]);
	if (o->verbose) {
		printf("        %-26s %10s %12s %12s %9s\n", "test", "n",
		       "mean fixed", "mean random", "t");
		for (k = 0; k < NTESTS; k++) {
			test_label(r, k, label, sizeof(label));
			printf("        %-26s %10.0f %12.2f %12.2f %9.2f\n",
			       label, r->w[k].n[0] + r->w[k].n[1],
			       r->w[k].mean[0], r->w[k].mean[1],
			       welch_t(&r->w[k]));
		}
	}
out:
	free(in);
	free(cls);
	free(times);
	free(fixed);
	free(block);
	free(r);
	return best;
}

/* ---- one implementation -------------------------------------------------- */

/* The instance of --mode over DRV that selection ranks: the hooked one
 * where DRV has a hook for the mode, else the template's own. */
static int mode_instance(const struct opts *o,
			 const struct cryptarch_driver *drv,
			 struct cryptarch_spec *s)
{
	if (cryptarch_spec_over(s, o->mode, drv, 1) == 0)
		return 0;
	return cryptarch_spec_over(s, o->mode, drv, 0);
}

static int check_one(const struct cryptarch_driver *drv, const struct opts *o,
		     const char *timer)
{
	struct cryptarch_spec spec;
	struct target t;
	struct rng g;
	char why[160];
	double worst = 0, x;
	int err, rc = CLI_FAIL, cold, kind, ct;

	memset(&t, 0, sizeof(t));
	t.drv = drv;
	t.o = o;
	t.keylen = o->keybits / 8;
	ct = !!(drv->flags & CRYPTARCH_DRV_CONSTANT_TIME);
	if (t.keylen < drv->alg->min_keysize ||
	    t.keylen > drv->alg->max_keysize) {
		cli_error("ct", "%s: no %u-bit keys", drv->name, o->keybits);
		return CLI_FAIL;
	}
	if (cli_unusable(drv, CRYPTARCH_ALLOW_VARIABLE_TIME, why,
			 sizeof(why))) {
		cli_error("ct", "%s: %s", drv->name, why);
		return CLI_FAIL;
	}
	if (cryptarch_driver_selftest(drv) != CRYPTARCH_SELFTEST_PASSED) {
		cli_error("ct", "%s: self-test failed", drv->name);
		return CLI_FAIL;
	}
	t.out = cryptarch_ctx_alloc(o->len);
	t.evict_buf = cryptarch_ctx_alloc(o->evict_bytes);
	if (!t.out || !t.evict_buf) {
		cli_error("ct", "out of memory");
		goto out;
	}
	if (!o->mode) {
		snprintf(t.what, sizeof(t.what), "%s", drv->name);
		t.ctx = cryptarch_ctx_alloc(drv->ctxsize);
		if (!t.ctx) {
			cli_error("ct", "out of memory");
			goto out;
		}
	} else {
		err = mode_instance(o, drv, &spec);
		if (err) {
			cli_error("ct", "%s: no %s instance over it", drv->name,
				  o->mode->name);
			goto out;
		}
		cryptarch_spec_name(&spec, t.what, sizeof(t.what));
		ct = cryptarch_spec_constant_time(&spec);
		t.keylen *= cryptarch_spec_nkeys(&spec);
		err = cryptarch_skcipher_new(&t.tfm, t.what,
					     CRYPTARCH_ALLOW_VARIABLE_TIME);
		if (err) {
			cli_error("ct", "%s: %s", t.what,
				  cryptarch_strerror(err));
			goto out;
		}
	}
	/* One checked request before the unchecked ones of the test: the
	 * library says whether --len is a length the mode takes. */
	{
		uint8_t key[128] = { 1 };

		if (target_setkey(&t, key))
			goto out;
		if (t.tfm) {
			memset(t.iv, 0, sizeof(t.iv));
			err = o->decrypt ?
				      cryptarch_skcipher_decrypt(t.tfm, t.out,
								 t.out, o->len,
								 t.iv) :
				      cryptarch_skcipher_encrypt(t.tfm, t.out,
								 t.out, o->len,
								 t.iv);
			if (err == -EINVAL) {
				cli_error("ct",
					  "--len: %zu bytes is not a length "
					  "%s takes",
					  o->len, t.what);
				rc = CLI_USAGE;
				goto out;
			}
			if (err) {
				cli_error("ct", "%s: %zu bytes: %s", t.what,
					  o->len, cryptarch_strerror(err));
				goto out;
			}
		}
	}

	printf("%s: %s, %u-bit key, %zu-byte %s, %zu samples per test%s\n",
	       t.what, ct ? "claims constant-time" : "table-based", o->keybits,
	       o->len, o->decrypt ? "decryption" : "encryption", o->samples,
	       o->reps > 1 ? " (repeated)" : "");
	printf("  timer: %s; seed %" PRIu64 "\n", timer, o->seed);
	fflush(stdout);
	rng_init(&g, o->seed);
	for (cold = 0; cold < 2; cold++) {
		if (!(o->caches & (1 << cold)))
			continue;
		for (kind = TEST_DATA; kind <= TEST_KEY; kind++) {
			if (!(o->tests & (1 << kind)))
				continue;
			x = run_test(&t, (enum test_kind)kind, cold, &g);
			if (x < 0)
				goto out;
			worst = x > worst ? x : worst;
			fflush(stdout);
		}
	}
	if (worst > T_THRESHOLD) {
		printf("  verdict: leak detected (max |t| = %.2f > %.1f)\n",
		       worst, T_THRESHOLD);
		rc = CLI_FAIL;
	} else {
		printf("  verdict: no leak detected at %zu samples "
		       "(max |t| = %.2f <= %.1f)\n",
		       o->samples, worst, T_THRESHOLD);
		rc = CLI_OK;
	}
out:
	fflush(stdout);
	cryptarch_ctx_free(t.ctx, drv->ctxsize);
	cryptarch_skcipher_free(t.tfm);
	cryptarch_ctx_free(t.out, o->len);
	cryptarch_ctx_free((void *)t.evict_buf, o->evict_bytes);
	return rc;
}

static int parse_count(const char *opt, const char *s, size_t min, size_t max,
		       size_t *v)
{
	char *end;
	unsigned long long x;

	errno = 0;
	x = strtoull(s, &end, 10);
	if (end == s || *end || errno || s[0] == '-' || x < min || x > max) {
		cli_error("ct", "%s: not a number from %zu to %zu: '%s'", opt,
			  min, max, s);
		return -1;
	}
	*v = (size_t)x;
	return 0;
}

/* see cli.h */
int cmd_ct(int argc, char **argv)
{
	const struct cryptarch_driver *drvs[64];
	struct opts o;
	const char *v;
	char timer[96], modes[256];
	size_t n = 0, x, i;
	int all = 0, r, rc = CLI_OK, seeded = 0;

	memset(&o, 0, sizeof(o));
	o.samples = 1000000;
	o.tests = 3;
	o.mode = NULL;
	o.len = 0;
	o.keybits = 128;
	o.caches = 3;
	o.evict_bytes = 256 * 1024;
	o.reps = 1;

	for (i = 1; i < (size_t)argc; i++) {
		int ii = (int)i;

		if (cli_flag(argv[i], "help") || !strcmp(argv[i], "-h")) {
			fputs(usage, stdout);
			return CLI_OK;
		} else if (cli_flag(argv[i], "all")) {
			all = 1;
		} else if (cli_flag(argv[i], "decrypt")) {
			o.decrypt = 1;
		} else if (cli_flag(argv[i], "verbose")) {
			o.verbose = 1;
		} else if ((r = cli_value("ct", argc, argv, &ii, "samples",
					  &v)) != 0) {
			if (r < 0 || parse_count("--samples", v, 100,
						 1000000000, &o.samples))
				return CLI_USAGE;
		} else if ((r = cli_value("ct", argc, argv, &ii, "test", &v)) !=
			   0) {
			if (r < 0)
				return CLI_USAGE;
			if (!strcmp(v, "data"))
				o.tests = 1;
			else if (!strcmp(v, "key"))
				o.tests = 2;
			else if (!strcmp(v, "both"))
				o.tests = 3;
			else {
				cli_error("ct",
					  "--test: data, key or both, "
					  "not '%s'",
					  v);
				return CLI_USAGE;
			}
		} else if ((r = cli_value("ct", argc, argv, &ii, "mode", &v)) !=
			   0) {
			if (r < 0)
				return CLI_USAGE;
			o.mode = cryptarch_template_find(v, strlen(v));
			if (!o.mode || !cli_is_mode(o.mode)) {
				cli_error("ct", "--mode: %s, not '%s'",
					  cli_mode_list(modes, sizeof(modes)),
					  v);
				return CLI_USAGE;
			}
		} else if ((r = cli_value("ct", argc, argv, &ii, "len", &v)) !=
			   0) {
			if (r < 0 ||
			    parse_count("--len", v, 1, MAX_LEN, &o.len))
				return CLI_USAGE;
		} else if ((r = cli_value("ct", argc, argv, &ii, "keysize",
					  &v)) != 0) {
			if (r < 0 || parse_count("--keysize", v, 128, 256, &x))
				return CLI_USAGE;
			if (x % 64) {
				cli_error("ct",
					  "--keysize: 128, 192 or 256, "
					  "not '%s'",
					  v);
				return CLI_USAGE;
			}
			o.keybits = (unsigned)x;
		} else if ((r = cli_value("ct", argc, argv, &ii, "cache",
					  &v)) != 0) {
			if (r < 0)
				return CLI_USAGE;
			if (!strcmp(v, "warm"))
				o.caches = 1;
			else if (!strcmp(v, "evict"))
				o.caches = 2;
			else if (!strcmp(v, "both"))
				o.caches = 3;
			else {
				cli_error("ct",
					  "--cache: warm, evict or both, "
					  "not '%s'",
					  v);
				return CLI_USAGE;
			}
		} else if ((r = cli_value("ct", argc, argv, &ii, "evict-kib",
					  &v)) != 0) {
			if (r < 0 ||
			    parse_count("--evict-kib", v, 1, 1 << 20, &x))
				return CLI_USAGE;
			o.evict_bytes = x * 1024;
		} else if ((r = cli_value("ct", argc, argv, &ii, "reps", &v)) !=
			   0) {
			if (r < 0 || parse_count("--reps", v, 1, 1000, &x))
				return CLI_USAGE;
			o.reps = (unsigned)x;
		} else if ((r = cli_value("ct", argc, argv, &ii, "seed", &v)) !=
			   0) {
			if (r < 0 || parse_count("--seed", v, 0, SIZE_MAX, &x))
				return CLI_USAGE;
			o.seed = x;
			seeded = 1;
		} else if (argv[i][0] == '-') {
			return cli_bad_arg("ct", argv[i]);
		} else {
			const struct cryptarch_driver *d =
				cryptarch_driver_find(argv[i], strlen(argv[i]));

			if (!d) {
				cli_error("ct",
					  "unknown driver '%s' (see "
					  "cryptarch list)",
					  argv[i]);
				return CLI_USAGE;
			}
			if (d->alg->type != &cryptarch_type_cipher) {
				cli_error("ct",
					  "%s is a driver of %s, not of a "
					  "block cipher: ct times block "
					  "ciphers",
					  argv[i], d->alg->name);
				return CLI_USAGE;
			}
			if (n < sizeof(drvs) / sizeof(drvs[0]))
				drvs[n++] = d;
		}
		i = (size_t)ii;
	}
	if (all == (n > 0)) {
		cli_error("ct",
			  all ? "--all and a driver name" :
				"no driver named (see cryptarch help ct)");
		return CLI_USAGE;
	}
	if (!o.mode) {
		if (o.len && o.len != CRYPTARCH_BLOCK_SIZE) {
			cli_error("ct", "--len needs --mode (single blocks "
					"are 16 bytes)");
			return CLI_USAGE;
		}
		o.len = CRYPTARCH_BLOCK_SIZE;
	} else if (!o.len) {
		o.len = 64;
	}
	/* Whether --len suits the mode is the library's to say (the checked
	 * request of check_one()). */
	if (!seeded)
		o.seed = fresh_seed();
	timer_init(timer, sizeof(timer));

	if (all)
		for (i = 0; i < cryptarch_driver_count() && n < 64; i++)
			if (cryptarch_driver_available(cryptarch_driver_at(i)) &&
			    cryptarch_driver_at(i)->alg->type ==
				    &cryptarch_type_cipher)
				drvs[n++] = cryptarch_driver_at(i);
	for (i = 0; i < n; i++) {
		r = check_one(drvs[i], &o, timer);
		if (r == CLI_USAGE)
			return r;
		if (r != CLI_OK)
			rc = r;
	}
	return rc;
}
