// What --unique compares games by: their start position and main line (pgn::MainlineHash, as
// pgn-extract -D compares them), or with --fuzzydepth N the board after N plies of the main line
// (after the last move in a shorter game; N = 0: the last position), whatever moves led there,
// castling and en-passant rights aside (pgn-extract's --fuzzydepth).
#pragma once

#include <cstdint>
#include <optional>

#include "fenkit/fen/position.hpp"
#include "fenkit/pgn/game_hash.hpp"

namespace fenkit::tools {

class DuplicateKey {
 public:
  explicit DuplicateKey(std::optional<std::uint32_t> fuzzy_depth) : depth_(fuzzy_depth) {}

  void start(const fen::Position& pos);
  // A main-line move, the `ply`-th, and the position it leads to.
  void move(fen::Move m, std::uint32_t ply, const fen::Position& after);
  // What games are compared by.
  pgn::GameHash value() const;
  // The start position and main line, whatever is compared (for --addhashcode).
  pgn::GameHash mainline() const { return mainline_.value(); }

 private:
  std::optional<std::uint32_t> depth_;
  pgn::MainlineHash mainline_;
  pgn::GameHash board_;  // fuzzy: of the position compared
  bool board_fixed_ = false;  // fuzzy: the ply has been reached
};

}  // namespace fenkit::tools
