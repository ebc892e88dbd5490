// What --unique compares games by: their start position and main line (pgn::MainlineHash, as
// pgn-extract -D compares them), or with --fuzzydepth N the board after N plies of the main line
// (after the last move in a shorter game; N = 0: the last position), whatever moves led there,
// castling and en-passant rights aside (pgn-extract's --fuzzydepth).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "fenkit/fen/position.hpp"
#include "fenkit/pgn/game_hash.hpp"
#include "fenkit/pgn/report.hpp"
#include "fenkit/pgn/visitor.hpp"

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

// The keys of the games of a chunk read only to be compared with (--checkfile): games that
// cannot be replayed are reported and have none.
struct KeyChunk {
  std::vector<pgn::GameHash> keys;
  pgn::ChunkReport report;

  // Empty again, keeping the buffers (for the next chunk).
  void clear() {
    keys.clear();
    report.clear();
  }
};

class KeyVisitor : public pgn::Visitor {
 public:
  KeyVisitor(std::optional<std::uint32_t> fuzzy_depth, std::string file_name, KeyChunk& chunk)
      : key_(fuzzy_depth), file_name_(std::move(file_name)), chunk_(chunk) {}

  void start_position(const fen::Position& pos) override { key_.start(pos); }
  pgn::Action move(const pgn::MoveEvent& event) override {
    if (event.depth == 0) key_.move(event.move, event.ply, *event.after);
    return pgn::Action::proceed;
  }
  void diagnostic(const pgn::Diagnostic& d) override { chunk_.report.diagnostic(file_name_, d, false); }
  void end_game(const pgn::GameEnd& end) override {
    chunk_.report.end_game(end, false);
    if (!end.rejected) chunk_.keys.push_back(key_.value());
  }

 private:
  DuplicateKey key_;
  std::string file_name_;
  KeyChunk& chunk_;
};

}  // namespace fenkit::tools
