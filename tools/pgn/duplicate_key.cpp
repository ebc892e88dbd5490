#include "duplicate_key.hpp"

namespace fenkit::tools {

void DuplicateKey::start(const fen::Position& pos) {
  mainline_.start(pos);
  if (!depth_) return;
  board_ = pgn::board_hash(pos);
  board_fixed_ = false;
}

void DuplicateKey::move(fen::Move m, std::uint32_t ply, const fen::Position& after) {
  mainline_.move(m);
  if (!depth_ || board_fixed_) return;
  board_ = pgn::board_hash(after);
  board_fixed_ = *depth_ != 0 && ply >= *depth_;
}

pgn::GameHash DuplicateKey::value() const { return depth_ ? board_ : mainline_.value(); }

}  // namespace fenkit::tools
