// Test support: taking export-format text apart to check it.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "test_support.hpp"

namespace fenkit::pgn::testing {

struct GameText {
  std::vector<std::string> tags;      // tag pair lines
  std::vector<std::string> movetext;  // movetext lines
};

// Splits export-format text into games: a tag line after a blank line (or first in the
// text) starts a game; the tag lines that follow it are its tags, the other non-blank lines
// up to the next game its movetext. (pgn-extract starts some movetext lines with "[%clk",
// never right after a blank line.)
inline std::vector<GameText> split_games(const std::string& text) {
  std::vector<GameText> games;
  bool previous_blank = true;
  bool in_tags = false;
  for (const std::string& line : fenkit::testing::lines_of(text)) {
    const bool tag_line = !line.empty() && line[0] == '[';
    if (tag_line && previous_blank) {
      games.emplace_back();
      in_tags = true;
    }
    if (tag_line && in_tags) {
      games.back().tags.push_back(line);
    } else if (!line.empty()) {
      in_tags = false;
      if (games.empty()) games.emplace_back();
      games.back().movetext.push_back(line);
    } else {
      in_tags = false;
    }
    previous_blank = line.empty();
  }
  return games;
}

// The movetext as one line of tokens: line breaks and runs of blanks made one space, and no
// space after '(' or before ')'. Two writers that differ only in where they break lines give
// the same string.
inline std::string joined_movetext(const std::vector<std::string>& lines) {
  std::string all;
  for (const std::string& l : lines) all += l + ' ';
  std::string out;
  for (char c : all) {
    if (c == ' ' && (out.empty() || out.back() == ' ' || out.back() == '(')) continue;
    if (c == ')' && !out.empty() && out.back() == ' ') out.pop_back();
    out += c;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

// Checks the line layout of every movetext line of `text`:
// - at most `width` bytes, unless the line is one unbreakable token or ends in a ';'
//   comment;
// - no line starts with '%', '[' or ')', none ends with '(' or a blank;
// - greedy: the first token of a line would not have fitted at the end of the line before
//   (a token: a whitespace-separated word, with "{" joined to the word after it, and "}" and
//   a word starting with '%' or '[' joined to the word before it, as the writer keeps them);
//   a line that ends in a ';' comment may be short.
inline void expect_good_layout(const std::string& text, std::size_t width = 79) {
  for (const GameText& game : split_games(text)) {
    const auto& lines = game.movetext;
    bool in_brace = false;
    for (std::size_t i = 0; i < lines.size(); ++i) {
      const std::string& line = lines[i];
      SCOPED_TRACE("line: " + line);
      ASSERT_FALSE(line.empty());
      // A ';' outside braces comments out the rest of the line.
      bool line_comment = false;
      for (char c : line) {
        if (in_brace) {
          in_brace = c != '}';
        } else if (c == '{') {
          in_brace = true;
        } else if (c == ';') {
          line_comment = true;
          break;
        }
      }
      if (line.size() > width && !line_comment) {
        // Only a word too long for any line, with the brace or parentheses glued to it.
        const std::size_t first = line.find_first_not_of("{( ");
        const std::size_t last = line.find_last_not_of("}) ");
        EXPECT_TRUE(first <= last &&
                    line.substr(first, last - first + 1).find(' ') == std::string::npos)
            << "a long line must be a single token";
      }
      EXPECT_NE(line.front(), '%');
      EXPECT_NE(line.front(), '[');
      EXPECT_NE(line.front(), ')');
      EXPECT_NE(line.back(), '(');
      EXPECT_NE(line.back(), ' ');
      if (i + 1 == lines.size() || line_comment) continue;
      // The first token of the next line.
      std::istringstream words(lines[i + 1]);
      std::vector<std::string> w;
      for (std::string x; words >> x;) w.push_back(x);
      std::string token = w[0];
      std::size_t k = 1;
      while ((token.back() == '{' || token.back() == '(') && k < w.size()) token += " " + w[k++];
      while (k < w.size() && (w[k][0] == '}' || w[k][0] == '%' || w[k][0] == '['))
        token += " " + w[k++];
      EXPECT_GT(line.size() + 1 + token.size(), width)
          << "the next line's first token \"" << token << "\" would have fitted";
    }
  }
}

// Runs pgn-extract on `input` (through a temporary file) and returns what it writes.
inline std::string run_pgn_extract(const std::string& program, const std::string& input,
                                   const std::string& flags = "-s -w79") {
  const std::string name =
      std::string(::testing::UnitTest::GetInstance()->current_test_info()->name());
  const std::filesystem::path file =
      std::filesystem::temp_directory_path() /
      ("fenkit_pgn_" + name + "_" + std::to_string(::getpid()) + ".pgn");
  std::ofstream(file, std::ios::binary) << input;
  int status = 0;
  std::string out =
      fenkit::testing::run(program + " " + flags + " " + file.string() + " 2>/dev/null", &status);
  std::filesystem::remove(file);
  EXPECT_EQ(status, 0) << "pgn-extract failed";
  return out;
}

}  // namespace fenkit::pgn::testing
