/* SPDX-License-Identifier: MIT */
/*
 * prov.c - the entry point of cryptarch.so, an OpenSSL 3 provider module
 * named "cryptarch": OSSL_provider_init reads the provider's configuration
 * (the policy), keeps the core's error functions, and hands OpenSSL the
 * provider's dispatch table: its parameters (name, version, build info,
 * status, the policy), its algorithms (cipher.c's table and mac.c's
 * CMAC, every one with the property provider=cryptarch), its error
 * strings and its teardown.
 *
 * Policy: constant-time implementations only, as the library's default;
 * `allow-variable-time = yes` in the provider's section of openssl.cnf
 * passes CRYPTARCH_ALLOW_VARIABLE_TIME to every handle the provider
 * allocates. A value that is not a boolean stops the provider loading
 * rather than being read either way.
 *
 * No state outside the provider context, which is written once here and
 * only read afterwards; no secrets.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <openssl/core_names.h>
#include <openssl/params.h>

#include "cryptarch.h"
#include "prov.h"

#define CAP_PARAM_ALLOW_VT "allow-variable-time"

static void cap_vraise(const struct cap_provctx *p, int reason,
		       const char *fmt, va_list ap)
{
	if (p == NULL || p->new_error == NULL || p->vset_error == NULL)
		return;
	p->new_error(p->handle);
	if (p->set_error_debug != NULL)
		p->set_error_debug(p->handle, "cryptarch.so", 0, "cryptarch");
	p->vset_error(p->handle, (uint32_t)reason, fmt, ap);
}

void cap_raise(const struct cap_provctx *p, int reason, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	cap_vraise(p, reason, fmt, ap);
	va_end(ap);
}

/* No data: a NULL format (the va_list is empty). */
static void cap_raise_bare(const struct cap_provctx *p, int reason, ...)
{
	va_list ap;

	va_start(ap, reason);
	cap_vraise(p, reason, NULL, ap);
	va_end(ap);
}

void cap_error(const struct cap_provctx *p, int reason)
{
	cap_raise_bare(p, reason);
}

static const OSSL_ITEM cap_reason_strings[] = {
	{ CAP_R_NO_IMPLEMENTATION, "no implementation meets the policy" },
	{ CAP_R_LIBRARY, "cryptarch library error" },
	{ CAP_R_NO_KEY_SET, "no key set" },
	{ CAP_R_BAD_KEY_LENGTH, "invalid key length" },
	{ CAP_R_BAD_IV_LENGTH, "invalid iv length" },
	{ CAP_R_BAD_LENGTH, "invalid data length" },
	{ CAP_R_OUTPUT_TOO_SMALL, "output buffer too small" },
	{ CAP_R_WRONG_FINAL_BLOCK_LENGTH, "wrong final block length" },
	{ CAP_R_BAD_DECRYPT, "bad decrypt" },
	{ CAP_R_XTS_DUPLICATED_KEYS, "xts duplicated keys" },
	{ CAP_R_XTS_DATA_UNIT_TOO_LARGE, "xts data unit is too large" },
	{ CAP_R_CTS_ONE_SHOT, "cts: one update per message" },
	{ CAP_R_BAD_CTS_MODE, "invalid cts mode" },
	{ CAP_R_BAD_PARAMETER, "invalid parameter" },
	{ CAP_R_BAD_CONFIG, "invalid provider configuration" },
	{ CAP_R_NO_CIPHER_SET, "no cipher set" },
	{ CAP_R_UNSUPPORTED_CIPHER, "cipher not supported" },
	{ CAP_R_CIPHER_OPERATION_FAILED, "cipher operation failed" },
	{ CAP_R_TAG_NOT_SET, "tag not set" },
	{ CAP_R_INVALID_TAG, "invalid tag" },
	{ CAP_R_INVALID_TAG_LENGTH, "invalid tag length" },
	{ CAP_R_TAG_NOT_NEEDED, "tag not needed" },
	{ 0, NULL }
};

static const OSSL_ITEM *cap_get_reason_strings(void *provctx)
{
	(void)provctx;
	return cap_reason_strings;
}

static const OSSL_PARAM cap_param_types[] = {
	OSSL_PARAM_DEFN(OSSL_PROV_PARAM_NAME, OSSL_PARAM_UTF8_PTR, NULL, 0),
	OSSL_PARAM_DEFN(OSSL_PROV_PARAM_VERSION, OSSL_PARAM_UTF8_PTR, NULL, 0),
	OSSL_PARAM_DEFN(OSSL_PROV_PARAM_BUILDINFO, OSSL_PARAM_UTF8_PTR, NULL,
			0),
	OSSL_PARAM_DEFN(OSSL_PROV_PARAM_STATUS, OSSL_PARAM_INTEGER, NULL, 0),
	OSSL_PARAM_DEFN(CAP_PARAM_ALLOW_VT, OSSL_PARAM_UTF8_PTR, NULL, 0),
	OSSL_PARAM_END
};

static const OSSL_PARAM *cap_gettable_params(void *provctx)
{
	(void)provctx;
	return cap_param_types;
}

static int cap_get_params(void *provctx, OSSL_PARAM params[])
{
	const struct cap_provctx *pc = provctx;
	OSSL_PARAM *p;

	p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_NAME);
	if (p != NULL && !OSSL_PARAM_set_utf8_ptr(p, "cryptarch"))
		return 0;
	p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_VERSION);
	if (p != NULL && !OSSL_PARAM_set_utf8_ptr(p, CRYPTARCH_VERSION_STRING))
		return 0;
	p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_BUILDINFO);
	if (p != NULL &&
	    !OSSL_PARAM_set_utf8_ptr(p, "cryptarch " CRYPTARCH_VERSION_STRING))
		return 0;
	p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_STATUS);
	if (p != NULL && !OSSL_PARAM_set_int(p, 1))
		return 0;
	p = OSSL_PARAM_locate(params, CAP_PARAM_ALLOW_VT);
	if (p != NULL &&
	    !OSSL_PARAM_set_utf8_ptr(p, pc->flags & CRYPTARCH_ALLOW_VARIABLE_TIME ?
					    "yes" : "no"))
		return 0;
	return 1;
}

static const OSSL_ALGORITHM *cap_query(void *provctx, int operation_id,
				       int *no_cache)
{
	(void)provctx;
	*no_cache = 0;
	switch (operation_id) {
	case OSSL_OP_CIPHER:
		return cap_cipher_algorithms;
	case OSSL_OP_MAC:
		return cap_mac_algorithms;
	}
	return NULL;
}

static void cap_teardown(void *provctx)
{
	free(provctx);
}

static const OSSL_DISPATCH cap_dispatch[] = {
	{ OSSL_FUNC_PROVIDER_TEARDOWN, (void (*)(void))cap_teardown },
	{ OSSL_FUNC_PROVIDER_GETTABLE_PARAMS,
	  (void (*)(void))cap_gettable_params },
	{ OSSL_FUNC_PROVIDER_GET_PARAMS, (void (*)(void))cap_get_params },
	{ OSSL_FUNC_PROVIDER_QUERY_OPERATION, (void (*)(void))cap_query },
	{ OSSL_FUNC_PROVIDER_GET_REASON_STRINGS,
	  (void (*)(void))cap_get_reason_strings },
	{ 0, NULL }
};

/* 1 yes, 0 no, -1 neither (the words of OpenSSL's own boolean settings). */
static int cap_bool(const char *v)
{
	static const char *const yes[] = { "1", "yes", "true", "on" };
	static const char *const no[] = { "0", "no", "false", "off" };
	size_t i;

	for (i = 0; i < sizeof(yes) / sizeof(yes[0]); i++) {
		if (strcasecmp(v, yes[i]) == 0)
			return 1;
		if (strcasecmp(v, no[i]) == 0)
			return 0;
	}
	return -1;
}

/* Exported: the only symbol of the module (cryptarch.map). */
__attribute__((visibility("default"))) int OSSL_provider_init(const OSSL_CORE_HANDLE *handle,
		       const OSSL_DISPATCH *in, const OSSL_DISPATCH **out,
		       void **provctx)
{
	OSSL_FUNC_core_get_params_fn *get_params = NULL;
	struct cap_provctx *pc;
	char *allow_vt = NULL;
	OSSL_PARAM cfg[2];

	pc = calloc(1, sizeof(*pc));
	if (pc == NULL)
		return 0;
	pc->handle = handle;
	for (; in->function_id != 0; in++) {
		switch (in->function_id) {
		case OSSL_FUNC_CORE_GET_PARAMS:
			get_params = OSSL_FUNC_core_get_params(in);
			break;
		case OSSL_FUNC_CORE_NEW_ERROR:
			pc->new_error = OSSL_FUNC_core_new_error(in);
			break;
		case OSSL_FUNC_CORE_SET_ERROR_DEBUG:
			pc->set_error_debug = OSSL_FUNC_core_set_error_debug(in);
			break;
		case OSSL_FUNC_CORE_VSET_ERROR:
			pc->vset_error = OSSL_FUNC_core_vset_error(in);
			break;
		}
	}

	/* The provider's section of openssl.cnf, if it has one. */
	cfg[0] = OSSL_PARAM_construct_utf8_ptr(CAP_PARAM_ALLOW_VT, &allow_vt, 0);
	cfg[1] = OSSL_PARAM_construct_end();
	if (get_params != NULL && get_params(handle, cfg) && allow_vt != NULL) {
		int b = cap_bool(allow_vt);

		if (b < 0) {
			cap_raise(pc, CAP_R_BAD_CONFIG,
				  CAP_PARAM_ALLOW_VT " = %s: not a boolean",
				  allow_vt);
			free(pc);
			return 0;
		}
		if (b)
			pc->flags |= CRYPTARCH_ALLOW_VARIABLE_TIME;
	}

	*out = cap_dispatch;
	*provctx = pc;
	return 1;
}
