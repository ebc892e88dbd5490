// UTF-16 text converted to UTF-8 (internal).
#pragma once

#include <memory>

#include "fenkit/io/input.hpp"

namespace fenkit::io::detail {

// The UTF-8 form of `inner`, UTF-16 text after its byte-order mark (which `inner` no longer
// holds), in the byte order `big_endian` says.
std::unique_ptr<InputSource> utf16_source(std::unique_ptr<InputSource> inner, bool big_endian);

}  // namespace fenkit::io::detail
