#include "fenkit/pgn/game_hash.hpp"

#include <cstring>

#include "fenkit/fen/polyglot.hpp"

namespace fenkit::pgn {

void MainlineHash::start(const fen::Position& pos) {
  const std::uint64_t key = fen::polyglot_key(pos) ^ (pos.is_chess960() ? 0x5bd1e995ULL : 0);
  high_ = mix(key, 0x2545f4914f6cdd1dULL);
  low_ = mix(key, 0x369dea0f31a53f85ULL);
  plies_ = 0;
}

GameHash board_hash(const fen::Position& pos) {
  const auto& board = pos.board();
  std::uint64_t high = 0, low = 0;
  for (std::size_t i = 0; i < board.size(); i += 8) {
    std::uint64_t word;
    std::memcpy(&word, board.data() + i, sizeof word);
    high = MainlineHash::mix(high ^ word, 0x9e3779b97f4a7c15ULL + i);
    low = MainlineHash::mix(low + word * 0xd6e8feb86659fd93ULL, 0xc2b2ae3d27d4eb4fULL + i);
  }
  return {high, low};
}

}  // namespace fenkit::pgn
