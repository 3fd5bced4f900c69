# SPDX-License-Identifier: MIT
# peers.cmake - the peer libraries that bench/peers measures and
# tests/test-peers.c compares against, found once for the whole build:
# OpenSSL libcrypto (pkg-config libcrypto), libgcrypt (pkg-config
# libgcrypt, else libgcrypt-config: libgcrypt before 1.9 ships no .pc file)
# and nettle (pkg-config nettle); and, optional, intel-ipsec-mb (Debian's
# libipsec-mb-dev, x86-64 only, which ships no .pc file: the header
# intel-ipsec-mb.h and the library IPSec_MB), a peer for CMAC and XCBC
# only, whose absence neither stops bench/peers being built nor counts as
# missing. Included by bench/CMakeLists.txt and
# tests/CMakeLists.txt; the first include looks them up, every include
# gets the results. Native builds only: in a cross build the host's
# pkg-config files describe the host's libraries, so nothing is looked up,
# unless CRYPTARCH_BUILD_PEERS=ON asks for bench/peers there (then the
# toolchain's pkg-config must describe the target's); the tests never use
# the peers of a cross build. Nothing is looked up when neither asks.
#
# CRYPTARCH_BUILD_PEERS (cache): AUTO (bench/peers when all three are
# found), ON (a missing one is an error) or OFF; read by bench/.
#
# Results, for each NAME of openssl, gcrypt, nettle, ipsecmb:
#   peer_lib_NAME          INTERFACE target of the library
#   peer_NAME              the adapter (bench/peer-NAME.c, peer.h) as a
#                          static library linking peer_lib_NAME, defining
#                          PEER_HAVE_<NAME> for whoever links it
#   CRYPTARCH_PEER_<NAME>_FOUND    1 or 0
#   CRYPTARCH_PEER_<NAME>_VERSION  as pkg-config says ("" otherwise)
#   CRYPTARCH_PEERS_MISSING        what is missing of the first three and
#                                  how it was looked for, a list (empty
#                                  when all are found)
#   CRYPTARCH_PEER_NAMES           the four names, for loops over them
#   CRYPTARCH_PEERS_LOOKED_UP      whether they were looked up at all

set(CRYPTARCH_BUILD_PEERS AUTO CACHE STRING
	"Build bench/peers (AUTO: when OpenSSL, libgcrypt and nettle are found)")
set_property(CACHE CRYPTARCH_BUILD_PEERS PROPERTY STRINGS AUTO ON OFF)

# The adapter of NAME over the library target peer_lib_NAME.
function(cryptarch_peer_adapter name)
	string(TOUPPER "${name}" up)
	add_library(peer_${name} STATIC EXCLUDE_FROM_ALL
		${PROJECT_SOURCE_DIR}/bench/peer-${name}.c)
	target_include_directories(peer_${name} PUBLIC
		${PROJECT_SOURCE_DIR}/bench)
	target_link_libraries(peer_${name} PUBLIC peer_lib_${name})
	target_compile_definitions(peer_${name} PUBLIC PEER_HAVE_${up})
endfunction()

function(cryptarch_peers_lookup)
	set(missing "")
	set(want OFF)
	if(NOT CMAKE_CROSSCOMPILING)
		if(CRYPTARCH_BUILD_TESTS OR NOT CRYPTARCH_BUILD_PEERS STREQUAL "OFF")
			set(want ON)
		endif()
	elseif(CRYPTARCH_BUILD_PEERS STREQUAL "ON")
		set(want ON)
	endif()
	set_property(GLOBAL PROPERTY CRYPTARCH_PEERS_LOOKED_UP ${want})
	foreach(n openssl gcrypt nettle ipsecmb)
		set_property(GLOBAL PROPERTY CRYPTARCH_PEER_${n}_FOUND 0)
		set_property(GLOBAL PROPERTY CRYPTARCH_PEER_${n}_VERSION "")
	endforeach()
	if(NOT want)
		set_property(GLOBAL PROPERTY CRYPTARCH_PEERS_MISSING "")
		return()
	endif()

	find_package(PkgConfig QUIET)
	if(PKG_CONFIG_FOUND)
		pkg_check_modules(CRYPTARCH_PC_OPENSSL QUIET IMPORTED_TARGET
			GLOBAL libcrypto)
		pkg_check_modules(CRYPTARCH_PC_GCRYPT QUIET IMPORTED_TARGET
			GLOBAL libgcrypt)
		pkg_check_modules(CRYPTARCH_PC_NETTLE QUIET IMPORTED_TARGET
			GLOBAL nettle)
	endif()

	if(CRYPTARCH_PC_OPENSSL_FOUND)
		add_library(peer_lib_openssl INTERFACE)
		target_link_libraries(peer_lib_openssl INTERFACE
			PkgConfig::CRYPTARCH_PC_OPENSSL)
		set_property(GLOBAL PROPERTY CRYPTARCH_PEER_openssl_VERSION
			"${CRYPTARCH_PC_OPENSSL_VERSION}")
	else()
		list(APPEND missing "OpenSSL libcrypto (pkg-config libcrypto)")
	endif()

	if(CRYPTARCH_PC_GCRYPT_FOUND)
		add_library(peer_lib_gcrypt INTERFACE)
		target_link_libraries(peer_lib_gcrypt INTERFACE
			PkgConfig::CRYPTARCH_PC_GCRYPT)
		set_property(GLOBAL PROPERTY CRYPTARCH_PEER_gcrypt_VERSION
			"${CRYPTARCH_PC_GCRYPT_VERSION}")
	else()
		find_program(CRYPTARCH_LIBGCRYPT_CONFIG libgcrypt-config)
		set(rc1 1)
		set(rc2 1)
		if(CRYPTARCH_LIBGCRYPT_CONFIG)
			execute_process(COMMAND ${CRYPTARCH_LIBGCRYPT_CONFIG}
				--cflags OUTPUT_VARIABLE cflags
				RESULT_VARIABLE rc1
				OUTPUT_STRIP_TRAILING_WHITESPACE)
			execute_process(COMMAND ${CRYPTARCH_LIBGCRYPT_CONFIG}
				--libs OUTPUT_VARIABLE libs
				RESULT_VARIABLE rc2
				OUTPUT_STRIP_TRAILING_WHITESPACE)
			execute_process(COMMAND ${CRYPTARCH_LIBGCRYPT_CONFIG}
				--version OUTPUT_VARIABLE version
				OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
		endif()
		if(rc1 EQUAL 0 AND rc2 EQUAL 0)
			separate_arguments(cflags UNIX_COMMAND "${cflags}")
			separate_arguments(libs UNIX_COMMAND "${libs}")
			add_library(peer_lib_gcrypt INTERFACE)
			target_compile_options(peer_lib_gcrypt INTERFACE ${cflags})
			target_link_libraries(peer_lib_gcrypt INTERFACE ${libs})
			set_property(GLOBAL PROPERTY CRYPTARCH_PEER_gcrypt_VERSION
				"${version}")
		else()
			list(APPEND missing
				"libgcrypt (pkg-config libgcrypt or libgcrypt-config)")
		endif()
	endif()

	if(CRYPTARCH_PC_NETTLE_FOUND)
		add_library(peer_lib_nettle INTERFACE)
		target_link_libraries(peer_lib_nettle INTERFACE
			PkgConfig::CRYPTARCH_PC_NETTLE)
		set_property(GLOBAL PROPERTY CRYPTARCH_PEER_nettle_VERSION
			"${CRYPTARCH_PC_NETTLE_VERSION}")
	else()
		list(APPEND missing "nettle (pkg-config nettle)")
	endif()

	# intel-ipsec-mb: optional; its header states its version.
	find_path(CRYPTARCH_IPSECMB_INCLUDE_DIR intel-ipsec-mb.h)
	find_library(CRYPTARCH_IPSECMB_LIBRARY IPSec_MB)
	if(CRYPTARCH_IPSECMB_INCLUDE_DIR AND CRYPTARCH_IPSECMB_LIBRARY)
		add_library(peer_lib_ipsecmb INTERFACE)
		target_include_directories(peer_lib_ipsecmb INTERFACE
			${CRYPTARCH_IPSECMB_INCLUDE_DIR})
		target_link_libraries(peer_lib_ipsecmb INTERFACE
			${CRYPTARCH_IPSECMB_LIBRARY})
		file(STRINGS ${CRYPTARCH_IPSECMB_INCLUDE_DIR}/intel-ipsec-mb.h
			vline REGEX "^#define IMB_VERSION_STR ")
		string(REGEX REPLACE ".*\"(.*)\".*" "\\1" version "${vline}")
		set_property(GLOBAL PROPERTY CRYPTARCH_PEER_ipsecmb_VERSION
			"${version}")
	endif()

	foreach(n openssl gcrypt nettle ipsecmb)
		if(TARGET peer_lib_${n})
			cryptarch_peer_adapter(${n})
			set_property(GLOBAL PROPERTY CRYPTARCH_PEER_${n}_FOUND 1)
		endif()
	endforeach()
	set_property(GLOBAL PROPERTY CRYPTARCH_PEERS_MISSING "${missing}")
endfunction()

get_property(cryptarch_peers_done GLOBAL PROPERTY CRYPTARCH_PEERS_LOOKED_UP
	SET)
if(NOT cryptarch_peers_done)
	cryptarch_peers_lookup()
endif()
get_property(CRYPTARCH_PEERS_LOOKED_UP GLOBAL PROPERTY
	CRYPTARCH_PEERS_LOOKED_UP)
get_property(CRYPTARCH_PEERS_MISSING GLOBAL PROPERTY CRYPTARCH_PEERS_MISSING)
set(CRYPTARCH_PEER_NAMES openssl gcrypt nettle ipsecmb)
foreach(n ${CRYPTARCH_PEER_NAMES})
	string(TOUPPER "${n}" up)
	get_property(CRYPTARCH_PEER_${up}_FOUND GLOBAL PROPERTY
		CRYPTARCH_PEER_${n}_FOUND)
	get_property(CRYPTARCH_PEER_${up}_VERSION GLOBAL PROPERTY
		CRYPTARCH_PEER_${n}_VERSION)
endforeach()
