// EPD input of `fenkit book build`: the moves of each record become book moves. A record's
// moves are its bm, pm and sm moves, each of the same weight: 1, or the whole number of the
// opcode --weight-opcode names. A record may instead give each move a weight of its own, as
// `fenkit book dump` writes it (c0 "e4=120 d4=80 c4=0"), so that a dumped book builds back to
// the same bytes.
#include <algorithm>
#include <charconv>

#include "book.hpp"
#include "epd/epd_input.hpp"
#include "fenkit/fen/san.hpp"

namespace fenkit::tools {

namespace {

constexpr std::uint64_t kMaxWeight = 65535;

// A whole number from 0 to 65535, written without sign or blanks.
std::optional<std::uint16_t> whole_weight(std::string_view text) {
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size() || value > kMaxWeight)
    return std::nullopt;
  return std::uint16_t(value);
}

// "SAN=N SAN=N ...", each SAN a legal move of `pos` and each N a weight; nothing otherwise.
std::optional<std::vector<std::pair<fen::Move, std::uint16_t>>> move_weights(
    const fen::Position& pos, std::string_view text) {
  std::vector<std::pair<fen::Move, std::uint16_t>> list;
  while (!text.empty()) {
    const std::size_t blank = std::min(text.find(' '), text.size());
    const std::string_view item = text.substr(0, blank);
    text.remove_prefix(std::min(blank + 1, text.size()));
    if (item.empty()) continue;
    const std::size_t equals = item.rfind('=');  // a promotion has its own: d1=Q=2
    if (equals == std::string_view::npos) return std::nullopt;
    const fen::SanResult move = fen::read_san(pos, item.substr(0, equals));
    const auto weight = whole_weight(item.substr(equals + 1));
    if (!move || !weight) return std::nullopt;
    list.emplace_back(move.move, *weight);
  }
  if (list.empty()) return std::nullopt;
  return list;
}

// The text of an operation's one operand, whatever its kind.
std::optional<std::string> operand_text(const epd::Operation& op) {
  if (op.operands.size() != 1) return std::nullopt;
  const epd::Operand& operand = op.operands.front();
  if (operand.kind == epd::OperandKind::integer) return std::to_string(operand.integer);
  return operand.text;
}

// The distinct moves of bm, pm and sm.
std::vector<fen::Move> record_moves(const epd::Record& record) {
  std::vector<fen::Move> moves = record.bm();
  for (const auto& m : {record.pm(), record.sm()})
    if (m && std::find(moves.begin(), moves.end(), *m) == moves.end()) moves.push_back(*m);
  return moves;
}

}  // namespace

void add_epd_records(CommandRun& run, io::InputSource& input, epd::BookWeights& weights,
                     const EpdBookInput& options, BookInputTotals& totals) {
  epd::ReadOptions read;
  read.checks.chess960 = options.chess960;
  EpdTotals epd_totals;
  const std::string& name = input.name();
  read_epd_input(run, input, read, epd_totals, [&](const epd::Entry& entry) {
    const epd::Record& record = entry.record;
    const fen::Position& pos = *record.position;
    if (pos.variant() != fen::Variant::standard) {
      ++totals.variant_records;
      run.diagnostics().warning(name, entry.line, 1,
                                "a position of " + std::string(fen::variant_name(pos.variant())) +
                                    " is left out: Polyglot books are standard chess");
      return;
    }
    const epd::Operation* op =
        record.find(options.weight_opcode.empty() ? "c0" : options.weight_opcode);
    const std::optional<std::string> text = op ? operand_text(*op) : std::nullopt;
    auto add = [&](fen::Move move, std::uint64_t weight) {
      if (weights.add(pos, move, weight)) return true;
      ++totals.ambiguous;
      return false;
    };
    if (const auto list = text ? move_weights(pos, *text) : std::nullopt) {
      for (const auto& [move, weight] : *list)
        if (!add(move, weight)) break;
      return;
    }
    const std::vector<fen::Move> moves = record_moves(record);
    if (moves.empty()) {
      ++totals.records_without_moves;
      return;
    }
    std::uint64_t weight = 1;
    if (op && !options.weight_opcode.empty()) {
      const auto whole = text ? whole_weight(*text) : std::nullopt;
      if (!whole) {
        ++totals.bad_weights;
        run.diagnostics().warning(name, entry.line, op->column,
                                  "the weight of " + options.weight_opcode +
                                      " is not a whole number from 0 to 65535; the record is "
                                      "left out");
        return;
      }
      weight = *whole;
    }
    for (const fen::Move m : moves)
      if (!add(m, weight)) break;
  });
  totals.records += epd_totals.records;
  totals.rejected_records += epd_totals.rejected;
}

}  // namespace fenkit::tools
