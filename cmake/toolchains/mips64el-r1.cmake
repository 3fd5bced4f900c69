# SPDX-License-Identifier: MIT
# mips64el-r1: mips64el-linux-gnuabi64, run under qemu-mips64el.
# Little-endian n64 built for MIPS64 release 1 (-march=mips64: no
# drotr/dsbh/rotr, so twofish-mips takes its shift/or path), run on qemu's
# default r2 CPU model (Debian's libc needs r2 with an FPU).
set(CRYPTARCH_TRIPLE mips64el-linux-gnuabi64)
set(CRYPTARCH_PROCESSOR mips64el)
set(CRYPTARCH_DEB_ARCH mips64el)
set(CRYPTARCH_QEMU qemu-mips64el)
set(CRYPTARCH_QEMU_CPU "")
set(CRYPTARCH_CROSS_FLAGS "-march=mips64")
include(${CMAKE_CURRENT_LIST_DIR}/cross-common.cmake)
