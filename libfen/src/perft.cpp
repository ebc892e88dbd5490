#include "fenkit/fen/perft.hpp"

#include "fenkit/fen/movegen.hpp"

namespace fenkit::fen {

std::uint64_t perft(const Position& pos, int depth) {
  if (depth <= 0) return 1;
  if (depth == 1) return count_legal(pos);
  MoveList moves;
  generate_legal(pos, moves);
  std::uint64_t nodes = 0;
  for (Move m : moves) {
    Position next = pos;
    next.play_unchecked(m);
    nodes += perft(next, depth - 1);
  }
  return nodes;
}

std::vector<std::pair<Move, std::uint64_t>> perft_divide(const Position& pos, int depth) {
  std::vector<std::pair<Move, std::uint64_t>> result;
  MoveList moves;
  generate_legal(pos, moves);
  for (Move m : moves) {
    Position next = pos;
    next.play_unchecked(m);
    result.emplace_back(m, perft(next, depth - 1));
  }
  return result;
}

}  // namespace fenkit::fen
