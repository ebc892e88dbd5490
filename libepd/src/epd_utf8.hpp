// Text of string operands as UTF-8: old suites are often Latin-1 ("Rumänien"), and JSON
// output and modern tools need UTF-8.
#pragma once

#include <string>
#include <string_view>

#include "fenkit/fen/printable.hpp"

namespace fenkit::epd {

// Whether the bytes are well-formed UTF-8 (no overlong forms, no surrogates).
inline bool is_utf8(std::string_view s) { return fen::is_utf8(s); }

// The text itself when it is UTF-8; otherwise read as Latin-1 and converted.
inline std::string to_utf8(std::string text) {
  if (is_utf8(text)) return text;
  std::string out;
  out.reserve(text.size() + text.size() / 2);
  for (char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if (c < 0x80) {
      out += ch;
    } else {
      out += char(0xC0 | (c >> 6));
      out += char(0x80 | (c & 0x3F));
    }
  }
  return out;
}

}  // namespace fenkit::epd
