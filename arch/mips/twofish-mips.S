/* SPDX-License-Identifier: MIT */
/*
 * twofish-mips.S - driver "twofish-mips": Twofish (Schneier, Kelsey,
 * Whiting, Wagner, Hall and Ferguson, 1998) in MIPS assembly, one source
 * for o32 (mips, mipsel) and n64 (mips64, mips64el) in either byte order.
 * It runs the 16 rounds, unrolled, over the "full keying" tables that
 * twofish-generic's key schedule builds (four key-dependent 256-word
 * S-box/MDS tables and the 40 subkeys, src/twofish/twofish-generic.h),
 * with every live value in a register. On release 2 the glue places the
 * tables on a 1024-byte boundary, so that ins (dins on n64) can drop a
 * data byte straight into the index field of the table pointer: a lookup
 * is ins + lw for byte 0 and srl + ins + lw for the others, where release
 * 1 needs shift, mask, add, load. Rotations are rotr on release 2 and
 * shift/shift/or on release 1. Twofish reads little-endian words, so
 * big-endian hosts byte-swap each word (wsbh + rotr 16 on release 2, byte
 * loads and stores on release 1). Blocks go through lwl/lwr and swl/swr
 * (or bytes), so no buffer needs any alignment. Entry points: one block,
 * and ECB, CBC, CTR and XTS over whole blocks with the chaining value,
 * counter or tweak in registers. Not constant-time: every lookup is
 * indexed by key-dependent data (cache timing). CPU features: MIPS32 or
 * MIPS64 release 1 or 2 (not release 6, which has no lwl/lwr), chosen at
 * build time by -march. Speed: Twofish-128 ECB over 8 KiB executes 40.19
 * instructions per byte on mipsel against 52.26 for twofish-generic at
 * -O2, `bench/insncount.sh --targets mipsel --drivers
 * twofish-generic,twofish-mips --modes ecb-enc --sizes 8192` (insncount
 * plugin, qemu-mipsel 7.2, gcc 12.2, 2026-11-30); instructions are not
 * cycles. ABI notes and the other targets' figures: README.md.
 */
#include <sys/regdef.h>

#include "../asm.h"

#if !defined(_MIPS_SIM) || !defined(_ABIO32) || !defined(_ABI64)
#error "twofish-mips: <sgidefs.h> ABI macros missing"
#endif
#if defined(__mips_isa_rev) && __mips_isa_rev >= 6
#error "twofish-mips: release 6 has no lwl/lwr; not supported"
#endif
#if defined(__mips_isa_rev) && __mips_isa_rev >= 2
#define TF_R2 1
#endif
#if defined(__MIPSEB__) || \
	(defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__)
#define TF_BE 1
#elif !defined(__MIPSEL__) && \
	!(defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__)
#error "twofish-mips: unknown byte order"
#endif

/*
 * o32 and n64 differ in pointer width and in where the fifth and sixth
 * arguments arrive: n64 passes them in a4/a5 ($8/$9), o32 on the stack at
 * 16(sp) and 20(sp) (above the caller's 16-byte argument save area), and
 * o32 calls $8..$15 t0..t7 where n64 calls them a4..a7, t0..t3. ARG4 and
 * ARG5 are the registers that hold those arguments once LOAD_ARG4 and
 * LOAD_ARG5 have run (t4/t5 on o32, a4/a5 on n64); XT6 and XT7 are the
 * other two caller-saved registers of $8..$15 that the names t0..t3 leave
 * over. n32 is neither and is not supported.
 */
#if _MIPS_SIM == _ABIO32
#define PTR_ADDU addu
#define PTR_ADDIU addiu
#define PTR_SLL sll
#define PTR_INS ins
#define REG_S sw
#define REG_L lw
#define SZREG 4
#define ARG4 t4
#define ARG5 t5
#define XT6 t6
#define XT7 t7
#define LOAD_ARG4 lw ARG4, 16(sp)
#define LOAD_ARG5 lw ARG5, 20(sp)
#elif _MIPS_SIM == _ABI64
#define PTR_ADDU daddu
#define PTR_ADDIU daddiu
#define PTR_SLL dsll
#define PTR_INS dins
#define REG_S sd
#define REG_L ld
#define SZREG 8
#define ARG4 a4
#define ARG5 a5
#define XT6 a6
#define XT7 a7
#define LOAD_ARG4
#define LOAD_ARG5
#else
#error "twofish-mips: o32 or n64 only"
#endif

/*
 * The register roles, the same in every entry point (each one's map below
 * says which it uses). All are caller-saved; the only callee-saved ones
 * used are s0..s7 (CBC decryption) and s0..s3 (CTR, XTS), saved on the
 * stack (SAVE_S). gp, s8/fp and ra are never written; nothing is called.
 *   TS  a0   table base s[0]; on release 2 its bits 9..2 are the index
 *            field that ins overwrites (the rest stays the table address)
 *   TK  a1   subkeys k[0..39]
 *   DST a2, SRC a3, END (ARG4: end of the source) and IVP (ARG5: the iv,
 *            counter or tweak argument)
 *   WA..WD t0..t3 (o32 $8..$11, n64 $12..$15): the block's four words
 *   GX, GY t8, t9: g(A) and g(ROL(B, 8)), then the two F outputs
 *   I0, V0 v0, v1: index and looked-up word for GX; Q (XT6) is the second
 *            table pointer of release 2, I1 (XT7) and V1 (AT) the index and
 *            word for GY. AT is free because of .set noat.
 */
#define TS a0
#define TK a1
#define DST a2
#define SRC a3
#define END ARG4
#define IVP ARG5
#define WA t0
#define WB t1
#define WC t2
#define WD t3
#define GX t8
#define GY t9
#define I0 v0
#define V0 v1
#define Q XT6
#define I1 XT7
#define V1 AT

/* Byte offset of table j (s[j] is 256 words) and of subkey n (k[n]). */
#define TBL(j) ((j) * 256 * 4)
#define KEY(n) ((n) * 4)

	.set	noreorder
	.set	noat

/*
 * Rotations of a register by N bits (0 < N < 32), as 32-bit operations
 * (on n64 they leave a sign-extended 32-bit value, as lw does). The
 * release-1 form uses I0 as scratch.
 */
.macro	ROR reg, n
#ifdef TF_R2
	rotr	\reg, \reg, \n
#else
	srl	I0, \reg, \n
	sll	\reg, \reg, 32 - (\n)
	or	\reg, \reg, I0
#endif
.endm

/*
 * Little-endian words at any alignment. LDW loads the word at OFF(BASE)
 * into REG; STW stores REG there (REG unchanged; TMP is scratch). With
 * lwl/lwr the instruction that writes bit 31 goes last (lwl), so on n64
 * the register ends up sign-extended whatever the alignment. Big-endian
 * release 2 swaps with wsbh + rotr 16; big-endian release 1 assembles and
 * splits the word with byte accesses.
 */
.macro	LDW reg, off, base, tmp
#ifndef TF_BE
	lwr	\reg, (\off)(\base)
	lwl	\reg, (\off) + 3(\base)
#elif defined(TF_R2)
	lwr	\reg, (\off) + 3(\base)
	lwl	\reg, (\off)(\base)
	wsbh	\reg, \reg
	rotr	\reg, \reg, 16
#else
	lbu	\reg, (\off) + 3(\base)
	lbu	\tmp, (\off) + 2(\base)
	sll	\reg, \reg, 8
	or	\reg, \reg, \tmp
	lbu	\tmp, (\off) + 1(\base)
	sll	\reg, \reg, 8
	or	\reg, \reg, \tmp
	lbu	\tmp, (\off)(\base)
	sll	\reg, \reg, 8
	or	\reg, \reg, \tmp
#endif
.endm

.macro	STW reg, off, base, tmp
#ifndef TF_BE
	swr	\reg, (\off)(\base)
	swl	\reg, (\off) + 3(\base)
#elif defined(TF_R2)
	wsbh	\tmp, \reg
	rotr	\tmp, \tmp, 16
	swl	\tmp, (\off)(\base)
	swr	\tmp, (\off) + 3(\base)
#else
	sb	\reg, (\off)(\base)
	srl	\tmp, \reg, 8
	sb	\tmp, (\off) + 1(\base)
	srl	\tmp, \reg, 16
	sb	\tmp, (\off) + 2(\base)
	srl	\tmp, \reg, 24
	sb	\tmp, (\off) + 3(\base)
#endif
.endm

/*
 * DST = SRC with its bytes reversed (DST may be SRC). Release 1 uses I0
 * and I1 as scratch.
 */
.macro	BSWAP dst, src
#ifdef TF_R2
	wsbh	\dst, \src
	rotr	\dst, \dst, 16
#else
	sll	I0, \src, 24
	srl	I1, \src, 24
	or	I0, I0, I1
	andi	I1, \src, 0xff00
	sll	I1, I1, 8
	or	I0, I0, I1
	srl	I1, \src, 8
	andi	I1, I1, 0xff00
	or	\dst, I0, I1
#endif
.endm

/*
 * Big-endian words (the CTR counter) at any alignment: LDBE loads the word
 * at OFF(BASE) as a big-endian value, STBE stores one (REG unchanged; I0
 * and I1 are scratch on little-endian release 1). Native order on
 * big-endian hosts; little-endian hosts swap the bytes of LDW's word.
 */
.macro	LDBE reg, off, base
#ifdef TF_BE
	lwr	\reg, (\off) + 3(\base)
	lwl	\reg, (\off)(\base)
#else
	LDW	\reg, \off, \base, I0
	BSWAP	\reg, \reg
#endif
.endm

.macro	STBE reg, off, base
#ifdef TF_BE
	swl	\reg, (\off)(\base)
	swr	\reg, (\off) + 3(\base)
#else
	BSWAP	I1, \reg
	STW	I1, \off, \base, I0
#endif
.endm

/*
 * GX = g(A) = s0[A.b0] ^ s1[A.b1] ^ s2[A.b2] ^ s3[A.b3] and
 * GY = g(ROL(B, 8)) = s0[B.b3] ^ s1[B.b0] ^ s2[B.b1] ^ s3[B.b2], the two
 * chains interleaved. Release 2: ins puts the byte in bits 9..2 of TS
 * (for GX) or Q (for GY), and the table number goes in the lw offset.
 * Release 1: the byte is shifted to bits 9..2, masked and added to TS.
 */
#ifdef TF_R2
.macro	G2 wa, wb
	PTR_INS	TS, \wa, 2, 8
	srl	I1, \wb, 24
	lw	GX, TBL(0)(TS)
	PTR_INS	Q, I1, 2, 8
	srl	I0, \wa, 8
	lw	GY, TBL(0)(Q)
	PTR_INS	TS, I0, 2, 8
	PTR_INS	Q, \wb, 2, 8
	lw	V0, TBL(1)(TS)
	srl	I0, \wa, 16
	lw	V1, TBL(1)(Q)
	srl	I1, \wb, 8
	xor	GX, GX, V0
	PTR_INS	TS, I0, 2, 8
	xor	GY, GY, V1
	PTR_INS	Q, I1, 2, 8
	lw	V0, TBL(2)(TS)
	srl	I0, \wa, 24
	lw	V1, TBL(2)(Q)
	srl	I1, \wb, 16
	xor	GX, GX, V0
	PTR_INS	TS, I0, 2, 8
	xor	GY, GY, V1
	PTR_INS	Q, I1, 2, 8
	lw	V0, TBL(3)(TS)
	lw	V1, TBL(3)(Q)
	xor	GX, GX, V0
	xor	GY, GY, V1
.endm
#else
/* One release-1 lookup: OUT = table J at the byte of SRC that the shift
 * SHOP by CNT brings to bits 9..2 of IDX. */
.macro	LOOK1 out, idx, shop, src, cnt, j
	\shop	\idx, \src, \cnt
	andi	\idx, \idx, 0x3fc
	PTR_ADDU \idx, \idx, TS
	lw	\out, TBL(\j)(\idx)
.endm

.macro	G2 wa, wb
	LOOK1	GX, I0, sll, \wa, 2, 0
	LOOK1	GY, I1, srl, \wb, 22, 0
	LOOK1	V0, I0, srl, \wa, 6, 1
	LOOK1	V1, I1, sll, \wb, 2, 1
	xor	GX, GX, V0
	xor	GY, GY, V1
	LOOK1	V0, I0, srl, \wa, 14, 2
	LOOK1	V1, I1, srl, \wb, 6, 2
	xor	GX, GX, V0
	xor	GY, GY, V1
	LOOK1	V0, I0, srl, \wa, 22, 3
	LOOK1	V1, I1, srl, \wb, 14, 3
	xor	GX, GX, V0
	xor	GY, GY, V1
.endm
#endif

/*
 * One encryption round with subkeys k[N], k[N+1] (section 4 of the paper;
 * twofish-generic.c's ENC2 is two of these): F(A, B) updates C and D.
 *   C = ROR(C ^ (GX + GY + k[N]), 1);  D = ROL(D, 1) ^ (GX + 2 GY + k[N+1])
 */
.macro	ENC_ROUND wa, wb, wc, wd, n
	G2	\wa, \wb
	addu	GX, GX, GY
	lw	V0, KEY(\n)(TK)
	addu	GY, GY, GX
	lw	V1, KEY((\n) + 1)(TK)
	addu	GX, GX, V0
	addu	GY, GY, V1
	xor	\wc, \wc, GX
	ROR	\wc, 1
	ROR	\wd, 31
	xor	\wd, \wd, GY
.endm

/* The inverse round: C = ROL(C, 1) ^ (...); D = ROR(D ^ (...), 1). */
.macro	DEC_ROUND wa, wb, wc, wd, n
	G2	\wa, \wb
	addu	GX, GX, GY
	lw	V0, KEY(\n)(TK)
	addu	GY, GY, GX
	lw	V1, KEY((\n) + 1)(TK)
	addu	GX, GX, V0
	addu	GY, GY, V1
	ROR	\wc, 31
	xor	\wc, \wc, GX
	xor	\wd, \wd, GY
	ROR	\wd, 1
.endm

/* The 16 rounds on WA..WD; the words end as (A, B, C, D) = R16. */
.macro	ENC16
	.irp	n, 8, 12, 16, 20, 24, 28, 32, 36
	ENC_ROUND WA, WB, WC, WD, \n
	ENC_ROUND WC, WD, WA, WB, (\n) + 2
	.endr
.endm

.macro	DEC16
	.irp	n, 36, 32, 28, 24, 20, 16, 12, 8
	DEC_ROUND WC, WD, WA, WB, (\n) + 2
	DEC_ROUND WA, WB, WC, WD, \n
	.endr
.endm

/*
 * WHITEN: W ^= k[N], the subkey loaded into TMP. LOAD4 and STORE4: the
 * four little-endian words of the block at BASE (I0 is scratch).
 */
.macro	WHITEN w, n, tmp
	lw	\tmp, KEY(\n)(TK)
	xor	\w, \w, \tmp
.endm

.macro	LOAD4 w0, w1, w2, w3, base
	LDW	\w0, 0, \base, I0
	LDW	\w1, 4, \base, I0
	LDW	\w2, 8, \base, I0
	LDW	\w3, 12, \base, I0
.endm

.macro	STORE4 w0, w1, w2, w3, base
	STW	\w0, 0, \base, I0
	STW	\w1, 4, \base, I0
	STW	\w2, 8, \base, I0
	STW	\w3, 12, \base, I0
.endm

/* Input whitening k[N..N+3] of W0..W3, output whitening likewise. */
.macro	WHITEN4 w0, w1, w2, w3, n
	WHITEN	\w0, (\n), V0
	WHITEN	\w1, (\n) + 1, V1
	WHITEN	\w2, (\n) + 2, V0
	WHITEN	\w3, (\n) + 3, V1
.endm

/*
 * Zero the registers that held key-dependent values: the g and F outputs,
 * indices, looked-up and subkey words and (release 2) the table pointers,
 * whose index field holds the last bytes looked up. V1 is left to the
 * caller (often a delay slot). WA..WD are not cleared: on return they hold
 * the words of the last output block, which the caller has in DST anyway.
 */
.macro	CLEAR
	move	GX, zero
	move	GY, zero
	move	I0, zero
	move	I1, zero
	move	V0, zero
#ifdef TF_R2
	move	TS, zero
	move	Q, zero
#endif
.endm

/*
 * Save s0..s(N-1) (N = 4 or 8) in a frame of N * SZREG bytes: 16 or 32 on
 * o32 (a multiple of 8), 32 or 64 on n64 (a multiple of 16). Load the
 * stack arguments (LOAD_ARG4/5) before, since sp moves. RESTORE_S leaves
 * popping the frame to the jr delay slot of its caller.
 */
.macro	SAVE_S n
	PTR_ADDIU sp, sp, -(\n) * SZREG
	REG_S	s0, 0 * SZREG(sp)
	REG_S	s1, 1 * SZREG(sp)
	REG_S	s2, 2 * SZREG(sp)
	REG_S	s3, 3 * SZREG(sp)
	.if	(\n) > 4
	REG_S	s4, 4 * SZREG(sp)
	REG_S	s5, 5 * SZREG(sp)
	REG_S	s6, 6 * SZREG(sp)
	REG_S	s7, 7 * SZREG(sp)
	.endif
.endm

.macro	RESTORE_S n
	REG_L	s0, 0 * SZREG(sp)
	REG_L	s1, 1 * SZREG(sp)
	REG_L	s2, 2 * SZREG(sp)
	REG_L	s3, 3 * SZREG(sp)
	.if	(\n) > 4
	REG_L	s4, 4 * SZREG(sp)
	REG_L	s5, 5 * SZREG(sp)
	REG_L	s6, 6 * SZREG(sp)
	REG_L	s7, 7 * SZREG(sp)
	.endif
.endm

/*
 * Add one to the 128-bit big-endian counter X0 (most significant word) ..
 * X3, without branches: the carry out of each word is (sum < carry in).
 * 32-bit operations, so n64 keeps each word sign-extended; sltiu/sltu
 * compare those sign-extended values, which gives the same answers as a
 * 32-bit comparison. I0 is scratch.
 */
.macro	INC128 x0, x1, x2, x3
	addiu	\x3, \x3, 1
	sltiu	I0, \x3, 1
	addu	\x2, \x2, I0
	sltu	I0, \x2, I0
	addu	\x1, \x1, I0
	sltu	I0, \x1, I0
	addu	\x0, \x0, I0
.endm

/*
 * Multiply the XTS tweak X0 (bits 0..31) .. X3 (bits 96..127), the
 * little-endian words of IEEE 1619's byte order, by alpha: shift the
 * 128-bit value left by one and fold the bit shifted out back in as 0x87
 * (x^128 = x^7 + x^2 + x + 1), through a mask rather than a branch. I0
 * and I1 are scratch.
 */
.macro	MUL_ALPHA x0, x1, x2, x3
	sra	I0, \x3, 31
	srl	I1, \x2, 31
	sll	\x3, \x3, 1
	or	\x3, \x3, I1
	srl	I1, \x1, 31
	sll	\x2, \x2, 1
	or	\x2, \x2, I1
	srl	I1, \x0, 31
	sll	\x1, \x1, 1
	or	\x1, \x1, I1
	andi	I0, I0, 0x87
	sll	\x0, \x0, 1
	xor	\x0, \x0, I0
.endm

/*
 * Set END = SRC + 16 * NBLOCKS (NBLOCKS in ARG4, which is END) and go to
 * DONE if NBLOCKS is 0 (the hooks' contract says >= 1; this is cheap). On
 * release 2, Q starts as a copy of TS.
 */
.macro	PROLOGUE done
	beqz	ARG4, \done
	PTR_SLL	END, ARG4, 4	/* delay slot: harmless when taken */
#ifdef TF_R2
	move	Q, TS
#endif
	PTR_ADDU END, END, SRC
.endm

/*
 * void cryptarch_twofish_mips_ecb_encrypt(const uint32_t *s,
 *                                         const uint32_t *k, uint8_t *dst,
 *                                         const uint8_t *src,
 *                                         size_t nblocks);
 *
 * S is s[0][0] of a struct cryptarch_twofish_ctx (1024-byte aligned on
 * release 2), K its k[0]. Encrypts NBLOCKS blocks from SRC to DST (equal
 * or disjoint, any alignment).
 * Registers: a0 TS, a1 TK, a2 DST, a3 SRC, ARG4 (o32: t4 from 16(sp);
 * n64: a4) NBLOCKS then END, t0..t3 WA..WD, t8 GX, t9 GY, v0 I0, v1 V0,
 * XT6 (t6/a6) Q, XT7 (t7/a7) I1, AT V1. No callee-saved register is used;
 * no stack frame.
 */
CRYPTARCH_ENTRY(cryptarch_twofish_mips_ecb_encrypt)
	LOAD_ARG4
.Ltwofish_mips_ecb_enc_n:
	PROLOGUE .Ltwofish_mips_ecb_enc_done
.Ltwofish_mips_ecb_enc_loop:
	LOAD4	WA, WB, WC, WD, SRC
	WHITEN4	WA, WB, WC, WD, 0
	ENC16
	WHITEN4	WC, WD, WA, WB, 4
	STORE4	WC, WD, WA, WB, DST
	PTR_ADDIU SRC, SRC, 16
	bne	SRC, END, .Ltwofish_mips_ecb_enc_loop
	PTR_ADDIU DST, DST, 16	/* delay slot: next output block */
.Ltwofish_mips_ecb_enc_done:
	CLEAR
	jr	ra
	move	V1, zero	/* delay slot: last register cleared */
CRYPTARCH_END(cryptarch_twofish_mips_ecb_encrypt)

/*
 * void cryptarch_twofish_mips_ecb_decrypt(const uint32_t *s,
 *                                         const uint32_t *k, uint8_t *dst,
 *                                         const uint8_t *src,
 *                                         size_t nblocks);
 *
 * As ecb_encrypt, decrypting; the same registers.
 */
CRYPTARCH_ENTRY(cryptarch_twofish_mips_ecb_decrypt)
	LOAD_ARG4
.Ltwofish_mips_ecb_dec_n:
	PROLOGUE .Ltwofish_mips_ecb_dec_done
.Ltwofish_mips_ecb_dec_loop:
	LOAD4	WC, WD, WA, WB, SRC
	WHITEN4	WC, WD, WA, WB, 4
	DEC16
	WHITEN4	WA, WB, WC, WD, 0
	STORE4	WA, WB, WC, WD, DST
	PTR_ADDIU SRC, SRC, 16
	bne	SRC, END, .Ltwofish_mips_ecb_dec_loop
	PTR_ADDIU DST, DST, 16	/* delay slot: next output block */
.Ltwofish_mips_ecb_dec_done:
	CLEAR
	jr	ra
	move	V1, zero	/* delay slot: last register cleared */
CRYPTARCH_END(cryptarch_twofish_mips_ecb_decrypt)

/*
 * void cryptarch_twofish_mips_encrypt(const uint32_t *s, const uint32_t *k,
 *                                     uint8_t *dst, const uint8_t *src);
 * void cryptarch_twofish_mips_decrypt(same arguments);
 *
 * One block: ecb_encrypt / ecb_decrypt with NBLOCKS = 1. Four arguments,
 * so that on o32 the C wrapper passes nothing on the stack and can jump
 * here as a tail call.
 * Registers: ARG4 = 1, then those of ecb_encrypt.
 */
CRYPTARCH_ENTRY(cryptarch_twofish_mips_encrypt)
	b	.Ltwofish_mips_ecb_enc_n
	li	ARG4, 1		/* delay slot: NBLOCKS */
CRYPTARCH_END(cryptarch_twofish_mips_encrypt)

CRYPTARCH_ENTRY(cryptarch_twofish_mips_decrypt)
	b	.Ltwofish_mips_ecb_dec_n
	li	ARG4, 1		/* delay slot: NBLOCKS */
CRYPTARCH_END(cryptarch_twofish_mips_decrypt)

/*
 * void cryptarch_twofish_mips_cbc_encrypt(const uint32_t *s,
 *                                         const uint32_t *k, uint8_t *dst,
 *                                         const uint8_t *src,
 *                                         size_t nblocks, uint8_t iv[16]);
 *
 * CBC encryption of NBLOCKS blocks; IV is the chaining value in and the
 * last ciphertext block out. The chaining value never leaves the
 * registers: it is the previous ciphertext, i.e. WC, WD, WA, WB after the
 * output whitening, and the next plaintext is XORed straight into them.
 * Registers: as ecb_encrypt, plus ARG5 (o32: t5 from 20(sp); n64: a5)
 * IVP. No callee-saved register is used; no stack frame.
 */
CRYPTARCH_ENTRY(cryptarch_twofish_mips_cbc_encrypt)
	LOAD_ARG4
	LOAD_ARG5
	PROLOGUE .Ltwofish_mips_cbc_enc_done
	LOAD4	WC, WD, WA, WB, IVP
.Ltwofish_mips_cbc_enc_loop:
	/* (A, B, C, D) = P ^ (previous C, D, A, B) ^ k[0..3] */
	LDW	GX, 0, SRC, I0
	LDW	GY, 4, SRC, I0
	xor	GX, GX, WC
	xor	GY, GY, WD
	LDW	WC, 8, SRC, I0
	LDW	WD, 12, SRC, I0
	xor	WC, WC, WA
	xor	WD, WD, WB
	lw	V0, KEY(0)(TK)
	lw	V1, KEY(1)(TK)
	xor	WA, GX, V0
	xor	WB, GY, V1
	WHITEN	WC, 2, V0
	WHITEN	WD, 3, V1
	ENC16
	WHITEN4	WC, WD, WA, WB, 4
	STORE4	WC, WD, WA, WB, DST
	PTR_ADDIU SRC, SRC, 16
	bne	SRC, END, .Ltwofish_mips_cbc_enc_loop
	PTR_ADDIU DST, DST, 16	/* delay slot: next output block */
	STORE4	WC, WD, WA, WB, IVP
.Ltwofish_mips_cbc_enc_done:
	CLEAR
	jr	ra
	move	V1, zero	/* delay slot: last register cleared */
CRYPTARCH_END(cryptarch_twofish_mips_cbc_encrypt)

/*
 * void cryptarch_twofish_mips_cbc_decrypt(const uint32_t *s,
 *                                         const uint32_t *k, uint8_t *dst,
 *                                         const uint8_t *src,
 *                                         size_t nblocks, uint8_t iv[16]);
 *
 * CBC decryption; IV as for cbc_encrypt. The ciphertext is read into
 * s4..s7 before DST (which may be SRC) is written, and becomes the next
 * chaining value s0..s3.
 * Registers: as cbc_encrypt, plus s0..s3 the chaining value and s4..s7
 * the current ciphertext; s0..s7 are saved in a frame of 8 * SZREG bytes
 * (SAVE_S) and restored.
 */
CRYPTARCH_ENTRY(cryptarch_twofish_mips_cbc_decrypt)
	LOAD_ARG4
	LOAD_ARG5
	PROLOGUE .Ltwofish_mips_cbc_dec_none
	SAVE_S	8
	LOAD4	s0, s1, s2, s3, IVP
.Ltwofish_mips_cbc_dec_loop:
	LOAD4	s4, s5, s6, s7, SRC
	lw	V0, KEY(4)(TK)
	lw	V1, KEY(5)(TK)
	xor	WC, s4, V0
	xor	WD, s5, V1
	lw	V0, KEY(6)(TK)
	lw	V1, KEY(7)(TK)
	xor	WA, s6, V0
	xor	WB, s7, V1
	DEC16
	WHITEN4	WA, WB, WC, WD, 0
	xor	WA, WA, s0
	xor	WB, WB, s1
	xor	WC, WC, s2
	xor	WD, WD, s3
	STORE4	WA, WB, WC, WD, DST
	move	s0, s4
	move	s1, s5
	move	s2, s6
	move	s3, s7
	PTR_ADDIU SRC, SRC, 16
	bne	SRC, END, .Ltwofish_mips_cbc_dec_loop
	PTR_ADDIU DST, DST, 16	/* delay slot: next output block */
	STORE4	s0, s1, s2, s3, IVP
	CLEAR
	move	V1, zero
	RESTORE_S 8
	jr	ra
	PTR_ADDIU sp, sp, 8 * SZREG	/* delay slot: pop the frame */
.Ltwofish_mips_cbc_dec_none:
	jr	ra
	nop
CRYPTARCH_END(cryptarch_twofish_mips_cbc_decrypt)

/*
 * void cryptarch_twofish_mips_ctr_crypt(const uint32_t *s,
 *                                       const uint32_t *k, uint8_t *dst,
 *                                       const uint8_t *src, size_t nblocks,
 *                                       uint8_t ctr[16]);
 *
 * CTR over NBLOCKS blocks: DST = SRC ^ E(counter), the counter a 128-bit
 * big-endian number (bytes CTR[0..15]) incremented per block, wrapping at
 * 2^128; CTR is the counter in and the counter after the last block out.
 * The counter stays in s0..s3 as four big-endian word values; each block
 * byte-swaps them into the little-endian words that Twofish reads.
 * Registers: as cbc_encrypt (IVP is CTR), plus s0..s3 the counter, saved
 * in a frame of 4 * SZREG bytes (SAVE_S) and restored.
 */
CRYPTARCH_ENTRY(cryptarch_twofish_mips_ctr_crypt)
	LOAD_ARG4
	LOAD_ARG5
	PROLOGUE .Ltwofish_mips_ctr_none
	SAVE_S	4
	LDBE	s0, 0, IVP
	LDBE	s1, 4, IVP
	LDBE	s2, 8, IVP
	LDBE	s3, 12, IVP
.Ltwofish_mips_ctr_loop:
	BSWAP	WA, s0
	BSWAP	WB, s1
	BSWAP	WC, s2
	BSWAP	WD, s3
	WHITEN4	WA, WB, WC, WD, 0
	ENC16
	WHITEN4	WC, WD, WA, WB, 4
	/* DST = SRC ^ keystream (C, D, A, B), one word at a time */
	LDW	GX, 0, SRC, I0
	xor	WC, WC, GX
	STW	WC, 0, DST, I0
	LDW	GX, 4, SRC, I0
	xor	WD, WD, GX
	STW	WD, 4, DST, I0
	LDW	GX, 8, SRC, I0
	xor	WA, WA, GX
	STW	WA, 8, DST, I0
	LDW	GX, 12, SRC, I0
	xor	WB, WB, GX
	STW	WB, 12, DST, I0
	INC128	s0, s1, s2, s3
	PTR_ADDIU SRC, SRC, 16
	bne	SRC, END, .Ltwofish_mips_ctr_loop
	PTR_ADDIU DST, DST, 16	/* delay slot: next output block */
	STBE	s0, 0, IVP
	STBE	s1, 4, IVP
	STBE	s2, 8, IVP
	STBE	s3, 12, IVP
	CLEAR
	move	V1, zero
	RESTORE_S 4
	jr	ra
	PTR_ADDIU sp, sp, 4 * SZREG	/* delay slot: pop the frame */
.Ltwofish_mips_ctr_none:
	jr	ra
	nop
CRYPTARCH_END(cryptarch_twofish_mips_ctr_crypt)

/*
 * void cryptarch_twofish_mips_xts_encrypt(const uint32_t *s,
 *                                         const uint32_t *k, uint8_t *dst,
 *                                         const uint8_t *src,
 *                                         size_t nblocks,
 *                                         uint8_t tweak[16]);
 * void cryptarch_twofish_mips_xts_decrypt(same arguments);
 *
 * XTS over NBLOCKS whole blocks (the template does ciphertext stealing):
 * DST = E(SRC ^ T) ^ T, T multiplied by alpha after each block; TWEAK is
 * the encrypted tweak in and T after the last block out. T stays in s0..s3
 * as the little-endian words of IEEE 1619's byte order, which are also
 * the words Twofish reads, so whitening and tweak meet word by word.
 * Registers: as cbc_encrypt (IVP is TWEAK), plus s0..s3 the tweak, saved
 * in a frame of 4 * SZREG bytes (SAVE_S) and restored.
 */
CRYPTARCH_ENTRY(cryptarch_twofish_mips_xts_encrypt)
	LOAD_ARG4
	LOAD_ARG5
	PROLOGUE .Ltwofish_mips_xts_enc_none
	SAVE_S	4
	LOAD4	s0, s1, s2, s3, IVP
.Ltwofish_mips_xts_enc_loop:
	LOAD4	WA, WB, WC, WD, SRC
	xor	WA, WA, s0
	xor	WB, WB, s1
	xor	WC, WC, s2
	xor	WD, WD, s3
	WHITEN4	WA, WB, WC, WD, 0
	ENC16
	WHITEN4	WC, WD, WA, WB, 4
	xor	WC, WC, s0
	xor	WD, WD, s1
	xor	WA, WA, s2
	xor	WB, WB, s3
	STORE4	WC, WD, WA, WB, DST
	MUL_ALPHA s0, s1, s2, s3
	PTR_ADDIU SRC, SRC, 16
	bne	SRC, END, .Ltwofish_mips_xts_enc_loop
	PTR_ADDIU DST, DST, 16	/* delay slot: next output block */
	STORE4	s0, s1, s2, s3, IVP
	CLEAR
	move	V1, zero
	RESTORE_S 4
	jr	ra
	PTR_ADDIU sp, sp, 4 * SZREG	/* delay slot: pop the frame */
.Ltwofish_mips_xts_enc_none:
	jr	ra
	nop
CRYPTARCH_END(cryptarch_twofish_mips_xts_encrypt)

/* See xts_encrypt above: the same registers and frame. */
CRYPTARCH_ENTRY(cryptarch_twofish_mips_xts_decrypt)
	LOAD_ARG4
	LOAD_ARG5
	PROLOGUE .Ltwofish_mips_xts_dec_none
	SAVE_S	4
	LOAD4	s0, s1, s2, s3, IVP
.Ltwofish_mips_xts_dec_loop:
	LOAD4	WC, WD, WA, WB, SRC
	xor	WC, WC, s0
	xor	WD, WD, s1
	xor	WA, WA, s2
	xor	WB, WB, s3
	WHITEN4	WC, WD, WA, WB, 4
	DEC16
	WHITEN4	WA, WB, WC, WD, 0
	xor	WA, WA, s0
	xor	WB, WB, s1
	xor	WC, WC, s2
	xor	WD, WD, s3
	STORE4	WA, WB, WC, WD, DST
	MUL_ALPHA s0, s1, s2, s3
	PTR_ADDIU SRC, SRC, 16
	bne	SRC, END, .Ltwofish_mips_xts_dec_loop
	PTR_ADDIU DST, DST, 16	/* delay slot: next output block */
	STORE4	s0, s1, s2, s3, IVP
	CLEAR
	move	V1, zero
	RESTORE_S 4
	jr	ra
	PTR_ADDIU sp, sp, 4 * SZREG	/* delay slot: pop the frame */
.Ltwofish_mips_xts_dec_none:
	jr	ra
	nop
CRYPTARCH_END(cryptarch_twofish_mips_xts_decrypt)

	.set	at
	.set	reorder
