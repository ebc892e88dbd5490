#include "epd_input.hpp"

#include <memory>
#include <stdexcept>

#include "archive_events.hpp"
#include "fenkit/pgn/input.hpp"

namespace fenkit::tools {

bool read_epd_file(const std::string& path, const epd::ReadOptions& options, Diagnostics& diag,
                   EpdTotals& totals, const RecordHandler& on_record,
                   const RecordHandler& on_reject) {
  std::unique_ptr<pgn::InputSource> in;
  try {
    in = pgn::open_input(path);
  } catch (const std::runtime_error& e) {
    diag.file_error(display_name(path), e.what());
    ++totals.unreadable;
    return false;
  }
  announce_terminal_input(in->name(), "EPD");
  return read_epd_input(*in, options, diag, totals, on_record, on_reject);
}

bool read_epd_input(pgn::InputSource& in, const epd::ReadOptions& options, Diagnostics& diag,
                    EpdTotals& totals, const RecordHandler& on_record,
                    const RecordHandler& on_reject) {
  const std::string& name = in.name();
  try {
    epd::Reader reader(in, options);
    epd::Entry entry;
    while (reader.next(entry)) {
      ++totals.records;
      if (entry.ok()) {
        if (on_record) on_record(entry);
        continue;
      }
      ++totals.rejected;
      for (const epd::ReadError& error : entry.errors)
        diag.error(name, entry.line, error.column, error.message);
      if (on_reject) on_reject(entry);
    }
  } catch (const std::runtime_error& e) {
    // Cannot be opened, or breaks off (a damaged compressed file) after the records before.
    diag.file_error(name, e.what());
    ++totals.unreadable;
    return false;
  }
  return true;
}

}  // namespace fenkit::tools
