// The inline byte searches agree with a plain loop over the bytes, for every byte value at
// every place of a sixteen-byte block and in the tail after the last whole block.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>

#include "byte_search.hpp"

namespace {

using fenkit::pgn::detail::next_movetext_stop;

bool is_movetext_stop(unsigned char c) {
  return std::string_view("\n{;()-/*\xC2").find(char(c)) != std::string_view::npos;
}

TEST(ByteSearch, NextMovetextStopFindsExactlyItsNineBytes) {
  for (std::size_t length : {std::size_t(20), std::size_t(40)}) {  // a tail, whole blocks
    for (std::size_t place = 0; place < length; ++place) {
      for (int byte = 0; byte < 256; ++byte) {
        std::string text(length, 'e');  // a byte that stops nothing
        text[place] = char(byte);
        const char* found = next_movetext_stop(text.data(), text.data() + text.size());
        const std::size_t expected = is_movetext_stop(std::uint8_t(byte)) ? place : length;
        ASSERT_EQ(std::size_t(found - text.data()), expected)
            << "byte " << byte << " at " << place << " of " << length;
      }
    }
  }
}

TEST(ByteSearch, NextMovetextStopTakesTheFirstOfSeveral) {
  const std::string text = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 {x} (6. d3) 1-0\n";
  const char* p = text.data();
  const char* end = p + text.size();
  std::string stops;
  for (const char* q = next_movetext_stop(p, end); q != end; q = next_movetext_stop(q + 1, end))
    stops += *q;
  EXPECT_EQ(stops, "-{()-\n");
}

}  // namespace
