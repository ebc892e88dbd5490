// PositionSet: a set of positions to look for, as a game reaches them.
//
// Two positions are the same here when they have the same pieces on the same squares, the same
// side to move, the same castling rights and the same en-passant square where an en-passant
// capture is legal: what makes them the same position to play from, whatever the move order or
// the clocks (the repetition rule's sense, and what the Polyglot key stands for). Keys only find
// candidates; the positions themselves are compared, so a collision of keys never matches.
//
// Built for asking often: a position whose set of occupied squares no member has is refused
// with one hash lookup, before any key is computed.
//
// Thread safety: const member functions may be called from many threads at once.
#pragma once

#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "fenkit/fen/position.hpp"
#include "fenkit/fen/export.hpp"

namespace fenkit::fen {

// Whether two positions are the same in the sense above.
FENKIT_API bool same_position(const Position& a, const Position& b);

class FENKIT_API PositionSet {
 public:
  // Adds a position; returns its index (an earlier index if the same position is there).
  std::size_t add(const Position& pos);

  // The index of the member that is the same position as `pos`, or -1.
  std::ptrdiff_t find(const Position& pos) const;
  bool contains(const Position& pos) const { return find(pos) >= 0; }

  std::size_t size() const { return positions_.size(); }
  bool empty() const { return positions_.empty(); }
  const Position& operator[](std::size_t i) const { return positions_[i]; }

 private:
  std::vector<Position> positions_;
  std::unordered_multimap<std::uint64_t, std::size_t> by_key_;
  std::unordered_set<Bitboard> occupancies_;
};

}  // namespace fenkit::fen
