// Game selection from named criteria with text values, as a command line, a search form or a
// script has them: the one place that turns such words into a GameFilter, so that the same
// words select the same games in the fenkit program, the Python module and any database
// application.
//
//   SelectionCriteria criteria;
//   criteria.add("player", "Carlsen");
//   criteria.add("min-elo", "2700");
//   criteria.add("result", "1-0");
//   criteria.add("result", "0-1");   // a repeatable criterion: either result
//   criteria.set("invert");          // a flag
//   GameFilter filter = criteria.filter();
//
// The criteria are named as the program's options (selection_criteria() lists them, with what
// each means) and mean what game_filter.hpp says. add() checks a value on its own as it is
// given (numbers and their range, dates, ECO ranges, tag conditions, results, speeds, game
// lists, positions; a position file is read then) and filter() what depends on several
// criteria: the regular expressions (--regex may come after the names), --min-plies above
// --max-plies, --date-from after --date-to, --invert without a condition. Both throw SelectionError, whose message names
// the criterion as the program's option and quotes the value it refuses:
//   --min-elo must be a whole number from 0 to 10000, not '-5'
//   --eco: 'Z99' is not an ECO code or range (C42, B, A00-B99)
//   --position-file: games.epd holds no position
//
// Thread safety: a SelectionCriteria belongs to one thread; the filter it makes may be shared.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

#include "fenkit/fen/export.hpp"
#include "fenkit/pgn/game_filter.hpp"

namespace fenkit::pgn {

struct FENKIT_API SelectionCriterion {
  enum class Kind : std::uint8_t {
    flag,        // on or off, no value (regex, invert)
    single,      // at most one value (min-elo, date-from, games, ...)
    repeatable,  // any number of values (white, result, tag, ...)
  };
  std::string_view name;        // "min-elo"
  Kind kind;
  std::string_view value_name;  // what the value is, for a help page: "N", "DATE"; "" for flags
  std::string_view help;        // what the criterion selects, in a line
};

// Every criterion, in the order of the program's help page.
FENKIT_API std::span<const SelectionCriterion> selection_criteria();
// The criterion of that name, or null.
FENKIT_API const SelectionCriterion* find_selection_criterion(std::string_view name);

class FENKIT_API SelectionError : public std::invalid_argument {
 public:
  // `criterion` is the name ("min-elo"); `message` the whole message.
  SelectionError(std::string_view criterion, const std::string& message);
  const std::string& criterion() const noexcept { return criterion_; }

 private:
  std::string criterion_;
};

class FENKIT_API SelectionCriteria {
 public:
  SelectionCriteria();
  ~SelectionCriteria();
  SelectionCriteria(SelectionCriteria&&) noexcept;
  SelectionCriteria& operator=(SelectionCriteria&&) noexcept;

  // One value of a criterion that takes values; a repeatable one takes more. Throws
  // SelectionError for an unknown name, a flag, a second value of a single criterion, or a
  // value the criterion cannot take.
  void add(std::string_view criterion, std::string_view value);
  // Turns a flag (regex, invert) on or off. Throws SelectionError for any other name.
  void set(std::string_view flag, bool on = true);

  // The filter for every criterion given (one that selects every game when none was). Throws
  // SelectionError for criteria that do not go together or a bad regular expression.
  GameFilter filter() const;

 private:
  struct Values;
  std::unique_ptr<Values> values_;
};

}  // namespace fenkit::pgn
