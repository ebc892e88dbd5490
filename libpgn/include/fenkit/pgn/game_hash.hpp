// Finding duplicate games: two games are the same when they start from the same position and
// play the same main-line moves (tags, comments and variations aside), as pgn-extract -D and
// database software count duplicates.
//
// A game is kept as a 128-bit hash, not as its text, so that the memory for finding the
// duplicates of an archive grows by 16 bytes a game (plus the set's own). Two different games
// share a hash with a probability of about n^2 / 2^129: never, for any archive there is.
//
// Thread safety: values; a MainlineHash belongs to one thread.
#pragma once

#include <cstdint>
#include <functional>

#include "fenkit/fen/move.hpp"
#include "fenkit/fen/position.hpp"
#include "fenkit/fen/export.hpp"

namespace fenkit::pgn {

struct FENKIT_API GameHash {
  std::uint64_t high = 0, low = 0;
  friend bool operator==(const GameHash&, const GameHash&) = default;
};

class FENKIT_API MainlineHash {
 public:
  // Starts a game from this position (its placement, side to move, castling rights and
  // en-passant square, as the Polyglot key sees them, and whether it is Chess960).
  void start(const fen::Position& pos);
  void move(fen::Move m) {
    ++plies_;
    high_ = mix(high_ ^ (std::uint64_t(m.bits()) << 20 | plies_), 0x9e3779b97f4a7c15ULL);
    low_ = mix(low_ + (std::uint64_t(m.bits()) * 0xd6e8feb86659fd93ULL) + plies_, 0xbf58476d1ce4e5b9ULL);
  }
  GameHash value() const { return {mix(high_ ^ plies_, 0x94d049bb133111ebULL), low_}; }

  friend FENKIT_API GameHash board_hash(const fen::Position& pos);

 private:
  // A 64-bit finaliser (the one of splitmix64) keyed by a constant, so that the two halves
  // are mixed differently.
  static std::uint64_t mix(std::uint64_t x, std::uint64_t key) {
    x ^= key;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
  }

  std::uint64_t high_ = 0, low_ = 0;
  std::uint64_t plies_ = 0;
};

// The pieces on the board, whatever the side to move, castling and en-passant rights, as 128
// bits (positional duplicates, opening lines matched as pgn-extract matches them).
FENKIT_API GameHash board_hash(const fen::Position& pos);

struct FENKIT_API GameHashHasher {
  std::size_t operator()(const GameHash& h) const { return h.low ^ (h.high >> 1); }
};

}  // namespace fenkit::pgn
