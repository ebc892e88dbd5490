// A move written in one of the writer's notations (WriterOptions::notation).
#pragma once

#include <cstddef>
#include <string_view>

#include "fenkit/fen/position.hpp"
#include "fenkit/fen/san.hpp"
#include "fenkit/fen/uci.hpp"
#include "fenkit/pgn/writer.hpp"

namespace fenkit::pgn::detail {

// Longest move written: "Bc5xf2+", "b7xa8Q#" (SAN's own limit is fen::kMaxSanLength).
inline constexpr std::size_t kMaxMoveLength = 16;

// The long algebraic forms of pgn-extract: the squares the piece leaves and reaches, castling
// as the king's move, a promotion's piece in upper case after them. In Chess960 castling is the
// king taking its rook (xlalg: e1xh1), as pgn-extract writes it, since the king's own squares
// could read as no move (a king that stays) or as a plain king step. `with_piece`: xlalg (the
// piece letter, '-' or 'x'), else lalg. Without + or #.
std::size_t write_long(const fen::Position& before, fen::Move m, bool with_piece, char* out);

// What a token the reader resolved says of the pieces that could also have made its move: a
// piece letter, an optional 'x' and the square, then + or # ("Nf3", "Nxf3+"), names no origin,
// and resolve_san accepts such a token only when one piece of its kind can make the move. Then
// the move's SAN needs no file or rank, and writing it need not look for other pieces (a third
// of the cost of writing a piece's move). Other tokens, pawn moves among them, say nothing.
inline fen::Rivals rivals_after_token(std::string_view token) {
  std::size_t n = token.size();
  while (n != 0 && (token[n - 1] == '+' || token[n - 1] == '#')) --n;
  return n == 3 || (n == 4 && token[1] == 'x') ? fen::Rivals::none : fen::Rivals::look;
}

// Writes the legal move `m` of `before` (leading to `after`) into `out`, with + or # when it
// checks and `check_marks` asks for them; returns the length. `rivals`: as write_san_unmarked
// takes it (SAN only). Inline, so that the writer's call goes straight to the notation's own
// function.
inline std::size_t write_move(const fen::Position& before, fen::Move m, const fen::Position& after,
                              MoveNotation notation, bool check_marks, fen::Rivals rivals,
                              char* out) {
  std::size_t length = 0;
  switch (notation) {
    case MoveNotation::san: length = fen::write_san_unmarked(before, m, out, rivals); break;
    case MoveNotation::uci: return fen::write_uci(before, m, out);
    case MoveNotation::lalg: length = write_long(before, m, false, out); break;
    case MoveNotation::xlalg: length = write_long(before, m, true, out); break;
  }
  if (check_marks && !m.is_null())
    length = std::size_t(fen::write_check_mark(after, out + length) - out);
  return length;
}

}  // namespace fenkit::pgn::detail
