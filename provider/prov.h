/* SPDX-License-Identifier: MIT */
/*
 * prov.h - what the provider's files share: the provider context (the
 * core's handle and error functions, the policy read from the
 * configuration), the error reasons, and the cipher and MAC algorithms
 * that cipher.c, aead.c and mac.c define and prov.c lists. No secrets
 * here.
 */
#ifndef CAP_PROV_H
#define CAP_PROV_H

#include <openssl/core.h>
#include <openssl/core_dispatch.h>

/*
 * One per loaded instance of the provider, read-only once
 * OSSL_provider_init has filled it: contexts of every thread read it
 * without locks.
 */
struct cap_provctx {
	const OSSL_CORE_HANDLE *handle;
	OSSL_FUNC_core_new_error_fn *new_error;
	OSSL_FUNC_core_set_error_debug_fn *set_error_debug;
	OSSL_FUNC_core_vset_error_fn *vset_error;
	unsigned flags; /* CRYPTARCH_* flags for every handle */
};

/* Reasons of the errors the provider raises (prov.c has their strings). */
enum {
	CAP_R_NO_IMPLEMENTATION = 1,
	CAP_R_LIBRARY,
	CAP_R_NO_KEY_SET,
	CAP_R_BAD_KEY_LENGTH,
	CAP_R_BAD_IV_LENGTH,
	CAP_R_BAD_LENGTH,
	CAP_R_OUTPUT_TOO_SMALL,
	CAP_R_WRONG_FINAL_BLOCK_LENGTH,
	CAP_R_BAD_DECRYPT,
	CAP_R_XTS_DUPLICATED_KEYS,
	CAP_R_XTS_DATA_UNIT_TOO_LARGE,
	CAP_R_CTS_ONE_SHOT,
	CAP_R_BAD_CTS_MODE,
	CAP_R_BAD_PARAMETER,
	CAP_R_BAD_CONFIG,
	CAP_R_NO_CIPHER_SET,
	CAP_R_UNSUPPORTED_CIPHER,
	CAP_R_CIPHER_OPERATION_FAILED,
	CAP_R_TAG_NOT_SET,
	CAP_R_INVALID_TAG,
	CAP_R_INVALID_TAG_LENGTH,
	CAP_R_TAG_NOT_NEEDED,
};

void cap_raise(const struct cap_provctx *p, int reason, const char *fmt,
	       ...) __attribute__((format(printf, 3, 4)));
void cap_error(const struct cap_provctx *p, int reason);

/* cipher.c: the algorithms, terminated by a NULL name. */
extern const OSSL_ALGORITHM cap_cipher_algorithms[];
/* mac.c: CMAC, likewise terminated. */
extern const OSSL_ALGORITHM cap_mac_algorithms[];

/* aead.c: the dispatch tables of the AEAD ciphers (ciphers.h). */
#include "ciphers.h"
#define CAP_AEAD_DECLARE(sym, names, cipher, kind, keylen)		\
	extern const OSSL_DISPATCH sym##_functions[];
CAP_AEADS(CAP_AEAD_DECLARE)

#endif /* CAP_PROV_H */
