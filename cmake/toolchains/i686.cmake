# SPDX-License-Identifier: MIT
# i686: i686-linux-gnu, run under qemu-i386. Little-endian, 32-bit x86.
set(CRYPTARCH_TRIPLE i686-linux-gnu)
set(CRYPTARCH_PROCESSOR i686)
set(CRYPTARCH_DEB_ARCH i386)
set(CRYPTARCH_QEMU qemu-i386)
set(CRYPTARCH_QEMU_CPU "")
set(CRYPTARCH_CROSS_FLAGS "")
include(${CMAKE_CURRENT_LIST_DIR}/cross-common.cmake)
