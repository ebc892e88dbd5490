#include "selection_options.hpp"

#include <memory>
#include <stdexcept>

#include "cli.hpp"
#include "fenkit/fen/fen.hpp"
#include "fenkit/fen/printable.hpp"
#include "fenkit/pgn/input.hpp"

namespace fenkit::tools {

namespace {

using Strings = std::vector<std::string>;

Strings strings(const po::variables_map& v, const char* name) {
  return v.count(name) ? v[name].as<Strings>() : Strings{};
}

// Calls `add` for every value of a repeatable option; a value it cannot take is a usage error
// naming the option.
template <typename Add>
void each(const po::variables_map& v, const char* name, Add add) {
  for (const std::string& value : strings(v, name)) {
    try {
      add(value);
    } catch (const std::invalid_argument& e) {
      throw UsageError(std::string("--") + name + ": " + e.what());
    }
  }
}

// A position from a FEN, or from the first four fields of an EPD record.
fen::Position read_position(std::string_view text, const std::string& where) {
  std::size_t end = 0;
  for (int field = 0; field < 4 && end != std::string_view::npos; ++field) {
    end = text.find_first_not_of(" \t", end);
    if (end != std::string_view::npos) end = text.find_first_of(" \t", end);
  }
  // Six-field FEN keeps its clocks (they do not count); EPD operations are cut off.
  std::string_view fields = text;
  if (end != std::string_view::npos) {
    const std::string_view rest = text.substr(end);
    const std::size_t first = rest.find_first_not_of(" \t");
    const bool clocks = first != std::string_view::npos &&
                        rest[first] >= '0' && rest[first] <= '9';
    if (!clocks) fields = text.substr(0, end);
  }
  fen::Position pos;
  if (const fen::FenError e = fen::read_fen(fields, pos, {.lenient = true}))
    throw UsageError(where + ": not a position: " + e.message() + " ('" +
                     fen::printable(text) + "')");
  return pos;
}

void read_position_file(const std::string& path, pgn::GameFilter& filter) {
  std::string text;
  try {
    const std::unique_ptr<pgn::InputSource> input = pgn::open_input(path);
    char buffer[1 << 16];
    for (std::size_t n; (n = input->read(buffer, sizeof buffer)) > 0;) text.append(buffer, n);
  } catch (const std::exception& e) {
    throw UsageError(std::string("--position-file: ") + e.what());
  }
  if (text.starts_with("\xEF\xBB\xBF")) text.erase(0, 3);
  std::size_t line = 0, positions = 0;
  for (std::size_t from = 0; from < text.size();) {
    std::size_t end = text.find('\n', from);
    if (end == std::string::npos) end = text.size();
    std::string_view content(text.data() + from, end - from);
    from = end + 1;
    ++line;
    if (!content.empty() && content.back() == '\r') content.remove_suffix(1);
    const std::size_t first = content.find_first_not_of(" \t");
    if (first == std::string_view::npos || content[first] == '#') continue;
    filter.add_position(read_position(content.substr(first), path + ":" + std::to_string(line)));
    ++positions;
  }
  if (positions == 0) throw UsageError("--position-file: " + path + " holds no position");
}

}  // namespace

po::options_description selection_options() {
  po::options_description options("game selection (all given conditions must hold)");
  auto repeatable = [] { return po::value<Strings>()->composing()->value_name("TEXT"); };
  options.add_options()
      ("white", repeatable(), "White's name contains TEXT (case-insensitive; repeat for any of several)")
      ("black", repeatable(), "Black's name contains TEXT")
      ("player", repeatable(),
       "either player's name contains TEXT (repeat: every name is one of the players)")
      ("regex", "names and --tag ~ values are regular expressions (ECMAScript)")
      ("tag", repeatable(),
       "NAME=VALUE (exact), NAME~TEXT (contains), NAME>=N, <, <=, >, != (repeatable, all hold)")
      ("result", repeatable(), "1-0, 0-1, 1/2-1/2 or * (repeatable)")
      ("min-elo", integer(0, 10000), "both WhiteElo and BlackElo at least N")
      ("eco", repeatable(), "the ECO tag in a range: C42, B, A00-B99 (repeatable)")
      ("date-from", po::value<std::string>()->value_name("DATE"),
       "played on or after DATE (YYYY.MM.DD, YYYY.MM or YYYY; unknown parts of a game's date "
       "count as its earliest possible day)")
      ("date-to", po::value<std::string>()->value_name("DATE"),
       "played on or before DATE (unknown parts count as the latest possible day)")
      ("time-control", repeatable(),
       "the TimeControl tag as written (180+2), or a speed: ultrabullet, bullet, blitz, rapid, "
       "classical, correspondence (repeatable)")
      ("min-plies", integer(0), "main lines of at least N half-moves")
      ("max-plies", integer(0), "main lines of at most N half-moves")
      ("variant", repeatable(), "the Variant tag (standard also takes games without one)")
      ("position", po::value<Strings>()->composing()->value_name("FEN"),
       "the main line reaches this position (FEN; placement, side to move, castling and a "
       "capturable en-passant square count) (repeatable)")
      ("position-file", po::value<std::string>()->value_name("FILE"),
       "the main line reaches one of the positions of FILE (FEN or EPD lines)")
      ("games", po::value<std::string>()->value_name("LIST"),
       "by game number: 1-100,250,300- (numbers count every game, rejected ones too; reading "
       "stops soon after the last one)")
      ("invert", "select the games that fail the conditions");
  return options;
}

pgn::GameFilter filter_from(const po::variables_map& v) {
  pgn::GameFilter filter;
  filter.set_regex(v.count("regex") > 0);
  each(v, "white", [&](const std::string& s) { filter.add_white(s); });
  each(v, "black", [&](const std::string& s) { filter.add_black(s); });
  each(v, "player", [&](const std::string& s) { filter.add_player(s); });
  each(v, "tag", [&](const std::string& s) { filter.add_tag_condition(pgn::parse_tag_condition(s)); });
  each(v, "result", [&](const std::string& s) { filter.add_result(s); });
  if (v.count("min-elo")) filter.set_min_elo(int(v["min-elo"].as<std::int64_t>()));
  each(v, "eco", [&](const std::string& s) { filter.add_eco(pgn::parse_eco_range(s)); });
  auto day = [&](const char* name, bool last) {
    try {
      return pgn::parse_day(v[name].as<std::string>(), last);
    } catch (const std::invalid_argument& e) {
      throw UsageError(std::string("--") + name + ": " + e.what());
    }
  };
  if (v.count("date-from")) filter.set_date_from(day("date-from", false));
  if (v.count("date-to")) filter.set_date_to(day("date-to", true));
  each(v, "time-control", [&](const std::string& s) {
    // Digits start a time control as written; words are speeds.
    if (!s.empty() && ((s[0] >= '0' && s[0] <= '9') || s == "-")) filter.add_time_control(s);
    else filter.add_speed(pgn::parse_speed(s));
  });
  auto plies = [&](const char* name) {
    return std::uint32_t(std::min<std::int64_t>(v[name].as<std::int64_t>(), UINT32_MAX));
  };
  if (v.count("min-plies")) filter.set_min_plies(plies("min-plies"));
  if (v.count("max-plies")) filter.set_max_plies(plies("max-plies"));
  if (v.count("min-plies") && v.count("max-plies") && plies("min-plies") > plies("max-plies"))
    throw UsageError("--min-plies is above --max-plies");
  each(v, "variant", [&](const std::string& s) { filter.add_variant(s); });
  each(v, "position", [&](const std::string& s) { filter.add_position(read_position(s, "--position")); });
  if (v.count("position-file")) read_position_file(v["position-file"].as<std::string>(), filter);
  if (v.count("games")) {
    try {
      filter.set_games(pgn::NumberSet::parse(v["games"].as<std::string>()));
    } catch (const std::invalid_argument& e) {
      throw UsageError(std::string("--games: ") + e.what());
    }
  }
  if (v.count("invert")) {
    if (filter.empty()) throw UsageError("--invert needs a condition to invert");
    filter.invert();
  }
  return filter;
}

}  // namespace fenkit::tools
