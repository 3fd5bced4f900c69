/* SPDX-License-Identifier: MIT */
/*
 * sha256.h - the algorithm "sha256" (FIPS 180-4) that SHA-256 drivers
 * implement, as a hash of type shash.
 */
#ifndef CRYPTARCH_SHA256_H
#define CRYPTARCH_SHA256_H

#include "../core/desc.h"

extern const struct cryptarch_algorithm cryptarch_sha256;

#endif /* CRYPTARCH_SHA256_H */
