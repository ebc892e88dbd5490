// Just enough PGN for the libfen tests: the start position of each game, found by scanning
// tag lines. The tests replay moves they get from elsewhere (an expected-replay table, or
// pgn-extract's output), so they need no movetext parser; libpgn is the real reader.
#pragma once

#include <string>
#include <vector>

#include "test_support.hpp"

namespace fenkit::testing {

struct GameStart {
  std::string fen;         // the [FEN] tag, or empty for the standard start position
  bool chess960 = false;   // a [Variant] tag that names Chess960 under one of its names
};

// The value of a tag line `[Name "value"]`; escapes are not expected in FEN or Variant.
inline std::string tag_value(const std::string& line) {
  const std::size_t open = line.find('"');
  const std::size_t close = line.rfind('"');
  return open == std::string::npos || close <= open ? std::string()
                                                    : line.substr(open + 1, close - open - 1);
}

inline bool names_chess960(std::string variant) {
  for (char& c : variant) c = char(std::tolower(static_cast<unsigned char>(c)));
  return variant.find("960") != std::string::npos || variant.find("fischer") != std::string::npos ||
         variant.find("frc") != std::string::npos;
}

// One entry per game; a game starts at each [Event tag (every PGN writer puts it first).
inline std::vector<GameStart> game_starts(const std::string& pgn) {
  std::vector<GameStart> games;
  for (const std::string& line : lines_of(pgn)) {
    if (line.starts_with("[Event ")) games.emplace_back();
    if (games.empty()) continue;
    if (line.starts_with("[FEN ")) games.back().fen = tag_value(line);
    if (line.starts_with("[Variant ")) games.back().chess960 = names_chess960(tag_value(line));
  }
  return games;
}

}  // namespace fenkit::testing
