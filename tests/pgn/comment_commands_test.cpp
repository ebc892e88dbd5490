// The comment commands of lichess exports and other programs: values by hand, malformed
// commands left alone, the text without its commands.
#include "fenkit/pgn/comment_commands.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <optional>
#include <regex>
#include <string>
#include <vector>

namespace fenkit::pgn {
namespace {

TEST(CommentCommands, LichessEvalAndClock) {
  const CommentCommands c = read_comment_commands(" [%eval 0.17] [%clk 0:00:30] ");
  EXPECT_EQ(c.eval_cp, 17);
  EXPECT_EQ(c.mate, std::nullopt);
  EXPECT_EQ(c.clock_ms, 30000U);
  EXPECT_TRUE(c.any);
}

// Comments of commands alone are read in one pass, others by searching them; both ways must
// give the same answers, whichever way a comment goes.
TEST(CommentCommands, CommandsAloneReadAsInsideWords) {
  for (const char* words : {"", " best move"}) {
    const std::string w = words;
    const auto read = [&](const std::string& text) { return read_comment_commands(text + w); };
    EXPECT_EQ(read("[%eval 0.17][%clk 0:00:30]").clock_ms, 30000U) << w;
    EXPECT_EQ(read("[%eval 0.17][%clk 0:00:30]").eval_cp, 17) << w;
    EXPECT_EQ(read("\n[%clk  1:2:3 ]\t").clock_ms, 3723000U) << w;     // any digits, blanks
    EXPECT_EQ(read("[%clk 0:03:00.5]").clock_ms, 180500U) << w;
    EXPECT_EQ(read("[%clk 10:00:00]").clock_ms, 36000000U) << w;
    EXPECT_EQ(read("[%clk 0:03:0x]").clock_ms, std::nullopt) << w;       // not a clock
    EXPECT_EQ(read("[%clk 0:03:0x] [%clk 0:01:00]").clock_ms, 60000U) << w;
    EXPECT_EQ(read("[%clk 0:03:00] [%clk 0:01:00]").clock_ms, 180000U) << w;  // the first
    EXPECT_EQ(read("[%eval 1[%clk 0:00:10]").clock_ms, 10000U) << w;   // "[%eval 1" unclosed
    EXPECT_EQ(read("[%eval 1[%clk 0:00:10]").eval_cp, std::nullopt) << w;
    EXPECT_EQ(read("[%eval\t-0.5]").eval_cp, -50) << w;
    EXPECT_EQ(read("[%evalx 1] [%eval 2]").eval_cp, 200) << w;
    EXPECT_EQ(read("[%eval x] [%eval #2]").mate, 2) << w;
    EXPECT_FALSE(read("[%clk 0:03:00").any) << w;
    EXPECT_FALSE(read("[%eval]").any) << w;
  }
}

TEST(CommentCommands, EvaluationsInCentipawnsFromWhitesView) {
  EXPECT_EQ(read_comment_commands("[%eval -1.5]").eval_cp, -150);
  EXPECT_EQ(read_comment_commands("[%eval 3]").eval_cp, 300);
  EXPECT_EQ(read_comment_commands("[%eval +0.05]").eval_cp, 5);
  EXPECT_EQ(read_comment_commands("[%eval -0.0]").eval_cp, 0);
  EXPECT_EQ(read_comment_commands("[%eval .5]").eval_cp, 50);
  EXPECT_EQ(read_comment_commands("[%eval 0.125]").eval_cp, 13);   // half away from zero
  EXPECT_EQ(read_comment_commands("[%eval -0.125]").eval_cp, -13);
  EXPECT_EQ(read_comment_commands("[%eval 0.124]").eval_cp, 12);
  EXPECT_EQ(read_comment_commands("[%eval 152.71]").eval_cp, 15271);
}

TEST(CommentCommands, MatesAndDepths) {
  CommentCommands c = read_comment_commands("[%eval #-4]");
  EXPECT_EQ(c.mate, -4);
  EXPECT_EQ(c.eval_cp, std::nullopt);
  EXPECT_EQ(read_comment_commands("[%eval #3]").mate, 3);
  EXPECT_EQ(read_comment_commands("[%eval #+3]").mate, 3);
  c = read_comment_commands("[%eval 0.25,22]");
  EXPECT_EQ(c.eval_cp, 25);
  EXPECT_EQ(c.eval_depth, 22U);
  EXPECT_EQ(read_comment_commands("[%eval #-2,30]").mate, -2);
}

TEST(CommentCommands, ClocksWithTenthsAndElapsedTime) {
  EXPECT_EQ(read_comment_commands("[%clk 0:00:05.3]").clock_ms, 5300U);
  EXPECT_EQ(read_comment_commands("[%clk 1:02:03]").clock_ms, 3723000U);
  EXPECT_EQ(read_comment_commands("[%clk 12:00:00.125]").clock_ms, 43200125U);
  // Parts of any length and decimals without digits, as python-chess reads them.
  EXPECT_EQ(read_comment_commands("[%clk 0:0:7]").clock_ms, 7000U);
  EXPECT_EQ(read_comment_commands("[%clk 0:00:5]").clock_ms, 5000U);
  EXPECT_EQ(read_comment_commands("[%clk 0:00:05.]").clock_ms, 5000U);
  EXPECT_EQ(read_comment_commands("[%clk 0:00:90]").clock_ms, 90000U);
  EXPECT_EQ(read_comment_commands("[%clk 0:60:00]").clock_ms, 3600000U);
  EXPECT_EQ(read_comment_commands("[%emt 0:00:07]").elapsed_ms, 7000U);
  EXPECT_EQ(read_comment_commands("[%emt 0:00:07]").clock_ms, std::nullopt);
}

TEST(CommentCommands, ArrowsAndSquaresAsWritten) {
  const CommentCommands c = read_comment_commands("[%csl Gc4,Rd1][%cal Gc2c4,Rd8d1] good");
  EXPECT_EQ(c.squares, "Gc4,Rd1");
  EXPECT_EQ(c.arrows, "Gc2c4,Rd8d1");
  EXPECT_EQ(c.eval_cp, std::nullopt);
}

TEST(CommentCommands, MalformedCommandsGiveNoValue) {
  for (const char* text : {"[%eval abc]", "[%eval 1.2.3]", "[%eval #]", "[%eval #x]", "[%eval ]",
                           "[%eval 0.17,]", "[%eval -]", "[%evaluation 0.17]", "[%eval 0.17",
                           "[% eval 0.17]", "eval 0.17", "[%eval 0.17 [%clk 0:00:30]"}) {
    const CommentCommands c = read_comment_commands(text);
    EXPECT_EQ(c.eval_cp, std::nullopt) << text;
    EXPECT_EQ(c.mate, std::nullopt) << text;
  }
  for (const char* text : {"[%clk 1:2]", "[%clk -0:00:05]", "[%clk]", "[%clk 0:01",
                           "[%clk 0::05]", "[%clk 0:00:05x]", "[%clk 1:2:3:4]", "[%clk 0:00:5.x]",
                           "[%clk 123456:00:00]"}) {
    EXPECT_EQ(read_comment_commands(text).clock_ms, std::nullopt) << text;
  }
  // The unclosed eval does not hide the clock after it.
  EXPECT_EQ(read_comment_commands("[%eval 0.17 [%clk 0:00:30]").clock_ms, 30000U);
}

TEST(CommentCommands, TheFirstOfEachKindCounts) {
  const CommentCommands c = read_comment_commands("[%eval 1] [%eval 2] [%clk 0:00:01] [%clk 0:00:02]");
  EXPECT_EQ(c.eval_cp, 100);
  EXPECT_EQ(c.clock_ms, 1000U);
}

std::string text_of(std::string_view comment) {
  std::string out;
  append_comment_text(out, comment);
  return out;
}

TEST(CommentCommands, TextWithoutCommands) {
  EXPECT_EQ(text_of(" [%eval 0.17] [%clk 0:00:30] "), "");
  EXPECT_EQ(text_of("Inaccuracy. Nf3 was best. [%eval -0.5]"), "Inaccuracy. Nf3 was best.");
  EXPECT_EQ(text_of("a[%clk 0:00:01]b"), "a b");
  EXPECT_EQ(text_of("  spread \n over\tlines  "), "spread over lines");
  EXPECT_EQ(text_of("[%unknown x y] kept [text]"), "kept [text]");
  EXPECT_EQ(text_of("[%clk 0:01 unclosed"), "[%clk 0:01 unclosed");
}

TEST(CommentCommands, Seconds) {
  auto seconds = [](std::uint32_t ms) {
    std::string out;
    append_seconds(out, ms);
    return out;
  };
  EXPECT_EQ(seconds(30000), "30");
  EXPECT_EQ(seconds(5300), "5.3");
  EXPECT_EQ(seconds(3723250), "3723.25");
  EXPECT_EQ(seconds(1), "0.001");
  EXPECT_EQ(seconds(0), "0");
  EXPECT_EQ(seconds(10), "0.01");
  EXPECT_EQ(seconds(100), "0.1");
  EXPECT_EQ(seconds(60050), "60.05");
  EXPECT_EQ(seconds(4294967295u), "4294967.295");
  // Against printf's "%u.%03u" with the trailing zeros (and a bare point) taken off.
  for (std::uint64_t ms = 0; ms <= 4294967295u; ms = ms < 300000 ? ms + 7 : ms * 3 + 1) {
    char text[32];
    std::snprintf(text, sizeof text, "%u.%03u", unsigned(ms / 1000), unsigned(ms % 1000));
    std::string expected = text;
    while (expected.back() == '0') expected.pop_back();
    if (expected.back() == '.') expected.pop_back();
    ASSERT_EQ(seconds(std::uint32_t(ms)), expected) << ms;
  }
}

// Operands in lichess's own shapes ("[%eval -0.22]", "[%clk 0:03:00]") are read by a shortcut;
// the same operand with a blank before its "]" takes the general reading. Both must agree, on
// every shape near the shortcut's (and on those it must leave to the general reading).
TEST(CommentCommands, ShortcutShapesReadAsTheGeneralReading) {
  const std::vector<std::string> evals = {
      "0.17", "-0.22", "0.0", "-0.0", "12.5", "-99.99", "1234.56", "12345.6", "0.125", "-1.5",
      "3", ".5", "-.5", "+0.5", "#3", "#-4", "0.17,22", "1.", "0.1x", "-", "", "00.05", "9999.99"};
  for (const std::string& e : evals) {
    for (const char* clock : {"", " [%clk 0:03:00]"}) {
      const CommentCommands shortcut = read_comment_commands(" [%eval " + e + "]" + clock + " ");
      const CommentCommands general = read_comment_commands(" [%eval " + e + " ]" + clock + " ");
      EXPECT_EQ(shortcut.eval_cp, general.eval_cp) << e;
      EXPECT_EQ(shortcut.mate, general.mate) << e;
      EXPECT_EQ(shortcut.eval_depth, general.eval_depth) << e;
      EXPECT_EQ(shortcut.clock_ms, general.clock_ms) << e;
      EXPECT_EQ(shortcut.any, general.any) << e;
    }
  }
  const std::vector<std::string> clocks = {"0:03:00", "1:59:59", "9:99:99", "0:0:07", "00:03:00",
                                           "0:03:0", "0:03:00.5", "a:03:00", "0:03:0x", "0-03:00"};
  for (const std::string& c : clocks) {
    const CommentCommands shortcut = read_comment_commands("[%clk " + c + "] [%eval 0.5]");
    const CommentCommands general = read_comment_commands("[%clk " + c + " ] [%eval 0.5]");
    EXPECT_EQ(shortcut.clock_ms, general.clock_ms) << c;
    EXPECT_EQ(shortcut.eval_cp, general.eval_cp) << c;
    EXPECT_EQ(shortcut.any, general.any) << c;
  }
  EXPECT_EQ(read_comment_commands("[%eval -0.22]").eval_cp, -22);
  EXPECT_EQ(read_comment_commands("[%clk 1:02:03]").clock_ms, 3723000u);
  // The first of each kind counts, on the shortcut too.
  const CommentCommands twice = read_comment_commands("[%eval 0.5] [%eval 0.7] [%clk 0:00:05] [%clk 0:00:09]");
  EXPECT_EQ(twice.eval_cp, 50);
  EXPECT_EQ(twice.clock_ms, 5000u);
}

// A clock as the documentation says it is read, by a regular expression: three runs of one to
// five digits with colons between, then a point and any digits, or nothing; blanks around it.
std::optional<std::uint32_t> clock_by_pattern(const std::string& text) {
  static const std::regex pattern(
      R"([ \t\r\n]*([0-9]{1,5}):([0-9]{1,5}):([0-9]{1,5})(?:\.([0-9]*))?[ \t\r\n]*)");
  std::smatch m;
  if (!std::regex_match(text, m, pattern)) return std::nullopt;
  std::uint64_t ms = ((std::stoull(m[1]) * 60 + std::stoull(m[2])) * 60 + std::stoull(m[3])) * 1000;
  const std::string tenths = m[4].str() + "000";
  ms += std::stoull(tenths.substr(0, 3));
  if (ms > UINT32_MAX) return std::nullopt;
  return std::uint32_t(ms);
}

// Lichess's clock, "H:MM:SS", is tested as one word: every byte of it changed to every value
// reads as the pattern says, through the shortcut and through the general reading.
TEST(CommentCommands, ClocksWithAnyByteChangedReadAsThePatternSays) {
  const std::string clock = "1:23:45";
  for (std::size_t at = 0; at < clock.size(); ++at) {
    for (int byte = 1; byte < 256; ++byte) {
      std::string changed = clock;
      changed[at] = char(byte);
      if (byte == ']' || byte == '[') continue;  // no longer one command
      const std::optional<std::uint32_t> expected = clock_by_pattern(changed);
      ASSERT_EQ(read_comment_commands(" [%clk " + changed + "] ").clock_ms, expected)
          << at << " " << byte;
      ASSERT_EQ(read_comment_commands("x [%clk " + changed + "]").clock_ms, expected)
          << at << " " << byte;
    }
  }
}

// Several comments after one move: the first of each kind counts, and a comment the one-pass
// reading gives up on part way keeps what that reading took.
TEST(CommentCommands, AddedCommentByComment) {
  CommentCommands c;
  add_comment_commands(c, " [%clk 0:01:00] ");
  EXPECT_EQ(c.clock_ms, 60000U);
  EXPECT_EQ(c.eval_cp, std::nullopt);
  add_comment_commands(c, " [%eval 0.5] [%clk 0:02:00] [%cal Ge2e4] ");
  EXPECT_EQ(c.clock_ms, 60000U);
  EXPECT_EQ(c.eval_cp, 50);
  EXPECT_EQ(c.arrows, "Ge2e4");
  add_comment_commands(c, "[%eval #3] [%csl Rd1]");
  EXPECT_EQ(c.eval_cp, 50);
  EXPECT_EQ(c.mate, std::nullopt);
  EXPECT_EQ(c.squares, "Rd1");
  EXPECT_TRUE(c.any);

  const CommentCommands partway =
      read_comment_commands("[%clk 0:03:00] [%eval 0.17] good [%eval 1]");
  EXPECT_EQ(partway.clock_ms, 180000U);
  EXPECT_EQ(partway.eval_cp, 17);
  CommentCommands none;
  add_comment_commands(none, "just words");
  EXPECT_FALSE(none.any);
}

}  // namespace
}  // namespace fenkit::pgn
