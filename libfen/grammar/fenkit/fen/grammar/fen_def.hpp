// The FEN grammar's rules. Include only from the one .cpp that instantiates them.
#pragma once

#include <array>
#include <boost/spirit/home/x3.hpp>
#include <cstdint>

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

// What each character of a placement does, as one byte: the squares it fills (a piece one, a
// digit its empty ones), kSlash for the '/' between ranks, kEnd for anything else (the field
// ends there). Looked up rather than tested: which character comes next cannot be predicted.
inline constexpr std::uint8_t kSlash = 0x40, kEnd = 0x80;
inline constexpr std::array<std::uint8_t, 256> kPlacementStep = [] {
  std::array<std::uint8_t, 256> t{};
  t.fill(kEnd);
  for (char d = '1'; d <= '8'; ++d) t[std::uint8_t(d)] = std::uint8_t(d - '0');
  for (char c : {'P', 'N', 'B', 'R', 'Q', 'K', 'p', 'n', 'b', 'r', 'q', 'k'}) t[std::uint8_t(c)] = 1;
  t[std::uint8_t('/')] = kSlash;
  return t;
}();
inline constexpr std::array<Piece, 256> kPlacementPiece = [] {
  std::array<Piece, 256> t{};
  t.fill(Piece::none);
  for (char c : {'P', 'N', 'B', 'R', 'Q', 'K', 'p', 'n', 'b', 'r', 'q', 'k'})
    t[std::uint8_t(c)] = piece_from_letter(c);
  return t;
}();

// The piece placement: ranks from the 8th down, '/' between them. A primitive parser, since
// it is most of a FEN's characters: it fills the board in one pass and, at the first thing
// wrong (a ninth square, a short rank, a ninth rank), records why and stops there, so that
// the driver reports that column. Two digits in a row ("44") add up; the setup notes them for
// validation to judge.
struct PlacementParser : x3::parser<PlacementParser> {
  using attribute_type = x3::unused_type;
  static bool const has_attribute = false;

  template <typename It, typename Context, typename RContext, typename Attribute>
  bool parse(It& first, It const& last, Context const& ctx, RContext&, Attribute&) const {
    return read(first, last, x3::get<fen_state_tag>(ctx));
  }

 private:
  template <typename It>
  static bool read(It& first, It const& last, FenParseState& st) {
    Piece* const board = st.setup.board.data();
    int file = st.file, rank = st.rank;
    bool digit = false;        // the last character was a digit
    bool consecutive = false;  // a digit followed one
    It p = first;
    for (; p != last; ++p) {
      const auto c = static_cast<unsigned char>(*p);
      const int step = kPlacementStep[c];
      if (step < kSlash) [[likely]] {
        if (file + step > 8) {
          st.error = FenSyntax::rank_too_long;
          break;
        }
        // A digit writes an empty square where the next piece would go: it is empty anyway.
        board[rank * 8 + file] = kPlacementPiece[c];
        const bool is_digit = c <= '8';
        consecutive |= digit & is_digit;
        digit = is_digit;
        file += step;
        continue;
      }
      if (step == kEnd) break;
      if (file < 8) {
        st.error = FenSyntax::rank_too_short;
        break;
      }
      if (rank == 0) {
        st.error = FenSyntax::too_many_ranks;
        break;
      }
      --rank;
      file = 0;
      digit = false;
    }
    st.file = file;
    st.rank = rank;
    st.setup.consecutive_digits = consecutive;
    if (p == first && st.error == FenSyntax::ok) return false;
    first = p;
    return true;
  }
};

placement_type const placement_rule = "piece placement";
side_type const side_rule = "side to move";
castling_type const castling_rule = "castling rights";
en_passant_type const en_passant_rule = "en-passant square";
halfmove_type const halfmove_rule = "halfmove clock";
fullmove_type const fullmove_rule = "fullmove number";

// Ranks from the 8th down, '/' between them; the actions keep count of files and ranks.
auto const placement_rule_def = PlacementParser{};
auto const side_rule_def = x3::char_("wb")[actions::set_side];
// '-' or letters: KQkq (standard and X-FEN), A-H/a-h (Shredder-FEN and X-FEN inner rooks).
auto const castling_rule_def = x3::lit('-') | +x3::char_("KQkqA-Ha-h")[actions::add_castling];
auto const en_passant_rule_def = x3::lit('-') | square[actions::set_en_passant];
auto const halfmove_rule_def = x3::uint32[actions::set_halfmove] | x3::lit('-')[actions::clock_dash];
auto const fullmove_rule_def = x3::uint32[actions::set_fullmove] | x3::lit('-')[actions::clock_dash];

BOOST_SPIRIT_DEFINE(placement_rule, side_rule, castling_rule, en_passant_rule, halfmove_rule,
                    fullmove_rule)

}  // namespace fenkit::fen::grammar
