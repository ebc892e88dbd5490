// The commands that programs embed in PGN comments: `[%eval 0.17]`, `[%clk 0:03:00]`, ...
//
// Lichess writes one comment after every move of its database exports:
//
//   1. e4 { [%eval 0.17] [%clk 0:00:30] } 1... c5 { [%eval #-4] [%clk 0:00:29] }
//
// read_comment_commands() takes such a comment apart without allocating: numbers are converted,
// and the other commands and the remaining text are views into the comment. A command that is
// malformed (`[%eval abc]`, `[%clk 1:2]`, an unclosed `[%clk 0:01`) is not taken: it stays part
// of the text, and the value stays absent.
//
// The evaluation follows lichess's own JSON: centipawns from White's view (`[%eval 0.17]` -> 17,
// `[%eval -1.5]` -> -150; a third decimal is rounded half away from zero), or a signed number of
// moves to mate (`[%eval #-4]` -> -4: Black mates in 4). A depth after a comma (`[%eval 0.17,22]`,
// as some engines write it) is read too.
//
// Thread safety: a pure function of its argument.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include "fenkit/fen/export.hpp"

namespace fenkit::pgn {

struct FENKIT_API CommentCommands {
  std::optional<std::int32_t> eval_cp;       // [%eval 0.17]: centipawns, White's view
  std::optional<std::int32_t> mate;          // [%eval #-4]: moves to mate, + White mates
  std::optional<std::uint32_t> eval_depth;   // [%eval 0.17,22]
  std::optional<std::uint32_t> clock_ms;     // [%clk H:MM:SS(.s)]: time left, milliseconds
  std::optional<std::uint32_t> elapsed_ms;   // [%emt H:MM:SS(.s)]: time spent on the move
  std::string_view arrows;                   // [%cal Gc2c4,Rd8d1]: the operand as written
  std::string_view squares;                  // [%csl Gc4,Rd1]
  bool any = false;                          // some command was taken
};

// The commands of one comment; the first of each kind counts.
FENKIT_API CommentCommands read_comment_commands(std::string_view comment);
// The commands of one more comment added to `out`, each kind only where `out` has none yet: over
// the comments after a move, the first of each kind counts. (Reads into `out` in place, which
// costs less than merging what read_comment_commands returns, on every move of a lichess export.)
FENKIT_API void add_comment_commands(CommentCommands& out, std::string_view comment);

// The comment without its commands (well-formed ones; see above), with runs of blanks made one
// space and blanks trimmed at both ends, appended to `out`. Empty for lichess's comments.
FENKIT_API void append_comment_text(std::string& out, std::string_view comment);

// "30", "5.3", "3723.25": a time in milliseconds written as seconds, without trailing zeros.
FENKIT_API void append_seconds(std::string& out, std::uint32_t milliseconds);
// The same into `out` (room for kMaxSecondsLength bytes); returns the length.
inline constexpr std::size_t kMaxSecondsLength = 16;
FENKIT_API std::size_t write_seconds(std::uint32_t milliseconds, char* out);

}  // namespace fenkit::pgn
