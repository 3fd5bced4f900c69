# SPDX-License-Identifier: MIT
# mips64el-r1: mips64el-linux-gnuabi64, run under qemu-mips64el. Little-endian n64 built for MIPS64 release 1 (no drotr/dsbh), on an r2 CPU model.
set(CRYPTARCH_TRIPLE mips64el-linux-gnuabi64)
set(CRYPTARCH_PROCESSOR mips64el)
set(CRYPTARCH_QEMU qemu-mips64el)
set(CRYPTARCH_QEMU_CPU "")
set(CRYPTARCH_CROSS_FLAGS "-march=mips64")
include(${CMAKE_CURRENT_LIST_DIR}/cross-common.cmake)
