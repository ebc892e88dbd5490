// open_input: what a path becomes. A regular file is read in blocks unless a mapping is asked
// for, with its size known; a missing file or a folder is an error naming it.
#include <gtest/gtest.h>

#include <filesystem>
#include <stdexcept>
#include <string>

#include "fenkit/io/input.hpp"
#include "input_files.hpp"

namespace fenkit::io {
namespace {

namespace fs = std::filesystem;
using fenkit::testing::drain;
using fenkit::testing::TempFile;

// The file name of diagnostics is the path, or <stdin>.
TEST(OpenInput, NamesItsSource) {
  TempFile file("named.pgn", "1. e4 *\n");
  EXPECT_EQ(open_input(file.string())->name(), file.string());
  // A regular file is read in blocks, unless a mapping is asked for.
  EXPECT_TRUE(open_input(file.string())->mapped().empty());
  EXPECT_EQ(open_input(file.string())->size_hint(), 8U);
  EXPECT_FALSE(open_input(file.string(), Access::mapped)->mapped().empty());
  EXPECT_EQ(open_input(file.string(), Access::mapped)->mapped(), "1. e4 *\n");
  EXPECT_EQ(drain(file.string()).bytes, "1. e4 *\n");
  EXPECT_EQ(memory_input("1. e4 *")->name(), "<memory>");
}

TEST(OpenInput, UnreadableInputIsAnErrorNamingIt) {
  const std::string missing = (fs::temp_directory_path() / "fenkit-no-such-file.pgn").string();
  try {
    open_input(missing);
    ADD_FAILURE() << "no error for a missing file";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()), missing + ": No such file or directory");
  }
  const std::string folder = fs::temp_directory_path().string();
  try {
    open_input(folder);
    ADD_FAILURE() << "no error for a folder";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()), folder + ": is a directory");
  }
}

// An empty file is an empty input, read as a stream (there is nothing to map).
TEST(OpenInput, AnEmptyFileHasNoBytes) {
  TempFile file("empty.pgn");
  const fenkit::testing::Drained got = drain(file.string());
  EXPECT_EQ(got.bytes, "");
  EXPECT_EQ(got.error, "");
  EXPECT_TRUE(open_input(file.string(), Access::mapped)->mapped().empty());
}

}  // namespace
}  // namespace fenkit::io
