# SPDX-License-Identifier: MIT
# cryptarch - packaging tests, included by tests/CMakeLists.txt:
#   install-consumer  installs this build tree into a temporary prefix and
#                     builds tests/install/consumer.c against it with
#                     pkg-config and with find_package(cryptarch), shared
#                     and static, then runs the four programs
#                     (tests/install/run.sh);
#   readme-example    builds examples/example.c against the shared library
#                     of this build tree, runs it, and checks that README.md
#                     quotes it verbatim (scripts/readme-example.sh);
#   readme-example-mac  the same for examples/mac.c (the shash API);
#   readme-example-aead the same for examples/aead.c (the aead API).
# Native builds only: both run host tools (pkg-config, cmake, the
# compiler) on the results; a cross build registers them as skipped, with
# the reason.

set(CRYPTARCH_PKG_SKIP 77)

if(CMAKE_CROSSCOMPILING)
	foreach(t readme-example readme-example-mac readme-example-aead
		install-consumer)
		cryptarch_add_skipped_test(${t} "${t}: native builds only \
(it runs host tools on the build, and this is a cross build for \
${CMAKE_SYSTEM_PROCESSOR})")
	endforeach()
	return()
endif()

# ---- readme-example -----------------------------------------------------
add_executable(readme-example "${PROJECT_SOURCE_DIR}/examples/example.c")
target_link_libraries(readme-example PRIVATE cryptarch_shared)
add_test(NAME readme-example
	COMMAND bash "${PROJECT_SOURCE_DIR}/scripts/readme-example.sh"
		$<TARGET_FILE:readme-example>
		"${PROJECT_SOURCE_DIR}/README.md"
		"${PROJECT_SOURCE_DIR}/examples/example.c")
set_tests_properties(readme-example PROPERTIES TIMEOUT 60)
add_executable(readme-example-mac "${PROJECT_SOURCE_DIR}/examples/mac.c")
target_link_libraries(readme-example-mac PRIVATE cryptarch_shared)
add_test(NAME readme-example-mac
	COMMAND bash "${PROJECT_SOURCE_DIR}/scripts/readme-example.sh"
		$<TARGET_FILE:readme-example-mac>
		"${PROJECT_SOURCE_DIR}/README.md"
		"${PROJECT_SOURCE_DIR}/examples/mac.c")
set_tests_properties(readme-example-mac PROPERTIES TIMEOUT 60)
add_executable(readme-example-aead "${PROJECT_SOURCE_DIR}/examples/aead.c")
target_link_libraries(readme-example-aead PRIVATE cryptarch_shared)
add_test(NAME readme-example-aead
	COMMAND bash "${PROJECT_SOURCE_DIR}/scripts/readme-example.sh"
		$<TARGET_FILE:readme-example-aead>
		"${PROJECT_SOURCE_DIR}/README.md"
		"${PROJECT_SOURCE_DIR}/examples/aead.c")
set_tests_properties(readme-example-aead PROPERTIES TIMEOUT 60)

# ---- install-consumer ---------------------------------------------------
# With an absolute install directory `cmake --install --prefix` cannot
# relocate it, and the test would write outside its temporary prefix.
set(CRYPTARCH_PKG_ABS "")
foreach(d BINDIR LIBDIR INCLUDEDIR MANDIR DOCDIR)
	if(IS_ABSOLUTE "${CMAKE_INSTALL_${d}}")
		list(APPEND CRYPTARCH_PKG_ABS "CMAKE_INSTALL_${d}")
	endif()
endforeach()

if(CRYPTARCH_SANITIZE)
	set(CRYPTARCH_PKG_SAN_FLAGS "-fsanitize=${CRYPTARCH_SANITIZE}")
else()
	set(CRYPTARCH_PKG_SAN_FLAGS "")
endif()

if(CRYPTARCH_PKG_ABS)
	string(REPLACE ";" " " abs "${CRYPTARCH_PKG_ABS}")
	cryptarch_add_skipped_test(install-consumer "install-consumer: \
absolute install directories (${abs}) cannot be moved into a temporary \
prefix")
else()
	add_test(NAME install-consumer
		COMMAND bash "${PROJECT_SOURCE_DIR}/tests/install/run.sh"
			"${PROJECT_BINARY_DIR}" "${PROJECT_SOURCE_DIR}")
	set_tests_properties(install-consumer PROPERTIES ENVIRONMENT
		"CC=${CMAKE_C_COMPILER};CMAKE=${CMAKE_COMMAND};CRYPTARCH_SAN_FLAGS=${CRYPTARCH_PKG_SAN_FLAGS};CRYPTARCH_VERSION=${PROJECT_VERSION}")
endif()
set_tests_properties(install-consumer PROPERTIES
	TIMEOUT 600
	SKIP_RETURN_CODE ${CRYPTARCH_PKG_SKIP})
