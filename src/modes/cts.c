/* SPDX-License-Identifier: MIT */
/*
 * cts.c - the CTS template over a CBC instance: CBC with ciphertext
 * stealing, the variant CS3 of NIST SP 800-38A Addendum (the kernel's
 * cts(cbc(aes)), RFC 3962 / RFC 8009): the last two ciphertext blocks are
 * swapped and the last one truncated to the length of the last plaintext
 * piece (1..16 bytes), so len >= 16 and any length above; len 16 is one
 * CBC block. All but the last two blocks run through the CBC instance in
 * one request (its driver's hook: at CBC speed), those two through the
 * cipher's single-block function. The iv is
 * in/out as the kernel's: afterwards it holds the next-to-last block of
 * the ciphertext (the last whole one). Constant-time exactly when the CBC
 * instance is.
 */
#include <errno.h>
#include <string.h>

#include "../core/endian.h"
#include "../core/memzero.h"
#include "../types/skcipher.h"

static int cts_encrypt(const struct cryptarch_inst *m, uint8_t *dst,
		       const uint8_t *src, size_t len, uint8_t *iv)
{
	const struct cryptarch_inst *cbc = m->arg[0];
	size_t off, d;
	uint8_t c[16], p[16];
	int err;

	if (len < 16)
		return -EINVAL;
	if (len == 16)
		return cryptarch_skcipher_run(cbc, 0, dst, src, 16, iv);
	off = (len - 1) / 16 * 16; /* bytes before the last piece */
	d = len - off;		   /* 1..16 */
	memset(p, 0, sizeof(p));
	memcpy(p, src + off, d); /* before dst is written (in place) */
	err = cryptarch_skcipher_run(cbc, 0, dst, src, off, iv);
	if (err)
		return err;
	/* iv is now C(n-1), the last whole block: its first D bytes go
	 * last, and E(P(n) padded xor C(n-1)) takes its place, which is
	 * also the iv afterwards. One block: the cipher's own function. */
	memcpy(c, iv, 16);
	memcpy(dst + off, c, d);
	xor_block(p, p, c);
	cbc->cipher->encrypt(cbc->key[0], iv, p);
	memcpy(dst + off - 16, iv, 16);
	cryptarch_memzero(p, sizeof(p));
	cryptarch_memzero(c, sizeof(c));
	return 0;
}

/*
 * Decryption. The blocks sent end with C(n-2), X = E(P(n) padded xor
 * C(n-1)) and C(n-1)'s first D bytes. With a whole last block (D 16),
 * C(n-1) then X is the CBC message of P(n-1), P(n): in place the two
 * are swapped back and the CBC instance decrypts the whole message in one
 * request (which leaves X in the iv); out of place it decrypts all before
 * X in one request (which leaves C(n-2)) and those two blocks from a copy
 * in one more (which leaves X). With a
 * partial one, D(X) = P(n) padded xor C(n-1) must come first, to give
 * P(n) and complete C(n-1): the cipher's single-block function decrypts
 * X and C(n-1) (P(n-1) = D(C(n-1)) xor C(n-2)), from the ciphertext
 * alone, before the CBC request. Nothing a request wrote is read back (a
 * wide store does not forward to a narrow load at once).
 */
static int cts_decrypt(const struct cryptarch_inst *m, uint8_t *dst,
		       const uint8_t *src, size_t len, uint8_t *iv)
{
	const struct cryptarch_inst *cbc = m->arg[0];
	uint8_t last[32], prev[16], e[16];
	size_t off, d;
	int err;

	if (len < 16)
		return -EINVAL;
	if (len == 16)
		return cryptarch_skcipher_run(cbc, 1, dst, src, 16, iv);
	off = (len - 1) / 16 * 16;
	d = len - off;
	/* C(n-1) (its D bytes), X and C(n-2), before dst is written */
	memset(last, 0, sizeof(last));
	memcpy(last, src + off, d);
	memcpy(last + 16, src + off - 16, 16);
	if (d == 16 && src == dst) {
		/* in place: swapped back, the message is CBC's as it is */
		memcpy(dst + off - 16, last, 16);
		memcpy(dst + off, last + 16, 16);
		cryptarch_memzero(last, sizeof(last));
		return cryptarch_skcipher_run(cbc, 1, dst, dst, len, iv);
	}
	if (d == 16) {
		err = cryptarch_skcipher_run(cbc, 1, dst, src, off - 16, iv);
		if (!err)
			err = cryptarch_skcipher_run(cbc, 1, dst + off - 16,
						     last, 32, iv);
		cryptarch_memzero(last, sizeof(last));
		return err;
	}
	memcpy(prev, off > 16 ? src + off - 32 : iv, 16);
	cbc->cipher->decrypt(cbc->key[0], e, last + 16); /* D(X) */
	xor_block(e, e, last); /* first D bytes: P(n); the rest: C(n-1)'s */
	memcpy(dst + off, e, d);
	memcpy(last + d, e + d, 16 - d); /* C(n-1) */
	cbc->cipher->decrypt(cbc->key[0], e, last);
	xor_block(dst + off - 16, e, prev); /* P(n-1) */
	err = cryptarch_skcipher_run(cbc, 1, dst, src, off - 16, iv);
	memcpy(iv, last + 16, 16); /* afterwards: X */
	cryptarch_memzero(e, sizeof(e));
	cryptarch_memzero(last, sizeof(last));
	return err;
}

static const struct cryptarch_kat kats[] = {
	/* Linux crypto/testmgr.h (c7942ef54673) cts_mode_tv_template[0] (RFC 3962 Appendix B) */
	{ "cts(cbc(aes))",
	  "636869636b656e207465726979616b69",
	  "00000000000000000000000000000000",
	  "4920776f756c64206c696b652074686520",
	  "c6353568f2bf8cb4d8a580362da7ff7f97" },
	/* Linux crypto/testmgr.h (c7942ef54673) cts_mode_tv_template[1] (RFC 3962 Appendix B) */
	{ "cts(cbc(aes))",
	  "636869636b656e207465726979616b69",
	  "00000000000000000000000000000000",
	  "4920776f756c64206c696b65207468652047656e6572616c20476175"
	  "277320",
	  "fc00783e0efdb2c1d445d4c8eff7ed2297687268d6ecccc0c07b25e2"
	  "5ecfe5" },
	/* Linux crypto/testmgr.h (c7942ef54673) cts_mode_tv_template[2] (RFC 3962 Appendix B) */
	{ "cts(cbc(aes))",
	  "636869636b656e207465726979616b69",
	  "00000000000000000000000000000000",
	  "4920776f756c64206c696b65207468652047656e6572616c20476175"
	  "27732043",
	  "39312523a78662d5be7fcbcc98ebf5a897687268d6ecccc0c07b25e2"
	  "5ecfe584" },
	/* Linux crypto/testmgr.h (c7942ef54673) cts_mode_tv_template[3] (RFC 3962 Appendix B) */
	{ "cts(cbc(aes))",
	  "636869636b656e207465726979616b69",
	  "00000000000000000000000000000000",
	  "4920776f756c64206c696b65207468652047656e6572616c20476175"
	  "277320436869636b656e2c20706c656173652c",
	  "97687268d6ecccc0c07b25e25ecfe584b3fffd940c16a18c1b5549d2"
	  "f838029e39312523a78662d5be7fcbcc98ebf5" },
	/* Linux crypto/testmgr.h (c7942ef54673) cts_mode_tv_template[4] (RFC 3962 Appendix B) */
	{ "cts(cbc(aes))",
	  "636869636b656e207465726979616b69",
	  "00000000000000000000000000000000",
	  "4920776f756c64206c696b65207468652047656e6572616c20476175"
	  "277320436869636b656e2c20706c656173652c20",
	  "97687268d6ecccc0c07b25e25ecfe5849dad8bbb96c4cdc03bc103e1"
	  "a194bbd839312523a78662d5be7fcbcc98ebf5a8" },
	/* Linux crypto/testmgr.h (c7942ef54673) cts_mode_tv_template[5] (RFC 3962 Appendix B) */
	{ "cts(cbc(aes))",
	  "636869636b656e207465726979616b69",
	  "00000000000000000000000000000000",
	  "4920776f756c64206c696b65207468652047656e6572616c20476175"
	  "277320436869636b656e2c20706c656173652c20616e6420776f6e74"
	  "6f6e20736f75702e",
	  "97687268d6ecccc0c07b25e25ecfe58439312523a78662d5be7fcbcc"
	  "98ebf5a84807efe836ee89a526730dbc2f7bc8409dad8bbb96c4cdc0"
	  "3bc103e1a194bbd8" },
	{ NULL, NULL, NULL, NULL, NULL },
};

const struct cryptarch_template cryptarch_cts_template = {
	.name = "cts",
	.type = &cryptarch_type_skcipher,
	.nargs = 1,
	.args = { &cryptarch_type_skcipher },
	.over = "cbc",
	.blocksize = 16,
	.ivsize = 16,
	.ops = &(const struct cryptarch_skcipher_ops){
		.encrypt = cts_encrypt,
		.decrypt = cts_decrypt,
		.check = cryptarch_skcipher_check_one_block,
	},
	.kats = kats,
};
