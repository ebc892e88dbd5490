// Polyglot position keys, as opening books (.bin) index positions.
//
// Thread safety: The table is constant; the functions may run on any number of threads at once.
#pragma once

#include <array>
#include <cstdint>

#include "fenkit/fen/position.hpp"
#include "fenkit/fen/export.hpp"

namespace fenkit::fen {

// The 64-bit Zobrist key of the Polyglot book format: pieces, castling rights, the
// en-passant file and the side to move, XORed from the published Random64 table.
// The en-passant file counts only when a pawn of the side to move stands beside the pawn
// that just moved two squares (whether or not the capture would be legal).
FENKIT_API std::uint64_t polyglot_key(const Position& pos);

// The key of `after`, a position one move from `before`, whose key is `before_key`: the
// same value as polyglot_key(after), worked out from what changed (a few table entries
// instead of one per piece). For keys along a game.
FENKIT_API std::uint64_t polyglot_key_after(const Position& before, std::uint64_t before_key,
                                            const Position& after);

// The published table: 768 piece-square values, 4 castling, 8 en-passant files, 1 turn.
FENKIT_API const std::array<std::uint64_t, 781>& polyglot_random64();

}  // namespace fenkit::fen
