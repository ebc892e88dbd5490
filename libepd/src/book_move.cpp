#include "fenkit/epd/book_move.hpp"

#include "fenkit/fen/movegen.hpp"

namespace fenkit::epd {

namespace {

using fen::Move;
using fen::PieceType;
using fen::Square;

// Book promotion codes 1-4 are knight, bishop, rook, queen: PieceType's order plus one.
constexpr int kPromotionShift = 12;

int promotion_code(Move m) { return m.is_promotion() ? fen::index_of(m.promotion()) : 0; }

}  // namespace

std::uint16_t encode_book_move(Move move) {
  // fenkit's castling moves already go from the king to the rook, as the book wants.
  return std::uint16_t(move.to() | (move.from() << 6) | (promotion_code(move) << kPromotionShift));
}

Move decode_book_move(const fen::Position& pos, std::uint16_t code) {
  if (code == 0) return Move::none();
  const Square to = Square(code & 63);
  const Square from = Square((code >> 6) & 63);
  const int promotion = (code >> kPromotionShift) & 7;
  fen::MoveList legal;
  fen::generate_legal(pos, legal);
  for (Move m : legal)
    if (m.from() == from && m.to() == to && promotion_code(m) == promotion) return m;
  return Move::none();
}

std::string book_move_text(std::uint16_t code) {
  std::string text;
  for (const int square : {(code >> 6) & 63, code & 63}) {
    text += fen::file_char(square & 7);
    text += fen::rank_char(square >> 3);
  }
  const int promotion = (code >> kPromotionShift) & 7;
  if (promotion) text += "?nbrq???"[promotion];
  return text;
}

bool has_ambiguous_castling_key(const fen::Position& pos) {
  if (!pos.is_chess960()) return false;
  const fen::CastlingRights& rights = pos.castling();
  for (const fen::Color c : {fen::Color::white, fen::Color::black}) {
    const fen::Bitboard rooks = pos.pieces(c, PieceType::rook);
    for (const fen::CastlingSide side :
         {fen::CastlingSide::king_side, fen::CastlingSide::queen_side}) {
      if (!rights.has(c, side)) continue;
      const Square rook = rights.rook_square(c, side);
      const int rank = fen::rank_of(rook);
      // Another rook nearer the corner on the same side makes this one an inner rook.
      const bool king_side = side == fen::CastlingSide::king_side;
      for (int file = fen::file_of(rook) + (king_side ? 1 : -1); file >= 0 && file < 8;
           file += king_side ? 1 : -1)
        if (rooks & fen::square_bb(fen::make_square(file, rank))) return true;
    }
  }
  return false;
}

}  // namespace fenkit::epd
