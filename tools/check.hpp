// The parts of `fenkit check`, one per input format.
#pragma once

#include <cstddef>
#include <string>

#include "cli.hpp"
#include "fenkit/fen/setup.hpp"
#include "fenkit/pgn/input.hpp"
#include "progress.hpp"

namespace fenkit::tools {

enum class InputFormat { fen, epd, pgn };

struct CheckOptions {
  bool quiet = false;
  bool lenient = false;
  fen::Problems relax;
  unsigned jobs = 0;
  bool syntax_only = false;  // PGN: read the games without replaying their moves
};

struct CheckTotals {
  std::size_t positions = 0, good_positions = 0;  // FEN lines and EPD records
  std::size_t games = 0, good_games = 0;          // PGN games
};

void check_fen_file(const std::string& path, const CheckOptions& options, Diagnostics& diag,
                    CheckTotals& totals);
void check_epd_file(const std::string& path, const CheckOptions& options, Diagnostics& diag,
                    CheckTotals& totals);
void check_pgn_file(const std::string& path, const CheckOptions& options, Diagnostics& diag,
                    Progress& progress, CheckTotals& totals);
void check_pgn_input(pgn::InputSource& input, const CheckOptions& options, Diagnostics& diag,
                     Progress& progress, CheckTotals& totals);

// "G games, U used, R rejected" and/or "P positions, U used, R rejected", with the warnings.
void print_summary(const CheckTotals& totals, const Diagnostics& diag);

}  // namespace fenkit::tools
