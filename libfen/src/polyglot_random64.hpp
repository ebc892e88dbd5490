// The Polyglot Random64 table (internal).
#pragma once

#include <array>
#include <cstdint>

namespace fenkit::fen::detail {

// Layout: 64 * kind + square for the pieces (kind: black pawn 0, white pawn 1, black knight 2,
// ... white king 11), then castling at 768-771 (white short, white long, black short, black
// long), en-passant files at 772-779, and the turn at 780 (XORed when White is to move).
extern const std::array<std::uint64_t, 781> kPolyglotRandom64;

inline constexpr int kCastleOffset = 768;
inline constexpr int kEnPassantOffset = 772;
inline constexpr int kTurnOffset = 780;

}  // namespace fenkit::fen::detail
