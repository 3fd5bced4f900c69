/* SPDX-License-Identifier: MIT */
/*
 * ghash.c - the algorithm "ghash" (NIST SP 800-38D 6.4; the kernel's
 * shash "ghash"): a keyed hash of type shash with a 16-byte key H,
 * 16-byte blocks and a 16-byte digest, and the shash operations every
 * GHASH driver shares (ghash.h): partial blocks are held until they
 * complete, a trailing partial block is zero-padded at final, and the
 * digest is Y. The field multiplication is the driver's block function.
 * Constant-time exactly when that function is: the buffering depends on
 * lengths only.
 */
#include <string.h>

#include "../core/memzero.h"
#include "ghash.h"

/* see ghash.h */
void cryptarch_ghash_init(const struct cryptarch_inst *in, void *state)
{
	(void)in;
	memset(state, 0, sizeof(struct cryptarch_ghash_state));
}

/* see ghash.h */
void cryptarch_ghash_update(const struct cryptarch_inst *in, void *state,
			    const uint8_t *data, size_t len)
{
	struct cryptarch_ghash_state *st = state;
	cryptarch_ghash_blocks_fn blocks = cryptarch_ghash_blocks_of(in);
	size_t t, n;

	if (st->n) {
		t = 16 - st->n < len ? 16 - st->n : len;
		memcpy(st->buf + st->n, data, t);
		st->n += t;
		data += t;
		len -= t;
		if (st->n < 16)
			return;
		blocks(in->key[0], st->y, st->buf, 1);
		st->n = 0;
	}
	n = len / 16;
	if (n)
		blocks(in->key[0], st->y, data, n);
	st->n = len % 16;
	if (st->n)
		memcpy(st->buf, data + 16 * n, st->n);
}

/* see ghash.h */
void cryptarch_ghash_final(const struct cryptarch_inst *in, void *state,
			   uint8_t *out)
{
	struct cryptarch_ghash_state *st = state;

	if (st->n) {
		memset(st->buf + st->n, 0, 16 - st->n);
		cryptarch_ghash_blocks_of(in)(in->key[0], st->y, st->buf, 1);
	}
	memcpy(out, st->y, 16);
	cryptarch_memzero(st, sizeof(*st));
}

static const struct cryptarch_kat kats[] = {
	/* The GHASH inputs of the GCM specification's test cases (McGrew
	 * and Viega, "The Galois/Counter Mode of Operation", revised 2005,
	 * Appendix B: Test Cases 2, 3 and 4: H, and A || C || len(A) ||
	 * len(C) with zero padding; the digest is that document's
	 * GHASH(H, A, C)), checked with an independent bit-serial model
	 * against pyca/cryptography's AES-GCM tags. */
	{ NULL, "66e94bd4ef8a2c3b884cfa59ca342b2e", NULL,
	  "0388dace60b6a392f328c2b971b2fe78"
	  "00000000000000000000000000000080",
	  "f38cbb1ad69223dcc3457ae5b6b0f885" },
	{ NULL, "b83b533708bf535d0aa6e52980d53b78", NULL,
	  "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
	  "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091473f5985"
	  "00000000000000000000000000000200",
	  "7f1b32b81b820d02614f8895ac1d4eac" },
	{ NULL, "b83b533708bf535d0aa6e52980d53b78", NULL,
	  "feedfacedeadbeeffeedfacedeadbeefabaddad2000000000000000000000000"
	  "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
	  "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091"
	  "0000000000000000000000a000000000000001e0",
	  "698e57f70e6ecc7fd9463b7260a9ae5f" },
	/* Test Case 4's A alone (20 bytes): the trailing partial block is
	 * zero-padded, as the kernel's ghash shash pads it (same model). */
	{ NULL, "b83b533708bf535d0aa6e52980d53b78", NULL,
	  "feedfacedeadbeeffeedfacedeadbeefabaddad2",
	  "cd47221ccef0554ee4bb044c88150352" },
	{ NULL, NULL, NULL, NULL, NULL },
};

const struct cryptarch_algorithm cryptarch_ghash = {
	.name = "ghash",
	.type = &cryptarch_type_shash,
	.blocksize = 16,
	.min_keysize = 16,
	.max_keysize = 16,
	.kats = kats,
};
