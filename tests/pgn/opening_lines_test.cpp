// OpeningLines: games named as pgn-extract's -e names them with an ECO file (the lines here are
// written for the rules: the same moves first, else a line ending at most six plies before,
// the first such line of the file, the last ply with a match).
#include "fenkit/pgn/opening_lines.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "fenkit/fen/san.hpp"

namespace fenkit::pgn {
namespace {

constexpr const char* kLines =
    "[ECO \"C20\"]\n[Opening \"King's pawn\"]\n\n1. e4 e5 *\n\n"
    "[ECO \"C40\"]\n[Opening \"King's knight\"]\n\n1. e4 e5 2. Nf3 *\n\n"
    "[ECO \"C44\"]\n[Opening \"King's pawn game\"]\n[Variation \"first\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n"
    "[ECO \"C46\"]\n[Opening \"Three knights\"]\n[Variation \"second\"]\n\n1. Nf3 Nc6 2. e4 e5 *\n\n";

// The opening the lines give a game of these SAN moves.
std::string named(const OpeningLines& lines, const std::vector<std::string>& moves) {
  OpeningLineClassifier classify(lines);
  fen::Position pos;
  classify.start(pos);
  for (const std::string& san : moves) {
    const fen::SanResult move = fen::read_san(pos, san);
    EXPECT_TRUE(move) << san;
    pos.play(move.move);
    classify.move(move.move, pos);
  }
  const Opening* o = classify.best();
  return o ? o->eco + (o->variation.empty() ? "" : " " + o->variation) : "none";
}

TEST(OpeningLines, SameMovesFirstThenTheFirstLineOfTheFile) {
  const OpeningLines lines = OpeningLines::from_pgn(kLines);
  EXPECT_EQ(lines.size(), 4U);
  EXPECT_EQ(named(lines, {"e4", "e5"}), "C20");
  EXPECT_EQ(named(lines, {"e4", "e5", "Nf3"}), "C40");
  // C44 and C46 end in the same position: the moves played choose between them.
  EXPECT_EQ(named(lines, {"e4", "e5", "Nf3", "Nc6"}), "C44 first");
  EXPECT_EQ(named(lines, {"Nf3", "Nc6", "e4", "e5"}), "C46 second");
  // By another order, the first of the two in the file.
  EXPECT_EQ(named(lines, {"Nf3", "e5", "e4", "Nc6"}), "C44 first");
  // The last ply with a match names the game.
  EXPECT_EQ(named(lines, {"e4", "e5", "Nf3", "Nc6", "Bb5", "a6"}), "C44 first");
  EXPECT_EQ(named(lines, {"d4", "d5"}), "none");
}

TEST(OpeningLines, APositionNamedOnlyWithinSixPliesPastTheLine) {
  const OpeningLines lines = OpeningLines::from_pgn(kLines);
  // Knights out and back: the board after 1. e4 e5 again, four plies past the line.
  EXPECT_EQ(named(lines, {"e4", "e5", "Nf3", "Nf6", "Ng1", "Ng8"}), "C20");
  // Eight plies past it: too far.
  EXPECT_EQ(named(lines, {"Nf3", "Nf6", "Ng1", "Ng8", "Nc3", "Nc6", "Nb1", "Nb8", "e4", "e5"}),
            "none");
  // Before the line's end the board cannot be its (a line is never matched early).
  EXPECT_EQ(named(lines, {"Nc3", "e5", "Nb1"}), "none");
}

TEST(OpeningLines, ALineThatCannotBePlayedIsRefused) {
  EXPECT_THROW(OpeningLines::from_pgn("[ECO \"A00\"]\n\n1. e5 *\n"), std::invalid_argument);
}

}  // namespace
}  // namespace fenkit::pgn
