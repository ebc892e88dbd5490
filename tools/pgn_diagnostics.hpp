// The one way the commands that read PGN report a reader diagnostic.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "fenkit/pgn/visitor.hpp"

namespace fenkit::tools {

// Appends "FILE:LINE:COLUMN: error: game N: MESSAGE\n" (or "warning") to `out`, for printing
// later in input order. `game_offset` is added to the game number (replay --game-offset).
inline void append_diagnostic(std::string& out, std::string_view file, const pgn::Diagnostic& d,
                              std::int64_t game_offset = 0) {
  out.append(file);
  out += ':' + std::to_string(d.where.line) + ':' + std::to_string(d.where.column);
  out += d.severity == pgn::Severity::error ? ": error: game " : ": warning: game ";
  out += std::to_string(std::int64_t(d.game) + game_offset);
  out += ": ";
  out += d.message;
  out += '\n';
}

}  // namespace fenkit::tools
