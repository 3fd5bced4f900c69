# SPDX-License-Identifier: MIT
# armhf: arm-linux-gnueabihf, run under qemu-arm. Little-endian, 32-bit,
# Thumb-2 by default.
set(CRYPTARCH_TRIPLE arm-linux-gnueabihf)
set(CRYPTARCH_PROCESSOR armv7l)
set(CRYPTARCH_DEB_ARCH armhf)
set(CRYPTARCH_QEMU qemu-arm)
set(CRYPTARCH_QEMU_CPU "")
set(CRYPTARCH_CROSS_FLAGS "")
include(${CMAKE_CURRENT_LIST_DIR}/cross-common.cmake)
