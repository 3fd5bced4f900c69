/* SPDX-License-Identifier: MIT */
/*
 * inst.c - a spec laid out over one context buffer (see inst.h), and
 * keying it. Each node's part of the buffer comes in node order: a
 * template's own context, or a leaf's key contexts (as many as its parent
 * template's nkeys), each rounded to CRYPTARCH_CTX_ALIGN. Key lengths are
 * checked here against the algorithm's sizes and the template's rules
 * before any driver sees the key.
 */
#include <errno.h>
#include <string.h>

#include "alloc.h"
#include "inst.h"
#include "registry.h"

/* see inst.h */
size_t cryptarch_inst_ctxsize(const struct cryptarch_spec *s)
{
	size_t total = 0;
	unsigned i;

	for (i = 0; i < s->n; i++) {
		const struct cryptarch_template *t =
			cryptarch_spec_node_template(s, i);

		if (t)
			total += cryptarch_ctx_round(t->ctxsize) +
				 t->own_keys *
					 cryptarch_ctx_round(
						 cryptarch_spec_node_base(s, i)
							 ->ctxsize);
		else
			total += cryptarch_spec_leaf_keys(s, i) *
				 cryptarch_ctx_round(
					 cryptarch_spec_node_driver(s, i)->ctxsize);
	}
	return total;
}

/* see inst.h */
void cryptarch_inst_build(const struct cryptarch_spec *s, void *base,
			  struct cryptarch_inst *node)
{
	uint8_t *p = base;
	size_t off = 0;
	unsigned i, j, k;

	memset(node, 0, s->n * sizeof(*node));
	for (i = 0; i < s->n; i++) {
		const struct cryptarch_template *t =
			cryptarch_spec_node_template(s, i);
		const struct cryptarch_driver *d =
			cryptarch_spec_node_driver(s, i);
		struct cryptarch_inst *in = &node[i];

		in->tmpl = t;
		if (t) {
			size_t sz = cryptarch_ctx_round(t->ctxsize);

			in->ctx = p && sz ? p + off : NULL;
			off += sz;
			if (t->own_keys) {
				/* the template's own key of its base cipher */
				d = cryptarch_spec_node_base(s, i);
				in->drv = d;
				in->cipher = d->ops;
				in->nkeys = 1;
				in->key[0] = p ? p + off : NULL;
				off += cryptarch_ctx_round(d->ctxsize);
			}
			continue;
		}
		in->drv = d;
		in->cipher = d->ops;
		in->nkeys = cryptarch_spec_leaf_keys(s, i);
		for (k = 0; k < in->nkeys && k < 2; k++)
			in->key[k] = p ? p + off + k * cryptarch_ctx_round(
							       d->ctxsize) :
					 NULL;
		off += in->nkeys * cryptarch_ctx_round(d->ctxsize);
	}
	/* Arguments, and what a template over a cipher takes from it. */
	for (i = s->n; i-- > 0;) {
		const struct cryptarch_spec_node *nd = &s->node[i];
		struct cryptarch_inst *in = &node[i];

		if (!nd->tmpl)
			continue;
		for (j = 0; j < nd->narg; j++)
			in->arg[j] = &node[nd->arg[j]];
		if (in->tmpl->args[0] == &cryptarch_type_cipher) {
			const struct cryptarch_inst *leaf = in->arg[0];

			in->drv = leaf->drv;
			in->cipher = leaf->cipher;
			in->key[0] = leaf->key[0];
			in->key[1] = leaf->key[1];
			in->nkeys = leaf->nkeys;
		}
		if (nd->hooked)
			in->hook = cryptarch_driver_hook(
					   cryptarch_spec_node_driver(s, i),
					   in->tmpl)
					   ->ops;
	}
}

/* see inst.h */
int cryptarch_inst_setkey(const struct cryptarch_inst *in, const uint8_t *key,
			  size_t keylen)
{
	unsigned j;
	int err;

	if (in->tmpl && in->tmpl->setkey)
		return in->tmpl->setkey(in, key, keylen);
	if (in->tmpl && in->tmpl->args[0] != &cryptarch_type_cipher) {
		for (j = 0; j < in->tmpl->nargs; j++) {
			err = cryptarch_inst_setkey(in->arg[j], key, keylen);
			if (err)
				return err;
		}
		return 0;
	}
	return cryptarch_inst_setkey_cipher(in, key, keylen);
}

/* see inst.h */
int cryptarch_inst_setkey_cipher(const struct cryptarch_inst *in,
				 const uint8_t *key, size_t keylen)
{
	const struct cryptarch_algorithm *a;
	unsigned j, nkeys;
	size_t part;
	int err;

	/* A leaf, or a template over a cipher: NKEYS cipher keys. */
	a = in->drv->alg;
	if (a->max_keysize == 0) /* an unkeyed hash */
		return keylen == 0 ? 0 : -EINVAL;
	if (!in->cipher || !in->cipher->setkey)
		return -EINVAL;
	nkeys = in->nkeys ? in->nkeys : 1;
	if (!key || nkeys > 2 || keylen % nkeys)
		return -EINVAL;
	part = keylen / nkeys;
	if (part < a->min_keysize || part > a->max_keysize)
		return -EINVAL;
	for (j = 0; j < nkeys; j++) {
		err = in->cipher->setkey(in->key[j], key + j * part, part);
		if (err)
			return err;
	}
	return 0;
}
