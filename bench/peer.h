/* SPDX-License-Identifier: MIT */
/*
 * peer.h - the peer adapters: how one request runs through OpenSSL
 * (peer-openssl.c), libgcrypt (peer-gcrypt.c), nettle (peer-nettle.c) or
 * intel-ipsec-mb (peer-ipsecmb.c), for bench/peers, which times the
 * requests, and tests/test-peers.c, which checks cryptarch's output
 * against them. A peer is opened for one cipher ("aes", "twofish"), mode
 * (the names of cryptarch's templates: "ecb", "cbc", "ctr", "xts", "cts"
 * for cryptarch's "cts(cbc(...))", the keyed hashes "cmac", "xcbc", and
 * the AEADs "gcm", "ccm"), direction, key and iv, then runs requests: cbc
 * and ctr continue from the previous request, as a stream cut into
 * requests would, while each xts or cts request is one message under the
 * iv given at open, and each cmac or xcbc request is one whole message
 * whose tag (16 bytes, or the peer's taglen where the library makes only
 * a shorter one) is written to DST (the direction and iv are unused
 * there). Each gcm or ccm request is one whole message under the nonce
 * given at open (see PEER_AEAD_NONCE below). Each adapter is built
 * where cmake/peers.cmake found its library, as the static library
 * peer_<name>, which also defines PEER_HAVE_<NAME> for the programs
 * linking it. Benchmark and test code: keys are fixed or random test
 * keys, and nothing is wiped.
 */
#ifndef CRYPTARCH_BENCH_PEER_H
#define CRYPTARCH_BENCH_PEER_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

struct peer;

/*
 * The modes, as the adapters number them. PEER_CTS is CBC with ciphertext
 * stealing, the CS3 variant (NIST SP 800-38A addendum; the last two blocks
 * swapped, also when the length is a multiple of 16), for lengths of at
 * least 16 bytes. PEER_CMAC is NIST SP 800-38B, PEER_XCBC RFC 3566
 * (AES-XCBC-MAC with the full 16-byte tag, 16-byte keys). PEER_GCM is
 * NIST SP 800-38D, PEER_CCM SP 800-38C (RFC 3610's formatting), both as
 * below.
 */
enum peer_mode {
	PEER_ECB,
	PEER_CBC,
	PEER_CTR,
	PEER_XTS,
	PEER_CTS,
	PEER_CMAC,
	PEER_XCBC,
	PEER_GCM,
	PEER_CCM,
	PEER_NMODES
};

/*
 * The AEAD requests (gcm, ccm): the nonce is the first PEER_AEAD_NONCE
 * bytes of the iv given at open, the same for every request (a benchmark
 * and a test, not a protocol); no associated data; a PEER_AEAD_TAG-byte
 * tag. The 12-byte nonce is GCM's standard one and, for CCM, TLS's (RFC
 * 6655: L = 3, messages up to 2^24 - 1 bytes). An encryption request
 * writes LEN bytes of ciphertext to DST and the tag after them, at DST +
 * LEN (DST may equal SRC). A decryption request reads LEN bytes of
 * ciphertext at SRC and the tag after them, at SRC + LEN, and writes LEN
 * bytes of plaintext to DST; a tag that does not verify sets err to -1,
 * as any other failure does (what DST then holds is the library's
 * business). LEN may be 0.
 */
#define PEER_AEAD_NONCE 12
#define PEER_AEAD_TAG 16

/* The peer_mode named MODE ("ecb", ..., "xcbc", "gcm", "ccm"), or -1. */
static inline int peer_mode(const char *mode)
{
	static const char *const names[PEER_NMODES] = {
		"ecb", "cbc", "ctr", "xts", "cts", "cmac", "xcbc", "gcm", "ccm"
	};
	int i;

	for (i = 0; i < PEER_NMODES; i++)
		if (!strcmp(mode, names[i]))
			return i;
	return -1;
}

/* 1 if mode M is a keyed hash (a request makes a tag). */
static inline int peer_mode_is_mac(int m)
{
	return m == PEER_CMAC || m == PEER_XCBC;
}

/* 1 if mode M is an AEAD (a request is one message and its tag). */
static inline int peer_mode_is_aead(int m)
{
	return m == PEER_GCM || m == PEER_CCM;
}

/* One request through PEER, SRC to DST (may be equal), LEN bytes; for a
 * keyed hash the message SRC, LEN bytes (0 allowed), and its tag at DST
 * (which may be SRC: the tag is written after the message is read). */
struct peer_req {
	struct peer *peer;
	uint8_t *dst;
	const uint8_t *src;
	size_t len;
	int err; /* set to -1 by a request that failed */
};

/*
 * A batch of N independent requests through a peer opened with
 * open_many (see struct peer_lib): job I encrypts JOB[I].LEN bytes (a
 * multiple of 16) from JOB[I].SRC to JOB[I].DST in CBC under its own iv
 * JOB[I].IV (16 bytes, in and out: the last ciphertext block after, as
 * cryptarch_skcipher_encrypt_many leaves it), or for cmac makes the tag
 * of the message SRC at DST (IV unused). The jobs are submitted one
 * after another and then flushed: all in flight at once, as the
 * library's job manager interleaves them.
 */
struct peer_job {
	uint8_t *dst;
	const uint8_t *src;
	size_t len;
	uint8_t *iv;
};

struct peer_many_req {
	struct peer *peer;
	struct peer_job *job;
	size_t n;
	int err; /* set to -1 by a batch where a job failed */
};

/* An opened peer. RUN has the type of harness_fn (harness.h). */
struct peer {
	const struct peer_lib *lib;
	void (*run)(void *req); /* one request: a struct peer_req */
	/* a batch: a struct peer_many_req (opened with open_many) */
	void (*run_many)(void *req);
	/* The iv after the requests so far, into IV: 1 where the library
	 * exposes it (OpenSSL 3 and nettle, cbc and ctr), else 0. */
	int (*iv)(const struct peer *p, uint8_t iv[16]);
	void (*close)(struct peer *p);
	char impl[48]; /* the library call a request makes */
	/* Keyed hashes: the bytes of tag a request writes, the leading ones
	 * of the full tag: 16, or 12 where the library makes only the
	 * 96-bit tag (intel-ipsec-mb's XCBC, as IPsec uses it). */
	size_t taglen;
};

/* A peer library. */
struct peer_lib {
	const char *name; /* "openssl", "gcrypt", "nettle", "ipsecmb" */
	/*
	 * Initialise the library once per process, before anything else of
	 * it runs. HW_OFF (NULL-terminated, may be NULL) names hardware
	 * features to disable where the library takes such a list in the
	 * process (libgcrypt: GCRYCTL_DISABLE_HWF; intel-ipsec-mb, which has
	 * no code without AES-NI: refusing every open where "intel-aesni" is
	 * named; OpenSSL and nettle read theirs from the environment when
	 * they are loaded). 0 or -1.
	 */
	int (*init)(const char *const *hw_off);
	/* The library's version into BUF; returns BUF. */
	const char *(*version)(char *buf, size_t size);
	/* The hardware features it reports using into BUF ("" where it
	 * reports none: OpenSSL, nettle); returns BUF. */
	const char *(*hw)(char *buf, size_t size);
	/* 1 if it has CIPHER in MODE with a KEYLEN-byte key (xts: both
	 * halves), else 0. MODE names a peer_mode. For gcm and ccm: with
	 * the requests described at PEER_AEAD_NONCE. */
	int (*has)(const char *cipher, const char *mode, size_t keylen);
	/*
	 * Open *OUT for requests in direction DECRYPT with KEY (KEYLEN
	 * bytes) and IV (16 bytes; unused by ecb; gcm and ccm take their
	 * nonce from its start). Returns 0, or -1 with
	 * the reason in WHY ("OpenSSL has no Twofish", "libgcrypt: Invalid
	 * key length").
	 */
	int (*open)(struct peer **out, const char *cipher, const char *mode,
		    int decrypt, const uint8_t *key, size_t keylen,
		    const uint8_t iv[16], char *why, size_t whysize);
	/*
	 * Batches of independent requests (struct peer_many_req), where
	 * the library has an interface for them (intel-ipsec-mb's job
	 * manager; NULL elsewhere): has_many as has, for "cbc"
	 * (encryption) and "cmac"; open_many as open, the peer's run_many
	 * then taking batches.
	 */
	int (*has_many)(const char *cipher, const char *mode, size_t keylen);
	int (*open_many)(struct peer **out, const char *cipher,
			 const char *mode, const uint8_t *key, size_t keylen,
			 char *why, size_t whysize);
};

extern const struct peer_lib peer_openssl, peer_gcrypt, peer_nettle,
	peer_ipsecmb;

/* The adapter's own struct TYPE whose member BASE is the struct peer P. */
#define PEER_OF(p, type) ((type *)(void *)((char *)(p)-offsetof(type, base)))

/* One request through P; returns 0 or -1. A request of 0 bytes calls
 * nothing. */
static inline int peer_crypt(struct peer *p, uint8_t *dst, const uint8_t *src,
			     size_t len)
{
	struct peer_req r = { p, dst, src, len, 0 };

	if (len)
		p->run(&r);
	return r.err;
}

/* The tag of the LEN-byte message MSG (0 allowed) into TAG (P->taglen
 * bytes), with P opened for a keyed hash; returns 0 or -1. */
static inline int peer_mac(struct peer *p, uint8_t tag[16],
			   const uint8_t *msg, size_t len)
{
	struct peer_req r = { p, tag, msg, len, 0 };

	p->run(&r);
	return r.err;
}

/* One AEAD request through P, opened for gcm or ccm: LEN bytes (0
 * allowed) and the tag, as described at PEER_AEAD_NONCE; returns 0 or -1
 * (for decryption also where the tag does not verify). */
static inline int peer_aead_crypt(struct peer *p, uint8_t *dst,
				  const uint8_t *src, size_t len)
{
	struct peer_req r = { p, dst, src, len, 0 };

	p->run(&r);
	return r.err;
}

static inline void peer_close(struct peer *p)
{
	if (p)
		p->close(p);
}

#endif /* CRYPTARCH_BENCH_PEER_H */
