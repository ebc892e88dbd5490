// MovetextTokenReader::read_move_number ends a move number ("12.", "12...", glued to its move as
// in "12.e4") where the rule does, whether sixteen bytes or more follow (read sixteen at a
// look) or fewer (one by one): one or more digits, one or more dots, then the text's end, a
// delimiter or the start of a move; anything else is no move number.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "movetext_tokens.hpp"

namespace {

using fenkit::pgn::detail::is_delimiter;
using fenkit::pgn::detail::is_move_start;
using fenkit::pgn::detail::MovetextTokenReader;

// The rule, byte by byte.
const char* expected_end(const char* p, const char* end) {
  const char* q = p;
  while (q != end && *q >= '0' && *q <= '9') ++q;
  if (q == p || q == end || *q != '.') return nullptr;
  while (q != end && *q == '.') ++q;
  if (q == end || is_delimiter(*q) || is_move_start(*q)) return q;
  return nullptr;
}

std::vector<std::string> numbers() {
  std::vector<std::string> out;
  for (const std::string digits : {"", "1", "9", "10", "99", "123", "0", "12345678901234",
                                   "123456789012345", "1234567890123456", "12345678901234567"})
    for (const std::string dots : {"", ".", "..", "...", "..............", "................"})
      out.push_back(digits + dots);
  return out;
}

TEST(MoveNumber, EndsWhereTheRuleEndsIt) {
  std::size_t numbers_found = 0;
  for (const std::string& number : numbers()) {
    for (const std::string after : {"", " ", "\n", "e4", "Nf3", "O-O", "{", "(", ")", "x", "-",
                                    "1-0", "\xC2\xA0", "\xFF", "/", "*", "!", ".e4", "0"}) {
      // With much text after it (the sixteen-byte look), and at the text's very end, and at
      // every length between.
      const std::string whole = number + after + std::string(20, ' ');
      for (std::size_t cut = number.size(); cut <= whole.size(); ++cut) {
        const std::string text = whole.substr(0, cut);
        const char* begin = text.data();
        const char* end = begin + text.size();
        const char* got = MovetextTokenReader::read_move_number(begin, end);
        const char* want = expected_end(begin, end);
        ASSERT_EQ(got, want) << "'" << number << "' then '" << after << "', " << cut << " bytes";
        if (got) ++numbers_found;
      }
    }
  }
  EXPECT_GT(numbers_found, 1000U);  // the cases are not all refusals
}

// Read with a guessed shape (the lexer's fast lane, sixteen bytes or more at hand), a number
// ends where the rule ends it whatever the guess, and its shape is kept for the next one when
// it is under sixteen bytes long; read again with that shape (the guess confirmed), the same.
TEST(MoveNumber, ReadWithAGuessedShapeEndsWhereTheRuleEndsIt) {
  using Shape = MovetextTokenReader::MoveNumberShape;
  std::vector<Shape> guesses;
  for (unsigned digits = 1; digits <= 14; ++digits)
    for (unsigned dots = 1; digits + dots <= 15; ++dots)
      guesses.push_back(Shape{std::uint8_t(digits), std::uint8_t(dots)});
  std::size_t confirmed = 0;
  for (const std::string& number : numbers()) {
    for (const std::string after : {" ", "\n", "e4", "O-O", "{", ")", "x", "-", "1-0", "\xFF",
                                    "*", "!", ".e4", "0", "  "}) {
      const std::string whole = number + after + std::string(20, ' ');
      for (std::size_t cut = std::max<std::size_t>(number.size(), 16); cut <= whole.size(); ++cut) {
        const std::string text = whole.substr(0, cut);
        const char* begin = text.data();
        const char* end = begin + text.size();
        const char* want = expected_end(begin, end);
        for (const Shape guess : guesses) {
          Shape shape = guess;
          const char* got = MovetextTokenReader::read_move_number(begin, end, shape);
          ASSERT_EQ(got, want) << "'" << number << "' then '" << after << "', " << cut
                               << " bytes, guessed " << int(guess.digits) << "+"
                               << int(guess.dots);
#if defined(__SSE2__)  // (elsewhere numbers are read one byte at a time, and no shape is kept)
          if (!got || got - begin >= 16) {
            EXPECT_EQ(shape.digits, guess.digits);
            EXPECT_EQ(shape.dots, guess.dots);
            continue;
          }
          const std::size_t digits = text.find_first_not_of("0123456789");
          EXPECT_EQ(shape.digits, digits) << number;
          EXPECT_EQ(shape.digits + shape.dots, std::size_t(got - begin)) << number;
          Shape again = shape;
          ASSERT_EQ(MovetextTokenReader::read_move_number(begin, end, again), want) << number;
          confirmed += again.digits == shape.digits && again.dots == shape.dots;
#else
          confirmed += got != nullptr;
#endif
        }
      }
    }
  }
  EXPECT_GT(confirmed, 1000U);  // the cases are not all refusals
}

// Bytes of 0x80 and above (signed below '0') are neither digits nor dots.
TEST(MoveNumber, HighBytesAreNoDigits) {
  for (int c = 0x80; c <= 0xFF; ++c) {
    const std::string text = std::string(1, char(c)) + "2. e4" + std::string(20, ' ');
    EXPECT_EQ(MovetextTokenReader::read_move_number(text.data(), text.data() + text.size()),
              nullptr)
        << c;
    const std::string after = "12." + std::string(1, char(c)) + std::string(20, ' ');
    const char* end = after.data() + after.size();
    EXPECT_EQ(MovetextTokenReader::read_move_number(after.data(), end),
              expected_end(after.data(), end))
        << c;
  }
}

}  // namespace
