#include "fenkit/pgn/game_filter.hpp"

#include "fenkit/fen/variant.hpp"

#include <algorithm>
#include <charconv>
#include <stdexcept>

#include "byte_search.hpp"
#include "case_folding.hpp"
#include "fenkit/fen/polyglot.hpp"
#include "fenkit/fen/printable.hpp"

namespace fenkit::pgn {

namespace {

using detail::fold_ascii;

std::string folded(std::string_view s) { return detail::fold_case(s); }

// Whether `haystack` holds `folded_needle` (folded already), ignoring case. Most tag values are
// ASCII and are compared in place; others are folded first.
bool contains_folded(std::string_view haystack, std::string_view folded_needle) {
  if (folded_needle.empty()) return true;
  if (!detail::is_ascii(haystack))
    return detail::fold_case(haystack).find(folded_needle) != std::string::npos;
  if (haystack.size() < folded_needle.size()) return false;
  // Only where the needle's first letter stands, in either case, found sixteen bytes at a time
  // (a selection by player looks at two names of every game).
  const char first = folded_needle[0];
  const char upper = first >= 'a' && first <= 'z' ? char(first - 'a' + 'A') : first;
  const char* p = haystack.data();
  const char* const last_start = p + (haystack.size() - folded_needle.size()) + 1;
  while ((p = detail::find_either(p, last_start, first, upper)) != last_start) {
    std::size_t j = 1;
    while (j < folded_needle.size() && fold_ascii(p[j]) == folded_needle[j]) ++j;
    if (j == folded_needle.size()) return true;
    ++p;
  }
  return false;
}

bool equal_folded(std::string_view a, std::string_view b) {
  if (!detail::is_ascii(a) || !detail::is_ascii(b))
    return detail::fold_case(a) == detail::fold_case(b);
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return fold_ascii(x) == fold_ascii(y);
         });
}

// A tag value as a number ("2500", "-3", "0.5"); blanks around are allowed.
std::optional<double> number_of(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  if (s.empty()) return std::nullopt;
  if (s.front() == '+') s.remove_prefix(1);
  double value = 0;
  const auto [end, error] = std::from_chars(s.data(), s.data() + s.size(), value);
  if (error != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return value;
}

[[noreturn]] void invalid(std::string message) { throw std::invalid_argument(std::move(message)); }

std::shared_ptr<const std::regex> compile(std::string_view pattern) {
  try {
    return std::make_shared<const std::regex>(
        std::string(pattern), std::regex::ECMAScript | std::regex::icase | std::regex::optimize);
  } catch (const std::regex_error& e) {
    invalid("bad regular expression '" + fen::printable(pattern) + "': " + e.what());
  }
}

std::uint32_t days_in_month(std::uint32_t year, std::uint32_t month) {
  static constexpr std::uint32_t kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  return month == 2 && leap ? 29 : kDays[month - 1];
}

// Two digits, or "??" (nullopt), or false.
bool read_part(std::string_view s, std::optional<std::uint32_t>& out) {
  if (s == "??") {
    out.reset();
    return true;
  }
  std::uint32_t v = 0;
  const auto [end, error] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (error != std::errc() || end != s.data() + s.size()) return false;
  out = v;
  return true;
}

}  // namespace

// ------------------------------------------------------------------ Pieces

TagCondition parse_tag_condition(std::string_view text) {
  static constexpr std::pair<std::string_view, TagCondition::Op> kOps[] = {
      {"<=", TagCondition::Op::less_equal}, {">=", TagCondition::Op::greater_equal},
      {"!=", TagCondition::Op::not_equal},  {"=", TagCondition::Op::equal},
      {"~", TagCondition::Op::contains},    {"<", TagCondition::Op::less},
      {">", TagCondition::Op::greater}};
  const std::size_t at = text.find_first_of("<>=!~");
  if (at == std::string_view::npos || at == 0)
    invalid("'" + fen::printable(text) + "' is not NAME=VALUE, NAME~VALUE or NAME>=NUMBER (or <, <=, >, !=)");
  TagCondition c;
  c.name = std::string(text.substr(0, at));
  for (const auto& [token, op] : kOps) {
    if (text.substr(at, token.size()) != token) continue;
    c.op = op;
    c.value = std::string(text.substr(at + token.size()));
    break;
  }
  if (c.name.find_first_of(" \t\"") != std::string::npos)
    invalid("'" + fen::printable(c.name) + "' is not a tag name");
  const bool numeric = c.op == TagCondition::Op::less || c.op == TagCondition::Op::less_equal ||
                       c.op == TagCondition::Op::greater ||
                       c.op == TagCondition::Op::greater_equal;
  if (numeric && !number_of(c.value))
    invalid("'" + fen::printable(text) + "': " + fen::printable(c.value) + " is not a number");
  return c;
}

std::optional<std::pair<std::uint32_t, std::uint32_t>> parse_pgn_date(std::string_view date) {
  if (date.size() != 10 || date[4] != '.' || date[7] != '.') return std::nullopt;
  std::optional<std::uint32_t> year, month, day;
  if (date.substr(0, 4) == "????") return std::nullopt;
  std::uint32_t y = 0;
  const auto [end, error] = std::from_chars(date.data(), date.data() + 4, y);
  if (error != std::errc() || end != date.data() + 4) return std::nullopt;
  year = y;
  if (!read_part(date.substr(5, 2), month) || !read_part(date.substr(8, 2), day))
    return std::nullopt;
  if (month && (*month < 1 || *month > 12)) return std::nullopt;
  const std::uint32_t first_month = month.value_or(1), last_month = month.value_or(12);
  if (day && (*day < 1 || *day > days_in_month(y, last_month))) return std::nullopt;
  const std::uint32_t first = y * 10000 + first_month * 100 + day.value_or(1);
  const std::uint32_t last = y * 10000 + last_month * 100 + day.value_or(days_in_month(y, last_month));
  return std::pair{first, last};
}

std::uint32_t parse_day(std::string_view text, bool last) {
  std::string date(text);
  std::replace(date.begin(), date.end(), '-', '.');
  const bool unknown_parts = date.find('?') != std::string::npos;
  if (date.size() == 4) date += ".??.??";
  else if (date.size() == 7) date += ".??";
  const auto range = parse_pgn_date(date);
  if (!range || unknown_parts)
    invalid("'" + fen::printable(text) + "' is not a date YYYY.MM.DD (or YYYY.MM, YYYY)");
  return last ? range->second : range->first;
}

bool EcoRange::contains(std::string_view eco) const {
  const int n = eco_number(eco);
  return n >= first && n <= last;
}

int eco_number(std::string_view eco) {
  if (eco.size() < 3 || eco[0] < 'A' || eco[0] > 'E' || eco[1] < '0' || eco[1] > '9' ||
      eco[2] < '0' || eco[2] > '9')
    return -1;
  // "C42" and also "C42a" style subdivisions count as C42.
  return (eco[0] - 'A') * 100 + (eco[1] - '0') * 10 + (eco[2] - '0');
}

EcoRange parse_eco_range(std::string_view text) {
  auto bound = [&](std::string_view s, bool last) {
    if (s.size() == 1 && s[0] >= 'A' && s[0] <= 'E') return (s[0] - 'A') * 100 + (last ? 99 : 0);
    if (s.size() != 3 || eco_number(s) < 0)
      invalid("'" + fen::printable(text) + "' is not an ECO code or range (C42, B, A00-B99)");
    return eco_number(s);
  };
  const std::size_t dash = text.find('-');
  EcoRange r;
  if (dash == std::string_view::npos) {
    r.first = std::uint16_t(bound(text, false));
    r.last = std::uint16_t(bound(text, true));
  } else {
    r.first = std::uint16_t(bound(text.substr(0, dash), false));
    r.last = std::uint16_t(bound(text.substr(dash + 1), true));
  }
  if (r.last < r.first) invalid("'" + fen::printable(text) + "': the range is empty");
  return r;
}

NumberSet NumberSet::parse(std::string_view text) {
  NumberSet set;
  auto number = [&](std::string_view s) {
    std::uint64_t v = 0;
    const auto [end, error] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.empty() || error != std::errc() || end != s.data() + s.size() || v == 0)
      invalid("'" + fen::printable(text) + "' is not a list of game numbers (1-100,250,300-)");
    return v;
  };
  std::size_t from = 0;
  while (from <= text.size()) {
    const std::size_t comma = std::min(text.find(',', from), text.size());
    const std::string_view item = text.substr(from, comma - from);
    const std::size_t dash = item.find('-');
    if (dash == std::string_view::npos) {
      const std::uint64_t n = number(item);
      set.ranges_.emplace_back(n, n);
    } else {
      const std::uint64_t a = number(item.substr(0, dash));
      const std::uint64_t b = dash + 1 == item.size() ? UINT64_MAX : number(item.substr(dash + 1));
      if (b < a) invalid("'" + fen::printable(item) + "': the range is empty");
      set.ranges_.emplace_back(a, b);
    }
    from = comma + 1;
  }
  std::sort(set.ranges_.begin(), set.ranges_.end());
  std::vector<std::pair<std::uint64_t, std::uint64_t>> merged;
  for (const auto& r : set.ranges_) {
    if (!merged.empty() && (merged.back().second == UINT64_MAX || r.first <= merged.back().second + 1))
      merged.back().second = std::max(merged.back().second, r.second);
    else
      merged.push_back(r);
  }
  set.ranges_ = std::move(merged);
  return set;
}

bool NumberSet::contains(std::uint64_t n) const {
  auto it = std::upper_bound(ranges_.begin(), ranges_.end(), std::pair{n, UINT64_MAX});
  return it != ranges_.begin() && std::prev(it)->second >= n;
}

std::uint64_t NumberSet::last() const { return ranges_.empty() ? 0 : ranges_.back().second; }

std::optional<Speed> speed_of_time_control(std::string_view tc) {
  if (tc == "-" || tc.find('/') != std::string_view::npos) return Speed::correspondence;
  const std::size_t plus = tc.find('+');
  std::uint32_t base = 0, increment = 0;
  const std::string_view b = tc.substr(0, plus);
  auto [end, error] = std::from_chars(b.data(), b.data() + b.size(), base);
  if (b.empty() || error != std::errc() || end != b.data() + b.size()) return std::nullopt;
  if (plus != std::string_view::npos) {
    const std::string_view i = tc.substr(plus + 1);
    auto [end2, error2] = std::from_chars(i.data(), i.data() + i.size(), increment);
    if (i.empty() || error2 != std::errc() || end2 != i.data() + i.size()) return std::nullopt;
  }
  const std::uint64_t estimate = std::uint64_t(base) + 40ULL * increment;
  if (estimate < 30) return Speed::ultrabullet;
  if (estimate < 180) return Speed::bullet;
  if (estimate < 480) return Speed::blitz;
  if (estimate < 1500) return Speed::rapid;
  return Speed::classical;
}

Speed parse_speed(std::string_view name) {
  static constexpr std::pair<std::string_view, Speed> kNames[] = {
      {"ultrabullet", Speed::ultrabullet}, {"bullet", Speed::bullet},
      {"blitz", Speed::blitz},             {"rapid", Speed::rapid},
      {"classical", Speed::classical},     {"correspondence", Speed::correspondence}};
  for (const auto& [n, s] : kNames)
    if (equal_folded(name, n)) return s;
  invalid("'" + fen::printable(name) +
          "' is not a speed (ultrabullet, bullet, blitz, rapid, classical, correspondence)");
}

// ------------------------------------------------------------------ The filter

struct GameFilter::Test {
  enum class Kind : std::uint8_t {
    substring, regex, compare, eco, date_from, date_to, speed, exact_folded, variant
  };
  std::string name;  // the tag it looks at
  std::size_t group = 0;
  Kind kind = Kind::substring;
  std::string text;  // folded for substring; as given otherwise
  std::shared_ptr<const std::regex> pattern;
  TagCondition::Op op = TagCondition::Op::equal;
  std::optional<double> number;
  EcoRange eco;
  std::uint32_t day = 0;
  Speed speed = Speed::blitz;
  fen::VariantName variant;

  bool matches(std::string_view value) const {
    switch (kind) {
      case Kind::substring: return contains_folded(value, text);
      case Kind::regex: return std::regex_search(value.begin(), value.end(), *pattern);
      case Kind::exact_folded: return equal_folded(value, text);
      case Kind::variant: {
        const std::optional<fen::VariantName> v = fen::find_variant(value);
        return v && v->variant == variant.variant && v->chess960 == variant.chess960;
      }
      case Kind::eco: return eco.contains(value);
      case Kind::date_from: {
        const auto range = parse_pgn_date(value);
        return range && range->first >= day;
      }
      case Kind::date_to: {
        const auto range = parse_pgn_date(value);
        return range && range->second <= day;
      }
      case Kind::speed: return speed_of_time_control(value) == speed;
      case Kind::compare: return compare(value);
    }
    return false;
  }

  bool compare(std::string_view value) const {
    const std::optional<double> v = number_of(value);
    switch (op) {
      case TagCondition::Op::equal: return number && v ? *v == *number : value == text;
      case TagCondition::Op::not_equal: return number && v ? *v != *number : value != text;
      case TagCondition::Op::less: return v && *v < *number;
      case TagCondition::Op::less_equal: return v && *v <= *number;
      case TagCondition::Op::greater: return v && *v > *number;
      case TagCondition::Op::greater_equal: return v && *v >= *number;
      case TagCondition::Op::contains: break;
    }
    return false;
  }
};

GameFilter::GameFilter() = default;
GameFilter::~GameFilter() = default;
GameFilter::GameFilter(GameFilter&&) noexcept = default;
GameFilter& GameFilter::operator=(GameFilter&&) noexcept = default;

std::size_t GameFilter::new_group() { return groups_++; }

bool GameFilter::may_exclude_after_tags() const {
  // (Inverted, a filter without either still waits on the moves: it has a position or length
  // condition, or it is empty.)
  return !tests_.empty() || games_.has_value();
}

void GameFilter::add_test(std::size_t group, std::string name, Test test) {
  test.name = std::move(name);
  test.group = group;
  tests_.push_back(std::move(test));
}

GameFilter::Test GameFilter::name_test(std::string_view name) const {
  Test t;
  if (regex_) {
    t.kind = Test::Kind::regex;
    t.pattern = compile(name);
  } else {
    t.text = folded(name);
  }
  return t;
}

void GameFilter::add_white(std::string_view name) {
  if (!white_group_) white_group_ = new_group();
  add_test(*white_group_, "White", name_test(name));
}

void GameFilter::add_black(std::string_view name) {
  if (!black_group_) black_group_ = new_group();
  add_test(*black_group_, "Black", name_test(name));
}

void GameFilter::add_player(std::string_view name) {
  if (!player_group_) player_group_ = new_group();
  add_test(*player_group_, "White", name_test(name));
  add_test(*player_group_, "Black", name_test(name));
}

void GameFilter::add_required_player(std::string_view name) {
  const std::size_t group = new_group();
  add_test(group, "White", name_test(name));
  add_test(group, "Black", name_test(name));
}

void GameFilter::add_tag_condition(const TagCondition& c) {
  Test t;
  if (c.op == TagCondition::Op::contains) {
    t = name_test(c.value);
  } else {
    t.kind = Test::Kind::compare;
    t.op = c.op;
    t.text = c.value;
    t.number = number_of(c.value);
  }
  add_test(new_group(), c.name, std::move(t));
}

bool is_result(std::string_view text) {
  return text == "1-0" || text == "0-1" || text == "1/2-1/2" || text == "*";
}

std::string_view parse_result(std::string_view text) {
  if (!is_result(text))
    invalid("'" + fen::printable(text) + "' is not a result (1-0, 0-1, 1/2-1/2 or *)");
  return text;
}

void GameFilter::add_result(std::string_view result) {
  parse_result(result);
  if (!result_group_) result_group_ = new_group();
  Test t;
  t.kind = Test::Kind::compare;
  t.op = TagCondition::Op::equal;
  t.text = std::string(result);
  add_test(*result_group_, "Result", std::move(t));
}

void GameFilter::set_min_elo(int elo) {
  for (const char* tag : {"WhiteElo", "BlackElo"}) {
    Test t;
    t.kind = Test::Kind::compare;
    t.op = TagCondition::Op::greater_equal;
    t.number = elo;
    add_test(new_group(), tag, std::move(t));
  }
}

void GameFilter::add_eco(const EcoRange& range) {
  if (!eco_group_) eco_group_ = new_group();
  Test t;
  t.kind = Test::Kind::eco;
  t.eco = range;
  add_test(*eco_group_, "ECO", std::move(t));
}

void GameFilter::set_date_from(std::uint32_t day) {
  const std::size_t group = new_group();
  for (const char* tag : {"Date", "UTCDate"}) {
    Test t;
    t.kind = Test::Kind::date_from;
    t.day = day;
    add_test(group, tag, std::move(t));
  }
}

void GameFilter::set_date_to(std::uint32_t day) {
  const std::size_t group = new_group();
  for (const char* tag : {"Date", "UTCDate"}) {
    Test t;
    t.kind = Test::Kind::date_to;
    t.day = day;
    add_test(group, tag, std::move(t));
  }
}

void GameFilter::add_time_control(std::string_view text) {
  if (!tc_group_) tc_group_ = new_group();
  Test t;
  t.kind = Test::Kind::compare;
  t.op = TagCondition::Op::equal;
  t.text = std::string(text);
  add_test(*tc_group_, "TimeControl", std::move(t));
}

void GameFilter::add_speed(Speed speed) {
  if (!tc_group_) tc_group_ = new_group();
  Test t;
  t.kind = Test::Kind::speed;
  t.speed = speed;
  add_test(*tc_group_, "TimeControl", std::move(t));
}

void GameFilter::set_min_plies(std::uint32_t n) { min_plies_ = n; }
void GameFilter::set_max_plies(std::uint32_t n) { max_plies_ = n; }

void GameFilter::add_variant(std::string_view name) {
  if (!variant_group_) variant_group_ = new_group();
  Test t;
  t.text = std::string(name);
  // A variant fenkit knows matches every name of it ("kingofthehill" the tag "King of the
  // Hill"); another, its name as written.
  if (const std::optional<fen::VariantName> known = fen::find_variant(name)) {
    t.kind = Test::Kind::variant;
    t.variant = *known;
    if (known->variant == fen::Variant::standard && !known->chess960) variant_standard_ = true;
  } else {
    t.kind = Test::Kind::exact_folded;
  }
  add_test(*variant_group_, "Variant", std::move(t));
}

void GameFilter::add_position(const fen::Position& pos) { positions_.add(pos); }

void GameFilter::add_end_position(const fen::Position& pos) { end_positions_.add(pos); }

void GameFilter::add_material(const MaterialBalances& balances) {
  if (material_) material_->append(balances);
  else material_ = balances;
}

void GameFilter::add_event(GameEvent event) { events_ |= std::uint8_t(1U << unsigned(event)); }

void GameFilter::set_games(NumberSet numbers) { games_ = std::move(numbers); }

bool GameFilter::empty() const {
  return tests_.empty() && !min_plies_ && !max_plies_ && positions_.empty() &&
         end_positions_.empty() && !events_ && !material_ && !games_;
}

std::uint64_t GameFilter::last_game() const {
  return games_ && !invert_ ? games_->last() : UINT64_MAX;
}

// ------------------------------------------------------------------ Following a game

GameSelector::GameSelector(const GameFilter& filter)
    : filter_(filter), group_passed_(filter.groups_, 0) {
  if (filter.material_) material_.emplace(*filter.material_);
  names_ = std::uint64_t(1) << name_bit("Result") | std::uint64_t(1) << name_bit("Variant");
  for (const GameFilter::Test& t : filter_.tests_) names_ |= std::uint64_t(1) << name_bit(t.name);
}

void GameSelector::begin_game(std::uint64_t number) {
  std::fill(group_passed_.begin(), group_passed_.end(), 0);
  number_ok_ = !filter_.games_ || filter_.games_->contains(number);
  result_tag_seen_ = variant_tag_seen_ = position_found_ = false;
  if (material_) material_->reset();
  ply_ = 0;
  movetext_result_.clear();
  events_seen_ = 0;
  last_.reset();
  keys_.clear();
  keys_of_positions_.reset();
}

void GameSelector::look_at_tag(std::string_view name, std::string_view value) {
  if (name == "Result") result_tag_seen_ = true;
  if (name == "Variant") variant_tag_seen_ = true;
  // White and Black (a selection by player) are told apart by their first letters, without a
  // call to compare them.
  for (const GameFilter::Test& t : filter_.tests_)
    if (!group_passed_[t.group] && t.name.size() == name.size() &&
        (name.empty() || t.name[0] == name[0]) && t.name == name && t.matches(value))
      group_passed_[t.group] = 1;
}

bool GameSelector::tags_hold(bool final) {
  if (filter_.variant_group_ && !variant_tag_seen_ && filter_.variant_standard_)
    group_passed_[*filter_.variant_group_] = 1;
  for (std::size_t g = 0; g < group_passed_.size(); ++g) {
    if (group_passed_[g]) continue;
    // Without a Result tag, the movetext's result decides, at the end.
    if (g == filter_.result_group_ && !result_tag_seen_) {
      if (!final) continue;
      bool passed = false;
      for (const GameFilter::Test& t : filter_.tests_)
        if (t.group == g && t.matches(movetext_result_)) passed = true;
      if (passed) continue;
    }
    return false;
  }
  return true;
}

std::optional<bool> GameSelector::verdict_after_tags() {
  const bool pending_result = filter_.result_group_ && !result_tag_seen_;
  if (!number_ok_ || !tags_hold(false)) return filter_.invert_;
  if (pending_result || filter_.needs_positions() || filter_.needs_plies()) return std::nullopt;
  return !filter_.invert_;
}

namespace {

constexpr std::uint8_t bit(GameEvent event) { return std::uint8_t(1U << unsigned(event)); }

}  // namespace

void GameSelector::position(const fen::Position& pos, fen::Move move, const fen::Position* before) {
  if (!filter_.positions_.empty() && !position_found_ && filter_.positions_.contains(pos))
    position_found_ = true;
  if (material_ && material_->wants_positions()) material_->position(pos, ply_);
  ++ply_;
  if (!filter_.end_positions_.empty()) last_ = pos;
  const std::uint8_t wanted = filter_.events_;
  if (!wanted) return;
  if (wanted & (bit(GameEvent::checkmate) | bit(GameEvent::stalemate) |
                bit(GameEvent::insufficient_material)))
    last_ = pos;
  if ((wanted & bit(GameEvent::fifty_moves)) && pos.halfmove_clock() >= 100)
    events_seen_ |= bit(GameEvent::fifty_moves);
  if ((wanted & bit(GameEvent::underpromotion)) && move.is_promotion() &&
      move.promotion() != fen::PieceType::queen)
    events_seen_ |= bit(GameEvent::underpromotion);
  if ((wanted & bit(GameEvent::repetition)) && !(events_seen_ & bit(GameEvent::repetition))) {
    // A capture or a pawn move starts the clock again: nothing before it can come back.
    if (pos.halfmove_clock() == 0) keys_.clear();
    const std::uint64_t key = keys_of_positions_.key(pos, before);
    if (std::count(keys_.begin(), keys_.end(), key) >= 2) events_seen_ |= bit(GameEvent::repetition);
    keys_.push_back(key);
  }
}

void GameSelector::result(std::string_view text) { movetext_result_.assign(text); }

bool GameSelector::selected(std::uint32_t plies) {
  bool pass = number_ok_ && tags_hold(true);
  if (filter_.min_plies_ && plies < *filter_.min_plies_) pass = false;
  if (filter_.max_plies_ && plies > *filter_.max_plies_) pass = false;
  if (!filter_.positions_.empty() && !position_found_) pass = false;
  if (material_ && !material_->match(plies)) pass = false;
  if (!filter_.end_positions_.empty() && !(last_ && filter_.end_positions_.contains(*last_)))
    pass = false;
  if (filter_.events_) {
    std::uint8_t seen = events_seen_;
    if (last_) {
      if (last_->is_checkmate()) seen |= bit(GameEvent::checkmate);
      if (last_->is_stalemate()) seen |= bit(GameEvent::stalemate);
      if (last_->has_insufficient_material()) seen |= bit(GameEvent::insufficient_material);
    }
    if ((seen & filter_.events_) != filter_.events_) pass = false;
  }
  return pass != filter_.invert_;
}

}  // namespace fenkit::pgn
