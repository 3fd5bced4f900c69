#!/bin/sh
# SPDX-License-Identifier: MIT
# cli-test.sh - the `cryptarch` command: every error path with its exit
# status (2: usage error, 1: failed operation) and exactly one line on
# stderr; no output file (and no temporary file) left behind by a failed
# run, and an existing output file left as it was; enc/dec round trips
# through files and standard input/output; known answers for AES and
# Twofish; byte-identical output to `openssl enc -nopad` for AES-128/192/256
# in ecb, cbc and ctr (that part is reported as skipped when openssl is
# missing); Twofish refused without --allow-variable-time by a message that
# names the option; the key read from --key-file and --key-fd as from
# --key, and their errors; `cryptarch list` parsing as /proc/crypto does
# (every record opens with name and driver) and holding a record per
# registered driver, `list --cpu` holding the CPU lines instead;
# `cryptarch selftest`; `cryptarch speed` output in the tcrypt format
# (integer seconds for an integer --sec, as tcrypt prints them) with each
# header naming an instance that list or explain knows, the one explain's
# plan gives for the lines below it; `cryptarch tune`
# and `explain` error paths, a short tune run writing a profile (only ever
# under $tmp) and explain reading it, or ignoring another version's or a
# garbage one.
#
# Usage: sh cli-test.sh PATH/TO/cryptarch [EMULATOR [ARGS...]]
# The emulator (qemu-user for cross builds) prefixes every run of the
# command. CRYPTARCH_TEST_REGISTRY, if set, is a program that prints one
# "driver cipher priority" line per registered implementation (test-meta
# --list); it is run under the emulator too.
# Exit status: 0 all passed, 1 some failed (or the command does not run at
# all), 77 no check could be made.

set -u

if [ $# -lt 1 ]; then
	echo "usage: $0 PATH/TO/cryptarch [EMULATOR ARGS...]" >&2
	exit 2
fi
CA=$1
shift
EMU="$*"

LC_ALL=C
export LC_ALL

tmp=$(mktemp -d "${TMPDIR:-/tmp}/cryptarch-cli.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM HUP

fails=0
passes=0
skipped=""

fail() {
	echo "FAIL: $*"
	fails=$((fails + 1))
}

ok() {
	passes=$((passes + 1))
}

skip() {
	echo "SKIP: $*"
	skipped="$skipped
  $*"
}

# Run the command (under the emulator) with stdin from $STDIN,
# stdout to $tmp/out, stderr to $tmp/err; the status goes to $rc.
STDIN=/dev/null
ca() {
	# shellcheck disable=SC2086 # the emulator prefix is split on purpose
	$EMU "$CA" "$@" <"$STDIN" >"$tmp/out" 2>"$tmp/err"
	rc=$?
}

# Lines (newline-terminated or not) in FILE.
lines() {
	awk 'END { print NR }' "$1"
}

# expect_error STATUS DESCRIPTION ARGS...: exit status STATUS, exactly one
# non-empty line on stderr, nothing on stdout.
expect_error() {
	want=$1
	what=$2
	shift 2
	ca "$@"
	if [ "$rc" -ne "$want" ]; then
		fail "$what: exit status $rc, expected $want (cryptarch $*)"
		sed 's/^/    stderr: /' "$tmp/err" | head -5
		return
	fi
	n=$(lines "$tmp/err")
	if [ "$n" -ne 1 ] || ! grep -q '[^[:space:]]' "$tmp/err"; then
		fail "$what: $n lines on stderr, expected one message"
		sed 's/^/    stderr: /' "$tmp/err" | head -5
		return
	fi
	if [ -s "$tmp/out" ]; then
		fail "$what: wrote to standard output on error"
		return
	fi
	ok
	echo "ok: $what -> $rc: $(cat "$tmp/err")"
}

# expect_ok DESCRIPTION ARGS...
expect_ok() {
	what=$1
	shift
	ca "$@"
	if [ "$rc" -ne 0 ]; then
		fail "$what: exit status $rc (cryptarch $*)"
		sed 's/^/    stderr: /' "$tmp/err" | head -5
		return 1
	fi
	ok
	return 0
}

# The bytes of FILE as lower-case hex on one line.
hex() {
	od -An -v -tx1 "$1" | tr -d ' \n'
}

# ---- can the command run at all? --------------------------------------------
# The build made it: not running (under the emulator, if any) is a failure,
# never a reason to skip the rest.
ca --version
if [ "$rc" -ne 0 ]; then
	echo "FAIL: cannot run ${EMU:+$EMU }$CA --version (status $rc)"
	sed 's/^/    stderr: /' "$tmp/err" | head -5
	exit 1
fi

K128=000102030405060708090a0b0c0d0e0f
K192=000102030405060708090a0b0c0d0e0f1011121314151617
K256=000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f
IV=f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff

head -c 1024 /dev/urandom >"$tmp/d1024" || exit 1
head -c 1000 /dev/urandom >"$tmp/d1000" || exit 1
head -c 15 /dev/urandom >"$tmp/d15" || exit 1
head -c 16 /dev/zero >"$tmp/z16" || exit 1
mkdir "$tmp/outdir" "$tmp/ro"

# ---- usage errors: 2 --------------------------------------------------------
expect_error 2 "unknown subcommand" frobnicate
expect_error 2 "unknown option" --frobnicate
expect_error 2 "enc: unknown option" enc --alg 'cbc(aes)' --key $K128 \
	--iv $IV --frobnicate --in "$tmp/d1024"
expect_error 2 "enc: missing --alg" enc --key $K128 --in "$tmp/d1024"
expect_error 2 "enc: missing --key" enc --alg 'cbc(aes)' --iv $IV \
	--in "$tmp/d1024"
expect_error 2 "dec: missing --key" dec --alg 'ecb(aes)' --in "$tmp/d1024"
expect_error 2 "enc: --alg without a value" enc --key $K128 --alg
expect_error 2 "enc: odd-length key" enc --alg 'cbc(aes)' --key 0001020 \
	--iv $IV --in "$tmp/d1024"
expect_error 2 "enc: odd-length key (31 digits)" enc --alg 'ecb(aes)' \
	--key 000102030405060708090a0b0c0d0e0 --in "$tmp/d1024"
expect_error 2 "enc: non-hex key" enc --alg 'cbc(aes)' \
	--key zz0102030405060708090a0b0c0d0e0f --iv $IV --in "$tmp/d1024"
expect_error 2 "enc: wrong key length (15 bytes)" enc --alg 'cbc(aes)' \
	--key 000102030405060708090a0b0c0d0e --iv $IV --in "$tmp/d1024"
expect_error 2 "enc: wrong key length (17 bytes)" enc --alg 'ecb(aes)' \
	--key ${K128}10 --in "$tmp/d1024"
expect_error 2 "enc: wrong key length for xts (16 bytes)" enc \
	--alg 'xts(aes)' --key $K128 --iv $IV --in "$tmp/d1024"
expect_error 2 "dec: empty key" dec --alg 'ecb(aes)' --key '' \
	--in "$tmp/d1024"
expect_error 2 "enc: bad iv length (15 bytes)" enc --alg 'cbc(aes)' \
	--key $K128 --iv f0f1f2f3f4f5f6f7f8f9fafbfcfdfe --in "$tmp/d1024"
expect_error 2 "enc: bad iv length (17 bytes)" enc --alg 'ctr(aes)' \
	--key $K128 --iv ${IV}00 --in "$tmp/d1024"
expect_error 2 "enc: non-hex iv" enc --alg 'cbc(aes)' --key $K128 \
	--iv g0f1f2f3f4f5f6f7f8f9fafbfcfdfeff --in "$tmp/d1024"
expect_error 2 "enc: missing --iv for cbc" enc --alg 'cbc(aes)' --key $K128 \
	--in "$tmp/d1024"
expect_error 2 "dec: missing --iv for cbc" dec --alg 'cbc(aes)' --key $K128 \
	--in "$tmp/d1024"
expect_error 2 "enc: missing --iv for ctr" enc --alg 'ctr(aes)' --key $K128 \
	--in "$tmp/d1000"
expect_error 2 "enc: unknown algorithm" enc --alg 'cbc(serpent)' \
	--key $K128 --iv $IV --in "$tmp/d1024"
expect_error 2 "enc: unknown mode" enc --alg 'foo(aes)' --key $K128 \
	--iv $IV --in "$tmp/d1024"
expect_error 2 "enc: malformed name" enc --alg 'cbc(aes' --key $K128 \
	--iv $IV --in "$tmp/d1024"
expect_error 2 "enc: malformed name (empty)" enc --alg '' --key $K128 \
	--iv $IV --in "$tmp/d1024"

# ---- failed operations: 1 ---------------------------------------------------
expect_error 1 "enc: cbc data not a multiple of 16" enc --alg 'cbc(aes)' \
	--key $K128 --iv $IV --in "$tmp/d1000"
expect_error 1 "dec: ecb data not a multiple of 16" dec --alg 'ecb(aes)' \
	--key $K128 --in "$tmp/d15"
STDIN="$tmp/d1000"
expect_error 1 "enc: ecb data on stdin not a multiple of 16" enc \
	--alg 'ecb(aes)' --key $K128
STDIN=/dev/null
expect_error 1 "enc: xts data shorter than 16" enc --alg 'xts(aes)' \
	--key $K128$K128 --iv $IV --in "$tmp/d15"
expect_error 1 "enc: unreadable --in" enc --alg 'ecb(aes)' --key $K128 \
	--in "$tmp/no-such-file"
expect_error 1 "enc: unwritable --out" enc --alg 'ecb(aes)' --key $K128 \
	--in "$tmp/d1024" --out "$tmp/no-such-dir/out"

# ---- no partial output ------------------------------------------------------
expect_error 1 "enc: failed run with --out" enc --alg 'cbc(aes)' \
	--key $K128 --iv $IV --in "$tmp/d1000" --out "$tmp/outdir/x.bin"
if [ -n "$(ls -A "$tmp/outdir")" ]; then
	fail "a failed run left files behind: $(ls -A "$tmp/outdir")"
else
	ok
fi
expect_error 2 "enc: usage error with --out" enc --alg 'cbc(serpent)' \
	--key $K128 --iv $IV --in "$tmp/d1024" --out "$tmp/outdir/x.bin"
if [ -n "$(ls -A "$tmp/outdir")" ]; then
	fail "a usage error left files behind: $(ls -A "$tmp/outdir")"
else
	ok
fi
printf 'keep me\n' >"$tmp/outdir/keep"
expect_error 1 "enc: failed run onto an existing file" enc \
	--alg 'ecb(aes)' --key $K128 --in "$tmp/d15" --out "$tmp/outdir/keep"
if [ "$(cat "$tmp/outdir/keep")" != "keep me" ] ||
	[ "$(ls -A "$tmp/outdir")" != "keep" ]; then
	fail "a failed run changed an existing output file or left files: " \
		"$(ls -A "$tmp/outdir")"
else
	ok
fi
rm -f "$tmp/outdir/keep"

# ---- round trips ------------------------------------------------------------
for spec in "ecb(aes):$K128::d1024" "ecb(aes):$K192::d1024" \
	"cbc(aes):$K256:$IV:d1024" "ctr(aes):$K128:$IV:d1000" \
	"ctr(aes):$K256:$IV:d1024" "xts(aes):$K128$K256:$IV:d1000" \
	"xts(aes):$K256$K128:$IV:d1024"; do
	alg=${spec%%:*}
	rest=${spec#*:}
	key=${rest%%:*}
	rest=${rest#*:}
	iv=${rest%%:*}
	data=${rest#*:}
	set -- --alg "$alg" --key "$key"
	[ -n "$iv" ] && set -- "$@" --iv "$iv"
	if expect_ok "enc $alg" enc "$@" --in "$tmp/$data" \
		--out "$tmp/outdir/c"; then
		if cmp -s "$tmp/outdir/c" "$tmp/$data"; then
			fail "enc $alg: output equals input"
		fi
		if expect_ok "dec $alg" dec "$@" --in "$tmp/outdir/c" \
			--out "$tmp/outdir/p"; then
			if cmp -s "$tmp/outdir/p" "$tmp/$data"; then
				ok
			else
				fail "dec(enc(x)) != x for $alg"
			fi
		fi
		# the same through standard input and output
		STDIN="$tmp/$data"
		if expect_ok "enc $alg (stdin)" enc "$@"; then
			if cmp -s "$tmp/out" "$tmp/outdir/c"; then
				ok
			else
				fail "enc $alg: stdin/stdout differs from files"
			fi
		fi
		STDIN=/dev/null
	fi
	rm -f "$tmp/outdir/c" "$tmp/outdir/p"
done
if [ -n "$(ls -A "$tmp/outdir")" ]; then
	fail "round trips left files behind: $(ls -A "$tmp/outdir")"
fi

# ---- the key from a file or a descriptor ------------------------------------
# The same bytes as --key, white space around the hex ignored.
printf '  %s\n\n' "$K256" >"$tmp/key256"
printf '%s' "$K128$K256" >"$tmp/keyxts"
for spec in "cbc(aes):$K256:key256:$IV" "xts(aes):$K128$K256:keyxts:$IV" \
	"ecb(aes):$K256:key256:"; do
	alg=${spec%%:*}
	rest=${spec#*:}
	key=${rest%%:*}
	rest=${rest#*:}
	kf=${rest%%:*}
	iv=${rest#*:}
	set -- --alg "$alg" --in "$tmp/d1024"
	[ -n "$iv" ] && set -- "$@" --iv "$iv"
	expect_ok "enc $alg --key" enc "$@" --key "$key" || continue
	cp "$tmp/out" "$tmp/c-key"
	if expect_ok "enc $alg --key-file" enc "$@" --key-file "$tmp/$kf"; then
		if cmp -s "$tmp/out" "$tmp/c-key"; then
			ok
		else
			fail "enc $alg: --key-file output differs from --key"
		fi
	fi
	# shellcheck disable=SC2086 # the emulator prefix is split on purpose
	if ! $EMU "$CA" enc "$@" --key-fd 3 3<"$tmp/$kf" <"$STDIN" \
		>"$tmp/out" 2>"$tmp/err"; then
		fail "enc $alg --key-fd 3 failed: $(cat "$tmp/err")"
	elif cmp -s "$tmp/out" "$tmp/c-key"; then
		ok
	else
		fail "enc $alg: --key-fd output differs from --key"
	fi
	if expect_ok "dec $alg --key-file" dec --alg "$alg" \
		--in "$tmp/c-key" ${iv:+--iv "$iv"} --key-file "$tmp/$kf"; then
		if cmp -s "$tmp/out" "$tmp/d1024"; then
			ok
		else
			fail "dec $alg --key-file: dec(enc(x)) != x"
		fi
	fi
done
printf 'zz0102030405060708090a0b0c0d0e0f\n' >"$tmp/keybad"
printf ' \n' >"$tmp/keyblank"
printf '%s\n' "$K128" >"$tmp/key128"
expect_error 2 "enc: missing --key-file" enc --alg 'cbc(aes)' \
	--key-file "$tmp/no-such-key" --iv $IV --in "$tmp/d1024"
expect_error 2 "enc: --key and --key-file" enc --alg 'cbc(aes)' \
	--key $K128 --key-file "$tmp/key256" --iv $IV --in "$tmp/d1024"
expect_error 2 "dec: --key-file and --key-fd" dec --alg 'ecb(aes)' \
	--key-file "$tmp/key256" --key-fd 0 --in "$tmp/d1024"
expect_error 2 "enc: non-hex --key-file" enc --alg 'cbc(aes)' \
	--key-file "$tmp/keybad" --iv $IV --in "$tmp/d1024"
expect_error 2 "enc: blank --key-file" enc --alg 'cbc(aes)' \
	--key-file "$tmp/keyblank" --iv $IV --in "$tmp/d1024"
expect_error 2 "enc: --key-fd not a number" enc --alg 'cbc(aes)' \
	--key-fd three --iv $IV --in "$tmp/d1024"
expect_error 2 "enc: --key-fd not open" enc --alg 'cbc(aes)' \
	--key-fd 9 --iv $IV --in "$tmp/d1024"
expect_error 2 "enc: --key-file of the wrong length" enc --alg 'xts(aes)' \
	--key-file "$tmp/key128" --iv $IV --in "$tmp/d1024"
if [ -n "$(ls -A "$tmp/outdir")" ]; then
	fail "key file checks left files behind: $(ls -A "$tmp/outdir")"
fi

# ---- known answers (no peer needed) -----------------------------------------
# AES-128, zero key, zero block (FIPS-197 style KAT; also AESAVS VarTxt).
if expect_ok "enc ecb(aes) zero block" enc --alg 'ecb(aes)' \
	--key 00000000000000000000000000000000 --in "$tmp/z16"; then
	got=$(hex "$tmp/out")
	if [ "$got" = 66e94bd4ef8a2c3b884cfa59ca342b2e ]; then
		ok
	else
		fail "ecb(aes) of a zero block under a zero key: $got"
	fi
fi
# Twofish-128, zero key, zero block (Twofish paper, Appendix B.1, I=1).
if expect_ok "enc ecb(twofish) zero block" enc --alg 'ecb(twofish)' \
	--allow-variable-time --key 00000000000000000000000000000000 \
	--in "$tmp/z16"; then
	got=$(hex "$tmp/out")
	if [ "$got" = 9f589f5cf6122c32b6bfec2f2ae8c35a ]; then
		ok
	else
		fail "ecb(twofish) of a zero block under a zero key: $got"
	fi
fi

# ---- the constant-time policy -----------------------------------------------
ca enc --alg 'cbc(twofish)' --key $K128 --iv $IV --in "$tmp/d1024"
if [ "$rc" -eq 0 ]; then
	fail "cbc(twofish) without --allow-variable-time was accepted"
elif ! grep -q -- '--allow-variable-time' "$tmp/err"; then
	fail "cbc(twofish) refused without naming --allow-variable-time:" \
		"$(cat "$tmp/err")"
elif [ "$(lines "$tmp/err")" -ne 1 ] || [ -s "$tmp/out" ]; then
	fail "cbc(twofish) refusal: not exactly one line on stderr"
else
	ok
	echo "ok: twofish refused -> $rc: $(cat "$tmp/err")"
fi
if expect_ok "enc cbc(twofish) --allow-variable-time" enc \
	--alg 'cbc(twofish)' --allow-variable-time --key $K256 --iv $IV \
	--in "$tmp/d1024" --out "$tmp/tf"; then
	if expect_ok "dec cbc(twofish)" dec --alg 'cbc(twofish)' \
		--allow-variable-time --key $K256 --iv $IV --in "$tmp/tf"; then
		if cmp -s "$tmp/out" "$tmp/d1024"; then
			ok
		else
			fail "twofish dec(enc(x)) != x"
		fi
	fi
fi
ca enc --alg 'cbc(aes-generic)' --key $K128 --iv $IV --in "$tmp/d1024"
if [ "$rc" -eq 0 ]; then
	fail "cbc(aes-generic) without --allow-variable-time was accepted"
elif ! grep -q -- '--allow-variable-time' "$tmp/err"; then
	fail "cbc(aes-generic) refused without naming --allow-variable-time"
else
	ok
fi

# ---- identical to openssl enc -----------------------------------------------
if command -v openssl >/dev/null 2>&1 &&
	openssl enc -aes-128-ctr -K $K128 -iv $IV -in "$tmp/z16" \
		-out "$tmp/ossl" 2>/dev/null; then
	for bits in 128 192 256; do
		case $bits in
		128) key=$K128 ;;
		192) key=$K192 ;;
		256) key=$K256 ;;
		esac
		for mode in ecb cbc ctr; do
			data=d1024
			[ $mode = ctr ] && data=d1000
			set -- --alg "$mode(aes)" --key "$key"
			ivo=""
			if [ $mode != ecb ]; then
				set -- "$@" --iv $IV
				ivo="-iv $IV"
			fi
			# shellcheck disable=SC2086
			if ! openssl enc -nopad -aes-$bits-$mode -K $key $ivo \
				-in "$tmp/$data" -out "$tmp/ossl"; then
				fail "openssl enc -aes-$bits-$mode failed"
				continue
			fi
			if expect_ok "enc $mode(aes) $bits" enc "$@" \
				--in "$tmp/$data"; then
				if cmp -s "$tmp/out" "$tmp/ossl"; then
					ok
				else
					fail "enc $mode(aes)-$bits differs" \
						"from openssl enc"
				fi
			fi
			if expect_ok "dec $mode(aes) $bits" dec "$@" \
				--in "$tmp/ossl"; then
				if cmp -s "$tmp/out" "$tmp/$data"; then
					ok
				else
					fail "dec $mode(aes)-$bits of openssl" \
						"output differs"
				fi
			fi
		done
	done
	echo "ok: enc/dec identical to openssl enc -nopad for AES-128/192/256" \
		"ecb, cbc, ctr"
else
	skip "comparison with openssl enc: openssl not found or not working"
fi

# ---- list -------------------------------------------------------------------
if expect_ok "list" list; then
	cp "$tmp/out" "$tmp/list"
	# As a /proc/crypto parser reads it: records separated by one empty
	# line, each line "key : value", each record opening with name and
	# driver; no CPU lines (list --cpu has them).
	msg=$(awk '
	BEGIN { RS = ""; FS = "\n"; n = 0 }
	{
		n++
		for (i = 1; i <= NF; i++)
			if ($i !~ /^[a-z][a-z -]*[a-z] *: [^ ]/) {
				print "record " n ", line " i ": " $i
				exit
			}
		if ($1 !~ /^name +: / || $2 !~ /^driver +: /) {
			print "record " n " does not open with name and driver: " $1
			exit
		}
	}
	END { if (n == 0) print "no records" }' "$tmp/list")
	if [ -n "$msg" ]; then
		fail "list: not /proc/crypto records: $msg"
	elif grep -q '^cpu ' "$tmp/list"; then
		fail "list: CPU lines among the records (they are list --cpu's)"
	elif awk 'NR > 1 && prev == "" && $0 == "" { bad = 1 } { prev = $0 }
		END { exit !bad }' "$tmp/list"; then
		fail "list: two empty lines in a row"
	else
		ok
		echo "ok: list parses as /proc/crypto records"
	fi
	if [ -n "${CRYPTARCH_TEST_REGISTRY:-}" ]; then
		# shellcheck disable=SC2086
		$EMU "$CRYPTARCH_TEST_REGISTRY" --list >"$tmp/registry" ||
			fail "$CRYPTARCH_TEST_REGISTRY --list failed"
	else
		echo "note: CRYPTARCH_TEST_REGISTRY not set; checking the" \
			"portable drivers only"
		printf '%s\n' 'aes-generic aes -' 'aes-ct64 aes -' \
			'twofish-generic twofish -' >"$tmp/registry"
	fi
	[ -s "$tmp/registry" ] || fail "no registered drivers listed"
	while read -r drv name prio; do
		msg=$(awk -v drv="$drv" -v nm="$name" -v pr="$prio" '
		BEGIN { RS = ""; FS = "\n"; found = 0 }
		{
			split("", f)
			for (i = 1; i <= NF; i++) {
				c = index($i, ":")
				if (c == 0)
					continue
				k = substr($i, 1, c - 1)
				sub(/[ \t]+$/, "", k)
				v = substr($i, c + 1)
				sub(/^ /, "", v)
				f[k] = v
			}
			if (f["driver"] != drv || f["type"] != "cipher")
				next
			found = 1
			need = "name driver module priority refcnt selftest " \
			       "internal type blocksize constant-time available"
			n = split(need, w, " ")
			for (i = 1; i <= n; i++)
				if (!(w[i] in f))
					bad = bad " no " w[i] ";"
			if (!("min keysize" in f))
				bad = bad " no min keysize;"
			if (!("max keysize" in f))
				bad = bad " no max keysize;"
			if (f["name"] != nm)
				bad = bad " name " f["name"] ";"
			if (pr != "-" && f["priority"] != pr)
				bad = bad " priority " f["priority"] ";"
			if (f["blocksize"] != "16")
				bad = bad " blocksize " f["blocksize"] ";"
			if (f["available"] == "yes" &&
			    f["selftest"] != "passed")
				bad = bad " selftest " f["selftest"] ";"
		}
		END {
			if (!found)
				print "no cipher record with driver " drv
			else if (bad != "")
				print "record of " drv ":" bad
		}' "$tmp/list")
		if [ -n "$msg" ]; then
			fail "list: $msg"
		else
			ok
			echo "ok: list has a record for $drv"
		fi
	done <"$tmp/registry"
fi

if expect_ok "list --cpu" list --cpu; then
	for l in 'cpu detected : ' 'cpu masked   : ' 'cpu effective: '; do
		if ! grep -q "^$l" "$tmp/out"; then
			fail "list --cpu: no line '$l'"
		fi
	done
	if grep -Eqv '^(cpu detected|cpu masked|cpu effective|disable|warning) *: ' \
		"$tmp/out"; then
		fail "list --cpu: a line that is not a CPU line:" \
			"$(grep -Ev '^(cpu|disable|warning)' "$tmp/out" | head -1)"
	else
		ok
	fi
fi
# An unknown word in the mask: a warning line in list --cpu, and on
# stderr (never among the records) for list.
disable_was=${CRYPTARCH_DISABLE-unset}
CRYPTARCH_DISABLE="${CRYPTARCH_DISABLE:+$CRYPTARCH_DISABLE,}no-such-feature"
export CRYPTARCH_DISABLE
if expect_ok "list --cpu with an unknown mask word" list --cpu; then
	if ! grep -q '^warning *: .*no-such-feature' "$tmp/out" ||
		! grep -q '^disable *: .*no-such-feature' "$tmp/out"; then
		fail "list --cpu: the unknown word of CRYPTARCH_DISABLE not shown"
	fi
fi
if expect_ok "list with an unknown mask word" list; then
	if grep -q 'no-such-feature' "$tmp/out"; then
		fail "list: the mask warning among the records"
	elif ! grep -q 'no-such-feature' "$tmp/err"; then
		fail "list: the unknown word of CRYPTARCH_DISABLE not reported"
	else
		ok
	fi
fi
if [ "$disable_was" = unset ]; then
	unset CRYPTARCH_DISABLE
else
	CRYPTARCH_DISABLE=$disable_was
fi
expect_error 2 "list: unknown option" list --frobnicate

# ---- selftest ---------------------------------------------------------------
if expect_ok "selftest" selftest; then
	if [ ! -s "$tmp/out" ]; then
		fail "selftest printed nothing"
	fi
	if [ -s "$tmp/registry" ]; then
		while read -r drv name prio; do
			if ! grep -q -- "$drv" "$tmp/out"; then
				fail "selftest: no line names $drv"
			fi
		done <"$tmp/registry"
	fi
fi

# ---- speed ------------------------------------------------------------------
if expect_ok "speed" speed --driver ctr-aes-ct64 --sec 0.05 --sizes 16,64; then
	hdr='^testing speed of (async )?ctr\(aes\) \(ctr-aes-ct64\) '
	hdr="$hdr"'(en|de)cryption$'
	line='^test [0-9]+ \((128|192|256) bit key, (16|64) byte blocks\): '
	line="$line"'[0-9]+ operations in 0\.05 seconds '
	line="$line"'\([0-9]+ bytes\)$'
	if ! grep -Eq "$hdr" "$tmp/out"; then
		fail "speed: no tcrypt header line"
		head -5 "$tmp/out" | sed 's/^/    /'
	else
		ok
	fi
	for k in 128 192 256; do
		for s in 16 64; do
			if ! grep -E "$line" "$tmp/out" |
				grep -q "($k bit key, $s byte blocks)"; then
				fail "speed: no line for $k-bit keys and" \
					"$s-byte blocks"
			fi
		done
	done
	# bytes = operations x block size, on every line
	bad=$(grep -E "$line" "$tmp/out" | awk '{
		s = $6; ops = $9; b = $14; sub(/^\(/, "", b)
		if (ops * s != b) print
	}')
	if [ -n "$bad" ]; then
		fail "speed: bytes != operations x size: $bad"
	fi
	if grep -E '^test ' "$tmp/out" | grep -Evq "$line"; then
		fail "speed: a test line is not in the tcrypt format:"
		grep -E '^test ' "$tmp/out" | grep -Ev "$line" | head -3
	fi
fi
# An integer --sec prints integer seconds, exactly as tcrypt does.
if expect_ok "speed --sec 1" speed --driver ctr-aes-ct64 --sec 1 --sizes 16 \
	--keys 128; then
	tline='^test [0-9]+ \([0-9]+ bit key, [0-9]+ byte blocks\): [0-9]+ '
	tline="$tline"'operations in [0-9]+ seconds \([0-9]+ bytes\)$'
	n=$(grep -Ec "$tline" "$tmp/out")
	if [ "$n" -ne 2 ] || grep '^test ' "$tmp/out" | grep -Evq "$tline"
	then
		fail "speed --sec 1: test lines not in tcrypt's format:"
		grep '^test ' "$tmp/out" | head -3 | sed 's/^/    /'
	elif grep '^test ' "$tmp/out" | grep -vq ' in 1 seconds '; then
		fail "speed --sec 1: not '1 seconds'"
	else
		ok
	fi
fi
# Each header names the instance that ran: one that list or explain knows.
if expect_ok "speed --alg cbc(aes)" speed --alg 'cbc(aes)' --sec 0.01 \
	--sizes 16,8192 --keys 128; then
	cp "$tmp/out" "$tmp/speed"
	sed -n 's/^testing speed of cbc(aes) (\(.*\)) [a-z]*$/\1/p' \
		"$tmp/speed" >"$tmp/headers"
	if [ ! -s "$tmp/headers" ]; then
		fail "speed --alg cbc(aes): no tcrypt header naming an instance"
	fi
	ca explain 'cbc(aes)' --allow-variable-time
	cp "$tmp/out" "$tmp/explain"
	while read -r inst; do
		if grep -q "^driver *: $inst\$" "$tmp/list" 2>/dev/null ||
			grep -Fq "  $inst, " "$tmp/explain"; then
			ok
		else
			fail "speed: header names '$inst', which neither list" \
				"nor explain knows"
		fi
	done <"$tmp/headers"
	if ! grep -q '^cbc(aes) ' "$tmp/speed"; then
		fail "speed --alg cbc(aes): no summary rows"
	fi
	# ... and it is the plan's instance for the lines below it: per
	# direction and request size class, as explain shows the plan.
	if expect_ok "explain cbc(aes) (the plan)" explain 'cbc(aes)'; then
		small=$(sed -n 's/.*small: requests of at most \([0-9]*\) bytes.*/\1/p' \
			"$tmp/out")
		msg=$(awk -v small="${small:-0}" '
		FNR == NR {
			if ($1 == "128" && ($3 == "small" || $3 == "large"))
				plan[$2 " " $3] = $4
			next
		}
		/^testing speed of / {
			inst = substr($5, 2, length($5) - 2)
			dir = $6
		}
		/^test [0-9]+ \(128 bit key/ {
			cls = $6 + 0 <= small + 0 ? "small" : "large"
			want = plan[dir " " cls]
			if (want == "")
				print "no plan for 128-bit " dir " " cls
			else if (want != inst)
				print $6 "-byte " dir " under " inst ", the plan says " want
		}' "$tmp/out" "$tmp/speed" | head -3)
		if [ -z "$small" ]; then
			fail "explain cbc(aes): no size class limit shown"
		elif [ -n "$msg" ]; then
			fail "speed: a header does not name the instance used: $msg"
		else
			ok
		fi
	fi
fi
expect_error 2 "speed: unknown driver" speed --driver ctr-aes-nothing \
	--sec 0.05 --sizes 16
expect_error 2 "speed: a block cipher's driver" speed --driver aes-generic \
	--sec 0.05 --sizes 16
expect_error 2 "list: unexpected argument" list extra

# ---- tune and explain ---------------------------------------------------------
# Profiles go to $tmp only: never the user's (CRYPTARCH_PROFILE names it).
CRYPTARCH_PROFILE="$tmp/profile"
export CRYPTARCH_PROFILE
expect_error 2 "tune: unknown option" tune --frobnicate
expect_error 2 "tune: unexpected argument" tune extra
expect_error 2 "tune: --sec 0" tune --sec 0 --output "$tmp/p0"
expect_error 2 "tune: --sec not a number" tune --sec fast --output "$tmp/p0"
expect_error 2 "tune: --sec without a value" tune --output "$tmp/p0" --sec
expect_error 2 "tune: unknown cipher" tune --cipher serpent --output "$tmp/p0"
expect_error 2 "tune: unknown mode" tune --mode cfb --output "$tmp/p0"
expect_error 2 "tune: unknown flags" tune --flags fast --output "$tmp/p0"
expect_error 2 "tune: empty --output" tune --output ''
CRYPTARCH_PROFILE=
expect_error 2 "tune: no profile path (CRYPTARCH_PROFILE empty)" tune \
	--cipher aes --mode ecb --sec 0.001
CRYPTARCH_PROFILE="$tmp/profile"
expect_error 1 "tune: unwritable --output" tune --cipher aes --mode ecb \
	--sec 0.001 --output "$tmp/no-such-dir/profile"
if [ -e "$tmp/p0" ] || ls "$tmp/no-such-dir" >/dev/null 2>&1; then
	fail "tune: a failed run left a file behind"
fi
if expect_ok "tune: aes ecb" tune --cipher aes --mode ecb --sec 0.002; then
	if [ "$(head -1 "$tmp/profile" 2>/dev/null)" != "cryptarch-profile 1" ]
	then
		fail "tune: $tmp/profile does not start with the magic line"
	elif ! grep -Eq '^aes ecb (enc|dec) (128|192|256) (small|large) ' \
		"$tmp/profile" || ! tail -1 "$tmp/profile" | grep -Eq '^end [0-9]+$'
	then
		fail "tune: no entry or end line in the profile"
		sed 's/^/    /' "$tmp/profile" | head -20
	else
		ok
	fi
	if ls "$tmp"/profile.tmp.* >/dev/null 2>&1; then
		fail "tune: a temporary file was left next to the profile"
	fi
fi
if expect_ok "tune: --output -" tune --cipher aes --mode ctr --sec 0.001 \
	--output -; then
	if [ "$(head -1 "$tmp/out")" != "cryptarch-profile 1" ]; then
		fail "tune --output -: the profile is not on standard output"
	fi
fi
expect_error 2 "explain: no name" explain
expect_error 2 "explain: two names" explain 'cbc(aes)' 'ctr(aes)'
expect_error 2 "explain: unknown option" explain 'cbc(aes)' --frobnicate
expect_error 2 "explain: malformed name" explain 'cbc(aes'
expect_error 2 "explain: unknown algorithm" explain 'cbc(serpent)'
expect_error 2 "explain: unknown mode" explain 'foo(aes)'
expect_error 2 "explain: unknown instance" explain 'ctr-aes-nothing'
if expect_ok "explain: with the profile" explain 'ecb(aes)' \
	--allow-variable-time; then
	if ! grep -q "in use" "$tmp/out" || ! grep -q "measured" "$tmp/out"
	then
		fail "explain: the profile in use and its figures not shown"
		sed 's/^/    /' "$tmp/out" | head -20
	elif ! grep -q '^selection:' "$tmp/out"; then
		fail "explain: no selection"
	else
		ok
	fi
fi
if expect_ok "explain: --static-priority" explain 'ecb(aes)' \
	--allow-variable-time --static-priority; then
	if ! grep -q "not used: CRYPTARCH_STATIC_PRIORITY" "$tmp/out"; then
		fail "explain --static-priority: the profile not said unused"
	fi
fi
printf 'cryptarch-profile 1\nversion 0.0.0-other\n' >"$tmp/profile"
if expect_ok "explain: another version's profile" explain 'ctr(aes)' \
	--allow-variable-time; then
	if ! grep -q "ignored" "$tmp/out"; then
		fail "explain: a profile of another version not said ignored"
	fi
fi
head -c 3000 /dev/urandom >"$tmp/profile"
expect_ok "explain: a garbage profile" explain 'xts(aes)' \
	--allow-variable-time --forbid-weak-keys
expect_ok "explain: a block cipher" explain aes --allow-variable-time
expect_ok "explain: an instance" explain 'cbc(aes-generic)' \
	--allow-variable-time
expect_ok "help explain" help explain
expect_ok "tune --help" tune --help
unset CRYPTARCH_PROFILE

echo "cli-test: $passes checks passed, $fails failed"
if [ -n "$skipped" ]; then
	echo "cli-test: skipped parts (not passed):$skipped"
fi
if [ "$fails" -ne 0 ]; then
	exit 1
fi
if [ "$passes" -eq 0 ]; then
	exit 77
fi
exit 0
