// The FEN grammar's rules. Include only from the one .cpp that instantiates them.
#pragma once

#include <boost/spirit/home/x3.hpp>

#include "fenkit/fen/grammar/common.hpp"
#include "fenkit/fen/grammar/fen.hpp"

namespace fenkit::fen::grammar {

namespace actions {

inline FenParseState& state(auto& ctx) { return x3::get<fen_state_tag>(ctx); }

// Refuse the current token and remember why; the driver reports the column.
inline void refuse(auto& ctx, FenSyntax why) {
  state(ctx).error = why;
  x3::_pass(ctx) = false;
}

inline auto const put_piece = [](auto& ctx) {
  FenParseState& st = state(ctx);
  if (st.file >= 8) return refuse(ctx, FenSyntax::rank_too_long);
  st.setup.board[make_square(st.file, st.rank)] = x3::_attr(ctx);
  ++st.file;
};
inline auto const skip_empty = [](auto& ctx) {
  FenParseState& st = state(ctx);
  st.file += x3::_attr(ctx) - '0';
  if (st.file > 8) refuse(ctx, FenSyntax::rank_too_long);
};
inline auto const next_rank = [](auto& ctx) {
  FenParseState& st = state(ctx);
  if (st.file < 8) return refuse(ctx, FenSyntax::rank_too_short);
  if (st.rank == 0) return refuse(ctx, FenSyntax::too_many_ranks);
  --st.rank;
  st.file = 0;
};
inline auto const set_side = [](auto& ctx) {
  state(ctx).setup.side_to_move = x3::_attr(ctx) == 'w' ? Color::white : Color::black;
};
inline auto const add_castling = [](auto& ctx) {
  Setup& s = state(ctx).setup;
  if (s.castling_count >= s.castling.size()) return refuse(ctx, FenSyntax::bad_character);
  s.castling[s.castling_count++] = x3::_attr(ctx);
};
inline auto const set_en_passant = [](auto& ctx) { state(ctx).setup.en_passant = x3::_attr(ctx); };
inline auto const set_halfmove = [](auto& ctx) { state(ctx).setup.halfmove_clock = x3::_attr(ctx); };
inline auto const set_fullmove = [](auto& ctx) { state(ctx).setup.fullmove_number = x3::_attr(ctx); };
inline auto const clock_dash = [](auto& ctx) { state(ctx).clock_is_dash = true; };

}  // namespace actions

placement_type const placement_rule = "piece placement";
side_type const side_rule = "side to move";
castling_type const castling_rule = "castling rights";
en_passant_type const en_passant_rule = "en-passant square";
halfmove_type const halfmove_rule = "halfmove clock";
fullmove_type const fullmove_rule = "fullmove number";

// Ranks from the 8th down, '/' between them; the actions keep count of files and ranks.
auto const placement_rule_def = +(piece_letter[actions::put_piece] |
                                  x3::char_('1', '8')[actions::skip_empty] |
                                  x3::lit('/')[actions::next_rank]);
auto const side_rule_def = x3::char_("wb")[actions::set_side];
// '-' or letters: KQkq (standard and X-FEN), A-H/a-h (Shredder-FEN and X-FEN inner rooks).
auto const castling_rule_def = x3::lit('-') | +x3::char_("KQkqA-Ha-h")[actions::add_castling];
auto const en_passant_rule_def = x3::lit('-') | square[actions::set_en_passant];
auto const halfmove_rule_def = x3::uint32[actions::set_halfmove] | x3::lit('-')[actions::clock_dash];
auto const fullmove_rule_def = x3::uint32[actions::set_fullmove] | x3::lit('-')[actions::clock_dash];

BOOST_SPIRIT_DEFINE(placement_rule, side_rule, castling_rule, en_passant_rule, halfmove_rule,
                    fullmove_rule)

}  // namespace fenkit::fen::grammar
