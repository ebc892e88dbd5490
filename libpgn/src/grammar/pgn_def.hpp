// The PGN grammar's rules. Include only from the one .cpp that instantiates them.
//
// The grammar recognises tokens; what they mean (positions, legality, what the visitor sees)
// is decided by the GameParser the actions report to. An action that returns false (the game
// was rejected) fails its token, which ends the rule.
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
inline auto const prefix_comment = [](auto& ctx) {
  const std::string_view text = view(x3::_attr(ctx));
  x3::_pass(ctx) = parser(ctx).on_prefix_comment(text, text.data());
};
inline auto const move = [](auto& ctx) {
  const MoveToken& token = x3::_attr(ctx);
  x3::_pass(ctx) = parser(ctx).on_move(token.san, token.text, token.text.data());
};
inline auto const move_number = [](auto& ctx) {
  x3::_pass(ctx) = parser(ctx).on_move_number(view(x3::_attr(ctx)).data());
};
inline auto const suffix = [](auto& ctx) {
  const std::string_view text = view(x3::_attr(ctx));
  x3::_pass(ctx) = parser(ctx).on_suffix(text, text.data());
};
inline auto const nag = [](auto& ctx) {
  const std::string_view text = view(x3::_attr(ctx));
  unsigned value = 0;
  for (char c : text.substr(1)) value = value > 1000 ? value : value * 10 + unsigned(c - '0');
  x3::_pass(ctx) = parser(ctx).on_nag(value, text.data());
};
inline auto const comment = [](auto& ctx) {
  const std::string_view text = view(x3::_attr(ctx));  // with its braces or ';'
  const std::string_view inner =
      text.front() == '{' ? text.substr(1, text.size() - 2) : text.substr(1);
  x3::_pass(ctx) = parser(ctx).on_comment(inner, text.data());
};
inline auto const open_variation = [](auto& ctx) {
  x3::_pass(ctx) = parser(ctx).on_open_variation(x3::_attr(ctx).data());
};
inline auto const close_variation = [](auto& ctx) {
  x3::_pass(ctx) = parser(ctx).on_close_variation(x3::_attr(ctx).data());
};
inline auto const result = [](auto& ctx) {
  const std::string_view text = x3::_attr(ctx);
  x3::_pass(ctx) = parser(ctx).on_result(text, text.data());
};
inline auto const ignore = [](auto& ctx) { x3::_pass(ctx) = !parser(ctx).rejected(); };
inline auto const bad_token = [](auto& ctx) {
  const std::string_view text = x3::_attr(ctx);
  x3::_pass(ctx) = parser(ctx).on_bad_token(text, text.data());
};

}  // namespace actions

tag_section_type const tag_section_rule = "tag section";
movetext_type const movetext_rule = "movetext";

auto const tag = open_bracket >> tag_name >> tag_value >> x3::lit(']');
auto const brace_comment = x3::raw[x3::lexeme[x3::lit('{') >> *(x3::char_ - '}') >> '}']];
auto const line_comment = x3::raw[x3::lexeme[x3::lit(';') >> *(x3::char_ - '\n')]];

auto const tag_section_rule_def = *(tag[actions::tag] | brace_comment[actions::prefix_comment] |
                                    line_comment[actions::prefix_comment]);

// "12." "12..." "12…" or a bare number; "..." on its own after "12." is the same thing.
auto const move_number =
    x3::raw[x3::lexeme[+x3::digit >> *(x3::lit('.') | "\xE2\x80\xA6")]];
auto const ellipsis = x3::lexeme[+(x3::lit('.') | "\xE2\x80\xA6")];
auto const nag = x3::raw[x3::lexeme[x3::lit('$') >> +x3::digit]];
auto const suffix = x3::raw[x3::lexeme[+x3::char_("!?")]];

auto const movetext_rule_def = *(result_token[actions::result] | move_token[actions::move] |
                                 move_number[actions::move_number] | nag[actions::nag] |
                                 suffix[actions::suffix] | brace_comment[actions::comment] |
                                 line_comment[actions::comment] |
                                 open_paren[actions::open_variation] |
                                 close_paren[actions::close_variation] |
                                 ellipsis[actions::ignore] | x3::lit("e.p.")[actions::ignore] |
                                 x3::lexeme[+x3::char_("+#")][actions::ignore] |
                                 bad_token[actions::bad_token]);

BOOST_SPIRIT_DEFINE(tag_section_rule, movetext_rule)

}  // namespace fenkit::pgn::grammar
