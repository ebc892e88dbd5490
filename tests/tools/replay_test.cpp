// fenkit replay end to end: the output formats, the options that choose positions and columns,
// rejects, diagnostics, exit codes, and inputs of every kind (standard input, compressed,
// several files, byte ranges, several threads).
//
// The FENs below were worked out by hand, move by move, for this game:
//   1. e4 e5 (1... c5 2. Nf3 (2. c3)) (1... e6) 2. Nf3 *
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <random>
#include <regex>

#include "tool_test_support.hpp"

namespace fenkit::tools {
namespace {

using testing::fenkit;
using testing::quote;
using testing::Outcome;
using testing::TempDir;
using Lines = std::vector<std::string>;
using fenkit::testing::lines_of;

constexpr const char* kGame = "1. e4 e5 (1... c5 2. Nf3 (2. c3)) (1... e6) 2. Nf3 *\n";

constexpr const char* kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
// Main line.
constexpr const char* kE4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
constexpr const char* kE5 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2";
constexpr const char* kNf3 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";
// Variations: 1... c5 2. Nf3, 2. c3 instead of 2. Nf3, and 1... e6 (a single step: no e.p.).
constexpr const char* kC5 = "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2";
constexpr const char* kC5Nf3 = "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";
constexpr const char* kC5C3 = "rnbqkbnr/pp1ppppp/8/2p5/4P3/2P5/PP1P1PPP/RNBQKBNR b KQkq - 0 2";
constexpr const char* kE6 = "rnbqkbnr/pppp1ppp/4p3/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";

// The four EPD fields of a FEN.
std::string epd(const std::string& fen) {
  std::size_t cut = 0;
  for (int i = 0; i < 4; ++i) cut = fen.find(' ', cut + 1);
  return fen.substr(0, cut);
}

std::string s(const char* x) { return x; }

class Replay : public ::testing::Test {
 protected:
  TempDir dir;
  std::string game = dir.write("game.pgn", kGame);
};

TEST_F(Replay, FenIsTheDefaultFormat) {
  const Outcome r = fenkit("replay -q " + quote(game));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(lines_of(r.out), (Lines{kE4, kE5, kNf3}));
  EXPECT_EQ(r.err, "");
}

TEST_F(Replay, EpdFormat) {
  const Outcome r = fenkit("replay -q -f epd --with-start " + quote(game));
  EXPECT_EQ(r.status, 0) << r.err;
  // sm is the move the game played from the position: legal there, so valid EPD.
  EXPECT_EQ(lines_of(r.out), (Lines{epd(kStart) + " id \"1.0\"; sm e4;",
                                    epd(kE4) + " id \"1.1\"; sm e5;",
                                    epd(kE5) + " id \"1.2\"; sm Nf3;",
                                    epd(kNf3) + " id \"1.3\";"}));
  const Outcome check = fenkit("epd --check " + quote(dir.write("out.epd", r.out)));
  EXPECT_EQ(check.status, 0) << check.err;
  EXPECT_EQ(check.err, "4 records, 4 used, 0 rejected\n");
}

// A tag value with control characters (not valid PGN, but read) still gives valid EPD: EPD has
// no escape for them, so each becomes a blank.
TEST_F(Replay, EpdFormatTagsWithControlCharacters) {
  const std::string pgn = dir.write("ctrl.pgn", "[Black \"a\x01" "b\x7f\tc\"]\n\n1. e4 *\n");
  const Outcome r = fenkit("replay -q -f epd --tags Black " + quote(pgn));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(lines_of(r.out), (Lines{epd(kE4) + " id \"1.1\"; c0 \"a b \tc\";"}));
  const Outcome check = fenkit("epd --check " + quote(dir.write("ctrl.epd", r.out)));
  EXPECT_EQ(check.status, 0) << check.err;
}

TEST_F(Replay, CsvFormat) {
  const Outcome r = fenkit("replay -q --format csv --with-start " + quote(game));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(lines_of(r.out), (Lines{"game,ply,san,uci,fen", "1,0,,," + s(kStart),
                                    "1,1,e4,e2e4," + s(kE4), "1,2,e5,e7e5," + s(kE5),
                                    "1,3,Nf3,g1f3," + s(kNf3)}));
}

TEST_F(Replay, JsonLinesFormat) {
  const Outcome r = fenkit("replay -q -f jsonl --with-start " + quote(game));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(lines_of(r.out),
            (Lines{"{\"game\":1,\"ply\":0,\"san\":null,\"uci\":null,\"fen\":\"" + s(kStart) + "\"}",
                   "{\"game\":1,\"ply\":1,\"san\":\"e4\",\"uci\":\"e2e4\",\"fen\":\"" + s(kE4) + "\"}",
                   "{\"game\":1,\"ply\":2,\"san\":\"e5\",\"uci\":\"e7e5\",\"fen\":\"" + s(kE5) + "\"}",
                   "{\"game\":1,\"ply\":3,\"san\":\"Nf3\",\"uci\":\"g1f3\",\"fen\":\"" + s(kNf3) + "\"}"}));
}

TEST_F(Replay, WithStartInFenFormat) {
  const Outcome r = fenkit("replay -q --with-start " + quote(game));
  EXPECT_EQ(lines_of(r.out), (Lines{kStart, kE4, kE5, kNf3}));
}

// Positions inside variations, in the order of the text. The path names where each variation
// hangs: "PLY:N" for the Nth variation replacing the move of that ply, "/" for nesting.
TEST_F(Replay, VariationsWithTheirPath) {
  const Outcome csv = fenkit("replay -q -f csv --variations " + quote(game));
  EXPECT_EQ(csv.status, 0) << csv.err;
  EXPECT_EQ(lines_of(csv.out),
            (Lines{"game,ply,path,san,uci,fen", "1,1,,e4,e2e4," + s(kE4), "1,2,,e5,e7e5," + s(kE5),
                   "1,2,2:1,c5,c7c5," + s(kC5), "1,3,2:1,Nf3,g1f3," + s(kC5Nf3),
                   "1,3,2:1/3:1,c3,c2c3," + s(kC5C3), "1,2,2:2,e6,e7e6," + s(kE6),
                   "1,3,,Nf3,g1f3," + s(kNf3)}));
  const Outcome jsonl = fenkit("replay -q -f jsonl --variations " + quote(game));
  const Lines j = lines_of(jsonl.out);
  ASSERT_EQ(j.size(), 7U);
  EXPECT_EQ(j[0], "{\"game\":1,\"ply\":1,\"path\":\"\",\"san\":\"e4\",\"uci\":\"e2e4\",\"fen\":\"" + s(kE4) + "\"}");
  EXPECT_EQ(j[4], "{\"game\":1,\"ply\":3,\"path\":\"2:1/3:1\",\"san\":\"c3\",\"uci\":\"c2c3\",\"fen\":\"" + s(kC5C3) + "\"}");
  const Outcome epd_out = fenkit("replay -q -f epd --variations " + quote(game));
  const Lines e = lines_of(epd_out.out);
  // Each row's next move is the next one of its own line; the main line's row before the
  // variations learns its next move (Nf3) after them, and keeps its place.
  EXPECT_EQ(e, (Lines{epd(kE4) + " id \"1.1\"; sm e5;", epd(kE5) + " id \"1.2\"; sm Nf3;",
                      epd(kC5) + " id \"1.2/2:1\"; sm Nf3;", epd(kC5Nf3) + " id \"1.3/2:1\";",
                      epd(kC5C3) + " id \"1.3/2:1/3:1\";", epd(kE6) + " id \"1.2/2:2\";",
                      epd(kNf3) + " id \"1.3\";"}));
  const Outcome fen = fenkit("replay -q --variations " + quote(game));
  EXPECT_EQ(lines_of(fen.out), (Lines{kE4, kE5, kC5, kC5Nf3, kC5C3, kE6, kNf3}));
}

// --ep legal writes the en-passant square only when a capture is possible: never here.
TEST_F(Replay, EnPassantSquareStandardOrLegal) {
  EXPECT_EQ(lines_of(fenkit("replay -q --ep standard " + quote(game)).out), (Lines{kE4, kE5, kNf3}));
  EXPECT_EQ(lines_of(fenkit("replay -q --ep legal " + quote(game)).out),
            (Lines{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
                   "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", kNf3}));
  // 1. e4 Nf6 2. e5 d5: the e5 pawn can take on d6, so both modes write d6.
  const std::string ep = dir.write("ep.pgn", "1. e4 Nf6 2. e5 d5 *\n");
  const Lines legal = lines_of(fenkit("replay -q --ep legal " + quote(ep)).out);
  ASSERT_EQ(legal.size(), 4U);
  EXPECT_EQ(legal[3], "rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3");
}

TEST_F(Replay, PlyWindowAndEvery) {
  EXPECT_EQ(lines_of(fenkit("replay -q --min-ply 2 " + quote(game)).out), (Lines{kE5, kNf3}));
  EXPECT_EQ(lines_of(fenkit("replay -q --max-ply 2 " + quote(game)).out), (Lines{kE4, kE5}));
  EXPECT_EQ(lines_of(fenkit("replay -q --min-ply 2 --max-ply 2 " + quote(game)).out),
            (Lines{kE5}));
  EXPECT_EQ(lines_of(fenkit("replay -q --every 2 --with-start " + quote(game)).out),
            (Lines{kStart, kE5}));
  EXPECT_EQ(lines_of(fenkit("replay -q --every 3 " + quote(game)).out), (Lines{kNf3}));
}

// Past --max-ply nothing is written, but the game is still checked to its end.
TEST_F(Replay, MaxPlyStillChecksTheWholeGame) {
  const std::string bad = dir.write("bad.pgn", "1. e4 e5 2. Ke3 *\n");
  const Outcome r = fenkit("replay -q --max-ply 1 " + quote(bad));
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "");
}

TEST_F(Replay, SanAndUciColumns) {
  EXPECT_EQ(lines_of(fenkit("replay -q --san " + quote(game)).out),
            (Lines{s(kE4) + "\te4", s(kE5) + "\te5", s(kNf3) + "\tNf3"}));
  EXPECT_EQ(lines_of(fenkit("replay -q --uci " + quote(game)).out),
            (Lines{s(kE4) + "\te2e4", s(kE5) + "\te7e5", s(kNf3) + "\tg1f3"}));
  EXPECT_EQ(lines_of(fenkit("replay -q --san --uci --with-start " + quote(game)).out),
            (Lines{s(kStart) + "\t\t", s(kE4) + "\te4\te2e4", s(kE5) + "\te5\te7e5",
                   s(kNf3) + "\tNf3\tg1f3"}));
}

TEST_F(Replay, GameOffset) {
  const Lines l = lines_of(fenkit("replay -q -f csv --game-offset 100 " + quote(game)).out);
  ASSERT_EQ(l.size(), 4U);
  EXPECT_EQ(l[1], "101,1,e4,e2e4," + s(kE4));
}

// The rejected game's text goes to --rejects as it was read; the error names file, line,
// column and game; the good game after it is written; the exit status says a game was lost.
TEST_F(Replay, RejectsAndErrors) {
  const std::string input = testing::data("pgn/quirks/illegal-move.pgn");
  const std::string rejects = dir.path("rejects.pgn");
  const Outcome r = fenkit("replay --rejects " + quote(rejects) + " " + quote(input));
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(lines_of(r.out), Lines{"rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 1"});
  EXPECT_EQ(fenkit::testing::read_file(rejects), "[Event \"illegal\"]\n1. e4 e5 2. Ke3 Nc6 *\n\n");
  const Lines errors = testing::lines_with(r.err, ": error: ");
  ASSERT_EQ(errors.size(), 1U) << r.err;
  EXPECT_TRUE(errors[0].starts_with(input + ":2:13: error: game 1: ")) << errors[0];
  EXPECT_NE(errors[0].find("Ke3"), std::string::npos);
  EXPECT_NE(r.err.find("2 games, 1 used, 1 rejected; 1 positions in "), std::string::npos) << r.err;
}

TEST_F(Replay, WarningsOnlyWhenAsked) {
  // Two games without a result, each followed by another game (the last game of an input
  // without one may be cut short: an error).
  const std::string input = dir.write(
      "warnings.pgn", fenkit::testing::read_file(testing::data("pgn/quirks/missing-result.pgn")) +
                          "\n[Event \"after\"]\n\n1. e4 *\n");
  const Outcome quiet = fenkit("replay -q " + quote(input));
  EXPECT_EQ(quiet.status, 0);
  EXPECT_EQ(quiet.err, "");
  const Outcome loud = fenkit("replay -q -W " + quote(input));
  EXPECT_EQ(loud.status, 0);
  EXPECT_EQ(lines_of(loud.err),
            (Lines{input + ":4:16: warning: game 1: game has no result at the end of its movetext "
                           "(taken from the Result tag)",
                   input + ":9:9: warning: game 2: game has no result at the end of its movetext "
                           "(read as *)"}));
}

// A bad move in a side line costs the game only when side lines are written.
TEST_F(Replay, BadVariationIsAWarningUnlessVariationsAreWritten) {
  const std::string input = testing::data("pgn/quirks/bad-move-in-variation.pgn");
  const Outcome main_line = fenkit("replay -q -W " + quote(input));
  EXPECT_EQ(main_line.status, 0);
  EXPECT_EQ(lines_of(main_line.out).size(), 4U);  // e4 e5 Nf3, then d4
  EXPECT_EQ(testing::lines_with(main_line.err, input + ":2:22: warning: game 1: ").size(), 1U)
      << main_line.err;
  const Outcome all = fenkit("replay -q --variations " + quote(input));
  EXPECT_EQ(all.status, 1);
  EXPECT_EQ(lines_of(all.out),
            Lines{"rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 1"});
  EXPECT_EQ(testing::lines_with(all.err, input + ":2:22: error: game 1: ").size(), 1U) << all.err;
}

TEST_F(Replay, SummaryLine) {
  const Outcome r = fenkit("replay --variations --with-start " + quote(game));
  const std::regex summary(
      R"(1 games, 1 used, 0 rejected; 8 positions in [0-9.]+ s \([0-9.]+ MB/s, [0-9.]+ M positions/s\)
)");
  EXPECT_TRUE(std::regex_match(r.err, summary)) << r.err;
}

TEST_F(Replay, UsageErrorsExitWithTwo) {
  for (const char* args : {"--format xml", "--every 0", "--ep sometimes", "--range 5",
                           "--range 10:5", "--range x:5", "--no-such-option"}) {
    SCOPED_TRACE(args);
    const Outcome r = fenkit(std::string("replay ") + args + " " + quote(game));
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_NE(r.err, "");
  }
  // A byte range needs exactly one file, and a regular one.
  EXPECT_EQ(fenkit("replay --range 0:10 " + quote(game) + " " + quote(game)).status, 2);
  EXPECT_EQ(fenkit("replay --range 0:10 < " + quote(game)).status, 2);
  const Outcome piped = fenkit("replay --range 0:10 - < " + quote(game));
  EXPECT_EQ(piped.status, 2);
  EXPECT_NE(piped.err.find("not standard input"), std::string::npos) << piped.err;
}

TEST_F(Replay, HelpExitsWithZero) {
  const Outcome r = fenkit("replay --help");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("--format"), std::string::npos);
}

// A missing file is reported (once naming it) and the others are still replayed; exit 2.
TEST_F(Replay, UnreadableFileExitsWithTwoAfterTheOthers) {
  const std::string missing = dir.path("missing.pgn");
  const Outcome r = fenkit("replay -q " + quote(missing) + " " + quote(game));
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(lines_of(r.out), (Lines{kE4, kE5, kNf3}));
  EXPECT_EQ(lines_of(r.err), Lines{missing + ": error: No such file or directory"});
}

TEST_F(Replay, StandardInput) {
  const Outcome plain = fenkit("replay -q -f csv " + quote(game));
  const Outcome redirected = fenkit("replay -q -f csv < " + quote(game));
  const Outcome dash = fenkit("replay -q -f csv - < " + quote(game));
  EXPECT_EQ(redirected.status, 0);
  EXPECT_EQ(redirected.out, plain.out);
  EXPECT_EQ(dash.out, plain.out);
  // Diagnostics name it <stdin>.
  const Outcome bad = fenkit("replay -q < " + quote(testing::data("pgn/quirks/illegal-move.pgn")));
  EXPECT_EQ(bad.status, 1);
  EXPECT_TRUE(bad.err.starts_with("<stdin>:2:13: error: game 1: ")) << bad.err;
}

// Several files: game numbers go on across them; diagnostics name each file.
TEST_F(Replay, SeveralFilesNumberGamesOnward) {
  const std::string first = testing::data("pgn/quirks/no-tags.pgn");    // 2 games
  const std::string second = testing::data("pgn/quirks/results.pgn");  // 4 games of 1. e4
  const Outcome r = fenkit("replay -q -f csv " + quote(first) + " " + quote(second) + " " +
                       quote(testing::data("pgn/quirks/illegal-move.pgn")));
  EXPECT_EQ(r.status, 1);
  Lines games;
  for (const std::string& line : lines_of(r.out)) games.push_back(line.substr(0, line.find(',')));
  EXPECT_EQ(games, (Lines{"game", "1", "1", "1", "2", "2", "3", "4", "5", "6", "8"}));
  EXPECT_TRUE(r.err.find("illegal-move.pgn:2:13: error: game 7: ") != std::string::npos) << r.err;
}

TEST_F(Replay, CompressedInputIsReadByContent) {
  const std::string input = testing::data("pgn/quirks/comments.pgn");
  const Outcome plain = fenkit("replay -q -f csv " + quote(input));
  int tried = 0;
  for (const char* program : {"gzip", "zstd"}) {
    const std::string path = fenkit::testing::find_program(program);
    if (path.empty()) {
      fenkit::testing::report_missing_oracle(std::string(program) + " is not installed");
      continue;
    }
    ++tried;
    const std::string packed = dir.path(std::string(program) + "-packed.pgn");
    fenkit::testing::run(path + " -c " + quote(input) + " > " + quote(packed));
    const Outcome r = fenkit("replay -q -f csv " + quote(packed));
    EXPECT_EQ(r.status, 0) << program << ": " << r.err;
    EXPECT_EQ(r.out, plain.out) << program;
  }
  if (!tried) FENKIT_MISSING_ORACLE("neither gzip nor zstd is installed");
}

// Games with random comments (so that compression leaves them long), for inputs of a few
// hundred kilobytes and more.
std::string random_games(std::size_t bytes, unsigned seed) {
  std::mt19937 random(seed);
  std::string text;
  for (int i = 0; text.size() < bytes; ++i) {
    text += "[Event \"game " + std::to_string(i) + "\"]\n\n1. e4 {";
    for (int k = 0; k < 60; ++k) text += char('a' + random() % 26);
    text += "} e5 2. Nf3 Nc6 *\n\n";
  }
  return text;
}

// Two threads read FEN lines (no game numbers in them) from chunks numbered later, and the rows
// that name their games with the true numbers: rows and messages are those of one thread.
TEST_F(Replay, RowsAndMessagesAreTheSameOnTwoThreads) {
  const std::string input = dir.write("many.pgn", testing::many_quirks(std::size_t(3) << 20));
  for (const char* option_text : {"-W ", "-W --variations --with-start ", "-W -f csv "}) {
    const std::string options = option_text;
    SCOPED_TRACE(options);
    const Outcome one = testing::same_on_one_and_two_threads("replay -q", options + quote(input));
    EXPECT_EQ(one.status, 1);
    EXPECT_GT(testing::lines_with(one.err, ": error: game ").size(), 1000U);
    EXPECT_GT(one.out.size(), 100000U);
  }
}

// A compressed file cut short: the games before the cut are written, in the same order
// whatever the number of threads, the cut is reported, the next file is still read, exit 2.
TEST_F(Replay, TruncatedCompressedFile) {
  FENKIT_REQUIRE_PROGRAM(gzip, "gzip");
  const std::string plain = dir.write("plain.pgn", random_games(3000000, 5));
  const std::string packed = dir.path("packed.pgn.gz");
  fenkit::testing::run(gzip + " -c " + quote(plain) + " > " + quote(packed));
  const std::string bytes = fenkit::testing::read_file(packed);
  const std::string cut = dir.write("cut.pgn.gz", bytes.substr(0, bytes.size() / 2));
  const Outcome one = fenkit("replay -q -j 1 " + quote(cut) + " " + quote(game));
  const Outcome two = fenkit("replay -q -j 2 " + quote(cut) + " " + quote(game));
  EXPECT_EQ(one.status, 2);
  EXPECT_EQ(two.status, 2);
  EXPECT_EQ(one.out, two.out);
  const Lines lines = lines_of(two.out);
  // Each game gives 4 positions; about half of them are before the cut.
  EXPECT_GT(lines.size(), 40000U);
  ASSERT_GE(lines.size(), 3U);
  EXPECT_EQ(Lines(lines.end() - 3, lines.end()), (Lines{kE4, kE5, kNf3}))
      << "the file after the broken one is read";
  EXPECT_EQ(testing::lines_with(two.err, cut + ": error: cannot decompress").size(), 1U) << two.err;
}

// A file cut short in any compressed format: the positions of every game whole before the cut
// (at least the games the format's own program recovers whole), as from the whole file; the
// cut reported once; exit 2.
TEST_F(Replay, CutFilesOfEveryFormatKeepTheGamesBeforeTheCut) {
  const std::string plain = dir.write("all.pgn", random_games(600000, 9));
  const Lines whole = lines_of(fenkit("replay -q -f csv " + quote(plain)).out);
  ASSERT_GT(whole.size(), 20000U);
  const std::pair<const char*, const char*> compressors[] = {
      {"gzip", "-c"}, {"bzip2", "-1 -c"}, {"xz", "-c"}, {"zstd", "-q -c"}};
  int tried = 0;
  for (const auto& [name, flags] : compressors) {
    const std::string program = fenkit::testing::find_program(name);
    if (program.empty()) continue;
    ++tried;
    const std::string packed = dir.path(std::string("all.pgn.") + name);
    fenkit::testing::run(program + " " + flags + " < " + quote(plain) + " > " + quote(packed));
    const std::string bytes = fenkit::testing::read_file(packed);
    for (const double share : {0.3, 0.55, 0.8}) {
      SCOPED_TRACE(std::string(name) + " cut at " + std::to_string(share));
      const std::string cut = dir.write(std::string("cut.pgn.") + name,
                                        bytes.substr(0, std::size_t(double(bytes.size()) * share)));
      const Outcome r = fenkit("replay -q -f csv " + quote(cut));
      EXPECT_EQ(r.status, 2);
      EXPECT_EQ(testing::lines_with(r.err, cut + ": error: cannot decompress: the data is corrupt or cut short").size(), 1U) << r.err;
      const Lines out = lines_of(r.out);
      ASSERT_LT(out.size(), whole.size());
      ASSERT_GE(out.size(), 1U);
      EXPECT_EQ(out, Lines(whole.begin(), whole.begin() + std::ptrdiff_t(out.size())));
      EXPECT_EQ((out.size() - 1) % 4, 0U) << "whole games only (4 positions each)";
      const std::string recovered =
          fenkit::testing::run(program + " -q -dc < " + quote(cut) + " 2>/dev/null");
      std::size_t begun = 0;
      for (std::size_t at = recovered.find("[Event "); at != std::string::npos;
           at = recovered.find("[Event ", at + 1))
        ++begun;
      EXPECT_GE((out.size() - 1) / 4 + 1, begun) << "fewer games than " << name << " recovers";
    }
  }
  if (tried == 0) FENKIT_MISSING_ORACLE("no compressor (gzip, bzip2, xz, zstd) installed");
}

// Output order is input order whatever the number of threads: the same bytes on standard
// output, standard error and in the rejects file (several pieces of 256 KB).
TEST_F(Replay, OneOrTwoThreadsWriteTheSameBytes) {
  std::string text;
  const std::string quirks = [] {
    std::string all;
    for (const auto& entry : std::filesystem::directory_iterator(testing::data("pgn/quirks")))
      if (entry.path().extension() == ".pgn") all += fenkit::testing::read_file(entry.path()) + "\n\n";
    return all;
  }();
  while (text.size() < (std::size_t(3) << 20)) text += quirks;
  std::string inputs = quote(dir.write("many.pgn", text));
  const auto big = fenkit::testing::optional_corpus("big/pgnmentor-masters-76k.pgn.zst");
  const std::string zstd = fenkit::testing::optional_program("zstd");
  if (!big.empty() && !zstd.empty()) {
    // Six megabytes of real games after the generated ones (the last one cut off).
    const std::string real = dir.path("real.pgn");
    fenkit::testing::run(zstd + " -dc " + quote(big.string()) + " | head -c 6000000 > " +
                         quote(real));
    inputs += " " + quote(real);
  }
  const std::string args = "replay -q -W -f csv --variations ";
  const Outcome one = fenkit(args + "-j 1 --rejects " + quote(dir.path("one.rejects")) + " " + inputs);
  const Outcome two = fenkit(args + "-j 2 --rejects " + quote(dir.path("two.rejects")) + " " + inputs);
  EXPECT_EQ(one.status, 1);
  EXPECT_EQ(two.status, one.status);
  EXPECT_GT(one.out.size(), std::size_t(1) << 20);
  EXPECT_TRUE(one.out == two.out) << "standard output differs";
  EXPECT_TRUE(one.err == two.err) << "standard error differs";
  const std::string rejects = fenkit::testing::read_file(dir.path("one.rejects"));
  EXPECT_GT(rejects.size(), 10000U);
  EXPECT_TRUE(rejects == fenkit::testing::read_file(dir.path("two.rejects"))) << "rejects differ";
}

// The FEN writer picks its code by the CPU at run time; FENKIT_CPU=baseline keeps to the code
// every x86-64 CPU runs. Both must write the same bytes, Chess960 castling letters included.
TEST_F(Replay, BaselineCpuCodeWritesTheSameFen) {
  std::string inputs;
  for (const auto& entry : std::filesystem::directory_iterator(testing::data("pgn/quirks")))
    if (entry.path().extension() == ".pgn") inputs += " " + quote(entry.path().string());
  for (const char* name : {"replay-oracle.pgn", "lichess-style.pgn", "annotated.pgn", "suite.pgn"})
    inputs += " " + quote(testing::data(std::string("pgn/") + name));
  const std::string args = "replay -q --with-start --variations -f csv" + inputs;
  const Outcome dispatched = fenkit(args);
  int status = -1;
  const std::string baseline = fenkit::testing::run(
      "FENKIT_CPU=baseline '" + std::string(FENKIT_BINARY) + "' " + args + " 2>/dev/null", &status);
  EXPECT_EQ(status, dispatched.status);
  EXPECT_GT(lines_of(baseline).size(), 500U);
  EXPECT_TRUE(baseline == dispatched.out) << "the baseline FEN writer writes other bytes";
}

// "N games, M used, R rejected[, W warnings ...]; P positions" from a summary line.
std::array<std::uint64_t, 4> summary_counts(const std::string& err) {
  static const std::regex summary(
      R"((\d+) games, (\d+) used, (\d+) rejected(?:, \d+ warnings? [^;]*)?; (\d+) positions in)");
  std::smatch m;
  std::array<std::uint64_t, 4> counts{};
  if (!std::regex_search(err, m, summary)) {
    ADD_FAILURE() << "no summary in: " << err;
    return counts;
  }
  for (int i = 0; i < 4; ++i) counts[std::size_t(i)] = std::stoull(m[i + 1].str());
  return counts;
}

// Byte ranges at random cut points, replayed one by one: their outputs put together are the
// output of the whole file, and their counts add up to its counts.
TEST_F(Replay, ByteRangesTogetherGiveTheWholeOutput) {
  std::string text;
  for (const auto& entry : std::filesystem::directory_iterator(testing::data("pgn/quirks")))
    if (entry.path().extension() == ".pgn") text += fenkit::testing::read_file(entry.path()) + "\n\n";
  text += text;
  if (const auto twic =
          fenkit::testing::optional_corpus("pgn/mliebelt-pgn-parser/twic-01-232games.pgn");
      !twic.empty())
    text += fenkit::testing::read_file(twic);
  const std::string input = dir.write("archive.pgn", text);
  const Outcome whole = fenkit("replay --san " + quote(input));
  std::mt19937 random(11);
  std::vector<std::uint64_t> points{0};
  for (int i = 0; i < 20; ++i) points.push_back(random() % text.size());
  std::sort(points.begin(), points.end());
  std::string pieced;
  std::array<std::uint64_t, 4> totals{};
  for (std::size_t i = 0; i < points.size(); ++i) {
    const std::string range = std::to_string(points[i]) + ":" +
                              (i + 1 < points.size() ? std::to_string(points[i + 1]) : "");
    const Outcome r = fenkit("replay --san --range " + range + " " + quote(input));
    EXPECT_LE(r.status, 1) << range << ": " << r.err;
    pieced += r.out;
    const auto counts = summary_counts(r.err);
    for (std::size_t k = 0; k < 4; ++k) totals[k] += counts[k];
  }
  EXPECT_TRUE(pieced == whole.out) << "the ranges' output differs from the whole output";
  EXPECT_EQ(totals, summary_counts(whole.err));
  EXPECT_GT(totals[2], 0U) << "rejected games are counted once too";
}

// Games without [Event tags (the corpus's ECO file, or made up) are divided between ranges
// too: each of four equal ranges replays some of them, and together they give the whole output.
TEST_F(Replay, ByteRangesDivideFilesWithoutEventTags) {
  std::string text;
  if (const auto eco = fenkit::testing::corpus("pgn/pgn-extract/eco.pgn"); !eco.empty()) {
    text = fenkit::testing::read_file(eco);
  } else {
    for (int i = 0; i < 400; ++i)
      text += "[White \"" + std::to_string(i) + "\"]\n[Black \"x\"]\n\n1. e4 e5 2. Nf3 1-0\n\n";
  }
  ASSERT_EQ(text.find("[Event "), std::string::npos);
  const std::string input = dir.write("no-event.pgn", text);
  const Outcome whole = fenkit("replay --san " + quote(input));
  ASSERT_FALSE(whole.out.empty());
  std::string pieced;
  const std::size_t quarter = text.size() / 4;
  for (std::size_t i = 0; i < 4; ++i) {
    const std::string range = std::to_string(i * quarter) + ":" + (i < 3 ? std::to_string((i + 1) * quarter) : "");
    const Outcome r = fenkit("replay --san --range " + range + " " + quote(input));
    EXPECT_LE(r.status, 1) << range << ": " << r.err;
    EXPECT_FALSE(r.out.empty()) << "range " << range << " replays nothing";
    pieced += r.out;
  }
  EXPECT_TRUE(pieced == whole.out) << "the ranges' output differs from the whole output";
}

}  // namespace
}  // namespace fenkit::tools
