// Game: one PGN game held in memory (the game tree, or DOM).
//
// The tree stores moves, not positions: positions are made again from the start position when
// they are needed (walk() in game_walk.hpp gives every move with the positions around it, and
// Game::accept replays a game into any visitor). A line is a sequence of nodes; what the record
// writes after a move (comments, NAGs, variations, in the record's order) are the node's notes.
// A variation is an alternative to the move of the node it hangs on, played from the position
// before that move:
//
//   1. e4 e5 (1... c5 2. Nf3) (1... e6) 2. Nf3
//
//   main line:  [e4] [e5] [Nf3]
//                     `-- notes: variation [c5] [Nf3], variation [e6]
//
// How it is kept: nodes are small plain values (a move and where its text and notes are), the
// text of every comment and move is one buffer of the game, the notes one array, the variations
// an array of lines. Reading a game therefore allocates per game, not per move, and a game is a
// handful of blocks however many comments it has (a lichess export has one after every move).
//
// Thread safety: a Game is a value: const access from many threads at once is safe; changing it
// needs it to itself.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fenkit/fen/export.hpp"
#include "fenkit/fen/move.hpp"
#include "fenkit/fen/position.hpp"
#include "fenkit/pgn/comment_commands.hpp"
#include "fenkit/pgn/visitor.hpp"

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

// ---------------------------------------------------------------------------------- The tree

// A line of a game: 0 is the main line, variations are numbered as they were added.
using LineId = std::uint32_t;
inline constexpr LineId kMainLine = 0;

// One thing written after a move (or before a line's first move): a comment, a NAG, or a
// variation. Read them through the game: Game::comment(note), Game::variation(note).
struct FENKIT_API Note {
  enum class Kind : std::uint8_t { comment, nag, variation };
  Kind kind = Kind::comment;
  std::uint8_t nag = 0;      // Kind::nag: $1..$255
  std::uint32_t first = 0;   // Kind::comment: where its text begins; Kind::variation: its LineId
  std::uint32_t size = 0;    // Kind::comment: its length
};

// A run of a game's notes.
struct FENKIT_API NoteSpan {
  std::uint32_t first = 0;
  std::uint32_t count = 0;
};

// One move. A plain value: the game holds its notes (and a move written longer than a move
// ever is).
struct FENKIT_API Node {
  static constexpr std::size_t kWrittenInline = 13;
  fen::Move move;  // Move::none() when the reader did not check moves (Game::moves_checked)
  std::uint8_t written_size = 0;
  // The move as written (Game::written), when it fits; else where it begins in the game's text.
  char written[kWrittenInline] = {};
  NoteSpan notes;  // what follows the move, in the record's order
};

// A sequence of moves: the main line of a game, or a variation.
struct FENKIT_API Line {
  std::vector<Node> nodes;
  // Comments before the first move: at the start of the movetext, or after the "(" of a
  // variation. A game without moves keeps its comments here.
  NoteSpan starting;
};

// A range of a game's notes, or of what they hold (Game::comments, nags, variations).
template <typename Value, typename Get>
class NoteRange {
 public:
  class Iterator {
   public:
    using value_type = Value;
    using difference_type = std::ptrdiff_t;
    Iterator() = default;
    Iterator(const Note* at, const Note* end, Get get) : at_(at), end_(end), get_(get) { settle(); }
    Value operator*() const { return get_(*at_); }
    Iterator& operator++() {
      ++at_;
      settle();
      return *this;
    }
    Iterator operator++(int) {
      Iterator before = *this;
      ++*this;
      return before;
    }
    friend bool operator==(const Iterator& a, const Iterator& b) { return a.at_ == b.at_; }

   private:
    void settle() {
      while (at_ != end_ && !get_.wants(*at_)) ++at_;
    }
    const Note* at_ = nullptr;
    const Note* end_ = nullptr;
    Get get_{};
  };

  NoteRange(const Note* first, const Note* last, Get get) : first_(first), last_(last), get_(get) {}
  Iterator begin() const { return Iterator(first_, last_, get_); }
  Iterator end() const { return Iterator(last_, last_, get_); }
  bool empty() const { return begin() == end(); }
  std::size_t size() const {
    std::size_t n = 0;
    for (const Note* n_at = first_; n_at != last_; ++n_at) n += get_.wants(*n_at);
    return n;
  }

 private:
  const Note* first_;
  const Note* last_;
  Get get_;
};

class Game;

namespace notes {
// What NoteRange gives of each note it takes.
struct All {
  bool wants(const Note&) const { return true; }
  const Note& operator()(const Note& note) const { return note; }
};
struct Comments {
  const Game* game = nullptr;
  bool wants(const Note& note) const { return note.kind == Note::Kind::comment; }
  std::string_view operator()(const Note& note) const;
};
struct Nags {
  bool wants(const Note& note) const { return note.kind == Note::Kind::nag; }
  std::uint8_t operator()(const Note& note) const { return note.nag; }
};
struct Variations {
  const Game* game = nullptr;
  bool wants(const Note& note) const { return note.kind == Note::Kind::variation; }
  const Line& operator()(const Note& note) const;
};
}  // namespace notes

class FENKIT_API Game {
 public:
  Game() = default;

  // ------------------------------------------------------------ Where it was read
  std::uint64_t number = 0;  // GameStart::number
  Location where;

  // ------------------------------------------------------------ The record
  std::vector<Tag> tags;  // in input order, duplicates kept
  // The position the moves start from: the reader's start position (standard, or [FEN]).
  fen::Position start;
  // Whether moves were resolved against positions. False when the reader did not check
  // moves: nodes then carry only their moves as written, and `start` is what the [FEN] tag says.
  bool moves_checked = true;
  // "1-0", "0-1", "1/2-1/2" or "*" as the movetext ended; empty when it had none.
  std::string result;

  // ------------------------------------------------------------ What the reader said
  std::vector<Diagnostic> diagnostics;
  bool rejected = false;  // the reader gave the game up; `raw` holds its text
  std::string raw;        // kept for rejected games only

  // The value of the first tag with this name, or null.
  const std::string* find_tag(std::string_view name) const;

  // ------------------------------------------------------------ The moves
  const Line& mainline() const { return main_; }
  // A line by its id (kMainLine, or Note::first of a variation note).
  const Line& line(LineId id) const { return id == kMainLine ? main_ : variations_.at(id - 1); }
  // The main line's length in half-moves.
  std::size_t plies() const { return main_.nodes.size(); }

  // The move as the record wrote it, check marks included, without suffix annotations ("Nf3+",
  // "e8Q", "0-0"); for a move added by hand, as it was given.
  std::string_view written(const Node& node) const {
    if (node.written_size <= Node::kWrittenInline)
      return std::string_view(node.written, node.written_size);
    std::uint32_t at = 0;
    for (int i = 3; i >= 0; --i) at = at << 8 | static_cast<unsigned char>(node.written[i]);
    return std::string_view(text_.data() + at, node.written_size);
  }
  // Everything written after the move, in the record's order.
  NoteRange<const Note&, notes::All> notes(const Node& node) const { return range<notes::All>(node.notes); }
  NoteRange<const Note&, notes::All> notes(NoteSpan span) const { return range<notes::All>(span); }
  // Its comments (blanks trimmed, inner runs of blanks one space), NAGs and variations.
  NoteRange<std::string_view, notes::Comments> comments(const Node& node) const {
    return range(node.notes, notes::Comments{this});
  }
  NoteRange<std::string_view, notes::Comments> comments(NoteSpan span) const {
    return range(span, notes::Comments{this});
  }
  NoteRange<std::uint8_t, notes::Nags> nags(const Node& node) const {
    return range<notes::Nags>(node.notes);
  }
  NoteRange<std::uint8_t, notes::Nags> nags(NoteSpan span) const { return range<notes::Nags>(span); }
  NoteRange<const Line&, notes::Variations> variations(const Node& node) const {
    return range(node.notes, notes::Variations{this});
  }
  std::string_view comment(const Note& note) const {
    return std::string_view(text_.data() + note.first, note.size);
  }
  const Line& variation(const Note& note) const { return line(note.first); }
  // The commands of the move's comments ([%eval 0.17], [%clk 0:03:00]: comment_commands.hpp),
  // the first of each kind; views into the game, valid while it is unchanged.
  CommentCommands commands(const Node& node) const;
  // Its comments without their commands, joined by a space; empty for lichess's comments.
  std::string comment_text(const Node& node) const;

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

  // ------------------------------------------------------------ Positions and edits
  // (For games whose moves were checked, as the reader checks them by default.)

  // The position after `ply` half-moves of the main line (0: the start position). Throws
  // std::out_of_range past the main line's end.
  fen::Position position_after(std::size_t ply) const;
  // Every position of the main line, the start position first.
  std::vector<fen::Position> mainline_positions() const;

  // Appending, in the record's order (what a reader of the record meets next). A move is
  // appended to a line: `move` is played from the line's last position (not checked: a move
  // the caller knows to be legal there), `written` is how the record writes it. A comment, NAG
  // or (empty) variation after all that follows the move of node `index` of `line` (a comment
  // with index kBeforeFirstMove: before the line's first move). Throw std::out_of_range for a
  // line or node the game does not have.
  static constexpr std::size_t kBeforeFirstMove = SIZE_MAX;
  void append_move(LineId line, fen::Move move, std::string_view written);
  void append_comment(LineId line, std::size_t index, std::string_view text);
  void append_nag(LineId line, std::size_t index, std::uint8_t nag);
  LineId append_variation(LineId line, std::size_t index);

  // Adds a variation replacing the move of node `index` of `line`, played from the position
  // before it, its moves given in SAN; returns its id. Throws std::invalid_argument naming the
  // first move that is not legal there (nothing is added), or std::out_of_range for a node the
  // game does not have.
  LineId add_variation(LineId line, std::size_t index, std::initializer_list<std::string_view> san);
  // The same on the main line's move at `ply` (1 for the first move).
  LineId add_variation(std::size_t ply, std::initializer_list<std::string_view> san);
  // Adds a comment after the move of node `index` of `line`, before its variations (so that it
  // is the move's own, not one written after a variation), or before the line's first move.
  void add_comment(LineId line, std::size_t index, std::string_view text);
  // The same on the main line's move at `ply` (0: before the first move).
  void add_comment(std::size_t ply, std::string_view text);

  // Replays the game into a visitor as the reader would: begin_game, the tags,
  // start_position (when moves are checked), begin_movetext, then the movetext with every
  // MoveEvent's positions, ply and depth, then result, the stored diagnostics and end_game.
  // After a move come its NAGs, its comments, then its variations, each followed by the
  // comments written after it. The visitor's Action::skip is honoured as the reader honours
  // it. Comments carry no location, since the tree keeps none.
  void accept(Visitor& visitor) const;

  // Two games are equal when they record the same game: tags, start position, moves with
  // their comments, NAGs and variations, and result. Where they were read and what the
  // reader said about them (number, location, diagnostics, rejection, raw text) do not count,
  // nor how the moves were written.
  friend FENKIT_API bool operator==(const Game&, const Game&);

 private:
  friend class GameBuilder;
  friend struct notes::Comments;
  friend struct notes::Variations;

  template <typename Get>
  NoteRange<decltype(Get{}(Note{})), Get> range(NoteSpan span, Get get = {}) const {
    const Note* first = notes_.data() + span.first;
    return NoteRange<decltype(Get{}(Note{})), Get>(first, first + span.count, get);
  }
  Line& line_to_edit(LineId id);
  Node& node_to_edit(LineId line, std::size_t index);
  NoteSpan& notes_to_edit(LineId line, std::size_t index);
  // Text kept by the game: where it begins.
  std::uint32_t keep_text(std::string_view text) {
    if (text_.size() + text.size() > UINT32_MAX) [[unlikely]]
      too_much_text();
    const auto at = std::uint32_t(text_.size());
    text_.append(text);
    return at;
  }
  [[noreturn]] static void too_much_text();
  // Sets how `node` was written (at most 255 bytes kept). Inline: the reader's every move.
  void set_written(Node& node, std::string_view written) {
    node.written_size = std::uint8_t(written.size() < 255 ? written.size() : 255);
    const std::size_t n = node.written_size;
    if (n > Node::kWrittenInline) {
      std::uint32_t at = keep_text(written.substr(0, n));
      for (int i = 0; i < 4; ++i, at >>= 8) node.written[i] = char(at & 0xFF);
      return;
    }
    // Short copies without a call: two overlapping loads cover any length up to twice theirs.
    const char* from = written.data();
    char* to = node.written;
    if (n >= 8) {
      copy_overlapping<std::uint64_t>(to, from, n);
    } else if (n >= 4) {
      copy_overlapping<std::uint32_t>(to, from, n);
    } else if (n >= 2) {
      copy_overlapping<std::uint16_t>(to, from, n);
    } else if (n == 1) {
      to[0] = from[0];
    }
  }
  // The first and the last sizeof(Word) of the n bytes at `from` (sizeof(Word) <= n <= 2 sizeof(Word)).
  template <typename Word>
  static void copy_overlapping(char* to, const char* from, std::size_t n) {
    Word a, b;
    __builtin_memcpy(&a, from, sizeof a);
    __builtin_memcpy(&b, from + n - sizeof b, sizeof b);
    __builtin_memcpy(to, &a, sizeof a);
    __builtin_memcpy(to + n - sizeof b, &b, sizeof b);
  }
  // Adds `note` to `span`, before its first variation when `before_variations`.
  void add_note(NoteSpan& span, const Note& note, bool before_variations);

  Line main_;
  std::vector<Line> variations_;  // LineId n is variations_[n - 1]
  std::vector<Note> notes_;
  std::string text_;              // comments and moves as written
};

inline std::string_view notes::Comments::operator()(const Note& note) const {
  return game->comment(note);
}
inline const Line& notes::Variations::operator()(const Note& note) const {
  return game->variation(note);
}

}  // namespace fenkit::pgn
