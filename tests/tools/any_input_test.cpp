// Inputs of any shape. A game cut short by the end of its input (a file cut, a download broken
// off) is never passed off as whole: every command rejects it, with an error at its place that
// says the input ends inside it, counts it, writes it to the rejects file and exits with status
// 1; a game without result that another game follows keeps its warning. And --max-game-size,
// the longest game read, is checked as every numeric option is, a game past it an error.
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

// The lichess-style fixture without its last game, cut inside the movetext of the game that is
// then last, the fourth (its Result tag says 1-0): "40... Kd7 { ... } 41. Kd2 { ... }" and the
// end of the file.
std::string cut_fixture() {
  const std::string text = fenkit::testing::read_file(testing::data("pgn/lichess-style.pgn"));
  const std::string whole = text.substr(0, text.rfind("[Event "));
  return whole.substr(0, whole.rfind(" 41... Kd6"));
}

// Where the cut game's error stands: after its last token, at the end of the file.
std::string place_of_end(const std::string& text) {
  return std::to_string(std::count(text.begin(), text.end(), '\n') + 1) + ":" +
         std::to_string(text.size() - (text.rfind('\n') + 1) + 1);
}

TEST(CutInput, EveryCommandRejectsTheLastGameOfACutFile) {
  TempDir dir;
  const std::string text = cut_fixture();
  const std::string path = dir.write("cut.pgn", text);
  const std::string cut_game = text.substr(text.rfind("[Event "));
  const std::string expected =
      path + ":" + place_of_end(text) + ": error: game 4: the input ends inside the game";
  const std::string book = "book build -o " + quote(dir.path("b.bin"));
  for (const std::string& command :
       std::vector<std::string>{"check", "replay", "pgn", "epd --from-pgn --ply 1", book}) {
    SCOPED_TRACE(command);
    const bool rejects_file = command != "check" && !command.starts_with("book");
    const std::string rejects = dir.path("rejects.pgn");
    const Outcome r = testing::same_on_one_and_two_threads(
        command, "-q " + (rejects_file ? "--rejects " + quote(rejects) + " " : "") + quote(path));
    EXPECT_EQ(r.status, 1) << r.err;
    EXPECT_EQ(testing::lines_with(r.err, "error:"),
              std::vector<std::string>{expected +
                                       ": its movetext has no result at its end (the game may be "
                                       "cut short)"})
        << r.err;
    if (rejects_file) {
      EXPECT_EQ(fenkit::testing::read_file(rejects), cut_game + "\n\n");
    }
    const Outcome counted = fenkit(command + " -j1 " + quote(path));
    EXPECT_NE(counted.err.find("4 games, 3 used, 1 rejected"), std::string::npos) << counted.err;
  }
  // Nothing of it is written: replay writes the positions of the three games before it, as it
  // does for the file without the cut game.
  const std::string three = dir.write("three.pgn", text.substr(0, text.rfind("[Event ")));
  EXPECT_EQ(fenkit("replay -q " + quote(path)).out, fenkit("replay -q " + quote(three)).out);
  // Read through a pipe, or compressed, alike.
  const Outcome piped = fenkit("check -j1 - < " + quote(path));
  EXPECT_EQ(piped.status, 1);
  EXPECT_NE(piped.err.find("<stdin>:" + place_of_end(text) + ": error: game 4: the input ends"),
            std::string::npos)
      << piped.err;
  fenkit::testing::run("gzip -kf " + quote(path));
  const Outcome compressed = fenkit("replay -j2 -q " + quote(path + ".gz"));
  EXPECT_EQ(compressed.status, 1);
  EXPECT_NE(compressed.err.find(path + ".gz:" + place_of_end(text) + ": error: game 4: the input ends"),
            std::string::npos)
      << compressed.err;
}

// The same game followed by another is whole: a warning (with -W), the Result tag's result, and
// every game used.
TEST(CutInput, AGameWithoutResultThatAnotherFollowsIsUsed) {
  TempDir dir;
  const std::string path =
      dir.write("followed.pgn", cut_fixture() + "\n\n[Event \"after\"]\n\n1. e4 e5 *\n");
  const Outcome r = testing::same_on_one_and_two_threads("check", "-W " + quote(path));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("warning: game 4: game has no result at the end of its movetext (taken "
                       "from the Result tag)"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("5 games, 5 used, 0 rejected"), std::string::npos) << r.err;
}

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
