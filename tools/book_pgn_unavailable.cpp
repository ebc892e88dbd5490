// PGN input of `fenkit book build`, in a build without the PGN reader.
#include "book.hpp"

namespace fenkit::tools {

bool pgn_input_available() { return false; }

void add_pgn_games(const std::string& path, epd::BookBuilder&, int, Diagnostics& diag,
                   BookInputTotals& totals) {
  diag.file_error(path, "PGN input is not available in this build of fenkit");
  ++totals.unreadable_files;
}

}  // namespace fenkit::tools
