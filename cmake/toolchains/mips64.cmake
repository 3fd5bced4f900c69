# SPDX-License-Identifier: MIT
# mips64: mips64-linux-gnuabi64, run under qemu-mips64. Big-endian n64,
# MIPS64r2.
set(CRYPTARCH_TRIPLE mips64-linux-gnuabi64)
set(CRYPTARCH_PROCESSOR mips64)
set(CRYPTARCH_DEB_ARCH mips64)
set(CRYPTARCH_QEMU qemu-mips64)
set(CRYPTARCH_QEMU_CPU "")
set(CRYPTARCH_CROSS_FLAGS "")
include(${CMAKE_CURRENT_LIST_DIR}/cross-common.cmake)
