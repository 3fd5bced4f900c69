/* SPDX-License-Identifier: MIT */
/*
 * speed.c - `cryptarch speed`: the Linux kernel's tcrypt skcipher speed test
 * and its output ("testing speed of cbc(aes) (cbc-aes-aesni) encryption",
 * then "test N (K bit key, B byte blocks): OPS operations in S seconds
 * (BYTES bytes)", S the time budget as tcrypt prints it), over the modes
 * of each cipher and the instances of each driver; for the hashes
 * (shash: cmac(aes), sha256) tcrypt's hash speed test and its output
 * ("testing speed of cmac(aes) (cmac-aes-aesni)", then "test  0 (   16
 * byte blocks,   16 bytes per update,   1 updates): N opers/sec, B
 * bytes/sec", over tcrypt's message and update sizes, per second of the
 * time measured); then a summary table per type (the instance each row
 * ran on, MB/s, ns per call, cycles per byte from the best batch, the
 * seconds measured) and a straight line fitted over the sizes (per-byte
 * cost, per-call overhead; a hash's over its one-update digests), or all
 * of it as JSON. The authenticated ciphers (aead: gcm(aes), ccm(aes))
 * get tcrypt's AEAD speed test (test_aead_speed): its header and lines
 * as the skcipher test's, over its sizes (aead_sizes: 16, 64, 256, 512,
 * 1024, 1420, 4096, 8192 bytes of plaintext), one request out of place
 * with its 16-byte tag and 8 bytes of associated data, decryption on a
 * valid ciphertext so that the tag verifies (aeadbench.h; the selection
 * marks skbench_aead_selected()'s); then their own summary and fit.
 * A handle may use different instances per direction, key size and
 * request size class (selection's plan): each row names the one the timed
 * handle really used (cryptarch_skcipher_slot()), and each tcrypt header
 * the one its lines ran on. Instances and candidates are the core's
 * (cryptarch_cands()); the timed call, the selection marks and the
 * compiler are bench/skbench.h's, the timing bench/harness.c's, the
 * harness the peer benchmark uses. An instance that cannot run here still
 * gets a row, saying why. Keys and data are fixed patterns: nothing
 * secret. No CPU features needed; the instances measured need their own.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "aead.h"
#include "aeadbench.h"
#include "cpu.h"
#include "handle.h"
#include "harness.h"
#include "memzero.h"
#include "profile.h"
#include "registry.h"
#include "report.h"
#include "select.h"
#include "shash.h"
#include "skbench.h"
#include "skcipher.h"
#include "spec.h"

#define MAX_NAMES 64
#define MAX_SIZES 32
#define MAX_KEYS 3
#define MAX_SIZE (1u << 20)
#define NAME_LEN (CRYPTARCH_NAME_MAX + 1)
#define DEFAULT_SEC 1.0
/* Per test in --tour. With every x86-64 driver and the modes ecb, cbc,
 * ctr, xts it was 528 tests (88 instances, two directions, three key
 * sizes) of 0.35 s, 185 s of budget: about 3.5 minutes on AMD EPYC (Zen
 * 5). With xctr, cts, essiv and the hashes (one key size each) added,
 * 955 tests when this was written: 334 s of budget. */
#define TOUR_SEC 0.35
/* --mb: requests per many-request call; N x the largest size at most
 * MB_BYTES_MAX (the batch's buffers are one allocation). */
#define MB_MAX 1024
#define MB_BYTES_MAX (64u << 20)

static const char usage[] =
	"usage: cryptarch speed [--alg NAME]... [--driver NAME]... [--all]\n"
	"         [--sec SECONDS] [--sizes N,...] [--keys BITS,...]\n"
	"         [--allow-variable-time] [--json] [--tour] [--mb N]\n"
	"\n"
	"The kernel tcrypt skcipher speed test (hash and AEAD speed tests for\n"
	"hashes and authenticated ciphers), then a summary table.\n"
	"  --alg NAME     a mode of a cipher, e.g. cbc(aes) (repeatable or a\n"
	"                 comma list; default: every mode of every cipher);\n"
	"                 measures the instances selected for NAME\n"
	"  --driver NAME  one instance, e.g. ctr-aes-ct64, cbc(aes-generic)\n"
	"                 (repeatable or a comma list), variable-time or not\n"
	"  --all          every instance of each --alg, not only the\n"
	"                 selected ones\n"
	"  --sec S        seconds per test (default 1; --tour: 0.35); a\n"
	"                 fraction is a cryptarch extension, printed as is\n"
	"  --sizes N,...  bytes per call, multiples of 16 (default\n"
	"                 16,64,256,1024,8192; --tour: 8192); for a hash\n"
	"                 N or N/U: N-byte messages in updates of U bytes\n"
	"                 (default: tcrypt's 22 pairs, 16/16 to 8192/8192;\n"
	"                 --tour: 8192); for an aead bytes of plaintext,\n"
	"                 any (default: tcrypt's 16,64,256,512,1024,1420,\n"
	"                 4096,8192; --tour: 8192)\n"
	"  --keys B,...   cipher key bits: 128, 192, 256 (default all; xts\n"
	"                 keys are twice as long and printed so; a keyed\n"
	"                 hash: the smallest unless --keys is given)\n"
	"  --allow-variable-time  select as CRYPTARCH_ALLOW_VARIABLE_TIME\n"
	"  --json         one JSON object instead of text\n"
	"  --tour         every mode, hash, cipher and instance, 8192\n"
	"                 bytes, marking the selection under both policies\n"
	"  --mb N         tcrypt's multibuffer skcipher and hash tests:\n"
	"                 each call is a batch of N independent requests\n"
	"                 (1..1024, tcrypt's num_mb; tcrypt's default 8)\n"
	"                 in one cryptarch_skcipher_encrypt_many/\n"
	"                 _decrypt_many, or for a hash N messages in one\n"
	"                 cryptarch_shash_digest_many (one-update sizes\n"
	"                 only, as tcrypt's); operations count requests;\n"
	"                 no aead\n"
	"NAME is a mode (skcipher: cbc(aes), xctr(aes), cts(cbc(aes)),\n"
	"essiv(cbc(aes),sha256)), a hash (shash: cmac(aes), xcbc(aes),\n"
	"cbcmac(aes), sha256), measured in tcrypt's hash speed format, or an\n"
	"authenticated cipher (aead: gcm(aes), ccm(aes)), in tcrypt's AEAD\n"
	"speed format: a 16-byte tag, 8 bytes of associated data, a 12-byte\n"
	"nonce; decryption of a valid ciphertext. --tour measures an aead\n"
	"with more than 32 candidates in part (see cryptarch tune).\n";

struct opts {
	char names[MAX_NAMES][NAME_LEN];
	int is_driver[MAX_NAMES];
	size_t nnames;
	double sec;
	unsigned sizes[MAX_SIZES]; /* skcipher request sizes */
	size_t nsizes;
	unsigned hbytes[MAX_SIZES], hupd[MAX_SIZES]; /* hash: message, update */
	size_t nhash;
	unsigned asizes[MAX_SIZES]; /* aead: bytes of plaintext */
	size_t nasizes;
	unsigned keys[MAX_KEYS]; /* cipher key bits */
	size_t nkeys;
	unsigned flags;
	unsigned mb; /* --mb N: requests per many-request call; 0: single */
	int json, all, tour, keys_given;
};

/* One row group: a name to open and measure, or one that cannot run. */
struct target {
	char alg[NAME_LEN];   /* the name in the tcrypt header: "cbc(aes)" */
	char named[NAME_LEN]; /* the instance named exactly, or "" */
	char open[NAME_LEN];  /* the name to open, with OPEN_FLAGS */
	const struct cryptarch_type *type; /* skcipher, shash or aead */
	unsigned open_flags;
	unsigned nkeys, minkey, maxkey; /* its key: NKEYS cipher keys */
	int available;
	char why[768];
};

struct point {
	size_t target;
	int decrypt;
	unsigned keybits; /* as printed: xts doubled; 0: an unkeyed hash */
	unsigned bytes;
	unsigned upd; /* a hash: bytes per update (BYTES: one digest) */
	int err;
	char inst[NAME_LEN]; /* the instance the handle used */
	int sel;	     /* selected under the flags in effect */
	int sel_ct, sel_vt;  /* selected under each policy */
	struct harness_result r;
};

struct run {
	struct opts *o;
	struct target *t;
	size_t nt, capt;
	struct point *p;
	size_t np, capp;
	struct cryptarch_cands c, c2; /* scratch */
	char secs[512];		      /* --sec as tcrypt's lines print it */
	char notes[2048];	      /* lines for after the header */
	uint8_t *mb_iv;		      /* --mb: O->MB ivs of 16 bytes */
	struct cryptarch_request *mb_req; /* --mb: O->MB requests */
};

static int add_names(struct opts *o, const char *list, int driver,
		     const char *opt)
{
	const char *p = list, *end;
	size_t n;

	do {
		/* a comma inside parentheses is the name's own:
		 * essiv(cbc(aes),sha256) */
		int depth = 0;

		for (end = p; *end && (*end != ',' || depth > 0); end++)
			depth += *end == '(' ? 1 : *end == ')' ? -1 : 0;
		if (*end == '\0')
			end = NULL;
		n = end ? (size_t)(end - p) : strlen(p);
		if (n == 0) {
			cli_error("speed", "%s: empty name in '%s'", opt, list);
			return -1;
		}
		if (n >= sizeof(o->names[0])) {
			cli_error("speed", "%s: name too long", opt);
			return -1;
		}
		if (o->nnames == MAX_NAMES) {
			cli_error("speed", "%s: more than %d names", opt,
				  MAX_NAMES);
			return -1;
		}
		memcpy(o->names[o->nnames], p, n);
		o->names[o->nnames][n] = '\0';
		o->is_driver[o->nnames++] = driver;
		if (end)
			p = end + 1;
	} while (end);
	return 0;
}

/* Parse a comma list of positive integers into V (at most MAX). */
static int numbers(const char *opt, const char *list, unsigned *v, size_t max,
		   size_t *n)
{
	const char *p = list;
	char *end;
	unsigned long x;

	*n = 0;
	for (;;) {
		errno = 0;
		x = strtoul(p, &end, 10);
		if (end == p || (*end != ',' && *end != '\0') || errno ||
		    *p == '-' || *p == '+' || x == 0 || x > MAX_SIZE) {
			cli_error("speed",
				  "%s: not a list of positive numbers: '%s'",
				  opt, list);
			return -1;
		}
		if (*n == max) {
			cli_error("speed", "%s: more than %zu values", opt,
				  max);
			return -1;
		}
		v[(*n)++] = (unsigned)x;
		if (*end == '\0')
			return 0;
		p = end + 1;
	}
}

/*
 * --sizes LIST: entries N (a request of N bytes; a hash: one digest of N
 * bytes) or N/U (a hash: N bytes in updates of U; a mode: N bytes). The
 * modes' sizes, each once, into O->SIZES; the hashes' pairs into
 * O->HBYTES, O->HUPD. Whether the modes' sizes are whole blocks is checked
 * once the names are known.
 */
static int sizes(struct opts *o, const char *list)
{
	const char *p = list;
	unsigned long x, u;
	char *end;
	size_t i;

	o->nsizes = o->nhash = 0;
	for (;;) {
		errno = 0;
		x = strtoul(p, &end, 10);
		u = x;
		if (end != p && *end == '/' && end[1] >= '0' && end[1] <= '9') {
			p = end + 1;
			u = strtoul(p, &end, 10);
		}
		if (end == p || (*end != ',' && *end != '\0') || errno ||
		    *p == '-' || *p == '+' || x == 0 || x > MAX_SIZE ||
		    u == 0) {
			cli_error("speed",
				  "--sizes: not a list of positive numbers "
				  "(N or N/U): '%s'",
				  list);
			return -1;
		}
		if (u > x) {
			cli_error("speed",
				  "--sizes: %lu/%lu: the update is longer than "
				  "the message",
				  x, u);
			return -1;
		}
		if (o->nhash == MAX_SIZES) {
			cli_error("speed", "--sizes: more than %d values",
				  MAX_SIZES);
			return -1;
		}
		o->hbytes[o->nhash] = (unsigned)x;
		o->hupd[o->nhash++] = (unsigned)u;
		for (i = 0; i < o->nsizes && o->sizes[i] != x; i++)
			;
		if (i == o->nsizes)
			o->sizes[o->nsizes++] = (unsigned)x;
		if (*end == '\0')
			return 0;
		p = end + 1;
	}
}

/* --mb N: a decimal count of requests per call, 1..MB_MAX. */
static int mb_count(const char *v, unsigned *mb)
{
	unsigned long n = 0;
	const char *p;

	for (p = v; *p >= '0' && *p <= '9' && n <= MB_MAX; p++)
		n = n * 10 + (unsigned long)(*p - '0');
	if (p == v || *p || n < 1 || n > MB_MAX) {
		cli_error("speed",
			  "--mb: '%s' is not a number of requests per call "
			  "(1..%d)",
			  v, MB_MAX);
		return -1;
	}
	*mb = (unsigned)n;
	return 0;
}

static int parse(struct opts *o, int argc, char **argv)
{
	const char *v;
	size_t i;
	int k, r;

	for (k = 1; k < argc; k++) {
		const char *arg = argv[k];

		if (cli_flag(arg, "help") || strcmp(arg, "-h") == 0) {
			fputs(usage, stdout);
			return 1;
		}
		if (cli_flag(arg, "json")) {
			o->json = 1;
			continue;
		}
		if (cli_flag(arg, "all")) {
			o->all = 1;
			continue;
		}
		if (cli_flag(arg, "tour")) {
			o->tour = 1;
			continue;
		}
		if (cli_flag(arg, "allow-variable-time")) {
			o->flags |= CRYPTARCH_ALLOW_VARIABLE_TIME;
			continue;
		}
		if ((r = cli_value("speed", argc, argv, &k, "alg", &v))) {
			if (r < 0 || add_names(o, v, 0, "--alg"))
				return -1;
		} else if ((r = cli_value("speed", argc, argv, &k, "driver",
					  &v))) {
			if (r < 0 || add_names(o, v, 1, "--driver"))
				return -1;
		} else if ((r = cli_value("speed", argc, argv, &k, "sec",
					  &v))) {
			if (r < 0 || cli_double("speed", "--sec", v, &o->sec))
				return -1;
		} else if ((r = cli_value("speed", argc, argv, &k, "sizes",
					  &v))) {
			if (r < 0 || sizes(o, v))
				return -1;
		} else if ((r = cli_value("speed", argc, argv, &k, "mb",
					  &v))) {
			if (r < 0 || mb_count(v, &o->mb))
				return -1;
		} else if ((r = cli_value("speed", argc, argv, &k, "keys",
					  &v))) {
			if (r < 0 ||
			    numbers("--keys", v, o->keys, MAX_KEYS, &o->nkeys))
				return -1;
			o->keys_given = 1;
			for (i = 0; i < o->nkeys; i++) {
				if (o->keys[i] == 128 || o->keys[i] == 192 ||
				    o->keys[i] == 256)
					continue;
				cli_error("speed",
					  "--keys: %u is not a key "
					  "size (128, 192 or 256)",
					  o->keys[i]);
				return -1;
			}
		} else {
			cli_bad_arg("speed", arg);
			return -1;
		}
	}
	return 0;
}

/*
 * X seconds as the tcrypt lines print them: an integer where X is whole
 * (tcrypt's own "1"), else the shortest decimal that reads back as X
 * ("0.2"), never in exponent notation.
 */
static void secs_text(double x, char *buf, size_t size)
{
	char e[40], *p;
	int prec, exp10, dec;

	for (prec = 1; prec <= 17; prec++) {
		snprintf(e, sizeof(e), "%.*e", prec - 1, x);
		if (strtod(e, NULL) == x)
			break;
	}
	p = strchr(e, 'e');
	exp10 = p ? atoi(p + 1) : 0;
	dec = prec - 1 - exp10;
	dec = dec < 0 ? 0 : dec > 400 ? 400 : dec;
	snprintf(buf, size, "%.*f", dec, x);
}

static struct target *new_target(struct run *run)
{
	struct target *t;

	if (run->nt == run->capt) {
		size_t cap = run->capt ? 2 * run->capt : 32;

		t = realloc(run->t, cap * sizeof(*t));
		if (!t)
			return NULL;
		run->t = t;
		run->capt = cap;
	}
	t = &run->t[run->nt++];
	memset(t, 0, sizeof(*t));
	return t;
}

static struct point *new_point(struct run *run)
{
	struct point *p;

	if (run->np == run->capp) {
		size_t cap = run->capp ? 2 * run->capp : 64;

		p = realloc(run->p, cap * sizeof(*p));
		if (!p)
			return NULL;
		run->p = p;
		run->capp = cap;
	}
	p = &run->p[run->np++];
	memset(p, 0, sizeof(*p));
	return p;
}

/* The key of instance S: how many cipher keys, of which lengths. */
static void keys_of(struct target *t, const struct cryptarch_spec *s)
{
	t->nkeys = cryptarch_spec_nkeys(s);
	cryptarch_spec_keysizes(s, &t->minkey, &t->maxkey);
}

/* The type of NAME's instances: shash for a hash, aead for an
 * authenticated cipher, else skcipher (the messages about a name that is
 * none of them are skcipher's). */
static const struct cryptarch_type *type_of(struct run *run, const char *name)
{
	if (cryptarch_cands(name, NULL, &run->c) == 0 &&
	    (run->c.type == &cryptarch_type_shash ||
	     run->c.type == &cryptarch_type_aead))
		return run->c.type;
	return &cryptarch_type_skcipher;
}

/* The request sizes of targets of TYPE (a hash's are O->HBYTES). */
static const unsigned *sizes_of(const struct opts *o,
				const struct cryptarch_type *type, size_t *n)
{
	*n = type == &cryptarch_type_aead ? o->nasizes : o->nsizes;
	return type == &cryptarch_type_aead ? o->asizes : o->sizes;
}

/* cli_resolve() for a name of TYPE; the handle is freed again. */
static int resolve(const char *name, const struct cryptarch_type *type,
		   unsigned flags, char *why, size_t size)
{
	cryptarch_skcipher *sk = NULL;
	cryptarch_shash *h = NULL;
	cryptarch_aead *a = NULL;
	int r;

	if (type == &cryptarch_type_shash)
		r = cli_resolve_shash(name, flags, &h, why, size);
	else if (type == &cryptarch_type_aead)
		r = cli_resolve_aead(name, flags, &a, why, size);
	else
		r = cli_resolve(name, flags, &sk, why, size);
	cryptarch_skcipher_free(sk);
	cryptarch_shash_free(h);
	cryptarch_aead_free(a);
	return r;
}

/* A named instance, measured with variable time allowed. */
static int add_instance(struct run *run, const struct cryptarch_spec *s)
{
	struct target *t = new_target(run);

	if (!t)
		return -ENOMEM;
	t->type = cryptarch_spec_type(s);
	cryptarch_spec_algname(s, t->alg, sizeof(t->alg));
	cryptarch_spec_name(s, t->named, sizeof(t->named));
	snprintf(t->open, sizeof(t->open), "%s", t->named);
	t->open_flags = CRYPTARCH_ALLOW_VARIABLE_TIME;
	keys_of(t, s);
	t->available = cryptarch_spec_eligible(s, t->open_flags, 0);
	if (!t->available &&
	    !cli_spec_unusable(s, t->open_flags, t->why, sizeof(t->why)))
		snprintf(t->why, sizeof(t->why), "self-test failed");
	return 0;
}

/* Every instance NAME ("cbc(aes)") covers; for one instance's name
 * ("cbc(aes-generic)"), every instance over the same drivers (its
 * template's own and the hooked one). */
static int add_all(struct run *run, const char *name)
{
	const struct cryptarch_type *type = type_of(run, name);
	char alg[NAME_LEN];
	size_t i;
	int err;

	err = cryptarch_cands(name, type, &run->c);
	if (err)
		return err;
	if (!run->c.exact && run->o->tour && type == &cryptarch_type_aead) {
		/* every combination of the arguments' instances would be
		 * hundreds (ccm): the part tune measures, under either
		 * policy */
		size_t *order = malloc(CRYPTARCH_MAX_CANDS * sizeof(*order));
		size_t n;
		int partial;

		if (!order)
			return -ENOMEM;
		n = cli_cands_bounded(&run->c, CRYPTARCH_ALLOW_VARIABLE_TIME,
				      order, &partial);
		if (partial) {
			size_t k = strlen(run->notes);

			snprintf(run->notes + k, sizeof(run->notes) - k,
				 "note: %s has %zu candidates; measuring %zu, "
				 "each argument instance once beside the "
				 "partner priority prefers\n",
				 name, run->c.n, n);
		}
		for (i = 0; i < n && !err; i++)
			err = add_instance(run, &run->c.v[order[i]]);
		free(order);
		return err;
	}
	if (!run->c.exact) {
		for (i = 0; i < run->c.n && !err; i++)
			err = add_instance(run, &run->c.v[i]);
		return err;
	}
	cryptarch_spec_algname(&run->c.v[0], alg, sizeof(alg));
	err = cryptarch_cands(alg, type, &run->c2);
	if (err)
		return add_instance(run, &run->c.v[0]);
	for (i = 0; i < run->c2.n && !err; i++)
		if (cryptarch_spec_same_keys(&run->c2.v[i], &run->c.v[0]))
			err = add_instance(run, &run->c2.v[i]);
	return err;
}

/* What NAME selects under the flags in effect, as tcrypt measures. */
static int add_selected(struct run *run, const char *name)
{
	const struct cryptarch_type *type = type_of(run, name);
	struct target *t = new_target(run);
	int r;

	if (!t)
		return -ENOMEM;
	t->type = type;
	snprintf(t->alg, sizeof(t->alg), "%s", name);
	r = resolve(name, type, run->o->flags, t->why, sizeof(t->why));
	if (r == CLI_R_MALFORMED || r == CLI_R_UNKNOWN) {
		cli_error("speed", "--alg: %s", t->why);
		run->nt--;
		return -EINVAL;
	}
	if (r != CLI_R_OK) {
		/* The phrase without the name, which the row shows. */
		size_t n = strlen(name);

		if (strncmp(t->why, name, n) == 0 && t->why[n] == ':')
			memmove(t->why, t->why + n + 2,
				strlen(t->why + n + 2) + 1);
		return 0;
	}
	snprintf(t->open, sizeof(t->open), "%s", name);
	t->open_flags = run->o->flags;
	if (cryptarch_cands(name, type, &run->c) == 0) {
		keys_of(t, &run->c.v[0]);
		t->available = 1;
	} else {
		snprintf(t->why, sizeof(t->why), "no instances of %s", name);
	}
	return 0;
}

/* Every mode, hash and authenticated cipher of every cipher, cipher
 * first, in registry order (cli_name_at(): "cbc(aes)", "cts(cbc(aes))",
 * "cmac(aes)", "gcm(aes)"), then the hashes of no cipher ("sha256"). */
static void all_names(struct opts *o, size_t ntypes)
{
	static const struct cryptarch_type *const types[3] = {
		&cryptarch_type_skcipher, &cryptarch_type_shash,
		&cryptarch_type_aead
	};
	size_t i, j, k;

	for (i = 0; i <= cli_algorithm_count(); i++) {
		const struct cryptarch_algorithm *a = cli_algorithm_at(i);

		if (a && a->type != &cryptarch_type_cipher)
			continue;
		for (k = 0; k < ntypes; k++)
			for (j = 0; o->nnames < MAX_NAMES &&
				    cli_name_at(types[k], a, j,
						o->names[o->nnames],
						sizeof(o->names[0])) == 0;
			     j++)
				o->is_driver[o->nnames++] = 0;
	}
}

/* --driver NAME: one instance. */
static int add_driver(struct run *run, const char *name)
{
	int err = cryptarch_cands(name, NULL, &run->c);

	if (err == -EINVAL) {
		cli_error("speed", "--driver: malformed name '%s'", name);
		return CLI_USAGE;
	}
	if (err || !run->c.exact) {
		cli_error("speed",
			  "--driver: unknown driver '%s' (see cryptarch list; "
			  "a mode of a cipher goes to --alg)",
			  name);
		return CLI_USAGE;
	}
	if (run->c.type != &cryptarch_type_skcipher &&
	    run->c.type != &cryptarch_type_shash &&
	    run->c.type != &cryptarch_type_aead) {
		cli_error("speed",
			  "--driver: '%s' is a block cipher's driver; speed "
			  "measures modes, hashes and authenticated ciphers "
			  "(e.g. cbc(%s))",
			  name, name);
		return CLI_USAGE;
	}
	err = add_instance(run, &run->c.v[0]);
	if (err) {
		cli_error("speed", "%s", cryptarch_strerror(err));
		return CLI_FAIL;
	}
	return CLI_OK;
}

static int targets(struct run *run)
{
	struct opts *o = run->o;
	size_t i;
	int err;

	if (o->nnames == 0)
		all_names(o, o->mb ? 2 : 3); /* --mb: skciphers, hashes */
	for (i = 0; i < o->nnames; i++) {
		const char *name = o->names[i];

		if (o->mb && type_of(run, name) == &cryptarch_type_aead) {
			cli_error("speed",
				  "--mb: %s is an aead; --mb measures "
				  "skciphers (cryptarch_skcipher_encrypt_many) "
				  "and hashes (cryptarch_shash_digest_many)",
				  name);
			return CLI_USAGE;
		}
		if (o->is_driver[i]) {
			err = add_driver(run, name);
			if (err)
				return err;
			continue;
		}
		if (o->all) {
			err = add_all(run, name);
			if (err == -ENOENT || err == -EINVAL) {
				char why[768];

				/* Say why as --alg without --all would. */
				resolve(name, type_of(run, name), o->flags,
					why, sizeof(why));
				cli_error("speed", "--alg: %s", why);
				return CLI_USAGE;
			}
		} else if (cryptarch_cands(name, type_of(run, name),
					   &run->c) == 0 &&
			   run->c.exact) {
			/* A driver's instance named through --alg. */
			err = add_instance(run, &run->c.v[0]);
		} else {
			err = add_selected(run, name);
			if (err == -EINVAL)
				return CLI_USAGE;
		}
		if (err) {
			cli_error("speed", "%s", cryptarch_strerror(err));
			return CLI_FAIL;
		}
	}
	return CLI_OK;
}

static int key_fits(const struct target *t, unsigned bits)
{
	return t->nkeys && bits / 8 >= t->minkey && bits / 8 <= t->maxkey;
}

/* Whether P's instance is the one cryptarch_skcipher_new(T's name) uses
 * for P's request under each policy (skbench_selected()). */
static void mark(const struct run *run, const struct target *t, struct point *p,
		 size_t keylen)
{
	char buf[NAME_LEN];
	int f;

	for (f = 0; f < 2; f++) {
		unsigned flags = f ? CRYPTARCH_ALLOW_VARIABLE_TIME : 0;

		if (run->o->mb)
			skbench_many_selected(t->alg, flags, keylen,
					      p->decrypt, buf, sizeof(buf));
		else
			skbench_selected(t->alg, flags, keylen, p->decrypt,
					 p->bytes, buf, sizeof(buf));
		if (f)
			p->sel_vt = strcmp(buf, p->inst) == 0;
		else
			p->sel_ct = strcmp(buf, p->inst) == 0;
	}
	p->sel = run->o->flags & CRYPTARCH_ALLOW_VARIABLE_TIME ? p->sel_vt :
								 p->sel_ct;
}

/* The hash counterpart of mark(). */
static void mark_hash(const struct run *run, const struct target *t,
		      struct point *p, size_t keylen)
{
	char buf[NAME_LEN];
	unsigned vt = CRYPTARCH_ALLOW_VARIABLE_TIME;

	skbench_hash_selected(t->alg, 0, keylen, run->o->mb != 0, buf,
			      sizeof(buf));
	p->sel_ct = strcmp(buf, p->inst) == 0;
	skbench_hash_selected(t->alg, vt, keylen, run->o->mb != 0, buf,
			      sizeof(buf));
	p->sel_vt = strcmp(buf, p->inst) == 0;
	p->sel = run->o->flags & CRYPTARCH_ALLOW_VARIABLE_TIME ? p->sel_vt :
								 p->sel_ct;
}

/* The aead counterpart of mark(). */
static void mark_aead(const struct run *run, const struct target *t,
		      struct point *p, size_t keylen)
{
	char buf[NAME_LEN];

	skbench_aead_selected(t->alg, 0, keylen, p->decrypt, p->bytes, buf,
			      sizeof(buf));
	p->sel_ct = strcmp(buf, p->inst) == 0;
	skbench_aead_selected(t->alg, CRYPTARCH_ALLOW_VARIABLE_TIME, keylen,
			      p->decrypt, p->bytes, buf, sizeof(buf));
	p->sel_vt = strcmp(buf, p->inst) == 0;
	p->sel = run->o->flags & CRYPTARCH_ALLOW_VARIABLE_TIME ? p->sel_vt :
								 p->sel_ct;
}

/*
 * Measure every point of aead target TI in tcrypt's AEAD speed format
 * (test_aead_speed): per direction the header "testing speed of gcm(aes)
 * (gcm_base(ctr-aes-aesni,ghash-pclmul)) encryption", again whenever the
 * handle's instance changes, then per key size and size "test N (K bit
 * key, B byte blocks): OPS operations in S seconds (BYTES bytes)", B and
 * BYTES counting plaintext as tcrypt's do. Each request goes out of place
 * from BUF (plaintext) or CT (a valid ciphertext and tag) into OUT.
 */
static int measure_aead(struct run *run, size_t ti, uint8_t *buf, uint8_t *ct,
			uint8_t *out)
{
	const struct opts *o = run->o;
	const struct target *t = &run->t[ti];
	const struct cryptarch_type *type = &cryptarch_type_aead;
	const unsigned *sz;
	cryptarch_aead *tfm;
	struct aeadbench_req b;
	char hdr[NAME_LEN];
	uint8_t key[64];
	size_t k, s, i, keylen, nsz;
	int dir, n, err;

	sz = sizes_of(o, type, &nsz);
	err = cryptarch_aead_new(&tfm, t->open, t->open_flags);
	if (err)
		return err;
	for (dir = 0; dir < (int)type->nops; dir++) {
		hdr[0] = '\0';
		n = 0;
		for (k = 0; k < o->nkeys; k++) {
			if (!key_fits(t, o->keys[k]))
				continue;
			for (i = 0; i < sizeof(key); i++)
				key[i] = (uint8_t)(i * 29 + 7);
			keylen = t->nkeys * o->keys[k] / 8;
			err = keylen > sizeof(key) ?
				      -EINVAL :
				      cryptarch_aead_setkey(tfm, key, keylen);
			if (!err)
				err = cryptarch_aead_setauthsize(
					tfm, AEADBENCH_AUTHSIZE);
			for (s = 0; s < nsz; s++) {
				struct point *p = new_point(run);
				int e = err;

				if (!p) {
					cryptarch_aead_free(tfm);
					return -ENOMEM;
				}
				p->target = ti;
				p->decrypt = dir;
				p->keybits = t->nkeys * o->keys[k];
				p->bytes = sz[s];
				cryptarch_aead_slot(
					tfm, dir,
					p->bytes > CRYPTARCH_PROFILE_SMALL_MAX,
					p->inst, sizeof(p->inst));
				mark_aead(run, t, p, keylen);
				if (!o->json && strcmp(hdr, p->inst) != 0) {
					printf("\ntesting speed of %s (%s) "
					       "%s\n",
					       t->alg, p->inst,
					       type->op_names[dir]);
					snprintf(hdr, sizeof(hdr), "%s",
						 p->inst);
				}
				if (!e)
					e = aeadbench_setup(&b, tfm, buf, ct,
							    out, p->bytes, dir);
				if (!e) {
					harness_run(aeadbench_tick, &b, o->sec,
						    &p->r);
					e = b.err;
				}
				p->err = e;
				if (o->json)
					continue;
				printf("test %d (%u bit key, %u byte blocks): ",
				       n++, p->keybits, p->bytes);
				if (p->err)
					printf("failed: %s\n",
					       cryptarch_strerror(p->err));
				else
					printf("%llu operations in %s "
					       "seconds (%llu bytes)\n",
					       p->r.calls, run->secs,
					       p->r.calls * (unsigned long long)
								    p->bytes);
				fflush(stdout);
			}
		}
		if (!o->json && !hdr[0])
			printf("\ntesting speed of %s (%s) %s\n", t->alg,
			       cryptarch_aead_slot(tfm, dir, 1, hdr,
						   sizeof(hdr)),
			       type->op_names[dir]);
	}
	cryptarch_memzero(key, sizeof(key));
	cryptarch_aead_free(tfm);
	return 0;
}

/*
 * Measure every point of hash target TI in tcrypt's hash speed format:
 * for each key size (an unkeyed hash: once), the header "testing speed
 * of cmac(aes) (cmac-aes-aesni)" (a keyed hash's followed by a "key: N
 * bits" line), then one line per message size and update size, "test  0
 * (   16 byte blocks,   16 bytes per update,   1 updates): N opers/sec,
 * B bytes/sec", per second of the time measured. A keyed hash is
 * measured at the smallest key size it takes unless --keys is given.
 */
/* --mb for a hash: N messages of LEN bytes one after another in BUF,
 * each with its tag at OUT + 64 i, in one cryptarch_shash_digest_many
 * per tick; the first error stays in ERR. */
struct hash_many_req {
	cryptarch_shash *tfm;
	struct cryptarch_digest_request *req;
	size_t n;
	int err;
};

static void hash_many_tick(void *arg)
{
	struct hash_many_req *b = arg;
	int err = cryptarch_shash_digest_many(b->tfm, b->req, b->n);

	if (err)
		b->err = err;
}

/* One point of --mb for a hash: batches of O->MB messages of P->BYTES,
 * then P->R per message, as measure_many() leaves it. */
static int measure_hash_many(struct run *run, cryptarch_shash *tfm,
			     const uint8_t *buf, struct point *p)
{
	struct hash_many_req b;
	uint8_t *out;
	size_t i;

	b.tfm = tfm;
	b.n = run->o->mb;
	b.err = 0;
	b.req = calloc(b.n, sizeof(*b.req));
	out = calloc(b.n, 64);
	if (!b.req || !out) {
		free(b.req);
		free(out);
		return -ENOMEM;
	}
	for (i = 0; i < b.n; i++) {
		b.req[i].data = buf + i * p->bytes;
		b.req[i].len = p->bytes;
		b.req[i].out = out + 64 * i;
	}
	harness_run(hash_many_tick, &b, run->o->sec, &p->r);
	p->r.calls *= b.n;
	p->r.best_ns /= (double)b.n;
	p->r.best_cycles /= (double)b.n;
	free(b.req);
	free(out);
	return b.err;
}

static int measure_hash(struct run *run, size_t ti, uint8_t *buf)
{
	const struct opts *o = run->o;
	const struct target *t = &run->t[ti];
	struct skbench_hash_req b;
	cryptarch_shash *tfm;
	uint8_t key[64];
	size_t k, s, i, keylen, nk;
	unsigned keys[MAX_KEYS];
	const char *multi = o->mb ? "multibuffer " : "";
	int n = 0, err, hdr;

	err = cryptarch_shash_new(&tfm, t->open, t->open_flags);
	if (err)
		return err;
	nk = 0;
	if (t->maxkey == 0)
		keys[nk++] = 0;
	for (k = 0; t->maxkey && k < o->nkeys; k++) {
		if (!key_fits(t, o->keys[k]) ||
		    (!o->keys_given && nk > 0 && o->keys[k] > keys[0]))
			continue;
		if (!o->keys_given && nk > 0)
			keys[0] = o->keys[k];
		else
			keys[nk++] = o->keys[k];
	}
	if (nk == 0 && !o->json)
		printf("\ntesting speed of %s (%s): no key size of --keys "
		       "fits (%u to %u bytes)\n",
		       t->alg, cryptarch_shash_driver(tfm), t->minkey,
		       t->maxkey);
	for (k = 0; k < nk; k++) {
		for (i = 0; i < sizeof(key); i++)
			key[i] = (uint8_t)(i * 29 + 7);
		keylen = keys[k] / 8;
		err = keylen ? cryptarch_shash_setkey(tfm, key, keylen) : 0;
		hdr = 0;
		for (s = 0; s < o->nhash; s++) {
			struct point *p;

			/* tcrypt's multibuffer hash test: digests only */
			if (o->mb && o->hupd[s] != o->hbytes[s]) {
				n++;
				continue;
			}
			p = new_point(run);
			if (!p) {
				cryptarch_shash_free(tfm);
				return -ENOMEM;
			}
			p->target = ti;
			p->keybits = keys[k];
			p->bytes = o->hbytes[s];
			p->upd = o->hupd[s];
			if (o->mb)
				cryptarch_shash_slot(tfm, CRYPTARCH_CLASS_MANY,
						     p->inst, sizeof(p->inst));
			else
				snprintf(p->inst, sizeof(p->inst), "%s",
					 cryptarch_shash_driver(tfm));
			mark_hash(run, t, p, keylen);
			if (!o->json && !hdr++) {
				printf("\ntesting speed of %s%s (%s)\n", multi,
				       t->alg, p->inst);
				if (keys[k])
					printf("key: %u bits\n", keys[k]);
			}
			memset(&b, 0, sizeof(b));
			b.tfm = tfm;
			b.buf = buf;
			b.len = p->bytes;
			b.plen = p->upd;
			if (!err && o->mb)
				b.err = measure_hash_many(run, tfm, buf, p);
			else if (!err)
				harness_run(skbench_hash_tick, &b, o->sec,
					    &p->r);
			p->err = err ? err : b.err;
			if (o->json)
				continue;
			printf("test%3d (%5u byte blocks,%5u bytes per "
			       "update,%4u updates): ",
			       n++, p->bytes, p->upd,
			       (p->bytes + p->upd - 1) / p->upd);
			if (p->err)
				printf("failed: %s\n",
				       cryptarch_strerror(p->err));
			else if (o->mb)
				printf("%llu operations in %s seconds (%llu "
				       "bytes)\n",
				       p->r.calls, run->secs,
				       p->r.calls * (unsigned long long)
							    p->bytes);
			else
				printf("%6.0f opers/sec, %9.0f bytes/sec\n",
				       (double)p->r.calls / p->r.seconds,
				       (double)p->r.calls * p->bytes /
					       p->r.seconds);
			fflush(stdout);
		}
	}
	cryptarch_memzero(key, sizeof(key));
	cryptarch_shash_free(tfm);
	return 0;
}

/*
 * One point of --mb: batches of O->MB requests of P->BYTES bytes, each
 * batch one many-request call (skbench_many_tick), the requests in place
 * in BUF one after another, each with its own iv; then P->R per request
 * as a single call's is (calls: requests, as tcrypt's multibuffer test
 * counts its operations; the best batch's time and cycles divided by
 * O->MB), so that the summary and the fit read the same either way.
 */
static void measure_many(struct run *run, cryptarch_skcipher *tfm,
			 uint8_t *buf, struct point *p)
{
	struct skbench_many_req b;

	memset(&b, 0, sizeof(b));
	b.tfm = tfm;
	b.buf = buf;
	b.iv = run->mb_iv;
	b.req = run->mb_req;
	b.n = run->o->mb;
	b.len = p->bytes;
	b.decrypt = p->decrypt;
	skbench_many_init(&b);
	harness_run(skbench_many_tick, &b, run->o->sec, &p->r);
	p->err = b.err;
	p->r.calls *= b.n;
	p->r.best_ns /= (double)b.n;
	p->r.best_cycles /= (double)b.n;
}

/* Measure every point of target TI; print tcrypt lines unless JSON. A
 * header names the instance the lines below it ran on: again whenever
 * the handle's instance changes within a direction. With --mb, tcrypt's
 * multibuffer skcipher test: "testing speed of multibuffer ..." naming
 * the handle's many-request instance, and the lines count requests. */
static int measure(struct run *run, size_t ti, uint8_t *buf, uint8_t *ct,
		   uint8_t *out)
{
	const struct opts *o = run->o;
	const struct target *t = &run->t[ti];
	const struct cryptarch_type *type = &cryptarch_type_skcipher;
	cryptarch_skcipher *tfm;
	struct skbench_req b;
	char hdr[NAME_LEN];
	uint8_t key[128];
	size_t k, s, i, keylen;
	const char *multi = o->mb ? "multibuffer " : "";
	int dir, n, err, cls;

	if (t->type == &cryptarch_type_shash)
		return measure_hash(run, ti, buf);
	if (t->type == &cryptarch_type_aead)
		return measure_aead(run, ti, buf, ct, out);
	err = cryptarch_skcipher_new(&tfm, t->open, t->open_flags);
	if (err)
		return err;
	for (dir = 0; dir < (int)type->nops; dir++) {
		hdr[0] = '\0';
		n = 0;
		for (k = 0; k < o->nkeys; k++) {
			if (!key_fits(t, o->keys[k]))
				continue;
			/* A fixed pattern; the xts halves differ. */
			for (i = 0; i < sizeof(key); i++)
				key[i] = (uint8_t)(i * 29 + 7);
			keylen = t->nkeys * o->keys[k] / 8;
			err = keylen > sizeof(key) ?
				      -EINVAL :
				      cryptarch_skcipher_setkey(tfm, key,
								keylen);
			for (s = 0; s < o->nsizes; s++) {
				struct point *p = new_point(run);

				if (!p) {
					cryptarch_skcipher_free(tfm);
					return -ENOMEM;
				}
				p->target = ti;
				p->decrypt = dir;
				p->keybits = t->nkeys * o->keys[k];
				p->bytes = o->sizes[s];
				cls = o->mb ? 2 :
					      p->bytes >
						      CRYPTARCH_PROFILE_SMALL_MAX;
				cryptarch_skcipher_slot(tfm, dir, cls, p->inst,
							sizeof(p->inst));
				mark(run, t, p, keylen);
				if (!o->json && strcmp(hdr, p->inst) != 0) {
					printf("\ntesting speed of %s%s (%s) "
					       "%s\n",
					       multi, t->alg, p->inst,
					       type->op_names[dir]);
					snprintf(hdr, sizeof(hdr), "%s",
						 p->inst);
				}
				memset(&b, 0, sizeof(b));
				b.tfm = tfm;
				b.buf = buf;
				b.len = o->sizes[s];
				b.decrypt = dir;
				if (!err && o->mb)
					measure_many(run, tfm, buf, p);
				else if (!err)
					harness_run(skbench_tick, &b, o->sec,
						    &p->r);
				p->err = err ? err : o->mb ? p->err : b.err;
				if (o->json)
					continue;
				printf("test %d (%u bit key, %u byte blocks): ",
				       n++, p->keybits, p->bytes);
				if (p->err)
					printf("failed: %s\n",
					       cryptarch_strerror(p->err));
				else
					printf("%llu operations in %s "
					       "seconds (%llu bytes)\n",
					       p->r.calls, run->secs,
					       p->r.calls * (unsigned long long)
								    p->bytes);
				fflush(stdout);
			}
		}
		if (!o->json && !hdr[0])
			printf("\ntesting speed of %s%s (%s) %s\n", multi,
			       t->alg,
			       cryptarch_skcipher_slot(tfm, dir, o->mb ? 2 : 1,
						       hdr, sizeof(hdr)),
			       type->op_names[dir]);
	}
	cryptarch_memzero(key, sizeof(key));
	cryptarch_skcipher_free(tfm);
	return 0;
}

static void header(const struct run *run)
{
	const char *env = getenv("CRYPTARCH_DISABLE");
	const char *unknown = cryptarch_cpu_disable_unknown();
	char cpu[256], buf[512];
	size_t i;

	report_cpu_model(cpu, sizeof(cpu));
	printf("cryptarch %s speed\n", CRYPTARCH_VERSION_STRING);
	printf("cpu: %s\n", cpu);
	printf("compiler: %s\n", skbench_compiler());
	printf("flags: %s\n", cli_cflags());
	cryptarch_cpu_format(cryptarch_cpu_features(), buf, sizeof(buf));
	printf("cpu features: %s\n", buf[0] ? buf : "(none)");
	cryptarch_cpu_format(cryptarch_cpu_disabled(), buf, sizeof(buf));
	printf("CRYPTARCH_DISABLE: %s (masked: %s%s%s)\n",
	       env && *env ? env : "unset", buf[0] ? buf : "none",
	       unknown && *unknown ? "; unknown: " : "",
	       unknown && *unknown ? unknown : "");
	printf("policy: %s\n",
	       run->o->tour ?
		       "both (marked ct and vt)" :
	       run->o->flags & CRYPTARCH_ALLOW_VARIABLE_TIME ?
		       "variable-time allowed (CRYPTARCH_ALLOW_VARIABLE_TIME)" :
		       "constant-time only (the default)");
	printf("cycles: %s\n", harness_cycle_source());
	printf("seconds per test: %s\n", run->secs);
	if (run->o->mb)
		printf("multibuffer: %u requests per call "
		       "(cryptarch_skcipher_encrypt_many/_decrypt_many), each "
		       "in place in its own buffer with its own iv; hashes: "
		       "%u messages, each in its own buffer, per "
		       "cryptarch_shash_digest_many; operations count "
		       "requests\n",
		       run->o->mb, run->o->mb);
	for (i = 0; i < run->nt && run->t[i].type != &cryptarch_type_aead; i++)
		;
	if (i < run->nt)
		printf("aead requests: a %d-byte tag, %d bytes of associated "
		       "data, a %d-byte nonce (tcrypt's gcm(aes) test); "
		       "decryption of a valid ciphertext\n",
		       AEADBENCH_AUTHSIZE, AEADBENCH_ADLEN, AEADBENCH_NONCELEN);
	fflush(stdout);
}

/* The selection mark of points P[0..N-1] (all of them selected). */
static const char *marks(const struct opts *o, const struct point *p, size_t n,
			 char *buf, size_t size)
{
	int sel = 1, ct = 1, vt = 1;
	size_t i;

	for (i = 0; i < n; i++) {
		sel &= p[i].sel;
		ct &= p[i].sel_ct;
		vt &= p[i].sel_vt;
	}
	if (o->tour)
		snprintf(buf, size, "%-2s %-2s", ct ? "*" : "", vt ? "*" : "");
	else
		snprintf(buf, size, "%-3s", sel ? "*" : "");
	return buf;
}

/* The instances of points P[0..N-1], each once: "a" or "a/b". */
static const char *insts(const struct point *p, size_t n, char *buf,
			 size_t size)
{
	size_t i, j, k = 0;

	if (size)
		buf[0] = '\0';
	for (i = 0; i < n && k < size; i++) {
		for (j = 0; j < i && strcmp(p[j].inst, p[i].inst) != 0; j++)
			;
		if (j == i)
			k += (size_t)snprintf(buf + k, size - k, "%s%s",
					      i ? "/" : "", p[i].inst);
	}
	return buf;
}

/* 1 if points A and B are of one line of a fit: target, direction, key. */
static int same_line(const struct point *a, const struct point *b)
{
	return a->target == b->target && a->decrypt == b->decrypt &&
	       a->keybits == b->keybits;
}

/* The number of sizes in one line fit of point P's target: a mode's or
 * an aead's sizes; 0 for a hash (hash_fit()'s). */
static size_t fit_sizes(const struct run *run, const struct point *p)
{
	const struct cryptarch_type *type = run->t[p->target].type;
	size_t n = 0;

	if (type == &cryptarch_type_shash)
		return 0;
	sizes_of(run->o, type, &n);
	return n;
}

/* 1 if the points of one line fit of a mode or an aead start at J: its
 * target, direction and key, every size. */
static int fit_group(const struct run *run, size_t j)
{
	size_t n = fit_sizes(run, &run->p[j]);

	return n && (j == 0 || !same_line(&run->p[j - 1], &run->p[j])) &&
	       j + n <= run->np && same_line(&run->p[j], &run->p[j + n - 1]);
}

static void fit(const struct run *run, const struct point *p, double *nsb,
		double *nsc, double *cyb, double *cyc0, int *bad)
{
	double x[MAX_SIZES], ns[MAX_SIZES], cy[MAX_SIZES];
	size_t k, n = fit_sizes(run, p);

	*bad = 0;
	for (k = 0; k < n; k++) {
		x[k] = p[k].bytes;
		ns[k] = p[k].r.best_ns;
		cy[k] = p[k].r.best_cycles;
		*bad |= p[k].err;
	}
	*cyb = *cyc0 = 0;
	if (*bad)
		return;
	harness_fit(x, ns, n, nsb, nsc);
	if (harness_have_cycles())
		harness_fit(x, cy, n, cyb, cyc0);
}

/* Where a direction of a target of TYPE ran on more than one instance
 * (by size class, or by key size): one note line each. */
static void notes(const struct run *run, const struct cryptarch_type *type)
{
	char buf[4 * NAME_LEN];
	size_t i, j, n;
	int dir;

	for (i = 0; i < run->nt; i++)
		for (dir = 0; run->t[i].type == type && dir < 2; dir++) {
			const struct point *first = NULL;

			for (j = 0, n = 0; j < run->np; j++) {
				const struct point *p = &run->p[j];

				if (p->target != i || p->decrypt != dir)
					continue;
				if (!first)
					first = p;
				n++;
			}
			if (!first ||
			    !strchr(insts(first, n, buf, sizeof(buf)), '/'))
				continue;
			printf("note: %s %s ran on more than one instance "
			       "(%s): by request size class or key size, as "
			       "the plan says (cryptarch explain %s)\n",
			       run->t[i].alg, run->t[i].type->op_names[dir],
			       buf, run->t[i].alg);
		}
}

/* The widths of the alg and driver columns: *WA, *WD. */
static void widths(const struct run *run, int *wa, int *wd)
{
	size_t i, j;

	*wa = 3;
	*wd = 6;
	for (i = 0; i < run->nt; i++) {
		int a = (int)strlen(run->t[i].alg);
		int d = (int)strlen(run->t[i].named);

		*wa = a > *wa ? a : *wa;
		*wd = d > *wd ? d : *wd;
	}
	for (j = 0; j < run->np; j++) {
		int d = (int)strlen(run->p[j].inst);

		*wd = d > *wd ? d : *wd;
	}
}

/* The line fitted through the one-update digests of hash target TI at
 * key KB: 1 and the figures, or 0 if fewer than two sizes (or an error). */
static int hash_fit(const struct run *run, size_t ti, unsigned kb,
		    double *nsb, double *nsc, double *cyb, double *cyc0)
{
	double x[MAX_SIZES], ns[MAX_SIZES], cy[MAX_SIZES];
	size_t j, n = 0;

	for (j = 0; j < run->np && n < MAX_SIZES; j++) {
		const struct point *p = &run->p[j];

		if (p->target != ti || p->keybits != kb || p->upd != p->bytes)
			continue;
		if (p->err)
			return 0;
		x[n] = p->bytes;
		ns[n] = p->r.best_ns;
		cy[n++] = p->r.best_cycles;
	}
	if (n < 2)
		return 0;
	*cyb = *cyc0 = 0;
	harness_fit(x, ns, n, nsb, nsc);
	if (harness_have_cycles())
		harness_fit(x, cy, n, cyb, cyc0);
	return 1;
}

/* 1 if point J is the first of its target and key: one line of a hash
 * fit. */
static int hash_line(const struct run *run, size_t j)
{
	return run->t[run->p[j].target].type == &cryptarch_type_shash &&
	       (j == 0 || !same_line(&run->p[j - 1], &run->p[j]));
}

/* The hashes' table: one row per message and update size; then the line
 * fitted through the one-update digests. */
static void summary_hash(const struct run *run)
{
	const struct opts *o = run->o;
	int cyc = harness_have_cycles(), wa, wd, fits = 0;
	double nsb, nsc, cyb, cyc0;
	char sel[8], kb[16];
	size_t i, j;

	widths(run, &wa, &wd);
	printf("\nhash summary (best batch per test; bytes: the message, "
	       "update: bytes per update;\nMB/s = 10^6 bytes/s; cycles: %s; "
	       "seconds: measured)\n",
	       cyc ? harness_cycle_source() : "n/a, no counter");
	if (o->mb)
		printf("multibuffer: %u messages of BYTES per "
		       "cryptarch_shash_digest_many call; MB/s, ns/op and "
		       "cycles/byte per message, from the best batch\n",
		       o->mb);
	printf("%-*s %-*s %s key  bytes update      MB/s      ns/op  "
	       "cycles/byte  seconds\n",
	       wa, "alg", wd, "driver", o->tour ? "ct vt" : "sel");
	for (i = 0; i < run->nt; i++) {
		const struct target *t = &run->t[i];

		if (t->type != &cryptarch_type_shash)
			continue;
		if (!t->available) {
			printf("%-*s %-*s %s UNAVAILABLE (%s)\n", wa, t->alg,
			       wd, t->named[0] ? t->named : "-",
			       o->tour ? "     " : "   ", t->why);
			continue;
		}
		for (j = 0; j < run->np; j++) {
			const struct point *p = &run->p[j];
			char cb[32];

			if (p->target != i)
				continue;
			marks(o, p, 1, sel, sizeof(sel));
			snprintf(kb, sizeof(kb), "%u", p->keybits);
			if (p->err) {
				printf("%-*s %-*s %s %3s %6u %6u  failed: %s\n",
				       wa, t->alg, wd, p->inst, sel,
				       p->keybits ? kb : "-", p->bytes, p->upd,
				       cryptarch_strerror(p->err));
				continue;
			}
			if (cyc)
				snprintf(cb, sizeof(cb), "%12.2f",
					 p->r.best_cycles / p->bytes);
			else
				snprintf(cb, sizeof(cb), "%12s", "n/a");
			printf("%-*s %-*s %s %3s %6u %6u %9.1f %10.1f %s "
			       "%8.3f\n",
			       wa, t->alg, wd, p->inst, sel,
			       p->keybits ? kb : "-", p->bytes, p->upd,
			       p->bytes * 1e3 / p->r.best_ns, p->r.best_ns, cb,
			       p->r.seconds);
		}
	}
	printf("sel: the instance a handle from cryptarch_shash_new(alg, %s) "
	       "uses%s\n",
	       o->flags ? "CRYPTARCH_ALLOW_VARIABLE_TIME" : "0",
	       o->mb ? " for that many-digest call" : "");

	for (j = 0; j < run->np; j++) {
		const struct point *p = &run->p[j];

		if (!hash_line(run, j) ||
		    !hash_fit(run, p->target, p->keybits, &nsb, &nsc, &cyb,
			      &cyc0))
			continue;
		if (!fits++) {
			printf("\nhash fit over the one-update digests (least "
			       "squares: cost per message = per byte x bytes "
			       "+ per message)\n");
			printf("%-*s %-*s %s key   ns/byte    ns/call  "
			       "cycles/byte  cycles/call\n",
			       wa, "alg", wd, "driver",
			       o->tour ? "ct vt" : "sel");
		}
		snprintf(kb, sizeof(kb), "%u", p->keybits);
		printf("%-*s %-*s %s %3s %9.3f %10.1f ", wa,
		       run->t[p->target].alg, wd, p->inst,
		       marks(o, p, 1, sel, sizeof(sel)), p->keybits ? kb : "-",
		       nsb, nsc);
		if (cyc)
			printf("%12.3f %12.1f\n", cyb, cyc0);
		else
			printf("%12s %12s\n", "n/a", "n/a");
	}
}

/* The table of the targets of TYPE (skcipher or aead: a row per
 * direction, key and size), then the line fitted over the sizes. */
static void summary_type(const struct run *run,
			 const struct cryptarch_type *type)
{
	const struct opts *o = run->o;
	int cyc = harness_have_cycles();
	int wa, wd, bad, aead = type == &cryptarch_type_aead;
	unsigned lo = MAX_SIZE, hi = 0;
	char sel[8], label[4 * NAME_LEN];
	double nsb, nsc, cyb, cyc0;
	const unsigned *sz;
	size_t i, j, k, nsz;

	sz = sizes_of(o, type, &nsz);
	widths(run, &wa, &wd);
	printf("\n%ssummary (best batch per test; MB/s = 10^6 bytes/s; "
	       "cycles: %s; seconds: measured%s)\n",
	       aead ? "aead " : "",
	       cyc ? harness_cycle_source() : "n/a, no counter",
	       aead ? ";\nbytes: of plaintext, with a 16-byte tag and 8 bytes "
		      "of associated data" :
		      "");
	if (o->mb && !aead)
		printf("multibuffer: %u requests of BYTES per call; MB/s, "
		       "ns/op and cycles/byte per request, from the best "
		       "batch\n",
		       o->mb);
	printf("%-*s %-*s %s dir  key  bytes      MB/s      ns/op  "
	       "cycles/byte  seconds\n",
	       wa, "alg", wd, "driver", o->tour ? "ct vt" : "sel");
	for (i = 0; i < run->nt; i++) {
		const struct target *t = &run->t[i];

		if (t->type != type)
			continue;
		if (!t->available) {
			printf("%-*s %-*s %s UNAVAILABLE (%s)\n", wa, t->alg,
			       wd, t->named[0] ? t->named : "-",
			       o->tour ? "     " : "   ", t->why);
			continue;
		}
		for (j = 0; j < run->np; j++) {
			const struct point *p = &run->p[j];
			char cb[32];

			if (p->target != i)
				continue;
			marks(o, p, 1, sel, sizeof(sel));
			if (p->err) {
				printf("%-*s %-*s %s %s %4u %6u  failed: %s\n",
				       wa, t->alg, wd, p->inst, sel,
				       type->op_words[p->decrypt], p->keybits,
				       p->bytes, cryptarch_strerror(p->err));
				continue;
			}
			if (cyc)
				snprintf(cb, sizeof(cb), "%12.2f",
					 p->r.best_cycles / p->bytes);
			else
				snprintf(cb, sizeof(cb), "%12s", "n/a");
			printf("%-*s %-*s %s %s %4u %6u %9.1f %10.1f %s "
			       "%8.3f\n",
			       wa, t->alg, wd, p->inst, sel,
			       type->op_words[p->decrypt], p->keybits, p->bytes,
			       p->bytes * 1e3 / p->r.best_ns, p->r.best_ns, cb,
			       p->r.seconds);
		}
	}
	if (o->tour)
		printf("ct: selected for the name with the default "
		       "constant-time policy; vt: selected with "
		       "CRYPTARCH_ALLOW_VARIABLE_TIME\n");
	else
		printf("sel: the instance a handle from "
		       "cryptarch_%s_new(alg, %s) uses for that %s\n",
		       type->name,
		       o->flags ? "CRYPTARCH_ALLOW_VARIABLE_TIME" : "0",
		       o->mb && !aead ? "many-request call" : "request");
	notes(run, type);

	for (i = 0, k = 0; i < run->nt; i++)
		k |= (size_t)(run->t[i].available && run->t[i].type == type);
	if (nsz < 2 || !k)
		return;
	for (k = 0; k < nsz; k++) {
		lo = sz[k] < lo ? sz[k] : lo;
		hi = sz[k] > hi ? sz[k] : hi;
	}
	for (j = 0; j < run->np; j++)
		if (run->t[run->p[j].target].type == type &&
		    fit_group(run, j)) {
			int d = (int)strlen(
				insts(&run->p[j], nsz, label, sizeof(label)));

			wd = d > wd ? d : wd;
		}
	printf("\n%sfit over %u..%u bytes (least squares over the sizes: "
	       "cost per call = per byte x bytes + per call)\n",
	       aead ? "aead " : "", lo, hi);
	printf("%-*s %-*s %s dir  key   ns/byte    ns/call  cycles/byte  "
	       "cycles/call\n",
	       wa, "alg", wd, "driver", o->tour ? "ct vt" : "sel");
	for (j = 0; j < run->np; j++) {
		const struct point *p = &run->p[j];

		if (run->t[p->target].type != type || !fit_group(run, j))
			continue;
		fit(run, p, &nsb, &nsc, &cyb, &cyc0, &bad);
		if (bad)
			continue;
		printf("%-*s %-*s %s %s %4u %9.3f %10.1f ", wa,
		       run->t[p->target].alg, wd,
		       insts(p, nsz, label, sizeof(label)),
		       marks(o, p, nsz, sel, sizeof(sel)),
		       type->op_words[p->decrypt], p->keybits, nsb, nsc);
		if (cyc)
			printf("%12.3f %12.1f\n", cyb, cyc0);
		else
			printf("%12s %12s\n", "n/a", "n/a");
	}
}

static void summary(const struct run *run)
{
	int have_sk = 0, have_hash = 0, have_aead = 0;
	size_t i;

	for (i = 0; i < run->nt; i++) {
		if (run->t[i].type == &cryptarch_type_shash)
			have_hash = 1;
		else if (run->t[i].type == &cryptarch_type_aead)
			have_aead = 1;
		else
			have_sk = 1;
	}
	if (have_hash)
		summary_hash(run);
	if (have_sk)
		summary_type(run, &cryptarch_type_skcipher);
	if (have_aead)
		summary_type(run, &cryptarch_type_aead);
}

static void jfield(const char *name, const char *value, int comma)
{
	printf("  ");
	report_json_string(stdout, name);
	printf(": ");
	if (value)
		report_json_string(stdout, value);
	else
		printf("null");
	printf(comma ? ",\n" : "\n");
}

/* The fields every result and fit begins with. */
static void jhead(const char *alg, const char *driver, int sel, int ct, int vt)
{
	printf("{\"alg\": ");
	report_json_string(stdout, alg);
	printf(", \"driver\": ");
	if (driver && driver[0])
		report_json_string(stdout, driver);
	else
		printf("null");
	printf(", \"selected\": %s, \"selected_ct\": %s, \"selected_vt\": %s",
	       sel ? "true" : "false", ct ? "true" : "false",
	       vt ? "true" : "false");
}

static void json(const struct run *run)
{
	const struct opts *o = run->o;
	const struct cryptarch_type *type;
	const char *env = getenv("CRYPTARCH_DISABLE");
	int cyc = harness_have_cycles(), bad, sel, ct, vt;
	char cpu[256], buf[512], label[4 * NAME_LEN];
	double nsb, nsc, cyb, cyc0;
	size_t i, j, k, nsz, n = 0;

	report_cpu_model(cpu, sizeof(cpu));
	printf("{\n");
	jfield("version", CRYPTARCH_VERSION_STRING, 1);
	jfield("cpu", cpu, 1);
	jfield("compiler", skbench_compiler(), 1);
	jfield("flags", cli_cflags(), 1);
	cryptarch_cpu_format(cryptarch_cpu_detected(), buf, sizeof(buf));
	jfield("cpu_detected", buf, 1);
	cryptarch_cpu_format(cryptarch_cpu_features(), buf, sizeof(buf));
	jfield("cpu_features", buf, 1);
	jfield("disable", env, 1);
	cryptarch_cpu_format(cryptarch_cpu_disabled(), buf, sizeof(buf));
	jfield("mask", buf, 1);
	jfield("disable_unknown", cryptarch_cpu_disable_unknown(), 1);
	jfield("policy", o->flags ? "variable-time" : "constant-time", 1);
	jfield("cycle_source", harness_cycle_source(), 1);
	printf("  \"have_cycles\": %s,\n", cyc ? "true" : "false");
	printf("  \"seconds\": %s,\n", run->secs);
	printf("  \"multibuffer\": %u,\n", o->mb);
	printf("  \"results\": [");
	for (i = 0; i < run->nt; i++) {
		const struct target *t = &run->t[i];

		if (!t->available) {
			printf("%s\n    ", n++ ? "," : "");
			jhead(t->alg, t->named, 0, 0, 0);
			printf(", \"available\": false, \"reason\": ");
			report_json_string(stdout, t->why);
			printf("}");
			continue;
		}
		for (j = 0; j < run->np; j++) {
			const struct point *p = &run->p[j];

			if (p->target != i)
				continue;
			printf("%s\n    ", n++ ? "," : "");
			jhead(t->alg, p->inst, p->sel, p->sel_ct, p->sel_vt);
			printf(", \"available\": true, \"type\": \"%s\", "
			       "\"dir\": \"%s\", \"key_bits\": ",
			       t->type->name, t->type->op_names[p->decrypt]);
			if (t->type == &cryptarch_type_shash && !p->keybits)
				printf("null");
			else
				printf("%u", p->keybits);
			printf(", \"bytes\": %u", p->bytes);
			if (t->type == &cryptarch_type_shash)
				printf(", \"update_bytes\": %u, "
				       "\"updates\": %u",
				       p->upd, (p->bytes + p->upd - 1) / p->upd);
			if (t->type == &cryptarch_type_aead)
				printf(", \"authsize\": %d, \"ad_bytes\": %d, "
				       "\"nonce_bytes\": %d",
				       AEADBENCH_AUTHSIZE, AEADBENCH_ADLEN,
				       AEADBENCH_NONCELEN);
			if (p->err) {
				printf(", \"error\": ");
				report_json_string(stdout,
						   cryptarch_strerror(p->err));
				printf("}");
				continue;
			}
			printf(", \"operations\": %llu, \"seconds\": %.6f, "
			       "\"mb_per_s\": %.3f, \"ns_per_op\": %.3f, "
			       "\"cycles_per_byte\": ",
			       p->r.calls, p->r.seconds,
			       p->bytes * 1e3 / p->r.best_ns, p->r.best_ns);
			if (cyc)
				printf("%.4f}", p->r.best_cycles / p->bytes);
			else
				printf("null}");
		}
	}
	printf("\n  ],\n  \"fits\": [");
	n = 0;
	for (j = 0; j < run->np; j++) {
		const struct point *p = &run->p[j];

		if (hash_line(run, j) &&
		    hash_fit(run, p->target, p->keybits, &nsb, &nsc, &cyb,
			     &cyc0)) {
			printf("%s\n    ", n++ ? "," : "");
			jhead(run->t[p->target].alg, p->inst, p->sel,
			      p->sel_ct, p->sel_vt);
			printf(", \"type\": \"shash\", \"dir\": \"%s\", "
			       "\"key_bits\": ",
			       cryptarch_type_shash.op_names[0]);
			if (p->keybits)
				printf("%u", p->keybits);
			else
				printf("null");
			printf(", \"ns_per_byte\": %.4f, \"ns_per_call\": %.2f",
			       nsb, nsc);
			if (cyc)
				printf(", \"cycles_per_byte\": %.4f, "
				       "\"cycles_per_call\": %.2f}",
				       cyb, cyc0);
			else
				printf(", \"cycles_per_byte\": null, "
				       "\"cycles_per_call\": null}");
			continue;
		}
		nsz = fit_sizes(run, p);
		if (nsz < 2 || !fit_group(run, j))
			continue;
		fit(run, p, &nsb, &nsc, &cyb, &cyc0, &bad);
		if (bad)
			continue;
		for (k = 0, sel = ct = vt = 1; k < nsz; k++) {
			sel &= p[k].sel;
			ct &= p[k].sel_ct;
			vt &= p[k].sel_vt;
		}
		type = run->t[p->target].type;
		printf("%s\n    ", n++ ? "," : "");
		jhead(run->t[p->target].alg,
		      insts(p, nsz, label, sizeof(label)), sel, ct, vt);
		printf(", \"type\": \"%s\", \"dir\": \"%s\", "
		       "\"key_bits\": %u, "
		       "\"ns_per_byte\": %.4f, \"ns_per_call\": %.2f",
		       type->name, type->op_names[p->decrypt], p->keybits, nsb,
		       nsc);
		if (cyc)
			printf(", \"cycles_per_byte\": %.4f, "
			       "\"cycles_per_call\": %.2f}",
			       cyb, cyc0);
		else
			printf(", \"cycles_per_byte\": null, "
			       "\"cycles_per_call\": null}");
	}
	printf("\n  ]\n}\n");
}

/* see cli.h */
int cmd_speed(int argc, char **argv)
{
	static const unsigned def_sizes[] = { 16, 64, 256, 1024, 8192 };
	/* tcrypt's generic_hash_speed_template (Linux crypto/tcrypt.h):
	 * message and update sizes. */
	static const unsigned def_hash[][2] = {
		{ 16, 16 },	{ 64, 16 },	{ 64, 64 },	{ 256, 16 },
		{ 256, 64 },	{ 256, 256 },	{ 1024, 16 },	{ 1024, 256 },
		{ 1024, 1024 }, { 2048, 16 },	{ 2048, 256 },	{ 2048, 1024 },
		{ 2048, 2048 }, { 4096, 16 },	{ 4096, 256 },	{ 4096, 1024 },
		{ 4096, 4096 }, { 8192, 16 },	{ 8192, 256 },	{ 8192, 1024 },
		{ 8192, 4096 }, { 8192, 8192 },
	};
	static const unsigned def_keys[] = { 128, 192, 256 };
	/* tcrypt's aead_sizes (Linux crypto/tcrypt.c): bytes of plaintext */
	static const unsigned def_aead[] = { 16,   64,	 256,  512,
					     1024, 1420, 4096, 8192 };
	struct opts *o;
	struct run *run;
	uint8_t *buf = NULL, *ct = NULL, *out = NULL;
	unsigned maxsize = 0;
	const char *unknown;
	size_t i, k;
	int ret, err;

	o = calloc(1, sizeof(*o));
	run = calloc(1, sizeof(*run));
	if (!o || !run) {
		free(o);
		free(run);
		cli_error("speed", "%s", cryptarch_strerror(-ENOMEM));
		return CLI_FAIL;
	}
	run->o = o;
	ret = parse(o, argc, argv);
	if (ret) {
		free(run);
		free(o);
		return ret > 0 ? CLI_OK : CLI_USAGE;
	}
	if (o->tour)
		o->all = 1;
	if (o->sec <= 0)
		o->sec = o->tour ? TOUR_SEC : DEFAULT_SEC;
	secs_text(o->sec, run->secs, sizeof(run->secs));
	if (o->nsizes) {
		/* --sizes: the same list for the authenticated ciphers */
		memcpy(o->asizes, o->sizes, o->nsizes * sizeof(o->sizes[0]));
		o->nasizes = o->nsizes;
	} else if (o->tour) {
		o->asizes[o->nasizes++] = 8192;
	} else {
		for (i = 0; i < sizeof(def_aead) / sizeof(def_aead[0]); i++)
			o->asizes[o->nasizes++] = def_aead[i];
	}
	if (o->nsizes == 0) {
		if (o->tour) {
			o->sizes[o->nsizes++] = 8192;
			o->hbytes[o->nhash] = o->hupd[o->nhash] = 8192;
			o->nhash++;
		} else {
			for (i = 0; i < 5; i++)
				o->sizes[o->nsizes++] = def_sizes[i];
			for (i = 0; i < sizeof(def_hash) / sizeof(def_hash[0]);
			     i++) {
				o->hbytes[o->nhash] = def_hash[i][0];
				o->hupd[o->nhash++] = def_hash[i][1];
			}
		}
	}
	if (o->nkeys == 0)
		for (i = 0; i < MAX_KEYS; i++)
			o->keys[o->nkeys++] = def_keys[i];
	unknown = cryptarch_cpu_disable_unknown();
	if (unknown && *unknown)
		cli_warn("speed",
			 "CRYPTARCH_DISABLE: unknown feature name(s): %s",
			 unknown);

	ret = targets(run);
	if (ret)
		goto out;
	for (i = 0; i < run->nt; i++)
		if (run->t[i].type == &cryptarch_type_skcipher)
			break;
	for (k = 0; i < run->nt && k < o->nsizes; k++) {
		if (o->sizes[k] % 16 == 0)
			continue;
		cli_error("speed",
			  "--sizes: %u is not a multiple of 16 (the requests "
			  "of %s)",
			  o->sizes[k], run->t[i].alg);
		ret = CLI_USAGE;
		goto out;
	}
	for (i = 0; i < o->nsizes; i++)
		maxsize = o->sizes[i] > maxsize ? o->sizes[i] : maxsize;
	for (i = 0; i < o->nhash; i++)
		maxsize = o->hbytes[i] > maxsize ? o->hbytes[i] : maxsize;
	for (i = 0; i < o->nasizes; i++)
		maxsize = o->asizes[i] > maxsize ? o->asizes[i] : maxsize;
	if (o->mb) {
		for (i = 0; i < o->nsizes; i++)
			maxsize = o->sizes[i] > maxsize ? o->sizes[i] : maxsize;
		if ((unsigned long long)maxsize * o->mb > MB_BYTES_MAX) {
			cli_error("speed",
				  "--mb: %u requests of %u bytes are more "
				  "than %u MiB per call",
				  o->mb, maxsize, MB_BYTES_MAX >> 20);
			ret = CLI_USAGE;
			goto out;
		}
		run->mb_iv = calloc(o->mb, 16);
		run->mb_req = calloc(o->mb, sizeof(*run->mb_req));
		maxsize *= o->mb;
		if (!run->mb_iv || !run->mb_req) {
			cli_error("speed", "%s", cryptarch_strerror(-ENOMEM));
			ret = CLI_FAIL;
			goto out;
		}
	}
	buf = malloc(maxsize);
	ct = malloc(maxsize + CRYPTARCH_AEAD_TAG_MAX);
	out = malloc(maxsize + CRYPTARCH_AEAD_TAG_MAX);
	if (!buf || !ct || !out) {
		cli_error("speed", "%s", cryptarch_strerror(-ENOMEM));
		ret = CLI_FAIL;
		goto out;
	}
	for (i = 0; i < maxsize; i++)
		buf[i] = (uint8_t)(i * 7 + 3);

	if (!o->json) {
		header(run);
		fputs(run->notes, stdout);
	}
	for (i = 0; i < run->nt; i++) {
		struct target *t = &run->t[i];

		if (!t->available) {
			if (o->json)
				continue;
			if (t->named[0])
				printf("\ntesting speed of %s (%s): "
				       "UNAVAILABLE (%s)\n",
				       t->alg, t->named, t->why);
			else
				printf("\ntesting speed of %s: UNAVAILABLE "
				       "(%s)\n",
				       t->alg, t->why);
			continue;
		}
		err = measure(run, i, buf, ct, out);
		if (err) {
			t->available = 0;
			snprintf(t->why, sizeof(t->why), "%s",
				 cryptarch_strerror(err));
			if (!o->json)
				printf("\ntesting speed of %s (%s): "
				       "UNAVAILABLE (%s)\n",
				       t->alg, t->named[0] ? t->named : t->open,
				       t->why);
		}
	}
	if (o->json)
		json(run);
	else
		summary(run);
	ret = CLI_OK;
out:
	free(buf);
	free(ct);
	free(out);
	free(run->mb_iv);
	free(run->mb_req);
	free(run->p);
	free(run->t);
	free(run);
	free(o);
	return ret;
}
