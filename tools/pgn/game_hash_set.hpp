// The games --unique has kept, as their 128-bit hashes: a set in one array of 16-byte slots
// (open addressing, linear probing), for archives of hundreds of millions of games. A node-based
// set spends about 56 bytes a game and a cache miss or two on every look-up; this one spends 16
// bytes a slot, from three eighths to three quarters full (21 to 43 bytes a game), and one miss.
#pragma once

#include <bit>
#include <cstddef>
#include <vector>

#include "fenkit/pgn/game_hash.hpp"

namespace fenkit::tools {

class GameHashSet {
 public:
  // Adds `hash`; false when the set holds it already.
  bool insert(const pgn::GameHash& hash) {
    if (is_empty_slot(hash)) {  // the one value that marks an empty slot is kept aside
      const bool added = !holds_empty_value_;
      holds_empty_value_ = true;
      return added;
    }
    if (4 * (count_ + 1) > 3 * slots_.size()) grow();
    if (!place(slots_, hash)) return false;
    ++count_;
    return true;
  }
  std::size_t size() const { return count_ + (holds_empty_value_ ? 1 : 0); }

 private:
  static bool is_empty_slot(const pgn::GameHash& h) { return h.high == 0 && h.low == 0; }
  // The slot to look in first: the top bits of both halves multiplied by a constant (Fibonacci
  // hashing), so that hashes alike in their low bits spread too.
  static std::size_t first_slot(const pgn::GameHash& hash, std::size_t slots) {
    const int bits = std::countr_zero(slots);
    return std::size_t(((hash.low ^ hash.high) * 0x9E3779B97F4A7C15ULL) >> (64 - bits));
  }
  static bool place(std::vector<pgn::GameHash>& slots, const pgn::GameHash& hash) {
    const std::size_t mask = slots.size() - 1;
    for (std::size_t i = first_slot(hash, slots.size());; i = (i + 1) & mask) {
      if (is_empty_slot(slots[i])) {
        slots[i] = hash;
        return true;
      }
      if (slots[i] == hash) return false;
    }
  }
  void grow() {
    std::vector<pgn::GameHash> larger(slots_.empty() ? 1024 : 2 * slots_.size());
    for (const pgn::GameHash& h : slots_)
      if (!is_empty_slot(h)) place(larger, h);
    slots_.swap(larger);
  }

  std::vector<pgn::GameHash> slots_;  // a power of two of them; {0, 0}: empty
  std::size_t count_ = 0;             // in slots_
  bool holds_empty_value_ = false;
};

}  // namespace fenkit::tools
