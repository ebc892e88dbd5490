#include "move_notation.hpp"

#include "fenkit/fen/san.hpp"
#include "fenkit/fen/uci.hpp"

namespace fenkit::pgn::detail {

namespace {

char* write_square(fen::Square s, char* p) {
  *p++ = char('a' + int(s) % 8);
  *p++ = char('1' + int(s) / 8);
  return p;
}

// Where the king of a castling move ends up: the g- or c-file of its rank (the move itself
// names the rook it castles with).
fen::Square castling_king_target(fen::Move m) {
  const int rank = int(m.from()) / 8;
  return fen::Square(rank * 8 + (m.to() > m.from() ? 6 : 2));
}

// The long algebraic forms of pgn-extract: the squares the piece leaves and reaches, castling
// as the king's move, a promotion's piece in upper case after them. In Chess960 castling is the
// king taking its rook (xlalg: e1xh1), as pgn-extract writes it, since the king's own squares
// could read as no move (a king that stays) or as a plain king step.
std::size_t write_long(const fen::Position& before, fen::Move m, const fen::Position& after,
                       bool with_piece, char* out) {
  char* p = out;
  if (m.is_null()) {
    *p++ = '-';
    *p++ = '-';
    return 2;
  }
  const fen::PieceType piece = fen::type_of(before.piece_on(m.from()));
  const bool king_takes_rook = m.is_castling() && before.is_chess960();
  const fen::Square to = m.is_castling() && !king_takes_rook ? castling_king_target(m) : m.to();
  if (with_piece && piece != fen::PieceType::pawn && !m.is_castling()) *p++ = fen::piece_type_char(piece);
  p = write_square(m.from(), p);
  if (with_piece) {
    *p++ = before.is_capture(m) || king_takes_rook ? 'x' : '-';
  }
  p = write_square(to, p);
  if (m.is_promotion()) *p++ = fen::piece_type_char(m.promotion());
  if (after.in_check()) *p++ = after.has_legal_moves() ? '+' : '#';
  return std::size_t(p - out);
}

}  // namespace

std::size_t write_move(const fen::Position& before, fen::Move m, const fen::Position& after,
                       MoveNotation notation, char* out) {
  switch (notation) {
    case MoveNotation::san: return fen::write_san(before, m, after, out);
    case MoveNotation::uci: return fen::write_uci(before, m, out);
    case MoveNotation::lalg: return write_long(before, m, after, false, out);
    case MoveNotation::xlalg: return write_long(before, m, after, true, out);
  }
  return 0;
}

}  // namespace fenkit::pgn::detail
