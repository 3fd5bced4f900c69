#!/bin/bash
# SPDX-License-Identifier: MIT
# check-all.sh - what `make check` runs: every build-and-test stage, then
# one summary line per stage and cross target (passed / failed / skipped,
# with the reason and the seconds it took). Exit status 1 if any stage or
# target failed, else 0.
#
#   check-all.sh [STAGE...]     default: deps native sanitizers tsan fuzz
#                               cross
#
# Stages:
#   deps            scripts/install-deps.sh (--cross when a cross stage is
#                   asked for): installs missing packages as root
#   native          build/ (RelWithDebInfo), ctest --output-on-failure
#   sanitizers      build-asan/ with -DCRYPTARCH_SANITIZE=address,undefined,
#                   ctest with ASan/UBSan stopping at the first error
#   tsan            build-tsan/ with -DCRYPTARCH_SANITIZE=thread: only
#                   test-threads (many threads opening handles from a cold
#                   start) and test-api-errors are built and run, with
#                   ThreadSanitizer stopping at the first report. Skipped,
#                   with the reason, when the compiler cannot build with
#                   -fsanitize=thread or such a program cannot run here
#                   (where ASLR is the cause it runs under setarch -R)
#   fuzz            build-fuzz/ with clang and -DCRYPTARCH_FUZZ=ON: the
#                   libFuzzer harnesses of tests/fuzz/, each run for
#                   FUZZ_SECONDS (default 60) from the committed corpus
#                   by tests/fuzz/run-fuzz.sh, JOBS harnesses at a time
#                   (one process each); a crash fails the stage and
#                   its input stays in build-fuzz/fuzz-work/artifacts/.
#                   Skipped, with the reason, without clang or its
#                   fuzzer runtime (packages clang, libclang-rt-14-dev)
#   cross           cross-<target> for every cmake/toolchains/<target>.cmake
#   cross-<target>  build-<target>/ with that toolchain file, the whole
#                   suite under qemu-user (the toolchain file sets
#                   CMAKE_CROSSCOMPILING_EMULATOR). Skipped, with the
#                   reason, when the cross compiler, the target's libc
#                   headers or the emulator are missing and cannot be
#                   installed (not root, or not Debian); as root the
#                   missing packages are installed first.
#
# Environment: JOBS (parallel build and test jobs, default 2), CMAKE_ARGS
# (extra arguments for every configure step), CC (compiler of the native
# stages, as for cmake), CHECK_BUILD_ROOT (where the build directories go,
# default: the top of the source tree), FUZZ_SECONDS (seconds per fuzz
# harness, default 60), FUZZ_CC (the fuzz stage's compiler, default
# clang).
# shellcheck disable=SC2317 # the stage_* functions are called as stage_$s
set -uo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
JOBS=${JOBS:-2}
build_root=${CHECK_BUILD_ROOT:-$root}
toolchains=$root/cmake/toolchains
read -r -a extra_args <<<"${CMAKE_ARGS:-}"
all_stages=(deps native sanitizers tsan fuzz cross)
stages=("$@")
[ ${#stages[@]} -gt 0 ] || stages=("${all_stages[@]}")

summary=()
failed=0
stage_start=$SECONDS

# record STAGE passed|failed|skipped REASON: one summary line, with the
# seconds since the stage began.
record() {
	local why="${3:-}"
	why="${why:+$why; }$((SECONDS - stage_start)) s"
	summary+=("$(printf '%-18s %-8s (%s)' "$1" "$2" "$why")")
	[ "$2" != failed ] || failed=1
}

banner() {
	stage_start=$SECONDS
	printf '\n======== check: %s ========\n' "$*"
}

# The cross targets: the toolchain files but the shared body.
cross_targets() {
	local f t
	for f in "$toolchains"/*.cmake; do
		[ -f "$f" ] || continue
		t=$(basename "$f" .cmake)
		[ "$t" = cross-common ] || echo "$t"
	done
}

# tc_var FILE NAME: the value of `set(NAME value)` in a toolchain file.
tc_var() {
	sed -n "s/^set($2 \"\{0,1\}\([^\")]*\)\"\{0,1\})\$/\1/p" "$1" |
		head -n 1
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
		record "$stage" failed "cmake configure of $dir"
		return 1
	fi
	if ! cmake --build "$dir" -j "$JOBS"; then
		record "$stage" failed "build of $dir"
		return 1
	fi
}

stage_deps() {
	local cross="" args=() s last log
	banner deps
	for s in "${stages[@]}"; do
		case $s in
		cross) cross=all ;;
		cross-*) [ "$cross" = all ] || cross=${cross:+$cross,}${s#cross-} ;;
		esac
	done
	[ -z "$cross" ] || args=("--cross=$cross")
	log=$(mktemp "${TMPDIR:-/tmp}/cryptarch-deps.XXXXXX")
	bash "$root/scripts/install-deps.sh" ${args[@]+"${args[@]}"} 2>&1 |
		tee "$log"
	if [ "${PIPESTATUS[0]}" = 0 ]; then
		if grep -q '^install-deps: not installing' "$log"; then
			last="$(sed -n 's/^install-deps: missing: //p' "$log"):"
			last="missing, not installed (not root): ${last%:}"
		else
			last=$(tail -n 1 "$log")
			last=${last#install-deps: }
		fi
		record deps passed "$last"
	else
		record deps failed "scripts/install-deps.sh ${args[*]-} failed"
	fi
	rm -f "$log"
}

stage_native() {
	banner "native ($build_root/build)"
	build_stage native "$build_root/build" \
		-DCMAKE_BUILD_TYPE=RelWithDebInfo || return 0
	ctest_stage native "$build_root/build"
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
	banner "sanitizers ($build_root/build-asan)"
	san_probe
	if [ -n "$san_reason" ]; then
		record sanitizers skipped "$san_reason"
		return 0
	fi
	build_stage sanitizers "$build_root/build-asan" \
		-DCMAKE_BUILD_TYPE=RelWithDebInfo \
		-DCRYPTARCH_SANITIZE=address,undefined || return 0
	ASAN_OPTIONS="halt_on_error=1:detect_leaks=$san_leaks:strict_string_checks=1:detect_stack_use_after_return=1" \
	UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1" \
		ctest_stage sanitizers "$build_root/build-asan"
	if [ "$san_leaks" = 0 ]; then
		summary[-1]="${summary[-1]} [LeakSanitizer off: it cannot run here]"
	fi
}

# build_targets STAGE DIR TARGETS CMAKE-ARGS...: configure, then build only
# TARGETS (a space-separated list); 0 if both worked.
build_targets() {
	local stage=$1 dir=$2 targets
	read -r -a targets <<<"$3"
	shift 3
	if ! cmake -S "$root" -B "$dir" "$@" ${extra_args[@]+"${extra_args[@]}"}; then
		record "$stage" failed "cmake configure of $dir"
		return 1
	fi
	if ! cmake --build "$dir" -j "$JOBS" --target "${targets[@]}"; then
		record "$stage" failed "build of ${targets[*]} in $dir"
		return 1
	fi
}

# tsan_probe: can a -fsanitize=thread program with a thread run here? Sets
# tsan_reason (why not) or tsan_wrap (a command to run it under).
tsan_probe() {
	local t cc
	t=$(mktemp -d "${TMPDIR:-/tmp}/cryptarch-tsan.XXXXXX")
	cc=${CC:-cc}
	cat >"$t/p.c" <<'EOF'
#include <pthread.h>
static int x;
static void *f(void *a)
{
	__atomic_add_fetch(&x, 1, __ATOMIC_SEQ_CST);
	return a;
}
int main(void)
{
	pthread_t t;

	if (pthread_create(&t, 0, f, 0))
		return 1;
	pthread_join(t, 0);
	return x != 1;
}
EOF
	if ! "$cc" -fsanitize=thread -pthread "$t/p.c" -o "$t/p" \
		>"$t/log" 2>&1; then
		tsan_reason="$cc cannot build with -fsanitize=thread"
	elif ! "$t/p" >"$t/log" 2>&1; then
		# Older ThreadSanitizer runtimes reject the mmap randomisation
		# of newer kernels (vm.mmap_rnd_bits above 28).
		if command -v setarch >/dev/null 2>&1 &&
			setarch "$(uname -m)" -R "$t/p" >/dev/null 2>&1; then
			tsan_wrap="setarch $(uname -m) -R"
		else
			tsan_reason="a ThreadSanitizer program does not run here: $(head -n 1 "$t/log")"
		fi
	fi
	rm -rf "$t"
}

stage_tsan() {
	local tsan_reason="" tsan_wrap="" dir=$build_root/build-tsan wrap=()
	banner "tsan ($dir)"
	tsan_probe
	if [ -n "$tsan_reason" ]; then
		record tsan skipped "$tsan_reason"
		return 0
	fi
	build_targets tsan "$dir" "test-threads test-api-errors" \
		-DCMAKE_BUILD_TYPE=RelWithDebInfo \
		-DCRYPTARCH_SANITIZE=thread || return 0
	[ -z "$tsan_wrap" ] || read -r -a wrap <<<"$tsan_wrap"
	TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1" \
		${wrap[@]+"${wrap[@]}"} ctest --test-dir "$dir" \
		--output-on-failure -j "$JOBS" --no-tests=error \
		-R '^(threads|api-errors)$' 2>&1 | tee "$dir/check-ctest.log"
	if [ "${PIPESTATUS[0]}" = 0 ]; then
		record tsan passed "test-threads, test-api-errors${tsan_wrap:+; under $tsan_wrap}"
	else
		record tsan failed "see $dir/check-ctest.log"
	fi
}

stage_fuzz() {
	local dir=$build_root/build-fuzz cc=${FUZZ_CC:-clang} t
	local secs=${FUZZ_SECONDS:-60} leaks=1 note=""
	banner "fuzz ($dir, $secs s per harness)"
	if ! command -v "$cc" >/dev/null 2>&1; then
		record fuzz skipped "no $cc (package clang)"
		return 0
	fi
	t=$(mktemp -d "${TMPDIR:-/tmp}/cryptarch-fuzz.XXXXXX")
	cat >"$t/f.c" <<'EOF'
#include <stddef.h>
#include <stdint.h>
int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n);
int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n)
{
	return d && n ? 0 : 0;
}
EOF
	if ! "$cc" -fsanitize=fuzzer,address,undefined "$t/f.c" -o "$t/f" \
		>"$t/log" 2>&1; then
		record fuzz skipped "$cc cannot link -fsanitize=fuzzer (package libclang-rt-14-dev)"
		rm -rf "$t"
		return 0
	fi
	if ! "$t/f" -runs=10 >"$t/log" 2>&1; then
		if "$t/f" -runs=10 -detect_leaks=0 >/dev/null 2>&1; then
			leaks=0
			note="; LeakSanitizer off: it cannot run here"
		else
			record fuzz skipped "a libFuzzer program does not run here: $(grep -m 1 ERROR "$t/log")"
			rm -rf "$t"
			return 0
		fi
	fi
	rm -rf "$t"
	build_targets fuzz "$dir" "fuzz-name fuzz-setkey fuzz-diff fuzz-aead" \
		-DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER="$cc" \
		-DCRYPTARCH_FUZZ=ON -DCRYPTARCH_BUILD_TESTS=OFF || return 0
	FUZZ_DETECT_LEAKS=$leaks FUZZ_JOBS=$JOBS \
		bash "$root/tests/fuzz/run-fuzz.sh" \
		"$dir/tests/fuzz" "$dir/fuzz-work" "$secs" 2>&1 |
		tee "$dir/check-fuzz.log"
	if [ "${PIPESTATUS[0]}" = 0 ]; then
		record fuzz passed "4 harnesses, $secs s each$note"
	else
		record fuzz failed "$(grep -m 1 -e 'reproduce with' -e FAILED "$dir/check-fuzz.log" || echo "see $dir/check-fuzz.log")"
	fi
}

# cross_missing FILE: what the target of toolchain FILE lacks on this
# machine, as "what (package)" phrases joined by ", "; empty if nothing.
cross_missing() {
	local f=$1 triple debarch qemu out=()
	triple=$(tc_var "$f" CRYPTARCH_TRIPLE)
	debarch=$(tc_var "$f" CRYPTARCH_DEB_ARCH)
	qemu=$(tc_var "$f" CRYPTARCH_QEMU)
	command -v "$triple-gcc" >/dev/null 2>&1 ||
		out+=("no $triple-gcc (gcc-$triple)")
	[ -f "/usr/$triple/include/stdio.h" ] ||
		out+=("no /usr/$triple/include/stdio.h (libc6-dev-$debarch-cross)")
	command -v "$qemu" >/dev/null 2>&1 ||
		out+=("no $qemu (qemu-user)")
	local joined="" p
	for p in ${out[@]+"${out[@]}"}; do
		joined=${joined:+$joined, }$p
	done
	echo "$joined"
}

# stage_cross_one TARGET
stage_cross_one() {
	local t=$1 f=$toolchains/$1.cmake dir=$build_root/build-$1 missing
	banner "cross-$t ($dir)"
	missing=$(cross_missing "$f")
	if [ -n "$missing" ] && [ "$(id -u)" = 0 ] &&
		command -v apt-get >/dev/null 2>&1; then
		echo "check: cross-$t: $missing; installing"
		bash "$root/scripts/install-deps.sh" --cross="$t" ||
			true
		missing=$(cross_missing "$f")
		if [ -n "$missing" ]; then
			record "cross-$t" failed "$missing after apt-get install"
			return 0
		fi
	fi
	if [ -n "$missing" ]; then
		if command -v apt-get >/dev/null 2>&1; then
			missing="$missing; run as root to install"
		else
			missing="$missing; not Debian: install them by hand"
		fi
		echo "check: cross-$t: skipped: $missing"
		record "cross-$t" skipped "$missing"
		return 0
	fi
	build_stage "cross-$t" "$dir" -DCMAKE_TOOLCHAIN_FILE="$f" \
		-DCMAKE_BUILD_TYPE=RelWithDebInfo || return 0
	ctest_stage "cross-$t" "$dir"
}

stage_cross() {
	local t n=0
	for t in $(cross_targets); do
		stage_cross_one "$t"
		n=$((n + 1))
	done
	if [ "$n" = 0 ]; then
		banner cross
		record cross skipped "no toolchain files in cmake/toolchains/"
	fi
}

# Check the stage names before running anything.
for s in "${stages[@]}"; do
	case " ${all_stages[*]} " in
	*" $s "*) continue ;;
	esac
	case $s in
	cross-*)
		t=${s#cross-}
		if [ "$t" != common ] && [ -f "$toolchains/$t.cmake" ]; then
			continue
		fi
		echo "check-all: no cross target '$t' (targets:" \
			"$(cross_targets | paste -s -d ' '))" >&2
		;;
	*)
		echo "check-all: unknown stage '$s' (stages: ${all_stages[*]}" \
			"cross-<target>)" >&2
		;;
	esac
	exit 2
done

start=$SECONDS
for s in "${stages[@]}"; do
	case $s in
	cross-*) stage_cross_one "${s#cross-}" ;;
	*) "stage_$s" ;;
	esac
done

banner "summary ($((SECONDS - start)) s)"
for line in "${summary[@]}"; do
	echo "$line"
done
exit "$failed"
