#include "fenkit/pgn/game.hpp"

#include <stdexcept>

#include "fenkit/fen/san.hpp"

namespace fenkit::pgn {

bool is_roster_tag(std::string_view name) {
  for (std::string_view r : kSevenTagRoster)
    if (r == name) return true;
  return false;
}

const std::string* Game::find_tag(std::string_view name) const {
  for (const Tag& t : tags)
    if (t.name == name) return &t.value;
  return nullptr;
}

bool operator==(const Node& a, const Node& b) {
  return a.move == b.move && a.san == b.san && a.nags == b.nags && a.comments == b.comments &&
         a.variations == b.variations;
}

bool operator==(const Line& a, const Line& b) {
  return a.starting_comments == b.starting_comments && a.nodes == b.nodes &&
         a.trailing_comments == b.trailing_comments;
}

bool operator==(const Game& a, const Game& b) {
  return a.tags == b.tags && a.start == b.start && a.moves_checked == b.moves_checked &&
         a.moves == b.moves && a.result == b.result;
}

namespace {

// Plays the lines of a game into a visitor, making the positions the tree does not keep.
class Replay {
 public:
  Replay(Visitor& visitor, bool moves_checked) : visitor_(visitor), checked_(moves_checked) {}

  // Visits `line` from the position `start`, whose ply from the game's start is `ply`.
  // Returns false when the visitor skipped the rest of the game.
  bool line(const Line& line, const fen::Position& start, std::uint32_t ply, std::uint16_t depth) {
    for (const std::string& c : line.starting_comments) visitor_.comment(c, Location{});
    fen::Position pos = start;
    for (const Node& node : line.nodes) {
      MoveEvent event;
      event.ply = ply + 1;
      event.depth = depth;
      fen::Position after = pos;
      char san[fen::kMaxSanLength];
      const bool resolved = checked_ && !node.move.is_none();
      if (resolved) {
        after.play_unchecked(node.move);
        event.move = node.move;
        event.before = &pos;
        event.after = &after;
        event.san = std::string_view(san, fen::write_san(pos, node.move, after, san));
      } else {
        event.san = node.san;
      }
      if (visitor_.move(event) != Action::proceed) return false;
      for (std::uint8_t n : node.nags) visitor_.nag(n);
      for (const std::string& c : node.comments) visitor_.comment(c, Location{});
      for (const Line& variation : node.variations) {
        if (visitor_.begin_variation() == Action::proceed) {
          if (!this->line(variation, pos, ply, std::uint16_t(depth + 1))) return false;
          visitor_.end_variation();
        }
        // Outside the parentheses: given even when the variation was skipped, as the
        // reader gives them.
        for (const std::string& c : variation.trailing_comments) visitor_.comment(c, Location{});
      }
      if (resolved) pos = after;
      ++ply;
    }
    if (depth == 0) main_line_end_ = pos;
    return true;
  }

  // The main line's last position, once line() has visited it to its end.
  const fen::Position& main_line_end() const { return main_line_end_; }

 private:
  Visitor& visitor_;
  bool checked_;
  fen::Position main_line_end_;
};

}  // namespace

void Game::accept(Visitor& visitor) const {
  GameEnd end{.rejected = rejected, .raw = raw, .selected = !rejected};
  if (visitor.begin_game(GameStart{.number = number, .where = where}) != Action::proceed) {
    visitor.end_game(end);
    return;
  }
  for (const Tag& t : tags) visitor.tag(t.name, t.value);
  if (visitor.end_tags() == Action::ignore) {
    // As the reader passes such a game over: not judged, so neither reported nor rejected.
    visitor.end_game(GameEnd{.rejected = false, .raw = raw});
    return;
  }
  if (moves_checked) visitor.start_position(start);
  Replay replay(visitor, moves_checked);
  if (visitor.begin_movetext() == Action::proceed) {
    if (replay.line(moves, start, 0, 0)) {
      if (!result.empty()) visitor.result(result);
      if (moves_checked && !rejected) end.final_position = &replay.main_line_end();
    }
  }
  for (const Diagnostic& d : diagnostics) visitor.diagnostic(d);
  visitor.end_game(end);
}

fen::Position Game::position_after(std::size_t ply) const {
  if (ply > moves.nodes.size())
    throw std::out_of_range("the main line has " + std::to_string(moves.nodes.size()) +
                            " half-moves, not " + std::to_string(ply));
  fen::Position pos = start;
  for (std::size_t i = 0; i < ply; ++i) pos.play(moves.nodes[i].move);
  return pos;
}

std::vector<fen::Position> Game::mainline_positions() const {
  std::vector<fen::Position> positions{start};
  positions.reserve(moves.nodes.size() + 1);
  for (const Node& node : moves.nodes) {
    positions.push_back(positions.back());
    positions.back().play(node.move);
  }
  return positions;
}

Line& Game::add_variation(std::size_t ply, std::initializer_list<std::string_view> san) {
  if (ply == 0 || ply > moves.nodes.size())
    throw std::out_of_range("no main-line move at ply " + std::to_string(ply));
  fen::Position pos = position_after(ply - 1);
  Line line;
  for (std::string_view token : san) {
    const fen::SanResult move = fen::read_san(pos, token);
    if (!move) throw std::invalid_argument(fen::describe(pos, token, move));
    Node node;
    node.move = move.move;
    line.nodes.push_back(std::move(node));
    pos.play(move.move);
  }
  return moves.nodes[ply - 1].variations.emplace_back(std::move(line));
}

void Game::add_comment(std::size_t ply, std::string text) {
  if (ply > moves.nodes.size())
    throw std::out_of_range("no main-line move at ply " + std::to_string(ply));
  if (ply == 0) moves.starting_comments.push_back(std::move(text));
  else moves.nodes[ply - 1].comments.push_back(std::move(text));
}

}  // namespace fenkit::pgn
