// The words of a comment, as the movetext layout places them (internal).
//
// A word is what lies between blanks (space, tab, line feed, carriage return, form feed,
// vertical tab); a control byte that is not a blank belongs to its word. Besides the words,
// the layout wants to know whether the text is its words joined by single spaces with nothing
// around them (`one_spaced`: a FEN, lichess's "[%eval 0.17] [%clk 0:03:00]"), which can then go
// on a line in one piece, and whether a word after the first starts with '%' or '[' (`joined`),
// which keeps to the word before it.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "byte_search.hpp"

namespace fenkit::pgn::detail {

// Space, tab, line feed, carriage return, form feed, vertical tab: one compare for the bytes
// above the space, which are nearly all there is.
inline bool is_blank(char c) {
  constexpr std::uint64_t kBlanks = (1ULL << ' ') | (1ULL << '\t') | (1ULL << '\n') |
                                    (1ULL << '\r') | (1ULL << '\f') | (1ULL << '\v');
  const auto byte = static_cast<unsigned char>(c);
  return byte <= ' ' && ((kBlanks >> byte) & 1) != 0;
}

// A word that starts with '%' must not begin a line: readers take such a line for an escape
// line and skip it. Whatever the cost in width, it stays with the word before it.
inline bool must_follow_previous_word(std::string_view word) { return word.front() == '%'; }

// A word that starts with '[' had better not begin a line either, where it looks like a tag
// pair to readers that find games by their first tag; it stays with the word before it as
// long as the two fit on a line.
inline bool should_follow_previous_word(std::string_view word) { return word.front() == '['; }

// Whether a word after the first joins the word before it (must or should follow it).
inline bool joins(std::string_view word) {
  return must_follow_previous_word(word) || should_follow_previous_word(word);
}

// The end of the word that starts at `p`: the next blank, or `end`. Sixteen bytes at a time to
// the next byte that may be a blank (a control byte that is not one belongs to the word).
inline const char* word_end(const char* p, const char* end) {
  while ((p = find_space_or_control(p, end)) != end && !is_blank(*p)) ++p;
  return p;
}

// Any text: from blank to blank, sixteen bytes at a time.
inline void split_words_by_search(std::string_view text, std::vector<std::string_view>& words,
                                  bool& one_spaced, bool& joined) {
  words.clear();
  joined = false;
  const char* const end = text.data() + text.size();
  const char* p = text.data();
  one_spaced = p != end && !is_blank(*p);
  while (p != end && is_blank(*p)) ++p;
  while (p != end) {
    const char* const word = p;
    p = word_end(p, end);
    if (!words.empty() && joins({word, 1})) joined = true;
    words.emplace_back(word, std::size_t(p - word));
    if (p == end) break;
    const char* const blank = p;
    while (p != end && is_blank(*p)) ++p;
    if (p == end || p != blank + 1 || *blank != ' ') one_spaced = false;
  }
}

// The same. A text of at most 64 bytes with no byte below the space (nearly every comment:
// lichess's, a FEN) is split from one mask of its spaces, a bit a byte: each word starts where
// a space is followed by another byte and ends at the next space, found by counting bits, where
// looking for each end went byte by byte through the last sixteen bytes of the text.
inline void split_words(std::string_view text, std::vector<std::string_view>& words,
                        bool& one_spaced, bool& joined) {
#if defined(__SSE2__)
  const std::size_t n = text.size();
  if (n == 0 || n > 64) return split_words_by_search(text, words, one_spaced, joined);
  // Only the blocks of sixteen bytes the text reaches into are looked at; the bytes after it
  // count as spaces.
  const int blocks = int(n + 15) / 16;
  alignas(16) char padded[64];
  std::memset(padded + 16 * (blocks - 1), ' ', 16);
  std::memcpy(padded, text.data(), n);
  std::uint64_t spaces = blocks == 4 ? 0 : ~std::uint64_t{0} << (16 * blocks), controls = 0;
  const __m128i space = _mm_set1_epi8(' ');
  for (int i = 0; i < blocks; ++i) {
    const __m128i block = _mm_load_si128(reinterpret_cast<const __m128i*>(padded + 16 * i));
    const auto at = [&](__m128i compared) {
      return std::uint64_t(std::uint32_t(_mm_movemask_epi8(compared))) << (16 * i);
    };
    spaces |= at(_mm_cmpeq_epi8(block, space));
    // Below the space, unsigned: the smaller of it and the space, and not the space.
    controls |= at(_mm_cmpeq_epi8(_mm_min_epu8(block, space), block));
  }
  controls &= ~spaces;
  if (controls) return split_words_by_search(text, words, one_spaced, joined);
  // What follows the text is spaces: every word ends at a space, or (a text of 64 bytes) at its
  // end, where no bit is left (countr_zero of nothing is 64).
  const std::uint64_t inside = ~spaces;  // the bytes of words
  std::uint64_t starts = inside & ~(inside << 1);  // a word's byte first or after a space
  std::uint64_t ends = spaces & (inside << 1);      // a space after a word's byte
  words.clear();
  joined = false;
  while (starts) {
    const int begin = std::countr_zero(starts);
    const int stop = std::countr_zero(ends);
    starts &= starts - 1;
    ends &= ends - 1;
    if (!words.empty() && joins({padded + begin, 1})) joined = true;
    words.emplace_back(text.data() + begin, std::size_t(stop - begin));
  }
  // Single spaces between words and none around them: no two spaces in a row within the text,
  // and neither its first byte nor its last a space.
  const std::uint64_t within = n == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1;
  one_spaced = !(spaces & 1) && !((spaces >> (n - 1)) & 1) && !(spaces & (spaces << 1) & within);
#else
  split_words_by_search(text, words, one_spaced, joined);
#endif
}

}  // namespace fenkit::pgn::detail
