// Lexical parsers shared by the FEN, EPD and PGN grammars: piece letters, squares.
//
// Written as small X3 primitive parsers with lookup tables rather than x3::symbols, because
// they sit on the hot path of every PGN move and FEN placement.
#pragma once

#include <boost/spirit/home/x3.hpp>
#include <cstring>

#include "fenkit/fen/types.hpp"

namespace fenkit::fen::grammar {

namespace x3 = boost::spirit::x3;

// The piece a FEN letter stands for, or Piece::none.
constexpr Piece piece_from_letter(char c) {
  switch (c) {
    case 'P': return Piece::white_pawn;
    case 'N': return Piece::white_knight;
    case 'B': return Piece::white_bishop;
    case 'R': return Piece::white_rook;
    case 'Q': return Piece::white_queen;
    case 'K': return Piece::white_king;
    case 'p': return Piece::black_pawn;
    case 'n': return Piece::black_knight;
    case 'b': return Piece::black_bishop;
    case 'r': return Piece::black_rook;
    case 'q': return Piece::black_queen;
    case 'k': return Piece::black_king;
    default: return Piece::none;
  }
}

// One FEN piece letter; attribute Piece.
struct PieceLetterParser : x3::parser<PieceLetterParser> {
  using attribute_type = Piece;
  static bool const has_attribute = true;

  template <typename It, typename Context, typename RContext, typename Attribute>
  bool parse(It& first, It const& last, Context const& ctx, RContext&, Attribute& attr) const {
    x3::skip_over(first, last, ctx);
    if (first == last) return false;
    const Piece p = piece_from_letter(*first);
    if (p == Piece::none) return false;
    x3::traits::move_to(p, attr);
    ++first;
    return true;
  }
};

// A square in algebraic notation, "a1" to "h8"; attribute Square.
struct SquareParser : x3::parser<SquareParser> {
  using attribute_type = Square;
  static bool const has_attribute = true;

  template <typename It, typename Context, typename RContext, typename Attribute>
  bool parse(It& first, It const& last, Context const& ctx, RContext&, Attribute& attr) const {
    x3::skip_over(first, last, ctx);
    if (last - first < 2) return false;
    const char f = first[0], r = first[1];
    if (f < 'a' || f > 'h' || r < '1' || r > '8') return false;
    x3::traits::move_to(make_square(f - 'a', r - '1'), attr);
    first += 2;
    return true;
  }
};

inline constexpr PieceLetterParser piece_letter{};
inline constexpr SquareParser square{};

}  // namespace fenkit::fen::grammar

#include "fenkit/fen/san.hpp"

namespace fenkit::fen::grammar {

// One SAN or long-algebraic move token (see san.hpp for the forms); attribute SanMove.
// It stops at the end of the move and its suffixes, so the grammar that uses it decides what
// may follow. Hand-written inside the X3 parser interface: a move is a handful of characters
// read millions of times per second, and a direct scan avoids backtracking over alternatives.
struct SanParser : x3::parser<SanParser> {
  using attribute_type = SanMove;
  static bool const has_attribute = true;

  template <typename It, typename Context, typename RContext, typename Attribute>
  bool parse(It& first, It const& last, Context const& ctx, RContext&, Attribute& attr) const {
    x3::skip_over(first, last, ctx);
    SanMove san;
    It p = first;
    if (!scan(p, last, san)) return false;
    x3::traits::move_to(san, attr);
    first = p;
    return true;
  }

  // The move with its check marks and then any annotation suffix (!, ?, !? ...).
  template <typename It>
  static bool scan(It& p, It const& last, SanMove& san) {
    if (!scan_move(p, last, san)) return false;
    while (p != last && (*p == '!' || *p == '?')) ++p;
    return true;
  }

  // The move and its check marks (+, #, ++), stopping before annotation suffixes so that a
  // PGN reader can turn those into NAGs.
  template <typename It>
  static bool scan_move(It& p, It const& last, SanMove& san) {
    // Work on a zero-padded copy of the next few bytes: no bounds checks in the scan, and no
    // SAN token (before its check marks) is longer than the copy.
    char s[24] = {};
    const std::size_t available = std::size_t(last - p);
    if (available >= 16) {
      std::memcpy(s, &*p, 16);
    } else {
      for (std::size_t i = 0; i < available; ++i) s[i] = p[i];
    }
    const int used = scan_padded(s, san);
    if (used == 0) return false;
    p += used;
    return skip_suffix(p, last);
  }

  // Scans a move in `s`: its text, then at least 8 readable bytes (what follows it, or zeros);
  // returns its length or 0.
  static int scan_padded(const char* s, SanMove& san) {
    auto is_file = [](char c) { return c >= 'a' && c <= 'h'; };
    auto is_rank = [](char c) { return c >= '1' && c <= '8'; };
    auto is_separator = [](char c) { return c == 'x' || c == '-' || c == ':'; };

    const char c0 = s[0];
    if (c0 >= '1' && c0 <= '9') return 0;  // move numbers, results: the usual non-moves
    if (c0 == 'O' || c0 == '0') {           // O-O, O-O-O, 0-0, 0-0-0
      if (s[1] != '-' || s[2] != c0) return 0;
      if (s[3] == '-' && s[4] == c0) {
        san.form = SanMove::Form::castle_queen_side;
        return 5;
      }
      san.form = SanMove::Form::castle_king_side;
      return 3;
    }
    if ((c0 == '-' && s[1] == '-') || (c0 == 'Z' && s[1] == '0')) {
      san.form = SanMove::Form::null_move;
      return 2;
    }

    int i = 0;
    switch (c0) {
      case 'N': san.piece = PieceType::knight; break;
      case 'B': san.piece = PieceType::bishop; break;
      case 'R': san.piece = PieceType::rook; break;
      case 'Q': san.piece = PieceType::queen; break;
      case 'K': san.piece = PieceType::king; break;
      case 'P': san.piece = PieceType::pawn; break;
      default: i = -1; break;
    }
    ++i;  // past the piece letter, if there was one
    san.piece_given = i == 1;

    auto take_separator = [&] {
      if (!is_separator(s[i])) return;
      if (s[i] != '-') san.capture = true;
      ++i;
    };
    auto take_square = [&](Square& sq) {
      if (!is_file(s[i]) || !is_rank(s[i + 1])) return false;
      sq = make_square(s[i] - 'a', s[i + 1] - '1');
      i += 2;
      return true;
    };

    if (s[i] == '@') {  // a Crazyhouse drop: N@f3, P@e4, @e4
      ++i;
      if (!take_square(san.to)) return 0;
      san.form = SanMove::Form::drop;
      return i;
    }
    if (is_file(s[i]) && is_rank(s[i + 1])) {
      const Square first_square = make_square(s[i] - 'a', s[i + 1] - '1');
      i += 2;
      if (is_separator(s[i]) || (is_file(s[i]) && is_rank(s[i + 1]))) {  // long algebraic
        take_separator();
        if (!take_square(san.to)) return 0;
        san.from_file = std::int8_t(file_of(first_square));
        san.from_rank = std::int8_t(rank_of(first_square));
      } else {
        san.to = first_square;
      }
    } else if (is_file(s[i])) {  // Nge2, exd5, ed5
      san.from_file = std::int8_t(s[i] - 'a');
      ++i;
      take_separator();
      if (!take_square(san.to)) return 0;
    } else if (is_rank(s[i])) {  // N1f3
      san.from_rank = std::int8_t(s[i] - '1');
      ++i;
      take_separator();
      if (!take_square(san.to)) return 0;
    } else if (is_separator(s[i]) && s[i] != '-') {  // Nxf3
      take_separator();
      if (!take_square(san.to)) return 0;
    } else {
      return 0;
    }

    // Promotion: =Q, Q, (Q), /Q, and lower-case letters. A '(' that does not hold a promotion
    // piece is no part of the move (in PGN it opens a variation: "e5(1... c5)").
    if (san.piece == PieceType::pawn) {
      const char open = s[i];
      if (open == '(') {
        const PieceType promo = promotion_piece(s[i + 1]);
        if (promo != PieceType::none && s[i + 2] == ')') {
          san.promotion = promo;
          i += 3;
        }
      } else {
        const int skip = (open == '=' || open == '/') ? 1 : 0;
        const PieceType promo = promotion_piece(s[i + skip]);
        if (promo != PieceType::none) {
          san.promotion = promo;
          i += skip + 1;
        } else if (skip) {
          return 0;
        }
      }
    }
    return i;
  }

  static PieceType promotion_piece(char c) {
    switch (c) {
      case 'Q': case 'q': return PieceType::queen;
      case 'R': case 'r': return PieceType::rook;
      case 'B': case 'b': return PieceType::bishop;
      case 'N': case 'n': return PieceType::knight;
      case 'K': case 'k': return PieceType::king;  // Antichess
      default: return PieceType::none;
    }
  }

  // Check and mate marks: + # ++
  template <typename It>
  static bool skip_suffix(It& p, It const& last) {
    while (p != last && (*p == '+' || *p == '#')) ++p;
    return true;
  }
};

inline constexpr SanParser san{};

}  // namespace fenkit::fen::grammar
