/* SPDX-License-Identifier: MIT */
/*
 * enc.c - `cryptarch enc` and `cryptarch dec`: encrypt or decrypt raw bytes
 * from a file or standard input with a named mode ("cbc(aes)"), a key and an
 * IV given in hex, to a file or standard output. ECB, CBC and CTR stream in
 * 64 KiB chunks (whole blocks, so the IV carries the chain from one chunk to
 * the next and the output is that of one call); XTS reads the whole input,
 * since one call is one data unit. Output to a file goes to a temporary
 * file in the same directory, renamed only on success. The key buffer is
 * wiped after setkey and the data buffer before exit. Whether the cipher
 * runs in constant time is the library's policy: without
 * --allow-variable-time only constant-time implementations are used. No CPU
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
#include "memzero.h"
#include "registry.h"

#define CHUNK (64 * 1024)
/* XTS input is one data unit, held in memory whole. */
#define XTS_MAX ((size_t)1 << 30)
#define MAX_KEY 64

static const char usage[] =
	"usage: cryptarch enc|dec --alg NAME --key HEX [--iv HEX]\n"
	"                         [--in FILE] [--out FILE] "
	"[--allow-variable-time]\n"
	"\n"
	"Encrypt (enc) or decrypt (dec) raw bytes, without padding.\n"
	"  --alg NAME   a mode of a cipher: ecb(aes), cbc(aes), ctr(aes),\n"
	"               xts(aes), the same for twofish, or a driver's\n"
	"               instance such as cbc(aes-ct64) or ctr-aes-ct64\n"
	"  --key HEX    the key: 16, 24 or 32 bytes; xts: both keys, 32, 48\n"
	"               or 64 bytes\n"
	"  --iv HEX     16 bytes: the IV (cbc), initial counter block (ctr)\n"
	"               or tweak (xts); required for those, ignored for ecb\n"
	"  --in FILE    input (default: standard input; - is standard input)\n"
	"  --out FILE   output (default: standard output), written only if\n"
	"               the whole operation succeeds\n"
	"  --allow-variable-time  allow table-based implementations\n"
	"ecb and cbc need a multiple of 16 bytes, xts at least 16 bytes.\n";

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

/* Read up to N bytes, retrying short reads; returns the count or -1. */
static ssize_t read_full(int fd, uint8_t *buf, size_t n)
{
	size_t got = 0;

	while (got < n) {
		ssize_t r = read(fd, buf + got, n - got);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -1;
		if (r == 0)
			break;
		got += (size_t)r;
	}
	return (ssize_t)got;
}

static int write_all(int fd, const uint8_t *buf, size_t n)
{
	while (n) {
		ssize_t w = write(fd, buf, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			return -1;
		buf += w;
		n -= (size_t)w;
	}
	return 0;
}

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
	cryptarch_skcipher *tfm;
	int mode;
	int decrypt;
	uint8_t iv[16];
	const char *in_name; /* for messages */
	int in_fd;
	struct output out;
	uint8_t *buf;
	size_t bufsize;
};

static int process(struct job *j, size_t len)
{
	int err;

	if (j->decrypt)
		err = cryptarch_skcipher_decrypt(j->tfm, j->buf, j->buf, len,
						 j->iv);
	else
		err = cryptarch_skcipher_encrypt(j->tfm, j->buf, j->buf, len,
						 j->iv);
	if (err) {
		cli_error(j->sub, "%s", cryptarch_strerror(err));
		return CLI_FAIL;
	}
	if (write_all(j->out.fd, j->buf, len) != 0) {
		cli_error(j->sub, "cannot write %s: %s",
			  j->out.path ? j->out.path : "standard output",
			  strerror(errno));
		return CLI_FAIL;
	}
	return CLI_OK;
}

static int bad_length(const struct job *j, unsigned long long len)
{
	if (j->mode == CRYPTARCH_MODE_XTS)
		cli_error(j->sub, "input is %llu bytes; xts needs at least 16",
			  len);
	else
		cli_error(j->sub,
			  "input is %llu bytes, not a multiple of 16 "
			  "as %s needs",
			  len, cli_modes[j->mode]);
	return CLI_FAIL;
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

	/* A regular file's length can be checked before any output. */
	if (j->mode != CRYPTARCH_MODE_CTR && fstat(j->in_fd, &st) == 0 &&
	    S_ISREG(st.st_mode) && st.st_size % 16 != 0)
		return bad_length(j, (unsigned long long)st.st_size);
	j->bufsize = CHUNK;
	j->buf = malloc(j->bufsize);
	if (!j->buf) {
		cli_error(j->sub, "%s", cryptarch_strerror(-ENOMEM));
		return CLI_FAIL;
	}
	do {
		n = read_full(j->in_fd, j->buf, CHUNK);
		if (n < 0)
			return read_error(j);
		total += (unsigned long long)n;
		if (j->mode != CRYPTARCH_MODE_CTR && n % 16 != 0)
			return bad_length(j, total);
		ret = process(j, (size_t)n);
		if (ret)
			return ret;
	} while (n == CHUNK);
	return CLI_OK;
}

/* XTS: the whole input is one data unit. */
static int whole(struct job *j)
{
	size_t len = 0;
	ssize_t n;
	uint8_t *p;

	do {
		if (len == j->bufsize) {
			size_t size = j->bufsize ? 2 * j->bufsize : CHUNK;

			if (j->bufsize >= XTS_MAX) {
				cli_error(j->sub,
					  "input larger than %zu "
					  "bytes; xts takes it as one data "
					  "unit in memory",
					  XTS_MAX);
				return CLI_FAIL;
			}
			/* Not realloc: the old buffer is wiped first. */
			p = malloc(size);
			if (!p) {
				cli_error(j->sub, "%s",
					  cryptarch_strerror(-ENOMEM));
				return CLI_FAIL;
			}
			if (j->buf) {
				memcpy(p, j->buf, len);
				cryptarch_memzero(j->buf, j->bufsize);
				free(j->buf);
			}
			j->buf = p;
			j->bufsize = size;
		}
		n = read_full(j->in_fd, j->buf + len, j->bufsize - len);
		if (n < 0)
			return read_error(j);
		len += (size_t)n;
	} while (len == j->bufsize);
	if (len < 16)
		return bad_length(j, len);
	return process(j, len);
}

static int set_key(struct job *j, const char *alg, const uint8_t *key,
		   size_t keylen)
{
	int err = -EINVAL;

	if (keylen <= MAX_KEY)
		err = cryptarch_skcipher_setkey(j->tfm, key, keylen);
	if (err == -EINVAL) {
		cli_error(j->sub,
			  "--key: wrong length for %s: %zu bytes (expected %s)",
			  alg, keylen,
			  j->mode == CRYPTARCH_MODE_XTS ?
				  "32, 48 or 64: two keys" :
				  "16, 24 or 32");
		return CLI_USAGE;
	}
	if (err) {
		cli_error(j->sub, "--key: %s", cryptarch_strerror(err));
		return CLI_FAIL;
	}
	return CLI_OK;
}

static int run(struct job *j, const char *alg, const char *keyhex,
	       const char *ivhex, const char *in, unsigned flags)
{
	uint8_t key[MAX_KEY];
	size_t keylen, ivlen;
	int ret;

	if (cli_hex(j->sub, "--key", keyhex, key, sizeof(key), &keylen))
		return CLI_USAGE;
	ret = CLI_USAGE;
	if (ivhex &&
	    cli_hex(j->sub, "--iv", ivhex, j->iv, sizeof(j->iv), &ivlen))
		goto out;
	if (ivhex && ivlen != sizeof(j->iv)) {
		cli_error(j->sub, "--iv: wrong length: %zu bytes (expected 16)",
			  ivlen);
		goto out;
	}
	ret = cli_open(j->sub, "--alg", alg, flags, &j->tfm);
	if (ret)
		goto out;
	j->mode = cli_mode_of(cryptarch_skcipher_driver(j->tfm));
	ret = set_key(j, alg, key, keylen);
	if (ret)
		goto out;
	cryptarch_memzero(key, sizeof(key));
	ret = CLI_USAGE;
	if (!ivhex && j->mode != CRYPTARCH_MODE_ECB) {
		cli_error(j->sub, "--iv: missing; %s needs a 16-byte %s", alg,
			  j->mode == CRYPTARCH_MODE_CTR ? "counter block" :
			  j->mode == CRYPTARCH_MODE_XTS ? "tweak" :
							  "IV");
		goto out;
	}
	if (ivhex && j->mode == CRYPTARCH_MODE_ECB)
		cli_warn(j->sub, "--iv: not used by ecb; ignored");

	j->in_fd = STDIN_FILENO;
	j->in_name = "standard input";
	if (in && strcmp(in, "-") != 0) {
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
	if (j->mode == CRYPTARCH_MODE_XTS)
		ret = whole(j);
	else
		ret = stream(j);
	ret = close_output(j->sub, &j->out, ret);
out:
	cryptarch_memzero(key, sizeof(key));
	return ret;
}

/* see cli.h */
int cmd_enc(int argc, char **argv)
{
	const char *alg = NULL, *key = NULL, *iv = NULL, *in = NULL;
	const char *sub = argv[0];
	unsigned flags = 0;
	struct job j;
	int i, r, ret;

	memset(&j, 0, sizeof(j));
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
		if ((r = cli_value(sub, argc, argv, &i, "alg", &alg)) ||
		    (r = cli_value(sub, argc, argv, &i, "key", &key)) ||
		    (r = cli_value(sub, argc, argv, &i, "iv", &iv)) ||
		    (r = cli_value(sub, argc, argv, &i, "in", &in)) ||
		    (r = cli_value(sub, argc, argv, &i, "out", &j.out.path))) {
			if (r < 0)
				return CLI_USAGE;
			continue;
		}
		return cli_bad_arg(sub, arg);
	}
	if (!alg) {
		cli_error(sub, "missing --alg (e.g. --alg 'cbc(aes)')");
		return CLI_USAGE;
	}
	if (!key) {
		cli_error(sub, "missing --key");
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

	ret = run(&j, alg, key, iv, in, flags);

	if (j.in_fd > STDIN_FILENO)
		close(j.in_fd);
	if (j.buf) {
		cryptarch_memzero(j.buf, j.bufsize);
		free(j.buf);
	}
	cryptarch_skcipher_free(j.tfm);
	return ret;
}
