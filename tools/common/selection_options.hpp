// The game-selection options, the same in every command that reads games (fenkit pgn, replay,
// epd --from-pgn, book build): pgn::SelectionCriteria's criteria as command-line options.
#pragma once

#include "fenkit/pgn/game_filter.hpp"
#include "options.hpp"

namespace fenkit::tools {

// --white --black --player --regex --tag --result --min-elo --eco --date-from --date-to
// --time-control --min-plies --max-plies --variant --position --position-file --games --invert
po::options_description selection_options();

// The filter the command line asks for (empty when no selection option was given). Throws
// UsageError naming the option for a value it cannot take.
pgn::GameFilter filter_from(const po::variables_map& values);

}  // namespace fenkit::tools
