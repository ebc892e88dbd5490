#include "variation_games.hpp"

#include <string>
#include <vector>

namespace fenkit::tools {

namespace {

// A move as it stands in a game without variations: the comments after its variations' ')'
// join its own.
pgn::Node without_variations(const pgn::Node& node) {
  pgn::Node bare;
  bare.move = node.move;
  bare.san = node.san;
  bare.nags = node.nags;
  bare.comments = node.comments;
  for (const pgn::Line& variation : node.variations)
    bare.comments.insert(bare.comments.end(), variation.trailing_comments.begin(),
                         variation.trailing_comments.end());
  return bare;
}

struct Splitter {
  const pgn::Game& game;
  unsigned max_depth;
  const std::function<void(const pgn::Game&)>& emit;
  pgn::Game out;  // the game being made, reused
  // The moves before the line walked, and the comments before the first of them.
  std::vector<pgn::Node> prefix;
  std::vector<std::string> starting_comments;

  // The variations of `line`, whose first move follows the prefix.
  void walk(const pgn::Line& line, unsigned depth) {
    const std::size_t base = prefix.size();
    for (const pgn::Node& node : line.nodes) {
      if (max_depth == 0 || depth < max_depth) {
        for (const pgn::Line& variation : node.variations) {
          // The comments after the '(' belong to the move before the variation (or the
          // game's start), in its game and in those of the variations within it.
          std::vector<std::string>& before =
              prefix.empty() ? starting_comments : prefix.back().comments;
          const std::size_t kept = before.size();
          before.insert(before.end(), variation.starting_comments.begin(),
                        variation.starting_comments.end());
          make(variation);
          emit(out);
          walk(variation, depth + 1);  // its own variations follow it, before the next one
          (prefix.empty() ? starting_comments : prefix.back().comments).resize(kept);
        }
      }
      prefix.push_back(without_variations(node));
    }
    prefix.resize(base);
  }

  void make(const pgn::Line& variation) {
    out.moves.starting_comments = starting_comments;
    out.moves.nodes = prefix;
    for (const pgn::Node& node : variation.nodes) out.moves.nodes.push_back(without_variations(node));
  }
};

}  // namespace

void for_each_variation_game(const pgn::Game& game, unsigned max_depth,
                             const std::function<void(const pgn::Game&)>& emit) {
  Splitter splitter{game, max_depth, emit, {}, {}, game.moves.starting_comments};
  splitter.out.number = game.number;
  splitter.out.where = game.where;
  splitter.out.tags = game.tags;
  for (pgn::Tag& tag : splitter.out.tags)
    if (tag.name == "Result") tag.value.assign(1, '*');  // (not = "*": a false GCC 12 warning)
  splitter.out.start = game.start;
  splitter.out.moves_checked = game.moves_checked;
  splitter.out.result.assign(1, '*');
  splitter.walk(game.moves, 0);
}

}  // namespace fenkit::tools
