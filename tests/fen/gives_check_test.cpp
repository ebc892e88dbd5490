// Position::gives_check, which looks at the piece that moves and the lines it opens, against
// playing the move and asking in_check, on every position of the perft fixture and the
// positions two plies after them (checks, pins, en passant, castling, Chess960).
#include <gtest/gtest.h>

#include <fstream>
#include <vector>

#include "fenkit/fen/fen.hpp"
#include "fenkit/fen/movegen.hpp"
#include "fenkit/fen/perft_suite.hpp"
#include "fenkit/fen/san.hpp"  // to_san, for the messages
#include "test_support.hpp"

namespace fenkit::fen {
namespace {

// `pos` and every position up to `plies` plies after it.
void collect(const Position& pos, int plies, std::vector<Position>& out) {
  out.push_back(pos);
  if (plies == 0) return;
  MoveList moves;
  generate_legal(pos, moves);
  for (Move m : moves) {
    Position next = pos;
    next.play_unchecked(m);
    collect(next, plies - 1, out);
  }
}

// The fixture's positions, and every position one and two plies after each.
std::vector<Position> fixture_positions() {
  std::ifstream in(testing::data("fen/perft.epd"));
  EXPECT_TRUE(in);
  std::vector<PerftSuiteError> errors;
  std::vector<Position> out;
  for (const PerftCase& c : read_perft_suite(in, errors)) {
    Position pos;
    EXPECT_FALSE(read_fen(c.fen, pos)) << c.fen;
    collect(pos, 2, out);
  }
  return out;
}

const std::vector<Position>& positions() {
  static const std::vector<Position> all = fixture_positions();
  return all;
}

TEST(GivesCheck, AgreesWithPlayingTheMove) {
  std::size_t moves = 0, checks = 0;
  for (const Position& pos : positions()) {
    MoveList legal;
    generate_legal(pos, legal);
    for (Move m : legal) {
      Position after = pos;
      after.play_unchecked(m);
      ASSERT_EQ(pos.gives_check(m), after.in_check()) << to_fen(pos) << " " << to_san(pos, m);
      ++moves;
      checks += after.in_check() ? 1 : 0;
    }
  }
  // Enough of both for the comparison to mean something.
  EXPECT_GT(moves, 100'000U);
  EXPECT_GT(checks, 5'000U);
}

}  // namespace
}  // namespace fenkit::fen
