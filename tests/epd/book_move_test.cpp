// Book move codes, worked out by hand from the bit layout in book_format.html:
// to file bits 0-2, to rank 3-5, from file 6-8, from rank 9-11, promotion 12-14 (1 knight .. 4
// queen).
#include "fenkit/epd/book_move.hpp"

#include <gtest/gtest.h>

#include "fenkit/fen/fen.hpp"
#include "fenkit/fen/uci.hpp"

namespace fenkit {
namespace {

using epd::book_move_text;
using epd::decode_book_move;
using epd::encode_book_move;
using fen::Position;

Position from_fen(const char* text, bool chess960 = false) {
  return fen::position_from_fen(text, {.lenient = true, .chess960 = chess960});
}

TEST(BookMove, OrdinaryMove) {
  const Position start;
  // e2 = square 12, e4 = square 28: 12 << 6 | 28 = 796 = 0x31c (also what polyglot writes).
  const fen::Move e4 = fen::read_uci(start, "e2e4");
  EXPECT_EQ(encode_book_move(e4), 0x31C);
  EXPECT_EQ(decode_book_move(start, 0x31C), e4);
  EXPECT_EQ(book_move_text(0x31C), "e2e4");
}

TEST(BookMove, CastlingIsKingTakesRook) {
  const Position pos = from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  // e1 = 4, h1 = 7, a1 = 0: e1h1 = 4 << 6 | 7 = 0x107, e1a1 = 0x100.
  const fen::Move short_castle = fen::read_uci(pos, "e1g1"),
                  long_castle = fen::read_uci(pos, "e1c1");
  ASSERT_TRUE(short_castle.is_castling());
  ASSERT_TRUE(long_castle.is_castling());
  EXPECT_EQ(encode_book_move(short_castle), 0x107);
  EXPECT_EQ(encode_book_move(long_castle), 0x100);
  EXPECT_EQ(decode_book_move(pos, 0x107), short_castle);
  EXPECT_EQ(decode_book_move(pos, 0x100), long_castle);
  // The king's two-step e1g1 (4 << 6 | 6) is not how books write castling.
  EXPECT_FALSE(decode_book_move(pos, 0x106));

  const Position black = from_fen("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
  // e8 = 60, h8 = 63: 60 << 6 | 63 = 0xf3f; a8 = 56: 0xf38.
  EXPECT_TRUE(decode_book_move(black, 0xF3F).is_castling());
  EXPECT_TRUE(decode_book_move(black, 0xF38).is_castling());
  EXPECT_EQ(book_move_text(0xF3F), "e8h8");
}

TEST(BookMove, CastlingNeedsTheRight) {
  // Same board without rights: e1h1 is no move at all (the king cannot reach h1).
  const Position pos = from_fen("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1");
  EXPECT_FALSE(decode_book_move(pos, 0x107));
}

TEST(BookMove, Promotions) {
  const Position pos = from_fen("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
  // a7 = 48, a8 = 56, b8 = 57. a7a8=Q: 48 << 6 | 56 | 4 << 12 = 0x4c38; axb8=N: 0x1c39.
  const fen::Move queen = decode_book_move(pos, 0x4C38), knight = decode_book_move(pos, 0x1C39);
  ASSERT_TRUE(queen.is_promotion());
  EXPECT_EQ(queen.promotion(), fen::PieceType::queen);
  ASSERT_TRUE(knight.is_promotion());
  EXPECT_EQ(knight.promotion(), fen::PieceType::knight);
  EXPECT_EQ(encode_book_move(queen), 0x4C38);
  EXPECT_EQ(encode_book_move(knight), 0x1C39);
  EXPECT_EQ(encode_book_move(fen::read_uci(pos, "a7a8r")), 0x3C38);
  EXPECT_EQ(encode_book_move(fen::read_uci(pos, "a7a8b")), 0x2C38);
  // A promotion move without its piece names nothing.
  EXPECT_FALSE(decode_book_move(pos, 0x0C38));
  EXPECT_EQ(book_move_text(0x1C39), "a7b8n");
}

TEST(BookMove, EnPassant) {
  const Position pos = from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
  // e5 = 36, d6 = 43: 36 << 6 | 43 = 0x92b.
  const fen::Move m = decode_book_move(pos, 0x92B);
  ASSERT_TRUE(m.is_en_passant());
  EXPECT_EQ(encode_book_move(m), 0x92B);
}

TEST(BookMove, ZeroAndIllegalCodesDecodeToNothing) {
  const Position start;
  EXPECT_FALSE(decode_book_move(start, 0));
  EXPECT_EQ(book_move_text(0), "a1a1");
  // e2e5 (12 << 6 | 36) is no legal move.
  EXPECT_FALSE(decode_book_move(start, 12 << 6 | 36));
}

TEST(BookMove, Chess960CastlingFromAnywhere) {
  // King on b1, rooks on a1 and h1: O-O-O is b1a1 (the king stays, the rook goes to d1), and
  // O-O is b1h1. b1 = 1: 1 << 6 | 0 = 0x40, 1 << 6 | 7 = 0x47.
  const Position pos = from_fen("rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1", true);
  const fen::Move long_castle = decode_book_move(pos, 0x40),
                  short_castle = decode_book_move(pos, 0x47);
  ASSERT_TRUE(long_castle.is_castling());
  ASSERT_TRUE(short_castle.is_castling());
  EXPECT_EQ(encode_book_move(long_castle), 0x40);
  EXPECT_EQ(fen::to_uci(short_castle, {.king_takes_rook = true}), "b1h1");
}

TEST(BookMove, AmbiguousChess960Keys) {
  using epd::has_ambiguous_castling_key;
  EXPECT_FALSE(has_ambiguous_castling_key(Position()));
  // White rooks on a1 and b1, king on e1. The right held by the a1 rook is the outer rook's:
  // the key's queen-side bit says so unambiguously.
  EXPECT_FALSE(has_ambiguous_castling_key(from_fen("4k3/8/8/8/8/8/8/RR2K3 w A - 0 1", true)));
  // Held by b1 instead, the same bit would also stand for a1's right: left out of books.
  EXPECT_TRUE(has_ambiguous_castling_key(from_fen("4k3/8/8/8/8/8/8/RR2K3 w B - 0 1", true)));
  // King-side likewise: rooks on g8 and h8, the right on g8.
  EXPECT_TRUE(has_ambiguous_castling_key(from_fen("4k1rr/8/8/8/8/8/8/4K3 w g - 0 1", true)));
  EXPECT_FALSE(has_ambiguous_castling_key(from_fen("4k1rr/8/8/8/8/8/8/4K3 w h - 0 1", true)));
  // A rook on the other side of the king does not matter.
  EXPECT_FALSE(has_ambiguous_castling_key(from_fen("4k3/8/8/8/8/8/8/1R2K1R1 w BG - 0 1", true)));
}

}  // namespace
}  // namespace fenkit
