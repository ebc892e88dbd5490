// Instantiates the PGN tag grammar for pgn_config's iterator and context (the only place the
// rule's templates are expanded).
#include "grammar/pgn_config.hpp"
#include "grammar/pgn_def.hpp"

namespace fenkit::pgn::grammar {

BOOST_SPIRIT_INSTANTIATE(tag_type, pgn_iterator, pgn_context)

namespace {

// The shape nearly every tag of real files has, `[Name "value"]` with one space, no escapes
// and the bracket right after the quote, read without the rule. The rule reads such a tag
// alike (the same name and value, ending at the same ']'); anything else is left to it.
bool parse_plain_tag(const char*& first, const char* last, Tag& tag) {
  const char* const name = first + 1;
  const char* p = name;
  while (p != last && !ends_tag_name(*p)) ++p;
  if (p == name || last - p < 4 || p[0] != ' ' || p[1] != '"') return false;
  const char* const value = p + 2;
  const char* const close = detail::find_any(value, last, '"', '\\', '\n');
  if (last - close < 2 || close[0] != '"' || close[1] != ']') return false;
  tag.name = std::string_view(name, std::size_t(p - name));
  tag.value = TagValue{std::string_view(value, std::size_t(close - value)), false};
  first = close + 2;
  return true;
}

}  // namespace

bool parse_tag(const char*& first, const char* last, Tag& tag) {
  if (parse_plain_tag(first, last, tag)) return true;
  const char* p = first;
  if (!x3::phrase_parse(p, last, tag_rule, space, tag, x3::skip_flag::dont_post_skip)) return false;
  first = p;
  return true;
}

}  // namespace fenkit::pgn::grammar
