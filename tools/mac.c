/* SPDX-License-Identifier: MIT */
/*
 * mac.c - `cryptarch mac`: the tag (digest) of a file or standard input
 * under a named hash (type shash), printed in lower-case hex and a
 * newline, in the spirit of libkcapi's kcapi-dgst. A keyed hash
 * ("cmac(aes)", "xcbc(aes)", "cbcmac(aes)") needs a key, in hex, given as
 * enc takes it (on the command line, or read from a file or a file
 * descriptor, so that it need not be visible in the process list); an
 * unkeyed one ("sha256") refuses a key. The input is read in 64 KiB
 * pieces, each one update of the hash, so that its length is unbounded;
 * the tag depends only on the bytes (the library's rule for updates).
 * The key sizes are the library's (the instance's descriptor, and setkey's
 * -EINVAL). Nothing is printed unless the whole input was read. The key
 * text and the key are wiped after setkey, the data buffer before exit.
 * Whether the cipher under the hash runs in constant time is the library's
 * policy: without --allow-variable-time only constant-time implementations
 * are used. No CPU features needed here.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "memzero.h"
#include "select.h"
#include "shash.h"
#include "spec.h"

#define CHUNK (64 * 1024)
/* The longest digest a registered hash has (sha256: 32 bytes). */
#define MAX_DIGEST 64

static const char usage[] =
	"usage: cryptarch mac --alg NAME [--key HEX | --key-file FILE |\n"
	"                     --key-fd N] [--in FILE] [--allow-variable-time]\n"
	"\n"
	"Print the tag of a file or standard input under a hash, in\n"
	"lower-case hex and a newline.\n"
	"  --alg NAME   a keyed hash: cmac(aes), xcbc(aes), cbcmac(aes), the\n"
	"               same for twofish, ghash; an unkeyed one: sha256; or\n"
	"               a driver's instance such as cmac(aes-ct64)\n"
	"  --key HEX    the key of a keyed hash: 16, 24 or 32 bytes (xcbc,\n"
	"               ghash: 16); visible to every user in the process\n"
	"               list: prefer --key-file or --key-fd. An unkeyed hash\n"
	"               takes no key\n"
	"  --key-file FILE  read the key, in hex as --key takes it, from FILE\n"
	"               (white space around it is ignored; at most 4096\n"
	"               bytes)\n"
	"  --key-fd N   the same from file descriptor N (e.g. 3 with 3<FILE);\n"
	"               at most one of --key, --key-file, --key-fd\n"
	"  --in FILE    input (default: standard input; - is standard input),\n"
	"               of any length (0 included), read in 64 KiB pieces\n"
	"  --allow-variable-time  allow table-based implementations\n"
	"cmac and xcbc are the MACs of SP 800-38B and RFC 3566; cbcmac is the\n"
	"raw CBC-MAC of CCM (the last block zero-padded), sound only for\n"
	"messages of one fixed length; ghash is GCM's hash keyed by H (the\n"
	"last block zero-padded, no lengths block), not a MAC by itself.\n";

struct job {
	const char *sub;
	const char *alg;
	cryptarch_shash *tfm;
	struct cryptarch_spec spec; /* one instance of the name */
	const char *in_name;	    /* for messages */
	int in_fd;
	uint8_t *buf;
};

/* One instance of the name, for its key sizes (every instance of a name
 * has the same). */
static int spec_of(const char *name, struct cryptarch_spec *s)
{
	struct cryptarch_cands *c = malloc(sizeof(*c));
	int err = -ENOMEM;

	if (c) {
		err = cryptarch_cands(name, &cryptarch_type_shash, c);
		if (!err)
			*s = c->v[0];
		free(c);
	}
	return err;
}

static int set_key(struct job *j, const char *opt, const uint8_t *key,
		   size_t keylen)
{
	int err = keylen <= CLI_MAX_KEY ?
			  cryptarch_shash_setkey(j->tfm, key, keylen) :
			  -EINVAL;

	return cli_key_status(j->sub, opt, j->alg, &j->spec, keylen, err);
}

/* The whole input through update, piece by piece; then the tag. */
static int digest(struct job *j)
{
	uint8_t tag[MAX_DIGEST];
	size_t n = cryptarch_shash_digestsize(j->tfm), i;
	ssize_t got;
	int err;

	if (n > sizeof(tag)) {
		cli_error(j->sub, "%s: a %zu-byte digest is too long", j->alg,
			  n);
		return CLI_FAIL;
	}
	j->buf = malloc(CHUNK);
	if (!j->buf) {
		cli_error(j->sub, "%s", cryptarch_strerror(-ENOMEM));
		return CLI_FAIL;
	}
	err = cryptarch_shash_init(j->tfm);
	do {
		got = cli_read_full(j->in_fd, j->buf, CHUNK);
		if (got < 0) {
			cli_error(j->sub, "cannot read %s: %s", j->in_name,
				  strerror(errno));
			return CLI_FAIL;
		}
		if (!err)
			err = cryptarch_shash_update(j->tfm, j->buf,
						     (size_t)got);
	} while (got == CHUNK && !err);
	if (!err)
		err = cryptarch_shash_final(j->tfm, tag);
	if (err) {
		cli_error(j->sub, "%s: %s", j->alg, cryptarch_strerror(err));
		return CLI_FAIL;
	}
	for (i = 0; i < n; i++)
		printf("%02x", tag[i]);
	printf("\n");
	return CLI_OK;
}

static int run(struct job *j, struct cli_key_source *k, int nkey,
	       const char *in, unsigned flags)
{
	uint8_t key[CLI_MAX_KEY];
	size_t keylen = 0;
	unsigned min, max;
	int in_is_stdin = !in || strcmp(in, "-") == 0;
	int ret, err;

	if (nkey) {
		ret = cli_get_key(j->sub, k, in_is_stdin, key, &keylen);
		if (ret)
			goto out;
	}
	ret = cli_open_shash(j->sub, "--alg", j->alg, flags, &j->tfm);
	if (ret)
		goto out;
	err = spec_of(j->alg, &j->spec);
	if (err) {
		cli_error(j->sub, "--alg: %s: %s", j->alg,
			  cryptarch_strerror(err));
		ret = CLI_FAIL;
		goto out;
	}
	cryptarch_spec_keysizes(&j->spec, &min, &max);
	ret = CLI_USAGE;
	if (max == 0 && nkey) {
		cli_error(j->sub, "%s: %s is a hash without a key; give none",
			  k->opt, j->alg);
		goto out;
	}
	if (max && !nkey) {
		cli_error(j->sub,
			  "missing --key (or --key-file FILE, --key-fd N): "
			  "%s is keyed",
			  j->alg);
		goto out;
	}
	if (nkey) {
		ret = set_key(j, k->opt, key, keylen);
		if (ret)
			goto out;
	}
	cryptarch_memzero(key, sizeof(key));

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
	ret = digest(j);
out:
	cryptarch_memzero(key, sizeof(key));
	return ret;
}

/* see cli.h */
int cmd_mac(int argc, char **argv)
{
	const char *in = NULL;
	const char *sub = argv[0];
	struct cli_key_source k;
	unsigned flags = 0;
	struct job j;
	int i, r, ret, nkey;

	memset(&j, 0, sizeof(j));
	memset(&k, 0, sizeof(k));
	j.sub = sub;
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
		    (r = cli_value(sub, argc, argv, &i, "in", &in))) {
			if (r < 0)
				return CLI_USAGE;
			continue;
		}
		return cli_bad_arg(sub, arg);
	}
	if (!j.alg) {
		cli_error(sub, "missing --alg (e.g. --alg 'cmac(aes)')");
		return CLI_USAGE;
	}
	nkey = cli_key_given(sub, &k);
	if (nkey < 0)
		return CLI_USAGE;
	if (in && in[0] == '\0') {
		cli_error(sub, "--in: empty file name");
		return CLI_USAGE;
	}

	ret = run(&j, &k, nkey, in, flags);

	if (j.in_fd > STDIN_FILENO)
		close(j.in_fd);
	if (j.buf) {
		cryptarch_memzero(j.buf, CHUNK);
		free(j.buf);
	}
	cryptarch_shash_free(j.tfm);
	return ret;
}
