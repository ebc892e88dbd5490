// Checking a record against the rules of chess: the position, its moves, its numbers.
#include <algorithm>
#include <limits>

#include "fenkit/epd/read.hpp"
#include "fenkit/fen/san.hpp"

namespace fenkit::epd {

namespace {

// What the range asks of `value`, which is outside it. Where the top is far off (a count, a
// clock), only the bound passed is named.
std::string range_text(const OpcodeInfo& info, std::int64_t value) {
  const bool far_top = info.max >= std::numeric_limits<std::uint32_t>::max();
  if (far_top && value < info.min)
    return info.min == 0 ? "not negative" : "at least " + std::to_string(info.min);
  if (far_top) return "at most " + std::to_string(info.max);
  return "from " + std::to_string(info.min) + " to " + std::to_string(info.max);
}

// Resolves the move operands of one operation in `pos`: all in that position for am, bm,
// pm and sm; one after the other for pv, which stops at its first bad move.
void check_moves(Operation& op, const fen::Position& pos, std::vector<ReadError>& errors) {
  const bool sequence = op.shape() == OperandShape::variation;
  fen::Position at = pos;
  for (Operand& operand : op.operands) {
    if (operand.kind != OperandKind::move) continue;
    const fen::SanResult result = fen::read_san(at, operand.text);
    if (!result || result.move.is_null()) {
      const std::string why = result ? "a null move is not a legal move"
                                     : fen::describe(at, operand.text, result);
      errors.push_back({operand.column, op.opcode + ": " + why});
      if (sequence) return;
      continue;
    }
    operand.move = result.move;
    operand.text = fen::to_san(at, result.move);
    if (sequence) at.play_unchecked(result.move);
  }
}

}  // namespace

std::vector<ReadError> check_record(Record& record, const CheckOptions& options) {
  std::vector<ReadError> errors;
  record.position.reset();

  // The numbers, and opcodes given twice (their meaning would depend on which one a
  // program looks at).
  const std::vector<Operation>& ops = record.operations;
  for (std::size_t i = 0; i < ops.size(); ++i) {
    const Operation& op = ops[i];
    const auto previous = std::find_if(ops.begin(), ops.begin() + std::ptrdiff_t(i),
                                       [&](const Operation& o) { return o.opcode == op.opcode; });
    if (previous != ops.begin() + std::ptrdiff_t(i))
      errors.push_back({op.column, "opcode " + op.opcode + " given more than once"});
    const OpcodeInfo* info = find_opcode(op.opcode);
    if (!info || info->shape != OperandShape::integer) continue;
    const Operand& operand = op.operands.front();  // the grammar requires one
    if (operand.integer < info->min || operand.integer > info->max)
      errors.push_back({operand.column, op.opcode + " " + std::to_string(operand.integer) +
                                            " out of range (" +
                                            range_text(*info, operand.integer) + ")"});
  }

  // The position, with the clocks that hmvc and fmvn give it.
  fen::Setup setup = record.setup;
  setup.halfmove_clock = record.halfmove_clock();
  setup.fullmove_number = record.fullmove_number();
  fen::Position pos;
  const fen::Problems problems = fen::make_position(
      setup, pos,
      fen::PositionOptions{.relax = options.relax, .chess960 = options.chess960, .variant = record.variant});
  if (!problems.empty()) {
    errors.push_back({1, "illegal position: " + fen::describe(problems)});
  } else {
    record.position = pos;
    for (Operation& op : record.operations) {
      const OperandShape shape = op.shape();
      if (shape == OperandShape::move || shape == OperandShape::moves ||
          shape == OperandShape::variation)
        check_moves(op, pos, errors);
    }
  }

  std::ranges::stable_sort(errors, {}, &ReadError::column);
  return errors;
}

}  // namespace fenkit::epd
