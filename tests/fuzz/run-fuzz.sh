#!/bin/bash
# SPDX-License-Identifier: MIT
# run-fuzz.sh - run the libFuzzer harnesses for a bounded time each (the
# fuzz stage of scripts/check-all.sh). Each harness starts from its
# committed seeds (tests/fuzz/corpus/<harness>/, read only) and from what
# earlier runs found (WORKDIR/corpus/<harness>/, where new inputs go), for
# SECONDS seconds. A crash, a sanitizer report, a leak or a timeout stops
# that harness; the input that caused it stays in WORKDIR/artifacts/ and is
# printed with the command that reproduces it. One line per harness, with
# the executions and coverage libFuzzer reports.
#
# Usage: run-fuzz.sh BINDIR WORKDIR SECONDS [HARNESS...]
#        (default harnesses: fuzz-name fuzz-setkey fuzz-diff, and
#        fuzz-aead where BINDIR has it, else a note says it did not run)
# Environment: FUZZ_DETECT_LEAKS=0 turns LeakSanitizer off (where it
# cannot run, e.g. under ptrace restrictions); FUZZ_JOBS=n runs n
# harnesses at a time (default 1), each for SECONDS all the same.
# Exit status: 0 every harness ran clean, 1 one did not, 2 usage.

set -u

if [ $# -lt 3 ]; then
	sed -n '/^# Usage:/,/^#        (default/s/^# \{0,1\}//p' "$0" >&2
	exit 2
fi
bindir=$1 work=$2 seconds=$3
shift 3
harnesses=("$@")
if [ ${#harnesses[@]} -eq 0 ]; then
	harnesses=(fuzz-name fuzz-setkey fuzz-diff)
	if [ -x "$bindir/fuzz-aead" ]; then
		harnesses+=(fuzz-aead)
	else
		echo "run-fuzz: note: fuzz-aead was not built in $bindir;" \
			"not run (build the target fuzz-aead)"
	fi
fi
seeds=$(cd "$(dirname "$0")" && pwd)/corpus
leaks=${FUZZ_DETECT_LEAKS:-1}

# Longest input worth trying per harness (see the layouts in each .c).
max_len() {
	case $1 in
	fuzz-name) echo 260 ;;
	fuzz-setkey) echo 100 ;;
	fuzz-diff) echo 4200 ;;
	fuzz-aead) echo 4400 ;;
	*) echo 4096 ;;
	esac
}

# run_one HARNESS: run it, its report lines on standard output; the
# status 0 if it ran clean, else 1.
run_one() {
	local h=$1 bin corpus art log old status runs cov found
	bin=$bindir/$h
	corpus=$work/corpus/$h
	art=$work/artifacts/$h
	log=$work/$h.log
	if [ ! -x "$bin" ]; then
		echo "run-fuzz: $h: no program $bin"
		return 1
	fi
	mkdir -p "$corpus" "$art" "$seeds/$h"
	# Reproducers of an earlier run: still failing fails now; fixed ones
	# are removed (they would otherwise be mistaken for new findings).
	old=$(find "$art" -maxdepth 1 -type f \( -name 'crash-*' -o \
		-name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' \))
	if [ -n "$old" ]; then
		# shellcheck disable=SC2086 # artifact names have no spaces
		if ! ASAN_OPTIONS="detect_leaks=$leaks:${ASAN_OPTIONS:-}" \
			"$bin" -timeout=30 $old >"$log" 2>&1; then
			echo "run-fuzz: $h: FAILED: an earlier reproducer" \
				"still fails; log: $log"
			echo "run-fuzz: $h: reproduce with: $bin" $old
			return 1
		fi
		# shellcheck disable=SC2086
		echo "run-fuzz: $h: earlier reproducers now pass; removed:" \
			$old
		# shellcheck disable=SC2086
		rm -f $old
	fi
	rm -f "$art"/slow-unit-*
	ASAN_OPTIONS="detect_leaks=$leaks:${ASAN_OPTIONS:-}" \
	UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:${UBSAN_OPTIONS:-}" \
		"$bin" -max_total_time="$seconds" -timeout=30 \
		-rss_limit_mb=2048 -max_len="$(max_len "$h")" \
		-detect_leaks="$leaks" -print_final_stats=1 \
		-artifact_prefix="$art/" "$corpus" "$seeds/$h" >"$log" 2>&1
	status=$?
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1)
	found=$(find "$art" -maxdepth 1 -type f \( -name 'crash-*' -o \
		-name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' \) |
		head -n 1)
	if [ "$status" = 0 ] && [ -z "$found" ]; then
		echo "run-fuzz: $h: ok, ${runs:-?} runs in $seconds s" \
			"(${cov:-cov: ?}, corpus $(find "$corpus" -type f |
			wc -l) + $(find "$seeds/$h" -type f | wc -l) seeds)"
		return 0
	fi
	echo "run-fuzz: $h: FAILED (exit $status); log: $log"
	grep -E '^(==[0-9]+==|SUMMARY|fuzz: |.*runtime error)' "$log" |
		head -n 20
	if [ -n "$found" ]; then
		echo "run-fuzz: $h: reproducer kept: $found"
		echo "run-fuzz: $h: reproduce with: $bin $found"
	fi
	return 1
}

# FUZZ_JOBS harnesses at a time, each a process of its own with its own
# corpus, artifacts and log (every one still runs SECONDS); the reports
# in the order of the harnesses.
mkdir -p "$work"
njobs=${FUZZ_JOBS:-1}
case $njobs in
'' | *[!0-9]* | 0) njobs=1 ;;
esac
for h in "${harnesses[@]}"; do
	while [ "$(jobs -pr | wc -l)" -ge "$njobs" ]; do
		wait -n
	done
	rm -f "$work/$h.report" "$work/$h.status"
	(
		run_one "$h" >"$work/$h.report" 2>&1
		echo $? >"$work/$h.status"
	) &
done
wait
rc=0
for h in "${harnesses[@]}"; do
	cat "$work/$h.report" 2>/dev/null
	[ "$(cat "$work/$h.status" 2>/dev/null)" = 0 ] || rc=1
	rm -f "$work/$h.report" "$work/$h.status"
done
exit $rc
