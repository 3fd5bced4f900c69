/* SPDX-License-Identifier: MIT */
/*
 * report.h - machine description and JSON helpers shared by the
 * `cryptarch speed` command and the peer benchmark (bench/peers.c).
 */
#ifndef CRYPTARCH_BENCH_REPORT_H
#define CRYPTARCH_BENCH_REPORT_H

#include <stddef.h>
#include <stdio.h>

/* The CPU model and machine, e.g. "AMD EPYC 9R45 (x86_64)", into BUF. */
void report_cpu_model(char *buf, size_t size);
/* Write S (NULL: empty) to F as a JSON string, quoted and escaped. */
void report_json_string(FILE *f, const char *s);

#endif /* CRYPTARCH_BENCH_REPORT_H */
