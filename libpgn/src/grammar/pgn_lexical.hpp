// The PGN grammar's primitive parsers: blanks, tag names and tag values.
#pragma once

#include <array>
#include <boost/spirit/home/x3.hpp>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <type_traits>

#include "byte_search.hpp"
#include "grammar/pgn.hpp"

namespace fenkit::pgn::grammar {

namespace x3 = boost::spirit::x3;

// What ends a tag name: what the grammar skips, a line end, a quote or a bracket. (The standard
// allows letters, digits and '_'; real files use more.)
inline constexpr auto kEndsTagName = [] {
  std::array<bool, 256> t{};
  for (unsigned char c : {' ', '\t', '\r', '\f', '\v', '\x1a', '\xA0', '\n', '"', '[', ']'}) t[c] = true;
  return t;
}();
constexpr bool ends_tag_name(char c) { return kEndsTagName[static_cast<unsigned char>(c)]; }

// What the tag grammar skips between a tag's parts: blanks, and no-break spaces (Latin-1 or
// UTF-8). A tag is read within its line, so line ends never come up.
constexpr bool is_tag_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v' || c == '\x1a' || c == '\xA0';
}

// The shape nearly every tag of real files has, `[Name "value"]` with one space, no escapes
// and the bracket right after the quote, read without the rule. The rule reads such a tag
// alike (the same name and value, ending at the same ']'); anything else is left to it.
// With room to look ahead, a name of up to fifteen bytes is found without a branch per byte, and
// so is whether a value of up to sixteen bytes is ASCII (the lexer reads a dozen tags a game, and
// the loops' ends, a different length each tag, were most of what a tag cost).
inline bool parse_plain_tag(const char*& first, const char* last, Tag& tag) {
  const char* const name = first + 1;
  const bool room = last - first >= 64;
  const char* p = room ? detail::find_name_end(name) : name;
  if (p == name || *p != ' ') {  // not settled by the look ahead: byte by byte
    p = name;
    while (p != last && !ends_tag_name(*p)) ++p;
  }
  if (p == name || last - p < 4 || p[0] != ' ' || p[1] != '"') return false;
  const char* const value = p + 2;
  const char* const close = detail::find_any(value, last, '"', '\\', '\n');
  if (last - close < 2 || close[0] != '"' || close[1] != ']') return false;
  tag.name = std::string_view(name, std::size_t(p - name));
  const std::size_t length = std::size_t(close - value);
  const bool plain = room && length <= 16 && last - value >= 16 && detail::is_ascii_16(value, length);
  tag.value = TagValue{std::string_view(value, length), false, plain};
  first = close + 2;
  return true;
}

// Reads the tag at `first` as parse_tag_by_rule does: the common shape here, inline (the lexer
// reads a dozen tags a game), anything else with the rule.
inline bool parse_tag(const char*& first, const char* last, Tag& tag) {
  return parse_plain_tag(first, last, tag) || parse_tag_by_rule(first, last, tag);
}

template <typename It>
It skip_tag_spaces(It p, It const& last) {
  for (;;) {
    if (p == last) return p;
    if (is_tag_space(*p))
      ++p;
    else if (*p == '\xC2' && p + 1 != last && p[1] == '\xA0')
      p += 2;
    else
      return p;
  }
}

// The skipper of the tag grammar.
struct SpaceParser : x3::parser<SpaceParser> {
  using attribute_type = x3::unused_type;
  static bool const has_attribute = false;

  template <typename It, typename Context, typename RContext, typename Attribute>
  bool parse(It& first, It const& last, Context const&, RContext&, Attribute&) const {
    const It p = skip_tag_spaces(first, last);
    if (p == first) return false;
    first = p;
    return true;
  }
};

// A quoted tag value. It ends at a quote followed by optional blanks and ']', so unescaped
// quotes inside survive; a value whose closing quote is missing ends before the last ']' of
// its line (and says so).
struct TagValueParser : x3::parser<TagValueParser> {
  using attribute_type = TagValue;
  static bool const has_attribute = true;

  template <typename Context, typename RContext, typename Attribute>
  bool parse(const char*& first, const char* const& last, Context const& ctx, RContext&,
             Attribute& attr) const {
    x3::skip_over(first, last, ctx);
    if (first == last || *first != '"') return false;
    // Most values close at their first quote: found sixteen bytes at a time.
    for (const char* p = first + 1;;) {
      p = detail::find_any(p, last, '"', '\\', '\n');
      if (p == last || *p == '\n') break;
      if (*p == '\\') {
        p += p + 1 != last && p[1] != '\n' ? 2 : 1;
        continue;
      }
      const char* q = p + 1;
      while (q != last && (*q == ' ' || *q == '\t')) ++q;
      if (q != last && *q == ']') {
        x3::traits::move_to(TagValue{std::string_view(first + 1, std::size_t(p - first - 1)), false},
                            attr);
        first = p + 1;
        return true;
      }
      ++p;
    }
    return parse_unclosed(first, last, attr);
  }

 private:
  // A value without a closing quote: it ends before the last ']' of its line, if it holds no
  // other quote.
  template <typename Attribute>
  static bool parse_unclosed(const char*& first, const char* last, Attribute& attr) {
    const char* last_bracket = last;
    const char* p = first + 1;
    for (; p != last && *p != '\n'; ++p) {
      if (*p == ']') last_bracket = p;
      if (*p == '\\' && p + 1 != last && p[1] != '\n') {
        ++p;
        continue;
      }
      if (*p == '"') return false;
    }
    if (last_bracket == last) return false;
    x3::traits::move_to(
        TagValue{std::string_view(first + 1, std::size_t(last_bracket - first - 1)), true}, attr);
    first = last_bracket;
    return true;
  }
};

struct TagNameParser : x3::parser<TagNameParser> {
  using attribute_type = std::string_view;
  static bool const has_attribute = true;

  template <typename It, typename Context, typename RContext, typename Attribute>
  bool parse(It& first, It const& last, Context const& ctx, RContext&, Attribute& attr) const {
    x3::skip_over(first, last, ctx);
    It p = first;
    while (p != last && !ends_tag_name(*p)) ++p;
    if (p == first) return false;
    x3::traits::move_to(std::string_view(&*first, std::size_t(p - first)), attr);
    first = p;
    return true;
  }
};

inline constexpr SpaceParser space{};
inline constexpr TagNameParser tag_name{};
inline constexpr TagValueParser tag_value{};

}  // namespace fenkit::pgn::grammar
