/* SPDX-License-Identifier: MIT */
/*
 * aes-ct64.h - the registry descriptor of "aes-ct64", the constant-time
 * bit-sliced AES on 64-bit words (aes-ct64.c). Its context, round keys and
 * hooks are private to that file and reached only through the
 * descriptor.
 */
#ifndef CRYPTARCH_AES_CT64_H
#define CRYPTARCH_AES_CT64_H

#include "../core/desc.h"

/* The registry descriptor of "aes-ct64". */
extern const struct cryptarch_driver cryptarch_aes_ct64_driver;

#endif /* CRYPTARCH_AES_CT64_H */
