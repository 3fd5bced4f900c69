# SPDX-License-Identifier: MIT
# ct-trace.cmake - the constant-time trace tests (issue 3 section 5),
# registered in cross builds whose emulator is qemu-user, for aarch64 and
# MIPS (CRYPTARCH_CT_TRACE=AUTO) or every cross target (ON): one test
# ct-trace-<driver> per implementation built into the library, each running
# tests/ct-trace.sh on tests/ct-probe under the emulator with the cttrace
# plugin. The script, not an executable target, is the test command, so
# ctest does not wrap it in the emulator: it gets the emulator command from
# CMAKE_CROSSCOMPILING_EMULATOR as its last arguments. The probe alone is
# linked -static -no-pie, with the whole archive in archive order (each
# driver's objects together) and a link map, so that the map and `nm -S`
# give the addresses qemu executes (bench/code-range.sh). Drivers claiming
# constant-time must leave identical traces for every pair of keys and of
# plaintexts; table-based ones must be seen to differ. Skipped (77) when the host compiler cannot
# build the plugin.

set(CRYPTARCH_CT_TRACE AUTO CACHE STRING
	"Constant-time trace tests: AUTO (aarch64 and MIPS cross builds), \
ON (every cross build under qemu-user) or OFF")
set_property(CACHE CRYPTARCH_CT_TRACE PROPERTY STRINGS AUTO ON OFF)
if(NOT CMAKE_CROSSCOMPILING OR NOT CMAKE_CROSSCOMPILING_EMULATOR OR
		CRYPTARCH_CT_TRACE STREQUAL "OFF")
	return()
endif()
if(CRYPTARCH_CT_TRACE STREQUAL "AUTO" AND
		NOT CMAKE_SYSTEM_PROCESSOR MATCHES "^(aarch64|arm64|mips)")
	return()
endif()
list(GET CMAKE_CROSSCOMPILING_EMULATOR 0 cryptarch_ct_emu)
get_filename_component(cryptarch_ct_emu ${cryptarch_ct_emu} NAME)
if(NOT cryptarch_ct_emu MATCHES "^qemu-")
	message(STATUS "cryptarch tests: ct-trace needs a qemu-user "
		"emulator, not ${cryptarch_ct_emu}; not registered")
	return()
endif()
find_program(CRYPTARCH_BASH bash)
if(NOT CRYPTARCH_BASH OR NOT CMAKE_NM OR NOT CMAKE_OBJDUMP)
	message(STATUS "cryptarch tests: ct-trace needs bash, nm and objdump "
		"of the target; not registered")
	return()
endif()

add_executable(ct-probe ct-probe.c)
target_include_directories(ct-probe PRIVATE
	${PROJECT_SOURCE_DIR}/src ${PROJECT_SOURCE_DIR}/src/core)
target_link_libraries(ct-probe PRIVATE
	-Wl,--whole-archive cryptarch_static -Wl,--no-whole-archive)
target_link_options(ct-probe PRIVATE -static -no-pie
	-Wl,-Map=${CMAKE_CURRENT_BINARY_DIR}/ct-probe.map)

# Every driver of this build (CRYPTARCH_DRIVERS); each driver's code is in
# the object named after it (aes-ce.c.o; glue files hold no cryptography).
set(cryptarch_ct_drivers ${CRYPTARCH_DRIVERS})

foreach(d ${cryptarch_ct_drivers})
	add_test(NAME ct-trace-${d}
		COMMAND ${CRYPTARCH_BASH}
			${CMAKE_CURRENT_SOURCE_DIR}/ct-trace.sh
			$<TARGET_FILE:ct-probe>
			${CMAKE_CURRENT_BINARY_DIR}/ct-probe.map
			$<TARGET_FILE:cryptarch_static>
			${CMAKE_NM} ${CMAKE_OBJDUMP}
			${PROJECT_SOURCE_DIR}
			${CMAKE_CURRENT_BINARY_DIR}/ct-trace/${d}
			${d}
			${CMAKE_CROSSCOMPILING_EMULATOR})
	set_tests_properties(ct-trace-${d} PROPERTIES
		SKIP_RETURN_CODE 77
		TIMEOUT ${CRYPTARCH_TEST_TIMEOUT})
endforeach()
