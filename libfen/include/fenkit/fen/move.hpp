// Move: a 16-bit value, and MoveList: a fixed-capacity list that never touches the heap.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "fenkit/fen/types.hpp"

namespace fenkit::fen {

enum class MoveKind : std::uint8_t { normal = 0, promotion = 1, en_passant = 2, castling = 3 };

// Bit layout of Move:
//   bits  0-5   destination square; for castling, the square of the rook the king "takes"
//   bits  6-11  origin square
//   bits 12-13  promotion piece: 0 knight, 1 bishop, 2 rook, 3 queen (meaningful for promotions)
//   bits 14-15  MoveKind
// Castling is stored king-takes-rook so that Chess960 needs no special case; notation code
// turns it into O-O / e1g1 when it writes the move.
// Two values are reserved: 0 is "no move" (a1a1) and 65 (b1b1) is the null move of PGN (`--`).
class Move {
 public:
  constexpr Move() = default;
  constexpr Move(Square from, Square to, MoveKind kind = MoveKind::normal,
                 PieceType promotion = PieceType::knight)
      : data_(std::uint16_t(to | (from << 6) | ((index_of(promotion) - 1) << 12) |
                            (std::uint8_t(kind) << 14))) {}

  static constexpr Move none() { return Move(); }
  static constexpr Move null() { return from_bits(65); }
  static constexpr Move from_bits(std::uint16_t bits) {
    Move m;
    m.data_ = bits;
    return m;
  }

  constexpr Square from() const { return Square((data_ >> 6) & 63); }
  constexpr Square to() const { return Square(data_ & 63); }
  constexpr MoveKind kind() const { return MoveKind(data_ >> 14); }
  constexpr PieceType promotion() const { return PieceType(((data_ >> 12) & 3) + 1); }
  constexpr std::uint16_t bits() const { return data_; }

  constexpr bool is_none() const { return data_ == 0; }
  constexpr bool is_null() const { return data_ == 65; }
  constexpr bool is_castling() const { return kind() == MoveKind::castling; }
  constexpr bool is_promotion() const { return kind() == MoveKind::promotion; }
  constexpr bool is_en_passant() const { return kind() == MoveKind::en_passant; }
  constexpr explicit operator bool() const { return data_ != 0; }

  friend constexpr bool operator==(Move, Move) = default;

 private:
  std::uint16_t data_ = 0;
};

// 218 is the most legal moves any chess position has; 256 leaves room for pseudo-legal lists.
inline constexpr std::size_t kMaxMoves = 256;

class MoveList {
 public:
  constexpr void push_back(Move m) { moves_[size_++] = m; }
  constexpr void clear() { size_ = 0; }
  constexpr std::size_t size() const { return size_; }
  constexpr bool empty() const { return size_ == 0; }
  constexpr Move operator[](std::size_t i) const { return moves_[i]; }
  constexpr const Move* begin() const { return moves_.data(); }
  constexpr const Move* end() const { return moves_.data() + size_; }
  constexpr bool contains(Move m) const {
    for (Move x : *this)
      if (x == m) return true;
    return false;
  }
  // For generators that write several moves at once.
  constexpr Move* end_pointer() { return moves_.data() + size_; }
  constexpr void set_end(const Move* end) { size_ = std::size_t(end - moves_.data()); }

 private:
  std::array<Move, kMaxMoves> moves_;
  std::size_t size_ = 0;
};

}  // namespace fenkit::fen
