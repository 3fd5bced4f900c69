# SPDX-License-Identifier: MIT
# cryptarch - packaging tests, included by tests/CMakeLists.txt:
#   install-consumer  installs this build tree into a temporary prefix and
#                     builds tests/install/consumer.c against it with
#                     pkg-config and with find_package(cryptarch), shared
#                     and static, then runs the four programs
#                     (tests/install/run.sh);
#   readme-example    builds examples/example.c against the shared library
#                     of this build tree, runs it, and checks that README.md
#                     quotes it verbatim (scripts/readme-example.sh).
# Native builds only: both run host tools (pkg-config, cmake, the
# compiler) on the results.

if(CMAKE_CROSSCOMPILING)
	return()
endif()

set(CRYPTARCH_PKG_SKIP 77)

# ---- readme-example -----------------------------------------------------
add_executable(readme-example "${PROJECT_SOURCE_DIR}/examples/example.c")
target_link_libraries(readme-example PRIVATE cryptarch_shared)
add_test(NAME readme-example
	COMMAND bash "${PROJECT_SOURCE_DIR}/scripts/readme-example.sh"
		$<TARGET_FILE:readme-example>
		"${PROJECT_SOURCE_DIR}/README.md"
		"${PROJECT_SOURCE_DIR}/examples/example.c")
set_tests_properties(readme-example PROPERTIES TIMEOUT 60)

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
	add_test(NAME install-consumer
		COMMAND sh -c "echo 'install-consumer: skipped: absolute install directories (${CRYPTARCH_PKG_ABS}) cannot be moved into a temporary prefix'; exit ${CRYPTARCH_PKG_SKIP}")
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
