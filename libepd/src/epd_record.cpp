// Record: lookup, typed access, editing and comparison.
#include <algorithm>
#include <stdexcept>

#include "fenkit/epd/record.hpp"

#include "fenkit/epd/write.hpp"
#include "fenkit/fen/fen.hpp"
#include "fenkit/fen/san.hpp"

namespace fenkit::epd {

// ---------------------------------------------------------------- Operands

Operand Operand::of_integer(std::int64_t value) {
  Operand o;
  o.kind = OperandKind::integer;
  o.integer = value;
  return o;
}

Operand Operand::of_string(std::string value) {
  Operand o;
  o.kind = OperandKind::string;
  o.text = std::move(value);
  return o;
}

Operand Operand::of_word(std::string token) {
  Operand o;
  o.kind = OperandKind::word;
  o.text = std::move(token);
  return o;
}

Operand Operand::of_move(std::string san, fen::Move move) {
  Operand o;
  o.kind = OperandKind::move;
  o.text = std::move(san);
  o.move = move;
  return o;
}

bool operator==(const Operand& a, const Operand& b) {
  if (a.kind != b.kind) return false;
  switch (a.kind) {
    case OperandKind::integer: return a.integer == b.integer;
    case OperandKind::move: return a.text == b.text && a.move == b.move;
    case OperandKind::real:
    case OperandKind::string:
    case OperandKind::word: return a.text == b.text;
  }
  return false;
}

std::optional<std::int64_t> Operation::integer() const {
  if (operands.size() != 1 || operands[0].kind != OperandKind::integer) return std::nullopt;
  return operands[0].integer;
}

std::optional<std::string_view> Operation::string() const {
  if (operands.size() != 1 || operands[0].kind == OperandKind::integer) return std::nullopt;
  return std::string_view(operands[0].text);
}

bool operator==(const Operation& a, const Operation& b) {
  return a.opcode == b.opcode && a.operands == b.operands;
}

// ---------------------------------------------------------------- Lookup

const Operation* Record::find(std::string_view opcode) const {
  for (const Operation& op : operations)
    if (op.opcode == opcode) return &op;
  return nullptr;
}

Operation* Record::find(std::string_view opcode) {
  return const_cast<Operation*>(std::as_const(*this).find(opcode));
}

// ---------------------------------------------------------------- Clocks

std::uint32_t Record::halfmove_clock() const {
  const std::optional<std::int64_t> n = hmvc();
  if (n && *n >= 0 && *n <= UINT32_MAX) return std::uint32_t(*n);
  return clock_fields >= 1 ? setup.halfmove_clock : 0;
}

std::uint32_t Record::fullmove_number() const {
  const std::optional<std::int64_t> n = fmvn();
  if (n && *n >= 0 && *n <= UINT32_MAX) return std::uint32_t(*n);
  return clock_fields >= 2 ? setup.fullmove_number : 1;
}

std::string Record::fen() const {
  // A checked record's FEN is written as FEN always is (castling in KQkq, or X-FEN in Chess960,
  // whatever notation the record used); EPD output keeps the record's own fields.
  if (position) return fen::to_fen(*position);
  std::string out;
  write_fields(setup, out, variant);
  out += ' ';
  out += std::to_string(halfmove_clock());
  out += ' ';
  out += std::to_string(fullmove_number());
  return out;
}

// ---------------------------------------------------------------- Typed access

std::optional<std::int64_t> Record::integer_of(std::string_view opcode) const {
  const Operation* op = find(opcode);
  return op ? op->integer() : std::nullopt;
}

std::optional<std::string_view> Record::string_of(std::string_view opcode) const {
  const Operation* op = find(opcode);
  return op ? op->string() : std::nullopt;
}

std::vector<fen::Move> Record::moves_of(std::string_view opcode) const {
  std::vector<fen::Move> moves;
  if (const Operation* op = find(opcode))
    for (const Operand& o : op->operands)
      if (o.kind == OperandKind::move && o.move) moves.push_back(o.move);
  return moves;
}

std::optional<fen::Move> Record::move_of(std::string_view opcode) const {
  const Operation* op = find(opcode);
  if (!op || op->operands.size() != 1 || !op->operands[0].move) return std::nullopt;
  return op->operands[0].move;
}

static std::string numbered(char letter, int n) {
  if (n < 0 || n > 9) throw std::out_of_range("EPD comment and variation opcodes run from 0 to 9");
  return std::string{letter, char('0' + n)};
}

std::optional<std::string_view> Record::c(int n) const { return string_of(numbered('c', n)); }
std::optional<std::string_view> Record::v(int n) const { return string_of(numbered('v', n)); }

using StringPair = std::pair<std::string_view, std::string_view>;

static std::optional<StringPair> two_strings(const Operation* op) {
  if (!op || op->operands.size() != 2) return std::nullopt;
  return StringPair(op->operands[0].text, op->operands[1].text);
}

std::optional<StringPair> Record::tcri() const {
  return two_strings(find("tcri"));
}

std::optional<StringPair> Record::tcsi() const {
  return two_strings(find("tcsi"));
}

// ---------------------------------------------------------------- Editing

Operation& Record::set(std::string_view opcode, std::vector<Operand> operands) {
  Operation* op = find(opcode);
  if (!op) {
    operations.push_back(Operation{std::string(opcode), {}, 0});
    op = &operations.back();
  }
  op->operands = std::move(operands);
  return *op;
}

Operation& Record::set_integer(std::string_view opcode, std::int64_t value) {
  return set(opcode, {Operand::of_integer(value)});
}

Operation& Record::set_string(std::string_view opcode, std::string value) {
  return set(opcode, {Operand::of_string(std::move(value))});
}

Operation& Record::set_moves(std::string_view opcode, std::span<const fen::Move> moves) {
  if (!position) throw std::logic_error("EPD record has no checked position to write moves in");
  const bool sequence = shape_of(opcode) == OperandShape::variation;
  fen::Position pos = *position;
  std::vector<Operand> operands;
  operands.reserve(moves.size());
  for (fen::Move m : moves) {
    operands.push_back(Operand::of_move(fen::to_san(pos, m), m));
    if (sequence) pos.play_unchecked(m);
  }
  return set(opcode, std::move(operands));
}

std::size_t Record::erase(std::string_view opcode) {
  return std::erase_if(operations, [&](const Operation& op) { return op.opcode == opcode; });
}

// ---------------------------------------------------------------- Comparison

bool operator==(const Record& a, const Record& b) {
  const fen::Setup &x = a.setup, &y = b.setup;
  const bool same_fields =
      x.board == y.board && x.side_to_move == y.side_to_move &&
      std::string_view(x.castling.data(), x.castling_count) ==
          std::string_view(y.castling.data(), y.castling_count) &&
      x.en_passant == y.en_passant;
  if (!same_fields || a.clock_fields != b.clock_fields) return false;
  if (a.clock_fields >= 1 && x.halfmove_clock != y.halfmove_clock) return false;
  if (a.clock_fields >= 2 && x.fullmove_number != y.fullmove_number) return false;
  return a.operations == b.operations;
}

}  // namespace fenkit::epd
