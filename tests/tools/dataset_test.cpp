// fenkit replay as a data-set maker: tags, evaluations, clocks, comments, NAGs, the move played
// next, final positions, EPD with supplied moves, and the game filters, on a fixture in the
// style of lichess exports (tests/data/pgn/lichess-style.pgn).
//
// The values are checked two ways: by hand, field by field, and against pgn-extract, which
// keeps each move's comment beside the FEN it writes after the move (--fencomments): each FEN
// fenkit writes must carry the [%eval] and [%clk] of the comment pgn-extract puts before it.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <regex>
#include <sstream>

#include "tool_test_support.hpp"

namespace fenkit::tools {
namespace {

using fenkit::testing::lines_of;
using testing::fenkit;
using testing::Outcome;
using testing::quote;
using testing::TempDir;
using testing::csv_fields;
using testing::csv_rows;
using Lines = std::vector<std::string>;

const std::string kLichess = testing::data("pgn/lichess-style.pgn");

const char* kAll = "--tags White,Black,WhiteElo,BlackElo,Result --eval --clock --comments --nags --next";

// Values written by hand from the fixture: game.ply -> eval, mate, clk, comment, nags, next_san.
struct Expected {
  const char* where;
  const char* eval;
  const char* mate;
  const char* clk;
  const char* comment;
  const char* nags;
  const char* next_san;
};
const Expected kByHand[] = {
    {"1.0", "", "", "", "", "", "e4"},        {"1.1", "17", "", "180", "", "", "c5"},
    {"1.2", "19", "", "180", "", "", "Bc4"},  {"1.3", "-35", "", "178", "", "", "e6"},
    {"1.4", "-20", "", "179", "", "", "Qh5"}, {"1.5", "-152", "", "170.4", "", "6", "g6"},
    {"1.6", "-140", "", "177", "", "", "Qf3"}, {"1.7", "-160", "", "5.3", "", "", "Nf6"},
    {"1.8", "", "-4", "175", "", "", ""},     {"2.1", "", "", "60", "", "", "d5"},
    {"2.4", "", "", "58", "", "", ""},        {"3.1", "10", "", "300", "", "", "O-O-O"},
    {"3.3", "", "3", "302", "", "", "Rgf8"},  {"3.4", "1005", "", "299", "", "", ""},
    {"4.0", "", "", "", "", "", "Kd7"},       {"4.1", "350", "", "10", "", "", "Kd2"},
    {"4.2", "", "12", "9.9", "", "", "Kd6"},  {"4.4", "", "", "8", "", "", ""},
    {"5.3", "30", "", "600", "A fine move.", "1", "Nc6"},
    {"5.4", "", "", "", "develops", "", ""},
};

TEST(DataSet, EveryColumnByHand) {
  const Outcome r = fenkit(std::string("replay -q -f csv --with-start ") + kAll + " " + quote(kLichess));
  ASSERT_EQ(r.status, 0) << r.err;
  const auto rows = csv_rows(r.out);
  ASSERT_EQ(rows.size(), 29U);  // 8 + 4 + 4 + 4 + 4 moves, and a start position each
  std::map<std::string, std::map<std::string, std::string>> by_place;
  for (const auto& row : rows) by_place[row.at("game") + "." + row.at("ply")] = row;
  for (const Expected& e : kByHand) {
    SCOPED_TRACE(e.where);
    ASSERT_TRUE(by_place.contains(e.where));
    const auto& row = by_place[e.where];
    EXPECT_EQ(row.at("eval"), e.eval);
    EXPECT_EQ(row.at("mate"), e.mate);
    EXPECT_EQ(row.at("clk"), e.clk);
    EXPECT_EQ(row.at("comment"), e.comment);
    EXPECT_EQ(row.at("nags"), e.nags);
    EXPECT_EQ(row.at("next_san"), e.next_san);
  }
  // Tags: quotes and commas survive the CSV quoting; a missing tag is empty.
  EXPECT_EQ(by_place["1.3"].at("Black"), "bob, the \"fast\" one");
  EXPECT_EQ(by_place["2.2"].at("BlackElo"), "");
  EXPECT_EQ(by_place["2.2"].at("WhiteElo"), "2210");
  EXPECT_EQ(by_place["4.3"].at("Result"), "1-0");
  // UCI of the next move; Chess960 castling is king-takes-rook.
  EXPECT_EQ(by_place["3.1"].at("next_uci"), "e8b8");
  EXPECT_EQ(by_place["1.0"].at("next_uci"), "e2e4");
}

// Every move of a game appears exactly once as a next move when the start is written too, and
// the next move of a row is the move of the row after it.
TEST(DataSet, NextMovesPairEveryPositionWithTheMovePlayed) {
  const Outcome r = fenkit("replay -q -f csv --with-start --next " + quote(kLichess));
  const auto rows = csv_rows(r.out);
  std::size_t nexts = 0, moves = 0;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (!rows[i].at("san").empty()) ++moves;
    if (rows[i].at("next_san").empty()) {
      EXPECT_TRUE(i + 1 == rows.size() || rows[i + 1].at("ply") == "0") << i;
      continue;
    }
    ++nexts;
    ASSERT_LT(i + 1, rows.size());
    EXPECT_EQ(rows[i].at("next_san"), rows[i + 1].at("san"));
    EXPECT_EQ(rows[i].at("next_uci"), rows[i + 1].at("uci"));
    EXPECT_EQ(rows[i].at("game"), rows[i + 1].at("game"));
  }
  EXPECT_EQ(nexts, moves);
  EXPECT_EQ(moves, 24U);
}

// pgn-extract puts each move's own comment, then the FEN after the move: the eval and clock of
// that comment are the row's.
TEST(DataSet, EvalsAndClocksSitWithThePositionsPgnExtractGivesThem) {
  FENKIT_REQUIRE_PROGRAM(pgn_extract, "pgn-extract");
  const std::string text = fenkit::testing::run(pgn_extract + " -s -V -N -w100000 --fencomments " +
                                                quote(kLichess) + " 2>/dev/null");
  // Each "{ FEN }" comment, with the comment before it if that one was the move's.
  static const std::regex comment(R"(\{([^}]*)\})");
  static const std::regex fen_text(R"(^\s*([1-8pnbrqkPNBRQK/]+ [wb] \S+ \S+ \d+ \d+)\s*$)");
  static const std::regex eval(R"(\[%eval (#?-?[0-9.]+)\])"), clock(R"(\[%clk (\d+):(\d\d):(\d\d(?:\.\d+)?)\])");
  struct Entry {
    std::string fen, eval, clock;  // eval: centipawns, or "mate N"
  };
  std::vector<Entry> expected;  // in the order of the text
  std::string previous;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), comment); it != std::sregex_iterator(); ++it) {
    std::string body = (*it)[1].str();
    std::replace(body.begin(), body.end(), '\n', ' ');
    std::smatch m;
    if (!std::regex_match(body, m, fen_text)) {
      previous = body;
      continue;
    }
    std::string e, c;
    std::smatch v;
    if (std::regex_search(previous, v, eval)) {
      const std::string value = v[1];
      e = value[0] == '#' ? "mate " + value.substr(1)
                          : std::to_string(std::lround(std::stod(value) * 100));
    }
    if (std::regex_search(previous, v, clock)) {
      const double seconds = std::stoi(v[1]) * 3600 + std::stoi(v[2]) * 60 + std::stod(v[3]);
      std::ostringstream s;
      s << seconds;
      c = s.str();
    }
    expected.push_back({m[1], e, c});
    previous.clear();
  }
  ASSERT_EQ(expected.size(), 24U);  // every move of the fixture

  // fenkit's rows, in order, hold pgn-extract's positions in the same order.
  const auto rows = csv_rows(fenkit("replay -q -f csv --eval --clock " + quote(kLichess)).out);
  std::size_t j = 0;
  for (const auto& row : rows) {
    if (j == expected.size() || row.at("fen") != expected[j].fen) continue;
    const std::string e = row.at("mate").empty() ? row.at("eval") : "mate " + row.at("mate");
    EXPECT_EQ(e, expected[j].eval) << row.at("fen");
    EXPECT_EQ(row.at("clk"), expected[j].clock) << row.at("fen");
    ++j;
  }
  EXPECT_EQ(j, expected.size()) << "pgn-extract's position " << j << " not found in order";
}

TEST(DataSet, JsonLinesHaveNullsWhereValuesAreMissing) {
  const Outcome r = fenkit(std::string("replay -q -f jsonl ") + kAll + " " + quote(kLichess));
  const Lines lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 24U);
  EXPECT_EQ(lines[7],
            "{\"game\":1,\"ply\":8,\"san\":\"Nf6\",\"uci\":\"g8f6\",\"fen\":\"rnbqkb1r/pp1p1p1p/4pnp1/"
            "2p5/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 5\",\"White\":\"alice\",\"Black\":\"bob, the "
            "\\\"fast\\\" one\",\"WhiteElo\":\"1850\",\"BlackElo\":\"1920\",\"Result\":\"0-1\","
            "\"eval\":null,\"mate\":-4,\"clk\":175,\"comment\":\"\",\"nags\":[],\"next_san\":null,"
            "\"next_uci\":null}");
  EXPECT_NE(lines[9].find("\"BlackElo\":null"), std::string::npos) << lines[9];
  EXPECT_NE(lines[4].find("\"clk\":170.4,\"comment\":\"\",\"nags\":[6],\"next_san\":\"g6\""),
            std::string::npos)
      << lines[4];
}

// The start position's row carries its own game's tags, also when rows end at once.
TEST(DataSet, StartRowsCarryTheirGamesTags) {
  const Outcome r = fenkit("replay -q -f csv --with-start --tags White " + quote(kLichess));
  const Lines lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 30U);
  EXPECT_EQ(lines[1], "1,0,,,rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1,alice");
  std::size_t starts = 0;
  for (std::size_t i = 1; i + 1 < lines.size(); ++i) {
    const std::vector<std::string> fields = csv_fields(lines[i]);
    const std::vector<std::string> next = csv_fields(lines[i + 1]);
    ASSERT_EQ(fields.size(), 6U) << lines[i];
    if (fields[1] != "0") continue;
    ++starts;
    ASSERT_EQ(next[0], fields[0]) << lines[i];
    EXPECT_EQ(next[5], fields[5]) << lines[i];
  }
  EXPECT_EQ(starts, 5U);
}

TEST(DataSet, FenFormatAddsTabSeparatedFieldsInOrder) {
  const Outcome r = fenkit("replay -q --tags White,WhiteElo --eval --clock --next " + quote(kLichess));
  const Lines lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 24U);
  EXPECT_EQ(lines[0],
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\talice\t1850\t17\t\t180\tc5\tc7c5");
}

// EPD: the move played from the position as sm, tags as c0.., the evaluation from the side to
// move's view as ce, a mate it gives as dm; what is written is valid EPD.
TEST(DataSet, EpdRecordsAreValidEpd) {
  TempDir dir;
  const Outcome r = fenkit("replay -q -f epd --with-start --tags White,Black --eval " + quote(kLichess));
  ASSERT_EQ(r.status, 0) << r.err;
  const Lines lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 29U);
  EXPECT_EQ(lines[0], "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id \"1.0\"; sm e4; "
                      "c0 \"alice\"; c1 \"bob, the \\\"fast\\\" one\";");
  // After 1. e4 Black is to move: +0.17 for White is -17 for Black.
  EXPECT_TRUE(lines[1].ends_with("sm c5; c0 \"alice\"; c1 \"bob, the \\\"fast\\\" one\"; ce -17;")) << lines[1];
  // After 4... Nf6 White is to move and is mated in 4: the lowest evaluation.
  EXPECT_TRUE(lines[8].ends_with("ce -32767;")) << lines[8];
  // After 2. Rbd1 (Chess960) Black is to move; White mates in 3: Black's view, no dm.
  EXPECT_TRUE(lines[17].ends_with("ce -32767;")) << lines[17];
  // After 40... Kd7 White is to move: +3.5 is White's.
  EXPECT_TRUE(lines[20].ends_with("ce 350;")) << lines[20];
  const Outcome check = fenkit("epd --check " + quote(dir.write("out.epd", r.out)));
  EXPECT_EQ(check.status, 0) << check.err;
  EXPECT_EQ(check.err, "29 records, 29 used, 0 rejected\n");
}

TEST(DataSet, MatesTheSideToMoveGivesAreDm) {
  TempDir dir;
  const std::string game = dir.write("mate.pgn",
                                     "[FEN \"7k/8/6K1/8/8/8/8/R7 b - - 0 1\"]\n\n"
                                     "1... Kg8 { [%eval #1] } 2. Ra8# 1-0\n");
  const Lines lines = lines_of(fenkit("replay -q -f epd --eval " + quote(game)).out);
  ASSERT_EQ(lines.size(), 2U);
  EXPECT_EQ(lines[0], "6k1/8/6K1/8/8/8/8/R7 w - - id \"1.1\"; sm Ra8#; dm 1;");
}

TEST(DataSet, FinalPositionsWithTheirGame) {
  const Outcome r = fenkit("replay -q -f csv --final --tags White,Black,Result " + quote(kLichess));
  const auto rows = csv_rows(r.out);
  ASSERT_EQ(rows.size(), 5U);
  EXPECT_EQ(rows[0].at("ply"), "8");
  EXPECT_EQ(rows[0].at("fen"), "rnbqkb1r/pp1p1p1p/4pnp1/2p5/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 5");
  EXPECT_EQ(rows[0].at("Result"), "0-1");
  EXPECT_EQ(rows[3].at("fen"), "8/8/3k4/8/8/3K4/4P3/8 b - - 4 42");
  EXPECT_EQ(rows[3].at("san"), "Kd3");
  // The final row keeps the last move's annotations.
  const auto annotated = csv_rows(fenkit("replay -q -f csv --final --eval --clock " + quote(kLichess)).out);
  EXPECT_EQ(annotated[0].at("mate"), "-4");
  EXPECT_EQ(annotated[0].at("clk"), "175");
  // A game without moves ends where it starts.
  TempDir dir;
  const std::string empty = dir.write("empty.pgn", "[White \"x\"]\n\n*\n");
  const Lines lines = lines_of(fenkit("replay -q --final " + quote(empty)).out);
  EXPECT_EQ(lines, (Lines{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}));
}

TEST(DataSet, GameFiltersChooseTheGames) {
  auto games = [](const std::string& options) {
    const Outcome r = fenkit("replay -q -f csv --final " + options + " " + quote(kLichess));
    EXPECT_LE(r.status, 1) << options << r.err;
    std::string numbers;
    for (const auto& row : csv_rows(r.out)) numbers += row.at("game");
    return numbers;
  };
  EXPECT_EQ(games(""), "12345");
  EXPECT_EQ(games("--player ALICE"), "1");
  EXPECT_EQ(games("--white al --white car"), "12");
  EXPECT_EQ(games("--black bob --white carol"), "");
  EXPECT_EQ(games("--min-elo 1600"), "13");
  EXPECT_EQ(games("--tag 'WhiteElo>=2000'"), "2");
  EXPECT_EQ(games("--tag 'BlackElo<1900'"), "34");  // a missing BlackElo fails the comparison
  EXPECT_EQ(games("--tag \"Black~the .fast\" --regex"), "1");
  EXPECT_EQ(games("--result 1-0"), "34");
  EXPECT_EQ(games("--result 1-0 --result '*'"), "345");
  EXPECT_EQ(games("--time-control bullet"), "2");
  EXPECT_EQ(games("--time-control blitz --time-control 600+0"), "134");  // 300+3 is blitz
  EXPECT_EQ(games("--eco B"), "1");
  EXPECT_EQ(games("--date-from 2024.01.16 --date-to 2024.01.17"), "34");
  EXPECT_EQ(games("--variant chess960"), "3");
  EXPECT_EQ(games("--variant standard"), "1245");
  EXPECT_EQ(games("--min-plies 5"), "1");
  EXPECT_EQ(games("--max-plies 4"), "2345");
  EXPECT_EQ(games("--games 2-3,5"), "235");
  EXPECT_EQ(games("--games 2-3,5 --invert"), "14");
  EXPECT_EQ(games("--position 'rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2'"), "2");
  // The summary counts the games the filter left out.
  const Outcome r = fenkit("replay -f csv --player alice " + quote(kLichess));
  EXPECT_NE(r.err.find("5 games, 1 used, 0 rejected, 4 not selected; 8 positions"), std::string::npos)
      << r.err;
}

TEST(DataSet, ColumnsEpdCannotHoldAreRefused) {
  for (const char* option : {"--clock", "--comments", "--nags"}) {
    const Outcome r = fenkit(std::string("replay -f epd ") + option + " " + quote(kLichess));
    EXPECT_EQ(r.status, 2) << option;
    EXPECT_NE(r.err.find("only goes with --format fen, csv or jsonl"), std::string::npos) << r.err;
  }
  EXPECT_EQ(fenkit("replay --final --every 2 " + quote(kLichess)).status, 2);
  EXPECT_EQ(fenkit("replay --tags 'White,,Black' " + quote(kLichess)).status, 2);
}

}  // namespace
}  // namespace fenkit::tools
