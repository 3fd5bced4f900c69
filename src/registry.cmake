# SPDX-License-Identifier: MIT
# registry.cmake - the registry: one line per algorithm type, template and
# driver (what each kind of line means: cmake/registry.cmake). The build
# compiles what can be built for the target and generates the lists of
# src/core/registry.c from these lines; adding a mode or an
# implementation is its own files plus one line here (README, "Adding a
# mode", "Adding an implementation"). Driver order breaks priority ties.

# The algorithms drivers implement, and their tables.
cryptarch_sources(src/aes/aes.c src/aes/aes-tables.c src/twofish/twofish.c
	src/twofish/twofish-tables.c src/sha256/sha256.c
	src/ghash/ghash.c)

cryptarch_type(cipher src/types/cipher.c)
cryptarch_type(skcipher src/types/skcipher.c)
cryptarch_type(shash src/types/shash.c)
cryptarch_type(aead src/types/aead.c)

cryptarch_template(ecb src/modes/ecb.c)
cryptarch_template(cbc src/modes/cbc.c)
cryptarch_template(ctr src/modes/ctr.c)
cryptarch_template(xts src/modes/xts.c)
cryptarch_template(xctr src/modes/xctr.c)
cryptarch_template(cts src/modes/cts.c)
cryptarch_template(essiv src/modes/essiv.c)
cryptarch_template(cmac src/modes/cmac.c)
cryptarch_template(xcbc src/modes/xcbc.c)
cryptarch_template(cbcmac src/modes/cbcmac.c)
cryptarch_template(gcm_base src/modes/gcm.c)
cryptarch_template(ccm_base src/modes/ccm.c)

cryptarch_driver(aes-arm64 arm64 arch/arm64/aes-arm64.S arch/arm64/aes-arm64.c)
cryptarch_driver(aes-ce arm64 arch/arm64/aes-ce-glue.c ISA armv8crypto arch/arm64/aes-ce.c)
cryptarch_driver(aes-neon arm64 arch/arm64/aes-neon.c)
cryptarch_driver(aes-neonbs arm64 NEEDS aes-neon arch/arm64/aes-neonbs.c)
cryptarch_driver(ghash-ce arm64 arch/arm64/ghash-ce-glue.c ISA armv8crypto arch/arm64/ghash-ce.c)
cryptarch_driver(ghash-neon arm64 arch/arm64/ghash-neon.c)
cryptarch_driver(aes-aesni x86 arch/x86/aes-aesni-glue.c ISA aesni arch/x86/aes-aesni.c arch/x86/aes-aesni-ccm.c arch/x86/aes-aesni-gcm.c arch/x86/aes-aesni-many.c)
cryptarch_driver(aes-vaes-avx2 x86_64 NEEDS aes-aesni arch/x86/aes-vaes-avx2-glue.c ISA vaes256 arch/x86/aes-vaes-avx2.c arch/x86/aes-vaes-avx2-gcm.c arch/x86/aes-vaes-avx2-many.c)
cryptarch_driver(aes-vaes-avx512 x86_64 NEEDS aes-aesni arch/x86/aes-vaes-avx512-glue.c ISA vaes512 arch/x86/aes-vaes-avx512.c arch/x86/aes-vaes-avx512-gcm.c arch/x86/aes-vaes-avx512-many.c)
cryptarch_driver(aes-vperm x86 arch/x86/aes-vperm-glue.c ISA ssse3 arch/x86/aes-vperm.c)
cryptarch_driver(aes-vperm-avx2 x86_64 NEEDS aes-vperm arch/x86/aes-vperm-avx2-glue.c ISA avx2 arch/x86/aes-vperm-avx2.c)
cryptarch_driver(aes-vperm-avx512 x86_64 NEEDS aes-vperm arch/x86/aes-vperm-avx512-glue.c ISA avx512 arch/x86/aes-vperm-avx512.c)
cryptarch_driver(aes-ct64 all src/aes/aes-ct64.c)
cryptarch_driver(aes-generic all src/aes/aes-generic.c)
cryptarch_driver(twofish-mips mips arch/mips/twofish-mips.S arch/mips/twofish-mips.c)
cryptarch_driver(twofish-x86_64 x86_64 arch/x86/twofish-x86_64.S arch/x86/twofish-x86_64-glue.c)
cryptarch_driver(twofish-avx2 x86_64 NEEDS twofish-x86_64 arch/x86/twofish-avx2-glue.c ISA avx2 arch/x86/twofish-avx2.c)
cryptarch_driver(twofish-avx512 x86_64 arch/x86/twofish-avx512-glue.c ISA avx512vbmi arch/x86/twofish-avx512.c arch/x86/twofish-avx512-many.c)
cryptarch_driver(twofish-neon arm64 arch/arm64/twofish-neon.c)
cryptarch_driver(twofish-ct all src/twofish/twofish-ct.c)
cryptarch_driver(twofish-generic all src/twofish/twofish-generic.c)
cryptarch_driver(sha256-generic all src/sha256/sha256-generic.c)
cryptarch_driver(ghash-generic all src/ghash/ghash-generic.c)
cryptarch_driver(ghash-pclmul x86 arch/x86/ghash-pclmul-glue.c ISA pclmul arch/x86/ghash-pclmul.c)
cryptarch_driver(ghash-vpclmul-avx512 x86_64 arch/x86/ghash-vpclmul-avx512-glue.c ISA vpclmul512 arch/x86/ghash-vpclmul-avx512.c)
