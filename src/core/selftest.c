/* SPDX-License-Identifier: MIT */
/*
 * selftest.c - the known-answer self-test that an implementation must pass
 * before it is ever chosen (as the kernel's testmgr): for every key size,
 * encryption and decryption of one block; each mode's vectors through the
 * template over the single-block functions and, where the implementation
 * has them, through its bulk functions; and, since the KATs are short, the
 * bulk functions against the template (itself checked by the KATs) over a
 * long buffer with a partial tail, in place, for every key size. The
 * vectors below are copied from tests/vectors/, which cites their sources.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../modes/mode.h"
#include "handle.h"
#include "hex.h"
#include "memzero.h"
#include "registry.h"

struct kat {
	const char *cipher;
	int mode;
	const char *key, *iv, *pt, *ct;
};

static const struct kat kats[] = {
	/* FIPS-197 Appendix C.1 AES-128 */
	{ "aes", CRYPTARCH_MODE_ECB,
	  "000102030405060708090a0b0c0d0e0f",
	  NULL,
	  "00112233445566778899aabbccddeeff",
	  "69c4e0d86a7b0430d8cdb78070b4c55a" },
	/* FIPS-197 Appendix C.2 AES-192 */
	{ "aes", CRYPTARCH_MODE_ECB,
	  "000102030405060708090a0b0c0d0e0f1011121314151617",
	  NULL,
	  "00112233445566778899aabbccddeeff",
	  "dda97ca4864cdfe06eaf70a0ec0d7191" },
	/* FIPS-197 Appendix C.3 AES-256 */
	{ "aes", CRYPTARCH_MODE_ECB,
	  "000102030405060708090a0b0c0d0e0f101112131415161718191a1b"
	  "1c1d1e1f",
	  NULL,
	  "00112233445566778899aabbccddeeff",
	  "8ea2b7ca516745bfeafc49904b496089" },
	/* NIST SP 800-38A Appendix F.2.1 CBC-AES128.Encrypt */
	{ "aes", CRYPTARCH_MODE_CBC,
	  "2b7e151628aed2a6abf7158809cf4f3c",
	  "000102030405060708090a0b0c0d0e0f",
	  "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac"
	  "45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17"
	  "ad2b417be66c3710",
	  "7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a"
	  "917678b273bed6b8e3c1743b7116e69e222295163ff1caa1681fac09"
	  "120eca307586e1a7" },
	/* NIST SP 800-38A Appendix F.2.5 CBC-AES256.Encrypt */
	{ "aes", CRYPTARCH_MODE_CBC,
	  "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a3"
	  "0914dff4",
	  "000102030405060708090a0b0c0d0e0f",
	  "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac"
	  "45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17"
	  "ad2b417be66c3710",
	  "f58c4c04d6e5f1ba779eabfb5f7bfbd69cfc4e967edb808d679f777b"
	  "c6702c7d39f23369a9d9bacfa530e26304231461b2eb05e2c39be9fc"
	  "da6c19078c6a9d1b" },
	/* NIST SP 800-38A Appendix F.5.1 CTR-AES128.Encrypt */
	{ "aes", CRYPTARCH_MODE_CTR,
	  "2b7e151628aed2a6abf7158809cf4f3c",
	  "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff",
	  "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac"
	  "45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17"
	  "ad2b417be66c3710",
	  "874d6191b620e3261bef6864990db6ce9806f66b7970fdff8617187b"
	  "b9fffdff5ae4df3edbd5d35e5b4f09020db03eab1e031dda2fbe03d1"
	  "792170a0f3009cee" },
	/* NIST SP 800-38A Appendix F.5.5 CTR-AES256.Encrypt */
	{ "aes", CRYPTARCH_MODE_CTR,
	  "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a3"
	  "0914dff4",
	  "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff",
	  "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac"
	  "45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17"
	  "ad2b417be66c3710",
	  "601ec313775789a5b7a7f504bbf3d228f443e3ca4d62b59aca84e990"
	  "cacaf5c52b0930daa23de94ce87017ba2d84988ddfc9c58db67aada6"
	  "13c2dd08457941a6" },
	/* IEEE Std 1619-2007 Annex B, XTS-AES-128 test vector 2 */
	{ "aes", CRYPTARCH_MODE_XTS,
	  "11111111111111111111111111111111222222222222222222222222"
	  "22222222",
	  "33333333330000000000000000000000",
	  "44444444444444444444444444444444444444444444444444444444"
	  "44444444",
	  "c454185e6a16936e39334038acef838bfb186fff7480adc4289382ec"
	  "d6d394f0" },
	/* IEEE Std 1619-2007 Annex B, XTS-AES-128 test vector 15 */
	{ "aes", CRYPTARCH_MODE_XTS,
	  "fffefdfcfbfaf9f8f7f6f5f4f3f2f1f0bfbebdbcbbbab9b8b7b6b5b4"
	  "b3b2b1b0",
	  "9a785634120000000000000000000000",
	  "000102030405060708090a0b0c0d0e0f10",
	  "6c1625db4671522d3d7599601de7ca09ed" },
	/* Twofish paper (Schneier et al., 1998) Appendix B.1, KEYSIZE=128 */
	{ "twofish", CRYPTARCH_MODE_ECB,
	  "00000000000000000000000000000000",
	  NULL,
	  "00000000000000000000000000000000",
	  "9f589f5cf6122c32b6bfec2f2ae8c35a" },
	/* Twofish paper (Schneier et al., 1998) Appendix B.1, KEYSIZE=192 */
	{ "twofish", CRYPTARCH_MODE_ECB,
	  "0123456789abcdeffedcba98765432100011223344556677",
	  NULL,
	  "00000000000000000000000000000000",
	  "cfd1d2e5a9be9cdf501f13b892bd2248" },
	/* Twofish paper (Schneier et al., 1998) Appendix B.1, KEYSIZE=256 */
	{ "twofish", CRYPTARCH_MODE_ECB,
	  "0123456789abcdeffedcba987654321000112233445566778899aabb"
	  "ccddeeff",
	  NULL,
	  "00000000000000000000000000000000",
	  "37527be0052334b89f0cfccae87cfa20" },
	/* Linux v6.1.12 crypto/testmgr.h tf_cbc_tv_template[3] */
	{ "twofish", CRYPTARCH_MODE_CBC,
	  "00000000000000000000000000000000",
	  "00000000000000000000000000000000",
	  "00000000000000000000000000000000000000000000000000000000"
	  "0000000000000000000000000000000000000000",
	  "9f589f5cf6122c32b6bfec2f2ae8c35ad491db16e7b1c39e86cb086b"
	  "789f541905ef8c61a811582634ba5cb7106aa641" },
	/* Linux v6.1.12 crypto/testmgr.h tf_ctr_tv_template[2] */
	{ "twofish", CRYPTARCH_MODE_CTR,
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
	/* Linux v6.1.12 crypto/testmgr.h tf_xts_tv_template[1] */
	{ "twofish", CRYPTARCH_MODE_XTS,
	  "11111111111111111111111111111111222222222222222222222222"
	  "22222222",
	  "33333333330000000000000000000000",
	  "44444444444444444444444444444444444444444444444444444444"
	  "44444444",
	  "570e8fe52a35614f32d3bd360515442c5806f7f800a8b6d5c62892db"
	  "d834a2e9" },
};

#define MAXLEN 512
#define LONG_LEN (37 * 16 + 7) /* many blocks and a partial one */

/* Decode trusted vector text; a malformed vector fails the test. */
static size_t unhex(uint8_t *out, size_t max, const char *hex)
{
	size_t n = 0;

	return cryptarch_unhex(out, max, hex, &n) == 0 ? n : 0;
}

/* Key contexts for one instance: data key and, for xts, the tweak key. */
struct inst {
	struct cryptarch_mode_inst m;
	void *ctx;
	size_t one;
};

static int inst_init(struct inst *in, const struct cryptarch_alg *alg,
		     int mode, int bulk, const uint8_t *key, size_t keylen)
{
	unsigned nkeys = cryptarch_modes[mode]->nkeys;
	size_t half = keylen / nkeys;
	unsigned i;

	in->one = cryptarch_ctx_round(alg->ctxsize);
	in->ctx = cryptarch_ctx_alloc(in->one * nkeys);
	if (!in->ctx)
		return -ENOMEM;
	in->m.alg = alg;
	in->m.bulk = bulk ? alg->bulk : NULL;
	in->m.ctx = in->ctx;
	in->m.ctx2 = nkeys > 1 ? (uint8_t *)in->ctx + in->one : NULL;
	for (i = 0; i < nkeys; i++)
		if (alg->setkey((uint8_t *)in->ctx + i * in->one,
				key + i * half, half))
			return -EIO;
	return 0;
}

static void inst_done(struct inst *in, int mode)
{
	cryptarch_ctx_free(in->ctx, in->one * cryptarch_modes[mode]->nkeys);
	in->ctx = NULL;
}

/* Run one direction of MODE in place over BUF, with a copy of IV. */
static int run(const struct inst *in, int mode, int enc, uint8_t *buf,
	       size_t len, const uint8_t *iv)
{
	const struct cryptarch_mode *md = cryptarch_modes[mode];
	uint8_t ivc[16] = { 0 };

	if (iv)
		memcpy(ivc, iv, 16);
	return (enc ? md->encrypt : md->decrypt)(&in->m, buf, buf, len, ivc);
}

static int check_kat(const struct cryptarch_alg *alg, const struct kat *k,
		     int bulk)
{
	uint8_t key[64], iv[16], pt[MAXLEN], ct[MAXLEN], buf[MAXLEN];
	size_t keylen, len;
	struct inst in = { 0 };
	int err = 0;

	keylen = unhex(key, sizeof(key), k->key);
	if (k->iv)
		unhex(iv, sizeof(iv), k->iv);
	len = unhex(pt, sizeof(pt), k->pt);
	unhex(ct, sizeof(ct), k->ct);
	if (inst_init(&in, alg, k->mode, bulk, key, keylen)) {
		err = -EIO;
		goto out;
	}
	if (k->mode == CRYPTARCH_MODE_ECB && len == 16) {
		/* The single-block functions, out of place and in place. */
		alg->encrypt(in.ctx, buf, pt);
		err |= memcmp(buf, ct, 16);
		alg->decrypt(in.ctx, buf, buf);
		err |= memcmp(buf, pt, 16);
	}
	memcpy(buf, pt, len);
	err |= run(&in, k->mode, 1, buf, len, k->iv ? iv : NULL);
	err |= memcmp(buf, ct, len);
	err |= run(&in, k->mode, 0, buf, len, k->iv ? iv : NULL);
	err |= memcmp(buf, pt, len);
out:
	inst_done(&in, k->mode);
	cryptarch_memzero(key, sizeof(key));
	return err ? -EIO : 0;
}

/* Bulk instance against the template over a long buffer. */
static int check_bulk(const struct cryptarch_alg *alg, int mode,
		      size_t keylen)
{
	static uint8_t a[LONG_LEN], b[LONG_LEN];
	uint8_t key[64], iv[16];
	size_t i, len = LONG_LEN;
	struct inst t = { 0 }, u = { 0 };
	int err = 0, enc;

	if (mode == CRYPTARCH_MODE_ECB || mode == CRYPTARCH_MODE_CBC)
		len -= LONG_LEN % 16;
	keylen *= cryptarch_modes[mode]->nkeys;
	for (i = 0; i < keylen; i++)
		key[i] = (uint8_t)(i * 29 + 7);
	for (i = 0; i < 16; i++)
		iv[i] = (uint8_t)(0xf0 + i); /* ctr: wraps the low bytes */
	if (inst_init(&t, alg, mode, 0, key, keylen) ||
	    inst_init(&u, alg, mode, 1, key, keylen)) {
		err = -EIO;
		goto out;
	}
	for (enc = 1; enc >= 0; enc--) {
		for (i = 0; i < len; i++)
			a[i] = b[i] = (uint8_t)(i * 131 + 17);
		err |= run(&t, mode, enc, a, len, iv);
		err |= run(&u, mode, enc, b, len, iv);
		err |= memcmp(a, b, len);
	}
out:
	inst_done(&t, mode);
	inst_done(&u, mode);
	cryptarch_memzero(key, sizeof(key));
	return err ? -EIO : 0;
}

/* see registry.h */
int cryptarch_selftest_run(const struct cryptarch_alg *alg)
{
	static const size_t keylens[] = { 16, 24, 32 };
	int seen = 0, m, bulk;
	size_t i;

	for (i = 0; i < sizeof(kats) / sizeof(kats[0]); i++) {
		const struct kat *k = &kats[i];

		if (strcmp(k->cipher, alg->name) != 0)
			continue;
		seen++;
		for (bulk = 0; bulk <= 1; bulk++) {
			if (bulk && !cryptarch_alg_has_bulk(alg, k->mode))
				continue;
			if (check_kat(alg, k, bulk))
				return -EIO;
		}
	}
	if (!seen)
		return -EIO; /* a cipher without vectors is never trusted */
	for (m = 0; m < CRYPTARCH_MODE_COUNT; m++) {
		if (!cryptarch_alg_has_bulk(alg, m))
			continue;
		for (i = 0; i < 3; i++) {
			if (keylens[i] < alg->min_keysize ||
			    keylens[i] > alg->max_keysize)
				continue;
			if (check_bulk(alg, m, keylens[i]))
				return -EIO;
		}
	}
	return 0;
}
