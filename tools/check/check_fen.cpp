// fenkit check for FEN files: one FEN per line; blank lines and '#' comments are skipped.
#include <cstdio>
#include <stdexcept>

#include "check.hpp"
#include "fenkit/fen/fen.hpp"
#include "fenkit/pgn/input.hpp"

namespace fenkit::tools {

void check_fen_input(pgn::InputSource& in, const CheckOptions& options, Diagnostics& diag,
                     CheckTotals& totals) {
  const std::string& name = in.name();
  const fen::FenOptions fen_options{.lenient = options.lenient, .relax = options.relax};
  try {
    pgn::LineReader lines(in);
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
      diag.error(name, lines.line_number(), error.column ? error.column : first + 1,
                 error.message());
    }
  } catch (const std::runtime_error& e) {
    // Breaks off (a damaged compressed file) after the lines before.
    diag.file_error(name, e.what());
  }
}

void print_summary(const CheckTotals& totals, const Diagnostics& diag) {
  std::string line;
  auto add = [&](std::size_t all, std::size_t used, const char* what) {
    if (!line.empty()) line += "; ";
    line += std::to_string(all) + " " + what + ", " + std::to_string(used) + " used, " +
            std::to_string(all - used) + " rejected";
  };
  if (totals.games || !totals.positions) add(totals.games, totals.good_games, "games");
  if (totals.positions) add(totals.positions, totals.good_positions, "positions");
  line += diag.warnings_note();
  std::fprintf(stderr, "%s\n", line.c_str());
}

}  // namespace fenkit::tools
