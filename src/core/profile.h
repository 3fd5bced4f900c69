/* SPDX-License-Identifier: MIT */
/*
 * profile.h - the profile that `cryptarch tune` writes and that measured
 * selection (select.h) reads: its path, its key, its text format, and the
 * profile in effect. Data and parsing only; what the figures decide is
 * select.c's.
 *
 * A profile is a small text file. Its first lines are a key: the library
 * version, the architecture, the CPU (cpu-id.h), the effective CPU feature
 * mask (after CRYPTARCH_DISABLE) and the registered drivers. A profile
 * whose key differs from this process's in any line is ignored, as is one
 * that is malformed in any way: the file is untrusted input, and can at
 * most reorder the eligible candidates. Then one "flags" line (the policy
 * the measured candidates were chosen under), then one line per algorithm,
 * operation, key size and request size class:
 *
 *     aes cbc enc 128 small cbc(aes-ct64) cbc(aes-ct64)=52.3 ...
 *
 * the algorithm's cipher and its template ("aes cbc" is "cbc(aes)"; a name
 * that is not one template over the cipher is written whole: "aes
 * cts(cbc(aes))"; an algorithm alone, a hash, twice: "sha256 sha256"), the operation's word of its type ("enc", "dec"), the
 * winner under the profile's flags, then every instance measured with its
 * best time per call in nanoseconds (at CRYPTARCH_PROFILE_SMALL_BYTES for
 * "small", CRYPTARCH_PROFILE_LARGE_BYTES for "large", a batch of requests
 * for "many"), and a final "end N"
 * line counting the entries, so that a truncated file is seen.
 */
#ifndef CRYPTARCH_PROFILE_H
#define CRYPTARCH_PROFILE_H

#include <stddef.h>

#include "desc.h"
#include "spec.h"

/*
 * A request of at most this many bytes is "small", else "large": one or
 * two blocks, where the latency of one block and the cost per call
 * decide, against the many blocks in flight that decide from three on
 * (from four blocks on, every parallel driver measured on Zen 5 beats
 * every serial one; at two they tie).
 */
#define CRYPTARCH_PROFILE_SMALL_MAX 32
/* The request sizes `cryptarch tune` measures for each class. */
#define CRYPTARCH_PROFILE_SMALL_BYTES 16
#define CRYPTARCH_PROFILE_LARGE_BYTES 8192
/* Key sizes: cipher keys (xts: each half) of 16, 24 and 32 bytes. */
#define CRYPTARCH_PROFILE_NKEYS 3
/* Priority's choice stays unless another is this much faster. */
#define CRYPTARCH_PROFILE_MARGIN_PCT 10
/* Limits on the untrusted file. */
#define CRYPTARCH_PROFILE_MAX_BYTES (1u << 20)
#define CRYPTARCH_PROFILE_MAX_LINE 4096
#define CRYPTARCH_PROFILE_MAX_ENTRIES 4096
#define CRYPTARCH_PROFILE_MAX_FIGS 64

/*
 * The third class, "many": an skcipher's many-request calls
 * (cryptarch_skcipher_encrypt_many), where independent requests in flight
 * decide, so that a serial mode (CBC encryption) may go to a driver that
 * interleaves requests. `cryptarch tune` measures a batch of
 * CRYPTARCH_PROFILE_MANY_REQS requests of CRYPTARCH_PROFILE_MANY_BYTES
 * each, and its figure is the time of the whole batch.
 */
#define CRYPTARCH_PROFILE_MANY_REQS 16
#define CRYPTARCH_PROFILE_MANY_BYTES 512

enum cryptarch_size_class {
	CRYPTARCH_CLASS_SMALL = 0,
	CRYPTARCH_CLASS_LARGE = 1,
	CRYPTARCH_CLASS_MANY = 2,
	CRYPTARCH_NCLASS = 3
};

struct cryptarch_profile_fig {
	struct cryptarch_spec inst;
	double ns; /* best time per call */
};

struct cryptarch_profile_entry {
	char name[CRYPTARCH_NAME_MAX + 1]; /* algorithm name: "cbc(aes)" */
	int op;	 /* operation of the type: 0 encryption, 1 decryption */
	int key; /* key size index: 16, 24, 32 bytes */
	int cls; /* enum cryptarch_size_class */
	struct cryptarch_spec winner; /* as written (select.c decides) */
	size_t fig, nfig; /* the figures, fastest first, in .figs */
};

struct cryptarch_profile {
	unsigned flags; /* 0 or CRYPTARCH_ALLOW_VARIABLE_TIME */
	struct cryptarch_profile_entry *e;
	size_t n, cap;
	struct cryptarch_profile_fig *figs;
	size_t nfigs, capfigs;
};

/* The key size index of a cipher key of KEYBYTES (16, 24, 32), or -1. */
int cryptarch_profile_key_index(size_t keybytes);

/*
 * The profile path: $CRYPTARCH_PROFILE if set (empty: no profile), else
 * $XDG_CACHE_HOME/cryptarch/profile (an absolute XDG_CACHE_HOME only), else
 * $HOME/.cache/cryptarch/profile. Returns 0, or -ENOENT if there is none
 * (or it does not fit SIZE).
 */
int cryptarch_profile_path(char *buf, size_t size) WUR;

/* The key lines of this library, CPU and feature mask, each ending in a
 * newline, into BUF (truncated to SIZE). */
void cryptarch_profile_key(char *buf, size_t size);

/*
 * Parse a profile from TEXT (LEN bytes, not NUL-terminated, untrusted).
 * Returns 0 and *OUT (free with cryptarch_profile_free), -ESTALE if its key
 * is not this library's, CPU's and mask's, -EINVAL if it is malformed
 * (including truncated or too large), or -ENOMEM. On error *OUT is NULL
 * and WHY (may be NULL) says what, e.g. "line 9: unknown mode 'cfb'".
 */
int cryptarch_profile_parse(const char *text, size_t len,
			    struct cryptarch_profile **out, char *why,
			    size_t whysize) WUR;
/* Read and parse PATH; as cryptarch_profile_parse(), and -ENOENT if it
 * cannot be read (WHY: the system's reason). */
int cryptarch_profile_load(const char *path, struct cryptarch_profile **out,
			   char *why, size_t whysize) WUR;

/* An empty profile under FLAGS, to fill with cryptarch_profile_add()
 * (select.h: it computes the winner) or cryptarch_profile_put(). */
struct cryptarch_profile *cryptarch_profile_new(unsigned flags);
void cryptarch_profile_free(struct cryptarch_profile *p);
/*
 * Add the entry for algorithm NAME, operation OP, key size index KEY and
 * class CLS with NFIG figures (any order; sorted here), each an instance
 * of NAME, and WINNER. Returns 0, -EINVAL (not instances of NAME, a
 * duplicate entry, or too many) or -ENOMEM.
 */
int cryptarch_profile_put(struct cryptarch_profile *p, const char *name, int op,
			  int key, int cls,
			  const struct cryptarch_profile_fig *figs, size_t nfig,
			  const struct cryptarch_spec *winner) WUR;
/* The text of P (key lines first, then COMMENT as "# " lines if not NULL),
 * malloc()ed and NUL-terminated, or NULL for lack of memory. */
char *cryptarch_profile_format(const struct cryptarch_profile *p,
			       const char *comment);

/* The entry for NAME ("cbc(aes)"), OP, KEY and CLS, or NULL. */
const struct cryptarch_profile_entry *
cryptarch_profile_find(const struct cryptarch_profile *p, const char *name,
		       int op, int key, int cls);
/* The figures of entry E (E->nfig of them, fastest first). */
const struct cryptarch_profile_fig *
cryptarch_profile_figs(const struct cryptarch_profile *p,
		       const struct cryptarch_profile_entry *e);

/*
 * The profile in effect: loaded once from cryptarch_profile_path(), on
 * first use, thread-safe; NULL if there is none or it was ignored.
 * cryptarch_profile_status() says which file and why, for `cryptarch
 * explain` (never NULL).
 */
const struct cryptarch_profile *cryptarch_profile_active(void);
const char *cryptarch_profile_status(void);
/* Load the profile again from the path the environment names now. For
 * tests and the command; not thread-safe (no handle may be created
 * meanwhile). Handles created before keep their plans. */
void cryptarch_profile_reload(void);

#endif /* CRYPTARCH_PROFILE_H */
