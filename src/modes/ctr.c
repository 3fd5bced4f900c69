/* SPDX-License-Identifier: MIT */
/*
 * ctr.c - the CTR template (NIST SP 800-38A 6.5): the 16-byte counter block
 * is one 128-bit big-endian number, encrypted to keystream and incremented
 * per block, wrapping at 2^128 (the Linux kernel's ctr(aes)). Any length: a
 * partial final block uses the first bytes of one more keystream block, and
 * the counter is still incremented past it. Whole blocks go to the driver's
 * ctr hook (ctr.h) where there is one. Encryption and decryption are the same
 * operation. Many requests at once: the counter blocks of the short ones go
 * through one call of the driver's ecb hook (gather.h). Keystream is wiped
 * from the stack. Constant-time exactly when the underlying implementation
 * is.
 */
#include <errno.h>
#include <string.h>

#include "../core/memzero.h"
#include "../types/skcipher.h"
#include "cryptarch.h"
#include "ctr-inc.h"
#include "ctr.h"
#include "gather.h"

static int ctr_crypt(const struct cryptarch_inst *m, uint8_t *dst,
		     const uint8_t *src, size_t len, uint8_t *iv)
{
	const struct cryptarch_ctr_hooks *h = m->hook;
	const void *ctx = m->key[0];
	size_t i, n = len / 16, tail = len % 16;
	uint8_t ks[16];

	if (n && h) {
		h->crypt(ctx, dst, src, n, iv);
	} else {
		for (i = 0; i < n; i++) {
			m->cipher->encrypt(ctx, ks, iv);
			xor_block(dst + 16 * i, src + 16 * i, ks);
			ctr_add(iv, 1);
		}
	}
	if (tail) {
		m->cipher->encrypt(ctx, ks, iv);
		for (i = 0; i < tail; i++)
			dst[16 * n + i] = src[16 * n + i] ^ ks[i];
		ctr_add(iv, 1);
	}
	/* The keystream buffer holds key-dependent bytes only if it was
	 * used: a tail, or blocks without a hook. */
	if (tail || !h)
		cryptarch_memzero(ks, sizeof(ks));
	return 0;
}

/* The counter (HI, LO) as a block at P. Through the compiler's byte swap
 * where there is one: the byte-wise form of store64_be() here is merged
 * into a stack round trip that stalls every block. */
static inline void ctr_store(uint8_t *p, uint64_t hi, uint64_t lo)
{
#if defined(CRYPTARCH_LITTLE_ENDIAN) && defined(__GNUC__)
	hi = __builtin_bswap64(hi);
	lo = __builtin_bswap64(lo);
	memcpy(p, &hi, 8);
	memcpy(p + 8, &lo, 8);
#else
	store64_be(p, hi);
	store64_be(p + 8, lo);
#endif
}

/* X, hidden from the optimiser: the counter is secret (the key's
 * stream depends on it), and without this the compiler may count the
 * loop below by the counter instead of by the block index, a compare
 * on secret data that a constant-time checker rightly flags. */
static inline uint64_t ctr_opaque(uint64_t x)
{
#if defined(__GNUC__)
	__asm__("" : "+r"(x));
#endif
	return x;
}

/* Many requests: where the instance is a driver's ctr hook and the driver
 * has an ecb hook too, the counter blocks of the short requests (up to
 * GATHER_CTR_MAX bytes) are written back to back and encrypted by one call
 * of the ecb hook per GATHER_BLOCKS blocks, each request's iv advanced as
 * one call would; the others one call each. */
static void ctr_many(const struct cryptarch_inst *m, int op,
		     const struct cryptarch_request *req, size_t n)
{
	const struct cryptarch_ecb_hooks *e = gather_ecb_hooks(m);
	_Alignas(64) uint8_t ks[GATHER_BLOCKS * 16];
	size_t pend[GATHER_BLOCKS];
	size_t i, j, k, np = 0, used = 0, off, high = 0, nshort = 0;
	uint64_t hi, lo;

	(void)op;
	for (i = 0; i < n && nshort < 2; i++)
		nshort += req[i].len && req[i].len <= GATHER_CTR_MAX;
	if (e == NULL || e->encrypt == NULL || nshort < 2) {
		for (i = 0; i < n; i++)
			(void)ctr_crypt(m, req[i].dst, req[i].src, req[i].len,
					req[i].iv);
		return;
	}
	for (i = 0;; i++) {
		size_t len = i < n ? req[i].len : 0;
		size_t nb = (len + 15) / 16;

		if (i == n ||
		    (len <= GATHER_CTR_MAX && used + 16 * nb > sizeof(ks))) {
			if (used)
				e->encrypt(m->key[0], ks, ks, used / 16);
			for (k = 0, off = 0; k < np; k++) {
				const struct cryptarch_request *r =
					&req[pend[k]];
				const uint8_t *s = r->src;
				uint8_t *d = r->dst;

				for (j = 0; j + 16 <= r->len; j += 16)
					xor_block(d + j, s + j, ks + off + j);
				for (; j < r->len; j++)
					d[j] = s[j] ^ ks[off + j];
				off += 16 * ((r->len + 15) / 16);
			}
			high = used > high ? used : high;
			np = used = 0;
			if (i == n)
				break;
		}
		if (len == 0)
			continue;
		if (len > GATHER_CTR_MAX) {
			(void)ctr_crypt(m, req[i].dst, req[i].src, len,
					req[i].iv);
			continue;
		}
		hi = load64_be(req[i].iv);
		lo = load64_be(req[i].iv + 8);
		for (j = 0; j < nb; j++) {
			ctr_store(ks + used + 16 * j, hi, lo);
			ctr_add64(&hi, &lo, 1);
			lo = ctr_opaque(lo);
		}
		store64_be(req[i].iv, hi);
		store64_be(req[i].iv + 8, lo);
		pend[np++] = i;
		used += 16 * nb;
	}
	cryptarch_memzero(ks, high);
}

static const struct cryptarch_kat kats[] = {
	/* NIST SP 800-38A Appendix F.5.1 CTR-AES128.Encrypt */
	{ "ctr(aes)",
	  "2b7e151628aed2a6abf7158809cf4f3c",
	  "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff",
	  "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac"
	  "45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17"
	  "ad2b417be66c3710",
	  "874d6191b620e3261bef6864990db6ce9806f66b7970fdff8617187b"
	  "b9fffdff5ae4df3edbd5d35e5b4f09020db03eab1e031dda2fbe03d1"
	  "792170a0f3009cee" },
	/* NIST SP 800-38A Appendix F.5.5 CTR-AES256.Encrypt */
	{ "ctr(aes)",
	  "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a3"
	  "0914dff4",
	  "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff",
	  "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac"
	  "45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17"
	  "ad2b417be66c3710",
	  "601ec313775789a5b7a7f504bbf3d228f443e3ca4d62b59aca84e990"
	  "cacaf5c52b0930daa23de94ce87017ba2d84988ddfc9c58db67aada6"
	  "13c2dd08457941a6" },
	/* Linux v6.1.12 crypto/testmgr.h tf_ctr_tv_template[2] */
	{ "ctr(twofish)",
	  "85623f1cf9d61cf9d6b3906d4a906d4a2704e12704e1be9b78be9b78"
	  "55320f55",
	  "e22489ee53b81d5fc4298ef3359aff64",
	  "56ed841b8f26bd31c85ff66a01980ca33ad145dc730a7e15ac20b74e"
	  "e559f0871e9229c034cb62f96d049b0fa63dd448df760d8118af23ba"
	  "51e85cf38a21952cc337ce65fc70079e12a940d74be27910841bb226"
	  "bd54eb5ff68d01982fc63ad168ff730aa115ac43da4ee57c13871eb5"
	  "29c057ee62f990049b32c93dd46b02760da418af46dd51e87f168a21"
	  "b82cc35af165fc93079e35cc40d76e057910a71bb249e054eb82198d"
	  "24bb2fc65df468ff960aa138cf43da71087c13aa1eb54ce357ee851c"
	  "9027be32c960f76b02990da43bd246dd740b7f16ad21b84fe65af188"
	  "1f932ac135cc63fa6e059c10a73ed549e0770e8219b024bb52e95df4"
	  "8b22962dc438cf66fd71089f13aa41d84ce37a11851cb327be55ec60"
	  "f78e029930c73bd26900740ba216ad44db4fe67d14881fb62ac158ef"
	  "63fa91059c33ca3ed56c03770ea519b047de52e980178b22b92dc45b"
	  "f266fd94089f36cd41d86f067a11a81cb34ae155ec831a8e25bc30c7"
	  "5ef56900970ba239d044db72097d14ab1fb64de458ef861d9128bf33"
	  "ca61f86c039a0ea53cd347de750c8017ae22b950e75bf28920942bc2"
	  "36cd64fb6f069d11a83fd64ae1780f831ab125bc53ea5ef58c00972e"
	  "c539d067fe7209a014ab42d94de47b12861db428bf56ed61f88f039a"
	  "31c83cd36a01750ca317ae45dc50e77e158920b72bc259",
	  "dfdd69fab02efdfe709ec54bc9d4a130269b89a1ee43e05255174ec7"
	  "0e331ff19f8d409f24fd92a0bc8f35dd6738d8aacff848cafbe45c60"
	  "0141211238ab524fa85720e0216a170d0ef98e4942003c9414c0d08d"
	  "8a98eb29ecae9644c03c48dc2935252fe7116c68c8670a2ff407bef9"
	  "2c318740abb2b6fad2c96d5c50e9e67ee30ad2d56d8d649e70ce0376"
	  "dde0f08c84868b6afec7f9692efefcc2c41a5558b3bee27eed39426c"
	  "b442979aece10a0602c5039dc4481566356ac2c9a22630bbdb2dc808"
	  "2ba0291a236148ea800427aa6949e8e84a836b5aca7cd3b1b50bcc23"
	  "741fa987cdedc02dbfebcf162d2a2e1d96ba36114541dacea448808b"
	  "06f498898b230853f4d45a248bf84373d1eec4b0f8fe090c7505380b"
	  "7c81de9de461376363ad12d204b9ce455a1a6eb3782aa47486d0e3ff"
	  "da389cb5b8b1db382fc56ab4eb6e96e84380b551612d48aa0765118c"
	  "48e3907e783aec97053d84e7902baabd83290e1a81737be07a014a37"
	  "3b777f8d49a42f6ebe68990899aa4c1204ae1f773588f165060a0b4d"
	  "47f950385d71f96edeec61352c4c9650e828939c7e01c604b2d6bc6c"
	  "17ebc17d11e9438376aa53370c1d39895372097ed9851604a52c056f"
	  "170c6e66aa84a7d9e2d9c4eb433eb18d7c36c771709c10d8e8472a4d"
	  "fda1bce3b932e2c182acfeccc5c97f9ecf337adf6c829d" },
	{ NULL, NULL, NULL, NULL, NULL },
};

const struct cryptarch_template cryptarch_ctr_template = {
	.name = "ctr",
	.type = &cryptarch_type_skcipher,
	.nargs = 1,
	.args = { &cryptarch_type_cipher },
	.nkeys = 1,
	.ivsize = 16,
	.blocksize = 1, /* a stream mode: any length, as the kernel's */
	.ops = &(const struct cryptarch_skcipher_ops){
		.encrypt = ctr_crypt,
		.decrypt = ctr_crypt,
		.many = ctr_many,
	},
	.kats = kats,
};
