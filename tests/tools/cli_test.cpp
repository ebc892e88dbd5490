// The command-line contract every fenkit command shares: numbers checked against their range
// (a usage error naming the option, exit 2, nothing written), combinations that would be
// ignored refused, help pages with examples, `fenkit help COMMAND`, messages that quote input
// safely, and the same summary words everywhere.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "tool_test_support.hpp"

namespace fenkit::tools {
namespace {

using testing::fenkit;
using testing::Outcome;
using testing::quote;
using testing::TempDir;

const std::string kSample = testing::data("pgn/suite.pgn");

struct BadCall {
  std::string args;     // after "fenkit"
  std::string message;  // the usage error expected on standard error
};

// Each of these once crashed, wrapped round to a huge number, or was silently ignored.
const std::vector<BadCall> kBadCalls = {
    {"replay -j -1", "--jobs must be a whole number from 0 to 256, not '-1'"},
    {"replay -j 1000000", "--jobs must be a whole number from 0 to 256, not '1000000'"},
    {"replay -j 40000", "--jobs must be a whole number from 0 to 256, not '40000'"},
    {"check -j -1", "--jobs must be a whole number from 0 to 256, not '-1'"},
    {"epd --from-pgn -j 40000", "--jobs must be a whole number from 0 to 256, not '40000'"},
    {"book build -o /dev/null -j 999", "--jobs must be a whole number from 0 to 256, not '999'"},
    {"replay --every -1", "--every must be a whole number 1 or more, not '-1'"},
    {"replay --every 0", "--every must be a whole number 1 or more, not '0'"},
    {"replay --min-ply -3", "--min-ply must be a whole number 0 or more, not '-3'"},
    {"replay --max-ply 2x", "--max-ply must be a whole number 0 or more, not '2x'"},
    {"replay --min-ply 5 --max-ply 2", "--min-ply is above --max-ply"},
    {"replay --range -5:10", "--range: '-5' is not a byte offset"},
    {"replay --range 10:5", "--range: END is before START"},
    {"replay --game-offset -5", "--game-offset must be a whole number 0 or more, not '-5'"},
    {"replay -f xml", "--format must be one of fen, epd, csv or jsonl, not 'xml'"},
    {"replay --ep sometimes", "--ep must be one of standard or legal, not 'sometimes'"},
    {"replay -f csv --san", "--san only goes with --format fen"},
    {"replay -f jsonl --uci", "--uci only goes with --format fen"},
    {"epd --from-pgn --min-count -1", "--min-count must be a whole number 1 or more, not '-1'"},
    {"epd --from-pgn --min-elo -5", "--min-elo must be a whole number from 0 to 10000, not '-5'"},
    {"epd -j 2", "--jobs only goes with --from-pgn"},
    {"perft --suite F --max-depth -1", "--max-depth must be a whole number from 0 to 30, not '-1'"},
    {"perft --suite F --max-nodes -1", "--max-nodes must be a whole number 0 or more, not '-1'"},
    {"perft --depth -2", "--depth must be a whole number from 0 to 30, not '-2'"},
    {"perft --depth 2 --suite F", "--suite does not go with --depth"},
    {"perft --depth 2 --max-depth 3", "--max-depth only goes with --suite"},
    {"check --syntax-only -f fen", "--syntax-only only goes with PGN input"},
    {"check --relax no_such_problem", "--relax: unknown problem 'no_such_problem'"},
    {"check --relax missing_white_king", "--relax: unknown problem 'missing_white_king'"},
    {"book build -o /dev/null --min-games 0", "--min-games must be a whole number from 1"},
    {"book build -o /dev/null --min-score 101", "--min-score must be a number from 0 to 100"},
    {"book build -o /dev/null --only-white --only-black",
     "--only-white does not go with --only-black"},
    {"book dump --gap -1 x.bin", "--gap must be a whole number from 0 to 64, not '-1'"},
    // A single-valued option given twice, as git refuses it.
    {"replay -f csv -f jsonl", "option '--format' cannot be specified more than once"},
    {"replay -j 1 -j 2", "option '--jobs' cannot be specified more than once"},
    {"pgn --min-elo 2000 --min-elo 2100", "cannot be specified more than once"},
    {"pgn -o a.pgn -o b.pgn", "option '--output' cannot be specified more than once"},
    // Reversed ranges, everywhere.
    {"pgn --date-from 2010.01.01 --date-to 2000.01.01", "--date-from is after --date-to"},
    {"replay --date-from 2010 --date-to 2000", "--date-from is after --date-to"},
    {"pgn --min-plies 40 --max-plies 20", "--min-plies is above --max-plies"},
    {"pgn --games 10-5", "the range is empty"},
    {"epd --from-pgn --ply 9:3", "--ply: the range 9:3 is empty"},
    {"pgn --eco C99-A00", "--eco: 'C99-A00': the range is empty"},
    // One name twice would be two columns (two JSON keys) of one name.
    {"replay -f jsonl --tags White,White", "--tags: 'White' is named twice"},
    {"pgn --keep-tags Event,Site,Event", "--keep-tags: 'Event' is named twice"},
};

TEST(CommandLine, BadValuesAreUsageErrorsNamingTheOption) {
  for (const BadCall& call : kBadCalls) {
    const Outcome r = fenkit(call.args + " " + quote(kSample) + " < /dev/null");
    EXPECT_EQ(r.status, 2) << call.args;
    EXPECT_EQ(r.out, "") << call.args;
    EXPECT_NE(r.err.find(call.message), std::string::npos) << call.args << "\n" << r.err;
    EXPECT_NE(r.err.find("--help')"), std::string::npos) << call.args << "\n" << r.err;
  }
}

// A file written (-o, --rejects, --duplicates) that is also an input, by any name, is refused
// before anything is opened: it would be replaced by what was read from it.
TEST(CommandLine, AnOutputThatIsAnInputIsRefused) {
  TempDir dir;
  const std::string text = fenkit::testing::read_file(testing::data("pgn/suite.pgn"));
  const std::string games = dir.write("games.pgn", text);
  std::filesystem::create_symlink(games, dir.path("link.pgn"));
  const std::string book = dir.write("a.bin", "");
  for (const std::string& command :
       {"pgn " + quote(games) + " -o " + quote(games),
        "pgn -q " + quote(games) + " -o " + quote(dir.path("link.pgn")),
        "pgn --unique " + quote(games) + " --duplicates " + quote(games),
        "replay " + quote(games) + " --rejects " + quote(games),
        "epd --from-pgn " + quote(games) + " --rejects " + quote(games),
        "book build " + quote(games) + " -o " + quote(games)}) {
    SCOPED_TRACE(command);
    const Outcome r = fenkit(command);
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find(" is the input "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("it would be overwritten by what is read from it"), std::string::npos)
        << r.err;
    EXPECT_EQ(fenkit::testing::read_file(games), text);
  }
  fenkit("book build --min-games 1 -o " + quote(book) + " " + quote(games));
  const std::string bytes = fenkit::testing::read_file(book);
  const Outcome merge = fenkit("book merge -o " + quote(book) + " " + quote(book) + " " + quote(book));
  EXPECT_EQ(merge.status, 2);
  EXPECT_EQ(fenkit::testing::read_file(book), bytes);
  // A new file, or one that is no input, is written as before.
  EXPECT_EQ(fenkit("pgn -q " + quote(games) + " -o " + quote(dir.path("out.pgn"))).status, 0);
}

// Names match whatever their case, beyond ASCII too: MÜLLER finds Müller, STRASSE finds Straße.
TEST(Selection, NamesMatchCaseInsensitivelyBeyondAscii) {
  TempDir dir;
  const std::string games = dir.write(
      "names.pgn",
      "[White \"Müller, Hans\"]\n[Black \"Straße, Ødegaard\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n\n"
      "[White \"Muller, Jan\"]\n[Black \"Øst, Per\"]\n[Result \"0-1\"]\n\n1. d4 0-1\n");
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"--player MÜLLER", "1 used"},   {"--player müller", "1 used"},
      {"--white 'müller, hans'", "1 used"}, {"--player MULLER", "1 used"},
      {"--black STRASSE", "1 used"},   {"--black ødegaard", "1 used"},
      {"--player ØST", "1 used"},      {"--tag 'White~MÜLLER, H'", "1 used"},
      {"--player ß", "1 used"},        {"--player Mueller", "0 used"}};
  for (const auto& [option, used] : cases) {
    const Outcome r = fenkit("pgn --count " + option + " " + quote(games));
    EXPECT_NE(r.out.find("2 games, " + used), std::string::npos) << option << "\n" << r.out << r.err;
  }
}

// The manual pages hold every option of every command, the book subcommands' too.
TEST(CommandLine, ManualPagesForEverySubcommand) {
#ifdef FENKIT_MAN_DIR
  const std::vector<std::pair<std::string, std::string>> pages = {
      {"fenkit-replay.1", "game-offset"},   {"fenkit-pgn.1", "duplicates"},
      {"fenkit-book-build.1", "weight-opcode"}, {"fenkit-book-probe.1", "learn"},
      {"fenkit-book-dump.1", "gap"},        {"fenkit-book-merge.1", "first-wins"},
      {"fenkit-book-key.1", "chess960"},    {"fenkit-perft.1", "max-nodes"}};
  for (const auto& [page, option] : pages) {
    const std::string text = fenkit::testing::read_file(std::string(FENKIT_MAN_DIR) + "/" + page);
    std::string written = "\\-\\-";  // roff writes each hyphen of --NAME as \-
    for (const char c : option) written += c == '-' ? std::string("\\-") : std::string(1, c);
    EXPECT_NE(text.find(written), std::string::npos) << page << ": " << written;
  }
#else
  GTEST_SKIP() << "help2man was not found when the build was configured: no manual pages";
#endif
}

// An unknown book subcommand lists the ones there are (no help page of the unknown one).
TEST(CommandLine, UnknownBookSubcommand) {
  const Outcome r = fenkit("book frob");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err.rfind("fenkit book: unknown subcommand 'frob'\n", 0), 0U) << r.err;
  EXPECT_NE(r.err.find("  probe "), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("frob --help"), std::string::npos) << r.err;
}

TEST(CommandLine, HelpShowsNoLimitsAsDefaultsAndEndsWithExamples) {
  for (const char* command : {"replay", "check", "epd", "perft", "book build", "book probe",
                              "book dump", "book merge", "book key"}) {
    const Outcome r = fenkit(std::string(command) + " --help");
    EXPECT_EQ(r.status, 0) << command;
    EXPECT_EQ(r.out.find("4294967295"), std::string::npos) << command;
    EXPECT_EQ(r.out.find("18446744073709551615"), std::string::npos) << command;
    const std::size_t examples = r.out.rfind("\nexamples:\n");
    ASSERT_NE(examples, std::string::npos) << command << "\n" << r.out;
    // Two or three examples, each a command line and what it does.
    const auto lines = fenkit::testing::lines_of(r.out.substr(examples + 11));
    EXPECT_GE(lines.size(), 2U) << command;
    EXPECT_TRUE(lines.front().starts_with("  fenkit ")) << command;
  }
}

TEST(CommandLine, HelpCommandEqualsTheHelpOption) {
  for (const char* command : {"replay", "check", "epd", "perft", "book", "book build"}) {
    const Outcome a = fenkit(std::string("help ") + command);
    const Outcome b = fenkit(std::string(command) + " --help");
    EXPECT_EQ(a.status, 0) << command;
    EXPECT_EQ(a.out, b.out) << command;
    EXPECT_FALSE(a.out.empty()) << command;
  }
}

TEST(CommandLine, HelpListsWhatRelaxAcceptsAndReplaySaysWhatItReads) {
  const std::string check = fenkit("check --help").out;
  for (const char* name : {"fullmove_zero", "pawn_on_back_rank", "too_many_white_pieces"})
    EXPECT_NE(check.find(name), std::string::npos) << name;
  EXPECT_EQ(check.find("missing_white_king"), std::string::npos);  // never accepted
  const std::string replay = fenkit("replay --help").out;
  EXPECT_NE(replay.find("'-'"), std::string::npos);
  EXPECT_NE(replay.find("gzip, bzip2, xz and zstd"), std::string::npos);
}

// A NUL or an ESC in a move token once cut the message short and glued the summary to it.
TEST(Messages, InputQuotedInMessagesIsEscaped) {
  TempDir dir;
  const std::string nul = dir.write("nul.pgn", std::string("1. e4 N\0f3 *\n", 13));
  Outcome r = fenkit("replay " + quote(nul));
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find(":1:7: error: game 1: move 1... not a move: 'N\\x00f3'\n"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("\n1 games, 0 used, 1 rejected"), std::string::npos) << r.err;

  const std::string esc = dir.write("esc.pgn", "1. e4 \x1b[31mNf3 *\n");
  r = fenkit("check " + quote(esc));
  EXPECT_EQ(r.err.find('\x1b'), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("\\x1b"), std::string::npos) << r.err;

  const std::string latin1 = dir.write("latin1.pgn", "1. e4 N\xe9 *\n");
  r = fenkit("check " + quote(latin1));
  EXPECT_NE(r.err.find("'N\\xe9'"), std::string::npos) << r.err;

  const std::string long_token = dir.write("long.pgn", "1. e4 " + std::string(5000, 'Q') + " *\n");
  r = fenkit("check " + quote(long_token));
  EXPECT_NE(r.err.find("'" + std::string(40, 'Q') + "...'"), std::string::npos) << r.err;
  EXPECT_LT(r.err.size(), 400U);
}

// The same event has the same words in every command.
TEST(Messages, AMissingFileIsReportedAlikeEverywhere) {
  TempDir dir;
  const std::string missing = dir.path("missing.pgn");
  for (const std::string& command :
       {std::string("replay"), std::string("check"), std::string("epd --from-pgn"),
        std::string("epd"), "book build -o " + quote(dir.path("b.bin"))}) {
    const Outcome r = fenkit(command + " " + quote(missing));
    EXPECT_EQ(r.status, 2) << command;
    EXPECT_TRUE(r.err.starts_with(missing + ": error: No such file or directory\n"))
        << command << "\n" << r.err;
  }
}

TEST(Messages, QuietSilencesSummariesAndWarningsAndWarningsAskForW) {
  // Two games without a result, each followed by another game (the last game of an input
  // without one may be cut short: an error).
  TempDir dir;
  const std::string input = dir.write(
      "warnings.pgn", fenkit::testing::read_file(testing::data("pgn/quirks/missing-result.pgn")) +
                          "\n[Event \"after\"]\n\n1. e4 *\n");
  for (const std::string command : {"replay", "check", "epd --from-pgn"}) {
    const Outcome quiet = fenkit(command + " -q " + quote(input));
    EXPECT_EQ(quiet.err, "") << command;
    const Outcome plain = fenkit(command + " " + quote(input));
    EXPECT_NE(plain.err.find("3 games, 3 used, 0 rejected, 2 warnings (-W shows them)"),
              std::string::npos)
        << command << "\n" << plain.err;
    EXPECT_EQ(plain.err.find(": warning: "), std::string::npos) << command;
    const Outcome loud = fenkit(command + " -W " + quote(input));
    EXPECT_EQ(testing::lines_with(loud.err, ": warning: game ").size(), 2U) << command;
    EXPECT_NE(loud.err.find("3 games, 3 used, 0 rejected, 2 warnings"), std::string::npos)
        << command;
  }
  const Outcome book = fenkit("book build --min-games 1 -o /dev/null " + quote(input));
  EXPECT_NE(book.err.find("3 games, 3 used, 0 rejected, 2 warnings (-W shows them)"),
            std::string::npos)
      << book.err;
}

}  // namespace
}  // namespace fenkit::tools
