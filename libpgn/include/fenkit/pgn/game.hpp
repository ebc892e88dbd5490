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
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fenkit/fen/move.hpp"
#include "fenkit/fen/position.hpp"
#include "fenkit/pgn/comment_commands.hpp"
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

// What a game's record says, typed (Game::outcome, date, time_control).
enum class Outcome : std::uint8_t { white_wins, black_wins, draw, unknown };

// A PGN date: "2021.03.14"; parts written "??" are unknown ("2021.??.??": the year only).
struct FENKIT_API PgnDate {
  std::optional<int> year, month, day;
  friend bool operator==(const PgnDate&, const PgnDate&) = default;
};

// One period of a TimeControl tag: "40/7200" (40 moves in 7200 s), "300+2" (300 s for the
// game, 2 s more a move), "*180" (a sandclock of 180 s), "7200".
struct FENKIT_API TimeControlPeriod {
  std::uint32_t moves = 0;  // the moves of the period; 0: the rest of the game
  std::uint32_t seconds = 0;
  std::uint32_t increment = 0;  // seconds added after each move
  bool sandclock = false;
  friend bool operator==(const TimeControlPeriod&, const TimeControlPeriod&) = default;
};

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

  // The commands of its comments ([%eval 0.17], [%clk 0:03:00]: comment_commands.hpp), the
  // first of each kind; views into `comments`, valid while they are unchanged.
  CommentCommands commands() const;
  // Its comments without their commands, joined by a space; empty for lichess's comments.
  std::string comment_text() const;

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

  // ------------------------------------------------------------ The record, typed
  // What every consumer would otherwise parse from the tags; nothing when the tag is missing,
  // unknown ("?", "-") or not in its format.

  // WhiteElo or BlackElo: a positive number.
  std::optional<int> elo(fen::Color color) const;
  // The Result tag, or the movetext's result when the tag is missing or not a result.
  Outcome outcome() const;
  // Date, or UTCDate without it; an all-unknown "????.??.??" gives nothing.
  std::optional<PgnDate> date() const;
  // ECO: a code A00..E99.
  std::optional<std::string_view> eco() const;
  // TimeControl, its periods separated by ':' ("40/7200:3600"); nothing for "?" or "-".
  std::optional<std::vector<TimeControlPeriod>> time_control() const;
  // The main line's length in half-moves.
  std::size_t plies() const { return moves.nodes.size(); }

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
