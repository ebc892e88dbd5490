// What the fuzz targets share: a check that aborts with a message when a property fails
// (libFuzzer then saves the input that broke it).
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace fenkit::fuzz {

[[noreturn]] inline void fail(const char* file, int line, const char* condition,
                              std::string_view detail) {
  std::fprintf(stderr, "%s:%d: property failed: %s\n  %.*s\n", file, line, condition,
               int(detail.size()), detail.data());
  std::abort();
}

}  // namespace fenkit::fuzz

// FUZZ_CHECK(condition, detail): aborts with `detail` (a string) when the condition is false.
#define FUZZ_CHECK(condition, detail) \
  ((condition) ? void() : ::fenkit::fuzz::fail(__FILE__, __LINE__, #condition, (detail)))
