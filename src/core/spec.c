/* SPDX-License-Identifier: MIT */
/*
 * spec.c - instances as descriptions (see spec.h): the name parser, the
 * enumeration of the instances a name stands for, their names, and what
 * they inherit from their drivers (priority, CPU features, constant time,
 * key sizes). Pure functions of the registry: no cipher code
 * runs, no self-test, no file is read.
 *
 * Enumeration works on the parsed name's tree, bottom up: a word alone is
 * a driver (one leaf), an algorithm (one leaf per driver of it) or a
 * hooked instance's name ("cbc-aes-aesni": the template, then the name of
 * its first argument); a word with arguments is a template, whose
 * candidates are every combination of its arguments' candidates, each as
 * the template's own instance and, where the first argument is one
 * driver's and that driver has a hook for the template, as the hooked one.
 * A template's alias with one argument ("gcm(aes)") expands into the
 * template over the instances its arguments must be ("ctr(aes)",
 * "ghash"), each enumerated as a name of its own.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "profile.h"
#include "registry.h"
#include "spec.h"

/* ---- names ---------------------------------------------------------------- */

static int word_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
	       c == '_';
}

/* Parse one name at *POS into a new node of OUT; its index, or -1. */
static int parse_node(struct cryptarch_name *out, size_t *pos)
{
	const char *s = out->s;
	size_t start = *pos;
	struct cryptarch_name_node *nd;
	int idx;

	while (word_char(s[*pos]))
		(*pos)++;
	if (*pos == start || out->n == CRYPTARCH_SPEC_NODES)
		return -1;
	idx = out->n++;
	nd = &out->node[idx];
	nd->off = (uint8_t)start;
	nd->len = (uint8_t)(*pos - start);
	nd->narg = 0;
	if (s[*pos] != '(') {
		nd->end = (uint8_t)*pos;
		return idx;
	}
	(*pos)++;
	for (;;) {
		int child;

		if (nd->narg == CRYPTARCH_MAX_ARGS)
			return -1;
		child = parse_node(out, pos);
		if (child < 0)
			return -1;
		nd->arg[nd->narg++] = (uint8_t)child;
		if (s[*pos] == ',') {
			(*pos)++;
			continue;
		}
		if (s[*pos] != ')')
			return -1;
		(*pos)++;
		nd->end = (uint8_t)*pos;
		return idx;
	}
}

/* see spec.h */
int cryptarch_name_parse(const char *name, struct cryptarch_name *out)
{
	size_t len, pos = 0;

	memset(out, 0, sizeof(*out));
	if (!name)
		return -EINVAL;
	len = strlen(name);
	if (len == 0 || len > CRYPTARCH_NAME_MAX)
		return -EINVAL;
	memcpy(out->s, name, len + 1);
	if (parse_node(out, &pos) != 0 || pos != len)
		return -EINVAL;
	return 0;
}

/* ---- nodes ---------------------------------------------------------------- */

static const struct cryptarch_template *node_tmpl(const struct cryptarch_spec *s,
						  unsigned i)
{
	return s->node[i].tmpl ? cryptarch_template_at(s->node[i].tmpl - 1u) :
				 NULL;
}

static const struct cryptarch_driver *node_drv(const struct cryptarch_spec *s,
					       unsigned i)
{
	const struct cryptarch_spec_node *nd = &s->node[i];

	return !nd->tmpl || nd->hooked ? cryptarch_driver_at(nd->drv) : NULL;
}

const struct cryptarch_template *
cryptarch_spec_node_template(const struct cryptarch_spec *s, unsigned i)
{
	return node_tmpl(s, i);
}

const struct cryptarch_driver *
cryptarch_spec_node_driver(const struct cryptarch_spec *s, unsigned i)
{
	return node_drv(s, i);
}

const struct cryptarch_template *
cryptarch_spec_template(const struct cryptarch_spec *s)
{
	return node_tmpl(s, 0);
}

const struct cryptarch_driver *
cryptarch_spec_driver(const struct cryptarch_spec *s)
{
	return node_drv(s, 0);
}

int cryptarch_spec_hooked(const struct cryptarch_spec *s)
{
	return s->node[0].tmpl && s->node[0].hooked;
}

static const struct cryptarch_type *node_type(const struct cryptarch_spec *s,
					      unsigned i)
{
	const struct cryptarch_template *t = node_tmpl(s, i);

	return t ? t->type : node_drv(s, i)->alg->type;
}

const struct cryptarch_type *cryptarch_spec_type(const struct cryptarch_spec *s)
{
	return node_type(s, 0);
}

/* The leaf at the bottom of node I's first-argument chain. */
static unsigned base_leaf(const struct cryptarch_spec *s, unsigned i)
{
	while (s->node[i].tmpl)
		i = s->node[i].arg[0];
	return i;
}

const struct cryptarch_driver *
cryptarch_spec_base(const struct cryptarch_spec *s)
{
	return node_drv(s, base_leaf(s, 0));
}

const struct cryptarch_driver *
cryptarch_spec_node_base(const struct cryptarch_spec *s, unsigned i)
{
	return node_drv(s, base_leaf(s, i));
}

/* The driver whose code runs node I, if one does: a leaf's, a hooked
 * node's; else (the template's own code) NULL. */
static const struct cryptarch_driver *native(const struct cryptarch_spec *s,
					     unsigned i)
{
	return node_drv(s, i);
}

/* see spec.h */
void cryptarch_spec_leaf(struct cryptarch_spec *s,
			 const struct cryptarch_driver *drv)
{
	memset(s, 0, sizeof(*s));
	s->n = 1;
	s->node[0].drv = (uint8_t)cryptarch_driver_index(drv);
}

/* Copy the nodes of C into D after its own; the index of C's root. */
static int graft(struct cryptarch_spec *d, const struct cryptarch_spec *c)
{
	unsigned base = d->n, i, j;

	if (d->n + c->n > CRYPTARCH_SPEC_NODES)
		return -1;
	for (i = 0; i < c->n; i++) {
		struct cryptarch_spec_node nd = c->node[i];

		for (j = 0; j < nd.narg; j++)
			nd.arg[j] = (uint8_t)(nd.arg[j] + base);
		d->node[base + i] = nd;
	}
	d->n = (uint8_t)(d->n + c->n);
	return (int)base;
}

/* 1 if A is what OVER requires: NULL anything; else an instance of the
 * template named OVER, or a leaf of the algorithm named OVER. */
static int arg_is(const struct cryptarch_spec *a, const char *over)
{
	const struct cryptarch_template *t = node_tmpl(a, 0);

	if (!over)
		return 1;
	if (t)
		return strcmp(t->name, over) == 0;
	return strcmp(node_drv(a, 0)->alg->name, over) == 0;
}

/*
 * The spec of TMPL over ARGS (NARG of them; tmpl->nargs), hooked or not.
 * Returns 0, or -ENOENT if it cannot be (a hook that does not exist, too
 * many nodes, an argument of the wrong type).
 */
static int make(struct cryptarch_spec *s, const struct cryptarch_template *t,
		const struct cryptarch_spec *const *args, unsigned narg,
		int hooked)
{
	unsigned i;

	memset(s, 0, sizeof(*s));
	if (narg != t->nargs)
		return -ENOENT;
	s->n = 1;
	s->node[0].tmpl = (uint8_t)(cryptarch_template_index(t) + 1);
	s->node[0].narg = (uint8_t)narg;
	for (i = 0; i < narg; i++) {
		int r;

		if (node_type(args[i], 0) != t->args[i])
			return -ENOENT;
		if ((t->unkeyed_args >> i) & 1u) {
			unsigned kmin, kmax;

			cryptarch_spec_keysizes(args[i], &kmin, &kmax);
			if (kmax != 0)
				return -ENOENT;
		}
		if (!arg_is(args[i], i == 0 ? t->over : t->over_arg[i]))
			return -ENOENT;
		r = graft(s, args[i]);
		if (r < 0)
			return -ENOENT;
		s->node[0].arg[i] = (uint8_t)r;
	}
	if (hooked) {
		const struct cryptarch_driver *d = native(s, s->node[0].arg[0]);
		const struct cryptarch_hook *h =
			d ? cryptarch_driver_hook(d, t) : NULL;

		if (!h)
			return -ENOENT;
		/* the later arguments a hook names: over D's own hooked
		 * template, or the WITH driver of another algorithm */
		for (i = 1; i < narg; i++) {
			const struct cryptarch_driver *a =
				native(s, s->node[0].arg[i]);

			if (!t->over_arg[i])
				continue;
			if (cryptarch_template_find(t->over_arg[i],
						    strlen(t->over_arg[i]))) {
				if (a != d)
					return -ENOENT;
			} else if (!h->with || !a ||
				   strcmp(a->name, h->with) != 0) {
				return -ENOENT;
			}
		}
		s->node[0].hooked = 1;
		s->node[0].drv = (uint8_t)cryptarch_driver_index(d);
	}
	return 0;
}

/* see spec.h */
int cryptarch_spec_over(struct cryptarch_spec *s,
			const struct cryptarch_template *tmpl,
			const struct cryptarch_driver *drv, int hooked)
{
	struct cryptarch_spec leaf;
	const struct cryptarch_spec *args[CRYPTARCH_MAX_ARGS];
	unsigned i;

	if (tmpl->nargs == 0 || tmpl->nargs > CRYPTARCH_MAX_ARGS)
		return -ENOENT;
	cryptarch_spec_leaf(&leaf, drv);
	for (i = 0; i < tmpl->nargs; i++)
		args[i] = &leaf;
	return make(s, tmpl, args, tmpl->nargs, hooked);
}

/* see spec.h */
int cryptarch_spec_equal(const struct cryptarch_spec *a,
			 const struct cryptarch_spec *b)
{
	return memcmp(a, b, sizeof(*a)) == 0;
}

/* see spec.h */
int cryptarch_spec_same_keys(const struct cryptarch_spec *a,
			     const struct cryptarch_spec *b)
{
	struct cryptarch_spec x = *a, y = *b;
	unsigned i;

	for (i = 0; i < CRYPTARCH_SPEC_NODES; i++) {
		if (x.node[i].tmpl) {
			x.node[i].hooked = 0;
			x.node[i].drv = 0;
		}
		if (y.node[i].tmpl) {
			y.node[i].hooked = 0;
			y.node[i].drv = 0;
		}
	}
	return memcmp(&x, &y, sizeof(x)) == 0;
}

/* ---- names of specs -------------------------------------------------------- */

struct out {
	char *buf;
	size_t size, n;
};

static void put(struct out *o, const char *s)
{
	size_t l = strlen(s);

	if (o->size == 0)
		return;
	if (o->n + l >= o->size)
		l = o->n < o->size - 1 ? o->size - 1 - o->n : 0;
	memcpy(o->buf + o->n, s, l);
	o->n += l;
	o->buf[o->n] = '\0';
}

static void put_node(struct out *o, const struct cryptarch_spec *s, unsigned i,
		     int alg)
{
	const struct cryptarch_spec_node *nd = &s->node[i];
	const struct cryptarch_template *t = node_tmpl(s, i);
	unsigned j;

	if (!t) {
		const struct cryptarch_driver *d = node_drv(s, i);

		put(o, alg ? d->alg->name : d->name);
		return;
	}
	if (t->alias && alg) {
		/* gcm_base(ctr(aes),ghash) is gcm(aes) */
		put(o, t->alias);
		put(o, "(");
		put_node(o, s, base_leaf(s, i), 1);
		put(o, ")");
		return;
	}
	if (t->alias && nd->hooked) {
		put(o, t->alias);
		put(o, "-");
		put(o, node_drv(s, i)->name);
		return;
	}
	put(o, t->name);
	if (nd->hooked && !alg) {
		for (j = 0; j < nd->narg; j++) {
			put(o, "-");
			put_node(o, s, nd->arg[j], 0);
		}
		return;
	}
	put(o, "(");
	for (j = 0; j < nd->narg; j++) {
		if (j)
			put(o, ",");
		put_node(o, s, nd->arg[j], alg);
	}
	put(o, ")");
}

/* see spec.h */
char *cryptarch_spec_name(const struct cryptarch_spec *s, char *buf,
			  size_t size)
{
	struct out o = { buf, size, 0 };

	if (size)
		buf[0] = '\0';
	put_node(&o, s, 0, 0);
	return buf;
}

/* see spec.h */
char *cryptarch_spec_algname(const struct cryptarch_spec *s, char *buf,
			     size_t size)
{
	struct out o = { buf, size, 0 };

	if (size)
		buf[0] = '\0';
	put_node(&o, s, 0, 1);
	return buf;
}

/* ---- what a spec inherits ---------------------------------------------------- */

static int node_priority(const struct cryptarch_spec *s, unsigned i, int op)
{
	const struct cryptarch_spec_node *nd = &s->node[i];
	const struct cryptarch_driver *d = node_drv(s, i);

	if (!nd->tmpl)
		return d->priority;
	if (nd->hooked) {
		const struct cryptarch_hook *h =
			cryptarch_driver_hook_at(nd->drv, nd->tmpl - 1u);

		if (op >= 0 && op < CRYPTARCH_MAX_OPS && h->op_priority[op])
			return h->op_priority[op];
		if (h->priority)
			return h->priority;
		/* the first argument's, for an operation it ranks apart */
		return op >= 0 ? node_priority(s, nd->arg[0], op) : d->priority;
	}
	if (node_tmpl(s, i)->mean_priority) {
		int sum = node_priority(s, nd->arg[0], op);
		unsigned j;

		/* the later arguments are of other types: no OP of theirs */
		for (j = 1; j < nd->narg; j++)
			sum += node_priority(s, nd->arg[j], -1);
		return sum / (int)nd->narg;
	}
	return node_priority(s, nd->arg[0], op);
}

/* see spec.h */
int cryptarch_spec_priority(const struct cryptarch_spec *s, int op)
{
	return node_priority(s, 0, op);
}

/* see spec.h */
int cryptarch_spec_slot_priority(const struct cryptarch_spec *s, int op,
				 int cls)
{
	int p = node_priority(s, 0, op);
	int sp = node_drv(s, base_leaf(s, 0))->small_priority;

	if (cls == CRYPTARCH_CLASS_MANY) {
		const struct cryptarch_hook *h = NULL;

		if (s->node[0].tmpl && s->node[0].hooked)
			h = cryptarch_driver_hook_at(s->node[0].drv,
						     s->node[0].tmpl - 1u);
		return h && h->many_priority ? h->many_priority : p;
	}
	return cls == CRYPTARCH_CLASS_SMALL && sp && sp < p ? sp : p;
}

/* see spec.h */
uint64_t cryptarch_spec_features(const struct cryptarch_spec *s)
{
	uint64_t f = 0;
	unsigned i;

	for (i = 0; i < s->n; i++)
		if (!s->node[i].tmpl)
			f |= node_drv(s, i)->cpu_features;
	return f;
}

/* see spec.h */
int cryptarch_spec_constant_time(const struct cryptarch_spec *s)
{
	unsigned i;

	for (i = 0; i < s->n; i++)
		if (!s->node[i].tmpl &&
		    !(node_drv(s, i)->flags & CRYPTARCH_DRV_CONSTANT_TIME))
			return 0;
	return 1;
}

static unsigned node_nkeys(const struct cryptarch_spec *s, unsigned i)
{
	const struct cryptarch_template *t = node_tmpl(s, i);

	if (!t)
		return 1;
	if (t->args[0] == &cryptarch_type_cipher)
		return t->nkeys ? t->nkeys : 1;
	return node_nkeys(s, s->node[i].arg[0]);
}

/* see spec.h */
unsigned cryptarch_spec_nkeys(const struct cryptarch_spec *s)
{
	return node_nkeys(s, 0);
}

/* see spec.h */
void cryptarch_spec_keysizes(const struct cryptarch_spec *s, unsigned *min,
			     unsigned *max)
{
	const struct cryptarch_algorithm *a = cryptarch_spec_base(s)->alg;
	const struct cryptarch_template *t;
	unsigned i = 0;

	*min = a->min_keysize;
	*max = a->max_keysize;
	/* a template that narrows the cipher's (xcbc: 16 only) */
	while ((t = node_tmpl(s, i)) != NULL) {
		if (t->keysize) {
			*min = *max = t->keysize;
			return;
		}
		i = s->node[i].arg[0];
	}
}

/* see spec.h */
unsigned cryptarch_spec_ivsize(const struct cryptarch_spec *s)
{
	unsigned i = 0;
	const struct cryptarch_template *t;

	/* a template over an instance with no iv of its own passes the
	 * caller's on: the instance's */
	while ((t = node_tmpl(s, i)) != NULL) {
		if (t->ivsize || t->args[0] == &cryptarch_type_cipher)
			return t->ivsize;
		i = s->node[i].arg[0];
	}
	return 0;
}

/* see spec.h */
unsigned cryptarch_spec_blocksize(const struct cryptarch_spec *s)
{
	unsigned i = 0;
	const struct cryptarch_template *t;

	while ((t = node_tmpl(s, i)) != NULL) {
		if (t->blocksize)
			return t->blocksize;
		i = s->node[i].arg[0];
	}
	return node_drv(s, i)->alg->blocksize;
}

/* see spec.h */
unsigned cryptarch_spec_leaf_keys(const struct cryptarch_spec *s, unsigned leaf)
{
	unsigned i, j;

	for (i = 0; i < s->n; i++)
		for (j = 0; j < s->node[i].narg; j++)
			if (s->node[i].arg[j] == leaf) {
				const struct cryptarch_template *t =
					node_tmpl(s, i);

				return t->nkeys ? t->nkeys : 1;
			}
	return 1;
}

/* ---- enumeration ------------------------------------------------------------ */

struct list {
	struct cryptarch_spec *v;
	uint8_t *st;
	size_t n, max;
	int exact;
};

static void add(struct list *l, const struct cryptarch_spec *s, int st)
{
	if (l->n == l->max)
		return;
	l->v[l->n] = *s;
	l->st[l->n] = (uint8_t)st;
	l->n++;
}

static int enum_node(const struct cryptarch_name *nm, unsigned i,
		     struct list *l);

/*
 * The hooked instance "<alias>-<driver>" of template T (with an alias):
 * the driver named by the N bytes at D, over its own hooked instances of
 * the templates T's arguments must be and the drivers of other algorithms
 * its hook names ("gcm-aes-aesni": gcm_base over ctr-aes-aesni and the
 * hook's ghash driver). 0 and *S, or -ENOENT.
 */
static int alias_hooked(const struct cryptarch_template *t, const char *d,
			size_t n, struct cryptarch_spec *s)
{
	const struct cryptarch_driver *drv = cryptarch_driver_find(d, n);
	const struct cryptarch_hook *h = drv ? cryptarch_driver_hook(drv, t) : NULL;
	struct cryptarch_spec av[CRYPTARCH_MAX_ARGS];
	const struct cryptarch_spec *args[CRYPTARCH_MAX_ARGS];
	char buf[CRYPTARCH_NAME_MAX + 1];
	unsigned i;

	if (!h || t->nargs > CRYPTARCH_MAX_ARGS)
		return -ENOENT;
	for (i = 0; i < t->nargs; i++) {
		const char *over = i == 0 ? t->over : t->over_arg[i];
		const struct cryptarch_driver *w;

		if (!over)
			return -ENOENT;
		args[i] = &av[i];
		if (cryptarch_template_find(over, strlen(over))) {
			snprintf(buf, sizeof(buf), "%s-%s", over, drv->name);
			if (cryptarch_spec_find(buf, strlen(buf), &av[i]))
				return -ENOENT;
			continue;
		}
		w = h->with ? cryptarch_driver_find(h->with, strlen(h->with)) :
			      NULL;
		if (!w)
			return -ENOENT;
		cryptarch_spec_leaf(&av[i], w);
	}
	return make(s, t, args, t->nargs, 1);
}

/* A word alone: WORD (N bytes). */
static int enum_word(const char *w, size_t n, struct list *l)
{
	const struct cryptarch_driver *d = cryptarch_driver_find(w, n);
	struct cryptarch_spec s;
	size_t i, count;
	const char *dash;

	if (d) {
		cryptarch_spec_leaf(&s, d);
		add(l, &s, 1);
		l->exact = 1;
		return 0;
	}
	if (cryptarch_algorithm_find(w, n)) {
		count = cryptarch_driver_count();
		for (i = 0; i < count; i++) {
			d = cryptarch_driver_at(i);
			if (strlen(d->alg->name) != n ||
			    memcmp(d->alg->name, w, n) != 0)
				continue;
			cryptarch_spec_leaf(&s, d);
			add(l, &s, 1);
		}
		l->exact = 0;
		return 0;
	}
	/* "<tmpl>-<first argument's driver name>": a hooked instance */
	for (dash = memchr(w, '-', n); dash;
	     dash = memchr(dash + 1, '-', n - (size_t)(dash + 1 - w))) {
		const struct cryptarch_template *t =
			cryptarch_template_find(w, (size_t)(dash - w));
		struct cryptarch_spec arg;
		const struct cryptarch_spec *args[1] = { &arg };

		if (!t) {
			t = cryptarch_template_find_alias(w, (size_t)(dash - w));
			if (t && alias_hooked(t, dash + 1,
					      n - (size_t)(dash + 1 - w),
					      &s) == 0) {
				add(l, &s, 1);
				l->exact = 1;
				return 0;
			}
			continue;
		}
		if (t->nargs != 1)
			continue;
		if (cryptarch_spec_find(dash + 1, n - (size_t)(dash + 1 - w),
					&arg))
			continue;
		if (make(&s, t, args, 1, 1))
			continue;
		add(l, &s, 1);
		l->exact = 1;
		return 0;
	}
	return -ENOENT;
}

/*
 * The candidates of argument J of the alias "T->alias(X)" (X: node I of
 * NM) into L: the instances of OVER(X) for the first argument, of
 * OVER_ARG[J](X) or the algorithm OVER_ARG[J] for the others.
 */
static int enum_alias_arg(const struct cryptarch_template *t, unsigned j,
			  const struct cryptarch_name *nm, unsigned i,
			  struct list *l)
{
	const struct cryptarch_name_node *x = &nm->node[i];
	const char *over = j == 0 ? t->over : t->over_arg[j];
	struct cryptarch_name sub;
	char buf[CRYPTARCH_NAME_MAX + 1];
	int len;

	if (!over)
		return -ENOENT;
	if (cryptarch_template_find(over, strlen(over)))
		len = snprintf(buf, sizeof(buf), "%s(%.*s)", over,
			       (int)(x->end - x->off), nm->s + x->off);
	else
		len = snprintf(buf, sizeof(buf), "%s", over);
	if (len < 0 || (size_t)len >= sizeof(buf) ||
	    cryptarch_name_parse(buf, &sub))
		return -ENOENT;
	return enum_node(&sub, 0, l);
}

/* Node I of NM, a template with arguments (or a template's alias). */
static int enum_tmpl(const struct cryptarch_name *nm, unsigned i,
		     struct list *l)
{
	const struct cryptarch_name_node *nd = &nm->node[i];
	const struct cryptarch_template *t =
		cryptarch_template_find(nm->s + nd->off, nd->len);
	struct cryptarch_spec av[CRYPTARCH_MAX_ARGS][CRYPTARCH_MAX_CANDS];
	uint8_t ast[CRYPTARCH_MAX_ARGS][CRYPTARCH_MAX_CANDS];
	struct list al[CRYPTARCH_MAX_ARGS];
	size_t idx[CRYPTARCH_MAX_ARGS] = { 0 };
	int exact = 1, err, alias = 0;
	unsigned j, narg = nd->narg;

	if (!t) {
		t = cryptarch_template_find_alias(nm->s + nd->off, nd->len);
		if (!t || nd->narg != 1)
			return -ENOENT;
		alias = 1;
		narg = t->nargs;
	}
	if (t->nargs != narg || narg > CRYPTARCH_MAX_ARGS)
		return -ENOENT;
	for (j = 0; j < narg; j++) {
		al[j].v = av[j];
		al[j].st = ast[j];
		al[j].n = 0;
		al[j].max = CRYPTARCH_MAX_CANDS;
		al[j].exact = 0;
		err = alias ? enum_alias_arg(t, j, nm, nd->arg[0], &al[j]) :
			      enum_node(nm, nd->arg[j], &al[j]);
		if (err)
			return err;
		if (al[j].n == 0)
			return -ENOENT; /* no instance of this argument */
		exact &= al[j].exact;
	}
	l->exact = exact;
	/* Every combination, the first argument varying slowest. */
	for (;;) {
		const struct cryptarch_spec *args[CRYPTARCH_MAX_ARGS] = { NULL };
		struct cryptarch_spec s, h;
		int st = 1, hooked;

		for (j = 0; j < narg; j++) {
			args[j] = &al[j].v[idx[j]];
			st &= al[j].st[idx[j]];
		}
		if (make(&s, t, args, narg, 0) == 0) {
			hooked = !exact && make(&h, t, args, narg, 1) == 0;
			add(l, &s, st && !hooked);
			if (hooked)
				add(l, &h, st);
		}
		for (j = narg; j-- > 0;) {
			if (++idx[j] < al[j].n)
				break;
			idx[j] = 0;
		}
		if (j == (unsigned)-1 || narg == 0)
			break;
	}
	return 0;
}

static int enum_node(const struct cryptarch_name *nm, unsigned i,
		     struct list *l)
{
	const struct cryptarch_name_node *nd = &nm->node[i];

	if (nd->narg == 0)
		return enum_word(nm->s + nd->off, nd->len, l);
	return enum_tmpl(nm, i, l);
}

/* see spec.h */
int cryptarch_spec_enumerate(const char *name, const struct cryptarch_type *want,
			     struct cryptarch_spec *out, uint8_t *is_static,
			     size_t max, size_t *n, int *exact)
{
	struct cryptarch_name nm;
	uint8_t st[CRYPTARCH_MAX_CANDS];
	struct list l = { out, st, 0, max, 0 };
	size_t i, k = 0;
	int err;

	*n = 0;
	*exact = 0;
	if (max > CRYPTARCH_MAX_CANDS)
		l.max = max = CRYPTARCH_MAX_CANDS;
	err = cryptarch_name_parse(name, &nm);
	if (err)
		return err;
	err = enum_node(&nm, 0, &l);
	if (err)
		return err;
	for (i = 0; i < l.n; i++) {
		if (want && cryptarch_spec_type(&out[i]) != want)
			continue;
		out[k] = out[i];
		if (is_static)
			is_static[k] = st[i];
		k++;
	}
	if (k == 0)
		return -ENOENT;
	*n = k;
	*exact = l.exact;
	return 0;
}

/* see spec.h */
int cryptarch_spec_find(const char *name, size_t n, struct cryptarch_spec *s)
{
	struct cryptarch_spec v[2];
	char buf[CRYPTARCH_NAME_MAX + 1];
	size_t got;
	int exact;

	if (n > CRYPTARCH_NAME_MAX)
		return -ENOENT;
	memcpy(buf, name, n);
	buf[n] = '\0';
	if (cryptarch_spec_enumerate(buf, NULL, v, NULL, 2, &got, &exact) ||
	    !exact || got != 1)
		return -ENOENT;
	*s = v[0];
	return 0;
}
