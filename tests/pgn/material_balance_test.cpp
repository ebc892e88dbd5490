// Material balances as pgn-extract's -y/-z files write them: the notation read, and positions
// matched against it.
#include "fenkit/pgn/material_balance.hpp"

#include <gtest/gtest.h>

#include "fenkit/fen/fen.hpp"

namespace fenkit::pgn {
namespace {

fen::Position position(std::string_view fen_text) {
  fen::Position pos;
  EXPECT_FALSE(fen::read_fen(fen_text, pos)) << fen_text;
  return pos;
}

// Whether `balance` matches with its first list as White's.
bool white_first(std::string_view balance, std::string_view fen_text) {
  const fen::Position pos = position(fen_text);
  return MaterialBalance::parse(balance).matches(Material::of(pos, fen::Color::white),
                                                 Material::of(pos, fen::Color::black));
}

constexpr std::string_view kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
// White: rook and pawn; Black: knight and bishop.
constexpr std::string_view kRookPawnMinors = "4k3/8/3nb3/8/8/4P3/8/R3K3 w - - 0 1";

TEST(MaterialBalance, TheStartingMaterial) {
  EXPECT_TRUE(white_first("QR2B2N2P8 QR2B2N2P8", kStart));
  EXPECT_TRUE(white_first("q*r*b*n*p* q*r*b*n*p*", kStart));
  EXPECT_TRUE(white_first("kqr2b2n2p8 KQR2B2N2P8", kStart));  // kings mean nothing
  EXPECT_FALSE(white_first("QR2B2N2P7 QR2B2N2P8", kStart));
  EXPECT_FALSE(white_first("R2B2N2P8 QR2B2N2P8", kStart));  // no queen listed: none
}

TEST(MaterialBalance, ALetterAloneIsOnePiece) {
  EXPECT_TRUE(white_first("rp nb", kRookPawnMinors));
  EXPECT_TRUE(white_first("PR BN", kRookPawnMinors));
  EXPECT_FALSE(white_first("nb rp", kRookPawnMinors));
  EXPECT_FALSE(white_first("r nb", kRookPawnMinors));  // a pawn not listed: none
  EXPECT_FALSE(white_first("rp2 nb", kRookPawnMinors));
}

TEST(MaterialBalance, Counts) {
  EXPECT_TRUE(white_first("r+p+ n*b*", kRookPawnMinors));
  EXPECT_TRUE(white_first("r1p1+ n1-b", kRookPawnMinors));
  EXPECT_FALSE(white_first("r2+p nb", kRookPawnMinors));
  EXPECT_FALSE(white_first("r0-p q*nb", kRookPawnMinors));  // at most no rook
  EXPECT_TRUE(white_first("rq*p l2", kRookPawnMinors));             // two minor pieces
  EXPECT_TRUE(white_first("rp l2+", kRookPawnMinors));
  EXPECT_FALSE(white_first("rp l3", kRookPawnMinors));
  EXPECT_TRUE(white_first("r-p? n?b-q?", kRookPawnMinors));  // at most one
  EXPECT_FALSE(white_first("r-p? n?b-q+", kRookPawnMinors));
  EXPECT_TRUE(white_first("r3#p nb", kRookPawnMinors));  // a digit before # means nothing
  EXPECT_TRUE(white_first("rp l2b0", kRookPawnMinors));  // with L, B and N on their own do not count
}

TEST(MaterialBalance, ComparisonsWithTheOtherSide) {
  // A rook and three pawns each; then two rooks each, White with three pawns, Black with two.
  const std::string_view rooks = "r5k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1";
  const std::string_view more = "rr4k1/6pp/8/8/8/8/5PPP/RR4K1 w - - 0 1";
  EXPECT_FALSE(white_first("r2p* r=p1>=", more));  // White has the extra pawn
  EXPECT_TRUE(white_first("r2p* r=p1<=", more));
  EXPECT_TRUE(white_first("r+p+ r=p#", more));
  EXPECT_FALSE(white_first("r+p+ r=p#", rooks));
  EXPECT_TRUE(white_first("r+p+ r=p=", rooks));
  EXPECT_TRUE(white_first("r*p* r*p<", more));
  EXPECT_FALSE(white_first("r*p* r*p2<", more));
  EXPECT_TRUE(white_first("r*p3 r*p1<", more));
}

TEST(MaterialBalance, ASacrificeOfTheExchange) {
  // Black gave a rook and a pawn for a bishop and a knight (pgn-extract's example).
  const std::string_view fen_text = "2b1kn2/ppp5/8/8/8/8/PPPP4/R3K3 w - - 0 1";
  EXPECT_TRUE(white_first("q*r*l*p+ q=r1<=l2>=p1<", fen_text));
  EXPECT_FALSE(white_first("q*r*l*p+ q=r1<=l2>=p1<", kStart));
}

TEST(MaterialBalance, DepthOtherSideAndComment) {
  EXPECT_EQ(MaterialBalance::parse("rp nb").depth(), 2U);
  EXPECT_EQ(MaterialBalance::parse(" 6 rp nb").depth(), 6U);
  EXPECT_EQ(MaterialBalance::parse("0 rp").depth(), 0U);
  EXPECT_TRUE(white_first("rp", kRookPawnMinors));               // Black: anything
  EXPECT_TRUE(white_first("rp nb rook and pawn", kRookPawnMinors));  // a comment after the lists
  EXPECT_FALSE(white_first("r2p r1", "4k3/8/8/8/8/4P3/8/R3K3 w - - 0 1"));
  EXPECT_TRUE(white_first("r2r1p nb", kRookPawnMinors));  // the last count of a letter counts
}

TEST(MaterialBalance, EitherSideOrWhiteFirst) {
  const MaterialBalances either =
      MaterialBalances::from_text("% rook and pawn against minors\n\nnb rp\n", true);
  EXPECT_EQ(either.size(), 1U);
  // Depth 0: the first position with the balance completes it.
  const auto first_match = [](const MaterialBalances& balances, std::string_view fen_text) {
    MaterialMatcher matcher(balances);
    matcher.position(position(fen_text), 0);
    return matcher.match(1);  // a move follows
  };
  const MaterialBalances either0 = MaterialBalances::from_text("0 nb rp\n", true);
  EXPECT_EQ(first_match(either0, kRookPawnMinors)->first, fen::Color::black);
  EXPECT_FALSE(first_match(MaterialBalances::from_text("0 nb rp\n", false), kRookPawnMinors));
  const MaterialBalances both = MaterialBalances::from_text("0 nb rp\r\n0 rp nb\r\n", false);
  EXPECT_EQ(first_match(both, kRookPawnMinors)->first, fen::Color::white);
}

// A balance counts where it has stood for its depth in plies: depth + 1 positions in a row.
TEST(MaterialBalance, HeldForItsDepth) {
  // Rooks alone (held two plies); White's queens and rooks against Black's rooks (three).
  const MaterialBalances balances = MaterialBalances::from_text("r* r*\n3 q*r* r*\n", true);
  MaterialMatcher matcher(balances);
  const fen::Position start = position(kStart);
  const fen::Position rooks = position("r3k3/8/8/8/8/8/8/R3K3 w - - 0 1");
  const fen::Position queen_up = position("r3k3/8/8/8/8/8/8/R2QK3 w - - 0 1");
  std::uint32_t ply = 0;
  // Each balance stands at plies 1 and 2, the second at 3 too: not long enough.
  for (const fen::Position* pos : {&start, &rooks, &rooks, &queen_up, &start}) matcher.position(*pos, ply++);
  EXPECT_FALSE(matcher.match(ply));
  // The second at plies 5, 6 and 7, the first at 5 and 6 only.
  for (const fen::Position* pos : {&rooks, &rooks, &queen_up}) matcher.position(*pos, ply++);
  EXPECT_FALSE(matcher.match(ply));
  EXPECT_FALSE(matcher.first_met_here());
  matcher.position(queen_up, ply++);  // ply 8: the second has stood four positions in a row
  EXPECT_TRUE(matcher.first_met_here());
  // Met at the last position, which no move follows: no match, as pgn-extract has it.
  EXPECT_FALSE(matcher.match(8));
  ASSERT_TRUE(matcher.match(9));
  EXPECT_EQ(matcher.match(9)->ply, 8U);
  EXPECT_EQ(matcher.match(9)->first, fen::Color::white);
  EXPECT_FALSE(matcher.wants_positions());  // the balance written last is met
  matcher.reset();
  EXPECT_FALSE(matcher.match(9));
  EXPECT_TRUE(matcher.wants_positions());
}

TEST(MaterialBalance, WhatItCannotReadIsSaidWithItsLine) {
  EXPECT_THROW(MaterialBalance::parse(""), std::invalid_argument);
  EXPECT_THROW(MaterialBalance::parse("12"), std::invalid_argument);
  EXPECT_THROW(MaterialBalance::parse("rx nb"), std::invalid_argument);
  EXPECT_THROW(MaterialBalance::parse("rp n!"), std::invalid_argument);
  try {
    MaterialBalances::from_text("rp nb\n% fine\nr! nb\n", true);
    FAIL() << "no error";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(),
                 "3: the first side has '!' where a piece letter (QRBNPL) and its count are "
                 "expected");
  }
}

}  // namespace
}  // namespace fenkit::pgn
