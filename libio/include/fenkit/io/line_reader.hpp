// The lines of an input, for the formats that are read line by line (FEN, EPD, perft suites).
//
// Thread safety: a LineReader belongs to one thread, with its input.
#pragma once

#include <cstddef>
#include <cstdint>
#include <exception>
#include <string>
#include <string_view>

#include "fenkit/io/export.hpp"
#include "fenkit/io/input.hpp"

namespace fenkit::io {

// The lines of an input, one at a time. A UTF-8 byte-order mark at the start of the input is
// skipped.
class FENKIT_API LineReader {
 public:
  explicit LineReader(InputSource& input);

  // The next line, without its '\n' (a '\r' before it stays, as std::getline leaves it); the
  // last line may have no '\n'. False at the end of the input. The view is valid until the
  // next call. Throws std::runtime_error when the input cannot be read on, once the whole lines
  // before the failure have been handed out (the line it cuts is not).
  bool next(std::string_view& line);

  // The number of the last line handed out, from 1.
  std::uint64_t line_number() const { return line_; }

 private:
  bool fill();

  InputSource& input_;
  std::string_view mapped_;  // the whole input, when it is in memory
  std::string buffer_;       // streamed input: bytes read and not yet handed out
  std::size_t begin_ = 0;    // first byte of the next line, in mapped_ or buffer_
  std::size_t end_ = 0;      // end of the bytes in buffer_
  std::size_t scanned_ = 0;  // bytes from begin_ known to hold no '\n'
  bool started_ = false;
  bool eof_ = false;
  std::exception_ptr failure_;
  std::uint64_t line_ = 0;
};

}  // namespace fenkit::io
