/* SPDX-License-Identifier: MIT */
/*
 * example.c - encrypt one block with AES-128 in CBC mode: the first block
 * of NIST SP 800-38A F.2.1. Build it against an installed cryptarch with
 *     cc example.c $(pkg-config --cflags --libs cryptarch)
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
	static const uint8_t pt[16] = {
		0x6b, 0xc1, 0xbe, 0xe2, 0x2e, 0x40, 0x9f, 0x96,
		0xe9, 0x3d, 0x7e, 0x11, 0x73, 0x93, 0x17, 0x2a,
	};
	static const uint8_t expect[16] = {
		0x76, 0x49, 0xab, 0xac, 0x81, 0x19, 0xb2, 0x46,
		0xce, 0xe9, 0x8e, 0x9b, 0x12, 0xe9, 0x19, 0x7d,
	};
	uint8_t iv[16], ct[16];
	cryptarch_skcipher *tfm;
	int err, i;

	for (i = 0; i < 16; i++)
		iv[i] = (uint8_t)i;

	/* Flags 0: only constant-time implementations may be chosen. */
	err = cryptarch_skcipher_new(&tfm, "cbc(aes)", 0);
	if (err) {
		fprintf(stderr, "cbc(aes): %s\n", cryptarch_strerror(err));
		return 1;
	}
	err = cryptarch_skcipher_setkey(tfm, key, sizeof(key));
	if (!err)
		err = cryptarch_skcipher_encrypt(tfm, pt, ct, sizeof(pt), iv);
	if (err) {
		fprintf(stderr, "cbc(aes): %s\n", cryptarch_strerror(err));
		cryptarch_skcipher_free(tfm);
		return 1;
	}
	printf("driver: %s\n", cryptarch_skcipher_driver(tfm));
	cryptarch_skcipher_free(tfm); /* wipes the key schedule */

	printf("ciphertext: ");
	for (i = 0; i < 16; i++)
		printf("%02x", ct[i]);
	printf("\n");
	/* After CBC encryption iv holds the last ciphertext block. */
	if (memcmp(ct, expect, 16) != 0 || memcmp(iv, ct, 16) != 0) {
		fprintf(stderr, "wrong ciphertext\n");
		return 1;
	}
	return 0;
}
