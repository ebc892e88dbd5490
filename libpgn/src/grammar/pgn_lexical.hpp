// The PGN grammar's primitive parsers: blanks, tag values and move tokens.
#pragma once

#include <boost/spirit/home/x3.hpp>
#include <string_view>

#include "fenkit/fen/grammar/common.hpp"

namespace fenkit::pgn::grammar {

namespace x3 = boost::spirit::x3;

// Blanks and line ends; also ^Z, which DOS-era files end with.
constexpr bool is_pgn_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v' || c == '\x1a';
}
// Characters that end a token in movetext.
constexpr bool is_token_end(char c) {
  return is_pgn_space(c) || c == '{' || c == '}' || c == '(' || c == ')' || c == ';' || c == '$';
}

// The skipper: blanks, line ends, and '%' escape lines (a '%' that starts a line).
// A game never starts with '%' (the scanner leaves those lines between games), so looking one
// byte back is always inside the buffer.
struct SpaceParser : x3::parser<SpaceParser> {
  using attribute_type = x3::unused_type;
  static bool const has_attribute = false;

  template <typename It, typename Context, typename RContext, typename Attribute>
  bool parse(It& first, It const& last, Context const&, RContext&, Attribute&) const {
    It p = first;
    for (;;) {
      while (p != last && is_pgn_space(*p)) ++p;
      if (p != last && *p == '%' && p[-1] == '\n') {
        while (p != last && *p != '\n') ++p;
        continue;
      }
      break;
    }
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

// A move with its check marks, as a whole token: SAN, long algebraic, castling, null move.
struct MoveToken {
  fen::SanMove san;
  std::string_view text;
};

struct MoveTokenParser : x3::parser<MoveTokenParser> {
  using attribute_type = MoveToken;
  static bool const has_attribute = true;

  template <typename It, typename Context, typename RContext, typename Attribute>
  bool parse(It& first, It const& last, Context const& ctx, RContext&, Attribute& attr) const {
    x3::skip_over(first, last, ctx);
    It p = first;
    MoveToken token;
    if (!fen::grammar::SanParser::scan_move(p, last, token.san)) return false;
    // An en-passant mark glued to the capture ("dxc6ep", "dxc6e.p.") is part of the move.
    if (token.san.capture || token.san.from_file >= 0) {
      if (last - p >= 4 && std::string_view(&*p, 4) == "e.p.") p += 4;
      else if (last - p >= 2 && p[0] == 'e' && p[1] == 'p') p += 2;
    }
    token.text = std::string_view(&*first, std::size_t(p - first));
    while (p != last && *p == '.') ++p;  // "f5." in hand-typed files
    // The token must end here (or go on with an annotation suffix); "Nf3x" is not a move.
    if (p != last && !is_token_end(*p) && *p != '!' && *p != '?') return false;
    x3::traits::move_to(token, attr);
    first = p;
    return true;
  }
};

// Anything up to the next token end: what is left when nothing else matched.
struct BadTokenParser : x3::parser<BadTokenParser> {
  using attribute_type = std::string_view;
  static bool const has_attribute = true;

  template <typename It, typename Context, typename RContext, typename Attribute>
  bool parse(It& first, It const& last, Context const& ctx, RContext&, Attribute& attr) const {
    x3::skip_over(first, last, ctx);
    It p = first;
    while (p != last && !is_pgn_space(*p) && *p != '{' && *p != '(' && *p != ')' && *p != ';') ++p;
    if (p == first) return false;
    x3::traits::move_to(std::string_view(&*first, std::size_t(p - first)), attr);
    first = p;
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
inline constexpr CharViewParser<'('> open_paren{};
inline constexpr CharViewParser<')'> close_paren{};
inline constexpr TagValueParser tag_value{};
inline constexpr MoveTokenParser move_token{};
inline constexpr BadTokenParser bad_token{};

}  // namespace fenkit::pgn::grammar

#include "game_scanner.hpp"

namespace fenkit::pgn::grammar {

// A game termination marker (and the wrong forms 1/2 and ½-½) as a whole token.
struct ResultParser : x3::parser<ResultParser> {
  using attribute_type = std::string_view;
  static bool const has_attribute = true;

  template <typename It, typename Context, typename RContext, typename Attribute>
  bool parse(It& first, It const& last, Context const& ctx, RContext&, Attribute& attr) const {
    x3::skip_over(first, last, ctx);
    if (first == last) return false;
    const std::size_t n = detail::result_length(&*first, &*first + (last - first));
    if (!n) return false;
    x3::traits::move_to(std::string_view(&*first, n), attr);
    first += n;
    return true;
  }
};

inline constexpr ResultParser result_token{};

}  // namespace fenkit::pgn::grammar
