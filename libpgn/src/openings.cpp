#include "fenkit/pgn/openings.hpp"

#include <stdexcept>

#include "fenkit/fen/printable.hpp"
#include "fenkit/fen/san.hpp"
#include "openings_data.hpp"

namespace fenkit::pgn {

namespace {

std::string_view next_field(std::string_view& line) {
  const std::size_t tab = line.find('\t');
  const std::string_view field = line.substr(0, tab);
  line = tab == std::string_view::npos ? std::string_view() : line.substr(tab + 1);
  return field;
}

}  // namespace

OpeningTable OpeningTable::from_tsv(std::string_view text) {
  OpeningTable table;
  std::size_t number = 0;
  while (!text.empty()) {
    const std::size_t nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
    ++number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.empty() || line.starts_with("eco\t")) continue;
    const std::string_view eco = next_field(line);
    const std::string_view name = next_field(line);
    const std::string_view moves = line;
    fen::Position pos;
    std::uint16_t plies = 0;
    for (std::size_t at = 0; at < moves.size();) {
      const std::size_t end = std::min(moves.find(' ', at), moves.size());
      const std::string_view token = moves.substr(at, end - at);
      at = end + 1;
      if (token.empty() || token.back() == '.') continue;  // "1." and "1..."
      const fen::SanResult move = fen::read_san(pos, token);
      if (!move)
        throw std::invalid_argument("opening table line " + std::to_string(number) + ": " +
                                    fen::describe(pos, token, move));
      pos.play_unchecked(move.move);
      ++plies;
    }
    const std::size_t index = table.positions_.add(pos);
    if (index == table.openings_.size())
      table.openings_.push_back(Opening{std::string(eco), std::string(name), plies});
  }
  return table;
}

const OpeningTable& OpeningTable::builtin() {
  static const OpeningTable table = from_tsv(detail::kOpeningTables);
  return table;
}

const Opening* OpeningTable::find(const fen::Position& pos) const {
  const std::ptrdiff_t i = positions_.find(pos);
  return i < 0 ? nullptr : &openings_[std::size_t(i)];
}

}  // namespace fenkit::pgn
