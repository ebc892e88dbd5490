#include "variation_games.hpp"

#include <string_view>
#include <vector>

namespace fenkit::tools {

namespace {

struct Splitter {
  const pgn::Game& game;
  unsigned max_depth;
  const std::function<void(const pgn::Game&)>& emit;
  // The moves before the line walked, and for each the comments after the '(' of the variations
  // that follow it (they belong to it in the variations' games); those before the first move.
  std::vector<const pgn::Node*> prefix;
  std::vector<std::vector<std::string_view>> added;
  std::vector<std::string_view> added_at_start;

  // The variations of `line`, whose first move follows the prefix.
  void walk(const pgn::Line& line, unsigned depth) {
    const std::size_t base = prefix.size();
    for (const pgn::Node& node : line.nodes) {
      if (max_depth == 0 || depth < max_depth) {
        for (const pgn::Line& variation : game.variations(node)) {
          // The comments after the '(' belong to the move before the variation (or the
          // game's start), in its game and in those of the variations within it.
          std::vector<std::string_view>& before = prefix.empty() ? added_at_start : added.back();
          const std::size_t kept = before.size();
          for (std::string_view c : game.comments(variation.starting)) before.push_back(c);
          emit(make(variation));
          walk(variation, depth + 1);  // its own variations follow it, before the next one
          (prefix.empty() ? added_at_start : added.back()).resize(kept);
        }
      }
      prefix.push_back(&node);
      added.emplace_back();
    }
    prefix.resize(base);
    added.resize(base);
  }

  // A move as it stands in a game without variations: the comments after its variations' ')'
  // join its own, and `more` after them.
  void put(pgn::Game& out, const pgn::Node& node, const std::vector<std::string_view>& more) const {
    out.append_move(pgn::kMainLine, node.move, game.written(node));
    const std::size_t index = out.plies() - 1;
    for (std::uint8_t nag : game.nags(node)) out.append_nag(pgn::kMainLine, index, nag);
    for (std::string_view c : game.comments(node)) out.append_comment(pgn::kMainLine, index, c);
    for (std::string_view c : more) out.append_comment(pgn::kMainLine, index, c);
  }

  pgn::Game make(const pgn::Line& variation) const {
    pgn::Game out;
    out.number = game.number;
    out.where = game.where;
    out.tags = game.tags;
    for (pgn::Tag& tag : out.tags)
      if (tag.name == "Result") tag.value.assign(1, '*');  // (not = "*": a false GCC 12 warning)
    out.start = game.start;
    out.moves_checked = game.moves_checked;
    out.result.assign(1, '*');
    for (std::string_view c : game.comments(game.mainline().starting))
      out.append_comment(pgn::kMainLine, pgn::Game::kBeforeFirstMove, c);
    for (std::string_view c : added_at_start)
      out.append_comment(pgn::kMainLine, pgn::Game::kBeforeFirstMove, c);
    for (std::size_t i = 0; i < prefix.size(); ++i) put(out, *prefix[i], added[i]);
    for (const pgn::Node& node : variation.nodes) put(out, node, {});
    return out;
  }
};

}  // namespace

void for_each_variation_game(const pgn::Game& game, unsigned max_depth,
                             const std::function<void(const pgn::Game&)>& emit) {
  Splitter splitter{game, max_depth, emit, {}, {}, {}};
  splitter.walk(game.mainline(), 0);
}

}  // namespace fenkit::tools
