// The game-selection component: its pieces (tag conditions, dates, ECO ranges, game numbers,
// speeds, positions) and how a selector follows a game.
#include "fenkit/pgn/game_filter.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

#include "fenkit/fen/fen.hpp"
#include "select_game.hpp"

namespace fenkit::pgn {
namespace {

using testing::selects;

TEST(TagCondition, Parsing) {
  TagCondition c = parse_tag_condition("WhiteElo>=2500");
  EXPECT_EQ(c.name, "WhiteElo");
  EXPECT_EQ(c.op, TagCondition::Op::greater_equal);
  EXPECT_EQ(c.value, "2500");
  EXPECT_EQ(parse_tag_condition("Event=Wijk aan Zee").value, "Wijk aan Zee");
  EXPECT_EQ(parse_tag_condition("Event=").value, "");
  EXPECT_EQ(parse_tag_condition("White~Carl").op, TagCondition::Op::contains);
  EXPECT_EQ(parse_tag_condition("Round!=1").op, TagCondition::Op::not_equal);
  EXPECT_EQ(parse_tag_condition("PlyCount<40").op, TagCondition::Op::less);
  EXPECT_EQ(parse_tag_condition("PlyCount<=40").op, TagCondition::Op::less_equal);
  EXPECT_EQ(parse_tag_condition("PlyCount>40").op, TagCondition::Op::greater);
  for (const char* bad : {"WhiteElo", "=x", "WhiteElo>=high", "White Elo=3", "Elo<"})
    EXPECT_THROW(parse_tag_condition(bad), std::invalid_argument) << bad;
}

TEST(TagCondition, ComparisonsAndMissingTags) {
  GameFilter f;
  f.add_tag_condition(parse_tag_condition("WhiteElo>=2500"));
  EXPECT_TRUE(selects(f, {{"WhiteElo", "2500"}}));
  EXPECT_TRUE(selects(f, {{"WhiteElo", " 2600 "}}));
  EXPECT_FALSE(selects(f, {{"WhiteElo", "2499"}}));
  EXPECT_FALSE(selects(f, {{"WhiteElo", "-"}}));  // not a number
  EXPECT_FALSE(selects(f, {}));                   // no tag
  GameFilter ne;
  ne.add_tag_condition(parse_tag_condition("Round!=1"));
  EXPECT_TRUE(selects(ne, {{"Round", "2"}}));
  EXPECT_FALSE(selects(ne, {{"Round", "1.0"}}));  // numbers compare as numbers
  EXPECT_FALSE(selects(ne, {}));                  // a game without the tag fails
  GameFilter eq;
  eq.add_tag_condition(parse_tag_condition("Site=Berlin"));
  EXPECT_TRUE(selects(eq, {{"Site", "Berlin"}}));
  EXPECT_FALSE(selects(eq, {{"Site", "berlin"}}));  // exact
}

TEST(GameFilter, NamesAreCaseInsensitiveSubstringsOrRegularExpressions) {
  GameFilter f;
  f.add_white("carlsen");
  EXPECT_TRUE(selects(f, {{"White", "Carlsen, Magnus"}}));
  EXPECT_FALSE(selects(f, {{"Black", "Carlsen, Magnus"}}));
  GameFilter r;
  r.set_regex(true);
  r.add_player("^(carlsen|caruana)");
  EXPECT_TRUE(selects(r, {{"White", "Anand"}, {"Black", "Caruana, Fabiano"}}));
  EXPECT_FALSE(selects(r, {{"White", "Anand"}, {"Black", "So, Wesley (Caruana fan)"}}));
  GameFilter bad;
  bad.set_regex(true);
  EXPECT_THROW(bad.add_white("(unclosed"), std::invalid_argument);
}

TEST(GameFilter, ANameIsFoundAnywhereInTheValueInAnyCase) {
  GameFilter f;
  f.add_white("kasparov");
  // At the start, in the middle, at the end, in either case, past sixteen bytes; a near miss
  // ("Kasparo" cut short at the end, a first letter that repeats) is none.
  for (const char* value : {"Kasparov, Garry", "Garry KASPAROV", "Mr kAsPaRoV",
                            "a rather long name before kasparov", "kkasparov", "kasparov"})
    EXPECT_TRUE(selects(f, {{"White", value}})) << value;
  for (const char* value : {"Kasparo", "Karpov, Anatoly", "kasparo v", "", "k", "Kaspar ov and more"})
    EXPECT_FALSE(selects(f, {{"White", value}})) << value;
  GameFilter accented;  // a value that is not ASCII is folded whole first
  accented.add_white("kasparov");
  EXPECT_TRUE(selects(accented, {{"White", "Kásparov? no: Kasparov"}}));
  GameFilter sign;  // a name that begins with something other than a letter
  sign.add_white("-x");
  EXPECT_TRUE(selects(sign, {{"White", "a-X"}}));
  EXPECT_FALSE(selects(sign, {{"White", "x-"}}));
}

TEST(GameFilter, RepeatedNamesAreAlternativesRequiredPlayersMustAllPlay) {
  GameFilter whites;
  whites.add_white("a");
  whites.add_white("b");
  EXPECT_TRUE(selects(whites, {{"White", "b"}}));
  GameFilter players;
  players.add_player("Carlsen");
  players.add_player("Caruana");
  EXPECT_TRUE(selects(players, {{"White", "Caruana"}, {"Black", "Nakamura"}}));
  EXPECT_FALSE(selects(players, {{"White", "So"}, {"Black", "Nakamura"}}));
  GameFilter pair;
  pair.add_required_player("Carlsen");
  pair.add_required_player("Caruana");
  EXPECT_TRUE(selects(pair, {{"White", "Caruana"}, {"Black", "Carlsen"}}));
  EXPECT_FALSE(selects(pair, {{"White", "Caruana"}, {"Black", "Nakamura"}}));
}

TEST(GameFilter, ResultsFromTheTagOrTheMovetext) {
  GameFilter f;
  f.add_result("1-0");
  EXPECT_TRUE(selects(f, {{"Result", "1-0"}}, {}, "*"));
  EXPECT_FALSE(selects(f, {{"Result", "0-1"}}, {}, "1-0"));
  EXPECT_TRUE(selects(f, {}, {}, "1-0"));  // no tag: the movetext's
  EXPECT_THROW(f.add_result("2-0"), std::invalid_argument);
}

TEST(GameFilter, MinEloNeedsBothRatings) {
  GameFilter f;
  f.set_min_elo(2000);
  EXPECT_TRUE(selects(f, {{"WhiteElo", "2000"}, {"BlackElo", "2100"}}));
  EXPECT_FALSE(selects(f, {{"WhiteElo", "2000"}}));
  EXPECT_FALSE(selects(f, {{"WhiteElo", "2000"}, {"BlackElo", "1999"}}));
  // A rating that is not a whole number is no rating (pgn-extract reads "2690:2222" as 2690).
  EXPECT_FALSE(selects(f, {{"WhiteElo", "2690:2222"}, {"BlackElo", "2812"}}));
}

TEST(Dates, UnknownPartsAreRanges) {
  using Range = std::pair<std::uint32_t, std::uint32_t>;
  EXPECT_EQ(parse_pgn_date("2021.03.14"), (Range{20210314, 20210314}));
  EXPECT_EQ(parse_pgn_date("2021.??.??"), (Range{20210101, 20211231}));
  EXPECT_EQ(parse_pgn_date("2020.02.??"), (Range{20200201, 20200229}));  // a leap year
  EXPECT_EQ(parse_pgn_date("2021.02.??"), (Range{20210201, 20210228}));
  for (const char* bad : {"????.??.??", "2021.13.01", "2021.02.30", "21.03.14", "2021-03-14"})
    EXPECT_EQ(parse_pgn_date(bad), std::nullopt) << bad;
  EXPECT_EQ(parse_day("2021.03.14"), 20210314U);
  EXPECT_EQ(parse_day("2021-03-14"), 20210314U);
  EXPECT_EQ(parse_day("2021"), 20210101U);
  EXPECT_EQ(parse_day("2021", true), 20211231U);
  EXPECT_EQ(parse_day("2021.06", true), 20210630U);
  EXPECT_THROW(parse_day("2021.??.01"), std::invalid_argument);
  EXPECT_THROW(parse_day("yesterday"), std::invalid_argument);
}

TEST(Dates, FromAndToCountUnknownPartsStrictly) {
  GameFilter from;
  from.set_date_from(20210601);
  EXPECT_TRUE(selects(from, {{"Date", "2021.06.01"}}));
  EXPECT_FALSE(selects(from, {{"Date", "2021.??.??"}}));  // may be before June
  EXPECT_TRUE(selects(from, {{"Date", "2021.07.??"}}));
  EXPECT_TRUE(selects(from, {{"UTCDate", "2022.01.01"}}));
  EXPECT_FALSE(selects(from, {{"Date", "????.??.??"}}));
  EXPECT_FALSE(selects(from, {}));
  GameFilter to;
  to.set_date_to(20210630);
  EXPECT_TRUE(selects(to, {{"Date", "2021.06.??"}}));
  EXPECT_FALSE(selects(to, {{"Date", "2021.??.??"}}));  // may be after June
}

TEST(Eco, CodesAndRanges) {
  EXPECT_EQ(eco_number("A00"), 0);
  EXPECT_EQ(eco_number("C42"), 242);
  EXPECT_EQ(eco_number("E99"), 499);
  EXPECT_EQ(eco_number("F00"), -1);
  EXPECT_EQ(eco_number("?"), -1);
  const EcoRange b = parse_eco_range("B");
  EXPECT_TRUE(b.contains("B00"));
  EXPECT_TRUE(b.contains("B99"));
  EXPECT_FALSE(b.contains("C00"));
  const EcoRange range = parse_eco_range("A00-B99");
  EXPECT_TRUE(range.contains("B50"));
  EXPECT_FALSE(range.contains("C00"));
  EXPECT_TRUE(parse_eco_range("C42").contains("C42"));
  EXPECT_FALSE(parse_eco_range("C42").contains("C43"));
  for (const char* bad : {"F", "C4", "B99-A00", "C42-", ""})
    EXPECT_THROW(parse_eco_range(bad), std::invalid_argument) << bad;
}

TEST(NumberSet, RangesAndOpenEnds) {
  const NumberSet s = NumberSet::parse("1-3,7,10-");
  for (std::uint64_t n : {1, 2, 3, 7, 10, 11, 1000000}) EXPECT_TRUE(s.contains(n)) << n;
  for (std::uint64_t n : {4, 5, 6, 8, 9}) EXPECT_FALSE(s.contains(n)) << n;
  EXPECT_EQ(s.last(), UINT64_MAX);
  EXPECT_EQ(NumberSet::parse("5,2-3").last(), 5U);
  for (const char* bad : {"", "0", "3-1", "a", "1,,2", "-5"})
    EXPECT_THROW(NumberSet::parse(bad), std::invalid_argument) << bad;
}

TEST(Speeds, AsLichessGroupsThem) {
  EXPECT_EQ(speed_of_time_control("15+0"), Speed::ultrabullet);
  EXPECT_EQ(speed_of_time_control("60+0"), Speed::bullet);
  EXPECT_EQ(speed_of_time_control("120+1"), Speed::bullet);   // 160 s estimated
  EXPECT_EQ(speed_of_time_control("180+0"), Speed::blitz);
  EXPECT_EQ(speed_of_time_control("180+2"), Speed::blitz);    // 260
  EXPECT_EQ(speed_of_time_control("300+5"), Speed::rapid);    // 500
  EXPECT_EQ(speed_of_time_control("900+10"), Speed::rapid);   // 1300
  EXPECT_EQ(speed_of_time_control("1800+0"), Speed::classical);
  EXPECT_EQ(speed_of_time_control("-"), Speed::correspondence);
  EXPECT_EQ(speed_of_time_control("1/259200"), Speed::correspondence);
  EXPECT_EQ(speed_of_time_control("?"), std::nullopt);
  EXPECT_EQ(parse_speed("Blitz"), Speed::blitz);
  EXPECT_THROW(parse_speed("fast"), std::invalid_argument);
}

TEST(PositionSet, PositionsAreTheSameWhateverTheClocksAndTheMoveOrder) {
  fen::PositionSet set;
  set.add(fen::position_from_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"));
  // Other clocks.
  EXPECT_TRUE(set.contains(fen::position_from_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 7 30")));
  // Other side to move, or other castling rights: not the same.
  EXPECT_FALSE(set.contains(fen::position_from_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 1 2")));
  EXPECT_FALSE(set.contains(fen::position_from_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b Kkq - 1 2")));
  // An en-passant square counts only where a capture is legal.
  fen::PositionSet ep;
  ep.add(fen::position_from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"));
  EXPECT_TRUE(ep.contains(fen::position_from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")));
  EXPECT_EQ(ep.size(), 1U);
  EXPECT_EQ(ep.add(fen::position_from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")), 0U);
  fen::PositionSet capture;
  capture.add(fen::position_from_fen("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 2"));
  EXPECT_FALSE(capture.contains(fen::position_from_fen("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2")));
}

TEST(GameFilter, PositionsReachedByTransposition) {
  GameFilter f;
  f.add_position(fen::position_from_fen("rnbqkb1r/pppp1ppp/5n2/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"));
  EXPECT_TRUE(selects(f, {}, {"e4", "e5", "Nf3", "Nf6"}));
  EXPECT_TRUE(selects(f, {}, {"Nf3", "Nf6", "e4", "e5"}));  // the same position by another road
  EXPECT_FALSE(selects(f, {}, {"e4", "e5", "Nf3", "Nc6"}));
  GameFilter start;
  start.add_position(fen::Position());
  EXPECT_TRUE(selects(start, {}, {"e4"}));  // the start position counts
}

TEST(GameSelector, VerdictsAfterTheTagsLetAReaderSkip) {
  GameFilter f;
  f.add_white("carlsen");
  GameSelector s(f);
  s.begin_game(1);
  s.tag("White", "Anand");
  EXPECT_EQ(s.verdict_after_tags(), false);
  s.begin_game(2);
  s.tag("White", "Carlsen");
  EXPECT_EQ(s.verdict_after_tags(), true);
  f.set_min_plies(10);  // now the length matters too
  GameSelector t(f);
  t.begin_game(3);
  t.tag("White", "Carlsen");
  EXPECT_EQ(t.verdict_after_tags(), std::nullopt);
  EXPECT_FALSE(t.selected(9));
}

TEST(GameFilter, InvertVariantsPliesAndNumbers) {
  GameFilter f;
  f.add_white("x");
  f.invert();
  EXPECT_FALSE(selects(f, {{"White", "x"}}));
  EXPECT_TRUE(selects(f, {{"White", "y"}}));
  GameFilter v;
  v.add_variant("standard");
  EXPECT_TRUE(selects(v, {}));
  EXPECT_TRUE(selects(v, {{"Variant", "Standard"}}));
  EXPECT_FALSE(selects(v, {{"Variant", "Chess960"}}));
  GameFilter plies;
  plies.set_min_plies(2);
  plies.set_max_plies(3);
  EXPECT_FALSE(selects(plies, {}, {"e4"}));
  EXPECT_TRUE(selects(plies, {}, {"e4", "e5"}));
  EXPECT_FALSE(selects(plies, {}, {"e4", "e5", "Nf3", "Nc6"}));
  GameFilter numbers;
  numbers.set_games(NumberSet::parse("2"));
  EXPECT_FALSE(selects(numbers, {}, {}, "*", 1));
  EXPECT_TRUE(selects(numbers, {}, {}, "*", 2));
  EXPECT_EQ(numbers.last_game(), 2U);
  EXPECT_TRUE(GameFilter().empty());
}

TEST(GameFilter, WhatHappensInTheMainLine) {
  auto only = [](GameEvent event) {
    GameFilter f;
    f.add_event(event);
    return f;
  };
  const std::vector<std::string> fools_mate{"f3", "e5", "g4", "Qh4#"};
  EXPECT_TRUE(selects(only(GameEvent::checkmate), {}, fools_mate));
  EXPECT_FALSE(selects(only(GameEvent::checkmate), {}, {"f3", "e5", "g4"}));
  EXPECT_FALSE(selects(only(GameEvent::stalemate), {}, fools_mate));

  // Qg6 stalemates the king on h8.
  const fen::Position before_stalemate = fen::position_from_fen("7k/5Q2/5K2/8/8/8/8/8 w - - 0 1");
  EXPECT_TRUE(selects(only(GameEvent::stalemate), {}, {"Qg6"}, "1/2-1/2", 1, before_stalemate));
  EXPECT_FALSE(selects(only(GameEvent::stalemate), {}, {"Qg7#"}, "1-0", 1, before_stalemate));
  EXPECT_TRUE(selects(only(GameEvent::checkmate), {}, {"Qg7#"}, "1-0", 1, before_stalemate));

  // Bishop takes the last pawn: king and bishop against king.
  const fen::Position last_pawn = fen::position_from_fen("7k/8/8/8/8/2p5/8/K3B3 w - - 0 1");
  EXPECT_TRUE(selects(only(GameEvent::insufficient_material), {}, {"Bxc3+"}, "*", 1, last_pawn));
  EXPECT_FALSE(selects(only(GameEvent::insufficient_material), {}, {"Kb1"}, "*", 1, last_pawn));

  // The hundredth half-move without a capture or a pawn move.
  const fen::Position quiet = fen::position_from_fen("7k/8/8/8/8/8/8/K5R1 w - - 98 80");
  EXPECT_TRUE(selects(only(GameEvent::fifty_moves), {}, {"Rg2", "Kh7"}, "*", 1, quiet));
  EXPECT_FALSE(selects(only(GameEvent::fifty_moves), {}, {"Rg2"}, "*", 1, quiet));

  // The start position stands for the third time after eight knight moves, not after four.
  const std::vector<std::string> knights{"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"};
  EXPECT_TRUE(selects(only(GameEvent::repetition), {}, knights));
  EXPECT_FALSE(selects(only(GameEvent::repetition), {}, {"Nf3", "Nf6", "Ng1", "Ng8"}));
  // An en-passant square no pawn can take on does not make a position new (FIDE), where a FEN
  // written with it would differ: 1. e4 then knights back and forth.
  EXPECT_TRUE(selects(only(GameEvent::repetition), {},
                      {"e4", "Nf6", "Nf3", "Ng8", "Ng1", "Nf6", "Nf3", "Ng8", "Ng1"}));

  const fen::Position seventh = fen::position_from_fen("7k/P7/8/8/8/8/8/K7 w - - 0 1");
  EXPECT_TRUE(selects(only(GameEvent::underpromotion), {}, {"a8=N"}, "*", 1, seventh));
  EXPECT_FALSE(selects(only(GameEvent::underpromotion), {}, {"a8=Q+"}, "*", 1, seventh));

  // Every event given must happen; the filter waits for the moves.
  GameFilter both = only(GameEvent::checkmate);
  both.add_event(GameEvent::underpromotion);
  EXPECT_FALSE(selects(both, {}, fools_mate));
  EXPECT_TRUE(both.needs_positions());
  EXPECT_FALSE(both.empty());
}

}  // namespace
}  // namespace fenkit::pgn
