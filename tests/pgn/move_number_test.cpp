// The lexer's fast lane reads move numbers eight bytes at a time (read_move_number_ahead): it
// must end every text where the byte-by-byte read_move_number does, or refuse it as it does.
#include <gtest/gtest.h>

#include <string>

#include "movetext_tokens.hpp"

namespace {

using fenkit::pgn::detail::MovetextTokenReader;

void expect_same(const std::string& token, char padding) {
  const std::string text = token + std::string(24, padding);
  const char* end = text.data() + text.size();
  const char* want = MovetextTokenReader::read_move_number(text.data(), end);
  const char* got = MovetextTokenReader::read_move_number_ahead(text.data(), end);
  ASSERT_EQ(got, want) << "'" << token << "' then '" << padding << "' (byte "
                       << int(static_cast<unsigned char>(padding)) << ")";
}

// Every text of up to five bytes from digits, dots, the bytes next to them, bytes with the
// high bit over them ("9" and "." with 0x80 added), delimiters and move letters, followed by
// blanks, dots or digits.
TEST(MoveNumber, ReadAheadEndsNumbersAsByteByByte) {
  const std::string alphabet = std::string("0159./:e N-{\n") + '\xB9' + '\xAE' + '\xC2';
  std::string token;
  std::size_t numbers = 0;
  const auto walk = [&](auto&& self, std::size_t length) -> void {
    if (!token.empty())
      for (char padding : {' ', '.', '1', 'x'}) {
        expect_same(token, padding);
        if (testing::Test::HasFatalFailure()) return;
      }
    const std::string text = token + "  ";
    if (MovetextTokenReader::read_move_number(text.data(), text.data() + text.size())) ++numbers;
    if (length == 5) return;
    for (char c : alphabet) {
      token.push_back(c);
      self(self, length + 1);
      token.pop_back();
      if (testing::Test::HasFatalFailure()) return;
    }
  };
  walk(walk, 0);
  EXPECT_GT(numbers, 1000u);  // the walk reaches numbers, not only refusals
}

// Numbers and runs of dots as long as the eight-byte reads, and longer.
TEST(MoveNumber, ReadAheadTakesLongNumbersAndDotRuns) {
  for (std::size_t digits = 1; digits <= 12; ++digits)
    for (std::size_t dots = 0; dots <= 12; ++dots)
      for (const char* after : {"", "e4", "Nf3", " ", "x", "{", "-0"}) {
        const std::string token = std::string(digits, '7') + std::string(dots, '.') + after;
        for (char padding : {' ', '.', '1'}) expect_same(token, padding);
      }
}

}  // namespace
