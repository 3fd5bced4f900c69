# SPDX-License-Identifier: MIT
# cryptarch - a thin front end: every target forwards to CMake and ctest.
#
#   make                      build/ (RelWithDebInfo): library, command, tests
#   make speed                build-release/ (Release), then run the speed tour
#   make check                install missing packages (as root), then build
#                             and test build/, build-asan/ (ASan+UBSan) and
#                             build-<target>/ for every cross target of
#                             cmake/toolchains/ (under qemu-user); see
#                             scripts/check-all.sh
#   make check-cross          only the cross targets; TARGET=mips (or
#                             TARGET="mips s390x") only those
#   make install PREFIX=dir   install build/ into dir (default /usr/local);
#                             DESTDIR is honoured
#   make bench                build-release/, then bench/peers (cryptarch
#                             beside OpenSSL, libgcrypt and nettle);
#                             BENCH_ARGS=... passes options, e.g. --headline
#   make clean                remove every build directory
#
# JOBS=n sets build and test parallelism (default 2); CMAKE_ARGS adds
# configure arguments, e.g. CMAKE_ARGS=-DCMAKE_C_COMPILER=clang;
# CHECK_BUILD_ROOT=dir puts the build directories of `make check` there.

CMAKE ?= cmake
JOBS ?= 2
PREFIX ?= /usr/local
CMAKE_ARGS ?=
BENCH_ARGS ?=
TARGET ?=

BUILD := build
comma := ,
# TARGET="mips s390x" or TARGET=mips,s390x -> cross-mips cross-s390x
CROSS_STAGES = $(addprefix cross-,$(subst $(comma), ,$(TARGET)))
RELEASE := build-release

.PHONY: all deps build release speed check check-cross install bench clean

all: build

build:
	$(CMAKE) -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo $(CMAKE_ARGS)
	$(CMAKE) --build $(BUILD) -j $(JOBS)

$(RELEASE)/CMakeCache.txt:
	$(CMAKE) -S . -B $(RELEASE) -DCMAKE_BUILD_TYPE=Release \
		-DCRYPTARCH_BUILD_TESTS=OFF $(CMAKE_ARGS)

release: $(RELEASE)/CMakeCache.txt
	$(CMAKE) --build $(RELEASE) -j $(JOBS)

# Missing Debian packages are installed when run as root (quick no-op
# otherwise), so that `make speed` alone sets up a fresh machine too.
deps:
	bash scripts/install-deps.sh

speed: deps
	$(MAKE) release
	$(RELEASE)/tools/cryptarch speed --tour

check:
	JOBS=$(JOBS) CMAKE_ARGS="$(CMAKE_ARGS)" bash scripts/check-all.sh

# The deps stage installs (as root) what the chosen targets lack.
check-cross:
	JOBS=$(JOBS) CMAKE_ARGS="$(CMAKE_ARGS)" bash scripts/check-all.sh deps \
		$(if $(strip $(TARGET)),$(CROSS_STAGES),cross)

install:
	$(CMAKE) -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo \
		-DCMAKE_INSTALL_PREFIX="$(PREFIX)" $(CMAKE_ARGS)
	$(CMAKE) --build $(BUILD) -j $(JOBS)
	$(CMAKE) --install $(BUILD) --prefix "$(PREFIX)"

bench: release
	@if [ -x $(RELEASE)/bench/peers ]; then \
		$(RELEASE)/bench/peers $(BENCH_ARGS); \
	else \
		echo "bench: $(RELEASE)/bench/peers was not built" \
			"(OpenSSL, libgcrypt or nettle headers missing?" \
			"run scripts/install-deps.sh as root)"; \
		exit 1; \
	fi

clean:
	rm -rf $(BUILD) build-*/
