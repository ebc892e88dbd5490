// LineReader: the lines of any input (in memory, in pieces of any size, a file, UTF-16), with a
// UTF-8 byte-order mark skipped at the start only; an input that breaks off gives the whole lines
// before the break, then the error.
#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "fenkit/io/input.hpp"
#include "fenkit/io/line_reader.hpp"
#include "input_files.hpp"

namespace fenkit::io {
namespace {

using fenkit::testing::TempFile;
using fenkit::testing::utf16;

// Hands out its text in pieces of at most `piece` bytes, then fails if `failure` is given.
class PieceInput : public InputSource {
 public:
  PieceInput(std::string_view text, std::size_t piece, std::string failure = {})
      : InputSource("<pieces>"), text_(text), piece_(piece), failure_(std::move(failure)) {}
  std::size_t read(char* buffer, std::size_t size) override {
    const std::size_t n = std::min({size, piece_, text_.size() - pos_});
    std::copy_n(text_.data() + pos_, n, buffer);
    pos_ += n;
    if (n == 0 && !failure_.empty()) throw std::runtime_error(failure_);
    return n;
  }

 private:
  std::string_view text_;
  std::size_t piece_;
  std::size_t pos_ = 0;
  std::string failure_;
};

std::vector<std::string> lines_from(InputSource& input) {
  LineReader reader(input);
  std::vector<std::string> lines;
  std::string_view line;
  while (reader.next(line)) {
    lines.emplace_back(line);
    EXPECT_EQ(reader.line_number(), lines.size());
  }
  return lines;
}

TEST(LineReader, LinesOfEveryKindOfInput) {
  const std::string long_line(200000, 'x');
  const std::string text = "\xEF\xBB\xBF" "first\r\n\nthird\n" + long_line + "\n\xEF\xBB\xBF" "sixth\nlast";
  const std::vector<std::string> expected = {"first\r", "", "third", long_line, "\xEF\xBB\xBF" "sixth", "last"};
  {
    SCOPED_TRACE("memory");
    const auto input = memory_input(text);
    EXPECT_EQ(lines_from(*input), expected);
  }
  for (const std::size_t piece : {1, 2, 7, 65536}) {
    SCOPED_TRACE("pieces of " + std::to_string(piece));
    PieceInput input(text, piece);
    EXPECT_EQ(lines_from(input), expected);
  }
  {
    SCOPED_TRACE("mapped file");
    TempFile file("lines.txt", text);
    EXPECT_EQ(lines_from(*open_input(file.string())), expected);
  }
  {
    SCOPED_TRACE("UTF-16 file");
    TempFile file("lines16.txt", *utf16(text.substr(3), true));
    EXPECT_EQ(lines_from(*open_input(file.string())), expected);
  }
  const auto empty = memory_input("");
  EXPECT_TRUE(lines_from(*empty).empty());
  const auto newline = memory_input("\n");
  EXPECT_EQ(lines_from(*newline), std::vector<std::string>{""});
  const auto bom_only = memory_input("\xEF\xBB\xBF");
  EXPECT_TRUE(lines_from(*bom_only).empty());
}

// An input that breaks off: the whole lines before the break, then the error; the line the
// break cuts is not handed out.
TEST(LineReader, BreakAfterTheWholeLines) {
  for (const std::size_t piece : {1, 3, 4096}) {
    PieceInput input("one\ntwo\nthr", piece, "<pieces>: broken");
    LineReader reader(input);
    std::string_view line;
    ASSERT_TRUE(reader.next(line));
    EXPECT_EQ(line, "one");
    ASSERT_TRUE(reader.next(line));
    EXPECT_EQ(line, "two");
    try {
      reader.next(line);
      ADD_FAILURE() << "no error; got '" << line << "'";
    } catch (const std::runtime_error& e) {
      EXPECT_STREQ(e.what(), "<pieces>: broken");
    }
  }
}

}  // namespace
}  // namespace fenkit::io
