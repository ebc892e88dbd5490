// The look-arounds that decide game boundaries (see game_boundaries.hpp).
#include "game_boundaries.hpp"

#include <cstring>
#include <string_view>

namespace fenkit::pgn::detail {

namespace {

const char* find(const char* p, const char* end, char c) {
  const void* hit = std::memchr(p, c, std::size_t(end - p));
  return hit ? static_cast<const char*>(hit) : end;
}

}  // namespace

const char* skip_broken_tag(const char* p, const char* eol, const char*& name_end) {
  const char* q = p + 1;
  while (q < eol && !is_space(*q) && *q != '"' && *q != ']') ++q;
  name_end = q;
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
  if (p == end || *p != '[' || !follows_blank_line(base, p)) return false;
  constexpr std::string_view kEvent = "[Event ";
  if (std::size_t(end - p) >= kEvent.size() && std::memcmp(p, kEvent.data(), kEvent.size()) == 0)
    return true;
  if (!starts_tag(p, end)) return false;
  // A tag after the blank lines that follow a result (or begin the text).
  const char* q = p;
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
           // A '[' may follow a result at once: the next game's tags, glued on where files
           // without a final line end were put one after the other.
           (p + n == end || is_delimiter(p[n]) || p[n] == '[' ||
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

}  // namespace fenkit::pgn::detail
