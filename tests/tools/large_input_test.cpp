// Inputs of any size: resident memory that does not grow with the input, and a file that
// changes while it is read ends the run with a message, never a crash.
#include <gtest/gtest.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "tool_test_support.hpp"

extern char** environ;

namespace fenkit::tools {
namespace {

namespace fs = std::filesystem;
using testing::quote;
using testing::TempDir;

// Writes `bytes` or more of PGN (the lichess-style fixture over and over, every game numbered
// apart) without holding it in memory.
std::string write_archive(const TempDir& dir, const std::string& name, std::uint64_t bytes) {
  const std::string game = fenkit::testing::read_file(testing::data("pgn/lichess-style.pgn"));
  const std::string path = dir.path(name);
  std::ofstream out(path, std::ios::binary);
  std::string block;
  while (block.size() < (std::size_t(4) << 20)) block += game + "\n";
  for (std::uint64_t written = 0; written < bytes; written += block.size()) out << block;
  return path;
}

struct MeasuredRun {
  int status = -1;
  long peak_kib = 0;  // the largest resident size the program reached
};

// Runs the program with `args`, its output thrown away, and reports its peak resident size;
// with `address_space_mib`, under that limit of its address space (the shell's ulimit -v).
MeasuredRun run_measured(const std::vector<std::string>& args, long address_space_mib = 0) {
  std::vector<std::string> words = {FENKIT_BINARY};
  if (address_space_mib)
    words = {"/bin/sh", "-c", "ulimit -v " + std::to_string(address_space_mib * 1024) +
                                  " && exec \"$0\" \"$@\"",
             FENKIT_BINARY};
  words.insert(words.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  pid_t pid = 0;
  MeasuredRun run;
  if (posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ) == 0) {
    int status = 0;
    struct rusage usage {};
    ::wait4(pid, &status, 0, &usage);
    run.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    run.peak_kib = usage.ru_maxrss;
  }
  posix_spawn_file_actions_destroy(&actions);
  return run;
}

// A mapping of the whole input kept every page read resident: 3 GB of PGN took 3 GB. The input
// is now read in blocks, and what a command keeps does not grow with it: each command stays
// under 64 MB on an archive of 1 GB, 16 times that (FENKIT_LARGE_INPUT_MB sets another size;
// at 3072 it is the 3 GB of bench/).
TEST(LargeInput, ResidentMemoryDoesNotGrowWithTheInput) {
#if defined(__SANITIZE_ADDRESS__)
  // AddressSanitizer's shadow memory and its quarantine of freed blocks (256 MB) are resident
  // memory of their own: the bound is the plain build's.
  GTEST_SKIP() << "resident memory is not measured under AddressSanitizer";
#endif
  TempDir dir;
  const char* size = std::getenv("FENKIT_LARGE_INPUT_MB");
  const std::uint64_t megabytes = size ? std::strtoull(size, nullptr, 10) : 1024;
  const std::string input = write_archive(dir, "large.pgn", megabytes << 20);
  for (const std::vector<std::string>& command :
       {std::vector<std::string>{"check", "-j2", input}, {"check", "-j1", input},
        {"replay", "-j2", input}, {"replay", "-j2", "-f", "jsonl", "--eval", "--clock", input},
        {"pgn", "-j2", input}, {"epd", "--from-pgn", "--ply", "10", input}}) {
    const MeasuredRun run = run_measured(command);
    SCOPED_TRACE(command[0] + " " + command[1]);
    EXPECT_EQ(run.status, 0);
    EXPECT_LT(run.peak_kib, 64 * 1024) << "peak resident size for " << megabytes << " MB of PGN";
  }
  // A byte range far into the file needs no address space of the file's size: its edges are
  // read around them, not found in a mapping of the whole file.
  const std::uint64_t middle = (megabytes << 20) / 2;
  const MeasuredRun range = run_measured(
      {"replay", "-j1", "--range", std::to_string(middle) + ":" + std::to_string(middle + (1 << 20)),
       input},
      512);
  EXPECT_EQ(range.status, 0) << "a byte range under a 512 MB address space";
  fs::remove(input);
}

// Runs the program as run_measured does, with its standard error kept in `err`.
MeasuredRun run_measured_keeping_errors(const TempDir& dir, std::vector<std::string> args,
                                        std::string& err) {
  const std::string err_path = dir.path("stderr.txt");
  std::vector<std::string> words = {"/bin/sh", "-c", "exec \"$0\" \"$@\" 2> \"$ERR_PATH\"",
                                    FENKIT_BINARY};
  words.insert(words.end(), args.begin(), args.end());
  ::setenv("ERR_PATH", err_path.c_str(), 1);
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  pid_t pid = 0;
  MeasuredRun run;
  if (posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ) == 0) {
    int status = 0;
    struct rusage usage {};
    ::wait4(pid, &status, 0, &usage);
    run.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    run.peak_kib = usage.ru_maxrss;
  }
  posix_spawn_file_actions_destroy(&actions);
  ::unsetenv("ERR_PATH");
  err = fenkit::testing::read_file(err_path);
  return run;
}

// Writes `head`, `count` bytes of `fill` and `tail` to a file, a block at a time.
std::string write_shape(const TempDir& dir, const std::string& name, const std::string& head,
                        char fill, std::uint64_t count, const std::string& tail) {
  const std::string path = dir.path(name);
  std::ofstream out(path, std::ios::binary);
  out << head;
  const std::string block(std::size_t(1) << 20, fill);
  for (std::uint64_t left = count; left;) {
    const std::size_t n = std::size_t(std::min<std::uint64_t>(left, block.size()));
    out.write(block.data(), std::streamsize(n));
    left -= n;
  }
  out << tail;
  return path;
}

// One huge game, of 100 MB: NUL bytes, one line without a game boundary, a valid game whose
// comment holds nearly all of it. Each command refuses it with an error at its place that names
// the limit and its option, in memory bounded by the limit (--max-game-size) and not by the
// input, and reads the game after it; each took time and memory growing with the square of the
// game's size (minutes, and twice the game in memory, for 1 GB of NUL bytes). With the limit
// raised above it, the valid game is read, held once. Linear in the input: a second or so each.
TEST(LargeInput, AGameWithoutEndIsRefusedInBoundedMemory) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "resident memory is not measured under AddressSanitizer";
#endif
  TempDir dir;
  constexpr std::uint64_t kSize = std::uint64_t(100) << 20;
  const std::string next = "\n\n[Event \"next\"]\n\n1. e4 e5 1-0\n";
  const std::string comment_head = "[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 {";
  struct Shape {
    const char* name;
    std::string path;
  };
  const Shape shapes[] = {
      {"NUL bytes", write_shape(dir, "nul.pgn", "", '\0', kSize, next)},
      {"one line", write_shape(dir, "line.pgn", "", 'x', kSize, next)},
      {"a comment", write_shape(dir, "comment.pgn", comment_head, 'c', kSize, "} e5 1-0" + next)},
  };
  // Each shape through two commands, one with the limit lowered; pgn on one.
  struct Run {
    const Shape& shape;
    std::vector<std::string> args;
    const char* limit;
  };
  const Run runs[] = {
      {shapes[0], {"check", "-j1"}, "64 MiB"},
      {shapes[0], {"replay", "-j2", "--max-game-size", "8M"}, "8 MiB"},
      {shapes[1], {"replay", "-j2"}, "64 MiB"},
      {shapes[1], {"pgn", "-j1", "--max-game-size", "8M"}, "8 MiB"},
      {shapes[2], {"pgn", "-j2"}, "64 MiB"},
      {shapes[2], {"check", "-j1", "--max-game-size", "8M"}, "8 MiB"},
  };
  for (const Run& r : runs) {
    std::vector<std::string> args = r.args;
    args.push_back(r.shape.path);
    SCOPED_TRACE(std::string(r.shape.name) + ", " + args[0] + " " + args[1]);
    std::string err;
    const MeasuredRun run = run_measured_keeping_errors(dir, args, err);
    EXPECT_EQ(run.status, 1) << err;
    const std::string expected = r.shape.path +
                                 ":1:1: error: game 1: game longer than the limit of " + r.limit + " (";
    EXPECT_NE(err.find(expected), std::string::npos) << err.substr(0, 600);
    EXPECT_NE(err.find("--max-game-size"), std::string::npos);
    EXPECT_NE(err.find("2 games, 1 used, 1 rejected"), std::string::npos) << err;
    // The limit and a constant, whatever the input's size.
    EXPECT_LT(run.peak_kib, (args.size() > 3 ? 40 : 100) * 1024) << "peak resident size";
  }
  // Raised above it, the valid game is read, and held once (a buffer that doubled by copying
  // held it twice, and more).
  std::string err;
  const MeasuredRun read = run_measured_keeping_errors(
      dir, {"check", "-j1", "--max-game-size", "200M", shapes[2].path}, err);
  EXPECT_EQ(read.status, 0) << err;
  EXPECT_LT(read.peak_kib, 150 * 1024) << "peak resident size for a game of 100 MB";
}

// A file cut short while it is read: the games read before the cut are used, then one error says
// what happened; exit status 2. (A mapped file ended the program with SIGBUS here.)
TEST(LargeInput, AFileCutWhileItIsReadIsAnError) {
  TempDir dir;
  const std::string input = write_archive(dir, "cut.pgn", std::uint64_t(24) << 20);
  const std::string whole = fenkit::testing::run(std::string(FENKIT_BINARY) + " replay -q -j1 " +
                                                 quote(input) + " | head -c 2000000");
  // The output goes to a pipe that is not read for a while, so that the run waits with most of
  // the file unread; then the file is cut to 5 MB and the pipe drained.
  const std::string script =
      std::string("set -o pipefail; { '") + FENKIT_BINARY + "' replay -j1 " + quote(input) +
      " 2> " + quote(dir.path("err.txt")) + "; echo $? > " + quote(dir.path("status.txt")) +
      "; } | { sleep 1; truncate -s 5M " + quote(input) + "; cat > " + quote(dir.path("out.txt")) +
      "; }";
  fenkit::testing::run("bash -c " + quote(script));
  const std::string err = fenkit::testing::read_file(dir.path("err.txt"));
  EXPECT_EQ(fenkit::testing::read_file(dir.path("status.txt")), "2\n") << err;
  EXPECT_NE(err.find(input + ": error: the file changed while it was read"), std::string::npos)
      << err;
  const std::string out = fenkit::testing::read_file(dir.path("out.txt"));
  // The positions of the whole games before the cut, as a run over the whole file writes them.
  EXPECT_GT(out.size(), 100000U);
  EXPECT_EQ(out.substr(0, 1000000), whole.substr(0, std::min<std::size_t>(out.size(), 1000000)));
  EXPECT_EQ(out.back(), '\n');
}

}  // namespace
}  // namespace fenkit::tools
