// Paths and helpers shared by the test programs.
#pragma once

#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace fenkit::testing {

// ---------------------------------------------------------------- Oracles
// The shared corpus and the programs tests compare with (pgn-extract, polyglot, stockfish, the
// compressors) are oracles. Where one is missing, a test skips, so that a bare clone still
// passes. FENKIT_REQUIRE_ORACLES=1 in the environment makes a missing program a failure and
// FENKIT_REQUIRE_CORPUS=1 a missing corpus file, so that a missing install step or a corpus
// the tests no longer find cannot pass as a green run. CI sets the first always (its set-up
// installs the programs) and the second when the corpus lies beside the checkout.

inline bool set_in_environment(const char* variable) {
  const char* value = std::getenv(variable);
  return value && *value && std::string_view(value) != "0";
}
inline bool oracles_required() { return set_in_environment("FENKIT_REQUIRE_ORACLES"); }
inline bool corpus_required() { return set_in_environment("FENKIT_REQUIRE_CORPUS"); }

// What a failure for a missing oracle says.
inline std::string missing_oracle_failure(const std::string& what) {
  return what + " (FENKIT_REQUIRE_ORACLES or FENKIT_REQUIRE_CORPUS is set: it must be there)";
}

// Reports a missing oracle and lets the test go on (for tests that try several oracles in
// turn, such as each compressor, or that test less without one): a failure naming it when
// `required`, else a note in the test's output. FENKIT_MISSING_ORACLE below ends the test
// instead.
inline void report_missing_oracle(const std::string& what, bool required = oracles_required()) {
  if (required)
    ADD_FAILURE() << missing_oracle_failure(what);
  else
    std::printf("note: %s\n", what.c_str());
}

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

// The path of an installed program, found on PATH or in /usr/games (where Debian puts chess
// programs, and which root's PATH lacks); empty if there is none.
inline std::string find_program(const std::string& name) {
  std::string dirs = std::getenv("PATH") ? std::getenv("PATH") : "/usr/bin:/bin";
  dirs += ":/usr/games";
  for (std::size_t begin = 0; begin <= dirs.size();) {
    std::size_t end = dirs.find(':', begin);
    if (end == std::string::npos) end = dirs.size();
    const std::filesystem::path dir = dirs.substr(begin, end - begin);
    begin = end + 1;
    if (dir.empty()) continue;
    const std::filesystem::path p = dir / name;
    if (::access(p.c_str(), X_OK) == 0 && !std::filesystem::is_directory(p)) return p.string();
  }
  return {};
}

// For a test that uses an oracle when it is there and tests less without it: the corpus file
// or program, or an empty result once its absence is reported (report_missing_oracle).
inline std::filesystem::path optional_corpus(const std::string& relative) {
  std::filesystem::path p = corpus(relative);
  if (p.empty()) report_missing_oracle("corpus file " + relative + " not found", corpus_required());
  return p;
}
inline std::string optional_program(const std::string& name) {
  std::string p = find_program(name);
  if (p.empty()) report_missing_oracle(name + " is not installed");
  return p;
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

// Ends the current test for want of an oracle, `what` (anything that streams into a
// std::ostream) saying which: skipped, or failed when oracles are required. Every test that
// cannot do without an oracle gives up through here.
#define FENKIT_MISSING_ORACLE(what) FENKIT_MISSING(what, ::fenkit::testing::oracles_required())
#define FENKIT_MISSING(what, required)                                                   \
  do {                                                                                   \
    std::ostringstream fenkit_missing_;                                                  \
    fenkit_missing_ << what;                                                             \
    if (required)                                                                        \
      GTEST_FAIL() << ::fenkit::testing::missing_oracle_failure(fenkit_missing_.str());  \
    GTEST_SKIP() << fenkit_missing_.str();                                               \
  } while (false)

// A corpus file the test needs (a clone without ../shared has none).
#define FENKIT_REQUIRE_CORPUS(path_var, relative)                                   \
  const std::filesystem::path path_var = ::fenkit::testing::corpus(relative);       \
  if (path_var.empty())                                                             \
  FENKIT_MISSING("corpus file " << (relative) << " not found",                      \
                 ::fenkit::testing::corpus_required())

// An oracle program the test needs.
#define FENKIT_REQUIRE_PROGRAM(var, name)                                           \
  const std::string var = ::fenkit::testing::find_program(name);                    \
  if (var.empty()) FENKIT_MISSING_ORACLE((name) << " is not installed")
