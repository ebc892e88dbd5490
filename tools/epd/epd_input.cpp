#include "epd_input.hpp"

#include <memory>
#include <stdexcept>

namespace fenkit::tools {

void read_epd_file(CommandRun& run, const std::string& path, const epd::ReadOptions& options,
                   EpdTotals& totals, const RecordHandler& on_record) {
  if (const std::unique_ptr<io::InputSource> in = run.open_input(path))
    read_epd_input(run, *in, options, totals, on_record);
}

void read_epd_input(CommandRun& run, io::InputSource& in, const epd::ReadOptions& options,
                    EpdTotals& totals, const RecordHandler& on_record) {
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
        run.diagnostics().error(name, entry.line, error.column, error.message);
      run.keep_rejected_line(entry.text);
    }
  } catch (const std::runtime_error& e) {
    // Breaks off (a damaged compressed file) after the records before.
    run.input_failed(name, e.what());
  }
}

}  // namespace fenkit::tools
