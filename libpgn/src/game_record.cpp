// Game's typed accessors: the tags every consumer parses (ratings, result, date, opening code,
// time control).
#include <charconv>

#include "fenkit/pgn/game.hpp"
#include "fenkit/pgn/game_filter.hpp"

namespace fenkit::pgn {

namespace {

// A whole number that is all of `text`, at most `most`.
std::optional<std::uint32_t> number_of(std::string_view text, std::uint32_t most = UINT32_MAX) {
  std::uint32_t n = 0;
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, n);
  if (text.empty() || error != std::errc() || stop != end || n > most) return std::nullopt;
  return n;
}

// One part of a date: digits, or question marks for an unknown part. False when it is neither.
bool date_part(std::string_view text, std::size_t width, std::uint32_t most,
               std::optional<int>& out) {
  if (text.size() != width) return false;
  if (text.find_first_not_of('?') == std::string_view::npos) return true;
  const auto n = number_of(text, most);
  if (!n || *n == 0) return false;
  out = int(*n);
  return true;
}

std::optional<TimeControlPeriod> period_of(std::string_view text) {
  TimeControlPeriod period;
  if (text.starts_with('*')) {
    period.sandclock = true;
    text.remove_prefix(1);
  } else if (const std::size_t slash = text.find('/'); slash != std::string_view::npos) {
    const auto moves = number_of(text.substr(0, slash));
    if (!moves || *moves == 0) return std::nullopt;
    period.moves = *moves;
    text.remove_prefix(slash + 1);
  } else if (const std::size_t plus = text.find('+'); plus != std::string_view::npos) {
    const auto increment = number_of(text.substr(plus + 1));
    if (!increment) return std::nullopt;
    period.increment = *increment;
    text = text.substr(0, plus);
  }
  const auto seconds = number_of(text);
  if (!seconds) return std::nullopt;
  period.seconds = *seconds;
  return period;
}

Outcome outcome_of(std::string_view result) {
  if (result == "1-0") return Outcome::white_wins;
  if (result == "0-1") return Outcome::black_wins;
  if (result == "1/2-1/2") return Outcome::draw;
  return Outcome::unknown;
}

}  // namespace

std::optional<int> Game::elo(fen::Color color) const {
  const std::string* value = find_tag(color == fen::Color::white ? "WhiteElo" : "BlackElo");
  if (!value) return std::nullopt;
  const auto n = number_of(*value, 100000);
  if (!n || *n == 0) return std::nullopt;
  return int(*n);
}

Outcome Game::outcome() const {
  const std::string* tag = find_tag("Result");
  if (tag && is_result(*tag)) return outcome_of(*tag);
  return outcome_of(result);
}

std::optional<PgnDate> Game::date() const {
  const std::string* value = find_tag("Date");
  if (!value) value = find_tag("UTCDate");
  if (!value || value->size() != 10 || (*value)[4] != '.' || (*value)[7] != '.') return std::nullopt;
  const std::string_view text = *value;
  PgnDate date;
  if (!date_part(text.substr(0, 4), 4, 9999, date.year) ||
      !date_part(text.substr(5, 2), 2, 12, date.month) ||
      !date_part(text.substr(8, 2), 2, 31, date.day))
    return std::nullopt;
  if (!date.year && !date.month && !date.day) return std::nullopt;
  return date;
}

std::optional<std::string_view> Game::eco() const {
  const std::string* value = find_tag("ECO");
  if (!value || value->size() != 3 || eco_number(*value) < 0) return std::nullopt;
  return std::string_view(*value);
}

std::optional<std::vector<TimeControlPeriod>> Game::time_control() const {
  const std::string* value = find_tag("TimeControl");
  if (!value) return std::nullopt;
  std::vector<TimeControlPeriod> periods;
  std::string_view text = *value;
  for (;;) {
    const std::size_t colon = text.find(':');
    const auto period = period_of(text.substr(0, colon));
    if (!period) return std::nullopt;
    periods.push_back(*period);
    if (colon == std::string_view::npos) break;
    text.remove_prefix(colon + 1);
  }
  return periods;
}

}  // namespace fenkit::pgn
