// Game selection from named criteria with text values: what each criterion selects, and the
// message for each value or combination it refuses (the messages the program and the Python
// module show).
#include "fenkit/pgn/selection.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "fenkit/fen/fen.hpp"
#include "select_game.hpp"
#include "test_support.hpp"

namespace fenkit::pgn {
namespace {

using testing::selects;

struct Given {
  std::string criterion;
  std::string value;  // empty for a flag
};

GameFilter filter_of(const std::vector<Given>& given) {
  SelectionCriteria criteria;
  for (const Given& g : given) {
    if (find_selection_criterion(g.criterion)->kind == SelectionCriterion::Kind::flag)
      criteria.set(g.criterion);
    else
      criteria.add(g.criterion, g.value);
  }
  return criteria.filter();
}

// The message of the SelectionError that `given` ends in (adding or filtering), and the
// criterion it names; empty when there is none.
std::pair<std::string, std::string> refusal(const std::vector<Given>& given) {
  try {
    (void)filter_of(given);
  } catch (const SelectionError& e) {
    return {e.what(), e.criterion()};
  }
  return {};
}

TEST(SelectionCriteria, TheListNamesEachCriterionOnceWithItsKindAndHelp) {
  std::set<std::string_view> names;
  for (const SelectionCriterion& c : selection_criteria()) {
    EXPECT_TRUE(names.insert(c.name).second) << c.name;
    EXPECT_FALSE(c.help.empty()) << c.name;
    EXPECT_EQ(c.value_name.empty(), c.kind == SelectionCriterion::Kind::flag) << c.name;
    EXPECT_EQ(find_selection_criterion(c.name), &c);
  }
  EXPECT_EQ(names, (std::set<std::string_view>{
                       "white", "black", "player", "between", "regex", "tag", "result", "min-elo", "eco",
                       "date-from", "date-to", "time-control", "min-plies", "max-plies",
                       "variant", "position", "position-file", "end-position", "material", "material-file",
                       "material-white", "checkmate", "stalemate",
                       "insufficient-material", "fifty", "repetition", "underpromotion", "games",
                       "invert"}));
  EXPECT_EQ(find_selection_criterion("colour"), nullptr);
  EXPECT_EQ(find_selection_criterion("min_elo"), nullptr);
}

TEST(SelectionCriteria, WhatHappensInTheGameAsFlags) {
  SelectionCriteria criteria;
  criteria.set("checkmate");
  const GameFilter mate = criteria.filter();
  EXPECT_TRUE(selects(mate, {}, {"f3", "e5", "g4", "Qh4#"}));
  EXPECT_FALSE(selects(mate, {}, {"f3", "e5", "g4"}));
  criteria.set("checkmate", false);
  criteria.set("underpromotion");
  EXPECT_FALSE(selects(criteria.filter(), {}, {"f3", "e5", "g4", "Qh4#"}));
  EXPECT_THROW(criteria.add("repetition", "3"), SelectionError);
}

TEST(SelectionCriteria, NoCriteriaSelectEveryGame) {
  const GameFilter f = SelectionCriteria().filter();
  EXPECT_TRUE(f.empty());
  EXPECT_TRUE(selects(f, {}));
}

TEST(SelectionCriteria, Names) {
  const GameFilter white = filter_of({{"white", "carlsen"}, {"white", "caruana"}});
  EXPECT_TRUE(selects(white, {{"White", "Carlsen, Magnus"}}));
  EXPECT_TRUE(selects(white, {{"White", "Caruana, Fabiano"}}));
  EXPECT_FALSE(selects(white, {{"Black", "Carlsen, Magnus"}}));
  const GameFilter black = filter_of({{"black", "Nakamura"}});
  EXPECT_TRUE(selects(black, {{"Black", "Nakamura, Hikaru"}}));
  EXPECT_FALSE(selects(black, {{"White", "Nakamura, Hikaru"}}));
  // Repeated players are alternatives, as repeated whites are; --between names must all play.
  const GameFilter players = filter_of({{"player", "Carlsen"}, {"player", "Caruana"}});
  EXPECT_TRUE(selects(players, {{"White", "Caruana"}, {"Black", "Carlsen"}}));
  EXPECT_TRUE(selects(players, {{"White", "Caruana"}, {"Black", "Nakamura"}}));
  EXPECT_FALSE(selects(players, {{"White", "So"}, {"Black", "Nakamura"}}));
  const GameFilter between = filter_of({{"between", "Carlsen"}, {"between", "Caruana"}});
  EXPECT_TRUE(selects(between, {{"White", "Caruana"}, {"Black", "Carlsen"}}));
  EXPECT_FALSE(selects(between, {{"White", "Caruana"}, {"Black", "Nakamura"}}));
  // Both kinds at once: one of the players, and each of the others.
  const GameFilter both = filter_of({{"player", "Nakamura"}, {"player", "So"}, {"between", "Caruana"}});
  EXPECT_TRUE(selects(both, {{"White", "Caruana"}, {"Black", "Nakamura"}}));
  EXPECT_FALSE(selects(both, {{"White", "Carlsen"}, {"Black", "Nakamura"}}));
}

TEST(SelectionCriteria, RegexAppliesToNamesGivenBeforeIt) {
  SelectionCriteria criteria;
  criteria.add("white", "^c.r");
  criteria.add("tag", "Event~^rated (blitz|bullet)");
  criteria.set("regex");
  const GameFilter f = criteria.filter();
  EXPECT_TRUE(selects(f, {{"White", "Carlsen"}, {"Event", "Rated Blitz game"}}));
  EXPECT_FALSE(selects(f, {{"White", "Mc Carlsen"}, {"Event", "Rated Blitz game"}}));
  EXPECT_FALSE(selects(f, {{"White", "Carlsen"}, {"Event", "Rated Rapid game"}}));
  // Turned off again, the same words are plain substrings.
  criteria.set("regex", false);
  EXPECT_FALSE(selects(criteria.filter(), {{"White", "Carlsen"}, {"Event", "Rated Blitz game"}}));
  EXPECT_TRUE(selects(criteria.filter(), {{"White", "^c.rlsen"}, {"Event", "^rated (blitz|bullet)"}}));
}

TEST(SelectionCriteria, TagConditionsAllHold) {
  const GameFilter f = filter_of({{"tag", "WhiteElo>=2500"}, {"tag", "Site=Berlin"}});
  EXPECT_TRUE(selects(f, {{"WhiteElo", "2600"}, {"Site", "Berlin"}}));
  EXPECT_FALSE(selects(f, {{"WhiteElo", "2400"}, {"Site", "Berlin"}}));
  EXPECT_FALSE(selects(f, {{"WhiteElo", "2600"}, {"Site", "berlin"}}));
}

TEST(SelectionCriteria, ResultsAreAlternatives) {
  const GameFilter f = filter_of({{"result", "1-0"}, {"result", "0-1"}});
  EXPECT_TRUE(selects(f, {{"Result", "0-1"}}));
  EXPECT_FALSE(selects(f, {{"Result", "1/2-1/2"}}));
  EXPECT_TRUE(selects(f, {}, {}, "1-0"));  // no tag: the movetext's
}

TEST(SelectionCriteria, MinElo) {
  const GameFilter f = filter_of({{"min-elo", "2000"}});
  EXPECT_TRUE(selects(f, {{"WhiteElo", "2000"}, {"BlackElo", "2100"}}));
  EXPECT_FALSE(selects(f, {{"WhiteElo", "2000"}, {"BlackElo", "1999"}}));
  EXPECT_TRUE(selects(filter_of({{"min-elo", "+2000"}}), {{"WhiteElo", "2000"}, {"BlackElo", "2000"}}));
  EXPECT_TRUE(selects(filter_of({{"min-elo", "0"}}), {{"WhiteElo", "0"}, {"BlackElo", "0"}}));
}

TEST(SelectionCriteria, EcoRangesAreAlternatives) {
  const GameFilter f = filter_of({{"eco", "B"}, {"eco", "C42"}});
  EXPECT_TRUE(selects(f, {{"ECO", "B20"}}));
  EXPECT_TRUE(selects(f, {{"ECO", "C42"}}));
  EXPECT_FALSE(selects(f, {{"ECO", "C43"}}));
}

TEST(SelectionCriteria, DatesFromAndTo) {
  const GameFilter f = filter_of({{"date-from", "2021.06"}, {"date-to", "2021-06-30"}});
  EXPECT_TRUE(selects(f, {{"Date", "2021.06.01"}}));
  EXPECT_TRUE(selects(f, {{"Date", "2021.06.??"}}));
  EXPECT_FALSE(selects(f, {{"Date", "2021.05.31"}}));
  EXPECT_FALSE(selects(f, {{"Date", "2021.07.01"}}));
  // A year alone means its first day for date-from, its last for date-to.
  EXPECT_TRUE(selects(filter_of({{"date-to", "2021"}}), {{"Date", "2021.12.31"}}));
  EXPECT_FALSE(selects(filter_of({{"date-from", "2021"}}), {{"Date", "2020.12.31"}}));
}

TEST(SelectionCriteria, TimeControlsAsWrittenOrSpeeds) {
  const GameFilter f = filter_of({{"time-control", "180+2"}, {"time-control", "bullet"}});
  EXPECT_TRUE(selects(f, {{"TimeControl", "180+2"}}));
  EXPECT_TRUE(selects(f, {{"TimeControl", "60+0"}}));
  EXPECT_FALSE(selects(f, {{"TimeControl", "180+0"}}));  // blitz, not as written
  EXPECT_TRUE(selects(filter_of({{"time-control", "-"}}), {{"TimeControl", "-"}}));
  EXPECT_TRUE(selects(filter_of({{"time-control", "Correspondence"}}), {{"TimeControl", "1/259200"}}));
}

TEST(SelectionCriteria, Plies) {
  const GameFilter f = filter_of({{"min-plies", "2"}, {"max-plies", "3"}});
  EXPECT_FALSE(selects(f, {}, {"e4"}));
  EXPECT_TRUE(selects(f, {}, {"e4", "e5"}));
  EXPECT_FALSE(selects(f, {}, {"e4", "e5", "Nf3", "Nc6"}));
  // More plies than any game has: nothing is long enough, and nothing is refused.
  EXPECT_FALSE(selects(filter_of({{"min-plies", "99999999999"}}), {}, {"e4", "e5"}));
  EXPECT_TRUE(selects(filter_of({{"min-plies", "3"}, {"max-plies", "3"}}), {}, {"e4", "e5", "Nf3"}));
}

TEST(SelectionCriteria, VariantsAreAlternatives) {
  const GameFilter f = filter_of({{"variant", "chess960"}, {"variant", "standard"}});
  EXPECT_TRUE(selects(f, {{"Variant", "Chess960"}}));
  EXPECT_TRUE(selects(f, {}));  // standard also takes games without the tag
  EXPECT_FALSE(selects(f, {{"Variant", "Crazyhouse"}}));
}

TEST(SelectionCriteria, PositionsAsFenOrEpd) {
  // After 1. e4 e5 2. Nf3 Nf6, as six-field FEN and as an EPD record with operations.
  const GameFilter fen = filter_of(
      {{"position", "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"}});
  EXPECT_TRUE(selects(fen, {}, {"Nf3", "Nf6", "e4", "e5"}));
  EXPECT_FALSE(selects(fen, {}, {"e4", "e5", "Nf3", "Nc6"}));
  const GameFilter epd =
      filter_of({{"position", "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - id \"x\";"}});
  EXPECT_TRUE(selects(epd, {}, {"e4", "e5", "Nf3", "Nf6"}));
}

TEST(SelectionCriteria, PositionFile) {
  // EPD records after a byte-order mark and a comment, with CRLF, tabs and a blank line: each
  // is the two kings, White to move.
  const GameFilter f = filter_of({{"position-file", fenkit::testing::data("epd/messy.epd").string()}});
  const fen::Position kings = fen::position_from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_TRUE(selects(f, {}, {}, "*", 1, kings));
  EXPECT_FALSE(selects(f, {}, {"e4"}));
}

TEST(SelectionCriteria, GamesByNumber) {
  const GameFilter f = filter_of({{"games", "2-3,5"}});
  EXPECT_FALSE(selects(f, {}, {}, "*", 1));
  EXPECT_TRUE(selects(f, {}, {}, "*", 3));
  EXPECT_TRUE(selects(f, {}, {}, "*", 5));
  EXPECT_EQ(f.last_game(), 5U);
}

TEST(SelectionCriteria, InvertSelectsTheOthers) {
  const GameFilter f = filter_of({{"white", "x"}, {"invert", ""}});
  EXPECT_FALSE(selects(f, {{"White", "x"}}));
  EXPECT_TRUE(selects(f, {{"White", "y"}}));
  SelectionCriteria off;
  off.add("white", "x");
  off.set("invert");
  off.set("invert", false);
  EXPECT_TRUE(selects(off.filter(), {{"White", "x"}}));
}

struct Refusal {
  std::vector<Given> given;
  std::string message;
  std::string criterion;
};

TEST(SelectionCriteria, EachRefusalNamesTheCriterionAndQuotesTheValue) {
  const std::string errors_epd = fenkit::testing::data("epd/errors.epd").string();
  const std::string suite_epd = fenkit::testing::data("epd/suite.epd").string();
  const std::vector<Refusal> refusals = {
      {{{"min-elo", "-5"}}, "--min-elo must be a whole number from 0 to 10000, not '-5'", "min-elo"},
      {{{"min-elo", "10001"}}, "--min-elo must be a whole number from 0 to 10000, not '10001'", "min-elo"},
      {{{"min-elo", "abc"}}, "--min-elo must be a whole number from 0 to 10000, not 'abc'", "min-elo"},
      {{{"min-elo", "20x"}}, "--min-elo must be a whole number from 0 to 10000, not '20x'", "min-elo"},
      {{{"min-elo", ""}}, "--min-elo must be a whole number from 0 to 10000, not ''", "min-elo"},
      {{{"min-elo", "1"}, {"min-elo", "2"}}, "option '--min-elo' cannot be specified more than once", "min-elo"},
      {{{"min-plies", "x"}}, "--min-plies must be a whole number 0 or more, not 'x'", "min-plies"},
      {{{"max-plies", "-1"}}, "--max-plies must be a whole number 0 or more, not '-1'", "max-plies"},
      {{{"max-plies", "5"}, {"min-plies", "10"}}, "--min-plies is above --max-plies", "min-plies"},
      {{{"eco", "Z99"}}, "--eco: 'Z99' is not an ECO code or range (C42, B, A00-B99)", "eco"},
      {{{"eco", "C50-C40"}}, "--eco: 'C50-C40': the range is empty", "eco"},
      {{{"tag", "WhiteElo"}},
       "--tag: 'WhiteElo' is not NAME=VALUE, NAME~VALUE or NAME>=NUMBER (or <, <=, >, !=)", "tag"},
      {{{"tag", "WhiteElo>=high"}}, "--tag: 'WhiteElo>=high': high is not a number", "tag"},
      {{{"tag", "White Elo=3"}}, "--tag: 'White Elo' is not a tag name", "tag"},
      {{{"result", "2-0"}}, "--result: '2-0' is not a result (1-0, 0-1, 1/2-1/2 or *)", "result"},
      {{{"white", "("}, {"regex", ""}},
       "--white: bad regular expression '(': Mismatched '(' and ')' in regular expression", "white"},
      {{{"black", "("}, {"regex", ""}},
       "--black: bad regular expression '(': Mismatched '(' and ')' in regular expression", "black"},
      {{{"regex", ""}, {"player", "["}},
       "--player: bad regular expression '[': Unexpected character within '[...]' in regular "
       "expression", "player"},
      {{{"tag", "White~("}, {"regex", ""}},
       "--tag: bad regular expression '(': Mismatched '(' and ')' in regular expression", "tag"},
      {{{"date-from", "yesterday"}},
       "--date-from: 'yesterday' is not a date YYYY.MM.DD (or YYYY.MM, YYYY)", "date-from"},
      {{{"date-to", "2024.13"}}, "--date-to: '2024.13' is not a date YYYY.MM.DD (or YYYY.MM, YYYY)", "date-to"},
      {{{"date-from", "2024"}, {"date-from", "2025"}},
       "option '--date-from' cannot be specified more than once", "date-from"},
      {{{"time-control", "fast"}},
       "--time-control: 'fast' is not a speed (ultrabullet, bullet, blitz, rapid, classical, "
       "correspondence)", "time-control"},
      {{{"position", "nonsense"}},
       "--position: not a position: piece placement: unexpected character ('nonsense')", "position"},
      {{{"position", "8/8/8/8/8/8/8/8 w - - 0 1"}},
       "--position: not a position: white has no king; black has no king ('8/8/8/8/8/8/8/8 w - - 0 1')",
       "position"},
      {{{"position-file", "/nonexistent/positions.epd"}},
       "--position-file: /nonexistent/positions.epd: No such file or directory", "position-file"},
      {{{"position-file", "/dev/null"}}, "--position-file: /dev/null holds no position", "position-file"},
      {{{"position-file", errors_epd}},
       errors_epd + ":2:1: not a position: rank 1 has fewer than 8 squares "
                    "('4k3/8/8/8/8/8/8/4K2 w - - bm Ke2;')",
       "position-file"},
      // A FEN's clocks with operations after them are not an EPD record.
      {{{"position-file", suite_epd}},
       suite_epd + ":3:1: not a position: unexpected text after the FEN "
                   "('6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 bm a1a...')",
       "position-file"},
      {{{"games", "0"}}, "--games: '0' is not a list of game numbers (1-100,250,300-)", "games"},
      {{{"games", "5-3"}}, "--games: '5-3': the range is empty", "games"},
      {{{"invert", ""}}, "--invert needs a condition to invert", "invert"},
      {{{"regex", ""}, {"invert", ""}}, "--invert needs a condition to invert", "invert"},
  };
  for (const Refusal& r : refusals) {
    const auto [message, criterion] = refusal(r.given);
    EXPECT_EQ(message, r.message) << r.given.front().criterion << " " << r.given.front().value;
    EXPECT_EQ(criterion, r.criterion) << r.message;
  }
}

TEST(SelectionCriteria, UnknownNamesAndMisusedFlagsAreRefused) {
  SelectionCriteria criteria;
  EXPECT_THROW(criteria.add("colour", "white"), SelectionError);
  EXPECT_THROW(criteria.add("min_elo", "2000"), SelectionError);
  EXPECT_THROW(criteria.set("white"), SelectionError);
  EXPECT_THROW(criteria.set("colour"), SelectionError);
  try {
    criteria.add("invert", "yes");
    ADD_FAILURE() << "a flag took a value";
  } catch (const SelectionError& e) {
    EXPECT_STREQ(e.what(), "--invert takes no value");
    EXPECT_EQ(e.criterion(), "invert");
  }
  try {
    criteria.add("colour", "white");
  } catch (const SelectionError& e) {
    EXPECT_STREQ(e.what(), "'colour' is not a selection criterion");
  }
  // What was refused left nothing behind, and a single criterion refused may be given again.
  EXPECT_TRUE(criteria.filter().empty());
  EXPECT_THROW(criteria.add("min-elo", "high"), SelectionError);
  criteria.add("min-elo", "2000");
  EXPECT_FALSE(selects(criteria.filter(), {{"WhiteElo", "1999"}, {"BlackElo", "2000"}}));
}

}  // namespace
}  // namespace fenkit::pgn
