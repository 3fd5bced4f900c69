#!/bin/bash
# SPDX-License-Identifier: MIT
# code-range.sh - print the address range "0xLO 0xHI" that one
# implementation's own code occupies in a -static -no-pie program, for the
# qemu plugins' lo=/hi= arguments (bench/insncount.sh, tests/ct-trace.sh).
# The implementation's code is the .text of its object files in the static
# library: the members named <driver>.<ext>.o (aes-generic.c.o; for an
# assembly driver also its glue, twofish-mips.S.o and twofish-mips.c.o;
# for a driver with instruction-set files, the one built with those flags,
# aes-aesni.c.o, aes-vaes-avx2.c.o). A <driver>-glue.c beside them
# (aes-aesni-glue.c, aes-vaes-avx2-glue.c, twofish-x86_64-glue.c, one per
# driver) holds the descriptor and the hooks' dispatch in plain C and is
# not counted: with instruction-set files it could not be, as it lies
# among the library's main objects and they in their own object library,
# and a range is one interval.
# Where they landed is read from the program's link map (-Wl,-Map), the
# linker's own record; the members must be adjacent there (one object's
# functions are contiguous when -ffunction-sections is off, and a driver's
# members follow each other when the archive is linked with
# --whole-archive, in archive order). Two checks against the symbols:
# every text symbol of the program (`nm -S`) inside the range is one of
# the driver's (`objdump -t` on its members), and where the objects'
# layout can be matched to the program's symbols - each member loaded at
# the one address at which all its symbols appear (static function names
# may repeat across objects, layouts do not) - that range must be the
# map's, up to the section padding after the last symbol. The match is
# impossible where the linker relaxes code (riscv64) or where functions
# are named by descriptors outside .text (ppc64 ELFv1); the map alone then
# gives the range. Any doubt is an error (exit 1), never a guessed range.
# Measurement tooling, not library code; it handles no secrets.
#
# Usage: code-range.sh MAP PROGRAM ARCHIVE NM OBJDUMP DRIVER
# (NM and OBJDUMP of the target's binutils: <triple>-nm, <triple>-objdump.)
# CODE_RANGE_VERBOSE=1 says on stderr which checks ran.

set -u

if [ $# -ne 6 ]; then
	sed -n '/^# Usage:/,/^# (NM/s/^# \{0,1\}//p' "$0" >&2
	exit 2
fi
map=$1 program=$2 archive=$3 nm=$4 objdump=$5 driver=$6

[ -r "$map" ] || { echo "code-range: no map $map" >&2; exit 1; }
objsyms=$("$objdump" -t "$archive") || exit 1
progsyms=$("$nm" -S --defined-only "$program") || exit 1

awk -v driver="$driver" -v verbose="${CODE_RANGE_VERBOSE:-0}" '
function hex(s,   i, c, v) {
	v = 0
	s = tolower(s)
	sub(/^0x/, "", s)
	for (i = 1; i <= length(s); i++) {
		c = index("0123456789abcdef", substr(s, i, 1))
		if (!c)
			return -1
		v = v * 16 + c - 1
	}
	return v
}
# printf "%x" is 32-bit in some awks (mawk), and large numbers may turn
# into "%.6g" strings: addresses are printed digit by digit, and kept as
# text where they are stored in strings.
function tohex(v,   s) {
	s = ""
	do {
		s = substr("0123456789abcdef", v % 16 + 1, 1) s
		v = int(v / 16)
	} while (v > 0)
	return "0x" s
}
function die(msg) {
	print "code-range: " driver ": " msg > "/dev/stderr"
	failed = 1
	exit 1
}
function note(msg) {
	if (verbose)
		print "code-range: " driver ": " msg > "/dev/stderr"
}
# Is archive member M (a file name) one of the driver objects?
function ours(m) {
	return index(m, driver ".") == 1 && m ~ /\.o$/ &&
	       length(m) <= length(driver) + 4
}
BEGIN { phase = "map" }
/^==OBJDUMP==$/ { phase = "obj"; next }
/^==NM==$/ { phase = "nm"; next }

# The map: " .text 0xADDR 0xSIZE FILE", or the name alone on a line and
# the rest on the next one.
phase == "map" && pending && NF == 3 && $1 ~ /^0x/ {
	pending = 0
	addsec($1, $2, $3)
	next
}
phase == "map" {
	pending = 0
	if ($1 == ".text" && NF == 4 && $2 ~ /^0x/)
		addsec($2, $3, $4)
	else if ($1 == ".text" && NF == 1)
		pending = 1
	next
}
function addsec(a, s, f,   k, m) {
	if (hex(s) == 0)
		return
	k = ++nsec
	secaddr[k] = hex(a)
	secsize[k] = hex(s)
	m = f
	if (!sub(/^.*\(/, "", m) || !sub(/\)$/, "", m))
		m = ""
	secmine[k] = ours(m)
}

# objdump -t of the archive: "MEMBER:  file format ...", then
# "VALUE FLAGS SECTION<TAB>SIZE [.hidden] NAME".
phase == "obj" && /:[ \t]+file format / {
	member = $1
	sub(/:$/, "", member)
	mine = ours(member)
	if (mine && !(member in members)) {
		members[member] = 1
		nmembers++
	}
	next
}
phase == "obj" && mine && index($0, "\t") {
	split($0, half, "\t")
	n = split(half[1], f, " ")
	if (f[n] != ".text" || half[1] ~ / d / || half[1] ~ / df /)
		next
	m = split(half[2], g, " ")
	k = ++nsym
	smember[k] = member
	soff[k] = hex(f[1])
	ssize[k] = hex(g[1])
	sname[k] = g[m]
	defined[g[m]] = 1
	next
}

# nm -S of the program: "ADDR [SIZE] TYPE NAME"; text symbols only.
phase == "nm" {
	if (NF == 4) { a = $1; t = $3; nm = $4 }
	else if (NF == 3) { a = $1; t = $2; nm = $3 }
	else next
	if (t !~ /^[tTwW]$/)
		next
	p = ++nprog
	paddr[p] = hex(a)
	pname[p] = nm
	addrs[nm] = addrs[nm] " " a
}

# Sort the map sections by address (insertion sort: a few hundred).
function sortsecs(   i, j, a, s, m) {
	for (i = 2; i <= nsec; i++) {
		a = secaddr[i]; s = secsize[i]; m = secmine[i]
		for (j = i - 1; j >= 1 && secaddr[j] > a; j--) {
			secaddr[j + 1] = secaddr[j]
			secsize[j + 1] = secsize[j]
			secmine[j + 1] = secmine[j]
		}
		secaddr[j + 1] = a; secsize[j + 1] = s; secmine[j + 1] = m
	}
}

# The range the symbols give, or "" where their layout cannot be matched.
function symrange(   mb, k, i, na, b, base, nk, s, e, l, h) {
	l = ""
	h = ""
	for (mb in members) {
		nk = 0
		split("", votes)
		for (k = 1; k <= nsym; k++) {
			if (smember[k] != mb)
				continue
			nk++
			split("", seen)
			na = split(addrs[sname[k]], al, " ")
			for (i = 1; i <= na; i++) {
				b = tohex(hex(al[i]) - soff[k])
				if (!(b in seen)) {
					seen[b] = 1
					votes[b]++
				}
			}
		}
		base = -1
		for (b in votes)
			if (votes[b] == nk) {
				if (base >= 0)
					return ""
				base = hex(b)
			}
		if (!nk || base < 0)
			return ""
		for (k = 1; k <= nsym; k++) {
			if (smember[k] != mb)
				continue
			s = base + soff[k]
			e = s + ssize[k]
			if (l == "" || s < l)
				l = s
			if (h == "" || e > h)
				h = e
		}
	}
	symlo = l
	symhi = h
	return "ok"
}

END {
	if (failed)
		exit 1
	if (!nmembers)
		die("no member " driver ".*.o in the archive")
	sortsecs()
	first = last = 0
	for (k = 1; k <= nsec; k++) {
		if (!secmine[k])
			continue
		if (last && last != k - 1)
			die("its objects are not adjacent in the map")
		if (!first)
			first = k
		last = k
	}
	if (!first)
		die("none of its objects has .text in the map")
	lo = secaddr[first]
	hi = secaddr[last] + secsize[last]

	for (p = 1; p <= nprog; p++)
		if (paddr[p] >= lo && paddr[p] < hi && !(pname[p] in defined))
			die("foreign symbol " pname[p] " at " tohex(paddr[p]) \
			    " inside [" tohex(lo) ", " tohex(hi) ")")
	if (nsym && symrange() == "ok") {
		if (symlo != lo || symhi > hi || hi - symhi >= 64)
			die("the map says [" tohex(lo) ", " tohex(hi) ") but " \
			    "the symbols [" tohex(symlo) ", " tohex(symhi) ")")
		note("map and symbols agree")
	} else {
		note("symbol layout not matched (relaxed or descriptors); " \
		     "map alone")
	}
	print tohex(lo), tohex(hi)
}
' <(printf '%s\n==OBJDUMP==\n%s\n==NM==\n%s\n' "$(cat "$map")" "$objsyms" \
	"$progsyms")
