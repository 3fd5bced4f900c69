#!/bin/sh
# SPDX-License-Identifier: MIT
# readme-implementations.sh README DESIGN REGISTRY [EMULATOR...] CRYPTARCH -
# the documents name the implementations as the code does. The rows that
# `cryptarch list --markdown` prints for the drivers of this build (from
# their descriptors: algorithm, driver, strategy, constant-time, where it
# builds and the CPU features it needs, priority) must stand verbatim in
# README's table of implementations; every row of that table must name a
# driver that src/registry.cmake declares, and every declared driver must
# have a row; and doc/DESIGN.md's list of implementations must name each
# driver of this build (or the family it belongs to: aes-vperm for
# aes-vperm-avx2) with the same constant-time claim. Cross builds run the
# command under their emulator, so each target checks its own drivers.
set -u
readme=$1
design=$2
registry=$3
shift 3

fail=0
rows=$("$@" list --markdown) || { echo "FAIL: cryptarch list --markdown"; exit 1; }
[ -n "$rows" ] || { echo "FAIL: cryptarch list --markdown printed nothing"; exit 1; }

echo "$rows" | while IFS= read -r row; do
	if ! grep -qxF -- "$row" "$readme"; then
		{
			echo "FAIL: README's table of implementations lacks, or differs from, the row"
			echo "  $row"
			echo "  (regenerate it with: cryptarch list --markdown)"
		} >&2
		echo x
	fi
done | grep -q '^x$' && fail=1

declared=$(sed -n 's/^cryptarch_driver(\([a-z0-9_-]*\) .*/\1/p' "$registry")
table=$(sed -n 's/^| [a-z0-9]* | `\([a-z0-9_-]*\)` |.*/\1/p' "$readme")
for d in $table; do
	echo "$declared" | grep -qx -- "$d" || {
		echo "FAIL: README's table names '$d', which src/registry.cmake does not declare"
		fail=1
	}
done
for d in $declared; do
	echo "$table" | grep -qx -- "$d" || {
		echo "FAIL: driver '$d' (src/registry.cmake) has no row in README's table"
		fail=1
	}
done

# doc/DESIGN.md: | cipher | driver(s) | strategy | constant-time | where |
section=$(awk '/^## Implementations/ { on = 1; next } on && /^## / { exit } on' "$design")
echo "$rows" | while IFS='|' read -r _ alg drv _ ct _; do
	drv=$(echo "$drv" | tr -d ' `')
	ct=$(echo "$ct" | tr -d ' ')
	found=
	name=$drv
	while [ -n "$name" ]; do
		line=$(echo "$section" | grep -E "^\| [a-z0-9]+ \| ([^|]*[ /])?$name( |/|,|\(|\|)" | head -n 1)
		if [ -n "$line" ]; then
			found=$line
			break
		fi
		case $name in *-*) name=${name%-*} ;; *) name= ;; esac
	done
	if [ -z "$found" ]; then
		echo "FAIL: doc/DESIGN.md's list of implementations does not name $drv" >&2
		echo x
		continue
	fi
	dct=$(echo "$found" | awk -F'|' '{ gsub(/ /, "", $5); print $5 }')
	if [ "$dct" != "$ct" ]; then
		echo "FAIL: doc/DESIGN.md says constant-time '$dct' for $drv ($name), the descriptor '$ct'" >&2
		echo x
	fi
done | grep -q '^x$' && fail=1

[ "$fail" -eq 0 ] && echo "readme-implementations: ok ($(echo "$rows" | wc -l) drivers)"
exit "$fail"
