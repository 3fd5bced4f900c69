# SPDX-License-Identifier: MIT
# Shared body of the cross toolchain files. Each file sets CRYPTARCH_TRIPLE
# (the GNU triple: compiler <triple>-gcc, sysroot /usr/<triple>),
# CRYPTARCH_PROCESSOR, CRYPTARCH_DEB_ARCH (the Debian architecture of its
# libc6-dev-<arch>-cross package), CRYPTARCH_QEMU (the qemu-user program)
# and optionally CRYPTARCH_QEMU_CPU and CRYPTARCH_CROSS_FLAGS, then includes
# this file; scripts/check-all.sh and scripts/install-deps.sh read the same
# set() lines. ctest runs every test whose COMMAND is an executable target
# under qemu-user with the target's sysroot (-L: binfmt_misc is not
# assumed), and CMAKE_CROSSCOMPILING_EMULATOR is handed to the scripted
# tests that run cross-built programs (tests/cli-test.sh).
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR ${CRYPTARCH_PROCESSOR})
set(CMAKE_C_COMPILER ${CRYPTARCH_TRIPLE}-gcc)
set(CMAKE_ASM_COMPILER ${CRYPTARCH_TRIPLE}-gcc)
set(CMAKE_FIND_ROOT_PATH /usr/${CRYPTARCH_TRIPLE})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
if(CRYPTARCH_CROSS_FLAGS)
	set(CMAKE_C_FLAGS_INIT "${CRYPTARCH_CROSS_FLAGS}")
	set(CMAKE_ASM_FLAGS_INIT "${CRYPTARCH_CROSS_FLAGS}")
endif()

# pkg-config must not hand the host's .pc files (and with them /usr/include
# and the host's libraries) to a cross build: search the target's sysroot
# only. PKG_CONFIG_PATH, if the user set one, still comes first.
set(ENV{PKG_CONFIG_LIBDIR} "/usr/${CRYPTARCH_TRIPLE}/lib/pkgconfig:\
/usr/${CRYPTARCH_TRIPLE}/share/pkgconfig")

# The emulator: qemu-user from PATH (Debian: /usr/bin, package qemu-user).
find_program(CRYPTARCH_QEMU_PROGRAM ${CRYPTARCH_QEMU}
	NO_CMAKE_FIND_ROOT_PATH)
if(CRYPTARCH_QEMU_PROGRAM)
	set(emu ${CRYPTARCH_QEMU_PROGRAM})
else()
	set(emu /usr/bin/${CRYPTARCH_QEMU})
endif()
if(CRYPTARCH_QEMU_CPU)
	list(APPEND emu -cpu ${CRYPTARCH_QEMU_CPU})
endif()
list(APPEND emu -L /usr/${CRYPTARCH_TRIPLE})
set(CMAKE_CROSSCOMPILING_EMULATOR ${emu})
