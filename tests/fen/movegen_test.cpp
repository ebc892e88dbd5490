// Legal moves and game ends, and what play() does to the board, the rights and the clocks.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "fenkit/fen/fen.hpp"
#include "fenkit/fen/movegen.hpp"
#include "fenkit/fen/san.hpp"
#include "fenkit/fen/uci.hpp"

namespace fenkit::fen {
namespace {

// The legal moves as sorted UCI strings, castling written king-takes-rook.
std::set<std::string> legal_moves(const Position& pos) {
  MoveList moves;
  generate_legal(pos, moves);
  std::set<std::string> out;
  for (Move m : moves) out.insert(to_uci(m, {.king_takes_rook = true}));
  EXPECT_EQ(out.size(), moves.size()) << "duplicate moves in " << to_fen(pos);
  return out;
}

std::set<std::string> legal_moves(std::string_view fen) { return legal_moves(position_from_fen(fen)); }

std::string after(std::string_view fen, std::initializer_list<std::string_view> moves) {
  Position pos = position_from_fen(fen);
  for (std::string_view text : moves) {
    const Move m = read_uci(pos, text);
    EXPECT_FALSE(m.is_none()) << text << " in " << to_fen(pos);
    if (m.is_none()) return "";
    pos.play(m);
  }
  return to_fen(pos);
}

// ---------------------------------------------------------------- Move lists worked out by hand

TEST(Movegen, DoubleCheckAllowsOnlyKingMoves) {
  // Bishop b4 and rook a1 both check e1. The h1 rook cannot help, nor may the king castle;
  // d2 (bishop), d1 and f1 (rook, through the king's square) are covered.
  EXPECT_EQ(legal_moves("4k3/8/8/8/1b6/8/8/r3K2R w K - 0 1"),
            (std::set<std::string>{"e1e2", "e1f2"}));
}

TEST(Movegen, SingleCheckCaptureBlockOrRun) {
  // The rook on e8 checks e1 along the file. The queen on b5 can take it or block on e5 or
  // e2; the knight on c3 can block on e2 or e4; the king may step off the file to d1, d2, f1
  // or f2 (e2 stays on the file).
  EXPECT_EQ(legal_moves("k3r3/8/8/1Q6/8/2N5/8/4K3 w - - 0 1"),
            (std::set<std::string>{"b5e8", "b5e5", "b5e2", "c3e2", "c3e4", "e1d1", "e1d2",
                                   "e1f1", "e1f2"}));
}

TEST(Movegen, PinnedPiecesMoveOnlyAlongThePin) {
  // The king on d4 has a pinned piece on each of its eight rays:
  //   rook d6 (pinned by d8): d5, d7, xd8      knight d2 (pinned by d1): nothing
  //   knight c4 (pinned by a4): nothing         bishop e5 (pinned by g7): f6, xg7
  //   pawn c5 (pinned by b6): xb6, no push      queen e3 (pinned by g1): f2, xg1
  // Its free neighbours c3, d3, e4 and d5 are all safe: every black line towards them stops
  // at one of the pinned pieces.
  EXPECT_EQ(legal_moves("3r3k/6b1/1b1R4/2P1B3/q1NK4/4Q3/3N4/3r2b1 w - - 0 1"),
            (std::set<std::string>{"d6d5", "d6d7", "d6d8", "e5f6", "e5g7", "c5b6", "e3f2",
                                   "e3g1", "d4c3", "d4d3", "d4e4", "d4d5"}));
}

TEST(Movegen, EnPassantThatExposesTheKingOnTheRankIsIllegal) {
  // exd3 e.p. would empty the fourth rank between the king on a4 and the queen on h4.
  const std::set<std::string> moves = legal_moves("8/8/8/8/k2Pp2Q/8/8/4K3 b - d3 0 1");
  EXPECT_FALSE(moves.count("e4d3"));
  EXPECT_TRUE(moves.count("e4e3"));
}

TEST(Movegen, EnPassantCapturesTheCheckingPawn) {
  // d2-d4 checks the king on c5; exd3 e.p. removes the checker.
  const std::set<std::string> moves = legal_moves("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1");
  EXPECT_TRUE(moves.count("e4d3"));
  EXPECT_FALSE(moves.count("e4e3"));  // does not address the check
}

TEST(Movegen, EnPassantOfADiagonallyPinnedPawnIsIllegal) {
  // The e4 pawn shields the king on c6 from the bishop on g2.
  const std::set<std::string> moves = legal_moves("8/8/2k5/8/3Pp3/8/6B1/4K3 b - d3 0 1");
  EXPECT_FALSE(moves.count("e4d3"));
  EXPECT_FALSE(moves.count("e4e3"));
  EXPECT_EQ(moves.size(), 7U);  // king moves only: b5 b6 b7 c7 d7 d6 d5 (c5 is covered by d4)
}

TEST(Movegen, CastlingThroughOrIntoCheck) {
  // The black bishop on g2 covers f1, which the king crosses for O-O; d1 and c1 are free.
  const std::set<std::string> white = legal_moves("r3k2r/8/8/8/8/8/6b1/R3K2R w KQkq - 0 1");
  EXPECT_FALSE(white.count("e1h1"));
  EXPECT_TRUE(white.count("e1a1"));
  // The rook on g8 covers g1, where the king would land.
  EXPECT_FALSE(legal_moves("4k1r1/8/8/8/8/8/8/4K2R w K - 0 1").count("e1h1"));
  // b1 may be attacked: queen-side castling only crosses d1 and c1.
  EXPECT_TRUE(legal_moves("4k3/8/8/8/8/8/1r6/R3K3 w Q - 0 1").count("e1a1"));
  // The rook itself may be attacked.
  EXPECT_TRUE(legal_moves("4k3/8/8/8/8/8/7r/4K2R w K - 0 1").count("e1h1"));
}

TEST(Movegen, Chess960CastlingWithKingAndRookOnEachOthersSquares) {
  // King g1 stays for O-O (rook h1 to f1); for O-O-O it goes to c1, the a1 rook to d1.
  const std::set<std::string> moves = legal_moves("rk5r/8/8/8/8/8/8/R5KR w HAha - 0 1");
  EXPECT_TRUE(moves.count("g1h1"));
  EXPECT_TRUE(moves.count("g1a1"));
  // King e1, rook f1: the rook's own square and the king's destination g1 are on the path.
  EXPECT_TRUE(legal_moves("4k3/8/8/8/8/8/8/4KR2 w F - 0 1").count("e1f1"));
  // King f1, rook g1: the king's destination is the rook's square.
  EXPECT_TRUE(legal_moves("4k3/8/8/8/8/8/8/5KR1 w G - 0 1").count("f1g1"));
  // King b1, rook a1: queen-side castling moves the king away from the rook (to c1) and the
  // rook jumps over it to d1.
  EXPECT_TRUE(legal_moves("4k3/8/8/8/8/8/8/RK6 w A - 0 1").count("b1a1"));
  // A piece of our own on the king's path (c1) or on the rook's destination blocks it.
  EXPECT_FALSE(legal_moves("4k3/8/8/8/8/8/8/1RNK3R w BH - 0 1").count("d1b1"));
  EXPECT_TRUE(legal_moves("4k3/8/8/8/8/8/8/1RNK3R w BH - 0 1").count("d1h1"));
  EXPECT_FALSE(legal_moves("4k3/8/8/8/8/8/8/RK1N4 w A - 0 1").count("b1a1"));
  // The castling rook shields c1 from the a1 rook until it moves to d1.
  EXPECT_FALSE(legal_moves("1r2k3/8/8/8/8/8/8/rRK5 w B - 0 1").count("c1b1"));
  EXPECT_TRUE(legal_moves("1r2k3/8/8/8/8/8/8/nRK5 w B - 0 1").count("c1b1"));
}

// A set-up whose side not to move is in check can be accepted (Problem::opposite_side_in_check).
// Its king must not be taken: a position without a king would follow.
bool takes_no_king(const Position& pos, int depth) {
  MoveList moves;
  generate_legal(pos, moves);
  for (Move m : moves) {
    if (type_of(pos.piece_on(m.to())) == PieceType::king) {
      ADD_FAILURE() << to_uci(pos, m) << " takes the king in " << to_fen(pos);
      return false;
    }
    Position next = pos;
    next.play(m);
    if (depth > 1 && !takes_no_king(next, depth - 1)) return false;
  }
  return true;
}

TEST(Movegen, RelaxedCheckOfTheSideNotToMoveNeverTakesTheKing) {
  const FenOptions relaxed{.relax = {Problem::opposite_side_in_check}};
  // The rook on e7 gives check to e8 with White to move.
  const Position rook = position_from_fen("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", relaxed);
  EXPECT_TRUE(takes_no_king(rook, 3));
  EXPECT_FALSE(rook.is_legal(Move(e7, e8)));
  EXPECT_FALSE(read_san(rook, "Rxe8"));
  // Kings side by side are refused even then (setup.hpp).
  Position kings;
  EXPECT_EQ(read_fen("8/8/8/8/8/8/Q7/3Kk3 w - - 0 1", kings, relaxed).problems,
            Problems{Problem::opposite_side_in_check});
  EXPECT_EQ(read_fen("8/8/8/8/8/8/Q7/3Kk3 w - - 0 1", kings, {.relax = Problems::all()}).problems,
            Problems{Problem::opposite_side_in_check});
  // A pawn attacking the king.
  EXPECT_TRUE(takes_no_king(position_from_fen("8/8/8/8/8/3k4/4P3/4K3 w - - 0 1", relaxed), 3));
}

// A set-up with extra pieces, accepted with too_many_white_pieces relaxed, can have more moves
// than any real game: 26 queens round the edge of the board all move inwards.
TEST(Movegen, SetUpWithMoreThan256Moves) {
  const char* fen = "QQQQQQQk/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - - 0 1";
  const Position pos = position_from_fen(fen, {.relax = Problems::all()});
  // Counted independently: black has only its king on h8, so White is not in check and has no
  // pinned piece; every queen moves along its lines until the first piece (taking the king is
  // not a move), and the king on a1 may go to b2, which no black piece attacks.
  int expected = 1;
  for (int s = 0; s < 64; ++s) {
    if (pos.piece_on(Square(s)) != Piece::white_queen) continue;
    for (const auto& [df, dr] : {std::pair{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}) {
      for (int f = s % 8 + df, r = s / 8 + dr; f >= 0 && f < 8 && r >= 0 && r < 8; f += df, r += dr) {
        if (pos.piece_on(make_square(f, r)) != Piece::none) break;
        ++expected;
      }
    }
  }
  EXPECT_GT(expected, 256);
  MoveList moves;
  generate_legal(pos, moves);
  EXPECT_EQ(moves.size(), std::size_t(expected));
  EXPECT_EQ(count_legal(pos), std::size_t(expected));
  EXPECT_EQ(legal_moves(pos).size(), std::size_t(expected));
}

TEST(Movegen, TheMostMovesAPositionHas) {
  const Position pos = position_from_fen("R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1");
  MoveList moves;
  generate_legal(pos, moves);
  EXPECT_EQ(moves.size(), 218U);
  EXPECT_EQ(count_legal(pos), 218U);
}

TEST(Movegen, IsLegalAndGivesCheckForHandMadeMoves) {
  const Position pos = position_from_fen("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
  EXPECT_FALSE(pos.is_legal(Move(e2, c3)));  // pinned knight
  EXPECT_TRUE(pos.is_legal(Move(e1, d1)));
  const Position in_check = position_from_fen("4k3/8/8/8/8/8/8/3rK3 w - - 0 1");
  EXPECT_FALSE(in_check.is_legal(Move(e1, d2)));  // still on the rook's file
  EXPECT_FALSE(in_check.is_legal(Move(e1, f1)));  // still on the rook's rank
  EXPECT_TRUE(in_check.is_legal(Move(e1, d1)));   // takes the rook
  EXPECT_TRUE(in_check.is_legal(Move(e1, f2)));
  const Position check = position_from_fen("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
  EXPECT_TRUE(check.gives_check(Move(a1, a8)));
  EXPECT_FALSE(check.gives_check(Move(a1, a7)));
  EXPECT_TRUE(position_from_fen("5k2/8/8/8/8/8/8/4K2R w K - 0 1").gives_check(Move(e1, h1, MoveKind::castling)));
}

// ---------------------------------------------------------------- Game ends

TEST(GameEnd, Checkmate) {
  const Position fools = position_from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
  EXPECT_TRUE(fools.in_check());
  EXPECT_TRUE(fools.is_checkmate());
  EXPECT_FALSE(fools.is_stalemate());
  EXPECT_FALSE(fools.has_legal_moves());
  // Back-rank mate with a rook.
  EXPECT_TRUE(position_from_fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1").is_checkmate());
  // Smothered mate.
  EXPECT_TRUE(position_from_fen("6rk/5Npp/8/8/8/8/8/6K1 b - - 0 1").is_checkmate());
  // A check the king can step out of is not mate.
  const Position check = position_from_fen("R3k3/8/8/8/8/8/8/4K3 b - - 0 1");
  EXPECT_TRUE(check.in_check());
  EXPECT_FALSE(check.is_checkmate());
}

TEST(GameEnd, Stalemate) {
  // The queen on f7 and king on g6 take every square from the king on h8, which is not in check.
  const Position pos = position_from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
  EXPECT_FALSE(pos.in_check());
  EXPECT_TRUE(pos.is_stalemate());
  EXPECT_FALSE(pos.is_checkmate());
  // The king on a8: b8 is covered by the a7 pawn, b7 and a7 by the king on a6.
  EXPECT_TRUE(position_from_fen("k7/P7/K7/8/8/8/8/8 b - - 0 1").is_stalemate());
  // The start position is neither.
  EXPECT_FALSE(Position::start().is_stalemate());
  EXPECT_TRUE(Position::start().has_legal_moves());
}

TEST(GameEnd, InsufficientMaterial) {
  struct Case {
    const char* fen;
    bool insufficient;
  };
  // Light squares: b1, d1, f1, h1 and their diagonals; dark: a1, c1, e1, g1.
  const Case cases[] = {
      {"4k3/8/8/8/8/8/8/4K3 w - - 0 1", true},           // bare kings
      {"4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", true},         // one bishop
      {"4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", true},         // one knight
      {"4kn2/8/8/8/8/8/8/4K3 w - - 0 1", true},          // one black knight
      {"2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1", false},      // c8 is light, c1 dark: mate possible
      {"3bk3/8/8/8/8/8/8/2B1K3 w - - 0 1", true},        // d8 and c1 both dark
      {"4k3/8/8/8/8/8/8/B1B1K3 w - - 0 1", true},        // a1 and c1: same colour
      {"4k3/8/8/8/8/8/8/BB2K3 w - - 0 1", false},        // a1 dark, b1 light
      {"4k3/8/8/8/8/8/8/NN2K3 w - - 0 1", false},        // two knights can mate (with help)
      {"4kb2/8/8/8/8/8/8/1N2K3 w - - 0 1", false},       // knight against bishop
      {"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", false},        // a pawn
      {"4k3/8/8/8/8/8/8/R3K3 w - - 0 1", false},         // a rook
      {"4k3/8/8/8/8/8/8/3QK3 w - - 0 1", false},         // a queen
      {"4k3/4p3/8/8/8/8/8/4K3 w - - 0 1", false},        // a black pawn
  };
  for (const Case& c : cases)
    EXPECT_EQ(position_from_fen(c.fen).has_insufficient_material(), c.insufficient) << c.fen;
}

// ---------------------------------------------------------------- play()

TEST(Play, QuietMovesCountTheClocks) {
  // A knight move raises the halfmove clock; Black's reply raises the fullmove number.
  EXPECT_EQ(after("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", {"g1f3", "g8f6"}),
            "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2");
  // A pawn move and a capture reset it.
  EXPECT_EQ(after("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 7 9", {"e7e5", "f3e5"}),
            "rnbqkbnr/pppp1ppp/8/4N3/8/8/PPPPPPPP/RNBQKB1R b KQkq - 0 10");
}

TEST(Play, DoublePushSetsTheEnPassantSquareForOneMove) {
  Position pos = position_from_fen(kStartFen);
  pos.play(read_uci(pos, "e2e4"));
  EXPECT_EQ(pos.en_passant(), e3);
  pos.play(read_uci(pos, "g8f6"));
  EXPECT_EQ(pos.en_passant(), no_square);
}

TEST(Play, EnPassantRemovesThePawnBehind) {
  EXPECT_EQ(after("rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 4 3", {"e5d6"}),
            "rnbqkbnr/ppp1pppp/3P4/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3");
  EXPECT_EQ(after("4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 40", {"e4d3"}), "4k3/8/8/8/8/3p4/8/4K3 w - - 0 41");
}

TEST(Play, PromotionReplacesThePawn) {
  EXPECT_EQ(after("3r4/4P3/8/8/8/8/k7/4K3 w - - 9 50", {"e7e8n"}), "3rN3/8/8/8/8/8/k7/4K3 b - - 0 50");
  // Capturing a rook in its corner takes away that castling right as well.
  EXPECT_EQ(after("r3k3/1P6/8/8/8/8/8/4K3 w q - 3 40", {"b7a8q"}), "Q3k3/8/8/8/8/8/8/4K3 b - - 0 40");
  EXPECT_EQ(after("4k3/8/8/8/8/8/6p1/4K2R b K - 0 1", {"g2h1r"}), "4k3/8/8/8/8/8/8/4K2r w - - 0 2");
}

TEST(Play, CastlingMovesBothPiecesAndClearsTheRights) {
  const char* fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 5 10";
  EXPECT_EQ(after(fen, {"e1g1"}), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 6 10");
  EXPECT_EQ(after(fen, {"e1c1"}), "r3k2r/8/8/8/8/8/8/2KR3R b kq - 6 10");
  EXPECT_EQ(after(fen, {"e1g1", "e8c8"}), "2kr3r/8/8/8/8/8/8/R4RK1 w - - 7 11");
  EXPECT_EQ(after(fen, {"e1c1", "e8g8"}), "r4rk1/8/8/8/8/8/8/2KR3R w - - 7 11");
}

TEST(Play, KingAndRookMovesAndRookCapturesClearRights) {
  const char* fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
  EXPECT_EQ(after(fen, {"e1e2"}), "r3k2r/8/8/8/8/8/4K3/R6R b kq - 1 1");
  EXPECT_EQ(after(fen, {"h1h2"}), "r3k2r/8/8/8/8/8/7R/R3K3 b Qkq - 1 1");
  EXPECT_EQ(after(fen, {"a1b1"}), "r3k2r/8/8/8/8/8/8/1R2K2R b Kkq - 1 1");
  // Taking the a8 rook removes Black's queen-side right and White's own queen-side right.
  EXPECT_EQ(after(fen, {"a1a8"}), "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1");
  // Moving the rook back does not bring the right back.
  EXPECT_EQ(after(fen, {"h1h2", "h8h7", "h2h1", "h7h8"}), "r3k2r/8/8/8/8/8/8/R3K2R w Qq - 4 3");
}

TEST(Play, Chess960Castling) {
  const char* fen = "rk5r/8/8/8/8/8/8/R5KR w HAha - 0 1";
  // O-O: the king stays on g1 and the rook comes to f1.
  EXPECT_EQ(after(fen, {"g1h1"}), "rk5r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
  // O-O-O: king to c1, rook to d1.
  EXPECT_EQ(after(fen, {"g1a1"}), "rk5r/8/8/8/8/8/8/2KR3R b kq - 1 1");
  // Black O-O-O: the king on b8 goes to c8 and the a8 rook jumps over it to d8.
  EXPECT_EQ(after(fen, {"g1a1", "b8a8"}), "2kr3r/8/8/8/8/8/8/2KR3R w - - 2 2");
  // The a1 rook has no right; once it leaves, the b1 rook is the outermost and its right is
  // written Q again.
  EXPECT_EQ(after("4k3/8/8/8/8/8/8/RR2K2R w BH - 0 1", {"a1a2"}),
            "4k3/8/8/8/8/8/R7/1R2K2R b KQ - 1 1");
  EXPECT_EQ(after("4k3/8/8/8/8/8/8/RR2K2R w BH - 0 1", {"e1b1"}), "4k3/8/8/8/8/8/8/R1KR3R b - - 1 1");
}

TEST(Play, NullMovePassesTheTurn) {
  Position pos = position_from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
  pos.play(Move::null());
  EXPECT_EQ(to_fen(pos), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2");
  pos.play_null();
  EXPECT_EQ(to_fen(pos), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 2 2");
}

TEST(Play, CopiesAreIndependent) {
  const Position start;
  Position copy = start;
  copy.play(read_uci(copy, "e2e4"));
  EXPECT_EQ(start, Position::start());
  EXPECT_NE(copy, start);
}

}  // namespace
}  // namespace fenkit::fen
