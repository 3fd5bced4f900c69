/* SPDX-License-Identifier: MIT */
/*
 * peers-measure.c - the child of bench/peers: it measures one hardware
 * configuration (its masking variables are already in the environment)
 * and writes the records of peers.h to the parent. For each algorithm and
 * mode asked for: cryptarch's selection for the mode's name over the
 * cipher ("cbc(aes)", "cts(cbc(aes))", "cmac(aes)") under flags 0
 * ("cryptarch-ct") and CRYPTARCH_ALLOW_VARIABLE_TIME ("cryptarch-vt"); a
 * skcipher is timed through skbench_tick() on the handle and named, per
 * request size, by the instance the handle really uses for that direction
 * and size class (cryptarch_skcipher_slot()); a keyed hash is one
 * cryptarch_shash_digest() per message (init, update and final), named
 * by cryptarch_shash_driver(). For a headline comparison, the driver the
 * target names, measured by name where the selection
 * (skbench_selected()) is not one of its instances at some size; with
 * --all every instance of the name; and each peer library that has the
 * mode (none has xctr; intel-ipsec-mb only the keyed hashes) through its
 * adapter (peer.h), keyed once, one request per call. Every library runs
 * in place on the same buffer, as skbench_tick() does (and `cryptarch
 * speed`): each request's output is the next one's input, so that where
 * one block is one request (ECB, XTS) every library is timed by its
 * latency for it, not by its throughput of independent blocks; a keyed
 * hash writes its tag over the first bytes of the message, so that the
 * next message depends on it too. An AEAD ("gcm(aes)", "ccm(aes)") is one
 * cryptarch_aead_encrypt() or cryptarch_aead_decrypt() per message, named
 * by cryptarch_aead_slot(), its variable-time row left out where it would
 * use the same instances as the constant-time one; the nonce is the
 * peers' (PEER_AEAD_NONCE bytes), no associated data, a 16-byte tag. An
 * encryption runs in place, its tag written after the message; a
 * decryption reads the same valid message and tag each time (made by
 * cryptarch's encryption) and writes elsewhere, as tcrypt's AEAD speed
 * test does (in place, the next message would not verify). Before an
 * AEAD row is timed at a size, its library's output is checked against
 * cryptarch's (the variable-time selection's): the ciphertext and tag of
 * an encryption; the plaintext of a decryption, and that a decryption
 * with one bit of the tag flipped fails. A row that does not match is
 * not timed: it says so. A batch mode (cbc-mb8 ... cmac-mb32: MB
 * independent requests of the same size, each in place in its own
 * buffer, each CBC request with its own iv) times one batch per call:
 * cryptarch's cryptarch_skcipher_encrypt_many() (skbench_many_tick, named
 * by the handle's many-request slot, cryptarch_skcipher_slot() class
 * 2), for CMAC one cryptarch_shash_digest_many() of MB messages, the tags
 * into a buffer of their own; intel-ipsec-mb's job manager with MB
 * jobs submitted, then flushed (peer.h: open_many, run_many), its CMAC
 * tags into the same buffer of their own; OpenSSL
 * one stream, MB requests in a row through the single-request adapter
 * (a CBC stream chains from request to request: the single-stream
 * baseline). Its record's figures are per request: the batch's over MB.
 * Keys and data are fixed patterns, nothing secret.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "aead.h"
#include "cpu.h"
#include "cryptarch.h"
#include "handle.h"
#include "harness.h"
#include "peers.h"
#include "profile.h"
#include "registry.h"
#include "select.h"
#include "shash.h"
#include "skbench.h"
#include "skcipher.h"
#include "spec.h"

/* Fixed key material: 64 bytes, so that XTS halves differ. The iv of
 * every library (the AEADs: the nonce, its first PEER_AEAD_NONCE bytes). */
static uint8_t key[64];
static uint8_t iv0[16];

/* The AEAD messages, each of the longest size and its tag: the plaintext,
 * cryptarch's ciphertext and tag of it (decryption's input), the same
 * with the tag forged, and two outputs. */
static uint8_t *aead_pt, *aead_ref, *aead_forged, *aead_out, *aead_chk;

static void fill(uint8_t *p, size_t n, uint32_t seed)
{
	size_t i;

	for (i = 0; i < n; i++) {
		seed ^= seed << 13;
		seed ^= seed >> 17;
		seed ^= seed << 5;
		p[i] = (uint8_t)seed;
	}
}

/* The bytes of key for algorithm A in mode M: one cipher key per key of
 * the outer template (xts: two). */
static size_t key_bytes(const struct algdef *a, int m)
{
	const struct cryptarch_template *t = cryptarch_template_find(
		peers_modes[m].tmpl, strlen(peers_modes[m].tmpl));

	if (peers_modes[m].aead)
		return a->bits / 8;
	/* a template over an instance (cts over cbc) states none: one */
	return a->bits / 8 * (t && t->nkeys ? t->nkeys : 1);
}

/* ---- records ------------------------------------------------------------ */

static FILE *rec;
static const char *rec_cfg;

static void clean(char *s)
{
	for (; *s; s++)
		if (*s == '\t' || *s == '\n' || *s == '\r')
			*s = ' ';
}

static void info(const char *k, const char *v)
{
	char buf[512];

	snprintf(buf, sizeof(buf), "%s", v ? v : "");
	clean(buf);
	fprintf(rec, "I\t%s\t%s\t%s\n", rec_cfg, k, buf);
}

static void unavailable(const char *lib, const char *impl,
			const struct algdef *a, int mode, const char *why)
{
	char buf[256];

	snprintf(buf, sizeof(buf), "%s", why);
	clean(buf);
	fprintf(rec, "U\t%s\t%s\t%s\t%s\t%s\t%s\n", rec_cfg, lib, impl, a->name,
		peers_modes[mode].name, buf);
	fflush(rec);
}

/* ---- one measured row ----------------------------------------------------- */

/* One message through a cryptarch shash handle, its tag written over the
 * message's first bytes. */
struct mac_req {
	cryptarch_shash *tfm;
	uint8_t *buf;
	size_t len;
	int err;
};

static void mac_tick(void *arg)
{
	struct mac_req *m = arg;
	int err = cryptarch_shash_digest(m->tfm, m->buf, m->len, m->buf);

	if (err)
		m->err = err;
}

/* The most requests a batch mode has (peers_modes[].mb). */
#define MB_MAX 32

/* A batch of N messages through a cryptarch shash handle: one
 * cryptarch_shash_digest_many() call, REQ filled by bench_many_len()
 * (each message in its own buffer, its tag into a buffer of its own). */
struct mac_many_req {
	cryptarch_shash *tfm;
	struct cryptarch_digest_request *req;
	size_t n;
	int err;
};

static void mac_many_tick(void *arg)
{
	struct mac_many_req *m = arg;
	int err = cryptarch_shash_digest_many(m->tfm, m->req, m->n);

	if (err)
		m->err = err;
}

/* A batch of N requests through a single-request peer: one stream, the
 * requests one after another, each in place in its own buffer. */
struct peer_stream_req {
	struct peer_req pr;
	uint8_t *buf;
	size_t n, len;
};

static void peer_stream_tick(void *arg)
{
	struct peer_stream_req *s = arg;
	size_t i;

	for (i = 0; i < s->n; i++) {
		s->pr.src = s->buf + i * s->len;
		s->pr.dst = s->buf + i * s->len;
		s->pr.len = s->len;
		s->pr.peer->run(&s->pr);
	}
}

/* A cryptarch handle or a peer, set up for one algorithm and mode. */
struct bench {
	int mode;
	struct skbench_req ca; /* cryptarch skcipher: ca.tfm not NULL */
	struct mac_req mac;    /* cryptarch shash: mac.tfm not NULL */
	struct skbench_aead_req ae; /* cryptarch aead: ae.tfm not NULL */
	struct peer_req pr;    /* a peer: pr.peer not NULL */
	/* a batch mode: one of these instead, per the above */
	struct skbench_many_req cam;
	struct mac_many_req macm;
	struct peer_many_req pm; /* a peer with batches (run_many) */
	struct peer_stream_req ps; /* a peer without: one stream */
	struct cryptarch_request req[MB_MAX];
	struct cryptarch_digest_request dreq[MB_MAX];
	struct peer_job job[MB_MAX];
	uint8_t ivs[MB_MAX][16];
	uint8_t tags[MB_MAX][16]; /* CMAC: the batch's tags */
	uint8_t *buf;	       /* the in-place buffer */
	char impl[96];
};

/* Set batch B up for requests of LEN bytes: request I in place at
 * B->buf + I * LEN, with iv B->ivs[I] (CMAC: its tag to B->tags[I]). */
static void bench_many_len(struct bench *b, size_t len)
{
	unsigned n = peers_modes[b->mode].mb;
	size_t i;

	for (i = 0; i < n; i++) {
		fill(b->ivs[i], 16, 0x1234567u + (uint32_t)i);
		b->job[i].src = b->buf + i * len;
		b->job[i].dst = peers_modes[b->mode].mac ? b->tags[i] :
							  b->buf + i * len;
		b->job[i].len = len;
		b->job[i].iv = b->ivs[i];
		b->dreq[i].data = b->buf + i * len;
		b->dreq[i].len = len;
		b->dreq[i].out = b->tags[i];
	}
	b->cam.buf = b->buf;
	b->cam.iv = b->ivs[0];
	b->cam.req = b->req;
	b->cam.n = n;
	b->cam.len = len;
	b->cam.err = 0;
	if (b->cam.tfm) {
		skbench_many_init(&b->cam);
		cryptarch_skcipher_slot(b->cam.tfm, 0, 2, b->impl,
					sizeof(b->impl));
	}
	b->macm.req = b->dreq;
	b->macm.n = n;
	b->macm.err = 0;
	b->pm.job = b->job;
	b->pm.n = n;
	b->pm.err = 0;
	b->ps.buf = b->buf;
	b->ps.n = n;
	b->ps.len = len;
	b->ps.pr.err = 0;
}

static void bench_len(struct bench *b, size_t len)
{
	if (peers_modes[b->mode].mb) {
		bench_many_len(b, len);
		return;
	}
	b->ca.len = len;
	b->ca.err = 0;
	b->mac.len = len;
	b->mac.err = 0;
	b->ae.len = len;
	b->ae.err = 0;
	b->pr.len = len;
	b->pr.err = 0;
	/* The instance this direction and size use (a handle may encrypt
	 * and decrypt, or serve short and long requests, with different
	 * ones). */
	if (b->ca.tfm)
		cryptarch_skcipher_slot(b->ca.tfm, b->ca.decrypt,
					len > CRYPTARCH_PROFILE_SMALL_MAX,
					b->impl, sizeof(b->impl));
	if (b->ae.tfm)
		cryptarch_aead_slot(b->ae.tfm, b->ae.decrypt,
				    len > CRYPTARCH_PROFILE_SMALL_MAX, b->impl,
				    sizeof(b->impl));
}

/* ---- AEAD messages: cryptarch's reference and the checks ----------------- */

/* The AEAD request of B: SRC into DST. */
static void aead_io(struct bench *b, const uint8_t *src, uint8_t *dst)
{
	b->ae.src = src;
	b->ae.dst = dst;
	b->pr.src = src;
	b->pr.dst = dst;
}

/* One request of B as timed; returns its error, which is then cleared. */
static int aead_once(struct bench *b)
{
	int err;

	if (b->ae.tfm) {
		skbench_aead_tick(&b->ae);
		err = b->ae.err;
		b->ae.err = 0;
	} else {
		b->pr.peer->run(&b->pr);
		err = b->pr.err;
		b->pr.err = 0;
	}
	return err;
}

/* The plaintext of LEN bytes into aead_pt, and cryptarch's ciphertext and
 * tag of it into aead_ref (and, forged, aead_forged), for algorithm A in
 * mode M; 0, or -1 with the reason in WHY. */
static int aead_reference(const struct algdef *a, int m, size_t len,
			  char *why, size_t whysize)
{
	char name[64], inst[CRYPTARCH_NAME_MAX + 1];
	cryptarch_aead *tfm;
	int e;

	snprintf(name, sizeof(name), peers_modes[m].fmt, a->cipher);
	fill(aead_pt, len, 0xa5a5u + (uint32_t)len);
	e = cryptarch_aead_new(&tfm, name, CRYPTARCH_ALLOW_VARIABLE_TIME);
	if (e) {
		snprintf(why, whysize, "no reference: %s: %s", name,
			 cryptarch_strerror(e));
		return -1;
	}
	e = cryptarch_aead_setkey(tfm, key, key_bytes(a, m));
	if (!e)
		e = cryptarch_aead_encrypt(tfm, aead_pt, aead_ref, len, iv0,
					   PEER_AEAD_NONCE, NULL, 0);
	cryptarch_aead_slot(tfm, 0, len > CRYPTARCH_PROFILE_SMALL_MAX, inst,
			    sizeof(inst));
	cryptarch_aead_free(tfm);
	if (e) {
		snprintf(why, whysize, "no reference: %s: %s", inst,
			 cryptarch_strerror(e));
		return -1;
	}
	memcpy(aead_forged, aead_ref, len + PEER_AEAD_TAG);
	aead_forged[len + PEER_AEAD_TAG - 1] ^= 0x01;
	return 0;
}

/* Where the N bytes at X and Y first differ, or N. */
static size_t differs_at(const uint8_t *x, const uint8_t *y, size_t n)
{
	size_t i;

	for (i = 0; i < n && x[i] == y[i]; i++)
		;
	return i;
}

/*
 * Check B's AEAD requests of LEN bytes against cryptarch's (A, M), then
 * set B up for timing them: an encryption in place on B->buf, a
 * decryption of aead_ref into aead_out. 0, or -1 with the reason in WHY.
 */
static int aead_prepare(struct bench *b, const struct algdef *a, size_t len,
			char *why, size_t whysize)
{
	const size_t all = len + PEER_AEAD_TAG;
	size_t at;
	int err;

	if (aead_reference(a, b->mode, len, why, whysize))
		return -1;
	if (!peers_modes[b->mode].decrypt) {
		memcpy(aead_chk, aead_pt, len);
		aead_io(b, aead_chk, aead_chk);
		err = aead_once(b);
		at = differs_at(aead_chk, aead_ref, all);
		if (err) {
			snprintf(why, whysize, "encryption failed (%d)", err);
			return -1;
		}
		if (at < len) {
			snprintf(why, whysize,
				 "ciphertext differs from cryptarch's (first "
				 "at byte %zu)",
				 at);
			return -1;
		}
		if (at < all) {
			snprintf(why, whysize,
				 "tag differs from cryptarch's (first at byte "
				 "%zu of it)",
				 at - len);
			return -1;
		}
		aead_io(b, b->buf, b->buf);
		return 0;
	}
	memset(aead_chk, 0, len);
	aead_io(b, aead_ref, aead_chk);
	err = aead_once(b);
	at = differs_at(aead_chk, aead_pt, len);
	if (err || at < len) {
		if (err)
			snprintf(why, whysize,
				 "decryption of cryptarch's message failed "
				 "(%d)",
				 err);
		else
			snprintf(why, whysize,
				 "decryption of cryptarch's message differs "
				 "from its plaintext (first at byte %zu)",
				 at);
		return -1;
	}
	aead_io(b, aead_forged, aead_chk);
	if (!aead_once(b)) {
		snprintf(why, whysize,
			 "decryption accepted a forged tag (one bit flipped)");
		return -1;
	}
	aead_io(b, aead_ref, aead_out);
	return 0;
}

/* One batch mode's row at the size set: a batch per call, then R per
 * request. */
static void measure_many(const struct opts *o, struct bench *b,
			 struct harness_result *r)
{
	unsigned n = peers_modes[b->mode].mb;

	if (b->cam.tfm)
		harness_run(skbench_many_tick, &b->cam, o->sec, r);
	else if (b->macm.tfm)
		harness_run(mac_many_tick, &b->macm, o->sec, r);
	else if (b->pm.peer)
		harness_run(b->pm.peer->run_many, &b->pm, o->sec, r);
	else
		harness_run(peer_stream_tick, &b->ps, o->sec, r);
	r->calls *= n;
	r->best_ns /= n;
	r->best_cycles /= n;
}

static void measure(const struct opts *o, const char *lib,
		    const struct algdef *a, struct bench *b)
{
	const char *mode = peers_modes[b->mode].name;
	size_t sizes[MAX_SIZES], n = peers_mode_sizes(o, b->mode, sizes), i;

	if (isatty(2))
		fprintf(stderr, "\r%-7s %-12s %-8s %-10s %-28.28s", rec_cfg,
			a->name, mode, lib, b->impl);
	for (i = 0; i < n; i++) {
		struct harness_result r;
		char why[192];
		int err;

		bench_len(b, sizes[i]);
		if (peers_modes[b->mode].aead &&
		    aead_prepare(b, a, sizes[i], why, sizeof(why))) {
			clean(why);
			fprintf(rec, "U\t%s\t%s\t%s\t%s\t%s\tnot timed: at %zu "
				     "bytes, %s\n",
				rec_cfg, lib, b->impl, a->name, mode, sizes[i],
				why);
			break;
		}
		if (peers_modes[b->mode].mb) {
			measure_many(o, b, &r);
			err = b->cam.err ? b->cam.err :
			      b->macm.err ? b->macm.err :
			      b->pm.err ? b->pm.err :
					  b->ps.pr.err;
			goto record;
		}
		if (b->ca.tfm)
			harness_run(skbench_tick, &b->ca, o->sec, &r);
		else if (b->mac.tfm)
			harness_run(mac_tick, &b->mac, o->sec, &r);
		else if (b->ae.tfm)
			harness_run(skbench_aead_tick, &b->ae, o->sec, &r);
		else
			harness_run(b->pr.peer->run, &b->pr, o->sec, &r);
		err = b->ca.tfm	 ? b->ca.err :
		      b->mac.tfm ? b->mac.err :
		      b->ae.tfm	 ? b->ae.err :
				   b->pr.err;
record:
		if (err) {
			fprintf(rec,
				"U\t%s\t%s\t%s\t%s\t%s\tfailed at %zu "
				"bytes (%d)\n",
				rec_cfg, lib, b->impl, a->name, mode, sizes[i],
				err);
			break;
		}
		fprintf(rec,
			"R\t%s\t%s\t%s\t%s\t%s\t%zu\t%.9g\t%.9g\t%llu\t"
			"%.9g\n",
			rec_cfg, lib, b->impl, a->name, mode, sizes[i],
			r.best_ns, r.best_cycles, r.calls, r.seconds);
	}
	fflush(rec);
}

/* Measure the keyed hash NAME (an algorithm or instance name) under FLAGS
 * as row LABEL. */
static void bench_mac_one(const struct opts *o, const struct algdef *a,
			  int mode, const char *name, unsigned flags,
			  const char *label, uint8_t *buf)
{
	struct bench b;
	char why[192];
	int e;

	memset(&b, 0, sizeof(b));
	b.mode = mode;
	b.mac.buf = buf;
	e = cryptarch_shash_new(&b.mac.tfm, name, flags);
	if (e) {
		snprintf(why, sizeof(why), "%s, %s: %s", name,
			 flags & CRYPTARCH_ALLOW_VARIABLE_TIME ?
				 "variable-time allowed" :
				 "constant-time",
			 cryptarch_strerror(e));
		unavailable(label, "-", a, mode, why);
		return;
	}
	e = cryptarch_shash_setkey(b.mac.tfm, key, key_bytes(a, mode));
	if (e) {
		snprintf(why, sizeof(why), "setkey: %s", cryptarch_strerror(e));
		unavailable(label, "-", a, mode, why);
	} else {
		snprintf(b.impl, sizeof(b.impl), "%s",
			 cryptarch_shash_driver(b.mac.tfm));
		if (peers_modes[mode].mb) {
			/* the many-digest instance, which may be another */
			cryptarch_shash_slot(b.mac.tfm, CRYPTARCH_CLASS_MANY,
					     b.impl, sizeof(b.impl));
			b.macm.tfm = b.mac.tfm;
			b.buf = buf;
		}
		measure(o, label, a, &b);
	}
	cryptarch_shash_free(b.mac.tfm);
}

/* Measure the AEAD NAME (an algorithm or instance name) under FLAGS as
 * row LABEL. */
static void bench_aead_one(const struct opts *o, const struct algdef *a,
			   int mode, const char *name, unsigned flags,
			   const char *label, uint8_t *buf)
{
	struct bench b;
	char why[192];
	int e;

	memset(&b, 0, sizeof(b));
	b.mode = mode;
	b.buf = buf;
	b.ae.decrypt = peers_modes[mode].decrypt;
	b.ae.nonce = iv0;
	b.ae.noncelen = PEER_AEAD_NONCE;
	e = cryptarch_aead_new(&b.ae.tfm, name, flags);
	if (e) {
		snprintf(why, sizeof(why), "%s, %s: %s", name,
			 flags & CRYPTARCH_ALLOW_VARIABLE_TIME ?
				 "variable-time allowed" :
				 "constant-time",
			 cryptarch_strerror(e));
		unavailable(label, "-", a, mode, why);
		return;
	}
	e = cryptarch_aead_setkey(b.ae.tfm, key, key_bytes(a, mode));
	if (!e)
		e = cryptarch_aead_setauthsize(b.ae.tfm, PEER_AEAD_TAG);
	if (e) {
		snprintf(why, sizeof(why), "setkey: %s", cryptarch_strerror(e));
		unavailable(label, "-", a, mode, why);
	} else {
		size_t sizes[MAX_SIZES];

		b.ae.taglen = cryptarch_aead_authsize(b.ae.tfm);
		if (peers_mode_sizes(o, mode, sizes)) {
			bench_len(&b, sizes[0]);
			measure(o, label, a, &b);
		}
	}
	cryptarch_aead_free(b.ae.tfm);
}

/* 1 if NAME selects the same instances under FLAGS and under
 * CRYPTARCH_ALLOW_VARIABLE_TIME at every size measured in the direction
 * of MODE (an AEAD), and opens under FLAGS. */
static int aead_same_vt(const struct opts *o, const struct algdef *a,
			int mode, const char *name)
{
	char ct[CRYPTARCH_NAME_MAX + 1], vt[CRYPTARCH_NAME_MAX + 1];
	size_t sizes[MAX_SIZES], n = peers_mode_sizes(o, mode, sizes), i;

	for (i = 0; i < n; i++) {
		skbench_aead_selected(name, 0, key_bytes(a, mode),
				      peers_modes[mode].decrypt, sizes[i], ct,
				      sizeof(ct));
		skbench_aead_selected(name, CRYPTARCH_ALLOW_VARIABLE_TIME,
				      key_bytes(a, mode),
				      peers_modes[mode].decrypt, sizes[i], vt,
				      sizeof(vt));
		if (!ct[0] || strcmp(ct, vt))
			return 0;
	}
	return 1;
}

/* Measure cryptarch instance or algorithm NAME under FLAGS as row LABEL. */
static void bench_cryptarch_one(const struct opts *o, const struct algdef *a,
				int mode, const char *name, unsigned flags,
				const char *label, uint8_t *buf)
{
	struct bench b;
	char why[192];
	int e;

	memset(&b, 0, sizeof(b));
	b.mode = mode;
	if (peers_modes[mode].mac) {
		bench_mac_one(o, a, mode, name, flags, label, buf);
		return;
	}
	if (peers_modes[mode].aead) {
		bench_aead_one(o, a, mode, name, flags, label, buf);
		return;
	}
	b.ca.buf = buf;
	b.ca.decrypt = peers_modes[mode].decrypt;
	fill(b.ca.iv, sizeof(b.ca.iv), 0x1234567u);
	e = cryptarch_skcipher_new(&b.ca.tfm, name, flags);
	if (e) {
		snprintf(why, sizeof(why), "%s, %s: %s", name,
			 flags & CRYPTARCH_ALLOW_VARIABLE_TIME ?
				 "variable-time allowed" :
				 "constant-time",
			 cryptarch_strerror(e));
		b.ca.tfm = NULL;
		unavailable(label, "-", a, mode, why);
		return;
	}
	e = cryptarch_skcipher_setkey(b.ca.tfm, key, key_bytes(a, mode));
	if (e) {
		snprintf(why, sizeof(why), "setkey: %s", cryptarch_strerror(e));
		unavailable(label, "-", a, mode, why);
	} else {
		size_t sizes[MAX_SIZES];

		if (peers_modes[mode].mb) {
			b.cam.tfm = b.ca.tfm;
			b.buf = buf;
		}
		peers_mode_sizes(o, mode, sizes);
		bench_len(&b, sizes[0]);
		measure(o, label, a, &b);
	}
	cryptarch_skcipher_free(b.ca.tfm);
}

/* A batch mode through peer library LIB: its batches where it has them,
 * else one stream. */
static void bench_peer_many(const struct opts *o, const struct algdef *a,
			    int mode, int lib, struct bench *b)
{
	const struct peer_lib *pl = peers_libs[lib];
	const struct modedef *m = &peers_modes[mode];
	struct peer *p;
	size_t sizes[MAX_SIZES];
	char why[192];
	int e;

	if (pl->has_many && pl->has_many(a->cipher, m->peer, key_bytes(a, mode)))
		e = pl->open_many(&p, a->cipher, m->peer, key, key_bytes(a, mode),
				  why, sizeof(why));
	else
		e = pl->open(&p, a->cipher, m->peer, 0, key, key_bytes(a, mode),
			     iv0, why, sizeof(why));
	if (e) {
		unavailable(peers_lib_names[lib], "-", a, mode, why);
		return;
	}
	if (p->run_many) {
		b->pm.peer = p;
		snprintf(b->impl, sizeof(b->impl), "%s", p->impl);
	} else {
		b->ps.pr.peer = p;
		snprintf(b->impl, sizeof(b->impl), "%s (one stream)", p->impl);
	}
	if (peers_mode_sizes(o, mode, sizes)) {
		bench_len(b, sizes[0]);
		measure(o, peers_lib_names[lib], a, b);
	}
	peer_close(p);
}

static void bench_peer(const struct opts *o, const struct algdef *a, int mode,
		       int lib, uint8_t *buf)
{
	const struct modedef *m = &peers_modes[mode];
	struct bench b;
	uint8_t iv[16];
	char why[192];

	memset(&b, 0, sizeof(b));
	b.mode = mode;
	b.buf = buf;
	memcpy(iv, iv0, sizeof(iv));
	if (m->mb) {
		bench_peer_many(o, a, mode, lib, &b);
		return;
	}
	if (peers_libs[lib]->open(&b.pr.peer, a->cipher, m->peer, m->decrypt,
				  key, key_bytes(a, mode), iv, why,
				  sizeof(why))) {
		unavailable(peers_lib_names[lib], "-", a, mode, why);
		return;
	}
	b.pr.src = buf;
	b.pr.dst = buf;
	snprintf(b.impl, sizeof(b.impl), "%s", b.pr.peer->impl);
	measure(o, peers_lib_names[lib], a, &b);
	peer_close(b.pr.peer);
}

/* The instance of DRV for template TMPL that static selection would rank:
 * the hooked one where DRV has a hook, else the template's own; its driver
 * name into BUF, or "" if there is none. */
static void driver_instance(const char *tmpl, const char *drv, char *buf,
			    size_t size)
{
	const struct cryptarch_template *t =
		cryptarch_template_find(tmpl, strlen(tmpl));
	const struct cryptarch_driver *d =
		cryptarch_driver_find(drv, strlen(drv));
	struct cryptarch_spec s;

	buf[0] = '\0';
	if (!t || !d)
		return;
	if (cryptarch_spec_over(&s, t, d, 1) &&
	    cryptarch_spec_over(&s, t, d, 0))
		return;
	cryptarch_spec_name(&s, buf, size);
}

/* 1 if the selection for NAME under FLAGS is an instance of DRIVER for
 * every request size measured, in the direction of MODE. */
static int selects_driver(const struct opts *o, const struct algdef *a,
			  int mode, const char *name, unsigned flags,
			  const char *driver)
{
	char sel[CRYPTARCH_NAME_MAX + 1];
	size_t sizes[MAX_SIZES], n = peers_mode_sizes(o, mode, sizes), i;

	for (i = 0; i < n; i++) {
		skbench_selected(name, flags, key_bytes(a, mode),
				 peers_modes[mode].decrypt, sizes[i], sel,
				 sizeof(sel));
		if (!peers_instance_of(sel, driver))
			return 0;
	}
	return 1;
}

static void bench_cryptarch(const struct opts *o, const struct algdef *a,
			    int mode, const char *driver, unsigned flags,
			    uint8_t *buf)
{
	const unsigned vt = CRYPTARCH_ALLOW_VARIABLE_TIME;
	const char *tmpl = peers_modes[mode].tmpl;
	char name[64], inst[CRYPTARCH_NAME_MAX + 1] = "";
	const struct cryptarch_type *type;
	struct cryptarch_cands *c;
	size_t i;

	snprintf(name, sizeof(name), peers_modes[mode].fmt, a->cipher);
	bench_cryptarch_one(o, a, mode, name, 0, "cryptarch-ct", buf);
	/* an AEAD's variable-time row only where it differs */
	if (!peers_modes[mode].aead || !aead_same_vt(o, a, mode, name))
		bench_cryptarch_one(o, a, mode, name, vt, "cryptarch-vt", buf);

	/* The driver a target names, where the selection is another one
	 * (its hooked instance if it has one, else its template's). */
	if (driver && !selects_driver(o, a, mode, name, flags, driver)) {
		driver_instance(tmpl, driver, inst, sizeof(inst));
		if (inst[0])
			bench_cryptarch_one(o, a, mode, inst, flags,
					    "cryptarch", buf);
	}
	if (!o->all)
		return;
	/* Every instance of the name, available here or not (a row says
	 * why not), the template's own before the hooked one. */
	type = peers_modes[mode].mac  ? &cryptarch_type_shash :
	       peers_modes[mode].aead ? &cryptarch_type_aead :
					&cryptarch_type_skcipher;
	c = malloc(sizeof(*c));
	if (!c || cryptarch_cands(name, type, c)) {
		free(c);
		return;
	}
	for (i = 0; i < c->n; i++) {
		char iname[CRYPTARCH_NAME_MAX + 1];

		cryptarch_spec_name(&c->v[i], iname, sizeof(iname));
		if (strcmp(iname, inst))
			bench_cryptarch_one(o, a, mode, iname, vt, "cryptarch",
					    buf);
	}
	free(c);
}

static void bench_combo(const struct opts *o, const struct algdef *a, int mode,
			const char *driver, unsigned flags, uint8_t *buf)
{
	const struct modedef *m = &peers_modes[mode];
	int lib;

	for (lib = 0; lib < NLIBS; lib++) {
		if (!(o->lib_mask & (1u << lib)))
			continue;
		if (lib == L_CRYPTARCH) {
			bench_cryptarch(o, a, mode, driver, flags, buf);
			continue;
		}
		/* No peer has xctr, only intel-ipsec-mb has xcbc, and it
		 * is a peer for the keyed hashes and the AEADs only (and
		 * is not built everywhere): for those modes and that
		 * library a row saying so would be noise; the first five
		 * keep theirs ("OpenSSL has no Twofish"). */
		/* The batches: intel-ipsec-mb's job manager and one
		 * OpenSSL stream. */
		if (m->mb && peers_libs[lib] &&
		    (lib == L_IPSECMB ?
			     !peers_libs[lib]->has_many ||
				     !peers_libs[lib]->has_many(
					     a->cipher, m->peer,
					     key_bytes(a, mode)) :
			     lib != L_OPENSSL))
			continue;
		if (!m->peer || !peers_libs[lib] ||
		    ((lib == L_IPSECMB || mode >= XCTR) && !m->mb &&
		     !peers_libs[lib]->has(a->cipher, m->peer,
					   key_bytes(a, mode))))
			continue;
		bench_peer(o, a, mode, lib, buf);
	}
}

/* ---- the child ------------------------------------------------------------ */

static void info_libs(const struct config *c)
{
	char buf[512];
	size_t i;

	info("cycles", harness_cycle_source());
	info("openssl", peer_openssl.version(buf, sizeof(buf)));
	info("gcrypt", peer_gcrypt.version(buf, sizeof(buf)));
	info("nettle", peer_nettle.version(buf, sizeof(buf)));
	if (peers_libs[L_IPSECMB]) {
		info("ipsecmb", peers_libs[L_IPSECMB]->version(buf, sizeof(buf)));
		info("ipsecmb uses", peers_libs[L_IPSECMB]->hw(buf, sizeof(buf)));
	} else {
		info("ipsecmb", "not built (cmake/peers.cmake did not find it)");
	}
	info("cryptarch", CRYPTARCH_VERSION_STRING);
	info("env OPENSSL_ia32cap", getenv("OPENSSL_ia32cap"));
	info("env OPENSSL_armcap", getenv("OPENSSL_armcap"));
	info("env NETTLE_FAT_OVERRIDE", getenv("NETTLE_FAT_OVERRIDE"));
	info("env CRYPTARCH_DISABLE", getenv("CRYPTARCH_DISABLE"));
	buf[0] = '\0';
	for (i = 0; c->gcrypt_off && c->gcrypt_off[i]; i++) {
		size_t used = strlen(buf);

		snprintf(buf + used, sizeof(buf) - used, "%s%s",
			 used ? "," : "", c->gcrypt_off[i]);
	}
	info("gcrypt disabled", buf);
	if (*peer_gcrypt.hw(buf, sizeof(buf)))
		info("gcrypt hwflist", buf);
	cryptarch_cpu_format(cryptarch_cpu_detected(), buf, sizeof(buf));
	info("cryptarch detected", buf);
	cryptarch_cpu_format(cryptarch_cpu_features(), buf, sizeof(buf));
	info("cryptarch enabled", buf);
	info("cryptarch unknown", cryptarch_cpu_disable_unknown());
	fflush(rec);
}

/* see peers.h */
int peers_child(const struct opts *o)
{
	int ci = peers_config_index(o->child);
	const struct config *c = ci < 0 ? NULL : &peers_configs[ci];
	size_t maxlen = 0, i;
	uint8_t *buf;
	int lib, m;

	if (!c || o->fd < 0)
		return 2;
	for (lib = 0; lib < NLIBS; lib++) {
		if (!peers_libs[lib] || !peers_libs[lib]->init(c->gcrypt_off))
			continue;
		fprintf(stderr, "peers: %s failed to initialise\n",
			peers_lib_names[lib]);
		return 1;
	}
	rec = fdopen(o->fd, "w");
	if (!rec)
		return 1;
	rec_cfg = c->name;
	info_libs(c);

	for (m = 0; m < NMODES; m++) {
		size_t sizes[MAX_SIZES], n = peers_mode_sizes(o, m, sizes);

		for (i = 0; i < n; i++) {
			size_t need = sizes[i] * (peers_modes[m].mb ?
							  peers_modes[m].mb :
							  1);

			if (need > maxlen)
				maxlen = need;
		}
	}
	/* room for an AEAD's tag after the message */
	maxlen += PEER_AEAD_TAG;
	buf = malloc(maxlen);
	aead_pt = malloc(maxlen);
	aead_ref = malloc(maxlen);
	aead_forged = malloc(maxlen);
	aead_out = malloc(maxlen);
	aead_chk = malloc(maxlen);
	if (!buf || !aead_pt || !aead_ref || !aead_forged || !aead_out ||
	    !aead_chk)
		return 1;
	fill(buf, maxlen, 0xc0ffeeu);
	fill(key, sizeof(key), 0x5eed1u);
	fill(iv0, sizeof(iv0), 0x1234567u);

	if (o->headline) {
		for (i = 0; i < peers_nheadlines; i++) {
			const struct headline *h = &peers_headlines[i];

			bench_combo(o, &peers_algs[peers_alg_index(h->alg)],
				    peers_mode_index(h->mode), h->driver,
				    h->flags, buf);
		}
	} else {
		for (i = 0; i < NALGS; i++) {
			if (!(o->alg_mask & (1u << i)))
				continue;
			for (m = 0; m < NMODES; m++)
				if ((o->mode_mask & (1u << m)) &&
				    (!peers_modes[m].key128 ||
				     peers_algs[i].bits == 128) &&
				    (!peers_modes[m].mb ||
				     !strcmp(peers_algs[i].cipher, "aes")))
					bench_combo(o, &peers_algs[i], m, NULL,
						    0, buf);
		}
	}
	if (isatty(2))
		fprintf(stderr, "\r%-70s\r", "");
	free(buf);
	free(aead_pt);
	free(aead_ref);
	free(aead_forged);
	free(aead_out);
	free(aead_chk);
	fclose(rec);
	return 0;
}
