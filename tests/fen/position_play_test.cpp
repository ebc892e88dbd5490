// Playing moves safely: play() refuses what is not a legal move and leaves the position as it
// was; play_unchecked() is the fast path for moves known to be legal. And the Problems set as
// a range.
#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

#include "fenkit/fen/fen.hpp"
#include "fenkit/fen/position.hpp"
#include "fenkit/fen/san.hpp"
#include "fenkit/fen/setup.hpp"
#include "fenkit/fen/uci.hpp"

namespace fenkit::fen {
namespace {

// The snippet users copy: a SAN that does not resolve gives Move::none(), which play() refuses
// (it once removed the a1 rook).
TEST(PositionPlay, AFailedReadSanIsRefusedAndChangesNothing) {
  Position pos;
  const SanResult result = read_san(pos, "Nf4");
  ASSERT_FALSE(result);
  EXPECT_THROW(pos.play(result.move), std::invalid_argument);
  EXPECT_EQ(to_fen(pos), kStartFen);
}

TEST(PositionPlay, IllegalMovesAreRefused) {
  Position pos;
  for (const char* uci : {"e2e5", "e1e2", "a1a3", "e7e5", "g1g3"}) {
    const Move m = read_uci(pos, uci);
    EXPECT_FALSE(pos.is_legal_move(m)) << uci;
    if (m.is_none()) continue;
    try {
      pos.play(m);
      ADD_FAILURE() << uci << " was played";
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("not a legal move here"), std::string::npos) << e.what();
    }
    EXPECT_EQ(to_fen(pos), kStartFen) << uci;
  }
  // A move that is legal elsewhere but leaves the king in check here.
  Position pinned = position_from_fen("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1");
  const Move bishop = Move(make_square(4, 1), make_square(3, 2));  // Be2-d3, pinned
  EXPECT_FALSE(pinned.is_legal_move(bishop));
  EXPECT_THROW(pinned.play(bishop), std::invalid_argument);
}

TEST(PositionPlay, LegalMovesAndNullMovesArePlayed) {
  Position checked, unchecked;
  for (const char* san : {"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "O-O"}) {
    const Move m = read_san(checked, san).move;
    EXPECT_TRUE(checked.is_legal_move(m)) << san;
    checked.play(m);
    unchecked.play_unchecked(m);
  }
  EXPECT_EQ(checked, unchecked);
  checked.play(Move::null());
  EXPECT_EQ(checked.side_to_move(), Color::white);
}

// A record of 200,000 plies without a capture or a pawn move (a knight and a king going to and
// fro): the clocks count on past 16 bits, and the FEN reads back as written.
TEST(PositionPlay, ClocksCountPastSixteenBits) {
  Position pos = position_from_fen("4k3/8/8/8/8/8/8/4K1N1 w - - 0 1");
  Position probe = pos;
  const Move there = read_uci(probe, "g1f3");
  probe.play(there);
  const Move king_out = read_uci(probe, "e8d8");
  probe.play(king_out);
  const Move back = read_uci(probe, "f3g1");
  probe.play(back);
  const Move king_back = read_uci(probe, "d8e8");
  for (int i = 0; i < 50000; ++i)
    for (const Move m : {there, king_out, back, king_back}) pos.play(m);
  EXPECT_EQ(pos.halfmove_clock(), 200000);
  EXPECT_EQ(pos.fullmove_number(), 100001);
  const std::string fen = to_fen(pos);
  EXPECT_EQ(fen, "4k3/8/8/8/8/8/8/4K1N1 w - - 200000 100001");
  EXPECT_EQ(position_from_fen(fen), pos);
}

TEST(Problems, IterateOverTheProblemsPresent) {
  const Problems none;
  EXPECT_EQ(none.begin(), none.end());
  EXPECT_EQ(none.size(), 0);
  const Problems some{Problem::halfmove_too_large, Problem::missing_white_king,
                      Problem::pawn_on_back_rank};
  std::vector<Problem> seen;
  for (Problem p : some) seen.push_back(p);
  EXPECT_EQ(seen, (std::vector<Problem>{Problem::missing_white_king, Problem::pawn_on_back_rank,
                                        Problem::halfmove_too_large}));
  EXPECT_EQ(some.size(), 3);
  int all = 0;
  for (Problem p : Problems::all()) {
    EXPECT_NE(std::string(problem_name(p)), "") << int(p);
    ++all;
  }
  EXPECT_EQ(all, kProblemCount);
}

}  // namespace
}  // namespace fenkit::fen
