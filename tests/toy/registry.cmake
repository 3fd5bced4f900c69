# SPDX-License-Identifier: MIT
# registry.cmake - the toy templates and driver of the README's "Adding a
# mode" and "Adding an implementation", one line each, as in
# src/registry.cmake; tests/toy/CMakeLists.txt builds them into the tests'
# own registry (the library's plus these), which test-adding uses.
cryptarch_template(ofb tests/toy/ofb.c)
cryptarch_template(decr tests/toy/decr.c)
cryptarch_driver(aes-toy all tests/toy/aes-toy.c)
