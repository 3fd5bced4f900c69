#!/bin/bash
# SPDX-License-Identifier: MIT
# insncount.sh - instructions per byte of every registered implementation
# on every emulated target, counted exactly under qemu-user with the
# insncount plugin (bench/qemu-plugins/insncount.c, built here with the
# host compiler). For each target (a file of cmake/toolchains/ whose
# compiler and qemu are installed) it builds the static library in a
# Release (-O2) tree under the build root, links bench/insn-probe.c
# against it -static -no-pie with a link map (--whole-archive, so that each
# driver's objects are laid out together), lists the drivers from the
# registry and, for each driver, mode and size N, counts the instructions
# executed inside that driver's own code (the range bench/code-range.sh
# reads from the map and checks against nm -S) for one call and for two
# calls of N bytes: (count2 - count1) / N is one N-byte request
# per byte, with the key schedule, self-test and first-call work cancelled.
# The ratio is to "<algorithm>-generic" on the same target, mode and size.
# Instructions are not cycles: the count ignores latency, memory and cache
# cost, so it ranks implementations on a CPU we do not have, it does not
# time them. The script ends with the ratio targets of issue 3 section 4
# where their rows exist (met / NOT MET; the exit status ignores them).
# Measurement tooling, not library code; it handles no secrets.
#
# Usage: bench/insncount.sh [options]
#   --targets LIST    toolchain names, comma-separated (default: every
#                     target whose compiler and qemu are installed)
#   --drivers LIST    only these drivers (default: all registered)
#   --modes LIST      MODE-DIR items, MODE ecb|cbc|ctr|xts|xctr, DIR enc|dec,
#                     or a keyed hash MODE cmac|xcbc|cbcmac with DIR dig
#                     (one digest per request; default: ecb-enc,cbc-enc);
#                     MODE-mbN: encryption of N requests of the size in
#                     one many-request call (cbc-mb8), per byte of them;
#                     these run over the block cipher drivers. ghash-dig or
#                     sha256-dig: the hash drivers of that algorithm alone,
#                     one digest per request (ghash: a 16-byte key)
#   --sizes LIST      request sizes in bytes, multiples of 16 (16,8192)
#   --build-root DIR  build trees (${TMPDIR:-/tmp}/cryptarch-insncount)
#   --markdown        the table in Markdown, one row per target and driver:
#                     instructions per byte (ratio to <algorithm>-generic)
#   --jobs N          build parallelism (default: 2)
# AES-128 and Twofish-128 (xts: two 128-bit keys).
# Exit status: 0 measured (whatever the figures), 1 a build or a run failed.

set -u
set -o pipefail

src=$(cd "$(dirname "$0")/.." && pwd)
targets="" drivers="" modes="ecb-enc,cbc-enc" sizes="16,8192"
root="${TMPDIR:-/tmp}/cryptarch-insncount" markdown=0 jobs=2 emu=""

err() {
	echo "insncount: $*" >&2
}

usage() {
	sed -n '/^# Usage:/,/^# Exit status/s/^# \{0,1\}//p' "$0" >&2
	exit 2
}

while [ $# -gt 0 ]; do
	case $1 in
	--targets) targets=$2; shift ;;
	--drivers) drivers=$2; shift ;;
	--modes) modes=$2; shift ;;
	--sizes) sizes=$2; shift ;;
	--build-root) root=$2; shift ;;
	--markdown) markdown=1 ;;
	--jobs) jobs=$2; shift ;;
	-h|--help) usage ;;
	*) err "unknown option $1"; usage ;;
	esac
	shift || usage
done

for m in ${modes//,/ }; do
	case $m in
	ecb-enc|ecb-dec|cbc-enc|cbc-dec|ctr-enc|ctr-dec|xts-enc|xts-dec) ;;
	xctr-enc|xctr-dec|cmac-dig|xcbc-dig|cbcmac-dig) ;;
	ecb-mb[0-9]*|cbc-mb[0-9]*|ctr-mb[0-9]*|xts-mb[0-9]*|xctr-mb[0-9]*) ;;
	ghash-dig|sha256-dig) ;;
	*) err "bad mode $m"; exit 2 ;;
	esac
done
for n in ${sizes//,/ }; do
	if ! [[ $n =~ ^[0-9]+$ ]] || [ "$n" -eq 0 ] ||
	   [ $((n % 16)) -ne 0 ]; then
		err "bad size $n"
		exit 2
	fi
done

# Every driver that src/registry.cmake declares, at AUTO: each is built
# where the target can build it (cmake/registry.cmake leaves out one the
# target cannot, or whose files are missing), whatever an earlier configure
# of the same build tree left in its cache (CRYPTARCH_ENABLE_<DRIVER>).
enable_defs=()
for d in $(sed -n 's/^cryptarch_driver(\([a-z0-9_-]*\)[ )].*/\1/p' \
		"$src/src/registry.cmake"); do
	o=${d^^}
	enable_defs+=("-DCRYPTARCH_ENABLE_${o//-/_}=AUTO")
done
if [ ${#enable_defs[@]} -eq 0 ]; then
	err "no cryptarch_driver() line in src/registry.cmake"
	exit 1
fi

mkdir -p "$root" || exit 1
plugin="$root/libinsncount.so"
if ! ${HOSTCC:-cc} -O2 -shared -fPIC -fvisibility=hidden \
		"$src/bench/qemu-plugins/insncount.c" -o "$plugin"; then
	err "the host compiler cannot build the plugin"
	exit 1
fi

# Default: arm64 and MIPS first, then the other toolchain files.
if [ -z "$targets" ]; then
	targets="aarch64,armhf,mips,mipsel,mips64,mips64el,mips-r1,mips64el-r1"
	for tc in "$src"/cmake/toolchains/*.cmake; do
		t=$(basename "$tc" .cmake)
		[ "$t" = cross-common ] || [[ ",$targets," == *",$t,"* ]] ||
			targets="$targets,$t"
	done
fi

# Print "cc=..", "flags=..", "emu=..", "prefix=.." for toolchain file $1.
toolchain_vars() {
	local tmp=$root/vars.cmake
	cat >"$tmp" <<-EOF
	include("$1")
	string(REPLACE ";" " " emu "\${CMAKE_CROSSCOMPILING_EMULATOR}")
	message("cc=\${CMAKE_C_COMPILER}")
	message("flags=\${CRYPTARCH_CROSS_FLAGS}")
	message("emu=\${emu}")
	message("prefix=\${CRYPTARCH_TRIPLE}-")
	EOF
	cmake -P "$tmp" 2>&1
}

# Configure and build target $t in $b, and link the probe. Sets cc,
# flags, emu, prefix; returns 1 on failure, 2 when the target is absent.
build_target() {
	local tc=$src/cmake/toolchains/$t.cmake vars

	if [ ! -f "$tc" ]; then
		notes+=$'\n'"$t: skipped, no cmake/toolchains/$t.cmake"
		return 2
	fi
	vars=$(toolchain_vars "$tc") || return 1
	cc=$(sed -n 's/^cc=//p' <<<"$vars")
	flags=$(sed -n 's/^flags=//p' <<<"$vars")
	emu=$(sed -n 's/^emu=//p' <<<"$vars")
	prefix=$(sed -n 's/^prefix=//p' <<<"$vars")
	if ! command -v "$cc" >/dev/null || [ ! -x "${emu%% *}" ]; then
		notes+=$'\n'"$t: skipped, $cc or ${emu%% *} not installed"
		return 2
	fi
	err "$t: building in $b"
	if ! cmake -S "$src" -B "$b" --toolchain "$tc" \
			-DCMAKE_BUILD_TYPE=Release \
			-DCMAKE_EXE_LINKER_FLAGS="-static -no-pie" \
			-DCRYPTARCH_BUILD_TESTS=OFF \
			-DCRYPTARCH_BUILD_TOOLS=OFF \
			"${enable_defs[@]}" >"$b.log" 2>&1 ||
	   ! cmake --build "$b" -j "$jobs" --target cryptarch_static \
			>>"$b.log" 2>&1; then
		err "$t: build failed, see $b.log"
		return 1
	fi
	# shellcheck disable=SC2086 # $flags is a list of compiler options
	if ! "$cc" $flags -O2 -static -no-pie -I"$src/include" \
			-I"$src/src" -I"$src/src/core" \
			"$src/bench/insn-probe.c" \
			-Wl,--whole-archive "$b/libcryptarch.a" \
			-Wl,--no-whole-archive -lpthread -o "$probe" \
			-Wl,-Map="$probe.map" >>"$b.log" 2>&1; then
		err "$t: probe link failed, see $b.log"
		return 1
	fi
}

# Print the instructions executed in [$lo, $hi) by one request of $2
# bytes of driver $drv in $1 (MODE-DIR): two calls minus one call.
count_request() {
	local m=$1 n=$2 calls out c=()

	for calls in 1 2; do
		out=$b/count.$calls
		rm -f "$out"
		# shellcheck disable=SC2086 # $emu is a command with arguments
		$emu -plugin "$plugin,lo=$lo,hi=$hi,out=$out" "$probe" \
			"$drv" "${m%-*}" "${m#*-}" "$n" "$calls" >/dev/null ||
			return 1
		c+=("$(sed -n 's/^insns: //p' "$out")")
	done
	# a many-request call of N requests: per request of the size
	case ${m#*-} in
	mb*) echo $(((c[1] - c[0] + ${m#*-mb} / 2) / ${m#*-mb})) ;;
	*) echo $((c[1] - c[0])) ;;
	esac
}

# fits MODE: 0 if MODE-DIR item MODE applies to the driver of the current
# list line ($alg, $type): a template mode to a block cipher driver, a
# hash algorithm's name to that algorithm's drivers.
fits() {
	case ${1%-*} in
	ecb|cbc|ctr|xts|xctr|cmac|xcbc|cbcmac) [ "$type" = cipher ] ;;
	*) [ "${1%-*}" = "$alg" ] ;;
	esac
}

rows=$root/rows.txt
: >"$rows"
status=0
notes=""

for t in ${targets//,/ }; do
	b=$root/build-insn-$t
	probe=$b/insn-probe
	build_target
	case $? in
	0) ;;
	2) continue ;;
	*) status=1; continue ;;
	esac
	# shellcheck disable=SC2086 # $emu is a command with arguments
	list=$($emu "$probe" --list) || { status=1; continue; }
	while read -r drv alg ct avail type; do
		if [ -n "$drivers" ] && [[ ",$drivers," != *",$drv,"* ]]; then
			continue
		fi
		mine=""
		for m in ${modes//,/ }; do
			! fits "$m" || mine+="${mine:+ }$m"
		done
		[ -n "$mine" ] || continue
		if [ "$avail" != 1 ]; then
			notes+=$'\n'"$t: $drv not available on the emulated CPU"
			continue
		fi
		range=$(bash "$src/bench/code-range.sh" "$probe.map" "$probe" \
			"$b/libcryptarch.a" "${prefix}nm" "${prefix}objdump" \
			"$drv") || { status=1; continue; }
		lo=${range% *} hi=${range#* }
		for m in $mine; do
			for n in ${sizes//,/ }; do
				if ! d=$(count_request "$m" "$n"); then
					err "$t: $drv $m $n: run failed"
					status=1
					continue
				fi
				echo "$t $drv $alg $m $n $d $ct" >>"$rows"
			done
		done
	done <<<"$list"
done

# The table: per byte and the ratio to <cipher>-generic; in Markdown one
# row per target and driver, one column per mode and size.
awk -v md="$markdown" '
{
	k = $1 SUBSEP $3 SUBSEP $4 SUBSEP $5
	row[++n] = $0
	if ($2 == $3 "-generic")
		gen[k] = $6
	c = $4 " " $5
	if (!(c in colseen)) {
		colseen[c] = 1
		col[++ncol] = c
	}
	td = $1 " " $2
	if (!(td in tdseen)) {
		tdseen[td] = 1
		tdl[++ntd] = td
	}
}
function ratio(f,   k) {
	k = f[1] SUBSEP f[3] SUBSEP f[4] SUBSEP f[5]
	if (k in gen && gen[k] > 0)
		return sprintf("%.2f", f[6] / gen[k])
	return "-"
}
END {
	if (!md) {
		printf "%-12s %-16s %-8s %6s %11s %10s\n", "target", "driver",
		       "mode", "bytes", "insns/byte", "vs generic"
		for (i = 1; i <= n; i++) {
			split(row[i], f, " ")
			printf "%-12s %-16s %-8s %6d %11.2f %10s\n", f[1], f[2],
			       f[4], f[5], f[6] / f[5], ratio(f)
		}
		exit
	}
	for (i = 1; i <= n; i++) {
		split(row[i], f, " ")
		cell[f[1] " " f[2], f[4] " " f[5]] = \
			sprintf("%.2f (%s)", f[6] / f[5], ratio(f))
	}
	printf "| target | driver |"
	for (c = 1; c <= ncol; c++)
		printf " %s B |", col[c]
	printf "\n|---|---|"
	for (c = 1; c <= ncol; c++)
		printf "---:|"
	printf "\n"
	for (t = 1; t <= ntd; t++) {
		split(tdl[t], f, " ")
		printf "| %s | `%s` |", f[1], f[2]
		for (c = 1; c <= ncol; c++) {
			v = "-"
			if ((tdl[t], col[c]) in cell)
				v = cell[tdl[t], col[c]]
			printf " %s |", v
		}
		printf "\n"
	}
}' "$rows"

# The targets of issue 3 section 4 (default MIPS32r2/MIPS64r2 builds), where
# their rows exist.
awk '
BEGIN {
	lim["aarch64 aes-arm64"] = 0.75
	lim["mips twofish-mips"] = 0.85; lim["mipsel twofish-mips"] = 0.85
	lim["mips64 twofish-mips"] = 0.80; lim["mips64el twofish-mips"] = 0.80
}
$4 == "ecb-enc" && $5 == 8192 {
	v[$1 " " $2] = $6
	if ($2 == $3 "-generic")
		gen[$1 " " $3] = $6
}
END {
	for (k in lim) {
		if (!(k in v))
			continue
		split(k, f, " ")
		g = gen[f[1] " " (f[2] ~ /^aes/ ? "aes" : "twofish")]
		if (!g)
			continue
		r = v[k] / g
		printf "check: %s %s ecb-enc 8192: %.3f x generic, " \
		       "limit %.2f: %s\n", f[1], f[2], r, lim[k],
		       r <= lim[k] ? "met" : "NOT MET"
	}
}' "$rows" | sort

qv=""
[ -z "$emu" ] || qv=$(${emu%% *} --version 2>/dev/null | head -1)
echo "(instructions executed inside each driver's own code, exact; not cycles:"
echo " latency, memory and cache cost are ignored. ${qv:-qemu}; $(date +%F))"
if [ -n "$notes" ]; then
	echo "$notes" | sed '/^$/d' >&2
fi
exit $status
