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
  EXPECT_FALSE(white_first("rp l2b0", kRookPawnMinors));  // L beside B: the bishop counts too
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

TEST(MaterialBalance, EitherSideOrWhiteFirst) {
  const MaterialBalances either =
      MaterialBalances::from_text("% rook and pawn against minors\n\nnb rp\n", true);
  EXPECT_EQ(either.size(), 1U);
  EXPECT_EQ(either.match(position(kRookPawnMinors)), fen::Color::black);
  const MaterialBalances white = MaterialBalances::from_text("nb rp\n", false);
  EXPECT_EQ(white.match(position(kRookPawnMinors)), std::nullopt);
  const MaterialBalances both = MaterialBalances::from_text("nb rp\r\nrp nb\r\n", false);
  EXPECT_EQ(both.match(position(kRookPawnMinors)), fen::Color::white);
}

TEST(MaterialBalance, WhatItCannotReadIsSaidWithItsLine) {
  EXPECT_THROW(MaterialBalance::parse("rp"), std::invalid_argument);
  EXPECT_THROW(MaterialBalance::parse("rp nb q"), std::invalid_argument);
  EXPECT_THROW(MaterialBalance::parse("rx nb"), std::invalid_argument);
  EXPECT_THROW(MaterialBalance::parse("rr nb"), std::invalid_argument);
  try {
    MaterialBalances::from_text("rp nb\n% fine\nr? nb\n", true);
    FAIL() << "no error";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(),
                 "3: the first side has '?' where a piece letter (QRBNPL) and its count are "
                 "expected");
  }
}

}  // namespace
}  // namespace fenkit::pgn
