#include "fenkit/fen/polyglot.hpp"

#include "bitboard.hpp"
#include "polyglot_random64.hpp"

namespace fenkit::fen {

using namespace detail;

const std::array<std::uint64_t, 781>& polyglot_random64() { return kPolyglotRandom64; }

std::uint64_t polyglot_key(const Position& pos) {
  std::uint64_t key = 0;
  for (Bitboard b = pos.occupied(); b;) {
    const Square s = pop_lsb(b);
    const Piece p = pos.piece_on(s);
    const int kind = 2 * index_of(type_of(p)) + (color_of(p) == Color::white ? 1 : 0);
    key ^= kPolyglotRandom64[64 * kind + s];
  }
  // The castling bits are already in Polyglot's order (castling.hpp).
  for (int i = 0; i < 4; ++i)
    if (pos.castling().mask() & (1U << i)) key ^= kPolyglotRandom64[kCastleOffset + i];
  const Square ep = pos.en_passant();
  if (ep != no_square) {
    const Color us = pos.side_to_move();
    const Square pushed = Square(ep - pawn_push(us));
    const Bitboard beside = (shift_east(square_bb(pushed)) | shift_west(square_bb(pushed)));
    if (beside & pos.pieces(us, PieceType::pawn)) key ^= kPolyglotRandom64[kEnPassantOffset + file_of(ep)];
  }
  if (pos.side_to_move() == Color::white) key ^= kPolyglotRandom64[kTurnOffset];
  return key;
}

}  // namespace fenkit::fen
