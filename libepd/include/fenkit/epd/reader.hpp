// Reader: EPD records from a stream, one line at a time.
//
// Blank lines and lines starting with '#' are skipped; every other line is delivered, as a
// record or with the errors that rejected it, so that nothing is lost.
#pragma once

#include <cstddef>
#include <istream>
#include <string>
#include <vector>

#include "fenkit/epd/read.hpp"
#include "fenkit/epd/record.hpp"

namespace fenkit::epd {

struct Entry {
  std::size_t line = 0;            // 1-based line number in the input
  std::string text;                // the line, without its line ending and trailing blanks
  Record record;                   // meaningful when ok()
  std::vector<ReadError> errors;   // why the line was rejected
  bool ok() const { return errors.empty(); }
};

class Reader {
 public:
  explicit Reader(std::istream& in, ReadOptions options = {});

  // Reads the next line that holds a record (or should); false at the end of the input.
  bool next(Entry& entry);

  std::size_t line() const { return line_; }
  // The stream failed for another reason than its end (a read or decompression error).
  bool failed() const { return in_.bad(); }

 private:
  std::istream& in_;
  ReadOptions options_;
  std::size_t line_ = 0;
  std::string buffer_;
};

}  // namespace fenkit::epd
