#include "fenkit/pgn/opening_lines.hpp"

#include <stdexcept>
#include <string>

#include "fenkit/pgn/game_builder.hpp"
#include "fenkit/pgn/reader.hpp"

namespace fenkit::pgn {

namespace {

// How far past a line's end a position may still be named by it (pgn-extract's limit).
constexpr std::uint32_t kPliesPastTheLine = 6;

std::string tag_or_empty(const Game& game, std::string_view name) {
  const std::string* value = game.find_tag(name);
  return value ? *value : std::string();
}

}  // namespace

OpeningLines OpeningLines::from_pgn(std::string_view text) {
  OpeningLines lines;
  GameBuilder builder([&](Game&& game) {
    if (game.rejected) {
      const std::string why = game.diagnostics.empty() ? "it cannot be read"
                                                       : game.diagnostics.front().message;
      throw std::invalid_argument("opening line " + std::to_string(game.number) + ": " + why);
    }
    fen::Position pos = game.start;
    MainlineHash moves;
    moves.start(pos);
    for (const Node& node : game.mainline().nodes) {
      pos.play(node.move);
      moves.move(node.move);
    }
    const auto plies = std::uint32_t(game.mainline().nodes.size());
    lines.by_board_[board_hash(pos)].push_back(std::uint32_t(lines.lines_.size()));
    lines.lines_.push_back(Line{Opening{tag_or_empty(game, "ECO"), tag_or_empty(game, "Opening"),
                                        std::uint16_t(plies), tag_or_empty(game, "Variation"),
                                        tag_or_empty(game, "SubVariation")},
                                moves.value()});
    lines.longest_ = std::max(lines.longest_, plies);
  });
  ReaderOptions options;
  options.comments = false;
  options.reject_bad_variations = false;
  read_pgn(text, builder, options);
  return lines;
}

void OpeningLineClassifier::start(const fen::Position& pos) {
  best_ = nullptr;
  ply_ = 0;
  moves_.start(pos);
  look_up(pos);
}

void OpeningLineClassifier::move(fen::Move m, const fen::Position& after) {
  ++ply_;
  moves_.move(m);
  look_up(after);
}

void OpeningLineClassifier::look_up(const fen::Position& pos) {
  if (ply_ > lines_.longest_ + kPliesPastTheLine) return;  // past every line
  const auto found = lines_.by_board_.find(board_hash(pos));
  if (found == lines_.by_board_.end()) return;
  const Opening* near = nullptr;
  for (const std::uint32_t index : found->second) {
    const OpeningLines::Line& line = lines_.lines_[index];
    if (line.opening.plies == ply_ && line.moves == moves_.value()) {
      best_ = &line.opening;  // the same moves
      return;
    }
    if (!near && ply_ >= line.opening.plies && ply_ - line.opening.plies <= kPliesPastTheLine)
      near = &line.opening;
  }
  if (near) best_ = near;
}

}  // namespace fenkit::pgn
