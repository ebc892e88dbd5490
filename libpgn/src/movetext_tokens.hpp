// The tokens inside a raw movetext token (internal).
//
// The lexer (game_lexer.hpp) cuts movetext at delimiters (blanks, line ends, braces,
// parentheses, ';'), which is all that game boundaries depend on. What one such raw token
// holds is read here: often one token ("e4", "12."), sometimes several written together
// ("12.e4", "Nf3!?", "e4$1", "23...Nf6+"). A token never reaches past a delimiter, but for the
// parenthesised promotion "e8(Q)", whose parentheses leave the variation depth as it was.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <string_view>

#include "fenkit/fen/grammar/common.hpp"
#include "fenkit/fen/san.hpp"
#include "game_boundaries.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace fenkit::pgn::detail {

struct MovetextToken {
  enum class Kind : std::uint8_t {
    move,         // SAN, long algebraic, castling or a null move (`san` holds it)
    move_number,  // 12. 12... 12…
    result,       // 1-0 0-1 1/2-1/2 * (and 1/2, ½-½), in a variation or against an annotation
    nag,          // $n (`nag` holds n, or more than 255)
    suffix,       // ! ? !! ?? !? ?!
    ignorable,    // "..." after a move number, "e.p.", a detached + or #
    bad,          // anything else, up to the raw token's end
  };
  Kind kind = Kind::bad;
  std::string_view text;  // the token as written
  fen::SanMove san;
  unsigned nag = 0;
};

// Whether a UTF-8 no-break space (text copied from web pages puts them between moves) starts
// at `p`; it ends a raw token as its second byte is a delimiter.
inline bool is_utf8_no_break_space(const char* p, const char* end) {
  return *p == '\xC2' && end - p >= 2 && p[1] == '\xA0';
}

// Whether a token read inside a raw token ends at `p`: at the raw token's end, a no-break
// space, or a NAG's '$'.
inline bool at_token_end(const char* p, const char* end) {
  return p == end || is_delimiter(*p) || *p == '$' || is_utf8_no_break_space(p, end);
}

// What a byte may be in a move, as flags.
enum SanFlag : std::uint8_t {
  kFile = 1,       // a-h
  kRank = 2,       // 1-8
  kPiece = 4,      // N B R Q K
  kMoveStart = 8,  // what a move may begin with: a file, a piece letter (P too), O 0 Z -, @
};

inline constexpr auto kSanFlags = [] {
  std::array<std::uint8_t, 256> t{};
  for (unsigned char c = 'a'; c <= 'h'; ++c) t[c] |= kFile | kMoveStart;
  for (unsigned char c = '1'; c <= '8'; ++c) t[c] |= kRank;
  for (unsigned char c : {'N', 'B', 'R', 'Q', 'K'}) t[c] |= kPiece | kMoveStart;
  for (unsigned char c : {'P', 'O', '0', 'Z', '-', '@'}) t[c] |= kMoveStart;
  return t;
}();

constexpr std::uint8_t san_flags(char c) { return kSanFlags[static_cast<unsigned char>(c)]; }
constexpr bool is_move_start(char c) { return san_flags(c) & kMoveStart; }

class MovetextTokenReader {
 public:
  using Kind = MovetextToken::Kind;

  // Reads the token at `p` (inside a raw token: not a delimiter) into `token`, which must be
  // value-initialised, and returns the position after it.
  static const char* read(const char* p, const char* end, MovetextToken& token) {
    const char* q = read_kind(p, end, token);
    if (token.text.empty()) token.text = std::string_view(p, std::size_t(q - p));
    return q;
  }

  // The shapes nearly all moves of real games have, read without the general scan (which weighs
  // every form SAN and long algebraic allow): a pawn push or capture ("e4", "exd5"), a piece
  // move or capture with or without a disambiguating file or rank ("Nf3", "Nxe5", "Nbd7",
  // "R1xe2"), castling with letters ("O-O", "O-O-O"), each with check marks. Returns the
  // position after the move, or null for anything else (promotions, long algebraic, "e.p."
  // marks, digits for castling), which the general scan reads. Needs 8 readable bytes at `p`;
  // what follows the move is the caller's to check.
  [[gnu::always_inline]] static const char* read_common_move(const char* p, fen::SanMove& san) {
    int i;
    const std::uint8_t f0 = san_flags(p[0]);
    if (f0 & kFile) {
      if (san_flags(p[1]) & kRank) {  // e4
        san.to = square(p[0], p[1]);
        i = 2;
      } else if (p[1] == 'x' && (san_flags(p[2]) & kFile) && (san_flags(p[3]) & kRank)) {  // exd5
        san.from_file = std::int8_t(p[0] - 'a');
        san.capture = true;
        san.to = square(p[2], p[3]);
        i = 4;
      } else {
        return nullptr;
      }
      // A pawn reaching the last rank promotes: left to the general scan.
      if (p[i - 1] == '1' || p[i - 1] == '8') return nullptr;
    } else if (f0 & kPiece) {
      san.piece = kPieceOf[static_cast<unsigned char>(p[0])];
      san.piece_given = true;
      const std::uint8_t f1 = san_flags(p[1]);
      if ((f1 & kFile) && (san_flags(p[2]) & kRank)) {
        if ((san_flags(p[3]) & kFile) || p[3] == '-' || p[3] == 'x') return nullptr;  // Ng1f3
        san.to = square(p[1], p[2]);  // Nf3
        i = 3;
      } else {
        i = 1;
        if (f1 & kFile) {  // Nbd7, Nbxd7
          san.from_file = std::int8_t(p[1] - 'a');
          i = 2;
        } else if (f1 & kRank) {  // R1e2, R1xe2
          san.from_rank = std::int8_t(p[1] - '1');
          i = 2;
        }
        if (p[i] == 'x') {
          san.capture = true;
          ++i;
        }
        if (!(san_flags(p[i]) & kFile) || !(san_flags(p[i + 1]) & kRank)) return nullptr;
        san.to = square(p[i], p[i + 1]);
        i += 2;
      }
    } else if (p[0] == 'O' && p[1] == '-' && p[2] == 'O') {
      if (p[3] == '-' && p[4] == 'O') {
        san.form = fen::SanMove::Form::castle_queen_side;
        i = 5;
      } else {
        san.form = fen::SanMove::Form::castle_king_side;
        i = 3;
      }
    } else {
      return nullptr;
    }
    while (p[i] == '+' || p[i] == '#') {
      if (++i == 8) return nullptr;
    }
    return p + i;
  }

  // read_common_move for a whole token: the move must end where the raw token does, or at an
  // annotation ("Nf3!", "e4$1").
  static const char* read_common_move(const char* p, const char* end, MovetextToken& token) {
    if (end - p < 8) return nullptr;
    const char* q = read_common_move(p, token.san);
    if (!q || !(at_token_end(q, end) || *q == '!' || *q == '?')) return nullptr;
    token.kind = Kind::move;
    token.text = std::string_view(p, std::size_t(q - p));
    return q;
  }

  // `q`, past a move number's dots, when what follows lets it be one: the text's end, a
  // delimiter or a move written on to it; else null.
  [[gnu::always_inline]] static const char* after_move_number(const char* q, const char* end) {
    return q == end || is_delimiter(*q) || is_move_start(*q) ? q : nullptr;
  }

#if defined(__SSE2__)
  // Which of the sixteen bytes at `p` are digits, and which dots (bit i: byte i).
  struct NumberMasks {
    unsigned digits;
    unsigned dots;
  };
  [[gnu::always_inline]] static NumberMasks number_masks(const char* p) {
    const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    // Signed bytes: those of 0x80 and above are below '0', so never digits.
    const __m128i digits = _mm_and_si128(_mm_cmpgt_epi8(block, _mm_set1_epi8('0' - 1)),
                                         _mm_cmplt_epi8(block, _mm_set1_epi8('9' + 1)));
    const __m128i dots = _mm_cmpeq_epi8(block, _mm_set1_epi8('.'));
    return NumberMasks{unsigned(_mm_movemask_epi8(digits)), unsigned(_mm_movemask_epi8(dots))};
  }
#endif

  // The digits and dots of a move number, as the last ones of its kind were written.
  struct MoveNumberShape {
    std::uint8_t digits = 1;
    std::uint8_t dots = 1;
  };

  // read_move_number, for a number expected to have the shape `shape` (16 readable bytes at
  // `p`). When it has, where it ends is known before its bytes are counted: what follows is
  // read without waiting for them, and the test that confirms the guess is a branch, which is
  // predicted. In a lichess export the numbers alternate between White's ("12.") and Black's
  // ("12..."), so the caller keeps one shape for each and uses them in turn. A number of
  // another shape is read as read_move_number reads it, and its shape kept for the next.
  [[gnu::always_inline]] static const char* read_move_number(const char* p, const char* end,
                                                             MoveNumberShape& shape) {
#if defined(__SSE2__)
    const unsigned length = unsigned(shape.digits) + shape.dots;  // 2 to 15
    const NumberMasks masks = number_masks(p);
    // The shape's bytes and the one after them: digits, then dots, then neither.
    const unsigned seen = (2U << length) - 1;
    const unsigned shape_digits = (1U << shape.digits) - 1;
    if ((masks.digits & seen) == shape_digits && (masks.dots & seen) == (seen >> 1 & ~shape_digits))
      return after_move_number(p + length, end);
    const char* q = read_move_number(p, end);
    if (q) {
      const auto n = unsigned(std::countr_one(masks.digits));
      const auto m = unsigned(q - p) - n;
      // A shape that fits the test above (no more than 15 bytes); a longer one is not kept.
      if (n + m < 16) shape = MoveNumberShape{std::uint8_t(n), std::uint8_t(m)};
    }
    return q;
#else
    return read_move_number(p, end);
#endif
  }

  // A move number followed by its dots ("12.", "12..."), then the raw token's end or the move
  // written on to it ("12.e4"): the position after the dots, or null. Inlined by force, as
  // GameParser::move is, into the lexer's movetext loops.
  [[gnu::always_inline]] static const char* read_move_number(const char* p, const char* end) {
    const char* q = p;
#if defined(__SSE2__)
    // Sixteen bytes at a look, where there are: the digits and then the dots are counted from
    // bit masks, with no loop whose length changes from one number to the next ("9." "10."
    // "10...": a lichess export has one before nearly every move, and those loops' exits were
    // mispredicted).
    if (end - p >= 16) {
      const auto [digits, dots] = number_masks(p);
      const unsigned n = unsigned(std::countr_one(digits));
      if (n == 0) return nullptr;
      if (n < 16) {
        if (!(dots >> n & 1)) return nullptr;
        const unsigned m = unsigned(std::countr_one(dots >> n));
        if (n + m < 16) return after_move_number(p + n + m, end);
      }
      // Sixteen bytes of digits and dots: counted one by one below.
    }
#endif
    while (q != end && *q >= '0' && *q <= '9') ++q;
    if (q == p || q == end || *q != '.') return nullptr;
    while (q != end && *q == '.') ++q;
    return after_move_number(q, end);
  }

 private:
  static constexpr fen::Square square(char file, char rank) {
    return fen::make_square(file - 'a', rank - '1');
  }
  static constexpr auto kPieceOf = [] {
    std::array<fen::PieceType, 256> t{};
    t.fill(fen::PieceType::none);
    t['N'] = fen::PieceType::knight;
    t['B'] = fen::PieceType::bishop;
    t['R'] = fen::PieceType::rook;
    t['Q'] = fen::PieceType::queen;
    t['K'] = fen::PieceType::king;
    return t;
  }();

  static const char* read_kind(const char* p, const char* end, MovetextToken& token) {
    const char c = *p;
    switch (c) {
      case '$': {
        const char* q = p + 1;
        unsigned value = 0;
        while (q != end && *q >= '0' && *q <= '9') {
          value = value > 1000 ? value : value * 10 + unsigned(*q - '0');
          ++q;
        }
        if (q == p + 1) break;
        token.kind = Kind::nag;
        token.nag = value;
        return q;
      }
      case '!':
      case '?': {
        const char* q = p;
        while (q != end && (*q == '!' || *q == '?')) ++q;
        token.kind = Kind::suffix;
        return q;
      }
      case '+':
      case '#': {
        const char* q = p;
        while (q != end && (*q == '+' || *q == '#')) ++q;
        token.kind = Kind::ignorable;  // a check mark set apart from its move
        return q;
      }
      case '.': {
        const char* q = p;
        while (q != end && *q == '.') ++q;
        token.kind = Kind::ignorable;
        return q;
      }
      case '*':
      case '\xC2':
        if (const std::size_t n = result_length(p, end)) {
          token.kind = Kind::result;
          return p + n;
        }
        break;
      case '\xE2':  // "…" after a move number written apart
        if (end - p >= 3 && p[1] == '\x80' && p[2] == '\xA6') {
          token.kind = Kind::ignorable;
          return p + 3;
        }
        break;
      default:
        if (c >= '0' && c <= '9') {
          if (const std::size_t n = result_length(p, end)) {
            token.kind = Kind::result;
            return p + n;
          }
          if (c == '0') {  // 0-0, 0-0-0
            if (const char* q = read_move(p, end, token)) return q;
          }
          const char* q = p;
          while (q != end && *q >= '0' && *q <= '9') ++q;
          for (;;) {  // "12." "12..." "12…"
            if (q != end && *q == '.') {
              ++q;
            } else if (end - q >= 3 && q[0] == '\xE2' && q[1] == '\x80' && q[2] == '\xA6') {
              q += 3;
            } else {
              break;
            }
          }
          if (at_token_end(q, end) || is_move_start(*q)) {
            token.kind = Kind::move_number;
            return q;
          }
          break;
        }
        if (const char* q = read_move(p, end, token)) return q;
        if (end - p >= 4 && std::string_view(p, 4) == "e.p.") {
          token.kind = Kind::ignorable;
          return p + 4;
        }
        break;
    }
    // Not a token of PGN: everything up to the raw token's end.
    const char* q = p;
    while (q != end && !is_delimiter(*q) && !is_utf8_no_break_space(q, end)) ++q;
    token.kind = Kind::bad;
    return q;
  }

  // A move with its check marks; an en-passant mark glued to it ("dxc6ep", "dxc6e.p.") and
  // stray dots after it ("f5.") are taken along. The token must end there (or go on with an
  // annotation suffix): "Nf3x" is not a move. Returns the position after it, or null.
  static const char* read_move(const char* p, const char* end, MovetextToken& token) {
    if (const char* q = read_common_move(p, end, token)) return q;
    const char* q = p;
    if (!fen::grammar::SanParser::scan_move(q, end, token.san)) return nullptr;
    if (token.san.capture || token.san.from_file >= 0) {
      if (end - q >= 4 && std::string_view(q, 4) == "e.p.") q += 4;
      else if (end - q >= 2 && q[0] == 'e' && q[1] == 'p') q += 2;
    }
    const char* after = q;
    while (after != end && *after == '.') ++after;
    if (!at_token_end(after, end) && *after != '!' && *after != '?') return nullptr;
    token.kind = Kind::move;
    token.text = std::string_view(p, std::size_t(q - p));
    return after;
  }
};

}  // namespace fenkit::pgn::detail
