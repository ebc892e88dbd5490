// A move written in one of the writer's notations (WriterOptions::notation).
#pragma once

#include <cstddef>

#include "fenkit/fen/position.hpp"
#include "fenkit/pgn/writer.hpp"

namespace fenkit::pgn::detail {

// Longest move written: "Bc5xf2+", "b7xa8Q#" (SAN's own limit is fen::kMaxSanLength).
inline constexpr std::size_t kMaxMoveLength = 16;

// Writes the legal move `m` of `before` (leading to `after`) into `out`; returns the length.
std::size_t write_move(const fen::Position& before, fen::Move m, const fen::Position& after,
                       MoveNotation notation, char* out);

}  // namespace fenkit::pgn::detail
