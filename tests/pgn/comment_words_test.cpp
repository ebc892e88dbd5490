// The words of a comment: split from a mask of its spaces (texts of up to 64 bytes) and from
// blank to blank, the two ways must agree on every text, word by word, and on whether the text
// is single-spaced and whether a word keeps to the one before it.
#include "comment_words.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

namespace fenkit::pgn::detail {
namespace {

struct Split {
  std::vector<std::string_view> words;
  bool one_spaced = false, joined = false;
};

Split by_mask(std::string_view text) {
  Split s;
  split_words(text, s.words, s.one_spaced, s.joined);
  return s;
}

Split by_search(std::string_view text) {
  Split s;
  split_words_by_search(text, s.words, s.one_spaced, s.joined);
  return s;
}

void expect_same(std::string_view text) {
  const Split a = by_mask(text), b = by_search(text);
  ASSERT_EQ(a.words.size(), b.words.size()) << '"' << text << '"';
  for (std::size_t i = 0; i < a.words.size(); ++i) {
    // The same bytes of the text, not only equal ones.
    EXPECT_EQ(a.words[i].data(), b.words[i].data()) << '"' << text << "\" word " << i;
    EXPECT_EQ(a.words[i].size(), b.words[i].size()) << '"' << text << "\" word " << i;
  }
  EXPECT_EQ(a.one_spaced, b.one_spaced) << '"' << text << '"';
  EXPECT_EQ(a.joined, b.joined) << '"' << text << '"';
}

TEST(CommentWords, TheCommentsOfRealGames) {
  const Split lichess = by_mask("[%eval 0.17] [%clk 0:03:00]");
  ASSERT_EQ(lichess.words.size(), 4U);
  EXPECT_EQ(lichess.words[3], "0:03:00]");
  EXPECT_TRUE(lichess.one_spaced);
  EXPECT_TRUE(lichess.joined);  // "[%clk" keeps to "0.17]"
  const Split fen = by_mask("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  EXPECT_EQ(fen.words.size(), 6U);
  EXPECT_TRUE(fen.one_spaced);
  EXPECT_FALSE(fen.joined);
  const Split spaced = by_mask(" White  resigns ");
  ASSERT_EQ(spaced.words.size(), 2U);
  EXPECT_EQ(spaced.words[0], "White");
  EXPECT_FALSE(spaced.one_spaced);
  for (std::string_view text :
       {"", " ", "a", "a b", "a  b", " a", "a ", "%a %b", "x [y", "tab\there", "line\nend",
        "\x01" "control", "caf\xC3\xA9 au lait",
        "0123456789012345678901234567890123456789012345678901234567890123",    // 64 bytes
        "012345678901234567890123456789012345678901234567890123456789012 4",   // 65
        "01234567890123456789012345678901234567890123456789012345678901 3"})   // 64, two words
    expect_same(text);
}

TEST(CommentWords, BothWaysAgreeOnRandomTexts) {
  std::mt19937 random(2026);
  // Spaces alone between the words (split by the mask when short enough), and other blanks
  // and control bytes too (split by the search).
  for (const std::string alphabet : {"ab%[ ]  \xC3\xA9.", "ab%[ ]  \t\n\x01\xC3\xA9."}) {
    for (int i = 0; i < 20'000; ++i) {
      std::string text(random() % 80, ' ');
      for (char& c : text) c = alphabet[random() % alphabet.size()];
      expect_same(text);
    }
  }
}

}  // namespace
}  // namespace fenkit::pgn::detail
