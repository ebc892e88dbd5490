// Replays the corpus expected-replay tables: for every ply, read the SAN, write it back
// canonically, play it, and write the FEN in both en-passant conventions. The tables were made
// by pgn-extract and python-chess (corpus/SOURCES.md), so this checks read_san, write_san,
// play(), write_fen and FenWriter against two other implementations on 21,865 plies, Chess960
// included.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "fenkit/fen/fen.hpp"
#include "fenkit/fen/san.hpp"
#include "tag_scan.hpp"
#include "test_support.hpp"

namespace fenkit::fen {
namespace {

struct ReplayTable {
  const char* table;
  const char* pgn;
  std::size_t games;
  std::size_t plies;
};

class ExpectedReplay : public ::testing::TestWithParam<ReplayTable> {};

TEST_P(ExpectedReplay, SanFenAndEnPassantModesAgree) {
  const ReplayTable& t = GetParam();
  FENKIT_REQUIRE_CORPUS(table_path, t.table);
  FENKIT_REQUIRE_CORPUS(pgn_path, t.pgn);
  const std::vector<testing::GameStart> starts = testing::game_starts(testing::read_file(pgn_path));
  ASSERT_EQ(starts.size(), t.games);

  std::size_t plies = 0, game = 0, mismatches = 0;
  Position pos;
  // The fast writer for runs of positions must agree with write_fen on every ply.
  FenWriter writer, legal_writer({.ep = EpMode::legal});
  char buffer[kMaxFenLength];
  for (const std::string& line : testing::lines_of(testing::read_file(table_path))) {
    if (line.empty() || line[0] == '#' || line.starts_with("game\t")) continue;
    // game, ply, san, fen, fen_nofauxep
    std::vector<std::string> f;
    for (std::size_t start = 0, tab;; start = tab + 1) {
      tab = line.find('\t', start);
      f.push_back(line.substr(start, tab - start));
      if (tab == std::string::npos) break;
    }
    ASSERT_EQ(f.size(), 5U) << line;
    const std::size_t g = std::stoul(f[0]), ply = std::stoul(f[1]);
    if (g != game) {
      ASSERT_EQ(g, game + 1) << "games out of order";
      ASSERT_EQ(ply, 1U);
      game = g;
      const testing::GameStart& start = starts.at(g - 1);
      pos = start.fen.empty() ? Position::start()
                              : position_from_fen(start.fen, {.chess960 = start.chess960});
    }
    const std::string where = std::string(t.table) + " game " + f[0] + " ply " + f[1];
    const SanResult r = read_san(pos, f[2]);
    ASSERT_TRUE(r) << where << ": " << describe(pos, f[2], r) << " in " << to_fen(pos);
    EXPECT_EQ(to_san(pos, r.move), f[2]) << where;
    pos.play(r.move);
    const std::string fen = to_fen(pos), legal = to_fen(pos, {.ep = EpMode::legal});
    EXPECT_EQ(fen, f[3]) << where;
    EXPECT_EQ(legal, f[4]) << where;
    EXPECT_EQ(std::string(buffer, writer.write(pos, buffer)), fen) << where;
    EXPECT_EQ(std::string(buffer, legal_writer.write(pos, buffer)), legal) << where;
    mismatches += (fen != f[3]) + (legal != f[4]);
    ++plies;
    if (mismatches > 20) FAIL() << "too many mismatches, stopping";
  }
  EXPECT_EQ(game, t.games);
  EXPECT_EQ(plies, t.plies);
}

INSTANTIATE_TEST_SUITE_P(
    Tables, ExpectedReplay,
    ::testing::Values(
        ReplayTable{"pgn/expected-replay/twic-01-232games.fen.tsv",
                    "pgn/mliebelt-pgn-parser/twic-01-232games.pgn", 232, 19777},
        ReplayTable{"pgn/expected-replay/chess960rwch.fen.tsv", "pgn/pychess-testing/chess960rwch.pgn",
                    20, 1692},
        ReplayTable{"pgn/expected-replay/cutechess-fischerrandom.fen.tsv",
                    "pgn/python-chess/cutechess-fischerrandom.pgn", 4, 396}),
    [](const auto& info) {
      std::string name = info.param.table;
      name = name.substr(name.rfind('/') + 1);
      for (char& c : name)
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
      return name;
    });

}  // namespace
}  // namespace fenkit::fen
