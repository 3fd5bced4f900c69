# SPDX-License-Identifier: MIT
# aarch64: aarch64-linux-gnu, run under qemu-aarch64.
set(CRYPTARCH_TRIPLE aarch64-linux-gnu)
set(CRYPTARCH_PROCESSOR aarch64)
set(CRYPTARCH_DEB_ARCH arm64)
set(CRYPTARCH_QEMU qemu-aarch64)
set(CRYPTARCH_QEMU_CPU "max")
set(CRYPTARCH_CROSS_FLAGS "")
include(${CMAKE_CURRENT_LIST_DIR}/cross-common.cmake)
