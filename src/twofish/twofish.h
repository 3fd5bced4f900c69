/* SPDX-License-Identifier: MIT */
/*
 * twofish.h - the algorithm descriptor of Twofish (twofish.c), which every
 * Twofish driver's descriptor points to.
 */
#ifndef CRYPTARCH_TWOFISH_H
#define CRYPTARCH_TWOFISH_H

#include "../core/desc.h"

extern const struct cryptarch_algorithm cryptarch_twofish;

#endif /* CRYPTARCH_TWOFISH_H */
