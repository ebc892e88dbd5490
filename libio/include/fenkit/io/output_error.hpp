// OutputError: output that could not be written (a full disk, a closed pipe, a file that cannot
// be made), "FILE: error: cannot write: REASON".
//
// Thread safety: an OutputError is a value.
#pragma once

#include <exception>
#include <string>

#include "fenkit/io/export.hpp"

namespace fenkit::io {

// Not a std::runtime_error, so that no handler meant for input that cannot be read takes it: a
// program that cannot write has not used its input, whatever it read.
class FENKIT_API OutputError : public std::exception {
 public:
  // `file` is the output's name ("<stdout>" for standard output); the reason is errno's.
  explicit OutputError(const std::string& file);
  // The same with a reason of its own (a compressor's).
  OutputError(const std::string& file, const std::string& reason);
  const char* what() const noexcept override { return message_.c_str(); }

 private:
  std::string message_;
};

}  // namespace fenkit::io
