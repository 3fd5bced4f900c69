# SPDX-License-Identifier: MIT
# ct-valgrind.cmake - the constant-time test under valgrind memcheck (issue
# 6, constant-time verification), included from tests/CMakeLists.txt after
# cryptarch_add_skipped_test is defined. Test ct-valgrind runs
# tests/ct-valgrind.c (test-ct-valgrind --all) under memcheck with the key,
# iv and data marked undefined: every driver flagged constant-time must be
# clean and every table-based one must be reported; the program counts the
# errors itself (VALGRIND_COUNT_ERRORS), so valgrind's exit status is not
# used, and the error details go to ct-valgrind.log in this build directory.
# It links the static library as built, at the build's own optimisation
# level. Registered in native builds without sanitizers when valgrind and
# <valgrind/memcheck.h> are found; otherwise a test that is skipped (77)
# with the reason. valgrind 3.19 runs neither AVX-512 nor 256-bit VAES code
# and hides those features from CPUID: a driver that needs them is listed
# as not verified, never as clean. Every skcipher and shash name over
# each cipher driver (tests/ct-valgrind.c, names[]) and each hash driver:
# about 7 s of CPU (13 s on a loaded 2-core VM) for the twelve x86_64
# drivers, nine of them runnable (valgrind 3.19, 2026-12-01).

include(CheckIncludeFile)

set(cryptarch_ctv_skip "")
if(CMAKE_CROSSCOMPILING)
	set(cryptarch_ctv_skip "ct-valgrind: native builds only (this is a \
cross build for ${CMAKE_SYSTEM_PROCESSOR})")
elseif(CRYPTARCH_SANITIZE)
	set(cryptarch_ctv_skip "ct-valgrind: not run in sanitizer builds \
(CRYPTARCH_SANITIZE=${CRYPTARCH_SANITIZE})")
else()
	find_program(CRYPTARCH_VALGRIND valgrind)
	check_include_file(valgrind/memcheck.h CRYPTARCH_HAVE_MEMCHECK_H)
	if(NOT CRYPTARCH_VALGRIND)
		set(cryptarch_ctv_skip "ct-valgrind: valgrind not found")
	elseif(NOT CRYPTARCH_HAVE_MEMCHECK_H)
		set(cryptarch_ctv_skip "ct-valgrind: valgrind/memcheck.h not \
found (install the valgrind development headers)")
	endif()
endif()

if(cryptarch_ctv_skip)
	string(REPLACE ";" "," cryptarch_ctv_skip "${cryptarch_ctv_skip}")
	cryptarch_add_skipped_test(ct-valgrind "${cryptarch_ctv_skip}")
	message(STATUS "cryptarch tests: ${cryptarch_ctv_skip} (skipped)")
	return()
endif()

add_executable(test-ct-valgrind ct-valgrind.c)
target_link_libraries(test-ct-valgrind PRIVATE cryptarch_internal)
add_test(NAME ct-valgrind
	COMMAND ${CRYPTARCH_VALGRIND} --tool=memcheck --quiet
		--error-exitcode=0 --error-limit=no
		--log-file=${CMAKE_CURRENT_BINARY_DIR}/ct-valgrind.log
		$<TARGET_FILE:test-ct-valgrind> --all)
set_tests_properties(ct-valgrind PROPERTIES
	SKIP_RETURN_CODE 77
	TIMEOUT 120)
