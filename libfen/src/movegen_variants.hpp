// Move generation of the variants (internal to libfen): movegen.cpp's entry points hand a
// variant's position to generate_variant_legal, which builds on the standard generator where
// the variant keeps standard chess's king safety.
#pragma once

#include "fenkit/fen/move.hpp"
#include "fenkit/fen/position.hpp"

namespace fenkit::fen::detail {

// Standard chess's legal moves, whatever the position's variant (movegen.cpp).
void generate_standard_legal(const Position& pos, MoveList& moves);
// The legal moves of a position of a variant (variant_movegen.cpp).
void generate_variant_legal(const Position& pos, MoveList& moves);

}  // namespace fenkit::fen::detail
