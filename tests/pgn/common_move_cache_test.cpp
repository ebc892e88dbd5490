// The table of common moves ends a move where MovetextTokenReader::read_common_move does, for
// every token and whatever follows it, whether the token is new to it or found there.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "common_move_cache.hpp"

namespace {

using fenkit::fen::SanMove;
using fenkit::pgn::detail::CommonMoveCache;
using fenkit::pgn::detail::MovetextTokenReader;

// Tokens of every shape read_common_move takes, and of shapes it leaves to the general scan.
std::vector<std::string> tokens() {
  std::vector<std::string> out;
  const std::string files = "abcdefgh", ranks = "12345678", pieces = "NBRQK";
  for (char f : files)
    for (char r : ranks) {
      const std::string to{f, r};
      out.push_back(to);                                     // e4 (e8, e1: promotions)
      if (f != 'a') out.push_back(std::string{char(f - 1), 'x'} + to);  // dxe5
      for (char p : pieces) {
        out.push_back(p + to);                               // Nf3
        out.push_back(p + std::string("x") + to);            // Nxf3
        out.push_back(p + std::string{'b'} + to);            // Nbf3
        out.push_back(p + std::string{'1', 'x'} + to);       // N1xf3
      }
    }
  for (const char* odd : {"O-O", "O-O-O", "0-0", "e8=Q", "exd8=N", "Ng1f3", "Ng1-f3", "e2e4",
                          "e2-e4", "Nf3x", "e45", "Kxx", "N", "exd", "Z0", "--", "P", "Pe4"})
    out.push_back(odd);
  std::vector<std::string> with_marks;
  for (const std::string& t : out)
    for (const char* mark : {"", "+", "#", "++", "!", "?!", "+!", "$1", "ep", "."})
      with_marks.push_back(t + mark);
  return with_marks;
}

// Every token followed by each byte below, twice over (new to the table, then found there);
// 16 readable bytes after the token's start, as the lexer guarantees.
TEST(CommonMoveCache, EndsMovesAsTheDecoderDoes) {
  auto cache = std::make_unique<CommonMoveCache>();
  const std::vector<std::string> all = tokens();
  std::size_t hits = 0;
  for (int round = 0; round < 2; ++round) {
    for (const std::string& token : all) {
      for (const char follower : {' ', '\n', '\r', '\t', '{', ')', '(', ';', '\xC2', '\xA0',
                                  '\0', '\x1a', '!', 'x', '-', '1'}) {
        std::string text = token + follower + std::string(24, ' ');
        const std::string what = "'" + token + "' then byte " + std::to_string(int(follower));
        SanMove decoded;
        const char* want = MovetextTokenReader::read_common_move(text.data(), decoded);
        ASSERT_EQ(cache->read(text.data()), want) << what;
        if (want) ++hits;
      }
    }
  }
  // The shapes above are read as moves many times (a test that compared nothing would pass).
  EXPECT_GT(hits, 10000u);
}

// Tokens that share a slot replace each other; an entry is never taken for another token.
TEST(CommonMoveCache, ATokenNeverTakesAnotherTokensEntry) {
  auto cache = std::make_unique<CommonMoveCache>();
  const std::vector<std::string> all = tokens();  // more tokens than the table has slots
  ASSERT_GT(all.size(), 4096u);
  for (int round = 0; round < 3; ++round) {
    for (std::size_t i = 0; i < all.size(); ++i) {
      const std::string& token = all[(i * 7919 + std::size_t(round) * 13) % all.size()];
      std::string text = token + " " + std::string(24, ' ');
      SanMove decoded;
      const char* want = MovetextTokenReader::read_common_move(text.data(), decoded);
      ASSERT_EQ(cache->read(text.data()), want) << token;
    }
  }
}

}  // namespace
