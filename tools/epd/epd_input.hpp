// Reading EPD files for the fenkit commands: every rejected line reported as
// FILE:LINE:COLUMN: error: MESSAGE, every good record handed on in input order.
#pragma once

#include <cstddef>
#include <functional>
#include <string>

#include "cli.hpp"
#include "fenkit/epd/reader.hpp"
#include "fenkit/pgn/input.hpp"

namespace fenkit::tools {

struct EpdTotals {
  std::size_t records = 0;     // lines that held (or should have held) a record
  std::size_t rejected = 0;
  std::size_t unreadable = 0;  // files that could not be opened or read to the end
};

using RecordHandler = std::function<void(const epd::Entry&)>;

// Reads a file ("-": standard input; compressed input is recognised): good records go to
// `on_record`, rejected lines (after their errors are reported) to `on_reject`. Returns false
// when the file could not be opened or read to its end (reported, and counted in `totals`).
bool read_epd_file(const std::string& path, const epd::ReadOptions& options, Diagnostics& diag,
                   EpdTotals& totals, const RecordHandler& on_record,
                   const RecordHandler& on_reject = nullptr);
// The same for an input already open.
bool read_epd_input(pgn::InputSource& input, const epd::ReadOptions& options, Diagnostics& diag,
                    EpdTotals& totals, const RecordHandler& on_record,
                    const RecordHandler& on_reject = nullptr);

}  // namespace fenkit::tools
