/* SPDX-License-Identifier: MIT */
/*
 * cryptarch.h - the public API of libcryptarch: block ciphers (AES, Twofish)
 * with several implementations each, the modes and keyed hashes over them,
 * and a registry that picks one for the CPU, the mode of operation and the
 * caller's timing policy.
 *
 * This header is the whole contract; it holds for every implementation.
 *
 * Errors. Every function that can fail returns 0 on success or a negative
 * errno value:
 *   -EINVAL  bad key length, bad data length for the mode, malformed name,
 *            NULL where a pointer is required, equal XTS key halves under
 *            CRYPTARCH_FORBID_WEAK_KEYS;
 *   -ENOENT  no such algorithm, or none that meets the flags on this CPU;
 *   -ENOKEY  an operation before a key was set;
 *   -EBADMSG an aead tag that does not verify (the output is then zero);
 *   -ENOMEM  out of memory.
 * cryptarch_strerror() turns one into a sentence. On error nothing is
 * written to the output buffer. The library never prints and never aborts.
 *
 * Names follow the Linux crypto API: a cipher name ("aes", "twofish") or a
 * driver name ("aes-generic", "aes-ct64", "twofish-generic"); a mode wraps
 * either: "ecb(aes)", "cbc(aes-generic)", "ctr(twofish)", "xts(aes)". An
 * implementation that accelerates a whole mode has a driver name of the form
 * "ctr-aes-ct64" and competes with template instances such as
 * "ctr(aes-generic)" for the name "ctr(aes)". cryptarch_skcipher_driver()
 * says which one was chosen.
 *
 * Modes (the kernel's skcipher semantics):
 *   ecb, cbc  len a multiple of 16 (0 allowed), else -EINVAL;
 *   ctr       any length; the 16-byte counter block is one 128-bit
 *             big-endian number (NIST SP 800-38A), wrapping at 2^128;
 *   xts       IEEE Std 1619: the key is two cipher keys, data-unit key
 *             first; iv is the 16-byte tweak; len >= 16, and a length that
 *             is not a multiple of 16 uses ciphertext stealing;
 *   xctr      XCTR (the HCTR2 paper): keystream block i is E(iv xor
 *             le128(i)), i from 1; any length;
 *   cts       "cts(cbc(aes))": CBC with ciphertext stealing, the kernel's
 *             CS3 variant (the last two blocks swapped); len >= 16;
 *   essiv     "essiv(cbc(aes),sha256)": CBC whose iv is first encrypted
 *             with the cipher under the key SHA-256(key) (dm-crypt and
 *             fscrypt sectors).
 * The iv is in/out: afterwards it holds what continues the stream (cbc: the
 * last ciphertext block; ctr: the next counter, also after a partial final
 * block). xts and xctr leave it unchanged (one call is one data unit or
 * message); cts and essiv leave it as the kernel's do (see DESIGN.md); ecb
 * ignores it (NULL allowed there). src == dst is allowed; other overlaps are not.
 * Buffers need no alignment. A handle is used by one thread at a time;
 * distinct handles may be used in parallel.
 *
 * Key material is wiped when a key is replaced and when a handle is freed.
 */
#ifndef CRYPTARCH_H
#define CRYPTARCH_H

#include <errno.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define CRYPTARCH_VERSION_MAJOR 0
#define CRYPTARCH_VERSION_MINOR 1
#define CRYPTARCH_VERSION_PATCH 0
#define CRYPTARCH_VERSION_STRING "0.1.0"

#if defined(__GNUC__)
#define CRYPTARCH_API __attribute__((visibility("default")))
#define CRYPTARCH_WUR __attribute__((warn_unused_result))
#else
#define CRYPTARCH_API
#define CRYPTARCH_WUR
#endif

#ifndef ENOKEY
#define ENOKEY 126 /* Linux value; defined here where libc lacks it */
#endif

/*
 * Flags for the _new functions.
 *
 * CRYPTARCH_ALLOW_VARIABLE_TIME: table-based implementations, whose memory
 * accesses depend on the key and data, may be chosen. Without it only
 * implementations with no secret-dependent branches or memory indices are
 * eligible, for cipher names and driver names alike; where none runs on
 * this CPU, _new returns -ENOENT.
 *
 * CRYPTARCH_FORBID_WEAK_KEYS: xts setkey rejects equal key halves (-EINVAL).
 *
 * CRYPTARCH_STATIC_PRIORITY: ignore measured profiles and choose by static
 * priority alone (the kernel's behaviour).
 */
#define CRYPTARCH_ALLOW_VARIABLE_TIME 0x1u
#define CRYPTARCH_FORBID_WEAK_KEYS 0x2u
#define CRYPTARCH_STATIC_PRIORITY 0x4u

/* skcipher: a mode of operation over a block cipher. */
typedef struct cryptarch_skcipher cryptarch_skcipher;

/* Allocate a handle for the mode NAME; *tfm is NULL on error. */
CRYPTARCH_API CRYPTARCH_WUR int cryptarch_skcipher_new(cryptarch_skcipher **tfm,
						       const char *name,
						       unsigned flags);
/* Set the key (xts: both halves); the old key is wiped first. */
CRYPTARCH_API CRYPTARCH_WUR int
cryptarch_skcipher_setkey(cryptarch_skcipher *tfm, const void *key,
			  size_t keylen);
/* Encrypt or decrypt LEN bytes from SRC to DST; see the mode rules above. */
CRYPTARCH_API CRYPTARCH_WUR int
cryptarch_skcipher_encrypt(cryptarch_skcipher *tfm, const void *src,
			   void *dst, size_t len, uint8_t iv[16]);
CRYPTARCH_API CRYPTARCH_WUR int
cryptarch_skcipher_decrypt(cryptarch_skcipher *tfm, const void *src,
			   void *dst, size_t len, uint8_t iv[16]);
/*
 * Many independent requests under the handle's key in one call (the
 * kernel's tcrypt multibuffer tests; disk sectors, packets, pages): the
 * same results, and each REQ[i].iv left as, N separate calls of
 * cryptarch_skcipher_encrypt() (decrypt()) in order would give. The
 * requests must not overlap one another (each may be in place). Every
 * request is checked first: a length the mode does not take, or a NULL
 * buffer or iv a single call would refuse, gives -EINVAL with nothing
 * written for any request. N == 0 is allowed (REQ may then be NULL).
 * Drivers interleave the requests, so a serial mode (CBC encryption)
 * runs at the speed of a parallel one; the implementation may differ
 * from the single calls' (`cryptarch explain` shows both).
 */
struct cryptarch_request {
	const void *src;
	void *dst;
	size_t len;
	uint8_t *iv;
};
CRYPTARCH_API CRYPTARCH_WUR int
cryptarch_skcipher_encrypt_many(cryptarch_skcipher *tfm,
				const struct cryptarch_request *req, size_t n);
CRYPTARCH_API CRYPTARCH_WUR int
cryptarch_skcipher_decrypt_many(cryptarch_skcipher *tfm,
				const struct cryptarch_request *req, size_t n);
/* The driver name of the chosen implementation, e.g. "cbc(aes-generic)".
 * With a measured profile (`cryptarch tune`) a handle may use other
 * instances for decryption or short requests; this names the one that
 * encrypts requests over 32 bytes at the key size set. */
CRYPTARCH_API const char *
cryptarch_skcipher_driver(const cryptarch_skcipher *tfm);
/* Wipe and free; NULL is allowed. */
CRYPTARCH_API void cryptarch_skcipher_free(cryptarch_skcipher *tfm);

/* cipher: one 16-byte block at a time. */
typedef struct cryptarch_cipher cryptarch_cipher;

CRYPTARCH_API CRYPTARCH_WUR int cryptarch_cipher_new(cryptarch_cipher **tfm,
						     const char *name,
						     unsigned flags);
CRYPTARCH_API CRYPTARCH_WUR int cryptarch_cipher_setkey(cryptarch_cipher *tfm,
							const void *key,
							size_t keylen);
CRYPTARCH_API CRYPTARCH_WUR int
cryptarch_cipher_encrypt(const cryptarch_cipher *tfm, void *dst,
			 const void *src);
CRYPTARCH_API CRYPTARCH_WUR int
cryptarch_cipher_decrypt(const cryptarch_cipher *tfm, void *dst,
			 const void *src);
CRYPTARCH_API const char *cryptarch_cipher_driver(const cryptarch_cipher *tfm);
CRYPTARCH_API void cryptarch_cipher_free(cryptarch_cipher *tfm);

/*
 * shash: a hash, keyed ("cmac(aes)" SP 800-38B, "xcbc(aes)" RFC 3566 with
 * 16-byte keys only, "cbcmac(aes)" the kernel's CBC-MAC of CCM) or not
 * ("sha256"). A keyed hash before a successful setkey returns -ENOKEY from
 * init/update/final/digest; an unkeyed one's setkey is -EINVAL. setkey
 * starts a new empty message. update takes any length, 0 included; the
 * digest depends only on the concatenated data. final writes
 * cryptarch_shash_digestsize() bytes and starts a new empty message under
 * the same key; digest = init + update + final.
 */
typedef struct cryptarch_shash cryptarch_shash;

CRYPTARCH_API CRYPTARCH_WUR int cryptarch_shash_new(cryptarch_shash **tfm,
						    const char *name,
						    unsigned flags);
CRYPTARCH_API CRYPTARCH_WUR int cryptarch_shash_setkey(cryptarch_shash *tfm,
						       const void *key,
						       size_t keylen);
CRYPTARCH_API CRYPTARCH_WUR int cryptarch_shash_init(cryptarch_shash *tfm);
CRYPTARCH_API CRYPTARCH_WUR int cryptarch_shash_update(cryptarch_shash *tfm,
						       const void *data,
						       size_t len);
CRYPTARCH_API CRYPTARCH_WUR int cryptarch_shash_final(cryptarch_shash *tfm,
						      uint8_t *out);
CRYPTARCH_API CRYPTARCH_WUR int cryptarch_shash_digest(cryptarch_shash *tfm,
						       const void *data,
						       size_t len, uint8_t *out);
/*
 * Many digests in one call, under the handle's key: OUT of each request
 * gets what cryptarch_shash_digest(tfm, data, len, out) gives. Every
 * request is checked first (OUT non-NULL, DATA non-NULL when LEN > 0):
 * one bad request gives -EINVAL with nothing written. A message in
 * progress (init/update) is dropped, as digest drops it; afterwards the
 * handle holds a new empty message. The keyed CBC-MAC hashes (cmac, xcbc,
 * cbcmac) run the chains of independent messages interleaved where a
 * driver can.
 */
struct cryptarch_digest_request {
	const void *data;
	size_t len;
	uint8_t *out;
};
CRYPTARCH_API CRYPTARCH_WUR int
cryptarch_shash_digest_many(cryptarch_shash *tfm,
			    const struct cryptarch_digest_request *req,
			    size_t n);
CRYPTARCH_API size_t cryptarch_shash_digestsize(const cryptarch_shash *tfm);
CRYPTARCH_API const char *cryptarch_shash_driver(const cryptarch_shash *tfm);
CRYPTARCH_API void cryptarch_shash_free(cryptarch_shash *tfm);

/*
 * aead: authenticated encryption with associated data, the kernel's aead
 * with flat buffers: "gcm(aes)" (NIST SP 800-38D) and "ccm(aes)" (NIST SP
 * 800-38C, RFC 3610), over Twofish too. Keys are the cipher's (16, 24, 32
 * bytes).
 *
 * setauthsize sets the tag length: default 16; gcm takes 4, 8 and 12..16,
 * ccm 4, 6, 8, 10, 12, 14, 16; anything else is -EINVAL. The nonce: gcm
 * any length >= 1 (12 bytes is the standard one; other lengths pass
 * through GHASH as SP 800-38D says), ccm 7..13 bytes (L = 15 - noncelen,
 * and len must fit in L bytes); noncelen 0 or a NULL nonce is -EINVAL.
 *
 * encrypt writes len bytes of ciphertext followed by the tag, len +
 * authsize bytes in all. decrypt takes the ciphertext followed by the tag,
 * len counting both (len < authsize: -EINVAL), and writes len - authsize
 * bytes. If the tag does not verify it returns -EBADMSG and those bytes
 * are all zero: unauthenticated plaintext is never released. The tag is
 * compared in constant time. ad may be NULL when adlen is 0; src == dst
 * (in place) is allowed. gcm takes at most 2^36 - 32 bytes of plaintext.
 * -ENOKEY before setkey. On any error other than -EBADMSG nothing is
 * written to dst.
 */
typedef struct cryptarch_aead cryptarch_aead;

CRYPTARCH_API CRYPTARCH_WUR int cryptarch_aead_new(cryptarch_aead **tfm,
						   const char *name,
						   unsigned flags);
CRYPTARCH_API CRYPTARCH_WUR int cryptarch_aead_setkey(cryptarch_aead *tfm,
						      const void *key,
						      size_t keylen);
CRYPTARCH_API CRYPTARCH_WUR int cryptarch_aead_setauthsize(cryptarch_aead *tfm,
							   size_t authsize);
CRYPTARCH_API size_t cryptarch_aead_authsize(const cryptarch_aead *tfm);
CRYPTARCH_API CRYPTARCH_WUR int
cryptarch_aead_encrypt(cryptarch_aead *tfm, const void *src, void *dst,
		       size_t len, const uint8_t *nonce, size_t noncelen,
		       const void *ad, size_t adlen);
CRYPTARCH_API CRYPTARCH_WUR int
cryptarch_aead_decrypt(cryptarch_aead *tfm, const void *src, void *dst,
		       size_t len, const uint8_t *nonce, size_t noncelen,
		       const void *ad, size_t adlen);
CRYPTARCH_API const char *cryptarch_aead_driver(const cryptarch_aead *tfm);
CRYPTARCH_API void cryptarch_aead_free(cryptarch_aead *tfm);

/* A sentence for 0 or a negative errno value returned by this library. */
CRYPTARCH_API const char *cryptarch_strerror(int err);

#ifdef __cplusplus
}
#endif

#endif /* CRYPTARCH_H */
