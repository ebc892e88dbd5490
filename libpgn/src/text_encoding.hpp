// Text in PGN files is meant to be UTF-8 (or ASCII); older files are Latin-1 or Windows-1252.
// Tag values and comments are handed to visitors in UTF-8 either way (internal).
#pragma once

#include <string>
#include <string_view>

namespace fenkit::pgn::detail {

bool is_valid_utf8(std::string_view s);

// Appends `s`, read as Windows-1252 (a superset of Latin-1's printable range), as UTF-8.
void append_cp1252_as_utf8(std::string_view s, std::string& out);

// `s` itself when it is valid UTF-8 (ASCII included), else its conversion from Windows-1252,
// written into `scratch`.
std::string_view as_utf8(std::string_view s, std::string& scratch);

}  // namespace fenkit::pgn::detail
