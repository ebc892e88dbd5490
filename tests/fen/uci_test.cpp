// UCI and long algebraic notation, including Chess960 castling as king-takes-rook.
#include <gtest/gtest.h>

#include <string>

#include "fenkit/fen/fen.hpp"
#include "fenkit/fen/movegen.hpp"
#include "fenkit/fen/uci.hpp"

namespace fenkit::fen {
namespace {

constexpr const char* kCastles = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
constexpr const char* kPromotion = "3r4/4P3/8/8/8/8/k7/4K3 w - - 0 1";
constexpr const char* kEnPassant = "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3";
constexpr const char* kChess960 = "rk5r/8/8/8/8/8/8/R5KR w HAha - 0 1";

TEST(UciWrite, PlainMovesAndPromotions) {
  EXPECT_EQ(to_uci(Move(e2, e4), {}), "e2e4");
  EXPECT_EQ(to_uci(Move(g8, f6), {}), "g8f6");
  EXPECT_EQ(to_uci(Move(e7, e8, MoveKind::promotion, PieceType::queen), {}), "e7e8q");
  EXPECT_EQ(to_uci(Move(e7, d8, MoveKind::promotion, PieceType::knight), {}), "e7d8n");
  EXPECT_EQ(to_uci(Move(b2, a1, MoveKind::promotion, PieceType::rook), {}), "b2a1r");
  EXPECT_EQ(to_uci(Move(b2, b1, MoveKind::promotion, PieceType::bishop), {}), "b2b1b");
  EXPECT_EQ(to_uci(Move(e5, d6, MoveKind::en_passant), {}), "e5d6");
  EXPECT_EQ(to_uci(Move::null(), {}), "0000");
  char buffer[kMaxUciLength];
  EXPECT_EQ(write_uci(Move(e7, e8, MoveKind::promotion, PieceType::queen), buffer, {}), 5U);
}

TEST(UciWrite, CastlingAsKingStepOrKingTakesRook) {
  const Move short_castle(e1, h1, MoveKind::castling);
  const Move long_castle(e8, a8, MoveKind::castling);
  EXPECT_EQ(to_uci(short_castle, {}), "e1g1");
  EXPECT_EQ(to_uci(long_castle, {}), "e8c8");
  EXPECT_EQ(to_uci(short_castle, {.king_takes_rook = true}), "e1h1");
  EXPECT_EQ(to_uci(long_castle, {.king_takes_rook = true}), "e8a8");
  // Chess960: king on b1 with the a1 rook castles to c1.
  EXPECT_EQ(to_uci(Move(b1, a1, MoveKind::castling), {.king_takes_rook = true}), "b1a1");
  EXPECT_EQ(to_uci(Move(b1, a1, MoveKind::castling), {}), "b1c1");
}

TEST(UciRead, NamesTheLegalMove) {
  const Position start = Position::start();
  EXPECT_EQ(read_uci(start, "e2e4"), Move(e2, e4));
  EXPECT_EQ(read_uci(start, "g1f3"), Move(g1, f3));
  EXPECT_TRUE(read_uci(start, "0000").is_null());
  const Position promotion = position_from_fen(kPromotion);
  EXPECT_EQ(read_uci(promotion, "e7e8q"), Move(e7, e8, MoveKind::promotion, PieceType::queen));
  EXPECT_EQ(read_uci(promotion, "e7e8n"), Move(e7, e8, MoveKind::promotion, PieceType::knight));
  EXPECT_EQ(read_uci(promotion, "e7d8b"), Move(e7, d8, MoveKind::promotion, PieceType::bishop));
  // Upper-case promotion letters, as pgn-extract -Wuci writes them.
  EXPECT_EQ(read_uci(promotion, "e7e8Q"), Move(e7, e8, MoveKind::promotion, PieceType::queen));
  EXPECT_EQ(read_uci(promotion, "e7d8N"), Move(e7, d8, MoveKind::promotion, PieceType::knight));
  EXPECT_EQ(read_uci(position_from_fen(kEnPassant), "e5d6"), Move(e5, d6, MoveKind::en_passant));
}

TEST(UciRead, RefusesWhatIsNotALegalMove) {
  const Position start = Position::start();
  for (const char* text : {"", "e2", "e2e", "e2e4q", "e2e4qq", "e2e5", "e3e4", "z2e4", "e2i4",
                           "E2E4", "e1g1", "000", "00000", "e2-e4"})
    EXPECT_TRUE(read_uci(start, text).is_none()) << "'" << text << "'";
  const Position promotion = position_from_fen(kPromotion);
  // A promotion needs its piece, and it cannot be a king or a pawn.
  for (const char* text : {"e7e8", "e7e8k", "e7e8p", "e7e8K", "e7d8", "e7e8x"})
    EXPECT_TRUE(read_uci(promotion, text).is_none()) << text;
}

TEST(UciRead, CastlingInStandardChessBothWays) {
  const Position pos = position_from_fen(kCastles);
  EXPECT_EQ(read_uci(pos, "e1g1"), Move(e1, h1, MoveKind::castling));
  EXPECT_EQ(read_uci(pos, "e1h1"), Move(e1, h1, MoveKind::castling));
  EXPECT_EQ(read_uci(pos, "e1c1"), Move(e1, a1, MoveKind::castling));
  EXPECT_EQ(read_uci(pos, "e1a1"), Move(e1, a1, MoveKind::castling));
  // Without the right, e1g1 is no move at all.
  EXPECT_TRUE(read_uci(position_from_fen("r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1"), "e1g1").is_none());
}

TEST(UciRead, CastlingInChess960IsKingTakesRookOnly) {
  const Position pos = position_from_fen(kChess960);
  EXPECT_EQ(read_uci(pos, "g1h1"), Move(g1, h1, MoveKind::castling));
  EXPECT_EQ(read_uci(pos, "g1a1"), Move(g1, a1, MoveKind::castling));
  // The king's destination would be g1 itself: not a move.
  EXPECT_TRUE(read_uci(pos, "g1g1").is_none());
  // With the king on e1 the two-step e1g1 is a king move of two squares, not castling.
  const Position inner = position_from_fen("4k3/8/8/8/8/8/8/RR2K2R w BH - 0 1");
  EXPECT_EQ(read_uci(inner, "e1h1"), Move(e1, h1, MoveKind::castling));
  EXPECT_EQ(read_uci(inner, "e1b1"), Move(e1, b1, MoveKind::castling));
  EXPECT_TRUE(read_uci(inner, "e1g1").is_none());
  EXPECT_TRUE(read_uci(inner, "e1c1").is_none());
}

TEST(UciRead, RoundTripsEveryLegalMove) {
  for (const char* fen : {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                          "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", kEnPassant, kCastles}) {
    const Position pos = position_from_fen(fen);
    MoveList moves;
    generate_legal(pos, moves);
    for (Move m : moves) {
      EXPECT_EQ(read_uci(pos, to_uci(m, {})), m) << to_uci(m, {}) << " in " << fen;
      EXPECT_EQ(read_uci(pos, to_uci(m, {.king_takes_rook = true})), m) << fen;
    }
  }
  for (const char* fen : {kChess960, "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
                          "rk4r1/8/8/8/8/8/8/RK4R1 w AGag - 0 1"}) {
    const Position pos = position_from_fen(fen);
    MoveList moves;
    generate_legal(pos, moves);
    for (Move m : moves) {
      EXPECT_EQ(read_uci(pos, to_uci(m, {.king_takes_rook = true})), m) << fen;
      EXPECT_EQ(read_uci(pos, to_uci(pos, m)), m) << fen;
    }
  }
}

TEST(UciWrite, ThePositionSaysHowCastlingIsWritten) {
  // A Chess960 king on g1 castles short without moving: only king-takes-rook names it.
  const Position chess960 = position_from_fen(kChess960);
  const Move short_castle = read_uci(chess960, "g1h1");
  ASSERT_TRUE(short_castle.is_castling());
  EXPECT_EQ(to_uci(chess960, short_castle), "g1h1");
  char buffer[kMaxUciLength];
  EXPECT_EQ(std::string(buffer, write_uci(chess960, short_castle, buffer)), "g1h1");
  const Position standard = position_from_fen(kCastles);
  EXPECT_EQ(to_uci(standard, read_uci(standard, "e1h1")), "e1g1");
}

struct LanCase {
  const char* fen;
  const char* uci;
  const char* lan;
};

TEST(LanWrite, PieceBothSquaresAndMarks) {
  const LanCase cases[] = {
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "g1f3", "Ng1-f3"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e2e4", "e2-e4"},
      {"rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", "e4d5", "e4xd5"},
      {kEnPassant, "e5d6", "e5xd6"},
      {kPromotion, "e7e8q", "e7-e8=Q"},
      {kPromotion, "e7d8n", "e7xd8=N"},
      {kCastles, "e1g1", "O-O"},
      {kCastles, "e1c1", "O-O-O"},
      {"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "a1a8", "Ra1-a8+"},
      {"rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "d8h4", "Qd8-h4#"},
  };
  for (const LanCase& c : cases) {
    const Position pos = position_from_fen(c.fen);
    const Move m = read_uci(pos, c.uci);
    ASSERT_FALSE(m.is_none()) << c.uci;
    EXPECT_EQ(to_lan(pos, m), c.lan);
  }
  EXPECT_EQ(to_lan(Position::start(), Move::null()), "--");
}

}  // namespace
}  // namespace fenkit::fen
