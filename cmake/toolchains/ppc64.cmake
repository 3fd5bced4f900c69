# SPDX-License-Identifier: MIT
# ppc64: powerpc64-linux-gnu, run under qemu-ppc64. Big-endian, 64-bit (ELFv1).
set(CRYPTARCH_TRIPLE powerpc64-linux-gnu)
set(CRYPTARCH_PROCESSOR ppc64)
set(CRYPTARCH_DEB_ARCH ppc64)
set(CRYPTARCH_QEMU qemu-ppc64)
set(CRYPTARCH_QEMU_CPU "")
set(CRYPTARCH_CROSS_FLAGS "")
include(${CMAKE_CURRENT_LIST_DIR}/cross-common.cmake)
