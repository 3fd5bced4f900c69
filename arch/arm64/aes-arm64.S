/* SPDX-License-Identifier: MIT */
/*
 * aes-arm64.S - driver "aes-arm64": AES-128/192/256 in AArch64 scalar
 * assembly with the T-table method of the Rijndael proposal (Daemen and
 * Rijmen, AES Proposal: Rijndael, section 5.2.1) on four small tables
 * only: te[0] and td[0] of aes-tables.h (1 KB each) for the middle rounds,
 * the other three columns of each coming from a 32-bit rotate folded into
 * the XOR ("eor wd, wd, wm, ror #n", no extra instruction), and the byte
 * S-boxes cryptarch_aes_sbox and cryptarch_aes_inv_sbox for the last round:
 * 2.5 KB in all, against 16 KB for aes-generic. One block at a time: a
 * round is 16 byte extracts, 16 loads, 16 XORs and one load of its key,
 * all fourteen rounds are unrolled and entered at the first one the key
 * size needs, the first round reads the input as two 64-bit halves and the
 * last builds each half of the output in one register. One block function
 * per direction serves the entry points: ECB, CBC, CTR and XTS over whole
 * blocks, and the CBC-MAC chain of cmac, xcbc and cbcmac. Round keys are aes-generic's (the glue passes the key array and
 * the round count); decryption is the equivalent inverse cipher of FIPS-197
 * section 5.3.5. NOT constant-time: table indices depend on key and data,
 * so the cache lines touched leak them. Needs only the base AArch64
 * instruction set. Correct on little- and big-endian, unaligned buffers
 * allowed. Speed: an AES-128 "ecb-aes-arm64" request of 8192 bytes
 * executes 31.25 instructions per byte in the driver (aes-generic: 39.75),
 * counted with the insncount plugin under qemu-aarch64 7.2 on a gcc 12.2
 * -O2 -static build, 2026-11-30 (arch/arm64/README.md: method, ABI notes).
 */
#include "../asm.h"

#if defined(__AARCH64EB__)
#define CPU_BE(...) __VA_ARGS__
#define CPU_LE(...)
#else
#define CPU_BE(...)
#define CPU_LE(...) __VA_ARGS__
#endif

	.hidden	cryptarch_aes_te
	.hidden	cryptarch_aes_td
	.hidden	cryptarch_aes_sbox
	.hidden	cryptarch_aes_inv_sbox

/*
 * Data layout. A column word holds the four bytes of one state column, row
 * 0 in bits 0-7 (aes-tables.h): the value a little-endian 32-bit load of
 * those bytes gives. A block is also handled as two 64-bit halves h0 =
 * c0 | c1 << 32 and h1 = c2 | c3 << 32, the values of little-endian 64-bit
 * loads of bytes 0-7 and 8-15; on big-endian, rev turns the loaded value
 * into that form and back before the store. The round keys are arrays of
 * native uint32_t column words, read eight bytes at a time: a pair k0 | k1
 * << 32 on little-endian, k0 << 32 | k1 on big-endian, where ror #32
 * swaps the halves into the first form.
 *
 * Rounds are numbered as for AES-256, 1 to 14: AES-192 runs rounds 3-14
 * and AES-128 rounds 5-14, after the key whitening with the round key
 * numbered one less. The key pointer kp is the round-key array minus
 * 16 * (14 - rounds) bytes, so round i uses the 16 bytes at kp + 16 * i
 * whatever the key size, and the code after the first round is shared.
 *
 * Registers of the block functions (every entry point calls one per
 * block; the entry points' own registers are listed further down):
 *   x0      kp, the biased round-key pointer (read only)
 *   w4      rounds: 10, 12 or 14, tested per block to enter the rounds
 *   x6      te[0] or td[0], the round table
 *   x7      the S-box or inverse S-box, the last-round table
 *   x8-x11  state set S: column words s0-s3 after rounds 2, 4, ..., 12;
 *           before round 1 x8, x10 hold the input halves h0, h1, and
 *           after round 14 x9, x11 the output halves
 *   x12-x15 state set T: column words after rounds 1, 3, ..., 13
 *   x16-x17 lookup temporaries; the round-key pair after each round
 *   x30     the return address
 * x8-x17 hold key- or data-dependent values; the entry points zero them
 * before returning.
 */

/*
 * The byte at bit POS (a multiple of 8) of x\r into x\d, zero-extended:
 * ready to index a table. Bits above 31 of x\r are ignored unless POS is 32
 * or more, so a column word may sit in a register with other data above it.
 */
	.macro	aes_idx, d, r, pos
	.if	(\pos) == 0
	and	w\d, w\r, #0xff
	.elseif	(\pos) == 24
	lsr	w\d, w\r, #24
	.elseif	(\pos) == 56
	lsr	x\d, x\r, #56
	.else
	ubfx	x\d, x\r, #(\pos), #8
	.endif
	.endm

/*
 * Two output columns of a middle round, interleaved: column a into w\ta
 * from the row-j bytes of source columns (a0, q0) .. (a3, q3), and column b
 * into w\tb likewise, where a source column is a register and the bit
 * position of its row-0 byte. Row j goes through te[0] (or td[0]) and is
 * rotated left by 8 * j bits, i.e. ror #(32 - 8 * j), in the XOR.
 */
	.macro	aes_col2, ta, a0, q0, a1, q1, a2, q2, a3, q3, \
			  tb, b0, p0, b1, p1, b2, p2, b3, p3
	aes_idx	\ta, \a0, \q0
	aes_idx	\tb, \b0, \p0
	aes_idx	16, \a1, (\q1) + 8
	aes_idx	17, \b1, (\p1) + 8
	ldr	w\ta, [x6, x\ta, lsl #2]
	ldr	w\tb, [x6, x\tb, lsl #2]
	ldr	w16, [x6, x16, lsl #2]
	ldr	w17, [x6, x17, lsl #2]
	eor	w\ta, w\ta, w16, ror #24
	eor	w\tb, w\tb, w17, ror #24
	aes_idx	16, \a2, (\q2) + 16
	aes_idx	17, \b2, (\p2) + 16
	ldr	w16, [x6, x16, lsl #2]
	ldr	w17, [x6, x17, lsl #2]
	eor	w\ta, w\ta, w16, ror #16
	eor	w\tb, w\tb, w17, ror #16
	aes_idx	16, \a3, (\q3) + 24
	aes_idx	17, \b3, (\p3) + 24
	ldr	w16, [x6, x16, lsl #2]
	ldr	w17, [x6, x17, lsl #2]
	eor	w\ta, w\ta, w16, ror #8
	eor	w\tb, w\tb, w17, ror #8
	.endm

/* The round-key pair at kp + OFF into x16 (k0, k1) and x17 (k2, k3). */
	.macro	aes_key, off
	ldp	x16, x17, [x0, #(\off)]
CPU_BE(	ror	x16, x16, #32	)
CPU_BE(	ror	x17, x17, #32	)
	.endm

/* Key whitening (round 0) of the input halves x8, x10 with the key at
 * kp + OFF. */
	.macro	aes_whiten, off
	aes_key	\off
	eor	x8, x8, x16
	eor	x10, x10, x17
	.endm

/*
 * One middle round, DIR enc or dec: the columns (r0, p0) .. (r3, p3) into
 * w\t0 .. w\t3, then AddRoundKey with the key at kp + OFF. Encryption
 * takes row j of output column c from source column c + j (ShiftRows),
 * decryption from column c - j (InvShiftRows).
 */
	.macro	aes_round, dir, off, t0, t1, t2, t3, r0, p0, r1, p1, \
			  r2, p2, r3, p3
	.ifc	\dir, enc
	aes_col2 \t0, \r0, \p0, \r1, \p1, \r2, \p2, \r3, \p3, \
		 \t1, \r1, \p1, \r2, \p2, \r3, \p3, \r0, \p0
	aes_col2 \t2, \r2, \p2, \r3, \p3, \r0, \p0, \r1, \p1, \
		 \t3, \r3, \p3, \r0, \p0, \r1, \p1, \r2, \p2
	.else
	aes_col2 \t0, \r0, \p0, \r3, \p3, \r2, \p2, \r1, \p1, \
		 \t1, \r1, \p1, \r0, \p0, \r3, \p3, \r2, \p2
	aes_col2 \t2, \r2, \p2, \r1, \p1, \r0, \p0, \r3, \p3, \
		 \t3, \r3, \p3, \r2, \p2, \r1, \p1, \r0, \p0
	.endif
	aes_key	\off
	eor	w\t0, w\t0, w16
	eor	x\t1, x\t1, x16, lsr #32
	eor	w\t2, w\t2, w17
	eor	x\t3, x\t3, x17, lsr #32
	.endm

/* Middle rounds from S to T and from T to S (column words at bit 0). */
	.macro	aes_round_st, dir, off
	aes_round \dir, \off, 12, 13, 14, 15, 8, 0, 9, 0, 10, 0, 11, 0
	.endm
	.macro	aes_round_ts, dir, off
	aes_round \dir, \off, 8, 9, 10, 11, 12, 0, 13, 0, 14, 0, 15, 0
	.endm
/* The first round, from the whitened halves x8 (s0, s1), x10 (s2, s3). */
	.macro	aes_round_first, dir, off
	aes_round \dir, \off, 12, 13, 14, 15, 8, 0, 8, 32, 10, 0, 10, 32
	.endm

/*
 * Last-round step: the S-box byte of the row-ROW byte of column word w\r
 * into x\tmp, then into bits 8 * ROW + HI.. of x\o (HI is 0 or 32). The
 * first step of a half (ROW = HI = 0) loads straight into x\o.
 */
	.macro	aes_lstep, o, tmp, r, row, hi
	.if	(\row) == 0 && (\hi) == 0
	aes_idx	\o, \r, 0
	ldrb	w\o, [x7, x\o]
	.else
	aes_idx	\tmp, \r, 8 * (\row)
	ldrb	w\tmp, [x7, x\tmp]
	orr	x\o, x\o, x\tmp, lsl #(8 * (\row) + (\hi))
	.endif
	.endm

/*
 * The last round (no MixColumns) from T into the output halves x9 (c0, c1)
 * and x11 (c2, c3), then AddRoundKey with the key at kp + OFF. Argument
 * cC_J is the T register whose row-J byte goes through the S-box into row
 * J of output column C. x8, x10 (for x9) and x16, x17 (for x11) are the
 * temporaries; the two halves are built interleaved.
 */
	.macro	aes_last, off, c0_0, c0_1, c0_2, c0_3, c1_0, c1_1, c1_2, c1_3, \
			  c2_0, c2_1, c2_2, c2_3, c3_0, c3_1, c3_2, c3_3
	aes_lstep 9, 8, \c0_0, 0, 0
	aes_lstep 11, 16, \c2_0, 0, 0
	aes_lstep 9, 10, \c0_1, 1, 0
	aes_lstep 11, 17, \c2_1, 1, 0
	aes_lstep 9, 8, \c0_2, 2, 0
	aes_lstep 11, 16, \c2_2, 2, 0
	aes_lstep 9, 10, \c0_3, 3, 0
	aes_lstep 11, 17, \c2_3, 3, 0
	aes_lstep 9, 8, \c1_0, 0, 32
	aes_lstep 11, 16, \c3_0, 0, 32
	aes_lstep 9, 10, \c1_1, 1, 32
	aes_lstep 11, 17, \c3_1, 1, 32
	aes_lstep 9, 8, \c1_2, 2, 32
	aes_lstep 11, 16, \c3_2, 2, 32
	aes_lstep 9, 10, \c1_3, 3, 32
	aes_lstep 11, 17, \c3_3, 3, 32
	aes_key	\off
	eor	x9, x9, x16
	eor	x11, x11, x17
	.endm

/*
 * Encryption takes row j of output column c from T column c + j
 * (ShiftRows), decryption from column c - j (InvShiftRows).
 */
	.macro	aes_last_enc, off
	aes_last \off, 12, 13, 14, 15, 13, 14, 15, 12, \
		 14, 15, 12, 13, 15, 12, 13, 14
	.endm
	.macro	aes_last_dec, off
	aes_last \off, 12, 15, 14, 13, 13, 12, 15, 14, \
		 14, 13, 12, 15, 15, 14, 13, 12
	.endm

/*
 * One block: the input halves x8, x10 (h0, h1 form) to the output halves
 * x9, x11. PFX makes the labels unique per function. AES-128 takes the
 * first branch and falls into round 6 after its first round; AES-256 runs
 * every round; AES-192 joins at round 4.
 */
	.macro	aes_block, dir, pfx
	tbz	w4, #2, .Laes_arm64_\pfx\()_128
	tbz	w4, #1, .Laes_arm64_\pfx\()_192
	aes_whiten 0
	aes_round_first \dir, 16
	aes_round_ts \dir, 32
	aes_round_st \dir, 48
	b	.Laes_arm64_\pfx\()_r4
.Laes_arm64_\pfx\()_192:
	aes_whiten 32
	aes_round_first \dir, 48
.Laes_arm64_\pfx\()_r4:
	aes_round_ts \dir, 64
	aes_round_st \dir, 80
	b	.Laes_arm64_\pfx\()_r6
.Laes_arm64_\pfx\()_128:
	aes_whiten 64
	aes_round_first \dir, 80
.Laes_arm64_\pfx\()_r6:
	aes_round_ts \dir, 96
	aes_round_st \dir, 112
	aes_round_ts \dir, 128
	aes_round_st \dir, 144
	aes_round_ts \dir, 160
	aes_round_st \dir, 176
	aes_round_ts \dir, 192
	aes_round_st \dir, 208
	aes_last_\dir 224
	.endm

/*
 * The block functions, one per direction, called with bl from the entry
 * points below; not C-callable (local symbols, so that profilers and
 * nm -S show them). Leaves that never spill x30: no landing pad (no
 * indirect branch reaches them) and no return-address signing. In: x0
 * kp, w4 rounds, x6 and x7 the tables, x8 and x10 the input halves (h0,
 * h1 form). Out: x9 and x11 the output halves.
 * Changes x8-x17 only; preserves x0-x7, the flags and the stack.
 */
	.text
	.balign	64
	.type	cryptarch_aes_arm64_enc_block, %function
cryptarch_aes_arm64_enc_block:
	aes_block enc, eb
	ret
	.size	cryptarch_aes_arm64_enc_block, . - cryptarch_aes_arm64_enc_block

	.balign	64
	.type	cryptarch_aes_arm64_dec_block, %function
cryptarch_aes_arm64_dec_block:
	aes_block dec, db
	ret
	.size	cryptarch_aes_arm64_dec_block, . - cryptarch_aes_arm64_dec_block

/*
 * Entry: stop at once if NBLOCKS (x3) is 0; sign the return address (the
 * block functions' bl overwrites x30, so it goes on the stack: see
 * CRYPTARCH_SIGN_LR in ../asm.h), push the frame record (and x19, x20
 * when SAVE is 1), then the table addresses into x6, x7 and kp into x0.
 */
	.macro	aes_enter, save, rtab, stab, done
	cbz	x3, \done
	CRYPTARCH_SIGN_LR
	.if	\save
	stp	x29, x30, [sp, #-32]!
	mov	x29, sp
	stp	x19, x20, [sp, #16]
	.else
	stp	x29, x30, [sp, #-16]!
	mov	x29, sp
	.endif
	adrp	x6, \rtab
	add	x6, x6, :lo12:\rtab
	adrp	x7, \stab
	add	x7, x7, :lo12:\stab
	add	x0, x0, w4, uxtw #4
	sub	x0, x0, #224
	.endm

/*
 * Exit: zero x8-x17, which held state and round keys (x19, x20, when SAVE
 * is 1, get the caller's values back), pop the frame and authenticate the
 * return address, sp as it was when it was signed.
 */
	.macro	aes_leave, save
	.irp	r, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17
	mov	x\r, xzr
	.endr
	.if	\save
	ldp	x19, x20, [sp, #16]
	ldp	x29, x30, [sp], #32
	.else
	ldp	x29, x30, [sp], #16
	.endif
	CRYPTARCH_AUTH_LR
	.endm

/* The next source block into x8, x10 (h0, h1 form), SRC advanced. */
	.macro	aes_load_src
	ldp	x8, x10, [x2], #16
CPU_BE(	rev	x8, x8		)
CPU_BE(	rev	x10, x10	)
	.endm

/* x9, x11 (h0, h1 form) to DST, DST advanced; x9, x11 are changed on
 * big-endian. */
	.macro	aes_store_dst
CPU_BE(	rev	x9, x9		)
CPU_BE(	rev	x11, x11	)
	stp	x9, x11, [x1], #16
	.endm

/*
 * The register map of every entry point below adds to the one above:
 *   x1 dst and x2 src advance by 16 per block (in the CBC-MAC x1 is the
 *   chaining value and stays put), x3 counts the blocks down
 *   (every function returns at once for 0), x5 is the mode's 16-byte
 *   in/out value (iv, counter or tweak), x29, x30 the frame record (x30
 *   signed while it is on the stack).
 * Callee-saved registers: x19, x20 where said, saved and restored on the
 * stack; no others are used. None of them touches memory other than SRC,
 * DST, the round keys, the tables, x5's 16 bytes and its own 16 or 32
 * bytes of stack.
 */

/*
 * void cryptarch_aes_arm64_ecb_encrypt(const uint32_t *rk, uint8_t *dst,
 *                                      const uint8_t *src, size_t nblocks,
 *                                      unsigned int rounds);
 *
 *   in:  x0 rk (the ek array), x1 dst, x2 src, x3 nblocks, w4 rounds
 *   use: x0 kp, x6 te[0], x7 S-box, x8-x17 in the block function
 *   callee-saved registers: none used
 */
CRYPTARCH_ENTRY(cryptarch_aes_arm64_ecb_encrypt)
	aes_enter 0, cryptarch_aes_te, cryptarch_aes_sbox, .Laes_arm64_ecbe_ret
.Laes_arm64_ecbe_loop:
	aes_load_src
	bl	cryptarch_aes_arm64_enc_block
	aes_store_dst
	subs	x3, x3, #1
	b.ne	.Laes_arm64_ecbe_loop
	aes_leave 0
.Laes_arm64_ecbe_ret:
	ret
CRYPTARCH_END(cryptarch_aes_arm64_ecb_encrypt)

/*
 * void cryptarch_aes_arm64_ecb_decrypt(const uint32_t *rk, uint8_t *dst,
 *                                      const uint8_t *src, size_t nblocks,
 *                                      unsigned int rounds);
 *
 *   in:  x0 rk (the dk array), x1 dst, x2 src, x3 nblocks, w4 rounds
 *   use: x0 kp, x6 td[0], x7 inverse S-box, x8-x17 in the block function
 *   callee-saved registers: none used
 */
CRYPTARCH_ENTRY(cryptarch_aes_arm64_ecb_decrypt)
	aes_enter 0, cryptarch_aes_td, cryptarch_aes_inv_sbox, \
		  .Laes_arm64_ecbd_ret
.Laes_arm64_ecbd_loop:
	aes_load_src
	bl	cryptarch_aes_arm64_dec_block
	aes_store_dst
	subs	x3, x3, #1
	b.ne	.Laes_arm64_ecbd_loop
	aes_leave 0
.Laes_arm64_ecbd_ret:
	ret
CRYPTARCH_END(cryptarch_aes_arm64_ecb_decrypt)

/*
 * void cryptarch_aes_arm64_cbc_encrypt(const uint32_t *rk, uint8_t *dst,
 *                                      const uint8_t *src, size_t nblocks,
 *                                      unsigned int rounds, uint8_t iv[16]);
 *
 *   in:  x0 rk (the ek array), x1 dst, x2 src, x3 nblocks, w4 rounds,
 *        x5 iv (chaining value in, last ciphertext block out)
 *   use: x0 kp, x6 te[0], x7 S-box, x8-x17 in the block function; the
 *        chaining value stays in x9, x11 (h0, h1 form) from one block to
 *        the next, the stored copy goes through x16, x17 on big-endian
 *   callee-saved registers: none used
 */
CRYPTARCH_ENTRY(cryptarch_aes_arm64_cbc_encrypt)
	aes_enter 0, cryptarch_aes_te, cryptarch_aes_sbox, .Laes_arm64_cbce_ret
	ldp	x9, x11, [x5]
CPU_BE(	rev	x9, x9		)
CPU_BE(	rev	x11, x11	)
.Laes_arm64_cbce_loop:
	aes_load_src
	eor	x8, x8, x9
	eor	x10, x10, x11
	bl	cryptarch_aes_arm64_enc_block
CPU_LE(	stp	x9, x11, [x1], #16	)
CPU_BE(	rev	x16, x9		)
CPU_BE(	rev	x17, x11	)
CPU_BE(	stp	x16, x17, [x1], #16	)
	subs	x3, x3, #1
	b.ne	.Laes_arm64_cbce_loop
CPU_BE(	rev	x9, x9		)
CPU_BE(	rev	x11, x11	)
	stp	x9, x11, [x5]
	aes_leave 0
.Laes_arm64_cbce_ret:
	ret
CRYPTARCH_END(cryptarch_aes_arm64_cbc_encrypt)

/*
 * void cryptarch_aes_arm64_cbcmac(const uint32_t *rk, uint8_t x[16],
 *                                 const uint8_t *src, size_t nblocks,
 *                                 unsigned int rounds);
 *
 * The CBC-MAC chain of cmac, xcbc and cbcmac: X = E(X xor B) for each
 * block B; CBC encryption's loop without its stores.
 *
 *   in:  x0 rk (the ek array), x1 x (the chaining value in and out, in
 *        place of dst; it does not advance), x2 src, x3 nblocks,
 *        w4 rounds
 *   use: x0 kp, x6 te[0], x7 S-box, x8-x17 in the block function; the
 *        chaining value stays in x9, x11 (h0, h1 form) from one block to
 *        the next and is stored once, at the end
 *   callee-saved registers: none used
 */
CRYPTARCH_ENTRY(cryptarch_aes_arm64_cbcmac)
	aes_enter 0, cryptarch_aes_te, cryptarch_aes_sbox, .Laes_arm64_mac_ret
	ldp	x9, x11, [x1]
CPU_BE(	rev	x9, x9		)
CPU_BE(	rev	x11, x11	)
.Laes_arm64_mac_loop:
	aes_load_src
	eor	x8, x8, x9
	eor	x10, x10, x11
	bl	cryptarch_aes_arm64_enc_block
	subs	x3, x3, #1
	b.ne	.Laes_arm64_mac_loop
CPU_BE(	rev	x9, x9		)
CPU_BE(	rev	x11, x11	)
	stp	x9, x11, [x1]
	aes_leave 0
.Laes_arm64_mac_ret:
	ret
CRYPTARCH_END(cryptarch_aes_arm64_cbcmac)

/*
 * void cryptarch_aes_arm64_cbc_decrypt(const uint32_t *rk, uint8_t *dst,
 *                                      const uint8_t *src, size_t nblocks,
 *                                      unsigned int rounds, uint8_t iv[16]);
 *
 *   in:  x0 rk (the dk array), x1 dst, x2 src, x3 nblocks, w4 rounds,
 *        x5 iv (chaining value in, last ciphertext block out)
 *   use: x0 kp, x6 td[0], x7 inverse S-box, x8-x17 in the block function;
 *        x19, x20 the chaining value (the previous ciphertext block, as
 *        loaded), which is read again from SRC after each block is
 *        decrypted and before DST is written, so DST may equal SRC
 *   callee-saved registers: x19, x20, saved on the stack
 */
CRYPTARCH_ENTRY(cryptarch_aes_arm64_cbc_decrypt)
	aes_enter 1, cryptarch_aes_td, cryptarch_aes_inv_sbox, \
		  .Laes_arm64_cbcd_ret
	ldp	x19, x20, [x5]
.Laes_arm64_cbcd_loop:
	aes_load_src
	bl	cryptarch_aes_arm64_dec_block
CPU_BE(	rev	x9, x9		)
CPU_BE(	rev	x11, x11	)
	eor	x9, x9, x19
	eor	x11, x11, x20
	ldp	x19, x20, [x2, #-16]
	stp	x9, x11, [x1], #16
	subs	x3, x3, #1
	b.ne	.Laes_arm64_cbcd_loop
	stp	x19, x20, [x5]
	aes_leave 1
.Laes_arm64_cbcd_ret:
	ret
CRYPTARCH_END(cryptarch_aes_arm64_cbc_decrypt)

/*
 * void cryptarch_aes_arm64_ctr_crypt(const uint32_t *rk, uint8_t *dst,
 *                                    const uint8_t *src, size_t nblocks,
 *                                    unsigned int rounds, uint8_t ctr[16]);
 *
 *   in:  x0 rk (the ek array), x1 dst, x2 src, x3 nblocks, w4 rounds,
 *        x5 ctr (128-bit big-endian counter in, the next one out)
 *   use: x0 kp, x6 te[0], x7 S-box, x8-x17 in the block function, with
 *        x16, x17 also the source block after it; x19 (bytes 0-7) and x20
 *        (bytes 8-15) the counter as big-endian numbers, incremented with
 *        a carry, whose byte reversals are the h0, h1 form on either byte
 *        order
 *   callee-saved registers: x19, x20, saved on the stack
 */
CRYPTARCH_ENTRY(cryptarch_aes_arm64_ctr_crypt)
	aes_enter 1, cryptarch_aes_te, cryptarch_aes_sbox, .Laes_arm64_ctr_ret
	ldp	x19, x20, [x5]
CPU_LE(	rev	x19, x19	)
CPU_LE(	rev	x20, x20	)
.Laes_arm64_ctr_loop:
	rev	x8, x19
	rev	x10, x20
	adds	x20, x20, #1
	adc	x19, x19, xzr
	bl	cryptarch_aes_arm64_enc_block
	ldp	x16, x17, [x2], #16
CPU_BE(	rev	x9, x9		)
CPU_BE(	rev	x11, x11	)
	eor	x9, x9, x16
	eor	x11, x11, x17
	stp	x9, x11, [x1], #16
	subs	x3, x3, #1
	b.ne	.Laes_arm64_ctr_loop
CPU_LE(	rev	x19, x19	)
CPU_LE(	rev	x20, x20	)
	stp	x19, x20, [x5]
	aes_leave 1
.Laes_arm64_ctr_ret:
	ret
CRYPTARCH_END(cryptarch_aes_arm64_ctr_crypt)

/*
 * XTS over whole blocks, DIR enc or dec: x19 (bytes 0-7) and x20 (bytes
 * 8-15) hold the tweak as little-endian numbers (IEEE 1619), which is the
 * h0, h1 form; after each block it is multiplied by alpha: shifted left by
 * one bit across the two halves, with 0x87 folded into the low byte when
 * bit 127 was set (a mask from the sign bit, not a branch).
 */
	.macro	aes_xts, block, pfx
	ldp	x19, x20, [x5]
CPU_BE(	rev	x19, x19	)
CPU_BE(	rev	x20, x20	)
.Laes_arm64_\pfx\()_loop:
	aes_load_src
	eor	x8, x8, x19
	eor	x10, x10, x20
	bl	\block
	eor	x9, x9, x19
	eor	x11, x11, x20
	aes_store_dst
	mov	x16, #0x87
	and	x16, x16, x20, asr #63
	extr	x20, x20, x19, #63
	eor	x19, x16, x19, lsl #1
	subs	x3, x3, #1
	b.ne	.Laes_arm64_\pfx\()_loop
CPU_BE(	rev	x19, x19	)
CPU_BE(	rev	x20, x20	)
	stp	x19, x20, [x5]
	aes_leave 1
	.endm

/*
 * void cryptarch_aes_arm64_xts_encrypt(const uint32_t *rk, uint8_t *dst,
 *                                      const uint8_t *src, size_t nblocks,
 *                                      unsigned int rounds, uint8_t tweak[16]);
 *
 *   in:  x0 rk (the ek array), x1 dst, x2 src, x3 nblocks, w4 rounds,
 *        x5 tweak (T for the first block in, T times alpha^nblocks out)
 *   use: x0 kp, x6 te[0], x7 S-box, x8-x17 in the block function, x16
 *        also the reduction term; x19, x20 the tweak
 *   callee-saved registers: x19, x20, saved on the stack
 */
CRYPTARCH_ENTRY(cryptarch_aes_arm64_xts_encrypt)
	aes_enter 1, cryptarch_aes_te, cryptarch_aes_sbox, .Laes_arm64_xtse_ret
	aes_xts	cryptarch_aes_arm64_enc_block, xtse
.Laes_arm64_xtse_ret:
	ret
CRYPTARCH_END(cryptarch_aes_arm64_xts_encrypt)

/*
 * void cryptarch_aes_arm64_xts_decrypt(const uint32_t *rk, uint8_t *dst,
 *                                      const uint8_t *src, size_t nblocks,
 *                                      unsigned int rounds, uint8_t tweak[16]);
 *
 *   in:  x0 rk (the dk array), x1 dst, x2 src, x3 nblocks, w4 rounds,
 *        x5 tweak (T for the first block in, T times alpha^nblocks out)
 *   use: x0 kp, x6 td[0], x7 inverse S-box, x8-x17 in the block function,
 *        x16 also the reduction term; x19, x20 the tweak
 *   callee-saved registers: x19, x20, saved on the stack
 */
CRYPTARCH_ENTRY(cryptarch_aes_arm64_xts_decrypt)
	aes_enter 1, cryptarch_aes_td, cryptarch_aes_inv_sbox, \
		  .Laes_arm64_xtsd_ret
	aes_xts	cryptarch_aes_arm64_dec_block, xtsd
.Laes_arm64_xtsd_ret:
	ret
CRYPTARCH_END(cryptarch_aes_arm64_xts_decrypt)
