// The visitor: what the streaming reader calls for each part of each game.
//
// Every string_view argument points into the reader's buffer (or a scratch buffer for text
// it had to unescape or convert to UTF-8) and is valid only during the call, except a tag's
// name and value, which last to the game's end (tag() below). Nothing is allocated per move.
// The game tree (game.hpp) is built by one such visitor, and a stored game replays itself
// into any visitor, so writers serve streams and trees alike.
//
// The reader streams: a game's moves reach the visitor as they are read, before the game is
// judged, so a game rejected at ply 31 shows 30 moves, then end_game{rejected}. A visitor that
// must see only good games whole is wrapped in a WholeGames (whole_games.hpp), or games are
// taken one at a time from a GameReader (game_reader.hpp).
//
// Thread safety: a visitor is called on the thread that reads; one visitor serves one read at a
// time.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "fenkit/fen/move.hpp"
#include "fenkit/fen/position.hpp"
#include "fenkit/fen/export.hpp"

namespace fenkit::pgn {

// A place in the input: 1-based line and column (in bytes), and the byte offset from the
// start of the input. (Lines are counted in 64 bits: a lichess month has about 1.5 billion
// lines, and a few months read as one stream pass 2^32.)
struct FENKIT_API Location {
  std::uint64_t offset = 0;
  std::uint64_t line = 0;
  std::uint32_t column = 0;
};

// What a visitor wants next: go on, or skip (the variation, or the rest of the game). From
// end_tags and begin_movetext only, ignore: the movetext is not read at all, neither visited nor
// checked, so the game is never rejected (for programs that choose games by their tags and want
// speed).
enum class Action : std::uint8_t { proceed, skip, ignore };

struct FENKIT_API GameStart {
  std::uint64_t number = 0;  // counts every game of the input from 1, rejected ones included
  Location where;            // first byte of the game
};

struct FENKIT_API MoveEvent {
  // The move as written, check marks included (Nf3+, e8=Q#); suffix annotations such as
  // ! and ?! are not part of it and arrive as nag() calls after the move.
  std::string_view san;
  Location where;
  // The resolved move and the positions around it. When the reader does not check moves
  // (ReaderOptions::check_moves off), move is Move::none() and both pointers are null.
  fen::Move move;
  const fen::Position* before = nullptr;
  const fen::Position* after = nullptr;
  std::uint32_t ply = 0;    // half-moves from the game's start position to `after`
  std::uint16_t depth = 0;  // 0 in the main line, 1 inside a variation, 2 nested ...
};

enum class Severity : std::uint8_t { warning, error };

struct FENKIT_API Diagnostic {
  Severity severity = Severity::error;
  Location where;            // the offending token
  std::uint64_t game = 0;    // game number
  std::string message;       // "illegal move Nf3: no piece can make it" ...
};

// Appends "FILE:LINE:COLUMN: error: game N: MESSAGE\n" (or warning) for a reader's diagnostic,
// as the fenkit program writes it; the message is made printable (control bytes and invalid
// UTF-8 as \xNN). `game_offset` is added to the game number (for pieces of a larger input read
// apart).
FENKIT_API void append_diagnostic(std::string& out, std::string_view file, const Diagnostic& d,
                                  std::int64_t game_offset = 0);

struct FENKIT_API GameEnd {
  bool rejected = false;  // an error made the reader give the game up
  std::string_view raw;   // the game's text exactly as read (for --rejects files)
  // Whether the game is one to use: false for a rejected game, and for one a visitor's filter did
  // not select (as the program's do). The reader itself selects every good game.
  bool selected = true;
  // The main line's last position when the moves were checked and the game is not rejected;
  // null when it is not known. Valid during the call only.
  const fen::Position* final_position = nullptr;
};

class FENKIT_API Visitor {
 public:
  virtual ~Visitor() = default;

  // Skip: the reader scans to the next game and calls end_game only.
  virtual Action begin_game(const GameStart&) { return Action::proceed; }
  // Tag value unescaped (\" and \\) and in UTF-8. The reader keeps both views valid until the
  // game's end_game returns, so that a visitor may hold them rather than copy them; a program
  // that calls a visitor itself should do the same.
  virtual void tag(std::string_view /*name*/, std::string_view /*value*/) {}
  // After the last tag, before the reader acts on the tags (Variant, SetUp and FEN). Ignore
  // passes the game over from here as begin_movetext's ignore does, and a bad Variant or FEN
  // tag is then not reported either: a program that chooses games by their tags hears nothing
  // of a broken game it did not choose. Anything else goes on.
  virtual Action end_tags() { return Action::proceed; }
  // After the tags: the position the moves start from (standard, or [FEN], Chess960 aware).
  // Not called when moves are not checked.
  virtual void start_position(const fen::Position&) {}
  virtual Action begin_movetext() { return Action::proceed; }
  // Skip: the rest of the game is scanned without callbacks (still checked for legality
  // when the reader checks moves, so that a game is only ever accepted whole).
  virtual Action move(const MoveEvent&) { return Action::proceed; }
  // The text between the braces, or after ';' to the end of the line, in UTF-8.
  virtual void comment(std::string_view /*text*/, const Location&) {}
  // Numeric annotation glyphs: $n, and the suffixes ! ? !! ?? !? ?! as $1..$6.
  virtual void nag(std::uint8_t /*nag*/) {}
  // Skip (the default): the variation is checked but not visited.
  virtual Action begin_variation() { return Action::skip; }
  virtual void end_variation() {}
  // "1-0", "0-1", "1/2-1/2" or "*"; common wrong forms arrive normalised.
  virtual void result(std::string_view) {}
  virtual void diagnostic(const Diagnostic&) {}
  virtual void end_game(const GameEnd&) {}
};

}  // namespace fenkit::pgn
