#include "fenkit/pgn/detail/output_buffer.hpp"
#include "fenkit/pgn/detail/copy_bytes.hpp"

#include <gtest/gtest.h>

#include <string>

namespace fenkit::pgn::detail {
namespace {

// Every length copy_bytes treats apart (none, one byte, the overlapping fixed-length copies and
// the library call), at several alignments, against the bytes themselves.
TEST(CopyBytes, CopiesEveryLengthExactly) {
  std::string source;
  for (int i = 0; i < 80; ++i) source += char('!' + i);
  for (std::size_t offset = 0; offset < 3; ++offset) {
    for (std::size_t n = 0; n <= 40; ++n) {
      std::string target(48, '.');
      copy_bytes(target.data() + offset, source.data() + offset, n);
      const std::string expected = std::string(offset, '.') + source.substr(offset, n) +
                                   std::string(48 - offset - n, '.');
      EXPECT_EQ(target, expected) << "length " << n << ", offset " << offset;
    }
  }
}

TEST(OutputBuffer, AppendsPiecesOfEveryLengthAcrossGrowth) {
  OutputBuffer out;
  std::string expected;
  for (std::size_t n = 0; n < 3000; ++n) {
    const std::string piece(n % 37, char('a' + n % 26));
    out.append(piece);
    expected += piece;
    if (n % 7 == 0) {
      out.push_back(',');
      expected += ',';
    }
  }
  EXPECT_EQ(out.view(), expected);
  out.clear();
  out.append("");
  EXPECT_EQ(out.size(), 0U);
}

}  // namespace
}  // namespace fenkit::pgn::detail
