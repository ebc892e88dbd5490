// The FEN grammar's rules. Include only from the one .cpp that instantiates them.
#pragma once

#include <array>
#include <bit>
#include <boost/spirit/home/x3.hpp>
#include <cstdint>
#include <cstring>
#include <type_traits>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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
    FenParseState& st = x3::get<fen_state_tag>(ctx);
#if defined(__SSE2__)
    if constexpr (std::is_same_v<It, const char*>) {
      if (st.file == 0 && st.rank == 7 && read_well_formed(first, last, st)) return true;
      st.setup.board.fill(Piece::none);  // what the attempt wrote
    }
#endif
    return read(first, last, st);
  }

 private:
#if defined(__SSE2__)
  // A placement without mistakes, sixteen characters at a time and without a branch on what
  // each one is: where the '/' fall cannot be predicted, and a mispredicted branch per rank was
  // most of the time of reading a FEN. Each character's square is the sum of the squares the
  // characters before it fill (a prefix sum); the ranks are right when every '/' comes where a
  // multiple of eight squares is filled, seven of them, sixty-four squares in all. Then the
  // pieces are stored, one store per character. False at any mistake, with the board written
  // over: read() then finds the mistake and says where.
  static bool read_well_formed(const char*& first, const char* last, FenParseState& st) {
    constexpr std::size_t kLongest = 71;  // eight ranks of eight characters and seven '/'
    alignas(16) std::array<char, 80> text{};  // zero after the text: no placement character
    const std::size_t available = std::size_t(last - first);
    std::memcpy(text.data(), first, available < text.size() ? available : text.size());

    alignas(16) std::array<std::uint8_t, 80> square{};  // each character's square, from a8
    const __m128i zero = _mm_setzero_si128();
    __m128i filled = zero;  // squares filled before the block, in every byte
    __m128i ranks = zero;   // '/' before the block, in every byte
    __m128i previous_digit = zero;
    bool bad = false, consecutive = false;
    std::size_t length = text.size();
    for (std::size_t at = 0; at < text.size() && at <= kLongest; at += 16) {
      const __m128i c = _mm_load_si128(reinterpret_cast<const __m128i*>(text.data() + at));
      // What each byte is. A letter or'ed with 0x20 is one of pnbrqk only if it was a piece.
      const __m128i lower = _mm_or_si128(c, _mm_set1_epi8(0x20));
      __m128i piece = _mm_cmpeq_epi8(lower, _mm_set1_epi8('p'));
      for (const char letter : {'n', 'b', 'r', 'q', 'k'})
        piece = _mm_or_si128(piece, _mm_cmpeq_epi8(lower, _mm_set1_epi8(letter)));
      const __m128i from_one = _mm_sub_epi8(c, _mm_set1_epi8('1'));
      const __m128i digit = _mm_cmpeq_epi8(_mm_min_epu8(from_one, _mm_set1_epi8(7)), from_one);
      const __m128i slash = _mm_cmpeq_epi8(c, _mm_set1_epi8('/'));
      const unsigned in_field =
          unsigned(_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(piece, digit), slash)));
      // Bytes from the field's end on count for nothing.
      const unsigned outside = ~in_field & 0xFFFF;
      const int end = outside ? std::countr_zero(outside) : 16;
      const __m128i inside = _mm_cmplt_epi8(_mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
                                                          12, 13, 14, 15),
                                            _mm_set1_epi8(char(end)));
      const __m128i is_digit = _mm_and_si128(digit, inside);
      const __m128i is_slash = _mm_and_si128(slash, inside);
      // Squares each character fills: a digit its number, a piece one, a '/' none.
      const __m128i step = _mm_or_si128(
          _mm_and_si128(is_digit, _mm_add_epi8(from_one, _mm_set1_epi8(1))),
          _mm_and_si128(_mm_and_si128(piece, inside), _mm_set1_epi8(1)));
      const __m128i through = _mm_add_epi8(prefix_sum(step), filled);  // squares through each
      const __m128i slashes = _mm_add_epi8(prefix_sum(_mm_sub_epi8(zero, is_slash)), ranks);
      // At a '/', eight squares for each '/' so far.
      __m128i eight_per_rank = _mm_add_epi8(slashes, slashes);
      eight_per_rank = _mm_add_epi8(eight_per_rank, eight_per_rank);
      eight_per_rank = _mm_add_epi8(eight_per_rank, eight_per_rank);
      const unsigned misplaced = unsigned(_mm_movemask_epi8(
          _mm_andnot_si128(_mm_cmpeq_epi8(through, eight_per_rank), is_slash)));
      bad |= misplaced != 0;
      // Two digits in a row, across blocks too.
      const __m128i digit_before = _mm_or_si128(_mm_slli_si128(is_digit, 1), previous_digit);
      consecutive |= _mm_movemask_epi8(_mm_and_si128(is_digit, digit_before)) != 0;
      previous_digit = _mm_srli_si128(is_digit, 15);
      _mm_store_si128(reinterpret_cast<__m128i*>(square.data() + at), _mm_sub_epi8(through, step));
      filled = last_byte_everywhere(through);
      ranks = last_byte_everywhere(slashes);
      if (end < 16) {
        length = at + std::size_t(end);
        break;
      }
      // More than a whole board: the sums would soon no longer fit in a byte.
      bad |= std::uint8_t(_mm_cvtsi128_si32(filled)) > 64;
    }
    if (bad || length > kLongest || length > available) return false;
    if (std::uint8_t(_mm_cvtsi128_si32(filled)) != 64 || std::uint8_t(_mm_cvtsi128_si32(ranks)) != 7)
      return false;
    Piece* const board = st.setup.board.data();
    for (std::size_t i = 0; i < length; ++i)
      board[(square[i] ^ 56) & 63] = kPlacementPiece[static_cast<unsigned char>(text[i])];
    st.file = 8;
    st.rank = 0;
    st.setup.consecutive_digits = consecutive;
    first += length;
    return true;
  }

  // The block's last byte in every byte.
  static __m128i last_byte_everywhere(__m128i x) {
    x = _mm_unpackhi_epi8(x, x);          // bytes 8-15 as words, the last in word 7
    x = _mm_shufflehi_epi16(x, 0xFF);     // words 4-7: word 7
    return _mm_shuffle_epi32(x, 0xFF);    // every doubleword: the last
  }

  // Each byte plus all bytes before it in the block.
  static __m128i prefix_sum(__m128i x) {
    x = _mm_add_epi8(x, _mm_slli_si128(x, 1));
    x = _mm_add_epi8(x, _mm_slli_si128(x, 2));
    x = _mm_add_epi8(x, _mm_slli_si128(x, 4));
    return _mm_add_epi8(x, _mm_slli_si128(x, 8));
  }
#endif

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
