// Paths and helpers shared by the test programs.
#pragma once

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace fenkit::testing {

// A file of the shared corpus (../shared/corpus), or an empty path when the corpus is absent.
inline std::filesystem::path corpus(const std::string& relative) {
  std::filesystem::path p = std::filesystem::path(FENKIT_CORPUS_DIR) / relative;
  return std::filesystem::exists(p) ? p : std::filesystem::path();
}

// A fixture under tests/data.
inline std::filesystem::path data(const std::string& relative) {
  return std::filesystem::path(FENKIT_TEST_DATA) / relative;
}

inline std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Runs a shell command and returns its standard output (and its exit status in `status`).
inline std::string run(const std::string& command, int* status = nullptr) {
  std::string output;
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return output;
  char buffer[65536];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) output.append(buffer, n);
  const int rc = pclose(pipe);
  if (status) *status = WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
  return output;
}

// Whether a program is installed (on PATH or in /usr/games, where Debian puts chess programs).
inline std::string find_program(const std::string& name) {
  for (const char* dir : {"/usr/games", "/usr/bin", "/usr/local/bin"}) {
    std::filesystem::path p = std::filesystem::path(dir) / name;
    if (std::filesystem::exists(p)) return p.string();
  }
  return {};
}

inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines.push_back(line);
  }
  return lines;
}

}  // namespace fenkit::testing

// Skips the current test when a corpus file is missing (a clone without ../shared).
#define FENKIT_REQUIRE_CORPUS(path_var, relative)                                   \
  const std::filesystem::path path_var = ::fenkit::testing::corpus(relative);       \
  if (path_var.empty()) GTEST_SKIP() << "corpus file " << (relative) << " not found"

// Skips the current test when an oracle program is not installed.
#define FENKIT_REQUIRE_PROGRAM(var, name)                                           \
  const std::string var = ::fenkit::testing::find_program(name);                    \
  if (var.empty()) GTEST_SKIP() << (name) << " is not installed"
