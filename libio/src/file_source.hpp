// Regular files read in blocks, whole or a byte range of them (internal).
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "descriptor.hpp"
#include "fenkit/io/input.hpp"

namespace fenkit::io::detail {

// The `size` bytes of the file `fd` from `offset` on. `whole`: the whole file, which is read on
// to its end should it have grown; a range ends at its size, whatever the file holds after it.
std::unique_ptr<InputSource> file_source(std::string name, std::shared_ptr<const Descriptor> fd,
                                         std::uint64_t offset, std::uint64_t size, bool whole);

}  // namespace fenkit::io::detail
