// Not API: a detail of fenkit's own headers and programs (fenkit::pgn::detail), which may change
// in any release.
//
// copy_bytes: memcpy for the short pieces a writer appends by the million (moves, move numbers).
// A memcpy of unknown length is a library call; these fixed-length copies are a few
// instructions inline. Where lengths vary widely (a row's fields), the branches mispredict and
// the library call is faster.
#pragma once

#include <cstddef>
#include <cstring>

namespace fenkit::pgn::detail {

// Copies `n` bytes from `from` to `to` (the two do not overlap).
inline void copy_bytes(char* to, const char* from, std::size_t n) {
  // Two copies of a fixed length that overlap in the middle cover every length in their range.
  if (n > 16) {
    std::memcpy(to, from, n);
  } else if (n >= 8) {
    std::memcpy(to, from, 8);
    std::memcpy(to + n - 8, from + n - 8, 8);
  } else if (n >= 4) {
    std::memcpy(to, from, 4);
    std::memcpy(to + n - 4, from + n - 4, 4);
  } else if (n >= 2) {
    std::memcpy(to, from, 2);
    std::memcpy(to + n - 2, from + n - 2, 2);
  } else if (n == 1) {
    *to = *from;
  }
}

}  // namespace fenkit::pgn::detail
