// Reading EPD files for the fenkit commands: every rejected line reported as
// FILE:LINE:COLUMN: error: MESSAGE (and kept with --rejects), every good record handed on in
// input order.
#pragma once

#include <cstddef>
#include <functional>
#include <string>

#include "command_run.hpp"
#include "fenkit/epd/reader.hpp"
#include "fenkit/io/input.hpp"

namespace fenkit::tools {

struct EpdTotals {
  std::size_t records = 0;  // lines that held (or should have held) a record
  std::size_t rejected = 0;
};

using RecordHandler = std::function<void(const epd::Entry&)>;

// Reads a file ("-": standard input; compressed input is recognised): good records go to
// `on_record`; a rejected line is reported, and its text kept when the run keeps rejects. A file
// that cannot be opened or read to its end is reported as such (exit status 2).
void read_epd_file(CommandRun& run, const std::string& path, const epd::ReadOptions& options,
                   EpdTotals& totals, const RecordHandler& on_record);
// The same for an input already open.
void read_epd_input(CommandRun& run, io::InputSource& input, const epd::ReadOptions& options,
                    EpdTotals& totals, const RecordHandler& on_record);

}  // namespace fenkit::tools
