#include "fenkit/pgn/comment_commands.hpp"

#include <charconv>

namespace fenkit::pgn {

namespace {

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || is_digit(c) || c == '_';
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
bool next_command(std::string_view text, std::size_t from, Command& out) {
  for (std::size_t at = text.find("[%", from); at != std::string_view::npos;
       at = text.find("[%", at + 1)) {
    std::size_t p = at + 2;
    while (p < text.size() && is_name_char(text[p])) ++p;
    if (p == at + 2) continue;
    const std::size_t close = text.find_first_of("[]", p);
    if (close == std::string_view::npos || text[close] != ']') continue;
    if (p < close && !is_blank(text[p])) continue;  // "[%evalx 1]" is no eval
    out = Command{at, close + 1, text.substr(at + 2, p - at - 2), trim(text.substr(p, close - p))};
    return true;
  }
  return false;
}

// A whole number made only of digits.
template <typename T>
bool read_digits(std::string_view s, T& value) {
  if (s.empty() || !is_digit(s.front())) return false;
  const auto [end, error] = std::from_chars(s.data(), s.data() + s.size(), value);
  return error == std::errc() && end == s.data() + s.size();
}

// "0.17" -> 17, "-1.5" -> -150, "3" -> 300, "0.125" -> 13 (half away from zero).
bool read_centipawns(std::string_view s, std::int32_t& out) {
  bool negative = false;
  if (!s.empty() && (s.front() == '-' || s.front() == '+')) {
    negative = s.front() == '-';
    s.remove_prefix(1);
  }
  const std::size_t dot = s.find('.');
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
  if (const std::size_t comma = operand.find(','); comma != std::string_view::npos) {
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

// "H:MM:SS" or "H:MM:SS.s" (any number of decimals, milliseconds kept) -> milliseconds.
bool read_clock(std::string_view s, std::uint32_t& out) {
  const std::size_t first = s.find(':');
  if (first == std::string_view::npos) return false;
  const std::size_t second = s.find(':', first + 1);
  if (second == std::string_view::npos || second - first != 3) return false;
  std::string_view seconds = s.substr(second + 1);
  std::string_view fraction;
  if (const std::size_t dot = seconds.find('.'); dot != std::string_view::npos) {
    fraction = seconds.substr(dot + 1);
    seconds = seconds.substr(0, dot);
    if (fraction.empty()) return false;
    for (char c : fraction)
      if (!is_digit(c)) return false;
  }
  std::uint32_t h = 0, m = 0, sec = 0;
  if (!read_digits(s.substr(0, first), h) || !read_digits(s.substr(first + 1, 2), m) ||
      seconds.size() != 2 || !read_digits(seconds, sec) || m > 59 || sec > 59 || h > 1000)
    return false;
  std::uint32_t ms = 0;
  for (std::size_t i = 0; i < 3; ++i) ms = ms * 10 + (i < fraction.size() ? fraction[i] - '0' : 0);
  out = ((h * 60 + m) * 60 + sec) * 1000 + ms;
  return true;
}

}  // namespace

CommentCommands read_comment_commands(std::string_view comment) {
  CommentCommands out;
  Command c;
  for (std::size_t from = 0; next_command(comment, from, c); from = c.end) {
    if (c.name == "eval") {
      if (!out.eval_cp && !out.mate) read_eval(c.operand, out);
    } else if (c.name == "clk") {
      std::uint32_t ms;
      if (!out.clock_ms && read_clock(c.operand, ms)) out.clock_ms = ms, out.any = true;
    } else if (c.name == "emt") {
      std::uint32_t ms;
      if (!out.elapsed_ms && read_clock(c.operand, ms)) out.elapsed_ms = ms, out.any = true;
    } else if (c.name == "cal") {
      if (out.arrows.empty() && !c.operand.empty()) out.arrows = c.operand, out.any = true;
    } else if (c.name == "csl") {
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

void append_seconds(std::string& out, std::uint32_t milliseconds) {
  char buffer[16];
  const auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, milliseconds / 1000);
  out.append(buffer, end);
  if (std::uint32_t ms = milliseconds % 1000) {
    out.push_back('.');
    char digits[3] = {char('0' + ms / 100), char('0' + ms / 10 % 10), char('0' + ms % 10)};
    std::size_t n = 3;
    while (digits[n - 1] == '0') --n;
    out.append(digits, n);
  }
}

}  // namespace fenkit::pgn
