#include "fenkit/fen/printable.hpp"

#include <gtest/gtest.h>

#include <string>

using fenkit::fen::printable;
using namespace std::string_literals;

TEST(Printable, PlainTextAndUtf8PassUnchanged) {
  EXPECT_EQ(printable("Nf3"), "Nf3");
  EXPECT_EQ(printable("Réti, Richard"), "Réti, Richard");
  EXPECT_EQ(printable("\xe2\x82\xac 5"), "\xe2\x82\xac 5");        // the euro sign
  EXPECT_EQ(printable("\xf0\x9f\x98\x80"), "\xf0\x9f\x98\x80");    // an emoji, four bytes
}

TEST(Printable, ControlBytesAreEscaped) {
  EXPECT_EQ(printable("N\0f3"s), "N\\x00f3");
  EXPECT_EQ(printable("\x1b[31mred"), "\\x1b[31mred");
  EXPECT_EQ(printable("a\tb\r\n"), "a\\x09b\\x0d\\x0a");
  EXPECT_EQ(printable("\x7f"), "\\x7f");
}

TEST(Printable, InvalidUtf8IsEscapedByteByByte) {
  EXPECT_EQ(printable("caf\xe9"), "caf\\xe9");             // Latin-1
  EXPECT_EQ(printable("\xc0\xaf"), "\\xc0\\xaf");           // overlong '/'
  EXPECT_EQ(printable("\xed\xa0\x80"), "\\xed\\xa0\\x80");  // a surrogate
  EXPECT_EQ(printable("\xf4\x90\x80\x80"), "\\xf4\\x90\\x80\\x80");  // above U+10FFFF
  EXPECT_EQ(printable("\xe2\x82"), "\\xe2\\x82");           // cut short
  EXPECT_EQ(printable("\x80x"), "\\x80x");                  // a lone continuation byte
}

TEST(Printable, LongTextIsCutOnACharacterBoundary) {
  EXPECT_EQ(printable(std::string(100, 'a'), 10), std::string(10, 'a') + "...");
  EXPECT_EQ(printable(std::string(10, 'a'), 10), std::string(10, 'a'));
  // The cut never splits a character: the 3-byte euro sign at bytes 9-11 is kept whole.
  EXPECT_EQ(printable(std::string(9, 'a') + "\xe2\x82\xac" + "bbb", 10),
            std::string(9, 'a') + "\xe2\x82\xac...");
}
