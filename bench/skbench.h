/* SPDX-License-Identifier: MIT */
/*
 * skbench.h - what `cryptarch speed`, `cryptarch tune` and bench/peers
 * share about timing cryptarch itself (skbench.c): the calls they time (one
 * skcipher request, in place; a batch of requests in one many-request call; one hash of a message, whole or in updates;
 * one AEAD message),
 * the instance a handle really uses for each operation and size class, and
 * the compiler this was built with. The
 * timing itself is harness.h's; the CPU model line is report.h's.
 */
#ifndef CRYPTARCH_BENCH_SKBENCH_H
#define CRYPTARCH_BENCH_SKBENCH_H

#include <stddef.h>
#include <stdint.h>

#include "cryptarch.h"

/* One request of LEN bytes through TFM in place, in direction DECRYPT;
 * the first error stays in ERR. Pass to harness_run() with skbench_tick. */
struct skbench_req {
	cryptarch_skcipher *tfm;
	uint8_t *buf;
	size_t len;
	uint8_t iv[16];
	int decrypt;
	int err;
};
void skbench_tick(void *arg);

/*
 * A batch of N independent requests of LEN bytes each through TFM in
 * direction DECRYPT: one cryptarch_skcipher_encrypt_many() (or
 * _decrypt_many) call, request I in place in BUF + I * LEN with its own
 * 16-byte iv in IV + I * 16 (chained from call to call as the single
 * calls' are). BUF holds N * LEN bytes, IV N * 16, REQ N entries (filled
 * by skbench_many_init()). The first error stays in ERR. Pass to
 * harness_run() with skbench_many_tick: its calls are batches.
 */
struct skbench_many_req {
	cryptarch_skcipher *tfm;
	uint8_t *buf, *iv;
	struct cryptarch_request *req;
	size_t n, len;
	int decrypt;
	int err;
};
void skbench_many_init(struct skbench_many_req *b);
void skbench_many_tick(void *arg);

/*
 * The driver name of the instance that cryptarch_skcipher_new(NAME, FLAGS)
 * uses for requests of LEN bytes in direction DECRYPT with a key of KEYLEN
 * bytes (the whole key: xts takes two cipher keys; 0: before setkey, the
 * smallest), into BUF; "" if NAME cannot be opened under FLAGS (or the key
 * is refused). Returns BUF.
 */
char *skbench_selected(const char *name, unsigned flags, size_t keylen,
		       int decrypt, size_t len, char *buf, size_t size);

/* skbench_selected() for the many-request calls (the handle's slot of
 * size class 2, cryptarch_skcipher_encrypt_many()). */
char *skbench_many_selected(const char *name, unsigned flags, size_t keylen,
			    int decrypt, char *buf, size_t size);

/*
 * One message of LEN bytes hashed through TFM (keyed already): one
 * cryptarch_shash_digest() if PLEN is 0 or LEN, else init, updates of
 * PLEN bytes (the last one shorter if PLEN does not divide LEN) and final,
 * as tcrypt's hash speed test makes them; the tag goes to OUT, the first
 * error stays in ERR. Pass to harness_run() with skbench_hash_tick.
 */
struct skbench_hash_req {
	cryptarch_shash *tfm;
	const uint8_t *buf;
	size_t len, plen;
	uint8_t out[64];
	int err;
};
void skbench_hash_tick(void *arg);

/* The driver name of the instance that cryptarch_shash_new(NAME, FLAGS)
 * uses with a key of KEYLEN bytes (0: an unkeyed hash, or before setkey)
 * into BUF; with MANY set, the one its cryptarch_shash_digest_many()
 * calls use; "" if NAME cannot be opened under FLAGS (or the key is
 * refused). Returns BUF. */
char *skbench_hash_selected(const char *name, unsigned flags, size_t keylen,
			    int many, char *buf, size_t size);

/*
 * One AEAD message of LEN bytes through TFM (keyed already) under NONCE
 * (NONCELEN bytes), no associated data: encryption of SRC into DST, LEN
 * bytes and then the TAGLEN-byte tag (TAGLEN: TFM's authsize); decryption
 * of SRC (LEN bytes of ciphertext and the tag after them) into DST, LEN
 * bytes. SRC may equal DST. The first error stays in ERR (-EBADMSG where
 * a tag did not verify). Pass to harness_run() with skbench_aead_tick.
 */
struct skbench_aead_req {
	cryptarch_aead *tfm;
	const uint8_t *src;
	uint8_t *dst;
	size_t len, taglen;
	const uint8_t *nonce;
	size_t noncelen;
	int decrypt;
	int err;
};
void skbench_aead_tick(void *arg);

/* The driver name of the instance that cryptarch_aead_new(NAME, FLAGS)
 * uses for messages of LEN bytes in direction DECRYPT with a key of
 * KEYLEN bytes (0: before setkey), into BUF; "" if NAME cannot be opened
 * under FLAGS (or the key is refused). Returns BUF. */
char *skbench_aead_selected(const char *name, unsigned flags, size_t keylen,
			    int decrypt, size_t len, char *buf, size_t size);

/* The compiler this was built with ("gcc 12.2.0", "Debian clang ..."). */
const char *skbench_compiler(void);

#endif /* CRYPTARCH_BENCH_SKBENCH_H */
