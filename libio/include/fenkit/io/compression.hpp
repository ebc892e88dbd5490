// Compression formats: told by content when input is read (whatever its name), and by name
// when output is written and when a file's kind is told by its extension.
//
// Thread safety: nothing here has state.
#pragma once

#include <string>
#include <string_view>

#include "fenkit/io/export.hpp"

namespace fenkit::io {

enum class Compression { none, gzip, bzip2, xz, zstd };

// Recognises a compressed stream by its first bytes (magic numbers), whatever its name.
FENKIT_API Compression detect_compression(std::string_view first_bytes);

// What an output file's name asks for: ".gz" gzip, ".zst" zstd, anything else none (the formats
// output is written in).
FENKIT_API Compression compression_for(std::string_view path);

// The extension that says what a file holds by its name, lower case, with compression suffixes
// looked through: "games.PGN.zst" gives ".pgn"; empty when the name has none.
FENKIT_API std::string content_extension(std::string_view path);

}  // namespace fenkit::io
