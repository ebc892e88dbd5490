#include "epd_output.hpp"

#include <charconv>

#include "cli.hpp"
#include "fenkit/pgn/detail/json.hpp"

namespace fenkit::tools {

namespace {

constexpr std::size_t kFlushSize = 1 << 16;

void append_json_number(std::string& out, auto value) {
  char buffer[32];
  out.append(buffer, std::to_chars(buffer, buffer + sizeof buffer, value).ptr);
}

void append_json_operand(std::string& out, const epd::Operand& operand) {
  switch (operand.kind) {
    case epd::OperandKind::integer: append_json_number(out, operand.integer); break;
    case epd::OperandKind::real: append_json_number(out, operand.real); break;
    case epd::OperandKind::move:
    case epd::OperandKind::string:
    case epd::OperandKind::word: pgn::detail::append_json_string(out, operand.text); break;
  }
}

void append_json_array(std::string& out, const std::vector<epd::Operand>& operands) {
  out += '[';
  for (std::size_t i = 0; i < operands.size(); ++i) {
    if (i) out += ',';
    append_json_operand(out, operands[i]);
  }
  out += ']';
}

// Move lists (am, bm, pv) are always arrays, whatever their length; one-operand opcodes are
// scalars; no operand is null.
void append_json_operands(std::string& out, const epd::Operation& op) {
  const epd::OperandShape shape = op.shape();
  if (shape == epd::OperandShape::moves || shape == epd::OperandShape::variation ||
      shape == epd::OperandShape::two_strings || op.operands.size() > 1)
    append_json_array(out, op.operands);
  else if (op.operands.empty())
    out += "null";
  else
    append_json_operand(out, op.operands.front());
}

}  // namespace

EpdFormat epd_format_from_name(const std::string& name) {
  if (name == "epd") return EpdFormat::epd;
  if (name == "fen") return EpdFormat::fen;
  if (name == "jsonl") return EpdFormat::jsonl;
  throw UsageError("unknown --format '" + name + "' (epd, fen or jsonl)");
}

EpdOutput::EpdOutput(EpdFormat format, epd::WriteOptions options, io::OutputFile& out)
    : format_(format), options_(options), out_(out) {
  buffer_.reserve(kFlushSize + 4096);
}

void EpdOutput::write(const epd::Record& record) {
  switch (format_) {
    case EpdFormat::epd: epd::write_epd(record, buffer_, options_); break;
    case EpdFormat::fen: buffer_ += record.fen(); break;
    case EpdFormat::jsonl: write_json(record); break;
  }
  buffer_ += '\n';
  if (buffer_.size() >= kFlushSize) flush();
}

void EpdOutput::write_line(std::string_view line) {
  buffer_.append(line);
  buffer_ += '\n';
  if (buffer_.size() >= kFlushSize) flush();
}

// {"fen":"<six-field FEN>","operations":{"bm":["Qg6"],"id":"WAC.001","ce":32764}}
void EpdOutput::write_json(const epd::Record& record) {
  buffer_ += "{\"fen\":";
  pgn::detail::append_json_string(buffer_, record.fen());
  buffer_ += ",\"operations\":{";
  bool first = true;
  for (const epd::Operation& op : record.operations) {
    if (!first) buffer_ += ',';
    first = false;
    pgn::detail::append_json_string(buffer_, op.opcode);
    buffer_ += ':';
    append_json_operands(buffer_, op);
  }
  buffer_ += "}}";
}

void EpdOutput::flush() {
  out_.write(buffer_);
  buffer_.clear();
}

}  // namespace fenkit::tools
