/* SPDX-License-Identifier: MIT */
/*
 * cbcmac.h - the CBC-MAC chain that the cmac, xcbc and cbcmac templates
 * share (cmac.c, xcbc.c, cbcmac.c): the hook interface a driver fills to
 * run the chain with its round keys held in registers, and the message
 * state with the buffering the three templates have in common.
 *
 * A driver lists CRYPTARCH_CBCMAC_HOOKS(stem) among its hooks (with hook
 * fields after the stem where it ranks the chain apart: .priority = 410):
 * one function, cryptarch_<stem>_cbcmac, registered for all three
 * templates (the instances "cmac-aes-aesni", "xcbc-aes-aesni",
 * "cbcmac-aes-aesni"); CRYPTARCH_CBCMAC_HOOKS_FNS(fn, ...) names another
 * driver's function.
 */
#ifndef CRYPTARCH_MODES_CBCMAC_H
#define CRYPTARCH_MODES_CBCMAC_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "../core/desc.h"
#include "../core/endian.h"
#include "../core/inst.h"
#include "cryptarch.h"

/*
 * MAC: NBLOCKS >= 1 whole blocks of SRC (no alignment): for each block B,
 * X = E(X xor B).
 * MAC_MANY (may be NULL): the chains of N >= 1 independent messages, the
 * same as MAC on each: REQ[i].src and REQ[i].len (a multiple of 16, 0
 * included: that chain is left alone), REQ[i].iv the chaining value X in
 * and out; REQ[i].dst is not used. This is where a driver interleaves
 * the chains (cryptarch_shash_digest_many).
 */
struct cryptarch_cbcmac_hooks {
	void (*mac)(const void *ctx, uint8_t x[16], const uint8_t *src,
		    size_t nblocks);
	void (*mac_many)(const void *ctx, const struct cryptarch_request *req,
			 size_t n);
};

#define CRYPTARCH_CBCMAC_HOOK_ONE(name, fn, ...)                              \
	{ .tmpl = name, .ops = &(const struct cryptarch_cbcmac_hooks){ fn },  \
	  __VA_ARGS__ }
/* The three hooks of chain function FN, each with the hook fields that
 * follow (.priority = 410). */
#define CRYPTARCH_CBCMAC_HOOKS_FNS(fn, ...)                                   \
	CRYPTARCH_CBCMAC_HOOK_ONE("cmac", fn, __VA_ARGS__),                   \
	CRYPTARCH_CBCMAC_HOOK_ONE("xcbc", fn, __VA_ARGS__),                   \
	CRYPTARCH_CBCMAC_HOOK_ONE("cbcmac", fn, __VA_ARGS__)
#define CRYPTARCH_CBCMAC_HOOKS(stem, ...)                                     \
	CRYPTARCH_CBCMAC_HOOKS_FNS(cryptarch_##stem##_cbcmac, __VA_ARGS__)
/* The same with many-message chains MANY (struct cryptarch_cbcmac_hooks),
 * ranked MANY_PRIO for many-digest calls. */
#define CRYPTARCH_CBCMAC_HOOK_MANY_ONE(name, fn, many, many_prio, ...)       \
	{ .tmpl = name,                                                       \
	  .ops = &(const struct cryptarch_cbcmac_hooks){ fn, many },          \
	  .many_priority = many_prio, __VA_ARGS__ }
#define CRYPTARCH_CBCMAC_HOOKS_MANY(stem, many, many_prio, ...)               \
	CRYPTARCH_CBCMAC_HOOK_MANY_ONE("cmac", cryptarch_##stem##_cbcmac,     \
				       many, many_prio, __VA_ARGS__),         \
	CRYPTARCH_CBCMAC_HOOK_MANY_ONE("xcbc", cryptarch_##stem##_cbcmac,     \
				       many, many_prio, __VA_ARGS__),         \
	CRYPTARCH_CBCMAC_HOOK_MANY_ONE("cbcmac", cryptarch_##stem##_cbcmac,   \
				       many, many_prio, __VA_ARGS__)
/* cmac and xcbc only, with chain function FN named: a driver whose
 * strength is many chains at once, ranked for many-digest calls, whose
 * single chain is another driver's (no cbcmac instance, so that ccm's
 * candidates do not grow). */
#define CRYPTARCH_CBCMAC_HOOKS_MANY_FNS(fn, many, many_prio, ...)             \
	CRYPTARCH_CBCMAC_HOOK_MANY_ONE("cmac", fn, many, many_prio,           \
				       __VA_ARGS__),                          \
	CRYPTARCH_CBCMAC_HOOK_MANY_ONE("xcbc", fn, many, many_prio,           \
				       __VA_ARGS__)

/* The message state: the chaining value X and up to 16 bytes not yet
 * chained. */
struct cryptarch_mac_state {
	uint8_t x[16];
	uint8_t buf[16];
	size_t n;
};

/* N whole blocks into X, through the hook where there is one. */
static inline void cryptarch_mac_chain(const struct cryptarch_inst *in,
				       uint8_t x[16], const uint8_t *src,
				       size_t n)
{
	const struct cryptarch_cbcmac_hooks *h = in->hook;
	size_t i;

	if (h) {
		h->mac(in->key[0], x, src, n);
		return;
	}
	for (i = 0; i < n; i++) {
		xor_block(x, x, src + 16 * i);
		in->cipher->encrypt(in->key[0], x, x);
	}
}

static inline void cryptarch_mac_init(struct cryptarch_mac_state *st)
{
	memset(st, 0, sizeof(*st));
}

/*
 * Append LEN bytes. With HOLD (cmac, xcbc) a block that completes the
 * data so far stays in BUF until more data comes, for final to treat it
 * as the last; without (cbcmac) each block is chained as it completes.
 */
static inline void cryptarch_mac_update(const struct cryptarch_inst *in,
					struct cryptarch_mac_state *st,
					const uint8_t *data, size_t len,
					int hold)
{
	size_t t, n, rem;

	if (st->n) {
		t = 16 - st->n < len ? 16 - st->n : len;
		memcpy(st->buf + st->n, data, t);
		st->n += t;
		data += t;
		len -= t;
		if (st->n < 16 || (hold && len == 0))
			return;
		cryptarch_mac_chain(in, st->x, st->buf, 1);
		st->n = 0;
	}
	if (len == 0)
		return;
	n = len / 16;
	rem = len % 16;
	if (hold && rem == 0) {
		n--;
		rem = 16;
	}
	if (n)
		cryptarch_mac_chain(in, st->x, data, n);
	memcpy(st->buf, data + 16 * n, rem);
	st->n = rem;
}

/* CMAC and XCBC's last block (SP 800-38B 6.2, RFC 3566 2.4): a whole one
 * XORed with FULL, a partial one padded with 0x80 0x00... and XORed with
 * PART; then the last encryption, into OUT. */
static inline void cryptarch_mac_last(const struct cryptarch_inst *in,
				      struct cryptarch_mac_state *st,
				      const uint8_t full[16],
				      const uint8_t part[16], uint8_t *out)
{
	if (st->n == 16) {
		xor_block(st->buf, st->buf, full);
	} else {
		st->buf[st->n] = 0x80;
		memset(st->buf + st->n + 1, 0, 15 - st->n);
		xor_block(st->buf, st->buf, part);
	}
	cryptarch_mac_chain(in, st->x, st->buf, 1);
	memcpy(out, st->x, 16);
}

/*
 * Many digests of a CBC-MAC template (cmac, xcbc, cbcmac): the chains of
 * all but each message's last HOLD-kept block (cryptarch_mac_update()'s
 * rule) through the hook's MAC_MANY where there is one, in batches, then
 * each message's FINAL (the template's) from the state so reached. The
 * requests are checked already (cryptarch_shash_digest_many). In
 * cbcmac.c.
 */
void cryptarch_mac_digest_many(const struct cryptarch_inst *in,
			       const struct cryptarch_digest_request *req,
			       size_t n, int hold,
			       void (*final)(const struct cryptarch_inst *in,
					     void *state, uint8_t *out));

#endif /* CRYPTARCH_MODES_CBCMAC_H */
