// Playing a move by a variant's rules: what standard chess does, then what the variant adds
// (pockets, explosions, check counts), and the variants' own ends.
#include <cassert>

#include "bitboard.hpp"
#include "fenkit/fen/position.hpp"
#include "position_play.hpp"

namespace fenkit::fen {

using namespace detail;

namespace {

constexpr Bitboard kCenter = square_bb(d4) | square_bb(e4) | square_bb(d5) | square_bb(e5);

bool kings_touch(const Position& pos) {
  const Bitboard white_kings = pos.pieces(Color::white, PieceType::king);
  const Bitboard black_kings = pos.pieces(Color::black, PieceType::king);
  for (Bitboard b = white_kings; b;)
    if (king_attacks(pop_lsb(b)) & black_kings) return true;
  return false;
}

}  // namespace

void Position::play_variant(Move m) {
  const Color us = side_;
  if (m.is_drop()) {
    const PieceType type = m.drop_piece();
    assert(pockets_[slot(us)].count[index_of(type)] > 0 && board_[m.to()] == Piece::none);
    --pockets_[slot(us)].count[index_of(type)];
    put_piece(make_piece(us, type), m.to());
    // A drop is no capture and no pawn move: the clock runs on, no square is passed.
    ep_ = no_square;
    ++halfmove_;
    fullmove_ += std::uint32_t(us);
    side_ = ~us;
    return;
  }
  if (m.is_null()) {
    play_standard(m);
    return;
  }
  const Square from = m.from(), to = m.to();
  const Square victim_square = m.is_en_passant() ? Square(to - pawn_push(us)) : to;
  const Piece victim = m.is_castling() ? Piece::none : board_[victim_square];
  const bool victim_was_pawn = (promoted_ & square_bb(victim_square)) != 0;
  const bool mover_was_pawn = (promoted_ & square_bb(from)) != 0;
  const bool pawn_move = type_of(board_[from]) == PieceType::pawn;

  if (m.is_king_promotion()) {
    play_standard(Move(from, to, MoveKind::promotion, PieceType::queen));
    remove_piece(to);
    put_piece(make_piece(us, PieceType::king), to);
  } else {
    play_standard(m);
  }

  switch (variant_) {
    case Variant::crazyhouse:
      promoted_ &= ~(square_bb(from) | square_bb(victim_square));
      if (m.is_castling()) promoted_ &= ~square_bb(to);
      else if (m.is_promotion() || mover_was_pawn) promoted_ |= square_bb(to);
      if (victim != Piece::none)
        ++pockets_[slot(us)].count[victim_was_pawn ? 0 : index_of(type_of(victim))];
      break;
    case Variant::atomic:
      if (victim != Piece::none) explode(to);
      break;
    case Variant::three_check:
      if (remaining_checks_[slot(us)] > 0 && in_check()) --remaining_checks_[slot(us)];
      break;
    case Variant::horde:
      // A pawn leaving the first rank two squares at once passes no en-passant square.
      if (pawn_move && relative_rank(us, rank_of(from)) == 0) ep_ = no_square;
      break;
    default: break;
  }
}

void Position::explode(Square to) {
  const Bitboard blast = (king_attacks(to) & occupied() & ~pieces(PieceType::pawn)) | square_bb(to);
  for (Bitboard b = blast & pieces(PieceType::king); b;) castling_.clear(color_of(board_[pop_lsb(b)]));
  for (Bitboard b = blast; b;) {
    const Square s = pop_lsb(b);
    if (castling_.any()) update_castling_rights(s, s);
    remove_piece(s);
  }
}

bool Position::in_check_variant() const {
  switch (variant_) {
    case Variant::antichess: return false;
    case Variant::atomic:
      if (kings_touch(*this)) return false;
      break;
    default: break;
  }
  const Square k = king_square(side_);
  return k != no_square && attacked_by(~side_, k);
}

bool Position::is_legal_in_variant(Move m) const {
  // Standard chess's king safety, once the variant's end is not there: a test of the move
  // alone instead of every move generated (a drop is checked among the moves).
  if (!keeps_standard_king_safety(variant_) || m.is_drop() || is_variant_end())
    return is_legal_move(m);
  if (!leaves_king_safe(m)) return false;
  return variant_ != Variant::racing_kings || !gives_check(m);
}

bool Position::atomic_capture_counts_for_fen(Move m) const {
  if (is_variant_end()) return false;
  Position next = *this;
  next.play_unchecked(m);
  const Square ours = next.king_square(side_);
  return ours == no_square || kings_touch(next) || !next.attacked_by(~side_, ours);
}

bool Position::is_variant_end() const {
  switch (variant_) {
    case Variant::standard:
    case Variant::crazyhouse: return false;
    case Variant::three_check: return remaining_checks_[0] == 0 || remaining_checks_[1] == 0;
    case Variant::atomic:
      return !pieces(Color::white, PieceType::king) || !pieces(Color::black, PieceType::king);
    case Variant::antichess:
    case Variant::horde: return !pieces(Color::white) || !pieces(Color::black);
    case Variant::king_of_the_hill: return (pieces(PieceType::king) & kCenter) != 0;
    case Variant::racing_kings: {
      const Bitboard goal = rank_bb(7);
      if (!(pieces(PieceType::king) & goal)) return false;
      const Bitboard black_king = pieces(Color::black, PieceType::king);
      if (side_ == Color::white || (black_king & goal) || !black_king) return true;
      // White has arrived; Black to move may still draw by arriving too, on a square White
      // does not attack.
      for (Bitboard b = king_attacks(msb(black_king)) & goal & ~pieces(Color::black); b;)
        if (!attacked_by(Color::white, pop_lsb(b))) return false;
      return true;
    }
  }
  return false;
}

}  // namespace fenkit::fen
