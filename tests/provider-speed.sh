#!/bin/bash
# SPDX-License-Identifier: MIT
# provider-speed.sh - `openssl speed -evp` runs through the OpenSSL
# provider cryptarch.so: aes-128-ctr and aes-128-gcm on 16-byte blocks
# for a second each, through the module only (-propquery
# provider=cryptarch), and prints each result line (the algorithm and a
# figure in k per second). No figure is judged: timing belongs to the
# benchmarks.
#
#   provider-speed.sh MODULE_DIR
#
# CRYPTARCH_PRELOAD: a sanitizer runtime to preload into openssl. Exit 0
# passed, 1 failed, 77 skipped (no openssl command).
set -euo pipefail

dir=$(cd "${1:?usage: provider-speed.sh MODULE_DIR}" && pwd)
command -v openssl >/dev/null 2>&1 || { echo "SKIP: no openssl"; exit 77; }
if [ -n "${CRYPTARCH_PRELOAD:-}" ]; then
	# openssl's own allocations at exit are not this test's.
	export LD_PRELOAD=$CRYPTARCH_PRELOAD
	export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
fi
unset OPENSSL_CONF OPENSSL_MODULES

for alg in aes-128-ctr aes-128-gcm; do
	out=$(openssl speed -provider-path "$dir" -provider cryptarch \
		-provider default -propquery provider=cryptarch \
		-evp "$alg" -bytes 16 -seconds 1 2>&1) || {
		echo "$out"
		echo "FAIL: openssl speed -evp $alg through the module"
		exit 1
	}
	echo "$out"
	# The result line: the algorithm and a rate such as 123456.78k.
	if ! grep -Eiq "^$alg +[0-9]+\.[0-9]+k" <<<"$out"; then
		echo "FAIL: $alg: no result line"
		exit 1
	fi
done
echo "provider-speed: ok"
