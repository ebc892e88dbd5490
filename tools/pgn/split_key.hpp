// The file a game goes to with --split-by: named for its ECO code, its date or its event.
#pragma once

#include <string>
#include <string_view>

namespace fenkit::tools {

enum class SplitBy { none, eco1, eco2, eco3, year, month, event };

// "eco" (the whole code, as eco3), "eco1" (the letter), "eco2" (the letter and first digit),
// "year", "month", "event"; throws UsageError for anything else.
SplitBy split_by_from(std::string_view name);

// The key of a game's file: "B42" (or "B4", "B"), "noeco" for a missing ECO code or one that
// does not start with a letter (as pgn-extract -E names them); "2019", "2019-07" ("nodate" without a year, "2019-nomonth"
// without a month); the event's name with what a file name cannot hold made '_' ("noevent"
// without one). The tags' values, empty when the game has none.
std::string split_key(SplitBy by, std::string_view eco, std::string_view date,
                      std::string_view event);

}  // namespace fenkit::tools
