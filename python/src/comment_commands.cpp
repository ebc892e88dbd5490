// fenkit.pgn's reading of [%eval ...], [%clk ...] and [%emt ...] in a comment, as its regular
// expressions (pgn.py's _EVAL_COMMAND, _CLOCK_COMMAND, _EMT_COMMAND) read them: the first
// command whose value fits, and the value worked out as Python works it out. A script asks a
// node's eval() and clock() at every move; the expressions cost more than the rest of it.
// Text these functions do not read as the expressions would (characters beyond ASCII, which
// Python's \s and \d also take; numbers longer than a machine word) is left to them: the
// functions answer NotImplemented.
#include <pybind11/pybind11.h>

#include <cmath>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

#include "common.hpp"

namespace fenkit::python {

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

std::size_t digits_at(std::string_view text, std::size_t at) {
  std::size_t end = at;
  while (end < text.size() && is_digit(text[end])) ++end;
  return end - at;
}

bool ascii(std::string_view text) {
  for (char c : text)
    if (static_cast<unsigned char>(c) >= 0x80) return false;
  return true;
}

struct Eval {
  std::optional<long long> mate;
  std::optional<long long> cp;
  std::optional<long long> depth;
};

// ",\d+" (optional) then "]" at `at`: where the command ends, or npos.
std::size_t eval_tail(std::string_view text, std::size_t at, std::optional<long long>& depth, bool& too_long) {
  if (at < text.size() && text[at] == ',') {
    const std::size_t n = digits_at(text, at + 1);
    if (n > 0 && at + 1 + n < text.size() && text[at + 1 + n] == ']') {
      if (n > 18) too_long = true;
      depth = std::stoll(std::string(text.substr(at + 1, n)));
      return at + 2 + n;
    }
  }
  if (at < text.size() && text[at] == ']') return at + 1;
  return std::string_view::npos;
}

// The value after "[%eval " at `at`, as _EVAL_VALUE matches it (its alternatives in order).
std::optional<Eval> eval_value(std::string_view text, std::size_t at, bool& too_long) {
  Eval out;
  if (at < text.size() && text[at] == '#') {
    std::size_t i = at + 1;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
    const std::size_t n = digits_at(text, i);
    if (n == 0) return std::nullopt;
    if (eval_tail(text, i + n, out.depth, too_long) == std::string_view::npos) return std::nullopt;
    if (n > 18) too_long = true;
    out.mate = std::stoll(std::string(text.substr(at + 1, i + n - at - 1)));
    return out;
  }
  std::size_t i = at;
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
  const std::size_t before = digits_at(text, i);
  std::size_t end = std::string_view::npos;
  // \d{0,10}\.\d{1,2}
  if (before <= 10 && i + before < text.size() && text[i + before] == '.') {
    const std::size_t after = digits_at(text, i + before + 1);
    if (after >= 1 && after <= 2) {
      end = i + before + 1 + after;
      if (eval_tail(text, end, out.depth, too_long) == std::string_view::npos) end = std::string_view::npos;
    }
  }
  // \d{1,10}\.?
  if (end == std::string_view::npos && before >= 1 && before <= 10) {
    std::size_t j = i + before;
    if (j < text.size() && text[j] == '.' && eval_tail(text, j + 1, out.depth, too_long) != std::string_view::npos) {
      end = j + 1;
    } else if (eval_tail(text, j, out.depth, too_long) != std::string_view::npos) {
      end = j;
    }
  }
  if (end == std::string_view::npos) return std::nullopt;
  // round(float(text) * 100), Python's: the nearest, ties to even (the default rounding mode).
  const double pawns = std::strtod(std::string(text.substr(at, end - at)).c_str(), nullptr);
  out.cp = static_cast<long long>(std::nearbyint(pawns * 100));
  return out;
}

py::object comment_eval(const std::string& comment) {
  const std::string_view text = comment;
  if (!ascii(text)) return py::reinterpret_borrow<py::object>(Py_NotImplemented);
  constexpr std::string_view kCommand = "[%eval";
  for (std::size_t at = text.find(kCommand); at != std::string_view::npos; at = text.find(kCommand, at + 1)) {
    const std::size_t value = at + kCommand.size();
    if (value >= text.size() || !is_blank(text[value])) continue;
    bool too_long = false;
    const std::optional<Eval> found = eval_value(text, value + 1, too_long);
    if (too_long) return py::reinterpret_borrow<py::object>(Py_NotImplemented);
    if (!found) continue;
    auto number = [](const std::optional<long long>& n) -> py::object {
      return n ? py::object(py::int_(*n)) : py::none();
    };
    return py::make_tuple(number(found->mate), number(found->cp), number(found->depth));
  }
  return py::none();
}

// The seconds of the first [%clk H:M:S] (or [%emt ...]) that fits _CLOCK_VALUE.
py::object comment_time(const std::string& comment, const std::string& name) {
  const std::string_view text = comment;
  if (!ascii(text)) return py::reinterpret_borrow<py::object>(Py_NotImplemented);
  const std::string command = "[%" + name;
  for (std::size_t at = text.find(command); at != std::string_view::npos; at = text.find(command, at + 1)) {
    std::size_t i = at + command.size();
    if (i >= text.size() || !is_blank(text[i])) continue;
    ++i;
    const std::size_t hours = digits_at(text, i);
    if (hours == 0 || i + hours >= text.size() || text[i + hours] != ':') continue;
    const std::size_t m = i + hours + 1;
    const std::size_t minutes = digits_at(text, m);
    if (minutes == 0 || m + minutes >= text.size() || text[m + minutes] != ':') continue;
    const std::size_t s = m + minutes + 1;
    std::size_t end = s + digits_at(text, s);
    if (end == s) continue;
    if (end < text.size() && text[end] == '.') end += 1 + digits_at(text, end + 1);
    if (end >= text.size() || text[end] != ']') continue;
    if (hours > 9 || minutes > 9) return py::reinterpret_borrow<py::object>(Py_NotImplemented);
    const long long whole = std::stoll(std::string(text.substr(i, hours))) * 3600 +
                            std::stoll(std::string(text.substr(m, minutes))) * 60;
    const double seconds = std::strtod(std::string(text.substr(s, end - s)).c_str(), nullptr);
    return py::float_(static_cast<double>(whole) + seconds);
  }
  return py::none();
}

}  // namespace

void add_comment_commands(py::module_& m) {
  m.def("_comment_eval", &comment_eval, py::arg("comment"),
        "(mate, cp, depth) of the first [%eval ...] that fits, None when none does, "
        "NotImplemented for text the regular expression must read.");
  m.def("_comment_time", &comment_time, py::arg("comment"), py::arg("name"),
        "The seconds of the first [%clk ...] ([%emt ...] with name='emt') that fits, None when "
        "none does, NotImplemented for text the regular expression must read.");
}

}  // namespace fenkit::python
