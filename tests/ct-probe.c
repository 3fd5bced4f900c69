/* SPDX-License-Identifier: MIT */
/*
 * ct-probe.c - the program tests/ct-trace.sh runs under qemu-user with the
 * cttrace plugin: it sets the key given in hex on the command line on one
 * named implementation and encrypts, or decrypts, a fixed buffer with it
 * through the public API: single blocks (cryptarch_cipher), then every
 * mode (each the template of that name in the registry) through the
 * template instance "<mode>(<driver>)" and, where the driver has a hook
 * for the template, "<mode>-<driver>" (ecb and cbc: 7
 * blocks; ctr and xts: 117 bytes, so that partial batches, the partial
 * CTR block and XTS ciphertext stealing all run; the XTS tweak key is the
 * key XOR 0x5c, so that it is secret too). The buffer is a fixed pattern
 * offset by the optional byte DATAHEX (default 00). Between the runs the
 * script compares only the key, or only DATAHEX, differs; the plugin
 * hashes the program counters and data addresses inside the driver's own
 * code, which must depend on neither for a constant-time driver. Test
 * code, linked -static -no-pie; the hex decoding (src/core/hex.c) is
 * outside the traced range.
 *
 * Usage: ct-probe --list   (one "driver cipher constant-time available"
 *                           line per registered driver; constant-time is
 *                           the descriptor's CRYPTARCH_DRV_CONSTANT_TIME,
 *                           which tests/ct-trace.sh holds the traces to)
 *        ct-probe DRIVER enc|dec KEYHEX [DATAHEX]
 * Exit status: 0 done, 1 an API call failed, 2 usage, 77 the driver is not
 * available on this CPU.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cryptarch.h"
#include "hex.h"
#include "registry.h"
#include "spec.h"

/* The modes probed; each is found in the registry by its name. */
enum {
	MODE_ECB,
	MODE_CBC,
	MODE_CTR,
	MODE_XTS,
	MODE_COUNT
};
static const char *const mode_names[MODE_COUNT] = {
	"ecb",
	"cbc",
	"ctr",
	"xts",
};

static int list(void)
{
	size_t i;

	for (i = 0; i < cryptarch_driver_count(); i++) {
		const struct cryptarch_driver *d = cryptarch_driver_at(i);

		printf("%s %s %d %d\n", d->name, d->alg->name,
		       !!(d->flags & CRYPTARCH_DRV_CONSTANT_TIME),
		       cryptarch_driver_available(d));
	}
	return 0;
}

/* Encrypt or decrypt LEN bytes of BUF in place with the instance NAME. */
static int run_mode(const char *name, int enc, const uint8_t *key,
		    size_t keylen, uint8_t *buf, size_t len)
{
	cryptarch_skcipher *tfm;
	uint8_t iv[16];
	int err;

	err = cryptarch_skcipher_new(&tfm, name, CRYPTARCH_ALLOW_VARIABLE_TIME);
	if (err) {
		fprintf(stderr, "%s: %s\n", name, cryptarch_strerror(err));
		return 1;
	}
	memset(iv, 0x3c, sizeof(iv));
	err = cryptarch_skcipher_setkey(tfm, key, keylen);
	if (!err)
		err = enc ? cryptarch_skcipher_encrypt(tfm, buf, buf, len, iv) :
			    cryptarch_skcipher_decrypt(tfm, buf, buf, len, iv);
	if (err)
		fprintf(stderr, "%s: %s\n", name, cryptarch_strerror(err));
	cryptarch_skcipher_free(tfm);
	return err ? 1 : 0;
}

static int run_cipher(const char *driver, int enc, const uint8_t *key,
		      size_t keylen, uint8_t *buf, size_t nblocks)
{
	cryptarch_cipher *tfm;
	size_t i;
	int err;

	err = cryptarch_cipher_new(&tfm, driver, CRYPTARCH_ALLOW_VARIABLE_TIME);
	if (err) {
		fprintf(stderr, "%s: %s\n", driver, cryptarch_strerror(err));
		return 1;
	}
	err = cryptarch_cipher_setkey(tfm, key, keylen);
	for (i = 0; !err && i < nblocks; i++)
		err = enc ? cryptarch_cipher_encrypt(tfm, buf + 16 * i,
						     buf + 16 * i) :
			    cryptarch_cipher_decrypt(tfm, buf + 16 * i,
						     buf + 16 * i);
	if (err)
		fprintf(stderr, "%s: %s\n", driver, cryptarch_strerror(err));
	cryptarch_cipher_free(tfm);
	return err ? 1 : 0;
}

int main(int argc, char **argv)
{
	const struct cryptarch_driver *drv;
	const struct cryptarch_template *tmpl;
	uint8_t key[64], buf[128];
	size_t keylen = 0, n = 0, i;
	char name[96];
	uint8_t seed = 0;
	int mode, enc, hooked, rc = 0;

	if (argc == 2 && !strcmp(argv[1], "--list"))
		return list();
	if (argc < 4 || argc > 5 ||
	    (strcmp(argv[2], "enc") && strcmp(argv[2], "dec")) ||
	    cryptarch_unhex(key, 32, argv[3], &keylen) || !keylen ||
	    (argc == 5 && (cryptarch_unhex(&seed, 1, argv[4], &n) || n != 1))) {
		fprintf(stderr,
			"usage: %s --list | DRIVER enc|dec KEYHEX [DATAHEX]\n",
			argv[0]);
		return 2;
	}
	drv = cryptarch_driver_find(argv[1], strlen(argv[1]));
	enc = !strcmp(argv[2], "enc");
	if (!drv) {
		fprintf(stderr, "%s: unknown driver %s\n", argv[0], argv[1]);
		return 2;
	}
	if (!cryptarch_driver_available(drv)) {
		fprintf(stderr, "%s: not available on this CPU\n", drv->name);
		return 77;
	}
	for (i = 0; i < keylen; i++)
		key[keylen + i] = key[i] ^ 0x5c;

	for (i = 0; i < sizeof(buf); i++)
		buf[i] = (uint8_t)(i * 13 + 1 + seed);
	rc |= run_cipher(drv->name, enc, key, keylen, buf, 3);
	for (mode = 0; mode < MODE_COUNT; mode++) {
		size_t len = mode <= MODE_CBC ? 7 * 16 : 117;

		tmpl = cryptarch_template_find(mode_names[mode],
					       strlen(mode_names[mode]));
		if (!tmpl) {
			fprintf(stderr, "%s: no template %s\n", argv[0],
				mode_names[mode]);
			rc = 1;
			continue;
		}
		for (hooked = 0; hooked <= 1; hooked++) {
			struct cryptarch_spec s;

			if (cryptarch_spec_over(&s, tmpl, drv, hooked)) {
				if (hooked)
					continue; /* no hook for it */
				fprintf(stderr, "%s: no instance %s(%s)\n",
					argv[0], mode_names[mode], drv->name);
				rc = 1;
				continue;
			}
			cryptarch_spec_name(&s, name, sizeof(name));
			rc |= run_mode(name, enc, key,
				       mode == MODE_XTS ? 2 * keylen : keylen,
				       buf, len);
		}
	}
	printf("%s %s: %02x%02x\n", drv->name, argv[2], buf[0], buf[116]);
	return rc;
}
