// `fenkit epd --from-pgn`: position suites made from the games of PGN files, as engine
// testers make opening suites (the positions after ply 8 of master games, say).
#pragma once

#include "cli.hpp"
#include "epd_output.hpp"

namespace fenkit::tools {

// The options that only --from-pgn takes, for `fenkit epd`'s option table.
po::options_description from_pgn_options();

// The first option of from_pgn_options() (other than --from-pgn) or of the game selection that
// the command line uses, or "".
std::string from_pgn_option_used(const po::variables_map& values);

// Reads the PGN files named on the command line and writes the suite; returns the exit status.
// `fields_as_read`: --fields was left at as-read, which here means the four EPD fields alone.
int run_epd_from_pgn(const po::variables_map& values, EpdFormat format, epd::WriteOptions write,
                     bool fields_as_read);

}  // namespace fenkit::tools
