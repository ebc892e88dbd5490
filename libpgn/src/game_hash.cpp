#include "fenkit/pgn/game_hash.hpp"

#include "fenkit/fen/polyglot.hpp"

namespace fenkit::pgn {

void MainlineHash::start(const fen::Position& pos) {
  const std::uint64_t key = fen::polyglot_key(pos) ^ (pos.is_chess960() ? 0x5bd1e995ULL : 0);
  high_ = mix(key, 0x2545f4914f6cdd1dULL);
  low_ = mix(key, 0x369dea0f31a53f85ULL);
  plies_ = 0;
}

}  // namespace fenkit::pgn
