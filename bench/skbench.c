/* SPDX-License-Identifier: MIT */
/*
 * skbench.c - what the speed tools share about timing cryptarch (see
 * skbench.h). Keys and data here are fixed patterns, nothing secret. No
 * CPU features needed.
 */
#include <stdio.h>
#include <string.h>

#include "handle.h"
#include "memzero.h"
#include "profile.h"
#include "skbench.h"

/* see skbench.h */
void skbench_tick(void *arg)
{
	struct skbench_req *b = arg;
	int err;

	if (b->decrypt)
		err = cryptarch_skcipher_decrypt(b->tfm, b->buf, b->buf, b->len,
						 b->iv);
	else
		err = cryptarch_skcipher_encrypt(b->tfm, b->buf, b->buf, b->len,
						 b->iv);
	if (err)
		b->err = err;
}

/* see skbench.h */
void skbench_many_init(struct skbench_many_req *b)
{
	size_t i;

	for (i = 0; i < b->n; i++) {
		b->req[i].src = b->buf + i * b->len;
		b->req[i].dst = b->buf + i * b->len;
		b->req[i].len = b->len;
		b->req[i].iv = b->iv + i * 16;
	}
}

/* see skbench.h */
void skbench_many_tick(void *arg)
{
	struct skbench_many_req *b = arg;
	int err;

	if (b->decrypt)
		err = cryptarch_skcipher_decrypt_many(b->tfm, b->req, b->n);
	else
		err = cryptarch_skcipher_encrypt_many(b->tfm, b->req, b->n);
	if (err)
		b->err = err;
}

/* The instance of NAME's handle under FLAGS for size class CLS. */
static char *slot_of(const char *name, unsigned flags, size_t keylen,
		     int decrypt, int cls, char *buf, size_t size)
{
	cryptarch_skcipher *tfm;
	uint8_t key[64];
	size_t i;

	if (size)
		buf[0] = '\0';
	if (keylen > sizeof(key) || cryptarch_skcipher_new(&tfm, name, flags))
		return buf;
	for (i = 0; i < keylen; i++)
		key[i] = (uint8_t)(i * 7 + 1); /* halves differ (xts) */
	if (keylen == 0 || cryptarch_skcipher_setkey(tfm, key, keylen) == 0)
		cryptarch_skcipher_slot(tfm, decrypt, cls, buf, size);
	cryptarch_skcipher_free(tfm);
	return buf;
}

/* see skbench.h */
char *skbench_selected(const char *name, unsigned flags, size_t keylen,
		       int decrypt, size_t len, char *buf, size_t size)
{
	return slot_of(name, flags, keylen, decrypt,
		       len > CRYPTARCH_PROFILE_SMALL_MAX, buf, size);
}

/* see skbench.h */
char *skbench_many_selected(const char *name, unsigned flags, size_t keylen,
			    int decrypt, char *buf, size_t size)
{
	return slot_of(name, flags, keylen, decrypt, 2, buf, size);
}

/* see skbench.h */
void skbench_hash_tick(void *arg)
{
	struct skbench_hash_req *b = arg;
	size_t off, n;
	int err;

	if (b->plen == 0 || b->plen >= b->len) {
		err = cryptarch_shash_digest(b->tfm, b->buf, b->len, b->out);
	} else {
		err = cryptarch_shash_init(b->tfm);
		for (off = 0; off < b->len && !err; off += n) {
			n = b->len - off < b->plen ? b->len - off : b->plen;
			err = cryptarch_shash_update(b->tfm, b->buf + off, n);
		}
		if (!err)
			err = cryptarch_shash_final(b->tfm, b->out);
	}
	if (err)
		b->err = err;
}

/* see skbench.h */
char *skbench_hash_selected(const char *name, unsigned flags, size_t keylen,
			    int many, char *buf, size_t size)
{
	cryptarch_shash *tfm;
	uint8_t key[64];
	size_t i;

	if (size)
		buf[0] = '\0';
	if (keylen > sizeof(key) || cryptarch_shash_new(&tfm, name, flags))
		return buf;
	for (i = 0; i < keylen; i++)
		key[i] = (uint8_t)(i * 7 + 1);
	if (keylen == 0 || cryptarch_shash_setkey(tfm, key, keylen) == 0) {
		if (many)
			cryptarch_shash_slot(tfm, CRYPTARCH_CLASS_MANY, buf,
					     size);
		else
			snprintf(buf, size, "%s", cryptarch_shash_driver(tfm));
	}
	cryptarch_memzero(key, sizeof(key));
	cryptarch_shash_free(tfm);
	return buf;
}

/* see skbench.h */
void skbench_aead_tick(void *arg)
{
	struct skbench_aead_req *b = arg;
	int err;

	if (b->decrypt)
		err = cryptarch_aead_decrypt(b->tfm, b->src, b->dst,
					     b->len + b->taglen, b->nonce,
					     b->noncelen, NULL, 0);
	else
		err = cryptarch_aead_encrypt(b->tfm, b->src, b->dst, b->len,
					     b->nonce, b->noncelen, NULL, 0);
	if (err)
		b->err = err;
}

/* see skbench.h */
char *skbench_aead_selected(const char *name, unsigned flags, size_t keylen,
			    int decrypt, size_t len, char *buf, size_t size)
{
	cryptarch_aead *tfm;
	uint8_t key[64];
	size_t i;

	if (size)
		buf[0] = '\0';
	if (keylen > sizeof(key) || cryptarch_aead_new(&tfm, name, flags))
		return buf;
	for (i = 0; i < keylen; i++)
		key[i] = (uint8_t)(i * 7 + 1);
	if (keylen == 0 || cryptarch_aead_setkey(tfm, key, keylen) == 0)
		cryptarch_aead_slot(tfm, decrypt,
				    len > CRYPTARCH_PROFILE_SMALL_MAX, buf,
				    size);
	cryptarch_aead_free(tfm);
	return buf;
}

/* see skbench.h */
const char *skbench_compiler(void)
{
#if defined(__clang__) || !defined(__GNUC__)
#ifdef __VERSION__
	return __VERSION__;
#else
	return "unknown";
#endif
#else
	return "gcc " __VERSION__;
#endif
}
