// Reader: EPD records from an input source (a file, standard input, compressed or UTF-16,
// see fenkit/io/input.hpp) or a stream, one line at a time.
//
// Blank lines and lines starting with '#' are skipped; every other line is delivered, as a
// record or with the errors that rejected it, so that nothing is lost.
//
// Thread safety: a Reader belongs to one thread.
#pragma once

#include <cstddef>
#include <istream>
#include <optional>
#include <string>
#include <vector>

#include "fenkit/epd/read.hpp"
#include "fenkit/epd/record.hpp"
#include "fenkit/fen/export.hpp"
#include "fenkit/io/input.hpp"
#include "fenkit/io/line_reader.hpp"

namespace fenkit::epd {

struct FENKIT_API Entry {
  std::size_t line = 0;            // 1-based line number in the input
  std::string text;                // the line, without its line ending and trailing blanks
  Record record;                   // meaningful when ok()
  std::vector<ReadError> errors;   // why the line was rejected
  bool ok() const { return errors.empty(); }
};

class FENKIT_API Reader {
 public:
  // Reads from `in`, which must outlive the reader.
  explicit Reader(io::InputSource& in, ReadOptions options = {});
  explicit Reader(std::istream& in, ReadOptions options = {});

  // Reads the next line that holds a record (or should); false at the end of the input.
  // Reading an InputSource that breaks off (a damaged compressed file) throws
  // std::runtime_error naming it, once the whole lines before the break have been delivered.
  bool next(Entry& entry);

  std::size_t line() const { return line_; }
  // The stream failed for another reason than its end (a read error); InputSource failures are
  // thrown instead.
  bool failed() const { return stream_ && stream_->bad(); }

 private:
  bool next_line(std::string_view& text);

  std::optional<io::LineReader> lines_;
  std::istream* stream_ = nullptr;
  ReadOptions options_;
  std::size_t line_ = 0;
  std::string buffer_;
};

}  // namespace fenkit::epd
