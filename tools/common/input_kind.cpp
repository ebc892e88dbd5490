#include "input_kind.hpp"

#include <vector>

#include "fenkit/io/compression.hpp"

namespace fenkit::tools {

namespace {

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

std::vector<std::string_view> words_of(std::string_view line) {
  std::vector<std::string_view> words;
  std::size_t at = 0;
  while (at < line.size()) {
    while (at < line.size() && is_blank(line[at])) ++at;
    const std::size_t start = at;
    while (at < line.size() && !is_blank(line[at])) ++at;
    if (at > start) words.push_back(line.substr(start, at - start));
  }
  return words;
}

bool is_number(std::string_view word) {
  if (word.empty()) return false;
  for (char c : word)
    if (c < '0' || c > '9') return false;
  return true;
}

// Eight ranks of piece letters and digits, separated by '/'.
bool is_placement(std::string_view word) {
  int slashes = 0;
  for (char c : word) {
    if (c == '/') ++slashes;
    else if (std::string_view("pnbrqkPNBRQK12345678").find(c) == std::string_view::npos) return false;
  }
  return slashes == 7;
}

}  // namespace

std::optional<InputFormat> detect_format(std::string_view head) {
  if (head.starts_with("\xEF\xBB\xBF")) head.remove_prefix(3);
  while (!head.empty()) {
    const std::size_t nl = head.find('\n');
    std::string_view line = head.substr(0, nl);
    head = nl == std::string_view::npos ? std::string_view() : head.substr(nl + 1);
    // A line cut by the end of the head is still worth a look: its first words are there.
    const std::size_t first = line.find_first_not_of(" \t\r");
    if (first == std::string_view::npos) continue;
    line.remove_prefix(first);
    if (line[0] == '#' || line[0] == '%') continue;
    if (line[0] == '[' || line[0] == '{' || line[0] == ';') return InputFormat::pgn;
    const std::vector<std::string_view> words = words_of(line);
    if (is_placement(words[0])) {
      const bool clocks = words.size() == 6 && is_number(words[4]) && is_number(words[5]);
      return clocks ? InputFormat::fen : InputFormat::epd;
    }
    // Movetext without tags: "1. e4", "1.e4", "e4 e5".
    if ((line[0] >= '1' && line[0] <= '9') || (line[0] >= 'a' && line[0] <= 'h') ||
        std::string_view("NBRQKO").find(line[0]) != std::string_view::npos)
      return InputFormat::pgn;
    return std::nullopt;
  }
  return std::nullopt;
}

InputFormat input_format(std::string_view head, const std::string& path) {
  if (const auto found = detect_format(head)) return *found;
  const std::string extension = io::content_extension(path);
  if (extension == ".epd") return InputFormat::epd;
  if (extension == ".fen") return InputFormat::fen;
  return InputFormat::pgn;
}

}  // namespace fenkit::tools
