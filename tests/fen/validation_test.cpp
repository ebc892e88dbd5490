// Validation: every Problem found by name in a setup that has exactly that problem, and
// each one accepted on its own through PositionOptions::relax.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "fenkit/fen/fen.hpp"
#include "fenkit/fen/setup.hpp"

namespace fenkit::fen {
namespace {

Setup setup_of(std::string_view fen) {
  fen::Setup s;
  const FenError e = read_setup(fen, s);
  EXPECT_FALSE(e) << fen << ": " << e.message();
  return s;
}

struct ProblemCase {
  Problem problem;
  const char* fen;
  const char* why;  // the reasoning that makes this the one problem of the setup
  Variant variant = Variant::standard;
};

// clang-format off
const ProblemCase kProblemCases[] = {
    {Problem::missing_white_king, "4k3/8/8/8/8/8/8/8 w - - 0 1", "only a black king"},
    {Problem::missing_black_king, "8/8/8/8/8/8/8/4K3 w - - 0 1", "only a white king"},
    {Problem::too_many_white_kings, "4k3/8/8/8/8/8/8/3KK3 w - - 0 1", "white kings on d1 and e1"},
    {Problem::too_many_black_kings, "3kk3/8/8/8/8/8/8/4K3 w - - 0 1", "black kings on d8 and e8"},
    {Problem::pawn_on_back_rank, "4k2P/8/8/8/8/8/8/4K3 w - - 0 1", "white pawn on h8"},
    {Problem::pawn_on_back_rank, "4k3/8/8/8/8/8/8/p3K3 w - - 0 1", "black pawn on a1"},
    // Eight pawns and two queens: one promoted piece, but no pawn is missing.
    {Problem::too_many_white_pieces, "4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1", "promoted queen with 8 pawns"},
    // King, 8 pawns and 8 knights: 17 pieces.
    {Problem::too_many_white_pieces, "4k3/8/8/8/8/NNNNNNNN/PPPPPPPP/4K3 w - - 0 1", "17 white pieces"},
    {Problem::too_many_black_pieces, "qq2k3/pppppppp/8/8/8/8/8/4K3 w - - 0 1", "promoted queen with 8 pawns"},
    // Nine pawns but no other piece besides the king, so no piece count is exceeded.
    {Problem::too_many_white_pawns, "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1", "9 white pawns"},
    {Problem::too_many_black_pawns, "4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1", "9 black pawns"},
    // Black to move, and the black rook on e7 attacks the white king on e1.
    {Problem::opposite_side_in_check, "4k3/4r3/8/8/8/8/8/4K3 b - - 0 1", "white in check, black to move"},
    // The knight on d3 and the pawn on f2 both attack e1; no single move gives two checks
    // without a slider.
    {Problem::impossible_check, "4k3/8/8/8/8/3n4/5p2/4K3 w - - 0 1", "knight and pawn check"},
    // Three checkers: rook a1, bishop b4, knight d3.
    {Problem::impossible_check, "4k3/8/8/8/1b6/3n4/8/r3K3 w - - 0 1", "three checkers"},
    {Problem::castling_without_king, "4k3/8/8/8/8/8/4K3/R6R w K - 0 1", "king on e2"},
    {Problem::castling_without_king, "r6r/4k3/8/8/8/8/8/4K3 w k - 0 1", "black king on e7"},
    {Problem::castling_without_rook, "4k3/8/8/8/8/8/8/4K3 w K - 0 1", "no white rook at all"},
    {Problem::castling_without_rook, "4k3/8/8/8/8/8/8/4K1N1 w G - 0 1", "a knight on g1, not a rook"},
    {Problem::castling_without_rook, "4k3/8/8/8/8/8/8/R3K3 w K - 0 1", "the only rook is on the queen side"},
    {Problem::castling_duplicate, "4k3/8/8/8/8/8/8/4K2R w KH - 0 1", "K and H name the same rook"},
    {Problem::castling_duplicate, "4k3/8/8/8/8/8/8/4KR1R w KF - 0 1", "two king-side rights"},
    // White to move: the en-passant square must be on the 6th rank.
    {Problem::en_passant_wrong_rank, "4k3/8/8/8/4p3/8/8/4K3 w - e3 0 1", "e3 with white to move"},
    {Problem::en_passant_wrong_rank, "4k3/8/8/4P3/8/8/8/4K3 b - e6 0 1", "e6 with black to move"},
    {Problem::en_passant_without_pawn, "4k3/8/8/8/8/8/8/4K3 w - e6 0 1", "no black pawn on e5"},
    {Problem::en_passant_without_pawn, "4k3/8/8/4P3/8/8/8/4K3 w - e6 0 1", "a white pawn on e5"},
    {Problem::en_passant_blocked, "4k3/4n3/8/4p3/8/8/8/4K3 w - e6 0 1", "the pawn could not have come from e7"},
    {Problem::en_passant_blocked, "4k3/8/4n3/4p3/8/8/8/4K3 w - e6 0 1", "e6 itself is occupied"},
    {Problem::fullmove_zero, "4k3/8/8/8/8/8/8/4K3 w - - 0 0", "move 0"},
    {Problem::halfmove_too_large, "4k3/8/8/8/8/8/8/4K3 w - - 1073741825 1", "one more than 2^30"},
    {Problem::consecutive_digits, "4k3/8/8/44/8/8/8/4K3 w - - 0 1", "44 for the fifth rank's 8"},
    {Problem::consecutive_digits, "4k3/8/8/8/8/8/8/4K21 w - - 0 1", "2 and 1 after the king"},
    // Black to move may stand in check in chess, never in Racing Kings.
    {Problem::check_in_racing_kings, "k7/8/8/8/8/8/8/R6K b - - 0 1", "the a1 rook checks a8", Variant::racing_kings},
    {Problem::pawn_in_racing_kings, "k7/p7/8/8/8/8/8/7K w - - 0 1", "a black pawn on a7", Variant::racing_kings},
    {Problem::king_in_horde, "4k3/8/8/8/8/8/PPP5/4K3 w - - 0 1", "a white king on e1", Variant::horde},
};
// clang-format on

bool is_king_problem(Problem p) {
  return p == Problem::missing_white_king || p == Problem::missing_black_king ||
         p == Problem::too_many_white_kings || p == Problem::too_many_black_kings;
}

class OneProblem : public ::testing::TestWithParam<ProblemCase> {};

TEST_P(OneProblem, IsFoundAloneAndCanBeRelaxed) {
  const ProblemCase& c = GetParam();
  const fen::Setup setup = setup_of(c.fen);
  const Problems expected{c.problem};
  EXPECT_EQ(validate(setup, c.variant), expected)
      << c.fen << " (" << c.why << "): " << describe(validate(setup, c.variant));

  Position untouched = Position::empty();
  EXPECT_EQ(make_position(setup, untouched, {.variant = c.variant}), expected) << c.fen;
  EXPECT_EQ(untouched, Position::empty()) << "output written despite a problem";

  // The FEN reader reports the problem, not a syntax error.
  Position pos;
  const FenError error = read_fen(c.fen, pos, {.variant = c.variant});
  EXPECT_EQ(error.syntax, FenSyntax::ok);
  EXPECT_EQ(error.problems, expected);
  EXPECT_EQ(error.message(), describe(c.problem));

  // Relaxed alone: accepted, except a missing or extra king, without which there is no game.
  Position relaxed = Position::empty();
  const Problems left = make_position(setup, relaxed, {.relax = expected, .variant = c.variant});
  if (is_king_problem(c.problem)) {
    EXPECT_EQ(left, expected);
    EXPECT_EQ(make_position(setup, relaxed, {.relax = Problems::all()}), expected);
  } else {
    EXPECT_TRUE(left.empty()) << c.fen << ": " << describe(left);
    EXPECT_NE(relaxed, Position::empty());
    EXPECT_FALSE(read_fen(c.fen, pos, {.relax = expected, .variant = c.variant}));
  }
}

INSTANTIATE_TEST_SUITE_P(Problems, OneProblem, ::testing::ValuesIn(kProblemCases),
                         [](const auto& info) {
                           return std::string(problem_name(info.param.problem)) + "_" +
                                  std::to_string(info.index);
                         });

// With the kings side by side the side to move could take a king: no game to play, so this
// form of opposite_side_in_check is refused even when the problem is accepted.
TEST(Validation, KingsSideBySideAreRefusedEvenWhenRelaxed) {
  const fen::Setup setup = setup_of("8/8/8/8/8/8/8/3Kk3 w - - 0 1");
  EXPECT_EQ(validate(setup), Problems{Problem::opposite_side_in_check});
  Position pos;
  EXPECT_EQ(make_position(setup, pos, {.relax = Problems::all()}),
            Problems{Problem::opposite_side_in_check});
  // One square apart is fine when relaxed.
  EXPECT_TRUE(make_position(setup_of("8/8/8/8/8/8/8/2K1k3 w - - 0 1"), pos,
                            {.relax = Problems::all()}).empty());
}

TEST(Validation, EveryProblemHasACase) {
  std::set<int> covered;
  for (const ProblemCase& c : kProblemCases) covered.insert(int(c.problem));
  for (int i = 0; i < kProblemCount; ++i)
    EXPECT_TRUE(covered.count(i)) << "no case for " << problem_name(Problem(i));
}

TEST(Validation, NamesRoundTripAndDescriptionsDiffer) {
  std::set<std::string> descriptions;
  for (int i = 0; i < kProblemCount; ++i) {
    const Problem p = Problem(i);
    Problem back;
    ASSERT_TRUE(problem_from_name(problem_name(p), back)) << problem_name(p);
    EXPECT_EQ(back, p);
    descriptions.insert(describe(p));
  }
  EXPECT_EQ(descriptions.size(), std::size_t(kProblemCount));
  Problem unused;
  EXPECT_FALSE(problem_from_name("no_such_problem", unused));
}

TEST(Validation, SeveralProblemsAreAllReportedAndRelaxedOneByOne) {
  // Black to move while the white king is in check, a pawn on the eighth rank and fullmove 0.
  const fen::Setup setup = setup_of("4k2P/4r3/8/8/8/8/8/4K3 b - - 0 0");
  const Problems all{Problem::opposite_side_in_check, Problem::pawn_on_back_rank,
                     Problem::fullmove_zero};
  EXPECT_EQ(validate(setup), all);
  EXPECT_EQ(describe(all), std::string(describe(Problem::pawn_on_back_rank)) + "; " +
                               describe(Problem::opposite_side_in_check) + "; " +
                               describe(Problem::fullmove_zero));
  Position pos;
  EXPECT_EQ(make_position(setup, pos, {.relax = {Problem::fullmove_zero}}),
            (Problems{Problem::opposite_side_in_check, Problem::pawn_on_back_rank}));
  EXPECT_EQ(make_position(setup, pos, {.relax = {Problem::fullmove_zero, Problem::pawn_on_back_rank}}),
            Problems{Problem::opposite_side_in_check});
  EXPECT_TRUE(make_position(setup, pos, {.relax = all}).empty());
  EXPECT_EQ(to_fen(pos), "4k2P/4r3/8/8/8/8/8/4K3 b - - 0 1");
}

// What a relaxed problem leaves in the position: rights and squares that could not be played
// are dropped; a fullmove number of 0 counts from 1; the halfmove clock is kept within its
// 16 bits.
TEST(Validation, RelaxedRightsAndSquaresAreDroppedClocksKept) {
  auto relaxed_fen = [](std::string_view fen, Problem p) {
    Position pos;
    const FenError e = read_fen(fen, pos, {.relax = {p}});
    EXPECT_FALSE(e) << fen << ": " << e.message();
    return to_fen(pos);
  };
  EXPECT_EQ(relaxed_fen("4k3/8/8/8/8/8/8/4K3 w K - 0 1", Problem::castling_without_rook),
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  // One right of two is impossible: the other stays.
  EXPECT_EQ(relaxed_fen("4k3/8/8/8/8/8/8/4K2R w KQ - 0 1", Problem::castling_without_rook),
            "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
  EXPECT_EQ(relaxed_fen("4k3/8/8/8/8/8/8/4K2R w KH - 0 1", Problem::castling_duplicate),
            "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
  EXPECT_EQ(relaxed_fen("4k3/8/8/8/8/8/8/4K3 w - e6 0 1", Problem::en_passant_without_pawn),
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_EQ(relaxed_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 0", Problem::fullmove_zero),
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_EQ(relaxed_fen("4k3/8/8/8/8/8/8/4K3 w - - 2000000000 1", Problem::halfmove_too_large),
            "4k3/8/8/8/8/8/8/4K3 w - - 1073741824 1");
}

TEST(Validation, LimitsThatAreStillFine) {
  const char* fine[] = {
      "4k3/8/8/8/8/8/8/4K3 w - - 1073741824 1",          // the largest halfmove clock
      "4k3/8/8/8/8/8/PPPPPPP1/QQ2K3 w - - 0 1",          // a missing pawn pays for the queen
      "4k3/8/8/8/1b6/8/8/r3K3 w - - 0 1",                // double check by two sliders
      "4k3/8/8/8/1b6/8/4r3/4K3 w - - 0 1",               // discovered double check
      "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",               // a real en-passant square
      "4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1",               // the same for black
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "rk4r1/8/8/8/8/8/8/RK4R1 w AGag - 0 1",            // Chess960 rights
  };
  for (const char* fen : fine) EXPECT_TRUE(validate(setup_of(fen)).empty()) << fen << ": " << describe(validate(setup_of(fen)));
}

TEST(Validation, ToSetupInvertsMakePosition) {
  for (const char* fen : {"r3k2r/8/8/3pP3/8/8/8/R3K2R w Kq d6 7 42",
                          "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"}) {
    const Position pos = position_from_fen(fen);
    Position back;
    ASSERT_TRUE(make_position(to_setup(pos), back, {.chess960 = pos.is_chess960()}).empty());
    EXPECT_EQ(back, pos) << fen;
  }
}

}  // namespace
}  // namespace fenkit::fen
