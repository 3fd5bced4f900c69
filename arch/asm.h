/* SPDX-License-Identifier: MIT */
/*
 * asm.h - entry and exit macros shared by every assembly file (.S, run
 * through the C preprocessor): global symbol with hidden visibility,
 * symbol type and size, alignment, the landing pad that branch-target
 * protection expects (bti c on arm64, endbr64 on x86_64, endbr32 on
 * i386), return-address signing on arm64, the .note.GNU-stack section
 * that keeps the stack non-executable, and the GNU property note that
 * says the code suits those protections.
 *
 *     #include "../asm.h"
 *     CRYPTARCH_ENTRY(cryptarch_aes_arm64_encrypt)
 *             ...
 *     CRYPTARCH_END(cryptarch_aes_arm64_encrypt)
 *
 * Control-flow protection. The linker marks its output (a shared library,
 * a program) as fit for x86 IBT and shadow stacks, or arm64 BTI and PAC,
 * only if every input object says so in its .note.gnu.property (the
 * feature bits are ANDed), and the loader enables a protection only where
 * the marks are (x86: the program and every library it loads; arm64 BTI:
 * the pages of each marked object). An assembly object without the note
 * would switch them off for libcryptarch.so and for every static program
 * that links cryptarch. The compiler emits the note for C only when
 * asked: -fcf-protection defines __CET__ (Debian 12's gcc leaves it off,
 * `gcc -Q --help=common | grep cf-protection`), -mbranch-protection
 * defines __ARM_FEATURE_BTI_DEFAULT and __ARM_FEATURE_PAC_DEFAULT; the
 * kernel's and glibc's assembly headers follow those macros. This file
 * emits the note always, because the assembly complies whatever the
 * flags, at no cost where the protection is absent (and at two hint
 * instructions per call of an arm64 entry point that saves x30):
 *   - x86: every entry point starts with endbr64 (endbr32), hint NOPs on
 *     CPUs without CET; internal functions are reached by direct calls
 *     only; there is no indirect jump or call; every call returns by ret
 *     to its caller, the return address untouched (shadow stacks).
 *   - arm64: every entry point starts with bti c (a hint); no indirect
 *     branch targets anything but an entry point; an entry point that
 *     saves x30 signs it before the push and authenticates it after the
 *     pop (CRYPTARCH_SIGN_LR, CRYPTARCH_AUTH_LR: paciasp and autiasp, or
 *     the B-key forms where the compiler was told to use that key; hints,
 *     NOPs before ARMv8.3), and internal functions are leaves that never
 *     spill x30, so they need neither.
 * The note cannot mark anything by itself: built without those flags,
 * the C objects carry none and the AND clears the property; it only keeps
 * the assembly from being the reason a protected build loses it. A new
 * assembly file must keep these rules (README.md of its arch). The files
 * have no CFI directives; one that adds them needs .cfi_negate_ra_state
 * after CRYPTARCH_SIGN_LR and CRYPTARCH_AUTH_LR.
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
/* Sign x30 with sp as the modifier, and authenticate it with the same sp
 * before ret: the A key (paciasp, autiasp) unless -mbranch-protection
 * chose the B key (pacibsp, autibsp). Hints: NOPs before ARMv8.3. */
#if defined(__ARM_FEATURE_PAC_DEFAULT) && (__ARM_FEATURE_PAC_DEFAULT & 2)
#define CRYPTARCH_SIGN_LR hint 27 /* pacibsp */
#define CRYPTARCH_AUTH_LR hint 31 /* autibsp */
#else
#define CRYPTARCH_SIGN_LR hint 25 /* paciasp */
#define CRYPTARCH_AUTH_LR hint 29 /* autiasp */
#endif
#elif defined(__x86_64__)
#define CRYPTARCH_LANDING_PAD endbr64
#define CRYPTARCH_ALIGN .balign 16
#elif defined(__i386__)
#define CRYPTARCH_LANDING_PAD endbr32
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

/*
 * The GNU property note (see the top of this file): one
 * NT_GNU_PROPERTY_TYPE_0 note, owner "GNU", holding one property: the
 * FEATURE_1_AND word of the architecture with the bits this code
 * complies with. Its fields are 4-byte words, the note and the property
 * padded to 8 bytes on 64-bit targets and 4 on 32-bit ones (the layout
 * of the compilers' own notes).
 */
#if defined(__ELF__) && (defined(__x86_64__) || defined(__i386__) || \
			 defined(__aarch64__))
#if defined(__x86_64__) && !defined(__ILP32__)
#define CRYPTARCH_PROP_ALIGN 3
#define CRYPTARCH_PROP_DESCSZ 16
#elif defined(__aarch64__) && !defined(__ILP32__)
#define CRYPTARCH_PROP_ALIGN 3
#define CRYPTARCH_PROP_DESCSZ 16
#else
#define CRYPTARCH_PROP_ALIGN 2
#define CRYPTARCH_PROP_DESCSZ 12
#endif
#if defined(__aarch64__)
#define CRYPTARCH_PROP_TYPE 0xc0000000 /* GNU_PROPERTY_AARCH64_FEATURE_1_AND */
#define CRYPTARCH_PROP_BITS 3	       /* BTI 1, PAC 2 */
#else
#define CRYPTARCH_PROP_TYPE 0xc0000002 /* GNU_PROPERTY_X86_FEATURE_1_AND */
#define CRYPTARCH_PROP_BITS 3	       /* IBT 1, SHSTK 2 */
#endif
	.pushsection .note.gnu.property, "a"
	.p2align CRYPTARCH_PROP_ALIGN
	.long	4			/* n_namesz: "GNU" and its NUL */
	.long	CRYPTARCH_PROP_DESCSZ	/* n_descsz: the property, padded */
	.long	5			/* n_type: NT_GNU_PROPERTY_TYPE_0 */
	.asciz	"GNU"
	.long	CRYPTARCH_PROP_TYPE	/* pr_type */
	.long	4			/* pr_datasz */
	.long	CRYPTARCH_PROP_BITS	/* pr_data */
	.p2align CRYPTARCH_PROP_ALIGN
	.popsection
#endif

#endif /* CRYPTARCH_ARCH_ASM_H */
