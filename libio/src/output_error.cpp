// Every failed write of every output says the same thing in the same words, whoever finds it
// (the output file, the compressor, the program's last flush of standard output).
#include "fenkit/io/output_error.hpp"

#include <cerrno>
#include <cstring>

namespace fenkit::io {

OutputError::OutputError(const std::string& file)
    : message_(file + ": error: cannot write" +
               (errno ? std::string(": ") + std::strerror(errno) : std::string())) {}

OutputError::OutputError(const std::string& file, const std::string& reason)
    : message_(file + ": error: cannot write: " + reason) {}

}  // namespace fenkit::io
