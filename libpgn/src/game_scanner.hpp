// Finding where games begin and end, without parsing them (internal).
//
// The reader and the chunk splitter both use this scanner, so that a game is the same byte
// range whichever of them looks at it: that is what lets -j workers and --range pieces number
// games exactly as a single reader would.
//
// A game begins at its first tag or movetext token (comments before it included) and ends:
//   - after its result token (1-0, 0-1, 1/2-1/2, *, and the wrong forms 1/2 and ½-½) outside
//     comments and variations;
//   - before a line whose first character is '[' once the movetext has begun;
//   - before a line starting with "1." after a blank line in the movetext (consecutive games
//     without tags or results);
//   - in the tag section, before a tag that repeats a name of this game after a blank line
//     (tag-only games separated by blank lines, as broadcast exports have them), and before a
//     synchronisation point (see is_sync_point: "[Event " or a tag after a blank line that
//     follows a result);
//   - inside a brace comment, before a synchronisation point (see is_sync_point): a '{' that
//     is never closed, or closed only by a later game's '}', must not swallow the games after
//     it; the game then ends inside its comment, and the parser rejects it as unclosed;
//   - at the end of the input.
// Text between games that holds no tag and no move (blank lines, % escape lines, closed
// comments followed by a blank line and a synchronisation point or by the end of the input)
// is not a game; an unclosed comment is one (a broken one, so that it is reported). So no game
// reaches across a synchronisation point, and byte ranges starting at them
// (Chunker::restrict_to) cut an input into the same games as reading it whole does.
//
// Whether a line is a synchronisation point is decided by the text alone, looking back from it
// no further than the current game's first byte; so the reader of a whole file, of a chunk and
// of a byte range all decide alike.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace fenkit::pgn::detail {

struct GameSpan {
  std::size_t begin = 0;   // offset of the first byte
  std::size_t end = 0;     // offset one past the last byte
  std::uint32_t line = 0;  // line of `begin`
};

class GameScanner {
 public:
  enum class Found {
    game,       // `span` holds the next game; `pos` and `line` moved past it
    need_more,  // the text ends inside a game (only when `final` is false)
    none,       // no game before the end of the text
  };

  // Looks for the next game in `text` from `pos`, where the line number is `line`.
  // With `final` false, a game that reaches the end of `text` is reported as need_more and
  // nothing moves, so the caller can append input and ask again.
  Found next(std::string_view text, std::size_t& pos, std::uint32_t& line, bool final,
             GameSpan& span);

 private:
  // Tag names of the current game, to notice a repeated one (bounded, never allocates).
  std::array<std::string_view, 48> names_{};
  std::size_t name_count_ = 0;
  bool seen(std::string_view name) const;
  void remember(std::string_view name);
};

// Whether a game may be taken to begin at `p`, by the text around it alone: the start of the
// text, or a line after a blank line (blanks being ' ', '\t' and '\r') that either
//   - starts "[Event ", or
//   - starts a tag ('[', a name, blanks, '"'; no brace in them) and the last line before the
//     blank lines that is not blank ends with a result token (or there is none: the start of
//     the text), as the next game's tags follow the last one's result.
// A tag after blank lines inside a tag section (the line before is a tag) is not one, unless
// it is [Event.
bool is_sync_point(const char* base, const char* p, const char* end);
// The first synchronisation point whose line begins in (from, to), or null.
const char* find_sync_point(const char* base, const char* from, const char* to);

// The length of a result token starting at `p`, or 0. The token must be followed by a
// delimiter (blank, end of text, or one of {}();).
std::size_t result_length(const char* p, const char* end);

}  // namespace fenkit::pgn::detail
