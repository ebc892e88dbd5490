// The PGN grammar's primitive parsers: blanks, tag values and move tokens.
#pragma once

#include <array>
#include <boost/spirit/home/x3.hpp>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <type_traits>

#include "fenkit/fen/grammar/common.hpp"

namespace fenkit::pgn::grammar {

namespace x3 = boost::spirit::x3;

// Character classes: 1 blank or line end (also ^Z, which DOS-era files end with, and the
// Latin-1 no-break space), 2 other characters that end a token in movetext.
inline constexpr auto kPgnCharClass = [] {
  std::array<std::uint8_t, 256> t{};
  for (unsigned char c : {' ', '\t', '\r', '\n', '\f', '\v', '\x1a', '\xA0'}) t[c] = 1;
  for (unsigned char c : {'{', '}', '(', ')', ';', '$'}) t[c] = 2;
  return t;
}();

constexpr bool is_pgn_space(char c) { return kPgnCharClass[static_cast<unsigned char>(c)] == 1; }
constexpr bool is_token_end(char c) { return kPgnCharClass[static_cast<unsigned char>(c)] != 0; }

// A UTF-8 no-break space (text copied from web pages puts them between moves).
template <typename It>
bool is_utf8_no_break_space(It p, It const& last) {
  return *p == '\xC2' && p + 1 != last && p[1] == '\xA0';
}
// Whether a token ends at `p`.
template <typename It>
bool at_token_end(It p, It const& last) {
  return p == last || is_token_end(*p) || is_utf8_no_break_space(p, last);
}

// What lies between tokens: blanks, line ends, and '%' escape lines (a '%' that starts a
// line). A game never starts with '%' (the scanner leaves those lines between games), so
// looking one byte back is always inside the buffer. Returns the first byte after them.
template <typename It>
It skip_spaces(It p, It const& last) {
  for (;;) {
    while (p != last) {
      if (is_pgn_space(*p))
        ++p;
      else if (is_utf8_no_break_space(p, last))
        p += 2;
      else
        break;
    }
    if (p != last && *p == '%' && p[-1] == '\n') {
      while (p != last && *p != '\n') ++p;
      continue;
    }
    return p;
  }
}

// The same as the skipper of the X3 rules.
struct SpaceParser : x3::parser<SpaceParser> {
  using attribute_type = x3::unused_type;
  static bool const has_attribute = false;

  template <typename It, typename Context, typename RContext, typename Attribute>
  bool parse(It& first, It const& last, Context const&, RContext&, Attribute&) const {
    const It p = skip_spaces(first, last);
    if (p == first) return false;
    first = p;
    return true;
  }
};

struct TagValue {
  std::string_view raw;      // between the quotes, escapes as written
  bool unclosed = false;     // the closing quote was missing
};

// A quoted tag value. It ends at a quote followed by optional blanks and ']', so unescaped
// quotes inside survive; a value whose closing quote is missing ends before the last ']' of
// its line (and says so).
struct TagValueParser : x3::parser<TagValueParser> {
  using attribute_type = TagValue;
  static bool const has_attribute = true;

  template <typename It, typename Context, typename RContext, typename Attribute>
  bool parse(It& first, It const& last, Context const& ctx, RContext&, Attribute& attr) const {
    x3::skip_over(first, last, ctx);
    if (first == last || *first != '"') return false;
    It last_bracket = last;
    bool other_quote = false;
    It p = first + 1;
    for (; p != last && *p != '\n'; ++p) {
      if (*p == ']') last_bracket = p;
      if (*p == '\\' && p + 1 != last && p[1] != '\n') {
        ++p;
        continue;
      }
      if (*p != '"') continue;
      other_quote = true;
      It q = p + 1;
      while (q != last && (*q == ' ' || *q == '\t')) ++q;
      if (q == last || *q != ']') continue;
      x3::traits::move_to(TagValue{std::string_view(&*(first + 1), std::size_t(p - first - 1)), false},
                          attr);
      first = p + 1;
      return true;
    }
    // Only a value without any further quote is taken as merely unclosed.
    if (last_bracket == last || other_quote) return false;
    x3::traits::move_to(
        TagValue{std::string_view(&*(first + 1), std::size_t(last_bracket - first - 1)), true}, attr);
    first = last_bracket;
    return true;
  }
};

// A tag name, as a view. The standard allows letters, digits and '_'; real files use more, so
// anything up to a blank, quote or bracket is taken.
struct TagNameParser : x3::parser<TagNameParser> {
  using attribute_type = std::string_view;
  static bool const has_attribute = true;

  template <typename It, typename Context, typename RContext, typename Attribute>
  bool parse(It& first, It const& last, Context const& ctx, RContext&, Attribute& attr) const {
    x3::skip_over(first, last, ctx);
    It p = first;
    while (p != last && !is_pgn_space(*p) && *p != '"' && *p != '[' && *p != ']') ++p;
    if (p == first) return false;
    x3::traits::move_to(std::string_view(&*first, std::size_t(p - first)), attr);
    first = p;
    return true;
  }
};

// One given character, as a view (so that actions know where it stood).
template <char C>
struct CharViewParser : x3::parser<CharViewParser<C>> {
  using attribute_type = std::string_view;
  static bool const has_attribute = true;

  template <typename It, typename Context, typename RContext, typename Attribute>
  bool parse(It& first, It const& last, Context const& ctx, RContext&, Attribute& attr) const {
    x3::skip_over(first, last, ctx);
    if (first == last || *first != C) return false;
    x3::traits::move_to(std::string_view(&*first, 1), attr);
    ++first;
    return true;
  }
};

inline constexpr SpaceParser space{};
inline constexpr TagNameParser tag_name{};
inline constexpr CharViewParser<'['> open_bracket{};
inline constexpr TagValueParser tag_value{};

}  // namespace fenkit::pgn::grammar

#include "byte_search.hpp"
#include "game_scanner.hpp"

namespace fenkit::pgn::grammar {

// One movetext token, classified by its first character.
struct Token {
  enum class Kind : std::uint8_t {
    move,            // SAN, long algebraic, castling or a null move (`san` holds it)
    move_number,     // 12. 12... 12…
    result,          // 1-0 0-1 1/2-1/2 * (and 1/2, ½-½)
    nag,             // $n (`nag` holds n, or more than 255)
    suffix,          // ! ? !! ?? !? ?!
    comment,         // {...} or ;... (text without the markers)
    open_variation,  // (
    close_variation, // )
    ignorable,       // "..." after a move number, "e.p.", a detached + or #
    unclosed_comment,  // { without }
    bad,             // anything else, up to the next token end
  };
  Kind kind = Kind::bad;
  std::string_view text;  // the token as written (for comments: the inside)
  fen::SanMove san;
  unsigned nag = 0;
};

// The movetext tokenizer: it looks at the first character and reads the one kind of token that
// can start with it (trying token rules as alternatives one by one cost most of the reading
// time). The game parser calls it in a plain loop: the movetext is a flat sequence of tokens,
// and a rule engine around it only cost time.
struct MovetextTokenizer {
  using Kind = Token::Kind;

  // Reads the token at `first` (not a blank: see skip_spaces) into `token`, which must be
  // value-initialised, and moves `first` past it.
  template <typename It>
  static void read_token(It& first, It const& last, Token& token) {
    It p = first;
    read(p, last, token);
    if (token.text.empty() && token.kind != Token::Kind::comment)
      token.text = std::string_view(&*first, std::size_t(p - first));
    first = p;
  }

  template <typename It>
  static void read(It& p, It const& last, Token& token) {
    const It start = p;
    const char c = *p;
    switch (c) {
      case '{': {
        const char* found = detail::find_byte(&*(p + 1), &*p + (last - p), '}');
        const It close = p + (found - &*p);
        if (close == last) {
          token.kind = Kind::unclosed_comment;
          p = last;
          return;
        }
        token.kind = Kind::comment;
        token.text = std::string_view(&*(p + 1), std::size_t(close - p - 1));
        p = close + 1;
        return;
      }
      case ';': {
        It eol = p + 1;
        while (eol != last && *eol != '\n') ++eol;
        token.kind = Kind::comment;
        token.text = std::string_view(&*(p + 1), std::size_t(eol - p - 1));
        p = eol;
        return;
      }
      case '(': token.kind = Kind::open_variation; ++p; return;
      case ')': token.kind = Kind::close_variation; ++p; return;
      case '$': {
        It q = p + 1;
        unsigned value = 0;
        while (q != last && *q >= '0' && *q <= '9') {
          value = value > 1000 ? value : value * 10 + unsigned(*q - '0');
          ++q;
        }
        if (q == p + 1) break;
        token.kind = Kind::nag;
        token.nag = value;
        p = q;
        return;
      }
      case '!':
      case '?':
        while (p != last && (*p == '!' || *p == '?')) ++p;
        token.kind = Kind::suffix;
        return;
      case '+':
      case '#':
        while (p != last && (*p == '+' || *p == '#')) ++p;
        token.kind = Kind::ignorable;  // a check mark set apart from its move
        return;
      case '.':
        while (p != last && *p == '.') ++p;
        token.kind = Kind::ignorable;
        return;
      case '*':
      case '\xC2':
        if (const std::size_t n = detail::result_length(&*p, &*p + (last - p))) {
          token.kind = Kind::result;
          p += n;
          return;
        }
        break;
      case '\xE2':  // "…" after a move number written apart
        if (last - p >= 3 && p[1] == '\x80' && p[2] == '\xA6') {
          p += 3;
          token.kind = Kind::ignorable;
          return;
        }
        break;
      default:
        if (c >= '0' && c <= '9') {
          if (const std::size_t n = detail::result_length(&*p, &*p + (last - p))) {
            token.kind = Kind::result;
            p += n;
            return;
          }
          if (c == '0' && read_move(p, last, token)) return;  // 0-0, 0-0-0
          It q = p;
          while (q != last && *q >= '0' && *q <= '9') ++q;
          for (;;) {  // "12." "12..." "12…"
            if (q != last && *q == '.') {
              ++q;
            } else if (last - q >= 3 && q[0] == '\xE2' && q[1] == '\x80' && q[2] == '\xA6') {
              q += 3;
            } else {
              break;
            }
          }
          if (at_token_end(q, last) || is_move_start(*q)) {
            token.kind = Kind::move_number;
            p = q;
            return;
          }
          break;
        }
        if (read_move(p, last, token)) return;
        if (last - p >= 4 && std::string_view(&*p, 4) == "e.p.") {
          p += 4;
          token.kind = Kind::ignorable;
          return;
        }
        break;
    }
    // Not a token of PGN: take everything up to the next token end.
    p = start;
    while (p != last && !is_pgn_space(*p) && !is_utf8_no_break_space(p, last) && *p != '{' &&
           *p != '(' && *p != ')' && *p != ';')
      ++p;
    token.kind = Kind::bad;
  }

  // The two shapes of most moves, a pawn push ("e4") or a piece moving ("Nf3"), followed by a
  // blank: read without the general scan, which weighs every form SAN and LAN allow.
  template <typename It>
  static bool read_plain_move(It& p, It const& last, Token& token) {
    if (last - p < 4) return false;
    const auto file = [](char c) { return c >= 'a' && c <= 'h'; };
    const auto rank = [](char c) { return c >= '1' && c <= '8'; };
    int n = 0;
    fen::PieceType piece = fen::PieceType::pawn;
    if (file(p[0]) && rank(p[1]) && is_pgn_space(p[2])) {
      n = 2;
    } else if (file(p[1]) && rank(p[2]) && is_pgn_space(p[3])) {
      switch (p[0]) {
        case 'N': piece = fen::PieceType::knight; break;
        case 'B': piece = fen::PieceType::bishop; break;
        case 'R': piece = fen::PieceType::rook; break;
        case 'Q': piece = fen::PieceType::queen; break;
        case 'K': piece = fen::PieceType::king; break;
        default: return false;
      }
      n = 3;
    } else {
      return false;
    }
    token.san.piece = piece;
    token.san.piece_given = n == 3;
    token.san.to = fen::make_square(p[n - 2] - 'a', p[n - 1] - '1');
    token.kind = Kind::move;
    token.text = std::string_view(&*p, std::size_t(n));
    p += n;
    return true;
  }

 private:
  static constexpr bool is_move_start(char c) {
    return (c >= 'a' && c <= 'h') || c == 'N' || c == 'B' || c == 'R' || c == 'Q' || c == 'K' ||
           c == 'O' || c == 'P' || c == '0' || c == 'Z' || c == '-';
  }

  // A move with its check marks; an en-passant mark glued to it ("dxc6ep", "dxc6e.p.") and
  // stray dots after it ("f5.") are taken along. The token must end there (or go on with an
  // annotation suffix): "Nf3x" is not a move.
  template <typename It>
  static bool read_move(It& p, It const& last, Token& token) {
    if (read_plain_move(p, last, token)) return true;
    It q = p;
    if (!fen::grammar::SanParser::scan_move(q, last, token.san)) return false;
    if (token.san.capture || token.san.from_file >= 0) {
      if (last - q >= 4 && std::string_view(&*q, 4) == "e.p.") q += 4;
      else if (last - q >= 2 && q[0] == 'e' && q[1] == 'p') q += 2;
    }
    It end = q;
    while (end != last && *end == '.') ++end;
    if (!at_token_end(end, last) && *end != '!' && *end != '?') return false;
    token.kind = Kind::move;
    token.text = std::string_view(&*p, std::size_t(q - p));
    p = end;
    return true;
  }
};


}  // namespace fenkit::pgn::grammar
