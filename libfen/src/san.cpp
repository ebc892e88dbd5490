// SAN: resolving a token to its legal move, and writing canonical SAN.
#include "fenkit/fen/san.hpp"

#include "bitboard.hpp"
#include "fenkit/fen/grammar/common.hpp"
#include "fenkit/fen/movegen.hpp"
#include "fenkit/fen/printable.hpp"
#include "san_variants.hpp"

namespace fenkit::fen {

using namespace detail;

bool parse_san(std::string_view token, SanMove& out) {
  const char* first = token.data();
  const char* last = first + token.size();
  SanMove san;
  if (!grammar::x3::parse(first, last, grammar::san, san) || first != last) return false;
  out = san;
  return true;
}

namespace {

SanResult fail(SanError e, Bitboard candidates = 0) {
  SanResult r;
  r.error = e;
  r.candidates = candidates;
  return r;
}

SanResult resolve_castling(const Position& pos, CastlingSide side) {
  const Color us = pos.side_to_move();
  if (!pos.castling().has(us, side)) return fail(SanError::castling_not_allowed);
  const Move m(pos.king_square(us), pos.castling().rook_square(us, side), MoveKind::castling);
  if (!pos.is_legal(m)) return fail(SanError::castling_not_allowed);
  return SanResult{m};
}

// Long algebraic with a king moving two files, or onto its own castling rook, is castling.
bool is_castling_notation(const Position& pos, Square from, Square to, CastlingSide& side) {
  const Color us = pos.side_to_move();
  if (from != pos.king_square(us)) return false;
  for (CastlingSide s : {CastlingSide::king_side, CastlingSide::queen_side}) {
    if (!pos.castling().has(us, s)) continue;
    const Square rook = pos.castling().rook_square(us, s);
    const Square king_dest = relative_square(us, s == CastlingSide::king_side ? g1 : c1);
    const bool two_step = !pos.is_chess960() && to == king_dest && from != king_dest;
    if (to == rook || two_step) {
      side = s;
      return true;
    }
  }
  return false;
}

// Origin squares of our pawns that could move to `to` (ignoring pins and checks).
Bitboard pawn_origins(const Position& pos, Square to) {
  const Color us = pos.side_to_move();
  const Bitboard pawns = pos.pieces(us, PieceType::pawn);
  const Piece target = pos.piece_on(to);
  if ((target != Piece::none && color_of(target) != us) || to == pos.en_passant())
    return pawn_attacks(~us, to) & pawns;
  if (target != Piece::none) return 0;
  const int back = -pawn_push(us);
  const int one = to + back;
  if (one < 0 || one > 63) return 0;
  if (pawns & square_bb(Square(one))) return square_bb(Square(one));
  const int two = one + back;
  if (pos.piece_on(Square(one)) == Piece::none && relative_rank(us, rank_of(to)) == 3 &&
      (pawns & square_bb(Square(two))))
    return square_bb(Square(two));
  return 0;
}

}  // namespace

SanResult resolve_san(const Position& pos, const SanMove& san) {
  if (pos.variant() != Variant::standard) [[unlikely]] {
    // The variants that keep standard chess's king safety resolve a move as it does (is_legal
    // judges by their rules); drops and the other variants, among the legal moves.
    if (!keeps_standard_king_safety(pos.variant()) || san.form == SanMove::Form::drop ||
        pos.is_variant_end())
      return detail::resolve_san_in_variant(pos, san);
  }
  const Color us = pos.side_to_move();
  switch (san.form) {
    case SanMove::Form::drop: return fail(SanError::variant_rule);
    case SanMove::Form::null_move: return SanResult{Move::null()};
    case SanMove::Form::castle_king_side: return resolve_castling(pos, CastlingSide::king_side);
    case SanMove::Form::castle_queen_side: return resolve_castling(pos, CastlingSide::queen_side);
    case SanMove::Form::move: break;
  }
  const Square to = san.to;
  PieceType piece = san.piece;

  // Long algebraic without a piece letter names its piece by the origin square, and a king
  // moving two files or onto its own rook is castling.
  const bool from_given = san.from_file >= 0 && san.from_rank >= 0;
  if (from_given && !san.piece_given) {
    const Piece p = pos.piece_on(make_square(san.from_file, san.from_rank));
    if (p == Piece::none || color_of(p) != us) return fail(SanError::no_piece);
    piece = type_of(p);
  }
  CastlingSide side;
  if (from_given && piece == PieceType::king &&
      is_castling_notation(pos, make_square(san.from_file, san.from_rank), to, side))
    return resolve_castling(pos, side);

  const Piece target = pos.piece_on(to);
  if (target != Piece::none && color_of(target) == us) return fail(SanError::no_piece);

  Bitboard candidates = piece == PieceType::pawn
                            ? pawn_origins(pos, to)
                            : attackers_of_type(piece, to, pos.pieces(us, piece), pos.occupied());
  if (san.from_file >= 0) candidates &= file_bb(san.from_file);
  // A pawn move without its file is a push: "d5" must not quietly become exd5.
  else if (piece == PieceType::pawn) candidates &= file_bb(file_of(to));
  if (san.from_rank >= 0) candidates &= rank_bb(san.from_rank);
  if (!candidates) return fail(SanError::no_piece);

  MoveKind kind = MoveKind::normal;
  PieceType promotion = PieceType::knight;
  if (piece == PieceType::pawn) {
    const bool last_rank = relative_rank(us, rank_of(to)) == 7;
    if (last_rank && san.promotion == PieceType::none) return fail(SanError::missing_promotion);
    if (san.promotion == PieceType::king) return fail(SanError::bad_promotion);
    if (!last_rank && san.promotion != PieceType::none) return fail(SanError::bad_promotion);
    if (last_rank) {
      kind = MoveKind::promotion;
      promotion = san.promotion;
    } else if (to == pos.en_passant() && target == Piece::none) {
      kind = MoveKind::en_passant;
    }
  } else if (san.promotion != PieceType::none) {
    return fail(SanError::bad_promotion);
  }

  Move found;
  Bitboard legal = 0;
  for (Bitboard b = candidates; b;) {
    const Square from = pop_lsb(b);
    const Move m(from, to, kind, promotion);
    if (pos.is_legal(m)) {
      legal |= square_bb(from);
      found = m;
    }
  }
  if (!legal) return fail(SanError::leaves_king_in_check);
  if (more_than_one(legal)) return fail(SanError::ambiguous, legal);
  return SanResult{found};
}

SanResult read_san(const Position& pos, std::string_view token) {
  SanMove san;
  if (!parse_san(token, san)) return fail(SanError::syntax);
  return resolve_san(pos, san);
}

std::string describe(const Position& pos, std::string_view token, const SanResult& result) {
  const std::string text = printable(token);
  switch (result.error) {
    case SanError::none: return text;
    case SanError::syntax: return "not a move: '" + text + "'";
    case SanError::no_piece: return "illegal move " + text + ": no piece can make it";
    case SanError::leaves_king_in_check:
      return "illegal move " + text + ": it leaves the king in check";
    case SanError::missing_promotion: return "illegal move " + text + ": promotion piece missing";
    case SanError::bad_promotion: return "illegal move " + text + ": not a promotion";
    case SanError::castling_not_allowed: return "illegal move " + text + ": castling not allowed";
    case SanError::variant_rule:
      return "illegal move " + text + ": against the rules of " +
             (pos.variant() == Variant::standard ? std::string("standard chess")
                                                 : std::string(variant_name(pos.variant())));
    case SanError::ambiguous: {
      std::string list;
      SanMove san;
      parse_san(token, san);
      for (Bitboard b = result.candidates; b;) {
        const Square from = pop_lsb(b);
        SanMove one = san;
        one.from_file = std::int8_t(file_of(from));
        one.from_rank = std::int8_t(rank_of(from));
        const SanResult r = resolve_san(pos, one);
        if (!list.empty()) list += b ? ", " : " or ";
        list += r ? to_san(pos, r.move) : std::string{file_char(file_of(from)), rank_char(rank_of(from))};
      }
      return "ambiguous move " + text + ": " + list;
    }
  }
  return text;
}

std::size_t write_san(const Position& pos, Move m, char* out) {
  Position after = pos;
  after.play_unchecked(m);
  return write_san(pos, m, after, out);
}

std::size_t write_san(const Position& pos, Move m, const Position& after, char* out) {
  const std::size_t length = write_san_unmarked(pos, m, out);
  return m.is_null() ? length : std::size_t(write_check_mark(after, out + length) - out);
}

std::size_t write_san_unmarked(const Position& pos, Move m, char* out, Rivals rivals_known) {
  char* p = out;
  if (m.is_null()) {
    *p++ = '-';
    *p++ = '-';
    return 2;
  }
  const Color us = pos.side_to_move();
  const Square from = m.from(), to = m.to();
  if (m.is_drop()) {
    *p++ = piece_type_char(m.drop_piece());
    *p++ = '@';
    *p++ = file_char(file_of(to));
    *p++ = rank_char(rank_of(to));
    return std::size_t(p - out);
  }
  if (m.is_castling()) {
    const char* text = to > from ? "O-O" : "O-O-O";
    while (*text) *p++ = *text++;
  } else {
    const PieceType piece = type_of(pos.piece_on(from));
    const bool capture = pos.piece_on(to) != Piece::none || m.is_en_passant();
    if (piece == PieceType::pawn) {
      if (capture) {
        *p++ = file_char(file_of(from));
        *p++ = 'x';
      }
    } else {
      *p++ = piece_type_char(piece);
      // Other pieces of the same kind that can legally reach the square force a file,
      // then a rank, then both. (Found by the squares between them and it, not the sliding
      // attack tables, whose lookups miss the cache one move at a time.)
      Bitboard others = rivals_known == Rivals::none
                            ? 0
                            : attackers_of_type(piece, to, pos.pieces(us, piece) & ~square_bb(from),
                                                pos.occupied());
      Bitboard rivals = 0;
      for (Bitboard b = others; b;) {
        const Square s = pop_lsb(b);
        if (pos.is_legal(Move(s, to))) rivals |= square_bb(s);
      }
      if (rivals) {
        if (!(rivals & file_bb(file_of(from)))) {
          *p++ = file_char(file_of(from));
        } else if (!(rivals & rank_bb(rank_of(from)))) {
          *p++ = rank_char(rank_of(from));
        } else {
          *p++ = file_char(file_of(from));
          *p++ = rank_char(rank_of(from));
        }
      }
      if (capture) *p++ = 'x';
    }
    *p++ = file_char(file_of(to));
    *p++ = rank_char(rank_of(to));
    if (const PieceType promotion = m.promotion_piece(); promotion != PieceType::none) {
      *p++ = '=';
      *p++ = piece_type_char(promotion);
    }
  }
  return std::size_t(p - out);
}

std::string to_san(const Position& pos, Move m) {
  char buffer[kMaxSanLength];
  return std::string(buffer, write_san(pos, m, buffer));
}

}  // namespace fenkit::fen
