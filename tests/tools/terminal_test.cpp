// What fenkit does on a terminal: a progress line on standard error (with a percentage and the
// time left when the input's size is known, compressed files included), and a word on how to end
// standard input when it is a terminal. The terminal is a pseudo-terminal made by script(1).
#include <gtest/gtest.h>

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
  for (const char* command : {"check", "replay", "epd"}) {
    const std::string out = on_terminal(command, 2);
    EXPECT_NE(out.find("from standard input; end with Ctrl-D"), std::string::npos)
        << command << "\n" << out;
  }
  // Not when standard input is a file or a pipe.
  EXPECT_EQ(testing::fenkit("check < /dev/null").err.find("Ctrl-D"), std::string::npos);
}

}  // namespace
}  // namespace fenkit::tools
