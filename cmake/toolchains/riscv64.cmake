# SPDX-License-Identifier: MIT
# riscv64: riscv64-linux-gnu, run under qemu-riscv64. Little-endian, 64-bit.
set(CRYPTARCH_TRIPLE riscv64-linux-gnu)
set(CRYPTARCH_PROCESSOR riscv64)
set(CRYPTARCH_DEB_ARCH riscv64)
set(CRYPTARCH_QEMU qemu-riscv64)
set(CRYPTARCH_QEMU_CPU "")
set(CRYPTARCH_CROSS_FLAGS "")
include(${CMAKE_CURRENT_LIST_DIR}/cross-common.cmake)
