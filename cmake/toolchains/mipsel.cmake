# SPDX-License-Identifier: MIT
# mipsel: mipsel-linux-gnu, run under qemu-mipsel. Little-endian o32, MIPS32r2.
set(CRYPTARCH_TRIPLE mipsel-linux-gnu)
set(CRYPTARCH_PROCESSOR mipsel)
set(CRYPTARCH_DEB_ARCH mipsel)
set(CRYPTARCH_QEMU qemu-mipsel)
set(CRYPTARCH_QEMU_CPU "")
set(CRYPTARCH_CROSS_FLAGS "")
include(${CMAKE_CURRENT_LIST_DIR}/cross-common.cmake)
