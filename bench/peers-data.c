/* SPDX-License-Identifier: MIT */
/*
 * peers-data.c - what bench/peers measures, as tables: the algorithms
 * (AES-128/256, Twofish-128/256), the modes (a template and a direction:
 * ECB, CBC encryption, CBC decryption, CTR, XTS encryption, XCTR, CBC-CTS
 * encryption and decryption; a keyed hash: CMAC, XCBC; or an AEAD and a
 * direction: GCM and CCM encryption and decryption), each with its
 * cryptarch name, its peers' mode and its request sizes, the libraries
 * (cryptarch and the four peer adapters) and the hardware configurations
 * ("hw": everything the CPU has; "nohw": hardware AES masked in every
 * library; "scalar": vector units masked too), each with what it masks in
 * every library. Data and lookups only.
 */
#include <stdlib.h>
#include <string.h>

#include "cpu.h"
#include "peers.h"

const struct algdef peers_algs[NALGS] = {
	{ "aes-128", "aes", 128 },
	{ "aes-256", "aes", 256 },
	{ "twofish-128", "twofish", 128 },
	{ "twofish-256", "twofish", 256 },
};

/*
 * The sizes: the skcipher modes at 16, 256, 1024 and 8192 bytes, and at
 * 4096 where a target compares two of cryptarch's rows (xctr with ctr,
 * cts decryption with cbc decryption); the keyed hashes at 16, 64 (the
 * Bluetooth and 802.11 messages), 256, 1024 and 4096; the AEADs at
 * tcrypt's sizes. --targets measures only the sizes its targets name (16
 * and 8192; 4096; 64 and 4096 for CMAC, with 16 and 1024 beside them; 16,
 * 64, 1420 and 8192 for GCM; 8192 for CCM; 4096 for CBC encryption too,
 * the single-stream figure the batches are compared with). The batches
 * of requests at 512 and 4096 bytes per request.
 */
#define SK_SIZES "16,256,1024,8192"
#define SK_SIZES_4K "16,256,1024,4096,8192"
#define MAC_SIZES "16,64,256,1024,4096"
#define MAC_TARGETS "16,64,1024,4096"
/* tcrypt's AEAD speed sizes (crypto/tcrypt.c: aead_sizes), 1420 being an
 * IPsec packet's payload over a 1500-byte MTU */
#define AEAD_SIZES "16,64,256,512,1024,1420,4096,8192"
#define GCM_TARGETS "16,64,1420,8192"
#define CCM_TARGETS "8192"
/* The batches of independent requests (issue 13): 512-byte and 4 KiB
 * requests, a disk sector and a page. */
#define MB_SIZES "512,4096"

const struct modedef peers_modes[NMODES] = {
	[ECB] = { "ecb", "ecb", "ecb(%s)", "ecb", 0, 0, 0, SK_SIZES, NULL },
	[CBC_ENC] = { "cbc-enc", "cbc", "cbc(%s)", "cbc", 0, 0, 0, SK_SIZES,
		      "16,4096,8192" },
	[CBC_DEC] = { "cbc-dec", "cbc", "cbc(%s)", "cbc", 1, 0, 0, SK_SIZES_4K,
		      "16,4096,8192" },
	[CTR] = { "ctr", "ctr", "ctr(%s)", "ctr", 0, 0, 0, SK_SIZES_4K,
		  "16,4096,8192" },
	[XTS] = { "xts", "xts", "xts(%s)", "xts", 0, 0, 0, SK_SIZES, NULL },
	[XCTR] = { "xctr", "xctr", "xctr(%s)", NULL, 0, 0, 0, SK_SIZES_4K,
		   "4096" },
	[CTS_ENC] = { "cts-enc", "cts", "cts(cbc(%s))", "cts", 0, 0, 0,
		      SK_SIZES_4K, "4096" },
	[CTS_DEC] = { "cts-dec", "cts", "cts(cbc(%s))", "cts", 1, 0, 0,
		      SK_SIZES_4K, "4096" },
	[CMAC] = { "cmac", "cmac", "cmac(%s)", "cmac", 0, 1, 0, MAC_SIZES,
		   MAC_TARGETS },
	[XCBC] = { "xcbc", "xcbc", "xcbc(%s)", "xcbc", 0, 1, 1, MAC_SIZES,
		   MAC_TARGETS },
	[GCM_ENC] = { "gcm-enc", "gcm", "gcm(%s)", "gcm", 0, 0, 0, AEAD_SIZES,
		      GCM_TARGETS, 1 },
	[GCM_DEC] = { "gcm-dec", "gcm", "gcm(%s)", "gcm", 1, 0, 0, AEAD_SIZES,
		      GCM_TARGETS, 1 },
	[CCM_ENC] = { "ccm-enc", "ccm", "ccm(%s)", "ccm", 0, 0, 0, AEAD_SIZES,
		      CCM_TARGETS, 1 },
	[CCM_DEC] = { "ccm-dec", "ccm", "ccm(%s)", "ccm", 1, 0, 0, AEAD_SIZES,
		      CCM_TARGETS, 1 },
	[CBC_MB8] = { "cbc-mb8", "cbc", "cbc(%s)", "cbc", 0, 0, 0, MB_SIZES,
		      MB_SIZES, 0, 8 },
	[CBC_MB16] = { "cbc-mb16", "cbc", "cbc(%s)", "cbc", 0, 0, 0, MB_SIZES,
		       MB_SIZES, 0, 16 },
	[CBC_MB32] = { "cbc-mb32", "cbc", "cbc(%s)", "cbc", 0, 0, 0, MB_SIZES,
		       MB_SIZES, 0, 32 },
	[CMAC_MB8] = { "cmac-mb8", "cmac", "cmac(%s)", "cmac", 0, 1, 0,
		       MB_SIZES, MB_SIZES, 0, 8 },
	[CMAC_MB16] = { "cmac-mb16", "cmac", "cmac(%s)", "cmac", 0, 1, 0,
			MB_SIZES, MB_SIZES, 0, 16 },
	[CMAC_MB32] = { "cmac-mb32", "cmac", "cmac(%s)", "cmac", 0, 1, 0,
			MB_SIZES, MB_SIZES, 0, 32 },
};

const char *const peers_lib_names[NLIBS] = {
	[L_CRYPTARCH] = "cryptarch",
	[L_OPENSSL] = "openssl",
	[L_GCRYPT] = "gcrypt",
	[L_NETTLE] = "nettle",
	[L_IPSECMB] = "ipsecmb",
};

const struct peer_lib *const peers_libs[NLIBS] = {
	[L_OPENSSL] = &peer_openssl,
	[L_GCRYPT] = &peer_gcrypt,
	[L_NETTLE] = &peer_nettle,
#ifdef PEER_HAVE_IPSECMB
	[L_IPSECMB] = &peer_ipsecmb,
#endif
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
size_t peers_mode_sizes(const struct opts *o, int m, size_t *out)
{
	const char *s = o->targets ? peers_modes[m].target_sizes :
				     peers_modes[m].sizes;
	size_t n = 0, i;

	if (o->sizes_given || o->headline || !s) {
		/* the skciphers take whole blocks only; the keyed hashes
		 * and the AEADs any length */
		for (i = 0; i < o->nsizes; i++)
			if (peers_modes[m].mac || peers_modes[m].aead ||
			    o->sizes[i] % 16 == 0)
				out[n++] = o->sizes[i];
		return n;
	}
	while (*s && n < MAX_SIZES) {
		char *end;

		out[n++] = strtoul(s, &end, 10);
		s = *end ? end + 1 : end;
	}
	return n;
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
