// End-to-end tests of `fenkit book`: output, diagnostics and exit status.
#include <gtest/gtest.h>

#include <algorithm>
#include <tuple>

#include "book_test_support.hpp"
#include "fenkit/epd/book_reader.hpp"
#include "fenkit/epd/book_writer.hpp"
#include "fenkit/fen/fen.hpp"
#include "fenkit/fen/polyglot.hpp"
#include "fenkit/fen/san.hpp"
#include "fenkit/fen/uci.hpp"
#include "test_support.hpp"

namespace fenkit {
namespace {

using testing::lines_of;
using testing::TempDir;

struct Outcome {
  int status = -1;
  std::string out, err;
};

// Runs `fenkit book ARGS` (ARGS already quoted for the shell).
Outcome book(const std::string& args) {
  static const TempDir dir;
  const auto err_file = dir / "stderr.txt";
  Outcome r;
  r.out = testing::run(
      std::string(FENKIT_BINARY) + " book " + args + " 2> '" + err_file.string() + "'", &r.status);
  r.err = testing::read_file(err_file);
  return r;
}

std::string quoted(const std::filesystem::path& p) { return "'" + p.string() + "'"; }

// ------------------------------------------------------------ key

TEST(BookCommand, KeyOfThePublishedVectors) {
  FENKIT_REQUIRE_CORPUS(path, "polyglot/polyglot-key-test-vectors.csv");
  int checked = 0;
  for (const std::string& line : lines_of(testing::read_file(path))) {
    if (line.empty() || line[0] == '#' || line.starts_with("moves_from_startpos")) continue;
    const std::size_t first = line.find(','), last = line.rfind(',');
    const std::string fen = line.substr(first + 1, last - first - 1), key = line.substr(last + 1);
    const Outcome r = book("key '" + fen + "'");
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out, key + "\n") << fen;
    ++checked;
  }
  EXPECT_EQ(checked, 9);
}

TEST(BookCommand, KeyOfABadFen) {
  const Outcome r = book("key 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1'");
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(r.out.empty());
  EXPECT_NE(r.err.find("bad FEN"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("column 43"), std::string::npos) << r.err;  // the X
  EXPECT_EQ(book("key").status, 2);
}

// ------------------------------------------------------------ probe

TEST(BookCommand, ProbeTheStartPosition) {
  FENKIT_REQUIRE_CORPUS(path, "polyglot/gnuchess-smallbook.bin");
  // The raw entries of the start position, decoded independently, give the expected lines.
  const auto raw = testing::raw_entries(testing::read_file(path));
  const fen::Position start;
  std::vector<testing::RawEntry> expected;
  unsigned total = 0;
  for (const auto& e : raw)
    if (e.key == 0x463b96181691fc9cULL) {
      expected.push_back(e);
      total += e.weight;
    }
  ASSERT_FALSE(expected.empty());
  const Outcome r = book("probe -W --ignore-trailing-bytes " + quoted(path));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("warning: ignored 1 trailing byte"), std::string::npos) << r.err;
  const auto lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), expected.size());
  for (std::size_t i = 0; i < lines.size(); ++i) {
    std::istringstream fields(lines[i]);
    std::string san, uci, share;
    unsigned weight = 0;
    fields >> san >> uci >> weight >> share;
    // UCI from the code's squares: from bits 6-11, to bits 0-5.
    const auto square = [](unsigned s) {
      return std::string{char('a' + s % 8), char('1' + s / 8)};
    };
    EXPECT_EQ(uci, square(expected[i].move >> 6 & 63) + square(expected[i].move & 63));
    EXPECT_EQ(fen::to_uci(start, fen::read_san(start, san).move), uci);
    EXPECT_EQ(weight, expected[i].weight);
    char percent[16];
    std::snprintf(percent, sizeof percent, "%.2f%%", 100.0 * expected[i].weight / total);
    EXPECT_EQ(share, percent);
  }
}

TEST(BookCommand, ProbeErrors) {
  FENKIT_REQUIRE_CORPUS(small, "polyglot/gnuchess-smallbook.bin");
  FENKIT_REQUIRE_CORPUS(performance, "polyglot/performance.bin");
  // The stray byte: a clear error, exit 2 (unreadable input).
  Outcome r = book("probe " + quoted(small));
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(
      r.err,
      small.string() +
          ": error: byte 38672: the size, 38673 bytes, is not a whole number of 16-byte entries: "
          "1 byte left after entry 2417 (truncated or damaged book); --ignore-trailing-bytes reads "
          "the whole entries\n");
  // A position the book does not have: exit 1.
  r = book("probe " + quoted(performance) + " 4k3/8/8/8/8/8/8/4K2R w K - 0 1");
  EXPECT_EQ(r.status, 1);
  EXPECT_TRUE(r.out.empty());
  EXPECT_NE(r.err.find("the position is not in the book"), std::string::npos) << r.err;
  // A bad FEN: exit 2.
  r = book("probe " + quoted(performance) + " 4k3/8/8/8/8/8/8/4K2R w Kz - 0 1");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("bad FEN"), std::string::npos) << r.err;
  // A missing book.
  r = book("probe /nonexistent/book.bin");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("/nonexistent/book.bin: error: cannot open the file"), std::string::npos)
      << r.err;
}

TEST(BookCommand, ProbeAnUnsortedBook) {
  const TempDir dir;
  const fen::Position start;
  std::vector<unsigned char> bytes = epd::book_bytes(
      std::vector<epd::BookEntry>{{fen::polyglot_key(start), 0x31C, 1, 0}, {1, 0x31C, 1, 0}});
  testing::write_text(dir / "unsorted.bin", std::string(bytes.begin(), bytes.end()));
  const Outcome r = book("probe " + quoted(dir / "unsorted.bin"));
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("unsorted.bin: error: byte 16: entries are not sorted by key: entry 2"),
            std::string::npos)
      << r.err;
}

TEST(BookCommand, ProbeShowsIllegalBookMoves) {
  const TempDir dir;
  const fen::Position start;
  const std::uint64_t key = fen::polyglot_key(start);
  // e2e4 weight 3 and e2e5 (12 << 6 | 36), which no position with this key allows.
  const auto bytes =
      epd::book_bytes(std::vector<epd::BookEntry>{{key, 0x31C, 3, 0}, {key, 12 << 6 | 36, 1, 0}});
  testing::write_text(dir / "odd.bin", std::string(bytes.begin(), bytes.end()));
  const Outcome r = book("probe " + quoted(dir / "odd.bin"));
  EXPECT_EQ(r.status, 1);
  // Columns: SAN in 8, UCI in 6, weight in 6, share; one space between.
  EXPECT_EQ(r.out, "e4       e2e4        3  75.00%\n?        e2e5        1  25.00%\n");
  EXPECT_NE(r.err.find("book move e2e5 is not legal"), std::string::npos) << r.err;
}

// ------------------------------------------------------------ dump

TEST(BookCommand, DumpAsEpdAndJsonLines) {
  FENKIT_REQUIRE_CORPUS(path, "polyglot/lasker-trap.bin");
  const epd::Book lasker = epd::Book::open(path.string());
  Outcome r = book("dump -q " + quoted(path));
  EXPECT_EQ(r.status, 0) << r.err;
  const auto epd_lines = lines_of(r.out);
  ASSERT_EQ(epd_lines.size(), 7U);  // the book's 7 entries, each its own position
  for (const std::string& line : epd_lines) {
    // "<4 fields> bm SAN; c0 "SAN=weight";": the position must hold that move and weight.
    std::istringstream in(line);
    std::string fields[4], bm, san, c0, weights;
    for (auto& f : fields) in >> f;
    in >> bm >> san >> c0 >> weights;
    ASSERT_EQ(bm, "bm") << line;
    ASSERT_EQ(san.back(), ';');
    san.pop_back();
    const fen::Position pos = fen::position_from_fen(
        fields[0] + " " + fields[1] + " " + fields[2] + " " + fields[3], {.lenient = true});
    const auto moves = lasker.moves(pos);
    ASSERT_EQ(moves.size(), 1U) << line;
    EXPECT_EQ(fen::to_san(pos, moves[0].move), san);
    EXPECT_EQ(weights, "\"" + san + "=" + std::to_string(moves[0].weight) + "\";");
  }
  r = book("dump -q --format jsonl " + quoted(path));
  EXPECT_EQ(r.status, 0) << r.err;
  const auto json_lines = lines_of(r.out);
  ASSERT_EQ(json_lines.size(), 7U);
  for (std::size_t i = 0; i < 7; ++i) {
    // Same positions in the same order; the key field is the position's key.
    const std::string fen = epd_lines[i].substr(0, epd_lines[i].find(" bm "));
    EXPECT_TRUE(json_lines[i].starts_with("{\"fen\":\"" + fen + "\",\"key\":\"")) << json_lines[i];
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx",
                  static_cast<unsigned long long>(
                      fen::polyglot_key(fen::position_from_fen(fen, {.lenient = true}))));
    EXPECT_NE(json_lines[i].find(std::string("\"key\":\"") + hex + "\""), std::string::npos)
        << json_lines[i];
    EXPECT_NE(json_lines[i].find("\"learn\":0}]}"), std::string::npos) << json_lines[i];
  }
}

TEST(BookCommand, DumpReportsUnreachedPositions) {
  FENKIT_REQUIRE_CORPUS(path, "polyglot/lasker-trap.bin");
  // With no gap allowed, the walk cannot leave the start position, which the book lacks. The
  // positions not reached are counted and named in a warning; the book itself is sound.
  const Outcome r = book("dump --gap 0 " + quoted(path));
  EXPECT_EQ(r.status, 0);
  EXPECT_TRUE(r.out.empty());
  EXPECT_EQ(r.err, "7 positions, 0 used, 0 rejected, 7 not reached, 1 warning (-W shows it)\n");
  const Outcome loud = book("dump -W --gap 0 " + quoted(path));
  EXPECT_EQ(loud.status, 0);
  EXPECT_NE(loud.err.find("warning: 7 of 7 positions (7 entries) were not reached"),
            std::string::npos)
      << loud.err;
}

// ------------------------------------------------------------ merge

TEST(BookCommand, MergeLikePolyglot) {
  FENKIT_REQUIRE_PROGRAM(polyglot, "polyglot");
  FENKIT_REQUIRE_CORPUS(performance, "polyglot/performance.bin");
  FENKIT_REQUIRE_CORPUS(gnuchess, "polyglot/gnuchess-book.bin");
  const TempDir dir;
  for (const auto& [a, b] : {std::pair{performance, gnuchess}, std::pair{gnuchess, performance}}) {
    int status = -1;
    testing::run("cd " + quoted(dir.path()) + " && " + polyglot + " merge-book -in1 " + quoted(a) +
                     " -in2 " + quoted(b) + " -out " + quoted(dir / "polyglot.bin") +
                     " > /dev/null",
                 &status);
    ASSERT_EQ(status, 0);
    const Outcome r =
        book("merge -q " + quoted(a) + " " + quoted(b) + " -o " + quoted(dir / "fenkit.bin"));
    EXPECT_EQ(r.status, 0) << r.err;
    const std::string expected = testing::read_file(dir / "polyglot.bin");
    EXPECT_GT(expected.size(), std::filesystem::file_size(a));
    EXPECT_TRUE(testing::read_file(dir / "fenkit.bin") == expected) << a << " + " << b;
  }
}

// Polyglot reads the main line only: a bad move in a side line costs the game nothing, as in
// replay (a warning), and the book is Polyglot's byte for byte.
TEST(BookCommand, ABadMoveInASideLineLeavesTheGameInTheBook) {
  FENKIT_REQUIRE_PROGRAM(polyglot, "polyglot");
  const TempDir dir;
  const std::string games = testing::data("pgn/quirks/bad-move-in-variation.pgn").string();
  int status = -1;
  testing::run("cd " + quoted(dir.path()) + " && " + polyglot + " make-book -pgn '" + games +
                   "' -bin " + quoted(dir / "polyglot.bin") + " -min-game 1 > /dev/null",
               &status);
  ASSERT_EQ(status, 0);
  const Outcome r = book("build -W --min-games 1 '" + games + "' -o " + quoted(dir / "fenkit.bin"));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("warning"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("2 games, 2 used, 0 rejected"), std::string::npos) << r.err;
  const std::string expected = testing::read_file(dir / "polyglot.bin");
  EXPECT_EQ(expected.size(), 16U * 4);  // e4 and d4 from the start, e5 and Nf3 after
  EXPECT_TRUE(testing::read_file(dir / "fenkit.bin") == expected);
}

TEST(BookCommand, MergeFirstWinsAndErrors) {
  const TempDir dir;
  const auto write = [&](const char* name, std::vector<epd::BookEntry> entries) {
    const auto bytes = epd::book_bytes(entries);
    testing::write_text(dir / name, std::string(bytes.begin(), bytes.end()));
  };
  write("a.bin", {{5, 1, 1, 0}});
  write("b.bin", {{5, 1, 2, 0}, {5, 2, 2, 0}, {6, 1, 1, 0}});
  write("c.bin", {{6, 3, 4, 0}});
  Outcome r = book("merge -q --first-wins " + quoted(dir / "a.bin") + " " + quoted(dir / "b.bin") +
                   " " + quoted(dir / "c.bin") + " -o " + quoted(dir / "out.bin"));
  EXPECT_EQ(r.status, 0) << r.err;
  // a's position 5 wins over b's; b's position 6 wins over c's.
  EXPECT_EQ(testing::raw_entries(testing::read_file(dir / "out.bin")),
            (std::vector<testing::RawEntry>{{5, 1, 1, 0}, {6, 1, 1, 0}}));
  r = book("merge " + quoted(dir / "a.bin") + " -o " + quoted(dir / "out.bin"));
  EXPECT_EQ(r.status, 2);
  r = book("merge " + quoted(dir / "a.bin") + " " + quoted(dir / "b.bin"));
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("-o OUT.bin is required"), std::string::npos) << r.err;
}

// ------------------------------------------------------------ build from EPD

TEST(BookCommand, BuildFromEpd) {
  const TempDir dir;
  // Line 1: the start position, bm e4 and d4, count 3. Line 2: the same position again, bm e4
  // without a count (weight 1). Line 3: after 1. e4, pm e5 with count 2. Line 4: an illegal
  // move, reported at its column and left out. Line 5: no bm or pm.
  testing::write_text(
      dir / "suite.epd",
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4 d4; count 3; id \"a\";\n"
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4;\n"
      "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - pm e5; count 2;\n"
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e5;\n"
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id \"none\";\n");
  const Outcome r = book("build --weight-opcode count " + quoted(dir / "suite.epd") + " -o " +
                         quoted(dir / "suite.bin"));
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("suite.epd:4:57: error: "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("5 records, 3 used, 1 rejected, 1 without bm, pm or sm; 3 entries for 2 positions"),
            std::string::npos)
      << r.err;
  // e4 3 + 1 = 4 before d4 3; after 1. e4 (key 823c9b50fd114196), e7e5 = 52 << 6 | 36 = 0xd24
  // weight 2.
  EXPECT_EQ(testing::raw_entries(testing::read_file(dir / "suite.bin")),
            (std::vector<testing::RawEntry>{{0x463b96181691fc9cULL, 0x31C, 4, 0},
                                            {0x463b96181691fc9cULL, 0x2DB, 3, 0},
                                            {0x823c9b50fd114196ULL, 0xD24, 2, 0}}));
}

TEST(BookCommand, BuildFromMessyEpd) {
  const TempDir dir;
  // As real files have them: six fields and no semicolons ("bm Rc8+ dm 26"), a check mark
  // apart from its move, a NUL at the end of the line, a move in UCI.
  const char* mates = "7R/2k1p2P/r2rP3/8/3p1R2/8/2P2p2/2K5 w - - 0 1";
  testing::write_text(dir / "messy.epd",
                      std::string(mates) + " bm Rc8+ dm 26\n" +
                          "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ; bm e4 + ;" +
                          std::string(1, '\0') + "\n" +
                          "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 bm d2d4\n");
  const Outcome r =
      book("build -q " + quoted(dir / "messy.epd") + " -o " + quoted(dir / "messy.bin"));
  EXPECT_EQ(r.status, 0) << r.err;
  // Rc8: h8 (63) to c8 (58) = 63 << 6 | 58 = 0xffa. e4 0x31c and d4 0x2db, one each.
  const std::uint64_t mates_key = fen::polyglot_key(fen::position_from_fen(mates));
  std::vector<testing::RawEntry> expected = {{0x463b96181691fc9cULL, 0x31C, 1, 0},
                                             {0x463b96181691fc9cULL, 0x2DB, 1, 0},
                                             {mates_key, 0xFFA, 1, 0}};
  std::stable_sort(expected.begin(), expected.end(),
                   [](const auto& a, const auto& b) { return a.key < b.key; });
  EXPECT_EQ(testing::raw_entries(testing::read_file(dir / "messy.bin")), expected);
}

// The positions `fenkit replay -f epd` writes carry the move the game played as sm: a book built
// from them, a move per row, is the book built from the games themselves with weight 1 a move.
// (Drawn games only: from games, a move played only in lost games is left out, as Polyglot
// leaves it out; the rows do not say who won.)
TEST(BookCommand, BuildFromReplayedPositions) {
  const TempDir dir;
  std::string games = "'" + testing::data("pgn/suite.pgn").string() + "' '" +
                      testing::data("pgn/lichess-style.pgn").string() + "'";
  if (const auto corpus = testing::optional_corpus("pgn/pychess-testing/world_matches.pgn");
      !corpus.empty())
    games += " " + quoted(corpus);
  const std::string fenkit = std::string("'") + FENKIT_BINARY + "' ";
  int status = -1;
  testing::run(fenkit + "replay -q --with-start --result 1/2-1/2 -f epd " + games + " | " +
                   fenkit + "book build -q --uniform -o " + quoted(dir / "from-epd.bin"),
               &status);
  ASSERT_EQ(status, 0);
  ASSERT_EQ(book("build -q --uniform --min-games 1 --result 1/2-1/2 " + games + " -o " +
                 quoted(dir / "from-games.bin"))
                .status,
            0);
  const std::string from_epd = testing::read_file(dir / "from-epd.bin");
  EXPECT_GE(from_epd.size(), 16U * 10);
  EXPECT_EQ(from_epd, testing::read_file(dir / "from-games.bin"));
}

// A weight from any opcode, a string's whole number too; one that is no weight is a warning with
// its place, and its record is left out, never weighed 1 or capped in silence.
TEST(BookCommand, BuildWeightsFromAnyOpcode) {
  const TempDir dir;
  const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ";
  testing::write_text(dir / "w.epd", start + "bm e4; c0 \"7\";\n" +
                                         start + "sm d4; c0 \"12\";\n" +
                                         start + "bm c4; c0 \"many\";\n" +
                                         start + "bm Nf3; c0 \"70000\";\n" +
                                         start + "pm g3; c0 \"-2\";\n" +
                                         start + "bm b3;\n");
  Outcome r = book("build -W --weight-opcode c0 " + quoted(dir / "w.epd") + " -o " +
                   quoted(dir / "w.bin"));
  EXPECT_EQ(r.status, 0) << r.err;
  // At the column of the opcode (the fields and a blank take 53 columns).
  for (const char* place : {"w.epd:3:61:", "w.epd:4:62:", "w.epd:5:61:"})
    EXPECT_NE(r.err.find(std::string(place) + " warning: the weight of c0 is not a whole number"),
              std::string::npos)
        << place << "\n" << r.err;
  EXPECT_NE(r.err.find("6 records, 3 used, 0 rejected, 0 without bm, pm or sm, 3 with a weight "
                       "that is no whole number from 0 to 65535, 3 warnings"),
            std::string::npos)
      << r.err;
  // d4 12, e4 7, b3 1 (no c0: weight 1).
  EXPECT_EQ(testing::raw_entries(testing::read_file(dir / "w.bin")),
            (std::vector<testing::RawEntry>{{0x463b96181691fc9cULL, 0x2DB, 12, 0},
                                            {0x463b96181691fc9cULL, 0x31C, 7, 0},
                                            {0x463b96181691fc9cULL, 0x251, 1, 0}}));
}

// A book that comes out empty is no book: a warning, exit status 1, and no file (a file of that
// name from before is kept).
TEST(BookCommand, AnEmptyBookIsNotWritten) {
  const TempDir dir;
  testing::write_text(dir / "old.bin", "sixteen bytes..\n");
  const Outcome r = book("build " + quoted(testing::data("pgn/suite.pgn")) + " --min-games 1000 -o " +
                         quoted(dir / "old.bin"));
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(r.err.find("the book is empty: not written"), std::string::npos) << r.err;
  EXPECT_EQ(testing::read_file(dir / "old.bin"), "sixteen bytes..\n");
  EXPECT_EQ(book("build -q " + quoted(testing::data("pgn/suite.pgn")) + " --min-games 1000 -o " +
                 quoted(dir / "new.bin"))
                .status,
            1);
  EXPECT_FALSE(std::filesystem::exists(dir / "new.bin"));
}

// A book fenkit builds with its defaults dumps with exit status 0, and its dump builds back to
// the same bytes: the weights travel in c0. The positions the walk from the start cannot reach
// (games from a [FEN] position) are the only ones missing, and the dump counts them.
TEST(BookCommand, DumpBuildsBackToTheSameBook) {
  const TempDir dir;
  std::vector<std::string> archives = {testing::data("pgn/suite.pgn").string(),
                                       testing::data("pgn/lichess-style.pgn").string()};
  if (const auto corpus = testing::optional_corpus("pgn/pychess-testing/world_matches.pgn");
      !corpus.empty())
    archives.push_back(corpus.string());
  const std::string fenkit = std::string("'") + FENKIT_BINARY + "' ";
  for (const std::string& games : archives) {
    SCOPED_TRACE(games);
    for (const std::string& options : {std::string("--min-games 1"), std::string("")}) {
      const auto built = dir / "built.bin", back = dir / "back.bin";
      const Outcome made = book("build -q " + options + " " + quoted(std::filesystem::path(games)) +
                                " -o " + quoted(built));
      if (made.status == 1) continue;  // nothing played often enough: no book
      ASSERT_EQ(made.status, 0) << made.err;
      const Outcome dump = book("dump -W " + quoted(built));
      EXPECT_EQ(dump.status, 0) << dump.err;
      testing::write_text(dir / "dump.epd", dump.out);
      const Outcome rebuilt = book("build " + quoted(dir / "dump.epd") + " -o " + quoted(back));
      EXPECT_EQ(rebuilt.status, 0) << rebuilt.err;
      auto whole = testing::raw_entries(testing::read_file(built));
      auto again = testing::raw_entries(testing::read_file(back));
      // "N of M positions (K entries) were not reached": those K entries are missing.
      std::size_t unreached = 0;
      if (const std::size_t at = dump.err.find(" entries) were not reached");
          at != std::string::npos)
        unreached = std::stoul(dump.err.substr(dump.err.rfind('(', at) + 1));
      ASSERT_EQ(again.size() + unreached, whole.size()) << dump.err;
      if (unreached == 0) {
        EXPECT_EQ(testing::read_file(back), testing::read_file(built));
      }
      const auto by_key_and_move = [](const auto& a, const auto& b) {
        return std::tie(a.key, a.move, a.weight) < std::tie(b.key, b.move, b.weight);
      };
      std::sort(whole.begin(), whole.end(), by_key_and_move);
      std::sort(again.begin(), again.end(), by_key_and_move);
      EXPECT_TRUE(std::includes(whole.begin(), whole.end(), again.begin(), again.end(),
                                by_key_and_move));
      int status = -1;
      testing::run(fenkit + "book dump -q " + quoted(built) + " | " + fenkit +
                       "book build -q -o " + quoted(dir / "piped.bin"),
                   &status);
      EXPECT_EQ(status, 0);
      EXPECT_EQ(testing::read_file(dir / "piped.bin"), testing::read_file(back)) << "through a pipe";
    }
  }
}

TEST(BookCommand, BuildUsageErrors) {
  const TempDir dir;
  testing::write_text(dir / "a.epd", "");
  EXPECT_EQ(book("build " + quoted(dir / "a.epd")).status, 2);  // no -o
  const Outcome r = book("build --only-white --only-black " + quoted(dir / "a.epd") + " -o " +
                         quoted(dir / "x.bin"));
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("fenkit book build: --only-white does not go with --only-black"), std::string::npos) << r.err;
  EXPECT_EQ(book("build --min-games 0 x.pgn -o " + quoted(dir / "x.bin")).status, 2);
  EXPECT_EQ(book("build --min-score 101 x.pgn -o " + quoted(dir / "x.bin")).status, 2);
  EXPECT_EQ(
      book("build --max-ply 5 " + quoted(dir / "a.epd") + " -o " + quoted(dir / "x.bin")).status,
      2);
  EXPECT_EQ(book("build " + quoted(dir / "a.epd") + " x.pgn -o " + quoted(dir / "x.bin")).status,
            2);
  EXPECT_EQ(book("frobnicate").status, 2);
}

}  // namespace
}  // namespace fenkit
