// Where games begin and end: the character classes and look-arounds the lexer decides game
// boundaries by (internal).
//
// A game begins at its first tag or movetext token (comments before it included) and ends:
//   - after its result token (1-0, 0-1, 1/2-1/2, *, and the wrong forms 1/2 and ½-½) at the
//     start of a raw token (after a delimiter, see is_delimiter) outside comments and variations;
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
// no further than the start of the text; so the reader of a whole file, of a chunk and of a
// byte range all decide alike.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace fenkit::pgn::detail {

// What a byte is to the lexer, as flags (one table lookup instead of a chain of compares on
// the hot path).
enum ByteFlag : std::uint8_t {
  kBlank = 1,        // ' ' \t \r \f \v, and ^Z, which DOS-era files end with
  kNewline = 2,
  kDelimiter = 4,    // ends a raw token: blanks, line ends, { } ( ) ; and '\xA0' (the end of a
                     // no-break space, in Latin-1 or UTF-8)
  kSkipped = 8,      // passed over between movetext tokens: blanks and '\xA0'
  kResultStart = 16, // may begin a result token: 1 0 * and the first byte of '½'
  kDigit = 32,
};

inline constexpr auto kByteFlags = [] {
  std::array<std::uint8_t, 256> t{};
  for (unsigned char c : {' ', '\t', '\r', '\f', '\v', '\x1a'})
    t[c] |= kBlank | kDelimiter | kSkipped;
  t['\n'] |= kNewline | kDelimiter;
  for (unsigned char c : {'{', '}', '(', ')', ';'}) t[c] |= kDelimiter;
  t[0xA0] |= kDelimiter | kSkipped;
  for (unsigned char c : {'1', '0', '*', '\xC2'}) t[c] |= kResultStart;
  for (unsigned char c = '0'; c <= '9'; ++c) t[c] |= kDigit;
  return t;
}();

constexpr std::uint8_t byte_flags(char c) { return kByteFlags[static_cast<unsigned char>(c)]; }

constexpr bool is_blank(char c) { return byte_flags(c) & kBlank; }
constexpr bool is_space(char c) { return byte_flags(c) & (kBlank | kNewline); }
// What ends a raw token, and so may stand before or after a result token.
constexpr bool is_delimiter(char c) { return byte_flags(c) & kDelimiter; }

// Whether a game may be taken to begin at `p`, by the text around it alone: the start of the
// text, or a line after a blank line (blanks being ' ', '\t' and '\r') that either
//   - starts "[Event ", or
//   - starts a tag ('[', a name, blanks, '"'; no brace in them; the quote within the line's
//     first kTagStartLook bytes) and the last line before the blank lines that is not blank ends
//     with a result token (or there is none: the start of the text), as the next game's tags
//     follow the last one's result.
// A tag after blank lines inside a tag section (the line before is a tag) is not one, unless
// it is [Event.
bool is_sync_point(const char* base, const char* p, const char* end);
// How far into a line the start of a tag is looked for: no real tag name comes near it (the
// standard's symbols have at most 255 characters), and with it, whether a line is a
// synchronisation point is known from its first bytes, so that a search for the next game that
// reads on past a game's limit holds no more of a line than that.
inline constexpr std::size_t kTagStartLook = 1024;
// is_sync_point for a text that may go on after `end`: undecided when the bytes to `end` leave
// the answer open (the line's first bytes could still become "[Event " or a tag's start). Only
// the last line of the text can be undecided, and is_sync_point's answer there is no.
enum class SyncVerdict : std::uint8_t { no, yes, undecided };
SyncVerdict sync_point_verdict(const char* base, const char* p, const char* end);
// Whether `p` follows a line end and the line before it is blank (' ', '\t' and '\r' only), or
// begins the text: where is_sync_point looks first. Inline, as the lexer asks it of every tag
// line; where lines end in "\r\n", the byte before each line end is a blank.
inline bool follows_blank_line(const char* base, const char* p) {
  if (p == base || p[-1] != '\n') return false;
  const char* q = p - 1;
  while (q > base && (q[-1] == ' ' || q[-1] == '\t' || q[-1] == '\r')) --q;
  return q == base || q[-1] == '\n';
}
// The first synchronisation point whose line begins in (from, to), or null.
const char* find_sync_point(const char* base, const char* from, const char* to);

// The first synchronisation point of a text that comes in pieces, found as find_sync_point
// finds it in the whole text (among the line starts after a given place), with each byte looked
// at once and without keeping the pieces: of what came before the next piece, only what a
// judgement may look back at is kept, in a few bytes (the last bytes before the blanks that end
// it, those blanks shortened to what tells the same), and a last line the pieces so far leave
// undecided (shorter than kTagStartLook). So a reader can pass over any length of input looking
// for the next game.
class SyncSeeker {
 public:
  static constexpr std::uint64_t npos = UINT64_MAX;

  // A search among the lines that begin at or after the end of `before`: the text from its
  // start (which counts as the text's start) to where the pieces begin.
  explicit SyncSeeker(std::string_view before = {});

  // The next piece of the text, which ends with it when `last`. Returns the offset from the end
  // of `before` of the first synchronisation point, once the pieces so far decide it, or npos.
  // The point may begin in an earlier piece, at most kTagStartLook bytes before this one.
  std::uint64_t feed(std::string_view piece, bool last);

 private:
  std::string window_;        // what stands before the next piece, shortened as above
  std::size_t from_ = 0;      // in window_: the search for line ends goes on here
  std::uint64_t fed_ = 0;     // the offset of the next piece
  bool held_ = false;         // window_ ends with an undecided line
  std::size_t held_at_ = 0;   // its place in window_
  std::uint64_t held_line_ = 0;  // and in the text
};

// The length of a result token starting at `p`, or 0. The token must be followed by a
// delimiter (or the end of the text, a UTF-8 no-break space, or the '[' of a tag).
std::size_t result_length(const char* p, const char* end);

// Where a tag line's tag ends when the tag grammar cannot read it: after its ']' (a value ends
// at a quote followed by blanks and ']'; \" and \\ are escapes), or at the line's end `eol`.
// `name` is the word after '['. `first_quote`: the first '"' in (p, eol), or eol (a caller that
// reads many broken tags on one line finds it once).
const char* skip_broken_tag(const char* p, const char* eol, const char*& name_end,
                            const char* first_quote);

}  // namespace fenkit::pgn::detail
