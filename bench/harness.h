/* SPDX-License-Identifier: MIT */
/*
 * harness.h - the timing harness shared by `cryptarch speed` and the peer
 * benchmark (bench/peers.c), so that cryptarch and OpenSSL, libgcrypt and
 * nettle are measured the same way in one process.
 *
 * A measurement calls FN(ARG) repeatedly: first calibrating the number of
 * calls per batch so that one batch lasts well above the timer resolution,
 * then running batches for the time budget; it reports the best batch
 * (least time per call) and the total count, as tcrypt reports operations
 * in a given time. Time is CLOCK_MONOTONIC; cycles come from the x86 TSC
 * (rdtsc: reference cycles at the TSC's fixed rate, not core cycles) where
 * present. Elsewhere there is no cycle counter: best_cycles is 0,
 * harness_have_cycles() is 0 and the source is "none" (see harness.c).
 * The harness keeps no state but the cycle counter's description, computed
 * once (thread-safe); harness_run itself may be called from any thread.
 */
#ifndef CRYPTARCH_BENCH_HARNESS_H
#define CRYPTARCH_BENCH_HARNESS_H

#include <stddef.h>
#include <stdint.h>

struct harness_result {
	double seconds;          /* total time spent in the timed batches */
	unsigned long long calls; /* total calls in the timed batches */
	double best_ns;          /* best batch: nanoseconds per call */
	double best_cycles;      /* best batch: cycles per call, or 0 */
};

typedef void (*harness_fn)(void *arg);

/* Run FN(ARG) for about SECONDS (at least one batch) and fill *R. */
void harness_run(harness_fn fn, void *arg, double seconds,
		 struct harness_result *r);

/* 1 if harness_result.best_cycles is meaningful on this machine. */
int harness_have_cycles(void);
/* Where cycles come from, for the output header: e.g. "rdtsc (TSC
 * reference cycles, 2.10 GHz measured)" or "none". */
const char *harness_cycle_source(void);
/* Monotonic time in nanoseconds. */
uint64_t harness_now_ns(void);

/*
 * Cycles per byte and the per-call overhead from a straight line fitted
 * (least squares) through (bytes, cycles-or-ns per call) points, as
 * libgcrypt's bench-slope does: *SLOPE is per byte, *INTERCEPT per call.
 */
void harness_fit(const double *bytes, const double *cost, size_t n,
		 double *slope, double *intercept);

#endif /* CRYPTARCH_BENCH_HARNESS_H */
