// Perft: counting the leaf nodes of the legal move tree, the standard move generator test.
//
// Thread safety: The functions keep no state and may run on any number of threads at once.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "fenkit/fen/move.hpp"
#include "fenkit/fen/position.hpp"
#include "fenkit/fen/export.hpp"

namespace fenkit::fen {

// Leaf nodes at `depth` plies (1 for depth 0). Counts the last ply in bulk.
FENKIT_API std::uint64_t perft(const Position& pos, int depth);

// Each root move with the number of leaves below it, in generation order.
FENKIT_API std::vector<std::pair<Move, std::uint64_t>> perft_divide(const Position& pos, int depth);

}  // namespace fenkit::fen
