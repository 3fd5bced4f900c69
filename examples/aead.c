/* SPDX-License-Identifier: MIT */
/*
 * aead.c - AES-128-GCM: encrypt and authenticate, then decrypt and verify,
 * the GCM specification's Test Case 4 (McGrew and Viega, Appendix B: 60
 * bytes of plaintext, 20 of associated data, a 12-byte nonce), and show a
 * forged ciphertext refused. Build it against an installed cryptarch with
 *     cc aead.c $(pkg-config --cflags --libs cryptarch)
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <cryptarch.h>

int main(void)
{
	static const uint8_t key[16] = {
		0xfe, 0xff, 0xe9, 0x92, 0x86, 0x65, 0x73, 0x1c,
		0x6d, 0x6a, 0x8f, 0x94, 0x67, 0x30, 0x83, 0x08,
	};
	static const uint8_t nonce[12] = {
		0xca, 0xfe, 0xba, 0xbe, 0xfa, 0xce, 0xdb, 0xad,
		0xde, 0xca, 0xf8, 0x88,
	};
	static const uint8_t ad[20] = {
		0xfe, 0xed, 0xfa, 0xce, 0xde, 0xad, 0xbe, 0xef, 0xfe, 0xed,
		0xfa, 0xce, 0xde, 0xad, 0xbe, 0xef, 0xab, 0xad, 0xda, 0xd2,
	};
	static const uint8_t msg[60] = {
		0xd9, 0x31, 0x32, 0x25, 0xf8, 0x84, 0x06, 0xe5, 0xa5, 0x59,
		0x09, 0xc5, 0xaf, 0xf5, 0x26, 0x9a, 0x86, 0xa7, 0xa9, 0x53,
		0x15, 0x34, 0xf7, 0xda, 0x2e, 0x4c, 0x30, 0x3d, 0x8a, 0x31,
		0x8a, 0x72, 0x1c, 0x3c, 0x0c, 0x95, 0x95, 0x68, 0x09, 0x53,
		0x2f, 0xcf, 0x0e, 0x24, 0x49, 0xa6, 0xb5, 0x25, 0xb1, 0x6a,
		0xed, 0xf5, 0xaa, 0x0d, 0xe6, 0x57, 0xba, 0x63, 0x7b, 0x39,
	};
	static const uint8_t expect_tag[16] = {
		0x5b, 0xc9, 0x4f, 0xbc, 0x32, 0x21, 0xa5, 0xdb,
		0x94, 0xfa, 0xe9, 0x5a, 0xe7, 0x12, 0x1a, 0x47,
	};
	uint8_t sealed[60 + 16], opened[60];
	cryptarch_aead *tfm;
	int err, i;

	/* Flags 0: only constant-time implementations may be chosen. */
	err = cryptarch_aead_new(&tfm, "gcm(aes)", 0);
	if (err) {
		fprintf(stderr, "gcm(aes): %s\n", cryptarch_strerror(err));
		return 1;
	}
	err = cryptarch_aead_setkey(tfm, key, sizeof(key));
	/* The ciphertext, then the 16-byte tag (the default length). */
	if (!err)
		err = cryptarch_aead_encrypt(tfm, msg, sealed, sizeof(msg),
					     nonce, sizeof(nonce), ad,
					     sizeof(ad));
	/* Decryption takes the ciphertext and the tag together. */
	if (!err)
		err = cryptarch_aead_decrypt(tfm, sealed, opened,
					     sizeof(sealed), nonce,
					     sizeof(nonce), ad, sizeof(ad));
	if (err) {
		fprintf(stderr, "gcm(aes): %s\n", cryptarch_strerror(err));
		cryptarch_aead_free(tfm);
		return 1;
	}
	printf("driver: %s\n", cryptarch_aead_driver(tfm));
	printf("tag: ");
	for (i = 0; i < 16; i++)
		printf("%02x", sealed[60 + i]);
	printf("\n");
	if (memcmp(sealed + 60, expect_tag, 16) != 0 ||
	    memcmp(opened, msg, sizeof(msg)) != 0) {
		fprintf(stderr, "wrong result\n");
		cryptarch_aead_free(tfm);
		return 1;
	}

	/* One flipped bit: -EBADMSG, and the output is all zero. */
	sealed[0] ^= 0x01;
	err = cryptarch_aead_decrypt(tfm, sealed, opened, sizeof(sealed),
				     nonce, sizeof(nonce), ad, sizeof(ad));
	printf("forged: %s\n", cryptarch_strerror(err));
	cryptarch_aead_free(tfm); /* wipes the key schedule and H */
	return err == -EBADMSG ? 0 : 1;
}
