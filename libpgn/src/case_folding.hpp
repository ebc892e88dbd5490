// Text folded for comparisons that ignore case: ASCII letters lowered, and beyond ASCII
// Unicode's full case folding (by ICU), so that "MÜLLER" matches "Müller" and "STRASSE"
// matches "Straße", as players' names in archives from every country need.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace fenkit::pgn::detail {

// Whether every byte is below 0x80, eight at a time (every player's name of a selection).
inline bool is_ascii(std::string_view text) {
  std::size_t i = 0;
  std::uint64_t high = 0;
  for (; i + 8 <= text.size(); i += 8) {
    std::uint64_t word;
    std::memcpy(&word, text.data() + i, 8);
    high |= word;
  }
  for (; i < text.size(); ++i) high |= static_cast<unsigned char>(text[i]);
  return (high & 0x8080808080808080ULL) == 0;
}

inline char fold_ascii(char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; }

// The folded form of UTF-8 text (invalid bytes become U+FFFD); ASCII text needs no ICU.
std::string fold_case(std::string_view utf8);

}  // namespace fenkit::pgn::detail
