/* SPDX-License-Identifier: MIT */
/*
 * twofish-x86_64.S - driver "twofish-x86_64": Twofish (Schneier, Kelsey,
 * Whiting, Wagner, Hall and Ferguson, "Twofish: A 128-Bit Block Cipher",
 * 1998) in x86_64 assembly, over the "full keying" tables that
 * twofish-generic's key schedule builds (four key-dependent 256-word
 * S-box/MDS tables and the 40 subkeys, src/twofish/twofish-generic.h).
 * A round is eight table lookups, their indices taken with movzbl from the
 * low and high byte registers (%al/%ah, %bl/%bh) of copies of the two g()
 * inputs. The other two words of a block do not stay in registers: they
 * wait in a stack slot, which the round that updates them reads as memory
 * operands. With two registers per block, four independent blocks are in
 * flight in the mode entry points (the hooks). One block is a chain of
 * dependent lookups, about twelve cycles a round, which leaves a wide
 * core mostly idle; three blocks still left it waiting on that chain (CBC
 * decryption and CTR measured 1.16-1.20x libgcrypt with three, 1.22-1.26x
 * with four), four keep it busy. The rounds are four internal functions (one
 * or four blocks, each direction) with a register interface; the entry
 * points around them do the whitening and the mode: one block each way,
 * CBC encryption (serial, the chaining value in registers), and ECB, CBC
 * decryption, CTR and XTS over any number of blocks, four at a time and
 * the last one to three singly. Not constant-time: every lookup is
 * indexed by key-dependent data (cache timing). CPU features: none beyond
 * x86_64 (of SSE, only xorps/movaps to wipe the stack). Speed: see
 * twofish-x86_64-glue.c. ABI notes: README.md.
 */
#include "../asm.h"

#if !defined(__x86_64__) || defined(__ILP32__) || !defined(__ELF__)
#error "twofish-x86_64: x86_64 ELF (LP64, System V ABI) only"
#endif

/*
 * Control-flow enforcement (CET). The entry points begin with endbr64
 * (CRYPTARCH_ENTRY); the round functions are reached only by direct
 * calls, there is no indirect jump or call, and every call returns by
 * ret to its caller, so the code suits indirect branch tracking and
 * shadow stacks, and ../asm.h's GNU property note says so (IBT | SHSTK).
 */

/*
 * The context is a struct cryptarch_twofish_ctx, whose layout the glue
 * checks with _Static_assert: s[j][x] at 1024 j + 4 x, k[i] at 4096 + 4 i.
 * Round n (0..15) uses the subkeys k[8 + 2n] and k[9 + 2n].
 */
#define S0 0
#define S1 1024
#define S2 2048
#define S3 3072
#define KW 4096
#define K0(n) (KW+32+8*(n))
#define K1(n) (KW+36+8*(n))

/*
 * The stack frame of the mode entry points, from %rsp after the prologue
 * (six callee-saved registers pushed, then FRAME bytes, which leaves %rsp
 * 16-byte aligned): the slots of four blocks (16 bytes each, see below),
 * the saved dst, src, blocks left and iv pointer, the chaining value,
 * counter or tweak while four blocks use its registers (F_V), and the
 * tweaks of the four blocks in flight (F_T, XTS). The single-block entry
 * points and CBC encryption have a frame of 24 bytes with the slots of
 * one block at 0. The round functions are called, so they find the
 * caller's slots 8 bytes further up (C_SL). Every frame is zeroed before
 * returning.
 */
#define F_SLOTS 0
#define F_DST 64
#define F_SRC 72
#define F_N 80
#define F_IVP 88
#define F_V 96
#define F_T 112
#define F_END 176
#define FRAME 184
#define C_SL 8

/* An internal function: a local symbol with type and size. */
#define LOCAL_FN(name)                          \
	.text;                                  \
	CRYPTARCH_ALIGN;                        \
	.type name, CRYPTARCH_TYPE_FUNCTION;    \
	name:
#define LOCAL_END(name) .size name, .- name

/*
 * Register roles, the same in every entry point:
 *   %rdi          the context (tables and subkeys), never written
 *   %eax, %ebx    copies of the two g() inputs of the block being worked
 *                 on, taken apart byte by byte with %al/%ah and %bl/%bh
 *                 (only %rax..%rdx have a high-byte name, and only an
 *                 instruction without a REX prefix can use it, so the
 *                 destinations are legacy registers too)
 *   %ecx, %edx, %esi, %ebp
 *                 table indices (0..255, zero-extended by movzbl, used as
 *                 64-bit index registers)
 *   %r8..%r15     the two live words of each block (one block: %r8 and
 *                 %r9, with %r10 as a third register)
 * Outside the round functions %rdx and %rsi carry src and dst, %rax,
 * %rbx, %rcx, %rbp are scratch, and %r14:%r15 hold the chaining value,
 * counter or tweak while one block at a time is processed. Only the
 * arithmetic flags are written.
 *
 * One block in a round. Encryption round n computes
 *     x = g(A) + g(ROL(B, 8)) + k[8 + 2n]
 *     y = g(A) + 2 g(ROL(B, 8)) + k[9 + 2n]
 *     C' = ROR(C ^ x, 1),  D' = ROL(D, 1) ^ y
 * and the next round runs on (C', D') with (A, B) as the words it
 * updates. A and B, the g() inputs, live in registers; C and D in a
 * two-word stack slot, D already rotated left by one (ROL(D, 1)), so that
 * each update is one memory operand: the round first stores A and ROL(B, 1)
 * to the other slot of the pair (the next round's C and D), then overwrites
 * A's register with g(A) and B's with g(ROL(B, 8)), computes x and y, and
 *     A = ROR(x ^ slot.C, 1), y ^= slot.ROLD
 * leaving (C', D') in the registers. The slot pairs alternate: round n
 * writes pair n & 1 and reads pair (n + 1) & 1. Input whitening writes
 * pair 1, and round 15 leaves C and ROL(D, 1) in pair 1 for the output
 * whitening.
 *
 * Decryption round n (run for n = 15 down to 0) undoes encryption round
 * n: with (C, D) the g() inputs in registers,
 *     A' = ROL(A, 1) ^ x,  B' = ROR(B ^ y, 1)
 * and the slot holds ROL(A, 1) and B. The slot pairs alternate the other
 * way (round n writes pair (n + 1) & 1), so that again the first round
 * reads and the last round writes pair 1.
 *
 * x and y take four additions. With four blocks in flight they are done
 * in the two registers of the block (A = A + B, B = B + A, then the
 * subkeys). A single block waits on its chain instead, so enc_br and
 * dec_br spend a third register and fold the subkeys into the g() output
 * that is ready first (D' feeds g(ROL(B, 8)) and is one operation ahead
 * of C' in encryption, A' ahead of B' in decryption), which saves a cycle
 * a round: in encryption F = 2 B + k1 (lea) and B = B + k0 before g(A)
 * arrives, then y = F + A and x = A + B; in decryption the same with g(A)
 * first. The block then moves from (A, B) to (A, F), and B's register is
 * the free one.
 */

/*
 * The g() lookups of one block: A = g(A), B = g(ROL(B, 8)), where %eax and
 * %ebx hold copies of the inputs; A and B are 32-bit register names.
 */
.macro	g2	A, B
	movzbl	%al, %ecx
	movzbl	%ah, %edx
	movzbl	%bl, %esi
	movzbl	%bh, %ebp
	shrl	$16, %eax
	shrl	$16, %ebx
	movl	S0(%rdi,%rcx,4), %\A
	movzbl	%al, %ecx
	xorl	S1(%rdi,%rdx,4), %\A
	movzbl	%ah, %edx
	movl	S1(%rdi,%rsi,4), %\B
	movzbl	%bl, %esi
	xorl	S2(%rdi,%rbp,4), %\B
	movzbl	%bh, %ebp
	xorl	S2(%rdi,%rcx,4), %\A
	xorl	S3(%rdi,%rdx,4), %\A
	xorl	S3(%rdi,%rsi,4), %\B
	xorl	S0(%rdi,%rbp,4), %\B
.endm

/*
 * The start of a round: spill the g() inputs A, B (32-bit names) to slot
 * pair WP at SL, as the next round's targets, and copy them to %eax and
 * %ebx. Encryption stores A and ROL(B, 1), decryption ROL(A, 1) and B.
 */
.macro	enc_spill	A, B, SL, WP
	movl	%\A, %eax
	movl	%\A, \SL+8*(\WP)(%rsp)
	movl	%\B, %ebx
	roll	$1, %\B
	movl	%\B, \SL+8*(\WP)+4(%rsp)
.endm
.macro	dec_spill	A, B, SL, WP
	movl	%\A, %eax
	roll	$1, %\A
	movl	%\A, \SL+8*(\WP)(%rsp)
	movl	%\B, %ebx
	movl	%\B, \SL+8*(\WP)+4(%rsp)
.endm

/*
 * Round N of one of four blocks, in (A, B) (32-bit names) before and
 * after; SL: the offset from %rsp of the block's two slot pairs.
 */
.macro	enc_br4	n, A, B, SL
	enc_spill	\A, \B, \SL, (\n&1)
	g2	\A, \B
	addl	%\B, %\A
	addl	%\A, %\B
	addl	K0(\n)(%rdi), %\A
	addl	K1(\n)(%rdi), %\B
	xorl	\SL+8*((\n+1)&1)(%rsp), %\A
	rorl	$1, %\A
	xorl	\SL+8*((\n+1)&1)+4(%rsp), %\B
.endm
.macro	dec_br4	n, A, B, SL
	dec_spill	\A, \B, \SL, ((\n+1)&1)
	g2	\A, \B
	addl	%\B, %\A
	addl	%\A, %\B
	addl	K0(\n)(%rdi), %\A
	addl	K1(\n)(%rdi), %\B
	xorl	\SL+8*(\n&1)(%rsp), %\A
	xorl	\SL+8*(\n&1)+4(%rsp), %\B
	rorl	$1, %\B
.endm

/*
 * Round N of a single block in (A, B), F free, each register given by its
 * 64-bit and its 32-bit name (Q, D); afterwards the block is in (A, F)
 * and B is free. The slots are at C_SL.
 */
.macro	enc_br	n, AQ, AD, BQ, BD, FQ, FD
	enc_spill	\AD, \BD, C_SL, (\n&1)
	g2	\AD, \BD
	movl	K1(\n)(%rdi), %\FD
	leal	(%\FQ,%\BQ,2), %\FD
	addl	K0(\n)(%rdi), %\BD
	addl	%\AD, %\FD
	addl	%\BD, %\AD
	xorl	C_SL+8*((\n+1)&1)(%rsp), %\AD
	rorl	$1, %\AD
	xorl	C_SL+8*((\n+1)&1)+4(%rsp), %\FD
.endm
.macro	dec_br	n, AQ, AD, BQ, BD, FQ, FD
	dec_spill	\AD, \BD, C_SL, ((\n+1)&1)
	g2	\AD, \BD
	movl	K1(\n)(%rdi), %\FD
	addl	%\AD, %\FD
	addl	K0(\n)(%rdi), %\AD
	addl	%\BD, %\AD
	leal	(%\FQ,%\BQ,2), %\FD
	xorl	C_SL+8*(\n&1)(%rsp), %\AD
	xorl	C_SL+8*(\n&1)+4(%rsp), %\FD
	rorl	$1, %\FD
.endm

/*
 * Rounds N0..N3 of a single block in (%r8, %r9), %r10 free (OP: enc_br or
 * dec_br). The roles of %r9 and %r10 swap every round, so after an even
 * number of rounds the block is back in (%r8, %r9).
 */
.macro	rounds1	OP, n0, n1, n2, n3
	\OP	\n0, r8, r8d, r9, r9d, r10, r10d
	\OP	\n1, r8, r8d, r10, r10d, r9, r9d
	\OP	\n2, r8, r8d, r9, r9d, r10, r10d
	\OP	\n3, r8, r8d, r10, r10d, r9, r9d
.endm

/* Round N of four blocks: block i in (%r8 + i, %r12 + i), slots at
 * C_SL + 16 i (OP: enc_br4 or dec_br4). */
.macro	round4	OP, n
	\OP	\n, r8d, r12d, C_SL
	\OP	\n, r9d, r13d, C_SL+16
	\OP	\n, r10d, r14d, C_SL+32
	\OP	\n, r11d, r15d, C_SL+48
.endm

/*
 * The round functions (internal; called with the slots in the caller's
 * frame, C_SL above %rsp). Input: the g() inputs of the first round in
 * the registers, slot pair 1 as the whitening macros below leave it;
 * output: the same for the output whitening.
 *   enc_blk1, dec_blk1: one block in (%r8, %r9), its slots at C_SL;
 *     clobber %rax, %rbx, %rcx, %rdx, %rsi, %rbp, %r10
 *   enc_blk4, dec_blk4: block i in (%r8 + i, %r12 + i), its slots at
 *     C_SL + 16 i; clobber %rax, %rbx, %rcx, %rdx, %rsi, %rbp
 */
LOCAL_FN(twofish_x86_64_enc_blk1)
	rounds1	enc_br, 0, 1, 2, 3
	rounds1	enc_br, 4, 5, 6, 7
	rounds1	enc_br, 8, 9, 10, 11
	rounds1	enc_br, 12, 13, 14, 15
	ret
LOCAL_END(twofish_x86_64_enc_blk1)

LOCAL_FN(twofish_x86_64_dec_blk1)
	rounds1	dec_br, 15, 14, 13, 12
	rounds1	dec_br, 11, 10, 9, 8
	rounds1	dec_br, 7, 6, 5, 4
	rounds1	dec_br, 3, 2, 1, 0
	ret
LOCAL_END(twofish_x86_64_dec_blk1)

LOCAL_FN(twofish_x86_64_enc_blk4)
	.irp	n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	round4	enc_br4, \n
	.endr
	ret
LOCAL_END(twofish_x86_64_enc_blk4)

LOCAL_FN(twofish_x86_64_dec_blk4)
	.irp	n, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0
	round4	dec_br4, \n
	.endr
	ret
LOCAL_END(twofish_x86_64_dec_blk4)

/*
 * Whitening of one block between memory at OFF(PTR) (PTR a register with
 * its %) and the block's registers A, B (32-bit names, without the %; AQ,
 * BQ: their 64-bit names) plus its slot pair 1 at SL+8 (%rsp). Scratch:
 * %rax, %rbx.
 *   enc_in:  A, B = P0 ^ k0, P1 ^ k1; slots = P2 ^ k2, ROL(P3 ^ k3, 1)
 *   enc_out: C = (c, d, a, b) ^ (k4, k5, k6, k7), with c and ROL(d, 1) in
 *            the slots and (a, b) in (A, B)
 *   dec_in:  A, B = C0 ^ k4, C1 ^ k5; slots = ROL(C2 ^ k6, 1), C3 ^ k7
 *   dec_out: P = (a, b, c, d) ^ (k0, k1, k2, k3), with ROL(a, 1) and b in
 *            the slots and (c, d) in (A, B)
 * The outputs are packed into two 64-bit halves and stored as such: a
 * caller that reads the block back 8 bytes at a time (the XTS template
 * its encrypted tweak) then gets it forwarded from the stores. X0, X1,
 * if given: two 64-bit operands to XOR into the halves before they are
 * stored (CTR data, XTS tweak, CBC chaining value). The block's registers
 * are not preserved.
 */
.macro	enc_in	PTR, OFF, A, B, SL
	movl	\OFF(\PTR), %\A
	movl	\OFF+4(\PTR), %\B
	movl	\OFF+8(\PTR), %eax
	movl	\OFF+12(\PTR), %ebx
	xorl	KW(%rdi), %\A
	xorl	KW+4(%rdi), %\B
	xorl	KW+8(%rdi), %eax
	xorl	KW+12(%rdi), %ebx
	roll	$1, %ebx
	movl	%eax, \SL+8(%rsp)
	movl	%ebx, \SL+12(%rsp)
.endm

.macro	enc_out	PTR, OFF, A, B, AQ, BQ, SL, X0, X1
	movl	\SL+8(%rsp), %eax
	movl	\SL+12(%rsp), %ebx
	rorl	$1, %ebx
	shlq	$32, %rbx
	orq	%rbx, %rax
	shlq	$32, %\BQ
	orq	%\AQ, %\BQ
	xorq	KW+16(%rdi), %rax
	xorq	KW+24(%rdi), %\BQ
	.ifnb	\X0
	xorq	\X0, %rax
	xorq	\X1, %\BQ
	.endif
	movq	%rax, \OFF(\PTR)
	movq	%\BQ, \OFF+8(\PTR)
.endm

.macro	dec_in	PTR, OFF, A, B, SL
	movl	\OFF(\PTR), %\A
	movl	\OFF+4(\PTR), %\B
	movl	\OFF+8(\PTR), %eax
	movl	\OFF+12(\PTR), %ebx
	xorl	KW+16(%rdi), %\A
	xorl	KW+20(%rdi), %\B
	xorl	KW+24(%rdi), %eax
	xorl	KW+28(%rdi), %ebx
	roll	$1, %eax
	movl	%eax, \SL+8(%rsp)
	movl	%ebx, \SL+12(%rsp)
.endm

.macro	dec_out	PTR, OFF, A, B, AQ, BQ, SL, X0, X1
	movl	\SL+8(%rsp), %eax
	movl	\SL+12(%rsp), %ebx
	rorl	$1, %eax
	shlq	$32, %rbx
	orq	%rbx, %rax
	shlq	$32, %\BQ
	orq	%\AQ, %\BQ
	xorq	KW(%rdi), %rax
	xorq	KW+8(%rdi), %\BQ
	.ifnb	\X0
	xorq	\X0, %rax
	xorq	\X1, %\BQ
	.endif
	movq	%rax, \OFF(\PTR)
	movq	%\BQ, \OFF+8(\PTR)
.endm

/* Zero the caller-saved registers that held block words, indices or
 * subkey sums (the callee-saved ones get the caller's values back). */
.macro	clear_regs
	xorl	%eax, %eax
	xorl	%ecx, %ecx
	xorl	%edx, %edx
	xorl	%esi, %esi
	xorl	%r8d, %r8d
	xorl	%r9d, %r9d
	xorl	%r10d, %r10d
	xorl	%r11d, %r11d
.endm

/*
 * void cryptarch_twofish_x86_64_encrypt(const void *ctx, uint8_t *dst,
 *		const uint8_t *src);
 * void cryptarch_twofish_x86_64_decrypt(... same ...);
 *   in:  %rdi ctx, %rsi dst, %rdx src (any alignment; dst == src allowed)
 *   uses %r8, %r9 (the block), %r11 (dst), and what enc_blk1/dec_blk1
 *        clobber; saves %rbx, %rbp; slots at 0 in a 24-byte frame
 */
.macro	single	IN, BLK, OUT
	pushq	%rbx
	pushq	%rbp
	subq	$24, %rsp
	movq	%rsi, %r11
	\IN	%rdx, 0, r8d, r9d, 0
	call	\BLK
	\OUT	%r11, 0, r8d, r9d, r8, r9, 0
	xorl	%eax, %eax
	movq	%rax, (%rsp)
	movq	%rax, 8(%rsp)
	clear_regs
	addq	$24, %rsp
	popq	%rbp
	popq	%rbx
	ret
.endm

CRYPTARCH_ENTRY(cryptarch_twofish_x86_64_encrypt)
	single	enc_in, twofish_x86_64_enc_blk1, enc_out
CRYPTARCH_END(cryptarch_twofish_x86_64_encrypt)

CRYPTARCH_ENTRY(cryptarch_twofish_x86_64_decrypt)
	single	dec_in, twofish_x86_64_dec_blk1, dec_out
CRYPTARCH_END(cryptarch_twofish_x86_64_decrypt)

/*
 * void cryptarch_twofish_x86_64_cbc_encrypt(const void *ctx, uint8_t *dst,
 *		const uint8_t *src, size_t nblocks, uint8_t iv[16]);
 *   in:  %rdi ctx, %rsi dst, %rdx src, %rcx nblocks >= 1, %r8 iv (in: the
 *        chaining value, out: the last ciphertext block)
 *   uses %r12 dst, %r13 src, %r14 blocks left, %r15 iv; the chaining value
 *        in %eax, %ebx, %ecx, %edx between blocks; %r8, %r9 the block;
 *        saves %rbx, %rbp, %r12..%r15; slots at 0 in a 24-byte frame
 * The ciphertext block stays in registers as the next chaining value.
 * The first two words of the next block come from c and d of this one,
 * which round 15 spilled as it began; its last two words (the slot)
 * come from a and b, which the next block's first round needs only at
 * its end. So that round can start before this block's last round has
 * finished.
 */
CRYPTARCH_ENTRY(cryptarch_twofish_x86_64_cbc_encrypt)
	pushq	%rbx
	pushq	%rbp
	pushq	%r12
	pushq	%r13
	pushq	%r14
	pushq	%r15
	subq	$24, %rsp
	movq	%rsi, %r12
	movq	%rdx, %r13
	movq	%rcx, %r14
	movq	%r8, %r15
	movl	(%r15), %eax
	movl	4(%r15), %ebx
	movl	8(%r15), %ecx
	movl	12(%r15), %edx
.Ltwofish_x86_64_cbce_loop:
	movl	(%r13), %r8d
	movl	4(%r13), %r9d
	movl	8(%r13), %esi
	movl	12(%r13), %r10d
	xorl	%eax, %r8d
	xorl	%ebx, %r9d
	xorl	%ecx, %esi
	xorl	%edx, %r10d
	xorl	KW(%rdi), %r8d
	xorl	KW+4(%rdi), %r9d
	xorl	KW+8(%rdi), %esi
	xorl	KW+12(%rdi), %r10d
	roll	$1, %r10d
	movl	%esi, 8(%rsp)
	movl	%r10d, 12(%rsp)
	call	twofish_x86_64_enc_blk1
	movl	8(%rsp), %eax
	movl	12(%rsp), %ebx
	rorl	$1, %ebx
	movl	%r8d, %ecx
	movl	%r9d, %edx
	xorl	KW+16(%rdi), %eax
	xorl	KW+20(%rdi), %ebx
	xorl	KW+24(%rdi), %ecx
	xorl	KW+28(%rdi), %edx
	movl	%eax, (%r12)
	movl	%ebx, 4(%r12)
	movl	%ecx, 8(%r12)
	movl	%edx, 12(%r12)
	addq	$16, %r13
	addq	$16, %r12
	decq	%r14
	jnz	.Ltwofish_x86_64_cbce_loop
	movl	%eax, (%r15)
	movl	%ebx, 4(%r15)
	movl	%ecx, 8(%r15)
	movl	%edx, 12(%r15)
	xorl	%eax, %eax
	movq	%rax, (%rsp)
	movq	%rax, 8(%rsp)
	clear_regs
	addq	$24, %rsp
	popq	%r15
	popq	%r14
	popq	%r13
	popq	%r12
	popq	%rbp
	popq	%rbx
	ret
CRYPTARCH_END(cryptarch_twofish_x86_64_cbc_encrypt)

/*
 * The mode entry points (the hooks but CBC encryption):
 * void cryptarch_twofish_x86_64_<mode>(const void *ctx, uint8_t *dst,
 *		const uint8_t *src, size_t nblocks[, uint8_t iv[16]]);
 *   ecb_encrypt, ecb_decrypt, cbc_decrypt, ctr_crypt, xts_encrypt,
 *   xts_decrypt, with the signatures of the hooks (struct
 *   cryptarch_<mode>_hooks in src/modes/<mode>.h); nblocks >= 1; iv as
 *   those define it (chaining value, counter, tweak).
 *   in:  %rdi ctx, %rsi dst, %rdx src, %rcx nblocks, %r8 iv
 *   uses everything; saves %rbx, %rbp, %r12..%r15; the frame above
 * Groups of four blocks go through enc_blk4/dec_blk4, the last one to
 * three blocks through enc_blk1/dec_blk1. No block of dst is written
 * before every block of src that is still needed has been read, so dst ==
 * src works.
 * The chaining value, counter or tweak is in %r14:%r15 (the first and
 * second 8 bytes, see each mode) outside the loop over groups of four,
 * which needs those registers for blocks and keeps it at F_V instead: a
 * request of one block then never waits for it to go through memory.
 */
.macro	mode_enter
	pushq	%rbx
	pushq	%rbp
	pushq	%r12
	pushq	%r13
	pushq	%r14
	pushq	%r15
	subq	$FRAME, %rsp
	movq	%rsi, F_DST(%rsp)
	movq	%rdx, F_SRC(%rsp)
	movq	%rcx, F_N(%rsp)
	movq	%r8, F_IVP(%rsp)
.endm

.macro	mode_leave
	xorps	%xmm0, %xmm0
	.set	.Ltwofish_x86_64_off, 0
	.rept	F_END / 16
	movaps	%xmm0, .Ltwofish_x86_64_off(%rsp)
	.set	.Ltwofish_x86_64_off, .Ltwofish_x86_64_off + 16
	.endr
	clear_regs
	addq	$FRAME, %rsp
	popq	%r15
	popq	%r14
	popq	%r13
	popq	%r12
	popq	%rbp
	popq	%rbx
	ret
.endm

/*
 * The block loop. IN4/OUT4 and IN1/OUT1: macros that read and whiten
 * four blocks (or one) from src (%rdx) into the registers and slots that
 * BLK4 (BLK1) expects, and write them back to dst (%rsi), src still in
 * %rdx.
 */
.macro	mode_loop	pfx, IN4, BLK4, OUT4, IN1, BLK1, OUT1
	cmpq	$4, F_N(%rsp)
	jb	.Ltwofish_x86_64_\pfx\()_tail
	movq	%r14, F_V(%rsp)
	movq	%r15, F_V+8(%rsp)
.Ltwofish_x86_64_\pfx\()_loop4:
	movq	F_SRC(%rsp), %rdx
	\IN4
	call	\BLK4
	movq	F_SRC(%rsp), %rdx
	movq	F_DST(%rsp), %rsi
	\OUT4
	addq	$64, F_SRC(%rsp)
	addq	$64, F_DST(%rsp)
	subq	$4, F_N(%rsp)
	cmpq	$4, F_N(%rsp)
	jae	.Ltwofish_x86_64_\pfx\()_loop4
	movq	F_V(%rsp), %r14
	movq	F_V+8(%rsp), %r15
.Ltwofish_x86_64_\pfx\()_tail:
	cmpq	$0, F_N(%rsp)
	je	.Ltwofish_x86_64_\pfx\()_done
.Ltwofish_x86_64_\pfx\()_loop1:
	movq	F_SRC(%rsp), %rdx
	\IN1
	call	\BLK1
	movq	F_SRC(%rsp), %rdx
	movq	F_DST(%rsp), %rsi
	\OUT1
	addq	$16, F_SRC(%rsp)
	addq	$16, F_DST(%rsp)
	subq	$1, F_N(%rsp)
	jnz	.Ltwofish_x86_64_\pfx\()_loop1
.Ltwofish_x86_64_\pfx\()_done:
.endm

/* Store %r14:%r15 to the iv argument. */
.macro	put_iv
	movq	F_IVP(%rsp), %r8
	movq	%r14, (%r8)
	movq	%r15, 8(%r8)
.endm

/*
 * The registers and slots of the four blocks around enc_blk4/dec_blk4:
 * EACH4 M, X invokes M X, i, A, B, AQ, BQ, SL for i = 0..3 with block
 * i's registers (32-bit and 64-bit names) and slot offset.
 */
.macro	each4	M, X
	\M	\X, 0, r8d, r12d, r8, r12, F_SLOTS
	\M	\X, 1, r9d, r13d, r9, r13, F_SLOTS+16
	\M	\X, 2, r10d, r14d, r10, r14, F_SLOTS+32
	\M	\X, 3, r11d, r15d, r11, r15, F_SLOTS+48
.endm

/*
 * Whitening from a block already loaded into %rax (bytes 0..7) and %rbx
 * (bytes 8..15) as little-endian 64-bit halves, into A, B (32-bit names)
 * and the slots at SL, as enc_in and dec_in do from memory.
 */
.macro	enc_split	A, B, SL
	xorq	KW(%rdi), %rax
	xorq	KW+8(%rdi), %rbx
	movl	%eax, %\A
	shrq	$32, %rax
	movl	%eax, %\B
	movl	%ebx, \SL+8(%rsp)
	shrq	$32, %rbx
	roll	$1, %ebx
	movl	%ebx, \SL+12(%rsp)
.endm
.macro	dec_split	A, B, SL
	xorq	KW+16(%rdi), %rax
	xorq	KW+24(%rdi), %rbx
	movl	%eax, %\A
	shrq	$32, %rax
	movl	%eax, %\B
	movq	%rbx, %rax
	shrq	$32, %rax
	movl	%eax, \SL+12(%rsp)
	roll	$1, %ebx
	movl	%ebx, \SL+8(%rsp)
.endm

/* ECB: block i at 16 i from src and dst. */
.macro	ecb_in	OP, i, A, B, AQ, BQ, SL
	\OP	%rdx, 16*\i, \A, \B, \SL
.endm
.macro	ecb_out	OP, i, A, B, AQ, BQ, SL
	\OP	%rsi, 16*\i, \A, \B, \AQ, \BQ, \SL
.endm
.macro	ecb_enc_in4
	each4	ecb_in, enc_in
.endm
.macro	ecb_enc_out4
	each4	ecb_out, enc_out
.endm
.macro	ecb_enc_in1
	enc_in	%rdx, 0, r8d, r9d, F_SLOTS
.endm
.macro	ecb_enc_out1
	enc_out	%rsi, 0, r8d, r9d, r8, r9, F_SLOTS
.endm
.macro	ecb_dec_in4
	each4	ecb_in, dec_in
.endm
.macro	ecb_dec_out4
	each4	ecb_out, dec_out
.endm
.macro	ecb_dec_in1
	dec_in	%rdx, 0, r8d, r9d, F_SLOTS
.endm
.macro	ecb_dec_out1
	dec_out	%rsi, 0, r8d, r9d, r8, r9, F_SLOTS
.endm

CRYPTARCH_ENTRY(cryptarch_twofish_x86_64_ecb_encrypt)
	mode_enter
	mode_loop ecbe, ecb_enc_in4, twofish_x86_64_enc_blk4, ecb_enc_out4, \
		ecb_enc_in1, twofish_x86_64_enc_blk1, ecb_enc_out1
	mode_leave
CRYPTARCH_END(cryptarch_twofish_x86_64_ecb_encrypt)

CRYPTARCH_ENTRY(cryptarch_twofish_x86_64_ecb_decrypt)
	mode_enter
	mode_loop ecbd, ecb_dec_in4, twofish_x86_64_dec_blk4, ecb_dec_out4, \
		ecb_dec_in1, twofish_x86_64_dec_blk1, ecb_dec_out1
	mode_leave
CRYPTARCH_END(cryptarch_twofish_x86_64_ecb_decrypt)

/*
 * CBC decryption. %r14:%r15 (F_V): the chaining value, the ciphertext
 * block before the next one. The output of a group XORs block 3 with
 * input block 2, then block 2 with input block 1, and so on down to block
 * 0 with F_V, so that with dst == src no input block is overwritten before
 * it has been read; input block 3, the next chaining value, is read into
 * %rcx:%rbp first.
 */
.macro	cbc_dec_out4
	movq	48(%rdx), %rcx
	movq	56(%rdx), %rbp
	dec_out	%rsi, 48, r11d, r15d, r11, r15, F_SLOTS+48, 32(%rdx), 40(%rdx)
	dec_out	%rsi, 32, r10d, r14d, r10, r14, F_SLOTS+32, 16(%rdx), 24(%rdx)
	dec_out	%rsi, 16, r9d, r13d, r9, r13, F_SLOTS+16, (%rdx), 8(%rdx)
	dec_out	%rsi, 0, r8d, r12d, r8, r12, F_SLOTS, F_V(%rsp), F_V+8(%rsp)
	movq	%rcx, F_V(%rsp)
	movq	%rbp, F_V+8(%rsp)
.endm
.macro	cbc_dec_out1
	movq	(%rdx), %rcx
	movq	8(%rdx), %rbp
	dec_out	%rsi, 0, r8d, r9d, r8, r9, F_SLOTS, %r14, %r15
	movq	%rcx, %r14
	movq	%rbp, %r15
.endm

CRYPTARCH_ENTRY(cryptarch_twofish_x86_64_cbc_decrypt)
	mode_enter
	movq	(%r8), %r14
	movq	8(%r8), %r15
	mode_loop cbcd, ecb_dec_in4, twofish_x86_64_dec_blk4, cbc_dec_out4, \
		ecb_dec_in1, twofish_x86_64_dec_blk1, cbc_dec_out1
	put_iv
	mode_leave
CRYPTARCH_END(cryptarch_twofish_x86_64_cbc_decrypt)

/*
 * CTR. %r14:%r15 (F_V): the counter block itself, bytes 0..7 and 8..15
 * as little-endian 64-bit halves, which is what the whitening takes.
 * ctr_step adds one to it as a 128-bit big-endian number: byte-swap each
 * half to its numeric value, add with carry, swap back (bswap leaves the
 * flags alone). The output whitening XORs in the data.
 */
.macro	ctr_step	HI, LO
	bswapq	\LO
	bswapq	\HI
	addq	$1, \LO
	adcq	$0, \HI
	bswapq	\LO
	bswapq	\HI
.endm
.macro	ctr_in	unused, i, A, B, AQ, BQ, SL
	movq	%rcx, %rax
	movq	%rbp, %rbx
	enc_split	\A, \B, \SL
	ctr_step	%rcx, %rbp
.endm
.macro	ctr_out	unused, i, A, B, AQ, BQ, SL
	enc_out	%rsi, 16*\i, \A, \B, \AQ, \BQ, \SL, 16*\i(%rdx), 16*\i+8(%rdx)
.endm
.macro	ctr_in4
	movq	F_V(%rsp), %rcx
	movq	F_V+8(%rsp), %rbp
	each4	ctr_in
	movq	%rcx, F_V(%rsp)
	movq	%rbp, F_V+8(%rsp)
.endm
.macro	ctr_out4
	each4	ctr_out
.endm
.macro	ctr_in1
	movq	%r14, %rax
	movq	%r15, %rbx
	enc_split	r8d, r9d, F_SLOTS
	ctr_step	%r14, %r15
.endm
.macro	ctr_out1
	ctr_out	, 0, r8d, r9d, r8, r9, F_SLOTS
.endm

CRYPTARCH_ENTRY(cryptarch_twofish_x86_64_ctr_crypt)
	mode_enter
	movq	(%r8), %r14
	movq	8(%r8), %r15
	mode_loop ctr, ctr_in4, twofish_x86_64_enc_blk4, ctr_out4, \
		ctr_in1, twofish_x86_64_enc_blk1, ctr_out1
	put_iv
	mode_leave
CRYPTARCH_END(cryptarch_twofish_x86_64_ctr_crypt)

/*
 * XTS. %r14:%r15 (F_V): the tweak T as two little-endian 64-bit halves
 * (IEEE 1619). xts_in saves T for block i at F_T + 16 i, whitens the
 * source block XORed with T, and multiplies T by alpha (shift the 128-bit
 * number left by one; if bit 127 fell out, XOR 0x87 into the low byte);
 * xts_out XORs the output with the saved T.
 */
.macro	xts_mul	LO, HI
	movq	\HI, %rax
	sarq	$63, %rax
	andl	$0x87, %eax
	movq	\LO, %rbx
	shrq	$63, %rbx
	addq	\HI, \HI
	orq	%rbx, \HI
	addq	\LO, \LO
	xorq	%rax, \LO
.endm
.macro	xts_in	SPLIT, i, A, B, AQ, BQ, SL, LO=%rcx, HI=%rbp
	movq	16*\i(%rdx), %rax
	movq	16*\i+8(%rdx), %rbx
	movq	\LO, F_T+16*\i(%rsp)
	movq	\HI, F_T+16*\i+8(%rsp)
	xorq	\LO, %rax
	xorq	\HI, %rbx
	\SPLIT	\A, \B, \SL
	xts_mul	\LO, \HI
.endm
.macro	xts_out	OUT, i, A, B, AQ, BQ, SL
	\OUT	%rsi, 16*\i, \A, \B, \AQ, \BQ, \SL, F_T+16*\i(%rsp), \
		F_T+16*\i+8(%rsp)
.endm
.macro	xts_in4	SPLIT
	movq	F_V(%rsp), %rcx
	movq	F_V+8(%rsp), %rbp
	each4	xts_in, \SPLIT
	movq	%rcx, F_V(%rsp)
	movq	%rbp, F_V+8(%rsp)
.endm
.macro	xtse_in4
	xts_in4	enc_split
.endm
.macro	xtse_out4
	each4	xts_out, enc_out
.endm
.macro	xtse_in1
	xts_in	enc_split, 0, r8d, r9d, r8, r9, F_SLOTS, %r14, %r15
.endm
.macro	xtse_out1
	xts_out	enc_out, 0, r8d, r9d, r8, r9, F_SLOTS
.endm
.macro	xtsd_in4
	xts_in4	dec_split
.endm
.macro	xtsd_out4
	each4	xts_out, dec_out
.endm
.macro	xtsd_in1
	xts_in	dec_split, 0, r8d, r9d, r8, r9, F_SLOTS, %r14, %r15
.endm
.macro	xtsd_out1
	xts_out	dec_out, 0, r8d, r9d, r8, r9, F_SLOTS
.endm

CRYPTARCH_ENTRY(cryptarch_twofish_x86_64_xts_encrypt)
	mode_enter
	movq	(%r8), %r14
	movq	8(%r8), %r15
	mode_loop xtse, xtse_in4, twofish_x86_64_enc_blk4, xtse_out4, \
		xtse_in1, twofish_x86_64_enc_blk1, xtse_out1
	put_iv
	mode_leave
CRYPTARCH_END(cryptarch_twofish_x86_64_xts_encrypt)

CRYPTARCH_ENTRY(cryptarch_twofish_x86_64_xts_decrypt)
	mode_enter
	movq	(%r8), %r14
	movq	8(%r8), %r15
	mode_loop xtsd, xtsd_in4, twofish_x86_64_dec_blk4, xtsd_out4, \
		xtsd_in1, twofish_x86_64_dec_blk1, xtsd_out1
	put_iv
	mode_leave
CRYPTARCH_END(cryptarch_twofish_x86_64_xts_decrypt)
