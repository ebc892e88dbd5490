// fenkit check for FEN files: one FEN per line; blank lines and '#' comments are skipped.
#include <stdexcept>

#include "check.hpp"
#include "fenkit/fen/fen.hpp"
#include "fenkit/io/input.hpp"
#include "fenkit/io/line_reader.hpp"

namespace fenkit::tools {

void check_fen_input(CommandRun& run, io::InputSource& in, const CheckOptions& options,
                     CheckTotals& totals) {
  const std::string& name = in.name();
  const fen::FenOptions fen_options{.lenient = options.lenient, .relax = options.relax};
  try {
    io::LineReader lines(in);
    std::string_view line;
    while (lines.next(line)) {
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      const std::size_t first = line.find_first_not_of(" \t");
      if (first == std::string_view::npos || line[first] == '#') continue;
      ++totals.positions;
      fen::Position pos;
      const fen::FenError error = fen::read_fen(line, pos, fen_options);
      if (!error) {
        ++totals.good_positions;
        continue;
      }
      run.diagnostics().error(name, lines.line_number(), error.column ? error.column : first + 1,
                 error.message());
    }
  } catch (const std::runtime_error& e) {
    // Breaks off (a damaged compressed file) after the lines before.
    run.input_failed(name, e.what());
  }
}

Summary check_summary(const CheckTotals& totals) {
  Summary summary;
  if (totals.games || !totals.positions)
    summary.and_counts("games", totals.games, totals.good_games, totals.games - totals.good_games);
  if (totals.positions)
    summary.and_counts("positions", totals.positions, totals.good_positions,
                       totals.positions - totals.good_positions);
  return summary;
}

}  // namespace fenkit::tools
