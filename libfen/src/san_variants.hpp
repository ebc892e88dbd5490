// SAN in the variants (internal to libfen).
#pragma once

#include "fenkit/fen/san.hpp"

namespace fenkit::fen::detail {

// resolve_san for a position of a variant: the token is matched against the legal moves, so
// that every variant's rules (drops, forced captures, explosions, no checks) decide.
SanResult resolve_san_in_variant(const Position& pos, const SanMove& san);

}  // namespace fenkit::fen::detail
