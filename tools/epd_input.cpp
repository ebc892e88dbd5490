#include "epd_input.hpp"

#include "compressed_input.hpp"

namespace fenkit::tools {

bool read_epd_file(const std::string& path, const epd::ReadOptions& options, Diagnostics& diag,
                   EpdTotals& totals, const RecordHandler& on_record,
                   const RecordHandler& on_reject) {
  const std::string name = display_name(path);
  std::string error;
  const std::unique_ptr<std::istream> in = open_input(path, error);
  if (!in) {
    diag.file_error(name, error);
    ++totals.unreadable;
    return false;
  }
  epd::Reader reader(*in, options);
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
  if (reader.failed()) {
    diag.file_error(name, "read error after line " + std::to_string(reader.line()) +
                              " (corrupt compressed data?)");
    ++totals.unreadable;
    return false;
  }
  return true;
}

}  // namespace fenkit::tools
