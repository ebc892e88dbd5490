// A move played by standard chess's rules (internal to libfen): play_unchecked's body in
// standard chess, and the common part of a variant's move (variant_play.cpp). In a header so
// that both inline it.
#pragma once

#include <cassert>

#include "fenkit/fen/position.hpp"

namespace fenkit::fen {

// Castling rooks stand on the first and last ranks: other moves cannot touch them.
inline void Position::forget_castling_through(Square from, Square to) {
  constexpr Bitboard kBackRanks = 0xFF000000000000FFULL;
  if (castling_.any() && ((square_bb(from) | square_bb(to)) & kBackRanks))
    update_castling_rights(from, to);
}

// Inline, in play_unchecked's body: standard chess pays no call for the variants' dispatch.
inline void Position::play_standard(Move m) {
  // Move::none() has the empty square a1 for its origin; playing it would remove the a1 piece.
  assert(m.is_null() || (!m.is_none() && board_[m.from()] != Piece::none &&
                         color_of(board_[m.from()]) == side_));
  const Color us = side_;
  ep_ = no_square;
  ++halfmove_;
  fullmove_ += std::uint32_t(us);  // after Black's move
  side_ = ~us;
  // A plain move (nearly every move of a game) here, without a call and with few registers to
  // save; the rest (castling, en passant, promotion, the null move) in play_special.
  if (m.kind() != MoveKind::normal || m.is_null()) [[unlikely]] {
    play_special(m, us);
    return;
  }
  const Square from = m.from(), to = m.to();
  const Piece moving = board_[from], captured = board_[to];
  const Bitboard from_bb = Bitboard{1} << from, to_bb = Bitboard{1} << to;
  if (captured != Piece::none) {
    by_type_[slot(type_of(captured))] ^= to_bb;
    by_color_[slot(color_of(captured))] ^= to_bb;
    halfmove_ = 0;
  }
  by_type_[slot(type_of(moving))] ^= from_bb | to_bb;
  by_color_[slot(color_of(moving))] ^= from_bb | to_bb;
  board_[from] = Piece::none;
  board_[to] = moving;
  if (type_of(moving) == PieceType::pawn) {
    halfmove_ = 0;
    if ((from ^ to) == 16) ep_ = Square((from + to) / 2);
  } else if (type_of(moving) == PieceType::king) {
    castling_.clear(us);
  }
  forget_castling_through(from, to);
}

}  // namespace fenkit::fen
