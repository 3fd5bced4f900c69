/* SPDX-License-Identifier: MIT */
/*
 * peers.h - what the files of bench/peers share (the program as a whole
 * is described in peers.c): what is measured (peers-data.c), the options
 * (peers.c), the child's measurements and the records it sends
 * (peers-measure.c), the results the parent collects from them
 * (peers-results.c), the comparisons the project's speed targets name, as
 * tables (peers-targets.c), their evaluation (peers-verdict.c), and the
 * text and JSON output (peers-text.c, peers-json.c). The peer libraries
 * themselves are reached through the adapters of peer.h only.
 */
#ifndef CRYPTARCH_BENCH_PEERS_H
#define CRYPTARCH_BENCH_PEERS_H

#include <stddef.h>
#include <stdint.h>

#include "peer.h"

#define MAX_SIZES 16
#define MAX_SIZE (16u << 20)

/* The build's flags and type, for the output header (bench/CMakeLists.txt). */
#ifndef PEERS_CFLAGS
#define PEERS_CFLAGS "unknown"
#endif
#ifndef PEERS_BUILD_TYPE
#define PEERS_BUILD_TYPE "unknown"
#endif

/* ---- what is measured (peers-data.c) ------------------------------------ */

struct algdef {
	const char *name;   /* as printed and as given to --alg */
	const char *cipher; /* cryptarch's and the peers' cipher name */
	unsigned bits;
};
#define NALGS 4
extern const struct algdef peers_algs[NALGS];

/* A mode as measured: a template and a direction, a keyed hash, or an
 * AEAD and a direction. */
enum mode {
	ECB,
	CBC_ENC,
	CBC_DEC,
	CTR,
	XTS,
	XCTR,
	CTS_ENC,
	CTS_DEC,
	CMAC,
	XCBC,
	GCM_ENC,
	GCM_DEC,
	CCM_ENC,
	CCM_DEC,
	/* Batches of independent requests of the same size (issue 13):
	 * CBC encryption and CMAC, 8, 16 or 32 requests per batch. */
	CBC_MB8,
	CBC_MB16,
	CBC_MB32,
	CMAC_MB8,
	CMAC_MB16,
	CMAC_MB32,
	NMODES
};
struct modedef {
	const char *name; /* as printed and as given to --mode */
	const char *tmpl; /* the outer template's name: "cbc", "cts" */
	const char *fmt;  /* cryptarch's name of it over a cipher:
			   * "cbc(%s)", "cts(cbc(%s))" */
	const char *peer; /* the peers' mode (peer.h), NULL: no peer */
	int decrypt;
	int mac;    /* a keyed hash: a shash handle, a tag per message */
	int key128; /* takes 128-bit keys only (xcbc) */
	/* The request sizes where --sizes is not given: in the default
	 * run, and with --targets (NULL: the run's own default). */
	const char *sizes, *target_sizes;
	/* An AEAD: an aead handle, one message and its tag per request
	 * (the nonce and tag of peer.h: PEER_AEAD_NONCE, PEER_AEAD_TAG). */
	int aead;
	/* Requests per batch (0: one request per call): cryptarch's
	 * cryptarch_skcipher_encrypt_many (a keyed hash:
	 * cryptarch_shash_digest_many), intel-ipsec-mb's job manager with that many jobs in
	 * flight, the other peers one stream (that many calls in a row);
	 * each request its own buffer (and iv). A row's figures are per
	 * request: the batch's time over MB. AES only. */
	unsigned mb;
};
extern const struct modedef peers_modes[NMODES];

enum lib {
	L_CRYPTARCH,
	L_OPENSSL,
	L_GCRYPT,
	L_NETTLE,
	L_IPSECMB,
	NLIBS
};
extern const char *const peers_lib_names[NLIBS];
/* The adapters; NULL for cryptarch, and for intel-ipsec-mb where it was
 * not found at build time (cmake/peers.cmake: optional). */
extern const struct peer_lib *const peers_libs[NLIBS];

/*
 * A hardware configuration: what it masks in every library (see
 * peers-data.c). Each is measured in its own child process, started with
 * the variables in its environment.
 */
struct config {
	const char *name;
	const char *what;
	const char *ia32cap;	       /* OPENSSL_ia32cap; NULL: leave unset */
	const char *armcap;	       /* OPENSSL_armcap */
	const char *nettle;	       /* NETTLE_FAT_OVERRIDE */
	const char *const *gcrypt_off; /* libgcrypt features to disable */
	uint64_t cryptarch_off;	       /* cryptarch features to disable */
};
#define NCONFIGS 3
extern const struct config peers_configs[NCONFIGS];

/* The index of the algorithm, mode or configuration NAME, or -1. */
int peers_alg_index(const char *name);
int peers_mode_index(const char *name);
int peers_config_index(const char *name);

struct opts;
/* The request sizes of mode M in the run O into OUT (MAX_SIZES); returns
 * the count. */
size_t peers_mode_sizes(const struct opts *o, int m, size_t *out);

/* ---- options (peers.c) -------------------------------------------------- */

struct opts {
	const char *argv0;
	double sec;
	const char *sec_arg;
	size_t sizes[MAX_SIZES];
	size_t nsizes;
	const char *sizes_arg; /* as given, or the default for the run */
	int sizes_given;       /* --sizes was given: every mode uses it */
	unsigned alg_mask, mode_mask, lib_mask, config_mask;
	const char *alg_arg, *mode_arg, *lib_arg;
	int json, all, headline, targets;
	const char *child; /* configuration this process measures */
	int fd;
};

/* ---- measuring, in the child (peers-measure.c) -------------------------- */

/*
 * Measure configuration O->child (the process was started with its
 * environment) and write the records to file descriptor O->fd, one per
 * line, fields separated by tabs (no field contains a tab or a newline):
 *   I cfg key value
 *   R cfg lib impl alg mode bytes best_ns best_cycles calls seconds
 *   U cfg lib impl alg mode reason
 * Returns the exit status.
 */
int peers_child(const struct opts *o);

/* ---- results, in the parent (peers-results.c) --------------------------- */

struct row {
	int cfg, alg, mode, seq, ok;
	char lib[24], impl[96], reason[256];
	size_t bytes;
	double ns, cyc, secs;
	unsigned long long calls;
	double ratio; /* time / best peer's time, or 0 */
};

struct kv {
	int cfg;
	char key[64], val[512];
};

extern struct row *peers_rows;
extern size_t peers_nrows;
extern struct kv *peers_kvs;
extern size_t peers_nkvs;

/* Add the record LINE (modified) to the rows or the key-values. */
void peers_parse_record(char *line);
/* Sort the rows for the table and fill each one's ratio: its time over
 * the best peer time for the same configuration, algorithm, mode and
 * size. */
void peers_finish_rows(void);
void peers_free_rows(void);

/* The value of KEY for configuration CFG, or NULL; or DFLT where the
 * value is missing or empty. */
const char *peers_kv(int cfg, const char *key);
const char *peers_kv_or(int cfg, const char *key, const char *dflt);

/* The width of the impl column: the longest impl of the rows, at least
 * 26. */
int peers_impl_width(void);

double peers_mbps(const struct row *r);
double peers_cpb(const struct row *r);

/* 1 if IMPL is the driver name of an instance over driver DRIVER
 * ("cbc(aes-generic)", "ctr-aes-ct64" of "aes-ct64"). */
int peers_instance_of(const char *impl, const char *driver);
/* The row of LIB in configuration CFG for ALG, MODE and BYTES; for
 * cryptarch rows with DRIVER not NULL, one of DRIVER's instances. */
const struct row *peers_find(const char *cfg, const char *lib,
			     const char *driver, const char *alg,
			     const char *mode, size_t bytes);

/* Least-squares lines through the sizes of each (config, lib, impl, alg,
 * mode): the per-byte cost and the per-call overhead. */
struct fit {
	const struct row *first;
	double slope, intercept;
	int ncyc; /* 1: in cycles, 0: in ns */
};
size_t peers_fits(struct fit *out, size_t max);

/* ---- the comparisons the targets name (peers-targets.c) ----------------- */

/* The headline comparisons (--headline, and the end of the table). */
struct hl_peer {
	const char *config, *lib, *note;
	int table; /* table-based: counts for "best table-based peer" */
};

struct hl_target {
	const char *label;
	double limit; /* cryptarch's time over the peer's, at most */
	int peer;     /* index into peers, or -1: best table-based peer */
};

#define HL_PEERS 5
#define HL_TARGETS 2

struct headline {
	const char *title;
	const char *alg, *mode;
	const char *driver; /* the driver the target names */
	unsigned flags;	    /* cryptarch's row: the selection under these */
	const char *config; /* where cryptarch's row comes from */
	struct hl_peer peers[HL_PEERS];	      /* ending in lib NULL */
	struct hl_target targets[HL_TARGETS]; /* ending in label NULL */
};

extern const struct headline peers_headlines[];
extern const size_t peers_nheadlines;

/* What a speed target (--targets) bounds cryptarch's row by, besides the
 * peers (aes-bound.h). */
enum target_bound {
	BOUND_NONE,
	BOUND_PARALLEL, /* at least FRAC of the 512-bit VAES issue bound */
	BOUND_SERIAL,	/* within FRAC of the AESENC latency bound (FRAC
			 * 0: shown, not required) */
};

struct target_peer {
	const char *config, *lib;
};

#define TARGET_PEERS 5

/*
 * One speed target: cryptarch's row (configuration CA_CFG, lib
 * "cryptarch-ct" or "cryptarch-vt") against the fastest of PEERS, at
 * BYTES, for the algorithms and modes in the masks (bits of peers_algs and
 * enum mode). MIN is the least throughput ratio cryptarch / best peer.
 * With VERSUS set, the row is compared with cryptarch's own row (same
 * configuration and lib) in the mode VERSUS instead of with peers: xctr
 * against ctr, cts decryption against cbc decryption; with VERSUS_LIB
 * set too, with that lib's row ("cryptarch-vt": the variable-time
 * selection) instead of CA_LIB's. NOTE, where set, is printed under the
 * target's title.
 */
struct target {
	const char *what;
	unsigned alg_mask, mode_mask;
	size_t bytes;
	const char *ca_cfg, *ca_lib;
	struct target_peer peers[TARGET_PEERS]; /* ending in lib NULL */
	const char *versus; /* a mode name, or NULL: the peers */
	const char *versus_lib; /* NULL: CA_LIB */
	const char *note;
	double min;
	enum target_bound bound;
	double frac; /* BOUND_PARALLEL: 0.70; BOUND_SERIAL: 1.05, or 0 */
};

extern const struct target peers_targets[];
extern const size_t peers_ntargets;

/* ---- evaluating them (peers-verdict.c) ---------------------------------- */

struct hl_eval {
	const struct row *ca, *peer[HL_PEERS], *target_row[HL_TARGETS];
	double target_ratio[HL_TARGETS];
};

void peers_hl_evaluate(const struct headline *h, size_t bytes,
		       struct hl_eval *e);
/* The sizes the headline covers: all with --headline, else the largest;
 * returns the count. */
size_t peers_headline_sizes(const struct opts *o, size_t *out);
void peers_print_headline(const struct opts *o);
/* Print the targets; returns the number missed, or -1 if nothing could be
 * evaluated. */
int peers_print_targets(const struct opts *o);

/* ---- output (peers-text.c, peers-json.c) -------------------------------- */

void peers_print_header(const struct opts *o);
void peers_print_table(const struct opts *o);
void peers_print_json(const struct opts *o);

#endif /* CRYPTARCH_BENCH_PEERS_H */
