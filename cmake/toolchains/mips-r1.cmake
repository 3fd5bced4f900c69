# SPDX-License-Identifier: MIT
# mips-r1: mips-linux-gnu, run under qemu-mips. Big-endian o32 built for
# MIPS32 release 1 (-march=mips32: no rotr/wsbh, so twofish-mips takes its
# shift/or path), run on qemu's default r2 CPU model (Debian's libc needs
# r2 with an FPU; r2 runs r1 code).
set(CRYPTARCH_TRIPLE mips-linux-gnu)
set(CRYPTARCH_PROCESSOR mips)
set(CRYPTARCH_DEB_ARCH mips)
set(CRYPTARCH_QEMU qemu-mips)
set(CRYPTARCH_QEMU_CPU "")
set(CRYPTARCH_CROSS_FLAGS "-march=mips32")
include(${CMAKE_CURRENT_LIST_DIR}/cross-common.cmake)
