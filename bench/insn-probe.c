/* SPDX-License-Identifier: MIT */
/*
 * insn-probe.c - the program that bench/insncount.sh runs under qemu-user
 * with the insncount plugin: it keys one driver (AES-128 or Twofish-128, a
 * fixed key; xts: two of them) through the public API and encrypts or
 * decrypts a buffer of BYTES bytes CALLS times in one mode (or, for a keyed
 * hash over the cipher such as cmac, takes the digest of it: direction
 * "dig"), nothing else. A hash driver ("ghash-ce", "sha256-generic") is
 * measured alone: MODE is its algorithm's name, direction "dig", one
 * digest per call, under a fixed key of its algorithm's largest size if
 * it is keyed.
 * The mode is the registry's template of that name, run as the instance
 * static selection would rank for the driver: the driver's hooked one
 * ("cbc-aes-arm64") where it has a hook for the template, else the
 * template's own over the driver ("cbc(aes-generic)").
 * The script counts the instructions executed inside the implementation's
 * own code for CALLS=1 and CALLS=2; the difference is one request, with
 * the key schedule, the self-test and any first-call work cancelled. It is
 * a measurement tool, not library code, and is linked -static -no-pie so
 * that the addresses `nm -S` gives are the ones the emulator executes.
 * Direction "mbN" (N 1..64, over cbc and the other skcipher templates):
 * each call is one cryptarch_skcipher_encrypt_many() of N requests of
 * BYTES bytes each, every one with its own iv, as the many-request slot
 * of the instance runs them (the script divides by N).
 * `--list` prints one "driver algorithm constant-time available type"
 * line per registered block cipher or hash driver (registry order;
 * constant-time is the descriptor's CRYPTARCH_DRV_CONSTANT_TIME, type
 * "cipher" or "shash").
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cryptarch.h"
#include "registry.h"
#include "spec.h"
#include "types/shash.h"

static int usage(const char *prog)
{
	fprintf(stderr,
		"usage: %s --list\n"
		"       %s DRIVER MODE enc|dec|dig|mbN BYTES CALLS\n"
		"(MODE: a registered template over a cipher: ecb, cbc, ctr, "
		"xts, xctr; or a keyed hash over one, with dig: cmac, xcbc, "
		"cbcmac; or, with dig, a hash driver's algorithm: ghash)\n",
		prog, prog);
	return 2;
}

static int list(void)
{
	size_t i;

	for (i = 0; i < cryptarch_driver_count(); i++) {
		const struct cryptarch_driver *d = cryptarch_driver_at(i);

		if (d->alg->type != &cryptarch_type_cipher &&
		    d->alg->type != &cryptarch_type_shash)
			continue;
		printf("%s %s %d %d %s\n", d->name, d->alg->name,
		       !!(d->flags & CRYPTARCH_DRV_CONSTANT_TIME),
		       cryptarch_driver_available(d), d->alg->type->name);
	}
	return 0;
}

int main(int argc, char **argv)
{
	const struct cryptarch_driver *drv;
	const struct cryptarch_template *tmpl;
	struct cryptarch_spec s;
	cryptarch_skcipher *tfm;
	cryptarch_shash *h;
	uint8_t key[64], iv[16], tag[CRYPTARCH_SHASH_DIGEST_MAX];
	char name[CRYPTARCH_NAME_MAX + 1];
	unsigned long bytes, calls, c;
	size_t keylen;
	struct cryptarch_request req[64];
	uint8_t ivs[64][16];
	unsigned long mb = 0;
	uint8_t *buf;
	int enc, dig, leaf, err = 0;
	char *end;

	if (argc == 2 && !strcmp(argv[1], "--list"))
		return list();
	if (argc != 6)
		return usage(argv[0]);
	drv = cryptarch_driver_find(argv[1], strlen(argv[1]));
	/* a hash driver alone: MODE names its algorithm */
	leaf = drv && drv->alg->type == &cryptarch_type_shash &&
	       !strcmp(argv[2], drv->alg->name);
	tmpl = leaf ? NULL : cryptarch_template_find(argv[2], strlen(argv[2]));
	if (!strncmp(argv[3], "mb", 2)) {
		mb = strtoul(argv[3] + 2, &end, 10);
		if (*end || !mb || mb > 64)
			return usage(argv[0]);
	}
	enc = mb || !strcmp(argv[3], "enc");
	dig = !strcmp(argv[3], "dig");
	bytes = strtoul(argv[4], &end, 10);
	if (!drv || *end || (leaf && !dig))
		return usage(argv[0]);
	if (!leaf && (!tmpl || tmpl->nargs != 1 || tmpl->nkeys > 4 ||
		      tmpl->args[0] != &cryptarch_type_cipher ||
		      (!enc && !dig && strcmp(argv[3], "dec")) ||
		      dig != (tmpl->type == &cryptarch_type_shash)))
		return usage(argv[0]);
	calls = strtoul(argv[5], &end, 10);
	if (*end)
		return usage(argv[0]);
	if (!cryptarch_driver_available(drv)) {
		fprintf(stderr, "%s: not available on this CPU\n", drv->name);
		return 77;
	}

	/* The hooked instance where the driver has one, as selection would
	 * rank it, else the template's own; a hash driver by its name. The
	 * keyed hashes over a cipher take a 16-byte key. */
	if (leaf) {
		snprintf(name, sizeof(name), "%s", drv->name);
		keylen = drv->alg->max_keysize;
	} else {
		if (cryptarch_spec_over(&s, tmpl, drv, 1) &&
		    cryptarch_spec_over(&s, tmpl, drv, 0))
			return usage(argv[0]);
		cryptarch_spec_name(&s, name, sizeof(name));
		keylen = dig ? 16 : 16 * tmpl->nkeys;
	}
	for (c = 0; c < sizeof(key); c++)
		key[c] = (uint8_t)(0x10 + 7 * c);
	buf = malloc(bytes * (mb ? mb : 1) + 1);
	if (!buf)
		return 1;
	for (c = 0; c < bytes * (mb ? mb : 1); c++)
		buf[c] = (uint8_t)c;
	for (c = 0; c < mb; c++) {
		memset(ivs[c], (int)(0xa5 + c), 16);
		req[c].src = buf + bytes * c;
		req[c].dst = buf + bytes * c;
		req[c].len = bytes;
		req[c].iv = ivs[c];
	}
	if (dig) {
		/* one digest of the message per call, as a caller makes it */
		err = cryptarch_shash_new(&h, name,
					  CRYPTARCH_ALLOW_VARIABLE_TIME);
		if (!err && keylen)
			err = cryptarch_shash_setkey(h, key, keylen);
		for (c = 0; !err && c < calls; c++)
			err = cryptarch_shash_digest(h, buf, bytes, tag);
		if (err)
			fprintf(stderr, "%s: %s\n", name, cryptarch_strerror(err));
		else
			printf("%s dig %lu x %lu: %02x%02x\n",
			       cryptarch_shash_driver(h), calls, bytes, tag[0],
			       tag[15]);
		cryptarch_shash_free(h);
		free(buf);
		return err ? 1 : 0;
	}
	err = cryptarch_skcipher_new(&tfm, name, CRYPTARCH_ALLOW_VARIABLE_TIME);
	if (err) {
		fprintf(stderr, "%s: %s\n", name, cryptarch_strerror(err));
		free(buf);
		return 1;
	}
	memset(iv, 0xa5, sizeof(iv));
	err = cryptarch_skcipher_setkey(tfm, key, keylen);
	for (c = 0; !err && c < calls; c++)
		err = mb  ? cryptarch_skcipher_encrypt_many(tfm, req, mb) :
		      enc ? cryptarch_skcipher_encrypt(tfm, buf, buf, bytes,
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
