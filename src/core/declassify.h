/* SPDX-License-Identifier: MIT */
/*
 * declassify.h - the one point where a value computed from secrets is
 * public by design: an aead tag's verdict (accepted or refused), which the
 * caller learns anyway. Code branches on such a value only after passing
 * it through cryptarch_declassify() (see declassify.c).
 */
#ifndef CRYPTARCH_DECLASSIFY_H
#define CRYPTARCH_DECLASSIFY_H

/* Returns V, marked as public for the constant-time test under valgrind
 * memcheck (tests/ct-valgrind.c); otherwise a plain function call. */
int cryptarch_declassify(int v);

#endif /* CRYPTARCH_DECLASSIFY_H */
