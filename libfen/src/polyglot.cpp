#include "fenkit/fen/polyglot.hpp"

#include "bitboard.hpp"
#include "polyglot_random64.hpp"

namespace fenkit::fen {

using namespace detail;

const std::array<std::uint64_t, 781>& polyglot_random64() { return kPolyglotRandom64; }

namespace {

// The castling, en-passant and turn part of the key.
std::uint64_t state_key(const Position& pos) {
  std::uint64_t key = 0;
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

// Polyglot's piece kinds: black pawn 0, white pawn 1, black knight 2, ... white king 11.
int piece_kind(PieceType type, Color color) {
  return 2 * index_of(type) + (color == Color::white ? 1 : 0);
}

}  // namespace

std::uint64_t polyglot_key(const Position& pos) {
  std::uint64_t key = 0;
  for (Bitboard b = pos.occupied(); b;) {
    const Square s = pop_lsb(b);
    const Piece p = pos.piece_on(s);
    key ^= kPolyglotRandom64[64 * piece_kind(type_of(p), color_of(p)) + s];
  }
  return key ^ state_key(pos);
}

std::uint64_t polyglot_key_after(const Position& before, std::uint64_t before_key,
                                 const Position& after) {
  // The squares whose piece changed, kind by kind: a move changes two to four of them,
  // whatever kind of move it is, so this needs no knowledge of moves at all.
  std::uint64_t key = before_key ^ state_key(before) ^ state_key(after);
  for (Color color : {Color::white, Color::black}) {
    for (int t = index_of(PieceType::pawn); t <= index_of(PieceType::king); ++t) {
      const PieceType type = PieceType(t);
      for (Bitboard b = before.pieces(color, type) ^ after.pieces(color, type); b;)
        key ^= kPolyglotRandom64[64 * piece_kind(type, color) + pop_lsb(b)];
    }
  }
  return key;
}

}  // namespace fenkit::fen
