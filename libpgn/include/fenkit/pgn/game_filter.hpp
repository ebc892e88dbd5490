// Choosing games: by players, tags, result, ratings, opening code, date, time control, length,
// positions reached and game number. One component for every program that reads archives, so
// that the same words select the same games everywhere (fenkit pgn, replay, epd --from-pgn and
// book build take the same options, and selection.hpp builds a GameFilter from them).
//
// A GameFilter holds the conditions; a GameSelector, one per reading thread, follows one game at
// a time as a visitor sees it:
//
//   GameFilter filter;
//   filter.add_player("Carlsen");
//   filter.add_tag_condition(parse_tag_condition("WhiteElo>=2500"));
//   GameSelector selector(filter);
//   // in a Visitor:
//   begin_game(start)      selector.begin_game(start.number);
//   tag(name, value)       selector.tag(name, value);
//   end_tags()             if (selector.verdict_after_tags() == false) return Action::ignore;
//   start_position(pos)    selector.position(pos);
//   move(event)            if (event.depth == 0) selector.position(*event.after);
//   result(text)           selector.result(text);
//   end_game(end)          if (!end.rejected && selector.selected(plies)) ...use the game
//
// How conditions combine: every kind of condition given must hold. Repeating a kind gives
// alternatives (--white A --white B: White is A or B; --player A --player B: A or B plays;
// several --result, --eco, --variant, --time-control, --position), except --between, where
// every name must be one of the two players (--between A --between B: the games between A and
// B), and --tag, where every condition must hold. A game that lacks a tag fails the conditions on it. invert() selects the games that
// fail. Names match as case-insensitive substrings of the tag value (ASCII letters fold), or with
// set_regex(true) as ECMAScript regular expressions searched in the value, case-insensitively.
//
// Thread safety: a GameFilter is read-only once built and may be shared by any number of
// GameSelectors on any threads; a GameSelector belongs to one thread.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <regex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "fenkit/fen/polyglot.hpp"
#include "fenkit/fen/position.hpp"
#include "fenkit/fen/position_set.hpp"
#include "fenkit/pgn/material_balance.hpp"
#include "fenkit/fen/export.hpp"

namespace fenkit::pgn {

// ------------------------------------------------------------------ Pieces of conditions
// The parsers throw std::invalid_argument with a message that says what is wrong.

// "WhiteElo>=2500", "Event=Wijk aan Zee" (exact), "White~Carlsen" (substring, or regular
// expression), "Round!=1"; the comparisons < <= > >= are numeric (a value that is not a number
// fails them), = and != compare numbers as numbers when both sides are numbers, else as text.
struct FENKIT_API TagCondition {
  enum class Op : std::uint8_t { equal, not_equal, contains, less, less_equal, greater, greater_equal };
  std::string name;
  Op op = Op::equal;
  std::string value;
};
FENKIT_API TagCondition parse_tag_condition(std::string_view text);

// A day as the number yyyymmdd (20210314). A PGN date with unknown parts ("2021.??.??") means a
// range of days: parse_pgn_date gives its first and last possible day (an unknown year gives
// nothing). parse_day reads an option's "YYYY.MM.DD" (also "YYYY-MM-DD"; "YYYY" and "YYYY.MM"
// mean their first day, or with `last` their last day).
FENKIT_API std::optional<std::pair<std::uint32_t, std::uint32_t>> parse_pgn_date(
    std::string_view date);
FENKIT_API std::uint32_t parse_day(std::string_view text, bool last = false);

// ECO codes A00..E99 as 0..499. "C42", "B" (B00-B99), "A00-B99" (inclusive).
struct FENKIT_API EcoRange {
  std::uint16_t first = 0, last = 499;
  bool contains(std::string_view eco) const;
};
FENKIT_API EcoRange parse_eco_range(std::string_view text);
// The number of an ECO code ("C42" -> 242), or -1.
FENKIT_API int eco_number(std::string_view eco);

// Whether `text` is a game's result: 1-0, 0-1, 1/2-1/2 or *.
FENKIT_API bool is_result(std::string_view text);
// `text` if it is a result; else throws std::invalid_argument saying so.
FENKIT_API std::string_view parse_result(std::string_view text);

// Game numbers: "1-100,250,300-".
class FENKIT_API NumberSet {
 public:
  static NumberSet parse(std::string_view text);
  bool contains(std::uint64_t n) const;
  // The largest number of the set, or UINT64_MAX when it has an open end.
  std::uint64_t last() const;

 private:
  std::vector<std::pair<std::uint64_t, std::uint64_t>> ranges_;  // sorted, merged
};

// Time controls as lichess groups them by the estimated duration base + 40 x increment:
// ultrabullet (< 30 s), bullet (< 3 min), blitz (< 8 min), rapid (< 25 min), classical;
// correspondence for "-" or a days-per-move control ("1/259200").
enum class Speed : std::uint8_t { ultrabullet, bullet, blitz, rapid, classical, correspondence };
FENKIT_API std::optional<Speed> speed_of_time_control(std::string_view time_control);
FENKIT_API Speed parse_speed(std::string_view name);

// What happens in a game's main line, as pgn-extract's options name it: it ends in checkmate
// (--checkmate) or stalemate (--stalemate) or with material neither side can mate with; it
// reaches a position where the fifty-move rule may be claimed (--fifty: a hundred half-moves
// without a capture or a pawn move) or one that stands for the third time (--repetition: the
// same placement, side to move, castling rights and capturable en-passant square); a pawn
// promotes to a rook, bishop or knight (--underpromotion).
enum class GameEvent : std::uint8_t {
  checkmate,
  stalemate,
  insufficient_material,
  fifty_moves,
  repetition,
  underpromotion,
};

// ------------------------------------------------------------------ The filter

class FENKIT_API GameFilter {
 public:
  GameFilter();
  ~GameFilter();
  GameFilter(GameFilter&&) noexcept;
  GameFilter& operator=(GameFilter&&) noexcept;

  // Names given from now on (and --tag values after ~) are regular expressions.
  void set_regex(bool on) { regex_ = on; }
  void add_white(std::string_view name);
  void add_black(std::string_view name);
  // Either player is `name`; names added so are alternatives.
  void add_player(std::string_view name);
  // Either player is `name`, as every other name added so must be (the games between them).
  void add_required_player(std::string_view name);
  void add_tag_condition(const TagCondition& condition);
  // "1-0", "0-1", "1/2-1/2" or "*": the Result tag, or the movetext's result without one.
  void add_result(std::string_view result);
  // Both WhiteElo and BlackElo at least this.
  void set_min_elo(int elo);
  void add_eco(const EcoRange& range);
  // The Date tag (or UTCDate) lies certainly on or after / on or before this day: a date with
  // unknown parts counts by its earliest possible day for `from`, its latest for `to`.
  void set_date_from(std::uint32_t day);
  void set_date_to(std::uint32_t day);
  // The TimeControl tag as written ("180+2"), or its speed.
  void add_time_control(std::string_view text);
  void add_speed(Speed speed);
  // Mainline half-moves.
  void set_min_plies(std::uint32_t n);
  void set_max_plies(std::uint32_t n);
  // The Variant tag: a variant fenkit plays by any of its names (fen/variant.hpp: "atomic",
  // "kingofthehill", "3check", ...), another by its name, case-insensitive; "standard" (or
  // "chess") also takes games without one.
  void add_variant(std::string_view name);
  // The mainline (start position included) reaches one of these positions.
  void add_position(const fen::Position& pos);
  // Whether there are such positions, and whether `pos` is one of them (for a program that
  // marks where a game reaches one).
  bool has_wanted_positions() const { return !positions_.empty(); }
  bool is_wanted_position(const fen::Position& pos) const {
    return !positions_.empty() && positions_.contains(pos);
  }
  // The mainline ends in one of these positions.
  void add_end_position(const fen::Position& pos);
  // The main line holds one of these material balances (material_balance.hpp); balances added
  // again join the first ones, whose either-side setting stays.
  void add_material(const MaterialBalances& balances);
  const MaterialBalances* material() const { return material_ ? &*material_ : nullptr; }
  // This happens in the main line (every event given must).
  void add_event(GameEvent event);
  void set_games(NumberSet numbers);
  void invert(bool on = true) { invert_ = on; }

  // No condition at all: every game is selected (unless inverted).
  bool empty() const;
  // Whether a selector needs the mainline's positions or length.
  bool needs_positions() const {
    return !positions_.empty() || !end_positions_.empty() || events_ || material_;
  }
  bool needs_plies() const { return min_plies_ || max_plies_; }
  // Whether a game can be left out once its tags are read (GameSelector::verdict_after_tags
  // false): there is a test on its tags or its number.
  bool may_exclude_after_tags() const;
  bool inverted() const { return invert_; }
  // Whether games are selected by their numbers (set_games).
  bool selects_by_number() const { return games_.has_value(); }
  // The largest game number that can be selected (UINT64_MAX: no limit), so that reading can
  // stop after it.
  std::uint64_t last_game() const;

 private:
  friend class GameSelector;
  struct Test;
  // Tests on tags, in groups: a group holds when one of its tests does; all groups must hold.
  std::vector<Test> tests_;
  std::size_t groups_ = 0;
  std::size_t new_group();
  void add_test(std::size_t group, std::string name, Test test);
  Test name_test(std::string_view name) const;  // substring or regex, as set_regex says

  bool regex_ = false;
  std::optional<std::size_t> white_group_, black_group_, player_group_, result_group_, eco_group_,
      tc_group_, variant_group_;
  bool variant_standard_ = false;  // a missing Variant tag passes the variant group
  std::optional<std::uint32_t> min_plies_, max_plies_;
  fen::PositionSet positions_, end_positions_;
  std::optional<MaterialBalances> material_;
  std::uint8_t events_ = 0;  // GameEvent bits
  std::optional<NumberSet> games_;
  bool invert_ = false;
};

// ------------------------------------------------------------------ Following a game

class FENKIT_API GameSelector {
 public:
  explicit GameSelector(const GameFilter& filter);

  void begin_game(std::uint64_t number);
  void tag(std::string_view name, std::string_view value) {
    if (names_ >> name_bit(name) & 1) look_at_tag(name, value);
  }
  // Once the tags are in: the final verdict when the tags (and the game number) already settle
  // it, so that a reader may skip the rest (true: selected whatever follows; false: not).
  std::optional<bool> verdict_after_tags();
  // Every mainline position, the start position first; after a move, the move that led to it,
  // and, when at hand, the position before it (the one of the call before), from which what a
  // repetition needs is worked out faster.
  void position(const fen::Position& pos, fen::Move move = fen::Move::none(),
                const fen::Position* before = nullptr);
  // The movetext's result (used when the game has no Result tag).
  void result(std::string_view text);
  // The verdict at the end, given the mainline's length in half-moves. Rejected games should not
  // be asked about: they are never selected.
  bool selected(std::uint32_t plies);

  // Whether positions still matter for this game (a position condition not yet met).
  bool wants_positions() const {
    return (!filter_.positions_.empty() && !position_found_) || filter_.events_ ||
           !filter_.end_positions_.empty() || (material_ && material_->wants_positions());
  }

 private:
  // A tag name's bit in names_ (a hash of its first and last letters and its length).
  static unsigned name_bit(std::string_view name) {
    if (name.empty()) return 0;
    return unsigned(static_cast<unsigned char>(name.front()) +
                    static_cast<unsigned char>(name.back()) + 5 * name.size()) &
           63;
  }
  void look_at_tag(std::string_view name, std::string_view value);
  bool tags_hold(bool final);
  const GameFilter& filter_;
  // The bits of the names look_at_tag needs to see: every tag of every game comes to tag(), and
  // most are passed over by this one test, inline, without a name compared.
  std::uint64_t names_ = 0;
  std::vector<std::uint8_t> group_passed_;
  bool number_ok_ = true;
  bool result_tag_seen_ = false, variant_tag_seen_ = false;
  bool position_found_ = false;
  std::optional<MaterialMatcher> material_;
  std::uint32_t ply_ = 0;  // of the next position
  std::string movetext_result_;
  // For the events: what happened so far, the last position, and the keys of the positions
  // since the last capture or pawn move (a position can only repeat among them).
  std::uint8_t events_seen_ = 0;
  std::optional<fen::Position> last_;
  std::vector<std::uint64_t> keys_;
  fen::PolyglotKeys keys_of_positions_;
};

}  // namespace fenkit::pgn
