// fenkit check for EPD files: every record read and checked (position, moves, numbers).
#include "check.hpp"
#include "epd/epd_input.hpp"

namespace fenkit::tools {

void check_epd_input(CommandRun& run, io::InputSource& input, const CheckOptions& options,
                     CheckTotals& totals) {
  epd::ReadOptions read;
  read.checks.relax = options.relax;
  EpdTotals epd_totals;
  read_epd_input(run, input, read, epd_totals, nullptr);
  totals.positions += epd_totals.records;
  totals.good_positions += epd_totals.records - epd_totals.rejected;
}

}  // namespace fenkit::tools
