// PgnWriter: the visitor that writes PGN export format, from a stream or from a tree.
//
//   std::string out;
//   PgnWriter writer(out);
//   read_pgn(text, writer);   // re-write a stream, or
//   game.accept(writer);      // write a stored game
//
// What it writes, per game:
// - the seven-tag roster in its order (Event Site Date Round White Black Result), missing
//   ones as "?" ("????.??.??" for Date; for Result the movetext's result, else "*"), then the
//   other tags in input order; values escaped (\" and \\). A repeated roster tag keeps its
//   first value in the roster and its later ones among the other tags.
// - a blank line, the movetext, and a blank line after it.
// - canonical SAN made from each move and the position before it, not the input token
//   (when the reader did not check moves, the token as read). The token still counts for one
//   thing: one that names no origin square ("Nd2") resolved, so no file or rank is needed
//   and none is looked for. A program that makes its own MoveEvents gives the token its move
//   was read from, or canonical SAN, as the reader and Game::accept do;
// - move numbers: "12." before every White move; "12..." before a Black move only where the
//   move pair is interrupted: at the start of the movetext or of a variation, and after a
//   comment or a variation;
// - NAGs as $n right after their move, then its comments as "{ text }", then its
//   variations as "(...)", each followed by the comments that stood after it; comments that
//   contain '}' (which braces cannot hold) as "; text" to the end of the line. Without
//   variations, the comments that followed them stay;
// - the result at the end of the movetext: the movetext's own, else the Result tag's if it
//   is a valid one, else "*".
//
// Lines hold at most line_width bytes (79 by default): the writer breaks only between
// tokens, and between the words of a comment; "(" stays with what follows it and ")" with
// what precedes it. A line never starts with '%' (an escape line to readers): a comment word
// starting with '%' stays on the line of the word before it. Nor does it start with '['
// (which looks like a tag pair) unless that word and the one before it are too long for one
// line. Only what cannot be broken and is longer than a line makes a longer line: a comment
// word that long (with a '%' word after it), or a ';' comment. Widths count bytes, so lines
// with UTF-8 text may look shorter than the limit.
//
// A stream and the tree built from it are written alike. (The one exception: a NAG after a
// variation's ")" is written there from a stream, but from a tree with its move, before the
// variations, since the tree keeps a move's NAGs together.)
//
// The writer keeps its buffers from game to game: after the first few games, writing
// allocates only when the output grows.
//
// Thread safety: a PgnWriter belongs to one thread; to_pgn() may run on any number of threads at
// once.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>

#include "fenkit/pgn/game.hpp"
#include "fenkit/pgn/visitor.hpp"
#include "fenkit/fen/export.hpp"

namespace fenkit::pgn {

// How moves are written: SAN, as the export format has them; or the long forms pgn-extract
// writes with -Wuci, -Wlalg and -Wxlalg (move_notation.hpp).
enum class MoveNotation : std::uint8_t {
  san,
  uci,    // e2e4, e7e8q, castling e1g1 (king takes rook in Chess960): no move numbers, no + or #
  lalg,   // e2e4, e7e8Q, e1g1 (king takes rook in Chess960: e1h1), then + or #
  xlalg,  // Ng1-f3, e4xd5, e7-e8Q, e1-g1 (castling as the king's move; in Chess960 e1xh1), then + or #
};

struct FENKIT_API WriterOptions {
  bool comments = true;
  bool nags = true;
  bool variations = true;
  // Tags outside the seven-tag roster. SetUp, FEN and Variant are kept even when this is
  // off, since without them the moves cannot be replayed.
  bool other_tags = true;
  // Games the reader rejected are left out (a tool writes their raw text elsewhere); on, what
  // the reader delivered of them is written.
  bool rejected_games = false;
  std::size_t line_width = 79;
  MoveNotation notation = MoveNotation::san;
  // + and # after a move that checks or mates; off, they are left out (pgn-extract --nochecks).
  bool check_marks = true;
};

class FENKIT_API PgnWriter : public Visitor {
 public:
  // Appends each game to `out`.
  explicit PgnWriter(std::string& out, const WriterOptions& options = {});
  // Writes each game to `out` when it ends.
  explicit PgnWriter(std::ostream& out, const WriterOptions& options = {});
  ~PgnWriter() override;
  PgnWriter(const PgnWriter&) = delete;
  PgnWriter& operator=(const PgnWriter&) = delete;

  std::uint64_t games_written() const;

  // ------------------------------------------------------------ Editing the game being written
  // Tags are written when the game ends, so a program can change them until then (an ECO code
  // found from the moves, a PlyCount, a corrected Result). set_tag replaces the first tag of
  // that name (dropping its repetitions) or adds the tag after the others; remove_tag drops
  // every tag of that name.
  void set_tag(std::string_view name, std::string_view value);
  void remove_tag(std::string_view name);
  // A comment the program adds (a FEN, a key), written where comment() would write it, whatever
  // WriterOptions::comments says of the input's own.
  void add_comment(std::string_view text);

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
  void end_game(const GameEnd& end) override;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

// The export-format text of one game (nothing for a rejected game unless
// options.rejected_games).
FENKIT_API std::string to_pgn(const Game& game, const WriterOptions& options = {});

}  // namespace fenkit::pgn
