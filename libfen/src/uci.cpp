// UCI and long algebraic notation.
#include "fenkit/fen/uci.hpp"

#include "fenkit/fen/movegen.hpp"
#include "fenkit/fen/san.hpp"

namespace fenkit::fen {

namespace {

// Where the king ends up: the g- or c-file of its rank.
Square castling_king_target(Move m) {
  const Square from = m.from(), to = m.to();
  return make_square(to > from ? 6 : 2, rank_of(from));
}

char promotion_letter(PieceType t) { return "pnbrqk"[index_of(t)]; }

}  // namespace

std::size_t write_uci(Move m, char* out, const UciOptions& options) {
  if (m.is_null() || m.is_none()) {
    for (int i = 0; i < 4; ++i) out[i] = '0';
    return 4;
  }
  char* p = out;
  if (m.is_drop()) {  // P@e4, N@f3: upper case, as UCI engines for Crazyhouse write drops
    *p++ = piece_type_char(m.drop_piece());
    *p++ = '@';
    *p++ = file_char(file_of(m.to()));
    *p++ = rank_char(rank_of(m.to()));
    return 4;
  }
  const Square from = m.from();
  const Square to = m.is_castling() && !options.king_takes_rook ? castling_king_target(m) : m.to();
  *p++ = file_char(file_of(from));
  *p++ = rank_char(rank_of(from));
  *p++ = file_char(file_of(to));
  *p++ = rank_char(rank_of(to));
  if (const PieceType promotion = m.promotion_piece(); promotion != PieceType::none)
    *p++ = promotion_letter(promotion);
  return std::size_t(p - out);
}

std::string to_uci(Move m, const UciOptions& options) {
  char buffer[kMaxUciLength];
  return std::string(buffer, write_uci(m, buffer, options));
}

std::size_t write_uci(const Position& pos, Move m, char* out) {
  return write_uci(m, out, {.king_takes_rook = pos.is_chess960()});
}

std::string to_uci(const Position& pos, Move m) {
  char buffer[kMaxUciLength];
  return std::string(buffer, write_uci(pos, m, buffer));
}

Move read_uci(const Position& pos, std::string_view text) {
  if (text == "0000") return Move::null();
  if (text.size() < 4 || text.size() > 5) return Move::none();
  auto square_at = [&](std::size_t i) {
    const char f = text[i], r = text[i + 1];
    if (f < 'a' || f > 'h' || r < '1' || r > '8') return no_square;
    return make_square(f - 'a', r - '1');
  };
  if (text.size() == 4 && text[1] == '@') {  // a drop: N@f3, P@e4 (either case)
    const Square to = square_at(2);
    PieceType piece = PieceType::none;
    switch (text[0] | 0x20) {
      case 'p': piece = PieceType::pawn; break;
      case 'n': piece = PieceType::knight; break;
      case 'b': piece = PieceType::bishop; break;
      case 'r': piece = PieceType::rook; break;
      case 'q': piece = PieceType::queen; break;
      default: return Move::none();
    }
    const Move drop = Move::drop(piece, to);
    return to != no_square && pos.is_legal_move(drop) ? drop : Move::none();
  }
  const Square from = square_at(0), to = square_at(2);
  if (from == no_square || to == no_square) return Move::none();
  PieceType promotion = PieceType::none;
  if (text.size() == 5) {
    // UCI writes the letter in lower case; pgn-extract -Wuci and some GUIs write it in upper case.
    switch (text[4]) {
      case 'q': case 'Q': promotion = PieceType::queen; break;
      case 'r': case 'R': promotion = PieceType::rook; break;
      case 'b': case 'B': promotion = PieceType::bishop; break;
      case 'n': case 'N': promotion = PieceType::knight; break;
      case 'k': case 'K': promotion = PieceType::king; break;  // Antichess
      default: return Move::none();
    }
  }
  MoveList legal;
  generate_legal(pos, legal);
  for (Move m : legal) {
    if (m.from() != from || m.is_drop()) continue;
    if (m.promotion_piece() != promotion) continue;
    // Castling matches both the king-takes-rook form and, outside Chess960, the two-step.
    const bool match = m.to() == to ||
                       (m.is_castling() && !pos.is_chess960() && castling_king_target(m) == to);
    if (match) return m;
  }
  return Move::none();
}

std::size_t write_lan(const Position& pos, Move m, char* out) {
  if (m.is_null() || m.is_castling() || m.is_drop()) return write_san(pos, m, out);
  char* p = out;
  const Square from = m.from(), to = m.to();
  const PieceType piece = type_of(pos.piece_on(from));
  if (piece != PieceType::pawn) *p++ = piece_type_char(piece);
  *p++ = file_char(file_of(from));
  *p++ = rank_char(rank_of(from));
  *p++ = pos.piece_on(to) != Piece::none || m.is_en_passant() ? 'x' : '-';
  *p++ = file_char(file_of(to));
  *p++ = rank_char(rank_of(to));
  if (const PieceType promotion = m.promotion_piece(); promotion != PieceType::none) {
    *p++ = '=';
    *p++ = piece_type_char(promotion);
  }
  Position next = pos;
  next.play_unchecked(m);
  return std::size_t(write_check_mark(next, p) - out);
}

std::string to_lan(const Position& pos, Move m) {
  char buffer[kMaxSanLength];
  return std::string(buffer, write_lan(pos, m, buffer));
}

}  // namespace fenkit::fen
