// fenkit check for FEN files: one FEN per line; blank lines and '#' comments are skipped.
#include <cstdio>
#include <fstream>
#include <iostream>

#include "check.hpp"
#include "compressed_input.hpp"
#include "fenkit/fen/fen.hpp"

namespace fenkit::tools {

void check_fen_file(const std::string& path, const CheckOptions& options, Diagnostics& diag,
                    CheckTotals& totals) {
  std::string error;
  const std::unique_ptr<std::istream> in = open_input(path, error);
  if (!in) {
    diag.file_error(display_name(path), error);
    ++totals.unreadable;
    return;
  }
  const std::string name = display_name(path);
  const fen::FenOptions fen_options{.lenient = options.lenient, .relax = options.relax};
  std::string line;
  std::size_t number = 0;
  while (std::getline(*in, line)) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const std::size_t first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line[first] == '#') continue;
    ++totals.positions;
    fen::Position pos;
    const fen::FenError error = fen::read_fen(line, pos, fen_options);
    if (!error) {
      ++totals.good_positions;
      continue;
    }
    diag.error(name, number, error.column ? error.column : first + 1, error.message());
  }
  if (in->bad()) {
    diag.file_error(name, "read error (corrupt or cut-short compressed data?)");
    ++totals.unreadable;
  }
}

void print_summary(const CheckTotals& totals, const Diagnostics& diag) {
  if (totals.positions)
    std::fprintf(stderr, "%zu positions, %zu good, %zu rejected\n", totals.positions,
                 totals.good_positions, totals.positions - totals.good_positions);
  if (totals.games)
    std::fprintf(stderr, "%zu games, %zu good, %zu rejected, %zu warnings\n", totals.games,
                 totals.good_games, totals.games - totals.good_games, diag.warnings());
  if (!totals.positions && !totals.games) std::fprintf(stderr, "nothing to check\n");
}

}  // namespace fenkit::tools
