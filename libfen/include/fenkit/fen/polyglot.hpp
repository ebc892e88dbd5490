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

// The key of `after`, worked out from `before`, whose key is `before_key`, and the squares
// whose piece differs between the two: the same value as polyglot_key(after) for any two
// positions, and a few table entries instead of one per piece when `after` is a move from
// `before`. For keys along a game.
FENKIT_API std::uint64_t polyglot_key_after(const Position& before, std::uint64_t before_key,
                                            const Position& after);
// The same for `after`, the position `move` (legal in `before`, or the null move) leads to: from
// the squares the move changes, without comparing the boards. The fastest way along a game.
FENKIT_API std::uint64_t polyglot_key_after(const Position& before, std::uint64_t before_key,
                                            Move move, const Position& after);

// The keys of positions met one after another, as a game's lines are read: a position given
// with the one it was reached from gets its key from the last position keyed
// (polyglot_key_after), the first of a game from every piece (polyglot_key). The key is right
// whatever the last position was (one that skips or jumps back into a variation costs a few
// more squares), so the positions are not compared: that compare took as long as the key.
class PolyglotKeys {
 public:
  // The key of `pos`; `before`: the position it was reached from by one move, if known (only
  // whether it is given counts).
  std::uint64_t key(const Position& pos, const Position* before = nullptr) {
    last_key_ = known_ && before ? polyglot_key_after(last_, last_key_, pos) : polyglot_key(pos);
    last_ = pos;
    known_ = true;
    return last_key_;
  }
  // Forgets the last position (a new game).
  void reset() { known_ = false; }

 private:
  Position last_;
  std::uint64_t last_key_ = 0;
  bool known_ = false;
};

// The published table: 768 piece-square values, 4 castling, 8 en-passant files, 1 turn.
FENKIT_API const std::array<std::uint64_t, 781>& polyglot_random64();

}  // namespace fenkit::fen
