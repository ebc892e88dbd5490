// EPD checking arrives with libepd.
#include "check.hpp"

namespace fenkit::tools {

void check_epd_file(const std::string& path, const CheckOptions&, Diagnostics& diag,
                    CheckTotals& totals) {
  diag.file_error(path, "EPD checking is not available in this build");
  ++totals.unreadable;
}

}  // namespace fenkit::tools
