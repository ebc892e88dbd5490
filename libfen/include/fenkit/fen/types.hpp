// Colours, pieces, squares and bitboards: the vocabulary every other header uses.
//
// Thread safety: Values: copy them freely; nothing is shared.
#pragma once

#include <cstdint>

namespace fenkit::fen {

// A set of squares, bit i standing for square i (a1 = 0, b1 = 1, ..., h8 = 63).
using Bitboard = std::uint64_t;

// ---------------------------------------------------------------- Colour

enum class Color : std::uint8_t { white = 0, black = 1 };

constexpr Color operator~(Color c) { return Color(std::uint8_t(c) ^ 1U); }
constexpr int index_of(Color c) { return int(c); }

// ---------------------------------------------------------------- Pieces

enum class PieceType : std::uint8_t { pawn, knight, bishop, rook, queen, king, none };

constexpr int index_of(PieceType t) { return int(t); }

// A coloured piece: bits 0-2 the type, bit 3 the colour. `none` is an empty square.
enum class Piece : std::uint8_t {
  white_pawn = 0, white_knight, white_bishop, white_rook, white_queen, white_king,
  none = 6,
  black_pawn = 8, black_knight, black_bishop, black_rook, black_queen, black_king,
};

constexpr Piece make_piece(Color c, PieceType t) {
  return Piece((std::uint8_t(c) << 3) | std::uint8_t(t));
}
constexpr PieceType type_of(Piece p) { return PieceType(std::uint8_t(p) & 7U); }
constexpr Color color_of(Piece p) { return Color(std::uint8_t(p) >> 3); }

// FEN letters: upper case for White, lower case for Black.
constexpr char piece_char(Piece p) {
  constexpr const char* letters = "PNBRQK?-pnbrqk??";
  return letters[std::uint8_t(p) & 15U];
}
constexpr char piece_type_char(PieceType t) { return "PNBRQK?"[index_of(t)]; }

// ---------------------------------------------------------------- Squares

// clang-format off
enum Square : std::uint8_t {
  a1, b1, c1, d1, e1, f1, g1, h1,
  a2, b2, c2, d2, e2, f2, g2, h2,
  a3, b3, c3, d3, e3, f3, g3, h3,
  a4, b4, c4, d4, e4, f4, g4, h4,
  a5, b5, c5, d5, e5, f5, g5, h5,
  a6, b6, c6, d6, e6, f6, g6, h6,
  a7, b7, c7, d7, e7, f7, g7, h7,
  a8, b8, c8, d8, e8, f8, g8, h8,
  no_square = 64,
};
// clang-format on

constexpr Square make_square(int file, int rank) { return Square(rank * 8 + file); }
constexpr int file_of(Square s) { return s & 7; }
constexpr int rank_of(Square s) { return s >> 3; }
constexpr Bitboard square_bb(Square s) { return Bitboard{1} << s; }
constexpr char file_char(int file) { return char('a' + file); }
constexpr char rank_char(int rank) { return char('1' + rank); }

// The rank as seen from `c`'s side: relative_rank(black, rank 8) == 0.
constexpr int relative_rank(Color c, int rank) { return c == Color::white ? rank : 7 - rank; }
constexpr Square relative_square(Color c, Square s) {
  return c == Color::white ? s : Square(s ^ 56);
}

// One step forward for `c`'s pawns, in square-index units.
constexpr int pawn_push(Color c) { return c == Color::white ? 8 : -8; }

}  // namespace fenkit::fen
