// Legal move generation.
//
// Thread safety: The functions keep no state (the attack tables are constant) and may run on any
// number of threads at once.
#pragma once

#include <cstddef>

#include "fenkit/fen/move.hpp"
#include "fenkit/fen/position.hpp"
#include "fenkit/fen/export.hpp"

namespace fenkit::fen {

// Appends every legal move of the side to move to `moves` (which it clears first).
FENKIT_API void generate_legal(const Position& pos, MoveList& moves);

// The number of legal moves, without keeping them (perft's bulk counting at the leaves).
FENKIT_API std::size_t count_legal(const Position& pos);

}  // namespace fenkit::fen
