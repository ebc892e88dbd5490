// Move: a 16-bit value, and MoveList: a fixed-capacity list that never touches the heap.
//
// Thread safety: Values: copy them freely; nothing is shared.
#pragma once

#include <cstddef>
#include <cstdint>

#include "fenkit/fen/types.hpp"
#include "fenkit/fen/export.hpp"

namespace fenkit::fen {

enum class MoveKind : std::uint8_t { normal = 0, promotion = 1, en_passant = 2, castling = 3 };

// Bit layout of Move:
//   bits  0-5   destination square; for castling, the square of the rook the king "takes"
//   bits  6-11  origin square
//   bits 12-13  promotion piece: 0 knight, 1 bishop, 2 rook, 3 queen (meaningful for promotions)
//   bits 14-15  MoveKind
// Castling is stored king-takes-rook so that Chess960 needs no special case; notation code
// turns it into O-O / e1g1 when it writes the move.
// Two variants' moves are castling-kind moves whose origin is not on a back rank (castling's
// always is): a Crazyhouse drop has its origin on the third rank, a3..e3 naming the piece put
// down (pawn .. queen); an Antichess promotion to king has the pawn's origin, on the seventh
// rank (the second for Black).
// Two values are reserved: 0 is "no move" (a1a1) and 65 (b1b1) is the null move of PGN (`--`).
class FENKIT_API Move {
 public:
  constexpr Move() = default;
  constexpr Move(Square from, Square to, MoveKind kind = MoveKind::normal,
                 PieceType promotion = PieceType::knight)
      : data_(std::uint16_t(to | (from << 6) | ((index_of(promotion) - 1) << 12) |
                            (std::uint8_t(kind) << 14))) {}

  static constexpr Move none() { return Move(); }
  // Putting a piece of type `t` (pawn to queen) from the pocket on `to`.
  static constexpr Move drop(PieceType t, Square to) {
    return Move(Square(16 + index_of(t)), to, MoveKind::castling);
  }
  // A pawn's promotion to king (Antichess).
  static constexpr Move king_promotion(Square from, Square to) {
    return Move(from, to, MoveKind::castling);
  }
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
  constexpr bool is_castling() const { return castling_kind_on_ranks(0x81U); }
  constexpr bool is_drop() const { return castling_kind_on_ranks(0x04U); }
  constexpr bool is_king_promotion() const { return castling_kind_on_ranks(0x42U); }
  // The piece a drop puts down (meaningful for drops).
  constexpr PieceType drop_piece() const { return PieceType(from() - 16); }
  // The piece a promotion makes, king included; PieceType::none for other moves.
  constexpr PieceType promotion_piece() const {
    return is_promotion() ? promotion() : is_king_promotion() ? PieceType::king : PieceType::none;
  }
  constexpr bool is_promotion() const { return kind() == MoveKind::promotion; }
  constexpr bool is_en_passant() const { return kind() == MoveKind::en_passant; }
  constexpr explicit operator bool() const { return data_ != 0; }

  friend constexpr bool operator==(Move, Move) = default;

 private:
  // A castling-kind move whose origin's rank is among `ranks` (bit r for rank r + 1).
  constexpr bool castling_kind_on_ranks(unsigned ranks) const {
    return kind() == MoveKind::castling && ((ranks >> (from() >> 3)) & 1U);
  }

  std::uint16_t data_ = 0;
};

// The most legal moves a position can have. Positions with the material of a real game have
// at most 218, but a set-up with extra pieces (Problem::too_many_*_pieces accepted) can have
// more than 256. The bound: a square can be reached by at most 16 of the mover's pieces (the
// nearest piece on each of the 8 lines through it, and 8 knights), 64 * 16 = 1024 moves; at
// most 3 pawns promote on each of the 8 last-rank squares with 3 more pieces each, 72 moves;
// and 2 castlings.
inline constexpr std::size_t kMaxMoves = 1098;

class FENKIT_API MoveList {
 public:
  // Leaves the entries unwritten (see moves_).
  MoveList() {}

  void push_back(Move m) { moves_[size_++] = m; }
  void clear() { size_ = 0; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Move operator[](std::size_t i) const { return moves_[i]; }
  const Move* begin() const { return moves_; }
  const Move* end() const { return moves_ + size_; }
  bool contains(Move m) const {
    for (Move x : *this)
      if (x == m) return true;
    return false;
  }
  // For generators that write several moves at once.
  Move* end_pointer() { return moves_ + size_; }
  void set_end(const Move* end) { size_ = std::size_t(end - moves_); }

 private:
  // In a union, so that a new list does not first fill its 2 KB with Move() values that the
  // generator overwrites: only entries below size_ are ever read.
  union {
    Move moves_[kMaxMoves];
  };
  std::size_t size_ = 0;
};

}  // namespace fenkit::fen
