// What fenkit does on a terminal: a progress line on standard error (with a percentage and the
// time left when the input's size is known, compressed files included), and a word on how to end
// standard input when it is a terminal. The terminal is a pseudo-terminal made by script(1).
#include <gtest/gtest.h>

#include <algorithm>
#include <future>
#include <vector>

#include "tool_test_support.hpp"

namespace fenkit::tools {
namespace {

using testing::Outcome;
using testing::quote;
using testing::TempDir;

// Runs `fenkit ARGS` with its standard streams on a pseudo-terminal and returns what it wrote
// there; `seconds` bounds the run (a command waiting for terminal input is then killed).
std::string on_terminal(const std::string& args, int seconds = 20) {
  const std::string script = fenkit::testing::find_program("script");
  if (script.empty()) return {};
  const std::string command = std::string(FENKIT_BINARY) + " " + args;
  return fenkit::testing::run("timeout " + std::to_string(seconds) + " " + script + " -qec " +
                              quote(command) + " /dev/null < /dev/null 2>&1");
}

std::string archive(TempDir& dir, int copies) {
  std::string text;
  const std::string game = fenkit::testing::read_file(testing::data("pgn/lichess-style.pgn"));
  for (int i = 0; i < copies; ++i) text += game + "\n";
  return dir.write("archive.pgn", text);
}

TEST(Terminal, ProgressWithPercentageForEveryLongCommand) {
  FENKIT_REQUIRE_PROGRAM(script, "script");
  TempDir dir;
  const std::string input = archive(dir, 200);
  for (const std::string& command :
       {"replay -j1 " + quote(input) + " > /dev/null", "check -j1 " + quote(input),
        "epd --from-pgn -j1 " + quote(input) + " > /dev/null",
        "book build -j1 -o " + quote(dir.path("b.bin")) + " " + quote(input),
        "pgn -j1 " + quote(input) + " > /dev/null"}) {
    const std::string out = on_terminal(command);
    EXPECT_NE(out.find(" games, "), std::string::npos) << command << "\n" << out;
    EXPECT_NE(out.find("%, 0:0"), std::string::npos) << command << "\n" << out;
    EXPECT_NE(out.find("\r\033[K"), std::string::npos) << command;  // cleared at the end
  }
}

// A progress line on the terminal that standard output writes to would overwrite the beginning
// of the lines written: there is none then, and the lines come out whole.
TEST(Terminal, NoProgressWhereStandardOutputWritesToTheSameTerminal) {
  FENKIT_REQUIRE_PROGRAM(script, "script");
  TempDir dir;
  const std::string input = archive(dir, 200);
  const std::string out = on_terminal("replay -j1 --final " + quote(input));
  EXPECT_EQ(out.find("%, 0:0"), std::string::npos) << out;
  EXPECT_EQ(out.find('\r' + std::string("\033[K")), std::string::npos);
  const auto lines = fenkit::testing::lines_of(out);
  ASSERT_GE(lines.size(), 200U);
  for (std::size_t i = 0; i + 1 < lines.size(); ++i)
    EXPECT_EQ(std::count(lines[i].begin(), lines[i].end(), '/'), 7) << lines[i];
  // A command that writes nothing there (check), or writes elsewhere, shows its progress.
  EXPECT_NE(on_terminal("check -j1 " + quote(input)).find("%, 0:0"), std::string::npos);
  EXPECT_NE(on_terminal("pgn -j1 -o " + quote(dir.path("out.pgn")) + " " + quote(input))
                .find("%, 0:0"),
            std::string::npos);
}

TEST(Terminal, CompressedInputShowsItsPercentageToo) {
  FENKIT_REQUIRE_PROGRAM(script, "script");
  FENKIT_REQUIRE_PROGRAM(gzip, "gzip");
  TempDir dir;
  const std::string input = archive(dir, 200);
  fenkit::testing::run(gzip + " -k " + quote(input));
  const std::string out = on_terminal("check -j1 " + quote(input + ".gz"));
  EXPECT_NE(out.find("%, 0:0"), std::string::npos) << out;
}

TEST(Terminal, NoProgressWhenStandardErrorIsNoTerminalOrWithQuiet) {
  FENKIT_REQUIRE_PROGRAM(script, "script");
  TempDir dir;
  const std::string input = archive(dir, 50);
  EXPECT_EQ(testing::fenkit("check -j1 " + quote(input)).err.find('\r'), std::string::npos);
  EXPECT_EQ(on_terminal("check -q -j1 " + quote(input)).find(" games, "), std::string::npos);
}

TEST(Terminal, StandardInputOnATerminalSaysHowToEndIt) {
  FENKIT_REQUIRE_PROGRAM(script, "script");
  // Each waits for input until it is killed: all at once, so that the test waits once.
  const std::vector<std::string> commands = {"check", "replay", "epd", "pgn", "epd --from-pgn",
                                             "book build -o /dev/null", "perft --suite -"};
  std::vector<std::future<std::string>> runs;
  for (const std::string& command : commands)
    runs.push_back(std::async(std::launch::async, [command] { return on_terminal(command, 2); }));
  for (std::size_t i = 0; i < commands.size(); ++i) {
    const std::string& command = commands[i];
    const std::string out = runs[i].get();
    // Said once, however the input is read.
    std::size_t said = 0;
    for (std::size_t at = out.find("end with Ctrl-D"); at != std::string::npos;
         at = out.find("end with Ctrl-D", at + 1))
      ++said;
    EXPECT_EQ(said, 1U) << command << "\n" << out;
    EXPECT_NE(out.find("from standard input; end with Ctrl-D"), std::string::npos)
        << command << "\n" << out;
  }
  // Not when standard input is a file or a pipe.
  EXPECT_EQ(testing::fenkit("check < /dev/null").err.find("Ctrl-D"), std::string::npos);
}

}  // namespace
}  // namespace fenkit::tools
