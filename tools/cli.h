/* SPDX-License-Identifier: MIT */
/*
 * cli.h - what the subcommands of the `cryptarch` command share (defined in
 * cryptarch.c): exit codes, one-line error messages, option parsing, hex
 * parsing, the algorithm names of the registry ("<template>(<cipher>)" for
 * every mode of every cipher), why an instance cannot be used, and opening
 * a name with a message that says why it failed. Instances are the core's
 * (struct cryptarch_spec, spec.h) and their eligibility the core's
 * (eligible.h); nothing here re-derives either. No cryptography happens
 * here; key bytes parsed by cli_hex() are the caller's to wipe.
 */
#ifndef CRYPTARCH_CLI_H
#define CRYPTARCH_CLI_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "cryptarch.h"
#include "eligible.h"
#include "registry.h"
#include "select.h"
#include "spec.h"

/* Exit statuses: success, a failed operation, a usage error, and an
 * authenticated decryption (aead) whose tag did not verify: nothing was
 * written. */
#define CLI_OK 0
#define CLI_FAIL 1
#define CLI_USAGE 2
#define CLI_BADTAG 3

#if defined(__GNUC__)
#define CLI_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define CLI_PRINTF(f, a)
#endif

/* The subcommands, one file each. ARGV[0] is the subcommand's name. */
int cmd_list(int argc, char **argv);
int cmd_speed(int argc, char **argv);
int cmd_enc(int argc, char **argv); /* enc and dec */
int cmd_mac(int argc, char **argv);
int cmd_selftest(int argc, char **argv);
int cmd_tune(int argc, char **argv);
int cmd_explain(int argc, char **argv);
int cmd_ct(int argc, char **argv);

/* Print "cryptarch: SUB: <message>\n" on stderr (SUB may be NULL). */
void cli_error(const char *sub, const char *fmt, ...) CLI_PRINTF(2, 3);
/* The same with "warning: " before the message. */
void cli_warn(const char *sub, const char *fmt, ...) CLI_PRINTF(2, 3);

/*
 * Options are "--name VALUE" or "--name=VALUE", and flags "--name".
 * cli_value(): if ARGV[*I] is option NAME, store its value in *VAL, move *I
 * to its last word and return 1; return 0 if it is not NAME; print a message
 * and return -1 if the value is missing.
 */
int cli_value(const char *sub, int argc, char **argv, int *i, const char *name,
	      const char **val);
/* 1 if ARG is the flag NAME ("--name"), else 0. */
int cli_flag(const char *arg, const char *name);
/* Report ARG as an unknown option or unexpected argument; CLI_USAGE. */
int cli_bad_arg(const char *sub, const char *arg);

/*
 * Parse HEX (even number of hex digits, either case) into OUT, at most MAX
 * bytes; the length goes to *LEN. A longer value is not an error here: *LEN
 * then exceeds MAX, nothing past MAX is stored, and the caller reports the
 * length. On a syntax error print "cryptarch: SUB: OPT: <what>" and return
 * -1, else return 0.
 */
int cli_hex(const char *sub, const char *opt, const char *hex, uint8_t *out,
	    size_t max, size_t *len);

/* Parse a positive decimal (or float, for cli_double) option value. */
int cli_double(const char *sub, const char *opt, const char *s, double *v);

/* ---- input, output and keys -------------------------------------------- */

/* Read up to N bytes, retrying short reads and EINTR; the count (less
 * than N only at the end of the input), or -1 with errno set. */
ssize_t cli_read_full(int fd, uint8_t *buf, size_t n);
/* Write all N bytes; 0, or -1 with errno set. */
int cli_write_all(int fd, const uint8_t *buf, size_t n);

/* The longest key the command takes (xts over AES-256: two keys). */
#define CLI_MAX_KEY 64
/* The most a key file or descriptor may hold: hex text and white space. */
#define CLI_KEY_TEXT_MAX 4096

/* Where a key comes from: at most one of --key, --key-file, --key-fd. */
struct cli_key_source {
	const char *hex;  /* --key */
	const char *file; /* --key-file */
	const char *fd;	  /* --key-fd */
	const char *opt;  /* the one given, for messages; NULL: none */
};
/* cli_value() for the three key options into K: 1, 0 or -1. */
int cli_key_option(const char *sub, int argc, char **argv, int *i,
		   struct cli_key_source *k);
/* After parsing: 1 if a key option was given, 0 if none, -1 (reported,
 * a usage error) if more than one. Sets K->opt. */
int cli_key_given(const char *sub, struct cli_key_source *k);
/*
 * The key of K (given, see cli_key_given) parsed into KEY (CLI_MAX_KEY
 * bytes), its length in *LEN (which may exceed CLI_MAX_KEY: then only the
 * first CLI_MAX_KEY bytes are stored, and the length is the caller's to
 * report). The text read from a file or a descriptor is wiped; a key file
 * may hold white space around the hex (a final newline). IN_IS_STDIN:
 * the data comes from standard input, so --key-fd 0 is refused. CLI_OK,
 * CLI_USAGE (reported) or CLI_FAIL (no memory).
 */
int cli_get_key(const char *sub, const struct cli_key_source *k,
		int in_is_stdin, uint8_t *key, size_t *len);

/* ---- the registry's names ---------------------------------------------- */

/* The distinct algorithms the registered drivers implement ("aes",
 * "twofish"), in driver order. */
size_t cli_algorithm_count(void);
const struct cryptarch_algorithm *cli_algorithm_at(size_t i);
/* 1 if T is a mode: a template of type skcipher over one block cipher
 * (what `speed`, `tune` and `ct --mode` take), else 0. */
int cli_is_mode(const struct cryptarch_template *t);

/* "16, 24 or 32" (one key) or "32, 48 or 64: two keys": the key sizes of
 * instance S, cipher keys in steps of 8 bytes times their number, into
 * BUF; returns BUF. */
char *cli_key_sizes(const struct cryptarch_spec *s, char *buf, size_t size);
/* What setkey's result ERR for KEYLEN bytes from option OPT means for the
 * command: CLI_OK for 0; for -EINVAL an error naming the lengths instance
 * S of ALG takes, and CLI_USAGE; else the library's sentence and
 * CLI_FAIL. */
int cli_key_status(const char *sub, const char *opt, const char *alg,
		   const struct cryptarch_spec *s, size_t keylen, int err);
/*
 * The algorithm names of type TYPE (skcipher, shash or aead) that the
 * registry composes over the block cipher A, in registry order: each
 * template of TYPE with A for a cipher argument, a mode of A (cli_is_mode)
 * for a skcipher argument and an unkeyed hash for a shash argument, and a
 * template known by an alias under its alias over A ("gcm(aes)" for
 * gcm_base), where the core has instances of the name: "cbc(aes)",
 * "xctr(aes)", "cts(cbc(aes))", "essiv(cbc(aes),sha256)", "cmac(aes)",
 * "gcm(aes)", "ccm(aes)". With A NULL: the algorithms of TYPE that no
 * template makes ("sha256"). The I-th into BUF; 0, or -ENOENT past the
 * last.
 */
int cli_name_at(const struct cryptarch_type *type,
		const struct cryptarch_algorithm *a, size_t i, char *buf,
		size_t size);
/* The names of the registered modes for messages: "ecb, cbc, ctr or xts". */
char *cli_mode_list(char *buf, size_t size);

/* ---- why an instance cannot be used ------------------------------------ */

/*
 * Verdict V about driver WHO (eligible.h) as a phrase for messages ("needs
 * aesni, masked by CRYPTARCH_DISABLE", "variable-time, needs
 * --allow-variable-time", "self-test failed"), or NULL for
 * CRYPTARCH_ELIGIBLE. cli_unusable() asks cryptarch_driver_verdict(),
 * cli_spec_unusable() cryptarch_spec_verdict() (naming the driver when the
 * instance has more than one).
 */
const char *cli_verdict_text(enum cryptarch_verdict v,
			     const struct cryptarch_driver *who, char *buf,
			     size_t size);
const char *cli_unusable(const struct cryptarch_driver *drv, unsigned flags,
			 char *buf, size_t size);
const char *cli_spec_unusable(const struct cryptarch_spec *s, unsigned flags,
			      char *buf, size_t size);

/*
 * Open the skcipher NAME under FLAGS. Returns CLI_R_OK, or the reason it
 * cannot be opened with a phrase in WHY: a malformed or unknown name, the
 * constant-time policy (the phrase names --allow-variable-time), nothing
 * that runs on this CPU, or another library error.
 */
enum {
	CLI_R_OK,
	CLI_R_MALFORMED,
	CLI_R_UNKNOWN,
	CLI_R_POLICY,
	CLI_R_UNAVAILABLE,
	CLI_R_ERROR,
};
int cli_resolve(const char *name, unsigned flags, cryptarch_skcipher **tfm,
		char *why, size_t size);
/*
 * cli_resolve() for subcommand SUB, where OPT is the option that named it:
 * print "cryptarch: SUB: OPT: <why>" on failure and return CLI_USAGE (a
 * malformed or unknown name, or the policy) or CLI_FAIL; else CLI_OK.
 */
int cli_open(const char *sub, const char *opt, const char *name, unsigned flags,
	     cryptarch_skcipher **tfm);
/* The same for a hash (shash): "cmac(aes)", "sha256", "cmac-aes-aesni". */
int cli_resolve_shash(const char *name, unsigned flags, cryptarch_shash **tfm,
		      char *why, size_t size);
int cli_open_shash(const char *sub, const char *opt, const char *name,
		   unsigned flags, cryptarch_shash **tfm);
/* The same for an authenticated cipher (aead): "gcm(aes)", "ccm(aes)",
 * "gcm-aes-aesni". */
int cli_resolve_aead(const char *name, unsigned flags, cryptarch_aead **tfm,
		     char *why, size_t size);
int cli_open_aead(const char *sub, const char *opt, const char *name,
		  unsigned flags, cryptarch_aead **tfm);

/* ---- many candidates ---------------------------------------------------- */

/* A name with more eligible candidates than this (ccm(aes): every
 * ctr(aes) instance with every cbcmac(aes) one) is measured in part by
 * `tune` and `speed --tour`, see cli_cands_bounded(). */
#define CLI_MEASURE_MAX 32

/*
 * The candidates of C worth measuring under FLAGS (eligible ones only),
 * as indices into C->v in ORDER (at most CRYPTARCH_MAX_CANDS); returns
 * how many. Every eligible candidate where there are at most
 * CLI_MEASURE_MAX of them; else, for each argument position of the
 * root template and each distinct instance in that position
 * ("ctr-aes-aesni" in ccm_base's first), the eligible candidate with that
 * argument and the highest priority (registry order breaks ties), and
 * every hooked candidate named as a whole ("gcm-aes-aesni"): each
 * argument instance is measured once, beside the partners priority
 * prefers, instead of in every combination; and every instance static
 * selection puts in a slot under FLAGS and under FLAGS without
 * CRYPTARCH_ALLOW_VARIABLE_TIME. *PARTIAL is set to 1 in that case, else
 * 0.
 */
size_t cli_cands_bounded(const struct cryptarch_cands *c, unsigned flags,
			 size_t *order, int *partial);

/* The C flags this command was built with (the compiler is
 * skbench_compiler()'s, bench/skbench.h). */
const char *cli_cflags(void);

#endif /* CRYPTARCH_CLI_H */
