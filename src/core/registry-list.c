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
#ifdef CRYPTARCH_HAVE_AES_CE
extern const struct cryptarch_alg cryptarch_aes_ce_alg;
#endif
#ifdef CRYPTARCH_HAVE_AES_NEON
extern const struct cryptarch_alg cryptarch_aes_neon_alg;
#endif
#ifdef CRYPTARCH_HAVE_AES_NEONBS
extern const struct cryptarch_alg cryptarch_aes_neonbs_alg;
#endif
#ifdef CRYPTARCH_HAVE_AES_AESNI
extern const struct cryptarch_alg cryptarch_aes_aesni_alg;
#endif
#ifdef CRYPTARCH_HAVE_AES_VAES
extern const struct cryptarch_alg cryptarch_aes_vaes_avx2_alg;
#endif
#ifdef CRYPTARCH_HAVE_AES_VAES
extern const struct cryptarch_alg cryptarch_aes_vaes_avx512_alg;
#endif
#ifdef CRYPTARCH_HAVE_AES_VPERM
extern const struct cryptarch_alg cryptarch_aes_vperm_alg;
#endif
#ifdef CRYPTARCH_HAVE_AES_VPERM_WIDE
extern const struct cryptarch_alg cryptarch_aes_vperm_avx2_alg;
extern const struct cryptarch_alg cryptarch_aes_vperm_avx512_alg;
#endif
#ifdef CRYPTARCH_HAVE_TWOFISH_MIPS
extern const struct cryptarch_alg cryptarch_twofish_mips_alg;
#endif
#ifdef CRYPTARCH_HAVE_TWOFISH_X86_64
extern const struct cryptarch_alg cryptarch_twofish_x86_64_alg;
#endif
#ifdef CRYPTARCH_HAVE_TWOFISH_AVX2
extern const struct cryptarch_alg cryptarch_twofish_avx2_alg;
#endif

const struct cryptarch_alg *const cryptarch_alg_list[] = {
#ifdef CRYPTARCH_HAVE_AES_ARM64
	&cryptarch_aes_arm64_alg,
#endif
#ifdef CRYPTARCH_HAVE_AES_CE
	&cryptarch_aes_ce_alg,
#endif
#ifdef CRYPTARCH_HAVE_AES_NEON
	&cryptarch_aes_neon_alg,
#endif
#ifdef CRYPTARCH_HAVE_AES_NEONBS
	&cryptarch_aes_neonbs_alg,
#endif
#ifdef CRYPTARCH_HAVE_AES_AESNI
	&cryptarch_aes_aesni_alg,
#endif
#ifdef CRYPTARCH_HAVE_AES_VAES
	&cryptarch_aes_vaes_avx2_alg,
#endif
#ifdef CRYPTARCH_HAVE_AES_VAES
	&cryptarch_aes_vaes_avx512_alg,
#endif
#ifdef CRYPTARCH_HAVE_AES_VPERM_WIDE
	&cryptarch_aes_vperm_avx512_alg,
	&cryptarch_aes_vperm_avx2_alg,
#endif
#ifdef CRYPTARCH_HAVE_AES_VPERM
	&cryptarch_aes_vperm_alg,
#endif
	&cryptarch_aes_ct64_alg,
	&cryptarch_aes_generic_alg,
#ifdef CRYPTARCH_HAVE_TWOFISH_MIPS
	&cryptarch_twofish_mips_alg,
#endif
#ifdef CRYPTARCH_HAVE_TWOFISH_X86_64
	&cryptarch_twofish_x86_64_alg,
#endif
#ifdef CRYPTARCH_HAVE_TWOFISH_AVX2
	&cryptarch_twofish_avx2_alg,
#endif
	&cryptarch_twofish_generic_alg,
};

const size_t cryptarch_alg_list_len =
	sizeof(cryptarch_alg_list) / sizeof(cryptarch_alg_list[0]);
