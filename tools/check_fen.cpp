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
  if (in->bad()) diag.file_error(name, "cannot decompress: the data is corrupt or cut short");
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
