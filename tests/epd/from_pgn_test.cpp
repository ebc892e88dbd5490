// `fenkit epd --from-pgn`, run as the built program on PGN fixtures and on the corpus.
//
// The fixture tests/data/pgn/suite.pgn holds eight games, chosen so that each option changes
// the answer (the positions below were worked out by hand, move by move; pgn-extract -Wepd
// and --nofauxep print the same fields for them):
//   1 Alpha-Beta    1-0      Elo 2700/2650  1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 Nf6 5.O-O Be7
//   2 Gamma-Delta   1/2-1/2  Elo 2400/2500  1.Nf3 Nc6 2.e4 e5 3.Bb5 a6 4.Ba4 Nf6 (transposes
//                                           to game 1 at ply 8) 5.d3 b5
//   3 Epsilon-Zeta  0-1      WhiteElo "?"   as game 1, with a side line 5.d3 d6 6.c3
//   4 Eta-Theta     *        Elo 2800/2800  1.Nf3 Nf6 2.Ng1 Ng8 3.Nf3 Nf6 4.Ng1 Ng8 5.e4: the
//                                           start position again at plies 4 and 8
//   5 Iota-Kappa    1-0      Elo 2600/2600  1.d4 d5 2.c4 e6
//   6 Lambda-Mu     1/2-1/2  no Elo         1.d4 Nf6 2.Nf3 d5 3.Ng1 Ng8
//   7 Nu-Xi         *        [FEN "7k/2p5/8/KP5r/8/8/8/8 b - - 0 1"] 1...c5: b5xc6 e.p. would
//                                           leave the king on a5 in check from h5
//   8 Omicron-Pi    *        [FEN "7k/8/2p5/KP5r/8/8/8/8 b - - 0 1"] 1...c5: the same board
//                                           by a single step, so no en-passant square at all
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "command_support.hpp"
#include "test_support.hpp"

namespace fenkit::epd {
namespace {

namespace fs = std::filesystem;
using fenkit::epd::testing::fenkit;
using fenkit::epd::testing::Outcome;
using fenkit::epd::testing::quoted;
using fenkit::epd::testing::scratch;
using fenkit::testing::data;
using fenkit::testing::lines_of;

const fs::path kSuite = data("pgn/suite.pgn");
const fs::path kErrors = data("pgn/suite-errors.pgn");

// The positions of the fixture, as EPD (four fields, en-passant square after every double push).
// After 4...Nf6 of games 1-3.
const std::string kRuyLopez = "r1bqkb1r/1ppp1ppp/p1n2n2/4p3/B3P3/5N2/PPPP1PPP/RNBQK2R w KQkq -";
// After 4.Ba4 of games 1-3.
const std::string kRuyLopezBlack = "r1bqkbnr/1ppp1ppp/p1n5/4p3/B3P3/5N2/PPPP1PPP/RNBQK2R b KQkq -";
const std::string kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
// After 4.Ng1 of game 4.
const std::string kKnightBackBlack = "rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR b KQkq -";
// Ply 1: after 1.e4 (games 1, 3), 1.Nf3 (2, 4), 1.d4 (5, 6), 1...c5 (7, 8).
const std::string kE4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq";
const std::string kNf3 = "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq -";
const std::string kD4 = "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq";
const std::string kPinned = "7k/8/8/KPp4r/8/8/8/8 w -";

const std::string kGame1 = "c0 \"Alpha, A - Beta, B, Fixture Open, 2001.01.01\";";
const std::string kGame2 = "c0 \"Gamma, C - Delta, D, Fixture Open, 2001.01.02\";";
const std::string kGame4 = "c0 \"Eta, E - Theta, T, Club, 2001.01.04\";";
const std::string kGame5 = "c0 \"Iota, I - Kappa, K, Club, 2001.01.05\";";
const std::string kGame7 = "c0 \"Nu, N - Xi, X, Study, 2001.01.07\";";
const std::string kGame8 = "c0 \"Omicron, O - Pi, P, Study, 2001.01.08\";";

std::string seen(int games) {
  return "c1 \"seen in " + std::to_string(games) + (games == 1 ? " game\";" : " games\";");
}

std::vector<std::string> out_lines(const std::string& args) {
  const Outcome r = fenkit("epd --from-pgn -q " + args);
  EXPECT_EQ(r.status, 0) << args << "\n" << r.err;
  EXPECT_EQ(r.err, "") << args;
  return lines_of(r.out);
}

// ---------------------------------------------------------------- Plies and counts

TEST(EpdFromPgn, PositionAfterAPlyOfEveryGame) {
  // Games 5 to 8 end before ply 8: every game is counted, those too.
  const Outcome r = fenkit("epd --from-pgn --ply 8 " + quoted(kSuite));
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(lines_of(r.out), (std::vector<std::string>{kRuyLopez, kRuyLopez, kRuyLopez, kStart}));
  EXPECT_EQ(r.err.substr(0, r.err.find(" in ")),
            "8 games, 4 used, 0 rejected, 4 without a position to write; 4 positions written");
  // With a selection, the games it leaves out are counted apart; none after the last one asked
  // for is read.
  const Outcome chosen = fenkit("epd --from-pgn --ply 8 --games 2-7 " + quoted(kSuite));
  EXPECT_EQ(chosen.err.substr(0, chosen.err.find(" in ")),
            "7 games, 3 used, 0 rejected, 1 not selected, 3 without a position to write; "
            "3 positions written");
}

TEST(EpdFromPgn, UniqueKeepsFirstSeenOrderAndCountsGames) {
  EXPECT_EQ(out_lines("--ply 8 --unique " + quoted(kSuite)),
            (std::vector<std::string>{kRuyLopez, kStart}));
  EXPECT_EQ(out_lines("--ply 8 --unique --annotate " + quoted(kSuite)),
            (std::vector<std::string>{
                kRuyLopez + " id \"" + kSuite.string() + ":1.8\"; " + kGame1 + " " + seen(3),
                kStart + " id \"" + kSuite.string() + ":4.8\"; " + kGame4 + " " + seen(1)}));
}

TEST(EpdFromPgn, MinCountKeepsPositionsOfEnoughGames) {
  EXPECT_EQ(out_lines("--ply 8 --min-count 2 " + quoted(kSuite)),
            (std::vector<std::string>{kRuyLopez}));
  EXPECT_EQ(out_lines("--ply 8 --min-count 3 " + quoted(kSuite)),
            (std::vector<std::string>{kRuyLopez}));
  EXPECT_EQ(out_lines("--ply 8 --min-count 4 " + quoted(kSuite)), (std::vector<std::string>{}));
}

TEST(EpdFromPgn, PlyRangeAndRepetitionsWithinAGame) {
  // Games 4, 7 and 8 (Result "*"): plies 0-8 of game 4, where the start position stands at
  // plies 0, 4 and 8, and plies 0-1 of games 7 and 8.
  const std::vector<std::string> all = out_lines("--ply 0:8 --result '*' " + quoted(kSuite));
  EXPECT_EQ(all.size(), 9U + 2U + 2U);
  EXPECT_EQ(std::count(all.begin(), all.end(), kStart), 3);
  EXPECT_EQ(all[0], kStart);
  EXPECT_EQ(all[4], kStart);
  EXPECT_EQ(all[7], kKnightBackBlack);
  EXPECT_EQ(all[8], kStart);

  // Counted by games: the start position is in games 1-6 (7 and 8 start from a FEN), game 4
  // counting once.
  const std::vector<std::string> unique = out_lines("--ply 0:8 --unique --annotate " + quoted(kSuite));
  EXPECT_EQ(unique[0], kStart + " id \"" + kSuite.string() + ":1.0\"; " + kGame1 + " " + seen(6));
  const std::set<std::string> distinct(unique.begin(), unique.end());
  EXPECT_EQ(distinct.size(), unique.size());

  // "A:" and ":B" leave one side open.
  EXPECT_EQ(out_lines("--ply 8: --result 1-0 " + quoted(kSuite)).size(), 3U);  // game 1: plies 8-10
  EXPECT_EQ(out_lines("--ply :1 --result 1-0 " + quoted(kSuite)).size(), 4U);  // games 1 and 5
}

TEST(EpdFromPgn, SideToMove) {
  const std::string range = "--ply 7:8 " + quoted(kSuite);
  EXPECT_EQ(out_lines("--side black " + range),
            (std::vector<std::string>{kRuyLopezBlack, kRuyLopezBlack, kRuyLopezBlack,
                                      kKnightBackBlack}));
  EXPECT_EQ(out_lines("--side white " + range),
            (std::vector<std::string>{kRuyLopez, kRuyLopez, kRuyLopez, kStart}));
}

// ---------------------------------------------------------------- En passant

TEST(EpdFromPgn, EnPassantSquareAsWrittenDecidesIdentity) {
  // By default the square is written after every double push: 7 and 8 differ.
  EXPECT_EQ(out_lines("--ply 1 --unique --annotate " + quoted(kSuite)),
            (std::vector<std::string>{
                kE4 + " e3 id \"" + kSuite.string() + ":1.1\"; " + kGame1 + " " + seen(2),
                kNf3 + " id \"" + kSuite.string() + ":2.1\"; " + kGame2 + " " + seen(2),
                kD4 + " d3 id \"" + kSuite.string() + ":5.1\"; " + kGame5 + " " + seen(2),
                kPinned + " c6 id \"" + kSuite.string() + ":7.1\"; " + kGame7 + " " + seen(1),
                kPinned + " - id \"" + kSuite.string() + ":8.1\"; " + kGame8 + " " + seen(1)}));
  // --ep legal writes it only when the capture is legal, which it never is here: 7 and 8 are
  // one position (although the Polyglot key of game 7's counts the c-file, a pawn being beside).
  EXPECT_EQ(out_lines("--ply 1 --unique --annotate --ep legal " + quoted(kSuite)),
            (std::vector<std::string>{
                kE4 + " - id \"" + kSuite.string() + ":1.1\"; " + kGame1 + " " + seen(2),
                kNf3 + " id \"" + kSuite.string() + ":2.1\"; " + kGame2 + " " + seen(2),
                kD4 + " - id \"" + kSuite.string() + ":5.1\"; " + kGame5 + " " + seen(2),
                kPinned + " - id \"" + kSuite.string() + ":7.1\"; " + kGame7 + " " + seen(2)}));
}

TEST(EpdFromPgn, EnPassantAfterADoublePushOnlyByDefault) {
  // 1.d4 d5 (game 5, ply 2) and 1.d4 Nf6 2.Nf3 d5 3.Ng1 Ng8 (game 6, ply 6) reach one board.
  const std::string board = "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq";
  auto matching = [&](const std::vector<std::string>& lines) {
    std::vector<std::string> found;
    for (const std::string& line : lines)
      if (line.compare(0, board.size(), board) == 0) found.push_back(line.substr(board.size()));
    return found;
  };
  const std::string args = "--ply 2:6 --min-count 1 --annotate " + quoted(kSuite);
  EXPECT_EQ(matching(out_lines(args)),
            (std::vector<std::string>{
                " d6 id \"" + kSuite.string() + ":5.2\"; " + kGame5 + " " + seen(1),
                " - id \"" + kSuite.string() + ":6.6\"; c0 \"Lambda, L - Mu, M, Club, 2001.01.06\"; " +
                    seen(1)}));
  EXPECT_EQ(matching(out_lines("--ep legal " + args)),
            (std::vector<std::string>{" - id \"" + kSuite.string() + ":5.2\"; " + kGame5 + " " +
                                      seen(2)}));
}

// ---------------------------------------------------------------- Tags

TEST(EpdFromPgn, MinEloWantsBothRatings) {
  // Game 1 (2700/2650) and game 4 (2800/2800); game 2 has a 2400, game 3 a "?".
  EXPECT_EQ(out_lines("--ply 8 --unique --annotate --min-elo 2500 " + quoted(kSuite)),
            (std::vector<std::string>{
                kRuyLopez + " id \"" + kSuite.string() + ":1.8\"; " + kGame1 + " " + seen(1),
                kStart + " id \"" + kSuite.string() + ":4.8\"; " + kGame4 + " " + seen(1)}));
  EXPECT_EQ(out_lines("--ply 8 --min-elo 2400 --min-count 2 " + quoted(kSuite)),
            (std::vector<std::string>{kRuyLopez}));
  // Games without both ratings are left out even at 0: 1, 2, 4, 5 remain.
  EXPECT_EQ(out_lines("--ply 1 --unique --annotate --min-elo 0 " + quoted(kSuite)),
            (std::vector<std::string>{
                kE4 + " e3 id \"" + kSuite.string() + ":1.1\"; " + kGame1 + " " + seen(1),
                kNf3 + " id \"" + kSuite.string() + ":2.1\"; " + kGame2 + " " + seen(2),
                kD4 + " d3 id \"" + kSuite.string() + ":5.1\"; " + kGame5 + " " + seen(1)}));
}

TEST(EpdFromPgn, ResultTags) {
  EXPECT_EQ(out_lines("--ply 8 --annotate --result 0-1 " + quoted(kSuite)),
            (std::vector<std::string>{kRuyLopez + " id \"" + kSuite.string() +
                                      ":3.8\"; c0 \"Epsilon, E - Zeta, Z, Club, 2001.01.03\";"}));
  EXPECT_EQ(out_lines("--ply 8 --result 1-0 --result '*' " + quoted(kSuite)),
            (std::vector<std::string>{kRuyLopez, kStart}));
  EXPECT_EQ(out_lines("--ply 8 --result 1/2-1/2 " + quoted(kSuite)),
            (std::vector<std::string>{kRuyLopez}));
}

// ---------------------------------------------------------------- Formats

TEST(EpdFromPgn, FenAndJsonLines) {
  // Clocks of the first sighting: 4...Nf6 is the second move since a6 (2 5); game 4 played
  // eight knight moves (8 5).
  EXPECT_EQ(out_lines("--ply 8 --unique --format fen " + quoted(kSuite)),
            (std::vector<std::string>{kRuyLopez + " 2 5", kStart + " 8 5"}));
  EXPECT_EQ(out_lines("--ply 8 --unique --fields 6 " + quoted(kSuite)),
            (std::vector<std::string>{kRuyLopez + " 2 5", kStart + " 8 5"}));
  EXPECT_EQ(out_lines("--ply 8 --unique --fields 4 " + quoted(kSuite)),
            (std::vector<std::string>{kRuyLopez + " hmvc 2; fmvn 5;", kStart + " hmvc 8; fmvn 5;"}));
  EXPECT_EQ(out_lines("--ply 8 --min-count 2 --annotate --format jsonl " + quoted(kSuite)),
            (std::vector<std::string>{"{\"fen\":\"" + kRuyLopez + " 2 5\",\"operations\":{\"id\":\"" +
                                      kSuite.string() +
                                      ":1.8\",\"c0\":\"Alpha, A - Beta, B, Fixture Open, "
                                      "2001.01.01\",\"c1\":\"seen in 3 games\"}}"}));
  EXPECT_EQ(out_lines("--ply 8 --min-count 2 --annotate --sort " + quoted(kSuite)),
            (std::vector<std::string>{kRuyLopez + " " + kGame1 + " " + seen(3) + " id \"" +
                                      kSuite.string() + ":1.8\";"}));
}

TEST(EpdFromPgn, OutputIsCanonicalEpd) {
  // What --from-pgn writes, read back by fenkit epd, comes back unchanged.
  const fs::path suite = scratch().path("canonical.epd");
  const std::vector<std::string> lines = out_lines("--ply 0:12 --unique --annotate " + quoted(kSuite));
  ASSERT_GT(lines.size(), 20U);
  {
    std::ofstream out(suite, std::ios::binary);
    for (const std::string& line : lines) out << line << '\n';
  }
  const Outcome r = fenkit("epd " + quoted(suite));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(lines_of(r.out), lines);
}

// ---------------------------------------------------------------- Inputs

TEST(EpdFromPgn, StandardInputAndSeveralFiles) {
  const std::vector<std::string> from_file = out_lines("--ply 1:3 " + quoted(kSuite));
  EXPECT_EQ(out_lines("--ply 1:3 < " + quoted(kSuite)), from_file);
  EXPECT_EQ(out_lines("--ply 1:3 - < " + quoted(kSuite)), from_file);
  EXPECT_EQ(out_lines("--ply 8 --unique --annotate < " + quoted(kSuite))[0],
            kRuyLopez + " id \"<stdin>:1.8\"; " + kGame1 + " " + seen(3));
  // Game numbers go on across files; counts are over all of them.
  EXPECT_EQ(out_lines("--ply 8 --unique --annotate " + quoted(kSuite) + " - < " + quoted(kSuite)),
            (std::vector<std::string>{
                kRuyLopez + " id \"" + kSuite.string() + ":1.8\"; " + kGame1 + " " + seen(6),
                kStart + " id \"" + kSuite.string() + ":4.8\"; " + kGame4 + " " + seen(2)}));
  const Outcome twice = fenkit("epd --from-pgn --ply 8 --annotate " + quoted(kSuite) + " - < " + quoted(kSuite));
  EXPECT_EQ(lines_of(twice.out).back(), kStart + " id \"<stdin>:12.8\"; " + kGame4);
}

TEST(EpdFromPgn, CompressedInput) {
  FENKIT_REQUIRE_PROGRAM(gzip, "gzip");
  const fs::path packed = scratch().path("suite.pgn.gz");
  int status = -1;
  fenkit::testing::run(gzip + " -c < " + quoted(kSuite) + " > " + quoted(packed), &status);
  ASSERT_EQ(status, 0);
  EXPECT_EQ(out_lines("--ply 0:10 " + quoted(packed)), out_lines("--ply 0:10 " + quoted(kSuite)));

  // Cut short, the input is unreadable.
  std::string bytes = fenkit::testing::read_file(packed);
  bytes.resize(bytes.size() / 2);
  const fs::path cut = scratch().path("suite-cut.pgn.gz");
  std::ofstream(cut, std::ios::binary) << bytes;
  const Outcome r = fenkit("epd --from-pgn -q " + quoted(cut));
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find(cut.string() + ": error: cannot decompress"), std::string::npos) << r.err;
}

TEST(EpdFromPgn, OutputDoesNotDependOnThreads) {
  // 3000 copies of the fixture make several pieces (of 256 KB) for the workers.
  const fs::path big = scratch().path("suite-3000.pgn");
  {
    const std::string games = fenkit::testing::read_file(kSuite) + "\n";
    std::ofstream out(big, std::ios::binary);
    for (int i = 0; i < 3000; ++i) out << games;
  }
  ASSERT_GT(fs::file_size(big), std::uintmax_t(3) << 20);
  const std::string unique = "--ply 0:8 --unique --annotate " + quoted(big);
  const std::vector<std::string> one = out_lines("-j1 " + unique);
  EXPECT_EQ(out_lines("-j2 " + unique), one);
  EXPECT_EQ(out_lines("-j3 " + unique), one);
  ASSERT_FALSE(one.empty());
  EXPECT_EQ(one[0], kStart + " id \"" + big.string() + ":1.0\"; " + kGame1 + " " + seen(6 * 3000));
  const std::vector<std::string> all = out_lines("-j1 --ply 8 " + quoted(big));
  EXPECT_EQ(all.size(), 4U * 3000U);
  EXPECT_EQ(out_lines("-j2 --ply 8 " + quoted(big)), all);
}

// ---------------------------------------------------------------- Errors

TEST(EpdFromPgn, RejectedGamesAreReportedAndLeftOut) {
  // Game 1 plays 5.Qxh7, which no piece can: its first eight plies do not count.
  const std::vector<std::string> text = lines_of(fenkit::testing::read_file(kErrors));
  ASSERT_GE(text.size(), 9U);
  const std::size_t column = text[8].find("Qxh7") + 1;
  const std::string where = kErrors.string() + ":9:" + std::to_string(column) + ": error: game ";
  const fs::path rejects = scratch().path("rejects.pgn");

  Outcome r = fenkit("epd --from-pgn --ply 8 --unique --annotate --rejects " + quoted(rejects) +
                     " " + quoted(kErrors));
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(lines_of(r.out),
            (std::vector<std::string>{kRuyLopez + " id \"" + kErrors.string() +
                                      ":2.8\"; c0 \"Tau, T - Upsilon, U, Fixture Open, "
                                      "2001.02.02\"; " + seen(1)}));
  const std::vector<std::string> err = lines_of(r.err);
  ASSERT_EQ(err.size(), 2U) << r.err;
  EXPECT_EQ(err[0].substr(0, where.size() + 3), where + "1: ") << err[0];
  EXPECT_NE(err[0].find("Qxh7"), std::string::npos);
  EXPECT_EQ(err[1].substr(0, err[1].find(" in ")),
            "2 games, 1 used, 1 rejected; 1 positions written (1 distinct)");
  const std::string kept = fenkit::testing::read_file(rejects);
  EXPECT_NE(kept.find("5. Qxh7 Be7"), std::string::npos);
  EXPECT_EQ(kept.find("Upsilon"), std::string::npos);

  // After the eight games of the fixture the rejected game is game 9.
  r = fenkit("epd --from-pgn -q --ply 8 --min-count 4 " + quoted(kSuite) + " " + quoted(kErrors));
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(lines_of(r.out), (std::vector<std::string>{kRuyLopez}));
  EXPECT_EQ(r.err.substr(0, where.size() + 3), where + "9: ") << r.err;
}

TEST(EpdFromPgn, UsageErrorsAndUnreadableInput) {
  for (const std::string args :
       {"--ply 5:3", "--ply x", "--ply ''", "--side green", "--result 2-0", "--min-count 0",
        "--ep sometimes", "--check", "--relax fullmove_zero", "--format csv"}) {
    const Outcome r = fenkit("epd --from-pgn " + args + " " + quoted(kSuite));
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_EQ(r.out, "") << args;
    EXPECT_NE(r.err, "") << args;
  }
  // The PGN options mean nothing to EPD input.
  for (const std::string args : {"--ply 8", "--unique", "--min-elo 2000", "--annotate", "-j2"}) {
    const Outcome r = fenkit("epd " + args + " " + quoted(data("epd/suite.epd")));
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_NE(r.err.find("--from-pgn"), std::string::npos) << r.err;
  }
  // A missing file is reported; the others are still read.
  const fs::path missing = scratch().path("missing.pgn");
  const Outcome r = fenkit("epd --from-pgn -q --ply 8 " + quoted(missing) + " " + quoted(kSuite));
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(lines_of(r.out).size(), 4U);
  EXPECT_EQ(r.err.rfind(missing.string() + ": error: ", 0), 0U) << r.err;
}

// ---------------------------------------------------------------- Against other programs

// "FIELDS id ...; c0 ...; c1 "seen in N games";" -> FIELDS and N.
std::pair<std::string, long> fields_and_count(const std::string& line) {
  static const std::regex kCount(R"(c1 "seen in (\d+) games?";)");
  std::istringstream in(line);
  std::string placement, side, castling, ep;
  in >> placement >> side >> castling >> ep;
  std::smatch m;
  const long count = std::regex_search(line, m, kCount) ? std::stol(m[1]) : -1;
  return {placement + " " + side + " " + castling + " " + ep, count};
}

// Positions in first-seen order with the number of games each was seen in, from a list of
// (game, position) sightings.
std::vector<std::pair<std::string, long>> first_seen_counts(
    const std::vector<std::pair<long, std::string>>& sightings) {
  std::vector<std::pair<std::string, long>> order;
  std::map<std::string, std::size_t> index;
  std::set<std::pair<long, std::string>> counted;
  for (const auto& [game, position] : sightings) {
    if (!counted.insert({game, position}).second) continue;
    const auto [it, added] = index.emplace(position, order.size());
    if (added) order.emplace_back(position, 0);
    ++order[it->second].second;
  }
  return order;
}

std::vector<std::pair<std::string, long>> suite_counts(const std::string& args) {
  const Outcome r = fenkit("epd --from-pgn -q --annotate " + args);
  EXPECT_EQ(r.status, 0) << r.err;
  std::vector<std::pair<std::string, long>> suite;
  for (const std::string& line : lines_of(r.out)) suite.push_back(fields_and_count(line));
  return suite;
}

TEST(EpdFromPgnOracle, MastersArchiveAtPlyEightAgreesWithPgnExtract) {
  // pgn-extract -Wepd prints every position of a game, the start position first, games apart
  // by a blank line: the ninth line of a game is the position after ply 8.
  FENKIT_REQUIRE_CORPUS(archive, "big/pgnmentor-masters-76k.pgn.zst");
  FENKIT_REQUIRE_PROGRAM(pgn_extract, "pgn-extract");
  FENKIT_REQUIRE_PROGRAM(zstd, "zstd");
  const fs::path listing = scratch().path("ply8.txt");
  int status = -1;
  fenkit::testing::run(zstd + " -dc " + quoted(archive) + " | " + pgn_extract +
                           " -s --quiet -Wepd 2>/dev/null | awk 'BEGIN { game = 1 } /^\\r?$/ { n = 0; game++; next } "
                           "{ if (n == 8) print game, $1, $2, $3, $4; n++ }' > " + quoted(listing),
                       &status);
  ASSERT_EQ(status, 0);
  std::vector<std::pair<long, std::string>> sightings;
  for (const std::string& line : lines_of(fenkit::testing::read_file(listing))) {
    const std::size_t space = line.find(' ');
    sightings.emplace_back(std::stol(line.substr(0, space)), line.substr(space + 1));
  }
  ASSERT_GT(sightings.size(), 70000U);  // 76,263 games, most longer than 8 plies
  const auto expected = first_seen_counts(sightings);

  const auto suite = suite_counts("--ply 8 --unique " + quoted(archive));
  EXPECT_EQ(suite.size(), expected.size());
  EXPECT_TRUE(suite == expected) << "the suites differ";
  std::set<std::string> a, b;
  for (const auto& p : suite) a.insert(p.first);
  for (const auto& p : expected) b.insert(p.first);
  EXPECT_TRUE(a == b) << "the position sets differ";

  // --min-count keeps the same positions, in the same order, that were seen often enough.
  std::vector<std::pair<std::string, long>> frequent;
  for (const auto& p : expected)
    if (p.second >= 20) frequent.push_back(p);
  EXPECT_TRUE(suite_counts("--ply 8 --min-count 20 -j2 " + quoted(archive)) == frequent);
}

TEST(EpdFromPgnOracle, EveryPlyOfTwicGamesAgreesWithPgnExtractInBothEnPassantModes) {
  // The corpus holds pgn-extract's FEN after every ply of these 232 games, with the
  // en-passant square after every double push (fen) and only when capturable (fen_nofauxep).
  FENKIT_REQUIRE_CORPUS(games, "pgn/mliebelt-pgn-parser/twic-01-232games.pgn");
  FENKIT_REQUIRE_CORPUS(replay, "pgn/expected-replay/twic-01-232games.fen.tsv");
  std::vector<std::pair<long, std::string>> standard, legal;
  auto four_fields = [](const std::string& fen) { return fen.substr(0, fen.rfind(' ', fen.rfind(' ') - 1)); };
  for (const std::string& line : lines_of(fenkit::testing::read_file(replay))) {
    if (line.empty() || line[0] == '#' || line.rfind("game\t", 0) == 0) continue;
    std::vector<std::string> columns;
    std::istringstream in(line);
    for (std::string column; std::getline(in, column, '\t');) columns.push_back(column);
    ASSERT_EQ(columns.size(), 5U) << line;
    standard.emplace_back(std::stol(columns[0]), four_fields(columns[3]));
    legal.emplace_back(std::stol(columns[0]), four_fields(columns[4]));
  }
  ASSERT_GT(standard.size(), 19000U);
  EXPECT_TRUE(suite_counts("--unique " + quoted(games)) == first_seen_counts(standard));
  EXPECT_TRUE(suite_counts("--unique --ep legal " + quoted(games)) == first_seen_counts(legal));
}

}  // namespace
}  // namespace fenkit::epd
