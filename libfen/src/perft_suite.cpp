#include "fenkit/fen/perft_suite.hpp"

#include <charconv>
#include <string_view>

namespace fenkit::fen {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

template <typename T>
bool parse_number(std::string_view s, T& out) {
  s = trim(s);
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && end == s.data() + s.size();
}

// "FEN ;D1 20 ;D2 400": the FEN, then ';'-separated "D<depth> <nodes>" items.
bool read_epd_line(std::string_view line, PerftCase& out) {
  const std::size_t semicolon = line.find(';');
  if (semicolon == std::string_view::npos) return false;
  out.fen = std::string(trim(line.substr(0, semicolon)));
  std::string_view rest = line.substr(semicolon + 1);
  while (!rest.empty()) {
    const std::size_t next = rest.find(';');
    std::string_view item = trim(rest.substr(0, next));
    rest = next == std::string_view::npos ? std::string_view{} : rest.substr(next + 1);
    if (item.empty()) continue;
    if (item[0] != 'D') return false;
    const std::size_t space = item.find(' ');
    int depth = 0;
    std::uint64_t nodes = 0;
    if (space == std::string_view::npos || !parse_number(item.substr(1, space - 1), depth) ||
        !parse_number(item.substr(space + 1), nodes))
      return false;
    out.expected.emplace_back(depth, nodes);
  }
  return !out.expected.empty();
}

}  // namespace

void PerftSuiteReader::add_line(std::string_view raw) {
  ++number_;
  const std::string_view line = trim(raw);
  if (line.empty()) {
    block_ = kNone;
    return;
  }
  if (line[0] == '#') return;
  if (line.starts_with("id ")) {
    pending_id_ = std::string(trim(line.substr(3)));
    return;
  }
  if (line.starts_with("variant ")) {
    // Before the block's epd line or after it.
    (block_ == kNone ? pending_variant_ : cases[block_].variant) = std::string(trim(line.substr(8)));
    return;
  }
  if (line.starts_with("epd ")) {
    cases.push_back(PerftCase{std::string(trim(line.substr(4))), pending_id_, pending_variant_,
                              number_, {}});
    pending_id_.clear();
    pending_variant_.clear();
    block_ = cases.size() - 1;
    return;
  }
  if (line.starts_with("perft ")) {
    const std::string_view rest = trim(line.substr(6));
    const std::size_t space = rest.find(' ');
    int depth = 0;
    std::uint64_t nodes = 0;
    if (block_ == kNone || space == std::string_view::npos ||
        !parse_number(rest.substr(0, space), depth) || !parse_number(rest.substr(space + 1), nodes)) {
      errors.push_back({number_, "bad perft line (expected 'perft DEPTH NODES' after an epd line)"});
      return;
    }
    cases[block_].expected.emplace_back(depth, nodes);
    return;
  }
  PerftCase c;
  c.line = number_;
  if (!read_epd_line(line, c)) {
    errors.push_back({number_, "not a perft line (expected 'FEN ;D1 N ;D2 N ...')"});
    return;
  }
  cases.push_back(std::move(c));
  block_ = kNone;
}

std::vector<PerftCase> read_perft_suite(std::istream& in, std::vector<PerftSuiteError>& errors) {
  PerftSuiteReader reader;
  std::string line;
  while (std::getline(in, line)) reader.add_line(line);
  errors.insert(errors.end(), reader.errors.begin(), reader.errors.end());
  return std::move(reader.cases);
}

}  // namespace fenkit::fen
