/* SPDX-License-Identifier: MIT */
/*
 * aes-vperm-xmm.h - the 128-bit inclusion of aes-vperm-core.h that every
 * vector-permute AES file makes first, one block per xmm register: the
 * rounds on xmm registers and the one-block code (single blocks, CBC
 * encryption, the key schedule, the CTR and XTS helpers), every function
 * named name_x, the names aes-vperm-modes.h calls. It takes the
 * instructions of the including file's ISA (SSSE3 in aes-vperm.c, their
 * VEX forms in aes-vperm-avx2.c), and VPTERNLOGQ for the three-way XORs
 * where the file defines VP_TERNLOG before including it (AVX-512VL,
 * aes-vperm-avx512.c). No include guard: one inclusion per file; the VP_
 * macros are undefined again at the end, for the file's own.
 */
#define VP_V __m128i
#define VP_FN(name) name##_x
#define VP_XOR(a, b) _mm_xor_si128(a, b)
#ifdef VP_TERNLOG
#define VP_XOR3(a, b, c) _mm_ternarylogic_epi64(a, b, c, 0x96)
#else
#define VP_XOR3(a, b, c) _mm_xor_si128(_mm_xor_si128(a, b), c)
#endif
#define VP_AND(a, b) _mm_and_si128(a, b)
#define VP_SHUF(t, i) _mm_shuffle_epi8(t, i)
#define VP_SRL4(x) _mm_srli_epi16(x, 4)
#define VP_BCAST(p) _mm_load_si128((const __m128i *)(const void *)(p))
#define VP_SET1(b) _mm_set1_epi8((char)(b))
#define VP_SINGLE
#include "aes-vperm-core.h"
#undef VP_V
#undef VP_FN
#undef VP_XOR
#undef VP_XOR3
#undef VP_AND
#undef VP_SHUF
#undef VP_SRL4
#undef VP_BCAST
#undef VP_SET1
#undef VP_SINGLE
#undef VP_TERNLOG
