#!/bin/bash
# SPDX-License-Identifier: MIT
# provider-mac-cli.sh - `openssl mac ... CMAC` through the OpenSSL provider
# cryptarch.so (-propquery provider=cryptarch) against the same command
# through the default provider: AES-128/192/256-CBC keys on random files
# of 0 B to 100 KiB, tag for tag (the C test provider-mac covers the
# calls; this is the command line); RFC 4493 Example 2 through the module;
# TWOFISH-128-CBC (the module's alone) gives a tag; DES-EDE3-CBC, which
# cryptarch's CMAC does not take, fails. Fifteen openssl processes.
#
#   provider-mac-cli.sh MODULE_DIR
#
# CRYPTARCH_PRELOAD: a sanitizer runtime to preload into openssl. Exit 0
# passed, 1 failed, 77 skipped (no openssl command).
set -euo pipefail

dir=$(cd "${1:?usage: provider-mac-cli.sh MODULE_DIR}" && pwd)
command -v openssl >/dev/null 2>&1 || { echo "SKIP: no openssl"; exit 77; }
if [ -n "${CRYPTARCH_PRELOAD:-}" ]; then
	export LD_PRELOAD=$CRYPTARCH_PRELOAD
	export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
fi
unset OPENSSL_CONF OPENSSL_MODULES
tmp=$(mktemp -d "${TMPDIR:-/tmp}/provider-mac-cli.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail=0

# cap CIPHER HEXKEY FILE / ref CIPHER HEXKEY FILE: the tag, or nothing.
cap() {
	openssl mac -provider-path "$dir" -provider cryptarch \
		-provider default -propquery provider=cryptarch \
		-cipher "$1" -macopt "hexkey:$2" -in "$3" CMAC 2>"$tmp/err"
}
ref() {
	openssl mac -propquery provider=default -cipher "$1" \
		-macopt "hexkey:$2" -in "$3" CMAC
}

k16=000102030405060708090a0b0c0d0e0f
k24=${k16}1011121314151617
k32=${k24}18191a1b1c1d1e1f
for n in 0 16 17 1000 102400; do
	head -c "$n" /dev/urandom >"$tmp/m$n"
done
checked=0
for spec in AES-128-CBC:$k16:0 AES-128-CBC:$k16:16 AES-128-CBC:$k16:102400 \
	AES-192-CBC:$k24:17 AES-256-CBC:$k32:1000 aes-128-cbc:$k16:17; do
	IFS=: read -r cipher key n <<<"$spec"
	a=$(cap "$cipher" "$key" "$tmp/m$n" || true)
	b=$(ref "$cipher" "$key" "$tmp/m$n")
	if [ -z "$a" ] || [ "$a" != "$b" ]; then
		echo "FAIL: $cipher, $n bytes: cryptarch '$a', default '$b'"
		cat "$tmp/err"
		fail=1
	fi
	checked=$((checked + 1))
done
echo "$checked tags equal to the default provider's"

# RFC 4493 section 4, Example 2 (Mlen = 128).
printf '\x6b\xc1\xbe\xe2\x2e\x40\x9f\x96\xe9\x3d\x7e\x11\x73\x93\x17\x2a' \
	>"$tmp/rfc"
a=$(cap AES-128-CBC 2b7e151628aed2a6abf7158809cf4f3c "$tmp/rfc" || true)
if [ "$a" != 070A16B46B4D4144F79BDD9DD04A287C ]; then
	echo "FAIL: RFC 4493 Example 2: '$a'"
	fail=1
fi

a=$(cap TWOFISH-128-CBC "$k16" "$tmp/m1000" || true)
if ! grep -Eq '^[0-9A-F]{32}$' <<<"$a"; then
	echo "FAIL: TWOFISH-128-CBC: '$a'"
	cat "$tmp/err"
	fail=1
fi
if a=$(cap DES-EDE3-CBC "$k24" "$tmp/m17"); then
	echo "FAIL: DES-EDE3-CBC taken: '$a'"
	fail=1
elif ! grep -q "cipher not supported" "$tmp/err"; then
	echo "FAIL: DES-EDE3-CBC refused without the provider's reason:"
	cat "$tmp/err"
	fail=1
fi
[ "$fail" = 0 ] && echo "provider-mac-cli: ok"
exit "$fail"
