// Text of string operands as UTF-8: old suites are often Latin-1 ("Rumänien"), and JSON
// output and modern tools need UTF-8.
#pragma once

#include <string>
#include <string_view>

namespace fenkit::epd {

// Whether the bytes are well-formed UTF-8 (no overlong forms, no surrogates).
inline bool is_utf8(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      ++i;
      continue;
    }
    std::size_t n = 0;  // continuation bytes
    unsigned min = 0;   // the smallest code point of that length (shorter forms are overlong)
    unsigned code = 0;
    if ((c & 0xE0) == 0xC0) {
      n = 1, min = 0x80, code = c & 0x1F;
    } else if ((c & 0xF0) == 0xE0) {
      n = 2, min = 0x800, code = c & 0x0F;
    } else if ((c & 0xF8) == 0xF0) {
      n = 3, min = 0x10000, code = c & 0x07;
    } else {
      return false;
    }
    if (s.size() - i <= n) return false;  // the sequence is cut short
    for (std::size_t k = 1; k <= n; ++k) {
      const auto d = static_cast<unsigned char>(s[i + k]);
      if ((d & 0xC0) != 0x80) return false;
      code = (code << 6) | (d & 0x3F);
    }
    if (code < min || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return false;
    i += n + 1;
  }
  return true;
}

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
