# SPDX-License-Identifier: MIT
# mips64el: mips64el-linux-gnuabi64, run under qemu-mips64el.
# Little-endian n64, MIPS64r2.
set(CRYPTARCH_TRIPLE mips64el-linux-gnuabi64)
set(CRYPTARCH_PROCESSOR mips64el)
set(CRYPTARCH_DEB_ARCH mips64el)
set(CRYPTARCH_QEMU qemu-mips64el)
set(CRYPTARCH_QEMU_CPU "")
set(CRYPTARCH_CROSS_FLAGS "")
include(${CMAKE_CURRENT_LIST_DIR}/cross-common.cmake)
