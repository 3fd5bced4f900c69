#!/bin/bash
# SPDX-License-Identifier: MIT
# readme-example.sh - the readme-example test: run the example program built
# from examples/example.c, then check that README.md quotes that file
# verbatim in a ```c block, so that the README's example and the tested one
# cannot drift apart.
#
#   readme-example.sh EXAMPLE_BINARY README.md examples/example.c
#
# Exit 0 passed, 1 failed.
set -euo pipefail

exe=${1:?usage: readme-example.sh EXAMPLE_BINARY README.md EXAMPLE.c}
readme=${2:?missing README.md}
example=${3:?missing example.c}

rc=0
out=$("$exe") || rc=$?
if [ "$rc" != 0 ]; then
	echo "$out"
	echo "readme-example: FAIL: $exe exited with status $rc"
	exit 1
fi
echo "$out"
grep -q '^driver: ' <<<"$out" ||
	{ echo "readme-example: FAIL: no 'driver:' line"; exit 1; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/cryptarch-readme.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
# Write every ```c block of the README to its own file.
awk -v dir="$tmp" '
	/^```c[ \t]*$/ { n++; f = sprintf("%s/block%d.c", dir, n); inb = 1;
			 printf "" > f; next }
	inb && /^```[ \t]*$/ { inb = 0; close(f); next }
	inb { print > f }
' "$readme"
found=0
for b in "$tmp"/block*.c; do
	[ -e "$b" ] || continue
	if cmp -s "$b" "$example"; then
		found=1
		break
	fi
done
if [ "$found" = 0 ]; then
	echo "readme-example: FAIL: $readme has no \`\`\`c block equal to $example"
	# Show the difference against the block that starts like the file.
	for b in "$tmp"/block*.c; do
		[ -e "$b" ] || continue
		if [ "$(head -n 1 "$b")" = "$(head -n 1 "$example")" ]; then
			diff -u "$example" "$b" || true
		fi
	done
	exit 1
fi
echo "readme-example: README.md quotes $example verbatim"
echo "readme-example: passed"
