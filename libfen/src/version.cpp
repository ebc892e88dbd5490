// The release compiled into the library, for programs to compare with the headers they saw.
#include "fenkit/version.hpp"

namespace fenkit {

const char* library_version() { return FENKIT_VERSION_STRING; }

}  // namespace fenkit
