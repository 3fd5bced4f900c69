/* SPDX-License-Identifier: MIT */
/*
 * asm.h - entry and exit macros shared by every assembly file (.S, run
 * through the C preprocessor): global symbol with hidden visibility,
 * symbol type and size, alignment, the landing pad that branch-target
 * protection expects (bti c on arm64, endbr64 on x86_64), and the
 * .note.GNU-stack section that keeps the stack non-executable.
 *
 *     #include "../asm.h"
 *     CRYPTARCH_ENTRY(cryptarch_aes_arm64_encrypt)
 *             ...
 *     CRYPTARCH_END(cryptarch_aes_arm64_encrypt)
 */
#ifndef CRYPTARCH_ARCH_ASM_H
#define CRYPTARCH_ARCH_ASM_H

#if defined(__arm__) || defined(__aarch64__)
#define CRYPTARCH_TYPE_FUNCTION %function
#define CRYPTARCH_PROGBITS %progbits
#else
#define CRYPTARCH_TYPE_FUNCTION @function
#define CRYPTARCH_PROGBITS @progbits
#endif

#if defined(__aarch64__)
#define CRYPTARCH_LANDING_PAD hint 34 /* bti c; a nop before ARMv8.5 */
#define CRYPTARCH_ALIGN .balign 16
#elif defined(__x86_64__)
#define CRYPTARCH_LANDING_PAD endbr64
#define CRYPTARCH_ALIGN .balign 16
#else
#define CRYPTARCH_LANDING_PAD
#define CRYPTARCH_ALIGN .balign 8
#endif

#if defined(__mips__)
/* MIPS also wants .ent/.end for debuggers and unwinders. */
#define CRYPTARCH_ENTRY(name)                     \
	.text;                                    \
	CRYPTARCH_ALIGN;                          \
	.globl name;                              \
	.hidden name;                             \
	.type name, CRYPTARCH_TYPE_FUNCTION;      \
	.ent name;                                \
	name:
#define CRYPTARCH_END(name) \
	.end name;          \
	.size name, .- name
#else
#define CRYPTARCH_ENTRY(name)                     \
	.text;                                    \
	CRYPTARCH_ALIGN;                          \
	.globl name;                              \
	.hidden name;                             \
	.type name, CRYPTARCH_TYPE_FUNCTION;      \
	name:                                     \
	CRYPTARCH_LANDING_PAD
#define CRYPTARCH_END(name) .size name, .- name
#endif

/* Read-only data (tables) with the given alignment. */
#define CRYPTARCH_RODATA(align) \
	.section .rodata;       \
	.balign align

#if defined(__linux__) && defined(__ELF__)
	.section .note.GNU-stack, "", CRYPTARCH_PROGBITS
	.text
#endif

#endif /* CRYPTARCH_ARCH_ASM_H */
