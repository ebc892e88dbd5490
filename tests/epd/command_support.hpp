// Running the built fenkit program from the EPD tests: its output, diagnostics and status.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <string>

#include "test_support.hpp"

namespace fenkit::epd::testing {

struct Outcome {
  std::string out, err;
  int status = -1;
};

// A scratch folder for this test program, removed at the end.
class Scratch {
 public:
  Scratch()
      : dir_(std::filesystem::temp_directory_path() /
             ("fenkit-epd-test-" + std::to_string(getpid()))) {
    std::filesystem::create_directories(dir_);
  }
  ~Scratch() { std::filesystem::remove_all(dir_); }
  std::filesystem::path path(const std::string& name) const { return dir_ / name; }

 private:
  std::filesystem::path dir_;
};

inline const Scratch& scratch() {
  static const Scratch s;
  return s;
}

inline std::string quoted(const std::filesystem::path& p) { return "'" + p.string() + "'"; }

// Runs `fenkit ARGS` in a shell (so ARGS may redirect standard input).
inline Outcome fenkit(const std::string& args) {
  static int calls = 0;
  const std::filesystem::path err = scratch().path("stderr-" + std::to_string(++calls));
  Outcome run;
  run.out = fenkit::testing::run(std::string(FENKIT_BINARY) + " " + args + " 2>" + quoted(err),
                                 &run.status);
  run.err = fenkit::testing::read_file(err);
  return run;
}

}  // namespace fenkit::epd::testing
