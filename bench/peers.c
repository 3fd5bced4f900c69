/* SPDX-License-Identifier: MIT */
/*
 * peers.c - the peer benchmark: cryptarch next to OpenSSL (EVP, AES only),
 * libgcrypt and nettle, for AES-128/256 and Twofish-128/256 in ECB, CBC
 * encryption, CBC decryption, CTR and XTS, timed by the same harness
 * (harness.c) in the same process. Each hardware configuration ("hw":
 * everything the CPU has; "nohw": hardware AES masked in every library;
 * "scalar": vector units masked too) is measured by one child process,
 * started with the masking variables in its environment, because OpenSSL
 * and nettle read theirs when they are loaded, before main(); every library
 * is measured inside that one child. The parent collects the children's
 * records over a pipe and prints one table (or JSON) with MB/s, cycles per
 * byte and the ratio of each row's time to the fastest peer's, or with
 * --headline only the comparisons that the project's targets name. Not
 * security code (fixed keys, nothing secret); needs no CPU feature. Example:
 * `peers --headline`, AMD EPYC (Zen 5) under a hypervisor, 2026-11-30:
 * AES-128 CBC encryption of 8192 bytes, aes-generic 4.60 TSC cycles/byte,
 * libgcrypt's table assembly 6.41 (more in bench/README.md).
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gcrypt.h>
#include <nettle/aes.h>
#include <nettle/cbc.h>
#include <nettle/ctr.h>
#include <nettle/nettle-meta.h>
#include <nettle/twofish.h>
#include <nettle/version.h>
#include <nettle/xts.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>

#include "cpu.h"
#include "cryptarch.h"
#include "aes-bound.h"
#include "handle.h"
#include "harness.h"
#include "profile.h"
#include "registry.h"
#include "report.h"

#ifndef PEERS_CFLAGS
#define PEERS_CFLAGS "unknown"
#endif
#ifndef PEERS_BUILD_TYPE
#define PEERS_BUILD_TYPE "unknown"
#endif

#define MAX_SIZES 16
#define MAX_SIZE (16u << 20)

/* ---- what is measured --------------------------------------------------- */

struct algdef {
	const char *name;   /* as printed and as given to --alg */
	const char *cipher; /* cryptarch cipher name */
	unsigned bits;
	int twofish;
};

static const struct algdef algs[] = {
	{ "aes-128", "aes", 128, 0 },
	{ "aes-256", "aes", 256, 0 },
	{ "twofish-128", "twofish", 128, 1 },
	{ "twofish-256", "twofish", 256, 1 },
};
#define NALGS (sizeof(algs) / sizeof(algs[0]))

enum mode {
	ECB,
	CBC_ENC,
	CBC_DEC,
	CTR,
	XTS,
	NMODES
};

static const char *const mode_names[NMODES] = {
	"ecb", "cbc-enc", "cbc-dec", "ctr", "xts",
};
/* The cryptarch mode of each, and its registry id. */
static const char *const mode_ca[NMODES] = {
	"ecb", "cbc", "cbc", "ctr", "xts",
};
static const enum cryptarch_mode_id mode_id[NMODES] = {
	CRYPTARCH_MODE_ECB, CRYPTARCH_MODE_CBC, CRYPTARCH_MODE_CBC,
	CRYPTARCH_MODE_CTR, CRYPTARCH_MODE_XTS,
};

enum lib {
	L_CRYPTARCH,
	L_OPENSSL,
	L_GCRYPT,
	L_NETTLE,
	NLIBS
};

static const char *const lib_names[NLIBS] = {
	"cryptarch",
	"openssl",
	"gcrypt",
	"nettle",
};

/*
 * Hardware configurations. Each names what it masks in every library:
 * OPENSSL_ia32cap bits (CPUID.1 ECX bit n is bit 32+n: 33 PCLMULQDQ,
 * 41 SSSE3, 57 AES-NI, 60 AVX; the word after ':' is CPUID.7 and is
 * cleared whole), OPENSSL_armcap (an absolute value: 1 = NEON only), the
 * libgcrypt hardware-feature names (unknown ones are refused by libgcrypt
 * and harmless), NETTLE_FAT_OVERRIDE (a list of features to use: "none"
 * matches nothing) and the cryptarch feature bits to disable, named in
 * CRYPTARCH_DISABLE from the core's table.
 */
struct config {
	const char *name;
	const char *what;
	const char *ia32cap; /* NULL: leave unset */
	const char *armcap;
	const char *nettle;
	const char *const *gcrypt_off;
	uint64_t cryptarch_off;
};

static const char *const gcrypt_vector[] = {
	"intel-aesni",
	"intel-vaes-vpclmul",
	"intel-pclmul",
	"intel-ssse3",
	"intel-sse4.1",
	"intel-avx",
	"intel-avx2",
	"intel-avx512",
	"intel-gfni",
	"intel-shaext",
	"intel-fast-vpgather",
	"arm-aes",
	"arm-pmull",
	"arm-neon",
	"arm-sha1",
	"arm-sha2",
	"ppc-vcrypto",
	"ppc-arch_2_07",
	"ppc-arch_3_00",
	"s390x-msa",
	"s390x-vx",
	NULL,
};

#define HW_AES_BITS                                                        \
	(CRYPTARCH_CPU_AESNI | CRYPTARCH_CPU_VAES | CRYPTARCH_CPU_PCLMUL | \
	 CRYPTARCH_CPU_VPCLMUL | CRYPTARCH_CPU_ARM_AES | CRYPTARCH_CPU_PMULL)

static const struct config configs[] = {
	{ "hw", "every CPU feature enabled", NULL, NULL, NULL, NULL, 0 },
	{ "nohw",
	  "hardware AES masked (OpenSSL keeps SSSE3; libgcrypt loses all "
	  "vector units)",
	  "~0x200000200000000", "1", "none", gcrypt_vector, HW_AES_BITS },
	{ "scalar", "hardware AES and vector units masked everywhere",
	  "~0x1200020200000000:0", "0", "none", gcrypt_vector, ~0ull },
};
#define NCONFIGS (sizeof(configs) / sizeof(configs[0]))

/* The comparisons the project's targets name (issue 2, section 7). */
struct hl_peer {
	const char *config, *lib, *note;
	int table; /* table-based: counts for "best table-based peer" */
};

struct hl_target {
	const char *label;
	double limit;
	int peer; /* index into peers, or -1: best table-based peer */
};

struct headline {
	const char *title;
	const char *alg, *mode;
	const char *driver; /* the driver the target names */
	unsigned flags;	    /* cryptarch's row: the selection under these */
	const char *config; /* where cryptarch's row comes from */
	struct hl_peer peers[5];
	struct hl_target targets[2];
};

static const struct headline headlines[] = {
	{ "AES-128 CBC encryption, table-based AES",
	  "aes-128",
	  "cbc-enc",
	  "aes-generic",
	  CRYPTARCH_ALLOW_VARIABLE_TIME,
	  "nohw",
	  { { "nohw", "gcrypt", "amd64 table assembly", 1 },
	    { "scalar", "openssl", "x86_64 table assembly", 1 },
	    { "nohw", "nettle", "x86_64 table assembly", 1 },
	    { "nohw", "openssl", "vpaes (SSSE3, constant-time)", 0 },
	    { NULL, NULL, NULL, 0 } },
	  { { "at least as fast as libgcrypt's table assembly", 1.00, 0 },
	    { "within 1.15x of the best table-based peer", 1.15, -1 } } },
	{ "AES-128 CTR, constant-time without AES-NI",
	  "aes-128",
	  "ctr",
	  "aes-ct64",
	  0,
	  "nohw",
	  { { "nohw", "openssl", "bsaes (bit-sliced SSSE3)", 0 },
	    { "nohw", "gcrypt", "amd64 tables, not constant-time", 1 },
	    { "nohw", "nettle", "tables, not constant-time", 1 },
	    { NULL, NULL, NULL, 0 } },
	  { { "within 3x of OpenSSL's bit-sliced path", 3.00, 0 },
	    { NULL, 0, 0 } } },
	{ "Twofish-128 CBC encryption",
	  "twofish-128",
	  "cbc-enc",
	  "twofish-generic",
	  CRYPTARCH_ALLOW_VARIABLE_TIME,
	  "nohw",
	  { { "nohw", "nettle", "C", 1 },
	    { "nohw", "gcrypt", "amd64 assembly", 1 },
	    { NULL, NULL, NULL, 0 } },
	  { { "at least as fast as nettle", 1.00, 0 },
	    { "within 1.2x of libgcrypt's assembly", 1.20, 1 } } },
};
#define NHEADLINES (sizeof(headlines) / sizeof(headlines[0]))

/* ---- options --------------------------------------------------------- */

struct opts {
	const char *argv0;
	double sec;
	const char *sec_arg;
	size_t sizes[MAX_SIZES];
	size_t nsizes;
	const char *sizes_arg;
	unsigned alg_mask, mode_mask, lib_mask, config_mask;
	const char *alg_arg, *mode_arg, *lib_arg;
	int json, all, headline, targets;
	const char *child; /* configuration this process measures */
	int fd;
};

static void usage(FILE *f)
{
	fprintf(f,
		"usage: peers [--headline | --targets] [--json] [--all] [--sec S]\n"
		"             [--sizes N,...] [--alg A,...] [--mode M,...]\n"
		"             [--lib L,...] [--config C,...]\n"
		"Without --headline: the whole table, then the headline\n"
		"comparisons at the largest size.\n"
		"  --headline  only the comparisons the targets name (configs\n"
		"              nohw and scalar, 8192 bytes, 1 s each)\n"
		"  --targets   the x86-64 speed targets (issue 5): every\n"
		"              algorithm and mode at 16 and 8192 bytes in all\n"
		"              configs, 0.2 s each, ratios to the best peer and\n"
		"              to the AES instruction bounds, verdicts\n"
		"  --json      JSON instead of text\n"
		"  --all       also every cryptarch instance, not only the\n"
		"              selected ones\n"
		"  --sec S     time budget per measurement (default 0.05;\n"
		"              1 with --headline)\n"
		"  --sizes     request sizes, multiples of 16 (default\n"
		"              16,256,1024,8192; 8192 with --headline)\n"
		"  --alg       aes-128 aes-256 twofish-128 twofish-256 aes\n"
		"              twofish all\n"
		"  --mode      ecb cbc-enc cbc-dec cbc ctr xts all\n"
		"  --lib       cryptarch openssl gcrypt nettle\n"
		"  --config    hw nohw scalar all (default all; nohw,scalar\n"
		"              with --headline)\n");
}

static void die_usage(const char *fmt, const char *arg)
{
	fprintf(stderr, "peers: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\n");
	usage(stderr);
	exit(2);
}

/* Match each comma-separated word of S against NAMES (N entries), plus the
 * aliases the caller handles through ALIAS; returns a bit mask. */
static unsigned parse_list(const char *s, const char *const *names, size_t n,
			   const char *what,
			   unsigned (*alias)(const char *w, size_t len))
{
	unsigned mask = 0;

	while (*s) {
		size_t len = strcspn(s, ","), i;
		unsigned m = 0;

		for (i = 0; i < n; i++)
			if (strlen(names[i]) == len &&
			    memcmp(names[i], s, len) == 0)
				m = 1u << i;
		if (!m && len == 3 && memcmp(s, "all", 3) == 0)
			m = (1u << n) - 1;
		if (!m && alias)
			m = alias(s, len);
		if (!m)
			die_usage(what, s);
		mask |= m;
		s += len;
		if (*s == ',')
			s++;
	}
	return mask;
}

static unsigned alg_alias(const char *w, size_t len)
{
	if (len == 3 && memcmp(w, "aes", 3) == 0)
		return 0x3;
	if (len == 7 && memcmp(w, "twofish", 7) == 0)
		return 0xc;
	return 0;
}

static unsigned mode_alias(const char *w, size_t len)
{
	if (len == 3 && memcmp(w, "cbc", 3) == 0)
		return (1u << CBC_ENC) | (1u << CBC_DEC);
	return 0;
}

static void parse_sizes(struct opts *o, const char *s)
{
	o->nsizes = 0;
	while (*s) {
		char *end;
		unsigned long v;

		errno = 0;
		v = strtoul(s, &end, 10);
		if (errno || end == s || (*end && *end != ',') || v == 0 ||
		    v % 16 || v > MAX_SIZE || o->nsizes == MAX_SIZES)
			die_usage("bad --sizes (multiples of 16, at most 16 "
				  "of them, up to 16 MiB): %s",
				  s);
		o->sizes[o->nsizes++] = v;
		s = *end ? end + 1 : end;
	}
	if (!o->nsizes)
		die_usage("empty --sizes%s", "");
}

static void parse_opts(struct opts *o, int argc, char **argv)
{
	const char *const cfg_names[] = { "hw", "nohw", "scalar" };
	int i;

	memset(o, 0, sizeof(*o));
	o->argv0 = argv[0];
	o->fd = -1;
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;
		int takes = 1;

		if (!strcmp(a, "--json"))
			o->json = 1, takes = 0;
		else if (!strcmp(a, "--all"))
			o->all = 1, takes = 0;
		else if (!strcmp(a, "--headline"))
			o->headline = 1, takes = 0;
		else if (!strcmp(a, "--targets"))
			o->targets = 1, takes = 0;
		else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			usage(stdout);
			exit(0);
		} else if (strcmp(a, "--sec") && strcmp(a, "--sizes") &&
			   strcmp(a, "--alg") && strcmp(a, "--mode") &&
			   strcmp(a, "--lib") && strcmp(a, "--config") &&
			   strcmp(a, "--child") && strcmp(a, "--fd"))
			die_usage("unknown option: %s", a);
		else if (!v)
			die_usage("missing value for %s", a);
		else if (!strcmp(a, "--sec"))
			o->sec_arg = v;
		else if (!strcmp(a, "--sizes"))
			o->sizes_arg = v;
		else if (!strcmp(a, "--alg"))
			o->alg_arg = v;
		else if (!strcmp(a, "--mode"))
			o->mode_arg = v;
		else if (!strcmp(a, "--lib"))
			o->lib_arg = v;
		else if (!strcmp(a, "--config"))
			o->config_mask = parse_list(v, cfg_names, NCONFIGS,
						    "unknown --config: %s",
						    NULL);
		else if (!strcmp(a, "--child"))
			o->child = v;
		else
			o->fd = atoi(v);
		i += takes;
	}

	o->sec = o->headline ? 1.0 : o->targets ? 0.2 : 0.05;
	if (o->sec_arg) {
		char *end;

		o->sec = strtod(o->sec_arg, &end);
		if (end == o->sec_arg || *end || !(o->sec >= 0) || o->sec > 60)
			die_usage("bad --sec (0 to 60 seconds): %s",
				  o->sec_arg);
	}
	parse_sizes(o, o->sizes_arg ? o->sizes_arg :
		       o->headline  ? "8192" :
		       o->targets   ? "16,8192" :
				      "16,256,1024,8192");
	o->alg_mask =
		o->alg_arg ? parse_list(o->alg_arg,
					(const char *const[]){
						algs[0].name, algs[1].name,
						algs[2].name, algs[3].name },
					NALGS, "unknown --alg: %s", alg_alias) :
			     (1u << NALGS) - 1;
	o->mode_mask = o->mode_arg ?
			       parse_list(o->mode_arg, mode_names, NMODES,
					  "unknown --mode: %s", mode_alias) :
			       (1u << NMODES) - 1;
	o->lib_mask = o->lib_arg ? parse_list(o->lib_arg, lib_names, NLIBS,
					      "unknown --lib: %s", NULL) :
				   (1u << NLIBS) - 1;
	if (!o->config_mask)
		o->config_mask = o->headline ? 0x6 : 0x7;
}

/* ---- measuring (child) --------------------------------------------------- */

struct bench {
	int lib, mode, err;
	size_t len;
	uint8_t *src, *dst;
	uint8_t iv[16];
	cryptarch_skcipher *ca;
	EVP_CIPHER_CTX *ossl;
	gcry_cipher_hd_t gc;
	const struct nettle_cipher *nmeta;
	void *nctx, *nctx2;
	harness_fn fn;
	char impl[96];
};

static void run_cryptarch(void *p)
{
	struct bench *b = p;
	int e;

	if (b->mode == CBC_DEC)
		e = cryptarch_skcipher_decrypt(b->ca, b->src, b->dst, b->len,
					       b->iv);
	else
		e = cryptarch_skcipher_encrypt(b->ca, b->src, b->dst, b->len,
					       b->iv);
	if (e)
		b->err = e;
}

static void run_openssl(void *p)
{
	struct bench *b = p;
	int outl = 0;

	if (!EVP_CipherUpdate(b->ossl, b->dst, &outl, b->src, (int)b->len) ||
	    outl != (int)b->len)
		b->err = -1;
}

static void run_gcrypt(void *p)
{
	struct bench *b = p;
	gcry_error_t e;

	/* One call is one XTS data unit, as in the other libraries. */
	if (b->mode == XTS)
		gcry_cipher_setiv(b->gc, b->iv, 16);
	if (b->mode == CBC_DEC)
		e = gcry_cipher_decrypt(b->gc, b->dst, b->len, b->src, b->len);
	else
		e = gcry_cipher_encrypt(b->gc, b->dst, b->len, b->src, b->len);
	if (e)
		b->err = -1;
}

static void run_nettle_ecb(void *p)
{
	struct bench *b = p;

	b->nmeta->encrypt(b->nctx, b->len, b->dst, b->src);
}

static void run_nettle_cbc_enc(void *p)
{
	struct bench *b = p;

	cbc_encrypt(b->nctx, b->nmeta->encrypt, 16, b->iv, b->len, b->dst,
		    b->src);
}

#if NETTLE_VERSION_MAJOR > 3 || NETTLE_VERSION_MINOR >= 8
#define HAVE_NETTLE_CBC_AES 1
static void run_nettle_cbc_aes128(void *p)
{
	struct bench *b = p;

	cbc_aes128_encrypt(b->nctx, b->iv, b->len, b->dst, b->src);
}

static void run_nettle_cbc_aes256(void *p)
{
	struct bench *b = p;

	cbc_aes256_encrypt(b->nctx, b->iv, b->len, b->dst, b->src);
}
#else
#define HAVE_NETTLE_CBC_AES 0
#endif

static void run_nettle_cbc_dec(void *p)
{
	struct bench *b = p;

	cbc_decrypt(b->nctx, b->nmeta->decrypt, 16, b->iv, b->len, b->dst,
		    b->src);
}

static void run_nettle_ctr(void *p)
{
	struct bench *b = p;

	ctr_crypt(b->nctx, b->nmeta->encrypt, 16, b->iv, b->len, b->dst,
		  b->src);
}

static void run_nettle_xts_aes128(void *p)
{
	struct bench *b = p;

	xts_aes128_encrypt_message(b->nctx, b->iv, b->len, b->dst, b->src);
}

static void run_nettle_xts_aes256(void *p)
{
	struct bench *b = p;

	xts_aes256_encrypt_message(b->nctx, b->iv, b->len, b->dst, b->src);
}

static void run_nettle_xts(void *p)
{
	struct bench *b = p;

	xts_encrypt_message(b->nctx, b->nctx2, b->nmeta->encrypt, b->iv, b->len,
			    b->dst, b->src);
}

/* Fixed key material: 64 bytes, so that XTS halves differ. */
static uint8_t key[64];

static void fill(uint8_t *p, size_t n, uint32_t seed)
{
	size_t i;

	for (i = 0; i < n; i++) {
		seed ^= seed << 13;
		seed ^= seed >> 17;
		seed ^= seed << 5;
		p[i] = (uint8_t)seed;
	}
}

/* Set up B for cryptarch instance NAME under FLAGS. Returns 0, or -1 with
 * the reason in WHY. */
static int open_cryptarch(struct bench *b, const struct algdef *a,
			  const char *name, unsigned flags, char *why,
			  size_t whysz)
{
	size_t klen = a->bits / 8 * (b->mode == XTS ? 2 : 1);
	int e;

	e = cryptarch_skcipher_new(&b->ca, name, flags);
	if (e) {
		snprintf(why, whysz, "%s, %s: %s", name,
			 flags & CRYPTARCH_ALLOW_VARIABLE_TIME ?
				 "variable-time allowed" :
				 "constant-time",
			 cryptarch_strerror(e));
		return -1;
	}
	e = cryptarch_skcipher_setkey(b->ca, key, klen);
	if (e) {
		snprintf(why, whysz, "setkey: %s", cryptarch_strerror(e));
		cryptarch_skcipher_free(b->ca);
		b->ca = NULL;
		return -1;
	}
	/* The instance this direction and size use (a handle may encrypt
	 * and decrypt with different ones). */
	cryptarch_skcipher_slot(b->ca, b->mode == CBC_DEC,
				b->len > CRYPTARCH_PROFILE_SMALL_MAX, b->impl,
				sizeof(b->impl));
	b->fn = run_cryptarch;
	return 0;
}

static int open_openssl(struct bench *b, const struct algdef *a, char *why,
			size_t whysz)
{
	static const char *const suffix[NMODES] = {
		"ECB", "CBC", "CBC", "CTR", "XTS",
	};
	char name[32];
	EVP_CIPHER *c;
	int ok;

	if (a->twofish) {
		snprintf(why, whysz, "OpenSSL has no Twofish");
		return -1;
	}
	snprintf(name, sizeof(name), "AES-%u-%s", a->bits, suffix[b->mode]);
	c = EVP_CIPHER_fetch(NULL, name, NULL);
	if (!c) {
		snprintf(why, whysz, "EVP_CIPHER_fetch(%s) failed", name);
		return -1;
	}
	b->ossl = EVP_CIPHER_CTX_new();
	ok = b->ossl && EVP_CipherInit_ex2(b->ossl, c, key, b->iv,
					   b->mode != CBC_DEC, NULL);
	EVP_CIPHER_free(c);
	if (!ok) {
		snprintf(why, whysz, "EVP_CipherInit_ex2(%s) failed", name);
		EVP_CIPHER_CTX_free(b->ossl);
		b->ossl = NULL;
		return -1;
	}
	EVP_CIPHER_CTX_set_padding(b->ossl, 0);
	snprintf(b->impl, sizeof(b->impl), "EVP %s", name);
	b->fn = run_openssl;
	return 0;
}

static int open_gcrypt(struct bench *b, const struct algdef *a, char *why,
		       size_t whysz)
{
	static const int gmode[NMODES] = {
		GCRY_CIPHER_MODE_ECB, GCRY_CIPHER_MODE_CBC,
		GCRY_CIPHER_MODE_CBC, GCRY_CIPHER_MODE_CTR,
		GCRY_CIPHER_MODE_XTS,
	};
	int algo;
	size_t klen = a->bits / 8 * (b->mode == XTS ? 2 : 1);
	gcry_error_t e;

	if (a->twofish)
		algo = a->bits == 128 ? GCRY_CIPHER_TWOFISH128 :
					GCRY_CIPHER_TWOFISH;
	else
		algo = a->bits == 128 ? GCRY_CIPHER_AES128 : GCRY_CIPHER_AES256;
	e = gcry_cipher_open(&b->gc, algo, gmode[b->mode], 0);
	if (!e)
		e = gcry_cipher_setkey(b->gc, key, klen);
	if (!e && b->mode == CTR)
		e = gcry_cipher_setctr(b->gc, b->iv, 16);
	else if (!e && b->mode != ECB)
		e = gcry_cipher_setiv(b->gc, b->iv, 16);
	if (e) {
		snprintf(why, whysz, "libgcrypt: %s", gcry_strerror(e));
		if (b->gc)
			gcry_cipher_close(b->gc);
		b->gc = NULL;
		return -1;
	}
	snprintf(b->impl, sizeof(b->impl), "gcry_cipher_%scrypt",
		 b->mode == CBC_DEC ? "de" : "en");
	b->fn = run_gcrypt;
	return 0;
}

static int open_nettle(struct bench *b, const struct algdef *a, char *why,
		       size_t whysz)
{
	const struct nettle_cipher *m;
	size_t half = a->bits / 8;
	const char *fname;

	if (a->twofish)
		m = a->bits == 128 ? &nettle_twofish128 : &nettle_twofish256;
	else
		m = a->bits == 128 ? &nettle_aes128 : &nettle_aes256;
	b->nmeta = m;

	if (b->mode == XTS && !a->twofish) {
		/* nettle's AES XTS keys hold both halves. */
		b->nctx = malloc(a->bits == 128 ?
					 sizeof(struct xts_aes128_key) :
					 sizeof(struct xts_aes256_key));
		if (!b->nctx)
			goto nomem;
		if (a->bits == 128) {
			xts_aes128_set_encrypt_key(b->nctx, key);
			b->fn = run_nettle_xts_aes128;
			fname = "xts_aes128_encrypt_message";
		} else {
			xts_aes256_set_encrypt_key(b->nctx, key);
			b->fn = run_nettle_xts_aes256;
			fname = "xts_aes256_encrypt_message";
		}
		goto done;
	}

	b->nctx = malloc(m->context_size);
	if (!b->nctx)
		goto nomem;
	if (b->mode == CBC_DEC)
		m->set_decrypt_key(b->nctx, key);
	else
		m->set_encrypt_key(b->nctx, key);
	switch (b->mode) {
	case ECB:
		b->fn = run_nettle_ecb;
		fname = a->twofish     ? "twofish_encrypt" :
			a->bits == 128 ? "aes128_encrypt" :
					 "aes256_encrypt";
		break;
	case CBC_ENC:
		b->fn = run_nettle_cbc_enc;
		fname = "cbc_encrypt";
#if HAVE_NETTLE_CBC_AES
		if (!a->twofish && a->bits == 128) {
			b->fn = run_nettle_cbc_aes128;
			fname = "cbc_aes128_encrypt";
		} else if (!a->twofish) {
			b->fn = run_nettle_cbc_aes256;
			fname = "cbc_aes256_encrypt";
		}
#endif
		break;
	case CBC_DEC:
		b->fn = run_nettle_cbc_dec;
		fname = "cbc_decrypt";
		break;
	case CTR:
		b->fn = run_nettle_ctr;
		fname = "ctr_crypt";
		break;
	default: /* XTS, Twofish: two contexts, the tweak key second */
		b->nctx2 = malloc(m->context_size);
		if (!b->nctx2)
			goto nomem;
		m->set_encrypt_key(b->nctx2, key + half);
		b->fn = run_nettle_xts;
		fname = "xts_encrypt_message";
		break;
	}
done:
	snprintf(b->impl, sizeof(b->impl), "%s", fname);
	return 0;
nomem:
	snprintf(why, whysz, "out of memory");
	return -1;
}

static void close_bench(struct bench *b)
{
	cryptarch_skcipher_free(b->ca);
	EVP_CIPHER_CTX_free(b->ossl);
	if (b->gc)
		gcry_cipher_close(b->gc);
	free(b->nctx);
	free(b->nctx2);
	b->ca = NULL;
	b->ossl = NULL;
	b->gc = NULL;
	b->nctx = b->nctx2 = NULL;
}

/* The child's output: records for the parent, one per line, fields
 * separated by tabs (no field contains a tab or a newline):
 *   I cfg key value
 *   R cfg lib impl alg mode bytes best_ns best_cycles calls seconds
 *   U cfg lib impl alg mode reason
 */
static FILE *rec;
static const char *rec_cfg;

static void clean(char *s)
{
	for (; *s; s++)
		if (*s == '\t' || *s == '\n' || *s == '\r')
			*s = ' ';
}

static void info(const char *k, const char *v)
{
	char buf[512];

	snprintf(buf, sizeof(buf), "%s", v ? v : "");
	clean(buf);
	fprintf(rec, "I\t%s\t%s\t%s\n", rec_cfg, k, buf);
}

static void measure(const struct opts *o, const char *lib,
		    const struct algdef *a, int mode, struct bench *b, int ok,
		    const char *why)
{
	size_t i;

	if (!ok) {
		char buf[256];

		snprintf(buf, sizeof(buf), "%s", why);
		clean(buf);
		fprintf(rec, "U\t%s\t%s\t-\t%s\t%s\t%s\n", rec_cfg, lib,
			a->name, mode_names[mode], buf);
		fflush(rec);
		return;
	}
	if (isatty(2))
		fprintf(stderr, "\r%-7s %-12s %-8s %-10s %-28s", rec_cfg,
			a->name, mode_names[mode], lib, b->impl);
	for (i = 0; i < o->nsizes; i++) {
		struct harness_result r;

		b->len = o->sizes[i];
		b->err = 0;
		/* The instance this direction and size use (a handle may
		 * encrypt and decrypt, or serve short and long requests,
		 * with different ones). */
		if (b->ca)
			cryptarch_skcipher_slot(b->ca, b->mode == CBC_DEC,
						b->len >
							CRYPTARCH_PROFILE_SMALL_MAX,
						b->impl, sizeof(b->impl));
		harness_run(b->fn, b, o->sec, &r);
		if (b->err) {
			fprintf(rec,
				"U\t%s\t%s\t%s\t%s\t%s\tfailed at %zu "
				"bytes (%d)\n",
				rec_cfg, lib, b->impl, a->name,
				mode_names[mode], b->len, b->err);
			break;
		}
		fprintf(rec,
			"R\t%s\t%s\t%s\t%s\t%s\t%zu\t%.9g\t%.9g\t%llu\t"
			"%.9g\n",
			rec_cfg, lib, b->impl, a->name, mode_names[mode],
			b->len, r.best_ns, r.best_cycles, r.calls, r.seconds);
	}
	fflush(rec);
}

static void bench_one(const struct opts *o, const struct algdef *a, int mode,
		      int lib, const char *name, unsigned flags,
		      const char *label, uint8_t *src, uint8_t *dst)
{
	struct bench b;
	char why[192] = "";
	int ok;

	memset(&b, 0, sizeof(b));
	b.mode = mode;
	b.src = src;
	b.dst = dst;
	fill(b.iv, sizeof(b.iv), 0x1234567u);
	switch (lib) {
	case L_CRYPTARCH:
		ok = !open_cryptarch(&b, a, name, flags, why, sizeof(why));
		break;
	case L_OPENSSL:
		ok = !open_openssl(&b, a, why, sizeof(why));
		break;
	case L_GCRYPT:
		ok = !open_gcrypt(&b, a, why, sizeof(why));
		break;
	default:
		ok = !open_nettle(&b, a, why, sizeof(why));
		break;
	}
	measure(o, label, a, mode, &b, ok, why);
	close_bench(&b);
}

/* The driver name cryptarch selects for NAME under FLAGS, or "". */
static void selected(const char *name, unsigned flags, char *out, size_t n)
{
	cryptarch_skcipher *t;

	out[0] = '\0';
	if (cryptarch_skcipher_new(&t, name, flags) == 0) {
		snprintf(out, n, "%s", cryptarch_skcipher_driver(t));
		cryptarch_skcipher_free(t);
	}
}

/* 1 if the instance name IMPL ("cbc(aes-generic)", "ctr-aes-ct64") is an
 * instance of DRIVER. */
static int uses_driver(const char *impl, const char *driver)
{
	const char *p = strstr(impl, driver);
	size_t n = strlen(driver);

	return p && p > impl && (p[-1] == '(' || p[-1] == '-') &&
	       (p[n] == ')' || p[n] == '\0');
}

static void bench_cryptarch(const struct opts *o, const struct algdef *a,
			    int mode, const char *driver, unsigned flags,
			    uint8_t *src, uint8_t *dst)
{
	const unsigned vt = CRYPTARCH_ALLOW_VARIABLE_TIME;
	char name[64], sel[96], inst[96];
	size_t i;

	snprintf(name, sizeof(name), "%s(%s)", mode_ca[mode], a->cipher);
	bench_one(o, a, mode, L_CRYPTARCH, name, 0, "cryptarch-ct", src, dst);
	bench_one(o, a, mode, L_CRYPTARCH, name, vt, "cryptarch-vt", src, dst);

	/* The driver a target names, where the selection is another one
	 * (its bulk instance if it has one, else its template instance). */
	selected(name, flags, sel, sizeof(sel));
	if (driver && !uses_driver(sel, driver)) {
		const struct cryptarch_alg *alg = cryptarch_alg_find(driver);

		snprintf(inst, sizeof(inst),
			 alg && cryptarch_alg_has_bulk(alg, mode_id[mode]) ?
				 "%s-%s" :
				 "%s(%s)",
			 mode_ca[mode], driver);
		bench_one(o, a, mode, L_CRYPTARCH, inst, flags, "cryptarch",
			  src, dst);
	} else {
		inst[0] = '\0';
	}
	if (!o->all)
		return;
	for (i = 0; i < cryptarch_alg_count(); i++) {
		const struct cryptarch_alg *alg = cryptarch_alg_at(i);
		char list[2][96];
		int k, n = 1;

		if (strcmp(alg->name, a->cipher))
			continue;
		snprintf(list[0], sizeof(list[0]), "%s(%s)", mode_ca[mode],
			 alg->driver);
		if (cryptarch_alg_has_bulk(alg, mode_id[mode]))
			snprintf(list[n++], sizeof(list[1]), "%s-%s",
				 mode_ca[mode], alg->driver);
		for (k = 0; k < n; k++)
			if (strcmp(list[k], inst))
				bench_one(o, a, mode, L_CRYPTARCH, list[k], vt,
					  "cryptarch", src, dst);
	}
}

static void bench_combo(const struct opts *o, const struct algdef *a, int mode,
			const char *driver, unsigned flags, uint8_t *src,
			uint8_t *dst)
{
	int lib;

	for (lib = 0; lib < NLIBS; lib++) {
		if (!(o->lib_mask & (1u << lib)))
			continue;
		if (lib == L_CRYPTARCH)
			bench_cryptarch(o, a, mode, driver, flags, src, dst);
		else
			bench_one(o, a, mode, lib, NULL, 0, lib_names[lib], src,
				  dst);
	}
}

static const struct config *find_config(const char *name)
{
	size_t i;

	for (i = 0; i < NCONFIGS; i++)
		if (!strcmp(configs[i].name, name))
			return &configs[i];
	return NULL;
}

static int find_index(const char *const *names, size_t n, const char *s)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(names[i], s))
			return (int)i;
	return -1;
}

static int find_alg(const char *s)
{
	size_t i;

	for (i = 0; i < NALGS; i++)
		if (!strcmp(algs[i].name, s))
			return (int)i;
	return -1;
}

static int child_main(const struct opts *o)
{
	const struct config *c = find_config(o->child);
	size_t maxlen = 0, i;
	uint8_t *src, *dst;
	char buf[512];
	char *hwf;
	int m;

	if (!c || o->fd < 0)
		return 2;
	/* libgcrypt: masking must precede gcry_check_version. */
	for (i = 0; c->gcrypt_off && c->gcrypt_off[i]; i++)
		gcry_control(GCRYCTL_DISABLE_HWF, c->gcrypt_off[i], NULL);
	if (!gcry_check_version(NULL)) {
		fprintf(stderr, "peers: libgcrypt failed to initialise\n");
		return 1;
	}
	gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
	gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);

	rec = fdopen(o->fd, "w");
	if (!rec)
		return 1;
	rec_cfg = c->name;

	info("cycles", harness_cycle_source());
	info("openssl", OpenSSL_version(OPENSSL_VERSION_STRING));
	info("gcrypt", gcry_check_version(NULL));
	snprintf(buf, sizeof(buf), "%d.%d", nettle_version_major(),
		 nettle_version_minor());
	info("nettle", buf);
	info("cryptarch", CRYPTARCH_VERSION_STRING);
	info("env OPENSSL_ia32cap", getenv("OPENSSL_ia32cap"));
	info("env OPENSSL_armcap", getenv("OPENSSL_armcap"));
	info("env NETTLE_FAT_OVERRIDE", getenv("NETTLE_FAT_OVERRIDE"));
	info("env CRYPTARCH_DISABLE", getenv("CRYPTARCH_DISABLE"));
	buf[0] = '\0';
	for (i = 0; c->gcrypt_off && c->gcrypt_off[i]; i++) {
		size_t used = strlen(buf);

		snprintf(buf + used, sizeof(buf) - used, "%s%s",
			 used ? "," : "", c->gcrypt_off[i]);
	}
	info("gcrypt disabled", buf);
	hwf = gcry_get_config(0, "hwflist");
	if (hwf) {
		char *nl = strchr(hwf, '\n');

		/* "hwflist:name:name:...:" */
		if (nl)
			*nl = '\0';
		info("gcrypt hwflist", hwf);
		gcry_free(hwf);
	}
	cryptarch_cpu_format(cryptarch_cpu_detected(), buf, sizeof(buf));
	info("cryptarch detected", buf);
	cryptarch_cpu_format(cryptarch_cpu_features(), buf, sizeof(buf));
	info("cryptarch enabled", buf);
	info("cryptarch unknown", cryptarch_cpu_disable_unknown());
	fflush(rec);

	for (i = 0; i < o->nsizes; i++)
		if (o->sizes[i] > maxlen)
			maxlen = o->sizes[i];
	src = malloc(maxlen);
	dst = malloc(maxlen);
	if (!src || !dst)
		return 1;
	fill(src, maxlen, 0xc0ffeeu);
	memset(dst, 0, maxlen);
	fill(key, sizeof(key), 0x5eed1u);

	if (o->headline) {
		for (i = 0; i < NHEADLINES; i++) {
			const struct headline *h = &headlines[i];
			int ai = find_alg(h->alg);

			m = find_index(mode_names, NMODES, h->mode);
			bench_combo(o, &algs[ai], m, h->driver, h->flags, src,
				    dst);
		}
	} else {
		for (i = 0; i < NALGS; i++) {
			if (!(o->alg_mask & (1u << i)))
				continue;
			for (m = 0; m < NMODES; m++)
				if (o->mode_mask & (1u << m))
					bench_combo(o, &algs[i], m, NULL, 0,
						    src, dst);
		}
	}
	if (isatty(2))
		fprintf(stderr, "\r%-70s\r", "");
	free(src);
	free(dst);
	fclose(rec);
	return 0;
}

/* ---- collecting (parent) ------------------------------------------------ */

struct row {
	int cfg, alg, mode, seq, ok;
	char lib[24], impl[96], reason[256];
	size_t bytes;
	double ns, cyc, secs;
	unsigned long long calls;
	double ratio; /* time / best peer's time, or 0 */
};

struct kv {
	int cfg;
	char key[64], val[512];
};

static struct row *rows;
static size_t nrows, cap_rows;
static struct kv *kvs;
static size_t nkvs, cap_kvs;

static void *grow_array(void *p, size_t *cap, size_t n, size_t elem)
{
	if (n < *cap)
		return p;
	*cap = *cap ? *cap * 2 : 64;
	p = realloc(p, *cap * elem);
	if (!p) {
		fprintf(stderr, "peers: out of memory\n");
		exit(1);
	}
	return p;
}

static void copy(char *dst, size_t n, const char *src)
{
	snprintf(dst, n, "%s", src ? src : "");
}

static void parse_record(char *line)
{
	char *f[12];
	int n = 0, cfg;
	size_t i;

	line[strcspn(line, "\n")] = '\0';
	f[n++] = line;
	while (n < 12 && (line = strchr(line, '\t'))) {
		*line++ = '\0';
		f[n++] = line;
	}
	if (n < 4)
		return;
	cfg = -1;
	for (i = 0; i < NCONFIGS; i++)
		if (!strcmp(configs[i].name, f[1]))
			cfg = (int)i;
	if (cfg < 0)
		return;
	if (f[0][0] == 'I') {
		struct kv *k;

		kvs = grow_array(kvs, &cap_kvs, nkvs, sizeof(*kvs));
		k = &kvs[nkvs++];
		k->cfg = cfg;
		copy(k->key, sizeof(k->key), f[2]);
		copy(k->val, sizeof(k->val), f[3]);
	} else if ((f[0][0] == 'R' && n == 11) || (f[0][0] == 'U' && n == 7)) {
		struct row *r;

		rows = grow_array(rows, &cap_rows, nrows, sizeof(*rows));
		r = &rows[nrows];
		memset(r, 0, sizeof(*r));
		r->seq = (int)nrows++;
		r->cfg = cfg;
		copy(r->lib, sizeof(r->lib), f[2]);
		copy(r->impl, sizeof(r->impl), f[3]);
		r->alg = find_alg(f[4]);
		r->mode = find_index(mode_names, NMODES, f[5]);
		if (f[0][0] == 'U') {
			copy(r->reason, sizeof(r->reason), f[6]);
			return;
		}
		r->ok = 1;
		r->bytes = strtoul(f[6], NULL, 10);
		r->ns = strtod(f[7], NULL);
		r->cyc = strtod(f[8], NULL);
		r->calls = strtoull(f[9], NULL, 10);
		r->secs = strtod(f[10], NULL);
	}
}

static void set_env(const char *name, const char *value)
{
	if (value)
		setenv(name, value, 1);
	else
		unsetenv(name);
}

static void cryptarch_disable_list(uint64_t mask, char *buf, size_t n)
{
	const struct cryptarch_cpu_name *c;
	size_t used = 0;

	buf[0] = '\0';
	for (c = cryptarch_cpu_names; c->name; c++) {
		if (!(c->bit & mask))
			continue;
		snprintf(buf + used, n - used, "%s%s", used ? "," : "",
			 c->name);
		used = strlen(buf);
	}
}

/* Measure configuration CFG in a child process; returns its status. */
static int run_config(const struct opts *o, int cfg)
{
	const struct config *c = &configs[cfg];
	char fdbuf[16], secbuf[32], dis[256];
	const char *argv[24];
	int fds[2], status, n = 0;
	char *line = NULL;
	size_t linecap = 0;
	FILE *in;
	pid_t pid;

	if (pipe(fds)) {
		perror("peers: pipe");
		return -1;
	}
	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid < 0) {
		perror("peers: fork");
		return -1;
	}
	if (pid == 0) {
		close(fds[0]);
		set_env("OPENSSL_ia32cap", c->ia32cap);
		set_env("OPENSSL_armcap", c->armcap);
		set_env("NETTLE_FAT_OVERRIDE", c->nettle);
		cryptarch_disable_list(c->cryptarch_off, dis, sizeof(dis));
		set_env("CRYPTARCH_DISABLE", dis[0] ? dis : NULL);
		snprintf(fdbuf, sizeof(fdbuf), "%d", fds[1]);
		snprintf(secbuf, sizeof(secbuf), "%.17g", o->sec);
		argv[n++] = o->argv0;
		argv[n++] = "--child";
		argv[n++] = c->name;
		argv[n++] = "--fd";
		argv[n++] = fdbuf;
		argv[n++] = "--sec";
		argv[n++] = secbuf;
		argv[n++] = "--sizes";
		argv[n++] = o->sizes_arg ? o->sizes_arg :
			    o->headline	 ? "8192" :
			    o->targets	 ? "16,8192" :
					   "16,256,1024,8192";
		if (o->alg_arg) {
			argv[n++] = "--alg";
			argv[n++] = o->alg_arg;
		}
		if (o->mode_arg) {
			argv[n++] = "--mode";
			argv[n++] = o->mode_arg;
		}
		if (o->lib_arg) {
			argv[n++] = "--lib";
			argv[n++] = o->lib_arg;
		}
		if (o->all)
			argv[n++] = "--all";
		if (o->headline)
			argv[n++] = "--headline";
		argv[n] = NULL;
		/* execv's argv is char *const[] for historical reasons; it
		 * does not modify the strings. */
		execv("/proc/self/exe", (char *const *)(uintptr_t)argv);
		execvp(o->argv0, (char *const *)(uintptr_t)argv);
		perror("peers: exec");
		_exit(127);
	}
	close(fds[1]);
	in = fdopen(fds[0], "r");
	if (!in) {
		close(fds[0]);
		waitpid(pid, &status, 0);
		return -1;
	}
	while (getline(&line, &linecap, in) > 0)
		parse_record(line);
	free(line);
	fclose(in);
	if (waitpid(pid, &status, 0) < 0)
		return -1;
	if (!WIFEXITED(status) || WEXITSTATUS(status)) {
		fprintf(stderr, "peers: the %s run failed (status %d)\n",
			c->name, status);
		return -1;
	}
	return 0;
}

static int is_peer(const struct row *r)
{
	return !strcmp(r->lib, "openssl") || !strcmp(r->lib, "gcrypt") ||
	       !strcmp(r->lib, "nettle");
}

/* Fill each row's ratio: its time over the best peer time for the same
 * configuration, algorithm, mode and size. */
static void compute_ratios(void)
{
	size_t i, j;

	for (i = 0; i < nrows; i++) {
		double best = 0;

		if (!rows[i].ok)
			continue;
		for (j = 0; j < nrows; j++) {
			const struct row *p = &rows[j];

			if (p->ok && is_peer(p) && p->cfg == rows[i].cfg &&
			    p->alg == rows[i].alg && p->mode == rows[i].mode &&
			    p->bytes == rows[i].bytes &&
			    (best == 0 || p->ns < best))
				best = p->ns;
		}
		rows[i].ratio = best > 0 ? rows[i].ns / best : 0;
	}
}

static int lib_rank(const char *lib)
{
	if (!strncmp(lib, "cryptarch", 9))
		return 0;
	return 1;
}

static int row_cmp(const void *pa, const void *pb)
{
	const struct row *a = pa, *b = pb;

	if (a->cfg != b->cfg)
		return a->cfg - b->cfg;
	if (a->alg != b->alg)
		return a->alg - b->alg;
	if (a->mode != b->mode)
		return a->mode - b->mode;
	if (a->bytes != b->bytes)
		return a->bytes < b->bytes ? -1 : 1;
	if (lib_rank(a->lib) != lib_rank(b->lib))
		return lib_rank(a->lib) - lib_rank(b->lib);
	return a->seq - b->seq;
}

static const char *kv_get(int cfg, const char *name)
{
	size_t i;

	for (i = 0; i < nkvs; i++)
		if (kvs[i].cfg == cfg && !strcmp(kvs[i].key, name))
			return kvs[i].val;
	return NULL;
}

/* kv_get, or DFLT where the value is missing or empty. */
static const char *kv_or(int cfg, const char *name, const char *dflt)
{
	const char *v = kv_get(cfg, name);

	return v && *v ? v : dflt;
}

static double mbps(const struct row *r)
{
	return r->ns > 0 ? (double)r->bytes / r->ns * 1e3 : 0;
}

static double cpb(const struct row *r)
{
	return r->bytes ? r->cyc / (double)r->bytes : 0;
}

static const char *compiler(void)
{
#if defined(__clang__)
	return "clang " __clang_version__;
#elif defined(__GNUC__)
	return "gcc " __VERSION__;
#else
	return "unknown";
#endif
}

/* ---- text output --------------------------------------------------------- */

static void print_header(const struct opts *o)
{
	char cpu[256];
	size_t c;
	int first = 1;

	report_cpu_model(cpu, sizeof(cpu));
	printf("cryptarch %s peer benchmark\n", CRYPTARCH_VERSION_STRING);
	printf("cpu:       %s\n", cpu);
	printf("compiler:  %s, %s build, flags \"%s\"\n", compiler(),
	       PEERS_BUILD_TYPE, PEERS_CFLAGS);
	printf("timing:    CLOCK_MONOTONIC, best batch of %.2g s per "
	       "measurement; MB = 10^6 bytes\n",
	       o->sec);
	for (c = 0; c < NCONFIGS; c++) {
		int k = (int)c;
		const char *v;

		if (!(o->config_mask & (1u << c)))
			continue;
		if (first) {
			printf("cycles:    %s\n", kv_or(k, "cycles", "?"));
			printf("libraries: OpenSSL %s; libgcrypt %s; "
			       "nettle %s\n",
			       kv_or(k, "openssl", "?"),
			       kv_or(k, "gcrypt", "?"),
			       kv_or(k, "nettle", "?"));
			first = 0;
		}
		printf("config %s: %s\n", configs[c].name, configs[c].what);
		printf("    OPENSSL_ia32cap=%s NETTLE_FAT_OVERRIDE=%s "
		       "CRYPTARCH_DISABLE=%s\n",
		       kv_or(k, "env OPENSSL_ia32cap", "-"),
		       kv_or(k, "env NETTLE_FAT_OVERRIDE", "-"),
		       kv_or(k, "env CRYPTARCH_DISABLE", "-"));
		printf("    libgcrypt uses: %s\n",
		       kv_or(k, "gcrypt hwflist", "?"));
		printf("    cryptarch uses: %s\n",
		       kv_or(k, "cryptarch enabled", "-"));
		v = kv_get(k, "cryptarch unknown");
		if (v && *v)
			printf("    CRYPTARCH_DISABLE words the core does not "
			       "know: %s\n",
			       v);
	}
	printf("\n");
}

static void print_row(const struct row *r)
{
	if (!r->ok) {
		printf("%-6s %-12s %-26s %-11s %-7s %6s  unavailable: %s\n",
		       configs[r->cfg].name, r->lib, r->impl,
		       r->alg >= 0 ? algs[r->alg].name : "?",
		       r->mode >= 0 ? mode_names[r->mode] : "?", "-",
		       r->reason);
		return;
	}
	printf("%-6s %-12s %-26s %-11s %-7s %6zu %9.1f ", configs[r->cfg].name,
	       r->lib, r->impl, algs[r->alg].name, mode_names[r->mode],
	       r->bytes, mbps(r));
	if (r->cyc > 0)
		printf("%7.2f ", cpb(r));
	else
		printf("%7s ", "-");
	if (r->ratio > 0)
		printf("%6.2f\n", r->ratio);
	else
		printf("%6s\n", "-");
}

/* Least-squares lines through the sizes of each (config, lib, impl, alg,
 * mode): the per-byte cost and the per-call overhead. */
struct fit {
	const struct row *first;
	double slope, intercept;
	int ncyc; /* 1: in cycles, 0: in ns */
};

static size_t fits(struct fit *out, size_t max)
{
	size_t i, j, n = 0;

	for (i = 0; i < nrows && n < max; i++) {
		const struct row *r = &rows[i];
		double x[MAX_SIZES], y[MAX_SIZES];
		size_t k = 0, seen = 0;

		if (!r->ok)
			continue;
		/* only at the first row of its group */
		for (j = 0; j < i; j++)
			if (rows[j].ok && rows[j].cfg == r->cfg &&
			    rows[j].alg == r->alg && rows[j].mode == r->mode &&
			    !strcmp(rows[j].lib, r->lib) &&
			    !strcmp(rows[j].impl, r->impl))
				seen = 1;
		if (seen)
			continue;
		for (j = i; j < nrows && k < MAX_SIZES; j++) {
			const struct row *s = &rows[j];

			if (s->ok && s->cfg == r->cfg && s->alg == r->alg &&
			    s->mode == r->mode && !strcmp(s->lib, r->lib) &&
			    !strcmp(s->impl, r->impl)) {
				x[k] = (double)s->bytes;
				y[k] = s->cyc > 0 ? s->cyc : s->ns;
				k++;
			}
		}
		if (k < 2)
			continue;
		out[n].first = r;
		out[n].ncyc = r->cyc > 0;
		harness_fit(x, y, k, &out[n].slope, &out[n].intercept);
		n++;
	}
	return n;
}

static void print_table(const struct opts *o)
{
	struct fit *f;
	size_t i, nf;
	int last_cfg = -1, last_alg = -1, last_mode = -1;

	(void)o;
	printf("%-6s %-12s %-26s %-11s %-7s %6s %9s %7s %6s\n", "config", "lib",
	       "impl", "alg", "mode", "bytes", "MB/s", "cyc/B", "x best");
	for (i = 0; i < nrows; i++) {
		const struct row *r = &rows[i];

		if (i && (r->cfg != last_cfg || r->alg != last_alg ||
			  r->mode != last_mode))
			printf("\n");
		last_cfg = r->cfg;
		last_alg = r->alg;
		last_mode = r->mode;
		print_row(r);
	}
	printf("\nx best: the row's time per request divided by the fastest "
	       "peer's (OpenSSL,\nlibgcrypt, nettle) in the same "
	       "configuration: 1.00 = as fast, 2.00 = twice as slow.\n");

	f = calloc(nrows ? nrows : 1, sizeof(*f));
	if (!f)
		return;
	nf = fits(f, nrows);
	if (nf) {
		const char *u = f[0].ncyc ? "cyc" : "ns";

		printf("\nfitted over the sizes (least squares): cost per "
		       "request = slope x bytes + overhead\n");
		printf("%-6s %-12s %-26s %-11s %-7s %6s/B %6s/call\n", "config",
		       "lib", "impl", "alg", "mode", u, u);
	}
	for (i = 0; i < nf; i++) {
		const struct row *r = f[i].first;

		printf("%-6s %-12s %-26s %-11s %-7s %8.2f %11.0f\n",
		       configs[r->cfg].name, r->lib, r->impl, algs[r->alg].name,
		       mode_names[r->mode], f[i].slope, f[i].intercept);
	}
	free(f);
}

/* The row of LIB for a headline comparison; for cryptarch rows (DRIVER
 * not NULL) the instance must be one of DRIVER's. */
static const struct row *hl_find(const char *cfg, const char *lib,
				 const char *driver, const char *alg,
				 const char *mode, size_t bytes)
{
	size_t i;

	for (i = 0; i < nrows; i++) {
		const struct row *r = &rows[i];

		if (!r->ok || r->bytes != bytes ||
		    strcmp(configs[r->cfg].name, cfg) || r->alg < 0 ||
		    strcmp(algs[r->alg].name, alg) || r->mode < 0 ||
		    strcmp(mode_names[r->mode], mode) || strcmp(r->lib, lib))
			continue;
		if (!driver || uses_driver(r->impl, driver))
			return r;
	}
	return NULL;
}

struct hl_eval {
	const struct row *ca, *peer[5], *target_row[2];
	double target_ratio[2];
};

static void hl_evaluate(const struct headline *h, size_t bytes,
			struct hl_eval *e)
{
	size_t p, t;

	memset(e, 0, sizeof(*e));
	/* The selection under the target's flags if it is the driver the
	 * target names, else that driver measured by name. */
	e->ca = hl_find(h->config,
			h->flags & CRYPTARCH_ALLOW_VARIABLE_TIME ?
				"cryptarch-vt" :
				"cryptarch-ct",
			h->driver, h->alg, h->mode, bytes);
	if (!e->ca)
		e->ca = hl_find(h->config, "cryptarch", h->driver, h->alg,
				h->mode, bytes);
	for (p = 0; p < 5 && h->peers[p].lib; p++)
		e->peer[p] = hl_find(h->peers[p].config, h->peers[p].lib, NULL,
				     h->alg, h->mode, bytes);
	for (t = 0; t < 2 && h->targets[t].label; t++) {
		const struct row *best = NULL;

		if (h->targets[t].peer >= 0) {
			best = e->peer[h->targets[t].peer];
		} else {
			for (p = 0; p < 5 && h->peers[p].lib; p++)
				if (h->peers[p].table && e->peer[p] &&
				    (!best || e->peer[p]->ns < best->ns))
					best = e->peer[p];
		}
		e->target_row[t] = best;
		if (best && e->ca)
			e->target_ratio[t] = e->ca->ns / best->ns;
	}
}

static void print_headline_row(const struct row *r, const char *cfg,
			       const char *lib, const struct row *ca,
			       const char *note)
{
	if (!r) {
		printf("  %-6s %-10s %-26s not measured\n", cfg, lib, "-");
		return;
	}
	printf("  %-6s %-10s %-26s %9.1f ", configs[r->cfg].name, lib, r->impl,
	       mbps(r));
	if (r->cyc > 0)
		printf("%7.2f ", cpb(r));
	else
		printf("%7s ", "-");
	if (ca && r != ca)
		printf("%8.2f  ", ca->ns / r->ns);
	else
		printf("%8s  ", "");
#if defined(__x86_64__)
	printf("%s", note ? note : "");
#else
	(void)note;
#endif
	printf("\n");
}

/* Print comparison H at BYTES; returns 0 (and prints nothing) if none of
 * its rows was measured. */
static int print_headline_one(const struct headline *h, size_t bytes)
{
	struct hl_eval e;
	size_t p, t;
	int any;

	hl_evaluate(h, bytes, &e);
	any = e.ca != NULL;
	for (p = 0; p < 5 && h->peers[p].lib; p++)
		any |= e.peer[p] != NULL;
	if (!any)
		return 0;
	printf("== %s, %zu-byte requests ==\n", h->title, bytes);
	printf("  %-6s %-10s %-26s %9s %7s %8s\n", "config", "lib", "impl",
	       "MB/s", "cyc/B", "ca/peer");
	print_headline_row(e.ca, h->config, "cryptarch", NULL,
			   h->flags & CRYPTARCH_ALLOW_VARIABLE_TIME ?
				   "variable-time" :
				   "constant-time");
	for (p = 0; p < 5 && h->peers[p].lib; p++)
		print_headline_row(e.peer[p], h->peers[p].config,
				   h->peers[p].lib, e.ca, h->peers[p].note);
	for (t = 0; t < 2 && h->targets[t].label; t++) {
		const struct row *b = e.target_row[t];
		double r = e.target_ratio[t];

		printf("  target: %s (<= %.2fx): ", h->targets[t].label,
		       h->targets[t].limit);
		if (!r)
			printf("not measured\n");
		else if (r <= h->targets[t].limit)
			printf("%.2fx vs %s (%s), met\n", r, b->lib,
			       configs[b->cfg].name);
		else
			printf("%.2fx vs %s (%s), missed by %.0f%%\n", r,
			       b->lib, configs[b->cfg].name,
			       (r / h->targets[t].limit - 1) * 100);
	}
	printf("\n");
	return 1;
}

/* The sizes the headline covers: all with --headline, else the largest. */
static size_t headline_sizes(const struct opts *o, size_t *out)
{
	size_t i, n = 0, max = 0;

	for (i = 0; i < o->nsizes; i++) {
		if (o->headline)
			out[n++] = o->sizes[i];
		else if (o->sizes[i] > max)
			max = o->sizes[i];
	}
	if (!o->headline)
		out[n++] = max;
	return n;
}

static void print_headline(const struct opts *o)
{
	size_t sizes[MAX_SIZES], n, i, s;
	int any = 0;

	n = headline_sizes(o, sizes);
	for (s = 0; s < n; s++)
		for (i = 0; i < NHEADLINES; i++)
			any |= print_headline_one(&headlines[i], sizes[s]);
	if (any)
		printf("ca/peer: cryptarch's time per request over the "
		       "peer's (above 1: cryptarch is slower).\n");
}

/* ---- the x86-64 speed targets (--targets) ------------------------------- */

/*
 * One target: cryptarch's row (configuration CA_CFG, "cryptarch-ct" or
 * "cryptarch-vt") against the fastest of the peer rows PEERS (config:lib
 * words), at BYTES, for the algorithms and modes in the masks. MIN is the
 * least throughput ratio cryptarch / best peer; BOUND 1 also requires 70%
 * of the 512-bit VAES issue bound, 2 CBC encryption within 5% of the
 * AESENC latency bound.
 */
struct target {
	const char *what;
	unsigned alg_mask, mode_mask;
	size_t bytes;
	const char *ca_cfg, *ca_lib;
	const char *peers[4];
	double min;
	int bound;
};

#define A128 (1u << 0)
#define A256 (1u << 1)
#define T128 (1u << 2)
#define T256 (1u << 3)
#define PAR_MODES ((1u << ECB) | (1u << CBC_DEC) | (1u << CTR) | (1u << XTS))
#define ALL_MODES ((1u << NMODES) - 1)

static const struct target targets[] = {
	{ "hardware AES, parallel modes", A128 | A256, PAR_MODES, 8192, "hw",
	  "cryptarch-ct", { "hw:openssl", "hw:gcrypt", "hw:nettle" }, 1.5, 1 },
	{ "hardware AES, CBC encryption", A128 | A256, 1u << CBC_ENC, 8192,
	  "hw", "cryptarch-ct", { "hw:openssl", "hw:gcrypt", "hw:nettle" },
	  1.0, 2 },
	{ "no hardware AES, constant-time, vs OpenSSL bsaes/vpaes",
	  A128 | A256, ALL_MODES, 8192, "nohw", "cryptarch-ct",
	  { "nohw:openssl" }, 1.0, 0 },
	{ "no hardware AES, variable-time, vs table assembly", A128 | A256,
	  ALL_MODES, 8192, "nohw", "cryptarch-vt",
	  { "scalar:openssl", "nohw:gcrypt" }, 1.0, 0 },
	{ "Twofish, CBC encryption, vs libgcrypt", T128 | T256,
	  1u << CBC_ENC, 8192, "hw", "cryptarch-vt", { "hw:gcrypt" }, 1.0, 0 },
	{ "Twofish, parallel modes, vs libgcrypt", T128 | T256, PAR_MODES,
	  8192, "hw", "cryptarch-vt", { "hw:gcrypt" }, 1.2, 0 },
	{ "one block per call, vs libgcrypt", A128 | A256, ALL_MODES, 16, "hw",
	  "cryptarch-ct", { "hw:gcrypt" }, 1.0, 0 },
	{ "one block per call, vs libgcrypt", T128 | T256, ALL_MODES, 16, "hw",
	  "cryptarch-vt", { "hw:gcrypt" }, 1.0, 0 },
};
#define NTARGETS (sizeof(targets) / sizeof(targets[0]))

/* Print the targets; returns the number missed, or -1 if nothing could be
 * evaluated. */
static int print_targets(const struct opts *o)
{
	struct aes_bound b;
	int have_bound = aes_bound_measure(&b) == 0;
	size_t t, a, m, p;
	int missed = 0, met = 0, unmeasured = 0;

	(void)o;
	printf("== speed targets (cryptarch / best peer, throughput; "
	       "TSC cycles/byte) ==\n");
	if (have_bound)
		printf("AES instruction bounds (bench/aes-bound.c): AESENC "
		       "latency %.2f cycles; one VAESENC per %.3f cycles on "
		       "xmm, %.3f on ymm, %.3f on zmm\n",
		       b.aesenc_latency, b.aesenc128_cpi, b.vaesenc256_cpi,
		       b.vaesenc512_cpi);
	else
		printf("AES instruction bounds: not measured (needs AES-NI, "
		       "VAES and AVX-512 on x86-64)\n");
	for (t = 0; t < NTARGETS; t++) {
		const struct target *tg = &targets[t];

		printf("\n-- %s, %zu bytes: need >= %.2fx%s\n", tg->what,
		       tg->bytes, tg->min,
		       tg->bound == 1 ? " and >= 70% of the 512-bit VAES bound" :
		       tg->bound == 2 ? " and within 5% of the latency bound" :
					"");
		printf("  %-11s %-7s %-26s %7s  %-22s %7s %6s %7s  %s\n", "alg",
		       "mode", "cryptarch", "cyc/B", "best peer", "cyc/B",
		       "ratio", "bound", "verdict");
		for (a = 0; a < NALGS; a++) {
			if (!(tg->alg_mask & (1u << a)))
				continue;
			for (m = 0; m < NMODES; m++) {
				const struct row *ca, *best = NULL;
				char peer[40];
				double ratio, bnd = 0;
				int ok;

				if (!(tg->mode_mask & (1u << m)))
					continue;
				ca = hl_find(tg->ca_cfg, tg->ca_lib, NULL,
					     algs[a].name, mode_names[m],
					     tg->bytes);
				for (p = 0; p < 4 && tg->peers[p]; p++) {
					char cfg[16];
					const char *colon =
						strchr(tg->peers[p], ':');
					const struct row *r;

					snprintf(cfg, sizeof(cfg), "%.*s",
						 (int)(colon - tg->peers[p]),
						 tg->peers[p]);
					r = hl_find(cfg, colon + 1, NULL,
						    algs[a].name,
						    mode_names[m], tg->bytes);
					if (r && (!best || r->ns < best->ns))
						best = r;
				}
				if (!ca || !best) {
					printf("  %-11s %-7s not measured "
					       "(%s)\n",
					       algs[a].name, mode_names[m],
					       !ca ? "cryptarch" : "peers");
					unmeasured++;
					continue;
				}
				ratio = best->ns / ca->ns;
				ok = ratio >= tg->min;
				if (tg->bound && have_bound && ca->cyc > 0) {
					unsigned rounds =
						algs[a].bits == 128 ? 10 : 14;

					if (tg->bound == 1) {
						bnd = aes_bound_parallel_cpb(
							&b, rounds) / cpb(ca);
						ok &= bnd >= 0.70;
					} else {
						bnd = cpb(ca) /
						      aes_bound_serial_cpb(
							      &b, rounds);
						ok &= bnd <= 1.05;
					}
				}
				snprintf(peer, sizeof(peer), "%s %s",
					 configs[best->cfg].name, best->lib);
				printf("  %-11s %-7s %-26s %7.3f  %-22s %7.3f "
				       "%5.2fx ",
				       algs[a].name, mode_names[m], ca->impl,
				       cpb(ca), peer, cpb(best), ratio);
				if (bnd > 0)
					printf("%6.0f%%  ", bnd * 100);
				else
					printf("%7s  ", "-");
				printf("%s\n", ok ? "met" : "MISSED");
				if (ok)
					met++;
				else
					missed++;
			}
		}
	}
	printf("\n%d met, %d missed, %d not measured. ratio: cryptarch's "
	       "throughput over the best peer's; bound: the bound's cycles "
	       "per byte over cryptarch's (parallel modes), cryptarch's over "
	       "the latency bound (CBC encryption).\n",
	       met, missed, unmeasured);
	return met + missed ? missed : -1;
}

/* ---- JSON output --------------------------------------------------------- */

static void json_row(const struct row *r)
{
	printf("{\"config\": ");
	report_json_string(stdout, configs[r->cfg].name);
	printf(", \"lib\": ");
	report_json_string(stdout, r->lib);
	printf(", \"impl\": ");
	report_json_string(stdout, r->impl);
	printf(", \"alg\": ");
	report_json_string(stdout, r->alg >= 0 ? algs[r->alg].name : "?");
	printf(", \"mode\": ");
	report_json_string(stdout, r->mode >= 0 ? mode_names[r->mode] : "?");
	if (!r->ok) {
		printf(", \"unavailable\": ");
		report_json_string(stdout, r->reason);
		printf("}");
		return;
	}
	printf(", \"bytes\": %zu, \"calls\": %llu, \"seconds\": %.6f, "
	       "\"ns_per_call\": %.3f, \"mb_per_s\": %.3f",
	       r->bytes, r->calls, r->secs, r->ns, mbps(r));
	if (r->cyc > 0)
		printf(", \"cycles_per_byte\": %.4f", cpb(r));
	else
		printf(", \"cycles_per_byte\": null");
	if (r->ratio > 0)
		printf(", \"x_best_peer\": %.4f}", r->ratio);
	else
		printf(", \"x_best_peer\": null}");
}

static void json_ref(const struct row *r)
{
	if (!r) {
		printf("null");
		return;
	}
	printf("{\"config\": ");
	report_json_string(stdout, configs[r->cfg].name);
	printf(", \"lib\": ");
	report_json_string(stdout, r->lib);
	printf(", \"impl\": ");
	report_json_string(stdout, r->impl);
	printf(", \"mb_per_s\": %.3f", mbps(r));
	if (r->cyc > 0)
		printf(", \"cycles_per_byte\": %.4f}", cpb(r));
	else
		printf(", \"cycles_per_byte\": null}");
}

static void json_headline(const struct headline *h, size_t bytes)
{
	struct hl_eval e;
	size_t p, t;

	hl_evaluate(h, bytes, &e);
	printf("{\"title\": ");
	report_json_string(stdout, h->title);
	printf(", \"bytes\": %zu, \"driver\": ", bytes);
	report_json_string(stdout, h->driver);
	printf(", \"cryptarch\": ");
	json_ref(e.ca);
	printf(", \"peers\": [");
	for (p = 0; p < 5 && h->peers[p].lib; p++) {
		printf("%s", p ? ", " : "");
		json_ref(e.peer[p]);
	}
	printf("], \"targets\": [");
	for (t = 0; t < 2 && h->targets[t].label; t++) {
		double r = e.target_ratio[t];

		printf("%s{\"target\": ", t ? ", " : "");
		report_json_string(stdout, h->targets[t].label);
		printf(", \"limit\": %.2f, \"versus\": ", h->targets[t].limit);
		json_ref(e.target_row[t]);
		if (r > 0)
			printf(", \"ratio\": %.4f, \"met\": %s}", r,
			       r <= h->targets[t].limit ? "true" : "false");
		else
			printf(", \"ratio\": null, \"met\": null}");
	}
	printf("]}");
}

static void print_json(const struct opts *o)
{
	char cpu[256];
	size_t i, c, s, nf, nh, hsizes[MAX_SIZES];
	const char *sep = "";
	struct fit *f;

	report_cpu_model(cpu, sizeof(cpu));
	printf("{\n  \"cryptarch\": ");
	report_json_string(stdout, CRYPTARCH_VERSION_STRING);
	printf(",\n  \"cpu\": ");
	report_json_string(stdout, cpu);
	printf(",\n  \"compiler\": ");
	report_json_string(stdout, compiler());
	printf(",\n  \"cflags\": ");
	report_json_string(stdout, PEERS_CFLAGS);
	printf(",\n  \"seconds_per_measurement\": %g", o->sec);
	printf(",\n  \"configs\": [");
	for (c = 0; c < NCONFIGS; c++) {
		if (!(o->config_mask & (1u << c)))
			continue;
		printf("%s\n    {\"name\": ", sep);
		report_json_string(stdout, configs[c].name);
		printf(", \"what\": ");
		report_json_string(stdout, configs[c].what);
		for (i = 0; i < nkvs; i++) {
			if (kvs[i].cfg != (int)c)
				continue;
			printf(", ");
			report_json_string(stdout, kvs[i].key);
			printf(": ");
			report_json_string(stdout, kvs[i].val);
		}
		printf("}");
		sep = ",";
	}
	printf("\n  ],\n  \"results\": [");
	for (i = 0; i < nrows; i++) {
		printf("%s\n    ", i ? "," : "");
		json_row(&rows[i]);
	}
	printf("\n  ],\n  \"fits\": [");
	f = calloc(nrows ? nrows : 1, sizeof(*f));
	nf = f ? fits(f, nrows) : 0;
	for (i = 0; i < nf; i++) {
		const struct row *r = f[i].first;

		printf("%s\n    {\"config\": ", i ? "," : "");
		report_json_string(stdout, configs[r->cfg].name);
		printf(", \"lib\": ");
		report_json_string(stdout, r->lib);
		printf(", \"impl\": ");
		report_json_string(stdout, r->impl);
		printf(", \"alg\": ");
		report_json_string(stdout, algs[r->alg].name);
		printf(", \"mode\": ");
		report_json_string(stdout, mode_names[r->mode]);
		printf(", \"unit\": \"%s\", \"slope_per_byte\": %.4f, "
		       "\"overhead_per_call\": %.1f}",
		       f[i].ncyc ? "cycles" : "ns", f[i].slope, f[i].intercept);
	}
	free(f);
	printf("\n  ]");
	printf(",\n  \"headline\": [");
	sep = "";
	nh = headline_sizes(o, hsizes);
	for (s = 0; s < nh; s++) {
		for (i = 0; i < NHEADLINES; i++) {
			printf("%s\n    ", sep);
			json_headline(&headlines[i], hsizes[s]);
			sep = ",";
		}
	}
	printf("\n  ]");
	printf("\n}\n");
}

int main(int argc, char **argv)
{
	struct opts o;
	size_t c;
	int failed = 0;

	parse_opts(&o, argc, argv);
	if (o.child)
		return child_main(&o);

	for (c = 0; c < NCONFIGS; c++)
		if ((o.config_mask & (1u << c)) && run_config(&o, (int)c))
			failed = 1;
	if (!nrows) {
		fprintf(stderr, "peers: nothing was measured\n");
		return 1;
	}
	qsort(rows, nrows, sizeof(*rows), row_cmp);
	compute_ratios();
	if (o.json) {
		print_json(&o);
	} else {
		print_header(&o);
		if (!o.headline) {
			print_table(&o);
			printf("\n");
		}
		if (o.targets)
			failed |= print_targets(&o) < 0;
		else
			print_headline(&o);
	}
	free(rows);
	free(kvs);
	return failed;
}
