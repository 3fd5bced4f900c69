/* SPDX-License-Identifier: MIT */
/*
 * desc.h - the descriptors that the files outside the core define: an
 * algorithm (a block cipher such as "aes": its block and key sizes and its
 * known answers), a driver (one implementation of an algorithm: its code,
 * its priority, the CPU features it needs, whether it is constant-time and
 * how that is checked, and the hooks through which it accelerates
 * templates), a template (a mode such as "cbc": what it wraps, its key and
 * iv rules, its loop) and an algorithm type (cipher, skcipher: the
 * operations its instances have). Each is a static const object in its own
 * file, registered by one line in src/registry.cmake, from which the build
 * generates the lists (registry-list.c); nothing here names a particular
 * driver, mode or type.
 *
 * A driver's hook for a template is found by the template's name: the
 * hook's ops are a struct that the template's header defines (e.g. struct
 * cryptarch_cbc_hooks in src/modes/cbc.h) and only that template reads. A
 * new mode's hooks therefore need no change here.
 */
#ifndef CRYPTARCH_DESC_H
#define CRYPTARCH_DESC_H

#include <stddef.h>
#include <stdint.h>

#include "cpu.h"

#define CRYPTARCH_BLOCK_SIZE 16
/* Contexts are allocated with this alignment (enough for AVX-512). */
#define CRYPTARCH_CTX_ALIGN 64
/* Operations a type's plan chooses separately (skcipher: enc, dec). */
#define CRYPTARCH_MAX_OPS 2
/* Arguments of a template ("essiv(cbc(aes),sha256)": 2). */
#define CRYPTARCH_MAX_ARGS 2

#if defined(__GNUC__)
#define WUR __attribute__((warn_unused_result))
#else
#define WUR
#endif

/*
 * A known answer, in hex. An algorithm's own (single blocks of a cipher)
 * have NAME NULL; a template's name the algorithm they are for
 * ("cbc(aes)", "cts(cbc(aes))", "gcm(aes)"). IV is NULL where the
 * template has none.
 * Lists end with an entry whose KEY is NULL.
 */
struct cryptarch_kat {
	const char *name;
	const char *key, *iv, *in, *out;
	/* aead: the associated data (NULL: none); OUT is then the
	 * ciphertext followed by the tag, and IV the nonce (any length) */
	const char *ad;
};

struct cryptarch_type;

/*
 * An algorithm that drivers implement: a block cipher ("aes", "twofish";
 * type cipher: KATS are single blocks) or a hash ("sha256"; type shash:
 * KATS are messages and digests, KEY "" where the hash is unkeyed, which
 * MAX_KEYSIZE 0 says).
 */
struct cryptarch_algorithm {
	const char *name;
	const struct cryptarch_type *type;
	unsigned blocksize;
	unsigned min_keysize, max_keysize; /* bytes */
	const struct cryptarch_kat *kats;  /* never empty */
};

/* The operations of a cipher driver (type cipher). */
struct cryptarch_cipher_ops {
	/* Expand KEY into CTX. Returns 0 or -EINVAL for a length the
	 * algorithm does not define. */
	int (*setkey)(void *ctx, const uint8_t *key, size_t keylen);
	/* One block; dst == src allowed, no alignment required. */
	void (*encrypt)(const void *ctx, uint8_t *dst, const uint8_t *src);
	void (*decrypt)(const void *ctx, uint8_t *dst, const uint8_t *src);
};

/*
 * A driver's acceleration of one template: the instance
 * "<template>-<driver>" ("cbc-aes-aesni"), which runs OPS instead of the
 * template's own loop over the single-block functions. PRIORITY is that
 * instance's (0: the driver's); OP_PRIORITY[i] is its priority for the
 * type's operation i (skcipher: 0 encrypt, 1 decrypt) where that differs
 * (0: PRIORITY): CBC encryption is serial, so a driver whose strength is
 * many blocks in flight may rank lower there.
 */
struct cryptarch_hook {
	const char *tmpl; /* template name (or alias): "cbc"; NULL ends a list */
	const void *ops;  /* that template's hook struct */
	int priority;
	int op_priority[CRYPTARCH_MAX_OPS];
	/* The instance's priority for many-request calls (the "many" size
	 * class, profile.h) where it differs (0: as for one large request):
	 * a hook that interleaves independent requests ranks higher there. */
	int many_priority;
	/* For a template with an argument that is an algorithm of another
	 * type (gcm's ghash): the driver of it whose context the hook uses
	 * ("ghash-pclmul"); the hooked instance is over that one. */
	const char *with;
};

/* struct cryptarch_ct_check.methods: how a constant-time claim is tested */
#define CRYPTARCH_CT_VALGRIND 0x1u   /* tests/ct-valgrind.c, memcheck */
#define CRYPTARCH_CT_QEMU_TRACE 0x2u /* tests/ct-trace.sh, qemu-user */

/*
 * How a driver's constant-time claim is verified: tests/ct-valgrind.c
 * under valgrind memcheck (secret key and data marked undefined),
 * tests/ct-trace.sh under qemu-user with the cttrace plugin (program
 * counters and data addresses identical for different keys and data), or
 * neither, and then REASON says why. `cryptarch list` prints it; the tests
 * keep it honest (test-meta: a constant-time driver states one, a
 * table-based one none; ct-valgrind: a driver stated as valgrind-verified
 * is checked clean where the CPU can run it).
 */
struct cryptarch_ct_check {
	unsigned methods;    /* CRYPTARCH_CT_* bits; 0: unverified */
	const char *targets; /* QEMU_TRACE: where, e.g. "aarch64, mips" */
	const char *reason;  /* methods == 0: why */
};

/* struct cryptarch_driver.flags */
#define CRYPTARCH_DRV_CONSTANT_TIME 0x1u /* no secret-dependent branch/index */

struct cryptarch_driver {
	const char *name; /* driver name = file stem: "aes-generic" */
	const struct cryptarch_algorithm *alg;
	/* One line: the strategy, as `cryptarch list` and the README's
	 * table of implementations show it (the file's opening comment says
	 * the rest). */
	const char *summary;
	int priority;	       /* static priority; higher wins */
	/* Priority for the small size class (one or two blocks, select.h),
	 * where it is lower (0: PRIORITY): a driver whose strength is many
	 * blocks in flight runs one block no faster than its single-block
	 * code, so it may rank below a serial driver there. */
	int small_priority;
	size_t ctxsize;	       /* bytes of context */
	unsigned flags;	       /* CRYPTARCH_DRV_* */
	uint64_t cpu_features; /* CRYPTARCH_CPU_* all required at run time */
	struct cryptarch_ct_check ct;
	/* A cipher's single-block functions. For an algorithm of another
	 * type (shash: "sha256", "ghash") only SETKEY is used, and OPS may
	 * be NULL for an unkeyed one (max_keysize 0); TYPE_OPS are then the
	 * type's own operations (struct cryptarch_shash_ops). */
	const struct cryptarch_cipher_ops *ops;
	const void *type_ops;
	const struct cryptarch_hook *hooks;	/* NULL or ending in { NULL } */
};

/*
 * The descriptor of driver STEM ("aes_ct64" for "aes-ct64"): the object
 * cryptarch_<STEM>_driver that src/registry.cmake's line names, with the
 * single-block functions cryptarch_<STEM>_setkey, _encrypt and _decrypt
 * (the stems of STYLE.md: driver name, file stem and symbol stem agree).
 * The remaining fields follow as designated initializers:
 *
 *     CRYPTARCH_DRIVER(aes_ct64, .name = "aes-ct64", .alg = &cryptarch_aes,
 *             .priority = 90, .ctxsize = sizeof(struct aes_ct64_ctx),
 *             .flags = CRYPTARCH_DRV_CONSTANT_TIME,
 *             .ct = { CRYPTARCH_CT_VALGRIND, NULL, NULL },
 *             .hooks = CRYPTARCH_HOOKS(CRYPTARCH_ECB_HOOK(aes_ct64)));
 *
 * A driver whose single-block code is another's names that one's stem in
 * CRYPTARCH_DRIVER_AS(stem, code_stem, ...).
 */
#define CRYPTARCH_DRIVER_AS(stem, code, ...)                                  \
	const struct cryptarch_driver cryptarch_##stem##_driver = {            \
		.ops = &(const struct cryptarch_cipher_ops){                   \
			cryptarch_##code##_setkey, cryptarch_##code##_encrypt, \
			cryptarch_##code##_decrypt },                          \
		__VA_ARGS__                                                    \
	}
#define CRYPTARCH_DRIVER(stem, ...) CRYPTARCH_DRIVER_AS(stem, stem, __VA_ARGS__)

/* A hook list: CRYPTARCH_HOOKS(CRYPTARCH_CBC_HOOK(x), ...). */
#define CRYPTARCH_HOOKS(...)                                                   \
	((const struct cryptarch_hook[]){ __VA_ARGS__, { NULL, NULL, 0, { 0 } } })

/*
 * An algorithm type: "cipher", "skcipher", "shash", "aead". The
 * operations every instance of the type has are the type's own struct
 * (struct cryptarch_skcipher_ops in src/types/skcipher.h), which the
 * templates producing it fill in. The type tells the core how many
 * operations its plan chooses an instance for separately, and how to
 * self-test and describe an instance.
 */
struct cryptarch_inst;
struct cryptarch_spec;
struct cryptarch_template;

/* Receives one "name : value" field of an instance's record. */
typedef void (*cryptarch_field_fn)(void *arg, const char *name,
				   const char *value);

struct cryptarch_type {
	const char *name; /* as /proc/crypto's "type" field */
	unsigned nops;	  /* 1..CRYPTARCH_MAX_OPS */
	const char *op_words[CRYPTARCH_MAX_OPS];	/* "enc", "dec" */
	const char *op_names[CRYPTARCH_MAX_OPS];	/* "encryption" */
	/*
	 * Self-tests (selftest.c): run KAT through instance IN (keyed by
	 * the caller with K->key); 0 if the answer is right, else -EIO.
	 * Compare instances A and B (keyed alike) over a long input with
	 * partial blocks where the template allows them; 0 if they agree.
	 * NULL for a type without templates (cipher).
	 */
	int (*kat)(const struct cryptarch_inst *in,
		   const struct cryptarch_kat *k);
	int (*compare)(const struct cryptarch_inst *a,
		       const struct cryptarch_inst *b);
	/* The type's fields of an instance's /proc/crypto record, after
	 * "type" (blocksize, keysizes, ivsize ...). */
	void (*show)(const struct cryptarch_spec *s, cryptarch_field_fn field,
		     void *arg);
};

/*
 * A template: a mode over a block cipher ("cbc(aes)") or over other
 * instances ("cts(cbc(aes))", "essiv(cbc(aes),sha256)"). Its instances
 * are of TYPE; ARGS[i] is the type of its i-th argument (the cipher type
 * for a mode over a block cipher). For a cipher argument the key is NKEYS
 * keys of that cipher, back to back (xts: 2), unless SETKEY says
 * otherwise; instance arguments get the whole key, unless SETKEY says
 * otherwise. OPS are TYPE's operations (the loop); a driver with a hook
 * named NAME replaces them with its own where the template's code hands
 * over to the hook.
 *
 * A template over instances may keep OWN_KEYS (0 or 1) key contexts of
 * the cipher at the bottom of its first argument (essiv: the key that
 * encrypts the iv): the instance's CIPHER and KEY[0] are then that
 * cipher's functions and that context, which SETKEY keys.
 */
struct cryptarch_template {
	const char *name; /* "cbc" */
	const struct cryptarch_type *type;
	unsigned nargs;
	const struct cryptarch_type *args[CRYPTARCH_MAX_ARGS];
	/* The template the first argument must be an instance of ("cbc"
	 * for cts and essiv), or NULL: any instance of ARGS[0]. */
	const char *over;
	/* The same for the other arguments: OVER_ARG[I] (I >= 1) names the
	 * template (ccm's "cbcmac") or the algorithm (gcm's "ghash") that
	 * argument I must be an instance of, or is NULL: any of ARGS[I]. */
	const char *over_arg[CRYPTARCH_MAX_ARGS];
	/*
	 * The name the template is known by with one argument, a cipher
	 * (the kernel's "gcm" for "gcm_base"): ALIAS(X) stands for this
	 * template over OVER(X) and, for each later argument, OVER_ARG[I](X)
	 * where that names a template, else the algorithm OVER_ARG[I];
	 * "gcm(aes)" is "gcm_base(ctr(aes),ghash)". The instances' algorithm
	 * name is ALIAS(<cipher>), a hooked one's driver name
	 * ALIAS-<driver> ("gcm-aes-aesni").
	 */
	const char *alias;
	/* 1: an instance's priority is the mean of its arguments' (the
	 * kernel's gcm_base and ccm_base), not its first argument's. */
	unsigned mean_priority;
	/* Bit I set: argument I must take no key (essiv's hash, which
	 * hashes the key instead). */
	unsigned unkeyed_args;
	unsigned nkeys;	    /* cipher keys in the key: 1 or 2 (xts) */
	/* The one length in bytes of a cipher key the template takes
	 * (xcbc: 16), where it narrows the cipher's; 0: the cipher's. */
	unsigned keysize;
	unsigned ivsize;    /* bytes; 0: none */
	unsigned blocksize; /* as /proc/crypto shows it; 0: the cipher's */
	/* Bytes of the template's own context in an instance (beyond its
	 * arguments'), or 0; SETKEY (may be NULL) fills it. */
	size_t ctxsize;
	unsigned own_keys;
	int (*setkey)(const struct cryptarch_inst *in, const uint8_t *key,
		      size_t keylen);
	const void *ops;
	const struct cryptarch_kat *kats; /* never empty */
};

extern const struct cryptarch_type cryptarch_type_cipher;

#endif /* CRYPTARCH_DESC_H */
