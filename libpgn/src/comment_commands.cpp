#include "fenkit/pgn/comment_commands.hpp"

#include <bit>
#include <cstring>

#include "small_numbers.hpp"

namespace fenkit::pgn {

namespace {

// (One test of a bit for the four: blanks are skipped three times in every lichess comment.)
bool is_blank(char c) {
  const auto u = static_cast<unsigned char>(c);
  constexpr std::uint64_t kBlanks =
      (std::uint64_t(1) << ' ') | (1u << '\t') | (1u << '\n') | (1u << '\r');
  return u <= ' ' && (kBlanks >> u) & 1;
}
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
// false for any other shape, which read_clock then reads digit by digit (as it does every clock
// on a big-endian machine). Tested as one word: a clock follows every move of a lichess export,
// and seven separate tests of its bytes cost twice as much.
bool read_lichess_clock(const char* s, std::uint32_t& out) {
  if constexpr (std::endian::native != std::endian::little) {
    return false;
  } else {
    std::uint32_t low, high;  // bytes 0-3 and 3-6
    std::memcpy(&low, s, 4);
    std::memcpy(&high, s + 3, 4);
    const std::uint64_t v = low | std::uint64_t(high) << 24;
    constexpr std::uint64_t kColons = 0x0000'003A'0000'3A00;     // bytes 1 and 4
    constexpr std::uint64_t kColonBytes = 0x0000'00FF'0000'FF00;
    constexpr std::uint64_t kZeros = 0x0030'3000'3030'0030;      // '0' at the digits
    constexpr std::uint64_t kPastNine = 0x0076'7600'7676'0076;   // 10 + this sets bit 7
    constexpr std::uint64_t kHighBits = 0x0080'8000'8080'0080;
    if ((v & kColonBytes) != kColons) return false;
    // A byte under '0' wraps to bit 7 set (its borrow changes only the bytes above it).
    const std::uint64_t d = (v & ~kColonBytes) - kZeros;
    if (((d + kPastNine) | d) & kHighBits) return false;
    // Each byte ten times itself plus the next byte: minutes at byte 2, seconds at byte 5 (no
    // byte carries, as none is over 99).
    const std::uint64_t pairs = d * 10 + (d >> 8);
    const auto byte = [](std::uint64_t word, int at) {
      return std::uint32_t(word >> (8 * at)) & 0xFF;
    };
    out = ((byte(d, 0) * 60 + byte(pairs, 2)) * 60 + byte(pairs, 5)) * 1000;
    return true;
  }
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

// The operand at `operand` of an [%eval] (`eval`) or a [%clk] in a shape other than lichess's,
// read as the general reading reads it: returns what follows its "]", or null where it has none
// before the next "[". (Out of line: the one-pass reading then keeps its values in registers.)
[[gnu::noinline]] const char* read_other_operand(const char* operand, const char* end, bool eval,
                                                 CommentCommands& out) {
  const char* close = operand;
  while (close < end && *close != ']' && *close != '[') ++close;
  if (close == end || *close != ']') return nullptr;
  const std::string_view value = trim(std::string_view(operand, std::size_t(close - operand)));
  if (eval) {
    if (!out.eval_cp && !out.mate) read_eval(value, out);
  } else {
    std::uint32_t ms;
    if (!out.clock_ms && read_clock(value, ms)) out.clock_ms = ms, out.any = true;
  }
  return close + 1;
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
    p = read_other_operand(p + 2 + name_length, end, name_length == 4, out);
    if (!p) return false;
  }
}

// The general reading: every command searched for, wherever it is.
[[gnu::noinline]] void add_any_commands(CommentCommands& out, std::string_view comment) {
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
}

}  // namespace

void add_comment_commands(CommentCommands& out, std::string_view comment) {
  // Where the one-pass reading gives up part way, what it took is what the general reading takes
  // first (it reads the same commands in the same order), and the general reading keeps it. (The
  // general reading is out of line, so that the one-pass reading saves no registers.)
  if (!read_eval_and_clock_only(comment, out)) add_any_commands(out, comment);
}

CommentCommands read_comment_commands(std::string_view comment) {
  CommentCommands out;
  add_comment_commands(out, comment);
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
  return std::size_t(detail::write_seconds(milliseconds, out) - out);
}

void append_seconds(std::string& out, std::uint32_t milliseconds) {
  char text[kMaxSecondsLength];
  out.append(text, write_seconds(milliseconds, text));
}

}  // namespace fenkit::pgn
