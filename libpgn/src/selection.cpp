#include "fenkit/pgn/selection.hpp"

#include <algorithm>
#include <charconv>
#include <optional>
#include <set>
#include <vector>

#include "fenkit/fen/fen.hpp"
#include "fenkit/fen/printable.hpp"
#include "fenkit/io/input.hpp"

namespace fenkit::pgn {

namespace {

using Kind = SelectionCriterion::Kind;

// The help texts are the program's help page (tools/common/selection_options.cpp shows them).
constexpr SelectionCriterion kCriteria[] = {
    {"white", Kind::repeatable, "TEXT",
     "White's name contains TEXT (case-insensitive; repeat for any of several)"},
    {"black", Kind::repeatable, "TEXT", "Black's name contains TEXT"},
    {"player", Kind::repeatable, "TEXT",
     "either player's name contains TEXT (repeat for any of several, as --white)"},
    {"between", Kind::repeatable, "TEXT",
     "a player's name contains TEXT, for each one given: --between A --between B, the games "
     "between A and B"},
    {"regex", Kind::flag, "", "names and --tag ~ values are regular expressions (ECMAScript)"},
    {"tag", Kind::repeatable, "TEXT",
     "NAME=VALUE (exact), NAME~TEXT (contains), NAME>=N, <, <=, >, != (repeatable, all hold)"},
    {"result", Kind::repeatable, "TEXT", "1-0, 0-1, 1/2-1/2 or * (repeatable)"},
    {"min-elo", Kind::single, "N", "both WhiteElo and BlackElo at least N"},
    {"eco", Kind::repeatable, "TEXT", "the ECO tag in a range: C42, B, A00-B99 (repeatable)"},
    {"date-from", Kind::single, "DATE",
     "played on or after DATE (YYYY.MM.DD, YYYY.MM or YYYY; unknown parts of a game's date "
     "count as its earliest possible day)"},
    {"date-to", Kind::single, "DATE",
     "played on or before DATE (unknown parts count as the latest possible day)"},
    {"time-control", Kind::repeatable, "TEXT",
     "the TimeControl tag as written (180+2), or a speed: ultrabullet, bullet, blitz, rapid, "
     "classical, correspondence (repeatable)"},
    {"min-plies", Kind::single, "N", "main lines of at least N half-moves"},
    {"max-plies", Kind::single, "N", "main lines of at most N half-moves"},
    {"variant", Kind::repeatable, "TEXT", "the Variant tag (standard also takes games without one)"},
    {"position", Kind::repeatable, "FEN",
     "the main line reaches this position (FEN; placement, side to move, castling and a "
     "capturable en-passant square count) (repeatable)"},
    {"position-file", Kind::single, "FILE",
     "the main line reaches one of the positions of FILE (FEN or EPD lines)"},
    {"end-position", Kind::repeatable, "FEN",
     "the main line ends in this position (FEN, compared as --position compares) (repeatable)"},
    {"material", Kind::repeatable, "BALANCE",
     "the main line holds this material balance, a line of pgn-extract's -z file: the first "
     "side's pieces, the other's ('rp nb': rook and pawn against knight and bishop; "
     "'q*r+l*p+ q=r1<=l2>=p+'), either side first, held two plies or the number before it "
     "(repeatable: any of them)"},
    {"material-file", Kind::single, "FILE",
     "the main line holds one of the material balances of FILE (pgn-extract's -z file: one "
     "balance a line, % comment lines)"},
    {"material-white", Kind::flag, "",
     "the first side of each material balance is White (as pgn-extract -y; without it either "
     "colour, as -z)"},
    {"checkmate", Kind::flag, "", "the main line ends in checkmate (as pgn-extract --checkmate)"},
    {"stalemate", Kind::flag, "", "the main line ends in stalemate"},
    {"insufficient-material", Kind::flag, "",
     "the main line ends with material neither side can mate with"},
    {"fifty", Kind::flag, "",
     "the main line reaches a position where the fifty-move rule may be claimed (100 "
     "half-moves without a capture or a pawn move)"},
    {"repetition", Kind::flag, "",
     "a position of the main line stands for the third time (placement, side to move, "
     "castling and a capturable en-passant square)"},
    {"underpromotion", Kind::flag, "", "a main-line pawn promotes to a rook, bishop or knight"},
    {"games", Kind::single, "LIST",
     "by game number: 1-100,250,300- (numbers count every game, rejected ones too; reading "
     "stops soon after the last one)"},
    {"invert", Kind::flag, "", "select the games that fail the conditions"},
};

constexpr std::int64_t kMaxElo = 10000;

[[noreturn]] void refuse(std::string_view criterion, const std::string& message) {
  throw SelectionError(criterion, message);
}

// A whole number from `min` to `max` (no sign but '+', nothing after it), as the program reads
// every number it takes.
std::int64_t whole_number(std::string_view criterion, std::string_view text, std::int64_t min,
                          std::int64_t max) {
  std::int64_t value = 0;
  const char* first = text.data();
  const char* last = first + text.size();
  if (first != last && *first == '+') ++first;
  const auto [end, error] = std::from_chars(first, last, value);
  if (first == last || end != last || error != std::errc() || value < min || value > max) {
    const std::string range = max == INT64_MAX
                                  ? std::to_string(min) + " or more"
                                  : "from " + std::to_string(min) + " to " + std::to_string(max);
    refuse(criterion, "--" + std::string(criterion) + " must be a whole number " + range +
                          ", not '" + fen::printable(text) + "'");
  }
  return value;
}

// A position from a FEN, or from the first four fields of an EPD record; `where` names it in
// the message.
fen::Position read_position(std::string_view criterion, std::string_view text,
                            const std::string& where) {
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
    const bool clocks = first != std::string_view::npos && rest[first] >= '0' && rest[first] <= '9';
    if (!clocks) fields = text.substr(0, end);
  }
  fen::Position pos;
  if (const fen::FenError e = fen::read_fen(fields, pos, {.lenient = true}))
    refuse(criterion, where + ": not a position: " + e.message() + " ('" + fen::printable(text) +
                          "')");
  return pos;
}

// The text of the file a criterion names (compressed or not); what cannot be read is refused.
std::string read_criterion_file(std::string_view criterion, const std::string& path) {
  std::string text;
  try {
    const std::unique_ptr<io::InputSource> input = io::open_input(path);
    char buffer[1 << 16];
    for (std::size_t n; (n = input->read(buffer, sizeof buffer)) > 0;) text.append(buffer, n);
  } catch (const std::exception& e) {
    refuse(criterion, "--" + std::string(criterion) + ": " + e.what());
  }
  return text;
}

// The positions of a file of FEN or EPD lines (blank lines and # comments left out).
std::vector<fen::Position> read_position_file(std::string_view criterion, const std::string& path) {
  std::string text = read_criterion_file(criterion, path);
  if (text.starts_with("\xEF\xBB\xBF")) text.erase(0, 3);
  std::vector<fen::Position> positions;
  std::size_t line = 0;
  for (std::size_t from = 0; from < text.size();) {
    std::size_t end = text.find('\n', from);
    if (end == std::string::npos) end = text.size();
    std::string_view content(text.data() + from, end - from);
    from = end + 1;
    ++line;
    if (!content.empty() && content.back() == '\r') content.remove_suffix(1);
    const std::size_t first = content.find_first_not_of(" \t");
    if (first == std::string_view::npos || content[first] == '#') continue;
    positions.push_back(
        read_position(criterion, content.substr(first),
                      path + ":" + std::to_string(line) + ":" + std::to_string(first + 1)));
  }
  if (positions.empty()) refuse(criterion, "--position-file: " + path + " holds no position");
  return positions;
}

// The balances of a pgn-extract -z file.
std::vector<MaterialBalance> read_material_file(std::string_view criterion, const std::string& path) {
  const std::string text = read_criterion_file(criterion, path);
  std::vector<MaterialBalance> balances;
  try {
    const MaterialBalances read = MaterialBalances::from_text(text, true);
    for (std::size_t i = 0; i < read.size(); ++i) balances.push_back(read[i]);
  } catch (const std::invalid_argument& e) {
    refuse(criterion, "--material-file: " + path + ":" + e.what());
  }
  if (balances.empty()) refuse(criterion, "--material-file: " + path + " holds no balance");
  return balances;
}

// A time control as written starts with a digit (or is "-"); a word is a speed.
bool is_written_time_control(std::string_view text) {
  return (!text.empty() && text[0] >= '0' && text[0] <= '9') || text == "-";
}

// Runs `apply`, which throws std::invalid_argument for a value it cannot take; the message then
// names the criterion.
template <typename Apply>
void naming(std::string_view criterion, Apply apply) {
  try {
    apply();
  } catch (const SelectionError&) {
    throw;
  } catch (const std::invalid_argument& e) {
    refuse(criterion, "--" + std::string(criterion) + ": " + e.what());
  }
}

}  // namespace

std::span<const SelectionCriterion> selection_criteria() { return kCriteria; }

const SelectionCriterion* find_selection_criterion(std::string_view name) {
  for (const SelectionCriterion& c : kCriteria)
    if (c.name == name) return &c;
  return nullptr;
}

SelectionError::SelectionError(std::string_view criterion, const std::string& message)
    : std::invalid_argument(message), criterion_(criterion) {}

// The values as given, each checked on its own, until filter() puts them together.
struct SelectionCriteria::Values {
  bool regex = false, invert = false;
  std::set<GameEvent> events;
  std::vector<std::string> white, black, player, between;
  std::vector<TagCondition> tags;
  std::vector<std::string> results;
  std::optional<int> min_elo;
  std::vector<EcoRange> ecos;
  std::optional<std::uint32_t> date_from, date_to;
  std::vector<std::string> time_controls;  // as written ("180+2")
  std::vector<Speed> speeds;                // by name ("blitz")
  std::optional<std::uint32_t> min_plies, max_plies;
  std::vector<std::string> variants;
  std::vector<fen::Position> positions, end_positions;
  std::vector<MaterialBalance> materials;
  bool material_white = false;
  std::optional<NumberSet> games;
  std::set<std::string, std::less<>> given;  // the single criteria given
};

SelectionCriteria::SelectionCriteria() : values_(std::make_unique<Values>()) {}
SelectionCriteria::~SelectionCriteria() = default;
SelectionCriteria::SelectionCriteria(SelectionCriteria&&) noexcept = default;
SelectionCriteria& SelectionCriteria::operator=(SelectionCriteria&&) noexcept = default;

void SelectionCriteria::add(std::string_view name, std::string_view value) {
  const SelectionCriterion* criterion = find_selection_criterion(name);
  if (!criterion) refuse(name, "'" + fen::printable(name) + "' is not a selection criterion");
  if (criterion->kind == Kind::flag) refuse(name, "--" + std::string(name) + " takes no value");
  Values& v = *values_;
  const bool single = criterion->kind == Kind::single;
  if (single && v.given.contains(name))
    refuse(name, "option '--" + std::string(name) + "' cannot be specified more than once");
  const std::string text(value);
  naming(name, [&] {
    if (name == "white") v.white.push_back(text);
    else if (name == "black") v.black.push_back(text);
    else if (name == "player") v.player.push_back(text);
    else if (name == "between") v.between.push_back(text);
    else if (name == "tag") v.tags.push_back(parse_tag_condition(text));
    else if (name == "result") v.results.emplace_back(parse_result(text));
    else if (name == "min-elo") v.min_elo = int(whole_number(name, text, 0, kMaxElo));
    else if (name == "eco") v.ecos.push_back(parse_eco_range(text));
    else if (name == "date-from") v.date_from = parse_day(text, false);
    else if (name == "date-to") v.date_to = parse_day(text, true);
    else if (name == "time-control") {
      if (is_written_time_control(text)) v.time_controls.push_back(text);
      else v.speeds.push_back(parse_speed(text));
    } else if (name == "min-plies" || name == "max-plies") {
      // Longer than any game: as many as a count of plies can say.
      const auto plies = std::uint32_t(std::min<std::int64_t>(
          whole_number(name, text, 0, INT64_MAX), UINT32_MAX));
      (name == "min-plies" ? v.min_plies : v.max_plies) = plies;
    } else if (name == "variant") v.variants.push_back(text);
    else if (name == "position") v.positions.push_back(read_position(name, text, "--position"));
    else if (name == "position-file") {
      const std::vector<fen::Position> read = read_position_file(name, text);
      v.positions.insert(v.positions.end(), read.begin(), read.end());
    } else if (name == "end-position") {
      v.end_positions.push_back(read_position(name, text, "--end-position"));
    } else if (name == "material") v.materials.push_back(MaterialBalance::parse(text));
    else if (name == "material-file") {
      const std::vector<MaterialBalance> read = read_material_file(name, text);
      v.materials.insert(v.materials.end(), read.begin(), read.end());
    } else if (name == "games") v.games = NumberSet::parse(text);
  });
  // Only a value taken counts: a refused one may be given again, right.
  if (single) v.given.emplace(name);
}

void SelectionCriteria::set(std::string_view flag, bool on) {
  const SelectionCriterion* criterion = find_selection_criterion(flag);
  if (!criterion || criterion->kind != Kind::flag)
    refuse(flag, "'" + fen::printable(flag) + "' is not a selection flag");
  static constexpr std::pair<std::string_view, GameEvent> kEvents[] = {
      {"checkmate", GameEvent::checkmate},
      {"stalemate", GameEvent::stalemate},
      {"insufficient-material", GameEvent::insufficient_material},
      {"fifty", GameEvent::fifty_moves},
      {"repetition", GameEvent::repetition},
      {"underpromotion", GameEvent::underpromotion},
  };
  for (const auto& [name, event] : kEvents)
    if (flag == name) {
      if (on) values_->events.insert(event);
      else values_->events.erase(event);
      return;
    }
  if (flag == "material-white") values_->material_white = on;
  else (flag == "regex" ? values_->regex : values_->invert) = on;
}

GameFilter SelectionCriteria::filter() const {
  const Values& v = *values_;
  GameFilter filter;
  filter.set_regex(v.regex);
  // Names become regular expressions here, with --regex known whatever its place.
  naming("white", [&] { for (const std::string& s : v.white) filter.add_white(s); });
  naming("black", [&] { for (const std::string& s : v.black) filter.add_black(s); });
  naming("player", [&] { for (const std::string& s : v.player) filter.add_player(s); });
  naming("between", [&] { for (const std::string& s : v.between) filter.add_required_player(s); });
  naming("tag", [&] { for (const TagCondition& c : v.tags) filter.add_tag_condition(c); });
  for (const std::string& s : v.results) filter.add_result(s);
  if (v.min_elo) filter.set_min_elo(*v.min_elo);
  for (const EcoRange& r : v.ecos) filter.add_eco(r);
  if (v.date_from) filter.set_date_from(*v.date_from);
  if (v.date_to) filter.set_date_to(*v.date_to);
  if (v.date_from && v.date_to && *v.date_from > *v.date_to)
    refuse("date-from", "--date-from is after --date-to: no game can be played between them");
  // Either kind of time control: a game matching any one is selected.
  for (const std::string& s : v.time_controls) filter.add_time_control(s);
  for (const Speed speed : v.speeds) filter.add_speed(speed);
  if (v.min_plies) filter.set_min_plies(*v.min_plies);
  if (v.max_plies) filter.set_max_plies(*v.max_plies);
  if (v.min_plies && v.max_plies && *v.min_plies > *v.max_plies)
    refuse("min-plies", "--min-plies is above --max-plies");
  for (const std::string& s : v.variants) filter.add_variant(s);
  for (const fen::Position& pos : v.positions) filter.add_position(pos);
  for (const fen::Position& pos : v.end_positions) filter.add_end_position(pos);
  for (const GameEvent event : v.events) filter.add_event(event);
  if (!v.materials.empty()) filter.add_material(MaterialBalances(v.materials, !v.material_white));
  else if (v.material_white)
    refuse("material-white", "--material-white needs a balance (--material or --material-file)");
  if (v.games) filter.set_games(*v.games);
  if (v.invert) {
    if (filter.empty()) refuse("invert", "--invert needs a condition to invert");
    filter.invert();
  }
  return filter;
}

}  // namespace fenkit::pgn
