#!/bin/bash
# SPDX-License-Identifier: MIT
# provider-enc.sh - `openssl enc` through the OpenSSL provider cryptarch.so
# against OpenSSL's default provider, byte for byte.
#
#   provider-enc.sh MODULE_DIR [CRYPTARCH_COMMAND]
#
# Every cipher the module lists (`openssl list -cipher-algorithms`, none
# named here; XTS and the AEAD modes GCM and CCM, which openssl enc
# refuses, are named as skipped: test-provider and test-provider-aead
# drive them through EVP), on files of 0, 1, 15, 16, 17, 4097 bytes and 1 MiB, with
# padding and with -nopad: where the default provider has the cipher,
# encryption through both gives the same exit status and the same bytes,
# and decryption through the module gives the file back. A cipher the
# default provider lacks (Twofish) is compared with the cryptarch command
# (the library; -nopad where the mode allows the length, and with the
# PKCS#7 padding built here), under a temporary openssl.cnf that sets
# allow-variable-time = yes in the provider's section; without it,
# openssl enc through the module works exactly when the cryptarch command
# without --allow-variable-time does. The openssl command is the host's.
# CRYPTARCH_PRELOAD: a sanitizer runtime to preload into it (the module of
# an instrumented build; ctest does not run this test there);
# CRYPTARCH_PROVIDER_ENC_SIZES: other file sizes. Exit 0 passed, 1 failed,
# 77 skipped.
set -euo pipefail

dir=$(cd "${1:?usage: provider-enc.sh MODULE_DIR [CRYPTARCH_COMMAND]}" && pwd)
cmd=${2:-}
command -v openssl >/dev/null 2>&1 || { echo "SKIP: no openssl"; exit 77; }
if [ -n "${CRYPTARCH_PRELOAD:-}" ]; then
	# openssl's own allocations at exit are not this test's.
	export LD_PRELOAD=$CRYPTARCH_PRELOAD
	export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
fi
unset OPENSSL_CONF OPENSSL_MODULES

work=$(mktemp -d "${TMPDIR:-/tmp}/cryptarch-provider-enc.XXXXXX")
trap 'rm -rf "$work"' EXIT
failures=0
fail() {
	echo "FAIL: $*"
	failures=$((failures + 1))
}

cap=(-provider-path "$dir" -provider cryptarch -provider default
	-propquery provider=cryptarch)
def=(-provider default -propquery provider=default)

# The module's ciphers: "{ OID, NAME, ALIAS } @ cryptarch" or
# "NAME @ cryptarch"; the first name that is not an OID.
openssl list -cipher-algorithms -provider-path "$dir" \
	-provider cryptarch >"$work/list"
ciphers=$(sed -n 's/^ *\(.*\) @ cryptarch$/\1/p' "$work/list" |
	tr -d '{}' | awk -F', *' '{
		for (i = 1; i <= NF; i++) {
			gsub(/^ +| +$/, "", $i)
			if ($i !~ /^[0-9.]+$/) { print $i; break }
		}
	}')
[ -n "$ciphers" ] || { echo "FAIL: the module lists no cipher"; exit 1; }
echo "ciphers: $(echo $ciphers)"

openssl list -cipher-algorithms -provider default >"$work/default-list"

sizes=${CRYPTARCH_PROVIDER_ENC_SIZES:-0 1 15 16 17 4097 1048576}
for n in $sizes; do
	head -c "$n" /dev/urandom >"$work/in.$n"
done

cat >"$work/vt.cnf" <<EOF
openssl_conf = init
[init]
providers = provs
[provs]
default = dsect
cryptarch = csect
[dsect]
activate = 1
[csect]
module = $dir/cryptarch.so
allow-variable-time = yes
activate = 1
EOF

# The file with PKCS#7 padding.
padded() {
	local n p
	n=$(stat -c %s "$1")
	p=$((16 - n % 16))
	cat "$1"
	head -c "$p" /dev/zero | tr '\0' "\\$(printf '%03o' "$p")"
}

for c in $ciphers; do
	case "$c" in
	*-XTS)
		# enc.c refuses XTS ("XTS ciphers not supported"), whichever
		# provider has it: test-provider covers it through EVP.
		echo "== $c: not taken by openssl enc"
		continue
		;;
	*-GCM | *-gcm | *-CCM | *-ccm)
		# enc.c refuses AEAD ciphers ("AEAD ciphers not supported"):
		# test-provider-aead covers them through EVP.
		echo "== $c: AEAD, not taken by openssl enc"
		continue
		;;
	esac
	# Key and iv lengths as the cipher has them (-P prints a derived
	# pair and stops); then a random key and iv of those lengths.
	kv=$(openssl enc "${cap[@]}" -"$c" -P -pbkdf2 -nosalt -pass pass:x \
		2>/dev/null || OPENSSL_CONF="$work/vt.cnf" openssl enc \
		-propquery provider=cryptarch -"$c" -P -pbkdf2 -nosalt \
		-pass pass:x)
	klen=$(echo "$kv" | sed -n 's/^key=//p' | tr -d '\n' | wc -c)
	ivlen=$(echo "$kv" | sed -n 's/^iv *=//p' | tr -d '\n' | wc -c)
	key=$(openssl rand -hex $((klen / 2)))
	ivarg=()
	iv=""
	if [ "$ivlen" -gt 0 ]; then
		iv=$(openssl rand -hex $((ivlen / 2)))
		ivarg=(-iv "$iv")
	fi
	lc=$(echo "$c" | tr 'A-Z' 'a-z')
	mode=${lc#*-*-}
	base=${lc%%-*}
	case "$mode" in
	cbc-cts) alg="cts(cbc($base))" ;;
	*) alg="$mode($base)" ;;
	esac
	if grep -qi "[{ ,]$c\( \|,\|$\)" "$work/default-list"; then
		ref=1
	else
		ref=0
	fi
	echo "== $c ($alg, key $((klen * 4)) bits, reference: $([ $ref = 1 ] &&
		echo "default provider" || echo "cryptarch command"))"

	if [ $ref = 0 ]; then
		if [ -z "$cmd" ]; then
			echo "   (no cryptarch command: not compared)"
			continue
		fi
		# Default policy: the module works where the library does.
		lib_ok=0
		"$cmd" enc --alg "$alg" --key "$key" ${iv:+--iv "$iv"} \
			--in "$work/in.16" --out "$work/lib" 2>/dev/null &&
			lib_ok=1
		prov_ok=0
		openssl enc "${cap[@]}" -e -"$c" -K "$key" "${ivarg[@]}" \
			-nopad -in "$work/in.16" -out "$work/out" 2>/dev/null &&
			prov_ok=1
		[ $lib_ok = $prov_ok ] ||
			fail "$c: default policy: module $prov_ok, library $lib_ok"
		for n in $sizes; do
			for pad in pad nopad; do
				in=$work/in.$n
				if [ $pad = pad ] && [ "$mode" != ctr ]; then
					padded "$in" >"$work/padded"
					libin=$work/padded
					opt=()
				else
					libin=$in
					opt=(-nopad)
					if [ "$mode" != ctr ] && [ $((n % 16)) != 0 ]; then
						continue
					fi
				fi
				"$cmd" enc --allow-variable-time --alg "$alg" \
					--key "$key" ${iv:+--iv "$iv"} \
					--in "$libin" --out "$work/lib" ||
					{ fail "$c $n $pad: cryptarch enc"; continue; }
				OPENSSL_CONF="$work/vt.cnf" openssl enc \
					-propquery provider=cryptarch -e -"$c" \
					-K "$key" "${ivarg[@]}" "${opt[@]}" \
					-in "$in" -out "$work/out" ||
					{ fail "$c $n $pad: openssl enc -e"; continue; }
				cmp -s "$work/out" "$work/lib" ||
					fail "$c $n $pad: differs from the library"
				OPENSSL_CONF="$work/vt.cnf" openssl enc \
					-propquery provider=cryptarch -d -"$c" \
					-K "$key" "${ivarg[@]}" "${opt[@]}" \
					-in "$work/out" -out "$work/back" ||
					{ fail "$c $n $pad: openssl enc -d"; continue; }
				cmp -s "$work/back" "$in" ||
					fail "$c $n $pad: does not decrypt back"
			done
		done
		continue
	fi

	pads="padding nopad"
	case "$mode" in
	ctr | cbc-cts) pads=padding ;; # no padding to turn off
	esac
	for n in $sizes; do
		for p in $pads; do
			opt=""
			[ "$p" = padding ] || opt=-nopad
			# -nopad where the length allows, and once (17 B) where
			# it does not: both must refuse it.
			if [ -n "$opt" ] && [ $((n % 16)) != 0 ] && [ "$n" != 17 ]; then
				continue
			fi
			in=$work/in.$n
			rc_c=0
			rc_d=0
			# shellcheck disable=SC2086 # opt is empty or one word
			openssl enc "${cap[@]}" -e -"$c" -K "$key" "${ivarg[@]}" \
				$opt -in "$in" -out "$work/c" 2>"$work/err" ||
				rc_c=$?
			# shellcheck disable=SC2086
			openssl enc "${def[@]}" -e -"$c" -K "$key" "${ivarg[@]}" \
				$opt -in "$in" -out "$work/d" 2>/dev/null || rc_d=$?
			what="$c ${n} B ${opt:-padding}"
			if [ $rc_c != $rc_d ]; then
				fail "$what: exit $rc_c, default provider $rc_d"
				cat "$work/err"
				continue
			fi
			cmp -s "$work/c" "$work/d" ||
				fail "$what: ciphertext differs"
			# Agreeing failures only where failing is right:
			# -nopad with a partial block, CTS's lengths (under 16
			# bytes; a second update past openssl's 4 KiB
			# buffer).
			if [ $rc_c != 0 ]; then
				if [ "$mode" != cbc-cts ] &&
					{ [ -z "$opt" ] || [ $((n % 16)) = 0 ]; }; then
					fail "$what: both providers fail"
				fi
				continue
			fi
			# shellcheck disable=SC2086
			openssl enc "${cap[@]}" -d -"$c" -K "$key" "${ivarg[@]}" \
				$opt -in "$work/d" -out "$work/back" ||
				{ fail "$what: decryption failed"; continue; }
			cmp -s "$work/back" "$in" ||
				fail "$what: does not decrypt back"
		done
	done
done

if [ $failures != 0 ]; then
	echo "provider-enc: $failures failure(s)"
	exit 1
fi
echo "provider-enc: ok"
