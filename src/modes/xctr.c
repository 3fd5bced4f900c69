/* SPDX-License-Identifier: MIT */
/*
 * xctr.c - the XCTR template (the HCTR2 paper, Crypto 2022 / Google's
 * hctr2 reference; the Linux kernel's xctr): keystream block i is
 * E(iv xor le128(i)) for i = 1, 2, ...; any length, a partial final block
 * using the first bytes of one more keystream block. One call is one
 * message: the iv is left unchanged, as the kernel's. Whole blocks go to
 * the driver's xctr hook (xctr.h) where there is one. Encryption and
 * decryption are the same operation. Keystream is wiped from the stack.
 * Constant-time exactly when the underlying implementation is.
 */
#include <errno.h>
#include <string.h>

#include "../core/endian.h"
#include "../core/memzero.h"
#include "../types/skcipher.h"
#include "xctr.h"

static int xctr_crypt(const struct cryptarch_inst *m, uint8_t *dst,
		      const uint8_t *src, size_t len, uint8_t *iv)
{
	const struct cryptarch_xctr_hooks *h = m->hook;
	const void *ctx = m->key[0];
	size_t i, n = len / 16, tail = len % 16;
	uint8_t ks[16];

	if (n && h) {
		h->crypt(ctx, dst, src, n, iv, 1);
	} else {
		for (i = 0; i < n; i++) {
			cryptarch_xctr_block(ks, iv, (uint64_t)i + 1);
			m->cipher->encrypt(ctx, ks, ks);
			xor_block(dst + 16 * i, src + 16 * i, ks);
		}
	}
	if (tail) {
		cryptarch_xctr_block(ks, iv, (uint64_t)n + 1);
		m->cipher->encrypt(ctx, ks, ks);
		for (i = 0; i < tail; i++)
			dst[16 * n + i] = src[16 * n + i] ^ ks[i];
	}
	if (tail || !h)
		cryptarch_memzero(ks, sizeof(ks));
	return 0;
}

static const struct cryptarch_kat kats[] = {
	/* Linux crypto/testmgr.h (c7942ef54673) aes_xctr_tv_template[0] */
	{ "xctr(aes)",
	  "9c8dc4bd7136dc827ca1caa3235adba4",
	  "8de7a56a958642debaea6e690333860f",
	  "bd",
	  "b9" },
	/* Linux crypto/testmgr.h (c7942ef54673) aes_xctr_tv_template[2] */
	{ "xctr(aes)",
	  "4403bf4c30f0a7d6bd54bb668ea60e8a",
	  "e6f726df8c3caa88cec1bd433b0962ad",
	  "3ce346b98f9d3f8deff253ab24e22908f87e1da66d867d6097639329"
	  "7194b4",
	  "d4a3c6b8c16f701a520ced4caf5156234845071034c5ba71e5f81ed8"
	  "cba6e7" },
	/* Linux crypto/testmgr.h (c7942ef54673) aes_xctr_tv_template[5] */
	{ "xctr(aes)",
	  "e5f1482e88dbc728a2555d2f9002dcd3f5d39e87d558304a",
	  "a64039f9636c2dd41b7105a4888611d3",
	  "b606ae151196c14444c298f9a80a0b",
	  "273b6840a95e746b746718f937eded" },
	/* Linux crypto/testmgr.h (c7942ef54673) aes_xctr_tv_template[6] */
	{ "xctr(aes)",
	  "c8a02767043feda5b40c51912d277733a5fc2a9f78d81c68",
	  "83991ae284caa9168dc42d1b67c88621",
	  "d62285b85d7e262ebe049d0c0391454a36",
	  "0f44a96272ec12263ac68326625eb71305" },
	/* Linux crypto/testmgr.h (c7942ef54673) aes_xctr_tv_template[9] */
	{ "xctr(aes)",
	  "05603a7e609046186c60baeb12d7bed1d3f610469df10cb473e39327"
	  "a82c13aa",
	  "f596d1b6cb44d8d03edb92800894cdd3",
	  "78",
	  "c5" },
	/* Linux crypto/testmgr.h (c7942ef54673) aes_xctr_tv_template[12] */
	{ "xctr(aes)",
	  "ede38be71c17bf4a02e2fc76acf53c005ddcfc83eb45b4cb596260ec"
	  "699c1645",
	  "e40e2b90d2fa942e10e5642b972815c7",
	  "e653ff600ec451e4934de555c5d9ad4852",
	  "ba2528f5cf319180da2b955f20cbfb9fc6" },
	/* Linux crypto/testmgr.h (c7942ef54673) aes_xctr_tv_template[16] */
	{ "xctr(aes)",
	  "32372b8f7bb123790552de05f1683f6ca4aebc21c2c6f0bd0f20b7a4"
	  "c5057b64",
	  "ff264e6748ddcffe420904985f1efa80",
	  "99dc3b1941f9ff6e76b503fa61edf84470b9f083806e317777e4c7b4"
	  "7702ab9182c6f87c4661036909a0f712b7816ca9105cbb55b344edb5"
	  "a2524871905dda400b7f4a116da73d8e1bcd9d4e758b7d87e5393432"
	  "1ee68d51d41fe31d50a022377cb0d9fbb6b216f66d26a04e8c6ae6b6"
	  "be4c7ce38810189011501990e7193fd031150f0696fea77bc3328869"
	  "a412e364023017746c887c9bd66d75df11867079487d343e3358078b"
	  "d250ac35154505b44d31971987234b8753dca91978f1bf35300414d4"
	  "cfb28c877ddb69c9cdfe403e8d665b61e5f02d87933a0c2b049805c2"
	  "564dc46ccd7a987ee22d7907919fdf2f72c98fcb0b871bb70486cb47"
	  "fa5d03",
	  "0b00f7f2c86aba9a0a97187a00a0dbf45e8e4ab7e051f175178bb4f1"
	  "5611059f2f2eba6704e1b4a5fc7c8cadc6b9d164cabd5dafdb65484f"
	  "1bb3945c0bd0eecdb57f438ad88b66ded29c1365a447a703c5a1468f"
	  "2f84bcef489d9db5bd43ffd2d27a5a13bfb4f60517cd0112f0352796"
	  "f4c165f769ef641b6e4ae877ce8301b760e6452acd414ab58ecc4593"
	  "f1d6645f3260e4294a826c8616e4ccdb5fc811a6fe88d6c3e55cbb67"
	  "eca57bf5a84f77255d0c2a99f9b9d1ae3c832a939b66ec682c93028a"
	  "8a1e2f500937195c2a3ac2cbcb898281b7bbef738bc9ae4296ef70c0"
	  "89c73e6a26c3e43953a9cf637d05f3ff5204f67f2396e9f7ffd650a3"
	  "0e2071" },
	{ NULL, NULL, NULL, NULL, NULL },
};

const struct cryptarch_template cryptarch_xctr_template = {
	.name = "xctr",
	.type = &cryptarch_type_skcipher,
	.nargs = 1,
	.args = { &cryptarch_type_cipher },
	.nkeys = 1,
	.ivsize = 16,
	.blocksize = 1, /* a stream mode: any length, as the kernel's */
	.ops = &(const struct cryptarch_skcipher_ops){ xctr_crypt, xctr_crypt },
	.kats = kats,
};
