// Writing FEN: six fields, the two en-passant conventions, and castling in KQkq, X-FEN and
// Shredder-FEN.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "fenkit/fen/fen.hpp"
#include "fenkit/fen/uci.hpp"

namespace fenkit::fen {
namespace {

Position after(std::string_view fen, std::initializer_list<std::string_view> uci_moves) {
  Position pos = position_from_fen(fen);
  for (std::string_view text : uci_moves) {
    const Move m = read_uci(pos, text);
    EXPECT_FALSE(m.is_none()) << text << " in " << to_fen(pos);
    pos.play(m);
  }
  return pos;
}

TEST(FenWrite, StartPosition) {
  EXPECT_EQ(to_fen(Position::start()), kStartFen);
  char buffer[kMaxFenLength];
  const std::size_t n = write_fen(Position::start(), buffer);
  EXPECT_EQ(std::string(buffer, n), kStartFen);
}

TEST(FenWrite, RoundTripsWhatItReads) {
  for (const char* fen : {
           "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
           "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
           "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
           "r3k2r/8/8/3pP3/8/8/8/R3K2R w Kq d6 7 42",
           "8/8/8/8/3Pp3/8/8/4K2k b - d3 0 61",
           "4k3/8/8/8/8/8/8/4K3 b - - 1073741824 1073741824",
       })
    EXPECT_EQ(to_fen(position_from_fen(fen)), fen);
}

TEST(FenWrite, FourFieldsWithoutClocks) {
  EXPECT_EQ(to_fen(Position::start(), {.clocks = false}),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -");
}

TEST(FenWrite, LongestFenFitsTheBuffer) {
  // Every square alternating piece and gap, Chess960 rights in Shredder letters, an
  // en-passant square and the largest clocks the position keeps.
  const Position pos = position_from_fen(
      "r1b1k1r1/1p1p2pp/p1p1p1p1/1p1pPp1p/p1p1p1p1/1P1P1P1P/P1P1P1P1/R1B1K1R1 w GAga f6 1073741824 1073741824",
      {.relax = Problems::all()});
  char buffer[kMaxFenLength];
  const std::size_t n = write_fen(pos, buffer, {.castling = CastlingNotation::shredder});
  EXPECT_LE(n, kMaxFenLength);
  const std::string fen(buffer, n);
  EXPECT_EQ(fen, to_fen(pos, {.castling = CastlingNotation::shredder}));
  EXPECT_TRUE(fen.ends_with(" w GAga f6 1073741824 1073741824")) << fen;
}

// ---------------------------------------------------------------- En passant

TEST(FenWriteEnPassant, StandardWritesItAfterEveryDoublePush) {
  const Position pos = after(kStartFen, {"e2e4"});
  EXPECT_EQ(pos.en_passant(), e3);
  EXPECT_EQ(pos.legal_en_passant(), no_square);
  EXPECT_EQ(to_fen(pos), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
  EXPECT_EQ(to_fen(pos, {.ep = EpMode::legal}),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
}

TEST(FenWriteEnPassant, LegalWritesItWhenTheCaptureIsPossible) {
  const Position pos = after(kStartFen, {"e2e4", "a7a6", "e4e5", "d7d5"});
  EXPECT_EQ(pos.legal_en_passant(), d6);
  const std::string fen = "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3";
  EXPECT_EQ(to_fen(pos), fen);
  EXPECT_EQ(to_fen(pos, {.ep = EpMode::legal}), fen);
}

TEST(FenWriteEnPassant, LegalOmitsACaptureThatExposesTheKing) {
  // exd6 would take both pawns off the fifth rank and open it to the rook on h5.
  const Position pos = position_from_fen("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1");
  EXPECT_EQ(pos.legal_en_passant(), no_square);
  EXPECT_EQ(to_fen(pos), "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1");
  EXPECT_EQ(to_fen(pos, {.ep = EpMode::legal}), "8/8/8/K2pP2r/8/8/8/7k w - - 0 1");
}

TEST(FenWriteEnPassant, LegalKeepsItWhenOneOfTwoCapturesIsLegal) {
  // The e5 pawn is pinned on the e-file by the rook on e8; the c5 pawn is free. cxd6 is
  // legal, exd6 is not.
  const Position pos = position_from_fen("k3r3/8/8/2PpP3/8/8/8/4K3 w - d6 0 1");
  EXPECT_EQ(pos.legal_en_passant(), d6);
  EXPECT_EQ(to_fen(pos, {.ep = EpMode::legal}), "k3r3/8/8/2PpP3/8/8/8/4K3 w - d6 0 1");
}

// ---------------------------------------------------------------- Castling

TEST(FenWriteCastling, StandardChessIsKQkqUnlessShredderIsAsked) {
  const Position pos = Position::start();
  EXPECT_EQ(to_fen(pos, {.castling = CastlingNotation::shredder}),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
  const Position some = position_from_fen("r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1");
  EXPECT_EQ(to_fen(some), "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1");
  EXPECT_EQ(to_fen(some, {.castling = CastlingNotation::shredder}), "r3k2r/8/8/8/8/8/8/R3K2R w Ha - 0 1");
}

TEST(FenWriteCastling, Chess960OutermostRooksAreKQkq) {
  const Position pos =
      position_from_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
  ASSERT_TRUE(pos.is_chess960());
  EXPECT_EQ(to_fen(pos), "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9");
  EXPECT_EQ(to_fen(pos, {.castling = CastlingNotation::shredder}),
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
}

TEST(FenWriteCastling, Chess960InnerRookGetsItsFileLetter) {
  // White may castle with the b1 rook, which has the a1 rook outside it; h1 is outermost.
  const Position pos = position_from_fen("4k3/8/8/8/8/8/8/RR2K2R w BH - 0 1");
  ASSERT_TRUE(pos.is_chess960());
  EXPECT_EQ(to_fen(pos), "4k3/8/8/8/8/8/8/RR2K2R w KB - 0 1");
  EXPECT_EQ(to_fen(pos, {.castling = CastlingNotation::shredder}), "4k3/8/8/8/8/8/8/RR2K2R w HB - 0 1");
  // The same for black, and the written text reads back to the same position.
  const Position black = position_from_fen("r1r1k1r1/8/8/8/8/8/8/4K3 b cg - 0 1");
  EXPECT_EQ(to_fen(black), "r1r1k1r1/8/8/8/8/8/8/4K3 b kc - 0 1");
  EXPECT_EQ(position_from_fen(to_fen(black)), black);
}

TEST(FenWriteCastling, WriteCastlingReturnsTheLetters) {
  char letters[8];
  EXPECT_EQ(write_castling(Position::start(), CastlingNotation::automatic, letters), 4U);
  EXPECT_EQ(std::string(letters, 4), "KQkq");
  EXPECT_EQ(write_castling(position_from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
                           CastlingNotation::shredder, letters),
            0U);
}

TEST(FenWriteCastling, Chess960StaysChess960AfterPlay) {
  // After the king castles the rights are gone but the position remembers it is Chess960.
  Position pos = position_from_fen("rk5r/8/8/8/8/8/8/R5KR w HAha - 0 1");
  ASSERT_TRUE(pos.is_chess960());
  pos.play(read_uci(pos, "g1h1"));
  EXPECT_TRUE(pos.is_chess960());
  EXPECT_EQ(to_fen(pos), "rk5r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
}

// ---------------------------------------------------------------- FenWriter

// FenWriter keeps the text of unchanged ranks and castling fields between calls; whatever the
// order of the positions, its output must be write_fen's.
TEST(FenWriterSequence, SameAsWriteFenInAnyOrder) {
  std::vector<Position> positions;
  for (const char* fen : {
           "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
           "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
           "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1",   // same board, other rights
           "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1",
           "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 99 300",
           "rk5r/8/8/8/8/8/8/R5KR w HAha - 0 1",    // Chess960, outermost rooks
           "4k3/8/8/8/8/8/8/RR2K2R w BH - 0 1",     // Chess960, an inner rook
           "4k3/8/8/8/8/8/8/RR2K2R w KQ - 0 1",     // the same board, standard rights
           "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1",      // an en-passant square that cannot be taken
           "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
           "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
           "8/8/8/8/8/8/8/K6k w - - 1073741824 1073741824",
       })
    positions.push_back(position_from_fen(fen));
  // The same position played on: ranks change one or two at a time.
  Position game = Position::start();
  for (const char* uci : {"e2e4", "c7c5", "g1f3", "d7d6", "f1b5", "c8d7", "e1g1", "b8c6"}) {
    game.play(read_uci(game, uci));
    positions.push_back(game);
  }
  const FenWriteOptions options[] = {
      {}, {.ep = EpMode::legal}, {.castling = CastlingNotation::shredder}, {.clocks = false}};
  for (const FenWriteOptions& o : options) {
    for (int pass = 0; pass < 2; ++pass) {
      FenWriter writer(o);
      char buffer[kMaxFenLength];
      for (std::size_t i = 0; i < positions.size(); ++i) {
        const Position& pos = positions[pass == 0 ? i : positions.size() - 1 - i];
        EXPECT_EQ(std::string(buffer, writer.write(pos, buffer)), to_fen(pos, o));
      }
    }
  }
}

}  // namespace
}  // namespace fenkit::fen
