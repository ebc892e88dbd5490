// SAN: lenient reading of what real files hold, errors that say what is wrong, and canonical
// writing with minimal disambiguation.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <initializer_list>
#include <string>
#include <vector>

#include "fenkit/fen/fen.hpp"
#include "fenkit/fen/movegen.hpp"
#include "fenkit/fen/san.hpp"
#include "fenkit/fen/uci.hpp"

namespace fenkit::fen {
namespace {

// Moves are compared through their UCI text with castling as king-takes-rook, which is how
// they are stored (move.hpp).
std::string stored(Move m) { return to_uci(m, {.king_takes_rook = true}); }

Move uci(const Position& pos, std::string_view text) {
  const Move m = read_uci(pos, text);
  EXPECT_FALSE(m.is_none()) << text << " is not legal in " << to_fen(pos);
  return m;
}

// ---------------------------------------------------------------- Reading

struct ReadCase {
  const char* fen;
  const char* token;
  const char* move;  // stored form, king-takes-rook for castling
};

constexpr const char* kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
// After 1.e4 d5.
constexpr const char* kScandinavian = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2";
// A black knight on f3 checks the white king; three white pieces can take it.
constexpr const char* kKnightOnF3 = "rnbqkb1r/pppppppp/8/8/8/5n2/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
constexpr const char* kCastles = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
constexpr const char* kCastlesBlack = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1";
// A white pawn on e7 with a black rook on d8 to take.
constexpr const char* kPromotion = "3r4/4P3/8/8/8/8/k7/4K3 w - - 0 1";
constexpr const char* kEnPassant = "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3";
constexpr const char* kChess960 = "rk5r/8/8/8/8/8/8/R5KR w HAha - 0 1";

const ReadCase kReadCases[] = {
    {kStart, "e4", "e2e4"},
    {kStart, "e3", "e2e3"},
    {kStart, "Pe4", "e2e4"},
    {kStart, "Nf3", "g1f3"},
    // Over-disambiguation: file, rank, or the whole square.
    {kStart, "Ngf3", "g1f3"},
    {kStart, "N1f3", "g1f3"},
    {kStart, "Ng1f3", "g1f3"},
    // Missing or extra check marks, and move assessments.
    {kStart, "Nf3+", "g1f3"},
    {kStart, "Nf3#", "g1f3"},
    {kStart, "Nf3++", "g1f3"},
    {kStart, "Nf3!", "g1f3"},
    {kStart, "Nf3?", "g1f3"},
    {kStart, "Nf3!!", "g1f3"},
    {kStart, "Nf3??", "g1f3"},
    {kStart, "Nf3!?", "g1f3"},
    {kStart, "Nf3?!", "g1f3"},
    {kStart, "Nf3+!?", "g1f3"},
    // Long algebraic.
    {kStart, "e2e4", "e2e4"},
    {kStart, "e2-e4", "e2e4"},
    {kStart, "Pe2-e4", "e2e4"},
    {kStart, "g1f3", "g1f3"},
    {kStart, "Ng1-f3", "g1f3"},
    {kKnightOnF3, "Ng1xf3", "g1f3"},
    {kKnightOnF3, "g1xf3", "g1f3"},
    // Captures, the abbreviated pawn capture, and ':' as capture mark.
    {kKnightOnF3, "Nxf3", "g1f3"},
    {kKnightOnF3, "gxf3", "g2f3"},
    {kKnightOnF3, "exf3", "e2f3"},
    {kKnightOnF3, "ef3", "e2f3"},
    {kScandinavian, "exd5", "e4d5"},
    {kScandinavian, "ed5", "e4d5"},
    {kScandinavian, "e4xd5", "e4d5"},
    {kScandinavian, "e4:d5", "e4d5"},
    {kEnPassant, "exd6", "e5d6"},
    {kEnPassant, "ed6", "e5d6"},
    {kEnPassant, "e5d6", "e5d6"},
    // Castling in both spellings, and the king's two-square step of long algebraic.
    {kCastles, "O-O", "e1h1"},
    {kCastles, "0-0", "e1h1"},
    {kCastles, "O-O+", "e1h1"},
    {kCastles, "O-O-O", "e1a1"},
    {kCastles, "0-0-0", "e1a1"},
    {kCastles, "0-0-0!", "e1a1"},
    {kCastles, "e1g1", "e1h1"},
    {kCastles, "Ke1g1", "e1h1"},
    {kCastles, "Ke1-g1", "e1h1"},
    {kCastles, "e1h1", "e1h1"},
    {kCastles, "e1c1", "e1a1"},
    {kCastlesBlack, "O-O", "e8h8"},
    {kCastlesBlack, "O-O-O", "e8a8"},
    {kCastlesBlack, "e8g8", "e8h8"},
    {kChess960, "O-O", "g1h1"},
    {kChess960, "O-O-O", "g1a1"},
    {kChess960, "Kg1h1", "g1h1"},
    // Promotions in every spelling.
    {kPromotion, "e8=Q", "e7e8q"},
    {kPromotion, "e8Q", "e7e8q"},
    {kPromotion, "e8(Q)", "e7e8q"},
    {kPromotion, "e8/Q", "e7e8q"},
    {kPromotion, "e8=q", "e7e8q"},
    {kPromotion, "e8q", "e7e8q"},
    {kPromotion, "e8=Q+", "e7e8q"},
    {kPromotion, "e8=N", "e7e8n"},
    {kPromotion, "e8=R", "e7e8r"},
    {kPromotion, "e8=B", "e7e8b"},
    {kPromotion, "e8(n)", "e7e8n"},
    {kPromotion, "e7e8q", "e7e8q"},
    {kPromotion, "e7e8=Q", "e7e8q"},
    {kPromotion, "e7-e8=Q", "e7e8q"},
    {kPromotion, "exd8=Q", "e7d8q"},
    {kPromotion, "ed8Q", "e7d8q"},
    {kPromotion, "exd8(N)", "e7d8n"},
    {kPromotion, "e7xd8=R", "e7d8r"},
};

TEST(SanRead, EveryConvention) {
  for (const ReadCase& c : kReadCases) {
    const Position pos = position_from_fen(c.fen);
    const SanResult r = read_san(pos, c.token);
    ASSERT_TRUE(r) << c.token << " in " << c.fen << ": " << describe(pos, c.token, r);
    EXPECT_EQ(stored(r.move), c.move) << c.token << " in " << c.fen;
  }
}

TEST(SanRead, CastlingAndEnPassantHaveTheirKind) {
  const Position castles = position_from_fen(kCastles);
  EXPECT_TRUE(read_san(castles, "O-O").move.is_castling());
  EXPECT_TRUE(read_san(castles, "e1c1").move.is_castling());
  EXPECT_TRUE(read_san(position_from_fen(kEnPassant), "exd6").move.is_en_passant());
  EXPECT_TRUE(read_san(position_from_fen(kPromotion), "e8=N").move.is_promotion());
}

TEST(SanRead, NullMoves) {
  const Position pos = Position::start();
  EXPECT_TRUE(read_san(pos, "--").move.is_null());
  EXPECT_TRUE(read_san(pos, "Z0").move.is_null());
}

TEST(SanRead, PinnedPieceIsNoRival) {
  // Knights on c5 and d2 both reach e4, but the d2 knight is pinned by the rook on d8.
  const Position pos = position_from_fen("3rk3/8/8/2N5/8/8/3N4/3K4 w - - 0 1");
  const SanResult r = read_san(pos, "Ne4");
  ASSERT_TRUE(r);
  EXPECT_EQ(stored(r.move), "c5e4");
}

TEST(SanRead, ParseSanKeepsTheParts) {
  SanMove san;
  ASSERT_TRUE(parse_san("Ng1xf3+", san));
  EXPECT_EQ(san.form, SanMove::Form::move);
  EXPECT_EQ(san.piece, PieceType::knight);
  EXPECT_TRUE(san.piece_given);
  EXPECT_EQ(san.from_file, 6);
  EXPECT_EQ(san.from_rank, 0);
  EXPECT_EQ(san.to, f3);
  EXPECT_TRUE(san.capture);
  ASSERT_TRUE(parse_san("exd8=Q", san));
  EXPECT_EQ(san.piece, PieceType::pawn);
  EXPECT_FALSE(san.piece_given);
  EXPECT_EQ(san.from_file, 4);
  EXPECT_EQ(san.from_rank, -1);
  EXPECT_EQ(san.promotion, PieceType::queen);
  ASSERT_TRUE(parse_san("0-0-0", san));
  EXPECT_EQ(san.form, SanMove::Form::castle_queen_side);
  ASSERT_TRUE(parse_san("Z0", san));
  EXPECT_EQ(san.form, SanMove::Form::null_move);
}

// ---------------------------------------------------------------- Errors

struct ErrorCase {
  const char* fen;
  const char* token;
  SanError error;
};

const ErrorCase kErrorCases[] = {
    {kStart, "", SanError::syntax},
    {kStart, "Xe4", SanError::syntax},
    {kStart, "e9", SanError::syntax},
    {kStart, "i4", SanError::syntax},
    {kStart, "N", SanError::syntax},
    {kStart, "Nf3 ", SanError::syntax},
    {kCastles, "O-O-O-O", SanError::syntax},
    {kPromotion, "e8=", SanError::syntax},
    {kPromotion, "e8=K", SanError::bad_promotion},  // only Antichess promotes to a king
    {kPromotion, "e8(Q", SanError::syntax},
    {kStart, "Nf6", SanError::no_piece},
    {kStart, "Bb5", SanError::no_piece},     // the f1 bishop is blocked by e2
    {kStart, "Nge2", SanError::no_piece},    // e2 holds a white pawn
    {kStart, "Ncf3", SanError::no_piece},    // no knight on the c-file
    {kStart, "e5", SanError::no_piece},
    {kStart, "exd3", SanError::no_piece},    // nothing to take on d3
    {kStart, "e2e5", SanError::no_piece},
    {kStart, "e3e4", SanError::no_piece},    // long algebraic from an empty square
    {kScandinavian, "dxe5", SanError::no_piece},
    // A pawn move without its file is a push, never a capture from the next file.
    {kScandinavian, "d5", SanError::no_piece},
    {kScandinavian, "xd5", SanError::no_piece},
    {kScandinavian, "Pxd5", SanError::no_piece},
    {kEnPassant, "d6", SanError::no_piece},
    // The knight on e2 is pinned by the rook on e7.
    {"4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "Nc3", SanError::leaves_king_in_check},
    // d2 is covered by the rook on d1 that checks the king.
    {"4k3/8/8/8/8/8/8/3rK3 w - - 0 1", "Kd2", SanError::leaves_king_in_check},
    {"4k3/8/8/8/8/8/8/3rK3 w - - 0 1", "Nf3", SanError::no_piece},
    {"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "Nd2", SanError::ambiguous},
    {"4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "Ra3", SanError::ambiguous},
    {kPromotion, "e8", SanError::missing_promotion},
    {kPromotion, "exd8", SanError::missing_promotion},
    {kStart, "e3=Q", SanError::bad_promotion},
    {kStart, "e4Q", SanError::bad_promotion},
    {kStart, "O-O", SanError::castling_not_allowed},      // path blocked
    {kStart, "O-O-O", SanError::castling_not_allowed},
    {"4k3/8/8/8/8/8/8/4K2R w - - 0 1", "O-O", SanError::castling_not_allowed},  // no right
    // The black rook on f2 covers f1, which the king crosses.
    {"4k3/8/8/8/8/8/5r2/4K2R w K - 0 1", "O-O", SanError::castling_not_allowed},
    // In check.
    {"4k3/8/8/8/8/8/4r3/R3K3 w Q - 0 1", "O-O-O", SanError::castling_not_allowed},
    // Chess960: the b1 rook castles to d1 and uncovers c1 to the rook on a1.
    {"1r2k3/8/8/8/8/8/8/rRK5 w B - 0 1", "O-O-O", SanError::castling_not_allowed},
};

TEST(SanRead, ErrorsSayWhichKind) {
  for (const ErrorCase& c : kErrorCases) {
    const Position pos = position_from_fen(c.fen);
    const SanResult r = read_san(pos, c.token);
    EXPECT_EQ(r.error, c.error) << "'" << c.token << "' in " << c.fen << ": "
                                << describe(pos, c.token, r);
    EXPECT_FALSE(r);
    EXPECT_THAT(describe(pos, c.token, r), ::testing::HasSubstr(c.token));
  }
}

TEST(SanRead, Chess960CastlingWithAKnightInsteadOfTheEnemyRookIsLegal) {
  // The same position as the last error case with a knight on a1: nothing sees c1.
  const Position pos = position_from_fen("1r2k3/8/8/8/8/8/8/nRK5 w B - 0 1");
  const SanResult r = read_san(pos, "O-O-O");
  ASSERT_TRUE(r);
  EXPECT_EQ(stored(r.move), "c1b1");
}

TEST(SanRead, AmbiguityListsTheCandidates) {
  const Position two = position_from_fen("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
  const SanResult r2 = read_san(two, "Nd2");
  ASSERT_EQ(r2.error, SanError::ambiguous);
  EXPECT_EQ(r2.candidates, square_bb(b1) | square_bb(f3));
  EXPECT_EQ(describe(two, "Nd2", r2), "ambiguous move Nd2: Nbd2 or Nfd2");

  // Three knights reach d2: b1 is told by its file, f3 by its rank, f1 needs both.
  const Position three = position_from_fen("4k3/8/8/8/8/5N2/8/1N2KN2 w - - 0 1");
  const SanResult r3 = read_san(three, "Nd2");
  ASSERT_EQ(r3.error, SanError::ambiguous);
  EXPECT_EQ(r3.candidates, square_bb(b1) | square_bb(f1) | square_bb(f3));
  EXPECT_EQ(describe(three, "Nd2", r3), "ambiguous move Nd2: Nbd2, Nf1d2 or N3d2");

  // A file that two of them share is still ambiguous.
  const SanResult rf = read_san(three, "Nfd2");
  ASSERT_EQ(rf.error, SanError::ambiguous);
  EXPECT_EQ(rf.candidates, square_bb(f1) | square_bb(f3));
  EXPECT_EQ(describe(three, "Nfd2", rf), "ambiguous move Nfd2: Nf1d2 or N3d2");

  EXPECT_EQ(stored(read_san(three, "Nbd2").move), "b1d2");
  EXPECT_EQ(stored(read_san(three, "N3d2").move), "f3d2");
  EXPECT_EQ(stored(read_san(three, "Nf1d2").move), "f1d2");
}

TEST(SanRead, IllegalMoveMessages) {
  const Position pinned = position_from_fen("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
  EXPECT_EQ(describe(pinned, "Nc3", read_san(pinned, "Nc3")),
            "illegal move Nc3: it leaves the king in check");
  const Position start = Position::start();
  EXPECT_EQ(describe(start, "Xe4", read_san(start, "Xe4")), "not a move: 'Xe4'");
  EXPECT_THAT(describe(start, "O-O", read_san(start, "O-O")), ::testing::HasSubstr("castling"));
  EXPECT_THAT(describe(start, "e3=Q", read_san(start, "e3=Q")), ::testing::HasSubstr("promotion"));
}

// ---------------------------------------------------------------- Writing

struct WriteCase {
  const char* fen;
  const char* move;  // UCI as read_uci takes it
  const char* san;
};

const WriteCase kWriteCases[] = {
    {kStart, "e2e4", "e4"},
    {kStart, "g1f3", "Nf3"},
    {kScandinavian, "e4d5", "exd5"},
    {kKnightOnF3, "g1f3", "Nxf3"},
    {kKnightOnF3, "e2f3", "exf3"},
    {kEnPassant, "e5d6", "exd6"},
    {kPromotion, "e7e8q", "e8=Q"},
    {kPromotion, "e7e8n", "e8=N"},
    {kPromotion, "e7d8r", "exd8=R"},
    // Promotion with check: the new queen on a1 sees e1 along the first rank.
    {"4k3/8/8/8/8/8/p7/4K3 b - - 0 1", "a2a1q", "a1=Q+"},
    {"4k3/8/8/8/8/8/p7/4K3 b - - 0 1", "a2a1n", "a1=N"},
    // Disambiguation by file: knights on b1 and f3.
    {"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "b1d2", "Nbd2"},
    {"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "f3d2", "Nfd2"},
    // By rank: rooks on a1 and a5.
    {"4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1a3", "R1a3"},
    {"4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a5a3", "R5a3"},
    // Queens on a1, a3, c1 all reach b2: a1 shares its file with a3 and its rank with c1.
    {"8/8/8/7k/8/Q7/8/Q1Q4K w - - 0 1", "a1b2", "Qa1b2"},
    {"8/8/8/7k/8/Q7/8/Q1Q4K w - - 0 1", "a3b2", "Q3b2"},
    {"8/8/8/7k/8/Q7/8/Q1Q4K w - - 0 1", "c1b2", "Qcb2"},
    // A pinned rival does not count: the d2 knight is pinned by the d8 rook.
    {"3rk3/8/8/2N5/8/8/3N4/3K4 w - - 0 1", "c5e4", "Ne4"},
    {"4k3/8/8/2N5/8/8/3N4/3K4 w - - 0 1", "c5e4", "Nce4"},
    {"4k3/8/8/2N5/8/8/3N4/3K4 w - - 0 1", "d2e4", "Nde4"},
    // Both knights can block the check from the e8 rook on e4, so both count.
    {"4r1k1/8/8/2N5/8/8/3N4/4K3 w - - 0 1", "c5e4", "Nce4"},
    // Check and mate.
    {"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "a1a8", "Ra8+"},
    {"rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "d8h4", "Qh4#"},
    // Castling, with check from the rook.
    {kCastles, "e1g1", "O-O"},
    {kCastles, "e1c1", "O-O-O"},
    {kCastlesBlack, "e8c8", "O-O-O"},
    {"5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", "O-O+"},
    {"3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1", "O-O-O+"},
    // Chess960: the king stays on g1 for O-O; for O-O-O it goes to c1 and the rook to d1.
    {kChess960, "g1h1", "O-O"},
    {kChess960, "g1a1", "O-O-O"},
    {"rk5r/8/8/8/8/8/8/R5KR b HAha - 0 1", "b8a8", "O-O-O"},
    {"rk5r/8/8/8/8/8/8/R5KR b HAha - 0 1", "b8h8", "O-O"},
    {"1r2k3/8/8/8/8/8/8/nRK5 w B - 0 1", "c1b1", "O-O-O"},
};

TEST(SanWrite, Canonical) {
  for (const WriteCase& c : kWriteCases) {
    const Position pos = position_from_fen(c.fen);
    const Move m = uci(pos, c.move);
    EXPECT_EQ(to_san(pos, m), c.san) << c.move << " in " << c.fen;
    char buffer[kMaxSanLength];
    EXPECT_EQ(std::string(buffer, write_san(pos, m, buffer)), c.san);
  }
}

TEST(SanWrite, NullMove) { EXPECT_EQ(to_san(Position::start(), Move::null()), "--"); }

// write_san_unmarked is write_san without the + or # (the cases above have checks and mates).
TEST(SanWrite, UnmarkedLeavesOutTheCheckMarkOnly) {
  int marked = 0;
  for (const WriteCase& c : kWriteCases) {
    const Position pos = position_from_fen(c.fen);
    const Move m = uci(pos, c.move);
    char buffer[kMaxSanLength];
    const std::string unmarked(buffer, write_san_unmarked(pos, m, buffer));
    const std::string san = c.san;
    const bool has_mark = san.back() == '+' || san.back() == '#';
    EXPECT_EQ(unmarked, has_mark ? san.substr(0, san.size() - 1) : san)
        << c.move << " in " << c.fen;
    marked += has_mark ? 1 : 0;
  }
  EXPECT_GE(marked, 2);
  char buffer[kMaxSanLength];
  const Position fools_mate =
      position_from_fen("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2");
  const Move mate = uci(fools_mate, "d8h4");
  EXPECT_EQ(to_san(fools_mate, mate), "Qh4#");
  EXPECT_EQ(std::string(buffer, write_san_unmarked(fools_mate, mate, buffer)), "Qh4");
  // The mark on its own: '#' after the mate, nothing where no king is in check.
  Position mated = fools_mate;
  mated.play(mate);
  EXPECT_EQ(std::string(buffer, write_check_mark(mated, buffer)), "#");
  EXPECT_EQ(write_check_mark(Position::start(), buffer), buffer);
  EXPECT_EQ(std::string(buffer, write_san_unmarked(Position::start(), Move::null(), buffer)), "--");
}

// The disambiguation a move needs, worked out from read_san alone: the first of none, file,
// rank, file and rank that names the move and nothing else.
std::string expected_san(const Position& pos, Move m) {
  const Square from = m.from(), to = m.to();
  const PieceType piece = type_of(pos.piece_on(from));
  const bool capture = pos.piece_on(to) != Piece::none;
  const std::string target = capture ? "x" : "";
  const std::string square{file_char(file_of(to)), rank_char(rank_of(to))};
  const std::string letter(1, piece_type_char(piece));
  const std::string options[] = {"", std::string(1, file_char(file_of(from))),
                                 std::string(1, rank_char(rank_of(from))),
                                 std::string{file_char(file_of(from)), rank_char(rank_of(from))}};
  Position next = pos;
  next.play(m);
  const std::string suffix = next.in_check() ? (next.has_legal_moves() ? "+" : "#") : "";
  for (const std::string& d : options) {
    const std::string text = letter + d + target + square;
    const SanResult r = read_san(pos, text);
    if (r && r.move == m) return text + suffix;
  }
  return "?";
}

// Calls visit(pos, m, fen) for every legal move of a piece other than a pawn (castling aside)
// in each of the positions.
template <typename Visit>
void for_each_piece_move(std::initializer_list<const char*> positions, Visit visit) {
  for (const char* fen : positions) {
    const Position pos = position_from_fen(fen, {.relax = Problems::all()});
    MoveList moves;
    generate_legal(pos, moves);
    for (Move m : moves)
      if (type_of(pos.piece_on(m.from())) != PieceType::pawn && !m.is_castling())
        visit(pos, m, fen);
  }
}

TEST(SanWrite, DisambiguationIsMinimalForEveryPieceMove) {
  int checked = 0;
  for_each_piece_move({
      "8/8/8/7k/8/Q7/8/Q1Q4K w - - 0 1",
      "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1",  // 218 moves
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "3rk3/8/8/2N5/8/8/3N4/3K4 w - - 0 1",
      "k7/8/8/3N1N2/2N3N1/8/2N3N1/3NKN2 w - - 0 1",  // eight knights that all reach e3
      "k7/8/1Q3Q2/8/8/8/1Q3Q2/4K3 w - - 0 1",        // four queens that all reach d4
  }, [&](const Position& pos, Move m, const char* fen) {
    if (type_of(pos.piece_on(m.from())) == PieceType::king) return;
    EXPECT_EQ(to_san(pos, m), expected_san(pos, m)) << stored(m) << " in " << fen;
    ++checked;
  });
  EXPECT_GT(checked, 300);
}

// Rivals::none is the promise of a token without an origin square that resolved: whenever
// "Nd2" (or "Nxd2") reads as the move, writing it without looking for other pieces gives the
// canonical SAN. Where other pieces do reach the square, the token does not read, and the
// promise would be wrong: the file or rank is then left out.
TEST(SanWrite, NoRivalsAfterATokenWithoutOrigin) {
  int promised = 0, refused = 0;
  for_each_piece_move({
      "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1",
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "3rk3/8/8/2N5/8/8/3N4/3K4 w - - 0 1",
      "k7/8/1Q3Q2/8/8/8/1Q3Q2/4K3 w - - 0 1",
  }, [&](const Position& pos, Move m, const char* fen) {
    const PieceType piece = type_of(pos.piece_on(m.from()));
    const std::string token = std::string(1, piece_type_char(piece)) +
                              (pos.piece_on(m.to()) != Piece::none ? "x" : "") +
                              file_char(file_of(m.to())) + rank_char(rank_of(m.to()));
    char looked[kMaxSanLength], trusted[kMaxSanLength];
    const std::string canonical(looked, write_san_unmarked(pos, m, looked));
    const std::string unchecked(trusted, write_san_unmarked(pos, m, trusted, Rivals::none));
    const SanResult r = read_san(pos, token);
    if (r) {
      EXPECT_EQ(r.move, m) << token << " in " << fen;
      EXPECT_EQ(unchecked, canonical) << token << " in " << fen;
      ++promised;
    } else {
      EXPECT_EQ(unchecked, token) << fen;
      EXPECT_NE(canonical, token) << fen;
      ++refused;
    }
  });
  EXPECT_GT(promised, 20);
  EXPECT_GT(refused, 20);
}

// Every legal move written as SAN or LAN reads back as itself.
TEST(SanWrite, ReadsBackAsTheSameMove) {
  const char* positions[] = {
      kStart, kCastles, kCastlesBlack, kPromotion, kEnPassant, kChess960,
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
      "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
      "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
      "rk4r1/8/8/8/8/8/8/RK4R1 w AGag - 0 1",
      "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1",
  };
  for (const char* fen : positions) {
    const Position pos = position_from_fen(fen);
    MoveList moves;
    generate_legal(pos, moves);
    for (Move m : moves) {
      const std::string san = to_san(pos, m);
      const SanResult r = read_san(pos, san);
      EXPECT_TRUE(r && r.move == m) << san << " in " << fen << ": " << describe(pos, san, r);
      const std::string lan = to_lan(pos, m);
      const SanResult l = read_san(pos, lan);
      EXPECT_TRUE(l && l.move == m) << lan << " in " << fen << ": " << describe(pos, lan, l);
    }
  }
}

}  // namespace
}  // namespace fenkit::fen
