#include "castling_notation.hpp"

#include "bitboard.hpp"
#include "fenkit/fen/fen.hpp"

namespace fenkit::fen {

using namespace detail;

namespace {

// The rook of colour `c` on its first rank furthest from the king on the given side.
Square outermost_rook(const Position& board, Color c, Square king, CastlingSide side) {
  const Bitboard rooks = board.pieces(c, PieceType::rook) & rank_bb(rank_of(king));
  const Bitboard beyond = side == CastlingSide::king_side
                              ? rooks & ~((square_bb(king) << 1) - 1)
                              : rooks & (square_bb(king) - 1);
  if (!beyond) return no_square;
  return side == CastlingSide::king_side ? msb(beyond) : lsb(beyond);
}

}  // namespace

Problems detail::read_castling(const Setup& setup, const Position& board, CastlingRights& rights,
                               bool& chess960) {
  Problems problems;
  for (int i = 0; i < setup.castling_count; ++i) {
    const char letter = setup.castling[i];
    const bool white = letter >= 'A' && letter <= 'Z';
    const Color c = white ? Color::white : Color::black;
    const char upper = white ? letter : char(letter - 'a' + 'A');
    const Square king = board.king_square(c);
    if (king == no_square || relative_rank(c, rank_of(king)) != 0 ||
        more_than_one(board.pieces(c, PieceType::king))) {
      problems.add(Problem::castling_without_king);
      continue;
    }
    Square rook = no_square;
    CastlingSide side = CastlingSide::king_side;
    if (upper == 'K' || upper == 'Q') {
      side = upper == 'K' ? CastlingSide::king_side : CastlingSide::queen_side;
      rook = outermost_rook(board, c, king, side);
    } else {
      const Square s = make_square(upper - 'A', rank_of(king));
      if (board.piece_on(s) == make_piece(c, PieceType::rook) && s != king) {
        rook = s;
        side = file_of(s) > file_of(king) ? CastlingSide::king_side : CastlingSide::queen_side;
      }
    }
    if (rook == no_square) {
      problems.add(Problem::castling_without_rook);
      continue;
    }
    if (rights.has(c, side)) {
      problems.add(Problem::castling_duplicate);
      continue;
    }
    rights.set(c, side, rook);
    const int corner = side == CastlingSide::king_side ? 7 : 0;
    if (file_of(king) != 4 || file_of(rook) != corner) chess960 = true;
  }
  return problems;
}

std::size_t write_castling(const Position& pos, CastlingNotation notation, char* out) {
  const CastlingRights& rights = pos.castling();
  char* p = out;
  for (Color c : {Color::white, Color::black}) {
    const Square king = pos.king_square(c);
    for (CastlingSide side : {CastlingSide::king_side, CastlingSide::queen_side}) {
      if (!rights.has(c, side)) continue;
      const Square rook = rights.rook_square(c, side);
      char letter;
      if (notation == CastlingNotation::shredder)
        letter = char('A' + file_of(rook));
      else if (!pos.is_chess960() || outermost_rook(pos, c, king, side) == rook)
        letter = side == CastlingSide::king_side ? 'K' : 'Q';
      else
        letter = char('A' + file_of(rook));
      *p++ = c == Color::white ? letter : char(letter - 'A' + 'a');
    }
  }
  return std::size_t(p - out);
}

}  // namespace fenkit::fen
