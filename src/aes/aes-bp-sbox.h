/* SPDX-License-Identifier: MIT */
/*
 * aes-bp-sbox.h - the AES S-box as a Boolean circuit, written once for
 * every bit-sliced implementation (aes-ct64 on 64-bit words, aes-neonbs on
 * 128-bit Advanced SIMD vectors). Include it after defining
 *   BP_SBOX_T       the word type (with ^ and & as bitwise operators),
 *   BP_SBOX_NAME    the function's name,
 *   BP_SBOX_NOT(x)  ~(x), or (x) where the constant 0x63 is folded into
 *                   the round keys instead,
 *   INLINE          the inline keyword the file uses;
 * it defines static INLINE void BP_SBOX_NAME(BP_SBOX_T q[8]), which
 * replaces every byte of the bit-sliced state Q (q[7] holds the most
 * significant bit) by its S-box value, and undefines the three macros.
 *
 * The circuit is Boyar and Peralta's 113-gate one (32 AND, 81 XOR/XNOR,
 * depth 28), from their logic minimization work: "A new combinational
 * logic minimization technique with applications to cryptology" (SEA 2010,
 * IACR ePrint 2009/191; J. Cryptology 26(2), 2013, with Matthews),
 * published as the straight-line program SLP_AES_113 of their circuit
 * collection. Their "A depth-16 circuit for the AES S-box" (SEC 2012, IACR
 * ePrint 2011/332) trades 15 more gates for depth, which software does not
 * need. Signal names follow the listing (its tc* are c* here); U0 and S0
 * are the most significant bits; the XNORs are XOR and BP_SBOX_NOT, three
 * in all. Checked against all 256 S-box values by both users' known-answer
 * tests. Constant-time: no branch, no memory access.
 */
#if !defined(BP_SBOX_T) || !defined(BP_SBOX_NAME) || !defined(BP_SBOX_NOT)
#error "define BP_SBOX_T, BP_SBOX_NAME and BP_SBOX_NOT first"
#endif

static INLINE void BP_SBOX_NAME(BP_SBOX_T *q)
{
	BP_SBOX_T u0 = q[7], u1 = q[6], u2 = q[5], u3 = q[4];
	BP_SBOX_T u4 = q[3], u5 = q[2], u6 = q[1], u7 = q[0];
	BP_SBOX_T y1, y2, y3, y4, y5, y6, y7, y8, y9, y10, y11;
	BP_SBOX_T y12, y13, y14, y15, y16, y17, y18, y19, y20, y21;
	BP_SBOX_T t0, t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11, t12, t13;
	BP_SBOX_T t14, t15, t16, t17, t18, t19, t20, t21, t22, t23, t24, t25;
	BP_SBOX_T t26, t27, t28, t29, t30, t31, t32, t33, t34, t35, t36, t37;
	BP_SBOX_T t38, t39, t40, t41, t42, t43, t44, t45;
	BP_SBOX_T z0, z1, z2, z3, z4, z5, z6, z7, z8, z9, z10, z11, z12, z13;
	BP_SBOX_T z14, z15, z16, z17;
	BP_SBOX_T c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11, c12, c13, c14;
	BP_SBOX_T c16, c17, c18, c20, c21, c26;
	BP_SBOX_T s0, s1, s2, s3, s4, s5, s6, s7;

	/* Top linear transform: 23 XOR. */
	y14 = u3 ^ u5;
	y13 = u0 ^ u6;
	y9 = u0 ^ u3;
	y8 = u0 ^ u5;
	t0 = u1 ^ u2;
	y1 = t0 ^ u7;
	y4 = y1 ^ u3;
	y12 = y13 ^ y14;
	y2 = y1 ^ u0;
	y5 = y1 ^ u6;
	y3 = y5 ^ y8;
	t1 = u4 ^ y12;
	y15 = t1 ^ u5;
	y20 = t1 ^ u1;
	y6 = y15 ^ u7;
	y10 = y15 ^ t0;
	y11 = y20 ^ y9;
	y7 = u7 ^ y11;
	y17 = y10 ^ y11;
	y19 = y10 ^ y8;
	y16 = t0 ^ y11;
	y21 = y13 ^ y16;
	y18 = u0 ^ y16;

	/* Non-linear middle: 32 AND, 30 XOR. */
#include "aes-bp-sbox-middle.h"

	/* Bottom linear transform, 0x63 included: 28 XOR/XNOR. */
	c1 = z15 ^ z16;
	c2 = z10 ^ c1;
	c3 = z9 ^ c2;
	c4 = z0 ^ z2;
	c5 = z1 ^ z0;
	c6 = z3 ^ z4;
	c7 = z12 ^ c4;
	c8 = z7 ^ c6;
	c9 = z8 ^ c7;
	c10 = c8 ^ c9;
	c11 = c6 ^ c5;
	c12 = z3 ^ z5;
	c13 = z13 ^ c1;
	c14 = c4 ^ c12;
	s3 = c3 ^ c11;
	c16 = z6 ^ c8;
	c17 = z14 ^ c10;
	c18 = BP_SBOX_NOT(c13 ^ c14);
	s7 = z12 ^ c18;
	c20 = z15 ^ c16;
	c21 = c2 ^ z11;
	s0 = c3 ^ c16;
	s6 = c10 ^ c18;
	s4 = c14 ^ s3;
	s1 = BP_SBOX_NOT(s3 ^ c16);
	c26 = c17 ^ c20;
	s2 = BP_SBOX_NOT(c26 ^ z17);
	s5 = c21 ^ c17;

	q[7] = s0;
	q[6] = s1;
	q[5] = s2;
	q[4] = s3;
	q[3] = s4;
	q[2] = s5;
	q[1] = s6;
	q[0] = s7;
}

#undef BP_SBOX_T
#undef BP_SBOX_NAME
#undef BP_SBOX_NOT
