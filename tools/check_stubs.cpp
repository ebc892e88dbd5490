// PGN checking arrives with libpgn.
#include "check.hpp"

namespace fenkit::tools {

void check_pgn_file(const std::string& path, const CheckOptions&, Diagnostics& diag,
                    CheckTotals& totals) {
  diag.file_error(path, "PGN checking is not available in this build");
  ++totals.unreadable;
}

}  // namespace fenkit::tools
