// Nothing lost on the way out: a write that fails is one message and exit status 2 in every
// command, no output ever lands on an input (by any name, standard input included, --split parts
// too), and a file named by -o appears whole or not at all.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <chrono>
#include <filesystem>
#include <thread>

#include "tool_test_support.hpp"

namespace fenkit::tools {
namespace {

namespace fs = std::filesystem;
using testing::fenkit;
using testing::Outcome;
using testing::quote;
using testing::TempDir;

const std::string kSuite = testing::data("pgn/suite.pgn");
const std::string kSuiteErrors = testing::data("pgn/suite-errors.pgn");
const std::string kEpd = testing::data("epd/suite.epd");
constexpr const char* kFull = "cannot write: No space left on device";

// An archive of `bytes` or more: the lichess-style fixture over and over.
std::string archive(const TempDir& dir, const std::string& name, std::size_t bytes) {
  const std::string game = fenkit::testing::read_file(testing::data("pgn/lichess-style.pgn"));
  std::string text;
  while (text.size() < bytes) text += game + "\n";
  return dir.write(name, text);
}

// The names in a folder.
std::vector<std::string> names_in(const std::string& folder) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(folder))
    names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

std::size_t count(const std::string& text, std::string_view word) {
  std::size_t n = 0;
  for (std::size_t at = text.find(word); at != std::string::npos; at = text.find(word, at + 1)) ++n;
  return n;
}

// A write that fails is one message naming the output and its reason, exit status 2, and no
// summary line (the summary comes after the last write has succeeded). Never an abort.
void expect_one_write_error(const Outcome& r, const std::string& output, const std::string& what) {
  EXPECT_EQ(r.status, 2) << what << "\n" << r.err;
  EXPECT_EQ(count(r.err, output + ": error: " + kFull), 1U) << what << "\n" << r.err;
  EXPECT_EQ(count(r.err, "error: cannot write"), 1U) << what << "\n" << r.err;
  EXPECT_EQ(r.err.find("terminate"), std::string::npos) << what;
  EXPECT_EQ(r.err.find(" used, "), std::string::npos) << what << "\n" << r.err;
}

TEST(OutputSafety, EveryCommandReportsAFullDeviceOnStandardOutput) {
  TempDir dir;
  const std::string big = archive(dir, "big.pgn", 400000);
  const std::string book = dir.path("book.bin");
  ASSERT_EQ(fenkit("book build -q --min-games 1 -o " + quote(book) + " " + quote(big)).status, 0);
  for (const std::string& command :
       std::vector<std::string>{"pgn " + quote(big), "pgn -f jsonl " + quote(big), "pgn --count " + quote(big),
        "replay " + quote(big), "replay -j1 -f csv " + quote(big),
        "epd " + quote(kEpd), "epd --from-pgn " + quote(big),
        "book dump " + quote(book), "book probe " + quote(book),
        "book key rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "perft --depth 2", "perft --depth 2 --divide"}) {
    const Outcome r = fenkit(command + " > /dev/full");
    expect_one_write_error(r, "<stdout>", command);
  }
}

TEST(OutputSafety, EveryNamedOutputReportsAFullDevice) {
  TempDir dir;
  const std::string big = archive(dir, "big.pgn", 400000);
  const std::string dups = dir.write("dups.pgn", fenkit::testing::read_file(big) +
                                                     fenkit::testing::read_file(big));
  const std::string book = dir.path("book.bin");
  ASSERT_EQ(fenkit("book build -q --min-games 1 -o " + quote(book) + " " + quote(big)).status, 0);
  for (const std::string& command :
       std::vector<std::string>{"pgn -o /dev/full " + quote(big), "pgn --unique --duplicates /dev/full " + quote(dups),
        "pgn --rejects /dev/full " + quote(kSuiteErrors),
        "replay --rejects /dev/full " + quote(kSuiteErrors),
        "replay -o /dev/full " + quote(big), "replay -j1 -f csv -o /dev/full " + quote(big),
        "epd --from-pgn --rejects /dev/full " + quote(kSuiteErrors),
        "epd --from-pgn -o /dev/full " + quote(big), "epd -o /dev/full " + quote(kEpd),
        "book dump -o /dev/full " + quote(book),
        "book build --min-games 1 -o /dev/full " + quote(big),
        "book merge -o /dev/full " + quote(book) + " " + quote(book)}) {
    const Outcome r = fenkit(command + " > /dev/null");
    expect_one_write_error(r, "/dev/full", command);
  }
}

// A small file system that fills up: the output is not left behind cut, under its name or a
// temporary one, and a file that was there before is kept as it was.
TEST(OutputSafety, AFullFileSystemLeavesNothingCut) {
  TempDir dir;
  const std::string mount = dir.path("small");
  fs::create_directories(mount);
  int status = -1;
  fenkit::testing::run("mount -t tmpfs -o size=256k tmpfs " + quote(mount) + " 2>/dev/null",
                       &status);
  if (status != 0) GTEST_SKIP() << "cannot mount a small tmpfs here (needs root and mount rights)";
  struct Unmount {
    std::string at;
    ~Unmount() { fenkit::testing::run("umount " + quote(at)); }
  } unmount{mount};
  const std::string big = archive(dir, "big.pgn", 2000000);
  const std::string out = mount + "/out.pgn";
  std::ofstream(out) << "the file before\n";
  const Outcome r = fenkit("pgn -o " + quote(out) + " " + quote(big));
  expect_one_write_error(r, out, "pgn -o on a full file system");
  EXPECT_EQ(fenkit::testing::read_file(out), "the file before\n");
  EXPECT_EQ(names_in(mount), (std::vector<std::string>{"out.pgn"}));
}

// --split names its parts PREFIX-0001.pgn, ...: a part that is an input, by its name, through
// a symbolic link or as a hard link, is refused before anything is written.
TEST(OutputSafety, SplitPartsNeverOverwriteAnInput) {
  TempDir dir;
  const std::string text = fenkit::testing::read_file(archive(dir, "source.pgn", 100000));
  const std::string part = dir.write("sp-0001.pgn", text);
  const std::string later = dir.write("sp-0007.pgn", text);
  fs::create_symlink(later, dir.path("link.pgn"));
  fs::create_hard_link(part, dir.path("hard.pgn"));
  const std::string prefix = dir.path("sp");
  for (const std::string& input : std::vector<std::string>{part, later, dir.path("link.pgn"), dir.path("hard.pgn")}) {
    SCOPED_TRACE(input);
    const Outcome r = fenkit("pgn --split 10 -o " + quote(prefix) + " " + quote(input));
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find("that --split writes is the input"), std::string::npos) << r.err;
    EXPECT_EQ(fenkit::testing::read_file(part), text);
    EXPECT_EQ(fenkit::testing::read_file(later), text);
    EXPECT_FALSE(fs::exists(prefix + "-0002.pgn"));
  }
  // Other outputs may not take a part of the series, through a link either.
  fs::create_symlink(later, dir.path("to-part.pgn"));
  const Outcome linked = fenkit("pgn --split 10 -o " + quote(prefix) + " --rejects " +
                                quote(dir.path("to-part.pgn")) + " " + quote(kSuiteErrors));
  EXPECT_EQ(linked.status, 2);
  EXPECT_NE(linked.err.find("that --split writes"), std::string::npos) << linked.err;
  EXPECT_EQ(fenkit::testing::read_file(later), text);
  // Other outputs may not take a name of the series either.
  const Outcome clash = fenkit("pgn --split 10 -o " + quote(dir.path("new")) + " --rejects " +
                               quote(dir.path("new-0003.pgn")) + " " + quote(part));
  EXPECT_EQ(clash.status, 2);
  EXPECT_NE(clash.err.find("is a name that --split writes"), std::string::npos) << clash.err;
  // A prefix whose parts are no input writes them.
  EXPECT_EQ(fenkit("pgn -q --split 10 -o " + quote(dir.path("new")) + " " + quote(part)).status, 0);
  EXPECT_TRUE(fs::exists(dir.path("new-0001.pgn")));
}

// Standard input or output redirected from or to an input is seen for what it is.
TEST(OutputSafety, RedirectedStandardStreamsAreCheckedToo) {
  TempDir dir;
  const std::string text = fenkit::testing::read_file(kSuite);
  const std::string games = dir.write("g.pgn", text);
  Outcome r = fenkit("pgn -o " + quote(games) + " < " + quote(games));
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find(" is standard input: it would be overwritten"), std::string::npos) << r.err;
  EXPECT_EQ(fenkit::testing::read_file(games), text);
  r = fenkit("replay --rejects " + quote(games) + " - < " + quote(games));
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(fenkit::testing::read_file(games), text);
  // -o of every command that takes it, named as the input.
  for (const std::string command : {"replay", "epd --from-pgn"}) {
    r = fenkit(command + " -o " + quote(games) + " " + quote(games));
    EXPECT_EQ(r.status, 2) << command;
    EXPECT_NE(r.err.find(": it would be overwritten by what is read from it"), std::string::npos)
        << r.err;
    EXPECT_EQ(fenkit::testing::read_file(games), text) << command;
  }
  // Appending to an input (the shell does not empty it) would read what is written.
  r = fenkit("pgn " + quote(games) + " >> " + quote(games));
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("standard output is the input"), std::string::npos) << r.err;
  EXPECT_EQ(fenkit::testing::read_file(games), text);
  // Two outputs that are one file.
  r = fenkit("pgn --rejects " + quote(dir.path("x.pgn")) + " -o " + quote(dir.path("x.pgn")) +
             " " + quote(games));
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("are the same file"), std::string::npos) << r.err;
  // From a pipe, or to a file that is no input, all is well.
  EXPECT_EQ(fenkit("pgn -q -o " + quote(dir.path("copy.pgn")) + " < " + quote(games)).status, 0);
  EXPECT_EQ(fenkit("pgn -q < " + quote(games) + " > " + quote(dir.path("copy2.pgn"))).status, 0);
  EXPECT_EQ(fenkit::testing::read_file(dir.path("copy.pgn")),
            fenkit::testing::read_file(dir.path("copy2.pgn")));
}

// A run that cannot read all its input leaves the files it would have written as they were.
TEST(OutputSafety, AnUnreadableInputLeavesTheOutputsAsTheyWere) {
  TempDir dir;
  const std::string out = dir.write("out.pgn", "the file before\n");
  const std::string rejects = dir.path("rejects.pgn");
  const Outcome r = fenkit("pgn -o " + quote(out) + " --rejects " + quote(rejects) + " " +
                           quote(kSuiteErrors) + " " + quote(dir.path("missing.pgn")));
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find(out + ": error: not written, since an input could not be read whole"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(fenkit::testing::read_file(out), "the file before\n");
  EXPECT_FALSE(fs::exists(rejects));
  EXPECT_EQ(names_in(dir.path("")), (std::vector<std::string>{"out.pgn"}));
}

// A run whose last write fails renames none of its files: not the games, not the parts.
TEST(OutputSafety, AFailedWriteLeavesEveryNamedFileUnwritten) {
  TempDir dir;
  for (const std::string& options : {std::string("-o ") + quote(dir.path("out.pgn")),
                                    "--split 2 -o " + quote(dir.path("part"))}) {
    const Outcome r = fenkit("pgn " + options + " --rejects /dev/full " + quote(kSuiteErrors));
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_EQ(names_in(dir.path("")), std::vector<std::string>{}) << options;
  }
}

// Standard output and error by another name (/dev/stdout, the file a stream is redirected to)
// are written as the streams they are, at their place: never replaced under the shell.
TEST(OutputSafety, StandardStreamsByAnotherNameAreStreams) {
  TempDir dir;
  const std::string log = dir.write("log.txt", "before\n");
  const Outcome r = fenkit("pgn -q -o /dev/stdout " + quote(kSuite) + " >> " + quote(log));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(fenkit::testing::read_file(log), "before\n" + fenkit("pgn -q " + quote(kSuite)).out);
  const std::string err = dir.path("err.txt");
  fenkit::testing::run("'" + std::string(FENKIT_BINARY) + "' pgn -o /dev/null --rejects /dev/stderr " +
                       quote(kSuiteErrors) + " 2> " + quote(err));
  const std::string text = fenkit::testing::read_file(err);
  EXPECT_NE(text.find(": error: game "), std::string::npos) << text;  // the diagnostics stay
  EXPECT_NE(text.find(" games, "), std::string::npos) << text;        // and the summary
  EXPECT_NE(text.find("[Event "), std::string::npos) << text;         // beside the rejects
  // A device may be any number of outputs, and an input too; an empty name is no file.
  EXPECT_EQ(fenkit("pgn -q -o /dev/null --rejects /dev/null " + quote(kSuite)).status, 0);
  EXPECT_EQ(fenkit("pgn -q -o /dev/null /dev/null").status, 0);
  const Outcome empty = fenkit("pgn -o '' " + quote(kSuite));
  EXPECT_EQ(empty.status, 2);
  EXPECT_NE(empty.err.find("-o: the file name is empty"), std::string::npos) << empty.err;
}

// Named files are written under a temporary name beside them: a run ended by a signal leaves
// nothing under the name a user reads (SIGTERM and Ctrl-C remove the temporary file as well).
TEST(OutputSafety, AKilledRunLeavesNoCutFile) {
  TempDir dir;
  const std::string games = archive(dir, "games.pgn", 3000000);
  const std::string fifo = dir.path("in.fifo");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  for (const char* signal : {"TERM", "INT", "KILL"}) {
    SCOPED_TRACE(signal);
    const std::string out = dir.path("out.pgn");
    // The input stays open after 3 MB, so the run is caught in the middle of its work. (Job
    // control, so that the background run does not ignore Ctrl-C's SIGINT as a shell's
    // background jobs otherwise do.)
    const std::string script =
        "set -m; (cat " + quote(games) + "; sleep 30) > " + quote(fifo) + " & feeder=$!; " + "'" +
        std::string(FENKIT_BINARY) + "' pgn -q -o " + quote(out) + " " + quote(fifo) +
        " & run=$!; for i in $(seq 100); do ls -a " + quote(dir.path("")) +
        " | grep -q partial && break; sleep 0.1; done; sleep 0.5; kill -" + signal +
        " $run; wait $run; echo $?; kill $feeder; pkill -P $feeder sleep 2>/dev/null; true";
    const std::string status = fenkit::testing::run("bash -c " + quote(script) + " 2>/dev/null");
    EXPECT_NE(status, "0\n");
    EXPECT_FALSE(fs::exists(out));
    std::size_t partial = 0;
    for (const std::string& name : names_in(dir.path("")))
      if (name.starts_with(".out.pgn.partial-")) {
        ++partial;
        fs::remove(dir.path(name));
      }
    EXPECT_EQ(partial, std::string(signal) == "KILL" ? 1U : 0U);
    fs::remove(out);
  }
}

// The file a run replaces keeps its permissions; a new one gets those the umask gives; a
// symbolic link named by -o stays a link to the file written.
TEST(OutputSafety, ReplacedFilesKeepTheirModeAndLinks) {
  TempDir dir;
  const std::string kept = dir.write("kept.pgn", "old\n");
  fs::permissions(kept, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
  ASSERT_EQ(fenkit("pgn -q -o " + quote(kept) + " " + quote(kSuite)).status, 0);
  EXPECT_EQ(fs::status(kept).permissions() & fs::perms::all,
            fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
  EXPECT_EQ(fenkit::testing::read_file(kept), fenkit("pgn -q " + quote(kSuite)).out);
  const std::string target = dir.write("target.pgn", "old\n");
  fs::create_symlink(target, dir.path("link.pgn"));
  ASSERT_EQ(fenkit("pgn -q -o " + quote(dir.path("link.pgn")) + " " + quote(kSuite)).status, 0);
  EXPECT_TRUE(fs::is_symlink(dir.path("link.pgn")));
  EXPECT_EQ(fenkit::testing::read_file(target), fenkit::testing::read_file(kept));
  const Outcome made = fenkit("pgn -q -o " + quote(dir.path("new.pgn")) + " " + quote(kSuite));
  ASSERT_EQ(made.status, 0);
  const mode_t mask = ::umask(0);
  ::umask(mask);
  EXPECT_EQ(unsigned(fs::status(dir.path("new.pgn")).permissions() & fs::perms::all),
            unsigned(0666 & ~mask));
  // A folder is refused before anything is read.
  const Outcome folder = fenkit("pgn -o " + quote(dir.path("")) + " " + quote(kSuite));
  EXPECT_EQ(folder.status, 2);
  EXPECT_NE(folder.err.find("cannot write"), std::string::npos) << folder.err;
}

// Input that is no text of the kind asked for is an error with its place, never "0 records".
TEST(OutputSafety, BinaryInputIsAnErrorWithItsPlace) {
  TempDir dir;
  const std::string nul = dir.write("nul.epd", std::string(100000, '\0'));
  for (const std::string& command : std::vector<std::string>{"epd", "epd --check", "check", "check -f fen",
                                    "book build -o /dev/null", "perft --suite", "replay", "pgn",
                                    "epd --from-pgn"}) {
    const Outcome r = fenkit(command + " " + quote(nul) + " > /dev/null");
    EXPECT_EQ(r.status, 1) << command << "\n" << r.err;
    EXPECT_NE(r.err.find(nul + ":1:1: error: "), std::string::npos) << command << "\n" << r.err;
    EXPECT_NE(r.err.find(", 0 used, 1 rejected"), std::string::npos) << command << "\n" << r.err;
  }
}

}  // namespace
}  // namespace fenkit::tools
