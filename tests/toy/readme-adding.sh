#!/bin/bash
# SPDX-License-Identifier: MIT
# readme-adding.sh README TOYDIR - the README's "Adding an implementation"
# and "Adding a mode" stay true: every code block of those two sections
# (lines indented by at least 7 spaces, as the numbered steps quote them)
# must stand, white space aside, in one of the toy files the test `adding`
# builds (TOYDIR/registry.cmake, aes-toy.c, ofb.c). A block quoted in the
# README that the toy files do not hold fails; so does a section that
# quotes no block, or a toy registry line the README does not quote.
set -u
readme=$1
toy=$2

fail=0
norm() { tr -s ' \t\n' ' ' | sed 's/^ //; s/ $//'; }
files=$(cat "$toy/registry.cmake" "$toy/aes-toy.c" "$toy/ofb.c" | norm)

for section in "Adding an implementation" "Adding a mode"; do
	body=$(awk -v s="## $section" '
		$0 == s { on = 1; next }
		on && /^## / { exit }
		on { print }' "$readme")
	if [ -z "$body" ]; then
		echo "FAIL: README has no section '## $section'"
		fail=1
		continue
	fi
	# code blocks: runs of lines indented by 7 or more spaces
	blocks=$(awk '
		/^       / { sub(/^       /, ""); buf = buf $0 "\n"; next }
		/^[[:space:]]*$/ && buf != "" { next }
		{ if (buf != "") { printf "%s\x1e", buf; buf = "" } }
		END { if (buf != "") printf "%s\x1e", buf }' <<<"$body")
	n=0
	while IFS= read -r -d $'\x1e' block; do
		n=$((n + 1))
		want=$(norm <<<"$block")
		if [[ "$files" != *"$want"* ]]; then
			echo "FAIL: '## $section' quotes code that the toy files do not hold:"
			echo "$block"
			fail=1
		fi
	done <<<"$blocks"
	if [ "$n" -eq 0 ]; then
		echo "FAIL: '## $section' quotes no code"
		fail=1
	fi
	echo "$section: $n code blocks checked"
done
# every registration line of the toy is quoted
while read -r line; do
	case $line in cryptarch_*) ;; *) continue ;; esac
	if ! grep -qF -- "$line" "$readme"; then
		echo "FAIL: README does not quote '$line' (tests/toy/registry.cmake)"
		fail=1
	fi
done <"$toy/registry.cmake"
[ "$fail" -eq 0 ] && echo "readme-adding: ok"
exit "$fail"
