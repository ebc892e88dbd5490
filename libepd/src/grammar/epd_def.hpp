// The EPD grammar's rules. Include only from the one .cpp that instantiates them.
//
// Operands are typed by their opcode: the standard opcodes say what they take (opcodes.hpp),
// and once such an opcode is read, a missing operand is a hard error ('>'). Opcodes the
// standard does not define take any tokens up to the next ';'.
#pragma once

#include <boost/spirit/home/x3.hpp>
#include <charconv>
#include <string_view>

#include "epd_utf8.hpp"
#include "fenkit/epd/opcodes.hpp"
#include "fenkit/fen/grammar/common.hpp"
#include "grammar/epd.hpp"

namespace fenkit::epd::grammar {

// ---------------------------------------------------------------- Opcodes

constexpr bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
constexpr bool is_opcode_char(char c) { return is_letter(c) || (c >= '0' && c <= '9') || c == '_'; }
// What may follow an opcode: '"' for `id"x"`, '=' for the sloppy `id="x"` and `v=-385`.
constexpr bool is_opcode_end(char c) {
  return c == ' ' || c == '\t' || c == ';' || c == '"' || c == '=';
}

// An opcode (a letter, then letters, digits and '_') whose standard definition `Accept`
// approves: Accept gets the opcode's OpcodeInfo, nullptr for opcodes the standard does not
// define. Written as a primitive parser because the choice of operands depends on it.
template <typename Accept>
struct OpcodeParser : x3::parser<OpcodeParser<Accept>> {
  using attribute_type = x3::unused_type;
  static bool const has_attribute = false;

  constexpr explicit OpcodeParser(Accept a) : accept(a) {}

  template <typename It, typename Context, typename RContext, typename Attribute>
  bool parse(It& first, It const& last, Context const& ctx, RContext&, Attribute&) const {
    x3::skip_over(first, last, ctx);
    It p = first;
    if (p == last || !is_letter(*p)) return false;
    while (++p != last && is_opcode_char(*p)) {
    }
    if (p != last && !is_opcode_end(*p)) return false;
    if (!accept(find_opcode(std::string_view(&*first, std::size_t(p - first))))) return false;
    first = p;
    return true;
  }

  Accept accept;
};

constexpr auto shape_is(OperandShape shape) {
  return OpcodeParser{[shape](const OpcodeInfo* info) { return info && info->shape == shape; }};
}

auto const standard_opcode = OpcodeParser{[](const OpcodeInfo* info) { return info != nullptr; }};
auto const moves_opcode = shape_is(OperandShape::moves);
auto const variation_opcode = shape_is(OperandShape::variation);
auto const move_opcode = shape_is(OperandShape::move);
auto const integer_opcode = shape_is(OperandShape::integer);
auto const string_opcode = shape_is(OperandShape::string);
auto const two_strings_opcode = shape_is(OperandShape::two_strings);
auto const none_opcode = shape_is(OperandShape::none);
// noop and the opcodes the standard does not define.
auto const any_opcode = OpcodeParser{
    [](const OpcodeInfo* info) { return !info || info->shape == OperandShape::any; }};

// ---------------------------------------------------------------- Actions

namespace actions {

inline EpdParseState& state(auto& ctx) { return x3::get<epd_state_tag>(ctx); }

inline std::uint32_t column_of(auto& ctx, const char* at) {
  return std::uint32_t(at - state(ctx).line + 1);
}

// Refuse the current token and remember why; the driver reports it if the parse fails there.
inline void refuse(auto& ctx, const char* at, const char* why) {
  state(ctx).refusal = why;
  state(ctx).refused_at = at;
  x3::_pass(ctx) = false;
}

inline std::string_view text_of(auto& range) {
  return std::string_view(&*range.begin(), std::size_t(range.end() - range.begin()));
}

inline Operand& add_operand(auto& ctx, OperandKind kind, const char* at) {
  Operand& operand = state(ctx).record.operations.back().operands.emplace_back();
  operand.kind = kind;
  operand.column = column_of(ctx, at);
  return operand;
}

inline auto const begin_operation = [](auto& ctx) {
  std::string_view text = text_of(x3::_attr(ctx));
  if (text.ends_with('=')) text.remove_suffix(1);
  Operation& op = state(ctx).record.operations.emplace_back();
  op.opcode.assign(text);
  op.column = column_of(ctx, text.data());
};

// An opcode the standard does not define must not read as a move (`h4`, `ce7`, `Nf3`): after
// a list of moves (`bm d2; h4;`, which sorting the operations can also bring about) it would
// be read as one more move, so what was read could not be written back. Such an opcode is
// refused where it stands rather than read in a way its writing cannot keep.
inline auto const begin_private_operation = [](auto& ctx) {
  std::string_view text = text_of(x3::_attr(ctx));
  if (text.ends_with('=')) text.remove_suffix(1);
  const char* first = text.data();
  if (x3::parse(first, text.data() + text.size(), fen::grammar::san >> x3::eoi)) {
    state(ctx).refusal = "opcode '" + std::string(text) + "' reads as a move";
    state(ctx).refused_at = text.data();
    x3::_pass(ctx) = false;
    return;
  }
  begin_operation(ctx);
};

inline auto const add_move = [](auto& ctx) {
  const std::string_view text = text_of(x3::_attr(ctx));
  add_operand(ctx, OperandKind::move, text.data()).text.assign(text);
};

// `f8 = Q`: a promotion written apart from its move; it goes before the move's check marks
// (`f8+ = Q` is f8=Q+). It belongs to the move only when the two together are still a move:
// `Qd2a8 = Q` or `a8=Q = R` is refused where the `=` stands, since the joined text would not
// read back as the move it was taken for.
inline auto const add_promotion = [](auto& ctx) {
  std::string& text = state(ctx).record.operations.back().operands.back().text;
  std::string joined = text;
  joined.insert(joined.find_last_not_of("+#") + 1, {'=', *text_of(x3::_attr(ctx)).data()});
  const char* first = joined.data();
  const char* const last = first + joined.size();
  if (!x3::parse(first, last, fen::grammar::san >> x3::eoi)) {
    x3::_pass(ctx) = false;
    return;
  }
  text = std::move(joined);
};

inline auto const add_integer = [](auto& ctx) {
  const std::string_view text = text_of(x3::_attr(ctx));
  const char* digits = text.data() + (text[0] == '+');
  std::int64_t value = 0;
  const auto [end, error] = std::from_chars(digits, text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size())
    return refuse(ctx, text.data(), "number out of range");
  add_operand(ctx, OperandKind::integer, text.data()).integer = value;
};

inline auto const add_real = [](auto& ctx) {
  const std::string_view text = text_of(x3::_attr(ctx));
  const char* digits = text.data() + (text[0] == '+');
  double value = 0;
  const auto [end, error] = std::from_chars(digits, text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size())
    return refuse(ctx, text.data(), "number out of range");
  Operand& operand = add_operand(ctx, OperandKind::real, text.data());
  operand.real = value;
  operand.text.assign(text);
};

// A quoted string arrives as written, quotes included: \" and \\ stand for " and \, any other
// backslash for itself.
inline auto const add_string = [](auto& ctx) {
  const std::string_view text = text_of(x3::_attr(ctx));
  std::string value;
  value.reserve(text.size() - 2);
  for (std::size_t i = 1; i + 1 < text.size(); ++i) {
    if (text[i] == '\\' && (text[i + 1] == '"' || text[i + 1] == '\\') && i + 2 < text.size()) ++i;
    value += text[i];
  }
  add_operand(ctx, OperandKind::string, text.data()).text = to_utf8(std::move(value));
};
inline auto const mark_quote = [](auto& ctx) { state(ctx).string_at = &*x3::_attr(ctx).begin(); };

// An unquoted string runs to the ';' or the end of the line, trailing blanks left out.
inline auto const add_unquoted = [](auto& ctx) {
  std::string_view text = text_of(x3::_attr(ctx));
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  add_operand(ctx, OperandKind::string, text.data()).text = to_utf8(std::string(text));
};

inline auto const add_word = [](auto& ctx) {
  const std::string_view text = text_of(x3::_attr(ctx));
  add_operand(ctx, OperandKind::word, text.data()).text = to_utf8(std::string(text));
};

// The first operand of tcri and tcsi, unquoted.
inline auto const add_word_string = [](auto& ctx) {
  const std::string_view text = text_of(x3::_attr(ctx));
  add_operand(ctx, OperandKind::string, text.data()).text = to_utf8(std::string(text));
};

// The fifth and sixth FEN fields; a '-' clock (seen in the wild) is skipped.
inline auto const clock_number = [](auto& ctx) {
  EpdParseState& st = state(ctx);
  if (st.clock_index == 0)
    st.record.setup.halfmove_clock = x3::_attr(ctx);
  else
    st.record.setup.fullmove_number = x3::_attr(ctx);
  st.record.clock_fields = std::uint8_t(st.clock_index + 1);
  ++st.clock_index;
};
inline auto const clock_dash = [](auto& ctx) { ++state(ctx).clock_index; };

// `bm h3; Be1`: a move where an opcode should be, after a list of moves, continues the list.
inline auto const after_move_list = [](auto& ctx) {
  const auto& ops = state(ctx).record.operations;
  const OperandShape shape = ops.empty() ? OperandShape::none : ops.back().shape();
  x3::_pass(ctx) = shape == OperandShape::moves || shape == OperandShape::variation;
};

}  // namespace actions

// ---------------------------------------------------------------- Tokens

auto const blank = x3::ascii::blank;
auto const token_end = &(blank | ';' | x3::eoi);
// A quote ends a number as it ends a word or an opcode (`id"x"`): `7""` is the integer 7 and
// an empty string, which is also how the writer's `7 ""` reads. Were `7` a word here, the
// written record would come back with an integer in its place.
auto const number_end = &(blank | ';' | '"' | x3::eoi);
auto const word_char = ~x3::char_(" \t;\"");
auto const sign = x3::lit('+') | '-';
auto const digit = x3::ascii::digit;

auto const integer_token = x3::raw[x3::lexeme[-sign >> +digit >> number_end]];
auto const exponent = (x3::lit('e') | 'E') >> -sign >> +digit;
auto const real_token = x3::raw[x3::lexeme[-sign >> ((+digit >> '.' >> *digit) | ('.' >> +digit)) >>
                                           -exponent >> number_end]];
auto const word_token = x3::raw[x3::lexeme[+word_char]];
// A move is SAN or long algebraic. Where an operand may be a move, a token that reads as one
// is one: `bm c5` is a pawn move, not the comment opcode c5.
auto const move_token = x3::raw[x3::lexeme[fen::grammar::san >> token_end]];
// `Qd1 + ;` and `Nxb6 + ?`: check marks and assessments written apart from their move, and
// `f8 = Q`, a promotion.
auto const detached_suffix = x3::lexeme[+(x3::lit('+') | '#' | '!' | '?') >> token_end];
auto const detached_promotion =
    x3::lexeme['=' >> token_end] >> x3::raw[x3::lexeme[x3::char_("QRBNqrbn") >> token_end]];
auto const unquoted_text = x3::raw[x3::lexeme[word_char >> *~x3::char_(';')]];

template <typename Opcode, typename Action = decltype(actions::begin_operation)>
auto opcode_token(Opcode opcode, Action action = actions::begin_operation) {
  return x3::raw[x3::lexeme[opcode >> -x3::lit('=')]][action];
}

// ---------------------------------------------------------------- Rules

x3::rule<class move_operand_class> const move_operand = "a move";
x3::rule<class integer_operand_class> const integer_operand = "an integer";
x3::rule<class string_operand_class> const string_operand = "a string";
x3::rule<class first_string_class> const first_string = "a string";
x3::rule<class generic_operand_class> const generic_operand = "an operand";
x3::rule<class quoted_string_class> const quoted_string = "a string";
x3::rule<class closing_quote_class> const closing_quote = "a closing quote";
x3::rule<class clock_field_class> const clock_field = "a clock";
x3::rule<class operation_class> const operation = "an operation";
record_tail_type const record_tail_rule = "operations";

auto const move_operand_def = move_token[actions::add_move] >>
                              -detached_promotion[actions::add_promotion] >> *detached_suffix;
auto const integer_operand_def = integer_token[actions::add_integer];
// "..." with \" and \\ escapes; any other backslash stands for itself. The rule only
// recognises the string; add_string reads its value from the raw text.
auto const quoted_string_def =
    x3::lexeme[(x3::raw[x3::lit('"')][actions::mark_quote] >>
                *(('\\' >> x3::char_("\"\\")) | ~x3::char_('"'))) > closing_quote];
auto const closing_quote_def = x3::lit('"');
auto const string_operand_def =
    x3::raw[quoted_string][actions::add_string] | unquoted_text[actions::add_unquoted];
auto const first_string_def =
    x3::raw[quoted_string][actions::add_string] | word_token[actions::add_word_string];
auto const generic_operand_def =
    x3::raw[quoted_string][actions::add_string] | real_token[actions::add_real] |
    integer_token[actions::add_integer] | word_token[actions::add_word];
auto const clock_field_def = x3::lexeme[x3::uint32 >> token_end][actions::clock_number] |
                             x3::lexeme['-' >> token_end][actions::clock_dash];

auto const operation_def =
    ((opcode_token(moves_opcode) > move_operand) >> *move_operand) |
    (opcode_token(variation_opcode) >> *move_operand) |
    (opcode_token(move_opcode) > move_operand) |
    (opcode_token(integer_opcode) > integer_operand) |
    (opcode_token(string_opcode) > string_operand) |
    (opcode_token(two_strings_opcode) > first_string > string_operand) |
    opcode_token(none_opcode) |
    (x3::eps[actions::after_move_list] >> move_operand >> *move_operand) |
    (opcode_token(any_opcode, actions::begin_private_operation) >> *generic_operand);

// Clocks, then operations separated by ';'. Empty operations (`;;`, a leading ';') are
// nothing; a missing ';' is accepted before a standard opcode (`bm Rc8+ dm 26`).
auto const record_tail_rule_def = -(clock_field >> -clock_field) >> -operation >>
                                  *((';' >> -operation) | (&standard_opcode >> operation));

BOOST_SPIRIT_DEFINE(move_operand, integer_operand, string_operand, first_string, generic_operand,
                    quoted_string, closing_quote, clock_field, operation, record_tail_rule)

}  // namespace fenkit::epd::grammar
