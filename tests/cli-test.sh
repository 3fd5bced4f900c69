#!/bin/sh
# SPDX-License-Identifier: MIT
# cli-test.sh - the `cryptarch` command: every error path with its exit
# status (2: usage error, 1: failed operation, 3: a tag that does not
# verify) and exactly one line on stderr; no output file (and no
# temporary file) left behind by a failed run, and an existing output
# file left as it was; enc/dec round trips
# through files and standard input/output; known answers for AES and
# Twofish; byte-identical output to `openssl enc -nopad` for AES-128/192/256
# in ecb, cbc and ctr (that part is reported as skipped when openssl is
# missing); known answers for cts(cbc(aes)) (RFC 3962), xctr(aes) and
# essiv(cbc(aes),sha256) (the kernel's testmgr), and round trips past one
# 64 KiB chunk for those modes, which take the whole input; `cryptarch
# mac`: known answers (RFC 4493 CMAC, RFC 3566 XCBC, FIPS 180-4 SHA-256),
# a long input against sha256sum and `openssl mac` (skipped where
# missing), the key from a file or a descriptor, and every error path;
# a variable-time driver (twofish-generic, aes-generic) refused without
# --allow-variable-time by a message that names the option, and
# cbc(twofish) open without it (twofish-ct runs everywhere), agreeing
# with the table code; the key read from --key-file and --key-fd as from
# --key, and their errors; `cryptarch list` parsing as /proc/crypto does
# (every record opens with name and driver) and holding a record per
# registered driver (a block cipher's or a hash's, sha256-generic), the
# hash records in the shash form (blocksize, digestsize), `list --cpu`
# holding the CPU lines instead; `cryptarch selftest`; `cryptarch speed`
# output in the tcrypt format (integer seconds for an integer --sec, as
# tcrypt prints them) with each header naming an instance that list or
# explain knows, the one explain's plan gives for the lines below it; for
# hashes tcrypt's hash speed format and its 22 default sizes; `cryptarch
# tune` and `explain` error paths, a short tune run writing a profile
# (only ever under $tmp) and explain reading it, or ignoring another
# version's or a garbage one; a hash's profile lines (its large class
# only) and explain's plan for it, which speed's header follows. The
# authenticated ciphers (gcm, ccm): enc/dec known answers (the GCM
# specification's test cases 1, 2, 4, 5, 6; SP 800-38C C.1, C.2), the
# associated data from --aad, a file or standard input, round trips with
# every kind of nonce and several tag lengths, python3's cryptography
# package as a peer (skipped where missing), a tag that does not verify
# (status 3, nothing on standard output, no --out created, an existing
# one unchanged, no temporary file left), and every bad input (nonce and
# tag lengths named in the message); list's aead records in /proc/crypto's
# aead form, each the instance explain's static selection names; speed in
# tcrypt's AEAD format (its aead_sizes by default), its summary and JSON;
# explain's plan and the arguments' priorities; tune measuring ccm(aes)
# in part; mac ghash against the GCM specification's GHASH values.
# gcm is required once a ghash driver is registered.
#
# Usage: sh cli-test.sh PATH/TO/cryptarch [EMULATOR [ARGS...]]
# The emulator (qemu-user for cross builds) prefixes every run of the
# command. CRYPTARCH_TEST_REGISTRY, if set, is a program that prints one
# "driver cipher priority" line per registered implementation (test-meta
# --list); it is run under the emulator too. CRYPTARCH_CLI_PART, if set,
# runs one part of the checks only (enc, aead-mac, list-speed, tune or
# tune-aead; ctest runs each as its own test, cli-<part>): together they
# are every check, each part with the set-up it needs.
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

# CRYPTARCH_CLI_PART: run one part of the checks only (ctest registers
# each as its own test, cli-<part>, so that they run in parallel); unset
# or empty: every part, in this order.
parts="enc aead-mac list-speed tune tune-aead"
part_sel=${CRYPTARCH_CLI_PART:-}
case " $parts " in
*" $part_sel "*) ;;
*)
	if [ -n "$part_sel" ]; then
		echo "cli-test: unknown CRYPTARCH_CLI_PART '$part_sel'" \
			"(parts: $parts)" >&2
		exit 2
	fi
	;;
esac

# part NAME: whether the checks of part NAME are to run.
part() {
	[ -z "$part_sel" ] || [ "$part_sel" = "$1" ]
}

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

# Write the bytes of lower-case HEX to FILE: unhex HEX FILE.
unhex() {
	# shellcheck disable=SC2059 # the format is the bytes, as octal escapes
	printf "$(printf '%s' "$1" | awk '{
		h = "0123456789abcdef"
		for (i = 1; i < length($0); i += 2) {
			hi = index(h, substr($0, i, 1)) - 1
			lo = index(h, substr($0, i + 1, 1)) - 1
			printf "\\%03o", hi * 16 + lo
		}
	}')" >"$2"
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
# longer than one 64 KiB chunk (the modes that take the whole input, aead,
# mac)
head -c 200003 /dev/urandom >"$tmp/d200k" || exit 1
head -c 200000 /dev/urandom >"$tmp/d200k16" || exit 1
mkdir "$tmp/outdir" "$tmp/ro"
Z16=00000000000000000000000000000000

# gcm is required once a ghash driver is registered (its record in list);
# the parts that check gcm ask.
have_gcm=0
if part aead-mac || part list-speed || part tune-aead; then
	ca list
	if grep -q '^name *: ghash$' "$tmp/out"; then
		have_gcm=1
	fi
fi

if part enc; then
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

# ---- the modes that take the whole input: xctr, cts, essiv ---------------------
# Known answers: RFC 3962 Appendix B (cts(cbc(aes)), the kernel's CS3, IV
# zero), Linux crypto/testmgr.h (c7942ef54673) aes_xctr_tv_template[2] and
# essiv_aes_cbc_tv_template[1]; each decrypted back too.
CTSK=636869636b656e207465726979616b69
for spec in \
	"cts(cbc(aes)):$CTSK:$Z16:4920776f756c64206c696b652074686520:c6353568f2bf8cb4d8a580362da7ff7f97" \
	"cts(cbc(aes)):$CTSK:$Z16:4920776f756c64206c696b65207468652047656e6572616c20476175277320:fc00783e0efdb2c1d445d4c8eff7ed2297687268d6ecccc0c07b25e25ecfe5" \
	"cts(cbc(aes)):$CTSK:$Z16:4920776f756c64206c696b65207468652047656e6572616c2047617527732043:39312523a78662d5be7fcbcc98ebf5a897687268d6ecccc0c07b25e25ecfe584" \
	"xctr(aes):4403bf4c30f0a7d6bd54bb668ea60e8a:e6f726df8c3caa88cec1bd433b0962ad:3ce346b98f9d3f8deff253ab24e22908f87e1da66d867d60976393297194b4:d4a3c6b8c16f701a520ced4caf5156234845071034c5ba71e5f81ed8cba6e7" \
	"essiv(cbc(aes),sha256):c286696d887c9aa0611bbb3e2025a45a:562e17996d093d280000000000000000:000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f:c8599afe79e67b20067d550a5ec7b5a70b9c80d215a1b86dc6ab7b65d9fd88eb"; do
	alg=${spec%%:*}
	rest=${spec#*:}
	key=${rest%%:*}
	rest=${rest#*:}
	iv=${rest%%:*}
	rest=${rest#*:}
	pt=${rest%%:*}
	ct=${rest#*:}
	unhex "$pt" "$tmp/kat-pt"
	unhex "$ct" "$tmp/kat-ct"
	if expect_ok "enc $alg known answer" enc --alg "$alg" --key "$key" \
		--iv "$iv" --in "$tmp/kat-pt"; then
		got=$(hex "$tmp/out")
		if [ "$got" = "$ct" ]; then
			ok
		else
			fail "enc $alg of ${#pt}/2 bytes: $got, expected $ct"
		fi
	fi
	if expect_ok "dec $alg known answer" dec --alg "$alg" --key "$key" \
		--iv "$iv" --in "$tmp/kat-ct"; then
		got=$(hex "$tmp/out")
		if [ "$got" = "$pt" ]; then
			ok
		else
			fail "dec $alg: $got, expected $pt"
		fi
	fi
done
echo "ok: cts(cbc(aes)), xctr(aes), essiv(cbc(aes),sha256) known answers"
# Round trips, files against standard input, and longer than one 64 KiB
# chunk (these modes make one request of the whole input).
for spec in "xctr(aes):$K256:d1000:" "xctr(aes):$K128:d200k:" \
	"cts(cbc(aes)):$K192:d1000:" "cts(cbc(aes)):$K128:d200k:" \
	"essiv(cbc(aes),sha256):$K256:d1024:" \
	"essiv(cbc(aes),sha256):$K128:d200k16:" \
	"cts(cbc(twofish)):$K256:d1000:--allow-variable-time" \
	"xctr(twofish):$K128:d1000:--allow-variable-time"; do
	alg=${spec%%:*}
	rest=${spec#*:}
	key=${rest%%:*}
	rest=${rest#*:}
	data=${rest%%:*}
	vt=${rest#*:}
	set -- --alg "$alg" --key "$key" --iv $IV ${vt:+"$vt"}
	if expect_ok "enc $alg ($data)" enc "$@" --in "$tmp/$data" \
		--out "$tmp/outdir/c"; then
		if cmp -s "$tmp/outdir/c" "$tmp/$data" ||
			[ "$(wc -c <"$tmp/outdir/c")" -ne "$(wc -c <"$tmp/$data")" ]
		then
			fail "enc $alg ($data): output equals input, or its length differs"
		fi
		if expect_ok "dec $alg ($data)" dec "$@" \
			--in "$tmp/outdir/c" --out "$tmp/outdir/p"; then
			if cmp -s "$tmp/outdir/p" "$tmp/$data"; then
				ok
			else
				fail "dec(enc(x)) != x for $alg ($data)"
			fi
		fi
		STDIN="$tmp/$data"
		if expect_ok "enc $alg ($data, stdin)" enc "$@"; then
			if cmp -s "$tmp/out" "$tmp/outdir/c"; then
				ok
			else
				fail "enc $alg ($data): stdin/stdout differs from files"
			fi
		fi
		STDIN=/dev/null
	fi
	rm -f "$tmp/outdir/c" "$tmp/outdir/p"
done
expect_error 1 "enc: cts data shorter than 16" enc --alg 'cts(cbc(aes))' \
	--key $K128 --iv $IV --in "$tmp/d15"
expect_error 1 "enc: essiv data not a multiple of 16" enc \
	--alg 'essiv(cbc(aes),sha256)' --key $K128 --iv $IV --in "$tmp/d1000"
expect_error 2 "enc: missing --iv for xctr" enc --alg 'xctr(aes)' \
	--key $K128 --in "$tmp/d1000"
expect_error 2 "enc: wrong key length for essiv (17 bytes)" enc \
	--alg 'essiv(cbc(aes),sha256)' --key ${K128}10 --iv $IV --in "$tmp/d1024"
expect_error 2 "enc: a hash's name" enc --alg 'cmac(aes)' --key $K128 \
	--in "$tmp/d1024"
if [ "$rc" -eq 2 ] && ! grep -q 'cryptarch mac' "$tmp/err"; then
	fail "enc with a hash's name: the message does not point to mac"
fi
if [ -n "$(ls -A "$tmp/outdir")" ]; then
	fail "the whole-input modes left files behind: $(ls -A "$tmp/outdir")"
fi

fi # part enc

if part aead-mac; then
# ---- authenticated ciphers (aead): gcm, ccm ----------------------------------
# Known answers: the GCM specification (McGrew and Viega, "The
# Galois/Counter Mode of Operation", Appendix B) test cases 1, 2, 4, 5 (an
# 8-byte nonce) and 6 (a 60-byte one); NIST SP 800-38C Appendix C.1 and
# C.2 (CCM: 4- and 6-byte tags, 7- and 8-byte nonces). The output is the
# ciphertext followed by the tag; each is decrypted back too. gcm is
# required once a ghash driver is registered (have_gcm, above).
GCMK=feffe9928665731c6d6a8f9467308308
GCMA=feedfacedeadbeeffeedfacedeadbeefabaddad2
GCMP=d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39
set -- \
	"ccm(aes):404142434445464748494a4b4c4d4e4f:10111213141516:0001020304050607:4:20212223:7162015b4dac255d" \
	"ccm(aes):404142434445464748494a4b4c4d4e4f:1011121314151617:000102030405060708090a0b0c0d0e0f:6:202122232425262728292a2b2c2d2e2f:d2a1f0e051ea5f62081a7792073d593d1fc64fbfaccd"
if [ $have_gcm -eq 1 ]; then
	set -- "$@" \
		"gcm(aes):$Z16:000000000000000000000000::16::58e2fccefa7e3061367f1d57a4e7455a" \
		"gcm(aes):$Z16:000000000000000000000000::16:$Z16:0388dace60b6a392f328c2b971b2fe78ab6e47d42cec13bdf53a67b21257bddf" \
		"gcm(aes):$GCMK:cafebabefacedbaddecaf888:$GCMA:16:$GCMP:42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e0915bc94fbc3221a5db94fae95ae7121a47" \
		"gcm(aes):$GCMK:cafebabefacedbad:$GCMA:16:$GCMP:61353b4c2806934a777ff51fa22a4755699b2a714fcdc6f83766e5f97b6c742373806900e49f24b22b097544d4896b424989b5e1ebac0f07c23f45983612d2e79e3b0785561be14aaca2fccb" \
		"gcm(aes):$GCMK:9313225df88406e555909c5aff5269aa6a7a9538534f7da1e4c303d2a318a728c3c0c95156809539fcf0e2429a6b525416aedbf5a0de6a57a637b39b:$GCMA:16:$GCMP:8ce24998625615b603a033aca13fb894be9112a5c3a211a8ba262a3cca7e2ca701e4a9a4fba43c90ccdcb281d48c7c6fd62875d2aca417034c34aee5619cc5aefffe0bfa462af43c1699d050"
else
	skip "gcm known answers: no ghash driver registered"
fi
for spec in "$@"; do
	alg=${spec%%:*}
	rest=${spec#*:}
	key=${rest%%:*}
	rest=${rest#*:}
	nonce=${rest%%:*}
	rest=${rest#*:}
	aad=${rest%%:*}
	rest=${rest#*:}
	tl=${rest%%:*}
	rest=${rest#*:}
	pt=${rest%%:*}
	ct=${rest#*:}
	if [ -n "$pt" ]; then
		unhex "$pt" "$tmp/kat-pt"
	else
		: >"$tmp/kat-pt"
	fi
	unhex "$ct" "$tmp/kat-ct"
	if expect_ok "enc $alg known answer (${#nonce}/2-byte nonce)" enc \
		--alg "$alg" --key "$key" --iv "$nonce" ${aad:+--aad "$aad"} \
		--tag-length "$tl" --in "$tmp/kat-pt"; then
		got=$(hex "$tmp/out")
		if [ "$got" = "$ct" ]; then
			ok
		else
			fail "enc $alg (nonce $nonce): $got, expected $ct"
		fi
	fi
	if expect_ok "dec $alg known answer" dec --alg "$alg" --key "$key" \
		--iv "$nonce" ${aad:+--aad "$aad"} --tag-length "$tl" \
		--in "$tmp/kat-ct"; then
		got=$(hex "$tmp/out")
		if [ "$got" = "$pt" ]; then
			ok
		else
			fail "dec $alg (nonce $nonce): '$got', expected '$pt'"
		fi
	fi
done
if [ $have_gcm -eq 1 ]; then
	echo "ok: aead known answers (ccm: SP 800-38C C.1, C.2; gcm: test cases 1, 2, 4, 5, 6)"
else
	echo "ok: aead known answers (ccm: SP 800-38C C.1, C.2)"
fi

# The associated data from a file, as from --aad; and from standard input
# while the data comes from a file.
unhex 000102030405060708090a0b0c0d0e0f "$tmp/ccm-aad"
unhex 202122232425262728292a2b2c2d2e2f "$tmp/ccm-pt"
CCMC2=d2a1f0e051ea5f62081a7792073d593d1fc64fbfaccd
if expect_ok "enc ccm(aes) --aad-file" enc --alg 'ccm(aes)' \
	--key 404142434445464748494a4b4c4d4e4f --iv 1011121314151617 \
	--tag-length 6 --aad-file "$tmp/ccm-aad" --in "$tmp/ccm-pt"; then
	if [ "$(hex "$tmp/out")" = "$CCMC2" ]; then
		ok
	else
		fail "enc ccm(aes) --aad-file: $(hex "$tmp/out"), expected $CCMC2"
	fi
fi
STDIN="$tmp/ccm-aad"
if expect_ok "enc ccm(aes) --aad-file - (stdin)" enc --alg 'ccm(aes)' \
	--key 404142434445464748494a4b4c4d4e4f --iv 1011121314151617 \
	--tag-length 6 --aad-file - --in "$tmp/ccm-pt"; then
	if [ "$(hex "$tmp/out")" = "$CCMC2" ]; then
		ok
	else
		fail "enc ccm(aes) --aad-file -: $(hex "$tmp/out"), expected $CCMC2"
	fi
fi
STDIN=/dev/null

# Round trips: files, standard input, past one 64 KiB chunk, the default
# tag (16 bytes: the output is 16 bytes longer), other tag lengths, and
# the other cipher.
AEADS="ccm(aes):$K128:101112131415161718191a1b:16:d1000: \
	ccm(aes):$K256:10111213141516:8:d200k: \
	ccm(twofish):$K192:1011121314151617:12:d1024:--allow-variable-time"
if [ $have_gcm -eq 1 ]; then
	AEADS="$AEADS gcm(aes):$K128:101112131415161718191a1b:16:d1000: \
		gcm(aes):$K256:10:12:d200k: \
		gcm(aes):$K192:$IV$IV:4:d15: \
		gcm(twofish):$K256:101112131415161718191a1b:16:d1024:--allow-variable-time"
fi
for spec in $AEADS; do
	alg=${spec%%:*}
	rest=${spec#*:}
	key=${rest%%:*}
	rest=${rest#*:}
	nonce=${rest%%:*}
	rest=${rest#*:}
	tl=${rest%%:*}
	rest=${rest#*:}
	data=${rest%%:*}
	vt=${rest#*:}
	set -- --alg "$alg" --key "$key" --iv "$nonce" --aad "$IV" ${vt:+"$vt"}
	[ "$tl" -ne 16 ] && set -- "$@" --tag-length "$tl"
	if expect_ok "enc $alg ($data, tag $tl)" enc "$@" --in "$tmp/$data" \
		--out "$tmp/outdir/c"; then
		if [ "$(wc -c <"$tmp/outdir/c")" -ne \
			$(($(wc -c <"$tmp/$data") + tl)) ]; then
			fail "enc $alg ($data): output is not input + $tl bytes"
		fi
		if expect_ok "dec $alg ($data)" dec "$@" \
			--in "$tmp/outdir/c" --out "$tmp/outdir/p"; then
			if cmp -s "$tmp/outdir/p" "$tmp/$data"; then
				ok
			else
				fail "dec(enc(x)) != x for $alg ($data)"
			fi
		fi
		STDIN="$tmp/$data"
		if expect_ok "enc $alg ($data, stdin)" enc "$@"; then
			if cmp -s "$tmp/out" "$tmp/outdir/c"; then
				ok
			else
				fail "enc $alg ($data): stdin/stdout differs from files"
			fi
		fi
		STDIN="$tmp/outdir/c"
		if expect_ok "dec $alg ($data, stdin)" dec "$@"; then
			if cmp -s "$tmp/out" "$tmp/$data"; then
				ok
			else
				fail "dec $alg ($data): stdin/stdout differs"
			fi
		fi
		STDIN=/dev/null
	fi
	rm -f "$tmp/outdir/c" "$tmp/outdir/p"
done

# Against an independent implementation where Python's cryptography
# package is present: random keys, nonces, associated data and lengths.
if python3 -c 'import cryptography.hazmat.primitives.ciphers.aead' \
	2>/dev/null; then
	n=0
	for spec in "ccm:16:7:4:0" "ccm:24:13:16:33" "ccm:32:11:10:100" \
		"ccm:16:12:14:4097"; do
		set -- $(echo "$spec" | tr : ' ')
		[ $have_gcm -eq 1 ] || [ "$1" = ccm ] || continue
		n=$((n + 1))
		head -c "$5" /dev/urandom >"$tmp/py-pt"
		key=$(head -c "$2" /dev/urandom | od -An -v -tx1 | tr -d ' \n')
		nonce=$(head -c "$3" /dev/urandom | od -An -v -tx1 | tr -d ' \n')
		aad=$(head -c 21 /dev/urandom | od -An -v -tx1 | tr -d ' \n')
		want=$(python3 - "$1" "$key" "$nonce" "$aad" "$4" "$tmp/py-pt" <<'EOF'
import sys
from cryptography.hazmat.primitives.ciphers import aead
mode, key, nonce, ad, tl, path = sys.argv[1:]
k = bytes.fromhex(key)
c = aead.AESCCM(k, int(tl)) if mode == "ccm" else aead.AESGCM(k)
print(c.encrypt(bytes.fromhex(nonce), open(path, "rb").read(),
		bytes.fromhex(ad)).hex())
EOF
)
		if expect_ok "enc $1(aes) against python cryptography ($spec)" \
			enc --alg "$1(aes)" --key "$key" --iv "$nonce" \
			--aad "$aad" --tag-length "$4" --in "$tmp/py-pt"; then
			if [ "$(hex "$tmp/out")" = "$want" ]; then
				ok
			else
				fail "enc $1(aes) ($spec) differs from python cryptography"
			fi
		fi
	done
	[ $have_gcm -eq 1 ] && for spec in "gcm:16:12:16:0" "gcm:24:13:16:17" \
		"gcm:32:60:16:4096" "gcm:16:16:16:65537"; do
		set -- $(echo "$spec" | tr : ' ')
		head -c "$5" /dev/urandom >"$tmp/py-pt"
		key=$(head -c "$2" /dev/urandom | od -An -v -tx1 | tr -d ' \n')
		nonce=$(head -c "$3" /dev/urandom | od -An -v -tx1 | tr -d ' \n')
		aad=$(head -c 21 /dev/urandom | od -An -v -tx1 | tr -d ' \n')
		want=$(python3 - "$key" "$nonce" "$aad" "$tmp/py-pt" <<'EOF'
import sys
from cryptography.hazmat.primitives.ciphers import aead
key, nonce, ad, path = sys.argv[1:]
print(aead.AESGCM(bytes.fromhex(key)).encrypt(bytes.fromhex(nonce),
	open(path, "rb").read(), bytes.fromhex(ad)).hex())
EOF
)
		if expect_ok "enc gcm(aes) against python cryptography ($spec)" \
			enc --alg 'gcm(aes)' --key "$key" --iv "$nonce" \
			--aad "$aad" --in "$tmp/py-pt"; then
			if [ "$(hex "$tmp/out")" = "$want" ]; then
				ok
			else
				fail "enc gcm(aes) ($spec) differs from python cryptography"
			fi
		fi
	done
else
	skip "aead against python3 cryptography: not installed"
fi

# A tag that does not verify: status 3, one message, nothing on standard
# output, no --out file created, an existing one left as it was, and no
# temporary file left behind. A changed ciphertext byte, a changed tag,
# other associated data, another nonce, another tag length.
CCMARGS="--alg ccm(aes) --key 404142434445464748494a4b4c4d4e4f --iv 1011121314151617 --tag-length 6 --aad 000102030405060708090a0b0c0d0e0f"
unhex d2a1f0e051ea5f62081a7792073d593d1fc64fbfaccc "$tmp/bad-tag"
unhex d2a1f0e051ea5f62081a7792073d593d1fc64fbfaccd "$tmp/good-ct"
unhex d3a1f0e051ea5f62081a7792073d593d1fc64fbfaccd "$tmp/bad-ct"
# shellcheck disable=SC2086 # CCMARGS is split on purpose
expect_error 3 "dec ccm(aes): a changed tag" dec $CCMARGS --in "$tmp/bad-tag"
# shellcheck disable=SC2086
expect_error 3 "dec ccm(aes): a changed ciphertext byte" dec $CCMARGS \
	--in "$tmp/bad-ct" --out "$tmp/outdir/p"
if [ -e "$tmp/outdir/p" ] || [ -n "$(ls -A "$tmp/outdir")" ]; then
	fail "a bad tag created --out or left files: $(ls -A "$tmp/outdir")"
else
	ok
fi
printf 'keep me\n' >"$tmp/outdir/keep"
touch -t 200001010000 "$tmp/outdir/keep"
ls -l --time-style=+%s "$tmp/outdir/keep" >"$tmp/keep-before" 2>/dev/null ||
	ls -l "$tmp/outdir/keep" >"$tmp/keep-before"
expect_error 3 "dec ccm(aes): other associated data onto an existing file" \
	dec --alg 'ccm(aes)' --key 404142434445464748494a4b4c4d4e4f \
	--iv 1011121314151617 --tag-length 6 \
	--aad 000102030405060708090a0b0c0d0e0e --in "$tmp/good-ct" \
	--out "$tmp/outdir/keep"
ls -l --time-style=+%s "$tmp/outdir/keep" >"$tmp/keep-after" 2>/dev/null ||
	ls -l "$tmp/outdir/keep" >"$tmp/keep-after"
if [ "$(cat "$tmp/outdir/keep")" != "keep me" ] ||
	! cmp -s "$tmp/keep-before" "$tmp/keep-after" ||
	[ "$(ls -A "$tmp/outdir")" != "keep" ]; then
	fail "a bad tag changed an existing --out file or left files: " \
		"$(ls -A "$tmp/outdir")"
else
	ok
fi
rm -f "$tmp/outdir/keep"
expect_error 3 "dec ccm(aes): another nonce" dec --alg 'ccm(aes)' \
	--key 404142434445464748494a4b4c4d4e4f --iv 1011121314151618 \
	--tag-length 6 --aad 000102030405060708090a0b0c0d0e0f \
	--in "$tmp/good-ct"
expect_error 3 "dec ccm(aes): another tag length" dec --alg 'ccm(aes)' \
	--key 404142434445464748494a4b4c4d4e4f --iv 1011121314151617 \
	--tag-length 4 --aad 000102030405060708090a0b0c0d0e0f \
	--in "$tmp/good-ct"
STDIN="$tmp/bad-ct"
# shellcheck disable=SC2086
expect_error 3 "dec ccm(aes): a bad tag on standard input" dec $CCMARGS
STDIN=/dev/null
if [ $have_gcm -eq 1 ]; then
	unhex 0388dace60b6a392f328c2b971b2fe78ab6e47d42cec13bdf53a67b21257bdde \
		"$tmp/gcm-bad"
	expect_error 3 "dec gcm(aes): a changed tag" dec --alg 'gcm(aes)' \
		--key $Z16 --iv 000000000000000000000000 --in "$tmp/gcm-bad" \
		--out "$tmp/outdir/p"
	if [ -e "$tmp/outdir/p" ]; then
		fail "dec gcm(aes) with a bad tag created --out"
	fi
fi

# Bad inputs.
expect_error 2 "enc ccm(aes): a 6-byte nonce" enc --alg 'ccm(aes)' \
	--key $K128 --iv 101112131415 --in "$tmp/d15"
if [ "$rc" -eq 2 ] && ! grep -q '7 to 13 bytes' "$tmp/err"; then
	fail "ccm's nonce message does not name 7 to 13 bytes"
fi
expect_error 2 "dec ccm(aes): a 14-byte nonce" dec --alg 'ccm(aes)' \
	--key $K128 --iv 101112131415161718191a1b1c1d --in "$tmp/d1024"
expect_error 2 "enc ccm(aes): missing --iv" enc --alg 'ccm(aes)' \
	--key $K128 --in "$tmp/d15"
expect_error 2 "enc ccm(aes): --tag-length 5" enc --alg 'ccm(aes)' \
	--key $K128 --iv 1011121314151617 --tag-length 5 --in "$tmp/d15"
if [ "$rc" -eq 2 ] && ! grep -q '4, 6, 8, 10, 12, 14 or 16' "$tmp/err"; then
	fail "ccm's tag length message does not name the lengths"
fi
expect_error 2 "enc ccm(aes): --tag-length 17" enc --alg 'ccm(aes)' \
	--key $K128 --iv 1011121314151617 --tag-length 17 --in "$tmp/d15"
expect_error 2 "enc ccm(aes): --tag-length not a number" enc \
	--alg 'ccm(aes)' --key $K128 --iv 1011121314151617 --tag-length x \
	--in "$tmp/d15"
expect_error 2 "enc ccm(aes): wrong key length (15 bytes)" enc \
	--alg 'ccm(aes)' --key 000102030405060708090a0b0c0d0e \
	--iv 1011121314151617 --in "$tmp/d15"
expect_error 2 "enc ccm(aes): missing --key" enc --alg 'ccm(aes)' \
	--iv 1011121314151617 --in "$tmp/d15"
expect_error 2 "enc ccm(aes): odd --aad" enc --alg 'ccm(aes)' --key $K128 \
	--iv 1011121314151617 --aad 001 --in "$tmp/d15"
expect_error 2 "enc ccm(aes): --aad and --aad-file" enc --alg 'ccm(aes)' \
	--key $K128 --iv 1011121314151617 --aad 00 --aad-file "$tmp/ccm-aad" \
	--in "$tmp/d15"
STDIN="$tmp/d15"
expect_error 2 "enc ccm(aes): --aad-file - with the data on stdin" enc \
	--alg 'ccm(aes)' --key $K128 --iv 1011121314151617 --aad-file -
STDIN=/dev/null
expect_error 1 "enc ccm(aes): unreadable --aad-file" enc --alg 'ccm(aes)' \
	--key $K128 --iv 1011121314151617 --aad-file "$tmp/no-such-file" \
	--in "$tmp/d15"
expect_error 1 "dec ccm(aes): input shorter than the tag" dec \
	--alg 'ccm(aes)' --key $K128 --iv 1011121314151617 --in "$tmp/d15"
expect_error 2 "enc cbc(aes): --aad" enc --alg 'cbc(aes)' --key $K128 \
	--iv $IV --aad 00 --in "$tmp/d1024"
expect_error 2 "enc ctr(aes): --tag-length" enc --alg 'ctr(aes)' \
	--key $K128 --iv $IV --tag-length 16 --in "$tmp/d1024"
# A constant-time Twofish (twofish-ct) runs everywhere: the refusal is
# asked of the table driver by name.
expect_error 2 "enc ccm(twofish-generic) without --allow-variable-time" \
	enc --alg 'ccm(twofish-generic)' --key $K128 --iv 1011121314151617 \
	--in "$tmp/d15"
if [ $have_gcm -eq 1 ]; then
	expect_error 2 "enc gcm(aes): --tag-length 9" enc --alg 'gcm(aes)' \
		--key $K128 --iv 101112131415161718191a1b --tag-length 9 \
		--in "$tmp/d15"
	if [ "$rc" -eq 2 ] &&
		! grep -q '4, 8, 12, 13, 14, 15 or 16' "$tmp/err"; then
		fail "gcm's tag length message does not name the lengths"
	fi
fi
if [ -n "$(ls -A "$tmp/outdir")" ]; then
	fail "the aead runs left files behind: $(ls -A "$tmp/outdir")"
fi

# ---- mac ----------------------------------------------------------------------
# Known answers: RFC 4493 section 4 (AES-CMAC examples 1, 2 and 4: 0, 16
# and 64 bytes), RFC 3566 section 4.6 (AES-XCBC-MAC-96 test cases 1 and
# 2, the full 128-bit MAC), FIPS 180-4 / NIST's SHA-256 examples ("abc",
# and the empty message).
CMK=2b7e151628aed2a6abf7158809cf4f3c
M64=6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710
XCK=000102030405060708090a0b0c0d0e0f
for spec in "cmac(aes):$CMK::bb1d6929e95937287fa37d129b756746" \
	"cmac(aes):$CMK:6bc1bee22e409f96e93d7e117393172a:070a16b46b4d4144f79bdd9dd04a287c" \
	"cmac(aes):$CMK:$M64:51f0bebf7e3b9d92fc49741779363cfe" \
	"xcbc(aes):$XCK::75f0251d528ac01c4573dfd584d79f29" \
	"xcbc(aes):$XCK:000102:5b376580ae2f19afe7219ceef172756f" \
	"sha256::616263:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" \
	"sha256:::e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"; do
	alg=${spec%%:*}
	rest=${spec#*:}
	key=${rest%%:*}
	rest=${rest#*:}
	msg=${rest%%:*}
	tag=${rest#*:}
	unhex "$msg" "$tmp/msg"
	set -- --alg "$alg"
	[ -n "$key" ] && set -- "$@" --key "$key"
	if expect_ok "mac $alg of $((${#msg} / 2)) bytes" mac "$@" \
		--in "$tmp/msg"; then
		# exactly the tag in lower-case hex and a newline
		if [ "$(cat "$tmp/out")" = "$tag" ] &&
			[ "$(lines "$tmp/out")" -eq 1 ] &&
			[ "$(wc -c <"$tmp/out")" -eq $((${#tag} + 1)) ]; then
			ok
		else
			fail "mac $alg of $((${#msg} / 2)) bytes: '$(cat "$tmp/out")'," \
				"expected '$tag'"
		fi
	fi
	# the same from standard input
	STDIN="$tmp/msg"
	if expect_ok "mac $alg (stdin)" mac "$@"; then
		if [ "$(cat "$tmp/out")" = "$tag" ]; then
			ok
		else
			fail "mac $alg from standard input: $(cat "$tmp/out")"
		fi
	fi
	STDIN=/dev/null
done
echo "ok: mac known answers (RFC 4493, RFC 3566, FIPS 180-4)"
# ghash, keyed by H: the GCM specification's test cases 2 and 4, their
# GHASH(H, A, C) over A and C zero-padded to whole blocks and the lengths
# block (and test case 2's X1, C alone); a trailing partial block is
# zero-padded, as the kernel's ghash does; H must be 16 bytes.
if [ $have_gcm -eq 1 ]; then
	for spec in \
		"66e94bd4ef8a2c3b884cfa59ca342b2e:0388dace60b6a392f328c2b971b2fe78:5e2ec746917062882c85b0685353deb7" \
		"66e94bd4ef8a2c3b884cfa59ca342b2e:0388dace60b6a392f328c2b971b2fe7800000000000000000000000000000080:f38cbb1ad69223dcc3457ae5b6b0f885" \
		"b83b533708bf535d0aa6e52980d53b78:feedfacedeadbeeffeedfacedeadbeefabaddad200000000000000000000000042831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e0910000000000000000000000a000000000000001e0:698e57f70e6ecc7fd9463b7260a9ae5f"; do
		key=${spec%%:*}
		rest=${spec#*:}
		msg=${rest%%:*}
		tag=${rest#*:}
		unhex "$msg" "$tmp/msg"
		if expect_ok "mac ghash of $((${#msg} / 2)) bytes" mac \
			--alg ghash --key "$key" --in "$tmp/msg"; then
			if [ "$(cat "$tmp/out")" = "$tag" ]; then
				ok
			else
				fail "mac ghash of $((${#msg} / 2)) bytes: $(cat "$tmp/out"), expected $tag"
			fi
		fi
	done
	echo "ok: mac ghash known answers (GCM spec test cases 2 and 4)"
	# test case 4's A and C without their padding, the lengths block
	# left out: the last block (C's) padded as the whole-block form
	unhex feedfacedeadbeeffeedfacedeadbeefabaddad2000000000000000000000000 "$tmp/msg"
	unhex 42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091 "$tmp/msg-c"
	cat "$tmp/msg" "$tmp/msg-c" >"$tmp/msg-short"
	unhex 00000000 "$tmp/msg-pad"
	cat "$tmp/msg-short" "$tmp/msg-pad" >"$tmp/msg-long"
	ca mac --alg ghash --key b83b533708bf535d0aa6e52980d53b78 --in "$tmp/msg-long"
	long=$(cat "$tmp/out")
	if expect_ok "mac ghash of a partial last block" mac --alg ghash \
		--key b83b533708bf535d0aa6e52980d53b78 --in "$tmp/msg-short"; then
		if [ -n "$long" ] && [ "$(cat "$tmp/out")" = "$long" ]; then
			ok
		else
			fail "mac ghash: a partial block is not hashed zero-padded"
		fi
	fi
	expect_error 2 "mac ghash: a 32-byte key" mac --alg ghash --key $K256 \
		--in "$tmp/d1024"
	expect_error 2 "mac ghash: no key" mac --alg ghash --in "$tmp/d1024"
fi
# Longer than one 64 KiB read, through update: against sha256sum and
# openssl where they are present.
if command -v sha256sum >/dev/null 2>&1; then
	if expect_ok "mac sha256 of 200003 bytes" mac --alg sha256 \
		--in "$tmp/d200k"; then
		want=$(sha256sum "$tmp/d200k" | cut -d' ' -f1)
		if [ "$(cat "$tmp/out")" = "$want" ]; then
			ok
		else
			fail "mac sha256 of 200003 bytes differs from sha256sum"
		fi
	fi
else
	skip "mac sha256 against sha256sum: sha256sum not found"
fi
if command -v openssl >/dev/null 2>&1 &&
	want=$(openssl mac -cipher AES-128-CBC -macopt hexkey:$CMK \
		-in "$tmp/d200k" CMAC 2>/dev/null) && [ -n "$want" ]; then
	want=$(echo "$want" | tr 'A-F' 'a-f')
	if expect_ok "mac cmac(aes) of 200003 bytes" mac --alg 'cmac(aes)' \
		--key $CMK --in "$tmp/d200k"; then
		if [ "$(cat "$tmp/out")" = "$want" ]; then
			ok
		else
			fail "mac cmac(aes) of 200003 bytes differs from openssl mac"
		fi
	fi
else
	skip "mac cmac(aes) against openssl mac: openssl 3 not found"
fi
# The key from a file or a descriptor, as from --key.
printf '  %s\n' "$CMK" >"$tmp/keycmac"
unhex 6bc1bee22e409f96e93d7e117393172a "$tmp/msg"
if expect_ok "mac --key-file" mac --alg 'cmac(aes)' \
	--key-file "$tmp/keycmac" --in "$tmp/msg"; then
	if [ "$(cat "$tmp/out")" = 070a16b46b4d4144f79bdd9dd04a287c ]; then
		ok
	else
		fail "mac --key-file: $(cat "$tmp/out")"
	fi
fi
# shellcheck disable=SC2086 # the emulator prefix is split on purpose
if ! $EMU "$CA" mac --alg 'cmac(aes)' --key-fd 3 3<"$tmp/keycmac" \
	<"$tmp/msg" >"$tmp/out" 2>"$tmp/err"; then
	fail "mac --key-fd 3 failed: $(cat "$tmp/err")"
elif [ "$(cat "$tmp/out")" = 070a16b46b4d4144f79bdd9dd04a287c ]; then
	ok
else
	fail "mac --key-fd 3: $(cat "$tmp/out")"
fi
# Every error path: its status, one line, nothing on standard output.
expect_error 2 "mac: missing --alg" mac --key $CMK --in "$tmp/msg"
expect_error 2 "mac: unknown option" mac --alg 'cmac(aes)' --key $CMK \
	--frobnicate
expect_error 2 "mac: --alg without a value" mac --key $CMK --alg
expect_error 2 "mac: unknown algorithm" mac --alg 'cmac(serpent)' \
	--key $CMK --in "$tmp/msg"
expect_error 2 "mac: unknown template" mac --alg 'hmac(aes)' --key $CMK \
	--in "$tmp/msg"
expect_error 2 "mac: malformed name" mac --alg 'cmac(aes' --key $CMK \
	--in "$tmp/msg"
expect_error 2 "mac: a mode's name" mac --alg 'cbc(aes)' --key $CMK \
	--in "$tmp/msg"
expect_error 2 "mac: a block cipher's name" mac --alg aes --key $CMK \
	--in "$tmp/msg"
expect_error 2 "mac: keyed hash without a key" mac --alg 'cmac(aes)' \
	--in "$tmp/msg"
expect_error 2 "mac: a key for an unkeyed hash" mac --alg sha256 \
	--key $CMK --in "$tmp/msg"
expect_error 2 "mac: a key file for an unkeyed hash" mac --alg sha256 \
	--key-file "$tmp/keycmac" --in "$tmp/msg"
expect_error 2 "mac: non-hex key" mac --alg 'cmac(aes)' \
	--key zz7e151628aed2a6abf7158809cf4f3c --in "$tmp/msg"
expect_error 2 "mac: odd-length key" mac --alg 'cmac(aes)' \
	--key 2b7e151628aed2a6abf7158809cf4f3 --in "$tmp/msg"
expect_error 2 "mac: empty key" mac --alg 'cmac(aes)' --key '' \
	--in "$tmp/msg"
expect_error 2 "mac: wrong key length (15 bytes)" mac --alg 'cmac(aes)' \
	--key 2b7e151628aed2a6abf7158809cf4f --in "$tmp/msg"
expect_error 2 "mac: wrong key length (129 bytes, past the longest)" mac --alg 'cmac(aes)' \
	--key "$K256$K256$K256$K256"00 --in "$tmp/msg"
expect_error 2 "mac: xcbc with a 24-byte key" mac --alg 'xcbc(aes)' \
	--key $K192 --in "$tmp/msg"
expect_error 2 "mac: --key and --key-file" mac --alg 'cmac(aes)' \
	--key $CMK --key-file "$tmp/keycmac" --in "$tmp/msg"
expect_error 2 "mac: missing --key-file" mac --alg 'cmac(aes)' \
	--key-file "$tmp/no-such-key" --in "$tmp/msg"
expect_error 2 "mac: --key-fd 0 with data on standard input" mac \
	--alg 'cmac(aes)' --key-fd 0
expect_error 2 "mac: empty --in" mac --alg 'cmac(aes)' --key $CMK --in ''
expect_error 1 "mac: unreadable --in" mac --alg 'cmac(aes)' --key $CMK \
	--in "$tmp/no-such-file"
expect_error 1 "mac: --in a directory" mac --alg 'cmac(aes)' --key $CMK \
	--in "$tmp/outdir"
ca mac --alg 'cmac(twofish-generic)' --key $K128 --in "$tmp/msg"
if [ "$rc" -ne 2 ] || ! grep -q -- '--allow-variable-time' "$tmp/err" ||
	[ -s "$tmp/out" ]; then
	fail "mac cmac(twofish-generic) without --allow-variable-time:" \
		"status $rc, $(cat "$tmp/err")"
else
	ok
fi
if expect_ok "mac cmac(twofish) --allow-variable-time" mac \
	--alg 'cmac(twofish)' --allow-variable-time --key $K128 \
	--in "$tmp/msg"; then
	if grep -Eqx '[0-9a-f]{32}' "$tmp/out"; then
		ok
		cp "$tmp/out" "$tmp/tftag"
		# flags 0: a constant-time Twofish, the same tag
		if expect_ok "mac cmac(twofish) under flags 0" mac \
			--alg 'cmac(twofish)' --key $K128 --in "$tmp/msg"; then
			if cmp -s "$tmp/out" "$tmp/tftag"; then
				ok
			else
				fail "mac cmac(twofish) under flags 0 differs" \
					"from the variable-time tag"
			fi
		fi
	else
		fail "mac cmac(twofish): not a 16-byte tag in hex: $(cat "$tmp/out")"
	fi
fi
expect_ok "help mac" help mac

fi # part aead-mac

if part list-speed; then
# ---- the constant-time policy -----------------------------------------------
ca enc --alg 'cbc(twofish-generic)' --key $K128 --iv $IV --in "$tmp/d1024"
if [ "$rc" -eq 0 ]; then
	fail "cbc(twofish-generic) without --allow-variable-time was accepted"
elif ! grep -q -- '--allow-variable-time' "$tmp/err"; then
	fail "cbc(twofish-generic) refused without naming" \
		"--allow-variable-time: $(cat "$tmp/err")"
elif [ "$(lines "$tmp/err")" -ne 1 ] || [ -s "$tmp/out" ]; then
	fail "cbc(twofish-generic) refusal: not exactly one line on stderr"
else
	ok
	echo "ok: twofish-generic refused -> $rc: $(cat "$tmp/err")"
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
	# flags 0 open cbc(twofish) on every CPU (twofish-ct, or
	# twofish-avx512 where it runs), and it must agree with the table
	# code, both ways
	ca enc --alg 'cbc(twofish)' --key $K256 --iv $IV --in "$tmp/d1024"
	if [ "$rc" -ne 0 ]; then
		fail "cbc(twofish) under flags 0: status $rc, $(cat "$tmp/err")"
	elif ! cmp -s "$tmp/out" "$tmp/tf"; then
		fail "cbc(twofish) under flags 0 differs from the" \
			"variable-time result"
	else
		ok
	fi
	ca dec --alg 'cbc(twofish)' --key $K256 --iv $IV --in "$tmp/tf"
	if [ "$rc" -ne 0 ]; then
		fail "dec cbc(twofish) under flags 0: status $rc," \
			"$(cat "$tmp/err")"
	elif ! cmp -s "$tmp/out" "$tmp/d1024"; then
		fail "dec cbc(twofish) under flags 0: not the plaintext"
	else
		ok
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
			'twofish-generic twofish -' 'sha256-generic sha256 -' \
			>"$tmp/registry"
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
			# the driver own record: a block cipher, or a
			# hash (sha256-generic), with its type fields
			if (f["driver"] != drv ||
			    (f["type"] != "cipher" && f["type"] != "shash"))
				next
			found = 1
			need = "name driver module priority refcnt selftest " \
			       "internal type blocksize constant-time available"
			n = split(need, w, " ")
			for (i = 1; i <= n; i++)
				if (!(w[i] in f))
					bad = bad " no " w[i] ";"
			if (f["type"] == "cipher") {
				if (!("min keysize" in f))
					bad = bad " no min keysize;"
				if (!("max keysize" in f))
					bad = bad " no max keysize;"
				if (f["blocksize"] != "16")
					bad = bad " blocksize " f["blocksize"] ";"
			} else if (!("digestsize" in f)) {
				bad = bad " no digestsize;"
			}
			# FIPS 180-4: 512-bit blocks, 256-bit digest
			if (nm == "sha256" && (f["type"] != "shash" ||
			    f["blocksize"] != "64" || f["digestsize"] != "32"))
				bad = bad " not shash, blocksize 64, digestsize 32;"
			if (f["name"] != nm)
				bad = bad " name " f["name"] ";"
			if (pr != "-" && f["priority"] != pr)
				bad = bad " priority " f["priority"] ";"
			if (f["available"] == "yes" &&
			    f["selftest"] != "passed")
				bad = bad " selftest " f["selftest"] ";"
		}
		END {
			if (!found)
				print "no cipher or shash record with driver " drv
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
	# Every hash record in /proc/crypto's shash form: type shash,
	# blocksize and digestsize; cmac and xcbc over a 16-byte block
	# cipher have 16-byte blocks and tags, cbcmac (as the kernel's) a
	# blocksize of 1; among them sha256-generic.
	msg=$(awk '
	BEGIN { RS = ""; FS = "\n"; n = 0 }
	{
		split("", f)
		for (i = 1; i <= NF; i++) {
			c = index($i, ":")
			k = substr($i, 1, c - 1)
			sub(/[ \t]+$/, "", k)
			v = substr($i, c + 1)
			sub(/^ /, "", v)
			f[k] = v
		}
		if (f["type"] != "shash")
			next
		n++
		if (!("blocksize" in f) || !("digestsize" in f) ||
		    ("min keysize" in f) || ("ivsize" in f))
			print f["driver"] ": not the shash fields"
		else if (f["name"] ~ /^(cmac|xcbc)\((aes|twofish)\)$/ &&
		    (f["blocksize"] != "16" || f["digestsize"] != "16"))
			print f["driver"] ": blocksize " f["blocksize"] \
			    ", digestsize " f["digestsize"]
		else if (f["name"] ~ /^cbcmac\(/ &&
		    (f["blocksize"] != "1" || f["digestsize"] != "16"))
			print f["driver"] ": blocksize " f["blocksize"] \
			    ", digestsize " f["digestsize"]
		if (f["driver"] == "sha256-generic")
			sha = 1
	}
	END {
		if (n == 0)
			print "no shash record"
		else if (!sha)
			print "no record of sha256-generic"
	}' "$tmp/list" | head -3)
	if [ -n "$msg" ]; then
		fail "list: shash records: $msg"
	else
		ok
		echo "ok: list prints shash records (type, blocksize, digestsize)"
	fi
	# The authenticated ciphers over each block cipher, in /proc/crypto's
	# aead form (the kernel's fields: blocksize 1 for these stream-like
	# modes, ivsize 12 for gcm and 16 for ccm, maxauthsize 16, geniv
	# <none>), each record's driver the instance explain's static
	# selection names for it.
	names="ccm(aes) ccm(twofish)"
	[ $have_gcm -eq 1 ] && names="gcm(aes) gcm(twofish) $names"
	for nm in $names; do
		msg=$(awk -v nm="$nm" '
		BEGIN { RS = ""; FS = "\n"; n = 0 }
		{
			split("", f)
			for (i = 1; i <= NF; i++) {
				c = index($i, ":")
				k = substr($i, 1, c - 1)
				sub(/[ \t]+$/, "", k)
				v = substr($i, c + 1)
				sub(/^ /, "", v)
				f[k] = v
			}
			if (f["name"] != nm)
				next
			n++
			iv = nm ~ /^gcm/ ? "12" : "16"
			need = "driver,module,priority,refcnt,selftest," \
			       "internal,type,blocksize,ivsize,maxauthsize," \
			       "geniv,min keysize,max keysize,constant-time," \
			       "ct-verified,available"
			m = split(need, w, ",")
			for (i = 1; i <= m; i++)
				if (!(w[i] in f))
					bad = bad " no " w[i] ";"
			if (f["type"] != "aead" || f["blocksize"] != "1" ||
			    f["ivsize"] != iv || f["maxauthsize"] != "16" ||
			    f["geniv"] != "<none>" || f["min keysize"] != "16" ||
			    f["max keysize"] != "32")
				bad = bad " type " f["type"] ", blocksize " \
				    f["blocksize"] ", ivsize " f["ivsize"] \
				    ", maxauthsize " f["maxauthsize"] ", geniv " \
				    f["geniv"] ";"
			split(nm, p, "(")
			if (index(f["driver"], p[1] "_base(") != 1 &&
			    index(f["driver"], p[1] "-") != 1)
				bad = bad " driver " f["driver"] ";"
			print f["driver"] > "/dev/stderr"
		}
		END {
			if (n == 0)
				print "no record named " nm
			else if (bad != "")
				print nm ":" bad
		}' "$tmp/list" 2>"$tmp/aead-drivers")
		if [ -n "$msg" ]; then
			fail "list: aead records: $msg"
			continue
		fi
		vt=
		case $nm in *twofish*) vt=--allow-variable-time ;; esac
		ca explain "$nm" $vt
		want=$(sed -n 's/^  by priority: \([^ ]*\) .*/\1/p' "$tmp/out")
		if [ -z "$want" ] || ! grep -qxF "$want" "$tmp/aead-drivers"; then
			fail "list: the $nm records ($(tr '\n' ' ' <"$tmp/aead-drivers")) hold not explain's choice '$want'"
		else
			ok
			echo "ok: list has an aead record for $nm: $want"
		fi
	done
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
# --mb N: tcrypt's multibuffer skcipher test. A header per direction
# ("testing speed of multibuffer cbc(aes) (INSTANCE) encryption"), then
# per size a line whose operations count requests, N per many-request
# call: a multiple of N, and bytes = operations x size.
if expect_ok "speed --mb 4" speed --driver 'cbc(aes-generic)' --mb 4 \
	--sec 0.02 --sizes 16,512 --keys 128; then
	line='^test [01] \(128 bit key, (16|512) byte blocks\): [0-9]+ '
	line="$line"'operations in 0\.02 seconds \([0-9]+ bytes\)$'
	for d in encryption decryption; do
		if ! grep -qx "testing speed of multibuffer cbc(aes) (cbc(aes-generic)) $d" \
			"$tmp/out"; then
			fail "speed --mb 4: no multibuffer header for $d"
		fi
	done
	n=$(grep -Ec "$line" "$tmp/out")
	bad=$(grep -E "$line" "$tmp/out" | awk '{
		s = $6; ops = $9; b = $14; sub(/^\(/, "", b)
		if (ops * s != b || ops % 4 != 0 || ops == 0) print
	}')
	if [ "$n" -ne 4 ] || grep '^test ' "$tmp/out" | grep -Evq "$line"; then
		fail "speed --mb 4: not 4 test lines in tcrypt's format:"
		grep '^test ' "$tmp/out" | head -4 | sed 's/^/    /'
	elif [ -n "$bad" ]; then
		fail "speed --mb 4: operations not whole batches of 4, or" \
			"bytes != operations x size: $bad"
	elif ! grep -q '^multibuffer: 4 requests' "$tmp/out"; then
		fail "speed --mb 4: the header does not say 4 requests per call"
	else
		ok
	fi
fi
for v in 0 1025 -1 4x ''; do
	expect_error 2 "speed --mb '$v'" speed --driver 'cbc(aes-generic)' \
		--mb "$v" --sec 0.01
done
# --mb N for a hash: tcrypt's multibuffer hash test, one header naming
# the digest_many instance, one-update sizes only (64/16 skipped, as
# tcrypt skips them, its test number kept), operations N per call.
if expect_ok "speed --mb 4: a hash" speed --driver 'cmac(aes-generic)' \
	--mb 4 --sec 0.02 --sizes 16,64/16,512 --keys 128; then
	line='^test  [02] \( *(16|512) byte blocks, *(16|512) bytes per update, *1 updates\): '
	line="$line"'[0-9]+ operations in 0\.02 seconds \([0-9]+ bytes\)$'
	bad=$(grep -E "$line" "$tmp/out" | awk '{
		s = $4; ops = $(NF - 6); b = $(NF - 1); sub(/^\(/, "", b)
		if (ops * s != b || ops % 4 != 0 || ops == 0) print
	}')
	if ! grep -qx 'testing speed of multibuffer cmac(aes) (cmac(aes-generic))' \
		"$tmp/out"; then
		fail "speed --mb 4: no multibuffer header for cmac(aes)"
	elif [ "$(grep -Ec "$line" "$tmp/out")" -ne 2 ] ||
		grep '^test ' "$tmp/out" | grep -Evq "$line"; then
		fail "speed --mb 4: not 2 hash test lines in tcrypt's format:"
		grep '^test ' "$tmp/out" | head -4 | sed 's/^/    /'
	elif [ -n "$bad" ]; then
		fail "speed --mb 4: hash operations not whole batches of 4," \
			"or bytes != operations x size: $bad"
	else
		ok
	fi
fi
expect_error 2 "speed --mb: an aead" speed --alg 'gcm(aes)' --mb 4 --sec 0.01
expect_error 2 "speed --mb: too much per call" speed --driver \
	'cbc(aes-generic)' --mb 1024 --sizes 1048576 --sec 0.01
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
# Hashes in tcrypt's hash speed format: the header "testing speed of
# cmac(aes) (INSTANCE)", a keyed hash's "key: N bits", then one line per
# message and update size as tcrypt prints it, bytes/sec = opers/sec x
# message (both rounded, so within one message of it).
if expect_ok "speed --alg cmac(aes)" speed --alg 'cmac(aes)' --sec 0.01 \
	--sizes 16,64/16,256/64; then
	hline='^test +[0-9]+ \( +[0-9]+ byte blocks, *[0-9]+ bytes per update, *'
	hline="$hline"'[0-9]+ updates\): +[0-9]+ opers/sec, +[0-9]+ bytes/sec$'
	if ! grep -Eq '^testing speed of cmac\(aes\) \([^ ]+\)$' "$tmp/out"; then
		fail "speed cmac(aes): no tcrypt hash header"
		head -12 "$tmp/out" | sed 's/^/    /'
	elif ! grep -qx 'key: 128 bits' "$tmp/out"; then
		fail "speed cmac(aes): no key line (the smallest key, 128 bits)"
	elif [ "$(grep -Ec "$hline" "$tmp/out")" -ne 3 ] ||
		grep '^test ' "$tmp/out" | grep -Evq "$hline"; then
		fail "speed cmac(aes): test lines not in tcrypt's hash format:"
		grep '^test ' "$tmp/out" | head -4 | sed 's/^/    /'
	elif ! grep -q '^test  0 (   16 byte blocks,   16 bytes per update,   1 updates): ' "$tmp/out" ||
		! grep -q '^test  1 (   64 byte blocks,   16 bytes per update,   4 updates): ' "$tmp/out" ||
		! grep -q '^test  2 (  256 byte blocks,   64 bytes per update,   4 updates): ' "$tmp/out"; then
		fail "speed cmac(aes): not the lines of --sizes 16,64/16,256/64:"
		grep '^test ' "$tmp/out" | sed 's/^/    /'
	else
		ok
	fi
	bad=$(grep -E "$hline" "$tmp/out" | sed 's/[(),:]/ /g' | awk '{
		b = $3; ops = $12; bps = $14
		d = bps - ops * b
		if (d < 0) d = -d
		if (ops <= 0 || d > b) print
	}')
	[ -z "$bad" ] || fail "speed cmac(aes): bytes/sec != opers/sec x size: $bad"
	inst=$(sed -n 's/^testing speed of cmac(aes) (\(.*\))$/\1/p' "$tmp/out" |
		head -1)
	if ! grep -q "^driver *: $inst\$" "$tmp/list" 2>/dev/null; then
		ca explain 'cmac(aes)' --allow-variable-time
		grep -Fq "  $inst, " "$tmp/out" ||
			fail "speed: cmac(aes) header names '$inst', which" \
				"neither list nor explain knows"
	fi
fi
# The default sizes: tcrypt's generic_hash_speed_template (Linux
# crypto/tcrypt.h), 22 message/update pairs; an unkeyed hash: no key line.
if expect_ok "speed --alg sha256" speed --alg sha256 --sec 0.001; then
	got=$(sed -n 's/^test *\([0-9]*\) ( *\([0-9]*\) byte blocks, *\([0-9]*\) bytes per update, *\([0-9]*\) updates.*/\1:\2\/\3:\4/p' "$tmp/out" | tr '\n' ' ')
	want="0:16/16:1 1:64/16:4 2:64/64:1 3:256/16:16 4:256/64:4 5:256/256:1 "
	want="${want}6:1024/16:64 7:1024/256:4 8:1024/1024:1 9:2048/16:128 "
	want="${want}10:2048/256:8 11:2048/1024:2 12:2048/2048:1 "
	want="${want}13:4096/16:256 14:4096/256:16 15:4096/1024:4 "
	want="${want}16:4096/4096:1 17:8192/16:512 18:8192/256:32 "
	want="${want}19:8192/1024:8 20:8192/4096:2 21:8192/8192:1 "
	if [ "$got" != "$want" ]; then
		fail "speed sha256: not tcrypt's 22 hash sizes: $got"
	elif ! grep -qx 'testing speed of sha256 (sha256-generic)' "$tmp/out" ||
		grep -q '^key: ' "$tmp/out"; then
		fail "speed sha256: header, or a key line for an unkeyed hash"
	elif ! grep -Eq '^sha256 +sha256-generic +\* +- +8192 +8192 ' "$tmp/out"
	then
		fail "speed sha256: no summary row for 8192 bytes in one update"
	else
		ok
	fi
fi
# The new modes in tcrypt's skcipher format (tcrypt's modes 200 and 500
# list cts(cbc(aes)) with 128-, 192- and 256-bit keys; xctr as ctr).
for alg in 'xctr(aes)' 'cts(cbc(aes))' 'essiv(cbc(aes),sha256)'; do
	if expect_ok "speed --alg $alg" speed --alg "$alg" --sec 0.01 \
		--sizes 16,64; then
		esc=$(printf '%s' "$alg" | sed 's/[()]/\\&/g')
		hdr="^testing speed of $esc \\([^ ]+\\) (en|de)cryption\$"
		line='^test [0-9]+ \((128|192|256) bit key, (16|64) byte blocks\): '
		line="$line"'[0-9]+ operations in 0\.01 seconds \([0-9]+ bytes\)$'
		if [ "$(grep -Ec "$hdr" "$tmp/out")" -lt 2 ]; then
			fail "speed $alg: no encryption and decryption headers"
		elif [ "$(grep -Ec "$line" "$tmp/out")" -ne 12 ] ||
			grep '^test ' "$tmp/out" | grep -Evq "$line"; then
			fail "speed $alg: not 12 lines in tcrypt's format"
			grep '^test ' "$tmp/out" | head -3 | sed 's/^/    /'
		else
			ok
		fi
	fi
done
if expect_ok "speed --json with a hash" speed --alg 'cmac(aes),ctr(aes)' \
	--sec 0.002 --sizes 16,64/16 --keys 128 --json; then
	if ! grep -q '"type": "shash", "dir": "digest", "key_bits": 128, "bytes": 64, "update_bytes": 16, "updates": 4' "$tmp/out" ||
		! grep -q '"type": "skcipher", "dir": "encryption", "key_bits": 128, "bytes": 16' "$tmp/out"; then
		fail "speed --json: no hash result with its update size, or no mode result"
	else
		ok
	fi
fi
# Authenticated ciphers in tcrypt's AEAD speed format (test_aead_speed):
# per direction the header "testing speed of ccm(aes) (INSTANCE)
# encryption", then a line per key size and size as the skcipher test's,
# bytes = operations x plaintext bytes; the instance the plan gives for
# each line's size class (explain); decryption of a valid ciphertext (no
# line failed); any size (1420 is one of tcrypt's); its own summary.
AEAD=ccm
[ $have_gcm -eq 1 ] && AEAD="ccm gcm"
for m in $AEAD; do
	alg="$m(aes)"
	if expect_ok "speed --alg $alg" speed --alg "$alg" --sec 0.01 \
		--sizes 16,1420; then
		cp "$tmp/out" "$tmp/speed-aead"
		hdr="^testing speed of $m\\(aes\\) \\([^ ]+\\) (en|de)cryption\$"
		line='^test [0-9]+ \((128|192|256) bit key, (16|1420) byte blocks\): '
		line="$line"'[0-9]+ operations in 0\.01 seconds \([0-9]+ bytes\)$'
		bad=$(grep -E "$line" "$tmp/speed-aead" | awk '{
			s = $6; ops = $9; b = $14; sub(/^\(/, "", b)
			if (ops * s != b || ops == 0) print
		}')
		if [ "$(grep -Ec "$hdr" "$tmp/speed-aead")" -lt 2 ]; then
			fail "speed $alg: no encryption and decryption headers"
			head -14 "$tmp/speed-aead" | sed 's/^/    /'
		elif [ "$(grep -Ec "$line" "$tmp/speed-aead")" -ne 12 ] ||
			grep '^test ' "$tmp/speed-aead" | grep -Evq "$line"; then
			fail "speed $alg: not 12 lines in tcrypt's format"
			grep '^test ' "$tmp/speed-aead" | head -3 | sed 's/^/    /'
		elif [ -n "$bad" ]; then
			fail "speed $alg: bytes != operations x size: $bad"
		elif ! grep -q '^aead summary ' "$tmp/speed-aead" ||
			[ "$(grep -Ec "^$m\\(aes\\) +[^ ]+ +\\* +(enc|dec) +(128|192|256) +(16|1420) " "$tmp/speed-aead")" -ne 12 ]; then
			fail "speed $alg: not 12 selected rows in the aead summary"
		elif ! grep -q '^aead requests: a 16-byte tag, 8 bytes of associated data' "$tmp/speed-aead"; then
			fail "speed $alg: the request's tag and associated data not said"
		else
			ok
			echo "ok: speed $alg in tcrypt's AEAD format"
		fi
		if expect_ok "explain $alg (the plan)" explain "$alg"; then
			msg=$(awk '
			FNR == NR {
				if ($3 == "small" || $3 == "large")
					plan[$1 " " $2 " " $3] = $4
				next
			}
			/^testing speed of / {
				inst = substr($5, 2, length($5) - 2)
				dir = $6
			}
			/^test [0-9]+ \(/ {
				key = substr($3, 2)
				cls = $6 + 0 <= 32 ? "small" : "large"
				want = plan[key " " dir " " cls]
				if (want == "")
					print "no plan for " key "-bit " dir " " cls
				else if (want != inst)
					print $6 "-byte " dir " under " inst ", the plan says " want
			}' "$tmp/out" "$tmp/speed-aead" | head -3)
			if [ -n "$msg" ]; then
				fail "speed $alg: a header is not the plan's instance: $msg"
			else
				ok
			fi
		fi
	fi
done
# The default sizes: tcrypt's aead_sizes.
if expect_ok "speed --alg ccm(aes) (default sizes)" speed --alg 'ccm(aes)' \
	--sec 0.001 --keys 128; then
	got=$(sed -n 's/^test \([0-9]*\) (128 bit key, \([0-9]*\) byte blocks).*/\1:\2/p' "$tmp/out" | tr '\n' ' ')
	want="0:16 1:64 2:256 3:512 4:1024 5:1420 6:4096 7:8192 "
	if [ "$got" != "$want$want" ]; then
		fail "speed ccm(aes): not tcrypt's aead sizes twice: $got"
	else
		ok
	fi
fi
if expect_ok "speed --json with an aead" speed --alg 'ccm(aes)' \
	--sec 0.002 --sizes 16,64 --keys 256 --json; then
	if ! grep -q '"type": "aead", "dir": "decryption", "key_bits": 256, "bytes": 64, "authsize": 16, "ad_bytes": 8, "nonce_bytes": 12, "operations": [1-9]' "$tmp/out" ||
		! grep -q '"type": "aead", "dir": "encryption", "key_bits": 256, "ns_per_byte": ' "$tmp/out"; then
		fail "speed --json: no aead result or fit"
	else
		ok
	fi
fi
expect_error 2 "speed: an aead and a mode, a size not a multiple of 16" \
	speed --alg 'ccm(aes),cbc(aes)' --sec 0.01 --sizes 1420
expect_error 2 "speed: unknown hash" speed --alg 'cmac(serpent)' \
	--sec 0.01 --sizes 16
expect_error 2 "speed: an update longer than the message" speed \
	--alg 'cmac(aes)' --sec 0.01 --sizes 64/128
expect_error 2 "speed: a mode's size not a multiple of 16" speed \
	--alg 'cmac(aes),cbc(aes)' --sec 0.01 --sizes 24
expect_error 2 "speed: unknown driver" speed --driver ctr-aes-nothing \
	--sec 0.05 --sizes 16
expect_error 2 "speed: a block cipher's driver" speed --driver aes-generic \
	--sec 0.05 --sizes 16
expect_error 2 "list: unexpected argument" list extra

fi # part list-speed

# ---- tune and explain ---------------------------------------------------------
# Profiles go to $tmp only: never the user's (CRYPTARCH_PROFILE names it).
CRYPTARCH_PROFILE="$tmp/profile"
export CRYPTARCH_PROFILE
if part tune; then
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
# Hashes and the composed modes: tune measures a hash in the one slot a
# hash handle uses (its large class, by an 8 KiB digest), and explain
# shows that slot per key size, the one speed's header names.
if expect_ok "tune: aes cmac, xcbc, cts" tune --cipher aes --mode cmac,xcbc,cts \
	--sec 0.002 --output "$tmp/profile-mac"; then
	if [ "$(grep -Ec '^aes cmac dig (128|192|256) large [^ ]+ ' "$tmp/profile-mac")" -ne 3 ] ||
		[ "$(grep -Ec '^aes xcbc dig 128 large [^ ]+ ' "$tmp/profile-mac")" -ne 1 ] ||
		grep -Eq '^aes (cmac|xcbc) .* small ' "$tmp/profile-mac" ||
		grep -Eq '^aes xcbc dig (192|256) ' "$tmp/profile-mac"; then
		fail "tune: not one large-class line per cmac key size and one for xcbc"
		grep -E '^aes (cmac|xcbc) ' "$tmp/profile-mac" | cut -c1-60 | sed 's/^/    /'
	elif [ "$(grep -Ec '^aes cts\(cbc\(aes\)\) (enc|dec) (128|192|256) (small|large) ' "$tmp/profile-mac")" -ne 12 ]; then
		fail "tune: not twelve lines for cts(cbc(aes))"
	else
		ok
	fi
	CRYPTARCH_PROFILE="$tmp/profile-mac"
	if expect_ok "explain cmac(aes) with its profile" explain 'cmac(aes)'; then
		cp "$tmp/out" "$tmp/explain-cmac"
		plan=$(sed -n 's/^  128  digest      any    \([^ ]*\) .*/\1/p' "$tmp/explain-cmac")
		if [ "$(grep -Ec '^  (128|192|256)  digest      any    [^ ]+ ' "$tmp/explain-cmac")" -ne 3 ] ||
			grep -E '^  (128|192|256)  digest ' "$tmp/explain-cmac" |
			grep -Eq 'no profile in use|has no line'; then
			fail "explain cmac(aes): not a measured slot per key size"
			sed -n '/^selection/,$p' "$tmp/explain-cmac" | sed 's/^/    /'
		elif ! grep -q 'measured, ns per call (large: 8192 bytes)' "$tmp/explain-cmac" ||
			! grep -q '^cryptarch_shash_driver(): ' "$tmp/explain-cmac"; then
			fail "explain cmac(aes): no figures or no cryptarch_shash_driver()"
		elif expect_ok "speed cmac(aes) under the profile" speed \
			--alg 'cmac(aes)' --sec 0.001 --sizes 16 &&
			! grep -qx "testing speed of cmac(aes) ($plan)" "$tmp/out"; then
			fail "speed cmac(aes): header $(grep '^testing' "$tmp/out")," \
				"the plan says $plan"
		else
			ok
		fi
	fi
	if expect_ok "explain xcbc(aes)" explain 'xcbc(aes)'; then
		if [ "$(grep -Ec '^  [0-9]+  digest ' "$tmp/out")" -ne 1 ] ||
			! grep -Eq '^  128  digest      any    ' "$tmp/out"; then
			fail "explain xcbc(aes): not one slot, for 128-bit keys"
		else
			ok
		fi
	fi
	CRYPTARCH_PROFILE="$tmp/profile"
fi
fi # part tune

if part tune-aead; then
# The authenticated ciphers: explain shows every candidate with the
# priorities its mean is made of, the plan per key size, operation and
# size class, and the handle's instance; tune measures them (ccm(aes) in
# part where it has very many candidates, which it says) and explain's
# plan follows the profile.
for nm in 'ccm(aes)' 'gcm(aes)'; do
	[ "$nm" = 'gcm(aes)' ] && [ $have_gcm -eq 0 ] && continue
	CRYPTARCH_PROFILE=
	if expect_ok "explain $nm" explain "$nm"; then
		prio=$(sed -n 's/^  by priority: \([^ ]*\) .*/\1/p' "$tmp/out")
		if [ "$(grep -Ec '^  (128|192|256)  (en|de)cryption  (small|large)  [^ ]+ ' "$tmp/out")" -ne 12 ]; then
			fail "explain $nm: not 12 slots (3 keys, 2 operations, 2 classes)"
		elif ! grep -q "^    priority: [0-9]* (the mean of [^ ]* [0-9]*, [^ ]* [0-9]*)$" "$tmp/out"; then
			fail "explain $nm: the arguments' priorities not shown"
		elif ! grep -qxF "cryptarch_aead_driver(): $prio (the instance for large encryption requests, before a key is set)" "$tmp/out"; then
			fail "explain $nm: cryptarch_aead_driver() is not the static choice $prio"
		else
			ok
			echo "ok: explain $nm: $prio"
		fi
	fi
	CRYPTARCH_PROFILE="$tmp/profile"
done
mode=ccm
[ $have_gcm -eq 1 ] && mode=gcm,ccm
if expect_ok "tune: aes $mode" tune --cipher aes --mode $mode --sec 0.001 \
	--output "$tmp/profile-aead"; then
	for m in $(echo $mode | tr , ' '); do
		if [ "$(grep -Ec "^aes $m (enc|dec) (128|192|256) (small|large) [^ ]+ " "$tmp/profile-aead")" -ne 12 ]; then
			fail "tune: not twelve lines for $m(aes)"
		else
			ok
		fi
	done
	ncand=$(sed -n 's/^  ccm(aes): \([0-9]*\) candidates; measuring \([0-9]*\),.*/\1 \2/p' "$tmp/out")
	if [ -n "$ncand" ]; then
		# measured in part: more than 32 candidates, fewer measured
		set -- $ncand
		if [ "$1" -le 32 ] || [ "$2" -ge "$1" ] || [ "$2" -lt 1 ]; then
			fail "tune ccm(aes): measured $2 of $1 candidates"
		elif [ "$(grep '^aes ccm enc 128 large ' "$tmp/profile-aead" | tr ' ' '\n' | grep -c '=')" -ne "$2" ]; then
			fail "tune ccm(aes): the profile line does not hold $2 figures"
		else
			ok
			echo "ok: tune ccm(aes): measured $2 of $1 candidates"
		fi
	fi
	CRYPTARCH_PROFILE="$tmp/profile-aead"
	if expect_ok "explain ccm(aes) with its profile" explain 'ccm(aes)'; then
		if ! grep -q 'measured, ns per call (small: 16 bytes, large: 8192 bytes)' "$tmp/out" ||
			grep -E '^  (128|192|256)  (en|de)cryption ' "$tmp/out" |
			grep -Eq 'no profile in use|has no line'; then
			fail "explain ccm(aes): the profile's figures not used"
		else
			ok
		fi
	fi
	CRYPTARCH_PROFILE="$tmp/profile"
fi
fi # part tune-aead

# the rest of part tune: explain reads the profile of "tune: aes ecb"
if part tune; then
if expect_ok "explain sha256" explain sha256; then
	if ! grep -Eq '^    -  digest      any    sha256-generic ' "$tmp/out" ||
		! grep -qx 'cryptarch_shash_driver(): sha256-generic (the instance for every message)' "$tmp/out"; then
		fail "explain sha256: not its one slot, without a key"
		sed -n '/^selection/,$p' "$tmp/out" | sed 's/^/    /'
	else
		ok
	fi
fi
ca explain 'cmac(twofish-generic)'
if [ "$rc" -ne 2 ] || ! grep -q -- '--allow-variable-time' "$tmp/err" ||
	[ "$(lines "$tmp/err")" -ne 1 ]; then
	fail "explain cmac(twofish-generic) (variable-time only): status $rc," \
		"$(cat "$tmp/err")"
else
	ok
fi
# flags 0: cmac(twofish) has a constant-time candidate everywhere
ca explain 'cmac(twofish)'
if [ "$rc" -ne 0 ] || ! grep -q 'twofish-ct' "$tmp/out"; then
	fail "explain cmac(twofish) under flags 0: status $rc," \
		"twofish-ct not among the candidates: $(cat "$tmp/err")"
else
	ok
fi
expect_error 2 "tune: unknown mode (a hash's template)" tune --mode hmac \
	--output "$tmp/p0"
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
fi # part tune
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
