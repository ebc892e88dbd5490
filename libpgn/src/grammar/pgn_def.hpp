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
// A comment among the tags, with its braces or ';' taken off.
inline auto const prefix_comment = [](auto& ctx) {
  const std::string_view text = view(x3::_attr(ctx));
  const std::string_view inner =
      text.front() == '{' ? text.substr(1, text.size() - 2) : text.substr(1);
  x3::_pass(ctx) = parser(ctx).on_prefix_comment(inner, text.data());
};
// Every movetext token goes to the GameParser handler for its kind.
inline auto const token = [](auto& ctx) {
  const Token& t = x3::_attr(ctx);
  GameParser& p = parser(ctx);
  const char* at = t.text.data();
  bool ok = false;
  switch (t.kind) {
    case Token::Kind::move: ok = p.on_move(t.san, t.text, at); break;
    case Token::Kind::move_number: ok = p.on_move_number(at); break;
    case Token::Kind::result: ok = p.on_result(t.text, at); break;
    case Token::Kind::nag: ok = p.on_nag(t.nag, at); break;
    case Token::Kind::suffix: ok = p.on_suffix(t.text, at); break;
    case Token::Kind::comment: ok = p.on_comment(t.text, at - 1); break;  // at its { or ;
    case Token::Kind::open_variation: ok = p.on_open_variation(at); break;
    case Token::Kind::close_variation: ok = p.on_close_variation(at); break;
    case Token::Kind::ignorable: ok = !p.rejected(); break;
    case Token::Kind::unclosed_comment: ok = p.on_unclosed_comment(at); break;
    case Token::Kind::bad: ok = p.on_bad_token(t.text, at); break;
  }
  x3::_pass(ctx) = ok;
};

}  // namespace actions

tag_section_type const tag_section_rule = "tag section";
movetext_type const movetext_rule = "movetext";

auto const tag = open_bracket >> tag_name >> tag_value >> x3::lit(']');
auto const brace_comment = x3::raw[x3::lexeme[x3::lit('{') >> *(x3::char_ - '}') >> '}']];
auto const line_comment = x3::raw[x3::lexeme[x3::lit(';') >> *(x3::char_ - '\n')]];

auto const tag_section_rule_def = *(tag[actions::tag] | brace_comment[actions::prefix_comment] |
                                    line_comment[actions::prefix_comment]);

auto const movetext_rule_def = *movetext_token[actions::token];

BOOST_SPIRIT_DEFINE(tag_section_rule, movetext_rule)

}  // namespace fenkit::pgn::grammar
