// Test support for running the fenkit program: its standard output, standard error and exit
// status, and files for it to read in a temporary folder.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "test_support.hpp"

namespace fenkit::tools::testing {

namespace fs = std::filesystem;

// A temporary folder, removed with everything in it at the end of the test.
class TempDir {
 public:
  TempDir() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    path_ = fs::temp_directory_path() / ("fenkit_tools_" + std::string(info->name()) + "_" +
                                         std::to_string(::getpid()));
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  // Writes a file in the folder and returns its path.
  std::string write(const std::string& name, std::string_view content) const {
    const fs::path p = path_ / name;
    std::ofstream(p, std::ios::binary).write(content.data(), std::streamsize(content.size()));
    return p.string();
  }
  std::string path(const std::string& name) const { return (path_ / name).string(); }

 private:
  fs::path path_;
};

struct Outcome {
  int status = -1;
  std::string out;  // standard output
  std::string err;  // standard error
};

// Runs `fenkit ARGS` through the shell (ARGS may hold redirections such as "< FILE").
inline Outcome fenkit(const std::string& args) {
  static int counter = 0;
  const fs::path err_file = fs::temp_directory_path() / ("fenkit_tools_stderr_" +
                                                         std::to_string(::getpid()) + "_" +
                                                         std::to_string(counter++));
  Outcome r;
  r.out = fenkit::testing::run(std::string("'") + FENKIT_BINARY + "' " + args + " 2> '" +
                                   err_file.string() + "'",
                               &r.status);
  r.err = fenkit::testing::read_file(err_file);
  fs::remove(err_file);
  return r;
}

// Runs `fenkit COMMAND -j 1 ARGS` and `fenkit COMMAND -j 2 ARGS`, which must give the same exit
// status, messages and output (two threads read chunks numbered later, whose places and game
// numbers are given afterwards); returns the one-thread outcome, for what else the test expects.
inline Outcome same_on_one_and_two_threads(const std::string& command, const std::string& args) {
  const Outcome one = fenkit(command + " -j 1 " + args);
  const Outcome two = fenkit(command + " -j 2 " + args);
  EXPECT_EQ(one.status, two.status);
  EXPECT_TRUE(one.err == two.err) << "messages differ";
  EXPECT_TRUE(one.out == two.out) << "output differs";
  return one;
}

// A path as one word of a shell command.
inline std::string quote(const std::string& path) { return "'" + path + "'"; }

// A fixture of tests/data.
inline std::string data(const std::string& relative) {
  return fenkit::testing::data(relative).string();
}

// The lines of `text` that contain `word`.
inline std::vector<std::string> lines_with(const std::string& text, std::string_view word) {
  std::vector<std::string> out;
  for (const std::string& line : fenkit::testing::lines_of(text))
    if (line.find(word) != std::string::npos) out.push_back(line);
  return out;
}

// Every quirk fixture (tests/data/pgn/quirks) one after the other, again and again up to `bytes`:
// games with errors and warnings of every kind, spread over many chunks.
inline std::string many_quirks(std::size_t bytes) {
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(fenkit::testing::data("pgn/quirks")))
    if (entry.path().extension() == ".pgn") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  std::string text;
  for (const auto& file : files) text += fenkit::testing::read_file(file) + "\n\n";
  std::string many;
  while (many.size() < bytes) many += text;
  return many;
}

// Splits a CSV line; quoted fields may hold commas and doubled quotes.
inline std::vector<std::string> csv_fields(const std::string& line) {
  std::vector<std::string> out(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') out.back() += '"', ++i;
      else if (c == '"') quoted = false;
      else out.back() += c;
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      out.emplace_back();
    } else {
      out.back() += c;
    }
  }
  return out;
}

// The rows of a CSV output as maps from column name to value.
inline std::vector<std::map<std::string, std::string>> csv_rows(const std::string& text) {
  const std::vector<std::string> lines = fenkit::testing::lines_of(text);
  std::vector<std::map<std::string, std::string>> rows;
  if (lines.empty()) return rows;
  const auto header = csv_fields(lines[0]);
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const auto fields = csv_fields(lines[i]);
    EXPECT_EQ(fields.size(), header.size()) << lines[i];
    std::map<std::string, std::string> row;
    for (std::size_t j = 0; j < std::min(fields.size(), header.size()); ++j) row[header[j]] = fields[j];
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace fenkit::tools::testing
