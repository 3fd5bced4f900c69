/* SPDX-License-Identifier: MIT */
/*
 * peers-targets.c - the comparisons that the project's speed targets name,
 * as data for bench/peers (evaluated and printed by peers-verdict.c): the
 * headline comparisons of issue 2, section 7 (`peers --headline`, and the
 * end of the full table: one row of cryptarch against named peer rows,
 * with the limits on cryptarch's time over theirs), and the x86-64 speed
 * targets of issues 5, 10, 11, 12 and 13 (`peers --targets`: for each group of
 * algorithms and modes, cryptarch's selection against the fastest of the
 * peers named, or against cryptarch's own row in another mode (xctr and
 * ctr, cts and cbc decryption), the least throughput ratio, and where it
 * applies the AES instruction bound of aes-bound.c). A target's numbers
 * are changed here and nowhere else. The peers' notes describe x86-64 and are printed only
 * there.
 */
#include <stddef.h>

#include "cryptarch.h"
#include "peers.h"

const struct headline peers_headlines[] = {
	{ .title = "AES-128 CBC encryption, table-based AES",
	  .alg = "aes-128",
	  .mode = "cbc-enc",
	  .driver = "aes-generic",
	  .flags = CRYPTARCH_ALLOW_VARIABLE_TIME,
	  .config = "nohw",
	  .peers = { { "nohw", "gcrypt", "amd64 table assembly", 1 },
		     { "scalar", "openssl", "x86_64 table assembly", 1 },
		     { "nohw", "nettle", "x86_64 table assembly", 1 },
		     { "nohw", "openssl", "vpaes (SSSE3, constant-time)", 0 } },
	  .targets = { { "at least as fast as libgcrypt's table assembly", 1.00,
			 0 },
		       { "within 1.15x of the best table-based peer", 1.15,
			 -1 } } },
	{ .title = "AES-128 CTR, constant-time without AES-NI",
	  .alg = "aes-128",
	  .mode = "ctr",
	  .driver = "aes-ct64",
	  .flags = 0,
	  .config = "nohw",
	  .peers = { { "nohw", "openssl", "bsaes (bit-sliced SSSE3)", 0 },
		     { "nohw", "gcrypt", "amd64 tables, not constant-time", 1 },
		     { "nohw", "nettle", "tables, not constant-time", 1 } },
	  .targets = { { "within 3x of OpenSSL's bit-sliced path", 3.00, 0 } } },
	{ .title = "Twofish-128 CBC encryption",
	  .alg = "twofish-128",
	  .mode = "cbc-enc",
	  .driver = "twofish-generic",
	  .flags = CRYPTARCH_ALLOW_VARIABLE_TIME,
	  .config = "nohw",
	  .peers = { { "nohw", "nettle", "C", 1 },
		     { "nohw", "gcrypt", "amd64 assembly", 1 } },
	  .targets = { { "at least as fast as nettle", 1.00, 0 },
		       { "within 1.2x of libgcrypt's assembly", 1.20, 1 } } },
};
const size_t peers_nheadlines =
	sizeof(peers_headlines) / sizeof(peers_headlines[0]);

/* Bits of peers_algs[] and of enum mode. */
#define A128 (1u << 0)
#define A256 (1u << 1)
#define T128 (1u << 2)
#define T256 (1u << 3)
#define PAR_MODES ((1u << ECB) | (1u << CBC_DEC) | (1u << CTR) | (1u << XTS))
/* The modes of issues 5 and 10 (the later ones have targets of their
 * own below). */
#define ALL_MODES (PAR_MODES | (1u << CBC_ENC))
#define GCM_MODES ((1u << GCM_ENC) | (1u << GCM_DEC))
#define CCM_MODES ((1u << CCM_ENC) | (1u << CCM_DEC))

/* Issue 12: AES-GCM against intel-ipsec-mb's direct GCM API at SIZE. */
#define GCM_VS_IPSECMB(size, need)                                         \
	{ .what = "hardware AES, GCM, vs intel-ipsec-mb",                  \
	  .alg_mask = A128 | A256,                                         \
	  .mode_mask = GCM_MODES,                                          \
	  .bytes = (size),                                                 \
	  .ca_cfg = "hw",                                                  \
	  .ca_lib = "cryptarch-ct",                                        \
	  .peers = { { "hw", "ipsecmb" } },                                \
	  .min = (need) }

/* .bound is BOUND_NONE where not given: only the peers count. */
const struct target peers_targets[] = {
	{ .what = "hardware AES, parallel modes",
	  .alg_mask = A128 | A256,
	  .mode_mask = PAR_MODES,
	  .bytes = 8192,
	  .ca_cfg = "hw",
	  .ca_lib = "cryptarch-ct",
	  .peers = { { "hw", "openssl" },
		     { "hw", "gcrypt" },
		     { "hw", "nettle" } },
	  .min = 1.5,
	  .bound = BOUND_PARALLEL,
	  .frac = 0.70 },
	{ .what = "hardware AES, CBC encryption",
	  .alg_mask = A128 | A256,
	  .mode_mask = 1u << CBC_ENC,
	  .bytes = 8192,
	  .ca_cfg = "hw",
	  .ca_lib = "cryptarch-ct",
	  .peers = { { "hw", "openssl" },
		     { "hw", "gcrypt" },
		     { "hw", "nettle" } },
	  .min = 1.0,
	  .bound = BOUND_SERIAL,
	  .frac = 1.05 },
	{ .what = "no hardware AES, constant-time, vs OpenSSL bsaes/vpaes",
	  .alg_mask = A128 | A256,
	  .mode_mask = ALL_MODES,
	  .bytes = 8192,
	  .ca_cfg = "nohw",
	  .ca_lib = "cryptarch-ct",
	  .peers = { { "nohw", "openssl" } },
	  .min = 1.0 },
	{ .what = "no hardware AES, variable-time, vs table assembly",
	  .alg_mask = A128 | A256,
	  .mode_mask = ALL_MODES,
	  .bytes = 8192,
	  .ca_cfg = "nohw",
	  .ca_lib = "cryptarch-vt",
	  .peers = { { "scalar", "openssl" }, { "nohw", "gcrypt" } },
	  .min = 1.0 },
	{ .what = "Twofish, CBC encryption, vs libgcrypt",
	  .alg_mask = T128 | T256,
	  .mode_mask = 1u << CBC_ENC,
	  .bytes = 8192,
	  .ca_cfg = "hw",
	  .ca_lib = "cryptarch-vt",
	  .peers = { { "hw", "gcrypt" } },
	  .min = 1.0 },
	{ .what = "Twofish, parallel modes, vs libgcrypt",
	  .alg_mask = T128 | T256,
	  .mode_mask = PAR_MODES,
	  .bytes = 8192,
	  .ca_cfg = "hw",
	  .ca_lib = "cryptarch-vt",
	  .peers = { { "hw", "gcrypt" } },
	  .min = 1.2 },
	/* Issue 10, item 7: every 16-byte row at least level with the best
	 * peer of its class (one block per call, in place: its latency). */
	{ .what = "hardware AES, one block per call, vs the best peer",
	  .alg_mask = A128 | A256,
	  .mode_mask = ALL_MODES,
	  .bytes = 16,
	  .ca_cfg = "hw",
	  .ca_lib = "cryptarch-ct",
	  .peers = { { "hw", "openssl" },
		     { "hw", "gcrypt" },
		     { "hw", "nettle" } },
	  .min = 1.0 },
	{ .what = "no hardware AES, constant-time, one block per call, "
		  "vs OpenSSL bsaes/vpaes",
	  .alg_mask = A128 | A256,
	  .mode_mask = ALL_MODES,
	  .bytes = 16,
	  .ca_cfg = "nohw",
	  .ca_lib = "cryptarch-ct",
	  .peers = { { "nohw", "openssl" } },
	  .min = 1.0 },
	{ .what = "no hardware AES, variable-time, one block per call, "
		  "vs table assembly",
	  .alg_mask = A128 | A256,
	  .mode_mask = ALL_MODES,
	  .bytes = 16,
	  .ca_cfg = "nohw",
	  .ca_lib = "cryptarch-vt",
	  .peers = { { "scalar", "openssl" }, { "nohw", "gcrypt" } },
	  .min = 1.0 },
	{ .what = "Twofish, one block per call, vs the best peer",
	  .alg_mask = T128 | T256,
	  .mode_mask = ALL_MODES,
	  .bytes = 16,
	  .ca_cfg = "hw",
	  .ca_lib = "cryptarch-vt",
	  .peers = { { "hw", "gcrypt" }, { "hw", "nettle" } },
	  .min = 1.0 },
	/* Issue 11: CMAC-AES-128 through a shash handle, one digest per
	 * message; the CBC-MAC chain is CBC encryption's, so the same
	 * latency bound. */
	{ .what = "hardware AES, CMAC, 4 KiB messages, vs the best peer",
	  .alg_mask = A128,
	  .mode_mask = 1u << CMAC,
	  .bytes = 4096,
	  .ca_cfg = "hw",
	  .ca_lib = "cryptarch-ct",
	  .peers = { { "hw", "openssl" },
		     { "hw", "gcrypt" },
		     { "hw", "nettle" },
		     { "hw", "ipsecmb" } },
	  .min = 1.0,
	  .bound = BOUND_SERIAL,
	  .frac = 1.05 },
	{ .what = "hardware AES, CMAC, 64-byte messages, vs the best peer",
	  .alg_mask = A128,
	  .mode_mask = 1u << CMAC,
	  .bytes = 64,
	  .ca_cfg = "hw",
	  .ca_lib = "cryptarch-ct",
	  .peers = { { "hw", "openssl" },
		     { "hw", "gcrypt" },
		     { "hw", "nettle" },
		     { "hw", "ipsecmb" } },
	  .min = 1.2 },
	/* Issue 12: AES-GCM (12-byte nonce, no associated data, 16-byte
	 * tag) and AES-CCM, one message per request, encryption and
	 * decryption. */
	GCM_VS_IPSECMB(8192, 1.2),
	GCM_VS_IPSECMB(1420, 1.0),
	GCM_VS_IPSECMB(64, 1.0),
	GCM_VS_IPSECMB(16, 1.0),
	{ .what = "hardware AES, GCM, vs OpenSSL",
	  .alg_mask = A128 | A256,
	  .mode_mask = GCM_MODES,
	  .bytes = 8192,
	  .ca_cfg = "hw",
	  .ca_lib = "cryptarch-ct",
	  .peers = { { "hw", "openssl" } },
	  .min = 4.0 },
	/* CCM's CBC-MAC is a chain of dependent block encryptions: its
	 * latency bound is CBC encryption's (shown beside the ratio). */
	{ .what = "hardware AES, CCM, vs OpenSSL (the CBC-MAC latency bound)",
	  .alg_mask = A128 | A256,
	  .mode_mask = CCM_MODES,
	  .bytes = 8192,
	  .ca_cfg = "hw",
	  .ca_lib = "cryptarch-ct",
	  .peers = { { "hw", "openssl" } },
	  .min = 1.0,
	  .bound = BOUND_SERIAL,
	  .frac = 0 },
	/* With AES-NI and PCLMULQDQ masked: cryptarch's constant-time GCM
	 * (vector-permute AES, ghash-generic) against OpenSSL's (vpaes or
	 * bsaes, and its 4-bit table GHASH). */
	{ .what = "no hardware AES or carry-less multiply, constant-time "
		  "GCM, vs OpenSSL",
	  .alg_mask = A128 | A256,
	  .mode_mask = GCM_MODES,
	  .bytes = 8192,
	  .ca_cfg = "nohw",
	  .ca_lib = "cryptarch-ct",
	  .peers = { { "nohw", "openssl" } },
	  .min = 1.0 },
	/* xctr within 5% of ctr, cts decryption within 10% of cbc
	 * decryption: cryptarch's own rows, with and without hardware
	 * AES. */
	{ .what = "hardware AES, xctr vs cryptarch's ctr",
	  .alg_mask = A128 | A256,
	  .mode_mask = 1u << XCTR,
	  .bytes = 4096,
	  .ca_cfg = "hw",
	  .ca_lib = "cryptarch-ct",
	  .versus = "ctr",
	  .min = 1 / 1.05 },
	{ .what = "no hardware AES, constant-time, xctr vs cryptarch's ctr",
	  .alg_mask = A128 | A256,
	  .mode_mask = 1u << XCTR,
	  .bytes = 4096,
	  .ca_cfg = "nohw",
	  .ca_lib = "cryptarch-ct",
	  .versus = "ctr",
	  .min = 1 / 1.05 },
	{ .what = "hardware AES, cts decryption vs cryptarch's cbc decryption",
	  .alg_mask = A128 | A256,
	  .mode_mask = 1u << CTS_DEC,
	  .bytes = 4096,
	  .ca_cfg = "hw",
	  .ca_lib = "cryptarch-ct",
	  .versus = "cbc-dec",
	  .min = 1 / 1.10 },
	{ .what = "no hardware AES, constant-time, cts decryption vs "
		  "cryptarch's cbc decryption",
	  .alg_mask = A128 | A256,
	  .mode_mask = 1u << CTS_DEC,
	  .bytes = 4096,
	  .ca_cfg = "nohw",
	  .ca_lib = "cryptarch-ct",
	  .versus = "cbc-dec",
	  .min = 1 / 1.10 },
	/* Issue 13: many independent requests in one call. Today
	 * cryptarch's many-request call may be a loop of single calls
	 * (drivers without an interleaving hook): these measure whatever
	 * the library does. */
	{ .what = "hardware AES, CBC encryption of 32 requests x 4 KiB in "
		  "one call, vs intel-ipsec-mb with 32 jobs in flight",
	  .alg_mask = A128,
	  .mode_mask = 1u << CBC_MB32,
	  .bytes = 4096,
	  .ca_cfg = "hw",
	  .ca_lib = "cryptarch-ct",
	  .peers = { { "hw", "ipsecmb" } },
	  .min = 1.5 },
	{ .what = "hardware AES, CBC encryption of 32 requests x 4 KiB in "
		  "one call vs cryptarch's single stream",
	  .alg_mask = A128,
	  .mode_mask = 1u << CBC_MB32,
	  .bytes = 4096,
	  .ca_cfg = "hw",
	  .ca_lib = "cryptarch-ct",
	  .versus = "cbc-enc",
	  .min = 10.0 },
	{ .what = "hardware AES, CMAC of 16 messages x 4 KiB in one call, vs "
		  "intel-ipsec-mb with 16 jobs in flight",
	  .note = "cryptarch: one cryptarch_shash_digest_many",
	  .alg_mask = A128,
	  .mode_mask = 1u << CMAC_MB16,
	  .bytes = 4096,
	  .ca_cfg = "hw",
	  .ca_lib = "cryptarch-ct",
	  .peers = { { "hw", "ipsecmb" } },
	  .min = 1.0 },
	{ .what = "no hardware AES, constant-time CBC encryption of 8, 16 "
		  "or 32 requests x 4 KiB in one call, vs cryptarch's "
		  "single-stream variable-time selection",
	  .note = "the variable-time single stream: table aes-generic where "
		  "the row says so",
	  .alg_mask = A128,
	  .mode_mask = (1u << CBC_MB8) | (1u << CBC_MB16) | (1u << CBC_MB32),
	  .bytes = 4096,
	  .ca_cfg = "nohw",
	  .ca_lib = "cryptarch-ct",
	  .versus = "cbc-enc",
	  .versus_lib = "cryptarch-vt",
	  .min = 1.0 },
};
const size_t peers_ntargets = sizeof(peers_targets) / sizeof(peers_targets[0]);
