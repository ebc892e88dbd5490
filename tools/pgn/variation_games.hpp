// Each variation of a game as a game of its own (fenkit pgn --splitvariants, as pgn-extract's).
#pragma once

#include <functional>

#include "fenkit/pgn/game.hpp"

namespace fenkit::tools {

// Calls `emit` with a game for each variation of `game`, in pgn-extract's order: the variations
// of each main-line move in turn, each followed by its own variations before the next one
// (depth first). A variation's game holds the moves up to where it branches (with their
// comments and NAGs), then its own moves, none of the variations of either; the comments after
// a variation's ')' go to the move it is an alternative to, and those after its '(' to the move
// before it. Its tags are the game's, its Result "*", and it ends in "*". `max_depth` (0: no
// limit) leaves out variations nested deeper.
void for_each_variation_game(const pgn::Game& game, unsigned max_depth,
                             const std::function<void(const pgn::Game&)>& emit);

}  // namespace fenkit::tools
