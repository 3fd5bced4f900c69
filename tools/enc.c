/* SPDX-License-Identifier: MIT */
/*
 * enc.c - `cryptarch enc` and `cryptarch dec`: encrypt or decrypt raw bytes
 * from a file or standard input with a named mode ("cbc(aes)"), a key in
 * hex (given on the command line, or read from a file or a file
 * descriptor, so that it need not be visible in the process list) and an
 * IV in hex, to a file or standard output. ECB, CBC and CTR stream in 64
 * KiB chunks (whole blocks, so the IV carries the chain from one chunk to
 * the next and the output is that of one call); every other mode reads the
 * whole input and makes one request of it, since no split gives one
 * call's output: XTS (one call is one data unit), CTS (the last two
 * blocks are swapped, and the IV out is not the one the next chunk
 * needs), XCTR (each call counts from the IV again: the IV does not
 * advance) and ESSIV (each call encrypts the IV again, the sector number,
 * into the CBC IV). The length rules, the key sizes and the IV size are
 * the library's: its errors and the template's descriptor, not a table
 * here. Output to a file goes to a temporary file in the same directory,
 * renamed only on success. The key text and the key are wiped after
 * setkey and the data buffer before exit. Whether the cipher runs in
 * constant time is the library's policy: without --allow-variable-time
 * only constant-time implementations are used.
 *
 * An authenticated cipher (aead: "gcm(aes)", "ccm(aes)") takes --iv as
 * its nonce, --aad or --aad-file as the associated data and --tag-length;
 * the whole input is one request, in memory. Encryption writes the
 * ciphertext, then the tag. Decryption takes the ciphertext followed by
 * the tag and decrypts in memory before any output is opened: with a tag
 * that does not verify nothing is written (no --out file is created or
 * touched, nothing goes to standard output) and the exit status is
 * CLI_BADTAG (3). The nonce lengths and tag lengths a mode takes are
 * asked of the library (its -EINVAL), not kept in a table here. No CPU
 * features needed here.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "aead.h"
#include "memzero.h"
#include "registry.h"
#include "select.h"
#include "skcipher.h"

#define CHUNK (64 * 1024)
/* The most input of a mode that is not streamed (xts, cts, xctr, essiv),
 * held in memory whole. */
#define WHOLE_MAX ((size_t)1 << 30)
/* Lengths probed to state a mode's length rule in a message. */
#define PROBE_MAX 48
/* The longest nonce the command takes (gcm takes any length), and the
 * lengths probed to state an aead's nonce rule. */
#define NONCE_MAX 1024
#define NONCE_PROBE 64

static const char usage[] =
	"usage: cryptarch enc|dec --alg NAME (--key HEX | --key-file FILE |\n"
	"                         --key-fd N) [--iv HEX] [--in FILE]\n"
	"                         [--out FILE] [--allow-variable-time]\n"
	"                         [--aad HEX | --aad-file FILE]\n"
	"                         [--tag-length N]\n"
	"\n"
	"Encrypt (enc) or decrypt (dec) raw bytes, without padding.\n"
	"  --alg NAME   a mode of a cipher: ecb(aes), cbc(aes), ctr(aes),\n"
	"               xts(aes), xctr(aes), cts(cbc(aes)),\n"
	"               essiv(cbc(aes),sha256), the same for twofish, or a\n"
	"               driver's instance such as cbc(aes-ct64) or\n"
	"               ctr-aes-ct64; or an authenticated cipher (aead):\n"
	"               gcm(aes), ccm(aes), gcm(twofish), ccm(twofish)\n"
	"  --key HEX    the key: 16, 24 or 32 bytes; xts: both keys, 32, 48\n"
	"               or 64 bytes (visible to every user in the process\n"
	"               list: prefer --key-file or --key-fd)\n"
	"  --key-file FILE  read the key, in hex as --key takes it, from FILE\n"
	"               (white space around it, such as a final newline, is\n"
	"               ignored; at most 4096 bytes)\n"
	"  --key-fd N   the same from file descriptor N (e.g. 3 with 3<FILE);\n"
	"               exactly one of --key, --key-file, --key-fd is needed\n"
	"  --iv HEX     16 bytes: the IV (cbc, cts), initial counter block\n"
	"               (ctr), tweak (xts), nonce (xctr) or sector number\n"
	"               (essiv: encrypted under sha256 of the key into the\n"
	"               cbc IV); required for those, ignored for ecb\n"
	"  --in FILE    input (default: standard input; - is standard input)\n"
	"  --out FILE   output (default: standard output), written only if\n"
	"               the whole operation succeeds\n"
	"  --allow-variable-time  allow table-based implementations\n"
	"ecb, cbc and essiv need a multiple of 16 bytes, xts and cts at least\n"
	"16 bytes; ctr and xctr take any length. ecb, cbc and ctr stream in\n"
	"64 KiB pieces; xts, cts, xctr and essiv make one request of the\n"
	"whole input, in memory (at most 1 GiB): no split of it into\n"
	"requests gives the output of one.\n"
	"aead (gcm, ccm): one request of the whole input, in memory.\n"
	"  --iv HEX     the nonce: gcm any length of at least 1 byte (12 is\n"
	"               the standard one), ccm 7 to 13 bytes; required\n"
	"  --aad HEX    associated data, authenticated but not encrypted\n"
	"  --aad-file FILE  the same read from FILE (default: none)\n"
	"  --tag-length N   tag bytes: gcm 4, 8 or 12 to 16, ccm 4, 6, 8,\n"
	"               10, 12, 14 or 16 (default 16)\n"
	"  enc writes the ciphertext, then the tag; dec takes the ciphertext\n"
	"  followed by the tag, and if the tag does not verify writes\n"
	"  nothing (no --out file is created or changed) and exits with 3.\n"
	"exit status: 0 done, 1 failed, 2 usage error, 3 dec: the tag does\n"
	"not verify.\n";

/* The temporary output file, removed if a signal ends the process. */
static char tmp_path[4096];
static volatile sig_atomic_t tmp_live;

static void on_signal(int sig)
{
	if (tmp_live)
		unlink(tmp_path);
	signal(sig, SIG_DFL);
	raise(sig);
}

static void catch_signals(void (*fn)(int))
{
	signal(SIGINT, fn);
	signal(SIGTERM, fn);
	signal(SIGHUP, fn);
}

struct output {
	const char *path; /* NULL: standard output */
	int fd;
};

static int open_output(const char *sub, struct output *out)
{
	const char *slash, *base;
	int n, fd;
	mode_t mask;

	if (!out->path) {
		out->fd = STDOUT_FILENO;
		return CLI_OK;
	}
	slash = strrchr(out->path, '/');
	base = slash ? slash + 1 : out->path;
	if (*base == '\0') {
		cli_error(sub, "--out: '%s' is a directory", out->path);
		return CLI_USAGE;
	}
	n = snprintf(tmp_path, sizeof(tmp_path), "%.*s.%s.XXXXXX",
		     slash ? (int)(base - out->path) : 0, out->path, base);
	if (n < 0 || (size_t)n >= sizeof(tmp_path)) {
		cli_error(sub, "--out: file name too long");
		return CLI_USAGE;
	}
	catch_signals(on_signal);
	fd = mkstemp(tmp_path);
	if (fd < 0) {
		cli_error(sub,
			  "--out: cannot create a temporary file next to "
			  "'%s': %s",
			  out->path, strerror(errno));
		catch_signals(SIG_DFL);
		return CLI_FAIL;
	}
	tmp_live = 1;
	/* The permissions a plain create would give, not mkstemp's 0600. */
	mask = umask(0);
	umask(mask);
	(void)fchmod(fd, 0666 & ~mask); /* on failure it stays 0600 */
	out->fd = fd;
	return CLI_OK;
}

/* Finish the output: rename the temporary file into place if OK, else
 * remove it. Returns the exit status. */
static int close_output(const char *sub, struct output *out, int status)
{
	if (!out->path)
		return status;
	if (close(out->fd) != 0 && status == CLI_OK) {
		cli_error(sub, "cannot write '%s': %s", out->path,
			  strerror(errno));
		status = CLI_FAIL;
	}
	if (status == CLI_OK && rename(tmp_path, out->path) != 0) {
		cli_error(sub, "cannot write '%s': %s", out->path,
			  strerror(errno));
		status = CLI_FAIL;
	}
	if (status != CLI_OK)
		unlink(tmp_path);
	tmp_live = 0;
	catch_signals(SIG_DFL);
	return status;
}

struct job {
	const char *sub;
	const char *alg; /* as named */
	cryptarch_skcipher *tfm;
	cryptarch_aead *aead;		       /* or an aead's handle */
	const struct cryptarch_template *tmpl; /* the name's mode */
	struct cryptarch_spec spec;	       /* one instance of the name */
	int stream; /* chunks give one call's output (ecb, cbc, ctr) */
	int decrypt;
	uint8_t iv[16];
	const char *in_name; /* for messages */
	int in_fd;
	struct output out;
	uint8_t *buf;
	size_t bufsize;
};

/* 1 if the library takes a request of LEN bytes (at most CHUNK) in the
 * job's direction: one throwaway request on scratch memory, never output. */
static int takes(const struct job *j, uint8_t *scratch, size_t len)
{
	uint8_t iv[16];
	int err;

	memcpy(iv, j->iv, sizeof(iv));
	memset(scratch, 0, len);
	if (j->decrypt)
		err = cryptarch_skcipher_decrypt(j->tfm, scratch, scratch, len,
						 iv);
	else
		err = cryptarch_skcipher_encrypt(j->tfm, scratch, scratch, len,
						 iv);
	cryptarch_memzero(scratch, len);
	cryptarch_memzero(iv, sizeof(iv));
	return err != -EINVAL;
}

/* The mode's length rule as a phrase ("a multiple of 16 bytes", "at
 * least 16 bytes"), from what the library takes of 1..PROBE_MAX bytes. */
static const char *length_rule(const struct job *j, char *buf, size_t size)
{
	uint8_t scratch[PROBE_MAX];
	int ok[PROBE_MAX + 1];
	size_t n, first = 0, step = 0;
	int multiples = 1, from = 1;

	for (n = 1; n <= PROBE_MAX; n++) {
		ok[n] = takes(j, scratch, n);
		if (ok[n] && !first)
			first = n;
	}
	if (!first) {
		snprintf(buf, size, "no length of 1 to %d bytes", PROBE_MAX);
		return buf;
	}
	step = first;
	for (n = 1; n <= PROBE_MAX; n++) {
		if (ok[n] != (n % step == 0))
			multiples = 0;
		if (ok[n] != (n >= first))
			from = 0;
	}
	if (multiples && step > 1)
		snprintf(buf, size, "a multiple of %zu bytes", step);
	else if (from)
		snprintf(buf, size, "at least %zu bytes", first);
	else
		snprintf(buf, size, "other lengths");
	return buf;
}

static int bad_length(const struct job *j, unsigned long long len)
{
	char rule[64];

	cli_error(j->sub, "input is %llu bytes; %s takes %s", len, j->alg,
		  length_rule(j, rule, sizeof(rule)));
	return CLI_FAIL;
}

/* One request of LEN bytes over the buffer, then its output; TOTAL is the
 * input so far, for a message about its length. */
static int process(struct job *j, size_t len, unsigned long long total)
{
	int err;

	if (j->decrypt)
		err = cryptarch_skcipher_decrypt(j->tfm, j->buf, j->buf, len,
						 j->iv);
	else
		err = cryptarch_skcipher_encrypt(j->tfm, j->buf, j->buf, len,
						 j->iv);
	if (err == -EINVAL)
		return bad_length(j, total);
	if (err) {
		cli_error(j->sub, "%s", cryptarch_strerror(err));
		return CLI_FAIL;
	}
	if (cli_write_all(j->out.fd, j->buf, len) != 0) {
		cli_error(j->sub, "cannot write %s: %s",
			  j->out.path ? j->out.path : "standard output",
			  strerror(errno));
		return CLI_FAIL;
	}
	return CLI_OK;
}

static int read_error(const struct job *j)
{
	cli_error(j->sub, "cannot read %s: %s", j->in_name, strerror(errno));
	return CLI_FAIL;
}

/* ECB, CBC, CTR: whole chunks of whole blocks, then the rest. */
static int stream(struct job *j)
{
	unsigned long long total = 0;
	struct stat st;
	ssize_t n;
	int ret;

	j->bufsize = CHUNK;
	j->buf = malloc(j->bufsize);
	if (!j->buf) {
		cli_error(j->sub, "%s", cryptarch_strerror(-ENOMEM));
		return CLI_FAIL;
	}
	/* A regular file's length can be checked before any output: the
	 * last request is what is left after the whole chunks. */
	if (fstat(j->in_fd, &st) == 0 && S_ISREG(st.st_mode) &&
	    st.st_size > CHUNK && st.st_size % CHUNK &&
	    !takes(j, j->buf, (size_t)(st.st_size % CHUNK)))
		return bad_length(j, (unsigned long long)st.st_size);
	do {
		n = cli_read_full(j->in_fd, j->buf, CHUNK);
		if (n < 0)
			return read_error(j);
		total += (unsigned long long)n;
		ret = process(j, (size_t)n, total);
		if (ret)
			return ret;
	} while (n == CHUNK);
	return CLI_OK;
}

/*
 * Read all of FD (named WHAT in messages) into *BUF (malloc()ed, *SIZE
 * bytes, at least EXTRA bytes beyond the data), its length in *LEN, at
 * most WHOLE_MAX bytes. A buffer outgrown is wiped before it is freed.
 * CLI_OK, or CLI_FAIL after a message.
 */
static int slurp(const struct job *j, int fd, const char *what, size_t extra,
		 uint8_t **buf, size_t *size, size_t *len)
{
	ssize_t n;
	uint8_t *p;

	*len = 0;
	do {
		if (*len + extra >= *size) {
			size_t nsize = *size ? 2 * *size : CHUNK;

			if (*size >= WHOLE_MAX) {
				cli_error(j->sub,
					  "%s: larger than %zu bytes; %s "
					  "takes it as one request in memory",
					  what, WHOLE_MAX, j->alg);
				return CLI_FAIL;
			}
			/* Not realloc: the old buffer is wiped first. */
			p = malloc(nsize);
			if (!p) {
				cli_error(j->sub, "%s",
					  cryptarch_strerror(-ENOMEM));
				return CLI_FAIL;
			}
			if (*buf) {
				memcpy(p, *buf, *len);
				cryptarch_memzero(*buf, *size);
				free(*buf);
			}
			*buf = p;
			*size = nsize;
		}
		n = cli_read_full(fd, *buf + *len, *size - extra - *len);
		if (n < 0) {
			cli_error(j->sub, "cannot read %s: %s", what,
				  strerror(errno));
			return CLI_FAIL;
		}
		*len += (size_t)n;
	} while (*len + extra == *size);
	return CLI_OK;
}

/* Other modes (xts, cts, xctr, essiv): the whole input, one request. */
static int whole(struct job *j)
{
	size_t len;
	int ret = slurp(j, j->in_fd, j->in_name, 0, &j->buf, &j->bufsize, &len);

	return ret ? ret : process(j, len, len);
}

static int set_key(struct job *j, const char *opt, const uint8_t *key,
		   size_t keylen)
{
	int err = keylen <= CLI_MAX_KEY ?
			  cryptarch_skcipher_setkey(j->tfm, key, keylen) :
			  -EINVAL;

	return cli_key_status(j->sub, opt, j->alg, &j->spec, keylen, err);
}

/* One instance of the name, for its template, key sizes and iv size
 * (every instance of a name has the same). */
static int spec_of(const char *name, const struct cryptarch_type *type,
		   struct cryptarch_spec *s)
{
	struct cryptarch_cands *c = malloc(sizeof(*c));
	int err = -ENOMEM;

	if (c) {
		err = cryptarch_cands(name, type, c);
		if (!err)
			*s = c->v[0];
		free(c);
	}
	return err;
}

/* Whether the mode's output can be made in chunks: the modes whose iv
 * carries the stream from one call to the next (cbc, ctr) or that have
 * none (ecb); every other mode gets the whole input in one request (xts:
 * a data unit; cts: the tail is swapped; xctr: the iv does not advance;
 * essiv: the iv is encrypted again by each call). */
static int streams(const struct cryptarch_template *t)
{
	static const char *const names[] = { "ecb", "cbc", "ctr" };
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (t == cryptarch_template_find(names[i], strlen(names[i])))
			return 1;
	return 0;
}

static int run(struct job *j, const struct cli_key_source *k, const char *ivhex,
	       const char *in, unsigned flags)
{
	uint8_t key[CLI_MAX_KEY];
	size_t keylen = 0, ivlen = 0;
	unsigned ivsize, want;
	int in_is_stdin = !in || strcmp(in, "-") == 0;
	int ret, err;

	ret = cli_get_key(j->sub, k, in_is_stdin, key, &keylen);
	if (ret)
		goto out;
	ret = CLI_USAGE;
	if (ivhex &&
	    cli_hex(j->sub, "--iv", ivhex, j->iv, sizeof(j->iv), &ivlen))
		goto out;
	ret = cli_open(j->sub, "--alg", j->alg, flags, &j->tfm);
	if (ret)
		goto out;
	err = spec_of(j->alg, &cryptarch_type_skcipher, &j->spec);
	if (err) {
		cli_error(j->sub, "--alg: %s: %s", j->alg,
			  cryptarch_strerror(err));
		ret = CLI_FAIL;
		goto out;
	}
	j->tmpl = cryptarch_spec_template(&j->spec);
	j->stream = streams(j->tmpl);
	/* A mode without an iv still checks one given as a block. */
	ivsize = cryptarch_spec_ivsize(&j->spec);
	want = ivsize ? ivsize : cryptarch_spec_base(&j->spec)->alg->blocksize;
	ret = CLI_USAGE;
	if (ivhex && (ivlen != want || want > sizeof(j->iv))) {
		cli_error(j->sub, "--iv: wrong length: %zu bytes (expected %u)",
			  ivlen, want);
		goto out;
	}
	ret = set_key(j, k->opt, key, keylen);
	if (ret)
		goto out;
	cryptarch_memzero(key, sizeof(key));
	ret = CLI_USAGE;
	if (!ivhex && ivsize) {
		cli_error(j->sub, "--iv: missing; %s needs a %u-byte IV",
			  j->alg, ivsize);
		goto out;
	}
	if (ivhex && !ivsize)
		cli_warn(j->sub, "--iv: not used by %s; ignored",
			 j->tmpl->name);

	j->in_fd = STDIN_FILENO;
	j->in_name = "standard input";
	if (!in_is_stdin) {
		j->in_name = in;
		j->in_fd = open(in, O_RDONLY);
		if (j->in_fd < 0) {
			cli_error(j->sub, "--in: cannot open '%s': %s", in,
				  strerror(errno));
			ret = CLI_FAIL;
			goto out;
		}
	}
	ret = open_output(j->sub, &j->out);
	if (ret)
		goto out;
	if (j->stream)
		ret = stream(j);
	else
		ret = whole(j);
	ret = close_output(j->sub, &j->out, ret);
out:
	cryptarch_memzero(key, sizeof(key));
	return ret;
}

/* ---- authenticated ciphers (aead) -------------------------------------- */

/* The options only an aead takes. */
struct aead_opts {
	const char *aad;      /* --aad */
	const char *aad_file; /* --aad-file */
	const char *tag;      /* --tag-length */
};

/* 1 if NAME names an aead ("gcm(aes)", "ccm(aes-ct64)", "gcm-aes-aesni"). */
static int is_aead(const char *name)
{
	struct cryptarch_cands *c = malloc(sizeof(*c));
	int yes = c && cryptarch_cands(name, NULL, c) == 0 &&
		  c->type == &cryptarch_type_aead;

	free(c);
	return yes;
}

/* The tag lengths the keyed handle takes, "4, 8, 12, 13, 14, 15 or 16",
 * into BUF; the handle's tag length is left at AUTHSIZE. */
static const char *tag_lengths(cryptarch_aead *tfm, size_t authsize, char *buf,
			       size_t size)
{
	size_t t, k = 0, n = 0, count = 0;

	for (t = 1; t <= CRYPTARCH_AEAD_TAG_MAX; t++)
		count += cryptarch_aead_setauthsize(tfm, t) == 0;
	if (size)
		buf[0] = '\0';
	for (t = 1; t <= CRYPTARCH_AEAD_TAG_MAX && n < size; t++) {
		if (cryptarch_aead_setauthsize(tfm, t) != 0)
			continue;
		k++;
		n += (size_t)snprintf(buf + n, size - n, "%s%zu",
				      k == 1	 ? "" :
				      k == count ? " or " :
						   ", ",
				      t);
	}
	if (cryptarch_aead_setauthsize(tfm, authsize) != 0)
		buf[0] = '\0'; /* cannot happen: it was the handle's */
	return buf;
}

/* 1 if the keyed handle takes a nonce of LEN bytes: a throwaway
 * encryption of nothing, its tag into scratch memory. */
static int takes_nonce(cryptarch_aead *tfm, size_t len)
{
	static const uint8_t zero[NONCE_PROBE];
	uint8_t tag[CRYPTARCH_AEAD_TAG_MAX];
	int err = cryptarch_aead_encrypt(tfm, NULL, tag, 0, zero, len, NULL, 0);

	cryptarch_memzero(tag, sizeof(tag));
	return err != -EINVAL;
}

/* The nonce lengths the keyed handle takes, from what it takes of 1 to
 * NONCE_PROBE bytes: "7 to 13 bytes", "at least 1 byte", "12 bytes". */
static const char *nonce_rule(cryptarch_aead *tfm, char *buf, size_t size)
{
	size_t n, first = 0, last = 0;
	int gap = 0;

	for (n = 1; n <= NONCE_PROBE; n++) {
		if (!takes_nonce(tfm, n))
			continue;
		if (!first)
			first = n;
		else if (last != n - 1)
			gap = 1;
		last = n;
	}
	if (!first)
		snprintf(buf, size, "no length of 1 to %d bytes", NONCE_PROBE);
	else if (gap)
		snprintf(buf, size, "some lengths of %zu to %zu bytes", first,
			 last);
	else if (last == NONCE_PROBE)
		snprintf(buf, size, "at least %zu byte%s", first,
			 first == 1 ? "" : "s");
	else if (first == last)
		snprintf(buf, size, "%zu bytes", first);
	else
		snprintf(buf, size, "%zu to %zu bytes", first, last);
	return buf;
}

/* --tag-length N into the handle; CLI_OK or CLI_USAGE after a message. */
static int set_tag_length(struct job *j, const char *v)
{
	char lens[96], *end;
	unsigned long n;

	errno = 0;
	n = strtoul(v, &end, 10);
	if (!*v || *end || errno || v[0] == '-' || v[0] == '+') {
		cli_error(j->sub, "--tag-length: not a number of bytes: '%s'",
			  v);
		return CLI_USAGE;
	}
	if (n > CRYPTARCH_AEAD_TAG_MAX ||
	    cryptarch_aead_setauthsize(j->aead, n) != 0) {
		cli_error(j->sub,
			  "--tag-length: %s takes tags of %s bytes, not %s",
			  j->alg,
			  tag_lengths(j->aead, cryptarch_aead_authsize(j->aead),
				      lens, sizeof(lens)),
			  v);
		return CLI_USAGE;
	}
	return CLI_OK;
}

/* The associated data of --aad or --aad-file into *AD (malloc()ed, may
 * stay NULL when there is none), its length in *ADLEN. */
static int get_aad(struct job *j, const struct aead_opts *a, int in_is_stdin,
		   uint8_t **ad, size_t *adlen)
{
	size_t size = 0, n = 0;
	int fd, ret;

	*adlen = 0;
	if (a->aad) {
		n = strlen(a->aad) / 2 + 1;
		*ad = malloc(n);
		if (!*ad) {
			cli_error(j->sub, "%s", cryptarch_strerror(-ENOMEM));
			return CLI_FAIL;
		}
		return cli_hex(j->sub, "--aad", a->aad, *ad, n, adlen) ?
			       CLI_USAGE :
			       CLI_OK;
	}
	if (!a->aad_file)
		return CLI_OK;
	if (strcmp(a->aad_file, "-") == 0) {
		if (in_is_stdin) {
			cli_error(j->sub,
				  "--aad-file: - is standard input, which "
				  "the data comes from (give --in FILE)");
			return CLI_USAGE;
		}
		return slurp(j, STDIN_FILENO, "--aad-file: standard input", 0,
			     ad, &size, adlen);
	}
	fd = open(a->aad_file, O_RDONLY);
	if (fd < 0) {
		cli_error(j->sub, "--aad-file: cannot open '%s': %s",
			  a->aad_file, strerror(errno));
		return CLI_FAIL;
	}
	ret = slurp(j, fd, a->aad_file, 0, ad, &size, adlen);
	close(fd);
	return ret;
}

/* The output of a finished request: LEN bytes of the buffer, written to
 * --out (a temporary file renamed into place) or standard output. */
static int emit(struct job *j, size_t len)
{
	int ret = open_output(j->sub, &j->out);

	if (ret)
		return ret;
	if (len && cli_write_all(j->out.fd, j->buf, len) != 0) {
		cli_error(j->sub, "cannot write %s: %s",
			  j->out.path ? j->out.path : "standard output",
			  strerror(errno));
		ret = CLI_FAIL;
	}
	return close_output(j->sub, &j->out, ret);
}

/*
 * enc/dec with an aead: key, tag length, nonce (checked against the
 * library before the input is read), associated data, then the whole
 * input as one request, in place, and only then the output.
 */
static int run_aead(struct job *j, const struct cli_key_source *k,
		    const char *ivhex, const char *in, unsigned flags,
		    const struct aead_opts *a)
{
	uint8_t key[CLI_MAX_KEY], *nonce = NULL, *ad = NULL;
	size_t keylen = 0, noncelen = 0, adlen = 0, len = 0, authsize;
	int in_is_stdin = !in || strcmp(in, "-") == 0;
	char rule[96];
	int ret, err;

	ret = cli_get_key(j->sub, k, in_is_stdin, key, &keylen);
	if (ret)
		goto out;
	ret = CLI_FAIL;
	nonce = malloc(NONCE_MAX);
	if (!nonce) {
		cli_error(j->sub, "%s", cryptarch_strerror(-ENOMEM));
		goto out;
	}
	ret = CLI_USAGE;
	if (ivhex &&
	    cli_hex(j->sub, "--iv", ivhex, nonce, NONCE_MAX, &noncelen))
		goto out;
	if (noncelen > NONCE_MAX) {
		cli_error(j->sub, "--iv: %zu bytes; at most %d are taken",
			  noncelen, NONCE_MAX);
		goto out;
	}
	ret = cli_open_aead(j->sub, "--alg", j->alg, flags, &j->aead);
	if (ret)
		goto out;
	err = spec_of(j->alg, &cryptarch_type_aead, &j->spec);
	if (err) {
		cli_error(j->sub, "--alg: %s: %s", j->alg,
			  cryptarch_strerror(err));
		ret = CLI_FAIL;
		goto out;
	}
	err = keylen <= CLI_MAX_KEY ?
		      cryptarch_aead_setkey(j->aead, key, keylen) :
		      -EINVAL;
	cryptarch_memzero(key, sizeof(key));
	ret = cli_key_status(j->sub, k->opt, j->alg, &j->spec, keylen, err);
	if (ret)
		goto out;
	if (a->tag) {
		ret = set_tag_length(j, a->tag);
		if (ret)
			goto out;
	}
	authsize = cryptarch_aead_authsize(j->aead);
	ret = CLI_USAGE;
	if (!ivhex) {
		cli_error(j->sub, "--iv: missing; %s needs a nonce of %s",
			  j->alg, nonce_rule(j->aead, rule, sizeof(rule)));
		goto out;
	}
	if (!takes_nonce(j->aead, noncelen)) {
		cli_error(j->sub,
			  "--iv: wrong nonce length for %s: %zu bytes "
			  "(expected %s)",
			  j->alg, noncelen,
			  nonce_rule(j->aead, rule, sizeof(rule)));
		goto out;
	}
	ret = get_aad(j, a, in_is_stdin, &ad, &adlen);
	if (ret)
		goto out;

	j->in_fd = STDIN_FILENO;
	j->in_name = "standard input";
	if (!in_is_stdin) {
		j->in_name = in;
		j->in_fd = open(in, O_RDONLY);
		if (j->in_fd < 0) {
			cli_error(j->sub, "--in: cannot open '%s': %s", in,
				  strerror(errno));
			ret = CLI_FAIL;
			goto out;
		}
	}
	/* room for the tag after the plaintext */
	ret = slurp(j, j->in_fd, j->in_name, CRYPTARCH_AEAD_TAG_MAX, &j->buf,
		    &j->bufsize, &len);
	if (ret)
		goto out;
	ret = CLI_FAIL;
	if (j->decrypt && len < authsize) {
		cli_error(j->sub,
			  "input is %zu bytes, shorter than the %zu-byte tag "
			  "it must end with",
			  len, authsize);
		goto out;
	}
	if (j->decrypt)
		err = cryptarch_aead_decrypt(j->aead, j->buf, j->buf, len,
					     nonce, noncelen, ad, adlen);
	else
		err = cryptarch_aead_encrypt(j->aead, j->buf, j->buf, len,
					     nonce, noncelen, ad, adlen);
	if (err == -EBADMSG) {
		cli_error(j->sub,
			  "authentication failed: the tag does not verify "
			  "(wrong key, nonce, associated data or tag length, "
			  "or the data was changed); nothing written");
		ret = CLI_BADTAG;
		goto out;
	}
	if (err == -EINVAL) {
		cli_error(j->sub,
			  "input is %zu bytes: more than %s takes with a "
			  "%zu-byte nonce",
			  j->decrypt ? len - authsize : len, j->alg, noncelen);
		goto out;
	}
	if (err) {
		cli_error(j->sub, "%s", cryptarch_strerror(err));
		goto out;
	}
	ret = emit(j, j->decrypt ? len - authsize : len + authsize);
out:
	cryptarch_memzero(key, sizeof(key));
	if (nonce)
		cryptarch_memzero(nonce, NONCE_MAX);
	free(nonce);
	free(ad);
	return ret;
}

/* see cli.h */
int cmd_enc(int argc, char **argv)
{
	const char *iv = NULL, *in = NULL;
	const char *sub = argv[0];
	struct cli_key_source k;
	struct aead_opts a;
	unsigned flags = 0;
	struct job j;
	int i, r, ret, nkey, aead;

	memset(&j, 0, sizeof(j));
	memset(&k, 0, sizeof(k));
	memset(&a, 0, sizeof(a));
	j.sub = sub;
	j.decrypt = strcmp(sub, "dec") == 0;
	for (i = 1; i < argc; i++) {
		const char *arg = argv[i];

		if (cli_flag(arg, "help") || strcmp(arg, "-h") == 0) {
			fputs(usage, stdout);
			return CLI_OK;
		}
		if (cli_flag(arg, "allow-variable-time")) {
			flags |= CRYPTARCH_ALLOW_VARIABLE_TIME;
			continue;
		}
		if ((r = cli_value(sub, argc, argv, &i, "alg", &j.alg)) ||
		    (r = cli_key_option(sub, argc, argv, &i, &k)) ||
		    (r = cli_value(sub, argc, argv, &i, "iv", &iv)) ||
		    (r = cli_value(sub, argc, argv, &i, "in", &in)) ||
		    (r = cli_value(sub, argc, argv, &i, "out", &j.out.path)) ||
		    (r = cli_value(sub, argc, argv, &i, "aad", &a.aad)) ||
		    (r = cli_value(sub, argc, argv, &i, "aad-file",
				   &a.aad_file)) ||
		    (r = cli_value(sub, argc, argv, &i, "tag-length",
				   &a.tag))) {
			if (r < 0)
				return CLI_USAGE;
			continue;
		}
		return cli_bad_arg(sub, arg);
	}
	if (!j.alg) {
		cli_error(sub, "missing --alg (e.g. --alg 'cbc(aes)')");
		return CLI_USAGE;
	}
	nkey = cli_key_given(sub, &k);
	if (nkey < 0)
		return CLI_USAGE;
	if (nkey == 0) {
		cli_error(sub,
			  "missing --key (or --key-file FILE, --key-fd N)");
		return CLI_USAGE;
	}
	if (j.out.path && strcmp(j.out.path, "-") == 0)
		j.out.path = NULL;
	if (j.out.path && j.out.path[0] == '\0') {
		cli_error(sub, "--out: empty file name");
		return CLI_USAGE;
	}
	if (in && in[0] == '\0') {
		cli_error(sub, "--in: empty file name");
		return CLI_USAGE;
	}
	if (a.aad && a.aad_file) {
		cli_error(sub, "--aad and --aad-file: give only one");
		return CLI_USAGE;
	}
	if (a.aad_file && a.aad_file[0] == '\0') {
		cli_error(sub, "--aad-file: empty file name");
		return CLI_USAGE;
	}
	aead = is_aead(j.alg);
	if (!aead && (a.aad || a.aad_file || a.tag)) {
		cli_error(sub,
			  "%s: only an authenticated cipher (aead: gcm, ccm) "
			  "takes it; %s is not one",
			  a.aad	     ? "--aad" :
			  a.aad_file ? "--aad-file" :
				       "--tag-length",
			  j.alg);
		return CLI_USAGE;
	}

	if (aead)
		ret = run_aead(&j, &k, iv, in, flags, &a);
	else
		ret = run(&j, &k, iv, in, flags);

	if (j.in_fd > STDIN_FILENO)
		close(j.in_fd);
	if (j.buf) {
		cryptarch_memzero(j.buf, j.bufsize);
		free(j.buf);
	}
	cryptarch_skcipher_free(j.tfm);
	cryptarch_aead_free(j.aead);
	return ret;
}
