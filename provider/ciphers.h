/* SPDX-License-Identifier: MIT */
/*
 * ciphers.h - the table of the provider's ciphers, as an X-macro: each row
 * is CAP_CIPHER(symbol, OpenSSL names, cryptarch name, kind, EVP mode,
 * key length, iv length, block size). The OpenSSL names are the default
 * provider's (name, aliases and OID, as `openssl list -cipher-algorithms`
 * prints them), so a fetch by any of them can find these; Twofish, which
 * OpenSSL lacks, gets names of the same pattern. The cryptarch name is a
 * mode over a cipher name, so the library's selection picks the driver.
 * No code; included by prov.c (the algorithm list) and cipher.c (the
 * per-algorithm functions).
 *
 * CAP_AEADS is the same for the AEAD ciphers of aead.c: CAP_AEAD(symbol,
 * OpenSSL names, cipher name, GCM or CCM, key length); aead.c builds each
 * from library handles of that cipher (see there), prov.h declares their
 * dispatch tables and cipher.c lists them.
 */

/* kinds: CAP_BLOCK (ECB, CBC: padding, whole blocks), CAP_CTR (a stream),
 * CAP_XTS (one data unit per update), CAP_CTS (CBC-CTS, one shot) */
#define CAP_CIPHERS(X)							\
	X(aes128ecb, "AES-128-ECB:2.16.840.1.101.3.4.1.1", "ecb(aes)",	\
	  CAP_BLOCK, EVP_CIPH_ECB_MODE, 16, 0, 16)			\
	X(aes192ecb, "AES-192-ECB:2.16.840.1.101.3.4.1.21", "ecb(aes)",	\
	  CAP_BLOCK, EVP_CIPH_ECB_MODE, 24, 0, 16)			\
	X(aes256ecb, "AES-256-ECB:2.16.840.1.101.3.4.1.41", "ecb(aes)",	\
	  CAP_BLOCK, EVP_CIPH_ECB_MODE, 32, 0, 16)			\
	X(aes128cbc, "AES-128-CBC:AES128:2.16.840.1.101.3.4.1.2",	\
	  "cbc(aes)", CAP_BLOCK, EVP_CIPH_CBC_MODE, 16, 16, 16)		\
	X(aes192cbc, "AES-192-CBC:AES192:2.16.840.1.101.3.4.1.22",	\
	  "cbc(aes)", CAP_BLOCK, EVP_CIPH_CBC_MODE, 24, 16, 16)		\
	X(aes256cbc, "AES-256-CBC:AES256:2.16.840.1.101.3.4.1.42",	\
	  "cbc(aes)", CAP_BLOCK, EVP_CIPH_CBC_MODE, 32, 16, 16)		\
	X(aes128ctr, "AES-128-CTR", "ctr(aes)", CAP_CTR,		\
	  EVP_CIPH_CTR_MODE, 16, 16, 1)					\
	X(aes192ctr, "AES-192-CTR", "ctr(aes)", CAP_CTR,		\
	  EVP_CIPH_CTR_MODE, 24, 16, 1)					\
	X(aes256ctr, "AES-256-CTR", "ctr(aes)", CAP_CTR,		\
	  EVP_CIPH_CTR_MODE, 32, 16, 1)					\
	X(aes128xts, "AES-128-XTS:1.3.111.2.1619.0.1.1", "xts(aes)",	\
	  CAP_XTS, EVP_CIPH_XTS_MODE, 32, 16, 1)			\
	X(aes256xts, "AES-256-XTS:1.3.111.2.1619.0.1.2", "xts(aes)",	\
	  CAP_XTS, EVP_CIPH_XTS_MODE, 64, 16, 1)			\
	X(aes128cts, "AES-128-CBC-CTS", "cts(cbc(aes))", CAP_CTS,	\
	  EVP_CIPH_CBC_MODE, 16, 16, 16)				\
	X(aes192cts, "AES-192-CBC-CTS", "cts(cbc(aes))", CAP_CTS,	\
	  EVP_CIPH_CBC_MODE, 24, 16, 16)				\
	X(aes256cts, "AES-256-CBC-CTS", "cts(cbc(aes))", CAP_CTS,	\
	  EVP_CIPH_CBC_MODE, 32, 16, 16)				\
	X(tf128ecb, "TWOFISH-128-ECB", "ecb(twofish)", CAP_BLOCK,	\
	  EVP_CIPH_ECB_MODE, 16, 0, 16)					\
	X(tf192ecb, "TWOFISH-192-ECB", "ecb(twofish)", CAP_BLOCK,	\
	  EVP_CIPH_ECB_MODE, 24, 0, 16)					\
	X(tf256ecb, "TWOFISH-256-ECB", "ecb(twofish)", CAP_BLOCK,	\
	  EVP_CIPH_ECB_MODE, 32, 0, 16)					\
	X(tf128cbc, "TWOFISH-128-CBC", "cbc(twofish)", CAP_BLOCK,	\
	  EVP_CIPH_CBC_MODE, 16, 16, 16)				\
	X(tf192cbc, "TWOFISH-192-CBC", "cbc(twofish)", CAP_BLOCK,	\
	  EVP_CIPH_CBC_MODE, 24, 16, 16)				\
	X(tf256cbc, "TWOFISH-256-CBC", "cbc(twofish)", CAP_BLOCK,	\
	  EVP_CIPH_CBC_MODE, 32, 16, 16)				\
	X(tf128ctr, "TWOFISH-128-CTR", "ctr(twofish)", CAP_CTR,		\
	  EVP_CIPH_CTR_MODE, 16, 16, 1)					\
	X(tf192ctr, "TWOFISH-192-CTR", "ctr(twofish)", CAP_CTR,		\
	  EVP_CIPH_CTR_MODE, 24, 16, 1)					\
	X(tf256ctr, "TWOFISH-256-CTR", "ctr(twofish)", CAP_CTR,		\
	  EVP_CIPH_CTR_MODE, 32, 16, 1)

#define CAP_AEADS(X)							\
	X(cap_aes128gcm, "AES-128-GCM:id-aes128-GCM:2.16.840.1.101.3.4.1.6", \
	  "aes", GCM, 16)						\
	X(cap_aes192gcm, "AES-192-GCM:id-aes192-GCM:2.16.840.1.101.3.4.1.26", \
	  "aes", GCM, 24)						\
	X(cap_aes256gcm, "AES-256-GCM:id-aes256-GCM:2.16.840.1.101.3.4.1.46", \
	  "aes", GCM, 32)						\
	X(cap_aes128ccm, "AES-128-CCM:id-aes128-CCM:2.16.840.1.101.3.4.1.7", \
	  "aes", CCM, 16)						\
	X(cap_aes192ccm, "AES-192-CCM:id-aes192-CCM:2.16.840.1.101.3.4.1.27", \
	  "aes", CCM, 24)						\
	X(cap_aes256ccm, "AES-256-CCM:id-aes256-CCM:2.16.840.1.101.3.4.1.47", \
	  "aes", CCM, 32)						\
	X(cap_tf128gcm, "TWOFISH-128-GCM", "twofish", GCM, 16)		\
	X(cap_tf192gcm, "TWOFISH-192-GCM", "twofish", GCM, 24)		\
	X(cap_tf256gcm, "TWOFISH-256-GCM", "twofish", GCM, 32)		\
	X(cap_tf128ccm, "TWOFISH-128-CCM", "twofish", CCM, 16)		\
	X(cap_tf192ccm, "TWOFISH-192-CCM", "twofish", CCM, 24)		\
	X(cap_tf256ccm, "TWOFISH-256-CCM", "twofish", CCM, 32)
