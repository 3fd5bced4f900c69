// SPDX-License-Identifier: MIT
/*
 * provider-overhead - what a request costs through the OpenSSL provider
 * (cryptarch.so, driven by EVP) against the same request through the
 * library's own API, on the same implementation, in one process.
 *
 * For each cipher and request size it opens the cipher through the module
 * (propquery provider=cryptarch), reads the driver that serves the context
 * (the provider's gettable "cryptarch-driver" parameter), opens the same
 * name with cryptarch_skcipher_new() (or _aead_new()) under the same
 * default policy and checks that selection chose the same driver, so both
 * sides run the same code. (GCM: the module streams over the library's
 * ctr and ghash halves, so where the library would choose a whole-AEAD
 * driver the direct side opens the module's instance by its name,
 * gcm_base(ctr-...,ghash-...), and says so.) Each side is timed by bench/harness.c for
 * ROUNDS alternating rounds; the median of each side's best-batch figure
 * is printed, in TSC cycles per request where the machine has a TSC,
 * else nanoseconds, with the ratio provider / direct. The same EVP calls
 * through OpenSSL's default provider are timed in the same rounds (column
 * "default"): that is what EVP itself costs per call with OpenSSL's own
 * implementation behind it.
 *
 * A request is what a program does per message:
 *   skcipher: EVP_EncryptInit_ex2(ctx, NULL, NULL, iv, NULL) and one
 *             EVP_EncryptUpdate of LEN bytes (in place), against
 *             cryptarch_skcipher_encrypt(tfm, buf, buf, LEN, iv);
 *   "stream": one EVP_EncryptUpdate alone, the context's IV running on
 *             (what `openssl speed -evp` times), against the same direct
 *             call;
 *   gcm:      init with the 12-byte IV, EVP_EncryptUpdate, EVP_EncryptFinal_ex
 *             and the tag read with EVP_CTRL_AEAD_GET_TAG, against
 *             cryptarch_aead_encrypt() writing the same ciphertext and tag.
 * Nothing here is judged; it is a benchmark (`make bench` does not run it;
 * README, "OpenSSL provider", gives the command).
 *
 *   provider-overhead [-s SECONDS] [-r ROUNDS] MODULE_DIR
 *
 * This file measures; it is not part of the library and has no secrets to
 * keep (keys are fixed bytes).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/provider.h>

#include "cryptarch.h"
#include "harness.h"

#define MAXLEN 8192
#define MAXROUNDS 31

enum kind { SK, SK_STREAM, AEAD };

struct job {
	const char *evp;      /* OpenSSL's name */
	const char *name;     /* the library's name for it */
	size_t keylen;
	enum kind kind;
};

static const struct job jobs[] = {
	{ "AES-128-CTR", "ctr(aes)", 16, SK },
	{ "AES-128-CTR", "ctr(aes)", 16, SK_STREAM },
	{ "AES-128-CBC", "cbc(aes)", 16, SK },
	{ "AES-128-CBC", "cbc(aes)", 16, SK_STREAM },
	{ "AES-128-XTS", "xts(aes)", 32, SK },
	{ "AES-128-GCM", "gcm(aes)", 16, AEAD },
	{ "AES-256-GCM", "gcm(aes)", 32, AEAD },
};

static const size_t sizes[] = { 16, 8192 };

struct side {
	EVP_CIPHER_CTX *ctx;
	cryptarch_skcipher *sk;
	cryptarch_aead *ad;
	enum kind kind;
	size_t len;
	unsigned char *buf;
	unsigned char iv[16];
	unsigned char tag[16];
};

static void evp_call(void *arg)
{
	struct side *s = arg;
	int outl;

	if (s->kind != SK_STREAM &&
	    !EVP_EncryptInit_ex2(s->ctx, NULL, NULL, s->iv, NULL))
		abort();
	if (!EVP_EncryptUpdate(s->ctx, s->buf, &outl, s->buf, (int)s->len))
		abort();
	if (s->kind == AEAD &&
	    (!EVP_EncryptFinal_ex(s->ctx, s->buf + s->len, &outl) ||
	     !EVP_CIPHER_CTX_ctrl(s->ctx, EVP_CTRL_AEAD_GET_TAG, 16, s->tag)))
		abort();
}

static void direct_call(void *arg)
{
	struct side *s = arg;

	if (s->kind == AEAD) {
		/* ciphertext and tag in one buffer, as the API writes them */
		if (cryptarch_aead_encrypt(s->ad, s->buf, s->buf, s->len,
					   s->iv, 12, NULL, 0))
			abort();
	} else if (cryptarch_skcipher_encrypt(s->sk, s->buf, s->buf, s->len,
					      s->iv)) {
		abort();
	}
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof(*v), cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static double cost(const struct harness_result *r)
{
	return harness_have_cycles() ? r->best_cycles : r->best_ns;
}

/* The driver serving CTX, from the provider's parameter. */
static int ctx_driver(EVP_CIPHER_CTX *ctx, char *out, size_t n)
{
	OSSL_PARAM p[2];

	p[0] = OSSL_PARAM_construct_utf8_string("cryptarch-driver", out, n);
	p[1] = OSSL_PARAM_construct_end();
	return EVP_CIPHER_CTX_get_params(ctx, p) &&
	       OSSL_PARAM_modified(&p[0]);
}

static int run_job(OSSL_LIB_CTX *lib, const struct job *j, size_t len,
		   double seconds, int rounds)
{
	static unsigned char key[64];
	struct side evp = { 0 }, dir = { 0 }, def = { 0 };
	double pv[MAXROUNDS], dv[MAXROUNDS], fv[MAXROUNDS], p, d, f;
	struct harness_result r;
	char driver[128] = "";
	const char *mine;
	EVP_CIPHER *c, *dc = NULL;
	int i, ret = 1, err;

	c = EVP_CIPHER_fetch(lib, j->evp, "provider=cryptarch");
	if (!c) {
		printf("%-12s %-7s %5zu  not offered by the module\n", j->evp,
		       j->kind == SK_STREAM ? "stream" : "request", len);
		return 0;
	}
	for (i = 0; i < 64; i++)
		key[i] = (unsigned char)(i * 7 + 1);
	evp.kind = dir.kind = def.kind = j->kind;
	evp.len = dir.len = def.len = len;
	evp.buf = calloc(1, MAXLEN + 16);
	dir.buf = calloc(1, MAXLEN + 16);
	def.buf = calloc(1, MAXLEN + 16);
	evp.ctx = EVP_CIPHER_CTX_new();
	def.ctx = EVP_CIPHER_CTX_new();
	dc = EVP_CIPHER_fetch(lib, j->evp, "provider=default");
	if (!evp.buf || !dir.buf || !def.buf || !evp.ctx || !def.ctx || !dc)
		goto out;
	memset(evp.iv, 0x5a, sizeof(evp.iv));
	memcpy(dir.iv, evp.iv, sizeof(dir.iv));
	memcpy(def.iv, evp.iv, sizeof(def.iv));
	if (!EVP_EncryptInit_ex2(evp.ctx, c, key, evp.iv, NULL) ||
	    !EVP_EncryptInit_ex2(def.ctx, dc, key, def.iv, NULL))
		goto out;
	EVP_CIPHER_CTX_set_padding(evp.ctx, 0);
	EVP_CIPHER_CTX_set_padding(def.ctx, 0);
	if (!ctx_driver(evp.ctx, driver, sizeof(driver))) {
		fprintf(stderr, "%s: no cryptarch-driver parameter\n", j->evp);
		goto out;
	}
	if (j->kind == AEAD) {
		err = cryptarch_aead_new(&dir.ad, j->name, 0);
		if (!err)
			err = cryptarch_aead_setkey(dir.ad, key, j->keylen);
		mine = err ? NULL : cryptarch_aead_driver(dir.ad);
	} else {
		err = cryptarch_skcipher_new(&dir.sk, j->name, 0);
		if (!err)
			err = cryptarch_skcipher_setkey(dir.sk, key, j->keylen);
		mine = err ? NULL : cryptarch_skcipher_driver(dir.sk);
	}
	if (err) {
		fprintf(stderr, "%s: cannot open %s directly: %s\n", j->evp,
			j->name, strerror(-err));
		goto out;
	}
	if (strcmp(mine, driver) && j->kind == AEAD) {
		/* The module streams GCM over the library's ctr and ghash
		 * halves, where the library's own choice may be a whole-AEAD
		 * driver: the same halves, as the library's template
		 * instance, are what the module's cost is measured against. */
		fprintf(stderr,
			"%s: the module runs %s, the library %s: measured "
			"against the library's %s\n",
			j->evp, driver, mine, driver);
		cryptarch_aead_free(dir.ad);
		dir.ad = NULL;
		err = cryptarch_aead_new(&dir.ad, driver, 0);
		if (!err)
			err = cryptarch_aead_setkey(dir.ad, key, j->keylen);
		if (err) {
			fprintf(stderr, "%s: cannot open %s directly: %s\n",
				j->evp, driver, strerror(-err));
			goto out;
		}
		mine = cryptarch_aead_driver(dir.ad);
	}
	if (strcmp(mine, driver)) {
		fprintf(stderr, "%s: the module runs %s, the library %s\n",
			j->evp, driver, mine);
		goto out;
	}
	for (i = 0; i < rounds; i++) {
		harness_run(evp_call, &evp, seconds, &r);
		pv[i] = cost(&r);
		harness_run(direct_call, &dir, seconds, &r);
		dv[i] = cost(&r);
		harness_run(evp_call, &def, seconds, &r);
		fv[i] = cost(&r);
	}
	p = median(pv, rounds);
	d = median(dv, rounds);
	f = median(fv, rounds);
	printf("%-12s %-7s %5zu  %9.1f %9.1f %6.3f %7.1f%%  %9.1f  %s\n",
	       j->evp, j->kind == SK_STREAM ? "stream" : "request", len, d, p,
	       p / d, 100.0 * (p - d) / d, f, driver);
	ret = 0;
out:
	EVP_CIPHER_CTX_free(evp.ctx);
	EVP_CIPHER_CTX_free(def.ctx);
	free(def.buf);
	EVP_CIPHER_free(dc);
	cryptarch_skcipher_free(dir.sk);
	cryptarch_aead_free(dir.ad);
	free(evp.buf);
	free(dir.buf);
	EVP_CIPHER_free(c);
	if (ret)
		fprintf(stderr, "%s: setup failed\n", j->evp);
	return ret;
}

static void usage(void)
{
	fprintf(stderr,
		"usage: provider-overhead [-s SECONDS] [-r ROUNDS] MODULE_DIR\n");
	exit(2);
}

int main(int argc, char **argv)
{
	double seconds = 0.1;
	int rounds = 7, i, failed = 0;
	OSSL_LIB_CTX *lib;
	OSSL_PROVIDER *prov, *deflt;
	char *end;

	for (i = 1; i < argc && argv[i][0] == '-'; i++) {
		if (!strcmp(argv[i], "-s") && i + 1 < argc) {
			seconds = strtod(argv[++i], &end);
			if (*end || !(seconds > 0 && seconds <= 10))
				usage();
		} else if (!strcmp(argv[i], "-r") && i + 1 < argc) {
			rounds = (int)strtol(argv[++i], &end, 10);
			if (*end || rounds < 1 || rounds > MAXROUNDS)
				usage();
		} else {
			usage();
		}
	}
	if (i != argc - 1)
		usage();
	lib = OSSL_LIB_CTX_new();
	if (!lib || !OSSL_PROVIDER_set_default_search_path(lib, argv[i]))
		return 1;
	prov = OSSL_PROVIDER_load(lib, "cryptarch");
	deflt = OSSL_PROVIDER_load(lib, "default");
	if (!prov || !deflt) {
		fprintf(stderr, "provider-overhead: cannot load cryptarch.so "
				"from %s\n", argv[i]);
		return 1;
	}
	printf("# per request, %s; median of %d alternating rounds of %.2f s\n",
	       harness_have_cycles() ? harness_cycle_source() : "nanoseconds",
	       rounds, seconds);
	printf("%-12s %-7s %5s  %9s %9s %6s %8s  %9s  %s\n", "cipher", "call",
	       "bytes", "direct", "provider", "ratio", "over", "default",
	       "driver");
	for (size_t k = 0; k < sizeof(jobs) / sizeof(jobs[0]); k++)
		for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++)
			failed |= run_job(lib, &jobs[k], sizes[s], seconds,
					  rounds);
	OSSL_PROVIDER_unload(prov);
	OSSL_PROVIDER_unload(deflt);
	OSSL_LIB_CTX_free(lib);
	return failed;
}
