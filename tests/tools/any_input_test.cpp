// Inputs of any shape: --max-game-size, the longest game read, is checked as every numeric
// option is, and a game past it is an error at its place.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "tool_test_support.hpp"

namespace fenkit::tools {
namespace {

using testing::fenkit;
using testing::Outcome;
using testing::quote;
using testing::TempDir;

// --max-game-size takes bytes, or K, M or G; a value out of its range is a usage error that
// names it.
TEST(MaxGameSize, IsCheckedAsEveryNumericOption) {
  TempDir dir;
  const std::string path = dir.write("g.pgn", "[Event \"a\"]\n\n1. e4 {a long comment} e5 1-0\n");
  for (const char* command : {"check", "replay", "pgn", "epd --from-pgn", "book build -o b.bin"}) {
    SCOPED_TRACE(command);
    for (const char* bad : {"0", "1023", "5G", "-1", "12T", "x", "1.5M", ""}) {
      const Outcome r = fenkit(std::string(command) + " --max-game-size '" + bad + "' " + quote(path));
      EXPECT_EQ(r.status, 2) << bad << ": " << r.err;
      EXPECT_NE(r.err.find("--max-game-size"), std::string::npos) << r.err;
    }
    EXPECT_NE(fenkit(std::string(command) + " --help").out.find("--max-game-size"), std::string::npos);
  }
  EXPECT_EQ(fenkit("check --max-game-size 1K " + quote(path)).status, 0);
  EXPECT_EQ(fenkit("check --max-game-size 4G " + quote(path)).status, 0);
  // A game past the smallest limit.
  const std::string long_game =
      dir.write("long.pgn", "[Event \"a\"]\n\n1. e4 {" + std::string(2000, 'c') + "} e5 1-0\n");
  const Outcome r = fenkit("check --max-game-size 1K " + quote(long_game));
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find(long_game + ":1:1: error: game 1: game longer than the limit of 1 KiB"),
            std::string::npos)
      << r.err;
}

}  // namespace
}  // namespace fenkit::tools
