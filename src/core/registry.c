/* SPDX-License-Identifier: MIT */
/*
 * registry.c - enumeration of the registered types, templates and drivers
 * (the lists of the generated registry-list.c, built from
 * src/registry.cmake), lookup by name, hooks, and a driver's availability
 * on this CPU (its CPU features, after CRYPTARCH_DISABLE). Nothing here
 * runs cipher code. The list order of drivers breaks priority ties.
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "registry.h"

extern const struct cryptarch_driver *const cryptarch_driver_list[];
extern const size_t cryptarch_driver_list_len;
extern const char *const cryptarch_driver_where_list[];
extern const struct cryptarch_template *const cryptarch_template_list[];
extern const size_t cryptarch_template_list_len;
extern const struct cryptarch_type *const cryptarch_type_list[];
extern const size_t cryptarch_type_list_len;

static const struct cryptarch_driver *extra;

static int same(const char *a, const char *b, size_t n)
{
	return strlen(a) == n && memcmp(a, b, n) == 0;
}

size_t cryptarch_driver_count(void)
{
	return cryptarch_driver_list_len + (extra != NULL);
}

size_t cryptarch_driver_builtin_count(void)
{
	return cryptarch_driver_list_len;
}

const struct cryptarch_driver *cryptarch_driver_at(size_t i)
{
	if (i < cryptarch_driver_list_len)
		return cryptarch_driver_list[i];
	if (i == cryptarch_driver_list_len)
		return extra;
	return NULL;
}

int cryptarch_driver_index(const struct cryptarch_driver *drv)
{
	size_t i;

	if (!drv)
		return -1;
	for (i = 0; i < cryptarch_driver_list_len; i++)
		if (cryptarch_driver_list[i] == drv)
			return (int)i;
	return drv == extra ? (int)cryptarch_driver_list_len : -1;
}

const struct cryptarch_driver *cryptarch_driver_find(const char *name, size_t n)
{
	size_t i, count = cryptarch_driver_count();

	for (i = 0; i < count; i++)
		if (same(cryptarch_driver_at(i)->name, name, n))
			return cryptarch_driver_at(i);
	return NULL;
}

const char *cryptarch_driver_where(const struct cryptarch_driver *drv)
{
	int i = cryptarch_driver_index(drv);

	if (i < 0 || (size_t)i >= cryptarch_driver_list_len)
		return "tests";
	return cryptarch_driver_where_list[i];
}

void cryptarch_registry_set_extra(const struct cryptarch_driver *drv)
{
	extra = drv;
}

size_t cryptarch_template_count(void)
{
	return cryptarch_template_list_len;
}

const struct cryptarch_template *cryptarch_template_at(size_t i)
{
	return i < cryptarch_template_list_len ? cryptarch_template_list[i] :
						 NULL;
}

int cryptarch_template_index(const struct cryptarch_template *t)
{
	size_t i;

	for (i = 0; i < cryptarch_template_list_len; i++)
		if (cryptarch_template_list[i] == t)
			return (int)i;
	return -1;
}

const struct cryptarch_template *cryptarch_template_find(const char *name,
							  size_t n)
{
	size_t i;

	for (i = 0; i < cryptarch_template_list_len; i++)
		if (same(cryptarch_template_list[i]->name, name, n))
			return cryptarch_template_list[i];
	return NULL;
}

const struct cryptarch_template *cryptarch_template_find_alias(const char *name,
								size_t n)
{
	size_t i;

	for (i = 0; i < cryptarch_template_list_len; i++)
		if (cryptarch_template_list[i]->alias &&
		    same(cryptarch_template_list[i]->alias, name, n))
			return cryptarch_template_list[i];
	return NULL;
}

size_t cryptarch_type_count(void)
{
	return cryptarch_type_list_len;
}

const struct cryptarch_type *cryptarch_type_at(size_t i)
{
	return i < cryptarch_type_list_len ? cryptarch_type_list[i] : NULL;
}

const struct cryptarch_type *cryptarch_type_find(const char *name)
{
	size_t i;

	for (i = 0; i < cryptarch_type_list_len; i++)
		if (strcmp(cryptarch_type_list[i]->name, name) == 0)
			return cryptarch_type_list[i];
	return NULL;
}

const struct cryptarch_algorithm *cryptarch_algorithm_find(const char *name,
							    size_t n)
{
	size_t i, count = cryptarch_driver_count();

	for (i = 0; i < count; i++)
		if (same(cryptarch_driver_at(i)->alg->name, name, n))
			return cryptarch_driver_at(i)->alg;
	return NULL;
}

const struct cryptarch_hook *
cryptarch_driver_hook(const struct cryptarch_driver *drv,
		      const struct cryptarch_template *tmpl)
{
	const struct cryptarch_hook *h;

	for (h = drv->hooks; h && h->tmpl; h++)
		if (strcmp(h->tmpl, tmpl->name) == 0 ||
		    (tmpl->alias && strcmp(h->tmpl, tmpl->alias) == 0))
			return h;
	return NULL;
}

/*
 * DRV's hooks by template, indexed [driver][template] for the built-in
 * drivers, filled once (pthread_once) on first use: selection asks for a
 * hook of every node of every candidate it ranks, and an aead's
 * candidates are the pairs of two lists, so the name compares of
 * cryptarch_driver_hook() were most of the time a new handle took. A
 * static table (no allocation: the library may live in a module that is
 * unloaded, the OpenSSL provider); a registry larger than it is served
 * by the compares.
 */
#define HOOK_TABLE_DRIVERS 128
#define HOOK_TABLE_TEMPLATES 32
static const struct cryptarch_hook
	*hook_table[HOOK_TABLE_DRIVERS][HOOK_TABLE_TEMPLATES];
static int hook_table_ok;
static pthread_once_t hook_once = PTHREAD_ONCE_INIT;

static void hook_table_init(void)
{
	size_t nd = cryptarch_driver_list_len, nt = cryptarch_template_list_len;
	size_t i, j;

	if (nd > HOOK_TABLE_DRIVERS || nt > HOOK_TABLE_TEMPLATES)
		return;
	for (i = 0; i < nd; i++)
		for (j = 0; j < nt; j++)
			hook_table[i][j] = cryptarch_driver_hook(
				cryptarch_driver_list[i],
				cryptarch_template_list[j]);
	hook_table_ok = 1;
}

const struct cryptarch_hook *cryptarch_driver_hook_at(size_t drv, size_t tmpl)
{
	pthread_once(&hook_once, hook_table_init);
	if (hook_table_ok && drv < cryptarch_driver_list_len &&
	    tmpl < cryptarch_template_list_len)
		return hook_table[drv][tmpl];
	return cryptarch_driver_hook(cryptarch_driver_at(drv),
				     cryptarch_template_at(tmpl));
}

int cryptarch_driver_available(const struct cryptarch_driver *drv)
{
	uint64_t need = drv->cpu_features;

	return (cryptarch_cpu_features() & need) == need;
}

/* see registry.h */
char *cryptarch_driver_ct_text(const struct cryptarch_driver *drv, char *buf,
			       size_t size)
{
	const struct cryptarch_ct_check *c = &drv->ct;
	int n = 0;

	if (!size)
		return buf;
	buf[0] = '\0';
	if (!(drv->flags & CRYPTARCH_DRV_CONSTANT_TIME)) {
		snprintf(buf, size, "no (not constant-time)");
		return buf;
	}
	if (!c->methods) {
		snprintf(buf, size, "unverified: %s",
			 c->reason ? c->reason : "no reason given");
		return buf;
	}
	if (c->methods & CRYPTARCH_CT_VALGRIND)
		n = snprintf(buf, size, "valgrind memcheck");
	if (n >= 0 && (size_t)n < size && (c->methods & CRYPTARCH_CT_QEMU_TRACE))
		snprintf(buf + n, size - (size_t)n, "%sqemu trace (%s)",
			 n ? ", " : "", c->targets ? c->targets : "?");
	return buf;
}
