// Not API: a detail of fenkit's own headers and programs (fenkit::pgn::detail), which may change
// in any release.
//
// JSON string literals for the JSON-lines outputs.
//
// Thread safety: a function without state.
#pragma once

#include <cstdio>
#include <string>
#include <string_view>

namespace fenkit::pgn::detail {

// Appends `text` (UTF-8) as a quoted JSON string.
inline void append_json_string(std::string& out, std::string_view text) {
  out += '"';
  for (char c : text) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char escape[8];
          std::snprintf(escape, sizeof escape, "\\u%04x", unsigned(c));
          out += escape;
        } else {
          out += c;
        }
    }
  }
  out += '"';
}

}  // namespace fenkit::pgn::detail
