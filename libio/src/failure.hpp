// The one form of every input error: "NAME: WHAT", a std::runtime_error (internal).
#pragma once

#include <stdexcept>
#include <string>

namespace fenkit::io::detail {

[[noreturn]] inline void fail(const std::string& name, const std::string& what) {
  throw std::runtime_error(name + ": " + what);
}

}  // namespace fenkit::io::detail
