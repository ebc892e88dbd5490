// Raw bytes made text: decompressed and converted from UTF-16 as their first bytes say (internal).
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "fenkit/io/input.hpp"

namespace fenkit::io::detail {

// The text of raw bytes whose first ones, `sniffed` (six, or all there are), have been read
// from `rest` already: decompressed when they say so, converted when the text begins with a
// UTF-16 byte-order mark, otherwise as they are.
std::unique_ptr<InputSource> decoded_from(std::string sniffed, std::unique_ptr<InputSource> rest);

// The bytes open_input and decoded_input look at first: enough for every magic number.
inline constexpr std::size_t kSniffedBytes = 6;

}  // namespace fenkit::io::detail
