#include "fenkit/fen/position_set.hpp"

#include "fenkit/fen/polyglot.hpp"

namespace fenkit::fen {

bool same_position(const Position& a, const Position& b) {
  return a.board() == b.board() && a.side_to_move() == b.side_to_move() &&
         a.castling() == b.castling() && a.legal_en_passant() == b.legal_en_passant();
}

std::size_t PositionSet::add(const Position& pos) {
  if (const std::ptrdiff_t found = find(pos); found >= 0) return std::size_t(found);
  positions_.push_back(pos);
  by_key_.emplace(polyglot_key(pos), positions_.size() - 1);
  occupancies_.insert(pos.occupied());
  return positions_.size() - 1;
}

std::ptrdiff_t PositionSet::find(const Position& pos) const {
  if (positions_.empty() || !occupancies_.contains(pos.occupied())) return -1;
  const auto [first, last] = by_key_.equal_range(polyglot_key(pos));
  for (auto it = first; it != last; ++it)
    if (same_position(positions_[it->second], pos)) return std::ptrdiff_t(it->second);
  return -1;
}

}  // namespace fenkit::fen
