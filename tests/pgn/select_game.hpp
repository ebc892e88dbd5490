// Test support: a filter's verdict on a game given by its tags, main line and result, as a
// reader's visitor would put them to a GameSelector.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "fenkit/fen/position.hpp"
#include "fenkit/fen/san.hpp"
#include "fenkit/pgn/game_filter.hpp"

namespace fenkit::pgn::testing {

using Tags = std::vector<std::pair<std::string, std::string>>;

// The verdict of `filter` on a game with these tags, movetext result and main line (SAN) from
// `start`.
inline bool selects(const GameFilter& filter, const Tags& tags, std::vector<std::string> moves = {},
                    std::string result = "*", std::uint64_t number = 1,
                    fen::Position start = fen::Position()) {
  GameSelector s(filter);
  s.begin_game(number);
  for (const auto& [name, value] : tags) s.tag(name, value);
  (void)s.verdict_after_tags();
  fen::Position pos = start;
  s.position(pos);
  for (const std::string& san : moves) {
    const fen::Move move = fen::read_san(pos, san).move;
    pos.play(move);
    s.position(pos, move);
  }
  s.result(result);
  return s.selected(std::uint32_t(moves.size()));
}

}  // namespace fenkit::pgn::testing
