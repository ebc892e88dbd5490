// Text in PGN files is meant to be UTF-8 (or ASCII); older files are Latin-1 or Windows-1252.
// Tag values and comments are handed to visitors in UTF-8 either way (internal).
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace fenkit::pgn::detail {

bool is_valid_utf8(std::string_view s);

// Appends `s`, read as Windows-1252 (a superset of Latin-1's printable range), as UTF-8.
void append_cp1252_as_utf8(std::string_view s, std::string& out);

// Whether `s` is ASCII without backslashes: text that needs neither unescaping nor conversion
// (nearly every tag value), told eight bytes at a time.
inline bool is_plain_text(std::string_view s) {
  constexpr std::uint64_t kOnes = 0x0101010101010101ULL, kHighs = 0x8080808080808080ULL;
  constexpr std::uint64_t kBackslashes = 0x5C5C5C5C5C5C5C5CULL;
  std::size_t i = 0;
  for (; i + 8 <= s.size(); i += 8) {
    std::uint64_t word;
    std::memcpy(&word, s.data() + i, 8);
    const std::uint64_t x = word ^ kBackslashes;  // a zero byte where a backslash was
    if ((word & kHighs) || ((x - kOnes) & ~x & kHighs)) return false;
  }
  for (; i < s.size(); ++i)
    if (static_cast<unsigned char>(s[i]) >= 0x80 || s[i] == '\\') return false;
  return true;
}

// `s` itself when it is valid UTF-8 (ASCII included), else its conversion from Windows-1252,
// written into `scratch`.
std::string_view as_utf8(std::string_view s, std::string& scratch);

}  // namespace fenkit::pgn::detail
