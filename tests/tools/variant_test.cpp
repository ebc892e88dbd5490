// The variants through the program: games of every lichess variant replayed to the positions
// python-chess gives (tests/data/pgn/variants, its FENs checked with python-chess's
// chess.variant), checked, selected by any name of their variant, left out of books, and
// perft by --variant.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "tool_test_support.hpp"

namespace fenkit::tools {
namespace {

using testing::csv_rows;
using testing::data;
using testing::fenkit;
using testing::lines_with;
using testing::Outcome;
using testing::quote;
using testing::TempDir;

const std::string kGames = "pgn/variants/lichess-variants.pgn";

// "GAME PLY FEN" lines of the expected positions.
std::vector<std::string> expected_positions() {
  std::ifstream in(data("pgn/variants/lichess-variants.fens"));
  std::vector<std::string> out;
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && line[0] != '#') out.push_back(line);
  return out;
}

TEST(Variants, ReplayGivesPythonChessPositions) {
  const Outcome r = fenkit("replay -f csv --with-start --ep legal " + quote(data(kGames)));
  ASSERT_EQ(r.status, 0) << r.err;
  std::vector<std::string> got;
  for (const auto& row : csv_rows(r.out)) got.push_back(row.at("game") + " " + row.at("ply") + " " + row.at("fen"));
  const std::vector<std::string> expected = expected_positions();
  ASSERT_EQ(got.size(), expected.size());
  for (std::size_t i = 0; i < got.size(); ++i) ASSERT_EQ(got[i], expected[i]) << "row " << i;
  EXPECT_GT(got.size(), 1000U);
}

TEST(Variants, CheckAcceptsEveryGame) {
  const Outcome r = fenkit("check " + quote(data(kGames)));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("21 games, 21 used, 0 rejected"), std::string::npos) << r.err;
}

TEST(Variants, SelectedByAnyNameOfTheirVariant) {
  for (const std::string name : {"'King of the Hill'", "kingofthehill", "KOTH", "kingOfTheHill"}) {
    const Outcome r = fenkit("pgn --variant " + name + " " + quote(data(kGames)));
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(lines_with(r.out, "[Variant \"King of the Hill\"]").size(), 3U) << name;
    EXPECT_EQ(lines_with(r.out, "[Variant ").size(), 3U) << name;
  }
  // The games written out replay to the same positions.
  const TempDir dir;
  const Outcome selected = fenkit("pgn --variant 3check " + quote(data(kGames)));
  const std::string file = dir.write("three-check.pgn", selected.out);
  const Outcome again = fenkit("replay -f fen --ep legal " + quote(file));
  const Outcome direct = fenkit("replay -f fen --ep legal --variant three-check " + quote(data(kGames)));
  EXPECT_EQ(again.out, direct.out);
  EXPECT_EQ(lines_with(again.out, "+").size(), ::fenkit::testing::lines_of(again.out).size());
}

TEST(Variants, LichessFenForms) {
  // A crazyhouse pocket as a ninth rank; three-check's checks given after the clocks.
  const std::string text =
      "[Variant \"Crazyhouse\"]\n[FEN \"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R/Pp w KQkq - 2 3\"]\n\n"
      "1. P@d5 *\n\n"
      "[Variant \"Three-check\"]\n[FEN \"rnbqkb1r/pppp1ppp/5n2/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR w KQkq - 2 3 +1+0\"]\n\n"
      "3. Bxf7+ *\n";
  const TempDir dir;
  const Outcome r = fenkit("replay -f fen -q " + quote(dir.write("lichess.pgn", text)));
  EXPECT_EQ(r.status, 0) << r.err;
  // (python-chess's FENs after the moves.)
  EXPECT_EQ(r.out,
            "r1bqkbnr/pppp1ppp/2n5/3Pp3/4P3/5N2/PPPP1PPP/RNBQKB1R[p] b KQkq - 3 3\n"
            "rnbqkb1r/pppp1Bpp/5n2/4p3/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 1+3 0 3\n");
}

TEST(Variants, UnknownVariantIsRefusedByName) {
  const TempDir dir;
  const Outcome r = fenkit("check " + quote(dir.write("losers.pgn", "[Variant \"Losers\"]\n\n1. e4 *\n")));
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("unsupported variant 'Losers'"), std::string::npos) << r.err;
}

TEST(Variants, BooksLeaveThemOutWithAWarning) {
  const TempDir dir;
  const std::string book = dir.path("variants.bin");
  const Outcome r = fenkit("book build -W -o " + quote(book) + " " + quote(data(kGames)));
  EXPECT_EQ(lines_with(r.err, "is left out: Polyglot books are standard chess").size(), 21U) << r.err;
  EXPECT_NE(r.err.find("21 of variants left out"), std::string::npos) << r.err;
}

TEST(Variants, PerftByVariantName) {
  // The counts of the variants' own suites (tests/data/perft), for their start positions.
  for (const auto& [name, file] : std::vector<std::pair<std::string, std::string>>{
           {"atomic", "atomic"}, {"horde", "horde"}, {"racingkings", "racingkings"},
           {"Three-check", "threecheck"}, {"zh", "crazyhouse"}}) {
    std::ifstream in(data("perft/" + file + ".perft"));
    std::string line, fen, depth_two;
    while (std::getline(in, line)) {
      if (fen.empty() && line.starts_with("epd ")) fen = line.substr(4);
      if (!fen.empty() && line.starts_with("perft 2 ")) {
        depth_two = line.substr(8);
        break;
      }
    }
    ASSERT_FALSE(depth_two.empty()) << file;
    const Outcome r = fenkit("perft -q --variant " + quote(name) + " --depth 2 " + fen);
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out, depth_two + "\n") << name << " " << fen;
  }
}

}  // namespace
}  // namespace fenkit::tools

namespace fenkit::tools {
namespace {

TEST(Variants, EpdRecordsSayTheirVariantAndReadBack) {
  const TempDir dir;
  const Outcome replayed = fenkit("replay -f epd --ep legal " + quote(data(kGames)));
  ASSERT_EQ(replayed.status, 0) << replayed.err;
  const std::vector<std::string> lines = ::fenkit::testing::lines_of(replayed.out);
  EXPECT_EQ(lines_with(replayed.out, " variant \"").size(), lines.size());
  EXPECT_EQ(lines_with(replayed.out, " variant \"Crazyhouse\";").size(), 158U);
  const std::string records = dir.write("variants.epd", replayed.out);
  // Read back by their rules: checked, their sm moves legal, rewritten byte for byte.
  const Outcome rewritten = fenkit("epd " + quote(records));
  EXPECT_EQ(rewritten.status, 0) << rewritten.err;
  EXPECT_EQ(rewritten.out, replayed.out);
  const Outcome checked = fenkit("check " + quote(records));
  EXPECT_EQ(checked.status, 0) << checked.err;
  // The FENs are python-chess's, clocks aside.
  const Outcome fens = fenkit("epd -f fen " + quote(records));
  const std::vector<std::string> expected = expected_positions();
  std::size_t compared = 0;
  for (const std::string& fen : ::fenkit::testing::lines_of(fens.out)) {
    const std::string fields = fen.substr(0, fen.rfind(' ', fen.rfind(' ') - 1));
    const bool found = std::any_of(expected.begin(), expected.end(), [&](const std::string& e) {
      return e.find(" " + fields + " ") != std::string::npos;
    });
    EXPECT_TRUE(found) << fen;
    compared += found;
  }
  EXPECT_EQ(compared, lines.size());
  // Nor do a book's.
  const Outcome book = fenkit("book build -o " + quote(dir.path("book.bin")) + " " + quote(records));
  EXPECT_NE(book.err.find(std::to_string(lines.size()) + " of variants left out"), std::string::npos)
      << book.err;
}

}  // namespace
}  // namespace fenkit::tools

namespace fenkit::tools {
namespace {

TEST(Variants, LongAlgebraicWritesDropsAndKingPromotions) {
  const TempDir dir;
  const std::string games = dir.write(
      "drops.pgn",
      "[Variant \"Crazyhouse\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3[Nn] w - - 0 1\"]\n\n1. N@e3 N@c3 *\n\n"
      "[Variant \"Antichess\"]\n[FEN \"8/1P6/8/8/8/8/8/7k w - - 0 1\"]\n\n1. b8=K *\n");
  const Outcome lalg = fenkit("pgn --notation lalg " + quote(games));
  EXPECT_EQ(lalg.status, 0) << lalg.err;
  EXPECT_NE(lalg.out.find("1. N@e3 N@c3 *"), std::string::npos) << lalg.out;
  EXPECT_NE(lalg.out.find("1. b7b8K *"), std::string::npos) << lalg.out;
  const Outcome xlalg = fenkit("pgn --notation xlalg " + quote(games));
  EXPECT_NE(xlalg.out.find("1. N@e3 N@c3 *"), std::string::npos) << xlalg.out;
  EXPECT_NE(xlalg.out.find("1. b7-b8K *"), std::string::npos) << xlalg.out;
}

}  // namespace
}  // namespace fenkit::tools
