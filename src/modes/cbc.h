/* SPDX-License-Identifier: MIT */
/*
 * cbc.h - the hook interface of the CBC template (cbc.c): a driver that
 * accelerates "cbc" fills struct cryptarch_cbc_hooks and lists it with
 * CRYPTARCH_CBC_HOOK() in its descriptor. CBC encryption is serial: a
 * driver whose strength is many blocks in flight may rank it lower with
 * .op_priority = { <encryption priority>, 0 }, and a handle then encrypts
 * with another driver where static selection decides.
 */
#ifndef CRYPTARCH_MODES_CBC_H
#define CRYPTARCH_MODES_CBC_H

#include <stddef.h>
#include <stdint.h>

#include "../core/desc.h"
#include "cryptarch.h"

/*
 * NBLOCKS >= 1 whole 16-byte blocks; src == dst allowed, no alignment.
 * IV is the chaining value in and the last ciphertext block out. Any
 * member may be NULL: that direction runs the template's loop.
 *
 * ENCRYPT_MANY and DECRYPT_MANY take N >= 1 independent requests
 * (cryptarch_skcipher_encrypt_many): each REQ[i].len a multiple of 16,
 * 0 included, lengths differing from one request to the next; each
 * request's iv in and out as ENCRYPT's; requests do not overlap one
 * another, each may be in place. This is where a driver interleaves the
 * chains of independent requests (CBC encryption is serial within one).
 */
struct cryptarch_cbc_hooks {
	void (*encrypt)(const void *ctx, uint8_t *dst, const uint8_t *src,
			size_t nblocks, uint8_t iv[16]);
	void (*decrypt)(const void *ctx, uint8_t *dst, const uint8_t *src,
			size_t nblocks, uint8_t iv[16]);
	void (*encrypt_many)(const void *ctx,
			     const struct cryptarch_request *req, size_t n);
	void (*decrypt_many)(const void *ctx,
			     const struct cryptarch_request *req, size_t n);
};

#define CRYPTARCH_CBC_HOOK_FNS(enc, dec, ...)                                \
	{ .tmpl = "cbc",                                                      \
	  .ops = &(const struct cryptarch_cbc_hooks){ enc, dec },             \
	  __VA_ARGS__ }
#define CRYPTARCH_CBC_HOOK(stem, ...)                                         \
	CRYPTARCH_CBC_HOOK_FNS(cryptarch_##stem##_cbc_encrypt,                \
			       cryptarch_##stem##_cbc_decrypt, __VA_ARGS__)
/* A cbc hook with many-request functions too (encryption's and, where
 * DEC_MANY is not NULL, decryption's), ranked MANY_PRIO for them. */
#define CRYPTARCH_CBC_HOOK_MANY(stem, enc_many, dec_many, many_prio, ...)    \
	{ .tmpl = "cbc",                                                      \
	  .ops = &(const struct cryptarch_cbc_hooks){                         \
		  cryptarch_##stem##_cbc_encrypt,                             \
		  cryptarch_##stem##_cbc_decrypt, enc_many, dec_many },       \
	  .many_priority = many_prio, __VA_ARGS__ }
/* The same with the single-request functions named (either may be NULL). */
#define CRYPTARCH_CBC_HOOK_FNS_MANY(enc, dec, enc_many, dec_many, many_prio,  \
				    ...)                                      \
	{ .tmpl = "cbc",                                                      \
	  .ops = &(const struct cryptarch_cbc_hooks){ enc, dec, enc_many,     \
						      dec_many },             \
	  .many_priority = many_prio, __VA_ARGS__ }

#endif /* CRYPTARCH_MODES_CBC_H */
