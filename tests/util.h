/* SPDX-License-Identifier: MIT */
/*
 * util.h - helpers shared by the test programs: failure accounting and
 * hex dumps; a small deterministic PRNG (xoshiro256** seeded through
 * splitmix64, Blackman and Vigna) whose seed is printed and can be set with
 * the environment variable CRYPTARCH_TEST_SEED; the skcipher modes the
 * tests exercise (ecb, cbc, ctr, xts, xctr, cts, essiv: a test-local
 * enum, each mode's template found in the registry by its name, with its
 * length and iv rules); the list of skcipher instances of
 * every registered driver ("<mode>(<driver>)" and, where the driver has a
 * hook for the mode's template, "<mode>-<driver>"), built as specs
 * (src/core/spec.h), so that each test loops over the registry instead of
 * naming drivers; and calls that split one request into several. Test
 * code only: nothing here is constant-time or meant for keys outside the
 * tests.
 */
#ifndef CRYPTARCH_TEST_UTIL_H
#define CRYPTARCH_TEST_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "cryptarch.h"
#include "desc.h"
#include "registry.h"
#include "spec.h"

/* Exit status that ctest reports as skipped (SKIP_RETURN_CODE). */
#define TEST_SKIP 77

#if defined(__GNUC__)
#define TEST_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define TEST_PRINTF(a, b)
#endif

/* Failures so far; test_fail() prints "FAIL: ..." and counts (the first
 * 100 are printed, the rest only counted). */
extern unsigned long test_failures;
void test_fail(const char *fmt, ...) TEST_PRINTF(1, 2);
/* test_fail() unless GOT == WANT (return values), naming WHAT. */
void test_expect_rc(int got, int want, const char *fmt, ...) TEST_PRINTF(3, 4);
/* 0 if the buffers are equal; else test_fail() with the first difference
 * and returns 1. */
int test_compare(const uint8_t *got, const uint8_t *want, size_t n,
		 const char *fmt, ...) TEST_PRINTF(4, 5);
/* 1 if all N bytes at P equal C. */
int test_all(const uint8_t *p, int c, size_t n);
/* Print "<prog>: N failure(s)" or "<prog>: ok" and return the exit status
 * (0 or 1). */
int test_finish(const char *prog);

/* Write 2N lower-case hex digits and a NUL into OUT. */
void test_hex(char *out, const uint8_t *p, size_t n);

/* PRNG (xoshiro256**). */
struct test_rng {
	uint64_t s[4];
};
void test_rng_init(struct test_rng *r, uint64_t seed);
uint64_t test_rng_next(struct test_rng *r);
/* Uniform in [0, n); n > 0. */
uint64_t test_rng_below(struct test_rng *r, uint64_t n);
void test_rng_fill(struct test_rng *r, void *p, size_t n);
/*
 * The seed: CRYPTARCH_TEST_SEED if set (decimal or 0x-hex; "random" or "0"
 * for a fresh one from the clock and the process id), else DEFAULT, so that
 * plain runs are reproducible. Printed on stdout with how to repeat it.
 */
uint64_t test_seed(const char *prog, uint64_t def);
/* A positive count from the environment variable NAME, else DEF. */
unsigned long test_env_count(const char *name, unsigned long def);

/*
 * The skcipher modes the tests exercise. The library has no enum of
 * modes: each is the template of that name in the registry
 * (test_template()); this enum only numbers them for the tests' own tables
 * and loops. ecb, cbc, ctr, xts and xctr are templates over a block cipher
 * ("<mode>(aes)", hooked "<mode>-<driver>"); cts and essiv are templates
 * over a cbc instance ("cts(cbc(aes))", "essiv(cbc(aes),sha256)"), whose
 * implementations are those of that cbc instance (and of the hash).
 */
enum test_mode {
	TEST_MODE_ECB,
	TEST_MODE_CBC,
	TEST_MODE_CTR,
	TEST_MODE_XTS,
	TEST_MODE_XCTR,
	TEST_MODE_CTS,
	TEST_MODE_ESSIV,
	TEST_MODE_COUNT,
};

/* Mode names in enum test_mode order, and the reverse (-1). */
extern const char *const test_mode_names[TEST_MODE_COUNT];
int test_mode_id(const char *name);
/* The registered template of MODE (cryptarch_template_find() on its
 * name), or NULL after test_fail() (once per mode and program) if the
 * registry has none. */
const struct cryptarch_template *test_template(int mode);
/* The name of MODE over CIPHER, a cipher or a driver name, into BUF:
 * "cbc(aes)", "xctr(aes-ct64)", "cts(cbc(aes))",
 * "essiv(cbc(aes),sha256)". Returns BUF. */
char *test_mode_algname(int mode, const char *cipher, char *buf, size_t size);
/* Cipher keys in a key of MODE (xts: 2, else 1). */
unsigned test_mode_nkeys(int mode);
/* 1 if MODE takes an iv (all but ecb). */
int test_mode_has_iv(int mode);
/* 1 if a request of MODE may be cut into calls that continue through the
 * iv (ecb, cbc, ctr); xts, xctr, cts and essiv calls are whole messages. */
int test_mode_chains(int mode);
/* 1 if MODE takes a request of LEN bytes: ecb, cbc, essiv a multiple of
 * 16; xts, cts at least 16; ctr, xctr any. */
int test_len_ok(int mode, size_t len);

/* 1 if DRV implements a block cipher (its algorithm is of type cipher):
 * the drivers the cipher and skcipher tests loop over. A driver of
 * another type (sha256-generic: shash) has no single-block functions and
 * is tested through its own type's API. */
int test_is_cipher(const struct cryptarch_driver *drv);

/*
 * One instance of a registered driver: an skcipher instance of a mode
 * (MODE >= 0) or a shash instance (MODE -1: "cmac(aes-ct64)",
 * "cmac-aes-aesni", "sha256-generic").
 */
struct test_inst {
	const struct cryptarch_driver *drv;    /* the base: the cipher, or the
					     * hash driver of a leaf */
	const struct cryptarch_template *tmpl; /* the root's; NULL: a leaf */
	int mode;   /* enum test_mode, or -1 for a shash instance */
	int hooked; /* 1 if some template of it runs a driver's hook */
	struct cryptarch_spec spec;
	char name[96];	  /* cryptarch_spec_name(): the driver name */
	char algname[96]; /* cryptarch_spec_algname(): "cmac(aes)" */
};

/* Fill *TI with the instance of MODE over DRV, hooked or not (cts,
 * essiv: over the cbc instance that is or is not DRV's hooked one): 0, or
 * -ENOENT (no such template, or no hook for it). */
int test_inst_make(struct test_inst *ti, int mode,
		   const struct cryptarch_driver *drv, int hooked);

/*
 * The instances for MODE of every registered driver of cipher CIPHER
 * (NULL: of every cipher) that is available on this CPU (after
 * CRYPTARCH_DISABLE), in registry order, template before hooked; every
 * instance the name stands for (for essiv, with every hash driver). *OUT
 * is malloc()ed (free it). Drivers that are not available are counted in
 * *UNAVAIL (may be NULL) and printed once per program.
 */
size_t test_instances(const char *cipher, int mode, struct test_inst **out,
		      size_t *unavail);
/* The distinct block cipher names of the registry (drivers of type
 * cipher), in order of first appearance; returns the count (at most
 * MAX). */
size_t test_ciphers(const char **names, size_t max);
/* The registered driver "<cipher>-generic" or NULL. */
const struct cryptarch_driver *test_reference(const char *cipher);
/* The registered driver named NAME, or NULL. */
const struct cryptarch_driver *test_driver(const char *name);

/*
 * shash: the algorithm names of the registry, into NAMES (MAX of them,
 * each TEST_NAME_MAX bytes): every shash template over a block cipher
 * with every cipher of 16-byte blocks ("cmac(aes)", "xcbc(twofish)"),
 * then every hash algorithm some driver implements ("sha256"). Returns
 * the count.
 */
#define TEST_NAME_MAX 64
size_t test_shash_names(char names[][TEST_NAME_MAX], size_t max);
/* The instances of the shash algorithm ALGNAME ("cmac(aes)", "sha256")
 * that are available here (as test_instances()), MODE -1. */
size_t test_shash_instances(const char *algname, struct test_inst **out,
			    size_t *unavail);
/* The cipher key sizes (among 16, 24, 32) the instance takes, into
 * SIZES: the cipher's, narrowed by a template (xcbc: 16); none for an
 * unkeyed hash. Returns the count. */
size_t test_inst_key_sizes(const struct test_inst *ti, size_t sizes[3]);
/* Open shash instance TI with CRYPTARCH_ALLOW_VARIABLE_TIME | FLAGS; on
 * failure record it and return NULL. Also checks
 * cryptarch_shash_driver(). */
cryptarch_shash *test_shash_open(const struct test_inst *ti, unsigned flags);
/* The digest of LEN bytes at MSG through T (keyed), as updates of random
 * sizes drawn from R (0-byte ones among them), or one update with R NULL;
 * OUT gets the digest. Returns the first non-zero result. */
int test_shash_split(cryptarch_shash *t, const uint8_t *msg, size_t len,
		     uint8_t *out, struct test_rng *r);

/*
 * aead: the algorithm names of the registry, into NAMES (MAX of them):
 * every aead template by its alias where it has one ("gcm", "ccm") over
 * every cipher of 16-byte blocks ("gcm(aes)", "ccm(twofish)"). Returns
 * the count.
 */
size_t test_aead_names(char names[][TEST_NAME_MAX], size_t max);
/* The instances of the aead algorithm ALGNAME ("gcm(aes)") available here
 * (as test_instances()), MODE -1: "gcm_base(ctr(aes-generic),ghash-generic)",
 * "ccm_base(ctr-aes-aesni,cbcmac(aes-generic))", "gcm-aes-aesni". */
size_t test_aead_instances(const char *algname, struct test_inst **out,
			   size_t *unavail);
/* The index among TI (N) of the instance every leaf of which is its
 * algorithm's generic driver ("<alg>-generic") and no node hooked: the
 * reference the others are compared with; 0 where there is none. */
size_t test_aead_reference(const struct test_inst *ti, size_t n);
/* 1 if aead instance TI is GCM (its root template's alias or name is
 * "gcm"; else CCM). */
int test_aead_is_gcm(const struct test_inst *ti);
/* 1 if the template of TI takes tags of N bytes (DESIGN.md: gcm 4, 8,
 * 12..16; ccm 4, 6, ..., 16). */
int test_aead_authsize_ok(const struct test_inst *ti, size_t n);
/* 1 if TI takes a nonce of N bytes (gcm >= 1, ccm 7..13). */
int test_aead_noncelen_ok(const struct test_inst *ti, size_t n);
/* Open aead instance TI with CRYPTARCH_ALLOW_VARIABLE_TIME | FLAGS; on
 * failure record it and return NULL. Also checks cryptarch_aead_driver(). */
cryptarch_aead *test_aead_open(const struct test_inst *ti, unsigned flags);

/*
 * GF(2^128) in GCM's representation (NIST SP 800-38D 6.3: bit 0 of a
 * block is the most significant bit of its first byte and the
 * coefficient of x^0; the field polynomial x^128 + x^7 + x^2 + x + 1),
 * bit by bit as the specification's Algorithm 1: slow, for tests only.
 * R may alias A or B.
 */
void test_gf128_mul(uint8_t r[16], const uint8_t a[16], const uint8_t b[16]);
/* R = A^-1 = A^(2^128 - 2) (A not zero). */
void test_gf128_inv(uint8_t r[16], const uint8_t a[16]);
/*
 * The 16-byte GCM nonce IV whose pre-counter block is J0 under hash key
 * H: J0 = GHASH_H(IV || 0^64 || [128]_64) = ((IV * H) xor L) * H with L
 * the lengths block, so IV = ((J0 * H^-1) xor L) * H^-1.
 */
void test_gcm_nonce_for_j0(uint8_t iv[16], const uint8_t h[16],
			   const uint8_t j0[16]);
/* GHASH_H of LEN bytes (zero-padded to whole blocks) continuing from Y,
 * with test_gf128_mul(): Y = (Y xor B) * H for each block B. */
void test_ghash(uint8_t y[16], const uint8_t h[16], const uint8_t *p,
		size_t len);

/* Open INST with CRYPTARCH_ALLOW_VARIABLE_TIME | FLAGS; on failure record
 * it and return NULL. Also checks cryptarch_skcipher_driver(). */
cryptarch_skcipher *test_open(const struct test_inst *inst, unsigned flags);

/* Encrypt (ENC != 0) or decrypt in one call. */
int test_crypt(cryptarch_skcipher *t, int enc, const void *src, void *dst,
	       size_t len, uint8_t *iv);
/*
 * The same request cut into calls of random sizes drawn from R: multiples
 * of 16 for every call, except that the last call of a ctr request takes
 * whatever remains. Only modes whose calls chain (test_mode_chains()) are
 * cut: an xts, xctr, cts or essiv request is one call. With R NULL, every
 * call is one block. Returns the first non-zero result.
 */
int test_crypt_split(cryptarch_skcipher *t, int mode, int enc,
		     const uint8_t *src, uint8_t *dst, size_t len, uint8_t *iv,
		     struct test_rng *r);

/* A random valid key of KEYLEN bytes for MODE: xts halves never equal
 * (OpenSSL refuses such keys and CRYPTARCH_FORBID_WEAK_KEYS too). */
void test_random_key(struct test_rng *r, int mode, uint8_t *key, size_t keylen);
/* A valid data length for MODE near LEN (ecb, cbc, essiv: rounded down
 * to a multiple of 16; xts, cts: at least 16). */
size_t test_valid_len(int mode, size_t len);
/*
 * The iv after a request of MODE that took IV0 and LEN bytes from IN to
 * OUT in direction ENC, into WANT: cbc and essiv the last ciphertext
 * block; ctr the counter after the data; cts the next-to-last ciphertext
 * block (the block itself for 16 bytes); ecb, xts and xctr IV0 unchanged.
 * An essiv request of 0 bytes leaves the encrypted iv, E(SHA-256(KEY),
 * IV0) under CIPHER's reference driver: KEY (KEYLEN bytes) is needed
 * then, and where it is NULL, or the reference cannot run, -1 is
 * returned (else 0).
 */
int test_iv_after(int mode, const char *cipher, int enc, const uint8_t *key,
		  size_t keylen, const uint8_t *in, const uint8_t *out,
		  size_t len, const uint8_t iv0[16], uint8_t want[16]);
/* A random length: often small, sometimes up to MAX. */
size_t test_random_len(struct test_rng *r, size_t max);
/* The cipher key sizes of DRV's algorithm among 16, 24, 32, into SIZES;
 * returns the count. */
size_t test_key_sizes(const struct cryptarch_driver *drv, size_t sizes[3]);

/* Add N to a 16-byte big-endian counter (mod 2^128). */
void test_ctr_add(uint8_t ctr[16], uint64_t n);

/*
 * Leading options of every test program, removed from ARGV:
 *   --mask-all     set CRYPTARCH_DISABLE to every feature name of
 *                  cryptarch_cpu_names[] (before the library reads it): the
 *                  run exercises the portable implementations only, as a
 *                  CPU without any of the features would;
 *   --driver NAME  test only driver NAME (plus its cipher's generic driver
 *                  where a program compares against it); exits 77 (skip)
 *                  if NAME is registered but not available on this CPU,
 *                  and 2 if no such driver is registered.
 */
void test_mask_all(int *argc, char ***argv);
/* 1 if DRV is to be tested under --driver (always without it). */
int test_selected(const struct cryptarch_driver *drv);
/* 1 if --driver was given. */
int test_driver_only(void);

/*
 * Drivers whose every call costs a whole bit-sliced pass (twofish-ct: one
 * block about 4000 cycles, the table code's 30 times over), which the
 * randomised tests would otherwise spend most of their time in. 1 if some
 * driver of instance TI is one. Such an instance takes every
 * test_costly_every()-th round of test-diff and that share of the random
 * rounds of test-many and test-aead and of test-modes' Monte Carlo
 * chains; every systematic check still runs. test-modes checks it in its
 * own run (modes-<driver>, --driver) only, not again in the runs over
 * every driver.
 */
int test_inst_costly(const struct test_inst *ti);
/*
 * In a run under a CRYPTARCH_DISABLE mask (or with
 * CRYPTARCH_TEST_COSTLY_SKIP=1: the qemu -cpu runs) without --driver:
 * TI[0..N-1]
 * without the instances over a costly driver (it needs no CPU feature, so
 * the mask leaves its code as the unmasked run checked it); the new count.
 * Otherwise N. For programs that check no choice among their instances
 * (test-diff, test-many).
 */
size_t test_drop_costly_masked(struct test_inst *ti, size_t n);
/* CRYPTARCH_TEST_COSTLY, default 4 (cross builds: 16, the cache variable
 * CRYPTARCH_TEST_COSTLY_EMULATED of tests/CMakeLists.txt). */
unsigned long test_costly_every(void);
/* ITERS rounds for instance TI: a share for a costly one, at least 1. */
unsigned long test_inst_rounds(const struct test_inst *ti, unsigned long iters);

#endif /* CRYPTARCH_TEST_UTIL_H */
