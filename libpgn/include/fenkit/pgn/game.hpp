// Game: one PGN game held in memory (the game tree, or DOM).
//
// The tree stores moves, not positions: positions are replayed from the start position when
// they are needed (Game::accept does this for any visitor). A line is a sequence of nodes;
// the alternatives to a node's move hang on that node as variations, each a line of its own.
// Seen as a tree of positions, the children of a node are the next node of its line (the main
// continuation, always first) followed by the first nodes of that next node's variations:
//
//   1. e4 e5 (1... c5 2. Nf3) (1... e6) 2. Nf3
//
//   main line:  [e4] [e5] [Nf3]
//                     `-- variations: [c5] [Nf3]   and   [e6]
//
// The recursion goes as deep as variations nest, not as long as the game is, so long games
// cost no stack; the reader nests them at most ReaderOptions::max_variation_depth deep.
//
// Thread safety: a Game is a value: const access from many threads at once is safe; changing it
// needs it to itself.
#pragma once

#include <array>
#include <initializer_list>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fenkit/fen/move.hpp"
#include "fenkit/fen/position.hpp"
#include "fenkit/pgn/visitor.hpp"
#include "fenkit/fen/export.hpp"

namespace fenkit::pgn {

// The seven tags every exported game carries, in the order export format writes them.
inline constexpr std::array<std::string_view, 7> kSevenTagRoster = {
    "Event", "Site", "Date", "Round", "White", "Black", "Result"};

FENKIT_API bool is_roster_tag(std::string_view name);

struct FENKIT_API Tag {
  std::string name;
  std::string value;  // unescaped, UTF-8

  friend bool operator==(const Tag&, const Tag&) = default;
};

struct Line;

// One move and the annotations written after it.
struct FENKIT_API Node {
  fen::Move move;
  // The token as read, kept only when the move was not resolved (a reader that does not
  // check moves delivers Move::none()); empty otherwise, since SAN is written from `move`.
  std::string san;
  std::vector<std::uint8_t> nags;
  std::vector<std::string> comments;  // after the move
  // Alternatives to this move: each line starts from the position before it.
  std::vector<Line> variations;

  friend FENKIT_API bool operator==(const Node&, const Node&);
};

// A sequence of moves: the main line of a game, or a variation.
struct FENKIT_API Line {
  // Comments before the first move: at the start of the movetext, or after the "(" of a
  // variation. A game without moves keeps its comments here.
  std::vector<std::string> starting_comments;
  std::vector<Node> nodes;
  // Comments after the ")" of a variation, up to the next move or variation (empty for the
  // main line). They stay in the movetext when variations are left out of it.
  std::vector<std::string> trailing_comments;

  friend FENKIT_API bool operator==(const Line&, const Line&);
};

struct FENKIT_API Game {
  // ------------------------------------------------------------ Where it was read
  std::uint64_t number = 0;  // GameStart::number
  Location where;

  // ------------------------------------------------------------ The record
  std::vector<Tag> tags;  // in input order, duplicates kept
  // The position the moves start from: the reader's start position (standard, or [FEN]).
  fen::Position start;
  // Whether moves were resolved against positions. False when the reader did not check
  // moves: nodes then carry their SAN tokens and `start` is only what the [FEN] tag says.
  bool moves_checked = true;
  Line moves;  // the main line
  // "1-0", "0-1", "1/2-1/2" or "*" as the movetext ended; empty when it had no result.
  std::string result;

  // ------------------------------------------------------------ What the reader said
  std::vector<Diagnostic> diagnostics;
  bool rejected = false;  // the reader gave the game up; `raw` holds its text
  std::string raw;        // kept for rejected games only

  // The value of the first tag with this name, or null.
  const std::string* find_tag(std::string_view name) const;

  // ------------------------------------------------------------ Positions and edits
  // (For games whose moves were checked, as the reader checks them by default.)

  // The position after `ply` half-moves of the main line (0: the start position). Throws
  // std::out_of_range past the main line's end.
  fen::Position position_after(std::size_t ply) const;
  // Every position of the main line, the start position first.
  std::vector<fen::Position> mainline_positions() const;
  // Adds a variation replacing the main line's move at `ply` (1 for the first move), played
  // from the position before it, its moves given in SAN; returns it. Throws
  // std::invalid_argument naming the first move that is not legal there (nothing is added), or
  // std::out_of_range for a ply the main line does not have.
  Line& add_variation(std::size_t ply, std::initializer_list<std::string_view> san);
  // Adds a comment after the main line's move at `ply` (0: before the first move).
  void add_comment(std::size_t ply, std::string text);

  // Replays the game into a visitor as the reader would: begin_game, the tags,
  // start_position (when moves are checked), begin_movetext, then the movetext with every
  // MoveEvent's positions, ply and depth, then result, the stored diagnostics and end_game.
  // The visitor's Action::skip is honoured as the reader honours it. Comments carry no
  // location, since the tree keeps none.
  void accept(Visitor& visitor) const;

  // Two games are equal when they record the same game: tags, start position, moves with
  // their comments, NAGs and variations, and result. Where they were read and what the
  // reader said about them (number, location, diagnostics, rejection, raw text) do not count.
  friend FENKIT_API bool operator==(const Game&, const Game&);
};

}  // namespace fenkit::pgn
