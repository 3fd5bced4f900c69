/* SPDX-License-Identifier: MIT */
/*
 * peers-data.c - what bench/peers measures, as tables: the algorithms
 * (AES-128/256, Twofish-128/256), the modes (a template and a direction:
 * ECB, CBC encryption, CBC decryption, CTR, XTS encryption), the libraries
 * (cryptarch and the three peer adapters) and the hardware configurations
 * ("hw": everything the CPU has; "nohw": hardware AES masked in every
 * library; "scalar": vector units masked too), each with what it masks in
 * every library. Data and lookups only.
 */
#include <string.h>

#include "cpu.h"
#include "peers.h"

const struct algdef peers_algs[NALGS] = {
	{ "aes-128", "aes", 128 },
	{ "aes-256", "aes", 256 },
	{ "twofish-128", "twofish", 128 },
	{ "twofish-256", "twofish", 256 },
};

const struct modedef peers_modes[NMODES] = {
	[ECB] = { "ecb", "ecb", 0 },
	[CBC_ENC] = { "cbc-enc", "cbc", 0 },
	[CBC_DEC] = { "cbc-dec", "cbc", 1 },
	[CTR] = { "ctr", "ctr", 0 },
	[XTS] = { "xts", "xts", 0 },
};

const char *const peers_lib_names[NLIBS] = {
	[L_CRYPTARCH] = "cryptarch",
	[L_OPENSSL] = "openssl",
	[L_GCRYPT] = "gcrypt",
	[L_NETTLE] = "nettle",
};

const struct peer_lib *const peers_libs[NLIBS] = {
	[L_OPENSSL] = &peer_openssl,
	[L_GCRYPT] = &peer_gcrypt,
	[L_NETTLE] = &peer_nettle,
};

/*
 * What each configuration masks: OPENSSL_ia32cap bits (CPUID.1 ECX bit n
 * is bit 32+n: 33 PCLMULQDQ, 41 SSSE3, 57 AES-NI, 60 AVX; the word after
 * ':' is CPUID.7 and is cleared whole), OPENSSL_armcap (an absolute
 * value: 1 = NEON only), the libgcrypt hardware-feature names (unknown
 * ones are refused by libgcrypt and harmless), NETTLE_FAT_OVERRIDE (a
 * list of features to use: "none" matches nothing) and the cryptarch
 * feature bits to disable, named in CRYPTARCH_DISABLE from the core's
 * table.
 */
static const char *const gcrypt_vector[] = {
	"intel-aesni",
	"intel-vaes-vpclmul",
	"intel-pclmul",
	"intel-ssse3",
	"intel-sse4.1",
	"intel-avx",
	"intel-avx2",
	"intel-avx512",
	"intel-gfni",
	"intel-shaext",
	"intel-fast-vpgather",
	"arm-aes",
	"arm-pmull",
	"arm-neon",
	"arm-sha1",
	"arm-sha2",
	"ppc-vcrypto",
	"ppc-arch_2_07",
	"ppc-arch_3_00",
	"s390x-msa",
	"s390x-vx",
	NULL,
};

#define HW_AES_BITS                                                        \
	(CRYPTARCH_CPU_AESNI | CRYPTARCH_CPU_VAES | CRYPTARCH_CPU_PCLMUL | \
	 CRYPTARCH_CPU_VPCLMUL | CRYPTARCH_CPU_ARM_AES | CRYPTARCH_CPU_PMULL)

const struct config peers_configs[NCONFIGS] = {
	{ "hw", "every CPU feature enabled", NULL, NULL, NULL, NULL, 0 },
	{ "nohw",
	  "hardware AES masked (OpenSSL keeps SSSE3; libgcrypt loses all "
	  "vector units)",
	  "~0x200000200000000", "1", "none", gcrypt_vector, HW_AES_BITS },
	{ "scalar", "hardware AES and vector units masked everywhere",
	  "~0x1200020200000000:0", "0", "none", gcrypt_vector, ~0ull },
};

/* see peers.h */
int peers_alg_index(const char *name)
{
	int i;

	for (i = 0; i < NALGS; i++)
		if (!strcmp(peers_algs[i].name, name))
			return i;
	return -1;
}

/* see peers.h */
int peers_mode_index(const char *name)
{
	int i;

	for (i = 0; i < NMODES; i++)
		if (!strcmp(peers_modes[i].name, name))
			return i;
	return -1;
}

/* see peers.h */
int peers_config_index(const char *name)
{
	int i;

	for (i = 0; i < NCONFIGS; i++)
		if (!strcmp(peers_configs[i].name, name))
			return i;
	return -1;
}
