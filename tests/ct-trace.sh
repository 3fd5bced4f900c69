#!/bin/bash
# SPDX-License-Identifier: MIT
# ct-trace.sh - constant-time status checked, not assumed, on emulated
# targets. Runs tests/ct-probe (a -static -no-pie program) under qemu-user
# with the cttrace plugin (bench/qemu-plugins/cttrace.c, built here with
# the host compiler), restricted to one driver's own code (the range that
# bench/code-range.sh finds), which hashes every program counter and data
# address executed there. For each direction and key size (16, 24 and 32
# bytes, those the driver takes, column 5 of `ct-probe --list`: 16 only
# for ghash; the smallest only for a table-based driver, and for a costly
# portable driver, twofish-ct, whose sizes run the same code with more
# layers and which ct-valgrind checks at every size) the probe runs
# with several
# pairs of keys of the same length, so that argv and the environment keep
# their lengths and the stack its addresses (zeros/ones, counting up/down,
# two arbitrary keys), and with two pairs of plaintexts under one key. A
# driver that claims constant-time (CRYPTARCH_DRV_CONSTANT_TIME in its
# descriptor: column 3 of `ct-probe --list`) must give the same hash for
# every pair; a table-based driver must give different hashes for every
# pair, which shows that the test sees a secret-dependent trace when there
# is one. The same key run twice must give the same hash (else the trace
# is not reproducible here and proves nothing; that run's trace then
# stands for it in its pairs: ten runs per direction and key size, not
# twelve, each under qemu costing a second or more), and a trace with no
# instruction in the range is an error. Covered: setkey, single blocks and
# every mode (the templates' loops and the drivers' hooks) of ct-probe.c;
# for a hash driver its digests there (a keyed one, such as a GHASH
# driver, under the key).
# Not covered: code outside the driver's objects (libc, libgcc helpers
# the compiler may call), and timing that depends on operand values inside
# one instruction (a multiplier, a divider), which a trace cannot see.
#
# Usage: ct-trace.sh PROBE MAP ARCHIVE NM OBJDUMP SRCDIR WORKDIR DRIVER
#                    [EMULATOR [ARGS...]]
# MAP is the probe's link map, ARCHIVE the static library it links, NM and
# OBJDUMP the target's; SRCDIR the source tree (for the plugin and
# bench/code-range.sh);
# WORKDIR a directory of this test's own. DRIVER "all" checks every
# registered driver. HOSTCC names the host compiler (default: cc).
# Exit status: 0 passed, 1 failed, 77 skipped (with the reason).

set -u

if [ $# -lt 8 ]; then
	sed -n '/^# Usage:/,/^# Exit status/s/^# \{0,1\}//p' "$0" >&2
	exit 2
fi
probe=$1 map=$2 archive=$3 nm=$4 objdump=$5 src=$6 work=$7 want=$8
shift 8
emu=("$@")

LC_ALL=C
export LC_ALL

mkdir -p "$work" || exit 1
plugin=$work/libcttrace.so
if ! ${HOSTCC:-cc} -O2 -shared -fPIC -fvisibility=hidden \
		"$src/bench/qemu-plugins/cttrace.c" -o "$plugin" \
		>"$work/plugin.log" 2>&1; then
	echo "SKIP: the host compiler (${HOSTCC:-cc}) cannot build the" \
	     "cttrace plugin:"
	cat "$work/plugin.log"
	exit 77
fi
if [ ${#emu[@]} -eq 0 ]; then
	echo "SKIP: no emulator given (qemu-user runs the probe with -plugin)"
	exit 77
fi
if ! "${emu[@]}" -h 2>&1 | grep -q -- '^-plugin'; then
	echo "SKIP: ${emu[0]} has no -plugin (use the dynamic qemu-user," \
	     "not qemu-user-static)"
	exit 77
fi

list=$("${emu[@]}" "$probe" --list) || {
	echo "FAIL: $probe --list"
	exit 1
}

# Key pairs: the same length within a pair. Per key size: the hex of
# zeros/ones, counting up/down, and two arbitrary keys.
keys_for() {
	local n=$1 i a="" b="" c="" d="" e="" f=""
	for ((i = 0; i < n; i++)); do
		a+=00
		b+=ff
		c+=$(printf %02x $((i)))
		d+=$(printf %02x $((255 - i)))
		e+=$(printf %02x $(((i * 167 + 29) % 256)))
		f+=$(printf %02x $(((i * 73 + 211) % 256)))
	done
	echo "$a $b $c $d $e $f"
}

fails=0 passes=0 checked=0
# The costly portable drivers, as tests/util.c's costly_drivers[] lists
# them: traced with their smallest key only (check_driver).
costly_drivers="twofish-ct"

fail() {
	echo "FAIL: $*"
	fails=$((fails + 1))
}

# The trace of one run with key $1 and data byte $2: "HASH INSNS MEM".
# Runs in a command substitution: on failure it says why on stderr and
# returns 1 (the caller counts it), also when nothing ran inside the range,
# since such a trace would compare equal for any key.
trace() {
	local out rc hash insns mem
	local pat='s/^cttrace: hash=\([^ ]*\) insns=\([0-9]*\) mem=/\1 \2 /p'

	out=$("${emu[@]}" -plugin "$plugin,lo=$lo,hi=$hi" "$probe" \
		"$drv" "$dir" "$1" "$2" 2>&1 >/dev/null)
	rc=$?
	if [ $rc -ne 0 ]; then
		echo "FAIL: $drv $dir key $1: probe exit $rc: $out" >&2
		return 1
	fi
	read -r hash insns mem < <(sed -n "$pat" <<<"$out")
	if [ -z "${mem:-}" ] || [ "$insns" -eq 0 ]; then
		echo "FAIL: $drv $dir: nothing traced in [$lo, $hi)" >&2
		return 1
	fi
	echo "$hash $insns $mem"
}

# The trace of key $1 and data $2, as trace() gives it; the reference
# run's (check_driver: $ref_in, traced twice and found reproducible) is
# not traced again.
trace_of() {
	if [ "$1 $2" = "$ref_in" ]; then
		echo "$ref"
	else
		trace "$1" "$2"
	fi
}

# Compare the traces of (key $1, data $2) and (key $3, data $4) against
# the driver's claim ($ct).
check_pair() {
	local tx ty what="$drv $dir $((klen * 8))-bit"

	if [ "$1" != "$3" ]; then
		what+=" keys ${1:0:8}../${3:0:8}..:"
	else
		what+=" key ${1:0:8}.., data $2../$4..:"
	fi
	tx=$(trace_of "$1" "$2") || { fails=$((fails + 1)); return; }
	ty=$(trace_of "$3" "$4") || { fails=$((fails + 1)); return; }
	if [ "$ct" = 1 ] && [ "$tx" = "$ty" ]; then
		echo "ok   $what identical (${tx%% *}, insns/mem ${tx#* })"
		passes=$((passes + 1))
	elif [ "$ct" = 1 ]; then
		fail "$what traces differ ($tx / $ty): secret-dependent" \
		     "code or memory access in a driver that claims" \
		     "constant-time"
	elif [ "$tx" != "$ty" ]; then
		echo "ok   $what differ, as expected" \
		     "(${tx%% *} / ${ty%% *})"
		passes=$((passes + 1))
	else
		fail "$what identical traces for a table-based driver:" \
		     "the test does not see its secret-dependent accesses"
	fi
}

check_driver() {
	local sizes claim k ref ref_in refb

	if ! range=$(bash "$src/bench/code-range.sh" "$map" "$probe" \
			"$archive" "$nm" "$objdump" "$drv"); then
		fail "$drv: no code range"
		return
	fi
	lo=${range% *} hi=${range#* }
	# Every key size it takes for a constant-time claim; the smallest
	# suffices to show that a table-based driver is seen.
	if [ "$ksizes" = - ]; then
		fail "$drv: takes no key of 16, 24 or 32 bytes"
		return
	fi
	claim="constant-time" sizes=${ksizes//,/ }
	[ "$ct" = 1 ] || claim="table-based (variable-time)" sizes=${ksizes%%,*}
	# A costly portable driver (tests/util.c, test_inst_costly) is
	# traced with its smallest key only: its key sizes run the same
	# code with more layers, which ct-valgrind checks natively for
	# every size, and under emulation each size costs tens of seconds.
	case " $costly_drivers " in
	*" $drv "*) sizes=${ksizes%%,*} claim="$claim, smallest key only" ;;
	esac
	echo "$drv ($cipher, $claim): code [$lo, $hi)"
	for dir in enc dec; do
		for klen in $sizes; do
			read -r -a k <<<"$(keys_for "$klen")"
			# the reference run, twice: the same key and data
			# must give the same trace, else a comparison
			# proves nothing; its pairs below reuse it
			ref_in="${k[4]} 00"
			if ! ref=$(trace "${k[4]}" 00) ||
			   ! refb=$(trace "${k[4]}" 00); then
				fails=$((fails + 1))
				continue
			fi
			if [ "$ref" != "$refb" ]; then
				fail "$drv $dir $((klen * 8))-bit: the same" \
				     "key gave different traces ($ref /" \
				     "$refb): the trace is not reproducible"
				continue
			fi
			check_pair "${k[0]}" 00 "${k[1]}" 00
			check_pair "${k[2]}" 00 "${k[3]}" 00
			check_pair "${k[4]}" 00 "${k[5]}" 00
			check_pair "${k[4]}" 00 "${k[4]}" a5
			check_pair "${k[5]}" 3c "${k[5]}" ff
		done
	done
}

while read -r drv cipher ct avail ksizes; do
	[ "$want" = all ] || [ "$want" = "$drv" ] || continue
	checked=$((checked + 1))
	if [ "$avail" != 1 ]; then
		echo "SKIP: $drv is not available on the emulated CPU"
		continue
	fi
	check_driver
done <<<"$list"

if [ "$checked" -eq 0 ]; then
	fail "$want is not registered"
	exit 1
fi
echo "ct-trace $want: $passes passed, $fails failed"
if [ "$fails" -ne 0 ]; then
	exit 1
fi
if [ "$passes" -eq 0 ]; then
	exit 77
fi
exit 0
