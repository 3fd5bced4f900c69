/* SPDX-License-Identifier: MIT */
/*
 * cts.c - the CTS template over a CBC instance: CBC with ciphertext
 * stealing, the variant CS3 of NIST SP 800-38A Addendum (the kernel's
 * cts(cbc(aes)), RFC 3962 / RFC 8009): the last two ciphertext blocks are
 * swapped and the last one truncated to the length of the last plaintext
 * piece (1..16 bytes), so len >= 16 and any length above; len 16 is one
 * CBC block. Everything but the last two blocks runs through the CBC
 * instance in one request (its driver's hook: at CBC speed); the last two
 * are two more one-block requests. The iv is in/out as the kernel's:
 * afterwards it holds the next-to-last block of the ciphertext (the last
 * whole one). Constant-time exactly when the CBC instance is.
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
	 * last, and E(P(n) padded xor C(n-1)) takes its place. */
	memcpy(c, dst + off - 16, 16);
	memcpy(dst + off, c, d);
	err = cryptarch_skcipher_run(cbc, 0, dst + off - 16, p, 16, iv);
	cryptarch_memzero(p, sizeof(p));
	cryptarch_memzero(c, sizeof(c));
	return err;
}

static int cts_decrypt(const struct cryptarch_inst *m, uint8_t *dst,
		       const uint8_t *src, size_t len, uint8_t *iv)
{
	const struct cryptarch_inst *cbc = m->arg[0];
	uint8_t x[16], cn[16], prev[16], zero[16], e[16];
	size_t off, d;
	int err;

	if (len < 16)
		return -EINVAL;
	if (len == 16)
		return cryptarch_skcipher_run(cbc, 1, dst, src, 16, iv);
	off = (len - 1) / 16 * 16;
	d = len - off;
	memcpy(x, src + off - 16, 16); /* E(P(n) padded xor C(n-1)) */
	memset(cn, 0, sizeof(cn));
	memcpy(cn, src + off, d); /* C(n-1)'s first D bytes */
	/* all but the last two blocks; iv becomes C(n-2) */
	err = cryptarch_skcipher_run(cbc, 1, dst, src, off - 16, iv);
	if (err)
		return err;
	memcpy(prev, iv, 16);
	/* D(X) = P(n) padded xor C(n-1): with C(n-1)'s first D bytes, P(n);
	 * its other bytes complete C(n-1). */
	memset(zero, 0, sizeof(zero));
	err = cryptarch_skcipher_run(cbc, 1, e, x, 16, zero);
	if (err)
		goto out;
	xor_block(e, e, cn); /* first D bytes: P(n); the rest: C(n-1)'s */
	memcpy(cn + d, e + d, 16 - d); /* cn = C(n-1) */
	memcpy(dst + off, e, d);
	err = cryptarch_skcipher_run(cbc, 1, dst + off - 16, cn, 16, prev);
	memcpy(iv, x, 16);
out:
	cryptarch_memzero(e, sizeof(e));
	cryptarch_memzero(cn, sizeof(cn));
	cryptarch_memzero(prev, sizeof(prev));
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
	.ops = &(const struct cryptarch_skcipher_ops){ cts_encrypt,
						       cts_decrypt },
	.kats = kats,
};
