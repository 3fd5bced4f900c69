/* SPDX-License-Identifier: MIT */
/*
 * aes.h - the algorithm descriptor of AES (aes.c), which every AES
 * driver's descriptor points to.
 */
#ifndef CRYPTARCH_AES_H
#define CRYPTARCH_AES_H

#include "../core/desc.h"

extern const struct cryptarch_algorithm cryptarch_aes;

#endif /* CRYPTARCH_AES_H */
