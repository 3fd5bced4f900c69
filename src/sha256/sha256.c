/* SPDX-License-Identifier: MIT */
/*
 * sha256.c - the algorithm "sha256" (FIPS 180-4): an unkeyed hash of type
 * shash with 64-byte blocks and 32-byte digests, and the known answers
 * every SHA-256 driver must give before it is ever chosen. Data only.
 */
#include <stddef.h>

#include "../types/shash.h"
#include "sha256.h"

static const struct cryptarch_kat kats[] = {
	/* FIPS 180-4 examples (NIST CSRC "Examples with Intermediate
	 * Values", SHA256.pdf): "abc" */
	{ NULL, "", NULL, "616263",
	  "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" },
	/* the same: the two-block 448-bit message
	 * "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq" */
	{ NULL, "", NULL,
	  "6162636462636465636465666465666765666768666768696768696a"
	  "68696a6b696a6b6c6a6b6c6d6b6c6d6e6c6d6e6f6d6e6f706e6f7071",
	  "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1" },
	/* the empty message (NIST CAVP SHA256ShortMsg.rsp, Len = 0) */
	{ NULL, "", NULL, "",
	  "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" },
	{ NULL, NULL, NULL, NULL, NULL },
};

const struct cryptarch_algorithm cryptarch_sha256 = {
	.name = "sha256",
	.type = &cryptarch_type_shash,
	.blocksize = 64,
	.min_keysize = 0,
	.max_keysize = 0,
	.kats = kats,
};
