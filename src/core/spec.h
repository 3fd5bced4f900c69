/* SPDX-License-Identifier: MIT */
/*
 * spec.h - instances, as descriptions: which template runs over which
 * drivers, and whether a driver's hook replaces the template's loop. One
 * model serves the lookup, the profile, `cryptarch list`, `speed`, `tune`,
 * `explain` and the tests.
 *
 * A spec is a small tree. A leaf is a driver used as its algorithm (type
 * cipher: "aes-generic"). A template node names a template and its
 * arguments; it is "hooked" when every argument is the same driver D (or
 * a hooked node of D) and D has a hook for the template: then D's code
 * runs it. Names, as the kernel's:
 *
 *     leaf                    the driver's name          aes-generic
 *     template node           <tmpl>(<arg>,...)          cbc(aes-generic)
 *     hooked node             <tmpl>-<arg>-...           cbc-aes-aesni
 *     hooked, with an alias   <alias>-<driver>           gcm-aes-aesni
 *
 * A template with an alias ("gcm" for "gcm_base", see desc.h) is named by
 * it with one cipher argument: "gcm(aes)" stands for
 * "gcm_base(ctr(aes),ghash)", whose algorithm name is "gcm(aes)" again.
 * and the algorithm name ("cbc(aes)") puts the algorithm's name for each
 * leaf. Nodes are indices into the registry's lists, so that a spec is
 * small, copyable and comparable with memcmp.
 *
 * The name grammar (parsed by cryptarch_name_parse):
 *     name = word [ "(" name { "," name } ")" ]
 *     word = 1*( "a"-"z" / "0"-"9" / "-" / "_" )
 * at most CRYPTARCH_NAME_MAX bytes.
 */
#ifndef CRYPTARCH_SPEC_H
#define CRYPTARCH_SPEC_H

#include <stddef.h>
#include <stdint.h>

#include "desc.h"

#define CRYPTARCH_NAME_MAX 127
#define CRYPTARCH_SPEC_NODES 8
/* Instances one name may have ("cbc(aes)": two per AES driver; "ccm(aes)":
 * every ctr(aes) instance with every cbcmac(aes) one). */
#define CRYPTARCH_MAX_CANDS 256

struct cryptarch_spec_node {
	uint8_t tmpl;	/* 1 + template index; 0: a leaf */
	uint8_t drv;	/* leaf: its driver; hooked node: the hook's */
	uint8_t hooked; /* template node run by DRV's hook */
	uint8_t narg;
	uint8_t arg[CRYPTARCH_MAX_ARGS]; /* node indices */
};

/* Node 0 is the root. Unused bytes are zero (compare with memcmp). */
struct cryptarch_spec {
	uint8_t n;
	struct cryptarch_spec_node node[CRYPTARCH_SPEC_NODES];
};

/* ---- names ---------------------------------------------------------------- */

/* A parsed name: words are (offset, length) in the name string. */
struct cryptarch_name_node {
	uint8_t off, len; /* the word */
	uint8_t end;	  /* the offset just past the node's text */
	uint8_t narg;
	uint8_t arg[CRYPTARCH_MAX_ARGS];
};
struct cryptarch_name {
	char s[CRYPTARCH_NAME_MAX + 1];
	uint8_t n; /* nodes; node 0 is the root */
	struct cryptarch_name_node node[CRYPTARCH_SPEC_NODES];
};

/* Parse NAME (syntax only). Returns 0 or -EINVAL (malformed, too long,
 * nested too deep, more arguments than CRYPTARCH_MAX_ARGS). */
int cryptarch_name_parse(const char *name, struct cryptarch_name *out) WUR;

/* ---- specs ---------------------------------------------------------------- */

/* The leaf spec of DRV. */
void cryptarch_spec_leaf(struct cryptarch_spec *s,
			 const struct cryptarch_driver *drv);
/* The spec of TMPL over the leaf of DRV, hooked or not (hooked only if DRV
 * has a hook for TMPL: else -ENOENT). TMPL's arguments must be ciphers. */
int cryptarch_spec_over(struct cryptarch_spec *s,
			const struct cryptarch_template *tmpl,
			const struct cryptarch_driver *drv, int hooked) WUR;

/* Parts of the root node: its template (NULL for a leaf), its driver (a
 * leaf's or a hook's; NULL for a template node that is not hooked),
 * whether it is hooked, the type its instances are of, and the driver at
 * the bottom of its first argument chain (the cipher a mode runs over). */
const struct cryptarch_template *
cryptarch_spec_template(const struct cryptarch_spec *s);
const struct cryptarch_driver *
cryptarch_spec_driver(const struct cryptarch_spec *s);
int cryptarch_spec_hooked(const struct cryptarch_spec *s);
const struct cryptarch_type *cryptarch_spec_type(const struct cryptarch_spec *s);
const struct cryptarch_driver *
cryptarch_spec_base(const struct cryptarch_spec *s);
/* Node I's template, driver and base driver (as above, for any node). */
const struct cryptarch_template *
cryptarch_spec_node_template(const struct cryptarch_spec *s, unsigned i);
const struct cryptarch_driver *
cryptarch_spec_node_driver(const struct cryptarch_spec *s, unsigned i);
const struct cryptarch_driver *
cryptarch_spec_node_base(const struct cryptarch_spec *s, unsigned i);

/* 1 if A and B are the same instance. */
int cryptarch_spec_equal(const struct cryptarch_spec *a,
			 const struct cryptarch_spec *b);
/* 1 if A and B have the same key contexts (the same tree, hooked or not):
 * a handle keys such instances once. */
int cryptarch_spec_same_keys(const struct cryptarch_spec *a,
			     const struct cryptarch_spec *b);

/* The instance's driver name ("cbc-aes-aesni") and its algorithm name
 * ("cbc(aes)") into BUF; return BUF (truncated to SIZE). */
char *cryptarch_spec_name(const struct cryptarch_spec *s, char *buf,
			  size_t size);
char *cryptarch_spec_algname(const struct cryptarch_spec *s, char *buf,
			     size_t size);

/*
 * Static priority: a leaf's is its driver's; a hooked node's its hook's
 * (0: the driver's); a template node's that of its first argument. With
 * OP >= 0, the priority for the type's operation OP (a hook's
 * op_priority, where set, anywhere down the first argument chain).
 */
int cryptarch_spec_priority(const struct cryptarch_spec *s, int op);
/* The priority for operation OP (-1: any) and size class CLS (0 small,
 * 1 large, 2 many, -1 any): cryptarch_spec_priority(S, OP), or the base
 * driver's small_priority where CLS is small and that is lower, or the
 * hook's many_priority where CLS is many and the root node's hook sets
 * one. */
int cryptarch_spec_slot_priority(const struct cryptarch_spec *s, int op,
				 int cls);
/* Every CPU feature the instance's drivers need. */
uint64_t cryptarch_spec_features(const struct cryptarch_spec *s);
/* 1 if every driver of the instance is constant-time. */
int cryptarch_spec_constant_time(const struct cryptarch_spec *s);
/* How many cipher keys the instance's key is (xts: 2), and the range of
 * one cipher key's length in bytes (the cipher's, or a template's narrower
 * one: xcbc 16; an unkeyed hash 0 and 0). */
unsigned cryptarch_spec_nkeys(const struct cryptarch_spec *s);
void cryptarch_spec_keysizes(const struct cryptarch_spec *s, unsigned *min,
			     unsigned *max);
/* The iv size of the root template (0 for a leaf); a template over an
 * instance that states none takes its first argument's. */
unsigned cryptarch_spec_ivsize(const struct cryptarch_spec *s);
/* The block size /proc/crypto shows: the first template down the first
 * argument chain that states one (ctr: 1), else the algorithm's. */
unsigned cryptarch_spec_blocksize(const struct cryptarch_spec *s);

/* The number of key contexts leaf node I holds: its parent template's
 * nkeys (xts: 2), or 1. */
unsigned cryptarch_spec_leaf_keys(const struct cryptarch_spec *s, unsigned i);

/*
 * The instances a name stands for. NAME is an algorithm name ("aes",
 * "cbc(aes)", "cts(cbc(twofish))"), possibly with driver names for some
 * arguments ("cbc(aes-generic)"), or one instance's driver name
 * ("cbc-aes-aesni"). Into OUT (MAX of them, *N set) go every instance
 * of it that is registered, available here or not: for an instance name
 * that one (*EXACT set to 1). STATIC[i] (may be NULL) is set to 1 for the
 * instances static selection ranks: for each choice of drivers, the hooked
 * instance where there is one, else the template's own. They come in
 * registry order, the template's own before the hooked one.
 * Returns 0, -EINVAL (malformed name) or -ENOENT (nothing of that name, or
 * not of type WANT where WANT is not NULL).
 */
int cryptarch_spec_enumerate(const char *name, const struct cryptarch_type *want,
			     struct cryptarch_spec *out, uint8_t *is_static,
			     size_t max, size_t *n, int *exact) WUR;

/* The one instance whose driver name is NAME (N bytes), or -ENOENT. */
int cryptarch_spec_find(const char *name, size_t n, struct cryptarch_spec *s) WUR;

#endif /* CRYPTARCH_SPEC_H */
