#!/bin/bash
# SPDX-License-Identifier: MIT
# install-deps.sh - make sure the Debian packages that building and testing
# cryptarch need are installed. Called by `make check` (scripts/check-all.sh)
# and .ci/run, so that one command does the whole set-up on a fresh Debian
# 12 machine.
#
# Checks each package with dpkg-query. As root, when something is missing,
# runs `apt-get update` once and installs the missing packages without
# their recommendations. As another user it prints what is missing and the
# command that would install it, and carries on (the tests that need a
# missing package then skip or fail on their own). Nothing to do: no apt
# call, well under a second. Not Debian (no dpkg-query): says so, exits 0.
#
#   install-deps.sh [--check]   --check: only report, never install
#
# Exit status: 0 unless an installation was attempted and failed.
set -euo pipefail

# Build: compiler, libc headers, cmake, make; clang for the second-compiler
# build; pkg-config for the install-consumer test.
# Tests and benchmarks: OpenSSL, libgcrypt and nettle (differential tests
# and bench/peers), the openssl command (output of `cryptarch enc` compared
# with `openssl enc`), valgrind (constant-time checks), file (binary checks).
packages=(
	clang
	cmake
	file
	gcc
	libc6-dev
	libgcrypt20-dev
	libssl-dev
	make
	nettle-dev
	openssl
	pkg-config
	valgrind
)

# ---- cross toolchains and qemu-user: NOT YET -----------------------------
# The cross-architecture issue adds here the cross compilers, their libc
# packages and the emulator (see /work/shared/CROSSARCH.md for the list:
# gcc-<triple> and libc6-dev-<arch>-cross per target, qemu-user), installed
# only when the cross stages of scripts/check-all.sh are enabled, e.g.
#   cross_packages=(gcc-aarch64-linux-gnu libc6-dev-arm64-cross ... qemu-user)
#   [ "${CRYPTARCH_CROSS:-0}" = 1 ] && packages+=("${cross_packages[@]}")
# Nothing cross is installed today.
# ---------------------------------------------------------------------------

check_only=0
case "${1:-}" in
--check) check_only=1 ;;
"") ;;
*) echo "usage: $0 [--check]" >&2; exit 2 ;;
esac

if ! command -v dpkg-query >/dev/null 2>&1; then
	echo "install-deps: no dpkg-query (not Debian?): not checking packages;" \
		"needed: ${packages[*]}"
	exit 0
fi

missing=()
for p in "${packages[@]}"; do
	status=$(dpkg-query -W -f='${db:Status-Abbrev}' "$p" 2>/dev/null || true)
	case "$status" in
	ii*) ;;
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
