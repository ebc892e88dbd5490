#include "fenkit/pgn/detail/output_buffer.hpp"
#include "fenkit/pgn/detail/copy_bytes.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <string_view>

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

// Grown by realloc far past the sizes the allocator serves from its heap (pages remapped, not
// copied): every byte written before each growth is still there, and release() hands over the
// same bytes and leaves an empty buffer that grows again.
TEST(OutputBuffer, KeepsItsBytesThroughLargeGrowthsAndHandsThemOver) {
  OutputBuffer out;
  std::string expected;
  std::uint32_t value = 12345;
  while (expected.size() < (std::size_t(48) << 20)) {
    const std::size_t n = 1 + value % 5000;
    char* at = out.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
      value = value * 1103515245u + 12345u;
      at[i] = char(value >> 24);
    }
    expected.append(at, n);
    out.commit(n);
  }
  ASSERT_EQ(out.view(), expected);
  const std::size_t size = out.size();
  OutputBuffer::Bytes bytes = out.release();
  ASSERT_NE(bytes, nullptr);
  EXPECT_EQ(std::string_view(bytes.get(), size), expected);
  EXPECT_EQ(out.size(), 0U);
  out.append("again");
  EXPECT_EQ(out.view(), "again");
}

}  // namespace
}  // namespace fenkit::pgn::detail
