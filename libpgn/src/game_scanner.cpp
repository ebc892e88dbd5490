#include "game_scanner.hpp"

#include "byte_search.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace fenkit::pgn::detail {

namespace {

// Blanks, and ^Z, which DOS-era files end with.
constexpr bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v' || c == '\x1a';
}
constexpr bool is_space(char c) { return is_blank(c) || c == '\n'; }
// What may stand before or after a result token; '\xA0' ends a no-break space, in Latin-1 or
// UTF-8.
constexpr bool is_delimiter(char c) {
  return is_space(c) || c == '{' || c == '}' || c == '(' || c == ')' || c == ';' || c == '\xA0';
}

enum class CharClass : std::uint8_t { ordinary, blank, newline, brace, semicolon, open, close, bracket };

// What the movetext loop must look at; everything else is the inside of a token.
constexpr auto kClasses = [] {
  std::array<CharClass, 256> t{};
  for (unsigned char c : {' ', '\t', '\r', '\f', '\v', '\x1a'}) t[c] = CharClass::blank;
  t['\n'] = CharClass::newline;
  t['{'] = CharClass::brace;
  t[';'] = CharClass::semicolon;
  t['('] = CharClass::open;
  t[')'] = CharClass::close;
  t['['] = CharClass::bracket;
  return t;
}();

// In movetext only line ends, comments, variations and the characters of results ('-' and
// '/' inside them, '*', the first byte of '½') need a look; everything else is skipped.
constexpr auto kMovetextStops = [] {
  std::array<bool, 256> t{};
  for (unsigned char c : {'\n', '{', ';', '(', ')', '-', '/', '*', '\xC2'}) t[c] = true;
  return t;
}();

// The next movetext character that needs a look, sixteen bytes at a time where SSE2 is there.
inline const char* next_movetext_stop(const char* p, const char* end) {
#if defined(__SSE2__)
  const __m128i stops[] = {_mm_set1_epi8('\n'), _mm_set1_epi8('{'), _mm_set1_epi8(';'),
                           _mm_set1_epi8('('),  _mm_set1_epi8(')'), _mm_set1_epi8('-'),
                           _mm_set1_epi8('/'),  _mm_set1_epi8('*'), _mm_set1_epi8('\xC2')};
  while (end - p >= 16) {
    const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    __m128i hits = _mm_cmpeq_epi8(block, stops[0]);
    for (int i = 1; i < 9; ++i) hits = _mm_or_si128(hits, _mm_cmpeq_epi8(block, stops[i]));
    if (const int mask = _mm_movemask_epi8(hits)) return p + std::countr_zero(unsigned(mask));
    p += 16;
  }
#endif
  while (p < end && !kMovetextStops[static_cast<unsigned char>(*p)]) ++p;
  return p;
}

std::uint32_t count_lines(const char* from, const char* to) {
  return std::uint32_t(std::count(from, to, '\n'));
}

const char* find(const char* p, const char* end, char c) {
  const void* hit = std::memchr(p, c, std::size_t(end - p));
  return hit ? static_cast<const char*>(hit) : end;
}

// Moves past a tag "[Name "value"]" starting at '[' and gives its name. Returns the position
// after ']', or of the '\n' (or end) where a broken tag stops; the parser reports what is wrong
// with it. A value ends at a quote followed by optional blanks and ']', so unescaped quotes
// inside values survive; \" and \\ are escapes.
const char* skip_tag(const char* p, const char* end, std::string_view& name) {
  const char* q = p + 1;
  while (q < end && !is_space(*q) && *q != '"' && *q != ']') ++q;
  name = std::string_view(p + 1, std::size_t(q - p - 1));
  const char* eol = find(q, end, '\n');
  const char* quote = find(q, eol, '"');
  if (quote == eol) {
    const char* bracket = find(q, eol, ']');
    return bracket == eol ? eol : bracket + 1;
  }
  for (const char* s = quote + 1;;) {
    const char* next = find(s, eol, '"');
    if (next == eol) return eol;
    std::size_t backslashes = 0;
    while (next - backslashes > quote + 1 && next[-1 - std::ptrdiff_t(backslashes)] == '\\')
      ++backslashes;
    s = next + 1;
    if (backslashes % 2) continue;  // an escaped quote
    const char* r = s;
    while (r < eol && is_blank(*r)) ++r;
    if (r < eol && *r == ']') return r + 1;
  }
}

}  // namespace

namespace {

// Whether a tag begins at `p`: '[', a name, blanks, '"'. None of these characters is a brace,
// so that a comment closing on the line gives the same answer whether the look stops at its
// '}' (the scanner, inside the comment) or not (a byte range's start).
bool starts_tag(const char* p, const char* end) {
  const char* q = p + 1;
  while (q < end && !is_space(*q) && *q != '"' && *q != ']' && *q != '[' && *q != '{' &&
         *q != '}')
    ++q;
  if (q == p + 1) return false;
  const char* r = q;
  while (r < end && (*r == ' ' || *r == '\t')) ++r;
  return r > q && r < end && *r == '"';
}

// Whether the line whose last non-blank character is at `last` ends with a result token
// (after a delimiter or at the line's start).
bool ends_with_result(const char* base, const char* last) {
  const char* start = last;
  while (start > base && last - start < 7 && !is_delimiter(start[-1])) --start;
  if (start > base && !is_delimiter(start[-1])) return false;  // longer than any result
  return result_length(start, last + 1) == std::size_t(last + 1 - start);
}

}  // namespace

bool is_sync_point(const char* base, const char* p, const char* end) {
  if (p == base) return true;
  if (p == end || *p != '[' || p[-1] != '\n') return false;
  // The line before is blank.
  const char* q = p - 1;
  while (q > base && (q[-1] == ' ' || q[-1] == '\t' || q[-1] == '\r')) --q;
  if (q != base && q[-1] != '\n') return false;
  constexpr std::string_view kEvent = "[Event ";
  if (std::size_t(end - p) >= kEvent.size() && std::memcmp(p, kEvent.data(), kEvent.size()) == 0)
    return true;
  if (!starts_tag(p, end)) return false;
  // A tag after the blank lines that follow a result (or begin the text).
  while (q > base && is_space(q[-1])) --q;
  return q == base || ends_with_result(base, q - 1);
}

const char* find_sync_point(const char* base, const char* from, const char* to) {
  for (const char* p = from; (p = find(p, to, '\n')) != to;) {
    ++p;
    if (p != to && *p == '[' && is_sync_point(base, p, to)) return p;
  }
  return nullptr;
}

std::size_t result_length(const char* p, const char* end) {
  auto matches = [&](std::string_view token) {
    const std::size_t n = token.size();
    return std::size_t(end - p) >= n && std::memcmp(p, token.data(), n) == 0 &&
           (p + n == end || is_delimiter(p[n]) ||
            (p[n] == '\xC2' && p + n + 1 < end && p[n + 1] == '\xA0'));
  };
  if (end - p < 2 && *p != '*') return 0;
  switch (*p) {
    case '1':
      if (p[1] == '-') return matches("1-0") ? 3 : 0;
      if (p[1] != '/') return 0;
      if (matches("1/2-1/2")) return 7;
      return matches("1/2") ? 3 : 0;
    case '0': return p[1] == '-' && matches("0-1") ? 3 : 0;
    case '*': return matches("*") ? 1 : 0;
    case '\xC2': return matches("\xC2\xBD-\xC2\xBD") ? 5 : 0;  // ½-½
    default: return 0;
  }
}

bool GameScanner::seen(std::string_view name) const {
  return std::find(names_.begin(), names_.begin() + name_count_, name) != names_.begin() + name_count_;
}

void GameScanner::remember(std::string_view name) {
  if (name_count_ < names_.size()) names_[name_count_++] = name;
}

GameScanner::Found GameScanner::next(std::string_view text, std::size_t& pos, std::uint32_t& line,
                                     bool final, GameSpan& span) {
  const char* const base = text.data();
  const char* const end = base + text.size();
  const char* p = base + pos;
  std::uint32_t ln = line;

  // Between games: blanks, byte-order marks and % escape lines belong to no game.
  for (;;) {
    while (p < end && is_space(*p)) {
      if (*p == '\n') ++ln;
      ++p;
    }
    if (end - p >= 3 && std::memcmp(p, "\xEF\xBB\xBF", 3) == 0) {
      p += 3;
      continue;
    }
    if (p < end && *p == '%' && (p == base || p[-1] == '\n')) {
      const char* eol = static_cast<const char*>(std::memchr(p, '\n', std::size_t(end - p)));
      // need_more leaves `pos` where it was, so that a caller cutting the text there keeps
      // the context (a line start) the rest will be read in.
      if (!eol && !final) return Found::need_more;
      p = eol ? eol : end;
      continue;
    }
    break;
  }
  if (p == end && !final) return Found::need_more;
  pos = std::size_t(p - base);
  line = ln;
  if (p == end) return Found::none;

  const char* const begin = p;
  const std::uint32_t begin_line = ln;
  name_count_ = 0;
  // Comments before the tags belong to the tag section; anything else starts the movetext.
  bool in_tags = *p == '[' || *p == '{' || *p == ';';
  bool content = !in_tags;   // a tag or a movetext token: without one there is no game
  bool blank_in_tags = false;
  bool after_blank_line = false;
  int depth = 0;             // variation nesting
  bool token_start = true;   // the previous character ended a token

  while (p < end) {
    if (!in_tags) {
      // Movetext: jump to the next character that matters. A result is found from inside
      // it ("1-0", "1/2", "0-1" from the character after their first) or at its '*' or '½'.
      p = next_movetext_stop(p, end);
      if (p == end) break;
      const char c = *p;
      if (c == '-' || c == '/' || c == '*' || c == '\xC2') {
        const char* start = c == '-' || c == '/' ? p - 1 : p;
        if (depth == 0 && start >= begin && (start == begin || is_delimiter(start[-1]))) {
          if (const std::size_t n = result_length(start, end)) {
            if (start + n == end && !final) return Found::need_more;  // "1/2" may go on
            p = start + n;
            span = GameSpan{std::size_t(begin - base), std::size_t(p - base), begin_line};
            pos = span.end;
            line = ln;
            return Found::game;
          }
        }
        ++p;
        continue;
      }
    }
    const CharClass cls = kClasses[static_cast<unsigned char>(*p)];
    if (cls == CharClass::ordinary || (cls == CharClass::bracket && !in_tags)) {
      // A movetext token (a '[' inside a line is just a bad character of one).
      in_tags = false;
      content = true;
      if (token_start && depth == 0) {
        if (const std::size_t n = result_length(p, end)) {
          if (p + n == end && !final) return Found::need_more;  // "1/2" could go on as "1/2-1/2"
          p += n;
          span = GameSpan{std::size_t(begin - base), std::size_t(p - base), begin_line};
          pos = span.end;
          line = ln;
          return Found::game;
        }
      }
      ++p;
      while (p < end && kClasses[static_cast<unsigned char>(*p)] == CharClass::ordinary) ++p;
      token_start = false;
      continue;
    }
    switch (cls) {
      case CharClass::blank:
        ++p;
        token_start = true;
        continue;
      case CharClass::newline: {
        ++ln;
        ++p;
        token_start = true;
        const char* q = p;
        while (q < end && is_blank(*q)) ++q;
        if (q == end) {
          p = q;
          continue;
        }
        if (*q == '\n') {
          if (in_tags) blank_in_tags = true;
          after_blank_line = true;
          p = q;
          continue;
        }
        if (*q == '[' && !in_tags && content) goto game_over;  // the next game's tags
        if (*q == '[' && !content && is_sync_point(base, q, end)) {
          // Only comments so far, then a synchronisation point: the comments lie between
          // games (no game reaches across a synchronisation point) and the game begins here.
          // (Once: a tag follows.)
          pos = std::size_t(q - base);
          line = ln;
          return next(text, pos, line, final, span);
        }
        // A game without tags or result, then a blank line and "1.": the next game.
        if (after_blank_line && !in_tags && content && depth == 0 && *q == '1' && q + 1 < end &&
            q[1] == '.')
          goto game_over;
        after_blank_line = false;
        if (*q == '%' && q == p) {  // an escape line: '%' in the first column only
          const char* eol = static_cast<const char*>(std::memchr(q, '\n', std::size_t(end - q)));
          p = eol ? eol : end;
          continue;
        }
        p = q;
        continue;
      }
      case CharClass::bracket: {  // a tag
        // Where a tag ends depends on the rest of its line (`[Round ]* "x"]` ends at its last
        // ']' only because a quote follows), and a name cut off could look like an earlier
        // one ("[Eve"): a line the text does not finish waits for more input.
        if (!final && find(p, end, '\n') == end) return Found::need_more;
        std::string_view name;
        const char* after = skip_tag(p, end, name);
        if (blank_in_tags && seen(name)) goto game_over;  // a new tag-only game
        if (content && is_sync_point(base, p, end)) goto game_over;  // where a byte range may begin
        remember(name);
        content = true;
        p = after;
        token_start = true;
        continue;
      }
      case CharClass::brace: {
        // Most comments close on their own line, where no synchronisation point can be: one
        // look for '}' or a line end settles them.
        if (const char* stop = find_either(p + 1, end, '}', '\n'); stop < end && *stop == '}') {
          p = stop + 1;
          token_start = true;
          continue;
        }
        const char* close = static_cast<const char*>(std::memchr(p, '}', std::size_t(end - p)));
        if (const char* sync = find_sync_point(base, p, close ? close : end)) {
          // A broken game, even when the comment is all it holds: reported, not dropped.
          content = true;
          ln += count_lines(p, sync);
          p = sync;
          goto game_over;
        }
        if (!close) {
          if (!final) return Found::need_more;
          content = true;  // an unclosed comment, even alone, is a broken game to report
          ln += count_lines(p, end);
          p = end;
          goto game_over;
        }
        ln += count_lines(p, close);
        p = close + 1;
        token_start = true;
        continue;
      }
      case CharClass::semicolon: {
        const char* eol = static_cast<const char*>(std::memchr(p, '\n', std::size_t(end - p)));
        p = eol ? eol : end;
        continue;
      }
      case CharClass::open:
      case CharClass::close:
        in_tags = false;
        content = true;
        if (cls == CharClass::open)
          ++depth;
        else if (depth)
          --depth;
        ++p;
        token_start = true;
        continue;
      case CharClass::ordinary:
        break;
    }
  }
game_over:
  if (p == end && !final) return Found::need_more;
  if (!content) {
    pos = std::size_t(p - base);
    line = ln;
    return Found::none;
  }
  span = GameSpan{std::size_t(begin - base), std::size_t(p - base), begin_line};
  pos = span.end;
  line = ln;
  return Found::game;
}

}  // namespace fenkit::pgn::detail
