/* SPDX-License-Identifier: MIT */
/*
 * ecb.c - the ECB template: each 16-byte block on its own, through the
 * driver's ecb hook where the instance has one (ecb.h), else one block at
 * a time through the single-block functions. len a multiple of 16 (0
 * allowed); the iv is not used. Many requests at once: the short ones
 * are gathered into one call of the hook (gather.h). Constant-time exactly
 * when the underlying driver is.
 */
#include <errno.h>
#include <string.h>

#include "../core/memzero.h"
#include "../types/skcipher.h"
#include "cryptarch.h"
#include "ecb.h"
#include "gather.h"

static int ecb_crypt(const struct cryptarch_inst *m, uint8_t *dst,
		     const uint8_t *src, size_t len, int enc)
{
	const struct cryptarch_ecb_hooks *h = m->hook;
	void (*bulk)(const void *, uint8_t *, const uint8_t *, size_t) = NULL;
	void (*one)(const void *, uint8_t *, const uint8_t *);
	size_t i, n = len / 16;

	if (len % 16)
		return -EINVAL;
	if (h)
		bulk = enc ? h->encrypt : h->decrypt;
	if (bulk) {
		if (n)
			bulk(m->key[0], dst, src, n);
		return 0;
	}
	one = enc ? m->cipher->encrypt : m->cipher->decrypt;
	for (i = 0; i < n; i++)
		one(m->key[0], dst + 16 * i, src + 16 * i);
	return 0;
}

static int ecb_encrypt(const struct cryptarch_inst *m, uint8_t *dst,
		       const uint8_t *src, size_t len, uint8_t *iv)
{
	(void)iv;
	return ecb_crypt(m, dst, src, len, 1);
}

static int ecb_decrypt(const struct cryptarch_inst *m, uint8_t *dst,
		       const uint8_t *src, size_t len, uint8_t *iv)
{
	(void)iv;
	return ecb_crypt(m, dst, src, len, 0);
}

/* Many requests: where the instance is a driver's ecb hook, the short
 * ones (up to GATHER_ECB_MAX bytes) back to back in one buffer and one
 * call of the hook per GATHER_BLOCKS blocks; the others one call each. */
static void ecb_many(const struct cryptarch_inst *m, int op,
		     const struct cryptarch_request *req, size_t n)
{
	const struct cryptarch_ecb_hooks *h = m->hook;
	void (*bulk)(const void *, uint8_t *, const uint8_t *, size_t) = NULL;
	_Alignas(64) uint8_t buf[GATHER_BLOCKS * 16];
	size_t pend[GATHER_BLOCKS];
	size_t i, k, np = 0, used = 0, off, high = 0, nshort = 0;

	if (h)
		bulk = op ? h->decrypt : h->encrypt;
	for (i = 0; i < n && nshort < 2; i++)
		nshort += req[i].len && req[i].len <= GATHER_ECB_MAX;
	if (!bulk || nshort < 2) {
		for (i = 0; i < n; i++)
			(void)ecb_crypt(m, req[i].dst, req[i].src, req[i].len,
					!op);
		return;
	}
	for (i = 0;; i++) {
		size_t len = i < n ? req[i].len : 0;

		if (i == n ||
		    (len <= GATHER_ECB_MAX && used + len > sizeof(buf))) {
			if (used)
				bulk(m->key[0], buf, buf, used / 16);
			for (k = 0, off = 0; k < np; k++) {
				gather_copy(req[pend[k]].dst, buf + off,
					    req[pend[k]].len);
				off += req[pend[k]].len;
			}
			high = used > high ? used : high;
			np = used = 0;
			if (i == n)
				break;
		}
		if (len == 0)
			continue;
		if (len > GATHER_ECB_MAX) {
			bulk(m->key[0], req[i].dst, req[i].src, len / 16);
			continue;
		}
		gather_copy(buf + used, req[i].src, len);
		pend[np++] = i;
		used += len;
	}
	cryptarch_memzero(buf, high);
}

/* Known answers through the template (the algorithms' own single-block
 * answers are theirs: src/aes/aes.c, src/twofish/twofish.c). */
static const struct cryptarch_kat kats[] = {
	/* NIST SP 800-38A Appendix F.1.1 ECB-AES128.Encrypt */
	{ "ecb(aes)", "2b7e151628aed2a6abf7158809cf4f3c", NULL,
	  "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac"
	  "45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17"
	  "ad2b417be66c3710",
	  "3ad77bb40d7a3660a89ecaf32466ef97f5d3d58503b9699de785895a"
	  "96fdbaaf43b1cd7f598ece23881b00e3ed0306887b0c785e27e8ad3f"
	  "8223207104725dd4" },
	/* Twofish paper (Schneier et al., 1998) Appendix B.2 (ecb_tbl.txt)
	 * KEYSIZE=128 I=1 and I=2: the same zero key, one block each */
	{ "ecb(twofish)", "00000000000000000000000000000000", NULL,
	  "000000000000000000000000000000009f589f5cf6122c32b6bfec2f2ae8c35a",
	  "9f589f5cf6122c32b6bfec2f2ae8c35ad491db16e7b1c39e86cb086b789f5419" },
	{ NULL, NULL, NULL, NULL, NULL },
};

const struct cryptarch_template cryptarch_ecb_template = {
	.name = "ecb",
	.type = &cryptarch_type_skcipher,
	.nargs = 1,
	.args = { &cryptarch_type_cipher },
	.nkeys = 1,
	.ivsize = 0,
	.ops = &(const struct cryptarch_skcipher_ops){
		.encrypt = ecb_encrypt,
		.decrypt = ecb_decrypt,
		.check = cryptarch_skcipher_check_blocks,
		.many = ecb_many,
	},
	.kats = kats,
};
