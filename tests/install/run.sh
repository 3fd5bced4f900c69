#!/bin/bash
# SPDX-License-Identifier: MIT
# run.sh - the install-consumer test: install a cryptarch build tree into a
# temporary prefix, check what was installed (header, both libraries and the
# SONAME link, pkg-config file, CMake package, the command, the man page,
# the OpenSSL provider module where the build has one, and that the shared
# library exports the public API and nothing else), then
# build consumer.c against that prefix with pkg-config and with the CMake
# project in this directory, shared and static, and run the four programs.
#
#   run.sh BUILD_DIR [SOURCE_DIR]
#
# Environment: CC (default cc), CMAKE (default cmake), CRYPTARCH_SAN_FLAGS
# (e.g. -fsanitize=address,undefined when the build tree is instrumented),
# CRYPTARCH_VERSION (expected version; default: from the header),
# KEEP_TMP=1 to keep the temporary directory. Exit 0 passed, 1 failed,
# 77 skipped (a host tool is missing).
set -euo pipefail

build=$(cd "${1:?usage: run.sh BUILD_DIR [SOURCE_DIR]}" && pwd)
src=$(cd "${2:-$(dirname "$0")/../..}" && pwd)
here="$src/tests/install"
CC=${CC:-cc}
CMAKE=${CMAKE:-cmake}
san=${CRYPTARCH_SAN_FLAGS:-}
unset DESTDIR

fail() {
	echo "install-consumer: FAIL: $*" >&2
	exit 1
}
skip() {
	echo "install-consumer: skipped: $*"
	exit 77
}
step() {
	echo "== $*"
}

for tool in pkg-config nm readelf "$CC" "$CMAKE"; do
	command -v "$tool" >/dev/null 2>&1 || skip "$tool not found"
done

work=$(mktemp -d "${TMPDIR:-/tmp}/cryptarch-install.XXXXXX")
if [ "${KEEP_TMP:-0}" = 1 ]; then
	echo "keeping $work"
else
	trap 'rm -rf "$work"' EXIT
fi
prefix="$work/prefix"

version=${CRYPTARCH_VERSION:-$(sed -n \
	's/^#define CRYPTARCH_VERSION_STRING "\(.*\)"$/\1/p' \
	"$src/include/cryptarch.h")}
[ -n "$version" ] || fail "cannot read the version from cryptarch.h"
major=${version%%.*}

# ---- install ----------------------------------------------------------
step "cmake --install $build --prefix $prefix"
"$CMAKE" --install "$build" --prefix "$prefix" >"$work/install.log" 2>&1 ||
	{ cat "$work/install.log"; fail "cmake --install failed"; }

pc=$(find "$prefix" -name cryptarch.pc -path '*/pkgconfig/*' | head -n 1)
[ -n "$pc" ] || fail "no cryptarch.pc installed"
libdir=$(dirname "$(dirname "$pc")")
echo "libdir: $libdir"

step "installed files"
for f in "$prefix/include/cryptarch.h" "$libdir/libcryptarch.a" \
	"$libdir/libcryptarch.so" "$libdir/libcryptarch.so.$major" \
	"$libdir/libcryptarch.so.$version" \
	"$libdir/cmake/cryptarch/cryptarch-config.cmake" \
	"$libdir/cmake/cryptarch/cryptarch-config-version.cmake" \
	"$libdir/cmake/cryptarch/cryptarch-targets.cmake" \
	"$prefix/bin/cryptarch" "$prefix/share/man/man1/cryptarch.1"; do
	[ -e "$f" ] || fail "not installed: ${f#"$prefix"/}"
	echo "ok: ${f#"$prefix"/}"
done
cmp -s "$prefix/include/cryptarch.h" "$src/include/cryptarch.h" ||
	fail "installed cryptarch.h differs from include/cryptarch.h"
soname=$(readelf -d "$libdir/libcryptarch.so" |
	sed -n 's/.*(SONAME).*\[\(.*\)\].*/\1/p')
[ "$soname" = "libcryptarch.so.$major" ] ||
	fail "SONAME is '$soname', expected libcryptarch.so.$major"
echo "ok: SONAME $soname"
grep -qE '^\.(TH|Dt)' "$prefix/share/man/man1/cryptarch.1" ||
	fail "cryptarch.1 has no .TH/.Dt header"
echo "ok: man page header"
"$prefix/bin/cryptarch" list >"$work/list.out" 2>&1 ||
	{ cat "$work/list.out"; fail "installed 'cryptarch list' failed"; }
grep -q '^driver' "$work/list.out" ||
	fail "installed 'cryptarch list' printed no driver line"
echo "ok: installed cryptarch list"

# ---- the OpenSSL provider -----------------------------------------------
# Where the build tree has cryptarch.so, it is installed in
# <libdir>/ossl-modules, self-contained (the library linked in, not
# needed), exports its entry point alone, and loads into openssl.
if [ -e "$build/provider/cryptarch.so" ]; then
	step "OpenSSL provider"
	mod="$libdir/ossl-modules/cryptarch.so"
	[ -e "$mod" ] || fail "not installed: ${mod#"$prefix"/}"
	echo "ok: ${mod#"$prefix"/}"
	syms=$(nm -D --defined-only "$mod" | awk '{ print $NF }' |
		grep -v '^_' | sort -u)
	[ "$syms" = OSSL_provider_init ] ||
		fail "cryptarch.so exports more than OSSL_provider_init: $syms"
	echo "ok: cryptarch.so exports OSSL_provider_init only"
	if grep -q libcryptarch <<<"$(readelf -d "$mod")"; then
		fail "cryptarch.so needs the shared library"
	fi
	if command -v openssl >/dev/null 2>&1; then
		# an instrumented module needs its sanitizer's runtime first
		# in the (uninstrumented) openssl process
		pre=""
		case "${CRYPTARCH_SAN_FLAGS:-}" in
		*address*) pre=$("${CC:-cc}" -print-file-name=libasan.so) ;;
		esac
		out=$(LD_PRELOAD=$pre OPENSSL_CONF=/dev/null \
			openssl list -providers \
			-provider-path "$libdir/ossl-modules" \
			-provider cryptarch 2>&1) ||
			{ echo "$out"; fail "openssl cannot load cryptarch.so"; }
		grep -q "^  cryptarch" <<<"$out" ||
			{ echo "$out"; fail "openssl lists no provider cryptarch"; }
		echo "ok: openssl loads the installed cryptarch.so"
	fi
fi

# ---- exported symbols ---------------------------------------------------
# Every symbol the shared library defines is part of the public API, and
# every function the header declares is exported.
step "exported symbols"
nm -D --defined-only "$libdir/libcryptarch.so" | awk '{ print $NF }' |
	grep -v '^_' | sort -u >"$work/exported"
grep -o 'cryptarch_[a-z0-9_]*(' "$src/include/cryptarch.h" | tr -d '(' |
	sort -u >"$work/declared"
if ! diff -u "$work/declared" "$work/exported"; then
	fail "exported symbols (+) differ from the header's functions (-)"
fi
echo "ok: $(wc -l <"$work/exported") symbols, all in cryptarch.h"

# ---- pkg-config -------------------------------------------------------
step "pkg-config"
export PKG_CONFIG_PATH="$libdir/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
pcprefix=$(pkg-config --variable=prefix cryptarch)
[ "$pcprefix" = "$prefix" ] ||
	fail "pkg-config prefix is '$pcprefix', expected '$prefix'"
pcversion=$(pkg-config --modversion cryptarch)
[ "$pcversion" = "$version" ] ||
	fail "pkg-config version is '$pcversion', expected '$version'"
cflags=$(pkg-config --cflags cryptarch)
libs=$(pkg-config --libs cryptarch)
slibs=$(pkg-config --static --libs cryptarch)
echo "cflags: $cflags"
echo "libs: $libs"
echo "static libs: $slibs"
case " $slibs " in
*" -lpthread "*) ;;
*) fail "pkg-config --static --libs lacks -lpthread" ;;
esac
# shellcheck disable=SC2086 # flags are word lists
"$CC" -std=c99 -Wall -Wextra -Wpedantic -Werror $san $cflags \
	"$here/consumer.c" -o "$work/pc-shared" $libs
# Force the archive even though the .so sits next to it.
slibs_a=$(echo " $slibs " |
	sed 's/ -lcryptarch / -Wl,-Bstatic -lcryptarch -Wl,-Bdynamic /')
# shellcheck disable=SC2086
"$CC" -std=c99 -Wall -Wextra -Wpedantic -Werror $san $cflags \
	"$here/consumer.c" -o "$work/pc-static" $slibs_a

# ---- CMake package ----------------------------------------------------
step "find_package(cryptarch)"
"$CMAKE" -S "$here" -B "$work/cmake-build" -DCMAKE_BUILD_TYPE=Release \
	-DCMAKE_C_COMPILER="$CC" -DCMAKE_PREFIX_PATH="$prefix" \
	-DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF \
	-DCMAKE_C_FLAGS="$san" -DCMAKE_EXE_LINKER_FLAGS="$san" \
	>"$work/cmake.log" 2>&1 ||
	{ cat "$work/cmake.log"; fail "configuring the consumer project"; }
grep 'cryptarch .* from' "$work/cmake.log" || true
founddir=$(sed -n 's/^cryptarch_DIR:PATH=//p' "$work/cmake-build/CMakeCache.txt")
case "$founddir" in
"$prefix"/*) ;;
*) fail "find_package found '$founddir', not the temporary prefix" ;;
esac
"$CMAKE" --build "$work/cmake-build" >"$work/build.log" 2>&1 ||
	{ cat "$work/build.log"; fail "building the consumer project"; }

# ---- run ----------------------------------------------------------------
needed() {
	readelf -d "$1" | sed -n 's/.*(NEEDED).*\[\(.*\)\].*/\1/p'
}
for prog in pc-shared pc-static cmake-build/consumer-shared \
	cmake-build/consumer-static; do
	exe="$work/$prog"
	step "$prog"
	case "$prog" in
	*shared)
		# Whole outputs first: grep -q in a pipe could end the writer
		# early, and pipefail would report its SIGPIPE.
		deps=$(needed "$exe")
		grep -qx "libcryptarch.so.$major" <<<"$deps" ||
			fail "$prog does not need libcryptarch.so.$major"
		resolved=$(LD_LIBRARY_PATH="$libdir" ldd "$exe")
		grep -q "libcryptarch.so.$major => $libdir/" <<<"$resolved" ||
			fail "$prog does not load the installed libcryptarch"
		LD_LIBRARY_PATH="$libdir" "$exe" "$version" ||
			fail "$prog failed"
		;;
	*)
		deps=$(needed "$exe")
		if grep -q libcryptarch <<<"$deps"; then
			fail "$prog is linked to the shared library"
		fi
		"$exe" "$version" || fail "$prog failed"
		;;
	esac
done

echo "install-consumer: passed"
