// Test support: a filter's verdict on a game given by its tags, main line and result, as a
// reader's visitor would put them to a GameSelector.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "fenkit/fen/position.hpp"
#include "fenkit/fen/san.hpp"
#include "fenkit/pgn/game_filter.hpp"

namespace fenkit::pgn::testing {

using Tags = std::vector<std::pair<std::string, std::string>>;

// The verdict of `filter` on a game with these tags, movetext result and main line (SAN) from
// `start`. The selector is given each position twice over, once with the position before it
// and once without, and the two verdicts must agree.
inline bool selects(const GameFilter& filter, const Tags& tags, std::vector<std::string> moves = {},
                    std::string result = "*", std::uint64_t number = 1,
                    fen::Position start = fen::Position()) {
  const auto verdict = [&](bool with_before) {
    GameSelector s(filter);
    s.begin_game(number);
    for (const auto& [name, value] : tags) s.tag(name, value);
    (void)s.verdict_after_tags();
    fen::Position pos = start;
    s.position(pos);
    for (const std::string& san : moves) {
      const fen::Move move = fen::read_san(pos, san).move;
      const fen::Position before = pos;
      pos.play(move);
      s.position(pos, move, with_before ? &before : nullptr);
    }
    s.result(result);
    return s.selected(std::uint32_t(moves.size()));
  };
  const bool selected = verdict(false);
  if (verdict(true) != selected) ADD_FAILURE() << "the verdict changes with the positions before";
  return selected;
}

}  // namespace fenkit::pgn::testing
