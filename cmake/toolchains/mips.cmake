# SPDX-License-Identifier: MIT
# mips: mips-linux-gnu, run under qemu-mips. Big-endian o32, MIPS32r2.
set(CRYPTARCH_TRIPLE mips-linux-gnu)
set(CRYPTARCH_PROCESSOR mips)
set(CRYPTARCH_DEB_ARCH mips)
set(CRYPTARCH_QEMU qemu-mips)
set(CRYPTARCH_QEMU_CPU "")
set(CRYPTARCH_CROSS_FLAGS "")
include(${CMAKE_CURRENT_LIST_DIR}/cross-common.cmake)
