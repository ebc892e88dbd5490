// Books built and merged here must be byte for byte the ones `polyglot make-book` and
// `polyglot merge-book` write from the same games. The games are random (fixed seeds), written
// as PGN for Polyglot and fed directly to the builder.
#include <gtest/gtest.h>

#include <cctype>
#include <sstream>
#include <string>
#include <vector>

#include "book_test_support.hpp"
#include "fenkit/epd/book_builder.hpp"
#include "fenkit/epd/book_merge.hpp"
#include "fenkit/epd/book_writer.hpp"
#include "fenkit/fen/san.hpp"
#include "test_support.hpp"

namespace fenkit {
namespace {

using testing::GameShape;
using testing::TempDir;
using testing::TestGame;

struct Oracle {
  std::string polyglot;
  TempDir dir;

  // polyglot make-book on the games' PGN with `options`; the bytes of the book it wrote.
  std::string make_book(const std::vector<TestGame>& games, const std::string& options) {
    const auto pgn = dir / "games.pgn", bin = dir / "polyglot.bin";
    testing::write_text(pgn, testing::games_pgn(games));
    std::filesystem::remove(bin);
    int status = -1;
    testing::run("cd '" + dir.path().string() + "' && '" + polyglot + "' make-book -pgn '" +
                     pgn.string() + "' -bin '" + bin.string() + "' " + options +
                     " > /dev/null 2>&1",
                 &status);
    EXPECT_EQ(status, 0) << "polyglot make-book " << options;
    return testing::read_file(bin);
  }

  std::string merge_book(const std::vector<epd::BookEntry>& a,
                         const std::vector<epd::BookEntry>& b) {
    const auto in1 = dir / "in1.bin", in2 = dir / "in2.bin", out = dir / "out.bin";
    epd::write_book(in1.string(), a);
    epd::write_book(in2.string(), b);
    int status = -1;
    testing::run("cd '" + dir.path().string() + "' && '" + polyglot + "' merge-book -in1 '" +
                     in1.string() + "' -in2 '" + in2.string() + "' -out '" + out.string() +
                     "' > /dev/null 2>&1",
                 &status);
    EXPECT_EQ(status, 0);
    return testing::read_file(out);
  }
};

std::string ours(const std::vector<TestGame>& games, const epd::BookBuildOptions& options) {
  epd::BookBuilder builder(options);
  testing::feed(builder, games);
  EXPECT_EQ(builder.stats().rejected_games, 0U);
  const std::vector<unsigned char> bytes = epd::book_bytes(builder.entries());
  return std::string(bytes.begin(), bytes.end());
}

// Openings shared by many games: repeated pairs, equal weights, min-games cuts.
std::vector<TestGame> narrow_games() {
  return testing::random_games(3000, 11, GameShape{1, 16, 0.5});
}

struct OptionCase {
  const char* polyglot_options;
  epd::BookBuildOptions options;
};

void PrintTo(const OptionCase& c, std::ostream* out) { *out << "make-book " << c.polyglot_options; }

class MakeBookOptions : public ::testing::TestWithParam<OptionCase> {};

TEST_P(MakeBookOptions, SameBytesAsPolyglot) {
  FENKIT_REQUIRE_PROGRAM(polyglot, "polyglot");
  Oracle oracle{polyglot, {}};
  const auto games = narrow_games();
  const std::string expected = oracle.make_book(games, GetParam().polyglot_options);
  const std::string got = ours(games, GetParam().options);
  ASSERT_GE(expected.size(), 16U * 5) << "the case should give a book of some size";
  EXPECT_EQ(got.size(), expected.size());
  EXPECT_TRUE(got == expected) << "the books differ";
}

INSTANTIATE_TEST_SUITE_P(
    Polyglot, MakeBookOptions,
    ::testing::Values(OptionCase{"", {}}, OptionCase{"-min-game 1", {.min_games = 1}},
                      OptionCase{"-min-game 7", {.min_games = 7}},
                      OptionCase{"-max-ply 5", {.max_ply = 5}},
                      OptionCase{"-max-ply 1 -min-game 1", {.max_ply = 1, .min_games = 1}},
                      OptionCase{"-min-score 50", {.min_score = 50}},
                      OptionCase{"-min-score 33.3", {.min_score = 33.3}},
                      OptionCase{"-min-score 62.5 -min-game 2",
                                 {.min_games = 2, .min_score = 62.5}},
                      OptionCase{"-only-white", {.only_white = true}},
                      OptionCase{"-only-black -min-game 1", {.min_games = 1, .only_black = true}},
                      OptionCase{"-uniform", {.uniform = true}},
                      OptionCase{"-uniform -min-game 1 -max-ply 9",
                                 {.max_ply = 9, .min_games = 1, .uniform = true}}));

// Long, wide games reach castling on both sides, en passant, promotions and under-promotions.
TEST(MakeBook, LongGamesWithEveryKindOfMove) {
  FENKIT_REQUIRE_PROGRAM(polyglot, "polyglot");
  Oracle oracle{polyglot, {}};
  const auto games = testing::random_games(600, 23, GameShape{150, 400, 0.97});
  const std::string expected = oracle.make_book(games, "-min-game 1");
  const std::string got = ours(games, {.min_games = 1});
  EXPECT_TRUE(got == expected) << "the books differ";

  // The games must really contain the special moves, or the comparison proves little.
  int castles = 0, promotions = 0, under_promotions = 0, en_passant = 0;
  for (const TestGame& g : games)
    for (const fen::Move m : g.moves) {
      castles += m.is_castling();
      promotions += m.is_promotion();
      under_promotions += m.is_promotion() && m.promotion() != fen::PieceType::queen;
      en_passant += m.is_en_passant();
    }
  EXPECT_GT(castles, 10);
  EXPECT_GT(promotions, 10);
  EXPECT_GT(under_promotions, 5);
  EXPECT_GT(en_passant, 10);  // each one follows a position whose key has the en-passant file
}

// One move played in more than 16384 games makes Polyglot halve the position's counts.
TEST(MakeBook, HalvingOfLargeCounts) {
  FENKIT_REQUIRE_PROGRAM(polyglot, "polyglot");
  Oracle oracle{polyglot, {}};
  const auto games = testing::random_games(40000, 5, GameShape{1, 6, 0.25});
  epd::BookBuilder builder;
  testing::feed(builder, games);
  const std::vector<unsigned char> bytes = epd::book_bytes(builder.entries());
  ASSERT_GT(builder.stats().halvings, 0U) << "the games should trigger halving";
  const std::string expected = oracle.make_book(games, "");
  EXPECT_TRUE(std::string(bytes.begin(), bytes.end()) == expected) << "the books differ";
}

// Past its memory limit the builder sorts its plies into temporary files and merges them:
// the same bytes, halvings included.
TEST(MakeBook, SpilledRunsGiveTheSameBook) {
  FENKIT_REQUIRE_PROGRAM(polyglot, "polyglot");
  Oracle oracle{polyglot, {}};
  const auto games = testing::random_games(40000, 7, GameShape{1, 6, 0.25});
  epd::BookBuilder builder({.memory_limit = 64 * 1024});
  testing::feed(builder, games);
  const std::vector<unsigned char> bytes = epd::book_bytes(builder.entries());
  EXPECT_GT(builder.stats().spilled_runs, 10U);
  EXPECT_GT(builder.stats().halvings, 0U);
  const std::string expected = oracle.make_book(games, "");
  EXPECT_TRUE(std::string(bytes.begin(), bytes.end()) == expected) << "the books differ";
}

// The games of a simple PGN file (tags, then SAN with move numbers, no comments or variations),
// read with a few lines of test code so that the builder can be checked on real games
// before any PGN reader is involved.
std::vector<TestGame> simple_pgn_games(const std::string& text) {
  std::vector<TestGame> games;
  std::istringstream in(text);
  fen::Position pos;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.starts_with("[Event ")) {
      games.emplace_back();
      pos = fen::Position();
    }
    if (line.starts_with("[Result \"")) games.back().result = line.substr(9, line.find('"', 9) - 9);
    if (line.empty() || line[0] == '[') continue;
    std::istringstream words(line);
    for (std::string word; words >> word;) {
      if (std::isdigit(static_cast<unsigned char>(word[0])) || word == "*")
        continue;  // numbers, results
      const fen::SanResult san = fen::read_san(pos, word);
      EXPECT_TRUE(san) << word;
      games.back().moves.push_back(san.move);
      pos.play(san.move);
    }
  }
  return games;
}

TEST(MakeBook, CorpusOpeningLines) {
  FENKIT_REQUIRE_PROGRAM(polyglot, "polyglot");
  FENKIT_REQUIRE_CORPUS(path, "pgn/opening-lines/8moves_v3.pgn");
  const auto games = simple_pgn_games(testing::read_file(path));
  ASSERT_EQ(games.size(), 34700U);  // SOURCES.md
  Oracle oracle{polyglot, {}};
  for (const auto& [options, polyglot_options] :
       {std::pair{epd::BookBuildOptions{}, ""},
        std::pair{epd::BookBuildOptions{.max_ply = 6, .min_games = 1}, "-max-ply 6 -min-game 1"}}) {
    const auto bin = oracle.dir / "corpus.bin";
    int status = -1;
    testing::run("cd '" + oracle.dir.path().string() + "' && '" + polyglot + "' make-book -pgn '" +
                     path.string() + "' -bin '" + bin.string() + "' " + polyglot_options +
                     " > /dev/null 2>&1",
                 &status);
    ASSERT_EQ(status, 0);
    const std::string expected = testing::read_file(bin);
    ASSERT_GT(expected.size(), 16U * 1000);
    EXPECT_TRUE(ours(games, options) == expected) << "make-book " << polyglot_options;
  }
}

TEST(MergeBook, SameBytesAsPolyglot) {
  FENKIT_REQUIRE_PROGRAM(polyglot, "polyglot");
  Oracle oracle{polyglot, {}};
  // Two books over overlapping openings: positions in one, in the other, and in both with
  // shared and unshared moves.
  epd::BookBuilder a({.min_games = 1}), b({.min_games = 2});
  testing::feed(a, testing::random_games(800, 101, GameShape{1, 10, 0.5}));
  testing::feed(b, testing::random_games(800, 202, GameShape{1, 10, 0.6}));
  const auto first = a.entries(), second = b.entries();
  const auto merged = epd::merge_books(first, second);
  ASSERT_GT(merged.size(), first.size());
  const auto bytes = epd::book_bytes(merged);
  EXPECT_TRUE(std::string(bytes.begin(), bytes.end()) == oracle.merge_book(first, second));
  const auto reversed = epd::book_bytes(epd::merge_books(second, first));
  EXPECT_TRUE(std::string(reversed.begin(), reversed.end()) == oracle.merge_book(second, first));
}

}  // namespace
}  // namespace fenkit
