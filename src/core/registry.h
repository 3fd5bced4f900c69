/* SPDX-License-Identifier: MIT */
/*
 * registry.h - the descriptor every implementation registers, and the
 * registry's internal interface (lookup, availability, self-tests).
 *
 * An implementation is one file that defines one
 *     const struct cryptarch_alg cryptarch_<stem>_alg;
 * and one line in the list in registry-list.c. It provides single-block
 * functions; modes are templates over them (src/modes/). Where it also
 * accelerates a mode, it points .bulk at a struct cryptarch_bulk whose
 * non-NULL members replace the template's block loop; instances that use a
 * bulk function are named "<mode>-<driver>" (e.g. "ctr-aes-ct64") and
 * compete with the template instances "<mode>(<driver>)" for "<mode>(aes)".
 */
#ifndef CRYPTARCH_REGISTRY_H
#define CRYPTARCH_REGISTRY_H

#include <stddef.h>
#include <stdint.h>

#define CRYPTARCH_BLOCK_SIZE 16
/* Contexts are allocated with this alignment (enough for AVX-512). */
#define CRYPTARCH_CTX_ALIGN 64

#if defined(__GNUC__)
#define WUR __attribute__((warn_unused_result))
#else
#define WUR
#endif

/* cryptarch_alg.flags */
#define CRYPTARCH_ALG_CONSTANT_TIME 0x1u /* no secret-dependent branch/index */

/*
 * Bulk functions. Each is optional. NBLOCKS >= 1 whole 16-byte blocks;
 * src == dst allowed, no alignment. CTX is the cipher context set by
 * .setkey.
 *   cbc_*: IV is the chaining value in and the last ciphertext block out.
 *   ctr_crypt: CTR is the counter block in (128-bit big-endian), and the
 *              counter after the last block out.
 *   xts_*: TWEAK is the already encrypted tweak T for the first block, in
 *          little-endian GF(2^128) order (IEEE 1619); on return it holds T
 *          multiplied by alpha NBLOCKS times. Ciphertext stealing is the
 *          template's job.
 */
struct cryptarch_bulk {
	int priority; /* of the "<mode>-<driver>" instances; 0: the alg's */
	/*
	 * Of CBC encryption alone, where it differs (0: as CBC decryption).
	 * CBC encryption is serial: a driver whose strength is many blocks
	 * in flight encrypts one block at a time like any other, so it may
	 * rank lower there, and a handle then encrypts with another driver
	 * (static selection, without a measured profile).
	 */
	int cbc_encrypt_priority;
	void (*ecb_encrypt)(const void *ctx, uint8_t *dst, const uint8_t *src,
			    size_t nblocks);
	void (*ecb_decrypt)(const void *ctx, uint8_t *dst, const uint8_t *src,
			    size_t nblocks);
	void (*cbc_encrypt)(const void *ctx, uint8_t *dst, const uint8_t *src,
			    size_t nblocks, uint8_t iv[16]);
	void (*cbc_decrypt)(const void *ctx, uint8_t *dst, const uint8_t *src,
			    size_t nblocks, uint8_t iv[16]);
	void (*ctr_crypt)(const void *ctx, uint8_t *dst, const uint8_t *src,
			  size_t nblocks, uint8_t ctr[16]);
	void (*xts_encrypt)(const void *ctx, uint8_t *dst, const uint8_t *src,
			    size_t nblocks, uint8_t tweak[16]);
	void (*xts_decrypt)(const void *ctx, uint8_t *dst, const uint8_t *src,
			    size_t nblocks, uint8_t tweak[16]);
};

struct cryptarch_alg {
	const char *name;   /* cipher name: "aes", "twofish" */
	const char *driver; /* driver name = file stem: "aes-generic" */
	int priority;       /* static priority; higher wins */
	unsigned blocksize; /* 16 */
	unsigned min_keysize, max_keysize; /* bytes */
	size_t ctxsize;     /* bytes of context, aligned CRYPTARCH_CTX_ALIGN */
	unsigned flags;     /* CRYPTARCH_ALG_* */
	uint64_t cpu_features; /* CRYPTARCH_CPU_* all required at run time */
	/* Expand KEY into CTX. Returns 0 or -EINVAL for a bad length; must
	 * accept exactly the key sizes the cipher defines (16, 24, 32). */
	int (*setkey)(void *ctx, const uint8_t *key, size_t keylen);
	/* One block; dst == src allowed, no alignment required. */
	void (*encrypt)(const void *ctx, uint8_t *dst, const uint8_t *src);
	void (*decrypt)(const void *ctx, uint8_t *dst, const uint8_t *src);
	const struct cryptarch_bulk *bulk; /* NULL: template loops only */
};

/* Self-test state of a registered implementation. */
enum cryptarch_selftest {
	CRYPTARCH_SELFTEST_UNTESTED = 0,
	CRYPTARCH_SELFTEST_PASSED = 1,
	CRYPTARCH_SELFTEST_FAILED = 2,
};

/* The modes, in the order of cryptarch_modes[] (src/modes/mode.h). */
enum cryptarch_mode_id {
	CRYPTARCH_MODE_ECB,
	CRYPTARCH_MODE_CBC,
	CRYPTARCH_MODE_CTR,
	CRYPTARCH_MODE_XTS,
	CRYPTARCH_MODE_COUNT,
};

/* Number of registered implementations, and the I-th (registry order). */
size_t cryptarch_alg_count(void);
const struct cryptarch_alg *cryptarch_alg_at(size_t i);
/* The implementation with this driver name, or NULL. */
const struct cryptarch_alg *cryptarch_alg_find(const char *driver);

/* 1 if every CPU feature ALG needs is present and not masked, else 0. */
int cryptarch_alg_available(const struct cryptarch_alg *alg);
/* Run ALG's self-test if it has not run yet (thread-safe); returns the
 * state afterwards. An unavailable ALG is not run and stays untested. */
enum cryptarch_selftest cryptarch_alg_selftest(const struct cryptarch_alg *alg);
/* The state without running anything. */
enum cryptarch_selftest
cryptarch_alg_selftest_state(const struct cryptarch_alg *alg);
/* 1 if ALG has a bulk function for MODE (either direction). */
int cryptarch_alg_has_bulk(const struct cryptarch_alg *alg,
			   enum cryptarch_mode_id mode);
/* The priority of ALG's instance of MODE (bulk priority where it has one). */
int cryptarch_alg_mode_priority(const struct cryptarch_alg *alg,
				enum cryptarch_mode_id mode);
/* The priority of ALG's instance of CBC for encryption. */
int cryptarch_alg_cbc_encrypt_priority(const struct cryptarch_alg *alg);

/* Why an implementation is or is not eligible (for `cryptarch explain`). */
enum cryptarch_verdict {
	CRYPTARCH_ELIGIBLE = 0,
	CRYPTARCH_NO_CPU,      /* needs a CPU feature not present or masked */
	CRYPTARCH_NOT_CT,      /* variable-time and the flags forbid it */
	CRYPTARCH_SELFTEST_BAD, /* its self-test failed */
};
enum cryptarch_verdict cryptarch_alg_verdict(const struct cryptarch_alg *alg,
					     unsigned flags);

/*
 * A resolved name: the implementation and, for skciphers, the mode and
 * whether its bulk functions are used ("ctr-aes-ct64") or only its
 * single-block ones ("ctr(aes-ct64)").
 */
struct cryptarch_choice {
	const struct cryptarch_alg *alg;
	int mode; /* enum cryptarch_mode_id, or -1 for a plain cipher */
	int use_bulk;
	char driver[96]; /* the instance's driver name */
};

/*
 * Resolve NAME under FLAGS. WANT_MODE is 1 for skcipher names (which must
 * name a mode) and 0 for cipher names (which must not). Candidates are
 * checked in order of preference and the first whose self-test passes wins.
 * Returns 0, -EINVAL (malformed name) or -ENOENT.
 */
int cryptarch_lookup(const char *name, unsigned flags, int want_mode,
		     struct cryptarch_choice *out) WUR;

/*
 * Parse NAME into a mode (or -1) and an inner cipher/driver name, checking
 * only the syntax; the inner name goes to INNER (size INNERSZ). A name of
 * the form "<mode>-<driver>" is not split here. Returns 0 or -EINVAL.
 */
int cryptarch_parse_name(const char *name, int *mode, char *inner,
			 size_t innersz) WUR;

/* Self-test one implementation against the built-in vectors
 * (selftest.c). Returns 0 if it passed, -EIO otherwise. */
int cryptarch_selftest_run(const struct cryptarch_alg *alg) WUR;

/* For tests only: register one extra implementation after the built-in
 * ones (at most one at a time; NULL removes it). Not thread-safe. */
void cryptarch_registry_set_extra(const struct cryptarch_alg *alg);

/*
 * Measured selection (profile.h): resolve NAME as cryptarch_lookup() does,
 * the choice by priority into *OUT, and fill *PLAN with the instance to use
 * per key size, direction and request size class. For a cipher name
 * ("cbc(aes)") under flags without CRYPTARCH_STATIC_PRIORITY the plan
 * comes from the profile in effect where there is one; for a driver name
 * every slot is *OUT. Returns as cryptarch_lookup().
 */
struct cryptarch_plan;
int cryptarch_lookup_plan(const char *name, unsigned flags,
			  struct cryptarch_choice *out,
			  struct cryptarch_plan *plan) WUR;

#endif /* CRYPTARCH_REGISTRY_H */
