/* SPDX-License-Identifier: MIT */
/*
 * errors.c - cryptarch_strerror(): one sentence per error code the library
 * returns (0 or a negative errno value). Never allocates, never fails.
 */
#include "cryptarch.h"

/* see cryptarch.h */
const char *cryptarch_strerror(int err)
{
	switch (err) {
	case 0:
		return "Success";
	case -EINVAL:
		return "Invalid argument (bad key length, bad data length for the mode, or malformed name)";
	case -ENOENT:
		return "No such algorithm, or none that meets the flags on this CPU";
	case -ENOKEY:
		return "No key has been set";
	case -EBADMSG:
		return "Bad message: the authentication tag does not verify";
	case -ENOMEM:
		return "Out of memory";
	default:
		return "Unknown error";
	}
}
