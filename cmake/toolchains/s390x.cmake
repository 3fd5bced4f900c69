# SPDX-License-Identifier: MIT
# s390x: s390x-linux-gnu, run under qemu-s390x. Big-endian, 64-bit.
set(CRYPTARCH_TRIPLE s390x-linux-gnu)
set(CRYPTARCH_PROCESSOR s390x)
set(CRYPTARCH_DEB_ARCH s390x)
set(CRYPTARCH_QEMU qemu-s390x)
set(CRYPTARCH_QEMU_CPU "")
set(CRYPTARCH_CROSS_FLAGS "")
include(${CMAKE_CURRENT_LIST_DIR}/cross-common.cmake)
