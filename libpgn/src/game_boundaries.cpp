// The look-arounds that decide game boundaries (see game_boundaries.hpp).
#include "game_boundaries.hpp"

#include <algorithm>
#include <cstring>
#include <string_view>

namespace fenkit::pgn::detail {

namespace {

const char* find(const char* p, const char* end, char c) {
  const void* hit = std::memchr(p, c, std::size_t(end - p));
  return hit ? static_cast<const char*>(hit) : end;
}

}  // namespace

const char* skip_broken_tag(const char* p, const char* eol, const char*& name_end,
                            const char* first_quote) {
  const char* q = p + 1;
  while (q < eol && !is_space(*q) && *q != '"' && *q != ']') ++q;
  name_end = q;
  // (The name holds no quote: the first one after '[' is the first after the name.)
  const char* quote = first_quote;
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

// Whether a tag begins at `p`: '[', a name, blanks, '"' within the line's first kTagStartLook
// bytes. None of these characters is a brace, so that a comment closing on the line gives the
// same answer whether the look stops at its '}' (the scanner, inside the comment) or not (a byte
// range's start). Undecided when the name or the blanks reach `end` before that.
SyncVerdict starts_tag(const char* p, const char* end) {
  const bool near_end = std::size_t(end - p) < kTagStartLook;
  const char* const limit = near_end ? end : p + kTagStartLook;
  const SyncVerdict cut = near_end ? SyncVerdict::undecided : SyncVerdict::no;
  const char* q = p + 1;
  while (q < limit && !is_space(*q) && *q != '"' && *q != ']' && *q != '[' && *q != '{' &&
         *q != '}')
    ++q;
  if (q == limit) return cut;
  if (q == p + 1) return SyncVerdict::no;
  const char* r = q;
  while (r < limit && (*r == ' ' || *r == '\t')) ++r;
  if (r == limit) return cut;
  return r > q && *r == '"' ? SyncVerdict::yes : SyncVerdict::no;
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

SyncVerdict sync_point_verdict(const char* base, const char* p, const char* end) {
  if (p == base) return SyncVerdict::yes;
  if (p == end || *p != '[' || !follows_blank_line(base, p)) return SyncVerdict::no;
  constexpr std::string_view kEvent = "[Event ";
  const std::size_t n = std::min(std::size_t(end - p), kEvent.size());
  if (std::memcmp(p, kEvent.data(), n) == 0)
    return n == kEvent.size() ? SyncVerdict::yes : SyncVerdict::undecided;
  const SyncVerdict tag = starts_tag(p, end);
  if (tag == SyncVerdict::no) return SyncVerdict::no;
  // A tag after the blank lines that follow a result (or begin the text).
  const char* q = p;
  while (q > base && is_space(q[-1])) --q;
  if (q != base && !ends_with_result(base, q - 1)) return SyncVerdict::no;
  return tag;
}

bool is_sync_point(const char* base, const char* p, const char* end) {
  return sync_point_verdict(base, p, end) == SyncVerdict::yes;
}

const char* find_sync_point(const char* base, const char* from, const char* to) {
  for (const char* p = from; (p = find(p, to, '\n')) != to;) {
    ++p;
    if (p != to && *p == '[' && is_sync_point(base, p, to)) return p;
  }
  return nullptr;
}

namespace {

// What of a run of space bytes (is_space) a later judgement can tell: each line of it counts
// only as blank (' ', '\t', '\r'), empty or not (another space byte in it), and only the last
// two lines and whether there is a line end at all are looked at (follows_blank_line looks back
// over the line before a line start, is_sync_point over all the spaces).
std::string shortened_spaces(std::string_view run) {
  const auto line = [](std::string_view text) -> std::string {
    if (text.empty()) return "";
    for (const char c : text)
      if (c != ' ' && c != '\t' && c != '\r') return "\f";
    return " ";
  };
  const std::size_t last = run.rfind('\n');
  if (last == std::string_view::npos) return line(run);
  const std::size_t before = last == 0 ? std::string_view::npos : run.rfind('\n', last - 1);
  std::string out;
  if (before == std::string_view::npos) {
    out = line(run.substr(0, last));
  } else {
    out = "\n";
    out += line(run.substr(before + 1, last - before - 1));
  }
  out += '\n';
  out += line(run.substr(last + 1));
  return out;
}

// The text as far as a judgement of a later line looks back at it: the nine bytes to the last
// one that is not a space (a result token, up to seven bytes, and the byte before it), then the
// spaces after it shortened.
std::string look_back_of(std::string_view text) {
  std::size_t last = text.size();
  while (last > 0 && is_space(text[last - 1])) --last;
  const std::size_t first = last >= 9 ? last - 9 : 0;
  return std::string(text.substr(first, last - first)) + shortened_spaces(text.substr(last));
}

}  // namespace

SyncSeeker::SyncSeeker(std::string_view before) : window_(look_back_of(before)) {
  // (A line end that ends `before` begins a line at the first piece.)
  from_ = window_.empty() ? 0 : window_.size() - 1;
}

std::uint64_t SyncSeeker::feed(std::string_view piece, bool last) {
  const std::size_t piece_at = window_.size();
  const std::uint64_t piece_offset = fed_;
  fed_ += piece.size();
  window_.append(piece);
  const char* const base = window_.data();
  const char* const end = base + window_.size();
  const auto offset_of = [&](const char* p) {
    return held_ && std::size_t(p - base) == held_at_
               ? held_line_
               : piece_offset + std::uint64_t(std::size_t(p - base) - piece_at);
  };
  const char* undecided = nullptr;
  for (const char* p = base + from_; p < end;) {
    const char* nl = static_cast<const char*>(std::memchr(p, '\n', std::size_t(end - p)));
    if (!nl || nl + 1 == end) break;  // a line that begins after the piece is judged with the next
    p = nl + 1;
    const SyncVerdict verdict = sync_point_verdict(base, p, end);
    if (verdict == SyncVerdict::yes) return offset_of(p);
    if (verdict == SyncVerdict::undecided) {
      // The text's last line: at the text's end it is none (as is_sync_point says there).
      if (!last) undecided = p;
      break;
    }
  }
  const std::size_t keep = undecided ? std::size_t(undecided - base) : window_.size();
  std::string next = look_back_of(std::string_view(base, keep));
  if (undecided) {
    held_line_ = offset_of(undecided);
    held_ = true;
    held_at_ = next.size();
    next.append(undecided, end);  // shorter than kTagStartLook
    from_ = held_at_ - 1;  // the line end before it
  } else {
    held_ = false;
    from_ = next.empty() ? 0 : next.size() - 1;
  }
  window_ = std::move(next);
  return npos;
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
