/* SPDX-License-Identifier: MIT */
/*
 * fuzz-name.c - libFuzzer harness for the name parser and for skcipher,
 * shash, aead and cipher lookup. Input: one byte of flags (every bit,
 * known or not), then the name: the bytes up to the end of the input or
 * the first NUL, cut at 255 (names longer than the parser's limit of 127
 * must be refused).
 * Checks, each an abort (a crash for libFuzzer) when broken:
 *   - cryptarch_name_parse() returns 0 or -EINVAL, and on success the
 *     name is 1 to 127 bytes and its parse tree is sane: every word a
 *     non-empty part of the name, the root the first, arguments after
 *     their template and within the node count;
 *   - cryptarch_skcipher_new(), cryptarch_shash_new(),
 *     cryptarch_aead_new() and cryptarch_cipher_new() return 0, -EINVAL
 *     or -ENOENT, leave the handle NULL on error, and -EINVAL exactly
 *     when the parser refuses the name; no name opens as more than one
 *     of an skcipher, a shash and an aead;
 *   - a handle that opens has a driver name that resolves to that
 *     instance exactly (cryptarch_lookup()) and opens again under the
 *     same flags; an skcipher refuses work before a key (-ENOKEY), and
 *     after a valid key decrypts what it encrypts; a keyed shash refuses
 *     work before a key, an unkeyed one refuses every key, and after a
 *     valid key two updates give the one-call digest; an aead refuses
 *     work before a key, takes a 16-byte tag by default, decrypts what
 *     it encrypts and refuses a flipped tag bit with the output zeroed;
 *   - a handle is constant-time unless the flags allow variable time;
 *   - a registered block cipher driver name that can run here and that
 *     the flags allow always opens as a cipher; a template name never
 *     does, nor does a hash driver's name.
 * Any crash, leak or undefined behaviour under ASan and UBSan is found by
 * the sanitizers themselves. Test code, not constant-time.
 */
#include <errno.h>
#include <string.h>

#include "eligible.h"
#include "fuzz.h"
#include "select.h"
#include "selftest.h"
#include "aead.h"
#include "shash.h"
#include "skcipher.h"

#define MAX_NAME 255

/* The instance DRV that NAME chose under FLAGS, looked up as TYPE by its
 * own name into *PLAN: exactly that instance, and constant-time unless
 * FLAGS allow otherwise. */
static void check_chosen(const char *name, const char *drv,
			 const struct cryptarch_type *type, unsigned flags,
			 struct cryptarch_plan *plan)
{
	char prio[CRYPTARCH_NAME_MAX + 1];
	int err;

	FUZZ_CHECK(drv && *drv, "%s %s: no driver name", type->name, name);
	err = cryptarch_lookup(drv, type, flags, plan);
	if (!err)
		cryptarch_spec_name(&plan->prio, prio, sizeof(prio));
	FUZZ_CHECK(err == 0 && plan->exact && strcmp(prio, drv) == 0,
		   "%s chose %s, which does not resolve to itself (%d)", name,
		   drv, err);
	FUZZ_CHECK((flags & CRYPTARCH_ALLOW_VARIABLE_TIME) ||
			   cryptarch_spec_constant_time(&plan->prio),
		   "%s chose the variable-time %s without the flag", name, drv);
}

static int check_skcipher(const char *name, unsigned flags, int parsed)
{
	uint8_t key[64], iv[16], iv2[16], pt[48], ct[48], back[48];
	cryptarch_skcipher *t = (cryptarch_skcipher *)&t, *again;
	static struct cryptarch_plan plan;
	const char *drv;
	unsigned min, max;
	size_t keylen;
	int err;

	err = cryptarch_skcipher_new(&t, name, flags);
	FUZZ_CHECK(err == 0 || err == -EINVAL || err == -ENOENT,
		   "skcipher_new(\"%s\", %#x) = %d", name, flags, err);
	FUZZ_CHECK(err != -EINVAL || !parsed,
		   "skcipher_new(\"%s\") = -EINVAL, but the name parses", name);
	FUZZ_CHECK(parsed || err == -EINVAL,
		   "skcipher_new(\"%s\") = %d for a name the parser refuses",
		   name, err);
	if (err) {
		FUZZ_CHECK(t == NULL, "skcipher_new failed but set *tfm");
		return 0;
	}
	drv = cryptarch_skcipher_driver(t);
	check_chosen(name, drv, &cryptarch_type_skcipher, flags, &plan);
	err = cryptarch_skcipher_new(&again, drv, flags);
	FUZZ_CHECK(err == 0, "the driver name %s does not open (%d)", drv, err);
	cryptarch_skcipher_free(again);

	memset(iv, 0xa5, sizeof(iv));
	memset(pt, 0x3c, sizeof(pt));
	FUZZ_CHECK(cryptarch_skcipher_encrypt(t, pt, ct, 16, iv) == -ENOKEY,
		   "%s encrypts without a key", drv);
	cryptarch_spec_keysizes(&plan.prio, &min, &max);
	keylen = (size_t)min * cryptarch_spec_nkeys(&plan.prio);
	for (size_t i = 0; i < keylen; i++)
		key[i] = (uint8_t)(i * 7 + 1);
	err = cryptarch_skcipher_setkey(t, key, keylen);
	FUZZ_CHECK(err == 0, "%s: setkey(%zu bytes) = %d", drv, keylen, err);
	memcpy(iv2, iv, sizeof(iv));
	err = cryptarch_skcipher_encrypt(t, pt, ct, sizeof(pt), iv);
	FUZZ_CHECK(err == 0, "%s: encrypt = %d", drv, err);
	err = cryptarch_skcipher_decrypt(t, ct, back, sizeof(ct), iv2);
	FUZZ_CHECK(err == 0 && memcmp(back, pt, sizeof(pt)) == 0,
		   "%s: decryption does not undo encryption (%d)", drv, err);
	cryptarch_skcipher_free(t);
	return 1;
}

/* The shash lookup of NAME: as check_skcipher() for a keyed or unkeyed
 * hash. Returns 1 if it opened. */
static int check_shash(const char *name, unsigned flags, int parsed)
{
	uint8_t key[64], msg[80], d1[64], d2[64];
	cryptarch_shash *t = (cryptarch_shash *)&t, *again;
	static struct cryptarch_plan plan;
	const char *drv;
	unsigned min, max;
	size_t i, ds;
	int err;

	err = cryptarch_shash_new(&t, name, flags);
	FUZZ_CHECK(err == 0 || err == -EINVAL || err == -ENOENT,
		   "shash_new(\"%s\", %#x) = %d", name, flags, err);
	FUZZ_CHECK((err == -EINVAL) == !parsed,
		   "shash_new(\"%s\") = %d, parser says %d", name, err, parsed);
	if (err) {
		FUZZ_CHECK(t == NULL, "shash_new failed but set *tfm");
		return 0;
	}
	drv = cryptarch_shash_driver(t);
	check_chosen(name, drv, &cryptarch_type_shash, flags, &plan);
	err = cryptarch_shash_new(&again, drv, flags);
	FUZZ_CHECK(err == 0, "the driver name %s does not open (%d)", drv, err);
	cryptarch_shash_free(again);
	ds = cryptarch_shash_digestsize(t);
	FUZZ_CHECK(ds > 0 && ds <= sizeof(d1), "%s: digest size %zu", drv, ds);
	for (i = 0; i < sizeof(key); i++)
		key[i] = (uint8_t)(i * 7 + 1);
	memset(msg, 0x3c, sizeof(msg));
	cryptarch_spec_keysizes(&plan.prio, &min, &max);
	if (max) {
		FUZZ_CHECK(cryptarch_shash_digest(t, msg, 10, d1) == -ENOKEY,
			   "%s digests without a key", drv);
		err = cryptarch_shash_setkey(t, key, min);
		FUZZ_CHECK(err == 0, "%s: setkey(%u bytes) = %d", drv, min,
			   err);
	} else {
		FUZZ_CHECK(cryptarch_shash_setkey(t, key, 16) == -EINVAL,
			   "unkeyed %s took a key", drv);
	}
	err = cryptarch_shash_update(t, msg, 33);
	if (!err)
		err = cryptarch_shash_update(t, msg + 33, sizeof(msg) - 33);
	if (!err)
		err = cryptarch_shash_final(t, d1);
	if (!err)
		err = cryptarch_shash_digest(t, msg, sizeof(msg), d2);
	FUZZ_CHECK(err == 0 && memcmp(d1, d2, ds) == 0,
		   "%s: two updates and one digest differ (%d)", drv, err);
	cryptarch_shash_free(t);
	return 1;
}

/* The aead lookup of NAME: as check_skcipher(); -ENOKEY before a key,
 * then a round trip, and a tag with one bit flipped refused with the
 * output zeroed. Returns 1 if it opened. */
static int check_aead(const char *name, unsigned flags, int parsed)
{
	uint8_t key[32], nonce[12], pt[40], ct[56], back[40];
	cryptarch_aead *t = (cryptarch_aead *)&t, *again;
	static struct cryptarch_plan plan;
	const char *drv;
	unsigned min, max;
	int err;

	err = cryptarch_aead_new(&t, name, flags);
	FUZZ_CHECK(err == 0 || err == -EINVAL || err == -ENOENT,
		   "aead_new(\"%s\", %#x) = %d", name, flags, err);
	FUZZ_CHECK((err == -EINVAL) == !parsed,
		   "aead_new(\"%s\") = %d, parser says %d", name, err, parsed);
	if (err) {
		FUZZ_CHECK(t == NULL, "aead_new failed but set *tfm");
		return 0;
	}
	drv = cryptarch_aead_driver(t);
	check_chosen(name, drv, &cryptarch_type_aead, flags, &plan);
	err = cryptarch_aead_new(&again, drv, flags);
	FUZZ_CHECK(err == 0, "the driver name %s does not open (%d)", drv, err);
	cryptarch_aead_free(again);
	FUZZ_CHECK(cryptarch_aead_authsize(t) == 16,
		   "%s: default tag length %zu", drv,
		   cryptarch_aead_authsize(t));
	memset(key, 0x21, sizeof(key));
	memset(nonce, 0x43, sizeof(nonce));
	memset(pt, 0x65, sizeof(pt));
	memset(back, 0xa5, sizeof(back));
	FUZZ_CHECK(cryptarch_aead_encrypt(t, pt, ct, sizeof(pt), nonce, 12,
					  NULL, 0) == -ENOKEY,
		   "%s encrypts without a key", drv);
	cryptarch_spec_keysizes(&plan.prio, &min, &max);
	err = cryptarch_aead_setkey(t, key, min);
	FUZZ_CHECK(err == 0, "%s: setkey(%u bytes) = %d", drv, min, err);
	err = cryptarch_aead_encrypt(t, pt, ct, sizeof(pt), nonce, 12, key, 7);
	if (!err)
		err = cryptarch_aead_decrypt(t, ct, back, sizeof(ct), nonce, 12,
					     key, 7);
	FUZZ_CHECK(err == 0 && memcmp(back, pt, sizeof(pt)) == 0,
		   "%s: decryption does not undo encryption (%d)", drv, err);
	ct[sizeof(ct) - 1] ^= 0x10;
	err = cryptarch_aead_decrypt(t, ct, back, sizeof(ct), nonce, 12, key,
				     7);
	FUZZ_CHECK(err == -EBADMSG && back[0] == 0 &&
			   !memcmp(back, back + 1, sizeof(back) - 1),
		   "%s: a forged tag gives %d, or an output not zeroed", drv,
		   err);
	cryptarch_aead_free(t);
	return 1;
}

static void check_cipher(const char *name, unsigned flags, int parsed, int tmpl)
{
	uint8_t key[32], pt[16], ct[16], back[16];
	cryptarch_cipher *t = (cryptarch_cipher *)&t;
	const struct cryptarch_driver *d;
	const char *drv;
	int err;

	err = cryptarch_cipher_new(&t, name, flags);
	FUZZ_CHECK(err == 0 || err == -EINVAL || err == -ENOENT,
		   "cipher_new(\"%s\", %#x) = %d", name, flags, err);
	FUZZ_CHECK((err == -EINVAL) == !parsed,
		   "cipher_new(\"%s\") = %d, parser says %d", name, err,
		   parsed);
	d = cryptarch_driver_find(name, strlen(name));
	if (d && fuzz_is_cipher(d) &&
	    cryptarch_driver_verdict(d, flags) == CRYPTARCH_ELIGIBLE &&
	    cryptarch_driver_selftest(d) == CRYPTARCH_SELFTEST_PASSED)
		FUZZ_CHECK(err == 0,
			   "driver %s is eligible but cipher_new = "
			   "%d",
			   name, err);
	if (err) {
		FUZZ_CHECK(t == NULL, "cipher_new failed but set *tfm");
		return;
	}
	FUZZ_CHECK(!tmpl, "cipher_new accepted the template name %s", name);
	drv = cryptarch_cipher_driver(t);
	FUZZ_CHECK(drv && *drv, "cipher %s: no driver name", name);
	d = cryptarch_driver_find(drv, strlen(drv));
	FUZZ_CHECK(d, "cipher %s: driver %s is not registered", name, drv);
	FUZZ_CHECK(fuzz_is_cipher(d), "cipher_new(\"%s\") chose the hash %s",
		   name, drv);
	FUZZ_CHECK((flags & CRYPTARCH_ALLOW_VARIABLE_TIME) ||
			   (d->flags & CRYPTARCH_DRV_CONSTANT_TIME),
		   "%s chose the variable-time %s without the flag", name, drv);
	memset(pt, 0x5a, sizeof(pt));
	FUZZ_CHECK(cryptarch_cipher_encrypt(t, ct, pt) == -ENOKEY,
		   "%s encrypts without a key", drv);
	memset(key, 0x11, sizeof(key));
	err = cryptarch_cipher_setkey(t, key, d->alg->max_keysize);
	FUZZ_CHECK(err == 0, "%s: setkey = %d", drv, err);
	FUZZ_CHECK(cryptarch_cipher_encrypt(t, ct, pt) == 0 &&
			   cryptarch_cipher_decrypt(t, back, ct) == 0 &&
			   memcmp(back, pt, sizeof(pt)) == 0,
		   "%s: decryption does not undo encryption", drv);
	cryptarch_cipher_free(t);
}

/* Abort unless NM, parsed from a name of N bytes, is a sane tree. */
static void check_tree(const struct cryptarch_name *nm, size_t n)
{
	unsigned i, j;

	FUZZ_CHECK(nm->n >= 1 && nm->n <= CRYPTARCH_SPEC_NODES,
		   "name_parse(\"%s\"): %u nodes", nm->s, nm->n);
	FUZZ_CHECK(nm->node[0].off == 0, "name_parse(\"%s\"): root at %u",
		   nm->s, nm->node[0].off);
	for (i = 0; i < nm->n; i++) {
		const struct cryptarch_name_node *nd = &nm->node[i];

		FUZZ_CHECK(nd->len >= 1 && (size_t)nd->off + nd->len <= n &&
				   (nd->len < n || i == 0),
			   "name_parse(\"%s\"): node %u is bytes %u+%u", nm->s,
			   i, nd->off, nd->len);
		FUZZ_CHECK(nd->narg <= CRYPTARCH_MAX_ARGS,
			   "name_parse(\"%s\"): node %u has %u arguments",
			   nm->s, i, nd->narg);
		for (j = 0; j < nd->narg; j++)
			FUZZ_CHECK(nd->arg[j] > i && nd->arg[j] < nm->n &&
					   nm->node[nd->arg[j]].off >
						   nd->off + nd->len,
				   "name_parse(\"%s\"): node %u argument %u "
				   "is node %u",
				   nm->s, i, j, nd->arg[j]);
	}
	FUZZ_CHECK((nm->node[0].narg == 0) == (nm->node[0].len == n),
		   "name_parse(\"%s\"): root word of %u bytes, %u arguments",
		   nm->s, nm->node[0].len, nm->node[0].narg);
}

/* see fuzz.h */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct cryptarch_name nm;
	char name[MAX_NAME + 1];
	unsigned flags;
	size_t n;
	int parsed, opened;

	if (size < 1)
		return 0;
	flags = data[0];
	n = size - 1 < MAX_NAME ? size - 1 : MAX_NAME;
	memcpy(name, data + 1, n);
	name[n] = '\0';
	n = strlen(name);

	parsed = cryptarch_name_parse(name, &nm);
	FUZZ_CHECK(parsed == 0 || parsed == -EINVAL, "name_parse(\"%s\") = %d",
		   name, parsed);
	if (parsed == 0) {
		FUZZ_CHECK(n >= 1 && n <= 127,
			   "name_parse accepted a name "
			   "of %zu bytes",
			   n);
		FUZZ_CHECK(strcmp(nm.s, name) == 0,
			   "name_parse(\"%s\"): the copy is \"%s\"", name,
			   nm.s);
		check_tree(&nm, n);
	}
	opened = check_skcipher(name, flags, parsed == 0);
	opened += check_shash(name, flags, parsed == 0);
	opened += check_aead(name, flags, parsed == 0);
	FUZZ_CHECK(opened <= 1,
		   "\"%s\" opens as more than one of skcipher, shash, aead",
		   name);
	check_cipher(name, flags, parsed == 0,
		     parsed == 0 && nm.node[0].narg > 0);
	return 0;
}
