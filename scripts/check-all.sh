#!/bin/bash
# SPDX-License-Identifier: MIT
# check-all.sh - what `make check` runs: every build-and-test stage, then
# one summary line per stage (passed / failed / skipped, with the reason).
# Exit status 1 if any stage failed, else 0.
#
#   check-all.sh [STAGE...]     default: every stage, in this order
#
# Stages:
#   deps        scripts/install-deps.sh (installs missing packages as root)
#   native      build/ (RelWithDebInfo), ctest --output-on-failure
#   sanitizers  build-asan/ with -DCRYPTARCH_SANITIZE=address,undefined,
#               ctest with ASan/UBSan stopping at the first error
#   cross       (placeholder) one build-<target>/ per cmake/toolchains file,
#               ctest under qemu-user
#
# Environment: JOBS (parallel build and test jobs, default 2), CMAKE_ARGS
# (extra arguments for every configure step), CC (compiler, as for cmake).
set -uo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
JOBS=${JOBS:-2}
read -r -a extra_args <<<"${CMAKE_ARGS:-}"
all_stages=(deps native sanitizers cross)
stages=("$@")
[ ${#stages[@]} -gt 0 ] || stages=("${all_stages[@]}")

summary=()
failed=0

# record STAGE passed|failed|skipped REASON
record() {
	summary+=("$(printf '%-11s %-8s %s' "$1" "$2" "${3:+($3)}")")
	[ "$2" != failed ] || failed=1
}

banner() {
	printf '\n======== check: %s ========\n' "$*"
}

# ctest_stage STAGE BUILD_DIR: run ctest, record the stage's result.
ctest_stage() {
	local stage=$1 dir=$2 log rc total skipped nfailed
	log="$dir/check-ctest.log"
	ctest --test-dir "$dir" --output-on-failure -j "$JOBS" 2>&1 | tee "$log"
	rc=${PIPESTATUS[0]}
	total=$(sed -n 's/.*tests failed out of \([0-9]*\).*/\1/p' "$log" | tail -n 1)
	nfailed=$(sed -n 's/.*, \([0-9]*\) tests failed out of.*/\1/p' "$log" | tail -n 1)
	skipped=$(grep -c '(Skipped)$' "$log" || true)
	if [ "$rc" = 0 ]; then
		record "$stage" passed "${total:-?} tests, $skipped skipped"
	elif [ -n "$nfailed" ]; then
		record "$stage" failed "$nfailed of $total tests failed, $skipped skipped; see $log"
	else
		record "$stage" failed "ctest exited $rc; see $log"
	fi
}

# build_stage STAGE DIR CMAKE-ARGS...: configure and build; 0 if both worked.
build_stage() {
	local stage=$1 dir=$2
	shift 2
	if ! cmake -S "$root" -B "$dir" "$@" ${extra_args[@]+"${extra_args[@]}"}; then
		record "$stage" failed "cmake configure of ${dir#"$root"/}"
		return 1
	fi
	if ! cmake --build "$dir" -j "$JOBS"; then
		record "$stage" failed "build of ${dir#"$root"/}"
		return 1
	fi
}

stage_deps() {
	banner deps
	if bash "$root/scripts/install-deps.sh"; then
		record deps passed "$(bash "$root/scripts/install-deps.sh" --check | tail -n 1 | sed 's/^install-deps: //')"
	else
		record deps failed "scripts/install-deps.sh failed"
	fi
}

stage_native() {
	banner "native (build/)"
	build_stage native "$root/build" -DCMAKE_BUILD_TYPE=RelWithDebInfo ||
		return 0
	ctest_stage native "$root/build"
}

# A compiler or kernel without working sanitizers skips the stage.
san_probe() {
	local t cc
	t=$(mktemp -d "${TMPDIR:-/tmp}/cryptarch-san.XXXXXX")
	cc=${CC:-cc}
	printf 'int main(void) { return 0; }\n' >"$t/p.c"
	if ! "$cc" -fsanitize=address,undefined "$t/p.c" -o "$t/p" \
		>"$t/log" 2>&1; then
		san_reason="$cc cannot build with -fsanitize=address,undefined"
	elif ! "$t/p" >"$t/log" 2>&1; then
		if ASAN_OPTIONS=detect_leaks=0 "$t/p" >/dev/null 2>&1; then
			san_leaks=0
		else
			san_reason="an ASan program does not run here: $(head -n 1 "$t/log")"
		fi
	fi
	rm -rf "$t"
}

stage_sanitizers() {
	local san_reason="" san_leaks=1
	banner "sanitizers (build-asan/)"
	san_probe
	if [ -n "$san_reason" ]; then
		record sanitizers skipped "$san_reason"
		return 0
	fi
	build_stage sanitizers "$root/build-asan" \
		-DCMAKE_BUILD_TYPE=RelWithDebInfo \
		-DCRYPTARCH_SANITIZE=address,undefined || return 0
	ASAN_OPTIONS="halt_on_error=1:detect_leaks=$san_leaks:strict_string_checks=1:detect_stack_use_after_return=1" \
	UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1" \
		ctest_stage sanitizers "$root/build-asan"
	if [ "$san_leaks" = 0 ]; then
		summary[-1]="${summary[-1]} [LeakSanitizer off: it cannot run here]"
	fi
}

# ---- cross stages: PLACEHOLDER ---------------------------------------------
# The cross-architecture issue fills this in: for each cmake/toolchains/*.cmake
# whose compiler and qemu-user emulator are installed (scripts/install-deps.sh
# grows the packages), configure build-<target>/ with
# -DCMAKE_TOOLCHAIN_FILE=..., build, run ctest (the toolchain file sets
# CMAKE_CROSSCOMPILING_EMULATOR), and record one summary line per target
# ("cross-<target>"), skipped with the reason when its toolchain is missing.
stage_cross() {
	banner cross
	record cross skipped "no cross targets yet: cmake/toolchains/ and qemu-user come with the cross-architecture issue"
}
# ---------------------------------------------------------------------------

start=$SECONDS
for s in "${stages[@]}"; do
	case " ${all_stages[*]} " in
	*" $s "*) "stage_$s" ;;
	*)
		echo "check-all: unknown stage '$s' (stages: ${all_stages[*]})" >&2
		exit 2
		;;
	esac
done

banner "summary ($((SECONDS - start)) s)"
for line in "${summary[@]}"; do
	echo "$line"
done
exit "$failed"
