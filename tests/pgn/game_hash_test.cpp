// MainlineHash: equal for the same start and moves, different as soon as one differs.
#include "fenkit/pgn/game_hash.hpp"

#include <gtest/gtest.h>

#include <set>
#include <utility>
#include <vector>

#include "fenkit/fen/fen.hpp"
#include "fenkit/fen/movegen.hpp"

namespace fenkit::pgn {
namespace {

// The hash of a line: `plies` moves from the start, each the `choice`-th legal move (modulo
// their number), but the move at `changed_ply`, which takes the next one.
GameHash line_hash(int plies, int changed_ply = -1, const fen::Position& start = fen::Position()) {
  MainlineHash hash;
  hash.start(start);
  fen::Position pos = start;
  for (int ply = 0; ply < plies; ++ply) {
    fen::MoveList moves;
    fen::generate_legal(pos, moves);
    const std::size_t pick = (std::size_t(ply) * 7 + (ply == changed_ply ? 1 : 0)) % moves.size();
    hash.move(moves[pick]);
    pos.play_unchecked(moves[pick]);
  }
  return hash.value();
}

TEST(MainlineHash, TheSameLineHashesTheSame) {
  for (int plies : {0, 1, 3, 4, 5, 8, 41}) EXPECT_EQ(line_hash(plies), line_hash(plies)) << plies;
}

TEST(MainlineHash, AnyOneMoveChangedOrLeftOffChangesIt) {
  // Every place of a changed move, and lines of every length up to thirteen plies.
  std::set<std::pair<std::uint64_t, std::uint64_t>> seen;
  int lines = 0;
  for (int plies = 0; plies <= 13; ++plies) {
    for (int changed = -1; changed < plies; ++changed) {
      const GameHash h = line_hash(plies, changed);
      seen.insert({h.high, h.low});
      ++lines;
    }
  }
  EXPECT_EQ(seen.size(), std::size_t(lines));
}

TEST(MainlineHash, TheStartPositionCounts) {
  const fen::Position other =
      fen::position_from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kkq - 0 1");
  EXPECT_NE(line_hash(6, -1, other), line_hash(6));
  EXPECT_NE(line_hash(0, -1, other), line_hash(0));
}

}  // namespace
}  // namespace fenkit::pgn
