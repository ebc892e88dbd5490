#include "san_variants.hpp"

#include "bitboard.hpp"
#include "fenkit/fen/game_end.hpp"
#include "fenkit/fen/movegen.hpp"

namespace fenkit::fen {

namespace detail {

namespace {

SanResult failure(SanError e, Bitboard candidates = 0) {
  SanResult r;
  r.error = e;
  r.candidates = candidates;
  return r;
}

// The piece a legal move moves (a pawn for promotions).
PieceType moving_piece(const Position& pos, Move m) { return type_of(pos.piece_on(m.from())); }

// Long algebraic for castling: the king onto its own rook, or two files outside Chess960.
bool names_castling(const Position& pos, const SanMove& san, Move m) {
  if (san.from_file < 0 || san.from_rank < 0 || make_square(san.from_file, san.from_rank) != m.from())
    return false;
  if (san.to == m.to()) return true;
  const Square king_to = make_square(m.to() > m.from() ? 6 : 2, rank_of(m.from()));
  return !pos.is_chess960() && san.to == king_to;
}

}  // namespace

SanResult resolve_san_in_variant(const Position& pos, const SanMove& san) {
  if (san.form == SanMove::Form::null_move) return SanResult{Move::null()};
  MoveList legal;
  generate_legal(pos, legal);
  const Color us = pos.side_to_move();

  if (san.form == SanMove::Form::drop) {
    const Move drop = Move::drop(san.piece, san.to);
    if (pos.variant() != Variant::crazyhouse || san.piece == PieceType::king ||
        !legal.contains(drop))
      return failure(SanError::variant_rule);
    return SanResult{drop};
  }
  if (san.form == SanMove::Form::castle_king_side || san.form == SanMove::Form::castle_queen_side) {
    const bool king_side = san.form == SanMove::Form::castle_king_side;
    for (Move m : legal)
      if (m.is_castling() && (m.to() > m.from()) == king_side) return SanResult{m};
    return failure(SanError::castling_not_allowed);
  }

  // The piece: written, or (long algebraic without a letter) the one on the origin square.
  PieceType piece = san.piece;
  const bool from_given = san.from_file >= 0 && san.from_rank >= 0;
  if (from_given && !san.piece_given) {
    const Piece p = pos.piece_on(make_square(san.from_file, san.from_rank));
    if (p == Piece::none || color_of(p) != us) return failure(SanError::no_piece);
    piece = type_of(p);
  }
  Move found;
  Bitboard origins = 0;
  bool promotion_needed = false;
  for (Move m : legal) {
    if (m.is_drop()) continue;
    if (m.is_castling()) {
      if (piece == PieceType::king && names_castling(pos, san, m)) return SanResult{m};
      continue;
    }
    if (m.to() != san.to || moving_piece(pos, m) != piece) continue;
    if (san.from_file >= 0 && file_of(m.from()) != san.from_file) continue;
    // A pawn move without its file is a push: "d5" must not quietly become exd5.
    if (san.from_file < 0 && piece == PieceType::pawn && file_of(m.from()) != file_of(san.to)) continue;
    if (san.from_rank >= 0 && rank_of(m.from()) != san.from_rank) continue;
    const PieceType promotion = m.promotion_piece();
    if (promotion != san.promotion) {
      if (san.promotion == PieceType::none) promotion_needed = true;
      continue;
    }
    origins |= square_bb(m.from());
    found = m;
  }
  if (origins && more_than_one(origins)) return failure(SanError::ambiguous, origins);
  if (origins) return SanResult{found};
  if (promotion_needed) return failure(SanError::missing_promotion);
  // No legal move fits: say whether a piece of the kind could have gone there at all.
  if (piece != PieceType::pawn) {
    const Bitboard reach =
        attackers_of_type(piece, san.to, pos.pieces(us, piece), pos.occupied());
    if (!reach) return failure(SanError::no_piece);
  }
  return failure(SanError::variant_rule);
}

}  // namespace detail

char* write_variant_check_mark(const Position& after, char* out) {
  const Outcome outcome = outcome_on_board(after);
  if (outcome == Outcome::white_wins || outcome == Outcome::black_wins) {
    *out++ = '#';
    return out;
  }
  if (after.in_check()) *out++ = after.has_legal_moves() ? '+' : '#';
  return out;
}

}  // namespace fenkit::fen
