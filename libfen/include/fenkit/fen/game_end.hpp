// What a position says of the game's end: checkmate, stalemate, or a variant's own end.
//
// Thread safety: The functions keep no state and may run on any number of threads at once.
#pragma once

#include <cstdint>
#include <string_view>

#include "fenkit/fen/position.hpp"
#include "fenkit/fen/export.hpp"

namespace fenkit::fen {

enum class Outcome : std::uint8_t { none, white_wins, black_wins, draw };

// The game's result as the board decides it, by the position's variant: checkmate wins;
// stalemate draws (in Antichess it wins, as losing every piece does); a king on the hill, the
// third check, an exploded king, a won race, a captured horde end the game. Outcome::none while
// moves remain. Draws that must be claimed, and insufficient material, are not counted.
FENKIT_API Outcome outcome_on_board(const Position& pos);

// Whether `c` can no longer win whatever the other side does, by the rules of the position's
// variant as python-chess judges them (in standard chess: a lone king, or king and one minor
// piece, and so on). Horde's horde is judged never to run short.
FENKIT_API bool has_insufficient_material(const Position& pos, Color c);

// "1-0", "0-1", "1/2-1/2", or "" for Outcome::none.
FENKIT_API std::string_view result_text(Outcome o);

}  // namespace fenkit::fen
