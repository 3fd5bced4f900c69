/* SPDX-License-Identifier: MIT */
/*
 * profile.h - measured selection: the profile that `cryptarch tune` writes
 * and that the skcipher lookup reads (DESIGN.md, "Registry and selection").
 *
 * A profile is a small text file. Its first lines are a key: the library
 * version, the architecture, the CPU (x86: vendor, family, model, stepping;
 * arm64: MIDR_EL1 where the system shows it), the effective CPU feature
 * mask (after CRYPTARCH_DISABLE) and the registered drivers. A profile
 * whose key differs from this process's in any line is ignored, as is one
 * that is malformed in any way: the file is untrusted input, and can at
 * most reorder the eligible candidates. Then one "flags" line (the policy
 * the measured candidates were chosen under), then one line per cipher,
 * mode, direction, key size and request size class:
 *
 *     aes cbc enc 128 small cbc(aes-ct64) cbc(aes-ct64)=52.3 ...
 *
 * the winner under the profile's flags, then every instance measured with
 * its best time per call in nanoseconds (at CRYPTARCH_PROFILE_SMALL_BYTES
 * for "small", CRYPTARCH_PROFILE_LARGE_BYTES for "large"), and a final
 * "end N" line counting the entries, so that a truncated file is seen.
 *
 * Selection for a cipher name ("cbc(aes)", not a driver name) under flags
 * without CRYPTARCH_STATIC_PRIORITY: for each key size, direction and size
 * class, the fastest measured instance that is eligible now (CPU features,
 * self-test, constant-time policy, key size) wins, unless the instance
 * chosen by priority was measured within CRYPTARCH_PROFILE_MARGIN_PCT
 * percent of it (noise), in which case priority's choice stays. A lookup
 * with CRYPTARCH_ALLOW_VARIABLE_TIME uses only a profile whose flags
 * allowed variable-time instances too (else its table-based instances were
 * never measured). Where the profile says nothing, priority decides.
 */
#ifndef CRYPTARCH_PROFILE_H
#define CRYPTARCH_PROFILE_H

#include <stddef.h>

#include "registry.h"

/* A request of at most this many bytes is "small", else "large". */
#define CRYPTARCH_PROFILE_SMALL_MAX 256
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

enum cryptarch_size_class {
	CRYPTARCH_CLASS_SMALL = 0,
	CRYPTARCH_CLASS_LARGE = 1,
};

/* One instance of a mode: "<mode>(<driver>)" or, with USE_BULK,
 * "<mode>-<driver>". */
struct cryptarch_instance {
	const struct cryptarch_alg *alg;
	int use_bulk;
};

struct cryptarch_profile_fig {
	struct cryptarch_instance inst;
	double ns; /* best time per call */
};

struct cryptarch_profile_entry {
	const char *cipher; /* a registered cipher name (alg->name) */
	int mode;	    /* enum cryptarch_mode_id */
	int decrypt;	    /* 0: encryption, 1: decryption */
	int key;	    /* key size index: 16, 24, 32 bytes */
	int cls;	    /* enum cryptarch_size_class */
	struct cryptarch_instance winner; /* as written; see the pick */
	size_t fig, nfig; /* the figures, fastest first, in .figs */
};

struct cryptarch_profile {
	unsigned flags; /* 0 or CRYPTARCH_ALLOW_VARIABLE_TIME */
	struct cryptarch_profile_entry *e;
	size_t n, cap;
	struct cryptarch_profile_fig *figs;
	size_t nfigs, capfigs;
};

/* Why a slot of a plan holds its instance. */
enum cryptarch_slot_why {
	CRYPTARCH_SLOT_PRIORITY = 0,  /* no profile in use for this lookup */
	CRYPTARCH_SLOT_NO_ENTRY,      /* the profile has no line for it */
	CRYPTARCH_SLOT_MEASURED,      /* the fastest eligible measured */
	CRYPTARCH_SLOT_MARGIN,	      /* priority's within the margin */
	CRYPTARCH_SLOT_NONE_ELIGIBLE, /* nothing measured is eligible now */
	CRYPTARCH_SLOT_UNMEASURED,    /* priority's choice was not measured */
};

/* One key size, direction and size class of a plan. */
struct cryptarch_slot {
	struct cryptarch_instance inst;
	enum cryptarch_slot_why why;
	double ns;	/* the winner's figure, or 0 */
	double prio_ns; /* the figure of priority's choice, or 0 */
};

/* The instances a handle uses: [key size][decrypt][size class]. */
struct cryptarch_plan {
	int measured; /* 1 if a profile was consulted */
	struct cryptarch_slot slot[CRYPTARCH_PROFILE_NKEYS][2][2];
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

/* An empty profile under FLAGS, to fill with cryptarch_profile_add(). */
struct cryptarch_profile *cryptarch_profile_new(unsigned flags);
void cryptarch_profile_free(struct cryptarch_profile *p);
/*
 * Add the entry for CIPHER (a registered cipher name), MODE, DECRYPT, KEY
 * (index) and CLS with NFIG figures (any order; sorted here). The winner is
 * the pick under the profile's flags. Returns 0, -EINVAL (a duplicate
 * entry, or too many) or -ENOMEM.
 */
int cryptarch_profile_add(struct cryptarch_profile *p, const char *cipher,
			  int mode, int decrypt, int key, int cls,
			  const struct cryptarch_profile_fig *figs,
			  size_t nfig) WUR;
/* The text of P (key lines first, then COMMENT as "# " lines if not NULL),
 * malloc()ed and NUL-terminated, or NULL for lack of memory. */
char *cryptarch_profile_format(const struct cryptarch_profile *p,
			       const char *comment);

/* The entry for CIPHER, MODE, DECRYPT, KEY and CLS, or NULL. */
const struct cryptarch_profile_entry *
cryptarch_profile_find(const struct cryptarch_profile *p, const char *cipher,
		       int mode, int decrypt, int key, int cls);
/* The figures of entry E (E->nfig of them, fastest first). */
const struct cryptarch_profile_fig *
cryptarch_profile_figs(const struct cryptarch_profile *p,
		       const struct cryptarch_profile_entry *e);
/* The instance's name, "cbc(aes-generic)" or "cbc-aes-ct64". */
void cryptarch_instance_name(const struct cryptarch_instance *inst, int mode,
			     char *buf, size_t size);

/*
 * Choose for entry E of P under FLAGS, for a key of KEYBYTES, where PRIO is
 * the instance priority chooses: fills *SLOT (see the rules above). Runs the
 * self-tests of the instances it considers, as selection does.
 */
void cryptarch_profile_pick(const struct cryptarch_profile *p,
			    const struct cryptarch_profile_entry *e,
			    unsigned flags, size_t keybytes,
			    const struct cryptarch_instance *prio,
			    struct cryptarch_slot *slot);

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

/*
 * The plan for the mode of PRIO (the choice by priority, for a cipher name)
 * under FLAGS: every slot priority's choice, unless the profile in effect
 * applies (see above), in which case each slot is picked from it.
 */
void cryptarch_profile_plan(const struct cryptarch_choice *prio, unsigned flags,
			    struct cryptarch_plan *plan);

/*
 * The instance static selection gives direction DECRYPT (0 or 1) of the
 * lookup PRIO under FLAGS, without a profile: PRIO's, except that CBC
 * encryption goes to the eligible instance with the highest
 * CBC-encryption priority (struct cryptarch_bulk), unless FLAGS has
 * CRYPTARCH_STATIC_PRIORITY.
 */
struct cryptarch_instance
cryptarch_static_instance(const struct cryptarch_choice *prio, unsigned flags,
			  int decrypt);

#endif /* CRYPTARCH_PROFILE_H */
