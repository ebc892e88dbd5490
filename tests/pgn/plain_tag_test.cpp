// The short way of reading a tag (grammar::parse_plain_tag) takes exactly the tags the plain
// reading below takes, with the same name, value and end, whether its look ahead settles the
// tag or the byte-by-byte reading does; and it calls a value plain only when it is ASCII.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <string_view>

#include "grammar/pgn_lexical.hpp"

namespace {

using fenkit::pgn::grammar::Tag;
using fenkit::pgn::grammar::ends_tag_name;
using fenkit::pgn::grammar::parse_plain_tag;

// `[Name "value"]` read one byte at a time: the name up to the first byte that ends a name, one
// blank and a quote, the value up to the first quote, backslash or line end, then `"]`.
bool read_plainly(const char*& first, const char* last, Tag& tag) {
  const char* const name = first + 1;
  const char* p = name;
  while (p != last && !ends_tag_name(*p)) ++p;
  if (p == name || last - p < 4 || p[0] != ' ' || p[1] != '"') return false;
  const char* const value = p + 2;
  const char* close = value;
  while (close != last && *close != '"' && *close != '\\' && *close != '\n') ++close;
  if (last - close < 2 || close[0] != '"' || close[1] != ']') return false;
  tag.name = std::string_view(name, std::size_t(p - name));
  tag.value.raw = std::string_view(value, std::size_t(close - value));
  first = close + 2;
  return true;
}

bool is_ascii(std::string_view s) {
  for (char c : s)
    if (static_cast<unsigned char>(c) >= 0x80) return false;
  return true;
}

// A tag line of random parts, most of them the common shape, some a byte or two off.
std::string random_tag(std::mt19937& random) {
  static const std::string kNameBytes =
      "EventSiteDateRoundWhiteBlackResultECOabcXYZ_0123456789";
  static const std::string kOdd = std::string(" \t\r\n\"[]\\\x01\x1a\xA0\xC2\xE9\x7F{}", 16);
  std::uniform_int_distribution<int> percent(0, 99);
  const auto some = [&](const std::string& from) {
    return from[std::uniform_int_distribution<std::size_t>(0, from.size() - 1)(random)];
  };
  std::string line = "[";
  const int name_length = std::uniform_int_distribution<int>(0, 22)(random);
  for (int i = 0; i < name_length; ++i) line += percent(random) < 4 ? some(kOdd) : some(kNameBytes);
  line += percent(random) < 5 ? std::string(1, some(kOdd)) : std::string(" ");
  line += percent(random) < 3 ? some(kOdd) : '"';
  const int value_length = std::uniform_int_distribution<int>(0, 40)(random);
  for (int i = 0; i < value_length; ++i)
    line += percent(random) < 5 ? some(kOdd) : char(std::uniform_int_distribution<int>(' ', '~')(random));
  line += percent(random) < 3 ? some(kOdd) : '"';
  line += percent(random) < 3 ? some(kOdd) : ']';
  line += "\n[Next \"tag\"]\n";
  return line;
}

TEST(PlainTag, ReadsAsThePlainReadingDoes) {
  std::mt19937 random(20261125);
  int taken = 0, plain = 0;
  for (int round = 0; round < 200000; ++round) {
    const std::string line = random_tag(random);
    // With and without room to look ahead: the text ends right after the line, or goes on.
    for (const std::size_t padding : {std::size_t{0}, std::size_t{64}}) {
      const std::string text = line + std::string(padding, 'x');
      const char* a = text.data();
      const char* b = text.data();
      Tag fast, slow;
      const bool fast_ok = parse_plain_tag(a, text.data() + text.size(), fast);
      const bool slow_ok = read_plainly(b, text.data() + text.size(), slow);
      ASSERT_EQ(fast_ok, slow_ok) << line;
      if (!fast_ok) continue;
      ++taken;
      EXPECT_EQ(a, b) << line;
      EXPECT_EQ(fast.name, slow.name) << line;
      EXPECT_EQ(fast.value.raw, slow.value.raw) << line;
      EXPECT_FALSE(fast.value.unclosed);
      if (fast.value.plain) {
        ++plain;
        EXPECT_TRUE(is_ascii(fast.value.raw)) << line;
      }
    }
  }
  // Most lines are of the common shape, and most of their values short and ASCII.
  EXPECT_GT(taken, 100000);
  EXPECT_GT(plain, taken / 4);
}

TEST(PlainTag, ShortAsciiValuesWithRoomArePlain) {
  const std::string text = std::string("[White \"Carlsen, Magnus\"]\n[Black \"M\xC3\xBCller\"]\n") +
                           std::string(64, ' ');
  const char* p = text.data();
  const char* const last = text.data() + text.size();
  Tag tag;
  ASSERT_TRUE(parse_plain_tag(p, last, tag));
  EXPECT_EQ(tag.name, "White");
  EXPECT_EQ(tag.value.raw, "Carlsen, Magnus");
  EXPECT_TRUE(tag.value.plain);
  ++p;  // the line end
  ASSERT_TRUE(parse_plain_tag(p, last, tag));
  EXPECT_EQ(tag.value.raw, "M\xC3\xBCller");
  EXPECT_FALSE(tag.value.plain);
}

}  // namespace
