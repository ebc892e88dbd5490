// fenkit check on PGN end to end: every problem reported as FILE:LINE:COLUMN with its game,
// the summary, the exit status, and the same report whatever the number of threads.
// Places and game numbers are those worked out for the fixtures in tests/pgn/reader*_test.cpp.
#include <gtest/gtest.h>

#include <filesystem>
#include <random>

#include "tool_test_support.hpp"

namespace fenkit::tools {
namespace {

using testing::fenkit;
using testing::quote;
using testing::Outcome;
using testing::TempDir;
using Lines = std::vector<std::string>;
using fenkit::testing::lines_of;

std::string quirk(const std::string& name) { return testing::data("pgn/quirks/" + name); }

constexpr const char* fen_start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

TEST(CheckPgn, GoodFile) {
  const Outcome r = fenkit("check " + quote(quirk("comments.pgn")));
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "1 games, 1 used, 0 rejected\n");
}

// Every kind of rejection, one file after the other: game numbers go on across the files.
// The programs stream games, so variations may nest deeper than a game tree's bound (256):
// check, pgn and replay --variations take 1,000 levels (what they bound is what a move's depth
// can hold, 65,535).
TEST(CheckPgn, DeeplyNestedVariations) {
  TempDir dir;
  std::string text = "[Event \"deep\"]\n\n1. e4 ";
  for (int i = 0; i < 1000; ++i) text += "(1. d4 ";
  text += std::string(1000, ')') + " e5 *\n";
  const std::string file = dir.write("deep.pgn", text);
  for (const std::string command : {"check", "pgn -q", "replay -q --variations -f csv"}) {
    SCOPED_TRACE(command);
    const Outcome r = fenkit(command + " " + quote(file));
    EXPECT_EQ(r.status, 0) << r.err;
  }
  // A row per position: the two main-line moves and one move in each of the 1,000 levels.
  EXPECT_EQ(lines_of(fenkit("replay -q --variations " + quote(file)).out).size(), 1002U);
}

TEST(CheckPgn, EveryErrorWithItsPlaceAndGame) {
  struct Expected {
    const char* file;
    const char* place;
    int game;
  };
  const Expected expected[] = {
      {"illegal-move.pgn", "2:13", 1},        {"ambiguous-move.pgn", "2:24", 3},
      {"unknown-move.pgn", "2:13", 5},        {"bad-fen-tag.pgn", "3:1", 7},
      {"unsupported-variant.pgn", "2:1", 9},  {"malformed-tag.pgn", "2:1", 11},
      {"unclosed-comment.pgn", "2:7", 13},    {"bad-move-in-variation.pgn", "2:22", 15},
  };
  std::string args = "check";
  for (const Expected& e : expected) args.append(" ").append(quote(quirk(e.file)));
  const Outcome r = fenkit(args);
  EXPECT_EQ(r.status, 1);
  const Lines lines = lines_of(r.err);
  ASSERT_EQ(lines.size(), std::size(expected) + 1) << r.err;
  for (std::size_t i = 0; i < std::size(expected); ++i) {
    const std::string prefix = quirk(expected[i].file) + ":" + expected[i].place +
                               ": error: game " + std::to_string(expected[i].game) + ": ";
    EXPECT_TRUE(lines[i].starts_with(prefix) && lines[i].size() > prefix.size())
        << lines[i] << "\nexpected to start with " << prefix;
  }
  EXPECT_EQ(lines.back(), "16 games, 8 used, 8 rejected");
}

// Warnings are counted always and shown with -W, as in every command.
TEST(CheckPgn, WarningsDoNotFailTheCheck) {
  const std::string files =
      quote(quirk("stray-closers.pgn")) + " " + quote(quirk("variation-before-move.pgn"));
  const Outcome quiet = fenkit("check " + files);
  EXPECT_EQ(quiet.status, 0);
  EXPECT_EQ(quiet.err, "2 games, 2 used, 0 rejected, 3 warnings (-W shows them)\n");
  const Outcome r = fenkit("check -W " + files);
  EXPECT_EQ(r.status, 0);
  const Lines lines = lines_of(r.err);
  ASSERT_EQ(lines.size(), 4U) << r.err;
  EXPECT_TRUE(lines[0].starts_with(quirk("stray-closers.pgn") + ":2:7: warning: game 1: "));
  EXPECT_TRUE(lines[1].starts_with(quirk("stray-closers.pgn") + ":2:12: warning: game 1: "));
  EXPECT_TRUE(lines[2].starts_with(quirk("variation-before-move.pgn") + ":2:1: warning: game 2: "));
  EXPECT_EQ(lines[3], "2 games, 2 used, 0 rejected, 3 warnings");
}

TEST(CheckPgn, MissingFileExitsWithTwoAndTheOthersAreChecked) {
  TempDir dir;
  const std::string missing = dir.path("missing.pgn");
  const Outcome r = fenkit("check " + quote(missing) + " " + quote(quirk("illegal-move.pgn")));
  EXPECT_EQ(r.status, 2);
  const Lines lines = lines_of(r.err);
  ASSERT_EQ(lines.size(), 3U) << r.err;
  EXPECT_EQ(lines[0], missing + ": error: No such file or directory");
  EXPECT_TRUE(lines[1].starts_with(quirk("illegal-move.pgn") + ":2:13: error: game 1: "));
  EXPECT_EQ(lines[2], "2 games, 1 used, 1 rejected");
}

TEST(CheckPgn, StandardInput) {
  const Outcome r = fenkit("check --format pgn < " + quote(quirk("illegal-move.pgn")));
  EXPECT_EQ(r.status, 1);
  EXPECT_TRUE(r.err.starts_with("<stdin>:2:13: error: game 1: ")) << r.err;
}

// Syntax only: moves are not replayed, so an illegal move passes; a token that is no move
// at all does not.
TEST(CheckPgn, SyntaxOnly) {
  const Outcome illegal = fenkit("check --syntax-only " + quote(quirk("illegal-move.pgn")));
  EXPECT_EQ(illegal.status, 0) << illegal.err;
  EXPECT_EQ(illegal.err, "2 games, 2 used, 0 rejected\n");
  const Outcome unknown = fenkit("check --syntax-only " + quote(quirk("unknown-move.pgn")));
  EXPECT_EQ(unknown.status, 1);
  EXPECT_TRUE(unknown.err.starts_with(quirk("unknown-move.pgn") + ":2:13: error: game 1: "))
      << unknown.err;
}

TEST(CheckPgn, CompressedPgn) {
  FENKIT_REQUIRE_PROGRAM(gzip, "gzip");
  TempDir dir;
  const std::string packed = dir.path("illegal.pgn.gz");
  fenkit::testing::run(gzip + " -c " + quote(quirk("illegal-move.pgn")) + " > " + quote(packed));
  const Outcome r = fenkit("check " + quote(packed));
  EXPECT_EQ(r.status, 1);
  EXPECT_TRUE(r.err.starts_with(packed + ":2:13: error: game 1: ")) << r.err;
  EXPECT_NE(r.err.find("2 games, 1 used, 1 rejected"), std::string::npos);

  // Cut short: an error naming the file once, exit 2.
  std::string text;
  std::mt19937 random(3);
  for (int i = 0; text.size() < 600000; ++i) {
    text += "[Event \"" + std::to_string(i) + "\"]\n\n1. d4 {";
    for (int k = 0; k < 60; ++k) text += char('a' + random() % 26);
    text += "} d5 *\n\n";
  }
  const std::string plain = dir.write("long.pgn", text);
  const std::string whole = dir.path("long.pgn.gz");
  fenkit::testing::run(gzip + " -c " + quote(plain) + " > " + quote(whole));
  const std::string bytes = fenkit::testing::read_file(whole);
  const std::string cut = dir.write("cut.pgn.gz", bytes.substr(0, bytes.size() / 2));
  const Outcome broken = fenkit("check -q " + quote(cut));
  EXPECT_EQ(broken.status, 2);
  EXPECT_EQ(testing::lines_with(broken.err, cut + ": error: cannot decompress").size(), 1U)
      << broken.err;
}

TEST(CheckPgn, OneOrTwoThreadsReportTheSame) {
  TempDir dir;
  const std::string input = dir.write("many.pgn", testing::many_quirks(std::size_t(3) << 20));
  // Two threads read chunks numbered later: their reports are given their places afterwards.
  for (const char* option_text : {"", "-W ", "--syntax-only -W "}) {
    const std::string options = option_text;
    SCOPED_TRACE(options);
    const Outcome one = testing::same_on_one_and_two_threads("check", options + quote(input));
    EXPECT_EQ(one.status, 1);
    EXPECT_GT(lines_of(one.err).size(), 1000U);
  }
}


// ------------------------------------------------------------------ what an input holds

// The content, not the name, says whether an input holds PGN, EPD or FEN.
TEST(CheckInputs, TheContentSaysWhatAnInputHolds) {
  TempDir dir;
  const std::string games = fenkit::testing::read_file(testing::data("pgn/lichess-style.pgn"));
  const std::string suite = fenkit::testing::read_file(testing::data("epd/suite.epd"));
  const std::string fens = "# two positions\n\n" + std::string(fen_start) + "\n" +
                           "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n";
  const struct {
    std::string name, text, summary;
  } cases[] = {
      {"games.txt", games, "5 games, 5 used, 0 rejected\n"},
      {"games", "\xEF\xBB\xBF" "1. e4 e5 2. Nf3 *\n", "1 games, 1 used, 0 rejected\n"},
      {"suite.txt", suite, "10 positions, 10 used, 0 rejected\n"},
      {"positions.pgn", fens, "2 positions, 2 used, 0 rejected\n"},
      {"records.fen", "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2;\n",
       "1 positions, 1 used, 0 rejected\n"},
  };
  for (const auto& c : cases) {
    const Outcome r = fenkit("check " + quote(dir.write(c.name, c.text)));
    EXPECT_EQ(r.status, 0) << c.name << "\n" << r.err;
    EXPECT_EQ(r.err, c.summary) << c.name;
  }
  // Standard input too.
  EXPECT_EQ(fenkit("check < " + quote(testing::data("epd/suite.epd"))).err,
            "10 positions, 10 used, 0 rejected\n");
  // --format still decides when given: the suite as FEN lines fails.
  EXPECT_EQ(fenkit("check -q -f fen " + quote(testing::data("epd/suite.epd"))).status, 1);
}

// An EPD file with a PGN extension once gave thousands of "piece placement" errors; now each
// file is read as what it holds, and --syntax-only (for PGN) is refused for the others.
TEST(CheckInputs, SyntaxOnlyIsForPgn) {
  TempDir dir;
  const std::string fens = dir.write("p.dat", std::string(fen_start) + "\n");
  const Outcome r = fenkit("check --syntax-only " + quote(fens) + " " + quote(quirk("comments.pgn")));
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find(fens + ": error: holds FEN lines; --syntax-only checks PGN games only"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("games, "), std::string::npos) << r.err;  // the PGN file is checked
}

// An empty input says nothing; its name decides.
TEST(CheckInputs, AnEmptyInputIsJudgedByItsName) {
  TempDir dir;
  EXPECT_EQ(fenkit("check " + quote(dir.write("empty.epd", ""))).err,
            "0 games, 0 used, 0 rejected\n");
  EXPECT_EQ(fenkit("check " + quote(dir.write("empty.pgn", "\n\n"))).err,
            "0 games, 0 used, 0 rejected\n");
}

}  // namespace
}  // namespace fenkit::tools
