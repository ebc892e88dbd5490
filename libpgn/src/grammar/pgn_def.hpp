// The PGN grammar's rules. Include only from the one .cpp that instantiates them.
//
// The grammar of the tag section; what the tags mean is decided by the GameParser the actions
// report to. An action that returns false (the game was rejected) fails its token, which ends
// the rule. (The movetext is a flat sequence of tokens, read by the GameParser's own loop with
// the tokenizer of pgn_lexical.hpp.)
#pragma once

#include <boost/spirit/home/x3.hpp>
#include <string_view>

#include "game_parser.hpp"
#include "grammar/pgn.hpp"
#include "grammar/pgn_lexical.hpp"

namespace fenkit::pgn::grammar {

namespace actions {

using detail::GameParser;

inline GameParser& parser(auto& ctx) { return x3::get<pgn_state_tag>(ctx); }

template <typename Range>
std::string_view view(const Range& r) {
  return std::string_view(&*r.begin(), std::size_t(r.end() - r.begin()));
}

inline auto const tag = [](auto& ctx) {
  auto& a = x3::_attr(ctx);
  const TagValue& value = boost::fusion::at_c<2>(a);
  x3::_pass(ctx) = parser(ctx).on_tag(boost::fusion::at_c<1>(a), value.raw, value.unclosed,
                                      boost::fusion::at_c<0>(a).data());
};
// A comment among the tags, with its braces or ';' taken off.
inline auto const prefix_comment = [](auto& ctx) {
  const std::string_view text = view(x3::_attr(ctx));
  const std::string_view inner =
      text.front() == '{' ? text.substr(1, text.size() - 2) : text.substr(1);
  x3::_pass(ctx) = parser(ctx).on_prefix_comment(inner, text.data());
};
}  // namespace actions

tag_section_type const tag_section_rule = "tag section";

auto const tag = open_bracket >> tag_name >> tag_value >> x3::lit(']');
auto const brace_comment = x3::raw[x3::lexeme[x3::lit('{') >> *(x3::char_ - '}') >> '}']];
auto const line_comment = x3::raw[x3::lexeme[x3::lit(';') >> *(x3::char_ - '\n')]];

auto const tag_section_rule_def = *(tag[actions::tag] | brace_comment[actions::prefix_comment] |
                                    line_comment[actions::prefix_comment]);

BOOST_SPIRIT_DEFINE(tag_section_rule)

}  // namespace fenkit::pgn::grammar
