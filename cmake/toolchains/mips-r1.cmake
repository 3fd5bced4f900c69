# SPDX-License-Identifier: MIT
# mips-r1: mips-linux-gnu, run under qemu-mips. Big-endian o32 built for MIPS32 release 1 (no rotr/wsbh), on an r2 CPU model.
set(CRYPTARCH_TRIPLE mips-linux-gnu)
set(CRYPTARCH_PROCESSOR mips)
set(CRYPTARCH_QEMU qemu-mips)
set(CRYPTARCH_QEMU_CPU "")
set(CRYPTARCH_CROSS_FLAGS "-march=mips32")
include(${CMAKE_CURRENT_LIST_DIR}/cross-common.cmake)
