// A 32-entry table covers what Windows-1252 adds to Latin-1; a conversion library would be a
// heavy dependency for it.
#include "text_encoding.hpp"

#include "case_folding.hpp"
#include "fenkit/fen/printable.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>

namespace fenkit::pgn::detail {

bool is_valid_utf8(std::string_view s) { return fen::is_utf8(s); }

namespace {

void append_code_point(std::uint32_t code, std::string& out) {
  if (code < 0x80) {
    out.push_back(char(code));
  } else if (code < 0x800) {
    out.push_back(char(0xC0 | (code >> 6)));
    out.push_back(char(0x80 | (code & 0x3F)));
  } else {
    out.push_back(char(0xE0 | (code >> 12)));
    out.push_back(char(0x80 | ((code >> 6) & 0x3F)));
    out.push_back(char(0x80 | (code & 0x3F)));
  }
}

// Windows-1252 0x80-0x9F; the five undefined bytes map to their C1 control code points.
constexpr std::uint16_t kCp1252High[32] = {
    0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
    0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
    0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
};

}  // namespace

void append_cp1252_as_utf8(std::string_view s, std::string& out) {
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    append_code_point(c >= 0x80 && c < 0xA0 ? kCp1252High[c - 0x80] : c, out);
  }
}

std::string_view as_utf8(std::string_view s, std::string& scratch) {
  if (is_ascii(s) || is_valid_utf8(s)) return s;
  scratch.clear();
  append_cp1252_as_utf8(s, scratch);
  return scratch;
}

}  // namespace fenkit::pgn::detail
