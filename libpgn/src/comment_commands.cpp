#include "fenkit/pgn/comment_commands.hpp"

#include <charconv>
#include <cstring>

namespace fenkit::pgn {

namespace {

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || is_digit(c) || c == '_';
}

// The first `c` in `s`, or npos. Operands are a few bytes long: a plain loop costs less than
// the call to memchr that string_view::find makes.
std::size_t find_byte(std::string_view s, char c) {
  for (std::size_t i = 0; i < s.size(); ++i)
    if (s[i] == c) return i;
  return std::string_view::npos;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_blank(s.back())) s.remove_suffix(1);
  return s;
}

// One command found at text[begin]: "[%" name blanks operand "]".
struct Command {
  std::size_t begin = 0, end = 0;  // the whole "[%...]"
  std::string_view name, operand;
};

// The next command at or after `from`, or false. A "[%" without a name or without its "]"
// before the next "[" is not a command.
// (Comments are short: plain loops here cost less than calls into the C library.)
bool next_command(std::string_view text, std::size_t from, Command& out) {
  const std::size_t n = text.size();
  for (std::size_t at = from; at + 1 < n; ++at) {
    if (text[at] != '[' || text[at + 1] != '%') continue;
    std::size_t p = at + 2;
    while (p < n && is_name_char(text[p])) ++p;
    if (p == at + 2) continue;
    std::size_t close = p;
    while (close < n && text[close] != ']' && text[close] != '[') ++close;
    if (close == n || text[close] != ']') continue;
    if (p < close && !is_blank(text[p])) continue;  // "[%evalx 1]" is no eval
    out = Command{at, close + 1, text.substr(at + 2, p - at - 2), trim(text.substr(p, close - p))};
    return true;
  }
  return false;
}

// A whole number made only of digits (at most nine, which no operand here needs more of).
template <typename T>
bool read_digits(std::string_view s, T& value) {
  if (s.empty() || s.size() > 9) return false;
  std::uint32_t v = 0;
  for (char c : s) {
    if (!is_digit(c)) return false;
    v = v * 10 + std::uint32_t(c - '0');
  }
  value = T(v);
  return true;
}

// "0.17" -> 17, "-1.5" -> -150, "3" -> 300, "0.125" -> 13 (half away from zero).
bool read_centipawns(std::string_view s, std::int32_t& out) {
  bool negative = false;
  if (!s.empty() && (s.front() == '-' || s.front() == '+')) {
    negative = s.front() == '-';
    s.remove_prefix(1);
  }
  const std::size_t dot = find_byte(s, '.');
  std::string_view whole = s.substr(0, dot);
  std::string_view fraction = dot == std::string_view::npos ? std::string_view() : s.substr(dot + 1);
  if (whole.empty() && fraction.empty()) return false;
  std::uint32_t pawns = 0;
  if (!whole.empty() && !read_digits(whole, pawns)) return false;
  for (char c : fraction)
    if (!is_digit(c)) return false;
  if (pawns > 1000000) return false;
  std::int64_t cp = std::int64_t(pawns) * 100;
  if (fraction.size() >= 1) cp += (fraction[0] - '0') * 10;
  if (fraction.size() >= 2) cp += fraction[1] - '0';
  if (fraction.size() >= 3 && fraction[2] >= '5') ++cp;
  out = std::int32_t(negative ? -cp : cp);
  return true;
}

// "#-4" -> -4, "#3" -> 3.
bool read_mate(std::string_view s, std::int32_t& out) {
  if (s.size() < 2 || s.front() != '#') return false;
  s.remove_prefix(1);
  bool negative = false;
  if (s.front() == '-' || s.front() == '+') {
    negative = s.front() == '-';
    s.remove_prefix(1);
  }
  std::uint32_t moves = 0;
  if (!read_digits(s, moves) || moves > 10000) return false;
  out = negative ? -std::int32_t(moves) : std::int32_t(moves);
  return true;
}

void read_eval(std::string_view operand, CommentCommands& out) {
  std::string_view value = operand;
  std::optional<std::uint32_t> depth;
  if (const std::size_t comma = find_byte(operand, ','); comma != std::string_view::npos) {
    std::uint32_t d = 0;
    if (!read_digits(trim(operand.substr(comma + 1)), d)) return;
    depth = d;
    value = trim(operand.substr(0, comma));
  }
  std::int32_t n = 0;
  if (read_mate(value, n)) {
    out.mate = n;
  } else if (read_centipawns(value, n)) {
    out.eval_cp = n;
  } else {
    return;
  }
  out.eval_depth = depth;
  out.any = true;
}

// The seven bytes at `s` as lichess writes every clock, "0:03:00", read at once -> milliseconds;
// false for any other shape.
bool read_lichess_clock(const char* s, std::uint32_t& out) {
  if (s[1] != ':' || s[4] != ':' || !is_digit(s[0]) || !is_digit(s[2]) || !is_digit(s[3]) ||
      !is_digit(s[5]) || !is_digit(s[6]))
    return false;
  out = ((std::uint32_t(s[0] - '0') * 60 + std::uint32_t(s[2] - '0') * 10 +
          std::uint32_t(s[3] - '0')) * 60 +
         std::uint32_t(s[5] - '0') * 10 + std::uint32_t(s[6] - '0')) * 1000;
  return true;
}

// "H:MM:SS" or "H:MM:SS.s" (any number of decimals, milliseconds kept) -> milliseconds. As
// python-chess reads clocks, each part may have any number of digits ("0:0:7" is seven seconds,
// "0:00:90" ninety) and the decimals may be none ("0:00:07."). Read character by character: a
// clock follows every move of a lichess export.
bool read_clock(std::string_view s, std::uint32_t& out) {
  if (s.size() == 7 && read_lichess_clock(s.data(), out)) return true;
  const char* p = s.data();
  const char* const end = p + s.size();
  // A run of one to five digits.
  auto number = [&](std::uint32_t& value) {
    const char* digits = p;
    value = 0;
    while (p < end && is_digit(*p) && p - digits < 5) value = value * 10 + std::uint32_t(*p++ - '0');
    return p != digits && (p == end || !is_digit(*p));
  };
  std::uint32_t hours, minutes, seconds;
  if (!number(hours) || p == end || *p++ != ':' || !number(minutes) || p == end || *p++ != ':' ||
      !number(seconds))
    return false;
  std::uint32_t ms = 0;
  if (p < end) {
    if (*p++ != '.') return false;
    for (int place = 0; p < end; ++p, ++place) {
      if (!is_digit(*p)) return false;
      if (place < 3) ms += std::uint32_t(*p - '0') * (place == 0 ? 100 : place == 1 ? 10 : 1);
    }
  }
  const std::uint64_t total = ((std::uint64_t(hours) * 60 + minutes) * 60 + seconds) * 1000 + ms;
  if (total > UINT32_MAX) return false;
  out = std::uint32_t(total);
  return true;
}

// An [%eval] operand as lichess writes it, "0.17" or "-1.5" (a sign, one to four digits, a point
// and one or two decimals) and its "]", read at `p`: returns what follows the "]" and sets `cp`
// as read_centipawns would; null for any other shape, which the general reading takes.
const char* read_plain_eval(const char* p, const char* end, std::int32_t& cp) {
  const bool negative = p < end && *p == '-';
  if (negative) ++p;
  std::int32_t pawns = 0;
  const char* digits = p;
  while (p < end && is_digit(*p) && p - digits < 4) pawns = pawns * 10 + (*p++ - '0');
  if (p == digits || end - p < 3 || *p != '.' || !is_digit(p[1])) return nullptr;
  std::int32_t value = pawns * 100 + (p[1] - '0') * 10;
  if (p[2] == ']') {
    p += 3;
  } else if (is_digit(p[2]) && end - p >= 4 && p[3] == ']') {
    value += p[2] - '0';
    p += 4;
  } else {
    return nullptr;
  }
  cp = negative ? -value : value;
  return p;
}

// The comment lichess writes after every move, blanks and commands only, each command an
// [%eval] or a [%clk] ("[%eval 0.17] [%clk 0:03:00]"), read in one pass instead of searched
// for. False for anything else (words, other commands, a malformed command), which the general
// reading takes; where this one answers, it answers as that would.
bool read_eval_and_clock_only(std::string_view text, CommentCommands& out) {
  const char* p = text.data();
  const char* const end = p + text.size();
  for (;;) {
    while (p < end && is_blank(*p)) ++p;
    if (p == end) return true;
    const std::size_t left = std::size_t(end - p);
    std::size_t name_length;
    if (left > 7 && std::memcmp(p, "[%eval ", 7) == 0) {
      std::int32_t cp;
      if (const char* after = read_plain_eval(p + 7, end, cp)) {
        if (!out.eval_cp && !out.mate) out.eval_cp = cp, out.any = true;
        p = after;
        continue;
      }
      name_length = 4;
    } else if (left > 6 && std::memcmp(p, "[%clk ", 6) == 0) {
      // "[%clk 0:03:00]", as lichess writes every clock: read at once.
      std::uint32_t ms;
      if (left >= 14 && p[13] == ']' && read_lichess_clock(p + 6, ms)) {
        if (!out.clock_ms) out.clock_ms = ms, out.any = true;
        p += 14;
        continue;
      }
      name_length = 3;
    } else {
      return false;
    }
    const char* operand = p + 2 + name_length;
    const char* close = operand;
    while (close < end && *close != ']' && *close != '[') ++close;
    if (close == end || *close != ']') return false;
    const std::string_view value = trim(std::string_view(operand, std::size_t(close - operand)));
    if (name_length == 4) {
      if (!out.eval_cp && !out.mate) read_eval(value, out);
    } else {
      std::uint32_t ms;
      if (!out.clock_ms && read_clock(value, ms)) out.clock_ms = ms, out.any = true;
    }
    p = close + 1;
  }
}

}  // namespace

CommentCommands read_comment_commands(std::string_view comment) {
  CommentCommands out;
  if (read_eval_and_clock_only(comment, out)) return out;
  out = CommentCommands{};
  Command c;
  // The names compared by hand: a library call per four-letter compare costs more than the
  // compare, and lichess writes two commands after every move.
  auto is = [](std::string_view name, const char (&word)[4]) {
    return name.size() == 3 && name[0] == word[0] && name[1] == word[1] && name[2] == word[2];
  };
  for (std::size_t from = 0; next_command(comment, from, c); from = c.end) {
    const std::string_view name = c.name;
    if (name.size() == 4 && name[0] == 'e' && name[1] == 'v' && name[2] == 'a' && name[3] == 'l') {
      if (!out.eval_cp && !out.mate) read_eval(c.operand, out);
    } else if (is(name, "clk")) {
      std::uint32_t ms;
      if (!out.clock_ms && read_clock(c.operand, ms)) out.clock_ms = ms, out.any = true;
    } else if (is(name, "emt")) {
      std::uint32_t ms;
      if (!out.elapsed_ms && read_clock(c.operand, ms)) out.elapsed_ms = ms, out.any = true;
    } else if (is(name, "cal")) {
      if (out.arrows.empty() && !c.operand.empty()) out.arrows = c.operand, out.any = true;
    } else if (is(name, "csl")) {
      if (out.squares.empty() && !c.operand.empty()) out.squares = c.operand, out.any = true;
    }
  }
  return out;
}

void append_comment_text(std::string& out, std::string_view comment) {
  const std::size_t start = out.size();
  bool space = false;  // a blank is owed before the next word
  auto add = [&](std::string_view text) {
    for (char c : text) {
      if (is_blank(c)) {
        space = out.size() > start;
        continue;
      }
      if (space) out.push_back(' ');
      space = false;
      out.push_back(c);
    }
  };
  Command c;
  std::size_t from = 0;
  while (next_command(comment, from, c)) {
    add(comment.substr(from, c.begin - from));
    space = out.size() > start;  // a command separates the words around it
    from = c.end;
  }
  add(comment.substr(from));
}

std::size_t write_seconds(std::uint32_t milliseconds, char* out) {
  // Written in place (a clock is on every row of a lichess data set: a digit loop into a buffer
  // and a library call to copy it cost 4% of such a replay). Clocks under 1,000 s (blitz and
  // rapid) are written from a table of digit pairs: to_chars measures the number first, which
  // cost half as much again.
  static constexpr char kPairs[] =
      "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
      "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
      "8081828384858687888990919293949596979899";
  char* p = out;
  const std::uint32_t seconds = milliseconds / 1000;
  if (seconds < 10) {
    *p++ = char('0' + seconds);
  } else if (seconds < 100) {
    std::memcpy(p, kPairs + 2 * seconds, 2);
    p += 2;
  } else if (seconds < 1000) {
    *p = char('0' + seconds / 100);
    std::memcpy(p + 1, kPairs + 2 * (seconds % 100), 2);
    p += 3;
  } else {
    p = std::to_chars(out, out + kMaxSecondsLength, seconds).ptr;
  }
  if (const std::uint32_t ms = milliseconds % 1000) {
    *p++ = '.';
    p[0] = char('0' + ms / 100);
    p[1] = char('0' + ms / 10 % 10);
    p[2] = char('0' + ms % 10);
    p += ms % 10 ? 3 : ms % 100 ? 2 : 1;  // without trailing zeros
  }
  return std::size_t(p - out);
}

void append_seconds(std::string& out, std::uint32_t milliseconds) {
  char text[kMaxSecondsLength];
  out.append(text, write_seconds(milliseconds, text));
}

}  // namespace fenkit::pgn
