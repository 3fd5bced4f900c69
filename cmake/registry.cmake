# SPDX-License-Identifier: MIT
# registry.cmake - what the lines of src/registry.cmake mean: each
# declares one type, template or driver, with its sources; the build
# compiles them and generates registry-list.c, the lists the core
# enumerates (src/core/registry.c). No #ifdef: a driver that cannot be
# built for the target is simply not in the list.
#
#   cryptarch_sources(file...)
#       library sources that are none of the below (algorithms, tables)
#   cryptarch_type(NAME file...)
#       the type NAME, object cryptarch_type_<NAME>
#   cryptarch_template(NAME file...)
#       the template NAME, object cryptarch_<NAME>_template
#   cryptarch_driver(NAME WHERE [NEEDS driver...] file... [ISA isa file...]...)
#       the driver NAME, object cryptarch_<stem>_driver (stem: NAME with
#       '-' as '_'), built where WHERE says: all, x86 (x86_64 and i686),
#       x86_64, arm64 or mips, and only if every driver it NEEDS is built
#       (one whose code it borrows). Files after "ISA <isa>" are compiled
#       with that instruction set's flags (CRYPTARCH_ISA_FLAGS_<isa>) in
#       their own OBJECT library, cryptarch_isa_<isa>; only they may
#       contain such instructions, and only code that runs after a CPU
#       feature check (a non-inline helper built with -mavx2 and called
#       from generic code would fault on an older CPU). The cache option
#       CRYPTARCH_ENABLE_<NAME> (upper case, '_' for '-') is AUTO (build it
#       where the target can), ON (fail if it cannot) or OFF.
#
# The lines go into the set named by CRYPTARCH_REGISTRY_SET (default
# "main": the library). The tests declare a toy driver and template in the
# set "toy" with the same functions (tests/toy/registry.cmake), which is
# the main set plus theirs.
#
# Results, per set S: CRYPTARCH_<S>_SOURCES (plain sources),
# CRYPTARCH_<S>_DRIVERS, _TEMPLATES, _TYPES (names, in order), _WHERE (each
# driver's WHERE, in the drivers' order); and
# CRYPTARCH_ISA_OBJECTS, the ISA object libraries' objects.

set(CRYPTARCH_ISA_FLAGS_aesni -msse2 -mssse3 -msse4.1 -maes -mpclmul)
set(CRYPTARCH_ISA_FLAGS_ssse3 -msse2 -mssse3)
set(CRYPTARCH_ISA_FLAGS_pclmul -msse2 -mssse3 -msse4.1 -mpclmul)
set(CRYPTARCH_ISA_FLAGS_avx2 -mavx -mavx2 -mbmi2)
set(CRYPTARCH_ISA_FLAGS_vaes256 -maes -mpclmul -mavx -mavx2 -mvaes
	-mvpclmulqdq)
set(CRYPTARCH_ISA_FLAGS_vaes512 -maes -mpclmul -mavx -mavx2 -mvaes
	-mvpclmulqdq -mavx512f -mavx512bw -mavx512vl)
set(CRYPTARCH_ISA_FLAGS_vpclmul512 -mpclmul -mavx -mavx2 -mvpclmulqdq
	-mavx512f -mavx512bw -mavx512vl)
set(CRYPTARCH_ISA_FLAGS_avx512 -mavx -mavx2 -mavx512f -mavx512bw
	-mavx512vl)
set(CRYPTARCH_ISA_FLAGS_avx512vbmi -mavx -mavx2 -mavx512f -mavx512bw
	-mavx512vl -mavx512vbmi -mgfni)
set(CRYPTARCH_ISA_FLAGS_armv8crypto -march=armv8-a+crypto)

set(CRYPTARCH_REGISTRY_SET main)
set(CRYPTARCH_ISA_OBJECTS)

set(cryptarch_where_all ON)
set(cryptarch_where_arm64 OFF)
set(cryptarch_where_mips OFF)
set(cryptarch_where_x86 OFF)
set(cryptarch_where_x86_64 OFF)
if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(aarch64|arm64)$")
	set(cryptarch_where_arm64 ON)
elseif(CMAKE_SYSTEM_PROCESSOR MATCHES "^mips")
	set(cryptarch_where_mips ON)
elseif(CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$")
	set(cryptarch_where_x86 ON)
	set(cryptarch_where_x86_64 ON)
elseif(CMAKE_SYSTEM_PROCESSOR MATCHES "^i[3-6]86$")
	set(cryptarch_where_x86 ON)
endif()

# Append VALUES to the set's list KIND, in the caller's caller's scope;
# sources as absolute paths (file names are relative to the project's top).
macro(cryptarch_registry_append kind)
	set(_v CRYPTARCH_${CRYPTARCH_REGISTRY_SET}_${kind})
	if("${kind}" STREQUAL "SOURCES")
		foreach(_f ${ARGN})
			list(APPEND ${_v} ${PROJECT_SOURCE_DIR}/${_f})
		endforeach()
	else()
		list(APPEND ${_v} ${ARGN})
	endif()
	set(${_v} ${${_v}} PARENT_SCOPE)
endmacro()

function(cryptarch_sources)
	cryptarch_registry_append(SOURCES ${ARGN})
endfunction()

function(cryptarch_type name)
	cryptarch_registry_append(SOURCES ${ARGN})
	cryptarch_registry_append(TYPES ${name})
endfunction()

function(cryptarch_template name)
	cryptarch_registry_append(SOURCES ${ARGN})
	cryptarch_registry_append(TEMPLATES ${name})
endfunction()

function(cryptarch_driver name where)
	string(TOUPPER "${name}" opt)
	string(REPLACE "-" "_" opt "${opt}")
	set(CRYPTARCH_ENABLE_${opt} AUTO CACHE STRING
		"Build the driver ${name}: AUTO, ON or OFF")
	set(want ${CRYPTARCH_ENABLE_${opt}})
	if(NOT DEFINED cryptarch_where_${where})
		message(FATAL_ERROR "cryptarch_driver(${name}): unknown WHERE '${where}'")
	endif()
	set(possible ${cryptarch_where_${where}})
	set(state SOURCES)
	set(isa "")
	set(plain "")
	set(isa_files "")
	foreach(arg IN LISTS ARGN)
		if(arg STREQUAL "NEEDS" OR arg STREQUAL "ISA")
			set(state ${arg})
		elseif(state STREQUAL "NEEDS")
			set(_built CRYPTARCH_${CRYPTARCH_REGISTRY_SET}_DRIVERS)
			if(NOT "${arg}" IN_LIST ${_built})
				set(possible OFF)
			endif()
			set(state SOURCES)
		elseif(state STREQUAL "ISA")
			set(isa ${arg})
			set(state ISAFILES)
		elseif(state STREQUAL "ISAFILES")
			list(APPEND isa_files "${isa}:${arg}")
		else()
			list(APPEND plain ${arg})
		endif()
	endforeach()
	if(want STREQUAL "ON" AND NOT possible)
		message(FATAL_ERROR "${name} cannot be built for ${CMAKE_SYSTEM_PROCESSOR}")
	endif()
	if(NOT possible OR want STREQUAL "OFF")
		return()
	endif()
	foreach(f IN LISTS plain isa_files)
		string(REGEX REPLACE "^[a-z0-9]+:" "" f "${f}")
		if(NOT EXISTS ${PROJECT_SOURCE_DIR}/${f})
			message(STATUS "cryptarch: ${name}: ${f} missing, not built")
			return()
		endif()
	endforeach()
	foreach(pair IN LISTS isa_files)
		string(REGEX MATCH "^[^:]+" isa "${pair}")
		string(REGEX REPLACE "^[^:]+:" "" f "${pair}")
		if(NOT TARGET cryptarch_isa_${isa})
			if(NOT DEFINED CRYPTARCH_ISA_FLAGS_${isa})
				message(FATAL_ERROR "unknown ISA ${isa}")
			endif()
			add_library(cryptarch_isa_${isa} OBJECT)
			target_compile_options(cryptarch_isa_${isa}
				PRIVATE ${CRYPTARCH_ISA_FLAGS_${isa}})
			set_target_properties(cryptarch_isa_${isa}
				PROPERTIES POSITION_INDEPENDENT_CODE ON
				C_VISIBILITY_PRESET hidden)
			target_include_directories(cryptarch_isa_${isa}
				PRIVATE ${PROJECT_SOURCE_DIR}/include
				${PROJECT_SOURCE_DIR}/src
				${PROJECT_SOURCE_DIR}/src/core
				${PROJECT_SOURCE_DIR})
			list(APPEND CRYPTARCH_ISA_OBJECTS
				$<TARGET_OBJECTS:cryptarch_isa_${isa}>)
			set(CRYPTARCH_ISA_OBJECTS ${CRYPTARCH_ISA_OBJECTS}
				PARENT_SCOPE)
		endif()
		get_target_property(have cryptarch_isa_${isa} SOURCES)
		if(NOT "${PROJECT_SOURCE_DIR}/${f}" IN_LIST have)
			target_sources(cryptarch_isa_${isa} PRIVATE
				${PROJECT_SOURCE_DIR}/${f})
		endif()
	endforeach()
	cryptarch_registry_append(SOURCES ${plain})
	cryptarch_registry_append(DRIVERS ${name})
	cryptarch_registry_append(WHERE ${where})
	message(STATUS "cryptarch: building ${name}")
endfunction()

# Start set NAME as a copy of set FROM (its entries first).
macro(cryptarch_registry_set name from)
	set(CRYPTARCH_REGISTRY_SET ${name})
	foreach(k SOURCES DRIVERS WHERE TEMPLATES TYPES)
		set(CRYPTARCH_${name}_${k} ${CRYPTARCH_${from}_${k}})
	endforeach()
endmacro()

# Write the list file OUT of set S: the externs and the three arrays.
function(cryptarch_registry_generate set out)
	set(text "/* Generated by cmake/registry.cmake from src/registry.cmake: do not edit. */\n#include <stddef.h>\n\n#include \"desc.h\"\n\n")
	set(arrays "")
	foreach(kind TYPES TEMPLATES DRIVERS)
		if(kind STREQUAL "TYPES")
			set(ctype "struct cryptarch_type")
			set(array cryptarch_type_list)
		elseif(kind STREQUAL "TEMPLATES")
			set(ctype "struct cryptarch_template")
			set(array cryptarch_template_list)
		else()
			set(ctype "struct cryptarch_driver")
			set(array cryptarch_driver_list)
		endif()
		set(items "")
		foreach(n IN LISTS CRYPTARCH_${set}_${kind})
			string(REPLACE "-" "_" stem "${n}")
			if(kind STREQUAL "TYPES")
				set(sym cryptarch_type_${stem})
			elseif(kind STREQUAL "TEMPLATES")
				set(sym cryptarch_${stem}_template)
			else()
				set(sym cryptarch_${stem}_driver)
			endif()
			string(APPEND text "extern const ${ctype} ${sym};\n")
			string(APPEND items "\t&${sym},\n")
		endforeach()
		string(APPEND arrays "\nconst ${ctype} *const ${array}[] = {\n${items}\tNULL,\n};\nconst size_t ${array}_len = sizeof(${array}) / sizeof(${array}[0]) - 1;\n")
	endforeach()
	# Where each driver builds (its line's WHERE), in the drivers' order.
	string(APPEND arrays "\nconst char *const cryptarch_driver_where_list[] = {\n")
	foreach(w IN LISTS CRYPTARCH_${set}_WHERE)
		string(APPEND arrays "\t\"${w}\",\n")
	endforeach()
	string(APPEND arrays "\tNULL,\n};\n")
	file(CONFIGURE OUTPUT ${out} CONTENT "${text}${arrays}" @ONLY)
endfunction()
