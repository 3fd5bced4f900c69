# SPDX-License-Identifier: MIT
# cryptarch - a thin front end: every target forwards to CMake and ctest.
#
#   make                      build/ (RelWithDebInfo): library, command, tests
#   make speed                build-release/ (Release), then run the speed tour
#   make check                install missing packages (as root), then build
#                             and test build/ and build-asan/ (ASan+UBSan);
#                             see scripts/check-all.sh
#   make install PREFIX=dir   install build/ into dir (default /usr/local);
#                             DESTDIR is honoured
#   make bench                build-release/, then bench/peers (cryptarch
#                             beside OpenSSL, libgcrypt and nettle);
#                             BENCH_ARGS=... passes options, e.g. --headline
#   make clean                remove every build directory
#
# JOBS=n sets build and test parallelism (default 2); CMAKE_ARGS adds
# configure arguments, e.g. CMAKE_ARGS=-DCMAKE_C_COMPILER=clang.

CMAKE ?= cmake
JOBS ?= 2
PREFIX ?= /usr/local
CMAKE_ARGS ?=
BENCH_ARGS ?=

BUILD := build
RELEASE := build-release

.PHONY: all deps build release speed check install bench clean

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
