# SPDX-License-Identifier: MIT
# cryptarch - installation: libcryptarch.a and libcryptarch.so (with its
# SOVERSION), the public header, README/NEWS/LICENSE, a pkg-config file and
# a CMake package (find_package(cryptarch) gives cryptarch::cryptarch, the
# shared library, and cryptarch::cryptarch_static). The `cryptarch` command
# and its man page are installed by tools/CMakeLists.txt.
# Included at the end of the top-level CMakeLists.txt; paths follow
# GNUInstallDirs, so `cmake --install <build> --prefix <dir>` relocates all
# of them, the pkg-config file included.

set(CRYPTARCH_CMAKE_DIR "${CMAKE_INSTALL_LIBDIR}/cmake/cryptarch")

# ---- libraries and header -----------------------------------------------
set_target_properties(cryptarch_shared PROPERTIES EXPORT_NAME cryptarch)
set_target_properties(cryptarch_static PROPERTIES EXPORT_NAME cryptarch_static)
install(TARGETS cryptarch_shared cryptarch_static
	EXPORT cryptarch-targets
	ARCHIVE DESTINATION "${CMAKE_INSTALL_LIBDIR}"
	LIBRARY DESTINATION "${CMAKE_INSTALL_LIBDIR}"
	RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}"
	INCLUDES DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}")
install(FILES "${PROJECT_SOURCE_DIR}/include/cryptarch.h"
	DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}")

# ---- documentation ----------------------------------------------------
install(FILES "${PROJECT_SOURCE_DIR}/README.md" "${PROJECT_SOURCE_DIR}/NEWS"
	"${PROJECT_SOURCE_DIR}/LICENSE"
	DESTINATION "${CMAKE_INSTALL_DOCDIR}" OPTIONAL)

# ---- pkg-config ---------------------------------------------------------
# The prefix is only known at install time (`cmake --install --prefix`), so
# the file is configured twice: now for everything but the prefix (the
# @CRYPTARCH_PC_PREFIX@ placeholder survives this pass), then by the
# install script with the prefix actually used.
foreach(d LIBDIR INCLUDEDIR)
	if(IS_ABSOLUTE "${CMAKE_INSTALL_${d}}")
		set(CRYPTARCH_PC_${d} "${CMAKE_INSTALL_${d}}")
	elseif(d STREQUAL "LIBDIR")
		set(CRYPTARCH_PC_${d} "\${exec_prefix}/${CMAKE_INSTALL_${d}}")
	else()
		set(CRYPTARCH_PC_${d} "\${prefix}/${CMAKE_INSTALL_${d}}")
	endif()
endforeach()
set(CRYPTARCH_PC_PREFIX "@CRYPTARCH_PC_PREFIX@")
configure_file("${PROJECT_SOURCE_DIR}/cmake/cryptarch.pc.in"
	"${PROJECT_BINARY_DIR}/cryptarch.pc.stage" @ONLY)
install(CODE "
	set(CRYPTARCH_PC_PREFIX \"\${CMAKE_INSTALL_PREFIX}\")
	configure_file(\"${PROJECT_BINARY_DIR}/cryptarch.pc.stage\"
		\"${PROJECT_BINARY_DIR}/cryptarch.pc\" @ONLY)
")
install(FILES "${PROJECT_BINARY_DIR}/cryptarch.pc"
	DESTINATION "${CMAKE_INSTALL_LIBDIR}/pkgconfig")

# ---- CMake package ------------------------------------------------------
install(EXPORT cryptarch-targets
	NAMESPACE cryptarch::
	FILE cryptarch-targets.cmake
	DESTINATION "${CRYPTARCH_CMAKE_DIR}")
configure_package_config_file(
	"${PROJECT_SOURCE_DIR}/cmake/cryptarch-config.cmake.in"
	"${PROJECT_BINARY_DIR}/cryptarch-config.cmake"
	INSTALL_DESTINATION "${CRYPTARCH_CMAKE_DIR}")
# 0.x: a new minor version may change the API, so only the same minor
# version is compatible; from 1.0 on this becomes SameMajorVersion.
write_basic_package_version_file(
	"${PROJECT_BINARY_DIR}/cryptarch-config-version.cmake"
	VERSION "${PROJECT_VERSION}"
	COMPATIBILITY SameMinorVersion)
install(FILES "${PROJECT_BINARY_DIR}/cryptarch-config.cmake"
	"${PROJECT_BINARY_DIR}/cryptarch-config-version.cmake"
	DESTINATION "${CRYPTARCH_CMAKE_DIR}")
