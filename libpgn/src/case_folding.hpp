// Text folded for comparisons that ignore case: ASCII letters lowered, and beyond ASCII
// Unicode's full case folding (by ICU), so that "MÜLLER" matches "Müller" and "STRASSE"
// matches "Straße", as players' names in archives from every country need.
#pragma once

#include <string>
#include <string_view>

namespace fenkit::pgn::detail {

inline bool is_ascii(std::string_view text) {
  for (const char c : text)
    if (static_cast<unsigned char>(c) >= 0x80) return false;
  return true;
}

inline char fold_ascii(char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; }

// The folded form of UTF-8 text (invalid bytes become U+FFFD); ASCII text needs no ICU.
std::string fold_case(std::string_view utf8);

}  // namespace fenkit::pgn::detail
