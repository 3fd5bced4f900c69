/* SPDX-License-Identifier: MIT */
/*
 * insn-probe.c - the program that bench/insncount.sh runs under qemu-user
 * with the insncount plugin: it keys one implementation (AES-128 or
 * Twofish-128, a fixed key) through the public API and encrypts or
 * decrypts a buffer of BYTES bytes CALLS times in one mode, nothing else.
 * The script counts the instructions executed inside the implementation's
 * own code for CALLS=1 and CALLS=2; the difference is one request, with
 * the key schedule, the self-test and any first-call work cancelled. It is
 * a measurement tool, not library code, and is linked -static -no-pie so
 * that the addresses `nm -S` gives are the ones the emulator executes.
 * `--list` prints one "driver cipher constant-time available" line per
 * registered implementation (registry order).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cryptarch.h"
#include "registry.h"

static const char *const mode_names[CRYPTARCH_MODE_COUNT] = {
	"ecb",
	"cbc",
	"ctr",
	"xts",
};

static int usage(const char *prog)
{
	fprintf(stderr,
		"usage: %s --list\n"
		"       %s DRIVER ecb|cbc|ctr|xts enc|dec BYTES CALLS\n",
		prog, prog);
	return 2;
}

static int list(void)
{
	size_t i;

	for (i = 0; i < cryptarch_alg_count(); i++) {
		const struct cryptarch_alg *a = cryptarch_alg_at(i);

		printf("%s %s %d %d\n", a->driver, a->name,
		       !!(a->flags & CRYPTARCH_ALG_CONSTANT_TIME),
		       cryptarch_alg_available(a));
	}
	return 0;
}

int main(int argc, char **argv)
{
	const struct cryptarch_alg *alg;
	cryptarch_skcipher *tfm;
	uint8_t key[32], iv[16];
	char name[96];
	unsigned long bytes, calls, c;
	size_t keylen = 16;
	uint8_t *buf;
	int mode, enc, err = 0;
	char *end;

	if (argc == 2 && !strcmp(argv[1], "--list"))
		return list();
	if (argc != 6)
		return usage(argv[0]);
	alg = cryptarch_alg_find(argv[1]);
	for (mode = 0; mode < CRYPTARCH_MODE_COUNT; mode++)
		if (!strcmp(argv[2], mode_names[mode]))
			break;
	enc = !strcmp(argv[3], "enc");
	bytes = strtoul(argv[4], &end, 10);
	if (!alg || mode == CRYPTARCH_MODE_COUNT ||
	    (!enc && strcmp(argv[3], "dec")) || *end)
		return usage(argv[0]);
	calls = strtoul(argv[5], &end, 10);
	if (*end)
		return usage(argv[0]);
	if (!cryptarch_alg_available(alg)) {
		fprintf(stderr, "%s: not available on this CPU\n", alg->driver);
		return 77;
	}

	/* The bulk instance where the driver has one, as selection would. */
	snprintf(name, sizeof(name),
		 cryptarch_alg_has_bulk(alg, mode) ? "%s-%s" : "%s(%s)",
		 mode_names[mode], alg->driver);
	err = cryptarch_skcipher_new(&tfm, name, CRYPTARCH_ALLOW_VARIABLE_TIME);
	if (err) {
		fprintf(stderr, "%s: %s\n", name, cryptarch_strerror(err));
		return 1;
	}
	for (c = 0; c < sizeof(key); c++)
		key[c] = (uint8_t)(0x10 + 7 * c);
	if (mode == CRYPTARCH_MODE_XTS)
		keylen = 32;
	buf = malloc(bytes ? bytes : 1);
	if (!buf) {
		cryptarch_skcipher_free(tfm);
		return 1;
	}
	for (c = 0; c < bytes; c++)
		buf[c] = (uint8_t)c;
	memset(iv, 0xa5, sizeof(iv));
	err = cryptarch_skcipher_setkey(tfm, key, keylen);
	for (c = 0; !err && c < calls; c++)
		err = enc ? cryptarch_skcipher_encrypt(tfm, buf, buf, bytes,
						       iv) :
			    cryptarch_skcipher_decrypt(tfm, buf, buf, bytes,
						       iv);
	if (err)
		fprintf(stderr, "%s: %s\n", name, cryptarch_strerror(err));
	else
		printf("%s %s %lu x %lu: %02x%02x\n",
		       cryptarch_skcipher_driver(tfm), argv[3], calls, bytes,
		       bytes ? buf[0] : 0, bytes ? buf[bytes - 1] : 0);
	cryptarch_skcipher_free(tfm);
	free(buf);
	return err ? 1 : 0;
}
