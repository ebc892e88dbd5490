// The two questions the database answers, for a position given as FEN.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sqlite.hpp"

namespace position_index {

struct GameReached {
  std::int64_t game = 0;    // the game's number
  std::int64_t ply = 0;     // the first half-move at which it stood in the position
  std::string white, black, result;
};

struct MovePlayed {
  std::string move;         // UCI
  std::int64_t played = 0;  // times played from the position (a game may return to it)
  std::int64_t games = 0;   // games that played it here
  std::int64_t white_wins = 0, draws = 0, black_wins = 0;  // of those games
};

// The Polyglot key of a FEN, as the positions table stores it. Throws std::invalid_argument
// with the FEN reader's message when the FEN is not a valid position.
std::int64_t stored_key(const std::string& fen);

// The games whose main line reached the position, by game number.
std::vector<GameReached> games_reaching(Database& db, const std::string& fen);
// The moves played from the position, most played first (then by UCI).
std::vector<MovePlayed> moves_played(Database& db, const std::string& fen);

}  // namespace position_index
