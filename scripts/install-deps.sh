#!/bin/bash
# SPDX-License-Identifier: MIT
# install-deps.sh - make sure the Debian packages that building and testing
# cryptarch need are installed. Called by `make check` (scripts/check-all.sh)
# and .ci/run, so that one command does the whole set-up on a fresh Debian
# 12 machine.
#
# Checks the packages with one dpkg-query. As root, when something is missing,
# runs `apt-get update` once and installs the missing packages without
# their recommendations. As another user it prints what is missing and the
# command that would install it, and carries on (the tests that need a
# missing package then skip or fail on their own). Nothing to do: no apt
# call, well under a second. Not Debian (no dpkg-query): says so, exits 0.
#
#   install-deps.sh [--check] [--cross[=TARGET[,TARGET...]]]
#
#   --check   only report, never install
#   --cross   also what the cross targets need, for every
#             cmake/toolchains/<target>.cmake or the named ones:
#             gcc-<triple>, libc6-dev-<arch>-cross (named because
#             --no-install-recommends leaves the target's libc headers
#             out) and qemu-user; triple and arch are read from the
#             set(CRYPTARCH_TRIPLE ...) and set(CRYPTARCH_DEB_ARCH ...)
#             lines of each toolchain file
#
# Exit status: 0 unless an installation was attempted and failed; 2 for
# bad arguments or an unknown target.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
toolchains=$root/cmake/toolchains

# Build: compiler, libc headers, cmake, make; clang for the second-compiler
# build and, with its runtime libraries (libclang-rt-14-dev: libFuzzer and
# the sanitizer runtimes, which --no-install-recommends leaves out), for
# the fuzz stage of make check; pkg-config for the install-consumer test.
# Tests and benchmarks: OpenSSL, libgcrypt and nettle (differential tests
# and bench/peers), the openssl command (output of `cryptarch enc` compared
# with `openssl enc`), valgrind (constant-time checks), file (binary checks).
packages=(
	clang
	cmake
	file
	gcc
	libc6-dev
	libclang-rt-14-dev
	libgcrypt20-dev
	libssl-dev
	make
	nettle-dev
	openssl
	pkg-config
	valgrind
)
# intel-ipsec-mb: a peer for CMAC and XCBC (test-peers, bench/peers),
# packaged for x86-64 only.
if [ "$(dpkg --print-architecture 2>/dev/null || true)" = amd64 ]; then
	packages+=(libipsec-mb-dev)
fi

# tc_var FILE NAME: the value of the line `set(NAME value)` of a toolchain
# file (quotes removed).
tc_var() {
	sed -n "s/^set($2 \"\{0,1\}\([^\")]*\)\"\{0,1\})\$/\1/p" "$1" |
		head -n 1
}

check_only=0
cross=""
for a in "$@"; do
	case "$a" in
	--check) check_only=1 ;;
	--cross) cross=all ;;
	--cross=*) cross=${a#--cross=} ;;
	*)
		echo "usage: $0 [--check] [--cross[=TARGET[,TARGET...]]]" >&2
		exit 2
		;;
	esac
done

if [ -n "$cross" ]; then
	targets=()
	if [ "$cross" = all ]; then
		for f in "$toolchains"/*.cmake; do
			t=$(basename "$f" .cmake)
			[ "$t" = cross-common ] || targets+=("$t")
		done
	else
		IFS=', ' read -r -a targets <<<"$cross"
	fi
	cross_packages=(qemu-user)
	for t in "${targets[@]}"; do
		f=$toolchains/$t.cmake
		triple=""
		debarch=""
		if [ "$t" != cross-common ] && [ -f "$f" ]; then
			triple=$(tc_var "$f" CRYPTARCH_TRIPLE)
			debarch=$(tc_var "$f" CRYPTARCH_DEB_ARCH)
		fi
		if [ -z "$triple" ] || [ -z "$debarch" ]; then
			echo "install-deps: unknown cross target '$t' (no" \
				"cmake/toolchains/$t.cmake with CRYPTARCH_TRIPLE" \
				"and CRYPTARCH_DEB_ARCH)" >&2
			exit 2
		fi
		cross_packages+=("gcc-$triple" "libc6-dev-$debarch-cross")
	done
	for p in "${cross_packages[@]}"; do
		case " ${packages[*]} " in
		*" $p "*) ;;
		*) packages+=("$p") ;;
		esac
	done
fi

if ! command -v dpkg-query >/dev/null 2>&1; then
	echo "install-deps: no dpkg-query (not Debian?): not checking packages;" \
		"needed: ${packages[*]}"
	exit 0
fi

# One dpkg-query for all (it exits 1 when one is unknown: not an error).
installed=" $({ dpkg-query -W -f='${Package} ${db:Status-Abbrev}\n' \
	"${packages[@]}" 2>/dev/null || true; } |
	awk '$2 ~ /^ii/ { print $1 }' | paste -s -d ' ') "
missing=()
for p in "${packages[@]}"; do
	case "$installed" in
	*" $p "*) ;;
	*) missing+=("$p") ;;
	esac
done

if [ ${#missing[@]} -eq 0 ]; then
	echo "install-deps: all ${#packages[@]} packages present"
	exit 0
fi

echo "install-deps: missing: ${missing[*]}"
if [ "$check_only" = 1 ] || [ "$(id -u)" != 0 ]; then
	if [ "$check_only" = 1 ]; then
		why="--check"
	else
		why="not root"
	fi
	echo "install-deps: not installing ($why); as root run:"
	echo "  apt-get update && apt-get install -y --no-install-recommends ${missing[*]}"
	exit 0
fi

export DEBIAN_FRONTEND=noninteractive
echo "install-deps: apt-get update"
apt-get update -q
echo "install-deps: apt-get install ${missing[*]}"
apt-get install -y -q --no-install-recommends "${missing[@]}"
echo "install-deps: installed ${#missing[@]} package(s)"
