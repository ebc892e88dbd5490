// Reading FEN: the fields are X3 rules (grammar/fen_def.hpp); this driver walks the fields in
// order so that every error knows its field and column.
#include <array>
#include <cstdint>
#include <stdexcept>

#include "fenkit/fen/fen.hpp"
#include "fenkit/fen/grammar/fen.hpp"
#include "fenkit/fen/grammar/fen_config.hpp"
#include "variant_fen.hpp"

namespace fenkit::fen {

const char* field_name(FenField f) {
  switch (f) {
    case FenField::placement: return "piece placement";
    case FenField::side_to_move: return "side to move";
    case FenField::castling: return "castling field";
    case FenField::en_passant: return "en-passant field";
    case FenField::halfmove_clock: return "halfmove clock";
    case FenField::fullmove_number: return "fullmove number";
  }
  return "field";
}

std::string FenError::message() const {
  if (syntax == FenSyntax::ok) return describe(problems);
  std::string where = field_name(field);
  switch (syntax) {
    case FenSyntax::ok: break;
    case FenSyntax::empty: return "empty FEN";
    case FenSyntax::bad_character: return where + ": unexpected character";
    case FenSyntax::rank_too_long: return "rank " + std::to_string(rank) + " has more than 8 squares";
    case FenSyntax::rank_too_short: return "rank " + std::to_string(rank) + " has fewer than 8 squares";
    case FenSyntax::too_many_ranks: return "piece placement has more than 8 ranks";
    case FenSyntax::too_few_ranks: return "piece placement has fewer than 8 ranks";
    case FenSyntax::missing_field: return "missing " + where;
    case FenSyntax::bad_number: return where + " is not a number in range";
    case FenSyntax::unexpected_text: return "unexpected text after the FEN";
  }
  return where;
}

namespace {

namespace x3 = boost::spirit::x3;
using grammar::FenParseState;

bool is_blank(char c) { return c == ' ' || c == '\t'; }

class FenDriver {
 public:
  FenDriver(std::string_view text, Setup& setup, const FenReadOptions& options)
      : begin_(text.data()), it_(begin_), end_(begin_ + text.size()), state_{setup},
        options_(options) {}

  FenError run(std::size_t* consumed) {
    while (it_ != end_ && is_blank(*it_)) ++it_;
    if (it_ == end_) return fail(FenSyntax::empty, FenField::placement);

    if (!field(grammar::placement(), FenField::placement)) return error_;
    if (state_.rank > 0 || state_.file < 8) {
      state_.error = state_.file < 8 ? FenSyntax::rank_too_short : FenSyntax::too_few_ranks;
      return fail_state(FenField::placement);
    }
    if (!options_.epd_fields_only && read_common_tail()) return done(consumed);
    if (!separator(FenField::side_to_move) || !field(grammar::side(), FenField::side_to_move) ||
        !separator(FenField::castling) || !field(grammar::castling(), FenField::castling) ||
        !separator(FenField::en_passant))
      return error_;
    if (options_.epd_fields_only) {
      if (!x3::parse(it_, end_, x3::with<grammar::fen_state_tag>(state_)[grammar::en_passant()]))
        return fail(at_end() ? FenSyntax::missing_field : FenSyntax::bad_character,
                    FenField::en_passant);
      if (consumed) *consumed = std::size_t(it_ - begin_);
      return error_;
    }
    if (!field(grammar::en_passant(), FenField::en_passant)) return error_;

    // The clocks: lenient reading lets either or both be missing (EPD-like lines).
    const char* before = it_;
    while (it_ != end_ && is_blank(*it_)) ++it_;
    if (it_ == end_ && options_.lenient) return done(consumed);
    it_ = before;
    if (!separator(FenField::halfmove_clock) || !field(grammar::halfmove(), FenField::halfmove_clock))
      return error_;
    before = it_;
    while (it_ != end_ && is_blank(*it_)) ++it_;
    if (it_ == end_ && options_.lenient) return done(consumed);
    it_ = before;
    if (!separator(FenField::fullmove_number) ||
        !field(grammar::fullmove(), FenField::fullmove_number))
      return error_;
    while (it_ != end_ && is_blank(*it_)) ++it_;
    if (it_ != end_) return fail(FenSyntax::unexpected_text, FenField::fullmove_number);
    return done(consumed);
  }

 private:
  bool at_end() const { return it_ == end_; }

  FenError fail(FenSyntax why, FenField field) {
    error_.syntax = why;
    error_.field = field;
    error_.column = std::size_t(it_ - begin_) + 1;
    return error_;
  }
  FenError fail_state(FenField field) {
    error_.rank = state_.rank + 1;
    return fail(state_.error, field);
  }
  FenError done(std::size_t* consumed) {
    if (consumed) *consumed = std::size_t(it_ - begin_);
    return error_;
  }

  // One blank between fields; lenient reading takes any run of blanks.
  bool separator(FenField next) {
    if (at_end()) {
      fail(FenSyntax::missing_field, next);
      return false;
    }
    if (!is_blank(*it_)) {
      fail(FenSyntax::bad_character, next);
      return false;
    }
    ++it_;
    if (options_.lenient)
      while (it_ != end_ && is_blank(*it_)) ++it_;
    if (at_end()) {
      fail(FenSyntax::missing_field, next);
      return false;
    }
    return true;
  }

  // Parses one field and checks that a blank or the end follows it.
  template <typename Rule>
  bool field(const Rule& rule, FenField which) {
    const bool clock = which == FenField::halfmove_clock || which == FenField::fullmove_number;
    const char* start = it_;
    state_.clock_is_dash = false;
    const bool ok = x3::parse(it_, end_, x3::with<grammar::fen_state_tag>(state_)[rule]);
    if (state_.error != FenSyntax::ok) {
      fail_state(which);
      return false;
    }
    if (!ok || (it_ != end_ && !is_blank(*it_)) || (clock && state_.clock_is_dash && !options_.lenient)) {
      // A clock is wrong as a whole ("-1", "12a"): point at its start, not at the character
      // where the number parser happened to stop.
      if (clock) it_ = start;
      fail(clock ? FenSyntax::bad_number : FenSyntax::bad_character, which);
      return false;
    }
    return true;
  }

  // The rest of a FEN as nearly every one is written, " w KQkq - 0 1": single blanks, castling
  // by K, Q, k and q, clocks of up to nine digits, nothing after. Read by hand and set only
  // when all of it is there; anything else (and every error) is left to the field rules, which
  // read such a tail alike.
  bool read_common_tail() {
    const char* p = it_;
    const auto left = [&] { return end_ - p; };
    if (left() < 10 || p[0] != ' ' || (p[1] != 'w' && p[1] != 'b') || p[2] != ' ') return false;
    const Color side = p[1] == 'w' ? Color::white : Color::black;
    p += 3;
    std::array<char, 8> castling{};
    std::uint8_t castling_count = 0;
    if (*p == '-') {
      ++p;
    } else {
      while (p != end_ && castling_count < 4 &&
             (*p == 'K' || *p == 'Q' || *p == 'k' || *p == 'q'))
        castling[castling_count++] = *p++;
      if (castling_count == 0) return false;
    }
    if (left() < 6 || *p++ != ' ') return false;
    Square en_passant = no_square;
    if (*p == '-') {
      ++p;
    } else if (*p >= 'a' && *p <= 'h' && p[1] >= '1' && p[1] <= '8') {
      en_passant = make_square(*p - 'a', p[1] - '1');
      p += 2;
    } else {
      return false;
    }
    std::uint32_t halfmove = 0, fullmove = 0;
    if (!read_common_clock(p, halfmove) || !read_common_clock(p, fullmove) || p != end_)
      return false;
    Setup& setup = state_.setup;
    setup.side_to_move = side;
    setup.castling = castling;
    setup.castling_count = castling_count;
    setup.en_passant = en_passant;
    setup.halfmove_clock = halfmove;
    setup.fullmove_number = fullmove;
    it_ = p;
    return true;
  }
  // " " and one to nine digits (no overflow to check), as read_common_tail wants them.
  bool read_common_clock(const char*& p, std::uint32_t& value) const {
    if (end_ - p < 2 || *p != ' ') return false;
    const char* q = p + 1;
    std::uint32_t n = 0;
    while (q != end_ && q - p <= 9 && *q >= '0' && *q <= '9')
      n = n * 10 + std::uint32_t(*q++ - '0');
    if (q == p + 1 || (q != end_ && *q >= '0' && *q <= '9')) return false;
    value = n;
    p = q;
    return true;
  }

  const char* begin_;
  const char* it_;
  const char* end_;
  FenParseState state_;
  FenReadOptions options_;
  FenError error_;
};

}  // namespace

FenError read_setup(std::string_view text, Setup& out, const FenReadOptions& options,
                    std::size_t* consumed) {
  Setup setup;
  std::string storage;
  std::string_view standard_text = text;
  std::size_t taken_from = text.size();
  if (options.variant != Variant::standard) [[unlikely]] {
    if (FenError error = detail::take_variant_fields(text, options.variant, setup, storage,
                                                     standard_text, taken_from))
      return error;
  }
  FenError error = FenDriver(standard_text, setup, options).run(consumed);
  // From where the variant's additions were taken out (a pocket, '~', the checks), the rest
  // lies that much further on in the caller's text.
  if (consumed && *consumed >= taken_from) *consumed += text.size() - standard_text.size();
  if (!error) out = setup;
  return error;
}

FenError read_fen(std::string_view text, Position& out, const FenOptions& options) {
  Setup setup;  // read into directly: it is dropped on an error
  std::string storage;
  std::string_view standard_text = text;
  std::size_t taken_from = text.size();
  if (options.variant != Variant::standard) [[unlikely]] {
    if (FenError error = detail::take_variant_fields(text, options.variant, setup, storage,
                                                     standard_text, taken_from))
      return error;
  }
  FenError error =
      FenDriver(standard_text, setup, FenReadOptions{.lenient = options.lenient}).run(nullptr);
  if (error) return error;
  error.problems =
      make_position(setup, out, PositionOptions{options.relax, options.chess960, options.variant});
  return error;
}

Position position_from_fen(std::string_view text, const FenOptions& options) {
  Position pos;
  if (FenError error = read_fen(text, pos, options)) throw std::invalid_argument(error.message());
  return pos;
}

}  // namespace fenkit::fen
