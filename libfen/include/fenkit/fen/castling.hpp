// Castling rights that remember which rook each right belongs to (needed for Chess960).
//
// Thread safety: Values: copy them freely; nothing is shared.
#pragma once

#include <cstdint>

#include "fenkit/fen/types.hpp"
#include "fenkit/fen/export.hpp"

namespace fenkit::fen {

enum class CastlingSide : std::uint8_t { king_side = 0, queen_side = 1 };

class FENKIT_API CastlingRights {
 public:
  constexpr bool has(Color c, CastlingSide side) const { return mask_ & bit(c, side); }
  constexpr bool has_any(Color c) const { return mask_ & (3U << (2 * index_of(c))); }
  constexpr bool any() const { return mask_ != 0; }
  // The rook's square; meaningful only while has(c, side).
  constexpr Square rook_square(Color c, CastlingSide side) const { return rook_[slot(c, side)]; }

  constexpr void set(Color c, CastlingSide side, Square rook) {
    mask_ = std::uint8_t(mask_ | bit(c, side));
    rook_[slot(c, side)] = rook;
  }
  constexpr void clear(Color c, CastlingSide side) { mask_ = std::uint8_t(mask_ & ~bit(c, side)); }
  constexpr void clear(Color c) { mask_ = std::uint8_t(mask_ & ~(3U << (2 * index_of(c)))); }

  // Bits 0-3: white king side, white queen side, black king side, black queen side
  // (the order of Polyglot's castling keys).
  constexpr std::uint8_t mask() const { return mask_; }
  // The squares of the rooks that keep a right (python-chess's castling_rights).
  constexpr Bitboard rook_squares() const {
    Bitboard rooks = 0;
    for (int i = 0; i < 4; ++i)
      if (mask_ >> i & 1) rooks |= Bitboard{1} << rook_[i];
    return rooks;
  }

  friend constexpr bool operator==(const CastlingRights& a, const CastlingRights& b) {
    if (a.mask_ != b.mask_) return false;
    for (int i = 0; i < 4; ++i)
      if ((a.mask_ >> i & 1) && a.rook_[i] != b.rook_[i]) return false;
    return true;
  }

 private:
  static constexpr int slot(Color c, CastlingSide side) {
    return 2 * index_of(c) + int(side);
  }
  static constexpr unsigned bit(Color c, CastlingSide side) { return 1U << slot(c, side); }

  std::uint8_t mask_ = 0;
  Square rook_[4] = {no_square, no_square, no_square, no_square};
};

}  // namespace fenkit::fen

namespace fenkit::fen {

// How the castling field of a FEN names rights.
enum class CastlingNotation : std::uint8_t {
  // KQkq in standard chess; X-FEN in Chess960: K/Q for the outermost rook, the rook's file
  // letter (upper case for White) when an inner rook has the right.
  automatic,
  // Shredder-FEN: always the rook's file letter (HAha).
  shredder,
};

}  // namespace fenkit::fen
