// EPD input of `fenkit book build`: the bm and pm moves of each record become book moves,
// weighted by a count opcode when asked (1 otherwise).
#include "book.hpp"
#include "epd/epd_input.hpp"

namespace fenkit::tools {

void add_epd_records(const std::string& path, epd::BookWeights& weights, const EpdBookInput& input,
                     Diagnostics& diag, BookInputTotals& totals) {
  epd::ReadOptions options;
  options.checks.chess960 = input.chess960;
  EpdTotals epd_totals;
  read_epd_file(path, options, diag, epd_totals, [&](const epd::Entry& entry) {
    const epd::Record& record = entry.record;
    std::vector<fen::Move> moves = record.bm();
    if (const auto pm = record.pm()) moves.push_back(*pm);
    if (moves.empty()) {
      ++totals.records_without_moves;
      return;
    }
    std::uint64_t weight = 1;
    if (!input.weight_opcode.empty())
      if (const epd::Operation* op = record.find(input.weight_opcode))
        if (const auto n = op->integer(); n && *n > 0) weight = std::uint64_t(*n);
    for (const fen::Move m : moves)
      if (!weights.add(*record.position, m, weight)) {
        ++totals.ambiguous;
        break;
      }
  });
  totals.records += epd_totals.records;
  totals.rejected_records += epd_totals.rejected;
}

}  // namespace fenkit::tools
