/* SPDX-License-Identifier: MIT */
/*
 * mac.c - the CMAC-AES-128 tag of a message, given in two pieces: RFC 4493
 * section 4, Example 3 (40 bytes). Build it against an installed
 * cryptarch with
 *     cc mac.c $(pkg-config --cflags --libs cryptarch)
 */
#include <stdio.h>
#include <string.h>

#include <cryptarch.h>

int main(void)
{
	static const uint8_t key[16] = {
		0x2b, 0x7e, 0x15, 0x16, 0x28, 0xae, 0xd2, 0xa6,
		0xab, 0xf7, 0x15, 0x88, 0x09, 0xcf, 0x4f, 0x3c,
	};
	static const uint8_t msg[40] = {
		0x6b, 0xc1, 0xbe, 0xe2, 0x2e, 0x40, 0x9f, 0x96,
		0xe9, 0x3d, 0x7e, 0x11, 0x73, 0x93, 0x17, 0x2a,
		0xae, 0x2d, 0x8a, 0x57, 0x1e, 0x03, 0xac, 0x9c,
		0x9e, 0xb7, 0x6f, 0xac, 0x45, 0xaf, 0x8e, 0x51,
		0x30, 0xc8, 0x1c, 0x46, 0xa3, 0x5c, 0xe4, 0x11,
	};
	static const uint8_t expect[16] = {
		0xdf, 0xa6, 0x67, 0x47, 0xde, 0x9a, 0xe6, 0x30,
		0x30, 0xca, 0x32, 0x61, 0x14, 0x97, 0xc8, 0x27,
	};
	uint8_t tag[16];
	cryptarch_shash *tfm;
	int err, i;

	/* Flags 0: only constant-time implementations may be chosen. */
	err = cryptarch_shash_new(&tfm, "cmac(aes)", 0);
	if (err) {
		fprintf(stderr, "cmac(aes): %s\n", cryptarch_strerror(err));
		return 1;
	}
	/* setkey starts an empty message; updates may split it anywhere. */
	err = cryptarch_shash_setkey(tfm, key, sizeof(key));
	if (!err)
		err = cryptarch_shash_update(tfm, msg, 7);
	if (!err)
		err = cryptarch_shash_update(tfm, msg + 7, sizeof(msg) - 7);
	if (!err)
		err = cryptarch_shash_final(tfm, tag);
	if (err) {
		fprintf(stderr, "cmac(aes): %s\n", cryptarch_strerror(err));
		cryptarch_shash_free(tfm);
		return 1;
	}
	printf("driver: %s\n", cryptarch_shash_driver(tfm));
	cryptarch_shash_free(tfm); /* wipes the key and the message state */

	printf("tag: ");
	for (i = 0; i < 16; i++)
		printf("%02x", tag[i]);
	printf("\n");
	if (memcmp(tag, expect, 16) != 0) {
		fprintf(stderr, "wrong tag\n");
		return 1;
	}
	return 0;
}
