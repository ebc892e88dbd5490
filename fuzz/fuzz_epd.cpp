// EPD records: what the writer writes, the reader reads back as the same record.
//
// The input is EPD text, read line by line as `fenkit epd` reads it and whole as one record,
// once with the chess checked and once for the syntax only. For each record read, in each clock
// mode and with the operations in the record's order or sorted, the line written reads back (as one
// line, through the same reader) to an equal record, which writes the same line again.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>

#include "fenkit/epd/read.hpp"
#include "fenkit/epd/reader.hpp"
#include "fenkit/epd/record.hpp"
#include "fenkit/epd/write.hpp"
#include "fuzz_check.hpp"

namespace {

using namespace fenkit::epd;

// The one record of a written line, read as a file of one line is read.
Record read_back(const std::string& line, const ReadOptions& options, std::string_view original) {
  std::istringstream in(line + "\n");
  Reader reader(in, options);
  Entry entry;
  const std::string context = "read: " + std::string(original) + "\nwritten: " + line;
  FUZZ_CHECK(reader.next(entry), "the written line is not read as a record\n" + context);
  FUZZ_CHECK(entry.ok(), "the written line is rejected: column " +
                             std::to_string(entry.errors.empty() ? 0 : entry.errors[0].column) +
                             ": " + (entry.errors.empty() ? "" : entry.errors[0].message) + "\n" +
                             context);
  Entry extra;
  FUZZ_CHECK(!reader.next(extra), "the written line reads as more than one line\n" + context);
  return std::move(entry.record);
}

void check_record(const Record& record, const ReadOptions& options, std::string_view original) {
  // In the record's order, clocks as read: the same record.
  const std::string written = to_epd(record);
  const Record again = read_back(written, options, original);
  FUZZ_CHECK(again == record, "the written line reads back as another record\nread: " +
                                  std::string(original) + "\nwritten: " + written);
  FUZZ_CHECK(to_epd(again) == written, "written again differently: " + to_epd(again));

  // Sorted: the same record with its operations in order of opcode.
  Record sorted = record;
  std::ranges::stable_sort(sorted.operations, {}, &Operation::opcode);
  const std::string written_sorted = to_epd(record, {.sort_operations = true});
  FUZZ_CHECK(written_sorted == to_epd(sorted), "sorting differs: " + written_sorted);
  const Record again_sorted = read_back(written_sorted, options, original);
  FUZZ_CHECK(again_sorted == sorted, "the sorted line reads back as another record\nread: " +
                                         std::string(original) + "\nwritten: " + written_sorted);

  // Four or six fields: the same position and clocks, and the same line once more.
  for (ClockFields clocks : {ClockFields::four, ClockFields::six}) {
    const std::string text = to_epd(record, {.clocks = clocks});
    const Record other = read_back(text, options, original);
    FUZZ_CHECK(other.fen() == record.fen(),
               "clocks change: " + text + " gives " + other.fen() + ", the record " + record.fen());
    FUZZ_CHECK(to_epd(other, {.clocks = clocks}) == text,
               "written again differently: " + text + " / " + to_epd(other, {.clocks = clocks}));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  for (const bool check : {true, false}) {
    const ReadOptions options{.check = check};
    std::istringstream in(text);
    Reader reader(in, options);
    Entry entry;
    while (reader.next(entry)) {
      for (const ReadError& e : entry.errors)
        FUZZ_CHECK(e.column >= 1 && e.column <= entry.text.size() + 1,
                   "error column " + std::to_string(e.column) + " outside the line: " + e.message);
      if (entry.ok()) check_record(entry.record, options, entry.text);
    }
    // The whole input as one record, as a program holding text from elsewhere would read it.
    Record record;
    if (read_record(text, record, options).empty()) check_record(record, options, text);
  }
  return 0;
}
