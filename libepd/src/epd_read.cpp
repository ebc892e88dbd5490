// Reading one EPD line: libfen reads the four fields, the X3 grammar (grammar/epd_def.hpp)
// the clocks and operations; this driver turns a failure into a column and a reason.
#include <algorithm>
#include <stdexcept>

#include "fenkit/epd/read.hpp"
#include "fenkit/fen/fen.hpp"
#include "fenkit/fen/printable.hpp"
#include "grammar/epd.hpp"
#include "grammar/epd_config.hpp"

namespace fenkit::epd {

namespace {

namespace x3 = boost::spirit::x3;

bool is_blank(char c) { return c == ' ' || c == '\t'; }

// Line endings, trailing blanks and the NUL padding some suites carry are not part of a record.
std::string_view trim_end(std::string_view line) {
  while (!line.empty() && (is_blank(line.back()) || line.back() == '\r' || line.back() == '\0'))
    line.remove_suffix(1);
  return line;
}

// The token at `at`, for messages: up to the next blank or ';' (at least one character).
std::string token_at(const char* at, const char* end) {
  const char* p = at;
  while (p != end && !is_blank(*p) && (*p != ';' || p == at)) ++p;
  if (p == at) return "end of line";
  std::string quoted(1, '\'');
  fen::append_printable(quoted, std::string_view(at, std::size_t(p - at)));
  quoted += '\'';
  return quoted;
}

ReadError error_at(std::string_view line, const char* at, std::string message) {
  return ReadError{std::size_t(at - line.data()) + 1, std::move(message)};
}

// A record is one line of printable text; as in PGN, a tab is the only control character it
// may hold. Any other (LF, CR, NUL, ESC ...) in the operations is refused where it stands:
// EPD has no escape for it, so the writer could only copy it, and the line written would
// break in two (LF, and CR for many tools) or end early for tools that read C strings (NUL).
// The trailing NULs and CRs of padded or CRLF lines are cut off before this check.
const char* find_control(const char* first, const char* last) {
  return std::find_if(first, last, [](char c) {
    const auto u = static_cast<unsigned char>(c);
    return (u < 0x20 && c != '\t') || u == 0x7F;
  });
}

std::string describe_byte(char c) {
  static constexpr char kHex[] = "0123456789abcdef";
  const auto u = static_cast<unsigned char>(c);
  return {'\\', 'x', kHex[u >> 4], kHex[u & 15]};
}

// The variant a `variant` operation names ("variant crazyhouse;", "variant \"Three-check\";"),
// looked for before the fields are read: they are read in its FEN. Standard chess when the line
// has none, or names one fenkit does not play (the operation is then an ordinary one).
fen::Variant variant_of_line(std::string_view line) {
  for (std::size_t at = line.find("variant"); at != std::string_view::npos;
       at = line.find("variant", at + 1)) {
    if (at == 0 || !(is_blank(line[at - 1]) || line[at - 1] == ';')) continue;
    std::size_t i = at + 7;
    if (i >= line.size() || !is_blank(line[i])) continue;
    while (i < line.size() && is_blank(line[i])) ++i;
    const bool quoted = i < line.size() && line[i] == '"';
    const std::size_t start = i + quoted;
    const std::size_t end = line.find(quoted ? '"' : ';', start);
    if (end == std::string_view::npos) continue;
    std::string_view name = line.substr(start, end - start);
    while (!name.empty() && is_blank(name.back())) name.remove_suffix(1);
    if (const std::optional<fen::VariantName> found = fen::find_variant(name)) return found->variant;
  }
  return fen::Variant::standard;
}

// The variant the record's own first `variant` operation names, or standard chess: its one
// operand, or its unquoted words as one name (`variant King of the Hill;`), as variant_of_line
// reads them; a string with more after it names none.
fen::Variant variant_of_operations(const Record& record) {
  const Operation* operation = record.find("variant");
  if (!operation || operation->operands.empty()) return fen::Variant::standard;
  std::string name;
  for (const Operand& operand : operation->operands) {
    if (operand.kind == OperandKind::string && operation->operands.size() > 1)
      return fen::Variant::standard;
    if (!name.empty()) name += ' ';
    name += operand.text;
  }
  const std::optional<fen::VariantName> found = fen::find_variant(name);
  return found ? found->variant : fen::Variant::standard;
}

std::optional<ReadError> parse_record_as(std::string_view text, fen::Variant variant,
                                         Record& out) {
  const std::string_view line = trim_end(text);
  Record record;
  record.variant = variant;
  std::size_t consumed = 0;
  const fen::FenError fen_error =
      fen::read_setup(line, record.setup,
                      fen::FenReadOptions{.lenient = true, .epd_fields_only = true,
                                          .variant = record.variant},
                      &consumed);
  if (fen_error) return ReadError{fen_error.column ? fen_error.column : 1, fen_error.message()};

  const char* first = line.data() + consumed;
  const char* const last = line.data() + line.size();
  if (first != last && !is_blank(*first) && *first != ';')
    return error_at(line, first,
                    "unexpected " + token_at(first, last) + " after the en-passant field");

  if (const char* control = find_control(first, last); control != last)
    return error_at(line, control,
                    "control character " + describe_byte(*control) + " in the operations");

  grammar::EpdParseState state{.record = record, .line = line.data()};
  try {
    const bool ok = x3::phrase_parse(
        first, last, x3::with<grammar::epd_state_tag>(state)[grammar::record_tail()],
        x3::ascii::blank);
    if (!ok || first != last) {
      const char* at = first;
      while (at != last && is_blank(*at)) ++at;
      if (!state.refusal.empty() && state.refused_at == at)
        return error_at(line, at, state.refusal);
      const char* expected =
          record.operations.empty() ? ": expected an opcode" : ": expected ';' or an opcode";
      return error_at(line, first, "unexpected " + token_at(first, last) + expected);
    }
  } catch (const x3::expectation_failure<const char*>& e) {
    const char* at = e.where();
    while (at != last && is_blank(*at)) ++at;
    if (!state.refusal.empty() && state.refused_at == at)
      return error_at(line, at, record.operations.back().opcode + ": " + state.refusal);
    if (e.which() == "a closing quote")
      return error_at(line, state.string_at ? state.string_at : at, "string not closed");
    const std::string opcode = record.operations.empty() ? "" : record.operations.back().opcode;
    return error_at(line, at, opcode + ": expected " + e.which() + ", found " + token_at(at, last));
  }
  out = std::move(record);
  return std::nullopt;
}

}  // namespace

std::optional<ReadError> parse_record(std::string_view text, Record& out) {
  const fen::Variant named = variant_of_line(trim_end(text));
  Record record;
  if (std::optional<ReadError> error = parse_record_as(text, named, record)) return error;
  // The look ahead may have found "variant" inside another operation's operand
  // (`id "... variant Horde"`): the record's own operations decide, and the fields are read
  // again by their rules.
  if (const fen::Variant own = variant_of_operations(record); own != named) {
    if (std::optional<ReadError> error = parse_record_as(text, own, record)) return error;
    record.variant = own;
  }
  out = std::move(record);
  return std::nullopt;
}

std::vector<ReadError> read_record(std::string_view line, Record& out, const ReadOptions& options) {
  Record record;
  if (std::optional<ReadError> error = parse_record(line, record)) return {*std::move(error)};
  if (options.check) {
    std::vector<ReadError> errors = check_record(record, options.checks);
    if (!errors.empty()) return errors;
  }
  out = std::move(record);
  return {};
}

Record record_from_epd(std::string_view line, const ReadOptions& options) {
  Record record;
  const std::vector<ReadError> errors = read_record(line, record, options);
  if (!errors.empty())
    throw std::invalid_argument("column " + std::to_string(errors[0].column) + ": " +
                                errors[0].message);
  return record;
}

}  // namespace fenkit::epd
