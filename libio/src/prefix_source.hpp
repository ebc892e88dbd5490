// Bytes read ahead to tell what an input holds, given again before the rest of it (internal).
#pragma once

#include <cstddef>
#include <exception>
#include <memory>
#include <string>

#include "fenkit/io/input.hpp"

namespace fenkit::io::detail {

// Reads up to `size` bytes (fewer only at the end or at an error, which is kept in `failure`).
std::string read_head(InputSource& source, std::size_t size, std::exception_ptr& failure);

// `prefix`, bytes already read (to recognise the format), followed by the rest of `rest`; and
// then, if reading the prefix ended in an error, that error instead of the rest.
std::unique_ptr<InputSource> prefix_source(std::string prefix, std::unique_ptr<InputSource> rest,
                                           std::exception_ptr failure = nullptr);

}  // namespace fenkit::io::detail
