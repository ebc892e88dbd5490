// The PGN grammar of one tag, "[Name "value"]" (declarations; definitions in pgn_def.hpp,
// instantiated once in pgn_grammar.cpp). The lexer (game_lexer.hpp) reads the tag section tag
// by tag with it (through parse_tag, pgn_lexical.hpp), deciding between tags where one game ends
// and the next begins.
#pragma once

#include <boost/spirit/home/x3.hpp>
#include <string_view>

namespace fenkit::pgn::grammar {

namespace x3 = boost::spirit::x3;

struct TagValue {
  std::string_view raw;   // between the quotes, escapes as written
  bool unclosed = false;  // the closing quote was missing
  bool plain = false;     // known to be ASCII without escapes (else it may or may not be)
};

struct Tag {
  std::string_view name;
  TagValue value;
};

struct tag_class;
using tag_type = x3::rule<tag_class, Tag>;

BOOST_SPIRIT_DECLARE(tag_type)

// Reads the tag at `first` (its '[') with the rule and moves `first` past its ']'. A tag never
// reaches past the end of its line. False, with `first` unmoved, for a line that is not a tag.
// (parse_tag in pgn_lexical.hpp reads the common shape inline first.)
bool parse_tag_by_rule(const char*& first, const char* last, Tag& tag);

}  // namespace fenkit::pgn::grammar
