// Opening inputs for the fenkit commands: a file, or standard input for "-", decompressed on
// the fly when its first bytes are those of gzip, bzip2, xz or zstd data (by content, not by
// name, so that pipes work too).
#pragma once

#include <istream>
#include <memory>
#include <string>

namespace fenkit::tools {

// The input, or nullptr when the file cannot be opened (`error` then says why). A corrupt
// compressed stream shows as a stream whose bad() is set after reading.
std::unique_ptr<std::istream> open_input(const std::string& path, std::string& error);

}  // namespace fenkit::tools
