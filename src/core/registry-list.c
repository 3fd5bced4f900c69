/* SPDX-License-Identifier: MIT */
/*
 * registry-list.c - the one list of registered implementations. Adding an
 * implementation is its own file plus one line here (guarded by the
 * CRYPTARCH_HAVE_<X> macro its CMake object library defines, for code that
 * only some toolchains can build). The order breaks priority ties.
 */
#include <stddef.h>

#include "registry.h"

extern const struct cryptarch_alg cryptarch_aes_ct64_alg;
extern const struct cryptarch_alg cryptarch_aes_generic_alg;
extern const struct cryptarch_alg cryptarch_twofish_generic_alg;
#ifdef CRYPTARCH_HAVE_AES_ARM64
extern const struct cryptarch_alg cryptarch_aes_arm64_alg;
#endif
#ifdef CRYPTARCH_HAVE_TWOFISH_MIPS
extern const struct cryptarch_alg cryptarch_twofish_mips_alg;
#endif

const struct cryptarch_alg *const cryptarch_alg_list[] = {
#ifdef CRYPTARCH_HAVE_AES_ARM64
	&cryptarch_aes_arm64_alg,
#endif
	&cryptarch_aes_ct64_alg,
	&cryptarch_aes_generic_alg,
	&cryptarch_twofish_generic_alg,
#ifdef CRYPTARCH_HAVE_TWOFISH_MIPS
	&cryptarch_twofish_mips_alg,
#endif
};

const size_t cryptarch_alg_list_len =
	sizeof(cryptarch_alg_list) / sizeof(cryptarch_alg_list[0]);
