#include "move_notation.hpp"

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

}  // namespace

std::size_t write_long(const fen::Position& before, fen::Move m, bool with_piece, char* out) {
  char* p = out;
  if (m.is_null()) {
    *p++ = '-';
    *p++ = '-';
    return 2;
  }
  if (m.is_drop()) {  // N@e3, as UCI and every notation writes a drop
    *p++ = fen::piece_type_char(m.drop_piece());
    *p++ = '@';
    return std::size_t(write_square(m.to(), p) - out);
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
  if (const fen::PieceType promotion = m.promotion_piece(); promotion != fen::PieceType::none)
    *p++ = fen::piece_type_char(promotion);
  return std::size_t(p - out);
}

}  // namespace fenkit::pgn::detail
