/* SPDX-License-Identifier: MIT */
/*
 * cbcmac.c - the kernel's cbcmac template (crypto/ccm.c, the CBC-MAC that
 * CCM is built on) over any 128-bit block cipher: a keyed shash with a
 * zero initial value, each whole block chained as it completes, a trailing
 * partial block zero-padded and chained at final; the empty message gives
 * 16 zero bytes. The chain is cbcmac.h's (the driver's hook where it has
 * one). Constant-time exactly when the cipher is.
 */
#include <string.h>

#include "../core/memzero.h"
#include "../types/shash.h"
#include "cbcmac.h"

static void cbcmac_init(const struct cryptarch_inst *in, void *state)
{
	(void)in;
	cryptarch_mac_init(state);
}

static void cbcmac_update(const struct cryptarch_inst *in, void *state,
			  const uint8_t *data, size_t len)
{
	cryptarch_mac_update(in, state, data, len, 0);
}

static void cbcmac_final(const struct cryptarch_inst *in, void *state,
			 uint8_t *out)
{
	struct cryptarch_mac_state *st = state;

	if (st->n) {
		memset(st->buf + st->n, 0, 16 - st->n);
		cryptarch_mac_chain(in, st->x, st->buf, 1);
	}
	memcpy(out, st->x, 16);
	cryptarch_memzero(st, sizeof(*st));
}

/* Messages whose chains run at once: the widest interleaving a driver
 * has (32 lanes of VAES-512) and a batch's state on the stack. */
#define MANY_BATCH 32

/* see cbcmac.h */
void cryptarch_mac_digest_many(const struct cryptarch_inst *in,
			       const struct cryptarch_digest_request *req,
			       size_t n, int hold,
			       void (*final)(const struct cryptarch_inst *in,
					     void *state, uint8_t *out))
{
	const struct cryptarch_cbcmac_hooks *h = in->hook;
	struct cryptarch_mac_state st[MANY_BATCH];
	struct cryptarch_request lane[MANY_BATCH];
	size_t i, k, b;

	for (i = 0; i < n; i += b) {
		b = n - i < MANY_BATCH ? n - i : MANY_BATCH;
		for (k = 0; k < b; k++) {
			const struct cryptarch_digest_request *r = &req[i + k];
			size_t rem = r->len % 16, whole = r->len - rem;

			/* cmac and xcbc keep a last whole block for final */
			if (hold && rem == 0 && whole) {
				whole -= 16;
				rem = 16;
			}
			cryptarch_mac_init(&st[k]);
			if (rem)
				memcpy(st[k].buf,
				       (const uint8_t *)r->data + whole, rem);
			st[k].n = rem;
			lane[k] = (struct cryptarch_request){ r->data, NULL,
							      whole, st[k].x };
		}
		if (h && h->mac_many) {
			h->mac_many(in->key[0], lane, b);
		} else {
			for (k = 0; k < b; k++)
				if (lane[k].len)
					cryptarch_mac_chain(in, st[k].x,
							    lane[k].src,
							    lane[k].len / 16);
		}
		for (k = 0; k < b; k++)
			final(in, &st[k], req[i + k].out);
	}
	cryptarch_memzero(st, sizeof(st));
}

static void cbcmac_digest_many(const struct cryptarch_inst *in,
			       const struct cryptarch_digest_request *req,
			       size_t n)
{
	cryptarch_mac_digest_many(in, req, n, 0, cbcmac_final);
}

static const struct cryptarch_kat kats[] = {
	/* Linux crypto/testmgr.h (c7942ef54673) aes_cbcmac_tv_template[0] */
	{ "cbcmac(aes)",
	  "2b7e151628aed2a6abf7158809cf4f3c",
	  NULL,
	  "6bc1bee22e409f96e93d7e117393172a",
	  "3ad77bb40d7a3660a89ecaf32466ef97" },
	/* Linux crypto/testmgr.h (c7942ef54673) aes_cbcmac_tv_template[1] */
	{ "cbcmac(aes)",
	  "2b7e151628aed2a6abf7158809cf4f3c",
	  NULL,
	  "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac"
	  "45af8e5130",
	  "9d0dd063fbcb2443f8f27603ac39b09d" },
	/* Linux crypto/testmgr.h (c7942ef54673) aes_cbcmac_tv_template[2] */
	{ "cbcmac(aes)",
	  "2b7e151628aed2a6abf7158809cf4f3c",
	  NULL,
	  "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac"
	  "45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17"
	  "ad2b417be66c37",
	  "c07173b8a02c117cafdcb2f88932a33a" },
	/* Linux crypto/testmgr.h (c7942ef54673) aes_cbcmac_tv_template[3] */
	{ "cbcmac(aes)",
	  "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a3"
	  "0914dff4",
	  NULL,
	  "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac"
	  "45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17"
	  "ad2b417be66c37101c",
	  "6a4edb214751df4fa84d4c103b727dd6" },
	{ NULL, NULL, NULL, NULL, NULL },
};

const struct cryptarch_template cryptarch_cbcmac_template = {
	.name = "cbcmac",
	.type = &cryptarch_type_shash,
	.nargs = 1,
	.args = { &cryptarch_type_cipher },
	.nkeys = 1,
	.blocksize = 1, /* as the kernel's: any length */
	.ops = &(const struct cryptarch_shash_ops){
		.digestsize = 16,
		.statesize = sizeof(struct cryptarch_mac_state),
		.init = cbcmac_init,
		.update = cbcmac_update,
		.final = cbcmac_final,
		.digest_many = cbcmac_digest_many,
	},
	.kats = kats,
};
