#!/bin/bash
# SPDX-License-Identifier: MIT
# gen-corpus.sh - write the seed corpus of the libFuzzer harnesses into
# tests/fuzz/corpus/<harness>/ (committed; the fuzzers start from it and
# keep what they find in their build directory). A few dozen small inputs
# per harness, in the input layouts that fuzz-name.c, fuzz-setkey.c and
# fuzz-diff.c describe: valid and malformed names with each flag, keys of
# every interesting length, and every cipher, mode and key size with short,
# odd and block-sized data, and each keyed hash and hash with messages of
# several lengths; for fuzz-aead, published GCM and CCM messages (genuine
# and with one bit flipped), made messages of every aead name with several
# tag, nonce and data lengths, and requests the rules refuse. Deterministic: running it again gives the same files
# (it empties the harnesses' directories first).
#
# Usage: gen-corpus.sh [DIR]   (default: the corpus/ next to this script)

set -euo pipefail

out=${1:-$(cd "$(dirname "$0")" && pwd)/corpus}
rm -rf "$out/fuzz-name" "$out/fuzz-setkey" "$out/fuzz-diff" "$out/fuzz-aead"

# bytes N SEED: N pseudo-random bytes as printf escapes (a fixed LCG).
bytes() {
	local n=$1 x=$2 i s="" h
	for ((i = 0; i < n; i++)); do
		x=$(((x * 1103515245 + 12345) % 2147483648))
		printf -v h '\\x%02x' $(((x >> 16) & 255))
		s+=$h
	done
	printf '%s' "$s"
}

# put HARNESS NAME ESCAPES: write the bytes that printf makes of ESCAPES.
put() {
	mkdir -p "$out/$1"
	# shellcheck disable=SC2059 # the escapes are the format on purpose
	printf "$3" >"$out/$1/$2"
}

# ---- fuzz-name: flags byte, then the name --------------------------------
n=0
for name in 'aes' 'twofish' 'aes-generic' 'aes-ct64' 'twofish-generic' \
	'ecb(aes)' 'cbc(aes)' 'ctr(aes)' 'xts(aes)' 'cbc(twofish)' \
	'xts(twofish-generic)' 'ctr(aes-ct64)' 'ecb-aes-ct64' \
	'ctr-aes-generic' 'cbc-aes-aesni' 'xts-aes-vaes-avx2' 'gcm(aes)' \
	'cbc(cbc(aes))' 'cbc(aes' 'cbc()' '()' 'AES' 'aes generic' \
	'ecb(aes-neon)' 'xts(aes-vaes-avx512)' 'aes-' 'xctr(aes)' \
	'xctr-aes-aesni' 'cts(cbc(aes))' 'cts(cbc-aes-ct64)' \
	'cts(cbc(twofish-generic))' 'essiv(cbc(aes),sha256)' \
	'essiv(cbc-aes-aesni,sha256-generic)' 'cmac(aes)' 'cmac-aes-aesni' \
	'xcbc(aes-generic)' 'cbcmac(twofish)' 'sha256' 'sha256-generic' \
	'cts(ecb(aes))' 'essiv(ctr(aes),sha256)' 'cmac(sha256)' \
	'xctr(sha256)' 'essiv(cbc(aes),cmac(aes))' 'essiv(cbc(aes),sha256,x)' \
	'ccm(aes)' 'gcm(twofish)' 'gcm_base(ctr(aes-generic),ghash-generic)' \
	'ccm_base(ctr(aes),cbcmac(aes))' 'ccm(ghash)' 'gcm(cbc(aes))' \
	'gcm_base(ctr(aes),cbcmac(aes))' 'ghash' 'ghash-generic' \
	'essiv(cbc(aes),ghash)' 'cmac(ghash)'; do
	for flags in 00 01; do
		n=$((n + 1))
		put fuzz-name "$(printf '%02d-%s-%s' "$n" "$flags" \
			"$(printf '%s' "$name" | tr -c 'a-z0-9-' '_')")" \
			"\\x$flags$name"
	done
done
long=$(printf 'a%.0s' $(seq 1 127))
put fuzz-name long-127 "\\x01$long"
put fuzz-name long-128 "\\x01${long}a"
put fuzz-name weak-flags "\\x07xts(aes)"
put fuzz-name all-flags "\\xffctr(twofish)"
put fuzz-name nul-inside "\\x01cbc(aes)\\x00junk"

# ---- fuzz-setkey: options, plaintext seed, key ---------------------------
for len in 0 1 8 15 16 17 20 24 31 32 33 40 48 64 96; do
	put fuzz-setkey "key-$len" "\\x00\\x2a$(bytes "$len" "$len")"
done
put fuzz-setkey xts-weak-32 "\\x01\\x00$(bytes 16 7)$(bytes 16 7)"
put fuzz-setkey xts-weak-64 "\\x03\\x10$(bytes 32 9)$(bytes 32 9)"
put fuzz-setkey rekey-16 "\\x02\\x55$(bytes 16 11)"
put fuzz-setkey rekey-bad-17 "\\x02\\x55$(bytes 17 11)"
put fuzz-setkey zeros-32 "\\x00\\x00$(printf '\\x00%.0s' $(seq 1 32))"
put fuzz-setkey ones-32 "\\x00\\xff$(printf '\\xff%.0s' $(seq 1 32))"

# ---- fuzz-diff: target, name bits, key size, cut, key, iv, data ---------
# byte 1: bits 0-3 the name (ecb cbc ctr xts xctr cts essiv cmac xcbc
# cbcmac), bit 4 in place, bit 5 two calls; targets 0, 1 the ciphers (aes,
# twofish), 2 and 3 the hashes (sha256 and ghash, in registry order; ghash
# takes a 16-byte key first).
names=(ecb cbc ctr xts xctr cts essiv cmac xcbc cbcmac)
for c in 0 1; do
	for m in 0 1 2 3 4 5 6; do
		for k in 0 1 2; do
			klen=$(((16 + 8 * k) * (m == 3 ? 2 : 1)))
			case $m in
			0 | 1 | 6) dlen=$((16 * (1 + k * 3))) ;;
			2 | 4) dlen=$((5 + 37 * k)) ;;
			3 | 5) dlen=$((16 + 17 * k)) ;;
			esac
			seed=$((c * 100 + m * 10 + k))
			put fuzz-diff \
				"c$c-${names[$m]}-$((8 * (16 + 8 * k)))-$dlen" \
				"\\x0$c\\x0$m\\x0$k\\x01$(bytes "$klen" "$seed")$(bytes 16 $((seed + 1)))$(bytes "$dlen" $((seed + 2)))"
		done
	done
	for m in 7 8 9; do
		for dlen in 0 16 41; do
			seed=$((c * 100 + m * 10 + dlen))
			put fuzz-diff "c$c-${names[$m]}-128-$dlen" \
				"\\x0$c\\x$((20 + m))\\x00\\x02$(bytes 16 "$seed")$(bytes "$dlen" $((seed + 1)))"
		done
	done
done
for dlen in 0 3 55 64 200; do
	put fuzz-diff "sha256-$dlen" \
		"\\x02\\x20\\x00\\x07$(bytes "$dlen" $((dlen + 5)))"
done
for dlen in 0 15 16 17 64 200; do
	put fuzz-diff "ghash-$dlen" \
		"\\x03\\x20\\x00\\x07$(bytes 16 $((dlen + 9)))$(bytes "$dlen" $((dlen + 10)))"
done
# Two calls with a cut, in place, a counter about to wrap, a long buffer.
put fuzz-diff cut-cbc "\\x00\\x21\\x00\\x02$(bytes 16 1)$(bytes 16 2)$(bytes 96 3)"
put fuzz-diff cut-ctr-inplace "\\x00\\x32\\x02\\x03$(bytes 32 4)$(bytes 16 5)$(bytes 77 6)"
put fuzz-diff ctr-wrap "\\x00\\x02\\x00\\x00$(bytes 16 7)$(printf '\\xff%.0s' $(seq 1 16))$(bytes 70 8)"
put fuzz-diff xts-steal-inplace "\\x01\\x13\\x01\\x00$(bytes 48 9)$(bytes 16 10)$(bytes 31 11)"
put fuzz-diff cts-inplace "\\x00\\x15\\x00\\x00$(bytes 16 15)$(bytes 16 16)$(bytes 47 17)"
put fuzz-diff ecb-1k "\\x00\\x00\\x02\\x00$(bytes 32 12)$(bytes 16 13)$(bytes 1024 14)"
put fuzz-diff cmac-1k-cut "\\x00\\x27\\x02\\x50$(bytes 32 18)$(bytes 1024 19)"

# ---- fuzz-aead: name, flags, key size, nonce length, ad length (2 bytes,
# little-endian), selector; then key, nonce, ad, data --------------------
# Names in registry order here: 0 gcm(aes), 1 gcm(twofish), 2 ccm(aes),
# 3 ccm(twofish). Flags: bits 0-4 the tag length, 0x20 a made message,
# 0x40 one bit flipped, 0x80 in place.
# hex HEX: the bytes of HEX as printf escapes.
hex() {
	local h=$1 s="" i
	for ((i = 0; i < ${#h}; i += 2)); do
		s+="\\x${h:i:2}"
	done
	printf '%s' "$s"
}
# aead NAME FLAGS KEYSEL NONCELEN ADLEN SEL KEY NONCE AD DATA (hex)
aead() {
	local f=$1
	shift
	put fuzz-aead "$f" "$(printf '\\x%02x\\x%02x\\x%02x\\x%02x\\x%02x\\x%02x\\x%02x' \
		"$1" "$2" "$3" "$4" $(($5 & 255)) $(($5 >> 8)) "$6")$(hex "$7$8$9${10}")"
}
# McGrew and Viega, "The Galois/Counter Mode of Operation", Appendix B:
# Test Cases 2, 4 and 5 (ciphertext then tag), and 4 with a bit flipped.
z16=00000000000000000000000000000000
aead gcm-tc2 0 16 0 12 0 0 $z16 000000000000000000000000 "" \
	0388dace60b6a392f328c2b971b2fe78ab6e47d42cec13bdf53a67b21257bddf
k=feffe9928665731c6d6a8f9467308308
a=feedfacedeadbeeffeedfacedeadbeefabaddad2
c4=42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e
c4+=21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091
aead gcm-tc4 0 16 0 12 20 1 $k cafebabefacedbaddecaf888 $a \
	${c4}5bc94fbc3221a5db94fae95ae7121a47
aead gcm-tc4-forged 0 16 0 12 20 2 $k cafebabefacedbaddecaf888 $a \
	${c4}5bc94fbc3221a5db94fae95ae7121a46
aead gcm-tc4-inplace 0 144 0 12 20 3 $k cafebabefacedbaddecaf888 $a \
	${c4}5bc94fbc3221a5db94fae95ae7121a47
c5=61353b4c2806934a777ff51fa22a4755699b2a714fcdc6f83766e5f97b6c7423
c5+=73806900e49f24b22b097544d4896b424989b5e1ebac0f07c23f4598
aead gcm-tc5-nonce8 0 16 0 8 20 4 $k cafebabefacedbad $a \
	${c5}3612d2e79e3b0785561be14aaca2fccb
# NIST SP 800-38C Appendix C, Examples 1 and 2; RFC 3610 Packet Vector #1.
k=404142434445464748494a4b4c4d4e4f
aead ccm-ex1 2 4 0 7 8 0 $k 10111213141516 0001020304050607 \
	7162015b4dac255d
aead ccm-ex1-forged 2 4 0 7 8 1 $k 10111213141516 0001020304050607 \
	7162015b4dac25dd
aead ccm-ex2 2 6 0 8 16 2 $k 1011121314151617 \
	000102030405060708090a0b0c0d0e0f \
	d2a1f0e051ea5f62081a7792073d593d1fc64fbfaccd
aead ccm-rfc3610-1 2 8 0 13 8 3 c0c1c2c3c4c5c6c7c8c9cacbcccdcecf \
	00000003020100a0a1a2a3a4a5 0001020304050607 \
	588c979a61c663d2f066d0c2c0f989806d5f6b61dac38417e8d12cfdf926e0
# Made messages of every name: tag, nonce and data lengths, flipped, in
# place.
for nm in 0 1 2 3; do
	if [ $nm -lt 2 ]; then tags=(16 12 8 4) nls=(12 1 16 60)
	else tags=(16 14 8 4) nls=(13 7 10 12); fi
	i=0
	for dlen in 0 1 16 33 100; do
		as=${tags[$((i % 4))]} nl=${nls[$((i % 4))]} al=$(((i * 13) % 41))
		ks=$((i % 3)) klen=$((16 + 8 * (i % 3)))
		seed=$((nm * 100 + i))
		for v in 32 96 160; do
			put fuzz-aead "made-$nm-$dlen-$v" \
				"$(printf '\\x%02x\\x%02x\\x%02x\\x%02x\\x%02x\\x00\\x%02x' \
					"$nm" $((v + as)) "$ks" "$nl" "$al" "$i")$(bytes "$klen" "$seed")$(bytes "$nl" $((seed + 1)))$(bytes "$al" $((seed + 2)))$(bytes "$dlen" $((seed + 3)))"
		done
		i=$((i + 1))
	done
done
# Requests the rules refuse: tag lengths 5 and 0, nonces of 0, 6 and 14
# bytes (CCM), a 17-byte key, data shorter than the tag.
aead bad-gcm-tag5 0 5 0 12 0 0 $z16 000000000000000000000000 "" $z16$z16
aead bad-ccm-tag5 2 5 0 12 0 0 $z16 000000000000000000000000 "" $z16$z16
aead bad-gcm-tag0 0 0 0 12 0 0 $z16 000000000000000000000000 "" $z16
aead bad-gcm-nonce0 0 16 0 0 0 0 $z16 "" "" $z16$z16
aead bad-ccm-nonce6 2 16 0 6 0 0 $z16 000000000000 "" $z16$z16
aead bad-ccm-nonce14 2 16 0 14 0 0 $z16 0000000000000000000000000000 "" $z16
aead bad-key17 0 16 $((3 + 17 * 4)) 12 0 0 ${z16}00 000000000000000000000000 "" $z16
aead bad-short 2 16 0 12 0 0 $z16 000000000000000000000000 "" 000102030405060708090a0b0c0d0e
aead made-bad-nonce 2 48 0 5 0 0 $z16 0000000000 "" 00010203
