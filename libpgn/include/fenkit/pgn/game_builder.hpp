// GameBuilder: the visitor that turns what the reader delivers into Game trees.
//
//   GameBuilder builder;
//   read_pgn(text, builder);
//   for (const Game& game : builder.games()) ...
//
// or, to keep only one game in memory at a time, hand each finished game to a function:
//
//   GameBuilder builder([](Game&& game) { ... });
//
// Thread safety: a GameBuilder belongs to one thread (the reader's).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "fenkit/pgn/game.hpp"
#include "fenkit/pgn/visitor.hpp"
#include "fenkit/fen/export.hpp"

namespace fenkit::pgn {

// Where the builder puts what it is given:
// - Comments: one before the first move of a line is the line's starting comment; one after
//   a move (its NAGs, or its variations) is a note of that move, in the record's order. Their
//   blanks are normalised: trimmed, every run of spaces and line breaks made one space, since
//   export format re-flows comment text anyway; and they are kept in UTF-8 (text that is not
//   is read as Windows-1252, as the reader reads it).
// - NAGs follow the last move of the current line (also when a variation stands between).
//   A NAG before the first move of a line has no move to annotate: it is reported as a
//   warning, as is a variation before the first move of a line (which is skipped).
// - Diagnostics go to the game they arrive in; a rejected game is kept, marked, with its raw
//   text. Diagnostics outside any game are kept apart (stray_diagnostics()).
// - Games are given whole to the function, or kept in games(), rejected ones included.
class FENKIT_API GameBuilder : public Visitor {
 public:
  GameBuilder() = default;
  explicit GameBuilder(std::function<void(Game&&)> on_game) : on_game_(std::move(on_game)) {}

  // Keep comments exactly as written between their braces (line breaks and runs of spaces
  // too), for programs that promise to hand comments back unchanged (python-chess's do).
  void keep_comment_blanks(bool keep) { keep_comment_blanks_ = keep; }

  std::vector<Game>& games() { return games_; }
  const std::vector<Game>& games() const { return games_; }
  const std::vector<Diagnostic>& stray_diagnostics() const { return stray_diagnostics_; }

  // ------------------------------------------------------------ Visitor
  Action begin_game(const GameStart& start) override;
  void tag(std::string_view name, std::string_view value) override;
  void start_position(const fen::Position& position) override;
  Action begin_movetext() override;
  Action move(const MoveEvent& event) override;
  void comment(std::string_view text, const Location& where) override;
  void nag(std::uint8_t nag) override;
  Action begin_variation() override;
  void end_variation() override;
  void result(std::string_view result) override;
  void diagnostic(const Diagnostic& diagnostic) override;
  void end_game(const GameEnd& end) override;

 private:
  // A line being filled. What is written after its last move (or before its first) goes
  // straight into the game's notes, after the move's others; once a variation of the move has
  // come (whose own notes then follow in the game's), it is held in `pending` until the line's
  // next move or its end, and moved after the others then: a move's notes stay one run, and
  // each is moved at most once.
  struct Frame {
    LineId line = kMainLine;
    Location last_where;  // of the last move, for the builder's own warnings
    bool held = false;
    std::vector<Note> pending;
  };

  Frame& top() { return frames_[depth_ - 1]; }
  Line& line_of(const Frame& frame) { return game_.line_to_edit(frame.line); }
  void open_frame(LineId line);
  void add(Frame& frame, const Note& note);
  // Moves the frame's held notes after its line's last move's others (or its start's).
  void settle(Frame& frame);
  void warn(std::string message);
  // The game built, its arrays at their size; the builder keeps its own, emptied.
  Game take_game();

  std::function<void(Game&&)> on_game_;
  std::vector<Game> games_;
  std::vector<Diagnostic> stray_diagnostics_;
  Game game_;
  bool in_game_ = false;
  bool keep_comment_blanks_ = false;
  bool start_given_ = false;
  // frames_[0, depth_) are open; those after stay for their buffers.
  std::vector<Frame> frames_;
  std::size_t depth_ = 0;
  std::string comment_;  // a comment being normalised
};

// A comment's text as the tree stores it: trimmed, inner runs of blanks made one space.
FENKIT_API std::string normalize_comment(std::string_view text);
// The same, appended to `out`.
FENKIT_API void append_normalized_comment(std::string& out, std::string_view text);

}  // namespace fenkit::pgn
