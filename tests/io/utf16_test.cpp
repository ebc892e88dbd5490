// Text that begins with a UTF-16 byte-order mark is read as UTF-8, from a file, a pipe or
// compressed: a lone surrogate is one replacement character; text that ends inside a character
// was cut short, an error after the bytes before it.
#include <gtest/gtest.h>

#include <string>

#include "fenkit/io/input.hpp"
#include "input_files.hpp"

namespace fenkit::io {
namespace {

using fenkit::testing::drain;
using fenkit::testing::Drained;
using fenkit::testing::TempFile;
using fenkit::testing::utf16;

TEST(Utf16Input, EitherByteOrderIsReadAsUtf8) {
  const std::string text = "[Event \"clef\"]\n\n1. e4 {\xF0\x9D\x84\x9E and \xC3\xA9} *\n";
  for (const bool big : {false, true}) {
    SCOPED_TRACE(big ? "big-endian" : "little-endian");
    TempFile file("utf16.pgn", *utf16(text, big));
    EXPECT_TRUE(open_input(file.string())->mapped().empty()) << "read through the converter";
    EXPECT_EQ(drain(file.string()).bytes, text);
    // One byte at a time: smaller than any character.
    const auto input = open_input(file.string());
    std::string bytes;
    char byte;
    while (input->read(&byte, 1) == 1) bytes += byte;
    EXPECT_EQ(bytes, text);
  }
}

TEST(Utf16Input, BrokenText) {
  const std::string game = "[Event \"x\"]\n\n1. e4 {a";
  std::string wide = *utf16(game, false);
  wide += std::string("\x00\xDC", 2);  // a low surrogate alone
  wide += utf16("b} *\n\n[Event \"y\"]\n\n1. d4 *\n", false)->substr(2);
  TempFile lone("lone-surrogate.pgn", wide);
  const Drained got = drain(lone.string());
  EXPECT_EQ(got.error, "");
  EXPECT_EQ(got.bytes, game + "\xEF\xBF\xBD" + "b} *\n\n[Event \"y\"]\n\n1. d4 *\n");

  TempFile odd("odd-length.pgn", wide + "\n");
  const Drained cut = drain(odd.string());
  EXPECT_EQ(cut.error, odd.string() + ": cannot read UTF-16: the text ends inside a character");
  EXPECT_EQ(cut.bytes, got.bytes);
}

}  // namespace
}  // namespace fenkit::io
