// `fenkit book build` on PGN input: the same bytes as `polyglot make-book`, for generated games
// with every option and for a real file of the corpus; illegal games reported and skipped.
// Built only when the PGN reader is part of the build (tests/epd/CMakeLists.txt).
#include <gtest/gtest.h>

#include "book_test_support.hpp"
#include "test_support.hpp"

namespace fenkit {
namespace {

using testing::TempDir;

struct Outcome {
  int status = -1;
  std::string err;
};

std::string quoted(const std::filesystem::path& p) {
  std::string text = "'";
  text += p.string();
  return text += '\'';
}

Outcome fenkit_build(const std::string& args, const TempDir& dir) {
  Outcome r;
  testing::run(
      std::string(FENKIT_BINARY) + " book build " + args + " 2> " + quoted(dir / "stderr.txt"),
      &r.status);
  r.err = testing::read_file(dir / "stderr.txt");
  return r;
}

// polyglot make-book and fenkit book build on the same PGN file, with the same options.
void expect_same_book(const std::string& polyglot, const std::filesystem::path& pgn,
                      const std::string& polyglot_options, const std::string& fenkit_options,
                      const TempDir& dir) {
  int status = -1;
  testing::run("cd " + quoted(dir.path()) + " && " + polyglot + " make-book -pgn " + quoted(pgn) +
                   " -bin " + quoted(dir / "polyglot.bin") + " " + polyglot_options +
                   " > /dev/null 2>&1",
               &status);
  ASSERT_EQ(status, 0) << polyglot_options;
  const Outcome r =
      fenkit_build(quoted(pgn) + " -o " + quoted(dir / "fenkit.bin") + " " + fenkit_options, dir);
  EXPECT_EQ(r.status, 0) << r.err;
  const std::string expected = testing::read_file(dir / "polyglot.bin");
  EXPECT_FALSE(expected.empty()) << polyglot_options;
  EXPECT_TRUE(testing::read_file(dir / "fenkit.bin") == expected)
      << "make-book " << polyglot_options;
}

TEST(BookBuildPgn, SameBytesAsPolyglotForEveryOption) {
  FENKIT_REQUIRE_PROGRAM(polyglot, "polyglot");
  const TempDir dir;
  const auto pgn = dir / "games.pgn";
  testing::write_text(pgn, testing::games_pgn(testing::random_games(3000, 11, {1, 16, 0.5})));
  const std::pair<const char*, const char*> cases[] = {
      {"", ""},
      {"-min-game 1", "--min-games 1"},
      {"-min-game 7", "--min-games 7"},
      {"-max-ply 5", "--max-ply 5"},
      {"-min-score 50", "--min-score 50"},
      {"-min-score 33.3", "--min-score 33.3"},
      {"-only-white", "--only-white"},
      {"-only-black -min-game 1", "--only-black --min-games 1"},
      {"-uniform", "--uniform"},
  };
  for (const auto& [polyglot_options, fenkit_options] : cases)
    expect_same_book(polyglot, pgn, polyglot_options, fenkit_options, dir);
}

TEST(BookBuildPgn, SameBytesAsPolyglotForLongGames) {
  FENKIT_REQUIRE_PROGRAM(polyglot, "polyglot");
  const TempDir dir;
  const auto pgn = dir / "long.pgn";
  testing::write_text(pgn, testing::games_pgn(testing::random_games(300, 23, {150, 400, 0.97})));
  expect_same_book(polyglot, pgn, "-min-game 1", "--min-games 1", dir);
}

TEST(BookBuildPgn, SameBytesAsPolyglotForTheCorpus) {
  FENKIT_REQUIRE_PROGRAM(polyglot, "polyglot");
  FENKIT_REQUIRE_CORPUS(pgn, "pgn/opening-lines/8moves_v3.pgn");
  const TempDir dir;
  expect_same_book(polyglot, pgn, "", "", dir);
  expect_same_book(polyglot, pgn, "-max-ply 6 -min-game 1", "--max-ply 6 --min-games 1", dir);
}

// An archive read more times can give a book with more entries, in polyglot as here: each time
// a move reaches 16384 games, every move of its position is halved ((n + 1) / 2), and a rare
// move ends above or below the default -min-game 3 by where the last halving falls among its
// games. Block: 3128 games of 1. e4, one of 1. h3, 1043 of 1. e4 (all 1-0); read 4 times, h3
// has 2 games left after the last halving (left out), read 14 times 3 (kept, 5 points).
TEST(BookBuildPgn, RepeatedArchiveKeepsMovesAsPolyglotHalvesThem) {
  FENKIT_REQUIRE_PROGRAM(polyglot, "polyglot");
  const TempDir dir;
  auto games = [](const char* move, int n) {
    std::string text;
    for (int i = 0; i < n; ++i) text += std::string("[Result \"1-0\"]\n\n1. ") + move + " 1-0\n\n";
    return text;
  };
  const std::string block = games("e4", 3128) + games("h3", 1) + games("e4", 1043);
  std::size_t entries[2] = {};
  for (int i = 0; const int copies : {4, 14}) {
    SCOPED_TRACE(copies);
    std::string text;
    for (int k = 0; k < copies; ++k) text += block;
    const auto pgn = dir / "repeated.pgn";
    testing::write_text(pgn, text);
    expect_same_book(polyglot, pgn, "", "", dir);
    entries[i++] = testing::read_file(dir / "fenkit.bin").size() / 16;
  }
  EXPECT_EQ(entries[0], 1U);  // e4 alone
  EXPECT_EQ(entries[1], 2U);  // e4 and h3
}

TEST(BookBuildPgn, IllegalGamesAreReportedAndSkipped) {
  FENKIT_REQUIRE_PROGRAM(polyglot, "polyglot");
  const TempDir dir;
  // Three copies of a legal game around one with an illegal move (3... Ke7 is fine, 4. Ke3 is
  // not: the king on e1 cannot reach e3). Polyglot stops at such a game, so its book is made
  // from the legal games alone, which is what fenkit must write.
  const std::string legal =
      "[Event \"ok\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n";
  const std::string illegal =
      "[Event \"bad\"]\n[Result \"0-1\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Ke7 4. Ke3 0-1\n\n";
  testing::write_text(dir / "legal.pgn", legal + legal + legal);
  testing::write_text(dir / "mixed.pgn", legal + illegal + legal + legal);
  int status = -1;
  testing::run("cd " + quoted(dir.path()) + " && " + polyglot + " make-book -pgn " +
                   quoted(dir / "legal.pgn") + " -bin " + quoted(dir / "polyglot.bin") +
                   " > /dev/null 2>&1",
               &status);
  ASSERT_EQ(status, 0);
  const Outcome r =
      fenkit_build(quoted(dir / "mixed.pgn") + " -o " + quoted(dir / "fenkit.bin"), dir);
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("mixed.pgn:9:"), std::string::npos) << r.err;  // the line of 4. Ke3
  EXPECT_NE(r.err.find("4 games, 3 used, 1 rejected"), std::string::npos) << r.err;
  EXPECT_TRUE(testing::read_file(dir / "fenkit.bin") == testing::read_file(dir / "polyglot.bin"));
}

}  // namespace
}  // namespace fenkit
