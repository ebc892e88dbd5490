#include "duplicate_key.hpp"

#include <cstring>

namespace fenkit::tools {

namespace {

// splitmix64's finaliser, keyed so that the two halves mix differently.
std::uint64_t mix(std::uint64_t x, std::uint64_t key) {
  x ^= key;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// The pieces on the board, as 128 bits.
pgn::GameHash board_hash(const fen::Position& pos) {
  const auto& board = pos.board();
  std::uint64_t high = 0, low = 0;
  for (std::size_t i = 0; i < board.size(); i += 8) {
    std::uint64_t word;
    std::memcpy(&word, board.data() + i, sizeof word);
    high = mix(high ^ word, 0x9e3779b97f4a7c15ULL + i);
    low = mix(low + word * 0xd6e8feb86659fd93ULL, 0xc2b2ae3d27d4eb4fULL + i);
  }
  return {high, low};
}

}  // namespace

void DuplicateKey::start(const fen::Position& pos) {
  mainline_.start(pos);
  if (!depth_) return;
  board_ = board_hash(pos);
  board_fixed_ = false;
}

void DuplicateKey::move(fen::Move m, std::uint32_t ply, const fen::Position& after) {
  mainline_.move(m);
  if (!depth_ || board_fixed_) return;
  board_ = board_hash(after);
  board_fixed_ = *depth_ != 0 && ply >= *depth_;
}

pgn::GameHash DuplicateKey::value() const { return depth_ ? board_ : mainline_.value(); }

}  // namespace fenkit::tools
