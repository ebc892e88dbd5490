// The parts of `fenkit check`, one per input format.
#pragma once

#include <cstddef>
#include <string>

#include "command_run.hpp"
#include "input_kind.hpp"
#include "fenkit/fen/setup.hpp"
#include "fenkit/io/input.hpp"

namespace fenkit::tools {

struct CheckOptions {
  bool lenient = false;
  fen::Problems relax;
  unsigned jobs = 0;
  bool syntax_only = false;  // PGN: read the games without replaying their moves
};

struct CheckTotals {
  std::size_t positions = 0, good_positions = 0;  // FEN lines and EPD records
  std::size_t games = 0, good_games = 0;          // PGN games
};

// Each checks an input already open (and reports a failure to read it on).
void check_fen_input(CommandRun& run, io::InputSource& input, const CheckOptions& options,
                     CheckTotals& totals);
void check_epd_input(CommandRun& run, io::InputSource& input, const CheckOptions& options,
                     CheckTotals& totals);
// `size`: the input's size on disk, for the progress line (0 when unknown).
void check_pgn_input(CommandRun& run, io::InputSource& input, std::uint64_t size,
                     const CheckOptions& options, CheckTotals& totals);

// "G games, U used, R rejected" and/or "P positions, U used, R rejected".
Summary check_summary(const CheckTotals& totals);

}  // namespace fenkit::tools
